//! Ed25519's prime-order subgroup on `curve25519-dalek` 5.
//!
//! The curve `E: −x² + y² = 1 + d·x²y²` over `𝔽_p`, `p = 2²⁵⁵ − 19`, has
//! `8·ℓ` points; this backend is the subgroup of order `ℓ` (the group
//! Ed25519 signatures and Monero's RingCT live in), with the same scalars as
//! [`super::Ristretto255`] (`curve25519_dalek::Scalar`).
//!
//! **Every point is in the subgroup.** Points enter the group only through
//! the base point, [`Group::hash_to_point`] (which multiplies by the
//! cofactor 8) and [`Group::decompress`], which accepts exactly the canonical
//! encodings of subgroup elements:
//!
//! * the 32 bytes are `y` (255 bits, little-endian) and the sign of `x`;
//!   `y ≥ p` and "negative zero" (`x = 0` with the sign bit set, possible
//!   for `y = ±1`) are refused, so every point has one encoding (checked
//!   by re-encoding the decoded point);
//! * points with a torsion component (`P = Q + T`, `T ≠ 𝟙` of order
//!   dividing 8) are refused, which includes the seven non-trivial points of
//!   small order. Membership of the prime-order subgroup is decided with a
//!   square root and a quartic residue symbol (the module
//!   `subgroup25519`; the same verdict as `ℓ·P = 𝟙` for every point, at
//!   less than half its cost).
//!
//! Why refuse rather than clear torsion (multiply by 8, as Monero's verifiers
//! do)? The protocols are proved for a group of prime order: in a group of
//! order `8ℓ` a prover could add a small-order point to a proof point
//! without changing what the verifier computes after clearing (a
//! malleability), and a point with torsion has no unique "meaning" for the
//! transcript, which hashes encodings. Refusing makes the encoding of a
//! group element unique, as Ristretto255 does by construction. The identity
//! (of order 1, the group's neutral element) is accepted here, like
//! Ristretto255's; protocols refuse it where a point must not be it.
//! Monero's range proofs can also be decoded as Monero's verifier decodes
//! them, torsion cleared (`compat::monero::MoneroConsensus::Monero`), for
//! nodes that must accept exactly what Monero accepts; that mode does its
//! own decoding and leaves this one strict.
//!
//! **Hash to the group** (`hash_to_point`): each 32-byte half of the 64
//! uniform bytes, read as an integer below `2²⁵⁶` and reduced mod `p` (the
//! 2·10⁻⁷⁶ bias is negligible), goes through Elligator 2 on Curve25519
//! ([`elligator2`]; Bernstein, Hamburg, Krasnova, Lange 2013, §5.5, with
//! non-square `2`) to a curve point; the two points are added and the sum
//! multiplied by 8. The sum of two Elligator 2 images of independent
//! uniform field elements is statistically close to uniform on `E`
//! (Elligator 2 is a well-distributed encoding: Farashahi, Fouque,
//! Shparlinski, Tibouchi, Voloch 2013; the same construction as RFC 9380's
//! `hash_to_curve`), and `P ↦ 8·P` maps the uniform distribution on `E`
//! (order `8ℓ`) to the uniform distribution on the subgroup (every subgroup
//! element has exactly 8 preimages). So the output is uniform in the
//! subgroup and nobody knows its discrete logarithm to any other.

use core::borrow::Borrow;

use curve25519_dalek::constants::ED25519_BASEPOINT_POINT;
use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint, VartimeEdwardsPrecomputation};
use curve25519_dalek::montgomery::MontgomeryPoint;
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{
    Identity, IsIdentity, MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};
use fiat_crypto::curve25519_64 as fiat;
use subtle::{Choice, ConstantTimeEq};

use super::Group;

/// The prime-order subgroup of the Ed25519 curve.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Ed25519;

/// An element of `𝔽_p`, `p = 2²⁵⁵ − 19`, for the Elligator 2 map (fiat-crypto's
/// formally verified arithmetic, tight representation).
#[derive(Copy, Clone)]
struct Fe(fiat::fiat_25519_tight_field_element);

