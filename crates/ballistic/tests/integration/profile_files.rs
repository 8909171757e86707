//! Range proof files in deployed formats (`"profile": "grin" | "monero"`):
//! honest files verify, alone and in mixed batches with ballistic's own;
//! every field of the statement is bound (changing it rejects); fields of
//! other formats, labels and wrong groups are refused; Grin files rewind
//! with the right nonce only.

use ballistic::compat::grin::{self, GrinNonces, GrinOpening, GrinProveOptions};
use ballistic::file::{verify_range_files, FileError, Profile, RangeProofFile};
use ballistic::RangeSystem;

fn grin_scalar(k: u8) -> k256::Scalar {
    let mut bytes = [0u8; 32];
    bytes[31] = k;
    bytes[0] = 0x11;
    grin::scalar_from_bytes(&bytes).unwrap()
}

const MESSAGE: [u8; 20] = *b"twenty bytes of note";

/// A single-value Grin proof file with a minimum, extra data and a message;
/// private nonce = rewind nonce, so rewinding gives the blinding.
fn grin_file() -> RangeProofFile {
    let openings = [GrinOpening { value: 1_000_042, blinding: grin_scalar(3) }];
    let nonces = GrinNonces { rewind: [7; 32], private: [7; 32] };
    let options = GrinProveOptions {
        n_bits: 64,
        value_gen: None,
        min_values: Some(&[1_000]),
        extra_commit: Some(b"kernel"),
        message: Some(MESSAGE),
    };
    let (file, openings) = RangeProofFile::prove_grin(&openings, &nonces, &options).unwrap();
    assert_eq!(openings.profile.as_deref(), Some("grin"));
    assert_eq!(openings.commitments, file.commitments);
    file
}

fn grin_aggregate_file() -> RangeProofFile {
    let openings =
        [GrinOpening { value: 5, blinding: grin_scalar(4) }, GrinOpening { value: 6, blinding: grin_scalar(5) }];
    let g = grin::commit(1, &grin_scalar(9), None);
    let options = GrinProveOptions { n_bits: 16, value_gen: Some(g), ..GrinProveOptions::default() };
    RangeProofFile::prove_grin(&openings, &GrinNonces { rewind: [1; 32], private: [2; 32] }, &options).unwrap().0
}

fn monero_file(system: RangeSystem, m: usize) -> RangeProofFile {
    let amounts: Vec<u64> = (0..m as u64).map(|j| 1000 * j + 17).collect();
    RangeProofFile::prove_monero(system, &amounts, &[], &mut rand_core::OsRng).unwrap().0
}

fn own_file() -> RangeProofFile {
    crate::file_inputs::range_file()
}

fn reparse(f: &RangeProofFile) -> RangeProofFile {
    RangeProofFile::from_json(f.to_json().as_bytes()).unwrap()
}

fn flip_proof_byte(f: &RangeProofFile, byte: usize) -> RangeProofFile {
    let mut bytes = ballistic::hazmat::from_hex(&f.proof).unwrap();
    bytes[byte] ^= 1;
    RangeProofFile { proof: ballistic::hazmat::to_hex(&bytes), ..f.clone() }
}

#[test]
fn honest_profile_files_verify_after_a_json_round_trip() {
    for f in [
        grin_file(),
        grin_aggregate_file(),
        monero_file(RangeSystem::BulletproofsPlus, 1),
        monero_file(RangeSystem::BulletproofsPlus, 3),
        monero_file(RangeSystem::Bulletproofs, 2),
    ] {
        let back = reparse(&f);
        assert_eq!(back, f);
        back.verify().unwrap();
        assert!(back.profile_id().unwrap().is_some());
    }
    // Grin's sizes: 675 bytes for one 64-bit value.
    assert_eq!(grin_file().proof.len(), 2 * 675);
    // Deterministic in the nonces, as Grin's prover.
    assert_eq!(grin_file(), grin_file());
}

