use std::sync::OnceLock;

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use super::*;

const CONTEXT: &str = "example-forum/votes/2026";
const MESSAGE: &str = "session 7f3a";
const BRANCHING: [usize; 2] = [4, 4];

/// The secret key `k` (big-endian, as key files hold it).
fn secret_hex(k: u64) -> String {
    format!("{:0>64}\n", format!("{k:x}"))
}

fn key(k: u64) -> Key {
    *parse_secret_key(secret_hex(k).as_bytes()).unwrap()
}

fn public(k: u64) -> <Leaf as Group>::Compressed {
    Leaf::compress(&Leaf::mul_ct(&Leaf::basepoint(), &key(k)))
}

fn keys_text(keys: impl Iterator<Item = u64>) -> String {
    keys.map(|k| to_hex(Leaf::compressed_bytes(&public(k))) + "\n").collect()
}

struct Fixture {
    tree: KeyTreeFile,
    built: KeyTree,
    /// Proofs by keys 3 and 5 for (CONTEXT, MESSAGE).
    proofs: [OwnershipProofFile; 2],
}

fn store() -> GeneratorStore {
    GeneratorStore::disabled()
}

/// Ten keys (secret keys 1 ..= 10) in a tree of branching 4, 4.
fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let tree = KeyTreeFile::build_from_lines(&store(), Some(&BRANCHING), keys_text(1..=10).as_bytes()).unwrap();
        let built = tree.tree(&store()).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let prove = |k: u64, rng: &mut ChaCha20Rng| {
            OwnershipProofFile::prove_in(&built, &key(k), CONTEXT, MESSAGE, rng).unwrap()
        };
        let proofs = [prove(3, &mut rng), prove(5, &mut rng)];
        Fixture { tree, built, proofs }
    })
}

fn statement() -> OwnershipStatement {
    fixture().built.statement(CONTEXT, MESSAGE)
}

fn verify(files: &[OwnershipProofFile], statement: &OwnershipStatement) -> Vec<Result<String, FileError>> {
    let files: Vec<_> = files.iter().cloned().map(Ok).collect();
    verify_ownership_files(&store(), &files, statement, &mut ChaCha20Rng::seed_from_u64(2))
}

#[test]
fn honest_proofs_verify_and_return_their_images() {
    let f = fixture();
    let out = verify(&f.proofs, &statement());
    assert_eq!(out, vec![Ok(f.proofs[0].key_image.clone()), Ok(f.proofs[1].key_image.clone())]);
    assert_ne!(f.proofs[0].key_image, f.proofs[1].key_image);
    // Through JSON.
    let parsed = OwnershipProofFile::from_json(f.proofs[0].to_json().as_bytes()).unwrap();
    assert_eq!(parsed, f.proofs[0]);
    // The image is x·J for the context's J, up to sign (its x-coordinate).
    let j = ownership::key_image_base::<Leaf>(CONTEXT.as_bytes());
    let image = Leaf::compress(&Leaf::mul_ct(&j, &key(3)));
    assert_eq!(f.proofs[0].key_image, to_hex(&Leaf::compressed_bytes(&image)[1..]));
}

#[test]
fn one_key_twice_in_a_call_is_refused_from_the_second_on() {
    let f = fixture();
    let again =
        OwnershipProofFile::prove_in(&f.built, &key(3), CONTEXT, MESSAGE, &mut ChaCha20Rng::seed_from_u64(9)).unwrap();
    assert_ne!(again.proof, f.proofs[0].proof, "a fresh proof");
    let out = verify(&[f.proofs[0].clone(), f.proofs[1].clone(), again], &statement());
    assert!(out[0].is_ok() && out[1].is_ok());
    assert_eq!(out[2], Err(FileError::KeyImageReused { first: 0 }));
}

