//! The `rayon` feature's parallel paths give exactly the serial results:
//! batch accumulation (the same verdict and the same named invalid claims),
//! chunked multiscalar multiplications in the range provers and the R1CS
//! prover (byte-identical proofs from the same RNG stream on one thread and
//! on several). scripts/test builds every test with the feature, so the
//! rest of the suite runs the parallel paths too; the few lines compiled
//! only without it (the serial fold over a batch of several claims, the
//! store's serial decode) run in the Python and C suites (built without
//! the feature) and in a plain `cargo test -p ballistic`.
//!
//! Compiled only with the feature:
//! `cargo test -p ballistic --features rayon --test integration -- parallel::`.

use ballistic::batch::{self, Claim, Item};
use ballistic::circuit::gadgets::range;
use ballistic::circuit::{Prover, Verifier};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::RangeProofSystem;
use ballistic::{Generators, RangeProof, RangeProofPlus, RangeStatement, Ristretto255, Secp256k1};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// A proof of any system, its commitments and its bit size.
type Proved<G> = (ballistic::AnyRangeProof<G>, Vec<<G as Group>::Compressed>, usize);

/// A batch of mixed shapes and systems with two bad members names exactly
/// those two on one, two and four threads; the honest part verifies.
fn parallel_batch_names_the_same_claims<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let gens = Generators::<G>::new(64, 4);
    let mut proofs: Vec<Proved<G>> = Vec::new();
    for (k, (n, m)) in [(64, 1), (8, 2), (32, 4), (64, 2), (16, 1), (64, 1), (32, 2)].into_iter().enumerate() {
        let values: Vec<u64> = (0..m as u64).map(|v| v + k as u64).collect();
        let blindings: Vec<_> = (0..m).map(|_| G::Scalar::random(&mut rng)).collect();
        let mut t = Transcript::new(b"par");
        if k % 2 == 0 {
            let (p, c) =
                RangeProof::<G>::prove_multiple_with_rng(&gens, &mut t, &values, &blindings, n, &mut rng).unwrap();
            proofs.push((p.into_any(), c, n));
        } else {
            let (p, c) =
                RangeProofPlus::<G>::prove_multiple_with_rng(&gens, &mut t, &values, &blindings, n, &mut rng).unwrap();
            proofs.push((p.into_any(), c, n));
        }
    }
    let verdict = |proofs: &[Proved<G>], threads: usize| {
        let statements: Vec<_> = proofs.iter().map(|(_, c, n)| RangeStatement::new(*n, c).unwrap()).collect();
        let items: Vec<_> =
            proofs.iter().zip(&statements).map(|((p, _, _), s)| Item::new(p, s, Transcript::new(b"par"))).collect();
        let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
        pool(threads).install(|| batch::verify(&gens, &claims, &mut ChaCha20Rng::seed_from_u64(7)))
    };
    for threads in [1, 2, 4] {
        assert_eq!(verdict(&proofs, threads), Ok(()), "{threads} threads");
    }
    // Proof 2 claims the wrong bit size; proof 4 has another's commitment.
    proofs[2].2 = 16;
    proofs[4].1 = proofs[5].1.clone();
    for threads in [1, 2, 4] {
        let err = verdict(&proofs, threads).unwrap_err();
        assert_eq!(err.indices(), vec![2, 4], "{threads} threads");
    }
}

