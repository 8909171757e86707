//! `range prove` and `range verify`: round trips, inputs, secrets, encodings,
//! extra data and one-line errors (and `demo`).

use super::*;

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
