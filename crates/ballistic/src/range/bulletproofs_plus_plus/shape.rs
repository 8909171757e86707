//! The digit layout of a Bulletproofs++ statement: `m` values of `n` bits
//! written in base `2^β`, the witness slots and the value weights.

use super::{L_LEN, MAX_DIGIT_BITS};
use alloc::vec;
use alloc::vec::Vec;

use super::RangeShape;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps};
use crate::norm_linear::{sound_lengths, Folding, NormLinearProof};

/// The digit layout of a Bulletproofs++ statement of `m` values of `n` bits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlusPlusShape {
    pub(super) n: usize,
    pub(super) m: usize,
    pub(super) digit_bits: usize,
    pub(super) digits: usize,
    pub(super) slots: usize,
    pub(super) len: usize,
}

impl PlusPlusShape {
    /// Validate `n ∈ 1..=64`, `m ∈ 1..=64` and choose the base: the `β`
    /// with the shortest witness `N`, ties to the smaller base (the
    /// measurement behind the rule: `examples/bppp_base_sweep.rs`).
    pub fn new(n: usize, m: usize) -> Result<Self, ProofError> {
        let mut best: Option<PlusPlusShape> = None;
        for beta in 1..=MAX_DIGIT_BITS {
            let shape = Self::with_digit_bits(n, m, beta)?;
            if best.is_none_or(|b| shape.len < b.len) {
                best = Some(shape);
            }
        }
        best.ok_or(ProofError::InvalidBitsize { bits: n })
    }

    /// The layout with base `2^β` (`β ∈ 1..=8`) instead of the chosen one:
    /// for measuring the choice. Proofs made with it verify only through
    /// [`super::RangeProofPlusPlus::verify_with_shape`] with the same shape (the
    /// transcript binds `β`).
    ///
    /// The witness length is `max(m·k', 2^β)` rounded up to the next length
    /// the norm linear argument folds soundly ([`sound_lengths`]: even at
    /// every fold, e.g. 9 → 12, 14 → 16, 42 → 48); the extra slots are
    /// padding (no digit, no public shift).
    pub fn with_digit_bits(n: usize, m: usize, beta: usize) -> Result<Self, ProofError> {
        RangeShape::new(n, m)?;
        if !(1..=MAX_DIGIT_BITS).contains(&beta) {
            return Err(ProofError::InvalidBitsize { bits: n });
        }
        let digits = n.div_ceil(beta);
        let slots = digits + usize::from(n % beta != 0);
        let mut len = (m * slots).max(1 << beta);
        while !sound_lengths(len, L_LEN, Folding::Shortest) {
            len += 1;
        }
        Ok(PlusPlusShape { n, m, digit_bits: beta, digits, slots, len })
    }

    /// Bits per value.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Number of values.
    pub fn m(&self) -> usize {
        self.m
    }

    /// `β`: the base is `2^β`.
    pub fn digit_bits(&self) -> usize {
        self.digit_bits
    }

    /// `k = ⌈n/β⌉` digits per value.
    pub fn digits(&self) -> usize {
        self.digits
    }

    /// Witness slots per value: `k`, plus one when `β ∤ n` (the top-digit
    /// check). Also the vector generators' layout chunk: slot `i` of value
    /// `j` is chain `j`'s generator `i` (entry `j·slots + i` of
    /// `g_layout(slots, N)`).
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// The norm vector's length `N` (at least `max(m·slots, 2^β)`).
    pub fn witness_len(&self) -> usize {
        self.len
    }

    /// The digit base `b = 2^β`.
    pub fn base(&self) -> usize {
        1 << self.digit_bits
    }

    /// Bits in the top digit, `r = n − β(k−1)`.
    pub(super) fn top_bits(&self) -> usize {
        self.n - self.digit_bits * (self.digits - 1)
    }

    /// Does each value carry the extra top-digit slot?
    pub(super) fn has_extra(&self) -> bool {
        self.slots > self.digits
    }

    /// Generators needed: `(chains, per chain)` for `BulletproofGens::new(per_chain, chains)`.
    pub fn generators_needed(&self) -> (usize, usize) {
        (self.len.div_ceil(self.slots), self.slots.min(self.len).max(L_LEN - 1))
    }

    /// Is slot `idx` a digit (not padding)?
    pub(super) fn is_digit(&self, idx: usize) -> bool {
        idx < self.m * self.slots
    }

    /// Encoded length of a proof of this shape.
    pub fn encoded_len<G: Group>(&self) -> usize {
        4 * G::POINT_LEN + NormLinearProof::<G>::encoded_len(self.len, L_LEN, Folding::Shortest)
    }

    /// The public weights `a_i` of every slot (zero on padding), from `λ`.
    pub(super) fn weights<S: ScalarOps>(&self, lambda: S) -> Vec<S> {
        self.weights_with(lambda, S::one(), S::zero(), S::from_u64(self.base() as u64), |k| S::from_u64(1u64 << k))
    }

    /// [`weights`](Self::weights) in any representation of the field
    /// (`pow2(k)` is `2^k`): value `j`'s digits weigh `λ^{2j}·b^i`; with a
    /// top-digit slot, `κ_j = λ^{2j+1}` on it and `−κ_j·2^{β−r}` more on the
    /// top digit.
    pub(super) fn weights_with<T>(&self, lambda: T, one: T, zero: T, base: T, pow2: impl Fn(usize) -> T) -> Vec<T>
    where
        T: Copy + core::ops::Mul<Output = T> + core::ops::MulAssign + core::ops::SubAssign,
    {
        let mut a = vec![zero; self.len];
        let shift = pow2(self.digit_bits - self.top_bits());
        let lambda2 = lambda * lambda;
        let mut lambda_j = one;
        for j in 0..self.m {
            let kappa_j = lambda_j * lambda;
            let mut w = lambda_j;
            for slot in a.iter_mut().skip(j * self.slots).take(self.digits) {
                *slot = w;
                w *= base;
            }
            if self.has_extra() {
                let top = j * self.slots + self.digits - 1;
                if let Some(t) = a.get_mut(top) {
                    *t -= kappa_j * shift;
                }
                if let Some(x) = a.get_mut(top + 1) {
                    *x = kappa_j;
                }
            }
            lambda_j *= lambda2;
        }
        a
    }
}
