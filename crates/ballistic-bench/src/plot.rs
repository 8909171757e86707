//! The report's plots: log–log line plots as standalone SVG, drawn with
//! `plotters`' SVG backend.

/// A log–log line plot of several series as a standalone SVG (760 × 440,
/// `plotters`' SVG backend): each axis spans whole decades around the
/// positive points, grid lines at 1, 2 and 5 per decade, the time axis in
/// ms, and the series' legend to the right of the plot.
pub fn svg_plot(title: &str, x_label: &str, series: &[(String, Vec<(f64, f64)>)]) -> String {
    let positive =
        |pts: &[(f64, f64)]| -> Vec<(f64, f64)> { pts.iter().copied().filter(|(x, y)| *x > 0.0 && *y > 0.0).collect() };
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for (x, y) in series.iter().flat_map(|(_, s)| positive(s)) {
        x0 = x0.min(x.log10());
        x1 = x1.max(x.log10());
        y0 = y0.min(y.log10());
        y1 = y1.max(y.log10());
    }
    if x0 > x1 {
        return format!("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>{title}: no data</text></svg>");
    }
    let (x0, x1) = (x0.floor(), x1.ceil().max(x0.floor() + 1.0));
    let (y0, y1) = (y0.floor(), y1.ceil().max(y0.floor() + 1.0));
    let mut out = String::new();
    match draw_plot(&mut out, title, x_label, series, (x0, x1), (y0, y1)) {
        Ok(()) => out + "\n",
        Err(e) => format!("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>{title}: {e}</text></svg>"),
    }
}

/// [`svg_plot`]'s drawing, the axes spanning `10^x0 ..= 10^x1` and `10^y0 ..= 10^y1`.
fn draw_plot(
    out: &mut String,
    title: &str,
    x_label: &str,
    series: &[(String, Vec<(f64, f64)>)],
    (x0, x1): (f64, f64),
    (y0, y1): (f64, f64),
) -> Result<(), String> {
    use plotters::prelude::*;
    let colors = [
        RGBColor(0xd6, 0x27, 0x28),
        RGBColor(0x1f, 0x77, 0xb4),
        RGBColor(0x2c, 0xa0, 0x2c),
        RGBColor(0x94, 0x67, 0xbd),
        RGBColor(0xff, 0x7f, 0x0e),
        RGBColor(0x8c, 0x56, 0x4b),
        RGBColor(0xe3, 0x77, 0xc2),
        RGBColor(0x17, 0xbe, 0xcf),
    ];
    // The SVG backend writes a font size of `size / 1.24`.
    let font = |px: f64| ("sans-serif", px * 1.24);
    let grey = RGBColor(0xee, 0xee, 0xee);
    let frame = RGBColor(0x44, 0x44, 0x44);
    // Grid lines and labels at 1, 2 and 5 per decade.
    let ticks = |lo: f64, hi: f64| -> Vec<f64> {
        ((lo as i32)..=(hi as i32))
            .flat_map(|e| [1.0, 2.0, 5.0].map(|m: f64| m * 10f64.powi(e)))
            .filter(|v| v.log10() <= hi + 1e-9)
            .collect()
    };
    let (width, height, left, right, top, bottom) = (760u32, 440u32, 70u32, 230u32, 40u32, 50u32);
    let root = SVGBackend::with_string(out, (width, height)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    root.draw(&Text::new(title.to_string(), (left as i32, 10), font(15.0))).map_err(|e| e.to_string())?;
    let area = root.margin(top, 0, 0, right);
    let mut chart = ChartBuilder::on(&area)
        .x_label_area_size(bottom)
        .y_label_area_size(left)
        .build_cartesian_2d(
            (10f64.powf(x0)..10f64.powf(x1)).log_scale().with_key_points(ticks(x0, x1)),
            (10f64.powf(y0)..10f64.powf(y1)).log_scale().with_key_points(ticks(y0, y1)),
        )
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("ms (log scale)")
        .x_label_formatter(&|x| format!("{x}"))
        .y_label_formatter(&|y| format!("{y}"))
        .bold_line_style(grey)
        .light_line_style(grey)
        .axis_style(frame)
        .label_style(font(12.0))
        .axis_desc_style(font(12.0))
        .draw()
        .map_err(|e| e.to_string())?;
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    root.draw(&Rectangle::new([(xs.start, ys.start), (xs.end, ys.end)], frame)).map_err(|e| e.to_string())?;
    for (i, (name, pts)) in series.iter().enumerate() {
        let color = colors[i % colors.len()];
        let pts: Vec<(f64, f64)> = pts.iter().copied().filter(|(x, y)| *x > 0.0 && *y > 0.0).collect();
        if pts.is_empty() {
            continue;
        }
        chart.draw_series(LineSeries::new(pts, color.stroke_width(2)).point_size(3)).map_err(|e| e.to_string())?;
        // The legend, beside the plot.
        let (lx, ly) = ((width - right) as i32, (top + 16 + 20 * i as u32) as i32);
        root.draw(&PathElement::new(vec![(lx + 12, ly), (lx + 36, ly)], color.stroke_width(2)))
            .map_err(|e| e.to_string())?;
        root.draw(&Text::new(name.clone(), (lx + 42, ly - 6), font(12.0))).map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::svg_plot;

    #[test]
    fn svg_plot_draws_every_series_on_log_axes() {
        let series = vec![
            ("ballistic".to_string(), vec![(1.0, 0.9), (2.0, 0.6), (4.0, 0.45), (64.0, 0.2)]),
            ("bulletproofs 5".to_string(), vec![(1.0, 1.2), (2.0, 0.8), (4.0, 0.6), (64.0, 0.3)]),
            ("no data".to_string(), vec![(0.0, 1.0), (3.0, 0.0)]),
        ];
        let svg = svg_plot("Verification cost", "values per proof (m)", &series);
        if let Some(path) = std::env::var_os("BALLISTIC_PLOT_SAMPLE") {
            std::fs::write(path, &svg).unwrap();
        }
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
        assert!(svg.contains("width=\"760\"") && svg.contains("height=\"440\""));
        for text in ["Verification cost", "values per proof (m)", "ms (log scale)", "ballistic", "bulletproofs 5"] {
            assert!(svg.contains(&format!(">{text}<")) || svg.contains(&format!(">\n{text}\n<")), "{text}: {svg}");
        }
        // Two series in the first two colours, each a line with a legend
        // line and a dot per point; the series without positive points is
        // left out (no third colour).
        for colour in ["#D62728", "#1F77B4"] {
            let stroke = format!("stroke=\"{colour}\" stroke-width=\"2\" points=");
            assert_eq!(svg.matches(&stroke).count(), 2, "{colour}: {svg}");
        }
        assert_eq!(svg.matches("<circle").count(), 8, "{svg}");
        assert!(!svg.contains("#2CA02C"), "{svg}");
        // Decade ticks of both log axes: 1 to 100 values, 0.1 to 10 ms.
        for tick in ["1", "2", "5", "10", "20", "50", "100", "0.1", "0.2", "0.5"] {
            assert!(svg.contains(&format!(">\n{tick}\n<")), "{tick}: {svg}");
        }
        assert!(!svg.contains(">\n200\n<") && !svg.contains(">\n0.05\n<"), "{svg}");
        assert!(!svg.contains("no data"), "{svg}");
        assert!(svg_plot("Empty", "x", &[("a".into(), vec![(0.0, 0.0)])]).contains("Empty: no data"));
    }
}
