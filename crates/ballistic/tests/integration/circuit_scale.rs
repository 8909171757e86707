//! Circuits at real scale: every size limit just below and just above, the
//! Pinocchio compiler's dialect, prepared circuits verifying batches with
//! exact blame. (Hostile files' memory is measured in
//! `tests/integration/resource_bounds.rs`, with its counting allocator.)

use std::fmt::Write as _;
use std::io::Write as _;

use ballistic::batch::{self, Claim};
use ballistic::circuit::{ArithError, Circuit, Limits, PreparedCircuit, PublicValues};
use ballistic::file::{self, CircuitProofFile, FileError, GeneratorStore};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Generators, Ristretto255, Secp256k1};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

type G = Ristretto255;
type S = <G as Group>::Scalar;

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(text).unwrap();
    e.finish().unwrap()
}

/// `k` multiplications of the witness with itself.
fn squares(k: usize) -> String {
    let mut t = format!("total {}\ninput 0\nnizkinput 1\n", k + 2);
    for i in 0..k {
        writeln!(t, "mul in 2 <1 1> out 1 <{}>", i + 2).unwrap();
    }
    t
}

fn too_large(e: &ArithError) -> (usize, &'static str) {
    match e {
        ArithError::TooLarge { line, what, .. } => (*line, *what),
        other => panic!("expected TooLarge, got {other:?}"),
    }
}

#[test]
fn every_limit_just_below_and_just_above() {
    let base = Limits::default();
    // Line length: a line of exactly the limit, and one byte more.
    let limits = Limits { max_line: 64, ..base };
    let line = |len: usize| format!("total 2\ninput 0 #{}\n", "x".repeat(len - "input 0 #".len() - 1));
    Circuit::parse_with_limits(line(64).as_bytes(), &limits).unwrap();
    let e = Circuit::parse_with_limits(line(65).as_bytes(), &limits).unwrap_err();
    assert_eq!(too_large(&e), (2, "bytes in a line"));
    assert!(e.to_string().starts_with("line 2:"), "{e}");
    // Gates and multiplication gates (while parsing).
    for (limits, what) in
        [(Limits { max_gates: 5, ..base }, "gates"), (Limits { max_multipliers: 5, ..base }, "multiplication gates")]
    {
        Circuit::parse_with_limits(squares(5).as_bytes(), &limits).unwrap();
        let e = Circuit::parse_with_limits(squares(6).as_bytes(), &limits).unwrap_err();
        assert_eq!(too_large(&e), (9, what));
    }
    // Multipliers, constraints and entries of the translation: measured
    // with the defaults, then each limit set to exactly that and one less.
    let text = squares(6);
    let full = PreparedCircuit::<G>::new(Circuit::parse(text.as_bytes()).unwrap()).unwrap().metrics();
    // The public row (input 0's: 1 constraint, 2 entries) comes after the
    // translation's check.
    let inner = (full.multipliers, full.constraints - 1, full.nonzeros - 2);
    for (k, what) in ["multiplication gates", "constraints", "constraint entries"].into_iter().enumerate() {
        let at = [inner.0, inner.1, inner.2][k];
        let set = |v: usize| {
            let mut l = base;
            match k {
                0 => l.max_multipliers = v,
                1 => l.max_constraints = v,
                _ => l.max_nonzeros = v,
            }
            l
        };
        let ok = Circuit::parse_with_limits(text.as_bytes(), &set(at)).unwrap();
        PreparedCircuit::<G>::new(ok).unwrap();
        let over = Circuit::parse_with_limits(text.as_bytes(), &set(at - 1));
        // The multiplier limit may already stop the parser.
        let e = match over {
            Err(e) => e,
            Ok(c) => PreparedCircuit::<G>::new(c).unwrap_err(),
        };
        let (line, got) = too_large(&e);
        assert_eq!(got, what);
        assert!(line >= 3, "{e}");
    }
    // Gzip: a text that inflates within the ratio, and a bomb.
    let plain = squares(2000);
    let limits = Limits { max_gzip_ratio: 16, ..base };
    Circuit::from_reader_with_limits(&gzip(plain.as_bytes())[..], true, &limits).unwrap();
    let bomb = gzip(format!("total 2\ninput 0\n{}", "#".repeat(40 << 20)).as_bytes());
    let e = Circuit::from_reader_with_limits(&bomb[..], true, &limits).unwrap_err();
    let (_, what) = too_large(&e);
    assert!(what == "decompressed bytes per compressed byte" || what == "bytes in a line", "{e}");
    // The absolute cap on inflated bytes.
    let limits = Limits { max_gzip_output: 4 << 20, ..base };
    let many = squares(200_000);
    assert!(many.len() > 4 << 20);
    let e = Circuit::from_reader_with_limits(&gzip(many.as_bytes())[..], true, &limits).unwrap_err();
    assert_eq!(too_large(&e).1, "decompressed bytes");
    // A huge declared `total` costs nothing until wires are defined.
    let c = Circuit::parse(format!("total {}\ninput 4194303\n", 1 << 22).as_bytes()).unwrap();
    assert_eq!(c.stats().wires, 1 << 22);
}

