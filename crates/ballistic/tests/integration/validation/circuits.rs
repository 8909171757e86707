//! R1CS (constraint-system proofs), ARITH (`.arith` circuits) and MEM
//! (Merkle membership).

use super::*;
use ballistic::circuit::{
    ArithError, Circuit, ConstraintSystem, Limits, LinearCombination, PreparedCircuit, Prover, R1csProof,
    RandomizableConstraintSystem, RandomizedConstraintSystem, Variable, Verifier,
};
use ballistic::merkle::{self, MerkleParams, MerkleTree, PreparedMembership};
use ballistic::Ristretto255;

fn s<G: Group>(v: u64) -> G::Scalar {
    G::Scalar::from_u64(v)
}

/// "`a·b = c`" for committed `a, b` and public `c`, two unconstrained
/// squares (three multipliers, padded to 4: two rounds), and with `phase2`
/// a second-phase gate on a challenge.
fn gadget<G: Group, CS: RandomizableConstraintSystem<G::Scalar>>(
    cs: &mut CS,
    a: Variable,
    b: Variable,
    c: u64,
    phase2: bool,
) -> Result<(), ProofError> {
    let (_, _, o) = cs.multiply(a.into(), b.into());
    cs.constrain(o.minus(s::<G>(c)));
    cs.multiply(a.into(), a.into());
    cs.multiply(b.into(), b.into());
    if phase2 {
        cs.specify_randomized_constraints(move |cs| {
            let r = cs.challenge_scalar(b"r");
            cs.multiply(a.minus(r), b.minus(r));
            Ok(())
        })?;
    }
    Ok(())
}

struct R1cs<G: Group> {
    gens: Generators<G>,
    bytes: Vec<u8>,
    commitments: Vec<G::Compressed>,
    c: u64,
    phase2: bool,
}

impl<G: Group> R1cs<G> {
    fn new(a: u64, b: u64, blinding: Option<G::Scalar>, phase2: bool, seed: u64) -> Self {
        let gens = Generators::<G>::new(8, 1);
        let mut r = rng(seed);
        let mut prover = Prover::new(&gens, Transcript::new(LABEL));
        let ba = blinding.unwrap_or_else(|| G::Scalar::random(&mut r));
        let (ca, va) = prover.commit(s::<G>(a), ba);
        let (cb, vb) = prover.commit(s::<G>(b), G::Scalar::random(&mut r));
        gadget::<G, _>(&mut prover, va, vb, a * b, phase2).unwrap();
        let proof = prover.prove_with_rng(&mut r).unwrap();
        let case = R1cs { gens, bytes: proof.to_bytes(), commitments: vec![ca, cb], c: a * b, phase2 };
        case.check(&case.bytes).unwrap();
        case
    }

    fn verifier(&self, commitments: &[G::Compressed], c: u64, phase2: bool, label: &'static [u8]) -> Verifier<G> {
        let mut v = Verifier::new(Transcript::new(label));
        let va = v.commit(commitments[0]);
        let vb = v.commit(commitments[1]);
        gadget::<G, _>(&mut v, va, vb, c, phase2).unwrap();
        v
    }

    fn check(&self, bytes: &[u8]) -> Result<(), ProofError> {
        let proof = R1csProof::<G>::from_bytes(bytes)?;
        self.verifier(&self.commitments, self.c, self.phase2, LABEL).verify_with_rng(&self.gens, &proof, &mut rng(1))
    }

    fn replaced(&self, offset: usize, with: &[u8]) -> Vec<u8> {
        let mut b = self.bytes.clone();
        b[offset..offset + with.len()].copy_from_slice(with);
        b
    }

    fn layout(&self) -> Vec<(usize, Field)> {
        let p = G::POINT_LEN;
        let mut labels = vec!["A_I1", "A_O1", "S1"];
        if self.phase2 {
            labels.extend(["A_I2", "A_O2", "S2"]);
        }
        labels.extend(["T_1", "T_3", "T_4", "T_5", "T_6"]);
        let mut out: Vec<(usize, Field)> = labels.iter().enumerate().map(|(i, l)| (i * p, Field::Point(l))).collect();
        let mut at = labels.len() * p;
        for _ in 0..3 {
            out.push((at, Field::Scalar));
            at += 32;
        }
        let rounds = R1csProof::<G>::from_bytes(&self.bytes).unwrap().rounds();
        for _ in 0..rounds {
            out.push((at, Field::Point("L")));
            out.push((at + p, Field::Point("R")));
            at += 2 * p;
        }
        out.push((at, Field::Scalar));
        out.push((at + 32, Field::Scalar));
        assert_eq!(at + 64, self.bytes.len());
        out
    }
}

