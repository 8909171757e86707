//! The benchmark report's sections beside Grin's and Monero's code (a module
//! of the report binary, `src/main.rs`): ballistic on secp256k1 beside
//! Grin's C Bulletproofs, and ballistic in the deployed formats.

use std::fmt::Write as _;

use ballistic::Secp256k1;
use ballistic_bench::{
    Ballistic, BallisticGrin, BallisticMoneroOriginal, BallisticMoneroPlus, BallisticPlus, BallisticPlusPlus, Grin,
    MoneroBpOriginal, MoneroBpPlus, System,
};

use super::{alternate, measure, ms, Options};

/// ballistic on secp256k1 beside grin's C Bulletproofs (libsecp256k1-zkp):
/// 64-bit single proofs and batches (grin), aggregated shapes (ballistic
/// only: grin's Rust API proves one value per proof).
pub(crate) fn secp256k1_section(opt: &Options, rounds: usize, batch_k: usize) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "\n## secp256k1: ballistic beside grin (C Bulletproofs, libsecp256k1-zkp)\n");
    let _ = writeln!(md, "Grin peer build: {}.\n", env!("BALLISTIC_GRIN_BUILD"));
    let _ = writeln!(
        md,
        "| n | m | system | bytes | prove | verify | batch marginal | prove ratio | verify ratio | marginal ratio |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|");
    let cells: &[(usize, usize)] = if opt.quick { &[(64, 1), (64, 8)] } else { &[(64, 1), (64, 2), (64, 8), (64, 32)] };
    for &(n, m) in cells {
        eprintln!("secp256k1 cell n={n} m={m} …");
        let seed = (n * 1000 + m) as u64 + 5;
        let grin = measure::<Grin>(n, m, batch_k, rounds, seed).map(|r| r.0);
        for (name, row) in [
            ("**ballistic secp256k1**", measure::<Ballistic<Secp256k1>>(n, m, batch_k, rounds, seed).map(|r| r.0)),
            (
                "**ballistic BP+ secp256k1**",
                measure::<BallisticPlus<Secp256k1>>(n, m, batch_k, rounds, seed).map(|r| r.0),
            ),
            (
                "**ballistic BP++ secp256k1**",
                measure::<BallisticPlusPlus<Secp256k1>>(n, m, batch_k, rounds, seed).map(|r| r.0),
            ),
        ] {
            let Some(r) = row else { continue };
            let ratios = grin.as_ref().map_or("| | |".to_string(), |g| {
                format!("{:.2} | {:.2} | {:.2} |", r.prove / g.prove, r.verify / g.verify, r.marginal / g.marginal)
            });
            let _ = writeln!(
                md,
                "| {n} | {m} | {name} | {} | {} | {} | {} | {ratios}",
                r.bytes,
                ms(r.prove),
                ms(r.verify),
                ms(r.marginal)
            );
        }
        if let Some(g) = grin {
            let _ = writeln!(
                md,
                "| {n} | {m} | {} | {} | {} | {} | {} | | | |",
                Grin::NAME,
                g.bytes,
                ms(g.prove),
                ms(g.verify),
                ms(g.marginal)
            );
        }
    }
    // Batches: per-proof cost and the marginal between the two largest.
    let sizes: &[usize] = if opt.quick { &[10, 100] } else { &[100, 1000] };
    let mut t_all = Vec::new();
    for &k in sizes {
        eprintln!("secp256k1 batch of {k} …");
        let a = Ballistic::<Secp256k1>::setup(64, 1, k, 31);
        let b = BallisticPlus::<Secp256k1>::setup(64, 1, k, 32);
        let c = BallisticPlusPlus::<Secp256k1>::setup(64, 1, k, 34);
        let g = Grin::setup(64, 1, k, 33);
        let t = alternate(
            rounds.min(3),
            0.3,
            &mut [
                &mut || assert!(a.verify_all()),
                &mut || assert!(b.verify_all()),
                &mut || assert!(c.verify_all()),
                &mut || assert!(g.verify_all()),
            ],
        );
        t_all.push((k, t));
    }
    let _ = writeln!(
        md,
        "\n| proofs in batch | ballistic secp256k1 | ballistic BP+ secp256k1 | ballistic BP++ secp256k1 | grin | ratio BP | ratio BP+ | ratio BP++ |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|");
    for (k, t) in &t_all {
        let per: Vec<f64> = t.iter().map(|x| x / *k as f64).collect();
        let _ = writeln!(
            md,
            "| {k} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} |",
            ms(per[0]),
            ms(per[1]),
            ms(per[2]),
            ms(per[3]),
            per[0] / per[3],
            per[1] / per[3],
            per[2] / per[3]
        );
    }
    if let [(k0, t0), (k1, t1)] = t_all.as_slice() {
        let d = (k1 - k0) as f64;
        let m: Vec<f64> = t1.iter().zip(t0).map(|(b, a)| (b - a) / d).collect();
        let _ = writeln!(
            md,
            "\nMarginal cost per extra proof between batches of {k0} and {k1}: ballistic {} ms, ballistic BP+ {} ms, \
             ballistic BP++ {} ms, grin {} ms; ratios {:.2} (BP), {:.2} (BP+) and {:.2} (BP++).",
            ms(m[0]),
            ms(m[1]),
            ms(m[2]),
            ms(m[3]),
            m[0] / m[3],
            m[1] / m[3],
            m[2] / m[3]
        );
    }
    md
}

