//! The `.arith` and `.in` parsers, the evaluator and the R1CS translation on
//! arbitrary text: no panic, no unbounded allocation (wire counts are
//! capped), every error is a value. The input is a circuit, then a NUL byte,
//! then input values; when both parse, the circuit is evaluated and built
//! into a verifier's constraint system, from scratch and prepared (the two
//! must agree); the same values are read as
//! expected outputs, and each line's value must decode as canonical hex
//! exactly when it is what `scalar_to_hex` writes.
#![no_main]
use ballistic::circuit::ConstraintSystem;
use ballistic::circuit::{scalar_from_hex_canonical, scalar_to_hex, Circuit, PreparedCircuit};
use ballistic::merlin::Transcript;
use ballistic::{Group, Ristretto255};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parts = data.splitn(2, |b| *b == 0);
    let circuit_text = parts.next().unwrap_or(&[]);
    let inputs_text = parts.next().unwrap_or(&[]);
    let Ok(circuit) = Circuit::parse(circuit_text) else { return };
    // Keep each run small: circuits are capped at 2^22 wires, but the
    // fuzzer need not allocate that much per input.
    if circuit.stats().wires > 1 << 16 {
        return;
    }
    let _ = circuit.stats();
    let _ = circuit.read_outputs::<<Ristretto255 as Group>::Scalar, _>(inputs_text);
    if let Ok(text) = std::str::from_utf8(inputs_text) {
        for word in text.split_whitespace().take(64) {
            if let Ok(s) = scalar_from_hex_canonical::<<Ristretto255 as Group>::Scalar>(word, 1) {
                assert_eq!(scalar_to_hex(&s), word);
            }
        }
    }
    let Ok(values) = circuit.read_inputs::<<Ristretto255 as Group>::Scalar, _>(inputs_text) else { return };
    let Ok(wires) = circuit.evaluate(&values) else { return };
    let public = circuit.public_values(&wires);
    let scratch = circuit.verifier::<Ristretto255>(Transcript::new(b"fuzz"), &public);
    // The prepared circuit builds the same system as the one built from
    // scratch (sizes; the digests are compared by the unit tests).
    match (PreparedCircuit::<Ristretto255>::new(circuit.clone()), scratch) {
        (Ok(prepared), Ok(scratch)) => {
            let verifier = prepared.verifier(Transcript::new(b"fuzz"), &public).unwrap();
            assert_eq!(verifier.metrics(), scratch.metrics());
            assert_eq!(prepared.metrics(), scratch.metrics());
        }
        (Err(_), Ok(_)) => panic!("translation failed only when prepared"),
        _ => {}
    }
});
