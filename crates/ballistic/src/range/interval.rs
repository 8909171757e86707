//! Arbitrary ranges: a committed `v` lies in `[lo, hi]` for any
//! `lo ≤ hi < 2^64`, with either range proof system.
//!
//! **Construction.** Let `w = hi − lo` and `n = max(1, bitlen(w))`, so
//! `w < 2^n ≤ 2^64`, and `c = 2^n − 1 − w`. From the commitment
//! `V = v·B + γ·B̃` anyone derives
//!
//! ```text
//!     V₁ = V − lo·B          (commits to v − lo)
//!     V₂ = V₁ + c·B          (commits to v − lo + c)
//! ```
//!
//! and the prover shows, in one aggregated range proof of `n` bits, that
//! both lie in `[0, 2^n)` (only `V₁` when `c = 0`, i.e. `w = 2^n − 1`).
//!
//! **Soundness.** Write `x = v − lo` (in `𝔽_ℓ`). The range proof gives
//! integers `0 ≤ x < 2^n` and `0 ≤ x + c < 2^n`; since `x + c < 2^{n+1} ≪ ℓ`
//! there is no wrap-around, so `x ≤ 2^n − 1 − c = w`, i.e.
//! `v = lo + x ∈ [lo, hi]`. The proof stays zero-knowledge: it is a range
//! proof over commitments with the same blinding `γ`, which the range proof
//! hides.
//!
//! **Transcript.** Before the inner proof's own domain separator the
//! transcript receives `"interval v1"`, `lo`, `hi` and the commitment `V`
//! itself, so a proof for one interval or commitment is never a proof for
//! another (the derived `V₁`, `V₂` are then bound by the inner proof).
//!
//! Size: one range proof of `n` bits and `m ∈ {1, 2}` values — for a 64-bit
//! interval that is not exactly `[lo, lo + 2^64 − 1]`, 736 bytes with
//! Bulletproofs and 640 with Bulletproofs+.

use alloc::vec;
use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::ConstantTimeGreater;

use super::{
    AnyRangeProof, RangeProof, RangeProofPlus, RangeProofPlusPlus, RangeProofSystem, RangeShape, RangeStatement,
    RangeSystem,
};
use crate::ct::declassify;
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::transcript::TranscriptProtocol;

/// An interval `[lo, hi]` with `lo ≤ hi`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Interval {
    lo: u64,
    hi: u64,
}

impl Interval {
    /// `[lo, hi]`; an error if `lo > hi`.
    pub fn new(lo: u64, hi: u64) -> Result<Self, ProofError> {
        if lo > hi {
            return Err(ProofError::InvalidInterval { lo, hi });
        }
        Ok(Interval { lo, hi })
    }

    /// Lower end.
    pub fn lo(&self) -> u64 {
        self.lo
    }

    /// Upper end.
    pub fn hi(&self) -> u64 {
        self.hi
    }

    /// Bits `n` of the inner range proof.
    pub fn bits(&self) -> usize {
        let width = self.hi - self.lo;
        (64 - width.leading_zeros() as usize).max(1)
    }

    /// `c = 2^n − 1 − (hi − lo)`: zero when the interval is exactly `n` bits wide.
    fn offset(&self) -> u64 {
        let max = RangeShape { n: self.bits(), m: 1, padded: 1 }.max_value();
        max - (self.hi - self.lo)
    }

    /// The inner range proof's shape. With Bulletproofs or Bulletproofs+
    /// generators need `shape().parties_needed()` chains of `bits()` (the
    /// padded layout of [`super::RangeShape`]); `BulletproofGens::new(64, 4)`
    /// fits every interval with every system (Bulletproofs++ needs fewer:
    /// [`super::RangeSystem::generators_needed`]).
    pub fn shape(&self) -> RangeShape {
        RangeShape { n: self.bits(), m: self.values(), padded: (self.bits() * self.values()).next_power_of_two() }
    }

    /// Values the inner proof covers: 1 or 2.
    pub fn values(&self) -> usize {
        if self.offset() == 0 {
            1
        } else {
            2
        }
    }
}

/// The public statement of an interval proof: `commitment` opens to a
/// value in `interval`. Holds the derived commitments `V₁ = V − lo·B` (and
/// `V₂ = V₁ + c·B`) as the inner range proof's statement.
#[derive(Clone, Debug)]
pub struct IntervalStatement<G: Group> {
    interval: Interval,
    commitment: G::Compressed,
    inner: RangeStatement<G>,
}

impl<G: Group> IntervalStatement<G> {
    /// An error if `commitment` is not a valid point
    /// ([`ProofError::InvalidCommitment`]).
    pub fn new(gens: &Generators<G>, interval: Interval, commitment: &G::Compressed) -> Result<Self, ProofError> {
        let pc_gens = gens.pedersen();
        let v = G::decompress(commitment).ok_or(ProofError::InvalidCommitment { index: 0 })?;
        let v1 = v - G::msm_vartime([G::Scalar::from_u64(interval.lo)], [pc_gens.b]);
        let mut points = vec![v1];
        let c = interval.offset();
        if c != 0 {
            points.push(v1 + G::msm_vartime([G::Scalar::from_u64(c)], [pc_gens.b]));
        }
        let compressed = points.iter().map(G::compress).collect();
        let inner = RangeStatement::from_parts(interval.shape(), compressed, points);
        Ok(IntervalStatement { interval, commitment: *commitment, inner })
    }

    /// The interval.
    pub fn interval(&self) -> Interval {
        self.interval
    }

    /// The commitment `V`.
    pub fn commitment(&self) -> &G::Compressed {
        &self.commitment
    }

