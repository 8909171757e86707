//! Proof files and the files front-ends read: bounded reads, one encoding
//! per value (lowercase hex, no unknown fields), blindings and values read
//! from text.

use std::io::Read;

use ballistic::file::{
    self, parse_blinding, read_bounded, CircuitProofFile, FileError, GeneratorCache, GeneratorStore, RangeProofFile,
    MAX_RANGE_FILE,
};
use ballistic::group::{Group, ScalarOps};
use ballistic::{RangeSystem, Ristretto255, Secp256k1};

#[test]
fn reads_are_bounded_for_endless_streams() {
    // An endless stream (as `/dev/zero`) is refused after cap + 1 bytes.
    let err = read_bounded(std::io::repeat(0), 1000).unwrap_err();
    assert_eq!(err, FileError::TooLong { max: 1000 });
    assert!(err.to_string().contains("too large"), "{err}");
    assert_eq!(read_bounded(&[7u8; 1000][..], 1000).unwrap(), vec![7u8; 1000]);
    // No more than cap + 1 bytes are consumed.
    let mut src = std::io::repeat(1).take(5000);
    assert!(read_bounded(&mut src, 100).is_err());
    assert_eq!(src.limit(), 5000 - 101);
    assert_eq!(file::MAX_INPUTS_FILE, 64 << 20);
}

/// A one-value 8-bit Bulletproofs file on Ristretto255, label `t`.
pub(crate) fn range_file() -> RangeProofFile {
    let cache = GeneratorCache::<Ristretto255>::new();
    let (f, _) = RangeProofFile::prove::<Ristretto255, _>(
        &cache,
        RangeSystem::Bulletproofs,
        8,
        &[5],
        &[],
        "t",
        &mut rand_core::OsRng,
    )
    .unwrap();
    f
}

#[test]
fn range_files_have_one_encoding() {
    let f = range_file();
    f.verify().unwrap();
    let json: serde_json::Value = serde_json::from_str(&f.to_json()).unwrap();
    // An unknown field is refused.
    let mut extra = json.clone();
    extra["comment"] = "hello".into();
    let err = RangeProofFile::from_json(extra.to_string().as_bytes()).unwrap_err();
    assert!(err.to_string().contains("unknown field"), "{err}");
    // Uppercase hex (proof or commitment) is refused.
    let upper = RangeProofFile { proof: f.proof.to_uppercase(), ..f.clone() };
    assert_eq!(upper.verify().unwrap_err(), FileError::Hex { field: "proof".into() });
    let mut upper = f.clone();
    upper.commitments[0] = upper.commitments[0].to_uppercase();
    assert_eq!(upper.verify().unwrap_err(), FileError::Hex { field: "commitment #0".into() });
    assert!(RangeProofFile::from_json(&vec![b' '; MAX_RANGE_FILE + 1]).is_err());
}

#[test]
fn blindings_are_lowercase_64_digit_canonical_scalars() {
    type S = <Ristretto255 as Group>::Scalar;
    let hex = format!("{:0<64}", "05");
    let b: S = parse_blinding::<Ristretto255>(0, &hex).unwrap();
    assert_eq!(b, S::from_u64(5));
    let err = parse_blinding::<Ristretto255>(2, &format!("{:0<64}", "0A")).unwrap_err();
    assert!(matches!(err, FileError::Blinding { index: 2, .. }), "{err:?}");
    assert!(parse_blinding::<Ristretto255>(0, "05").is_err());
    assert!(parse_blinding::<Secp256k1>(0, &"ff".repeat(32)).unwrap_err().to_string().contains("canonical"));
    // Files of secrets: one per line, blank lines ignored.
    let lines = format!("{hex}\n\n{hex}\r\n");
    assert_eq!(file::parse_blinding_lines::<Ristretto255>(lines.as_bytes()).unwrap().len(), 2);
    assert_eq!(file::parse_value_lines(b"1\n\n 18446744073709551615\r\n").unwrap(), vec![1, u64::MAX]);
    assert_eq!(file::parse_value_lines(b"1\n-2\n").unwrap_err(), FileError::Value { line: 2 });
}

#[test]
fn circuit_file_wire_values_are_canonical() {
    let circuit = ballistic::circuit::Circuit::parse(
        &b"total 4\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\noutput 3\n"[..],
    )
    .unwrap();
    let f = prove_small(&circuit);
    f.verify(&GeneratorStore::disabled(), &circuit).unwrap();
    // Every public input is listed, the one-input wire included.
    assert_eq!((f.inputs[0].value.as_str(), f.inputs[1].value.as_str()), ("1", "a"));
    for bad in ["A", "0a"] {
        let mut g = f.clone();
        g.inputs[1].value = bad.into();
        let err = g.verify(&GeneratorStore::disabled(), &circuit).unwrap_err();
        assert!(err.to_string().contains("not canonical"), "{bad}: {err}");
    }
    let mut g = f.clone();
    g.proof = g.proof.to_uppercase();
    assert!(matches!(g.verify(&GeneratorStore::disabled(), &circuit), Err(FileError::Hex { .. })));
}

