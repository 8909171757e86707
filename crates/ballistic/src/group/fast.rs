//! Montgomery-form scalar arithmetic for the verifier's bulk loops.
//!
//! The groups' own scalar types keep a canonical byte form between
//! operations (curve25519-dalek unpacks, multiplies twice in Montgomery form
//! and repacks on every product), which makes long loops of field
//! operations on public values — flattening a circuit's constraint matrices
//! with the powers of `z`, the per-gate scalars of its verification equation
//! — cost several times the arithmetic itself. [`Montgomery::Fast`] is the
//! same field kept in Montgomery form (four 64-bit limbs), with the
//! formally verified arithmetic of the `fiat-crypto` crate
//! (`curve25519_scalar_64`, `secp256k1_montgomery_scalar_64`): convert in
//! once, compute, convert out once.
//!
//! The operations are constant time (fiat-crypto's code is), but they are
//! used only on public data here.

use alloc::vec::Vec;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use super::ScalarOps;

/// A scalar field with a Montgomery-form twin (sealed: implemented for the
/// supported groups' scalars only).
pub trait Montgomery: Sized {
    /// The field element in Montgomery form.
    type Fast: Copy
        + Default
        + PartialEq
        + core::fmt::Debug
        + Send
        + Sync
        + Add<Output = Self::Fast>
        + Sub<Output = Self::Fast>
        + Mul<Output = Self::Fast>
        + Neg<Output = Self::Fast>
        + AddAssign
        + SubAssign
        + MulAssign;
    /// Into Montgomery form.
    fn to_fast(&self) -> Self::Fast;
    /// Out of Montgomery form.
    fn from_fast(x: &Self::Fast) -> Self;
    /// `1` in Montgomery form.
    fn fast_one() -> Self::Fast;
    /// The field's modulus `p`, 64-bit limbs, least significant first.
    const MODULUS: [u64; 4];
    /// The limbs of `x`'s Montgomery representative `x·2²⁵⁶ mod p` (fully
    /// reduced).
    fn fast_limbs(x: &Self::Fast) -> [u64; 4];
    /// The element whose Montgomery representative is `limbs` (`< p`).
    fn fast_from_limbs(limbs: [u64; 4]) -> Self::Fast;
    /// Invert every element in place (public, non-zero values) with one
    /// inversion ([`batch_invert_fast`]), all in Montgomery form.
    fn batch_invert_fast(values: &mut [Self::Fast]) {
        batch_invert_fast::<Self>(values);
    }
}

