//! Proof files: the JSON formats the `ballistic` command-line tool writes
//! and reads, shared with the Python bindings and the fuzz targets, so that
//! every front-end speaks them through the library alone.
//!
//! A **range proof file**:
//!
//! ```json
//! { "system": "bulletproofs", "group": "ristretto255", "label": "…",
//!   "bits": 64, "commitments": ["<hex>", …], "proof": "<hex>" }
//! ```
//!
//! `system` is a [`RangeSystem`] name (`"bulletproofs"`: on Ristretto255
//! the proof bytes are exactly `bulletproofs` 5's; `"bulletproofs-plus"`),
//! `group` a [`GroupId`] name, `label` the merlin transcript label (at most
//! [`MAX_LABEL`] bytes). A **circuit proof file** carries the public wire
//! values of a Pinocchio circuit beside the proof:
//!
//! ```json
//! { "system": "r1cs", "group": "ristretto255", "label": "…", "multipliers": 25440,
//!   "inputs": [{ "wire": 2, "value": "3d" }, …], "outputs": [ … ], "proof": "<hex>" }
//! ```
//!
//! Hex is lowercase, and only lowercase is read back: one encoding per
//! value (unknown fields are refused too). The module opens no files: it
//! parses bytes (refusing more than [`MAX_RANGE_FILE`] / [`MAX_CIRCUIT_FILE`]
//! before parsing) and returns text; opening and writing files is the
//! front-end's, which reads every file through [`read_bounded`] (so that
//! `/dev/zero`, a pipe or a growing file cannot exhaust memory).
//! Errors are typed ([`FileError`]) and their messages name the field.

use std::sync::{Arc, RwLock};

use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::batch::{self, Claim, Item};
use crate::circuit::arith::{scalar_from_hex_canonical, scalar_to_hex, ArithError, Circuit, PublicValues};
use crate::circuit::{R1csClaim, R1csProof};
use crate::encoding::{ct_hex_fixed, decode_point, from_hex, to_hex};
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{Group, GroupId, ScalarOps};
use crate::range::{DynRangeProof, RangeShape, RangeStatement, RangeSystem, MAX_BITS, MAX_VALUES};
use crate::transcript::new_transcript;

/// Longest transcript label a proof file may carry.
pub const MAX_LABEL: usize = 1024;
/// Largest range proof file accepted (the largest proof, 64 values of 64
/// bits on secp256k1, is under 4 KiB of hex plus its commitments).
pub const MAX_RANGE_FILE: usize = 1 << 20;
/// Largest circuit proof file accepted (a proof is under 2 KiB; the public
/// values of the largest circuits are small too).
pub const MAX_CIRCUIT_FILE: usize = 16 << 20;
/// Largest `.in` / `.out` value file accepted (64 MiB: a line per input
/// wire, and circuits have at most 2^22 wires).
pub const MAX_INPUTS_FILE: usize = 64 << 20;
/// Largest file of secrets (values or blindings, one per line) accepted.
pub const MAX_SECRETS_FILE: usize = 64 << 10;
/// The label range proofs get when the caller names none.
pub const DEFAULT_RANGE_LABEL: &str = "ballistic range proof";
/// The label circuit proofs get when the caller names none.
pub const DEFAULT_CIRCUIT_LABEL: &str = "ballistic circuit proof";
/// The `system` of circuit proof files.
pub const CIRCUIT_SYSTEM: &str = "r1cs";

