//! Ristretto255 (RFC 9496) on `curve25519-dalek` 4.
//!
//! `curve25519-dalek` selects its field backend at run time (serial u64, or
//! AVX2 where the CPU has it) behind the same types, so nothing here knows
//! which one runs. Release 4.1.3 was chosen over 5.0.0 by measurement: their
//! variable-time multiscalar multiplications time the same (ratio 0.99–1.00
//! at 135, 1050 and 4200 terms on the development machine), and 4.x is the
//! release `bulletproofs` 5 links, so test builds compile one copy.

use core::borrow::Borrow;

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{Identity, IsIdentity, MultiscalarMul, VartimeMultiscalarMul};

use super::{Group, ScalarOps, SCALAR_LEN};

/// The Ristretto255 prime-order group.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Ristretto255;

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
        Scalar::from_bytes_mod_order_wide(bytes)
    }
    fn from_canonical_bytes(bytes: &[u8; SCALAR_LEN]) -> Option<Self> {
        Option::from(Scalar::from_canonical_bytes(*bytes))
    }
    fn to_bytes(&self) -> [u8; SCALAR_LEN] {
        Scalar::to_bytes(self)
    }
    fn invert_vartime(&self) -> Self {
        self.invert()
    }
    fn batch_invert_vartime(values: &mut [Self]) -> Self {
        Scalar::batch_invert(values)
    }
}

impl Group for Ristretto255 {
    type Scalar = Scalar;
    type Point = RistrettoPoint;
    type Compressed = CompressedRistretto;

    const NAME: &'static str = "ristretto255";
    const POINT_LEN: usize = 32;
    const TRANSCRIPT_DOMAIN: Option<&'static [u8]> = None;

    fn identity() -> RistrettoPoint {
        RistrettoPoint::identity()
    }
    fn basepoint() -> RistrettoPoint {
        RISTRETTO_BASEPOINT_POINT
    }
    fn hash_to_point(uniform: &[u8; 64]) -> RistrettoPoint {
        RistrettoPoint::from_uniform_bytes(uniform)
    }
    fn compress(p: &RistrettoPoint) -> CompressedRistretto {
        p.compress()
    }
    fn compressed_bytes(c: &CompressedRistretto) -> &[u8] {
        c.as_bytes()
    }
    fn compressed_from_slice(bytes: &[u8]) -> Option<CompressedRistretto> {
        CompressedRistretto::from_slice(bytes).ok()
    }
    fn decompress(c: &CompressedRistretto) -> Option<RistrettoPoint> {
        // dalek's decoder rejects non-canonical field encodings, negative
        // s, and non-square ratios: exactly RFC 9496 §4.3.1.
        c.decompress()
    }
    fn is_identity_compressed(c: &CompressedRistretto) -> bool {
        c.is_identity()
    }
    fn is_identity_vartime(p: &RistrettoPoint) -> bool {
        p.is_identity()
    }
    fn mul_ct(p: &RistrettoPoint, s: &Scalar) -> RistrettoPoint {
        p * s
    }
    fn msm_ct(scalars: &[Scalar], points: &[RistrettoPoint]) -> RistrettoPoint {
        RistrettoPoint::multiscalar_mul(scalars, points)
    }
    fn msm_vartime<I, J>(scalars: I, points: J) -> RistrettoPoint
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<RistrettoPoint>,
    {
        RistrettoPoint::vartime_multiscalar_mul(scalars, points)
    }
}
