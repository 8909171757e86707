//! secq256k1 points: `y² = x³ + 7` over `𝔽_n` (`n` = secp256k1's group
//! order; coordinates are k256 scalars), in homogeneous projective
//! coordinates `(X : Y : Z)`, `x = X/Z`, `y = Y/Z`, the identity
//! `(0 : 1 : 0)`.
//!
//! * Addition and doubling: Renes–Costello–Batina, "Complete addition
//!   formulas for prime order elliptic curves" (EUROCRYPT 2016),
//!   Algorithms 7 and 9 (`a = 0`, `b₃ = 3·b = 21`): complete (no
//!   exceptional case, no branch), so the same code serves the
//!   constant-time and the variable-time sums.
//! * Encoding: SEC1 compressed, as on secp256k1 (`crate::group::secp256k1`):
//!   `02/03 ‖ x`, big-endian `x < n`, the identity as 33 zero bytes.
//! * Hash to curve: RFC 9380 §3 `hash_to_curve` with `expand_message_xmd`
//!   (SHA-256), `hash_to_field` with `L = 48`, `count = 2`, and the
//!   Shallue–van de Woestijne map of §6.6.1 (the simplified SWU map needs
//!   `A·B ≠ 0`; secq256k1 has no standard isogeny to use it), `Z = 1`
//!   (the first value of Appendix H.1's search, computed by
//!   `tests::svdw_constants`), cofactor 1.
//! * Multiscalar multiplication in variable time: `msm.rs`.

use alloc::vec::Vec;
use core::iter::Sum;
use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use k256::elliptic_curve::bigint::U512;
use k256::elliptic_curve::hash2curve::{ExpandMsg, ExpandMsgXmd, Expander};
use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::{Field, PrimeField};
use k256::sha2::Sha256;
use k256::{FieldBytes, Scalar as Fe};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use crate::group::ScalarOps;

/// RFC 9380 domain-separation tag of ballistic's hash to secq256k1.
pub const HASH_TO_CURVE_DST: &[u8] = b"ballistic-v1-generators-secq256k1_XMD:SHA-256_SVDW_RO_";

/// `b = 7`.
fn curve_b() -> Fe {
    Fe::from(7u64)
}

/// `x³ + 7`.
fn rhs(x: &Fe) -> Fe {
    x.square() * x + curve_b()
}

/// RCB16 Algorithm 9 (`a = 0`, `b₃ = 3b`) on projective coordinates in any
/// representation of `𝔽_n` (k256's scalars for [`SecqPoint`], fiat-crypto's
/// Montgomery form for the variable-time sums).
pub(super) fn rcb_double<F: Copy + Add<Output = F> + Sub<Output = F> + Mul<Output = F>>(
    (x, y, z): (F, F, F),
    b3: F,
) -> (F, F, F) {
    let t0 = y * y;
    let mut z3 = t0 + t0;
    z3 = z3 + z3;
    z3 = z3 + z3;
    let t1 = y * z;
    let t2 = z * z * b3;
    let x3 = t2 * z3;
    let y3 = t0 + t2;
    z3 = z3 * t1;
    let t1 = t2 + t2;
    let t2 = t1 + t2;
    let t0 = t0 - t2;
    let y3 = t0 * y3 + x3;
    let t1 = x * y;
    let x3 = t0 * t1;
    (x3 + x3, y3, z3)
}

/// RCB16 Algorithm 7 (`a = 0`, `b₃ = 3b`): complete addition, any
/// representation (see [`rcb_double`]).
pub(super) fn rcb_add<F: Copy + Add<Output = F> + Sub<Output = F> + Mul<Output = F>>(
    (x1, y1, z1): (F, F, F),
    (x2, y2, z2): (F, F, F),
    b3: F,
) -> (F, F, F) {
    let t0 = x1 * x2;
    let t1 = y1 * y2;
    let t2 = z1 * z2;
    let t3 = (x1 + y1) * (x2 + y2) - (t0 + t1);
    let t4 = (y1 + z1) * (y2 + z2) - (t1 + t2);
    let y3 = (x1 + z1) * (x2 + z2) - (t0 + t2);
    let t0 = t0 + t0 + t0;
    let t2 = t2 * b3;
    let z3 = t1 + t2;
    let t1 = t1 - t2;
    let y3 = y3 * b3;
    let x3 = t3 * t1 - t4 * y3;
    let y3 = t1 * z3 + y3 * t0;
    let z3 = z3 * t4 + t0 * t3;
    (x3, y3, z3)
}

