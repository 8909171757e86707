//! Variable-time multiscalar multiplication on secq256k1 (public scalars
//! only), on fiat-crypto's Montgomery form of the coordinates' field `𝔽_n`
//! with RCB16's complete formulas (`point.rs`):
//!
//! * **Straus** with 4-bit windows below [`PIPPENGER_MIN`] points;
//! * **Pippenger**'s buckets above, in affine coordinates ([`pippenger`]:
//!   the additions into the buckets batched, one inversion per pass);
//! * **Shared bases** ([`msm_shared_bases`]): many sums over one list of
//!   bases (a Curve Tree level) by fixed-base tables and affine additions
//!   whose inversions are batched.

use alloc::vec;
use alloc::vec::Vec;

use k256::Scalar as Fe;

use super::field::FieldP;
use super::point::{rcb_add, rcb_double, SecqPoint};
use crate::group::fast::Montgomery;
use crate::group::ScalarOps;

/// Point counts from which Pippenger's buckets beat Straus: measured
/// (median of 5, one thread, 2-core AMD EPYC, AVX2), Pippenger ÷ Straus is
/// 1.41 at 32 points, 0.93 at 64, 0.62 at 128. Against the projective
/// buckets used before, the affine ones took 0.60 × at 192 points,
/// 0.47–0.53 × from 256 to 1,024 and 0.45 × at 4,096.
pub(crate) const PIPPENGER_MIN: usize = 64;

/// Bits `[bit, bit + width)` of a little-endian 256-bit scalar.
fn window(bytes: &[u8; 32], bit: usize, width: usize) -> usize {
    let mut v = 0usize;
    for k in 0..width {
        let b = bit + k;
        if b < 256 {
            let byte = bytes.get(b / 8).copied().unwrap_or(0);
            v |= (((byte >> (b % 8)) & 1) as usize) << k;
        }
    }
    v
}

/// `Σ sᵢ·Pᵢ` in variable time (public scalars only).
pub(crate) fn msm_vartime(scalars: &[FieldP], points: &[SecqPoint]) -> SecqPoint {
    let n = scalars.len().min(points.len());
    let bytes: Vec<[u8; 32]> = scalars.iter().take(n).map(ScalarOps::to_bytes).collect();
    let points = points.get(..n).unwrap_or(points);
    if n == 0 {
        return SecqPoint::IDENTITY;
    }
    if n < PIPPENGER_MIN {
        straus(&bytes, points)
    } else {
        pippenger(&bytes, points).unwrap_or_else(|| straus(&bytes, points))
    }
}

/// A point with its coordinates in fiat-crypto's Montgomery form of `𝔽_n`
/// (about three times faster than k256's scalars, whose multiplication
/// reduces a wide product by Barrett): the variable-time sums run on these.
#[derive(Copy, Clone)]
pub(super) struct FastPoint {
    x: <Fe as Montgomery>::Fast,
    y: <Fe as Montgomery>::Fast,
    z: <Fe as Montgomery>::Fast,
}

/// `b₃ = 21` and the identity, in Montgomery form.
pub(super) struct FastCurve {
    b3: <Fe as Montgomery>::Fast,
    pub(super) identity: FastPoint,
}

impl FastCurve {
    pub(super) fn new() -> Self {
        FastCurve {
            b3: Fe::from(21u64).to_fast(),
            identity: FastPoint { x: Default::default(), y: Fe::fast_one(), z: Default::default() },
        }
    }
    pub(super) fn point(&self, p: &SecqPoint) -> FastPoint {
        FastPoint { x: p.x.to_fast(), y: p.y.to_fast(), z: p.z.to_fast() }
    }
    pub(super) fn add(&self, p: &FastPoint, q: &FastPoint) -> FastPoint {
        let (x, y, z) = rcb_add((p.x, p.y, p.z), (q.x, q.y, q.z), self.b3);
        FastPoint { x, y, z }
    }
    pub(super) fn double(&self, p: &FastPoint) -> FastPoint {
        let (x, y, z) = rcb_double((p.x, p.y, p.z), self.b3);
        FastPoint { x, y, z }
    }
}

