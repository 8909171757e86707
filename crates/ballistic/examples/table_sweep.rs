//! Measure where precomputed tables beat the plain multiscalar
//! multiplication: for each (static, dynamic) size, the ratio precomputed ÷
//! plain of the two variable-time sums over random points and scalars, and
//! what [`Group::precomputed_is_faster`] says. Medians of single calls, the
//! two methods called in turn after a warm-up; table construction is
//! outside the timed region. One thread.
//!
//! `cargo run --release --example table_sweep [-- ristretto255|ed25519|secp256k1]`

use std::time::Instant;

use ballistic::group::{Ed25519, Group, Ristretto255, ScalarOps, Secp256k1};
use rand::{RngCore, SeedableRng};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn sweep<G: Group>() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    println!("{}: ratio precomputed ÷ plain (plain ms); * = precomputed_is_faster\n", G::NAME);
    println!("| static | dynamic 17 | dynamic 34 | dynamic 68 | dynamic 136 |");
    println!("|---|---|---|---|---|");
    for statics in [66, 130, 258, 514, 1026, 2050] {
        let mut cells = Vec::new();
        for dynamics in [17, 34, 68, 136] {
            let points: Vec<G::Point> = (0..statics + dynamics)
                .map(|_| {
                    let mut b = [0u8; 64];
                    rng.fill_bytes(&mut b);
                    G::hash_to_point(&b)
                })
                .collect();
            let scalars: Vec<G::Scalar> = (0..points.len()).map(|_| G::Scalar::random(&mut rng)).collect();
            let table = G::vartime_table(&points[..statics]);
            let samples = if statics > 1000 { 15 } else { 31 };
            let (mut plain, mut pre) = (Vec::new(), Vec::new());
            for i in 0..samples + 3 {
                let t = Instant::now();
                std::hint::black_box(G::msm_vartime(&scalars, &points));
                let a = t.elapsed().as_secs_f64() * 1e3;
                let t = Instant::now();
                std::hint::black_box(G::msm_vartime_precomputed(
                    &table,
                    &scalars[..statics],
                    &scalars[statics..],
                    &points[statics..],
                ));
                let b = t.elapsed().as_secs_f64() * 1e3;
                if i >= 3 {
                    plain.push(a);
                    pre.push(b);
                }
            }
            let (p, q) = (median(&mut plain), median(&mut pre));
            let mark = if G::precomputed_is_faster(statics, dynamics) { "*" } else { "" };
            cells.push(format!("{:.2}{mark} ({p:.2})", q / p));
        }
        println!("| {statics} | {} |", cells.join(" | "));
    }
    println!();
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("ed25519") => sweep::<Ed25519>(),
        Some("secp256k1") => sweep::<Secp256k1>(),
        _ => sweep::<Ristretto255>(),
    }
}
