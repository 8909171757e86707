//! `ballistic demo`: prove and verify a few shapes, print sizes and timings.

use std::time::{Duration, Instant};

use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::{PedersenGens, RangeProof, RangeShape, Ristretto255};
use rand_core::{OsRng, RngCore};

use crate::files::generators;

type G = Ristretto255;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

pub fn run(quick: bool) -> Result<(), String> {
    let shapes: &[(usize, usize)] =
        &[(8, 1), (16, 1), (32, 1), (64, 1), (64, 2), (64, 4), (64, 8), (64, 16), (64, 32), (33, 3), (1, 1)];
    let reps = if quick { 1 } else { 7 };
    let pc = PedersenGens::<G>::default();
    println!("ballistic demo: Bulletproofs range proofs on {}", <G as ballistic::Group>::NAME);
    println!("median of {reps} runs; times in milliseconds\n");
    println!("| bits n | values m | padded N | proof bytes | prove ms | verify ms |");
    println!("|-------:|---------:|---------:|------------:|---------:|----------:|");
    for &(n, m) in shapes {
        let shape = RangeShape::new(n, m).map_err(|e| e.to_string())?;
        let bp = generators(shape);
        let max = shape.max_value();
        let values: Vec<u64> = (0..m).map(|_| OsRng.next_u64() & max).collect();
        let blindings: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut OsRng)).collect();
        let mut prove_times = Vec::new();
        let mut verify_times = Vec::new();
        let mut size = 0;
        for _ in 0..reps {
            let t = Instant::now();
            let (proof, commitments) =
                RangeProof::<G>::prove_multiple(&bp, &pc, &mut Transcript::new(b"demo"), &values, &blindings, n)
                    .map_err(|e| e.to_string())?;
            prove_times.push(t.elapsed());
            let bytes = proof.to_bytes();
            size = bytes.len();
            let t = Instant::now();
            let decoded = RangeProof::<G>::from_bytes_for(&bytes, n, m).map_err(|e| e.to_string())?;
            decoded
                .verify_multiple(&bp, &pc, &mut Transcript::new(b"demo"), &commitments, n)
                .map_err(|e| format!("demo proof n={n} m={m} failed to verify: {e}"))?;
            verify_times.push(t.elapsed());
            // A tampered proof must be rejected.
            let mut bad = bytes.clone();
            bad[5 * 32] ^= 1;
            let rejected = match RangeProof::<G>::from_bytes(&bad) {
                Err(_) => true,
                Ok(p) => p.verify_multiple(&bp, &pc, &mut Transcript::new(b"demo"), &commitments, n).is_err(),
            };
            if !rejected {
                return Err(format!("tampered proof n={n} m={m} was accepted"));
            }
        }
        println!(
            "| {n:>6} | {m:>8} | {:>8} | {size:>11} | {:>8} | {:>9} |",
            shape.padded,
            ms(median(prove_times)),
            ms(median(verify_times))
        );
    }
    println!("\nall proofs verified; tampered copies were rejected");
    Ok(())
}
