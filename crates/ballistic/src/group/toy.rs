//! A toy group of small prime order with known discrete logarithms, for the
//! exhaustive and statistical soundness tests (`crate::soundness`; test
//! builds only), in the manner of libsecp256k1's `tests_exhaustive`.
//!
//! `Toy<Q>` is the additive group `ℤ_Q` (`Q` an odd prime below 2³²) behind
//! the [`Group`] trait: the point `P` is stored as its discrete logarithm
//! to the base `𝟙 ↦ 1`, so every discrete logarithm is known and every
//! relation between points can be checked as arithmetic in `𝔽_Q`. Any group
//! of prime order `Q` is isomorphic to it, so the protocols' algebra
//! (completeness, the special-soundness extractors, the probability that a
//! cheating prover's challenges fall on a root) is the same as on a real
//! curve; only hardness of discrete logarithms is missing, which is why the
//! tests' cheating provers never use the logarithms, and the extractors
//! check what they extract against the witness.
//!
//! Encodings: a scalar or a point is its least non-negative representative
//! in the first 8 bytes (little-endian) of 32, the rest zero; decoding
//! refuses anything else. Scalars implement the Montgomery-form interface
//! of [`super::fast`] with `R = 2²⁵⁶ mod Q`, so the protocols' fast paths
//! (Kaliski inversion, Montgomery products) run on the toy group as on the
//! real ones. Nothing here is constant time.

use alloc::vec::Vec;
use core::borrow::Borrow;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::{fast, Group, ScalarOps, SCALAR_LEN};

/// `b^e mod q`.
const fn pow_mod(mut b: u64, mut e: u64, q: u64) -> u64 {
    let mut acc = 1 % q;
    b %= q;
    while e != 0 {
        if e & 1 == 1 {
            acc = ((acc as u128 * b as u128) % q as u128) as u64;
        }
        b = ((b as u128 * b as u128) % q as u128) as u64;
        e >>= 1;
    }
    acc
}

/// `2²⁵⁶ mod q`, the Montgomery radix.
const fn radix(q: u64) -> u64 {
    pow_mod(pow_mod(2, 64, q), 4, q)
}

/// A little-endian byte string reduced modulo `m`.
fn reduce(bytes: &[u8], m: u64) -> u64 {
    bytes.iter().rev().fold(0u64, |acc, &b| ((((acc as u128) << 8) | b as u128) % m as u128) as u64)
}

/// The 32-byte encoding of a residue.
fn encode(v: u64) -> [u8; 32] {
    let mut out = [0u8; 32];
    out[..8].copy_from_slice(&v.to_le_bytes());
    out
}

/// The residue a canonical 32-byte encoding holds, if it is `< q`.
fn decode(bytes: &[u8; 32], q: u64) -> Option<u64> {
    let mut low = [0u8; 8];
    low.copy_from_slice(&bytes[..8]);
    let v = u64::from_le_bytes(low);
    (bytes[8..].iter().all(|b| *b == 0) && v < q).then_some(v)
}

/// Arithmetic operators for a residue newtype `$t<Q>(u64)`.
macro_rules! residue_ops {
    ($t:ident) => {
        impl<const Q: u64> Add for $t<Q> {
            type Output = Self;
            fn add(self, o: Self) -> Self {
                $t(((self.0 as u128 + o.0 as u128) % Q as u128) as u64)
            }
        }
        impl<const Q: u64> Sub for $t<Q> {
            type Output = Self;
            fn sub(self, o: Self) -> Self {
                $t(((self.0 as u128 + Q as u128 - o.0 as u128) % Q as u128) as u64)
            }
        }
        impl<const Q: u64> Neg for $t<Q> {
            type Output = Self;
            fn neg(self) -> Self {
                $t((Q - self.0) % Q)
            }
        }
        impl<const Q: u64> AddAssign for $t<Q> {
            fn add_assign(&mut self, o: Self) {
                *self = *self + o;
            }
        }
        impl<const Q: u64> SubAssign for $t<Q> {
            fn sub_assign(&mut self, o: Self) {
                *self = *self - o;
            }
        }
        impl<const Q: u64> Sum for $t<Q> {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold($t(0), |a, b| a + b)
            }
        }
        impl<const Q: u64> ConditionallySelectable for $t<Q> {
            fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
                $t(u64::conditional_select(&a.0, &b.0, choice))
            }
        }
    };
}

/// A scalar of [`Toy<Q>`]: a residue modulo `Q`.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct ToyScalar<const Q: u64>(u64);

/// A point of [`Toy<Q>`]: its discrete logarithm to the base point.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct ToyPoint<const Q: u64>(u64);