fn r1cs_enc_1_lengths<G: Group>() {
    let p = G::POINT_LEN;
    for phase2 in [false, true] {
        for rounds in [0usize, 1, 5, 32] {
            let len = R1csProof::<G>::encoded_len(rounds, phase2);
            assert_eq!(len, (8 + if phase2 { 3 } else { 0 }) * p + 5 * 32 + 2 * rounds * p);
            let r = R1csProof::<G>::from_bytes(&vec![0u8; len]);
            assert!(!matches!(r, Err(ProofError::WrongLength { .. })), "{rounds} rounds");
        }
        let got = R1csProof::<G>::encoded_len(33, phase2);
        assert_eq!(
            R1csProof::<G>::from_bytes(&vec![0u8; got]).err(),
            Some(ProofError::WrongLength { expected: 0, got })
        );
    }
    for got in [0usize, 1, 5 * 32, 8 * p + 5 * 32 - 1, 8 * p + 5 * 32 + 1, 8 * p + 5 * 32 + p + 1] {
        assert_eq!(
            R1csProof::<G>::from_bytes(&vec![0u8; got]).err(),
            Some(ProofError::WrongLength { expected: 0, got })
        );
    }
}

fn r1cs_enc_2_points_and_scalars<G: Group>() {
    for phase2 in [false, true] {
        let case = R1cs::<G>::new(3, 5, None, phase2, 100);
        for (offset, field) in case.layout() {
            let (bad, want) = match field {
                Field::Point(_) => (invalid_point::<G>(), ProofError::InvalidPoint { offset }),
                Field::Scalar => (noncanonical_scalars::<G>()[1].to_vec(), ProofError::NonCanonicalScalar { offset }),
            };
            assert_eq!(R1csProof::<G>::from_bytes(&case.replaced(offset, &bad)).err(), Some(want));
        }
    }
}

fn r1cs_id_1_identity_proof_points<G: Group>() {
    let identity = identity_bytes::<G>();
    for phase2 in [false, true] {
        let case = R1cs::<G>::new(3, 5, None, phase2, 101);
        for (offset, field) in case.layout() {
            if let Field::Point(label) = field {
                assert_eq!(case.check(&case.replaced(offset, &identity)), Err(ProofError::IdentityPoint { label }));
            }
        }
    }
}

fn r1cs_sc_1_zero_scalars<G: Group>() {
    let case = R1cs::<G>::new(3, 5, None, false, 102);
    for (offset, field) in case.layout() {
        if field == Field::Scalar {
            assert_eq!(case.check(&case.replaced(offset, &[0u8; 32])), Err(ProofError::VerificationFailed));
        }
    }
}

fn r1cs_st_1_commitments<G: Group>() {
    let case = R1cs::<G>::new(3, 5, None, false, 103);
    let proof = R1csProof::<G>::from_bytes(&case.bytes).unwrap();
    let bad = [case.commitments[0], compressed::<G>(&invalid_point::<G>())];
    let r = case.verifier(&bad, case.c, false, LABEL).verify_with_rng(&case.gens, &proof, &mut rng(2));
    assert_eq!(r, Err(ProofError::InvalidCommitment { index: 1 }));
    // The identity (value 0, blinding 0) is a commitment like any other.
    let zero = R1cs::<G>::new(0, 5, Some(G::Scalar::zero()), false, 104);
    assert_eq!(G::compressed_bytes(&zero.commitments[0]), identity_bytes::<G>());
}

fn r1cs_st_2_unknown_variable<G: Group>() {
    let case = R1cs::<G>::new(3, 5, None, false, 105);
    let proof = R1csProof::<G>::from_bytes(&case.bytes).unwrap();
    for var in [Variable::MultiplierLeft(99), Variable::Committed(7)] {
        let mut v = case.verifier(&case.commitments, case.c, false, LABEL);
        v.constrain(LinearCombination::from(var));
        assert_eq!(v.verify_with_rng(&case.gens, &proof, &mut rng(3)), Err(ProofError::InvalidVariable));
    }
}

fn r1cs_st_3_statement_is_bound<G: Group>() {
    let case = R1cs::<G>::new(3, 5, None, false, 106);
    let proof = R1csProof::<G>::from_bytes(&case.bytes).unwrap();
    let run = |v: Verifier<G>| v.verify_with_rng(&case.gens, &proof, &mut rng(4));
    let swapped = [case.commitments[1], case.commitments[0]];
    assert_eq!(run(case.verifier(&swapped, case.c, false, LABEL)), Err(ProofError::VerificationFailed));
    assert_eq!(run(case.verifier(&case.commitments, case.c + 1, false, LABEL)), Err(ProofError::VerificationFailed));
    assert_eq!(run(case.verifier(&case.commitments, case.c, false, b"other")), Err(ProofError::VerificationFailed));
    let mut extra = case.verifier(&case.commitments, case.c, false, LABEL);
    extra.constrain(LinearCombination::from(Variable::Committed(0)) - s::<G>(3));
    assert_eq!(run(extra), Err(ProofError::VerificationFailed));
}

