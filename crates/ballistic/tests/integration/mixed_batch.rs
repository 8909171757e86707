//! The verification contract: one batch mixing every proof kind on one
//! group — Bulletproofs, Bulletproofs+, interval proofs of both systems and
//! circuit proofs (one and two phases) — verifies in one multiscalar
//! multiplication, names exactly the invalid members, and agrees with
//! verifying each proof alone.

use ballistic::batch::{self, Claim, Item};
use ballistic::circuit::gadgets::shuffle;
use ballistic::circuit::{Prover, R1csClaim, R1csProof, Verifier};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::RangeSystem;
use ballistic::RangeProofSystem;
use ballistic::{
    ErrorKind, Generators, Interval, IntervalProof, IntervalStatement, ProofError, RangeProof, RangeProofPlus,
    RangeStatement, Verifiable,
};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn s<G: Group>(v: u64) -> G::Scalar {
    G::Scalar::from_u64(v)
}

/// A circuit statement: `a·b = c` and, when `shuffled`, `(a, b)` is a
/// permutation of `(b, a)` (a second-phase gadget).
fn circuit<G: Group, CS: ballistic::circuit::RandomizableConstraintSystem<G::Scalar>>(
    cs: &mut CS,
    vars: &[ballistic::circuit::Variable],
    c: u64,
    shuffled: bool,
) {
    let (_, _, o) = cs.multiply(vars[0].into(), vars[1].into());
    cs.constrain(o.minus(s::<G>(c)));
    if shuffled {
        shuffle(cs, vec![vars[0], vars[1]], vec![vars[1], vars[0]]).unwrap();
    }
}

struct CircuitCase<G: Group> {
    proof: R1csProof<G>,
    commitments: Vec<G::Compressed>,
    c: u64,
    shuffled: bool,
}

fn prove_circuit<G: Group>(
    gens: &Generators<G>,
    rng: &mut ChaCha20Rng,
    a: u64,
    b: u64,
    shuffled: bool,
) -> CircuitCase<G> {
    let mut prover = Prover::new(gens, Transcript::new(b"mixed circuit"));
    let (ca, va) = prover.commit(s::<G>(a), G::Scalar::random(rng));
    let (cb, vb) = prover.commit(s::<G>(b), G::Scalar::random(rng));
    circuit::<G, _>(&mut prover, &[va, vb], a * b, shuffled);
    let proof = prover.prove_with_rng(rng).unwrap();
    CircuitCase { proof, commitments: vec![ca, cb], c: a * b, shuffled }
}

fn circuit_claim<G: Group>(case: &CircuitCase<G>, label: &'static [u8], rng: &mut ChaCha20Rng) -> R1csClaim<G> {
    let mut verifier = Verifier::<G>::new(Transcript::new(label));
    let vars: Vec<_> = case.commitments.iter().map(|c| verifier.commit(*c)).collect();
    circuit::<G, _>(&mut verifier, &vars, case.c, case.shuffled);
    R1csClaim::new(verifier, &case.proof, rng)
}

