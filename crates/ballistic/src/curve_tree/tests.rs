use super::*;
use crate::group::{Secp256k1, Secq256k1};

pub(super) fn leaves<L: Group>(count: usize, seed: u8) -> Vec<L::Point> {
    (0..count)
        .map(|i| {
            let mut uniform = [seed; 64];
            uniform[..8].copy_from_slice(&(i as u64).to_le_bytes());
            L::hash_to_point(&uniform)
        })
        .collect()
}

pub(super) type Gens<L> = (Generators<L>, Generators<<L as Cycle>::Other>);

/// Generators for both sides of the small trees here (two levels of up to
/// 256 children per curve).
pub(super) fn gens<L: Cycle>() -> Gens<L> {
    (Generators::new(2048, 1), Generators::new(2048, 1))
}

pub(super) fn tree_params<L: Cycle>(branching: &[usize], gens: &Gens<L>) -> TreeParams<L> {
    TreeParams::new(branching, gens.0.clone(), gens.1.clone()).unwrap()
}

/// The prepared sides' equations are the from-scratch verifier's: the same
/// result, and the same sums on both curves (the same RNG joins each side's
/// checks), for honest and dishonest proofs alike. `statement` appends what
/// the statement on top binds before the path.
pub(super) fn same_as_from_scratch<L: Cycle>(
    params: &TreeParams<L>,
    statement: &dyn Fn(&mut merlin::Transcript),
    root: &Node<L>,
    proof: &select::SelectProof<L>,
    leaf: Option<select::VerifierLeaf<L>>,
) -> bool {
    use rand::SeedableRng;
    let sums = |from_scratch: bool| {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(99);
        let mut t = merlin::Transcript::new(b"same");
        statement(&mut t);
        let eqs = if from_scratch {
            select::equations_from_scratch(params, &mut t, root, proof, leaf, &mut rng)
        } else {
            select::equations(params, &mut t, root, proof, leaf, &mut rng)
        };
        eqs.map(|e| {
            let leaf = L::compress(&e.leaf.sum(params.leaf_gens()).unwrap());
            let other = <L::Other as Group>::compress(&e.other.sum(params.other_gens()).unwrap());
            (leaf, other, L::is_identity_vartime(&e.leaf.sum(params.leaf_gens()).unwrap()))
        })
    };
    let prepared = sums(false);
    assert_eq!(prepared, sums(true), "prepared and from-scratch sides agree");
    prepared.is_ok()
}

fn paths_reach_the_root<L: Cycle>() {
    let gens = gens::<L>();
    for branching in [&[4][..], &[3, 4], &[2, 3, 2], &[2, 2, 2, 2]] {
        let params = tree_params::<L>(branching, &gens);
        let capacity = params.capacity() as usize;
        for count in [1, capacity / 2 + 1, capacity] {
            let tree = CurveTree::new(&params, leaves::<L>(count, 1)).unwrap();
            assert_eq!(tree.len(), count);
            for index in 0..count as u64 {
                let path = tree.path(&params, index).unwrap();
                assert_eq!(path.root(&params), Some(tree.root()), "{branching:?}, {count} leaves, leaf {index}");
                // Another position at the first level does not hold the leaf
                // (unless the slot repeats it).
                let mut moved = path.clone();
                moved.levels[0].position = (moved.levels[0].position + 1) % branching[0];
                assert_eq!(moved.root(&params), None);
            }
            assert!(tree.path(&params, count as u64).is_err());
            // Parameters of another shape are refused, not padded.
            let mut wider = branching.to_vec();
            wider[0] += 1;
            assert!(tree.path(&tree_params::<L>(&wider, &gens), 0).is_err());
            // One leaf changed: another root.
            let mut other = leaves::<L>(count, 1);
            other[count - 1] = L::hash_to_point(&[9; 64]);
            assert_ne!(CurveTree::new(&params, other).unwrap().root(), tree.root());
        }
    }
}

#[test]
fn paths_reach_the_root_secp256k1_leaves() {
    paths_reach_the_root::<Secp256k1>();
}

#[test]
fn paths_reach_the_root_secq256k1_leaves() {
    paths_reach_the_root::<Secq256k1>();
}

/// The root alternates curves with the depth, and a node is
/// `Σ x(C_k + Δ)·G_k` with zeros in empty slots.
#[test]
fn nodes_are_commitments_to_shifted_x() {
    type L = Secp256k1;
    let gens = gens::<L>();
    let params = tree_params::<L>(&[3, 2], &gens);
    let leaves = leaves::<L>(4, 2);
    let tree = CurveTree::new(&params, leaves.clone()).unwrap();
    let g1 = &params.other_gens().vector().g_chains()[0];
    let xs: Vec<_> = leaves.iter().map(|c| Secq256k1::embed(&(*c + *params.leaf_delta())).unwrap().x).collect();
    let zero = <Secq256k1 as Group>::Scalar::zero();
    let second = Secq256k1::msm_vartime([xs[3], zero, zero], &g1[..3]);
    assert_eq!(tree.node(1, 1), Some(Node::Other(second)));
    assert_eq!(tree.node(1, 2), None);
    let first = Secq256k1::msm_vartime(&xs[..3], &g1[..3]);
    let g2 = &params.leaf_gens().vector().g_chains()[0];
    let ys: Vec<_> =
        [first, second].iter().map(|c| Secp256k1::embed(&(*c + *params.other_delta())).unwrap().x).collect();
    assert_eq!(tree.root(), Node::Leaf(Secp256k1::msm_vartime(&ys, &g2[..2])));
    assert!(matches!(CurveTree::new(&tree_params::<L>(&[4], &gens), leaves).unwrap().root(), Node::Other(_)));
}

