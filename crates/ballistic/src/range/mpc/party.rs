//! A party: one secret value and blinding, chunk `j` of the aggregated
//! statement (entries `k = j·n + i`, generators of chain `j`), proving its
//! chunk's part of the relation of `range::bulletproofs::algebra`:
//! `A_j, S_j` → `(y, z)` → `T_{1,j}, T_{2,j}` → `x` → `(t̂_j, τ_{x,j}, μ_j,
//! 𝐥_j(x), 𝐫_j(x))` (paper §4.5). The state types own the value, the
//! blinding and the chunk's witness, all on the heap.

use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConstantTimeGreater};

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::MpcError;
use crate::ct::declassify;
use crate::encoding::ProofPoint;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::generators::PedersenGens;
use crate::group::{Group, ScalarOps};
use crate::poly::pow;
use crate::range::bulletproofs::algebra::{secret, Bases, BitWitness, PolyWitness, Secret};
use crate::range::{RangeShape, MAX_VALUES};

/// Entry point of a party.
pub struct Party;

impl Party {
    /// A party proving `v ∈ [0, 2^n)` for `V = v·B + γ·B̃`.
    #[allow(clippy::new_ret_no_self)] // `Party`/`Dealer` name the protocol role; `new` starts its first state
    pub fn new<G: Group>(
        gens: &Generators<G>,
        v: u64,
        v_blinding: G::Scalar,
        n: usize,
    ) -> Result<PartyAwaitingPosition<G>, MpcError> {
        let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
        let shape = RangeShape::new(n, 1)?;
        if bp_gens.gens_capacity() < n {
            return Err(ProofError::InsufficientGenerators { parties_needed: 1, per_party_needed: n }.into());
        }
        let mut out_of_range = v.ct_gt(&shape.max_value()).unwrap_u8();
        declassify(&out_of_range);
        if core::hint::black_box(&mut out_of_range) != &0 {
            return Err(ProofError::ValueOutOfRange { index: 0, bits: n }.into());
        }
        let v_blinding = secret(v_blinding);
        let v_commit = ProofPoint::<G>::from_point(pc_gens.commit(&G::Scalar::from_u64(v), &v_blinding));
        declassify(&v_commit);
        Ok(PartyAwaitingPosition { gens: gens.clone(), n, v: secret(v), v_blinding, v_commit })
    }
}

/// A party that knows its secrets and waits for its position `j`.
pub struct PartyAwaitingPosition<G: Group> {
    gens: Generators<G>,
    n: usize,
    v: Secret<u64>,
    v_blinding: Secret<G::Scalar>,
    v_commit: ProofPoint<G>,
}

impl<G: Group> PartyAwaitingPosition<G> {
    /// Take position `j` (generators of chain `j`) and commit to the bits
    /// (OS RNG; `std` feature). `j` must be below [`MAX_VALUES`] and the generators'
    /// party capacity; the caller checks `j < m` for its statement.
    #[cfg(feature = "std")]
    pub fn assign_position(self, j: usize) -> Result<(PartyAwaitingBitChallenge<G>, BitCommitment<G>), MpcError> {
        self.assign_position_with_rng(j, &mut rand_core::OsRng)
    }

