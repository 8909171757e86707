//! Unit tests of Merkle tree and membership proof files: leaf lines, round
//! trips, strict decoding, pins and batch verification.

use super::*;
use crate::errors::ProofError;
use crate::file::GeneratorStore;
use crate::Ristretto255;

type S = <Ristretto255 as Group>::Scalar;

#[test]
fn leaf_lines() {
    let hex = "0500000000000000000000000000000000000000000000000000000000000000";
    let leaves = parse_leaf_lines::<Ristretto255>(format!("5\n\n {hex} \r\n18446744073709551615\n").as_bytes());
    assert_eq!(leaves.unwrap(), vec![S::from_u64(5), S::from_u64(5), S::from_u64(u64::MAX)]);
    let upper = format!("0A{}", &hex[2..]);
    for bad in ["18446744073709551616", "-1", "0x05", &"ff".repeat(32), &hex[1..], &upper, "1 2"] {
        assert_eq!(
            parse_leaf_lines::<Ristretto255>(format!("1\n{bad}\n").as_bytes()),
            Err(FileError::Leaf { line: 2 })
        );
    }
    let many = "1\n".repeat(MAX_TREE_LEAVES + 1);
    assert_eq!(
        parse_leaf_lines::<Ristretto255>(many.as_bytes()),
        Err(FileError::TooManyLeaves { count: MAX_TREE_LEAVES + 1, max: MAX_TREE_LEAVES })
    );
    // Building names the limit exceeded: the depth given, or the file's.
    let group = GroupId::Ristretto255;
    assert_eq!(
        MerkleTreeFile::build_from_lines(group, 22, many.as_bytes()),
        Err(FileError::TooManyLeaves { count: MAX_TREE_LEAVES + 1, max: MAX_TREE_LEAVES })
    );
    assert_eq!(
        MerkleTreeFile::build_from_lines(group, 20, many.as_bytes()),
        Err(FileError::Leaves { count: MAX_TREE_LEAVES + 1, depth: 20 })
    );
    assert_eq!(
        MerkleTreeFile::build_from_lines(group, 3, "1\n".repeat(9).as_bytes()),
        Err(FileError::Leaves { count: 9, depth: 3 })
    );
    assert_eq!(
        FileError::TooManyLeaves { count: MAX_TREE_LEAVES + 1, max: MAX_TREE_LEAVES }.to_string(),
        "2097153 leaves: a tree file holds at most 2097152"
    );
    assert_eq!(
        parse_leaf_lines::<Ristretto255>("1\n".repeat(MAX_TREE_LEAVES).as_bytes()).unwrap().len(),
        MAX_TREE_LEAVES
    );
}

#[test]
fn tree_files_refused() {
    assert_eq!(MerkleTreeFile::build::<Ristretto255>(0, vec![S::one()]), Err(FileError::Depth(0)));
    assert_eq!(MerkleTreeFile::build::<Ristretto255>(65, vec![S::one()]), Err(FileError::Depth(65)));
    assert_eq!(MerkleTreeFile::build::<Ristretto255>(2, vec![]), Err(FileError::Leaves { count: 0, depth: 2 }));
    let five = vec![S::one(); 5];
    assert_eq!(MerkleTreeFile::build::<Ristretto255>(2, five), Err(FileError::Leaves { count: 5, depth: 2 }));
    let file = MerkleTreeFile::build::<Ristretto255>(2, vec![S::one(), S::from_u64(2)]).unwrap();
    let back = MerkleTreeFile::from_json(file.to_json().as_bytes()).unwrap();
    assert_eq!(back.tree::<Ristretto255>().unwrap().1.root(), file.tree::<Ristretto255>().unwrap().1.root());
    // Another group, a wrong root, a leaf count beyond the depth.
    assert!(matches!(back.tree::<crate::Secp256k1>(), Err(FileError::WrongGroup { .. })));
    let mut wrong = back.clone();
    wrong.leaves.swap(0, 1);
    assert_eq!(wrong.tree::<Ristretto255>().map(|_| ()), Err(FileError::RootMismatch));
    let mut deep = back.clone();
    deep.depth = 1;
    deep.leaves.extend(back.leaves.clone());
    assert!(matches!(MerkleTreeFile::from_json(deep.to_json().as_bytes()), Err(FileError::Leaves { .. })));
    assert!(matches!(MerkleTreeFile::from_json(&vec![b' '; MAX_TREE_FILE + 1]), Err(FileError::TooLarge { .. })));
}

