//! `ballistic tree build` / `root` / `prove` / `verify`: a round trip, the
//! key image printed and repeated keys refused, and one-line errors for the
//! verifier's statement (context, message, root, shape), tampered proofs,
//! keys not in the tree, damaged trees and bad key lines.

use std::path::{Path, PathBuf};
use std::process::Output;

use ballistic::group::{Group, ScalarOps};
use ballistic::Secp256k1;

use crate::common::{bin, json, stderr, stdout, tmp_in, write_json};

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-tree-cli", name)
}

fn public_hex(k: u64) -> String {
    let p = Secp256k1::mul_ct(&Secp256k1::basepoint(), &<Secp256k1 as Group>::Scalar::from_u64(k));
    Secp256k1::compressed_bytes(&Secp256k1::compress(&p)).iter().map(|b| format!("{b:02x}")).collect()
}

/// A tree of the keys of secret keys `1 ..= n` with branching 4,4.
fn build(name: &str, n: u64) -> (PathBuf, String) {
    let keys = tmp(&format!("{name}.keys"));
    std::fs::write(&keys, (1..=n).map(|k| public_hex(k) + "\n").collect::<String>()).unwrap();
    let tree = tmp(&format!("{name}.tree.json"));
    let o = bin().args(["tree", "build", "--branching", "4,4", "--out"]).arg(&tree).arg(&keys).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let root = stdout(&o).trim().to_string();
    assert_eq!(root.len(), 66);
    (tree, root)
}

fn prove(tree: &Path, secret: u64, context: &str, out: &Path) -> Output {
    let key = tmp(&format!("{}.key", out.file_name().unwrap().to_string_lossy()));
    std::fs::write(&key, format!("{secret:064x}\n")).unwrap();
    bin()
        .args(["tree", "prove"])
        .arg(tree)
        .arg("--key-file")
        .arg(&key)
        .args(["--context", context, "--message", "session 1", "--out"])
        .arg(out)
        .output()
        .unwrap()
}

fn verify(root: &str, extra: &[&str], proofs: &[&Path]) -> Output {
    bin().args(["tree", "verify", root]).args(extra).args(proofs).output().unwrap()
}

