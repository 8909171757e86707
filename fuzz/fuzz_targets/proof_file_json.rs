//! Arbitrary bytes as a JSON proof file (the CLI's format, either system,
//! either group): no panic, no unbounded allocation; and a file that
//! verifies must carry exactly the statement and proof of one of the seed
//! files (the honest proofs), whatever else about its JSON differs.
#![no_main]
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

fuzz_target!(|data: &[u8]| {
    if data.len() > 1 << 16 {
        return;
    }
    let Ok(file) = serde_json::from_slice::<ProofFile>(data) else { return };
    if verify_file(&file).is_ok() {
        assert!(honest(&file), "accepted a proof file that is not an honest seed");
    }
});