impl Fe {
    const ZERO: Fe = Fe(fiat::fiat_25519_tight_field_element([0; 5]));
    const ONE: Fe = Fe(fiat::fiat_25519_tight_field_element([1, 0, 0, 0, 0]));

    fn from_u64(v: u64) -> Fe {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&v.to_le_bytes());
        Fe::from_bytes_reduced(&bytes)
    }

    /// The 256-bit little-endian integer `bytes`, reduced mod `p`
    /// (`2²⁵⁵ ≡ 19`).
    fn from_bytes_reduced(bytes: &[u8; 32]) -> Fe {
        let mut low = *bytes;
        let top = low[31] >> 7;
        low[31] &= 0x7f;
        let mut fe = fiat::fiat_25519_tight_field_element([0; 5]);
        fiat::fiat_25519_from_bytes(&mut fe, &low);
        Fe(fe).add(&Fe::small(19 * u64::from(top)))
    }

    fn small(v: u64) -> Fe {
        // v < 2^51: a valid tight limb.
        Fe(fiat::fiat_25519_tight_field_element([v, 0, 0, 0, 0]))
    }

    fn to_bytes(self) -> [u8; 32] {
        let mut out = [0u8; 32];
        fiat::fiat_25519_to_bytes(&mut out, &self.0);
        out
    }

    fn loose(&self) -> fiat::fiat_25519_loose_field_element {
        let mut out = fiat::fiat_25519_loose_field_element([0; 5]);
        fiat::fiat_25519_relax(&mut out, &self.0);
        out
    }

    fn carry(l: &fiat::fiat_25519_loose_field_element) -> Fe {
        let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
        fiat::fiat_25519_carry(&mut out, l);
        Fe(out)
    }

    fn add(&self, other: &Fe) -> Fe {
        let mut l = fiat::fiat_25519_loose_field_element([0; 5]);
        fiat::fiat_25519_add(&mut l, &self.0, &other.0);
        Fe::carry(&l)
    }

    fn sub(&self, other: &Fe) -> Fe {
        let mut l = fiat::fiat_25519_loose_field_element([0; 5]);
        fiat::fiat_25519_sub(&mut l, &self.0, &other.0);
        Fe::carry(&l)
    }

    fn neg(&self) -> Fe {
        let mut l = fiat::fiat_25519_loose_field_element([0; 5]);
        fiat::fiat_25519_opp(&mut l, &self.0);
        Fe::carry(&l)
    }

    fn mul(&self, other: &Fe) -> Fe {
        let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
        fiat::fiat_25519_carry_mul(&mut out, &self.loose(), &other.loose());
        Fe(out)
    }

    fn square(&self) -> Fe {
        let mut out = fiat::fiat_25519_tight_field_element([0; 5]);
        fiat::fiat_25519_carry_square(&mut out, &self.loose());
        Fe(out)
    }

    /// `self^e` for a public exponent `e` (little-endian bytes): square and
    /// multiply over every bit, the same operations for every base.
    fn pow(&self, e: &[u8; 32]) -> Fe {
        let mut acc = Fe::ONE;
        for bit in (0..256).rev() {
            acc = acc.square();
            let m = acc.mul(self);
            let set = (e.get(bit / 8).copied().unwrap_or(0) >> (bit % 8)) & 1;
            let mut out = [0u64; 5];
            fiat::fiat_25519_selectznz(&mut out, set, &acc.0 .0, &m.0 .0);
            acc = Fe(fiat::fiat_25519_tight_field_element(out));
        }
        acc
    }

    fn invert(&self) -> Fe {
        // p − 2 = 2^255 − 21.
        let mut e = [0xffu8; 32];
        e[0] = 0xeb;
        e[31] = 0x7f;
        self.pow(&e)
    }

    /// Is this a square in `𝔽_p` (zero included)? Euler's criterion, in
    /// constant time (the map may see a secret: a blinded asset's id).
    fn is_square(&self) -> Choice {
        // (p − 1)/2 = 2^254 − 10.
        let mut e = [0xffu8; 32];
        e[0] = 0xf6;
        e[31] = 0x3f;
        let chi = self.pow(&e).to_bytes();
        chi.ct_eq(&Fe::ONE.to_bytes()) | chi.ct_eq(&Fe::ZERO.to_bytes())
    }

    /// `a` where `choice` is 0, `b` where it is 1, in constant time.
    fn select(a: &Fe, b: &Fe, choice: Choice) -> Fe {
        let mut out = [0u64; 5];
        fiat::fiat_25519_selectznz(&mut out, choice.unwrap_u8(), &a.0 .0, &b.0 .0);
        Fe(fiat::fiat_25519_tight_field_element(out))
    }
}

