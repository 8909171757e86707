//! Owner recovery (Bulletproofs and Bulletproofs+, through the run-time
//! interface `RangeSystem::prove_recoverable` / `DynRangeProof::recover`):
//! the seed's holder (with the output id) gets the values, blindings and
//! message back; anyone else, or any altered input, gets an error, never a
//! wrong opening; outputs with their own ids never share a blinding.
//! Bulletproofs++ refuses recovery (see its module documentation).

mod common;

use ballistic::equation::verify_dyn;
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::{message_capacity, DynRangeProof, Recovered, MAX_MESSAGE_LEN, MAX_RECOVERABLE_VALUES};
use ballistic::{BulletproofGens, PedersenGens, ProofError, RangeProofPlus, RangeShape, RangeStatement, RangeSystem};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// The systems with owner recovery.
const RECOVERABLE: [RangeSystem; 2] = [RangeSystem::Bulletproofs, RangeSystem::BulletproofsPlus];

type Made<G> = (Box<dyn DynRangeProof<G>>, Vec<<G as Group>::Compressed>, Vec<<G as Group>::Scalar>);

#[allow(clippy::too_many_arguments)]
fn prove<G: Group>(
    system: RangeSystem,
    bp: &BulletproofGens<G>,
    pc: &PedersenGens<G>,
    label: &'static [u8],
    values: &[u64],
    n: usize,
    seed: &[u8; 32],
    id: &[u8],
    message: &[u8],
) -> Result<Made<G>, ProofError> {
    system
        .prove_recoverable::<G>(bp, pc, &mut Transcript::new(label), values, n, seed, id, message)
        .map(|(p, c, b)| (p, c, b.to_vec()))
}

fn verifies<G: Group>(
    proof: &dyn DynRangeProof<G>,
    bp: &BulletproofGens<G>,
    pc: &PedersenGens<G>,
    label: &'static [u8],
    c: &[G::Compressed],
    n: usize,
) -> bool {
    let statement = RangeStatement::new(n, c).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(0);
    verify_dyn(proof, &statement, &mut Transcript::new(label), bp, pc, &mut rng).is_ok()
}

fn round_trip<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let bp = BulletproofGens::<G>::new(64, 8);
    let pc = PedersenGens::<G>::default();
    let seed: [u8; 32] = rng.gen();
    for system in RECOVERABLE {
        // One 64-bit case per system; the rest small (n ≤ 16).
        for (n, m) in [(64usize, 1usize), (8, 1), (1, 1), (16, 2), (16, 3), (7, 3)] {
            let max = RangeShape::new(n, m).unwrap().max_value();
            let cap = message_capacity(m).unwrap();
            for (k, len) in [0, 1, cap].into_iter().enumerate() {
                if n == 64 && k != 2 {
                    continue;
                }
                let values: Vec<u64> = match k {
                    0 => vec![max; m],
                    1 => vec![0; m],
                    _ => (0..m).map(|_| rng.gen::<u64>() & max).collect(),
                };
                let message: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
                let (proof, commitments, blindings) =
                    prove(system, &bp, &pc, b"wallet/7", &values, n, &seed, b"out 1", &message).unwrap();
                // A recoverable proof is an ordinary proof to a verifier.
                assert!(verifies(&*proof, &bp, &pc, b"wallet/7", &commitments, n), "{system:?} n={n} m={m}");
                let Recovered { openings, message: got } =
                    proof.recover(&pc, &mut Transcript::new(b"wallet/7"), &commitments, n, &seed, b"out 1").unwrap();
                assert_eq!(openings.len(), m);
                for ((o, v), b) in openings.iter().zip(&values).zip(&blindings) {
                    assert_eq!(o.value, *v, "{system:?} n={n} m={m}");
                    assert_eq!(o.blinding, *b);
                }
                assert_eq!(&got[..], &message[..], "{system:?} n={n} m={m} len={len}");
                // The bytes round-trip and still recover.
                let back = system.decode::<G>(&proof.to_bytes(), n, m).unwrap();
                let again = back.recover(&pc, &mut Transcript::new(b"wallet/7"), &commitments, n, &seed, b"out 1");
                assert_eq!(again.map(|r| r.openings), Ok(openings));
            }
        }
    }
}

