//! Zero-knowledge Merkle membership: a proof that the value committed in a
//! Pedersen commitment `V = x·B + γ·B̃` is a leaf of the Merkle tree with a
//! public root, without revealing which leaf (Blockstream's application of
//! Table 3: set membership for sets of millions or billions of elements).
//!
//! **Statement.** Public, all of it the verifier's: the group `G`, the
//! depth `d`, the root `ρ ∈ 𝔽`, the commitment `V`. The prover knows
//! `x, γ`, siblings `σ_0 … σ_{d−1}` and position bits `p_0 … p_{d−1}` with
//! `V = x·B + γ·B̃`, `x ≠ 0` (empty positions hold 0, which is never a
//! member) and
//!
//! ```text
//!     x_0 = x,   x_{i+1} = N_i(p_i ? (σ_i, x_i) : (x_i, σ_i)),   x_d = ρ
//!     N_i(ℓ, r) = y(H_{D_i}(bits_{|F|}(ℓ) ‖ bits_{|F|}(r))),   D_i = "ballistic/merkle/v2/level" ‖ i
//! ```
//!
//! (`i` as one byte, `0 ≤ i < 64`) with the Pedersen hash `H_D` over the
//! group's embedded curve ([`PedersenHash`]). Empty positions
//! hold the leaf `0`; the empty subtree of height `i` has root `E_i`
//! (`E_0 = 0`, `E_{i+1} = N_i(E_i, E_i)`), so a tree of depth 32 with a
//! thousand leaves is built with about a thousand hashes.
//!
//! **Levels are separated.** Each level hashes with its own generators
//! (its own personalization `D_i`, as Zcash Sapling personalizes its
//! Merkle hash by layer). With one hash `N` for every level (version 1), a
//! node `z` at level `k` of a depth-`d` tree was a leaf of the depth-`(d−k)`
//! tree over the level-`k` nodes, with the same root: anyone could prove
//! "membership" of a value that is no leaf, from public data, if the
//! verifier accepted the depth from the prover. Now the depth is the
//! verifier's input ([`MerkleParams`]), the transcript binds it, and a node
//! of level `k ≥ 1` is `N_{k−1}(…)` while a shallower tree's root over the
//! same nodes would be `N_{d−k−1}(…)` computed from `N_0` up: equal outputs
//! under different personalizations are a discrete-logarithm relation
//! among independent generators. Roots of version 2 differ from version 1's
//! (`MERKLE_LABEL`); trees built by earlier releases must be rebuilt.
//!
//! **Proof.** An R1CS proof (paper Protocol 3) of the circuit
//! [`crate::circuit::gadgets::merkle::membership`] with `x` as its one
//! committed value and the root a public constant of the last constraint.
//! The transcript binds a domain label, the depth, the root and `V` (and,
//! through the constraint digest, the whole circuit). Because the leaf is
//! a Pedersen commitment on the same generators as range proofs, the same
//! `V` can also be shown to lie in a range.
//!
//! **Cost.** Per level, on ristretto255: 1 position bit, 1 swap gate, 506
//! node bits and the hash of 506 bits (169 chunks: 338 lookup gates, 504
//! addition gates) = 1,350 gates (1,366 on secp256k1), plus one gate that
//! keeps the leaf non-zero (empty positions hold 0). Depth 32 is 43,201
//! gates, padded to 65,536.
//!
//! **Constant time.** The prover's arithmetic on the leaf, the siblings
//! and the position is constant time. [`MerkleTree::path`] reads the tree
//! at the leaf's index (memory access depends on it): call it where the
//! index is not secret from the machine, or keep the path yourself.

use alloc::vec::Vec;
use alloc::{format, vec};

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::ConstantTimeEq;

use crate::circuit::gadgets::merkle::{membership, PathWitness};
use crate::circuit::{LinearCombination, PreparedSystem, Prover, R1csClaim, R1csProof, Verifier};
use crate::embedded::field_bits;
use crate::embedded::pedersen::PedersenHash;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};

/// The groups Merkle membership runs on (those with an embedded curve).
pub use crate::embedded::WithEmbeddedCurve;

