//! One conformance suite for every group backend (issue 37, item 2): the
//! group and field laws, the encodings, and every multiscalar
//! multiplication the backends implement (variable time, constant time, in
//! chunks, through a precomputed table) against the naive sum `Σ sᵢ·Pᵢ`
//! computed with `mul_ct` and `+`, at sizes on both sides of each backend's
//! algorithm switches (Straus, Pippenger, the bucket widths). Written once,
//! instantiated for Ristretto255, secp256k1 and Ed25519 by `for_each_group!`,
//! and for secq256k1.

use ballistic::group::{Group, ScalarOps};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn point<G: Group>(rng: &mut ChaCha20Rng) -> G::Point {
    let mut wide = [0u8; 64];
    rng.fill(&mut wide[..]);
    G::hash_to_point(&wide)
}

/// Random scalars, with the edge values 0, 1, −1 and a repeat mixed in.
fn scalars<G: Group>(rng: &mut ChaCha20Rng, n: usize) -> Vec<G::Scalar> {
    let mut s: Vec<G::Scalar> = (0..n).map(|_| G::Scalar::random(rng)).collect();
    let edges = [G::Scalar::zero(), G::Scalar::one(), -G::Scalar::one()];
    for (k, e) in edges.into_iter().enumerate() {
        if let Some(x) = s.get_mut(k * 3) {
            *x = e;
        }
    }
    if n > 5 {
        s[5] = s[4];
    }
    s
}

fn naive<G: Group>(scalars: &[G::Scalar], points: &[G::Point]) -> G::Point {
    scalars.iter().zip(points).fold(G::identity(), |acc, (s, p)| acc + G::mul_ct(p, s))
}

fn same<G: Group>(a: &G::Point, b: &G::Point) -> bool {
    G::compress(a) == G::compress(b)
}

fn group_and_field_laws<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for _ in 0..8 {
        let (p, q, r) = (point::<G>(&mut rng), point::<G>(&mut rng), point::<G>(&mut rng));
        let (a, b) = (G::Scalar::random(&mut rng), G::Scalar::random(&mut rng));
        let o = G::identity();
        assert!(same::<G>(&((p + q) + r), &(p + (q + r))), "associativity");
        assert!(same::<G>(&(p + q), &(q + p)), "commutativity");
        let p2 = p;
        assert!(same::<G>(&(p + o), &p) && G::is_identity_vartime(&(p - p2)), "identity and inverse");
        assert!(same::<G>(&-(-p), &p) && same::<G>(&(p - q), &(p + -q)), "negation");
        let (mut s, mut t) = (p, p);
        s += q;
        t -= q;
        assert!(same::<G>(&s, &(p + q)) && same::<G>(&t, &(p - q)), "assigning operators");
        assert!(same::<G>(&G::mul_ct(&p, &(a + b)), &(G::mul_ct(&p, &a) + G::mul_ct(&p, &b))), "(a + b)·P");
        assert!(same::<G>(&G::mul_ct(&p, &(a * b)), &G::mul_ct(&G::mul_ct(&p, &a), &b)), "(ab)·P");
        assert!(same::<G>(&G::mul_ct(&(p + q), &a), &(G::mul_ct(&p, &a) + G::mul_ct(&q, &a))), "a·(P + Q)");
        assert!(G::is_identity_vartime(&G::mul_ct(&p, &G::Scalar::zero())), "0·P");
        assert!(same::<G>(&G::mul_ct(&p, &G::Scalar::one()), &p), "1·P");
        assert!(same::<G>(&G::mul_ct(&p, &-G::Scalar::one()), &-p), "(ℓ − 1)·P = −P");
        assert!(same::<G>(&G::mul_ct(&p, &G::Scalar::from_u64(3)), &(p + p + p)), "3·P");
        assert!(!G::is_identity_vartime(&p), "hash_to_point gave the identity");
        // The field.
        assert_eq!(a * a.invert_vartime(), G::Scalar::one());
        assert_eq!(a.invert_ct(), a.invert_vartime());
        assert_eq!(G::Scalar::zero().invert_ct(), G::Scalar::zero());
        assert_eq!((a - b) + b, a);
        assert_eq!(a * (b + G::Scalar::one()), a * b + a);
        let mut batch = vec![a, b, a * b];
        let all = G::Scalar::batch_invert_vartime(&mut batch);
        assert_eq!(batch, vec![a.invert_vartime(), b.invert_vartime(), (a * b).invert_vartime()]);
        assert_eq!(all, (a * a * b * b).invert_vartime());
        assert_eq!(G::Scalar::from_canonical_bytes(&a.to_bytes()), Some(a));
    }
    // −1 is ℓ − 1: one more is not canonical.
    let mut order = (-G::Scalar::one()).to_bytes();
    let carry = order.iter_mut().try_for_each(|byte| {
        let (sum, overflow) = byte.overflowing_add(1);
        *byte = sum;
        if overflow {
            Ok(())
        } else {
            Err(())
        }
    });
    assert!(carry.is_err(), "ℓ − 1 + 1 fits in 32 bytes (ℓ < 2^256)");
    assert_eq!(G::Scalar::from_canonical_bytes(&order), None, "ℓ is not a canonical scalar");
    assert_eq!(
        G::Scalar::from_u64(u64::MAX) + G::Scalar::one(),
        G::Scalar::from_u64(1 << 32) * G::Scalar::from_u64(1 << 32)
    );
}

