//! Deployed formats: other implementations' proofs, byte for byte.
//!
//! ballistic's own proofs ([`crate::range`], [`crate::circuit`]) follow the
//! paper with ballistic's transcripts and encodings. The formats here follow
//! a deployed verifier exactly — its generators, transcript schedule,
//! encoding and limits — so that proofs cross-verify with it in both
//! directions. Each reuses the paper's algebra from [`crate::range`] and
//! [`NormLinearProof`](crate::hazmat::NormLinearProof); what a module adds is the wire format and the
//! transcript.
//!
//! * [`grin`]: Grin's Bulletproofs (secp256k1-zkp's C implementation) on
//!   secp256k1: transcript, generators, deterministic prover, rewinding and
//!   encoding (675 bytes for one 64-bit value).
//! * [`monero`]: Monero's Bulletproofs and Bulletproofs+ on
//!   [`crate::Ed25519`], with consensus limits.
//! * [`tari`]: `tari_bulletproofs_plus` 0.5's flavour of Bulletproofs+ on
//!   Ristretto255 (its transcript schedule and encoding).
//! * [`secp256k1_zkp`]: Blockstream secp256k1-zkp's norm-argument format,
//!   for its published test vectors.

pub mod grin;
pub mod monero;
pub mod secp256k1_zkp;
pub mod tari;