#[test]
fn bad_trees_are_refused() {
    type L = Secp256k1;
    let small = || (Generators::<L>::new(8, 1), Generators::<Secq256k1>::new(8, 1));
    for branching in [&[][..], &[1], &[2, 9], &[9], &[2; MAX_DEPTH + 1]] {
        let (a, b) = small();
        assert!(matches!(TreeParams::new(branching, a, b), Err(ProofError::Gadget { .. })), "{branching:?}");
    }
    let gens = gens::<L>();
    let params = tree_params::<L>(&[2, 2], &gens);
    assert!(params.accepts_leaf(&L::hash_to_point(&[1; 64])));
    assert!(!params.accepts_leaf(&L::identity()) && !params.accepts_leaf(&-*params.leaf_delta()));
    // Generators whose B̃ is a node generator (an honest root would open to
    // any first child), Δ or B; and generators too few for a side's circuit.
    let g0 = gens.0.vector().g_chains()[0][0];
    let delta = *params.leaf_delta();
    for bt in [g0, -g0, delta, gens.0.pedersen().b] {
        let pedersen = crate::generators::PedersenGens { b: gens.0.pedersen().b, b_blinding: bt };
        let bad = TreeParams::new(&[2, 2], gens.0.with_pedersen(pedersen), gens.1.clone());
        assert!(matches!(bad, Err(ProofError::Gadget { .. })));
    }
    assert!(TreeParams::new(&[2, 2], gens.0.clone(), Generators::new(512, 1)).is_err());
    for bad in
        [Vec::new(), leaves::<L>(5, 3), vec![L::identity()], vec![L::hash_to_point(&[1; 64]), -*params.leaf_delta()]]
    {
        assert!(matches!(CurveTree::new(&params, bad), Err(ProofError::Gadget { .. })));
    }
}

mod select_rerandomize {
    use super::*;
    use crate::curve_tree::select::{equations, prove, SelectProof, VerifierLeaf};
    use merlin::Transcript;
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    use super::tree_params as params_with;

    /// A single verification of the path proof alone.
    fn verify<L: Cycle>(
        params: &TreeParams<L>,
        transcript: &mut Transcript,
        root: &Node<L>,
        proof: &SelectProof<L>,
        leaf: Option<VerifierLeaf<L>>,
        rng: &mut ChaCha20Rng,
    ) -> Result<(), ProofError> {
        equations(params, transcript, root, proof, leaf, rng)?.verify(params)
    }

