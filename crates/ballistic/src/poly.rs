//! Scalar-vector helpers used by the arguments: powers, inner products,
//! sums of geometric series; and the generator folding the
//! inner-product arguments share (`FoldingGens`, on `fold_points` and
//! `materialise_strided`).

use alloc::vec::Vec;

use crate::group::{Group, ScalarOps};
use alloc::borrow::Cow;

/// The iterator `1, x, x², …` (lazy; one multiplication per element).
pub fn powers<S: ScalarOps>(x: S) -> impl Iterator<Item = S> + Clone {
    core::iter::successors(Some(S::one()), move |p| Some(*p * x))
}

/// `⟨a, b⟩ = Σ aᵢ·bᵢ` over the common length.
pub fn inner_product<S: ScalarOps>(a: &[S], b: &[S]) -> S {
    a.iter().zip(b).fold(S::zero(), |acc, (x, y)| acc + *x * *y)
}

/// `Σ_{k<n} x^k`. For `n` a power of two, `log n` steps of
/// `S(2k) = S(k)·(1 + x^k)`; otherwise a plain sum.
pub fn sum_of_powers<S: ScalarOps>(x: S, n: usize) -> S {
    if n == 0 {
        return S::zero();
    }
    if !n.is_power_of_two() {
        return powers(x).take(n).sum();
    }
    let mut sum = S::one();
    let mut xk = x;
    let mut k = 1;
    while k < n {
        sum = sum + sum * xk;
        xk = xk * xk;
        k *= 2;
    }
    sum
}

/// `x^e` by square-and-multiply (public exponents only).
pub fn pow<S: ScalarOps>(x: S, e: u64) -> S {
    pow_in(x, S::one(), e)
}

/// [`pow`] in any multiplicative structure with `one` its identity (the
/// verifiers use it in Montgomery form).
pub(crate) fn pow_in<F: Copy + core::ops::Mul<Output = F>>(x: F, one: F, mut e: u64) -> F {
    let mut base = x;
    let mut acc = one;
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * base;
        }
        base = base * base;
        e >>= 1;
    }
    acc
}

/// `left[i] ← a·left[i] + b·right[i]` for public `a`, `b` (generator folding).
fn fold_points<G: Group>(left: &mut [G::Point], right: &[G::Point], a: G::Scalar, b: G::Scalar) {
    let mut scalars = Vec::with_capacity(2 * left.len());
    let mut points = Vec::with_capacity(2 * left.len());
    for (l, r) in left.iter().zip(right) {
        scalars.extend([a, b]);
        points.extend([*l, *r]);
    }
    for (l, p) in left.iter_mut().zip(crate::group::msm_vartime_chunks_par::<G>(&scalars, &points, 2)) {
        *l = p;
    }
}

/// The `n` virtual generators `Σ_t coeffs[i + t·n]·points[i + t·n]`, `i < n`
/// (materialising after lazy rounds).
// Indexing: i + t·n < n·stride ≤ min(coeffs, points) by the choice of stride.
#[allow(clippy::indexing_slicing)]
fn materialise_strided<G: Group>(coeffs: &[G::Scalar], points: &[G::Point], n: usize) -> Vec<G::Point> {
    let n = n.max(1);
    let stride = coeffs.len().min(points.len()) / n;
    let mut s = Vec::with_capacity(n * stride);
    let mut p = Vec::with_capacity(n * stride);
    for i in 0..n {
        for t in 0..stride {
            s.push(coeffs[i + t * n]);
            p.push(points[i + t * n]);
        }
    }
    crate::group::msm_vartime_chunks_par::<G>(&s, &p, stride)
}

