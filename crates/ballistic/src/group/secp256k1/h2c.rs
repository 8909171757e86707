//! Batched hash-to-curve for public inputs (the vector generators): the
//! points of [`Secp256k1::hash_to_point`] — RFC 9380's
//! `secp256k1_XMD:SHA-256_SSWU_RO_` with [`HASH_TO_CURVE_DST`], computed
//! by k256 — for many inputs at once, in variable time.
//!
//! For each 64-byte input, `hash_to_field` (`expand_message_xmd` with
//! SHA-256, RFC 9380 §5) gives `u₀, u₁`; each `u` goes through the
//! simplified SWU map onto the isogenous curve `E′: y² = x³ + A′x + B′`
//! (§6.6.2, `Z = −11`) and the 3-isogeny to secp256k1 (§6.6.3, Appendix
//! E.1); the point is `Q₀ + Q₁` (the cofactor is 1). k256 computes each
//! map in affine coordinates with three field inversions and a generic
//! square-and-multiply square root (about 97 µs per generator). Here:
//!
//! * **One exponentiation per map.** With `x₁ = x₁ₙ/x_d`,
//!   `g(x₁) = g₁/g_d` (`g_d = x_d³`), `g(x₁)` is a square iff
//!   `w = g₁·g_d` is, and `r = w^{(p+1)/4}` (an addition chain of 253
//!   squarings and 13 multiplications; `p ≡ 3 mod 4`) settles both cases:
//!   if `r² = w`, `y = r/g_d`; else `r² = −w` (−1 is not a square mod `p`),
//!   and `x₂ = Z·u²·x₁` has `g(x₂) = Z³u⁶·g(x₁) = 11³·u⁶·(−w)/g_d²`, whose
//!   square root is `u³·c₂·r/g_d` with k256's `c₂ = √11³` (11 is a square
//!   mod `p`). The sign is then chosen so that `sgn0(y) = sgn0(u)`, as
//!   §6.6.2 requires, so the point is the RFC's whichever root the chain
//!   gives.
//! * **No inversion per point.** Every division waits for Montgomery's
//!   batch inversion (one inversion and three multiplications per value):
//!   `1/g_d` for the map (and `1/x_d = x_d²·(1/g_d)`), then the isogeny's
//!   two denominators, then the normalisation of `Q₀ + Q₁`.
//!
//! The isogeny's denominators are `(x − x₀)²` and `(x − x₀)³` for an `x₀`
//! at which `x³ + A′x + B′` is not a square, so no point of `E′` meets
//! them; the map's own exceptional inputs (`u = 0`, `Z·u² = −1`) are
//! handled as the RFC does (`x_d = Z·A′`; a unit test compares them with
//! k256). Anything that cannot happen but would make a generator wrong —
//! a zero denominator or product to invert, an identity sum, a point off
//! the curve — sends the input (or the piece) to k256's path instead of
//! returning a point. Variable time throughout: for public inputs only
//! (secret inputs, such as an asset identifier, go through
//! [`Secp256k1::hash_to_point`]).

use alloc::vec::Vec;

use k256::elliptic_curve::hash2curve::{hash_to_field, ExpandMsgXmd, Isogeny, OsswuMap};
use k256::sha2::Sha256;
use k256::{FieldElement as Fe, ProjectivePoint};

use super::point::{batch_invert, batch_to_projective, Affine, Jacobian};
use super::{Secp256k1, HASH_TO_CURVE_DST};
use crate::group::Group;

/// `x^{(p+1)/4}`. `(p+1)/4` in binary is 223 ones, a zero, 22 ones,
/// `00001100`; the chain builds `x^{2^k − 1}` for the block lengths
/// (1, 2, 3, 6, 9, 11, 22, 44, 88, 176, 220, 223) and shifts them in.
fn pow_p_plus_1_over_4(x: &Fe) -> Fe {
    let sq = |mut a: Fe, n: usize| {
        for _ in 0..n {
            a = a.square();
        }
        a
    };
    let x2 = x.square() * x;
    let x3 = x2.square() * x;
    let x6 = sq(x3, 3) * x3;
    let x9 = sq(x6, 3) * x3;
    let x11 = sq(x9, 2) * x2;
    let x22 = sq(x11, 11) * x11;
    let x44 = sq(x22, 22) * x22;
    let x88 = sq(x44, 44) * x44;
    let x176 = sq(x88, 88) * x88;
    let x220 = sq(x176, 44) * x44;
    let x223 = sq(x220, 3) * x3;
    let t = sq(x223, 23) * x22;
    let t = sq(t, 6) * x2;
    sq(t, 2)
}