fn r1cs_sh_1_phase_mismatch<G: Group>() {
    for phase2 in [false, true] {
        let case = R1cs::<G>::new(3, 5, None, phase2, 107);
        let proof = R1csProof::<G>::from_bytes(&case.bytes).unwrap();
        let r =
            case.verifier(&case.commitments, case.c, !phase2, LABEL).verify_with_rng(&case.gens, &proof, &mut rng(5));
        assert_eq!(r, Err(ProofError::PhaseMismatch), "proof phase 2: {phase2}");
    }
}

fn r1cs_sh_2_rounds_of_another_size<G: Group>() {
    let case = R1cs::<G>::new(3, 5, None, false, 108);
    let proof = R1csProof::<G>::from_bytes(&case.bytes).unwrap();
    let mut v = case.verifier(&case.commitments, case.c, false, LABEL);
    for _ in 0..2 {
        v.multiply(Variable::One.into(), Variable::One.into());
    }
    assert_eq!(
        v.verify_with_rng(&case.gens, &proof, &mut rng(6)),
        Err(ProofError::WrongLength {
            expected: R1csProof::<G>::encoded_len(3, false),
            got: R1csProof::<G>::encoded_len(2, false)
        })
    );
}

fn r1cs_sh_3_no_multipliers<G: Group>() {
    let gens = Generators::<G>::new(1, 1);
    let mut r = rng(109);
    let mut prover = Prover::new(&gens, Transcript::new(LABEL));
    let (ca, va) = prover.commit(s::<G>(4), G::Scalar::random(&mut r));
    prover.constrain(va.minus(s::<G>(4)));
    let proof = prover.prove_with_rng(&mut r).unwrap();
    assert_eq!(proof.rounds(), 0);
    let mut v = Verifier::new(Transcript::new(LABEL));
    let va = v.commit(ca);
    v.constrain(va.minus(s::<G>(4)));
    v.verify_with_rng(&gens, &proof, &mut r).unwrap();
}

fn r1cs_gen_1_generators_too_small<G: Group>() {
    let case = R1cs::<G>::new(3, 5, None, false, 110);
    let proof = R1csProof::<G>::from_bytes(&case.bytes).unwrap();
    let small = Generators::<G>::new(2, 1);
    let r = case.verifier(&case.commitments, case.c, false, LABEL).verify_with_rng(&small, &proof, &mut rng(7));
    assert_eq!(r, Err(ProofError::InsufficientGenerators { parties_needed: 1, per_party_needed: 4 }));
}

fn r1cs_prep_1_prepared_systems<G: Group>() {
    let case = R1cs::<G>::new(3, 5, None, false, 111);
    let proof = R1csProof::<G>::from_bytes(&case.bytes).unwrap();
    // Built once with placeholder commitments, resumed per statement.
    let mut base = Verifier::<G>::new(Transcript::new(b"prepare"));
    let va = base.commit(case.commitments[0]);
    let vb = base.commit(case.commitments[0]);
    gadget::<G, _>(&mut base, va, vb, case.c, false).unwrap();
    let prepared = base.prepare().unwrap();
    prepared
        .verifier(Transcript::new(LABEL), &case.commitments)
        .unwrap()
        .verify_with_rng(&case.gens, &proof, &mut rng(8))
        .unwrap();
    assert_eq!(
        prepared.verifier(Transcript::new(LABEL), &case.commitments[..1]).err(),
        Some(ProofError::WrongNumCommitments { expected: 2, got: 1 })
    );
    // Only first-phase systems can be prepared.
    let mut two = Verifier::<G>::new(Transcript::new(b"prepare"));
    let va = two.commit(case.commitments[0]);
    let vb = two.commit(case.commitments[1]);
    gadget::<G, _>(&mut two, va, vb, case.c, true).unwrap();
    assert!(matches!(two.prepare().err(), Some(ProofError::Gadget { .. })));
}

// ------------------------------------------------------- vector commitments

/// A statement with vector commitments: `v = c_{1,0}`, `c_{1,1}·c_{2,0} =
/// product` (`C₁` of three entries, `C₂` of two, taken after `V`).
struct Vc<G: Group> {
    gens: Generators<G>,
    proof: R1csProof<G>,
    v: G::Compressed,
    c: Vec<(G::Compressed, usize)>,
}

fn vc_gadget<G: Group, CS: ConstraintSystem<G::Scalar>>(cs: &mut CS, v: Variable, c: &[Vec<Variable>]) {
    cs.constrain(v.minus(c[0][0]));
    let (_, _, o) = cs.multiply(c[0][1].into(), c[1][0].into());
    cs.constrain(o.minus(s::<G>(6)));
}

