//! Helpers shared by the test modules: the binary, scratch paths, the
//! shared circuits, and reading what a run printed or wrote.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The built `ballistic` binary, with the generator store in this test
/// process's scratch directory (not the user's cache; shared by the tests,
/// so it is also exercised across them).
pub fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ballistic"));
    cmd.env("BALLISTIC_GENERATOR_CACHE", tmp_in("ballistic-cli-store", "generators"));
    cmd
}

/// `name` in this process's scratch directory `{prefix}-{pid}` (one per
/// test module, created if needed).
pub fn tmp_in(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A shared circuit's file (`.arith`, `.in`, `.out`).
pub fn shared(field: &str, name: &str, ext: &str) -> PathBuf {
    // Beside the repository (`../shared`), or beside a worktree's parent.
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let beside = manifest.join("../../../shared/circuits");
    let root = if beside.exists() { beside } else { manifest.join("../../../../shared/circuits") };
    root.join(field).join(name).join(format!("{name}.{ext}"))
}

pub fn run(cmd: &mut Command) -> Output {
    cmd.output().unwrap()
}

/// [`run`], asserting that the command succeeded (its standard error the
/// failure's message).
#[track_caller]
pub fn run_ok(cmd: &mut Command) -> Output {
    let o = run(cmd);
    assert!(o.status.success(), "{}", stderr(&o));
    o
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

pub fn write_json(path: &Path, v: &serde_json::Value) {
    std::fs::write(path, serde_json::to_string(v).unwrap()).unwrap();
}
