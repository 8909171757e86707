//! Monero's range proofs, byte-compatible with Monero and with
//! `monero-bulletproofs` 0.1: Bulletproofs+ ([`MoneroPlusProof`], RingCT
//! type 6, `bulletproofs_plus.cc`, since 2022) and the original Bulletproofs
//! ([`MoneroOriginalProof`], RingCT types 4–5, 2018–2022; its relation,
//! equations and format are in [`MoneroOriginalProof`]). Both take the same statement
//! ([`MoneroStatement`]: the output commitments) and handle points the same
//! way (below). The rest of this page is about Bulletproofs+.
//!
//! Modules: [`plus_generators`] (Monero's `G`, `H`, `𝐆`, `𝐇` and its hash to the
//! curve), [`hash_to_scalar`] (Keccak-256), [`MoneroStatement`], [`MoneroPlusProof`],
//! [`MoneroOriginalProof`].
//!
//! # The relation
//!
//! On the prime-order subgroup of Ed25519 ([`Ed25519`]) with Monero's
//! generators ([`plus_generators`]): `G` (the base point), `H` (value), and
//! `𝐆, 𝐇 ∈ 𝔾^{64·16}`, a proof for `m ∈ 1..=16` outputs shows knowledge of
//! amounts `v_j ∈ [0, 2⁶⁴)` and masks `γ_j` with
//!
//! ```text
//!     C_j = γ_j·G + v_j·H        (j < m)
//! ```
//!
//! It is the aggregated range proof of the Bulletproofs+ paper (Chung, Han,
//! Ju, Kim, Seo 2020, §4, Figure 3) with the paper's `g = H` (value) and
//! `h = G` (blinding), over `M = 2^⌈lg m⌉` outputs (outputs `m..M` are
//! padding: commitment the identity, amount 0) and `N = 64·M` bits:
//!
//! * `A = ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩ + α·G` with `𝐚_L` the amounts' bits
//!   (little-endian, output by output), `𝐚_R = 𝐚_L − 𝟏`;
//! * challenges `y`, `z`; `d_{64j+i} = z^{2(j+1)}·2^i`;
//! * `Â = A − z·Σ𝐆_i + Σ(d_i·y^{N−i} + z)·𝐇_i + y^{N+1}·Σ_j z^{2(j+1)}·C_j
//!   + (z·Σ_{i=1}^{N} y^i − z·y^{N+1}·Σ_i d_i − z²·Σ_{i=1}^{N} y^i)·H`;
//! * the zero-knowledge weighted inner-product argument (paper Figure 1,
//!   `crate::weighted_inner_product` has the algebra) for `Â` with
//!   `𝐚 = 𝐚_L − z𝟏`, `𝐛 = 𝐚_R + 𝐝∘y^{N−i} + z𝟏`, `α̂ = α + y^{N+1}·Σ_j
//!   z^{2(j+1)}·γ_j`: rounds `L_k, R_k`, then `A₁, B` and `r', s', δ'`.
//!
//! The verifier checks `e²·Â + Σ_k e²(e_k²·L_k + e_k⁻²·R_k) + e·A₁ + B =
//! r'e·Σ s_i y^{−i}·𝐆_i + s'e·Σ s_i⁻¹·𝐇_i + r'ys'·H + δ'·G` (`s_i` the
//! products of the round challenges, as in ballistic's own Bulletproofs+),
//! expanded into one multiscalar equation added to an [`Equation`]
//! (see [`MoneroPlusProof`]'s [`Verifiable`] implementation), so proofs batch
//! through [`crate::batch`] and share the generator terms.
//!
//! # How this differs from ballistic's own Bulletproofs+
//!
//! The algebra is the same; the format is Monero's:
//!
//! * **Transcript.** Keccak-256 hashed to scalars ([`hash_to_scalar`]), no
//!   merlin, no labels or lengths: `y`, `z`, `e_k`, `e` hash the previous
//!   challenge with the new points' encodings. The merlin transcript of
//!   [`Verifiable::add_terms`] is not used: the statement carries
//!   everything Monero's transcript binds (the commitments, through their
//!   hash).
//! * **×8.** Every proof point is transmitted divided by 8 (the prover
//!   multiplies its scalars by `8⁻¹ mod ℓ`); the verifier multiplies by 8 (here
//!   through the scalars). The transcript hashes `C_j/8` for the commitments.
//! * **Generators and encoding**: Monero's ([`plus_generators`]; table below).
//! * **Randomness**: nonces from the caller's RNG (ballistic's own proofs
//!   can derive them from the transcript and a seed).
//!
//! # Points: refused rather than cleared, and the consensus mode
//!
//! `monero-bulletproofs` (following Monero's C++ verifier, which sends
//! points times `8⁻¹` and clears torsion by multiplying by 8) accepts the
//! canonical encoding of any curve point, the identity and points with a
//! torsion component included, and multiplies each by 8 before the
//! equation, which removes any torsion component: for commitments, `8·((C + T)·8⁻¹) = C` (the transcript hashes
//! `(C + T)·8⁻¹`), for proof points `8·(X/8 + T) = X`. So a prover may put
//! small-order components into any proof point or commitment (hashing
//! those encodings into its transcript) and Monero accepts the proof. (A
//! third party cannot add torsion to someone else's proof: the encodings
//! are hashed, so every challenge would change.)
//!
//! Here every proof point and commitment must be the canonical encoding of
//! a point of the prime-order subgroup other than the identity; anything
//! else is refused when decoding (a proof: [`ProofError::InvalidPoint`] with
//! the byte offset) or when the statement is built (a commitment:
//! [`ProofError::InvalidCommitment`]). Each group element then has exactly
//! one encoding, as the security proofs assume a prime-order group.
//! Honest Monero proofs are unaffected: an honest prover transmits `8⁻¹·X`
//! for `X` in the subgroup, which is in the subgroup, and its commitments
//! `γ·G + v·H` are too; the identity appears with probability `≈ 2⁻²⁵²`.
//! So ballistic accepts every proof an honest Monero prover makes, and
//! refuses only proofs or commitments carrying torsion, which Monero
//! tolerates. On the subgroup, multiplying by 8 is a bijection, so the
//! equation checked is exactly Monero's.
//!
//! **Consensus mode.** A node must accept exactly what Monero accepts, and
//! the strict rule refuses the torsioned proofs above, which Monero's
//! verifier accepts. [`MoneroConsensus::Monero`]
//! ([`MoneroPlusProof::from_bytes_with`],
//! [`MoneroOriginalProof::from_bytes_with`],
//! [`MoneroStatement::with_consensus`]; the file layer's
//! `RangeProofFile::verify_with`; the command line's `range verify
//! --consensus monero`) decodes points as `monero-bulletproofs` does: any
//! encoding that `curve25519-dalek` decodes and re-encodes to the same bytes
//! (so `y ≥ p` and negative zero are refused; the identity and the
//! small-order points are accepted), and then clears torsion as Monero
//! does: a proof point `X̃` is kept as the prime-order part `8⁻¹·(8·X̃)` of
//! itself (the equation multiplies it by 8, giving Monero's `8·X̃`), a
//! commitment `C` as `8·(8⁻¹·C)`; the transcript hashes the bytes as sent
//! and `8⁻¹·C` (computed from `C` with its torsion), as Monero's does. So
//! the equation and the transcript are Monero's, and the verdicts are
//! `monero-bulletproofs`' (cross-checked on torsioned proofs of orders 2, 4
//! and 8 at every kind of position, and on tampered and non-canonical
//! inputs). Subgroup points take the strict path's fast check; only
//! torsioned ones cost a scalar multiplication. The framing (one-byte
//! length varints in `6..=10`, nothing trailing) and the scalars
//! (canonical) are decoded as strictly in both modes: Monero reads the
//! same framing canonically, and its verifier refuses every other length.
//!
//! Decoding is also stricter about the framing: the two length prefixes
//! must be equal one-byte varints in `6..=10` (any other value cannot be a
//! valid proof), and [`MoneroPlusProof::from_bytes`] takes exactly one proof
//! (trailing bytes are refused; `monero-bulletproofs` reads from a stream
//! and leaves them to the caller).
//!
//! # Wire format
//!
//! `monero-bulletproofs`' `Bulletproof::write` of a Bulletproof+ (each
//! point 32 bytes, the point divided by 8; each scalar 32 bytes, canonical,
//! little-endian):
//!
//! | field | bytes |
//! |---|---|
//! | `A/8` | 32 |
//! | `A₁/8` | 32 |
//! | `B/8` | 32 |
//! | `r'` | 32 |
//! | `s'` | 32 |
//! | `δ'` | 32 |
//! | `varint(k)`, `k = lg(64·M) ∈ 6..=10` | 1 |
//! | `L_0/8 … L_{k−1}/8` | 32·k |
//! | `varint(k)` | 1 |
//! | `R_0/8 … R_{k−1}/8` | 32·k |
//!
//! `6·32 + 2 + 64·k` bytes: 578 for one output, 834 for 16 (the original
//! Bulletproofs: `9·32 + 2 + 64·k`, 674 to 930).
//!
//! [`Ed25519`]: crate::group::Ed25519
//! [`Equation`]: crate::Equation
//! [`Verifiable`]: crate::Verifiable
//! [`Verifiable::add_terms`]: crate::Verifiable::add_terms

