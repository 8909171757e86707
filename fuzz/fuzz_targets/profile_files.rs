//! Range proof files in deployed formats (`"profile": "grin"` or
//! `"monero"`, `ballistic::file`'s profile files) against six honest files:
//! Grin single-value 64-bit with a minimum value, extra data and a message
//! (rewind nonce = private nonce); Grin two 16-bit values on a value
//! generator of its own; Grin single 8-bit with an empty `extra_commit`
//! (another private nonce); Monero Bulletproofs+ with one and two outputs;
//! Monero original Bulletproofs with one. The first byte picks the case
//! (mod 6), the second the mode; the rest is:
//!
//! 0. arbitrary bytes as a range proof file (JSON);
//! 1. edits ([`common::edit`]) of the case's JSON;
//! 2. arbitrary bytes as the case's proof (the rest of its file honest);
//! 3. edits of the case's proof bytes;
//! 4. one field of the case's file replaced: a selector byte, then the
//!    field's new content (profile, system, group, label, bits, a
//!    commitment, the commitments' order or count, min, max, `min_value`,
//!    `extra`, `value_generator`).
//!
//! Invariants: no panic; a file verifies only if it is one of the honest files
//! field for field (alone, against the verifier's full pins, and in a batch
//! with the honest file, which names exactly the files that fail alone);
//! Monero's consensus mode accepts whatever strict mode does and differs only
//! on Monero files; the profile rules hold (a deployed-format file with a
//! label, `min`/`max` or another group is refused; a Grin file with a system
//! other than Bulletproofs, a shape Grin does not have, or a minimum of 0,
//! above 2^32 or on several values; a Monero file with Grin's fields, extra
//! data, bits other than 64 or more than 16 outputs; a file of ballistic's own
//! with Grin's fields; an unknown profile), and a deployed-format file is
//! refused by a verifier pinned to ballistic's own format; a file refused by
//! `check_profile` never verifies; rewinding a Grin file with its nonce either
//! fails or gives the honest value, message and blinding, and with another
//! nonce fails.
#![no_main]
mod common;

use std::sync::OnceLock;

use ballistic::compat::grin::{self, GrinNonces, GrinOpening, GrinProveOptions, MAX_MIN_VALUE};
use ballistic::compat::monero::MoneroConsensus;
use ballistic::file::{verify_range_files, FileError, RangePins, RangeProofFile};
use ballistic::group::GroupId;
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::RangeSystem;
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

struct Case {
    file: RangeProofFile,
    /// The file's extra data and value generator, as bytes (its pins).
    extra: Option<Vec<u8>>,
    generator: Option<Vec<u8>>,
    /// The rewind nonce and what rewinding the honest file gives: value,
    /// message, blinding (Grin's big-endian bytes).
    rewind: Option<Rewind>,
}

/// A rewind nonce, and the value, message and blinding it rewinds.
type Rewind = ([u8; 32], u64, [u8; grin::MESSAGE_LEN], Option<[u8; 32]>);

fn grin_scalar(k: u8) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    bytes[31] = k;
    bytes[0] = 0x11;
    bytes
}

fn grin_case(openings: &[(u64, u8)], nonces: GrinNonces, options: &GrinProveOptions<'_>) -> Case {
    let openings: Vec<GrinOpening> = openings
        .iter()
        .map(|&(value, k)| GrinOpening { value, blinding: grin::scalar_from_bytes(&grin_scalar(k)).expect("scalar") })
        .collect();
    let (file, _) = RangeProofFile::prove_grin(&openings, &nonces, options).expect("honest Grin proof");
    let rewind = (openings.len() == 1).then(|| {
        let r = file.rewind_grin(&nonces.rewind).expect("the honest file rewinds");
        (nonces.rewind, r.value, r.message, r.blinding.map(|b| grin::scalar_to_bytes(&b)))
    });
    Case::new(file, rewind)
}

impl Case {
    fn new(file: RangeProofFile, rewind: Option<Rewind>) -> Self {
        let bytes = |hex: &Option<String>| hex.as_deref().map(|h| from_hex(h).expect("hex"));
        Case { extra: bytes(&file.extra), generator: bytes(&file.value_generator), file, rewind }
    }

