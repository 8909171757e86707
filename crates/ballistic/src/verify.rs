//! The verification engine: every verifier is one multiscalar multiplication.
//!
//! A verifier does not check its equations one by one. It turns a proof into
//! *terms* of a single equation `Σ sᵢ·Pᵢ = 𝟙` and adds them to a
//! [`MsmAccumulator`]:
//!
//! * scalars on the fixed generators — `B`, `B̃`, and each vector generator
//!   `G^{(j)}_i`, `H^{(j)}_i` addressed by (chain `j`, position `i`) — are
//!   *summed per generator*, so proofs that share generators share their
//!   cost;
//! * the proof's own points (commitments, `A`, `S`, `T₁`, `T₂`, `L_k`, `R_k`)
//!   come as (scalar, point) pairs.
//!
//! Each proof's terms are scaled by an independent random weight before they
//! are added (for a single proof the weight may be 1): if any proof's
//! equation fails, the sum is the identity with probability at most `1/ℓ`
//! over the weights. Verifying one proof is a batch of one.

use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{Group, ScalarOps};

/// Accumulated terms of one multiscalar-multiplication equation.
#[derive(Clone, Debug)]
pub struct MsmAccumulator<G: Group> {
    b: G::Scalar,
    b_blinding: G::Scalar,
    /// `g[j][i]` is the scalar on chain `j`'s `i`-th `G` generator.
    g: Vec<Vec<G::Scalar>>,
    h: Vec<Vec<G::Scalar>>,
    scalars: Vec<G::Scalar>,
    points: Vec<G::Point>,
}

impl<G: Group> Default for MsmAccumulator<G> {
    fn default() -> Self {
        Self::new()
    }
}

fn slot<S: ScalarOps>(table: &mut Vec<Vec<S>>, party: usize, index: usize) -> &mut S {
    if table.len() <= party {
        table.resize_with(party + 1, Vec::new);
    }
    let chain = &mut table[party];
    if chain.len() <= index {
        chain.resize(index + 1, S::zero());
    }
    &mut chain[index]
}

impl<G: Group> MsmAccumulator<G> {
    /// An empty equation.
    pub fn new() -> Self {
        MsmAccumulator {
            b: G::Scalar::zero(),
            b_blinding: G::Scalar::zero(),
            g: Vec::new(),
            h: Vec::new(),
            scalars: Vec::new(),
            points: Vec::new(),
        }
    }

    /// Add `s·B`.
    pub fn add_b(&mut self, s: G::Scalar) {
        self.b += s;
    }

    /// Add `s·B̃`.
    pub fn add_b_blinding(&mut self, s: G::Scalar) {
        self.b_blinding += s;
    }

    /// Add `Σ_k s_k·G_k` over the layout with chunk size `n` (entry `k` is
    /// chain `⌊k/n⌋`, position `k mod n`; see [`crate::generators`]).
    pub fn add_g_layout(&mut self, n: usize, scalars: impl IntoIterator<Item = G::Scalar>) {
        add_layout(&mut self.g, n, scalars)
    }

    /// Add `Σ_k s_k·H_k` over the layout with chunk size `n`.
    pub fn add_h_layout(&mut self, n: usize, scalars: impl IntoIterator<Item = G::Scalar>) {
        add_layout(&mut self.h, n, scalars)
    }

    /// Add `s·P` for a point that is not a fixed generator.
    pub fn add_point(&mut self, s: G::Scalar, p: G::Point) {
        self.scalars.push(s);
        self.points.push(p);
    }

    /// Add every term of `other`, scaled by `weight`.
    pub fn add_scaled(&mut self, other: &MsmAccumulator<G>, weight: G::Scalar) {
        self.b += weight * other.b;
        self.b_blinding += weight * other.b_blinding;
        for (mine, theirs) in [(&mut self.g, &other.g), (&mut self.h, &other.h)] {
            for (j, chain) in theirs.iter().enumerate() {
                for (i, s) in chain.iter().enumerate() {
                    *slot(mine, j, i) += weight * *s;
                }
            }
        }
        self.scalars.extend(other.scalars.iter().map(|s| weight * *s));
        self.points.extend_from_slice(&other.points);
    }

    /// Number of terms the final multiscalar multiplication will have.
    pub fn num_terms(&self) -> usize {
        2 + self.g.iter().map(Vec::len).sum::<usize>() + self.h.iter().map(Vec::len).sum::<usize>() + self.points.len()
    }

    /// Evaluate the equation: does the sum of all terms equal the identity?
    pub fn is_identity(&self, bp_gens: &BulletproofGens<G>, pc_gens: &PedersenGens<G>) -> Result<bool, ProofError> {
        let parties = self.g.len().max(self.h.len());
        let per_party = self.g.iter().chain(&self.h).map(Vec::len).max().unwrap_or(0);
        if parties > bp_gens.party_capacity() || per_party > bp_gens.gens_capacity() {
            return Err(ProofError::InsufficientGenerators { parties_needed: parties, per_party_needed: per_party });
        }
        let mut scalars = Vec::with_capacity(self.num_terms());
        let mut points = Vec::with_capacity(self.num_terms());
        scalars.push(self.b);
        points.push(pc_gens.b);
        scalars.push(self.b_blinding);
        points.push(pc_gens.b_blinding);
        for (table, gens) in [(&self.g, bp_gens.g_chains()), (&self.h, bp_gens.h_chains())] {
            for (chain, gens_chain) in table.iter().zip(gens) {
                scalars.extend_from_slice(chain);
                points.extend(gens_chain.iter().take(chain.len()));
            }
        }
        scalars.extend_from_slice(&self.scalars);
        points.extend_from_slice(&self.points);
        Ok(G::is_identity_vartime(&G::msm_vartime(scalars.iter(), points.iter())))
    }

    /// Evaluate and turn a non-identity sum into [`ProofError::VerificationFailed`].
    pub fn verify(&self, bp_gens: &BulletproofGens<G>, pc_gens: &PedersenGens<G>) -> Result<(), ProofError> {
        if self.is_identity(bp_gens, pc_gens)? {
            Ok(())
        } else {
            Err(ProofError::VerificationFailed)
        }
    }
}

fn add_layout<S: ScalarOps>(table: &mut Vec<Vec<S>>, n: usize, scalars: impl IntoIterator<Item = S>) {
    let n = n.max(1);
    for (k, s) in scalars.into_iter().enumerate() {
        *slot(table, k / n, k % n) += s;
    }
}
