//! secq256k1, secp256k1's cycle partner: `y² = x³ + 7` over `𝔽_n`, where
//! `n = 2²⁵⁶ − 0x14551231950b75fc4402da1732fc9bebf` is secp256k1's group
//! order, with prime order `p = 2²⁵⁶ − 2³² − 977`, secp256k1's field.
//! Each curve's scalar field is the other's base field, so a Bulletproofs
//! circuit over one proves statements about the other's points with native
//! arithmetic (Curve Trees, issue 40; `docs/design/curve-trees.md`). The
//! curve has prime order (cofactor 1, no torsion to check) and, like
//! secp256k1, `j = 0`; the discrete logarithm in it is believed as hard as
//! in any 256-bit prime-order curve (≈ 128 bits; its embedding degree is
//! large and its order differs from its field's).
//!
//! # Arithmetic
//!
//! * Coordinates (`𝔽_n`): k256's scalar type, constant time.
//! * Scalars (`𝔽_p`): [`FieldP`], fiat-crypto's verified Montgomery
//!   arithmetic for secp256k1's field, constant time.
//! * Group law: complete projective formulas (`point.rs`); constant-time
//!   multiplication by the shared fixed-window Straus of
//!   `crate::group::msm_ct_zeroizing` (every table wiped); variable-time
//!   sums by Straus or Pippenger (`msm.rs`; from 64 points Pippenger, whose
//!   buckets are affine, their additions batched); no GLV yet. Sums over
//!   the vector generators can go through a precomputed table
//!   (`table.rs`: every window's shift of each generator kept, so one set
//!   of buckets serves all windows and there is no doubling) where
//!   [`Group::precomputed_is_faster`] says it pays (from 64 generator
//!   terms). Many sums over one list of bases (a Curve Tree
//!   level, [`Group::msm_vartime_shared_bases`]) share fixed-base tables
//!   built for the call, with affine additions whose inversions are
//!   batched.
//!
//! # Encodings (as on secp256k1)
//!
//! * Points: 33-byte SEC1 compressed `02/03 ‖ x`, big-endian `x < n`,
//!   `x³ + 7` a square; the identity as 33 zero bytes. Nothing else decodes.
//! * Scalars: 32 bytes little-endian, canonical (`< p`).
//!
//! # Base point and generators
//!
//! There is no standard secq256k1 generator. [`Group::basepoint`] is
//! `hash_to_curve("ballistic-v1 secq256k1 basepoint")` under the tag
//! [`SECQ256K1_HASH_TO_CURVE_DST`], so nobody knows its discrete logarithm
//! with respect to any other generator; `hash_to_point` is RFC 9380
//! `hash_to_curve` (Shallue–van de Woestijne, `point.rs`) with the 64
//! input bytes as the message, under the same tag. The chains above it are
//! the project's ([`crate::generators`]); they are derived in batches
//! (`h2c.rs`: the same points in variable time, one inversion per batch
//! and only the square roots the map needs, about 0.35 × the time of one
//! point at a time).

mod field;
mod h2c;
mod msm;
mod point;
mod table;

use alloc::vec::Vec;
use core::borrow::Borrow;

pub use field::FieldP;
pub(crate) use field::P as P_LIMBS;
pub use point::{SecqPoint, HASH_TO_CURVE_DST as SECQ256K1_HASH_TO_CURVE_DST};

use super::Group;
#[cfg(test)]
use super::ScalarOps;

/// The secq256k1 group of prime order `p = 2²⁵⁶ − 2³² − 977`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Secq256k1;

/// A 33-byte compressed secq256k1 point (not validated until decompressed).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CompressedSecq256k1(pub [u8; 33]);

impl Group for Secq256k1 {
    type Scalar = FieldP;
    type Point = SecqPoint;
    type Compressed = CompressedSecq256k1;

    const NAME: &'static str = "secq256k1";
    const POINT_LEN: usize = 33;
    const TRANSCRIPT_DOMAIN: Option<&'static [u8]> = Some(b"secq256k1");

