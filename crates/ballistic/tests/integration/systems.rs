//! The run-time system tag: a proof of one range system is never accepted
//! as another. `RangeSystem::decode` (and the interval and multi-asset
//! decoders over it) takes the verifier's system; the bytes of a proof of
//! any other system are refused, at decoding or by the equation, for every
//! shape tried, and the decoded proof always reports the system it was
//! decoded as (review finding: the tag must be the decoder's).

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::{asset_generator, MultiAssetStatement, MultiAssetSystem};
use ballistic::{Generators, Interval, RangeStatement, RangeSystem, Ristretto255, Verifiable};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

type G = Ristretto255;

fn blindings(rng: &mut ChaCha20Rng, m: usize) -> Vec<<G as Group>::Scalar> {
    (0..m).map(|_| <<G as Group>::Scalar as ScalarOps>::random(rng)).collect()
}

#[test]
fn range_proof_bytes_never_cross_systems() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    // 7 × 3 pads to 32 positions: five chains of 7.
    let gens = Generators::<G>::new(64, 8);
    for (n, m) in [(8usize, 1usize), (16, 2), (64, 1), (7, 3)] {
        let values: Vec<u64> = (0..m as u64).map(|v| v + 3).collect();
        let bl = blindings(&mut rng, m);
        for prover in RangeSystem::ALL {
            let (p, c) = prover.prove(&gens, &mut Transcript::new(b"t"), &values, &bl, n, &mut rng).unwrap();
            assert_eq!(p.system(), prover);
            let bytes = p.to_bytes();
            let statement = RangeStatement::new(n, &c).unwrap();
            for verifier in RangeSystem::ALL {
                match verifier.decode::<G>(&bytes, n, m) {
                    Ok(d) => {
                        assert_eq!(d.system(), verifier);
                        let ok = d.verify(&gens, &statement, &mut Transcript::new(b"t"), &mut rng).is_ok();
                        assert_eq!(ok, verifier == prover, "{prover:?} bytes as {verifier:?}, n={n} m={m}");
                    }
                    Err(e) => assert_ne!(verifier, prover, "{prover:?} refused its own bytes: {e}"),
                }
            }
        }
    }
}

#[test]
fn interval_proof_bytes_never_cross_systems() {
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    let gens = Generators::<G>::new(64, 4);
    for (lo, hi) in [(10u64, 20u64), (0, u64::MAX), (5, 5 + (1 << 32))] {
        let interval = Interval::new(lo, hi).unwrap();
        let blinding = blindings(&mut rng, 1).remove(0);
        for prover in RangeSystem::ALL {
            let (p, c) = prover
                .prove_interval(&gens, &mut Transcript::new(b"i"), lo + 1, &blinding, interval, &mut rng)
                .unwrap();
            assert_eq!(p.system(), prover);
            let statement = ballistic::IntervalStatement::new(&gens, interval, &c).unwrap();
            for verifier in RangeSystem::ALL {
                if let Ok(d) = verifier.decode_interval::<G>(&p.to_bytes(), interval) {
                    assert_eq!(d.system(), verifier);
                    let ok = d.verify(&gens, &statement, &mut Transcript::new(b"i"), &mut rng).is_ok();
                    assert_eq!(ok, verifier == prover, "{prover:?} interval bytes as {verifier:?}");
                } else {
                    assert_ne!(verifier, prover);
                }
            }
        }
    }
}

#[test]
fn multi_asset_proof_bytes_never_cross_constructions() {
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let gens = Generators::<G>::new(16, 4);
    let (n, values) = (16, [5u64, 9]);
    let hs = [asset_generator::<G>(b"gold"), asset_generator::<G>(b"silver")];
    let hs_c: Vec<_> = hs.iter().map(G::compress).collect();
    for prover in MultiAssetSystem::ALL {
        let bl = blindings(&mut rng, 2);
        let (p, c) = prover.prove(&gens, &mut Transcript::new(b"a"), &values, &bl, &hs, n, &mut rng).unwrap();
        assert_eq!(p.system(), prover);
        let statement = MultiAssetStatement::new(n, &c, &hs_c).unwrap();
        for verifier in MultiAssetSystem::ALL {
            if let Ok(d) = verifier.decode::<G>(&p.to_bytes(), n, 2) {
                assert_eq!(d.system(), verifier);
                let ok = d.verify(&gens, &statement, &mut Transcript::new(b"a"), &mut rng).is_ok();
                assert_eq!(ok, verifier == prover, "{prover:?} bytes as {verifier:?}");
            } else {
                assert_ne!(verifier, prover);
            }
        }
    }
}
