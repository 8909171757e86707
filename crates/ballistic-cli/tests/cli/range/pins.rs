//! The verifier's pins: `range verify` / `verify-batch` with the statement,
//! extra data or commitments pinned.

use super::*;

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
