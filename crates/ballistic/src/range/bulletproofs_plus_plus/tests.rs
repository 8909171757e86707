//! Bulletproofs++ tests: shapes, transcript binding, cheating provers.

use super::prover::Nonces;
use super::*;
use crate::group::{Ristretto255, Secp256k1};
use crate::norm_linear::sound_lengths;
use crate::range::frozen_heart as fh;
use crate::range::RangeProofSystem;
use rand::SeedableRng;

fn round_trip<G: Group>(n: usize, values: &[u64]) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64((n * 1000 + values.len()) as u64);
    let gens = Generators::<G>::new(64, 64);
    let blindings: Vec<_> = values.iter().map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
    let (proof, commitments) = RangeProofPlusPlus::<G>::prove_multiple_with_rng(
        &gens,
        &mut Transcript::new(b"bppp"),
        values,
        &blindings,
        n,
        &mut rng,
    )
    .unwrap();
    let bytes = proof.to_bytes();
    assert_eq!(bytes.len(), RangeProofPlusPlus::<G>::encoded_len(n, values.len()).unwrap());
    let back = RangeProofPlusPlus::<G>::from_bytes_for(&bytes, n, values.len()).unwrap();
    assert_eq!(back, proof);
    proof.verify_multiple(&gens, &mut Transcript::new(b"bppp"), &commitments, n).unwrap();
    assert!(proof.verify_multiple(&gens, &mut Transcript::new(b"other"), &commitments, n).is_err());
    let mut wrong = commitments.clone();
    wrong[0] = G::compress(&(G::decompress(&wrong[0]).unwrap() + gens.pedersen().b));
    assert!(proof.verify_multiple(&gens, &mut Transcript::new(b"bppp"), &wrong, n).is_err());
}

#[test]
fn shapes_prove_and_verify() {
    assert_eq!(PlusPlusShape::new(64, 1).unwrap().base(), 16);
    assert_eq!(RangeProofPlusPlus::<Ristretto255>::encoded_len(64, 1).unwrap(), 416);
    assert_eq!(RangeProofPlusPlus::<Secp256k1>::encoded_len(64, 1).unwrap(), 426);
    round_trip::<Ristretto255>(64, &[u64::MAX]);
    round_trip::<Ristretto255>(64, &[0]);
    round_trip::<Ristretto255>(64, &[0x0123_4567_89ab_cdef, 7, 1 << 63]);
    round_trip::<Ristretto255>(7, &[127, 0, 5]);
    round_trip::<Ristretto255>(1, &[1]);
    round_trip::<Ristretto255>(33, &[(1 << 33) - 1; 4]);
    round_trip::<Secp256k1>(64, &[12345]);
    round_trip::<Secp256k1>(60, &[(1 << 60) - 1, 3]);
}

/// Every challenge, in transcript order: `e, ρ, x, y, λ, T, γ_r…`.
fn challenges<G: Group>(
    proof: &RangeProofPlusPlus<G>,
    label: &'static [u8],
    commitments: &[G::Compressed],
    n: usize,
) -> Vec<G::Scalar> {
    let shape = PlusPlusShape::new(n, commitments.len()).unwrap();
    let mut t = Transcript::new(label);
    let ch = proof.replay(&mut t, &shape, commitments).unwrap();
    norm_domain_sep(&mut t, shape.len);
    let mut out = vec![ch.e, ch.rho, ch.x, ch.y, ch.lambda, ch.t];
    for (x, r) in proof.norm.points() {
        out.push(NormTranscript::<G>::round(&mut NormRounds(&mut t), &x.compressed, &r.compressed, true).unwrap());
    }
    out
}

/// Frozen Heart: every public input (label, n, m, each commitment) and
/// every proof point changes every challenge drawn after it.
#[test]
fn every_public_input_changes_every_later_challenge() {
    type G = Ristretto255;
    let (gens, proof, commitments) = fh::honest::<G, RangeProofPlusPlus<G>>(19);
    let base = challenges(&proof, fh::LABEL, &commitments, fh::N);
    fh::label_and_commitments(&gens, &commitments, |label, c, n| challenges(&proof, label, c, n));
    fh::all_differ(&base, &challenges(&proof, fh::LABEL, &commitments, 11), "n");
    // m: a fourth commitment (the proof's shape is kept, so replay the
    // same points against the longer statement).
    let mut more = commitments.clone();
    more.push(G::compress(&G::identity()));
    let shape4 = PlusPlusShape::new(10, 4).unwrap();
    let mut t = Transcript::new(b"fh");
    let ch = proof.replay(&mut t, &shape4, &more).unwrap();
    assert!(ch.e != base[0] && ch.t != base[5], "m");
    // Each proof point feeds every challenge after it: M, D → all; R →
    // from ρ; S → from T; round r's X, R → from γ_r.
    let with_point = |f: &dyn Fn(&mut RangeProofPlusPlus<G>), first: usize| {
        let mut p = proof.clone();
        f(&mut p);
        let other = challenges(&p, fh::LABEL, &commitments, fh::N);
        fh::later_differ(&base, &other, first, "a proof point");
    };
    let bump = |p: &mut ProofPoint<G>| *p = ProofPoint::from_point(p.point + G::basepoint());
    with_point(&|p| bump(&mut p.m_point), 0);
    with_point(&|p| bump(&mut p.d_point), 0);
    with_point(&|p| bump(&mut p.r_point), 1);
    with_point(&|p| bump(&mut p.s_point), 5);
    for r in 0..proof.norm.rounds() {
        with_point(&|p| bump(&mut p.norm.x[r]), 6 + r);
        with_point(&|p| bump(&mut p.norm.r[r]), 6 + r);
    }
}