fn encodings_round_trip<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for _ in 0..16 {
        let p = point::<G>(&mut rng);
        let c = G::compress(&p);
        assert_eq!(G::compressed_bytes(&c).len(), G::POINT_LEN);
        assert_eq!(G::compressed_from_slice(G::compressed_bytes(&c)), Some(c));
        let back = G::decompress(&c).expect("a compressed point decodes");
        assert!(same::<G>(&back, &p));
        assert!(!G::is_identity_compressed(&c));
    }
    assert!(G::is_identity_compressed(&G::compress(&G::identity())));
    assert_eq!(G::compressed_from_slice(&vec![0u8; G::POINT_LEN + 1]), None);
    assert_eq!(G::compressed_from_slice(&vec![0u8; G::POINT_LEN - 1]), None);
}

fn every_msm_matches_the_naive_sum<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    for n in [0usize, 1, 2, 3, 7, 16, 33, 64, 189, 190, 191, 300] {
        let s = scalars::<G>(&mut rng, n);
        let mut p: Vec<G::Point> = (0..n).map(|_| point::<G>(&mut rng)).collect();
        if n > 8 {
            p[7] = p[6];
            p[8] = -p[6];
        }
        let expect = naive::<G>(&s, &p);
        assert!(same::<G>(&G::msm_vartime(&s, &p), &expect), "msm_vartime, n = {n}");
        assert!(same::<G>(&G::msm_ct(&s, &p), &expect), "msm_ct, n = {n}");
        assert!(same::<G>(&G::msm_ct_secret_points(&s, &p), &expect), "msm_ct_secret_points, n = {n}");
        for chunk in [1usize, 3, 8] {
            let whole = n - n % chunk;
            let got = G::msm_vartime_chunks(&s[..whole], &p[..whole], chunk).expect("lengths are multiples");
            assert_eq!(got.len(), whole / chunk);
            for (k, sum) in got.iter().enumerate() {
                let r = k * chunk..(k + 1) * chunk;
                assert!(same::<G>(sum, &naive::<G>(&s[r.clone()], &p[r])), "chunk {k} of {chunk}, n = {n}");
            }
        }
        assert_eq!(G::msm_vartime_chunks(&s, &p[..n.saturating_sub(1)], 1), if n == 0 { Some(vec![]) } else { None });
        assert_eq!(G::msm_vartime_chunks(&s, &p, 0), None);
    }
}

/// `msm_vartime_shared_bases` against one sum at a time: few sums (each on
/// its own) and enough for secq256k1's fixed-base tables (64 and more),
/// with the identity and a repeated, negated base among the bases.
fn shared_base_sums_match_one_at_a_time<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let mut bases: Vec<G::Point> = (0..4).map(|_| point::<G>(&mut rng)).collect();
    bases.extend([G::identity(), bases[0], -bases[1]]);
    let b = bases.len();
    for sums in [0usize, 1, 5, 70] {
        let s = scalars::<G>(&mut rng, sums * b);
        let got = G::msm_vartime_shared_bases(&s, &bases).expect("a multiple of the bases");
        assert_eq!(got.len(), sums);
        for (k, sum) in got.iter().enumerate() {
            assert!(same::<G>(sum, &G::msm_vartime(&s[k * b..(k + 1) * b], &bases)), "sum {k} of {sums}");
        }
        if sums > 0 {
            assert!(G::msm_vartime_shared_bases(&s[1..], &bases).is_none(), "{sums} sums less a scalar");
        }
        assert!(G::msm_vartime_shared_bases(&s, &[]).is_none());
    }
}