/// Range proofs made on one thread and on two from the same RNG stream are
/// the same bytes, for shapes that take every parallel path.
fn parallel_range_prover_equals_serial<G: Group>() {
    let gens = Generators::<G>::new(64, 8);
    // (64, 4) on secp256k1: the inner-product prover materialises its 32
    // generators through the generator table, split across the threads.
    for (n, m) in [(64, 1), (64, 4), (64, 8), (32, 8)] {
        let prove = |threads: usize, plus: bool| {
            pool(threads).install(|| {
                let mut rng = ChaCha20Rng::seed_from_u64(n as u64 * 100 + m as u64);
                let values: Vec<u64> = (0..m as u64).map(|v| v * 12345).collect();
                let blindings: Vec<_> = (0..m).map(|_| G::Scalar::random(&mut rng)).collect();
                let mut t = Transcript::new(b"threads");
                if plus {
                    let (p, c) =
                        RangeProofPlus::<G>::prove_multiple_with_rng(&gens, &mut t, &values, &blindings, n, &mut rng)
                            .unwrap();
                    (p.to_bytes(), c)
                } else {
                    let (p, c) =
                        RangeProof::<G>::prove_multiple_with_rng(&gens, &mut t, &values, &blindings, n, &mut rng)
                            .unwrap();
                    (p.to_bytes(), c)
                }
            })
        };
        for plus in [false, true] {
            assert_eq!(prove(1, plus), prove(2, plus), "n={n} m={m} plus={plus}");
        }
    }
}

/// An R1CS proof of four 64-bit range gadgets (256 multipliers: the chunked
/// MSMs of the prover and the verifier) is the same on one thread and on
/// two, and verifies on both.
fn parallel_r1cs_prover_equals_serial<G: Group>() {
    let gens = Generators::<G>::new(256, 1);
    let values = [0u64, 1, u64::MAX, 0x0123_4567_89ab_cdef];
    let prove = |threads: usize| {
        pool(threads).install(|| {
            let mut rng = ChaCha20Rng::seed_from_u64(11);
            let mut prover = Prover::new(&gens, Transcript::new(b"r1cs threads"));
            let mut commitments = Vec::new();
            for v in values {
                let (c, var) = prover.commit(G::Scalar::from_u64(v), G::Scalar::random(&mut rng));
                range(&mut prover, var.into(), Some(v), 64).unwrap();
                commitments.push(c);
            }
            (prover.prove_with_rng(&mut rng).unwrap(), commitments)
        })
    };
    let (serial, c1) = prove(1);
    let (parallel, c2) = prove(2);
    assert_eq!(serial.to_bytes(), parallel.to_bytes());
    assert_eq!(c1, c2);
    for threads in [1, 2] {
        pool(threads).install(|| {
            let mut verifier = Verifier::new(Transcript::new(b"r1cs threads"));
            for c in &c1 {
                let var = verifier.commit(*c);
                range(&mut verifier, var.into(), None, 64).unwrap();
            }
            verifier.verify_with_rng(&gens, &parallel, &mut ChaCha20Rng::seed_from_u64(9)).unwrap();
        });
    }
}

/// The generator store decodes its files in parallel: the generators
/// loaded on 2 threads are the derived ones, in order.
fn parallel_store_load_equals_derivation<G: Group>() {
    use ballistic::file::{GeneratorStore, StoreStatus};
    let dir = std::env::temp_dir().join(format!("ballistic-parallel-store-{}-{}", G::NAME, std::process::id()));
    let store = GeneratorStore::at(&dir);
    let n = 1 << GeneratorStore::MIN_LOG2;
    store.prebuild::<G>(n).unwrap();
    let derived = ballistic::BulletproofGens::<G>::new(n, 1);
    pool(2).install(|| {
        let (loaded, status) = store.vector::<G>(n);
        assert_eq!(status, StoreStatus::Loaded);
        assert!(loaded.g_chains()[0] == derived.g_chains()[0] && loaded.h_chains()[0] == derived.h_chains()[0]);
    });
    std::fs::remove_dir_all(&dir).unwrap();
}

macro_rules! on_groups {
    ($($test:ident),* $(,)?) => {
        mod ristretto255 { $( #[test] fn $test() { super::$test::<super::Ristretto255>(); } )* }
        mod secp256k1 { $( #[test] fn $test() { super::$test::<super::Secp256k1>(); } )* }
    };
}

on_groups!(
    parallel_store_load_equals_derivation,
    parallel_batch_names_the_same_claims,
    parallel_range_prover_equals_serial,
    parallel_r1cs_prover_equals_serial
);
