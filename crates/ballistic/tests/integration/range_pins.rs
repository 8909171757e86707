//! The statement of a range proof file is the verifier's: every pin
//! (`RangePins`: profile, group, system, label, bits, interval) refuses a
//! file claiming otherwise with its specific error, before anything of the
//! file is decoded; a batch names exactly the mismatching files and
//! verifies the others; honest files with correct pins verify.

use ballistic::compat::grin::{self, GrinNonces, GrinOpening, GrinProveOptions};
use ballistic::compat::monero::MoneroConsensus;
use ballistic::file::{
    verify_range_files_pinned, FileError, GeneratorCache, Profile, ProveOptions, ProvedRange, RangePins, RangeProofFile,
};
use ballistic::group::{Group, GroupId, ScalarOps};
use ballistic::{Interval, RangeSystem, Ristretto255, Scalar, Secp256k1};

const LABEL: &str = "node amounts";

fn own_file(system: RangeSystem, bits: usize, label: &str) -> RangeProofFile {
    let cache = GeneratorCache::<Ristretto255>::new();
    let options = ProveOptions { system, range: ProvedRange::Bits(bits), label, extra: &[] };
    RangeProofFile::prove_with::<Ristretto255, _>(&cache, &options, &[5, 9], &[], &mut rand_core::OsRng).unwrap().0
}

fn interval_file(lo: u64, hi: u64) -> RangeProofFile {
    let cache = GeneratorCache::<Ristretto255>::new();
    let options = ProveOptions {
        system: RangeSystem::BulletproofsPlus,
        range: ProvedRange::Interval(Interval::new(lo, hi).unwrap()),
        label: LABEL,
        extra: &[],
    };
    RangeProofFile::prove_with::<Ristretto255, _>(&cache, &options, &[lo + 1], &[], &mut rand_core::OsRng).unwrap().0
}

fn secp_file(bits: usize) -> RangeProofFile {
    let cache = GeneratorCache::<Secp256k1>::new();
    let options =
        ProveOptions { system: RangeSystem::Bulletproofs, range: ProvedRange::Bits(bits), label: LABEL, extra: &[] };
    RangeProofFile::prove_with::<Secp256k1, _>(&cache, &options, &[3], &[], &mut rand_core::OsRng).unwrap().0
}

fn grin_file(min_value: Option<u64>) -> RangeProofFile {
    let mut bytes = [0u8; 32];
    bytes[31] = 3;
    let openings = [GrinOpening { value: 1_000_042, blinding: grin::scalar_from_bytes(&bytes).unwrap() }];
    let min_values = min_value.map(|m| vec![m]);
    let options = GrinProveOptions { n_bits: 64, min_values: min_values.as_deref(), ..GrinProveOptions::default() };
    RangeProofFile::prove_grin(&openings, &GrinNonces { rewind: [1; 32], private: [2; 32] }, &options).unwrap().0
}

fn monero_file() -> RangeProofFile {
    RangeProofFile::prove_monero(RangeSystem::BulletproofsPlus, &[17, 4000], &[], &mut rand_core::OsRng).unwrap().0
}

/// The same claims with nothing decodable: a pin's refusal must come first.
fn undecodable(f: &RangeProofFile) -> RangeProofFile {
    RangeProofFile { proof: "not hex".into(), commitments: vec!["zz".into(); f.commitments.len()], ..f.clone() }
}

fn verify(f: &RangeProofFile, pins: &RangePins<'_>) -> Result<(), FileError> {
    f.verify_pinned(pins, MoneroConsensus::Strict)
}

fn all_pins(f: &RangeProofFile) -> RangePins<'_> {
    RangePins {
        profile: Some(f.profile_id().unwrap()),
        group: Some(f.group_id().unwrap()),
        system: Some(f.system_id().unwrap()),
        label: Some(&f.label),
        bits: Some(f.bits),
        interval: f.interval().unwrap(),
        ..RangePins::default()
    }
}

