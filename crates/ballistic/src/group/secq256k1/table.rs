//! Precomputed tables for variable-time sums over fixed public points (the
//! vector generators of a [`BulletproofGens`](crate::BulletproofGens)) on
//! secq256k1: Pippenger's bucket method with every window's shift
//! precomputed.
//!
//! **The sum.** Write each public scalar in signed `c`-bit digits,
//! `sᵢ = Σ_k d_{ik}·2^{ck}` with `d_{ik} ∈ [−2^{c−1}, 2^{c−1})` and
//! `k < W = ⌊(256 + c)/c⌋` ([`super::msm`]'s recoding). Then
//!
//! `Σᵢ sᵢ·Pᵢ = Σᵢ Σ_k d_{ik}·(2^{ck}·Pᵢ)`,
//!
//! so with the points `Tᵢₖ = 2^{ck}·Pᵢ` kept, every pair `(i, k)` is one
//! term of a single-window sum: it goes into bucket `|d_{ik}| − 1` (negated
//! for a negative digit) of **one** set of `2^{c−1}` buckets, and the
//! answer is `Σ_b (b + 1)·S_b`. Plain Pippenger ([`super::msm`]) does the
//! same additions but sums its buckets once per window and doubles between
//! windows; here the buckets are summed once and there is no doubling.
//! Cost for `n` points: `n·W` affine additions into the buckets (sorted by
//! bucket, added in pairs with one batched inversion per pass: about six
//! multiplications each) and `2^c` projective ones for the bucket sum,
//! against `W′·(n + 2^{c′+1})` and `256` doublings for plain Pippenger
//! with its own best `c′`: at 4,096 points about 102,000 against 148,000
//! affine-addition equivalents.
//!
//! **Its price.** `W·64` bytes per point (24 windows of two coordinates in
//! Montgomery form: 1.5 KiB), and building costs about 256 doublings per
//! point (one batched inversion per piece of points), the doublings of
//! about ten plain sums of the same points: the generators keep the table
//! once built ([`crate::generators`]), and a sum takes it only where
//! [`super::Secq256k1`]'s `precomputed_is_faster` says so.
//!
//! Public scalars and points only (variable time). The identity among the
//! points is allowed (its terms are skipped); no table entry of another
//! point is the identity, since `p` is a prime that divides no `2^{ck}`.

use alloc::vec::Vec;

use k256::Scalar as Fe;

use super::field::FieldP;
use super::msm::{normalize, signed_digits, Affine, Buckets, FastCurve, FastPoint};
use super::point::SecqPoint;
use crate::group::fast::Montgomery;
use crate::group::ScalarOps;

/// The digits' width: `c = 11`, 1,024 buckets, [`WINDOWS`] shifts per point.
/// Chosen for the tables' largest use (a Curve Trees side, 4,096
/// generators), where widths 11 to 13 cost the same to within 4 % and 11
/// keeps the bucket sum cheap for smaller sums.
pub(crate) const C: usize = 11;
/// Windows of a 256-bit scalar in signed `C`-bit digits (one more for the
/// carry): 24.
pub(crate) const WINDOWS: usize = (256 + C) / C;
/// Heap bytes per point.
pub(crate) const BYTES_PER_POINT: usize = WINDOWS * core::mem::size_of::<Affine>();

/// Points whose (bucket, point) items are reduced together: about 12,000
/// items (860 KiB) between passes.
const PIECE: usize = 512;

/// A table of fixed points: their window shifts ([`SecqTable::new`], for
/// the generators' kept tables), or the points alone
/// ([`SecqTable::plain`], for the inner-product prover's short-lived
/// tables, which would not repay the shifts' doublings).
pub enum SecqTable {
    /// The points; a sum through them is the plain sum.
    Plain(Vec<SecqPoint>),
    /// Their window shifts.
    Windows(WindowTable),
}

/// Fewest points per thread when a sum is split across threads (`rayon`).
#[cfg(feature = "rayon")]
const MIN_RANGE: usize = 1024;

/// `2^{ck}·Pᵢ` for every point `i` and window `k`, affine, at index
/// `i·WINDOWS + k`.
pub struct WindowTable {
    entries: Vec<Affine>,
    /// Whether point `i` is not the identity (the identity has no entries
    /// worth adding; its slots hold the filler `(0, 0)`).
    present: Vec<bool>,
    /// Whether every entry was normalised (a failed batched inversion, or
    /// a row only partly the identity, both ruled out by the arguments
    /// above, would leave the table unusable: then every sum through it is
    /// `None` and the caller sums plainly).
    complete: bool,
}

