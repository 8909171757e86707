//! R1CS proofs (paper Protocol 3): the constraint-system API, gadgets,
//! encoding, batch verification and rejection of everything an honest
//! prover did not make — on every group.

use ballistic::circuit::gadgets::{self as boolean, range, shuffle};
use ballistic::circuit::{
    ConstraintSystem, LinearCombination, Prover, R1csProof, RandomizableConstraintSystem, Variable, Verifier,
};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Generators, ProofError};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn s<G: Group>(v: u64) -> G::Scalar {
    G::Scalar::from_u64(v)
}

/// The statement "I know committed a, b with a·b = c and a + b = d" for
/// public c, d — built by the same gadget for prover and verifier.
fn product_gadget<G: Group, CS: ConstraintSystem<G::Scalar>>(cs: &mut CS, a: Variable, b: Variable, c: u64, d: u64) {
    let (_, _, o) = cs.multiply(a.into(), b.into());
    cs.constrain(o.minus(s::<G>(c)));
    cs.constrain(a.plus(b) - s::<G>(d));
}

struct Fixture<G: Group> {
    gens: Generators<G>,
}

fn fixture<G: Group>() -> Fixture<G> {
    Fixture { gens: Generators::new(128, 1) }
}

fn prove_product<G: Group>(
    f: &Fixture<G>,
    a: u64,
    b: u64,
    c: u64,
    d: u64,
    seed: u64,
) -> Result<(R1csProof<G>, Vec<G::Compressed>), ProofError> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut prover = Prover::new(&f.gens, Transcript::new(b"r1cs test"));
    let (ca, va) = prover.commit(s::<G>(a), G::Scalar::random(&mut rng));
    let (cb, vb) = prover.commit(s::<G>(b), G::Scalar::random(&mut rng));
    product_gadget::<G, _>(&mut prover, va, vb, c, d);
    let proof = prover.prove_with_rng(&mut rng)?;
    Ok((proof, vec![ca, cb]))
}

fn verify_product<G: Group>(
    f: &Fixture<G>,
    proof: &R1csProof<G>,
    commitments: &[G::Compressed],
    c: u64,
    d: u64,
    label: &'static [u8],
) -> Result<(), ProofError> {
    let mut verifier = Verifier::new(Transcript::new(label));
    let va = verifier.commit(commitments[0]);
    let vb = verifier.commit(commitments[1]);
    product_gadget::<G, _>(&mut verifier, va, vb, c, d);
    verifier.verify_with_rng(&f.gens, proof, &mut ChaCha20Rng::seed_from_u64(9))
}

fn honest_proof_verifies<G: Group>() {
    let f = fixture::<G>();
    let (proof, c) = prove_product(&f, 3, 5, 15, 8, 1).unwrap();
    verify_product(&f, &proof, &c, 15, 8, b"r1cs test").unwrap();
    assert!(!proof.has_phase_two());
    // Round trip, strict re-encoding, serde.
    let bytes = proof.to_bytes();
    assert_eq!(bytes.len(), R1csProof::<G>::encoded_len(proof.rounds(), false));
    let back = R1csProof::<G>::from_bytes(&bytes).unwrap();
    assert_eq!(back.to_bytes(), bytes);
    let json = serde_json::to_string(&proof).unwrap();
    assert_eq!(serde_json::from_str::<R1csProof<G>>(&json).unwrap(), proof);
}

