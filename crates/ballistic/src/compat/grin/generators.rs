//! Grin's generators and its point conventions.
//!
//! * `G`: secp256k1's base point, the *blinding* generator (secp256k1-zkp's
//!   `blinding_gen`, Grin's `GENERATOR_G`).
//! * `H`: the default *value* generator, secp256k1-zkp's
//!   `secp256k1_generator_const_h` (Grin's `GENERATOR_H`); any other point may
//!   be a proof's value generator (Grin's `value_gen`).
//! * `𝐆, 𝐇`: `secp256k1_bulletproof_generators_create(ctx, G, 256)` as
//!   Grin's wrapper calls it once (`shared_generators` in `src/pedersen.rs`,
//!   `MAX_GENERATORS = 256`): an RFC 6979 HMAC-SHA256 stream seeded with the
//!   64 bytes `x(G) ‖ y(G)` yields 256 seeds `s_i`; generator `i` is
//!   `SvdW(SHA256("1st generation: " ‖ s_i)) + SvdW(SHA256("2nd generation: " ‖ s_i))`
//!   (`secp256k1_generator_generate`, the Shallue–van de Woestijne map of
//!   Fouque–Tibouchi as secp256k1-zkp writes it). `𝐆_k` is generator `k`,
//!   `𝐇_k` generator `128 + k`, so every statement has `n·m ≤ 128`.
//!
//! **Points on the wire.** secp256k1-zkp writes a point as its
//! x-coordinate and one bit saying whether `y` is a quadratic *non*-residue
//! (of `y` and `−y` exactly one is a square, as `p ≡ 3 mod 4`); reading
//! takes the square root `(x³+7)^((p+1)/4)`, which is always the square one,
//! and negates it if the bit is set. Commitments use the prefix byte
//! `0x08 | bit` (33 bytes), generators `0x0a | bit`.

use alloc::vec::Vec;

use k256::elliptic_curve::sec1::{FromEncodedPoint, ToEncodedPoint};
use k256::{AffinePoint, EncodedPoint, FieldBytes, FieldElement, ProjectivePoint};
use sha2::{Digest, Sha256};
use subtle::{Choice, ConditionallySelectable};

use crate::errors::ProofError;
use crate::generators::{BulletproofGens, Generators, PedersenGens};
use crate::group::Secp256k1;
use crate::lazy::Lazy;

/// Generators Grin creates (`MAX_GENERATORS` in `grin_secp256k1zkp`'s
/// `src/pedersen.rs`): 128 `𝐆_k` followed by 128 `𝐇_k`.
pub const GRIN_GENERATORS: usize = 256;
/// Longest bit vector `N = n·m` a proof over Grin's generators can have.
pub const MAX_VECTOR: usize = GRIN_GENERATORS / 2;

/// `secp256k1_generator_const_h` (secp256k1-zkp
/// `src/modules/generator/main_impl.h`; Grin's `GENERATOR_H` in
/// `src/constants.rs`): `x ‖ y`.
pub const GENERATOR_H_XY: [u8; 64] = [
    0x50, 0x92, 0x9b, 0x74, 0xc1, 0xa0, 0x49, 0x54, 0xb7, 0x8b, 0x4b, 0x60, 0x35, 0xe9, 0x7a, 0x5e, 0x07, 0x8a, 0x5a,
    0x0f, 0x28, 0xec, 0x96, 0xd5, 0x47, 0xbf, 0xee, 0x9a, 0xce, 0x80, 0x3a, 0xc0, 0x31, 0xd3, 0xc6, 0x86, 0x39, 0x73,
    0x92, 0x6e, 0x04, 0x9e, 0x63, 0x7c, 0xb1, 0xb5, 0xf4, 0x0a, 0x36, 0xda, 0xc2, 0x8a, 0xf1, 0x76, 0x69, 0x68, 0xc3,
    0x0c, 0x23, 0x13, 0xf3, 0xa3, 0x89, 0x04,
];

/// `c = √−3` of the Shallue–van de Woestijne map (secp256k1-zkp
/// `src/modules/generator/main_impl.h`).
const SVDW_C: [u8; 32] = [
    0x0a, 0x2d, 0x2b, 0xa9, 0x35, 0x07, 0xf1, 0xdf, 0x23, 0x37, 0x70, 0xc2, 0xa7, 0x97, 0x96, 0x2c, 0xc6, 0x1f, 0x6d,
    0x15, 0xda, 0x14, 0xec, 0xd4, 0x7d, 0x8d, 0x27, 0xae, 0x1c, 0xd5, 0xf8, 0x52,
];
/// `d = (c − 1)/2` (same file).
const SVDW_D: [u8; 32] = [
    0x85, 0x16, 0x95, 0xd4, 0x9a, 0x83, 0xf8, 0xef, 0x91, 0x9b, 0xb8, 0x61, 0x53, 0xcb, 0xcb, 0x16, 0x63, 0x0f, 0xb6,
    0x8a, 0xed, 0x0a, 0x76, 0x6a, 0x3e, 0xc6, 0x93, 0xd6, 0x8e, 0x6a, 0xfa, 0x40,
];

