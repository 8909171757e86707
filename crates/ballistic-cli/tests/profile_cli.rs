//! `range prove --profile grin|monero`, `range rewind`, and deployed-format
//! files in `range verify` / `verify-batch`.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ballistic"))
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ballistic-profile-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(cmd: &mut Command) -> Output {
    cmd.output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn prove(out: &Path, args: &[&str]) -> Output {
    run(bin().args(["range", "prove", "--out"]).arg(out).args(args))
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn grin_prove_verify_rewind() {
    let nonce = tmp("nonce");
    std::fs::write(&nonce, format!("{}\n", "ab".repeat(32))).unwrap();
    let values = tmp("values");
    std::fs::write(&values, "1000777\n").unwrap();
    let blindings = tmp("blindings");
    std::fs::write(&blindings, format!("{}\n", "0c".repeat(32))).unwrap();
    let out = tmp("grin.json");
    let openings = tmp("grin-openings.json");
    let n = nonce.to_str().unwrap();
    let o = prove(
        &out,
        &[
            "--profile",
            "grin",
            "--bits",
            "64",
            "--values-file",
            values.to_str().unwrap(),
            "--blindings-file",
            blindings.to_str().unwrap(),
            "--rewind-nonce-file",
            n,
            "--private-nonce-file",
            n,
            "--message",
            &"42".repeat(20),
            "--min-value",
            "1000",
            "--extra",
            "cafe",
            "--openings",
            openings.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&out);
    assert_eq!(v["profile"], "grin");
    assert_eq!(v["group"], "secp256k1");
    assert_eq!(v["min_value"], 1000);
    assert_eq!(v["extra"], "cafe");
    assert_eq!(v["proof"].as_str().unwrap().len(), 2 * 675);
    assert_eq!(std::fs::metadata(&openings).unwrap().permissions().mode() & 0o777, 0o600);
    assert_eq!(json(&openings)["blindings"][0], "0c".repeat(32));
    // Deterministic: the same secrets give the same file.
    let again = tmp("grin-again.json");
    let o = prove(
        &again,
        &[
            "--profile",
            "grin",
            "--bits",
            "64",
            "--values-file",
            values.to_str().unwrap(),
            "--blindings-file",
            blindings.to_str().unwrap(),
            "--rewind-nonce-file",
            n,
            "--private-nonce-file",
            n,
            "--message",
            &"42".repeat(20),
            "--min-value",
            "1000",
            "--extra",
            "cafe",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&again).unwrap());
    let o = run(bin().args(["range", "verify"]).arg(&out));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "valid\n");

    let rewound = tmp("rewound.json");
    let o = run(bin().args(["range", "rewind"]).arg(&out).args(["--rewind-nonce-file", n, "--openings"]).arg(&rewound));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("value: 1000777"), "{}", stdout(&o));
    assert!(stdout(&o).contains(&format!("message: {}", "42".repeat(20))), "{}", stdout(&o));
    assert_eq!(json(&rewound)["blindings"][0], "0c".repeat(32));
    assert_eq!(std::fs::metadata(&rewound).unwrap().permissions().mode() & 0o777, 0o600);
    // A wrong nonce recovers nothing.
    let wrong = tmp("wrong-nonce");
    std::fs::write(&wrong, "cd".repeat(32)).unwrap();
    let o = run(bin().args(["range", "rewind"]).arg(&out).arg("--rewind-nonce-file").arg(&wrong));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    // Changing the bound extra data rejects.
    let mut v = json(&out);
    v["extra"] = "cafd".into();
    let bad = tmp("grin-bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let o = run(bin().args(["range", "verify"]).arg(&bad));
    assert_eq!(o.status.code(), Some(1));
    // A minimum from 2^32 on is refused with the reason (issue 35).
    let mut v = json(&out);
    v["min_value"] = (1u64 << 32).into();
    std::fs::write(&bad, v.to_string()).unwrap();
    let o = run(bin().args(["range", "verify"]).arg(&bad));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("min_value") && stderr(&o).contains("2^32"), "{}", stderr(&o));
}

#[test]
fn monero_files_and_mixed_batches() {
    let plus = tmp("monero-plus.json");
    let o = prove(&plus, &["--profile", "monero", "--bits", "64", "--value", "1", "--value", "2", "--value", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json(&plus);
    assert_eq!(
        (v["profile"].as_str(), v["system"].as_str(), v["group"].as_str()),
        (Some("monero"), Some("bulletproofs-plus"), Some("ed25519"))
    );
    let orig = tmp("monero-orig.json");
    let o = prove(&orig, &["--profile", "monero", "--system", "bulletproofs", "--bits", "64", "--value", "9"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let grin = tmp("grin-batch.json");
    let o = prove(&grin, &["--profile", "grin", "--bits", "32", "--value", "7", "--value", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let own = tmp("own.json");
    let o = prove(&own, &["--bits", "8", "--value", "5", "--group", "ed25519"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut v = json(&plus);
    v["commitments"].as_array_mut().unwrap().swap(0, 1);
    let swapped = tmp("monero-swapped.json");
    std::fs::write(&swapped, v.to_string()).unwrap();
    let o = run(bin().args(["range", "verify-batch"]).args([&plus, &orig, &grin, &own]));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "valid: 4 proofs\n");
    let o = run(bin().args(["range", "verify-batch"]).args([&plus, &swapped, &grin, &own]));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().count(), 1, "{}", stdout(&o));
    assert!(stdout(&o).contains("monero-swapped.json"), "{}", stdout(&o));
}

#[test]
fn profile_misuse_is_refused_with_one_line() {
    let out = tmp("misuse.json");
    for (args, needle) in [
        (&["--profile", "monero", "--bits", "32", "--value", "1"][..], "--bits 64"),
        (&["--profile", "monero", "--bits", "64", "--value", "1", "--min-value", "0"][..], "Grin's"),
        (&["--profile", "grin", "--bits", "64", "--value", "1", "--group", "ristretto255"][..], "secp256k1"),
        (&["--profile", "grin", "--bits", "64", "--value", "1", "--label", "x"][..], "label"),
        (&["--profile", "grin", "--bits", "64", "--value", "1", "--system", "bpplus"][..], "Bulletproofs only"),
        (&["--profile", "grin", "--bits", "24", "--value", "1"][..], "bit"),
        (&["--profile", "grin", "--bits", "64", "--value", "1", "--message", "00"][..], "20 bytes"),
        (&["--profile", "grin", "--bits", "64", "--value", "1", "--value-generator", "00"][..], "33 bytes"),
        (&["--profile", "grin", "--bits", "64", "--value", "1", "--blinding", "zz"][..], "64 hex digits"),
        (&["--profile", "grin", "--bits", "64", "--value", "1", "--blinding", &"ff".repeat(32)][..], "group order"),
        (&["--profile", "grin", "--bits", "8", "--value", "256"][..], "not in"),
        // Grin's verifier reads minimums as 32-bit numbers (issue 35).
        (&["--profile", "grin", "--bits", "64", "--value", "5000000000", "--min-value", "4294967296"][..], "2^32"),
    ] {
        let o = prove(&out, args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.to_lowercase().contains(&needle.to_lowercase()), "{args:?}: {err}");
    }
    // Grin-only flags need --profile (a usage error).
    let o = prove(&out, &["--bits", "64", "--value", "1", "--min-value", "3"]);
    assert_eq!(o.status.code(), Some(2));
}