/// The machine's load averages (1, 5, 15 minutes), as `uptime` shows them.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(", "))
        .unwrap_or_else(|_| "unknown".into())
}

fn verdict(ratio: f64, target: f64) -> String {
    if ratio <= target {
        format!("≤ {target} ✓ met")
    } else {
        format!("≤ {target} ✗ missed ({:.2}× the target)", ratio / target)
    }
}

/// ballistic in the deployed formats beside the deployed code: Grin's
/// format beside Grin's C Bulletproofs, Monero's Bulletproofs+ (and
/// original Bulletproofs) beside `monero-bulletproofs`, with the targets.
pub(crate) fn deployed_section(opt: &Options, rounds: usize) -> String {
    let mut md = String::new();
    let threads = if cfg!(feature = "rayon") { "rayon (all cores)" } else { "one thread (no `rayon` feature)" };
    let (k_small, k_large) = if opt.quick { (4, 64) } else { (16, 128) };
    let k_monero = if opt.quick { 4 } else { 16 };
    let _ = writeln!(md, "\n## Deployed formats\n");
    let _ = writeln!(
        md,
        "Method: each contender is set up untimed (generators, their tables, the proofs to verify), then its operations \
         run once to calibrate (warm-up) and are timed in {rounds} rounds; within each round the two contenders' \
         operations alternate (ballistic, peer, ballistic, peer …), each timing repeating its operation for about \
         0.15 s, and the medians are reported (ms). Ratio = ballistic ÷ peer (< 1: ballistic faster). *prove*: one \
         proof from a fixed witness (ballistic also returns the commitments; Grin's `bullet_proof` does not compute \
         them). *verify*: decoding the proof from its bytes and the statement (commitments from their bytes; for \
         ballistic's Grin format also building the statement, which hashes them), then verifying, as Grin's \
         `verify_bullet_proof` and monero-bulletproofs' `read_plus` + `verify` do. *verify k*: the same for k proofs \
         as one batch (`GrinProof::verify_batch` / `verify_bullet_proof_multi`; `MoneroPlusProof::verify_batch` / \
         `BatchVerifier`); batch marginal = (verify k − verify 1) ÷ (k − 1). Both sides prove exactly the same \
         openings (values, blindings, and for Grin the nonces: the Grin-format proofs are byte-identical to Grin's, \
         checked at setup). Threads: ballistic {threads}; Grin's C code and monero-bulletproofs single-threaded. \
         Grin peer build: {}. Load average (1, 5, 15 min) at the start of the section: {}.\n",
        env!("BALLISTIC_GRIN_BUILD"),
        load()
    );

    // Grin.
    eprintln!("deployed: Grin format …");
    let _ = writeln!(md, "### ballistic in Grin's format vs Grin (64-bit single proofs, Grin's `H`)\n");
    let seed = 2201;
    let mut ours = BallisticGrin::setup(64, 1, 1, seed);
    let mut grin = Grin::setup(64, 1, 1, seed);
    let ours_s = BallisticGrin::setup(64, 1, k_small, seed + 1);
    let grin_s = Grin::setup(64, 1, k_small, seed + 1);
    let ours_l = BallisticGrin::setup(64, 1, k_large, seed + 2);
    let grin_l = Grin::setup(64, 1, k_large, seed + 2);
    for ok in [ours.verify_one(), grin.verify_one(), ours_s.verify_all(), grin_s.verify_all()] {
        assert!(ok, "a contender rejected its own proofs");
    }
    assert!(ours_l.verify_all() && grin_l.verify_all(), "a contender rejected its own batch");
    let p = alternate(rounds, 0.15, &mut [&mut || ours.prove(), &mut || grin.prove()]);
    let v = alternate(
        rounds,
        0.15,
        &mut [
            &mut || assert!(ours.verify_one()),
            &mut || assert!(grin.verify_one()),
            &mut || assert!(ours_s.verify_all()),
            &mut || assert!(grin_s.verify_all()),
            &mut || assert!(ours_l.verify_all()),
            &mut || assert!(grin_l.verify_all()),
        ],
    );
    let marg = |all: f64, one: f64, k: usize| (all - one) / (k - 1) as f64;
    let (ms_o, ms_g) = (marg(v[2], v[0], k_small), marg(v[3], v[1], k_small));
    let (ml_o, ml_g) = (marg(v[4], v[0], k_large), marg(v[5], v[1], k_large));
    let _ = writeln!(md, "| operation | {} | {} | ratio | target |", BallisticGrin::NAME, Grin::NAME);
    let _ = writeln!(md, "|---|---|---|---|---|");
    let _ = writeln!(md, "| proof bytes | {} | {} | | |", ours.proof_bytes(), grin.proof_bytes());
    let rows: [(String, f64, f64, Option<f64>); 6] = [
        ("prove".into(), p[0], p[1], Some(0.4)),
        ("verify".into(), v[0], v[1], Some(0.5)),
        (format!("verify {k_small} (batch)"), v[2], v[3], None),
        (format!("batch marginal, k = {k_small}"), ms_o, ms_g, Some(0.5)),
        (format!("verify {k_large} (batch)"), v[4], v[5], None),
        (format!("batch marginal, k = {k_large}"), ml_o, ml_g, Some(0.5)),
    ];
    for (name, o, g, target) in rows {
        let _ = writeln!(
            md,
            "| {name} | {} | {} | {:.2} | {} |",
            ms(o),
            ms(g),
            o / g,
            target.map_or(String::new(), |t| verdict(o / g, t))
        );
    }
    let _ = writeln!(
        md,
        "\nPer proof in a batch of {k_large}: ballistic {} ms, Grin {} ms.\n",
        ms(v[4] / k_large as f64),
        ms(v[5] / k_large as f64)
    );

    // Monero.
    let _ = writeln!(md, "### ballistic in Monero's format vs monero-bulletproofs (64-bit amounts, Ed25519)\n");
    let _ = writeln!(
        md,
        "Batch marginal over batches of {k_monero} proofs of m outputs each. Targets (Bulletproofs+): verify ≤ 0.5×, \
         batch marginal ≤ 0.3×. The original Bulletproofs rows (RingCT types 4–5) have no target.\n"
    );
    let _ = writeln!(
        md,
        "| m | system | bytes | prove | verify | batch marginal | prove ratio | verify ratio | marginal ratio | verify target | marginal target |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|---|");
    let ms_list: &[usize] = if opt.quick { &[1, 4, 16] } else { &[1, 2, 4, 8, 16] };
    for &m in ms_list {
        eprintln!("deployed: Monero m = {m} …");
        let seed = 2300 + m as u64;
        md.push_str(&monero_rows::<BallisticMoneroPlus, MoneroBpPlus>(m, k_monero, rounds, seed, true));
        md.push_str(&monero_rows::<BallisticMoneroOriginal, MoneroBpOriginal>(m, k_monero, rounds, seed + 50, false));
    }
    let _ = writeln!(md, "\nLoad average (1, 5, 15 min) at the end of the section: {}.", load());
    md
}

