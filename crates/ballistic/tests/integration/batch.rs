//! Batch verification: valid batches of mixed shapes pass; invalid proofs
//! anywhere are named exactly; batch and single verification agree.

use crate::common;
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::RangeProofSystem;
use ballistic::{Generators, ProofError, RangeProof, RangeShape, Verifiable};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

struct Case<G: Group> {
    proof: RangeProof<G>,
    commitments: Vec<G::Compressed>,
    bits: usize,
}

fn make<G: Group>(gens: &Generators<G>, rng: &mut ChaCha20Rng, shapes: &[(usize, usize)]) -> Vec<Case<G>> {
    shapes
        .iter()
        .map(|&(n, m)| {
            let max = RangeShape::new(n, m).unwrap().max_value();
            let values: Vec<u64> = (0..m).map(|_| rng.gen::<u64>() & max).collect();
            let blindings: Vec<G::Scalar> = (0..m).map(|_| <G::Scalar as ScalarOps>::random(rng)).collect();
            let (proof, commitments) = RangeProof::<G>::prove_multiple_with_rng(
                gens,
                &mut Transcript::new(b"batch"),
                &values,
                &blindings,
                n,
                rng,
            )
            .unwrap();
            Case { proof, commitments, bits: n }
        })
        .collect()
}

/// Items for the cases; those in `bad` are presented under another label
/// (well-formed, but their equation fails).
fn items<'a, G: Group>(cases: &'a [Case<G>], bad: &[usize]) -> Vec<common::RangeItem<'a, G>> {
    cases
        .iter()
        .enumerate()
        .map(|(i, c)| common::RangeItem {
            proof: &c.proof,
            commitments: &c.commitments,
            bits: c.bits,
            transcript: Transcript::new(if bad.contains(&i) { b"wrong" } else { b"batch" }),
        })
        .collect()
}

const MIXED: &[(usize, usize)] = &[(64, 1), (8, 1), (33, 3), (64, 4), (1, 1), (16, 2), (64, 1), (7, 5), (32, 1)];

fn mixed_batches_verify<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    let gens = Generators::<G>::new(64, 16);
    let cases = make::<G>(&gens, &mut rng, MIXED);
    assert_eq!(common::verify_range_batch(&gens, &items(&cases, &[]), &mut rng), Ok(()));
    assert_eq!(common::verify_range_batch::<G, _>(&gens, &[], &mut rng), Ok(()));
    // Commitments reused across proofs of a batch are fine.
    let twice: Vec<_> = items(&cases, &[]).into_iter().chain(items(&cases, &[])).collect();
    assert_eq!(common::verify_range_batch(&gens, &twice, &mut rng), Ok(()));
}

fn invalid_proofs_are_named_exactly<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let gens = Generators::<G>::new(64, 16);
    let cases = make::<G>(&gens, &mut rng, MIXED);
    let b = cases.len();
    let mut patterns: Vec<Vec<usize>> = (0..b).map(|i| vec![i]).collect();
    patterns.extend([vec![0, b - 1], vec![1, 2, 3], vec![0, 4, 8], (0..b).collect(), vec![2, 5, 6, 7]]);
    for bad in patterns {
        let err = common::verify_range_batch(&gens, &items(&cases, &bad), &mut rng).unwrap_err();
        assert_eq!(err.indices(), bad, "pattern {bad:?}");
        assert!(err.invalid.iter().all(|(_, e)| *e == ProofError::VerificationFailed));
    }
}

fn malformed_items_are_named<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(12);
    let gens = Generators::<G>::new(64, 16);
    let cases = make::<G>(&gens, &mut rng, MIXED);
    let mut its = items(&cases, &[5]);
    its[1].bits = 9; // wrong n: wrong length for this statement
    its[3].commitments = &cases[0].commitments; // wrong m
    let err = common::verify_range_batch(&gens, &its, &mut rng).unwrap_err();
    assert_eq!(err.indices(), vec![1, 3, 5]);
    assert!(matches!(err.invalid[0].1, ProofError::WrongLength { .. }));
    assert_eq!(err.invalid[2].1, ProofError::VerificationFailed);
    // Generators too small for an item: an error naming it, not a panic.
    let small = Generators::<G>::new(8, 1);
    let err = common::verify_range_batch(&small, &items(&cases[..1], &[]), &mut rng).unwrap_err();
    assert_eq!(err.indices(), vec![0]);
}