    /// Every field of the file pinned (the range by its bits unless the
    /// file has a minimum value: a Grin file's range cannot be pinned then).
    fn pins(&self) -> RangePins<'_> {
        let file = &self.file;
        RangePins {
            profile: Some(file.profile_id().expect("honest")),
            group: GroupId::from_name(&file.group),
            system: RangeSystem::from_name(&file.system),
            label: Some(""),
            bits: file.min_value.is_none().then_some(file.bits),
            interval: None,
            extra: Some(self.extra.as_deref()),
            value_generator: self.generator.as_deref(),
            commitments: Some(&file.commitments),
        }
    }
}

/// `file` with an explicit Grin `H` as value generator written as none
/// (the same statement: the generator absent is Grin's `H`).
fn normalized(file: &RangeProofFile) -> RangeProofFile {
    let h = to_hex(&grin::generator_to_bytes(&grin::grin_generators().value_gen()).expect("H"));
    let mut f = file.clone();
    if f.profile.as_deref() == Some("grin") && f.value_generator.as_deref() == Some(h.as_str()) {
        f.value_generator = None;
    }
    f
}

fn build() -> Vec<Case> {
    const MESSAGE: [u8; 20] = *b"twenty bytes of note";
    let single = GrinProveOptions {
        n_bits: 64,
        value_gen: None,
        min_values: Some(&[1_000]),
        extra_commit: Some(b"kernel"),
        message: Some(MESSAGE),
    };
    let gen = grin::commit(1, &grin::scalar_from_bytes(&grin_scalar(9)).expect("scalar"), None);
    let aggregate = GrinProveOptions { n_bits: 16, value_gen: Some(gen), ..GrinProveOptions::default() };
    let empty_extra = GrinProveOptions { n_bits: 8, extra_commit: Some(&[]), ..GrinProveOptions::default() };
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let mut monero = |system, amounts: &[u64]| {
        Case::new(RangeProofFile::prove_monero(system, amounts, &[], &mut rng).expect("honest Monero proof").0, None)
    };
    let cases = vec![
        grin_case(&[(1_000_042, 3)], GrinNonces { rewind: [7; 32], private: [7; 32] }, &single),
        grin_case(&[(5, 4), (6, 5)], GrinNonces { rewind: [1; 32], private: [2; 32] }, &aggregate),
        grin_case(&[(77, 6)], GrinNonces { rewind: [5; 32], private: [6; 32] }, &empty_extra),
        monero(RangeSystem::BulletproofsPlus, &[17]),
        monero(RangeSystem::BulletproofsPlus, &[17, 1017]),
        monero(RangeSystem::Bulletproofs, &[5]),
    ];
    for case in &cases {
        assert_eq!(case.file.verify(), Ok(()), "the honest file verifies");
        assert_eq!(case.file.verify_pinned(&case.pins(), MoneroConsensus::Strict), Ok(()));
    }
    let (_, value, message, blinding) = cases[0].rewind.expect("single");
    assert_eq!((value, message, blinding), (1_000_042, MESSAGE, Some(grin_scalar(3))));
    assert_eq!(cases[2].rewind.map(|r| (r.1, r.3)), Some((77, None)));
    cases
}

fn cases() -> &'static [Case] {
    static C: OnceLock<Vec<Case>> = OnceLock::new();
    C.get_or_init(build)
}

