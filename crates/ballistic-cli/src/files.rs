//! The JSON proof file format and the `range prove` / `range verify` commands.
//!
//! ```json
//! { "system": "bulletproofs", "group": "ristretto255", "label": "…",
//!   "bits": 64, "commitments": ["<hex>", …], "proof": "<hex>" }
//! ```
//!
//! `system` is `"bulletproofs"` (on Ristretto255 the `proof` bytes are
//! exactly those of `bulletproofs` 5's `RangeProof::to_bytes`) or
//! `"bulletproofs-plus"` (ballistic's `RangeProofPlus::to_bytes`). `group`
//! is `"ristretto255"` (32-byte points) or `"secp256k1"` (33-byte SEC1
//! compressed points). Hex is lowercase on output.

use std::path::Path;

use ballistic::batch::{verify_range_proofs, AnyRangeProof, RangeProofItem};
use ballistic::encoding::{decode_point, from_hex, to_hex};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::{MAX_BITS, MAX_VALUES};
use ballistic::{BulletproofGens, PedersenGens, RangeProof, RangeProofPlus, RangeShape, Ristretto255, Secp256k1};
use serde::{Deserialize, Serialize};

pub const DEFAULT_LABEL: &str = "ballistic range proof";

/// The proof systems a file may hold.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum System {
    /// Bulletproofs (compatible with zkcrypto `bulletproofs` 5).
    Bulletproofs,
    /// Bulletproofs+ (96 bytes shorter).
    #[value(name = "bpplus", alias = "bulletproofs-plus")]
    BulletproofsPlus,
}

impl System {
    /// The name written in proof files.
    pub fn file_name(self) -> &'static str {
        match self {
            System::Bulletproofs => "bulletproofs",
            System::BulletproofsPlus => "bulletproofs-plus",
        }
    }

    fn from_file_name(name: &str) -> Result<Self, String> {
        match name {
            "bulletproofs" => Ok(System::Bulletproofs),
            "bulletproofs-plus" => Ok(System::BulletproofsPlus),
            other => Err(format!("unsupported system {other:?} (expected \"bulletproofs\" or \"bulletproofs-plus\")")),
        }
    }
}

/// The groups a file may use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GroupName {
    /// Ristretto255 (curve25519); compatible with `bulletproofs` 5.
    Ristretto255,
    /// secp256k1, the paper's and Bitcoin's curve.
    Secp256k1,
}

impl GroupName {
    /// The group named in a proof file.
    pub fn from_file_name(name: &str) -> Result<Self, String> {
        match name {
            n if n == Ristretto255::NAME => Ok(GroupName::Ristretto255),
            n if n == Secp256k1::NAME => Ok(GroupName::Secp256k1),
            other => {
                Err(format!("unsupported group {other:?} (expected {:?} or {:?})", Ristretto255::NAME, Secp256k1::NAME))
            }
        }
    }
}

/// A proof file.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
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
pub fn generators<G: Group>(shape: RangeShape) -> BulletproofGens<G> {
    BulletproofGens::new(shape.gens_per_party_needed(), shape.parties_needed())
}

pub fn parse_blinding<G: Group>(index: usize, hex: &str) -> Result<G::Scalar, String> {
    let bytes = from_hex(hex).ok_or_else(|| format!("blinding #{index}: not hex"))?;
    let arr: [u8; 32] = bytes.try_into().map_err(|_| format!("blinding #{index}: must be 32 bytes (64 hex digits)"))?;
    <G::Scalar as ScalarOps>::from_canonical_bytes(&arr)
        .ok_or_else(|| format!("blinding #{index}: not a canonical scalar (must be below the group order)"))
}

#[allow(clippy::too_many_arguments)]
pub fn prove(
    group: GroupName,
    system: System,
    bits: usize,
    values: &[u64],
    blindings: &[String],
    label: &str,
    out: &Path,
    openings: Option<&Path>,
) -> Result<(), String> {
    match group {
        GroupName::Ristretto255 => prove_in::<Ristretto255>(system, bits, values, blindings, label, out, openings),
        GroupName::Secp256k1 => prove_in::<Secp256k1>(system, bits, values, blindings, label, out, openings),
    }
}