impl SecqTable {
    /// The window shifts of `points`.
    pub(crate) fn new(points: &[SecqPoint]) -> Self {
        SecqTable::Windows(WindowTable::new(points))
    }

    /// `points` alone.
    pub(crate) fn plain(points: &[SecqPoint]) -> Self {
        SecqTable::Plain(points.to_vec())
    }

    /// Number of points.
    pub(crate) fn len(&self) -> usize {
        match self {
            SecqTable::Plain(points) => points.len(),
            SecqTable::Windows(t) => t.present.len(),
        }
    }

    /// `Σᵢ sᵢ·Pᵢ` over the first `scalars.len()` points, in variable time
    /// (public scalars only). `None` if there are more scalars than points
    /// or an invariant fails (the caller then sums without the table).
    pub(crate) fn sum(&self, scalars: &[FieldP]) -> Option<SecqPoint> {
        match self {
            SecqTable::Plain(points) => Some(super::msm::msm_vartime(scalars, points.get(..scalars.len())?)),
            SecqTable::Windows(t) => t.sum(scalars),
        }
    }
}

impl WindowTable {
    fn new(points: &[SecqPoint]) -> Self {
        let f = FastCurve::new();
        let filler: Affine = Default::default();
        let mut entries = Vec::with_capacity(points.len() * WINDOWS);
        let mut present = Vec::with_capacity(points.len());
        let mut complete = true;
        let mut shifts: Vec<FastPoint> = Vec::with_capacity(PIECE.min(points.len()) * WINDOWS);
        for piece in points.chunks(PIECE) {
            shifts.clear();
            for p in piece {
                let mut cur = f.point(p);
                for k in 0..WINDOWS {
                    shifts.push(cur);
                    if k + 1 < WINDOWS {
                        for _ in 0..C {
                            cur = f.double(&cur);
                        }
                    }
                }
            }
            match normalize(&shifts) {
                Some(affine) => {
                    for row in affine.chunks(WINDOWS) {
                        // A point of prime order: all of its shifts are the
                        // identity or none is.
                        let here = row.iter().all(Option::is_some);
                        complete &= here || row.iter().all(Option::is_none);
                        present.push(here);
                        entries.extend(row.iter().map(|a| a.unwrap_or(filler)));
                    }
                }
                None => {
                    complete = false;
                    present.extend(piece.iter().map(|_| false));
                    entries.extend(core::iter::repeat_n(filler, piece.len() * WINDOWS));
                }
            }
        }
        WindowTable { entries, present, complete }
    }

    fn sum(&self, scalars: &[FieldP]) -> Option<SecqPoint> {
        if scalars.len() > self.present.len() || !self.complete {
            return None;
        }
        // With the `rayon` feature, as the plain sum would be: one range of
        // points per thread, each with its own buckets (the sum is linear).
        // Each range pays its own bucket sum (about 2,048 additions, the
        // terms of some 200 points), so a range is at least `MIN_RANGE`
        // points.
        #[cfg(feature = "rayon")]
        if crate::group::msm_is_parallel(scalars.len()) && scalars.len() >= 2 * MIN_RANGE {
            use rayon::prelude::*;
            let part = scalars.len().div_ceil(rayon::current_num_threads()).max(MIN_RANGE);
            let sums: Vec<Option<FastPoint>> =
                scalars.par_chunks(part).enumerate().map(|(j, range)| self.sum_range(j * part, range)).collect();
            let f = FastCurve::new();
            let mut total = f.identity;
            for s in sums {
                total = f.add(&total, &s?);
            }
            return Some(total.to_point());
        }
        Some(self.sum_range(0, scalars)?.to_point())
    }