/// The generators `𝐆, 𝐇` of an inner-product argument (Bulletproofs
/// Protocol 2, or the weighted one of Bulletproofs+), folded round by round:
/// at length `n`, with halves `lo, hi`,
/// `𝐆 ← g_lo·𝐆_lo + g_hi·𝐆_hi`, `𝐇 ← h_lo·𝐇_lo + h_hi·𝐇_hi` for public
/// challenge-derived `g_lo, g_hi, h_lo, h_hi`.
///
/// **Lazy rounds.** Folding a point is a 2-term multiscalar multiplication,
/// the most expensive size per point. So the first rounds may stay lazy:
/// the current generators are kept virtual, `G'_i = Σ_{j ≡ i (mod n)}
/// c_j·G_j` over the `N` originals (likewise `𝐇`), a fold only multiplies
/// the coefficients `c_j`, and a round's cross terms run over the originals.
/// [`materialise`](Self::materialise) then computes the `n` virtual
/// generators at once (`N/n`-term MSMs, cheaper per point) and later rounds
/// fold the points. The argument is the same either way (its tests check
/// it for every number of lazy rounds). Everything here is public: variable
/// time.
pub(crate) struct FoldingGens<'a, G: Group> {
    /// The `N` originals while lazy (borrowed from the generators where the
    /// caller can: a circuit's are 10⁵ points), then the current `n`
    /// generators.
    g: Cow<'a, [G::Point]>,
    h: Cow<'a, [G::Point]>,
    /// While lazy, the coefficient of each original in the current
    /// generators; `None` once materialised.
    coeffs: Option<Coefficients<G::Scalar>>,
    /// The current length `n`.
    n: usize,
}

/// Lazy generators' originals and coefficients ([`FoldingGens::lazy_parts`]).
pub(crate) struct LazyParts<'s, G: Group> {
    pub(crate) g: &'s [G::Point],
    pub(crate) h: &'s [G::Point],
    pub(crate) cg: &'s [G::Scalar],
    pub(crate) ch: &'s [G::Scalar],
}

/// The coefficients of the originals in lazy generators: `(𝐆, 𝐇)`.
type Coefficients<S> = (Vec<S>, Vec<S>);

impl<'a, G: Group> FoldingGens<'a, G> {
    /// Lazy generators `g_factors[j]·G_j`, `h_factors[j]·H_j` (all four
    /// of one length `N`).
    pub(crate) fn lazy(
        g: impl Into<Cow<'a, [G::Point]>>,
        h: impl Into<Cow<'a, [G::Point]>>,
        g_factors: Vec<G::Scalar>,
        h_factors: Vec<G::Scalar>,
    ) -> Self {
        let (g, h) = (g.into(), h.into());
        let n = g.len().min(h.len()).min(g_factors.len()).min(h_factors.len());
        FoldingGens { g, h, coeffs: Some((g_factors, h_factors)), n }
    }

    /// Generators folded as points from the start.
    pub(crate) fn eager(g: impl Into<Cow<'a, [G::Point]>>, h: impl Into<Cow<'a, [G::Point]>>) -> Self {
        let (g, h) = (g.into(), h.into());
        let n = g.len().min(h.len());
        FoldingGens { g, h, coeffs: None, n }
    }

    /// The current length `n`.
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// Whether the generators are still virtual.
    pub(crate) fn is_lazy(&self) -> bool {
        self.coeffs.is_some()
    }

