//! Variable-time multiscalar multiplication `Σ kᵢ·Pᵢ` on secp256k1, for
//! public scalars only (verifier equations, the inner-product prover's
//! public folds).
//!
//! Every term is first split by the endomorphism (see `point.rs`):
//! `k·P = k₁·P + k₂·φ(P)` with 128-bit `k₁, k₂`, so `n` terms become `2n`
//! half-length terms and the number of doublings halves. Then, by size:
//!
//! * **Straus** (interleaved wNAF, Möller 2001): width-5 NAF digits, a
//!   table of the odd multiples `P, 3P, …, 15P` per point (7 additions, then
//!   all tables normalised to affine with one inversion), and one shared
//!   chain of ~129 doublings. Cost ≈ `2n·(128/6 + 4)` mixed additions
//!   `+ 129` doublings.
//! * **Pippenger** (bucket method): signed radix-`2^c` digits, `2^(c−1)`
//!   buckets per window, `⌈129/c⌉` windows. Cost ≈ `⌈129/c⌉·(2n + 2^c)`
//!   additions `+ 129` doublings; `c` grows with `log₂ n`. From 768
//!   half-terms the buckets are kept in affine coordinates and filled by
//!   pairwise additions sharing one inversion per pass (`AffineBuckets`).
//! * **Fixed-base tables** ([`GenTable`]): for the Bulletproofs generators,
//!   the width-8 odd multiples of `P` and of `φ(P)` are kept in affine form
//!   (10 KiB per point; the digits are `i8`, so 8 is the widest), so a
//!   static term costs about `2·128/9` mixed additions and no table building.
//!   Width 8 against 7: single 64-bit verification 1.87 → 1.75 ms, 64 × 2
//!   3.33 → 3.05 ms, 64 × 4 unchanged (`examples/prove_loop`).
//!
//! The crossovers (`STRAUS_MAX_TERMS`, `Secp256k1::precomputed_is_faster`)
//! were measured on the development machine; see the constants.

// As in point.rs: the by-reference field multiplications stay inlined.
#![allow(clippy::op_ref)]

use alloc::vec;
use alloc::vec::Vec;

use k256::{ProjectivePoint, Scalar};

use super::point::{batch_to_affine, batch_to_projective, projective_to_affine, Affine, Glv, Jacobian};

/// Width of the NAF for points without a precomputed table.
const W_DYNAMIC: usize = 5;
/// Width of the NAF for points with a precomputed table (at most 8: the
/// digits are `i8`).
pub(super) const W_STATIC: usize = 8;
const _: () = assert!(W_STATIC <= 8 && W_DYNAMIC <= 8);
/// Odd multiples in a table of width `w`: `2^(w−2)`.
const fn table_len(w: usize) -> usize {
    1 << (w - 2)
}

/// Above this many terms Pippenger beats Straus. Measured (ms, Straus /
/// Pippenger with the window below): 16 terms 0.348 / 0.382; 32: 0.667 /
/// 0.627; 64: 1.33 / 1.06; 128: 2.69 / 1.82; 256: 5.40 / 3.18; 1024: 22.4 /
/// 10.2. Straus pays for building a table per point; Pippenger's buckets
/// need none.
pub(super) const STRAUS_MAX_TERMS: usize = 24;

