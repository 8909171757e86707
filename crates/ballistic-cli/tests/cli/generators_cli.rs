//! `ballistic generators prebuild|list|clear`, and the generator store as
//! `merkle` and `circuit` use it: built on first use, loaded after, a
//! tampered file refused and replaced, `off` writing nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{bin, run, run_ok, stderr, stdout, tmp_in};

/// The binary with the store in `dir` (a fresh directory per test).
fn with_store(dir: &Path) -> Command {
    let mut cmd = bin();
    cmd.env("BALLISTIC_GENERATOR_CACHE", dir);
    cmd
}

fn fresh(name: &str) -> PathBuf {
    let dir = tmp_in("ballistic-generators-cli", name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|r| r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn prebuild_list_and_clear() {
    let dir = fresh("plc");
    let o = run_ok(with_store(&dir).args(["generators", "prebuild", "--size", "1024", "--group", "secp256k1"]));
    assert!(stdout(&o).contains("secp256k1: 1024 generators per chain"), "{}", stdout(&o));
    assert!(stdout(&o).contains("built"), "{}", stdout(&o));
    assert_eq!(files(&dir), ["secp256k1-1024.v1.gens"]);
    // Again: already there.
    let o = run_ok(with_store(&dir).args(["generators", "prebuild", "--size", "1024", "--group", "secp256k1"]));
    assert!(stdout(&o).contains("already stored"), "{}", stdout(&o));
    let o = run_ok(with_store(&dir).args(["generators", "list"]));
    assert!(stdout(&o).contains("secp256k1 2^10 (131111 bytes): valid"), "{}", stdout(&o));

    // A flipped byte: listed as refused, replaced by the next prebuild.
    let path = dir.join("secp256k1-1024.v1.gens");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[1000] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let o = run_ok(with_store(&dir).args(["generators", "list"]));
    assert!(stdout(&o).contains("refused: stored generators do not match the pinned digest"), "{}", stdout(&o));
    let o = run_ok(with_store(&dir).args(["generators", "prebuild", "--size", "1024", "--group", "secp256k1"]));
    assert!(stdout(&o).contains("built (stored generators do not match"), "{}", stdout(&o));
    let o = run_ok(with_store(&dir).args(["generators", "list"]));
    assert!(stdout(&o).contains(": valid"), "{}", stdout(&o));

    let o = run_ok(with_store(&dir).args(["generators", "clear"]));
    assert!(stdout(&o).contains("removed 1 file(s)"), "{}", stdout(&o));
    assert!(files(&dir).is_empty());

    // Sizes it does not keep, and a store that is off.
    let o = run(with_store(&dir).args(["generators", "prebuild", "--size", "64"]));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("the store keeps one chain pair of 2^10 to 2^20"), "{}", stderr(&o));
    let o = run(bin().env("BALLISTIC_GENERATOR_CACHE", "off").args(["generators", "list"]));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("the generator store is off"), "{}", stderr(&o));
}

/// `merkle prove` and `verify` (depth 1: 2^11 generators per chain) take
/// their generators from the store: the first run writes the file, a
/// tampered file is replaced, and with the store off nothing is written.
#[test]
fn merkle_uses_the_store() {
    let dir = fresh("merkle");
    let leaves = tmp_in("ballistic-generators-cli", "leaves.txt");
    std::fs::write(&leaves, "5\n9\n").unwrap();
    let tree = tmp_in("ballistic-generators-cli", "tree.json");
    run_ok(
        with_store(&dir)
            .args(["merkle", "build", "--group", "ristretto255", "--depth", "1", "--out"])
            .arg(&tree)
            .arg(&leaves),
    );
    let index = tmp_in("ballistic-generators-cli", "index.txt");
    std::fs::write(&index, "1\n").unwrap();
    let proof = tmp_in("ballistic-generators-cli", "proof.json");
    let prove = |store: &Path| {
        run_ok(
            with_store(store)
                .args(["merkle", "prove"])
                .arg(&tree)
                .arg("--leaf-file")
                .arg(&index)
                .arg("--out")
                .arg(&proof),
        );
    };
    prove(&dir);
    assert_eq!(files(&dir), ["ristretto255-2048.v1.gens"]);
    let stored = std::fs::read(dir.join("ristretto255-2048.v1.gens")).unwrap();
    let verify = |cmd: &mut Command| run(cmd.args(["merkle", "verify"]).arg(&tree).arg(&proof));
    assert!(verify(&mut with_store(&dir)).status.success());

    // Tampered: refused, the proof still verifies (derived generators), the file is rewritten.
    let mut bad = stored.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x40;
    std::fs::write(dir.join("ristretto255-2048.v1.gens"), &bad).unwrap();
    let o = verify(&mut with_store(&dir));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(dir.join("ristretto255-2048.v1.gens")).unwrap(), stored);

    // Unset: the platform's cache directory (XDG on Linux); off or empty: nothing written there.
    let home = fresh("home");
    std::fs::create_dir_all(&home).unwrap();
    let default = |cmd: &mut Command| {
        cmd.env_remove("BALLISTIC_GENERATOR_CACHE").env("XDG_CACHE_HOME", &home).env("HOME", &home);
    };
    for off in ["off", ""] {
        let mut cmd = bin();
        default(&mut cmd);
        let o = verify(cmd.env("BALLISTIC_GENERATOR_CACHE", off));
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(files(&home).is_empty(), "{off:?}");
    }
    if cfg!(target_os = "linux") {
        let mut cmd = bin();
        default(&mut cmd);
        assert!(verify(&mut cmd).status.success());
        assert_eq!(files(&home.join("ballistic/generators")), ["ristretto255-2048.v1.gens"]);
    }
}