    /// While lazy: the originals `𝐆, 𝐇` and their coefficients in the
    /// current generators (`N` each; the current `G'_i` is
    /// `Σ_{j ≡ i (mod n)} c_j·G_j`).
    pub(crate) fn lazy_parts(&self) -> Option<LazyParts<'_, G>> {
        let (cg, ch) = self.coeffs.as_ref()?;
        Some(LazyParts { g: &self.g, h: &self.h, cg, ch })
    }

    /// Compute the current generators as points (no-op if already done).
    pub(crate) fn materialise(&mut self) {
        if let Some((cg, ch)) = self.coeffs.take() {
            self.g = Cow::Owned(materialise_strided::<G>(&cg, &self.g, self.n));
            self.h = Cow::Owned(materialise_strided::<G>(&ch, &self.h, self.n));
        }
    }

    /// [`materialise`](Self::materialise) through a table of the originals
    /// where the backend has a faster path for it
    /// ([`Group::msm_vartime_table_chunks`]): original `j` of `𝐆` is table
    /// point `index(j, false)`, of `𝐇` `index(j, true)`. The same points.
    // Indexing: i + t·n < n·stride ≤ the coefficient vectors' length.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn materialise_through(&mut self, table: &G::VartimeTable, index: impl Fn(usize, bool) -> usize) {
        if let Some((cg, ch)) = &self.coeffs {
            let n = self.n.max(1);
            let terms = |c: &[G::Scalar], points: usize, on_h: bool| {
                let stride = c.len().min(points) / n;
                let mut terms = Vec::with_capacity(n * stride);
                for i in 0..n {
                    for t in 0..stride {
                        terms.push((index(i + t * n, on_h), c[i + t * n]));
                    }
                }
                (terms, stride)
            };
            let (tg, sg) = terms(cg, self.g.len(), false);
            let (th, sh) = terms(ch, self.h.len(), true);
            let g = crate::group::msm_vartime_table_chunks_par::<G>(table, &tg, sg);
            let h = crate::group::msm_vartime_table_chunks_par::<G>(table, &th, sh);
            if let (Some(g), Some(h)) = (g, h) {
                if g.len() == n && h.len() == n {
                    self.g = Cow::Owned(g);
                    self.h = Cow::Owned(h);
                    self.coeffs = None;
                    return;
                }
            }
        }
        self.materialise();
    }

    /// The current generators `(𝐆, 𝐇)`, `n` each (materialised first).
    pub(crate) fn current(&mut self) -> (&[G::Point], &[G::Point]) {
        self.materialise();
        (self.g.get(..self.n).unwrap_or(&self.g), self.h.get(..self.n).unwrap_or(&self.h))
    }

    /// The terms of a round's cross product over the current generators:
    /// `⟨𝐚, 𝐆_hi⟩ + ⟨𝐛, 𝐇_lo⟩` if `g_high` (the argument's `L`), else
    /// `⟨𝐚, 𝐆_lo⟩ + ⟨𝐛, 𝐇_hi⟩` (`R`), for `𝐚, 𝐛` of length `n/2` given
    /// entrywise. Calls `term(j, on_h, scalar, point)` for every term; `j`
    /// is the index of the original generator while lazy (else of the
    /// current one).
    // Indexing: j < N (lazy: coefficient vectors and points have N entries) or j < n ≤ len (eager).
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn cross_terms<'s>(
        &'s self,
        g_high: bool,
        a: impl Fn(usize) -> G::Scalar,
        b: impl Fn(usize) -> G::Scalar,
        mut term: impl FnMut(usize, bool, G::Scalar, &'s G::Point),
    ) {
        let (n, half) = (self.n, self.n / 2);
        match &self.coeffs {
            // Original j sits at position j mod n of the current vectors.
            Some((cg, ch)) => {
                for j in 0..cg.len().min(ch.len()).min(self.g.len()).min(self.h.len()) {
                    let p = j % n;
                    let (i, low) = if p < half { (p, true) } else { (p - half, false) };
                    if low == g_high {
                        term(j, true, b(i) * ch[j], &self.h[j]);
                    } else {
                        term(j, false, a(i) * cg[j], &self.g[j]);
                    }
                }
            }
            None => {
                let (g_off, h_off) = if g_high { (half, 0) } else { (0, half) };
                for i in 0..half {
                    term(g_off + i, false, a(i), &self.g[g_off + i]);
                }
                for i in 0..half {
                    term(h_off + i, true, b(i), &self.h[h_off + i]);
                }
            }
        }
    }

    /// Fold to length `n/2` with the scalars of the type's documentation.
    pub(crate) fn fold(&mut self, g_lo: G::Scalar, g_hi: G::Scalar, h_lo: G::Scalar, h_hi: G::Scalar) {
        let (n, half) = (self.n, self.n / 2);
        match &mut self.coeffs {
            Some((cg, ch)) => {
                for (j, (cg_j, ch_j)) in cg.iter_mut().zip(ch.iter_mut()).enumerate() {
                    if j % n < half {
                        *cg_j *= g_lo;
                        *ch_j *= h_lo;
                    } else {
                        *cg_j *= g_hi;
                        *ch_j *= h_hi;
                    }
                }
            }
            None => {
                for (gens, lo, hi) in [(&mut self.g, g_lo, g_hi), (&mut self.h, h_lo, h_hi)] {
                    let v = gens.to_mut();
                    v.truncate(n);
                    let (l, r) = v.split_at_mut(half.min(n));
                    fold_points::<G>(l, r, lo, hi);
                    v.truncate(half);
                }
            }
        }
        self.n = half;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use curve25519_dalek::scalar::Scalar;

    #[test]
    fn sum_of_powers_matches_naive() {
        let x = Scalar::from(7u64);
        for n in 0..70 {
            let naive: Scalar = powers(x).take(n).sum();
            assert_eq!(sum_of_powers(x, n), naive, "n = {n}");
        }
    }
}