fn wrong_statement_rejected<G: Group>() {
    let f = fixture::<G>();
    let (proof, c) = prove_product(&f, 3, 5, 15, 8, 2).unwrap();
    // A different public constant (the Frozen-Heart class: the statement is bound).
    assert!(verify_product(&f, &proof, &c, 16, 8, b"r1cs test").is_err());
    assert!(verify_product(&f, &proof, &c, 15, 9, b"r1cs test").is_err());
    // Another transcript label.
    assert!(verify_product(&f, &proof, &c, 15, 8, b"other label").is_err());
    // Swapped or altered commitments.
    assert!(verify_product(&f, &proof, &[c[1], c[0]], 15, 8, b"r1cs test").is_err());
    let moved = G::compress(&(G::decompress(&c[0]).unwrap() + f.gens.pedersen().b));
    assert!(verify_product(&f, &proof, &[moved, c[1]], 15, 8, b"r1cs test").is_err());
    // A circuit with one more constraint, and one with a changed gate.
    let mut verifier = Verifier::<G>::new(Transcript::new(b"r1cs test"));
    let va = verifier.commit(c[0]);
    let vb = verifier.commit(c[1]);
    product_gadget::<G, _>(&mut verifier, va, vb, 15, 8);
    verifier.constrain(LinearCombination::default());
    assert!(verifier.verify(&f.gens, &proof).is_err());
    let mut verifier = Verifier::<G>::new(Transcript::new(b"r1cs test"));
    let va = verifier.commit(c[0]);
    let vb = verifier.commit(c[1]);
    let (_, _, o) = verifier.multiply(va.into(), va.into());
    verifier.constrain(o.minus(s::<G>(15)));
    verifier.constrain(va.plus(vb) - s::<G>(8));
    assert!(verifier.verify(&f.gens, &proof).is_err());
}

fn tampered_proofs_rejected<G: Group>() {
    let f = fixture::<G>();
    let (proof, c) = prove_product(&f, 7, 9, 63, 16, 3).unwrap();
    let bytes = proof.to_bytes();
    for i in 0..bytes.len() {
        for flip in [0x01u8, 0x80] {
            let mut t = bytes.clone();
            t[i] ^= flip;
            if let Ok(p) = R1csProof::<G>::from_bytes(&t) {
                assert!(verify_product(&f, &p, &c, 63, 16, b"r1cs test").is_err(), "byte {i} ^ {flip:#x} accepted");
            }
        }
    }
    for len in 0..bytes.len() {
        assert!(R1csProof::<G>::from_bytes(&bytes[..len]).is_err());
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(R1csProof::<G>::from_bytes(&longer).is_err());
    // Identity points in every point position.
    let identity = G::compress(&G::identity());
    for k in 0..(bytes.len() - 5 * 32) / G::POINT_LEN {
        if k >= 8 + 2 * proof.rounds() {
            break;
        }
        let start = if k < 8 { k * G::POINT_LEN } else { 8 * G::POINT_LEN + 3 * 32 + (k - 8) * G::POINT_LEN };
        let mut t = bytes.clone();
        t[start..start + G::POINT_LEN].copy_from_slice(G::compressed_bytes(&identity));
        if let Ok(p) = R1csProof::<G>::from_bytes(&t) {
            assert!(verify_product(&f, &p, &c, 63, 16, b"r1cs test").is_err(), "identity at point {k} accepted");
        }
    }
    // Non-canonical scalars: ℓ + t_x is not accepted by the decoder.
    let off = 8 * G::POINT_LEN;
    let mut t = bytes.clone();
    t[off..off + 32].copy_from_slice(&[0xff; 32]);
    assert!(matches!(R1csProof::<G>::from_bytes(&t), Err(ProofError::NonCanonicalScalar { .. })));
}

fn unsatisfiable_witness_refused<G: Group>() {
    let f = fixture::<G>();
    assert_eq!(prove_product(&f, 3, 5, 16, 8, 4).unwrap_err(), ProofError::Unsatisfied);
    assert_eq!(prove_product(&f, 3, 5, 15, 9, 4).unwrap_err(), ProofError::Unsatisfied);
    // A constraint naming a variable the system never made.
    let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"x"));
    prover.constrain(Variable::MultiplierLeft(7).into());
    assert_eq!(prover.prove().unwrap_err(), ProofError::InvalidVariable);
    // Missing assignments are an error, not a panic.
    let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"x"));
    assert_eq!(prover.allocate(None).unwrap_err(), ProofError::MissingAssignment);
    // Too few generators.
    let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"x"));
    for _ in 0..200 {
        prover.allocate_multiplier(Some((s::<G>(1), s::<G>(1)))).unwrap();
    }
    assert!(matches!(prover.prove(), Err(ProofError::InsufficientGenerators { .. })));
}