impl FastPoint {
    pub(super) fn to_point(self) -> SecqPoint {
        SecqPoint { x: Fe::from_fast(&self.x), y: Fe::from_fast(&self.y), z: Fe::from_fast(&self.z) }
    }
}

/// Straus with unsigned 4-bit windows and a table `P, 2P, …, 15P` per point.
fn straus(bytes: &[[u8; 32]], points: &[SecqPoint]) -> SecqPoint {
    let f = FastCurve::new();
    let tables: Vec<[FastPoint; 15]> = points
        .iter()
        .map(|p| {
            let p = f.point(p);
            let mut t = [p; 15];
            let mut cur = p;
            for e in t.iter_mut().skip(1) {
                cur = f.add(&cur, &p);
                *e = cur;
            }
            t
        })
        .collect();
    let mut acc = f.identity;
    for w in (0..64).rev() {
        for _ in 0..4 {
            acc = f.double(&acc);
        }
        for (b, t) in bytes.iter().zip(&tables) {
            let d = window(b, 4 * w, 4);
            if let Some(e) = d.checked_sub(1).and_then(|k| t.get(k)) {
                acc = f.add(&acc, e);
            }
        }
    }
    acc.to_point()
}

/// An affine point in Montgomery form (never the identity).
pub(super) type Affine = (Fast, Fast);
pub(super) type Fast = <Fe as Montgomery>::Fast;

/// The affine addition `q + p` up to its slope's inverse: the chord's
/// `Δy/Δx`, the tangent's `3x²/2y` when `p = q` (`y ≠ 0`: the order is
/// odd), or `None` when `p = −q` (the sum is the identity). The
/// denominator is never zero.
fn slope(q: &Affine, p: &Affine, three: Fast) -> Option<(Fast, Fast)> {
    if q.0 != p.0 {
        Some((p.1 - q.1, p.0 - q.0))
    } else if q.1 == p.1 {
        Some((q.0 * q.0 * three, q.1 + q.1))
    } else {
        None
    }
}

/// `q + p` from [`slope`]'s numerator and the inverse of its denominator.
fn finish(q: &Affine, p: &Affine, num: Fast, den_inv: Fast) -> Affine {
    let lambda = num * den_inv;
    let x = lambda * lambda - q.0 - p.0;
    (x, lambda * (q.0 - x) - q.1)
}

/// Invert every value with one inversion (Montgomery's trick); `None` if
/// one is zero. The callers' arguments say none is (chords have distinct
/// `x`, tangents `y ≠ 0`, points off the identity `Z ≠ 0`); were one zero,
/// every inverse of the batch would be wrong, so the callers take their
/// slow path instead (review of 2026-11-30).
fn invert_all(values: &mut [Fast]) -> Option<()> {
    (crate::group::fast::batch_invert_fast::<Fe>(values) != Fast::default()).then_some(())
}

/// The points in affine form (one batched inversion), `None` for the
/// identity (`Z = 0`).
pub(super) fn normalize(points: &[FastPoint]) -> Option<Vec<Option<Affine>>> {
    let (zero, one) = (Fast::default(), Fe::fast_one());
    let mut zs: Vec<Fast> = points.iter().map(|p| if p.z == zero { one } else { p.z }).collect();
    invert_all(&mut zs)?;
    Some(points.iter().zip(zs).map(|(p, zi)| (p.z != zero).then(|| (p.x * zi, p.y * zi))).collect())
}

/// Pippenger's bucket method with signed `c`-bit digits and the buckets in
/// affine coordinates: each window's `(bucket, point)` pairs are sorted by
/// bucket, and passes add neighbours of one bucket in pairs with one
/// batched inversion per pass (about 6 multiplications per addition,
/// against 12 for a projective one), until one point per bucket is left;
/// then the running sums, projective. Cost, in affine additions:
/// `windows·(n + 2^{c+1})` (a bucket's two projective additions count
/// double), which chooses `c`.
/// `None` only if an invariant fails (a zero to invert, a bucket out of
/// range): the caller then takes Straus.
fn pippenger(bytes: &[[u8; 32]], points: &[SecqPoint]) -> Option<SecqPoint> {
    let n = points.len();
    let c = (4..=16).min_by_key(|&c| (256 + c) / c * (n + (2usize << c))).unwrap_or(8);
    pippenger_with(bytes, points, c)
}

