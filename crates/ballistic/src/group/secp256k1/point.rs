//! Variable-time point arithmetic on secp256k1 (`y² = x³ + 7` over `𝔽_p`)
//! in Jacobian coordinates, for the verifier's multiscalar multiplication.
//!
//! A Jacobian triple `(X, Y, Z)` stands for the affine point `(X/Z², Y/Z³)`.
//! With `a = 0` the formulas are the short ones (Bernstein–Lange EFD,
//! `dbl-2009-l` and `madd`/`add` in the "2007-bl" family, written out
//! below): doubling 2M + 5S, mixed addition (Jacobian + affine) 8M + 3S,
//! general addition 12M + 4S. k256's complete projective formulas (used by
//! its `ProjectivePoint`, and by ballistic for everything secret) cost
//! 12M + 2·m₃ᵦ per addition whatever the inputs; these special-case the
//! identity and `P = ±Q` with branches, so they are **variable time** and
//! only ever see public points and public scalars.
//!
//! Field elements are k256's `FieldElement` (5 × 52-bit limbs, lazily
//! reduced). Every stored coordinate has magnitude 1 (the output of a
//! multiplication, squaring or `normalize_weak`), and every sum below stays
//! within the magnitude 8 that multiplication accepts; the comments give
//! the magnitudes.
//!
//! The endomorphism: with `β³ = 1` in `𝔽_p` and `λ³ = 1` in `𝔽_n`,
//! `φ(x, y) = (β·x, y) = λ·(x, y)` for every point. GLV splits a scalar
//! `k = k₁ + λ·k₂` with `|k₁|, |k₂| < 2¹²⁸` (Gallant–Lambert–Vanstone 2001,
//! with the rounding constants of libsecp256k1's `scalar_split_lambda`), so
//! a 256-bit multiplication becomes two 128-bit ones sharing their
//! doublings.

// k256 marks `FieldElement * &FieldElement` `#[inline(always)]` and not the
// by-value form; the references keep the field multiplications inlined
// (measured: 64×8 verify 11.5 ms with calls, see the closing note).
#![allow(clippy::op_ref)]

use alloc::vec;
use alloc::vec::Vec;

use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::elliptic_curve::{BatchNormalize, FieldBytes};
use k256::{AffinePoint, EncodedPoint, FieldElement as Fe, ProjectivePoint, Scalar, Secp256k1, U256};

/// `β`, a primitive cube root of unity in `𝔽_p`, big-endian.
const BETA_BE: &str = "7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee";
/// `λ` with `φ(P) = λ·P`, a primitive cube root of unity in `𝔽_n`.
const LAMBDA_BE: &str = "5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72";
/// `−b₁` and `−b₂` of the reduced lattice basis `{(a₁, b₁), (a₂, b₂)}` of
/// `{(x, y) : x + λ·y ≡ 0 mod n}`.
const MINUS_B1_BE: &str = "00000000000000000000000000000000e4437ed6010e88286f547fa90abfe4c3";
const MINUS_B2_BE: &str = "fffffffffffffffffffffffffffffffe8a280ac50774346dd765cda83db1562c";
/// `g₁ = round(2³⁸⁴·b₂/n)` and `g₂ = round(2³⁸⁴·(−b₁)/n)`.
const G1_BE: &str = "3086d221a7d46bcde86c90e49284eb153daa8a1471e8ca7fe893209a45dbb031";
const G2_BE: &str = "e4437ed6010e88286f547fa90abfe4c4221208ac9df506c61571b4ae8ac47f71";

fn be_limbs(hex: &str) -> [u64; 4] {
    let u = U256::from_be_hex(hex);
    let w = u.to_words();
    [w[0], w[1], w[2], w[3]]
}

fn scalar_be(hex: &str) -> Scalar {
    <Scalar as Reduce<U256>>::reduce(U256::from_be_hex(hex))
}

/// The GLV constants, built once per process ([`Glv::get`]).
pub(super) struct Glv {
    beta: Fe,
    minus_lambda: Scalar,
    minus_b1: Scalar,
    minus_b2: Scalar,
    g1: [u64; 4],
    g2: [u64; 4],
}

