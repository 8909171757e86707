//! Profile helper: prove (or verify) one shape in a loop.
//! `cargo run --release -p ballistic --example prove_loop -- 64 1 200 [verify | batch K]`
use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, PedersenGens, RangeProof, Ristretto255};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(64);
    let m: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let iters: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let verify = args.get(4).map(|s| s == "verify").unwrap_or(false);
    let batch: usize = if args.get(4).map(|s| s == "batch").unwrap_or(false) {
        args.get(5).and_then(|s| s.parse().ok()).unwrap_or(100)
    } else {
        0
    };
    let pc = PedersenGens::<Ristretto255>::default();
    let bp = BulletproofGens::<Ristretto255>::new(n, m.next_power_of_two() * 2);
    let values: Vec<u64> = (0..m as u64).collect();
    let blindings: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut rand_core::OsRng)).collect();
    let (proof, commitments) =
        RangeProof::<Ristretto255>::prove_multiple(&bp, &pc, &mut Transcript::new(b"p"), &values, &blindings, n)
            .unwrap_or_else(|e| panic!("{e}"));
    let proofs: Vec<_> = (0..batch)
        .map(|_| {
            RangeProof::<Ristretto255>::prove_multiple(&bp, &pc, &mut Transcript::new(b"p"), &values, &blindings, n)
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .map(|(p, c)| (p.to_bytes(), c))
        .collect();
    let start = std::time::Instant::now();
    for _ in 0..iters {
        if batch > 0 {
            let decoded: Vec<_> = proofs
                .iter()
                .map(|(b, _)| RangeProof::<Ristretto255>::from_bytes(b).unwrap_or_else(|e| panic!("{e}")))
                .collect();
            let items: Vec<_> = decoded
                .iter()
                .zip(&proofs)
                .map(|(proof, (_, commitments))| ballistic::batch::RangeProofItem {
                    proof: proof.into(),
                    commitments,
                    bits: n,
                    transcript: Transcript::new(b"p"),
                })
                .collect();
            ballistic::batch::verify_range_proofs(&items, &bp, &pc, &mut rand_core::OsRng)
                .unwrap_or_else(|e| panic!("{e}"));
        } else if verify {
            proof
                .verify_multiple(&bp, &pc, &mut Transcript::new(b"p"), &commitments, n)
                .unwrap_or_else(|e| panic!("{e}"));
        } else {
            let _ = RangeProof::<Ristretto255>::prove_multiple(
                &bp,
                &pc,
                &mut Transcript::new(b"p"),
                &values,
                &blindings,
                n,
            );
        }
    }
    println!("{:.3} ms per op", start.elapsed().as_secs_f64() * 1e3 / iters as f64);
}
