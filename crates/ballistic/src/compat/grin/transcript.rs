//! Grin's Fiat–Shamir transcript and its deterministic prover randomness.
//!
//! **Transcript.** A 32-byte state `c`, starting at zero, replaced by a
//! SHA-256 hash each time something is absorbed (secp256k1-zkp
//! `modules/bulletproofs/rangeproof_impl.h`, `util.h`):
//!
//! | step | new state |
//! |---|---|
//! | minimum values (if given) | `SHA256(c ‖ LE32(m) ‖ LE64(min_0) ‖ … ‖ LE64(min_{m−1}))` |
//! | each commitment `V_j` | `SHA256(c ‖ 2·b(V_j) + b(g) ‖ x(V_j) ‖ x(g))`, `g` the value generator |
//! | `extra_commit` (if given, even empty) | `SHA256(c ‖ extra_commit)` |
//! | `A, S` → `y`, then again → `z` | `SHA256(c ‖ 2·b(A) + b(S) ‖ x(A) ‖ x(S))` |
//! | `T₁, T₂` → `x` | `SHA256(c ‖ 2·b(T₁) + b(T₂) ‖ x(T₁) ‖ x(T₂))` |
//! | the proof's first 64 bytes (`−τ_x`, `−μ`) | `SHA256(c ‖ bytes)` |
//! | `t̂` → `u` (the inner product's `Q`-randomizer) | `SHA256(c ‖ BE(t̂))` |
//! | `L_r, R_r` → `x_r` | `SHA256(c ‖ 2·b(L_r) + b(R_r) ‖ x(L_r) ‖ x(R_r))` |
//!
//! `b(P)` is 1 if `y(P)` is a quadratic non-residue; a challenge is the
//! state read as a big-endian scalar, refused if `≥ ℓ` or zero (as the C
//! code refuses the proof).
//!
//! **Prover randomness** (`secp256k1_scalar_chacha20`): ChaCha20 (20
//! rounds, the original layout: key = the 32-byte nonce, words 12–13 the
//! 64-bit block index `idx`, word 14 zero, word 15 a retry counter) gives
//! 64 bytes, read as two big-endian scalars; if either is `≥ ℓ` the retry
//! counter is incremented. `(α, ρ) = chacha(rewind_nonce, 0)`,
//! `(τ₁, τ₂) = chacha(private_nonce, 1)`, `(s_{L,k}, s_{R,k}) =
//! chacha(rewind_nonce, k + 2)`.

use k256::elliptic_curve::PrimeField;
use k256::{FieldBytes, Scalar};
use sha2::{Digest, Sha256};
use zeroize::Zeroize;

use super::generators::WirePoint;

/// The hash-chain state `c`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Commit(pub(crate) [u8; 32]);

impl Commit {
    /// `SHA256(c ‖ data)`.
    pub(crate) fn absorb(&mut self, data: &[u8]) {
        self.0 = Sha256::new().chain_update(self.0).chain_update(data).finalize().into();
    }

    /// The minimum values (`m` as LE32, then each as LE64).
    pub(crate) fn absorb_min_values(&mut self, mins: &[u64]) {
        let mut h = Sha256::new().chain_update(self.0);
        h.update((mins.len() as u32).to_le_bytes());
        for m in mins {
            h.update(m.to_le_bytes());
        }
        self.0 = h.finalize().into();
    }

    /// Two points (`secp256k1_bulletproof_update_commit`).
    pub(crate) fn absorb_pair(&mut self, a: &WirePoint, b: &WirePoint) {
        let parity = (u8::from(a.non_square) << 1) | u8::from(b.non_square);
        self.0 = Sha256::new()
            .chain_update(self.0)
            .chain_update([parity])
            .chain_update(a.x)
            .chain_update(b.x)
            .finalize()
            .into();
    }

    /// The state as a challenge: `None` if `≥ ℓ` or zero.
    pub(crate) fn challenge(&self) -> Option<Scalar> {
        scalar_from_be(&self.0).filter(|s| !bool::from(s.is_zero()))
    }
}

