//! Circuit-proof report: ballistic's R1CS prover and verifier beside
//! `bulletproofs` 4.0.0's (feature `yoloproofs`; 5.0.0's R1CS does not
//! compile, see `ballistic_bench::circuit`) on **the same constraints**,
//! for a shared `.arith` circuit (default: the paper's unpadded SHA-256
//! preimage), with Blockstream's published figures for reference.
//!
//! ```text
//! cargo run --release -p ballistic-bench --bin circuits -- [--quick] [--circuit NAME] [--dir DIR] [--rounds K]
//! ```
//!
//! `--dir` reads `DIR/NAME/NAME.arith[.gz]` and `NAME.in` instead of the
//! shared circuits (e.g. those `scripts/gen_circuits.py` writes).
//!
//! What is timed: "prove" is one proof from parsed inputs (evaluation,
//! translation, proving); "verify" is one verification from the parsed
//! circuit (translation, hashing, checking) — what bulletproofs 4 does per
//! proof; "verify, prepared" starts from a [`PreparedCircuit`] (translated
//! and hashed once). Generators are built before timing. Heap peaks are
//! measured separately with the counting allocator, with and without
//! building the generators inside the measured region. One thread.
//!
//! Timings alternate between the two libraries in every round; medians are
//! reported, and ratios are ballistic ÷ bulletproofs 4.

use std::time::Instant;

use ballistic_bench::alloc::{peak_heap, Counting};
use ballistic_bench::circuit::{backend_factor, CircuitCase};

#[global_allocator]
static ALLOC: Counting = Counting;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn time<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let t = Instant::now();
    let out = f();
    (t.elapsed().as_secs_f64() * 1e3, out)
}

