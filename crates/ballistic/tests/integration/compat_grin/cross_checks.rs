//! Cross-checks with the C code through its FFI: verification both ways,
//! statement binding, refused shapes, flips, garbage, batches, multi-party
//! proofs, point encodings and minimums from 2^32.

use super::*;

/// A proof from the C prover with independent randomness (not our nonces'
/// replay) verifies in ballistic, and Grin's safe wrapper verifies ours.
#[test]
fn grin_wrapper_both_ways() {
    use secp256k1zkp::key::SecretKey;
    use secp256k1zkp::pedersen::{Commitment, ProofMessage, RangeProof};
    let secp = secp256k1zkp::Secp256k1::with_caps(secp256k1zkp::ContextFlag::Commit);
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for round in 0..4 {
        let value: u64 = rng.gen();
        let (blind_bytes, blind) = random_blind(&mut rng);
        let nonces = random_nonces(&mut rng, round % 2 == 0);
        let extra: Option<Vec<u8>> = (round >= 2).then(|| b"grin extra".to_vec());
        let message = [round as u8 + 1; 20];
        let key = SecretKey::from_slice(&secp, &blind_bytes).unwrap();
        let rewind = SecretKey::from_slice(&secp, &nonces.rewind).unwrap();
        let private = SecretKey::from_slice(&secp, &nonces.private).unwrap();
        let theirs = secp.bullet_proof(
            value,
            key.clone(),
            rewind.clone(),
            private,
            extra.clone(),
            Some(ProofMessage::from_bytes(&message)),
        );
        let commitment = secp.commit(value, key).unwrap();
        let options = GrinProveOptions { extra_commit: extra.as_deref(), message: Some(message), ..Default::default() };
        let (ours, v) = GrinProof::prove(&[GrinOpening { value, blinding: blind }], &nonces, &options).unwrap();
        assert_eq!(commitment_to_bytes(&v[0]).unwrap(), commitment.0);
        assert_eq!(ours.as_bytes(), theirs.bytes());
        let statement = GrinStatement::grin_default(v[0], extra.clone()).unwrap();
        GrinProof::from_bytes(theirs.bytes()).unwrap().verify(&statement, &mut rng).unwrap();
        let mut proof = [0u8; secp256k1zkp::constants::MAX_PROOF_SIZE];
        proof.copy_from_slice(ours.as_bytes());
        let ours_wrapped = RangeProof { proof, plen: 675 };
        secp.verify_bullet_proof(Commitment(commitment.0), ours_wrapped, extra.clone()).unwrap();
        // Grin rewinds ours.
        let info = secp.rewind_bullet_proof(Commitment(commitment.0), rewind, extra.clone(), ours_wrapped).unwrap();
        assert_eq!(info.value, value);
        assert_eq!(info.message.as_bytes(), &message[..]);
        if nonces.rewind == nonces.private {
            assert_eq!(info.blinding.0, blind_bytes);
        }
    }
}