/// Width-`w` non-adjacent form of a little-endian number below 2²⁵⁶: digits
/// odd and in `(−2^(w−1), 2^(w−1))`, at least `w − 1` zeros between
/// non-zero digits. Returns the digits and one past the highest non-zero.
// Indexing: bit positions < 256 index a 4-limb scalar; the 258-digit buffer covers a carry.
#[allow(clippy::indexing_slicing)]
fn wnaf(k: &[u64; 4], w: usize) -> ([i8; 258], usize) {
    let mut limbs = [0u64; 5];
    limbs[..4].copy_from_slice(k);
    let mut naf = [0i8; 258];
    let width = 1u64 << w;
    let mask = width - 1;
    let mut pos = 0usize;
    let mut carry = 0u64;
    let mut top = 0usize;
    while pos < 257 {
        let idx = pos / 64;
        let bit = pos % 64;
        let buf = if bit + w <= 64 || idx >= 4 {
            limbs[idx] >> bit
        } else {
            (limbs[idx] >> bit) | (limbs[idx + 1] << (64 - bit))
        };
        let window = carry + (buf & mask);
        if window & 1 == 0 {
            pos += 1;
            continue;
        }
        if window < width / 2 {
            carry = 0;
            naf[pos] = window as i8;
        } else {
            carry = 1;
            naf[pos] = (window as i64 - width as i64) as i8;
        }
        top = pos + 1;
        pos += w;
    }
    (naf, top)
}

/// The odd multiples `P, 3P, …, (2^(w−1) − 1)P` of each point, in affine form
/// (one inversion for all of them). `None` for the identity.
fn odd_multiples(points: &[Affine], w: usize) -> Vec<Vec<Affine>> {
    let len = table_len(w);
    let mut jac = Vec::with_capacity(points.len() * len);
    for p in points {
        let p2 = Jacobian::from_affine(p).double();
        let mut cur = Jacobian::from_affine(p);
        jac.push(cur);
        for _ in 1..len {
            cur = cur.add(&p2);
            jac.push(cur);
        }
    }
    let affine = batch_to_affine(&jac);
    let mut out = Vec::with_capacity(points.len());
    for chunk in affine.chunks(len) {
        // A multiple `j·P` with odd `j < 2^w` of a point of prime order is
        // never the identity, so every entry is present.
        out.push(
            chunk
                .iter()
                .map(|a| a.unwrap_or(Affine { x: k256::FieldElement::ONE, y: k256::FieldElement::ONE }))
                .collect(),
        );
    }
    out
}

/// One half-term of the Straus loop: NAF digits, sign, and its table.
struct StrausTerm<'a> {
    naf: [i8; 258],
    neg: bool,
    table: &'a [Affine],
}

