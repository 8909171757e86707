//! secq256k1's scalar field `𝔽_p`, `p = 2²⁵⁶ − 2³² − 977` (secp256k1's
//! base field), on fiat-crypto's formally verified Montgomery arithmetic
//! (`secp256k1_montgomery_64`): four 64-bit limbs holding `x·2²⁵⁶ mod p`,
//! always fully reduced, every operation constant time.

use core::fmt;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use fiat_crypto::secp256k1_montgomery_64 as fiat;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use crate::group::{ScalarOps, SCALAR_LEN};

/// `p`, 64-bit limbs, least significant first.
pub(crate) const P: [u64; 4] = [0xffff_fffe_ffff_fc2f, u64::MAX, u64::MAX, u64::MAX];

/// `p − 2`, little-endian bytes: the exponent of Fermat's inversion.
const P_MINUS_2: [u8; 32] = [
    0x2d, 0xfc, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
];

/// An element of `𝔽_p` (a secq256k1 scalar), in Montgomery form.
/// Equality is constant time, as on the other groups' scalars.
#[derive(Copy, Clone, Default)]
pub struct FieldP(pub(crate) [u64; 4]);

impl PartialEq for FieldP {
    fn eq(&self, other: &FieldP) -> bool {
        bool::from(self.ct_eq(other))
    }
}
impl Eq for FieldP {}

type Mont = fiat::fiat_secp256k1_montgomery_montgomery_domain_field_element;
type Plain = fiat::fiat_secp256k1_montgomery_non_montgomery_domain_field_element;

fn m(limbs: [u64; 4]) -> Mont {
    fiat::fiat_secp256k1_montgomery_montgomery_domain_field_element(limbs)
}

fn pl(limbs: [u64; 4]) -> Plain {
    fiat::fiat_secp256k1_montgomery_non_montgomery_domain_field_element(limbs)
}

/// `x − p` and whether it borrowed (`x < p`), limb by limb, branch-free.
fn sub_p(x: &[u64; 4]) -> ([u64; 4], Choice) {
    let mut out = [0u64; 4];
    let mut borrow = 0u64;
    for ((o, &a), &b) in out.iter_mut().zip(x).zip(&P) {
        let d = (a as u128).wrapping_sub(b as u128).wrapping_sub(borrow as u128);
        *o = d as u64;
        borrow = ((d >> 64) as u64) & 1;
    }
    (out, Choice::from(borrow as u8))
}

/// `x mod p` for any `x < 2²⁵⁶` (`< 2p`): one conditional subtraction.
fn reduce_once(x: &[u64; 4]) -> [u64; 4] {
    let (d, below) = sub_p(x);
    let mut out = [0u64; 4];
    for ((o, &a), &b) in out.iter_mut().zip(x).zip(&d) {
        *o = u64::conditional_select(&b, &a, below);
    }
    out
}

fn limbs_le(bytes: &[u8; 32]) -> [u64; 4] {
    let mut limbs = [0u64; 4];
    fiat::fiat_secp256k1_montgomery_from_bytes(&mut limbs, bytes);
    limbs
}

impl FieldP {
    /// Into Montgomery form; `plain` must be `< p`.
    fn from_plain(plain: [u64; 4]) -> FieldP {
        let mut out = m([0; 4]);
        fiat::fiat_secp256k1_montgomery_to_montgomery(&mut out, &pl(plain));
        FieldP(out.0)
    }

    /// Out of Montgomery form: the canonical value's limbs.
    fn to_plain(self) -> [u64; 4] {
        let mut out = pl([0; 4]);
        fiat::fiat_secp256k1_montgomery_from_montgomery(&mut out, &m(self.0));
        out.0
    }

    /// `self²`.
    pub(crate) fn square(&self) -> FieldP {
        let mut out = m([0; 4]);
        fiat::fiat_secp256k1_montgomery_square(&mut out, &m(self.0));
        FieldP(out.0)
    }