    /// Generators that verify this statement with Bulletproofs or
    /// Bulletproofs+ (`(chains, per chain)`; enough for Bulletproofs++ too).
    pub fn generators_needed(&self) -> (usize, usize) {
        self.inner.generators_needed()
    }
}

fn bind<G: Group>(transcript: &mut Transcript, interval: &Interval, commitment: &G::Compressed) {
    transcript.append_message(b"dom-sep", b"interval v1");
    transcript.append_u64(b"lo", interval.lo);
    transcript.append_u64(b"hi", interval.hi);
    transcript.append_point::<G>(b"V", commitment);
}

/// A proof that a committed value lies in an [`Interval`]: a range proof of
/// any system ([`AnyRangeProof`]) over the shifted values.
#[derive(Clone, Debug, PartialEq)]
pub struct IntervalProof<G: Group> {
    proof: AnyRangeProof<G>,
}

impl<G: Group> Verifiable<G> for IntervalProof<G> {
    type Statement = IntervalStatement<G>;
    type Context = Transcript;

    fn add_terms(
        &self,
        statement: &IntervalStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        combine: G::Scalar,
        eq: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        bind::<G>(transcript, &statement.interval, &statement.commitment);
        self.proof.add_terms(&statement.inner, transcript, weight, combine, eq)
    }
}

impl<G: Group> IntervalProof<G> {
    /// Prove `lo ≤ value ≤ hi` with the range proof system `P`; returns the
    /// proof and `V = value·B + blinding·B̃`. At run time:
    /// [`RangeSystem::prove_interval`].
    // Indexing: m ∈ {1, 2} = interval.values() and both arrays have 2 entries.
    #[allow(clippy::indexing_slicing)]
    pub fn prove_with_rng<P: RangeProofSystem<G>, R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        value: u64,
        blinding: &G::Scalar,
        interval: Interval,
        rng: &mut R,
    ) -> Result<(Self, G::Compressed), ProofError> {
        let pc_gens = gens.pedersen();
        // Compared in constant time; only the verdict is revealed.
        let mut outside = (interval.lo.ct_gt(&value) | value.ct_gt(&interval.hi)).unwrap_u8();
        declassify(&outside);
        if core::hint::black_box(&mut outside) != &0 {
            return Err(ProofError::ValueOutsideInterval { lo: interval.lo, hi: interval.hi });
        }
        let v_point = pc_gens.commit(&G::Scalar::from_u64(value), blinding);
        let commitment = G::compress(&v_point);
        declassify(&commitment);
        bind::<G>(transcript, &interval, &commitment);
        // No wrap-around: lo ≤ value ≤ hi, and value − lo + c ≤ 2^n − 1.
        let x = value.wrapping_sub(interval.lo);
        let values = zeroize::Zeroizing::new([x, x.wrapping_add(interval.offset())]);
        let blindings = zeroize::Zeroizing::new([*blinding, *blinding]);
        let m = interval.values();
        let (proof, _) =
            P::prove_multiple_with_rng(gens, transcript, &values[..m], &blindings[..m], interval.bits(), rng)?;
        Ok((IntervalProof { proof: proof.into_any() }, commitment))
    }

    /// Verify that `commitment` opens to a value in `interval`.
    pub fn verify_with_rng<R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitment: &G::Compressed,
        interval: Interval,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        let statement = IntervalStatement::new(gens, interval, commitment)?;
        self.verify(gens, &statement, transcript, rng)
    }

    /// Which system made the inner range proof.
    pub fn system(&self) -> RangeSystem {
        self.proof.system()
    }

    /// The inner range proof's encoding.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.proof.to_bytes()
    }

    /// Strict decoding of a proof of `system` for `interval` (whose width
    /// fixes the inner shape). `system` is the verifier's requirement, not
    /// the sender's claim: pass the system you accept.
    pub fn from_bytes_for(system: RangeSystem, bytes: &[u8], interval: Interval) -> Result<Self, ProofError> {
        Ok(IntervalProof { proof: system.decode(bytes, interval.bits(), interval.values())? })
    }
}

impl RangeSystem {
    /// Prove `lo ≤ value ≤ hi` with this system ([`IntervalProof::prove_with_rng`]).
    pub fn prove_interval<G: Group, R: RngCore + CryptoRng>(
        self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        value: u64,
        blinding: &G::Scalar,
        interval: Interval,
        rng: &mut R,
    ) -> Result<(IntervalProof<G>, G::Compressed), ProofError> {
        let (g, t) = (gens, transcript);
        match self {
            RangeSystem::Bulletproofs => {
                IntervalProof::prove_with_rng::<RangeProof<G>, R>(g, t, value, blinding, interval, rng)
            }
            RangeSystem::BulletproofsPlus => {
                IntervalProof::prove_with_rng::<RangeProofPlus<G>, R>(g, t, value, blinding, interval, rng)
            }
            RangeSystem::BulletproofsPlusPlus => {
                IntervalProof::prove_with_rng::<RangeProofPlusPlus<G>, R>(g, t, value, blinding, interval, rng)
            }
        }
    }

    /// Strict decoding of an interval proof of this system for `interval`.
    pub fn decode_interval<G: Group>(self, bytes: &[u8], interval: Interval) -> Result<IntervalProof<G>, ProofError> {
        IntervalProof::from_bytes_for(self, bytes, interval)
    }

    /// Generators `(chains, per chain)` an interval proof of this system for
    /// `interval` needs.
    pub fn interval_generators_needed(self, interval: Interval) -> Result<(usize, usize), ProofError> {
        self.generators_needed(interval.bits(), interval.values())
    }

    /// The encoded length of an interval proof of this system for `interval`.
    pub fn interval_encoded_len<G: Group>(self, interval: Interval) -> Result<usize, ProofError> {
        self.encoded_len::<G>(interval.bits(), interval.values())
    }
}
