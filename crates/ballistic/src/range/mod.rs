//! Range proofs: a committed value lies in `[0, 2^n)`.
//!
//! * [`RangeProof`]: the Bulletproofs range proof (paper §4.1–4.3),
//!   single and aggregated, byte-compatible with `bulletproofs` 5.
//! * [`RangeProofPlus`]: the Bulletproofs+ range proof (weighted
//!   inner product), 96 bytes shorter.
//! * [`RangeProofPlusPlus`]: the Bulletproofs++ range proof
//!   (reciprocal argument over base-`2^β` digits and the norm linear
//!   argument), 416 bytes for one 64-bit value; its own shape rules
//!   ([`PlusPlusShape`]: no bit padding, the witness is `max(m·k', 2^β)`
//!   long).
//! * [`IntervalProof`]: any interval `[lo, hi]`, with any system.
//! * Deployed formats (Grin's, Monero's, tari's) are in [`crate::compat`].
//! * [`Recovered`]: owner recovery (values, blindings and a short message
//!   from a secret seed and an output id), shared by Bulletproofs and
//!   Bulletproofs+; at run time [`RangeSystem::prove_recoverable`] and
//!   [`AnyRangeProof::recover`].
//!
//! # Shapes: any `n` in `1..=64`, any `m` in `1..=64`
//!
//! (For Bulletproofs and Bulletproofs+.) The inner-product argument needs a power-of-two length. A statement of
//! `m` values of `n` bits has `n·m` bit positions; ballistic pads the
//! bit vector to `N = 2^⌈log₂(n·m)⌉` (see [`RangeShape`]). Padding entries
//! are constrained to be bits like every other entry, but carry weight `0`
//! in every value equation, so they add no freedom to any value; the honest
//! prover sets them to `0`. When `n·m` is already a power of two (every
//! shape `bulletproofs` 5 supports) there is no padding and the protocol is
//! exactly the paper's. The transcript binds the true `n` and `m`, so a proof
//! for one shape is never a proof for another shape with the same `N`.

pub(crate) mod assets;
pub(crate) mod bulletproofs;
pub(crate) mod bulletproofs_plus;
pub(crate) mod bulletproofs_plus_plus;
#[cfg(test)]
pub(crate) mod frozen_heart;
pub(crate) mod interval;
pub mod mpc;
pub(crate) mod recovery;

pub use self::assets::{
    asset_generator, blinded_asset_generator, MultiAssetProof, MultiAssetRangeProof, MultiAssetStatement,
    MultiAssetSystem, RecommittedRangeProof,
};

pub use self::bulletproofs::RangeProof;
pub use self::bulletproofs_plus::RangeProofPlus;
pub use self::bulletproofs_plus_plus::{PlusPlusShape, RangeProofPlusPlus};
pub use self::interval::{Interval, IntervalProof, IntervalStatement};
pub use self::recovery::{
    message_capacity, Blindings, Opening, OverGroup, Recoverable, Recovered, RecoveryKey, MAX_MESSAGE_LEN,
    MAX_OUTPUT_ID, MAX_RECOVERABLE_VALUES,
};

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use crate::equation::Verifiable;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::Group;

/// Largest supported bit size.
pub const MAX_BITS: usize = 64;
/// Largest supported number of aggregated values.
pub const MAX_VALUES: usize = 64;

/// The dimensions of a range statement: `m` values of `n` bits, padded to
/// `N` bit positions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RangeShape {
    /// Bits per value.
    pub n: usize,
    /// Number of values.
    pub m: usize,
    /// Padded length `N = 2^⌈log₂(n·m)⌉`.
    pub padded: usize,
}

impl RangeShape {
    /// Validate `n ∈ 1..=64` and `m ∈ 1..=64`.
    pub fn new(n: usize, m: usize) -> Result<Self, ProofError> {
        if !(1..=MAX_BITS).contains(&n) {
            return Err(ProofError::InvalidBitsize { bits: n });
        }
        if !(1..=MAX_VALUES).contains(&m) {
            return Err(ProofError::InvalidAggregation { values: m });
        }
        Ok(RangeShape { n, m, padded: (n * m).next_power_of_two() })
    }

    /// Number of real (unpadded) bit positions, `n·m`.
    pub fn bits_total(&self) -> usize {
        self.n * self.m
    }

    /// Inner-product rounds, `log₂ N`.
    pub fn rounds(&self) -> usize {
        self.padded.trailing_zeros() as usize
    }