    fn roundtrip<L: Cycle>() {
        let gens = gens::<L>();
        let mut rng = ChaCha20Rng::seed_from_u64(11);
        for branching in [&[5][..], &[4, 3], &[3, 2, 4], &[2, 3, 2, 5]] {
            let params = params_with::<L>(branching, &gens);
            let count = params.capacity() as usize - 1;
            let leaves = leaves::<L>(count, 4);
            let tree = CurveTree::new(&params, leaves.clone()).unwrap();
            let root = tree.root();
            let index = count as u64 - 2;
            let path = tree.path(&params, index).unwrap();
            let mut prover_transcript = Transcript::new(b"sr");
            let (proof, r0) = prove(&params, &mut prover_transcript, &root, &path, None, &mut rng).unwrap();
            // Ĉ_0 opens to the leaf with r_0.
            let leaf_hat = leaves[index as usize] + L::mul_ct(&params.leaf_gens().pedersen().b_blinding, &r0);
            assert_eq!(proof.even[0], L::compress(&leaf_hat));
            let check = |proof: &SelectProof<L>, root: &Node<L>, params: &TreeParams<L>| {
                verify(params, &mut Transcript::new(b"sr"), root, proof, None, &mut ChaCha20Rng::seed_from_u64(12))
            };
            check(&proof, &root, &params).unwrap();
            let none = |_: &mut Transcript| {};
            assert!(same_as_from_scratch(&params, &none, &root, &proof, None));
            // Both proofs end up in the caller's transcript, identically on
            // both sides (the statement on top draws its challenges there).
            let mut verifier_transcript = Transcript::new(b"sr");
            verify(&params, &mut verifier_transcript, &root, &proof, None, &mut rng).unwrap();
            let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
            prover_transcript.challenge_bytes(b"next", &mut a);
            verifier_transcript.challenge_bytes(b"next", &mut b);
            assert_eq!(a, b);
            // The sign branch: the leaf −C − 2Δ selects the same x, so the
            // core accepts it; the statement's opening of Ĉ_0 must refuse
            // it (module documentation of `select`).
            let mut sign = path.clone();
            let two_delta = *params.leaf_delta() + *params.leaf_delta();
            sign.leaf = -sign.leaf - two_delta;
            let (proof_sign, _) = prove(&params, &mut Transcript::new(b"sr"), &root, &sign, None, &mut rng).unwrap();
            check(&proof_sign, &root, &params).unwrap();
            // Another root (a tree with one leaf changed), another
            // transcript, another Ĉ, and the other tree's own proof.
            let mut changed = leaves.clone();
            changed[0] = L::hash_to_point(&[7; 64]);
            let other_root = CurveTree::new(&params, changed).unwrap().root();
            // A prover given another root refuses rather than prove in vain.
            assert!(matches!(
                prove(&params, &mut Transcript::new(b"sr"), &other_root, &path, None, &mut rng),
                Err(ProofError::Gadget { .. })
            ));
            assert_eq!(check(&proof, &other_root, &params), Err(ProofError::VerificationFailed), "{branching:?}");
            assert!(same_as_from_scratch(&params, &none, &other_root, &proof, None));
            assert_eq!(
                verify(&params, &mut Transcript::new(b"other"), &root, &proof, None, &mut rng),
                Err(ProofError::VerificationFailed)
            );
            let mut moved = proof.clone();
            moved.even[0] = L::compress(&(leaf_hat + params.leaf_gens().pedersen().b_blinding));
            assert_eq!(check(&moved, &root, &params), Err(ProofError::VerificationFailed));
            same_as_from_scratch(&params, &none, &root, &moved, None);
            if let Some(c) = proof.odd.first() {
                let mut moved = proof.clone();
                let p = <L::Other as Group>::decompress(c).unwrap();
                moved.odd[0] = <L::Other as Group>::compress(&(p + params.other_gens().pedersen().b_blinding));
                assert_eq!(check(&moved, &root, &params), Err(ProofError::VerificationFailed));
                // The two halves are tied: another proof's half does not fit.
                let (second, _) = prove(&params, &mut Transcript::new(b"sr"), &root, &path, None, &mut rng).unwrap();
                let mut mixed = proof.clone();
                mixed.other_side = second.other_side.clone();
                assert_eq!(check(&mixed, &root, &params), Err(ProofError::VerificationFailed));
                assert!(same_as_from_scratch(&params, &none, &root, &mixed, None));
            }
            // Another shape: the root's curve, a level's branching.
            let mut other_shape = branching.to_vec();
            other_shape[0] += 1;
            assert!(check(&proof, &root, &params_with::<L>(&other_shape, &gens)).is_err());
            let mut deeper = branching.to_vec();
            deeper.push(2);
            if let Ok(deeper) = TreeParams::new(&deeper, gens.0.clone(), gens.1.clone()) {
                assert!(check(&proof, &root, &deeper).is_err());
            }
        }
    }

    #[test]
    fn paths_prove_and_verify_secp256k1_leaves() {
        roundtrip::<Secp256k1>();
    }

    #[test]
    fn paths_prove_and_verify_secq256k1_leaves() {
        roundtrip::<Secq256k1>();
    }
}

mod key_ownership {
    use super::*;
    use crate::curve_tree::ownership::{key_image_base, prove, verify, OwnershipProof, Scope};
    use merlin::Transcript;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    struct Keys<L: Cycle> {
        params: TreeParams<L>,
        secrets: Vec<L::Scalar>,
        tree: CurveTree<L>,
    }

    fn keys<L: Cycle>(branching: &[usize], gens: &Gens<L>, count: usize) -> Keys<L> {
        let params = tree_params::<L>(branching, gens);
        let mut rng = ChaCha20Rng::seed_from_u64(31);
        let secrets: Vec<L::Scalar> = (0..count).map(|_| L::Scalar::random(&mut rng)).collect();
        let b = params.leaf_gens().pedersen().b;
        let leaves = secrets.iter().map(|x| L::mul_ct(&b, x)).collect();
        let tree = CurveTree::new(&params, leaves).unwrap();
        Keys { params, secrets, tree }
    }

