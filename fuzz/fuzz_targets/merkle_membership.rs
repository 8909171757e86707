//! Merkle membership proofs and Merkle files (`ballistic::merkle`,
//! `ballistic::file`'s tree and membership proof files) against a fixed
//! tree of depth 2 with three leaves on Ristretto255, the honest proof
//! being of leaf 2 (its sibling the empty leaf). Tree and leaves files are
//! rebuilt on whichever group they name. (One group for the proofs: a
//! depth-2 proof is 4,096 padded gates, and the secp256k1 verifier under
//! the fuzzer's sanitizer takes seconds; `r1cs_verify` fuzzes depth-1
//! proofs on both groups.) The first byte picks the mode (its low 3 bits);
//! the rest is:
//!
//! 0. arbitrary bytes as a binary membership proof;
//! 1. edits ([`common::edit`]) of the honest binary proof;
//! 2. arbitrary bytes as a membership proof file (JSON);
//! 3. edits of the honest membership proof file's JSON;
//! 4. arbitrary bytes as a tree file (JSON);
//! 5. edits of the honest tree file's JSON;
//! 6. a leaves file (one leaf a line) built into a tree of depth 1–5 on
//!    any group (both named by the first byte after the mode);
//! 7. a statement for the honest binary proof: a depth byte (1–3), the
//!    root (32 bytes), the commitment (the group's encoding), the label.
//!
//! Invariants: no panic; binary proofs decode canonically; only the honest
//! proof verifies, and only against the honest statement (root, depth,
//! commitment, label); a proof file verifies only if it is the honest file
//! field for field, and a batch with the honest file names exactly the
//! files that fail alone; a proof file that parses has canonical fields; a
//! tree file loads only if it is exactly the file the builder writes for
//! its leaves (so its root is its leaves'), and the honest proof verifies
//! against a tree file exactly when it claims the honest group, depth and
//! root; a leaves file builds into a tree file that loads again.
#![no_main]
mod common;

use std::sync::OnceLock;

use ballistic::file::{self, verify_membership_files, FileError, GeneratorStore, MembershipProofFile, MerkleTreeFile};
use ballistic::group::{GroupId, ScalarOps};
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::merkle::{MembershipProof, MerkleParams, PreparedMembership, WithEmbeddedCurve};
use ballistic::{new_transcript, Generators, Group, Ristretto255};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

const LABEL: &str = "fuzz merkle";
const DEPTH: usize = 2;
const INDEX: u64 = 2;

struct Fixture<G: WithEmbeddedCurve> {
    /// The verifier's circuits for depths 1, 2 and 3 (index `depth − 1`).
    prepared: Vec<PreparedMembership<G>>,
    gens: Vec<Generators<G>>,
    root: G::Scalar,
    commitment: G::Compressed,
    proof: Vec<u8>,
    leaves: Vec<G::Scalar>,
    tree_file: MerkleTreeFile,
    proof_file: MembershipProofFile,
}

fn build<G: WithEmbeddedCurve>() -> Fixture<G> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let leaves: Vec<G::Scalar> = [5u64, 6, 7].iter().map(|v| G::Scalar::from_u64(*v)).collect();
    let (tree_file, params, tree) = MerkleTreeFile::build_tree::<G>(DEPTH, leaves.clone()).expect("tree");
    let (proof_file, _) =
        MembershipProofFile::prove_in(&GeneratorStore::disabled(), &params, &tree, INDEX, None, LABEL, &mut rng)
            .expect("honest proof");
    let mut prepared = Vec::new();
    let mut gens = Vec::new();
    for depth in 1..=3 {
        let params = MerkleParams::<G>::new(depth).expect("params");
        prepared.push(PreparedMembership::new(&params).expect("circuit"));
        gens.push(Generators::new(params.generators_needed(), 1));
    }
    let root = tree.root();
    let commitment = G::compressed_from_slice(&from_hex(&proof_file.commitment).expect("hex")).expect("commitment");
    let proof = from_hex(&proof_file.proof).expect("hex");
    let f = Fixture { prepared, gens, root, commitment, proof, leaves, tree_file, proof_file };
    assert!(f.verifies(DEPTH, &f.root, &f.commitment, LABEL.as_bytes(), &f.proof), "the honest proof verifies");
    assert_eq!(f.proof_file.verify(&GeneratorStore::disabled(), &f.tree_file.root, DEPTH, group_id::<G>()), Ok(()));
    f
}

fn group_id<G: Group>() -> GroupId {
    GroupId::of::<G>().expect("a named group")
}

fn scalar_from_hex<S: ScalarOps>(hex: &str) -> Option<S> {
    let bytes: [u8; 32] = from_hex(hex)?.try_into().ok()?;
    S::from_canonical_bytes(&bytes)
}

