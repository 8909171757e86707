//! Embedded curves: elliptic curves defined over the **scalar field** of a
//! proof group, so that their points are pairs of circuit variables and
//! their group law is a handful of multiplication gates (paper §6, Table 3:
//! "Pedersen hash preimage" over a Jubjub-like curve).
//!
//! | proof group | embedded curve | defined over | prime subgroup order `q` | cofactor |
//! |---|---|---|---|---|
//! | [`Ristretto255`] | [`Doppio`]: `x² + y² = 1 − 63071·x²y²` (twisted Edwards, `a = 1`) | `𝔽_ℓ`, `ℓ = 2^252 + 27742317777372353535851937790883648493` | 250 bits | 4 |
//! | [`Secp256k1`] | [`Secq256k1`]: `y² = x³ + 7` (short Weierstrass) | `𝔽_n`, `n` = secp256k1's group order | `p = 2^256 − 2^32 − 977` (secp256k1's field) | 1 |
//! | [`Secq256k1Group`] (secq256k1) | [`Secp256k1Embedded`]: `y² = x³ + 7` (secp256k1 itself) | `𝔽_p` | `n` | 1 |
//!
//! **One form for both.** Arithmetic here (native and in circuits) uses the
//! affine "long" form
//!
//! ```text
//!     E_{A,B,C,D}:   B·y² = x³ + A·x² + C·x + D
//! ```
//!
//! with the chord-and-tangent law (the point at infinity `O` is the
//! identity, `−(x, y) = (x, −y)`):
//!
//! ```text
//!     P₁ ≠ ±P₂:  λ = (y₂ − y₁)/(x₂ − x₁)          P₁ = P₂:  λ = (3x₁² + 2A·x₁ + C)/(2B·y₁)
//!                x₃ = B·λ² − A − x₁ − x₂                   x₃ = B·λ² − A − 2x₁
//!                y₃ = λ·(x₁ − x₃) − y₁                     y₃ = λ·(x₁ − x₃) − y₁
//! ```
//!
//! secq256k1 is `A = 0, B = 1, C = 0, D = 7`. Doppio is used in its
//! **Montgomery form** `B·v² = u³ + A·u² + u` (`C = 1, D = 0`), birationally
//! equivalent to the Edwards form by `u = (1 + y)/(1 − y)`, `v = u/x`, with
//! `A = 2(a + d)/(a − d)`, `B = 4/(a − d)` (Bernstein–Lange–et al.,
//! "Twisted Edwards curves", Thm 3.2). The in-circuit addition costs three
//! multiplication gates in this form (against six for the complete Edwards
//! law); the cases it excludes (`P₁ = ±P₂`, `O`) are ruled out by the
//! Pedersen hash's encoding (see [`pedersen`]) or made unsatisfiable by the
//! gadgets (see [`crate::circuit::gadgets::ecc`]).
//!
//! **Parameters and their checks.** Doppio is the curve chosen for
//! ristretto255 Bulletproofs by dalek-cryptography's `doppio` work (after a
//! suggestion by Sean Bowe): the smallest `|d|` with `a = 1`, `d` a
//! non-square (so the Edwards law is complete), group order `4q` with `q`
//! prime and a twist of order `8q'` with `q'` prime (twist-secure). Its
//! security level is that of the discrete logarithm in a 250-bit prime
//! group, ≈ 125 bits. secq256k1 is secp256k1's cycle partner: the same
//! equation over the other prime, prime order `p`, ≈ 128 bits; its field has
//! cube roots of unity, so it has secp256k1's GLV endomorphism. The test
//! suite checks every claim it can: the Edwards–Montgomery map, that
//! `d` is a non-square, that random points satisfy `[h·q]P = O` and
//! `[h]P ≠ O` (which, with `q` prime and `h·q` inside the Hasse interval,
//! proves the group order), and that every derived generator lies in the
//! prime-order subgroup.
//!
//! **Constant time.** Native operations named `_vartime` run on public data
//! (generators, tables, a tree's public nodes). Witness computation inside
//! provers uses [`AffinePoint::add_incomplete_ct`] and
//! [`AffinePoint::select`], constant time in the coordinates.