    /// Generator chains the layout uses: `⌈N / n⌉`.
    pub fn parties_needed(&self) -> usize {
        self.padded.div_ceil(self.n)
    }

    /// Generators per chain the layout uses.
    pub fn gens_per_party_needed(&self) -> usize {
        self.n.min(self.padded)
    }

    /// `2^n − 1`, the largest value in range.
    pub fn max_value(&self) -> u64 {
        if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        }
    }
}

/// The chunked vector both range arguments weigh the bits with:
/// `first·ratio^j·2^i` at `k = j·n + i < n·m`, zero on padding (`N`
/// entries). Bulletproofs' `d` (eq. (71), aggregated) is `first = z²,
/// ratio = z`; Bulletproofs+' is `first = z², ratio = z²`; a verifier folds
/// its weight into `first`. Within a chunk each entry is the previous one
/// doubled: additions, not multiplications. Generic over the scalars and
/// their Montgomery forms (`S::default()` is zero for both).
pub(crate) fn chunked_powers_of_two<S>(shape: RangeShape, first: S, ratio: S) -> impl Iterator<Item = S>
where
    S: Copy + Default + core::ops::Add<Output = S> + core::ops::Mul<Output = S>,
{
    let n = shape.n;
    core::iter::successors(Some(first), move |p: &S| Some(*p * ratio))
        .take(shape.m)
        .flat_map(move |chunk| core::iter::successors(Some(chunk), |d: &S| Some(*d + *d)).take(n))
        .chain(core::iter::repeat(S::default()))
        .take(shape.padded)
}

/// `first·ratio^j·step^i` at `k = j·n + i < n·m`, zero on padding (`N`
/// entries): one multiplication per entry. The Bulletproofs verifier's
/// `y^{−k}·w·d_k` is `first = w·z², ratio = z·y^{−n}, step = 2·y⁻¹`.
pub(crate) fn chunked_geometric<S>(shape: RangeShape, first: S, ratio: S, step: S) -> impl Iterator<Item = S>
where
    S: Copy + Default + core::ops::Mul<Output = S>,
{
    let n = shape.n;
    core::iter::successors(Some(first), move |p: &S| Some(*p * ratio))
        .take(shape.m)
        .flat_map(move |chunk| core::iter::successors(Some(chunk), move |d: &S| Some(*d * step)).take(n))
        .chain(core::iter::repeat(S::default()))
        .take(shape.padded)
}

/// Refuse any `values[j] ∉ [0, 2^n)`. Compared in constant time; only the
/// verdict is revealed, and only by the error.
pub(crate) fn check_in_range(values: &[u64], shape: RangeShape) -> Result<(), ProofError> {
    use subtle::ConstantTimeGreater;
    for (index, v) in values.iter().enumerate() {
        let mut out_of_range = v.ct_gt(&shape.max_value()).unwrap_u8();
        crate::ct::declassify(&out_of_range);
        if core::hint::black_box(&mut out_of_range) != &0 {
            return Err(ProofError::ValueOutOfRange { index, bits: shape.n });
        }
    }
    Ok(())
}

/// The public statement of a range proof: `m` commitments `V_j`, each to a
/// value in `[0, 2^n)`. Built once — shape validated, every commitment
/// decoded — and then checked against any number of proofs.
#[derive(Clone, Debug)]
pub struct RangeStatement<G: Group> {
    shape: RangeShape,
    commitments: Vec<G::Compressed>,
    points: Vec<G::Point>,
}

