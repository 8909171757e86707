//! The weighted norm linear argument (`crate::norm_linear`,
//! Bulletproofs++ §3): a special-soundness extractor for both folding
//! rules, and the best one-round cheating prover against every value of
//! its challenge.
//!
//! **Relation.** `C = v·G + ⟨𝐥,𝐇⟩ + ⟨𝐧,𝐆⟩` with `v = ⟨𝐜,𝐥⟩ + |𝐧|²_μ`,
//! `μ = ρ²`, `|𝐧|²_μ = Σ_i μ^{i+1} n_i²`.
//!
//! **Extractor.** Run the prover on a `3`-ary tree of challenges, one level
//! per round (rewinding: the prover is deterministic, so siblings share the
//! round's `X, R`). At a leaf the transcript's final `𝐧, 𝐥` open `C_k` with
//! `v_k = ⟨𝐜_k,𝐥_k⟩ + |𝐧_k|²_{μ_k}`. At a node with children `γ₁, γ₂, γ₃`
//! and their openings `(𝐧'_i, 𝐥'_i, v'_i)` of
//! `C'_i = C + γ_i·X + (γ_i² − 1)·R` on `𝐆'_i = ρ𝐆₀ + γ_i𝐆₁`,
//! `𝐇'_i = 𝐇₀ + γ_i𝐇₁`, take `ν` with `Σν_i = 1`, `Σν_i γ_i = 0`,
//! `Σν_i(γ_i² − 1) = 0` (so `Σν_i γ_i² = 1`); then `C = Σν_i C'_i` opens as
//! `𝐧₀ = ρ·Σν_i𝐧'_i`, `𝐧₁ = Σν_i γ_i𝐧'_i` (interleaved: even and odd
//! entries), `𝐥₀ = Σν_i𝐥'_i`, `𝐥₁ = Σν_iγ_i𝐥'_i`, `v = Σν_i v'_i` — and, for
//! a length-one `𝐧` that [`Folding::ToOne`] freezes (`𝐆' = 𝐆`),
//! `𝐧 = Σν_i𝐧'_i`. The test checks `v = ⟨𝐜,𝐥⟩ + |𝐧|²_μ` at every node (with
//! the node's folded `𝐜` and `ρ`), the relation in the group at the root,
//! and that the extracted `(𝐧, 𝐥)` is the prover's. Only transcripts the
//! library's verifier (`NormLinearProof::verification`, one equation)
//! accepts are used.
//!
//! **Cheating prover.** Without an opening of `C` (`C = C_true + d·G`),
//! the best one-round strategy we know adds `α·G` to `X` and `β·G` to `R`
//! so that `d + α·γ + β·(γ² − 1) = β(γ − r₁)(γ − r₂)`: the verifier must
//! accept for those two values of `γ` and no other (a quadratic).

use alloc::vec;
use alloc::vec::Vec;

use super::{distinct_nonzero, nonzero, point, rng, solve, Chosen, P, S, T};
use crate::encoding::ProofPoint;
use crate::errors::ProofError;
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};
use crate::norm_linear::{schedule, sound_lengths, Folding, NormLinearProof};

/// Challenges tried per node: the first three with accepted subtrees
/// are kept.
const CANDIDATES: usize = 6;

/// `Σ_i w^{i+1}·a_i·b_i`.
fn weighted(a: &[S], b: &[S], w: S) -> S {
    a.iter().zip(b).zip(crate::poly::powers(w).skip(1)).map(|((a, b), w)| *a * *b * w).sum()
}

fn dot(a: &[S], b: &[S]) -> S {
    a.iter().zip(b).map(|(a, b)| *a * *b).sum()
}

/// An opening `(𝐧, 𝐥, v)`.
type Opening = (Vec<S>, Vec<S>, S);

/// The public side and the honest witness of one instance.
struct Instance {
    base: P,
    gs: Vec<P>,
    hs: Vec<P>,
    c: Vec<S>,
    rho: S,
    folding: Folding,
    n: Vec<S>,
    l: Vec<S>,
}

/// The public state at a node of the tree: `ρ`, the folded `𝐜`, and the
/// length of `𝐧` there.
#[derive(Clone)]
struct Node {
    rho: S,
    c: Vec<S>,
    n_len: usize,
}

