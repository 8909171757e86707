//! Differential: for proofs built from the fuzzer's edits of honest proofs,
//! of every system (Bulletproofs, Bulletproofs+, Bulletproofs++ of several
//! shapes), mixed in one batch, the batch verifier names exactly the proofs
//! that single verification rejects.
#![no_main]
mod common;
use ballistic::batch::{verify_range_proofs, RangeProofItem};
use ballistic::merlin::Transcript;
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

fuzz_target!(|data: &[u8]| {
    let s = common::statement();
    let mut proofs = Vec::new();
    // Each 4-byte chunk: case, offset (2 bytes), mask; mask 0 = untouched.
    for c in data.chunks_exact(4).take(8) {
        let case = c[0] as usize % s.cases.len();
        let mut bytes = s.cases[case].proof.clone();
        let offset = u16::from_le_bytes([c[1], c[2]]) as usize % bytes.len();
        bytes[offset] ^= c[3];
        if let Ok(p) = common::decode(case, &bytes) {
            proofs.push((case, p, bytes));
        }
    }
    let items: Vec<_> = proofs
        .iter()
        .map(|(case, p, _)| RangeProofItem {
            proof: p.any(),
            commitments: &s.cases[*case].commitments,
            bits: s.cases[*case].bits,
            transcript: Transcript::new(common::LABEL),
        })
        .collect();
    let expected: Vec<usize> = proofs
        .iter()
        .enumerate()
        .filter(|(_, (case, _, bytes))| !common::accepts(*case, bytes))
        .map(|(i, _)| i)
        .collect();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    let got = match verify_range_proofs(&items, &s.bp, &s.pc, &mut rng) {
        Ok(()) => Vec::new(),
        Err(e) => e.indices(),
    };
    assert_eq!(got, expected);
});
