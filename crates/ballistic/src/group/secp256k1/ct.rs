//! Constant-time scalar multiplication on secp256k1, for secret scalars
//! (values, blindings, the provers' nonces).
//!
//! `Σ kᵢ·Pᵢ` by fixed signed 4-bit windows (Straus with one shared
//! doubling chain): each scalar is recoded into 65 digits in `[−8, 8)`
//! (constant-time carry arithmetic); for each point a table `P, 2P, …, 8P`
//! (7 complete additions, then all tables normalised to affine form with one
//! batched inversion: the points are public, only the scalars are secret);
//! then for each digit from the top: four doublings, and per point the entry
//! `|d|` chosen by a full scan with conditional selection (the identity for
//! 0), conditionally negated, and one complete mixed addition (Renes–
//! Costello–Batina, 8M instead of 12M). Every step is the same whatever
//! the scalars: no branch and no memory index depends on them (checked under
//! valgrind, `scripts/ctgrind`). Cost `260` doublings `+ 7·n` additions
//! `+ 65·n` mixed additions, against `79·n` full additions for unsigned
//! windows with projective tables.
//!
//! Why not k256's own `lincomb` / `Mul`: they split scalars with GLV and
//! negate the halves (`−r`), and LLVM compiles the zero test inside k256's
//! scalar negation into a branch. With a 64-bit secret value `v`, the first
//! half is `v` itself, so that branch reveals whether `v = 0` (found by the
//! valgrind check). GLV would halve the doublings; for the multi-term sums
//! of the provers the additions dominate and the two cost about the same.

use alloc::vec::Vec;

use k256::elliptic_curve::BatchNormalize;
use k256::{AffinePoint, ProjectivePoint, Scalar};
use zeroize::Zeroize;

/// Digits of `k` in `[−8, 8)`, least significant first, with
/// `k = Σ dᵢ·16ⁱ` (constant time: `crate::group::signed_nibbles` of the
/// little-endian encoding).
fn signed_nibbles(k: &Scalar) -> [i8; 65] {
    let mut bytes: [u8; 32] = k.to_bytes().into();
    bytes.reverse();
    let out = crate::group::signed_nibbles(&bytes);
    bytes.zeroize();
    out
}

/// `Σ kᵢ·Pᵢ` in constant time in the scalars (lengths: the shorter of the
/// two slices; the points are public).
// Indexing: tables hold 8 entries per point, digits 65 per scalar.
#[allow(clippy::indexing_slicing)]
pub(super) fn msm_ct(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
    // Identity points contribute nothing and are skipped: the points are
    // public, and k256's batch normalisation panics on a non-normalised zero
    // `Z`. For any other point, `jP ≠ O` for `j ≤ 8` (prime order).
    let terms: Vec<(&Scalar, &ProjectivePoint)> = scalars
        .iter()
        .zip(points)
        .filter(|(_, p)| !bool::from(k256::elliptic_curve::group::Group::is_identity(*p)))
        .collect();
    if terms.is_empty() {
        return ProjectivePoint::IDENTITY;
    }
    let mut multiples = Vec::with_capacity(8 * terms.len());
    for (_, p) in &terms {
        let mut cur = **p;
        multiples.push(cur);
        for _ in 1..8 {
            cur += *p;
            multiples.push(cur);
        }
    }
    let tables: Vec<AffinePoint> =
        <ProjectivePoint as BatchNormalize<[ProjectivePoint]>>::batch_normalize(multiples.as_slice());
    drop(multiples);
    let mut digits: Vec<[i8; 65]> = terms.iter().map(|(k, _)| signed_nibbles(k)).collect();
    let mut acc = ProjectivePoint::IDENTITY;
    for w in (0..65).rev() {
        if w < 64 {
            for _ in 0..4 {
                acc = acc.double();
            }
        }
        for (table, d) in tables.chunks(8).zip(&digits) {
            acc += crate::group::select_signed(table, d[w], AffinePoint::IDENTITY);
        }
    }
    for d in digits.iter_mut() {
        d.zeroize();
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use k256::elliptic_curve::Field;
    use rand::SeedableRng;

    #[test]
    fn matches_k256() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        for n in [0usize, 1, 2, 7] {
            let s: Vec<Scalar> = (0..n).map(|_| Scalar::random(&mut rng)).collect();
            let p: Vec<ProjectivePoint> =
                (0..n).map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng)).collect();
            let naive: ProjectivePoint = s.iter().zip(&p).map(|(s, p)| p * s).sum();
            assert_eq!(msm_ct(&s, &p), naive);
        }
        let g = ProjectivePoint::GENERATOR;
        for k in [Scalar::ZERO, Scalar::ONE, -Scalar::ONE, Scalar::from(u64::MAX)] {
            assert_eq!(msm_ct(&[k], &[g]), g * k);
        }
        assert_eq!(msm_ct(&[Scalar::ONE], &[ProjectivePoint::IDENTITY]), ProjectivePoint::IDENTITY);
        // Digits at the edges of the recoding: every nibble 7, 8 or 15, and
        // the largest scalar.
        for byte in [0x77u8, 0x88, 0xff, 0x80, 0x08] {
            let mut bytes = [byte; 32];
            bytes[0] &= 0x7f;
            let k = <Scalar as k256::elliptic_curve::PrimeField>::from_repr(bytes.into()).unwrap();
            assert_eq!(msm_ct(&[k, k], &[g, -g]), ProjectivePoint::IDENTITY);
            assert_eq!(msm_ct(&[k], &[g]), g * k, "byte {byte:#x}");
        }
        let d = signed_nibbles(&(-Scalar::ONE));
        let back = d.iter().rev().fold(Scalar::ZERO, |a, &x| {
            a * Scalar::from(16u64)
                + if x < 0 { -Scalar::from(x.unsigned_abs() as u64) } else { Scalar::from(x as u64) }
        });
        assert_eq!(back, -Scalar::ONE);
    }
}
