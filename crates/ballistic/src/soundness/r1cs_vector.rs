//! R1CS proofs with vector commitments (Generalized Bulletproofs,
//! [`crate::circuit`]): values moved inside one vector commitment and
//! between two, against every value of the challenge `x`.
//!
//! **Statement.** Two vector commitments `C₁, C₂` of two entries each and
//! the constraints `c_{1,0} = 5`, `c_{2,0} = 7`, `c_{1,1}·c_{2,1} = 2`
//! (`n_c = 2`, so `D = 6`; `C₁` sits at `x^{D−1}`, `C₂` at `x^{D−2}`). The
//! prover makes the honest proof for openings of `C₁, C₂`; the verifier is
//! given moved commitments, whose only openings (short of a discrete
//! logarithm) break a constraint. `C_j` enters only the inner-product side
//! of the equation, `P`, which is then off by a multiple of `G₀`:
//!
//! * **within:** `C₁' = C₁ + δ·G₀` (`c_{1,0} = 5 + δ`): off by
//!   `δ·x^{D−1}·G₀`, accepted for `x = 0` only;
//! * **between:** `C₁' = C₁ + δ·G₀`, `C₂' = C₂ − δ·G₀` (the sum of the two
//!   vectors unchanged): off by `δ·x^{D−2}(x − 1)·G₀`, accepted for
//!   `x ∈ {0, 1}`. Were both commitments at one power of `X`, this offset
//!   would cancel from `P` for every `x` (only their sum would be bound
//!   there: the design note's "own power per commitment");
//! * **planted:** as *between*, and `S₁' = S₁ − c·δ·G₀` with `c` chosen
//!   (before `x`) so that `ρ` is a root of `x − 1 − c·x³`: off by
//!   `δ·x^{D−2}(x − 1 − c·x³)·G₀`, accepted exactly at that polynomial's
//!   roots, at most `1 + 3` values of `x` (the best this prover can do:
//!   it moves `S₁`, the prover point of highest power, as far as it
//!   helps).
//!
//! Each sweep runs the library's prover and verifier with every challenge
//! forced (`y, z, u, x, w` and the inner-product round's).

use alloc::vec::Vec;

use super::{assert_only_at, distinct_nonzero, nonzero, rng, sweep, verdict, P, S, T};
use crate::circuit::{ConstraintSystem, LinearCombination, Prover, R1csProof, Variable, Verifier};
use crate::encoding::ProofPoint;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::transcript::{forced, new_transcript};

/// `c_{1,0} = 5`, `c_{2,0} = 7`, `c_{1,1}·c_{2,1} = 2`.
fn gadget<CS: ConstraintSystem<S>>(cs: &mut CS, c1: &[Variable], c2: &[Variable]) {
    cs.constrain(c1[0].minus(S::from_u64(5)));
    cs.constrain(c2[0].minus(S::from_u64(7)));
    let (_, _, o) = cs.multiply(c1[1].into(), c2[1].into());
    cs.constrain(o.minus(S::from_u64(2)));
}

struct Setup {
    gens: Generators<T>,
    /// The honest `C₁, C₂`.
    c: [P; 2],
    blindings: [S; 2],
}

impl Setup {
    fn new(seed: u64) -> Self {
        let gens = Generators::<T>::new(2, 1);
        let mut r = rng(seed);
        let blindings = [nonzero(&mut r), nonzero(&mut r)];
        let g = &gens.vector().g_chains()[0];
        let commit = |entries: [u64; 2], blinding: S| {
            T::mul_ct(&g[0], &S::from_u64(entries[0]))
                + T::mul_ct(&g[1], &S::from_u64(entries[1]))
                + T::mul_ct(&gens.pedersen().b_blinding, &blinding)
        };
        let c = [commit([5, 1], blindings[0]), commit([7, 2], blindings[1])];
        Setup { gens, c, blindings }
    }

    fn g0(&self) -> P {
        self.gens.vector().g_chains()[0][0]
    }

    /// The honest proof, every challenge forced.
    fn prove(&self, challenges: &[S]) -> R1csProof<T> {
        forced::push(challenges);
        let mut prover = Prover::<T>::new(&self.gens, new_transcript(b"toy vc"));
        let (c1, v1) = prover.commit_vec(&[S::from_u64(5), S::from_u64(1)], self.blindings[0]).expect("C1");
        let (c2, v2) = prover.commit_vec(&[S::from_u64(7), S::from_u64(2)], self.blindings[1]).expect("C2");
        assert_eq!([c1, c2], self.c.map(|p| T::compress(&p)));
        gadget(&mut prover, &v1, &v2);
        let proof = prover.prove_with_rng(&mut rng(1)).expect("honest");
        assert_eq!(forced::clear(), 0, "the prover drew every challenge");
        proof
    }

