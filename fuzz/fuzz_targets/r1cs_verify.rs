//! Arbitrary bytes as the R1CS proof of fixed, true statements (a small
//! `.arith` circuit; a k-shuffle with a second phase; Merkle membership of
//! depth 1 with the Pedersen-hash gadget), on both groups: the
//! decoder and verifier never panic, and nothing but the honest proof is
//! accepted. The first byte picks the case (bit 0: arith/shuffle, bit 1:
//! group, bit 2: Merkle membership); with its top bit set the rest is
//! a list of (offset, xor) edits applied to the honest proof (structure-aware
//! mutation).
#![no_main]
use std::sync::OnceLock;

use ballistic::circuit::gadgets::shuffle;
use ballistic::circuit::{Circuit, InputValues, PublicValues};
use ballistic::circuit::{Prover, R1csProof, Verifier};
use ballistic::group::ScalarOps;
use ballistic::hazmat::WithEmbeddedCurve;
use ballistic::merkle::{self, MembershipProof, MerkleParams, MerkleTree};
use ballistic::merlin::Transcript;
use ballistic::{Generators, Ristretto255, Secp256k1};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

const CIRCUIT: &str = "total 12\ninput 0\nnizkinput 2\nnizkinput 3\ninput 4\ninput 5\n\
    mul in 2 <2 3> out 1 <6>\nadd in 2 <4 5> out 1 <7>\nsplit in 1 <2> out 3 <8 9 10>\n\
    xor in 2 <8 9> out 1 <11>\nmul in 2 <6 7> out 1 <1>\noutput 1\noutput 11\n";
const INPUTS: &str = "0 1\n2 5\n3 2\n4 3\n5 4\n";

struct Case<G: WithEmbeddedCurve> {
    circuit: Circuit,
    public: PublicValues<G::Scalar>,
    arith_proof: Vec<u8>,
    shuffle_commitments: (Vec<G::Compressed>, Vec<G::Compressed>),
    shuffle_proof: Vec<u8>,
    gens: Generators<G>,
    merkle: MerkleParams<G>,
    merkle_gens: Generators<G>,
    merkle_root: G::Scalar,
    merkle_commitment: G::Compressed,
    merkle_proof: Vec<u8>,
}

fn build<G: WithEmbeddedCurve>() -> Case<G> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let circuit = Circuit::parse(CIRCUIT.as_bytes()).unwrap();
    let values: InputValues<G::Scalar> = circuit.read_inputs(INPUTS.as_bytes()).unwrap();
    let gens = Generators::new(16, 1);
    let (proof, public) = circuit.prove(&gens, Transcript::new(b"fuzz"), &values, &mut rng).unwrap();
    let mut prover = Prover::<G>::new(&gens, Transcript::new(b"fuzz shuffle"));
    let (cx, vx): (Vec<_>, Vec<_>) =
        [3u64, 9, 4].iter().map(|v| prover.commit(G::Scalar::from_u64(*v), G::Scalar::random(&mut rng))).unzip();
    let (cy, vy): (Vec<_>, Vec<_>) =
        [9u64, 4, 3].iter().map(|v| prover.commit(G::Scalar::from_u64(*v), G::Scalar::random(&mut rng))).unzip();
    shuffle(&mut prover, vx, vy).unwrap();
    let shuffle_proof = prover.prove_with_rng(&mut rng).unwrap().to_bytes();
    let merkle = MerkleParams::<G>::new(1).unwrap();
    let leaves = vec![G::Scalar::from_u64(5), G::Scalar::from_u64(6)];
    let tree = MerkleTree::new(&merkle, leaves).unwrap();
    let path = tree.path(&merkle, 1).unwrap();
    let merkle_gens = Generators::new(merkle.generators_needed(), 1);
    let merkle_root = tree.root();
    let (mp, merkle_commitment) = merkle::prove_membership(
        &merkle_gens,
        &merkle,
        Transcript::new(b"fuzz merkle"),
        &merkle_root,
        &G::Scalar::from_u64(6),
        &G::Scalar::from_u64(77),
        &path,
        &mut rng,
    )
    .unwrap();
    Case {
        circuit,
        public,
        arith_proof: proof.to_bytes(),
        shuffle_commitments: (cx, cy),
        shuffle_proof,
        gens,
        merkle,
        merkle_gens,
        merkle_root,
        merkle_commitment,
        merkle_proof: mp.to_bytes(),
    }
}

fn check<G: WithEmbeddedCurve>(case: &Case<G>, which: u8, data: &[u8]) {
    let honest = if which & 4 != 0 {
        &case.merkle_proof
    } else if which & 1 == 0 {
        &case.arith_proof
    } else {
        &case.shuffle_proof
    };
    let bytes = if which & 0x80 != 0 {
        let mut b = honest.clone();
        for edit in data.chunks_exact(3) {
            let off = u16::from_le_bytes([edit[0], edit[1]]) as usize % b.len();
            b[off] ^= edit[2];
        }
        b
    } else {
        data.to_vec()
    };
    let Ok(proof) = R1csProof::<G>::from_bytes(&bytes) else { return };
    assert_eq!(proof.to_bytes(), bytes, "decoding is not canonical");
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let accepted = if which & 4 != 0 {
        let p = MembershipProof { r1cs: proof };
        merkle::PreparedMembership::new(&case.merkle)
            .and_then(|m| {
                let t = Transcript::new(b"fuzz merkle");
                m.verify(&case.merkle_gens, t, &case.merkle_root, &case.merkle_commitment, &p, &mut rng)
            })
            .is_ok()
    } else if which & 1 == 0 {
        case.circuit.verify(&case.gens, Transcript::new(b"fuzz"), &case.public, &proof, &mut rng).is_ok()
    } else {
        let mut v = Verifier::<G>::new(Transcript::new(b"fuzz shuffle"));
        let vx = case.shuffle_commitments.0.iter().map(|c| v.commit(*c)).collect();
        let vy = case.shuffle_commitments.1.iter().map(|c| v.commit(*c)).collect();
        shuffle(&mut v, vx, vy).unwrap();
        v.verify_with_rng(&case.gens, &proof, &mut rng).is_ok()
    };
    assert!(!accepted || &bytes == honest, "accepted a proof the prover did not make");
}

fuzz_target!(|data: &[u8]| {
    static R: OnceLock<Case<Ristretto255>> = OnceLock::new();
    static S: OnceLock<Case<Secp256k1>> = OnceLock::new();
    let Some((&which, rest)) = data.split_first() else { return };
    if which & 2 == 0 {
        check(R.get_or_init(build), which, rest);
    } else {
        check(S.get_or_init(build), which, rest);
    }
});