/// The statement binds min_value, extra_commit, each commitment and the
/// value generator: changing any one rejects (in ballistic and in C).
#[test]
fn statement_is_bound() {
    let c = C::new();
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let (blind_bytes, blind) = random_blind(&mut rng);
    let value = 60_000u64;
    let mins = [59_000u64];
    let extra = b"bound".to_vec();
    let nonces = random_nonces(&mut rng, true);
    let g = random_gen(&mut rng);
    let options = GrinProveOptions {
        n_bits: 16,
        value_gen: Some(g),
        min_values: Some(&mins),
        extra_commit: Some(&extra),
        message: None,
    };
    let (proof, v) = GrinProof::prove(&[GrinOpening { value, blinding: blind }], &nonces, &options).unwrap();
    let good = GrinStatement::new(16, v.clone(), Some(g), Some(mins.to_vec()), Some(extra.clone())).unwrap();
    proof.verify(&good, &mut rng).unwrap();
    let cb = [commitment_to_bytes(&v[0]).unwrap()];
    assert!(c.verify(proof.as_bytes(), &cb, 16, &xy(&g), Some(&extra), Some(&mins)));
    let other_v = commit(value, &blind, Some(&(g + g)));
    let bad = [
        GrinStatement::new(16, v.clone(), Some(g), Some(vec![59_001]), Some(extra.clone())).unwrap(),
        GrinStatement::new(16, v.clone(), Some(g), None, Some(extra.clone())).unwrap(),
        GrinStatement::new(16, v.clone(), Some(g), Some(mins.to_vec()), Some(b"bounD".to_vec())).unwrap(),
        GrinStatement::new(16, v.clone(), Some(g), Some(mins.to_vec()), None).unwrap(),
        GrinStatement::new(16, v.clone(), Some(g), Some(mins.to_vec()), Some(vec![])).unwrap(),
        GrinStatement::new(16, vec![other_v], Some(g), Some(mins.to_vec()), Some(extra.clone())).unwrap(),
        GrinStatement::new(16, v.clone(), None, Some(mins.to_vec()), Some(extra.clone())).unwrap(),
        GrinStatement::new(16, v.clone(), Some(-g), Some(mins.to_vec()), Some(extra.clone())).unwrap(),
    ];
    for (i, s) in bad.iter().enumerate() {
        assert_eq!(proof.verify(s, &mut rng), Err(ProofError::VerificationFailed), "statement {i}");
    }
    assert!(!c.verify(proof.as_bytes(), &cb, 16, &xy(&g), Some(&extra), Some(&[59_001])));
    assert!(!c.verify(proof.as_bytes(), &cb, 16, &xy(&g), Some(b"bounD"), Some(&mins)));
    assert!(!c.verify(proof.as_bytes(), &cb, 16, &xy(&(g + g)), Some(&extra), Some(&mins)));
    // Another n with the same N is another statement.
    assert!(GrinStatement::new(8, v.clone(), Some(g), None, None).is_ok());
    assert!(proof.verify(&GrinStatement::new(8, v.clone(), Some(g), None, None).unwrap(), &mut rng).is_err());
    // Out-of-range values are refused by both provers.
    let low = GrinOpening { value: 58_999, blinding: blind };
    assert!(GrinProof::prove(&[low], &nonces, &options).is_err());
    assert!(c.prove(&[58_999], &[blind_bytes], &nonces, &options).is_none());
    // For n < 64 the C code also wants the value itself below 2^n.
    let high = GrinOpening { value: 65_536, blinding: blind };
    assert!(GrinProof::prove(&[high], &nonces, &options).is_err());
    // (The C prover refuses it through ARG_CHECK, whose default callback aborts.)
}

/// secp256k1-zkp's verifier rejects its own honest aggregated proofs with
/// minimum values (it scales the wrong accumulator by z^j), so ballistic
/// refuses that shape; the C code also cannot prove a non-power-of-two m.
#[test]
fn shapes_the_c_code_refuses() {
    let c = C::new();
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let (b0, _) = random_blind(&mut rng);
    let (b1, _) = random_blind(&mut rng);
    let nonces = random_nonces(&mut rng, true);
    let h = GENERATOR_H_XY;
    let mins = [10u64, 20];
    let options = |n_bits, min_values| GrinProveOptions {
        n_bits,
        value_gen: None,
        min_values,
        extra_commit: None,
        message: None,
    };
    let proof = c.prove(&[15, 25], &[b0, b1], &nonces, &options(32, Some(&mins[..]))).unwrap();
    let commits = [c.commit(15, &b0, &h), c.commit(25, &b1, &h)];
    assert!(!c.verify(&proof, &commits, 32, &h, None, Some(&mins)));
    let v: Vec<P> = commits.iter().map(|b| commitment_from_bytes(b).unwrap()).collect();
    assert!(GrinStatement::new(32, v.clone(), None, Some(mins.to_vec()), None).is_err());
    // m = 3: the C prover's output does not verify in C.
    let (b2, _) = random_blind(&mut rng);
    if let Some(p3) = c.prove(&[1, 2, 3], &[b0, b1, b2], &nonces, &options(8, None)) {
        let commits3 = [c.commit(1, &b0, &h), c.commit(2, &b1, &h), c.commit(3, &b2, &h)];
        assert!(!c.verify(&p3, &commits3, 8, &h, None, None));
    }
    assert!(GrinStatement::new(8, vec![v[0]; 3], None, None, None).is_err());
    assert!(GrinStatement::new(64, vec![v[0]; 4], None, None, None).is_err());
    assert!(GrinStatement::new(3, vec![v[0]], None, None, None).is_err());
}