#[test]
fn every_statement_field_is_bound() {
    let f = grin_file();
    let refused = |g: RangeProofFile, what: &str| assert!(g.verify().is_err(), "{what} accepted");
    refused(RangeProofFile { min_value: Some(999), ..f.clone() }, "another minimum");
    refused(RangeProofFile { min_value: None, ..f.clone() }, "no minimum");
    refused(RangeProofFile { extra: Some(ballistic::hazmat::to_hex(b"kernel2")), ..f.clone() }, "other extra data");
    refused(RangeProofFile { extra: None, ..f.clone() }, "no extra data");
    let other_gen = grin::generator_to_bytes(&grin::commit(2, &grin_scalar(1), None)).unwrap();
    refused(
        RangeProofFile { value_generator: Some(ballistic::hazmat::to_hex(&other_gen)), ..f.clone() },
        "another value generator",
    );
    let agg = grin_aggregate_file();
    refused(RangeProofFile { value_generator: None, ..agg.clone() }, "Grin's H instead of the proof's generator");
    let mut swapped = agg.clone();
    swapped.commitments.swap(0, 1);
    refused(swapped, "swapped commitments");
    let mut other = f.clone();
    other.commitments = agg.commitments[..1].to_vec();
    refused(other, "another commitment");
    for byte in [0, 64, 100, 200, 300, 674] {
        refused(flip_proof_byte(&f, byte), "a flipped byte");
    }
    let m = monero_file(RangeSystem::BulletproofsPlus, 2);
    let mut swapped = m.clone();
    swapped.commitments.swap(0, 1);
    refused(swapped, "swapped Monero commitments");
    refused(flip_proof_byte(&m, 100), "a flipped Monero byte");
    // The same bytes are not a proof of the other Monero system.
    refused(RangeProofFile { system: "bulletproofs".into(), ..m.clone() }, "BP+ bytes read as BP");
}

#[test]
fn fields_of_other_formats_labels_and_groups_are_refused() {
    let g = grin_file();
    let m = monero_file(RangeSystem::BulletproofsPlus, 1);
    let own = own_file();
    let field = |f: RangeProofFile| match f.verify() {
        Err(FileError::Field { field, .. }) => field,
        other => panic!("expected a field error, got {other:?}"),
    };
    assert_eq!(field(RangeProofFile { label: "x".into(), ..g.clone() }), "label");
    assert_eq!(field(RangeProofFile { min_value: Some(0), ..g.clone() }), "min_value");
    // Grin's verifier reads minimums as 32-bit numbers (issue 35): refused
    // from 2^32 on, when verifying and when proving.
    for min in [1u64 << 32, (1 << 32) + 1_000, u64::MAX] {
        assert_eq!(field(RangeProofFile { min_value: Some(min), ..g.clone() }), "min_value");
        let openings = [GrinOpening { value: u64::MAX, blinding: grin_scalar(3) }];
        let options = GrinProveOptions { min_values: Some(&[min]), ..GrinProveOptions::default() };
        let nonces = GrinNonces { rewind: [7; 32], private: [7; 32] };
        match RangeProofFile::prove_grin(&openings, &nonces, &options) {
            Err(FileError::Field { field, reason }) => assert!(field == "min_value" && reason.contains("2^32")),
            other => panic!("expected a min_value error, got {other:?}"),
        }
    }
    assert!(matches!(
        RangeProofFile { min_value: Some(u32::MAX.into()), ..g.clone() }.verify(),
        Err(FileError::Proof(_))
    ));
    assert_eq!(field(RangeProofFile { min_value: Some(5), ..m.clone() }), "min_value");
    // Ballistic's own files may bind extra data: added afterwards, it fails the proof.
    assert!(matches!(RangeProofFile { extra: Some("00".into()), ..own.clone() }.verify(), Err(FileError::Proof(_))));
    assert_eq!(field(RangeProofFile { extra: Some("00".into()), ..m.clone() }), "extra");
    // Interval fields are ballistic's own.
    assert_eq!(field(RangeProofFile { min: Some(1), max: Some(2), ..g.clone() }), "min");
    assert_eq!(field(RangeProofFile { max: Some(2), ..m.clone() }), "max");
    assert_eq!(field(RangeProofFile { value_generator: Some("00".into()), ..own.clone() }), "value_generator");
    assert!(matches!(
        RangeProofFile { group: "ed25519".into(), ..g.clone() }.verify(),
        Err(FileError::WrongGroup { .. })
    ));
    assert!(matches!(
        RangeProofFile { profile: Some("zcash".into()), ..g.clone() }.verify(),
        Err(FileError::UnknownProfile(_))
    ));
    assert!(matches!(
        RangeProofFile { system: "bulletproofs-plus".into(), ..g.clone() }.verify(),
        Err(FileError::UnknownSystem { .. })
    ));
    // Monero's own limits, named as applied (64 bits exactly; 1 to 16 outputs).
    let err = RangeProofFile { bits: 32, ..m.clone() }.verify().unwrap_err();
    assert_eq!(err, FileError::MoneroBits(32));
    assert_eq!(err.to_string(), "bits 32: Monero proofs are of 64-bit amounts exactly");
    let err = RangeProofFile { commitments: vec![m.commitments[0].clone(); 17], ..m.clone() }.verify().unwrap_err();
    assert_eq!(err.to_string(), "17 commitments: Monero proofs have 1..=16 outputs");
    // Grin shapes: bits a power of two, m a power of two.
    assert!(RangeProofFile { bits: 12, ..g.clone() }.verify().is_err());
    // A Monero commitment with a torsion component is refused.
    let mut torsioned = m.clone();
    let c = curve25519_dalek::edwards::CompressedEdwardsY(
        ballistic::hazmat::from_hex(&m.commitments[0]).unwrap().try_into().unwrap(),
    )
    .decompress()
    .unwrap();
    let t = curve25519_dalek::constants::EIGHT_TORSION[1];
    torsioned.commitments[0] = ballistic::hazmat::to_hex((c + t).compress().as_bytes());
    assert!(torsioned.verify().is_err());
    // Truncated or extended proofs, and bad hex, give errors.
    for proof in [&g.proof[..g.proof.len() - 2], &format!("{}00", g.proof), "zz"] {
        assert!(RangeProofFile { proof: proof.into(), ..g.clone() }.verify().is_err());
        assert!(RangeProofFile { proof: proof.into(), ..m.clone() }.verify().is_err());
    }
    // Decoding a profile file as ballistic's own says what it is.
    assert!(matches!(g.decode::<ballistic::Secp256k1>(), Err(FileError::Field { field: "profile", .. })));
}

