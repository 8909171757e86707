//! Monero's Fiat–Shamir transcript: a running scalar, every challenge the
//! Keccak-256 hash (reduced mod `ℓ`) of the previous one and the new
//! messages.
//!
//! `Hs(x) = Keccak-256(x) mod ℓ` (Monero's `hash_to_scalar`: a 256-bit
//! reduction, not a wide one). For Bulletproofs+ (as `monero-bulletproofs`
//! and Monero's `bulletproofs_plus.cc` do):
//!
//! ```text
//!   t₀ = Hs(enc(hash_to_p3(Keccak-256("bulletproof_plus_transcript"))) ‖ Hs(enc(V₀/8) ‖ … ‖ enc(V_{m−1}/8)))
//!   y  = Hs(t₀ ‖ enc(A)),  z = Hs(y),  t = z
//!   e_k = Hs(t ‖ enc(L_k) ‖ enc(R_k)),  t = e_k   (each round)
//!   e  = Hs(t ‖ enc(A₁) ‖ enc(B))
//! ```
//!
//! The original Bulletproofs (RingCT types 4 and 5, 2018–2022):
//!
//! ```text
//!   t₀ = Hs(enc(V₀/8) ‖ … ‖ enc(V_{m−1}/8))
//!   y  = Hs(t₀ ‖ enc(A) ‖ enc(S)),  z = Hs(y),  t = z
//!   x  = Hs(t ‖ t ‖ enc(T₁) ‖ enc(T₂)),  t = x
//!   x_ip = Hs(t ‖ t ‖ τ_x ‖ μ ‖ t̂),  t = x_ip
//!   w_k = Hs(t ‖ enc(L_k) ‖ enc(R_k)),  t = w_k
//! ```
//!
//! where `enc` is the 32-byte compressed encoding as transmitted (so `A`,
//! `L_k`, … are the points divided by 8) and scalars are their canonical
//! 32 bytes. Nothing else (no labels, no lengths) is bound: the number of
//! commitments is bound through their hash, and every other length follows
//! from it.

use alloc::vec::Vec;

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::scalar::Scalar;

use super::generators::{hash_to_p3, keccak256};
use crate::lazy::Lazy;

/// `Hs(x) = Keccak-256(x) mod ℓ`.
pub fn hash_to_scalar(data: &[u8]) -> Scalar {
    Scalar::from_bytes_mod_order(keccak256(data))
}

/// The running state of a Monero transcript.
#[derive(Clone, Debug)]
pub(crate) struct KeccakTranscript {
    state: Scalar,
}

impl KeccakTranscript {
    /// Bulletproofs+'s `t₀` for the commitments divided by 8.
    pub(crate) fn plus(commitments_over_8: &[CompressedEdwardsY]) -> Self {
        static DOMAIN: Lazy<[u8; 32]> = Lazy::new();
        let domain =
            DOMAIN.get_or_init(|| hash_to_p3(&keccak256(b"bulletproof_plus_transcript")).compress().to_bytes());
        let mut all = Vec::with_capacity(32 * commitments_over_8.len());
        for c in commitments_over_8 {
            all.extend_from_slice(c.as_bytes());
        }
        let mut seed = [0u8; 64];
        seed[..32].copy_from_slice(domain);
        seed[32..].copy_from_slice(hash_to_scalar(&all).as_bytes());
        KeccakTranscript { state: hash_to_scalar(&seed) }
    }

    /// The original Bulletproofs' seed `Hs(enc(V₀/8) ‖ … ‖ enc(V_{m−1}/8))`.
    pub(crate) fn original(commitments_over_8: &[CompressedEdwardsY]) -> Self {
        let mut all = Vec::with_capacity(32 * commitments_over_8.len());
        for c in commitments_over_8 {
            all.extend_from_slice(c.as_bytes());
        }
        KeccakTranscript { state: hash_to_scalar(&all) }
    }

    /// `t ← Hs(t ‖ t ‖ parts…)` (the original Bulletproofs hash the state
    /// twice before `T₁, T₂` and before `τ_x, μ, t̂`); returns the new `t`.
    pub(crate) fn challenge_twice(&mut self, parts: &[&[u8; 32]]) -> Scalar {
        let state = self.state.to_bytes();
        let mut all: Vec<&[u8; 32]> = Vec::with_capacity(parts.len() + 1);
        all.push(&state);
        all.extend_from_slice(parts);
        self.challenge(&all)
    }

    /// `t ← Hs(t ‖ parts…)`; returns the new `t`.
    pub(crate) fn challenge(&mut self, parts: &[&[u8; 32]]) -> Scalar {
        let mut buf = Vec::with_capacity(32 * (parts.len() + 1));
        buf.extend_from_slice(self.state.as_bytes());
        for p in parts {
            buf.extend_from_slice(&p[..]);
        }
        self.state = hash_to_scalar(&buf);
        self.state
    }

    /// `t ← Hs(t)` (`z` after `y`).
    pub(crate) fn rehash(&mut self) -> Scalar {
        self.state = hash_to_scalar(self.state.as_bytes());
        self.state
    }
}