/// Elligator 2 (Bernstein, Hamburg, Krasnova, Lange 2013, §5.5; non-square
/// `u = 2`) of the field element `bytes mod p` to a point of the full curve
/// (order `8ℓ`; **not** multiplied by the cofactor), as the Edwards point
/// birationally equivalent to the Curve25519 point found. This is the map
/// of Monero's `ge_fromfe_frombytes_vartime`.
///
/// With `A = 486662`: `υ = −A/(1 + 2r²)` (the denominator is never 0: `−1/2`
/// is not a square); if `υ³ + Aυ² + υ` is a square the Montgomery `u`
/// coordinate is `υ` and the Edwards `x` is taken negative (sign bit 1),
/// else it is `−υ − A` and `x` is taken positive. `None` only where the
/// birational map is undefined (`u = −1`), which no `r` reaches in
/// practice (probability `≈ 2⁻²⁵³` for a hashed input). Constant time in
/// `bytes` up to that case (the square test and the choice of `u` are
/// branch-free), so it may map a secret (a blinded asset tag's id).
pub fn elligator2(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
    let a = Fe::from_u64(486_662);
    let r = Fe::from_bytes_reduced(bytes);
    let r2 = r.square();
    let one_plus_2r2 = Fe::ONE.add(&r2.add(&r2));
    let upsilon = a.neg().mul(&one_plus_2r2.invert());
    let rhs = upsilon.add(&a).mul(&upsilon.square()).add(&upsilon);
    let epsilon = rhs.is_square();
    let u = Fe::select(&upsilon.neg().sub(&a), &upsilon, epsilon);
    MontgomeryPoint(u.to_bytes()).to_edwards(epsilon.unwrap_u8())
}

impl Group for Ed25519 {
    type Scalar = Scalar;
    type Point = EdwardsPoint;
    type Compressed = CompressedEdwardsY;

    const NAME: &'static str = "ed25519";
    const POINT_LEN: usize = 32;
    const TRANSCRIPT_DOMAIN: Option<&'static [u8]> = Some(b"ed25519");

