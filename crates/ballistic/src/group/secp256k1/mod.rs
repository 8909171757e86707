//! secp256k1 (SEC 2 v2 §2.4.1), the curve of the Bulletproofs paper's
//! implementation, Bitcoin, Elements and Grin.
//!
//! # Choice of arithmetic
//!
//! Field, scalar and constant-time point arithmetic come from RustCrypto's
//! `k256` 0.13 (pure Rust, `no_std`, audited by NCC Group in 2020 for its
//! ECDSA use, maintained; 5 × 52-bit field limbs, complete projective
//! formulas, a constant-time GLV multiplication). The alternatives: the
//! `secp256k1` crate binds the C libsecp256k1, whose public API has no point
//! addition or multiscalar multiplication beyond `combine` on serialised
//! keys; `libsecp256k1` (parity) is unmaintained. With `expose-field`, k256
//! lets ballistic build the variable-time multiscalar multiplication the
//! verifier needs on top of its field (see [`msm`]); k256 itself only has
//! constant-time ones.
//!
//! * [`Group::mul_ct`], [`Group::msm_ct`]: ballistic's fixed-window
//!   multiplication over k256's complete additions and constant-time
//!   selection (`ct.rs`; k256's own GLV multiplication branches on a zero
//!   half-scalar, see there).
//! * [`Group::msm_vartime`] and the precomputed generator tables: ballistic's
//!   Straus/Pippenger with the GLV endomorphism, in Jacobian coordinates
//!   (`point.rs`, [`msm`]).
//!
//! # Encodings (ballistic's formats on this group)
//!
//! * Points: the 33-byte SEC1 compressed form `02/03 ‖ x` (big-endian `x`,
//!   tag = 2 + parity of `y`). Decoding accepts only that: tag 2 or 3,
//!   `x < p`, and `x³ + 7` a square. The identity, which SEC1 encodes as
//!   one zero byte, is written as 33 zero bytes so every point has the same
//!   length; the protocols refuse it wherever the proof carries a point
//!   (they accept it only as a commitment, as on Ristretto255).
//! * Scalars: 32 bytes, **little-endian** as on every ballistic group (one
//!   proof layout for all groups), canonical (`< n`).
//! * A 64-bit Bulletproofs range proof is `16·33 + 5·32 = 688` bytes, the
//!   paper's Table 2 figure for 33-byte points. Grin's C code writes 675:
//!   it drops the 16 tag bytes and packs the parity bits of its points
//!   into 2 bytes, plus a fixed-size layout; that packing needs a square
//!   root per point on decoding, which the compressed form needs as well,
//!   so it saves 13 bytes at no speed cost; ballistic keeps the standard
//!   point encoding so that every point in a proof is a SEC1 point.
//!
//! # Generators
//!
//! `hash_to_point` is RFC 9380 hash-to-curve, suite
//! `secp256k1_XMD:SHA-256_SSWU_RO_` (simplified SWU onto the 3-isogenous
//! curve, then the isogeny), with the domain-separation tag
//! [`HASH_TO_CURVE_DST`] and the 64 input bytes as the message; the chain
//! derivation above it is the project's ([`crate::generators`]). Nobody
//! knows the discrete logarithm of any output with respect to another.

mod ct;
mod h2c;
pub(crate) mod msm;
mod point;

use alloc::vec::Vec;
use core::borrow::Borrow;

use k256::elliptic_curve::bigint::U512;
use k256::elliptic_curve::group::prime::PrimeCurveAffine;
use k256::elliptic_curve::hash2curve::{ExpandMsgXmd, GroupDigest};
use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::point::{AffineCoordinates, DecompressPoint};
use k256::elliptic_curve::sec1::FromEncodedPoint;
use k256::elliptic_curve::subtle::{Choice, ConditionallySelectable};
use k256::elliptic_curve::PrimeField;
use k256::sha2::Sha256;
use k256::{AffinePoint, FieldBytes, ProjectivePoint, Scalar, Secp256k1 as K256};

