//! Batched hash-to-curve for public inputs (the vector generators): the
//! points of [`Secq256k1::hash_to_point`](super::Secq256k1) — RFC 9380
//! `hash_to_curve` with the Shallue–van de Woestijne map (§6.6.1, `Z = 1`)
//! under [`HASH_TO_CURVE_DST`] — for many inputs at once, in variable time.
//!
//! For each 64-byte input, `hash_to_field` gives `u₀, u₁ ∈ 𝔽_n`, and the
//! point is `map(u₀) + map(u₁)` (cofactor 1). The constant-time map
//! (`point.rs`) spends one inversion and three square roots per `u` on
//! k256's scalars (a generic Tonelli–Shanks: `n − 1 = 2⁶·t`, an
//! exponentiation by `(t−1)/2` with about 190 multiplications besides the
//! squarings, each a Barrett reduction). Here, on fiat-crypto's Montgomery
//! form of `𝔽_n` (`crate::group::fast`, about three times faster per
//! multiplication):
//!
//! * **One inversion per batch.** The map divides by `tv₁·tv₂ =
//!   (1 − c₁u²)(1 + c₁u²)`; those denominators are inverted together by
//!   Montgomery's trick.
//! * **Square roots only where needed, each taken once.** The map picks
//!   `x₁` if `g(x₁)` is a square, else `x₂` if `g(x₂)` is, else `x₃` (which
//!   then is); the square root that answers "is it a square" is the `y`
//!   kept, so a map takes one, two or three roots (1.75 on average, against
//!   three in the constant-time map) by a variable-time Tonelli–Shanks
//!   ([`sqrt_vartime`], an exponentiation by 4-bit windows).
//! * The sign of `y` is then chosen so that `sgn0(y) = sgn0(u)`, as §6.6.1
//!   requires, so the point is the RFC's whichever root was found.
//!
//! The map's exceptional inputs (`tv₁·tv₂ = 0`, where the RFC's `inv0`
//! gives 0 and the constant-time map takes `x₃ = Z`) are sent to the
//! constant-time map, as is any input whose batched computation would not
//! land on the curve (which cannot happen; the tests compare every point
//! with the constant-time path). Variable time throughout: for public
//! inputs only.

use alloc::vec::Vec;

use k256::elliptic_curve::PrimeField;
use k256::Scalar as Fe;

#[cfg(test)]
use super::point::hash_to_curve;
use super::point::{hash_to_field, map_to_curve, svdw, SecqPoint, HASH_TO_CURVE_DST};
use crate::group::fast::{pow_vartime, Montgomery};

type Fast = <Fe as Montgomery>::Fast;

/// `(t − 1)/2` for `n − 1 = 2⁶·t`, little-endian (the exponent of k256's
/// `Scalar::sqrt`; checked by the tests against `n`).
const T_MINUS_1_OVER_2: [u64; 4] =
    [0x777f_a4bd_19a0_6c82, 0xfd75_5db9_cd5e_9140, 0xffff_ffff_ffff_ffff, 0x01ff_ffff_ffff_ffff];

/// The 2-adicity of `n − 1`.
const S: u32 = 6;

fn le_bytes(limbs: [u64; 4]) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (chunk, limb) in out.chunks_exact_mut(8).zip(limbs) {
        chunk.copy_from_slice(&limb.to_le_bytes());
    }
    out
}

/// The constants in Montgomery form: one, `b = 7`, the map's `c₁…c₄`, and
/// a primitive `2⁶`-th root of unity (k256's `ROOT_OF_UNITY = 7^t`).
struct Consts {
    one: Fast,
    b: Fast,
    c1: Fast,
    c2: Fast,
    c3: Fast,
    c4: Fast,
    root: Fast,
    exp: [u8; 32],
}

impl Consts {
    fn new() -> Self {
        let k = svdw();
        Consts {
            one: Fe::fast_one(),
            b: Fe::from(7u64).to_fast(),
            c1: k.c1.to_fast(),
            c2: k.c2.to_fast(),
            c3: k.c3.to_fast(),
            c4: k.c4.to_fast(),
            root: Fe::ROOT_OF_UNITY.to_fast(),
            exp: le_bytes(T_MINUS_1_OVER_2),
        }
    }

    /// `x³ + 7`.
    fn rhs(&self, x: Fast) -> Fast {
        x * x * x + self.b
    }
}

