//! Embedded-curve arithmetic in a circuit: points of an
//! [`EmbeddedCurve`] `B·y² = x³ + A·x² +
//! C·x + D` over the proof's scalar field, as pairs of linear combinations
//! (formulas in [`crate::embedded`]).
//!
//! | gadget | computes | multipliers |
//! |---|---|---|
//! | [`add_incomplete`] | `P + Q`, `x_P ≠ x_Q` guaranteed by the caller | 3 |
//! | [`add_checked`] | `P + Q`, unsatisfiable if `x_P = x_Q` | 4 |
//! | [`double`] | `2P` (`P` in the prime-order subgroup, so `y ≠ 0`) | 4 |
//! | [`lookup_signed3`] | `(1 − 2s₂)(1 + s₀ + 2s₁)·P` from a 4-entry table | 2 |
//! | [`lookup_window`] | `T[Σ 2^i s_i]` from a `2^w`-entry table | `2^w − w − 1` |
//! | [`fixed_base_mul`] | `[k]G` for `k` given by bits, windows of `w` bits | `⌈n/w⌉·(2^w − w + 3)` |
//!
//! **Addition** (3 gates): `λ·(x₂ − x₁) = y₂ − y₁`, `λ·λ = ρ`,
//! `λ·(x₁ − x₃) = σ`, with `x₃ = B·ρ − A − x₁ − x₂` and `y₃ = σ − y₁` as
//! linear combinations. If `x₁ = x₂` the first gate leaves `λ` free, so the
//! caller must rule that case out; [`add_checked`] adds the gate
//! `(x₂ − x₁)·ι = 1`. The first gate's wires equal `x₂ − x₁` and `y₂ − y₁`,
//! so the output is written through them and the addend: its linear
//! combinations do not grow along a chain of additions.
//!
//! **Doubling** (4 gates): `x₁·x₁ = ξ`, `λ·(2B·y₁) = 3ξ + 2A·x₁ + C`,
//! then the two gates of the addition law's tail.
//!
//! **Windowed lookup.** A table of `2^w` constants indexed by bits
//! `s_0 … s_{w−1}` is the multilinear polynomial
//! `Σ_T c_T·Π_{i∈T} s_i` (Möbius inversion of the table): one gate per
//! monomial of degree ≥ 2, both coordinates sharing them. The signed
//! 3-bit lookup of the Pedersen hash (Sapling's) needs `s₀s₁` and one gate
//! for the conditional negation of `y`.
//!
//! **Fixed-base multiplication.** `[k]G = Σ_j [d_j·2^{wj}]G` for the
//! `w`-bit digits `d_j` of `k`. So that no partial sum is `O` and no table
//! entry is, window `j` looks up `[d_j·2^{wj}]G + R_j` with public offsets
//! `R_j` derived by hash-to-curve, and the sum of the offsets is subtracted
//! at the end; every addition is [`add_checked`] (soundness does not rely
//! on the offsets; an honest prover meets `x₁ = x₂` only through a discrete
//! logarithm relation among `G` and the `R_j`, or when `[k]G = O`, which is
//! unsatisfiable: the result is affine). Gates per scalar bit, measured by
//! `window_costs` in the tests (one bit gate each included): `w = 1`: 5,
//! `w = 2`: 3.5, `w = 3`: 3.67, `w = 4`: 4.75 — so [`FixedBase::new`] uses
//! `w = 2` unless told otherwise.
//!
//! The prover's values travel with the combinations ([`PointVar::value`]);
//! they are computed in constant time ([`AffinePoint::add_incomplete_ct`],
//! selections by scanning).

use alloc::format;
use alloc::vec::Vec;

use crate::circuit::gadgets::boolean::allocate_bit;
use crate::circuit::{ConstraintSystem, LinearCombination, Variable};
use crate::embedded::{bit_choice, hash_to_curve, AffinePoint, Coefficients, EmbeddedCurve};
use crate::errors::ProofError;
use crate::group::ScalarOps;

/// A curve point in a circuit: its coordinates as linear combinations and,
/// for the prover, its value.
#[derive(Clone, Debug)]
pub struct PointVar<S: ScalarOps> {
    /// `x`.
    pub x: LinearCombination<S>,
    /// `y`.
    pub y: LinearCombination<S>,
    /// The prover's value (`None` in the verifier).
    pub value: Option<AffinePoint<S>>,
}