impl<G: Group> Vc<G> {
    fn new(seed: u64) -> Self {
        let gens = Generators::<G>::new(8, 1);
        let mut r = rng(seed);
        let mut prover = Prover::new(&gens, Transcript::new(LABEL));
        let (v, var) = prover.commit(s::<G>(4), G::Scalar::random(&mut r));
        let (c1, v1) = prover.commit_vec(&[s::<G>(4), s::<G>(2), s::<G>(9)], G::Scalar::random(&mut r)).unwrap();
        let (c2, v2) = prover.commit_vec(&[s::<G>(3), s::<G>(8)], G::Scalar::random(&mut r)).unwrap();
        vc_gadget::<G, _>(&mut prover, var, &[v1, v2]);
        let proof = prover.prove_with_rng(&mut r).unwrap();
        let case = Vc { gens, proof, v, c: vec![(c1, 3), (c2, 2)] };
        case.check(&case.c, true).unwrap();
        case
    }

    /// Verify against `c` (`V` first, or after the vector commitments).
    fn check(&self, c: &[(G::Compressed, usize)], v_first: bool) -> Result<(), ProofError> {
        let mut verifier = Verifier::<G>::new(Transcript::new(LABEL));
        let mut var = v_first.then(|| verifier.commit(self.v));
        let vectors = c.iter().map(|(p, len)| verifier.commit_vec(*p, *len)).collect::<Result<Vec<_>, _>>()?;
        let var = var.get_or_insert_with(|| verifier.commit(self.v));
        if vectors.len() < 2 {
            return Err(ProofError::Gadget { message: "two vector commitments".into() });
        }
        vc_gadget::<G, _>(&mut verifier, *var, &vectors);
        verifier.verify_with_rng(&self.gens, &self.proof, &mut rng(9))
    }
}

fn r1cs_vc_1_lengths_and_count<G: Group>() {
    use ballistic::circuit::{MAX_VECTOR_COMMITMENTS, MAX_VECTOR_LEN};
    let case = Vc::<G>::new(112);
    let with_len = |j: usize, len: usize| {
        let mut c = case.c.clone();
        c[j].1 = len;
        case.check(&c, true)
    };
    assert_eq!(with_len(0, 0), Err(ProofError::InvalidVectorLength { index: 0, len: 0, max: MAX_VECTOR_LEN }));
    assert_eq!(with_len(1, 0), Err(ProofError::InvalidVectorLength { index: 1, len: 0, max: MAX_VECTOR_LEN - 3 }));
    let over = MAX_VECTOR_LEN - 2;
    assert_eq!(
        with_len(1, over),
        Err(ProofError::InvalidVectorLength { index: 1, len: over, max: MAX_VECTOR_LEN - 3 })
    );
    let many = vec![case.c[0]; MAX_VECTOR_COMMITMENTS + 1];
    assert_eq!(case.check(&many, true), Err(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS }));
    let bytes = case.proof.to_bytes();
    assert_eq!(
        R1csProof::<G>::from_bytes_with(&bytes, MAX_VECTOR_COMMITMENTS + 1).err(),
        Some(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS })
    );
    assert_eq!(R1csProof::<G>::from_bytes_with(&bytes, 2).unwrap(), case.proof);
    assert_eq!(R1csProof::<G>::encoded_len_with(case.proof.rounds(), false, 2), bytes.len());
}

fn r1cs_vc_2_vector_commitment_encodings<G: Group>() {
    let case = Vc::<G>::new(113);
    for j in 0..2 {
        let mut c = case.c.clone();
        c[j].0 = compressed::<G>(&invalid_point::<G>());
        assert_eq!(case.check(&c, true), Err(ProofError::InvalidVectorCommitment { index: j }));
        c[j].0 = G::compress(&G::identity());
        assert_eq!(case.check(&c, true), Err(ProofError::VerificationFailed));
    }
}

fn r1cs_vc_3_another_count<G: Group>() {
    let case = Vc::<G>::new(114);
    // One more (unused): the T count the statement expects differs.
    let mut more = case.c.clone();
    more.push(case.c[1]);
    let rounds = case.proof.rounds();
    assert_eq!(
        case.check(&more, true),
        Err(ProofError::WrongLength {
            expected: R1csProof::<G>::encoded_len_with(rounds, false, 3),
            got: R1csProof::<G>::encoded_len_with(rounds, false, 2),
        })
    );
}

