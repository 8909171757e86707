//! Profile helper: prove, verify or batch-verify one shape in a loop, for
//! any system on either group (one thread unless built with `rayon`):
//! `cargo run --release -p ballistic --example prove_loop -- GROUP SYSTEM N M ITERS [prove | verify | batch K]`,
//! e.g. `… -- secp256k1 bp 64 1 200 verify` (systems: bp, bp+, bppp; see
//! the CLI's `--system` names). Prints the mean time per operation.
use ballistic::group::GroupId;
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::AnyRangeProof;
use ballistic::Verifiable;
use ballistic::{with_group, Generators, RangeStatement, RangeSystem};
use rand::SeedableRng;

fn run<G: Group>(system: RangeSystem, n: usize, m: usize, iters: usize, mode: &str, batch: usize) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let (chains, per_chain) = system.generators_needed(n, m).expect("shape");
    let gens = Generators::<G>::new(per_chain, chains);
    gens.vector().precompute();
    let values: Vec<u64> = (0..m as u64).collect();
    let blindings: Vec<G::Scalar> = (0..m).map(|_| G::Scalar::random(&mut rng)).collect();
    let prove = |rng: &mut rand_chacha::ChaCha20Rng| {
        system.prove(&gens, &mut Transcript::new(b"p"), &values, &blindings, n, rng).expect("prove")
    };
    let proofs: Vec<_> = (0..batch.max(1)).map(|_| prove(&mut rng)).map(|(p, c)| (p.to_bytes(), c)).collect();
    let start = std::time::Instant::now();
    for _ in 0..iters {
        match mode {
            "prove" => {
                let _ = prove(&mut rng);
            }
            "verify" => {
                let (bytes, commitments) = &proofs[0];
                let proof = system.decode::<G>(bytes, n, m).expect("decode");
                let statement = RangeStatement::new(n, commitments).expect("statement");
                // What `Verifiable::verify` does, through the trait object.
                let mut eq = ballistic::Equation::<G>::new();
                let combine = G::Scalar::random(&mut rng);
                proof
                    .add_terms(&statement, &mut Transcript::new(b"p"), G::Scalar::one(), combine, &mut eq)
                    .expect("terms");
                eq.verify(&gens).expect("verify");
            }
            _ => {
                let decoded: Vec<AnyRangeProof<G>> =
                    proofs.iter().map(|(b, _)| system.decode::<G>(b, n, m).expect("decode")).collect();
                let statements: Vec<RangeStatement<G>> =
                    proofs.iter().map(|(_, c)| RangeStatement::new(n, c).expect("statement")).collect();
                let mut eq = ballistic::Equation::<G>::new();
                for (p, s) in decoded.iter().zip(&statements) {
                    let w = G::Scalar::random(&mut rng);
                    let c = G::Scalar::random(&mut rng);
                    p.add_terms(s, &mut Transcript::new(b"p"), w, c, &mut eq).expect("terms");
                }
                assert!(eq.is_identity(&gens).expect("sum"));
            }
        }
    }
    println!("{:.3} ms per op", start.elapsed().as_secs_f64() * 1e3 / iters as f64);
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
    let (n, m, iters) = (num(2, 64), num(3, 1), num(4, 100));
    let mode = if arg(5).is_empty() { "prove" } else { arg(5) };
    let batch = if mode == "batch" { num(6, 64) } else { 1 };
    with_group!(group, G => run::<G>(system, n, m, iters, mode, batch));
}