pub mod cycle;
pub mod pedersen;

pub use cycle::Cycle;

use alloc::vec::Vec;

use sha3::{Digest, Sha3_512};
use subtle::Choice;

use crate::group::{Ed25519, Group, Ristretto255, ScalarOps, Secp256k1, Secq256k1 as Secq256k1Group};

/// The coefficients of `B·y² = x³ + A·x² + C·x + D`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Coefficients<F> {
    /// `A`.
    pub a: F,
    /// `B` (non-zero).
    pub b: F,
    /// `C`.
    pub c: F,
    /// `D`.
    pub d: F,
}

/// An elliptic curve over the scalar field `F` of a proof group, in the
/// long affine form of the module documentation (`embedded/mod.rs`).
pub trait EmbeddedCurve: Copy + Clone + core::fmt::Debug + Send + Sync + 'static {
    /// The base field: the scalar field of the proof group.
    type F: ScalarOps;
    /// A name for documents and reports.
    const NAME: &'static str;
    /// The order `q` of the prime-order subgroup, little-endian.
    const SUBGROUP_ORDER: [u8; 32];
    /// `h`: the group order is `h·q`.
    const COFACTOR: u64;
    /// The coefficients (computed; callers keep a copy).
    fn coefficients() -> Coefficients<Self::F>;
    /// Bit length of `q`.
    fn subgroup_order_bits() -> usize {
        bit_length(&Self::SUBGROUP_ORDER)
    }
}

/// A proof group with its embedded curve.
pub trait WithEmbeddedCurve: Group {
    /// The curve over `Self::Scalar`.
    type Curve: EmbeddedCurve<F = Self::Scalar>;
}

impl WithEmbeddedCurve for Ristretto255 {
    type Curve = Doppio;
}

impl WithEmbeddedCurve for Secp256k1 {
    type Curve = Secq256k1;
}

/// secq256k1's scalar field is secp256k1's base field: the embedded curve
/// of a secq256k1 proof is secp256k1 itself (the 2-cycle).
impl WithEmbeddedCurve for Secq256k1Group {
    type Curve = Secp256k1Embedded;
}

/// Ed25519 has ristretto255's scalar field, so the same embedded curve.
impl WithEmbeddedCurve for Ed25519 {
    type Curve = Doppio;
}

/// Doppio over ristretto255's scalar field, in Montgomery form (see the
/// module documentation (`embedded/mod.rs`)). Edwards form `x² + y² = 1 + d·x²y²`,
/// `d = −63071`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Doppio;

/// Doppio's Edwards `d`, as a negative integer.
pub const DOPPIO_EDWARDS_D: i64 = -63071;

impl EmbeddedCurve for Doppio {
    type F = <Ristretto255 as Group>::Scalar;
    const NAME: &'static str = "doppio (Montgomery form, over the ristretto255 scalar field)";
    // q = 1809251394333065553493296640760748560198346542606730328752412232071674536321
    const SUBGROUP_ORDER: [u8; 32] = [
        129, 33, 239, 81, 197, 253, 251, 223, 194, 13, 63, 120, 61, 63, 59, 249, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 3,
    ];
    const COFACTOR: u64 = 4;
    fn coefficients() -> Coefficients<Self::F> {
        type F = <Ristretto255 as Group>::Scalar;
        let a = F::one();
        let d = -F::from_u64(DOPPIO_EDWARDS_D.unsigned_abs());
        let inv = (a - d).invert_vartime();
        Coefficients { a: F::from_u64(2) * (a + d) * inv, b: F::from_u64(4) * inv, c: F::one(), d: F::zero() }
    }
}