impl<S: ScalarOps> PointVar<S> {
    /// A public constant point.
    pub fn constant(p: &AffinePoint<S>, prover: bool) -> Self {
        PointVar { x: p.x.into(), y: p.y.into(), value: prover.then_some(*p) }
    }

    /// Enforce that this point equals the public point `p`.
    pub fn constrain_equal<CS: ConstraintSystem<S>>(&self, cs: &mut CS, p: &AffinePoint<S>) {
        cs.constrain(self.x.clone() - p.x);
        cs.constrain(self.y.clone() - p.y);
    }
}

fn lambda_value<S: ScalarOps>(p: &Option<AffinePoint<S>>, q: &Option<AffinePoint<S>>) -> Option<(S, S, S)> {
    match (p, q) {
        (Some(p), Some(q)) => {
            let dx = q.x - p.x;
            Some(((q.y - p.y) * dx.invert_ct(), dx, q.y - p.y))
        }
        _ => None,
    }
}

/// `P + Q` with the incomplete law (3 gates). The caller guarantees
/// `x_P ≠ x_Q` for every satisfying assignment it cares about (see the
/// module documentation).
pub fn add_incomplete<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    k: &Coefficients<S>,
    p: &PointVar<S>,
    q: &PointVar<S>,
) -> Result<PointVar<S>, ProofError> {
    let values = lambda_value(&p.value, &q.value);
    let (lambda, dx, dy) = cs.allocate_multiplier(values.map(|(l, dx, _)| (l, dx)))?;
    cs.constrain(LinearCombination::from(dx) - (q.x.clone() - p.x.clone()));
    cs.constrain(LinearCombination::from(dy) - (q.y.clone() - p.y.clone()));
    // x₁ = x₂ − dx and y₁ = y₂ − dy from here on (bounded combinations).
    let x1 = q.x.clone() - dx;
    let y1 = q.y.clone() - dy;
    let first = PointVar { x: x1, y: y1, value: p.value };
    finish(cs, k, (lambda.into(), values.map(|v| v.0)), first, (q.x.clone(), q.value.map(|v| v.x)))
}

/// The addition law's tail: `ρ = λ²`, `x₃ = B·ρ − A − x₁ − x₂`,
/// `σ = λ(x₁ − x₃)`, `y₃ = σ − y₁` (2 gates), for `λ`, the first point
/// `(x₁, y₁)` and the second point's `x₂`, each with the prover's value.
fn finish<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    k: &Coefficients<S>,
    (lambda, lambda_value): (LinearCombination<S>, Option<S>),
    first: PointVar<S>,
    (x2, x2_value): (LinearCombination<S>, Option<S>),
) -> Result<PointVar<S>, ProofError> {
    let PointVar { x: x1, y: y1, value: p } = first;
    let (_, _, rho) = cs.multiply(lambda.clone(), lambda.clone());
    let x3 = LinearCombination::from(rho).times(k.b) - k.a - x1.clone() - x2;
    let (_, _, sigma) = cs.multiply(lambda, (x1 - x3.clone()).simplify());
    let y3 = LinearCombination::from(sigma) - y1;
    let value = match (p.zip(lambda_value), x2_value) {
        (Some((p, l)), Some(x2)) => {
            let x3 = k.b * l * l - k.a - p.x - x2;
            Some(AffinePoint::new(x3, l * (p.x - x3) - p.y))
        }
        _ => None,
    };
    Ok(PointVar { x: x3.simplify(), y: y3.simplify(), value })
}

/// `P + Q`, unsatisfiable when `x_P = x_Q` (4 gates: the extra gate
/// `(x_Q − x_P)·ι = 1`).
pub fn add_checked<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    k: &Coefficients<S>,
    p: &PointVar<S>,
    q: &PointVar<S>,
) -> Result<PointVar<S>, ProofError> {
    let inverse = match (&p.value, &q.value) {
        (Some(p), Some(q)) => Some((q.x - p.x, (q.x - p.x).invert_ct())),
        _ => None,
    };
    let (d, _, one) = cs.allocate_multiplier(inverse)?;
    cs.constrain(LinearCombination::from(d) - (q.x.clone() - p.x.clone()));
    cs.constrain(LinearCombination::from(one) - S::one());
    add_incomplete(cs, k, p, q)
}

/// The rows of [`add_checked_deferred`] that name the public `P`:
/// `dx = x_Q − x_P`, `dy = y_Q − y_P`.
#[derive(Clone, Debug)]
pub(crate) struct DeferredPoint<S: ScalarOps> {
    dx: Variable,
    dy: Variable,
    qx: LinearCombination<S>,
    qy: LinearCombination<S>,
}

