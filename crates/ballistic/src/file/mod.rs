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
//! `system` is a [`RangeSystem`](crate::RangeSystem) name (`"bulletproofs"`: on Ristretto255
//! the proof bytes are exactly `bulletproofs` 5's; `"bulletproofs-plus"`),
//! `group` a [`GroupId`] name, `label` the merlin transcript label (at most
//! [`MAX_LABEL`] bytes). Optional fields:
//!
//! * `"extra": "<hex>"`: extra data (1 to [`MAX_EXTRA`] bytes: a
//!   transaction hash, a context string) bound into the Fiat–Shamir
//!   transcript right after the label
//!   ([`new_transcript_with_extra`](crate::new_transcript_with_extra)), so
//!   the proof verifies with exactly these bytes and no others. Absent: no
//!   extra data (an empty string is refused: one encoding per value). The
//!   bytes are the prover's claim like the rest of the file: a verifier that
//!   expects a proof bound to its own context pins them ([`RangePins::extra`]).
//! * `"min": lo, "max": hi` (both or neither; `lo ≤ hi < 2^64`): an
//!   **interval proof** ([`IntervalProof`](crate::range::IntervalProof)) that the one
//!   commitment opens to a value in `[lo, hi]`, with any system; `bits` is
//!   then the inner proof's, `max − min`'s bit length ([`crate::Interval::bits`]).
//!
//! The statement is the verifier's, never the prover's: a verifier pins
//! what it expects of a range proof file ([`RangePins`]: format, group,
//! system, label, bits or interval, extra data, Grin's value generator,
//! commitments),
//! and a file claiming anything else is
//! refused before its points or proof are decoded
//! ([`RangeProofFile::verify_pinned`], [`verify_range_files_pinned`]).
//! What is not pinned is the file's own claim.
//!
//! A proof made with owner recovery
//! ([`RangeProofFile::prove_recoverable`], [`RecoveryKey`](crate::range::RecoveryKey)) is an ordinary
//! range proof file: the output id and the message are not in it, and
//! [`RangeProofFile::recover`] gives the seed's holder the [`Openings`]
//! (values, blindings, and the message as `message`). Interval proofs are
//! not recoverable.
//!
//! Files in deployed formats (`"profile"`: Grin's or Monero's bytes) are
//! described in [`Profile`]; there `extra` is Grin's `extra_commit`, and
//! `min`/`max` are refused, as are Grin's `min_value` and
//! `value_generator` in ballistic's own files. A **circuit proof file** carries the public wire
//! values of a Pinocchio circuit beside the proof:
//!
//! ```json
//! { "system": "r1cs", "group": "ristretto255", "label": "…", "multipliers": 25501,
//!   "inputs": [{ "wire": 0, "value": "1" }, …], "outputs": [ … ], "proof": "<hex>" }
//! ```
//!
//! A **multi-asset proof file** ([`MultiAssetProofFile`]: Confidential
//! Assets, [`MultiAssetStatement`](crate::range::MultiAssetStatement)) has the range file's fields and the
//! value generator (asset tag) of each commitment:
//!
//! ```json
//! { "system": "native", "group": "ristretto255", "label": "…", "bits": 64,
//!   "commitments": ["<hex>", …], "value_generators": ["<hex>", …], "proof": "<hex>" }
//! ```
//!
//! Its verifier pins the group, the label, the bits and the value
//! generators ([`MultiAssetPins`]): the generators are the prover's choice,
//! and one whose discrete logarithm the prover knows makes the proof say
//! nothing.
//!
//! **Merkle tree files** and **membership proof files** (zero-knowledge
//! membership of a committed leaf, [`crate::merkle`]) are described in
//! [`MerkleTreeFile`] and [`MembershipProofFile`].
//!
//! Hex is lowercase, and only lowercase is read back: one encoding per
//! value (unknown fields are refused too). The module opens no files: it
//! parses bytes (refusing more than [`MAX_RANGE_FILE`] / [`MAX_ASSETS_FILE`] /
//! [`MAX_CIRCUIT_FILE`] before parsing) and returns text; opening and writing files is the
//! front-end's, which reads every file through [`read_bounded`] (so that
//! `/dev/zero`, a pipe or a growing file cannot exhaust memory).
//! Errors are typed ([`FileError`]) and their messages name the field.