#[test]
fn round_trip_prints_key_images_and_refuses_a_second_use() {
    let (tree, root) = build("rt", 10);
    let o = bin().args(["tree", "root"]).arg(&tree).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), root);
    let (p3, p5, again) = (tmp("rt-3.json"), tmp("rt-5.json"), tmp("rt-3b.json"));
    for (secret, out) in [(3, &p3), (5, &p5), (3, &again)] {
        let o = prove(&tree, secret, "forum/2026", out);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o).trim().len(), 64, "the key image (its x-coordinate)");
    }
    let proof = json(&p3);
    assert_eq!(proof["system"], "curve-tree-ownership");
    assert_eq!(proof["root"], root.as_str());
    let image = proof["key_image"].as_str().unwrap().to_string();
    let ctx = ["--context", "forum/2026", "--message", "session 1"];
    let o = verify(tree.to_str().unwrap(), &ctx, &[&p3, &p5]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(&image), "{}", stdout(&o));
    assert!(stdout(&o).contains("valid: 2 proofs"));
    // Against the bare root, with the verifier's shape.
    let with_shape = ["--branching", "4,4", "--context", "forum/2026", "--message", "session 1"];
    let o = verify(&root, &with_shape, &[&p5]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The same key twice in one call.
    let o = verify(&root, &with_shape, &[&p3, &p5, &again]);
    assert!(!o.status.success());
    assert!(stdout(&o).contains("rt-3b.json") && stdout(&o).contains("used twice"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("rt-5.json:"), "{}", stdout(&o));
}

#[test]
fn the_verifier_gives_the_statement() {
    let (tree, root) = build("st", 6);
    let p = tmp("st-2.json");
    assert!(prove(&tree, 2, "ctx", &p).status.success());
    let t = tree.to_str().unwrap();
    let refused = |root: &str, extra: &[&str], needle: &str| {
        let o = verify(root, extra, &[&p]);
        assert!(!o.status.success(), "{extra:?}");
        let text = stdout(&o) + &stderr(&o);
        assert!(text.contains(needle), "{extra:?}: {text}");
    };
    refused(t, &["--context", "other", "--message", "session 1"], "another context");
    refused(t, &["--context", "ctx", "--message", "session 2"], "another message");
    refused(t, &["--context", "ctx"], "--message");
    refused(&root, &["--context", "ctx", "--message", "session 1"], "needs --branching");
    refused(&root, &["--branching", "2,8", "--context", "ctx", "--message", "session 1"], "branching");
    refused(t, &["--branching", "2,8", "--context", "ctx", "--message", "session 1"], "--branching");
    let (other, _) = build("st-other", 5);
    refused(other.to_str().unwrap(), &["--context", "ctx", "--message", "session 1"], "wrong root");
    // The file edited to claim another context: its proof does not verify.
    let mut edited = json(&p);
    edited["context"] = "other".into();
    let forged = tmp("st-forged.json");
    write_json(&forged, &edited);
    let o = verify(t, &["--context", "other", "--message", "session 1"], &[&forged]);
    assert!(!o.status.success());
    assert!(stdout(&o).contains("st-forged.json"), "{}", stdout(&o));
    // A tampered proof.
    let mut edited = json(&p);
    let mut proof = edited["proof"].as_str().unwrap().to_string();
    let at = proof.len() - 10;
    let flipped = if &proof[at..at + 1] == "0" { "1" } else { "0" };
    proof.replace_range(at..at + 1, flipped);
    edited["proof"] = proof.into();
    write_json(&forged, &edited);
    let o = verify(t, &["--context", "ctx", "--message", "session 1"], &[&forged]);
    assert!(!o.status.success());
}

#[test]
fn bad_inputs_get_one_line_errors() {
    let (tree, _) = build("bad", 4);
    // A key not in the tree, a zero key, an empty context.
    let out = tmp("bad.json");
    let o = prove(&tree, 9, "ctx", &out);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not in the tree"), "{}", stderr(&o));
    let o = prove(&tree, 0, "ctx", &out);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("secret key"), "{}", stderr(&o));
    let o = prove(&tree, 1, "", &out);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("context"), "{}", stderr(&o));
    // The root the prover expects.
    let key = tmp("bad-root.key");
    std::fs::write(&key, format!("{:064x}\n", 1)).unwrap();
    let o = bin()
        .args(["tree", "prove"])
        .arg(&tree)
        .arg("--key-file")
        .arg(&key)
        .args(["--root", &"02".repeat(33), "--context", "ctx", "--message", "m", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--root"), "{}", stderr(&o));
    // A damaged tree.
    let mut t = json(&tree);
    t["keys"][1] = public_hex(7).into();
    let damaged = tmp("bad-damaged.json");
    write_json(&damaged, &t);
    let o = bin().args(["tree", "root"]).arg(&damaged).output().unwrap();
    assert!(!o.status.success());
    assert!(stderr(&o).contains("wrong root"), "{}", stderr(&o));
    // A bad key line, a repeated key.
    let keys = tmp("bad.keys");
    std::fs::write(&keys, format!("{}\nnot a key\n", public_hex(1))).unwrap();
    let o = bin().args(["tree", "build", "--out"]).arg(tmp("bad-out.json")).arg(&keys).output().unwrap();
    assert!(!o.status.success());
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
    std::fs::write(&keys, format!("{}\n{}\n", public_hex(1), public_hex(1))).unwrap();
    let o = bin().args(["tree", "build", "--out"]).arg(tmp("bad-out.json")).arg(&keys).output().unwrap();
    assert!(!o.status.success());
    assert!(stderr(&o).contains("one x-coordinate"), "{}", stderr(&o));
    let o = bin().args(["tree", "build", "--branching", "1,4", "--out"]).arg(tmp("bad-out.json")).arg(&keys).output();
    assert!(!o.unwrap().status.success());
}
