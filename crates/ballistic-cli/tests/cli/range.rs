//! The `ballistic` binary's `range` subcommands: prove/verify round trips
//! and one-line errors. This file holds the shared helpers; the tests are in
//! one module per subcommand.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod pins;
mod prove_verify;
mod recover;
mod systems_batches;

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

/// Run with standard input read from `source`.
fn with_stdin_from(cmd: &mut Command, source: &Path) -> Output {
    cmd.stdin(std::fs::File::open(source).unwrap()).output().unwrap()
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