fn r1cs_vc_4_statement_is_bound<G: Group>() {
    let case = Vc::<G>::new(115);
    let other = Vc::<G>::new(116);
    let bumped = |c: &G::Compressed| G::compress(&(G::decompress(c).unwrap() + G::basepoint()));
    let mut edits: Vec<Vec<(G::Compressed, usize)>> = Vec::new();
    for j in 0..2 {
        let mut c = case.c.clone();
        c[j].0 = bumped(&c[j].0);
        edits.push(c);
        let mut c = case.c.clone();
        c[j].0 = other.c[j].0;
        edits.push(c);
        let mut c = case.c.clone();
        c[j].1 += 1;
        edits.push(c);
    }
    let mut swapped = case.c.clone();
    swapped.swap(0, 1);
    swapped.iter_mut().for_each(|c| c.1 = 3);
    edits.push(swapped);
    for c in &edits {
        assert_eq!(case.check(c, true), Err(ProofError::VerificationFailed));
    }
    assert_eq!(case.check(&case.c, false), Err(ProofError::VerificationFailed), "V after the vector commitments");
}

fn r1cs_vc_5_prepared_systems<G: Group>() {
    let case = Vc::<G>::new(117);
    let mut with = Verifier::<G>::new(Transcript::new(LABEL));
    with.commit_vec(case.c[0].0, 3).unwrap();
    assert!(matches!(with.prepare().err(), Some(ProofError::Gadget { .. })));
    let mut naming = Verifier::<G>::new(Transcript::new(LABEL));
    let v = naming.commit(case.v);
    naming.constrain(v.minus(Variable::VectorCommitted(0)));
    assert!(matches!(naming.prepare().err(), Some(ProofError::Gadget { .. })));
    let mut plain = Verifier::<G>::new(Transcript::new(LABEL));
    plain.commit(case.v);
    let prepared = plain.prepare().unwrap();
    let mut resumed = prepared.verifier(Transcript::new(LABEL), &[case.v]).unwrap();
    assert!(matches!(resumed.commit_vec(case.c[0].0, 3), Err(ProofError::Gadget { .. })));
}

// ------------------------------------------------------------------- .arith

/// `out = 5·x·w + 1` for a public `x` (wire 1) and a witness `w` (wire 2);
/// wire 0 is the one-input.
const CIRCUIT: &str = "total 6\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\n\
    const-mul-5 in 1 <3> out 1 <4>\nadd in 2 <4 0> out 1 <5>\noutput 5\n";
const INPUTS: &str = "0 1\n1 3\n2 7\n";

fn parse(text: &str) -> Result<Circuit, ArithError> {
    Circuit::parse(text.as_bytes())
}

type Public<G> = ballistic::circuit::PublicValues<<G as Group>::Scalar>;

/// The circuit, an honest proof, its public values and generators.
fn arith_case<G: Group>() -> (Circuit, R1csProof<G>, Public<G>, Generators<G>) {
    let circuit = parse(CIRCUIT).unwrap();
    let inputs = circuit.read_inputs::<G::Scalar, _>(INPUTS.as_bytes()).unwrap();
    let gens = Generators::<G>::new(8, 1);
    let (proof, public) = circuit.prove(&gens, Transcript::new(LABEL), &inputs, &mut rng(120)).unwrap();
    assert_eq!(public.outputs[0].1, s::<G>(5 * 3 * 7 + 1));
    circuit.verify(&gens, Transcript::new(LABEL), &public, &proof, &mut rng(121)).unwrap();
    (circuit, proof, public, gens)
}

fn arith_1_public_values_name_the_circuit_s_wires<G: Group>() {
    let (circuit, proof, public, gens) = arith_case::<G>();
    let mismatch =
        |what: &str| ProofError::Gadget { message: format!("public values do not match the circuit's {what}") };
    let mut fewer = public.clone();
    fewer.inputs.pop();
    let mut renamed = public.clone();
    renamed.inputs[1].0 = 2;
    let mut reordered = public.clone();
    reordered.inputs.swap(0, 1);
    for bad in [fewer, renamed, reordered] {
        let r = circuit.verify(&gens, Transcript::new(LABEL), &bad, &proof, &mut rng(122));
        assert_eq!(r, Err(mismatch("inputs")));
    }
    let mut no_output = public.clone();
    no_output.outputs.clear();
    assert_eq!(
        circuit.verify(&gens, Transcript::new(LABEL), &no_output, &proof, &mut rng(123)),
        Err(mismatch("outputs"))
    );
    let prepared = PreparedCircuit::<G>::new(circuit).unwrap();
    assert_eq!(
        prepared.verify(&gens, Transcript::new(LABEL), &no_output, &proof, &mut rng(124)),
        Err(mismatch("outputs"))
    );
}

fn arith_2_public_values_are_bound<G: Group>() {
    let (circuit, proof, public, gens) = arith_case::<G>();
    let mut input = public.clone();
    input.inputs[1].1 += G::Scalar::one();
    let mut output = public.clone();
    output.outputs[0].1 += G::Scalar::one();
    let mut one = public.clone();
    one.inputs[0].1 = s::<G>(2);
    for bad in [input, output, one] {
        assert_eq!(
            circuit.verify(&gens, Transcript::new(LABEL), &bad, &proof, &mut rng(125)),
            Err(ProofError::VerificationFailed)
        );
    }
    assert_eq!(
        circuit.verify(&gens, Transcript::new(b"other"), &public, &proof, &mut rng(126)),
        Err(ProofError::VerificationFailed)
    );
}