/// Why a proof file could not be read, made or verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// The input is longer than the format allows.
    TooLarge {
        /// Its length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// A stream that went on past the limit (nothing after the limit's
    /// next byte is read).
    TooLong {
        /// The limit.
        max: usize,
    },
    /// Reading failed.
    Io(String),
    /// A line of a secrets file that is not a value.
    Value {
        /// Line (1-based).
        line: usize,
    },
    /// Not JSON of the file's shape.
    Json {
        /// `"malformed JSON"` (range files) or `"not a circuit proof file"`.
        what: &'static str,
        /// The parser's message.
        reason: String,
    },
    /// A `group` that names no supported group.
    UnknownGroup(String),
    /// A `system` that names no supported proof system.
    UnknownSystem {
        /// What the file said.
        got: String,
        /// What it may say.
        expected: &'static str,
    },
    /// A label longer than [`MAX_LABEL`].
    LabelTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// `bits` outside `1..=64`.
    Bits(usize),
    /// A number of commitments outside `1..=64`.
    Commitments(usize),
    /// A field that is not hex.
    Hex {
        /// Which field (`"proof"`, `"commitment #2"`, `"blinding #0"`).
        field: String,
    },
    /// A commitment that is not a point of the file's group.
    Commitment {
        /// Its position.
        index: usize,
        /// The group's name.
        group: &'static str,
    },
    /// A blinding that is not a canonical 32-byte scalar.
    Blinding {
        /// Its position.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// Blindings given, but not one per value.
    BlindingCount {
        /// Values.
        values: usize,
        /// Blindings.
        blindings: usize,
    },
    /// A public wire value that is not a value of the group's field.
    WireValue {
        /// `"input"` or `"output"`.
        what: &'static str,
        /// Its position in the list.
        index: usize,
        /// The wire it is for.
        wire: usize,
        /// Why.
        error: ArithError,
    },
    /// The proof is for a circuit with another number of multiplication gates.
    Multipliers {
        /// The proof file's.
        file: usize,
        /// The circuit's.
        circuit: usize,
    },
    /// The proof bytes do not decode.
    Decode(ProofError),
    /// The proof does not verify, or the prover refused its input.
    Proof(ProofError),
    /// The circuit refused the inputs.
    Circuit(ArithError),
}

impl core::fmt::Display for FileError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            FileError::TooLarge { len, max } => write!(f, "too large for a proof file ({len} bytes; at most {max})"),
            FileError::TooLong { max } => write!(f, "too large (more than {max} bytes)"),
            FileError::Io(e) => write!(f, "{e}"),
            FileError::Value { line } => write!(f, "line {line}: not a value (a decimal number below 2^64)"),
            FileError::Json { what, reason } => write!(f, "{what}: {reason}"),
            FileError::UnknownGroup(g) => write!(
                f,
                "unsupported group {g:?} (expected {})",
                GroupId::ALL.map(|g| format!("{:?}", g.name())).join(" or ")
            ),
            FileError::UnknownSystem { got, expected } => write!(f, "unsupported system {got:?} (expected {expected})"),
            FileError::LabelTooLong { len } => write!(f, "label of {len} bytes: at most {MAX_LABEL}"),
            FileError::Bits(bits) => write!(f, "bits {bits} out of range 1..={MAX_BITS}"),
            FileError::Commitments(count) => write!(f, "{count} commitments: must be 1..={MAX_VALUES}"),
            FileError::Hex { field } => write!(f, "{field}: bad hex"),
            FileError::Commitment { index, group } => write!(f, "commitment #{index}: not a valid {group} point"),
            FileError::Blinding { index, reason } => write!(f, "blinding #{index}: {reason}"),
            FileError::BlindingCount { values, blindings } => {
                write!(f, "{values} values but {blindings} blindings (give one per value, or none)")
            }
            FileError::WireValue { what, index, wire, error } => write!(f, "{what} #{index} (wire {wire}): {error}"),
            FileError::Multipliers { file, circuit } => {
                write!(f, "the proof is for a circuit with {file} multiplication gates; this one has {circuit}")
            }
            FileError::Decode(e) => write!(f, "proof: {e}"),
            FileError::Proof(e) => write!(f, "{e}"),
            FileError::Circuit(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FileError {}

/// Read all of `reader`, but at most `max` bytes: reads `max + 1` bytes at
/// most (`Read::take`) and refuses the input if that many arrive. The only
/// way the front-ends read files, so that a size limit holds for streams
/// with no size (`/dev/zero`, named pipes, process substitution).
pub fn read_bounded<R: std::io::Read>(reader: R, max: usize) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let mut reader = reader.take(u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1));
    // The text may be secret (blindings, witness values): the buffer grows
    // by hand, wiping each outgrown allocation, so no unwiped copy is left
    // in freed memory (`Read::read_to_end` would reallocate without wiping).
    let mut chunk = zeroize::Zeroizing::new([0u8; 8192]);
    let mut buf: Vec<u8> = Vec::with_capacity(max.min(chunk.len()).saturating_add(1));
    loop {
        let n = match reader.read(&mut chunk[..]) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                buf.zeroize();
                return Err(FileError::Io(e.to_string()));
            }
        };
        let Some(read) = chunk.get(..n).filter(|r| !r.is_empty()) else { break };
        if buf.len().saturating_add(read.len()) > max {
            buf.zeroize();
            return Err(FileError::TooLong { max });
        }
        if buf.len() + read.len() > buf.capacity() {
            let mut bigger = Vec::with_capacity((buf.capacity().saturating_mul(2)).max(buf.len() + read.len()));
            bigger.extend_from_slice(&buf);
            buf.zeroize();
            buf = bigger;
        }
        buf.extend_from_slice(read);
    }
    Ok(buf)
}