fn mixed_batch_names_exactly_the_invalid<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2024);
    let gens = Generators::<G>::new(64, 8);
    let label = b"mixed";
    let blinding = |rng: &mut ChaCha20Rng| <G::Scalar as ScalarOps>::random(rng);

    // Range proofs of both systems, several shapes.
    let (bp64, c64) = RangeProof::<G>::prove_single_with_rng(
        &gens,
        &mut Transcript::new(label),
        7,
        &blinding(&mut rng),
        64,
        &mut rng,
    )
    .unwrap();
    let values = [3u64, 4, 5];
    let bl: Vec<_> = values.iter().map(|_| blinding(&mut rng)).collect();
    let (bp8x3, c8x3) =
        RangeProof::<G>::prove_multiple_with_rng(&gens, &mut Transcript::new(label), &values, &bl, 8, &mut rng)
            .unwrap();
    let bl2 = [blinding(&mut rng), blinding(&mut rng)];
    let (plus, cplus) = RangeProofPlus::<G>::prove_multiple_with_rng(
        &gens,
        &mut Transcript::new(label),
        &[1, u64::MAX],
        &bl2,
        64,
        &mut rng,
    )
    .unwrap();
    // A system chosen at run time, boxed.
    let (boxed, cboxed) = RangeSystem::BulletproofsPlus
        .prove(&gens, &mut Transcript::new(label), &[9], &[blinding(&mut rng)], 5, &mut rng)
        .unwrap();
    // Interval proofs of both systems.
    let interval = Interval::new(1000, 5000).unwrap();
    let (iv, civ) = IntervalProof::<G>::prove_with_rng::<RangeProof<G>, _>(
        &gens,
        &mut Transcript::new(label),
        1234,
        &blinding(&mut rng),
        interval,
        &mut rng,
    )
    .unwrap();
    let (ivp, civp) = IntervalProof::<G>::prove_with_rng::<RangeProofPlus<G>, _>(
        &gens,
        &mut Transcript::new(label),
        5000,
        &blinding(&mut rng),
        interval,
        &mut rng,
    )
    .unwrap();
    // Circuit proofs: one phase and two phases.
    let one_phase = prove_circuit::<G>(&gens, &mut rng, 6, 7, false);
    let two_phase = prove_circuit::<G>(&gens, &mut rng, 11, 13, true);

    let st64 = RangeStatement::new(64, &[c64]).unwrap();
    let st8x3 = RangeStatement::new(8, &c8x3).unwrap();
    let stplus = RangeStatement::new(64, &cplus).unwrap();
    let stboxed = RangeStatement::new(5, &cboxed).unwrap();
    let stiv = IntervalStatement::new(&gens, interval, &civ).unwrap();
    let stivp = IntervalStatement::new(&gens, interval, &civp).unwrap();
    // The same interval statement with another commitment: proof 5 (ivp) is made invalid this way.
    let wrong_iv = IntervalStatement::new(&gens, interval, &civ).unwrap();

    // Each proof alone, through the contract.
    assert!(bp64.verify(&gens, &st64, &mut Transcript::new(label), &mut rng).is_ok());
    assert!(plus.verify(&gens, &stplus, &mut Transcript::new(label), &mut rng).is_ok());
    assert!(iv.verify(&gens, &stiv, &mut Transcript::new(label), &mut rng).is_ok());
    assert_eq!(
        ivp.verify(&gens, &wrong_iv, &mut Transcript::new(label), &mut rng).unwrap_err(),
        ProofError::VerificationFailed
    );

    // `bad` lists the members presented wrongly: under another label, with
    // another commitment, or with a circuit constant changed.
    let run = |bad: &[usize], rng: &mut ChaCha20Rng| -> Result<(), Vec<usize>> {
        let t = |i: usize| Transcript::new(if bad.contains(&i) { b"other" } else { label });
        let i0 = Item::new(&bp64, &st64, t(0));
        let i1 = Item::new(&bp8x3, &st8x3, t(1));
        let i2 = Item::new(&plus, &stplus, t(2));
        let i3 = Item::new(&boxed, &stboxed, t(3));
        let i4 = Item::new(&iv, &stiv, t(4));
        let i5 = Item::new(&ivp, if bad.contains(&5) { &wrong_iv } else { &stivp }, Transcript::new(label));
        let c6 = circuit_claim(&one_phase, if bad.contains(&6) { b"other" } else { b"mixed circuit" }, rng);
        let c7 = circuit_claim(&two_phase, if bad.contains(&7) { b"other" } else { b"mixed circuit" }, rng);
        let claims: Vec<&dyn Claim<G>> = vec![&i0, &i1, &i2, &i3, &i4, &i5, &c6, &c7];
        batch::verify(&gens, &claims, rng).map_err(|e| {
            assert!(e.invalid.iter().all(|(_, reason)| reason.kind() == ErrorKind::Verification), "{e}");
            e.indices()
        })
    };
    assert_eq!(run(&[], &mut rng), Ok(()));
    for bad in [vec![0], vec![3], vec![5], vec![7], vec![1, 6], vec![2, 4, 7], vec![0, 1, 2, 3, 4, 5, 6, 7]] {
        assert_eq!(run(&bad, &mut rng), Err(bad.clone()), "bad = {bad:?}");
    }

    // A member whose proof does not replay (a circuit proof for another
    // circuit shape) is named without a group operation, beside a member
    // whose equation fails.
    let mut verifier = Verifier::<G>::new(Transcript::new(b"mixed circuit"));
    let vars: Vec<_> = one_phase.commitments.iter().map(|c| verifier.commit(*c)).collect();
    circuit::<G, _>(&mut verifier, &vars, one_phase.c, true); // two phases expected, one given
    let mismatched = R1csClaim::new(verifier, &one_phase.proof, &mut rng);
    let i0 = Item::new(&bp64, &st64, Transcript::new(b"other"));
    let i1 = Item::new(&plus, &stplus, Transcript::new(label));
    let claims: Vec<&dyn Claim<G>> = vec![&i0, &mismatched, &i1];
    let err = batch::verify(&gens, &claims, &mut rng).unwrap_err();
    assert_eq!(err.indices(), vec![0, 1]);
    assert_eq!(err.invalid[1].1, ProofError::PhaseMismatch);
}

fn statements_are_checked_once<G: Group>() {
    // A statement with an unsupported shape is refused before any proof
    // is looked at.
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let gens = Generators::<G>::new(8, 1);
    let (_, c) = RangeProof::<G>::prove_single_with_rng(
        &gens,
        &mut Transcript::new(b"x"),
        1,
        &<G::Scalar as ScalarOps>::random(&mut rng),
        8,
        &mut rng,
    )
    .unwrap();
    assert_eq!(RangeStatement::<G>::new(65, &[c]).unwrap_err().kind(), ErrorKind::Statement);
    assert_eq!(RangeStatement::<G>::new(8, &[]).unwrap_err().kind(), ErrorKind::Statement);
    let st = RangeStatement::<G>::new(8, &[c]).unwrap();
    assert_eq!(st.generators_needed(), (1, 8));
    assert_eq!(st.commitments(), &[c][..]);
}

for_each_group!(mixed_batch_names_exactly_the_invalid, statements_are_checked_once);
