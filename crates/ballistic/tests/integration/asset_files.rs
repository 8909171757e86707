//! Multi-asset proof files (`ballistic::file::MultiAssetProofFile`): honest
//! files of every construction verify alone and in batches; every change to
//! the proof or the statement, every claim the verifier did not pin, and
//! every malformed field is refused with its specific error; a batch names
//! exactly the bad files; the secrets-line parser refuses what is not an
//! output.

use ballistic::file::{
    asset_generator_bytes, parse_asset_lines, parse_value_generator, verify_multi_asset_files, AssetOutput, FileError,
    GeneratorCache, GeneratorPins, MultiAssetPins, MultiAssetProofFile, MAX_ASSETS_FILE,
};
use ballistic::group::{Group, GroupId, ScalarOps};
use ballistic::hazmat::to_hex;
use ballistic::range::MultiAssetSystem;
use ballistic::{PedersenGens, ProofError, Ristretto255, Secp256k1};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

const LABEL: &str = "asset files test";

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// Outputs from secrets lines: asset "aa" blinded, "bb" unblinded, "aa" unblinded.
fn outputs<G: Group>(r: &mut ChaCha20Rng) -> Vec<AssetOutput<G>> {
    parse_asset_lines::<G, _>(b"5 aa\n200 bb -\n\n0 aa -\r\n", r).unwrap()
}

fn prove<G: Group>(system: MultiAssetSystem, bits: usize, seed: u64) -> MultiAssetProofFile {
    let mut r = rng(seed);
    let outs = outputs::<G>(&mut r);
    MultiAssetProofFile::prove::<G, _>(&GeneratorCache::new(), system, bits, &outs, LABEL, &mut r).unwrap().0
}

fn pins(group: GroupId) -> MultiAssetPins<'static> {
    MultiAssetPins { group, label: LABEL, bits: None, value_generators: GeneratorPins::TrustFile }
}

fn verify(file: &MultiAssetProofFile) -> Result<(), FileError> {
    let group = file.group_id()?;
    file.verify(&pins(group))
}

const FAILED: FileError = FileError::Proof(ProofError::VerificationFailed);

#[test]
fn honest_files_of_every_system_verify_and_round_trip() {
    for (k, system) in MultiAssetSystem::ALL.into_iter().enumerate() {
        let file = prove::<Ristretto255>(system, 32, k as u64);
        assert_eq!(file.system, system.name());
        assert_eq!(file.value_generators.len(), 3);
        assert_eq!(verify(&file), Ok(()), "{}", system.name());
        let back = MultiAssetProofFile::from_json(file.to_json().as_bytes()).unwrap();
        assert_eq!(back, file);
        assert_eq!(verify(&back), Ok(()));
    }
    let file = prove::<Secp256k1>(MultiAssetSystem::Native, 64, 9);
    assert_eq!(verify(&file), Ok(()));
}

#[test]
fn openings_match_the_file() {
    let mut r = rng(1);
    let outs = outputs::<Ristretto255>(&mut r);
    let (file, openings) = MultiAssetProofFile::prove::<Ristretto255, _>(
        &GeneratorCache::new(),
        MultiAssetSystem::Native,
        32,
        &outs,
        LABEL,
        &mut r,
    )
    .unwrap();
    assert_eq!(openings.values, vec![5, 200, 0]);
    assert_eq!(openings.asset_ids, vec!["aa", "bb", "aa"]);
    assert!(openings.asset_blindings[0].is_some());
    assert_eq!(openings.asset_blindings[1..], [None, None]);
    assert_eq!(openings.commitments, file.commitments);
    assert_eq!(openings.value_generators, file.value_generators);
    // The unblinded tags are the assets' generators.
    assert_eq!(file.value_generators[1], to_hex(&asset_generator_bytes(GroupId::Ristretto255, b"\xbb")));
    assert_eq!(file.value_generators[2], to_hex(&asset_generator_bytes(GroupId::Ristretto255, b"\xaa")));
    assert_ne!(file.value_generators[0], file.value_generators[2]);
}