macro_rules! fiat_field {
    ($name:ident, $scalar:ty, $module:ident, $m:ident, $nm:ident, $mul:ident, $add:ident, $sub:ident, $opp:ident,
     $to_m:ident, $from_m:ident, $from_bytes:ident, $to_bytes:ident, $one:ident, $modulus:expr) => {
        /// A scalar in Montgomery form (see the module documentation).
        #[derive(Copy, Clone, Default, Debug, PartialEq, Eq)]
        pub struct $name([u64; 4]);

        impl Add for $name {
            type Output = $name;
            #[inline]
            fn add(self, rhs: $name) -> $name {
                let mut out = fiat_crypto::$module::$m(Default::default());
                fiat_crypto::$module::$add(
                    &mut out,
                    &fiat_crypto::$module::$m(self.0),
                    &fiat_crypto::$module::$m(rhs.0),
                );
                $name(out.0)
            }
        }
        impl Sub for $name {
            type Output = $name;
            #[inline]
            fn sub(self, rhs: $name) -> $name {
                let mut out = fiat_crypto::$module::$m(Default::default());
                fiat_crypto::$module::$sub(
                    &mut out,
                    &fiat_crypto::$module::$m(self.0),
                    &fiat_crypto::$module::$m(rhs.0),
                );
                $name(out.0)
            }
        }
        impl Mul for $name {
            type Output = $name;
            #[inline]
            fn mul(self, rhs: $name) -> $name {
                let mut out = fiat_crypto::$module::$m(Default::default());
                fiat_crypto::$module::$mul(
                    &mut out,
                    &fiat_crypto::$module::$m(self.0),
                    &fiat_crypto::$module::$m(rhs.0),
                );
                $name(out.0)
            }
        }
        impl Neg for $name {
            type Output = $name;
            #[inline]
            fn neg(self) -> $name {
                let mut out = fiat_crypto::$module::$m(Default::default());
                fiat_crypto::$module::$opp(&mut out, &fiat_crypto::$module::$m(self.0));
                $name(out.0)
            }
        }
        impl AddAssign for $name {
            #[inline]
            fn add_assign(&mut self, rhs: $name) {
                *self = *self + rhs;
            }
        }
        impl SubAssign for $name {
            #[inline]
            fn sub_assign(&mut self, rhs: $name) {
                *self = *self - rhs;
            }
        }
        impl MulAssign for $name {
            #[inline]
            fn mul_assign(&mut self, rhs: $name) {
                *self = *self * rhs;
            }
        }

        impl Montgomery for $scalar {
            type Fast = $name;
            const MODULUS: [u64; 4] = $modulus;
            fn fast_limbs(x: &$name) -> [u64; 4] {
                x.0
            }
            fn fast_from_limbs(limbs: [u64; 4]) -> $name {
                $name(limbs)
            }
            fn to_fast(&self) -> $name {
                let mut limbs = [0u64; 4];
                fiat_crypto::$module::$from_bytes(&mut limbs, &ScalarOps::to_bytes(self));
                let mut out = fiat_crypto::$module::$m(Default::default());
                fiat_crypto::$module::$to_m(&mut out, &fiat_crypto::$module::$nm(limbs));
                $name(out.0)
            }
            fn from_fast(x: &$name) -> Self {
                let mut plain = fiat_crypto::$module::$nm(Default::default());
                fiat_crypto::$module::$from_m(&mut plain, &fiat_crypto::$module::$m(x.0));
                let mut bytes = [0u8; 32];
                fiat_crypto::$module::$to_bytes(&mut bytes, &plain.0);
                // fiat-crypto's outputs are fully reduced: always canonical.
                <$scalar as ScalarOps>::from_canonical_bytes(&bytes).unwrap_or_default()
            }
            fn fast_one() -> $name {
                let mut out = fiat_crypto::$module::$m(Default::default());
                fiat_crypto::$module::$one(&mut out);
                $name(out.0)
            }
        }
    };
}

fiat_field!(
    Fast25519,
    curve25519_dalek::scalar::Scalar,
    curve25519_scalar_64,
    fiat_25519_scalar_montgomery_domain_field_element,
    fiat_25519_scalar_non_montgomery_domain_field_element,
    fiat_25519_scalar_mul,
    fiat_25519_scalar_add,
    fiat_25519_scalar_sub,
    fiat_25519_scalar_opp,
    fiat_25519_scalar_to_montgomery,
    fiat_25519_scalar_from_montgomery,
    fiat_25519_scalar_from_bytes,
    fiat_25519_scalar_to_bytes,
    fiat_25519_scalar_set_one,
    L25519
);

fiat_field!(
    FastSecp256k1,
    k256::Scalar,
    secp256k1_montgomery_scalar_64,
    fiat_secp256k1_montgomery_scalar_montgomery_domain_field_element,
    fiat_secp256k1_montgomery_scalar_non_montgomery_domain_field_element,
    fiat_secp256k1_montgomery_scalar_mul,
    fiat_secp256k1_montgomery_scalar_add,
    fiat_secp256k1_montgomery_scalar_sub,
    fiat_secp256k1_montgomery_scalar_opp,
    fiat_secp256k1_montgomery_scalar_to_montgomery,
    fiat_secp256k1_montgomery_scalar_from_montgomery,
    fiat_secp256k1_montgomery_scalar_from_bytes,
    fiat_secp256k1_montgomery_scalar_to_bytes,
    fiat_secp256k1_montgomery_scalar_set_one,
    N_SECP256K1
);

