//! Proof files: FR (range proof files of ballistic's own), FP (deployed
//! formats' files, `"profile"`), FA (multi-asset files), FC (circuit
//! files), FM (Merkle tree and membership files).

use super::*;
use ballistic::circuit::{Circuit, PreparedCircuit};
use ballistic::compat::grin::{GrinNonces, GrinOpening, GrinProveOptions};
use ballistic::compat::monero::MoneroConsensus;
use ballistic::file::{
    asset_generator_bytes, check_circuit_batch, verify_circuit_files, verify_membership_files, AssetOutput,
    CircuitProofFile, FileError, GeneratorCache, GeneratorPins, GeneratorStore, MembershipProofFile, MerkleTreeFile,
    MultiAssetPins, MultiAssetProofFile, Profile, RangePins, RangeProofFile, WireValue, MAX_CIRCUIT_BATCH_GATES,
    MAX_LABEL, MAX_RANGE_FILE,
};
use ballistic::group::GroupId;
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::range::MultiAssetSystem;
use ballistic::{Ed25519, Interval, Ristretto255, Secp256k1};

type R = Ristretto255;

fn range_file<G: Group>(system: RangeSystem, bits: usize, values: &[u64]) -> RangeProofFile {
    let (file, _) =
        RangeProofFile::prove::<G, _>(&GeneratorCache::new(), system, bits, values, &[], "files", &mut rng(300))
            .unwrap();
    assert_eq!(file.verify(), Ok(()));
    file
}

fn own() -> RangeProofFile {
    range_file::<R>(RangeSystem::Bulletproofs, 8, &[5, 6])
}

fn interval_file() -> RangeProofFile {
    use ballistic::file::{ProveOptions, ProvedRange};
    let interval = Interval::new(10, 20).unwrap();
    let options = ProveOptions {
        system: RangeSystem::BulletproofsPlus,
        range: ProvedRange::Interval(interval),
        label: "files",
        extra: &[],
    };
    let (file, _) =
        RangeProofFile::prove_with::<R, _>(&GeneratorCache::new(), &options, &[15], &[], &mut rng(301)).unwrap();
    assert_eq!(file.verify(), Ok(()));
    file
}

/// The file with a byte of its first scalar (after four points) flipped.
fn flipped(f: &RangeProofFile) -> RangeProofFile {
    let mut bytes = from_hex(&f.proof).unwrap();
    bytes[4 * 32 + 2] ^= 1;
    RangeProofFile { proof: to_hex(&bytes), ..f.clone() }
}

fn field(field: &'static str, reason: &'static str) -> FileError {
    FileError::Field { field, reason }
}

#[test]
fn fr_1_size_limit() {
    let text = vec![b' '; MAX_RANGE_FILE + 1];
    assert_eq!(
        RangeProofFile::from_json(&text).err(),
        Some(FileError::TooLarge { len: MAX_RANGE_FILE + 1, max: MAX_RANGE_FILE })
    );
}

#[test]
fn fr_2_json_shape() {
    let json = own().to_json();
    RangeProofFile::from_json(json.as_bytes()).unwrap();
    let unknown = json.replacen('{', "{\"note\": 1, ", 1);
    for bad in [&b"[]"[..], b"{", b"{\"system\": 1}", unknown.as_bytes()] {
        assert!(matches!(RangeProofFile::from_json(bad), Err(FileError::Json { what: "malformed JSON", .. })));
    }
}

#[test]
fn fr_3_names() {
    let f = own();
    let system = RangeProofFile { system: "bulletproofs++".into(), ..f.clone() };
    assert!(matches!(system.verify(), Err(FileError::UnknownSystem { got, .. }) if got == "bulletproofs++"));
    let group = RangeProofFile { group: "ed448".into(), ..f.clone() };
    assert_eq!(group.verify(), Err(FileError::UnknownGroup("ed448".into())));
    let profile = RangeProofFile { profile: Some("zcash".into()), ..f.clone() };
    assert_eq!(profile.verify(), Err(FileError::UnknownProfile("zcash".into())));
    // Decoding on another group than the file's.
    assert_eq!(f.decode::<Secp256k1>().err(), Some(FileError::UnknownGroup("ristretto255".into())));
}

#[test]
fn fr_4_label_length() {
    let f = own();
    let long = RangeProofFile { label: "x".repeat(MAX_LABEL + 1), ..f.clone() };
    assert_eq!(long.verify(), Err(FileError::LabelTooLong { len: MAX_LABEL + 1 }));
    let max = RangeProofFile { label: "x".repeat(MAX_LABEL), ..f };
    assert_eq!(max.verify(), Err(FileError::Proof(ProofError::VerificationFailed)));
}

#[test]
fn fr_5_bits() {
    let f = own();
    for bits in [0usize, 65] {
        assert_eq!(RangeProofFile { bits, ..f.clone() }.verify(), Err(FileError::Bits(bits)));
    }
}

