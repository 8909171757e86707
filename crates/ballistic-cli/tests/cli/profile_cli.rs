//! `range prove --profile grin|monero`, `range rewind`, and deployed-format
//! files in `range verify` / `verify-batch`.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{bin, json, run, stderr, stdout, tmp_in};

fn tmp(name: &str) -> PathBuf {
    tmp_in("ballistic-profile-test", name)
}

fn prove(out: &Path, args: &[&str]) -> Output {
    run(bin().args(["range", "prove", "--out"]).arg(out).args(args))
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
    let message = "42".repeat(20);
    let grin = [
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
        &message,
        "--min-value",
        "1000",
        "--extra",
        "cafe",
    ];
    let o = prove(&out, &[&grin[..], &["--openings", openings.to_str().unwrap()]].concat());
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
    let o = prove(&again, &grin);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&again).unwrap());
    let o = run(bin().args(["range", "verify"]).arg(&out));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("valid"));

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
    assert_eq!(stdout(&o).lines().last(), Some("valid: 4 proofs"));
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

/// A Monero Bulletproof+ for one output (amount 35) whose `A`, `L_2` and
/// commitment carry torsion (orders 8, 2 and 4), made by ballistic's
/// prover with its test hook so the transcript hashes the points as sent:
/// `monero-bulletproofs` accepts it (checked in the library's
/// `compat::monero::consensus_tests`).
const TORSIONED_PROOF: [&str; 13] = [
    "83fe864e74e4f1ff53a703213de27c7670b9c15324b91d95a598e1d0a6bd796f58b434bb57323a6d8c08bcba94a4d187",
    "0454c7a6f2d0c8d528d2ce12a8808c1cfe7cd1ff2f5661fb6dd9724d9afb1b0177d32f8dd0205ba60772ef4db097ab23",
    "0dbca9964a0ec6b995e8bc8ff2e8c81f5dd8c972cf4fb1dd5fef10c65d1f84087e6a95172e6b93c92f72155da0947aca",
    "0fc9435efe7cb897c143ba1e307cb70db48cca164250edf596d99cfbf0bb8ff22d58207a14b91be1877a9b1ac660780a",
    "06dc63f7a7099780738442c96fc9bfef7df9de89ba5c3707640cfb132dd5b218a74b6b756c4d542a4b641ac7f98f6e65",
    "a9001208905df695a5853bb03b17b2683d1173a61e498d3ea5c3e6379994bf2687cae454b7f41a5314942f9b5b0d03c0",
    "893648a0efb022997e4c5e143b9cde9122b58e54e985cb640f685b95f68b5efa08436b78886af4757851514704ead78f",
    "5a1987a59b18522f7c4ebc6c015c235f48fed03d938efb1342baff5d736dbc2dabe009a26f6dd1659711d2e6e7b966de",
    "6206063f159eb3178f05b7bd9a6eb252cb89db4b8dc3990d6e7b1b7a08aef88d87c2b004b9c7d4ceba9d0b10b8daa835",
    "fddcbf36a3e134324430a2a7ce1e5c93f2f0dee16b2648c641b928d2a7913408f6bbb2b94d7e4bc61d2d80eadf5c0450",
    "ecd8ce2992315f92fa417b31feed97c4650173deb7bab7a4cb38f43d0c1f7bc8123eda671c235b33627a83fa5b2efbb5",
    "7b942c1127d8db8c328d0b2b7607f71b827c64653277c6b60a015d5c02c9affb10dc785427326dea8149b4624e2bf10c",
    "5958",
];
const TORSIONED_COMMITMENT: &str = "3ac8372e43bc0f04031dc98887baead82ac31ccb57d6d20a9c05cec96219010f";

