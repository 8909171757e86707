//! The `ballistic` binary: prove/verify round trips and one-line errors.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ballistic"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ballistic-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn prove(out: &Path, bits: &str, values: &[&str], extra: &[&str]) -> Output {
    let mut cmd = bin();
    cmd.args(["range", "prove", "--bits", bits, "--out"]).arg(out);
    for v in values {
        cmd.args(["--value", v]);
    }
    cmd.args(extra);
    run(&mut cmd)
}

fn verify(file: &Path) -> Output {
    run(bin().args(["range", "verify"]).arg(file))
}

/// The verdict: the last line of standard output (the statement verified
/// is printed before it).
fn last_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).trim().lines().last().unwrap_or_default().to_string()
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn write_json(path: &Path, v: &serde_json::Value) {
    std::fs::write(path, serde_json::to_string(v).unwrap()).unwrap();
}

#[test]
fn prove_verify_round_trip() {
    let out = tmp("single.json");
    let o = prove(&out, "64", &["18446744073709551615"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&out);
    assert_eq!(v["system"], "bulletproofs");
    assert_eq!(v["group"], "ristretto255");
    assert_eq!(v["label"], "ballistic range proof");
    assert_eq!(v["bits"], 64);
    assert_eq!(v["commitments"].as_array().unwrap().len(), 1);
    let proof_hex = v["proof"].as_str().unwrap();
    assert_eq!(proof_hex.len(), 2 * 672);
    assert!(proof_hex.chars().all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)));
    let o = verify(&out);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid");
}

#[test]
fn aggregated_with_label_blindings_and_openings() {
    let out = tmp("agg.json");
    let openings = tmp("agg.openings.json");
    let blinding = format!("{:0<64}", "05");
    let o = prove(
        &out,
        "33",
        &["1", "2", "8589934591"],
        &[
            "--label",
            "my app",
            "--blinding",
            &blinding,
            "--blinding",
            &blinding,
            "--blinding",
            &blinding,
            "--openings",
            openings.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(verify(&out).status.success());
    let op = json(&openings);
    assert_eq!(op["values"], serde_json::json!([1, 2, 8589934591u64]));
    assert_eq!(op["blindings"][0], blinding.as_str());
    assert_eq!(op["commitments"], json(&out)["commitments"]);

    // Changing the label breaks the proof.
    let mut v = json(&out);
    v["label"] = "other app".into();
    let changed = tmp("agg-label.json");
    write_json(&changed, &v);
    let o = verify(&changed);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("proof rejected"), "{}", stderr(&o));
}

#[test]
fn prover_refuses_bad_input() {
    let out = tmp("bad.json");
    let o = prove(&out, "8", &["256"], &[]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not in [0, 2^8)"), "{}", stderr(&o));
    let o = prove(&out, "65", &["1"], &[]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bit size"), "{}", stderr(&o));
    let o = prove(&out, "8", &["1", "2"], &["--blinding", &"00".repeat(32)]);
    assert!(!o.status.success());
    let o = prove(&out, "8", &["1"], &["--blinding", &"ff".repeat(32)]);
    assert!(stderr(&o).contains("canonical"), "{}", stderr(&o));
    let o = prove(&out, "8", &["-1"], &[]);
    assert!(!o.status.success());
}

#[test]
fn verifier_gives_one_line_reasons() {
    let good = tmp("good.json");
    assert!(prove(&good, "16", &["7", "9"], &[]).status.success());
    let base = json(&good);
    type Mutation = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Mutation, &str)> = vec![
        ("system", Box::new(|v| v["system"] = "zk-snark".into()), "unsupported system"),
        ("group", Box::new(|v| v["group"] = "bls12-381".into()), "unsupported group"),
        ("group-mismatch", Box::new(|v| v["group"] = "secp256k1".into()), "not a valid secp256k1 point"),
        ("bits", Box::new(|v| v["bits"] = 32.into()), "wrong proof length"),
        ("bits0", Box::new(|v| v["bits"] = 0.into()), "bits 0"),
        ("hex", Box::new(|v| v["proof"] = "zz".into()), "bad hex"),
        (
            "trunc",
            Box::new(|v| {
                let p = v["proof"].as_str().unwrap().to_string();
                v["proof"] = p[..p.len() - 2].to_string().into()
            }),
            "wrong proof length",
        ),
        ("point", Box::new(|v| v["commitments"][0] = "ff".repeat(32).into()), "not a valid ristretto255 point"),
        ("commit", Box::new(|v| v["commitments"][0] = v["commitments"][1].clone()), "proof rejected"),
        ("missing", Box::new(|v| v.as_object_mut().unwrap().retain(|k, _| k != "proof")), "malformed JSON"),
        (
            "flip",
            Box::new(|v| {
                let mut p = v["proof"].as_str().unwrap().to_string();
                let c = if &p[200..201] == "0" { "1" } else { "0" };
                p.replace_range(200..201, c);
                v["proof"] = p.into()
            }),
            "",
        ),
    ];
    for (name, mutate, expect) in cases {
        let mut v = base.clone();
        mutate(&mut v);
        let path = tmp(&format!("case-{name}.json"));
        write_json(&path, &v);
        let o = verify(&path);
        assert!(!o.status.success(), "case {name} accepted");
        let err = stderr(&o);
        assert_eq!(err.trim().lines().count(), 1, "case {name}: {err}");
        assert!(err.contains(expect), "case {name}: {err}");
    }
    let garbage = tmp("garbage.json");
    std::fs::write(&garbage, b"{not json").unwrap();
    assert!(stderr(&verify(&garbage)).contains("malformed JSON"));
    assert!(!verify(&tmp("does-not-exist.json")).status.success());
}

#[test]
fn demo_runs() {
    let o = run(bin().args(["demo", "--quick"]));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    // The 64-bit single row: 672 bytes (Bulletproofs), 576 (Bulletproofs+), 416 (Bulletproofs++).
    let row = out.lines().find(|l| l.starts_with("|     64 |        1 |")).unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    assert_eq!((cells[3], cells[6], cells[9]), ("672", "576", "416"), "{row}");
    assert!(out.contains("(bulletproofs-plus-plus) under a wrong label: rejected"), "{out}");
    // A depth-32 Merkle membership proof.
    let merkle = out.lines().skip_while(|l| !l.contains("Merkle membership")).find(|l| l.starts_with("| 32 |"));
    assert!(merkle.is_some(), "{out}");
    assert!(out.contains("all proofs verified"), "{out}");
}

#[test]
fn verify_batch_names_invalid_files() {
    let a = tmp("batch-a.json");
    let b = tmp("batch-b.json");
    let c = tmp("batch-c.json");
    assert!(prove(&a, "64", &["5"], &[]).status.success());
    assert!(prove(&b, "7", &["1", "2", "3"], &[]).status.success());
    assert!(prove(&c, "32", &["9"], &["--label", "c"]).status.success());
    let o = run(bin().args(["range", "verify-batch"]).arg(&a).arg(&b).arg(&c));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid: 3 proofs");

    let mut v = json(&c);
    v["label"] = "not c".into();
    let bad = tmp("batch-bad.json");
    write_json(&bad, &v);
    let garbage = tmp("batch-garbage.json");
    std::fs::write(&garbage, b"[]").unwrap();
    let o = run(bin().args(["range", "verify-batch"]).arg(&a).arg(&bad).arg(&b).arg(&garbage));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].contains("batch-bad.json") && lines[0].contains("verification equation failed"), "{out}");
    assert!(lines[1].contains("batch-garbage.json") && lines[1].contains("malformed JSON"), "{out}");
    assert!(stderr(&o).contains("2 of 4 proofs invalid"));
}

