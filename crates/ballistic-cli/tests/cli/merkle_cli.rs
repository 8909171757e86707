//! `ballistic merkle build` / `root` / `prove` / `verify`: round trips on
//! both groups, the openings file's mode, and one-line errors for wrong
//! roots, tampered proofs and commitments, damaged trees and bad leaves.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{bin, json, stderr, stdout, tmp_in, write_json};

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-merkle-cli", name)
}

/// Build a tree of depth `depth` over `leaves` on `group`; returns the root.
fn build(name: &str, group: &str, depth: &str, leaves: &str) -> (PathBuf, String) {
    let leaves_file = tmp(&format!("{name}.leaves"));
    std::fs::write(&leaves_file, leaves).unwrap();
    let tree = tmp(&format!("{name}.tree.json"));
    let o = bin()
        .args(["merkle", "build", "--group", group, "--depth", depth, "--out"])
        .arg(&tree)
        .arg(&leaves_file)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let root = stdout(&o).trim().to_string();
    assert_eq!(root.len(), 64);
    (tree, root)
}

fn prove(tree: &Path, index: &str, out: &Path, extra: &[&str]) -> Output {
    let index_file = tmp(&format!("{}.index", out.file_name().unwrap().to_string_lossy()));
    std::fs::write(&index_file, format!("{index}\n")).unwrap();
    bin()
        .args(["merkle", "prove"])
        .arg(tree)
        .arg("--leaf-file")
        .arg(&index_file)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

/// Verify against a tree file.
fn verify(tree: &str, proofs: &[&Path]) -> Output {
    bin().args(["merkle", "verify", tree]).args(proofs).output().unwrap()
}

/// Verify against a bare root, with the verifier's depth and group.
fn verify_hex(root: &str, depth: &str, group: &str, proofs: &[&Path]) -> Output {
    bin().args(["merkle", "verify", root, "--depth", depth, "--group", group]).args(proofs).output().unwrap()
}

fn round_trip(group: &str) {
    let leaves = "1\n2\n18446744073709551615\n\n0000000000000000000000000000000000000000000000000000000000000001\n7\n";
    let (tree, root) = build(&format!("rt-{group}"), group, "5", leaves);
    let t = json(&tree);
    assert_eq!(t["group"], group);
    assert_eq!(t["depth"], 5);
    assert_eq!(t["root"], root.as_str());
    assert_eq!(t["leaves"].as_array().unwrap().len(), 5);
    // `merkle root` rebuilds the tree and prints the same root.
    let o = bin().args(["merkle", "root"]).arg(&tree).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), root);

    let proof = tmp(&format!("rt-{group}.proof.json"));
    let openings = tmp(&format!("rt-{group}.openings.json"));
    let o = prove(&tree, "3", &proof, &["--openings", openings.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let p = json(&proof);
    assert_eq!(p["system"], "merkle-membership");
    assert_eq!(p["group"], group);
    assert_eq!(p["depth"], 5);
    assert_eq!(p["root"], root.as_str());
    // The openings: the position, the leaf (as written: little-endian hex) and a blinding, owner-only.
    let op = json(&openings);
    assert_eq!(op["index"], 3);
    assert_eq!(op["leaf"], "0000000000000000000000000000000000000000000000000000000000000001");
    assert_eq!(t["leaves"][0], "0100000000000000000000000000000000000000000000000000000000000000");
    assert_eq!(op["commitment"], p["commitment"]);
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&openings).unwrap().permissions().mode() & 0o777, 0o600);
    }
    // Nothing about the position is in the proof file.
    assert!(!std::fs::read_to_string(&proof).unwrap().contains("index"));

    // Valid against the root given as hex, or as the tree file.
    let o = verify_hex(&root, "5", group, &[&proof]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "valid");
    let o = verify(tree.to_str().unwrap(), &[&proof]);
    assert!(o.status.success(), "{}", stderr(&o));

    // Another root: rejected.
    let (_, other_root) = build(&format!("other-{group}"), group, "5", "1\n2\n3\n");
    let o = verify_hex(&other_root, "5", group, &[&proof]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("wrong root"), "{}", stdout(&o));

    // The same blinding from a file gives the same commitment.
    let blinding = tmp(&format!("rt-{group}.blinding"));
    std::fs::write(&blinding, format!("{}\n", op["blinding"].as_str().unwrap())).unwrap();
    let again = tmp(&format!("rt-{group}.again.json"));
    let o = prove(&tree, "3", &again, &["--blinding-file", blinding.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&again)["commitment"], p["commitment"]);
    // Another leaf of the tree (position 0): a different commitment, valid.
    let first = tmp(&format!("rt-{group}.first.json"));
    let o = prove(&tree, "0", &first, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(json(&first)["commitment"], p["commitment"]);

    // A batch with a tampered proof and a swapped commitment: both named.
    let mut bad = p.clone();
    let mut hex = bad["proof"].as_str().unwrap().to_string();
    let flip = if &hex[100..101] == "0" { "1" } else { "0" };
    hex.replace_range(100..101, flip);
    bad["proof"] = hex.into();
    let tampered = tmp(&format!("rt-{group}.tampered.json"));
    write_json(&tampered, &bad);
    let mut swapped = p.clone();
    swapped["commitment"] = json(&first)["commitment"].clone();
    let swapped_file = tmp(&format!("rt-{group}.swapped.json"));
    write_json(&swapped_file, &swapped);
    let o = verify_hex(&root, "5", group, &[&proof, &tampered, &first, &swapped_file]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("tampered.json") && out.contains("swapped.json"), "{out}");
    assert!(!out.contains("first.json") && !out.contains("proof.json:"), "{out}");
    assert!(stderr(&o).contains("2 of 4 proofs invalid"), "{}", stderr(&o));
    let o = verify_hex(&root, "5", group, &[&proof, &again, &first]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "valid: 3 proofs");
}

