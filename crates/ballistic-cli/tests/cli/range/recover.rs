//! `range recover`: owner recovery of values, blindings and messages.

use super::*;

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