// Indexing: wNAF digits are odd and below the table size built here (window w).
#[allow(clippy::indexing_slicing)]
fn straus_run(terms: &[StrausTerm<'_>]) -> Jacobian {
    let top = terms.iter().map(|t| naf_top(&t.naf)).max().unwrap_or(0);
    let mut acc = Jacobian::IDENTITY;
    for i in (0..top).rev() {
        acc = acc.double();
        for t in terms {
            let d = t.naf[i];
            if d == 0 {
                continue;
            }
            let idx = (d.unsigned_abs() / 2) as usize;
            let Some(p) = t.table.get(idx) else { continue };
            if (d < 0) != t.neg {
                acc = acc.sub_affine(p);
            } else {
                acc = acc.add_affine(p);
            }
        }
    }
    acc
}

fn naf_top(naf: &[i8; 258]) -> usize {
    naf.iter().rposition(|&d| d != 0).map_or(0, |p| p + 1)
}

/// Public terms after GLV: per input term, `(|k₁|, neg₁, P)` and
/// `(|k₂|, neg₂, φ(P))`, skipping zero scalars and identity points.
fn split_terms(glv: &Glv, scalars: &[Scalar], points: &[ProjectivePoint]) -> (Vec<([u64; 4], bool)>, Vec<Affine>) {
    let affine = projective_to_affine(points);
    let mut ks = Vec::with_capacity(2 * scalars.len());
    let mut ps = Vec::with_capacity(2 * scalars.len());
    for (k, p) in scalars.iter().zip(affine) {
        let Some(p) = p else { continue };
        if bool::from(k.is_zero()) {
            continue;
        }
        let [h1, h2] = glv.split(k);
        ks.push(h1);
        ps.push(p);
        ks.push(h2);
        ps.push(glv.endo(&p));
    }
    (ks, ps)
}

/// `Σ kᵢ·Pᵢ`, variable time; `None` only on an internal inconsistency
/// (impossible; the caller maps it to a point that fails every check).
// Indexing: buckets and digit arrays are sized here from the window width and term count.
#[allow(clippy::indexing_slicing)]
pub(super) fn msm(scalars: &[Scalar], points: &[ProjectivePoint]) -> Option<ProjectivePoint> {
    let n = scalars.len().min(points.len());
    let glv = Glv::get();
    let (ks, ps) = split_terms(glv, &scalars[..n], &points[..n]);
    let sum = if ks.len() <= 2 * STRAUS_MAX_TERMS { straus(&ks, &ps, None) } else { pippenger(&ks, &ps) };
    sum.to_projective()
}

/// `Σ_{t<chunk} k_{i·chunk+t}·P_{i·chunk+t}` for every `i`: many small sums
/// sharing the conversions to affine form and back (two inversions in all,
/// instead of two per sum). `None` on mismatched lengths.
pub(super) fn msm_chunks(scalars: &[Scalar], points: &[ProjectivePoint], chunk: usize) -> Option<Vec<ProjectivePoint>> {
    if chunk == 0 || scalars.len() != points.len() || scalars.len() % chunk != 0 {
        return None;
    }
    let glv = Glv::get();
    let affine = projective_to_affine(points);
    let mut sums = Vec::with_capacity(scalars.len() / chunk);
    for (ks_in, ps_in) in scalars.chunks(chunk).zip(affine.chunks(chunk)) {
        let mut ks = Vec::with_capacity(2 * chunk);
        let mut ps = Vec::with_capacity(2 * chunk);
        for (k, p) in ks_in.iter().zip(ps_in) {
            let Some(p) = p else { continue };
            if bool::from(k.is_zero()) {
                continue;
            }
            let [h1, h2] = glv.split(k);
            ks.push(h1);
            ps.push(*p);
            ks.push(h2);
            ps.push(glv.endo(p));
        }
        sums.push(if ks.len() <= 2 * STRAUS_MAX_TERMS { straus(&ks, &ps, None) } else { pippenger(&ks, &ps) });
    }
    batch_to_projective(&sums)
}

/// Straus over half-terms, plus optional precomputed static half-terms.
fn straus(ks: &[([u64; 4], bool)], ps: &[Affine], statics: Option<(&GenTable, &[Scalar], &Glv)>) -> Jacobian {
    let tables = odd_multiples(ps, W_DYNAMIC);
    let mut terms: Vec<StrausTerm<'_>> = Vec::with_capacity(ks.len());
    for ((k, neg), table) in ks.iter().zip(&tables) {
        terms.push(StrausTerm { naf: wnaf(k, W_DYNAMIC).0, neg: *neg, table });
    }
    if let Some((gt, scalars, glv)) = statics {
        for (k, entry) in scalars.iter().zip(&gt.entries) {
            if bool::from(k.is_zero()) {
                continue;
            }
            let [(m1, n1), (m2, n2)] = glv.split(k);
            terms.push(StrausTerm { naf: wnaf(&m1, W_STATIC).0, neg: n1, table: &entry.0 });
            terms.push(StrausTerm { naf: wnaf(&m2, W_STATIC).0, neg: n2, table: &entry.1 });
        }
    }
    straus_run(&terms)
}

/// Window size for Pippenger with `terms` half-terms: `b − 2` for `b ≤ 8`,
/// else `b − 3`, where `b` is the bit length of `terms`. Measured optimum
/// (ms by window 4..11 at 32, 128, 512 and 2048 half-terms): 4 (0.382),
/// 5–6 (1.050–1.059), 7 (3.10), 8–9 (9.81–9.88).
fn pippenger_window(terms: usize) -> usize {
    let b = usize::BITS as usize - terms.max(1).leading_zeros() as usize;
    let c = if b <= 8 { b.saturating_sub(2) } else { b - 3 };
    c.clamp(4, 13)
}

/// Signed radix-`2^c` digits of a number below 2²⁵⁶, each in
/// `[−2^(c−1), 2^(c−1))`, least significant first.
// Indexing: limb index (bit / 64) < 4 for bit < 256; the output is sized windows.
#[allow(clippy::indexing_slicing)]
fn signed_digits(k: &[u64; 4], c: usize, windows: usize) -> Vec<i32> {
    let mut out = Vec::with_capacity(windows);
    let mask = (1u64 << c) - 1;
    let half = 1i64 << (c - 1);
    let mut carry = 0i64;
    for j in 0..windows {
        let pos = j * c;
        let idx = pos / 64;
        let bit = pos % 64;
        let mut buf = if idx < 4 { k[idx] >> bit } else { 0 };
        if bit + c > 64 && idx + 1 < 4 {
            buf |= k[idx + 1] << (64 - bit);
        }
        let mut d = (buf & mask) as i64 + carry;
        if d >= half {
            d -= 1 << c;
            carry = 1;
        } else {
            carry = 0;
        }
        out.push(d as i32);
    }
    out
}

// Indexing: limb indices 0..4 of a fixed array.
#[allow(clippy::indexing_slicing)]
fn bit_len(k: &[u64; 4]) -> usize {
    k.iter().rposition(|&l| l != 0).map_or(0, |i| 64 * i + 64 - k[i].leading_zeros() as usize)
}

/// Pippenger's bucket method over half-terms: Jacobian buckets for small
/// sums, affine buckets with batched inversions from [`AFFINE_MIN_TERMS`].
fn pippenger(ks: &[([u64; 4], bool)], ps: &[Affine]) -> Jacobian {
    if ks.len() >= AFFINE_MIN_TERMS {
        pippenger_affine(ks, ps)
    } else {
        pippenger_with(ks, ps, pippenger_window(ks.len()))
    }
}

fn pippenger_with(ks: &[([u64; 4], bool)], ps: &[Affine], c: usize) -> Jacobian {
    if ks.is_empty() {
        return Jacobian::IDENTITY;
    }
    let bits = ks.iter().map(|(k, _)| bit_len(k)).max().unwrap_or(0);
    // The top digit absorbs the last carry only if it has a spare bit:
    // `c·windows ≥ bits + 2`.
    let windows = (bits + 2).div_ceil(c);
    let digits: Vec<Vec<i32>> = ks.iter().map(|(k, _)| signed_digits(k, c, windows)).collect();
    let buckets_len = 1usize << (c - 1);
    let mut acc = Jacobian::IDENTITY;
    let mut buckets = vec![Jacobian::IDENTITY; buckets_len];
    for w in (0..windows).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        for b in buckets.iter_mut() {
            *b = Jacobian::IDENTITY;
        }
        for ((dig, (_, neg)), p) in digits.iter().zip(ks).zip(ps) {
            let d = dig.get(w).copied().unwrap_or(0);
            if d == 0 {
                continue;
            }
            let Some(b) = buckets.get_mut(d.unsigned_abs() as usize - 1) else { continue };
            *b = if (d < 0) != *neg { b.sub_affine(p) } else { b.add_affine(p) };
        }
        let mut running = Jacobian::IDENTITY;
        let mut total = Jacobian::IDENTITY;
        for b in buckets.iter().rev() {
            running = running.add(b);
            total = total.add(&running);
        }
        acc = acc.add(&total);
    }
    acc
}