/// Precomputed generator tables change speed, never a verdict: single and
/// batch verification with tables (on whichever paths use them) and without
/// agree on valid and invalid proofs.
fn tables_do_not_change_any_verdict<G: Group>() {
    use ballistic::Precomputation;
    let mut rng = ChaCha20Rng::seed_from_u64(14);
    let with = Generators::<G>::new(64, 16);
    let without = with.clone().with_precomputation(Precomputation::Off);
    let cases = make::<G>(&without, &mut rng, MIXED);
    for c in &cases {
        for label in [&b"batch"[..], b"wrong"] {
            let verdict = |gens: &Generators<G>, rng: &mut ChaCha20Rng| {
                c.proof.verify_multiple_with_rng(gens, &mut Transcript::new(label), &c.commitments, c.bits, rng)
            };
            let a = verdict(&with, &mut rng);
            let b = verdict(&without, &mut rng);
            assert_eq!(a, b);
            assert_eq!(a.is_ok(), label == b"batch");
        }
    }
    for bad in [vec![], vec![0], vec![3, 8], vec![1, 2]] {
        let a = common::verify_range_batch(&with, &items(&cases, &bad), &mut rng).map_err(|e| e.indices());
        let b = common::verify_range_batch(&without, &items(&cases, &bad), &mut rng).map_err(|e| e.indices());
        assert_eq!(a, b);
        assert_eq!(a, if bad.is_empty() { Ok(()) } else { Err(bad.clone()) });
    }
    // Proofs made with tables are the same proofs (the prover's table path
    // only changes how L and R are computed).
    let mut r1 = ChaCha20Rng::seed_from_u64(15);
    let mut r2 = ChaCha20Rng::seed_from_u64(15);
    let p1 = make::<G>(&with, &mut r1, &[(64, 1), (32, 2)]);
    let p2 = make::<G>(&without, &mut r2, &[(64, 1), (32, 2)]);
    for (a, b) in p1.iter().zip(&p2) {
        assert_eq!(a.proof.to_bytes(), b.proof.to_bytes());
    }
    assert!(with.vector().table_bytes() > 0 && without.vector().table_bytes() == 0);
}

/// Bulletproofs and Bulletproofs+ proofs of mixed shapes in one batch: all
/// valid pass; bad ones of either kind, anywhere, are named.
fn mixed_systems_batch<G: Group>() {
    use ballistic::RangeProofPlus;
    let mut rng = ChaCha20Rng::seed_from_u64(16);
    let gens = Generators::<G>::new(64, 16);
    let classic = make::<G>(&gens, &mut rng, &[(64, 1), (8, 3), (32, 2)]);
    let plus: Vec<(RangeProofPlus<G>, Vec<G::Compressed>, usize)> = [(64usize, 1usize), (16, 4), (5, 1), (64, 2)]
        .into_iter()
        .map(|(n, m)| {
            let max = RangeShape::new(n, m).unwrap().max_value();
            let values: Vec<u64> = (0..m).map(|_| rng.gen::<u64>() & max).collect();
            let blindings: Vec<G::Scalar> = (0..m).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
            let (p, c) = RangeProofPlus::<G>::prove_multiple_with_rng(
                &gens,
                &mut Transcript::new(b"batch"),
                &values,
                &blindings,
                n,
                &mut rng,
            )
            .unwrap();
            (p, c, n)
        })
        .collect();
    // Interleave: BP, BP+, BP, BP+, …
    let items = |bad: &[usize]| -> Vec<common::RangeItem<'_, G>> {
        let mut out = Vec::new();
        for k in 0..classic.len().max(plus.len()) {
            if let Some(c) = classic.get(k) {
                out.push((&c.proof as &common::DynRange<G>, &c.commitments[..], c.bits));
            }
            if let Some((p, c, n)) = plus.get(k) {
                out.push((p as &common::DynRange<G>, &c[..], *n));
            }
        }
        out.into_iter()
            .enumerate()
            .map(|(i, (proof, commitments, bits))| common::RangeItem {
                proof,
                commitments,
                bits,
                transcript: Transcript::new(if bad.contains(&i) { b"wrong" } else { b"batch" }),
            })
            .collect()
    };
    assert_eq!(common::verify_range_batch(&gens, &items(&[]), &mut rng), Ok(()));
    for bad in [vec![1], vec![0], vec![3, 6], vec![0, 1, 2, 3, 4, 5, 6], vec![5]] {
        let err = common::verify_range_batch(&gens, &items(&bad), &mut rng).unwrap_err();
        assert_eq!(err.indices(), bad);
    }
    // A Bulletproofs+ proof presented with a Bulletproofs proof's statement
    // (and vice versa) is named, not accepted.
    let mut swapped = items(&[]);
    swapped[1].commitments = &classic[0].commitments;
    swapped[2].commitments = &plus[0].1;
    let err = common::verify_range_batch(&gens, &swapped, &mut rng).unwrap_err();
    assert_eq!(err.indices(), vec![1, 2]);
}