#[test]
fn fr_6_number_of_commitments() {
    let f = own();
    for n in [0usize, 65] {
        let c = vec![f.commitments[0].clone(); n];
        assert_eq!(RangeProofFile { commitments: c, ..f.clone() }.verify(), Err(FileError::Commitments(n)));
    }
}

#[test]
fn fr_7_lowercase_hex() {
    let f = own();
    let upper = RangeProofFile { proof: f.proof.to_uppercase(), ..f.clone() };
    assert_eq!(upper.verify(), Err(FileError::Hex { field: "proof".into() }));
    let mut c = f.commitments.clone();
    c[1] = c[1].to_uppercase();
    assert_eq!(
        RangeProofFile { commitments: c, ..f.clone() }.verify(),
        Err(FileError::Hex { field: "commitment #1".into() })
    );
    let odd = RangeProofFile { proof: format!("{}0", f.proof), ..f.clone() };
    assert_eq!(odd.verify(), Err(FileError::Hex { field: "proof".into() }));
    let extra = RangeProofFile { extra: Some("0G".into()), ..f };
    assert_eq!(extra.verify(), Err(FileError::Hex { field: "extra".into() }));
}

fn fr_8_commitment_not_a_point<G: Group>() {
    let f = range_file::<G>(RangeSystem::BulletproofsPlus, 4, &[5, 6]);
    let mut c = f.commitments.clone();
    c[1] = to_hex(&invalid_point::<G>());
    assert_eq!(
        RangeProofFile { commitments: c, ..f.clone() }.verify(),
        Err(FileError::Commitment { index: 1, group: G::NAME })
    );
    let mut short = f.commitments.clone();
    short[0] = to_hex(&identity_bytes::<G>()[1..]);
    assert_eq!(
        RangeProofFile { commitments: short, ..f }.verify(),
        Err(FileError::Commitment { index: 0, group: G::NAME })
    );
}

crate::for_each_group!(fr_8_commitment_not_a_point);

#[test]
fn fr_9_extra_data() {
    let f = own();
    let empty = RangeProofFile { extra: Some(String::new()), ..f.clone() };
    assert_eq!(empty.verify(), Err(field("extra", "empty: leave the field out (no extra data)")));
    let long = RangeProofFile { extra: Some("ab".repeat(1025)), ..f.clone() };
    assert_eq!(long.verify(), Err(field("extra", "too long (at most 1024 bytes)")));
    let other = RangeProofFile { extra: Some("ab".into()), ..f };
    assert_eq!(other.verify(), Err(FileError::Proof(ProofError::VerificationFailed)));
}

#[test]
fn fr_10_interval_fields() {
    let f = interval_file();
    let both = "an interval proof file has both min and max";
    assert_eq!(RangeProofFile { max: None, ..f.clone() }.verify(), Err(field("min", both)));
    assert_eq!(RangeProofFile { min: None, ..f.clone() }.verify(), Err(field("max", both)));
    assert_eq!(
        RangeProofFile { min: Some(21), ..f.clone() }.verify(),
        Err(field("min", "above max (an interval is min ≤ max)"))
    );
    assert_eq!(
        RangeProofFile { bits: 5, ..f.clone() }.verify(),
        Err(field("bits", "not the interval's (an interval proof's bits are those of max − min)"))
    );
    let two = vec![f.commitments[0].clone(); 2];
    assert_eq!(
        RangeProofFile { commitments: two, ..f.clone() }.verify(),
        Err(field("commitments", "an interval proof file has one"))
    );
    // Another interval of the same width: the proof is bound to its ends.
    let shifted = RangeProofFile { min: Some(11), max: Some(21), ..f };
    assert_eq!(shifted.verify(), Err(FileError::Proof(ProofError::VerificationFailed)));
}

/// Regression (see INT-ST-3): a secp256k1 interval proof file whose
/// commitment is the identity (33 zero bytes) with `min` 0 — any proof
/// bytes that decode — made `RangeProofFile::verify` panic instead of
/// returning `Proof(VerificationFailed)`.
#[test]
fn fr_10_interval_file_with_identity_commitment_secp256k1() {
    use ballistic::file::{ProveOptions, ProvedRange};
    let interval = Interval::new(0, 1000).unwrap();
    let options = ProveOptions {
        system: RangeSystem::Bulletproofs,
        range: ProvedRange::Interval(interval),
        label: "files",
        extra: &[],
    };
    let (file, _) =
        RangeProofFile::prove_with::<Secp256k1, _>(&GeneratorCache::new(), &options, &[15], &[], &mut rng(302))
            .unwrap();
    let hostile = RangeProofFile { commitments: vec!["00".repeat(33)], ..file };
    assert_eq!(hostile.verify(), Err(FileError::Proof(ProofError::VerificationFailed)));
}