/// A canonical big-endian scalar (`None` if `≥ ℓ`). Constant time up to
/// the verdict, which is revealed (see [`crate::ct`]).
pub(crate) fn scalar_from_be(bytes: &[u8; 32]) -> Option<Scalar> {
    let parsed = Scalar::from_repr(FieldBytes::from(*bytes));
    let value = parsed.unwrap_or(Scalar::ZERO);
    crate::ct::reveal(bool::from(parsed.is_some())).then_some(value)
}

/// The big-endian encoding of a scalar.
pub(crate) fn scalar_to_be(s: &Scalar) -> [u8; 32] {
    s.to_bytes().into()
}

// Indices are the constants of ChaCha20's double round, all below 16.
#[allow(clippy::indexing_slicing)]
fn quarter_round(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(16);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(12);
    x[a] = x[a].wrapping_add(x[b]);
    x[d] = (x[d] ^ x[a]).rotate_left(8);
    x[c] = x[c].wrapping_add(x[d]);
    x[b] = (x[b] ^ x[c]).rotate_left(7);
}

/// One ChaCha20 block: key `seed`, words 12–13 `idx`, 14 zero, 15 `retry`.
// Fixed-size arrays indexed by constants and by enumerations of 16 words.
#[allow(clippy::indexing_slicing)]
fn chacha20_block(seed: &[u8; 32], idx: u64, retry: u32) -> [u8; 64] {
    let mut input = [0u32; 16];
    input[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
    for (i, chunk) in seed.chunks_exact(4).enumerate() {
        input[4 + i] = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    input[12] = idx as u32;
    input[13] = (idx >> 32) as u32;
    input[14] = 0;
    input[15] = retry;
    let mut x = input;
    for _ in 0..10 {
        quarter_round(&mut x, 0, 4, 8, 12);
        quarter_round(&mut x, 1, 5, 9, 13);
        quarter_round(&mut x, 2, 6, 10, 14);
        quarter_round(&mut x, 3, 7, 11, 15);
        quarter_round(&mut x, 0, 5, 10, 15);
        quarter_round(&mut x, 1, 6, 11, 12);
        quarter_round(&mut x, 2, 7, 8, 13);
        quarter_round(&mut x, 3, 4, 9, 14);
    }
    let mut out = [0u8; 64];
    for (i, chunk) in out.chunks_exact_mut(4).enumerate() {
        chunk.copy_from_slice(&x[i].wrapping_add(input[i]).to_le_bytes());
    }
    x.zeroize();
    input.zeroize();
    out
}

/// `secp256k1_scalar_chacha20(seed, idx)`: two scalars. Constant time
/// except for the retry, whose verdict (probability about 2⁻¹²⁷) is
/// revealed.
// Slices of a fixed 64-byte block.
#[allow(clippy::indexing_slicing)]
pub(crate) fn chacha_scalars(seed: &[u8; 32], idx: u64) -> (Scalar, Scalar) {
    let mut retry = 0u32;
    loop {
        let mut block = chacha20_block(seed, idx, retry);
        let mut first = [0u8; 32];
        let mut second = [0u8; 32];
        first.copy_from_slice(&block[..32]);
        second.copy_from_slice(&block[32..]);
        let a = Scalar::from_repr(FieldBytes::from(first));
        let b = Scalar::from_repr(FieldBytes::from(second));
        block.zeroize();
        first.zeroize();
        second.zeroize();
        if crate::ct::reveal(bool::from(a.is_some() & b.is_some())) {
            return (a.unwrap_or(Scalar::ZERO), b.unwrap_or(Scalar::ZERO));
        }
        retry = retry.wrapping_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ChaCha20 zero-key, zero-nonce keystream (block 0) begins
    /// `76 b8 e0 ad a0 f1 3d 90` (RFC 7539 appendix A.1, test vector 1).
    #[test]
    fn chacha20_block_matches_the_zero_key_vector() {
        let zero = chacha20_block(&[0u8; 32], 0, 0);
        assert_eq!(&zero[..8], &[0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90]);
    }
}
