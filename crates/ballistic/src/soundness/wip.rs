//! The weighted inner-product argument (`crate::weighted_inner_product`,
//! Bulletproofs+ paper §3, zk-WIP): a special-soundness extractor.
//!
//! **Relation.** `P = ⟨𝐚,𝐆⟩ + ⟨𝐛,𝐇⟩ + (𝐚 ⊙_y 𝐛)·g + α·h`, with
//! `𝐚 ⊙_y 𝐛 = Σ_{i=1}^{n} a_i b_i y^i`.
//!
//! **Extractor** (as in the paper's knowledge-soundness proof of zk-WIP).
//! Run the prover on a `3`-ary tree of challenges: one level per round
//! (`e_k`), then one for the last step's `e` (rewinding: the prover's
//! nonces come from a seeded RNG, so siblings share every message before
//! their challenge).
//!
//! * *Last step* (`n = 1`, bases `G, H` folded along the path): siblings
//!   share `A, B` and answer `e_1, e_2, e_3` with `(r'_i, s'_i, δ'_i)`
//!   such that `e_i²·P + e_i·A + B = r'_i e_i·G + s'_i e_i·H + r'_i y s'_i·g
//!   + δ'_i·h`. Take `ν` with `Σν_i e_i² = 1`, `Σν_i e_i = 0`, `Σν_i = 0`:
//!   then `P` opens as `a = Σν_i r'_i e_i`, `b = Σν_i s'_i e_i`,
//!   `α = Σν_i δ'_i`, with `g`-coefficient `c = Σν_i y r'_i s'_i`; the test
//!   checks `c = y·a·b` (`= a ⊙_y b` for `n = 1`).
//! * *Round* (`n → n̂ = n/2`): children `e_1, e_2, e_3` with openings
//!   `(𝐚'_i, 𝐛'_i, α'_i)` of `P'_i = e_i²·L + P + e_i⁻²·R` on
//!   `𝐆'_i = e_i⁻¹·𝐆₁ + e_i y^{−n̂}·𝐆₂`, `𝐇'_i = e_i·𝐇₁ + e_i⁻¹·𝐇₂`. With
//!   `Σν_i e_i² = 0`, `Σν_i = 1`, `Σν_i e_i⁻² = 0` (three distinct `e_i²`),
//!   `P = Σν_i P'_i` opens as
//!   `𝐚 = (Σν_i e_i⁻¹𝐚'_i, y^{−n̂}·Σν_i e_i𝐚'_i)`,
//!   `𝐛 = (Σν_i e_i𝐛'_i, Σν_i e_i⁻¹𝐛'_i)`, `α = Σν_i α'_i`, with
//!   `g`-coefficient `c = Σν_i (𝐚'_i ⊙_y 𝐛'_i)`; the test checks
//!   `c = 𝐚 ⊙_y 𝐛`.
//!
//! At the root the test checks the relation in the group and that the
//! extracted `(𝐚, 𝐛, α)` is the prover's witness. Only transcripts the
//! verifier (Figure 1's, folding step by step) accepts are used: each node
//! keeps the first three of a few candidate challenges whose subtrees are
//! accepted (an honest transcript is refused only when one of its points
//! is the identity, about one point in `Q` on the toy group).

use alloc::vec;
use alloc::vec::Vec;

use super::{distinct_squares, nonzero, point, rng, solve, P, S, T};
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps};
use crate::nonces::RngNonces;
use crate::poly::pow;
use crate::transcript::{forced, new_transcript};
use crate::weighted_inner_product::{WipBases, WipProof};

/// `𝐚 ⊙_y 𝐛 = Σ_{i=1}^{n} a_i b_i y^i`.
fn weighted(a: &[S], b: &[S], y: S) -> S {
    a.iter().zip(b).zip(crate::poly::powers(y).skip(1)).map(|((a, b), y)| *a * *b * y).sum()
}

/// Challenges tried per node: the first three with accepted subtrees
/// are kept.
const CANDIDATES: usize = 6;

/// An opening `(𝐚, 𝐛, α)`.
type Opening = (Vec<S>, Vec<S>, S);

/// The public bases and the honest witness of one instance.
struct Instance {
    g_vec: Vec<P>,
    h_vec: Vec<P>,
    g: P,
    h: P,
    y: S,
    a: Vec<S>,
    b: Vec<S>,
    alpha: S,
    /// Seeds the prover's nonces: the same for every run (rewinding).
    nonce_seed: u64,
}