#[test]
fn the_verifiers_statement_decides() {
    let f = fixture();
    let p = &f.proofs[0];
    let mut s = statement();
    s.context = "another context".into();
    assert_eq!(verify(std::slice::from_ref(p), &s), vec![Err(FileError::WrongScope { field: "context" })]);
    let mut s = statement();
    s.message = "another session".into();
    assert_eq!(verify(std::slice::from_ref(p), &s), vec![Err(FileError::WrongScope { field: "message" })]);
    // Another tree (one key fewer): another root.
    let other = KeyTreeFile::build_from_lines(&store(), Some(&BRANCHING), keys_text(1..=9).as_bytes()).unwrap();
    assert_ne!(other.root, f.tree.root);
    let s = other.tree(&store()).unwrap().statement(CONTEXT, MESSAGE);
    assert_eq!(verify(std::slice::from_ref(p), &s), vec![Err(FileError::RootMismatch)]);
    // Another shape.
    let mut s = statement();
    s.branching = vec![2, 8];
    assert!(matches!(&verify(std::slice::from_ref(p), &s)[0], Err(FileError::BranchingMismatch { .. })));
    // The file rewritten to claim the verifier's statement: its proof does
    // not verify for it.
    for (field, value) in [("context", "another context"), ("message", "another session")] {
        let mut forged = p.clone();
        let mut s = statement();
        if field == "context" {
            forged.context = value.into();
            s.context = value.into();
        } else {
            forged.message = value.into();
            s.message = value.into();
        }
        assert!(matches!(&verify(&[forged], &s)[0], Err(FileError::Proof(_))), "{field}");
    }
    let mut forged = p.clone();
    forged.root = other.root.clone();
    let s = other.tree(&store()).unwrap().statement(CONTEXT, MESSAGE);
    assert!(matches!(&verify(&[forged], &s)[0], Err(FileError::Proof(_))));
    // A malformed statement refuses every file.
    let mut s = statement();
    s.context = String::new();
    assert!(verify(&f.proofs, &s).iter().all(|r| matches!(r, Err(FileError::Field { field: "context", .. }))));
    let mut s = statement();
    s.root = "00".repeat(33);
    assert!(verify(&f.proofs, &s).iter().all(|r| matches!(r, Err(FileError::Field { field: "root", .. }))));
}

#[test]
fn a_bad_file_in_a_batch_is_named_alone() {
    let f = fixture();
    let mut files = vec![f.proofs[0].clone(), f.proofs[1].clone(), f.proofs[0].clone()];
    // A byte of the proof changed (past the points: a scalar), and a key
    // image claimed that is not the proof's.
    let mut bytes = from_hex(&files[1].proof).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 1;
    files[1].proof = to_hex(&bytes);
    files[2].key_image = f.proofs[1].key_image.clone();
    let out = verify(&files, &statement());
    assert!(out[0].is_ok());
    assert!(matches!(&out[1], Err(FileError::Proof(_) | FileError::Decode(_))), "{:?}", out[1]);
    assert!(matches!(&out[2], Err(FileError::Field { field: "key_image", .. })), "{:?}", out[2]);
}

#[test]
fn every_single_byte_change_of_a_proof_is_refused() {
    let f = fixture();
    let bytes = from_hex(&f.proofs[0].proof).unwrap();
    let (mut at_decoding, mut by_equation) = (0, 0);
    // Every 7th byte (each point, scalar and length field is hit), a
    // truncation and an extension.
    let mut files = Vec::new();
    for i in (0..bytes.len()).step_by(7) {
        let mut b = bytes.clone();
        b[i] ^= 0x40;
        files.push(b);
    }
    files.push(bytes[..bytes.len() - 1].to_vec());
    files.push([&bytes[..], &[0]].concat());
    let forged: Vec<_> = files.iter().map(|b| OwnershipProofFile { proof: to_hex(b), ..f.proofs[0].clone() }).collect();
    for r in verify(&forged, &statement()) {
        match r {
            Ok(_) => panic!("a changed proof verified"),
            Err(FileError::Decode(_)) => at_decoding += 1,
            Err(FileError::Proof(_)) => by_equation += 1,
            Err(FileError::Field { field: "key_image", .. }) => at_decoding += 1,
            Err(e) => panic!("unexpected refusal {e}"),
        }
    }
    assert!(at_decoding > 0 && by_equation > 0, "{at_decoding} at decoding, {by_equation} by the equation");
}

