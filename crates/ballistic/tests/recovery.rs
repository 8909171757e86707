//! Owner recovery for Bulletproofs+: the seed's holder (with the output id)
//! gets the values and blindings back; anyone else gets an error; outputs
//! with their own ids never share a blinding.

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
            let (proof, commitments, blindings) = RangeProofPlus::<G>::prove_recoverable(
                &bp,
                &pc,
                &mut Transcript::new(b"wallet/7"),
                &values,
                n,
                &seed,
                b"out 1",
            )
            .unwrap();
            // A recoverable proof is an ordinary proof to a verifier.
            proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"wallet/7"), &commitments, n).unwrap();
            let openings =
                proof.recover(&pc, &mut Transcript::new(b"wallet/7"), &commitments, n, &seed, b"out 1").unwrap();
            assert_eq!(openings.len(), m);
            for ((o, v), b) in openings.iter().zip(&values).zip(blindings.iter()) {
                assert_eq!(o.value, *v, "n={n} m={m}");
                assert_eq!(o.blinding, *b);
            }
            // The bytes round-trip and still recover.
            let back = RangeProofPlus::<G>::from_bytes(&proof.to_bytes()).unwrap();
            assert!(back.recover(&pc, &mut Transcript::new(b"wallet/7"), &commitments, n, &seed, b"out 1").is_ok());
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
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &values, 32, &seed, b"id")
            .unwrap();
    let recover = |seed: &[u8; 32], label: &'static [u8], commitments: &[G::Compressed], n: usize| {
        proof.recover(&pc, &mut Transcript::new(label), commitments, n, seed, b"id").map(|o| o.len())
    };
    // Another output id recovers nothing; an empty or oversized id is refused.
    assert_eq!(
        proof.recover(&pc, &mut Transcript::new(b"ctx"), &commitments, 32, &seed, b"ie").map(|o| o.len()),
        Err(ProofError::RecoveryFailed)
    );
    assert_eq!(
        proof.recover(&pc, &mut Transcript::new(b"ctx"), &commitments, 32, &seed, b"").map(|o| o.len()),
        Err(ProofError::InvalidOutputId { len: 0 })
    );
    let long = vec![1u8; ballistic::range::MAX_OUTPUT_ID + 1];
    assert!(matches!(
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &values, 32, &seed, &long),
        Err(ProofError::InvalidOutputId { .. })
    ));
    assert!(matches!(
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &values, 32, &seed, b""),
        Err(ProofError::InvalidOutputId { len: 0 })
    ));
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
        plain.recover(&pc, &mut Transcript::new(b"ctx"), &plain_commitments, 32, &seed, b"id").map(|o| o.len()),
        Err(ProofError::RecoveryFailed)
    );
    // Too many values for the payload.
    let four = [1u64; MAX_RECOVERABLE_VALUES + 1];
    assert!(matches!(
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &four, 8, &seed, b"id"),
        Err(ProofError::InvalidAggregation { .. })
    ));
    // Out-of-range values are refused as for any proof.
    assert_eq!(
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"ctx"), &[256], 8, &seed, b"id")
            .map(|_| ()),
        Err(ProofError::ValueOutOfRange { index: 0, bits: 8 })
    );
}

fn contexts_separate_proofs<G: Group>() {
    let bp = BulletproofGens::<G>::new(64, 1);
    let pc = PedersenGens::<G>::default();
    let seed = [7u8; 32];
    let prove = |label: &'static [u8], id: &[u8]| {
        RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(label), &[5], 64, &seed, id).unwrap()
    };
    let (p1, c1, _) = prove(b"output 1", b"id 1");
    let (p2, c2, _) = prove(b"output 2", b"id 2");
    let (p1_again, c1_again, _) = prove(b"output 1", b"id 1");
    // Different outputs: unrelated commitments and proofs.
    assert_ne!(c1, c2);
    assert_ne!(p1.to_bytes(), p2.to_bytes());
    // The same context, seed, id and value: the same (deterministic) proof.
    assert_eq!(c1, c1_again);
    assert_eq!(p1.to_bytes(), p1_again.to_bytes());
}

/// The flaw this fixes: with blindings derived from the seed and the label
/// alone, two proofs under one seed and label shared their blindings, and
/// `V_1 − V_2 = (v_1 − v_2)·B` revealed the difference of the values. With an
/// id per output, no two proofs share a blinding — over seeds, labels,
/// values and ids — and the difference of two commitments is not
/// `(v_1 − v_2)·B`.
fn outputs_never_share_blindings<G: Group>() {
    let bp = BulletproofGens::<G>::new(16, 2);
    let pc = PedersenGens::<G>::default();
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let seeds: [[u8; 32]; 2] = [rng.gen(), rng.gen()];
    let labels: [&'static [u8]; 2] = [b"wallet", b"wallet 2"];
    let mut seen: Vec<Vec<u8>> = Vec::new();
    let mut id = 0u64;
    for seed in &seeds {
        for label in labels {
            for values in [[1000u64, 1000], [1000, 1001], [rng.gen::<u16>() as u64, 0]] {
                id += 1;
                let (_, commitments, blindings) = RangeProofPlus::<G>::prove_recoverable(
                    &bp,
                    &pc,
                    &mut Transcript::new(label),
                    &values,
                    16,
                    seed,
                    &id.to_le_bytes(),
                )
                .unwrap();
                for b in blindings.iter() {
                    let bytes = b.to_bytes().to_vec();
                    assert!(!seen.contains(&bytes), "a blinding was used twice");
                    seen.push(bytes);
                }
                assert_ne!(commitments[0], commitments[1]);
            }
        }
    }
    // Same seed and label, values 1000 and 1001 in two outputs: V_2 − V_1 is not B.
    let prove = |v: u64, id: &[u8]| {
        let (_, c, _) =
            RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"w"), &[v], 16, &seeds[0], id)
                .unwrap();
        G::decompress(&c[0]).unwrap()
    };
    let (v1, v2) = (prove(1000, b"a"), prove(1001, b"b"));
    assert_ne!(G::compress(&(v2 - v1)), G::compress(&pc.commit(&G::Scalar::one(), &G::Scalar::zero())));
}

for_each_group!(round_trip, wrong_inputs_recover_nothing, contexts_separate_proofs, outputs_never_share_blindings);
