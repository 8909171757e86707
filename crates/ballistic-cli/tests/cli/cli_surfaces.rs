//! Issue 35, item 5: the command line's and the files' surfaces — escaped
//! messages, pinned circuit statements, secret outputs that replace what
//! is at their path, recovery only from valid proofs, zero blindings,
//! non-regular input files, the limits errors name, circuit batch bounds.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, json, run, run_ok, shared, stderr, stdout, tmp_in};

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-cli-surfaces", name)
}

/// Run with a deadline: a command that blocks (on a FIFO) is killed and
/// the test fails instead of hanging.
fn run_within(cmd: &mut Command, limit: Duration) -> Output {
    let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            let o = child.wait_with_output().unwrap();
            panic!("blocked for {limit:?}: {o:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn no_raw_controls(text: &str) {
    assert!(!text.chars().any(|c| c.is_control() && c != '\n' || c == '\u{202e}'), "raw control characters: {text:?}");
}

/// The escaper's rules (`term.rs`'s unit test checks the function) as the
/// binary prints them, through the error line of `main`: invisible
/// characters that make one name look like another are escaped, text that
/// is already escaped prints unchanged (escaping is idempotent, so relayed
/// peer text is not escaped twice), printable text is left alone, and a
/// long quoted name is cut with a count.
#[test]
fn escaping_covers_invisible_characters_is_idempotent_and_bounded() {
    let field = |name: &str, file: &str| {
        let path = tmp(file);
        std::fs::write(&path, format!("{{{}: 1}}", serde_json::Value::from(name))).unwrap();
        let o = run(bin().args(["range", "verify"]).arg(&path));
        assert!(!o.status.success());
        let text = stderr(&o);
        no_raw_controls(&text);
        text
    };
    // Soft hyphen, zero-width space, a tag character; and a bidirectional isolate.
    let text = field("a\u{200b}b\u{ad}c\u{e0041}d\u{2066}", "invisible.json");
    assert!(text.contains("a\\u{200b}b\\u{ad}c\\u{e0041}d\\u{2066}"), "{text}");
    // Already escaped: printed as it is.
    let text = field("x\\u{1b}[31my", "escaped.json");
    assert!(text.contains("x\\u{1b}[31my") && !text.contains("\\\\u"), "{text}");
    // Printable non-ASCII is left alone.
    let text = field("wire 3: é ok", "printable.json");
    assert!(text.contains("wire 3: é ok"), "{text}");
    // Bounded: 5,000 characters of name, 1,000 printed and the rest counted.
    let text = field(&"x".repeat(5000), "long.json");
    assert!(text.contains(&"x".repeat(900)) && !text.contains(&"x".repeat(1001)), "{}", text.len());
    assert!(text.trim_end().ends_with("more characters)"), "{text}");
}

#[test]
fn messages_quoting_input_are_escaped() {
    // A JSON field name with an escape sequence (serde quotes it).
    let evil = tmp("evil.json");
    // (JSON escapes: serde refuses raw control characters, not escaped ones.)
    std::fs::write(&evil, "{\"\\u001b[31mred\\u202e\": 1}").unwrap();
    let o = run(bin().args(["range", "verify"]).arg(&evil));
    assert!(!o.status.success());
    no_raw_controls(&stderr(&o));
    assert!(stderr(&o).contains("\\u{1b}[31mred\\u{202e}"), "{}", stderr(&o));
    // The same in a batch's `invalid:` lines (stdout).
    let o = run(bin().args(["range", "verify-batch"]).arg(&evil).arg(&evil));
    assert!(!o.status.success());
    no_raw_controls(&stdout(&o));
    assert!(stdout(&o).contains("\\u{1b}[31mred"), "{}", stdout(&o));
    // A `.arith` token.
    let circuit = tmp("evil.arith");
    std::fs::write(&circuit, "total 2\ninput 0\n\u{1b}]0;pwned\u{7}x in 1 <0> out 1 <1>\n").unwrap();
    let o = run(bin().args(["circuit", "prove"]).arg(&circuit).args(["--inputs", "/dev/null", "--out"]).arg(tmp("x")));
    assert!(!o.status.success());
    no_raw_controls(&stderr(&o));
    assert!(stderr(&o).contains("\\u{1b}]0;pwned\\u{7}x"), "{}", stderr(&o));
    // A wire value in a proof file.
    let c = shared("ristretto255", "dot_product", "arith");
    let proof = tmp("evil-wire.json");
    let o = run(bin()
        .args(["circuit", "prove"])
        .arg(&c)
        .arg("--inputs")
        .arg(shared("ristretto255", "dot_product", "in"))
        .arg("--out")
        .arg(&proof));
    assert!(o.status.success(), "{}", stderr(&o));
    let mut doc = json(&proof);
    doc["outputs"][0]["value"] = "2b7\u{1b}[2J\r".into();
    std::fs::write(&proof, doc.to_string()).unwrap();
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&proof));
    assert!(!o.status.success());
    no_raw_controls(&stderr(&o));
}

