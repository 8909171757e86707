//! Multi-asset range proofs (Confidential Assets): one aggregated proof
//! over commitments whose values sit on **different value generators**.
//!
//! **Statement.** Public: the blinding base `B̃`, vector bases `𝐆, 𝐇`, and
//! for each output `j < m` a value generator `H_j` (its asset tag, possibly
//! blinded: `H_j = A_j + r_j·B̃` with `A_j` an [`asset_generator`]) and a
//! commitment `V_j`. The prover knows `v_j, γ_j` with
//!
//! ```text
//!   V_j = v_j·H_j + γ_j·B̃   and   v_j ∈ [0, 2^n)   for every j.
//! ```
//!
//! This is Poelstra's open problem ("Bulletproof aggregation is not
//! compatible with Confidential Assets"): every aggregated range proof
//! checks one scalar `t̂` (Bulletproofs) or one weighted inner product
//! (Bulletproofs+, Bulletproofs++) on a *single* value generator, which
//! mixes all outputs' values. Two constructions are here:
//!
//! * [`MultiAssetRangeProof`] (**native**, Bulletproofs): the polynomial
//!   `t(X)` is split per output, each output's part committed on its own
//!   generator; `(m − 1)·(2 points + 1 scalar)` more than an aggregated
//!   single-asset proof (96 bytes per extra output on 32-byte groups).
//! * [`RecommittedRangeProof`] (**re-commitment**, any system): each `V_j`
//!   is re-committed on the common generator `B` as `V'_j = v_j·B + γ'_j·B̃`
//!   with a Σ-protocol proof that both open to the same `v_j`, and one
//!   ordinary aggregated range proof of any system covers the `V'_j`;
//!   `3 points + 3 scalars` per output (192 bytes). This is the simplest
//!   sound alternative, and the construction for Bulletproofs+ and
//!   Bulletproofs++, whose arguments fold every output's value into one
//!   scalar on one generator in their last round, so no per-output check
//!   survives to be put on `H_j`.
//!
//! Sizes for 64-bit values on a 32-byte group (bytes; `m` separate proofs
//! are `m` times the single size):
//!
//! | m | separate BP | native BP | recommitted BP | separate BP+ | recommitted BP+ | separate BP++ | recommitted BP++ |
//! |---|---|---|---|---|---|---|---|
//! | 1 | 672 | 672 | 864 | 576 | 768 | 416 | 608 |
//! | 2 | 1,344 | 832 | 1,120 | 1,152 | 1,024 | 832 | 864 |
//! | 4 | 2,688 | 1,088 | 1,568 | 2,304 | 1,472 | 1,664 | 1,312 |
//! | 8 | 5,376 | 1,536 | 2,400 | 4,608 | 2,304 | 3,328 | 2,112 |
//!
//! The native proof is smaller than `m` separate proofs from `m = 2`; the
//! re-commitment is, for Bulletproofs and Bulletproofs+, from `m = 2`, and
//! for Bulletproofs++ from `m = 4` (at `m = 2` it is 32 bytes larger: two
//! links cost 384 bytes, aggregation saves 352). A compact link (one shared
//! challenge instead of `R_j, R'_j`: 128 bytes per output plus 32) would be
//! smaller still, but its check recomputes `R_j, R'_j` outside the one
//! multiscalar multiplication; the links here stay batchable.
//!
//! (`tests/integration/assets.rs` checks these lengths; the benchmark
//! `scripts/bench --only assets` measures proving and verification against
//! the separate proofs, in `results/assets.md`.)
//!
//! **What a value generator must be.** Both constructions (and plain
//! Pedersen commitments) are binding only if nobody knows `log_{B̃} H_j`
//! (or a relation between the asset parts `A_j` and `B̃`, `𝐆`, `𝐇`): a prover
//! who knows `H_j = k·B̃` can open `V_j` to any value. Derive asset
//! generators with [`asset_generator`] (hash to the group) and blind them
//! with [`blinded_asset_generator`]; in a Confidential Assets system the
//! verifier learns that each output's tag is a blinding of a legitimate
//! input's tag from the asset surjection proof, which is outside this
//! module. The identity is refused as a generator. Outputs may share a
//! generator, and any generator may be `B` itself.
//!
//! **Batches.** Both proofs implement the verification contract
//! ([`crate::equation::Verifiable`]) with [`MultiAssetStatement`]: any
//! number of them, with any generators per output, verify together with
//! other proofs in one multiscalar multiplication ([`crate::batch::verify`]
//! with [`crate::batch::Item`]s), and a failing batch names the bad proofs.