#[test]
fn round_trip_ristretto255() {
    round_trip("ristretto255");
}

#[test]
fn round_trip_secp256k1() {
    round_trip("secp256k1");
}

#[test]
fn refusals() {
    let (tree, root) = build("refuse", "ristretto255", "3", "5\n6\n7\n");
    // No leaf at position 3 (three leaves).
    let out = tmp("refuse.proof.json");
    let o = prove(&tree, "3", &out, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no leaf 3"), "{}", stderr(&o));
    // A damaged tree file: a leaf changed, so the leaves do not give the root.
    let mut t = json(&tree);
    t["leaves"][1] = "0800000000000000000000000000000000000000000000000000000000000000".into();
    let damaged = tmp("refuse.damaged.json");
    write_json(&damaged, &t);
    let o = bin().args(["merkle", "root"]).arg(&damaged).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("wrong root"), "{}", stderr(&o));
    let o = prove(&damaged, "0", &out, &[]);
    assert_eq!(o.status.code(), Some(1));
    // A non-canonical leaf (the group order's bytes are all-ones here).
    t["leaves"][1] = "ff".repeat(32).into();
    write_json(&damaged, &t);
    let o = bin().args(["merkle", "root"]).arg(&damaged).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("leaf #1: not a canonical field element"), "{}", stderr(&o));
    // Too many leaves for the depth; a bad line in a leaves file; depth 0.
    let leaves = tmp("refuse.many");
    std::fs::write(&leaves, "1\n2\n3\n").unwrap();
    let o = bin().args(["merkle", "build", "--depth", "1", "--out"]).arg(tmp("x.json")).arg(&leaves).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("3 leaves do not fit a tree of depth 1"), "{}", stderr(&o));
    std::fs::write(&leaves, "1\n2\nthree\n").unwrap();
    let o = bin().args(["merkle", "build", "--out"]).arg(tmp("x.json")).arg(&leaves).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("line 3: not a leaf"), "{}", stderr(&o));
    let o = bin().args(["merkle", "build", "--depth", "0", "--out"]).arg(tmp("x.json")).arg(&leaves).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    // A damaged tree file is no root to verify against; nor is a tree of another group.
    let good = tmp("refuse.good.json");
    let o = prove(&tree, "1", &good, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = verify(damaged.to_str().unwrap(), &[&good]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("refuse.damaged.json"), "{}", stderr(&o));
    let (secp_tree, _) = build("refuse-secp", "secp256k1", "3", "5\n6\n7\n");
    let o = verify(secp_tree.to_str().unwrap(), &[&good]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("a ristretto255 file where a secp256k1 one is expected"), "{}", stdout(&o));
    let o = verify(tree.to_str().unwrap(), &[&good]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Not a tree file; not a proof file; a proof file with another depth or group.
    let o = verify(tmp("refuse.missing").to_str().unwrap(), &[&out]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("neither a tree file nor a root"), "{}", stderr(&o));
    let mut p = json(&good);
    p["depth"] = 4.into();
    let deeper = tmp("refuse.deeper.json");
    write_json(&deeper, &p);
    p["depth"] = 3.into();
    p["group"] = "secp256k1".into();
    let other_group = tmp("refuse.group.json");
    write_json(&other_group, &p);
    p["group"] = "ristretto255".into();
    p["extra"] = 1.into();
    let unknown = tmp("refuse.unknown.json");
    write_json(&unknown, &p);
    let o = verify_hex(&root, "3", "ristretto255", &[&good, &deeper, &other_group, &unknown, &tree]);
    assert_eq!(o.status.code(), Some(1));
    let lines = stdout(&o);
    assert_eq!(lines.lines().count(), 4, "{lines}");
    assert!(lines.contains("refuse.deeper.json: a proof for a tree of depth 4, where the tree has depth 3"), "{lines}");
    assert!(lines.contains("refuse.group.json: a secp256k1 file where a ristretto255 one is expected"), "{lines}");
    assert!(lines.contains("unknown field"), "{lines}");
    assert!(lines.contains("not a Merkle membership proof file"), "{lines}");
}

/// A bare root says neither its tree's depth nor its group: both are
/// required, never taken from the proof files; with a tree file they are
/// the file's, and `--depth` or `--group` must agree with it.
#[test]
fn bare_root_needs_depth_and_group() {
    let (tree, root) = build("bare", "ristretto255", "2", "1\n2\n");
    let proof = tmp("bare.proof.json");
    let o = prove(&tree, "1", &proof, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = bin().args(["merkle", "verify", &root, "--group", "ristretto255"]).arg(&proof).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("a bare root needs --depth"), "{}", stderr(&o));
    let o = bin().args(["merkle", "verify", &root, "--depth", "2"]).arg(&proof).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("a bare root needs --group"), "{}", stderr(&o));
    // Ed25519 shares ristretto255's scalar field: the group given decides.
    let o = verify_hex(&root, "2", "ed25519", &[&proof]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("a ristretto255 file where a ed25519 one is expected"), "{}", stdout(&o));
    let o = verify_hex(&root, "2", "ristretto255", &[&proof]);
    assert!(o.status.success(), "{}", stderr(&o));
    // With a tree file, --depth and --group must be the file's.
    let t = tree.to_str().unwrap();
    let o = bin().args(["merkle", "verify", t, "--depth", "3"]).arg(&proof).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--depth 3, but") && stderr(&o).contains("is a tree of depth 2"), "{}", stderr(&o));
    let o = bin().args(["merkle", "verify", t, "--group", "ed25519"]).arg(&proof).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--group ed25519, but"), "{}", stderr(&o));
    let o =
        bin().args(["merkle", "verify", t, "--depth", "2", "--group", "ristretto255"]).arg(&proof).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let o = bin()
        .args(["merkle", "verify", &root, "--depth", "65", "--group", "ristretto255"])
        .arg(&proof)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

/// Issue 35, item 1: the leaves {1, 2, 3} at depth `depth`; the root's two
/// children are public (the roots of the depth-(d−1) trees over the two
/// halves of the leaves), and the depth-1 tree over them holds the left child
/// as a leaf. Its proof, claiming depth 1, printed `valid` against the
/// honest tree file and its hex root; so would a file claiming depth d−1.
fn inner_node_attack(depth: usize) {
    let d = depth.to_string();
    let below = (depth - 1).to_string();
    let name = format!("attack{depth}");
    let (tree, root) = build(&format!("{name}-honest"), "ristretto255", &d, "1\n2\n3\n");
    // The root's children: the subtrees over the first 2^(d−1) leaves and over the rest.
    // (Deeper, the right subtree is empty: its root E_{d−1}, from public
    // parameters — 0 is never a leaf, so no tree file holds an empty one.)
    let (_, left) =
        build(&format!("{name}-left"), "ristretto255", &below, if depth == 2 { "1\n2\n" } else { "1\n2\n3\n" });
    let right = if depth == 2 {
        build(&format!("{name}-right"), "ristretto255", &below, "3\n").1
    } else {
        let params = ballistic::merkle::MerkleParams::<ballistic::Ristretto255>::new(depth - 1).unwrap();
        ballistic::hazmat::to_hex(&params.empty_root(depth - 1).unwrap().to_bytes())
    };
    let (shallow, shallow_root) = build(&format!("{name}-shallow"), "ristretto255", "1", &format!("{left}\n{right}\n"));
    // Levels are separated: the shallow tree has another root.
    assert_ne!(shallow_root, root);
    let attack = tmp(&format!("{name}.proof.json"));
    let o = prove(&shallow, "0", &attack, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = verify_hex(&shallow_root, "1", "ristretto255", &[&attack]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The same file claiming the honest root, and one claiming depth d−1.
    let mut p = json(&attack);
    p["root"] = root.clone().into();
    let forged = tmp(&format!("{name}.forged.json"));
    write_json(&forged, &p);
    p["depth"] = (depth - 1).into();
    let deeper = tmp(&format!("{name}.deeper.json"));
    write_json(&deeper, &p);
    let refused = |o: &Output| {
        assert_eq!(o.status.code(), Some(1));
        let out = stdout(o);
        assert_eq!(out.lines().count(), 3, "{out}");
        for (file, got) in [(".proof.json", 1), (".forged.json", 1), (".deeper.json", depth - 1)] {
            let line = format!("{name}{file}: a proof for a tree of depth {got}, where the tree has depth {depth}");
            assert!(out.contains(&line), "{out}");
        }
    };
    refused(&verify(tree.to_str().unwrap(), &[&attack, &forged, &deeper]));
    refused(&verify_hex(&root, &d, "ristretto255", &[&attack, &forged, &deeper]));
}

#[test]
fn inner_node_is_no_leaf_depth_2() {
    inner_node_attack(2);
}

#[test]
fn inner_node_is_no_leaf_depth_32() {
    inner_node_attack(32);
}

/// Issue 35: the leaf-count error names the limit exceeded, with the depth
/// given (not 64).
#[test]
fn leaf_count_errors_name_the_limit() {
    let leaves = tmp("count.leaves");
    std::fs::write(&leaves, "1\n".repeat((1 << 21) + 1)).unwrap();
    let o =
        bin().args(["merkle", "build", "--depth", "22", "--out"]).arg(tmp("count.json")).arg(&leaves).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("2097153 leaves: a tree file holds at most 2097152"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("depth 64"), "{}", stderr(&o));
    let o =
        bin().args(["merkle", "build", "--depth", "20", "--out"]).arg(tmp("count.json")).arg(&leaves).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("2097153 leaves do not fit a tree of depth 20"), "{}", stderr(&o));
    std::fs::write(&leaves, "1\n".repeat(9)).unwrap();
    let o =
        bin().args(["merkle", "build", "--depth", "3", "--out"]).arg(tmp("count.json")).arg(&leaves).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("9 leaves do not fit a tree of depth 3"), "{}", stderr(&o));
}

/// Issue 35 review: 64 hex digits are always the verifier's root, never a
/// path — a tree file planted under the name of the root (by whoever can
/// write to the verifier's directory) does not replace the statement.
#[test]
fn bare_root_is_never_a_path() {
    let dir = tmp("shadow-dir");
    std::fs::create_dir_all(&dir).unwrap();
    let (_, honest_root) = build("shadow-honest", "ristretto255", "5", "1\n2\n3\n");
    let (evil_tree, _) = build("shadow-evil", "ristretto255", "5", "666\n");
    let attack = dir.join("proof.json");
    let o =
        bin().args(["merkle", "prove"]).arg(&evil_tree).args(["--leaf", "0", "--out"]).arg(&attack).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::copy(&evil_tree, dir.join(&honest_root)).unwrap();
    let o = bin()
        .current_dir(&dir)
        .args(["merkle", "verify", &honest_root, "--depth", "5", "--group", "ristretto255", "proof.json"])
        .output()
        .unwrap();
    assert!(!o.status.success(), "a planted tree file replaced the root");
    assert_ne!(String::from_utf8_lossy(&o.stdout).trim(), "valid");
}
