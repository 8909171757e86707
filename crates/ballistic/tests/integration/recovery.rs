//! Owner recovery (Bulletproofs, Bulletproofs+ and Bulletproofs++, through
//! the run-time interface `RangeSystem::prove_recoverable` /
//! `AnyRangeProof::recover`): the seed's holder (with the output id) gets
//! the values, blindings and message back; anyone else, or any altered
//! input, gets an error, never a wrong opening; outputs with their own ids
//! never share a blinding. Bulletproofs++ carries its payload sealed in 48
//! more bytes (see its module documentation).

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::{
    message_capacity, AnyRangeProof, Recovered, MAX_MESSAGE_LEN, MAX_OUTPUT_ID, MAX_RECOVERABLE_VALUES,
};
use ballistic::verify_dyn;
use ballistic::{Generators, ProofError, RangeProofPlus, RangeShape, RangeStatement, RangeSystem, RecoveryKey};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// The systems with owner recovery: all.
const RECOVERABLE: [RangeSystem; 3] = RangeSystem::ALL;

type Made<G> = (AnyRangeProof<G>, Vec<<G as Group>::Compressed>, Vec<<G as Group>::Scalar>);

fn prove<G: Group>(
    gens: &Generators<G>,
    system: RangeSystem,
    label: &'static [u8],
    values: &[u64],
    n: usize,
    key: RecoveryKey<'_>,
    message: &[u8],
) -> Result<Made<G>, ProofError> {
    system
        .prove_recoverable::<G>(gens, &mut Transcript::new(label), values, n, key, message)
        .map(|(p, c, b)| (p, c, b.to_vec()))
}

fn verifies<G: Group>(
    gens: &Generators<G>,
    proof: &AnyRangeProof<G>,
    label: &'static [u8],
    c: &[G::Compressed],
    n: usize,
) -> bool {
    let statement = RangeStatement::new(n, c).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(0);
    verify_dyn(gens, proof, &statement, &mut Transcript::new(label), &mut rng).is_ok()
}

fn round_trip<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let gens = Generators::<G>::new(64, 8);
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
                    prove(&gens, system, b"wallet/7", &values, n, RecoveryKey::new(&seed, b"out 1"), &message).unwrap();
                // A recoverable proof is an ordinary proof to a verifier.
                assert!(verifies(&gens, &proof, b"wallet/7", &commitments, n), "{system:?} n={n} m={m}");
                let Recovered { openings, message: got } = proof
                    .recover(
                        &gens,
                        &mut Transcript::new(b"wallet/7"),
                        &commitments,
                        n,
                        RecoveryKey::new(&seed, b"out 1"),
                    )
                    .unwrap();
                assert_eq!(openings.len(), m);
                for ((o, v), b) in openings.iter().zip(&values).zip(&blindings) {
                    assert_eq!(o.value, *v, "{system:?} n={n} m={m}");
                    assert_eq!(o.blinding, *b);
                }
                assert_eq!(&got[..], &message[..], "{system:?} n={n} m={m} len={len}");
                // The bytes round-trip and still recover.
                let back = system.decode::<G>(&proof.to_bytes(), n, m).unwrap();
                let again = back.recover(
                    &gens,
                    &mut Transcript::new(b"wallet/7"),
                    &commitments,
                    n,
                    RecoveryKey::new(&seed, b"out 1"),
                );
                assert_eq!(again.map(|r| r.openings), Ok(openings));
            }
        }
    }
}

