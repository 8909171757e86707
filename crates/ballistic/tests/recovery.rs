//! Owner recovery for Bulletproofs+: the seed's holder gets the values and
//! blindings back; anyone else gets an error.

mod common;

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::MAX_RECOVERABLE_VALUES;
use ballistic::{BulletproofGens, PedersenGens, ProofError, RangeProofPlus, RangeShape};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn round_trip<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let bp = BulletproofGens::<G>::new(64, 8);
    let pc = PedersenGens::<G>::default();
    let seed: [u8; 32] = rng.gen();
    for (n, m) in [(64usize, 1usize), (8, 1), (1, 1), (32, 2), (64, 3), (7, 3)] {
        let max = RangeShape::new(n, m).unwrap().max_value();
        for values in [vec![max; m], vec![0; m], (0..m).map(|_| rng.gen::<u64>() & max).collect()] {
            let (proof, commitments, blindings) =
                RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"wallet/7"), &values, n, &seed)
                    .unwrap();
            // A recoverable proof is an ordinary proof to a verifier.
            proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"wallet/7"), &commitments, n).unwrap();
            let openings = proof.recover(&pc, &mut Transcript::new(b"wallet/7"), &commitments, n, &seed).unwrap();
            assert_eq!(openings.len(), m);
            for ((o, v), b) in openings.iter().zip(&values).zip(blindings.iter()) {
                assert_eq!(o.value, *v, "n={n} m={m}");
                assert_eq!(o.blinding, *b);
            }
            // The bytes round-trip and still recover.
            let back = RangeProofPlus::<G>::from_bytes(&proof.to_bytes()).unwrap();
            assert!(back.recover(&pc, &mut Transcript::new(b"wallet/7"), &commitments, n, &seed).is_ok());
        }
    }
}

fn wrong_inputs_recover_nothing<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let bp = BulletproofGens::<G>::new(64, 4);
    let pc = PedersenGens::<G>::default();
    let seed: [u8; 32] = rng.gen();
    let values = [12345u64, 678];
    let (proof, commitments, _) =
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &values, 32, &seed).unwrap();
    let recover = |seed: &[u8; 32], label: &'static [u8], commitments: &[G::Compressed], n: usize| {
        proof.recover(&pc, &mut Transcript::new(label), commitments, n, seed).map(|o| o.len())
    };
    assert_eq!(recover(&seed, b"ctx", &commitments, 32), Ok(2));
    let mut other = seed;
    other[0] ^= 1;
    assert_eq!(recover(&other, b"ctx", &commitments, 32), Err(ProofError::RecoveryFailed));
    assert_eq!(recover(&rng.gen(), b"ctx", &commitments, 32), Err(ProofError::RecoveryFailed));
    assert_eq!(recover(&seed, b"other ctx", &commitments, 32), Err(ProofError::RecoveryFailed));
    assert_eq!(recover(&seed, b"ctx", &[commitments[1], commitments[0]], 32), Err(ProofError::RecoveryFailed));
    assert!(recover(&seed, b"ctx", &commitments, 31).is_err());
    assert!(recover(&seed, b"ctx", &commitments[..1], 32).is_err());
    // An ordinary (random-nonce) proof recovers nothing, whatever the seed.
    let blindings: Vec<G::Scalar> = (0..2).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
    let (plain, plain_commitments) = RangeProofPlus::<G>::prove_multiple_with_rng(
        &bp,
        &pc,
        &mut Transcript::new(b"ctx"),
        &values,
        &blindings,
        32,
        &mut rng,
    )
    .unwrap();
    assert_eq!(
        plain.recover(&pc, &mut Transcript::new(b"ctx"), &plain_commitments, 32, &seed).map(|o| o.len()),
        Err(ProofError::RecoveryFailed)
    );
    // Too many values for the payload.
    let four = [1u64; MAX_RECOVERABLE_VALUES + 1];
    assert!(matches!(
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &four, 8, &seed),
        Err(ProofError::InvalidAggregation { .. })
    ));
    // Out-of-range values are refused as for any proof.
    assert_eq!(
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &[256], 8, &seed).map(|_| ()),
        Err(ProofError::ValueOutOfRange { index: 0, bits: 8 })
    );
}

fn contexts_separate_proofs<G: Group>() {
    let bp = BulletproofGens::<G>::new(64, 1);
    let pc = PedersenGens::<G>::default();
    let seed = [7u8; 32];
    let prove = |label: &'static [u8]| {
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(label), &[5], 64, &seed).unwrap()
    };
    let (p1, c1, _) = prove(b"output 1");
    let (p2, c2, _) = prove(b"output 2");
    let (p1_again, c1_again, _) = prove(b"output 1");
    // Different contexts: unrelated commitments and proofs.
    assert_ne!(c1, c2);
    assert_ne!(p1.to_bytes(), p2.to_bytes());
    // The same context, seed and value: the same (deterministic) proof.
    assert_eq!(c1, c1_again);
    assert_eq!(p1.to_bytes(), p1_again.to_bytes());
}

for_each_group!(round_trip, wrong_inputs_recover_nothing, contexts_separate_proofs);