#[test]
fn bulletproofs_plus_files_and_mixed_batches() {
    let plus = tmp("plus.json");
    let o = prove(&plus, "64", &["42"], &["--system", "bpplus"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&plus);
    assert_eq!(v["system"], "bulletproofs-plus");
    assert_eq!(v["proof"].as_str().unwrap().len(), 2 * 576);
    let o = verify(&plus);
    assert!(o.status.success(), "{}", stderr(&o));

    // The same bytes claimed as the other system: rejected with a reason.
    let mut wrong = v.clone();
    wrong["system"] = "bulletproofs".into();
    let wrong_path = tmp("plus-as-bp.json");
    write_json(&wrong_path, &wrong);
    let o = verify(&wrong_path);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("proof:"), "{}", stderr(&o));
    let mut unknown = v.clone();
    unknown["system"] = "bulletproofs++".into();
    let unknown_path = tmp("plus-unknown.json");
    write_json(&unknown_path, &unknown);
    let o = verify(&unknown_path);
    assert!(stderr(&o).contains("unsupported system"), "{}", stderr(&o));

    // A mixed batch: Bulletproofs and Bulletproofs+ files of several shapes.
    let classic = tmp("mixed-bp.json");
    let plus_agg = tmp("mixed-plus-agg.json");
    assert!(prove(&classic, "16", &["7", "8"], &[]).status.success());
    assert!(prove(&plus_agg, "5", &["1", "2", "3"], &["--system", "bulletproofs-plus"]).status.success());
    let o = run(bin().args(["range", "verify-batch"]).arg(&classic).arg(&plus).arg(&plus_agg));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid: 3 proofs");
    let mut tampered = json(&plus_agg);
    tampered["commitments"][0] = v["commitments"][0].clone();
    let tampered_path = tmp("mixed-plus-tampered.json");
    write_json(&tampered_path, &tampered);
    let o = run(bin().args(["range", "verify-batch"]).arg(&classic).arg(&tampered_path).arg(&plus));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("mixed-plus-tampered.json"), "{out}");
}