#[test]
fn fr_11_deployed_fields_in_own_files() {
    let f = own();
    assert!(matches!(
        RangeProofFile { min_value: Some(3), ..f.clone() }.verify(),
        Err(FileError::Field { field: "min_value", .. })
    ));
    assert!(matches!(
        RangeProofFile { value_generator: Some("0a".into()), ..f }.verify(),
        Err(FileError::Field { field: "value_generator", .. })
    ));
}

#[test]
fn fr_12_proof_bytes() {
    let f = own();
    let short = RangeProofFile { proof: f.proof[..f.proof.len() - 2].to_string(), ..f.clone() };
    let got = f.proof.len() / 2 - 1;
    assert_eq!(short.verify(), Err(FileError::Decode(ProofError::WrongLength { expected: got + 1, got })));
    let mut bytes = from_hex(&f.proof).unwrap();
    bytes[..32].fill(0xff);
    let bad_point = RangeProofFile { proof: to_hex(&bytes), ..f };
    assert_eq!(bad_point.verify(), Err(FileError::Decode(ProofError::InvalidPoint { offset: 0 })));
}

#[test]
fn fr_13_equation() {
    assert_eq!(flipped(&own()).verify(), Err(FileError::Proof(ProofError::VerificationFailed)));
}

#[test]
fn fr_14_pins_before_decoding() {
    let f = own();
    // An undecodable proof: a pin refusal must come first.
    let broken = RangeProofFile { proof: "00".into(), ..f.clone() };
    let commitments = vec![f.commitments[1].clone(), f.commitments[0].clone()];
    let cases: Vec<(RangePins<'_>, FileError)> = vec![
        (
            RangePins { profile: Some(Some(Profile::Grin)), ..RangePins::default() },
            FileError::WrongProfile { file: None, expected: Some("grin") },
        ),
        (
            RangePins { system: Some(RangeSystem::BulletproofsPlus), ..RangePins::default() },
            FileError::WrongSystem { file: "bulletproofs".into(), expected: "bulletproofs-plus" },
        ),
        (
            RangePins { label: Some("mine"), ..RangePins::default() },
            FileError::WrongLabel { file: "files".into(), expected: "mine".into() },
        ),
        (RangePins { bits: Some(16), ..RangePins::default() }, FileError::BitsMismatch { expected: 16, got: 8 }),
        (
            RangePins { interval: Some(Interval::new(0, 255).unwrap()), ..RangePins::default() },
            FileError::RangeMismatch { expected: "[0, 255]".into(), file: "[0, 2^8)".into() },
        ),
        (
            RangePins { extra: Some(Some(b"tx")), ..RangePins::default() },
            FileError::WrongExtra { file: None, expected: Some("7478".into()) },
        ),
        (
            RangePins { commitments: Some(&commitments), ..RangePins::default() },
            FileError::WrongCommitment {
                index: 0,
                file: Some(f.commitments[0].clone()),
                expected: Some(f.commitments[1].clone()),
            },
        ),
        (
            RangePins { group: Some(GroupId::Secp256k1), ..RangePins::default() },
            FileError::WrongGroup { file: "ristretto255".into(), expected: "secp256k1" },
        ),
    ];
    for (pins, want) in cases {
        assert_eq!(broken.verify_pinned(&pins, MoneroConsensus::Strict), Err(want.clone()));
        assert_eq!(f.check_pins(&pins), Err(want));
    }
    let all = RangePins {
        profile: Some(None),
        group: Some(GroupId::Ristretto255),
        system: Some(RangeSystem::Bulletproofs),
        label: Some("files"),
        bits: Some(8),
        interval: None,
        extra: Some(None),
        value_generator: None,
        commitments: Some(&f.commitments),
    };
    f.verify_pinned(&all, MoneroConsensus::Strict).unwrap();
}

// ---------------------------------------------------------------- profiles

fn grin_file(min: Option<&[u64]>, extra: Option<&[u8]>) -> RangeProofFile {
    let mut b = [0u8; 32];
    b[0] = 0x11;
    b[31] = 7;
    let blinding = ballistic::compat::grin::scalar_from_bytes(&b).unwrap();
    let options = GrinProveOptions { n_bits: 64, value_gen: None, min_values: min, extra_commit: extra, message: None };
    let (file, _) = RangeProofFile::prove_grin(
        &[GrinOpening { value: 1_000_042, blinding }],
        &GrinNonces { rewind: [1; 32], private: [2; 32] },
        &options,
    )
    .unwrap();
    assert_eq!(file.verify(), Ok(()));
    file
}

fn monero_file(system: RangeSystem, m: usize) -> RangeProofFile {
    let amounts: Vec<u64> = (0..m as u64).map(|j| 17 + j).collect();
    let (file, _) = RangeProofFile::prove_monero(system, &amounts, &[], &mut rng(310)).unwrap();
    assert_eq!(file.verify(), Ok(()));
    file
}