/// The Pedersen-hash personalization of tree nodes, before the level:
/// level `i` hashes under `MERKLE_LABEL ‖ [i]` (version 2; version 1 had
/// one label `"ballistic/merkle/v1"` for every level).
pub const MERKLE_LABEL: &[u8] = b"ballistic/merkle/v2/level";

/// The transcript's domain separator of membership proofs (version 2:
/// per-level hashes).
pub const MEMBERSHIP_DOMAIN: &[u8] = b"ballistic merkle membership v2";

/// Largest supported depth (leaf indices are `u64`).
pub const MAX_DEPTH: usize = 64;

/// The personalization `D_i` of level `i`'s node hash.
pub fn level_label(level: usize) -> Vec<u8> {
    let mut label = MERKLE_LABEL.to_vec();
    label.push(level as u8);
    label
}

/// Hash parameters (one per level) and empty-subtree roots for trees of
/// one depth: the verifier's statement of the depth.
#[derive(Clone, Debug)]
pub struct MerkleParams<G: WithEmbeddedCurve> {
    depth: usize,
    /// `H_{D_0} … H_{D_{d−1}}`.
    hashes: Vec<PedersenHash<G::Curve>>,
    empty: Vec<G::Scalar>,
}

impl<G: WithEmbeddedCurve> MerkleParams<G> {
    /// Parameters for trees of `depth` levels (`1..=64`).
    pub fn new(depth: usize) -> Result<Self, ProofError> {
        if depth == 0 || depth > MAX_DEPTH {
            return Err(ProofError::Gadget { message: format!("Merkle depth {depth} is outside 1..={MAX_DEPTH}") });
        }
        let bits = 2 * field_bits::<G::Scalar>();
        let hashes = (0..depth).map(|i| PedersenHash::new(&level_label(i), bits)).collect::<Result<Vec<_>, _>>()?;
        let mut empty = vec![G::Scalar::zero()];
        for (i, hash) in hashes.iter().enumerate() {
            let e = empty.get(i).copied().unwrap_or_default();
            empty.push(node_hash::<G>(hash, &e, &e)?);
        }
        Ok(MerkleParams { depth, hashes, empty })
    }

    /// `d`.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The node hash of level `level`: `N_level(ℓ, r)` (the parent of
    /// two nodes at height `level`; leaves are at height 0).
    pub fn hash_pair(&self, level: usize, left: &G::Scalar, right: &G::Scalar) -> Result<G::Scalar, ProofError> {
        node_hash::<G>(self.level_hash(level)?, left, right)
    }

    /// The root `E_height` of an empty subtree of `height` levels
    /// (`0 ..= d`).
    pub fn empty_root(&self, height: usize) -> Result<G::Scalar, ProofError> {
        self.empty.get(height).copied().ok_or_else(|| ProofError::Gadget {
            message: format!("no empty subtree of height {height} in a tree of depth {}", self.depth),
        })
    }

    fn level_hash(&self, level: usize) -> Result<&PedersenHash<G::Curve>, ProofError> {
        self.hashes.get(level).ok_or_else(|| ProofError::Gadget {
            message: format!("no level {level} in a tree of depth {}", self.depth),
        })
    }

    /// Multiplication gates of the membership circuit (before padding).
    pub fn gates(&self) -> usize {
        let nb = field_bits::<G::Scalar>();
        let chunks = (2 * nb).div_ceil(3);
        // One gate for the non-zero leaf, then per level: the position bit,
        // the swap, the node bits and the hash.
        1 + self.depth * (2 + 2 * nb + 2 * chunks + 3 * (chunks - 1))
    }

    /// Generators per chain a proof needs: [`gates`](Self::gates) padded
    /// to a power of two.
    pub fn generators_needed(&self) -> usize {
        self.gates().next_power_of_two()
    }
}

fn node_bits<S: ScalarOps>(left: &S, right: &S) -> Vec<bool> {
    let nb = field_bits::<S>();
    let mut bits = Vec::with_capacity(2 * nb);
    for v in [left, right] {
        let bytes = v.to_bytes();
        bits.extend((0..nb).map(|i| bytes.get(i / 8).is_some_and(|b| (b >> (i % 8)) & 1 == 1)));
    }
    bits
}