/// From this many half-terms on, [`pippenger_affine`] replaces the Jacobian
/// buckets. Measured (ms, one thread, best of 3; Jacobian buckets with
/// [`pippenger_window`] / affine buckets with the same window):
///
/// | half-terms | 512 | 1024 | 2048 | 4096 | 8192 |
/// |---|---|---|---|---|---|
/// | Jacobian | 3.08 | 5.37 | 9.85 | 17.45 | 32.13 |
/// | affine | 3.16 | 4.94 | 8.83 | 15.30 | 28.10 |
///
/// The gain is smaller than the operation counts promise (2M + 1S plus 3M
/// for the batched inverse against 8M + 3S): k256's constant-time field
/// inversion costs about 10 µs, one per pass, and the sorting and
/// compaction of the points cost about a third of an addition.
const AFFINE_MIN_TERMS: usize = 768;

/// Window for [`pippenger_affine`]: the Jacobian variant's (measured best
/// or within 3 % at every size above).
fn affine_window(terms: usize) -> usize {
    pippenger_window(terms)
}

/// Buckets in affine coordinates, each the sum of its points computed by
/// pairwise affine additions that share one field inversion per pass
/// (Montgomery's trick).
///
/// An affine addition `Q + P` with `λ = (y_P − y_Q)/(x_P − x_Q)`,
/// `x = λ² − x_Q − x_P`, `y = λ·(x_Q − x) − y_Q` costs 2M + 1S once the
/// inverse is known, and the batched inverse 3M per element plus one
/// inversion per pass, against 8M + 3S for a Jacobian mixed addition. The
/// window's `(bucket, point)` pairs are sorted by bucket; each pass adds
/// neighbours with the same bucket in pairs, halving every bucket's run, so
/// `⌈log₂ (largest run)⌉` passes (inversions) remain. `P = Q` is a doubling
/// (`λ = 3x²/2y`; secp256k1 has no point of order two, so `y ≠ 0`) and
/// `P = −Q` drops both. Variable time: public points only.
struct AffineBuckets {
    /// This window's points, sorted by bucket, then reduced to one per bucket.
    items: Vec<(u32, Affine)>,
    pairs: Vec<(usize, AffineStep)>,
    denominators: Vec<k256::FieldElement>,
    prefix: Vec<k256::FieldElement>,
    /// Counting-sort scratch: one slot per bucket.
    counts: Vec<usize>,
    sorted: Vec<(u32, Affine)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum AffineStep {
    Add,
    Double,
    Cancel,
}

impl AffineBuckets {
    fn new(buckets: usize, terms: usize) -> Self {
        AffineBuckets {
            items: Vec::with_capacity(terms),
            pairs: Vec::with_capacity(terms / 2 + 1),
            denominators: Vec::with_capacity(terms / 2 + 1),
            prefix: Vec::with_capacity(terms / 2 + 1),
            counts: vec![0; buckets + 1],
            sorted: Vec::with_capacity(terms),
        }
    }