impl Glv {
    /// The shared constants.
    pub(super) fn get() -> &'static Glv {
        static GLV: crate::lazy::Lazy<Glv> = crate::lazy::Lazy::new();
        GLV.get_or_init(Glv::new)
    }

    fn new() -> Self {
        let beta = Fe::from_bytes(&FieldBytes::<Secp256k1>::from(
            k256::elliptic_curve::bigint::ArrayEncoding::to_be_byte_array(&U256::from_be_hex(BETA_BE)),
        ));
        Glv {
            // BETA_BE < p, so `from_bytes` succeeds; the fallback is never taken
            // (and a test checks φ(P) = λ·P with this β).
            beta: Option::from(beta).unwrap_or(Fe::ONE),
            minus_lambda: -scalar_be(LAMBDA_BE),
            minus_b1: scalar_be(MINUS_B1_BE),
            minus_b2: scalar_be(MINUS_B2_BE),
            g1: be_limbs(G1_BE),
            g2: be_limbs(G2_BE),
        }
    }

    /// `λ` itself (tests).
    #[cfg(test)]
    pub(super) fn lambda() -> Scalar {
        scalar_be(LAMBDA_BE)
    }

    /// Split `k = k₁ + λ·k₂` and return `(|k₁|, k₁ < 0, |k₂|, k₂ < 0)` with
    /// the magnitudes as little-endian limbs (below 2¹²⁹; measured bound
    /// 2¹²⁸, and nothing relies on it except speed).
    pub(super) fn split(&self, k: &Scalar) -> [([u64; 4], bool); 2] {
        let limbs = scalar_limbs(k);
        let c1 = mul_shift_384(&limbs, &self.g1) * self.minus_b1;
        let c2 = mul_shift_384(&limbs, &self.g2) * self.minus_b2;
        let k2 = c1 + c2;
        let k1 = *k + k2 * self.minus_lambda;
        [signed_magnitude(&k1), signed_magnitude(&k2)]
    }

    /// `φ(P) = (β·x, y)`.
    pub(super) fn endo(&self, p: &Affine) -> Affine {
        Affine { x: p.x * &self.beta, y: p.y }
    }
}

/// `k` as little-endian 64-bit limbs.
pub(super) fn scalar_limbs(k: &Scalar) -> [u64; 4] {
    let u: U256 = (*k).into();
    let w = u.to_words();
    [w[0], w[1], w[2], w[3]]
}

/// `(|k|, k > n/2)` where `k > n/2` stands for the negative `k − n`.
fn signed_magnitude(k: &Scalar) -> ([u64; 4], bool) {
    use k256::elliptic_curve::scalar::IsHigh;
    let high: bool = k.is_high().into();
    if high {
        (scalar_limbs(&-*k), true)
    } else {
        (scalar_limbs(k), false)
    }
}

/// `round(a·b / 2³⁸⁴)` as a scalar (the product of two 256-bit numbers,
/// bits 384.. plus the rounding bit 383).
// Indexing: fixed 4- and 8-limb arrays, loop bounds constant.
#[allow(clippy::indexing_slicing)]
fn mul_shift_384(a: &[u64; 4], b: &[u64; 4]) -> Scalar {
    let mut wide = [0u64; 8];
    for (i, &ai) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, &bj) in b.iter().enumerate() {
            let cur = u128::from(wide[i + j]) + u128::from(ai) * u128::from(bj) + carry;
            wide[i + j] = cur as u64;
            carry = cur >> 64;
        }
        wide[i + 4] = carry as u64;
    }
    let high = (u128::from(wide[7]) << 64) | u128::from(wide[6]);
    let round = u128::from(wide[5] >> 63);
    Scalar::from(high + round)
}

/// A finite affine point, coordinates of magnitude 1.
#[derive(Clone, Copy, Debug)]
pub(super) struct Affine {
    pub(super) x: Fe,
    pub(super) y: Fe,
}

impl Affine {
    pub(super) fn neg(&self) -> Affine {
        Affine { x: self.x, y: self.y.negate(1).normalize_weak() }
    }
}

/// A Jacobian point; `inf` marks the identity (the coordinates are then
/// meaningless).
#[derive(Clone, Copy, Debug)]
pub(super) struct Jacobian {
    x: Fe,
    y: Fe,
    z: Fe,
    inf: bool,
}

