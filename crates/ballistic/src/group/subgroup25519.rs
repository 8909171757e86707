//! Prime-order-subgroup membership on Ed25519 in two field exponentiations.
//!
//! Ed25519's group `E(F_p)`, `p = 2^255 − 19`, is cyclic of order `8·ℓ`
//! (`d` is a non-square, so the 2-part is cyclic), hence the prime-order
//! subgroup is `⟨B⟩ = 8·E`. Deciding `P ∈ ⟨B⟩` as `ℓ·P = 𝟙` costs a
//! 253-bit scalar multiplication; this module decides it for a decoded
//! point `(x, y)` with one square root and one quartic residue symbol:
//!
//! 0. the 8 points of `E[8]` are recognised directly: `x = 0` (the identity
//!    `(0, 1)`, which is in the subgroup, and `(0, −1)`), `y = 0` (the
//!    two points of order 4) and `x = ±i·y` (the four of order 8);
//! 1. **halving** (2-descent; Pornin, "Point-halving and subgroup membership
//!    in twisted Edwards curves", ePrint 2022/1164): with the 2-isogeny
//!    `φ: E → E'` of Pornin's model (`u = (a − d)(1 + y)/(1 − y)`,
//!    `w = 2/x`), `P ∈ 2·E` iff `N = (a − d)(1 − y²)` is a square, and its
//!    root `r` gives a preimage `P'` of `P` under the dual isogeny;
//! 2. **a 4-Tate pairing** (Koshelev, ePrint 2022/037): `E'(F_p) ≅ ℤ/2 ×
//!    ℤ/4ℓ`, and for the order-4 point `R` of `E'` fixed by `κ = 2i(1 + C)`,
//!    `C = √(1 + d)` with `1 + C` a non-square, `Q ↦ f_R(Q)^((p−1)/4)`
//!    has kernel `4·E' + {𝟙, T'}` exactly (`T' = (0, 0)`, `t₄(R, T') = 1`);
//!    and `P ∈ 8·E ⇔ P' ∈ 4·E' + {𝟙, T'}` (`φ̂(P') = P`, `ker φ̂ = {𝟙, T'}`).
//!    With denominators cleared, `f_R(P')` is
//!    `g = x³·(1 − y)·L²·M³` for `K = x(1 + d·y) + r`, `M = (1 + d)·x·y + r`,
//!    `L = κ·M·(1 − y) − 2·r·K`, and `P ∈ ⟨B⟩ ⇔ N` is a square `∧
//!    g^((p−1)/4) = 1`. Either root `±r` gives the same verdict
//!    (`t₄(R, P' + T') = t₄(R, P')`); outside `E[8]` nothing in `g` is zero.
//!
//! The step that evaluates the pairing on `E'` (which saves the second
//! square root of a full halving) was derived for this library: the
//! derivation, its proof and the constants are in
//! `docs/ed25519-subgroup.md`, and `scripts/ed25519-subgroup-check.py`
//! checks it against `ℓ·P = 𝟙` on every point of toy curves with
//! Ed25519's structure (`p ≡ 5 mod 8`, `d` and `−16d` non-squares, `1 + d`
//! a square, order `8·prime`) and on Ed25519 points of all eight cosets.
//! The tests below compare it with `ℓ·P = 𝟙` on all eight cosets.
//!
//! Field arithmetic: fiat-crypto's formally verified `curve25519_64`
//! (5 × 51-bit limbs; the inputs are public, variable time is fine).

use fiat_crypto::curve25519_64 as f;

/// An element of `F_p`, `p = 2^255 − 19` (fiat-crypto's tight form).
#[derive(Clone, Copy)]
struct Fe(f::fiat_25519_tight_field_element);

