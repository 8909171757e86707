//! Batch verification on one thread against two (the `rayon` feature):
//! `cargo run --release -p ballistic --features rayon --example batch_threads -- [GROUP] [SYSTEM] [K] [ROUNDS]`
//! (defaults: ristretto255, bp, 1,024 proofs, 5 rounds; systems bp, bp+,
//! bppp). Proves `K` distinct 64-bit single-value proofs, then times
//! `ballistic::batch::verify` of all of them (decoded proofs, statements
//! built; the timed region is the call: the transcripts' replays, the
//! terms and the one multiscalar multiplication) in a pool of one thread
//! and in a pool of two, alternating (1, 2, 1, 2, …) after one warm-up
//! call each, and prints the medians and their ratio.
use ballistic::batch::{self, Claim, Item};
use ballistic::group::{Group, GroupId, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{with_group, AnyRangeProof, Generators, RangeStatement, RangeSystem};
use rand::SeedableRng;
use std::time::Instant;

fn run<G: Group>(system: RangeSystem, k: usize, rounds: usize) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
    let (chains, per_chain) = system.generators_needed(64, 1).expect("shape");
    let gens = Generators::<G>::new(per_chain, chains);
    let proofs: Vec<(AnyRangeProof<G>, Vec<G::Compressed>)> = (0..k)
        .map(|i| {
            let blinding = [G::Scalar::random(&mut rng)];
            let value = [i as u64 * 0x9e37_79b9_7f4a_7c15];
            system.prove(&gens, &mut Transcript::new(b"threads"), &value, &blinding, 64, &mut rng).expect("prove")
        })
        .collect();
    let statements: Vec<RangeStatement<G>> =
        proofs.iter().map(|(_, c)| RangeStatement::new(64, c).expect("st")).collect();
    let items: Vec<_> =
        proofs.iter().zip(&statements).map(|((p, _), s)| Item::new(p, s, Transcript::new(b"threads"))).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    let pools: Vec<rayon::ThreadPool> =
        [1, 2].iter().map(|t| rayon::ThreadPoolBuilder::new().num_threads(*t).build().expect("pool")).collect();
    let mut times = [Vec::new(), Vec::new()];
    for round in 0..=rounds {
        for (pool, t) in pools.iter().zip(times.iter_mut()) {
            let start = Instant::now();
            let verdict = pool.install(|| batch::verify(&gens, &claims, &mut rng));
            let elapsed = start.elapsed().as_secs_f64() * 1e3;
            assert!(verdict.is_ok());
            if round > 0 {
                t.push(elapsed);
            }
        }
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (one, two) = (median(&mut times[0]), median(&mut times[1]));
    println!(
        "{} {:?}, batch of {k}: 1 thread {one:.1} ms, 2 threads {two:.1} ms, speed-up {:.2}× (medians of {rounds})",
        G::NAME,
        system,
        one / two
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    let group = GroupId::from_name(arg(0)).unwrap_or(GroupId::Ristretto255);
    let system = match arg(1) {
        "bp+" | "bulletproofs-plus" => RangeSystem::BulletproofsPlus,
        "bppp" | "bulletproofs-plus-plus" => RangeSystem::BulletproofsPlusPlus,
        _ => RangeSystem::Bulletproofs,
    };
    let num = |i: usize, d: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    with_group!(group, G => run::<G>(system, num(2, 1024), num(3, 5)));
}