mod native;
mod recommit;

pub use self::native::MultiAssetRangeProof;
pub use self::recommit::RecommittedRangeProof;

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use sha3::{Digest, Sha3_512};

use super::{RangeShape, RangeSystem};
use crate::equation::Verifiable;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::generators::PedersenGens;
use crate::group::Group;
use crate::{RangeProof, RangeProofPlus, RangeProofPlusPlus};

/// The asset generator `A = hash_to_point(SHA3-512("ballistic asset
/// generator v1" ‖ LE64 len ‖ asset_id))` of an asset named by `asset_id`:
/// nobody knows its discrete logarithm to any other generator.
pub fn asset_generator<G: Group>(asset_id: &[u8]) -> G::Point {
    let mut h = Sha3_512::new();
    h.update(b"ballistic asset generator v1");
    h.update((asset_id.len() as u64).to_le_bytes());
    h.update(asset_id);
    let mut uniform = [0u8; 64];
    uniform.copy_from_slice(&h.finalize());
    G::hash_to_point(&uniform)
}

/// A blinded asset tag `H = A + r·B̃` (Confidential Assets), in constant
/// time in `r`: outputs with the same asset and different `r` have
/// unlinkable generators.
pub fn blinded_asset_generator<G: Group>(gens: &Generators<G>, asset: &G::Point, blinding: &G::Scalar) -> G::Point {
    *asset + G::mul_ct(&gens.pedersen().b_blinding, blinding)
}

/// The public statement of a multi-asset range proof: `m` commitments
/// `V_j` and their value generators `H_j`, each value in `[0, 2^n)`. Built
/// once (shape validated, every point decoded, no generator the identity)
/// and checked against any number of proofs.
#[derive(Clone, Debug)]
pub struct MultiAssetStatement<G: Group> {
    shape: RangeShape,
    commitments: Vec<G::Compressed>,
    points: Vec<G::Point>,
    generators: Vec<G::Compressed>,
    generator_points: Vec<G::Point>,
}