/// A point as Grin's transcript and wire format see it: its x-coordinate
/// (big-endian) and whether its `y` is a quadratic non-residue.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct WirePoint {
    pub(crate) x: [u8; 32],
    pub(crate) non_square: bool,
}

fn fe(bytes: &[u8; 32]) -> Option<FieldElement> {
    Option::from(FieldElement::from_bytes(&FieldBytes::clone_from_slice(bytes)))
}

fn fe_const(bytes: &[u8; 32]) -> FieldElement {
    // The constants above are below p.
    fe(bytes).unwrap_or(FieldElement::ZERO)
}

fn is_square(y: &FieldElement) -> Choice {
    y.sqrt().is_some()
}

/// `(x, y)` of a point (`None` for the identity).
fn affine_xy(p: &ProjectivePoint) -> Option<([u8; 32], [u8; 32])> {
    let encoded = p.to_affine().to_encoded_point(false);
    let x: [u8; 32] = encoded.x()?.as_slice().try_into().ok()?;
    let y: [u8; 32] = encoded.y()?.as_slice().try_into().ok()?;
    Some((x, y))
}

fn from_xy(x: &FieldElement, y: &FieldElement) -> Option<ProjectivePoint> {
    let encoded = EncodedPoint::from_affine_coordinates(&x.to_bytes(), &y.to_bytes(), false);
    let affine: Option<AffinePoint> = Option::from(AffinePoint::from_encoded_point(&encoded));
    affine.map(ProjectivePoint::from)
}

/// The wire form of a point (`None` for the identity, which Grin cannot
/// write). Variable time: only for public points.
pub(crate) fn wire(p: &ProjectivePoint) -> Option<WirePoint> {
    let (x, y) = affine_xy(p)?;
    let y = fe(&y)?;
    Some(WirePoint { x, non_square: !bool::from(is_square(&y)) })
}

/// The point with x-coordinate `x` and the square (`non_square = false`)
/// or non-square `y`. Refuses `x ≥ p` (secp256k1-zkp reduces it instead:
/// ballistic keeps one encoding per point) and `x` not on the curve.
pub(crate) fn from_wire(x: &[u8; 32], non_square: bool) -> Option<ProjectivePoint> {
    let x = fe(x)?;
    let rhs = (x.square() * x + FieldElement::from_u64(7)).normalize();
    let y: FieldElement = Option::from(rhs.sqrt())?;
    let y = y.normalize();
    let y = if non_square { y.negate(1).normalize() } else { y };
    from_xy(&x, &y)
}

/// Parse a 33-byte point with prefix `base | bit` (`base` 8 for
/// commitments, 10 for generators).
fn parse_prefixed(bytes: &[u8; 33], base: u8) -> Option<ProjectivePoint> {
    if bytes[0] & 0xfe != base {
        return None;
    }
    let x: [u8; 32] = bytes[1..].try_into().ok()?;
    from_wire(&x, bytes[0] & 1 == 1)
}

fn write_prefixed(p: &ProjectivePoint, base: u8) -> Option<[u8; 33]> {
    let w = wire(p)?;
    let mut out = [0u8; 33];
    out[0] = base | u8::from(w.non_square);
    out[1..].copy_from_slice(&w.x);
    Some(out)
}

/// Parse a Grin (secp256k1-zkp) Pedersen commitment: `0x08 | bit ‖ x`.
pub fn commitment_from_bytes(bytes: &[u8; 33]) -> Result<ProjectivePoint, ProofError> {
    parse_prefixed(bytes, 8).ok_or(ProofError::InvalidCommitment { index: 0 })
}

/// Write a commitment in Grin's 33-byte form; `None` for the identity
/// (which has no encoding).
pub fn commitment_to_bytes(p: &ProjectivePoint) -> Option<[u8; 33]> {
    write_prefixed(p, 8)
}