use super::{Group, ScalarOps, SCALAR_LEN};

/// RFC 9380 domain-separation tag of ballistic's generator derivation.
pub const HASH_TO_CURVE_DST: &[u8] = b"ballistic-v1-generators-secp256k1_XMD:SHA-256_SSWU_RO_";

/// The secp256k1 group of prime order
/// `n = 2²⁵⁶ − 0x14551231950b75fc4402da1732fc9bebf`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Secp256k1;

/// A 33-byte compressed secp256k1 point (not validated until decompressed).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CompressedSecp256k1(pub [u8; 33]);

impl ScalarOps for Scalar {
    fn zero() -> Self {
        Scalar::ZERO
    }
    fn one() -> Self {
        Scalar::ONE
    }
    fn from_u64(v: u64) -> Self {
        Scalar::from(v)
    }
    fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> Self {
        <Scalar as Reduce<U512>>::reduce(U512::from_le_slice(bytes))
    }
    fn from_canonical_bytes(bytes: &[u8; SCALAR_LEN]) -> Option<Self> {
        let mut be = *bytes;
        be.reverse();
        // Constant time up to the (declassified) verdict: secrets are parsed here.
        let parsed = Scalar::from_repr(FieldBytes::from(be));
        zeroize::Zeroize::zeroize(&mut be);
        let value = parsed.unwrap_or(Scalar::ZERO);
        crate::ct::reveal(bool::from(parsed.is_some())).then_some(value)
    }
    fn to_bytes(&self) -> [u8; SCALAR_LEN] {
        let mut out: [u8; SCALAR_LEN] = Scalar::to_bytes(self).into();
        out.reverse();
        out
    }
    fn invert_ct(&self) -> Self {
        // k256's constant-time inversion; `unwrap_or` selects in constant time.
        <Scalar as k256::elliptic_curve::Field>::invert(self).unwrap_or(Scalar::ZERO)
    }
    fn invert_vartime(&self) -> Self {
        // Kaliski's binary inversion in Montgomery form (crate::group::fast):
        // about 0.4 of k256's `invert_vartime` (public inputs only).
        crate::group::fast::invert_scalar_vartime(self)
    }
    fn batch_invert_vartime(values: &mut [Self]) -> Self {
        crate::group::fast::batch_invert_scalars_vartime(values)
    }
}

/// Fallback for an arithmetic result that cannot occur (see
/// `point::Jacobian::to_projective`): the base point, which fails every
/// verification equation ("sum = identity"), so an impossible internal
/// error can never make a verifier accept.
fn impossible() -> ProjectivePoint {
    ProjectivePoint::GENERATOR
}

impl Group for Secp256k1 {
    type Scalar = Scalar;
    type Point = ProjectivePoint;
    type Compressed = CompressedSecp256k1;

    const NAME: &'static str = "secp256k1";
    const POINT_LEN: usize = 33;
    const TRANSCRIPT_DOMAIN: Option<&'static [u8]> = Some(b"secp256k1");