mod assets;
mod cache;
mod circuit;
mod merkle;
pub(crate) mod profile;
mod range;
mod secrets;

pub use assets::{
    asset_generator_bytes, parse_asset_lines, parse_value_generator, verify_multi_asset_files, AssetOutput,
    DecodedMultiAssetFile, GeneratorPins, MultiAssetOpenings, MultiAssetPins, MultiAssetProofFile, MAX_ASSET_ID,
};
pub use cache::GeneratorCache;
pub use circuit::{check_circuit_batch, verify_circuit_files, CircuitProofFile, WireValue};
pub use merkle::{
    parse_leaf_lines, verify_membership_files, MembershipOpenings, MembershipProofFile, MerkleTreeFile,
    DEFAULT_MERKLE_LABEL, MAX_TREE_FILE, MAX_TREE_LEAVES, MEMBERSHIP_SYSTEM,
};
pub use profile::Profile;
pub use range::{
    verify_range_files, verify_range_files_pinned, verify_range_files_with, DecodedRangeFile, DecodedRangeProof,
    ProveOptions, ProvedRange, RangePins, RangeProofFile, MAX_EXTRA,
};
pub use secrets::{
    parse_blinding, parse_blinding_lines, parse_secret_lines, parse_value_lines, secret_blinding, secret_hex, Openings,
};

use serde::Serialize;
use zeroize::Zeroize;

use crate::circuit::arith::ArithError;
use crate::errors::ProofError;
use crate::group::GroupId;
use crate::range::{MAX_BITS, MAX_VALUES};

