//! Variable-time multiscalar multiplication on secq256k1 (public scalars
//! only), on fiat-crypto's Montgomery form of the coordinates' field `𝔽_n`
//! with RCB16's complete formulas (`point.rs`):
//!
//! * **Straus** with 4-bit windows below [`PIPPENGER_MIN`] points;
//! * **Pippenger**'s buckets above;
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

/// Point counts from which Pippenger's buckets beat Straus.
pub(crate) const PIPPENGER_MIN: usize = 192;

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
    if n < PIPPENGER_MIN {
        straus(&bytes, points)
    } else {
        pippenger(&bytes, points)
    }
}

/// A point with its coordinates in fiat-crypto's Montgomery form of `𝔽_n`
/// (about three times faster than k256's scalars, whose multiplication
/// reduces a wide product by Barrett): the variable-time sums run on these.
#[derive(Copy, Clone)]
struct FastPoint {
    x: <Fe as Montgomery>::Fast,
    y: <Fe as Montgomery>::Fast,
    z: <Fe as Montgomery>::Fast,
}

/// `b₃ = 21` and the identity, in Montgomery form.
struct FastCurve {
    b3: <Fe as Montgomery>::Fast,
    identity: FastPoint,
}

impl FastCurve {
    fn new() -> Self {
        FastCurve {
            b3: Fe::from(21u64).to_fast(),
            identity: FastPoint { x: Default::default(), y: Fe::fast_one(), z: Default::default() },
        }
    }
    fn point(&self, p: &SecqPoint) -> FastPoint {
        FastPoint { x: p.x.to_fast(), y: p.y.to_fast(), z: p.z.to_fast() }
    }
    fn add(&self, p: &FastPoint, q: &FastPoint) -> FastPoint {
        let (x, y, z) = rcb_add((p.x, p.y, p.z), (q.x, q.y, q.z), self.b3);
        FastPoint { x, y, z }
    }
    fn double(&self, p: &FastPoint) -> FastPoint {
        let (x, y, z) = rcb_double((p.x, p.y, p.z), self.b3);
        FastPoint { x, y, z }
    }
}