/// [`pippenger`] with `c`-bit digits (`2 ≤ c ≤ 16`, else `None`).
fn pippenger_with(bytes: &[[u8; 32]], points: &[SecqPoint], c: usize) -> Option<SecqPoint> {
    if !(2..=16).contains(&c) || bytes.len() != points.len() {
        return None;
    }
    let f = FastCurve::new();
    let three = Fe::from(3u64).to_fast();
    let affine = normalize(&points.iter().map(|p| f.point(p)).collect::<Vec<_>>())?;
    let n = points.len();
    let windows = (256 + c) / c;
    let mut digits = vec![0i32; n * windows];
    for (b, ds) in bytes.iter().zip(digits.chunks_mut(windows)) {
        signed_digits(b, c, ds);
    }
    let half = 1usize << (c - 1);
    let mut buckets = Buckets::new(half, n);
    let mut acc = f.identity;
    for w in (0..windows).rev() {
        for _ in 0..c {
            acc = f.double(&acc);
        }
        buckets.items.clear();
        for (p, ds) in affine.iter().zip(digits.chunks(windows)) {
            if let Some(p) = p {
                buckets.push(ds.get(w).copied().unwrap_or(0), p);
            }
        }
        buckets.reduce(three)?;
        acc = f.add(&acc, &buckets.weighted_sum(&f)?);
    }
    Some(acc.to_point())
}

/// One window's `(bucket, point)` pairs and the scratch to reduce them.
pub(super) struct Buckets {
    pub(super) items: Vec<(u32, Affine)>,
    sorted: Vec<(u32, Affine)>,
    /// Counting-sort slots, one per bucket and one more.
    counts: Vec<usize>,
    /// Per pass: the first index of each pair and its slope's numerator.
    pairs: Vec<(usize, Fast)>,
    dens: Vec<Fast>,
}

impl Buckets {
    /// Empty buckets `0..half` (`half + 1` counting-sort slots), room for
    /// `items` items.
    pub(super) fn new(half: usize, items: usize) -> Self {
        Buckets {
            items: Vec::with_capacity(items),
            sorted: Vec::new(),
            counts: vec![0; half + 1],
            pairs: Vec::new(),
            dens: Vec::new(),
        }
    }

    /// Put `d·P` in bucket `|d| − 1` (nothing for `d = 0`).
    #[inline]
    pub(super) fn push(&mut self, d: i32, &(x, y): &Affine) {
        if d != 0 {
            self.items.push((d.unsigned_abs() - 1, (x, if d < 0 { -y } else { y })));
        }
    }

    /// `Σ_b (b + 1)·S_b` over the reduced buckets (at most one item each,
    /// in bucket order), by running sums from the top bucket down:
    /// `2·half` projective additions. `None` if an item is out of order or
    /// past the buckets.
    pub(super) fn weighted_sum(&self, f: &FastCurve) -> Option<FastPoint> {
        let one = Fe::fast_one();
        let half = self.counts.len().saturating_sub(1);
        let mut running = f.identity;
        let mut total = f.identity;
        let mut next = self.items.iter().rev().peekable();
        for b in (0..half as u32).rev() {
            if let Some((_, (x, y))) = next.next_if(|(k, _)| *k == b) {
                running = f.add(&running, &FastPoint { x: *x, y: *y, z: one });
            }
            total = f.add(&total, &running);
        }
        next.next().is_none().then_some(total)
    }

