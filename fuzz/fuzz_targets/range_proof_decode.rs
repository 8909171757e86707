//! Arbitrary bytes as a range proof of either system on either group: no panic; whatever
//! decodes re-encodes to exactly the same bytes (one encoding per proof).
#![no_main]
use ballistic::{RangeProof, RangeProofPlus, Ristretto255, Secp256k1};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(p) = RangeProof::<Ristretto255>::from_bytes(data) {
        assert_eq!(p.to_bytes(), data);
    }
    if let Ok(p) = RangeProofPlus::<Ristretto255>::from_bytes(data) {
        assert_eq!(p.to_bytes(), data);
    }
    if let Ok(p) = RangeProof::<Secp256k1>::from_bytes(data) {
        assert_eq!(p.to_bytes(), data);
    }
    if let Ok(p) = RangeProofPlus::<Secp256k1>::from_bytes(data) {
        assert_eq!(p.to_bytes(), data);
    }
});