impl Jacobian {
    pub(super) const IDENTITY: Jacobian = Jacobian { x: Fe::ZERO, y: Fe::ONE, z: Fe::ZERO, inf: true };

    pub(super) fn from_affine(p: &Affine) -> Jacobian {
        Jacobian { x: p.x, y: p.y, z: Fe::ONE, inf: false }
    }

    #[cfg(test)]
    pub(super) fn is_identity(&self) -> bool {
        self.inf
    }

    /// `2P` (dbl-2009-l with `a = 0`): 2M + 5S.
    pub(super) fn double(&self) -> Jacobian {
        if self.inf {
            return *self;
        }
        // secp256k1 has no point of order 2, so Y ≠ 0 here.
        let a = self.x.square(); // 1
        let b = self.y.square(); // 1
        let c = b.square(); // 1
        let t = (self.x + b).square(); // 1
        let d = (t + a.negate(1) + c.negate(1)).normalize_weak().double(); // 2
        let e = a.mul_single(3); // 3
        let f = e.square(); // 1
        let x3 = (f + d.double().negate(4)).normalize_weak(); // 1
        let y3 = (e * &(d + x3.negate(1)) + c.mul_single(8).negate(8)).normalize_weak(); // 1
        let z3 = (self.y * &self.z).double().normalize_weak(); // 1
        Jacobian { x: x3, y: y3, z: z3, inf: false }
    }

    /// `P + Q` for an affine `Q`: 8M + 3S.
    pub(super) fn add_affine(&self, q: &Affine) -> Jacobian {
        if self.inf {
            return Jacobian::from_affine(q);
        }
        let z1z1 = self.z.square(); // 1
        let u2 = q.x * &z1z1; // 1
        let s2 = q.y * &(z1z1 * &self.z); // 1
        let h = u2 + self.x.negate(1); // 3
        let r = s2 + self.y.negate(1); // 3
        if bool::from(h.normalizes_to_zero()) {
            return if bool::from(r.normalizes_to_zero()) { self.double() } else { Jacobian::IDENTITY };
        }
        let hh = h.square();
        let hhh = hh * &h;
        let v = self.x * &hh;
        let x3 = (r.square() + hhh.negate(1) + v.double().negate(2)).normalize_weak();
        let y3 = (r * &(v + x3.negate(1)) + (self.y * &hhh).negate(1)).normalize_weak();
        let z3 = self.z * &h;
        Jacobian { x: x3, y: y3, z: z3, inf: false }
    }

    /// `P − Q` for an affine `Q`.
    pub(super) fn sub_affine(&self, q: &Affine) -> Jacobian {
        self.add_affine(&q.neg())
    }

    /// `P + Q`: 12M + 4S.
    pub(super) fn add(&self, q: &Jacobian) -> Jacobian {
        if self.inf {
            return *q;
        }
        if q.inf {
            return *self;
        }
        let z1z1 = self.z.square();
        let z2z2 = q.z.square();
        let u1 = self.x * &z2z2;
        let u2 = q.x * &z1z1;
        let s1 = self.y * &(q.z * &z2z2);
        let s2 = q.y * &(self.z * &z1z1);
        let h = u2 + u1.negate(1); // 3
        let r = s2 + s1.negate(1); // 3
        if bool::from(h.normalizes_to_zero()) {
            return if bool::from(r.normalizes_to_zero()) { self.double() } else { Jacobian::IDENTITY };
        }
        let hh = h.square();
        let hhh = hh * &h;
        let v = u1 * &hh;
        let x3 = (r.square() + hhh.negate(1) + v.double().negate(2)).normalize_weak();
        let y3 = (r * &(v + x3.negate(1)) + (s1 * &hhh).negate(1)).normalize_weak();
        let z3 = (self.z * &q.z) * &h;
        Jacobian { x: x3, y: y3, z: z3, inf: false }
    }

    /// Back to k256's representation (one inversion). `None` only if the
    /// arithmetic above produced a point off the curve, which it cannot;
    /// callers turn `None` into a point that fails every equation.
    pub(super) fn to_projective(self) -> Option<ProjectivePoint> {
        if self.inf {
            return Some(ProjectivePoint::IDENTITY);
        }
        let zinv: Fe = Option::from(self.z.invert())?;
        let zinv2 = zinv.square();
        let x = self.x * &zinv2;
        let y = self.y * &(zinv2 * &zinv);
        Affine { x, y }.to_projective()
    }
}