    /// Sort `items` by bucket (counting sort) and sum each bucket's points.
    /// Afterwards `items` has at most one entry per bucket, in bucket order.
    // Indexing: bucket indices are below the bucket count `counts` was made for.
    #[allow(clippy::indexing_slicing)]
    fn reduce(&mut self) {
        self.counts.iter_mut().for_each(|c| *c = 0);
        for (b, _) in &self.items {
            self.counts[*b as usize + 1] += 1;
        }
        for i in 1..self.counts.len() {
            self.counts[i] += self.counts[i - 1];
        }
        self.sorted.clear();
        self.sorted.resize(self.items.len(), (0, Affine { x: k256::FieldElement::ZERO, y: k256::FieldElement::ZERO }));
        for item in &self.items {
            let slot = &mut self.counts[item.0 as usize];
            self.sorted[*slot] = *item;
            *slot += 1;
        }
        core::mem::swap(&mut self.items, &mut self.sorted);
        while self.pass() {}
    }

    /// One pass: add neighbours with the same bucket in pairs. Returns
    /// whether any pair was added.
    // Indexing: pair indices i, i + 1 are below items.len(); one denominator and prefix per pair.
    #[allow(clippy::indexing_slicing)]
    fn pass(&mut self) -> bool {
        use k256::FieldElement as Fe;
        self.pairs.clear();
        self.denominators.clear();
        self.prefix.clear();
        let mut acc = Fe::ONE;
        let mut i = 0;
        while i + 1 < self.items.len() {
            let (b, q) = &self.items[i];
            let (b2, p) = &self.items[i + 1];
            if b != b2 {
                i += 1;
                continue;
            }
            let dx = (p.x + q.x.negate(1)).normalize_weak(); // 1
            let (step, d) = if !bool::from(dx.normalizes_to_zero()) {
                (AffineStep::Add, dx)
            } else if bool::from((p.y + q.y.negate(1)).normalizes_to_zero()) {
                (AffineStep::Double, q.y.double().normalize_weak())
            } else {
                (AffineStep::Cancel, Fe::ONE)
            };
            self.pairs.push((i, step));
            self.prefix.push(acc);
            self.denominators.push(d);
            acc *= &d;
            i += 2;
        }
        if self.pairs.is_empty() {
            return false;
        }
        // Every denominator is non-zero (x_P ≠ x_Q, or 2y ≠ 0), so is `acc`.
        let mut inv: Fe = Option::from(acc.invert()).unwrap_or(Fe::ZERO);
        // Each sum replaces the first of its pair; the second (and both of
        // a cancelling pair) are marked spent, then the list is compacted.
        const SPENT: u32 = u32::MAX;
        for (k, &(i, step)) in self.pairs.iter().enumerate().rev() {
            let d_inv = inv * &self.prefix[k];
            inv *= &self.denominators[k];
            let q = self.items[i].1;
            let p = self.items[i + 1].1;
            self.items[i + 1].0 = SPENT;
            let lambda = match step {
                AffineStep::Add => (p.y + q.y.negate(1)) * &d_inv, // 1
                AffineStep::Double => q.x.square().mul_single(3) * &d_inv,
                AffineStep::Cancel => {
                    self.items[i].0 = SPENT;
                    continue;
                }
            };
            let x = (lambda.square() + q.x.negate(1) + p.x.negate(1)).normalize_weak(); // 1
            let y = (lambda * &(q.x + x.negate(1)) + q.y.negate(1)).normalize_weak(); // 1
            self.items[i].1 = Affine { x, y };
        }
        self.items.retain(|(b, _)| *b != SPENT);
        true
    }
}

/// Pippenger's bucket method with the buckets in affine coordinates
/// ([`AffineBuckets`]): the same digits and window sums as
/// [`pippenger_with`], the additions into buckets batched.
fn pippenger_affine(ks: &[([u64; 4], bool)], ps: &[Affine]) -> Jacobian {
    pippenger_affine_with(ks, ps, affine_window(ks.len()))
}

// Indexing: `digits` holds `windows` entries per term.
#[allow(clippy::indexing_slicing)]
fn pippenger_affine_with(ks: &[([u64; 4], bool)], ps: &[Affine], c: usize) -> Jacobian {
    if ks.is_empty() {
        return Jacobian::IDENTITY;
    }
    let bits = ks.iter().map(|(k, _)| bit_len(k)).max().unwrap_or(0);
    let windows = (bits + 2).div_ceil(c);
    let mut digits = Vec::with_capacity(ks.len() * windows);
    for (k, _) in ks {
        digits.extend(signed_digits(k, c, windows));
    }
    let mut buckets = AffineBuckets::new(1usize << (c - 1), ks.len());
    let mut acc = Jacobian::IDENTITY;
    for w in (0..windows).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        buckets.items.clear();
        for (t, ((_, neg), p)) in ks.iter().zip(ps).enumerate() {
            let d = digits[t * windows + w];
            if d == 0 {
                continue;
            }
            let point = if (d < 0) != *neg { p.neg() } else { *p };
            buckets.items.push((d.unsigned_abs() - 1, point));
        }
        buckets.reduce();
        // Σ_b (b + 1)·S_b by running sums, from the top bucket down.
        let mut running = Jacobian::IDENTITY;
        let mut total = Jacobian::IDENTITY;
        let mut next = buckets.items.iter().rev().peekable();
        for b in (0..1u32 << (c - 1)).rev() {
            if let Some((_, p)) = next.next_if(|(idx, _)| *idx == b) {
                running = running.add_affine(p);
            }
            total = total.add(&running);
        }
        acc = acc.add(&total);
    }
    acc
}