fn node_hash<G: WithEmbeddedCurve>(
    hash: &PedersenHash<G::Curve>,
    left: &G::Scalar,
    right: &G::Scalar,
) -> Result<G::Scalar, ProofError> {
    Ok(hash.hash_vartime(&node_bits(left, right))?.y)
}

/// A Merkle tree over public leaves (field elements), stored level by
/// level up to the last non-empty node.
#[derive(Clone, Debug)]
pub struct MerkleTree<G: WithEmbeddedCurve> {
    levels: Vec<Vec<G::Scalar>>,
    root: G::Scalar,
    depth: usize,
}

impl<G: WithEmbeddedCurve> MerkleTree<G> {
    /// Build the tree of `params.depth()` levels whose first leaves are
    /// `leaves` (the rest are empty). Hashes each level in lock step.
    pub fn new(params: &MerkleParams<G>, leaves: Vec<G::Scalar>) -> Result<Self, ProofError> {
        if leaves.is_empty() || (leaves.len() as u128) > (1u128 << params.depth) {
            return Err(ProofError::Gadget {
                message: format!("{} leaves do not fit a tree of depth {} (1 ..= 2^depth)", leaves.len(), params.depth),
            });
        }
        if let Some(index) = leaves.iter().position(ScalarOps::is_zero) {
            return Err(ProofError::Gadget {
                message: format!("leaf #{index} is zero (0 marks empty positions and is never a member)"),
            });
        }
        let mut levels = vec![leaves];
        for level in 0..params.depth {
            let below = levels.last().map(Vec::as_slice).unwrap_or_default();
            let empty = params.empty.get(level).copied().unwrap_or_default();
            let mut next = Vec::with_capacity(below.len().div_ceil(2));
            // Batches of 1,024 pairs bound the bit vectors' memory.
            for batch in below.chunks(2 * 1024) {
                let messages: Vec<Vec<bool>> = batch
                    .chunks(2)
                    .map(|pair| {
                        let l = pair.first().copied().unwrap_or_default();
                        let r = pair.get(1).copied().unwrap_or(empty);
                        node_bits(&l, &r)
                    })
                    .collect();
                next.extend(params.level_hash(level)?.hash_many_vartime(&messages)?.into_iter().map(|p| p.y));
            }
            levels.push(next);
        }
        let root = levels.last().and_then(|l| l.first().copied()).unwrap_or_default();
        Ok(MerkleTree { levels, root, depth: params.depth })
    }

    /// The root `ρ`.
    pub fn root(&self) -> G::Scalar {
        self.root
    }

    /// Number of leaves given.
    pub fn len(&self) -> usize {
        self.levels.first().map_or(0, Vec::len)
    }

    /// Whether the tree has no leaves (never: [`new`](Self::new) refuses).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The leaves given.
    pub fn leaves(&self) -> &[G::Scalar] {
        self.levels.first().map(Vec::as_slice).unwrap_or_default()
    }

    /// The path of leaf `index` (see the module documentation on constant
    /// time).
    pub fn path(&self, params: &MerkleParams<G>, index: u64) -> Result<MerklePath<G::Scalar>, ProofError> {
        if index >= self.len() as u64 || params.depth != self.depth {
            return Err(ProofError::Gadget { message: format!("no leaf {index} in a tree of {} leaves", self.len()) });
        }
        let mut siblings = Vec::with_capacity(self.depth);
        let mut i = index as usize;
        for (level, nodes) in self.levels.iter().take(self.depth).enumerate() {
            let empty = params.empty.get(level).copied().unwrap_or_default();
            siblings.push(nodes.get(i ^ 1).copied().unwrap_or(empty));
            i >>= 1;
        }
        Ok(MerklePath { index, siblings })
    }
}

/// A leaf's position and siblings (secret to the prover).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerklePath<S: ScalarOps> {
    /// The leaf's index.
    pub index: u64,
    /// Siblings from the leaf up.
    pub siblings: Vec<S>,
}