impl FastPoint {
    fn to_point(self) -> SecqPoint {
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

/// Pippenger's bucket method with unsigned `c`-bit windows.
fn pippenger(bytes: &[[u8; 32]], points: &[SecqPoint]) -> SecqPoint {
    let f = FastCurve::new();
    let points: Vec<FastPoint> = points.iter().map(|p| f.point(p)).collect();
    let n = points.len();
    let log = (usize::BITS - n.leading_zeros()) as usize;
    let c = (log * 7 / 10 + 1).clamp(4, 16);
    let windows = 256usize.div_ceil(c);
    let mut buckets = vec![f.identity; (1 << c) - 1];
    let mut acc = f.identity;
    for w in (0..windows).rev() {
        for _ in 0..c {
            acc = f.double(&acc);
        }
        for b in buckets.iter_mut() {
            *b = f.identity;
        }
        for (s, p) in bytes.iter().zip(&points) {
            let d = window(s, c * w, c);
            if let Some(b) = d.checked_sub(1).and_then(|k| buckets.get_mut(k)) {
                *b = f.add(b, p);
            }
        }
        // Σ_d d·bucket_d by running sums from the top bucket down.
        let mut running = f.identity;
        let mut sum = f.identity;
        for b in buckets.iter().rev() {
            running = f.add(&running, b);
            sum = f.add(&sum, &running);
        }
        acc = f.add(&acc, &sum);
    }
    acc.to_point()
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
/// windows take about 80 projective ones. At most one base's table
/// (`w ≤ 14`: 10 MB) is alive.
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
    Some(shared_bases_windowed(scalars, bases, w))
}

/// [`msm_shared_bases`]'s sums with `w`-bit windows (`2 ≤ w ≤ 14`; `b ≥ 1`
/// bases dividing the scalars).
fn shared_bases_windowed(scalars: &[FieldP], bases: &[SecqPoint], w: usize) -> Vec<SecqPoint> {
    type F = <Fe as Montgomery>::Fast;
    let b = bases.len().max(1);
    let sums = scalars.len() / b;
    let windows = (256 + w) / w;
    let half = 1usize << (w - 1);
    let f = FastCurve::new();
    let one = Fe::fast_one();
    let three = Fe::from(3u64).to_fast();
    // Affine accumulators (`None`: the identity); per round, each sum's
    // pending addend, and the slope's numerator and denominator.
    let mut accs: Vec<Option<(F, F)>> = vec![None; sums];
    let mut addends: Vec<Option<(F, F)>> = vec![None; sums];
    let mut nums = vec![one; sums];
    let mut dens = vec![one; sums];
    let mut digits = vec![0i32; sums * windows];
    for (t, base) in bases.iter().enumerate() {
        if bool::from(base.is_identity()) {
            continue;
        }
        let table = fixed_base_table(&f, base, windows, half);
        for (i, ds) in digits.chunks_mut(windows).enumerate() {
            if let Some(s) = scalars.get(i * b + t) {
                signed_digits(&ScalarOps::to_bytes(s), w, ds);
            }
        }
        for k in 0..windows {
            // The round's additions: the identity and `P + (−P)` settle at
            // once; `P + P` takes the tangent's slope `3x²/2y` (y ≠ 0: the
            // order is odd), every other sum the chord's `Δy/Δx`.
            for (i, acc) in accs.iter_mut().enumerate() {
                let (addend, num, den) = (addends.get_mut(i), nums.get_mut(i), dens.get_mut(i));
                let (Some(addend), Some(num), Some(den)) = (addend, num, den) else { continue };
                *addend = None;
                *den = one;
                let d = digits.get(i * windows + k).copied().unwrap_or(0);
                let entry = (d != 0).then(|| table.get(k * half + d.unsigned_abs() as usize - 1)).flatten();
                let Some(&(x2, y2)) = entry else { continue };
                let y2 = if d < 0 { -y2 } else { y2 };
                match *acc {
                    None => *acc = Some((x2, y2)),
                    Some((x1, y1)) if x1 == x2 && y1 != y2 => *acc = None,
                    Some((x1, y1)) => {
                        (*num, *den) = if x1 == x2 { (x1 * x1 * three, y1 + y1) } else { (y2 - y1, x2 - x1) };
                        *addend = Some((x2, y2));
                    }
                }
            }
            Fe::batch_invert_fast(&mut dens);
            for ((acc, addend), (num, den)) in accs.iter_mut().zip(&addends).zip(nums.iter().zip(&dens)) {
                if let (Some((x1, y1)), Some((x2, _))) = (*acc, *addend) {
                    let slope = *num * *den;
                    let x3 = slope * slope - x1 - x2;
                    *acc = Some((x3, slope * (x1 - x3) - y1));
                }
            }
        }
    }
    accs.into_iter().map(|a| a.map_or(SecqPoint::IDENTITY, |(x, y)| FastPoint { x, y, z: one }.to_point())).collect()
}

/// `d·2^{w·k}·B` for `k < windows`, `1 ≤ d ≤ half = 2^{w−1}`, at index
/// `k·half + d − 1`, affine. `B` is not the identity, so no entry is (the
/// group's order `p` is a prime that divides no `d·2^{w·k}`).
fn fixed_base_table(
    f: &FastCurve,
    base: &SecqPoint,
    windows: usize,
    half: usize,
) -> Vec<(<Fe as Montgomery>::Fast, <Fe as Montgomery>::Fast)> {
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
    let mut zs: Vec<_> = entries.iter().map(|p| p.z).collect();
    Fe::batch_invert_fast(&mut zs);
    entries.iter().zip(zs).map(|(p, zi)| (p.x * zi, p.y * zi)).collect()
}

/// The signed `w`-bit digits `d_k ∈ [−2^{w−1}, 2^{w−1})` of a 256-bit
/// little-endian scalar, `Σ d_k·2^{w·k}`, `⌊256/w⌋ + 1` of them (the
/// last takes the carry: its bits are fewer than `w − 1`, so it stays
/// below `2^{w−1}`).
fn signed_digits(bytes: &[u8; 32], w: usize, out: &mut [i32]) {
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
    fn pippenger_agrees_with_straus_at_wide_windows() {
        // 1,100 points: Pippenger's window is 8 bits (the other tests stop
        // at 130 points, 6 bits).
        let points: Vec<SecqPoint> = (0u32..1100).map(|i| hash_to_curve(&i.to_le_bytes(), b"pippenger test")).collect();
        let bytes: Vec<[u8; 32]> = (0u32..1100)
            .map(|i| {
                let mut wide = [0u8; 64];
                wide[..4].copy_from_slice(&i.to_le_bytes());
                wide[40] = 0xa5;
                ScalarOps::to_bytes(&FieldP::from_bytes_mod_order_wide(&wide))
            })
            .collect();
        assert_eq!(pippenger(&bytes, &points), straus(&bytes, &points));
    }

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
            assert_eq!(shared_bases_windowed(&scalars, &bases, w), expected, "w = {w}");
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
            assert_eq!(shared_bases_windowed(&scalars, &bases, w), expected, "w = {w}");
        }
    }

    #[test]
    fn signed_digits_recompose() {
        let bytes = (-FieldP::one()).to_bytes();
        for w in 2..=14 {
            let mut digits = vec![0i32; (256 + w) / w];
            signed_digits(&bytes, w, &mut digits);
            let half = 1i32 << (w - 1);
            assert!(digits.iter().all(|d| (-half..half).contains(d)), "w = {w}");
            // Σ d_k·2^{wk} as a field element equals −1.
            let two_w = FieldP::from_u64(1 << w);
            let value = digits.iter().rev().fold(FieldP::zero(), |acc, &d| {
                let d = if d < 0 { -FieldP::from_u64(d.unsigned_abs().into()) } else { FieldP::from_u64(d as u64) };
                acc * two_w + d
            });
            assert_eq!(value, -FieldP::one(), "w = {w}");
        }
    }
}