impl<G: WithEmbeddedCurve> Fixture<G> {
    fn verifies(&self, depth: usize, root: &G::Scalar, commitment: &G::Compressed, label: &[u8], bytes: &[u8]) -> bool {
        let Ok(proof) = MembershipProof::<G>::from_bytes(bytes) else { return false };
        assert_eq!(proof.to_bytes(), bytes, "membership proof decoding is not canonical");
        let mut rng = common::rng();
        self.prepared[depth - 1]
            .verify(&self.gens[depth - 1], new_transcript(label), root, commitment, &proof, &mut rng)
            .is_ok()
    }

    fn binary(&self, bytes: &[u8]) {
        if self.verifies(DEPTH, &self.root, &self.commitment, LABEL.as_bytes(), bytes) {
            assert_eq!(bytes, &self.proof[..], "accepted a membership proof the prover did not make");
        }
    }

    /// The honest proof against the statement in `data`.
    fn statement(&self, data: &[u8]) {
        let Some((&depth, rest)) = data.split_first() else { return };
        let depth = usize::from(depth % 3) + 1;
        let clen = G::compressed_bytes(&self.commitment).len();
        if rest.len() < 32 + clen {
            return;
        }
        let (root, rest) = rest.split_at(32);
        let (commitment, label) = rest.split_at(clen);
        let Some(root) = G::Scalar::from_canonical_bytes(root.try_into().expect("32 bytes")) else { return };
        let Some(commitment) = G::compressed_from_slice(commitment) else { return };
        if self.verifies(depth, &root, &commitment, label, &self.proof) {
            assert!(
                depth == DEPTH
                    && root == self.root
                    && G::compressed_bytes(&commitment) == G::compressed_bytes(&self.commitment)
                    && label == LABEL.as_bytes(),
                "the honest proof verified against another statement"
            );
        }
    }

    fn proof_file(&self, data: &[u8]) {
        let header = MembershipProofFile::from_json_header(data);
        let parsed = MembershipProofFile::from_json(data);
        let full = parsed.is_ok();
        let file = match (parsed, header) {
            (Ok(file), header) => {
                assert_eq!(header.as_ref(), Ok(&file), "a file that parses fully has a valid header");
                // Every field decodes canonically.
                ballistic::with_group!(file.group_id().expect("checked"), H => {
                    let root = scalar_from_hex::<<H as Group>::Scalar>(&file.root).expect("checked");
                    assert_eq!(to_hex(&ScalarOps::to_bytes(&root)), file.root);
                    let c = H::compressed_from_slice(&from_hex(&file.commitment).expect("checked")).expect("checked");
                    assert_eq!(to_hex(H::compressed_bytes(&c)), file.commitment);
                    let p = MembershipProof::<H>::from_bytes(&from_hex(&file.proof).expect("checked")).expect("checked");
                    assert_eq!(to_hex(&p.to_bytes()), file.proof);
                });
                file
            }
            (Err(_), Ok(file)) => file,
            (Err(_), Err(_)) => return,
        };
        let honest = &self.proof_file;
        let (root, group) = (&self.tree_file.root, group_id::<G>());
        let alone = file.verify(&GeneratorStore::disabled(), root, DEPTH, group);
        if alone.is_ok() {
            assert_eq!(&file, honest, "accepted a membership proof file that is not the honest one");
        }
        if file.group == honest.group && file.depth != DEPTH {
            assert_eq!(alone, Err(FileError::DepthMismatch { expected: DEPTH, got: file.depth }));
        }
        // A batch with the honest file names exactly the bad file (for files
        // that decode and claim the verifier's statement: the others are
        // refused before any batch work).
        if full && file.group == honest.group && file.depth == DEPTH && &file.root == root {
            let mut rng = common::rng();
            let batch = verify_membership_files(
                &GeneratorStore::disabled(),
                &[Ok(file), Ok(honest.clone())],
                root,
                DEPTH,
                group,
                &mut rng,
            );
            let named: Vec<usize> = batch.iter().map(|(i, _)| *i).collect();
            assert_eq!(named, if alone.is_ok() { vec![] } else { vec![0] }, "the batch names other files: {batch:?}");
        }
    }

    fn tree_file(&self, data: &[u8]) {
        let Ok(file) = MerkleTreeFile::from_json(data) else { return };
        let honest = &self.tree_file;
        // The honest proof verifies against the tree's claims iff they are the honest tree's.
        let same = file.group == honest.group && file.depth == honest.depth && file.root == honest.root;
        let mut rng = common::rng();
        let verdict = file
            .verify_proofs(&GeneratorStore::disabled(), &[Ok(self.proof_file.clone())], &mut rng)
            .expect("a known group");
        assert_eq!(verdict.is_empty(), same, "the honest proof against a tree file: {verdict:?}");
        // Rebuilding is linear in the leaves: small trees only.
        if file.leaves.len() > 64 {
            return;
        }
        ballistic::with_group!(file.group_id().expect("checked"), H => check_tree::<H>(&file));
        if same && file.tree::<G>().is_ok() {
            let leaves: Vec<String> = self.leaves.iter().map(|l| to_hex(&ScalarOps::to_bytes(l))).collect();
            assert_eq!(file.leaves, leaves, "another tree has the honest root");
        }
    }
}