fn circuit_prove(inputs: &Path, out: &Path) -> Output {
    run(bin()
        .args(["circuit", "prove"])
        .arg(shared("ristretto255", "dot_product", "arith"))
        .arg("--inputs")
        .arg(inputs)
        .arg("--out")
        .arg(out))
}

#[test]
fn circuit_verify_pins_the_statement() {
    let c = shared("ristretto255", "dot_product", "arith");
    let (inputs, outputs) = (shared("ristretto255", "dot_product", "in"), shared("ristretto255", "dot_product", "out"));
    let honest = tmp("pin-honest.json");
    assert!(circuit_prove(&inputs, &honest).status.success());
    // Pinned and matching: the public values verified are printed.
    let o = run(bin()
        .args(["circuit", "verify"])
        .arg(&c)
        .arg(&honest)
        .arg("--inputs")
        .arg(&inputs)
        .arg("--expect")
        .arg(&outputs));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("inputs: 0=1 2=a"), "{}", stdout(&o));
    assert!(stdout(&o).contains("outputs: 14=2b7"), "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().last(), Some("valid"));

    // A proof whose one-input wire is 2 verifies (its statement is its
    // own), with a warning; pinned, it is refused before verification.
    let text = std::fs::read_to_string(&inputs).unwrap().replacen("0 1\n", "0 2\n", 1);
    let two = tmp("pin-two.in");
    std::fs::write(&two, text).unwrap();
    let forged = tmp("pin-two.json");
    let o = circuit_prove(&two, &forged);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&forged));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning:") && stderr(&o).contains("one-input wire) is 2, not 1"), "{}", stderr(&o));
    assert!(stdout(&o).contains("inputs: 0=2"), "{}", stdout(&o));
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&forged).arg("--inputs").arg(&inputs));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("not the pinned statement: input wire 0 is 2 in the proof file, not the pinned 1"),
        "{}",
        stderr(&o)
    );
    assert!(!stdout(&o).contains("valid"), "{}", stdout(&o));
    // Pinned outputs: another value is refused.
    let wrong = tmp("pin-wrong.out");
    std::fs::write(&wrong, "14 2b8\n").unwrap();
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&honest).arg("--expect").arg(&wrong));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("output wire 14 is 2b7 in the proof file, not the pinned 2b8"), "{}", stderr(&o));
    // In a batch, the mismatched proof is named and nothing is verified.
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&honest).arg(&forged).arg("--inputs").arg(&inputs));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("invalid:") && stdout(&o).contains("pin-two.json"), "{}", stdout(&o));
    assert!(stderr(&o).contains("1 of 2 proofs are not of the pinned statement"), "{}", stderr(&o));
    // A pinned inputs file naming a non-public wire is refused.
    let bad = tmp("pin-bad.in");
    std::fs::write(&bad, "0 1\n13 5\n").unwrap();
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&honest).arg("--inputs").arg(&bad));
    assert!(stderr(&o).contains("wire 13 is not a public input"), "{}", stderr(&o));
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).unwrap().file_type().is_symlink()
}

/// A symbolic link at `path` to a world-readable victim file.
fn link_to_victim(name: &str) -> (PathBuf, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let victim = tmp(&format!("{name}.victim"));
    std::fs::write(&victim, "keep").unwrap();
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).unwrap();
    let link = tmp(&format!("{name}.link"));
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    (victim, link)
}

fn assert_replaced(victim: &Path, link: &Path) {
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(std::fs::read_to_string(victim).unwrap(), "keep", "the link's target was written");
    assert_eq!(std::fs::metadata(victim).unwrap().permissions().mode() & 0o777, 0o644, "the target was chmod-ed");
    assert!(!is_link(link), "the link was followed, not replaced");
    assert_eq!(std::fs::metadata(link).unwrap().permissions().mode() & 0o777, 0o600);
    assert!(json(link)["blindings"].is_array() || json(link)["blinding"].is_string(), "openings written");
}