/// The values of a secrets file: one decimal `u64` per line (blank lines
/// ignored), so that values need not appear on a command line.
pub fn parse_value_lines(text: &[u8]) -> Result<Vec<u64>, FileError> {
    text.split(|b| *b == b'\n')
        .enumerate()
        .filter(|(_, l)| !l.trim_ascii().is_empty())
        .map(|(i, l)| {
            let l = std::str::from_utf8(l.trim_ascii()).map_err(|_| FileError::Value { line: i + 1 })?;
            l.parse().map_err(|_| FileError::Value { line: i + 1 })
        })
        .collect()
}

/// The blindings of a secrets file: one per line, 64 lowercase hex digits
/// (then optionally `\r`; blank lines ignored), each parsed by
/// [`parse_blinding`]. Constant time in the digits: only where lines end is
/// public.
pub fn parse_blinding_lines<G: Group>(text: &[u8]) -> Result<Vec<G::Scalar>, FileError> {
    let is = |b: u8, x: u8| crate::ct::reveal((i32::from(b ^ x) - 1) >> 8 & 1 == 1);
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.iter().position(|b| is(*b, b'\n')).unwrap_or(rest.len());
        let (line, tail) = rest.split_at(end);
        rest = tail.get(1..).unwrap_or(&[]);
        let line = match line.split_last() {
            Some((last, init)) if is(*last, b'\r') => init,
            _ => line,
        };
        if !line.is_empty() {
            out.push(parse_blinding_bytes::<G>(out.len(), line)?);
        }
    }
    Ok(out)
}

fn range_systems() -> &'static str {
    "\"bulletproofs\" or \"bulletproofs-plus\""
}

/// Refuse a label longer than [`MAX_LABEL`] (front-ends call it before
/// slow work — reading a circuit, opening a socket — to fail early).
pub fn check_label(label: &str) -> Result<(), FileError> {
    if label.len() > MAX_LABEL {
        return Err(FileError::LabelTooLong { len: label.len() });
    }
    Ok(())
}

fn group_of(name: &str) -> Result<GroupId, FileError> {
    GroupId::from_name(name).ok_or_else(|| FileError::UnknownGroup(name.into()))
}

/// A range proof file, as JSON has it (nothing checked yet: see
/// [`decode`](Self::decode)).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RangeProofFile {
    /// The proof system's name ([`RangeSystem::name`]).
    pub system: String,
    /// The group's name ([`GroupId::name`]).
    pub group: String,
    /// The transcript label.
    pub label: String,
    /// Bits per value.
    pub bits: usize,
    /// The commitments, hex.
    pub commitments: Vec<String>,
    /// The proof, hex.
    pub proof: String,
}

/// A range proof file decoded on its group: the statement, the proof, and
/// the label, ready to verify or to join a batch.
#[derive(Debug)]
pub struct DecodedRangeFile<G: Group> {
    /// The transcript label.
    pub label: String,
    /// The statement (shape and commitments).
    pub statement: RangeStatement<G>,
    /// The proof.
    pub proof: Box<dyn DynRangeProof<G>>,
}