impl<S: ScalarOps> Drop for MerklePath<S> {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.index);
        self.siblings.iter_mut().for_each(zeroize::Zeroize::zeroize);
    }
}

impl<S: ScalarOps> MerklePath<S> {
    /// The root this path leads to from `leaf` (public data, variable
    /// time).
    pub fn root<G: WithEmbeddedCurve<Scalar = S>>(&self, params: &MerkleParams<G>, leaf: &S) -> Result<S, ProofError> {
        let mut node = *leaf;
        for (level, sib) in self.siblings.iter().enumerate() {
            node = if (self.index >> level) & 1 == 1 {
                params.hash_pair(level, sib, &node)?
            } else {
                params.hash_pair(level, &node, sib)?
            };
        }
        Ok(node)
    }
}

/// A membership proof: an R1CS proof of the membership circuit.
#[derive(Clone, Debug)]
pub struct MembershipProof<G: Group> {
    /// The circuit proof.
    pub r1cs: R1csProof<G>,
}

impl<G: Group> MembershipProof<G> {
    /// The proof's bytes (those of its R1CS proof).
    pub fn to_bytes(&self) -> Vec<u8> {
        self.r1cs.to_bytes()
    }

    /// Decode (strict: canonical scalars and points, exact length).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        Ok(MembershipProof { r1cs: R1csProof::from_bytes(bytes)? })
    }
}

fn bind_statement<G: Group>(transcript: &mut Transcript, depth: usize, root: &G::Scalar) {
    transcript.append_message(b"dom-sep", MEMBERSHIP_DOMAIN);
    transcript.append_u64(b"depth", depth as u64);
    transcript.append_message(b"root", &root.to_bytes());
}

/// Prove that `leaf` (committed with `blinding`) is at `path` in the tree
/// with root `root`; returns the proof and the commitment `V`. Fails with
/// [`ProofError::Unsatisfied`] if the path does not lead to the root.
#[allow(clippy::too_many_arguments)]
pub fn prove_membership<G: WithEmbeddedCurve, R: RngCore + CryptoRng>(
    gens: &Generators<G>,
    params: &MerkleParams<G>,
    mut transcript: Transcript,
    root: &G::Scalar,
    leaf: &G::Scalar,
    blinding: &G::Scalar,
    path: &MerklePath<G::Scalar>,
    rng: &mut R,
) -> Result<(MembershipProof<G>, G::Compressed), ProofError> {
    let (_bp_gens, _pc_gens) = (gens.vector(), gens.pedersen());
    if path.siblings.len() != params.depth {
        return Err(ProofError::Gadget {
            message: format!("path of {} levels for a tree of depth {}", path.siblings.len(), params.depth),
        });
    }
    // A zero blinding makes V = x·B, which names the leaf (the leaves are
    // public) and so its position; only this verdict is revealed.
    let zero_blinding = blinding.ct_eq(&G::Scalar::zero());
    if crate::ct::reveal(bool::from(zero_blinding)) {
        return Err(ProofError::Gadget { message: "zero blinding (V = x·B would name the leaf)".into() });
    }
    bind_statement::<G>(&mut transcript, params.depth, root);
    let mut prover = Prover::new(gens, transcript);
    let (commitment, var) = prover.commit(*leaf, *blinding);
    let witness = PathWitness {
        leaf: *leaf,
        siblings: path.siblings.clone(),
        positions: (0..params.depth)
            .map(|i| {
                let bit = ((path.index >> i) & 1) as u8;
                <G::Scalar as ScalarOps>::from_u64(u64::from(bit))
            })
            .collect(),
    };
    let top = membership(&mut prover, &params.hashes, var.into(), Some(&witness))?;
    crate::circuit::ConstraintSystem::constrain(&mut prover, top - *root);
    let proof = prover.prove_with_rng(rng)?;
    Ok((MembershipProof { r1cs: proof }, commitment))
}