impl<S: ScalarOps> DeferredPoint<S> {
    /// Add the two rows for `P` (no gate).
    pub(crate) fn constrain<CS: ConstraintSystem<S>>(&self, cs: &mut CS, p: &AffinePoint<S>) {
        cs.constrain(LinearCombination::from(self.dx) - self.qx.clone() + p.x);
        cs.constrain(LinearCombination::from(self.dy) - self.qy.clone() + p.y);
    }
}

/// [`add_checked`] for a public `P` whose coordinates the caller fixes
/// later ([`DeferredPoint::constrain`]): the same 4 gates and the same
/// rows, the one tying the check's `d` to `x_Q − x_P` written `d = dx`, and
/// the two rows naming `P` left out, so that every other row is the same
/// for every `P`. `p` is the prover's value of `P` (`None` in the
/// verifier).
pub(crate) fn add_checked_deferred<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    k: &Coefficients<S>,
    p: Option<AffinePoint<S>>,
    q: &PointVar<S>,
) -> Result<(PointVar<S>, DeferredPoint<S>), ProofError> {
    let inverse = match (&p, &q.value) {
        (Some(p), Some(q)) => Some((q.x - p.x, (q.x - p.x).invert_ct())),
        _ => None,
    };
    let (d, _, one) = cs.allocate_multiplier(inverse)?;
    cs.constrain(LinearCombination::from(one) - S::one());
    let values = lambda_value(&p, &q.value);
    let (lambda, dx, dy) = cs.allocate_multiplier(values.map(|(l, dx, _)| (l, dx)))?;
    cs.constrain(LinearCombination::from(d) - dx);
    let x1 = q.x.clone() - dx;
    let y1 = q.y.clone() - dy;
    let first = PointVar { x: x1, y: y1, value: p };
    let sum = finish(cs, k, (lambda.into(), values.map(|v| v.0)), first, (q.x.clone(), q.value.map(|v| v.x)))?;
    Ok((sum, DeferredPoint { dx, dy, qx: q.x.clone(), qy: q.y.clone() }))
}

/// `2P` for `P` of odd order (4 gates).
pub fn double<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    k: &Coefficients<S>,
    p: &PointVar<S>,
) -> Result<PointVar<S>, ProofError> {
    let (_, _, xx) = cs.multiply(p.x.clone(), p.x.clone());
    let two = S::from_u64(2);
    let values = p.value.map(|v| {
        let num = S::from_u64(3) * v.x * v.x + two * k.a * v.x + k.c;
        let den = two * k.b * v.y;
        (num * den.invert_ct(), den)
    });
    let (lambda, den, num) = cs.allocate_multiplier(values)?;
    cs.constrain(LinearCombination::from(den) - p.y.clone().times(two * k.b));
    cs.constrain(
        LinearCombination::from(num) - LinearCombination::from(xx).times(S::from_u64(3)) - p.x.clone().times(two * k.a)
            + (-k.c),
    );
    finish(cs, k, (lambda.into(), values.map(|v| v.0)), p.clone(), (p.x.clone(), p.value.map(|v| v.x)))
}

/// The signed 3-bit lookup of the Pedersen hash: `(1 − 2s₂)(1 + s₀ +
/// 2s₁)·P` with `table = [P, 2P, 3P, 4P]` (2 gates). The bits must be
/// constrained to {0, 1} by the caller; `values` are the prover's.
pub fn lookup_signed3<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    table: &[AffinePoint<S>; 4],
    bits: [LinearCombination<S>; 3],
    values: Option<[S; 3]>,
) -> PointVar<S> {
    let [s0, s1, s2] = bits;
    let (_, _, s01) = cs.multiply_bits(s0.clone(), s1.clone());
    let [p1, p2, p3, p4] = table;
    let x = LinearCombination::from(p1.x)
        + s0.clone().times(p2.x - p1.x)
        + s1.clone().times(p3.x - p1.x)
        + LinearCombination::from(s01).times(p4.x - p3.x - p2.x + p1.x);
    let y = LinearCombination::from(p1.y)
        + s0.times(p2.y - p1.y)
        + s1.times(p3.y - p1.y)
        + LinearCombination::from(s01).times(p4.y - p3.y - p2.y + p1.y);
    let (_, _, y_signed) = cs.multiply(y, LinearCombination::from(S::one()) - s2.times(S::from_u64(2)));
    let value = values.map(|b| crate::embedded::pedersen::lookup_ct(table, b));
    PointVar { x: x.simplify(), y: y_signed.into(), value }
}