/// The profile rules, from the formats' documentation: `Some(reason)` if
/// `file` breaks one.
fn breaks_a_rule(file: &RangeProofFile) -> Option<&'static str> {
    let own = file.min.is_some() || file.max.is_some() || !file.label.is_empty();
    match file.profile.as_deref() {
        None if file.min_value.is_some() || file.value_generator.is_some() => Some("Grin's fields in an own file"),
        None => None,
        Some("grin") => {
            if own || file.group != "secp256k1" {
                Some("a label, min/max or another group in a Grin file")
            } else if file.system != "bulletproofs" {
                Some("another system in a Grin file")
            } else if file.min_value.is_some_and(|m| m == 0 || m > MAX_MIN_VALUE) {
                Some("a Grin minimum of 0 or above 2^32")
            } else if !file.bits.is_power_of_two()
                || file.bits > 64
                || !file.commitments.len().is_power_of_two()
                || file.bits.checked_mul(file.commitments.len()).is_none_or(|n| n > 128)
            {
                Some("a Grin shape: bits a power of two up to 64, outputs a power of two, bits × outputs ≤ 128")
            } else if file.min_value.is_some() && file.commitments.len() != 1 {
                Some("a Grin minimum on an aggregate")
            } else {
                None
            }
        }
        Some("monero") => {
            if own || file.group != "ed25519" {
                Some("a label, min/max or another group in a Monero file")
            } else if !["bulletproofs", "bulletproofs-plus"].contains(&file.system.as_str()) {
                Some("another system in a Monero file")
            } else if file.min_value.is_some() || file.value_generator.is_some() || file.extra.is_some() {
                Some("Grin's fields or extra data in a Monero file")
            } else if file.bits != 64 || !(1..=16).contains(&file.commitments.len()) {
                Some("a Monero file's bits or outputs")
            } else {
                None
            }
        }
        Some(_) => Some("an unknown profile"),
    }
}

fn check(c: usize, file: RangeProofFile) {
    let cases = cases();
    let strict = file.verify();
    if strict.is_ok() {
        let f = normalized(&file);
        assert!(cases.iter().any(|h| h.file == f), "accepted a profile file that is not an honest one");
    }
    let consensus = file.verify_with(MoneroConsensus::Monero);
    if strict.is_ok() {
        assert_eq!(consensus, Ok(()), "Monero's consensus refused what strict mode accepts");
    } else if consensus.is_ok() {
        assert_eq!(file.profile.as_deref(), Some("monero"), "consensus mode accepted a non-Monero file");
    }
    if let Some(rule) = breaks_a_rule(&file) {
        assert!(strict.is_err() && consensus.is_err(), "accepted a file that breaks a rule: {rule}");
        if file.profile.is_some() {
            assert!(file.check_profile().is_err(), "check_profile passed a file that breaks a rule: {rule}");
        }
    }
    match file.profile_id() {
        Ok(Some(_)) => {
            if file.check_profile().is_err() {
                assert!(strict.is_err(), "verified a file check_profile refuses");
            }
            let own_only = RangePins { profile: Some(None), ..RangePins::default() };
            assert!(
                matches!(file.verify_pinned(&own_only, MoneroConsensus::Strict), Err(FileError::WrongProfile { .. })),
                "a deployed-format file passed a verifier pinned to ballistic's own format"
            );
        }
        Ok(None) => {}
        Err(_) => assert!(strict.is_err()),
    }
    let case = &cases[c];
    if file.verify_pinned(&case.pins(), MoneroConsensus::Strict).is_ok() {
        assert_eq!(normalized(&file), case.file, "accepted a file against another file's pins");
    }
    if let Some((nonce, value, message, blinding)) = case.rewind {
        if let Ok(r) = file.rewind_grin(&nonce) {
            assert_eq!((r.value, r.message), (value, message), "rewound another value or message");
            if let Some(b) = r.blinding {
                assert_eq!(Some(grin::scalar_to_bytes(&b)), blinding, "rewound another blinding");
            }
            let (h, file) = (&case.file, normalized(&file));
            assert!(
                (&file.commitments, file.min_value, &file.extra, &file.value_generator)
                    == (&h.commitments, h.min_value, &h.extra, &h.value_generator),
                "a file that rewinds claims another statement"
            );
        }
        let mut other = nonce;
        other[0] ^= 1;
        assert!(file.rewind_grin(&other).is_err(), "rewound with another nonce");
    }
    // A batch with the case's honest file names exactly the bad file (for
    // files that decode: the others are refused before any batch work).
    if decodes(&file) {
        let mut rng = common::rng();
        let batch = verify_range_files(&[Ok(file), Ok(case.file.clone())], &mut rng);
        let named: Vec<usize> = batch.iter().map(|(i, _)| *i).collect();
        assert_eq!(named, if strict.is_ok() { vec![] } else { vec![0] }, "the batch names other files: {batch:?}");
    }
}

