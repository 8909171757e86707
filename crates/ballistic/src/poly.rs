//! Scalar-vector helpers used by the arguments: powers, inner products,
//! sums of geometric series; and the generator folding the
//! inner-product arguments share (`fold_points`, `materialise_strided`).

use crate::group::{Group, ScalarOps};

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
pub fn pow<S: ScalarOps>(x: S, mut e: u64) -> S {
    let mut base = x;
    let mut acc = S::one();
    while e > 0 {
        if e & 1 == 1 {
            acc *= base;
        }
        base = base * base;
        e >>= 1;
    }
    acc
}

/// `left[i] ← a·left[i] + b·right[i]` for public `a`, `b` (generator folding).
pub(crate) fn fold_points<G: Group>(left: &mut [G::Point], right: &[G::Point], a: G::Scalar, b: G::Scalar) {
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
pub(crate) fn materialise_strided<G: Group>(coeffs: &[G::Scalar], points: &[G::Point], n: usize) -> Vec<G::Point> {
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