#[test]
fn secp256k1_files_and_mixed_group_batches() {
    let bp = tmp("secp-bp.json");
    let plus = tmp("secp-plus.json");
    let o = prove(&bp, "64", &["42"], &["--group", "secp256k1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = prove(&plus, "16", &["1", "2", "3"], &["--group", "secp256k1", "--system", "bpplus"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&bp);
    assert_eq!(v["group"], "secp256k1");
    assert_eq!(v["proof"].as_str().unwrap().len(), 2 * 688);
    assert_eq!(v["commitments"][0].as_str().unwrap().len(), 2 * 33);
    assert!(verify(&bp).status.success());
    assert!(verify(&plus).status.success());

    // The same file claimed for the other group: a clear reason, no panic.
    let mut wrong = v.clone();
    wrong["group"] = "ristretto255".into();
    let wrong_path = tmp("secp-as-ristretto.json");
    write_json(&wrong_path, &wrong);
    let o = verify(&wrong_path);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("commitment #0"), "{}", stderr(&o));
    let mut unknown = v.clone();
    unknown["group"] = "p256".into();
    let unknown_path = tmp("secp-unknown-group.json");
    write_json(&unknown_path, &unknown);
    let o = verify(&unknown_path);
    assert!(stderr(&o).contains("unsupported group"), "{}", stderr(&o));
    // A commitment off the curve.
    let mut off = v.clone();
    off["commitments"][0] = format!("02{}", "ff".repeat(32)).into();
    let off_path = tmp("secp-off-curve.json");
    write_json(&off_path, &off);
    let o = verify(&off_path);
    assert!(stderr(&o).contains("not a valid secp256k1 point"), "{}", stderr(&o));

    // One batch command, both groups, both systems; one bad file per group.
    let rist = tmp("mixed-group-ristretto.json");
    assert!(prove(&rist, "32", &["9"], &[]).status.success());
    let o = run(bin().args(["range", "verify-batch"]).arg(&bp).arg(&rist).arg(&plus));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid: 3 proofs");
    let mut bad_secp = json(&plus);
    bad_secp["label"] = "other".into();
    let bad_secp_path = tmp("mixed-group-bad-secp.json");
    write_json(&bad_secp_path, &bad_secp);
    let mut bad_rist = json(&rist);
    bad_rist["bits"] = 64.into();
    let bad_rist_path = tmp("mixed-group-bad-ristretto.json");
    write_json(&bad_rist_path, &bad_rist);
    let o = run(bin().args(["range", "verify-batch"]).arg(&bp).arg(&bad_secp_path).arg(&rist).arg(&bad_rist_path));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].contains("mixed-group-bad-secp.json"), "{out}");
    assert!(lines[1].contains("mixed-group-bad-ristretto.json"), "{out}");
}

#[test]
fn labels_are_bounded() {
    let long = "x".repeat(1025);
    let out = tmp("long-label.json");
    let o = prove(&out, "8", &["1"], &["--label", &long]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("at most 1024"), "{}", stderr(&o));
    // A file whose label was lengthened after proving: refused by length.
    assert!(prove(&out, "8", &["1"], &[]).status.success());
    let mut v = json(&out);
    v["label"] = long.into();
    write_json(&out, &v);
    let o = verify(&out);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("at most 1024"), "{}", stderr(&o));
}

/// Run with standard input read from `source`.
fn with_stdin_from(cmd: &mut Command, source: &Path) -> Output {
    cmd.stdin(std::fs::File::open(source).unwrap()).output().unwrap()
}

#[test]
fn unbounded_streams_are_refused() {
    // Standard input (`-`) goes through the bounded reader: an endless
    // stream is refused after the cap.
    let started = std::time::Instant::now();
    let o = with_stdin_from(bin().args(["range", "verify", "-"]), Path::new("/dev/zero"));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("too large"), "{}", stderr(&o));
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    let o = with_stdin_from(bin().args(["range", "verify-batch", "-"]), Path::new("/dev/zero"));
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("too large"), "{:?}", o);
    // Named devices (and FIFOs) are not opened at all.
    let o = verify(Path::new("/dev/zero"));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
}

#[test]
fn secrets_from_files_and_stdin() {
    let values = tmp("values.txt");
    std::fs::write(&values, "1\n\n200\n").unwrap();
    let blinding = format!("{:0<64}", "05");
    let blindings = tmp("blindings.txt");
    std::fs::write(&blindings, format!("{blinding}\n{blinding}\n")).unwrap();
    let out = tmp("from-files.json");
    let openings = tmp("from-files.openings.json");
    let o = run(bin()
        .args(["range", "prove", "--bits", "8", "--values-file"])
        .arg(&values)
        .arg("--blindings-file")
        .arg(&blindings)
        .arg("--out")
        .arg(&out)
        .arg("--openings")
        .arg(&openings));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(verify(&out).status.success());
    let op = json(&openings);
    assert_eq!(op["values"], serde_json::json!([1, 200]));
    assert_eq!(op["blindings"][1], blinding.as_str());

    // Values from standard input.
    let out = tmp("from-stdin.json");
    let mut child = bin()
        .args(["range", "prove", "--bits", "16", "--values-file", "-", "--out"])
        .arg(&out)
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"65535\n3\n").unwrap();
    }
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(verify(&out).status.success());
    assert_eq!(json(&out)["commitments"].as_array().unwrap().len(), 2);

    // A bad line is named; both secrets on standard input are refused.
    std::fs::write(&values, "1\nseven\n").unwrap();
    let o = run(bin().args(["range", "prove", "--bits", "8", "--values-file"]).arg(&values).arg("--out").arg(&out));
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
    let o = run(bin()
        .args(["range", "prove", "--bits", "8", "--values-file", "-", "--blindings-file", "-", "--out"])
        .arg(&out));
    assert!(!o.status.success());
    // The help says why the flags are discouraged.
    let help = run(bin().args(["range", "prove", "--help"]));
    assert!(String::from_utf8_lossy(&help.stdout).contains("--values-file"));
}

