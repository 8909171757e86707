//! Vector-generator derivation (issue 39): microseconds per generator,
//! one input at a time (`Group::hash_to_point`, the path every generator
//! took before batching) against `Generators::new` (the batched
//! `Group::hash_to_points_vartime` in pieces of 256), on every group.
//!
//! ```text
//! scripts/bench --bin generators            # or: cargo run --release -p ballistic-bench --bin generators
//! ```
//!
//! **Method.** One thread (without the `rayon` feature). `COUNT` = 1,024
//! generators per measurement: `Generators::<G>::new(512, 1)` derives the
//! 1,024 vector generators `G_i`, `H_i` (and `B̃`, one more); the
//! one-at-a-time row maps 1,024 fixed 64-byte inputs with
//! `hash_to_point`. After one discarded warm-up round, `ROUNDS` rounds in
//! which the two run one after the other for every group (interleaved, so
//! drift on a shared machine hits both alike); each is timed once per
//! round (one call is 5–100 ms); the table gives the medians over the
//! rounds and their ratio (batched ÷ one at a time, same rounds). Both
//! rows give the same points (`group::secp256k1::h2c` tests that).

use std::hint::black_box;
use std::time::Instant;

use ballistic::group::Group;
use ballistic::{Ed25519, Generators, Ristretto255, Secp256k1};

const COUNT: usize = 1024;
const ROUNDS: usize = 9;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Microseconds per generator: one at a time, then batched.
fn round<G: Group>(inputs: &[[u8; 64]]) -> (f64, f64) {
    let t = Instant::now();
    for u in inputs {
        black_box(G::hash_to_point(black_box(u)));
    }
    let single = t.elapsed().as_secs_f64() * 1e6 / COUNT as f64;
    let t = Instant::now();
    black_box(Generators::<G>::new(COUNT / 2, 1));
    let batched = t.elapsed().as_secs_f64() * 1e6 / COUNT as f64;
    (single, batched)
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
    let mut rows: [(&str, Vec<f64>, Vec<f64>); 3] =
        [("secp256k1", vec![], vec![]), ("ristretto255", vec![], vec![]), ("ed25519", vec![], vec![])];
    for r in 0..=ROUNDS {
        let results = [round::<Secp256k1>(&inputs), round::<Ristretto255>(&inputs), round::<Ed25519>(&inputs)];
        if r == 0 {
            continue; // warm-up
        }
        for (row, (single, batched)) in rows.iter_mut().zip(results) {
            row.1.push(single);
            row.2.push(batched);
        }
    }
    println!("| group | one at a time (µs/generator) | Generators::new (µs/generator) | ratio |");
    println!("|---|---|---|---|");
    for (name, single, batched) in rows {
        let ratios: Vec<f64> = single.iter().zip(&batched).map(|(s, b)| b / s).collect();
        println!("| {name} | {:.2} | {:.2} | {:.3} |", median(single), median(batched), median(ratios));
    }
    println!("\n{COUNT} generators per measurement, median of {ROUNDS} interleaved rounds after a warm-up, one thread.");
}
