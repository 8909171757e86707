//! Bulletproofs++ (`RangeProofPlusPlus`): honest proofs of every kind of
//! shape verify with exactly the generators the system asks for; every
//! kind of tampering (each byte, the length, identity points, non-canonical
//! scalars, another statement, shape or label) is rejected without
//! panicking; the proofs mix with Bulletproofs and Bulletproofs+ in one
//! batch that names exactly the bad members; and intervals work over it.
//! The tampering tests are in `tampering`.

use crate::common;
use std::cell::Cell;

use ballistic::batch::{self, Claim, Item};
use ballistic::group::{Group, ScalarOps};
use ballistic::hazmat::{schedule, Folding};
use ballistic::merlin::Transcript;
use ballistic::range::{PlusPlusShape, RangeProofSystem, RangeSystem};
use ballistic::{
    ErrorKind, Generators, Interval, IntervalProof, IntervalStatement, ProofError, RangeProof, RangeProofPlus,
    RangeProofPlusPlus, RangeShape, RangeStatement, Verifiable,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

mod tampering;

const LABEL: &[u8] = b"bulletproofs++ test";
/// Length of the norm argument's linear vector (`B̃`, `H_0..H_4`).
const L_LEN: usize = 6;

type Pp<G> = RangeProofPlusPlus<G>;

/// Exactly the generators Bulletproofs++ asks for `(n, m)`.
fn gens_for<G: Group>(n: usize, m: usize) -> Generators<G> {
    let (chains, per_chain) = RangeSystem::BulletproofsPlusPlus.generators_needed(n, m).unwrap();
    Generators::new(per_chain, chains)
}

fn blindings<G: Group>(rng: &mut ChaCha20Rng, m: usize) -> Vec<G::Scalar> {
    (0..m).map(|_| <G::Scalar as ScalarOps>::random(rng)).collect()
}

fn max_value(n: usize) -> u64 {
    RangeShape::new(n, 1).unwrap().max_value()
}

fn prove<G: Group>(
    gens: &Generators<G>,
    values: &[u64],
    n: usize,
    rng: &mut ChaCha20Rng,
) -> Result<(Pp<G>, Vec<G::Compressed>), ProofError> {
    let bl = blindings::<G>(rng, values.len());
    Pp::<G>::prove_multiple_with_rng(gens, &mut Transcript::new(LABEL), values, &bl, n, rng)
}

fn verify<G: Group>(
    gens: &Generators<G>,
    proof: &Pp<G>,
    commitments: &[G::Compressed],
    n: usize,
    label: &'static [u8],
) -> Result<(), ProofError> {
    proof.verify_multiple(gens, &mut Transcript::new(label), commitments, n)
}

/// Decode `bytes` for `(n, m)` and verify: `Ok` only if both succeed.
fn check_bytes<G: Group>(
    gens: &Generators<G>,
    bytes: &[u8],
    commitments: &[G::Compressed],
    n: usize,
) -> Result<(), ProofError> {
    let proof = Pp::<G>::from_bytes_for(bytes, n, commitments.len())?;
    verify(gens, &proof, commitments, n, LABEL)
}

/// The commitment to the same value plus one (same blinding).
fn bumped<G: Group>(gens: &Generators<G>, c: &G::Compressed) -> G::Compressed {
    G::compress(&(G::decompress(c).unwrap() + gens.pedersen().b))
}

/// Byte layout of a proof for `(n, m)`: `(rounds, final scalars)`.
fn layout<G: Group>(n: usize, m: usize) -> (usize, usize) {
    let shape = PlusPlusShape::new(n, m).unwrap();
    let (rounds, fin_n, fin_l) = schedule(shape.witness_len(), L_LEN, Folding::Shortest);
    let p = G::POINT_LEN;
    assert_eq!(4 * p + 2 * rounds * p + (fin_n + fin_l) * 32, Pp::<G>::encoded_len(n, m).unwrap());
    (rounds, fin_n + fin_l)
}

/// The shapes of the honest-proof matrix: every one on Ristretto255, a
/// subset on secp256k1 (its arithmetic is several times slower).
fn honest_matrix<G: Group>() -> Vec<(usize, usize)> {
    let (ns, ms): (&[usize], &[usize]) = if G::NAME == "ristretto255" {
        (&[1, 4, 7, 8, 16, 32, 60, 64], &[1, 2, 3, 8, 17])
    } else {
        (&[1, 7, 8, 32, 60, 64], &[1, 3, 17])
    };
    ns.iter().flat_map(|&n| ms.iter().map(move |&m| (n, m))).collect()
}

fn honest_shapes<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let shapes = honest_matrix::<G>();
    // One larger set of generators too: the layout must not depend on
    // the capacity.
    let (chains, per_chain) = shapes
        .iter()
        .map(|&(n, m)| RangeSystem::BulletproofsPlusPlus.generators_needed(n, m).unwrap())
        .fold((0, 0), |(a, b), (c, d)| (a.max(c), b.max(d)));
    let big = Generators::<G>::new(per_chain + 3, chains + 2);
    for (n, m) in shapes {
        let gens = gens_for::<G>(n, m);
        let max = max_value(n);
        let mut cases: Vec<Vec<u64>> = vec![(0..m).map(|j| [max, 0, rng.gen::<u64>() & max][j % 3]).collect()];
        if m == 1 {
            cases.push(vec![0]);
        }
        for values in cases {
            let (proof, commitments) =
                prove(&gens, &values, n, &mut rng).unwrap_or_else(|e| panic!("n={n} m={m}: {e}"));
            assert_eq!(commitments.len(), m);
            let bytes = proof.to_bytes();
            assert_eq!(bytes.len(), Pp::<G>::encoded_len(n, m).unwrap(), "n={n} m={m}");
            assert_eq!(bytes.len(), RangeSystem::BulletproofsPlusPlus.encoded_len::<G>(n, m).unwrap());
            layout::<G>(n, m);
            // Strict decoding round trip, directly and through the system.
            let back = Pp::<G>::from_bytes_for(&bytes, n, m).unwrap();
            assert_eq!(back, proof);
            assert_eq!(back.to_bytes(), bytes);
            let dynamic = RangeSystem::BulletproofsPlusPlus.decode::<G>(&bytes, n, m).unwrap();
            assert_eq!(dynamic.system(), RangeSystem::BulletproofsPlusPlus);
            assert_eq!(dynamic.to_bytes(), bytes);
            // Verifies with the exact generators and with larger ones.
            verify(&gens, &back, &commitments, n, LABEL).unwrap_or_else(|e| panic!("n={n} m={m} {values:?}: {e}"));
            verify(&big, &back, &commitments, n, LABEL).unwrap_or_else(|e| panic!("n={n} m={m}: {e}"));
            back.verify_multiple_with_rng(&gens, &mut Transcript::new(LABEL), &commitments, n, &mut rng).unwrap();
            // A batch of one asks for exactly the generators the system names.
            let statement = RangeStatement::new(n, &commitments).unwrap();
            let item = Item::new(&back, &statement, Transcript::new(LABEL));
            let asked = Cell::new(None);
            let generators = |chains, per_chain| {
                asked.set(Some((chains, per_chain)));
                Box::new(Generators::<G>::new(per_chain, chains))
            };
            assert_eq!(batch::verify_with_generators(generators, &[&item as &dyn Claim<G>], &mut rng), Ok(()));
            assert_eq!(asked.get(), Some(RangeSystem::BulletproofsPlusPlus.generators_needed(n, m).unwrap()));
        }
    }
}