/// The membership circuit of one depth, built once on the verifier's side
/// ([`PreparedSystem`]): each statement (transcript, root, commitment)
/// adds only its root row, so verifying a proof, or adding one to a batch,
/// costs no gadget run.
#[derive(Clone, Debug)]
pub struct PreparedMembership<G: WithEmbeddedCurve> {
    depth: usize,
    system: PreparedSystem<G>,
    /// The root the circuit computes, as a combination of its variables.
    top: LinearCombination<G::Scalar>,
}

impl<G: WithEmbeddedCurve> PreparedMembership<G> {
    /// Build the circuit of `params`' depth.
    pub fn new(params: &MerkleParams<G>) -> Result<Self, ProofError> {
        // The transcript and the commitment play no part in the shared rows.
        let mut verifier = Verifier::<G>::new(Transcript::new(b"ballistic prepare"));
        let var = verifier.commit(G::compress(&G::basepoint()));
        let top = membership::<G::Curve, _>(&mut verifier, &params.hashes, var.into(), None)?;
        Ok(PreparedMembership { depth: params.depth, system: verifier.prepare()?, top })
    }

    /// The depth `d` the circuit is for (the verifier's).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The verifier for the statement "`commitment` opens to a leaf of the
    /// tree with root `root`", ready to check a proof or to join a batch
    /// ([`R1csClaim`]).
    pub fn verifier(
        &self,
        mut transcript: Transcript,
        root: &G::Scalar,
        commitment: &G::Compressed,
    ) -> Result<Verifier<G>, ProofError> {
        bind_statement::<G>(&mut transcript, self.depth, root);
        let mut verifier = self.system.verifier(transcript, &[*commitment])?;
        crate::circuit::ConstraintSystem::constrain(&mut verifier, self.top.clone() - *root);
        Ok(verifier)
    }

    /// Verify a membership proof.
    pub fn verify<R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        transcript: Transcript,
        root: &G::Scalar,
        commitment: &G::Compressed,
        proof: &MembershipProof<G>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verifier(transcript, root, commitment)?.verify_with_rng(gens, &proof.r1cs, rng)
    }

    /// A membership proof as a batch claim (see [`crate::batch`]).
    pub fn claim<R: RngCore + CryptoRng>(
        &self,
        transcript: Transcript,
        root: &G::Scalar,
        commitment: &G::Compressed,
        proof: &MembershipProof<G>,
        rng: &mut R,
    ) -> Result<R1csClaim<G>, ProofError> {
        Ok(R1csClaim::new(self.verifier(transcript, root, commitment)?, &proof.r1cs, rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Ristretto255, Secp256k1};

    /// `gates` sizes every membership proof's generators (prover's and
    /// verifier's alike): it must be the circuit's own count of
    /// multiplication gates, not an estimate.
    fn gates_counts_the_circuit<G: WithEmbeddedCurve>() {
        for depth in 1..=3 {
            let params = MerkleParams::<G>::new(depth).expect("depth");
            let prepared = PreparedMembership::new(&params).expect("circuit");
            assert_eq!(params.gates(), prepared.system.metrics().multipliers, "{} depth {depth}", G::NAME);
        }
    }

    /// A tree holds what it was given; an empty or overfull one is refused.
    #[test]
    fn tree_size_accessors() {
        let params = MerkleParams::<Ristretto255>::new(2).expect("depth");
        let leaves: Vec<_> = (1..=3u64).map(<Ristretto255 as Group>::Scalar::from_u64).collect();
        let tree = MerkleTree::new(&params, leaves.clone()).expect("tree");
        assert_eq!((tree.len(), tree.is_empty(), tree.leaves()), (3, false, &leaves[..]));
        assert!(MerkleTree::new(&params, Vec::new()).is_err());
        let five: Vec<_> = (1..=5u64).map(<Ristretto255 as Group>::Scalar::from_u64).collect();
        assert!(MerkleTree::new(&params, five).is_err());
    }

    #[test]
    fn gates_counts_the_circuit_on_both_groups() {
        gates_counts_the_circuit::<Ristretto255>();
        gates_counts_the_circuit::<Secp256k1>();
    }
}