#[allow(clippy::too_many_arguments)]
fn prove_in<G: Group>(
    system: System,
    bits: usize,
    values: &[u64],
    blindings: &[String],
    label: &str,
    out: &Path,
    openings: Option<&Path>,
) -> Result<(), String> {
    let (file, openings_file) =
        prove_parts::<G>(None, &PedersenGens::default(), system, bits, values, blindings, label)?;
    write_json(out, &file)?;
    if let Some(path) = openings {
        write_json(path, &openings_file)?;
    }
    Ok(())
}

/// The caller's generators if they hold the layout of `shape`, else
/// freshly derived ones.
fn cached_or_derived<G: Group>(
    cached: Option<&BulletproofGens<G>>,
    shape: RangeShape,
) -> std::borrow::Cow<'_, BulletproofGens<G>> {
    match cached {
        Some(bp)
            if bp.gens_capacity() >= shape.gens_per_party_needed() && bp.party_capacity() >= shape.parties_needed() =>
        {
            std::borrow::Cow::Borrowed(bp)
        }
        _ => std::borrow::Cow::Owned(generators::<G>(shape)),
    }
}

/// Prove in memory with the caller's generators (a long-lived process
/// keeps them instead of deriving them per proof; generators that do not
/// cover the shape are replaced by freshly derived ones): the proof file's
/// content (what `range prove` writes). `blindings` are 64-hex-digit
/// canonical scalars, one per value, or none (random).
#[allow(clippy::too_many_arguments)]
pub fn prove_file_with<G: Group>(
    bp: &BulletproofGens<G>,
    pc: &PedersenGens<G>,
    system: System,
    bits: usize,
    values: &[u64],
    blindings: &[String],
    label: &str,
) -> Result<ProofFile, String> {
    prove_parts::<G>(Some(bp), pc, system, bits, values, blindings, label).map(|(f, _)| f)
}

#[allow(clippy::too_many_arguments)]
fn prove_parts<G: Group>(
    cached: Option<&BulletproofGens<G>>,
    pc: &PedersenGens<G>,
    system: System,
    bits: usize,
    values: &[u64],
    blindings: &[String],
    label: &str,
) -> Result<(ProofFile, OpeningsFile), String> {
    let shape = RangeShape::new(bits, values.len()).map_err(|e| e.to_string())?;
    if label.len() > MAX_LABEL {
        return Err(format!("label of {} bytes: at most {MAX_LABEL}", label.len()));
    }
    let blindings: Vec<G::Scalar> = if blindings.is_empty() {
        values.iter().map(|_| <G::Scalar as ScalarOps>::random(&mut rand_core::OsRng)).collect()
    } else if blindings.len() == values.len() {
        blindings.iter().enumerate().map(|(i, h)| parse_blinding::<G>(i, h)).collect::<Result<_, _>>()?
    } else {
        return Err(format!("{} values but {} blindings (give one per value, or none)", values.len(), blindings.len()));
    };
    let bp = &*cached_or_derived(cached, shape);
    let mut transcript = Transcript::new(label_bytes(label));
    let (proof, commitments) = match system {
        System::Bulletproofs => RangeProof::<G>::prove_multiple(bp, pc, &mut transcript, values, &blindings, bits)
            .map(|(p, c)| (p.to_bytes(), c)),
        System::BulletproofsPlus => {
            RangeProofPlus::<G>::prove_multiple(bp, pc, &mut transcript, values, &blindings, bits)
                .map(|(p, c)| (p.to_bytes(), c))
        }
    }
    .map_err(|e| e.to_string())?;
    let commitments: Vec<String> = commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect();
    let file = ProofFile {
        system: system.file_name().into(),
        group: G::NAME.into(),
        label: label.into(),
        bits,
        commitments: commitments.clone(),
        proof: to_hex(&proof),
    };
    let openings = OpeningsFile {
        group: G::NAME.into(),
        bits,
        values: values.to_vec(),
        blindings: blindings.iter().map(|b| to_hex(&ScalarOps::to_bytes(b))).collect(),
        commitments,
    };
    Ok((file, openings))
}

pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Longest transcript label a proof file may carry.
pub const MAX_LABEL: usize = 1024;

/// Merlin labels are `&'static`: each distinct label is interned (leaked)
/// once per process and reused.
pub fn label_bytes(label: &str) -> &'static [u8] {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static LABELS: OnceLock<Mutex<HashSet<&'static [u8]>>> = OnceLock::new();
    let mut set = LABELS.get_or_init(|| Mutex::new(HashSet::new())).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(l) = set.get(label.as_bytes()) {
        return l;
    }
    let leaked: &'static [u8] = Box::leak(label.as_bytes().to_vec().into_boxed_slice());
    set.insert(leaked);
    leaked
}

/// Read, decode and verify a proof file; `Err` carries a one-line reason.
pub fn verify(path: &Path) -> Result<(), String> {
    verify_file(&read_file(path)?)
}

fn read_file(path: &Path) -> Result<ProofFile, String> {
    const MAX_FILE: u64 = 1 << 20;
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if meta.len() > MAX_FILE {
        return Err(format!("{} is too large for a proof file ({} bytes)", path.display(), meta.len()));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("malformed JSON: {e}"))
}

/// A decoded proof of either system.
enum DecodedProof<G: Group> {
    Bulletproofs(Box<RangeProof<G>>),
    BulletproofsPlus(Box<RangeProofPlus<G>>),
}

impl<G: Group> DecodedProof<G> {
    fn as_any(&self) -> AnyRangeProof<'_, G> {
        match self {
            DecodedProof::Bulletproofs(p) => (&**p).into(),
            DecodedProof::BulletproofsPlus(p) => (&**p).into(),
        }
    }
}

/// A decoded proof file: the statement and proof, ready to verify.
struct Decoded<G: Group> {
    label: &'static [u8],
    bits: usize,
    commitments: Vec<<G as Group>::Compressed>,
    proof: DecodedProof<G>,
}

/// Verify proof files in one batch per group; `(index, reason)` for every
/// invalid one, sorted by index.
pub fn verify_files(files: Vec<Result<ProofFile, String>>) -> Vec<(usize, String)> {
    let mut bad: Vec<(usize, String)> = Vec::new();
    let mut ristretto = Vec::new();
    let mut secp = Vec::new();
    for (i, file) in files.into_iter().enumerate() {
        match file.and_then(|f| GroupName::from_file_name(&f.group).map(|g| (g, f))) {
            Ok((GroupName::Ristretto255, f)) => ristretto.push((i, f)),
            Ok((GroupName::Secp256k1, f)) => secp.push((i, f)),
            Err(e) => bad.push((i, e)),
        }
    }
    bad.extend(batch_in::<Ristretto255>(&ristretto));
    bad.extend(batch_in::<Secp256k1>(&secp));
    bad.sort();
    bad
}

/// Verify many files in one batch per group: prints "valid: N proofs" or
/// one line per invalid file (and fails).
pub fn verify_batch(paths: &[std::path::PathBuf]) -> Result<(), String> {
    let bad = verify_files(paths.iter().map(|p| read_file(p)).collect());
    if bad.is_empty() {
        println!("valid: {} proofs", paths.len());
        return Ok(());
    }
    for (i, reason) in &bad {
        println!("invalid: {}: {reason}", paths[*i].display());
    }
    Err(format!("{} of {} proofs invalid", bad.len(), paths.len()))
}