#[test]
fn a_batch_of_mixed_systems_verifies() {
    let files: Vec<_> = MultiAssetSystem::ALL
        .into_iter()
        .enumerate()
        .map(|(k, s)| Ok(prove::<Ristretto255>(s, 16, k as u64)))
        .collect();
    assert_eq!(verify_multi_asset_files(&files, &pins(GroupId::Ristretto255), &mut rng(0)), vec![]);
}

#[test]
fn tampered_proof_bytes_are_refused() {
    let mut file = prove::<Ristretto255>(MultiAssetSystem::Native, 32, 2);
    // The last scalar's first byte: still canonical after flipping a low bit.
    let at = file.proof.len() - 64;
    let digit = if &file.proof[at..at + 1] == "0" { "1" } else { "0" };
    file.proof.replace_range(at..at + 1, digit);
    assert_eq!(verify(&file), Err(FAILED));
}

#[test]
fn a_wrong_commitment_is_refused() {
    for system in [MultiAssetSystem::Native, MultiAssetSystem::Recommitted(ballistic::RangeSystem::BulletproofsPlus)] {
        let mut file = prove::<Ristretto255>(system, 32, 3);
        let other = prove::<Ristretto255>(system, 32, 4);
        file.commitments[1] = other.commitments[1].clone();
        assert_eq!(verify(&file), Err(FAILED), "{}", system.name());
    }
}

#[test]
fn a_wrong_or_swapped_generator_is_refused() {
    let honest = prove::<Ristretto255>(MultiAssetSystem::Native, 32, 5);
    let mut swapped = honest.clone();
    swapped.value_generators.swap(1, 2);
    assert_eq!(verify(&swapped), Err(FAILED));
    let mut wrong = honest.clone();
    wrong.value_generators[1] = to_hex(&asset_generator_bytes(GroupId::Ristretto255, b"cc"));
    assert_eq!(verify(&wrong), Err(FAILED));

    // The blinding base B̃ and the identity are no value generators.
    let b_blinding = PedersenGens::<Ristretto255>::default().b_blinding;
    let mut on_blinding_base = honest.clone();
    on_blinding_base.value_generators[0] = to_hex(Ristretto255::compressed_bytes(&Ristretto255::compress(&b_blinding)));
    assert_eq!(
        verify(&on_blinding_base),
        Err(FileError::ValueGenerator {
            index: 0,
            reason: "the blinding base (the commitment would open to any value)"
        })
    );
    let mut identity = honest.clone();
    identity.value_generators[2] = "00".repeat(32);
    assert_eq!(verify(&identity), Err(FileError::ValueGenerator { index: 2, reason: "the identity" }));
}

#[test]
fn generators_are_the_verifiers_when_pinned() {
    let honest = prove::<Ristretto255>(MultiAssetSystem::Native, 32, 6);
    let blinded = parse_value_generator(GroupId::Ristretto255, 0, &honest.value_generators[0]).unwrap();
    let aa = asset_generator_bytes(GroupId::Ristretto255, b"\xaa");
    let bb = asset_generator_bytes(GroupId::Ristretto255, b"\xbb");
    let all = [blinded.clone(), aa.clone(), bb.clone()];
    let pinned = MultiAssetPins { value_generators: GeneratorPins::AnyOf(&all), ..pins(GroupId::Ristretto255) };
    assert_eq!(honest.verify(&pinned), Ok(()));
    // Without "bb" in the set, output 1 is refused (before its proof is decoded).
    let some = [blinded, aa];
    let pinned = MultiAssetPins { value_generators: GeneratorPins::AnyOf(&some), ..pins(GroupId::Ristretto255) };
    assert_eq!(
        honest.verify(&pinned),
        Err(FileError::UnpinnedGenerator { index: 1, generator: honest.value_generators[1].clone() })
    );
    // A prover's own generator (a known multiple of B̃ would do) is refused
    // against the pins even with a garbage proof.
    let mut chosen = honest.clone();
    chosen.value_generators[0] = to_hex(&asset_generator_bytes(GroupId::Ristretto255, b"mine"));
    chosen.proof = "zz".into();
    assert_eq!(
        chosen.verify(&pinned),
        Err(FileError::UnpinnedGenerator { index: 0, generator: chosen.value_generators[0].clone() })
    );
    // Pins are parsed strictly.
    assert_eq!(
        parse_value_generator(GroupId::Ristretto255, 3, "00".repeat(32).as_str()),
        Err(FileError::ValueGenerator { index: 3, reason: "the identity" })
    );
    assert_eq!(
        parse_value_generator(GroupId::Ristretto255, 1, &"AB".repeat(32)),
        Err(FileError::Hex { field: "value generator #1".into() })
    );
}