/// Parse a secp256k1-zkp generator (`secp256k1_generator_parse`):
/// `0x0a | bit ‖ x`.
pub fn generator_from_bytes(bytes: &[u8; 33]) -> Option<ProjectivePoint> {
    parse_prefixed(bytes, 10)
}

/// Write a generator in secp256k1-zkp's 33-byte form (`None` for the
/// identity).
pub fn generator_to_bytes(p: &ProjectivePoint) -> Option<[u8; 33]> {
    write_prefixed(p, 10)
}

/// A point from the 64-byte `x ‖ y` form of secp256k1-zkp's
/// `secp256k1_generator` (Grin's `GENERATOR_G`, `GENERATOR_H`).
pub fn point_from_xy(bytes: &[u8; 64]) -> Option<ProjectivePoint> {
    let x: [u8; 32] = bytes[..32].try_into().ok()?;
    let y: [u8; 32] = bytes[32..].try_into().ok()?;
    from_xy(&fe(&x)?, &fe(&y)?)
}

/// The 64-byte `x ‖ y` form of a point (secp256k1-zkp's
/// `secp256k1_generator` layout); `None` for the identity.
pub fn point_to_xy(p: &ProjectivePoint) -> Option<[u8; 64]> {
    let (x, y) = affine_xy(p)?;
    let mut out = [0u8; 64];
    out[..32].copy_from_slice(&x);
    out[32..].copy_from_slice(&y);
    Some(out)
}

/// The Shallue–van de Woestijne map as `shallue_van_de_woestijne` in
/// secp256k1-zkp computes it (the first of `x₁, x₂, x₃` with `x³+7` a
/// square, the square root, negated when `t` is odd).
fn svdw(t: &FieldElement) -> Option<ProjectivePoint> {
    let c = fe_const(&SVDW_C);
    let d = fe_const(&SVDW_D);
    let b = FieldElement::from_u64(7);
    let t = t.normalize();
    let wn = (c * t).normalize();
    let wd = (t.square() + FieldElement::from_u64(8)).normalize();
    let x1n = (d * wd - t * wn).normalize();
    let x2n = (x1n + wd).normalize().negate(1).normalize();
    let x3d = (c * t).square().normalize();
    let x3n = (wd.square() + x3d).normalize();
    let jinv: FieldElement = Option::from((x3d * wd).normalize().invert())?;
    let x1 = (x1n * x3d * jinv).normalize();
    let x2 = (x2n * x3d * jinv).normalize();
    let x3 = (x3n * wd * jinv).normalize();
    let curve = |x: &FieldElement| (x.square() * x + b).normalize();
    let (alpha, beta, gamma) = (curve(&x1), curve(&x2), curve(&x3));
    let y1 = alpha.sqrt();
    let y2 = beta.sqrt();
    let y3 = gamma.sqrt();
    let (x, y) = if bool::from(y1.is_some()) {
        (x1, y1.unwrap_or(FieldElement::ZERO))
    } else if bool::from(y2.is_some()) {
        (x2, y2.unwrap_or(FieldElement::ZERO))
    } else {
        (x3, Option::from(y3)?)
    };
    let y = y.normalize();
    let y = FieldElement::conditional_select(&y, &y.negate(1).normalize(), t.is_odd());
    from_xy(&x, &y)
}

/// `secp256k1_generator_generate(seed)`.
fn generator_generate(seed: &[u8; 32]) -> Option<ProjectivePoint> {
    let half = |prefix: &[u8; 16]| -> Option<ProjectivePoint> {
        let digest: [u8; 32] = Sha256::new().chain_update(prefix).chain_update(seed).finalize().into();
        svdw(&fe(&digest)?)
    };
    Some(half(b"1st generation: ")? + half(b"2nd generation: ")?)
}

fn hmac_sha256(key: &[u8; 32], parts: &[&[u8]]) -> [u8; 32] {
    // HMAC (RFC 2104) with SHA-256: the key is one block's worth or less.
    let mut ipad = [0x36u8; 64];
    let mut opad = [0x5cu8; 64];
    for ((i, o), k) in ipad.iter_mut().zip(opad.iter_mut()).zip(key) {
        *i ^= k;
        *o ^= k;
    }
    let mut inner = Sha256::new().chain_update(ipad);
    for p in parts {
        inner.update(p);
    }
    Sha256::new().chain_update(opad).chain_update(inner.finalize()).finalize().into()
}

/// secp256k1's RFC 6979 HMAC-SHA256 generator (`secp256k1_rfc6979_hmac_sha256_*`
/// in `src/hash_impl.h`), producing 32-byte blocks.
struct Rfc6979 {
    k: [u8; 32],
    v: [u8; 32],
    retry: bool,
}

