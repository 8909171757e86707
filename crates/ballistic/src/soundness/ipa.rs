//! The inner-product argument (`crate::inner_product`, paper Protocol 2):
//! a special-soundness extractor, and the best one-round cheating prover
//! against every value of its challenge.
//!
//! **Extractor** (paper Theorem 1's proof). Run the prover on a `3`-ary
//! tree of challenges, one level per round (rewinding: the prover is
//! deterministic given its inputs and the challenges so far, so siblings
//! share the round's `L, R`). At a leaf the transcript's `a, b` open
//! `P_k` on the folded bases. At a node with children `u₁, u₂, u₃` and
//! their openings `(𝐚'_i, 𝐛'_i)` of `P'_i = P + u_i²·L + u_i⁻²·R` on
//! `𝐆'_i = u_i⁻¹·𝐆_L + u_i·𝐆_R`, `𝐇'_i = u_i·𝐇_L + u_i⁻¹·𝐇_R`, take
//! `ν` with `Σν_i u_i² = 0`, `Σν_i = 1`, `Σν_i u_i⁻² = 0`; then
//! `P = Σ ν_i·P'_i`, which opens as
//! `𝐚 = (Σν_i u_i⁻¹𝐚'_i, Σν_i u_i𝐚'_i)`, `𝐛 = (Σν_i u_i𝐛'_i, Σν_i u_i⁻¹𝐛'_i)`
//! and `c = Σν_i⟨𝐚'_i, 𝐛'_i⟩` on `Q`. The test checks `c = ⟨𝐚, 𝐛⟩`, the
//! relation `P = ⟨𝐚,𝐆⟩ + ⟨𝐛,𝐇⟩ + ⟨𝐚,𝐛⟩·Q` in the group, and that the
//! extracted witness is the prover's.
//!
//! **Cheating prover.** Without an opening of `P` (`P = P_true + d·B` for an
//! opening of `P_true`), the best one-round strategy we know adds `α·B` to
//! `L` and `β·B` to `R` so that `d + α·u² + β·u⁻² = 0` has its four roots
//! `±r₁, ±r₂` in `𝔽_Q`: the verifier must accept for those four values of
//! `u` and no other (a quartic has at most four roots).

use alloc::borrow::Cow;
use alloc::vec;
use alloc::vec::Vec;

use super::{distinct_nonzero, nonzero, point, rng, solve, P, S, T};
use crate::group::{Group, ScalarOps};
use crate::inner_product::{s_vector, InnerProductProof, IpaBases};
use crate::poly::inner_product;
use crate::transcript::{forced, new_transcript};

/// The public bases and the honest witness of one instance.
struct Instance {
    g: Vec<P>,
    h: Vec<P>,
    q: P,
    a: Vec<S>,
    b: Vec<S>,
}

impl Instance {
    fn random(n: usize, seed: u64) -> Self {
        let mut r = rng(seed);
        let g = (0..n).map(|_| point(&mut r)).collect();
        let h = (0..n).map(|_| point(&mut r)).collect();
        let q = point(&mut r);
        let a = (0..n).map(|_| nonzero(&mut r)).collect();
        let b = (0..n).map(|_| nonzero(&mut r)).collect();
        Instance { g, h, q, a, b }
    }

    /// `P = ⟨𝐚,𝐆⟩ + ⟨𝐛,𝐇⟩ + ⟨𝐚,𝐛⟩·Q` for any opening.
    fn commit(&self, a: &[S], b: &[S]) -> P {
        T::msm_vartime(a, &self.g) + T::msm_vartime(b, &self.h) + T::mul_ct(&self.q, &inner_product(a, b))
    }

    /// The library's prover with the challenges `u` (one per round).
    fn prove(&self, u: &[S]) -> InnerProductProof<T> {
        let ones = vec![S::one(); self.a.len()];
        let bases = IpaBases {
            q: &self.q,
            g_factors: &ones,
            h_factors: &ones,
            g: Cow::Borrowed(&self.g),
            h: Cow::Borrowed(&self.h),
            table: None,
            scratch_tables: true,
        };
        let (mut a, mut b) = (self.a.clone(), self.b.clone());
        forced::push(u);
        let proof = InnerProductProof::prove(&mut new_transcript(b"toy ipa"), bases, &mut a, &mut b);
        assert_eq!(forced::clear(), 0, "the prover drew every challenge");
        proof
    }

    /// The verifier (paper eq. (4), as `crate::inner_product` states it):
    /// the library replays the transcript and builds `𝐬`, and the check
    /// `P + Σ(u_k²L_k + u_k⁻²R_k) − a⟨𝐬,𝐆⟩ − b⟨𝐬⁻¹,𝐇⟩ − ab·Q = 𝟙` runs in
    /// the toy group.
    fn verify(&self, p: &P, proof: &InnerProductProof<T>, u: &[S]) -> bool {
        forced::push(u);
        let replayed = proof.challenges(self.a.len(), &mut new_transcript(b"toy ipa"));
        assert_eq!(forced::clear(), 0);
        let Ok(u) = replayed else { return false };
        let u_inv: Vec<S> = u.iter().map(|x| x.invert_vartime()).collect();
        let s = s_vector(&u, &u_inv);
        let s_inv: Vec<S> = s.iter().rev().copied().collect();
        let mut lhs = *p;
        for (((l, r), u), u_inv) in proof.l_vec.iter().zip(&proof.r_vec).zip(&u).zip(&u_inv) {
            lhs += T::mul_ct(&l.point, &(*u * *u)) + T::mul_ct(&r.point, &(*u_inv * *u_inv));
        }
        let (a, b) = (proof.a, proof.b);
        let rhs = T::msm_vartime(s.iter().map(|s| a * *s), &self.g)
            + T::msm_vartime(s_inv.iter().map(|s| b * *s), &self.h)
            + T::mul_ct(&self.q, &(a * b));
        lhs == rhs
    }
}

