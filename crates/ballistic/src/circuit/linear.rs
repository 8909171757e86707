//! Variables and linear combinations of a rank-1 constraint system.

use alloc::vec;
use alloc::vec::Vec;
use core::ops::{Add, Mul, Neg, Sub};

use crate::group::ScalarOps;

/// A wire of the constraint system.
///
/// Every variable other than [`Variable::One`], the committed values and
/// the vector-committed entries is an input or output of a multiplication
/// gate `a_L,i · a_R,i = a_O,i`. Gadget code uses the variables the
/// constraint system returns; an index that names nothing it made fails
/// proving and verification with
/// [`ProofError::InvalidVariable`](crate::ProofError::InvalidVariable).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variable {
    /// The value committed in the `i`-th high-level Pedersen commitment `V_i`.
    Committed(usize),
    /// The left input `a_L,i` of multiplier `i`.
    MultiplierLeft(usize),
    /// The right input `a_R,i` of multiplier `i`.
    MultiplierRight(usize),
    /// The output `a_O,i` of multiplier `i`.
    MultiplierOutput(usize),
    /// The constant 1.
    One,
    /// Entry `i` of the values committed in the statement's vector
    /// commitments, numbered across them in the order they were made
    /// (entries of `C_1`, then of `C_2`, …: one numbering, so an index past
    /// `C_1`'s end names an entry of `C_2`; use the variables
    /// [`Prover::commit_vec`](super::Prover::commit_vec) and
    /// [`Verifier::commit_vec`](super::Verifier::commit_vec) return).
    VectorCommitted(usize),
}

impl Variable {
    /// A one-byte tag and the index, for hashing constraints canonically.
    pub(crate) fn tag(&self) -> (u8, u64) {
        match *self {
            Variable::Committed(i) => (1, i as u64),
            Variable::MultiplierLeft(i) => (2, i as u64),
            Variable::MultiplierRight(i) => (3, i as u64),
            Variable::MultiplierOutput(i) => (4, i as u64),
            Variable::One => (5, 0),
            Variable::VectorCommitted(i) => (6, i as u64),
        }
    }
}

/// `Σ cᵢ·vᵢ`: a linear combination of [`Variable`]s with scalar
/// coefficients. Build them with `+`, `-`, `*` (by a scalar) from variables
/// and scalars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearCombination<S> {
    pub(crate) terms: Vec<(Variable, S)>,
}

impl<S: ScalarOps> Default for LinearCombination<S> {
    fn default() -> Self {
        LinearCombination { terms: Vec::new() }
    }
}

impl<S: ScalarOps> LinearCombination<S> {
    /// The terms `(variable, coefficient)`, possibly with repeats.
    pub fn terms(&self) -> &[(Variable, S)] {
        &self.terms
    }

    /// Number of terms (repeats counted).
    pub fn len(&self) -> usize {
        self.terms.len()
    }

    /// Has no terms (the zero combination)?
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// Merge repeated variables and drop zero coefficients (variable time
    /// in the coefficients: they are public circuit constants).
    pub fn simplify(mut self) -> Self {
        self.terms.sort_by_key(|(v, _)| *v);
        let mut out: Vec<(Variable, S)> = Vec::with_capacity(self.terms.len());
        for (v, c) in self.terms {
            match out.last_mut() {
                Some((last, acc)) if *last == v => *acc += c,
                _ => out.push((v, c)),
            }
        }
        out.retain(|(_, c)| !c.is_zero_vartime());
        LinearCombination { terms: out }
    }

    /// `c·self`.
    pub fn times(self, c: S) -> Self {
        self * c
    }

    /// The value under an assignment of the variables.
    pub fn eval(&self, value: impl Fn(Variable) -> S) -> S {
        self.terms.iter().fold(S::zero(), |acc, (v, c)| acc + value(*v) * *c)
    }
}

impl<S: ScalarOps> From<Variable> for LinearCombination<S> {
    fn from(v: Variable) -> Self {
        LinearCombination { terms: vec![(v, S::one())] }
    }
}

impl<S: ScalarOps> From<S> for LinearCombination<S> {
    fn from(s: S) -> Self {
        LinearCombination { terms: vec![(Variable::One, s)] }
    }
}

impl<S: ScalarOps> FromIterator<(Variable, S)> for LinearCombination<S> {
    fn from_iter<I: IntoIterator<Item = (Variable, S)>>(iter: I) -> Self {
        LinearCombination { terms: iter.into_iter().collect() }
    }
}

impl<S: ScalarOps, R: Into<LinearCombination<S>>> Add<R> for LinearCombination<S> {
    type Output = Self;
    fn add(mut self, rhs: R) -> Self {
        self.terms.extend(rhs.into().terms);
        self
    }
}

impl<S: ScalarOps, R: Into<LinearCombination<S>>> Sub<R> for LinearCombination<S> {
    type Output = Self;
    fn sub(mut self, rhs: R) -> Self {
        self.terms.extend(rhs.into().terms.into_iter().map(|(v, c)| (v, -c)));
        self
    }
}

impl<S: ScalarOps> Mul<S> for LinearCombination<S> {
    type Output = Self;
    fn mul(mut self, rhs: S) -> Self {
        for (_, c) in self.terms.iter_mut() {
            *c *= rhs;
        }
        self
    }
}

impl<S: ScalarOps> Neg for LinearCombination<S> {
    type Output = Self;
    fn neg(mut self) -> Self {
        for (_, c) in self.terms.iter_mut() {
            *c = -*c;
        }
        self
    }
}

impl Variable {
    /// `self + other` as a linear combination.
    pub fn plus<S: ScalarOps>(self, other: impl Into<LinearCombination<S>>) -> LinearCombination<S> {
        LinearCombination::from(self) + other
    }

    /// `self − other` as a linear combination.
    pub fn minus<S: ScalarOps>(self, other: impl Into<LinearCombination<S>>) -> LinearCombination<S> {
        LinearCombination::from(self) - other
    }

    /// `c · self` as a linear combination.
    pub fn times<S: ScalarOps>(self, c: S) -> LinearCombination<S> {
        LinearCombination { terms: vec![(self, c)] }
    }
}
