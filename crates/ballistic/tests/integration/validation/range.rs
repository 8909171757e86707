//! RP (ballistic's range proofs: Bulletproofs, Bulletproofs+ and
//! Bulletproofs++), INT (intervals), MA (multi-asset, native and
//! re-committed), BATCH (the batch verifier) and MPC (the dealer's checks).

use super::*;
use ballistic::batch::{self, Claim, Item, Refused};
use ballistic::range::mpc::{Dealer, MpcError, Party};
use ballistic::range::{
    asset_generator, MultiAssetProof, MultiAssetStatement, MultiAssetSystem, RangeProofSystem, RecoveryKey,
};
use ballistic::{
    new_transcript_with_extra, Ed25519, Interval, IntervalStatement, RangeProof, RangeProofPlus, RangeProofPlusPlus,
    Ristretto255,
};

const SYSTEMS: [RangeSystem; 3] = RangeSystem::ALL;

/// The commitment to the same value plus one (same blinding).
fn bumped<G: Group>(gens: &Generators<G>, c: &G::Compressed) -> G::Compressed {
    G::compress(&(G::decompress(c).unwrap() + gens.pedersen().b))
}

fn rp_enc_1_length_is_the_statement_s<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 4, 2, 10);
        let len = h.bytes.len();
        assert_eq!(len, system.encoded_len::<G>(4, 2).unwrap());
        for got in [0, 1, len - 1, len + 1, len + 32, 2 * len] {
            let mut b = h.bytes.clone();
            b.resize(got, 0);
            assert_eq!(h.decode(&b).err(), Some(ProofError::WrongLength { expected: len, got }), "{system:?} {got}");
        }
    }
}

fn rp_enc_2_shape_free_lengths<G: Group>() {
    let p = G::POINT_LEN;
    let lens = |base: usize| (0..=12).map(move |k| base + 2 * k * p);
    let bp = 4 * p + 5 * 32;
    let bpp = 3 * p + 3 * 32;
    for len in lens(bp) {
        let r = RangeProof::<G>::from_bytes(&vec![0u8; len]);
        assert!(!matches!(r, Err(ProofError::WrongLength { .. })), "{len}");
    }
    for len in lens(bpp) {
        let r = RangeProofPlus::<G>::from_bytes(&vec![0u8; len]);
        assert!(!matches!(r, Err(ProofError::WrongLength { .. })), "{len}");
    }
    for got in [0, 1, bp - 1, bp + 1, bp + p, bp + 26 * p, bp + 28 * p] {
        assert_eq!(
            RangeProof::<G>::from_bytes(&vec![0u8; got]).err(),
            Some(ProofError::WrongLength { expected: 0, got })
        );
    }
    for got in [0, 1, bpp - 1, bpp + 1, bpp + p, bpp + 26 * p] {
        assert_eq!(
            RangeProofPlus::<G>::from_bytes(&vec![0u8; got]).err(),
            Some(ProofError::WrongLength { expected: 0, got })
        );
    }
    // An honest proof of no rounds (n = m = 1) decodes without a shape.
    let h = Honest::<G>::new(RangeSystem::Bulletproofs, 1, 1, 11);
    assert_eq!(RangeProof::<G>::from_bytes(&h.bytes).unwrap().to_bytes(), h.bytes);
}

fn rp_enc_3_invalid_point<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 3, 2, 12);
        for (offset, field) in h.layout() {
            if let Field::Point(_) = field {
                let bad = h.replaced(offset, &invalid_point::<G>());
                assert_eq!(h.decode(&bad).err(), Some(ProofError::InvalidPoint { offset }), "{system:?}");
            }
        }
    }
}

fn rp_enc_4_noncanonical_scalar<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 3, 2, 13);
        for (offset, field) in h.layout() {
            if field == Field::Scalar {
                for bad in noncanonical_scalars::<G>() {
                    let bad = h.replaced(offset, &bad);
                    assert_eq!(h.decode(&bad).err(), Some(ProofError::NonCanonicalScalar { offset }), "{system:?}");
                }
            }
        }
    }
}

fn rp_id_1_identity_proof_points<G: Group>() {
    let identity = identity_bytes::<G>();
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 3, 2, 14);
        for (offset, field) in h.layout() {
            if let Field::Point(label) = field {
                let bad = h.replaced(offset, &identity);
                h.decode(&bad).unwrap();
                assert_eq!(h.check(&bad), Err(ProofError::IdentityPoint { label }), "{system:?} at {offset}");
            }
        }
    }
}

#[test]
fn rp_id_2_ed25519_torsion_in_proof_points() {
    type G = Ed25519;
    let torsion = torsion();
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 3, 2, 15);
        for (offset, field) in h.layout() {
            if let Field::Point(_) = field {
                let p = G::decompress(&compressed::<G>(&h.bytes[offset..offset + 32])).unwrap();
                for t in &torsion[1..] {
                    for enc in [t.compress().to_bytes(), (p + t).compress().to_bytes()] {
                        let bad = h.replaced(offset, &enc);
                        assert_eq!(h.decode(&bad).err(), Some(ProofError::InvalidPoint { offset }), "{system:?}");
                    }
                }
            }
        }
    }
}

fn rp_sc_1_zero_scalars<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 3, 2, 16);
        for (offset, field) in h.layout() {
            if field == Field::Scalar {
                let bad = h.replaced(offset, &[0u8; 32]);
                h.decode(&bad).unwrap();
                assert_eq!(h.check(&bad), Err(ProofError::VerificationFailed), "{system:?} at {offset}");
            }
        }
    }
}

fn rp_st_1_bit_size<G: Group>() {
    let h = Honest::<G>::new(RangeSystem::Bulletproofs, 8, 1, 17);
    for bits in [0usize, 65, 128] {
        assert_eq!(RangeStatement::<G>::new(bits, &h.commitments).err(), Some(ProofError::InvalidBitsize { bits }));
        for system in SYSTEMS {
            assert_eq!(system.decode::<G>(&h.bytes, bits, 1).err(), Some(ProofError::InvalidBitsize { bits }));
        }
    }
}

