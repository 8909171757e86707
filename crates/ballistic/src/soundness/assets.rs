//! Multi-asset range proofs (`crate::range::assets`): value moved between
//! two outputs of different assets, against every value of the challenge
//! each strategy targets.
//!
//! **Statement.** `V_j = v_j·H_j + γ_j·B̃` for two outputs on different
//! value generators `H₀ ≠ H₁` (whose logarithms the prover does not know).
//! The prover knows in-range openings `(v₀, v₁)` of `V₀ − δ·H₀` and
//! `V₁ + δ·H₁`: `δ` units of asset 0 were created from a negative amount
//! of asset 1 (`v₁ − δ < 0`), the two outputs' sum being what it was.
//! It runs the library's honest prover for `(v₀, v₁)` and hides the offsets
//! `o = (δ, −δ)` where it can:
//!
//! * **native** (`MultiAssetRangeProof`), per-output eq. (65) joined by
//!   `ρ`: `Σ_j ρ^j((t̂_j − δ_j)·H_j − z^{2+j}·V_j − x·T_{1,j} − x²·T_{2,j})
//!   + τ_x·B̃ = 𝟙` is off by `Σ_j ρ^j z^{2+j} o_j·H_j`.
//!   - *target `x`*: shift `T_{i,j}` by `c_i z^{2+j}o_j·H_j` (before `x`),
//!     so output `j` is off by `z^{2+j}o_j(1 + c₁x + c₂x²)·H_j`, zero at the
//!     two roots of the quadratic: accepted for exactly those two `x`.
//!   - *no shift, target `ρ`*: off by `z²δ·H₀ − ρz³δ·H₁`, which vanishes for
//!     one `ρ`, `ρ* = log H₀ / (z·log H₁)` (the `m − 1 = 1` roots of a
//!     degree-1 polynomial in `ρ`; the prover cannot compute it, the test
//!     does from the toy group's logarithms): accepted for exactly `ρ*`.
//!     (The inner-product argument is the honest one for `Σ_j t̂_j`, so the
//!     verifier's second check holds and `combine` plays no part.)
//! * **re-committed** (`RecommittedRangeProof` over Bulletproofs+): the
//!   re-commitments `V'_j` hold the in-range `v_j` and their range proof
//!   is honest; each link `s_v·H_j + s_γ·B̃ = R_j + e·V_j` is off by
//!   `−e·o_j·H_j`. *Target `e`*: `R_j −= e*·o_j·H_j` (before `e`) makes it
//!   `(e* − e)·o_j·H_j`: accepted for exactly one `e` (the Σ-protocol's
//!   special soundness: two accepting `e` would open `V_j`).

use alloc::vec::Vec;

use super::{assert_only_at, distinct_nonzero, nonzero, point, rng, sweep, verdict, P, S, T};
use crate::encoding::ProofPoint;
use crate::equation::Verifiable;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::range::assets::{MultiAssetRangeProof, MultiAssetStatement, MultiAssetSystem, RecommittedRangeProof};
use crate::range::{RangeProofPlus, RangeSystem};
use crate::transcript::{forced, new_transcript};

const N_BITS: usize = 4;
/// The honest values, and the offset moved between them.
const VALUES: [u64; 2] = [3, 5];
const MOVED: u64 = 10;

struct Setup {
    gens: Generators<T>,
    /// `H₀, H₁`.
    h: [P; 2],
    blindings: [S; 2],
}

impl Setup {
    fn new(system: MultiAssetSystem, seed: u64) -> Self {
        let (chains, per_chain) = system.generators_needed(N_BITS, 2).expect("shape");
        let mut r = rng(seed);
        let h = [point(&mut r), point(&mut r)];
        assert_ne!(h[0], h[1]);
        Setup { gens: Generators::new(per_chain, chains), h, blindings: [nonzero(&mut r), nonzero(&mut r)] }
    }

    /// `o_j·H_j` for `o = (δ, −δ)`.
    fn offset(&self, j: usize, scale: S) -> P {
        let o = if j == 0 { S::from_u64(MOVED) } else { -S::from_u64(MOVED) };
        T::mul_ct(&self.h[j], &(o * scale))
    }

    /// The statement: the honest commitments moved by the offsets.
    fn statement(&self, honest: &[[u8; 32]]) -> MultiAssetStatement<T> {
        let moved: Vec<[u8; 32]> = honest
            .iter()
            .enumerate()
            .map(|(j, c)| T::compress(&(T::decompress(c).expect("point") + self.offset(j, S::one()))))
            .collect();
        let gens: Vec<[u8; 32]> = self.h.iter().map(T::compress).collect();
        MultiAssetStatement::new(N_BITS, &moved, &gens).expect("statement")
    }

