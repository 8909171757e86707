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
    /// The field's modulus minus 2, little-endian (`x^(p−2) = x⁻¹`).
    const MODULUS_MINUS_2: [u8; 32];
    /// Invert every element in place (public, non-zero values) with one
    /// inversion ([`batch_invert_fast`]), all in Montgomery form.
    fn batch_invert_fast(values: &mut [Self::Fast]) {
        batch_invert_fast(values, Self::fast_one(), &Self::MODULUS_MINUS_2);
    }
}

macro_rules! fiat_field {
    ($name:ident, $scalar:ty, $module:ident, $m:ident, $nm:ident, $mul:ident, $add:ident, $sub:ident, $opp:ident,
     $to_m:ident, $from_m:ident, $from_bytes:ident, $to_bytes:ident, $one:ident, $minus2:expr) => {
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
            const MODULUS_MINUS_2: [u8; 32] = $minus2;
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
    L25519_MINUS_2
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
    N_SECP256K1_MINUS_2
);

/// `n − 2` for secp256k1's group order `n`, little-endian.
pub(crate) const N_SECP256K1_MINUS_2: [u8; 32] = [
    0x3f, 0x41, 0x36, 0xd0, 0x8c, 0x5e, 0xd2, 0xbf, 0x3b, 0xa0, 0x48, 0xaf, 0xe6, 0xdc, 0xae, 0xba, 0xfe, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
];

/// `base^e` for a public exponent `e` (32 bytes little-endian), by fixed
/// 4-bit windows: 252 squarings and at most 64 multiplications. Variable
/// time in `e` only (and used on public bases only).
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
pub(crate) const L25519_MINUS_2: [u8; 32] = [
    0xeb, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// Invert public scalars in Montgomery form: prefix products, one
/// inversion by [`pow_vartime`], back-substitution (3 products each).
/// Zero entries make every output zero, as any batch inversion would; the
/// callers pass non-zero values. Returns the inverse of the product.
pub(crate) fn batch_invert_fast<F: Copy + Mul<Output = F>>(values: &mut [F], one: F, modulus_minus_2: &[u8; 32]) -> F {
    let mut prefix = Vec::with_capacity(values.len());
    let mut acc = one;
    for v in values.iter() {
        prefix.push(acc);
        acc = acc * *v;
    }
    let all_inv = pow_vartime(acc, one, modulus_minus_2);
    let mut inv = all_inv;
    for (v, p) in values.iter_mut().zip(prefix).rev() {
        let next = inv * *v;
        *v = inv * p;
        inv = next;
    }
    all_inv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Group, Ristretto255, Secp256k1};
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

    #[test]
    fn inversion_in_montgomery_form_agrees_with_dalek() {
        type S = <Ristretto255 as Group>::Scalar;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        for _ in 0..50 {
            let a = <S as ScalarOps>::random(&mut rng);
            let inv = pow_vartime(a.to_fast(), S::fast_one(), &L25519_MINUS_2);
            assert_eq!(S::from_fast(&inv), a.invert());
        }
        let mut values: Vec<S> = (1..20u64).map(S::from_u64).collect();
        let expected: Vec<S> = values.iter().map(|v| v.invert()).collect();
        let mut fast: Vec<_> = values.iter().map(|v| v.to_fast()).collect();
        batch_invert_fast(&mut fast, S::fast_one(), &L25519_MINUS_2);
        values = fast.iter().map(S::from_fast).collect();
        assert_eq!(values, expected);
        assert_eq!(S::from_fast(&pow_vartime(S::one().to_fast(), S::fast_one(), &L25519_MINUS_2)), S::one());
    }

    #[test]
    fn montgomery_form_agrees_with_the_scalars() {
        agrees::<<Ristretto255 as Group>::Scalar>();
        agrees::<<Secp256k1 as Group>::Scalar>();
    }
}