#[test]
fn openings_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let out = tmp("private.json");
    let openings = tmp("private.openings.json");
    // Even over an existing world-readable file.
    std::fs::write(&openings, "old").unwrap();
    std::fs::set_permissions(&openings, std::fs::Permissions::from_mode(0o644)).unwrap();
    let o = prove(&out, "8", &["3"], &["--openings", openings.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::metadata(&openings).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(json(&openings)["values"], serde_json::json!([3]));
    let fresh = tmp("private-fresh.openings.json");
    let _ = std::fs::remove_file(&fresh);
    let o = prove(&out, "8", &["3"], &["--openings", fresh.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777, 0o600);
}

#[test]
fn range_files_have_one_encoding() {
    let good = tmp("canon.json");
    assert!(prove(&good, "8", &["7"], &[]).status.success());
    let base = json(&good);
    let mut v = base.clone();
    v["proof"] = v["proof"].as_str().unwrap().to_uppercase().into();
    let path = tmp("canon-upper.json");
    write_json(&path, &v);
    assert!(stderr(&verify(&path)).contains("proof: bad hex"));
    let mut v = base.clone();
    v["note"] = "hi".into();
    write_json(&path, &v);
    assert!(stderr(&verify(&path)).contains("unknown field"));
    let o = prove(&good, "8", &["1"], &["--blinding", &format!("{:0<64}", "0A")]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("blinding #0"), "{}", stderr(&o));
}

#[test]
fn bulletproofs_plus_plus_files_intervals_and_mixed_batches() {
    let ppp = tmp("ppp.json");
    let o = prove(&ppp, "64", &["42"], &["--system", "bppp"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&ppp);
    assert_eq!(v["system"], "bulletproofs-plus-plus");
    assert_eq!(v["proof"].as_str().unwrap().len(), 2 * 416);
    assert!(verify(&ppp).status.success());

    // Claimed as another system, or truncated: a clear reason, no panic.
    let mut wrong = v.clone();
    wrong["system"] = "bulletproofs-plus".into();
    let wrong_path = tmp("ppp-as-plus.json");
    write_json(&wrong_path, &wrong);
    let o = verify(&wrong_path);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("proof:"), "{}", stderr(&o));
    let mut short = v.clone();
    let hex = v["proof"].as_str().unwrap();
    short["proof"] = hex[..hex.len() - 2].into();
    let short_path = tmp("ppp-short.json");
    write_json(&short_path, &short);
    assert!(!verify(&short_path).status.success());

    // Odd shapes and secp256k1, then one batch of every system naming the bad file.
    let odd = tmp("ppp-odd.json");
    assert!(prove(&odd, "7", &["1", "127", "64"], &["--system", "bulletproofs-plus-plus"]).status.success());
    let secp = tmp("ppp-secp.json");
    let o = prove(&secp, "60", &["5", "6"], &["--system", "bppp", "--group", "secp256k1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&secp)["group"], "secp256k1");
    let classic = tmp("ppp-mixed-bp.json");
    let plus = tmp("ppp-mixed-plus.json");
    assert!(prove(&classic, "16", &["7", "8"], &[]).status.success());
    assert!(prove(&plus, "5", &["1", "2", "3"], &["--system", "bpplus"]).status.success());
    let o = run(bin().args(["range", "verify-batch"]).arg(&classic).arg(&ppp).arg(&plus).arg(&odd).arg(&secp));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid: 5 proofs");
    let mut tampered = json(&odd);
    tampered["commitments"][1] = json(&odd)["commitments"][0].clone();
    let tampered_path = tmp("ppp-tampered.json");
    write_json(&tampered_path, &tampered);
    let o = run(bin().args(["range", "verify-batch"]).arg(&classic).arg(&tampered_path).arg(&ppp));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("ppp-tampered.json"), "{out}");
}

#[test]
fn interval_proofs_prove_verify_and_batch() {
    // [--min, --max] with each system; --max alone is [0, MAX], --min alone [MIN, 2^64 - 1].
    let cases: [(&str, &[&str], &str, u64, u64); 3] = [
        ("bulletproofs", &["--min", "100", "--max", "1100"], "600", 100, 1100),
        ("bpplus", &["--max", "255"], "255", 0, 255),
        ("bppp", &["--min", "18446744073709551600"], "18446744073709551610", 18446744073709551600, u64::MAX),
    ];
    let mut paths = Vec::new();
    for (k, (system, range, value, lo, hi)) in cases.iter().enumerate() {
        let out = tmp(&format!("interval-{k}.json"));
        let mut cmd = bin();
        cmd.args(["range", "prove", "--system", system, "--value", value, "--out"]).arg(&out).args(*range);
        let o = run(&mut cmd);
        assert!(o.status.success(), "{}", stderr(&o));
        let v = json(&out);
        assert_eq!(v["min"].as_u64(), Some(*lo));
        assert_eq!(v["max"].as_u64(), Some(*hi));
        assert_eq!(v["commitments"].as_array().unwrap().len(), 1);
        let o = verify(&out);
        assert!(o.status.success(), "{}", stderr(&o));
        paths.push(out);
    }
    // Interval and plain range proofs in one batch.
    let plain = tmp("interval-plain.json");
    assert!(prove(&plain, "8", &["3"], &[]).status.success());
    let o = run(bin().args(["range", "verify-batch"]).args(&paths).arg(&plain));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid: 4 proofs");

    // A tampered interval fails; the batch names that file alone.
    let mut v = json(&paths[0]);
    v["max"] = 1101.into(); // same inner size, another interval
    let tampered = tmp("interval-tampered.json");
    write_json(&tampered, &v);
    let o = verify(&tampered);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("rejected"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify-batch"]).arg(&paths[1]).arg(&tampered).arg(&plain));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("interval-tampered.json"), "{out}");
    // min > max, one end only, bits not the interval's: clear reasons.
    for (field, value, reason) in [("min", 2000, "above max"), ("bits", 64, "bits")] {
        let mut v = json(&paths[0]);
        v[field] = value.into();
        write_json(&tampered, &v);
        let o = verify(&tampered);
        assert!(stderr(&o).contains(reason), "{field}: {}", stderr(&o));
    }
    let mut v = json(&paths[0]);
    v.as_object_mut().unwrap().remove("max");
    write_json(&tampered, &v);
    assert!(stderr(&verify(&tampered)).contains("both min and max"), "{}", stderr(&verify(&tampered)));

    // The prover's refusals: outside the interval, min > max, two values, --bits with --min.
    let out = tmp("interval-refused.json");
    let o = run(bin().args(["range", "prove", "--min", "10", "--max", "20", "--value", "21", "--out"]).arg(&out));
    assert!(stderr(&o).contains("outside [10, 20]"), "{}", stderr(&o));
    let o = run(bin().args(["range", "prove", "--min", "30", "--max", "20", "--value", "21", "--out"]).arg(&out));
    assert!(stderr(&o).contains("above --max"), "{}", stderr(&o));
    let o = run(bin().args(["range", "prove", "--max", "20", "--value", "1", "--value", "2", "--out"]).arg(&out));
    assert!(stderr(&o).contains("one value"), "{}", stderr(&o));
    let o = run(bin().args(["range", "prove", "--max", "20", "--bits", "8", "--value", "1", "--out"]).arg(&out));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = run(bin().args(["range", "prove", "--max", "20", "--profile", "grin", "--value", "1", "--out"]).arg(&out));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn extra_data_is_bound() {
    let out = tmp("extra.json");
    let o = prove(&out, "8", &["3"], &["--extra", "c0ffee", "--system", "bpplus"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&out)["extra"], "c0ffee");
    assert!(verify(&out).status.success());
    let interval = tmp("extra-interval.json");
    let o = run(bin()
        .args(["range", "prove", "--min", "5", "--max", "9", "--value", "7", "--extra", "01", "--out"])
        .arg(&interval));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(verify(&interval).status.success());
    // Changing, removing or emptying the extra data invalidates the proof.
    let tampered = tmp("extra-tampered.json");
    for (path, changed) in [(&out, Some("c0ffef")), (&out, None), (&interval, Some("02"))] {
        let mut v = json(path);
        match changed {
            Some(hex) => v["extra"] = hex.into(),
            None => {
                v.as_object_mut().unwrap().remove("extra");
            }
        }
        write_json(&tampered, &v);
        let o = verify(&tampered);
        assert!(!o.status.success());
        assert!(stderr(&o).contains("rejected"), "{}", stderr(&o));
    }
    let mut v = json(&out);
    v["extra"] = "".into();
    write_json(&tampered, &v);
    assert!(stderr(&verify(&tampered)).contains("extra: empty"), "{}", stderr(&verify(&tampered)));
    // A plain proof with extra data added fails too; --extra must be hex.
    let plain = tmp("extra-plain.json");
    assert!(prove(&plain, "8", &["3"], &[]).status.success());
    let mut v = json(&plain);
    v["extra"] = "00".into();
    write_json(&tampered, &v);
    assert!(!verify(&tampered).status.success());
    let o = prove(&plain, "8", &["3"], &["--extra", "xyz"]);
    assert!(stderr(&o).contains("--extra"), "{}", stderr(&o));
    // Grin's fields stay Grin's.
    let mut v = json(&plain);
    v["min_value"] = 1.into();
    write_json(&tampered, &v);
    assert!(stderr(&verify(&tampered)).contains("min_value"), "{}", stderr(&verify(&tampered)));
}

fn run_with_stdin(cmd: &mut Command, input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn owner_recovery_round_trip() {
    use std::os::unix::fs::PermissionsExt;
    let key = tmp("recover.key");
    std::fs::write(&key, format!("{}\n", "4b".repeat(32))).unwrap();
    let (out, prover_openings, recovered) =
        (tmp("recover.json"), tmp("recover.prover.json"), tmp("recover.opened.json"));
    for system in ["bulletproofs", "bpplus", "bppp"] {
        let message = b"hello, owner".iter().map(|b| format!("{b:02x}")).collect::<String>();
        let o = run(bin()
            .args(["range", "prove", "--bits", "32", "--value", "7", "--value", "4000000000", "--system", system])
            .args(["--output-id", "tx 9/1", "--message", &message, "--extra", "beef", "--recover-key"])
            .arg(&key)
            .arg("--out")
            .arg(&out)
            .arg("--openings")
            .arg(&prover_openings));
        assert!(o.status.success(), "{system}: {}", stderr(&o));
        assert!(verify(&out).status.success());
        // The key from standard input; the openings file is private.
        let _ = std::fs::remove_file(&recovered);
        let o = run_with_stdin(
            bin()
                .args(["range", "recover"])
                .arg(&out)
                .args(["--recover-key", "-", "--output-id", "tx 9/1", "--openings"])
                .arg(&recovered),
            "4b".repeat(32).as_bytes(),
        );
        assert!(o.status.success(), "{system}: {}", stderr(&o));
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(stdout.contains("value: 7\nvalue: 4000000000\n"), "{stdout}");
        assert!(stdout.contains(&format!("message: {message}")), "{stdout}");
        assert_eq!(std::fs::metadata(&recovered).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::metadata(&prover_openings).unwrap().permissions().mode() & 0o777, 0o600);
        // The recovered blindings are the prover's, and open the commitments (a proof made with them
        // commits to the same points).
        let (got, made) = (json(&recovered), json(&prover_openings));
        assert_eq!(got["blindings"], made["blindings"]);
        assert_eq!(got["message"], message.as_str());
        assert_eq!(got["commitments"], json(&out)["commitments"]);
        let reproved = tmp("recover.reproved.json");
        let blindings: Vec<String> =
            got["blindings"].as_array().unwrap().iter().map(|b| b.as_str().unwrap().to_string()).collect();
        let o =
            prove(&reproved, "32", &["7", "4000000000"], &["--blinding", &blindings[0], "--blinding", &blindings[1]]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(json(&reproved)["commitments"], json(&out)["commitments"]);
        // A wrong key or output id: a clear error, non-zero exit, nothing written.
        let wrong = tmp("recover.wrong.key");
        std::fs::write(&wrong, "4c".repeat(32)).unwrap();
        let nothing = tmp("recover.nothing.json");
        let _ = std::fs::remove_file(&nothing);
        for (k, id) in [(&wrong, "tx 9/1"), (&key, "tx 9/2")] {
            let o = run(bin()
                .args(["range", "recover"])
                .arg(&out)
                .arg("--recover-key")
                .arg(k)
                .args(["--output-id", id, "--openings"])
                .arg(&nothing));
            assert_eq!(o.status.code(), Some(1));
            assert!(stderr(&o).contains("recovery failed"), "{}", stderr(&o));
            assert!(!nothing.exists());
        }
    }
    // Missing --output-id, a malformed key, a message too long, Bulletproofs++, an interval,
    // --message without a key: refused.
    let o = run(bin()
        .args(["range", "prove", "--bits", "8", "--value", "1", "--recover-key"])
        .arg(&key)
        .arg("--out")
        .arg(&out));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--output-id"), "{}", stderr(&o));
    let bad_key = tmp("recover.bad.key");
    std::fs::write(&bad_key, "4b".repeat(31)).unwrap();
    let refusals: [(&[&str], &Path, &str); 3] = [
        (&["--bits", "8", "--value", "1", "--output-id", "a"], &bad_key, "64 lowercase hex digits"),
        (&["--bits", "8", "--value", "1", "--output-id", "a", "--message", &"00".repeat(23)], &key, "too long"),
        (
            &["--bits", "8", "--value", "1", "--value", "2", "--value", "3", "--value", "4", "--output-id", "a"],
            &key,
            "4",
        ),
    ];
    for (args, k, reason) in refusals {
        let o = run(bin().args(["range", "prove"]).args(args).arg("--recover-key").arg(k).arg("--out").arg(&out));
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(reason), "{args:?}: {}", stderr(&o));
    }
    let o = run(bin()
        .args(["range", "prove", "--max", "8", "--value", "1", "--output-id", "a", "--recover-key"])
        .arg(&key)
        .arg("--out")
        .arg(&out));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = prove(&out, "8", &["1"], &["--message", "00"]);
    assert!(stderr(&o).contains("--recover-key"), "{}", stderr(&o));
    // Values and key cannot both come from standard input.
    let o = run(bin()
        .args([
            "range",
            "prove",
            "--bits",
            "8",
            "--values-file",
            "-",
            "--recover-key",
            "-",
            "--output-id",
            "a",
            "--out",
        ])
        .arg(&out));
    assert!(stderr(&o).contains("standard input"), "{}", stderr(&o));
}

#[test]
fn recovery_message_from_stdin() {
    let key = tmp("recover-stdin.key");
    std::fs::write(&key, "5a".repeat(32)).unwrap();
    let out = tmp("recover-stdin.json");
    let o = run_with_stdin(
        bin()
            .args(["range", "prove", "--bits", "8", "--value", "9", "--output-id", "o", "--message-file", "-"])
            .arg("--recover-key")
            .arg(&key)
            .arg("--out")
            .arg(&out),
        b"cafe\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(bin().args(["range", "recover"]).arg(&out).arg("--recover-key").arg(&key).args(["--output-id", "o"]));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("value: 9\nmessage: cafe"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    // Two secrets from standard input: refused.
    let o = run(bin()
        .args(["range", "prove", "--bits", "8", "--values-file", "-", "--output-id", "o", "--message-file", "-"])
        .arg("--recover-key")
        .arg(&key)
        .arg("--out")
        .arg(&out));
    assert!(stderr(&o).contains("standard input"), "{}", stderr(&o));
}

/// `range verify` / `verify-batch` with the verifier's statement pinned:
/// honest files verify and the statement is printed; each pin refuses a
/// file claiming otherwise, unverified; a batch names exactly those files.
#[test]
fn range_verify_pins_the_statement() {
    let label = "node amounts";
    let narrow = tmp("pins-32.json");
    let wide = tmp("pins-64.json");
    let interval = tmp("pins-interval.json");
    let foreign = tmp("pins-foreign.json");
    assert!(prove(&narrow, "32", &["5", "6"], &["--label", label]).status.success());
    assert!(prove(&wide, "64", &["5", "6"], &["--label", label]).status.success());
    assert!(prove(&foreign, "32", &["5", "6"], &["--label", "another application"]).status.success());
    let o = run(bin()
        .args(["range", "prove", "--min", "10", "--max", "99", "--value", "50"])
        .args(["--label", label, "--out"])
        .arg(&interval));
    assert!(o.status.success(), "{}", stderr(&o));
    let pinned = ["--group", "ristretto255", "--system", "bulletproofs", "--label", label, "--bits", "32"];

    // Honest, every pin right: the statement verified is printed, no warning.
    let o = run(bin().args(["range", "verify"]).arg(&narrow).args(pinned));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let v = json(&narrow);
    for part in ["group ristretto255", "system bulletproofs", "label \"node amounts\"", "32 bits", "[0, 2^32)"] {
        assert!(out.contains(part), "{part}: {out}");
    }
    for c in v["commitments"].as_array().unwrap() {
        assert!(out.contains(c.as_str().unwrap()), "{out}");
    }
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&interval).args(["--label", label, "--min", "10", "--max", "99"]));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("values in [10, 99]"));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));

    // Unpinned: still verified, with a warning naming what was the file's own.
    let o = verify(&wide);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning: the label (--label) and the range"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&wide).args(["--label", label]));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning: the range (--bits"), "{}", stderr(&o));

    // Each pin refuses a file claiming otherwise, with its own reason.
    let refused: [(&Path, &[&str], &str); 8] = [
        (&wide, &["--bits", "32"], "a proof of 64-bit values, where the verifier's are 32-bit"),
        (
            &foreign,
            &["--label", label],
            "made under the label \"another application\", where the verifier's is \"node amounts\"",
        ),
        (&narrow, &["--group", "secp256k1"], "a ristretto255 file where a secp256k1 one is expected"),
        (
            &narrow,
            &["--system", "bpplus"],
            "a \"bulletproofs\" proof, where the verifier's system is \"bulletproofs-plus\"",
        ),
        (&narrow, &["--profile", "grin"], "where the verifier's is the \"grin\" profile"),
        (
            &narrow,
            &["--min", "0", "--max", "99"],
            "a proof of values in [0, 2^32), where the verifier's range is [0, 99]",
        ),
        (&interval, &["--bits", "7"], "a proof of values in [10, 99], where the verifier's range is [0, 2^7)"),
        (&interval, &["--min", "10", "--max", "98"], "where the verifier's range is [10, 98]"),
    ];
    for (path, args, reason) in refused {
        let o = run(bin().args(["range", "verify"]).arg(path).args(args));
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(reason), "{args:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{args:?}: nothing verified, nothing printed");
    }
    // Refused before decoding: a mismatching label on an undecodable proof is named as such.
    let mut v = json(&foreign);
    v["proof"] = "zz".into();
    let broken = tmp("pins-foreign-broken.json");
    write_json(&broken, &v);
    let o = run(bin().args(["range", "verify"]).arg(&broken).args(["--label", label]));
    assert!(stderr(&o).contains("made under the label"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&broken).args(["--label", "another application"]));
    assert!(stderr(&o).contains("proof: bad hex"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&narrow).args(["--min", "9", "--max", "2"]));
    assert!(stderr(&o).contains("--min 9 is above --max 2"), "{}", stderr(&o));

    // A batch names exactly the mismatching files; the others verify.
    let o =
        run(bin().args(["range", "verify-batch"]).args([&narrow, &wide, &foreign, &interval, &narrow]).args(pinned));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let invalid: Vec<&str> = out.lines().filter(|l| l.starts_with("invalid: ")).collect();
    assert_eq!(invalid.len(), 3, "{out}");
    assert!(invalid[0].contains("pins-64.json") && invalid[0].contains("64-bit values"), "{out}");
    assert!(invalid[1].contains("pins-foreign.json") && invalid[1].contains("another application"), "{out}");
    assert!(invalid[2].contains("pins-interval.json") && invalid[2].contains("[10, 99]"), "{out}");
    assert!(stderr(&o).contains("3 of 5 proofs invalid"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify-batch"]).args([&narrow, &narrow]).args(pinned));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid: 2 proofs");
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().filter(|l| l.contains("label \"node amounts\"")).count(), 2);
}