/// The variable-time comparisons (public coefficients) agree with the
/// constant-time ones.
fn vartime_comparisons_agree<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let (zero, one) = (G::Scalar::zero(), G::Scalar::one());
    assert!(zero.is_zero_vartime() && !one.is_zero_vartime() && !(-one).is_zero_vartime());
    assert!((one + one - G::Scalar::from_u64(2)).is_zero_vartime());
    for _ in 0..16 {
        let a = G::Scalar::random(&mut rng);
        let b = G::Scalar::random(&mut rng);
        assert!(a.eq_vartime(&(a + zero)) && a.eq_vartime(&(a * one)));
        assert_eq!(a.eq_vartime(&b), a == b);
        assert!(!a.eq_vartime(&(a + one)));
        assert_eq!(a.is_zero_vartime(), a.is_zero());
    }
}

/// The secret-points variant takes any point, the identity included (it
/// skips nothing: complete additions), and the recoding's edge scalars.
fn secret_point_msm_edges<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let p = point::<G>(&mut rng);
    let one = G::Scalar::one();
    let mut edges = vec![G::Scalar::zero(), one, -one, G::Scalar::from_u64(u64::MAX), G::Scalar::from_u64(8)];
    for byte in [0x77u8, 0x88, 0xff, 0x80, 0x08] {
        // Every nibble 7, 8 or 15 (reduced below the order).
        edges.push(G::Scalar::from_bytes_mod_order_wide(&[byte; 64]));
    }
    for k in edges {
        let points = [p, G::identity(), -p];
        let scalars = [k, k, k];
        assert!(G::is_identity_vartime(&G::msm_ct_secret_points(&scalars, &points)));
        assert!(same::<G>(&G::msm_ct_secret_points(&[k], &[p]), &naive::<G>(&[k], &[p])));
        assert!(same::<G>(&G::msm_ct_secret_points(&[k, one], &[G::identity(), p]), &p));
    }
}

fn precomputed_tables_match_the_naive_sum<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    for (table_len, static_len, dynamic_len) in [(1usize, 1usize, 0usize), (8, 8, 3), (64, 40, 17), (256, 256, 1)] {
        let fixed: Vec<G::Point> = (0..table_len).map(|_| point::<G>(&mut rng)).collect();
        let table = G::vartime_table(&fixed);
        assert_eq!(G::vartime_table_len(&table), table_len);
        let a = scalars::<G>(&mut rng, static_len);
        let s = scalars::<G>(&mut rng, dynamic_len);
        let p: Vec<G::Point> = (0..dynamic_len).map(|_| point::<G>(&mut rng)).collect();
        let expect = naive::<G>(&a, &fixed[..static_len]) + naive::<G>(&s, &p);
        let got = G::msm_vartime_precomputed(&table, &a, &s, &p).expect("shapes fit");
        assert!(same::<G>(&got, &expect), "table {table_len}, static {static_len}, dynamic {dynamic_len}");
        // Too many static scalars, or dynamic slices of other lengths: refused.
        let too_many = scalars::<G>(&mut rng, table_len + 1);
        assert!(G::msm_vartime_precomputed(&table, &too_many, &s, &p).is_none());
        if dynamic_len > 0 {
            assert!(G::msm_vartime_precomputed(&table, &a, &s, &p[1..]).is_none());
        }
    }
}

for_each_group!(
    group_and_field_laws,
    encodings_round_trip,
    every_msm_matches_the_naive_sum,
    shared_base_sums_match_one_at_a_time,
    secret_point_msm_edges,
    vartime_comparisons_agree,
    precomputed_tables_match_the_naive_sum
);

// secq256k1 (the Curve Trees partner of secp256k1, not yet a `GroupId`):
// the same suite.
crate::on_group!(
    secq256k1,
    Secq256k1,
    group_and_field_laws,
    encodings_round_trip,
    every_msm_matches_the_naive_sum,
    shared_base_sums_match_one_at_a_time,
    secret_point_msm_edges,
    vartime_comparisons_agree,
    precomputed_tables_match_the_naive_sum
);
