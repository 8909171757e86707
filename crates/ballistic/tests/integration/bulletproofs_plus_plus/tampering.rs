//! Tampering with Bulletproofs++ proofs: every byte, the length, the statement
//! and label, identity points and non-canonical scalars are rejected without
//! panicking.

use super::*;
use crate::common::order_plus;

/// The proof under test in the tampering tests: a proof of `(n, m)`, its
/// commitments and bytes.
struct Tamper<G: Group> {
    gens: Generators<G>,
    proof: Pp<G>,
    commitments: Vec<G::Compressed>,
    bytes: Vec<u8>,
}

fn tamper_fixture<G: Group>(n: usize, m: usize, rng: &mut ChaCha20Rng) -> Tamper<G> {
    // Large enough for every shape the tests check the bytes against.
    let gens = Generators::<G>::new(64, 16);
    let max = max_value(n);
    let values: Vec<u64> = (0..m).map(|_| rng.gen::<u64>() & max).collect();
    let (proof, commitments) = prove(&gens, &values, n, rng).unwrap();
    let bytes = proof.to_bytes();
    check_bytes(&gens, &bytes, &commitments, n).unwrap();
    Tamper { gens, proof, commitments, bytes }
}

/// The two tampering shapes: one 64-bit value (the paper's shape), and
/// three 7-bit values (base 8 with a top-digit slot, non-power-of-two `N`).
const TAMPER_SHAPES: [(usize, usize); 2] = [(64, 1), (7, 3)];

fn every_byte_change_rejected<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    for (n, m) in TAMPER_SHAPES {
        let t = tamper_fixture::<G>(n, m, &mut rng);
        for i in 0..t.bytes.len() {
            let mut bad = t.bytes.clone();
            bad[i] ^= 1;
            let r = check_bytes(&t.gens, &bad, &t.commitments, n);
            assert!(r.is_err(), "n={n} m={m}: byte {i} ^ 1 accepted");
        }
    }
}

fn length_statement_and_label_bound<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    for (n, m) in TAMPER_SHAPES {
        let t = tamper_fixture::<G>(n, m, &mut rng);
        let len = t.bytes.len();
        // Truncation and extension: a length error when decoding.
        for short in [len - 1, len - 32, 0] {
            assert!(
                matches!(Pp::<G>::from_bytes_for(&t.bytes[..short], n, m), Err(ProofError::WrongLength { .. })),
                "truncated to {short}"
            );
        }
        for extra in [1usize, 32, G::POINT_LEN, 2 * G::POINT_LEN] {
            let mut long = t.bytes.clone();
            long.extend(core::iter::repeat_n(0u8, extra));
            assert_eq!(
                Pp::<G>::from_bytes_for(&long, n, m),
                Err(ProofError::WrongLength { expected: len, got: len + extra }),
                "extended by {extra}"
            );
        }
        // Another commitment (the value plus one), or commitments swapped.
        let mut other = t.commitments.clone();
        other[0] = bumped(&t.gens, &other[0]);
        assert_eq!(verify(&t.gens, &t.proof, &other, n, LABEL), Err(ProofError::VerificationFailed));
        if m > 1 {
            let mut swapped = t.commitments.clone();
            swapped.swap(0, m - 1);
            assert_eq!(verify(&t.gens, &t.proof, &swapped, n, LABEL), Err(ProofError::VerificationFailed));
        }
        // Another label.
        assert_eq!(verify(&t.gens, &t.proof, &t.commitments, n, b"another label"), Err(ProofError::VerificationFailed));
        // Another n: an error every time (decoded for (n, m), checked as n').
        for n2 in [1usize, n - 1, n + 1, 63, 64, 60, 8, 6] {
            if n2 == n || n2 > 64 {
                continue;
            }
            assert!(verify(&t.gens, &t.proof, &t.commitments, n2, LABEL).is_err(), "n={n} checked as {n2}");
        }
        for n2 in [0usize, 65] {
            assert_eq!(
                verify(&t.gens, &t.proof, &t.commitments, n2, LABEL),
                Err(ProofError::InvalidBitsize { bits: n2 })
            );
        }
        // Another m: fewer or more commitments.
        assert!(verify(&t.gens, &t.proof, &t.commitments[..m - 1], n, LABEL).is_err());
        let more: Vec<_> = t.commitments.iter().copied().chain([t.commitments[0]]).collect();
        assert!(verify(&t.gens, &t.proof, &more, n, LABEL).is_err());
        let identity = G::compress(&G::identity());
        let padded: Vec<_> = t.commitments.iter().copied().chain([identity]).collect();
        assert!(verify(&t.gens, &t.proof, &padded, n, LABEL).is_err());
        // The bytes decoded for another shape: a length error, or — when
        // the other shape has the same encoded length — a proof that does
        // not verify for that shape's statement.
        let mut same_length = 0;
        for n2 in 1..=64usize {
            for m2 in [1usize, 2, 3, 4, 5, 8] {
                if (n2, m2) == (n, m) {
                    continue;
                }
                match Pp::<G>::from_bytes_for(&t.bytes, n2, m2) {
                    // Same length, other layout (points where scalars
                    // were): a field fails to decode.
                    Err(e) if Pp::<G>::encoded_len(n2, m2).unwrap() == len => {
                        assert!(
                            matches!(e, ProofError::InvalidPoint { .. } | ProofError::NonCanonicalScalar { .. }),
                            "({n}, {m}) as ({n2}, {m2}): {e}"
                        );
                    }
                    Err(e) => assert_eq!(
                        e,
                        ProofError::WrongLength { expected: Pp::<G>::encoded_len(n2, m2).unwrap(), got: len }
                    ),
                    Ok(p) => {
                        same_length += 1;
                        assert_eq!(Pp::<G>::encoded_len(n2, m2).unwrap(), len);
                        let cs: Vec<_> = (0..m2).map(|j| t.commitments[j % m]).collect();
                        let r = verify(&t.gens, &p, &cs, n2, LABEL);
                        assert_eq!(r, Err(ProofError::VerificationFailed), "({n}, {m}) as ({n2}, {m2})");
                    }
                }
            }
        }
        // (64, 1) shares its length with (60, 1) and (32, 2); (7, 3) with
        // (8, 3), among others.
        assert!(same_length >= 2, "({n}, {m}): only {same_length} other shapes of the same length");
    }
    // Named cases: a shape with the same witness length N, told apart only
    // by the transcript's binding of n, m and the base.
    let t = tamper_fixture::<G>(64, 1, &mut rng);
    for (n2, m2) in [(60usize, 1usize), (32, 2)] {
        assert_eq!(PlusPlusShape::new(n2, m2).unwrap().witness_len(), PlusPlusShape::new(64, 1).unwrap().witness_len());
        let p = Pp::<G>::from_bytes_for(&t.bytes, n2, m2).unwrap();
        let cs = vec![t.commitments[0]; m2];
        assert_eq!(verify(&t.gens, &p, &cs, n2, LABEL), Err(ProofError::VerificationFailed));
    }
    let t = tamper_fixture::<G>(7, 3, &mut rng);
    assert_eq!(PlusPlusShape::new(8, 3).unwrap().witness_len(), PlusPlusShape::new(7, 3).unwrap().witness_len());
    let p = Pp::<G>::from_bytes_for(&t.bytes, 8, 3).unwrap();
    assert_eq!(verify(&t.gens, &p, &t.commitments, 8, LABEL), Err(ProofError::VerificationFailed));
}

