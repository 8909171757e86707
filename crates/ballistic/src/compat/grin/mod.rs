//! Grin's Bulletproofs: the range proof of secp256k1-zkp's `bulletproofs`
//! module (the implementation of the paper's authors, as Grin uses it
//! through `grin_secp256k1zkp` 0.7), byte for byte.
//!
//! # Relation
//!
//! Public: the blinding generator `h = G` (secp256k1's base point), a value
//! generator `g` (Grin's `H` by default, any point per proof), vector
//! generators `𝐆, 𝐇 ∈ 𝔾^N` ([`grin_generators`]), commitments `V_j` (`j < m`),
//! a bit size `n` and optional minimum values `min_j`. The prover knows
//! `v_j, γ_j` with
//!
//! ```text
//!   V_j = v_j·g + γ_j·h   and   v_j − min_j ∈ [0, 2^n)          (paper §4.1, §4.3)
//! ```
//!
//! `N = n·m` is a power of two, at most 128 (Grin creates 256 generators).
//!
//! # Protocol (paper §4.2 with the Fiat–Shamir of `transcript.rs`)
//!
//! With `k = j·n + i` for bit `i` of `v_j − min_j`, `𝐚_L` the bits,
//! `𝐚_R = 𝐚_L − 𝟏`, `d_k = z^{2+j}·2^i`:
//!
//! 1. `A = α·h + ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩`, `S = ρ·h + ⟨𝐬_L, 𝐆⟩ + ⟨𝐬_R, 𝐇⟩` → `y`, `z`.
//! 2. `𝐥(X) = 𝐚_L − z𝟏 + 𝐬_L X`, `𝐫(X) = 𝐲^N ∘ (𝐚_R + z𝟏 + 𝐬_R X) + 𝐝`,
//!    `t(X) = ⟨𝐥(X), 𝐫(X)⟩`; `T_i = t_i·g + τ_i·h` → `x` (eqs. (39)–(53)).
//! 3. `τ_x = τ₁x + τ₂x² + Σ_j z^{2+j}γ_j`, `μ = α + ρx`; the proof carries
//!    `−τ_x` and `−μ`.
//! 4. Inner-product argument on `𝐥(x), 𝐫(x)` over `𝐆, 𝐇' = 𝐲^{−N}∘𝐇` with
//!    `Q = u·h` (`u` hashed from `t̂`).
//!
//! Verification (eqs. (61)–(62), (65), (67)), both checks joined by a
//! random `c` into one multiscalar multiplication ([`Equation`](crate::Equation)):
//!
//! ```text
//!   (δ(y,z) − t̂)·g + x·T₁ + x²·T₂ + Σ_j z^{2+j}·V_j − τ_x·h = 𝟙
//!   δ(y,z) = (z − z²)·⟨𝟏, 𝐲^N⟩ − Σ_j z^{3+j}·(2^n − 1) − z²·min_0
//!   A + x·S − z·⟨𝟏,𝐆⟩ + ⟨z·𝐲^N + 𝐝, 𝐇'⟩ − μ·h + u·(t̂ − ⟨𝐚, 𝐛⟩)·h
//!     + Σ_r (x_r²·L_r + x_r^{−2}·R_r) − ⟨𝐚·𝐬, 𝐆⟩ − ⟨𝐛·𝐬⁻¹, 𝐇'⟩ = 𝟙
//! ```
//!
//! where `𝐚, 𝐛` are the two final scalars of each side and `s_k = Π_r x_r^{±1}`
//! (`+1` where bit `r` of `k` is set).
//!
//! # How Grin's variant differs from ballistic's Bulletproofs
//!
//! * **Transcript**: a SHA-256 hash chain (not merlin/STROBE) binding the
//!   minimum values, each commitment with the value generator, and
//!   `extra_commit` bytes (`transcript.rs`); `z` is `y` hashed again.
//! * **Randomness**: deterministic, from two 32-byte nonces through
//!   ChaCha20 — the *rewind* nonce gives `α, ρ, 𝐬_L, 𝐬_R`, the *private*
//!   nonce `τ₁, τ₂` — so the same inputs give the same bytes as Grin, and
//!   the rewind nonce recovers the value, blinding and a 20-byte message
//!   hidden in `α` ([`GrinProof::rewind`]).
//! * **Inner-product argument**: vectors are split even/odd (not low/high
//!   halves): `L = ⟨𝐚_even, 𝐆_odd⟩ + ⟨𝐛_odd, 𝐇_even⟩ + u·⟨𝐚_even, 𝐛_odd⟩·h`,
//!   folding `𝐚' = x·𝐚_even + x⁻¹·𝐚_odd`, `𝐛' = x⁻¹·𝐛_even + x·𝐛_odd`; it stops
//!   at two scalars per side (`log₂N − 1` rounds, ballistic goes to one);
//!   `Q = u·h` is on the *blinding* generator; `t̂` sits at the start of the
//!   argument.
//! * **Encoding**: big-endian scalars, x-only points with packed
//!   quadratic-residuosity bits (`encoding.rs`); 675 bytes for one 64-bit
//!   value (ballistic's own Bulletproofs: 688 on secp256k1, whose points take
//!   33 bytes; 672 on Ristretto255).
//! * **Generators**: secp256k1-zkp's (Shallue–van de Woestijne), a single
//!   vector of 128 `𝐆` and 128 `𝐇` shared by all values.
//!
//! # Shapes
//!
//! `n ∈ {1, 2, 4, …, 64}` bits and `m` a power of two with `n·m ≤ 128`
//! ([`check_shape`]; Grin itself uses `n = 64`, `m = 1`, and its batch
//! verifier `verify_bullet_proof_multi` many such proofs). Proof lengths
//! are in `encoding.rs` (675 bytes for `n·m = 64`, 739 for 128).
//!
//! # Where ballistic differs from the C code
//!
//! * It refuses encodings the C code accepts: set unused flag bits and
//!   x-coordinates `≥ p` (which the C code reduces); on the encodings both
//!   accept, the same equations decide.
//! * Minimum values `≥ 2³²` are refused when proving, verifying and
//!   rewinding ([`MAX_MIN_VALUE`]): the C verifier reads a minimum as a
//!   32-bit number in its equation (while hashing all 64 bits), so it
//!   rejects every honest proof with such a minimum, its own prover's too.
//! * Minimum values with `m > 1` are refused: secp256k1-zkp's verifier
//!   rejects every honest such proof (it multiplies the wrong accumulator
//!   by `z^j` in `secp256k1_bulletproof_rangeproof_vfy_callback`). `m` not a
//!   power of two is refused (the C prover's output does not verify).
//! * Verification draws its own random weights (the C code derives them
//!   from the proofs by hashing); the verdicts are the same.
//! * Rewinding decodes and checks the whole proof, recomputes `A`, and
//!   returns the blinding only if it opens the commitment (the C code
//!   returns whatever the private-nonce-free formula gives).
//! * Not implemented: the C code's multi-party proving steps (`tau_x`,
//!   `T₁`, `T₂` exchanged between parties); their finished proofs are
//!   ordinary proofs and verify here.
//!
//! # The verification contract
//!
//! [`GrinProof`] implements [`Verifiable<Secp256k1>`](crate::equation::Verifiable): a [`GrinStatement`]
//! carries everything Grin's transcript binds (commitments, value
//! generator, `n`, minimum values, `extra_commit`), and its context is `()`:
//! Grin's transcript is fixed by the format, not started by the
//! application. Verify with
//! [`GrinGenerators::generators`] ([`grin_generators`]), or use
//! [`GrinProof::verify`] and [`GrinProof::verify_batch`].
//!
//! # Secrets
//!
//! Values, blindings, nonces and everything derived from them (`α, ρ,
//! τ₁, τ₂, 𝐚_L, 𝐬_L, 𝐬_R`) meet curve arithmetic only through constant-time
//! multiscalar multiplication, live in containers wiped on drop, and are
//! declassified only as the proof's public outputs (`ct.rs`; [`crate::hazmat`]). The
//! inner-product prover runs in variable time on `𝐥(x), 𝐫(x)`, which are
//! masked by the uniform `𝐬_L, 𝐬_R`.