    fn run<L: Cycle>(branching: &[usize], flips: bool) {
        let gens = gens::<L>();
        let keys = keys::<L>(branching, &gens, 5);
        let (params, root) = (&keys.params, keys.tree.root());
        let mut rng = ChaCha20Rng::seed_from_u64(32);
        let index = 3;
        let path = keys.tree.path(params, index as u64).unwrap();
        let x = keys.secrets[index];
        let make = |context: &[u8], message: &[u8], rng: &mut ChaCha20Rng| {
            let scope = Scope { context, message };
            prove(params, &mut Transcript::new(b"own"), &root, &path, &x, &scope, rng).unwrap()
        };
        let check = |proof: &OwnershipProof<L>, root: &Node<L>, context: &[u8], message: &[u8]| {
            verify(
                params,
                &mut Transcript::new(b"own"),
                root,
                &Scope { context, message },
                proof,
                &mut ChaCha20Rng::seed_from_u64(1),
            )
        };
        let proof = make(b"ctx", b"alice", &mut rng);
        let image = check(&proof, &root, b"ctx", b"alice").unwrap();
        assert_eq!(image, L::compress(&L::mul_ct(&key_image_base::<L>(b"ctx"), &x)));
        // One image per key and context, whatever the message.
        let again = make(b"ctx", b"bob", &mut rng);
        assert_ne!(again, proof);
        assert_eq!(check(&again, &root, b"ctx", b"bob").unwrap(), image);
        let other_context = make(b"ctx2", b"alice", &mut rng);
        assert_ne!(check(&other_context, &root, b"ctx2", b"alice").unwrap(), image);
        // The encoding round-trips, strictly.
        let bytes = proof.to_bytes();
        let decoded = OwnershipProof::from_bytes(&bytes, params).unwrap();
        assert_eq!(decoded, proof);
        assert_eq!(check(&decoded, &root, b"ctx", b"alice").unwrap(), image);
        for len in [0, 1, bytes.len() - 1] {
            assert!(OwnershipProof::from_bytes(&bytes[..len], params).is_err());
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(OwnershipProof::from_bytes(&longer, params).is_err());
        // The statement is the verifier's.
        let mut changed = keys.tree.even[0].clone();
        changed[0] = L::hash_to_point(&[5; 64]);
        let other_root = CurveTree::new(params, changed).unwrap().root();
        assert_eq!(check(&proof, &other_root, b"ctx", b"alice"), Err(ProofError::VerificationFailed));
        assert_eq!(check(&proof, &root, b"ctx2", b"alice"), Err(ProofError::VerificationFailed));
        assert_eq!(check(&proof, &root, b"ctx", b"alice!"), Err(ProofError::VerificationFailed));
        // Another image (another key's, or the identity) and a moved response.
        let mut stolen = proof.clone();
        stolen.key_image = L::compress(&L::mul_ct(&key_image_base::<L>(b"ctx"), &keys.secrets[0]));
        assert_eq!(check(&stolen, &root, b"ctx", b"alice"), Err(ProofError::VerificationFailed));
        stolen.key_image = L::compress(&L::identity());
        assert!(matches!(check(&stolen, &root, b"ctx", b"alice"), Err(ProofError::IdentityPoint { .. })));
        let j = key_image_base::<L>(b"ctx");
        let i = L::decompress(&image).unwrap();
        for malleated in [-i, i + j] {
            let mut m = proof.clone();
            m.key_image = L::compress(&malleated);
            assert_eq!(check(&m, &root, b"ctx", b"alice"), Err(ProofError::VerificationFailed));
        }
        let mut moved = proof.clone();
        moved.s1 += L::Scalar::one();
        assert_eq!(check(&moved, &root, b"ctx", b"alice"), Err(ProofError::VerificationFailed));
        // Framing: context "ab" and message "c" is not "a" and "bc"; another
        // transcript label; an empty context.
        let framed = make(b"ab", b"c", &mut rng);
        assert_eq!(check(&framed, &root, b"a", b"bc"), Err(ProofError::VerificationFailed));
        let scope = Scope { context: b"ctx", message: b"alice" };
        let other_label = verify(params, &mut Transcript::new(b"other"), &root, &scope, &proof, &mut rng);
        assert_eq!(other_label, Err(ProofError::VerificationFailed));
        let empty = Scope { context: b"", message: b"alice" };
        assert!(prove(params, &mut Transcript::new(b"own"), &root, &path, &x, &empty, &mut rng).is_err());
        assert!(verify(params, &mut Transcript::new(b"own"), &root, &empty, &proof, &mut rng).is_err());
        // Bytes read under another depth are refused.
        let mut deeper = branching.to_vec();
        deeper.push(2);
        if let Ok(deeper) = TreeParams::new(&deeper, gens.0.clone(), gens.1.clone()) {
            assert!(OwnershipProof::from_bytes(&bytes, &deeper).is_err());
        }
        // Another key than the path's leaf, and the zero key, are refused.
        for wrong in [keys.secrets[0], L::Scalar::zero()] {
            let scope = Scope { context: b"ctx", message: b"m" };
            let r = prove(params, &mut Transcript::new(b"own"), &root, &path, &wrong, &scope, &mut rng);
            assert!(matches!(r, Err(ProofError::Gadget { .. })));
        }
        // Tampered bytes: refused at decoding or by verification, never
        // accepted (a sample of positions; every byte of each point and
        // scalar of the statement part).
        if flips {
            let head = bytes.len() - proof.path.other_side.to_bytes().len();
            let mut positions: Vec<usize> = (0..head.min(400)).collect();
            positions.extend((head..bytes.len()).step_by(41));
            for pos in positions {
                let mut t = bytes.clone();
                t[pos] ^= 1 << (pos % 8);
                if let Ok(p) = OwnershipProof::from_bytes(&t, params) {
                    assert!(check(&p, &root, b"ctx", b"alice").is_err(), "byte {pos}");
                }
            }
        }
        let _ = rng.gen::<u8>();
    }

    /// A predictable RNG reveals neither the leaf nor links two scopes
    /// (review of 2026-11-30: the re-randomizers came from the caller's RNG
    /// alone); the same key at two leaves has one image.
    #[test]
    fn randomness_is_hedged_and_images_are_per_key() {
        type L = Secp256k1;
        let gens = gens::<L>();
        let keys = keys::<L>(&[4, 2], &gens, 5);
        let (params, root) = (&keys.params, keys.tree.root());
        let path = keys.tree.path(params, 1).unwrap();
        let x = keys.secrets[1];
        let prove_with = |context: &[u8]| {
            let scope = Scope { context, message: b"m" };
            let mut rng = ChaCha20Rng::seed_from_u64(7);
            prove(params, &mut Transcript::new(b"own"), &root, &path, &x, &scope, &mut rng).unwrap()
        };
        let (a, b) = (prove_with(b"one"), prove_with(b"two"));
        assert_ne!(a.path.even[0], b.path.even[0]);
        let naive_r0 = <L as Group>::Scalar::random(&mut ChaCha20Rng::seed_from_u64(7));
        let c_hat = L::decompress(&a.path.even[0]).unwrap();
        assert_ne!(c_hat - L::mul_ct(&params.leaf_gens().pedersen().b_blinding, &naive_r0), path.leaf);
        // The same key twice in a tree: one image wherever it is proved.
        let b_base = params.leaf_gens().pedersen().b;
        let mut leaves: Vec<_> = keys.secrets.iter().map(|s| L::mul_ct(&b_base, s)).collect();
        leaves.push(leaves[1]);
        let twice = CurveTree::new(params, leaves).unwrap();
        let scope = Scope { context: b"ctx", message: b"m" };
        let images: Vec<_> = [1u64, 5]
            .iter()
            .map(|i| {
                let path = twice.path(params, *i).unwrap();
                let mut rng = ChaCha20Rng::seed_from_u64(*i);
                let proof = prove(params, &mut Transcript::new(b"own"), &twice.root(), &path, &x, &scope, &mut rng);
                verify(params, &mut Transcript::new(b"own"), &twice.root(), &scope, &proof.unwrap(), &mut rng).unwrap()
            })
            .collect();
        assert_eq!(images[0], images[1]);
    }

    #[test]
    fn ownership_depth_1_and_2_secp256k1() {
        run::<Secp256k1>(&[6], false);
        run::<Secp256k1>(&[3, 4], true);
    }

    #[test]
    fn ownership_depth_3_secp256k1() {
        run::<Secp256k1>(&[2, 2, 3], false);
    }

    #[test]
    fn ownership_secq256k1_keys() {
        run::<Secq256k1>(&[3, 2], false);
    }
}

mod value_membership {
    use super::*;
    use crate::curve_tree::membership::{prove, verify, MembershipProof, ValueTree};
    use merlin::Transcript;
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    fn run(branching: &[usize], width: usize, count: usize, flips: bool) {
        type L = Secp256k1;
        let gens = gens::<L>();
        let params = tree_params::<L>(branching, &gens);
        let mut rng = ChaCha20Rng::seed_from_u64(41);
        let values: Vec<_> = (0..count).map(|_| <L as Group>::Scalar::random(&mut rng)).collect();
        let tree = ValueTree::new(&params, width, values.clone()).unwrap();
        let root = tree.root();
        let index = count - 1;
        let path = tree.path(&params, index as u64).unwrap();
        let gamma = <L as Group>::Scalar::random(&mut rng);
        let (proof, v) =
            prove(&params, &mut Transcript::new(b"mem"), &root, &path, (&values[index], &gamma), &mut rng).unwrap();
        let check = |proof: &MembershipProof<L>, root: &Node<L>, v: &<L as Group>::Compressed, width: usize| {
            verify(&params, width, &mut Transcript::new(b"mem"), root, v, proof, &mut ChaCha20Rng::seed_from_u64(1))
        };
        check(&proof, &root, &v, width).unwrap();
        let none = |_: &mut Transcript| {};
        let tag = crate::curve_tree::membership::leaf_tag(&params, width);
        assert!(same_as_from_scratch(&params, &none, &root, &proof.path, Some((v, width + 1, tag))));
        // Another width under the same parameters (its leaf side is not
        // the cached one) and a copy of the parameters (an empty cache).
        let wider = ValueTree::new(&params, width + 1, values.clone()).unwrap();
        let wider_path = wider.path(&params, index as u64).unwrap();
        let (wider_proof, wider_v) = prove(
            &params,
            &mut Transcript::new(b"mem"),
            &wider.root(),
            &wider_path,
            (&values[index], &gamma),
            &mut rng,
        )
        .unwrap();
        check(&wider_proof, &wider.root(), &wider_v, width + 1).unwrap();
        let copy = params.clone();
        verify(&copy, width, &mut Transcript::new(b"mem"), &root, &v, &proof, &mut rng).unwrap();
        let bytes = proof.to_bytes();
        let decoded = MembershipProof::from_bytes(&bytes, &params).unwrap();
        assert_eq!(decoded, proof);
        check(&decoded, &root, &v, width).unwrap();
        assert!(MembershipProof::from_bytes(&bytes[..bytes.len() - 1], &params).is_err());
        // The statement is the verifier's: another V (value or blinding),
        // another root, another width.
        let gens_p = params.leaf_gens().pedersen();
        let other_value = <L as Group>::Scalar::from_u64(7);
        for other in [
            L::compress(&L::msm_ct(
                &[values[index], gamma + <L as Group>::Scalar::one()],
                &[gens_p.b, gens_p.b_blinding],
            )),
            L::compress(&L::msm_ct(&[other_value, gamma], &[gens_p.b, gens_p.b_blinding])),
        ] {
            assert_eq!(check(&proof, &root, &other, width), Err(ProofError::VerificationFailed));
        }
        let mut changed = values.clone();
        changed[0] += <L as Group>::Scalar::one();
        let other_root = ValueTree::new(&params, width, changed).unwrap().root();
        assert_eq!(check(&proof, &other_root, &v, width), Err(ProofError::VerificationFailed));
        assert!(check(&proof, &root, &v, width + 1).is_err());
        // A value not in the tree, and 0 (an empty slot), cannot be proved.
        let last = tree.path(&params, (count - 1) as u64).unwrap();
        for wrong in [other_value, <L as Group>::Scalar::zero()] {
            let r = prove(&params, &mut Transcript::new(b"mem"), &root, &last, (&wrong, &gamma), &mut rng);
            assert_eq!(r.err(), Some(ProofError::Unsatisfied));
        }
        if flips {
            for pos in (0..bytes.len()).step_by(29) {
                let mut t = bytes.clone();
                t[pos] ^= 1 << (pos % 8);
                if let Ok(p) = MembershipProof::from_bytes(&t, &params) {
                    assert!(check(&p, &root, &v, width).is_err(), "byte {pos}");
                }
            }
        }
    }