#[test]
fn honest_files_verify_under_their_own_statement_pinned() {
    let files = [
        own_file(RangeSystem::Bulletproofs, 32, LABEL),
        own_file(RangeSystem::BulletproofsPlusPlus, 16, LABEL),
        interval_file(10, 99),
        secp_file(64),
        grin_file(None),
        monero_file(),
    ];
    for f in &files {
        verify(f, &all_pins(f)).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        verify(f, &RangePins::default()).unwrap();
    }
    // A Grin file with a minimum proves values in [min, min + 2^bits): its
    // format, group, system and label pinned, it verifies; its bits pinned,
    // it is refused (the range is not [0, 2^bits)).
    let g = grin_file(Some(1_000));
    let pins = RangePins { bits: None, ..all_pins(&g) };
    verify(&g, &pins).unwrap();
    assert!(matches!(verify(&g, &all_pins(&g)), Err(FileError::RangeMismatch { .. })));
    let parsed: Vec<_> = files.iter().cloned().map(Ok).collect();
    assert!(verify_range_files_pinned(&parsed, &RangePins::default(), MoneroConsensus::Strict, &mut rand_core::OsRng)
        .is_empty());
}

#[test]
fn each_pin_refuses_a_mismatching_file_before_decoding() {
    let f = own_file(RangeSystem::Bulletproofs, 32, LABEL);
    let base = all_pins(&f);
    let cases: Vec<(RangePins<'_>, FileError)> = vec![
        (
            RangePins { group: Some(GroupId::Secp256k1), ..base },
            FileError::WrongGroup { file: "ristretto255".into(), expected: "secp256k1" },
        ),
        (
            RangePins { label: Some("another application"), ..base },
            FileError::WrongLabel { file: LABEL.into(), expected: "another application".into() },
        ),
        (RangePins { bits: Some(64), ..base }, FileError::BitsMismatch { expected: 64, got: 32 }),
        (
            RangePins { system: Some(RangeSystem::BulletproofsPlus), ..base },
            FileError::WrongSystem { file: "bulletproofs".into(), expected: "bulletproofs-plus" },
        ),
        (
            RangePins { profile: Some(Some(Profile::Grin)), ..base },
            FileError::WrongProfile { file: None, expected: Some("grin") },
        ),
        (
            RangePins { interval: Some(Interval::new(0, u32::MAX.into()).unwrap()), ..base },
            FileError::RangeMismatch { expected: "[0, 4294967295]".into(), file: "[0, 2^32)".into() },
        ),
    ];
    for (pins, expected) in &cases {
        assert_eq!(verify(&f, pins).as_ref(), Err(expected), "{pins:?}");
        // Nothing decodable: the pin's refusal still comes first.
        assert_eq!(verify(&undecodable(&f), pins).as_ref(), Err(expected), "{pins:?}");
    }
    // Undecodable but matching every pin: the decoding error, not a pin's.
    assert!(matches!(verify(&undecodable(&f), &base), Err(FileError::Hex { .. })));
    // The messages name what was expected and what was found.
    let messages: Vec<String> = cases.iter().map(|(_, e)| e.to_string()).collect();
    for (message, (found, expected)) in messages.iter().zip([
        ("ristretto255", "secp256k1"),
        (LABEL, "another application"),
        ("32", "64"),
        ("\"bulletproofs\"", "\"bulletproofs-plus\""),
        ("own format", "\"grin\""),
        ("[0, 2^32)", "[0, 4294967295]"),
    ]) {
        assert!(message.contains(found) && message.contains(expected), "{message}");
    }
}

