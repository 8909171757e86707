//! Zero-knowledge Merkle membership (depth 2), on every group.

use std::sync::Arc;

use ballistic::circuit::R1csProof;
use ballistic::errors::BatchError;
use ballistic::group::ScalarOps;
use ballistic::merkle::{self, MembershipProof, MerkleParams, MerkleTree, PreparedMembership, WithEmbeddedCurve};
use ballistic::{new_transcript, Ed25519, Generators, ProofError, Ristretto255, Secp256k1, Secq256k1};
use rand_chacha::ChaCha20Rng;

use super::r1cs::{batch_r1cs, r1cs_layout, r1cs_shape};
use super::range::commitment_mutations;
use super::{failed, gens, kind_tests, rng_for, shared, Expect, Flips, Kind, Layout, Mutation};

#[derive(Clone, Debug)]
pub struct MerkleDesc<G: WithEmbeddedCurve> {
    pub depth: usize,
    pub root: G::Scalar,
    /// The leaf's commitment (one; a vector for the shared mutations).
    pub commitments: Vec<G::Compressed>,
    pub label: Vec<u8>,
}

pub struct MerkleKind<G: WithEmbeddedCurve> {
    pub depth: usize,
    _group: core::marker::PhantomData<G>,
}

impl<G: WithEmbeddedCurve> MerkleKind<G> {
    pub fn new(depth: usize) -> Self {
        MerkleKind { depth, _group: core::marker::PhantomData }
    }

    /// The verifier's circuit for `depth`, built once.
    fn prepared(depth: usize) -> Result<Arc<PreparedMembership<G>>, ProofError> {
        let params = MerkleParams::<G>::new(depth)?;
        Ok(shared(&format!("merkle prepared {} {depth}", G::NAME), || PreparedMembership::new(&params).unwrap()))
    }

    /// Generators for this depth's proofs and for one level more (the
    /// statement mutations ask for both).
    fn gens(&self) -> Arc<Generators<G>> {
        gens::<G>(MerkleParams::<G>::new(self.depth + 1).unwrap().generators_needed(), 1)
    }

    fn rounds(depth: usize) -> usize {
        MerkleParams::<G>::new(depth).unwrap().generators_needed().trailing_zeros() as usize
    }

    /// The tree every instance proves membership in (and a second one).
    fn tree(&self, which: &str) -> (MerkleParams<G>, MerkleTree<G>) {
        let params = MerkleParams::<G>::new(self.depth).unwrap();
        let mut rng = rng_for(&self.name(), which);
        let leaves = (0..1usize << self.depth).map(|_| G::Scalar::random(&mut rng)).collect();
        let tree = MerkleTree::new(&params, leaves).unwrap();
        (params, tree)
    }
}

impl<G: WithEmbeddedCurve> Kind for MerkleKind<G> {
    type Desc = MerkleDesc<G>;
    type Proof = MembershipProof<G>;

    fn name(&self) -> String {
        format!("merkle membership {} depth={}", G::NAME, self.depth)
    }

    /// Membership proofs are the costly ones: three distinct (a batch of
    /// six repeats them).
    fn distinct(&self) -> usize {
        3
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (MerkleDesc<G>, Vec<u8>) {
        let (params, tree) = self.tree("leaves");
        let index = (i % tree.len()) as u64;
        let leaf = tree.leaves()[index as usize];
        let path = tree.path(&params, index).unwrap();
        let label = format!("conformance merkle {i}").into_bytes();
        let blinding = G::Scalar::random(rng);
        let root = tree.root();
        let (proof, commitment) = merkle::prove_membership(
            &self.gens(),
            &params,
            new_transcript(&label),
            &root,
            &leaf,
            &blinding,
            &path,
            rng,
        )
        .unwrap();
        (MerkleDesc { depth: self.depth, root, commitments: vec![commitment], label }, proof.to_bytes())
    }

    fn decode(&self, _: &MerkleDesc<G>, bytes: &[u8]) -> Result<MembershipProof<G>, ProofError> {
        MembershipProof::from_bytes(bytes)
    }

    fn encode(&self, p: &MembershipProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &MerkleDesc<G>, p: &MembershipProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        let prepared = Self::prepared(d.depth)?;
        let commitment = d.commitments.first().ok_or(ProofError::WrongNumCommitments { expected: 1, got: 0 })?;
        prepared.verify(&self.gens(), new_transcript(&d.label), &d.root, commitment, p, rng)
    }

    fn batch(&self, items: &[(&MerkleDesc<G>, &MembershipProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let member = |i: usize| -> (Result<_, ProofError>, &R1csProof<G>) {
            let (d, p) = items[i];
            let v = Self::prepared(d.depth)
                .and_then(|prepared| prepared.verifier(new_transcript(&d.label), &d.root, &d.commitments[0]));
            (v, &p.r1cs)
        };
        batch_r1cs(&self.gens(), items.len(), member, rng)
    }

    fn layout(&self, d: &MerkleDesc<G>) -> Layout {
        r1cs_layout::<G>(Self::rounds(d.depth), false)
    }

    /// Each change costs a 4,096-gate verification per weight.
    fn weight_flips(&self) -> usize {
        4
    }

    fn mutations(&self, d: &MerkleDesc<G>, other: &MerkleDesc<G>) -> Vec<Mutation<MerkleDesc<G>>> {
        let rounds = Self::rounds(d.depth);
        let mut out = commitment_mutations::<G, _>(d, other, |d| &mut d.commitments);
        let with = |what: String, f: &dyn Fn(&mut MerkleDesc<G>), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        let (_, second) = self.tree("other leaves");
        out.push(with("root plus one".into(), &|x| x.root += G::Scalar::one(), failed()));
        out.push(with("root of another tree".into(), &|x| x.root = second.root(), failed()));
        out.push(with("root zero".into(), &|x| x.root = G::Scalar::zero(), failed()));
        // Depths: shallower and deeper trees have other circuits (other
        // lengths); depths outside 1..=64 do not exist.
        // (Depths 2 and 3 pad to the same 4,096 gates: only the depth's
        // binding tells them apart.)
        for depth in [d.depth - 1, d.depth + 1] {
            let expect = r1cs_shape::<G>(Self::rounds(depth), false, rounds, false);
            out.push(with(format!("depth {depth}"), &|x| x.depth = depth, expect));
        }
        for depth in [0usize, 65] {
            out.push(with(
                format!("depth {depth}"),
                &|x| x.depth = depth,
                Expect::Is(ProofError::Gadget { message: format!("Merkle depth {depth} is outside 1..=64") }),
            ));
        }
        out.push(with("label changed".into(), &|x| x.label.push(b'!'), failed()));
        out.push(with("label of another statement".into(), &|x| x.label = other.label.clone(), failed()));
        out
    }

    /// Every flip of a membership proof that decodes costs a verification
    /// of a 4,096-gate circuit: every field's first and last byte only (the
    /// encoding is the R1CS proof's, flipped at every byte in `r1cs`).
    fn flips(&self) -> Flips {
        Flips::Boundaries
    }

    /// Three batches (each costs a few verifications of the circuit): one,
    /// two and three bad members, one of them refused by its statement.
    fn blame_patterns(&self) -> Vec<Vec<usize>> {
        vec![vec![0], vec![1, 4], vec![0, 2, 5]]
    }
}

kind_tests! {
    merkle_ristretto255 => MerkleKind::<Ristretto255>::new(2);
    merkle_secp256k1 => MerkleKind::<Secp256k1>::new(2);
    merkle_ed25519 => MerkleKind::<Ed25519>::new(2);
    merkle_secq256k1 => MerkleKind::<Secq256k1>::new(2);
}