/// A proof file of a small circuit (inputs 1, 0xa; witness 3).
fn prove_small(circuit: &ballistic::circuit::Circuit) -> CircuitProofFile {
    let prepared = ballistic::circuit::PreparedCircuit::<Ristretto255>::new(circuit.clone()).unwrap();
    let store = GeneratorStore::disabled();
    CircuitProofFile::prove::<Ristretto255, _>(&store, &prepared, b"0 1\n1 a\n2 3\n", "t", &mut rand_core::OsRng)
        .unwrap()
}

fn prove_with(range: file::ProvedRange, extra: &[u8], system: RangeSystem) -> RangeProofFile {
    let options = file::ProveOptions { system, range, label: "t", extra };
    let cache = GeneratorCache::<Ristretto255>::new();
    let (f, openings) =
        RangeProofFile::prove_with::<Ristretto255, _>(&cache, &options, &[12], &[], &mut rand_core::OsRng).unwrap();
    assert_eq!((openings.min, openings.max), (f.min, f.max));
    assert_eq!(openings.commitments, f.commitments);
    f
}

#[test]
fn interval_files_decode_strictly() {
    let interval = ballistic::Interval::new(10, 20).unwrap();
    let f = prove_with(file::ProvedRange::Interval(interval), b"", RangeSystem::BulletproofsPlus);
    assert_eq!((f.min, f.max, f.bits), (Some(10), Some(20), 4));
    f.verify().unwrap();
    // Through JSON, and in a batch with a plain range file.
    let back = RangeProofFile::from_json(f.to_json().as_bytes()).unwrap();
    assert_eq!(back, f);
    assert!(file::verify_range_files(&[Ok(back), Ok(range_file())], &mut rand_core::OsRng).is_empty());
    let field = |g: RangeProofFile| match g.verify() {
        Err(FileError::Field { field, .. }) => field,
        other => panic!("expected a field error, got {other:?}"),
    };
    assert_eq!(field(RangeProofFile { min: Some(21), ..f.clone() }), "min");
    assert_eq!(field(RangeProofFile { max: None, ..f.clone() }), "min");
    assert_eq!(field(RangeProofFile { min: None, ..f.clone() }), "max");
    assert_eq!(field(RangeProofFile { bits: 8, ..f.clone() }), "bits");
    assert_eq!(field(RangeProofFile { commitments: vec![f.commitments[0].clone(); 2], ..f.clone() }), "commitments");
    assert_eq!(field(RangeProofFile { min_value: Some(1), ..f.clone() }), "min_value");
    // Another interval of the same size, or a shifted commitment: rejected, and named in a batch.
    let other = RangeProofFile { min: Some(11), max: Some(21), ..f.clone() };
    assert!(matches!(other.verify(), Err(FileError::Proof(_))));
    let bad = file::verify_range_files(&[Ok(f.clone()), Ok(other), Ok(range_file())], &mut rand_core::OsRng);
    assert_eq!(bad.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![1]);
    // The interval as a plain range proof of its bits: refused at decoding or verification.
    assert!(RangeProofFile { min: None, max: None, ..f.clone() }.verify().is_err());
    // Unknown fields, and a number that is not a u64, are refused by the parser.
    let mut json: serde_json::Value = serde_json::from_str(&f.to_json()).unwrap();
    json["min"] = (-1).into();
    assert!(RangeProofFile::from_json(json.to_string().as_bytes()).is_err());
    json["min"] = "10".into();
    assert!(RangeProofFile::from_json(json.to_string().as_bytes()).is_err());
    // The prover: one value only.
    let cache = GeneratorCache::<Ristretto255>::new();
    let options = file::ProveOptions {
        system: RangeSystem::Bulletproofs,
        range: file::ProvedRange::Interval(interval),
        label: "t",
        extra: b"",
    };
    let err = RangeProofFile::prove_with::<Ristretto255, _>(&cache, &options, &[11, 12], &[], &mut rand_core::OsRng)
        .unwrap_err();
    assert!(matches!(err, FileError::Field { field: "values", .. }), "{err:?}");
}