    /// Sort the items by bucket, then sum each bucket's points: afterwards
    /// at most one item per bucket, in bucket order. `None` if a bucket is
    /// out of range or an inversion fails.
    pub(super) fn reduce(&mut self, three: Fast) -> Option<()> {
        self.counts.iter_mut().for_each(|c| *c = 0);
        for (b, _) in &self.items {
            *self.counts.get_mut(*b as usize + 1)? += 1;
        }
        for i in 1..self.counts.len() {
            let before = self.counts.get(i - 1).copied().unwrap_or(0);
            if let Some(c) = self.counts.get_mut(i) {
                *c += before;
            }
        }
        self.sorted.clear();
        self.sorted.resize(self.items.len(), (0, (Fast::default(), Fast::default())));
        for item in &self.items {
            let slot = self.counts.get_mut(item.0 as usize)?;
            *self.sorted.get_mut(*slot)? = *item;
            *slot += 1;
        }
        core::mem::swap(&mut self.items, &mut self.sorted);
        while self.pass(three)? {}
        Some(())
    }

    /// Add neighbours of one bucket in pairs (the sum replaces the first,
    /// the second is dropped; a pair `P, −P` drops both). Returns whether
    /// any pair was found; `None` if the inversion fails.
    // Indexing: i + 1 < items.len() in the scan; the pairs' indices are the scan's.
    #[allow(clippy::indexing_slicing)]
    fn pass(&mut self, three: Fast) -> Option<bool> {
        const SPENT: u32 = u32::MAX;
        self.pairs.clear();
        self.dens.clear();
        let mut found = false;
        let mut i = 0;
        while i + 1 < self.items.len() {
            let ((b, q), (b2, p)) = (self.items[i], self.items[i + 1]);
            if b != b2 {
                i += 1;
                continue;
            }
            found = true;
            self.items[i + 1].0 = SPENT;
            match slope(&q, &p, three) {
                Some((num, den)) => {
                    self.pairs.push((i, num));
                    self.dens.push(den);
                }
                None => self.items[i].0 = SPENT,
            }
            i += 2;
        }
        invert_all(&mut self.dens)?;
        for (&(i, num), &inv) in self.pairs.iter().zip(&self.dens) {
            let sum = finish(&self.items[i].1, &self.items[i + 1].1, num, inv);
            self.items[i].1 = sum;
        }
        self.items.retain(|(b, _)| *b != SPENT);
        Some(found)
    }
}

/// Fewest sums for which [`msm_shared_bases`] builds fixed-base tables:
/// below it each sum runs on its own ([`msm_vartime`]).
const SHARED_MIN_SUMS: usize = 64;

/// `Σ_t s[i·b + t]·B_t` for every `i` (`b = bases.len()`), in variable
/// time: [`crate::group::Group::msm_vartime_shared_bases`].
///
/// Fixed-base windows, one base at a time, with the sums' additions
/// batched: the table of `B_t` holds `d·2^{w·k}·B_t` for
/// `1 ≤ d ≤ 2^{w−1}` and every window `k`, affine (one batched inversion
/// per base); each scalar is recoded into signed `w`-bit digits, and
/// window by window every sum adds its digit's entry to an affine
/// accumulator, the slopes' denominators inverted together (Montgomery's
/// trick: about 6 multiplications per addition, against 11 for a mixed
/// projective one). Per base the table costs about `windows·2^{w−1}`
/// projective additions (3 affine ones each, with its normalisation), and
/// each round of the sums one inversion (about 50 affine additions), so
/// `w` minimises `windows·(3·2^{w−1} + sums + 50)`: for a level of 2¹⁵
/// nodes, `w = 12` and 22 affine additions per term, where Straus's 4-bit
/// windows take about 80 projective ones.
///
/// Memory: one base's table at a time (`w ≤ 14`: about 35 MB while it is
/// built and normalised, 10 MB kept), and about 300 bytes per sum for all
/// the sums at once (accumulators, addends, denominators, digits): linear
/// in the input, which holds at least 64 bytes per sum.
pub(crate) fn msm_shared_bases(scalars: &[FieldP], bases: &[SecqPoint]) -> Option<Vec<SecqPoint>> {
    let b = bases.len();
    if b == 0 || scalars.len() % b != 0 {
        return None;
    }
    let sums = scalars.len() / b;
    if sums < SHARED_MIN_SUMS {
        return Some(scalars.chunks(b).map(|s| msm_vartime(s, bases)).collect());
    }
    let cost = |w: usize| (256 + w) / w * (3 * (1usize << (w - 1)) + sums + 50);
    let w = (2..=14).min_by_key(|&w| cost(w)).unwrap_or(4);
    // Only a failed invariant (a zero to invert, an entry out of range)
    // returns `None` here: then each sum on its own.
    Some(
        shared_bases_windowed(scalars, bases, w)
            .unwrap_or_else(|| scalars.chunks(b).map(|s| msm_vartime(s, bases)).collect()),
    )
}

