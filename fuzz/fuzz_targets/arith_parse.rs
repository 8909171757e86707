//! The `.arith` and `.in` parsers, the evaluator and the R1CS translation on
//! arbitrary text: no panic, no unbounded allocation (wire counts are
//! capped), every error is a value. The input is a circuit, then a NUL byte,
//! then input values; when both parse, the circuit is evaluated and built
//! into a verifier's constraint system.
#![no_main]
use ballistic::circuit::arith::Circuit;
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
    let Ok(values) = circuit.read_inputs::<<Ristretto255 as Group>::Scalar, _>(inputs_text) else { return };
    let Ok(wires) = circuit.evaluate(&values) else { return };
    let public = circuit.public_values(&wires);
    let _ = circuit.verifier::<Ristretto255>(Transcript::new(b"fuzz"), &public);
});