#[test]
fn the_verifiers_group_label_and_bits_are_pinned() {
    let file = prove::<Ristretto255>(MultiAssetSystem::Native, 32, 7);
    let other_label = MultiAssetPins { label: "other", ..pins(GroupId::Ristretto255) };
    assert_eq!(file.verify(&other_label), Err(FileError::WrongLabel { file: LABEL.into(), expected: "other".into() }));
    assert_eq!(
        file.verify(&pins(GroupId::Secp256k1)),
        Err(FileError::WrongGroup { file: "ristretto255".into(), expected: "secp256k1" })
    );
    let bits = MultiAssetPins { bits: Some(64), ..pins(GroupId::Ristretto255) };
    assert_eq!(file.verify(&bits), Err(FileError::BitsMismatch { expected: 64, got: 32 }));
    let bits = MultiAssetPins { bits: Some(32), ..pins(GroupId::Ristretto255) };
    assert_eq!(file.verify(&bits), Ok(()));
    // A file relabelled after proving: the transcript differs.
    let mut relabelled = file.clone();
    relabelled.label = "other".into();
    assert_eq!(relabelled.verify(&other_label), Err(FAILED));
    // A file claiming other bits than it was made for.
    let mut rebits = file.clone();
    rebits.bits = 16;
    assert!(matches!(verify(&rebits), Err(FileError::Decode(ProofError::WrongLength { .. }))));
    rebits.bits = 65;
    assert_eq!(verify(&rebits), Err(FileError::Bits(65)));
}

#[test]
fn malformed_fields_are_refused() {
    let honest = prove::<Ristretto255>(MultiAssetSystem::Native, 32, 8);
    let mut f = honest.clone();
    f.proof.truncate(f.proof.len() - 2);
    let expected = MultiAssetSystem::Native.encoded_len::<Ristretto255>(32, 3).unwrap();
    assert_eq!(verify(&f), Err(FileError::Decode(ProofError::WrongLength { expected, got: expected - 1 })));
    // The last scalar (the inner-product argument's b) above the group order.
    let mut f = honest.clone();
    let at = f.proof.len() - 64;
    f.proof.replace_range(at.., &"ff".repeat(32));
    let len = MultiAssetSystem::Native.encoded_len::<Ristretto255>(32, 3).unwrap();
    assert_eq!(verify(&f), Err(FileError::Decode(ProofError::NonCanonicalScalar { offset: len - 32 })));
    let mut f = honest.clone();
    f.proof.pop();
    assert_eq!(verify(&f), Err(FileError::Hex { field: "proof".into() }));
    let mut f = honest.clone();
    f.proof = f.proof.to_uppercase();
    assert_eq!(verify(&f), Err(FileError::Hex { field: "proof".into() }));
    let mut f = honest.clone();
    f.commitments[2] = "ff".repeat(32);
    assert_eq!(verify(&f), Err(FileError::Commitment { index: 2, group: "ristretto255" }));
    let mut f = honest.clone();
    f.commitments[0].truncate(62);
    assert_eq!(verify(&f), Err(FileError::Commitment { index: 0, group: "ristretto255" }));
    let mut f = honest.clone();
    f.value_generators[1] = "ff".repeat(32);
    assert_eq!(verify(&f), Err(FileError::ValueGenerator { index: 1, reason: "not a valid point of the group" }));
    let mut f = honest.clone();
    f.value_generators[1] = f.value_generators[1].to_uppercase();
    assert_eq!(verify(&f), Err(FileError::Hex { field: "value generator #1".into() }));
    let mut f = honest.clone();
    f.value_generators.pop();
    assert_eq!(verify(&f), Err(FileError::Field { field: "value_generators", reason: "not one per commitment" }));
    let mut f = honest.clone();
    f.system = "bulletproofs".into();
    assert!(matches!(verify(&f), Err(FileError::UnknownSystem { got, .. }) if got == "bulletproofs"));
    let mut f = honest.clone();
    f.commitments.clear();
    f.value_generators.clear();
    assert_eq!(verify(&f), Err(FileError::Commitments(0)));
    let mut f = honest.clone();
    f.label = "x".repeat(1025);
    assert_eq!(f.decode::<Ristretto255>().err(), Some(FileError::LabelTooLong { len: 1025 }));
}

