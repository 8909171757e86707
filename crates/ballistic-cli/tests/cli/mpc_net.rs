//! The networked multi-party proof: dealer and parties as separate OS
//! processes on 127.0.0.1. Every test bounds its own running time.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, tmp_in};

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-mpc-net", name)
}

/// Start a dealer (`--timeout 10`); returns it and the address it listens on.
fn dealer(
    parties: usize,
    bits: usize,
    out: &PathBuf,
    extra: &[&str],
) -> (Child, String, BufReader<std::process::ChildStdout>) {
    dealer_within(parties, bits, "10", out, extra)
}

/// [`dealer`] with `--timeout timeout`.
fn dealer_within(
    parties: usize,
    bits: usize,
    timeout: &str,
    out: &PathBuf,
    extra: &[&str],
) -> (Child, String, BufReader<std::process::ChildStdout>) {
    let mut child = bin()
        .args(["mpc", "dealer", "--parties", &parties.to_string(), "--bits", &bits.to_string()])
        .args(["--listen", "127.0.0.1:0", "--timeout", timeout, "--out"])
        .arg(out)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("dealer said {line:?}")).to_string();
    (child, addr, stdout)
}

fn party(addr: &str, value: u64, extra: &[&str]) -> Child {
    bin()
        .args(["mpc", "party", "--value", &value.to_string(), "--connect", addr, "--timeout", "10"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Wait for a child at most 60 s; (success, stderr).
fn finish(mut child: Child) -> (bool, String) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                e.read_to_string(&mut err).unwrap();
            }
            return (status.success(), err);
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("process did not finish in time");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Wait until a party has printed its position line (so connection order
/// is known).
fn wait_connected(child: &mut Child) -> BufReader<std::process::ChildStdout> {
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert!(line.starts_with("connected as party"), "{line:?}");
    out
}

fn verify(path: &PathBuf) -> bool {
    bin().args(["range", "verify"]).arg(path).output().unwrap().status.success()
}

#[test]
fn honest_runs_over_tcp() {
    for (parties, bits, group) in [(3usize, 16usize, "ristretto255"), (4, 8, "ristretto255"), (2, 64, "secp256k1")] {
        let out = tmp(&format!("honest-{parties}-{group}.json"));
        let (d, addr, _stdout) = dealer(parties, bits, &out, &["--group", group, "--label", "net test"]);
        let mut ps = Vec::new();
        for j in 0..parties {
            let mut p = party(&addr, (j as u64 + 1) * 3, &[]);
            let _keep = wait_connected(&mut p);
            ps.push((p, _keep));
        }
        let (ok, err) = finish(d);
        assert!(ok, "dealer failed: {err}");
        for (p, _) in ps {
            let (ok, err) = finish(p);
            assert!(ok, "party failed: {err}");
        }
        assert!(verify(&out), "the dealer's proof file does not verify");
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
        assert_eq!(json["group"], group);
        assert_eq!(json["commitments"].as_array().unwrap().len(), parties);
    }
}

#[test]
fn a_killed_party_is_named() {
    let out = tmp("killed.json");
    let (d, addr, _stdout) = dealer(2, 8, &out, &[]);
    let mut p0 = party(&addr, 1, &[]);
    let _o0 = wait_connected(&mut p0);
    let mut p1 = party(&addr, 2, &["--stall-after-bit-commitment"]);
    let mut o1 = wait_connected(&mut p1);
    // Kill party 1 once it has committed, mid-protocol.
    let mut line = String::new();
    while !line.contains("sent bit commitment") {
        line.clear();
        assert!(o1.read_line(&mut line).unwrap() > 0, "party 1 ended early");
    }
    p1.kill().unwrap();
    p1.wait().unwrap();
    let (ok, err) = finish(d);
    assert!(!ok);
    assert!(err.contains("party 1") && err.contains("disconnected"), "dealer said: {err}");
    // The honest party is told and fails cleanly too.
    let (ok, err) = finish(p0);
    assert!(!ok);
    assert!(err.contains("abort") || err.contains("disconnected"), "party 0 said: {err}");
    assert!(!out.exists());
}

#[test]
fn garbage_and_silence_are_named() {
    // Party 1 speaks the framing but sends a bit commitment of the wrong size.
    let out = tmp("garbage.json");
    let (d, addr, _stdout) = dealer(2, 8, &out, &[]);
    let mut p0 = party(&addr, 1, &[]);
    let _o0 = wait_connected(&mut p0);
    let mut raw = TcpStream::connect(&addr).unwrap();
    let mut setup = [0u8; 9];
    raw.read_exact(&mut setup).unwrap();
    raw.write_all(&[2, 3, 0, 0, 0, 1, 2, 3]).unwrap();
    let (ok, err) = finish(d);
    assert!(!ok);
    assert!(err.contains("party 1 sent a malformed bit commitment"), "dealer said: {err}");
    let _ = finish(p0);
    drop(raw);

    // A frame length beyond the limit.
    let (d, addr, _stdout) = dealer(1, 8, &tmp("huge.json"), &[]);
    let mut raw = TcpStream::connect(&addr).unwrap();
    raw.read_exact(&mut setup).unwrap();
    raw.write_all(&[2, 0xff, 0xff, 0xff, 0x7f]).unwrap();
    let (ok, err) = finish(d);
    assert!(!ok);
    assert!(err.contains("party 0 sent a frame of"), "dealer said: {err}");
    drop(raw);

    // A party that connects and says nothing: the timeout names it.
    let (child, addr, _stdout) = dealer_within(1, 8, "2", &tmp("silent.json"), &[]);
    let _silent = TcpStream::connect(&addr).unwrap();
    let (ok, err) = finish(child);
    assert!(!ok);
    assert!(err.contains("party 0 timed out"), "dealer said: {err}");

    // Nobody connects: the dealer gives up after its timeout.
    let mut child = bin()
        .args(["mpc", "dealer", "--parties", "2", "--bits", "8", "--listen", "127.0.0.1:0", "--timeout", "1", "--out"])
        .arg(tmp("nobody.json"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdout.take();
    let (ok, err) = finish(child);
    assert!(!ok);
    assert!(err.contains("only 0 of 2 parties connected"), "dealer said: {err}");
}

#[test]
fn a_party_with_a_bad_value_fails_cleanly() {
    let out = tmp("bad-value.json");
    let (d, addr, _stdout) = dealer(1, 8, &out, &[]);
    let mut p = party(&addr, 256, &[]);
    let _o = wait_connected(&mut p);
    let (ok, err) = finish(p);
    assert!(!ok);
    assert!(err.contains("not in") || err.contains("range"), "party said: {err}");
    let (ok, err) = finish(d);
    assert!(!ok);
    assert!(err.contains("party 0 disconnected"), "dealer said: {err}");
}

/// A frame of the wire format: `kind ‖ LE32 length ‖ payload`.
fn frame(kind: u8, payload: &[u8]) -> Vec<u8> {
    let mut f = vec![kind];
    f.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    f.extend_from_slice(payload);
    f
}

#[test]
fn a_trickling_party_is_cut_off_at_the_deadline() {
    // `--timeout` is a deadline per round, not per read: a party sending one
    // byte every 0.3 s (each read would succeed) still fails the round.
    let timeout = Duration::from_secs(1);
    let (d, addr, _stdout) = dealer_within(2, 8, "1", &tmp("trickle.json"), &[]);
    let mut p0 = party(&addr, 1, &[]);
    let _o0 = wait_connected(&mut p0);
    let mut raw = TcpStream::connect(&addr).unwrap();
    let mut setup = [0u8; 9];
    raw.read_exact(&mut setup).unwrap();
    let start = Instant::now();
    let trickler = std::thread::spawn(move || {
        for b in frame(2, &[7u8; 96]) {
            if raw.write_all(&[b]).is_err() || start.elapsed() > Duration::from_secs(30) {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
    });
    let (ok, err) = finish(d);
    let elapsed = start.elapsed();
    assert!(!ok);
    assert!(err.contains("party 1 timed out"), "dealer said: {err}");
    assert!(elapsed < 3 * timeout, "the dealer gave up only after {elapsed:?}");
    // The honest party is told why.
    let (ok, err) = finish(p0);
    assert!(!ok);
    assert!(err.contains("aborted: party 1 timed out"), "party 0 said: {err}");
    trickler.join().unwrap();
}

#[test]
fn out_of_range_arguments_are_usage_errors() {
    let out = tmp("never.json");
    let out = out.to_str().unwrap();
    let dealer = ["mpc", "dealer", "--listen", "127.0.0.1:0", "--out", out];
    let party = ["mpc", "party", "--value", "1", "--connect", "127.0.0.1:1"];
    let cases: [(&[&str], &[&str], &str); 10] = [
        (&dealer, &["--parties", "1", "--bits", "8", "--timeout", "18446744073709551615"], "1..=86400"),
        (&dealer, &["--parties", "1", "--bits", "8", "--timeout", "0"], "1..=86400"),
        (&dealer, &["--parties", "1", "--bits", "8", "--timeout", "86401"], "1..=86400"),
        (&party, &["--timeout", "18446744073709551615"], "1..=86400"),
        (&party, &["--timeout", "0"], "1..=86400"),
        (&dealer, &["--parties", "0", "--bits", "8"], "1..=64"),
        (&dealer, &["--parties", "65", "--bits", "8"], "1..=64"),
        (&dealer, &["--parties", "1", "--bits", "0"], "1..=64"),
        (&dealer, &["--parties", "1", "--bits", "65"], "1..=64"),
        (&dealer, &["--parties", "1", "--bits", "18446744073709551616"], "--bits"),
    ];
    for (command, args, expect) in cases {
        let output = bin().args(command).args(args).output().unwrap();
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("invalid value") && err.contains(expect), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_dealers_abort_text_is_sanitized() {
    let long = format!("{}\u{202e}\r", "x".repeat(5000));
    for reason in ["\x1b[2J\nfake line", long.as_str()] {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let p = party(&listener.local_addr().unwrap().to_string(), 1, &[]);
        let (mut fake, _) = listener.accept().unwrap();
        fake.write_all(&frame(1, &[0, 8, 1, 0])).unwrap();
        fake.write_all(&frame(7, reason.as_bytes())).unwrap();
        let (ok, err) = finish(p);
        assert!(!ok);
        assert!(err.contains("dealer aborted: "), "party said: {err:?}");
        assert!(!err.contains('\x1b') && !err.contains('\r') && !err.contains('\u{202e}'), "party said: {err:?}");
        assert_eq!(err.lines().count(), 1, "party said: {err:?}");
        assert!(err.len() < 400, "party printed {} bytes", err.len());
        if reason.len() < 100 {
            assert_eq!(err.trim_end(), "error: dealer aborted: \\u{1b}[2J\\u{a}fake line");
        }
        drop(fake);
    }
}

#[test]
fn an_invalid_setup_is_refused_before_any_work() {
    // Each is refused before the party derives a single generator.
    let cases: [([u8; 4], &str); 8] = [
        ([0, 255, 255, 255], "invalid bit size 255"),
        ([0, 255, 1, 0], "invalid bit size 255"),
        ([0, 0, 1, 0], "invalid bit size 0"),
        ([0, 64, 0, 0], "invalid number of values 0"),
        ([1, 64, 65, 0], "invalid number of values 65"),
        ([0, 64, 64, 64], "position 64 for 64 parties"),
        ([0, 8, 2, 255], "position 255 for 2 parties"),
        ([2, 8, 1, 0], "unknown group 2"),
    ];
    for (setup, expect) in cases {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let p = party(&listener.local_addr().unwrap().to_string(), 1, &[]);
        let (mut fake, _) = listener.accept().unwrap();
        let start = Instant::now();
        fake.write_all(&frame(1, &setup)).unwrap();
        let (ok, err) = finish(p);
        let elapsed = start.elapsed();
        assert!(!ok);
        assert!(err.contains("dealer sent an invalid setup") && err.contains(expect), "{setup:?}: party said: {err}");
        assert!(elapsed < Duration::from_secs(1), "{setup:?} refused only after {elapsed:?}");
    }
}

#[test]
fn secrets_from_a_file_and_from_stdin() {
    let out = tmp("secret-files.json");
    let (d, addr, _stdout) = dealer(2, 16, &out, &[]);
    let value = tmp("party-value.txt");
    std::fs::write(&value, "7\n").unwrap();
    let blinding = tmp("party-blinding.txt");
    std::fs::write(&blinding, format!("{:0<64}\n", "09")).unwrap();
    let mut a = bin()
        .args(["mpc", "party", "--connect", &addr, "--timeout", "10", "--value-file"])
        .arg(&value)
        .arg("--blinding-file")
        .arg(&blinding)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _keep_a = wait_connected(&mut a);
    let mut b = bin()
        .args(["mpc", "party", "--connect", &addr, "--timeout", "10", "--value-file", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = b.stdin.take().unwrap();
        stdin.write_all(b"12\n").unwrap();
    }
    let _keep_b = wait_connected(&mut b);
    let (ok, err) = finish(d);
    assert!(ok, "dealer failed: {err}");
    for p in [a, b] {
        let (ok, err) = finish(p);
        assert!(ok, "party failed: {err}");
    }
    assert!(verify(&out), "the dealer's proof file does not verify");
}
