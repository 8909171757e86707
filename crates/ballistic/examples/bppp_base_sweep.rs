//! The measurement behind Bulletproofs++'s digit base (`PlusPlusShape::new`
//! picks the `β` with the shortest witness `N = max(m·k', 2^β)`, ties to
//! the smaller base): prove and verify every shape below with every base
//! `2^β`, `β = 1..=8`, and print size and median times, the default marked.
//! `cargo run --release -p ballistic --example bppp_base_sweep -- [REPS]`.
//! One thread, Ristretto255; the machine is shared, so read the ordering,
//! not the absolute times.

use std::time::{Duration, Instant};

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::PlusPlusShape;
use ballistic::{Generators, RangeProofPlusPlus, Ristretto255};
use rand::SeedableRng;

type G = Ristretto255;

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

fn main() {
    let reps: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(7);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    println!("| n | m | β | N | bytes | prove ms | verify ms | |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---|");
    for (n, m) in [(64usize, 1usize), (32, 1), (64, 4), (64, 8), (64, 32), (16, 16)] {
        let chosen = PlusPlusShape::new(n, m).expect("shape").digit_bits();
        for beta in 1..=8 {
            let shape = PlusPlusShape::with_digit_bits(n, m, beta).expect("shape");
            if shape.witness_len() > 2048 {
                continue;
            }
            let (chains, per_chain) = shape.generators_needed();
            let gens = Generators::<G>::new(per_chain, chains);
            gens.vector().precompute();
            let values: Vec<u64> = (0..m).map(|_| rand::Rng::gen::<u64>(&mut rng) >> (64 - n)).collect();
            let blindings: Vec<_> = (0..m).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
            let (mut prove, mut verify) = (Vec::new(), Vec::new());
            let mut bytes = 0;
            for _ in 0..reps {
                let t = Instant::now();
                let (proof, commitments) = RangeProofPlusPlus::<G>::prove_with_shape(
                    &gens,
                    &mut Transcript::new(b"sweep"),
                    &shape,
                    &values,
                    &blindings,
                    &mut rng,
                )
                .expect("prove");
                prove.push(t.elapsed());
                bytes = proof.to_bytes().len();
                let t = Instant::now();
                proof.verify_with_shape(&gens, &mut Transcript::new(b"sweep"), &shape, &commitments).expect("verify");
                verify.push(t.elapsed());
            }
            println!(
                "| {n} | {m} | {beta} | {} | {bytes} | {:.2} | {:.3} | {} |",
                shape.witness_len(),
                median(prove),
                median(verify),
                if beta == chosen { "← default" } else { "" }
            );
        }
    }
}