pub(crate) mod encoding;
pub(crate) mod generators;
mod prover;
mod rewind;
pub(crate) mod transcript;
mod verifier;

pub use self::encoding::proof_len;
pub use self::generators::{
    commitment_from_bytes, commitment_to_bytes, generator_from_bytes, generator_to_bytes, grin_generators,
    point_from_xy, point_to_xy, GrinGenerators, GENERATOR_H_XY, GRIN_GENERATORS, MAX_VECTOR,
};
pub use self::rewind::GrinRewound;
pub use self::verifier::{check_min_values, check_shape, GrinStatement, MAX_MIN_VALUE};

use alloc::vec::Vec;

use k256::{ProjectivePoint, Scalar};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::errors::ProofError;

/// Length of the message Grin hides in a single-value proof
/// (`BULLET_PROOF_MSG_SIZE`).
pub const MESSAGE_LEN: usize = 20;

/// A Grin Bulletproof: its bytes, decoded and validated.
#[derive(Clone, Debug)]
pub struct GrinProof {
    bytes: Vec<u8>,
    decoded: encoding::Decoded,
}

impl PartialEq for GrinProof {
    fn eq(&self, other: &Self) -> bool {
        self.bytes == other.bytes
    }
}

impl Eq for GrinProof {}

impl GrinProof {
    /// Decode a proof (any supported shape; the length gives `N = n·m`).
    /// Never panics; refuses wrong lengths, scalars `≥ ℓ` or zero where the
    /// C verifier refuses zero, x-coordinates `≥ p` or off the curve, and
    /// set unused flag bits.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let decoded = encoding::decode(bytes)?;
        Ok(GrinProof { bytes: bytes.to_vec(), decoded })
    }

    /// The encoding.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The encoding, owned.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.bytes.clone()
    }

    /// `N = n·m`, the bit-vector length the proof is for.
    pub fn vector_len(&self) -> usize {
        self.decoded.vector_len
    }
}