fiat_field!(
    FastSecq256k1,
    super::secq256k1::FieldP,
    secp256k1_montgomery_64,
    fiat_secp256k1_montgomery_montgomery_domain_field_element,
    fiat_secp256k1_montgomery_non_montgomery_domain_field_element,
    fiat_secp256k1_montgomery_mul,
    fiat_secp256k1_montgomery_add,
    fiat_secp256k1_montgomery_sub,
    fiat_secp256k1_montgomery_opp,
    fiat_secp256k1_montgomery_to_montgomery,
    fiat_secp256k1_montgomery_from_montgomery,
    fiat_secp256k1_montgomery_from_bytes,
    fiat_secp256k1_montgomery_to_bytes,
    fiat_secp256k1_montgomery_set_one,
    super::secq256k1::P_LIMBS
);

/// `n − 2` for secp256k1's group order `n`, little-endian.
#[cfg(test)]
pub(crate) const N_SECP256K1_MINUS_2: [u8; 32] = [
    0x3f, 0x41, 0x36, 0xd0, 0x8c, 0x5e, 0xd2, 0xbf, 0x3b, 0xa0, 0x48, 0xaf, 0xe6, 0xdc, 0xae, 0xba, 0xfe, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
];

/// `base^e` for a public exponent `e` (32 bytes little-endian), by fixed
/// 4-bit windows: 252 squarings and at most 64 multiplications. The
/// reference the inversion below is tested against, and the square roots of
/// secq256k1's batched hash to curve (`group::secq256k1::h2c`).
pub(crate) fn pow_vartime<F: Copy + Mul<Output = F>>(base: F, one: F, exp_le: &[u8; 32]) -> F {
    let mut table = [one; 16];
    let mut power = one;
    for slot in table.iter_mut().skip(1) {
        power = power * base;
        *slot = power;
    }
    let mut acc = one;
    let mut started = false;
    for byte in exp_le.iter().rev() {
        for nibble in [byte >> 4, byte & 0x0f] {
            if started {
                for _ in 0..4 {
                    acc = acc * acc;
                }
            }
            if nibble != 0 {
                if let Some(t) = table.get(usize::from(nibble)) {
                    acc = acc * *t;
                }
                started = true;
            }
        }
    }
    acc
}