fn rp_st_2_number_of_commitments<G: Group>() {
    let h = Honest::<G>::new(RangeSystem::Bulletproofs, 8, 1, 18);
    for values in [0usize, 65] {
        let c = vec![h.commitments[0]; values];
        assert_eq!(RangeStatement::<G>::new(8, &c).err(), Some(ProofError::InvalidAggregation { values }));
        for system in SYSTEMS {
            assert_eq!(system.decode::<G>(&h.bytes, 8, values).err(), Some(ProofError::InvalidAggregation { values }));
        }
    }
}

fn rp_st_3_invalid_commitment<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 3, 3, 19);
        for index in 0..3 {
            let mut c = h.commitments.clone();
            c[index] = compressed::<G>(&invalid_point::<G>());
            c[2] = compressed::<G>(&invalid_point::<G>());
            assert_eq!(h.check_against(&h.bytes, &c, 3, LABEL), Err(ProofError::InvalidCommitment { index }));
        }
    }
}

fn rp_st_4_identity_commitment<G: Group>() {
    let zero = G::Scalar::zero();
    for system in SYSTEMS {
        let h = Honest::<G>::with(system, 8, &[0, 200], &[zero, G::Scalar::one()], 20);
        assert_eq!(G::compressed_bytes(&h.commitments[0]), identity_bytes::<G>());
        h.check(&h.bytes).unwrap();
    }
}

#[test]
fn rp_st_5_ed25519_torsion_in_commitments() {
    type G = Ed25519;
    let torsion = torsion();
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 3, 2, 21);
        for index in 0..2 {
            let v = G::decompress(&h.commitments[index]).unwrap();
            for t in &torsion[1..] {
                for bad in [G::compress(t), G::compress(&(v + t))] {
                    let mut c = h.commitments.clone();
                    c[index] = bad;
                    assert_eq!(h.check_against(&h.bytes, &c, 3, LABEL), Err(ProofError::InvalidCommitment { index }));
                }
            }
        }
    }
}

fn rp_st_6_other_or_reordered_commitments<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 5, 2, 22);
        let mut other = h.commitments.clone();
        other[1] = bumped(&h.gens, &other[1]);
        assert_eq!(h.check_against(&h.bytes, &other, 5, LABEL), Err(ProofError::VerificationFailed));
        let swapped = [h.commitments[1], h.commitments[0]];
        assert_eq!(h.check_against(&h.bytes, &swapped, 5, LABEL), Err(ProofError::VerificationFailed));
    }
}

fn rp_st_7_label_and_extra_data<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 5, 2, 23);
        assert_eq!(h.check_against(&h.bytes, &h.commitments, 5, b"another"), Err(ProofError::VerificationFailed));
        let proof = h.decode(&h.bytes).unwrap();
        let statement = RangeStatement::new(5, &h.commitments).unwrap();
        let mut with_extra = new_transcript_with_extra(LABEL, b"tx 42");
        assert_eq!(
            proof.verify(&h.gens, &statement, &mut with_extra, &mut rng(2)),
            Err(ProofError::VerificationFailed)
        );
        // Empty extra data is no extra data.
        let mut empty = new_transcript_with_extra(LABEL, b"");
        proof.verify(&h.gens, &statement, &mut empty, &mut rng(2)).unwrap();
    }
}

fn rp_sh_1_any_bits_any_count<G: Group>() {
    for system in SYSTEMS {
        for (n, m) in [(1, 1), (1, 3), (3, 3), (7, 5), (13, 1), (64, 2)] {
            let h = Honest::<G>::new(system, n, m, 24);
            assert_eq!(h.bytes.len(), system.encoded_len::<G>(n, m).unwrap());
        }
    }
}

fn rp_sh_2_proof_of_another_length<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 8, 2, 25);
        let got = h.bytes.len();
        // Decoded for the verifier's own shape.
        for (n, m) in [(16, 2), (8, 1), (8, 4)] {
            let expected = system.encoded_len::<G>(n, m).unwrap();
            assert_eq!(system.decode::<G>(&h.bytes, n, m).err(), Some(ProofError::WrongLength { expected, got }));
        }
        // A proof object of another shape.
        let other = [h.commitments[0], h.commitments[1], h.commitments[0], h.commitments[1]];
        let statement = RangeStatement::new(8, &other).unwrap();
        let expected = system.encoded_len::<G>(8, 4).unwrap();
        let verdict = match system {
            RangeSystem::Bulletproofs => RangeProof::<G>::from_bytes(&h.bytes).unwrap().verify(
                &h.gens,
                &statement,
                &mut Transcript::new(LABEL),
                &mut rng(3),
            ),
            RangeSystem::BulletproofsPlus => RangeProofPlus::<G>::from_bytes(&h.bytes).unwrap().verify(
                &h.gens,
                &statement,
                &mut Transcript::new(LABEL),
                &mut rng(3),
            ),
            RangeSystem::BulletproofsPlusPlus => RangeProofPlusPlus::<G>::from_bytes_for(&h.bytes, 8, 2)
                .unwrap()
                .verify(&h.gens, &statement, &mut Transcript::new(LABEL), &mut rng(3)),
        };
        let want = match system {
            RangeSystem::BulletproofsPlusPlus => ProofError::VerificationFailed,
            _ => ProofError::WrongLength { expected, got },
        };
        assert_eq!(verdict, Err(want), "{system:?}");
    }
}

