//! Merkle-path membership in a circuit, hiding the position: from a leaf
//! `x₀` (any combination: typically a committed value), `d` levels of
//!
//! ```text
//!     (ℓ_i, r_i) = p_i ? (σ_i, x_i) : (x_i, σ_i)         (1 bit gate, 1 swap gate)
//!     x_{i+1}    = y(H_{D_i}(bits(ℓ_i) ‖ bits(r_i)))     (2·|F| bit gates + the hash)
//! ```
//!
//! with secret position bits `p_i` and siblings `σ_i`, and one hash per
//! level (`D_i`: the caller's personalization of level `i`, so that a node
//! of one level is never a node of another; the hashes' generators are
//! constants of the circuit, so every level costs the same); the caller
//! constrains the result to the public root. The swap gate is
//! `p_i·δ_i = π_i` with `δ_i = σ_i − x_i` a fresh wire (so the sibling is
//! never allocated separately): `ℓ_i = x_i + π_i`, `r_i = x_i + δ_i − π_i`.
//! The node bits are `|F|` bits (253 for ristretto255's scalars, 256 for
//! secp256k1's), summed back to `ℓ_i` and `r_i`. With 256 bits a node has a
//! second decomposition (`x + n < 2^256`); using it changes the hashed
//! message, so it leads to the root only through a hash collision.

use alloc::format;
use alloc::vec::Vec;

use super::ecc::{allocate_bits, select_value};
use super::pedersen::hash;
use crate::circuit::gadgets::boolean::allocate_bit;
use crate::circuit::{ConstraintSystem, LinearCombination};
use crate::embedded::pedersen::PedersenHash;
use crate::embedded::{field_bits, field_to_bits, EmbeddedCurve};
use crate::errors::ProofError;
use crate::group::ScalarOps;

/// The prover's side of a path: siblings from the leaf up and the
/// position bits (0/1 field elements; bit `i` is 1 when the node at level
/// `i` is a right child).
#[derive(Clone, Debug)]
pub struct PathWitness<S: ScalarOps> {
    /// The leaf value.
    pub leaf: S,
    /// `σ_0 … σ_{d−1}`.
    pub siblings: Vec<S>,
    /// `p_0 … p_{d−1}`.
    pub positions: Vec<S>,
}

impl<S: ScalarOps> zeroize::Zeroize for PathWitness<S> {
    fn zeroize(&mut self) {
        self.leaf.zeroize();
        self.siblings.iter_mut().for_each(zeroize::Zeroize::zeroize);
        self.positions.iter_mut().for_each(zeroize::Zeroize::zeroize);
    }
}

impl<S: ScalarOps> Drop for PathWitness<S> {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(self);
    }
}

/// The root reached from `leaf` through a path of `levels.len()` levels,
/// level `i` hashed with `levels[i]` (each hashes `2·|F|` bits).
/// `witness` is the prover's.
pub fn membership<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    levels: &[PedersenHash<C>],
    leaf: LinearCombination<C::F>,
    witness: Option<&PathWitness<C::F>>,
) -> Result<LinearCombination<C::F>, ProofError> {
    let nb = field_bits::<C::F>();
    let depth = levels.len();
    if depth == 0 || levels.iter().any(|h| h.input_bits() != 2 * nb) {
        return Err(ProofError::Gadget { message: format!("Merkle levels must be hashes of {} bits", 2 * nb) });
    }
    if let Some(w) = witness {
        if w.siblings.len() != depth || w.positions.len() != depth {
            return Err(ProofError::Gadget {
                message: format!("Merkle path of {} levels, expected {depth}", w.siblings.len()),
            });
        }
    }
    // The leaf is not zero: `x·ι = 1` (one gate). Empty positions hold the
    // leaf 0, so without this anyone could prove 0 a member of every tree
    // that is not full (issue 35 review); 0 is never a leaf.
    let inverse = witness.map(|w| (w.leaf, w.leaf.invert_ct()));
    let (x, _, one) = cs.allocate_multiplier(inverse)?;
    cs.constrain(LinearCombination::from(x) - leaf.clone());
    cs.constrain(LinearCombination::from(one) - C::F::one());
    let mut node = leaf;
    let mut value = witness.map(|w| w.leaf);
    for (level, params) in levels.iter().enumerate() {
        let sib = witness.and_then(|w| w.siblings.get(level).copied());
        let pos = witness.and_then(|w| w.positions.get(level).copied());
        let p = allocate_bit(cs, pos)?;
        let assignment = match (pos, sib, value) {
            (Some(p), Some(s), Some(x)) => Some((p, s - x)),
            _ => None,
        };
        let (pl, delta, pi) = cs.allocate_multiplier(assignment)?;
        cs.constrain(LinearCombination::from(pl) - p);
        let left = node.clone() + pi;
        let right = node + delta - pi;
        let (lv, rv) = match (pos, sib, value) {
            (Some(p), Some(s), Some(x)) => (Some(select_value(&x, &s, &p)), Some(select_value(&s, &x, &p))),
            _ => (None, None),
        };
        let mut bits_value: Option<Vec<C::F>> = lv.zip(rv).map(|(l, r)| {
            let mut b = field_to_bits(&l, nb);
            b.extend(field_to_bits(&r, nb));
            b
        });
        let bits = allocate_bits(cs, 2 * nb, bits_value.as_deref())?;
        let mut sum_l = LinearCombination::default();
        let mut sum_r = LinearCombination::default();
        let mut pow = C::F::one();
        for (bl, br) in bits.iter().take(nb).zip(bits.iter().skip(nb)) {
            sum_l = sum_l + bl.clone().times(pow);
            sum_r = sum_r + br.clone().times(pow);
            pow = pow + pow;
        }
        cs.constrain(left - sum_l);
        cs.constrain(right - sum_r);
        let h = hash(cs, params, &bits, bits_value.as_deref())?;
        if let Some(b) = bits_value.as_mut() {
            b.iter_mut().for_each(zeroize::Zeroize::zeroize);
        }
        value = h.value.map(|v| v.y);
        node = h.y;
    }
    Ok(node)
}
