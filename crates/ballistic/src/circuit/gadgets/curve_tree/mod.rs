//! One level of a Curve Tree in a circuit: **select and re-randomize**
//! (Campanelli, Hall-Andersen, Kamp, "Curve Trees: Practical and
//! Transparent Zero-Knowledge Accumulators", eprint 2022/756; the design
//! note `docs/design/curve-trees.md`).
//!
//! A tree node on a curve `E_a` commits to its children, points `C_k` of
//! the other curve `E_b` of a 2-cycle, through their `x`-coordinates,
//! which are scalars of `E_a`:
//!
//! ```text
//!     C = Σ_k x(C_k + Δ)·G_k  (+ blinding·H_a)
//! ```
//!
//! with `Δ` a fixed point of `E_b` nobody knows a logarithm of. A proof over
//! `E_a` (whose circuit field is `E_b`'s base field, so `E_b` is its
//! [embedded curve](crate::embedded)) shows, for a public re-randomized
//! child `Ĉ` and the node's children `x_0 … x_{b−1}` (opened from a vector
//! commitment, or public constants at the root):
//!
//! ```text
//!     R_SR:  ∃ r, k:   x(Ĉ + Δ − [r]·H_b) = x_k        (H_b: E_b's blinding generator)
//! ```
//!
//! that is, `Ĉ = C_k + [r]·H_b` or `Ĉ = −C_k − 2Δ + [r]·H_b` for one of the
//! node's children. The second case is the sign ambiguity of an
//! `x`-coordinate: it is harmless when every selected point is later
//! *opened* with generators that do not involve `Δ` (as the next level's
//! vector commitment, a value commitment or a key), since opening
//! `−C_k − 2Δ + [r]H_b` gives a discrete-logarithm relation involving `Δ`.
//! This is the `Δ` variant of the authors' implementation (their commit
//! `4769f42`), which replaced the paper's permissible points; the caller
//! that builds the statement must make every selected point opened.
//!
//! | gadget | proves | multipliers |
//! |---|---|---|
//! | [`select`] | `x ∈ {x_0, …, x_{b−1}}`: `Π_k (x_k − x) = 0` | `b − 1` |
//! | [`rerandomized_x`] | the point `Ĉ + Δ − [r]·H` for `r` given by `n` bits (`n` even) | `3n + 1`: `n` bit gates, `n/2` lookups, `n/2 − 1` incomplete additions, one checked (769 for `n = 256`) |
//! | [`select_and_rerandomize`] | `R_SR` above | `769 + b − 1` for 256-bit `r` |
//!
//! **The multiplication by `r`.** `[r]·H = Σ_j [d_j·4^j]·H` over the 2-bit
//! digits `d_j` of `r` (bits allocated here, one gate each). Window `j`
//! looks up `[d_j·4^j]·H + R_j` (one gate), with offsets `R_j` derived by
//! hash-to-curve (the tables of [`FixedBase`]), and the windows are summed
//! with the **incomplete** addition (3 gates, against 4 for the checked
//! one). That is sound: the incomplete law leaves its slope free only when
//! the two addends are equal, and the accumulated sum after window `j − 1`
//! equals window `j`'s entry only if `Σ_{i<j} R_i − R_j` is a known multiple
//! of `H` — a discrete-logarithm relation among hash-derived points, with
//! `R_j`'s coefficient ±1 (the design note's pitfall 9; the same argument
//! shows an honest prover meets the case with negligible probability). The
//! public point `T' = Ĉ + Δ + Σ_j R_j` is computed natively, and the last
//! step `T' − acc` is the **checked** addition: its first addend is chosen
//! by whoever chooses `Ĉ`, so there the free slope would be live.
//! Only two rows of that addition name `T'` (`dx = x_Q − x(T')`,
//! `dy = y_Q − y(T')`); the deferred form leaves them to the caller, so
//! that every other row is the same for every `Ĉ` and a verifier of many
//! proofs builds them once per tree shape.
//!
//! **What the gadget does not check.** `r = 0` is satisfiable (then
//! `Ĉ = C_k` and the path is public): soundness does not need `r ≠ 0`,
//! privacy does, so provers draw `r` uniformly from `[1, q)`. The
//! statement's `Ĉ`, `Δ` and `H` are the verifier's; [`Rerandomization`]
//! refuses a point off the curve, at infinity, and a `Ĉ` whose `T'` is at
//! infinity.
//!
//! **Constant time.** The prover's values (the bits of `r`, the looked-up
//! entries, the selected child) are computed by constant-time selections
//! and one constant-time inversion per addition. The bits of `r` are
//! zeroized after use; the intermediate points (which determine `r`) are
//! plain copies on the stack, as in the other embedded-curve gadgets.
//!
//! **The offsets are bound to `H`.** A prover who knew `S_{j−1} − R_j =
//! [c]·H` (a partial sum of offsets against the next one) could make an
//! incomplete addition degenerate and steer its free slope to any `Ĉ`: the
//! adversarial review of 2026-11-30 forged a membership at full size with
//! an `H` built that way from offsets shared by every base. So the offsets
//! are hashed from `H` itself (`RERANDOMIZE_DOMAIN`), and with `H` and `Δ`
//! hash-derived nobody knows such a relation.