/// A scalar in Montgomery form: the representative `x·R mod Q`.
#[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
pub(crate) struct ToyFast<const Q: u64>(u64);

residue_ops!(ToyScalar);
residue_ops!(ToyPoint);
residue_ops!(ToyFast);

impl<const Q: u64> ToyScalar<Q> {
    /// The least non-negative representative.
    pub(crate) fn value(self) -> u64 {
        self.0
    }
}

impl<const Q: u64> Zeroize for ToyPoint<Q> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<const Q: u64> ToyPoint<Q> {
    /// The discrete logarithm to the base point.
    pub(crate) fn log(self) -> ToyScalar<Q> {
        ToyScalar(self.0)
    }
}

impl<const Q: u64> Mul for ToyScalar<Q> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        ToyScalar(((self.0 as u128 * o.0 as u128) % Q as u128) as u64)
    }
}
impl<const Q: u64> MulAssign for ToyScalar<Q> {
    fn mul_assign(&mut self, o: Self) {
        *self = *self * o;
    }
}
impl<const Q: u64> Product for ToyScalar<Q> {
    fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(ToyScalar(1 % Q), |a, b| a * b)
    }
}
impl<const Q: u64> ConstantTimeEq for ToyScalar<Q> {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.0.ct_eq(&o.0)
    }
}
impl<const Q: u64> Zeroize for ToyScalar<Q> {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl<const Q: u64> Mul for ToyFast<Q> {
    type Output = Self;
    /// The Montgomery product `a·b·R⁻¹ mod Q`.
    fn mul(self, o: Self) -> Self {
        let r_inv = pow_mod(radix(Q), Q - 2, Q) as u128;
        let ab = (self.0 as u128 * o.0 as u128) % Q as u128;
        ToyFast(((ab * r_inv) % Q as u128) as u64)
    }
}
impl<const Q: u64> MulAssign for ToyFast<Q> {
    fn mul_assign(&mut self, o: Self) {
        *self = *self * o;
    }
}

impl<const Q: u64> fast::Montgomery for ToyScalar<Q> {
    type Fast = ToyFast<Q>;
    fn to_fast(&self) -> ToyFast<Q> {
        ToyFast(((self.0 as u128 * radix(Q) as u128) % Q as u128) as u64)
    }
    fn from_fast(x: &ToyFast<Q>) -> Self {
        ToyScalar(x.0) * ToyScalar(pow_mod(radix(Q), Q - 2, Q))
    }
    fn fast_one() -> ToyFast<Q> {
        ToyFast(radix(Q))
    }
    const MODULUS: [u64; 4] = [Q, 0, 0, 0];
    fn fast_limbs(x: &ToyFast<Q>) -> [u64; 4] {
        [x.0, 0, 0, 0]
    }
    fn fast_from_limbs(limbs: [u64; 4]) -> ToyFast<Q> {
        ToyFast(limbs[0] % Q)
    }
}

impl<const Q: u64> ScalarOps for ToyScalar<Q> {
    fn zero() -> Self {
        ToyScalar(0)
    }
    fn one() -> Self {
        ToyScalar(1 % Q)
    }
    fn from_u64(v: u64) -> Self {
        ToyScalar(v % Q)
    }
    fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> Self {
        ToyScalar(reduce(bytes, Q))
    }
    fn from_canonical_bytes(bytes: &[u8; SCALAR_LEN]) -> Option<Self> {
        decode(bytes, Q).map(ToyScalar)
    }
    fn to_bytes(&self) -> [u8; SCALAR_LEN] {
        encode(self.0)
    }
    fn invert_vartime(&self) -> Self {
        ToyScalar(pow_mod(self.0, Q - 2, Q))
    }
    fn invert_ct(&self) -> Self {
        self.invert_vartime()
    }
}

/// `ℤ_Q` as a prime-order group (`Q` an odd prime below 2³²).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Toy<const Q: u64>;

impl<const Q: u64> Group for Toy<Q> {
    type Scalar = ToyScalar<Q>;
    type Point = ToyPoint<Q>;
    type Compressed = [u8; 32];

    const NAME: &'static str = "toy";
    const POINT_LEN: usize = 32;
    const TRANSCRIPT_DOMAIN: Option<&'static [u8]> = Some(b"toy");

