//! Arbitrary bytes as a JSON proof file (the CLI's format, either system,
//! either group): no panic, no unbounded allocation; and a file that
//! verifies must carry exactly the statement and proof of one of the seed
//! files (the honest proofs), whatever else about its JSON differs. The
//! same for circuit proof files (`ballistic circuit`), checked against the
//! small circuit below.
#![no_main]
use ballistic::circuit::arith::Circuit;
use ballistic_cli::circuits::{parse_file, verify_json};
use ballistic_cli::files::{verify_file, ProofFile};
use libfuzzer_sys::fuzz_target;

/// (group, system, label, bits, commitments, proof) of the committed seeds
/// `fuzz/corpus/proof_file_json/*.json`, the only statements with a valid
/// proof the fuzzer can know.
fn honest(f: &ProofFile) -> bool {
    const SEEDS: &[&str] = &[
        include_str!("../corpus/proof_file_json/ristretto-bp.json"),
        include_str!("../corpus/proof_file_json/secp-bpplus.json"),
    ];
    SEEDS.iter().any(|s| {
        let Ok(seed) = serde_json::from_str::<ProofFile>(s) else { return false };
        seed.group == f.group
            && seed.system == f.system
            && seed.label == f.label
            && seed.bits == f.bits
            && seed.commitments.iter().map(|c| c.to_lowercase()).eq(f.commitments.iter().map(|c| c.to_lowercase()))
            && seed.proof.to_lowercase() == f.proof.to_lowercase()
    })
}

/// The shared `simple_example` circuit ((in2·in3 + 5)·6(in4 + in5)).
const CIRCUIT: &str = "total 12\ninput 0\nconst-mul-0 in 1 <0> out 1 <1>\ninput 2\ninput 3\ninput 4\ninput 5\n\
    mul in 2 <2 3> out 1 <6>\nadd in 2 <4 5> out 1 <7>\nconst-mul-5 in 1 <0> out 1 <8>\nadd in 2 <6 8> out 1 <9>\n\
    const-mul-6 in 1 <7> out 1 <10>\nmul in 2 <9 10> out 1 <11>\noutput 11\n";

fn honest_circuit_file(data: &[u8]) -> bool {
    let seed = parse_file(include_bytes!("../corpus/proof_file_json/circuit-simple.json")).expect("seed parses");
    let Ok(f) = parse_file(data) else { return false };
    let values = |v: &[ballistic_cli::circuits::WireValue]| -> Vec<(usize, String)> {
        v.iter().map(|w| (w.wire, w.value.trim_start_matches('0').to_lowercase())).collect()
    };
    f.group == seed.group
        && f.label == seed.label
        && values(&f.inputs) == values(&seed.inputs)
        && values(&f.outputs) == values(&seed.outputs)
        && f.proof.to_lowercase() == seed.proof
}

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    if parse_file(data).is_ok() {
        let circuit = Circuit::parse(CIRCUIT.as_bytes()).expect("circuit parses");
        if verify_json(&circuit, data).is_ok() {
            assert!(honest_circuit_file(data), "accepted a circuit proof file that is not the honest seed");
        }
        return;
    }
    let Ok(file) = serde_json::from_slice::<ProofFile>(data) else { return };
    if verify_file(&file).is_ok() {
        assert!(honest(&file), "accepted a proof file that is not an honest seed");
    }
});
