//! Range proofs: ballistic beside zkcrypto `bulletproofs` 5 in the same run.
//!
//! `cargo bench -p ballistic --bench range_proof` (filter with e.g. `-- 64x1`).
//! Compare the two rows of a group as a ratio; absolute times on a shared
//! machine are not evidence.

use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, PedersenGens, RangeProof, Ristretto255};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

type G = Ristretto255;

const SHAPES: &[(usize, usize)] = &[(64, 1), (64, 8), (64, 32), (32, 1), (8, 1)];

fn inputs(n: usize, m: usize) -> (Vec<u64>, Vec<Scalar>) {
    let mut rng = ChaCha20Rng::seed_from_u64((n * 1000 + m) as u64);
    let values = (0..m).map(|_| if n == 64 { rng.gen() } else { rng.gen_range(0..1u64 << n) }).collect();
    let blindings = (0..m).map(|_| Scalar::random(&mut rng)).collect();
    (values, blindings)
}

fn prove(c: &mut Criterion) {
    let mut group = c.benchmark_group("range_prove");
    group.sample_size(20);
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(64, 32);
    let their_pc = bulletproofs::PedersenGens::default();
    let their_bp = bulletproofs::BulletproofGens::new(64, 32);
    for &(n, m) in SHAPES {
        let (values, blindings) = inputs(n, m);
        let id = format!("{n}x{m}");
        group.bench_function(BenchmarkId::new("ballistic", &id), |b| {
            b.iter(|| {
                RangeProof::<G>::prove_multiple(&bp, &pc, &mut Transcript::new(b"bench"), &values, &blindings, n)
                    .unwrap()
            })
        });
        group.bench_function(BenchmarkId::new("bulletproofs5", &id), |b| {
            b.iter(|| {
                bulletproofs::RangeProof::prove_multiple(
                    &their_bp,
                    &their_pc,
                    &mut Transcript::new(b"bench"),
                    &values,
                    &blindings,
                    n,
                )
                .unwrap()
            })
        });
    }
    group.finish();
}

fn verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("range_verify");
    group.sample_size(30);
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(64, 32);
    let their_pc = bulletproofs::PedersenGens::default();
    let their_bp = bulletproofs::BulletproofGens::new(64, 32);
    for &(n, m) in SHAPES {
        let (values, blindings) = inputs(n, m);
        let (proof, commitments) =
            RangeProof::<G>::prove_multiple(&bp, &pc, &mut Transcript::new(b"bench"), &values, &blindings, n).unwrap();
        let bytes = proof.to_bytes();
        let id = format!("{n}x{m}");
        // Both rows start from bytes: decoding is part of verifying.
        group.bench_function(BenchmarkId::new("ballistic", &id), |b| {
            b.iter(|| {
                let p = RangeProof::<G>::from_bytes(&bytes).unwrap();
                p.verify_multiple(&bp, &pc, &mut Transcript::new(b"bench"), &commitments, n).unwrap()
            })
        });
        group.bench_function(BenchmarkId::new("bulletproofs5", &id), |b| {
            b.iter(|| {
                let p = bulletproofs::RangeProof::from_bytes(&bytes).unwrap();
                p.verify_multiple(&their_bp, &their_pc, &mut Transcript::new(b"bench"), &commitments, n).unwrap()
            })
        });
    }
    group.finish();
}

/// Batches of 64-bit proofs: ballistic's batch verifier against
/// bulletproofs 5 verifying one by one (it has no batch API). Divide by the
/// batch size for the per-proof cost.
fn batch(c: &mut Criterion) {
    let mut group = c.benchmark_group("range_verify_batch");
    group.sample_size(10);
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(64, 1);
    let their_pc = bulletproofs::PedersenGens::default();
    let their_bp = bulletproofs::BulletproofGens::new(64, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(99);
    let all: Vec<_> = (0..100)
        .map(|_| {
            let blinding = Scalar::random(&mut rng);
            let (p, v) = RangeProof::<G>::prove_single_with_rng(
                &bp,
                &pc,
                &mut Transcript::new(b"bench"),
                rng.gen(),
                &blinding,
                64,
                &mut rng,
            )
            .unwrap();
            (p.to_bytes(), [v])
        })
        .collect();
    for size in [1usize, 10, 100] {
        let set = &all[..size];
        group.bench_function(BenchmarkId::new("ballistic", size), |b| {
            b.iter(|| {
                let proofs: Vec<_> = set.iter().map(|(bytes, _)| RangeProof::<G>::from_bytes(bytes).unwrap()).collect();
                let items: Vec<_> = proofs
                    .iter()
                    .zip(set)
                    .map(|(p, (_, v))| ballistic::batch::RangeProofItem {
                        proof: p,
                        commitments: v,
                        bits: 64,
                        transcript: Transcript::new(b"bench"),
                    })
                    .collect();
                ballistic::batch::verify_range_proofs(&items, &bp, &pc, &mut rand::thread_rng()).unwrap()
            })
        });
        group.bench_function(BenchmarkId::new("bulletproofs5_one_by_one", size), |b| {
            b.iter(|| {
                for (bytes, v) in set {
                    let p = bulletproofs::RangeProof::from_bytes(bytes).unwrap();
                    p.verify_single(&their_bp, &their_pc, &mut Transcript::new(b"bench"), &v[0], 64).unwrap();
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, prove, verify, batch);
criterion_main!(benches);
