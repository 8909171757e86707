//! The JSON proof file format and the `range prove` / `range verify` commands.
//!
//! ```json
//! { "system": "bulletproofs", "group": "ristretto255", "label": "…",
//!   "bits": 64, "commitments": ["<hex>", …], "proof": "<hex>" }
//! ```
//!
//! Hex is lowercase on output; the `proof` bytes are exactly those of
//! `bulletproofs` 5's `RangeProof::to_bytes`.

use std::path::Path;

use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::encoding::{decode_point, from_hex, to_hex};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::{MAX_BITS, MAX_VALUES};
use ballistic::{BulletproofGens, PedersenGens, RangeProof, RangeShape, Ristretto255};
use serde::{Deserialize, Serialize};

type G = Ristretto255;

pub const DEFAULT_LABEL: &str = "ballistic range proof";
pub const SYSTEM: &str = "bulletproofs";

/// A proof file.
#[derive(Serialize, Deserialize)]
pub struct ProofFile {
    pub system: String,
    pub group: String,
    pub label: String,
    pub bits: usize,
    pub commitments: Vec<String>,
    pub proof: String,
}

/// The secret openings of a proof file's commitments.
#[derive(Serialize)]
struct OpeningsFile {
    group: String,
    bits: usize,
    values: Vec<u64>,
    blindings: Vec<String>,
    commitments: Vec<String>,
}

/// Large enough for every shape this tool accepts.
pub fn generators(shape: RangeShape) -> BulletproofGens<G> {
    BulletproofGens::new(shape.gens_per_party_needed(), shape.parties_needed())
}

fn parse_blinding(index: usize, hex: &str) -> Result<Scalar, String> {
    let bytes = from_hex(hex).ok_or_else(|| format!("blinding #{index}: not hex"))?;
    let arr: [u8; 32] = bytes.try_into().map_err(|_| format!("blinding #{index}: must be 32 bytes (64 hex digits)"))?;
    <Scalar as ScalarOps>::from_canonical_bytes(&arr)
        .ok_or_else(|| format!("blinding #{index}: not a canonical scalar (must be below the group order)"))
}

pub fn prove(
    bits: usize,
    values: &[u64],
    blindings: &[String],
    label: &str,
    out: &Path,
    openings: Option<&Path>,
) -> Result<(), String> {
    let shape = RangeShape::new(bits, values.len()).map_err(|e| e.to_string())?;
    let blindings: Vec<Scalar> = if blindings.is_empty() {
        values.iter().map(|_| <Scalar as ScalarOps>::random(&mut rand_core::OsRng)).collect()
    } else if blindings.len() == values.len() {
        blindings.iter().enumerate().map(|(i, h)| parse_blinding(i, h)).collect::<Result<_, _>>()?
    } else {
        return Err(format!("{} values but {} blindings (give one per value, or none)", values.len(), blindings.len()));
    };
    let pc = PedersenGens::<G>::default();
    let bp = generators(shape);
    let mut transcript = Transcript::new(label_bytes(label));
    let (proof, commitments) = RangeProof::<G>::prove_multiple(&bp, &pc, &mut transcript, values, &blindings, bits)
        .map_err(|e| e.to_string())?;
    let commitments: Vec<String> = commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect();
    let file = ProofFile {
        system: SYSTEM.into(),
        group: G::NAME.into(),
        label: label.into(),
        bits,
        commitments: commitments.clone(),
        proof: to_hex(&proof.to_bytes()),
    };
    write_json(out, &file)?;
    if let Some(path) = openings {
        let openings = OpeningsFile {
            group: G::NAME.into(),
            bits,
            values: values.to_vec(),
            blindings: blindings.iter().map(|b| to_hex(&b.to_bytes())).collect(),
            commitments,
        };
        write_json(path, &openings)?;
    }
    Ok(())
}

fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Merlin labels are `&'static`: the label is leaked once per process.
fn label_bytes(label: &str) -> &'static [u8] {
    Box::leak(label.as_bytes().to_vec().into_boxed_slice())
}

/// Read, decode and verify a proof file; `Err` carries a one-line reason.
pub fn verify(path: &Path) -> Result<(), String> {
    const MAX_FILE: u64 = 1 << 20;
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if meta.len() > MAX_FILE {
        return Err(format!("{} is too large for a proof file ({} bytes)", path.display(), meta.len()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let file: ProofFile = serde_json::from_str(&text).map_err(|e| format!("malformed JSON: {e}"))?;
    verify_file(&file)
}

pub fn verify_file(file: &ProofFile) -> Result<(), String> {
    if file.system != SYSTEM {
        return Err(format!("unsupported system {:?} (expected {SYSTEM:?})", file.system));
    }
    if file.group != G::NAME {
        return Err(format!("unsupported group {:?} (expected {:?})", file.group, G::NAME));
    }
    if !(1..=MAX_BITS).contains(&file.bits) {
        return Err(format!("bits {} out of range 1..={MAX_BITS}", file.bits));
    }
    if !(1..=MAX_VALUES).contains(&file.commitments.len()) {
        return Err(format!("{} commitments: must be 1..={MAX_VALUES}", file.commitments.len()));
    }
    let commitments = file
        .commitments
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let bytes = from_hex(h).ok_or_else(|| format!("commitment #{i}: bad hex"))?;
            decode_point::<G>(&bytes)
                .map(|p| p.compressed)
                .ok_or_else(|| format!("commitment #{i}: not a valid {} point", G::NAME))
        })
        .collect::<Result<Vec<_>, String>>()?;
    let bytes = from_hex(&file.proof).ok_or("proof: bad hex")?;
    let proof =
        RangeProof::<G>::from_bytes_for(&bytes, file.bits, commitments.len()).map_err(|e| format!("proof: {e}"))?;
    let shape = RangeShape::new(file.bits, commitments.len()).map_err(|e| e.to_string())?;
    let pc = PedersenGens::<G>::default();
    let bp = generators(shape);
    let mut transcript = Transcript::new(label_bytes(&file.label));
    proof.verify_multiple(&bp, &pc, &mut transcript, &commitments, file.bits).map_err(|e| e.to_string())
}