/// The group order of `G`, big-endian hex (as `.arith` constants are written).
fn order_hex<G: Group>() -> String {
    let mut be = crate::common::order_plus::<G>(0);
    be.reverse();
    hex::encode(be)
}

fn arith_3_constants_in_the_field<G: Group>() {
    let text = CIRCUIT.replace("const-mul-5 ", &format!("const-mul-{} ", order_hex::<G>()));
    let circuit = parse(&text).unwrap();
    assert_eq!(PreparedCircuit::<G>::new(circuit.clone()).err(), Some(ArithError::NotInField { line: 6 }));
    let (_, proof, public, gens) = arith_case::<G>();
    let r = circuit.verify(&gens, Transcript::new(LABEL), &public, &proof, &mut rng(127));
    assert!(matches!(r, Err(ProofError::Gadget { .. })), "{r:?}");
    // ℓ − 1 is a constant like any other.
    let mut be = order_minus_one::<G>();
    be.reverse();
    PreparedCircuit::<G>::new(
        parse(&CIRCUIT.replace("const-mul-5 ", &format!("const-mul-{} ", hex::encode(be)))).unwrap(),
    )
    .unwrap();
}

fn arith_4_size_limits<G: Group>() {
    let limited = |limits: Limits| Circuit::parse_with_limits(CIRCUIT.as_bytes(), &limits);
    let d = Limits::default();
    assert_eq!(
        limited(Limits { max_line: 20, ..d }).err(),
        Some(ArithError::TooLarge { line: 5, what: "bytes in a line", limit: 20 })
    );
    assert_eq!(
        limited(Limits { max_gates: 2, ..d }).err(),
        Some(ArithError::TooLarge { line: 7, what: "gates", limit: 2 })
    );
    assert_eq!(
        limited(Limits { max_multipliers: 0, ..d }).err(),
        Some(ArithError::TooLarge { line: 5, what: "multiplication gates", limit: 0 })
    );
    // The translation's limits: the circuit keeps the limits it was parsed with.
    for (limits, what) in [
        (Limits { max_constraints: 1, ..d }, "constraints"),
        (Limits { max_nonzeros: 2, ..d }, "constraint entries"),
        (Limits { max_multipliers: 1, ..d }, "multiplication gates"),
    ] {
        let circuit = limited(limits).unwrap();
        let r = PreparedCircuit::<G>::new(circuit).err();
        assert!(matches!(r, Some(ArithError::TooLarge { what: w, .. }) if w == what), "{what}: {r:?}");
    }
    PreparedCircuit::<G>::new(parse(CIRCUIT).unwrap()).unwrap();
}

fn arith_5_proof_of_another_size<G: Group>() {
    let (circuit, proof, public, gens) = arith_case::<G>();
    // A proof of a larger circuit (five multipliers: 8, three rounds).
    let bigger = CIRCUIT
        .replace("total 6", "total 8")
        .replace("output 5\n", "mul in 2 <5 5> out 1 <6>\nmul in 2 <6 6> out 1 <7>\noutput 5\n");
    let big = parse(&bigger).unwrap();
    let inputs = big.read_inputs::<G::Scalar, _>(INPUTS.as_bytes()).unwrap();
    let (big_proof, _) = big.prove(&Generators::new(8, 1), Transcript::new(LABEL), &inputs, &mut rng(128)).unwrap();
    assert_ne!(big_proof.rounds(), proof.rounds());
    let want = ProofError::WrongLength {
        expected: R1csProof::<G>::encoded_len(proof.rounds(), false),
        got: R1csProof::<G>::encoded_len(big_proof.rounds(), false),
    };
    assert_eq!(circuit.verify(&gens, Transcript::new(LABEL), &public, &big_proof, &mut rng(129)), Err(want.clone()));
    let prepared = PreparedCircuit::<G>::new(circuit).unwrap();
    assert_eq!(prepared.claim(Transcript::new(LABEL), &public, &big_proof, &mut rng(130)).err(), Some(want));
}