    /// [`assign_position`](Self::assign_position) with the caller's RNG.
    pub fn assign_position_with_rng<R: RngCore + CryptoRng>(
        self,
        j: usize,
        rng: &mut R,
    ) -> Result<(PartyAwaitingBitChallenge<G>, BitCommitment<G>), MpcError> {
        let n = self.n;
        // A statement has at most `MAX_VALUES` parties, whatever the
        // generators' capacity: positions beyond it belong to no statement.
        if j >= MAX_VALUES {
            return Err(MpcError::InvalidPosition { position: j });
        }
        let (Some(g_chain), Some(h_chain)) =
            (self.gens.vector().g_chains().get(j), self.gens.vector().h_chains().get(j))
        else {
            return Err(MpcError::InvalidPosition { position: j });
        };
        let (Some(g), Some(h)) = (g_chain.get(..n), h_chain.get(..n)) else {
            return Err(MpcError::InvalidPosition { position: j });
        };
        let bit = |i: usize| Choice::from(((*self.v >> i) & 1) as u8);
        let (g, h): (Vec<&G::Point>, Vec<&G::Point>) = (g.iter().collect(), h.iter().collect());
        let (witness, a, s) = BitWitness::commit(
            self.gens.pedersen(),
            Bases { g: &g, h: &h, chains: Some((self.gens.vector(), n, j)) },
            bit,
            &G::Scalar::zero(),
            rng,
        );
        let commitment = BitCommitment { v: self.v_commit, a, s };
        let next =
            PartyAwaitingBitChallenge { pc_gens: *self.gens.pedersen(), n, j, v_blinding: self.v_blinding, witness };
        Ok((next, commitment))
    }
}

/// A party that committed to its bits and waits for `y, z`.
pub struct PartyAwaitingBitChallenge<G: Group> {
    pc_gens: PedersenGens<G>,
    n: usize,
    j: usize,
    v_blinding: Secret<G::Scalar>,
    /// The bits and `α, ρ, 𝐬_L, 𝐬_R`.
    witness: BitWitness<G>,
}

impl<G: Group> PartyAwaitingBitChallenge<G> {
    /// Take `y, z` and commit to `t₁, t₂` (OS RNG; `std` feature).
    #[cfg(feature = "std")]
    pub fn apply_challenge(
        self,
        challenge: &BitChallenge<G>,
    ) -> Result<(PartyAwaitingPolyChallenge<G>, PolyCommitment<G>), MpcError> {
        self.apply_challenge_with_rng(challenge, &mut rand_core::OsRng)
    }

    /// [`apply_challenge`](Self::apply_challenge) with the caller's RNG.
    pub fn apply_challenge_with_rng<R: RngCore + CryptoRng>(
        self,
        challenge: &BitChallenge<G>,
        rng: &mut R,
    ) -> Result<(PartyAwaitingPolyChallenge<G>, PolyCommitment<G>), MpcError> {
        let (y, z) = (challenge.y, challenge.z);
        if y.is_zero() || z.is_zero() {
            return Err(MpcError::ZeroChallenge);
        }
        if y == z {
            return Err(MpcError::RepeatedChallenge);
        }
        let n = self.n;
        // Chunk j: positions j·n + i, so y^{jn}, and d_i = z^{2+j}·2^i.
        let y_offset = pow(y, (self.j * n) as u64);
        let z_j = pow(z, 2 + self.j as u64);
        let d = core::iter::successors(Some(z_j), |d: &G::Scalar| Some(*d + *d)).take(n);
        let (witness, t_1, t_2) = self.witness.commit_poly(&self.pc_gens, y, z, y_offset, d, rng);
        let next = PartyAwaitingPolyChallenge { y, z, z_j, v_blinding: self.v_blinding, witness };
        Ok((next, PolyCommitment { t_1, t_2 }))
    }
}

/// A party that committed to its polynomial and waits for `x`.
pub struct PartyAwaitingPolyChallenge<G: Group> {
    y: G::Scalar,
    z: G::Scalar,
    z_j: G::Scalar,
    v_blinding: Secret<G::Scalar>,
    /// `𝐥(X)`, `𝐫(X)`, `t(X)`, `τ₁, τ₂`, `α, ρ`.
    witness: PolyWitness<G>,
}

impl<G: Group> PartyAwaitingPolyChallenge<G> {
    /// Take `x` and compute this party's share of the proof.
    pub fn apply_challenge(self, challenge: &PolyChallenge<G>) -> Result<ProofShare<G>, MpcError> {
        let x = challenge.x;
        if x.is_zero() {
            return Err(MpcError::ZeroChallenge);
        }
        if x == self.y || x == self.z {
            return Err(MpcError::RepeatedChallenge);
        }
        Ok(self.witness.share(x, core::iter::once((self.z_j, &*self.v_blinding))).into())
    }
}