    /// The verdict on `proof` for the statement `C₁ + o₁·G₀, C₂ + o₂·G₀`.
    fn verify(&self, proof: &R1csProof<T>, offsets: [S; 2], challenges: &[S]) -> Option<bool> {
        forced::push(challenges);
        let mut verifier = Verifier::<T>::new(new_transcript(b"toy vc"));
        let moved = |j: usize| T::compress(&(self.c[j] + T::mul_ct(&self.g0(), &offsets[j])));
        let result = (|| {
            let v1 = verifier.commit_vec(moved(0), 2)?;
            let v2 = verifier.commit_vec(moved(1), 2)?;
            gadget(&mut verifier, &v1, &v2);
            verifier.verify_with_rng(&self.gens, proof, &mut rng(2))
        })();
        verdict(result)
    }
}

/// Every `x` for `(y, z, u, w, u₁)` drawn from `seed`: the accepted and the
/// degenerate values. `cheat` edits the proof for its `x`.
fn sweep_x(setup: &Setup, offsets: [S; 2], seed: u64, cheat: impl Fn(&mut R1csProof<T>)) -> (Vec<S>, Vec<S>) {
    let t = distinct_nonzero(&mut rng(seed), 5);
    sweep(|x| {
        let challenges = [t[0], t[1], t[2], x, t[3], t[4]];
        let mut proof = setup.prove(&challenges);
        cheat(&mut proof);
        setup.verify(&proof, offsets, &challenges)
    })
}

#[test]
fn honest_proofs_verify_for_every_x() {
    let setup = Setup::new(70);
    let (accepted, degenerate) = sweep_x(&setup, [S::zero(), S::zero()], 71, |_| {});
    assert_eq!(accepted.len() + degenerate.len(), super::Q as usize, "refused an honest proof");
    assert!(degenerate.len() <= 20);
}

#[test]
fn an_entry_moved_is_accepted_only_at_x_zero() {
    for trial in 0..3 {
        let setup = Setup::new(72 + trial);
        let delta = nonzero(&mut rng(80 + trial));
        let (accepted, degenerate) = sweep_x(&setup, [delta, S::zero()], 90 + trial, |_| {});
        assert_only_at(&accepted, &degenerate, &[S::zero()], "C₁ + δ·G₀");
    }
}

#[test]
fn a_value_moved_between_vector_commitments_is_accepted_only_at_two_x() {
    for trial in 0..3 {
        let setup = Setup::new(100 + trial);
        let delta = nonzero(&mut rng(110 + trial));
        let (accepted, degenerate) = sweep_x(&setup, [delta, -delta], 120 + trial, |_| {});
        assert_only_at(&accepted, &degenerate, &[S::zero(), S::one()], "C₁ + δ·G₀, C₂ − δ·G₀");
    }
}

#[test]
fn a_planted_root_is_accepted_with_at_most_four_x() {
    for trial in 0..3 {
        let setup = Setup::new(130 + trial);
        let mut r = rng(140 + trial);
        let delta = nonzero(&mut r);
        let rho = loop {
            let rho = nonzero(&mut r);
            if rho != S::one() {
                break rho;
            }
        };
        // x − 1 − c·x³ vanishes at ρ.
        let c = (rho - S::one()) * (rho * rho * rho).invert_vartime();
        let shift = T::mul_ct(&setup.g0(), &(c * delta));
        let (accepted, degenerate) = sweep_x(&setup, [delta, -delta], 150 + trial, |proof| {
            proof.s1 = ProofPoint::from_point(proof.s1.point - shift);
        });
        let roots: Vec<S> = (0..super::Q)
            .map(S::from_u64)
            .filter(|x| {
                let x4 = *x * *x * *x * *x;
                (x4 * (*x - S::one() - c * *x * *x * *x)).is_zero()
            })
            .collect();
        assert!(roots.contains(&rho) && roots.contains(&S::zero()) && roots.len() <= 4, "{roots:?}");
        assert_only_at(&accepted, &degenerate, &roots, "planted");
    }
}

/// The statement's shape is the verifier's: a proof read under another
/// count of vector commitments, or checked against one, is refused before
/// any equation.
#[test]
fn another_count_of_vector_commitments_is_refused() {
    let setup = Setup::new(160);
    let t = distinct_nonzero(&mut rng(161), 6);
    let proof = setup.prove(&t);
    let bytes = proof.to_bytes();
    assert_eq!(R1csProof::<T>::from_bytes_with(&bytes, 2).expect("n_c = 2"), proof);
    forced::push(&t);
    let mut verifier = Verifier::<T>::new(new_transcript(b"toy vc"));
    let v1 = verifier.commit_vec(T::compress(&setup.c[0]), 2).expect("C1");
    let extra = LinearCombination::from(v1[0]);
    verifier.constrain(extra - S::from_u64(5));
    let refused = verifier.verify_with_rng(&setup.gens, &proof, &mut rng(3)).expect_err("one vector commitment");
    forced::clear();
    // Read again under one vector commitment, the bytes are a proof with a
    // second phase, which this statement does not have.
    assert!(matches!(refused, crate::ProofError::WrongLength { .. } | crate::ProofError::PhaseMismatch), "{refused:?}");
}