#[test]
fn ranges_are_pinned_exactly() {
    let interval = interval_file(10, 99);
    let range = own_file(RangeSystem::BulletproofsPlus, 7, LABEL);
    let pinned = |lo, hi| RangePins { interval: Some(Interval::new(lo, hi).unwrap()), ..RangePins::default() };
    verify(&interval, &pinned(10, 99)).unwrap();
    // With the interval pinned, the bits are the interval proof's.
    verify(&interval, &RangePins { bits: Some(7), ..pinned(10, 99) }).unwrap();
    assert_eq!(
        verify(&interval, &RangePins { bits: Some(8), ..pinned(10, 99) }),
        Err(FileError::BitsMismatch { expected: 8, got: 7 })
    );
    for (lo, hi) in [(10, 98), (11, 99), (0, 127)] {
        assert_eq!(
            verify(&undecodable(&interval), &pinned(lo, hi)),
            Err(FileError::RangeMismatch { expected: format!("[{lo}, {hi}]"), file: "[10, 99]".into() })
        );
    }
    // An interval proof of 7 bits is not a proof of values in [0, 2^7).
    assert_eq!(
        verify(&undecodable(&interval), &RangePins { bits: Some(7), ..RangePins::default() }),
        Err(FileError::RangeMismatch { expected: "[0, 2^7)".into(), file: "[10, 99]".into() })
    );
    // Nor the other way round.
    assert_eq!(
        verify(&undecodable(&range), &pinned(0, 127)),
        Err(FileError::RangeMismatch { expected: "[0, 127]".into(), file: "[0, 2^7)".into() })
    );
    let grin = grin_file(Some(1_000));
    assert_eq!(
        verify(&undecodable(&grin), &RangePins { bits: Some(64), ..RangePins::default() }),
        Err(FileError::RangeMismatch { expected: "[0, 2^64)".into(), file: "[1000, 1000 + 2^64)".into() })
    );
}

#[test]
fn formats_are_pinned() {
    let own = own_file(RangeSystem::Bulletproofs, 64, LABEL);
    let monero = monero_file();
    let own_only = RangePins { profile: Some(None), ..RangePins::default() };
    verify(&own, &own_only).unwrap();
    assert_eq!(
        verify(&undecodable(&monero), &own_only),
        Err(FileError::WrongProfile { file: Some("monero".into()), expected: None })
    );
    let grin_only = RangePins { profile: Some(Some(Profile::Grin)), ..RangePins::default() };
    assert_eq!(
        verify(&undecodable(&monero), &grin_only),
        Err(FileError::WrongProfile { file: Some("monero".into()), expected: Some("grin") })
    );
    // A deployed format's label is empty: a verifier's label refuses it.
    assert_eq!(
        verify(&undecodable(&monero), &RangePins { label: Some(LABEL), ..RangePins::default() }),
        Err(FileError::WrongLabel { file: String::new(), expected: LABEL.into() })
    );
    // An unknown profile is named as such, not as a mismatch.
    let odd = RangeProofFile { profile: Some("zcash".into()), ..monero.clone() };
    assert_eq!(verify(&odd, &grin_only), Err(FileError::UnknownProfile("zcash".into())));
}