impl Affine {
    /// As a k256 point (checks the curve equation; `None` cannot happen for
    /// coordinates produced here).
    pub(super) fn to_projective(self) -> Option<ProjectivePoint> {
        let encoded = EncodedPoint::from_affine_coordinates(&self.x.to_bytes(), &self.y.to_bytes(), false);
        Option::from(ProjectivePoint::from_encoded_point(&encoded))
    }
}

/// Many Jacobian points back to k256's representation with one inversion.
pub(super) fn batch_to_projective(points: &[Jacobian]) -> Option<Vec<ProjectivePoint>> {
    batch_to_affine(points)
        .iter()
        .map(|a| match a {
            None => Some(ProjectivePoint::IDENTITY),
            Some(a) => a.to_projective(),
        })
        .collect()
}

/// Replace every value by its inverse with one field inversion
/// (Montgomery's trick: three multiplications per value); `None` (values unchanged) if any is zero.
pub(super) fn batch_invert(values: &mut [Fe]) -> Option<()> {
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = Fe::ONE;
    for v in values.iter() {
        prefix.push(acc);
        acc *= v;
    }
    let mut inv = Option::<Fe>::from(acc.invert())?;
    for (v, pre) in values.iter_mut().zip(prefix).rev() {
        let v_inv = inv * pre;
        inv *= *v;
        *v = v_inv;
    }
    Some(())
}

/// Normalise many Jacobian points with one inversion (Montgomery's trick).
/// Identity inputs give `None` entries.
pub(super) fn batch_to_affine(points: &[Jacobian]) -> Vec<Option<Affine>> {
    let mut z_inv: Vec<Fe> = points.iter().filter(|p| !p.inf).map(|p| p.z).collect();
    if batch_invert(&mut z_inv).is_none() {
        return vec![None; points.len()];
    }
    let mut z_inv = z_inv.into_iter();
    let normalise = |p: &Jacobian| {
        let zinv = if p.inf { None } else { z_inv.next() }?;
        let zinv2 = zinv.square();
        Some(Affine { x: p.x * &zinv2, y: p.y * &(zinv2 * &zinv) })
    };
    points.iter().map(normalise).collect()
}

/// k256 points to affine coordinates with one inversion; the identity maps
/// to `None`.
///
/// k256 0.13.4's batch normalisation panics on an empty slice and on any
/// identity in the slice (its batch inversion of the `Z` coordinates
/// unwraps a failed inversion), and verifiers compute points from hostile
/// inputs (an interval statement's `V − lo·B` is the identity when
/// `V = lo·B`): only the other points are normalised.
pub(super) fn projective_to_affine(points: &[ProjectivePoint]) -> Vec<Option<Affine>> {
    let is_identity = |p: &ProjectivePoint| bool::from(k256::elliptic_curve::group::Group::is_identity(p));
    let finite: Vec<ProjectivePoint> = points.iter().filter(|p| !is_identity(p)).copied().collect();
    let mut affine = if finite.is_empty() {
        Vec::new()
    } else {
        <ProjectivePoint as BatchNormalize<[ProjectivePoint]>>::batch_normalize(finite.as_slice())
    }
    .into_iter();
    points
        .iter()
        .map(|p| if is_identity(p) { None } else { affine.next().and_then(|a| affine_coordinates(&a)) })
        .collect()
}

fn affine_coordinates(p: &AffinePoint) -> Option<Affine> {
    let encoded = p.to_encoded_point(false);
    let x = Fe::from_bytes(encoded.x()?);
    let y = Fe::from_bytes(encoded.y()?);
    let (x, y): (Fe, Fe) = (Option::from(x)?, Option::from(y)?);
    Some(Affine { x, y })
}

#[cfg(test)]
mod tests {
    use super::*;
    use k256::elliptic_curve::Field;
    use rand::SeedableRng;

    fn jac(p: &ProjectivePoint) -> Jacobian {
        projective_to_affine(&[*p])[0].map(|a| Jacobian::from_affine(&a)).unwrap_or(Jacobian::IDENTITY)
    }