    fn verify<V: Verifiable<T, Statement = MultiAssetStatement<T>, Context = merlin::Transcript>>(
        &self,
        proof: &V,
        statement: &MultiAssetStatement<T>,
        challenges: &[S],
    ) -> Option<bool> {
        forced::push(challenges);
        let result = proof.verify(&self.gens, statement, &mut new_transcript(b"toy assets"), &mut rng(0));
        verdict(result)
    }

    fn prove_native(&self, challenges: &[S]) -> (MultiAssetRangeProof<T>, MultiAssetStatement<T>) {
        forced::push(challenges);
        let (proof, honest) = MultiAssetRangeProof::prove_with_rng(
            &self.gens,
            &mut new_transcript(b"toy assets"),
            &VALUES,
            &self.blindings,
            &self.h,
            N_BITS,
            &mut rng(1),
        )
        .expect("in range");
        assert_eq!(forced::clear(), 0, "the prover drew every challenge");
        let statement = self.statement(&honest);
        (proof, statement)
    }
}

/// `y, z, x, ρ, w` and three inner-product rounds (`N = 8`).
const NATIVE_CHALLENGES: usize = 8;
const X: usize = 2;
const RHO: usize = 3;

#[test]
fn native_moved_value_wins_for_two_values_of_x() {
    let mut r = rng(500);
    for trial in 0..6u64 {
        let setup = Setup::new(MultiAssetSystem::Native, 510 + trial);
        let fixed = distinct_nonzero(&mut r, NATIVE_CHALLENGES);
        let z = fixed[1];
        let roots = distinct_nonzero(&mut r, 2);
        // 1 + c₁x + c₂x² = (1 − x/r₁)(1 − x/r₂).
        let (i1, i2) = (roots[0].invert_vartime(), roots[1].invert_vartime());
        let (c1, c2) = (-(i1 + i2), i1 * i2);
        let (accepted, degenerate) = sweep(|x| {
            let mut ch = fixed.clone();
            ch[X] = x;
            let (mut proof, statement) = setup.prove_native(&ch);
            let mut z_j = z * z;
            for (j, (t_1, t_2)) in proof.t.iter_mut().enumerate() {
                *t_1 = ProofPoint::from_point(t_1.point + setup.offset(j, c1 * z_j));
                *t_2 = ProofPoint::from_point(t_2.point + setup.offset(j, c2 * z_j));
                z_j *= z;
            }
            setup.verify(&proof, &statement, &ch)
        });
        assert_only_at(&accepted, &degenerate, &roots, &format!("trial {trial}"));
    }
}

#[test]
fn native_moved_value_wins_for_one_value_of_rho() {
    let mut r = rng(520);
    for trial in 0..6u64 {
        let setup = Setup::new(MultiAssetSystem::Native, 530 + trial);
        let fixed = distinct_nonzero(&mut r, NATIVE_CHALLENGES);
        let z = fixed[1];
        let (accepted, degenerate) = sweep(|rho| {
            let mut ch = fixed.clone();
            ch[RHO] = rho;
            let (proof, statement) = setup.prove_native(&ch);
            setup.verify(&proof, &statement, &ch)
        });
        // z²δ·log H₀ − ρ·z³δ·log H₁ = 0 (the test's knowledge, not the prover's).
        let rho_star = setup.h[0].log() * (z * setup.h[1].log()).invert_vartime();
        assert_only_at(&accepted, &degenerate, &[rho_star], &format!("trial {trial}"));
    }
}

#[test]
fn recommitted_moved_value_wins_for_one_value_of_e() {
    // The range proof's y, z, three rounds and last e; then the links' e.
    const CHALLENGES: usize = 7;
    let mut r = rng(540);
    for trial in 0..6u64 {
        let setup = Setup::new(MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus), 550 + trial);
        let fixed = distinct_nonzero(&mut r, CHALLENGES);
        let e_star = nonzero(&mut r);
        let (accepted, degenerate) = sweep(|e| {
            let mut ch = fixed.clone();
            ch[CHALLENGES - 1] = e;
            forced::push(&ch);
            let (mut proof, honest) = RecommittedRangeProof::prove_with_rng::<RangeProofPlus<T>, _>(
                &setup.gens,
                &mut new_transcript(b"toy assets"),
                &VALUES,
                &setup.blindings,
                &setup.h,
                N_BITS,
                &mut rng(1),
            )
            .expect("in range");
            assert_eq!(forced::clear(), 0, "the prover drew every challenge");
            for (j, link) in proof.links.iter_mut().enumerate() {
                link.r = ProofPoint::from_point(link.r.point - setup.offset(j, e_star));
            }
            setup.verify(&proof, &setup.statement(&honest), &ch)
        });
        assert_only_at(&accepted, &degenerate, &[e_star], &format!("trial {trial}"));
    }
}