fn arith_6_value_files<G: Group>() {
    let c = parse(CIRCUIT).unwrap();
    let read = |text: &str| c.read_inputs::<G::Scalar, _>(text.as_bytes()).err();
    assert_eq!(read("0 1\n1 3\n"), Some(ArithError::MissingInput { wire: 2 }));
    assert_eq!(read("0 1\n1 3\n2 7\n3 1\n"), Some(ArithError::NotAnInput { line: 4, wire: 3 }));
    assert_eq!(read("0 1\n1 3\n1 4\n2 7\n"), Some(ArithError::Duplicate { line: 3, wire: 1 }));
    assert!(matches!(read("0 1\n1 3x\n2 7\n"), Some(ArithError::BadHex { line: 2, .. })));
    assert_eq!(read(&format!("0 1\n1 1{}\n2 7\n", "0".repeat(64))), Some(ArithError::ConstantTooLarge { line: 2 }));
    assert_eq!(read(&format!("0 1\n1 {}\n2 7\n", order_hex::<G>())), Some(ArithError::NotInField { line: 2 }));
    assert_eq!(
        c.read_public_inputs::<G::Scalar, _>("0 1\n2 7\n".as_bytes()).err(),
        Some(ArithError::NotPublic { line: 2, wire: 2 })
    );
}

fn arith_7_circuit_structure<G: Group>() {
    let cases: [(&str, ArithError); 4] = [
        ("total 4\ninput 0\nfoo in 1 <0> out 1 <1>\n", ArithError::UnknownGate { line: 3, name: "foo".into() }),
        ("total 4\ninput 0\nmul in 2 <0 3> out 1 <2>\n", ArithError::UndefinedWire { line: 3, wire: 3 }),
        ("total 4\ninput 0\nmul in 2 <0 9> out 1 <2>\n", ArithError::WireOutOfRange { line: 3, wire: 9, total: 4 }),
        ("total 4\ninput 0\nconst-mul-1 in 1 <0> out 1 <0>\n", ArithError::Redefined { line: 3, wire: 0 }),
    ];
    for (text, want) in cases {
        assert_eq!(parse(text).err(), Some(want));
    }
    assert!(matches!(parse("input 0\n").err(), Some(ArithError::Malformed { line: 1, .. })));
    // (Parsing does not depend on the group; translation does: ARITH-3.)
    let _ = PreparedCircuit::<G>::new(parse(CIRCUIT).unwrap()).unwrap();
}

fn arith_8_the_circuit_is_bound<G: Group>() {
    let (_, proof, public, gens) = arith_case::<G>();
    for (from, to) in [("const-mul-5 ", "const-mul-6 "), ("add in 2 <4 0>", "add in 2 <4 4>")] {
        let changed = parse(&CIRCUIT.replace(from, to)).unwrap();
        let r = changed.verify(&gens, Transcript::new(LABEL), &public, &proof, &mut rng(131));
        assert_eq!(r, Err(ProofError::VerificationFailed), "{from} → {to}");
    }
}

#[test]
fn arith_9_gzip_limits() {
    use std::io::Write as _;
    let gzip = |text: &[u8]| {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(text).unwrap();
        e.finish().unwrap()
    };
    let d = Limits::default();
    let small = gzip(CIRCUIT.as_bytes());
    Circuit::from_reader(&small[..], true).unwrap();
    assert_eq!(
        Circuit::from_reader_with_limits(&small[..], true, &Limits { max_gzip_output: 40, ..d }).err().map(
            |e| match e {
                ArithError::TooLarge { what, limit, .. } => (what, limit),
                other => panic!("{other:?}"),
            }
        ),
        Some(("decompressed bytes", 40))
    );
    // Past the first MiB, at most `max_gzip_ratio` bytes out per byte in.
    let mut long = String::from("total 3\ninput 0\nnizkinput 1\nmul in 2 <1 1> out 1 <2>\n");
    while long.len() < 3 << 20 {
        long.push_str("assert in 2 <1 1> out 1 <2>\n");
    }
    let r = Circuit::from_reader_with_limits(&gzip(long.as_bytes())[..], true, &Limits { max_gzip_ratio: 2, ..d });
    assert!(
        matches!(r, Err(ArithError::TooLarge { what: "decompressed bytes per compressed byte", limit: 2, .. })),
        "{r:?}"
    );
}

// ------------------------------------------------------------------- Merkle

type M = Ristretto255;
type MScalar = <M as Group>::Scalar;

/// A depth-1 tree (two leaves, 7 and 9), a membership proof of leaf 1.
struct Membership {
    params: MerkleParams<M>,
    prepared: PreparedMembership<M>,
    gens: Generators<M>,
    root: MScalar,
    commitment: <M as Group>::Compressed,
    proof: merkle::MembershipProof<M>,
}

fn membership() -> Membership {
    let params = MerkleParams::<M>::new(1).unwrap();
    let tree = MerkleTree::new(&params, vec![MScalar::from_u64(7), MScalar::from_u64(9)]).unwrap();
    let path = tree.path(&params, 1).unwrap();
    let gens = Generators::<M>::new(params.generators_needed(), 1);
    let mut r = rng(140);
    let blinding = <MScalar as ScalarOps>::random(&mut r);
    let (proof, commitment) = merkle::prove_membership(
        &gens,
        &params,
        Transcript::new(LABEL),
        &tree.root(),
        &MScalar::from_u64(9),
        &blinding,
        &path,
        &mut r,
    )
    .unwrap();
    let prepared = PreparedMembership::new(&params).unwrap();
    let m = Membership { params, prepared, gens, root: tree.root(), commitment, proof };
    m.verify(&m.root, &m.commitment, LABEL).unwrap();
    m
}