impl<G: Group> RangeStatement<G> {
    /// `commitments.len()` values of `n` bits: an error for an unsupported
    /// shape ([`ProofError::InvalidBitsize`], [`ProofError::InvalidAggregation`])
    /// or a commitment that is not a valid point
    /// ([`ProofError::InvalidCommitment`] naming it). A commitment may be the
    /// identity (value 0, blinding 0), as in `bulletproofs` 5.
    pub fn new(n: usize, commitments: &[G::Compressed]) -> Result<Self, ProofError> {
        let shape = RangeShape::new(n, commitments.len())?;
        let points = commitments
            .iter()
            .enumerate()
            .map(|(index, c)| G::decompress(c).ok_or(ProofError::InvalidCommitment { index }))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RangeStatement { shape, commitments: commitments.to_vec(), points })
    }

    /// From commitments already decoded (`points[j]` is `commitments[j]`).
    pub(crate) fn from_parts(shape: RangeShape, commitments: Vec<G::Compressed>, points: Vec<G::Point>) -> Self {
        RangeStatement { shape, commitments, points }
    }

    /// The shape `(n, m)`.
    pub fn shape(&self) -> RangeShape {
        self.shape
    }

    /// The commitments `V_j`, as given.
    pub fn commitments(&self) -> &[G::Compressed] {
        &self.commitments
    }

    /// The commitments, decoded.
    pub(crate) fn points(&self) -> &[G::Point] {
        &self.points
    }

    /// Generators that verify (and prove) this statement with Bulletproofs
    /// or Bulletproofs+: `BulletproofGens::new(per_chain, chains)` with
    /// `(chains, per_chain)`. Bulletproofs++ needs fewer:
    /// [`RangeSystem::generators_needed`].
    pub fn generators_needed(&self) -> (usize, usize) {
        (self.shape.parties_needed(), self.shape.gens_per_party_needed())
    }
}

/// The range proof systems, named at run time (proof files, bindings).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RangeSystem {
    /// Bulletproofs (paper §4; [`RangeProof`]).
    Bulletproofs,
    /// Bulletproofs+ ([`RangeProofPlus`]).
    BulletproofsPlus,
    /// Bulletproofs++ ([`RangeProofPlusPlus`]).
    BulletproofsPlusPlus,
}

impl RangeSystem {
    /// Every system, in a fixed order.
    pub const ALL: [RangeSystem; 3] =
        [RangeSystem::Bulletproofs, RangeSystem::BulletproofsPlus, RangeSystem::BulletproofsPlusPlus];

    /// The system's name in proof files: `"bulletproofs"`,
    /// `"bulletproofs-plus"`, `"bulletproofs-plus-plus"`.
    pub fn name(self) -> &'static str {
        match self {
            RangeSystem::Bulletproofs => "bulletproofs",
            RangeSystem::BulletproofsPlus => "bulletproofs-plus",
            RangeSystem::BulletproofsPlusPlus => "bulletproofs-plus-plus",
        }
    }

    /// Generators a proof of this system for `m` values of `n` bits needs:
    /// `(chains, per chain)` for `BulletproofGens::new(per_chain, chains)`.
    pub fn generators_needed(self, n: usize, m: usize) -> Result<(usize, usize), ProofError> {
        Ok(match self {
            RangeSystem::Bulletproofs | RangeSystem::BulletproofsPlus => {
                let shape = RangeShape::new(n, m)?;
                (shape.parties_needed(), shape.gens_per_party_needed())
            }
            RangeSystem::BulletproofsPlusPlus => PlusPlusShape::new(n, m)?.generators_needed(),
        })
    }

    /// The system called `name` ([`name`](Self::name)); `None` for any other string.
    pub fn from_name(name: &str) -> Option<Self> {
        RangeSystem::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The encoded length of a proof of this system for `m` values of `n` bits.
    pub fn encoded_len<G: Group>(self, n: usize, m: usize) -> Result<usize, ProofError> {
        match self {
            RangeSystem::Bulletproofs => RangeProof::<G>::encoded_len(n, m),
            RangeSystem::BulletproofsPlus => RangeProofPlus::<G>::encoded_len(n, m),
            RangeSystem::BulletproofsPlusPlus => RangeProofPlusPlus::<G>::encoded_len(n, m),
        }
    }

    /// The encoded length of a proof made by [`prove_recoverable`](Self::prove_recoverable)
    /// for `m` values of `n` bits: [`encoded_len`](Self::encoded_len), plus
    /// 48 bytes (the sealed payload) for Bulletproofs++.
    pub fn recoverable_encoded_len<G: Group>(self, n: usize, m: usize) -> Result<usize, ProofError> {
        match self {
            RangeSystem::BulletproofsPlusPlus => RangeProofPlusPlus::<G>::recoverable_encoded_len(n, m),
            other => other.encoded_len::<G>(n, m),
        }
    }

    /// Strict decoding of a proof of this system for `m` values of `n` bits
    /// (the system is the verifier's choice, never the sender's claim).
    pub fn decode<G: Group>(self, bytes: &[u8], n: usize, m: usize) -> Result<AnyRangeProof<G>, ProofError> {
        Ok(match self {
            RangeSystem::Bulletproofs => AnyRangeProof::Bulletproofs(RangeProof::from_bytes_for(bytes, n, m)?),
            RangeSystem::BulletproofsPlus => {
                AnyRangeProof::BulletproofsPlus(RangeProofPlus::from_bytes_for(bytes, n, m)?)
            }
            RangeSystem::BulletproofsPlusPlus => {
                AnyRangeProof::BulletproofsPlusPlus(RangeProofPlusPlus::from_bytes_for(bytes, n, m)?)
            }
        })
    }

    /// Prove every `values[j] ∈ [0, 2^n)` with this system; returns the
    /// proof and the commitments.
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(AnyRangeProof<G>, Vec<G::Compressed>), ProofError> {
        let (g, t, v, b) = (gens, transcript, values, blindings);
        match self {
            RangeSystem::Bulletproofs => RangeProof::prove_multiple_with_rng(g, t, v, b, n, rng).map(any),
            RangeSystem::BulletproofsPlus => RangeProofPlus::prove_multiple_with_rng(g, t, v, b, n, rng).map(any),
            RangeSystem::BulletproofsPlusPlus => {
                RangeProofPlusPlus::prove_multiple_with_rng(g, t, v, b, n, rng).map(any)
            }
        }
    }
}

