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
//!   [`DynRangeProof::recover`].
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
pub(crate) mod interval;
pub mod mpc;
pub(crate) mod recovery;

pub use self::assets::{
    asset_generator, blinded_asset_generator, DynMultiAssetProof, MultiAssetRangeProof, MultiAssetStatement,
    MultiAssetSystem, RecommittedRangeProof,
};

pub use self::bulletproofs::RangeProof;
pub use self::bulletproofs_plus::RangeProofPlus;
pub use self::bulletproofs_plus_plus::{PlusPlusShape, RangeProofPlusPlus};
pub use self::interval::{DynIntervalProof, DynIntervalProved, Interval, IntervalProof, IntervalStatement};
pub use self::recovery::{
    message_capacity, Opening, OverGroup, Recoverable, Recovered, MAX_MESSAGE_LEN, MAX_OUTPUT_ID,
    MAX_RECOVERABLE_VALUES,
};

use alloc::boxed::Box;
use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

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

    /// Strict decoding of a proof of this system for `m` values of `n` bits.
    pub fn decode<G: Group>(self, bytes: &[u8], n: usize, m: usize) -> Result<Box<dyn DynRangeProof<G>>, ProofError> {
        Ok(match self {
            RangeSystem::Bulletproofs => Box::new(RangeProof::<G>::decode_for(bytes, n, m)?),
            RangeSystem::BulletproofsPlus => Box::new(RangeProofPlus::<G>::decode_for(bytes, n, m)?),
            RangeSystem::BulletproofsPlusPlus => Box::new(RangeProofPlusPlus::<G>::decode_for(bytes, n, m)?),
        })
    }

    /// Prove every `values[j] ∈ [0, 2^n)` with this system; returns the
    /// proof and the commitments.
    #[allow(clippy::too_many_arguments)]
    #[allow(clippy::type_complexity)]
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Box<dyn DynRangeProof<G>>, Vec<G::Compressed>), ProofError> {
        fn boxed<G: Group, P: RangeProofSystem<G> + 'static>(
            r: Result<(P, Vec<G::Compressed>), ProofError>,
        ) -> Result<(Box<dyn DynRangeProof<G>>, Vec<G::Compressed>), ProofError> {
            r.map(|(p, c)| (Box::new(p) as Box<dyn DynRangeProof<G>>, c))
        }
        match self {
            RangeSystem::Bulletproofs => boxed(RangeProof::prove_values(gens, transcript, values, blindings, n, rng)),
            RangeSystem::BulletproofsPlus => {
                boxed(RangeProofPlus::prove_values(gens, transcript, values, blindings, n, rng))
            }
            RangeSystem::BulletproofsPlusPlus => {
                boxed(RangeProofPlusPlus::prove_values(gens, transcript, values, blindings, n, rng))
            }
        }
    }
}

impl RangeSystem {
    /// Prove with owner recovery ([`Recovered`]): blindings from `seed` and
    /// `output_id`, nonces from `seed` and the transcript, `message` (at
    /// most [`message_capacity`]`(m)` bytes) carried in the proof. Returns
    /// the proof, the commitments and the blindings; the seed's holder gets
    /// the openings and the message back with [`DynRangeProof::recover`].
    /// Bulletproofs++ carries the payload sealed in 48 more bytes (see
    /// [`RangeProofPlusPlus`] for why): [`recoverable_encoded_len`](Self::recoverable_encoded_len).
    #[allow(clippy::too_many_arguments)]
    #[allow(clippy::type_complexity)]
    pub fn prove_recoverable<G: Group>(
        self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        seed: &[u8; 32],
        output_id: &[u8],
        message: &[u8],
    ) -> Result<(Box<dyn DynRangeProof<G>>, Vec<G::Compressed>, Zeroizing<Vec<G::Scalar>>), ProofError> {
        fn boxed<G: Group, P: RangeProofSystem<G> + OverGroup<Group = G> + 'static>(
            r: Result<Recoverable<P>, ProofError>,
        ) -> Result<(Box<dyn DynRangeProof<G>>, Vec<G::Compressed>, Zeroizing<Vec<G::Scalar>>), ProofError> {
            r.map(|(p, c, b)| (Box::new(p) as Box<dyn DynRangeProof<G>>, c, b))
        }
        match self {
            RangeSystem::Bulletproofs => {
                boxed(RangeProof::prove_recoverable(gens, transcript, values, n, seed, output_id, message))
            }
            RangeSystem::BulletproofsPlus => {
                boxed(RangeProofPlus::prove_recoverable(gens, transcript, values, n, seed, output_id, message))
            }
            RangeSystem::BulletproofsPlusPlus => {
                boxed(RangeProofPlusPlus::prove_recoverable(gens, transcript, values, n, seed, output_id, message))
            }
        }
    }
}

/// A range proof of any system, behind one object-safe interface: what
/// batches, proof files and bindings hold when the system is chosen at run
/// time. Every [`RangeProofSystem`] is one.
pub trait DynRangeProof<G: Group>:
    Verifiable<G, Statement = RangeStatement<G>, Context = Transcript> + Send + Sync + core::fmt::Debug
{
    /// Which system made it.
    fn system(&self) -> RangeSystem;
    /// The proof's encoding.
    fn to_bytes(&self) -> Vec<u8>;
    /// Owner recovery ([`Recovered`]): the openings of `commitments` and the
    /// message of a proof made by [`RangeSystem::prove_recoverable`] with
    /// `seed` and `output_id`, under the same transcript context and `n`.
    /// [`ProofError::RecoveryFailed`] for a wrong seed, id, context or
    /// proof, never a wrong opening.
    #[allow(clippy::too_many_arguments)]
    fn recover(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        seed: &[u8; 32],
        output_id: &[u8],
    ) -> Result<Recovered<G::Scalar>, ProofError>;
}

/// A range proof system: prove, decode, and the verification contract
/// ([`Verifiable`] over a [`RangeStatement`]). Implemented by
/// [`RangeProof`], [`RangeProofPlus`] and [`RangeProofPlusPlus`];
/// [`IntervalProof`] works over any.
pub trait RangeProofSystem<G: Group>: DynRangeProof<G> + Sized {
    /// This system's run-time name.
    const SYSTEM: RangeSystem;

    /// Prove every `values[j] ∈ [0, 2^n)`; returns the commitments.
    #[allow(clippy::too_many_arguments)]
    fn prove_values<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError>;

    /// Strict decoding for a statement of `m` values of `n` bits.
    fn decode_for(bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError>;

    /// Verify the proof for `commitments` (a [`RangeStatement`] built on the spot).
    #[allow(clippy::too_many_arguments)]
    fn verify_values<R: RngCore + CryptoRng>(
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

    /// The proof's encoding.
    fn encode(&self) -> Vec<u8> {
        DynRangeProof::to_bytes(self)
    }
}
