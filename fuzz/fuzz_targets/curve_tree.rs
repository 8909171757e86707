//! Curve Trees' statements (`ballistic::curve_tree`): key ownership and
//! membership of a committed value, against fixed depth-1 trees on the
//! secp256k1/secq256k1 cycle (branching 4: one secq256k1 circuit of 1,024
//! gates per proof, the cheapest shape). The first byte picks the mode
//! (its low 2 bits); the rest is:
//!
//! 0. arbitrary bytes as an ownership proof;
//! 1. edits ([`common::edit`]) of the honest ownership proof;
//! 2. arbitrary bytes as a membership proof;
//! 3. edits of the honest membership proof.
//!
//! Invariants: no panic; a proof that decodes encodes to the same bytes;
//! only the honest bytes verify (against the honest statement), and the
//! honest ownership proof returns the honest key image; a batch of the
//! honest proof and the input's claim (`claim`, `verify_batch`) agrees with
//! the single verification and names exactly the input when it fails.
#![no_main]
mod common;

use std::sync::OnceLock;

use ballistic::curve_tree::membership::{self, MembershipProof, ValueTree};
use ballistic::curve_tree::ownership::{self, OwnershipProof, Scope};
use ballistic::curve_tree::{verify_batch, CurveTree, Node, TreeParams};
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::{Generators, Group, Secp256k1, Secq256k1};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

type L = Secp256k1;
type S = <L as Group>::Scalar;

const SCOPE: Scope<'static> = Scope { context: b"fuzz context", message: b"fuzz message" };
const WIDTH: usize = 2;

struct Fixture {
    params: TreeParams<L>,
    keys_root: Node<L>,
    ownership: Vec<u8>,
    image: <L as Group>::Compressed,
    values_root: Node<L>,
    v: <L as Group>::Compressed,
    membership: Vec<u8>,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let gens = (Generators::<L>::new(1024, 1), Generators::<Secq256k1>::new(1024, 1));
        let params = TreeParams::new(&[4], gens.0, gens.1).expect("parameters");
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let keys: Vec<S> = (0..3).map(|_| S::random(&mut rng)).collect();
        let base = params.leaf_gens().pedersen().b;
        let tree = CurveTree::new(&params, keys.iter().map(|x| L::mul_ct(&base, x)).collect()).expect("tree");
        let path = tree.path(&params, 1).expect("path");
        let proof = ownership::prove(&params, &mut Transcript::new(b"fuzz"), &tree.root(), &path, &keys[1], &SCOPE, &mut rng)
            .expect("proof");
        let image = *proof.key_image();
        let values: Vec<S> = (1..=7).map(S::from_u64).collect();
        let vtree = ValueTree::new(&params, WIDTH, values.clone()).expect("value tree");
        let vpath = vtree.path(&params, 6).expect("path");
        let gamma = S::from_u64(5);
        let (mproof, v) =
            membership::prove(&params, &mut Transcript::new(b"fuzz"), &vtree.root(), &vpath, (&values[6], &gamma), &mut rng)
                .expect("proof");
        Fixture {
            keys_root: tree.root(),
            ownership: proof.to_bytes(),
            image,
            values_root: vtree.root(),
            v,
            membership: mproof.to_bytes(),
            params,
        }
    })
}

fn ownership_bytes(f: &Fixture, bytes: &[u8]) {
    let Ok(proof) = OwnershipProof::from_bytes(bytes, &f.params) else { return };
    assert_eq!(proof.to_bytes(), bytes, "ownership proofs decode canonically");
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let verdict = ownership::verify(&f.params, &mut Transcript::new(b"fuzz"), &f.keys_root, &SCOPE, &proof, &mut rng);
    let honest = OwnershipProof::from_bytes(&f.ownership, &f.params).expect("honest proof");
    let claims = [&honest, &proof]
        .map(|p| ownership::claim(&f.params, &mut Transcript::new(b"fuzz"), &f.keys_root, &SCOPE, p, &mut rng));
    agrees(verify_batch(&[&claims[0], &claims[1]], &mut rng).map(|images| images[1]), &verdict.clone().map(Some));
    match verdict {
        Ok(image) => {
            assert_eq!(bytes, f.ownership.as_slice(), "only the honest ownership proof verifies");
            assert_eq!(image, f.image);
        }
        Err(_) => assert_ne!(bytes, f.ownership.as_slice(), "the honest ownership proof verifies"),
    }
}

fn membership_bytes(f: &Fixture, bytes: &[u8]) {
    let Ok(proof) = MembershipProof::from_bytes(bytes, &f.params) else { return };
    assert_eq!(proof.to_bytes(), bytes, "membership proofs decode canonically");
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let verdict =
        membership::verify(&f.params, WIDTH, &mut Transcript::new(b"fuzz"), &f.values_root, &f.v, &proof, &mut rng);
    let honest = MembershipProof::from_bytes(&f.membership, &f.params).expect("honest proof");
    let claims = [&honest, &proof].map(|p| {
        membership::claim(&f.params, WIDTH, &mut Transcript::new(b"fuzz"), &f.values_root, &f.v, p, &mut rng)
    });
    agrees(verify_batch(&[&claims[0], &claims[1]], &mut rng).map(|_| ()), &verdict.clone());
    assert_eq!(verdict.is_ok(), bytes == f.membership.as_slice(), "only the honest membership proof verifies");
}

/// The batch of the honest claim and the input's agrees with the input's
/// single verification: the same result, or a failure naming index 1 only.
fn agrees<T: PartialEq + std::fmt::Debug>(
    batch: Result<T, ballistic::batch::BatchError>,
    single: &Result<T, ballistic::ProofError>,
) {
    match (batch, single) {
        (Ok(a), Ok(b)) => assert_eq!(&a, b, "batch and single verification agree"),
        (Err(e), Err(_)) => assert_eq!(e.indices(), vec![1], "the batch names the input only"),
        (b, s) => panic!("batch {b:?} against single {s:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let f = fixture();
    match mode & 3 {
        0 => ownership_bytes(f, rest),
        1 => ownership_bytes(f, &common::edit(&f.ownership, rest)),
        2 => membership_bytes(f, rest),
        _ => membership_bytes(f, &common::edit(&f.membership, rest)),
    }
});
