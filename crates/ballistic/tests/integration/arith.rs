//! `.arith` circuits: the parser's errors, evaluation against the shared
//! circuits' expected outputs, and proofs of them (small ones on every
//! group; SHA-256 in release builds, see `scripts/test`).

#![allow(clippy::type_complexity)]

use std::io::Cursor;
use std::path::PathBuf;

use ballistic::circuit::R1csProof;
use ballistic::circuit::{ArithError, Circuit, PreparedCircuit, PublicValues};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Generators, Ristretto255, Secp256k1};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn shared(field: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/circuits").join(field).join(name)
}

fn circuit_file(field: &str, name: &str) -> PathBuf {
    let plain = shared(field, name).join(format!("{name}.arith"));
    if plain.exists() {
        plain
    } else {
        shared(field, name).join(format!("{name}.arith.gz"))
    }
}

fn load<G: Group>(
    field: &str,
    name: &str,
) -> (Circuit, ballistic::circuit::InputValues<G::Scalar>, Vec<(usize, G::Scalar)>) {
    let circuit = Circuit::from_path(&circuit_file(field, name)).unwrap();
    let dir = shared(field, name);
    let inputs =
        circuit.read_inputs::<G::Scalar, _>(std::fs::read(dir.join(format!("{name}.in"))).unwrap().as_slice()).unwrap();
    let outputs = circuit
        .read_outputs::<G::Scalar, _>(std::fs::read(dir.join(format!("{name}.out"))).unwrap().as_slice())
        .unwrap();
    (circuit, inputs, outputs)
}

fn parse(text: &str) -> Result<Circuit, ArithError> {
    Circuit::parse(Cursor::new(text.as_bytes()))
}

#[test]
fn parser_names_each_malformed_input() {
    let ok = "total 4\ninput 0\nnizkinput 1\nmul in 2 <0 1> out 1 <2>\noutput 2\n";
    parse(ok).unwrap();
    let cases: &[(&str, fn(&ArithError) -> bool)] = &[
        ("total 4\ninput 0\nfoo in 1 <0> out 1 <1>\n", |e| matches!(e, ArithError::UnknownGate { line: 3, name } if name == "foo")),
        ("total 4\ninput 0\nmul in 2 <0 3> out 1 <2>\n", |e| matches!(e, ArithError::UndefinedWire { line: 3, wire: 3 })),
        ("total 4\ninput 0\nmul in 2 <0 9> out 1 <2>\n", |e| matches!(e, ArithError::WireOutOfRange { line: 3, wire: 9, total: 4 })),
        ("total 4\ninput 0\nconst-mul-xyz in 1 <0> out 1 <1>\n", |e| matches!(e, ArithError::BadHex { line: 3, .. })),
        ("total 4\ninput 0\nconst-mul-1 in 1 <0> out 1 <0>\n", |e| matches!(e, ArithError::Redefined { line: 3, wire: 0 })),
        ("input 0\n", |e| matches!(e, ArithError::Malformed { line: 1, .. })),
        ("total 4\ninput 0\nmul in 3 <0 0 0> out 1 <2>\n", |e| matches!(e, ArithError::Malformed { line: 3, .. })),
        ("total 4\ninput 0\nmul in 2 <0> out 1 <2>\n", |e| matches!(e, ArithError::Malformed { line: 3, .. })),
        ("total 4\ninput 0\nadd in 1 <0> out 1 <2 3>\n", |e| matches!(e, ArithError::Malformed { line: 3, .. })),
        ("total 4\ninput 0\noutput 3\n", |e| matches!(e, ArithError::UndefinedWire { line: 3, wire: 3 })),
        ("total 4\ninput 0\nconst-mul-1", |e| matches!(e, ArithError::Malformed { line: 3, .. })),
        ("total 99999999999\n", |e| matches!(e, ArithError::Malformed { line: 1, .. })),
        ("total 4\ninput 0\nconst-mul-1000000000000000000000000000000000000000000000000000000000000000000 in 1 <0> out 1 <1>\n", |e| {
            matches!(e, ArithError::ConstantTooLarge { line: 3 })
        }),
        ("total 4\ntotal 4\n", |e| matches!(e, ArithError::Malformed { line: 2, .. })),
    ];
    for (text, check) in cases {
        let err = parse(text).unwrap_err();
        assert!(check(&err), "{text:?} gave {err:?}");
        // Every error names its line in its message.
        let msg = err.to_string();
        assert!(!msg.is_empty());
    }
    // Comments and blank lines are ignored.
    parse("# header\n\ntotal 3 # wires\ninput 0 # one\nadd in 2 <0 0> out 1 <1>\n").unwrap();
}