fn rp_sh_3_same_length_other_shape<G: Group>() {
    let big = Generators::<G>::new(64, 16);
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 12, 2, 26);
        let len = h.bytes.len();
        let mut tried = 0;
        for n in (1..=64).filter(|&n| n != 12) {
            if system.encoded_len::<G>(n, 2).unwrap() == len {
                match system.decode::<G>(&h.bytes, n, 2) {
                    Ok(proof) => {
                        let statement = RangeStatement::new(n, &h.commitments).unwrap();
                        let r = proof.verify(&big, &statement, &mut Transcript::new(LABEL), &mut rng(4));
                        assert_eq!(r, Err(ProofError::VerificationFailed), "{system:?} n = {n}");
                    }
                    // Bulletproofs++: the same length, another layout (rounds
                    // against final scalars), so a point is read as a scalar.
                    Err(e) => {
                        assert_eq!(system, RangeSystem::BulletproofsPlusPlus, "n = {n}: {e:?}");
                        assert_eq!(e.kind(), ballistic::ErrorKind::Decode, "n = {n}: {e:?}");
                    }
                }
                tried += 1;
            }
        }
        assert!(tried > 0, "{system:?}: no other n with this length");
        // m = 3 and m = 4 at n = 8 (the same padded length for Bulletproofs(+)).
        let h = Honest::<G>::new(system, 8, 3, 27);
        let four = [h.commitments.clone(), vec![G::compress(&G::identity())]].concat();
        if system.encoded_len::<G>(8, 4).unwrap() != h.bytes.len() {
            // Bulletproofs++ on secp256k1: another length (RP-SH-2).
            assert_eq!(system, RangeSystem::BulletproofsPlusPlus);
            continue;
        }
        match system.decode::<G>(&h.bytes, 8, 4) {
            Ok(proof) => {
                let statement = RangeStatement::new(8, &four).unwrap();
                let r = proof.verify(&big, &statement, &mut Transcript::new(LABEL), &mut rng(4));
                assert_eq!(r, Err(ProofError::VerificationFailed), "{system:?} m = 4");
            }
            Err(e) => {
                assert_eq!(system, RangeSystem::BulletproofsPlusPlus, "{e:?}");
                assert_eq!(e.kind(), ballistic::ErrorKind::Decode, "{e:?}");
            }
        }
    }
}

#[test]
fn rp_sh_4_largest_shape() {
    type G = Ristretto255;
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 64, 64, 28);
        assert_eq!(RangeStatement::<G>::new(64, &h.commitments).unwrap().shape().rounds(), 12);
        h.check(&h.bytes).unwrap();
    }
    // Nothing larger decodes: 13 rounds is no length.
    let thirteen = 4 * 32 + 5 * 32 + 26 * 32;
    assert_eq!(
        RangeProof::<G>::from_bytes(&vec![0u8; thirteen]).err(),
        Some(ProofError::WrongLength { expected: 0, got: thirteen })
    );
}

fn rp_gen_1_generators_too_small<G: Group>() {
    for system in SYSTEMS {
        let h = Honest::<G>::new(system, 4, 2, 29);
        let (chains, per_chain) = system.generators_needed(4, 2).unwrap();
        let proof = h.decode(&h.bytes).unwrap();
        let statement = RangeStatement::new(4, &h.commitments).unwrap();
        for small in [Generators::<G>::new(per_chain - 1, chains), Generators::<G>::new(per_chain, chains - 1)] {
            let r = proof.verify(&small, &statement, &mut Transcript::new(LABEL), &mut rng(5));
            assert_eq!(
                r,
                Err(ProofError::InsufficientGenerators { parties_needed: chains, per_party_needed: per_chain }),
                "{system:?}"
            );
        }
    }
}

fn rp_pp_1_sealed_payload<G: Group>() {
    let system = RangeSystem::BulletproofsPlusPlus;
    let (chains, per_chain) = system.generators_needed(8, 1).unwrap();
    let gens = Generators::<G>::new(per_chain, chains);
    let seed = [9u8; 32];
    let (proof, commitments, _) = system
        .prove_recoverable(&gens, &mut Transcript::new(LABEL), &[77], 8, RecoveryKey::new(&seed, b"out 1"), b"hi")
        .unwrap();
    let bytes = proof.to_bytes();
    let plain = system.encoded_len::<G>(8, 1).unwrap();
    assert_eq!(bytes.len(), plain + 48);
    let check = |b: &[u8]| -> Result<(), ProofError> {
        let p = system.decode::<G>(b, 8, 1)?;
        p.verify(&gens, &RangeStatement::new(8, &commitments).unwrap(), &mut Transcript::new(LABEL), &mut rng(6))
    };
    check(&bytes).unwrap();
    // Any 48 bytes decode; the payload is bound into the transcript.
    let mut changed = bytes.clone();
    changed[plain + 5] ^= 1;
    assert_eq!(check(&changed), Err(ProofError::VerificationFailed));
    assert_eq!(check(&bytes[..plain]), Err(ProofError::VerificationFailed));
    let h = Honest::<G>::new(system, 8, 1, 30);
    let mut padded = h.bytes.clone();
    padded.extend([0u8; 48]);
    h.decode(&padded).unwrap();
    assert_eq!(h.check(&padded), Err(ProofError::VerificationFailed));
}

fn rp_pp_2_explicit_digit_base<G: Group>() {
    let h = Honest::<G>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, 31);
    let proof = RangeProofPlusPlus::<G>::from_bytes_for(&h.bytes, 8, 2).unwrap();
    let chosen = PlusPlusShape::new(8, 2).unwrap();
    proof.verify_with_shape(&h.gens, &mut Transcript::new(LABEL), &chosen, &h.commitments).unwrap();
    let (chains, per_chain) = (1..=8)
        .map(|b| PlusPlusShape::with_digit_bits(8, 2, b).unwrap().generators_needed())
        .fold((0, 0), |(c, p), (c2, p2)| (c.max(c2), p.max(p2)));
    let big = Generators::<G>::new(per_chain, chains);
    for beta in (1..=8).filter(|&b| b != chosen.digit_bits()) {
        let other = PlusPlusShape::with_digit_bits(8, 2, beta).unwrap();
        let r = proof.verify_with_shape(&big, &mut Transcript::new(LABEL), &other, &h.commitments);
        assert_eq!(r, Err(ProofError::VerificationFailed), "β = {beta}");
    }
    for beta in [0usize, 9] {
        assert_eq!(PlusPlusShape::with_digit_bits(8, 2, beta).err(), Some(ProofError::InvalidBitsize { bits: 8 }));
    }
    let r = proof.verify_with_shape(&h.gens, &mut Transcript::new(LABEL), &chosen, &h.commitments[..1]);
    assert_eq!(r, Err(ProofError::WrongNumCommitments { expected: 2, got: 1 }));
}

// ---------------------------------------------------------------- intervals

