//! Rows CT: Curve Trees on the secp256k1/secq256k1 cycle
//! (`curve_tree::ownership::verify`, `curve_tree::membership::verify`,
//! `curve_tree::verify_batch`). Small trees: branching `[4, 4]` (both
//! curves carry a circuit proof), leaves on secp256k1.

use std::sync::OnceLock;

use ballistic::curve_tree::membership::{self, MembershipProof, ValueTree};
use ballistic::curve_tree::ownership::{self, OwnershipProof, Scope, MAX_CONTEXT_LEN};
use ballistic::curve_tree::{verify_batch, CurveTree, Node, TreeParams, MAX_BRANCHING, MAX_DEPTH};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Generators, ProofError, Secp256k1, Secq256k1};

use super::{identity_bytes, invalid_point, noncanonical_scalars, rng, LABEL};

type L = Secp256k1;
type LScalar = <L as Group>::Scalar;

const BRANCHING: [usize; 2] = [4, 4];
const CONTEXT: &[u8] = b"validation/ct";
const MESSAGE: &[u8] = b"session";

fn params_of(branching: &[usize]) -> TreeParams<L> {
    let (a, b) = TreeParams::<L>::generators_needed(branching).unwrap();
    TreeParams::new(branching, Generators::<L>::new(a, 1), Generators::<Secq256k1>::new(b, 1)).unwrap()
}

struct Fixture {
    params: TreeParams<L>,
    root: Node<L>,
    ownership: OwnershipProof<L>,
    image: <L as Group>::Compressed,
    value_root: Node<L>,
    v: <L as Group>::Compressed,
    membership: MembershipProof<L>,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let params = params_of(&BRANCHING);
        let mut r = rng(170);
        let keys: Vec<LScalar> = (0..6).map(|_| LScalar::random(&mut r)).collect();
        let b = params.leaf_gens().pedersen().b;
        let tree = CurveTree::new(&params, keys.iter().map(|x| L::mul_ct(&b, x)).collect()).unwrap();
        let root = tree.root();
        let path = tree.path(&params, 4).unwrap();
        let scope = Scope { context: CONTEXT, message: MESSAGE };
        let ownership =
            ownership::prove(&params, &mut Transcript::new(LABEL), &root, &path, &keys[4], &scope, &mut r).unwrap();
        let image = *ownership.key_image();
        let values: Vec<LScalar> = (1..=5).map(LScalar::from_u64).collect();
        let value_tree = ValueTree::new(&params, 2, values.clone()).unwrap();
        let value_root = value_tree.root();
        let vpath = value_tree.path(&params, 3).unwrap();
        let gamma = LScalar::random(&mut r);
        let (membership, v) =
            membership::prove(&params, &mut Transcript::new(LABEL), &value_root, &vpath, (&values[3], &gamma), &mut r)
                .unwrap();
        Fixture { params, root, ownership, image, value_root, v, membership }
    })
}

fn own(
    params: &TreeParams<L>,
    root: &Node<L>,
    context: &[u8],
    message: &[u8],
    label: &'static [u8],
    proof: &OwnershipProof<L>,
) -> Result<<L as Group>::Compressed, ProofError> {
    let scope = Scope { context, message };
    ownership::verify(params, &mut Transcript::new(label), root, &scope, proof, &mut rng(171))
}

fn mem(
    params: &TreeParams<L>,
    width: usize,
    root: &Node<L>,
    v: &<L as Group>::Compressed,
    proof: &MembershipProof<L>,
) -> Result<(), ProofError> {
    membership::verify(params, width, &mut Transcript::new(LABEL), root, v, proof, &mut rng(172))
}

fn gadget(message: &str) -> ProofError {
    ProofError::Gadget { message: message.into() }
}

#[test]
fn ct_1_parameters() {
    let gens = || (Generators::<L>::new(1024, 1), Generators::<Secq256k1>::new(1024, 1));
    let (a, b) = gens();
    assert_eq!(
        TreeParams::<L>::new(&[], a.clone(), b.clone()).err(),
        Some(gadget(&format!("curve tree of depth 0 (1 ..= {MAX_DEPTH})")))
    );
    assert_eq!(
        TreeParams::<L>::new(&[2; MAX_DEPTH + 1], a.clone(), b.clone()).err(),
        Some(gadget(&format!("curve tree of depth {} (1 ..= {MAX_DEPTH})", MAX_DEPTH + 1)))
    );
    for bad in [1, MAX_BRANCHING + 1] {
        assert_eq!(
            TreeParams::<L>::new(&[4, bad], a.clone(), b.clone()).err(),
            Some(gadget(&format!("level 2: branching {bad} (2 ..= {MAX_BRANCHING})")))
        );
    }
    // A level wider than its curve's generators.
    assert_eq!(
        TreeParams::<L>::new(&[2048], a.clone(), b.clone()).err(),
        Some(gadget("level 1: branching 2048 past the curve's 1024 generators"))
    );
    assert!(TreeParams::<L>::generators_needed(&[1]).is_none());
    assert!(TreeParams::<L>::new(&BRANCHING, a, b).is_ok());
}