impl Fe {
    fn from_bytes(bytes: &[u8; 32]) -> Fe {
        // fiat-crypto reads 255 bits: the caller clears the top bit.
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_from_bytes(&mut out, bytes);
        Fe(out)
    }
    fn to_bytes(self) -> [u8; 32] {
        let mut out = [0u8; 32];
        f::fiat_25519_to_bytes(&mut out, &self.0);
        out
    }
    fn loose(self) -> f::fiat_25519_loose_field_element {
        let mut out = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_relax(&mut out, &self.0);
        out
    }
    fn mul(self, other: Fe) -> Fe {
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry_mul(&mut out, &self.loose(), &other.loose());
        Fe(out)
    }
    fn square(self) -> Fe {
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry_square(&mut out, &self.loose());
        Fe(out)
    }
    fn squares(self, k: u32) -> Fe {
        (0..k).fold(self, |x, _| x.square())
    }
    fn add(self, other: Fe) -> Fe {
        let mut sum = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_add(&mut sum, &self.0, &other.0);
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry(&mut out, &sum);
        Fe(out)
    }
    fn sub(self, other: Fe) -> Fe {
        let mut diff = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_sub(&mut diff, &self.0, &other.0);
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry(&mut out, &diff);
        Fe(out)
    }
    fn neg(self) -> Fe {
        let mut neg = f::fiat_25519_loose_field_element([0; 5]);
        f::fiat_25519_opp(&mut neg, &self.0);
        let mut out = f::fiat_25519_tight_field_element([0; 5]);
        f::fiat_25519_carry(&mut out, &neg);
        Fe(out)
    }
    /// Equality of the canonical encodings.
    fn equals(self, other: Fe) -> bool {
        self.to_bytes() == other.to_bytes()
    }
    fn is_zero(self) -> bool {
        self.to_bytes() == [0u8; 32]
    }
    /// `x^((p − 5)/8) = x^(2^252 − 3)`: `2^252 − 3 = 4·(2^250 − 1) + 1`, with
    /// `x^(2^(a+b) − 1) = (x^(2^a − 1))^(2^b)·x^(2^b − 1)` (251 squarings, 11
    /// multiplications).
    fn pow_p58(self) -> Fe {
        let e1 = self;
        let e2 = e1.square().mul(e1);
        let e4 = e2.squares(2).mul(e2);
        let e5 = e4.square().mul(e1);
        let e10 = e5.squares(5).mul(e5);
        let e20 = e10.squares(10).mul(e10);
        let e40 = e20.squares(20).mul(e20);
        let e50 = e40.squares(10).mul(e10);
        let e100 = e50.squares(50).mul(e50);
        let e200 = e100.squares(100).mul(e100);
        let e250 = e200.squares(50).mul(e50);
        e250.squares(2).mul(self)
    }
}

const fn fe(bytes: [u8; 32]) -> [u8; 32] {
    bytes
}

