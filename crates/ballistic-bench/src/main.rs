//! The benchmark report: the paper's Table 2 layout for ballistic's
//! Bulletproofs (BP), Bulletproofs+ (BP+) and Bulletproofs++ (BP++) and their
//! peers, measured in one process, with ratios; the multiscalar-
//! multiplication floor; batches of 1–1000 proofs; the verifier's peak heap;
//! and two SVG plots.
//!
//! ```text
//! cargo run --release -p ballistic-bench -- [--quick] [--out DIR] [--only deployed]
//! scripts/bench [--quick] [--only deployed]    (Grin's C peer with 64-bit limbs)
//! ```
//!
//! `--only deployed` runs only the section *Deployed formats* (ballistic in
//! Grin's format beside Grin's C code, ballistic in Monero's formats beside
//! `monero-bulletproofs`; about 2 minutes, 25 s with `--quick`)
//! and writes it to `DIR/deployed.md`; without it that section is part of
//! the full report. Run it through `scripts/bench` so the Grin peer is
//! the fair 64-bit-limb build (the section states which build it measured).
//!
//! **What is timed** (setup — generators, their precomputed tables, the
//! proofs to verify — is never timed):
//!
//! * *prove*: one proof of the cell's `m` values from a fixed witness,
//!   commitments included;
//! * *verify*: decoding one proof from its bytes, then verifying it;
//! * *verify all*: decoding `k` proofs and verifying them as one batch
//!   (bulletproofs 5, which has no batch verifier: one by one);
//! * *batch marginal* = (verify all − verify) ÷ (`k` − 1).
//!
//! Timing is alternating and reported as medians: each timing repeats its
//! operation for about 0.15 s (0.3 s for batches) and is taken `rounds`
//! times. In the Table-2 rows a contender's verify-one and verify-all
//! timings alternate within each round; in the batch-size sections every
//! contender is timed in turn within each round on the same machine state,
//! so drift on a shared machine hits every column alike. Ratios are
//! ballistic ÷ peer (below 1: ballistic is faster), like for like — BP
//! against bulletproofs 5 and grin, BP+ against tari and monero; BP++, which
//! has no peer of its own, against bulletproofs 5 (prove, verify) and tari
//! (batch marginal), and against grin on secp256k1.

use std::fmt::Write as _;
use std::time::Instant;

use ballistic::curve25519_dalek::ristretto::RistrettoPoint;
use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::{Group, ScalarOps};
use ballistic::Ristretto255;
use ballistic::Secp256k1;
use ballistic_bench::{
    svg_plot, Ballistic, BallisticPlus, BallisticPlusPlus, Bulletproofs5, Grin, MoneroBpPlus, System, TariBpPlus,
};
use rand::{RngCore, SeedableRng};

mod deployed_report;

use deployed_report::{deployed_section, secp256k1_section};

#[global_allocator]
static ALLOC: ballistic_bench::alloc::Counting = ballistic_bench::alloc::Counting;
use ballistic_bench::alloc::peak_heap;

struct Options {
    quick: bool,
    out: std::path::PathBuf,
    /// `Some("deployed")`: only the deployed-formats section.
    only: Option<String>,
}

fn options() -> Options {
    let mut quick = false;
    let mut out = std::path::PathBuf::from("target/bench-report");
    let mut only = None;
    let mut args = std::env::args().skip(1);
    let usage = "usage: ballistic-bench [--quick] [--out DIR] [--only deployed]";
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--out" => out = args.next().map(Into::into).unwrap_or(out),
            "--only" => match args.next().as_deref() {
                Some("deployed") => only = Some("deployed".to_string()),
                other => {
                    eprintln!("unknown section {other:?} for --only; {usage}");
                    std::process::exit(2);
                }
            },
            other => {
                eprintln!("unknown argument {other}; {usage}");
                std::process::exit(2);
            }
        }
    }
    Options { quick, out, only }
}