/// The simplified SWU map of `u` onto `E′` before its divisions:
/// `x = x_n/x_d`, `y = y_n/g_d` up to the sign, `g_d = x_d³`.
struct Swu {
    xn: Fe,
    xd: Fe,
    yn: Fe,
    gd: Fe,
}

fn swu(u: &Fe) -> Swu {
    let params = &<Fe as OsswuMap>::PARAMS;
    let (a, b, z) = (params.map_a, params.map_b, params.z);
    let tv1 = u.square(); // u²
    let tv3 = z * tv1; // Z·u²
    let xd0 = (tv3.square() + tv3).normalize_weak(); // Z²u⁴ + Z·u²
    let x1n = b * (xd0 + Fe::ONE); // B·(xd0 + 1)
    let mut xd = (xd0 * a).negate(1).normalize_weak(); // −A·xd0
    if bool::from(xd.normalizes_to_zero()) {
        xd = z * a;
    }
    let xd2 = xd.square();
    let gd = xd2 * xd;
    let g1 = (x1n * (a * xd2 + x1n.square()) + b * gd).normalize_weak(); // x1n³ + A·x1n·xd² + B·xd³
    let w = g1 * gd;
    let r = pow_p_plus_1_over_4(&w);
    if bool::from((r.square() + w.negate(1)).normalizes_to_zero()) {
        Swu { xn: x1n, xd, yn: r, gd }
    } else {
        // g(x₂) = Z³·u⁶·g₁/g_d = 11³·u⁶·(−w)/g_d², −w = r², c₂² = 11³.
        Swu { xn: tv3 * x1n, xd, yn: tv1 * u * params.c2 * r, gd }
    }
}

/// The affine point of `E′`: `x = x_n·x_d²/g_d`, `y = ±y_n/g_d` with
/// `sgn0(y) = sgn0(u)`; `gd_inv = 1/g_d`.
fn on_e_prime(m: &Swu, gd_inv: &Fe, u: &Fe) -> (Fe, Fe) {
    let x = m.xn * (m.xd.square() * gd_inv);
    let mut y = (m.yn * gd_inv).normalize();
    if bool::from(y.is_odd()) != bool::from(u.normalize().is_odd()) {
        y = y.negate(1).normalize();
    }
    (x, y)
}

/// `Σ kᵢ·xsᵢ`: a polynomial of the isogeny at `x` (`xs = 1, x, x², x³`).
fn eval(k: &[Fe], xs: &[Fe; 4]) -> Fe {
    k.iter().zip(xs).fold(Fe::ZERO, |acc, (k, x)| (acc + *k * x).normalize_weak())
}

/// [`Secp256k1::hash_to_point`] of every input (see the module
/// documentation): the same points.
pub(super) fn hash_to_points_vartime(uniforms: &[[u8; 64]]) -> Vec<ProjectivePoint> {
    let slow = |uniform: &[u8; 64]| Secp256k1::hash_to_point(uniform);
    match batched(uniforms) {
        Some(points) => points.into_iter().zip(uniforms).map(|(p, u)| p.unwrap_or_else(|| slow(u))).collect(),
        None => uniforms.iter().map(slow).collect(),
    }
}