    #[test]
    fn values_prove_and_verify() {
        run(&[5], 4, 18, false);
        run(&[4, 3], 4, 45, true);
        run(&[3, 2, 2], 1, 10, false);
    }

    /// Review of 2026-11-30: without the tag, the root of a depth-3 tree is
    /// the root of a depth-1 "value tree" whose values are the first level's
    /// x-coordinates; a stuck RNG repeated Ĉ_0 across versions of a tree;
    /// generators with B̃ among the leaf vectors' or Δ among the H_k.
    #[test]
    fn shapes_are_tagged_and_randomness_hedged() {
        type L = Secp256k1;
        let gens = gens::<L>();
        let params = tree_params::<L>(&[3, 2, 2], &gens);
        let values: Vec<_> = (1..=12u64).map(<L as Group>::Scalar::from_u64).collect();
        let honest = ValueTree::new(&params, 2, values.clone()).unwrap();
        let xs: Vec<_> =
            honest.tree.odd[0].iter().map(|c| Secp256k1::embed(&(*c + *params.other_delta())).unwrap().x).collect();
        let shallow = tree_params::<L>(&[2], &gens);
        let fake = ValueTree::new(&shallow, 2, xs).unwrap();
        assert_ne!(fake.root(), honest.root());

        let gamma = <L as Group>::Scalar::from_u64(99);
        let stuck = |tree: &ValueTree<L>| {
            let path = tree.path(&params, 3).unwrap();
            let mut rng = ChaCha20Rng::seed_from_u64(0);
            prove(&params, &mut Transcript::new(b"mem"), &tree.root(), &path, (&values[3], &gamma), &mut rng).unwrap()
        };
        let mut grown = values.clone();
        grown.push(<L as Group>::Scalar::from_u64(1000));
        let (a, _) = stuck(&honest);
        let (b, _) = stuck(&ValueTree::new(&params, 2, grown).unwrap());
        assert_ne!(a.path.even[0], b.path.even[0]);

        // B̃ = G_1 (a leaf-vector generator at depth 1, where no level on
        // the leaf curve checks it).
        let g1 = gens.0.vector().g_chains()[0][1];
        let pedersen = crate::generators::PedersenGens { b: gens.0.pedersen().b, b_blinding: g1 };
        let bad = TreeParams::new(&[4], gens.0.with_pedersen(pedersen), gens.1.clone()).unwrap();
        assert!(ValueTree::new(&bad, 2, vec![<L as Group>::Scalar::one()]).is_err());
        // Δ among the H_k.
        let mut h = gens.0.vector().h_chains()[0].clone();
        h[5] = crate::curve_tree::delta::<L>();
        let vector = crate::BulletproofGens::from_chains(gens.0.vector().g_chains().to_vec(), vec![h]).unwrap();
        let leaf_gens = Generators::from_parts(*gens.0.pedersen(), vector);
        assert!(TreeParams::new(&[4], leaf_gens, gens.1.clone()).is_err());
    }