/// Milliseconds per call of each closure, alternating over `rounds`, median.
fn alternate(rounds: usize, target_s: f64, ops: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    // Calibrate iterations so one timing takes about target_s.
    let iters: Vec<usize> = ops
        .iter_mut()
        .map(|op| {
            let t = Instant::now();
            op();
            let once = t.elapsed().as_secs_f64().max(1e-6);
            ((target_s / once) as usize).clamp(1, 10_000)
        })
        .collect();
    let mut samples = vec![Vec::new(); ops.len()];
    for _ in 0..rounds {
        for ((op, &k), s) in ops.iter_mut().zip(&iters).zip(&mut samples) {
            let t = Instant::now();
            for _ in 0..k {
                op();
            }
            s.push(t.elapsed().as_secs_f64() * 1e3 / k as f64);
        }
    }
    samples
        .into_iter()
        .map(|mut s| {
            s.sort_by(f64::total_cmp);
            s[s.len() / 2]
        })
        .collect()
}

/// A measured row for one contender.
#[derive(Clone, Default)]
struct Row {
    bytes: usize,
    prove: f64,
    verify: f64,
    marginal: f64,
}

/// Run `S` for one cell: prove, verify one (each of the `k` proofs in
/// turn), verify a batch of `k`.
fn measure<S: System>(n: usize, m: usize, k: usize, rounds: usize, seed: u64) -> Option<(Row, S)> {
    if !S::supports(n, m) {
        return None;
    }
    let mut sys = S::setup(n, m, k, seed);
    assert!(sys.verify_one() && sys.verify_all(), "{} rejected its own proofs", S::NAME);
    let bytes = sys.proof_bytes();
    let prove = alternate(rounds, 0.15, &mut [&mut || sys.prove()])[0];
    // Single verifications rotate over the `k` prepared proofs (see
    // `System::verify_nth`).
    let mut next = 0usize;
    let mut one = || {
        next += 1;
        assert!(sys.verify_nth(next));
    };
    let t = alternate(rounds, 0.15, &mut [&mut one, &mut || assert!(sys.verify_all())]);
    let marginal = if k > 1 { (t[1] - t[0]) / (k - 1) as f64 } else { t[0] };
    Some((Row { bytes, prove, verify: t[0], marginal }, sys))
}

/// Which of curve25519-dalek's vector backends this build and CPU run.
// The cfg is curve25519-dalek's, set for every crate by .cargo/config.toml.
#[allow(unexpected_cfgs)]
fn cpu_features() -> &'static str {
    if !cfg!(curve25519_dalek_backend = "avx512") {
        return "not compiled in for this build: RUSTFLAGS replaced .cargo/config.toml";
    }
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512ifma") && std::arch::is_x86_feature_detected!("avx512vl") {
            return "this CPU has AVX-512 IFMA";
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return "this CPU has AVX2, not AVX-512 IFMA";
        }
    }
    "this CPU has neither AVX2 nor AVX-512 IFMA: serial field arithmetic"
}

fn ms(x: f64) -> String {
    if x >= 10.0 {
        format!("{x:.1}")
    } else if x >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

fn random_points(count: usize, rng: &mut rand_chacha::ChaCha20Rng) -> Vec<RistrettoPoint> {
    (0..count)
        .map(|_| {
            let mut b = [0u8; 64];
            rng.fill_bytes(&mut b);
            Ristretto255::hash_to_point(&b)
        })
        .collect()
}

/// The floor of a verification with `statics` generator terms, `dynamics`
/// other terms and `decompress` points to decode: milliseconds of decoding
/// plus the raw multiscalar multiplication, plain and (where ballistic would
/// use it) with a precomputed table for the generators.
fn floor(statics: usize, dynamics: usize, decompress: usize, rounds: usize) -> (f64, f64, Option<f64>) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let points = random_points(statics + dynamics, &mut rng);
    let scalars: Vec<Scalar> = (0..points.len()).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
    let encodings: Vec<_> = points.iter().take(decompress.max(1)).map(Ristretto255::compress).collect();
    let table = <ballistic::Ristretto255 as ballistic::Group>::precomputed_is_faster(statics, dynamics)
        .then(|| Ristretto255::vartime_table(&points[..statics]));
    let mut plain = || {
        std::hint::black_box(Ristretto255::msm_vartime(&scalars, &points));
    };
    let mut decode = || {
        for e in &encodings {
            std::hint::black_box(Ristretto255::decompress(e));
        }
    };
    let t = alternate(rounds, 0.1, &mut [&mut plain, &mut decode]);
    let dec = if decompress == 0 { 0.0 } else { t[1] * decompress as f64 / encodings.len() as f64 };
    let pre = table.map(|table| {
        alternate(
            rounds,
            0.1,
            &mut [&mut || {
                std::hint::black_box(Ristretto255::msm_vartime_precomputed(
                    &table,
                    &scalars[..statics],
                    &scalars[statics..],
                    &points[statics..],
                ));
            }],
        )[0]
    });
    (dec, t[0], pre)
}