/// An honest interval proof of `value` in `[lo, hi]`: bytes, commitment,
/// generators.
fn interval_proof<G: Group>(
    system: RangeSystem,
    lo: u64,
    hi: u64,
    value: u64,
    blinding: G::Scalar,
) -> (Vec<u8>, G::Compressed, Generators<G>) {
    let interval = Interval::new(lo, hi).unwrap();
    let (chains, per_chain) = system.interval_generators_needed(interval).unwrap();
    let gens = Generators::<G>::new(per_chain, chains);
    let (proof, c) =
        system.prove_interval(&gens, &mut Transcript::new(LABEL), value, &blinding, interval, &mut rng(40)).unwrap();
    (proof.to_bytes(), c, gens)
}

fn check_interval<G: Group>(
    system: RangeSystem,
    gens: &Generators<G>,
    bytes: &[u8],
    interval: Interval,
    commitment: &G::Compressed,
) -> Result<(), ProofError> {
    let proof = system.decode_interval::<G>(bytes, interval)?;
    let statement = IntervalStatement::new(gens, interval, commitment)?;
    proof.verify(gens, &statement, &mut Transcript::new(LABEL), &mut rng(41))
}

#[test]
fn int_st_1_empty_interval() {
    assert_eq!(Interval::new(11, 10).err(), Some(ProofError::InvalidInterval { lo: 11, hi: 10 }));
    assert_eq!(Interval::new(u64::MAX, 0).err(), Some(ProofError::InvalidInterval { lo: u64::MAX, hi: 0 }));
    Interval::new(10, 10).unwrap();
}

fn int_st_2_invalid_commitment<G: Group>() {
    let gens = Generators::<G>::new(8, 2);
    let interval = Interval::new(10, 20).unwrap();
    let bad = compressed::<G>(&invalid_point::<G>());
    assert_eq!(IntervalStatement::new(&gens, interval, &bad).err(), Some(ProofError::InvalidCommitment { index: 0 }));
}

fn int_st_3_identity_commitment<G: Group>() {
    for system in SYSTEMS {
        let (bytes, c, gens) = interval_proof::<G>(system, 0, 1000, 0, G::Scalar::zero());
        assert_eq!(G::compressed_bytes(&c), identity_bytes::<G>());
        check_interval(system, &gens, &bytes, Interval::new(0, 1000).unwrap(), &c).unwrap();
        // V = lo·B (value lo, blinding 0): the inner commitment V − lo·B is the identity.
        let (bytes, c, gens) = interval_proof::<G>(system, 10, 1000, 10, G::Scalar::zero());
        check_interval(system, &gens, &bytes, Interval::new(10, 1000).unwrap(), &c).unwrap();
    }
}

#[test]
fn int_st_3_identity_commitment_ristretto255() {
    int_st_3_identity_commitment::<Ristretto255>();
}

#[test]
fn int_st_3_identity_commitment_ed25519() {
    int_st_3_identity_commitment::<Ed25519>();
}

/// Regression: on secp256k1 the verifier panicked (k256 0.13.4's
/// `batch_normalize` unwraps a failed inversion) when an interval
/// statement's derived commitment `V − lo·B` (or `V − lo·B + c·B`) was the
/// identity, as computed (a zero `z` that is not normalized): any interval
/// proof against the commitment `lo·B` — the identity for `lo = 0` — crashed
/// `Verifiable::verify`, `batch::verify` and `RangeProofFile::verify`.
#[test]
fn int_st_3_identity_commitment_secp256k1() {
    int_st_3_identity_commitment::<ballistic::Secp256k1>();
}

fn int_sh_1_inner_shape<G: Group>() {
    for (lo, hi, bits, values) in [(0u64, 255u64, 8usize, 1usize), (10, 20, 4, 2), (5, 5, 1, 2), (0, 1, 1, 1)] {
        let interval = Interval::new(lo, hi).unwrap();
        assert_eq!((interval.bits(), interval.values()), (bits, values), "[{lo}, {hi}]");
    }
    for system in SYSTEMS {
        let (bytes, c, gens) = interval_proof::<G>(system, 10, 20, 15, G::Scalar::one());
        // [10, 25] has a 16-wide range: 4 bits, one value.
        let other = Interval::new(10, 25).unwrap();
        let expected = system.encoded_len::<G>(4, 1).unwrap();
        if expected == bytes.len() {
            // Bulletproofs++ pads both shapes to one witness length.
            assert_eq!(system, RangeSystem::BulletproofsPlusPlus);
            let r = check_interval(system, &gens, &bytes, other, &c);
            assert_eq!(r, Err(ProofError::VerificationFailed));
        } else {
            assert_eq!(
                system.decode_interval::<G>(&bytes, other).err(),
                Some(ProofError::WrongLength { expected, got: bytes.len() }),
                "{system:?}"
            );
        }
    }
}

fn int_sh_2_widest_and_narrowest<G: Group>() {
    for system in SYSTEMS {
        for (lo, hi, v) in [(0, u64::MAX, u64::MAX), (0, u64::MAX, 0), (7, 7, 7), (u64::MAX, u64::MAX, u64::MAX)] {
            let (bytes, c, gens) = interval_proof::<G>(system, lo, hi, v, G::Scalar::one());
            check_interval(system, &gens, &bytes, Interval::new(lo, hi).unwrap(), &c).unwrap();
        }
    }
}

fn int_st_4_another_interval_or_commitment<G: Group>() {
    for system in SYSTEMS {
        let (bytes, c, gens) = interval_proof::<G>(system, 10, 20, 15, G::Scalar::one());
        let interval = Interval::new(10, 20).unwrap();
        check_interval(system, &gens, &bytes, interval, &c).unwrap();
        // Same inner shape (width 11: 4 bits, two values), other ends.
        for (lo, hi) in [(11, 21), (9, 19), (0, 10)] {
            let r = check_interval(system, &gens, &bytes, Interval::new(lo, hi).unwrap(), &c);
            assert_eq!(r, Err(ProofError::VerificationFailed), "{system:?} [{lo}, {hi}]");
        }
        let r = check_interval(system, &gens, &bytes, interval, &bumped(&gens, &c));
        assert_eq!(r, Err(ProofError::VerificationFailed));
    }
}