    fn identity() -> SecqPoint {
        SecqPoint::IDENTITY
    }
    fn basepoint() -> SecqPoint {
        static BASEPOINT: crate::lazy::Lazy<SecqPoint> = crate::lazy::Lazy::new();
        *BASEPOINT.get_or_init(|| point::hash_to_curve(b"ballistic-v1 secq256k1 basepoint", point::HASH_TO_CURVE_DST))
    }
    fn hash_to_point(uniform: &[u8; 64]) -> SecqPoint {
        point::hash_to_curve(uniform, point::HASH_TO_CURVE_DST)
    }
    fn hash_to_points_vartime(uniforms: &[[u8; 64]]) -> Vec<SecqPoint> {
        h2c::hash_to_points_vartime(uniforms)
    }
    fn compress(p: &SecqPoint) -> CompressedSecq256k1 {
        CompressedSecq256k1(p.compress())
    }
    fn compressed_bytes(c: &CompressedSecq256k1) -> &[u8] {
        &c.0
    }
    fn compressed_from_slice(bytes: &[u8]) -> Option<CompressedSecq256k1> {
        Some(CompressedSecq256k1(bytes.try_into().ok()?))
    }
    fn decompress(c: &CompressedSecq256k1) -> Option<SecqPoint> {
        SecqPoint::decompress(&c.0)
    }
    const STORE_POINT_LEN: usize = 64;
    fn store_encode(points: &[SecqPoint], out: &mut Vec<u8>) {
        // Affine `x ‖ y`, big-endian (loads without a square root); the
        // identity (never a generator) as zeros, which decode to nothing.
        for a in SecqPoint::batch_to_affine_vartime(points) {
            match a {
                Some((x, y)) => {
                    out.extend_from_slice(&x.to_bytes());
                    out.extend_from_slice(&y.to_bytes());
                }
                None => out.extend_from_slice(&[0u8; 64]),
            }
        }
    }
    fn store_decode(bytes: &[u8]) -> Option<SecqPoint> {
        use k256::elliptic_curve::PrimeField;
        if bytes.len() != 64 {
            return None;
        }
        let (x, y) = bytes.split_at(32);
        let x: k256::Scalar = Option::from(k256::Scalar::from_repr(k256::FieldBytes::clone_from_slice(x)))?;
        let y: k256::Scalar = Option::from(k256::Scalar::from_repr(k256::FieldBytes::clone_from_slice(y)))?;
        SecqPoint::from_affine(x, y)
    }
    fn is_identity_compressed(c: &CompressedSecq256k1) -> bool {
        c.0.iter().all(|&b| b == 0)
    }
    fn is_identity_vartime(p: &SecqPoint) -> bool {
        bool::from(p.is_identity())
    }
    fn mul_ct(p: &SecqPoint, s: &FieldP) -> SecqPoint {
        Self::msm_ct_secret_points(core::slice::from_ref(s), core::slice::from_ref(p))
    }
    fn msm_ct(scalars: &[FieldP], points: &[SecqPoint]) -> SecqPoint {
        Self::msm_ct_secret_points(scalars, points)
    }
    fn msm_ct_secret_points(scalars: &[FieldP], points: &[SecqPoint]) -> SecqPoint {
        crate::group::msm_ct_zeroizing(scalars, points, SecqPoint::IDENTITY, SecqPoint::double)
    }
    fn msm_vartime<I, J>(scalars: I, points: J) -> SecqPoint
    where
        I: IntoIterator,
        I::Item: Borrow<FieldP>,
        J: IntoIterator,
        J::Item: Borrow<SecqPoint>,
    {
        let scalars: Vec<FieldP> = scalars.into_iter().map(|s| *s.borrow()).collect();
        let points: Vec<SecqPoint> = points.into_iter().map(|p| *p.borrow()).collect();
        msm::msm_vartime(&scalars, &points)
    }

    fn msm_vartime_shared_bases(scalars: &[FieldP], bases: &[SecqPoint]) -> Option<Vec<SecqPoint>> {
        msm::msm_shared_bases(scalars, bases)
    }

    /// Every window's shift of each point (`table.rs`), 1.5 KiB per point.
    type VartimeTable = table::SecqTable;
    const VARTIME_TABLE_BYTES_PER_POINT: usize = table::BYTES_PER_POINT;
    /// One 2,048-gate circuit side's `G` and `H` (a Curve Trees side at
    /// every shape of `curve_tree::shape_for`), or two of 1,024, and so on:
    /// 6 MiB, built in about 0.3 s. A generator set's table covers its
    /// first chains up to this many points whatever its sums use (a set
    /// grown to many chains builds all 6 MiB once).
    const VARTIME_TABLE_MAX_POINTS: usize = 4096;
    /// Building costs about 35 sums' savings at 4,096 points and 10 at
    /// 256 (`examples/group_msm`): built once 16 sums have run without it.
    const VARTIME_TABLE_BUILD_AFTER: usize = 16;
    fn vartime_table(points: &[SecqPoint]) -> table::SecqTable {
        table::SecqTable::new(points)
    }
    /// The inner-product prover's short-lived tables: the points alone
    /// (the shifts would cost more than the proof's few sums save).
    fn scratch_vartime_table(points: &[SecqPoint]) -> table::SecqTable {
        table::SecqTable::plain(points)
    }
    fn vartime_table_len(table: &table::SecqTable) -> usize {
        table.len()
    }
    fn msm_vartime_precomputed(
        table: &table::SecqTable,
        static_scalars: &[FieldP],
        dynamic_scalars: &[FieldP],
        dynamic_points: &[SecqPoint],
    ) -> Option<SecqPoint> {
        if static_scalars.len() > table.len() || dynamic_scalars.len() != dynamic_points.len() {
            return None;
        }
        // The other terms as a plain sum (split across threads with the
        // `rayon` feature, and then summed beside the table's terms).
        let refs: Vec<&SecqPoint> = dynamic_points.iter().collect();
        let dynamic = || super::msm_vartime_by_ref::<Secq256k1>(dynamic_scalars, &refs, crate::equation::MSM_CHUNK);
        #[cfg(feature = "rayon")]
        let (statics, dynamics) = rayon::join(|| table.sum(static_scalars), dynamic);
        #[cfg(not(feature = "rayon"))]
        let (statics, dynamics) = (table.sum(static_scalars), dynamic());
        Some(statics? + dynamics)
    }
    fn precomputed_is_faster(static_len: usize, _dynamic_len: usize) -> bool {
        static_len >= PRECOMPUTED_MIN
    }
    /// The inner-product prover keeps folding its generators (the table
    /// serves sums over all of them, not its cross terms' halves).
    fn prover_tables_pay(_static_len: usize) -> bool {
        false
    }