/// Modelled cost (µs) of Pippenger over `n` terms: per term
/// `30 − 2.1·log₂ n`, at least 7 (fitted to the measurements: 19.7 µs per
/// term at 32 terms, 14.2 at 128, 12.1 at 256, 10.5 at 512, 9.6 at 1024).
fn pippenger_cost(n: usize) -> f64 {
    if n == 0 {
        return 0.0;
    }
    // `f64::log2` needs `std` (libm); without it, `⌊log₂ n⌋` plus the
    // linear interpolation of the rest (at most 0.09 below), ample for a
    // cost model.
    #[cfg(feature = "std")]
    let log2 = (n as f64).log2();
    #[cfg(not(feature = "std"))]
    let log2 = {
        let k = n.ilog2();
        f64::from(k) + ((n - (1 << k)) as f64) / ((1usize << k) as f64)
    };
    n as f64 * (30.0 - 2.1 * log2).max(7.0)
}

/// Is the fixed-generator table path faster than the plain multiscalar
/// multiplication for `static_len` table points and `dynamic_len` others?
/// A table term costs about 11 µs (measured with width-7 NAFs of two
/// 128-bit halves, ~32 mixed additions; width 8 is about 8 % cheaper, kept
/// as margin) and the dynamic terms are summed apart (Straus or
/// Pippenger), as long as the tables (10 KiB per point) stay in cache. On
/// a 2-core AMD EPYC (512 KiB of L2 per core) they do not past ~160 points
/// (`examples/table_sweep.rs secp256k1`, ratio tables ÷ plain against
/// 17–68 dynamic points: 0.90–1.03 at 66 static points, 0.97–1.05 at 130,
/// 1.08–1.15 at 258, 1.45–1.53 at 514; the development machine, with more
/// cache, lost only from 1,024). Whole single verifications agree
/// (`ballistic-bench --bin table_cache -- secp` under the earlier rule:
/// 1.09–1.10 × slower with the tables at m = 2, 256 static points; 0.95–1.04
/// at m = 1). Up to 160 the tables win or lose within noise.
pub(super) fn precomputed_is_faster(static_len: usize, dynamic_len: usize) -> bool {
    static_len <= 160
        && 11.0 * static_len as f64 + pippenger_cost(dynamic_len) <= pippenger_cost(static_len + dynamic_len)
}