#[test]
fn a_batch_names_exactly_the_mismatching_files() {
    let good = own_file(RangeSystem::Bulletproofs, 32, LABEL);
    let good_plus = own_file(RangeSystem::BulletproofsPlus, 32, LABEL);
    let wide = own_file(RangeSystem::Bulletproofs, 64, LABEL);
    let foreign = own_file(RangeSystem::Bulletproofs, 32, "another application");
    let secp = secp_file(32);
    let interval = interval_file(0, 99);
    let monero = monero_file();
    let pins =
        RangePins { group: Some(GroupId::Ristretto255), label: Some(LABEL), bits: Some(32), ..RangePins::default() };
    let files: Vec<Result<RangeProofFile, FileError>> = vec![
        Ok(good.clone()),
        Ok(wide),
        Ok(good_plus),
        Ok(undecodable(&foreign)),
        Ok(secp),
        Err(FileError::Io("unreadable".into())),
        Ok(interval),
        Ok(monero),
        Ok(good),
    ];
    let bad = verify_range_files_pinned(&files, &pins, MoneroConsensus::Strict, &mut rand_core::OsRng);
    let indices: Vec<usize> = bad.iter().map(|(i, _)| *i).collect();
    assert_eq!(indices, [1, 3, 4, 5, 6, 7], "{bad:?}");
    assert!(matches!(bad[0].1, FileError::BitsMismatch { expected: 32, got: 64 }));
    assert!(matches!(&bad[1].1, FileError::WrongLabel { file, .. } if file == "another application"));
    assert!(matches!(bad[2].1, FileError::WrongGroup { expected: "ristretto255", .. }));
    assert_eq!(bad[3].1, FileError::Io("unreadable".into()));
    assert!(matches!(bad[4].1, FileError::RangeMismatch { .. }));
    assert!(matches!(bad[5].1, FileError::WrongGroup { .. }));

    // Pins do not hide a bad proof: a matching file whose proof was
    // changed is still named, for its proof.
    let mut tampered = own_file(RangeSystem::Bulletproofs, 32, LABEL);
    let mut proof = tampered.proof.into_bytes();
    proof[100] = if proof[100] == b'0' { b'1' } else { b'0' };
    tampered.proof = String::from_utf8(proof).unwrap();
    let files = vec![Ok(own_file(RangeSystem::Bulletproofs, 32, LABEL)), Ok(tampered)];
    let bad = verify_range_files_pinned(&files, &pins, MoneroConsensus::Strict, &mut rand_core::OsRng);
    assert_eq!(bad.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1]);
    assert!(matches!(bad[0].1, FileError::Proof(_) | FileError::Decode(_)), "{bad:?}");
}

fn own_file_with_extra(extra: &[u8]) -> RangeProofFile {
    let cache = GeneratorCache::<Ristretto255>::new();
    let options =
        ProveOptions { system: RangeSystem::BulletproofsPlus, range: ProvedRange::Bits(32), label: LABEL, extra };
    RangeProofFile::prove_with::<Ristretto255, _>(&cache, &options, &[5], &[], &mut rand_core::OsRng).unwrap().0
}