/// Every `n` for one and two values, every `m` for 1- and 64-bit values
/// (the base choice and the top-digit slot change with each): proofs
/// verify, and a batch of one asks for exactly the generators named.
fn shape_sweep<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let gens = Generators::<G>::new(64, 64);
    let shapes =
        (1..=64usize).flat_map(|n| [(n, 1usize), (n, 2)]).chain((1..=64usize).flat_map(|m| [(1usize, m), (64, m)]));
    for (n, m) in shapes {
        let (chains, per_chain) = RangeSystem::BulletproofsPlusPlus.generators_needed(n, m).unwrap();
        assert!(chains <= 64 && per_chain <= 64, "({n}, {m}) needs {chains} chains of {per_chain}");
        let max = max_value(n);
        let values: Vec<u64> = (0..m).map(|j| if j == 0 { max } else { rng.gen::<u64>() & max }).collect();
        let (proof, commitments) = prove(&gens, &values, n, &mut rng).unwrap();
        assert_eq!(proof.to_bytes().len(), Pp::<G>::encoded_len(n, m).unwrap());
        layout::<G>(n, m);
        let statement = RangeStatement::new(n, &commitments).unwrap();
        let item = Item::new(&proof, &statement, Transcript::new(LABEL));
        let asked = Cell::new(None);
        let generators = |chains, per_chain| {
            asked.set(Some((chains, per_chain)));
            &gens
        };
        assert_eq!(
            batch::verify_with_generators(generators, &[&item as &dyn Claim<G>], &mut rng),
            Ok(()),
            "({n}, {m})"
        );
        assert_eq!(asked.get(), Some((chains, per_chain)), "({n}, {m})");
    }
    // Value 0 with blinding 0 commits to the identity: still a valid statement.
    let zero = G::Scalar::zero();
    let (proof, commitments) =
        Pp::<G>::prove_multiple_with_rng(&gens, &mut Transcript::new(LABEL), &[0], &[zero], 8, &mut rng).unwrap();
    assert!(G::is_identity_compressed(&commitments[0]));
    verify(&gens, &proof, &commitments, 8, LABEL).unwrap();
}

