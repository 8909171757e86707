//! Constant-time scalar multiplication on secp256k1, for secret scalars
//! (values, blindings, the provers' nonces).
//!
//! `Σ kᵢ·Pᵢ` by fixed 4-bit windows (Straus with one shared doubling
//! chain): for each point a table `0·P, 1·P, …, 15·P` (complete additions),
//! then for each of the 64 nibbles from the top: four doublings, and per
//! point one table entry chosen by a full scan with conditional selection
//! and one complete addition. Every step is the same whatever the scalars:
//! no branch and no memory index depends on them (checked under valgrind,
//! `scripts/ctgrind`). Cost `256` doublings `+ 79·n` additions.
//!
//! Why not k256's own `lincomb` / `Mul`: they split scalars with GLV and
//! negate the halves (`−r`), and LLVM compiles the zero test inside k256's
//! scalar negation into a branch. With a 64-bit secret value `v`, the first
//! half is `v` itself, so that branch reveals whether `v = 0` (found by the
//! valgrind check). GLV would halve the doublings; for the multi-term sums
//! of the provers the additions dominate and the two cost about the same.

use k256::elliptic_curve::subtle::{ConditionallySelectable, ConstantTimeEq};
use k256::{ProjectivePoint, Scalar};
use zeroize::Zeroize;

/// Nibbles of `k`, most significant first (constant time: byte arithmetic
/// only).
// Indexing: i < 32 bytes of the encoding, 2i + 1 < 64.
#[allow(clippy::indexing_slicing)]
fn nibbles(k: &Scalar) -> [u8; 64] {
    let mut bytes: [u8; 32] = k.to_bytes().into();
    let mut out = [0u8; 64];
    for (i, b) in bytes.iter().enumerate() {
        out[2 * i] = b >> 4;
        out[2 * i + 1] = b & 0x0f;
    }
    bytes.zeroize();
    out
}

/// `table[d]` chosen by scanning all 16 entries.
fn select(table: &[ProjectivePoint; 16], d: u8) -> ProjectivePoint {
    let mut out = ProjectivePoint::IDENTITY;
    for (j, p) in table.iter().enumerate() {
        out.conditional_assign(p, (j as u8).ct_eq(&d));
    }
    out
}

/// `Σ kᵢ·Pᵢ` in constant time (lengths: the shorter of the two slices).
// Indexing: tables and digits are built here with n entries of 16 and 64; digits are nibbles (< 16).
#[allow(clippy::indexing_slicing)]
pub(super) fn msm_ct(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
    let n = scalars.len().min(points.len());
    let tables: Vec<[ProjectivePoint; 16]> = points[..n]
        .iter()
        .map(|p| {
            let mut t = [ProjectivePoint::IDENTITY; 16];
            for j in 1..16 {
                t[j] = t[j - 1] + p;
            }
            t
        })
        .collect();
    let mut digits: Vec<[u8; 64]> = scalars[..n].iter().map(nibbles).collect();
    let mut acc = ProjectivePoint::IDENTITY;
    for w in 0..64 {
        if w > 0 {
            for _ in 0..4 {
                acc = acc.double();
            }
        }
        for (table, d) in tables.iter().zip(&digits) {
            acc += select(table, d[w]);
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
    }
}