fn range_gadget<G: Group>() {
    let f = fixture::<G>();
    let run = |value: u64, claimed: u64, bits: usize| -> Result<(), ProofError> {
        let mut rng = ChaCha20Rng::seed_from_u64(value);
        let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"range"));
        let (c, v) = prover.commit(s::<G>(value), G::Scalar::random(&mut rng));
        range(&mut prover, v.into(), Some(claimed), bits)?;
        assert_eq!(prover.metrics().multipliers, bits);
        let proof = prover.prove_with_rng(&mut rng)?;
        let mut verifier = Verifier::<G>::new(Transcript::new(b"range"));
        let v = verifier.commit(c);
        range(&mut verifier, v.into(), None, bits)?;
        verifier.verify(&f.gens, &proof)
    };
    run(0, 0, 8).unwrap();
    run(255, 255, 8).unwrap();
    run(u64::MAX, u64::MAX, 64).unwrap();
    assert_eq!(run(256, 256, 8).unwrap_err(), ProofError::Unsatisfied);
    // Bits that do not add up to the committed value.
    assert_eq!(run(5, 6, 8).unwrap_err(), ProofError::Unsatisfied);
    assert!(matches!(run(1, 1, 65), Err(ProofError::InvalidBitsize { .. })));
}

fn boolean_gadgets<G: Group>() {
    let f = fixture::<G>();
    for a in 0..2u64 {
        for b in 0..2u64 {
            let expected = [a & b, a ^ b, a | b, 1 - a];
            for claimed_ok in [true, false] {
                let mut rng = ChaCha20Rng::seed_from_u64(a * 2 + b);
                let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"bool"));
                let va = boolean::allocate_bit(&mut prover, Some(s::<G>(a))).unwrap();
                let vb = boolean::allocate_bit(&mut prover, Some(s::<G>(b))).unwrap();
                let outs = [
                    boolean::and(&mut prover, va.into(), vb.into()),
                    boolean::xor(&mut prover, va.into(), vb.into()),
                    boolean::or(&mut prover, va.into(), vb.into()),
                    boolean::not(va.into()),
                ];
                for (out, e) in outs.into_iter().zip(expected) {
                    let claim = if claimed_ok { e } else { 1 - e };
                    prover.constrain(out - s::<G>(claim));
                }
                let result = prover.prove_with_rng(&mut rng);
                assert_eq!(result.is_ok(), claimed_ok, "a={a} b={b}");
            }
        }
    }
    // allocate_bit refuses a non-bit.
    let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"bool"));
    boolean::allocate_bit(&mut prover, Some(s::<G>(2))).unwrap();
    assert_eq!(prover.prove().unwrap_err(), ProofError::Unsatisfied);
}

type ShuffleProof<G> = (R1csProof<G>, Vec<<G as Group>::Compressed>, Vec<<G as Group>::Compressed>);

fn shuffle_proof<G: Group>(input: &[u64], output: &[u64], seed: u64) -> Result<ShuffleProof<G>, ProofError> {
    let f = fixture::<G>();
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"shuffle"));
    let (cx, vx): (Vec<_>, Vec<_>) =
        input.iter().map(|v| prover.commit(s::<G>(*v), G::Scalar::random(&mut rng))).unzip();
    let (cy, vy): (Vec<_>, Vec<_>) =
        output.iter().map(|v| prover.commit(s::<G>(*v), G::Scalar::random(&mut rng))).unzip();
    shuffle(&mut prover, vx, vy)?;
    Ok((prover.prove_with_rng(&mut rng)?, cx, cy))
}