    fn identity() -> ProjectivePoint {
        ProjectivePoint::IDENTITY
    }
    fn basepoint() -> ProjectivePoint {
        ProjectivePoint::GENERATOR
    }
    fn hash_to_point(uniform: &[u8; 64]) -> ProjectivePoint {
        // `hash_from_bytes` fails only for an empty tag or an output length
        // above 255·32 bytes, both fixed here (a test checks it succeeds).
        K256::hash_from_bytes::<ExpandMsgXmd<Sha256>>(&[uniform], &[HASH_TO_CURVE_DST]).unwrap_or_else(|_| impossible())
    }
    fn hash_to_points_vartime(uniforms: &[[u8; 64]]) -> Vec<ProjectivePoint> {
        h2c::hash_to_points_vartime(uniforms)
    }
    fn compress(p: &ProjectivePoint) -> CompressedSecp256k1 {
        // Branch-free (k256's inversion and coordinate access are constant
        // time), so compressing a point computed from secrets leaks nothing
        // before it is published.
        let a = p.to_affine();
        let identity = a.is_identity();
        let x: [u8; 32] = a.x().into();
        let mut out = [0u8; 33];
        out[0] = 2 + a.y_is_odd().unwrap_u8();
        out[1..].copy_from_slice(&x);
        for b in out.iter_mut() {
            b.conditional_assign(&0, identity);
        }
        CompressedSecp256k1(out)
    }
    fn compressed_bytes(c: &CompressedSecp256k1) -> &[u8] {
        &c.0
    }
    fn compressed_from_slice(bytes: &[u8]) -> Option<CompressedSecp256k1> {
        Some(CompressedSecp256k1(bytes.try_into().ok()?))
    }
    fn decompress(c: &CompressedSecp256k1) -> Option<ProjectivePoint> {
        let (tag, x) = c.0.split_first()?;
        if *tag == 0 {
            return x.iter().all(|&b| b == 0).then_some(ProjectivePoint::IDENTITY);
        }
        if *tag != 2 && *tag != 3 {
            return None;
        }
        let x = FieldBytes::clone_from_slice(x);
        // k256 rejects x ≥ p and x with x³ + 7 not a square.
        let a: AffinePoint = Option::from(AffinePoint::decompress(&x, Choice::from(*tag & 1)))?;
        Some(ProjectivePoint::from(a))
    }
    const STORE_POINT_LEN: usize = 64;
    fn store_encode(points: &[ProjectivePoint], out: &mut Vec<u8>) {
        // Affine `x ‖ y`, big-endian, normalised with one inversion. The
        // identity (never a generator) is written as zeros, which no point
        // decodes from.
        for a in point::projective_to_affine(points) {
            match a {
                Some(a) => {
                    out.extend_from_slice(&a.x.to_bytes());
                    out.extend_from_slice(&a.y.to_bytes());
                }
                None => out.extend_from_slice(&[0u8; 64]),
            }
        }
    }
    fn store_decode(bytes: &[u8]) -> Option<ProjectivePoint> {
        // No square root: the coordinates are checked canonical (< p) and
        // on the curve by k256.
        if bytes.len() != 64 {
            return None;
        }
        let (x, y) = bytes.split_at(32);
        let encoded =
            k256::EncodedPoint::from_affine_coordinates(FieldBytes::from_slice(x), FieldBytes::from_slice(y), false);
        Option::from(ProjectivePoint::from_encoded_point(&encoded))
    }
    fn is_identity_compressed(c: &CompressedSecp256k1) -> bool {
        c.0.iter().all(|&b| b == 0)
    }
    fn is_identity_vartime(p: &ProjectivePoint) -> bool {
        p == &ProjectivePoint::IDENTITY
    }
    fn mul_ct(p: &ProjectivePoint, s: &Scalar) -> ProjectivePoint {
        ct::msm_ct(core::slice::from_ref(s), core::slice::from_ref(p))
    }
    fn msm_ct(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
        ct::msm_ct(scalars, points)
    }
    fn msm_ct_secret_points(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
        crate::group::msm_ct_zeroizing(scalars, points, ProjectivePoint::IDENTITY, |p| p.double())
    }
    fn msm_vartime<I, J>(scalars: I, points: J) -> ProjectivePoint
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<ProjectivePoint>,
    {
        let scalars: Vec<Scalar> = scalars.into_iter().map(|s| *s.borrow()).collect();
        let points: Vec<ProjectivePoint> = points.into_iter().map(|p| *p.borrow()).collect();
        msm::msm(&scalars, &points).unwrap_or_else(impossible)
    }