#[test]
fn consensus_monero_accepts_torsioned_proofs_strict_refuses() {
    let base = tmp("torsion-base.json");
    let o = prove(&base, &["--profile", "monero", "--bits", "64", "--value", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut v = json(&base);
    v["proof"] = TORSIONED_PROOF.concat().into();
    v["commitments"] = serde_json::json!([TORSIONED_COMMITMENT]);
    let torsioned = tmp("torsioned.json");
    std::fs::write(&torsioned, v.to_string()).unwrap();
    // Strict (the default, and by name): refused, naming the torsioned
    // commitment (checked before the proof), or with an honest commitment
    // the torsioned point A.
    let mut honest_commitment = v.clone();
    honest_commitment["commitments"] = json(&base)["commitments"].clone();
    let torsioned_a = tmp("torsioned-a.json");
    std::fs::write(&torsioned_a, honest_commitment.to_string()).unwrap();
    for args in [&[][..], &["--consensus", "strict"][..]] {
        let o = run(bin().args(["range", "verify"]).arg(&torsioned).args(args));
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains("commitment #0 is not a valid point encoding"), "{}", stderr(&o));
        let o = run(bin().args(["range", "verify"]).arg(&torsioned_a).args(args));
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains("invalid point encoding at byte 0"), "{}", stderr(&o));
    }
    // Monero's mode: that one is a wrong statement, refused too.
    let o = run(bin().args(["range", "verify", "--consensus", "monero"]).arg(&torsioned_a));
    assert_eq!(o.status.code(), Some(1));
    // Monero's consensus: valid, alone and in a mixed batch.
    let o = run(bin().args(["range", "verify", "--consensus", "monero"]).arg(&torsioned));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("valid"));
    let grin = tmp("torsion-grin.json");
    let o = prove(&grin, &["--profile", "grin", "--bits", "64", "--value", "7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify-batch", "--consensus", "monero"]).args([&torsioned, &base, &grin]));
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("valid: 3 proofs"));
    let o = run(bin().args(["range", "verify-batch"]).args([&torsioned, &base, &grin]));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).lines().count(), 1, "{}", stdout(&o));
    assert!(stdout(&o).contains("torsioned.json"), "{}", stdout(&o));
    // Tampered: refused in either mode.
    let mut proof = TORSIONED_PROOF.concat().into_bytes();
    proof[300] = if proof[300] == b'0' { b'1' } else { b'0' };
    v["proof"] = String::from_utf8(proof).unwrap().into();
    let tampered = tmp("torsioned-tampered.json");
    std::fs::write(&tampered, v.to_string()).unwrap();
    let o = run(bin().args(["range", "verify", "--consensus", "monero"]).arg(&tampered));
    assert_eq!(o.status.code(), Some(1));
    let o = run(bin().args(["range", "verify", "--consensus", "nonsense"]).arg(&torsioned));
    assert_eq!(o.status.code(), Some(2));
}

/// A Grin proof file on a value generator of the prover's own proves
/// nothing about values on Grin's `H`: `range verify --profile grin --bits
/// 64` (every pin a verifier had) refused it only if it was pinned; the
/// range pinned, it is refused unless the verifier pins that generator
/// (`--value-generator`), and the statement printed names it.
#[test]
fn grin_value_generators_are_the_verifiers() {
    use ballistic::group::{Group, Secp256k1};
    let generator = Secp256k1::hash_to_point(&[7u8; 64]);
    let hex = ballistic::hazmat::to_hex(&ballistic::compat::grin::generator_to_bytes(&generator).unwrap());
    let own_gen = tmp("grin-own-generator.json");
    let o = prove(&own_gen, &["--profile", "grin", "--bits", "64", "--value", "7", "--value-generator", &hex]);
    assert!(o.status.success(), "{}", stderr(&o));
    let on_h = tmp("grin-on-h.json");
    assert!(prove(&on_h, &["--profile", "grin", "--bits", "64", "--value", "7"]).status.success());
    let pinned =
        ["--profile", "grin", "--group", "secp256k1", "--system", "bulletproofs", "--label", "", "--bits", "64"];

    let o = run(bin().args(["range", "verify"]).arg(&own_gen).args(pinned));
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stderr(&o).contains(&format!("values in [0, 2^64) on value generator {hex}")), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let o = run(bin().args(["range", "verify"]).arg(&own_gen).args(pinned).args(["--value-generator", &hex]));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(&format!("on value generator {hex}")), "{}", stdout(&o));
    let o = run(bin().args(["range", "verify"]).arg(&on_h).args(pinned).args(["--value-generator", &hex]));
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("a proof on Grin's H"), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&on_h).args(pinned));
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(bin().args(["range", "verify"]).arg(&on_h).args(["--value-generator", "00"]));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("33 bytes"), "{}", stderr(&o));
    // A batch names exactly the file on the prover's generator.
    let o = run(bin().args(["range", "verify-batch"]).args([&on_h, &own_gen, &on_h]).args(pinned));
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let invalid: Vec<&str> = out.lines().filter(|l| l.starts_with("invalid: ")).collect();
    assert_eq!(invalid.len(), 1, "{out}");
    assert!(invalid[0].contains("grin-own-generator.json"), "{out}");
}