/// secq256k1: `y² = x³ + 7` over secp256k1's scalar field; prime order
/// `p = 2^256 − 2^32 − 977`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Secq256k1;

impl EmbeddedCurve for Secq256k1 {
    type F = <Secp256k1 as Group>::Scalar;
    const NAME: &'static str = "secq256k1 (over the secp256k1 scalar field)";
    const SUBGROUP_ORDER: [u8; 32] = [
        47, 252, 255, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    ];
    const COFACTOR: u64 = 1;
    fn coefficients() -> Coefficients<Self::F> {
        type F = <Secp256k1 as Group>::Scalar;
        Coefficients { a: F::zero(), b: F::one(), c: F::zero(), d: F::from_u64(7) }
    }
}

/// secp256k1 itself, `y² = x³ + 7` over secq256k1's scalar field `𝔽_p`;
/// prime order `n` (secp256k1's group order).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Secp256k1Embedded;

impl EmbeddedCurve for Secp256k1Embedded {
    type F = <Secq256k1Group as Group>::Scalar;
    const NAME: &'static str = "secp256k1 (over the secq256k1 scalar field)";
    const SUBGROUP_ORDER: [u8; 32] = [
        0x41, 0x41, 0x36, 0xd0, 0x8c, 0x5e, 0xd2, 0xbf, 0x3b, 0xa0, 0x48, 0xaf, 0xe6, 0xdc, 0xae, 0xba, 0xfe, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ];
    const COFACTOR: u64 = 1;
    fn coefficients() -> Coefficients<Self::F> {
        type F = <Secq256k1Group as Group>::Scalar;
        Coefficients { a: F::zero(), b: F::one(), c: F::zero(), d: F::from_u64(7) }
    }
}

/// An affine point or the point at infinity.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AffinePoint<F> {
    /// `x` (zero at infinity).
    pub x: F,
    /// `y` (zero at infinity).
    pub y: F,
    /// Whether this is the point at infinity `O`.
    pub infinity: bool,
}

impl<F: ScalarOps> AffinePoint<F> {
    /// The point at infinity.
    pub fn identity() -> Self {
        AffinePoint { x: F::zero(), y: F::zero(), infinity: true }
    }

    /// A finite point from its coordinates (not checked; see
    /// [`is_on_curve`](Self::is_on_curve)).
    pub fn new(x: F, y: F) -> Self {
        AffinePoint { x, y, infinity: false }
    }

    /// Whether the point satisfies the curve equation (infinity does).
    pub fn is_on_curve(&self, k: &Coefficients<F>) -> bool {
        self.infinity || k.b * self.y * self.y == curve_rhs(k, self.x)
    }

    /// `−P`, constant time (as `0 − y`: k256's scalar negation branches on
    /// its input, which `scripts/ctgrind` caught on a secret point in the
    /// Curve Trees gadget).
    pub fn neg(&self) -> Self {
        AffinePoint { x: self.x, y: F::zero() - self.y, infinity: self.infinity }
    }

    /// `P + Q`, complete, variable time (public points only).
    pub fn add_vartime(&self, other: &Self, k: &Coefficients<F>) -> Self {
        if self.infinity {
            return *other;
        }
        if other.infinity {
            return *self;
        }
        if self.x == other.x {
            if self.y == other.y {
                return self.double_vartime(k);
            }
            return Self::identity();
        }
        let lambda = (other.y - self.y) * (other.x - self.x).invert_vartime();
        self.finish(other.x, lambda, k)
    }

    /// `2P`, variable time (public points only).
    pub fn double_vartime(&self, k: &Coefficients<F>) -> Self {
        if self.infinity || self.y.is_zero() {
            return Self::identity();
        }
        let x2 = self.x * self.x;
        let num = F::from_u64(3) * x2 + F::from_u64(2) * k.a * self.x + k.c;
        let lambda = num * (F::from_u64(2) * k.b * self.y).invert_vartime();
        self.finish(self.x, lambda, k)
    }