fn wrong_inputs_recover_nothing<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let bp = BulletproofGens::<G>::new(16, 4);
    let pc = PedersenGens::<G>::default();
    let seed: [u8; 32] = rng.gen();
    let values = [12345u64, 678];
    for system in RECOVERABLE {
        let (proof, commitments, _) = prove(system, &bp, &pc, b"ctx", &values, 16, &seed, b"id", b"hi").unwrap();
        let recover = |proof: &dyn DynRangeProof<G>,
                       seed: &[u8; 32],
                       label: &'static [u8],
                       commitments: &[G::Compressed],
                       n: usize,
                       id: &[u8]| {
            proof.recover(&pc, &mut Transcript::new(label), commitments, n, seed, id).map(|r| r.openings.len())
        };
        assert_eq!(recover(&*proof, &seed, b"ctx", &commitments, 16, b"id"), Ok(2));
        // Another output id recovers nothing; an empty or oversized id is refused.
        assert_eq!(recover(&*proof, &seed, b"ctx", &commitments, 16, b"ie"), Err(ProofError::RecoveryFailed));
        assert_eq!(recover(&*proof, &seed, b"ctx", &commitments, 16, b""), Err(ProofError::InvalidOutputId { len: 0 }));
        let long = vec![1u8; ballistic::range::MAX_OUTPUT_ID + 1];
        assert!(matches!(
            prove(system, &bp, &pc, b"ctx", &values, 16, &seed, &long, b""),
            Err(ProofError::InvalidOutputId { .. })
        ));
        assert!(matches!(
            prove(system, &bp, &pc, b"ctx", &values, 16, &seed, b"", b""),
            Err(ProofError::InvalidOutputId { len: 0 })
        ));
        // Wrong seed, label, order of commitments, n, number of commitments.
        let mut other = seed;
        other[0] ^= 1;
        assert_eq!(recover(&*proof, &other, b"ctx", &commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        assert_eq!(recover(&*proof, &rng.gen(), b"ctx", &commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        assert_eq!(recover(&*proof, &seed, b"other ctx", &commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        let swapped = [commitments[1], commitments[0]];
        assert_eq!(recover(&*proof, &seed, b"ctx", &swapped, 16, b"id"), Err(ProofError::RecoveryFailed));
        // Another commitment in place of one (same seed, another output).
        let (_, foreign, _) = prove(system, &bp, &pc, b"ctx", &values, 16, &seed, b"id 2", b"hi").unwrap();
        let mixed = [commitments[0], foreign[1]];
        assert_eq!(recover(&*proof, &seed, b"ctx", &mixed, 16, b"id"), Err(ProofError::RecoveryFailed));
        // n = 15 keeps the padded length 32: the transcript differs.
        assert_eq!(recover(&*proof, &seed, b"ctx", &commitments, 15, b"id"), Err(ProofError::RecoveryFailed));
        assert!(recover(&*proof, &seed, b"ctx", &commitments, 8, b"id").is_err());
        assert!(recover(&*proof, &seed, b"ctx", &commitments[..1], 16, b"id").is_err());
        let four = [commitments[0], commitments[1], commitments[0], commitments[1]];
        assert_eq!(
            recover(&*proof, &seed, b"ctx", &four, 16, b"id"),
            Err(ProofError::InvalidAggregation { values: 4 })
        );
        // Tampered proof bytes: every scalar and point, one bit flipped (an
        // invalid encoding is a decode error). Anything that decodes
        // recovers nothing — or, where the field plays no part in recovery
        // (Bulletproofs' t̂, τ_x and inner-product argument; Bulletproofs+'
        // r', s'), the true openings and message: never a wrong one.
        let truth = proof.recover(&pc, &mut Transcript::new(b"ctx"), &commitments, 16, &seed, b"id").unwrap();
        let bytes = proof.to_bytes();
        for offset in (0..bytes.len()).step_by(8) {
            let mut b = bytes.clone();
            b[offset] ^= 0x04;
            if let Ok(p) = system.decode::<G>(&b, 16, 2) {
                match p.recover(&pc, &mut Transcript::new(b"ctx"), &commitments, 16, &seed, b"id") {
                    Err(e) => assert_eq!(e, ProofError::RecoveryFailed, "{system:?}: byte {offset} flipped"),
                    Ok(r) => {
                        assert_eq!(r, truth, "{system:?}: byte {offset} flipped");
                        // Never the field carrying the payload (Bulletproofs'
                        // μ after t̂ and τ_x; Bulletproofs+' δ', last) or a
                        // point before it.
                        let carrier = match system {
                            RangeSystem::Bulletproofs => 4 * G::POINT_LEN + 64,
                            _ => bytes.len() - 32,
                        };
                        assert!(!(carrier..carrier + 32).contains(&offset), "{system:?} {offset}");
                        assert!(offset >= 4 * G::POINT_LEN, "{system:?} {offset}");
                    }
                }
            }
        }
        // An ordinary (random-nonce) proof recovers nothing, whatever the seed.
        let blindings: Vec<G::Scalar> = (0..2).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
        let (plain, plain_commitments) =
            system.prove::<G, _>(&bp, &pc, &mut Transcript::new(b"ctx"), &values, &blindings, 16, &mut rng).unwrap();
        assert_eq!(recover(&*plain, &seed, b"ctx", &plain_commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        // Too many values for the payload; a message too long.
        let four = [1u64; MAX_RECOVERABLE_VALUES + 1];
        assert!(matches!(
            prove(system, &bp, &pc, b"ctx", &four, 8, &seed, b"id", b""),
            Err(ProofError::InvalidAggregation { .. })
        ));
        for m in 1..=MAX_RECOVERABLE_VALUES {
            let cap = message_capacity(m).unwrap();
            let r = prove(system, &bp, &pc, b"ctx", &vec![1; m], 8, &seed, b"id", &vec![0; cap + 1]);
            assert_eq!(r.map(|_| ()), Err(ProofError::MessageTooLong { len: cap + 1, capacity: cap }));
        }
        assert_eq!(message_capacity(1), Ok(MAX_MESSAGE_LEN));
        // Out-of-range values are refused as for any proof.
        assert_eq!(
            prove(system, &bp, &pc, b"ctx", &[256], 8, &seed, b"id", b"").map(|_| ()),
            Err(ProofError::ValueOutOfRange { index: 0, bits: 8 })
        );
    }
}

/// Bulletproofs++ has no recovery: both directions refuse.
fn plus_plus_refuses<G: Group>() {
    let bp = BulletproofGens::<G>::new(16, 4);
    let pc = PedersenGens::<G>::default();
    let seed = [3u8; 32];
    let r = prove(RangeSystem::BulletproofsPlusPlus, &bp, &pc, b"ctx", &[5], 16, &seed, b"id", b"");
    assert_eq!(r.map(|_| ()), Err(ProofError::RecoveryUnsupported { system: "bulletproofs-plus-plus" }));
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let blinding = <G::Scalar as ScalarOps>::random(&mut rng);
    let (plain, c) = RangeSystem::BulletproofsPlusPlus
        .prove::<G, _>(&bp, &pc, &mut Transcript::new(b"ctx"), &[5], &[blinding], 16, &mut rng)
        .unwrap();
    let r = plain.recover(&pc, &mut Transcript::new(b"ctx"), &c, 16, &seed, b"id");
    assert_eq!(r.map(|_| ()), Err(ProofError::RecoveryUnsupported { system: "bulletproofs-plus-plus" }));
}

fn contexts_separate_proofs<G: Group>() {
    let bp = BulletproofGens::<G>::new(64, 1);
    let pc = PedersenGens::<G>::default();
    let seed = [7u8; 32];
    for system in RECOVERABLE {
        let prove = |label: &'static [u8], id: &[u8]| prove(system, &bp, &pc, label, &[5], 64, &seed, id, b"").unwrap();
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
}

/// The flaw the output id fixes: with blindings derived from the seed and
/// the label alone, two proofs under one seed and label shared their
/// blindings, and `V_1 − V_2 = (v_1 − v_2)·B` revealed the difference of the
/// values. With an id per output, no two proofs share a blinding — over
/// random seeds, labels, values and distinct ids, and across systems — and
/// the difference of two commitments is not `(v_1 − v_2)·B`. (The same seed
/// and id twice is the caller's error: those two outputs share blindings.)
fn outputs_never_share_blindings<G: Group>() {
    let bp = BulletproofGens::<G>::new(16, 2);
    let pc = PedersenGens::<G>::default();
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let mut seen = std::collections::HashSet::new();
    let mut ids = std::collections::HashSet::new();
    for case in 0..24 {
        let seed: [u8; 32] = if case % 3 == 0 { [9u8; 32] } else { rng.gen() };
        let label: &'static [u8] = [b"wallet".as_slice(), b"wallet 2", b""][case % 3];
        let id: Vec<u8> = (0..rng.gen_range(1..40)).map(|_| rng.gen()).collect();
        if !ids.insert(id.clone()) {
            continue;
        }
        let values = [rng.gen::<u8>() as u64, if case % 2 == 0 { 7 } else { rng.gen::<u8>() as u64 }];
        let system = RECOVERABLE[case % 2];
        let (_, commitments, blindings) = prove(system, &bp, &pc, label, &values, 8, &seed, &id, b"").unwrap();
        for b in &blindings {
            assert!(seen.insert(b.to_bytes().to_vec()), "a blinding was used twice");
        }
        assert_ne!(commitments[0], commitments[1]);
    }
    // Same seed and label, values 1000 and 1001 in two outputs: V_2 − V_1 is not B.
    let seed = [1u8; 32];
    let one = |v: u64, id: &[u8]| {
        let (_, c, _) =
            RangeProofPlus::<G>::prove_recoverable(&bp, &pc, &mut Transcript::new(b"w"), &[v], 16, &seed, id, b"")
                .unwrap();
        G::decompress(&c[0]).unwrap()
    };
    let (v1, v2) = (one(1000, b"a"), one(1001, b"b"));
    assert_ne!(G::compress(&(v2 - v1)), G::compress(&pc.commit(&G::Scalar::one(), &G::Scalar::zero())));
}

/// Prove time with and without recovery, 64-bit, one value, interleaved
/// (one of each per round, medians: the machine's load drifts) (release
/// mode: `cargo test --release -p ballistic --test recovery -- --ignored
/// --nocapture`). Prints; asserts nothing about time.
#[test]
#[ignore]
fn recovery_overhead() {
    type G = ballistic::Ristretto255;
    let bp = BulletproofGens::<G>::new(64, 1);
    let pc = PedersenGens::<G>::default();
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let seed = [4u8; 32];
    let reps = 300;
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for system in RECOVERABLE {
        let blinding = <<G as Group>::Scalar as ScalarOps>::random(&mut rng);
        let (p, c, _) = prove(system, &bp, &pc, b"t", &[77], 64, &seed, b"id", b"memo").unwrap();
        let (mut plain, mut recoverable, mut recover) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..reps {
            let start = std::time::Instant::now();
            system.prove::<G, _>(&bp, &pc, &mut Transcript::new(b"t"), &[77], &[blinding], 64, &mut rng).unwrap();
            plain.push(start.elapsed().as_secs_f64());
            let start = std::time::Instant::now();
            prove(system, &bp, &pc, b"t", &[77], 64, &seed, b"id", b"memo").unwrap();
            recoverable.push(start.elapsed().as_secs_f64());
            let start = std::time::Instant::now();
            p.recover(&pc, &mut Transcript::new(b"t"), &c, 64, &seed, b"id").unwrap();
            recover.push(start.elapsed().as_secs_f64());
        }
        let (plain, recoverable, recover) = (median(plain), median(recoverable), median(recover));
        println!(
            "{system:?}: prove {:.1} µs, prove_recoverable {:.1} µs (×{:.3}), recover {:.1} µs (medians of {reps})",
            plain * 1e6,
            recoverable * 1e6,
            recoverable / plain,
            recover * 1e6
        );
    }
}

/// An adversary who knows where the message sits shifts Bulletproofs' `μ`
/// by `2^72` (the message's first byte, one more): the payload stays
/// well-formed and the commitments still open, but `T₂`'s nonce key binds
/// the payload, so recovery refuses instead of returning another message.
fn message_shift_is_refused<G: Group>() {
    let bp = BulletproofGens::<G>::new(16, 1);
    let pc = PedersenGens::<G>::default();
    let seed = [8u8; 32];
    let system = RangeSystem::Bulletproofs;
    let (proof, c, _) = prove(system, &bp, &pc, b"ctx", &[42], 16, &seed, b"id", b"hi").unwrap();
    let mut bytes = proof.to_bytes();
    let at = 4 * G::POINT_LEN + 64;
    let mu = <G::Scalar as ScalarOps>::from_canonical_bytes(&bytes[at..at + 32].try_into().unwrap()).unwrap();
    let mut shift = [0u8; 32];
    shift[9] = 1;
    let shifted = mu + <G::Scalar as ScalarOps>::from_canonical_bytes(&shift).unwrap();
    bytes[at..at + 32].copy_from_slice(&shifted.to_bytes());
    let tampered = system.decode::<G>(&bytes, 16, 1).unwrap();
    let r = tampered.recover(&pc, &mut Transcript::new(b"ctx"), &c, 16, &seed, b"id");
    assert_eq!(r.map(|r| r.message.to_vec()), Err(ProofError::RecoveryFailed));
}

for_each_group!(
    round_trip,
    wrong_inputs_recover_nothing,
    plus_plus_refuses,
    message_shift_is_refused,
    contexts_separate_proofs,
    outputs_never_share_blindings
);