fn main() {
    let opt = options();
    let rounds = if opt.quick { 3 } else { 7 };
    if opt.only.as_deref() == Some("deployed") {
        let md = deployed_section(&opt, rounds);
        std::fs::create_dir_all(&opt.out).expect("create output directory");
        std::fs::write(opt.out.join("deployed.md"), &md).expect("write report");
        print!("{md}");
        return;
    }
    let batch_k = if opt.quick { 4 } else { 16 };
    let cells: Vec<(usize, usize)> = if opt.quick {
        vec![(8, 1), (64, 1), (64, 8)]
    } else {
        vec![(8, 1), (16, 1), (32, 1), (64, 1), (64, 2), (64, 4), (64, 8), (64, 16), (64, 32)]
    };
    let mut md = String::new();
    let _ = writeln!(md, "# ballistic benchmark report\n");
    let _ = writeln!(
        md,
        "Medians of {rounds} alternating rounds, one process. Times in ms. Ratio = ballistic ÷ peer (< 1: ballistic faster), \
         like for like: ballistic's Bulletproofs against bulletproofs 5 and grin, ballistic's Bulletproofs+ against tari and monero. \
         ballistic's Bulletproofs++ has no peer of its own: its row carries its ratios, prove and verify ÷ bulletproofs 5 (bp5), \
         batch marginal ÷ tari's. Batch marginal = (verify {batch_k} as a batch − verify 1) ÷ {} (bulletproofs 5 has no batch verifier: one by one). \
         \"verify\" verifies one proof at a time, each of the {batch_k} prepared proofs in turn (repeating one proof lets the branch predictor \
         learn its scalars). Each library is built as this workspace builds it: curve25519-dalek 5 (ballistic, tari) with its AVX-512 IFMA \
         backend compiled in and chosen at run time where the CPU has it ({}), curve25519-dalek 4 (bulletproofs 5) with AVX2.\n",
        batch_k - 1,
        cpu_features()
    );
    let _ = writeln!(
        md,
        "| n | m | system | bytes | prove | verify | batch marginal | prove ratio | verify ratio | marginal ratio |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|");
    let mut per_range: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    let mut series = |name: &str, x: f64, y: f64| {
        if let Some((_, s)) = per_range.iter_mut().find(|(n, _)| n == name) {
            s.push((x, y));
        } else {
            per_range.push((name.to_string(), vec![(x, y)]));
        }
    };
    let mut floor_md = String::new();
    let _ = writeln!(floor_md, "| n | m | terms (generators + other) | decode | MSM plain | MSM precomputed | floor | ballistic verify | verify ÷ floor |");
    let _ = writeln!(floor_md, "|---|---|---|---|---|---|---|---|---|");
    for &(n, m) in &cells {
        eprintln!("cell n={n} m={m} …");
        let seed = (n * 1000 + m) as u64;
        let Some((ours, _)) = measure::<Ballistic>(n, m, batch_k, rounds, seed) else { continue };
        let Some((plus, _)) = measure::<BallisticPlus>(n, m, batch_k, rounds, seed) else { continue };
        let Some((plus_plus, _)) = measure::<BallisticPlusPlus>(n, m, batch_k, rounds, seed) else { continue };
        let bp5 = measure::<Bulletproofs5>(n, m, batch_k, rounds, seed).map(|r| r.0);
        let tari = measure::<TariBpPlus>(n, m, batch_k, rounds, seed).map(|r| r.0);
        // (peer, its row, the ballistic row it is compared with)
        let peers: Vec<(&str, Option<Row>, &Row)> = vec![
            (Bulletproofs5::NAME, bp5.clone(), &ours),
            (TariBpPlus::NAME, tari.clone(), &plus),
            (MoneroBpPlus::NAME, measure::<MoneroBpPlus>(n, m, batch_k, rounds, seed).map(|r| r.0), &plus),
            (Grin::NAME, measure::<Grin>(n, m, batch_k, rounds, seed).map(|r| r.0), &ours),
        ];
        for (name, row) in [("**ballistic**", &ours), ("**ballistic BP+**", &plus)] {
            let _ = writeln!(
                md,
                "| {n} | {m} | {name} | {} | {} | {} | {} | | | |",
                row.bytes,
                ms(row.prove),
                ms(row.verify),
                ms(row.marginal)
            );
        }
        // BP++ has no like-for-like peer: its row carries its own ratios.
        let ratio = |x: f64, peer: &Option<Row>, f: fn(&Row) -> f64, tag: &str| {
            peer.as_ref().map_or(String::new(), |p| format!("{:.2} ({tag})", x / f(p)))
        };
        let _ = writeln!(
            md,
            "| {n} | {m} | **ballistic BP++** | {} | {} | {} | {} | {} | {} | {} |",
            plus_plus.bytes,
            ms(plus_plus.prove),
            ms(plus_plus.verify),
            ms(plus_plus.marginal),
            ratio(plus_plus.prove, &bp5, |r| r.prove, "bp5"),
            ratio(plus_plus.verify, &bp5, |r| r.verify, "bp5"),
            ratio(plus_plus.marginal, &tari, |r| r.marginal, "tari"),
        );
        if n == 64 {
            series("ballistic", m as f64, ours.verify / m as f64);
            series(<BallisticPlus>::NAME, m as f64, plus.verify / m as f64);
            series(<BallisticPlusPlus>::NAME, m as f64, plus_plus.verify / m as f64);
        }
        for (name, row, base) in peers {
            let Some(r) = row else { continue };
            let _ = writeln!(
                md,
                "| {n} | {m} | {name} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} |",
                r.bytes,
                ms(r.prove),
                ms(r.verify),
                ms(r.marginal),
                base.prove / r.prove,
                base.verify / r.verify,
                base.marginal / r.marginal
            );
            if n == 64 {
                series(name, m as f64, r.verify / m as f64);
            }
        }
        // Floor of ballistic's verification of this cell.
        let big_n = (n * m).next_power_of_two();
        let lg = big_n.trailing_zeros() as usize;
        let statics = 2 * big_n;
        let own = m + 4 + 2 * lg;
        let (dec, plain, pre) = floor(statics, own + 2, own, rounds);
        let best = pre.map_or(plain, |p| p.min(plain));
        let _ = writeln!(
            floor_md,
            "| {n} | {m} | {statics} + {} | {} | {} | {} | {} | {} | {:.2} |",
            own + 2,
            ms(dec),
            ms(plain),
            pre.map_or("–".into(), ms),
            ms(dec + best),
            ms(ours.verify),
            ours.verify / (dec + best)
        );
    }
    let _ = writeln!(md, "\n## Floor: decoding the proof's points plus the raw multiscalar multiplication\n");
    md.push_str(&floor_md);

    // Batches of 64-bit proofs.
    let sizes: Vec<usize> = if opt.quick { vec![1, 10, 100] } else { vec![1, 10, 100, 1000] };
    let _ = writeln!(md, "\n## Batches of 64-bit proofs: verification cost per proof (ms)\n");
    let _ = writeln!(md, "| proofs | ballistic | ballistic BP+ | ballistic BP++ | bulletproofs 5 (one by one) | tari BP+ (batch) | grin (batch) | monero BP+ (batch) | ratio bp5 | ratio tari (BP+) | ratio tari (BP++) | ratio grin | ratio monero (BP+) | floor (BP) | ballistic ÷ floor |");
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut per_batch: Vec<(String, Vec<(f64, f64)>)> = [
        "ballistic",
        <BallisticPlus>::NAME,
        <BallisticPlusPlus>::NAME,
        Bulletproofs5::NAME,
        TariBpPlus::NAME,
        Grin::NAME,
        MoneroBpPlus::NAME,
    ]
    .iter()
    .map(|s| (s.to_string(), vec![]))
    .collect();
    let mut tari_marginal = None;
    let mut ours_marginal = None;
    let mut last: Option<(usize, f64, f64, f64, f64)> = None;
    for &k in &sizes {
        eprintln!("batch of {k} …");
        let r = rounds.min(if k >= 1000 { 3 } else { rounds });
        let a = <Ballistic>::setup(64, 1, k, 11);
        let a_plus = <BallisticPlus>::setup(64, 1, k, 15);
        let a_pp = <BallisticPlusPlus>::setup(64, 1, k, 17);
        let b = Bulletproofs5::setup(64, 1, k, 12);
        let c = TariBpPlus::setup(64, 1, k, 13);
        let d = Grin::setup(64, 1, k, 14);
        let e = MoneroBpPlus::setup(64, 1, k, 16);
        let t = alternate(
            r,
            0.3,
            &mut [
                &mut || assert!(a.verify_all()),
                &mut || assert!(a_plus.verify_all()),
                &mut || assert!(a_pp.verify_all()),
                &mut || assert!(b.verify_all()),
                &mut || assert!(c.verify_all()),
                &mut || assert!(d.verify_all()),
                &mut || assert!(e.verify_all()),
            ],
        );
        let per: Vec<f64> = t.iter().map(|x| x / k as f64).collect();
        let own = 17 * k;
        let (dec, plain, pre) = floor(130, own + 2, own, r.min(3));
        let fl = (dec + pre.map_or(plain, |p| p.min(plain))) / k as f64;
        let _ = writeln!(
            md,
            "| {k} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {} | {:.2} |",
            ms(per[0]),
            ms(per[1]),
            ms(per[2]),
            ms(per[3]),
            ms(per[4]),
            ms(per[5]),
            ms(per[6]),
            per[0] / per[3],
            per[1] / per[4],
            per[2] / per[4],
            per[0] / per[5],
            per[1] / per[6],
            ms(fl),
            per[0] / fl
        );
        for (s, y) in per_batch.iter_mut().zip(&per) {
            s.1.push((k as f64, *y));
        }
        if let Some((k0, a0, p0, pp0, c0)) = last {
            let d = (k - k0) as f64;
            ours_marginal = Some(((t[0] - a0) / d, (t[1] - p0) / d, (t[2] - pp0) / d));
            tari_marginal = Some((t[4] - c0) / d);
        }
        last = Some((k, t[0], t[1], t[2], t[4]));
    }
    if let (Some((o, op, opp)), Some(tm)) = (ours_marginal, tari_marginal) {
        let (k0, k1) = (sizes[sizes.len() - 2], sizes[sizes.len() - 1]);
        let _ = writeln!(
            md,
            "\nMarginal cost per extra proof between batches of {k0} and {k1}: ballistic {} ms, ballistic BP+ {} ms, \
             ballistic BP++ {} ms, tari BP+ {} ms; ratios to tari {:.2} (BP), {:.2} (BP+) and {:.2} (BP++).",
            ms(o),
            ms(op),
            ms(opp),
            ms(tm),
            o / tm,
            op / tm,
            opp / tm
        );
    }

    md.push_str(&secp256k1_section(&opt, rounds, batch_k));
    md.push_str(&deployed_section(&opt, rounds));

    // Memory of verifying one 64-bit proof (generators and tables built before).
    let a = <Ballistic>::setup(64, 1, 1, 21);
    let a_plus = <BallisticPlus>::setup(64, 1, 1, 24);
    let a_pp = <BallisticPlusPlus>::setup(64, 1, 1, 25);
    let b = Bulletproofs5::setup(64, 1, 1, 22);
    let c = TariBpPlus::setup(64, 1, 1, 23);
    let (pa, pb, pc) = (peak_heap(|| a.verify_one()), peak_heap(|| b.verify_one()), peak_heap(|| c.verify_one()));
    let pa_plus = peak_heap(|| a_plus.verify_one());
    let pa_pp = peak_heap(|| a_pp.verify_one());
    let _ = writeln!(md, "\n## Peak heap while verifying one 64-bit proof (generators and tables excluded)\n");
    let _ = writeln!(
        md,
        "| ballistic | ballistic BP+ | ballistic BP++ | bulletproofs 5 | tari BP+ | ballistic generator table (shared, built once) |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|");
    let _ = writeln!(
        md,
        "| {:.1} KiB | {:.1} KiB | {:.1} KiB | {:.1} KiB | {:.1} KiB | {:.0} KiB |",
        pa as f64 / 1024.0,
        pa_plus as f64 / 1024.0,
        pa_pp as f64 / 1024.0,
        pb as f64 / 1024.0,
        pc as f64 / 1024.0,
        a.gens().vector().table_bytes() as f64 / 1024.0
    );

    md.push_str(&prove_heap_section(&opt));

    std::fs::create_dir_all(&opt.out).expect("create output directory");
    let svg_m =
        svg_plot("Verification cost per range proof, 64-bit (ms per value)", "values per proof (m)", &per_range);
    let svg_b = svg_plot("Batch verification cost per 64-bit proof (ms)", "proofs in the batch", &per_batch);
    std::fs::write(opt.out.join("verify_per_value_vs_m.svg"), svg_m).expect("write plot");
    std::fs::write(opt.out.join("verify_per_proof_vs_batch.svg"), svg_b).expect("write plot");
    let _ = writeln!(
        md,
        "\nPlots: `{}` and `{}`.",
        opt.out.join("verify_per_value_vs_m.svg").display(),
        opt.out.join("verify_per_proof_vs_batch.svg").display()
    );
    std::fs::write(opt.out.join("report.md"), &md).expect("write report");
    print!("{md}");
}

