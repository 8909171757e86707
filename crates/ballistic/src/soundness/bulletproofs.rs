//! The Bulletproofs range proof (`crate::range::bulletproofs`): a prover
//! for a value out of range, against every value of the challenge `x`.
//!
//! **Strategy.** The statement is `V = v·B + γ·B̃` with `v ≥ 2ⁿ`. The
//! prover runs the protocol on the bits of `v' = v mod 2ⁿ` (every bit
//! vector it can open is one of an in-range value), so eq. (65),
//! `t̂·B + τ_x·B̃ = z²·V + δ(y,z)·B + x·T₁ + x²·T₂`, is off by
//! `D·B`, `D = z²(v − v')`. Knowing `z` before it sends `T₁, T₂`, it adds
//! `c₁D·B` and `c₂D·B` to them, so the check holds iff
//! `1 + c₁x + c₂x² = 0`; it picks `c₁, c₂` for two roots `r₁ ≠ r₂`. So it
//! wins for exactly two values of `x` (a quadratic has at most two roots:
//! the `x`-part of the soundness error, `2/ℓ`), and the test checks the
//! verifier accepts for those two of all `Q` values of `x` and no other,
//! for many `(y, z)`. A verifier that failed to bind `V` (or `T₁`, `T₂`,
//! `δ`) with the right powers would accept for far more.

use alloc::vec::Vec;

use rand_chacha::rand_core::RngCore;
use subtle::Choice;

use super::{distinct_nonzero, nonzero, rng, S, T};
use crate::encoding::ProofPoint;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::poly::powers;
use crate::range::bulletproofs::algebra::{prove_aggregate, Bases, BitWitness};
use crate::range::bulletproofs::{bind_statement, d_vector};
use crate::range::{RangeProof, RangeProofSystem, RangeShape};
use crate::transcript::{forced, new_transcript, TranscriptProtocol};

const N_BITS: usize = 4;

/// A proof that `commitment` (to `v`) opens in range, made from the bits
/// of `v mod 2ⁿ`, with `T₁, T₂` shifted for the roots `roots` of
/// `1 + c₁x + c₂x²`; challenges `[y, z, x, w, u₁, u₂]` forced.
fn cheat(gens: &Generators<T>, v: u64, gamma: S, roots: [S; 2], challenges: &[S], seed: u64) -> RangeProof<T> {
    let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
    let shape = RangeShape::new(N_BITS, 1).expect("shape");
    let g: Vec<&_> = bp_gens.g_layout(N_BITS, shape.padded).collect();
    let h: Vec<&_> = bp_gens.h_layout(N_BITS, shape.padded).collect();
    let in_range = v % (1 << N_BITS);
    let commitment = T::compress(&pc_gens.commit(&S::from_u64(v), &gamma));
    let mut nonces = rng(seed);
    forced::push(challenges);
    let mut t = new_transcript(b"toy bp");
    bind_statement::<T>(&mut t, shape, &[commitment]);
    let bit = |k: usize| Choice::from(((in_range >> k) & 1) as u8);
    let (witness, a, s) =
        BitWitness::commit(pc_gens, Bases { g: &g, h: &h, chains: None }, bit, &S::zero(), &mut nonces);
    t.append_point::<T>(b"A", &a.compressed);
    t.append_point::<T>(b"S", &s.compressed);
    let y = t.challenge_scalar::<T>(b"y");
    let z = t.challenge_scalar::<T>(b"z");
    let (witness, t_1, t_2) = witness.commit_poly(pc_gens, y, z, S::one(), d_vector(shape, z, S::one()), &mut nonces);
    // 1 + c₁x + c₂x² = (1 − x/r₁)(1 − x/r₂).
    let (i1, i2) = (roots[0].invert_vartime(), roots[1].invert_vartime());
    let (c1, c2) = (-(i1 + i2), i1 * i2);
    let d = z * z * (S::from_u64(v) - S::from_u64(in_range));
    let shift = |p: ProofPoint<T>, c: S| ProofPoint::from_point(p.point + T::mul_ct(&pc_gens.b, &(c * d)));
    let (t_1, t_2) = (shift(t_1, c1), shift(t_2, c2));
    t.append_point::<T>(b"T_1", &t_1.compressed);
    t.append_point::<T>(b"T_2", &t_2.compressed);
    let x = t.challenge_scalar::<T>(b"x");
    let share = witness.share(x, powers(z).skip(2).zip([gamma].iter()));
    let proof = prove_aggregate(gens, &mut t, shape, y, [a, s, t_1, t_2], share);
    assert_eq!(forced::clear(), 0, "the prover drew every challenge");
    proof
}