fn int_enc_1_the_verifier_s_system<G: Group>() {
    let interval = Interval::new(10, 20).unwrap();
    for system in SYSTEMS {
        let (bytes, _, _) = interval_proof::<G>(system, 10, 20, 15, G::Scalar::one());
        for other in SYSTEMS.into_iter().filter(|s| *s != system) {
            let expected = other.encoded_len::<G>(4, 2).unwrap();
            assert_eq!(
                other.decode_interval::<G>(&bytes, interval).err(),
                Some(ProofError::WrongLength { expected, got: bytes.len() }),
                "{system:?} read as {other:?}"
            );
        }
    }
}

// -------------------------------------------------------------- multi-asset

const ASSET_SYSTEMS: [MultiAssetSystem; 4] = MultiAssetSystem::ALL;

/// An honest multi-asset proof of `m` outputs of `n` bits on assets
/// "a", "b", "c", …: bytes, commitments, generators (compressed), gens.
struct AssetCase<G: Group> {
    system: MultiAssetSystem,
    gens: Generators<G>,
    bytes: Vec<u8>,
    commitments: Vec<G::Compressed>,
    generators: Vec<G::Compressed>,
    n: usize,
}

impl<G: Group> AssetCase<G> {
    fn new(system: MultiAssetSystem, n: usize, m: usize, seed: u64) -> Self {
        let mut r = rng(seed);
        let (chains, per_chain) = system.generators_needed(n, m).unwrap();
        let gens = Generators::<G>::new(per_chain, chains);
        let points: Vec<G::Point> = (0..m).map(|j| asset_generator::<G>(&[b'a' + j as u8])).collect();
        let values: Vec<u64> = (0..m as u64).map(|j| (j * 5 + 1) & ((1 << n) - 1)).collect();
        let blindings: Vec<G::Scalar> = (0..m).map(|_| G::Scalar::random(&mut r)).collect();
        let (proof, commitments) =
            system.prove(&gens, &mut Transcript::new(LABEL), &values, &blindings, &points, n, &mut r).unwrap();
        let generators = points.iter().map(G::compress).collect();
        let case = AssetCase { system, gens, bytes: proof.to_bytes(), commitments, generators, n };
        case.check(&case.bytes).unwrap();
        case
    }

    fn decode(&self, bytes: &[u8]) -> Result<MultiAssetProof<G>, ProofError> {
        self.system.decode::<G>(bytes, self.n, self.commitments.len())
    }

    fn check(&self, bytes: &[u8]) -> Result<(), ProofError> {
        self.check_against(bytes, &self.commitments, &self.generators)
    }

    fn check_against(
        &self,
        bytes: &[u8],
        commitments: &[G::Compressed],
        generators: &[G::Compressed],
    ) -> Result<(), ProofError> {
        let proof = self.decode(bytes)?;
        let statement = MultiAssetStatement::new(self.n, commitments, generators)?;
        proof.verify(&self.gens, &statement, &mut Transcript::new(LABEL), &mut rng(42))
    }

    fn replaced(&self, offset: usize, with: &[u8]) -> Vec<u8> {
        let mut b = self.bytes.clone();
        b[offset..offset + with.len()].copy_from_slice(with);
        b
    }

    /// Fields of the encoding: the native layout, or the links followed by
    /// the inner range proof's.
    fn layout(&self) -> Vec<(usize, Field)> {
        let (p, m) = (G::POINT_LEN, self.commitments.len());
        let mut out = Vec::new();
        match self.system {
            MultiAssetSystem::Native => {
                let rounds = RangeShape::new(self.n, m).unwrap().rounds();
                let mut at = 0;
                for label in ["A", "S"] {
                    out.push((at, Field::Point(label)));
                    at += p;
                }
                for _ in 0..m {
                    out.push((at, Field::Point("T_1")));
                    out.push((at + p, Field::Point("T_2")));
                    at += 2 * p;
                }
                for _ in 0..m + 2 {
                    out.push((at, Field::Scalar));
                    at += 32;
                }
                for _ in 0..rounds {
                    out.push((at, Field::Point("L")));
                    out.push((at + p, Field::Point("R")));
                    at += 2 * p;
                }
                out.push((at, Field::Scalar));
                out.push((at + 32, Field::Scalar));
                assert_eq!(at + 64, self.bytes.len());
            }
            MultiAssetSystem::Recommitted(system) => {
                let mut at = 0;
                for _ in 0..m {
                    out.push((at, Field::Point("V'")));
                    at += p;
                }
                for _ in 0..m {
                    out.push((at, Field::Point("R")));
                    out.push((at + p, Field::Point("R'")));
                    at += 2 * p;
                    for _ in 0..3 {
                        out.push((at, Field::Scalar));
                        at += 32;
                    }
                }
                out.extend(layout::<G>(system, self.n, m).into_iter().map(|(o, f)| (o + at, f)));
            }
        }
        out
    }
}

fn ma_st_1_one_generator_per_commitment<G: Group>() {
    let case = AssetCase::<G>::new(MultiAssetSystem::Native, 4, 2, 50);
    for generators in [&case.generators[..1], &[case.generators[0]; 3][..]] {
        assert_eq!(
            MultiAssetStatement::<G>::new(4, &case.commitments, generators).err(),
            Some(ProofError::WrongNumGenerators { values: 2, generators: generators.len() })
        );
    }
}

fn ma_st_2_invalid_or_identity_generator<G: Group>() {
    let case = AssetCase::<G>::new(MultiAssetSystem::Native, 4, 2, 51);
    for bad in [compressed::<G>(&invalid_point::<G>()), G::compress(&G::identity())] {
        let mut g = case.generators.clone();
        g[1] = bad;
        assert_eq!(
            MultiAssetStatement::<G>::new(4, &case.commitments, &g).err(),
            Some(ProofError::InvalidValueGenerator { index: 1 })
        );
    }
}

fn ma_st_3_generator_of_known_logarithm<G: Group>() {
    // B̃ (or any point whose logarithm the prover knows) is a point like any
    // other to the statement: choosing the generators is the verifier's job.
    let gens = Generators::<G>::new(4, 1);
    let b_blinding = gens.pedersen().b_blinding;
    let (proof, commitments) = MultiAssetSystem::Native
        .prove(&gens, &mut Transcript::new(LABEL), &[3], &[G::Scalar::one()], &[b_blinding], 4, &mut rng(52))
        .unwrap();
    let statement = MultiAssetStatement::new(4, &commitments, &[G::compress(&b_blinding)]).unwrap();
    proof.verify(&gens, &statement, &mut Transcript::new(LABEL), &mut rng(53)).unwrap();
}

