//! Curve Trees on the secp256k1/secq256k1 cycle (`ballistic::curve_tree`):
//! key ownership with a key image (leaves on secp256k1, depth 2, so both
//! curves carry a circuit proof; and on secq256k1, depth 1, the other
//! side's proof only) and membership of a committed value (secp256k1 leaf
//! vectors, depth 2).
//!
//! The statement is the verifier's: the tree's branching (its depth and
//! shape), the root, the context and message of an ownership proof, the
//! width and the commitment `V` of a membership proof, the transcript's
//! label. Batches go through `curve_tree::verify_batch`, whose two
//! equations per claim are R1CS claims built from a replayed equation
//! (`R1csClaim::from_equation`): their linearity in the batch weight is
//! checked by the library's unit test
//! `curve_tree::claim::tests::both_sides_are_linear_in_the_weight`, so
//! check 6 here checks the blame only ([`Kind::probes_weights`]).

use std::sync::Arc;

use ballistic::curve_tree::membership::{self, MembershipProof, ValueTree};
use ballistic::curve_tree::ownership::{self, OwnershipProof, Scope, MAX_CONTEXT_LEN};
use ballistic::curve_tree::{verify_batch, CurveTree, CurveTreeClaim, Cycle, Node, TreeParams};
use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::{new_transcript, ProofError, Secp256k1, Secq256k1};
use rand_chacha::ChaCha20Rng;

use super::r1cs_vector::vector_layout;
use super::range::{bumped, identity, invalid_point};
use super::{failed, gens, kind_tests, rng_for, shared, Expect, Flips, Kind, Layout, Mutation};

/// The tree parameters of `branching` on the cycle from `L`, built once
/// (their verifier circuits are cached inside).
fn params<L: Cycle>(branching: &[usize]) -> Arc<TreeParams<L>> {
    shared(&format!("curve tree params {} {branching:?}", L::NAME), || {
        let (a, b) = TreeParams::<L>::generators_needed(branching).expect("a valid branching");
        TreeParams::new(branching, (*gens::<L>(a, 1)).clone(), (*gens::<L::Other>(b, 1)).clone()).unwrap()
    })
}

/// The two circuit proofs of a path (`r1cs_vector::vector_layout`): the
/// leaf side's (`Some(n_c)`: with its length, 4 bytes little-endian, which
/// only its own value keeps decodable), then the other side's. Neither has
/// a second phase; each pads to the gates its curve's generators are
/// sized for (`TreeParams::generators_needed`; a membership proof's leaf
/// opening fits the same padding here, which check 1's length check
/// confirms).
fn path_proofs<L: Cycle>(l: Layout, branching: &[usize], leaf_side: Option<usize>, other_n_c: usize) -> Layout {
    let (leaf_gates, other_gates) = TreeParams::<L>::generators_needed(branching).expect("a valid branching");
    let rounds = |gates: usize| gates.trailing_zeros() as usize;
    let mut l = l;
    if let Some(n_c) = leaf_side {
        let proof = vector_layout::<L>(rounds(leaf_gates), false, n_c);
        let honest = (proof.len() as u32).to_le_bytes();
        l = l.field("leaf proof length", 4, false, Box::new(move |b: &[u8]| b == honest)).append("leaf", proof);
    }
    l.append("other", vector_layout::<L::Other>(rounds(other_gates), false, other_n_c))
}

/// The `Ĉ`s of a path of `depth` levels.
fn path_points<L: Cycle>(depth: usize) -> Layout {
    Layout::new().points::<L>("Ĉ even", depth.div_ceil(2)).points::<L::Other>("Ĉ odd", depth / 2)
}

