//! Vector-generator derivation (issue 39): microseconds per generator,
//! one input at a time (`Group::hash_to_point`, the path every generator
//! took before batching) against the batched
//! `Group::hash_to_points_vartime` (in pieces of 256, as `Generators::new`
//! calls it), and the whole `Generators::new` per generator, on every
//! group (secp256k1, Ristretto255, Ed25519, secq256k1).
//!
//! ```text
//! scripts/bench --bin generators            # or: cargo run --release -p ballistic-bench --bin generators
//! ```
//!
//! **Method.** One thread (without the `rayon` feature). `COUNT` = 1,024
//! generators per measurement: 1,024 fixed 64-byte inputs mapped one at a
//! time with `hash_to_point`, then the same inputs with
//! `hash_to_points_vartime` in pieces of 256 (the same points:
//! `group::secp256k1::h2c` and `group::secq256k1::h2c` test that), then `Generators::<G>::new(512, 1)`
//! (its 1,024 vector generators `G_i`, `H_i` from SHAKE256 output, `B̃`,
//! and whatever else the setup does per generator). After one discarded
//! warm-up round, `ROUNDS` rounds in which the three run one after the
//! other for every group (interleaved, so drift on a shared machine hits
//! all alike); each is timed once per round (one call is 5–200 ms); the
//! table gives the medians over the rounds and the median of the
//! per-round ratio batched ÷ one at a time.
//!
//! **The generator store** (second table): `GeneratorStore::load` of a
//! file of `2^STORE_LOG2` generators per chain (open, read, SHA3-256
//! against the pin, decode; the file written once before timing, so it is
//! read from the page cache) against `BulletproofGens::new(2^STORE_LOG2,
//! 1)`, which derives the same points; both per generator
//! (`2^(STORE_LOG2 + 1)` of them), alternating in each of `STORE_ROUNDS`
//! rounds after a warm-up, medians; one thread.

use std::hint::black_box;
use std::time::Instant;

use ballistic::file::GeneratorStore;
use ballistic::group::Group;
use ballistic::{BulletproofGens, Ed25519, Generators, Ristretto255, Secp256k1, Secq256k1};

const COUNT: usize = 1024;
const ROUNDS: usize = 9;
const STORE_LOG2: u32 = 14;
const STORE_ROUNDS: usize = 5;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Microseconds per generator: one at a time, batched, `Generators::new`.
fn round<G: Group>(inputs: &[[u8; 64]]) -> [f64; 3] {
    let per = |t: Instant| t.elapsed().as_secs_f64() * 1e6 / COUNT as f64;
    let t = Instant::now();
    for u in inputs {
        black_box(G::hash_to_point(black_box(u)));
    }
    let single = per(t);
    let t = Instant::now();
    for piece in inputs.chunks(256) {
        black_box(G::hash_to_points_vartime(black_box(piece)));
    }
    let batched = per(t);
    let t = Instant::now();
    black_box(Generators::<G>::new(COUNT / 2, 1));
    [single, batched, per(t)]
}

/// Microseconds per generator: loaded from the store, derived; and their ratio.
fn store_row<G: Group>(store: &GeneratorStore) -> (f64, f64, f64) {
    let count = (2usize << STORE_LOG2) as f64;
    store.prebuild::<G>(1 << STORE_LOG2).expect("a writable temporary directory");
    let (mut load, mut derive, mut ratio) = (Vec::new(), Vec::new(), Vec::new());
    for r in 0..=STORE_ROUNDS {
        let t = Instant::now();
        black_box(store.load::<G>(STORE_LOG2).expect("the file just written"));
        let l = t.elapsed().as_secs_f64() * 1e6 / count;
        let t = Instant::now();
        black_box(BulletproofGens::<G>::new(1 << STORE_LOG2, 1));
        let d = t.elapsed().as_secs_f64() * 1e6 / count;
        if r > 0 {
            load.push(l);
            derive.push(d);
            ratio.push(l / d);
        }
    }
    (median(load), median(derive), median(ratio))
}

fn main() {
    let inputs: Vec<[u8; 64]> = (0..COUNT)
        .map(|i| {
            let mut b = [0u8; 64];
            b[..8].copy_from_slice(&(i as u64).to_le_bytes());
            b[8..16].copy_from_slice(&(i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15).to_le_bytes());
            b
        })
        .collect();
    let mut rows: [(&str, [Vec<f64>; 3]); 4] = [
        ("secp256k1", Default::default()),
        ("ristretto255", Default::default()),
        ("ed25519", Default::default()),
        ("secq256k1", Default::default()),
    ];
    for r in 0..=ROUNDS {
        let results = [
            round::<Secp256k1>(&inputs),
            round::<Ristretto255>(&inputs),
            round::<Ed25519>(&inputs),
            round::<Secq256k1>(&inputs),
        ];
        if r == 0 {
            continue; // warm-up
        }
        for (row, times) in rows.iter_mut().zip(results) {
            for (column, t) in row.1.iter_mut().zip(times) {
                column.push(t);
            }
        }
    }
    println!("| group | one at a time (µs/generator) | batched | ratio | Generators::new (µs/generator) |");
    println!("|---|---|---|---|---|");
    for (name, [single, batched, setup]) in rows {
        let ratios: Vec<f64> = single.iter().zip(&batched).map(|(s, b)| b / s).collect();
        let (s, b, r, g) = (median(single), median(batched), median(ratios), median(setup));
        println!("| {name} | {s:.2} | {b:.2} | {r:.3} | {g:.2} |");
    }
    println!(
        "\n{COUNT} generators per measurement, median of {ROUNDS} interleaved rounds after a warm-up, one thread."
    );

    let dir = std::env::temp_dir().join(format!("ballistic-bench-store-{}", std::process::id()));
    let store = GeneratorStore::at(&dir);
    println!("\n| group | store load (µs/generator) | derivation (µs/generator) | ratio load ÷ derivation |");
    println!("|---|---|---|---|");
    let rows = [
        ("secp256k1", store_row::<Secp256k1>(&store)),
        ("ristretto255", store_row::<Ristretto255>(&store)),
        ("ed25519", store_row::<Ed25519>(&store)),
        ("secq256k1", store_row::<Secq256k1>(&store)),
    ];
    for (name, (l, d, r)) in rows {
        println!("| {name} | {l:.2} | {d:.2} | {r:.3} |");
    }
    println!(
        "\n2^{} generators per measurement (2^{STORE_LOG2} per chain), median of {STORE_ROUNDS} rounds after a warm-up, one thread.",
        STORE_LOG2 + 1
    );
    let _ = std::fs::remove_dir_all(&dir);
}
