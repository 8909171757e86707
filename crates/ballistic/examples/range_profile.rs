//! Profile helper: where a batch of range proofs spends its time, by phase
//! (decode the proofs; decode the commitments; replay transcripts and add
//! every proof's terms; the one multiscalar multiplication), for each system:
//! `cargo run --release -p ballistic --example range_profile -- [BATCH] [BITS] [VALUES] [REPS] [GROUP[:SYSTEM] ...]`
//! (e.g. `256 64 1 100 ristretto255:bulletproofs` under `perf record`: the
//! named cells only). One thread; medians over `REPS` repetitions.

use std::time::{Duration, Instant};

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::AnyRangeProof;
use ballistic::Equation;
use ballistic::Verifiable;
use ballistic::{Generators, RangeStatement, RangeSystem, Ristretto255, Secp256k1};
use rand::SeedableRng;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn profile<G: Group>(batch: usize, n: usize, m: usize, reps: usize, only: &[String]) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    for system in RangeSystem::ALL {
        let cell = format!("{}:{}", G::NAME, system.name());
        if !only.is_empty() && !only.iter().any(|o| *o == cell || *o == G::NAME) {
            continue;
        }
        let (chains, per_chain) = system.generators_needed(n, m).expect("shape");
        let gens = Generators::<G>::new(per_chain, chains);
        gens.vector().precompute();
        let mut files = Vec::new();
        for _ in 0..batch {
            let values: Vec<u64> = (0..m).map(|_| rand::Rng::gen::<u64>(&mut rng) >> (64 - n)).collect();
            let blindings: Vec<G::Scalar> = (0..m).map(|_| G::Scalar::random(&mut rng)).collect();
            let (p, c) =
                system.prove(&gens, &mut Transcript::new(b"profile"), &values, &blindings, n, &mut rng).expect("prove");
            files.push((p.to_bytes(), c));
        }
        let (mut dec, mut stm, mut terms, mut msm) = (vec![], vec![], vec![], vec![]);
        for _ in 0..reps {
            let t = Instant::now();
            let proofs: Vec<AnyRangeProof<G>> =
                files.iter().map(|(b, _)| system.decode::<G>(b, n, m).expect("decode")).collect();
            dec.push(t.elapsed());
            let t = Instant::now();
            let statements: Vec<RangeStatement<G>> =
                files.iter().map(|(_, c)| RangeStatement::new(n, c).expect("statement")).collect();
            stm.push(t.elapsed());
            let t = Instant::now();
            let mut eq = Equation::<G>::new();
            for (p, s) in proofs.iter().zip(&statements) {
                let w = G::Scalar::random(&mut rng);
                let c = G::Scalar::random(&mut rng);
                p.add_terms(s, &mut Transcript::new(b"profile"), w, c, &mut eq).expect("terms");
            }
            terms.push(t.elapsed());
            let t = Instant::now();
            assert!(eq.is_identity(&gens).expect("sum"));
            msm.push(t.elapsed());
        }
        let per = |v: Vec<Duration>| median(v).as_secs_f64() * 1e6 / batch as f64;
        println!(
            "{:>9} {:<24} per proof (µs): decode {:7.1}  commitments {:6.1}  terms {:7.1}  msm {:7.1}",
            G::NAME,
            system.name(),
            per(dec),
            per(stm),
            per(terms),
            per(msm)
        );
    }
}

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let only: Vec<String> = std::env::args().skip(1).filter(|a| a.parse::<usize>().is_err()).collect();
    let batch = args.first().copied().unwrap_or(64);
    let n = args.get(1).copied().unwrap_or(64);
    let m = args.get(2).copied().unwrap_or(1);
    let reps = args.get(3).copied().unwrap_or(5);
    println!("batch of {batch} proofs, {m} × {n} bits");
    profile::<Ristretto255>(batch, n, m, reps, &only);
    profile::<Secp256k1>(batch, n, m, reps, &only);
}
