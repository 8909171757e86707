//! Arbitrary intervals `[lo, hi]` with either range proof system.

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::RangeProofSystem;
use ballistic::{Generators, Interval, IntervalProof, ProofError};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

struct Setup<G: Group> {
    gens: Generators<G>,
    rng: ChaCha20Rng,
}

fn setup<G: Group>(seed: u64) -> Setup<G> {
    Setup { gens: Generators::new(64, 4), rng: ChaCha20Rng::seed_from_u64(seed) }
}

type Proved<G> = (IntervalProof<G>, <G as Group>::Compressed);

fn prove<G: Group, S: RangeProofSystem<G>>(
    s: &mut Setup<G>,
    v: u64,
    lo: u64,
    hi: u64,
) -> Result<Proved<G>, ProofError> {
    let blinding = <G::Scalar as ScalarOps>::random(&mut s.rng);
    IntervalProof::<G>::prove_with_rng::<S, _>(
        &s.gens,
        &mut Transcript::new(b"interval"),
        v,
        &blinding,
        Interval::new(lo, hi)?,
        &mut s.rng,
    )
}

fn verify<G: Group>(
    s: &mut Setup<G>,
    proof: &IntervalProof<G>,
    commitment: &G::Compressed,
    lo: u64,
    hi: u64,
    label: &'static [u8],
) -> Result<(), ProofError> {
    proof.verify_with_rng(&s.gens, &mut Transcript::new(label), commitment, Interval::new(lo, hi)?, &mut s.rng)
}

const INTERVALS: &[(u64, u64)] = &[
    (0, 0),
    (5, 5),
    (0, 1),
    (10, 20),
    (100, 1000),
    (0, u64::MAX),
    (1, u64::MAX),
    (1 << 63, u64::MAX),
    (7, 7 + (1 << 32) - 1),
    (u64::MAX - 3, u64::MAX),
    (1_000_000, 1_000_000 + 999_999),
];

fn honest_intervals_verify<G: Group, S: RangeProofSystem<G> + core::fmt::Debug>() {
    let mut s = setup::<G>(1);
    for &(lo, hi) in INTERVALS {
        let mid = lo + (hi - lo) / 2;
        let random = lo + s.rng.gen_range(0..=(hi - lo));
        for v in [lo, hi, mid, random] {
            let (proof, c) = prove::<G, S>(&mut s, v, lo, hi).unwrap();
            verify(&mut s, &proof, &c, lo, hi, b"interval").unwrap_or_else(|e| panic!("[{lo}, {hi}] v={v}: {e}"));
            // Round trip through bytes.
            let bytes = proof.to_bytes();
            let back = IntervalProof::<G>::from_bytes_for(S::SYSTEM, &bytes, Interval::new(lo, hi).unwrap()).unwrap();
            verify(&mut s, &back, &c, lo, hi, b"interval").unwrap();
        }
    }
}

fn outside_values_are_refused<G: Group, S: RangeProofSystem<G> + core::fmt::Debug>() {
    let mut s = setup::<G>(2);
    for &(lo, hi) in INTERVALS {
        for v in crate::common::outside(lo, hi) {
            assert_eq!(
                prove::<G, S>(&mut s, v, lo, hi).map(|_| ()),
                Err(ProofError::ValueOutsideInterval { lo, hi }),
                "[{lo}, {hi}] v={v}"
            );
        }
    }
    assert_eq!(prove::<G, S>(&mut s, 5, 6, 5).map(|_| ()), Err(ProofError::InvalidInterval { lo: 6, hi: 5 }));
}

