//! Same-process, alternating comparison with zkcrypto `bulletproofs` 5:
//! each of 5 rounds times ballistic then the peer on the same inputs, and
//! the median ratio is printed. Less sensitive to a shared machine's drift
//! than separate benchmark runs.
//!
//! `cargo run --release -p ballistic --example compare -- BITS VALUES ITERS`
//! (defaults 64 1 50).

use std::time::Instant;

use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, PedersenGens, RangeProof, Ristretto255};

type G = Ristretto255;

fn median_ratio(mut ours: impl FnMut(), mut theirs: impl FnMut(), iters: usize) -> (f64, f64, f64) {
    let mut ratios = Vec::new();
    let (mut t_ours, mut t_theirs) = (0.0, 0.0);
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..iters {
            ours();
        }
        let a = t.elapsed().as_secs_f64();
        let t = Instant::now();
        for _ in 0..iters {
            theirs();
        }
        let b = t.elapsed().as_secs_f64();
        ratios.push(a / b);
        t_ours += a;
        t_theirs += b;
    }
    ratios.sort_by(f64::total_cmp);
    let per = |t: f64| t * 1e3 / (5 * iters) as f64;
    (ratios[2], per(t_ours), per(t_theirs))
}

fn main() {
    let arg = |i: usize, default: usize| std::env::args().nth(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let (n, m, iters) = (arg(1, 64), arg(2, 1), arg(3, 50));
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(n, m);
    let their_pc = bulletproofs::PedersenGens::default();
    let their_bp = bulletproofs::BulletproofGens::new(n, m);
    let values: Vec<u64> = (0..m as u64).map(|v| v % 2).collect();
    let blindings: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut rand_core::OsRng)).collect();
    let prove_ours = || RangeProof::<G>::prove_multiple(&bp, &pc, &mut Transcript::new(b"cmp"), &values, &blindings, n);
    let prove_theirs = || {
        bulletproofs::RangeProof::prove_multiple(
            &their_bp,
            &their_pc,
            &mut Transcript::new(b"cmp"),
            &values,
            &blindings,
            n,
        )
    };
    let (proof, commitments) = match prove_ours() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("cannot prove n={n} m={m}: {e}");
            std::process::exit(1);
        }
    };
    let bytes = proof.to_bytes();
    let (r, a, b) = median_ratio(
        || {
            let _ = prove_ours();
        },
        || {
            let _ = prove_theirs();
        },
        iters,
    );
    println!("prove  n={n} m={m}: ballistic {a:.3} ms, bulletproofs5 {b:.3} ms, median ratio {r:.3}");
    let (r, a, b) = median_ratio(
        || {
            let ok = RangeProof::<G>::from_bytes(&bytes)
                .and_then(|p| p.verify_multiple(&bp, &pc, &mut Transcript::new(b"cmp"), &commitments, n));
            assert!(ok.is_ok());
        },
        || {
            let ok = bulletproofs::RangeProof::from_bytes(&bytes)
                .and_then(|p| p.verify_multiple(&their_bp, &their_pc, &mut Transcript::new(b"cmp"), &commitments, n));
            assert!(ok.is_ok());
        },
        iters * 4,
    );
    println!("verify n={n} m={m}: ballistic {a:.3} ms, bulletproofs5 {b:.3} ms, median ratio {r:.3}");
}