use alloc::format;
use alloc::vec::Vec;

use subtle::Choice;
use zeroize::Zeroize;

use super::ecc::{
    add_checked_deferred, add_incomplete, allocate_bits, lookup_window, DeferredPoint, FixedBase, PointVar,
};
use crate::circuit::{ConstraintSystem, LinearCombination};
use crate::embedded::{AffinePoint, EmbeddedCurve};
use crate::errors::ProofError;
use crate::group::ScalarOps;

/// The window width of the multiplication by `r` (2 bits is the cheapest;
/// see [`FixedBase`]).
const WINDOW: usize = 2;

/// The offsets' domain: `R_j = hash_to_curve("ballistic/fixed-base/offset"
/// ‖ j ‖ RERANDOMIZE_DOMAIN ‖ x(H) ‖ y(H))`, bound to `H`.
pub const RERANDOMIZE_DOMAIN: &[u8] = b"ballistic/curve-tree/v1/rerandomize";

/// `x ∈ {set}` (`set.len() − 1` gates: the product chain
/// `Π_k (x_k − x) = 0`, which vanishes exactly when a factor does).
/// Fails on an empty set.
pub fn select<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    set: &[LinearCombination<S>],
    x: LinearCombination<S>,
) -> Result<(), ProofError> {
    let mut factors = set.iter().map(|x_k| (x_k.clone() - x.clone()).simplify());
    let first = factors.next().ok_or(ProofError::Gadget { message: "select from an empty set".into() })?;
    let product = factors.fold(first, |acc, factor| {
        let (_, _, out) = cs.multiply(acc, factor);
        out.into()
    });
    cs.constrain(product);
    Ok(())
}

/// The public parameters of one level's re-randomization on the embedded
/// curve `C` (the children's curve): the tables of the blinding generator
/// `H` and the offset point `Δ`.
#[derive(Clone, Debug)]
pub struct Rerandomization<C: EmbeddedCurve> {
    h: FixedBase<C>,
    delta: AffinePoint<C::F>,
    /// `Σ_j R_j`: the tables' offsets, added to the target.
    offsets: AffinePoint<C::F>,
    bits: usize,
}