/// `cmd --openings <a symbolic link to a victim file>` succeeds and
/// replaces the link ([`assert_replaced`]).
fn assert_openings_replace_link(name: &str, cmd: &mut Command) {
    let (victim, link) = link_to_victim(name);
    run_ok(cmd.arg("--openings").arg(&link));
    assert_replaced(&victim, &link);
}

/// `range prove` of the 8-bit value 5, recoverable with `seed` and the
/// output id `o1`, into `out`.
fn prove_recoverable(seed: &Path, out: &Path) {
    run_ok(
        bin()
            .args(["range", "prove", "--bits", "8", "--value", "5", "--output-id", "o1", "--recover-key"])
            .arg(seed)
            .arg("--out")
            .arg(out),
    );
}

/// `range recover` of `file` with `seed` and the output id `o1`.
fn recover(file: &Path, seed: &Path) -> Command {
    let mut cmd = bin();
    cmd.args(["range", "recover"]).arg(file).arg("--recover-key").arg(seed).args(["--output-id", "o1"]);
    cmd
}

/// `range prove --profile grin` of the 64-bit value 9 with the rewind nonce
/// `nonce` (and `--private-nonce-file nonce` if `private`) into `out`.
fn prove_grin(nonce: &Path, private: bool, out: &Path) {
    let mut cmd = bin();
    cmd.args(["range", "prove", "--profile", "grin", "--bits", "64", "--value", "9", "--rewind-nonce-file"]).arg(nonce);
    if private {
        cmd.arg("--private-nonce-file").arg(nonce);
    }
    run_ok(cmd.arg("--out").arg(out));
}

#[test]
fn secret_outputs_replace_symlinks() {
    let out = tmp("secret.json");
    // range prove --openings
    assert_openings_replace_link(
        "prove",
        bin().args(["range", "prove", "--bits", "8", "--value", "3", "--out"]).arg(&out),
    );
    // range recover --openings
    let seed = tmp("seed");
    std::fs::write(&seed, format!("{:064x}\n", 7)).unwrap();
    let rec = tmp("recoverable.json");
    prove_recoverable(&seed, &rec);
    assert_openings_replace_link("recover", &mut recover(&rec, &seed));
    // range rewind --openings (Grin, private nonce = rewind nonce)
    let grin = tmp("grin.json");
    prove_grin(&seed, true, &grin);
    assert_openings_replace_link(
        "rewind",
        bin().args(["range", "rewind"]).arg(&grin).arg("--rewind-nonce-file").arg(&seed),
    );
    // merkle prove --openings
    let leaves = tmp("leaves.txt");
    std::fs::write(&leaves, "1\n2\n3\n").unwrap();
    let tree = tmp("tree.json");
    let o = run(bin().args(["merkle", "build", "--depth", "4", "--out"]).arg(&tree).arg(&leaves));
    assert!(o.status.success(), "{}", stderr(&o));
    let (victim, link) = link_to_victim("merkle");
    let o = run(bin()
        .args(["merkle", "prove"])
        .arg(&tree)
        .args(["--leaf", "1", "--out"])
        .arg(&out)
        .arg("--openings")
        .arg(&link));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
    assert!(!is_link(&link));
    // No temporary file is left beside them.
    let dir = tmp("x").parent().unwrap().to_path_buf();
    assert!(std::fs::read_dir(dir).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().ends_with(".tmp")));
}

/// The proof with its last byte changed: it no longer verifies, but what
/// recovery reads (the commitments' first rounds) is intact.
fn tampered(path: &Path, name: &str) -> PathBuf {
    let mut doc = json(path);
    let proof = doc["proof"].as_str().unwrap().to_string();
    let last = u8::from_str_radix(&proof[proof.len() - 2..], 16).unwrap();
    doc["proof"] = format!("{}{:02x}", &proof[..proof.len() - 2], last ^ 1).into();
    let bad = tmp(name);
    std::fs::write(&bad, doc.to_string()).unwrap();
    bad
}