#[test]
fn membership_files_bind_root_and_group() {
    let file = MerkleTreeFile::build::<Ristretto255>(2, vec![S::one(), S::from_u64(2), S::from_u64(3)]).unwrap();
    let (proof, openings) = MembershipProofFile::prove::<Ristretto255, _>(
        &GeneratorStore::disabled(),
        &file,
        2,
        None,
        "t",
        &mut rand_core::OsRng,
    )
    .unwrap();
    assert_eq!(openings.index, 2);
    assert_eq!(openings.commitment, proof.commitment);
    let r = GroupId::Ristretto255;
    proof.verify(&GeneratorStore::disabled(), &file.root, 2, r).unwrap();
    assert_eq!(
        file.verify_proofs(&GeneratorStore::disabled(), &[Ok(proof.clone())], &mut rand_core::OsRng),
        Ok(vec![])
    );
    // The group is the verifier's: Ed25519 shares Ristretto255's scalar field and embedded curve.
    for g in [GroupId::Secp256k1, GroupId::Ed25519] {
        assert_eq!(
            proof.verify(&GeneratorStore::disabled(), &file.root, 2, g),
            Err(FileError::WrongGroup { file: "ristretto255".into(), expected: g.name() })
        );
    }
    assert_eq!(proof.verify(&GeneratorStore::disabled(), &"00".repeat(32), 2, r), Err(FileError::RootMismatch));
    // So is the depth.
    assert_eq!(
        proof.verify(&GeneratorStore::disabled(), &file.root, 3, r),
        Err(FileError::DepthMismatch { expected: 3, got: 2 })
    );
    assert_eq!(
        proof.verify(&GeneratorStore::disabled(), &file.root, 1, r),
        Err(FileError::DepthMismatch { expected: 1, got: 2 })
    );
    assert_eq!(proof.verify(&GeneratorStore::disabled(), &file.root, 0, r), Err(FileError::Depth(0)));
    assert_eq!(proof.verify(&GeneratorStore::disabled(), &file.root, 65, r), Err(FileError::Depth(65)));
    let mut other = proof.clone();
    other.label = "u".into();
    assert!(matches!(
        other.verify(&GeneratorStore::disabled(), &file.root, 2, r),
        Err(FileError::Proof(ProofError::VerificationFailed))
    ));
    assert!(matches!(
        MembershipProofFile::prove::<Ristretto255, _>(
            &GeneratorStore::disabled(),
            &file,
            3,
            None,
            "t",
            &mut rand_core::OsRng
        ),
        Err(FileError::LeafIndex { index: 3, leaves: 3 })
    ));
}

/// Issue 35, item 1: the leaves {1, 2, 3} at depth 2; the depth-1 tree
/// over the root's two children (public data) holds the root's left
/// child as a leaf. With one node hash for every level that tree had
/// the honest root, and its proof, claiming depth 1, verified against
/// the honest tree.
#[test]
fn inner_node_is_no_leaf() {
    let rng = &mut rand_core::OsRng;
    let r = GroupId::Ristretto255;
    let leaves = vec![S::one(), S::from_u64(2), S::from_u64(3)];
    let honest = MerkleTreeFile::build::<Ristretto255>(2, leaves).unwrap();
    let (params, tree) = honest.tree::<Ristretto255>().unwrap();
    let left = params.hash_pair(0, &S::one(), &S::from_u64(2)).unwrap();
    let right = params.hash_pair(0, &S::from_u64(3), &S::zero()).unwrap();
    assert_eq!(params.hash_pair(1, &left, &right).unwrap(), tree.root());
    // The levels are separated: the shallow tree has another root.
    let shallow = MerkleTreeFile::build::<Ristretto255>(1, vec![left, right]).unwrap();
    assert_ne!(shallow.root, honest.root);
    let (attack, _) =
        MembershipProofFile::prove::<Ristretto255, _>(&GeneratorStore::disabled(), &shallow, 0, None, "t", rng)
            .unwrap();
    attack.verify(&GeneratorStore::disabled(), &shallow.root, 1, r).unwrap();
    // The depth is the verifier's: refused whatever root the file claims.
    let mut forged = attack.clone();
    forged.root = honest.root.clone();
    for file in [&attack, &forged] {
        assert_eq!(
            file.verify(&GeneratorStore::disabled(), &honest.root, 2, r),
            Err(FileError::DepthMismatch { expected: 2, got: 1 })
        );
    }
    // And were the verifier told depth 1, the proof is not for the honest root.
    assert_eq!(attack.verify(&GeneratorStore::disabled(), &honest.root, 1, r), Err(FileError::RootMismatch));
    assert_eq!(
        forged.verify(&GeneratorStore::disabled(), &honest.root, 1, r),
        Err(FileError::Proof(ProofError::VerificationFailed))
    );
    // In a batch, next to an honest proof.
    let (good, _) =
        MembershipProofFile::prove::<Ristretto255, _>(&GeneratorStore::disabled(), &honest, 2, None, "t", rng).unwrap();
    let files = [Ok(good), Ok(attack), Ok(forged)];
    let mismatch = FileError::DepthMismatch { expected: 2, got: 1 };
    assert_eq!(
        verify_membership_files(&GeneratorStore::disabled(), &files, &honest.root, 2, r, rng),
        vec![(1, mismatch.clone()), (2, mismatch)]
    );
    assert_eq!(
        FileError::DepthMismatch { expected: 2, got: 1 }.to_string(),
        "a proof for a tree of depth 1, where the tree has depth 2"
    );
}

