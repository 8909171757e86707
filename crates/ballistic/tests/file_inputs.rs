//! Proof files and the files front-ends read: bounded reads, one encoding
//! per value (lowercase hex, no unknown fields), blindings and values read
//! from text.

use std::io::Read;

use ballistic::file::{
    self, parse_blinding, read_bounded, CircuitProofFile, FileError, GeneratorCache, RangeProofFile, MAX_RANGE_FILE,
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

fn range_file() -> RangeProofFile {
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
    let circuit = ballistic::circuit::arith::Circuit::parse(
        &b"total 4\ninput 0\ninput 1\nnizkinput 2\nmul in 2 <1 2> out 1 <3>\noutput 3\n"[..],
    )
    .unwrap();
    let prepared = ballistic::circuit::arith::PreparedCircuit::<Ristretto255>::new(circuit.clone()).unwrap();
    let f =
        CircuitProofFile::prove::<Ristretto255, _>(&prepared, b"0 1\n1 a\n2 3\n", "t", &mut rand_core::OsRng).unwrap();
    f.verify(&circuit).unwrap();
    // Every public input is listed, the one-input wire included.
    assert_eq!((f.inputs[0].value.as_str(), f.inputs[1].value.as_str()), ("1", "a"));
    for bad in ["A", "0a"] {
        let mut g = f.clone();
        g.inputs[1].value = bad.into();
        let err = g.verify(&circuit).unwrap_err();
        assert!(err.to_string().contains("not canonical"), "{bad}: {err}");
    }
    let mut g = f.clone();
    g.proof = g.proof.to_uppercase();
    assert!(matches!(g.verify(&circuit), Err(FileError::Hex { .. })));
}
