//! The issue-20 ratios measured a second way: ballistic and its peer called
//! **one operation each in turn**, in one process on one thread, and the
//! ratio of the two medians of single-call times.
//!
//! ```text
//! cargo run --release -p ballistic-bench --bin interleaved [-- --quick] [--only TEXT]
//! scripts/bench --bin interleaved [-- --quick]     (Grin with 64-bit limbs)
//! ```
//!
//! `--only TEXT` runs the pairs whose label contains `TEXT` (e.g.
//! `--only secp256k1`).
//!
//! The report (`src/main.rs`) times each contender in blocks (calibrated
//! loops of about 0.15 s, alternating between contenders over 7 rounds) and
//! takes medians of block means. Here, for each pair, the timed region is a
//! single call (prove one proof; decode and verify one proof, the next of
//! 64 distinct proofs each time; decode and verify a batch of those 64),
//! the two contenders alternate call by call (A, B, A, B…)
//! after a warm-up of 50 calls each (`WARMUP`), and each ratio is median(A) ÷ median(B)
//! over `samples` calls of each. Setting up the statements and proofs is
//! outside the timed region. Batch marginal = (median time of a batch of
//! 64 − median time of one) ÷ 63.
//!
//! Pairs (like for like): ballistic's Bulletproofs ÷ `bulletproofs` 5,
//! ballistic's Bulletproofs+ ÷ `tari_bulletproofs_plus`, ballistic's
//! Bulletproofs on secp256k1 ÷ `grin_secp256k1zkp` (64-bit single proofs
//! only: its Rust API proves one value per proof).

use std::time::Instant;

use ballistic_bench::{Ballistic, BallisticPlus, Bulletproofs5, Grin, System, TariBpPlus};

/// Untimed calls of each contender before the timed ones: ballistic's
/// generators run their first 40 sums of each shape through both
/// evaluation paths, 20 each (`ballistic`'s `path_choice`), before keeping
/// the faster, so 50 warm-up calls measure the path a long-lived verifier
/// takes. Was 3 until 2026-12-01.
const WARMUP: usize = 50;

/// Median milliseconds per call of `a` and of `b`, called in turn.
fn interleave(samples: usize, a: &mut dyn FnMut(), b: &mut dyn FnMut()) -> (f64, f64) {
    for _ in 0..WARMUP {
        a();
        b();
    }
    let (mut ta, mut tb) = (Vec::with_capacity(samples), Vec::with_capacity(samples));
    for _ in 0..samples {
        let t = Instant::now();
        a();
        ta.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        b();
        tb.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    (median(&mut ta), median(&mut tb))
}

/// Ratios ours ÷ peer for one cell: (prove, verify, batch marginal).
fn pair<A: System, B: System>(m: usize, batch: usize, samples: usize) -> Option<[(f64, f64); 3]> {
    if !A::supports(64, m) || !B::supports(64, m) {
        return None;
    }
    let seed = 64_000 + m as u64;
    let mut a = A::setup(64, m, batch, seed);
    let mut b = B::setup(64, m, batch, seed);
    assert!(a.verify_one() && a.verify_all() && b.verify_one() && b.verify_all());
    // Proving is slow at large m: fewer samples keep the run short.
    let prove_samples = if m >= 8 { samples.div_ceil(3) } else { samples };
    let prove = interleave(prove_samples, &mut || a.prove(), &mut || b.prove());
    // Each call verifies the next of the `batch` proofs (System::verify_nth).
    let (mut i, mut j) = (0usize, 0usize);
    let verify = interleave(
        samples,
        &mut || {
            i += 1;
            assert!(a.verify_nth(i));
        },
        &mut || {
            j += 1;
            assert!(b.verify_nth(j));
        },
    );
    let batch_samples = samples.div_ceil(4).max(5);
    let all = interleave(batch_samples, &mut || assert!(a.verify_all()), &mut || assert!(b.verify_all()));
    let k = (batch - 1) as f64;
    let marginal = ((all.0 - verify.0) / k, (all.1 - verify.1) / k);
    Some([prove, verify, marginal])
}

fn row<A: System, B: System>(label: &str, ms: &[usize], batch: usize, samples: usize) {
    let args: Vec<String> = std::env::args().collect();
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1));
    if only.is_some_and(|text| !label.contains(text.as_str())) {
        return;
    }
    for &m in ms {
        eprintln!("{label} m={m} …");
        let Some(cells) = pair::<A, B>(m, batch, samples) else { continue };
        let f = |(x, y): (f64, f64)| format!("{:.3} / {:.3} = **{:.2}**", x, y, x / y);
        println!("| {label} | {m} | {} | {} | {} |", f(cells[0]), f(cells[1]), f(cells[2]));
    }
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let samples: usize = if quick { 15 } else { 41 };
    let ms: &[usize] = if quick { &[1, 4, 16] } else { &[1, 2, 4, 8, 16] };
    println!("# Interleaved ratios (ballistic ÷ peer, medians of single calls, one thread)\n");
    println!(
        "{samples} calls of each contender in turn after {WARMUP} warm-up calls each (batches: {} calls; proving at m ≥ 8: {}). \
         Cells: ours ms / peer ms = ratio. Batch marginal = (batch of 64 − one) ÷ 63.\n",
        samples.div_ceil(4).max(5),
        samples.div_ceil(3)
    );
    println!("| pair | m | prove | verify | batch marginal |");
    println!("|---|---|---|---|---|");
    row::<Ballistic, Bulletproofs5>("BP ÷ bulletproofs 5", ms, 64, samples);
    row::<BallisticPlus, TariBpPlus>("BP+ ÷ tari", ms, 64, samples);
    row::<Ballistic<ballistic::Secp256k1>, Grin>("secp256k1 BP ÷ Grin C", &[1], 64, samples);
}
