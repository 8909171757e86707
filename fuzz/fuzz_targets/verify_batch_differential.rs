//! Differential: for proofs built from the fuzzer's edits of honest proofs,
//! of every system (Bulletproofs, Bulletproofs+, Bulletproofs++ of several
//! shapes), mixed in one batch, the batch verifier names exactly the proofs
//! that single verification rejects.
#![no_main]
mod common;
use ballistic::batch::{self, Claim, Item};
use ballistic::merlin::Transcript;
use ballistic::RangeStatement;
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
    let statements: Vec<RangeStatement<_>> = proofs
        .iter()
        .map(|(case, _, _)| RangeStatement::new(s.cases[*case].bits, &s.cases[*case].commitments).unwrap())
        .collect();
    let items: Vec<Item<'_, _, _>> = proofs
        .iter()
        .zip(&statements)
        .map(|((_, p, _), statement)| Item::new(p, statement, Transcript::new(common::LABEL)))
        .collect();
    let claims: Vec<&dyn Claim<_>> = items.iter().map(|i| i as &dyn Claim<_>).collect();
    let expected: Vec<usize> = proofs
        .iter()
        .enumerate()
        .filter(|(_, (case, _, bytes))| !common::accepts(*case, bytes))
        .map(|(i, _)| i)
        .collect();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    let got = match batch::verify(&s.gens, &claims, &mut rng) {
        Ok(()) => Vec::new(),
        Err(e) => e.indices(),
    };
    assert_eq!(got, expected);
});