fn prover_errors<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let gens = Generators::<G>::new(64, 64);
    let b = G::Scalar::one();
    let mut try_prove = |values: &[u64], bl: &[G::Scalar], n: usize| {
        Pp::<G>::prove_multiple_with_rng(&gens, &mut Transcript::new(LABEL), values, bl, n, &mut rng).map(|_| ())
    };
    for n in [1usize, 4, 7, 8, 16, 32, 60, 63] {
        assert_eq!(try_prove(&[1u64 << n], &[b], n), Err(ProofError::ValueOutOfRange { index: 0, bits: n }));
        assert_eq!(
            try_prove(&[0, max_value(n), (1u64 << n) + 1], &[b, b, b], n),
            Err(ProofError::ValueOutOfRange { index: 2, bits: n })
        );
        assert_eq!(try_prove(&[0, u64::MAX], &[b, b], n), Err(ProofError::ValueOutOfRange { index: 1, bits: n }));
    }
    assert_eq!(try_prove(&[1, 2], &[b], 8), Err(ProofError::WrongNumBlindings { values: 2, blindings: 1 }));
    assert_eq!(try_prove(&[1], &[b, b], 8), Err(ProofError::WrongNumBlindings { values: 1, blindings: 2 }));
    assert_eq!(try_prove(&[1; 3], &[], 7), Err(ProofError::WrongNumBlindings { values: 3, blindings: 0 }));
    assert_eq!(try_prove(&[1], &[b], 0), Err(ProofError::InvalidBitsize { bits: 0 }));
    assert_eq!(try_prove(&[1], &[b], 65), Err(ProofError::InvalidBitsize { bits: 65 }));
    assert_eq!(try_prove(&[], &[], 8), Err(ProofError::InvalidAggregation { values: 0 }));
    assert_eq!(try_prove(&[1; 65], &[b; 65], 8), Err(ProofError::InvalidAggregation { values: 65 }));

    // Generators one short in either dimension: an error, not a panic,
    // from the prover and from the verifier.
    for (n, m) in [(64usize, 2usize), (1, 1), (7, 3), (64, 17), (8, 8)] {
        let (chains, per_chain) = RangeSystem::BulletproofsPlusPlus.generators_needed(n, m).unwrap();
        let values = vec![1u64; m];
        let bl = blindings::<G>(&mut rng, m);
        let (proof, commitments) = prove(&gens_for::<G>(n, m), &values, n, &mut rng).unwrap();
        let mut small = vec![Generators::<G>::new(per_chain - 1, chains)];
        if chains > 1 {
            small.push(Generators::<G>::new(per_chain, chains - 1));
        }
        for small in &small {
            let r = Pp::<G>::prove_multiple_with_rng(small, &mut Transcript::new(LABEL), &values, &bl, n, &mut rng);
            assert_eq!(
                r.map(|_| ()),
                Err(ProofError::InsufficientGenerators { parties_needed: chains, per_party_needed: per_chain }),
                "n={n} m={m}"
            );
            let v = verify(small, &proof, &commitments, n, LABEL);
            assert!(matches!(v, Err(ProofError::InsufficientGenerators { .. })), "n={n} m={m}: {v:?}");
        }
    }
}