/// Every single-bit flip of a 64-bit proof is refused (by decoding or by
/// the equation), and so is every flip C sees (spot check).
#[test]
fn every_bit_flip_rejected() {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let case = Case::random(&mut rng, 64, 1, false);
    let (proof, v) = case.ours();
    let statement = case.statement(v);
    proof.verify(&statement, &mut rng).unwrap();
    let bytes = proof.to_bytes();
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut flipped = bytes.clone();
            flipped[i] ^= 1 << bit;
            if let Ok(p) = GrinProof::from_bytes(&flipped) {
                assert!(p.verify(&statement, &mut rng).is_err(), "byte {i} bit {bit}");
            }
        }
    }
}

/// Truncated, extended and random inputs are errors, never panics.
#[test]
fn garbage_is_an_error() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let case = Case::random(&mut rng, 64, 1, false);
    let (proof, _) = case.ours();
    let bytes = proof.to_bytes();
    // A prefix may happen to decode as a proof of a shorter vector; it is
    // then a proof of another shape.
    let statement = case.statement(case.ours().1);
    for len in 0..bytes.len() {
        if let Ok(p) = GrinProof::from_bytes(&bytes[..len]) {
            assert!(matches!(p.verify(&statement, &mut rng), Err(ProofError::WrongLength { .. })));
        }
    }
    for extra in 1..40 {
        let mut longer = bytes.clone();
        longer.extend(std::iter::repeat_n(0u8, extra));
        assert!(GrinProof::from_bytes(&longer).is_err());
    }
    for _ in 0..300 {
        let len = [289, 353, 418, 482, 546, 610, 675, 739, rng.gen_range(0..1500)][rng.gen_range(0..9)];
        let mut junk = vec![0u8; len];
        rng.fill_bytes(&mut junk);
        let _ = GrinProof::from_bytes(&junk);
    }
    // All-zero and all-0xff proofs of every length.
    for len in 0..1400 {
        assert!(GrinProof::from_bytes(&vec![0u8; len]).is_err());
        assert!(GrinProof::from_bytes(&vec![0xffu8; len]).is_err());
    }
    // A proof of another shape than the statement's.
    let (p32, v32) = Case::random(&mut rng, 32, 1, false).ours();
    let s64 = GrinStatement::new(64, v32, None, None, None).unwrap();
    assert!(matches!(p32.verify(&s64, &mut rng), Err(ProofError::WrongLength { .. })));
}