/// The depth-32 analogue: a depth-1 proof of the root's left child, and
/// a file claiming depth 31, are refused against the depth-32 tree,
/// before the proof is decoded (its bytes are not even hex here).
#[test]
fn inner_node_is_no_leaf_depth_32() {
    let rng = &mut rand_core::OsRng;
    let honest = MerkleTreeFile::build::<Ristretto255>(32, vec![S::one(), S::from_u64(2), S::from_u64(3)]).unwrap();
    let (params, tree) = honest.tree::<Ristretto255>().unwrap();
    // The nodes above the leaves, then the root's children.
    let level1 = [
        params.hash_pair(0, &S::one(), &S::from_u64(2)).unwrap(),
        params.hash_pair(0, &S::from_u64(3), &S::zero()).unwrap(),
    ];
    let mut left = params.hash_pair(1, &level1[0], &level1[1]).unwrap();
    for level in 2..31 {
        left = params.hash_pair(level, &left, &params.empty_root(level).unwrap()).unwrap();
    }
    let right = params.empty_root(31).unwrap();
    assert_eq!(params.hash_pair(31, &left, &right).unwrap(), tree.root());
    // The shallower trees over inner nodes have other roots.
    let shallow = MerkleTreeFile::build::<Ristretto255>(1, vec![left, right]).unwrap();
    assert_ne!(shallow.root, honest.root);
    let shallow31 = MerkleTreeFile::build::<Ristretto255>(31, level1.to_vec()).unwrap();
    assert_ne!(shallow31.root, honest.root);
    let (attack, _) =
        MembershipProofFile::prove::<Ristretto255, _>(&GeneratorStore::disabled(), &shallow, 0, None, "t", rng)
            .unwrap();
    let mut forged = attack.clone();
    forged.root = honest.root.clone();
    let mut deeper = forged.clone();
    deeper.depth = 31;
    deeper.proof = "not a proof".into();
    let files = [Ok(attack), Ok(forged), Ok(deeper)];
    assert_eq!(
        honest.verify_proofs(&GeneratorStore::disabled(), &files, rng).unwrap(),
        vec![
            (0, FileError::DepthMismatch { expected: 32, got: 1 }),
            (1, FileError::DepthMismatch { expected: 32, got: 1 }),
            (2, FileError::DepthMismatch { expected: 32, got: 31 }),
        ]
    );
}

/// Issue 35, item 2: files claiming depths 61 to 64 cost the verifier
/// nothing: named for their depth before their proofs are decoded.
#[test]
fn batch_refuses_other_depths_before_work() {
    let rng = &mut rand_core::OsRng;
    let file = MerkleTreeFile::build::<Ristretto255>(2, vec![S::one(), S::from_u64(2)]).unwrap();
    let (good, _) =
        MembershipProofFile::prove::<Ristretto255, _>(&GeneratorStore::disabled(), &file, 1, None, "t", rng).unwrap();
    let mut files = vec![Ok(good.clone())];
    for depth in 61..=64 {
        let mut f = good.clone();
        f.depth = depth;
        f.proof = "00".repeat(700);
        files.push(Ok(f));
    }
    let bad = file.verify_proofs(&GeneratorStore::disabled(), &files, rng).unwrap();
    let expected: Vec<(usize, FileError)> =
        (61..=64).enumerate().map(|(i, got)| (i + 1, FileError::DepthMismatch { expected: 2, got })).collect();
    assert_eq!(bad, expected);
    // Read as a verifier of untrusted files reads them: the bodies are never decoded.
    for f in &files[1..] {
        let text = f.as_ref().unwrap().to_json();
        assert!(matches!(MembershipProofFile::from_json(text.as_bytes()), Err(FileError::Decode(_))));
        MembershipProofFile::from_json_header(text.as_bytes()).unwrap();
    }
    // Nothing but mismatched files: no circuit, no generators.
    assert_eq!(
        verify_membership_files(&GeneratorStore::disabled(), &files[1..], &file.root, 2, GroupId::Ristretto255, rng)
            .len(),
        4
    );
}

/// A tree file's leaves are counted while parsing: past
/// `MAX_TREE_LEAVES` the rest are skipped unkept (3 GB of empty strings
/// otherwise) and the error names the count.
#[test]
fn tree_json_leaves_bounded_while_parsing() {
    let many = ["\"\""; MAX_TREE_LEAVES + 2].join(",");
    let json = format!("{{\"group\":\"ristretto255\",\"depth\":30,\"root\":\"00\",\"leaves\":[{many}]}}");
    match MerkleTreeFile::from_json(json.as_bytes()) {
        Err(FileError::Json { reason, .. }) => {
            let want = FileError::TooManyLeaves { count: MAX_TREE_LEAVES + 2, max: MAX_TREE_LEAVES }.to_string();
            assert!(reason.starts_with(&want), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}