/// A secq256k1 point in projective coordinates (see the module
/// documentation). Equality is equality of the points, not of the
/// coordinates.
#[derive(Copy, Clone, Debug)]
pub struct SecqPoint {
    pub(super) x: Fe,
    pub(super) y: Fe,
    pub(super) z: Fe,
}

impl Default for SecqPoint {
    fn default() -> Self {
        SecqPoint::IDENTITY
    }
}

impl SecqPoint {
    /// The neutral element `(0 : 1 : 0)`.
    pub const IDENTITY: SecqPoint = SecqPoint { x: Fe::ZERO, y: Fe::ONE, z: Fe::ZERO };

    /// The point `(x, y)`; `None` if it is not on the curve.
    pub fn from_affine(x: Fe, y: Fe) -> Option<SecqPoint> {
        bool::from(y.square().ct_eq(&rhs(&x))).then_some(SecqPoint { x, y, z: Fe::ONE })
    }

    /// `2·self` (RCB16 Algorithm 9, `a = 0`).
    pub fn double(&self) -> SecqPoint {
        let (x, y, z) = rcb_double((self.x, self.y, self.z), Fe::from(21u64));
        SecqPoint { x, y, z }
    }

    /// `self + other` (RCB16 Algorithm 7, `a = 0`): complete.
    fn add_complete(&self, other: &SecqPoint) -> SecqPoint {
        let (x, y, z) = rcb_add((self.x, self.y, self.z), (other.x, other.y, other.z), Fe::from(21u64));
        SecqPoint { x, y, z }
    }

    /// Is this the identity? (constant time)
    pub fn is_identity(&self) -> Choice {
        self.z.is_zero()
    }

    /// The affine coordinates (constant time: one inversion); `None` for
    /// the identity, which has none.
    pub fn to_affine(&self) -> Option<(Fe, Fe)> {
        let zi = self.z.invert().unwrap_or(Fe::ZERO);
        let identity = bool::from(self.is_identity());
        (!identity).then(|| (self.x * zi, self.y * zi))
    }

    /// The 33-byte SEC1 compressed encoding (identity: 33 zero bytes),
    /// branch-free.
    pub(crate) fn compress(&self) -> [u8; 33] {
        let zi = self.z.invert().unwrap_or(Fe::ZERO);
        let (x, y) = (self.x * zi, self.y * zi);
        let identity = self.is_identity();
        let mut out = [0u8; 33];
        out[0] = 2 + y.is_odd().unwrap_u8();
        out[1..].copy_from_slice(&x.to_bytes());
        for b in out.iter_mut() {
            b.conditional_assign(&0, identity);
        }
        out
    }

    /// Decode a compressed point: 33 zero bytes, or tag 2 or 3, `x < n`
    /// and `x³ + 7` a square; anything else is `None`.
    pub(crate) fn decompress(bytes: &[u8; 33]) -> Option<SecqPoint> {
        let (tag, xb) = bytes.split_first()?;
        if *tag == 0 {
            return xb.iter().all(|&b| b == 0).then_some(SecqPoint::IDENTITY);
        }
        if *tag != 2 && *tag != 3 {
            return None;
        }
        let x: Fe = Option::from(Fe::from_repr(FieldBytes::clone_from_slice(xb)))?;
        let y: Fe = Option::from(rhs(&x).sqrt())?;
        let y = Fe::conditional_select(&y, &-y, y.is_odd() ^ Choice::from(*tag & 1));
        Some(SecqPoint { x, y, z: Fe::ONE })
    }