fn batch_agrees_with_single<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(13);
    let gens = Generators::<G>::new(64, 16);
    let cases = make::<G>(&gens, &mut rng, &[(8, 1), (8, 2), (16, 1), (4, 3)]);
    // Random byte flips: whatever decodes is judged the same way by both.
    for trial in 0..60 {
        let mut tampered = Vec::new();
        let mut expect_bad = Vec::new();
        for (i, c) in cases.iter().enumerate() {
            let mut bytes = c.proof.to_bytes();
            if trial % 3 != 0 && rng.gen_bool(0.4) {
                let at = rng.gen_range(0..bytes.len());
                bytes[at] ^= 1 << rng.gen_range(0..8);
            }
            let Ok(proof) = RangeProof::<G>::from_bytes(&bytes) else { continue };
            let single =
                proof.verify_multiple_with_rng(&gens, &mut Transcript::new(b"batch"), &c.commitments, c.bits, &mut rng);
            if single.is_err() {
                expect_bad.push(tampered.len());
            }
            tampered.push(Case { proof, commitments: c.commitments.clone(), bits: c.bits });
            let _ = i;
        }
        let got = common::verify_range_batch(&gens, &items(&tampered, &[]), &mut rng).map_err(|e| e.indices());
        let want = if expect_bad.is_empty() { Ok(()) } else { Err(expect_bad) };
        assert_eq!(got, want, "trial {trial}");
    }
}

/// `Verifiable::equation` is the proof's own equation: it holds for an
/// honest proof and fails for one replayed under another label or against
/// another commitment, and `Verifiable::verify` agrees with it.
fn equation_alone_is_the_proof_s_equation<G: Group>() {
    let mut rng = ChaCha20Rng::seed_from_u64(14);
    let gens = Generators::<G>::new(64, 16);
    let cases = make::<G>(&gens, &mut rng, &[(8, 2)]);
    let c = &cases[0];
    let statement = ballistic::RangeStatement::<G>::new(8, &c.commitments).unwrap();
    let eq = c.proof.equation(&statement, &mut Transcript::new(b"batch"), &mut rng).unwrap();
    assert_eq!(eq.verify(&gens), Ok(()));
    assert_eq!(c.proof.verify(&gens, &statement, &mut Transcript::new(b"batch"), &mut rng), Ok(()));
    let eq = c.proof.equation(&statement, &mut Transcript::new(b"wrong"), &mut rng).unwrap();
    assert_eq!(eq.verify(&gens), Err(ProofError::VerificationFailed));
    assert_eq!(
        c.proof.verify(&gens, &statement, &mut Transcript::new(b"wrong"), &mut rng),
        Err(ProofError::VerificationFailed)
    );
    let swapped = [c.commitments[1], c.commitments[0]];
    let other = ballistic::RangeStatement::<G>::new(8, &swapped).unwrap();
    let eq = c.proof.equation(&other, &mut Transcript::new(b"batch"), &mut rng).unwrap();
    assert_eq!(eq.verify(&gens), Err(ProofError::VerificationFailed));
}