impl<G: Group> DecodedRangeFile<G> {
    /// The transcript the proof was made under.
    pub fn transcript(&self) -> merlin::Transcript {
        new_transcript(self.label.as_bytes())
    }

    /// This proof as a batch member.
    pub fn item(&self) -> Item<'_, G, dyn DynRangeProof<G>> {
        Item::new(&*self.proof, &self.statement, self.transcript())
    }

    /// Verify (`cache` supplies generators of the right size). The whole
    /// transcript is replayed — points decoded, identities refused — before
    /// the generators are asked for, so a malformed proof costs no setup.
    pub fn verify<R: RngCore + CryptoRng>(&self, cache: &GeneratorCache<G>, rng: &mut R) -> Result<(), FileError> {
        let mut eq = crate::equation::Equation::new();
        let combine = <G::Scalar as ScalarOps>::random(rng);
        self.proof
            .add_terms(&self.statement, &mut self.transcript(), G::Scalar::one(), combine, &mut eq)
            .and_then(|()| {
                let (chains, per_chain) = eq.generators_needed();
                eq.verify(&cache.get(chains, per_chain), cache.pedersen())
            })
            .map_err(FileError::Proof)
    }
}

impl RangeProofFile {
    /// Parse JSON (at most [`MAX_RANGE_FILE`] bytes; the fields are checked
    /// by [`decode`](Self::decode)).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        if text.len() > MAX_RANGE_FILE {
            return Err(FileError::TooLarge { len: text.len(), max: MAX_RANGE_FILE });
        }
        serde_json::from_slice(text).map_err(|e| FileError::Json { what: "malformed JSON", reason: e.to_string() })
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The file's group.
    pub fn group_id(&self) -> Result<GroupId, FileError> {
        group_of(&self.group)
    }

    /// The file's proof system.
    pub fn system_id(&self) -> Result<RangeSystem, FileError> {
        RangeSystem::from_name(&self.system)
            .ok_or_else(|| FileError::UnknownSystem { got: self.system.clone(), expected: range_systems() })
    }

    /// Decode every field strictly on group `G` (which must be the file's).
    pub fn decode<G: Group>(&self) -> Result<DecodedRangeFile<G>, FileError> {
        let system = self.system_id()?;
        check_label(&self.label)?;
        if self.group != G::NAME {
            return Err(FileError::UnknownGroup(self.group.clone()));
        }
        if !(1..=MAX_BITS).contains(&self.bits) {
            return Err(FileError::Bits(self.bits));
        }
        if !(1..=MAX_VALUES).contains(&self.commitments.len()) {
            return Err(FileError::Commitments(self.commitments.len()));
        }
        let commitments = self
            .commitments
            .iter()
            .enumerate()
            .map(|(index, h)| {
                let bytes = from_hex(h).ok_or_else(|| FileError::Hex { field: format!("commitment #{index}") })?;
                decode_point::<G>(&bytes).map(|p| p.compressed).ok_or(FileError::Commitment { index, group: G::NAME })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let bytes = from_hex(&self.proof).ok_or_else(|| FileError::Hex { field: "proof".into() })?;
        let statement = RangeStatement::new(self.bits, &commitments).map_err(FileError::Decode)?;
        let proof = system.decode::<G>(&bytes, self.bits, commitments.len()).map_err(FileError::Decode)?;
        Ok(DecodedRangeFile { label: self.label.clone(), statement, proof })
    }

    /// Decode and verify, on whichever group the file names, with
    /// generators derived for it.
    pub fn verify(&self) -> Result<(), FileError> {
        crate::with_group!(self.group_id()?, G => self.decode::<G>()?.verify(&GeneratorCache::<G>::new(), &mut rand_core::OsRng))
    }

    /// Prove every `values[j] ∈ [0, 2^bits)` with `system` on `G`: the
    /// proof file and the secret openings. `blindings`: one per value, or
    /// none (random).
    #[allow(clippy::too_many_arguments)]
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        cache: &GeneratorCache<G>,
        system: RangeSystem,
        bits: usize,
        values: &[u64],
        blindings: &[G::Scalar],
        label: &str,
        rng: &mut R,
    ) -> Result<(RangeProofFile, Openings), FileError> {
        check_label(label)?;
        let shape = RangeShape::new(bits, values.len()).map_err(FileError::Proof)?;
        let blindings: Vec<G::Scalar> = if blindings.is_empty() {
            values.iter().map(|_| <G::Scalar as ScalarOps>::random(rng)).collect()
        } else if blindings.len() == values.len() {
            blindings.to_vec()
        } else {
            return Err(FileError::BlindingCount { values: values.len(), blindings: blindings.len() });
        };
        let bp = cache.get(shape.parties_needed(), shape.gens_per_party_needed());
        let mut transcript = new_transcript(label.as_bytes());
        let result = system.prove(&bp, cache.pedersen(), &mut transcript, values, &blindings, bits, rng);
        let openings_blindings = blindings.iter().map(|b| to_hex(&ScalarOps::to_bytes(b))).collect();
        let mut blindings = blindings;
        blindings.zeroize();
        let (proof, commitments) = result.map_err(FileError::Proof)?;
        let file = Self::from_proof::<G>(&*proof, bits, &commitments, label)?;
        let openings = Openings {
            group: G::NAME.into(),
            bits,
            values: values.to_vec(),
            blindings: openings_blindings,
            commitments: file.commitments.clone(),
        };
        Ok((file, openings))
    }

    /// The file of a proof made elsewhere (e.g. by the multi-party
    /// protocol's dealer): `proof` that the values committed in
    /// `commitments` have `bits` bits, under `label`.
    pub fn from_proof<G: Group>(
        proof: &dyn DynRangeProof<G>,
        bits: usize,
        commitments: &[G::Compressed],
        label: &str,
    ) -> Result<RangeProofFile, FileError> {
        check_label(label)?;
        Ok(RangeProofFile {
            system: proof.system().name().into(),
            group: G::NAME.into(),
            label: label.into(),
            bits,
            commitments: commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect(),
            proof: to_hex(&proof.to_bytes()),
        })
    }
}