    /// Affine coordinates of many points with one inversion (public points
    /// only); `None` entries for the identity.
    pub(crate) fn batch_to_affine_vartime(points: &[SecqPoint]) -> Vec<Option<(Fe, Fe)>> {
        let mut zs: Vec<Fe> = points.iter().map(|p| if p.z.is_zero().into() { Fe::ONE } else { p.z }).collect();
        let mut prefix = Vec::with_capacity(zs.len());
        let mut acc = Fe::ONE;
        for z in &zs {
            prefix.push(acc);
            acc *= z;
        }
        let mut inv = Option::<Fe>::from(acc.invert_vartime()).unwrap_or(Fe::ZERO);
        for (z, pre) in zs.iter_mut().zip(prefix).rev() {
            let next = inv * *z;
            *z = inv * pre;
            inv = next;
        }
        points.iter().zip(zs).map(|(p, zi)| (!bool::from(p.z.is_zero())).then(|| (p.x * zi, p.y * zi))).collect()
    }
}

impl PartialEq for SecqPoint {
    fn eq(&self, other: &SecqPoint) -> bool {
        // X₁Z₂ = X₂Z₁ and Y₁Z₂ = Y₂Z₁ (the identity has Z = 0 and Y ≠ 0).
        let xs = (self.x * other.z).ct_eq(&(other.x * self.z));
        let ys = (self.y * other.z).ct_eq(&(other.y * self.z));
        bool::from(xs & ys)
    }
}
impl Eq for SecqPoint {}

impl Add for SecqPoint {
    type Output = SecqPoint;
    fn add(self, rhs: SecqPoint) -> SecqPoint {
        self.add_complete(&rhs)
    }
}
impl Neg for SecqPoint {
    type Output = SecqPoint;
    fn neg(self) -> SecqPoint {
        // `0 − y`, not `−y`: k256's scalar negation compiles to a branch on
        // `y = 0` (found by scripts/ctgrind), its subtraction does not.
        SecqPoint { x: self.x, y: Fe::ZERO - self.y, z: self.z }
    }
}
impl Sub for SecqPoint {
    type Output = SecqPoint;
    fn sub(self, rhs: SecqPoint) -> SecqPoint {
        self.add_complete(&-rhs)
    }
}
impl AddAssign for SecqPoint {
    fn add_assign(&mut self, rhs: SecqPoint) {
        *self = self.add_complete(&rhs);
    }
}
impl SubAssign for SecqPoint {
    fn sub_assign(&mut self, rhs: SecqPoint) {
        *self = self.add_complete(&-rhs);
    }
}
impl Sum for SecqPoint {
    fn sum<I: Iterator<Item = SecqPoint>>(iter: I) -> SecqPoint {
        iter.fold(SecqPoint::IDENTITY, |a, b| a + b)
    }
}
impl<'a> Sum<&'a SecqPoint> for SecqPoint {
    fn sum<I: Iterator<Item = &'a SecqPoint>>(iter: I) -> SecqPoint {
        iter.fold(SecqPoint::IDENTITY, |a, b| a + *b)
    }
}
impl ConditionallySelectable for SecqPoint {
    fn conditional_select(a: &SecqPoint, b: &SecqPoint, choice: Choice) -> SecqPoint {
        SecqPoint {
            x: Fe::conditional_select(&a.x, &b.x, choice),
            y: Fe::conditional_select(&a.y, &b.y, choice),
            z: Fe::conditional_select(&a.z, &b.z, choice),
        }
    }
}
impl Zeroize for SecqPoint {
    /// Wipes the coordinates and leaves the identity `(0 : 1 : 0)`, never
    /// `(0 : 0 : 0)`, which equals every point and absorbs additions.
    fn zeroize(&mut self) {
        self.x.zeroize();
        self.y.zeroize();
        self.z.zeroize();
        *self = SecqPoint::IDENTITY;
    }
}

/// `hash_to_field(msg, 2)` of RFC 9380 §5.2 over `𝔽_n` (`L = 48`).
pub(super) fn hash_to_field(msg: &[u8], dst: &[u8]) -> [Fe; 2] {
    let mut okm = [0u8; 96];
    // `expand_message` fails only for an empty tag or an output above
    // 255·32 bytes; both are fixed here (a test checks it succeeds).
    if let Ok(mut e) = ExpandMsgXmd::<Sha256>::expand_message(&[msg], &[dst], okm.len()) {
        e.fill_bytes(&mut okm);
    }
    let mut out = [Fe::ZERO; 2];
    for (u, chunk) in out.iter_mut().zip(okm.chunks_exact(48)) {
        let mut wide = [0u8; 64];
        wide[16..].copy_from_slice(chunk);
        *u = <Fe as Reduce<U512>>::reduce(U512::from_be_slice(&wide));
    }
    out
}