/// A proof and its commitments, the proof typed at run time.
fn any<G: Group, P: RangeProofSystem<G>>(
    (proof, commitments): (P, Vec<G::Compressed>),
) -> (AnyRangeProof<G>, Vec<G::Compressed>) {
    (proof.into_any(), commitments)
}

impl RangeSystem {
    /// Prove with owner recovery ([`Recovered`]): blindings from `seed` and
    /// `output_id`, nonces from `seed` and the transcript, `message` (at
    /// most [`message_capacity`]`(m)` bytes) carried in the proof. Returns
    /// the proof, the commitments and the blindings; the seed's holder gets
    /// the openings and the message back with [`AnyRangeProof::recover`].
    /// Bulletproofs++ carries the payload sealed in 48 more bytes (see
    /// [`RangeProofPlusPlus`] for why): [`recoverable_encoded_len`](Self::recoverable_encoded_len).
    #[allow(clippy::type_complexity)]
    pub fn prove_recoverable<G: Group>(
        self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        key: crate::range::RecoveryKey<'_>,
        message: &[u8],
    ) -> Result<Recoverable<AnyRangeProof<G>>, ProofError> {
        fn any<G: Group, P: RangeProofSystem<G>>(
            r: Result<Recoverable<P>, ProofError>,
        ) -> Result<Recoverable<AnyRangeProof<G>>, ProofError> {
            r.map(|(p, c, b)| (p.into_any(), c, b))
        }
        let (g, t, v) = (gens, transcript, values);
        match self {
            RangeSystem::Bulletproofs => any(RangeProof::prove_recoverable(g, t, v, n, key, message)),
            RangeSystem::BulletproofsPlus => any(RangeProofPlus::prove_recoverable(g, t, v, n, key, message)),
            RangeSystem::BulletproofsPlusPlus => any(RangeProofPlusPlus::prove_recoverable(g, t, v, n, key, message)),
        }
    }
}