/// The batched computation: `None` in place of an exceptional input's
/// point, `None` overall if a step that cannot fail did.
fn batched(uniforms: &[[u8; 64]]) -> Option<Vec<Option<ProjectivePoint>>> {
    // u₀, u₁ of every input. `hash_to_field` fails only for an empty tag or
    // an output above 255·32 bytes, both fixed here.
    let mut us = Vec::with_capacity(2 * uniforms.len());
    for uniform in uniforms {
        let mut u = [Fe::ZERO; 2];
        hash_to_field::<ExpandMsgXmd<Sha256>, Fe>(&[uniform], &[HASH_TO_CURVE_DST], &mut u).ok()?;
        us.extend(u);
    }

    // The maps onto E′, their divisions by g_d batched.
    let maps: Vec<Swu> = us.iter().map(swu).collect();
    let mut gd_inv: Vec<Fe> = maps.iter().map(|m| m.gd).collect();
    batch_invert(&mut gd_inv)?;

    // Affine points of E′ (the sign of y from u), and the isogeny's
    // numerators and denominators at them.
    let iso = &<Fe as Isogeny>::COEFFICIENTS;
    let mut numerators = Vec::with_capacity(maps.len());
    let mut denominators = Vec::with_capacity(2 * maps.len());
    // Per map: whether a denominator is zero (cannot happen: see above).
    let mut zero = Vec::with_capacity(maps.len());
    for ((m, inv), u) in maps.iter().zip(&gd_inv).zip(&us) {
        let (x, y) = on_e_prime(m, inv, u);
        let x2 = x.square();
        let xs = [Fe::ONE, x, x2, x2 * x];
        numerators.push((eval(iso.xnum, &xs), eval(iso.ynum, &xs) * y));
        let dens = [eval(iso.xden, &xs), eval(iso.yden, &xs)];
        let bad = dens.iter().any(|d| bool::from(d.normalizes_to_zero()));
        zero.push(bad);
        denominators.extend(if bad { [Fe::ONE; 2] } else { dens });
    }
    batch_invert(&mut denominators)?;

    // Q₀ + Q₁ on secp256k1, normalised together.
    let affine = |(&(xn, yn), den): (&(Fe, Fe), &[Fe])| match den {
        [x_den, y_den] => Affine { x: xn * x_den, y: yn * y_den },
        _ => Affine { x: Fe::ZERO, y: Fe::ZERO },
    };
    let q: Vec<Affine> = numerators.iter().zip(denominators.chunks_exact(2)).map(affine).collect();
    let sums: Vec<Jacobian> = q
        .chunks_exact(2)
        .map(|pair| match pair {
            [q0, q1] => Jacobian::from_affine(q0).add_affine(q1),
            _ => Jacobian::IDENTITY,
        })
        .collect();
    // `None` (a point off the curve) cannot happen for the points above. An
    // identity sum (`Q₀ = −Q₁`, or a failed normalisation) goes to k256.
    let points = batch_to_projective(&sums)?;
    let usable = |p: &ProjectivePoint, zero: &[bool]| !zero.contains(&true) && !Secp256k1::is_identity_vartime(p);
    Some(points.into_iter().zip(zero.chunks_exact(2)).map(|(p, zero)| usable(&p, zero).then_some(p)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The batch gives k256's points: random inputs, the edge inputs, and
    /// batches of every size up to 9 (the batch inversions' edges).
    #[test]
    fn same_points_as_k256() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(38);
        let mut inputs: Vec<[u8; 64]> = (0..200)
            .map(|_| {
                let mut b = [0u8; 64];
                rng.fill(&mut b[..]);
                b
            })
            .collect();
        inputs.extend([[0u8; 64], [0xff; 64], [1u8; 64]]);
        let expected: Vec<ProjectivePoint> = inputs.iter().map(Secp256k1::hash_to_point).collect();
        // The batched path itself (no input falls back to k256's).
        let fast: Vec<ProjectivePoint> = batched(&inputs).unwrap().into_iter().map(Option::unwrap).collect();
        assert_eq!(fast, expected);
        assert_eq!(hash_to_points_vartime(&inputs), expected);
        for len in 0..10 {
            assert_eq!(
                batched(&inputs[..len]).unwrap().into_iter().map(Option::unwrap).collect::<Vec<_>>(),
                expected[..len]
            );
        }
    }

    /// The map onto `E′` at its exceptional inputs (`u = 0`, `Z·u² = −1`)
    /// and at random ones is k256's `osswu` (the batch reaches the former
    /// only through a preimage of the hash).
    #[test]
    fn swu_matches_k256_at_the_exceptional_inputs() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(40);
        let root = Option::<Fe>::from(Option::<Fe>::from(Fe::from_u64(11).invert()).unwrap().sqrt()).unwrap();
        let mut us = vec![Fe::ZERO, Fe::ONE, Fe::ONE.negate(1).normalize(), root, root.negate(1).normalize()];
        for _ in 0..100 {
            let mut b = [0u8; 32];
            rng.fill(&mut b[..]);
            b[0] &= 0x7f;
            us.push(Option::<Fe>::from(Fe::from_bytes(&b.into())).unwrap());
        }
        for u in &us {
            let m = swu(u);
            let gd_inv = Option::<Fe>::from(m.gd.invert()).unwrap();
            let (x, y) = on_e_prime(&m, &gd_inv, u);
            let (kx, ky) = OsswuMap::osswu(u);
            assert_eq!(x.normalize(), kx.normalize());
            assert_eq!(y.normalize(), ky.normalize());
        }
    }

    /// The chain is `x^{(p+1)/4}`: a square root of squares, and of `−w`
    /// for a non-square `w`.
    #[test]
    fn chain_is_the_square_root_exponent() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(39);
        for _ in 0..50 {
            let mut b = [0u8; 32];
            rng.fill(&mut b[..]);
            b[0] &= 0x7f;
            let x = Option::<Fe>::from(Fe::from_bytes(&b.into())).unwrap();
            let s = x.square();
            let r = pow_p_plus_1_over_4(&s);
            assert!(bool::from((r.square() + s.negate(1)).normalizes_to_zero()));
            // −s is not a square (p ≡ 3 mod 4): the chain gives a root of s.
            let non = s.negate(1).normalize();
            let r = pow_p_plus_1_over_4(&non);
            assert!(bool::from((r.square() + non).normalizes_to_zero()), "r² = −w");
        }
    }
}