impl Rfc6979 {
    fn new(key: &[u8]) -> Self {
        let mut k = [0u8; 32];
        let mut v = [1u8; 32];
        for sep in [0u8, 1u8] {
            k = hmac_sha256(&k, &[&v, &[sep], key]);
            v = hmac_sha256(&k, &[&v]);
        }
        Rfc6979 { k, v, retry: false }
    }

    fn next(&mut self) -> [u8; 32] {
        if self.retry {
            self.k = hmac_sha256(&self.k, &[&self.v, &[0u8]]);
            self.v = hmac_sha256(&self.k, &[&self.v]);
        }
        self.v = hmac_sha256(&self.k, &[&self.v]);
        self.retry = true;
        self.v
    }
}

/// Grin's generators, derived once ([`grin_generators`]).
pub struct GrinGenerators {
    /// `B = H` (value), `B̃ = G` (blinding); `𝐆` and `𝐇` (128 each) as one
    /// chain, with ballistic's precomputed table for the verifier (built on
    /// first verification).
    gens: Generators<Secp256k1>,
    h_wire: WirePoint,
}

impl core::fmt::Debug for GrinGenerators {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("GrinGenerators").finish_non_exhaustive()
    }
}

impl GrinGenerators {
    fn derive() -> Self {
        let g = ProjectivePoint::GENERATOR;
        let mut seed = [0u8; 64];
        if let Some((x, y)) = affine_xy(&g) {
            seed[..32].copy_from_slice(&x);
            seed[32..].copy_from_slice(&y);
        }
        let mut rng = Rfc6979::new(&seed);
        let all: Vec<ProjectivePoint> = (0..GRIN_GENERATORS)
            // secp256k1-zkp aborts (CHECK) where this falls back; a test
            // compares every generator with the C library's.
            .map(|_| generator_generate(&rng.next()).unwrap_or(ProjectivePoint::GENERATOR))
            .collect();
        let (gs, hs) = all.split_at(MAX_VECTOR);
        let h = point_from_xy(&GENERATOR_H_XY).unwrap_or(ProjectivePoint::GENERATOR);
        GrinGenerators {
            gens: Generators::from_parts(
                PedersenGens { b: h, b_blinding: g },
                BulletproofGens::from_chains(alloc::vec![gs.to_vec()], alloc::vec![hs.to_vec()])
                    .unwrap_or_else(|| BulletproofGens::new(0, 0)),
            ),
            h_wire: wire(&h).unwrap_or(WirePoint { x: [0; 32], non_square: false }),
        }
    }

    /// `𝐆_k` (k < 128).
    pub fn g_vec(&self) -> &[ProjectivePoint] {
        self.gens.vector().g_chains().first().map(Vec::as_slice).unwrap_or(&[])
    }

    /// `𝐇_k` (k < 128).
    pub fn h_vec(&self) -> &[ProjectivePoint] {
        self.gens.vector().h_chains().first().map(Vec::as_slice).unwrap_or(&[])
    }

    /// The default value generator `H` (Grin's `GENERATOR_H`).
    pub fn value_gen(&self) -> ProjectivePoint {
        self.gens.pedersen().b
    }

    /// The blinding generator `G` (secp256k1's base point).
    pub fn blinding_gen(&self) -> ProjectivePoint {
        self.gens.pedersen().b_blinding
    }

    /// Grin's generators as ballistic's one setup type: Pedersen bases
    /// `B = H`, `B̃ = G` and `𝐆, 𝐇` as one chain of 128 vector generators,
    /// for [`crate::batch`] and [`crate::equation::Equation::verify`].
    pub fn generators(&self) -> &Generators<Secp256k1> {
        &self.gens
    }

    pub(crate) fn h_wire(&self) -> WirePoint {
        self.h_wire
    }
}

static GENERATORS: Lazy<GrinGenerators> = Lazy::new();

/// Grin's generators, derived on first use and shared.
pub fn grin_generators() -> &'static GrinGenerators {
    GENERATORS.get_or_init(GrinGenerators::derive)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h_and_wire_round_trip() {
        let gens = grin_generators();
        let h = gens.value_gen();
        let bytes = generator_to_bytes(&h).unwrap();
        assert_eq!(generator_from_bytes(&bytes).unwrap(), h);
        let c = commitment_to_bytes(&-h).unwrap();
        assert_eq!(commitment_from_bytes(&c).unwrap(), -h);
        assert_ne!(c[0] & 1, bytes[0] & 1);
    }
}