#[cfg(test)]
mod consensus_tests;
pub(crate) mod generators;
pub(crate) mod original;
pub(crate) mod plus;
pub(crate) mod statement;
pub(crate) mod transcript;

pub use self::generators::{
    h, hash_to_p3, keccak256, original_generators, pedersen, plus_generators, vector_generator, H_BYTES,
};
pub use self::plus::{MAX_ROUNDS, MIN_ROUNDS};
pub use self::transcript::hash_to_scalar;

pub use self::original::MoneroOriginalProof;
pub use self::plus::MoneroPlusProof;
pub use self::statement::MoneroStatement;

use alloc::vec::Vec;

use curve25519_dalek::edwards::CompressedEdwardsY;
use curve25519_dalek::scalar::Scalar;

use rand_core::{CryptoRng, RngCore};

use crate::batch::{BatchError, Claim};
use crate::encoding::{ProofPoint, Reader};
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Ed25519, Group};

/// Bits per amount.
pub const BITS: usize = 64;
/// Most outputs one proof covers.
pub const MAX_OUTPUTS: usize = 16;

/// `8⁻¹ mod ℓ`.
pub(crate) fn inv_eight() -> Scalar {
    Scalar::from(8u8).invert()
}

/// The prover's outputs: checks `1..=16` amounts with one mask each, and
/// returns the commitments `C_j = mask_j·G + amount_j·H` (public) and their
/// encodings divided by 8 (what the transcript hashes).
pub(crate) fn prover_outputs(
    gens: &Generators<Ed25519>,
    amounts: &[u64],
    masks: &[Scalar],
    tweak: Tweak<'_>,
) -> Result<(Vec<curve25519_dalek::EdwardsPoint>, Vec<CompressedEdwardsY>), ProofError> {
    let m = amounts.len();
    if !(1..=MAX_OUTPUTS).contains(&m) {
        return Err(ProofError::UnsupportedShape { format: "Monero", reason: "1 to 16 outputs", got: m });
    }
    if masks.len() != m {
        return Err(ProofError::WrongNumBlindings { values: m, blindings: masks.len() });
    }
    let mut commitments: Vec<curve25519_dalek::EdwardsPoint> =
        amounts.iter().zip(masks).map(|(v, mask)| gens.pedersen().commit(&Scalar::from(*v), mask)).collect();
    if let Some(f) = tweak {
        for (j, c) in commitments.iter_mut().enumerate() {
            *c += f(Site::V(j));
        }
    }
    crate::ct::declassify(&commitments[..]);
    let inv8 = inv_eight();
    let over_8 = commitments.iter().map(|c| (c * inv8).compress()).collect();
    Ok((commitments, over_8))
}

