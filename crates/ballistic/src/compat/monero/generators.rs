//! Monero's generators: the Pedersen bases `G`, `H` and the vector bases
//! `𝐆`, `𝐇` of its Bulletproofs(+), derived with Monero's hash to the curve.
//!
//! * `hash_to_p3(x) = 8·Elligator2(Keccak-256(x) mod p)` for 32 bytes `x`
//!   (Monero's `hash_to_p3`: `ge_fromfe_frombytes_vartime` of the hash, then
//!   the cofactor cleared); the map is [`crate::group::ed25519::elligator2`].
//! * `G` is the Ed25519 base point (the mask's base); `H` the value's base,
//!   the constant of Monero's `rctTypes.h` (`H = 8·decode(Keccak-256(G))`).
//! * Vector generators, `i < 16·64`, with `‖` concatenation and `varint`
//!   Monero's LEB128 integers: `𝐇_i = hash_to_p3(Keccak-256(H ‖ dst ‖
//!   varint(2i)))`, `𝐆_i = hash_to_p3(Keccak-256(H ‖ dst ‖ varint(2i+1)))`,
//!   `dst = "bulletproof_plus"` for Bulletproofs+ (`"bulletproof"` for the
//!   original Bulletproofs).
//!
//! They are computed once, on first use ([`plus_generators`]), laid out as
//! ballistic's [`BulletproofGens`] with 16 chains of 64 (entry `64j + i` is
//! chain `j`, position `i`, so a statement of `M` padded outputs uses
//! Monero's first `64·M` generators), with a precomputed table over the first
//! chains for the verifier.

use alloc::vec::Vec;

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::traits::Identity;
use sha3::{Digest, Keccak256};

use super::{BITS, MAX_OUTPUTS};
use crate::generators::Generators;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::ed25519::elligator2;
use crate::group::Ed25519;
use crate::lazy::Lazy;

/// Monero's value generator `H`, compressed (from Monero's `rctTypes.h`,
/// also `monero-ed25519`'s `CompressedPoint::H`).
pub const H_BYTES: [u8; 32] = [
    0x8b, 0x65, 0x59, 0x70, 0x15, 0x37, 0x99, 0xaf, 0x2a, 0xea, 0xdc, 0x9f, 0xf1, 0xad, 0xd0, 0xea, 0x6c, 0x72, 0x51,
    0xd5, 0x41, 0x54, 0xcf, 0xa9, 0x2c, 0x17, 0x3a, 0x0d, 0xd3, 0x9c, 0x1f, 0x94,
];

/// Keccak-256 (the original Keccak padding, not SHA3-256), Monero's
/// `cn_fast_hash`.
pub fn keccak256(data: &[u8]) -> [u8; 32] {
    Keccak256::digest(data).into()
}

/// Monero's `hash_to_p3` of 32 bytes: `8·Elligator2(Keccak-256(bytes))`, a
/// point of the prime-order subgroup.
pub fn hash_to_p3(bytes: &[u8; 32]) -> EdwardsPoint {
    // Elligator 2 fails only where the birational map does (u = −1), which
    // a Keccak output reaches with probability ≈ 2⁻²⁵³; no Monero constant does.
    elligator2(&keccak256(bytes)).unwrap_or_else(EdwardsPoint::identity).mul_by_cofactor()
}

/// Monero's `H`, decoded.
pub fn h() -> EdwardsPoint {
    // A constant that decodes (checked by the tests).
    CompressedEdwardsY(H_BYTES).decompress().unwrap_or_else(EdwardsPoint::identity)
}

/// Monero's varint (LEB128): 7 bits per byte, least significant first,
/// the high bit set on every byte but the last.
pub(crate) fn write_varint(mut v: u64, out: &mut Vec<u8>) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Monero's `i`-th vector generators `(𝐆_i, 𝐇_i)` for domain `dst`.
pub fn vector_generator(dst: &[u8], i: usize) -> (EdwardsPoint, EdwardsPoint) {
    let derive = |index: u64| {
        let mut preimage = Vec::with_capacity(32 + dst.len() + 2);
        preimage.extend_from_slice(&H_BYTES);
        preimage.extend_from_slice(dst);
        write_varint(index, &mut preimage);
        hash_to_p3(&keccak256(&preimage))
    };
    let i = i as u64;
    (derive(2 * i + 1), derive(2 * i))
}

fn derive(dst: &[u8]) -> Generators<Ed25519> {
    let mut g_vec = Vec::with_capacity(MAX_OUTPUTS);
    let mut h_vec = Vec::with_capacity(MAX_OUTPUTS);
    for j in 0..MAX_OUTPUTS {
        let (g, h): (Vec<_>, Vec<_>) = (0..BITS).map(|i| vector_generator(dst, BITS * j + i)).unzip();
        g_vec.push(g);
        h_vec.push(h);
    }
    let bp = BulletproofGens::from_chains(g_vec, h_vec).unwrap_or_else(|| BulletproofGens::new(0, 0));
    Generators::from_parts(pedersen(), bp)
}

/// Monero's Bulletproofs+ generators (`dst = "bulletproof_plus"`): the
/// Pedersen bases ([`pedersen`]) and `𝐆`, `𝐇` as 16 chains of 64 (entry
/// `64j + i` is Monero's index `64j + i`). Derived on first use (about
/// 2,048 hashes to the curve) and shared.
pub fn plus_generators() -> &'static Generators<Ed25519> {
    static GENS: Lazy<Generators<Ed25519>> = Lazy::new();
    GENS.get_or_init(|| derive(b"bulletproof_plus"))
}

/// Monero's original Bulletproofs generators (`dst = "bulletproof"`), laid
/// out as [`plus_generators`].
pub fn original_generators() -> &'static Generators<Ed25519> {
    static GENS: Lazy<Generators<Ed25519>> = Lazy::new();
    GENS.get_or_init(|| derive(b"bulletproof"))
}

/// Monero's Pedersen bases: commitments are `mask·G + amount·H`, i.e.
/// ballistic's `v·B + γ·B̃` with `B = H`, `B̃ = G`.
pub fn pedersen() -> PedersenGens<Ed25519> {
    PedersenGens { b: h(), b_blinding: ED25519_BASEPOINT_POINT }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h_is_eight_times_the_hash_of_g() {
        let hashed = keccak256(ED25519_BASEPOINT_POINT.compress().as_bytes());
        let p = CompressedEdwardsY(hashed).decompress().map(|p| p.mul_by_cofactor());
        assert_eq!(p.map(|p| p.compress().to_bytes()), Some(H_BYTES));
        assert!(h().is_torsion_free());
    }

    #[test]
    fn varint() {
        for (v, enc) in [(0u64, &[0u8][..]), (1, &[1]), (127, &[127]), (128, &[0x80, 1]), (2047, &[0xff, 0x0f])] {
            let mut out = Vec::new();
            write_varint(v, &mut out);
            assert_eq!(out, enc);
        }
    }
}
