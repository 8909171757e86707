//! The Bulletproofs+ range proof (`crate::range::bulletproofs_plus`): a
//! prover for a value out of range, against every value of the WIP
//! challenge its strategy targets.
//!
//! **Strategy.** The statement is `V = v·B + γ·B̃` with `v ≥ 2ⁿ`. The
//! prover commits `A` to the bits of `v' = v mod 2ⁿ` and runs the library's
//! honest prover for `V' = v'·B + γ·B̃` (the only bit vectors it can open
//! are those of in-range values). The verifier's
//! `Â = A − z⟨𝟏,𝐆⟩ + ⟨𝐝∘𝐲⃖ + z𝟏,𝐇⟩ + y^{N+1}z²·V + ζ·B` is then the
//! prover's plus `D·B`, `D = y^{N+1}z²(v − v')`: the weighted inner-product
//! argument must prove a `P` off by `D·g` (`g = B`). Knowing `D` after
//! `y, z`, the prover hides it in one step of the argument:
//!
//! * **last step**: `A₁ += a·B`, `B_wip += b·B`, so that the check
//!   `e²P + eA₁ + B_wip = …` is off by `(D e² + a e + b)·B =
//!   D(e − r₁)(e − r₂)·B`: accepted for exactly two values of the last `e`
//!   (a quadratic has at most two roots). Unshifted, it is off by `De²`:
//!   accepted only at the double root `e = 0`, where `P` drops out of the
//!   check (probability `1/ℓ` on a real group);
//! * **a round**: `L₁ += α·B`, `R₁ += β·B` so that `P' = e₁²L₁ + P + e₁⁻²R₁`
//!   is off by `(D + αe₁² + βe₁⁻²)·B = α e₁⁻²(e₁² − r₁²)(e₁² − r₂²)·B`:
//!   accepted for exactly the four values `±r₁, ±r₂` of `e₁` (a quartic in
//!   `e₁`, as for the inner-product argument).
//!
//! Both steps' messages are sent before their challenge, and nothing the
//! prover sends after depends on their value, so the proof is the honest
//! one with those points shifted. Each test runs every value of the
//! targeted challenge for many samples of the others, and checks the
//! library's verifier accepts at the roots and nowhere else.

use alloc::vec::Vec;

use rand_chacha::rand_core::RngCore;

use super::{assert_only_at, distinct_nonzero, distinct_squares, nonzero, rng, verdict, S, T};
use crate::encoding::ProofPoint;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::poly::pow;
use crate::range::{RangeProofPlus, RangeProofSystem, RangeShape};
use crate::transcript::{forced, new_transcript};

const N_BITS: usize = 4;
/// `y, z`, the rounds' `e_k`, the last `e`.
const CHALLENGES: usize = 2 + 2 + 1;

/// An out-of-range statement and the prover's honest proof for the
/// in-range value `v mod 2ⁿ` under `challenges`.
struct Cheat {
    v: u64,
    gamma: S,
    proof: RangeProofPlus<T>,
    /// `D = y^{N+1}z²(v − v')`: how far the verifier's `Â` is from the
    /// prover's, on `B`.
    d: S,
}

impl Cheat {
    fn new(gens: &Generators<T>, v: u64, gamma: S, challenges: &[S], seed: u64) -> Self {
        let shape = RangeShape::new(N_BITS, 1).expect("shape");
        let in_range = v % (1 << N_BITS);
        forced::push(challenges);
        let (proof, _) = RangeProofPlus::<T>::prove_multiple_with_rng(
            gens,
            &mut new_transcript(b"toy bp+"),
            &[in_range],
            &[gamma],
            N_BITS,
            &mut rng(seed),
        )
        .expect("in range");
        assert_eq!(forced::clear(), 0, "the prover drew every challenge");
        let (y, z) = (challenges[0], challenges[1]);
        let d = pow(y, shape.padded as u64 + 1) * z * z * (S::from_u64(v) - S::from_u64(in_range));
        Cheat { v, gamma, proof, d }
    }

    /// The verifier's verdict on the statement `V = v·B + γ·B̃`; `None`
    /// where a proof point is the identity (refused before the equation).
    fn verify(&self, gens: &Generators<T>, challenges: &[S]) -> Option<bool> {
        let commitment = T::compress(&gens.commit(&S::from_u64(self.v), &self.gamma));
        forced::push(challenges);
        let result = self.proof.verify_multiple_with_rng(
            gens,
            &mut new_transcript(b"toy bp+"),
            &[commitment],
            N_BITS,
            &mut rng(0),
        );
        verdict(result)
    }
}

/// `p + c·B`.
fn shift(gens: &Generators<T>, p: &ProofPoint<T>, c: S) -> ProofPoint<T> {
    ProofPoint::from_point(p.point + T::mul_ct(&gens.pedersen().b, &c))
}