/// A Grin proof file for a commitment to −5 on Grin's `H` (an inflating
/// output): the prover picks the value generator `H' = −5·H + 4·G`, so the
/// commitment `−5·H + 7·G` is `1·H' + 3·G`, an honest opening of 1 on `H'`.
/// With every pin a verifier had (format, group, system, label, bits) it
/// verified; the range pinned, it must be refused.
#[test]
fn a_grin_file_on_the_provers_value_generator_does_not_pass_a_pinned_range() {
    let gens = grin::grin_generators();
    let (h, g) = (gens.value_gen(), gens.blinding_gen());
    let minus_five = Scalar::<Secp256k1>::zero() - Scalar::<Secp256k1>::from_u64(5);
    let target = Secp256k1::msm_vartime([minus_five, Scalar::<Secp256k1>::from_u64(7)], [h, g]);
    let forged_gen = Secp256k1::msm_vartime([minus_five, Scalar::<Secp256k1>::from_u64(4)], [h, g]);
    let mut three = [0u8; 32];
    three[31] = 3;
    let openings = [GrinOpening { value: 1, blinding: grin::scalar_from_bytes(&three).unwrap() }];
    let options = GrinProveOptions { n_bits: 64, value_gen: Some(forged_gen), ..GrinProveOptions::default() };
    let forged =
        RangeProofFile::prove_grin(&openings, &GrinNonces { rewind: [1; 32], private: [2; 32] }, &options).unwrap().0;
    assert_eq!(forged.commitments, [ballistic::hazmat::to_hex(&grin::commitment_to_bytes(&target).unwrap())]);
    let generator = forged.value_generator.clone().unwrap();

    let every_pin = RangePins {
        profile: Some(Some(Profile::Grin)),
        group: Some(GroupId::Secp256k1),
        system: Some(RangeSystem::Bulletproofs),
        label: Some(""),
        bits: Some(64),
        ..RangePins::default()
    };
    let refused = FileError::RangeMismatch {
        expected: "[0, 2^64)".into(),
        file: format!("[0, 2^64) on value generator {generator}"),
    };
    assert_eq!(verify(&forged, &every_pin), Err(refused.clone()));
    assert_eq!(verify(&undecodable(&forged), &every_pin), Err(refused.clone()));
    let interval = RangePins { interval: Some(Interval::new(0, u64::MAX).unwrap()), ..RangePins::default() };
    assert!(matches!(verify(&forged, &interval), Err(FileError::RangeMismatch { .. })));
    let files = vec![Ok(grin_file(None)), Ok(forged.clone()), Ok(grin_file(None))];
    let bad = verify_range_files_pinned(&files, &every_pin, MoneroConsensus::Strict, &mut rand_core::OsRng);
    assert_eq!(bad, [(1, refused)]);

    // The verifier's own value generator, pinned, is the statement: the
    // proof verifies on it, and a file on another (or on H) is refused.
    let raw = grin::generator_to_bytes(&forged_gen).unwrap();
    let on_it = RangePins { value_generator: Some(&raw), ..every_pin };
    verify(&forged, &on_it).unwrap();
    assert_eq!(
        verify(&undecodable(&grin_file(None)), &on_it),
        Err(FileError::WrongValueGenerator { file: None, expected: generator.clone() })
    );
    let other = grin::generator_to_bytes(&h).unwrap();
    let on_other = RangePins { value_generator: Some(&other), ..every_pin };
    assert!(matches!(
        verify(&undecodable(&forged), &on_other),
        Err(FileError::WrongValueGenerator { file: Some(f), .. }) if f == generator
    ));
    // Nothing pinned: the file's own statement, as documented.
    verify(&forged, &RangePins::default()).unwrap();
    // Honest Grin files (on H) pass the pinned range as before.
    verify(&grin_file(None), &every_pin).unwrap();
}

/// The extra data is the verifier's too: a proof bound to another
/// context's bytes (another transaction's hash) is refused when pinned.
#[test]
fn extra_data_is_pinned() {
    let mine = own_file_with_extra(b"tx 1");
    let theirs = own_file_with_extra(b"tx 2");
    let none = own_file_with_extra(b"");
    let pin = |extra: Option<&'static [u8]>| RangePins { extra: Some(extra), ..RangePins::default() };
    verify(&mine, &pin(Some(b"tx 1"))).unwrap();
    verify(&none, &pin(None)).unwrap();
    let hex = |b: &[u8]| ballistic::hazmat::to_hex(b);
    assert_eq!(
        verify(&undecodable(&theirs), &pin(Some(b"tx 1"))),
        Err(FileError::WrongExtra { file: Some(hex(b"tx 2")), expected: Some(hex(b"tx 1")) })
    );
    assert_eq!(
        verify(&undecodable(&none), &pin(Some(b"tx 1"))),
        Err(FileError::WrongExtra { file: None, expected: Some(hex(b"tx 1")) })
    );
    assert_eq!(
        verify(&undecodable(&mine), &pin(None)),
        Err(FileError::WrongExtra { file: Some(hex(b"tx 1")), expected: None })
    );
    let message = FileError::WrongExtra { file: Some(hex(b"tx 2")), expected: Some(hex(b"tx 1")) }.to_string();
    assert!(message.contains(&hex(b"tx 2")) && message.contains(&hex(b"tx 1")), "{message}");
    // Uppercase (non-canonical) hex in the file is named, not compared.
    let upper = RangeProofFile { extra: Some(hex(b"tx 1\xab").to_uppercase()), ..mine.clone() };
    assert_eq!(verify(&upper, &pin(Some(b"tx 1"))), Err(FileError::Hex { field: "extra".into() }));
    // A long extra is quoted shortened.
    let long = RangeProofFile { extra: Some("ab".repeat(1000)), ..mine.clone() };
    let Err(e) = verify(&long, &pin(None)) else { panic!("long extra accepted") };
    assert!(e.to_string().len() < 300, "{e}");

    // Grin's extra_commit: absent and empty differ.
    let mut bytes = [0u8; 32];
    bytes[31] = 3;
    let openings = [GrinOpening { value: 7, blinding: grin::scalar_from_bytes(&bytes).unwrap() }];
    let options = GrinProveOptions { n_bits: 64, extra_commit: Some(&[]), ..GrinProveOptions::default() };
    let grin_empty =
        RangeProofFile::prove_grin(&openings, &GrinNonces { rewind: [1; 32], private: [2; 32] }, &options).unwrap().0;
    verify(&grin_empty, &pin(Some(&[]))).unwrap();
    assert!(matches!(verify(&grin_empty, &pin(None)), Err(FileError::WrongExtra { .. })));
    assert!(matches!(verify(&grin_file(None), &pin(Some(&[]))), Err(FileError::WrongExtra { .. })));

    // A batch names exactly the file bound to other bytes.
    let files = vec![Ok(mine.clone()), Ok(theirs), Ok(mine)];
    let bad = verify_range_files_pinned(&files, &pin(Some(b"tx 1")), MoneroConsensus::Strict, &mut rand_core::OsRng);
    assert_eq!(bad.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1], "{bad:?}");
}