for_each_group!(
    equation_alone_is_the_proof_s_equation,
    mixed_batches_verify,
    invalid_proofs_are_named_exactly,
    malformed_items_are_named,
    batch_agrees_with_single,
    tables_do_not_change_any_verdict,
    mixed_systems_batch
);

/// A claim whose equation is `P = 𝟙` (true only for the identity): the
/// batch engine's weights, seen from outside.
struct PointIs<G: Group>(G::Point);

impl<G: Group> ballistic::batch::Claim<G> for PointIs<G> {
    fn add_terms(&self, weight: G::Scalar, _: G::Scalar, eq: &mut ballistic::Equation<G>) -> Result<(), ProofError> {
        eq.add_point(weight, self.0);
        Ok(())
    }
}

/// Two false claims whose equations cancel when summed with equal weights
/// (`P` and `−P`), anywhere among true ones: every subset the blame pass
/// evaluates weighs its members independently, so both are named (with
/// one weight for all, the pair passes as a subset and a true claim is
/// blamed instead).
#[test]
fn errors_that_cancel_under_equal_weights_are_both_named() {
    type G = ballistic::Ristretto255;
    let gens = Generators::<G>::new(8, 1);
    let p = G::basepoint();
    let (a, b, ok) = (PointIs::<G>(p), PointIs::<G>(-p), PointIs::<G>(G::identity()));
    let mut rng = ChaCha20Rng::seed_from_u64(88);
    let layouts: [[&PointIs<G>; 6]; 4] = [
        [&a, &b, &ok, &ok, &ok, &ok],
        [&ok, &a, &b, &ok, &ok, &ok],
        [&ok, &ok, &ok, &ok, &a, &b],
        [&a, &ok, &ok, &b, &ok, &ok],
    ];
    for layout in layouts {
        let claims: Vec<&dyn ballistic::batch::Claim<G>> = layout.iter().map(|c| *c as _).collect();
        let expected: Vec<usize> = (0..6).filter(|&i| !core::ptr::eq(layout[i], &ok)).collect();
        let err = ballistic::batch::verify(&gens, &claims, &mut rng).unwrap_err();
        assert_eq!(err.indices(), expected);
    }
    let all_true: Vec<&dyn ballistic::batch::Claim<G>> = vec![&ok, &ok, &ok];
    assert_eq!(ballistic::batch::verify(&gens, &all_true, &mut rng), Ok(()));
}

/// The generators are asked for once the claims have replayed, and not at
/// all when none replays (every claim refused): a malformed batch costs no
/// setup.
#[test]
fn generators_are_not_asked_for_when_no_claim_replays() {
    type G = ballistic::Ristretto255;
    let gens = Generators::<G>::new(8, 1);
    let refused = ballistic::batch::Refused(ProofError::InvalidCommitment { index: 0 });
    let asked = std::cell::Cell::new(0);
    let ask = |_: usize, _: usize| {
        asked.set(asked.get() + 1);
        &gens
    };
    let mut rng = ChaCha20Rng::seed_from_u64(89);
    let claims: Vec<&dyn ballistic::batch::Claim<G>> = vec![&refused, &refused];
    let err = ballistic::batch::verify_with_generators(ask, &claims, &mut rng).unwrap_err();
    assert_eq!(err.indices(), vec![0, 1]);
    assert_eq!(asked.get(), 0, "generators derived for a batch in which nothing replays");
    let ok = PointIs::<G>(G::identity());
    let claims: Vec<&dyn ballistic::batch::Claim<G>> = vec![&refused, &ok];
    let ask = |_: usize, _: usize| {
        asked.set(asked.get() + 1);
        &gens
    };
    assert_eq!(ballistic::batch::verify_with_generators(ask, &claims, &mut rng).unwrap_err().indices(), vec![0]);
    assert_eq!(asked.get(), 1);
}
