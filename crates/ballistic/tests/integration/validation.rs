//! The validation criteria of `docs/validation.md`, row by row: for every
//! verifier, what it accepts and what it refuses, each refusal checked for
//! its specific error. Every test is named after the row it checks
//! (`grp_s_2_…` checks row `GRP-S-2`); [`every_row_has_a_test`] fails if a
//! row of the document has no test here. Small shapes only: the module runs
//! in seconds (`cargo test -p ballistic --test integration -- validation::`).
//!
//! Submodules: `encodings` (GRP), `range` (RP, INT, MA, BATCH, MPC),
//! `circuits` (R1CS, ARITH, MEM), `curve_tree` (CT), `deployed` (BP5, TARI, GRIN, MON),
//! `files` (FR, FP, FA, FC, FM).

#![allow(unsafe_code)]

mod circuits;
mod curve_tree;
mod deployed;
mod encodings;
mod files;
mod range;

use ballistic::group::{Group, ScalarOps};
use ballistic::hazmat::{schedule, Folding};
use ballistic::merlin::Transcript;
use ballistic::range::{AnyRangeProof, PlusPlusShape, RangeSystem};
use ballistic::{Generators, ProofError, RangeShape, RangeStatement, Verifiable};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

pub(crate) const LABEL: &[u8] = b"validation";

pub(crate) fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

/// The identity's encoding on `G` (32 zero bytes on Ristretto255, 33 on
/// secp256k1, `01 00 … 00` on Ed25519).
pub(crate) fn identity_bytes<G: Group>() -> Vec<u8> {
    G::compressed_bytes(&G::compress(&G::identity())).to_vec()
}

/// The scalar encodings every ballistic decoder refuses: `ℓ`, `ℓ + 1`, `2²⁵⁶ − 1`.
pub(crate) fn noncanonical_scalars<G: Group>() -> [[u8; 32]; 3] {
    [crate::common::order_plus::<G>(0), crate::common::order_plus::<G>(1), [0xff; 32]]
}

/// `ℓ − 1`, the largest canonical scalar.
pub(crate) fn order_minus_one<G: Group>() -> [u8; 32] {
    (-G::Scalar::one()).to_bytes()
}

/// An encoding no group accepts: 32 or 33 bytes of `0xff` (on
/// Ristretto255 `s ≥ p`, on secp256k1 tag `0xff`, on Ed25519 `y ≥ p`).
pub(crate) fn invalid_point<G: Group>() -> Vec<u8> {
    vec![0xff; G::POINT_LEN]
}

pub(crate) fn compressed<G: Group>(bytes: &[u8]) -> G::Compressed {
    G::compressed_from_slice(bytes).unwrap()
}

/// A point nobody knows the discrete logarithm of.
pub(crate) fn random_point<G: Group>(seed: u8) -> G::Point {
    G::hash_to_point(&[seed; 64])
}

/// The eight points of order dividing 8 on the Ed25519 curve (index 0 the
/// identity, 1 of order 8): `Q − 8⁻¹·(8Q)` for a curve point `Q` with a
/// torsion component of order 8.
pub(crate) fn torsion() -> Vec<ballistic::curve25519_dalek::EdwardsPoint> {
    use ballistic::curve25519_dalek::edwards::CompressedEdwardsY;
    use ballistic::curve25519_dalek::scalar::Scalar;
    use ballistic::curve25519_dalek::traits::IsIdentity;
    let inv8 = Scalar::from(8u8).invert();
    let mut y = [0u8; 32];
    let t8 = loop {
        y[0] = y[0].wrapping_add(1);
        y[5] = y[5].wrapping_add(3);
        let Some(q) = CompressedEdwardsY(y).decompress() else { continue };
        let t = q - q.mul_by_cofactor() * inv8;
        if !(t + t + t + t).is_identity() {
            break t;
        }
    };
    (0..8u8).map(|k| t8 * Scalar::from(k)).collect()
}

/// What a field of a range proof's encoding holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    /// A point, with the label the transcript gives it.
    Point(&'static str),
    Scalar,
}

/// Every field of a ballistic range proof of `system` for `(n, m)`, in
/// order, with its byte offset.
pub(crate) fn layout<G: Group>(system: RangeSystem, n: usize, m: usize) -> Vec<(usize, Field)> {
    let p = G::POINT_LEN;
    let mut fields = Vec::new();
    let mut at = 0;
    let mut push = |f: Field, fields: &mut Vec<(usize, Field)>| {
        fields.push((at, f));
        at += if f == Field::Scalar { 32 } else { p };
    };
    match system {
        RangeSystem::Bulletproofs => {
            let rounds = RangeShape::new(n, m).unwrap().rounds();
            for l in ["A", "S", "T_1", "T_2"] {
                push(Field::Point(l), &mut fields);
            }
            for _ in 0..3 {
                push(Field::Scalar, &mut fields);
            }
            for _ in 0..rounds {
                push(Field::Point("L"), &mut fields);
                push(Field::Point("R"), &mut fields);
            }
            push(Field::Scalar, &mut fields);
            push(Field::Scalar, &mut fields);
        }
        RangeSystem::BulletproofsPlus => {
            let rounds = RangeShape::new(n, m).unwrap().rounds();
            push(Field::Point("A"), &mut fields);
            for _ in 0..rounds {
                push(Field::Point("L"), &mut fields);
                push(Field::Point("R"), &mut fields);
            }
            push(Field::Point("A1"), &mut fields);
            push(Field::Point("B"), &mut fields);
            for _ in 0..3 {
                push(Field::Scalar, &mut fields);
            }
        }
        RangeSystem::BulletproofsPlusPlus => {
            let shape = PlusPlusShape::new(n, m).unwrap();
            let (rounds, fin_n, fin_l) = schedule(shape.witness_len(), 6, Folding::Shortest);
            for l in ["M", "D", "R", "S"] {
                push(Field::Point(l), &mut fields);
            }
            for _ in 0..rounds {
                push(Field::Point("X"), &mut fields);
                push(Field::Point("R"), &mut fields);
            }
            for _ in 0..fin_n + fin_l {
                push(Field::Scalar, &mut fields);
            }
        }
    }
    assert_eq!(at, system.encoded_len::<G>(n, m).unwrap());
    fields
}

