//! Check 4, bytes of one kind read as another: every kind's honest proof
//! is given to every other kind's verifier (with that kind's honest
//! statement): other systems, constructions, formats, shapes and groups.
//! Each must be refused — while decoding (`ErrorKind::Decode`), or, where
//! the lengths agree and the fields decode, by the other kind's equation
//! (`ErrorKind::Verification`) or its statement's shape — never with any
//! other kind of error, never accepted.

use ballistic::{ErrorKind, ProofError};
use sha3::{Digest, Sha3_256};

use super::{instances, rng_for, Kind};

/// A kind with its first honest instance, type-erased.
pub trait Reader: Send + Sync {
    fn name(&self) -> String;
    /// The first honest instance's bytes.
    fn bytes(&self) -> Vec<u8>;
    /// Decode `bytes` against the first honest instance's statement
    /// (`Err((false, e))` if that fails) and verify (`Err((true, e))`).
    fn read(&self, bytes: &[u8]) -> Result<(), (bool, ProofError)>;
}

impl<K: Kind> Reader for K {
    fn name(&self) -> String {
        Kind::name(self)
    }

    fn bytes(&self) -> Vec<u8> {
        instances(self)[0].1.clone()
    }

    fn read(&self, bytes: &[u8]) -> Result<(), (bool, ProofError)> {
        let inst = instances(self);
        let proof = self.decode(&inst[0].0, bytes).map_err(|e| (false, e))?;
        self.verify(&inst[0].0, &proof, &mut rng_for(&Kind::name(self), "cross")).map_err(|e| (true, e))
    }
}

fn all() -> Vec<Box<dyn Reader>> {
    let mut all = Vec::new();
    all.extend(super::range::readers());
    all.extend(super::interval::readers());
    all.extend(super::assets::readers());
    all.extend(super::grin::readers());
    all.extend(super::monero::readers());
    all.extend(super::r1cs::readers());
    all.extend(super::r1cs_vector::readers());
    all.extend(super::arith::readers());
    all.extend(super::merkle::readers());
    all.extend(super::curve_tree::readers());
    all
}

#[test]
fn every_kind_refuses_every_other_kinds_bytes() {
    let start = std::time::Instant::now();
    let kinds = all();
    let names: Vec<String> = kinds.iter().map(|k| k.name()).collect();
    for (i, a) in names.iter().enumerate() {
        assert!(!names[i + 1..].contains(a), "two kinds named {a}");
    }
    let bytes: Vec<Vec<u8>> = kinds.iter().map(|k| k.bytes()).collect();
    let (mut pairs, mut decode, mut equation, mut shape) = (0, 0, 0, 0);
    for (a, from) in names.iter().enumerate() {
        for (b, reader) in kinds.iter().enumerate() {
            if a == b {
                continue;
            }
            pairs += 1;
            let what = format!("{from} read as {}", names[b]);
            match reader.read(&bytes[a]) {
                Ok(()) => panic!("{what}: ACCEPTED"),
                Err((false, e)) => {
                    assert_eq!(e.kind(), ErrorKind::Decode, "{what}: refused while decoding with {e:?}");
                    decode += 1;
                }
                Err((true, e)) if e.kind() == ErrorKind::Verification => equation += 1,
                Err((true, e)) => {
                    // Bytes whose length gives another shape (formats that
                    // read the shape from the length) meet the statement's.
                    assert!(matches!(e, ProofError::WrongLength { .. }), "{what}: decoded, then refused with {e:?}");
                    shape += 1;
                }
            }
        }
    }
    println!(
        "conformance | cross-kind reading: {} kinds, {pairs} pairs: decode-refused {decode}, equation-refused \
         {equation}, shape-refused {shape} ({:.2}s)",
        kinds.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(equation > 0, "no two kinds share a length: the equations were never reached");
}

/// Every kind's first honest proof (made from the kind's seeded RNG) is
/// pinned: SHA3-256 of its bytes, in `data/conformance_digests.txt`. The
/// statement-side code (domain separators, the order of what the
/// transcripts absorb, the encodings) runs in the prover and the verifier
/// alike, so a change there that keeps both in step verifies and decodes
/// as before; here it changes the bytes and fails. A deliberate change is
/// re-recorded from the table the failure prints.
#[test]
fn every_kind_s_honest_bytes_are_pinned() {
    let pinned = include_str!("../data/conformance_digests.txt");
    let expected: Vec<(&str, &str)> =
        pinned.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_once("  ")).collect();
    let got: Vec<(String, String)> =
        all().iter().map(|k| (hex::encode(Sha3_256::digest(k.bytes())), k.name())).collect();
    let same = got.len() == expected.len() && got.iter().zip(&expected).all(|((d, n), (e, m))| d == e && n == m);
    let table: Vec<String> = got.iter().map(|(d, n)| format!("{d}  {n}")).collect();
    assert!(same, "honest proofs differ from the pinned digests; now:\n{}", table.join("\n"));
}
