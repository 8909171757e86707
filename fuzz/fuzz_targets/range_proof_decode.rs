//! Arbitrary bytes as a range proof (and as an interval proof) of any
//! system on either group, and as every MPC message: no panic; whatever
//! decodes re-encodes to exactly the same bytes (one encoding per proof).
//! Bulletproofs++ decodes only for a shape: the whole input is tried for a
//! few fixed shapes, and the input after two bytes for the shape they name
//! (so are the multi-asset proofs, native and re-committed).
#![no_main]
use ballistic::range::mpc::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use ballistic::range::RangeSystem;
use ballistic::{
    Group, Interval, IntervalProof, RangeProof, RangeProofPlus, RangeProofPlusPlus, Ristretto255, Secp256k1,
};

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
/// Bulletproofs++ for `m` values of `n` bits on group `G`: what decodes
/// has the shape's length and re-encodes to the same bytes, through the
/// type and through the run-time system.
fn plus_plus<G: Group>(data: &[u8], n: usize, m: usize) {
    if let Ok(p) = RangeProofPlusPlus::<G>::from_bytes_for(data, n, m) {
        // A plain proof, or one with owner recovery's 48-byte sealed payload.
        let expected = if p.is_recoverable() {
            RangeProofPlusPlus::<G>::recoverable_encoded_len(n, m)
        } else {
            RangeProofPlusPlus::<G>::encoded_len(n, m)
        };
        assert_eq!(Ok(data.len()), expected);
        assert_eq!(p.to_bytes(), data);
        let dynamic = RangeSystem::BulletproofsPlusPlus.decode::<G>(data, n, m).expect("decodes as the type does");
        assert_eq!(dynamic.to_bytes(), data);
    } else {
        assert!(RangeSystem::BulletproofsPlusPlus.decode::<G>(data, n, m).is_err());
    }
}

/// Multi-asset proofs (native, and re-committed over each system) for `m`
/// values of `n` bits: what decodes has the shape's length and re-encodes
/// to the same bytes.
fn multi_asset<G: Group>(data: &[u8], n: usize, m: usize) {
    use ballistic::range::{MultiAssetRangeProof, RecommittedRangeProof};
    if let Ok(p) = MultiAssetRangeProof::<G>::from_bytes_for(data, n, m) {
        assert_eq!(Ok(data.len()), MultiAssetRangeProof::<G>::encoded_len(n, m));
        assert_eq!(p.to_bytes(), data);
    }
    if let Ok(p) = RecommittedRangeProof::<G>::from_bytes_for(ballistic::RangeSystem::Bulletproofs, data, n, m) {
        assert_eq!(p.to_bytes(), data);
    }
    if let Ok(p) = RecommittedRangeProof::<G>::from_bytes_for(ballistic::RangeSystem::BulletproofsPlus, data, n, m) {
        assert_eq!(p.to_bytes(), data);
    }
    if let Ok(p) = RecommittedRangeProof::<G>::from_bytes_for(ballistic::RangeSystem::BulletproofsPlusPlus, data, n, m)
    {
        assert_eq!(p.to_bytes(), data);
    }
}

/// Shapes whose proofs the whole input is tried as (one 64-bit value; the
/// odd 7-bit × 3 shape; shapes sharing the 64-bit proof's length; small ones).
const PLUS_PLUS_SHAPES: [(usize, usize); 7] = [(64, 1), (7, 3), (60, 1), (32, 2), (8, 1), (1, 1), (64, 8)];

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
    for (n, m) in PLUS_PLUS_SHAPES {
        plus_plus::<Ristretto255>(data, n, m);
        plus_plus::<Secp256k1>(data, n, m);
    }
    if let [a, b, rest @ ..] = data {
        let (n, m) = (1 + usize::from(*a) % 64, 1 + usize::from(*b) % 64);
        plus_plus::<Ristretto255>(rest, n, m);
        plus_plus::<Secp256k1>(rest, n, m);
        multi_asset::<Ristretto255>(rest, n, m);
        multi_asset::<Secp256k1>(rest, n, m);
    }
    // Interval proofs: the first byte picks one of a few intervals.
    let Some((&pick, rest)) = data.split_first() else { return };
    let intervals = [(0u64, 255u64), (1000, 1_000_000), (5, 5), (0, u64::MAX)];
    let (lo, hi) = intervals[pick as usize % intervals.len()];
    let Ok(interval) = Interval::new(lo, hi) else { return };
    if let Ok(p) = IntervalProof::<Ristretto255>::from_bytes_for(ballistic::RangeSystem::Bulletproofs, rest, interval) {
        assert_eq!(p.to_bytes(), rest);
    }
    if let Ok(p) = IntervalProof::<Secp256k1>::from_bytes_for(ballistic::RangeSystem::BulletproofsPlus, rest, interval)
    {
        assert_eq!(p.to_bytes(), rest);
    }
    if let Ok(p) =
        IntervalProof::<Ristretto255>::from_bytes_for(ballistic::RangeSystem::BulletproofsPlusPlus, rest, interval)
    {
        assert_eq!(p.to_bytes(), rest);
    }
    if let Ok(p) =
        IntervalProof::<Secp256k1>::from_bytes_for(ballistic::RangeSystem::BulletproofsPlusPlus, rest, interval)
    {
        assert_eq!(p.to_bytes(), rest);
    }
});