    #[test]
    fn identities_among_points_to_normalise() {
        let g = ProjectivePoint::GENERATOR;
        let id = ProjectivePoint::IDENTITY;
        let xy = |a: Option<Affine>| a.map(|a| (a.x.normalize().to_bytes(), a.y.normalize().to_bytes()));
        let got: Vec<_> = projective_to_affine(&[id, g, id, g.double(), id]).into_iter().map(xy).collect();
        let alone = |p: ProjectivePoint| xy(projective_to_affine(&[p])[0]);
        assert_eq!(got, [None, alone(g), None, alone(g.double()), None]);
        assert!(alone(g).is_some() && alone(g.double()).is_some());
        assert!(projective_to_affine(&[id, id]).iter().all(Option::is_none));
        assert!(projective_to_affine(&[]).is_empty());
    }

    #[test]
    fn formulas_agree_with_k256() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        for _ in 0..50 {
            let p = ProjectivePoint::GENERATOR * Scalar::random(&mut rng);
            let q = ProjectivePoint::GENERATOR * Scalar::random(&mut rng);
            let jp = jac(&p);
            let qa = projective_to_affine(&[q])[0].unwrap();
            assert_eq!(jp.double().to_projective().unwrap(), p.double());
            assert_eq!(jp.add_affine(&qa).to_projective().unwrap(), p + q);
            assert_eq!(jp.sub_affine(&qa).to_projective().unwrap(), p - q);
            assert_eq!(jp.add(&jac(&q)).to_projective().unwrap(), p + q);
            // Chains of non-trivial Z.
            let big = jp.double().add(&jp.double().double());
            assert_eq!(big.add(&big).to_projective().unwrap(), p * Scalar::from(12u64));
            assert_eq!(big.add_affine(&qa).to_projective().unwrap(), p * Scalar::from(6u64) + q);
            // Exceptional cases: P + P, P − P, identity.
            let pa = projective_to_affine(&[p])[0].unwrap();
            assert_eq!(jp.add_affine(&pa).to_projective().unwrap(), p.double());
            assert!(jp.sub_affine(&pa).is_identity());
            assert!(jp.add(&jac(&-p)).is_identity());
            assert_eq!(Jacobian::IDENTITY.add(&jp).to_projective().unwrap(), p);
            assert_eq!(jp.add(&Jacobian::IDENTITY).to_projective().unwrap(), p);
            let b = batch_to_affine(&[big, Jacobian::IDENTITY, jp.double()]);
            assert!(b[1].is_none());
            assert_eq!(Jacobian::from_affine(&b[0].unwrap()).to_projective().unwrap(), p * Scalar::from(6u64));
            assert_eq!(Jacobian::from_affine(&b[2].unwrap()).to_projective().unwrap(), p.double());
        }
    }

    #[test]
    fn endomorphism_is_multiplication_by_lambda() {
        let glv = Glv::new();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        for _ in 0..10 {
            let p = ProjectivePoint::GENERATOR * Scalar::random(&mut rng);
            let a = projective_to_affine(&[p])[0].unwrap();
            let e = Jacobian::from_affine(&glv.endo(&a)).to_projective().unwrap();
            assert_eq!(e, p * Glv::lambda());
        }
    }

    #[test]
    fn glv_split_recombines_into_short_halves() {
        let glv = Glv::new();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let specials = [Scalar::ZERO, Scalar::ONE, -Scalar::ONE, Glv::lambda(), -Glv::lambda()];
        for k in specials.into_iter().chain((0..2000).map(|_| Scalar::random(&mut rng))) {
            let [(m1, n1), (m2, n2)] = glv.split(&k);
            assert_eq!(m1[2] | m1[3], 0, "k1 above 2^128");
            assert_eq!(m2[2] | m2[3], 0, "k2 above 2^128");
            let to_s = |m: [u64; 4], neg: bool| {
                let s = Scalar::from((u128::from(m[1]) << 64) | u128::from(m[0]));
                if neg {
                    -s
                } else {
                    s
                }
            };
            assert_eq!(to_s(m1, n1) + Glv::lambda() * to_s(m2, n2), k);
        }
    }
}