/// [`msm_shared_bases`]'s sums with `w`-bit windows (`2 ≤ w ≤ 16`, `b ≥ 1`
/// bases dividing the scalars, else `None`).
fn shared_bases_windowed(scalars: &[FieldP], bases: &[SecqPoint], w: usize) -> Option<Vec<SecqPoint>> {
    if !(2..=16).contains(&w) || bases.is_empty() || scalars.len() % bases.len() != 0 {
        return None;
    }
    let b = bases.len();
    let sums = scalars.len() / b;
    let windows = (256 + w) / w;
    let half = 1usize << (w - 1);
    let f = FastCurve::new();
    let one = Fe::fast_one();
    let three = Fe::from(3u64).to_fast();
    // Affine accumulators (`None`: the identity); per round, each sum's
    // pending addend with its slope's numerator, and the denominators.
    let mut accs: Vec<Option<Affine>> = vec![None; sums];
    let mut addends: Vec<Option<(Affine, Fast)>> = vec![None; sums];
    let mut dens = vec![one; sums];
    let mut digits = vec![0i32; sums * windows];
    for (t, base) in bases.iter().enumerate() {
        if bool::from(base.is_identity()) {
            continue;
        }
        let table = fixed_base_table(&f, base, windows, half)?;
        for (i, ds) in digits.chunks_mut(windows).enumerate() {
            if let Some(s) = scalars.get(i * b + t) {
                signed_digits(&ScalarOps::to_bytes(s), w, ds);
            }
        }
        for k in 0..windows {
            // The round's additions; the identity and `P + (−P)` settle at once.
            for ((acc, addend), (den, ds)) in
                accs.iter_mut().zip(&mut addends).zip(dens.iter_mut().zip(digits.chunks(windows)))
            {
                *addend = None;
                *den = one;
                let d = ds.get(k).copied().unwrap_or(0);
                if d == 0 {
                    continue;
                }
                let &(x, y) = table.get(k * half + d.unsigned_abs() as usize - 1)?;
                let p = (x, if d < 0 { -y } else { y });
                match acc {
                    None => *acc = Some(p),
                    Some(q) => match slope(q, &p, three) {
                        Some((num, d)) => (*addend, *den) = (Some((p, num)), d),
                        None => *acc = None,
                    },
                }
            }
            invert_all(&mut dens)?;
            for ((acc, addend), inv) in accs.iter_mut().zip(&addends).zip(&dens) {
                if let (Some(q), Some((p, num))) = (acc.as_mut(), addend) {
                    *q = finish(q, p, *num, *inv);
                }
            }
        }
    }
    Some(
        accs.into_iter()
            .map(|a| a.map_or(SecqPoint::IDENTITY, |(x, y)| FastPoint { x, y, z: one }.to_point()))
            .collect(),
    )
}

/// `d·2^{w·k}·B` for `k < windows`, `1 ≤ d ≤ half = 2^{w−1}`, at index
/// `k·half + d − 1`, affine. `B` is not the identity, so no entry is (the
/// group's order `p` is a prime that divides no `d·2^{w·k}`).
fn fixed_base_table(f: &FastCurve, base: &SecqPoint, windows: usize, half: usize) -> Option<Vec<Affine>> {
    let mut entries = Vec::with_capacity(windows * half);
    let mut window_base = f.point(base);
    for _ in 0..windows {
        let mut cur = window_base;
        for d in 1..=half {
            entries.push(cur);
            if d < half {
                cur = f.add(&cur, &window_base);
            }
        }
        // half·2^{w·k}·B doubled: 2^{w·(k+1)}·B.
        window_base = f.double(&cur);
    }
    // No entry is the identity, so none is `None`.
    normalize(&entries)?.into_iter().collect()
}