#[test]
fn tree_files_are_checked() {
    let f = fixture();
    let parsed = KeyTreeFile::from_json(f.tree.to_json().as_bytes()).unwrap();
    assert_eq!(parsed, f.tree);
    assert_eq!(f.tree.branching, BRANCHING);
    // A key changed: the root no longer matches.
    let mut changed = f.tree.clone();
    changed.keys[4] = to_hex(Leaf::compressed_bytes(&public(99)));
    assert_eq!(changed.tree(&store()).err(), Some(FileError::RootMismatch));
    // Not a point.
    let mut bad = f.tree.clone();
    bad.keys[2] = format!("05{}", "11".repeat(32));
    assert_eq!(bad.tree(&store()).err(), Some(FileError::Key { index: 2 }));
    bad.keys[2] = "00".repeat(33);
    assert_eq!(bad.tree(&store()).err(), Some(FileError::Key { index: 2 }), "the identity");
    // Too many keys for the shape, none, another group, a bad shape.
    let mut big = f.tree.clone();
    big.keys = vec![big.keys[0].clone(); 17];
    assert!(matches!(KeyTreeFile::from_json(big.to_json().as_bytes()), Err(FileError::KeyCount { count: 17, .. })));
    big.keys.clear();
    assert!(matches!(KeyTreeFile::from_json(big.to_json().as_bytes()), Err(FileError::KeyCount { count: 0, .. })));
    let mut other = f.tree.clone();
    other.group = "secq256k1".into();
    assert!(matches!(KeyTreeFile::from_json(other.to_json().as_bytes()), Err(FileError::WrongGroup { .. })));
    let nine = f.tree.to_json().replacen("\"branching\": [", "\"branching\": [2, 2, 2, 2, 2, 2, 2, ", 1);
    assert!(matches!(KeyTreeFile::from_json(nine.as_bytes()), Err(FileError::Json { .. })), "refused while parsing");
    for branching in [vec![], vec![1, 4], vec![4097]] {
        let mut shaped = f.tree.clone();
        shaped.branching = branching;
        assert!(matches!(
            KeyTreeFile::from_json(shaped.to_json().as_bytes()),
            Err(FileError::Field { field: "branching", .. })
        ));
    }
    // A Merkle tree file is not a key tree file.
    let merkle = br#"{ "group": "secp256k1", "depth": 2, "root": "00", "leaves": [] }"#;
    assert!(matches!(KeyTreeFile::from_json(merkle), Err(FileError::Json { .. })));
}

#[test]
fn keys_files_take_sec1_and_x_only_keys_and_refuse_repeats() {
    // Key 2's x-only form, key 3's SEC1 form.
    let x_only = to_hex(&Leaf::compressed_bytes(&public(2))[1..]);
    let text = format!("\n{}\n{x_only}\n", to_hex(Leaf::compressed_bytes(&public(3))));
    let keys = parse_key_lines(text.as_bytes()).unwrap();
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0], public(3));
    assert_eq!(&Leaf::compressed_bytes(&keys[1])[1..], &Leaf::compressed_bytes(&public(2))[1..]);
    assert_eq!(Leaf::compressed_bytes(&keys[1])[0], 2, "x-only keys have an even y");
    for (text, line) in
        [("zz\n", 1), (&*"00".repeat(33), 1), ("\n\n02\n", 3), (&*format!("{x_only}\n04{}", "00".repeat(32)), 2)]
    {
        assert_eq!(parse_key_lines(text.as_bytes()), Err(FileError::KeyLine { line }), "{text:?}");
    }
    // The same key twice, and a key with its negation.
    let same = format!("{}\n{}", keys_text(1..=3), keys_text(2..=2));
    assert_eq!(
        KeyTreeFile::build_from_lines(&store(), None, same.as_bytes()).err(),
        Some(FileError::DuplicateKey { first: 1, second: 3 })
    );
    let mut negated = *Leaf::compressed_bytes(&public(2)).first_chunk::<33>().unwrap();
    negated[0] ^= 1;
    let text = format!("{}{}\n", keys_text(1..=3), to_hex(&negated));
    assert_eq!(
        KeyTreeFile::build_from_lines(&store(), None, text.as_bytes()).err(),
        Some(FileError::DuplicateKey { first: 1, second: 3 })
    );
    // The default shape.
    let tree = KeyTreeFile::build_from_lines(&store(), None, keys_text(1..=5).as_bytes()).unwrap();
    assert_eq!(tree.branching, vec![4, 2]);
}

