//! Curve Trees key-ownership files (`ballistic::file`'s key tree files,
//! keys files, secret key files and ownership proof files) against a fixed
//! key tree file of three secp256k1 keys, built with branching [4] (depth
//! 1: one secq256k1 circuit of 1,024 gates per proof, the cheapest shape,
//! as in `curve_tree`), the generators from a generator store in a
//! temporary directory (derived once, then loaded and checked against their
//! pinned digests, as the command line does; deriving them on every input
//! made the target 0.65 executions per second),
//! the honest proof being key 1's for a fixed context and message. The
//! first byte picks the mode (modulo 6); the rest is:
//!
//! 0. arbitrary bytes as an ownership proof file (JSON), verified against
//!    the honest statement (the honest tree's root and branching, the
//!    context, the message);
//! 1. edits ([`common::edit`]) of the honest ownership proof file's JSON;
//! 2. arbitrary bytes as a key tree file (`from_json`, then `tree()`);
//! 3. edits of the honest key tree file's JSON;
//! 4. a keys file (one key a line) built into a tree of branching [4] or
//!    [2, 2] (the low bit of the first byte after the mode);
//! 5. arbitrary bytes as a secret key file (`parse_secret_key`), proved
//!    with (`prove_in`) in the honest tree if it parses.
//!
//! Invariants: no panic; a file that parses writes JSON that parses to
//! itself; a proof file verifies only if it is the honest file field for
//! field, and then returns the honest key image; a file claiming another
//! branching, root, context or message than the verifier's is refused for
//! that; a batch of the honest file and the input (when the input claims
//! the verifier's statement) accepts the honest file and names exactly the
//! input when it fails alone (with the same refusal but for the proof
//! equation's reason; the honest file again is refused as a reused key
//! image); a tree file loads only if it equals the honest builder's output
//! for its keys (rebuilding from its keys gives the same file, and its root
//! is the tree's), is refused for its root only if the builder gives
//! another root, and loads if the builder writes it; a tree file that loads
//! with the honest root and branching is the honest file; the honest proof
//! verifies against a tree file's statement exactly when it claims the
//! honest root and branching; a keys file that builds gives a tree file of
//! its keys that loads again and has the same root, and one of 1 to 4 good
//! keys with distinct `x` builds; a secret key proves exactly when its
//! public key or its negation is in the tree, and the proof verifies with
//! the image of the tree's key (the `x`-coordinate of `x·J`), else
//! `KeyNotInTree`.
//! (Tree files are rebuilt only for up to 64 keys and shapes of at most
//! 4,096 generators over both curves, for the fuzzer's throughput.)
#![no_main]
mod common;

use std::sync::OnceLock;

use ballistic::curve_tree::ownership;
use ballistic::curve_tree::TreeParams;
use ballistic::file::{
    parse_key_lines, parse_secret_key, verify_ownership_files, FileError, GeneratorStore, KeyTree, KeyTreeFile,
    OwnershipProofFile, OwnershipStatement,
};
use ballistic::group::ScalarOps;
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::{Group, Secp256k1};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

type L = Secp256k1;
type S = <L as Group>::Scalar;

const CONTEXT: &str = "fuzz context";
const MESSAGE: &str = "fuzz message";
const BRANCHING: [usize; 1] = [4];
/// The prover's key (position in the tree).
const PROVER: usize = 1;
/// Tree files rebuilt: at most this many keys, and shapes of at most this
/// many generators over both curves.
const MAX_KEYS: usize = 64;
const MAX_GENERATORS: usize = 4096;

struct Fixture {
    /// The three secret keys.
    secrets: Vec<S>,
    tree_file: KeyTreeFile,
    built: KeyTree,
    proof_file: OwnershipProofFile,
    statement: OwnershipStatement,
}