/// The constants of the Shallue–van de Woestijne map for `Z = 1` (RFC 9380
/// §6.6.1): `c₁ = g(Z)`, `c₂ = −Z/2`, `c₃ = √(−g(Z)·3Z²)` with
/// `sgn0(c₃) = 0`, `c₄ = −4·g(Z)/(3Z²)`; checked in the tests.
pub(super) struct Svdw {
    pub(super) c1: Fe,
    pub(super) c2: Fe,
    pub(super) c3: Fe,
    pub(super) c4: Fe,
}

/// A field element from its big-endian bytes (below `n`: tested).
fn fe(bytes: [u8; 32]) -> Fe {
    Option::from(Fe::from_repr(FieldBytes::from(bytes))).unwrap_or(Fe::ZERO)
}

/// `c2` big-endian: `7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0`.
const C2: [u8; 32] = [
    0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x5d, 0x57, 0x6e,
    0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46, 0x68, 0x1b, 0x20, 0xa0,
];
/// `c3` big-endian: `f6c80d02c694c7099cc633ea182d519bd1f4a17dab16878fd03dd026d2323162`.
const C3: [u8; 32] = [
    0xf6, 0xc8, 0x0d, 0x02, 0xc6, 0x94, 0xc7, 0x09, 0x9c, 0xc6, 0x33, 0xea, 0x18, 0x2d, 0x51, 0x9b, 0xd1, 0xf4, 0xa1,
    0x7d, 0xab, 0x16, 0x87, 0x8f, 0xd0, 0x3d, 0xd0, 0x26, 0xd2, 0x32, 0x31, 0x62,
];
/// `c4` big-endian: `aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa9d1c9e899ca306ad27fe1945de0242b76`.
const C4: [u8; 32] = [
    0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xa9, 0xd1, 0xc9, 0xe8,
    0x99, 0xca, 0x30, 0x6a, 0xd2, 0x7f, 0xe1, 0x94, 0x5d, 0xe0, 0x24, 0x2b, 0x76,
];

pub(super) fn svdw() -> &'static Svdw {
    static SVDW: crate::lazy::Lazy<Svdw> = crate::lazy::Lazy::new();
    SVDW.get_or_init(|| Svdw { c1: Fe::from(8u64), c2: fe(C2), c3: fe(C3), c4: fe(C4) })
}

/// The Shallue–van de Woestijne map (RFC 9380 §6.6.1, straight-line, in
/// constant time; `A = 0`, `B = 7`, `Z = 1`). Always a point on the curve.
pub(super) fn map_to_curve(u: &Fe) -> SecqPoint {
    let k = svdw();
    let z = Fe::ONE;
    let mut tv1 = u.square() * k.c1;
    let tv2 = Fe::ONE + tv1;
    tv1 = Fe::ONE - tv1;
    let tv3 = (tv1 * tv2).invert().unwrap_or(Fe::ZERO);
    let tv4 = *u * tv1 * tv3 * k.c3;
    let x1 = k.c2 - tv4;
    let gx1 = rhs(&x1);
    let e1 = gx1.sqrt().is_some();
    let x2 = k.c2 + tv4;
    let gx2 = rhs(&x2);
    let e2 = gx2.sqrt().is_some() & !e1;
    let mut x3 = tv2.square() * tv3;
    x3 = x3.square() * k.c4 + z;
    let mut x = Fe::conditional_select(&x3, &x1, e1);
    x = Fe::conditional_select(&x, &x2, e2);
    // At least one of g(x1), g(x2), g(x3) is a square (the map's
    // construction); x1 is preferred, then x2, as the RFC orders them.
    let y = rhs(&x).sqrt().unwrap_or(Fe::ZERO);
    let e3 = !(u.is_odd() ^ y.is_odd());
    let y = Fe::conditional_select(&-y, &y, e3);
    SecqPoint { x, y, z: Fe::ONE }
}