/// A tree file loads iff it is exactly what the builder writes for its leaves.
fn check_tree<H: WithEmbeddedCurve>(file: &MerkleTreeFile) {
    let leaves: Option<Vec<H::Scalar>> = file.leaves.iter().map(|h| scalar_from_hex(h)).collect();
    let rebuilt = leaves.and_then(|l| MerkleTreeFile::build::<H>(file.depth, l).ok());
    match file.tree::<H>() {
        Ok((_, tree)) => {
            assert_eq!(Some(file), rebuilt.as_ref(), "a tree file loaded that the builder does not write");
            assert_eq!(to_hex(&ScalarOps::to_bytes(&tree.root())), file.root);
        }
        Err(FileError::RootMismatch) => {
            let rebuilt = rebuilt.expect("the leaves were read before the root was compared");
            assert_ne!(rebuilt.root, file.root, "refused a tree file whose leaves give its root");
        }
        Err(_) => {}
    }
}

/// A leaves file: a byte for the depth (1–5) and the group, then the text.
fn leaves_file(data: &[u8]) {
    let Some((&first, text)) = data.split_first() else { return };
    let depth = usize::from(first % 5) + 1;
    let group = GroupId::ALL[usize::from(first / 5) % GroupId::ALL.len()];
    if text.len() > 4096 {
        return;
    }
    // (count, whether a leaf is zero: 0 marks empty positions and is refused)
    let parsed = ballistic::with_group!(group, H => file::parse_leaf_lines::<H>(text)
        .map(|l| (l.len(), l.iter().any(ScalarOps::is_zero))));
    match MerkleTreeFile::build_from_lines(group, depth, text) {
        Ok(tree) => {
            assert_eq!(parsed.as_ref().ok(), Some(&(tree.leaves.len(), false)));
            let again = MerkleTreeFile::from_json(tree.to_json().as_bytes()).expect("a built tree file parses");
            assert_eq!(again, tree);
            ballistic::with_group!(group, H => assert!(again.tree::<H>().is_ok(), "a built tree file does not load"));
        }
        Err(_) => {
            if let Ok((count, zero)) = parsed {
                assert!(zero || count == 0 || count > 1 << depth, "refused {count} good leaves at depth {depth}");
            }
        }
    }
}

fn run<G: WithEmbeddedCurve>(f: &Fixture<G>, mode: u8, data: &[u8]) {
    match mode {
        0 => f.binary(data),
        1 => f.binary(&common::edit(&f.proof, data)),
        2 => f.proof_file(data),
        3 => f.proof_file(&common::edit(f.proof_file.to_json().as_bytes(), data)),
        4 => f.tree_file(data),
        5 => f.tree_file(&common::edit(f.tree_file.to_json().as_bytes(), data)),
        6 => leaves_file(data),
        _ => f.statement(data),
    }
}

fn seeds() {
    let f = fixture();
    let with = |mode: u8, rest: &[u8]| [&[mode][..], rest].concat();
    let seeds = [
        ("binary", with(0, &f.proof)),
        ("binary-edit", with(1, &[0x10, 0, 1])),
        ("file", with(2, f.proof_file.to_json().as_bytes())),
        ("file-edit", with(3, &[0x40, 0, 1])),
        ("tree", with(4, f.tree_file.to_json().as_bytes())),
        ("tree-edit", with(5, &[0x60, 0, 1])),
        ("leaves", with(6, b"\x011\n2\n3\n")),
        ("leaves-secp", with(6, b"\x06ff\n0\n")),
        ("statement", with(7, &statement_bytes(f))),
    ];
    common::write_seeds(&seeds);
}

/// The honest statement in mode 7's form.
fn statement_bytes<G: WithEmbeddedCurve>(f: &Fixture<G>) -> Vec<u8> {
    [&[(DEPTH - 1) as u8][..], &ScalarOps::to_bytes(&f.root), G::compressed_bytes(&f.commitment), LABEL.as_bytes()]
        .concat()
}

fn fixture() -> &'static Fixture<Ristretto255> {
    static F: OnceLock<Fixture<Ristretto255>> = OnceLock::new();
    F.get_or_init(build)
}

fuzz_target!(|data: &[u8]| {
    let Some((&[which], rest)) = common::input(data, seeds) else { return };
    run(fixture(), which & 7, rest);
});