/// The secret openings of a range proof file's commitments (values and
/// blindings, hex): written to a separate file by the prover. Wiped on drop.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Zeroize, ZeroizeOnDrop)]
pub struct Openings {
    /// The group's name.
    pub group: String,
    /// Bits per value.
    pub bits: usize,
    /// The values.
    pub values: Vec<u64>,
    /// The blindings, hex.
    pub blindings: Vec<String>,
    /// The commitments, hex.
    pub commitments: Vec<String>,
}

impl Openings {
    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }
}

/// A blinding given as 64 lowercase hex digits (as [`Openings`] writes
/// them): a canonical scalar of `G`. Constant time: the digits are decoded
/// by [`ct_hex_fixed`], the scalar checked by `from_canonical_bytes`; only
/// the verdicts are public.
pub fn parse_blinding<G: Group>(index: usize, hex: &str) -> Result<G::Scalar, FileError> {
    parse_blinding_bytes::<G>(index, hex.as_bytes())
}

fn parse_blinding_bytes<G: Group>(index: usize, hex: &[u8]) -> Result<G::Scalar, FileError> {
    if hex.len() != 64 {
        return Err(FileError::Blinding { index, reason: "must be 32 bytes (64 hex digits)" });
    }
    let mut arr: [u8; 32] =
        ct_hex_fixed(hex).ok_or(FileError::Blinding { index, reason: "not hex (64 lowercase hex digits)" })?;
    let scalar = <G::Scalar as ScalarOps>::from_canonical_bytes(&arr);
    arr.zeroize();
    scalar.ok_or(FileError::Blinding { index, reason: "not a canonical scalar (must be below the group order)" })
}

