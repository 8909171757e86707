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
//! windows with projective tables. The tables depend only on the points:
//! for the vector generators they are built once and kept ([`CtTable`],
//! through `Group::ct_table`), which saves the `7·n` additions and the
//! normalisation (about a sixth of a sum) on every later proof.
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

/// The multiples `P, 2P, …, 8P` of public points in affine form, 8 entries
/// per point (the identity's entries are the identity): built by
/// [`msm_ct`] for its points, or once for a fixed set of generators and
/// kept ([`Secp256k1`](super::Secp256k1)'s `CtTable`, used by the provers'
/// sums over vector generators). 704 bytes per point.
pub struct CtTable {
    entries: Vec<AffinePoint>,
}

impl CtTable {
    /// The table of `points` (7 complete additions per point, then one
    /// batched inversion for all of them).
    pub(super) fn new(points: &[ProjectivePoint]) -> CtTable {
        // Identity points get identity entries: k256's batch normalisation
        // panics on a non-normalised zero `Z`. For any other point,
        // `jP ≠ O` for `j ≤ 8` (prime order). The points are public.
        let mut multiples = Vec::with_capacity(8 * points.len());
        for p in points.iter().filter(|p| !bool::from(k256::elliptic_curve::group::Group::is_identity(*p))) {
            let mut cur = *p;
            multiples.push(cur);
            for _ in 1..8 {
                cur += *p;
                multiples.push(cur);
            }
        }
        // (k256's batch normalisation panics on an empty slice too.)
        let normalised: Vec<AffinePoint> = if multiples.is_empty() {
            Vec::new()
        } else {
            <ProjectivePoint as BatchNormalize<[ProjectivePoint]>>::batch_normalize(multiples.as_slice())
        };
        drop(multiples);
        let mut normalised = normalised.chunks(8);
        let mut entries = Vec::with_capacity(8 * points.len());
        for p in points {
            let multiples =
                if bool::from(k256::elliptic_curve::group::Group::is_identity(p)) { None } else { normalised.next() };
            entries.extend_from_slice(multiples.unwrap_or(&[AffinePoint::IDENTITY; 8]));
        }
        CtTable { entries }
    }

    /// Number of points.
    pub(super) fn len(&self) -> usize {
        self.entries.len() / 8
    }

    /// Point `i`'s multiples (`None` past the end, overflow included).
    fn row(&self, i: usize) -> Option<&[AffinePoint]> {
        self.entries.chunks_exact(8).nth(i)
    }
}

/// `Σ kᵢ·Tᵢ[jᵢ]` for `rows[i] = (Tᵢ, jᵢ)`, point `jᵢ` of table `Tᵢ` (rows
/// of several tables in one pass, sharing one doubling chain), in constant
/// time in the scalars (the rows are public); `None` if the lengths differ
/// or a row is past its table.
// Indexing: digits 65 per scalar.
#[allow(clippy::indexing_slicing)]
pub(super) fn msm_rows(scalars: &[Scalar], rows: &[(&CtTable, usize)]) -> Option<ProjectivePoint> {
    if scalars.len() != rows.len() {
        return None;
    }
    let rows: Vec<&[AffinePoint]> = rows.iter().map(|(t, i)| t.row(*i)).collect::<Option<_>>()?;
    let mut digits: Vec<[i8; 65]> = scalars.iter().map(signed_nibbles).collect();
    let mut acc = ProjectivePoint::IDENTITY;
    for w in (0..65).rev() {
        if w < 64 {
            for _ in 0..4 {
                acc = acc.double();
            }
        }
        for (row, d) in rows.iter().zip(&digits) {
            acc += crate::group::select_signed(row, d[w], AffinePoint::IDENTITY);
        }
    }
    for d in digits.iter_mut() {
        d.zeroize();
    }
    Some(acc)
}

/// `Σ kᵢ·Pᵢ` in constant time in the scalars (lengths: the shorter of the
/// two slices; the points are public): the [`CtTable`] of the points, then
/// [`msm_rows`].
pub(super) fn msm_ct(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
    let len = scalars.len().min(points.len());
    let (scalars, points) = (scalars.get(..len).unwrap_or(&[]), points.get(..len).unwrap_or(&[]));
    let table = CtTable::new(points);
    let rows: Vec<(&CtTable, usize)> = (0..len).map(|i| (&table, i)).collect();
    msm_rows(scalars, &rows).unwrap_or(ProjectivePoint::IDENTITY)
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
        // Kept tables: rows of two tables in one sum, in any order and with
        // repeats; identity points; rows past the end (overflow included)
        // refused.
        let points: Vec<ProjectivePoint> =
            (0..5u64).map(|i| if i == 2 { ProjectivePoint::IDENTITY } else { g * Scalar::from(i + 1) }).collect();
        let (table, other) = (CtTable::new(&points), CtTable::new(&[g * Scalar::from(99u64)]));
        assert_eq!((table.len(), other.len()), (5, 1));
        let s: Vec<Scalar> = (0..5).map(|_| Scalar::random(&mut rng)).collect();
        let rows = [(&table, 4usize), (&table, 0), (&other, 0), (&table, 2), (&table, 4)];
        let naive: ProjectivePoint = s
            .iter()
            .zip(rows)
            .map(|(s, (t, i))| if core::ptr::eq(t, &other) { g * Scalar::from(99u64) * s } else { points[i] * s })
            .sum();
        assert_eq!(msm_rows(&s, &rows), Some(naive));
        assert_eq!(msm_rows(&s[..4], &rows), None);
        for past in [5, usize::MAX / 8 + 1, 1 << 61, usize::MAX] {
            assert_eq!(msm_rows(&s[..1], &[(&table, past)]), None, "row {past}");
        }
        assert_eq!(msm_rows(&s[..1], &[(&other, 1)]), None);
        assert_eq!(msm_rows(&[], &[]), Some(ProjectivePoint::IDENTITY));
        let d = signed_nibbles(&(-Scalar::ONE));
        let back = d.iter().rev().fold(Scalar::ZERO, |a, &x| {
            a * Scalar::from(16u64)
                + if x < 0 { -Scalar::from(x.unsigned_abs() as u64) } else { Scalar::from(x as u64) }
        });
        assert_eq!(back, -Scalar::ONE);
    }
}