/// `(α·G + Σ_k (a_{L,k}·𝐆_k + (a_{L,k} − 1)·𝐇_k))·8⁻¹` for the bits of
/// `amounts` (padding outputs 0) over `g_vec`, `h_vec` (`64·M` each): each
/// position adds `𝐆_k` (bit 1) or `−𝐇_k` (bit 0), chosen in constant time
/// and summed with complete addition, then one constant-time
/// multiplication by `8⁻¹`: `N + 1` additions and two multiplications
/// instead of a `(2N + 1)`-term constant-time multiscalar multiplication.
pub(crate) fn bit_commitment_over_8(
    amounts: &[u64],
    g_vec: &[curve25519_dalek::EdwardsPoint],
    h_vec: &[curve25519_dalek::EdwardsPoint],
    blinding_base: &curve25519_dalek::EdwardsPoint,
    alpha: &Scalar,
) -> curve25519_dalek::EdwardsPoint {
    use subtle::ConditionallySelectable;
    let mut sum = Ed25519::mul_ct(blinding_base, alpha);
    for (k, (g_k, h_k)) in g_vec.iter().zip(h_vec).enumerate() {
        let mut word = amounts.get(k / BITS).copied().unwrap_or(0);
        let bit = subtle::Choice::from(((word >> (k % BITS)) & 1) as u8);
        zeroize::Zeroize::zeroize(&mut word);
        sum += curve25519_dalek::EdwardsPoint::conditional_select(&-*h_k, g_k, bit);
    }
    Ed25519::mul_ct(&sum, &inv_eight())
}

