//! Arbitrary bytes as a range proof (and as an interval proof) of either
//! system on either group, and as every MPC message: no panic; whatever
//! decodes re-encodes to exactly the same bytes (one encoding per proof).
#![no_main]
use ballistic::range::mpc::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use ballistic::{Group, Interval, IntervalProof, RangeProof, RangeProofPlus, Ristretto255, Secp256k1};

/// Every MPC message decoder on group `G`: what decodes re-encodes to the
/// same bytes.
fn mpc_messages<G: Group>(data: &[u8]) {
    if let Ok(m) = BitCommitment::<G>::from_bytes(data) {
        assert_eq!(m.to_bytes(), data);
    }
    if let Ok(m) = BitChallenge::<G>::from_bytes(data) {
        assert_eq!(m.to_bytes(), data);
    }
    if let Ok(m) = PolyCommitment::<G>::from_bytes(data) {
        assert_eq!(m.to_bytes(), data);
    }
    if let Ok(m) = PolyChallenge::<G>::from_bytes(data) {
        assert_eq!(m.to_bytes(), data);
    }
    if let Ok(m) = ProofShare::<G>::from_bytes(data) {
        assert_eq!(m.to_bytes(), data);
    }
}
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    mpc_messages::<Ristretto255>(data);
    mpc_messages::<Secp256k1>(data);
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
    // Interval proofs: the first byte picks one of a few intervals.
    let Some((&pick, rest)) = data.split_first() else { return };
    let intervals = [(0u64, 255u64), (1000, 1_000_000), (5, 5), (0, u64::MAX)];
    let (lo, hi) = intervals[pick as usize % intervals.len()];
    let Ok(interval) = Interval::new(lo, hi) else { return };
    if let Ok(p) = IntervalProof::<Ristretto255, RangeProof<Ristretto255>>::from_bytes_for(rest, interval) {
        assert_eq!(p.to_bytes(), rest);
    }
    if let Ok(p) = IntervalProof::<Secp256k1, RangeProofPlus<Secp256k1>>::from_bytes_for(rest, interval) {
        assert_eq!(p.to_bytes(), rest);
    }
});
