//! `ballistic demo`: prove and verify a few shapes, print sizes and timings.

use std::time::{Duration, Instant};

use ballistic::batch::{verify_range_proofs, RangeProofItem};
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
    batch(&pc, if quick { 4 } else { 64 })?;
    println!("\nall proofs verified; tampered copies were rejected");
    Ok(())
}

/// Batch-verify `count` 64-bit proofs, one of them then tampered with, and
/// show that the batch names it.
fn batch(pc: &PedersenGens<G>, count: usize) -> Result<(), String> {
    let shape = RangeShape::new(64, 1).map_err(|e| e.to_string())?;
    let bp = generators(shape);
    let mut proofs = Vec::with_capacity(count);
    for _ in 0..count {
        let blinding = <Scalar as ScalarOps>::random(&mut OsRng);
        let (p, v) =
            RangeProof::<G>::prove_single(&bp, pc, &mut Transcript::new(b"demo"), OsRng.next_u64(), &blinding, 64)
                .map_err(|e| e.to_string())?;
        proofs.push((p, [v]));
    }
    let items = |label_of_bad: &'static [u8]| -> Vec<RangeProofItem<'_, G>> {
        proofs
            .iter()
            .enumerate()
            .map(|(i, (p, v))| RangeProofItem {
                proof: p.into(),
                commitments: v,
                bits: 64,
                transcript: Transcript::new(if i == count / 2 { label_of_bad } else { b"demo" }),
            })
            .collect()
    };
    let good = items(b"demo");
    let t = Instant::now();
    verify_range_proofs(&good, &bp, pc, &mut OsRng).map_err(|e| e.to_string())?;
    let per_proof = t.elapsed() / count as u32;
    println!("\nbatch of {count} 64-bit proofs: {} ms per proof", ms(per_proof));
    let bad = items(b"tampered");
    match verify_range_proofs(&bad, &bp, pc, &mut OsRng) {
        Err(e) if e.indices() == vec![count / 2] => {
            println!("the same batch with proof #{} under a wrong label: rejected, #{} named", count / 2, count / 2)
        }
        other => return Err(format!("batch blame failed: {other:?}")),
    }
    Ok(())
}