/// `Group::precomputed_is_uncertain`: against at most as many dynamic
/// points as static ones, the rule above is a guess about the caches: 258 points read
/// 1.08–1.15 × the plain sum on a machine with 512 KiB of L2 per core and
/// 0.79–0.84 × on one with 1 MiB (514 points: 1.45–1.53 × and
/// 0.95–0.99 ×), and the tables (10 KiB per point) cost more when other work
/// has evicted them, so a generator set times both paths
/// (`crate::path_choice`).
pub(super) fn precomputed_is_uncertain(static_len: usize, dynamic_len: usize) -> bool {
    dynamic_len <= static_len
}

/// The inner-product prover's tables (`Group::prover_tables_pay`): the
/// rule its rounds were measured with (up to 512 table points, the table's
/// size), whose alternative is folding the generators. Alternating runs of
/// `examples/prove_loop secp256k1 bp 64 M 30` with and without the
/// 160-point limit above read 31–41 against 35–43 ms at m = 2 and 72–80
/// against 82–96 ms at m = 4: the prover keeps its tables.
pub(super) fn prover_tables_pay(static_len: usize) -> bool {
    static_len <= 512 && 11.0 * static_len as f64 + pippenger_cost(1) <= pippenger_cost(static_len + 1)
}

/// Precomputed width-8 odd multiples of `P` and `φ(P)` for fixed points, in
/// affine form: `2 · 64 · 80` bytes per point.
#[derive(Debug)]
pub struct GenTable {
    entries: Vec<(Vec<Affine>, Vec<Affine>)>,
}