    #[test]
    fn bad_value_trees_are_refused() {
        type L = Secp256k1;
        let gens = gens::<L>();
        let params = tree_params::<L>(&[2, 2], &gens);
        let one = <L as Group>::Scalar::one();
        for (width, values) in [
            (0, vec![one]),
            (2, vec![]),
            (2, vec![one; 9]),
            (2, vec![one, <L as Group>::Scalar::zero()]),
            (2000, vec![one]),
        ] {
            assert!(ValueTree::new(&params, width, values).is_err(), "width {width}");
        }
    }
}

/// Batches of both statements: honest claims pass alone and mixed; a batch
/// names exactly the bad claims, each with its own error (a replay error
/// where the proof does not replay, the equation's where it does), whichever
/// curve's equation or the opening's check is the one that fails.
mod batches {
    use super::*;
    use crate::curve_tree::{membership, ownership, verify_batch};
    use merlin::Transcript;
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    fn run(branching: &[usize]) {
        type L = Secp256k1;
        let gens = gens::<L>();
        let params = tree_params::<L>(branching, &gens);
        let mut rng = ChaCha20Rng::seed_from_u64(51);
        let secrets: Vec<_> = (0..5).map(|_| <L as Group>::Scalar::random(&mut rng)).collect();
        let b = params.leaf_gens().pedersen().b;
        let tree = CurveTree::new(&params, secrets.iter().map(|x| L::mul_ct(&b, x)).collect()).unwrap();
        let root = tree.root();
        let contexts: [&[u8]; 4] = [b"ctx", b"ctx", b"other", b"ctx"];
        let proofs: Vec<_> = contexts
            .iter()
            .enumerate()
            .map(|(k, context)| {
                let path = tree.path(&params, k as u64).unwrap();
                let scope = ownership::Scope { context, message: b"m" };
                ownership::prove(&params, &mut Transcript::new(b"own"), &root, &path, &secrets[k], &scope, &mut rng)
                    .unwrap()
            })
            .collect();
        let claim = |proof: &ownership::OwnershipProof<L>, root: &Node<L>, context: &[u8], rng: &mut ChaCha20Rng| {
            let scope = ownership::Scope { context, message: b"m" };
            ownership::claim(&params, &mut Transcript::new(b"own"), root, &scope, proof, rng)
        };
        // A value tree under the same parameters.
        let values: Vec<_> = (1..=6u64).map(<L as Group>::Scalar::from_u64).collect();
        let value_tree = membership::ValueTree::new(&params, 2, values.clone()).unwrap();
        let value_root = value_tree.root();
        let gamma = <L as Group>::Scalar::from_u64(77);
        let value_path = value_tree.path(&params, 4).unwrap();
        let (value_proof, v) = membership::prove(
            &params,
            &mut Transcript::new(b"mem"),
            &value_root,
            &value_path,
            (&values[4], &gamma),
            &mut rng,
        )
        .unwrap();
        let value_claim =
            |proof: &membership::MembershipProof<L>, v: &<L as Group>::Compressed, rng: &mut ChaCha20Rng| {
                membership::claim(&params, 2, &mut Transcript::new(b"mem"), &value_root, v, proof, rng)
            };

        let honest: Vec<_> = proofs.iter().zip(contexts).map(|(p, c)| claim(p, &root, c, &mut rng)).collect();
        let refs: Vec<_> = honest.iter().collect();
        let images = verify_batch(&refs, &mut rng).unwrap();
        assert_eq!(images, proofs.iter().map(|p| Some(*p.key_image())).collect::<Vec<_>>());
        assert_eq!(verify_batch::<L, _>(&[], &mut rng).unwrap(), vec![]);
        let mixed = value_claim(&value_proof, &v, &mut rng);
        let images = verify_batch(&[&honest[0], &mixed, &honest[2]], &mut rng).unwrap();
        assert_eq!(images, vec![Some(*proofs[0].key_image()), None, Some(*proofs[2].key_image())]);

        // Bad claims among honest ones: a moved response (only the
        // opening's check fails), another root (both circuits), the
        // identity as key image (no replay), another context, a value
        // proof against another V, and a proof whose other-side circuit
        // proof is another proof's.
        let mut moved = proofs[1].clone();
        moved.s1 += <L as Group>::Scalar::one();
        let mut changed = tree.even[0].clone();
        changed[4] = L::hash_to_point(&[9; 64]);
        let other_root = CurveTree::new(&params, changed).unwrap().root();
        let mut no_image = proofs[2].clone();
        no_image.key_image = L::compress(&L::identity());
        let mut swapped = proofs[3].clone();
        swapped.path.other_side = proofs[0].path.other_side.clone();
        let pedersen = params.leaf_gens().pedersen();
        let other_v = L::compress(&L::msm_ct(
            &[values[4], gamma + <L as Group>::Scalar::one()],
            &[pedersen.b, pedersen.b_blinding],
        ));
        let claims = [
            claim(&proofs[0], &root, b"ctx", &mut rng),
            claim(&moved, &root, b"ctx", &mut rng),
            claim(&proofs[1], &root, b"ctx", &mut rng),
            claim(&proofs[0], &other_root, b"ctx", &mut rng),
            claim(&no_image, &root, b"other", &mut rng),
            claim(&proofs[2], &root, b"other", &mut rng),
            claim(&proofs[3], &root, b"other", &mut rng),
            claim(&swapped, &root, b"ctx", &mut rng),
            value_claim(&value_proof, &v, &mut rng),
            value_claim(&value_proof, &other_v, &mut rng),
        ];
        let refs: Vec<_> = claims.iter().collect();
        let err = verify_batch(&refs, &mut rng).unwrap_err();
        let expected = vec![
            (1, ProofError::VerificationFailed),
            (3, ProofError::VerificationFailed),
            (4, ProofError::IdentityPoint { label: "I" }),
            (6, ProofError::VerificationFailed),
            (7, ProofError::VerificationFailed),
            (9, ProofError::VerificationFailed),
        ];
        assert_eq!(err.invalid, expected);
        // Each claim agrees with its single verification.
        for (k, (proof, context, r)) in [
            (&proofs[0], &b"ctx"[..], &root),
            (&moved, b"ctx", &root),
            (&proofs[1], b"ctx", &root),
            (&proofs[0], b"ctx", &other_root),
        ]
        .into_iter()
        .enumerate()
        {
            let scope = ownership::Scope { context, message: b"m" };
            let single = ownership::verify(&params, &mut Transcript::new(b"own"), r, &scope, proof, &mut rng);
            assert_eq!(single.is_ok(), !expected.iter().any(|(i, _)| *i == k), "claim {k}");
        }
        // Claims of several parameter sets in one batch: each is evaluated
        // against its own (here a copy of `params` and a shape of another
        // depth), and a claim replayed against other parameters than the
        // proof's is named.
        let copy = tree_params::<L>(branching, &gens);
        let mut deeper = branching.to_vec();
        deeper.push(2);
        let deeper = tree_params::<L>(&deeper, &gens);
        let deep_tree = CurveTree::new(&deeper, secrets.iter().map(|x| L::mul_ct(&b, x)).collect()).unwrap();
        let scope = ownership::Scope { context: b"ctx", message: b"m" };
        let deep_path = deep_tree.path(&deeper, 2).unwrap();
        let deep_root = deep_tree.root();
        let deep_proof = ownership::prove(
            &deeper,
            &mut Transcript::new(b"own"),
            &deep_root,
            &deep_path,
            &secrets[2],
            &scope,
            &mut rng,
        )
        .unwrap();
        let copied = ownership::claim(&copy, &mut Transcript::new(b"own"), &root, &scope, &proofs[0], &mut rng);
        let deep = ownership::claim(&deeper, &mut Transcript::new(b"own"), &deep_root, &scope, &deep_proof, &mut rng);
        let images = verify_batch(&[&deep, &claims[0], &copied, &claims[2]], &mut rng).unwrap();
        assert_eq!(images[0], Some(*deep_proof.key_image()));
        let crossed =
            ownership::claim(&params, &mut Transcript::new(b"own"), &deep_root, &scope, &deep_proof, &mut rng);
        let err = verify_batch(&[&claims[0], &crossed, &deep], &mut rng).unwrap_err();
        assert_eq!(err.indices(), vec![1]);
    }