/// The witness opening `P_k` at the node reached by `path`, from accepted
/// transcripts only; also returns the node's round message `(L, R)` when
/// it is not a leaf, so the caller can check siblings agree on it.
fn extract(inst: &Instance, p: &P, path: &mut Vec<S>, rounds: usize, seed: &mut u64) -> (Vec<S>, Vec<S>) {
    if path.len() == rounds {
        let proof = inst.prove(path);
        assert!(inst.verify(p, &proof, path), "an honest transcript is refused at {path:?}");
        return (vec![proof.a], vec![proof.b]);
    }
    *seed += 1;
    let u = distinct_nonzero(&mut rng(*seed), 3);
    let mut children = Vec::new();
    let mut messages = Vec::new();
    for u_i in &u {
        path.push(*u_i);
        children.push(extract(inst, p, path, rounds, seed));
        // The round message at this depth, from the child's own transcript.
        let proof = inst.prove(&pad(path, rounds));
        messages.push((proof.l_vec[path.len() - 1].point, proof.r_vec[path.len() - 1].point));
        path.pop();
    }
    assert!(messages.windows(2).all(|w| w[0] == w[1]), "siblings share L and R (rewinding)");
    let sq: Vec<S> = u.iter().map(|u| *u * *u).collect();
    let inv: Vec<S> = u.iter().map(|u| u.invert_vartime()).collect();
    let nu = solve(
        vec![sq.clone(), vec![S::one(); 3], sq.iter().map(|s| s.invert_vartime()).collect()],
        vec![S::zero(), S::one(), S::zero()],
    )
    .expect("three distinct squares give an invertible system");
    let half = children[0].0.len();
    // Σ_i ν_i·f_i·𝐯_i for the children's vectors 𝐯_i and factors f_i.
    let combine = |f: &[S], v: &dyn Fn(usize) -> Vec<S>| -> Vec<S> {
        (0..half).map(|j| (0..3).map(|i| nu[i] * f[i] * v(i)[j]).sum()).collect()
    };
    let a_of = |i: usize| children[i].0.clone();
    let b_of = |i: usize| children[i].1.clone();
    let mut a = combine(&inv, &a_of);
    a.extend(combine(&u, &a_of));
    let mut b = combine(&u, &b_of);
    b.extend(combine(&inv, &b_of));
    let c: S = (0..3).map(|i| nu[i] * inner_product(&children[i].0, &children[i].1)).sum();
    assert_eq!(c, inner_product(&a, &b), "the opening's Q-coefficient is ⟨a, b⟩");
    (a, b)
}

/// `path` extended with fixed non-zero challenges to a full tuple (the
/// rounds after a node do not change its own message).
fn pad(path: &[S], rounds: usize) -> Vec<S> {
    let mut full = path.to_vec();
    full.resize(rounds, S::from_u64(7));
    full
}

#[test]
fn extractor_recovers_the_witness() {
    for (n, seed) in [(1usize, 10u64), (2, 20), (4, 30), (8, 40)] {
        let inst = Instance::random(n, seed);
        let p = inst.commit(&inst.a, &inst.b);
        let rounds = n.trailing_zeros() as usize;
        let (a, b) = extract(&inst, &p, &mut Vec::new(), rounds, &mut (seed * 1000));
        assert_eq!(inst.commit(&a, &b), p, "n = {n}: the extracted opening satisfies the relation");
        assert_eq!((a, b), (inst.a.clone(), inst.b.clone()), "n = {n}: and is the prover's witness");
    }
}

#[test]
fn one_round_cheater_wins_only_at_the_roots() {
    let inst = Instance::random(2, 50);
    let mut r = rng(51);
    let d = nonzero(&mut r);
    let p = inst.commit(&inst.a, &inst.b) + T::mul_ct(&T::basepoint(), &d);
    // Roots ±r₁, ±r₂ of α·u⁴ + d·u² + β: u² ∈ {s₁, s₂}.
    let roots = distinct_nonzero(&mut r, 2);
    let (s1, s2) = (roots[0] * roots[0], roots[1] * roots[1]);
    assert!(s1 != s2 && !(s1 + s2).is_zero());
    let alpha = -(d * (s1 + s2).invert_vartime());
    let beta = alpha * s1 * s2;
    let mut accepted = Vec::new();
    for u in (1..super::Q).map(S::from_u64) {
        let mut proof = inst.prove(&[u]);
        proof.l_vec[0] =
            crate::encoding::ProofPoint::from_point(proof.l_vec[0].point + T::mul_ct(&T::basepoint(), &alpha));
        proof.r_vec[0] =
            crate::encoding::ProofPoint::from_point(proof.r_vec[0].point + T::mul_ct(&T::basepoint(), &beta));
        if inst.verify(&p, &proof, &[u]) {
            accepted.push(u);
        }
    }
    let mut expected = vec![roots[0], -roots[0], roots[1], -roots[1]];
    expected.sort_by_key(|s| s.value());
    accepted.sort_by_key(|s| s.value());
    assert_eq!(accepted, expected, "accepted exactly at the four roots of the round's quartic");
    // And without the round adjustment, never.
    assert!((1..super::Q).map(S::from_u64).all(|u| !inst.verify(&p, &inst.prove(&[u]), &[u])));
}