#[test]
fn extra_data_is_bound_and_strict() {
    for system in [RangeSystem::Bulletproofs, RangeSystem::BulletproofsPlusPlus] {
        let f = prove_with(file::ProvedRange::Bits(8), b"tx 42", system);
        assert_eq!(f.extra.as_deref(), Some(ballistic::hazmat::to_hex(b"tx 42").as_str()));
        f.verify().unwrap();
        let changed = RangeProofFile { extra: Some(ballistic::hazmat::to_hex(b"tx 43")), ..f.clone() };
        assert!(matches!(changed.verify(), Err(FileError::Proof(_))));
        assert!(matches!(RangeProofFile { extra: None, ..f.clone() }.verify(), Err(FileError::Proof(_))));
        let bad = file::verify_range_files(&[Ok(f.clone()), Ok(changed)], &mut rand_core::OsRng);
        assert_eq!(bad.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![1]);
    }
    let f = prove_with(
        file::ProvedRange::Interval(ballistic::Interval::new(0, 100).unwrap()),
        b"x",
        RangeSystem::Bulletproofs,
    );
    f.verify().unwrap();
    assert!(RangeProofFile { extra: Some("79".into()), ..f.clone() }.verify().is_err());
    // Empty, uppercase or too long: refused before the proof is looked at.
    assert!(matches!(
        RangeProofFile { extra: Some(String::new()), ..f.clone() }.verify(),
        Err(FileError::Field { field: "extra", .. })
    ));
    assert_eq!(
        RangeProofFile { extra: Some("AB".into()), ..f.clone() }.verify().unwrap_err(),
        FileError::Hex { field: "extra".into() }
    );
    let long = "00".repeat(file::MAX_EXTRA + 1);
    assert!(matches!(
        RangeProofFile { extra: Some(long), ..f.clone() }.verify(),
        Err(FileError::Field { field: "extra", .. })
    ));
    // The transcript: the label, then the extra data.
    let d = f.decode::<Ristretto255>().unwrap();
    assert_eq!(d.extra, b"x");
    let mut a = d.transcript();
    let mut b = ballistic::new_transcript_with_extra(b"t", b"x");
    let (mut ca, mut cb) = ([0u8; 32], [0u8; 32]);
    a.challenge_bytes(b"c", &mut ca);
    b.challenge_bytes(b"c", &mut cb);
    assert_eq!(ca, cb);
}

#[test]
fn recoverable_files_give_back_openings_and_message() {
    let cache = GeneratorCache::<Secp256k1>::new();
    let seed = [9u8; 32];
    let key = ballistic::RecoveryKey::new(&seed, b"out 1");
    let options = file::ProveOptions {
        system: RangeSystem::Bulletproofs,
        range: file::ProvedRange::Bits(16),
        label: "wallet",
        extra: b"ctx",
    };
    let (f, made) = RangeProofFile::prove_recoverable(&cache, &options, &[3, 65535], key, b"memo").unwrap();
    f.verify().unwrap();
    assert_eq!(f.extra.as_deref(), Some("637478"));
    let back = RangeProofFile::from_json(f.to_json().as_bytes())
        .unwrap()
        .recover(ballistic::RecoveryKey::new(&seed, b"out 1"))
        .unwrap();
    assert_eq!(back, made);
    assert_eq!(back.values, vec![3, 65535]);
    assert_eq!(back.message.as_deref(), Some(ballistic::hazmat::to_hex(b"memo").as_str()));
    // Wrong seed, id or extra data: nothing recovered.
    let failed = FileError::Proof(ballistic::ProofError::RecoveryFailed);
    assert_eq!(f.recover(ballistic::RecoveryKey::new(&[8; 32], b"out 1")).unwrap_err(), failed);
    assert_eq!(f.recover(ballistic::RecoveryKey::new(&seed, b"out 2")).unwrap_err(), failed);
    assert_eq!(
        RangeProofFile { extra: None, ..f.clone() }.recover(ballistic::RecoveryKey::new(&seed, b"out 1")).unwrap_err(),
        failed
    );
    // Intervals are not recoverable; neither are Monero files.
    let interval =
        file::ProveOptions { range: file::ProvedRange::Interval(ballistic::Interval::new(1, 5).unwrap()), ..options };
    let err = RangeProofFile::prove_recoverable(&cache, &interval, &[3], key, b"memo").unwrap_err();
    assert!(matches!(err, FileError::Field { field: "min", .. }), "{err:?}");
    let monero =
        RangeProofFile::prove_monero(RangeSystem::BulletproofsPlus, &[1], &[], &mut rand_core::OsRng).unwrap().0;
    assert!(matches!(
        monero.recover(ballistic::RecoveryKey::new(&seed, b"out 1")),
        Err(FileError::Field { field: "profile", .. })
    ));
}