impl<G: Group> MultiAssetStatement<G> {
    /// `commitments.len()` values of `n` bits, `commitments[j]` on
    /// `value_generators[j]`. Errors: an unsupported shape, a different
    /// number of generators ([`ProofError::WrongNumGenerators`]), a
    /// commitment that is not a point ([`ProofError::InvalidCommitment`]), a
    /// generator that is not a point or is the identity
    /// ([`ProofError::InvalidValueGenerator`]).
    pub fn new(
        n: usize,
        commitments: &[G::Compressed],
        value_generators: &[G::Compressed],
    ) -> Result<Self, ProofError> {
        let shape = RangeShape::new(n, commitments.len())?;
        if value_generators.len() != commitments.len() {
            return Err(ProofError::WrongNumGenerators {
                values: commitments.len(),
                generators: value_generators.len(),
            });
        }
        let points = commitments
            .iter()
            .enumerate()
            .map(|(index, c)| G::decompress(c).ok_or(ProofError::InvalidCommitment { index }))
            .collect::<Result<Vec<_>, _>>()?;
        let generator_points = value_generators
            .iter()
            .enumerate()
            .map(|(index, h)| {
                G::decompress(h)
                    .filter(|p| !G::is_identity_vartime(p))
                    .ok_or(ProofError::InvalidValueGenerator { index })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(MultiAssetStatement {
            shape,
            commitments: commitments.to_vec(),
            points,
            generators: value_generators.to_vec(),
            generator_points,
        })
    }

    /// The shape `(n, m)`.
    pub fn shape(&self) -> RangeShape {
        self.shape
    }

    /// The commitments `V_j`, as given.
    pub fn commitments(&self) -> &[G::Compressed] {
        &self.commitments
    }

    /// The value generators `H_j`, as given.
    pub fn value_generators(&self) -> &[G::Compressed] {
        &self.generators
    }

    /// Bind the statement: `H_j, V_j` for every output, in order (after the
    /// construction's domain separator, which carries `n` and `m`).
    fn append_to(&self, transcript: &mut merlin::Transcript) {
        use crate::transcript::TranscriptProtocol;
        for (h, v) in self.generators.iter().zip(&self.commitments) {
            transcript.append_point::<G>(b"H", h);
            transcript.append_point::<G>(b"V", v);
        }
    }
}

/// A prover's checked inputs: the shape, and every generator valid (not
/// the identity) — the same rules as [`MultiAssetStatement::new`].
fn check_prover_inputs<G: Group>(
    values: &[u64],
    blindings: &[G::Scalar],
    value_generators: &[G::Point],
    n: usize,
) -> Result<RangeShape, ProofError> {
    let shape = RangeShape::new(n, values.len())?;
    if blindings.len() != values.len() {
        return Err(ProofError::WrongNumBlindings { values: values.len(), blindings: blindings.len() });
    }
    if value_generators.len() != values.len() {
        return Err(ProofError::WrongNumGenerators { values: values.len(), generators: value_generators.len() });
    }
    if let Some(index) = value_generators.iter().position(G::is_identity_vartime) {
        return Err(ProofError::InvalidValueGenerator { index });
    }
    super::check_in_range(values, shape)?;
    Ok(shape)
}

/// `V_j = v_j·H_j + γ_j·B̃`, in constant time.
fn commit<G: Group>(value: u64, blinding: &G::Scalar, generator: &G::Point, pc_gens: &PedersenGens<G>) -> G::Point {
    use crate::group::ScalarOps;
    G::msm_ct(&[G::Scalar::from_u64(value), *blinding], &[*generator, pc_gens.b_blinding])
}

/// The multi-asset constructions, named at run time (bindings, files).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MultiAssetSystem {
    /// [`MultiAssetRangeProof`] (Bulletproofs).
    Native,
    /// [`RecommittedRangeProof`] over this range-proof system.
    Recommitted(RangeSystem),
}

impl MultiAssetSystem {
    /// Every construction, in a fixed order.
    pub const ALL: [MultiAssetSystem; 4] = [
        MultiAssetSystem::Native,
        MultiAssetSystem::Recommitted(RangeSystem::Bulletproofs),
        MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus),
        MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlusPlus),
    ];

    /// `"native"`, or `"recommitted-"` followed by the range system's name.
    pub fn name(self) -> &'static str {
        match self {
            MultiAssetSystem::Native => "native",
            MultiAssetSystem::Recommitted(RangeSystem::Bulletproofs) => "recommitted-bulletproofs",
            MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus) => "recommitted-bulletproofs-plus",
            MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlusPlus) => "recommitted-bulletproofs-plus-plus",
        }
    }

    /// The construction called `name`; `None` for any other string.
    pub fn from_name(name: &str) -> Option<Self> {
        MultiAssetSystem::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Generators a proof for `m` values of `n` bits needs: `(chains, per chain)`.
    pub fn generators_needed(self, n: usize, m: usize) -> Result<(usize, usize), ProofError> {
        match self {
            MultiAssetSystem::Native => RangeSystem::Bulletproofs.generators_needed(n, m),
            MultiAssetSystem::Recommitted(system) => system.generators_needed(n, m),
        }
    }

    /// The encoded length of a proof for `m` values of `n` bits.
    pub fn encoded_len<G: Group>(self, n: usize, m: usize) -> Result<usize, ProofError> {
        match self {
            MultiAssetSystem::Native => MultiAssetRangeProof::<G>::encoded_len(n, m),
            MultiAssetSystem::Recommitted(system) => RecommittedRangeProof::<G>::encoded_len(system, n, m),
        }
    }

    /// Strict decoding of a proof for `m` values of `n` bits.
    pub fn decode<G: Group>(self, bytes: &[u8], n: usize, m: usize) -> Result<MultiAssetProof<G>, ProofError> {
        Ok(match self {
            MultiAssetSystem::Native => MultiAssetProof::Native(MultiAssetRangeProof::from_bytes_for(bytes, n, m)?),
            MultiAssetSystem::Recommitted(system) => {
                MultiAssetProof::Recommitted(RecommittedRangeProof::from_bytes_for(system, bytes, n, m)?)
            }
        })
    }

    /// Prove with this construction (see [`MultiAssetRangeProof::prove_with_rng`]);
    /// returns the proof and the commitments.
    #[allow(clippy::too_many_arguments)]
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        value_generators: &[G::Point],
        n: usize,
        rng: &mut R,
    ) -> Result<(MultiAssetProof<G>, Vec<G::Compressed>), ProofError> {
        let (b, t, v, g) = (gens, transcript, values, value_generators);
        let recommitted = |r: Result<(RecommittedRangeProof<G>, Vec<G::Compressed>), ProofError>| {
            r.map(|(p, c)| (MultiAssetProof::Recommitted(p), c))
        };
        match self {
            MultiAssetSystem::Native => MultiAssetRangeProof::prove_with_rng(b, t, v, blindings, g, n, rng)
                .map(|(p, c)| (MultiAssetProof::Native(p), c)),
            MultiAssetSystem::Recommitted(RangeSystem::Bulletproofs) => {
                recommitted(RecommittedRangeProof::prove_with_rng::<RangeProof<G>, R>(b, t, v, blindings, g, n, rng))
            }
            MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus) => recommitted(
                RecommittedRangeProof::prove_with_rng::<RangeProofPlus<G>, R>(b, t, v, blindings, g, n, rng),
            ),
            MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlusPlus) => recommitted(
                RecommittedRangeProof::prove_with_rng::<RangeProofPlusPlus<G>, R>(b, t, v, blindings, g, n, rng),
            ),
        }
    }
}

