//! Range proofs: a committed value lies in `[0, 2^n)`.
//!
//! * [`bulletproofs`]: the Bulletproofs range proof (paper §4.1–4.3),
//!   single and aggregated, byte-compatible with `bulletproofs` 5.
//! * [`bulletproofs_plus`]: the Bulletproofs+ range proof (weighted
//!   inner product), 96 bytes shorter.
//! * [`interval`]: any interval `[lo, hi]`, with either system.
//!
//! # Shapes: any `n` in `1..=64`, any `m` in `1..=64`
//!
//! The inner-product argument needs a power-of-two length. A statement of
//! `m` values of `n` bits has `n·m` bit positions; ballistic pads the
//! bit vector to `N = 2^⌈log₂(n·m)⌉` (see [`RangeShape`]). Padding entries
//! are constrained to be bits like every other entry, but carry weight `0`
//! in every value equation, so they add no freedom to any value; the honest
//! prover sets them to `0`. When `n·m` is already a power of two (every
//! shape `bulletproofs` 5 supports) there is no padding and the protocol is
//! exactly the paper's. The transcript binds the true `n` and `m`, so a proof
//! for one shape is never a proof for another shape with the same `N`.

pub mod bulletproofs;
pub mod bulletproofs_plus;
pub mod interval;
pub mod mpc;

pub use self::bulletproofs::RangeProof;
pub use self::bulletproofs_plus::{Opening, RangeProofPlus, MAX_RECOVERABLE_VALUES};
pub use self::interval::{Interval, IntervalProof};

use crate::errors::ProofError;

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