impl<C: EmbeddedCurve> Rerandomization<C> {
    /// Parameters for `H` and `Δ` (finite points on a curve of cofactor 1,
    /// `H ≠ ±Δ`), re-randomizers of the group order's bit length.
    ///
    /// **`H` and `Δ` must have no known logarithm to each other** (derive
    /// both by hash-to-curve from distinct labels, as
    /// [`crate::curve_tree`] does): with `Δ = [c]·H` for a known `c`, the
    /// sign branch `−C − 2Δ + [r]H = −C + [r − 2c]H` proves membership of
    /// `−C` (review of 2026-11-30). The offsets `R_j` are hashed from `H`,
    /// so no choice of `H` has a known relation to them.
    pub fn new(h: &AffinePoint<C::F>, delta: &AffinePoint<C::F>) -> Result<Self, ProofError> {
        let k = C::coefficients();
        for (name, p) in [("H", h), ("Δ", delta)] {
            if p.infinity || !p.is_on_curve(&k) {
                return Err(ProofError::Gadget {
                    message: format!("re-randomization: {name} is not a finite curve point"),
                });
            }
        }
        if h.x == delta.x {
            return Err(ProofError::Gadget { message: "re-randomization: H = ±Δ".into() });
        }
        if C::COFACTOR != 1 {
            return Err(ProofError::Gadget { message: format!("re-randomization on {}: cofactor ≠ 1", C::NAME) });
        }
        let bits = C::subgroup_order_bits();
        let mut domain = RERANDOMIZE_DOMAIN.to_vec();
        domain.extend_from_slice(&h.x.to_bytes());
        domain.extend_from_slice(&h.y.to_bytes());
        let h = FixedBase::with_domain(h, bits, WINDOW, &domain)?;
        let offsets = h.offset().neg();
        Ok(Rerandomization { h, delta: *delta, offsets, bits })
    }

    /// The number of bits of `r`.
    pub fn scalar_bits(&self) -> usize {
        self.bits
    }

    /// `Δ`.
    pub fn delta(&self) -> &AffinePoint<C::F> {
        &self.delta
    }

    /// `T' = Ĉ + Δ + Σ_j R_j` (public, variable time), refusing a `Ĉ` off
    /// the curve or at infinity and a `T'` at infinity.
    pub(crate) fn target(&self, rerandomized: &AffinePoint<C::F>) -> Result<AffinePoint<C::F>, ProofError> {
        let k = C::coefficients();
        if rerandomized.infinity || !rerandomized.is_on_curve(&k) {
            return Err(ProofError::Gadget { message: "re-randomized point is not a finite curve point".into() });
        }
        let target = rerandomized.add_vartime(&self.delta, &k).add_vartime(&self.offsets, &k);
        if target.infinity {
            return Err(ProofError::Gadget { message: "re-randomized point cancels the offsets".into() });
        }
        Ok(target)
    }
}

/// The bits of a little-endian integer as 0/1 field elements, `bits` of
/// them (constant time).
pub(crate) fn le_bits<F: ScalarOps>(le: &[u8], bits: usize) -> Vec<F> {
    (0..bits)
        .map(|i| {
            let byte = le.get(i / 8).copied().unwrap_or(0);
            F::conditional_select(&F::zero(), &F::one(), Choice::from((byte >> (i % 8)) & 1))
        })
        .collect()
}

/// The point `Ĉ + Δ − [r]·H` (the selected child, `C_k + Δ` for an honest
/// prover), for `r` given by the prover as a little-endian integer of
/// `⌈n/8⌉` bytes, `n` = [`Rerandomization::scalar_bits`] (bits past `n`
/// are not read; `None` in the verifier).
/// Allocates and constrains the bits of `r`. See the module documentation
/// for the cost and the soundness argument.
pub fn rerandomized_x<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    params: &Rerandomization<C>,
    rerandomized: &AffinePoint<C::F>,
    r: Option<&[u8]>,
) -> Result<PointVar<C::F>, ProofError> {
    let target = params.target(rerandomized)?;
    let (child, vars) = rerandomized_x_deferred(cs, params, r.map(|r| (target, r)))?;
    vars.constrain(cs, params, rerandomized)?;
    Ok(child)
}

/// The rows of a level that name its public `T' = Ĉ + Δ + Σ_j R_j`, left
/// out by [`rerandomized_x_deferred`]; [`TargetVars::constrain`] adds them
/// for a `Ĉ` (two rows, no gate).
#[derive(Clone, Debug)]
pub(crate) struct TargetVars<S: ScalarOps>(DeferredPoint<S>);

impl<S: ScalarOps> TargetVars<S> {
    /// The two rows for the public `Ĉ` (refusing a `Ĉ` off the curve, at
    /// infinity, or whose `T'` is at infinity).
    pub(crate) fn constrain<C: EmbeddedCurve<F = S>, CS: ConstraintSystem<S>>(
        &self,
        cs: &mut CS,
        params: &Rerandomization<C>,
        rerandomized: &AffinePoint<S>,
    ) -> Result<(), ProofError> {
        let target = params.target(rerandomized)?;
        self.0.constrain(cs, &target);
        Ok(())
    }
}