    fn msm_vartime_chunks(
        scalars: &[Scalar],
        points: &[ProjectivePoint],
        chunk: usize,
    ) -> Option<Vec<ProjectivePoint>> {
        msm::msm_chunks(scalars, points, chunk)
    }

    type VartimeTable = msm::GenTable;
    const VARTIME_TABLE_BYTES_PER_POINT: usize = msm::GEN_TABLE_BYTES_PER_POINT;
    /// Four 64-bit chain pairs: the inner-product prover of a 64 × 4 proof
    /// then runs its lazy rounds and materialises its generators through
    /// the table (callgrind, `examples/prove_loop secp256k1 bp 64 4`: 571 →
    /// 434 M instructions per proof). Verifiers choose by
    /// `precomputed_is_faster`, which keeps them to its first 160 points.
    const VARTIME_TABLE_MAX_POINTS: usize = 512;

    fn vartime_table(points: &[ProjectivePoint]) -> msm::GenTable {
        msm::GenTable::new(points)
    }
    fn vartime_table_len(table: &msm::GenTable) -> usize {
        table.len()
    }
    fn msm_vartime_precomputed(
        table: &msm::GenTable,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[ProjectivePoint],
    ) -> Option<ProjectivePoint> {
        table.msm(static_scalars, dynamic_scalars, dynamic_points)
    }
    fn precomputed_is_faster(static_len: usize, dynamic_len: usize) -> bool {
        msm::precomputed_is_faster(static_len, dynamic_len)
    }
    fn precomputed_is_uncertain(static_len: usize, dynamic_len: usize) -> bool {
        msm::precomputed_is_uncertain(static_len, dynamic_len)
    }
    fn prover_tables_pay(static_len: usize) -> bool {
        msm::prover_tables_pay(static_len)
    }
    fn msm_vartime_table_chunks(
        table: &msm::GenTable,
        terms: &[(usize, Scalar)],
        chunk: usize,
    ) -> Option<Vec<ProjectivePoint>> {
        table.msm_chunks(terms, chunk)
    }