fn sizes<G: Group>() {
    let p = G::POINT_LEN;
    // The paper's figure for one 64-bit value: 416 bytes with 32-byte points.
    assert_eq!(Pp::<G>::encoded_len(64, 1).unwrap(), 416 + 10 * (p - 32));
    for n in [0usize, 65] {
        assert_eq!(Pp::<G>::encoded_len(n, 1), Err(ProofError::InvalidBitsize { bits: n }));
        assert!(RangeSystem::BulletproofsPlusPlus.generators_needed(n, 1).is_err());
    }
    for m in [0usize, 65] {
        assert_eq!(Pp::<G>::encoded_len(8, m), Err(ProofError::InvalidAggregation { values: m }));
    }
    // Shorter than Bulletproofs+ for 64-bit values.
    for m in [1usize, 2, 8, 64] {
        assert!(Pp::<G>::encoded_len(64, m).unwrap() < RangeProofPlus::<G>::encoded_len(64, m).unwrap(), "m={m}");
    }
    assert_eq!(RangeSystem::from_name("bulletproofs-plus-plus"), Some(RangeSystem::BulletproofsPlusPlus));
    assert_eq!(RangeSystem::BulletproofsPlusPlus.name(), "bulletproofs-plus-plus");
}

fn mixed_batch_names_exactly_the_invalid<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let gens = Generators::<G>::new(64, 8);
    let label = b"mixed";
    let bl = |rng: &mut ChaCha20Rng, m: usize| blindings::<G>(rng, m);
    let t = || Transcript::new(label);

    let v = bl(&mut rng, 1);
    let (bp64, c_bp64) = RangeProof::<G>::prove_multiple_with_rng(&gens, &mut t(), &[7], &v, 64, &mut rng).unwrap();
    let v = bl(&mut rng, 3);
    let (bp8x3, c_bp8x3) =
        RangeProof::<G>::prove_multiple_with_rng(&gens, &mut t(), &[3, 4, 255], &v, 8, &mut rng).unwrap();
    let v = bl(&mut rng, 2);
    let (plus, c_plus) =
        RangeProofPlus::<G>::prove_multiple_with_rng(&gens, &mut t(), &[1, u64::MAX], &v, 64, &mut rng).unwrap();
    let v = bl(&mut rng, 1);
    let (pp64, c_pp64) = Pp::<G>::prove_multiple_with_rng(&gens, &mut t(), &[u64::MAX], &v, 64, &mut rng).unwrap();
    let v = bl(&mut rng, 3);
    let (pp7x3, c_pp7x3) = Pp::<G>::prove_multiple_with_rng(&gens, &mut t(), &[0, 127, 64], &v, 7, &mut rng).unwrap();
    // A system chosen at run time, boxed.
    let v = bl(&mut rng, 5);
    let (boxed, c_boxed) =
        RangeSystem::BulletproofsPlusPlus.prove(&gens, &mut t(), &[9, 0, 65535, 1, 2], &v, 16, &mut rng).unwrap();
    assert_eq!(boxed.system(), RangeSystem::BulletproofsPlusPlus);
    // Interval proofs: two-sided (two values) and the full 64-bit range.
    let narrow = Interval::new(1000, 5000).unwrap();
    let full = Interval::new(0, u64::MAX).unwrap();
    let v = bl(&mut rng, 1);
    let (iv, c_iv) =
        IntervalProof::<G>::prove_with_rng::<Pp<G>, _>(&gens, &mut t(), 1234, &v[0], narrow, &mut rng).unwrap();
    let v = bl(&mut rng, 1);
    let (iv_full, c_iv_full) =
        IntervalProof::<G>::prove_with_rng::<Pp<G>, _>(&gens, &mut t(), 1 << 40, &v[0], full, &mut rng).unwrap();
    let v = bl(&mut rng, 1);
    let (iv_bp, c_iv_bp) =
        IntervalProof::<G>::prove_with_rng::<RangeProof<G>, _>(&gens, &mut t(), 5000, &v[0], narrow, &mut rng).unwrap();

    let st = |n: usize, c: &[G::Compressed]| RangeStatement::<G>::new(n, c).unwrap();
    let bump_first = |c: &[G::Compressed]| -> Vec<G::Compressed> {
        let mut c = c.to_vec();
        c[0] = bumped(&gens, &c[0]);
        c
    };
    let good = [st(64, &c_bp64), st(8, &c_bp8x3), st(64, &c_plus), st(64, &c_pp64), st(7, &c_pp7x3), st(16, &c_boxed)];
    let wrong_pp64 = st(64, &bump_first(&c_pp64));
    let wrong_pp7x3 = st(7, &bump_first(&c_pp7x3));
    let wrong_boxed = st(16, &bump_first(&c_boxed));
    let iv_st = IntervalStatement::new(&gens, narrow, &c_iv).unwrap();
    let iv_wrong = IntervalStatement::new(&gens, narrow, &bumped(&gens, &c_iv)).unwrap();
    let iv_full_st = IntervalStatement::new(&gens, full, &c_iv_full).unwrap();
    let iv_full_wrong = IntervalStatement::new(&gens, full, &bumped(&gens, &c_iv_full)).unwrap();
    let iv_bp_st = IntervalStatement::new(&gens, narrow, &c_iv_bp).unwrap();

    // Each alone (the invalid variants fail alone).
    assert_eq!(pp64.verify(&gens, &wrong_pp64, &mut t(), &mut rng), Err(ProofError::VerificationFailed));
    assert_eq!(iv.verify(&gens, &iv_wrong, &mut t(), &mut rng), Err(ProofError::VerificationFailed));
    assert_eq!(iv_full.verify(&gens, &iv_full_st, &mut t(), &mut rng), Ok(()));

    // Members 3..=7 are Bulletproofs++ (range proofs of three shapes, one
    // boxed, and two interval proofs); `commitment` lists the members
    // checked against another commitment, `labelled` those under another
    // label.
    let run = |commitment: &[usize], labelled: &[usize], rng: &mut ChaCha20Rng| -> Result<(), Vec<usize>> {
        let tr = |i: usize| Transcript::new(if labelled.contains(&i) { b"other".as_slice() } else { label.as_slice() });
        let wrong = |i: usize| commitment.contains(&i);
        let i0 = Item::new(&bp64, &good[0], tr(0));
        let i1 = Item::new(&bp8x3, &good[1], tr(1));
        let i2 = Item::new(&plus, &good[2], tr(2));
        let i3 = Item::new(&pp64, if wrong(3) { &wrong_pp64 } else { &good[3] }, tr(3));
        let i4 = Item::new(&pp7x3, if wrong(4) { &wrong_pp7x3 } else { &good[4] }, tr(4));
        let i5 = Item::new(&boxed, if wrong(5) { &wrong_boxed } else { &good[5] }, tr(5));
        let i6 = Item::new(&iv, if wrong(6) { &iv_wrong } else { &iv_st }, tr(6));
        let i7 = Item::new(&iv_full, if wrong(7) { &iv_full_wrong } else { &iv_full_st }, tr(7));
        let i8 = Item::new(&iv_bp, &iv_bp_st, tr(8));
        let claims: Vec<&dyn Claim<G>> = vec![&i0, &i1, &i2, &i3, &i4, &i5, &i6, &i7, &i8];
        batch::verify(&gens, &claims, rng).map_err(|e| {
            assert!(e.invalid.iter().all(|(_, reason)| reason.kind() == ErrorKind::Verification), "{e}");
            e.indices()
        })
    };
    assert_eq!(run(&[], &[], &mut rng), Ok(()));
    let cases: &[(&[usize], &[usize])] = &[
        (&[3], &[]),
        (&[], &[3]),
        (&[4], &[]),
        (&[], &[4]),
        (&[5], &[]),
        (&[], &[5]),
        (&[6], &[]),
        (&[], &[7]),
        (&[7], &[]),
        (&[3, 4], &[]),
        (&[], &[4, 6]),
        (&[5], &[7]),
        (&[3, 5, 7], &[4, 6]),
    ];
    for &(commitment, labelled) in cases {
        let mut expected: Vec<usize> = commitment.iter().chain(labelled).copied().collect();
        expected.sort_unstable();
        assert_eq!(run(commitment, labelled, &mut rng), Err(expected), "{commitment:?} {labelled:?}");
    }

    // The same through `common::verify_range_batch` (range proofs of every system,
    // statements given as commitments and bits).
    let wrong_c_pp64 = bump_first(&c_pp64);
    let wrong_c_pp7x3 = bump_first(&c_pp7x3);
    let run_range = |bad: &[usize], rng: &mut ChaCha20Rng| -> Result<(), Vec<usize>> {
        let tr = |i: usize| Transcript::new(if bad.contains(&i) { b"other".as_slice() } else { label.as_slice() });
        let items = vec![
            common::RangeItem { proof: &bp64, commitments: &c_bp64, bits: 64, transcript: tr(0) },
            common::RangeItem { proof: &plus, commitments: &c_plus, bits: 64, transcript: tr(1) },
            common::RangeItem {
                proof: &pp64,
                commitments: if bad.contains(&2) { &wrong_c_pp64 } else { &c_pp64 },
                bits: 64,
                transcript: Transcript::new(label),
            },
            common::RangeItem { proof: &pp7x3, commitments: &c_pp7x3, bits: 7, transcript: tr(3) },
            common::RangeItem { proof: &boxed, commitments: &c_boxed, bits: 16, transcript: tr(4) },
            common::RangeItem { proof: &bp8x3, commitments: &c_bp8x3, bits: 8, transcript: tr(5) },
            common::RangeItem {
                proof: &pp7x3,
                commitments: if bad.contains(&6) { &wrong_c_pp7x3 } else { &c_pp7x3 },
                bits: 7,
                transcript: Transcript::new(label),
            },
        ];
        common::verify_range_batch(&gens, &items, rng).map_err(|e| {
            assert!(e.invalid.iter().all(|(_, reason)| *reason == ProofError::VerificationFailed), "{e}");
            e.indices()
        })
    };
    assert_eq!(run_range(&[], &mut rng), Ok(()));
    for bad in [vec![2], vec![3], vec![4], vec![6], vec![2, 3], vec![4, 6], vec![2, 3, 4, 6]] {
        assert_eq!(run_range(&bad, &mut rng), Err(bad.clone()), "bad = {bad:?}");
    }
}