#[test]
fn fp_1_grin_header() {
    let f = grin_file(None, None);
    assert_eq!(
        RangeProofFile { group: "ristretto255".into(), ..f.clone() }.verify(),
        Err(FileError::WrongGroup { file: "ristretto255".into(), expected: "secp256k1" })
    );
    assert_eq!(
        RangeProofFile { label: "x".into(), ..f.clone() }.verify(),
        Err(field("label", "deployed formats have no transcript label: leave it empty"))
    );
    assert!(matches!(
        RangeProofFile { min: Some(1), ..f.clone() }.verify(),
        Err(FileError::Field { field: "min", .. })
    ));
    assert_eq!(
        RangeProofFile { system: "bulletproofs-plus".into(), ..f.clone() }.verify(),
        Err(FileError::UnknownSystem { got: "bulletproofs-plus".into(), expected: "\"bulletproofs\"" })
    );
    // A deployed-format file is not decoded as one of ballistic's own.
    assert!(matches!(f.decode::<Secp256k1>(), Err(FileError::Field { field: "profile", .. })));
}

#[test]
fn fp_2_grin_minimum_value() {
    let f = grin_file(Some(&[1_000]), None);
    assert!(matches!(
        RangeProofFile { min_value: Some(0), ..f.clone() }.verify(),
        Err(FileError::Field { field: "min_value", .. })
    ));
    assert!(matches!(
        RangeProofFile { min_value: Some(1 << 32), ..f.clone() }.verify(),
        Err(FileError::Field { field: "min_value", .. })
    ));
    let two = vec![f.commitments[0].clone(); 2];
    assert_eq!(
        RangeProofFile { commitments: two, bits: 32, ..f.clone() }.verify(),
        Err(FileError::Decode(ProofError::WrongNumCommitments { expected: 2, got: 1 }))
    );
    assert_eq!(
        RangeProofFile { min_value: Some(999), ..f }.verify(),
        Err(FileError::Proof(ProofError::VerificationFailed))
    );
}

#[test]
fn fp_3_grin_fields() {
    let f = grin_file(None, None);
    assert!(matches!(
        RangeProofFile { bits: 48, ..f.clone() }.verify(),
        Err(FileError::Decode(ProofError::UnsupportedShape { format: "Grin", got: 48, .. }))
    ));
    // Commitments in Grin's 33-byte form (0x08/0x09), not SEC1's.
    let mut sec1 = from_hex(&f.commitments[0]).unwrap();
    sec1[0] = 2;
    let grin = |index| FileError::Commitment { index, group: "Grin (33 bytes)" };
    assert_eq!(RangeProofFile { commitments: vec![to_hex(&sec1)], ..f.clone() }.verify(), Err(grin(0)));
    assert_eq!(RangeProofFile { commitments: vec![f.commitments[0][2..].into()], ..f.clone() }.verify(), Err(grin(0)));
    assert_eq!(
        RangeProofFile { value_generator: Some("0a".into()), ..f.clone() }.verify(),
        Err(field("value_generator", "must be 33 bytes (a secp256k1-zkp generator)"))
    );
    assert_eq!(
        RangeProofFile { value_generator: Some(format!("0a{}", "ff".repeat(32))), ..f.clone() }.verify(),
        Err(field("value_generator", "not a secp256k1-zkp generator encoding of a curve point"))
    );
    // A proof of another vector length.
    let bytes = from_hex(&f.proof).unwrap();
    let two = vec![f.commitments[0].clone(); 2];
    assert_eq!(
        RangeProofFile { commitments: two, bits: 16, ..f }.verify(),
        Err(FileError::Decode(ProofError::WrongLength { expected: 610, got: bytes.len() }))
    );
}

#[test]
fn fp_4_grin_extra_commit() {
    // Any length (secp256k1-zkp has no limit); absent and empty differ.
    let long = vec![7u8; 4000];
    let f = grin_file(None, Some(&long));
    assert_eq!(f.extra.as_ref().map(|e| e.len()), Some(8000));
    let empty = grin_file(None, Some(b""));
    assert_eq!(empty.extra.as_deref(), Some(""));
    assert_eq!(RangeProofFile { extra: None, ..empty }.verify(), Err(FileError::Proof(ProofError::VerificationFailed)));
}