/// Which points a Monero proof and its commitments may hold: ballistic's
/// strict rule (the default) or exactly what Monero's verifier accepts.
/// See the [module documentation](self#points-refused-rather-than-cleared-and-the-consensus-mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoneroConsensus {
    /// Every proof point and commitment the canonical encoding of a point
    /// of the prime-order subgroup other than the identity; anything else
    /// is refused ([`ProofError::InvalidPoint`],
    /// [`ProofError::InvalidCommitment`]).
    #[default]
    Strict,
    /// Exactly what Monero's verifier (`monero-bulletproofs` 0.1) accepts:
    /// the canonical encoding of any curve point — the identity and points
    /// with a small-order (torsion) component included — whose torsion is
    /// then cleared as Monero clears it (proof points `X̃` count as `8·X̃`,
    /// commitments `C` as `8·(8⁻¹·C)`; the transcript hashes the encodings
    /// as transmitted and `8⁻¹·C`). Non-canonical encodings (`y ≥ p`,
    /// negative zero) are refused, as Monero refuses them.
    Monero,
}

impl MoneroConsensus {
    /// `"strict"` or `"monero"`.
    pub fn name(self) -> &'static str {
        match self {
            MoneroConsensus::Strict => "strict",
            MoneroConsensus::Monero => "monero",
        }
    }

    /// The mode named `"strict"` or `"monero"`.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "strict" => Some(MoneroConsensus::Strict),
            "monero" => Some(MoneroConsensus::Monero),
            _ => None,
        }
    }
}

/// The canonical encoding of any curve point (what `monero-ed25519`'s
/// `CompressedPoint::decompress` accepts: dalek's decoding, then the
/// re-encoding must give the same bytes, which refuses `y ≥ p` and negative
/// zero), the point itself, torsion included.
fn decompress_any(c: &CompressedEdwardsY) -> Option<curve25519_dalek::EdwardsPoint> {
    c.decompress().filter(|p| p.compress() == *c)
}

/// The element a transmitted proof point stands for in the equation (which
/// multiplies it by 8 through its scalar): strictly, the point if it is a
/// non-identity subgroup point; under [`MoneroConsensus::Monero`], the
/// prime-order component `8⁻¹·(8·X̃)` of any canonically encoded point (so
/// `8·` it is Monero's `8·X̃`). Subgroup points take the fast path.
pub(crate) fn decode_proof_point(
    c: &CompressedEdwardsY,
    consensus: MoneroConsensus,
) -> Option<curve25519_dalek::EdwardsPoint> {
    if let Some(p) = Ed25519::decompress(c) {
        return match consensus {
            MoneroConsensus::Strict => (!Ed25519::is_identity_vartime(&p)).then_some(p),
            MoneroConsensus::Monero => Some(p),
        };
    }
    match consensus {
        MoneroConsensus::Strict => None,
        MoneroConsensus::Monero => decompress_any(c).map(|p| p.mul_by_cofactor() * inv_eight()),
    }
}