    no_ct_tables!(SecqPoint, FieldP);
}

/// Generator terms from which a sum through the table beats the plain one
/// (measured: `examples/group_msm`'s table rows).
const PRECOMPUTED_MIN: usize = 64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basepoint_is_pinned() {
        // Changing the base point changes every proof on this group.
        let b = Secq256k1::compress(&Secq256k1::basepoint());
        assert_eq!(hex::encode(b.0), BASEPOINT_HEX);
        assert!(!Secq256k1::is_identity_vartime(&Secq256k1::basepoint()));
    }

    /// The compressed base point, from the independent Python
    /// implementation `scripts/secq256k1_h2c.py`.
    const BASEPOINT_HEX: &str = "0367b51d28483e390f1500b25450edcc436998e27bf034008ce16f438ee22fafad";

    #[test]
    fn hash_to_curve_vectors() {
        // scripts/secq256k1_h2c.py, an independent implementation.
        let p = Secq256k1::hash_to_point(&[7u8; 64]);
        assert_eq!(
            hex::encode(Secq256k1::compress(&p).0),
            "0295bcbacd76b5365d97d9732697b376ef1519b0ce4d312e142fa33acb3a73a88e"
        );
        let e = point::hash_to_curve(b"", point::HASH_TO_CURVE_DST);
        assert_eq!(
            hex::encode(Secq256k1::compress(&e).0),
            "02691d1142a85d0ed621da0720f6cdc02b53f9827fd174b9b88cb03f8f1c1fd25a"
        );
    }

    #[test]
    fn order_is_p() {
        // [p]B = O, [p − 1]B = −B: with p prime, B has order p, and the
        // curve's order (prime, in the Hasse interval) is p.
        let b = Secq256k1::basepoint();
        let minus_one = -FieldP::one();
        assert_eq!(Secq256k1::mul_ct(&b, &minus_one), -b);
        assert_eq!(b + Secq256k1::mul_ct(&b, &minus_one), SecqPoint::IDENTITY);
        assert_eq!(Secq256k1::msm_vartime([minus_one], [b]), -b);
    }

    #[test]
    fn store_round_trip() {
        let pts: Vec<SecqPoint> = (0..5u8).map(|i| Secq256k1::hash_to_point(&[i; 64])).collect();
        let mut bytes = Vec::new();
        Secq256k1::store_encode(&pts, &mut bytes);
        assert_eq!(bytes.len(), 5 * Secq256k1::STORE_POINT_LEN);
        for (chunk, p) in bytes.chunks(64).zip(&pts) {
            assert_eq!(Secq256k1::store_decode(chunk), Some(*p));
        }
        let mut off = bytes[..64].to_vec();
        off[63] ^= 1;
        assert_eq!(Secq256k1::store_decode(&off), None);
        assert_eq!(Secq256k1::store_decode(&[0u8; 64]), None);
    }

    #[test]
    fn ct_and_vartime_sums_agree() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        for n in [0usize, 1, 5, 47, 48, 130] {
            let s: Vec<FieldP> = (0..n).map(|_| FieldP::random(&mut rng)).collect();
            let p: Vec<SecqPoint> = (0..n).map(|i| Secq256k1::hash_to_point(&[i as u8; 64])).collect();
            // The naive sum by double-and-add over the bits.
            let naive: SecqPoint = s
                .iter()
                .zip(&p)
                .map(|(s, p)| {
                    let bytes = s.to_bytes();
                    let mut acc = SecqPoint::IDENTITY;
                    for i in (0..256).rev() {
                        acc = acc.double();
                        if (bytes[i / 8] >> (i % 8)) & 1 == 1 {
                            acc += *p;
                        }
                    }
                    acc
                })
                .sum();
            assert_eq!(Secq256k1::msm_ct(&s, &p), naive, "ct {n}");
            assert_eq!(Secq256k1::msm_vartime(&s, &p), naive, "vartime {n}");
        }
    }
}
