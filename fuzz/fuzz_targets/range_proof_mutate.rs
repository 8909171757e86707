//! Structure-aware: the fuzzer's bytes are edits (offset, xor mask) applied
//! to an honest proof (any system: Bulletproofs, Bulletproofs+, Bulletproofs++,
//! on either group), plus optional truncation or extension. Every edited
//! proof must be rejected.
#![no_main]
mod common;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, edits)) = data.split_first() else { return };
    let case = which as usize % common::count_any();
    let honest = common::honest_any(case);
    let mut bytes = honest.to_vec();
    let mut chunks = edits.chunks_exact(3);
    for c in &mut chunks {
        let offset = u16::from_le_bytes([c[0], c[1]]) as usize;
        if offset < bytes.len() {
            bytes[offset] ^= c[2];
        } else if offset % 2 == 0 {
            bytes.truncate(offset % bytes.len().max(1));
        } else {
            bytes.push(c[2]);
        }
    }
    if bytes != honest {
        assert!(!common::accepts_any(case, &bytes), "accepted an edited proof");
    }
});