fn ma_st_4_commitments<G: Group>() {
    for system in ASSET_SYSTEMS {
        let case = AssetCase::<G>::new(system, 4, 2, 54);
        let mut c = case.commitments.clone();
        c[1] = compressed::<G>(&invalid_point::<G>());
        assert_eq!(
            case.check_against(&case.bytes, &c, &case.generators),
            Err(ProofError::InvalidCommitment { index: 1 })
        );
        c[1] = G::compress(&G::identity());
        assert_eq!(case.check_against(&case.bytes, &c, &case.generators), Err(ProofError::VerificationFailed));
    }
    // An identity commitment (value 0, blinding 0) is a valid statement.
    let gens = Generators::<G>::new(4, 1);
    let h = asset_generator::<G>(b"zero");
    let (proof, c) = MultiAssetSystem::Native
        .prove(&gens, &mut Transcript::new(LABEL), &[0], &[G::Scalar::zero()], &[h], 4, &mut rng(55))
        .unwrap();
    assert_eq!(G::compressed_bytes(&c[0]), identity_bytes::<G>());
    let statement = MultiAssetStatement::new(4, &c, &[G::compress(&h)]).unwrap();
    proof.verify(&gens, &statement, &mut Transcript::new(LABEL), &mut rng(56)).unwrap();
}

fn ma_st_5_shape<G: Group>() {
    let case = AssetCase::<G>::new(MultiAssetSystem::Native, 4, 1, 57);
    for bits in [0usize, 65] {
        assert_eq!(
            MultiAssetStatement::<G>::new(bits, &case.commitments, &case.generators).err(),
            Some(ProofError::InvalidBitsize { bits })
        );
    }
    for values in [0usize, 65] {
        let c = vec![case.commitments[0]; values];
        let g = vec![case.generators[0]; values];
        assert_eq!(MultiAssetStatement::<G>::new(4, &c, &g).err(), Some(ProofError::InvalidAggregation { values }));
    }
}

fn ma_enc_1_exact_length<G: Group>() {
    for system in ASSET_SYSTEMS {
        let case = AssetCase::<G>::new(system, 4, 2, 58);
        let len = case.bytes.len();
        assert_eq!(len, system.encoded_len::<G>(4, 2).unwrap());
        for got in [0, len - 1, len + 1] {
            let mut b = case.bytes.clone();
            b.resize(got, 0);
            assert_eq!(case.decode(&b).err(), Some(ProofError::WrongLength { expected: len, got }), "{system:?}");
        }
    }
}

fn ma_enc_2_points_and_scalars<G: Group>() {
    for system in ASSET_SYSTEMS {
        let case = AssetCase::<G>::new(system, 3, 2, 59);
        for (offset, field) in case.layout() {
            // Offsets within the whole encoding, inner range proof included.
            let at = offset;
            let (bad, want) = match field {
                Field::Point(_) => (invalid_point::<G>(), ProofError::InvalidPoint { offset: at }),
                Field::Scalar => {
                    (noncanonical_scalars::<G>()[0].to_vec(), ProofError::NonCanonicalScalar { offset: at })
                }
            };
            assert_eq!(case.decode(&case.replaced(offset, &bad)).err(), Some(want), "{system:?}");
        }
    }
}

/// What `encoding.rs` promises ("errors carry the byte offset of the
/// field"): the offset within the proof as given.
#[test]
fn ma_enc_2_offsets_within_the_whole_proof() {
    type G = Ristretto255;
    let case = AssetCase::<G>::new(MultiAssetSystem::Recommitted(RangeSystem::Bulletproofs), 3, 2, 59);
    let (offset, _) = *case.layout().last().unwrap();
    let bad = case.replaced(offset, &noncanonical_scalars::<G>()[0]);
    assert_eq!(case.decode(&bad).err(), Some(ProofError::NonCanonicalScalar { offset }));
}

fn ma_id_1_identity_proof_points<G: Group>() {
    let identity = identity_bytes::<G>();
    for system in ASSET_SYSTEMS {
        let case = AssetCase::<G>::new(system, 3, 2, 60);
        for (offset, field) in case.layout() {
            match field {
                Field::Point("V'") | Field::Scalar => {}
                Field::Point(label) => {
                    let bad = case.replaced(offset, &identity);
                    assert_eq!(case.check(&bad), Err(ProofError::IdentityPoint { label }), "{system:?} at {offset}");
                }
            }
        }
    }
}

fn ma_id_2_identity_recommitment<G: Group>() {
    let identity = identity_bytes::<G>();
    for system in SYSTEMS {
        let case = AssetCase::<G>::new(MultiAssetSystem::Recommitted(system), 3, 2, 61);
        for offset in [0, G::POINT_LEN] {
            let bad = case.replaced(offset, &identity);
            case.decode(&bad).unwrap();
            assert_eq!(case.check(&bad), Err(ProofError::VerificationFailed), "{system:?}");
        }
    }
}

fn ma_sh_1_proof_of_another_shape<G: Group>() {
    for system in ASSET_SYSTEMS {
        let case = AssetCase::<G>::new(system, 4, 2, 62);
        let proof = case.decode(&case.bytes).unwrap();
        let three = [case.commitments.clone(), vec![case.commitments[0]]].concat();
        let g3 = [case.generators.clone(), vec![case.generators[0]]].concat();
        let statement = MultiAssetStatement::new(4, &three, &g3).unwrap();
        let r = proof.verify(&case.gens, &statement, &mut Transcript::new(LABEL), &mut rng(63));
        let want = match system {
            MultiAssetSystem::Native => {
                ProofError::WrongLength { expected: system.encoded_len::<G>(4, 3).unwrap(), got: case.bytes.len() }
            }
            MultiAssetSystem::Recommitted(_) => ProofError::WrongNumCommitments { expected: 3, got: 2 },
        };
        assert_eq!(r, Err(want), "{system:?}");
        // Decoded for the verifier's shape: its length.
        let expected = system.encoded_len::<G>(8, 2).unwrap();
        assert_eq!(
            system.decode::<G>(&case.bytes, 8, 2).err(),
            Some(ProofError::WrongLength { expected, got: case.bytes.len() })
        );
    }
}