fn store() -> GeneratorStore {
    static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
    let dir = DIR.get_or_init(|| std::env::temp_dir().join(format!("ballistic-fuzz-store-{}", std::process::id())));
    GeneratorStore::at(dir.clone())
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let secrets: Vec<S> = (0..3).map(|_| S::random(&mut rng)).collect();
        let keys: Vec<_> = secrets.iter().map(|x| L::compress(&L::mul_ct(&L::basepoint(), x))).collect();
        let (tree_file, built) = KeyTreeFile::build(&store(), Some(&BRANCHING[..]), &keys).expect("honest tree");
        assert_eq!(tree_file.tree(&store()).map(|t| t.keys().to_vec()), Ok(keys), "the honest tree file loads");
        let proof_file =
            OwnershipProofFile::prove_in(&built, &secrets[PROVER], CONTEXT, MESSAGE, &mut rng).expect("honest proof");
        let statement = built.statement(CONTEXT, MESSAGE);
        assert_eq!(statement, statement_of(&tree_file), "the tree's statement is its file's");
        let f = Fixture { secrets, tree_file, built, proof_file, statement };
        assert_eq!(f.verify(std::slice::from_ref(&f.proof_file)), vec![Ok(f.proof_file.key_image.clone())]);
        assert_eq!(f.proof_file.key_image, image_of(&f.secrets[PROVER]), "the image is x·J's x-coordinate");
        f
    })
}

/// The key image of `x` for the fixed context as proof files write it:
/// the `x`-coordinate of `x·J`, hex (the same for `x` and `−x`).
fn image_of(x: &S) -> String {
    let j = ownership::key_image_base::<L>(CONTEXT.as_bytes());
    to_hex(&L::compressed_bytes(&L::compress(&L::mul_ct(&j, x)))[1..])
}

/// The verifier's statement of a tree file, for the fixed context and
/// message.
fn statement_of(tree: &KeyTreeFile) -> OwnershipStatement {
    OwnershipStatement {
        root: tree.root.clone(),
        branching: tree.branching.clone(),
        context: CONTEXT.into(),
        message: MESSAGE.into(),
    }
}

/// The secret key file of `x` (64 hex digits, big-endian).
fn secret_text(x: &S) -> Vec<u8> {
    let mut be = ScalarOps::to_bytes(x);
    be.reverse();
    (to_hex(&be) + "\n").into_bytes()
}

impl Fixture {
    fn verify(&self, files: &[OwnershipProofFile]) -> Vec<Result<String, FileError>> {
        self.verify_against(files, &self.statement)
    }

    fn verify_against(
        &self,
        files: &[OwnershipProofFile],
        statement: &OwnershipStatement,
    ) -> Vec<Result<String, FileError>> {
        let files: Vec<_> = files.iter().cloned().map(Ok).collect();
        verify_ownership_files(&store(), &files, statement, &mut common::rng())
    }

    fn proof_file(&self, data: &[u8]) {
        let Ok(file) = OwnershipProofFile::from_json(data) else { return };
        assert_eq!(OwnershipProofFile::from_json(file.to_json().as_bytes()).as_ref(), Ok(&file), "JSON round trip");
        let (honest, s) = (&self.proof_file, &self.statement);
        let alone = self.verify(std::slice::from_ref(&file)).pop().expect("one verdict");
        if let Ok(image) = &alone {
            assert_eq!(&file, honest, "accepted an ownership proof file that is not the honest one");
            assert_eq!(image, &honest.key_image, "the honest file returned another key image");
        }
        // The verifier's statement decides, field by field, before decoding.
        let claimed = if file.branching != s.branching {
            Some(FileError::BranchingMismatch { expected: s.branching.clone(), got: file.branching.clone() })
        } else if file.root != s.root {
            Some(FileError::RootMismatch)
        } else if file.context != s.context {
            Some(FileError::WrongScope { field: "context" })
        } else if file.message != s.message {
            Some(FileError::WrongScope { field: "message" })
        } else {
            None
        };
        if let Some(e) = claimed {
            assert_eq!(alone, Err(e), "a file of another statement");
            return;
        }
        // A batch with the honest file names exactly the input (the others
        // are refused before any batch work).
        let batch = self.verify(&[honest.clone(), file]);
        assert_eq!(batch[0], Ok(honest.key_image.clone()), "the batch refused the honest file: {batch:?}");
        match (&alone, &batch[1]) {
            (Ok(_), Err(FileError::KeyImageReused { first: 0 })) => {}
            (Err(FileError::Proof(_)), Err(FileError::Proof(_))) => {}
            (Err(a), Err(b)) if a == b => {}
            (a, b) => panic!("alone {a:?}, in a batch with the honest file {b:?}"),
        }
    }

