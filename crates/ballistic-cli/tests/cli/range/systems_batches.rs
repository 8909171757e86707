//! `range verify-batch`, the other systems and groups, and interval proofs.

use super::*;

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

/// secq256k1 (secp256k1's cycle partner): files of its own, refused as
/// secp256k1's (same point length: the file's group decides, and the
/// transcript names it), batched beside secp256k1's.
#[test]
fn secq256k1_files() {
    let q = tmp("secq-bp.json");
    let o = prove(&q, "32", &["7"], &["--group", "secq256k1", "--system", "bpplus"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&q);
    assert_eq!(v["group"], "secq256k1");
    assert_eq!(v["commitments"][0].as_str().unwrap().len(), 2 * 33);
    assert!(verify(&q).status.success());
    let mut wrong = v.clone();
    wrong["group"] = "secp256k1".into();
    let wrong_path = tmp("secq-as-secp.json");
    write_json(&wrong_path, &wrong);
    let o = verify(&wrong_path);
    assert!(!o.status.success() && o.status.code() != Some(101), "{}", stderr(&o));
    let secp = tmp("secq-beside-secp.json");
    assert!(prove(&secp, "32", &["8"], &["--group", "secp256k1"]).status.success());
    let o = run(bin().args(["range", "verify-batch"]).arg(&q).arg(&secp));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(last_line(&o), "valid: 2 proofs");
    let o = run(bin().args(["range", "verify-batch"]).arg(&q).arg(&wrong_path).arg(&secp));
    assert!(!o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("secq-as-secp.json") && !out.contains("secq-bp.json"), "{out}");
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