const INTERVALS: &[(u64, u64)] = &[
    (0, u64::MAX),
    (1, u64::MAX),
    (1 << 63, u64::MAX),
    (0, 0),
    (5, 5),
    (u64::MAX, u64::MAX),
    (0, 1),
    (10, 20),
    (100, 1000),
    (7, 7 + (1 << 32) - 1),
    (u64::MAX - 3, u64::MAX),
];

fn intervals<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let gens = Generators::<G>::new(64, 4);
    let prove_iv = |v: u64, lo: u64, hi: u64, rng: &mut ChaCha20Rng| {
        let blinding = <G::Scalar as ScalarOps>::random(rng);
        IntervalProof::<G>::prove_with_rng::<Pp<G>, _>(
            &gens,
            &mut Transcript::new(b"interval"),
            v,
            &blinding,
            Interval::new(lo, hi)?,
            rng,
        )
    };
    let verify_iv =
        |proof: &IntervalProof<G>, c: &G::Compressed, lo: u64, hi: u64, label: &'static [u8], rng: &mut ChaCha20Rng| {
            proof.verify_with_rng(&gens, &mut Transcript::new(label), c, Interval::new(lo, hi)?, rng)
        };
    for &(lo, hi) in INTERVALS {
        let interval = Interval::new(lo, hi).unwrap();
        let mid = lo + (hi - lo) / 2;
        let random = lo + rng.gen_range(0..=(hi - lo));
        for v in [lo, hi, mid, random] {
            let (proof, c) = prove_iv(v, lo, hi, &mut rng).unwrap();
            verify_iv(&proof, &c, lo, hi, b"interval", &mut rng).unwrap_or_else(|e| panic!("[{lo}, {hi}] v={v}: {e}"));
            let bytes = proof.to_bytes();
            assert_eq!(bytes.len(), Pp::<G>::encoded_len(interval.bits(), interval.values()).unwrap());
            let back =
                IntervalProof::<G>::from_bytes_for(ballistic::RangeSystem::BulletproofsPlusPlus, &bytes, interval)
                    .unwrap();
            assert_eq!(back, proof);
            verify_iv(&back, &c, lo, hi, b"interval", &mut rng).unwrap();
        }
        // Values outside are refused by the prover.
        for v in crate::common::outside(lo, hi) {
            assert_eq!(
                prove_iv(v, lo, hi, &mut rng).map(|_| ()),
                Err(ProofError::ValueOutsideInterval { lo, hi }),
                "[{lo}, {hi}] v={v}"
            );
        }
    }
    assert_eq!(prove_iv(5, 6, 5, &mut rng).map(|_| ()), Err(ProofError::InvalidInterval { lo: 6, hi: 5 }));

    // A proof is for its interval, label and commitment only.
    let (lo, hi) = (100, 1000);
    let (proof, c) = prove_iv(1000, lo, hi, &mut rng).unwrap();
    verify_iv(&proof, &c, lo, hi, b"interval", &mut rng).unwrap();
    for (l, h) in [(101, 1001), (99, 999), (100, 999), (0, 900), (1000, 1900), (0, 1023), (0, u64::MAX), (1000, 1000)] {
        assert!(verify_iv(&proof, &c, l, h, b"interval", &mut rng).is_err(), "[{l}, {h}]");
    }
    assert!(verify_iv(&proof, &c, lo, hi, b"other", &mut rng).is_err());
    let (_, other) = prove_iv(1000, lo, hi, &mut rng).unwrap();
    assert!(verify_iv(&proof, &other, lo, hi, b"interval", &mut rng).is_err());
    let blinding = <G::Scalar as ScalarOps>::random(&mut rng);
    let outside = G::compress(&gens.commit(&G::Scalar::from_u64(1001), &blinding));
    assert!(verify_iv(&proof, &outside, lo, hi, b"interval", &mut rng).is_err());
    // lo = hi: a proof for [5, 5] is not one for [6, 6] or [4, 4].
    let (point, c5) = prove_iv(5, 5, 5, &mut rng).unwrap();
    verify_iv(&point, &c5, 5, 5, b"interval", &mut rng).unwrap();
    for (l, h) in [(6, 6), (4, 4), (4, 5), (5, 6)] {
        assert!(verify_iv(&point, &c5, l, h, b"interval", &mut rng).is_err(), "[{l}, {h}]");
    }
    // The full range: one 64-bit value (416 bytes on Ristretto255); not a
    // proof for [1, 2^64 − 1].
    let (full, cf) = prove_iv(0, 0, u64::MAX, &mut rng).unwrap();
    assert_eq!(full.to_bytes().len(), Pp::<G>::encoded_len(64, 1).unwrap());
    verify_iv(&full, &cf, 0, u64::MAX, b"interval", &mut rng).unwrap();
    assert!(verify_iv(&full, &cf, 1, u64::MAX, b"interval", &mut rng).is_err());
    // Bytes for another width do not decode for this interval.
    let bytes = proof.to_bytes();
    assert!(IntervalProof::<G>::from_bytes_for(
        ballistic::RangeSystem::BulletproofsPlusPlus,
        &bytes,
        Interval::new(0, u64::MAX).unwrap()
    )
    .is_err());
    assert!(IntervalProof::<G>::from_bytes_for(
        ballistic::RangeSystem::BulletproofsPlusPlus,
        &bytes[..bytes.len() - 1],
        Interval::new(lo, hi).unwrap()
    )
    .is_err());
}

for_each_group!(honest_shapes, prover_errors, sizes, mixed_batch_names_exactly_the_invalid, intervals);

/// The sweep on one group (the code is generic; one group is enough).
#[test]
fn ristretto255_shape_sweep() {
    shape_sweep::<ballistic::Ristretto255>();
}