/// A batch of proofs with different value generators and shapes, two of
/// them bad: the batch names exactly those two. The C batch verifier
/// accepts the good 64-bit ones with per-proof generators.
#[test]
fn batch_names_the_bad_proofs() {
    let c = C::new();
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    let mut proofs = Vec::new();
    let mut statements = Vec::new();
    let mut singles = Vec::new();
    let mut extras = Vec::new();
    for i in 0..10 {
        let (n, m) = [(64, 1), (64, 2), (32, 1), (8, 4), (64, 1)][i % 5];
        let case = Case::random(&mut rng, n, m, i % 3 != 0);
        let (proof, v) = case.ours();
        if (n, m) == (64, 1) {
            singles.push((proof.to_bytes(), commitment_to_bytes(&v[0]).unwrap(), xy(&case.value_gen)));
            extras.push(case.extra.clone().map(|e| if e.is_empty() { vec![0u8; 0] } else { e }));
        }
        let mut v = v;
        if i == 3 {
            v[0] += grin_generators().value_gen();
        }
        let mut proof = proof;
        if i == 7 {
            let mut bytes = proof.to_bytes();
            bytes[31] ^= 1; // −τ_x changes; still a valid encoding.
            proof = GrinProof::from_bytes(&bytes).unwrap();
        }
        statements.push(case.statement(v));
        proofs.push(proof);
    }
    let items: Vec<(&GrinProof, &GrinStatement)> = proofs.iter().zip(&statements).collect();
    let err = ballistic::compat::grin::GrinProof::verify_batch(&items, &mut rng).unwrap_err();
    assert_eq!(err.indices(), vec![3, 7]);
    let good: Vec<(&GrinProof, &GrinStatement)> =
        items.iter().enumerate().filter(|(i, _)| *i != 3 && *i != 7).map(|(_, x)| *x).collect();
    ballistic::compat::grin::GrinProof::verify_batch(&good, &mut rng).unwrap();
    let ps: Vec<Vec<u8>> = singles.iter().map(|(p, _, _)| p.clone()).collect();
    let cs: Vec<[u8; 33]> = singles.iter().map(|(_, c, _)| *c).collect();
    let gs: Vec<[u8; 64]> = singles.iter().map(|(_, _, g)| *g).collect();
    assert!(c.verify_multi(&ps, &cs, &gs, &extras));
    let mut swapped = gs.clone();
    swapped.swap(0, 1);
    assert!(!c.verify_multi(&ps, &cs, &swapped, &extras));
}

/// Grin's multi-party proof (`bullet_proof_multisig`, two parties sharing
/// the rewind nonce, each with its own private nonce and blinding): the
/// finished proof is an ordinary single-value proof of the summed
/// commitment, and ballistic verifies it.
#[test]
fn grin_multi_party_proof_verifies() {
    use secp256k1zkp::key::{PublicKey, SecretKey};
    use secp256k1zkp::pedersen::Commitment;
    let secp = secp256k1zkp::Secp256k1::with_caps(secp256k1zkp::ContextFlag::Commit);
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let key = |rng: &mut ChaCha20Rng| SecretKey::from_slice(&secp, &random_blind(rng).0).unwrap();
    let value = 12_345_678u64;
    let (blind_a, blind_b, nonce) = (key(&mut rng), key(&mut rng), key(&mut rng));
    let (private_a, private_b) = (key(&mut rng), key(&mut rng));
    let commit = secp
        .commit_sum(
            vec![secp.commit(value, blind_a.clone()).unwrap(), secp.commit(0, blind_b.clone()).unwrap()],
            vec![],
        )
        .unwrap();
    let commits = vec![commit];
    let step = |blind: &SecretKey,
                private: &SecretKey,
                tau_x: Option<&mut SecretKey>,
                t_one: &mut PublicKey,
                t_two: &mut PublicKey,
                step: u8| {
        secp.bullet_proof_multisig(
            value,
            blind.clone(),
            nonce.clone(),
            None,
            None,
            tau_x,
            Some(t_one),
            Some(t_two),
            commits.clone(),
            Some(private),
            step,
        )
    };
    let (mut t1a, mut t2a, mut t1b, mut t2b) = (PublicKey::new(), PublicKey::new(), PublicKey::new(), PublicKey::new());
    step(&blind_a, &private_a, None, &mut t1a, &mut t2a, 1);
    step(&blind_b, &private_b, None, &mut t1b, &mut t2b, 1);
    let mut t1 = PublicKey::from_combination(&secp, vec![&t1a, &t1b]).unwrap();
    let mut t2 = PublicKey::from_combination(&secp, vec![&t2a, &t2b]).unwrap();
    let (mut tau_a, mut tau_b) = (key(&mut rng), key(&mut rng));
    step(&blind_a, &private_a, Some(&mut tau_a), &mut t1, &mut t2, 2);
    step(&blind_b, &private_b, Some(&mut tau_b), &mut t1, &mut t2, 2);
    tau_a.add_assign(&secp, &tau_b).unwrap();
    let proof = step(&blind_a, &private_a, Some(&mut tau_a), &mut t1, &mut t2, 0).unwrap();
    secp.verify_bullet_proof(Commitment(commit.0), proof, None).unwrap();
    let v = commitment_from_bytes(&commit.0).unwrap();
    let ours = GrinProof::from_bytes(proof.bytes()).unwrap();
    ours.verify(&GrinStatement::grin_default(v, None).unwrap(), &mut rng).unwrap();
    let other = commitment_from_bytes(&secp.commit(value, blind_a).unwrap().0).unwrap();
    assert!(ours.verify(&GrinStatement::grin_default(other, None).unwrap(), &mut rng).is_err());
}