impl Membership {
    fn verify(
        &self,
        root: &MScalar,
        commitment: &<M as Group>::Compressed,
        label: &'static [u8],
    ) -> Result<(), ProofError> {
        self.prepared.verify(&self.gens, Transcript::new(label), root, commitment, &self.proof, &mut rng(141))
    }
}

#[test]
fn mem_1_depth() {
    for depth in [0usize, 65] {
        assert_eq!(
            MerkleParams::<M>::new(depth).err(),
            Some(ProofError::Gadget { message: format!("Merkle depth {depth} is outside 1..=64") })
        );
    }
    assert_eq!(membership().params.depth(), 1);
}

#[test]
fn mem_2_root_is_bound() {
    let m = membership();
    assert_eq!(m.verify(&(m.root + MScalar::one()), &m.commitment, LABEL), Err(ProofError::VerificationFailed));
    // A leaf is not a root: the leaf itself, and the other leaf.
    assert_eq!(m.verify(&MScalar::from_u64(9), &m.commitment, LABEL), Err(ProofError::VerificationFailed));
}

#[test]
fn mem_3_proof_of_another_depth() {
    let m = membership();
    let deeper = MerkleParams::<M>::new(2).unwrap();
    let prepared = PreparedMembership::new(&deeper).unwrap();
    let gens = Generators::<M>::new(deeper.generators_needed(), 1);
    let r = prepared.verify(&gens, Transcript::new(LABEL), &m.root, &m.commitment, &m.proof, &mut rng(142));
    let rounds = m.proof.r1cs.rounds();
    assert_eq!(
        r,
        Err(ProofError::WrongLength {
            expected: R1csProof::<M>::encoded_len(rounds + 1, false),
            got: R1csProof::<M>::encoded_len(rounds, false)
        })
    );
}

#[test]
fn mem_4_commitment() {
    let m = membership();
    let bad = compressed::<M>(&invalid_point::<M>());
    assert_eq!(m.verify(&m.root, &bad, LABEL), Err(ProofError::InvalidCommitment { index: 0 }));
    let identity = M::compress(&M::identity());
    assert_eq!(m.verify(&m.root, &identity, LABEL), Err(ProofError::VerificationFailed));
    let other = M::compress(&(M::decompress(&m.commitment).unwrap() + m.gens.pedersen().b));
    assert_eq!(m.verify(&m.root, &other, LABEL), Err(ProofError::VerificationFailed));
}

#[test]
fn mem_5_label_is_bound() {
    let m = membership();
    assert_eq!(m.verify(&m.root, &m.commitment, b"other"), Err(ProofError::VerificationFailed));
}

#[test]
fn mem_6_encoding() {
    let m = membership();
    let bytes = m.proof.to_bytes();
    let got = bytes.len() - 1;
    assert_eq!(
        merkle::MembershipProof::<M>::from_bytes(&bytes[..got]).err(),
        Some(ProofError::WrongLength { expected: 0, got })
    );
    let mut bad = bytes.clone();
    bad[..32].copy_from_slice(&identity_bytes::<M>());
    let proof = merkle::MembershipProof::<M>::from_bytes(&bad).unwrap();
    let r = m.prepared.verify(&m.gens, Transcript::new(LABEL), &m.root, &m.commitment, &proof, &mut rng(143));
    assert_eq!(r, Err(ProofError::IdentityPoint { label: "A_I1" }));
}

crate::for_each_group!(
    r1cs_enc_1_lengths,
    r1cs_enc_2_points_and_scalars,
    r1cs_id_1_identity_proof_points,
    r1cs_sc_1_zero_scalars,
    r1cs_st_1_commitments,
    r1cs_st_2_unknown_variable,
    r1cs_st_3_statement_is_bound,
    r1cs_sh_1_phase_mismatch,
    r1cs_sh_2_rounds_of_another_size,
    r1cs_sh_3_no_multipliers,
    r1cs_gen_1_generators_too_small,
    r1cs_prep_1_prepared_systems,
    r1cs_vc_1_lengths_and_count,
    r1cs_vc_2_vector_commitment_encodings,
    r1cs_vc_3_another_count,
    r1cs_vc_4_statement_is_bound,
    r1cs_vc_5_prepared_systems,
    arith_1_public_values_name_the_circuit_s_wires,
    arith_2_public_values_are_bound,
    arith_3_constants_in_the_field,
    arith_4_size_limits,
    arith_5_proof_of_another_size,
    arith_6_value_files,
    arith_7_circuit_structure,
    arith_8_the_circuit_is_bound,
);