#[test]
fn fp_5_monero_header() {
    let f = monero_file(RangeSystem::BulletproofsPlus, 2);
    assert_eq!(
        RangeProofFile { group: "ristretto255".into(), ..f.clone() }.verify(),
        Err(FileError::WrongGroup { file: "ristretto255".into(), expected: "ed25519" })
    );
    assert_eq!(
        RangeProofFile { extra: Some("00".into()), ..f.clone() }.verify(),
        Err(field("extra", "Monero proof files have no extra data"))
    );
    assert_eq!(RangeProofFile { bits: 32, ..f.clone() }.verify(), Err(FileError::MoneroBits(32)));
    for n in [0usize, 17] {
        let c = vec![f.commitments[0].clone(); n];
        assert_eq!(RangeProofFile { commitments: c, ..f.clone() }.verify(), Err(FileError::MoneroOutputs(n)));
    }
    assert!(matches!(
        RangeProofFile { system: "bulletproofs-plus-plus".into(), ..f.clone() }.verify(),
        Err(FileError::UnknownSystem { .. })
    ));
    assert!(matches!(
        RangeProofFile { min_value: Some(1), ..f.clone() }.verify(),
        Err(FileError::Field { field: "min_value", .. })
    ));
    let short = vec![f.commitments[0][2..].to_string(), f.commitments[1].clone()];
    assert_eq!(
        RangeProofFile { commitments: short, ..f }.verify(),
        Err(FileError::Commitment { index: 0, group: Ed25519::NAME })
    );
}

#[test]
fn fp_6_monero_consensus_mode() {
    for system in [RangeSystem::BulletproofsPlus, RangeSystem::Bulletproofs] {
        let f = monero_file(system, 2);
        f.verify_with(MoneroConsensus::Monero).unwrap();
        let t = torsion()[4];
        let c = Ed25519::decompress(&compressed::<Ed25519>(&from_hex(&f.commitments[1]).unwrap())).unwrap();
        let mut commitments = f.commitments.clone();
        commitments[1] = to_hex(&(c + t).compress().to_bytes());
        let torsioned = RangeProofFile { commitments, ..f };
        assert_eq!(torsioned.verify(), Err(FileError::Decode(ProofError::InvalidCommitment { index: 1 })));
        assert_eq!(
            torsioned.verify_with(MoneroConsensus::Monero),
            Err(FileError::Proof(ProofError::VerificationFailed))
        );
    }
}

// ------------------------------------------------------------- multi-asset

fn asset_file(system: MultiAssetSystem) -> MultiAssetProofFile {
    let outputs: Vec<AssetOutput<R>> = [(5u64, b"gold".to_vec()), (9, b"silver".to_vec())]
        .into_iter()
        .enumerate()
        .map(|(j, (value, asset_id))| AssetOutput {
            value,
            blinding: <R as Group>::Scalar::from_u64(j as u64 + 3),
            asset_id,
            asset_blinding: None,
        })
        .collect();
    MultiAssetProofFile::prove(&GeneratorCache::new(), system, 8, &outputs, "assets", &mut rng(320)).unwrap().0
}

fn asset_pins(generators: GeneratorPins<'_>) -> MultiAssetPins<'_> {
    MultiAssetPins { group: GroupId::Ristretto255, label: "assets", bits: Some(8), value_generators: generators }
}

fn known() -> Vec<Vec<u8>> {
    vec![asset_generator_bytes(GroupId::Ristretto255, b"gold"), asset_generator_bytes(GroupId::Ristretto255, b"silver")]
}

#[test]
fn fa_1_fields() {
    let f = asset_file(MultiAssetSystem::Native);
    let known = known();
    let pins = asset_pins(GeneratorPins::AnyOf(&known));
    f.verify(&pins).unwrap();
    let unpinned_bits = MultiAssetPins { bits: None, ..asset_pins(GeneratorPins::TrustFile) };
    assert_eq!(MultiAssetProofFile { bits: 65, ..f.clone() }.verify(&unpinned_bits), Err(FileError::Bits(65)));
    let one = vec![f.value_generators[0].clone()];
    assert_eq!(
        MultiAssetProofFile { value_generators: one, ..f.clone() }.verify(&pins),
        Err(field("value_generators", "not one per commitment"))
    );
    assert_eq!(
        MultiAssetProofFile { commitments: vec![], value_generators: vec![], ..f.clone() }.verify(&pins),
        Err(FileError::Commitments(0))
    );
    assert!(matches!(
        MultiAssetProofFile { system: "native-plus".into(), ..f }.verify(&pins),
        Err(FileError::UnknownSystem { .. })
    ));
}

#[test]
fn fa_2_value_generators() {
    let f = asset_file(MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus));
    let trust = asset_pins(GeneratorPins::TrustFile);
    let with = |index: usize, hex: String| {
        let mut g = f.value_generators.clone();
        g[index] = hex;
        MultiAssetProofFile { value_generators: g, ..f.clone() }.verify(&trust)
    };
    assert_eq!(
        with(1, to_hex(&[0xff; 32])),
        Err(FileError::ValueGenerator { index: 1, reason: "not a valid point of the group" })
    );
    assert_eq!(with(0, to_hex(&[0; 32])), Err(FileError::ValueGenerator { index: 0, reason: "the identity" }));
    let b_blinding = to_hex(R::compressed_bytes(&R::compress(&ballistic::PedersenGens::<R>::default().b_blinding)));
    assert_eq!(
        with(1, b_blinding),
        Err(FileError::ValueGenerator {
            index: 1,
            reason: "the blinding base (the commitment would open to any value)"
        })
    );
}