/// Heap bytes per point of a [`GenTable`].
pub(super) const GEN_TABLE_BYTES_PER_POINT: usize = 2 * table_len(W_STATIC) * core::mem::size_of::<Affine>();

impl GenTable {
    pub(super) fn new(points: &[ProjectivePoint]) -> GenTable {
        let glv = Glv::get();
        let affine: Vec<Affine> = projective_to_affine(points)
            .into_iter()
            // Generators are never the identity (hash-to-curve outputs);
            // a placeholder keeps indices aligned if one were.
            .map(|a| a.unwrap_or(Affine { x: k256::FieldElement::ONE, y: k256::FieldElement::ONE }))
            .collect();
        let tables = odd_multiples(&affine, W_STATIC);
        let entries = tables
            .into_iter()
            .map(|t| {
                let e = t.iter().map(|a| glv.endo(a)).collect();
                (t, e)
            })
            .collect();
        GenTable { entries }
    }

    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    /// `Σ aᵢ·Tᵢ + Σ sⱼ·Pⱼ`; `None` on mismatched lengths.
    pub(super) fn msm(
        &self,
        statics: &[Scalar],
        scalars: &[Scalar],
        points: &[ProjectivePoint],
    ) -> Option<ProjectivePoint> {
        if statics.len() > self.len() || scalars.len() != points.len() {
            return None;
        }
        let glv = Glv::get();
        let (ks, ps) = split_terms(glv, scalars, points);
        let sum = if ks.len() <= 2 * STRAUS_MAX_TERMS {
            straus(&ks, &ps, Some((self, statics, glv)))
        } else {
            straus(&[], &[], Some((self, statics, glv))).add(&pippenger(&ks, &ps))
        };
        sum.to_projective()
    }

    /// `Σ_{t<chunk} s·T_j` over `(j, s) = terms[i·chunk + t]`, for every
    /// `i`: Straus over the table's width-8 entries, one doubling chain per
    /// sum, and one conversion to projective form for all of them. Against
    /// [`msm_chunks`] over the points themselves this builds no width-5
    /// tables (7 additions and a share of an inversion per half-term) and
    /// adds about `128/9` rather than `128/6 + 4` times per half-term.
    /// `None` on a bad `chunk` or an index past the table.
    pub(super) fn msm_chunks(&self, terms: &[(usize, Scalar)], chunk: usize) -> Option<Vec<ProjectivePoint>> {
        if chunk == 0 || terms.len() % chunk != 0 {
            return None;
        }
        let glv = Glv::get();
        let mut sums = Vec::with_capacity(terms.len() / chunk);
        let mut run: Vec<StrausTerm<'_>> = Vec::with_capacity(2 * chunk);
        for sum in terms.chunks(chunk) {
            run.clear();
            for (j, k) in sum {
                let entry = self.entries.get(*j)?;
                if bool::from(k.is_zero()) {
                    continue;
                }
                let [(m1, n1), (m2, n2)] = glv.split(k);
                run.push(StrausTerm { naf: wnaf(&m1, W_STATIC).0, neg: n1, table: &entry.0 });
                run.push(StrausTerm { naf: wnaf(&m2, W_STATIC).0, neg: n2, table: &entry.1 });
            }
            sums.push(straus_run(&run));
        }
        batch_to_projective(&sums)
    }
}

#[cfg(test)]
mod tests;