/// A small circuit as the Pinocchio compiler writes it: the one-input wire
/// is the last input (not wire 0), constants negated with
/// `const-mul-neg-*`. Computes `out = (x·y − 3·a + 1)` and `z = zerop(x − a)`.
const PINOCCHIO: &str = "\
total 12
input 0 # a
input 1 # b
input 2 # one-input
nizkinput 3 # x
nizkinput 4 # y
mul in 2 <3 4> out 1 <5>
const-mul-neg-3 in 1 <0> out 1 <6>
add in 3 <5 6 2> out 1 <7>
const-mul-neg-1 in 1 <0> out 1 <8>
add in 2 <3 8> out 1 <9>
zerop in 1 <9> out 2 <10 11>
output 7
output 11
";

#[test]
fn pinocchio_native_circuits_prove() {
    let circuit = Circuit::parse(PINOCCHIO.as_bytes()).unwrap();
    assert_eq!(circuit.public_inputs(), &[0, 1, 2]);
    // a = 5, b = 9 (unused), one = 1, x = 7, y = 6: out = 42 − 15 + 1 = 28, zerop(2) = 1.
    let inputs = circuit.read_inputs::<S, _>(&b"0 5\n1 9\n2 1\n3 7\n4 6\n"[..]).unwrap();
    let expected = circuit.read_outputs::<S, _>(&b"7 1c\n11 1\n"[..]).unwrap();
    let wires = circuit.evaluate(&inputs).unwrap();
    circuit.check_outputs(&wires, &expected).unwrap();
    let prepared = PreparedCircuit::<G>::new(circuit.clone()).unwrap();
    let gens = Generators::<G>::new(prepared.padded_multipliers(), 1);
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let (proof, public) = prepared.prove(&gens, Transcript::new(b"p"), &inputs, &mut rng).unwrap();
    assert_eq!(public.outputs, expected);
    prepared.verify(&gens, Transcript::new(b"p"), &public, &proof, &mut rng).unwrap();
    // The one-input wire's value is part of the statement like any other.
    let mut wrong: PublicValues<S> = public.clone();
    wrong.inputs[2].1 = S::from_u64(2);
    assert!(prepared.verify(&gens, Transcript::new(b"p"), &wrong, &proof, &mut rng).is_err());
    // x = a: zerop gives 0, and the statement with 1 is refused.
    let inputs = circuit.read_inputs::<S, _>(&b"0 5\n1 9\n2 1\n3 5\n4 6\n"[..]).unwrap();
    let (proof, public) = prepared.prove(&gens, Transcript::new(b"p"), &inputs, &mut rng).unwrap();
    assert_eq!(public.outputs[1].1, S::zero());
    let mut wrong = public.clone();
    wrong.outputs[1].1 = S::one();
    assert!(prepared.verify(&gens, Transcript::new(b"p"), &wrong, &proof, &mut rng).is_err());
    // A `.in` claiming the one-input is 2 proves a different statement,
    // consistently: the circuit is evaluated with it.
    let inputs = circuit.read_inputs::<S, _>(&b"0 5\n1 9\n2 2\n3 7\n4 6\n"[..]).unwrap();
    let (proof, public) = prepared.prove(&gens, Transcript::new(b"p"), &inputs, &mut rng).unwrap();
    assert_eq!(public.outputs[0].1, S::from_u64(29));
    prepared.verify(&gens, Transcript::new(b"p"), &public, &proof, &mut rng).unwrap();
}