/// `1`.
const ONE: [u8; 32] =
    fe([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
/// `d = −121665/121666`.
const D: [u8; 32] = fe([
    163, 120, 89, 19, 202, 77, 235, 117, 171, 216, 65, 65, 77, 10, 112, 0, 152, 232, 121, 119, 121, 64, 199, 140, 115,
    254, 111, 43, 238, 108, 3, 82,
]);
/// `1 + d`.
const ONE_PLUS_D: [u8; 32] = fe([
    164, 120, 89, 19, 202, 77, 235, 117, 171, 216, 65, 65, 77, 10, 112, 0, 152, 232, 121, 119, 121, 64, 199, 140, 115,
    254, 111, 43, 238, 108, 3, 82,
]);
/// `a − d = −(1 + d)`.
const A_MINUS_D: [u8; 32] = fe([
    73, 135, 166, 236, 53, 178, 20, 138, 84, 39, 190, 190, 178, 245, 143, 255, 103, 23, 134, 136, 134, 191, 56, 115,
    140, 1, 144, 212, 17, 147, 252, 45,
]);
/// `κ = 2i(1 + C)`, `C = √(1 + d)` the root with `1 + C` a non-square.
const KAPPA: [u8; 32] = fe([
    169, 157, 19, 39, 143, 35, 12, 135, 108, 114, 80, 145, 37, 76, 193, 189, 73, 83, 227, 223, 196, 250, 19, 117, 110,
    79, 138, 246, 126, 172, 216, 69,
]);
/// `i = √−1 = 2^((p − 1)/4)`.
const SQRT_M1: [u8; 32] = fe([
    176, 160, 14, 74, 39, 27, 238, 196, 120, 228, 47, 173, 6, 24, 67, 47, 167, 215, 251, 61, 153, 0, 77, 43, 11, 223,
    193, 79, 128, 36, 131, 43,
]);

/// Is the point encoded by `bytes` (a canonical encoding of a point on
/// Ed25519, as checked by decompression) in the prime-order subgroup?
/// `None` if the bytes are not on the curve.
///
/// The sign bit is ignored (`−P` is in the subgroup iff `P` is), so this
/// is not a decoder: `Ed25519::decompress` screens `y ≥ p` and negative
/// zero (the identity's encoding with the sign bit set would pass here)
/// before asking.
pub(crate) fn in_prime_order_subgroup(bytes: &[u8; 32]) -> Option<bool> {
    let mut y_bytes = *bytes;
    if let Some(last) = y_bytes.last_mut() {
        *last &= 0x7f;
    }
    let one = Fe::from_bytes(&ONE);
    let d = Fe::from_bytes(&D);
    let i = Fe::from_bytes(&SQRT_M1);
    let y = Fe::from_bytes(&y_bytes);
    // x from y (RFC 8032 §5.1.3; its sign does not matter: −P is in the
    // subgroup iff P is): x² = (y² − 1)/(d·y² + 1).
    let yy = y.square();
    let u = yy.sub(one);
    let v = d.mul(yy).add(one);
    let v3 = v.square().mul(v);
    let uv7 = u.mul(v3.square().mul(v));
    let mut x = u.mul(v3).mul(uv7.pow_p58());
    let vxx = v.mul(x.square());
    if !vxx.equals(u) {
        if vxx.equals(u.neg()) {
            x = x.mul(i);
        } else {
            return None;
        }
    }
    // Step 0: E[8].
    if x.is_zero() {
        return Some(y.equals(one));
    }
    if y.is_zero() {
        return Some(false);
    }
    let iy = i.mul(y);
    if x.equals(iy) || x.equals(iy.neg()) {
        return Some(false);
    }
    // Step 1: N = (a − d)(1 − y²) a square, r = √N.
    let n = Fe::from_bytes(&A_MINUS_D).mul(one.sub(yy));
    let mut r = n.mul(n.pow_p58());
    let rr = r.square();
    if !rr.equals(n) {
        if rr.equals(n.neg()) {
            r = r.mul(i);
        } else {
            return Some(false);
        }
    }
    // Step 2: the quartic symbol of g = x³·(1 − y)·L²·M³.
    let one_plus_d = Fe::from_bytes(&ONE_PLUS_D);
    let one_minus_y = one.sub(y);
    let k = x.mul(one.add(d.mul(y))).add(r);
    let m = one_plus_d.mul(x).mul(y).add(r);
    let two_r = r.add(r);
    let l = Fe::from_bytes(&KAPPA).mul(m).mul(one_minus_y).sub(two_r.mul(k));
    let g = x.square().mul(x).mul(one_minus_y).mul(l.square()).mul(m.square().mul(m));
    // g^((p − 1)/4) = (g^((p − 5)/8))²·g.
    let e = g.pow_p58();
    Some(e.square().mul(g).equals(one))
}

#[cfg(test)]
mod tests {
    use super::*;
    use curve25519_dalek::constants::{ED25519_BASEPOINT_POINT, EIGHT_TORSION};
    use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
    use curve25519_dalek::scalar::Scalar;
    use curve25519_dalek::traits::IsIdentity;
    use rand::{RngCore, SeedableRng};

    fn slow(p: &EdwardsPoint) -> bool {
        p.is_torsion_free()
    }

    /// The constants are what their names say.
    #[test]
    fn constants() {
        let one = Fe::from_bytes(&ONE);
        let d = Fe::from_bytes(&D);
        let i = Fe::from_bytes(&SQRT_M1);
        // d·121666 = −121665.
        let small = |v: u32| {
            let mut b = [0u8; 32];
            b[..4].copy_from_slice(&v.to_le_bytes());
            Fe::from_bytes(&b)
        };
        assert!(d.mul(small(121666)).equals(small(121665).neg()));
        assert!(i.square().equals(one.neg()));
        assert!(Fe::from_bytes(&ONE_PLUS_D).equals(one.add(d)));
        assert!(Fe::from_bytes(&A_MINUS_D).equals(one.add(d).neg()));
        // κ = 2i(1 + C) with C² = 1 + d and 1 + C a non-square
        // (χ(z) = z^((p − 1)/2) = (z^((p − 5)/8))⁴·z²).
        let c = Fe::from_bytes(&[
            194, 94, 224, 84, 27, 175, 237, 69, 126, 5, 84, 56, 37, 143, 10, 26, 24, 23, 179, 237, 93, 38, 251, 143,
            238, 94, 23, 80, 66, 21, 107, 63,
        ]);
        assert!(c.square().equals(one.add(d)));
        let one_plus_c = one.add(c);
        assert!(Fe::from_bytes(&KAPPA).equals(small(2).mul(i).mul(one_plus_c)));
        let chi = one_plus_c.pow_p58().square().square().mul(one_plus_c.square());
        assert!(chi.equals(one.neg()));
    }

    #[test]
    fn pow_p58_is_the_exponent() {
        // Against square-and-multiply by the bits of (p − 5)/8 = 2^252 − 3
        // (binary: 250 ones, then 0, 1).
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        let one = Fe::from_bytes(&ONE);
        let bits = core::iter::repeat_n(true, 250).chain([false, true]);
        for _ in 0..50 {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            b[31] &= 0x7f;
            let x = Fe::from_bytes(&b);
            let reference = bits.clone().fold(one, |acc, bit| if bit { acc.square().mul(x) } else { acc.square() });
            assert!(x.pow_p58().equals(reference));
        }
    }

    /// Every point of every coset `P + T`, `T ∈ E[8]`, and the eight
    /// torsion points themselves: the same verdict as `ℓ·P = 𝟙`.
    #[test]
    fn agrees_with_the_scalar_multiplication_on_all_cosets() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        for t in EIGHT_TORSION.iter() {
            let c = t.compress();
            assert_eq!(in_prime_order_subgroup(c.as_bytes()), Some(t.is_identity()), "torsion point {c:?}");
        }
        for k in 0..400 {
            let mut wide = [0u8; 64];
            rng.fill_bytes(&mut wide);
            let s = Scalar::from_bytes_mod_order_wide(&wide);
            let p = ED25519_BASEPOINT_POINT * s;
            for (j, t) in EIGHT_TORSION.iter().enumerate() {
                let q = if k % 2 == 0 { p + t } else { -(p + t) };
                let c = q.compress();
                assert_eq!(in_prime_order_subgroup(c.as_bytes()), Some(slow(&q)), "coset {j}, point {k}");
                assert_eq!(slow(&q), j == 0);
            }
        }
        // Small multiples of the base point and of ℓ − 1.
        for s in [Scalar::ONE, Scalar::from(2u8), Scalar::from(3u8), -Scalar::ONE, -Scalar::from(2u8)] {
            let p = ED25519_BASEPOINT_POINT * s;
            assert_eq!(in_prime_order_subgroup(p.compress().as_bytes()), Some(true));
        }
    }

    /// Random encodings: whatever decompresses gets the same verdict as
    /// `ℓ·P = 𝟙`, and what does not is `None`.
    #[test]
    fn agrees_on_random_encodings() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let (mut on, mut off) = (0, 0);
        for _ in 0..600 {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            b[31] &= 0x7f; // y < 2^255; y ≥ p (19 values) is negligible here
            match CompressedEdwardsY(b).decompress() {
                Some(p) => {
                    on += 1;
                    assert_eq!(in_prime_order_subgroup(&b), Some(slow(&p)));
                }
                None => {
                    off += 1;
                    assert_eq!(in_prime_order_subgroup(&b), None);
                }
            }
        }
        assert!(on > 200 && off > 200);
    }
}