fn verify_shuffle<G: Group>(
    proof: &R1csProof<G>,
    cx: &[G::Compressed],
    cy: &[G::Compressed],
) -> Result<(), ProofError> {
    let f = fixture::<G>();
    let mut verifier = Verifier::<G>::new(Transcript::new(b"shuffle"));
    let vx = cx.iter().map(|c| verifier.commit(*c)).collect();
    let vy = cy.iter().map(|c| verifier.commit(*c)).collect();
    shuffle(&mut verifier, vx, vy)?;
    verifier.verify(&f.gens, proof)
}

fn shuffle_gadget<G: Group>() {
    for k in [1usize, 2, 3, 8, 17] {
        let input: Vec<u64> = (0..k as u64).map(|i| 1000 + 37 * i).collect();
        let mut output = input.clone();
        output.reverse();
        output.rotate_left(k / 3);
        let (proof, cx, cy) = shuffle_proof::<G>(&input, &output, k as u64).unwrap();
        assert_eq!(proof.has_phase_two(), k > 1);
        verify_shuffle::<G>(&proof, &cx, &cy).unwrap();
        // Commitments swapped between the lists make a different statement.
        if k > 1 {
            let mut cy2 = cy.clone();
            cy2.swap(0, 1);
            assert!(verify_shuffle::<G>(&proof, &cx, &cy2).is_err());
            assert!(verify_shuffle::<G>(&proof, &cy, &cx).is_err());
        }
        // A non-permutation: the prover refuses.
        let mut bad = output.clone();
        bad[0] += 1;
        assert_eq!(shuffle_proof::<G>(&input, &bad, 5).unwrap_err(), ProofError::Unsatisfied);
    }
    // Duplicates are a multiset: [1,1,2] is not a shuffle of [1,2,2].
    assert_eq!(shuffle_proof::<G>(&[1, 2, 2], &[1, 1, 2], 1).unwrap_err(), ProofError::Unsatisfied);
    assert!(shuffle_proof::<G>(&[1, 2], &[1], 1).is_err());
}

fn phase_mismatch_rejected<G: Group>() {
    let f = fixture::<G>();
    // A second-phase proof presented for a first-phase-only statement, and back.
    let (two, cx, cy) = shuffle_proof::<G>(&[1, 2, 3], &[3, 1, 2], 1).unwrap();
    let mut verifier = Verifier::<G>::new(Transcript::new(b"shuffle"));
    for c in cx.iter().chain(&cy) {
        verifier.commit(*c);
    }
    assert!(verifier.verify(&f.gens, &two).is_err());
    let (one, c) = prove_product(&f, 2, 3, 6, 5, 1).unwrap();
    let mut verifier = Verifier::<G>::new(Transcript::new(b"r1cs test"));
    let va = verifier.commit(c[0]);
    let vb = verifier.commit(c[1]);
    product_gadget::<G, _>(&mut verifier, va, vb, 6, 5);
    verifier
        .specify_randomized_constraints(|cs| {
            let _ = cs.allocate_multiplier(None)?;
            Ok(())
        })
        .unwrap();
    assert_eq!(verifier.verify(&f.gens, &one).unwrap_err(), ProofError::PhaseMismatch);
}