#[test]
fn grin_files_rewind_with_the_right_nonce_only() {
    let f = grin_file();
    let r = f.rewind_grin(&[7; 32]).unwrap();
    assert_eq!(r.value, 1_000_042);
    assert_eq!(r.message, MESSAGE);
    assert_eq!(r.blinding, Some(grin_scalar(3)));
    assert!(f.rewind_grin(&[8; 32]).is_err());
    // Not a Grin file, or an aggregate: nothing to rewind.
    assert!(monero_file(RangeSystem::BulletproofsPlus, 1).rewind_grin(&[7; 32]).is_err());
    assert!(grin_aggregate_file().rewind_grin(&[1; 32]).is_err());
}

#[test]
fn mixed_batches_name_exactly_the_bad_files() {
    let files = [
        own_file(),
        grin_file(),
        flip_proof_byte(&grin_file(), 300),
        monero_file(RangeSystem::BulletproofsPlus, 2),
        flip_proof_byte(&monero_file(RangeSystem::BulletproofsPlus, 1), 40),
        monero_file(RangeSystem::Bulletproofs, 1),
        RangeProofFile { extra: None, ..grin_file() },
        grin_aggregate_file(),
        RangeProofFile { profile: Some("zcash".into()), ..grin_file() },
    ];
    let parsed: Vec<_> = files.iter().map(|f| Ok(reparse(f))).collect();
    let bad: Vec<usize> = verify_range_files(&parsed, &mut rand_core::OsRng).into_iter().map(|(i, _)| i).collect();
    assert_eq!(bad, vec![2, 4, 6, 8]);
    assert_eq!(Profile::from_name("grin"), Some(Profile::Grin));
    assert_eq!(Profile::Monero.group_name(), "ed25519");
}

#[test]
fn zero_blindings_and_masks_are_refused_by_the_deployed_provers() {
    // A zero blinding makes the commitment `v·H`: its value by trial.
    let openings =
        [GrinOpening { value: 5, blinding: grin_scalar(4) }, GrinOpening { value: 6, blinding: k256::Scalar::ZERO }];
    let nonces = GrinNonces { rewind: [1; 32], private: [2; 32] };
    let options = GrinProveOptions { n_bits: 16, ..GrinProveOptions::default() };
    assert!(matches!(
        RangeProofFile::prove_grin(&openings, &nonces, &options),
        Err(FileError::ZeroBlinding { index: 1 })
    ));
    for system in [RangeSystem::BulletproofsPlus, RangeSystem::Bulletproofs] {
        let masks = [curve25519_dalek::Scalar::ZERO, curve25519_dalek::Scalar::ONE];
        assert!(matches!(
            RangeProofFile::prove_monero(system, &[1, 2], &masks, &mut rand_core::OsRng),
            Err(FileError::ZeroBlinding { index: 0 })
        ));
        // Non-zero masks prove.
        let masks = [curve25519_dalek::Scalar::ONE, curve25519_dalek::Scalar::from(7u64)];
        let (file, _) = RangeProofFile::prove_monero(system, &[1, 2], &masks, &mut rand_core::OsRng).unwrap();
        file.verify().unwrap();
    }
}