#[test]
fn input_files_are_checked() {
    let c = parse("total 4\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\noutput 3\n").unwrap();
    type S = <Ristretto255 as Group>::Scalar;
    c.read_inputs::<S, _>(Cursor::new("0 1\n1 5\n2 7\n")).unwrap();
    assert!(matches!(c.read_inputs::<S, _>(Cursor::new("0 1\n1 5\n")), Err(ArithError::MissingInput { wire: 2 })));
    assert!(matches!(
        c.read_inputs::<S, _>(Cursor::new("0 1\n1 5\n2 7\n3 1\n")),
        Err(ArithError::NotAnInput { line: 4, wire: 3 })
    ));
    assert!(matches!(c.read_inputs::<S, _>(Cursor::new("0 1\n1 5g\n2 7\n")), Err(ArithError::BadHex { line: 2, .. })));
    assert!(matches!(c.read_inputs::<S, _>(Cursor::new("0 1\n1\n")), Err(ArithError::Malformed { line: 2, .. })));
    // A value ≥ ℓ (the secp256k1 order minus one is above Ristretto's ℓ).
    let big = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140";
    assert!(matches!(
        c.read_inputs::<S, _>(Cursor::new(format!("0 1\n1 {big}\n2 7\n"))),
        Err(ArithError::NotInField { line: 2 })
    ));
    let values = c.read_inputs::<S, _>(Cursor::new("0 1\n1 5\n2 7\n")).unwrap();
    let wires = c.evaluate(&values).unwrap();
    assert_eq!(wires[3], S::from_u64(35));
}