/// A square root of `a` if `a` is a square (Tonelli–Shanks, variable
/// time): `w = a^{(t−1)/2}`, `x = a·w = a^{(t+1)/2}`, `b = x·w = a^t`;
/// while `b ≠ 1`, the least `k` with `b^{2^k} = 1` (`k` reaching the
/// current bound means `a` is not a square) moves `x` by a power of the
/// root of unity. The result is checked (`x² = a`).
fn sqrt_vartime(a: Fast, c: &Consts) -> Option<Fast> {
    let zero = Fast::default();
    if a == zero {
        return Some(zero);
    }
    let w = pow_vartime(a, c.one, &c.exp);
    let mut x = a * w;
    let mut b = x * w;
    let mut z = c.root;
    let mut v = S;
    while b != c.one {
        let mut k = 0;
        let mut b2k = b;
        while b2k != c.one {
            b2k = b2k * b2k;
            k += 1;
            if k >= v {
                return None;
            }
        }
        let mut t = z;
        for _ in 0..(v - k - 1) {
            t = t * t;
        }
        z = t * t;
        b *= z;
        x *= t;
        v = k;
    }
    (x * x == a).then_some(x)
}

/// `map(u)` in affine coordinates, given `1/(tv₁·tv₂)`; the sign of `y` as
/// §6.6.1 sets it. `None` if no candidate is a square (impossible).
fn map_affine(u: &Fe, uf: Fast, tv2: Fast, tv1: Fast, tv3: Fast, c: &Consts) -> Option<(Fe, Fe)> {
    let tv4 = uf * tv1 * tv3 * c.c3;
    let x1 = c.c2 - tv4;
    let (x, y) = match sqrt_vartime(c.rhs(x1), c) {
        Some(y) => (x1, y),
        None => {
            let x2 = c.c2 + tv4;
            match sqrt_vartime(c.rhs(x2), c) {
                Some(y) => (x2, y),
                None => {
                    let x3 = tv2 * tv2 * tv3;
                    let x3 = x3 * x3 * c.c4 + c.one;
                    (x3, sqrt_vartime(c.rhs(x3), c)?)
                }
            }
        }
    };
    let (x, y) = (Fe::from_fast(&x), Fe::from_fast(&y));
    let y = if bool::from(u.is_odd() ^ y.is_odd()) { -y } else { y };
    Some((x, y))
}

/// The points of `hash_to_curve` (`point.rs`, under [`HASH_TO_CURVE_DST`]) of every
/// input, batched as the module documentation says: the same points.
pub(super) fn hash_to_points_vartime(uniforms: &[[u8; 64]]) -> Vec<SecqPoint> {
    let us: Vec<Fe> = uniforms.iter().flat_map(|m| hash_to_field(m, HASH_TO_CURVE_DST)).collect();
    points_from_field(&us)
}