fn commitments_pinned(commitments: &[String]) -> RangePins<'_> {
    RangePins { commitments: Some(commitments), ..RangePins::default() }
}

/// The commitments are the verifier's too: a valid proof about other
/// commitments (another output's) is refused when they are pinned.
#[test]
fn commitments_are_pinned() {
    let mine = own_file(RangeSystem::Bulletproofs, 32, LABEL);
    let other = own_file(RangeSystem::Bulletproofs, 32, LABEL);
    let pins = commitments_pinned(&mine.commitments);
    verify(&mine, &pins).unwrap();
    assert_eq!(
        verify(&undecodable(&other), &pins),
        Err(FileError::WrongCommitment {
            index: 0,
            file: Some("zz".into()),
            expected: Some(mine.commitments[0].clone())
        })
    );
    assert_eq!(
        verify(&other, &pins),
        Err(FileError::WrongCommitment {
            index: 0,
            file: Some(other.commitments[0].clone()),
            expected: Some(mine.commitments[0].clone())
        })
    );
    // One fewer, one more, another order.
    assert_eq!(
        verify(&mine, &commitments_pinned(&mine.commitments[..1])),
        Err(FileError::WrongCommitment { index: 1, file: Some(mine.commitments[1].clone()), expected: None })
    );
    let three = [mine.commitments.clone(), vec![mine.commitments[0].clone()]].concat();
    assert_eq!(
        verify(&mine, &commitments_pinned(&three)),
        Err(FileError::WrongCommitment { index: 2, file: None, expected: Some(mine.commitments[0].clone()) })
    );
    let swapped = vec![mine.commitments[1].clone(), mine.commitments[0].clone()];
    let refused = verify(&mine, &commitments_pinned(&swapped));
    assert!(matches!(refused, Err(FileError::WrongCommitment { index: 0, .. })), "{refused:?}");
    let message = refused.unwrap_err().to_string();
    assert!(message.contains(&mine.commitments[1]) && message.contains(&mine.commitments[0]), "{message}");
    // A batch names exactly the file about other commitments.
    let files = vec![Ok(mine.clone()), Ok(other), Ok(mine.clone())];
    let bad = verify_range_files_pinned(&files, &pins, MoneroConsensus::Strict, &mut rand_core::OsRng);
    assert_eq!(bad.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [1], "{bad:?}");
}