    fn identity() -> ToyPoint<Q> {
        ToyPoint(0)
    }
    fn basepoint() -> ToyPoint<Q> {
        ToyPoint(1)
    }
    /// Never the identity: generators are `1 + (uniform mod (Q − 1))`.
    fn hash_to_point(uniform: &[u8; 64]) -> ToyPoint<Q> {
        ToyPoint(1 + reduce(uniform, Q - 1))
    }
    fn compress(p: &ToyPoint<Q>) -> [u8; 32] {
        encode(p.0)
    }
    fn compressed_bytes(c: &[u8; 32]) -> &[u8] {
        c
    }
    fn compressed_from_slice(bytes: &[u8]) -> Option<[u8; 32]> {
        bytes.try_into().ok()
    }
    fn decompress(c: &[u8; 32]) -> Option<ToyPoint<Q>> {
        decode(c, Q).map(ToyPoint)
    }
    fn is_identity_compressed(c: &[u8; 32]) -> bool {
        c.iter().all(|b| *b == 0)
    }
    fn is_identity_vartime(p: &ToyPoint<Q>) -> bool {
        p.0 == 0
    }
    fn mul_ct(p: &ToyPoint<Q>, s: &ToyScalar<Q>) -> ToyPoint<Q> {
        ToyPoint((p.log() * *s).0)
    }
    fn msm_ct(scalars: &[ToyScalar<Q>], points: &[ToyPoint<Q>]) -> ToyPoint<Q> {
        Self::msm_vartime(scalars, points)
    }
    fn msm_vartime<I, J>(scalars: I, points: J) -> ToyPoint<Q>
    where
        I: IntoIterator,
        I::Item: Borrow<ToyScalar<Q>>,
        J: IntoIterator,
        J::Item: Borrow<ToyPoint<Q>>,
    {
        scalars.into_iter().zip(points).map(|(s, p)| Self::mul_ct(p.borrow(), s.borrow())).sum()
    }

    type VartimeTable = Vec<ToyPoint<Q>>;
    const VARTIME_TABLE_BYTES_PER_POINT: usize = 8;
    fn vartime_table(points: &[ToyPoint<Q>]) -> Vec<ToyPoint<Q>> {
        points.to_vec()
    }
    fn vartime_table_len(table: &Vec<ToyPoint<Q>>) -> usize {
        table.len()
    }
    fn msm_vartime_precomputed(
        table: &Vec<ToyPoint<Q>>,
        static_scalars: &[ToyScalar<Q>],
        dynamic_scalars: &[ToyScalar<Q>],
        dynamic_points: &[ToyPoint<Q>],
    ) -> Option<ToyPoint<Q>> {
        if static_scalars.len() > table.len() || dynamic_scalars.len() != dynamic_points.len() {
            return None;
        }
        Some(Self::msm_vartime(static_scalars, table) + Self::msm_vartime(dynamic_scalars, dynamic_points))
    }
    /// Always: the verifiers' table path is the one real groups take for
    /// small shapes, so the toy group exercises it.
    fn precomputed_is_faster(_static_len: usize, _dynamic_len: usize) -> bool {
        true
    }
    no_ct_tables!(ToyPoint<Q>, ToyScalar<Q>);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::fast::{batch_invert_fast, invert_fast_vartime, Montgomery};

    type S = ToyScalar<65_521>;

    #[test]
    fn radix_is_two_to_the_256() {
        // 2²⁵⁶ mod 65521 by repeated doubling.
        let mut r = 1u64;
        for _ in 0..256 {
            r = r * 2 % 65_521;
        }
        assert_eq!(radix(65_521), r);
    }

    #[test]
    fn field_and_montgomery_form_agree() {
        for x in [1u64, 2, 3, 12_345, 65_520] {
            let s = S::from_u64(x);
            assert_eq!(s * s.invert_vartime(), S::one());
            assert_eq!(S::from_fast(&s.to_fast()), s);
            assert_eq!(S::from_fast(&(s.to_fast() * S::from_u64(7).to_fast())), s * S::from_u64(7));
            assert_eq!(S::from_fast(&invert_fast_vartime::<S>(s.to_fast())), s.invert_vartime());
        }
        let mut fast: Vec<_> = (1..50u64).map(|v| S::from_u64(v).to_fast()).collect();
        batch_invert_fast::<S>(&mut fast);
        for (v, f) in (1..50u64).zip(&fast) {
            assert_eq!(S::from_fast(f), S::from_u64(v).invert_vartime());
        }
    }

    #[test]
    fn encodings_are_strict() {
        let q = 65_521u64;
        assert_eq!(S::from_canonical_bytes(&encode(q - 1)), Some(S::from_u64(q - 1)));
        assert_eq!(S::from_canonical_bytes(&encode(q)), None);
        let mut high = encode(1);
        high[31] = 1;
        assert_eq!(S::from_canonical_bytes(&high), None);
        assert_eq!(Toy::<65_521>::decompress(&high), None);
        let wide = [0xffu8; 64];
        let expected = reduce(&wide, q);
        assert_eq!(S::from_bytes_mod_order_wide(&wide).value(), expected);
        assert!(expected < q);
    }
}
