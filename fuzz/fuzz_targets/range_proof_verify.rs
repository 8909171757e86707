//! Arbitrary bytes as the proof (Bulletproofs, Bulletproofs+ or
//! Bulletproofs++, on either group) of a fixed, true statement: no panic,
//! and nothing but the honest proof is accepted.
#![no_main]
mod common;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else { return };
    let case = which as usize % common::count_any();
    let honest = common::honest_any(case);
    assert!(!common::accepts_any(case, bytes) || bytes == honest, "accepted a proof the prover did not make");
});
