//! Criterion benchmarks: ballistic beside its peers on the paper's Table 2
//! shapes, batch verification, and the raw multiscalar-multiplication floor.
//!
//! `cargo bench -p ballistic-bench --bench suite [-- FILTER]`
//!
//! For the whole table with ratios, the plots and the memory row, run the
//! report instead: `cargo run --release -p ballistic-bench`.

use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::{Group, ScalarOps};
use ballistic::Precomputation;
use ballistic::Ristretto255;
use ballistic::Secp256k1;
use ballistic_bench::{Ballistic, BallisticPlus, Bulletproofs5, Grin, MoneroBpPlus, System, TariBpPlus};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rand::{RngCore, SeedableRng};

const SHAPES: [(usize, usize); 9] = [(8, 1), (16, 1), (32, 1), (64, 1), (64, 2), (64, 4), (64, 8), (64, 16), (64, 32)];

fn cell<S: System>(c: &mut Criterion, n: usize, m: usize) {
    if !S::supports(n, m) {
        return;
    }
    let mut sys = S::setup(n, m, 1, 1);
    let id = format!("{n}x{m}");
    c.benchmark_group("prove")
        .sample_size(10)
        .bench_function(BenchmarkId::new(S::NAME, &id), |b| b.iter(|| sys.prove()));
    c.benchmark_group("verify")
        .sample_size(20)
        .bench_function(BenchmarkId::new(S::NAME, &id), |b| b.iter(|| assert!(sys.verify_one())));
}

fn table2(c: &mut Criterion) {
    for (n, m) in SHAPES {
        cell::<Ballistic>(c, n, m);
        cell::<BallisticPlus>(c, n, m);
        cell::<Bulletproofs5>(c, n, m);
        cell::<TariBpPlus>(c, n, m);
        cell::<MoneroBpPlus>(c, n, m);
        cell::<Grin>(c, n, m);
        cell::<Ballistic<Secp256k1>>(c, n, m);
        cell::<BallisticPlus<Secp256k1>>(c, n, m);
    }
}

fn batch<S: System>(c: &mut Criterion, k: usize) {
    let sys = S::setup(64, 1, k, 2);
    c.benchmark_group("verify_batch_64bit")
        .sample_size(10)
        .bench_function(BenchmarkId::new(S::NAME, k), |b| b.iter(|| assert!(sys.verify_all())));
}

fn batches(c: &mut Criterion) {
    for k in [1, 10, 100] {
        batch::<Ballistic>(c, k);
        batch::<BallisticPlus>(c, k);
        batch::<Bulletproofs5>(c, k);
        batch::<TariBpPlus>(c, k);
        batch::<MoneroBpPlus>(c, k);
        batch::<Grin>(c, k);
        batch::<Ballistic<Secp256k1>>(c, k);
        batch::<BallisticPlus<Secp256k1>>(c, k);
    }
}

/// Tables on and off for the single 64-bit proof.
fn precomputation(c: &mut Criterion) {
    let mut sys = <Ballistic>::setup(64, 1, 1, 3);
    let mut g = c.benchmark_group("verify_64x1_tables");
    g.bench_function("auto", |b| b.iter(|| assert!(sys.verify_one())));
    sys.set_precomputation(Precomputation::Off);
    g.bench_function("off", |b| b.iter(|| assert!(sys.verify_one())));
}

/// The raw MSM of a 64-bit verification's size (128 generators + 19 other
/// points), plain and through a table.
fn msm_floor(c: &mut Criterion) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4);
    let points: Vec<_> = (0..147)
        .map(|_| {
            let mut b = [0u8; 64];
            rng.fill_bytes(&mut b);
            Ristretto255::hash_to_point(&b)
        })
        .collect();
    let scalars: Vec<Scalar> = (0..147).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
    let table = Ristretto255::vartime_table(&points[..128]);
    let encoded: Vec<_> = points[128..].iter().map(Ristretto255::compress).collect();
    let mut g = c.benchmark_group("floor_64x1");
    g.bench_function("msm_plain", |b| b.iter(|| Ristretto255::msm_vartime(&scalars, &points)));
    g.bench_function("msm_precomputed", |b| {
        b.iter(|| Ristretto255::msm_vartime_precomputed(&table, &scalars[..128], &scalars[128..], &points[128..]))
    });
    g.bench_function("decompress_19", |b| b.iter(|| encoded.iter().map(Ristretto255::decompress).count()));
}

criterion_group!(benches, table2, batches, precomputation, msm_floor);
criterion_main!(benches);