impl Instance {
    fn random(big_n: usize, big_l: usize, folding: Folding, seed: u64) -> Self {
        assert!(sound_lengths(big_n, big_l, folding), "({big_n}, {big_l})");
        let mut r = rng(seed);
        let base = point(&mut r);
        let gs = (0..big_n).map(|_| point(&mut r)).collect();
        let hs = (0..big_l).map(|_| point(&mut r)).collect();
        let c = (0..big_l).map(|_| nonzero(&mut r)).collect();
        let rho = nonzero(&mut r);
        let n = (0..big_n).map(|_| nonzero(&mut r)).collect();
        let l = (0..big_l).map(|_| nonzero(&mut r)).collect();
        Instance { base, gs, hs, c, rho, folding, n, l }
    }

    /// `a·G + Σ g_j·G_j + Σ h_j·H_j`.
    fn msm(&self, a: S, g: &[S], h: &[S]) -> P {
        T::mul_ct(&self.base, &a) + T::msm_vartime(g, &self.gs) + T::msm_vartime(h, &self.hs)
    }

    fn commit(&self, (n, l, v): &Opening) -> P {
        self.msm(*v, n, l)
    }

    fn witness(&self) -> Opening {
        (self.n.clone(), self.l.clone(), dot(&self.c, &self.l) + weighted(&self.n, &self.n, self.rho * self.rho))
    }

    fn prove(&self, gammas: &[S]) -> NormLinearProof<T> {
        let msm = |a: S, g: &[S], h: &[S]| self.msm(a, g, h);
        let (n, l, c) = (self.n.clone(), self.l.clone(), self.c.clone());
        NormLinearProof::prove(&mut Chosen(gammas.iter()), self.rho, n, l, c, self.folding, &msm)
            .expect("sound lengths")
    }

    /// The library's verifier: the coefficients of its one equation, summed
    /// in the toy group. `None` for an identity point.
    fn verify(&self, commitment: &P, proof: &NormLinearProof<T>, gammas: &[S]) -> Option<bool> {
        let check = match proof.verification(&mut Chosen(gammas.iter()), self.rho, &self.c, self.n.len(), self.folding)
        {
            Ok(check) => check,
            Err(ProofError::IdentityPoint { .. }) => return None,
            Err(e) => panic!("verification: {e:?}"),
        };
        let g: Vec<S> = check.g.iter().map(S::from_fast).collect();
        let h: Vec<S> = check.h.iter().map(S::from_fast).collect();
        let mut total = *commitment + self.msm(check.a, &g, &h);
        for ((x, r), (sx, sr)) in proof.points().zip(check.x.iter().zip(&check.r)) {
            total += T::msm_vartime(&[*sx, *sr], &[x.point, r.point]);
        }
        Some(T::is_identity_vartime(&total))
    }

    /// The opening of the node reached by `path`, from accepted transcripts
    /// only (`None` if fewer than three candidates give accepted subtrees).
    fn extract(
        &self,
        commitment: &P,
        node: &Node,
        path: &mut Vec<S>,
        rounds: usize,
        seed: &mut u64,
    ) -> Option<Opening> {
        if path.len() == rounds {
            let proof = self.prove(path);
            match self.verify(commitment, &proof, path) {
                Some(true) => {}
                Some(false) => panic!("an honest transcript is refused at {path:?}"),
                None => return None,
            }
            let v = dot(&node.c, &proof.l) + weighted(&proof.n, &proof.n, node.rho * node.rho);
            return Some((proof.n, proof.l, v));
        }
        *seed += 1;
        let folds_n = node.n_len > 1;
        let (c0, c1): (Vec<S>, Vec<S>) =
            (node.c.iter().step_by(2).copied().collect(), node.c.iter().skip(1).step_by(2).copied().collect());
        let mut gammas = Vec::new();
        let mut children = Vec::new();
        let mut messages = Vec::new();
        for gamma in distinct_nonzero(&mut rng(*seed), CANDIDATES) {
            let child = Node {
                rho: if folds_n { node.rho * node.rho } else { node.rho },
                c: c0.iter().enumerate().map(|(i, c)| *c + c1.get(i).map_or(S::zero(), |d| gamma * *d)).collect(),
                n_len: if folds_n { node.n_len / 2 } else { 1 },
            };
            path.push(gamma);
            if let Some(opening) = self.extract(commitment, &child, path, rounds, seed) {
                let mut full = path.clone();
                full.resize(rounds, S::from_u64(7));
                let proof = self.prove(&full);
                messages.push((proof.x[path.len() - 1].point, proof.r[path.len() - 1].point));
                children.push(opening);
                gammas.push(gamma);
            }
            path.pop();
            if gammas.len() == 3 {
                break;
            }
        }
        if gammas.len() < 3 {
            return None;
        }
        assert!(messages.windows(2).all(|w| w[0] == w[1]), "siblings share X and R (rewinding)");
        let nu = solve(
            vec![vec![S::one(); 3], gammas.clone(), gammas.iter().map(|g| *g * *g - S::one()).collect()],
            vec![S::one(), S::zero(), S::zero()],
        )
        .expect("three distinct challenges give an invertible system");
        // Σ_i ν_i·f_i·𝐯_i over the children's vectors.
        let combine = |f: &[S], v: &[&[S]]| -> Vec<S> {
            (0..v[0].len()).map(|j| (0..3).map(|i| nu[i] * f[i] * v[i][j]).sum()).collect()
        };
        let interleave = |even: Vec<S>, odd: Vec<S>, len: usize| -> Vec<S> {
            (0..len).map(|k| if k % 2 == 0 { even[k / 2] } else { odd[k / 2] }).collect()
        };
        let n_of: Vec<&[S]> = children.iter().map(|c| &c.0[..]).collect();
        let l_of: Vec<&[S]> = children.iter().map(|c| &c.1[..]).collect();
        let ones = [S::one(); 3];
        let n = if folds_n {
            assert_eq!(node.n_len % 2, 0, "sound lengths fold an even 𝐧");
            let even = combine(&[node.rho; 3], &n_of);
            interleave(even, combine(&gammas, &n_of), node.n_len)
        } else {
            combine(&ones, &n_of)
        };
        let l = interleave(combine(&ones, &l_of), combine(&gammas, &l_of), node.c.len());
        let v: S = (0..3).map(|i| nu[i] * children[i].2).sum();
        assert_eq!(v, dot(&node.c, &l) + weighted(&n, &n, node.rho * node.rho), "v = ⟨c,l⟩ + |n|²_μ at the node");
        Some((n, l, v))
    }
}