/// One value to prove and its blinding: `V = value·g + blinding·G`.
/// Wiped on drop; `Debug` prints nothing secret.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct GrinOpening {
    /// The value.
    pub value: u64,
    /// The blinding factor (non-zero, as Grin requires).
    pub blinding: Scalar,
}

impl core::fmt::Debug for GrinOpening {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("GrinOpening { .. }")
    }
}

/// The prover's two nonces (Grin's `rewind_nonce` and `private_nonce`).
/// Wiped on drop.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct GrinNonces {
    /// Gives `α, ρ, 𝐬_L, 𝐬_R`; whoever knows it can rewind the proof.
    pub rewind: [u8; 32],
    /// Gives `τ₁, τ₂`; Grin's `bullet_proof` passes its `private_nonce`.
    pub private: [u8; 32],
}

impl core::fmt::Debug for GrinNonces {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("GrinNonces { .. }")
    }
}

/// Everything about a proof to be made besides the openings and nonces
/// (all public except the message).
#[derive(Clone)]
pub struct GrinProveOptions<'a> {
    /// Bits per value: a power of two in `1..=64` (Grin uses 64).
    pub n_bits: usize,
    /// The value generator `g`; `None` is Grin's `H`.
    pub value_gen: Option<ProjectivePoint>,
    /// Minimum values (one per value; single-value proofs only, each at
    /// most [`MAX_MIN_VALUE`], see [`GrinStatement::new`]); `None` is
    /// Grin's `NULL` (not hashed).
    pub min_values: Option<&'a [u64]>,
    /// Bytes bound into the transcript; `None` and `Some(&[])` differ, as
    /// in Grin.
    pub extra_commit: Option<&'a [u8]>,
    /// A message hidden in a single-value proof, recovered by rewinding.
    pub message: Option<[u8; MESSAGE_LEN]>,
}

impl core::fmt::Debug for GrinProveOptions<'_> {
    /// Everything but the message.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GrinProveOptions")
            .field("n_bits", &self.n_bits)
            .field("value_gen", &self.value_gen)
            .field("min_values", &self.min_values)
            .field("extra_commit", &self.extra_commit)
            .field("message", &self.message.map(|_| ".."))
            .finish()
    }
}

impl Default for GrinProveOptions<'_> {
    /// One 64-bit value on Grin's `H`, nothing else: what Grin's
    /// `bullet_proof` does without `extra_data` and message.
    fn default() -> Self {
        GrinProveOptions { n_bits: 64, value_gen: None, min_values: None, extra_commit: None, message: None }
    }
}

impl GrinProof {
    /// Prove, deterministically: the same inputs give the same bytes as
    /// secp256k1-zkp's `secp256k1_bulletproof_rangeproof_prove` (Grin's
    /// `bullet_proof` is `n_bits = 64`, one value, `H`). Returns the proof
    /// and the commitments `V_j`.
    ///
    /// Refuses (as the C code does) `n_bits` not a power of two up to 64,
    /// `m·n_bits > 128` or `m` not a power of two, a value below its minimum or
    /// with `value − min ≥ 2^n`, for `n < 64` a value `≥ 2^n`, and a zero
    /// blinding; also minimum values with more than one value and minimum
    /// values `≥ 2³²` (see [`GrinStatement::new`] and [`MAX_MIN_VALUE`]).
    pub fn prove(
        openings: &[GrinOpening],
        nonces: &GrinNonces,
        options: &GrinProveOptions<'_>,
    ) -> Result<(GrinProof, Vec<ProjectivePoint>), ProofError> {
        prover::prove(openings, nonces, options)
    }
}

/// `value·g + blinding·G` in constant time (`g` = Grin's `H` if `None`).
pub fn commit(value: u64, blinding: &Scalar, value_gen: Option<&ProjectivePoint>) -> ProjectivePoint {
    use crate::group::{Group, ScalarOps, Secp256k1};
    let gens = grin_generators();
    let g = value_gen.copied().unwrap_or_else(|| gens.value_gen());
    Secp256k1::msm_ct(&[<Scalar as ScalarOps>::from_u64(value), *blinding], &[g, gens.blinding_gen()])
}

/// A blinding factor or secret key in Grin's 32-byte big-endian form
/// (`None` if `≥ ℓ`; constant time up to that verdict).
pub fn scalar_from_bytes(bytes: &[u8; 32]) -> Option<Scalar> {
    transcript::scalar_from_be(bytes)
}

/// A scalar in Grin's 32-byte big-endian form.
pub fn scalar_to_bytes(s: &Scalar) -> [u8; 32] {
    transcript::scalar_to_be(s)
}