#[test]
fn ct_2_leaves() {
    let f = fixture();
    let p = &f.params;
    assert_eq!(CurveTree::new(p, vec![]).err(), Some(gadget("0 leaves for a tree of 16 (1 ..= capacity)")));
    let many = vec![L::basepoint(); 17];
    assert_eq!(CurveTree::new(p, many).err(), Some(gadget("17 leaves for a tree of 16 (1 ..= capacity)")));
    assert_eq!(CurveTree::new(p, vec![L::basepoint(), L::identity()]).err(), Some(gadget("leaf #1 is the identity")));
    let minus_delta = -*p.leaf_delta();
    assert!(!p.accepts_leaf(&minus_delta) && !p.accepts_leaf(&L::identity()) && p.accepts_leaf(&L::basepoint()));
    assert_eq!(CurveTree::new(p, vec![L::basepoint(), minus_delta]).err(), Some(gadget("child #1 is −Δ")));
}

#[test]
fn ct_3_encoding() {
    let f = fixture();
    let bytes = f.ownership.to_bytes();
    let p = &f.params;
    assert_eq!(OwnershipProof::from_bytes(&bytes, p).as_ref(), Ok(&f.ownership));
    // Ĉ_0 (offset 0), I (after Ĉ_0 and Ĉ_1): not a point, the identity.
    let point_len = <L as Group>::POINT_LEN;
    let i_at = point_len + <Secq256k1 as Group>::POINT_LEN;
    for at in [0, i_at] {
        for bad in [invalid_point::<L>(), identity_bytes::<L>()] {
            let mut b = bytes.clone();
            b[at..at + point_len].copy_from_slice(&bad);
            assert_eq!(OwnershipProof::from_bytes(&b, p).err(), Some(ProofError::InvalidPoint { offset: at }));
        }
    }
    // s_1: not canonical.
    let s1_at = i_at + 3 * point_len;
    for bad in noncanonical_scalars::<L>() {
        let mut b = bytes.clone();
        b[s1_at..s1_at + 32].copy_from_slice(&bad);
        assert_eq!(OwnershipProof::from_bytes(&b, p).err(), Some(ProofError::NonCanonicalScalar { offset: s1_at }));
    }
    // Truncated, extended: refused while decoding.
    for b in [&bytes[..bytes.len() - 1], &bytes[..s1_at]] {
        assert!(OwnershipProof::from_bytes(b, p).is_err());
    }
    let mut long = bytes.clone();
    long.push(0);
    assert!(OwnershipProof::from_bytes(&long, p).is_err());
    // The leaf side's length (4 bytes after s_2) one more or less.
    let len_at = s1_at + 64;
    for delta in [1u32, u32::MAX] {
        let mut b = bytes.clone();
        let len = u32::from_le_bytes(b[len_at..len_at + 4].try_into().unwrap()).wrapping_add(delta);
        b[len_at..len_at + 4].copy_from_slice(&len.to_le_bytes());
        assert!(OwnershipProof::from_bytes(&b, p).is_err());
    }
    // A proof for another depth.
    assert!(OwnershipProof::from_bytes(&bytes, &params_of(&[4])).is_err());
    assert!(MembershipProof::from_bytes(&f.membership.to_bytes(), &params_of(&[4, 4, 2])).is_err());
}

#[test]
fn ct_4_root() {
    let f = fixture();
    let p = &f.params;
    assert_eq!(own(p, &f.root, CONTEXT, MESSAGE, LABEL, &f.ownership), Ok(f.image));
    assert_eq!(own(p, &f.value_root, CONTEXT, MESSAGE, LABEL, &f.ownership), Err(ProofError::VerificationFailed));
    let wrong_curve = Node::Other(<Secq256k1 as Group>::basepoint());
    assert_eq!(
        own(p, &wrong_curve, CONTEXT, MESSAGE, LABEL, &f.ownership),
        Err(gadget("root on the wrong curve for the depth"))
    );
    assert_eq!(mem(p, 2, &f.value_root, &f.v, &f.membership), Ok(()));
    assert_eq!(mem(p, 2, &f.root, &f.v, &f.membership), Err(ProofError::VerificationFailed));
    // Parameters of the same depth, another branching: the equation refuses.
    let narrower = params_of(&[2, 4]);
    let proof = OwnershipProof::from_bytes(&f.ownership.to_bytes(), &narrower).unwrap();
    assert_eq!(own(&narrower, &f.root, CONTEXT, MESSAGE, LABEL, &proof), Err(ProofError::VerificationFailed));
}