    fn tree_file(&self, data: &[u8]) {
        let Ok(file) = KeyTreeFile::from_json(data) else { return };
        assert_eq!(KeyTreeFile::from_json(file.to_json().as_bytes()).as_ref(), Ok(&file), "JSON round trip");
        let honest = &self.tree_file;
        // The honest proof against the tree file's statement: valid iff it
        // claims the honest root and branching (then the statement is the
        // honest one, whose verdict the fixture checked).
        let same = file.root == honest.root && file.branching == honest.branching;
        if same {
            assert_eq!(statement_of(&file), self.statement);
        } else {
            let verdict = self.verify_against(std::slice::from_ref(&self.proof_file), &statement_of(&file));
            assert!(verdict[0].is_err(), "the honest proof verified against another tree file's statement");
        }
        // Rebuilding derives the shape's generators and is linear in the
        // keys: small trees only.
        let small = TreeParams::<L>::generators_needed(&file.branching).is_some_and(|(a, b)| a + b <= MAX_GENERATORS);
        if file.keys.len() > MAX_KEYS || !small {
            return;
        }
        let keys: Option<Vec<_>> =
            file.keys.iter().map(|h| from_hex(h).and_then(|b| L::compressed_from_slice(&b))).collect();
        let rebuilt =
            keys.and_then(|k| KeyTreeFile::build(&store(), Some(file.branching.as_slice()), &k).ok()).map(|(f, _)| f);
        match file.tree(&store()) {
            Ok(tree) => {
                assert_eq!(Some(&file), rebuilt.as_ref(), "a tree file loaded that the builder does not write");
                assert_eq!(to_hex(&tree.tree().root().to_bytes()), file.root, "a tree file loaded with another root");
                assert_eq!(tree.root(), file.root);
                assert_eq!(tree.statement(CONTEXT, MESSAGE), statement_of(&file));
                let keys: Vec<String> = tree.keys().iter().map(|k| to_hex(L::compressed_bytes(k))).collect();
                assert_eq!(keys, file.keys);
                if same {
                    assert_eq!(&file, honest, "another tree has the honest root");
                }
            }
            Err(e) => {
                assert_ne!(rebuilt.as_ref(), Some(&file), "refused ({e:?}) a tree file the builder writes");
                if e == FileError::RootMismatch {
                    let rebuilt = rebuilt.expect("the keys were read before the root was compared");
                    assert_ne!(rebuilt.root, file.root, "refused a tree file whose keys give its root");
                }
            }
        }
    }

    /// A secret key file, proved with in the honest tree.
    fn secret_key(&self, data: &[u8]) {
        let Ok(x) = parse_secret_key(data) else { return };
        let b = self.built.params().leaf_gens().pedersen().b;
        let image = |x: &S| L::compressed_bytes(&L::compress(&L::mul_ct(&b, x))).to_vec();
        let (plus, minus) = (image(&x), image(&-*x));
        let in_tree = |p: &[u8]| self.built.keys().iter().any(|k| L::compressed_bytes(k) == p);
        // The tree key's secret: `x`, or `−x` for the negation of a key.
        let owned = if in_tree(&plus) {
            Some(*x)
        } else if in_tree(&minus) {
            Some(-*x)
        } else {
            None
        };
        let mut rng = common::rng();
        match (OwnershipProofFile::prove_in(&self.built, &x, CONTEXT, MESSAGE, &mut rng), owned) {
            (Ok(file), Some(key)) => {
                assert_eq!(file.key_image, image_of(&key), "the proof carries the tree key's image");
                assert!(self.secrets.contains(&key), "a key of the tree whose secret the fixture does not hold");
                assert_eq!(
                    self.verify(std::slice::from_ref(&file)),
                    vec![Ok(file.key_image)],
                    "a proof by a key of the tree"
                );
            }
            (Err(FileError::KeyNotInTree), None) => {}
            (r, owned) => {
                panic!("proving with a key {} the tree: {r:?}", if owned.is_some() { "in" } else { "not in" })
            }
        }
    }
}