    fn identity() -> EdwardsPoint {
        EdwardsPoint::identity()
    }
    fn basepoint() -> EdwardsPoint {
        ED25519_BASEPOINT_POINT
    }
    fn hash_to_point(uniform: &[u8; 64]) -> EdwardsPoint {
        // See the module documentation: 8·(E(r₀) + E(r₁)).
        let mut halves = [[0u8; 32]; 2];
        halves[0].copy_from_slice(&uniform[..32]);
        halves[1].copy_from_slice(&uniform[32..]);
        let sum: EdwardsPoint = halves.iter().map(|h| elligator2(h).unwrap_or_else(EdwardsPoint::identity)).sum();
        sum.mul_by_cofactor()
    }
    fn compress(p: &EdwardsPoint) -> CompressedEdwardsY {
        p.compress()
    }
    fn compressed_bytes(c: &CompressedEdwardsY) -> &[u8] {
        c.as_bytes()
    }
    fn compressed_from_slice(bytes: &[u8]) -> Option<CompressedEdwardsY> {
        CompressedEdwardsY::from_slice(bytes).ok()
    }
    fn decompress(c: &CompressedEdwardsY) -> Option<EdwardsPoint> {
        // dalek decodes y mod p and any sign bit, so canonicity is checked
        // here: y < p on the bytes, and no negative zero (x = 0 with the
        // sign bit set: only at y = ±1, i.e. the identity, refused here, and
        // the point of order 2, refused by the torsion check). Then the
        // torsion check (see the module docs): membership of the
        // prime-order subgroup by a square root and a quartic residue
        // symbol (`subgroup25519`, the same verdict as `ℓ·P = 𝟙`), in
        // variable time (points are public).
        let bytes = c.as_bytes();
        if !canonical_y(bytes) {
            return None;
        }
        let p = c.decompress()?;
        if p.is_identity() && *bytes != IDENTITY_BYTES {
            return None;
        }
        (super::subgroup25519::in_prime_order_subgroup(bytes) == Some(true)).then_some(p)
    }
    fn store_decode(bytes: &[u8]) -> Option<EdwardsPoint> {
        // Bytes pinned by the store's digest (written by `store_encode`
        // from derived generators, which are in the prime-order subgroup):
        // canonicity is still checked (cheap), the torsion check — about
        // twice the cost of decoding — is not.
        let c = CompressedEdwardsY::from_slice(bytes).ok()?;
        if !canonical_y(c.as_bytes()) {
            return None;
        }
        c.decompress()
    }
    fn is_identity_compressed(c: &CompressedEdwardsY) -> bool {
        c.as_bytes() == EdwardsPoint::identity().compress().as_bytes()
    }
    fn is_identity_vartime(p: &EdwardsPoint) -> bool {
        p.is_identity()
    }
    fn mul_ct(p: &EdwardsPoint, s: &Scalar) -> EdwardsPoint {
        p * s
    }
    fn msm_ct(scalars: &[Scalar], points: &[EdwardsPoint]) -> EdwardsPoint {
        EdwardsPoint::multiscalar_mul(scalars, points)
    }
    fn msm_vartime<I, J>(scalars: I, points: J) -> EdwardsPoint
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<EdwardsPoint>,
    {
        EdwardsPoint::vartime_multiscalar_mul(scalars, points)
    }

    type VartimeTable = VartimeEdwardsPrecomputation;
    // The same tables as Ristretto255's (a Ristretto point is an Edwards point).
    const VARTIME_TABLE_BYTES_PER_POINT: usize = 64 * 160;

    fn vartime_table(points: &[EdwardsPoint]) -> VartimeEdwardsPrecomputation {
        VartimeEdwardsPrecomputation::new(points)
    }
    fn vartime_table_len(table: &VartimeEdwardsPrecomputation) -> usize {
        table.len()
    }
    fn msm_vartime_precomputed(
        table: &VartimeEdwardsPrecomputation,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[EdwardsPoint],
    ) -> Option<EdwardsPoint> {
        // dalek asserts the lengths; a mismatch is reported, not a panic.
        if static_scalars.len() > table.len() || dynamic_scalars.len() != dynamic_points.len() {
            return None;
        }
        Some(table.vartime_mixed_multiscalar_mul(static_scalars, dynamic_scalars, dynamic_points))
    }
    /// The same arithmetic as Ristretto255 (dalek's Ristretto points are
    /// Edwards points), so the same measured crossover
    /// ([`super::Ristretto255::precomputed_is_faster`]).
    fn precomputed_is_faster(static_len: usize, dynamic_len: usize) -> bool {
        super::Ristretto255::precomputed_is_faster(static_len, dynamic_len)
    }
    fn precomputed_is_uncertain(static_len: usize, dynamic_len: usize) -> bool {
        super::Ristretto255::precomputed_is_uncertain(static_len, dynamic_len)
    }
    fn prover_tables_pay(static_len: usize) -> bool {
        super::Ristretto255::prover_tables_pay(static_len)
    }
    no_ct_tables!(EdwardsPoint, Scalar);
}

/// The encoding of the identity `(0, 1)`.
const IDENTITY_BYTES: [u8; 32] = {
    let mut b = [0u8; 32];
    b[0] = 1;
    b
};

/// Is the encoded `y` (the 255 low bits, little-endian) below
/// `p = 2^255 − 19`? The non-canonical encodings are `y ∈ [p, 2^255)`:
/// low byte at least `0xed`, the middle bytes `0xff`, the top byte
/// (without the sign bit) `0x7f`.
fn canonical_y(bytes: &[u8; 32]) -> bool {
    !(bytes[0] >= 0xed && bytes[1..31].iter().all(|b| *b == 0xff) && bytes[31] & 0x7f == 0x7f)
}