/// Commitments and generators in secp256k1-zkp's 33-byte forms: the C
/// library's bytes parse to the same points, and malformed ones (wrong
/// prefix, `x ≥ p`, `x` off the curve) are refused; the identity is
/// no commitment; a zero blinding is refused by both provers.
#[test]
fn point_encodings_and_refusals() {
    use ballistic::compat::grin::{generator_from_bytes, generator_to_bytes, point_from_xy};
    let c = C::new();
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    for _ in 0..8 {
        let (blind_bytes, blind) = random_blind(&mut rng);
        let value: u64 = rng.gen();
        let g = random_gen(&mut rng);
        let theirs = c.commit(value, &blind_bytes, &xy(&g));
        let ours = commit(value, &blind, Some(&g));
        assert_eq!(commitment_from_bytes(&theirs).unwrap(), ours);
        assert_eq!(commitment_to_bytes(&ours).unwrap(), theirs);
        assert_eq!(generator_from_bytes(&generator_to_bytes(&g).unwrap()).unwrap(), g);
        assert_eq!(point_from_xy(&xy(&g)).unwrap(), g);
        let mut bad = theirs;
        bad[0] = 0x02;
        assert!(commitment_from_bytes(&bad).is_err());
        assert!(generator_from_bytes(&theirs).is_none());
    }
    let mut above_p = [0xffu8; 33];
    above_p[0] = 0x08;
    assert!(commitment_from_bytes(&above_p).is_err());
    let mut off_curve = [0u8; 33];
    off_curve[0] = 0x08;
    off_curve[32] = 5; // x = 5: 5³ + 7 = 132 is not a square mod p.
    assert!(commitment_from_bytes(&off_curve).is_err());
    let identity = Secp256k1::identity();
    assert!(commitment_to_bytes(&identity).is_none());
    assert_eq!(
        GrinStatement::new(64, vec![identity], None, None, None).unwrap_err(),
        ProofError::InvalidCommitment { index: 0 }
    );
    let zero = GrinOpening { value: 5, blinding: S::ZERO };
    let nonces = random_nonces(&mut rng, true);
    assert!(GrinProof::prove(&[zero], &nonces, &GrinProveOptions::default()).is_err());
    assert!(c.prove(&[5], &[[0u8; 32]], &nonces, &GrinProveOptions::default()).is_none());
}