/// Peak heap of one proof's proving (generators and tables built before):
/// ballistic's three systems on both groups beside bulletproofs 5 and tari.
fn prove_heap_section(opt: &Options) -> String {
    fn kib<S: System>(n: usize, m: usize, seed: u64) -> String {
        let mut s = S::setup(n, m, 1, seed);
        let peak = peak_heap(|| {
            s.prove();
            true
        });
        format!("{:.1} KiB", peak as f64 / 1024.0)
    }
    let mut md = String::new();
    let _ = writeln!(md, "\n## Peak heap while proving (generators and tables excluded)\n");
    let _ = writeln!(
        md,
        "| n × m | ballistic | ballistic BP+ | ballistic BP++ | bulletproofs 5 | tari BP+ | ballistic secp256k1 | ballistic BP+ secp256k1 | ballistic BP++ secp256k1 |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|");
    let cells: &[(usize, usize)] = if opt.quick { &[(64, 1), (64, 16)] } else { &[(64, 1), (64, 4), (64, 16)] };
    for &(n, m) in cells {
        let _ = writeln!(
            md,
            "| {n} × {m} | {} | {} | {} | {} | {} | {} | {} | {} |",
            kib::<Ballistic>(n, m, 41),
            kib::<BallisticPlus>(n, m, 42),
            kib::<BallisticPlusPlus>(n, m, 43),
            kib::<Bulletproofs5>(n, m, 44),
            kib::<TariBpPlus>(n, m, 45),
            kib::<Ballistic<Secp256k1>>(n, m, 46),
            kib::<BallisticPlus<Secp256k1>>(n, m, 47),
            kib::<BallisticPlusPlus<Secp256k1>>(n, m, 48),
        );
    }
    md
}
