//! Errors of proving, decoding and verifying: [`ProofError`].
//!
//! One enum for every proof type, so that a batch of mixed proofs reports
//! one error type; [`ProofError::kind`] sorts its variants into what a
//! caller acts on ([`ErrorKind`]): bytes that are not a proof, a malformed
//! statement, a proof that does not verify, a prover that refused its
//! input, generators that are too small, a failed recovery. Every variant
//! says what was wrong; none carries secret data (a value that is out of
//! range is named by its index, never printed). Errors of other concerns
//! have their own types: `range::mpc::MpcError` (names the cheating
//! parties), `circuit::arith::ArithError` (names the line), and the proof
//! files' `file::FileError`.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// Why a proof could not be created, decoded or verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// A shape a deployed format does not have (Grin's bit sizes and value
    /// counts, Monero's 1 to 16 outputs).
    UnsupportedShape {
        /// The format (`"Grin"`, `"Monero"`).
        format: &'static str,
        /// What it supports.
        reason: &'static str,
        /// The value given.
        got: usize,
    },
    /// A Grin minimum value `≥ 2³²`: secp256k1-zkp's verifier reads minimum
    /// values as 32-bit numbers (so it rejects every honest proof with such
    /// a minimum), and ballistic refuses them when proving, verifying and
    /// rewinding (see [`crate::compat::grin`]).
    MinValueTooLarge {
        /// Which value's minimum.
        index: usize,
        /// The minimum given (public).
        min: u64,
    },
    /// The bit size `n` is outside `1..=64`.
    InvalidBitsize {
        /// The requested number of bits.
        bits: usize,
    },
    /// The number of aggregated values `m` is outside `1..=64`.
    InvalidAggregation {
        /// The requested number of values.
        values: usize,
    },
    /// The prover was given a different number of blindings than values.
    WrongNumBlindings {
        /// Number of values.
        values: usize,
        /// Number of blindings.
        blindings: usize,
    },
    /// The value at this index is not in `[0, 2^n)`.
    ValueOutOfRange {
        /// Position of the offending value.
        index: usize,
        /// The bit size it had to fit in.
        bits: usize,
    },
    /// The generators do not cover the statement's size.
    InsufficientGenerators {
        /// Parties (generator chains) needed.
        parties_needed: usize,
        /// Generators per chain needed.
        per_party_needed: usize,
    },
    /// The proof's byte length cannot be a proof, or does not match the
    /// statement's `n` and `m`.
    WrongLength {
        /// What the length should have been (0 if no length fits).
        expected: usize,
        /// The length that was given.
        got: usize,
    },
    /// A scalar field at this byte offset is not a canonical encoding (≥ ℓ).
    NonCanonicalScalar {
        /// Byte offset of the scalar in the proof.
        offset: usize,
    },
    /// A point field at this byte offset is not a valid canonical encoding.
    InvalidPoint {
        /// Byte offset of the point in the proof.
        offset: usize,
    },
    /// A commitment is not a valid canonical point encoding.
    InvalidCommitment {
        /// Position of the commitment.
        index: usize,
    },
    /// A vector commitment of a circuit statement
    /// ([`Verifier::commit_vec`](crate::circuit::Verifier::commit_vec)) is
    /// not a valid point encoding.
    InvalidVectorCommitment {
        /// Position of the vector commitment.
        index: usize,
    },
    /// A vector commitment of a circuit statement that is empty or longer
    /// than [`MAX_VECTOR_LEN`](crate::circuit::MAX_VECTOR_LEN).
    InvalidVectorLength {
        /// Position of the vector commitment.
        index: usize,
        /// Its length.
        len: usize,
        /// The longest allowed.
        max: usize,
    },
    /// More vector commitments in one circuit statement than
    /// [`MAX_VECTOR_COMMITMENTS`](crate::circuit::MAX_VECTOR_COMMITMENTS).
    TooManyVectorCommitments {
        /// The most allowed.
        max: usize,
    },
    /// A value generator (multi-asset proofs, [`MultiAssetStatement`](crate::range::MultiAssetStatement)) is
    /// not a valid point encoding, or is the identity.
    InvalidValueGenerator {
        /// Position of the generator.
        index: usize,
    },
    /// A multi-asset statement with a different number of value
    /// generators than commitments (or values).
    WrongNumGenerators {
        /// Number of values or commitments.
        values: usize,
        /// Number of value generators.
        generators: usize,
    },
    /// A proof point that must not be the identity is the identity.
    IdentityPoint {
        /// The transcript label of the point (`A`, `S`, `T_1`, `L`, ...).
        label: &'static str,
    },
    /// The number of commitments does not match the proof.
    WrongNumCommitments {
        /// Expected count.
        expected: usize,
        /// Given count.
        got: usize,
    },
    /// An interval `[lo, hi]` with `lo > hi`.
    InvalidInterval {
        /// Lower end.
        lo: u64,
        /// Upper end.
        hi: u64,
    },
    /// The value is outside the interval it is to be proved in.
    ValueOutsideInterval {
        /// Lower end.
        lo: u64,
        /// Upper end.
        hi: u64,
    },
    /// Owner recovery found no opening: wrong seed, context, statement, or a
    /// proof not made for recovery.
    RecoveryFailed,
    /// An owner-recovery output id that is empty or too long (see
    /// [`crate::range::MAX_OUTPUT_ID`]).
    InvalidOutputId {
        /// Its length in bytes.
        len: usize,
        /// The longest allowed.
        max: usize,
    },
    /// A recoverable proof's message is longer than the payload holds for
    /// its number of values (see [`crate::range::message_capacity`]).
    MessageTooLong {
        /// The message's length in bytes.
        len: usize,
        /// The most it may have for this number of values.
        capacity: usize,
    },
    /// A `tari_bulletproofs_plus` proof with an extension degree other than
    /// 1 (several blinding bases), which ballistic does not support.
    UnsupportedExtensionDegree {
        /// The degree byte of the encoding.
        degree: u8,
    },
    /// A constraint-system prover was not given a value it needs (a gadget
    /// passed `None` as the prover's assignment).
    MissingAssignment,
    /// The prover's assignment does not satisfy every constraint: no proof
    /// is produced.
    Unsatisfied,
    /// A constraint names a variable the constraint system never created.
    InvalidVariable,
    /// The circuit has more multiplication gates than a proof supports.
    CircuitTooLarge {
        /// Multiplication gates requested.
        multipliers: usize,
    },
    /// The proof has (or lacks) second-phase commitments that the
    /// statement does not (or does) have.
    PhaseMismatch,
    /// A gadget refused its input (the message says why).
    Gadget {
        /// What was wrong.
        message: String,
    },
    /// The proof is well-formed but the verification equation does not hold.
    VerificationFailed,
}

