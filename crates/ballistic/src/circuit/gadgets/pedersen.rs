//! The Pedersen hash in a circuit: `H_D(m)` of
//! [`crate::embedded::pedersen`], for message bits that are circuit
//! variables. Chunks are [`lookup_signed3`] (2 gates), chained within a
//! segment by [`add_incomplete`] (3 gates; never exceptional, for every
//! message, by the range argument of [`crate::embedded::pedersen`]), and the
//! segments are summed with the same law (an exceptional case there is a
//! discrete-logarithm relation among the generators: as hard to reach as a
//! collision). Output: the point; its `y` is the field-element hash.
//!
//! Gates for `L` message bits in `k = ⌈L/3⌉` chunks: `2k + 3(k − 1)`,
//! plus `L` if the bits are allocated here ([`hash_bits`]): `8k − 3` for
//! one segment, ≈ 2.67 per bit.

use alloc::format;
use alloc::vec::Vec;

use super::ecc::{add_incomplete, allocate_bits, lookup_signed3, PointVar};
use crate::circuit::{ConstraintSystem, LinearCombination};
use crate::embedded::pedersen::PedersenHash;
use crate::embedded::EmbeddedCurve;
use crate::errors::ProofError;

/// `H_D(m)` for message bits already constrained to {0, 1} (`values`: the
/// prover's bits as 0/1 field elements).
pub fn hash<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    params: &PedersenHash<C>,
    bits: &[LinearCombination<C::F>],
    values: Option<&[C::F]>,
) -> Result<PointVar<C::F>, ProofError> {
    if bits.len() != params.input_bits() || values.is_some_and(|v| v.len() != bits.len()) {
        return Err(ProofError::Gadget {
            message: format!(
                "Pedersen hash parameters are for {}-bit inputs, got {} bits",
                params.input_bits(),
                bits.len()
            ),
        });
    }
    let k = params.coefficients();
    let zero = LinearCombination::default();
    let c = params.chunks_per_segment();
    let mut total: Option<PointVar<C::F>> = None;
    for (segment, tables) in params.tables().chunks(c).enumerate() {
        let mut acc: Option<PointVar<C::F>> = None;
        for (j, table) in tables.iter().enumerate() {
            let first = 3 * (segment * c + j);
            let bit = |o: usize| bits.get(first + o).cloned().unwrap_or_else(|| zero.clone());
            let value = values.map(|v| {
                let b = |o: usize| v.get(first + o).copied().unwrap_or_else(<C::F as crate::group::ScalarOps>::zero);
                [b(0), b(1), b(2)]
            });
            let point = lookup_signed3(cs, table, [bit(0), bit(1), bit(2)], value);
            acc = Some(match acc {
                None => point,
                Some(a) => add_incomplete(cs, k, &a, &point)?,
            });
        }
        if let Some(a) = acc {
            total = Some(match total {
                None => a,
                Some(t) => add_incomplete(cs, k, &t, &a)?,
            });
        }
    }
    total.ok_or(ProofError::Gadget { message: "empty Pedersen hash".into() })
}

/// Allocate `L` message bits (one gate each) and hash them; returns the
/// bits and the hash.
#[allow(clippy::type_complexity)]
pub fn hash_bits<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    params: &PedersenHash<C>,
    values: Option<&[C::F]>,
) -> Result<(Vec<LinearCombination<C::F>>, PointVar<C::F>), ProofError> {
    let bits = allocate_bits(cs, params.input_bits(), values)?;
    let h = hash(cs, params, &bits, values)?;
    Ok((bits, h))
}