/// `--extra` / `--no-extra` pin the extra data: a proof bound to another
/// context's bytes (another transaction's hash) is refused, unverified; a
/// batch names exactly that file. Unpinned, a file's own extra data is
/// named in a warning.
#[test]
fn range_verify_pins_the_extra_data() {
    let mine = tmp("pin-extra-mine.json");
    let theirs = tmp("pin-extra-theirs.json");
    let plain = tmp("pin-extra-plain.json");
    assert!(prove(&mine, "8", &["3"], &["--extra", "c0ffee"]).status.success());
    assert!(prove(&theirs, "8", &["3"], &["--extra", "decade"]).status.success());
    assert!(prove(&plain, "8", &["3"], &[]).status.success());
    let pinned = ["--label", "ballistic range proof", "--bits", "8"];

    let o = run(bin().args(["range", "verify"]).arg(&mine).args(pinned).args(["--extra", "c0ffee"]));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&plain).args(pinned).arg("--no-extra"));
    assert!(o.status.success(), "{}", stderr(&o));
    for (path, pin, reason) in [
        (
            &theirs,
            &["--extra", "c0ffee"][..],
            "binding extra data decade, where the verifier's binds extra data c0ffee",
        ),
        (&plain, &["--extra", "c0ffee"][..], "binding no extra data, where the verifier's binds extra data c0ffee"),
        (&mine, &["--no-extra"][..], "binding extra data c0ffee, where the verifier's binds no extra data"),
    ] {
        let o = run(bin().args(["range", "verify"]).arg(path).args(pinned).args(pin));
        assert!(!o.status.success(), "{pin:?}");
        assert!(stderr(&o).contains(reason), "{pin:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{pin:?}: nothing verified, nothing printed");
    }
    let o = run(bin().args(["range", "verify"]).arg(&mine).args(["--extra", "XY"]));
    assert!(!o.status.success() && stderr(&o).contains("--extra"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&mine).args(["--extra", "c0ffee", "--no-extra"]));
    assert!(!o.status.success());

    // Unpinned: verified, with a warning naming the extra data.
    let o = run(bin().args(["range", "verify"]).arg(&mine).args(pinned));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("the extra data (--extra"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&plain).args(pinned));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));

    // A batch names exactly the file bound to other bytes.
    let o = run(bin()
        .args(["range", "verify-batch"])
        .args([&mine, &theirs, &mine])
        .args(pinned)
        .args(["--extra", "c0ffee"]));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let invalid: Vec<&str> = out.lines().filter(|l| l.starts_with("invalid: ")).collect();
    assert_eq!(invalid.len(), 1, "{out}");
    assert!(invalid[0].contains("pin-extra-theirs.json") && invalid[0].contains("decade"), "{out}");
}

