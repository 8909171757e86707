//! `ballistic assets prove|verify`: multi-asset proof files round trip
//! (secrets from a file or standard input), the verifier's pins (group,
//! label, bits, value generators) refuse other statements, and a batch
//! names exactly its invalid files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use crate::common::{bin, json, run, stderr, stdout, tmp_in};

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-assets-cli-test", name)
}

/// Outputs: asset `aa` blinded, `bb` unblinded, `aa` unblinded.
const OUTPUTS: &str = "5 aa\n200 bb -\n0 aa -\n";

/// `assets prove` of [`OUTPUTS`] (from a file) into `name`.
fn prove(name: &str, extra: &[&str]) -> PathBuf {
    let secrets = tmp(&format!("{name}.outputs"));
    std::fs::write(&secrets, OUTPUTS).unwrap();
    let out = tmp(name);
    let o = run(bin()
        .args(["assets", "prove", "--bits", "16", "--outputs-file"])
        .arg(&secrets)
        .arg("--out")
        .arg(&out)
        .args(extra));
    assert!(o.status.success(), "{}", stderr(&o));
    out
}

/// `assets verify`; without a generator pin in `extra`, with
/// `--trust-file-generators` (the verifier's explicit choice).
fn verify(files: &[&Path], extra: &[&str]) -> Output {
    let pinned = extra.iter().any(|a| *a == "--asset" || *a == "--value-generators");
    let trust: &[&str] = if pinned { &[] } else { &["--trust-file-generators"] };
    run(bin().args(["assets", "verify"]).args(files).args(extra).args(trust))
}