/// Two rows (ballistic, peer) for `m` outputs, interleaved timings.
fn monero_rows<A: System, B: System>(m: usize, k: usize, rounds: usize, seed: u64, targets: bool) -> String {
    let mut a = A::setup(64, m, k, seed);
    let mut b = B::setup(64, m, k, seed);
    assert!(a.verify_one() && a.verify_all(), "{} rejected its own proofs", A::NAME);
    assert!(b.verify_one() && b.verify_all(), "{} rejected its own proofs", B::NAME);
    let p = alternate(rounds, 0.15, &mut [&mut || a.prove(), &mut || b.prove()]);
    let v = alternate(
        rounds,
        0.15,
        &mut [
            &mut || assert!(a.verify_one()),
            &mut || assert!(b.verify_one()),
            &mut || assert!(a.verify_all()),
            &mut || assert!(b.verify_all()),
        ],
    );
    let (ma, mb) = ((v[2] - v[0]) / (k - 1) as f64, (v[3] - v[1]) / (k - 1) as f64);
    let (tv, tm) = if targets { (verdict(v[0] / v[1], 0.5), verdict(ma / mb, 0.3)) } else { Default::default() };
    format!(
        "| {m} | **{}** | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {tv} | {tm} |\n| {m} | {} | {} | {} | {} | {} | | | | | |\n",
        A::NAME,
        a.proof_bytes(),
        ms(p[0]),
        ms(v[0]),
        ms(ma),
        p[0] / p[1],
        v[0] / v[1],
        ma / mb,
        B::NAME,
        b.proof_bytes(),
        ms(p[1]),
        ms(v[1]),
        ms(mb),
    )
}