/// A multi-asset proof of either construction, chosen at run time
/// (bindings, files, batches of mixed constructions).
#[derive(Clone, Debug)]
pub enum MultiAssetProof<G: Group> {
    /// [`MultiAssetRangeProof`] (Bulletproofs, generators per output).
    Native(MultiAssetRangeProof<G>),
    /// [`RecommittedRangeProof`] over any range-proof system.
    Recommitted(RecommittedRangeProof<G>),
}

impl<G: Group> MultiAssetProof<G> {
    /// Which construction (and range system) made it.
    pub fn system(&self) -> MultiAssetSystem {
        match self {
            MultiAssetProof::Native(_) => MultiAssetSystem::Native,
            MultiAssetProof::Recommitted(p) => MultiAssetSystem::Recommitted(p.system()),
        }
    }

    /// The proof's encoding.
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            MultiAssetProof::Native(p) => p.to_bytes(),
            MultiAssetProof::Recommitted(p) => p.to_bytes(),
        }
    }
}

impl<G: Group> Verifiable<G> for MultiAssetProof<G> {
    type Statement = MultiAssetStatement<G>;
    type Context = Transcript;

    fn add_terms(
        &self,
        statement: &MultiAssetStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        combine: G::Scalar,
        eq: &mut crate::equation::Equation<G>,
    ) -> Result<(), ProofError> {
        match self {
            MultiAssetProof::Native(p) => p.add_terms(statement, transcript, weight, combine, eq),
            MultiAssetProof::Recommitted(p) => p.add_terms(statement, transcript, weight, combine, eq),
        }
    }
}