/// Run `cheat` over every value of challenge `slot` (the others from
/// `fixed`): the accepted and the degenerate values.
fn sweep(
    gens: &Generators<T>,
    fixed: &[S],
    slot: usize,
    cheat: &dyn Fn(&mut Cheat),
    (v, gamma, seed): (u64, S, u64),
) -> (Vec<S>, Vec<S>) {
    super::sweep(|c| {
        let mut challenges = fixed.to_vec();
        challenges[slot] = c;
        let mut proof = Cheat::new(gens, v, gamma, &challenges, seed);
        cheat(&mut proof);
        proof.verify(gens, &challenges)
    })
}

#[test]
fn out_of_range_value_wins_for_two_values_of_the_last_challenge() {
    let gens = Generators::<T>::new(N_BITS, 1);
    let mut r = rng(300);
    for trial in 0..8u64 {
        let v = (1 << N_BITS) + r.next_u32() as u64 % 500;
        let gamma = nonzero(&mut r);
        let roots = distinct_nonzero(&mut r, 2);
        let fixed = distinct_nonzero(&mut r, CHALLENGES);
        // D(e − r₁)(e − r₂) = De² + ae + b.
        let cheat = |c: &mut Cheat| {
            let (a, b) = (-(c.d * (roots[0] + roots[1])), c.d * roots[0] * roots[1]);
            c.proof.wip.a1 = shift(&gens, &c.proof.wip.a1, a);
            c.proof.wip.b = shift(&gens, &c.proof.wip.b, b);
        };
        let (accepted, degenerate) = sweep(&gens, &fixed, CHALLENGES - 1, &cheat, (v, gamma, trial));
        assert_only_at(&accepted, &degenerate, &roots, &format!("v = {v}"));
        // Without the shift the check is off by D·e²: accepted only at the
        // double root e = 0 (where e²P + eA₁ + B_wip = … no longer involves
        // P: probability 1/ℓ on a real group).
        let (accepted, degenerate) = sweep(&gens, &fixed, CHALLENGES - 1, &|_| {}, (v, gamma, trial));
        assert_only_at(&accepted, &degenerate, &[S::zero()], &format!("v = {v}, unshifted"));
    }
}

#[test]
fn out_of_range_value_wins_for_four_values_of_a_round_challenge() {
    let gens = Generators::<T>::new(N_BITS, 1);
    let mut r = rng(310);
    for trial in 0..8u64 {
        let v = (1 << N_BITS) + r.next_u32() as u64 % 500;
        let gamma = nonzero(&mut r);
        let roots = distinct_squares(&mut r, 2);
        let (s1, s2) = (roots[0] * roots[0], roots[1] * roots[1]);
        let fixed = distinct_nonzero(&mut r, CHALLENGES);
        // αe⁴ + De² + β = α(e² − s₁)(e² − s₂); the first round (k = 0),
        // and the second for odd trials.
        let round = (trial % 2) as usize;
        let cheat = |c: &mut Cheat| {
            let alpha = -(c.d * (s1 + s2).invert_vartime());
            c.proof.wip.l_vec[round] = shift(&gens, &c.proof.wip.l_vec[round], alpha);
            c.proof.wip.r_vec[round] = shift(&gens, &c.proof.wip.r_vec[round], alpha * s1 * s2);
        };
        if (s1 + s2).is_zero() {
            continue;
        }
        let (accepted, degenerate) = sweep(&gens, &fixed, 2 + round, &cheat, (v, gamma, trial));
        let four = [roots[0], -roots[0], roots[1], -roots[1]];
        assert_only_at(&accepted, &degenerate, &four, &format!("v = {v}, round {round}"));
    }
}

#[test]
fn in_range_value_with_the_same_prover_always_wins() {
    // D = 0: the shifts vanish and the prover is the honest one.
    let gens = Generators::<T>::new(N_BITS, 1);
    let mut r = rng(320);
    let (gamma, roots, fixed) = (nonzero(&mut r), distinct_nonzero(&mut r, 2), distinct_nonzero(&mut r, CHALLENGES));
    let cheat = |c: &mut Cheat| {
        assert!(c.d.is_zero());
        let (a, b) = (-(c.d * (roots[0] + roots[1])), c.d * roots[0] * roots[1]);
        c.proof.wip.a1 = shift(&gens, &c.proof.wip.a1, a);
        c.proof.wip.b = shift(&gens, &c.proof.wip.b, b);
    };
    let (accepted, degenerate) = sweep(&gens, &fixed, CHALLENGES - 1, &cheat, (11, gamma, 1));
    assert_eq!(accepted.len() + degenerate.len(), super::Q as usize, "every e");
    assert!(degenerate.len() <= 20);
}
