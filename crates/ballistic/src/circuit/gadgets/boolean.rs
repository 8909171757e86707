//! Boolean gadgets. A bit `b` is constrained by the single gate
//! `(1 − b)·b = 0`; logic on bits is arithmetic: `a ∧ b = a·b`,
//! `a ⊕ b = a + b − 2ab`, `a ∨ b = a + b − ab`, `¬a = 1 − a`.

use crate::circuit::{ConstraintSystem, LinearCombination, Variable};
use crate::errors::ProofError;
use crate::group::ScalarOps;

/// A new variable constrained to be a bit; the prover passes its value
/// (`Some(0)` or `Some(1)`; anything else makes the proof unsatisfiable).
pub fn allocate_bit<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    value: Option<S>,
) -> Result<Variable, ProofError> {
    let (l, r, o) = cs.allocate_bits_multiplier(value.map(|b| (S::one() - b, b)))?;
    cs.constrain(o.into());
    cs.constrain(l.plus(r) - S::one());
    Ok(r)
}

/// Constrain an existing combination to be a bit (one gate).
pub fn constrain_bit<S: ScalarOps, CS: ConstraintSystem<S>>(cs: &mut CS, bit: LinearCombination<S>) {
    let (_, _, o) = cs.multiply(bit.clone(), LinearCombination::from(S::one()) - bit);
    cs.constrain(o.into());
}

/// `a ∧ b` for bits `a`, `b` (one gate).
pub fn and<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    a: LinearCombination<S>,
    b: LinearCombination<S>,
) -> LinearCombination<S> {
    let (_, _, o) = cs.multiply_bits(a, b);
    o.into()
}

/// `a ⊕ b` for bits `a`, `b` (one gate).
pub fn xor<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    a: LinearCombination<S>,
    b: LinearCombination<S>,
) -> LinearCombination<S> {
    let (_, _, o) = cs.multiply_bits(a.clone(), b.clone());
    a + b - o.times(S::from_u64(2))
}

/// `a ∨ b` for bits `a`, `b` (one gate).
pub fn or<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    a: LinearCombination<S>,
    b: LinearCombination<S>,
) -> LinearCombination<S> {
    let (_, _, o) = cs.multiply_bits(a.clone(), b.clone());
    a + b - o
}

/// `¬a = 1 − a` for a bit `a` (no gate).
pub fn not<S: ScalarOps>(a: LinearCombination<S>) -> LinearCombination<S> {
    LinearCombination::from(S::one()) - a
}