    /// `self^e` for a public exponent (little-endian), square-and-multiply
    /// over every bit: the same sequence of operations for every base.
    fn pow_public(&self, e: &[u8; 32]) -> FieldP {
        let mut acc = FieldP::one();
        for byte in e.iter().rev() {
            for bit in (0..8).rev() {
                acc = acc.square();
                let mul = acc * *self;
                acc.conditional_assign(&mul, Choice::from((byte >> bit) & 1));
            }
        }
        acc
    }
}

impl fmt::Debug for FieldP {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut be = self.to_bytes();
        be.reverse();
        write!(f, "FieldP(0x")?;
        for b in be {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

impl Add for FieldP {
    type Output = FieldP;
    #[inline]
    fn add(self, rhs: FieldP) -> FieldP {
        let mut out = m([0; 4]);
        fiat::fiat_secp256k1_montgomery_add(&mut out, &m(self.0), &m(rhs.0));
        FieldP(out.0)
    }
}
impl Sub for FieldP {
    type Output = FieldP;
    #[inline]
    fn sub(self, rhs: FieldP) -> FieldP {
        let mut out = m([0; 4]);
        fiat::fiat_secp256k1_montgomery_sub(&mut out, &m(self.0), &m(rhs.0));
        FieldP(out.0)
    }
}
impl Mul for FieldP {
    type Output = FieldP;
    #[inline]
    fn mul(self, rhs: FieldP) -> FieldP {
        let mut out = m([0; 4]);
        fiat::fiat_secp256k1_montgomery_mul(&mut out, &m(self.0), &m(rhs.0));
        FieldP(out.0)
    }
}
impl Neg for FieldP {
    type Output = FieldP;
    #[inline]
    fn neg(self) -> FieldP {
        let mut out = m([0; 4]);
        fiat::fiat_secp256k1_montgomery_opp(&mut out, &m(self.0));
        FieldP(out.0)
    }
}
impl AddAssign for FieldP {
    fn add_assign(&mut self, rhs: FieldP) {
        *self = *self + rhs;
    }
}
impl SubAssign for FieldP {
    fn sub_assign(&mut self, rhs: FieldP) {
        *self = *self - rhs;
    }
}
impl MulAssign for FieldP {
    fn mul_assign(&mut self, rhs: FieldP) {
        *self = *self * rhs;
    }
}
impl Sum for FieldP {
    fn sum<I: Iterator<Item = FieldP>>(iter: I) -> FieldP {
        iter.fold(FieldP::zero(), |a, b| a + b)
    }
}
impl Product for FieldP {
    fn product<I: Iterator<Item = FieldP>>(iter: I) -> FieldP {
        iter.fold(FieldP::one(), |a, b| a * b)
    }
}
impl ConditionallySelectable for FieldP {
    fn conditional_select(a: &FieldP, b: &FieldP, choice: Choice) -> FieldP {
        let mut out = [0u64; 4];
        for ((o, x), y) in out.iter_mut().zip(&a.0).zip(&b.0) {
            *o = u64::conditional_select(x, y, choice);
        }
        FieldP(out)
    }
}
impl ConstantTimeEq for FieldP {
    fn ct_eq(&self, other: &FieldP) -> Choice {
        // Both fully reduced: equal elements have equal limbs.
        self.0.ct_eq(&other.0)
    }
}
impl Zeroize for FieldP {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl ScalarOps for FieldP {
    fn zero() -> FieldP {
        FieldP([0; 4])
    }
    fn one() -> FieldP {
        let mut out = m([0; 4]);
        fiat::fiat_secp256k1_montgomery_set_one(&mut out);
        FieldP(out.0)
    }
    fn from_u64(v: u64) -> FieldP {
        FieldP::from_plain([v, 0, 0, 0])
    }
    fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> FieldP {
        // x = lo + hi·2²⁵⁶ with lo, hi < 2²⁵⁶ < 2p; 2²⁵⁶ ≡ 2³² + 977 (mod p).
        let mut lo_bytes = [0u8; 32];
        let mut hi_bytes = [0u8; 32];
        lo_bytes.copy_from_slice(&bytes[..32]);
        hi_bytes.copy_from_slice(&bytes[32..]);
        let mut lo = reduce_once(&limbs_le(&lo_bytes));
        let mut hi = reduce_once(&limbs_le(&hi_bytes));
        let out = FieldP::from_plain(lo) + FieldP::from_plain(hi) * FieldP::from_u64(0x1_0000_03d1);
        lo_bytes.zeroize();
        hi_bytes.zeroize();
        lo.zeroize();
        hi.zeroize();
        out
    }
    fn from_canonical_bytes(bytes: &[u8; SCALAR_LEN]) -> Option<FieldP> {
        // Constant time up to the (declassified) verdict.
        let mut limbs = limbs_le(bytes);
        let (_, below) = sub_p(&limbs);
        let value = FieldP::from_plain(reduce_once(&limbs));
        limbs.zeroize();
        crate::ct::reveal(bool::from(below)).then_some(value)
    }
    fn to_bytes(&self) -> [u8; SCALAR_LEN] {
        let mut plain = self.to_plain();
        let mut out = [0u8; 32];
        fiat::fiat_secp256k1_montgomery_to_bytes(&mut out, &plain);
        plain.zeroize();
        out
    }
    fn invert_ct(&self) -> FieldP {
        // Fermat: x^(p−2), a fixed sequence of squarings and
        // multiplications; 0 maps to 0.
        self.pow_public(&P_MINUS_2)
    }
    fn invert_vartime(&self) -> FieldP {
        crate::group::fast::invert_scalar_vartime(self)
    }
    fn batch_invert_vartime(values: &mut [FieldP]) -> FieldP {
        crate::group::fast::batch_invert_scalars_vartime(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_hex_be(h: &str) -> [u8; 32] {
        let mut b: [u8; 32] = hex::decode(h).unwrap().try_into().unwrap();
        b.reverse();
        b
    }

    #[test]
    fn canonical_decoding_stops_at_p() {
        let p = from_hex_be("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
        assert_eq!(FieldP::from_canonical_bytes(&p), None);
        assert_eq!(FieldP::from_canonical_bytes(&[0xff; 32]), None);
        let mut p1 = p;
        p1[0] -= 1;
        assert_eq!(FieldP::from_canonical_bytes(&p1), Some(-FieldP::one()));
        let two = FieldP::from_u64(2);
        assert_eq!(FieldP::from_canonical_bytes(&two.to_bytes()), Some(two));
        assert_eq!(two.to_bytes()[0], 2);
    }

    #[test]
    fn wide_reduction_agrees_with_the_definition() {
        // 2²⁵⁶ mod p and (2⁵¹² − 1) mod p against arithmetic in the field.
        let mut wide = [0u8; 64];
        wide[32] = 1;
        let r = FieldP::from_bytes_mod_order_wide(&wide);
        assert_eq!(r, FieldP::from_u64(0x1_0000_03d1));
        let all = FieldP::from_bytes_mod_order_wide(&[0xff; 64]);
        // 2⁵¹² − 1 = (2²⁵⁶ − 1)·2²⁵⁶ + (2²⁵⁶ − 1), and 2²⁵⁶ − 1 ≡ 2³² + 976.
        let m = FieldP::from_u64(0x1_0000_03d0);
        assert_eq!(all, m * r + m);
        // p itself in the low half reduces to zero.
        let mut pw = [0u8; 64];
        pw[..32].copy_from_slice(&from_hex_be("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"));
        assert_eq!(FieldP::from_bytes_mod_order_wide(&pw), FieldP::zero());
    }

    #[test]
    fn inversions_agree() {
        let mut x = FieldP::from_u64(12345);
        for _ in 0..20 {
            let a = x.invert_ct();
            assert_eq!(a * x, FieldP::one());
            assert_eq!(x.invert_vartime(), a);
            x = x * x + FieldP::from_u64(7);
        }
        assert_eq!(FieldP::zero().invert_ct(), FieldP::zero());
    }
}