    type CtTable = ct::CtTable;
    const CT_TABLE_BYTES_PER_POINT: usize = 8 * core::mem::size_of::<k256::AffinePoint>();
    fn ct_table(points: &[ProjectivePoint]) -> Option<ct::CtTable> {
        Some(ct::CtTable::new(points))
    }
    fn ct_table_len(table: &ct::CtTable) -> usize {
        table.len()
    }
    fn msm_ct_rows(scalars: &[Scalar], rows: &[(&ct::CtTable, usize)]) -> Option<ProjectivePoint> {
        ct::msm_rows(scalars, rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use k256::elliptic_curve::sec1::ToEncodedPoint;

    #[test]
    fn hash_to_curve_never_fails_for_our_tag() {
        // The only failure conditions of `hash_from_bytes` depend on the tag
        // and the output length, not on the message: one success shows that
        // `hash_to_point` never takes its fallback.
        assert!(K256::hash_from_bytes::<ExpandMsgXmd<Sha256>>(&[&[7u8; 64]], &[HASH_TO_CURVE_DST]).is_ok());
        let a = Secp256k1::hash_to_point(&[1u8; 64]);
        let b = Secp256k1::hash_to_point(&[2u8; 64]);
        assert_ne!(a, b);
        assert_ne!(a, ProjectivePoint::GENERATOR);
        assert_ne!(a, ProjectivePoint::IDENTITY);
    }

    #[test]
    fn rfc9380_test_vector() {
        // RFC 9380 J.8.1, msg "" under the QUUX tag: our call is the
        // standard suite.
        let p = K256::hash_from_bytes::<ExpandMsgXmd<Sha256>>(
            &[b""],
            &[b"QUUX-V01-CS02-with-secp256k1_XMD:SHA-256_SSWU_RO_"],
        )
        .unwrap();
        let e = p.to_affine().to_encoded_point(false);
        assert_eq!(hex::encode(e.x().unwrap()), "c1cae290e291aee617ebaef1be6d73861479c48b841eaba9b7b5852ddfeb1346");
    }

    #[test]
    fn encoding_is_strict() {
        let p = Secp256k1::hash_to_point(&[3u8; 64]);
        let c = Secp256k1::compress(&p);
        assert_eq!(Secp256k1::decompress(&c), Some(p));
        assert!(c.0[0] == 2 || c.0[0] == 3);
        // Flipping the parity gives −P.
        let mut neg = c;
        neg.0[0] ^= 1;
        assert_eq!(Secp256k1::decompress(&neg), Some(-p));
        // Wrong tags.
        for tag in [0u8, 1, 4, 5, 6, 7, 0xff] {
            let mut bad = c;
            bad.0[0] = tag;
            assert_eq!(Secp256k1::decompress(&bad), None, "tag {tag}");
        }
        // x ≥ p: p itself and 2²⁵⁶ − 1.
        let p_be = hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap();
        for x in [p_be.clone(), vec![0xff; 32]] {
            let mut bad = [2u8; 33];
            bad[1..].copy_from_slice(&x);
            assert_eq!(Secp256k1::decompress(&CompressedSecp256k1(bad)), None);
        }
        // x = p + 1 would alias x = 1 if reduced: also refused, while x = 1
        // itself is a valid point's x only if 8 is a square (it is not: no
        // point has x = 1 with the tag checks, covered by not-on-curve).
        let mut off = 0;
        for x0 in 1u8..=20 {
            let mut enc = [2u8; 33];
            enc[32] = x0;
            if Secp256k1::decompress(&CompressedSecp256k1(enc)).is_none() {
                off += 1;
            }
        }
        assert!(off > 0, "some small x are not on the curve");
        // The identity: only 33 zero bytes.
        let id = Secp256k1::compress(&ProjectivePoint::IDENTITY);
        assert_eq!(id.0, [0u8; 33]);
        assert!(Secp256k1::is_identity_compressed(&id));
        assert_eq!(Secp256k1::decompress(&id), Some(ProjectivePoint::IDENTITY));
        let mut bad = [0u8; 33];
        bad[32] = 1;
        assert_eq!(Secp256k1::decompress(&CompressedSecp256k1(bad)), None);
        assert!(Secp256k1::compressed_from_slice(&[2u8; 32]).is_none());
    }

    #[test]
    fn scalar_encoding_is_canonical_little_endian() {
        let s = Scalar::from(0x0102u64);
        let b = ScalarOps::to_bytes(&s);
        assert_eq!(&b[..3], &[2, 1, 0]);
        assert_eq!(<Scalar as ScalarOps>::from_canonical_bytes(&b), Some(s));
        // n itself is refused; n − 1 is accepted.
        let mut n_le = hex::decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141").unwrap();
        n_le.reverse();
        let n_le: [u8; 32] = n_le.try_into().unwrap();
        assert_eq!(<Scalar as ScalarOps>::from_canonical_bytes(&n_le), None);
        let mut n1 = n_le;
        n1[0] -= 1;
        assert_eq!(<Scalar as ScalarOps>::from_canonical_bytes(&n1), Some(-Scalar::ONE));
        assert_eq!(<Scalar as ScalarOps>::from_canonical_bytes(&[0xff; 32]), None);
    }

    #[test]
    fn ct_and_vartime_sums_agree() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        for n in [0usize, 1, 5, 64, 65, 150] {
            let s: Vec<Scalar> = (0..n).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
            let p: Vec<ProjectivePoint> = (0..n).map(|i| Secp256k1::hash_to_point(&[i as u8; 64])).collect();
            let naive: ProjectivePoint = s.iter().zip(&p).map(|(s, p)| p * s).sum();
            assert_eq!(Secp256k1::msm_ct(&s, &p), naive);
            assert_eq!(Secp256k1::msm_vartime(&s, &p), naive);
        }
    }
}