    /// `x₃ = B·λ² − A − x₁ − x₂`, `y₃ = λ(x₁ − x₃) − y₁`.
    fn finish(&self, x2: F, lambda: F, k: &Coefficients<F>) -> Self {
        let x3 = k.b * lambda * lambda - k.a - self.x - x2;
        let y3 = lambda * (self.x - x3) - self.y;
        AffinePoint::new(x3, y3)
    }

    /// `P + Q` for finite points with `x_P ≠ x_Q`, in constant time (one
    /// constant-time inversion). The caller guarantees the precondition
    /// (the Pedersen hash's encoding does); if it fails the result is
    /// garbage, never a panic.
    pub fn add_incomplete_ct(&self, other: &Self, k: &Coefficients<F>) -> Self {
        let lambda = (other.y - self.y) * (other.x - self.x).invert_ct();
        self.finish(other.x, lambda, k)
    }

    /// `[e]P` for a little-endian integer `e`, variable time (public data:
    /// tables, tests).
    pub fn mul_vartime(&self, e: &[u8], k: &Coefficients<F>) -> Self {
        let mut acc = Self::identity();
        for byte in e.iter().rev() {
            for i in (0..8).rev() {
                acc = acc.double_vartime(k);
                if (byte >> i) & 1 == 1 {
                    acc = acc.add_vartime(self, k);
                }
            }
        }
        acc
    }

    /// `if choice { b } else { a }` on finite points, constant time.
    pub fn select(a: &Self, b: &Self, choice: Choice) -> Self {
        AffinePoint {
            x: F::conditional_select(&a.x, &b.x, choice),
            y: F::conditional_select(&a.y, &b.y, choice),
            infinity: a.infinity,
        }
    }
}

/// `(x³ + A·x² + C·x + D)`.
pub(crate) fn curve_rhs<F: ScalarOps>(k: &Coefficients<F>, x: F) -> F {
    ((x + k.a) * x + k.c) * x + k.d
}

/// Bit length of a little-endian integer.
pub(crate) fn bit_length(le: &[u8]) -> usize {
    for (i, byte) in le.iter().enumerate().rev() {
        if *byte != 0 {
            return 8 * i + 8 - byte.leading_zeros() as usize;
        }
    }
    0
}

/// `x^e` for a little-endian exponent, variable time in `e` (public
/// exponents only).
pub(crate) fn pow_vartime<F: ScalarOps>(x: F, e: &[u8]) -> F {
    let mut acc = F::one();
    for byte in e.iter().rev() {
        for i in (0..8).rev() {
            acc = acc * acc;
            if (byte >> i) & 1 == 1 {
                acc *= x;
            }
        }
    }
    acc
}

/// Shift a little-endian integer right by one bit.
fn shr1(le: &mut [u8]) {
    let mut carry = 0u8;
    for byte in le.iter_mut().rev() {
        let next = *byte & 1;
        *byte = (*byte >> 1) | (carry << 7);
        carry = next;
    }
}