#[test]
fn recover_and_rewind_refuse_proofs_that_do_not_verify() {
    let seed = tmp("seed-bad");
    std::fs::write(&seed, format!("{:064x}\n", 9)).unwrap();
    let rec = tmp("recoverable-bad.json");
    prove_recoverable(&seed, &rec);
    let bad = tampered(&rec, "recoverable-tampered.json");
    assert!(!run(bin().args(["range", "verify"]).arg(&bad)).status.success());
    let openings = tmp("recovered-bad.json");
    let _ = std::fs::remove_file(&openings);
    let o = run(recover(&bad, &seed).arg("--openings").arg(&openings));
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("the proof does not verify") && stderr(&o).contains("nothing recovered"),
        "{}",
        stderr(&o)
    );
    assert!(!stdout(&o).contains("value:"), "{}", stdout(&o));
    assert!(!openings.exists());

    let grin = tmp("grin-bad.json");
    prove_grin(&seed, false, &grin);
    let bad = tampered(&grin, "grin-tampered.json");
    let o = run(bin().args(["range", "rewind"]).arg(&bad).arg("--rewind-nonce-file").arg(&seed));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the proof does not verify"), "{}", stderr(&o));
    assert!(!stdout(&o).contains("value:"), "{}", stdout(&o));
}

#[test]
fn zero_blindings_are_refused() {
    let zero = "0".repeat(64);
    let one = format!("{:0<64}", "01");
    let file = tmp("zero-blindings.txt");
    std::fs::write(&file, format!("{one}\n{zero}\n")).unwrap();
    let out = tmp("zero.json");
    let o = run(bin()
        .args(["range", "prove", "--bits", "8", "--value", "1", "--value", "2", "--blindings-file"])
        .arg(&file)
        .arg("--out")
        .arg(&out));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("zero-blindings.txt: blinding #1: zero"), "{}", stderr(&o));
    let o = run(bin().args(["range", "prove", "--bits", "8", "--value", "1", "--blinding", &zero, "--out"]).arg(&out));
    assert!(stderr(&o).contains("blinding #0: zero"), "{}", stderr(&o));
    // Deployed formats (their own blinding encodings) too.
    for profile in ["monero", "grin"] {
        let o = run(bin()
            .args([
                "range",
                "prove",
                "--profile",
                profile,
                "--bits",
                "64",
                "--value",
                "1",
                "--value",
                "2",
                "--blindings-file",
            ])
            .arg(&file)
            .arg("--out")
            .arg(&out));
        assert_eq!(o.status.code(), Some(1), "{profile}");
        assert!(stderr(&o).contains("blinding #1: zero"), "{profile}: {}", stderr(&o));
    }
    // merkle prove --blinding-file
    let leaves = tmp("zero-leaves.txt");
    std::fs::write(&leaves, "1\n2\n").unwrap();
    let tree = tmp("zero-tree.json");
    assert!(run(bin().args(["merkle", "build", "--depth", "2", "--out"]).arg(&tree).arg(&leaves)).status.success());
    let blinding = tmp("zero-blinding.txt");
    std::fs::write(&blinding, format!("{zero}\n")).unwrap();
    let o = run(bin()
        .args(["merkle", "prove"])
        .arg(&tree)
        .args(["--leaf", "0", "--blinding-file"])
        .arg(&blinding)
        .arg("--out")
        .arg(&out));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("zero-blinding.txt: blinding #0: zero"), "{}", stderr(&o));
}