/// `RangeProofSystem` for a system whose inherent items are the
/// implementation (`prove_recoverable`, `recover`, `encoded_len`,
/// `to_bytes`, `from_bytes_for`), with the prover with an RNG given as
/// `prove: |gens, transcript, values, blindings, n, rng| expression`.
macro_rules! range_proof_system {
    ($ty:ident, $variant:ident, prove: |$g:ident, $t:ident, $v:ident, $b:ident, $n:ident, $rng:ident| $prove:expr) => {
        impl<G: Group> crate::range::sealed::Sealed for $ty<G> {}

        impl<G: Group> crate::range::RangeProofSystem<G> for $ty<G> {
            const SYSTEM: crate::range::RangeSystem = crate::range::RangeSystem::$variant;

            fn prove_multiple_with_rng<R: RngCore + CryptoRng>(
                gens: &Generators<G>,
                transcript: &mut Transcript,
                values: &[u64],
                blindings: &[G::Scalar],
                n: usize,
                rng: &mut R,
            ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
                let ($g, $t, $v, $b, $n, $rng) = (gens, transcript, values, blindings, n, rng);
                $prove
            }

            fn prove_recoverable(
                gens: &Generators<G>,
                transcript: &mut Transcript,
                values: &[u64],
                n: usize,
                key: crate::range::RecoveryKey<'_>,
                message: &[u8],
            ) -> Result<crate::range::Recoverable<Self>, ProofError> {
                $ty::prove_recoverable(gens, transcript, values, n, key, message)
            }

            fn recover(
                &self,
                gens: &Generators<G>,
                transcript: &mut Transcript,
                commitments: &[G::Compressed],
                n: usize,
                key: crate::range::RecoveryKey<'_>,
            ) -> Result<crate::range::Recovered<G::Scalar>, ProofError> {
                $ty::recover(self, gens, transcript, commitments, n, key)
            }

            fn encoded_len(n: usize, m: usize) -> Result<usize, ProofError> {
                $ty::<G>::encoded_len(n, m)
            }

            fn to_bytes(&self) -> Vec<u8> {
                $ty::to_bytes(self)
            }

            fn from_bytes_for(bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError> {
                $ty::from_bytes_for(bytes, n, m)
            }

            fn into_any(self) -> crate::range::AnyRangeProof<G> {
                crate::range::AnyRangeProof::$variant(self)
            }
        }
    };
}
pub(crate) use range_proof_system;

/// [`RangeProofSystem`] is sealed: the three systems of this crate are its
/// only implementations, so an [`AnyRangeProof`] variant always names the
/// system that made the proof inside it.
pub(crate) mod sealed {
    /// The seal.
    pub trait Sealed {}
}

/// A range proof system: Bulletproofs ([`RangeProof`]), Bulletproofs+
/// ([`RangeProofPlus`]) or Bulletproofs++ ([`RangeProofPlusPlus`]). One
/// trait: each system implements proving, owner recovery and its strict
/// encoding; the conveniences (one value, the OS RNG, verification against
/// commitments) are provided once here. Verification itself is the
/// [`Verifiable`] contract over a [`RangeStatement`]. A proof whose system is
/// chosen at run time is an [`AnyRangeProof`] ([`RangeSystem::prove`],
/// [`RangeSystem::decode`]).
///
/// Bring the trait into scope to call its methods:
/// `use ballistic::RangeProofSystem;`.
pub trait RangeProofSystem<G: Group>:
    sealed::Sealed
    + Verifiable<G, Statement = RangeStatement<G>, Context = Transcript>
    + OverGroup<Group = G>
    + Clone
    + Send
    + Sync
    + core::fmt::Debug
    + Sized
{
    /// This system's run-time name.
    const SYSTEM: RangeSystem;

    /// Prove that every `values[j] ∈ [0, 2^n)` in one aggregated proof;
    /// returns the proof and the commitments `V_j = v_j·B + γ_j·B̃`.
    fn prove_multiple_with_rng<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError>;

    /// Prove with owner recovery ([`Recovered`]): blindings from `seed` and
    /// `output_id`, nonces from `seed` and the transcript, `message` (at
    /// most [`message_capacity`]`(m)` bytes) carried in the proof. Returns
    /// the proof, the commitments and the blindings.
    fn prove_recoverable(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        key: crate::range::RecoveryKey<'_>,
        message: &[u8],
    ) -> Result<Recoverable<Self>, ProofError>;

    /// Owner recovery: the openings of `commitments` and the message of a
    /// proof made by [`prove_recoverable`](Self::prove_recoverable) with
    /// `seed` and `output_id`, under the same transcript context and `n`.
    /// [`ProofError::RecoveryFailed`] for a wrong seed, id, context or
    /// proof, never a wrong opening.
    fn recover(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        key: crate::range::RecoveryKey<'_>,
    ) -> Result<Recovered<G::Scalar>, ProofError>;

    /// The encoded length of a (plain) proof for `m` values of `n` bits.
    fn encoded_len(n: usize, m: usize) -> Result<usize, ProofError>;

    /// The proof's encoding.
    fn to_bytes(&self) -> Vec<u8>;

    /// Strict decoding for a statement of `m` values of `n` bits.
    fn from_bytes_for(bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError>;

    /// The same proof, typed at run time.
    fn into_any(self) -> AnyRangeProof<G>;

    /// Prove that `v ∈ [0, 2^n)`; returns the proof and `V = v·B + γ·B̃`.
    fn prove_single_with_rng<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        v: u64,
        blinding: &G::Scalar,
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, G::Compressed), ProofError> {
        let (proof, commitments) =
            Self::prove_multiple_with_rng(gens, transcript, &[v], core::slice::from_ref(blinding), n, rng)?;
        let commitment = commitments.first().copied().ok_or(ProofError::InvalidAggregation { values: 0 })?;
        Ok((proof, commitment))
    }

    /// [`prove_single_with_rng`](Self::prove_single_with_rng) with the OS RNG (`std` feature).
    #[cfg(feature = "std")]
    fn prove_single(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        v: u64,
        blinding: &G::Scalar,
        n: usize,
    ) -> Result<(Self, G::Compressed), ProofError> {
        Self::prove_single_with_rng(gens, transcript, v, blinding, n, &mut rand_core::OsRng)
    }

    /// [`prove_multiple_with_rng`](Self::prove_multiple_with_rng) with the OS RNG (`std` feature).
    #[cfg(feature = "std")]
    fn prove_multiple(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        Self::prove_multiple_with_rng(gens, transcript, values, blindings, n, &mut rand_core::OsRng)
    }

    /// Verify the proof for `commitments` of `n`-bit values (a
    /// [`RangeStatement`] built on the spot); `rng` draws the verifier's
    /// combining scalar. A verifier checking many proofs against one
    /// statement builds the statement once and calls [`Verifiable::verify`].
    fn verify_multiple_with_rng<R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        let statement = RangeStatement::new(n, commitments)?;
        self.verify(gens, &statement, transcript, rng)
    }

    /// [`verify_multiple_with_rng`](Self::verify_multiple_with_rng) with the OS RNG (`std` feature).
    #[cfg(feature = "std")]
    fn verify_multiple(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
    ) -> Result<(), ProofError> {
        self.verify_multiple_with_rng(gens, transcript, commitments, n, &mut rand_core::OsRng)
    }

    /// Verify a proof for one commitment with the OS RNG (`std` feature).
    #[cfg(feature = "std")]
    fn verify_single(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitment: &G::Compressed,
        n: usize,
    ) -> Result<(), ProofError> {
        self.verify_multiple(gens, transcript, core::slice::from_ref(commitment), n)
    }
}