/// Decode `1..=16` commitments: strictly, canonical, in the prime-order
/// subgroup, not the identity; under [`MoneroConsensus::Monero`] any
/// canonical encoding. Each with `8⁻¹·C` (what the transcript hashes); the
/// point kept for the equation is `C`, or Monero's `8·(8⁻¹·C)`.
pub(crate) fn decode_commitments(
    commitments: &[CompressedEdwardsY],
    consensus: MoneroConsensus,
) -> Result<Vec<(ProofPoint<Ed25519>, CompressedEdwardsY)>, ProofError> {
    if !(1..=MAX_OUTPUTS).contains(&commitments.len()) {
        return Err(ProofError::UnsupportedShape {
            format: "Monero",
            reason: "1 to 16 outputs",
            got: commitments.len(),
        });
    }
    commitments
        .iter()
        .enumerate()
        .map(|(index, c)| {
            let full = match consensus {
                MoneroConsensus::Strict => Ed25519::decompress(c).filter(|p| !Ed25519::is_identity_vartime(p)),
                MoneroConsensus::Monero => decompress_any(c),
            }
            .ok_or(ProofError::InvalidCommitment { index })?;
            let over_8 = full * inv_eight();
            let point = match consensus {
                MoneroConsensus::Strict => full,
                MoneroConsensus::Monero => over_8.mul_by_cofactor(),
            };
            Ok((ProofPoint { compressed: *c, point }, over_8.compress()))
        })
        .collect()
}

/// Read `count` proof points as `consensus` says ([`decode_proof_point`];
/// [`ProofError::InvalidPoint`] with the byte offset).
pub(crate) fn read_points(
    reader: &mut Reader<'_>,
    total: usize,
    count: usize,
    consensus: MoneroConsensus,
) -> Result<Vec<ProofPoint<Ed25519>>, ProofError> {
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let offset = total - reader.remaining();
        let mut bytes = [0u8; 32];
        bytes.copy_from_slice(reader.take(32)?);
        let compressed = CompressedEdwardsY(bytes);
        let point = decode_proof_point(&compressed, consensus).ok_or(ProofError::InvalidPoint { offset })?;
        out.push(ProofPoint { compressed, point });
    }
    Ok(out)
}

/// The mode a proof was decoded in (its statement is built in the same).
pub(crate) trait DecodedIn {
    fn consensus(&self) -> MoneroConsensus;
}