#[test]
fn extractor_recovers_the_witness() {
    let shapes = [
        (16, 6, Folding::Shortest, 210u64),
        (2, 5, Folding::Shortest, 220),
        (4, 9, Folding::Shortest, 230),
        (8, 4, Folding::ToOne, 240),
        (4, 1, Folding::ToOne, 250),
        (2, 2, Folding::ToOne, 260),
    ];
    for (big_n, big_l, folding, seed) in shapes {
        let inst = Instance::random(big_n, big_l, folding, seed);
        let witness = inst.witness();
        let commitment = inst.commit(&witness);
        let (rounds, _, _) = schedule(big_n, big_l, folding);
        assert!(rounds > 0);
        let root = Node { rho: inst.rho, c: inst.c.clone(), n_len: big_n };
        let extracted =
            inst.extract(&commitment, &root, &mut Vec::new(), rounds, &mut (seed * 1000)).expect("accepted subtrees");
        let shape = (big_n, big_l, folding);
        assert_eq!(inst.commit(&extracted), commitment, "{shape:?}: the extracted opening satisfies the relation");
        assert_eq!(extracted, witness, "{shape:?}: and is the prover's witness");
    }
}

#[test]
fn one_round_cheater_wins_only_at_the_roots() {
    let inst = Instance::random(4, 2, Folding::Shortest, 270);
    assert_eq!(schedule(4, 2, Folding::Shortest).0, 1);
    let mut r = rng(271);
    let d = nonzero(&mut r);
    let commitment = inst.commit(&inst.witness()) + T::mul_ct(&inst.base, &d);
    // β(γ − r₁)(γ − r₂) = βγ² + αγ + (d − β).
    let roots = loop {
        let roots = distinct_nonzero(&mut r, 2);
        if !(S::one() + roots[0] * roots[1]).is_zero() {
            break roots;
        }
    };
    let beta = d * (S::one() + roots[0] * roots[1]).invert_vartime();
    let alpha = -(beta * (roots[0] + roots[1]));
    let mut accepted = Vec::new();
    for gamma in (0..super::Q).map(S::from_u64) {
        let mut proof = inst.prove(&[gamma]);
        // The honest prover's unshifted proof is refused for every γ.
        assert_ne!(inst.verify(&commitment, &proof, &[gamma]), Some(true), "γ = {gamma:?} unshifted");
        proof.x[0] = ProofPoint::from_point(proof.x[0].point + T::mul_ct(&inst.base, &alpha));
        proof.r[0] = ProofPoint::from_point(proof.r[0].point + T::mul_ct(&inst.base, &beta));
        // (X, R do not depend on γ: with this seed neither is the identity.)
        if inst.verify(&commitment, &proof, &[gamma]).expect("no identity point") {
            accepted.push(gamma);
        }
    }
    let mut expected = roots.clone();
    expected.sort_by_key(|s| s.value());
    assert_eq!(accepted, expected, "accepted exactly at the two roots of the round's quadratic");
}
