//! [`FileError`]: why a proof file could not be read, made or verified.

use crate::circuit::arith::ArithError;
use crate::errors::ProofError;
use crate::group::GroupId;
use crate::range::{MAX_BITS, MAX_VALUES};

use super::MAX_LABEL;

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
    /// ([`RangePins::system`](super::RangePins::system); refused before any decoding).
    WrongSystem {
        /// The file's system.
        file: String,
        /// The system expected.
        expected: &'static str,
    },
    /// A range proof file in another format than the verifier pinned
    /// ([`RangePins::profile`](super::RangePins::profile): a deployed format's, or ballistic's own;
    /// refused before any decoding).
    WrongProfile {
        /// The file's profile (`None`: ballistic's own format).
        file: Option<String>,
        /// The profile expected (`None`: ballistic's own format).
        expected: Option<&'static str>,
    },
    /// A range proof file proving values in another range than the one
    /// the verifier pinned ([`RangePins::interval`](super::RangePins::interval), or
    /// [`RangePins::bits`](super::RangePins::bits): `[0, 2^bits)`): an interval proof where a range
    /// proof is expected, the other way round, or another interval (refused
    /// before any decoding).
    RangeMismatch {
        /// The verifier's range (`"[0, 2^32)"`, `"[10, 99]"`).
        expected: String,
        /// The file's.
        file: String,
    },
    /// A range proof file binding other extra data than the verifier
    /// pinned ([`RangePins::extra`](super::RangePins::extra); refused before any decoding).
    WrongExtra {
        /// The file's, hex (`None`: none; at most 70 characters quoted).
        file: Option<String>,
        /// The verifier's, hex (`None`: none; at most 70 characters quoted).
        expected: Option<String>,
    },
    /// A Grin proof file on another value generator than the verifier
    /// pinned ([`RangePins::value_generator`](super::RangePins::value_generator); refused before any decoding).
    WrongValueGenerator {
        /// The file's, hex (`None`: none, Grin's `H`; at most 70 characters quoted).
        file: Option<String>,
        /// The verifier's, hex.
        expected: String,
    },
    /// A range proof file whose commitments are not the ones the verifier
    /// pinned ([`RangePins::commitments`](super::RangePins::commitments); refused before any decoding).
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
    /// ones the verifier pinned ([`MultiAssetPins::value_generators`](super::MultiAssetPins::value_generators);
    /// refused before the proof is decoded).
    UnpinnedGenerator {
        /// Its position.
        index: usize,
        /// The generator, hex.
        generator: String,
    },
    /// A line of a multi-asset secrets file ([`parse_asset_lines`](super::parse_asset_lines)) that is
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
    /// A batch of circuit proofs larger than [`MAX_CIRCUIT_BATCH_GATES`](super::MAX_CIRCUIT_BATCH_GATES)
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
    /// More leaves than a tree file may hold ([`MAX_TREE_LEAVES`](super::MAX_TREE_LEAVES)), whatever
    /// the depth.
    TooManyLeaves {
        /// The leaves given.
        count: usize,
        /// [`MAX_TREE_LEAVES`](super::MAX_TREE_LEAVES).
        max: usize,
    },
    /// No leaf at that position.
    LeafIndex {
        /// The position asked for.
        index: u64,
        /// The leaves the tree has.
        leaves: usize,
    },
    /// A line of a keys file that is not a public key.
    KeyLine {
        /// Line (1-based).
        line: usize,
    },
    /// A key of a key tree that is not a secp256k1 point.
    Key {
        /// Its position.
        index: usize,
    },
    /// Two keys of a key tree with one `x` (the same key, or a key and its
    /// negation).
    DuplicateKey {
        /// The first one's position.
        first: usize,
        /// The second one's.
        second: usize,
    },
    /// A number of keys outside `1 ..=` the tree shape's capacity.
    KeyCount {
        /// The keys given.
        count: usize,
        /// The shape's capacity.
        capacity: u64,
    },
    /// The secret key is not one of the tree's keys.
    KeyNotInTree,
    /// A proof for a tree of another shape than the verifier's.
    BranchingMismatch {
        /// The verifier's branching.
        expected: Vec<usize>,
        /// The file's.
        got: Vec<usize>,
    },
    /// A proof for another context or message than the verifier's.
    WrongScope {
        /// `"context"` or `"message"`.
        field: &'static str,
    },
    /// A valid ownership proof whose key image an earlier valid proof of the
    /// same call carries: one key used twice in the context.
    KeyImageReused {
        /// The earlier proof's position.
        first: usize,
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
            FileError::KeyLine { line } => write!(
                f,
                "line {line}: not a secp256k1 public key (66 lowercase hex digits, SEC1 compressed, or 64, BIP-340 x-only)"
            ),
            FileError::Key { index } => write!(f, "key #{index}: not a secp256k1 point (SEC1 compressed, lowercase hex)"),
            FileError::DuplicateKey { first, second } => {
                write!(
                    f,
                    "the keys at positions {first} and {second} (from 0) have one x-coordinate (the same key, or a key \
                     and its negation)"
                )
            }
            FileError::KeyCount { count, capacity } => {
                write!(f, "{count} keys do not fit the tree's shape (1 ..= {capacity})")
            }
            FileError::KeyNotInTree => write!(f, "the secret key's public key is not in the tree"),
            FileError::BranchingMismatch { expected, got } => {
                write!(f, "a proof for a tree of branching {got:?}, where the tree's is {expected:?}")
            }
            FileError::WrongScope { field } => write!(f, "made for another {field} than the verifier's"),
            FileError::KeyImageReused { first } => {
                write!(f, "the key image of proof {first} (from 0) of this batch: one key used twice in the context")
            }
        }
    }
}

impl std::error::Error for FileError {}