    /// `Σ sᵢ·P_{start+i}` (the caller has checked the length).
    fn sum_range(&self, start: usize, scalars: &[FieldP]) -> Option<FastPoint> {
        let f = FastCurve::new();
        let three = Fe::from(3u64).to_fast();
        let half = 1 << (C - 1);
        let mut buckets = Buckets::new(half, PIECE.min(scalars.len()) * WINDOWS + half);
        let mut digits = [0i32; WINDOWS];
        for (first, piece) in (start..).step_by(PIECE).zip(scalars.chunks(PIECE)) {
            for (i, s) in (first..).zip(piece) {
                let bytes = ScalarOps::to_bytes(s);
                if !self.present.get(i).copied()? || bytes == [0u8; 32] {
                    continue;
                }
                signed_digits(&bytes, C, &mut digits);
                let row = self.entries.get(i * WINDOWS..(i + 1) * WINDOWS)?;
                for (&d, t) in digits.iter().zip(row) {
                    buckets.push(d, t);
                }
            }
            // Afterwards at most one item per bucket, to which the next
            // piece's items are added.
            buckets.reduce(three)?;
        }
        buckets.weighted_sum(&f)
    }
}

#[cfg(test)]
mod tests {
    use super::super::msm::msm_vartime;
    use super::*;
    use crate::group::secq256k1::point::hash_to_curve;
    use rand::SeedableRng;

    #[test]
    fn table_sums_agree_with_plain_sums() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(21);
        let mut points: Vec<SecqPoint> = (0u32..2100).map(|i| hash_to_curve(&i.to_le_bytes(), b"table test")).collect();
        // The identity, repeats and negations (doublings and cancellations
        // in the buckets).
        points[5] = SecqPoint::IDENTITY;
        for k in 0..30 {
            points[600 + k] = points[k];
            points[700 + k] = -points[k];
        }
        let table = SecqTable::new(&points);
        assert_eq!(table.len(), points.len());
        let mut scalars: Vec<FieldP> = (0..points.len()).map(|_| FieldP::random(&mut rng)).collect();
        for k in 0..30 {
            scalars[600 + k] = scalars[k];
            scalars[700 + k] = scalars[k];
        }
        let mut top = [0u8; 32];
        top[31] = 0x80;
        let edges = [FieldP::zero(), FieldP::one(), -FieldP::one(), FieldP::from_canonical_bytes(&top).unwrap()];
        for (k, e) in edges.iter().enumerate() {
            scalars[800 + k] = *e;
        }
        // Every length across the pieces' edges, and none.
        for n in [0, 1, 2, 63, 511, 512, 513, 1024, 1100, 2100] {
            assert_eq!(table.sum(&scalars[..n]), Some(msm_vartime(&scalars[..n], &points[..n])), "n = {n}");
        }
        // Every scalar 1 (all in bucket 0 of window 0), all −1 (every digit
        // at its extreme), and a sum that is the identity.
        let ones = vec![FieldP::one(); 40];
        assert_eq!(table.sum(&ones), Some(msm_vartime(&ones, &points[..40])));
        let minus = vec![-FieldP::one(); 40];
        assert_eq!(table.sum(&minus), Some(msm_vartime(&minus, &points[..40])));
        let mut cancel = vec![FieldP::zero(); 730];
        cancel[3] = FieldP::one();
        cancel[603] = FieldP::one();
        cancel[703] = FieldP::one() + FieldP::one();
        assert_eq!(table.sum(&cancel), Some(SecqPoint::IDENTITY));
        // More scalars than points.
        assert_eq!(table.sum(&vec![FieldP::one(); points.len() + 1]), None);
        assert_eq!(SecqTable::new(&[]).sum(&[]), Some(SecqPoint::IDENTITY));
        // Ranges summed apart and added (the `rayon` split) give the sum.
        let SecqTable::Windows(windows) = &table else { panic!("a window table") };
        let f = FastCurve::new();
        for split in [1, 511, 700] {
            let (a, b) = (windows.sum_range(0, &scalars[..split]), windows.sum_range(split, &scalars[split..]));
            let sum = f.add(&a.unwrap(), &b.unwrap()).to_point();
            assert_eq!(Some(sum), table.sum(&scalars), "split {split}");
        }
        // The plain kind: the same sums, the same refusal.
        let plain = SecqTable::plain(&points);
        assert_eq!(plain.len(), points.len());
        for n in [0, 63, 1100] {
            assert_eq!(plain.sum(&scalars[..n]), table.sum(&scalars[..n]), "n = {n}");
        }
        assert_eq!(plain.sum(&vec![FieldP::one(); points.len() + 1]), None);
    }
}