/// Several proofs of one circuit as one batch against the prepared
/// circuit: exactly the bad ones are named, for every kind of fault.
#[test]
fn prepared_batches_name_exactly_the_bad_proofs() {
    let circuit = Circuit::parse(PINOCCHIO.as_bytes()).unwrap();
    let prepared = PreparedCircuit::<G>::new(circuit.clone()).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let files: Vec<CircuitProofFile> = (0..6)
        .map(|i| {
            let text = format!("0 {}\n1 9\n2 1\n3 {}\n4 6\n", 5 + i, 7 + i);
            CircuitProofFile::prove::<G, _>(&GeneratorStore::disabled(), &prepared, text.as_bytes(), "batch", &mut rng)
                .unwrap()
        })
        .collect();
    let bad_of = |files: &[Result<CircuitProofFile, FileError>]| -> Vec<usize> {
        file::verify_circuit_files(&GeneratorStore::disabled(), &circuit, files, &mut ChaCha20Rng::seed_from_u64(3))
            .into_iter()
            .map(|(i, _)| i)
            .collect()
    };
    let mut all: Vec<Result<CircuitProofFile, FileError>> = files.iter().cloned().map(Ok).collect();
    assert_eq!(bad_of(&all), Vec::<usize>::new());
    // A wrong output value, a wrong label, a flipped proof byte, a proof of
    // another statement (swapped public values), a wrong size claim.
    if let Ok(f) = &mut all[1] {
        f.outputs[0].value = "1d".into();
    }
    if let Ok(f) = &mut all[2] {
        f.label = "other".into();
    }
    if let Ok(f) = &mut all[3] {
        let mut bytes = ballistic::hazmat::from_hex(&f.proof).unwrap();
        bytes[200] ^= 1;
        f.proof = ballistic::hazmat::to_hex(&bytes);
    }
    let mut swapped = files[4].clone();
    swapped.inputs = files[5].inputs.clone();
    swapped.outputs = files[5].outputs.clone();
    all[4] = Ok(swapped);
    all.push(Ok(CircuitProofFile { multipliers: files[0].multipliers + 1, ..files[0].clone() }));
    all.push(Err(FileError::Hex { field: "proof".into() }));
    assert_eq!(bad_of(&all), vec![1, 2, 3, 4, 6, 7]);

    // The library API: claims from the prepared circuit in one batch.
    let gens = Generators::<G>::new(prepared.padded_multipliers(), 1);
    let mut claims = Vec::new();
    for f in &files {
        let public = f.public_values::<G>().unwrap();
        let proof = f.decode_proof::<G>(&prepared).unwrap();
        claims.push(prepared.claim(ballistic::new_transcript(b"batch"), &public, &proof, &mut rng).unwrap());
    }
    let wrong_label = {
        let f = &files[0];
        let proof = f.decode_proof::<G>(&prepared).unwrap();
        prepared.claim(ballistic::new_transcript(b"x"), &f.public_values::<G>().unwrap(), &proof, &mut rng).unwrap()
    };
    claims.insert(2, wrong_label);
    let refs: Vec<&dyn Claim<G>> = claims.iter().map(|c| c as &dyn Claim<G>).collect();
    let e = batch::verify(&gens, &refs, &mut rng).unwrap_err();
    assert_eq!(e.indices(), vec![2]);
    // A proof of another size is refused before any generator.
    let small = Circuit::parse(&b"total 3\ninput 0\nnizkinput 1\nmul in 2 <1 1> out 1 <2>\noutput 2\n"[..]).unwrap();
    let small = PreparedCircuit::<G>::new(small).unwrap();
    let proof = files[0].decode_proof::<G>(&prepared).unwrap();
    let public = files[0].public_values::<G>().unwrap();
    assert!(small.claim(ballistic::new_transcript(b"batch"), &public, &proof, &mut rng).is_err());
}

/// A circuit's proof on secp256k1 goes through the same prepared path.
#[test]
fn prepared_circuits_on_secp256k1() {
    let circuit = Circuit::parse(PINOCCHIO.as_bytes()).unwrap();
    let prepared = PreparedCircuit::<Secp256k1>::new(circuit.clone()).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let f = CircuitProofFile::prove::<Secp256k1, _>(
        &GeneratorStore::disabled(),
        &prepared,
        b"0 5\n1 9\n2 1\n3 7\n4 6\n",
        "s",
        &mut rng,
    )
    .unwrap();
    f.verify(&GeneratorStore::disabled(), &circuit).unwrap();
    let mut g = f.clone();
    g.outputs[1].value = "0".into();
    assert!(g.verify(&GeneratorStore::disabled(), &circuit).is_err());
}