/// One batch of files on group `G`; returns `(index, reason)` per invalid file.
fn batch_in<G: Group>(files: &[(usize, ProofFile)]) -> Vec<(usize, String)> {
    let mut bad = Vec::new();
    let mut decoded = Vec::new();
    for (i, f) in files {
        match decode::<G>(f) {
            Ok(d) => decoded.push((*i, d)),
            Err(e) => bad.push((*i, e)),
        }
    }
    if decoded.is_empty() {
        return bad;
    }
    let max_bits = decoded.iter().map(|(_, d)| d.bits).max().unwrap_or(1);
    let max_parties = decoded
        .iter()
        .filter_map(|(_, d)| RangeShape::new(d.bits, d.commitments.len()).ok())
        .map(|s| s.parties_needed())
        .max()
        .unwrap_or(1);
    let bp = BulletproofGens::<G>::new(max_bits, max_parties);
    let pc = PedersenGens::<G>::default();
    let items: Vec<RangeProofItem<'_, G>> = decoded
        .iter()
        .map(|(_, d)| RangeProofItem {
            proof: d.proof.as_any(),
            commitments: &d.commitments,
            bits: d.bits,
            transcript: Transcript::new(d.label),
        })
        .collect();
    if let Err(e) = verify_range_proofs(&items, &bp, &pc, &mut rand_core::OsRng) {
        for (k, reason) in e.invalid {
            if let Some((i, _)) = decoded.get(k) {
                bad.push((*i, reason.to_string()));
            }
        }
    }
    bad
}

pub fn verify_file(file: &ProofFile) -> Result<(), String> {
    match GroupName::from_file_name(&file.group)? {
        GroupName::Ristretto255 => verify_file_in::<Ristretto255>(file),
        GroupName::Secp256k1 => verify_file_in::<Secp256k1>(file),
    }
}

fn verify_file_in<G: Group>(file: &ProofFile) -> Result<(), String> {
    verify_file_inner::<G>(None, &PedersenGens::default(), file)
}

/// [`verify_file`] with the caller's generators (replaced by freshly
/// derived ones if they do not cover the proof's shape). The file must be
/// on group `G`.
pub fn verify_file_with<G: Group>(
    bp: &BulletproofGens<G>,
    pc: &PedersenGens<G>,
    file: &ProofFile,
) -> Result<(), String> {
    verify_file_inner::<G>(Some(bp), pc, file)
}

fn verify_file_inner<G: Group>(
    cached: Option<&BulletproofGens<G>>,
    pc: &PedersenGens<G>,
    file: &ProofFile,
) -> Result<(), String> {
    let d = decode::<G>(file)?;
    let shape = RangeShape::new(d.bits, d.commitments.len()).map_err(|e| e.to_string())?;
    let bp = &*cached_or_derived(cached, shape);
    let mut transcript = Transcript::new(d.label);
    match &d.proof {
        DecodedProof::Bulletproofs(p) => p.verify_multiple(bp, pc, &mut transcript, &d.commitments, d.bits),
        DecodedProof::BulletproofsPlus(p) => p.verify_multiple(bp, pc, &mut transcript, &d.commitments, d.bits),
    }
    .map_err(|e| e.to_string())
}

fn decode<G: Group>(file: &ProofFile) -> Result<Decoded<G>, String> {
    let system = System::from_file_name(&file.system)?;
    if file.label.len() > MAX_LABEL {
        return Err(format!("label of {} bytes: at most {MAX_LABEL}", file.label.len()));
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
    let m = commitments.len();
    let proof = match system {
        System::Bulletproofs => {
            RangeProof::<G>::from_bytes_for(&bytes, file.bits, m).map(|p| DecodedProof::Bulletproofs(Box::new(p)))
        }
        System::BulletproofsPlus => RangeProofPlus::<G>::from_bytes_for(&bytes, file.bits, m)
            .map(|p| DecodedProof::BulletproofsPlus(Box::new(p))),
    }
    .map_err(|e| format!("proof: {e}"))?;
    Ok(Decoded { label: label_bytes(&file.label), bits: file.bits, commitments, proof })
}