/// A square root of `a` in `F` (Tonelli–Shanks), or `None` for a
/// non-square. Variable time: public inputs only (generator derivation).
pub fn sqrt_vartime<F: ScalarOps>(a: F) -> Option<F> {
    if a.is_zero() {
        return Some(F::zero());
    }
    // p − 1 = 2^s·t with t odd; p − 1 is the encoding of −1.
    let pm1 = (-F::one()).to_bytes();
    let mut half = pm1;
    shr1(&mut half);
    if pow_vartime(a, &half) != F::one() {
        return None;
    }
    let mut t = pm1;
    let mut s = 0u32;
    while t.first().is_some_and(|b| b & 1 == 0) {
        shr1(&mut t);
        s += 1;
    }
    // A non-residue z: the smallest integer ≥ 2 with z^((p−1)/2) = −1.
    let mut z = F::from_u64(2);
    while pow_vartime(z, &half) == F::one() {
        z += F::one();
    }
    let mut m = s;
    let mut c = pow_vartime(z, &t);
    let mut t_pow = pow_vartime(a, &t);
    let mut t_plus1 = t;
    // (t + 1)/2
    let mut carry = 1u16;
    for byte in t_plus1.iter_mut() {
        let v = *byte as u16 + carry;
        *byte = v as u8;
        carry = v >> 8;
    }
    shr1(&mut t_plus1);
    let mut r = pow_vartime(a, &t_plus1);
    while t_pow != F::one() {
        // least i with t^(2^i) = 1
        let mut i = 0u32;
        let mut tt = t_pow;
        while tt != F::one() {
            tt = tt * tt;
            i += 1;
            if i >= m {
                return None;
            }
        }
        let mut b = c;
        for _ in 0..(m - i - 1) {
            b = b * b;
        }
        m = i;
        c = b * b;
        t_pow *= c;
        r *= b;
    }
    Some(r)
}

/// Domain separator of [`hash_to_curve`].
const HASH_TO_CURVE_DST: &[u8] = b"ballistic/embedded/hash-to-curve/v1";

/// A point of the prime-order subgroup derived from `label` by
/// try-and-increment: for `ctr = 0, 1, …`, `x = SHA3-512(DST ‖ len(label) ‖
/// label ‖ ctr) mod p`; the first `x` whose right-hand side is a square
/// gives `y` (the root whose low bit equals the hash's last byte's low bit),
/// then the point is multiplied by the cofactor; a result at infinity
/// continues the search. Deterministic and public ("nothing up my sleeve");
/// variable time.
pub fn hash_to_curve<C: EmbeddedCurve>(label: &[u8]) -> AffinePoint<C::F> {
    let k = C::coefficients();
    let b_inv = k.b.invert_vartime();
    let mut ctr: u32 = 0;
    loop {
        let mut h = Sha3_512::new();
        h.update(HASH_TO_CURVE_DST);
        h.update((label.len() as u64).to_le_bytes());
        h.update(label);
        h.update(ctr.to_le_bytes());
        let digest: [u8; 64] = h.finalize().into();
        ctr = ctr.wrapping_add(1);
        let x = C::F::from_bytes_mod_order_wide(&digest);
        let Some(mut y) = sqrt_vartime(curve_rhs(&k, x) * b_inv) else { continue };
        let want = digest.last().map_or(0, |b| b & 1);
        if y.to_bytes().first().map_or(0, |b| b & 1) != want {
            y = -y;
        }
        let p = AffinePoint::new(x, y).mul_vartime(&C::COFACTOR.to_le_bytes(), &k);
        if !p.infinity {
            return p;
        }
    }
}

/// The bits of a field element's canonical encoding, least significant
/// first, as field elements 0/1; `bits` of them. Constant time.
pub fn field_to_bits<F: ScalarOps>(value: &F, bits: usize) -> Vec<F> {
    let bytes = value.to_bytes();
    (0..bits)
        .map(|i| {
            let byte = bytes.get(i / 8).copied().unwrap_or(0);
            let bit = Choice::from((byte >> (i % 8)) & 1);
            F::conditional_select(&F::zero(), &F::one(), bit)
        })
        .collect()
}

/// `Choice` of a field element that is 0 or 1 (constant time).
pub(crate) fn bit_choice<F: ScalarOps>(bit: &F) -> Choice {
    bit.ct_eq(&F::one())
}

/// Number of significant bits in the encoding of the field `F`'s elements
/// (253 for ℓ, 256 for secp256k1's `n`): the input width Merkle nodes are
/// hashed at.
pub fn field_bits<F: ScalarOps>() -> usize {
    bit_length(&(-F::one()).to_bytes())
}

#[cfg(test)]
mod tests;