/// Longest transcript label a proof file may carry.
pub const MAX_LABEL: usize = 1024;
/// Largest range proof file accepted (the largest proof, 64 values of 64
/// bits on secp256k1, is under 4 KiB of hex plus its commitments).
pub const MAX_RANGE_FILE: usize = 1 << 20;
/// Largest multi-asset proof file accepted (the largest proof, 64 values of
/// 64 bits re-committed under Bulletproofs+ on secp256k1, is under 16 KiB,
/// 32 KiB of hex, plus its commitments and value generators).
pub const MAX_ASSETS_FILE: usize = 1 << 20;
/// Largest circuit proof file accepted (a proof is under 2 KiB; the public
/// values of the largest circuits are small too).
pub const MAX_CIRCUIT_FILE: usize = 16 << 20;
/// Largest `.in` / `.out` value file accepted (64 MiB: a line per input
/// wire, and circuits have at most 2^22 wires).
pub const MAX_INPUTS_FILE: usize = 64 << 20;
/// Largest file of secrets (values or blindings, one per line) accepted.
pub const MAX_SECRETS_FILE: usize = 64 << 10;
/// Most padded multiplication gates (the sum over the proofs, each proof's
/// multipliers padded to a power of two) one call of
/// [`verify_circuit_files`] verifies: verification holds about 48 bytes
/// per padded gate per proof (its share of the batch's generator and
/// scalar vectors), so 2^25 gates is about 1.5 GiB — eight proofs of the
/// largest circuit ([`crate::circuit::arith::MAX_MULTIPLIERS`], 2^22).
/// Counted per group over the proofs that claim the translation's size;
/// larger batches are refused before any proof is decoded
/// ([`FileError::BatchTooLarge`]).
pub const MAX_CIRCUIT_BATCH_GATES: usize = 1 << 25;
/// The label range proofs get when the caller names none.
pub const DEFAULT_RANGE_LABEL: &str = "ballistic range proof";
/// The label multi-asset proofs get when the caller names none.
pub const DEFAULT_ASSETS_LABEL: &str = "ballistic multi-asset proof";
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
    /// A file of another group than the one expected.
    WrongGroup {
        /// The file's group.
        file: String,
        /// The group expected.
        expected: &'static str,
    },
    /// A file made under another transcript label than the verifier's
    /// (refused before any decoding).
    WrongLabel {
        /// The file's label.
        file: String,
        /// The label expected.
        expected: String,
    },
    /// A `profile` that names no supported deployed format.
    UnknownProfile(String),
    /// A field that is not allowed, or not valid, in this kind of file.
    Field {
        /// The field's name.
        field: &'static str,
        /// Why.
        reason: &'static str,
    },
    /// A `system` that names no supported proof system.
    UnknownSystem {
        /// What the file said.
        got: String,
        /// What it may say.
        expected: &'static str,
    },
    /// A range proof file of another proof system than the verifier pinned
    /// ([`RangePins::system`]; refused before any decoding).
    WrongSystem {
        /// The file's system.
        file: String,
        /// The system expected.
        expected: &'static str,
    },
    /// A range proof file in another format than the verifier pinned
    /// ([`RangePins::profile`]: a deployed format's, or ballistic's own;
    /// refused before any decoding).
    WrongProfile {
        /// The file's profile (`None`: ballistic's own format).
        file: Option<String>,
        /// The profile expected (`None`: ballistic's own format).
        expected: Option<&'static str>,
    },
    /// A range proof file proving values in another range than the one
    /// the verifier pinned ([`RangePins::interval`], or
    /// [`RangePins::bits`]: `[0, 2^bits)`): an interval proof where a range
    /// proof is expected, the other way round, or another interval (refused
    /// before any decoding).
    RangeMismatch {
        /// The verifier's range (`"[0, 2^32)"`, `"[10, 99]"`).
        expected: String,
        /// The file's.
        file: String,
    },
    /// A range proof file binding other extra data than the verifier
    /// pinned ([`RangePins::extra`]; refused before any decoding).
    WrongExtra {
        /// The file's, hex (`None`: none; at most 70 characters quoted).
        file: Option<String>,
        /// The verifier's, hex (`None`: none; at most 70 characters quoted).
        expected: Option<String>,
    },
    /// A Grin proof file on another value generator than the verifier
    /// pinned ([`RangePins::value_generator`]; refused before any decoding).
    WrongValueGenerator {
        /// The file's, hex (`None`: none, Grin's `H`; at most 70 characters quoted).
        file: Option<String>,
        /// The verifier's, hex.
        expected: String,
    },
    /// A range proof file whose commitments are not the ones the verifier
    /// pinned ([`RangePins::commitments`]; refused before any decoding).
    WrongCommitment {
        /// The first position where they differ.
        index: usize,
        /// The file's commitment there, hex (`None`: the file has fewer).
        file: Option<String>,
        /// The verifier's, hex (`None`: the verifier pinned fewer).
        expected: Option<String>,
    },
    /// A label longer than [`MAX_LABEL`].
    LabelTooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// `bits` outside `1..=64`.
    Bits(usize),
    /// A proof of values of other bits than the verifier pinned (refused
    /// before any decoding).
    BitsMismatch {
        /// The verifier's bits.
        expected: usize,
        /// The file's.
        got: usize,
    },
    /// A value generator of a multi-asset proof file (or a verifier's pin)
    /// that cannot be one.
    ValueGenerator {
        /// Its position.
        index: usize,
        /// Why.
        reason: &'static str,
    },
    /// A value generator of a multi-asset proof file that is not among the
    /// ones the verifier pinned ([`MultiAssetPins::value_generators`];
    /// refused before the proof is decoded).
    UnpinnedGenerator {
        /// Its position.
        index: usize,
        /// The generator, hex.
        generator: String,
    },
    /// A line of a multi-asset secrets file ([`parse_asset_lines`]) that is
    /// not an output.
    AssetSecret {
        /// Line (1-based).
        line: usize,
        /// Which field of the line.
        field: &'static str,
        /// Why.
        reason: &'static str,
    },
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
    /// A blinding that is zero: the commitment would hide nothing (a small
    /// value or a Merkle position is found by trying them all).
    ZeroBlinding {
        /// Its position.
        index: usize,
    },
    /// A Monero proof file whose `bits` is not Monero's (exactly
    /// [`crate::compat::monero::BITS`]).
    MoneroBits(usize),
    /// A Monero proof file with a number of commitments outside
    /// `1..=`[`crate::compat::monero::MAX_OUTPUTS`].
    MoneroOutputs(usize),
    /// A batch of circuit proofs larger than [`MAX_CIRCUIT_BATCH_GATES`]
    /// padded multiplication gates in all (refused before any work).
    BatchTooLarge {
        /// The batch's padded gates (the sum over its proofs).
        padded_gates: usize,
        /// The limit.
        max: usize,
    },
    /// A public value of a circuit proof file that is not the one the
    /// verifier pinned (`--inputs` / `--expect`), or a public wire on one
    /// side only.
    Statement {
        /// `"input"` or `"output"`.
        what: &'static str,
        /// The wire.
        wire: usize,
        /// The proof file's value (`None`: the file has none for the wire).
        file: Option<String>,
        /// The pinned value (`None`: the wire is not in the pinned statement).
        pinned: Option<String>,
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
    /// A line of a leaves file that is not a leaf.
    Leaf {
        /// Line (1-based).
        line: usize,
    },
    /// A Merkle depth outside `1..=64`.
    Depth(usize),
    /// A number of leaves that does not fit the tree.
    Leaves {
        /// The leaves given.
        count: usize,
        /// The tree's depth.
        depth: usize,
    },
    /// A hex field that is not a canonical element of the scalar field.
    FieldElement {
        /// Which field.
        field: String,
    },
    /// The root is not the one expected (a tree file whose leaves do not
    /// give its root, or a proof for another root).
    RootMismatch,
    /// A membership proof for a tree of another depth than the
    /// verifier's (refused before any decoding, circuit or generators).
    DepthMismatch {
        /// The verifier's depth (of its tree file, or given with its root).
        expected: usize,
        /// The depth the proof file claims.
        got: usize,
    },
    /// More leaves than a tree file may hold ([`MAX_TREE_LEAVES`]), whatever
    /// the depth.
    TooManyLeaves {
        /// The leaves given.
        count: usize,
        /// [`MAX_TREE_LEAVES`].
        max: usize,
    },
    /// No leaf at that position.
    LeafIndex {
        /// The position asked for.
        index: u64,
        /// The leaves the tree has.
        leaves: usize,
    },
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
            FileError::WrongGroup { file, expected } => write!(f, "a {file} file where a {expected} one is expected"),
            FileError::WrongLabel { file, expected } => {
                write!(f, "made under the label {file:?}, where the verifier's is {expected:?}")
            }
            FileError::UnknownProfile(p) => write!(f, "unsupported profile {p:?} (expected \"grin\" or \"monero\")"),
            FileError::Field { field, reason } => write!(f, "{field}: {reason}"),
            FileError::UnknownSystem { got, expected } => write!(f, "unsupported system {got:?} (expected {expected})"),
            FileError::WrongSystem { file, expected } => {
                write!(f, "a {file:?} proof, where the verifier's system is {expected:?}")
            }
            FileError::WrongProfile { file, expected } => {
                let format = |p: Option<&str>| match p {
                    Some(p) => format!("the {p:?} profile"),
                    None => "ballistic's own format (no profile)".to_string(),
                };
                write!(f, "a proof in {}, where the verifier's is {}", format(file.as_deref()), format(*expected))
            }
            FileError::RangeMismatch { expected, file } => {
                write!(f, "a proof of values in {file}, where the verifier's range is {expected}")
            }
            FileError::WrongExtra { file, expected } => {
                let shown = |e: &Option<String>| match e {
                    Some(e) => format!("extra data {e}"),
                    None => "no extra data".to_string(),
                };
                write!(f, "a proof binding {}, where the verifier's binds {}", shown(file), shown(expected))
            }
            FileError::WrongValueGenerator { file, expected } => match file {
                Some(file) => {
                    write!(f, "a proof on the value generator {file}, where the verifier's is {expected}")
                }
                None => write!(f, "a proof on Grin's H, where the verifier's value generator is {expected}"),
            },
            FileError::WrongCommitment { index, file, expected } => match (file, expected) {
                (Some(file), Some(expected)) => {
                    write!(f, "commitment #{index} is {file} in the proof, where the verifier's is {expected}")
                }
                (None, Some(expected)) => {
                    write!(f, "the proof has no commitment #{index}, where the verifier's is {expected}")
                }
                (Some(file), None) => {
                    write!(f, "the proof has a commitment #{index} ({file}) the verifier did not pin")
                }
                (None, None) => write!(f, "commitment #{index}: not the verifier's"),
            },
            FileError::LabelTooLong { len } => write!(f, "label of {len} bytes: at most {MAX_LABEL}"),
            FileError::Bits(bits) => write!(f, "bits {bits} out of range 1..={MAX_BITS}"),
            FileError::BitsMismatch { expected, got } => {
                write!(f, "a proof of {got}-bit values, where the verifier's are {expected}-bit")
            }
            FileError::ValueGenerator { index, reason } => write!(f, "value generator #{index}: {reason}"),
            FileError::UnpinnedGenerator { index, generator } => {
                write!(f, "value generator #{index} ({generator}) is not one the verifier pinned")
            }
            FileError::AssetSecret { line, field, reason } => write!(f, "line {line}: {field}: {reason}"),
            FileError::Commitments(count) => write!(f, "{count} commitments: must be 1..={MAX_VALUES}"),
            FileError::Hex { field } => write!(f, "{field}: bad hex"),
            FileError::Commitment { index, group } => write!(f, "commitment #{index}: not a valid {group} point"),
            FileError::Blinding { index, reason } => write!(f, "blinding #{index}: {reason}"),
            FileError::BlindingCount { values, blindings } => {
                write!(f, "{values} values but {blindings} blindings (give one per value, or none)")
            }
            FileError::WireValue { what, index, wire, error } => write!(f, "{what} #{index} (wire {wire}): {error}"),
            FileError::ZeroBlinding { index } => write!(
                f,
                "blinding #{index}: zero (the commitment would hide nothing: small values and Merkle positions \
                 are found by trying them); give a random blinding, or none"
            ),
            FileError::MoneroBits(bits) => {
                write!(f, "bits {bits}: Monero proofs are of {}-bit amounts exactly", crate::compat::monero::BITS)
            }
            FileError::MoneroOutputs(count) => {
                write!(f, "{count} commitments: Monero proofs have 1..={} outputs", crate::compat::monero::MAX_OUTPUTS)
            }
            FileError::BatchTooLarge { padded_gates, max } => write!(
                f,
                "the batch has {padded_gates} padded multiplication gates in all (about 48 bytes each while \
                 verifying): at most {max} per batch; verify in smaller batches"
            ),
            FileError::Statement { what, wire, file, pinned } => {
                let short = |v: &str| match v.char_indices().nth(70) {
                    Some((at, _)) => format!("{}…", v.get(..at).unwrap_or_default()),
                    None => v.to_string(),
                };
                match (file, pinned) {
                    (Some(file), Some(pinned)) => write!(
                        f,
                        "{what} wire {wire} is {} in the proof file, not the pinned {}",
                        short(file),
                        short(pinned)
                    ),
                    (None, Some(pinned)) => {
                        write!(f, "{what} wire {wire} is pinned to {} but absent from the proof file", short(pinned))
                    }
                    (Some(file), None) => write!(
                        f,
                        "{what} wire {wire} ({}) is in the proof file but not a public {what} of the circuit",
                        short(file)
                    ),
                    (None, None) => write!(f, "{what} wire {wire}: statement mismatch"),
                }
            }
            FileError::Multipliers { file, circuit } => {
                write!(f, "the proof is for a circuit with {file} multiplication gates; this one has {circuit}")
            }
            FileError::Decode(e) => write!(f, "proof: {e}"),
            FileError::Proof(e) => write!(f, "{e}"),
            FileError::Circuit(e) => write!(f, "{e}"),
            FileError::Leaf { line } => {
                write!(f, "line {line}: not a leaf (a decimal number below 2^64, or 64 lowercase hex digits)")
            }
            FileError::Depth(depth) => write!(f, "Merkle depth {depth} out of range 1..=64"),
            FileError::Leaves { count, depth } => {
                write!(f, "{count} leaves do not fit a tree of depth {depth} (1 ..= 2^depth)")
            }
            FileError::FieldElement { field } => write!(f, "{field}: not a canonical field element"),
            FileError::RootMismatch => write!(f, "wrong root"),
            FileError::DepthMismatch { expected, got } => {
                write!(f, "a proof for a tree of depth {got}, where the tree has depth {expected}")
            }
            FileError::TooManyLeaves { count, max } => write!(f, "{count} leaves: a tree file holds at most {max}"),
            FileError::LeafIndex { index, leaves } => write!(f, "no leaf {index} (the tree has {leaves} leaves)"),
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

/// Refuse a label longer than [`MAX_LABEL`] (front-ends call it before
/// slow work — reading a circuit, opening a socket — to fail early).
pub fn check_label(label: &str) -> Result<(), FileError> {
    if label.len() > MAX_LABEL {
        return Err(FileError::LabelTooLong { len: label.len() });
    }
    Ok(())
}

/// The verifier's pins every proof file of values in a range shares —
/// group, label, bits — checked against what a file claims before anything
/// in it is decoded (range files: [`RangePins`]; multi-asset files:
/// [`MultiAssetPins`]). `None`: not pinned.
fn check_statement_pins(
    file_group: &str,
    file_label: &str,
    file_bits: usize,
    group: Option<GroupId>,
    label: Option<&str>,
    bits: Option<usize>,
) -> Result<(), FileError> {
    // The label's length first: a refusal quotes the file's label.
    check_label(file_label)?;
    if let Some(group) = group.filter(|g| g.name() != file_group) {
        return Err(FileError::WrongGroup { file: file_group.to_string(), expected: group.name() });
    }
    if let Some(label) = label.filter(|l| *l != file_label) {
        return Err(FileError::WrongLabel { file: file_label.to_string(), expected: label.to_string() });
    }
    match bits {
        Some(expected) if expected != file_bits => Err(FileError::BitsMismatch { expected, got: file_bits }),
        _ => Ok(()),
    }
}

/// Verify `claims` (the `k`-th made from file `indices[k]`) as one batch
/// with generators derived only now, after every claim has replayed:
/// `(file index, reason)` for each invalid one.
fn verify_claims<G: crate::group::Group, R: rand_core::RngCore + rand_core::CryptoRng>(
    indices: &[usize],
    claims: &[&dyn crate::batch::Claim<G>],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let generators = |chains, per_chain| crate::generators::Generators::<G>::new(per_chain, chains);
    match crate::batch::verify_with_generators(generators, claims, rng) {
        Ok(()) => Vec::new(),
        Err(e) => e
            .invalid
            .into_iter()
            .filter_map(|(k, reason)| indices.get(k).map(|i| (*i, FileError::Proof(reason))))
            .collect(),
    }
}

/// At most 70 characters of `text` (a hostile file's field, quoted in an
/// error or a report), with `…` when cut.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(70) {
        Some((at, _)) => format!("{}…", text.get(..at).unwrap_or_default()),
        None => text.to_string(),
    }
}

fn group_of(name: &str) -> Result<GroupId, FileError> {
    GroupId::from_name(name).ok_or_else(|| FileError::UnknownGroup(name.into()))
}

/// Parse a JSON file of at most `max` bytes (checked before parsing);
/// `what` names a malformed one.
fn parse_json<T: serde::de::DeserializeOwned>(text: &[u8], max: usize, what: &'static str) -> Result<T, FileError> {
    if text.len() > max {
        return Err(FileError::TooLarge { len: text.len(), max });
    }
    serde_json::from_slice(text).map_err(|e| FileError::Json { what, reason: e.to_string() })
}

fn json_text<T: Serialize>(value: &T) -> String {
    // Serializing these plain structs cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}