#[test]
fn gates_evaluate_as_specified() {
    // Every gate kind, checked against hand-computed values.
    let text = "total 20\ninput 0\nnizkinput 1\nnizkinput 2\n\
        split in 1 <1> out 4 <3 4 5 6>\n\
        xor in 2 <3 4> out 1 <7>\n\
        or in 2 <5 6> out 1 <8>\n\
        pack in 4 <3 4 5 6> out 1 <9>\n\
        const-mul-neg-2 in 1 <9> out 1 <10>\n\
        add in 3 <10 9 2> out 1 <11>\n\
        zerop in 1 <2> out 2 <12 13>\n\
        zerop in 1 <7> out 2 <14 15>\n\
        mul in 2 <11 13> out 1 <16>\n\
        assert in 2 <9 0> out 1 <9>\n\
        output 16\noutput 15\n";
    let c = parse(text).unwrap();
    type G = Ristretto255;
    type S = <G as Group>::Scalar;
    // 1 = 0b1011 → bits 1,1,0,1; xor(1,1)=0; or(0,1)=1; pack = 11; −22 + 11 + 6 = −5; zerop(6)=1; zerop(0)=0.
    let values = c.read_inputs::<S, _>(Cursor::new("0 1\n1 b\n2 6\n")).unwrap();
    let wires = c.evaluate(&values).unwrap();
    assert_eq!(wires[7], S::zero());
    assert_eq!(wires[8], S::one());
    assert_eq!(wires[9], S::from_u64(11));
    assert_eq!(wires[11], -S::from_u64(5));
    assert_eq!(wires[13], S::one());
    assert_eq!(wires[12] * S::from_u64(6), S::one());
    assert_eq!(wires[15], S::zero());
    assert_eq!(wires[16], -S::from_u64(5));
    // Inputs (one public, two witness) take half a gate each.
    assert_eq!(c.stats().multipliers, 2 + 4 + 1 + 1 + 2 + 2 + 1 + 1);
    assert_eq!(PreparedCircuit::<G>::new(c.clone()).unwrap().metrics().multipliers, c.stats().multipliers);
    // And it proves and verifies, and a wrong output is refused.
    let gens = Generators::<G>::new(16, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let (proof, public) = c.prove(&gens, Transcript::new(b"t"), &values, &mut rng).unwrap();
    c.verify(&gens, Transcript::new(b"t"), &public, &proof, &mut rng).unwrap();
    let mut wrong = public.clone();
    wrong.outputs[0].1 += S::one();
    assert!(c.verify(&gens, Transcript::new(b"t"), &wrong, &proof, &mut rng).is_err());
    // A split whose value does not fit its bits has no proof.
    let values = c.read_inputs::<S, _>(Cursor::new("0 1\n1 1b\n2 6\n")).unwrap();
    assert_eq!(
        c.prove(&gens, Transcript::new(b"t"), &values, &mut rng).unwrap_err(),
        ballistic::ProofError::Unsatisfied
    );
}

/// Every shared circuit evaluates to its expected outputs, in its field.
#[test]
fn shared_circuits_evaluate_to_expected_outputs() {
    fn check<G: Group>(field: &str, name: &str) {
        let (circuit, inputs, outputs) = load::<G>(field, name);
        let wires = circuit.evaluate(&inputs).unwrap();
        circuit.check_outputs(&wires, &outputs).unwrap_or_else(|e| panic!("{field}/{name}: {e}"));
        let mut wrong = outputs.clone();
        wrong[0].1 += G::Scalar::one();
        assert!(circuit.check_outputs(&wires, &wrong).is_err());
    }
    for name in ["simple_example", "dot_product", "sha_256", "sha_256_preimage", "sha_256_abc", "aes128"] {
        check::<Ristretto255>("ristretto255", name);
    }
    for name in ["sha_256_preimage", "sha_256_abc"] {
        check::<Secp256k1>("secp256k1", name);
    }
    // A circuit made for secp256k1 carries constants ≥ ℓ of Ristretto255.
    let c = Circuit::from_path(&circuit_file("secp256k1", "sha_256_abc")).unwrap();
    let inputs = c.read_inputs::<<Ristretto255 as Group>::Scalar, _>(
        std::fs::read(shared("secp256k1", "sha_256_abc").join("sha_256_abc.in")).unwrap().as_slice(),
    );
    let refused = match inputs {
        Err(_) => true,
        Ok(v) => c.evaluate(&v).is_err(),
    };
    assert!(refused, "a secp256k1 circuit must not evaluate in Ristretto255's field");
}

/// Prove and verify a shared circuit; check the rejections.
fn prove_shared<G: Group>(field: &str, name: &str) {
    let (circuit, inputs, outputs) = load::<G>(field, name);
    let gens = Generators::<G>::new(PreparedCircuit::<G>::new(circuit.clone()).unwrap().padded_multipliers(), 1);
    let mut rng = ChaCha20Rng::seed_from_u64(42);
    let (proof, public) = circuit.prove(&gens, Transcript::new(b"arith"), &inputs, &mut rng).unwrap();
    assert_eq!(public.outputs, outputs, "{field}/{name}: proof's outputs differ from {name}.out");
    circuit.verify(&gens, Transcript::new(b"arith"), &public, &proof, &mut rng).unwrap();
    let bytes = proof.to_bytes();
    assert_eq!(R1csProof::<G>::from_bytes(&bytes).unwrap().to_bytes(), bytes);
    // A wrong public output, a wrong public input, a flipped proof byte.
    let mut wrong: PublicValues<G::Scalar> = public.clone();
    wrong.outputs[0].1 += G::Scalar::one();
    assert!(circuit.verify(&gens, Transcript::new(b"arith"), &wrong, &proof, &mut rng).is_err());
    if let Some(first) = public.inputs.first() {
        let mut wrong = public.clone();
        wrong.inputs[0].1 = first.1 + G::Scalar::one();
        assert!(circuit.verify(&gens, Transcript::new(b"arith"), &wrong, &proof, &mut rng).is_err());
    }
    let mut t = bytes.clone();
    t[bytes.len() / 2] ^= 1;
    if let Ok(p) = R1csProof::<G>::from_bytes(&t) {
        assert!(circuit.verify(&gens, Transcript::new(b"arith"), &public, &p, &mut rng).is_err());
    }
    assert!(circuit.verify(&gens, Transcript::new(b"other"), &public, &proof, &mut rng).is_err());
}

#[test]
fn small_circuits_prove_and_verify() {
    prove_shared::<Ristretto255>("ristretto255", "simple_example");
    prove_shared::<Ristretto255>("ristretto255", "dot_product");
}

#[test]
fn changed_gate_rejected() {
    // The same circuit with one gate changed (mul → a different constant
    // multiplication) does not accept the original's proof.
    type G = Ristretto255;
    let dir = shared("ristretto255", "simple_example");
    let text = std::fs::read_to_string(dir.join("simple_example.arith")).unwrap();
    let circuit = Circuit::parse(Cursor::new(text.as_bytes())).unwrap();
    let inputs = circuit
        .read_inputs::<<G as Group>::Scalar, _>(std::fs::read(dir.join("simple_example.in")).unwrap().as_slice())
        .unwrap();
    let gens = Generators::<G>::new(8, 1);
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let (proof, public) = circuit.prove(&gens, Transcript::new(b"g"), &inputs, &mut rng).unwrap();
    circuit.verify(&gens, Transcript::new(b"g"), &public, &proof, &mut rng).unwrap();
    for (from, to) in [
        ("const-mul-6 ", "const-mul-7 "),
        ("const-mul-5 ", "const-mul-4 "),
        ("add in 2 <4 5>", "add in 2 <4 4>"),
        ("mul in 2 <2 3>", "mul in 2 <3 3>"),
    ] {
        assert!(text.contains(from));
        let changed = Circuit::parse(Cursor::new(text.replacen(from, to, 1).as_bytes())).unwrap();
        assert!(changed.verify(&gens, Transcript::new(b"g"), &public, &proof, &mut rng).is_err(), "{from} → {to}");
    }
    // Reordering an addition's inputs builds the same constraints: the
    // same statement, so the proof stands.
    let same = Circuit::parse(Cursor::new(text.replacen("add in 2 <4 5>", "add in 2 <5 4>", 1).as_bytes())).unwrap();
    same.verify(&gens, Transcript::new(b"g"), &public, &proof, &mut rng).unwrap();
}

/// SHA-256 with padding of the witness "abc" (23,450 gates): the digest
/// ba7816bf…f20015ad, proved on both groups. Slow in debug builds; the test
/// profile is optimised (see the workspace manifest).
#[test]
fn sha_256_abc_proves_on_ristretto255() {
    prove_shared::<Ristretto255>("ristretto255", "sha_256_abc");
}

#[test]
fn sha_256_abc_proves_on_secp256k1() {
    prove_shared::<Secp256k1>("secp256k1", "sha_256_abc");
}

/// The remaining large circuits: `scripts/test` (so CI) runs them with
/// `--ignored`, in the optimised test profile; one test each, so the test
/// harness runs them side by side on the machine's cores.
mod large {
    use super::*;

    #[test]
    #[ignore = "slow: run with --ignored (scripts/test does)"]
    fn sha_256_on_ristretto255() {
        prove_shared::<Ristretto255>("ristretto255", "sha_256");
    }

    #[test]
    #[ignore = "slow: run with --ignored (scripts/test does)"]
    fn sha_256_preimage_on_ristretto255() {
        prove_shared::<Ristretto255>("ristretto255", "sha_256_preimage");
    }

    #[test]
    #[ignore = "slow: run with --ignored (scripts/test does)"]
    fn aes128_on_ristretto255() {
        prove_shared::<Ristretto255>("ristretto255", "aes128");
    }

    #[test]
    #[ignore = "slow: run with --ignored (scripts/test does)"]
    fn sha_256_preimage_on_secp256k1() {
        prove_shared::<Secp256k1>("secp256k1", "sha_256_preimage");
    }
}

#[test]
fn value_files_give_each_wire_once() {
    type S = <Ristretto255 as Group>::Scalar;
    let c = parse("total 3\ninput 0\nnizkinput 1\nadd in 2 <0 1> out 1 <2>\noutput 2\n").unwrap();
    // `.in` conventions stay: either case, leading zeros, comments, `\r\n`.
    let v = c.read_inputs::<S, _>(&b"0 1 # one\r\n1 00Ab\n"[..]).unwrap();
    assert_eq!(v.as_slice()[1], S::from_u64(0xab));
    // A wire given twice is refused, naming the second line.
    let err = c.read_inputs::<S, _>(&b"0 1\n1 5\n\n1 6\n"[..]).unwrap_err();
    assert!(matches!(err, ArithError::Duplicate { line: 4, wire: 1 }), "{err:?}");
    assert!(err.to_string().starts_with("line 4:"), "{err}");
    let err = c.read_outputs::<S, _>(&b"2 6\n2 6\n"[..]).unwrap_err();
    assert!(matches!(err, ArithError::Duplicate { line: 2, wire: 2 }), "{err:?}");
    // Bad digits, too-large values and overlong lines name their line.
    let err = c.read_inputs::<S, _>(&b"0 1\n1 5g\n"[..]).unwrap_err();
    assert!(matches!(err, ArithError::BadHex { line: 2, .. }), "{err:?}");
    let big = format!("0 1\n1 1{}\n", "0".repeat(64));
    let err = c.read_inputs::<S, _>(big.as_bytes()).unwrap_err();
    assert!(matches!(err, ArithError::ConstantTooLarge { line: 2 }), "{err:?}");
    let padded = format!("0 1\n1 {}5\n", "0".repeat(100));
    assert_eq!(c.read_inputs::<S, _>(padded.as_bytes()).unwrap().as_slice()[1], S::from_u64(5));
    let long = format!("0 1\n1 5 #{}\n", "x".repeat(ballistic::circuit::MAX_VALUE_LINE));
    let err = c.read_inputs::<S, _>(long.as_bytes()).unwrap_err();
    assert!(matches!(err, ArithError::Malformed { line: 2, .. }), "{err:?}");
}

#[test]
fn non_utf8_circuit_names_the_line() {
    let err = Circuit::parse(&b"total 3\ninput 0\nadd in 2 <0 0> out 1 <1> # \xff\xfe\n"[..]).unwrap_err();
    assert!(matches!(err, ArithError::Malformed { line: 3, .. }), "{err:?}");
    assert!(err.to_string().starts_with("line 3: not UTF-8"), "{err}");
}

#[test]
fn proof_file_wire_values_are_canonical() {
    use ballistic::circuit::{scalar_from_hex, scalar_from_hex_canonical, scalar_to_hex};
    type S = <Secp256k1 as Group>::Scalar;
    let x = S::from_u64(0xabc);
    assert_eq!(scalar_to_hex(&x), "abc");
    assert_eq!(scalar_from_hex_canonical::<S>("abc", 1).unwrap(), x);
    assert_eq!(scalar_from_hex_canonical::<S>("0", 1).unwrap(), S::zero());
    for other in ["ABC", "0abc", "00", "aBc"] {
        assert_eq!(scalar_from_hex::<S>(other, 1).map(|s| s == x || s == S::zero()), Ok(true));
        let err = scalar_from_hex_canonical::<S>(other, 7).unwrap_err();
        assert!(matches!(err, ArithError::NonCanonical { line: 7 }), "{other}: {err:?}");
    }
}