/// An honest range proof of ballistic's own, its statement and the
/// generators its system asks for.
pub(crate) struct Honest<G: Group> {
    pub system: RangeSystem,
    pub gens: Generators<G>,
    pub bytes: Vec<u8>,
    pub commitments: Vec<G::Compressed>,
    pub n: usize,
}

impl<G: Group> Honest<G> {
    /// `m` values of `n` bits (the largest, then smaller ones).
    pub fn new(system: RangeSystem, n: usize, m: usize, seed: u64) -> Self {
        let mut r = rng(seed);
        let max = RangeShape::new(n, m).unwrap().max_value();
        let values: Vec<u64> = (0..m as u64).map(|j| max.saturating_sub(j * 3) & max).collect();
        let blindings: Vec<G::Scalar> = (0..m).map(|_| G::Scalar::random(&mut r)).collect();
        Self::with(system, n, &values, &blindings, seed)
    }

    pub fn with(system: RangeSystem, n: usize, values: &[u64], blindings: &[G::Scalar], seed: u64) -> Self {
        let (chains, per_chain) = system.generators_needed(n, values.len()).unwrap();
        let gens = Generators::new(per_chain, chains);
        let (proof, commitments) =
            system.prove(&gens, &mut Transcript::new(LABEL), values, blindings, n, &mut rng(seed)).unwrap();
        let h = Honest { system, gens, bytes: proof.to_bytes(), commitments, n };
        h.check(&h.bytes).unwrap();
        h
    }

    pub fn m(&self) -> usize {
        self.commitments.len()
    }

    pub fn decode(&self, bytes: &[u8]) -> Result<AnyRangeProof<G>, ProofError> {
        self.system.decode::<G>(bytes, self.n, self.m())
    }

    /// Decode `bytes` for the statement's shape and verify them.
    pub fn check(&self, bytes: &[u8]) -> Result<(), ProofError> {
        self.check_against(bytes, &self.commitments, self.n, LABEL)
    }

    /// Decode for the honest shape, verify against another statement.
    pub fn check_against(
        &self,
        bytes: &[u8],
        commitments: &[G::Compressed],
        n: usize,
        label: &'static [u8],
    ) -> Result<(), ProofError> {
        let proof = self.decode(bytes)?;
        let statement = RangeStatement::new(n, commitments)?;
        proof.verify(&self.gens, &statement, &mut Transcript::new(label), &mut rng(1))
    }

    /// The proof's bytes with `with` written at `offset`.
    pub fn replaced(&self, offset: usize, with: &[u8]) -> Vec<u8> {
        let mut b = self.bytes.clone();
        b[offset..offset + with.len()].copy_from_slice(with);
        b
    }

    pub fn layout(&self) -> Vec<(usize, Field)> {
        layout::<G>(self.system, self.n, self.m())
    }
}

/// Every row id of `docs/validation.md` (the first cell of a table row that
/// looks like `ABC-1` or `ABC-DEF-2`).
fn document_ids() -> Vec<String> {
    let doc = include_str!("../../../../docs/validation.md");
    doc.lines()
        .filter_map(|line| line.strip_prefix("| "))
        .filter_map(|rest| rest.split(" |").next())
        .map(str::trim)
        .filter(|cell| {
            let parts: Vec<&str> = cell.split('-').collect();
            parts.len() >= 2
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()))
                && parts.last().is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(String::from)
        .collect()
}

/// Every row of `docs/validation.md` has a test here (named after it), and
/// every id is used once.
#[test]
fn every_row_has_a_test() {
    let sources = [
        include_str!("validation.rs"),
        include_str!("validation/encodings.rs"),
        include_str!("validation/range.rs"),
        include_str!("validation/circuits.rs"),
        include_str!("validation/curve_tree.rs"),
        include_str!("validation/deployed.rs"),
        include_str!("validation/files.rs"),
    ]
    .concat();
    let ids = document_ids();
    assert!(ids.len() > 100, "only {} rows found in docs/validation.md", ids.len());
    let mut seen = std::collections::HashSet::new();
    let mut missing = Vec::new();
    for id in &ids {
        assert!(seen.insert(id.clone()), "row {id} appears twice in docs/validation.md");
        let name = format!("fn {}", id.to_lowercase().replace('-', "_"));
        let found = sources
            .match_indices(&name)
            .any(|(at, _)| sources[at + name.len()..].chars().next().is_some_and(|c| matches!(c, '_' | '<' | '(')));
        if !found {
            missing.push(id.clone());
        }
    }
    assert!(missing.is_empty(), "rows without a test: {missing:?}");
}