/// A range proof of a system chosen at run time (proof files, bindings,
/// batches of mixed systems): the one dynamically typed range proof.
/// Interval and re-committed multi-asset proofs hold one.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyRangeProof<G: Group> {
    /// A Bulletproofs proof.
    Bulletproofs(RangeProof<G>),
    /// A Bulletproofs+ proof.
    BulletproofsPlus(RangeProofPlus<G>),
    /// A Bulletproofs++ proof.
    BulletproofsPlusPlus(RangeProofPlusPlus<G>),
}

/// `$body` with `$p` bound to the inner proof, whichever its system.
macro_rules! on_any {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            AnyRangeProof::Bulletproofs($p) => $body,
            AnyRangeProof::BulletproofsPlus($p) => $body,
            AnyRangeProof::BulletproofsPlusPlus($p) => $body,
        }
    };
}

impl<G: Group> OverGroup for AnyRangeProof<G> {
    type Group = G;
}

impl<G: Group> AnyRangeProof<G> {
    /// Which system made it.
    pub fn system(&self) -> RangeSystem {
        match self {
            AnyRangeProof::Bulletproofs(_) => RangeSystem::Bulletproofs,
            AnyRangeProof::BulletproofsPlus(_) => RangeSystem::BulletproofsPlus,
            AnyRangeProof::BulletproofsPlusPlus(_) => RangeSystem::BulletproofsPlusPlus,
        }
    }

    /// The proof's encoding (its system's).
    pub fn to_bytes(&self) -> Vec<u8> {
        on_any!(self, p => p.to_bytes())
    }

    /// Owner recovery ([`RangeProofSystem::recover`]) with the proof's system.
    pub fn recover(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        key: crate::range::RecoveryKey<'_>,
    ) -> Result<Recovered<G::Scalar>, ProofError> {
        on_any!(self, p => p.recover(gens, transcript, commitments, n, key))
    }
}

impl<G: Group> Verifiable<G> for AnyRangeProof<G> {
    type Statement = RangeStatement<G>;
    type Context = Transcript;

    fn add_terms(
        &self,
        statement: &RangeStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        combine: G::Scalar,
        eq: &mut crate::equation::Equation<G>,
    ) -> Result<(), ProofError> {
        on_any!(self, p => p.add_terms(statement, transcript, weight, combine, eq))
    }
}