/// The signed `w`-bit digits `d_k ∈ [−2^{w−1}, 2^{w−1})` of a 256-bit
/// little-endian scalar, `Σ d_k·2^{w·k}`, `⌊256/w⌋ + 1` of them (the
/// last takes the carry: its bits are fewer than `w − 1`, so it stays
/// below `2^{w−1}`).
pub(super) fn signed_digits(bytes: &[u8; 32], w: usize, out: &mut [i32]) {
    let half = 1i32 << (w - 1);
    let mut carry = 0i32;
    for (k, d) in out.iter_mut().enumerate() {
        let v = window(bytes, w * k, w) as i32 + carry;
        carry = i32::from(v >= half);
        *d = v - (carry << w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::secq256k1::point::hash_to_curve;

    #[test]
    fn shared_bases_agree_with_one_sum_at_a_time() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let mut bases: Vec<SecqPoint> = (0u32..5).map(|i| hash_to_curve(&i.to_le_bytes(), b"shared test")).collect();
        // The identity, a repeated base and its negation among the bases.
        bases.extend([SecqPoint::IDENTITY, bases[0], -bases[1]]);
        let b = bases.len();
        let mut scalars: Vec<FieldP> = (0..b * 70).map(|_| FieldP::random(&mut rng)).collect();
        // Edge scalars: 0, 1, −1 (= p − 1, every digit at its extreme), 2^255.
        let mut top = [0u8; 32];
        top[31] = 0x80;
        let edges = [FieldP::zero(), FieldP::one(), -FieldP::one(), FieldP::from_canonical_bytes(&top).unwrap()];
        for (s, e) in scalars.iter_mut().zip(edges.iter().cycle()).step_by(3) {
            *s = *e;
        }
        let expected: Vec<SecqPoint> = scalars.chunks(b).map(|s| msm_vartime(s, &bases)).collect();
        for w in 2..=14 {
            assert_eq!(shared_bases_windowed(&scalars, &bases, w).as_deref(), Some(&expected[..]), "w = {w}");
        }
        assert_eq!(msm_shared_bases(&scalars, &bases), Some(expected.clone()));
        // Fewer sums than tables pay for, and refused shapes.
        let few = &scalars[..3 * b];
        assert_eq!(msm_shared_bases(few, &bases).as_deref(), Some(&expected[..3]));
        assert_eq!(msm_shared_bases(&scalars[1..], &bases), None);
        assert_eq!(msm_shared_bases(&scalars, &[]), None);
        assert_eq!(msm_shared_bases(&[], &bases), Some(vec![]));
    }

    #[test]
    fn shared_bases_double_and_cancel() {
        // Sums whose accumulator meets its addend: P + P (the tangent),
        // P + (−P) (the identity), and an addend after the identity.
        let p = hash_to_curve(b"d", b"shared test");
        let bases = [p, p, -p, p];
        let (z, one) = (FieldP::zero(), FieldP::one());
        let two = one + one;
        let rows =
            [[one, one, z, z], [one, one, one, z], [one, z, one, z], [one, z, one, one], [two, z, two, z], [z; 4]];
        let scalars: Vec<FieldP> = rows.iter().flatten().copied().collect();
        let expected = [p.double(), p, SecqPoint::IDENTITY, p, SecqPoint::IDENTITY, SecqPoint::IDENTITY];
        for w in 2..=14 {
            assert_eq!(shared_bases_windowed(&scalars, &bases, w).as_deref(), Some(&expected[..]), "w = {w}");
        }
    }

    #[test]
    fn pippenger_agrees_with_straus() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
        let mut points: Vec<SecqPoint> = (0u32..300).map(|i| hash_to_curve(&i.to_le_bytes(), b"affine test")).collect();
        // Doublings and cancellations inside buckets: repeats and negations
        // under equal scalars, the identity, and zero and edge scalars.
        for k in 0..20 {
            points[40 + k] = points[k];
            points[60 + k] = -points[k];
        }
        points[80] = SecqPoint::IDENTITY;
        let mut scalars: Vec<FieldP> = (0..300).map(|_| FieldP::random(&mut rng)).collect();
        for k in 0..20 {
            scalars[40 + k] = scalars[k];
            scalars[60 + k] = scalars[k];
        }
        scalars[81] = FieldP::zero();
        scalars[82] = -FieldP::one();
        scalars[83] = FieldP::one();
        let bytes: Vec<[u8; 32]> = scalars.iter().map(ScalarOps::to_bytes).collect();
        let expected = straus(&bytes, &points);
        for c in 2..=16 {
            assert_eq!(pippenger_with(&bytes, &points, c), Some(expected), "c = {c}");
        }
        assert_eq!(pippenger(&bytes, &points), Some(expected));
        assert_eq!(pippenger(&[], &[]), Some(SecqPoint::IDENTITY));
        // Out-of-range widths and mismatched lengths: refused.
        assert_eq!(pippenger_with(&bytes, &points, 1), None);
        assert_eq!(pippenger_with(&bytes, &points, 17), None);
        assert_eq!(pippenger_with(&bytes[1..], &points, 8), None);
        assert_eq!(shared_bases_windowed(&scalars, &points[..3], 1), None);
        // Through msm_vartime, on both sides of the crossover.
        for n in [PIPPENGER_MIN - 1, PIPPENGER_MIN, 1100] {
            let many: Vec<SecqPoint> = points.iter().cycle().take(n).copied().collect();
            let s: Vec<FieldP> = (0..n).map(|_| FieldP::random(&mut rng)).collect();
            let b: Vec<[u8; 32]> = s.iter().map(ScalarOps::to_bytes).collect();
            assert_eq!(msm_vartime(&s, &many), straus(&b, &many), "n = {n}");
        }
    }

    #[test]
    fn signed_digits_recompose() {
        // −1 = p − 1, 2^255 ± 1, a carry through every window (all bits
        // set below bit 255), 0 and 1; every width Pippenger and the
        // shared bases use.
        let mut edges = vec![-FieldP::one(), FieldP::zero(), FieldP::one()];
        let mut top = [0u8; 32];
        top[31] = 0x80;
        let top = FieldP::from_canonical_bytes(&top).unwrap();
        edges.extend([top + FieldP::one(), top - FieldP::one()]);
        for scalar in edges {
            let bytes = scalar.to_bytes();
            for w in 2..=16 {
                let mut digits = vec![0i32; (256 + w) / w];
                signed_digits(&bytes, w, &mut digits);
                let half = 1i32 << (w - 1);
                assert!(digits.iter().all(|d| (-half..half).contains(d)), "w = {w}");
                // Σ d_k·2^{wk} as a field element is the scalar.
                let two_w = FieldP::from_u64(1 << w);
                let value = digits.iter().rev().fold(FieldP::zero(), |acc, &d| {
                    let d = if d < 0 { -FieldP::from_u64(d.unsigned_abs().into()) } else { FieldP::from_u64(d as u64) };
                    acc * two_w + d
                });
                assert_eq!(value, scalar, "w = {w}");
            }
        }
    }

    #[test]
    fn pippenger_collisions_in_later_passes() {
        // Every scalar 1: all points in bucket 0 of the lowest window, so
        // the passes meet P + P, a partial sum equal to the next pair's
        // negation, and totals that are the identity.
        let p = hash_to_curve(b"p", b"collide");
        let q = hash_to_curve(b"q", b"collide");
        let times = |n: usize| (0..n).fold(SecqPoint::IDENTITY, |acc, _| acc + p);
        let cases = [
            (vec![p, p, -p.double()], SecqPoint::IDENTITY),
            (vec![p, q, -(p + q)], SecqPoint::IDENTITY),
            (vec![p, p, p.double(), p.double().double()], times(8)),
            (vec![p; 33], times(33)),
            (vec![p, -p, p, -p, q], q),
        ];
        for (points, expected) in cases {
            let bytes = vec![FieldP::one().to_bytes(); points.len()];
            for c in 2..=16 {
                assert_eq!(pippenger_with(&bytes, &points, c), Some(expected), "c = {c}, {} points", points.len());
            }
        }
    }
}