#[test]
fn fa_3_pins() {
    let f = asset_file(MultiAssetSystem::Native);
    let broken = MultiAssetProofFile { proof: "00".into(), ..f.clone() };
    let known = known();
    let gold = vec![known[0].clone()];
    let cases = [
        (
            MultiAssetPins { group: GroupId::Secp256k1, ..asset_pins(GeneratorPins::TrustFile) },
            FileError::WrongGroup { file: "ristretto255".into(), expected: "secp256k1" },
        ),
        (
            MultiAssetPins { label: "other", ..asset_pins(GeneratorPins::TrustFile) },
            FileError::WrongLabel { file: "assets".into(), expected: "other".into() },
        ),
        (
            MultiAssetPins { bits: Some(16), ..asset_pins(GeneratorPins::TrustFile) },
            FileError::BitsMismatch { expected: 16, got: 8 },
        ),
        (
            asset_pins(GeneratorPins::AnyOf(&gold)),
            FileError::UnpinnedGenerator { index: 1, generator: to_hex(&known[1]) },
        ),
        (
            asset_pins(GeneratorPins::PerOutput(&gold)),
            field("value_generators", "not as many outputs as the verifier pinned generators"),
        ),
    ];
    for (pins, want) in cases {
        assert_eq!(broken.verify(&pins), Err(want));
    }
    let swapped = vec![known[1].clone(), known[0].clone()];
    assert_eq!(
        f.verify(&asset_pins(GeneratorPins::PerOutput(&swapped))),
        Err(FileError::UnpinnedGenerator { index: 0, generator: to_hex(&known[0]) })
    );
}

#[test]
fn fa_4_proof() {
    let f = asset_file(MultiAssetSystem::Native);
    let pins = asset_pins(GeneratorPins::TrustFile);
    let bytes = from_hex(&f.proof).unwrap();
    let short = MultiAssetProofFile { proof: to_hex(&bytes[1..]), ..f.clone() };
    assert_eq!(
        short.verify(&pins),
        Err(FileError::Decode(ProofError::WrongLength { expected: bytes.len(), got: bytes.len() - 1 }))
    );
    // A scalar (t̂ of the first output, after six points) changed; the commitments swapped.
    let mut b = bytes.clone();
    b[6 * 32] ^= 1;
    let mut c = f.commitments.clone();
    c.swap(0, 1);
    for bad in [MultiAssetProofFile { proof: to_hex(&b), ..f.clone() }, MultiAssetProofFile { commitments: c, ..f }] {
        assert_eq!(bad.verify(&pins), Err(FileError::Proof(ProofError::VerificationFailed)));
    }
}

// ----------------------------------------------------------------- circuits

const CIRCUIT: &str = "total 6\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\n\
    const-mul-5 in 1 <3> out 1 <4>\nadd in 2 <4 0> out 1 <5>\noutput 5\n";

fn circuit_file() -> (Circuit, CircuitProofFile) {
    let circuit = Circuit::parse(CIRCUIT.as_bytes()).unwrap();
    let prepared = PreparedCircuit::<R>::new(circuit.clone()).unwrap();
    let file =
        CircuitProofFile::prove(&GeneratorStore::disabled(), &prepared, b"0 1\n1 3\n2 7\n", "circuit", &mut rng(330))
            .unwrap();
    file.verify(&GeneratorStore::disabled(), &circuit).unwrap();
    (circuit, file)
}

#[test]
fn fc_1_header() {
    let (_, f) = circuit_file();
    let json = f.to_json();
    assert!(matches!(
        CircuitProofFile::from_json(json.replacen("\"r1cs\"", "\"plonk\"", 1).as_bytes()),
        Err(FileError::UnknownSystem { .. })
    ));
    let long = CircuitProofFile { label: "x".repeat(MAX_LABEL + 1), ..f.clone() };
    assert_eq!(
        CircuitProofFile::from_json(long.to_json().as_bytes()).err(),
        Some(FileError::LabelTooLong { len: MAX_LABEL + 1 })
    );
    assert!(matches!(
        CircuitProofFile::from_json(json.replacen('{', "{\"x\": 1, ", 1).as_bytes()),
        Err(FileError::Json { what: "not a circuit proof file", .. })
    ));
    let huge = vec![b' '; ballistic::file::MAX_CIRCUIT_FILE + 1];
    assert!(matches!(CircuitProofFile::from_json(&huge), Err(FileError::TooLarge { .. })));
}

