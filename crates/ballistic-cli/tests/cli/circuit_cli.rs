//! `ballistic circuit prove` / `verify` on the shared circuits: round trips,
//! tampered files and wrong circuits rejected with one-line errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{bin, shared, stderr, tmp_in};

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-circuit-cli", name)
}

fn prove(circuit: &Path, inputs: &Path, out: &Path, extra: &[&str]) -> Output {
    bin()
        .args(["circuit", "prove"])
        .arg(circuit)
        .arg("--inputs")
        .arg(inputs)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

fn verify(circuit: &Path, proof: &Path) -> Output {
    bin().args(["circuit", "verify"]).arg(circuit).arg(proof).output().unwrap()
}

#[test]
fn prove_verify_and_reject() {
    let (c, i, e) = (
        shared("ristretto255", "dot_product", "arith"),
        shared("ristretto255", "dot_product", "in"),
        shared("ristretto255", "dot_product", "out"),
    );
    let out = tmp("dot.json");
    let o = prove(&c, &i, &out, &["--expect", e.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The progress bar is drawn only on a terminal: nothing in captured stderr.
    assert_eq!(stderr(&o), "");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("multiplication gates"), "metrics printed: {text}");
    assert!(!text.contains('\r') && !text.contains("[#"), "{text}");
    let o = verify(&c, &out);
    assert!(o.status.success(), "{}", stderr(&o));
    // The public values verified, then the verdict.
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("outputs: 14=2b7"), "{text}");
    assert_eq!(text.lines().last(), Some("valid"));

    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let write = |name: &str, v: &serde_json::Value| {
        let p = tmp(name);
        std::fs::write(&p, serde_json::to_string(v).unwrap()).unwrap();
        p
    };
    // A wrong public output.
    let mut bad = v.clone();
    bad["outputs"][0]["value"] = serde_json::Value::from("1");
    let o = verify(&c, &write("out.json", &bad));
    assert!(!o.status.success());
    assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
    // A wrong public input.
    let mut bad = v.clone();
    bad["inputs"][1]["value"] = serde_json::Value::from("ff");
    assert!(!verify(&c, &write("in.json", &bad)).status.success());
    // A flipped proof byte, bad hex, an unknown field, a wrong system.
    let mut bad = v.clone();
    let mut proof = bad["proof"].as_str().unwrap().to_string();
    let flipped = if proof.as_bytes()[100] == b'0' { "1" } else { "0" };
    proof.replace_range(100..101, flipped);
    bad["proof"] = serde_json::Value::from(proof);
    assert!(!verify(&c, &write("flip.json", &bad)).status.success());
    let mut bad = v.clone();
    bad["proof"] = serde_json::Value::from("zz");
    assert!(stderr(&verify(&c, &write("hex.json", &bad))).contains("hex"));
    let mut bad = v.clone();
    bad["extra"] = serde_json::Value::from(1);
    assert!(!verify(&c, &write("extra.json", &bad)).status.success());
    let mut bad = v.clone();
    bad["system"] = serde_json::Value::from("bulletproofs");
    assert!(stderr(&verify(&c, &write("sys.json", &bad))).contains("system"));
    // Another circuit.
    let o = verify(&shared("ristretto255", "simple_example", "arith"), &out);
    assert!(!o.status.success());
    // Secp256k1 group named in the file: the proof does not decode there.
    let mut bad = v.clone();
    bad["group"] = serde_json::Value::from("secp256k1");
    assert!(!verify(&c, &write("group.json", &bad)).status.success());
}

#[test]
fn prover_errors_are_one_line() {
    let (c, i) = (shared("ristretto255", "simple_example", "arith"), shared("ristretto255", "simple_example", "in"));
    let out = tmp("simple.json");
    // Wrong expected outputs.
    let wrong = tmp("wrong.out");
    std::fs::write(&wrong, "11 127\n").unwrap();
    let o = prove(&c, &i, &out, &["--expect", wrong.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("output wire 11"), "{}", stderr(&o));
    // Missing inputs, a malformed circuit (naming the line), a missing file.
    let short = tmp("short.in");
    std::fs::write(&short, "0 1\n2 1\n").unwrap();
    assert!(stderr(&prove(&c, &short, &out, &[])).contains("no value for input wire"));
    let broken = tmp("broken.arith");
    std::fs::write(&broken, "total 3\ninput 0\nfrob in 1 <0> out 1 <1>\n").unwrap();
    let o = prove(&broken, &i, &out, &[]);
    assert!(stderr(&o).contains("line 3: unknown gate `frob`"), "{}", stderr(&o));
    assert!(!prove(&tmp("nonexistent.arith"), &i, &out, &[]).status.success());
    // A secp256k1 circuit refused in Ristretto255's field.
    let o = prove(&shared("secp256k1", "sha_256_abc", "arith"), &shared("secp256k1", "sha_256_abc", "in"), &out, &[]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not below the group order"), "{}", stderr(&o));
}

/// `-` (standard input: no size in its metadata) is read through the
/// bounded reader; devices and FIFOs are not read at all.
fn with_stdin_from(cmd: &mut Command, source: &Path) -> Output {
    cmd.stdin(std::fs::File::open(source).unwrap()).output().unwrap()
}

#[test]
fn input_files_are_bounded() {
    let c = shared("ristretto255", "dot_product", "arith");
    let out = tmp("bounded.json");
    let zero = Path::new("/dev/zero");
    let o = with_stdin_from(bin().args(["circuit", "prove"]).arg(&c).args(["--inputs", "-", "--out"]).arg(&out), zero);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("too large (more than 67108864 bytes)"), "{}", stderr(&o));
    let o = prove(&c, &shared("ristretto255", "dot_product", "in"), &out, &["--expect", "/dev/zero"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("/dev/zero: not a regular file"), "{}", stderr(&o));
    // A proof file from standard input is bounded too.
    let o = with_stdin_from(bin().args(["circuit", "verify"]).arg(&c).arg("-"), zero);
    assert!(stderr(&o).contains("too large (more than 16777216 bytes)"), "{}", stderr(&o));
}

#[test]
fn duplicate_input_wire_is_named() {
    let c = shared("ristretto255", "dot_product", "arith");
    let text = std::fs::read_to_string(shared("ristretto255", "dot_product", "in")).unwrap();
    let first = text.lines().next().unwrap().to_string();
    let dup = tmp("dup.in");
    std::fs::write(&dup, format!("{text}{first}\n")).unwrap();
    let o = prove(&c, &dup, &tmp("dup.json"), &[]);
    assert!(!o.status.success());
    let line = text.lines().count() + 1;
    assert!(stderr(&o).contains(&format!("line {line}: wire")), "{}", stderr(&o));
    assert!(stderr(&o).contains("twice"), "{}", stderr(&o));
}

/// `circuit verify CIRCUIT PROOF...`: one batch against the circuit,
/// translated once; each invalid proof is named with its reason.
#[test]
fn verify_many_names_the_bad_ones() {
    let (c, i) = (shared("ristretto255", "dot_product", "arith"), shared("ristretto255", "dot_product", "in"));
    let paths: Vec<PathBuf> = (0..3).map(|k| tmp(&format!("many-{k}.json"))).collect();
    for p in &paths {
        let o = prove(&c, &i, p, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let o = bin().args(["circuit", "verify"]).arg(&c).args(&paths).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().last(), Some("valid: 3 proofs"));
    // Tamper with the second: a wrong output value.
    let text = std::fs::read_to_string(&paths[1]).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["outputs"][0]["value"] = serde_json::Value::String("1".into());
    std::fs::write(&paths[1], serde_json::to_string(&doc).unwrap()).unwrap();
    let missing = tmp("many-missing.json");
    let _ = std::fs::remove_file(&missing);
    let o = bin().args(["circuit", "verify"]).arg(&c).args(&paths).arg(&missing).output().unwrap();
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let named: Vec<&str> = out.lines().filter(|l| l.starts_with("invalid: ")).collect();
    assert_eq!(named.len(), 2, "{out}");
    assert!(named[0].contains("many-1.json") && named[1].contains("many-missing.json"), "{out}");
    assert!(stderr(&o).contains("2 of 4 proofs are invalid"), "{}", stderr(&o));
}
