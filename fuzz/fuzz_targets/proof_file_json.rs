//! Arbitrary bytes as a JSON proof file (`ballistic::file`'s range format,
//! which the CLI and the bindings read: either system, either group): no
//! panic, no unbounded allocation; and a file that verifies must carry
//! exactly the statement and proof of one of the seed files (the honest
//! proofs), whatever else about its JSON differs. The same for circuit
//! proof files (`CircuitProofFile`, `ballistic circuit`), checked against
//! the small circuit below. The bounded reader and the secrets-file
//! readers (values, blindings) run on the same bytes: no panic, and a
//! blinding file that parses re-encodes to its lines. Merkle tree files
//! rebuild to their root or are refused, and a Merkle membership proof
//! file that verifies is the honest seed's statement and proof.
#![no_main]
use ballistic::circuit::Circuit;
use ballistic::file::{self, CircuitProofFile, MembershipProofFile, MerkleTreeFile, RangeProofFile, WireValue};
use ballistic::group::ScalarOps;
use ballistic::Ristretto255;
use libfuzzer_sys::fuzz_target;

/// (group, system, label, bits, commitments, proof) of the committed seeds
/// `fuzz/corpus/proof_file_json/*.json`, the only statements with a valid
/// proof the fuzzer can know.
fn honest(f: &RangeProofFile) -> bool {
    const SEEDS: &[&str] = &[
        include_str!("../corpus/proof_file_json/ristretto-bp.json"),
        include_str!("../corpus/proof_file_json/secp-bpplus.json"),
    ];
    SEEDS.iter().any(|s| {
        let Ok(seed) = RangeProofFile::from_json(s.as_bytes()) else { return false };
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

fn honest_circuit_file(f: &CircuitProofFile) -> bool {
    let seed = CircuitProofFile::from_json(include_bytes!("../corpus/proof_file_json/circuit-simple.json"))
        .expect("seed parses");
    let values = |v: &[WireValue]| -> Vec<(usize, String)> {
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
    let cap = data.first().map_or(0, |b| usize::from(*b) * 64);
    match file::read_bounded(data, cap) {
        Ok(read) => assert!(read == data && data.len() <= cap),
        Err(e) => assert!(data.len() > cap && e == file::FileError::TooLong { max: cap }),
    }
    let _ = file::parse_value_lines(data);
    if let Ok(blindings) = file::parse_blinding_lines::<Ristretto255>(data) {
        let text: Vec<u8> = data.iter().copied().filter(|b| !b" \r\n".contains(b)).collect();
        let again: String = blindings.iter().map(|b| ballistic::hazmat::to_hex(&ScalarOps::to_bytes(b))).collect();
        assert_eq!(text, again.as_bytes(), "a blinding file has one encoding");
    }
    if let Ok(tree) = MerkleTreeFile::from_json(data) {
        // Small trees only (building is linear in the leaves and 2^depth bounds nothing here).
        if tree.leaves.len() <= 64 {
            if let Ok((_, built)) = tree.tree::<Ristretto255>() {
                assert_eq!(ballistic::hazmat::to_hex(&ScalarOps::to_bytes(&built.root())), tree.root);
            }
        }
        return;
    }
    if let Ok(proof) = MembershipProofFile::from_json(data) {
        // The statement is the verifier's: the seed's root, depth (1) and group. A file
        // claiming another depth is refused before its proof is decoded.
        let seed = MembershipProofFile::from_json(include_bytes!("../corpus/proof_file_json/merkle-membership.json"))
            .expect("seed parses");
        let verdict = proof.verify(
            &ballistic::file::GeneratorStore::disabled(),
            &seed.root,
            seed.depth,
            ballistic::group::GroupId::Ristretto255,
        );
        if proof.group == seed.group && proof.depth != seed.depth {
            assert_eq!(verdict, Err(file::FileError::DepthMismatch { expected: seed.depth, got: proof.depth }));
        }
        if verdict.is_ok() {
            assert!(
                proof.group == seed.group
                    && proof.label == seed.label
                    && proof.depth == seed.depth
                    && proof.root == seed.root
                    && proof.commitment == seed.commitment
                    && proof.proof == seed.proof,
                "accepted a membership proof file that is not the honest seed"
            );
        }
        return;
    }
    if let Ok(file) = CircuitProofFile::from_json(data) {
        let circuit = Circuit::parse(CIRCUIT.as_bytes()).expect("circuit parses");
        if file.verify(&ballistic::file::GeneratorStore::disabled(), &circuit).is_ok() {
            assert!(honest_circuit_file(&file), "accepted a circuit proof file that is not the honest seed");
        }
        return;
    }
    let Ok(file) = RangeProofFile::from_json(data) else { return };
    if file.verify().is_ok() {
        assert!(honest(&file), "accepted a proof file that is not an honest seed");
    }
});