#[test]
fn fc_2_multipliers_before_decoding() {
    let (circuit, f) = circuit_file();
    let wrong = CircuitProofFile { multipliers: f.multipliers + 1, proof: "00".into(), ..f.clone() };
    assert_eq!(
        wrong.verify(&GeneratorStore::disabled(), &circuit),
        Err(FileError::Multipliers { file: f.multipliers + 1, circuit: f.multipliers })
    );
}

#[test]
fn fc_3_wire_values() {
    let (circuit, f) = circuit_file();
    let with_input = |value: &str| {
        let mut inputs = f.inputs.clone();
        inputs[1].value = value.into();
        CircuitProofFile { inputs, ..f.clone() }.verify(&GeneratorStore::disabled(), &circuit)
    };
    assert_eq!(f.inputs[1].value, "3");
    for bad in ["03", "A", "0x3"] {
        let r = with_input(bad);
        assert!(matches!(r, Err(FileError::WireValue { what: "input", index: 1, wire: 1, .. })), "{bad}: {r:?}");
    }
    assert!(matches!(
        with_input("03"),
        Err(FileError::WireValue { error: ballistic::circuit::ArithError::NonCanonical { line: 2 }, .. })
    ));
    let order = {
        let mut be = crate::common::order_plus::<R>(0);
        be.reverse();
        hex::encode(be).trim_start_matches('0').to_string()
    };
    assert!(matches!(
        with_input(&order),
        Err(FileError::WireValue { error: ballistic::circuit::ArithError::NotInField { line: 2 }, .. })
    ));
    assert_eq!(with_input("4"), Err(FileError::Proof(ProofError::VerificationFailed)));
}

#[test]
fn fc_4_batch_size() {
    let max = MAX_CIRCUIT_BATCH_GATES;
    assert_eq!(check_circuit_batch(1 << 22, 8), Ok(max));
    assert_eq!(check_circuit_batch(1 << 22, 9), Err(FileError::BatchTooLarge { padded_gates: 9 << 22, max }));
}

#[test]
fn fc_5_group() {
    let (circuit, f) = circuit_file();
    let files = [Ok(CircuitProofFile { group: "p256".into(), ..f.clone() }), Ok(f)];
    assert_eq!(
        verify_circuit_files(&GeneratorStore::disabled(), &circuit, &files, &mut rng(331)),
        vec![(0, FileError::UnknownGroup("p256".into()))]
    );
}

#[test]
fn fc_6_pinned_statement() {
    let (_, f) = circuit_file();
    let pinned = vec![WireValue { wire: 0, value: "1".into() }, WireValue { wire: 1, value: "4".into() }];
    assert_eq!(
        f.check_statement(Some(&pinned), None),
        Err(FileError::Statement { what: "input", wire: 1, file: Some("3".into()), pinned: Some("4".into()) })
    );
    let fewer = vec![WireValue { wire: 0, value: "1".into() }];
    assert_eq!(
        f.check_statement(Some(&fewer), None),
        Err(FileError::Statement { what: "input", wire: 1, file: Some("3".into()), pinned: None })
    );
    f.check_statement(Some(&f.inputs), Some(&f.outputs)).unwrap();
}

#[test]
fn fc_7_proof() {
    let (circuit, f) = circuit_file();
    let bytes = from_hex(&f.proof).unwrap();
    let short = CircuitProofFile { proof: to_hex(&bytes[1..]), ..f.clone() };
    assert_eq!(
        short.verify(&GeneratorStore::disabled(), &circuit),
        Err(FileError::Decode(ProofError::WrongLength { expected: 0, got: bytes.len() - 1 }))
    );
    let mut outputs = f.outputs.clone();
    outputs.clear();
    let r = CircuitProofFile { outputs, ..f.clone() }.verify(&GeneratorStore::disabled(), &circuit);
    assert!(matches!(r, Err(FileError::Proof(ProofError::Gadget { .. }))), "{r:?}");
    let relabelled = CircuitProofFile { label: "other".into(), ..f };
    assert_eq!(
        relabelled.verify(&GeneratorStore::disabled(), &circuit),
        Err(FileError::Proof(ProofError::VerificationFailed))
    );
}

// ------------------------------------------------------------------- Merkle

fn merkle_files() -> &'static (MerkleTreeFile, MembershipProofFile) {
    static FILES: std::sync::OnceLock<(MerkleTreeFile, MembershipProofFile)> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        let leaves = vec![<R as Group>::Scalar::from_u64(7), <R as Group>::Scalar::from_u64(9)];
        let tree = MerkleTreeFile::build::<R>(1, leaves).unwrap();
        let (proof, _) =
            MembershipProofFile::prove::<R, _>(&GeneratorStore::disabled(), &tree, 1, None, "merkle", &mut rng(340))
                .unwrap();
        proof.verify(&GeneratorStore::disabled(), &tree.root, 1, GroupId::Ristretto255).unwrap();
        (tree, proof)
    })
}