fn wrong_inputs_recover_nothing<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let gens = Generators::<G>::new(16, 4);
    let seed: [u8; 32] = rng.gen();
    let values = [12345u64, 678];
    for system in RECOVERABLE {
        let (proof, commitments, _) =
            prove(&gens, system, b"ctx", &values, 16, RecoveryKey::new(&seed, b"id"), b"hi").unwrap();
        let recover = |proof: &AnyRangeProof<G>,
                       seed: &[u8; 32],
                       label: &'static [u8],
                       commitments: &[G::Compressed],
                       n: usize,
                       id: &[u8]| {
            proof
                .recover(&gens, &mut Transcript::new(label), commitments, n, RecoveryKey::new(seed, id))
                .map(|r| r.openings.len())
        };
        assert_eq!(recover(&proof, &seed, b"ctx", &commitments, 16, b"id"), Ok(2));
        // Another output id recovers nothing; an empty or oversized id is refused.
        assert_eq!(recover(&proof, &seed, b"ctx", &commitments, 16, b"ie"), Err(ProofError::RecoveryFailed));
        assert_eq!(
            recover(&proof, &seed, b"ctx", &commitments, 16, b""),
            Err(ProofError::InvalidOutputId { len: 0, max: MAX_OUTPUT_ID })
        );
        let long = vec![1u8; ballistic::range::MAX_OUTPUT_ID + 1];
        assert!(matches!(
            prove(&gens, system, b"ctx", &values, 16, RecoveryKey::new(&seed, &long), b""),
            Err(ProofError::InvalidOutputId { .. })
        ));
        assert!(matches!(
            prove(&gens, system, b"ctx", &values, 16, RecoveryKey::new(&seed, b""), b""),
            Err(ProofError::InvalidOutputId { len: 0, max: MAX_OUTPUT_ID })
        ));
        // Wrong seed, label, order of commitments, n, number of commitments.
        let mut other = seed;
        other[0] ^= 1;
        assert_eq!(recover(&proof, &other, b"ctx", &commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        assert_eq!(recover(&proof, &rng.gen(), b"ctx", &commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        assert_eq!(recover(&proof, &seed, b"other ctx", &commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        let swapped = [commitments[1], commitments[0]];
        assert_eq!(recover(&proof, &seed, b"ctx", &swapped, 16, b"id"), Err(ProofError::RecoveryFailed));
        // Another commitment in place of one (same seed, another output).
        let (_, foreign, _) =
            prove(&gens, system, b"ctx", &values, 16, RecoveryKey::new(&seed, b"id 2"), b"hi").unwrap();
        let mixed = [commitments[0], foreign[1]];
        assert_eq!(recover(&proof, &seed, b"ctx", &mixed, 16, b"id"), Err(ProofError::RecoveryFailed));
        // n = 15 keeps the padded length 32: the transcript differs.
        assert_eq!(recover(&proof, &seed, b"ctx", &commitments, 15, b"id"), Err(ProofError::RecoveryFailed));
        assert!(recover(&proof, &seed, b"ctx", &commitments, 8, b"id").is_err());
        assert!(recover(&proof, &seed, b"ctx", &commitments[..1], 16, b"id").is_err());
        let four = [commitments[0], commitments[1], commitments[0], commitments[1]];
        assert_eq!(recover(&proof, &seed, b"ctx", &four, 16, b"id"), Err(ProofError::InvalidAggregation { values: 4 }));
        // Tampered proof bytes: every scalar and point, one bit flipped (an
        // invalid encoding is a decode error). Anything that decodes
        // recovers nothing — or, where the field plays no part in recovery
        // (Bulletproofs' t̂, τ_x and inner-product argument; Bulletproofs+'
        // r', s'), the true openings and message: never a wrong one.
        let truth = proof
            .recover(&gens, &mut Transcript::new(b"ctx"), &commitments, 16, RecoveryKey::new(&seed, b"id"))
            .unwrap();
        let bytes = proof.to_bytes();
        for offset in (0..bytes.len()).step_by(8) {
            let mut b = bytes.clone();
            b[offset] ^= 0x04;
            if let Ok(p) = system.decode::<G>(&b, 16, 2) {
                match p.recover(&gens, &mut Transcript::new(b"ctx"), &commitments, 16, RecoveryKey::new(&seed, b"id")) {
                    Err(e) => assert_eq!(e, ProofError::RecoveryFailed, "{system:?}: byte {offset} flipped"),
                    Ok(r) => {
                        assert_eq!(r, truth, "{system:?}: byte {offset} flipped");
                        // Never the field carrying the payload (Bulletproofs'
                        // μ after t̂ and τ_x; Bulletproofs+' δ', last; the
                        // sealed payload of Bulletproofs++, last 48 bytes)
                        // or, where the payload rides in a nonce, a point
                        // before it (Bulletproofs++ recovery reads only the
                        // sealed payload and the commitments).
                        let (carrier, len) = match system {
                            RangeSystem::Bulletproofs => (4 * G::POINT_LEN + 64, 32),
                            RangeSystem::BulletproofsPlus => (bytes.len() - 32, 32),
                            RangeSystem::BulletproofsPlusPlus => (bytes.len() - 48, 48),
                        };
                        assert!(!(carrier..carrier + len).contains(&offset), "{system:?} {offset}");
                        if system != RangeSystem::BulletproofsPlusPlus {
                            assert!(offset >= 4 * G::POINT_LEN, "{system:?} {offset}");
                        }
                    }
                }
            }
        }
        // An ordinary (random-nonce) proof recovers nothing, whatever the seed.
        let blindings: Vec<G::Scalar> = (0..2).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
        let (plain, plain_commitments) =
            system.prove::<G, _>(&gens, &mut Transcript::new(b"ctx"), &values, &blindings, 16, &mut rng).unwrap();
        assert_eq!(recover(&plain, &seed, b"ctx", &plain_commitments, 16, b"id"), Err(ProofError::RecoveryFailed));
        // Too many values for the payload; a message too long.
        let four = [1u64; MAX_RECOVERABLE_VALUES + 1];
        assert!(matches!(
            prove(&gens, system, b"ctx", &four, 8, RecoveryKey::new(&seed, b"id"), b""),
            Err(ProofError::InvalidAggregation { .. })
        ));
        for m in 1..=MAX_RECOVERABLE_VALUES {
            let cap = message_capacity(m).unwrap();
            let r = prove(&gens, system, b"ctx", &vec![1; m], 8, RecoveryKey::new(&seed, b"id"), &vec![0; cap + 1]);
            assert_eq!(r.map(|_| ()), Err(ProofError::MessageTooLong { len: cap + 1, capacity: cap }));
        }
        assert_eq!(message_capacity(1), Ok(MAX_MESSAGE_LEN));
        // Out-of-range values are refused as for any proof.
        assert_eq!(
            prove(&gens, system, b"ctx", &[256], 8, RecoveryKey::new(&seed, b"id"), b"").map(|_| ()),
            Err(ProofError::ValueOutOfRange { index: 0, bits: 8 })
        );
    }
}

/// Bulletproofs++'s sealed payload: 48 more bytes, bound by the
/// transcript (a tampered or stripped payload fails verification and
/// recovery), and absent from plain proofs (which recover nothing).
fn plus_plus_sealed<G: Group>() {
    use ballistic::RangeProofPlusPlus;
    let gens = Generators::<G>::new(16, 4);
    let seed = [3u8; 32];
    let system = RangeSystem::BulletproofsPlusPlus;
    let (proof, c, _) = prove(&gens, system, b"ctx", &[5, 6], 16, RecoveryKey::new(&seed, b"id"), b"memo").unwrap();
    let bytes = proof.to_bytes();
    let plain_len = RangeProofPlusPlus::<G>::encoded_len(16, 2).unwrap();
    assert_eq!(bytes.len(), plain_len + 48);
    assert_eq!(RangeProofPlusPlus::<G>::recoverable_encoded_len(16, 2), Ok(plain_len + 48));
    let typed = RangeProofPlusPlus::<G>::from_bytes_for(&bytes, 16, 2).unwrap();
    assert!(typed.is_recoverable());
    assert!(verifies(&gens, &proof, b"ctx", &c, 16));
    // Stripped: a plain-length proof whose transcript no longer matches.
    let stripped = system.decode::<G>(&bytes[..plain_len], 16, 2).unwrap();
    assert!(!verifies(&gens, &stripped, b"ctx", &c, 16));
    assert!(stripped.recover(&gens, &mut Transcript::new(b"ctx"), &c, 16, RecoveryKey::new(&seed, b"id")).is_err());
    // Any bit of the sealed payload flipped: neither verifies nor recovers.
    for offset in plain_len..bytes.len() {
        let mut b = bytes.clone();
        b[offset] ^= 0x10;
        let p = system.decode::<G>(&b, 16, 2).unwrap();
        assert!(!verifies(&gens, &p, b"ctx", &c, 16), "byte {offset}");
        let r = p.recover(&gens, &mut Transcript::new(b"ctx"), &c, 16, RecoveryKey::new(&seed, b"id"));
        assert_eq!(r.map(|_| ()), Err(ProofError::RecoveryFailed), "byte {offset}");
    }
    // Other lengths are refused.
    assert!(system.decode::<G>(&bytes[..bytes.len() - 1], 16, 2).is_err());
    // A plain proof recovers nothing.
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let blinding = <G::Scalar as ScalarOps>::random(&mut rng);
    let (plain, c) =
        system.prove::<G, _>(&gens, &mut Transcript::new(b"ctx"), &[5], &[blinding], 16, &mut rng).unwrap();
    assert_eq!(plain.to_bytes().len(), RangeProofPlusPlus::<G>::encoded_len(16, 1).unwrap());
    let r = plain.recover(&gens, &mut Transcript::new(b"ctx"), &c, 16, RecoveryKey::new(&seed, b"id"));
    assert_eq!(r.map(|_| ()), Err(ProofError::RecoveryFailed));
}

fn contexts_separate_proofs<G: Group>() {
    let gens = Generators::<G>::new(64, 1);
    let seed = [7u8; 32];
    for system in RECOVERABLE {
        let prove = |label: &'static [u8], id: &[u8]| {
            prove(&gens, system, label, &[5], 64, RecoveryKey::new(&seed, id), b"").unwrap()
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
}

/// The flaw the output id fixes: with blindings derived from the seed and
/// the label alone, two proofs under one seed and label shared their
/// blindings, and `V_1 − V_2 = (v_1 − v_2)·B` revealed the difference of the
/// values. With an id per output, no two proofs share a blinding — over
/// random seeds, labels, values and distinct ids, and across systems — and
/// the difference of two commitments is not `(v_1 − v_2)·B`. (The same seed
/// and id twice is the caller's error: those two outputs share blindings.)
fn outputs_never_share_blindings<G: Group>() {
    let gens = Generators::<G>::new(16, 2);
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
        let system = RECOVERABLE[case % 3];
        let (_, commitments, blindings) =
            prove(&gens, system, label, &values, 8, RecoveryKey::new(&seed, &id), b"").unwrap();
        for b in &blindings {
            assert!(seen.insert(b.to_bytes().to_vec()), "a blinding was used twice");
        }
        assert_ne!(commitments[0], commitments[1]);
    }
    // The same seed and id under two labels (a caller reusing an id across
    // applications): the blindings still differ, as the context is bound.
    for system in RECOVERABLE {
        let (_, _, b1) =
            prove(&gens, system, b"app 1", &[1], 8, RecoveryKey::new(&[5u8; 32], b"same id"), b"").unwrap();
        let (_, _, b2) =
            prove(&gens, system, b"app 2", &[1], 8, RecoveryKey::new(&[5u8; 32], b"same id"), b"").unwrap();
        assert_ne!(b1, b2, "{system:?}");
    }
    // Same seed and label, values 1000 and 1001 in two outputs: V_2 − V_1 is not B.
    let seed = [1u8; 32];
    let one = |v: u64, id: &[u8]| {
        let (_, c, _) = RangeProofPlus::<G>::prove_recoverable(
            &gens,
            &mut Transcript::new(b"w"),
            &[v],
            16,
            RecoveryKey::new(&seed, id),
            b"",
        )
        .unwrap();
        G::decompress(&c[0]).unwrap()
    };
    let (v1, v2) = (one(1000, b"a"), one(1001, b"b"));
    assert_ne!(G::compress(&(v2 - v1)), G::compress(&gens.pedersen().commit(&G::Scalar::one(), &G::Scalar::zero())));
}

/// Prove time with and without recovery, 64-bit, one value, interleaved
/// (one of each per round, medians: the machine's load drifts) (release
/// mode: `cargo test --release -p ballistic --test integration -- --ignored recovery_overhead
/// --nocapture`). Prints; asserts nothing about time.
#[test]
#[ignore]
fn recovery_overhead() {
    type G = ballistic::Ristretto255;
    let gens = Generators::<G>::new(64, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let seed = [4u8; 32];
    let reps = 300;
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    for system in RECOVERABLE {
        let blinding = <<G as Group>::Scalar as ScalarOps>::random(&mut rng);
        let (p, c, _) = prove(&gens, system, b"t", &[77], 64, RecoveryKey::new(&seed, b"id"), b"memo").unwrap();
        let (mut plain, mut recoverable, mut recover) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..reps {
            let start = std::time::Instant::now();
            system.prove::<G, _>(&gens, &mut Transcript::new(b"t"), &[77], &[blinding], 64, &mut rng).unwrap();
            plain.push(start.elapsed().as_secs_f64());
            let start = std::time::Instant::now();
            prove(&gens, system, b"t", &[77], 64, RecoveryKey::new(&seed, b"id"), b"memo").unwrap();
            recoverable.push(start.elapsed().as_secs_f64());
            let start = std::time::Instant::now();
            p.recover(&gens, &mut Transcript::new(b"t"), &c, 64, RecoveryKey::new(&seed, b"id")).unwrap();
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
    let gens = Generators::<G>::new(16, 1);
    let seed = [8u8; 32];
    let system = RangeSystem::Bulletproofs;
    let (proof, c, _) = prove(&gens, system, b"ctx", &[42], 16, RecoveryKey::new(&seed, b"id"), b"hi").unwrap();
    let mut bytes = proof.to_bytes();
    let at = 4 * G::POINT_LEN + 64;
    let mu = <G::Scalar as ScalarOps>::from_canonical_bytes(&bytes[at..at + 32].try_into().unwrap()).unwrap();
    let mut shift = [0u8; 32];
    shift[9] = 1;
    let shifted = mu + <G::Scalar as ScalarOps>::from_canonical_bytes(&shift).unwrap();
    bytes[at..at + 32].copy_from_slice(&shifted.to_bytes());
    let tampered = system.decode::<G>(&bytes, 16, 1).unwrap();
    let r = tampered.recover(&gens, &mut Transcript::new(b"ctx"), &c, 16, RecoveryKey::new(&seed, b"id"));
    assert_eq!(r.map(|r| r.message.to_vec()), Err(ProofError::RecoveryFailed));
}

/// The plain payload `μ` of one value and a message, as a scalar (the
/// module documentation's layout), for the known-multiple checks below.
fn plain_payload<G: Group>(value: u64, message: &[u8]) -> G::Scalar {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&value.to_le_bytes());
    bytes[8] = message.len() as u8;
    bytes[9..9 + message.len()].copy_from_slice(message);
    <G::Scalar as ScalarOps>::from_canonical_bytes(&bytes).unwrap()
}

/// Issue 35 item 3: one output (same seed, id, context and value) proved
/// again with another message — a wallet changing a memo. The two proofs
/// must share no nonce-derived field (version 2 of Bulletproofs shared
/// `S`, i.e. `ρ, 𝐬_L, 𝐬_R`), no difference of two corresponding points may
/// be the known `(μ₁ − μ₂)` multiple of `B̃` or `B` (Bulletproofs+ had
/// `A₁ − A₂ = (μ₁ − μ₂)·B̃`), and Bulletproofs++'s sealed payloads may not
/// differ by the XOR of the payloads (version 2's repeated pad). Both still
/// verify and recover their own message.
fn reproving_with_another_message_shares_nothing<G: Group>() {
    let gens = Generators::<G>::new(64, 1);
    let seed = [6u8; 32];
    let value = 123_456_789u64;
    let pairs: [(&[u8], &[u8]); 3] = [(b"memo one", b"memo two"), (b"", b"x"), (b"same length A", b"same length B")];
    for system in RECOVERABLE {
        for (m1, m2) in pairs {
            let (p1, c1, b1) =
                prove(&gens, system, b"wallet", &[value], 64, RecoveryKey::new(&seed, b"output 7"), m1).unwrap();
            let (p2, c2, b2) =
                prove(&gens, system, b"wallet", &[value], 64, RecoveryKey::new(&seed, b"output 7"), m2).unwrap();
            // Same output: same commitment and blinding (by design).
            assert_eq!((&c1, &b1), (&c2, &b2));
            let (x1, x2) = (p1.to_bytes(), p2.to_bytes());
            assert_eq!(x1.len(), x2.len());
            // No 16-byte window at the same offset in common: no field
            // (point or scalar, each at least 32 bytes) is shared.
            for i in 0..x1.len() - 16 {
                assert_ne!(x1[i..i + 16], x2[i..i + 16], "{system:?}: bytes {i}.. shared");
            }
            // No corresponding points differ by the known multiple.
            let known = plain_payload::<G>(value, m1) - plain_payload::<G>(value, m2);
            let forbidden = [
                G::compress(&gens.pedersen().commit(&G::Scalar::zero(), &known)),
                G::compress(&gens.pedersen().commit(&G::Scalar::zero(), &(G::Scalar::zero() - known))),
                G::compress(&gens.pedersen().commit(&known, &G::Scalar::zero())),
                G::compress(&gens.pedersen().commit(&(G::Scalar::zero() - known), &G::Scalar::zero())),
            ];
            for at in 0..x1.len() {
                let (Some(a), Some(b)) = (x1.get(at..at + G::POINT_LEN), x2.get(at..at + G::POINT_LEN)) else {
                    break;
                };
                let (Some(a), Some(b)) = (G::compressed_from_slice(a), G::compressed_from_slice(b)) else { continue };
                let (Some(a), Some(b)) = (G::decompress(&a), G::decompress(&b)) else { continue };
                assert!(
                    !forbidden.contains(&G::compress(&(a - b))),
                    "{system:?}: point at {at} moved by a known multiple"
                );
            }
            if system == RangeSystem::BulletproofsPlusPlus {
                let (s1, s2) = (&x1[x1.len() - 48..x1.len() - 16], &x2[x2.len() - 48..x2.len() - 16]);
                let xor_c: Vec<u8> = s1.iter().zip(s2).map(|(a, b)| a ^ b).collect();
                let (q1, q2) = (plain_payload::<G>(value, m1).to_bytes(), plain_payload::<G>(value, m2).to_bytes());
                let xor_p: Vec<u8> = q1.iter().zip(&q2).map(|(a, b)| a ^ b).collect();
                assert_ne!(xor_c, xor_p, "sealed payloads differ by the payloads' XOR");
            }
            for (p, m) in [(&p1, m1), (&p2, m2)] {
                assert!(verifies(&gens, p, b"wallet", &c1, 64));
                let r = p
                    .recover(&gens, &mut Transcript::new(b"wallet"), &c1, 64, RecoveryKey::new(&seed, b"output 7"))
                    .unwrap();
                assert_eq!((r.openings[0].value, r.message.to_vec()), (value, m.to_vec()));
            }
        }
    }
}

for_each_group!(
    round_trip,
    wrong_inputs_recover_nothing,
    plus_plus_sealed,
    message_shift_is_refused,
    contexts_separate_proofs,
    outputs_never_share_blindings,
    reproving_with_another_message_shares_nothing
);
