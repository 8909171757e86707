//! Unit tests of the secp256k1 multiscalar multiplication: digit
//! recompositions and every MSM path against the naive sum.

use super::*;
use k256::elliptic_curve::Field;
use rand::{Rng, SeedableRng};

fn naive(scalars: &[Scalar], points: &[ProjectivePoint]) -> ProjectivePoint {
    scalars.iter().zip(points).map(|(s, p)| p * s).sum()
}

#[test]
fn wnaf_and_signed_digits_recompose() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4);
    for _ in 0..200 {
        let k: [u64; 4] = [rng.gen(), rng.gen(), rng.gen(), rng.gen::<u64>() >> rng.gen_range(0..64)];
        for w in [2usize, 5, 7, 8] {
            let (naf, top) = wnaf(&k, w);
            let mut acc = Scalar::ZERO;
            for &d in naf[..top].iter().rev() {
                acc =
                    acc.double() + if d < 0 { -Scalar::from(d.unsigned_abs() as u64) } else { Scalar::from(d as u64) };
            }
            assert_eq!(acc, reduce(&k), "w={w}");
        }
        for c in [4usize, 7, 8, 13] {
            let d = signed_digits(&k, c, (bit_len(&k) + 2).div_ceil(c));
            let base = Scalar::from(1u64 << c);
            let acc = d.iter().rev().fold(Scalar::ZERO, |a, &x| {
                a * base + if x < 0 { -Scalar::from(x.unsigned_abs() as u64) } else { Scalar::from(x as u64) }
            });
            assert_eq!(acc, reduce(&k), "c={c}");
        }
    }
}

fn reduce(k: &[u64; 4]) -> Scalar {
    use k256::elliptic_curve::ops::Reduce;
    <Scalar as Reduce<k256::U256>>::reduce(k256::U256::from_words(*k))
}

/// Property test against the naive sum: random sizes (both algorithms
/// and the crossover), zero scalars, identity points, repeated points,
/// `P` and `−P` together.
#[test]
fn msm_matches_naive_sum() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
    let mut sizes = vec![0usize, 1, 2, 3, 17, STRAUS_MAX_TERMS, STRAUS_MAX_TERMS + 1, 300, 2000];
    sizes.extend((0..6).map(|_| rng.gen_range(0..2000)));
    for n in sizes {
        let mut scalars: Vec<Scalar> = (0..n).map(|_| Scalar::random(&mut rng)).collect();
        let mut points: Vec<ProjectivePoint> =
            (0..n).map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng)).collect();
        if n > 4 {
            scalars[0] = Scalar::ZERO;
            points[1] = ProjectivePoint::IDENTITY;
            points[2] = points[3];
            points[4] = -points[3];
            scalars[4] = scalars[3];
        }
        if n > 10 {
            scalars[5] = Scalar::ONE;
            scalars[6] = -Scalar::ONE;
            scalars[7] = Scalar::from(u64::MAX);
        }
        let expected = naive(&scalars, &points);
        assert_eq!(msm(&scalars, &points).unwrap(), expected, "n = {n}");
        // Both algorithms on the same input.
        let glv = Glv::get();
        let (ks, ps) = split_terms(glv, &scalars, &points);
        if n <= 400 {
            assert_eq!(straus(&ks, &ps, None).to_projective().unwrap(), expected);
        }
        assert_eq!(pippenger(&ks, &ps).to_projective().unwrap(), expected);
        for c in [4usize, 6, 9] {
            assert_eq!(pippenger_with(&ks, &ps, c).to_projective().unwrap(), expected, "n = {n}, c = {c}");
            assert_eq!(pippenger_affine_with(&ks, &ps, c).to_projective().unwrap(), expected, "n = {n}, c = {c}");
        }
    }
    // A sum that cancels to the identity.
    let p = ProjectivePoint::GENERATOR * Scalar::random(&mut rng);
    let s = Scalar::random(&mut rng);
    assert_eq!(msm(&[s, -s], &[p, p]).unwrap(), ProjectivePoint::IDENTITY);
}

