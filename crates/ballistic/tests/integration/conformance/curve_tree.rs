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

/// An R1CS proof over `n_c` vector commitments on `G`, padded to
/// `2^rounds` gates (with a second phase or not), its fields' names
/// prefixed.
fn r1cs_fields<G: Group>(mut l: Layout, side: &str, rounds: usize, phase_two: bool, n_c: usize) -> Layout {
    l = l.points::<G>(&format!("{side} A_I1 A_O1 S1"), 3);
    if phase_two {
        l = l.points::<G>(&format!("{side} A_I2 A_O2 S2"), 3);
    }
    l = l.points::<G>(&format!("{side} T_i"), 3 * n_c + 5).scalars::<G>(&format!("{side} t_x τ_x e"), 3);
    for k in 0..rounds {
        l = l.points::<G>(&format!("{side} L{k}"), 1).points::<G>(&format!("{side} R{k}"), 1);
    }
    l.scalars::<G>(&format!("{side} a"), 1).scalars::<G>(&format!("{side} b"), 1)
}

/// The two circuit proofs of a path: the leaf side's (`Some(n_c)`: with
/// its length, 4 bytes little-endian, which only its own value keeps
/// decodable), then the other side's. Each side's circuit pads to
/// `2^rounds` gates and has no second phase.
fn path_proofs<L: Cycle>(mut l: Layout, leaf_side: Option<usize>, other_n_c: usize) -> Layout {
    let rounds = 10;
    if let Some(n_c) = leaf_side {
        let len = r1cs_fields::<L>(Layout::new(), "leaf", rounds, false, n_c).len() as u32;
        let honest = len.to_le_bytes();
        l = l.field("leaf proof length", 4, false, Box::new(move |b: &[u8]| b == honest));
        l = r1cs_fields::<L>(l, "leaf", rounds, false, n_c);
    }
    r1cs_fields::<L::Other>(l, "other", rounds, false, other_n_c)
}

/// The `Ĉ`s of a path of `depth` levels.
fn path_points<L: Cycle>(depth: usize) -> Layout {
    Layout::new().points::<L>("Ĉ even", depth.div_ceil(2)).points::<L::Other>("Ĉ odd", depth / 2)
}

/// Mutations of the tree's shape: the same depth with another branching
/// (same lengths: the equation refuses), one level more and one less
/// (other point counts and circuits: refused while decoding).
fn shape_mutations<D: Clone>(
    d: &D,
    set: impl Fn(&mut D, Vec<usize>),
    expect: [(Vec<usize>, Expect); 3],
) -> Vec<Mutation<D>> {
    expect
        .into_iter()
        .map(|(branching, e)| {
            let mut x = d.clone();
            let what = format!("branching {branching:?}");
            set(&mut x, branching);
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
        path_proofs::<L>(l, (depth >= 2).then_some(depth / 2), depth.div_ceil(2))
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
        out.extend(shape_mutations(d, |x, b| x.branching = b, self.shape_expectations(d)));
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

impl<L: Cycle> OwnershipKind<L> {
    /// What a verifier of another shape says to this proof.
    fn shape_expectations(&self, d: &OwnDesc<L>) -> [(Vec<usize>, Expect); 3] {
        let b = &d.branching;
        let mut narrower = b.clone();
        narrower[0] = 2;
        let deeper: Vec<usize> = b.iter().copied().chain([2]).collect();
        // One level less, or (at depth 1) two more.
        let shallower: Vec<usize> =
            if b.len() >= 2 { b[..b.len() - 1].to_vec() } else { deeper.iter().copied().chain([2]).collect() };
        let e = |branching: &[usize]| -> Expect {
            let bytes = &super::instances(self)[0].1;
            match OwnershipProof::<L>::from_bytes(bytes, &params::<L>(branching)) {
                Ok(_) => failed(),
                Err(e) => Expect::Is(e),
            }
        };
        // Another depth must fail while decoding (other point counts).
        for other in [&deeper, &shallower] {
            let bytes = &super::instances(self)[0].1;
            assert!(
                OwnershipProof::<L>::from_bytes(bytes, &params::<L>(other)).is_err(),
                "{}: decodes as depth {}",
                Kind::name(self),
                other.len()
            );
        }
        [(narrower.clone(), failed()), (deeper.clone(), e(&deeper)), (shallower.clone(), e(&shallower))]
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
        path_proofs::<L>(path_points::<L>(depth), Some(depth / 2 + 1), depth.div_ceil(2))
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
        let b = &d.branching;
        let mut narrower = b.clone();
        narrower[0] = 2;
        let deeper: Vec<usize> = b.iter().copied().chain([2]).collect();
        let shallower: Vec<usize> = b[..b.len() - 1].to_vec();
        let bytes = &super::instances(self)[0].1;
        let e = |branching: &[usize]| -> Expect {
            match MembershipProof::<L>::from_bytes(bytes, &params::<L>(branching)) {
                Ok(_) => panic!("{}: decodes as depth {}", Kind::name(self), branching.len()),
                Err(e) => Expect::Is(e),
            }
        };
        let (ed, es) = (e(&deeper), e(&shallower));
        out.extend(shape_mutations(d, |x, b| x.branching = b, [(narrower, failed()), (deeper, ed), (shallower, es)]));
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