/// RFC 9380 `hash_to_curve(msg)` with the tag `dst` (see the module
/// documentation).
pub(crate) fn hash_to_curve(msg: &[u8], dst: &[u8]) -> SecqPoint {
    let [u0, u1] = hash_to_field(msg, dst);
    map_to_curve(&u0) + map_to_curve(&u1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svdw_constants() {
        // RFC 9380 Appendix H.1: Z = 1 is the first candidate (the search
        // tries 1, −1, 2, −2, …) with g(Z) ≠ 0,
        // −3Z²/(4·g(Z)) a non-zero square, and g(Z) or g(−Z/2) square.
        let z = Fe::ONE;
        let g = rhs(&z);
        let h = -(Fe::from(3u64) * z.square()) * (Fe::from(4u64) * g).invert().unwrap();
        assert!(bool::from(h.sqrt().is_some()) && !bool::from(h.is_zero()));
        assert!(bool::from(g.sqrt().is_some() | rhs(&(-z * Fe::from(2u64).invert().unwrap())).sqrt().is_some()));
        for c in [C2, C3, C4] {
            assert!(bool::from(Fe::from_repr(FieldBytes::from(c)).is_some()), "constant below n");
        }
        let k = svdw();
        assert_eq!(k.c1, g);
        assert_eq!(k.c2, -z * Fe::from(2u64).invert().unwrap());
        assert_eq!(k.c3.square(), -g * Fe::from(3u64) * z.square());
        assert!(!bool::from(k.c3.is_odd()));
        assert_eq!(k.c4, -(Fe::from(4u64) * g) * (Fe::from(3u64) * z.square()).invert().unwrap());
    }

    #[test]
    fn map_lands_on_the_curve() {
        for i in 0u64..64 {
            let u = Fe::from(i) * Fe::from(0x1234_5678_9abc_def1u64) + Fe::from(i * i);
            let p = map_to_curve(&u);
            let (x, y) = p.to_affine().unwrap();
            assert_eq!(y.square(), rhs(&x), "u = {i}");
            assert_eq!(y.is_odd().unwrap_u8(), u.is_odd().unwrap_u8());
        }
        // The exceptional inputs: 1 ± 8u² = 0 (both ±1/8 are squares, as
        // n ≡ 1 mod 8), where inv0 gives 0 and the map takes x3 = Z = 1;
        // and u = 0.
        let eighth = Fe::from(8u64).invert().unwrap();
        for target in [eighth, -eighth] {
            let u = target.sqrt().unwrap();
            assert_eq!(u.square() * Fe::from(8u64), target * Fe::from(8u64));
            for u in [u, -u] {
                let (x, y) = map_to_curve(&u).to_affine().unwrap();
                assert_eq!(x, Fe::ONE);
                assert_eq!(y.square(), rhs(&x));
            }
        }
        let (x, y) = map_to_curve(&Fe::ZERO).to_affine().unwrap();
        assert_eq!(y.square(), rhs(&x));
    }

    #[test]
    fn formulas_agree_with_the_affine_law() {
        use crate::embedded::{AffinePoint, EmbeddedCurve, Secq256k1 as Embedded};
        let k = Embedded::coefficients();
        let a = hash_to_curve(b"a", b"test");
        let b = hash_to_curve(b"b", b"test");
        let to_emb = |p: &SecqPoint| {
            let (x, y) = p.to_affine().unwrap();
            AffinePoint::new(x, y)
        };
        assert_eq!(to_emb(&(a + b)), to_emb(&a).add_vartime(&to_emb(&b), &k));
        assert_eq!(to_emb(&a.double()), to_emb(&a).double_vartime(&k));
        assert_eq!(a + a, a.double());
        assert!(bool::from((a - a).is_identity()));
        assert_eq!(a + SecqPoint::IDENTITY, a);
        assert_eq!(SecqPoint::IDENTITY.double(), SecqPoint::IDENTITY);
    }

    #[test]
    fn zeroized_points_are_the_identity() {
        let mut p = hash_to_curve(b"z", b"test");
        p.zeroize();
        assert_eq!(p, SecqPoint::IDENTITY);
        assert_ne!(p, hash_to_curve(b"y", b"test"));
    }

    #[test]
    fn expand_message_accepts_the_tag() {
        assert!(ExpandMsgXmd::<Sha256>::expand_message(&[b"x"], &[HASH_TO_CURVE_DST], 96).is_ok());
    }
}