#[test]
fn ct_5_scope() {
    let f = fixture();
    let p = &f.params;
    let long = vec![b'x'; MAX_CONTEXT_LEN + 1];
    let too_long = ProofError::MessageTooLong { len: MAX_CONTEXT_LEN + 1, capacity: MAX_CONTEXT_LEN };
    assert_eq!(own(p, &f.root, b"", MESSAGE, LABEL, &f.ownership), Err(gadget("an empty key-image context")));
    assert_eq!(own(p, &f.root, &long, MESSAGE, LABEL, &f.ownership), Err(too_long.clone()));
    assert_eq!(own(p, &f.root, CONTEXT, &long, LABEL, &f.ownership), Err(too_long));
    for (context, message, label) in
        [(&b"validation/cu"[..], MESSAGE, LABEL), (CONTEXT, &b"other"[..], LABEL), (CONTEXT, MESSAGE, b"other")]
    {
        assert_eq!(own(p, &f.root, context, message, label, &f.ownership), Err(ProofError::VerificationFailed));
    }
    // The key image is the proof's, checked: another image is refused.
    let mut other = f.ownership.clone();
    let bytes = {
        let mut b = other.to_bytes();
        let i_at = <L as Group>::POINT_LEN + <Secq256k1 as Group>::POINT_LEN;
        b[i_at..i_at + 33].copy_from_slice(<L as Group>::compressed_bytes(&L::compress(&L::basepoint())));
        b
    };
    other = OwnershipProof::from_bytes(&bytes, p).unwrap();
    assert_eq!(own(p, &f.root, CONTEXT, MESSAGE, LABEL, &other), Err(ProofError::VerificationFailed));
}

#[test]
fn ct_6_value_statement() {
    let f = fixture();
    let p = &f.params;
    let gens = p.leaf_gens().vector().gens_capacity();
    let not_a_point = <L as Group>::compressed_from_slice(&invalid_point::<L>()).unwrap();
    assert_eq!(mem(p, 2, &f.value_root, &not_a_point, &f.membership), Err(ProofError::InvalidCommitment { index: 0 }));
    let identity = L::compress(&L::identity());
    assert_eq!(mem(p, 2, &f.value_root, &identity, &f.membership), Err(ProofError::IdentityPoint { label: "V" }));
    let bumped = L::compress(&(L::decompress(&f.v).unwrap() + p.leaf_gens().pedersen().b));
    assert_eq!(mem(p, 2, &f.value_root, &bumped, &f.membership), Err(ProofError::VerificationFailed));
    for width in [1, 3] {
        assert_eq!(mem(p, width, &f.value_root, &f.v, &f.membership), Err(ProofError::VerificationFailed));
    }
    for width in [0, gens] {
        assert_eq!(
            mem(p, width, &f.value_root, &f.v, &f.membership),
            Err(gadget(&format!("leaf vectors of {width} values do not fit the leaf curve's {gens} generators")))
        );
    }
    // Zero is never a value.
    assert_eq!(
        ValueTree::new(p, 2, vec![LScalar::from_u64(1), LScalar::zero()]).err(),
        Some(gadget("value #1 is zero (0 marks empty slots and is never a member)"))
    );
}

#[test]
fn ct_7_batch() {
    let f = fixture();
    let p = &f.params;
    let scope = Scope { context: CONTEXT, message: MESSAGE };
    let empty = Scope { context: b"", message: MESSAGE };
    let mut r = rng(173);
    let good = ownership::claim(p, &mut Transcript::new(LABEL), &f.root, &scope, &f.ownership, &mut r);
    let again = ownership::claim(p, &mut Transcript::new(LABEL), &f.root, &scope, &f.ownership, &mut r);
    let value = membership::claim(p, 2, &mut Transcript::new(LABEL), &f.value_root, &f.v, &f.membership, &mut r);
    let wrong_root = ownership::claim(p, &mut Transcript::new(LABEL), &f.value_root, &scope, &f.ownership, &mut r);
    let refused = ownership::claim(p, &mut Transcript::new(LABEL), &f.root, &empty, &f.ownership, &mut r);
    // Every claim verified: the images (a reused one is the application's check).
    assert_eq!(verify_batch(&[&good, &value, &again], &mut r), Ok(vec![Some(f.image), None, Some(f.image)]));
    let err = verify_batch(&[&good, &wrong_root, &value, &refused], &mut r).unwrap_err();
    assert_eq!(err.invalid, vec![(1, ProofError::VerificationFailed), (3, gadget("an empty key-image context"))]);
    assert_eq!(verify_batch::<L, _>(&[], &mut r), Ok(vec![]));
}