fn ma_st_6_swapped_generators_or_commitments<G: Group>() {
    for system in ASSET_SYSTEMS {
        let case = AssetCase::<G>::new(system, 4, 2, 64);
        let g = [case.generators[1], case.generators[0]];
        assert_eq!(case.check_against(&case.bytes, &case.commitments, &g), Err(ProofError::VerificationFailed));
        let c = [case.commitments[1], case.commitments[0]];
        assert_eq!(case.check_against(&case.bytes, &c, &case.generators), Err(ProofError::VerificationFailed));
        let other = [case.generators[0], G::compress(&asset_generator::<G>(b"z"))];
        assert_eq!(case.check_against(&case.bytes, &case.commitments, &other), Err(ProofError::VerificationFailed));
    }
}

// -------------------------------------------------------------------- batch

/// Three honest range proofs of different systems and shapes, decoded, with
/// their statements.
#[allow(clippy::type_complexity)]
fn batch_members<G: Group>() -> (Generators<G>, Vec<(AnyRangeProof<G>, RangeStatement<G>, Vec<u8>)>) {
    let gens = Generators::<G>::new(64, 8);
    let members = [
        (RangeSystem::Bulletproofs, 8, 2),
        (RangeSystem::BulletproofsPlus, 4, 3),
        (RangeSystem::BulletproofsPlusPlus, 16, 1),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (system, n, m))| {
        let h = Honest::<G>::new(system, n, m, 70 + i as u64);
        let proof = h.decode(&h.bytes).unwrap();
        (proof, RangeStatement::new(n, &h.commitments).unwrap(), h.bytes)
    })
    .collect();
    (gens, members)
}

fn batch_1_empty_batch<G: Group>() {
    let gens = Generators::<G>::new(1, 1);
    assert_eq!(batch::verify(&gens, &[], &mut rng(71)), Ok(()));
}

fn batch_2_honest_members<G: Group>() {
    let (gens, members) = batch_members::<G>();
    let items: Vec<_> = members.iter().map(|(p, s, _)| Item::new(p, s, Transcript::new(LABEL))).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    assert_eq!(batch::verify(&gens, &claims, &mut rng(72)), Ok(()));
}

fn batch_3_names_exactly_the_invalid<G: Group>() {
    let (gens, members) = batch_members::<G>();
    // Members 1 and 4 under another label; 0, 2, 3, 5 honest.
    let items: Vec<_> = (0..6)
        .map(|i| {
            let (p, s, _) = &members[i % 3];
            Item::new(p, s, Transcript::new(if i == 1 || i == 4 { b"other" } else { LABEL }))
        })
        .collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    let err = batch::verify(&gens, &claims, &mut rng(73)).unwrap_err();
    assert_eq!(err.invalid, vec![(1, ProofError::VerificationFailed), (4, ProofError::VerificationFailed)]);
}

fn batch_4_replay_errors_first<G: Group>() {
    let (_, members) = batch_members::<G>();
    let (_, s, bytes) = &members[0];
    let mut bad = bytes.clone();
    bad[..G::POINT_LEN].copy_from_slice(&identity_bytes::<G>());
    let identity = RangeSystem::Bulletproofs.decode::<G>(&bad, 8, 2).unwrap();
    let item = Item::new(&identity, s, Transcript::new(LABEL));
    let asked = std::cell::Cell::new(false);
    let generators = |chains, per_chain| {
        asked.set(true);
        Generators::<G>::new(per_chain, chains)
    };
    let err = batch::verify_with_generators(generators, &[&item as &dyn Claim<G>], &mut rng(74)).unwrap_err();
    assert_eq!(err.invalid, vec![(0, ProofError::IdentityPoint { label: "A" })]);
    assert!(!asked.get(), "generators derived for a batch in which nothing replays");
}

fn batch_5_generators_too_small<G: Group>() {
    let (_, members) = batch_members::<G>();
    let small = Generators::<G>::new(2, 1);
    let items: Vec<_> = members.iter().map(|(p, s, _)| Item::new(p, s, Transcript::new(LABEL))).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    let err = batch::verify(&small, &claims, &mut rng(75)).unwrap_err();
    assert_eq!(err.indices(), vec![0, 1, 2]);
    assert!(err.invalid.iter().all(|(_, e)| matches!(e, ProofError::InsufficientGenerators { .. })), "{err}");
}

fn batch_6_refused_members<G: Group>() {
    let (gens, members) = batch_members::<G>();
    let (p, s, _) = &members[0];
    let item = Item::new(p, s, Transcript::new(LABEL));
    let refused = Refused(ProofError::InvalidCommitment { index: 3 });
    let claims: Vec<&dyn Claim<G>> = vec![&refused, &item, &refused];
    let err = batch::verify(&gens, &claims, &mut rng(76)).unwrap_err();
    assert_eq!(
        err.invalid,
        vec![(0, ProofError::InvalidCommitment { index: 3 }), (2, ProofError::InvalidCommitment { index: 3 })]
    );
}

// ---------------------------------------------------------------------- MPC

/// Where the MPC runner tampers.
#[derive(Clone, Copy, PartialEq)]
enum Tamper {
    None,
    /// Drop the last party's bit commitment.
    FewerBitCommitments,
    /// Party `j`'s `A` (or `S`) the identity.
    IdentityA(usize),
    IdentityS(usize),
    /// Party `j`'s `T₂` the identity.
    IdentityT2(usize),
    /// Party `j`'s `t̂` share plus one.
    ShareTx(usize),
}