/// A keys file: a byte for the branching ([4] or [2, 2]), then the text.
fn keys_file(data: &[u8]) {
    let Some((&first, text)) = data.split_first() else { return };
    let branching: &[usize] = if first & 1 == 0 { &[4] } else { &[2, 2] };
    let parsed = parse_key_lines(text);
    match KeyTreeFile::build_from_lines(&store(), Some(branching), text) {
        Ok(tree) => {
            let keys: Vec<String> = parsed
                .expect("a keys file that builds parses")
                .iter()
                .map(|k| to_hex(L::compressed_bytes(k)))
                .collect();
            assert_eq!(tree.keys, keys, "the tree file holds the keys file's keys, in order");
            assert_eq!(tree.branching, branching);
            let again = KeyTreeFile::from_json(tree.to_json().as_bytes()).expect("a built tree file parses");
            assert_eq!(again, tree);
            let loaded = again.tree(&store()).expect("a built tree file loads");
            assert_eq!(
                to_hex(&loaded.tree().root().to_bytes()),
                tree.root,
                "a built tree file loads with another root"
            );
        }
        Err(e) => {
            let Ok(keys) = parsed else { return };
            let mut xs: Vec<&[u8]> = keys.iter().map(|k| &L::compressed_bytes(k)[1..]).collect();
            xs.sort();
            xs.dedup();
            let good = (1..=4).contains(&keys.len()) && xs.len() == keys.len();
            // (Or a key is the tree's −Δ, which no one can find.)
            if good {
                assert!(matches!(e, FileError::Field { field: "keys", .. }), "refused {} good keys: {e:?}", keys.len());
            }
        }
    }
}

fn run(f: &Fixture, mode: u8, data: &[u8]) {
    match mode % 6 {
        0 => f.proof_file(data),
        1 => f.proof_file(&common::edit(f.proof_file.to_json().as_bytes(), data)),
        2 => f.tree_file(data),
        3 => f.tree_file(&common::edit(f.tree_file.to_json().as_bytes(), data)),
        4 => keys_file(data),
        _ => f.secret_key(data),
    }
}

/// An edit ([`common::edit`]) of `json` that turns a decimal digit of the
/// value after `field` (from its middle, at most 64 characters on) into
/// another (XOR 1): the JSON still parses, the value does not.
fn digit_edit(json: &str, field: &str) -> Vec<u8> {
    let start = json.find(field).expect("the field") + field.len();
    let end = json[start..].find('"').map_or(json.len(), |n| start + n);
    let from = start + (end - start).min(128) / 2;
    let at = from + json[from..].find(|c: char| c.is_ascii_digit()).expect("a digit");
    [&u16::try_from(at).expect("a short file").to_le_bytes()[..], &[1]].concat()
}

fn seeds() {
    let f = fixture();
    let with = |mode: u8, rest: &[u8]| [&[mode][..], rest].concat();
    let keys: String = f.tree_file.keys.iter().map(|k| k.clone() + "\n").collect();
    let x_only: String = f.tree_file.keys.iter().map(|k| k[2..].to_string() + "\n").collect();
    let seeds = [
        ("file", with(0, f.proof_file.to_json().as_bytes())),
        ("file-edit", with(1, &digit_edit(&f.proof_file.to_json(), "\"proof\": \""))),
        ("file-edit-image", with(1, &digit_edit(&f.proof_file.to_json(), "\"key_image\": \""))),
        ("tree", with(2, f.tree_file.to_json().as_bytes())),
        ("tree-edit", with(3, &digit_edit(&f.tree_file.to_json(), "\"keys\": [\n    \""))),
        ("tree-edit-root", with(3, &digit_edit(&f.tree_file.to_json(), "\"root\": \""))),
        ("keys", with(4, [&[0][..], keys.as_bytes()].concat().as_slice())),
        ("keys-x-only-2x2", with(4, [&[1][..], x_only.as_bytes()].concat().as_slice())),
        ("secret", with(5, &secret_text(&f.secrets[PROVER]))),
        ("secret-negated", with(5, &secret_text(&-f.secrets[0]))),
        ("secret-other", with(5, &secret_text(&S::from_u64(3)))),
    ];
    common::write_seeds(&seeds);
}

fuzz_target!(|data: &[u8]| {
    let Some((&[mode], rest)) = common::input(data, seeds) else { return };
    run(fixture(), mode, rest);
});