#[test]
fn oversized_files_and_unknown_fields_are_refused() {
    let honest = prove::<Ristretto255>(MultiAssetSystem::Native, 8, 10);
    let big = vec![b' '; MAX_ASSETS_FILE + 1];
    assert_eq!(
        MultiAssetProofFile::from_json(&big),
        Err(FileError::TooLarge { len: MAX_ASSETS_FILE + 1, max: MAX_ASSETS_FILE })
    );
    let json = honest.to_json().replacen("{", "{\n  \"extra\": \"00\",", 1);
    match MultiAssetProofFile::from_json(json.as_bytes()) {
        Err(FileError::Json { what: "malformed JSON", reason }) => assert!(reason.contains("unknown field `extra`")),
        other => panic!("{other:?}"),
    }
    let json = honest.to_json().replace("\"value_generators\"", "\"generators\"");
    match MultiAssetProofFile::from_json(json.as_bytes()) {
        Err(FileError::Json { reason, .. }) => assert!(reason.contains("unknown field `generators`")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_batch_names_exactly_the_bad_files() {
    let group = GroupId::Ristretto255;
    let mut files: Vec<Result<MultiAssetProofFile, FileError>> =
        (0..5).map(|k| Ok(prove::<Ristretto255>(MultiAssetSystem::ALL[k % 4], 16, 20 + k as u64))).collect();
    if let Some(Ok(f)) = files.get_mut(1) {
        f.commitments.swap(0, 1);
    }
    if let Some(Ok(f)) = files.get_mut(3) {
        f.label = "elsewhere".into();
    }
    files.push(Err(FileError::Io("unreadable".into())));
    let bad = verify_multi_asset_files(&files, &pins(group), &mut rng(1));
    assert_eq!(
        bad,
        vec![
            (1, FAILED),
            (3, FileError::WrongLabel { file: "elsewhere".into(), expected: LABEL.into() }),
            (5, FileError::Io("unreadable".into())),
        ]
    );
}

#[test]
fn secrets_lines_are_strict() {
    let r = &mut rng(2);
    let b = to_hex(&<Ristretto255 as Group>::Scalar::from_u64(7).to_bytes());
    let outs = parse_asset_lines::<Ristretto255, _>(format!("1 aa {b} {b}\n2\tbb\t-\t{b}\n").as_bytes(), r).unwrap();
    assert_eq!(outs.len(), 2);
    assert_eq!((outs[0].value, outs[0].asset_id.as_slice()), (1, &[0xaa][..]));
    assert_eq!(outs[0].asset_blinding, Some(<Ristretto255 as Group>::Scalar::from_u64(7)));
    assert_eq!(outs[1].asset_blinding, None);
    assert_eq!(outs[1].blinding, <Ristretto255 as Group>::Scalar::from_u64(7));
    let err = |text: &str| parse_asset_lines::<Ristretto255, _>(text.as_bytes(), &mut rng(3)).err();
    let secret = |line, field, reason| Some(FileError::AssetSecret { line, field, reason });
    assert_eq!(err("\n-1 aa"), secret(2, "value", "not a value (a decimal number below 2^64)"));
    assert_eq!(err("18446744073709551616 aa"), secret(1, "value", "not a value (a decimal number below 2^64)"));
    assert_eq!(err("1"), secret(1, "asset id", "missing (each line is VALUE ASSET_ID [ASSET_BLINDING [BLINDING]])"));
    assert_eq!(err("1 AA"), secret(1, "asset id", "must be 1 to 256 bytes of lowercase hex"));
    assert_eq!(err("1 a"), secret(1, "asset id", "must be 1 to 256 bytes of lowercase hex"));
    assert_eq!(
        err(&format!("1 {}", "00".repeat(257))),
        secret(1, "asset id", "must be 1 to 256 bytes of lowercase hex")
    );
    let zero = "00".repeat(32);
    assert_eq!(err(&format!("1 aa {zero}")), secret(1, "asset blinding", "zero (give a random one, or none)"));
    assert_eq!(err(&format!("1 aa - {zero}")), secret(1, "blinding", "zero (give a random one, or none)"));
    assert_eq!(err("1 aa - -"), secret(1, "blinding", "must be 32 bytes (64 hex digits)"));
    assert_eq!(
        err(&format!("1 aa - {}", "ff".repeat(32))),
        secret(1, "blinding", "not a canonical scalar (must be below the group order)")
    );
    assert_eq!(
        err(&format!("1 aa - {b} x")),
        secret(1, "line", "more than four fields (VALUE ASSET_ID [ASSET_BLINDING [BLINDING]])")
    );
    // More outputs than a proof holds: refused by the prover, not a panic.
    let many = "1 aa\n".repeat(65);
    let outs = parse_asset_lines::<Ristretto255, _>(many.as_bytes(), r).unwrap();
    let made = MultiAssetProofFile::prove::<Ristretto255, _>(
        &GeneratorCache::new(),
        MultiAssetSystem::Native,
        8,
        &outs,
        LABEL,
        r,
    );
    assert_eq!(made.err(), Some(FileError::Commitments(65)));
}

#[test]
fn out_of_range_values_are_refused_by_the_prover() {
    let r = &mut rng(4);
    let outs = parse_asset_lines::<Ristretto255, _>(b"256 aa", r).unwrap();
    let made = MultiAssetProofFile::prove::<Ristretto255, _>(
        &GeneratorCache::new(),
        MultiAssetSystem::Native,
        8,
        &outs,
        LABEL,
        r,
    );
    assert!(matches!(made, Err(FileError::Proof(ProofError::ValueOutOfRange { .. }))), "{made:?}");
}

#[test]
fn per_output_pins_fix_each_outputs_generator() {
    // A set of accepted generators lets two outputs share one asset; pinned
    // per output, output j must be on exactly the j-th generator.
    let honest = prove::<Ristretto255>(MultiAssetSystem::Native, 32, 6);
    let g: Vec<Vec<u8>> = honest
        .value_generators
        .iter()
        .enumerate()
        .map(|(i, h)| parse_value_generator(GroupId::Ristretto255, i, h).unwrap())
        .collect();
    let per = |list: &[Vec<u8>]| {
        honest
            .verify(&MultiAssetPins { value_generators: GeneratorPins::PerOutput(list), ..pins(GroupId::Ristretto255) })
    };
    assert_eq!(per(&g), Ok(()));
    let swapped = [g[1].clone(), g[0].clone(), g[2].clone()];
    assert_eq!(
        per(&swapped),
        Err(FileError::UnpinnedGenerator { index: 0, generator: honest.value_generators[0].clone() })
    );
    assert_eq!(
        per(&g[..2]),
        Err(FileError::Field {
            field: "value_generators",
            reason: "not as many outputs as the verifier pinned generators"
        })
    );
}