/// `ℓ − 2` for Ristretto255's scalar field, little-endian: `x^(ℓ−2) = x⁻¹`.
#[cfg(test)]
pub(crate) const L25519_MINUS_2: [u8; 32] = [
    0xeb, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// `ℓ` for Ristretto255's scalar field, little-endian limbs.
const L25519: [u64; 4] = [0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000];

/// `n` for secp256k1's group order, little-endian limbs.
const N_SECP256K1: [u64; 4] = [0xbfd25e8cd0364141, 0xbaaedce6af48a03b, 0xfffffffffffffffe, 0xffffffffffffffff];

/// Limbs of a non-negative integer, least significant first.
type Limbs<const N: usize> = [u64; N];

fn is_zero<const N: usize>(x: &Limbs<N>) -> bool {
    x.iter().all(|&l| l == 0)
}

/// `x < y`.
fn less<const N: usize>(x: &Limbs<N>, y: &Limbs<N>) -> bool {
    for (a, b) in x.iter().zip(y).rev() {
        if a != b {
            return a < b;
        }
    }
    false
}

/// `x − y` (the caller ensures `x ≥ y`).
fn sub_in_place<const N: usize>(x: &mut Limbs<N>, y: &Limbs<N>) {
    let mut borrow = false;
    for (a, &b) in x.iter_mut().zip(y) {
        let (d, b1) = a.overflowing_sub(b);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        *a = d;
        borrow = b1 | b2;
    }
}

/// `x + y` (the caller ensures no overflow).
fn add_in_place<const N: usize>(x: &mut Limbs<N>, y: &Limbs<N>) {
    let mut carry = false;
    for (a, &b) in x.iter_mut().zip(y) {
        let (d, c1) = a.overflowing_add(b);
        let (d, c2) = d.overflowing_add(u64::from(carry));
        *a = d;
        carry = c1 | c2;
    }
}

/// `x >> k` for `0 < k < 64·N`.
fn shr<const N: usize>(x: &mut Limbs<N>, k: u32) {
    let (limbs, bits) = ((k / 64) as usize, k % 64);
    let src = *x;
    for (i, out) in x.iter_mut().enumerate() {
        let lo = src.get(i + limbs).copied().unwrap_or(0);
        let hi = src.get(i + limbs + 1).copied().unwrap_or(0);
        *out = if bits == 0 { lo } else { (lo >> bits) | (hi << (64 - bits)) };
    }
}

/// `x << k` for `0 < k < 64·N` (the caller ensures no overflow).
fn shl<const N: usize>(x: &mut Limbs<N>, k: u32) {
    let (limbs, bits) = ((k / 64) as usize, k % 64);
    let src = *x;
    let at = |i: Option<usize>| i.and_then(|j| src.get(j)).copied().unwrap_or(0);
    for (i, out) in x.iter_mut().enumerate() {
        let lo = at(i.checked_sub(limbs));
        let below = at(i.checked_sub(limbs + 1));
        *out = if bits == 0 { lo } else { (lo << bits) | (below >> (64 - bits)) };
    }
}

fn trailing_zeros<const N: usize>(x: &Limbs<N>) -> u32 {
    let mut tz = 0;
    for &l in x {
        if l != 0 {
            return tz + l.trailing_zeros();
        }
        tz += 64;
    }
    tz
}

fn widen(x: &Limbs<4>) -> Limbs<5> {
    [x[0], x[1], x[2], x[3], 0]
}

/// The inverse of a public, non-zero `x` in Montgomery form, by Kaliski's
/// almost Montgomery inverse (binary extended Euclid; variable time, about
/// a quarter of the cost of Fermat's `x^(p−2)`), then one multiplication by
/// a power of two to correct the scale. Zero maps to zero.
///
/// With `X = x·R` the representative (`R = 2²⁵⁶`), the loop starts from
/// `u = p, v = X, r = 0, s = 1, k = 0` and keeps `p = u·s + v·r`,
/// `X·r ≡ −u·2^k` and `X·s ≡ v·2^k (mod p)`; it ends at `u = 1, v = 0`,
/// so `h = p − r = X⁻¹·2^k mod p` with `bits(p) ≤ k ≤ 2·bits(p)` (runs of
/// halvings are taken in one shift, which leaves every step as in
/// Kaliski's one-bit loop). The Montgomery
/// product of `h` and the representative of `2^(512−k)` is
/// `X⁻¹·2⁵¹² = x⁻¹·R`, the representative of `x⁻¹`.
pub(crate) fn invert_fast_vartime<S: Montgomery>(x: S::Fast) -> S::Fast {
    let p = S::MODULUS;
    let mut v = S::fast_limbs(&x);
    if is_zero(&v) {
        return x;
    }
    let mut u = p;
    // r, s ≤ p while the loop runs; the last step may double r to 2p, which
    // needs a fifth limb when p is close to 2²⁵⁶ (secp256k1).
    let (mut r, mut s): (Limbs<5>, Limbs<5>) = ([0; 5], [1, 0, 0, 0, 0]);
    let mut k = 0u32;
    while !is_zero(&v) {
        if u[0] & 1 == 0 {
            let t = trailing_zeros(&u);
            shr(&mut u, t);
            shl(&mut s, t);
            k += t;
        } else if v[0] & 1 == 0 {
            let t = trailing_zeros(&v);
            shr(&mut v, t);
            shl(&mut r, t);
            k += t;
        } else if less(&v, &u) {
            sub_in_place(&mut u, &v);
            shr(&mut u, 1);
            add_in_place(&mut r, &s);
            shl(&mut s, 1);
            k += 1;
        } else {
            sub_in_place(&mut v, &u);
            shr(&mut v, 1);
            add_in_place(&mut s, &r);
            shl(&mut r, 1);
            k += 1;
        }
    }
    let p5 = widen(&p);
    if !less(&r, &p5) {
        sub_in_place(&mut r, &p5);
    }
    let mut h = p5;
    sub_in_place(&mut h, &r);
    let h = S::fast_from_limbs([h[0], h[1], h[2], h[3]]);
    // The representative of 2^j, j = 512 − k ≤ 256, by square and multiply.
    let mut j = 512u32.saturating_sub(k);
    let one = S::fast_one();
    let (mut power, mut base) = (one, one + one);
    while j != 0 {
        if j & 1 == 1 {
            power *= base;
        }
        base *= base;
        j >>= 1;
    }
    h * power
}

/// Invert public scalars in Montgomery form: prefix products, one
/// inversion by [`invert_fast_vartime`], back-substitution (3 products
/// each). Zero entries make every output zero, as any batch inversion
/// would; the callers pass non-zero values. Returns the inverse of the
/// product.
pub(crate) fn batch_invert_fast<S: Montgomery>(values: &mut [S::Fast]) -> S::Fast {
    let one = S::fast_one();
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = one;
    for v in values.iter() {
        prefix.push(acc);
        acc *= *v;
    }
    let all_inv = invert_fast_vartime::<S>(acc);
    let mut inv = all_inv;
    for (v, p) in values.iter_mut().zip(prefix).rev() {
        let next = inv * *v;
        *v = inv * p;
        inv = next;
    }
    all_inv
}

/// [`ScalarOps::invert_vartime`] for a field with a Montgomery twin:
/// [`invert_fast_vartime`] between conversions.
pub(crate) fn invert_scalar_vartime<S: ScalarOps + Montgomery>(x: &S) -> S {
    S::from_fast(&invert_fast_vartime::<S>(x.to_fast()))
}

/// [`ScalarOps::batch_invert_vartime`] for a field with a Montgomery twin:
/// [`batch_invert_fast`] between conversions; returns the inverse of the
/// product.
pub(crate) fn batch_invert_scalars_vartime<S: ScalarOps + Montgomery>(values: &mut [S]) -> S {
    let mut fast: Vec<S::Fast> = values.iter().map(S::to_fast).collect();
    let all = batch_invert_fast::<S>(&mut fast);
    for (v, f) in values.iter_mut().zip(&fast) {
        *v = S::from_fast(f);
    }
    S::from_fast(&all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Group, Ristretto255, Secp256k1, Secq256k1};
    use rand::SeedableRng;

    fn batch_inversion_agrees<S: ScalarOps + Montgomery>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        let values: Vec<S> = (0..9).map(|_| S::random(&mut rng)).collect();
        let mut fast: Vec<S::Fast> = values.iter().map(S::to_fast).collect();
        S::batch_invert_fast(&mut fast);
        for (v, f) in values.iter().zip(&fast) {
            assert_eq!(S::from_fast(f) * *v, S::one());
        }
    }

    #[test]
    fn batch_inversion_in_montgomery_form_on_both_fields() {
        batch_inversion_agrees::<<Ristretto255 as Group>::Scalar>();
        batch_inversion_agrees::<<Secp256k1 as Group>::Scalar>();
        batch_inversion_agrees::<<Secq256k1 as Group>::Scalar>();
    }

    fn agrees<S: ScalarOps + Montgomery>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        for _ in 0..200 {
            let (a, b) = (S::random(&mut rng), S::random(&mut rng));
            let (x, y) = (a.to_fast(), b.to_fast());
            assert_eq!(S::from_fast(&x), a);
            assert_eq!(S::from_fast(&(x * y)), a * b);
            assert_eq!(S::from_fast(&(x + y)), a + b);
            assert_eq!(S::from_fast(&(x - y)), a - b);
            assert_eq!(S::from_fast(&-x), -a);
        }
        assert_eq!(S::from_fast(&S::fast_one()), S::one());
        assert_eq!(S::from_fast(&S::zero().to_fast()), S::zero());
        assert_eq!((-S::one()).to_fast() + S::fast_one(), S::zero().to_fast());
    }

    /// Kaliski's inversion against Fermat's `x^(p−2)` and the scalars' own
    /// inversion, on random values and the edges (1, 2, small values,
    /// p − 1, powers of two, values just below 2²⁵²/2²⁵⁶), on both fields.
    fn inversion_agrees<S: ScalarOps + Montgomery>(minus_2: &[u8; 32]) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        let mut values: Vec<S> = (0..300).map(|_| S::random(&mut rng)).collect();
        values.extend((1..40u64).map(S::from_u64));
        values.push(-S::one());
        values.push(-S::from_u64(2));
        let two = S::from_u64(2);
        let mut power = S::one();
        for _ in 0..256 {
            power *= two;
            values.push(power);
            values.push(power - S::one());
        }
        for a in values {
            let inv = invert_fast_vartime::<S>(a.to_fast());
            assert_eq!(inv, pow_vartime(a.to_fast(), S::fast_one(), minus_2));
            assert_eq!(S::from_fast(&inv) * a, S::one());
            assert_eq!(S::from_fast(&inv), a.invert_ct());
        }
        assert_eq!(invert_fast_vartime::<S>(S::zero().to_fast()), S::zero().to_fast());
        let mut values: Vec<S> = (1..20u64).map(S::from_u64).collect();
        let expected: Vec<S> = values.iter().map(|v| v.invert_ct()).collect();
        let mut fast: Vec<_> = values.iter().map(|v| v.to_fast()).collect();
        batch_invert_fast::<S>(&mut fast);
        values = fast.iter().map(S::from_fast).collect();
        assert_eq!(values, expected);
    }

    #[test]
    fn inversion_in_montgomery_form_agrees_on_both_fields() {
        inversion_agrees::<<Ristretto255 as Group>::Scalar>(&L25519_MINUS_2);
        inversion_agrees::<<Secp256k1 as Group>::Scalar>(&N_SECP256K1_MINUS_2);
        inversion_agrees::<<Secq256k1 as Group>::Scalar>(&P_SECP256K1_MINUS_2);
    }

    /// `p − 2` for secp256k1's field `p` (secq256k1's order), little-endian.
    const P_SECP256K1_MINUS_2: [u8; 32] = [
        0x2d, 0xfc, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ];

    #[test]
    fn moduli_match_the_minus_2_exponents() {
        fn check<S: Montgomery>(minus_2: &[u8; 32]) {
            let mut bytes = [0u8; 32];
            for (chunk, limb) in bytes.chunks_mut(8).zip(S::MODULUS) {
                chunk.copy_from_slice(&limb.to_le_bytes());
            }
            bytes[0] -= 2;
            assert_eq!(&bytes, minus_2);
        }
        check::<<Ristretto255 as Group>::Scalar>(&L25519_MINUS_2);
        check::<<Secp256k1 as Group>::Scalar>(&N_SECP256K1_MINUS_2);
        check::<<Secq256k1 as Group>::Scalar>(&P_SECP256K1_MINUS_2);
    }

    #[test]
    fn montgomery_form_agrees_with_the_scalars() {
        agrees::<<Ristretto255 as Group>::Scalar>();
        agrees::<<Secp256k1 as Group>::Scalar>();
        agrees::<<Secq256k1 as Group>::Scalar>();
    }
}