/// Verify range proof files (any systems, shapes and groups): one batch
/// per group. Returns `(index, reason)` for every invalid one, in order of
/// index; entries that are already errors (a file that did not parse) are
/// reported as they are.
pub fn verify_range_files<R: RngCore + CryptoRng>(
    files: &[Result<RangeProofFile, FileError>],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut by_group: Vec<(GroupId, Vec<(usize, &RangeProofFile)>)> =
        GroupId::ALL.into_iter().map(|g| (g, Vec::new())).collect();
    for (index, file) in files.iter().enumerate() {
        match file.as_ref().map_err(Clone::clone).and_then(|f| f.group_id().map(|g| (g, f))) {
            Ok((group, f)) => {
                if let Some((_, list)) = by_group.iter_mut().find(|(g, _)| *g == group) {
                    list.push((index, f));
                }
            }
            Err(e) => bad.push((index, e)),
        }
    }
    for (group, list) in &by_group {
        if !list.is_empty() {
            bad.extend(crate::with_group!(*group, G => batch_range_files::<G, R>(list, rng)));
        }
    }
    bad.sort_by_key(|(i, _)| *i);
    bad
}

fn batch_range_files<G: Group, R: RngCore + CryptoRng>(
    files: &[(usize, &RangeProofFile)],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut decoded = Vec::new();
    for (index, file) in files {
        match file.decode::<G>() {
            Ok(d) => decoded.push((*index, d)),
            Err(e) => bad.push((*index, e)),
        }
    }
    let pc = PedersenGens::<G>::default();
    let items: Vec<_> = decoded.iter().map(|(_, d)| d.item()).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    // Generators are derived only after every proof has replayed.
    let generators = |chains, per_chain| Box::new(BulletproofGens::<G>::new(per_chain, chains));
    if let Err(e) = batch::verify_with_generators(&claims, generators, &pc, rng) {
        for (k, reason) in e.invalid {
            if let Some((index, _)) = decoded.get(k) {
                bad.push((*index, FileError::Proof(reason)));
            }
        }
    }
    bad
}

/// One public wire of a circuit proof file and its value (hex, as
/// [`scalar_to_hex`] writes it: lowercase, no leading zeros; nothing else
/// is read back).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WireValue {
    /// The wire's number.
    pub wire: usize,
    /// Its value.
    pub value: String,
}

/// A circuit proof file, as JSON has it (strict: unknown fields refused).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CircuitProofFile {
    /// Always [`CIRCUIT_SYSTEM`].
    pub system: String,
    /// The group's name.
    pub group: String,
    /// The transcript label.
    pub label: String,
    /// Multiplication gates of the circuit (before padding).
    pub multipliers: usize,
    /// The public inputs.
    pub inputs: Vec<WireValue>,
    /// The outputs.
    pub outputs: Vec<WireValue>,
    /// The proof, hex.
    pub proof: String,
}