/// The affine buckets' special cases: many copies of one point with one
/// scalar (every pass doubles), and `P`, `−P` pairs that cancel.
#[test]
fn affine_buckets_double_and_cancel() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let p = ProjectivePoint::GENERATOR * Scalar::random(&mut rng);
    let k = Scalar::random(&mut rng);
    let glv = Glv::get();
    for (n, with_negatives) in [(900usize, false), (900, true), (1001, true)] {
        let mut points = vec![p; n];
        if with_negatives {
            for q in points.iter_mut().step_by(3) {
                *q = -*q;
            }
        }
        let scalars = vec![k; n];
        let (ks, ps) = split_terms(glv, &scalars, &points);
        for c in [4usize, 8] {
            let got = pippenger_affine_with(&ks, &ps, c).to_projective().unwrap();
            assert_eq!(got, naive(&scalars, &points), "n = {n}, c = {c}");
        }
    }
}

#[test]
fn precomputed_table_matches_naive_sum() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(6);
    let gens: Vec<ProjectivePoint> = (0..40).map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng)).collect();
    let table = GenTable::new(&gens);
    for (statics, dynamic) in [(0usize, 0usize), (40, 0), (17, 3), (40, 30), (1, 1), (40, 200)] {
        let mut a: Vec<Scalar> = (0..statics).map(|_| Scalar::random(&mut rng)).collect();
        if statics > 2 {
            a[1] = Scalar::ZERO;
        }
        let s: Vec<Scalar> = (0..dynamic).map(|_| Scalar::random(&mut rng)).collect();
        let p: Vec<ProjectivePoint> =
            (0..dynamic).map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng)).collect();
        let expect = naive(&a, &gens[..statics]) + naive(&s, &p);
        assert_eq!(table.msm(&a, &s, &p).unwrap(), expect);
    }
    assert!(table.msm(&vec![Scalar::ONE; 41], &[], &[]).is_none());
    assert!(table.msm(&[], &[Scalar::ONE], &[]).is_none());
}

#[test]
fn table_chunks_match_naive_sums() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let gens: Vec<ProjectivePoint> = (0..24).map(|_| ProjectivePoint::GENERATOR * Scalar::random(&mut rng)).collect();
    let table = GenTable::new(&gens);
    for (sums, chunk) in [(0usize, 1usize), (1, 1), (3, 8), (8, 3), (2, 24)] {
        // Any indices, repeats included; some scalars zero, some small, one
        // sum all zero (the identity).
        let mut terms: Vec<(usize, Scalar)> = (0..sums * chunk)
            .map(|i| {
                let k = match i % 5 {
                    0 => Scalar::ZERO,
                    1 => Scalar::from(rng.gen::<u64>()),
                    _ => Scalar::random(&mut rng),
                };
                (rng.gen_range(0..gens.len()), k)
            })
            .collect();
        if sums > 1 {
            for t in &mut terms[..chunk] {
                t.1 = Scalar::ZERO;
            }
        }
        let got = table.msm_chunks(&terms, chunk).unwrap();
        assert_eq!(got.len(), sums);
        for (i, sum) in terms.chunks(chunk).enumerate() {
            let expect: ProjectivePoint = sum.iter().map(|(j, k)| gens[*j] * k).sum();
            assert_eq!(got[i], expect, "sums {sums}, chunk {chunk}, sum {i}");
        }
    }
    assert!(table.msm_chunks(&[(0, Scalar::ONE)], 0).is_none());
    assert!(table.msm_chunks(&[(0, Scalar::ONE); 3], 2).is_none());
    assert!(table.msm_chunks(&[(24, Scalar::ONE)], 1).is_none());
    assert!(table.msm_chunks(&[(usize::MAX, Scalar::ONE)], 1).is_none());
}