fn main() {
    let mut quick = false;
    let mut name = String::from("sha_256_preimage");
    let mut rounds = 3usize;
    let mut base: Option<std::path::PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--circuit" => name = args.next().unwrap_or(name),
            "--rounds" => rounds = args.next().and_then(|r| r.parse().ok()).unwrap_or(rounds),
            "--dir" => base = args.next().map(std::path::PathBuf::from),
            other => {
                eprintln!("unknown argument {other}; usage: circuits [--quick] [--circuit NAME] [--rounds K]");
                std::process::exit(2);
            }
        }
    }
    if quick {
        rounds = 1;
    }
    let dir = base
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/circuits/ristretto255")
        })
        .join(&name);
    let case = CircuitCase::load(&dir, &name).unwrap_or_else(|e| {
        eprintln!("cannot load {}: {e}", dir.display());
        std::process::exit(1);
    });
    let stats = case.circuit.stats();
    let metrics = case.prepared.metrics();
    eprintln!("{name}: {} multiplication gates; {rounds} alternating round(s)", metrics.multipliers);

    let (mut prove_a, mut prove_b, mut verify_a, mut verify_b) = (vec![], vec![], vec![], vec![]);
    let mut verify_p = vec![];
    let mut proofs = Vec::new();
    let mut proof4 = None;
    for round in 0..rounds {
        let (ta, p) = time(|| case.prove(round as u64));
        let (tb, q) = time(|| case.prove_bp5());
        prove_a.push(ta);
        prove_b.push(tb);
        for _ in 0..2 {
            let (va, ok) = time(|| case.verify(&p));
            assert!(ok, "ballistic rejected its own proof");
            let (vb, ok) = time(|| case.verify_bp5(&q));
            assert!(ok, "bulletproofs 4 rejected its own proof");
            let (vp, ok) = time(|| case.verify_prepared(&p));
            assert!(ok, "the prepared verifier rejected the proof");
            verify_a.push(va);
            verify_b.push(vb);
            verify_p.push(vp);
        }
        eprintln!(
            "round {round}: prove {ta:.0} / {tb:.0} ms, verify {:.0} / {:.0} ms",
            verify_a.last().unwrap_or(&0.0),
            verify_b.last().unwrap_or(&0.0)
        );
        proofs.push(p);
        proof4 = Some(q);
    }
    let proof4 = proof4.expect("at least one round");
    let batch = if quick { 2 } else { 4 };
    while proofs.len() < batch {
        proofs.push(case.prove(proofs.len() as u64 + 100));
    }
    let (t1, ok) = time(|| case.verify_batch(&proofs[..1]));
    assert!(ok);
    let (tb, ok) = time(|| case.verify_batch(&proofs[..batch]));
    assert!(ok);
    let marginal = (tb - t1) / (batch - 1) as f64;

    let mem_prove_a = peak_heap(|| {
        case.prove(7);
        true
    });
    let mem_prove_b = peak_heap(|| {
        case.prove_bp5();
        true
    });
    let mem_verify_a = peak_heap(|| case.verify(&proofs[0]));
    let mem_verify_b = peak_heap(|| case.verify_bp5(&proof4));
    let mem_verify_p = peak_heap(|| case.verify_prepared(&proofs[0]));
    // With the generators built inside the measured region (Blockstream's
    // figures count them).
    let mem_prove_g = peak_heap(|| case.prove_with_fresh_generators(8));
    let mem_verify_g = peak_heap(|| case.verify_with_fresh_generators(&proofs[0]));

    let (pa, pb) = (median(prove_a), median(prove_b));
    let (va, vb, vp) = (median(verify_a), median(verify_b), median(verify_p));
    let bytes_a = proofs[0].to_bytes().len();
    let bytes_b = proof4.to_bytes().len();
    let mib = |b: usize| b as f64 / (1024.0 * 1024.0);
    println!(
        "## `{name}`: {} multiplication gates (padded to {}), {} constraints, {} matrix entries, {} wires\n",
        metrics.multipliers,
        metrics.padded_multipliers(),
        metrics.constraints,
        metrics.nonzeros,
        stats.wires
    );
    println!("| | ballistic | bulletproofs 4 R1CS | ratio | paper / Blockstream |");
    println!("|---|---:|---:|---:|---:|");
    println!("| proof bytes | {bytes_a} | {bytes_b} | {:.2} | 1379 |", bytes_a as f64 / bytes_b as f64);
    println!("| prove (ms) | {pa:.0} | {pb:.0} | {:.2} | 13000 |", pa / pb);
    println!("| verify (ms) | {va:.0} | {vb:.0} | {:.2} | 435 |", va / vb);
    println!("| verify, prepared circuit (ms) | {vp:.0} | {vb:.0} | {:.2} | |", vp / vb);
    println!(
        "| batch marginal per proof (ms; {batch} proofs; bulletproofs 4 has no batch: one verify) | {marginal:.1} | {vb:.0} | {:.3} | 28 |",
        marginal / vb
    );
    println!(
        "| batch marginal ÷ one prepared verification (ballistic) | {:.3} | | | {:.3} |",
        marginal / vp,
        28.0 / 435.0
    );
    println!(
        "| prover peak heap (MiB) | {:.1} | {:.1} | {:.2} | < 30 |",
        mib(mem_prove_a),
        mib(mem_prove_b),
        mem_prove_a as f64 / mem_prove_b as f64
    );
    println!(
        "| verifier peak heap (MiB) | {:.1} | {:.1} | {:.2} | |",
        mib(mem_verify_a),
        mib(mem_verify_b),
        mem_verify_a as f64 / mem_verify_b as f64
    );
    println!("| verifier peak heap, prepared circuit (MiB) | {:.1} | | | |", mib(mem_verify_p));
    println!("| prover peak heap with its generators (MiB) | {:.1} | | | < 30 |", mib(mem_prove_g));
    println!("| verifier peak heap with its generators (MiB) | {:.1} | | | 23 |", mib(mem_verify_g));
    let (ng, d5) = backend_factor(2 * metrics.padded_multipliers());
    println!(
        "| MSM of {} terms (ms): curve25519-dalek 5 (ballistic's backend) vs dalek-ng 4.1 (bulletproofs 4's) | {d5:.0} | {ng:.0} | {:.2} | |",
        2 * metrics.padded_multipliers(),
        d5 / ng
    );
    println!("\nGenerators ({} per chain, shared by prover and verifier) are built before timing and not counted in the heap figures. Blockstream's figures are from the paper's implementation on its own machine (not this run).", metrics.padded_multipliers());
}