#[test]
fn zero_blindings_are_refused_by_every_parser() {
    let zero = "0".repeat(64);
    let err = parse_blinding::<Ristretto255>(3, &zero).unwrap_err();
    assert_eq!(err, FileError::ZeroBlinding { index: 3 });
    assert!(err.to_string().starts_with("blinding #3: zero"), "{err}");
    let one = format!("{:0<64}", "01");
    let lines = format!("{one}\n{zero}\n");
    assert_eq!(
        file::parse_blinding_lines::<Secp256k1>(lines.as_bytes()).unwrap_err(),
        FileError::ZeroBlinding { index: 1 }
    );
    // The deployed formats' byte blindings too (zero in every encoding).
    assert_eq!(file::parse_secret_lines(lines.as_bytes()).unwrap_err(), FileError::ZeroBlinding { index: 1 });
    assert_eq!(file::secret_blinding(0, zero.as_bytes()).unwrap_err(), FileError::ZeroBlinding { index: 0 });
    // Nonzero ones still parse (a single set bit anywhere).
    let last = format!("{:0>64}", "80");
    assert!(file::secret_blinding(0, last.as_bytes()).is_ok());
    assert!(parse_blinding::<Ristretto255>(0, &one).is_ok());
}

fn small_circuit() -> ballistic::circuit::Circuit {
    ballistic::circuit::Circuit::parse(
        &b"total 4\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\noutput 3\n"[..],
    )
    .unwrap()
}

#[test]
fn circuit_statements_can_be_pinned() {
    type S = <Ristretto255 as Group>::Scalar;
    let circuit = small_circuit();
    let f = prove_small(&circuit);
    let hex = |values: Vec<(usize, S)>| -> Vec<file::WireValue> {
        values
            .into_iter()
            .map(|(wire, v)| file::WireValue { wire, value: ballistic::circuit::scalar_to_hex(&v) })
            .collect()
    };
    let inputs = hex(circuit.read_public_inputs::<S, _>(&b"1 a\n0 1\n"[..]).unwrap());
    let outputs = hex(circuit.read_outputs::<S, _>(&b"3 1e\n"[..]).unwrap());
    f.check_statement(Some(&inputs), Some(&outputs)).unwrap();
    // Another one-input value, another output: refused, naming both values.
    let other = hex(circuit.read_public_inputs::<S, _>(&b"0 2\n1 a\n"[..]).unwrap());
    let err = f.check_statement(Some(&other), None).unwrap_err();
    assert_eq!(err, FileError::Statement { what: "input", wire: 0, file: Some("1".into()), pinned: Some("2".into()) });
    let wrong = hex(circuit.read_outputs::<S, _>(&b"3 1f\n"[..]).unwrap());
    assert!(f.check_statement(None, Some(&wrong)).unwrap_err().to_string().contains("output wire 3 is 1e"));
    // A verifier's inputs name public inputs only (no witness), all of them.
    let err = circuit.read_public_inputs::<S, _>(&b"0 1\n1 a\n2 3\n"[..]).unwrap_err();
    assert!(err.to_string().contains("wire 2 is not a public input"), "{err}");
    assert!(circuit.read_public_inputs::<S, _>(&b"0 1\n"[..]).is_err());
}

#[test]
fn circuit_batches_are_bounded_before_work() {
    let circuit = small_circuit();
    let prepared = ballistic::circuit::PreparedCircuit::<Ristretto255>::new(circuit.clone()).unwrap();
    let honest = CircuitProofFile::prove::<Ristretto255, _>(
        &GeneratorStore::disabled(),
        &prepared,
        b"0 1\n1 a\n2 3\n",
        "t",
        &mut rand_core::OsRng,
    )
    .unwrap();
    // The bound: eight proofs of the largest circuit fit, a ninth does not.
    let padded = ballistic::circuit::MAX_MULTIPLIERS.next_power_of_two();
    let fits = file::MAX_CIRCUIT_BATCH_GATES / padded;
    assert_eq!(fits, 8);
    assert_eq!(file::check_circuit_batch(padded, fits).unwrap(), fits * padded);
    let err = file::check_circuit_batch(padded, fits + 1).unwrap_err();
    assert_eq!(err, FileError::BatchTooLarge { padded_gates: (fits + 1) * padded, max: file::MAX_CIRCUIT_BATCH_GATES });
    assert!(err.to_string().contains("about 48 bytes each"), "{err}");
    // Only proofs claiming the translation's size count (issue 35 review):
    // nine files claiming the largest circuit for this small one are named
    // invalid one by one, unread, and the honest proof among them verifies.
    let mut junk = honest.clone();
    junk.multipliers = ballistic::circuit::MAX_MULTIPLIERS;
    let mut batch: Vec<Result<CircuitProofFile, FileError>> = vec![Ok(junk); 9];
    batch.insert(4, Ok(honest));
    let bad = file::verify_circuit_files(&GeneratorStore::disabled(), &circuit, &batch, &mut rand_core::OsRng);
    assert_eq!(bad.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![0, 1, 2, 3, 5, 6, 7, 8, 9]);
    assert!(bad.iter().all(|(_, e)| matches!(e, FileError::Multipliers { .. })), "{bad:?}");
}