#[test]
fn an_x_only_key_proves_with_its_secret_key_whatever_its_y() {
    // Some of the keys 1..=6 have an odd y; the tree holds them all x-only.
    let text: String = (1..=6u64).map(|k| to_hex(&Leaf::compressed_bytes(&public(k))[1..]) + "\n").collect();
    let tree = KeyTreeFile::build_from_lines(&store(), Some(&BRANCHING), text.as_bytes()).unwrap();
    let built = tree.tree(&store()).unwrap();
    let odd = (1..=6u64).find(|k| Leaf::compressed_bytes(&public(*k))[0] == 3).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let proof = OwnershipProofFile::prove_in(&built, &key(odd), CONTEXT, MESSAGE, &mut rng).unwrap();
    let s = built.statement(CONTEXT, MESSAGE);
    let image = verify(&[proof], &s).remove(0).unwrap();
    // The same key as its odd-y SEC1 point in another tree: the same image
    // (I and −I are one image; review of 2026-11-30).
    let sec1 = KeyTreeFile::build_from_lines(&store(), Some(&BRANCHING), keys_text(1..=6).as_bytes()).unwrap();
    let sec1 = sec1.tree(&store()).unwrap();
    let proof = OwnershipProofFile::prove_in(&sec1, &key(odd), CONTEXT, MESSAGE, &mut rng).unwrap();
    assert_eq!(verify(&[proof], &sec1.statement(CONTEXT, MESSAGE)).remove(0), Ok(image));
    // A key not in the tree.
    assert_eq!(
        OwnershipProofFile::prove_in(&built, &key(7), CONTEXT, MESSAGE, &mut rng).err(),
        Some(FileError::KeyNotInTree)
    );
}

#[test]
fn secret_key_files_are_strict() {
    assert_eq!(*parse_secret_key(secret_hex(258).as_bytes()).unwrap(), Key::from_u64(258));
    let refused = |text: &str| parse_secret_key(text.as_bytes()).is_err();
    assert!(refused(&secret_hex(0)), "zero");
    assert!(refused(""), "no key");
    assert!(refused(&format!("{}{}", secret_hex(1), secret_hex(2))), "two keys");
    assert!(refused("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141\n"), "the group order");
    assert!(refused(&secret_hex(1).to_uppercase().replace('\n', "A\n")), "65 digits");
    assert!(!refused("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140\n"), "order − 1");
}

#[test]
fn proof_file_headers_are_checked() {
    let p = &fixture().proofs[0];
    let edit = |f: &dyn Fn(&mut OwnershipProofFile)| {
        let mut q = p.clone();
        f(&mut q);
        OwnershipProofFile::from_json(q.to_json().as_bytes())
    };
    assert!(matches!(edit(&|q| q.system = "merkle-membership".into()), Err(FileError::UnknownSystem { .. })));
    assert!(matches!(edit(&|q| q.group = "ristretto255".into()), Err(FileError::WrongGroup { .. })));
    assert!(matches!(edit(&|q| q.context = String::new()), Err(FileError::Field { field: "context", .. })));
    assert!(matches!(edit(&|q| q.message = "m".repeat(MAX_CONTEXT_LEN + 1)), Err(FileError::Field { .. })));
    assert!(matches!(edit(&|q| q.branching = vec![]), Err(FileError::Field { field: "branching", .. })));
    let unknown = p.to_json().replacen("\"system\"", "\"extra\": 1, \"system\"", 1);
    assert!(matches!(OwnershipProofFile::from_json(unknown.as_bytes()), Err(FileError::Json { .. })));
    // Uppercase hex is not the encoding.
    let mut upper = p.clone();
    upper.proof = upper.proof.to_uppercase();
    assert!(matches!(&verify(&[upper], &statement())[0], Err(FileError::Hex { .. })));
}