#[test]
fn non_regular_input_files_are_refused_without_blocking() {
    let good = tmp("regular.json");
    assert!(run(bin().args(["range", "prove", "--bits", "8", "--value", "3", "--out"]).arg(&good)).status.success());
    // A FIFO nobody writes to: opening it would block the whole batch.
    let fifo = tmp("nobody.fifo");
    let _ = std::fs::remove_file(&fifo);
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let o = run_within(bin().args(["range", "verify-batch"]).arg(&good).arg(&fifo), Duration::from_secs(30));
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("nobody.fifo: not a regular file"), "{}", stdout(&o));
    assert!(stderr(&o).contains("1 of 2 proofs invalid"), "{}", stderr(&o));
    let c = shared("ristretto255", "dot_product", "arith");
    let o = run_within(bin().args(["circuit", "verify"]).arg(&c).arg(&fifo), Duration::from_secs(30));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let circuit_proof = tmp("regular-circuit.json");
    assert!(circuit_prove(&shared("ristretto255", "dot_product", "in"), &circuit_proof).status.success());
    let o = run_within(bin().args(["circuit", "verify"]).arg(&fifo).arg(&circuit_proof), Duration::from_secs(30));
    assert!(stderr(&o).contains("nobody.fifo: not a regular file"), "{}", stderr(&o));
    // Devices and directories too; `-` still reads standard input.
    let o = run(bin().args(["range", "verify", "/dev/zero"]));
    assert!(stderr(&o).contains("/dev/zero: not a regular file"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(std::env::temp_dir()));
    assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    let mut child = bin().args(["range", "verify", "-"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(&std::fs::read(&good).unwrap()).unwrap();
    }
    assert!(child.wait_with_output().unwrap().status.success());
}

#[test]
fn monero_limits_are_named_as_applied() {
    let out = tmp("monero.json");
    let o =
        run(bin().args(["range", "prove", "--profile", "monero", "--bits", "64", "--value", "1", "--out"]).arg(&out));
    assert!(o.status.success(), "{}", stderr(&o));
    let mut doc = json(&out);
    doc["bits"] = 32.into();
    let bad = tmp("monero-bits.json");
    std::fs::write(&bad, doc.to_string()).unwrap();
    let o = run(bin().args(["range", "verify"]).arg(&bad));
    assert!(stderr(&o).contains("bits 32: Monero proofs are of 64-bit amounts exactly"), "{}", stderr(&o));
    let mut doc = json(&out);
    let c = doc["commitments"][0].clone();
    doc["commitments"] = serde_json::Value::Array(vec![c; 17]);
    std::fs::write(&bad, doc.to_string()).unwrap();
    let o = run(bin().args(["range", "verify"]).arg(&bad));
    assert!(stderr(&o).contains("17 commitments: Monero proofs have 1..=16 outputs"), "{}", stderr(&o));
    let help = run(bin().args(["range", "prove", "--help"]));
    assert!(stdout(&help).contains("--profile monero: 16"), "{}", stdout(&help));
}

#[test]
fn circuit_batches_are_bounded() {
    let c = shared("ristretto255", "dot_product", "arith");
    let proof = tmp("batch-one.json");
    assert!(circuit_prove(&shared("ristretto255", "dot_product", "in"), &proof).status.success());
    // Nine files claiming the largest circuit (9 · 2^22 padded gates, over
    // the bound) for this small one: only claims of the translation's own
    // size count (issue 35 review), so they cannot block the batch — each
    // is named invalid, unread, and the honest proof among them verifies.
    let mut doc = json(&proof);
    doc["multipliers"] = (1u64 << 22).into();
    let big = tmp("batch-big.json");
    std::fs::write(&big, doc.to_string()).unwrap();
    let o = run_within(
        bin().args(["circuit", "verify"]).arg(&c).args(std::iter::repeat_n(&big, 9)).arg(&proof),
        Duration::from_secs(60),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("9 of 10 proofs are invalid"), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches("invalid:").count(), 9, "{}", stdout(&o));
    assert!(!stdout(&o).contains("batch-one.json"), "{}", stdout(&o));
}

/// Issue 35 review: the group and label are the verifier's. The same
/// `.arith` states something else in another field (jsnark's constants are
/// field elements), so a proof made on another group — or under another
/// application's label — is refused unverified, and what was verified is
/// printed.
#[test]
fn circuit_verify_pins_group_and_label() {
    let c = shared("ristretto255", "dot_product", "arith");
    let inputs = shared("ristretto255", "dot_product", "in");
    let prove = |group: &str, label: &str, out: &Path| {
        let o = run(bin()
            .args(["circuit", "prove"])
            .arg(&c)
            .arg("--inputs")
            .arg(&inputs)
            .args(["--group", group, "--label", label, "--out"])
            .arg(out));
        assert!(o.status.success(), "{}", stderr(&o));
    };
    let secp = tmp("pin-group-secp.json");
    prove("secp256k1", "ballistic circuit proof", &secp);
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&secp));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("a secp256k1 file where a ristretto255 one is expected"), "{}", stderr(&o));
    let o = run(bin().args(["circuit", "verify", "--group", "secp256k1"]).arg(&c).arg(&secp));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("group: secp256k1, label: ballistic circuit proof"), "{}", stdout(&o));
    let other = tmp("pin-label-other.json");
    prove("ristretto255", "other app", &other);
    let o = run(bin().args(["circuit", "verify"]).arg(&c).arg(&other));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("made under the label \"other app\""), "{}", stderr(&o));
    let o = run(bin().args(["circuit", "verify", "--label", "other app"]).arg(&c).arg(&other));
    assert!(o.status.success(), "{}", stderr(&o));
}