/// Every default layout (and every base for a few) folds soundly: the
/// norm argument would refuse the others, and an unsound length would
/// let a prover add a free square to the checked value.
#[test]
fn every_layout_has_a_sound_witness_length() {
    for n in 1..=64 {
        for m in 1..=64 {
            let shape = PlusPlusShape::new(n, m).unwrap();
            assert!(sound_lengths(shape.len, L_LEN, Folding::Shortest), "({n}, {m})");
            assert!(shape.len >= (shape.m * shape.slots).max(shape.base()));
        }
    }
    for beta in 1..=MAX_DIGIT_BITS {
        for (n, m) in [(64, 3), (16, 2), (1, 9), (64, 17)] {
            let shape = PlusPlusShape::with_digit_bits(n, m, beta).unwrap();
            assert!(sound_lengths(shape.len, L_LEN, Folding::Shortest));
        }
    }
}

/// A cheating prover: commitments to `values`, digits as given (not
/// checked), multiplicities counted honestly over the table.
fn forged<G: Group>(n: usize, values: &[u64], digits: &[u64]) -> bool {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(99);
    let gens = Generators::<G>::new(64, 64);
    let shape = PlusPlusShape::new(n, values.len()).unwrap();
    let blindings: Vec<_> = values.iter().map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
    let (proof, commitments) = RangeProofPlusPlus::<G>::prove_inner(
        &gens,
        &mut Transcript::new(b"forge"),
        &shape,
        values,
        &blindings,
        Nonces::Rng(&mut rng),
        Some(digits),
    )
    .unwrap();
    proof.verify_multiple(&gens, &mut Transcript::new(b"forge"), &commitments, n).is_ok()
}

/// The soundness cases of the module documentation, played by a
/// cheating prover: each must fail verification.
#[test]
fn cheating_provers_fail() {
    type G = Ristretto255;
    // 3 × 7 bits: base 8, three digits per value of which the top is
    // below 2, plus the top-digit slot 4·d₂. Values 1 and 2 stay honest.
    let shape = PlusPlusShape::new(7, 3).unwrap();
    assert_eq!((shape.digit_bits, shape.digits, shape.slots), (3, 3, 4));
    let with = |first: [u64; 4]| -> Vec<u64> { first.into_iter().chain([1, 0, 0, 0, 2, 0, 0, 0]).collect() };
    // Honest digits of 100 = 4 + 4·8 + 1·64: accepted (the harness works).
    assert!(forged::<G>(7, &[100, 1, 2], &with([4, 4, 1, 4])));
    // 128 = 2·64: top digit 2 ≥ 2^1, so its slot 8 is outside the table.
    assert!(!forged::<G>(7, &[128, 1, 2], &with([0, 0, 2, 8])));
    // 128 with the top-digit slot lying (4·2 = 8 claimed as 0).
    assert!(!forged::<G>(7, &[128, 1, 2], &with([0, 0, 2, 0])));
    // 200 = 0 + 9·8 + 2·64 with a digit 9 outside [0, 8).
    assert!(!forged::<G>(7, &[200, 1, 2], &with([0, 9, 2, 8])));
    // Digits that do not sum to the value.
    assert!(!forged::<G>(7, &[100, 1, 2], &with([5, 4, 1, 4])));
    // Another value's digits swapped in.
    assert!(!forged::<G>(7, &[100, 1, 2], &[4, 4, 1, 4, 2, 0, 0, 0, 1, 0, 0, 0]));
    // n = 64, one value: 2^64 as fifteen 15s and a "digit" 16.
    let mut digits = vec![15u64; 16];
    digits[0] = 16;
    assert!(!forged::<G>(64, &[0], &digits));
}

#[test]
fn out_of_range_values_are_refused_and_forged_top_digits_fail() {
    let gens = Generators::<Ristretto255>::new(64, 4);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    let blinding = <<Ristretto255 as Group>::Scalar as ScalarOps>::random(&mut rng);
    assert!(matches!(
        RangeProofPlusPlus::<Ristretto255>::prove_multiple_with_rng(
            &gens,
            &mut Transcript::new(b"x"),
            &[1 << 7],
            &[blinding],
            7,
            &mut rng
        ),
        Err(ProofError::ValueOutOfRange { index: 0, bits: 7 })
    ));
}