#[test]
fn a_prepared_verifier_gives_the_same_verdicts_call_after_call() {
    let f = fixture();
    let verifier = OwnershipVerifier::new(&store(), &BRANCHING).unwrap();
    assert_eq!(verifier.branching(), &BRANCHING);
    // Honest files, a changed proof, a file of another scope, a key used twice.
    let mut changed = f.proofs[1].clone();
    let mut bytes = from_hex(&changed.proof).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 1;
    changed.proof = to_hex(&bytes);
    let mut scoped = f.proofs[1].clone();
    scoped.message = "another session".into();
    let files: Vec<_> =
        [f.proofs[0].clone(), changed, scoped, f.proofs[0].clone(), f.proofs[1].clone()].into_iter().map(Ok).collect();
    let expected = verify_ownership_files(&store(), &files, &statement(), &mut ChaCha20Rng::seed_from_u64(2));
    assert!(expected[0].is_ok() && expected[4].is_ok());
    assert!(matches!(&expected[1], Err(FileError::Proof(_) | FileError::Decode(_))), "{:?}", expected[1]);
    assert_eq!(expected[2], Err(FileError::WrongScope { field: "message" }));
    assert_eq!(expected[3], Err(FileError::KeyImageReused { first: 0 }));
    // Twice through one verifier (its prepared sides built by the first
    // call, reused by the second), in another order the second time.
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    assert_eq!(verifier.verify(&files, &statement(), &mut rng), expected);
    let reversed: Vec<_> = files.iter().rev().cloned().collect();
    let out = verifier.verify(&reversed, &statement(), &mut rng);
    assert_eq!(out[0], expected[4]);
    assert_eq!(out[1], expected[0]);
    assert_eq!(out[2], Err(FileError::WrongScope { field: "message" }));
    assert!(matches!(&out[3], Err(FileError::Proof(_) | FileError::Decode(_))), "{:?}", out[3]);
    assert_eq!(out[4], Err(FileError::KeyImageReused { first: 1 }));
    // Another tree of the same shape: one verifier serves both roots.
    let other = KeyTreeFile::build_from_lines(&store(), Some(&BRANCHING), keys_text(1..=9).as_bytes()).unwrap();
    let other = other.tree(&store()).unwrap();
    let theirs = OwnershipProofFile::prove_in(&other, &key(4), CONTEXT, MESSAGE, &mut rng).unwrap();
    let s = other.statement(CONTEXT, MESSAGE);
    assert_eq!(verifier.verify(&[Ok(theirs.clone())], &s, &mut rng), vec![Ok(theirs.key_image.clone())]);
    assert_eq!(verifier.verify(&[Ok(f.proofs[0].clone())], &s, &mut rng), vec![Err(FileError::RootMismatch)]);
    // A verifier of another shape than its statement's: the files the
    // statement would have verified are refused, naming the verifier's
    // shape and the statement's; the others keep their own faults.
    let other_shape = OwnershipVerifier::new(&store(), &[2, 4]).unwrap();
    let refused = FileError::BranchingMismatch { expected: vec![2, 4], got: BRANCHING.to_vec() };
    let scope = Err(FileError::WrongScope { field: "message" });
    assert_eq!(
        other_shape.verify(&files, &statement(), &mut rng),
        vec![Err(refused.clone()), Err(refused.clone()), scope, Err(refused.clone()), Err(refused)]
    );
    // A malformed statement is reported as such, whatever the shape.
    let mut s = statement();
    s.context = String::new();
    for v in [&verifier, &other_shape] {
        let out = v.verify(&files, &s, &mut rng);
        assert!(out.iter().all(|r| matches!(r, Err(FileError::Field { field: "context", .. }))), "{out:?}");
    }
    // One key, another context, through the same verifier: another image.
    let elsewhere = OwnershipProofFile::prove_in(&f.built, &key(3), "another context", MESSAGE, &mut rng).unwrap();
    let s = f.built.statement("another context", MESSAGE);
    let image = verifier.verify(&[Ok(elsewhere)], &s, &mut rng).pop().unwrap().unwrap();
    assert_ne!(image, f.proofs[0].key_image);
    // A malformed shape is refused when the verifier is made.
    assert!(OwnershipVerifier::new(&store(), &[1]).is_err());
    assert!(OwnershipVerifier::new(&store(), &[]).is_err());
}