/// The verifier's verdict; `None` where the proof holds an identity point,
/// which every verifier refuses before the equation (on a real group that
/// happens with probability about 2⁻²⁵⁰; on the toy group for about 1 in
/// `Q / 6` challenge tuples, which the tests set aside).
fn verify(gens: &Generators<T>, proof: &RangeProof<T>, v: u64, gamma: S, challenges: &[S]) -> Option<bool> {
    let commitment = T::compress(&gens.commit(&S::from_u64(v), &gamma));
    forced::push(challenges);
    let verdict =
        proof.verify_multiple_with_rng(gens, &mut new_transcript(b"toy bp"), &[commitment], N_BITS, &mut rng(0));
    forced::clear();
    match verdict {
        Ok(()) => Some(true),
        Err(ProofError::IdentityPoint { .. }) => None,
        Err(e) => {
            assert_eq!(e, ProofError::VerificationFailed);
            Some(false)
        }
    }
}

#[test]
fn out_of_range_value_wins_for_two_values_of_x() {
    let gens = Generators::<T>::new(N_BITS, 1);
    let mut r = rng(60);
    for trial in 0..12u64 {
        let v = (1 << N_BITS) + r.next_u32() as u64 % 500;
        let gamma = nonzero(&mut r);
        let roots = distinct_nonzero(&mut r, 2);
        let [y, z] = [nonzero(&mut r), nonzero(&mut r)];
        let tail = distinct_nonzero(&mut r, 3); // w, u₁, u₂
        let (mut accepted, mut degenerate) = (Vec::new(), Vec::new());
        for x in (0..super::Q).map(S::from_u64) {
            let challenges = [y, z, x, tail[0], tail[1], tail[2]];
            let proof = cheat(&gens, v, gamma, [roots[0], roots[1]], &challenges, trial);
            match verify(&gens, &proof, v, gamma, &challenges) {
                Some(true) => accepted.push(x),
                Some(false) => {}
                None => degenerate.push(x),
            }
        }
        // Accepted only at the roots, and at every root but one whose
        // proof happens to hold an identity point.
        assert!(accepted.iter().all(|x| roots.contains(x)), "v = {v}: accepted {accepted:?}, roots {roots:?}");
        assert!(roots.iter().all(|r| accepted.contains(r) || degenerate.contains(r)), "v = {v}: a root refused");
        assert!(degenerate.len() <= 20, "v = {v}: {} identity points", degenerate.len());
    }
}

#[test]
fn in_range_value_with_honest_strategy_always_wins() {
    // The same prover with v < 2ⁿ (D = 0) is the honest one: every x.
    let gens = Generators::<T>::new(N_BITS, 1);
    let mut r = rng(61);
    let gamma = nonzero(&mut r);
    let roots = distinct_nonzero(&mut r, 2);
    let tail = distinct_nonzero(&mut r, 5);
    for x in (1..super::Q).step_by(7).map(S::from_u64) {
        let challenges = [tail[0], tail[1], x, tail[2], tail[3], tail[4]];
        let proof = cheat(&gens, 11, gamma, [roots[0], roots[1]], &challenges, 1);
        assert_ne!(verify(&gens, &proof, 11, gamma, &challenges), Some(false), "x = {x:?}");
    }
}