/// secp256k1-zkp's verifier hashes a minimum value as 64 bits but puts it
/// into its equation as a 32-bit `unsigned int` (`secp256k1_scalar_set_int`
/// in `secp256k1_bulletproof_rangeproof_vfy_callback`): it rejects every
/// honest proof whose minimum is `≥ 2^32`, its own prover's included.
/// ballistic refuses such minimums when verifying, proving and rewinding
/// (issue 35), and keeps agreeing with the C code on minimums below 2^32.
#[test]
fn minimums_from_2_pow_32_are_refused_as_the_c_verifier_does() {
    use ballistic::compat::grin::{check_min_values, MAX_MIN_VALUE};
    let c = C::new();
    let mut rng = ChaCha20Rng::seed_from_u64(35);
    let h = GENERATOR_H_XY;
    assert_eq!(MAX_MIN_VALUE, (1 << 32) - 1);
    let mut refused = vec![1u64 << 32, (1 << 32) + 1, (1 << 33) + 12_345, u64::MAX - 1, u64::MAX];
    refused.extend((0..4).map(|_| rng.gen_range(1u64 << 32..=u64::MAX)));
    for &min in &refused {
        let (blind_bytes, blind) = random_blind(&mut rng);
        let nonces = random_nonces(&mut rng, true);
        let value = min + rng.gen_range(0..=(u64::MAX - min).min(1 << 40));
        // The C code proves it, and its own verifier rejects the proof.
        let options = GrinProveOptions { min_values: Some(&[min]), ..GrinProveOptions::default() };
        let theirs = c.prove(&[value], &[blind_bytes], &nonces, &options).unwrap();
        let cb = [c.commit(value, &blind_bytes, &h)];
        assert!(!c.verify(&theirs, &cb, 64, &h, None, Some(&[min])), "C accepts min {min}");
        // ballistic refuses the statement, the proving and the rewinding.
        let v = commitment_from_bytes(&cb[0]).unwrap();
        let too_large = ProofError::MinValueTooLarge { index: 0, min };
        assert_eq!(GrinStatement::new(64, vec![v], None, Some(vec![min]), None).unwrap_err(), too_large);
        assert_eq!(check_min_values(&[min]), Err(too_large.clone()));
        let opening = GrinOpening { value, blinding: blind };
        assert_eq!(GrinProof::prove(&[opening], &nonces, &options).unwrap_err(), too_large);
        let parsed = GrinProof::from_bytes(&theirs).unwrap();
        assert_eq!(parsed.rewind(&v, None, min, None, &nonces.rewind).unwrap_err(), too_large);
        // Its low 32 bits as the minimum: another transcript, rejected too.
        let low = min & MAX_MIN_VALUE;
        assert!(!c.verify(&theirs, &cb, 64, &h, None, Some(&[low])));
        let s = GrinStatement::new(64, vec![v], None, Some(vec![low]), None).unwrap();
        assert_eq!(parsed.verify(&s, &mut rng), Err(ProofError::VerificationFailed));
    }
    // Below 2^32 both sides prove and accept each other's proofs.
    let mut accepted = vec![1u64, MAX_MIN_VALUE - 1, MAX_MIN_VALUE];
    accepted.extend((0..3).map(|_| rng.gen_range(1..=MAX_MIN_VALUE)));
    for &min in &accepted {
        let (blind_bytes, blind) = random_blind(&mut rng);
        let nonces = random_nonces(&mut rng, true);
        let value = min + rng.gen_range(0..1u64 << 40);
        let options = GrinProveOptions { min_values: Some(&[min]), ..GrinProveOptions::default() };
        let theirs = c.prove(&[value], &[blind_bytes], &nonces, &options).unwrap();
        let cb = [c.commit(value, &blind_bytes, &h)];
        assert!(c.verify(&theirs, &cb, 64, &h, None, Some(&[min])), "C rejects min {min}");
        let v = commitment_from_bytes(&cb[0]).unwrap();
        let s = GrinStatement::new(64, vec![v], None, Some(vec![min]), None).unwrap();
        GrinProof::from_bytes(&theirs).unwrap().verify(&s, &mut rng).unwrap();
        let (ours, _) = GrinProof::prove(&[GrinOpening { value, blinding: blind }], &nonces, &options).unwrap();
        assert_eq!(ours.as_bytes(), &theirs[..]);
        assert!(c.verify(ours.as_bytes(), &cb, 64, &h, None, Some(&[min])));
        let rewound = ours.rewind(&v, None, min, None, &nonces.rewind).unwrap();
        assert_eq!(rewound.value, value);
    }
}