/// What kind of failure a [`ProofError`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The bytes are not an encoding of a proof (length, a non-canonical
    /// scalar, an invalid point): a parse failure.
    Decode,
    /// The statement itself is malformed (shape out of range, a commitment
    /// that is not a point, an empty interval).
    Statement,
    /// The proof decodes and the statement is well formed, but the proof
    /// does not prove it (the equation fails, an identity point, a proof of
    /// another shape or phase).
    Verification,
    /// The prover refused its input (a value out of range, an unsatisfied
    /// circuit, a missing assignment, a gadget's refusal).
    Prover,
    /// The generators do not cover the statement, or the circuit is larger
    /// than a proof supports.
    Setup,
    /// Owner recovery found no opening.
    Recovery,
}

impl ProofError {
    /// The same error for a proof embedded at byte `base` of an enclosing
    /// encoding: field offsets count from the enclosing proof's start.
    pub(crate) fn within(self, base: usize) -> Self {
        match self {
            ProofError::NonCanonicalScalar { offset } => ProofError::NonCanonicalScalar { offset: base + offset },
            ProofError::InvalidPoint { offset } => ProofError::InvalidPoint { offset: base + offset },
            other => other,
        }
    }

    /// Which kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        use ProofError::*;
        match self {
            NonCanonicalScalar { .. } | InvalidPoint { .. } | UnsupportedExtensionDegree { .. } => ErrorKind::Decode,
            WrongLength { .. } => ErrorKind::Decode,
            InvalidBitsize { .. }
            | UnsupportedShape { .. }
            | MinValueTooLarge { .. }
            | InvalidAggregation { .. }
            | InvalidCommitment { .. }
            | InvalidVectorCommitment { .. }
            | InvalidVectorLength { .. }
            | TooManyVectorCommitments { .. }
            | InvalidValueGenerator { .. }
            | WrongNumGenerators { .. }
            | WrongNumCommitments { .. }
            | InvalidInterval { .. } => ErrorKind::Statement,
            IdentityPoint { .. } | PhaseMismatch | VerificationFailed => ErrorKind::Verification,
            WrongNumBlindings { .. }
            | ValueOutOfRange { .. }
            | ValueOutsideInterval { .. }
            | MissingAssignment
            | Unsatisfied
            | InvalidVariable
            | InvalidOutputId { .. }
            | MessageTooLong { .. }
            | Gadget { .. } => ErrorKind::Prover,
            InsufficientGenerators { .. } | CircuitTooLarge { .. } => ErrorKind::Setup,
            RecoveryFailed => ErrorKind::Recovery,
        }
    }

    /// The bytes were not a proof (see [`ErrorKind::Decode`]).
    pub fn is_decode_error(&self) -> bool {
        self.kind() == ErrorKind::Decode
    }

    /// A well-formed proof that does not verify (see [`ErrorKind::Verification`]).
    pub fn is_verification_failure(&self) -> bool {
        self.kind() == ErrorKind::Verification
    }
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofError::UnsupportedShape { format, reason, got } => write!(f, "{format}: {reason} (got {got})"),
            ProofError::MinValueTooLarge { index, min } => write!(
                f,
                "Grin: minimum value #{index} is {min}: must be below 2^32 (secp256k1-zkp's verifier reads minimum values as 32-bit numbers and rejects such proofs)"
            ),
            ProofError::InvalidBitsize { bits } => {
                write!(f, "invalid bit size {bits}: must be in 1..=64")
            }
            ProofError::InvalidAggregation { values } => {
                write!(f, "invalid number of values {values}: must be in 1..=64")
            }
            ProofError::WrongNumBlindings { values, blindings } => {
                write!(f, "{values} values but {blindings} blindings")
            }
            ProofError::ValueOutOfRange { index, bits } => {
                write!(f, "value #{index} is not in [0, 2^{bits})")
            }
            ProofError::InsufficientGenerators { parties_needed, per_party_needed } => {
                write!(f, "generators too small: need {parties_needed} chains of {per_party_needed} generators")
            }
            ProofError::WrongLength { expected: 0, got } => {
                write!(f, "wrong proof length {got}: no proof has this length")
            }
            ProofError::WrongLength { expected, got } => {
                write!(f, "wrong proof length {got}: expected {expected} bytes")
            }
            ProofError::NonCanonicalScalar { offset } => {
                write!(f, "non-canonical scalar at byte {offset}")
            }
            ProofError::InvalidPoint { offset } => write!(f, "invalid point encoding at byte {offset}"),
            ProofError::InvalidCommitment { index } => {
                write!(f, "commitment #{index} is not a valid point encoding")
            }
            ProofError::InvalidVectorCommitment { index } => {
                write!(f, "vector commitment #{index} is not a valid point encoding")
            }
            ProofError::InvalidVectorLength { index, len, max } => {
                write!(f, "vector commitment #{index} has {len} entries: must be 1..={max}")
            }
            ProofError::TooManyVectorCommitments { max } => {
                write!(f, "too many vector commitments: at most {max} per statement")
            }
            ProofError::InvalidValueGenerator { index } => {
                write!(f, "value generator #{index} is not a valid point encoding, or is the identity")
            }
            ProofError::WrongNumGenerators { values, generators } => {
                write!(f, "{values} values but {generators} value generators")
            }
            ProofError::IdentityPoint { label } => write!(f, "proof point {label} is the identity"),
            ProofError::WrongNumCommitments { expected, got } => {
                write!(f, "expected {expected} commitments, got {got}")
            }
            ProofError::InvalidInterval { lo, hi } => write!(f, "invalid interval [{lo}, {hi}]: lower end above upper"),
            ProofError::ValueOutsideInterval { lo, hi } => write!(f, "value is outside [{lo}, {hi}]"),
            ProofError::InvalidOutputId { len, max } => {
                write!(f, "output id of {len} bytes: must be 1..={max} bytes, unique per output")
            }
            ProofError::RecoveryFailed => {
                write!(f, "recovery failed: wrong seed or context, or not a recoverable proof")
            }
            ProofError::MessageTooLong { len, capacity } => {
                write!(f, "message of {len} bytes is too long: at most {capacity} bytes for this number of values")
            }
            ProofError::UnsupportedExtensionDegree { degree } => {
                write!(f, "extension degree {degree} is not supported (only 1)")
            }
            ProofError::MissingAssignment => write!(f, "the prover is missing a variable assignment"),
            ProofError::Unsatisfied => write!(f, "the assignment does not satisfy the constraints"),
            ProofError::InvalidVariable => {
                write!(f, "a constraint uses a variable the constraint system did not create")
            }
            ProofError::CircuitTooLarge { multipliers } => {
                write!(f, "circuit too large: {multipliers} multiplication gates")
            }
            ProofError::PhaseMismatch => {
                write!(f, "proof and statement disagree on second-phase (randomized) commitments")
            }
            ProofError::Gadget { message } => write!(f, "gadget error: {message}"),
            ProofError::VerificationFailed => write!(f, "proof rejected: verification equation failed"),
        }
    }
}

impl core::error::Error for ProofError {}

/// Why a batch was rejected: the indices of the invalid proofs, in order,
/// each with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchError {
    /// `(index, reason)` for every invalid proof.
    pub invalid: Vec<(usize, ProofError)>,
}

impl BatchError {
    /// Just the indices.
    pub fn indices(&self) -> Vec<usize> {
        self.invalid.iter().map(|(i, _)| *i).collect()
    }
}

impl core::fmt::Display for BatchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} invalid proof(s):", self.invalid.len())?;
        for (i, e) in &self.invalid {
            write!(f, " #{i} ({e})")?;
        }
        Ok(())
    }
}

impl core::error::Error for BatchError {}