/// The selected child and its level's deferred rows.
pub(crate) type Rerandomized<S> = (PointVar<S>, TargetVars<S>);

/// [`rerandomized_x`] without the two rows that name `T'`, which the caller
/// adds later ([`TargetVars::constrain`]; [`add_checked_deferred`]): every
/// other row is the same for every `Ĉ`, so a verifier builds them once per
/// shape ([`crate::circuit::PreparedSystem`]) and adds only the two rows
/// per proof. `prover`: `T'` and `r` (`None` in the verifier).
pub(crate) fn rerandomized_x_deferred<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    params: &Rerandomization<C>,
    prover: Option<(AffinePoint<C::F>, &[u8])>,
) -> Result<Rerandomized<C::F>, ProofError> {
    let r = prover.map(|(_, r)| r);
    if r.is_some_and(|r| r.len() != params.bits.div_ceil(8)) {
        return Err(ProofError::Gadget { message: format!("re-randomizer of {} bytes", r.map_or(0, <[u8]>::len)) });
    }
    let target = prover.map(|(t, _)| t);
    let mut values: Option<Vec<C::F>> = r.map(|r| le_bits(r, params.bits));
    let bits = allocate_bits(cs, params.bits, values.as_deref())?;
    let k = C::coefficients();
    let zero = LinearCombination::default();
    let mut acc: Option<PointVar<C::F>> = None;
    for (j, table) in params.h.tables().iter().enumerate() {
        let window: Vec<LinearCombination<C::F>> =
            (0..WINDOW).map(|i| bits.get(j * WINDOW + i).cloned().unwrap_or_else(|| zero.clone())).collect();
        let mut window_values: Option<Vec<C::F>> = values
            .as_ref()
            .map(|v| (0..WINDOW).map(|i| v.get(j * WINDOW + i).copied().unwrap_or_else(C::F::zero)).collect());
        let entry = lookup_window(cs, table, &window, window_values.as_deref())?;
        if let Some(v) = window_values.as_mut() {
            v.zeroize();
        }
        acc = Some(match acc {
            None => entry,
            Some(a) => add_incomplete(cs, &k, &a, &entry)?,
        });
    }
    if let Some(v) = values.as_mut() {
        v.zeroize();
    }
    let acc = acc.ok_or(ProofError::Gadget { message: "re-randomization: no windows".into() })?;
    let minus_acc = PointVar { x: acc.x, y: -acc.y, value: acc.value.map(|p| p.neg()) };
    let (child, rows) = add_checked_deferred(cs, &k, target, &minus_acc)?;
    Ok((child, TargetVars(rows)))
}

/// `R_SR` (module documentation): the point `Ĉ + Δ − [r]·H` has its
/// `x`-coordinate among `children` (the node's `x(C_k + Δ)`: vector
/// commitment entries, or constants at the root). `r` is the prover's
/// (`None` in the verifier).
pub fn select_and_rerandomize<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    params: &Rerandomization<C>,
    children: &[LinearCombination<C::F>],
    rerandomized: &AffinePoint<C::F>,
    r: Option<&[u8]>,
) -> Result<(), ProofError> {
    let target = params.target(rerandomized)?;
    let vars = select_and_rerandomize_deferred(cs, params, children, r.map(|r| (target, r)))?;
    vars.constrain(cs, params, rerandomized)
}

/// [`select_and_rerandomize`] with `T'` left to the caller
/// ([`rerandomized_x_deferred`]).
pub(crate) fn select_and_rerandomize_deferred<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    params: &Rerandomization<C>,
    children: &[LinearCombination<C::F>],
    prover: Option<(AffinePoint<C::F>, &[u8])>,
) -> Result<TargetVars<C::F>, ProofError> {
    if children.is_empty() {
        return Err(ProofError::Gadget { message: "select from an empty set".into() });
    }
    let (child, vars) = rerandomized_x_deferred(cs, params, prover)?;
    select(cs, children, child.x)?;
    Ok(vars)
}

#[cfg(test)]
mod tests;