impl CircuitProofFile {
    /// Parse JSON (at most [`MAX_CIRCUIT_FILE`] bytes) and check the
    /// system and label.
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        if text.len() > MAX_CIRCUIT_FILE {
            return Err(FileError::TooLarge { len: text.len(), max: MAX_CIRCUIT_FILE });
        }
        let file: CircuitProofFile = serde_json::from_slice(text)
            .map_err(|e| FileError::Json { what: "not a circuit proof file", reason: e.to_string() })?;
        file.check_header()?;
        Ok(file)
    }

    fn check_header(&self) -> Result<(), FileError> {
        if self.system != CIRCUIT_SYSTEM {
            return Err(FileError::UnknownSystem { got: self.system.clone(), expected: "\"r1cs\"" });
        }
        check_label(&self.label)
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The file's group.
    pub fn group_id(&self) -> Result<GroupId, FileError> {
        group_of(&self.group)
    }

    /// Prove `circuit` on `G` with the inputs in `.in` format: the proof file.
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        circuit: &Circuit,
        inputs: &[u8],
        label: &str,
        rng: &mut R,
    ) -> Result<CircuitProofFile, FileError> {
        check_label(label)?;
        let values = circuit.read_inputs::<G::Scalar, _>(inputs).map_err(FileError::Circuit)?;
        Self::prove_values::<G, R>(circuit, &values, label, rng)
    }

    /// Prove `circuit` on `G` with parsed input values.
    pub fn prove_values<G: Group, R: RngCore + CryptoRng>(
        circuit: &Circuit,
        values: &crate::circuit::arith::InputValues<G::Scalar>,
        label: &str,
        rng: &mut R,
    ) -> Result<CircuitProofFile, FileError> {
        check_label(label)?;
        let multipliers = circuit.stats().multipliers;
        let pc = PedersenGens::<G>::default();
        let bp = BulletproofGens::<G>::new(multipliers.next_power_of_two().max(1), 1);
        let (proof, public) =
            circuit.prove(&pc, &bp, new_transcript(label.as_bytes()), values, rng).map_err(FileError::Proof)?;
        let wires = |values: &[(usize, G::Scalar)]| -> Vec<WireValue> {
            values.iter().map(|(w, v)| WireValue { wire: *w, value: scalar_to_hex(v) }).collect()
        };
        Ok(CircuitProofFile {
            system: CIRCUIT_SYSTEM.into(),
            group: G::NAME.into(),
            label: label.into(),
            multipliers,
            inputs: wires(&public.inputs),
            outputs: wires(&public.outputs),
            proof: to_hex(&proof.to_bytes()),
        })
    }

    /// The public values on `G`.
    pub fn public_values<G: Group>(&self) -> Result<PublicValues<G::Scalar>, FileError> {
        let conv = |list: &[WireValue], what: &'static str| -> Result<Vec<(usize, G::Scalar)>, FileError> {
            list.iter()
                .enumerate()
                .map(|(index, wv)| {
                    scalar_from_hex_canonical::<G::Scalar>(&wv.value, index + 1)
                        .map(|v| (wv.wire, v))
                        .map_err(|error| FileError::WireValue { what, index, wire: wv.wire, error })
                })
                .collect()
        };
        Ok(PublicValues { inputs: conv(&self.inputs, "input")?, outputs: conv(&self.outputs, "output")? })
    }

    /// The proof on `G`, checked against `circuit`'s size.
    pub fn decode_proof<G: Group>(&self, circuit: &Circuit) -> Result<R1csProof<G>, FileError> {
        let bytes = from_hex(&self.proof).ok_or_else(|| FileError::Hex { field: "proof".into() })?;
        let proof = R1csProof::<G>::from_bytes(&bytes).map_err(FileError::Decode)?;
        let multipliers = circuit.stats().multipliers;
        if multipliers != self.multipliers {
            return Err(FileError::Multipliers { file: self.multipliers, circuit: multipliers });
        }
        Ok(proof)
    }

    /// Verify against `circuit` on the file's group.
    pub fn verify(&self, circuit: &Circuit) -> Result<(), FileError> {
        self.check_header()?;
        crate::with_group!(self.group_id()?, G => self.verify_on::<G>(circuit))
    }

    fn verify_on<G: Group>(&self, circuit: &Circuit) -> Result<(), FileError> {
        match batch_circuit_files::<G, _>(circuit, &[(0, self)], &mut rand_core::OsRng).pop() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// Verify proofs of one circuit: one batch per group. `(index, reason)`
/// for every invalid one, in order of index.
pub fn verify_circuit_files<R: RngCore + CryptoRng>(
    circuit: &Circuit,
    files: &[Result<CircuitProofFile, FileError>],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    for group in GroupId::ALL {
        let mine: Vec<(usize, &CircuitProofFile)> = files
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.as_ref().ok().filter(|f| f.group_id().ok() == Some(group)).map(|f| (i, f)))
            .collect();
        if !mine.is_empty() {
            bad.extend(crate::with_group!(group, G => batch_circuit_files::<G, R>(circuit, &mine, rng)));
        }
    }
    for (index, file) in files.iter().enumerate() {
        match file {
            Err(e) => bad.push((index, e.clone())),
            Ok(f) => {
                if let Err(e) = f.group_id() {
                    bad.push((index, e));
                }
            }
        }
    }
    bad.sort_by_key(|(i, _)| *i);
    bad
}