/// The eight points of order dividing 8 (the torsion subgroup `E[8]`), for
/// tests: a point `T` of order 8 is the torsion part `Q − 8⁻¹·(8·Q)` of an
/// Elligator 2 image `Q`, and its multiples are `E[8]`.
#[cfg(test)]
pub(crate) fn torsion_points() -> alloc::vec::Vec<EdwardsPoint> {
    let inv8 = Scalar::from(8u8).invert();
    let mut seed = [7u8; 32];
    let t8 = loop {
        seed[0] = seed[0].wrapping_add(1);
        let Some(q) = elligator2(&seed) else { continue };
        let t = q - q.mul_by_cofactor() * inv8;
        if !(t + t + t + t).is_identity() {
            break t;
        }
    };
    let mut out = alloc::vec::Vec::with_capacity(8);
    let mut acc = EdwardsPoint::identity();
    for _ in 0..8 {
        out.push(acc);
        acc += t8;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::ScalarOps;
    use rand::{RngCore, SeedableRng};

    #[test]
    fn eight_small_order_points() {
        let t = torsion_points();
        assert_eq!(t.len(), 8);
        for (i, p) in t.iter().enumerate() {
            assert!(p.is_small_order());
            assert_eq!(p.mul_by_cofactor(), EdwardsPoint::identity());
            let c = p.compress();
            if i == 0 {
                assert!(Ed25519::decompress(&c).is_some(), "the identity is the group's neutral element");
                assert!(Ed25519::is_identity_compressed(&c));
            } else {
                assert!(Ed25519::decompress(&c).is_none(), "small-order point {i} accepted");
            }
        }
        // All distinct.
        for i in 0..8 {
            for j in 0..i {
                assert_ne!(t[i].compress(), t[j].compress());
            }
        }
    }

    #[test]
    fn mixed_order_points_are_refused() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        for t in torsion_points().iter().skip(1) {
            let p = Ed25519::mul_ct(&Ed25519::basepoint(), &<Scalar as ScalarOps>::random(&mut rng));
            assert!(Ed25519::decompress(&p.compress()).is_some());
            assert!(Ed25519::decompress(&(p + t).compress()).is_none());
        }
    }

    #[test]
    fn non_canonical_encodings_are_refused() {
        // y = p + k for small k (non-canonical y): p = 2^255 − 19.
        for k in 0u8..19 {
            let mut bytes = [0xffu8; 32];
            bytes[0] = 0xed + k;
            bytes[31] = 0x7f;
            assert!(Ed25519::decompress(&CompressedEdwardsY(bytes)).is_none(), "y = p + {k}");
        }
        // Negative zero: y = 1 (identity) and y = −1 with the sign bit set.
        let mut neg_identity = [0u8; 32];
        neg_identity[0] = 1;
        neg_identity[31] = 0x80;
        assert!(CompressedEdwardsY(neg_identity).decompress().is_some(), "dalek decodes it");
        assert!(Ed25519::decompress(&CompressedEdwardsY(neg_identity)).is_none());
        // Every canonical subgroup encoding round-trips; y + p (where < 2^255) is refused.
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        for _ in 0..20 {
            let p = Ed25519::mul_ct(&Ed25519::basepoint(), &<Scalar as ScalarOps>::random(&mut rng));
            let c = Ed25519::compress(&p);
            assert_eq!(Ed25519::decompress(&c), Some(p));
        }
        // y ∈ {0..18} + p: some of these are on the curve as y ∈ {0..18}.
        let mut on_curve = 0;
        for y in 0u8..19 {
            let mut bytes = [0u8; 32];
            bytes[0] = y;
            if CompressedEdwardsY(bytes).decompress().is_some() {
                on_curve += 1;
            }
        }
        assert!(on_curve > 0);
    }

    /// The fast decoder accepts exactly what dalek's strict reference
    /// accepts (re-encoding equal, `is_torsion_free`): on random bytes
    /// (about half decode, an eighth of those in the subgroup), on subgroup points with every torsion component
    /// added, and on every encoding of y ∈ [p, 2^255) and y ∈ {0, 1, 2, p − 1}
    /// with both sign bits.
    #[test]
    fn decompress_matches_the_reference() {
        let reference = |c: &CompressedEdwardsY| c.decompress().filter(|p| p.compress() == *c && p.is_torsion_free());
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let mut cases: alloc::vec::Vec<[u8; 32]> = alloc::vec::Vec::new();
        for _ in 0..400 {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            cases.push(b);
        }
        for k in 1..20u64 {
            let q = ED25519_BASEPOINT_POINT * Scalar::from(k * 1_000_003);
            for t in torsion_points() {
                cases.push((q + t).compress().to_bytes());
            }
        }
        for low in [0u8, 1, 2, 0xec, 0xed, 0xee, 0xf0, 0xff] {
            for sign in [0u8, 0x80] {
                let mut high = [0xffu8; 32];
                high[0] = low;
                high[31] = 0x7f | sign;
                cases.push(high);
                let mut small = [0u8; 32];
                small[0] = low;
                small[31] = sign;
                cases.push(small);
            }
        }
        let mut accepted = 0;
        for b in &cases {
            let c = CompressedEdwardsY(*b);
            let fast = Ed25519::decompress(&c);
            assert_eq!(fast, reference(&c), "{b:02x?}");
            accepted += usize::from(fast.is_some());
        }
        assert!(accepted >= 40, "{accepted}");
    }

    #[test]
    fn hash_to_point_lands_in_the_subgroup() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        for _ in 0..32 {
            let mut u = [0u8; 64];
            rng.fill_bytes(&mut u);
            let p = Ed25519::hash_to_point(&u);
            assert!(p.is_torsion_free());
            assert!(!p.is_identity());
            assert_eq!(Ed25519::decompress(&p.compress()), Some(p));
        }
    }

    #[test]
    fn elligator2_is_on_the_curve_and_matches_field_arithmetic() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4);
        for _ in 0..32 {
            let mut b = [0u8; 32];
            rng.fill_bytes(&mut b);
            let p = elligator2(&b).unwrap();
            // On the curve: decodes from its own encoding.
            assert_eq!(p.compress().decompress().map(|q| q.compress()), Some(p.compress()));
        }
        // Field sanity: x · x⁻¹ = 1, reduction of 2^256 − 1 = 37 mod p... (2^256 − 1 − 2p = 37).
        let x = Fe::from_u64(123_456_789);
        assert_eq!(x.mul(&x.invert()).to_bytes(), Fe::ONE.to_bytes());
        assert_eq!(Fe::from_bytes_reduced(&[0xff; 32]).to_bytes(), Fe::from_u64(37).to_bytes());
        assert!(bool::from(Fe::from_u64(4).is_square()));
        assert!(!bool::from(Fe::from_u64(2).is_square()));
    }

    #[test]
    fn msm_matches_naive() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        for n in [0usize, 1, 2, 7, 33, 200] {
            let scalars: Vec<Scalar> = (0..n).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
            let points: Vec<EdwardsPoint> = (0..n)
                .map(|_| {
                    let mut u = [0u8; 64];
                    rng.fill_bytes(&mut u);
                    Ed25519::hash_to_point(&u)
                })
                .collect();
            let naive: EdwardsPoint = scalars.iter().zip(&points).map(|(s, p)| p * s).sum();
            assert_eq!(Ed25519::msm_ct(&scalars, &points), naive);
            assert_eq!(Ed25519::msm_vartime(&scalars, &points), naive);
            let table = Ed25519::vartime_table(&points);
            let half = n / 2;
            let got = Ed25519::msm_vartime_precomputed(&table, &scalars[..half], &scalars[half..], &points[half..]);
            let expect: EdwardsPoint = scalars[..half].iter().zip(&points).map(|(s, p)| p * s).sum::<EdwardsPoint>()
                + scalars[half..].iter().zip(&points[half..]).map(|(s, p)| p * s).sum::<EdwardsPoint>();
            assert_eq!(got, Some(expect));
            assert_eq!(Ed25519::msm_vartime_precomputed(&table, &scalars, &[Scalar::ONE], &[]), None);
        }
    }
}
