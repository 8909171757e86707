//! The `ballistic` binary's `range` subcommands: prove/verify round trips
//! and one-line errors. This file holds the shared helpers; the tests are in
//! one module per subcommand.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{bin, json, run, stderr, tmp_in, write_json};

mod pins;
mod prove_verify;
mod recover;
mod systems_batches;

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-cli-test", name)
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
