//! The constraint-system interface gadgets are written against: one gadget
//! body drives both the [`Prover`](super::Prover) (which knows the
//! assignment) and the [`Verifier`](super::Verifier) (which does not).

use sha3::{Digest, Sha3_256};

use super::linear::{LinearCombination, Variable};
use crate::errors::ProofError;
use crate::group::ScalarOps;

/// Sizes of a constraint system, available before proving.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    /// Multiplication gates `n` (before padding to a power of two).
    pub multipliers: usize,
    /// Linear constraints `q`.
    pub constraints: usize,
    /// Linear constraints added before any challenge was drawn.
    pub phase_one_constraints: usize,
    /// Linear constraints added by randomized (second-phase) gadgets.
    pub phase_two_constraints: usize,
    /// Entries of the constraint matrices (terms of every constraint,
    /// repeated variables counted).
    pub nonzeros: usize,
}

impl Metrics {
    /// `n` padded to the next power of two: the inner-product argument's
    /// length and the number of generators per chain a proof needs.
    pub fn padded_multipliers(&self) -> usize {
        self.multipliers.checked_next_power_of_two().unwrap_or(usize::MAX).max(1)
    }
}

/// Building constraints. The prover passes assignments (`Some`), the
/// verifier `None`; everything else is identical, so both build the same
/// system.
pub trait ConstraintSystem<S: ScalarOps> {
    /// A multiplication gate with inputs constrained to `left` and `right`:
    /// returns the variables `(a_L, a_R, a_O)` with `a_O = a_L·a_R`
    /// (two linear constraints tie the inputs to the combinations).
    fn multiply(&mut self, left: LinearCombination<S>, right: LinearCombination<S>) -> (Variable, Variable, Variable);

    /// A new unconstrained variable (half of a multiplication gate). The
    /// prover must pass the value.
    fn allocate(&mut self, assignment: Option<S>) -> Result<Variable, ProofError>;

    /// A multiplication gate with unconstrained inputs: returns
    /// `(a_L, a_R, a_O)`. The prover must pass the inputs.
    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(S, S)>,
    ) -> Result<(Variable, Variable, Variable), ProofError>;

    /// Enforce `lc = 0`.
    fn constrain(&mut self, lc: LinearCombination<S>);

    /// [`multiply`](Self::multiply) for a gate whose inputs (hence output)
    /// are bits whenever the constraints hold — e.g. logic on bits that other
    /// constraints make boolean. The constraints are exactly those of
    /// `multiply`; the hint (public: it is a property of the circuit) lets
    /// the prover commit to the gate's wires by constant-time selection of
    /// generators instead of a multiscalar multiplication. If a hinted wire
    /// is not a bit, proving fails with [`ProofError::Unsatisfied`].
    fn multiply_bits(
        &mut self,
        left: LinearCombination<S>,
        right: LinearCombination<S>,
    ) -> (Variable, Variable, Variable) {
        self.multiply(left, right)
    }

    /// [`allocate_multiplier`](Self::allocate_multiplier) for inputs that
    /// are bits (see [`multiply_bits`](Self::multiply_bits)).
    fn allocate_bits_multiplier(
        &mut self,
        input_assignments: Option<(S, S)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        self.allocate_multiplier(input_assignments)
    }

    /// Sizes so far.
    fn metrics(&self) -> Metrics;
}

/// A constraint system that accepts second-phase (randomized) gadgets.
pub trait RandomizableConstraintSystem<S: ScalarOps>: ConstraintSystem<S> {
    /// The system as seen by a second-phase gadget.
    type RandomizedCS: RandomizedConstraintSystem<S>;

    /// Run `callback` after every first-phase variable is committed; it may
    /// then draw challenges (bound to those commitments) and add variables
    /// and constraints that use them.
    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), ProofError>
    where
        F: 'static + FnOnce(&mut Self::RandomizedCS) -> Result<(), ProofError>;
}

/// A constraint system in its second phase: challenges are available.
pub trait RandomizedConstraintSystem<S: ScalarOps>: ConstraintSystem<S> {
    /// A challenge bound (through the transcript) to every commitment of the
    /// first phase.
    fn challenge_scalar(&mut self, label: &'static [u8]) -> S;
}

/// Running SHA3-256 over the canonical encoding of every constraint, so that
/// the transcript binds the statement itself (its public constants
/// included) — a proof cannot be replayed against a circuit differing in
/// one coefficient, and the prover cannot choose public inputs after seeing
/// a challenge (the "Frozen Heart" class).
#[derive(Clone, Default)]
pub(crate) struct ConstraintHasher {
    hasher: Sha3_256,
    count: u64,
}

impl ConstraintHasher {
    pub(crate) fn absorb<S: ScalarOps>(&mut self, lc: &LinearCombination<S>) {
        self.hasher.update((lc.terms.len() as u64).to_le_bytes());
        for (v, c) in &lc.terms {
            let (tag, index) = v.tag();
            self.hasher.update([tag]);
            self.hasher.update(index.to_le_bytes());
            self.hasher.update(c.to_bytes());
        }
        self.count += 1;
    }

    /// The digest so far (the hasher continues).
    pub(crate) fn digest(&self) -> [u8; 32] {
        let mut h = self.hasher.clone();
        h.update(self.count.to_le_bytes());
        h.finalize().into()
    }
}