fn run_mpc<G: Group>(tamper: Tamper) -> Result<(), MpcError> {
    use ballistic::hazmat::ProofPoint;
    let (n, values) = (8usize, [3u64, 200, 17]);
    let gens = Generators::<G>::new(n, 4);
    let mut r = rng(80);
    let mut transcript = Transcript::new(LABEL);
    let dealer = Dealer::new(&gens, &mut transcript, n, values.len())?;
    let mut parties = Vec::new();
    let mut bits = Vec::new();
    for (j, v) in values.iter().enumerate() {
        let (p, c) = Party::new(&gens, *v, G::Scalar::random(&mut r), n)?.assign_position_with_rng(j, &mut r)?;
        parties.push(p);
        bits.push(c);
    }
    let identity = ProofPoint::<G>::from_point(G::identity());
    match tamper {
        Tamper::FewerBitCommitments => {
            bits.pop();
        }
        Tamper::IdentityA(j) => bits[j].a = identity,
        Tamper::IdentityS(j) => bits[j].s = identity,
        _ => {}
    }
    let (dealer, challenge) = dealer.receive_bit_commitments(bits)?;
    let mut next = Vec::new();
    let mut polys = Vec::new();
    for p in parties {
        let (p, c) = p.apply_challenge_with_rng(&challenge, &mut r)?;
        next.push(p);
        polys.push(c);
    }
    if let Tamper::IdentityT2(j) = tamper {
        polys[j].t_2 = identity;
    }
    let (dealer, challenge) = dealer.receive_poly_commitments(polys)?;
    let mut shares: Vec<_> = next.into_iter().map(|p| p.apply_challenge(&challenge)).collect::<Result<_, _>>()?;
    if let Tamper::ShareTx(j) = tamper {
        shares[j].t_x += G::Scalar::one();
    }
    let (proof, commitments) = dealer.receive_shares(shares)?;
    proof.verify_multiple_with_rng(&gens, &mut Transcript::new(LABEL), &commitments, n, &mut r).map_err(MpcError::Proof)
}

fn mpc_1_wrong_number_of_messages<G: Group>() {
    run_mpc::<G>(Tamper::None).unwrap();
    assert_eq!(
        run_mpc::<G>(Tamper::FewerBitCommitments).err(),
        Some(MpcError::WrongNumMessages { expected: 3, got: 2 })
    );
}

fn mpc_2_identity_bit_commitments<G: Group>() {
    assert_eq!(
        run_mpc::<G>(Tamper::IdentityA(1)).err(),
        Some(MpcError::MalformedBitCommitments { bad_parties: vec![1] })
    );
    assert_eq!(
        run_mpc::<G>(Tamper::IdentityS(2)).err(),
        Some(MpcError::MalformedBitCommitments { bad_parties: vec![2] })
    );
}

fn mpc_3_identity_poly_commitments<G: Group>() {
    assert_eq!(
        run_mpc::<G>(Tamper::IdentityT2(0)).err(),
        Some(MpcError::MalformedPolyCommitments { bad_parties: vec![0] })
    );
}

fn mpc_4_inconsistent_shares<G: Group>() {
    assert_eq!(run_mpc::<G>(Tamper::ShareTx(2)).err(), Some(MpcError::MalformedProofShares { bad_parties: vec![2] }));
}

fn mpc_5_parties_refuse_bad_challenges<G: Group>() {
    use ballistic::range::mpc::{BitChallenge, PolyChallenge};
    let gens = Generators::<G>::new(8, 1);
    let mut r = rng(81);
    let party =
        || Party::new(&gens, 5, G::Scalar::one(), 8).unwrap().assign_position_with_rng(0, &mut rng(82)).unwrap().0;
    let (zero, one, two) = (G::Scalar::zero(), G::Scalar::one(), G::Scalar::from_u64(2));
    for (y, z, want) in [
        (zero, one, MpcError::ZeroChallenge),
        (one, zero, MpcError::ZeroChallenge),
        (two, two, MpcError::RepeatedChallenge),
    ] {
        assert_eq!(party().apply_challenge_with_rng(&BitChallenge { y, z }, &mut r).err(), Some(want));
    }
    for (x, want) in
        [(zero, MpcError::ZeroChallenge), (one, MpcError::RepeatedChallenge), (two, MpcError::RepeatedChallenge)]
    {
        let (p, _) = party().apply_challenge_with_rng(&BitChallenge { y: one, z: two }, &mut r).unwrap();
        assert_eq!(p.apply_challenge(&PolyChallenge { x }).err(), Some(want));
    }
}

crate::for_each_group!(
    rp_enc_1_length_is_the_statement_s,
    rp_enc_2_shape_free_lengths,
    rp_enc_3_invalid_point,
    rp_enc_4_noncanonical_scalar,
    rp_id_1_identity_proof_points,
    rp_sc_1_zero_scalars,
    rp_st_1_bit_size,
    rp_st_2_number_of_commitments,
    rp_st_3_invalid_commitment,
    rp_st_4_identity_commitment,
    rp_st_6_other_or_reordered_commitments,
    rp_st_7_label_and_extra_data,
    rp_sh_1_any_bits_any_count,
    rp_sh_2_proof_of_another_length,
    rp_sh_3_same_length_other_shape,
    rp_gen_1_generators_too_small,
    rp_pp_1_sealed_payload,
    rp_pp_2_explicit_digit_base,
    int_st_2_invalid_commitment,
    int_sh_1_inner_shape,
    int_sh_2_widest_and_narrowest,
    int_st_4_another_interval_or_commitment,
    int_enc_1_the_verifier_s_system,
    ma_st_1_one_generator_per_commitment,
    ma_st_2_invalid_or_identity_generator,
    ma_st_3_generator_of_known_logarithm,
    ma_st_4_commitments,
    ma_st_5_shape,
    ma_enc_1_exact_length,
    ma_enc_2_points_and_scalars,
    ma_id_1_identity_proof_points,
    ma_id_2_identity_recommitment,
    ma_sh_1_proof_of_another_shape,
    ma_st_6_swapped_generators_or_commitments,
    batch_1_empty_batch,
    batch_2_honest_members,
    batch_3_names_exactly_the_invalid,
    batch_4_replay_errors_first,
    batch_5_generators_too_small,
    batch_6_refused_members,
    mpc_1_wrong_number_of_messages,
    mpc_2_identity_bit_commitments,
    mpc_3_identity_poly_commitments,
    mpc_4_inconsistent_shares,
    mpc_5_parties_refuse_bad_challenges,
);