/// Mutations of the tree's shape: the same depth with another branching
/// (same lengths: the equation refuses), one level more and one less (at
/// depth 1, two more): other point counts and circuits, which must be
/// refused while decoding (`decode` decodes the kind's first honest proof
/// for a tree of that branching), with the decoder's error.
fn shape_mutations<D: Clone>(
    d: &D,
    branching: &[usize],
    set: impl Fn(&mut D, Vec<usize>),
    decode: impl Fn(&[usize]) -> Result<(), ProofError>,
) -> Vec<Mutation<D>> {
    let mut narrower = branching.to_vec();
    narrower[0] = 2;
    let deeper: Vec<usize> = branching.iter().copied().chain([2]).collect();
    let shallower: Vec<usize> = if branching.len() >= 2 {
        branching[..branching.len() - 1].to_vec()
    } else {
        deeper.iter().copied().chain([2]).collect()
    };
    let refused = |b: &[usize]| match decode(b) {
        Ok(()) => panic!("the proof decodes for a tree of depth {}", b.len()),
        Err(e) => Expect::Is(e),
    };
    let (deeper_e, shallower_e) = (refused(&deeper), refused(&shallower));
    [(narrower, failed()), (deeper, deeper_e), (shallower, shallower_e)]
        .into_iter()
        .map(|(b, e)| {
            let mut x = d.clone();
            let what = format!("branching {b:?}");
            set(&mut x, b);
            Mutation::new(what, x, e)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Key ownership.

#[derive(Clone)]
pub struct OwnDesc<L: Cycle> {
    pub branching: Vec<usize>,
    pub root: Node<L>,
    pub context: Vec<u8>,
    pub message: Vec<u8>,
    pub label: Vec<u8>,
}

pub struct OwnershipKind<L: Cycle> {
    pub branching: Vec<usize>,
    _group: core::marker::PhantomData<L>,
}

impl<L: Cycle> OwnershipKind<L> {
    pub fn new(branching: &[usize]) -> Self {
        OwnershipKind { branching: branching.to_vec(), _group: core::marker::PhantomData }
    }

    /// The secret keys of the tree's leaves, and the tree (or a second one).
    fn tree(&self, which: &str) -> (Vec<L::Scalar>, CurveTree<L>) {
        let params = params::<L>(&self.branching);
        let mut rng = rng_for(&Kind::name(self), which);
        let keys: Vec<L::Scalar> = (0..params.capacity() - 1).map(|_| L::Scalar::random(&mut rng)).collect();
        let b = params.leaf_gens().pedersen().b;
        let leaves = keys.iter().map(|x| L::mul_ct(&b, x)).collect();
        (keys, CurveTree::new(&params, leaves).unwrap())
    }
}

impl<L: Cycle> Kind for OwnershipKind<L> {
    type Desc = OwnDesc<L>;
    type Proof = OwnershipProof<L>;

    fn name(&self) -> String {
        format!("curve-tree ownership {} {:?}", L::NAME, self.branching)
    }

    /// Proofs of two circuits each: three distinct.
    fn distinct(&self) -> usize {
        3
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (OwnDesc<L>, Vec<u8>) {
        let params = params::<L>(&self.branching);
        let (keys, tree) = self.tree("keys");
        let index = (2 * i + 1) % keys.len();
        let path = tree.path(&params, index as u64).unwrap();
        let desc = OwnDesc {
            branching: self.branching.clone(),
            root: tree.root(),
            context: b"conformance/ownership".to_vec(),
            message: format!("session {i}").into_bytes(),
            label: format!("conformance ownership {i}").into_bytes(),
        };
        let scope = Scope { context: &desc.context, message: &desc.message };
        let proof =
            ownership::prove(&params, &mut new_transcript(&desc.label), &desc.root, &path, &keys[index], &scope, rng)
                .unwrap();
        (desc, proof.to_bytes())
    }

    fn decode(&self, d: &OwnDesc<L>, bytes: &[u8]) -> Result<OwnershipProof<L>, ProofError> {
        OwnershipProof::from_bytes(bytes, &params::<L>(&d.branching))
    }

    fn encode(&self, p: &OwnershipProof<L>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &OwnDesc<L>, p: &OwnershipProof<L>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        let scope = Scope { context: &d.context, message: &d.message };
        let image =
            ownership::verify(&params::<L>(&d.branching), &mut new_transcript(&d.label), &d.root, &scope, p, rng)?;
        assert_eq!(&image, p.key_image(), "the verified image is the proof's");
        Ok(())
    }

    fn batch(&self, items: &[(&OwnDesc<L>, &OwnershipProof<L>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let params: Vec<Arc<TreeParams<L>>> = items.iter().map(|(d, _)| params::<L>(&d.branching)).collect();
        let claims: Vec<CurveTreeClaim<'_, L>> = items
            .iter()
            .zip(&params)
            .map(|((d, p), params)| {
                let scope = Scope { context: &d.context, message: &d.message };
                ownership::claim(params, &mut new_transcript(&d.label), &d.root, &scope, p, rng)
            })
            .collect();
        let refs: Vec<&CurveTreeClaim<'_, L>> = claims.iter().collect();
        let images = verify_batch(&refs, rng)?;
        for (image, (_, p)) in images.iter().zip(items) {
            assert_eq!(image.as_ref(), Some(p.key_image()), "the batch returns each proof's image");
        }
        Ok(())
    }

    fn layout(&self, d: &OwnDesc<L>) -> Layout {
        let depth = d.branching.len();
        let l = path_points::<L>(depth).points::<L>("I R1 R2", 3).scalars::<L>("s1 s2", 2);
        path_proofs::<L>(l, &d.branching, (depth >= 2).then_some(depth / 2), depth.div_ceil(2))
    }

    fn mutations(&self, d: &OwnDesc<L>, other: &OwnDesc<L>) -> Vec<Mutation<OwnDesc<L>>> {
        let with = |what: &str, f: &dyn Fn(&mut OwnDesc<L>), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        let (_, second) = self.tree("other keys");
        let gadget = |m: &str| Expect::Is(ProofError::Gadget { message: m.into() });
        let mut out = vec![
            with("root of another tree", &|x| x.root = second.root(), failed()),
            with(
                "root on the other curve",
                &|x| x.root = other_curve_root::<L>(&x.root),
                gadget("root on the wrong curve for the depth"),
            ),
            with("context changed", &|x| x.context[0] ^= 1, failed()),
            with("context extended", &|x| x.context.push(b'!'), failed()),
            with("context empty", &|x| x.context.clear(), gadget("an empty key-image context")),
            with(
                "context too long",
                &|x| x.context = vec![b'c'; MAX_CONTEXT_LEN + 1],
                Expect::Is(ProofError::MessageTooLong { len: MAX_CONTEXT_LEN + 1, capacity: MAX_CONTEXT_LEN }),
            ),
            with("message of another statement", &|x| x.message = other.message.clone(), failed()),
            with("message empty", &|x| x.message.clear(), failed()),
            with(
                "message too long",
                &|x| x.message = vec![b'm'; MAX_CONTEXT_LEN + 1],
                Expect::Is(ProofError::MessageTooLong { len: MAX_CONTEXT_LEN + 1, capacity: MAX_CONTEXT_LEN }),
            ),
            with("context and message swapped", &|x| std::mem::swap(&mut x.context, &mut x.message), failed()),
            with("label changed", &|x| x.label[0] ^= 1, failed()),
            with("label of another statement", &|x| x.label = other.label.clone(), failed()),
        ];
        let bytes = &super::instances(self)[0].1;
        out.extend(shape_mutations(
            d,
            &d.branching,
            |x, b| x.branching = b,
            |b| OwnershipProof::<L>::from_bytes(bytes, &params::<L>(b)).map(|_| ()),
        ));
        out
    }

    /// Every decoded flip costs a verification of two circuits.
    fn flips(&self) -> Flips {
        Flips::Boundaries
    }

    fn weight_flips(&self) -> usize {
        4
    }

    fn probes_weights(&self) -> bool {
        false
    }

    fn blame_patterns(&self) -> Vec<Vec<usize>> {
        vec![vec![0], vec![1, 4], vec![0, 2, 5]]
    }
}

/// A root of the other curve (the depth fixes which curve the root is on).
fn other_curve_root<L: Cycle>(root: &Node<L>) -> Node<L> {
    match root {
        Node::Leaf(_) => Node::Other(<L::Other as Group>::basepoint()),
        Node::Other(_) => Node::Leaf(L::basepoint()),
    }
}

// ---------------------------------------------------------------------------
// Membership of a committed value.

#[derive(Clone)]
pub struct MemDesc<L: Cycle> {
    pub branching: Vec<usize>,
    pub width: usize,
    pub root: Node<L>,
    pub v: L::Compressed,
    pub label: Vec<u8>,
}

pub struct MembershipKind<L: Cycle> {
    pub branching: Vec<usize>,
    pub width: usize,
    _group: core::marker::PhantomData<L>,
}

impl<L: Cycle> MembershipKind<L> {
    pub fn new(branching: &[usize], width: usize) -> Self {
        MembershipKind { branching: branching.to_vec(), width, _group: core::marker::PhantomData }
    }

    /// The values `1000, 1001, …` in leaf vectors of `width`.
    fn tree(&self, width: usize) -> ValueTree<L> {
        let params = params::<L>(&self.branching);
        let values = (0..2 * self.width as u64 + 3).map(|k| L::Scalar::from_u64(1000 + k)).collect();
        ValueTree::new(&params, width, values).unwrap()
    }
}

impl<L: Cycle> Kind for MembershipKind<L> {
    type Desc = MemDesc<L>;
    type Proof = MembershipProof<L>;

    fn name(&self) -> String {
        format!("curve-tree membership {} {:?} w={}", L::NAME, self.branching, self.width)
    }

    fn distinct(&self) -> usize {
        3
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (MemDesc<L>, Vec<u8>) {
        let params = params::<L>(&self.branching);
        let tree = self.tree(self.width);
        let index = (3 * i + 1) % tree.len();
        let path = tree.path(&params, index as u64).unwrap();
        let value = L::Scalar::from_u64(1000 + index as u64);
        let blinding = L::Scalar::random(rng);
        let label = format!("conformance membership {i}").into_bytes();
        let (proof, v) =
            membership::prove(&params, &mut new_transcript(&label), &tree.root(), &path, (&value, &blinding), rng)
                .unwrap();
        let desc = MemDesc { branching: self.branching.clone(), width: self.width, root: tree.root(), v, label };
        (desc, proof.to_bytes())
    }

    fn decode(&self, d: &MemDesc<L>, bytes: &[u8]) -> Result<MembershipProof<L>, ProofError> {
        MembershipProof::from_bytes(bytes, &params::<L>(&d.branching))
    }

    fn encode(&self, p: &MembershipProof<L>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &MemDesc<L>, p: &MembershipProof<L>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        membership::verify(&params::<L>(&d.branching), d.width, &mut new_transcript(&d.label), &d.root, &d.v, p, rng)
    }

    fn batch(&self, items: &[(&MemDesc<L>, &MembershipProof<L>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let params: Vec<Arc<TreeParams<L>>> = items.iter().map(|(d, _)| params::<L>(&d.branching)).collect();
        let claims: Vec<CurveTreeClaim<'_, L>> = items
            .iter()
            .zip(&params)
            .map(|((d, p), params)| {
                membership::claim(params, d.width, &mut new_transcript(&d.label), &d.root, &d.v, p, rng)
            })
            .collect();
        let refs: Vec<&CurveTreeClaim<'_, L>> = claims.iter().collect();
        let images = verify_batch(&refs, rng)?;
        assert!(images.iter().all(Option::is_none), "membership claims carry no key image");
        Ok(())
    }

    fn layout(&self, d: &MemDesc<L>) -> Layout {
        let depth = d.branching.len();
        path_proofs::<L>(path_points::<L>(depth), &d.branching, Some(depth / 2 + 1), depth.div_ceil(2))
    }

    fn mutations(&self, d: &MemDesc<L>, other: &MemDesc<L>) -> Vec<Mutation<MemDesc<L>>> {
        let with = |what: &str, f: &dyn Fn(&mut MemDesc<L>), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        let second = self.tree(self.width + 1);
        let gadget = |m: String| Expect::Is(ProofError::Gadget { message: m });
        let gens = params::<L>(&d.branching).leaf_gens().vector().gens_capacity();
        let mut out = vec![
            with("V of another statement", &|x| x.v = other.v, failed()),
            with("V plus B", &|x| x.v = bumped::<L>(&x.v), failed()),
            with("V the identity", &|x| x.v = identity::<L>(), Expect::Is(ProofError::IdentityPoint { label: "V" })),
            with(
                "V not a point",
                &|x| x.v = invalid_point::<L>(),
                Expect::Is(ProofError::InvalidCommitment { index: 0 }),
            ),
            with("root of another tree (other width)", &|x| x.root = second.root(), failed()),
            with(
                "root on the other curve",
                &|x| x.root = other_curve_root::<L>(&x.root),
                gadget("root on the wrong curve for the depth".into()),
            ),
            with("width plus one", &|x| x.width += 1, failed()),
            with("width minus one", &|x| x.width -= 1, failed()),
            with(
                "width zero",
                &|x| x.width = 0,
                gadget(format!("leaf vectors of 0 values do not fit the leaf curve's {gens} generators")),
            ),
            with(
                "width past the generators",
                &|x| x.width = gens,
                gadget(format!("leaf vectors of {gens} values do not fit the leaf curve's {gens} generators")),
            ),
            with("label changed", &|x| x.label[0] ^= 1, failed()),
            with("label of another statement", &|x| x.label = other.label.clone(), failed()),
        ];
        let bytes = &super::instances(self)[0].1;
        out.extend(shape_mutations(
            d,
            &d.branching,
            |x, b| x.branching = b,
            |b| MembershipProof::<L>::from_bytes(bytes, &params::<L>(b)).map(|_| ()),
        ));
        out
    }

    fn flips(&self) -> Flips {
        Flips::Boundaries
    }

    fn weight_flips(&self) -> usize {
        4
    }

    fn probes_weights(&self) -> bool {
        false
    }

    fn blame_patterns(&self) -> Vec<Vec<usize>> {
        vec![vec![0], vec![1, 4], vec![0, 2, 5]]
    }
}

kind_tests! {
    ownership_secp256k1 => OwnershipKind::<Secp256k1>::new(&[4, 4]);
    ownership_secq256k1 => OwnershipKind::<Secq256k1>::new(&[4]);
    membership_secp256k1 => MembershipKind::<Secp256k1>::new(&[4, 4], 2);
}