/// Whether every field of `file` decodes (strict), its proof included.
fn decodes(file: &RangeProofFile) -> bool {
    match file.profile_id() {
        Ok(Some(_)) => file.check_profile().is_ok(),
        Ok(None) => file.group_id().is_ok_and(|g| ballistic::with_group!(g, G => file.decode::<G>().is_ok())),
        Err(_) => false,
    }
}

fn number(bytes: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = bytes.len().min(8);
    b[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(b)
}

/// Case `c`'s file with one field replaced as `data` says.
fn replace_field(c: usize, data: &[u8]) -> Option<RangeProofFile> {
    let (&selector, value) = data.split_first()?;
    let mut f = cases()[c].file.clone();
    let text = String::from_utf8_lossy(value).into_owned();
    let optional = |v: &[u8]| (!v.is_empty()).then(|| number(v));
    // Hex fields: the bytes after a first byte; `[]` removes the field.
    let hex = |v: &[u8]| v.split_first().map(|(_, rest)| to_hex(rest));
    match selector % 12 {
        0 => f.profile = (!value.is_empty()).then_some(text),
        1 => f.system = text,
        2 => f.group = text,
        3 => f.label = text,
        4 => f.bits = number(value) as usize,
        5 => {
            let (&j, rest) = value.split_first()?;
            let j = usize::from(j) % f.commitments.len();
            f.commitments[j] = to_hex(rest);
        }
        6 => {
            // Swap, drop or duplicate commitments.
            for &op in value.iter().take(32) {
                let len = f.commitments.len();
                let j = usize::from(op >> 2) % len.max(1);
                match op & 3 {
                    0 if len > 1 => f.commitments.swap(j, (j + 1) % len),
                    1 if len > 0 => drop(f.commitments.remove(j)),
                    2 if len > 0 => f.commitments.push(f.commitments[j].clone()),
                    _ => f.commitments.push(cases()[(c + 1) % 6].file.commitments[0].clone()),
                }
            }
        }
        7 => f.min = optional(value),
        8 => f.max = optional(value),
        9 => f.min_value = optional(value),
        10 => f.extra = hex(value),
        _ => f.value_generator = hex(value),
    }
    Some(f)
}

fn seeds() {
    let mut seeds = Vec::new();
    for (c, case) in cases().iter().enumerate() {
        let c8 = c as u8;
        let proof = from_hex(&case.file.proof).expect("hex");
        let name = |what: &str| format!("{}-{c}-{what}", case.file.profile.as_deref().unwrap_or("own"));
        seeds.push((name("file"), [&[c8, 0][..], case.file.to_json().as_bytes()].concat()));
        seeds.push((name("file-edit"), vec![c8, 1, 0x30, 0, 1]));
        seeds.push((name("proof"), [&[c8, 2][..], &proof].concat()));
        seeds.push((name("proof-edit"), vec![c8, 3, 0x20, 0, 1]));
        for (field, value) in [(3u8, &b"label"[..]), (9, &[0][..]), (10, &[0][..]), (6, &[0, 1][..])] {
            seeds.push((name(&format!("field{field}")), [&[c8, 4, field][..], value].concat()));
        }
    }
    let seeds: Vec<(&str, Vec<u8>)> = seeds.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    common::write_seeds(&seeds);
}

fuzz_target!(|data: &[u8]| {
    let Some(([c, mode], rest)) = common::input(data, seeds) else { return };
    let c = usize::from(*c) % 6;
    let case = &cases()[c];
    let file = match mode % 5 {
        0 => RangeProofFile::from_json(rest).ok(),
        1 => RangeProofFile::from_json(&common::edit(case.file.to_json().as_bytes(), rest)).ok(),
        2 => Some(RangeProofFile { proof: to_hex(rest), ..case.file.clone() }),
        3 => {
            let proof = from_hex(&case.file.proof).expect("hex");
            Some(RangeProofFile { proof: to_hex(&common::edit(&proof, rest)), ..case.file.clone() })
        }
        _ => replace_field(c, rest),
    };
    if let Some(file) = file {
        check(c, file);
    }
});