/// `table[Σ 2^i·s_i]` for bits `s_0 … s_{w−1}` (constrained by the caller),
/// `table.len() = 2^w`, `1 ≤ w ≤ 8` (`2^w − w − 1` gates).
pub fn lookup_window<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    table: &[AffinePoint<S>],
    bits: &[LinearCombination<S>],
    values: Option<&[S]>,
) -> Result<PointVar<S>, ProofError> {
    let w = bits.len();
    if w == 0 || w > 8 || table.len() != 1 << w {
        return Err(ProofError::Gadget { message: format!("window lookup: {} entries for {w} bits", table.len()) });
    }
    // Monomials Π_{i∈T} s_i for every subset T (bit mask), degree ≥ 2 by a gate.
    let mut monomials: Vec<LinearCombination<S>> = Vec::with_capacity(1 << w);
    monomials.push(S::one().into());
    for t in 1usize..(1 << w) {
        let top = usize::BITS as usize - 1 - t.leading_zeros() as usize;
        let rest = t & !(1 << top);
        let bit = bits.get(top).cloned().unwrap_or_default();
        let lc = if rest == 0 {
            bit
        } else {
            let prev = monomials.get(rest).cloned().unwrap_or_default();
            let (_, _, o) = cs.multiply_bits(prev, bit);
            o.into()
        };
        monomials.push(lc);
    }
    // Möbius inversion: c_T = Σ_{U ⊆ T} (−1)^{|T∖U|} table[U].
    let mut cx: Vec<S> = table.iter().map(|p| p.x).collect();
    let mut cy: Vec<S> = table.iter().map(|p| p.y).collect();
    for i in 0..w {
        for t in 0..(1usize << w) {
            if t & (1 << i) != 0 {
                let u = t & !(1 << i);
                if let (Some(&lx), Some(&ly)) = (cx.get(u), cy.get(u)) {
                    if let Some(v) = cx.get_mut(t) {
                        *v -= lx;
                    }
                    if let Some(v) = cy.get_mut(t) {
                        *v -= ly;
                    }
                }
            }
        }
    }
    let mut x = LinearCombination::default();
    let mut y = LinearCombination::default();
    for ((m, cx), cy) in monomials.iter().zip(&cx).zip(&cy) {
        x = x + m.clone().times(*cx);
        y = y + m.clone().times(*cy);
    }
    let value = values.map(|bits| {
        let mut out = table.first().copied().unwrap_or_else(AffinePoint::identity);
        let index: Vec<subtle::Choice> = bits.iter().map(bit_choice).collect();
        for (i, entry) in table.iter().enumerate() {
            let mut hit = subtle::Choice::from(1);
            for (j, c) in index.iter().enumerate() {
                hit &= if i >> j & 1 == 1 { *c } else { !*c };
            }
            out = AffinePoint::select(&out, entry, hit);
        }
        out
    });
    Ok(PointVar { x: x.simplify(), y: y.simplify(), value })
}

/// Precomputed tables for [`fixed_base_mul`] by one base point.
#[derive(Clone, Debug)]
pub struct FixedBase<C: EmbeddedCurve> {
    window: usize,
    bits: usize,
    /// `tables[j][d] = [d·2^{wj}]G + R_j`.
    tables: Vec<Vec<AffinePoint<C::F>>>,
    /// `−Σ R_j`.
    offset: AffinePoint<C::F>,
    coefficients: Coefficients<C::F>,
}

impl<C: EmbeddedCurve> FixedBase<C> {
    /// Tables for `[k]G`, `k < 2^bits`, windows of `window` bits (1..=8;
    /// 2 is cheapest, see the module documentation). `G` must be a finite
    /// point of the prime-order subgroup.
    pub fn new(base: &AffinePoint<C::F>, bits: usize, window: usize) -> Result<Self, ProofError> {
        Self::with_domain(base, bits, window, &[])
    }