fn statement_is_bound<G: Group, S: RangeProofSystem<G> + core::fmt::Debug>() {
    let mut s = setup::<G>(3);
    let (lo, hi) = (100, 1000);
    let (proof, c) = prove::<G, S>(&mut s, 1000, lo, hi).unwrap();
    verify(&mut s, &proof, &c, lo, hi, b"interval").unwrap();
    // Another interval of the same width (same inner shape), a narrower or
    // shifted one, another label, another commitment: all rejected.
    for (l, h) in [(101, 1001), (99, 999), (100, 999), (0, 900), (1000, 1900)] {
        assert!(verify(&mut s, &proof, &c, l, h, b"interval").is_err(), "[{l}, {h}]");
    }
    assert!(verify(&mut s, &proof, &c, lo, hi, b"other").is_err());
    let (_, other) = prove::<G, S>(&mut s, 1000, lo, hi).unwrap();
    assert!(verify(&mut s, &proof, &other, lo, hi, b"interval").is_err());
    // A value just outside, committed honestly, cannot be shown inside by
    // reusing a proof for a value inside.
    let blinding = <G::Scalar as ScalarOps>::random(&mut s.rng);
    let outside = G::compress(&s.gens.commit(&G::Scalar::from_u64(1001), &blinding));
    assert!(verify(&mut s, &proof, &outside, lo, hi, b"interval").is_err());
    // Invalid commitment encodings are typed errors.
    let bad = G::compressed_from_slice(&vec![0xff; G::POINT_LEN]).unwrap();
    assert_eq!(verify(&mut s, &proof, &bad, lo, hi, b"interval"), Err(ProofError::InvalidCommitment { index: 0 }));
    // Bytes for another width do not decode for this interval.
    let bytes = proof.to_bytes();
    assert!(IntervalProof::<G>::from_bytes_for(S::SYSTEM, &bytes, Interval::new(0, u64::MAX).unwrap()).is_err());
    assert!(IntervalProof::<G>::from_bytes_for(S::SYSTEM, &bytes[..bytes.len() - 1], Interval::new(lo, hi).unwrap())
        .is_err());
    // Every interval fits Generators::new(64, 4).
    for &(lo, hi) in INTERVALS {
        let shape = Interval::new(lo, hi).unwrap().shape();
        assert!(shape.parties_needed() <= 4 && shape.gens_per_party_needed() <= 64);
    }
}

fn sizes<G: Group, S: RangeProofSystem<G> + core::fmt::Debug>() {
    let mut s = setup::<G>(4);
    let (two_sided, _) = prove::<G, S>(&mut s, 5, 1, u64::MAX).unwrap();
    let (one_sided, _) = prove::<G, S>(&mut s, 5, 0, u64::MAX).unwrap();
    let (a, b) = (two_sided.to_bytes().len(), one_sided.to_bytes().len());
    assert_eq!(a, b + 2 * G::POINT_LEN, "a second value costs one more round");
    if G::POINT_LEN == 32 {
        assert!([(736, 672), (640, 576)].contains(&(a, b)), "{a} {b}");
    }
}

for_each_group_and_system!(honest_intervals_verify, outside_values_are_refused, statement_is_bound, sizes);

/// `IntervalStatement::generators_needed` is exactly what verifying a
/// Bulletproofs or Bulletproofs+ interval proof takes: those generators
/// verify, one chain or one generator per chain fewer is refused as
/// insufficient.
mod generators_needed {
    use super::*;
    use ballistic::{IntervalStatement, RangeProof, RangeProofPlus};

    fn exact<G: Group, S: RangeProofSystem<G>>() {
        let mut s = setup::<G>(21);
        for (lo, hi) in [(10u64, 20u64), (0, (1 << 32) - 1), (0, u64::MAX), (5, 5), (7, 7 + (1 << 40))] {
            let v = lo + (hi - lo) / 2;
            let (proof, commitment) = prove::<G, S>(&mut s, v, lo, hi).unwrap();
            let interval = Interval::new(lo, hi).unwrap();
            let statement = IntervalStatement::<G>::new(&s.gens, interval, &commitment).unwrap();
            let (chains, per_chain) = statement.generators_needed();
            assert!(chains >= 1 && per_chain >= 1, "[{lo}, {hi}]");
            let check = |gens: &Generators<G>| {
                proof.verify_with_rng(gens, &mut Transcript::new(b"interval"), &commitment, interval, &mut s.rng)
            };
            crate::common::assert_generators_exact(chains, per_chain, &format!("[{lo}, {hi}]"), check);
        }
    }

    fn statement_generators_needed<G: Group>() {
        exact::<G, RangeProof<G>>();
        exact::<G, RangeProofPlus<G>>();
    }

    crate::for_each_group!(statement_generators_needed);
}