impl Instance {
    fn random(n: usize, seed: u64) -> Self {
        let mut r = rng(seed);
        let g_vec = (0..n).map(|_| point(&mut r)).collect();
        let h_vec = (0..n).map(|_| point(&mut r)).collect();
        let (g, h, y) = (point(&mut r), point(&mut r), nonzero(&mut r));
        let a = (0..n).map(|_| nonzero(&mut r)).collect();
        let b = (0..n).map(|_| nonzero(&mut r)).collect();
        Instance { g_vec, h_vec, g, h, y, a, b, alpha: nonzero(&mut r), nonce_seed: seed + 1 }
    }

    fn commit(&self, (a, b, alpha): &Opening) -> P {
        T::msm_vartime(a, &self.g_vec)
            + T::msm_vartime(b, &self.h_vec)
            + T::mul_ct(&self.g, &weighted(a, b, self.y))
            + T::mul_ct(&self.h, alpha)
    }

    /// The library's prover with the challenges `e` (one per round, then
    /// the last step's).
    fn prove(&self, e: &[S]) -> WipProof<T> {
        let bases =
            WipBases { g: &self.g, h: &self.h, y: self.y, g_vec: self.g_vec.clone(), h_vec: self.h_vec.clone() };
        let (mut a, mut b) = (self.a.clone(), self.b.clone());
        let mut nonces = rng(self.nonce_seed);
        forced::push(e);
        let proof = WipProof::prove(
            &mut new_transcript(b"toy wip"),
            bases,
            &mut a,
            &mut b,
            self.alpha,
            None,
            &mut RngNonces(&mut nonces),
        );
        assert_eq!(forced::clear(), 0, "the prover drew every challenge");
        proof
    }

    /// The verifier of Figure 1: the library replays the transcript, the
    /// folds and the last check run here. `None` where a proof point is
    /// the identity (refused before any equation; on the toy group about
    /// one honest point in `Q`).
    fn verify(&self, p: &P, proof: &WipProof<T>, e: &[S]) -> Option<bool> {
        forced::push(e);
        let replayed = proof.challenges(self.a.len(), &mut new_transcript(b"toy wip"));
        assert_eq!(forced::clear(), 0);
        let ch = match replayed {
            Ok(ch) => ch,
            Err(ProofError::IdentityPoint { .. }) => return None,
            Err(err) => panic!("replay: {err:?}"),
        };
        let (mut g_vec, mut h_vec, mut p) = (self.g_vec.clone(), self.h_vec.clone(), *p);
        for ((e, l), r) in ch.e.iter().zip(&proof.l_vec).zip(&proof.r_vec) {
            let half = g_vec.len() / 2;
            let (e_inv, y_half_inv) = (e.invert_vartime(), pow(self.y, half as u64).invert_vartime());
            g_vec =
                (0..half).map(|i| T::msm_vartime(&[e_inv, *e * y_half_inv], &[g_vec[i], g_vec[half + i]])).collect();
            h_vec = (0..half).map(|i| T::msm_vartime(&[*e, e_inv], &[h_vec[i], h_vec[half + i]])).collect();
            p += T::msm_vartime(&[*e * *e, e_inv * e_inv], &[l.point, r.point]);
        }
        let (e, r1, s1, d1) = (ch.e_last, proof.r1, proof.s1, proof.d1);
        let lhs = T::msm_vartime(&[e * e, e, S::one()], &[p, proof.a1.point, proof.b.point]);
        let rhs = T::msm_vartime(&[r1 * e, s1 * e, r1 * self.y * s1, d1], &[g_vec[0], h_vec[0], self.g, self.h]);
        Some(lhs == rhs)
    }