    /// [`FixedBase::new`] with offsets `R_j` hashed from `domain` too
    /// (`hash_to_curve("ballistic/fixed-base/offset" ‖ j ‖ domain)`; an empty
    /// domain gives `new`'s offsets). Gadgets that sum windows with the
    /// incomplete addition bind the offsets to the base this way, so that
    /// nobody can choose a base with a known relation to them.
    pub fn with_domain(
        base: &AffinePoint<C::F>,
        bits: usize,
        window: usize,
        domain: &[u8],
    ) -> Result<Self, ProofError> {
        if !(1..=8).contains(&window) || bits == 0 || bits > 1024 || base.infinity {
            return Err(ProofError::Gadget {
                message: format!("fixed-base tables: {bits} bits in windows of {window} (1..=1024 bits, 1..=8)"),
            });
        }
        let k = C::coefficients();
        let windows = bits.div_ceil(window);
        let mut tables = Vec::with_capacity(windows);
        let mut sum = AffinePoint::identity();
        let mut g = *base;
        for j in 0..windows {
            let r = hash_to_curve::<C>(
                &[b"ballistic/fixed-base/offset".as_slice(), &(j as u64).to_le_bytes(), domain].concat(),
            );
            sum = sum.add_vartime(&r, &k);
            let mut row = Vec::with_capacity(1 << window);
            let mut acc = r;
            for _ in 0..(1usize << window) {
                // An entry at infinity would be read as the off-curve (0, 0).
                if acc.infinity {
                    return Err(ProofError::Gadget { message: "fixed-base tables: an entry at infinity".into() });
                }
                row.push(acc);
                acc = acc.add_vartime(&g, &k);
            }
            tables.push(row);
            for _ in 0..window {
                g = g.double_vartime(&k);
            }
        }
        Ok(FixedBase { window, bits, tables, offset: sum.neg(), coefficients: k })
    }

    /// Window width.
    pub fn window(&self) -> usize {
        self.window
    }

    /// `tables[j][d] = [d·2^{wj}]G + R_j`.
    pub(crate) fn tables(&self) -> &[Vec<AffinePoint<C::F>>] {
        &self.tables
    }

    /// `−Σ_j R_j`.
    pub(crate) fn offset(&self) -> &AffinePoint<C::F> {
        &self.offset
    }
}

/// `[k]G` for `k = Σ 2^i·b_i` given by `bits` (little-endian, constrained
/// to {0, 1} by the caller; at most the table's size), with the tables of
/// `base`. Unsatisfiable when `[k]G = O`.
pub fn fixed_base_mul<C: EmbeddedCurve, CS: ConstraintSystem<C::F>>(
    cs: &mut CS,
    base: &FixedBase<C>,
    bits: &[LinearCombination<C::F>],
    values: Option<&[C::F]>,
) -> Result<PointVar<C::F>, ProofError> {
    if bits.len() > base.bits || values.is_some_and(|v| v.len() != bits.len()) {
        return Err(ProofError::Gadget { message: format!("fixed-base multiplication: {} bits", bits.len()) });
    }
    let k = &base.coefficients;
    let zero = LinearCombination::default();
    let mut acc: Option<PointVar<C::F>> = None;
    for (j, table) in base.tables.iter().enumerate() {
        let window: Vec<LinearCombination<C::F>> =
            (0..base.window).map(|i| bits.get(j * base.window + i).cloned().unwrap_or_else(|| zero.clone())).collect();
        let window_values: Option<Vec<C::F>> = values.map(|v| {
            (0..base.window).map(|i| v.get(j * base.window + i).copied().unwrap_or_else(C::F::zero)).collect()
        });
        let point = lookup_window(cs, table, &window, window_values.as_deref())?;
        acc = Some(match acc {
            None => point,
            Some(a) => add_checked(cs, k, &a, &point)?,
        });
    }
    let acc = acc.ok_or(ProofError::Gadget { message: "fixed-base multiplication: no windows".into() })?;
    let offset = PointVar::constant(&base.offset, acc.value.is_some());
    add_checked(cs, k, &acc, &offset)
}

/// Allocate `values.len()` (or `count`, for the verifier) bits, each
/// constrained by one gate; returns them as combinations.
pub fn allocate_bits<S: ScalarOps, CS: ConstraintSystem<S>>(
    cs: &mut CS,
    count: usize,
    values: Option<&[S]>,
) -> Result<Vec<LinearCombination<S>>, ProofError> {
    (0..count)
        .map(|i| {
            let v = values.map(|v| v.get(i).copied().unwrap_or_else(S::zero));
            allocate_bit(cs, v).map(LinearCombination::from)
        })
        .collect()
}

/// `if c { b } else { a }` on prover values (constant time).
pub(crate) fn select_value<S: ScalarOps>(a: &S, b: &S, bit: &S) -> S {
    S::conditional_select(a, b, bit_choice(bit))
}