fn identity_points_and_noncanonical_scalars_rejected<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let p = G::POINT_LEN;
    // The identity's encoding: 32 zero bytes (Ristretto255), 33 (secp256k1),
    // y = 1 (Ed25519).
    let identity = G::compressed_bytes(&G::compress(&G::identity())).to_vec();
    let mut expected = vec![0u8; p];
    if G::NAME == "ed25519" {
        expected[0] = 1;
    }
    assert_eq!(identity, expected);
    for (n, m) in TAMPER_SHAPES {
        let t = tamper_fixture::<G>(n, m, &mut rng);
        let (rounds, scalars) = layout::<G>(n, m);
        // `M ‖ D ‖ R ‖ S ‖ (X_r ‖ R_r)_r ‖ 𝐧 ‖ 𝐥`.
        let mut points: Vec<(usize, &'static str)> = vec![(0, "M"), (p, "D"), (2 * p, "R"), (3 * p, "S")];
        for r in 0..rounds {
            points.push((4 * p + 2 * r * p, "X"));
            points.push((4 * p + (2 * r + 1) * p, "R"));
        }
        assert!(rounds >= 1);
        for (off, label) in points {
            let mut bad = t.bytes.clone();
            bad[off..off + p].copy_from_slice(&identity);
            match Pp::<G>::from_bytes_for(&bad, n, m) {
                Err(e) => assert_eq!(e.kind(), ErrorKind::Decode, "({n}, {m}) identity at {off}: {e}"),
                Ok(proof) => assert_eq!(
                    verify(&t.gens, &proof, &t.commitments, n, LABEL),
                    Err(ProofError::IdentityPoint { label }),
                    "({n}, {m}) identity {label} at {off}"
                ),
            }
            // And through a batch: named, for the same reason.
            if let Ok(proof) = Pp::<G>::from_bytes_for(&bad, n, m) {
                let item = common::RangeItem {
                    proof: &proof,
                    commitments: &t.commitments,
                    bits: n,
                    transcript: Transcript::new(LABEL),
                };
                let err = common::verify_range_batch(&t.gens, &[item], &mut rng).unwrap_err();
                assert_eq!(err.invalid, vec![(0, ProofError::IdentityPoint { label })]);
            }
            // An invalid encoding (all 0xff is no point on either group).
            let mut bad = t.bytes.clone();
            bad[off..off + p].fill(0xff);
            assert_eq!(Pp::<G>::from_bytes_for(&bad, n, m), Err(ProofError::InvalidPoint { offset: off }));
        }
        let end = 4 * p + 2 * rounds * p;
        assert_eq!(end + 32 * scalars, t.bytes.len());
        for s in 0..scalars {
            let off = end + 32 * s;
            for pattern in [order_plus::<G>(0), order_plus::<G>(1), [0xffu8; 32]] {
                assert!(G::Scalar::from_canonical_bytes(&pattern).is_none());
                let mut bad = t.bytes.clone();
                bad[off..off + 32].copy_from_slice(&pattern);
                assert_eq!(
                    Pp::<G>::from_bytes_for(&bad, n, m),
                    Err(ProofError::NonCanonicalScalar { offset: off }),
                    "({n}, {m}) scalar {s}"
                );
            }
            // Zero (canonical) decodes but does not verify.
            let mut bad = t.bytes.clone();
            bad[off..off + 32].fill(0);
            assert_eq!(check_bytes(&t.gens, &bad, &t.commitments, n), Err(ProofError::VerificationFailed));
        }
        // An invalid commitment is a typed error.
        let mut bad = t.commitments.clone();
        bad[0] = G::compressed_from_slice(&vec![0xff; p]).unwrap();
        assert_eq!(verify(&t.gens, &t.proof, &bad, n, LABEL), Err(ProofError::InvalidCommitment { index: 0 }));
    }
}

for_each_group!(
    every_byte_change_rejected,
    length_statement_and_label_bound,
    identity_points_and_noncanonical_scalars_rejected,
);