    /// The opening of the node reached by `path` (round challenges so far),
    /// from accepted transcripts only: `None` if fewer than three of the
    /// candidate challenges give accepted subtrees (an honest transcript
    /// is refused only for an identity point).
    fn extract(&self, p: &P, path: &mut Vec<S>, rounds: usize, seed: &mut u64) -> Option<Opening> {
        *seed += 1;
        let candidates = distinct_squares(&mut rng(*seed), CANDIDATES);
        if path.len() == rounds {
            // Last step: siblings share every point, and answer e_i.
            let mut e = Vec::new();
            let mut proofs: Vec<WipProof<T>> = Vec::new();
            for e_i in candidates {
                let full: Vec<S> = path.iter().chain([&e_i]).copied().collect();
                let proof = self.prove(&full);
                match self.verify(p, &proof, &full) {
                    Some(true) => {
                        e.push(e_i);
                        proofs.push(proof);
                    }
                    Some(false) => panic!("an honest transcript is refused at {full:?}"),
                    None => {}
                }
                if e.len() == 3 {
                    break;
                }
            }
            if e.len() < 3 {
                return None;
            }
            let messages = |w: &WipProof<T>| (w.l_vec.clone(), w.r_vec.clone(), w.a1.point, w.b.point);
            assert!(proofs.iter().all(|w| messages(w) == messages(&proofs[0])), "siblings share L, R, A, B");
            let nu = solve(
                vec![e.iter().map(|e| *e * *e).collect(), e.clone(), vec![S::one(); 3]],
                vec![S::one(), S::zero(), S::zero()],
            )
            .expect("three distinct e give an invertible system");
            let sum = |f: &dyn Fn(usize) -> S| -> S { (0..3).map(|i| nu[i] * f(i)).sum() };
            let a = sum(&|i| proofs[i].r1 * e[i]);
            let b = sum(&|i| proofs[i].s1 * e[i]);
            let alpha = sum(&|i| proofs[i].d1);
            let c = sum(&|i| self.y * proofs[i].r1 * proofs[i].s1);
            assert_eq!(c, weighted(&[a], &[b], self.y), "the last step's g-coefficient is a ⊙_y b");
            return Some((vec![a], vec![b], alpha));
        }
        let mut e = Vec::new();
        let mut children = Vec::new();
        let mut messages = Vec::new();
        for e_i in candidates {
            path.push(e_i);
            if let Some(child) = self.extract(p, path, rounds, seed) {
                // The round message at this depth, from the child's own transcript.
                let mut full = path.clone();
                full.resize(rounds + 1, S::from_u64(7));
                let proof = self.prove(&full);
                messages.push((proof.l_vec[path.len() - 1].point, proof.r_vec[path.len() - 1].point));
                children.push(child);
                e.push(e_i);
            }
            path.pop();
            if e.len() == 3 {
                break;
            }
        }
        if e.len() < 3 {
            return None;
        }
        assert!(messages.windows(2).all(|w| w[0] == w[1]), "siblings share L and R (rewinding)");
        let sq: Vec<S> = e.iter().map(|e| *e * *e).collect();
        let nu = solve(
            vec![sq.clone(), vec![S::one(); 3], sq.iter().map(|s| s.invert_vartime()).collect()],
            vec![S::zero(), S::one(), S::zero()],
        )
        .expect("three distinct squares give an invertible system");
        let inv: Vec<S> = e.iter().map(|e| e.invert_vartime()).collect();
        let half = children[0].0.len();
        let y_half_inv = pow(self.y, half as u64).invert_vartime();
        // Σ_i ν_i·f_i·𝐯_i for the children's vectors 𝐯_i and factors f_i.
        let combine = |f: &[S], v: &[&[S]]| -> Vec<S> {
            (0..half).map(|j| (0..3).map(|i| nu[i] * f[i] * v[i][j]).sum()).collect()
        };
        let a_of: Vec<&[S]> = children.iter().map(|c| &c.0[..]).collect();
        let b_of: Vec<&[S]> = children.iter().map(|c| &c.1[..]).collect();
        let mut a = combine(&inv, &a_of);
        a.extend(combine(&e, &a_of).into_iter().map(|v| v * y_half_inv));
        let mut b = combine(&e, &b_of);
        b.extend(combine(&inv, &b_of));
        let alpha = (0..3).map(|i| nu[i] * children[i].2).sum();
        let c: S = (0..3).map(|i| nu[i] * weighted(&children[i].0, &children[i].1, self.y)).sum();
        assert_eq!(c, weighted(&a, &b, self.y), "the opening's g-coefficient is a ⊙_y b");
        Some((a, b, alpha))
    }
}

#[test]
fn extractor_recovers_the_witness() {
    for (n, seed) in [(1usize, 110u64), (2, 120), (4, 130), (8, 140)] {
        let inst = Instance::random(n, seed);
        let witness = (inst.a.clone(), inst.b.clone(), inst.alpha);
        let p = inst.commit(&witness);
        let rounds = n.trailing_zeros() as usize;
        let extracted = inst.extract(&p, &mut Vec::new(), rounds, &mut (seed * 1000)).expect("accepted subtrees");
        assert_eq!(inst.commit(&extracted), p, "n = {n}: the extracted opening satisfies the relation");
        assert_eq!(extracted, witness, "n = {n}: and is the prover's witness");
    }
}