#[test]
fn fm_1_verifier_depth() {
    let (tree, proof) = merkle_files();
    for depth in [0usize, 65] {
        let r = verify_membership_files(
            &GeneratorStore::disabled(),
            &[Ok(proof.clone()), Ok(proof.clone())],
            &tree.root,
            depth,
            GroupId::Ristretto255,
            &mut rng(341),
        );
        assert_eq!(r, vec![(0, FileError::Depth(depth)), (1, FileError::Depth(depth))]);
    }
}

#[test]
fn fm_2_statement_before_decoding() {
    let (tree, proof) = merkle_files();
    let broken = MembershipProofFile { proof: "00".into(), ..proof.clone() };
    assert_eq!(
        broken.verify(&GeneratorStore::disabled(), &tree.root, 1, GroupId::Secp256k1),
        Err(FileError::WrongGroup { file: "ristretto255".into(), expected: "secp256k1" })
    );
    assert_eq!(
        broken.verify(&GeneratorStore::disabled(), &tree.root, 2, GroupId::Ristretto255),
        Err(FileError::DepthMismatch { expected: 2, got: 1 })
    );
    assert_eq!(
        broken.verify(&GeneratorStore::disabled(), &"00".repeat(32), 1, GroupId::Ristretto255),
        Err(FileError::RootMismatch)
    );
    assert_eq!(
        broken.verify(&GeneratorStore::disabled(), &tree.root.to_uppercase(), 1, GroupId::Ristretto255),
        Err(FileError::RootMismatch)
    );
}

#[test]
fn fm_3_header() {
    let (tree, proof) = merkle_files();
    let ok = |f: MembershipProofFile| f.verify(&GeneratorStore::disabled(), &tree.root, 1, GroupId::Ristretto255);
    assert!(matches!(
        ok(MembershipProofFile { system: "merkle".into(), ..proof.clone() }),
        Err(FileError::UnknownSystem { .. })
    ));
    assert_eq!(
        ok(MembershipProofFile { label: "x".repeat(MAX_LABEL + 1), ..proof.clone() }),
        Err(FileError::LabelTooLong { len: MAX_LABEL + 1 })
    );
    assert_eq!(ok(MembershipProofFile { depth: 65, ..proof.clone() }), Err(FileError::Depth(65)));
    assert_eq!(
        ok(MembershipProofFile { group: "p256".into(), ..proof.clone() }),
        Err(FileError::UnknownGroup("p256".into()))
    );
}

#[test]
fn fm_4_fields() {
    let (tree, proof) = merkle_files();
    let ok = |f: MembershipProofFile| f.verify(&GeneratorStore::disabled(), &tree.root, 1, GroupId::Ristretto255);
    assert_eq!(
        ok(MembershipProofFile { commitment: to_hex(&[0xff; 32]), ..proof.clone() }),
        Err(FileError::Commitment { index: 0, group: R::NAME })
    );
    assert_eq!(
        ok(MembershipProofFile { proof: "0".into(), ..proof.clone() }),
        Err(FileError::Hex { field: "proof".into() })
    );
    assert_eq!(
        ok(MembershipProofFile { proof: "00".into(), ..proof.clone() }),
        Err(FileError::Decode(ProofError::WrongLength { expected: 0, got: 1 }))
    );
    assert_eq!(
        ok(MembershipProofFile { label: "other".into(), ..proof.clone() }),
        Err(FileError::Proof(ProofError::VerificationFailed))
    );
}

#[test]
fn fm_5_tree_files() {
    let (tree, _) = merkle_files();
    let leaves = |n: usize| vec![tree.leaves[0].clone(); n];
    for (n, depth) in [(0usize, 1usize), (3, 1)] {
        let text = MerkleTreeFile { leaves: leaves(n), depth, ..tree.clone() }.to_json();
        assert_eq!(MerkleTreeFile::from_json(text.as_bytes()).err(), Some(FileError::Leaves { count: n, depth }));
    }
    let text = MerkleTreeFile { depth: 0, ..tree.clone() }.to_json();
    assert_eq!(MerkleTreeFile::from_json(text.as_bytes()).err(), Some(FileError::Depth(0)));
    let wrong_root = MerkleTreeFile { root: "00".repeat(32), ..tree.clone() };
    assert_eq!(wrong_root.tree::<R>().err(), Some(FileError::RootMismatch));
    let mut l = tree.leaves.clone();
    l[1] = "ff".repeat(32);
    assert_eq!(
        MerkleTreeFile { leaves: l, ..tree.clone() }.tree::<R>().err(),
        Some(FileError::FieldElement { field: "leaf #1".into() })
    );
    assert_eq!(
        tree.tree::<Secp256k1>().err(),
        Some(FileError::WrongGroup { file: "ristretto255".into(), expected: "secp256k1" })
    );
    tree.tree::<R>().unwrap();
}
