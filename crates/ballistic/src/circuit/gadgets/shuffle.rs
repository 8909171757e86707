//! k-shuffle: `(y_1 … y_k)` is a permutation of `(x_1 … x_k)`.
//!
//! After both lists are committed (first phase), draw a challenge `c` and
//! check the polynomial identity `Π (x_i − c) = Π (y_i − c)` at it: two
//! lists with equal products at a random point are equal as multisets except
//! with probability `k/ℓ` (Schwartz–Zippel). The products are chains of
//! `k − 1` gates each, built in the second phase.

use alloc::format;
use alloc::vec::Vec;

use crate::circuit::{
    ConstraintSystem, LinearCombination, RandomizableConstraintSystem, RandomizedConstraintSystem, Variable,
};
use crate::errors::ProofError;
use crate::group::ScalarOps;

/// Constrain `y` to be a permutation of `x` (same length).
pub fn shuffle<S: ScalarOps, CS: RandomizableConstraintSystem<S>>(
    cs: &mut CS,
    x: Vec<Variable>,
    y: Vec<Variable>,
) -> Result<(), ProofError> {
    if x.len() != y.len() {
        return Err(ProofError::Gadget { message: format!("shuffle of {} and {} values", x.len(), y.len()) });
    }
    match (x.as_slice(), y.as_slice()) {
        ([], []) => Ok(()),
        ([a], [b]) => {
            cs.constrain(a.minus(*b));
            Ok(())
        }
        _ => cs.specify_randomized_constraints(move |cs| {
            let c = cs.challenge_scalar(b"shuffle challenge");
            let px = product_minus(cs, &x, c);
            let py = product_minus(cs, &y, c);
            cs.constrain(px - py);
            Ok(())
        }),
    }
}

/// `Π (v_i − c)` as a chain of gates (`len ≥ 2`).
fn product_minus<S: ScalarOps, CS: RandomizedConstraintSystem<S>>(
    cs: &mut CS,
    vars: &[Variable],
    c: S,
) -> LinearCombination<S> {
    let mut it = vars.iter();
    let mut acc: LinearCombination<S> = match it.next() {
        Some(v) => v.minus(c),
        None => return LinearCombination::from(S::one()),
    };
    for v in it {
        let (_, _, o) = cs.multiply(acc, v.minus(c));
        acc = o.into();
    }
    acc
}