#[test]
fn prove_verify_round_trip_with_pinned_generators() {
    let openings = tmp("round.openings");
    let out = prove("round.json", &["--openings", openings.to_str().unwrap()]);
    let v = json(&out);
    assert_eq!(v["system"], "native");
    assert_eq!(v["group"], "ristretto255");
    assert_eq!(v["label"], "ballistic multi-asset proof");
    assert_eq!(v["bits"], 16);
    assert_eq!(v["commitments"].as_array().unwrap().len(), 3);
    let generators: Vec<String> =
        v["value_generators"].as_array().unwrap().iter().map(|g| g.as_str().unwrap().to_string()).collect();
    assert_eq!(generators.len(), 3);

    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::metadata(&openings).unwrap().permissions().mode() & 0o777, 0o600);
    let o = json(&openings);
    assert_eq!(o["values"], serde_json::json!([5, 200, 0]));
    assert_eq!(o["asset_ids"], serde_json::json!(["aa", "bb", "aa"]));
    assert_eq!(o["commitments"], v["commitments"]);

    // No generator pinned and no --trust-file-generators: refused, unverified
    // (a prover's own generator 2·B̃ opens to any value).
    let o = run(bin().args(["assets", "verify"]).arg(&out));
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).starts_with("error: no value generators pinned"), "{}", stderr(&o));
    assert!(!stdout(&o).contains("valid"));
    // Trusted explicitly: valid, the generators and commitments printed, the
    // verdict saying so, and a warning.
    let o = verify(&[&out], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("group: ristretto255, label: ballistic multi-asset proof"), "{}", stdout(&o));
    assert!(stdout(&o).contains(&format!("output 1 on {}", generators[1])), "{}", stdout(&o));
    assert!(stdout(&o).contains(&format!("commitments {}", v["commitments"][0].as_str().unwrap())), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("valid (value generators not pinned: the files' own)\n"), "{}", stdout(&o));
    assert!(stderr(&o).contains("not pinned"), "{}", stderr(&o));

    // Pinned: the unblinded tags by asset id, the blinded one from a file.
    let pinned = tmp("round.generators");
    std::fs::write(&pinned, format!("{}\n", generators[0])).unwrap();
    let o = verify(&[&out], &["--asset", "aa", "--asset", "bb", "--value-generators", pinned.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(&format!("output 1 on {} (asset bb)", generators[1])), "{}", stdout(&o));
    assert!(stdout(&o).contains(&format!("output 2 on {} (asset aa)", generators[2])), "{}", stdout(&o));
    assert!(!stderr(&o).contains("not pinned"), "{}", stderr(&o));
    let o = verify(
        &[&out],
        &["--bits", "16", "--asset", "aa", "--asset", "bb", "--value-generators", pinned.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn the_verifier_refuses_statements_it_did_not_pin() {
    let out = prove("pins.json", &["--system", "recommitted-bpplus", "--label", "app"]);
    let refused = |extra: &[&str], reason: &str| {
        let o = verify(&[&out], extra);
        assert_eq!(o.status.code(), Some(1), "{extra:?}: {}", stdout(&o));
        assert_eq!(stderr(&o), format!("error: {reason}\n"), "{extra:?}");
        assert!(!stdout(&o).contains("valid"));
    };
    refused(&[], "made under the label \"app\", where the verifier's is \"ballistic multi-asset proof\"");
    refused(&["--label", "app", "--group", "secp256k1"], "a ristretto255 file where a secp256k1 one is expected");
    refused(&["--label", "app", "--bits", "64"], "a proof of 16-bit values, where the verifier's are 64-bit");
    let generator0 = json(&out)["value_generators"][0].as_str().unwrap().to_string();
    refused(
        &["--label", "app", "--asset", "aa", "--asset", "bb"],
        &format!("value generator #0 ({generator0}) is not one the verifier pinned"),
    );
    refused(&["--label", "app", "--asset", "AA"], "--asset AA: must be 1 to 256 bytes of lowercase hex");
    let o = verify(&[&out], &["--label", "app"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("(recommitted-bulletproofs-plus)"), "{}", stdout(&o));
}

#[test]
fn secrets_from_standard_input_and_bad_lines() {
    let out = tmp("stdin.json");
    let mut child = bin()
        .args(["assets", "prove", "--bits", "8", "--system", "recommitted-bppp", "--outputs-file", "-", "--out"])
        .arg(&out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"255 0102\n1 0304 -\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json(&out)["system"], "recommitted-bulletproofs-plus-plus");
    let o = verify(&[&out], &["--bits", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));

    let prove_from = |name: &str, text: &str| {
        let secrets = tmp(name);
        std::fs::write(&secrets, text).unwrap();
        run(bin()
            .args(["assets", "prove", "--bits", "8", "--outputs-file"])
            .arg(&secrets)
            .arg("--out")
            .arg(tmp("x.json")))
    };
    let o = prove_from("bad.outputs", "1 aa\nten bb\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).ends_with("bad.outputs: line 2: value: not a value (a decimal number below 2^64)\n"),
        "{}",
        stderr(&o)
    );
    let o = prove_from("range.outputs", "256 aa\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "error: value #0 is not in [0, 2^8)\n");
    let o = prove_from("empty.outputs", "\n\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("no outputs"), "{}", stderr(&o));
    let o = prove_from("zero.outputs", &format!("1 aa - {}\n", "00".repeat(32)));
    assert!(stderr(&o).ends_with("line 1: blinding: zero (give a random one, or none)\n"), "{}", stderr(&o));
}

#[test]
fn a_batch_names_exactly_the_invalid_files() {
    let good = prove("batch-good.json", &[]);
    let plus = prove("batch-plus.json", &["--system", "recommitted-bulletproofs"]);
    let tampered = tmp("batch-tampered.json");
    let mut v = json(&good);
    let commitments = v["commitments"].as_array_mut().unwrap();
    commitments.swap(0, 1);
    std::fs::write(&tampered, v.to_string()).unwrap();
    let unknown = tmp("batch-unknown.json");
    let mut v = json(&good);
    v["extra"] = serde_json::json!("00");
    std::fs::write(&unknown, v.to_string()).unwrap();

    let o = verify(&[&good, &plus], &["--asset", "aa", "--asset", "bb"]);
    // Output 0's blinded tag is not pinned.
    assert_eq!(o.status.code(), Some(1));
    let o = verify(&[&good, &plus], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).ends_with("valid: 2 proofs (value generators not pinned: the files' own)\n"), "{}", stdout(&o));

    let o = verify(&[&good, &tampered, &plus, &unknown], &[]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    let invalid: Vec<&str> = text.lines().filter(|l| l.starts_with("invalid: ")).collect();
    assert_eq!(invalid.len(), 2, "{text}");
    assert_eq!(
        invalid[0],
        format!("invalid: {}: proof rejected: verification equation failed", tampered.display()),
        "{text}"
    );
    assert!(invalid[1].starts_with(&format!("invalid: {}: malformed JSON: unknown field `extra`", unknown.display())));
    assert_eq!(stderr(&o), "error: 2 of 4 proofs invalid\n");
}