/// The items both Monero proof types have alike: their shape and length
/// (`$fixed` 32-byte fields besides the two vectors), strict decoding, the
/// decoding mode, and verification alone and in batches with `$gens`.
macro_rules! monero_proof_common {
    ($ty:ident, $gens:path, $fixed:expr) => {
        impl $ty {
            /// Number of inner-product rounds, `lg(64·M)`.
            pub fn rounds(&self) -> usize {
                self.l_vec.len()
            }

            /// Encoded length for `rounds` rounds.
            pub fn encoded_len(rounds: usize) -> usize {
                $fixed * 32 + 2 + 2 * 32 * rounds
            }

            /// Encoded length of a proof for `m` outputs (`None` outside `1..=16`).
            pub fn encoded_len_for(m: usize) -> Option<usize> {
                (1..=MAX_OUTPUTS).contains(&m).then(|| Self::encoded_len(shape(m).2))
            }

            /// Decode Monero's encoding strictly: exactly one proof and
            /// nothing after it; each vector's length a one-byte varint in
            /// `6..=10` with `|L| = |R|`; scalars canonical; points canonical
            /// encodings of non-identity points of the prime-order subgroup.
            /// ([`from_bytes_with`](Self::from_bytes_with) in
            /// [`MoneroConsensus::Strict`].)
            pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
                Self::from_bytes_with(bytes, MoneroConsensus::Strict)
            }

            /// The mode the proof was decoded in ([`MoneroConsensus::Strict`]
            /// for a proof made here).
            pub fn consensus(&self) -> MoneroConsensus {
                self.consensus
            }

            /// Verify against the output commitments `C_j` (not divided by
            /// 8), with Monero's generators; the commitments are decoded in
            /// the proof's [`consensus`](Self::consensus) mode.
            pub fn verify<R: RngCore + CryptoRng>(
                &self,
                commitments: &[CompressedEdwardsY],
                rng: &mut R,
            ) -> Result<(), ProofError> {
                let statement = MoneroStatement::with_consensus(commitments, self.consensus)?;
                Verifiable::verify(self, $gens(), &statement, &mut (), rng)
            }

            /// Verify many proofs, each against its output commitments, in
            /// one multiscalar multiplication (ballistic's batch verifier,
            /// [`crate::batch`]); on failure, the indices of exactly the
            /// invalid proofs (statements that do not build among them).
            /// Each proof's commitments are decoded in its
            /// [`consensus`](Self::consensus) mode.
            pub fn verify_batch<R: RngCore + CryptoRng>(
                items: &[(&$ty, &[CompressedEdwardsY])],
                rng: &mut R,
            ) -> Result<(), BatchError> {
                super::verify_batch_with($gens(), items, rng)
            }
        }

        impl DecodedIn for $ty {
            fn consensus(&self) -> MoneroConsensus {
                self.consensus
            }
        }
    };
}
pub(crate) use monero_proof_common;

/// Where the test-only torsion hook adds a point to what a prover sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Site {
    A,
    S,
    T1,
    T2,
    A1,
    B,
    L(usize),
    R(usize),
    V(usize),
}

/// A point to add at each site before it is hashed and sent (tests build
/// torsioned proofs with it; the provers pass `None`).
pub(crate) type Tweak<'a> = Option<&'a dyn Fn(Site) -> curve25519_dalek::EdwardsPoint>;

/// `p` plus the tweak's point for `site`.
pub(crate) fn tweaked(p: ProofPoint<Ed25519>, site: Site, tweak: Tweak<'_>) -> ProofPoint<Ed25519> {
    match tweak {
        None => p,
        Some(f) => ProofPoint::from_point(p.point + f(site)),
    }
}

/// A proof with its statement (or the reason the statement did not build),
/// for the batch verifiers.
struct MoneroClaim<'a, P> {
    proof: &'a P,
    statement: Result<MoneroStatement, ProofError>,
}

impl<P: Verifiable<Ed25519, Statement = MoneroStatement, Context = ()> + DecodedIn + Sync> Claim<Ed25519>
    for MoneroClaim<'_, P>
{
    fn add_terms(&self, weight: Scalar, combine: Scalar, eq: &mut Equation<Ed25519>) -> Result<(), ProofError> {
        let statement = self.statement.as_ref().map_err(Clone::clone)?;
        self.proof.add_terms(statement, &mut (), weight, combine, eq)
    }
}

/// Batch-verify proofs of one kind against their commitments with `gens`.
pub(crate) fn verify_batch_with<P, R>(
    gens: &Generators<Ed25519>,
    items: &[(&P, &[CompressedEdwardsY])],
    rng: &mut R,
) -> Result<(), BatchError>
where
    P: Verifiable<Ed25519, Statement = MoneroStatement, Context = ()> + DecodedIn + Sync,
    R: RngCore + CryptoRng,
{
    let claims: Vec<MoneroClaim<'_, P>> = items
        .iter()
        .map(|(proof, c)| MoneroClaim {
            proof: *proof,
            statement: MoneroStatement::with_consensus(c, proof.consensus()),
        })
        .collect();
    let refs: Vec<&dyn Claim<Ed25519>> = claims.iter().map(|c| c as &dyn Claim<Ed25519>).collect();
    crate::batch::verify(gens, &refs, rng)
}