fn batch_names_bad_proofs<G: Group>() {
    let f = fixture::<G>();
    let mut rng = ChaCha20Rng::seed_from_u64(77);
    let shapes: Vec<(u64, u64)> = vec![(2, 3), (4, 5), (6, 7), (8, 9), (10, 11)];
    let proofs: Vec<_> = shapes
        .iter()
        .enumerate()
        .map(|(i, (a, b))| prove_product(&f, *a, *b, a * b, a + b, i as u64).unwrap())
        .collect();
    let (shuffled, cx, cy) = shuffle_proof::<G>(&[5, 6, 7, 8], &[8, 7, 6, 5], 3).unwrap();
    let items = |bad: &[usize]| {
        let mut items = Vec::new();
        for (i, ((proof, c), (a, b))) in proofs.iter().zip(&shapes).enumerate() {
            let product = if bad.contains(&i) { a * b + 1 } else { a * b };
            let mut v = Verifier::<G>::new(Transcript::new(b"r1cs test"));
            let va = v.commit(c[0]);
            let vb = v.commit(c[1]);
            product_gadget::<G, _>(&mut v, va, vb, product, a + b);
            items.push((v, proof));
        }
        let mut v = Verifier::<G>::new(Transcript::new(b"shuffle"));
        let vx = cx.iter().map(|c| v.commit(*c)).collect();
        let vy = cy.iter().map(|c| v.commit(*c)).collect();
        shuffle(&mut v, vx, vy).unwrap();
        items.push((v, &shuffled));
        items
    };
    verify_batch(&f.gens, items(&[]), &mut rng).unwrap();
    assert_eq!(verify_batch(&f.gens, items(&[3]), &mut rng).unwrap_err().indices(), vec![3]);
    assert_eq!(verify_batch(&f.gens, items(&[0, 4]), &mut rng).unwrap_err().indices(), vec![0, 4]);
}

fn metrics_before_proving<G: Group>() {
    let f = fixture::<G>();
    let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"m"));
    let (_, v) = prover.commit(s::<G>(9), s::<G>(1));
    range(&mut prover, v.into(), Some(9), 4).unwrap();
    let m = prover.metrics();
    assert_eq!((m.multipliers, m.constraints), (4, 9));
    assert_eq!(m.padded_multipliers(), 4);
    let mut verifier = Verifier::<G>::new(Transcript::new(b"m"));
    let v = verifier.commit(G::compress(&G::identity()));
    range(&mut verifier, v.into(), None, 4).unwrap();
    assert_eq!(verifier.metrics(), m);
    // Debug shows sizes, never values.
    let debug = format!("{prover:?}");
    assert!(debug.contains("multipliers: 4") && !debug.contains("Scalar"));
}

fn empty_circuit<G: Group>() {
    // No multipliers at all (only a commitment and a linear constraint).
    let f = fixture::<G>();
    let mut prover = Prover::<G>::new(&f.gens, Transcript::new(b"empty"));
    let (c, v) = prover.commit(s::<G>(4), s::<G>(11));
    prover.constrain(v.minus(s::<G>(4)));
    let proof = prover.prove().unwrap();
    let mut verifier = Verifier::<G>::new(Transcript::new(b"empty"));
    let v = verifier.commit(c);
    verifier.constrain(v.minus(s::<G>(4)));
    verifier.verify(&f.gens, &proof).unwrap();
    let mut verifier = Verifier::<G>::new(Transcript::new(b"empty"));
    let v = verifier.commit(c);
    verifier.constrain(v.minus(s::<G>(5)));
    assert!(verifier.verify(&f.gens, &proof).is_err());
}

for_each_group!(
    honest_proof_verifies,
    wrong_statement_rejected,
    tampered_proofs_rejected,
    unsatisfiable_witness_refused,
    range_gadget,
    boolean_gadgets,
    shuffle_gadget,
    phase_mismatch_rejected,
    batch_names_bad_proofs,
    metrics_before_proving,
    empty_circuit,
);

/// Circuit proofs (any circuits over the same generators) as claims, in one batch.
fn verify_batch<G: Group, R: rand::RngCore + rand::CryptoRng>(
    gens: &Generators<G>,
    items: Vec<(ballistic::circuit::Verifier<G>, &ballistic::circuit::R1csProof<G>)>,
    rng: &mut R,
) -> Result<(), ballistic::errors::BatchError> {
    use ballistic::batch::Claim;
    let claims: Vec<ballistic::circuit::R1csClaim<G>> =
        items.into_iter().map(|(verifier, proof)| ballistic::circuit::R1csClaim::new(verifier, proof, rng)).collect();
    let refs: Vec<&dyn Claim<G>> = claims.iter().map(|c| c as &dyn Claim<G>).collect();
    ballistic::batch::verify(gens, &refs, rng)
}