fn batch_circuit_files<G: Group, R: RngCore + CryptoRng>(
    circuit: &Circuit,
    files: &[(usize, &CircuitProofFile)],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let pc = PedersenGens::<G>::default();
    let mut claims = Vec::new();
    for (index, file) in files {
        let prepared =
            file.check_header().and_then(|()| Ok((file.public_values::<G>()?, file.decode_proof::<G>(circuit)?)));
        match prepared {
            Ok((public, proof)) => match circuit.verifier::<G>(new_transcript(file.label.as_bytes()), &public) {
                Ok(verifier) => claims.push((*index, R1csClaim::new(verifier, &proof, rng))),
                Err(e) => bad.push((*index, FileError::Proof(e))),
            },
            Err(e) => bad.push((*index, e)),
        }
    }
    let refs: Vec<&dyn Claim<G>> = claims.iter().map(|(_, c)| c as &dyn Claim<G>).collect();
    // Every proof is decoded and replayed (its points checked) before the
    // generators — as costly as a verification for a large circuit — are
    // derived.
    let generators = |chains, per_chain| Box::new(BulletproofGens::<G>::new(per_chain, chains));
    if let Err(e) = batch::verify_with_generators(&refs, generators, &pc, rng) {
        for (k, reason) in e.invalid {
            if let Some((index, _)) = claims.get(k) {
                bad.push((*index, FileError::Proof(reason)));
            }
        }
    }
    bad
}

/// Generators for a long-lived process (the bindings, a verifier service):
/// derived once and grown on demand to powers of two, at most 64
/// generators per chain and 128 chains (every range proof shape's padded
/// layout). Clones of the returned handle stay valid after the cache grows.
#[derive(Debug)]
pub struct GeneratorCache<G: Group> {
    pedersen: PedersenGens<G>,
    gens: RwLock<Option<Arc<BulletproofGens<G>>>>,
}

impl<G: Group> Default for GeneratorCache<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Group> GeneratorCache<G> {
    /// Most generators per chain the cache grows to.
    pub const MAX_PER_CHAIN: usize = 64;
    /// Most chains the cache grows to.
    pub const MAX_CHAINS: usize = 128;

    /// An empty cache (nothing derived until first used).
    pub fn new() -> Self {
        GeneratorCache { pedersen: PedersenGens::default(), gens: RwLock::new(None) }
    }

    /// The Pedersen bases.
    pub fn pedersen(&self) -> &PedersenGens<G> {
        &self.pedersen
    }

    /// Generators with at least `chains` chains of `per_chain` (growing the
    /// cache if needed; a request beyond the cache's bounds is derived for
    /// that call alone).
    pub fn get(&self, chains: usize, per_chain: usize) -> Arc<BulletproofGens<G>> {
        let covers = |g: &BulletproofGens<G>| g.party_capacity() >= chains && g.gens_capacity() >= per_chain;
        if let Ok(guard) = self.gens.read() {
            if let Some(g) = guard.as_ref().filter(|g| covers(g)) {
                return g.clone();
            }
        }
        if chains > Self::MAX_CHAINS || per_chain > Self::MAX_PER_CHAIN {
            return Arc::new(BulletproofGens::new(per_chain.max(1), chains.max(1)));
        }
        let mut guard = match self.gens.write() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(g) = guard.as_ref().filter(|g| covers(g)) {
            return g.clone();
        }
        let (old_chains, old_per) = guard.as_ref().map(|g| (g.party_capacity(), g.gens_capacity())).unwrap_or((1, 1));
        let grown = Arc::new(BulletproofGens::new(
            per_chain.max(old_per).next_power_of_two().min(Self::MAX_PER_CHAIN),
            chains.max(old_chains).next_power_of_two().min(Self::MAX_CHAINS),
        ));
        *guard = Some(grown.clone());
        grown
    }
}

fn json_text<T: Serialize>(value: &T) -> String {
    // Serializing these plain structs cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}
