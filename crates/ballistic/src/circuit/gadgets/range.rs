//! Range gadget: `v ∈ [0, 2^n)` by bit decomposition,
//! `v = Σ_{i<n} 2^i·b_i` with every `b_i` a bit (paper §4.1's statement,
//! here as constraints: `n` gates and `n + 1` linear constraints).

use super::boolean::allocate_bit;
use crate::circuit::{ConstraintSystem, LinearCombination};
use crate::errors::ProofError;
use crate::group::ScalarOps;

/// Constrain `v` to `[0, 2^bits)`, `bits ≤ 64`. The prover passes the
/// value (its bits are extracted in constant time); a value that does not
/// fit makes the proof unsatisfiable.
pub fn range<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    v: LinearCombination<S>,
    value: Option<u64>,
    bits: usize,
) -> Result<(), ProofError> {
    if bits == 0 || bits > 64 {
        return Err(ProofError::InvalidBitsize { bits });
    }
    let mut sum = LinearCombination::default();
    let mut p = S::one();
    for i in 0..bits {
        let b = value.map(|v| S::from_u64((v >> i) & 1));
        let bit = allocate_bit(cs, b)?;
        sum = sum + bit.times(p);
        p = p + p;
    }
    cs.constrain(v - sum);
    Ok(())
}