    #[test]
    fn batches_name_exactly_the_bad_claims_depth_1() {
        run(&[6]);
    }

    #[test]
    fn batches_name_exactly_the_bad_claims_depth_2() {
        run(&[3, 4]);
    }
}

/// Pinned roots, `Δ`s and a leaf tag: the tree's hashing and commitments
/// do not change by accident (a change here changes every tree's root).
/// Regression values computed by this code (2026-11-30), not by an
/// independent implementation.
#[test]
fn pinned_vectors() {
    use crate::hazmat::to_hex;
    fn root_hex<L: Cycle>(gens: &Gens<L>) -> String {
        let params = tree_params::<L>(&[3, 2], gens);
        match CurveTree::new(&params, leaves::<L>(5, 6)).unwrap().root() {
            Node::Leaf(p) => to_hex(L::compressed_bytes(&L::compress(&p))),
            Node::Other(p) => to_hex(<L::Other as Group>::compressed_bytes(&<L::Other as Group>::compress(&p))),
        }
    }
    let got = [
        root_hex::<Secp256k1>(&gens::<Secp256k1>()),
        root_hex::<Secq256k1>(&gens::<Secq256k1>()),
        to_hex(Secp256k1::compressed_bytes(&Secp256k1::compress(&delta::<Secp256k1>()))),
        to_hex(Secq256k1::compressed_bytes(&Secq256k1::compress(&delta::<Secq256k1>()))),
        to_hex(
            &crate::curve_tree::membership::leaf_tag(&tree_params::<Secp256k1>(&[3, 2], &gens::<Secp256k1>()), 4)
                .to_bytes(),
        ),
    ];
    let want = [
        "039877e05a9d89c4df7234f486bfc7ae94e7686d608f367f6a0df5b6d2b617c40f",
        "02ec17f42ad4d4d2c5aa4374fac13fc150e4b8c6b5c9318451fd643e7f40240108",
        "038144722a036a599ed8f95b83b0e87fc7ffe06d570a70e4b9db02881d00e6d635",
        "023ad2dc4af32fa78faa12b5cdc8219c3481cc9802be34799cc876b79a7cb0ec02",
        "c16e3b72346a106c83a960f33d2d529ee84284e84de4b9171e7b6f02849e24b7",
    ];
    assert_eq!(got, want);
}