#[test]
fn a_verifier_cache_keeps_one_verifier_per_recent_shape() {
    let f = fixture();
    let cache = OwnershipVerifierCache::new(store());
    let files: Vec<_> = f.proofs.iter().cloned().map(Ok).collect();
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let expected = verify(&f.proofs, &statement());
    assert_eq!(cache.verify(&files, &statement(), &mut rng), expected);
    let first = cache.get(&BRANCHING).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &cache.get(&BRANCHING).unwrap()), "kept");
    // Files refused before decoding, and a malformed statement: the
    // verdicts of verify_ownership_files.
    let mut s = statement();
    s.message = "another session".into();
    assert_eq!(cache.verify(&files, &s, &mut rng), verify(&f.proofs, &s));
    s.branching = vec![1];
    assert_eq!(cache.verify(&files, &s, &mut rng), verify(&f.proofs, &s));
    assert!(cache.get(&[1]).is_err() && cache.get(&[]).is_err());
    // More shapes than it keeps: the least recently used goes.
    let shapes: [&[usize]; 4] = [&[2, 2], &[2, 4], &[4, 2], &[2, 2, 2]];
    let oldest = cache.get(shapes[0]).unwrap();
    for shape in &shapes[1..3] {
        cache.get(shape).unwrap();
    }
    assert!(std::sync::Arc::ptr_eq(&first, &cache.get(&BRANCHING).unwrap()), "still kept: four shapes");
    cache.get(shapes[3]).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &cache.get(&BRANCHING).unwrap()), "recently used: kept");
    let again = cache.get(shapes[0]).unwrap();
    assert_eq!(again.branching(), shapes[0]);
    assert!(!std::sync::Arc::ptr_eq(&oldest, &again), "the least recently used was evicted, and is made again");
    assert_eq!(cache.verify(&files, &statement(), &mut rng), expected);
    // Cleared: made again.
    let kept = cache.get(&BRANCHING).unwrap();
    cache.clear();
    assert!(!std::sync::Arc::ptr_eq(&kept, &cache.get(&BRANCHING).unwrap()));
}

#[test]
fn a_verifier_cache_serves_threads_at_once() {
    let f = fixture();
    let cache = OwnershipVerifierCache::new(store());
    let files: Vec<_> = f.proofs.iter().cloned().map(Ok).collect();
    let expected = verify(&f.proofs, &statement());
    let mut wrong = statement();
    wrong.message = "another session".into();
    let refused = verify(&f.proofs, &wrong);
    std::thread::scope(|scope| {
        for t in 0..3u64 {
            let (cache, files, expected, refused, wrong) = (&cache, &files, &expected, &refused, &wrong);
            scope.spawn(move || {
                let mut rng = ChaCha20Rng::seed_from_u64(10 + t);
                for round in 0..2 {
                    if (t + round) % 2 == 0 {
                        assert_eq!(&cache.verify(files, &statement(), &mut rng), expected);
                    } else {
                        assert_eq!(&cache.verify(files, wrong, &mut rng), refused);
                    }
                }
            });
        }
    });
}