/// `map(u₀) + map(u₁)` for each pair `(u₀, u₁)` of `us` (an odd last
/// element is ignored), the maps batched; an exceptional `u` (`tv₁·tv₂ =
/// 0`, inverted as one in the batch) or a candidate that is not on the
/// curve (impossible) sends its pair to the constant-time map.
fn points_from_field(us: &[Fe]) -> Vec<SecqPoint> {
    let c = Consts::new();
    let ufs: Vec<Fast> = us.iter().map(Montgomery::to_fast).collect();
    let zero = Fast::default();
    // tv₂ = 1 + c₁u², tv₁ = 1 − c₁u², and 1/(tv₁·tv₂).
    let mut tvs = Vec::with_capacity(us.len());
    let mut inverses = Vec::with_capacity(us.len());
    for &uf in &ufs {
        let t = uf * uf * c.c1;
        let (tv2, tv1) = (c.one + t, c.one - t);
        let d = tv1 * tv2;
        tvs.push((tv2, tv1, d == zero));
        inverses.push(if d == zero { c.one } else { d });
    }
    crate::group::fast::batch_invert_fast::<Fe>(&mut inverses);
    let maps: Vec<Option<SecqPoint>> = us
        .iter()
        .zip(&ufs)
        .zip(tvs.iter().zip(&inverses))
        .map(|((u, &uf), (&(tv2, tv1, exceptional), &tv3))| {
            if exceptional {
                return None;
            }
            let (x, y) = map_affine(u, uf, tv2, tv1, tv3, &c)?;
            SecqPoint::from_affine(x, y)
        })
        .collect();
    us.chunks_exact(2)
        .zip(maps.chunks_exact(2))
        .map(|(u, pair)| match (u, pair) {
            (_, [Some(p0), Some(p1)]) => *p0 + *p1,
            ([u0, u1], _) => map_to_curve(u0) + map_to_curve(u1),
            _ => SecqPoint::IDENTITY, // chunks_exact(2): not reached
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use k256::elliptic_curve::Field;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_exponent_is_that_of_n() {
        // n − 1 = 2⁶·t with t odd, and (t − 1)/2 is the constant.
        let n_minus_1 = -Fe::ONE;
        let t_minus_1_over_2 = Fe::from_repr({
            let mut be = le_bytes(T_MINUS_1_OVER_2);
            be.reverse();
            be.into()
        })
        .unwrap();
        let t = t_minus_1_over_2 + t_minus_1_over_2 + Fe::ONE;
        assert_eq!(t * Fe::from(64u64), n_minus_1);
        assert!(bool::from(t.is_odd()));
        assert_eq!(Fe::ROOT_OF_UNITY.pow_vartime([64, 0, 0, 0]), Fe::ONE);
        assert_ne!(Fe::ROOT_OF_UNITY.pow_vartime([32, 0, 0, 0]), Fe::ONE);
    }

    #[test]
    fn square_roots_agree_with_k256() {
        let c = Consts::new();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(41);
        let mut values = vec![Fe::ZERO, Fe::ONE, -Fe::ONE, Fe::ROOT_OF_UNITY, Fe::from(7u64)];
        values.extend((0..300).map(|_| Fe::random(&mut rng)));
        // Values of every 2-adic order: `ω^i·s²` is a square for even `i`
        // (its root needs `6 − ν₂(i)` rounds of the loop) and not for odd.
        values.extend((0..64u64).map(|i| Fe::ROOT_OF_UNITY.pow_vartime([i, 0, 0, 0]) * Fe::from(i + 2).square()));
        let (mut squares, mut others) = (0, 0);
        for a in values {
            let fast = sqrt_vartime(a.to_fast(), &c).map(|r| Fe::from_fast(&r));
            match Option::<Fe>::from(a.sqrt()) {
                Some(r) => {
                    let got = fast.expect("a square");
                    assert!(got == r || got == -r);
                    squares += 1;
                }
                None => {
                    assert!(fast.is_none());
                    others += 1;
                }
            }
        }
        assert!(squares > 150 && others > 100, "{squares} squares, {others} non-squares");
    }

    #[test]
    fn batched_points_are_the_constant_time_ones() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(42);
        let inputs: Vec<[u8; 64]> = (0..300)
            .map(|i| {
                let mut m = [0u8; 64];
                rng.fill(&mut m[..]);
                m[0] = i as u8;
                m
            })
            .collect();
        let expected: Vec<SecqPoint> = inputs.iter().map(|m| hash_to_curve(m, HASH_TO_CURVE_DST)).collect();
        assert_eq!(hash_to_points_vartime(&inputs), expected);
        // Without the fallback: every map of the batch is computed by
        // `map_affine` and is the constant-time map's point; each branch
        // (x₁, x₂, x₃) is taken.
        let c = Consts::new();
        let mut branches = [0usize; 3];
        for m in &inputs {
            for u in hash_to_field(m, HASH_TO_CURVE_DST) {
                let uf = u.to_fast();
                let t = uf * uf * c.c1;
                let (tv2, tv1) = (c.one + t, c.one - t);
                let tv3 = crate::group::fast::invert_fast_vartime::<Fe>(tv1 * tv2);
                let (x, y) = map_affine(&u, uf, tv2, tv1, tv3, &c).expect("a candidate is a square");
                assert_eq!(Some((x, y)), map_to_curve(&u).to_affine());
                let tv4 = uf * tv1 * tv3 * c.c3;
                let x = x.to_fast();
                branches[if x == c.c2 - tv4 {
                    0
                } else if x == c.c2 + tv4 {
                    1
                } else {
                    2
                }] += 1;
            }
        }
        assert!(branches.iter().all(|&b| b > 50), "{branches:?}");
        for len in 0..5 {
            assert_eq!(hash_to_points_vartime(&inputs[..len]), expected[..len]);
        }
    }

    /// The map's exceptional inputs (`1 ± 8u² = 0`) are flagged for the
    /// constant-time map; `u = 0`, `±1` and others agree with it.
    #[test]
    fn exceptional_inputs_take_the_constant_time_map() {
        let c = Consts::new();
        let eighth = Fe::from(8u64).invert().unwrap();
        let mut us = vec![Fe::ZERO, Fe::ONE, Fe::from(12345u64)];
        for target in [eighth, -eighth] {
            let u = target.sqrt().unwrap();
            us.extend([u, -u]);
        }
        // Through the batch: pairs with exceptional elements, beside
        // ordinary ones, are the constant-time maps' sums.
        let pairs: Vec<Fe> = us.iter().flat_map(|&u| [u, Fe::from(77u64), u, u]).collect();
        let expected: Vec<SecqPoint> =
            pairs.chunks_exact(2).map(|p| map_to_curve(&p[0]) + map_to_curve(&p[1])).collect();
        assert_eq!(points_from_field(&pairs), expected);
        let mut exceptional = 0;
        for u in us {
            let uf = u.to_fast();
            let t = uf * uf * c.c1;
            let (tv2, tv1) = (c.one + t, c.one - t);
            let d = tv1 * tv2;
            if d == Fast::default() {
                // Flagged: hash_to_points_vartime maps this input in
                // constant time.
                exceptional += 1;
                continue;
            }
            let expected = map_to_curve(&u).to_affine().unwrap();
            let tv3 = crate::group::fast::invert_fast_vartime::<Fe>(d);
            assert_eq!(map_affine(&u, uf, tv2, tv1, tv3, &c), Some(expected));
        }
        assert_eq!(exceptional, 4);
    }
}