/// `--commitment` (repeated, in order) pins the commitments: a valid proof
/// about another output's commitments is refused, unverified.
#[test]
fn range_verify_pins_the_commitments() {
    let mine = tmp("pin-commitments-mine.json");
    let other = tmp("pin-commitments-other.json");
    assert!(prove(&mine, "8", &["3", "4"], &[]).status.success());
    assert!(prove(&other, "8", &["3", "4"], &[]).status.success());
    let c = |path: &Path| -> Vec<String> {
        json(path)["commitments"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect()
    };
    let (mine_c, other_c) = (c(&mine), c(&other));
    let pinned =
        |cs: &[String]| -> Vec<String> { cs.iter().flat_map(|c| ["--commitment".to_string(), c.clone()]).collect() };
    let o = run(bin().args(["range", "verify"]).arg(&mine).args(pinned(&mine_c)));
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&other).args(pinned(&mine_c)));
    assert_eq!(o.status.code(), Some(1));
    let reason = format!("commitment #0 is {} in the proof, where the verifier's is {}", other_c[0], mine_c[0]);
    assert!(stderr(&o).contains(&reason), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let o = run(bin().args(["range", "verify"]).arg(&mine).args(pinned(&mine_c[..1])));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the proof has a commitment #1"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&mine).args(["--commitment", "XYZ"]));
    assert_eq!(o.status.code(), Some(2));
    let o = run(bin().args(["range", "verify-batch"]).args([&mine, &other, &mine]).args(pinned(&mine_c)));
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let invalid: Vec<&str> = out.lines().filter(|l| l.starts_with("invalid: ")).collect();
    assert_eq!(invalid.len(), 1, "{out}");
    assert!(invalid[0].contains("pin-commitments-other.json"), "{out}");
}
