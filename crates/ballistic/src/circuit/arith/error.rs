//! [`ArithError`]: why a circuit or value file was refused, naming the line.

use alloc::string::String;

/// Why a circuit or value file was refused, naming the line (1-based; 0
/// when the problem is not on one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArithError {
    /// Reading failed.
    Io {
        /// The I/O error.
        message: String,
    },
    /// A statement that does not parse.
    Malformed {
        /// Line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A gate name the format does not have.
    UnknownGate {
        /// Line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A wire used before any statement defines it.
    UndefinedWire {
        /// Line.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// A wire defined twice.
    Redefined {
        /// Line.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// A wire number not below `total`.
    WireOutOfRange {
        /// Line.
        line: usize,
        /// The wire.
        wire: usize,
        /// The circuit's wire count.
        total: usize,
    },
    /// A hexadecimal constant or value with a non-hex digit.
    BadHex {
        /// Line.
        line: usize,
        /// The text.
        text: String,
    },
    /// A constant or value longer than 256 bits.
    ConstantTooLarge {
        /// Line.
        line: usize,
    },
    /// A constant or value that is not below the group order (the file was
    /// generated for another field).
    NotInField {
        /// Line (of the circuit or the value file).
        line: usize,
    },
    /// A value that is not in its one encoding (proof files: lowercase,
    /// no leading zeros, as [`scalar_to_hex`](super::scalar_to_hex) writes it).
    NonCanonical {
        /// Position (1-based) of the value in its list.
        line: usize,
    },
    /// A wire given a value twice in one value file.
    Duplicate {
        /// Line of the second value.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// A public or witness input without a value.
    MissingInput {
        /// The wire.
        wire: usize,
    },
    /// A value given for a wire that is not an input of the circuit.
    NotAnInput {
        /// Line of the value file.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// A value given, in a verifier's file of public inputs, for a wire
    /// that is not a public input (a witness input, or no input at all).
    NotPublic {
        /// Line of the value file.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// An output's evaluated value differs from the expected one.
    WrongOutput {
        /// The output wire.
        wire: usize,
    },
    /// The circuit exceeds a size limit (named) at this line.
    TooLarge {
        /// Line (0: the file as a whole).
        line: usize,
        /// What is too large.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
}

impl core::fmt::Display for ArithError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ArithError::Io { message } => write!(f, "read error: {message}"),
            ArithError::Malformed { line, message } => write!(f, "line {line}: {message}"),
            ArithError::UnknownGate { line, name } => write!(f, "line {line}: unknown gate `{name}`"),
            ArithError::UndefinedWire { line, wire } => {
                write!(f, "line {line}: wire {wire} is used before it is defined")
            }
            ArithError::Redefined { line, wire } => write!(f, "line {line}: wire {wire} is defined twice"),
            ArithError::WireOutOfRange { line, wire, total } => {
                write!(f, "line {line}: wire {wire} is out of range (total {total})")
            }
            ArithError::BadHex { line, text } => write!(f, "line {line}: bad hexadecimal `{text}`"),
            ArithError::ConstantTooLarge { line } => write!(f, "line {line}: constant longer than 256 bits"),
            ArithError::NotInField { line } => {
                write!(f, "line {line}: constant is not below the group order (circuit made for another field?)")
            }
            ArithError::NonCanonical { line } => {
                write!(f, "line {line}: not canonical hex (lowercase, no leading zeros)")
            }
            ArithError::Duplicate { line, wire } => write!(f, "line {line}: wire {wire} is given a value twice"),
            ArithError::MissingInput { wire } => write!(f, "no value for input wire {wire}"),
            ArithError::NotAnInput { line, wire } => {
                write!(f, "line {line}: wire {wire} is not an input of the circuit")
            }
            ArithError::NotPublic { line, wire } => {
                write!(f, "line {line}: wire {wire} is not a public input of the circuit (give public inputs only)")
            }
            ArithError::WrongOutput { wire } => write!(f, "output wire {wire} does not evaluate to the expected value"),
            ArithError::TooLarge { line, what, limit } => {
                write!(f, "line {line}: the circuit has more {what} than the limit of {limit}")
            }
        }
    }
}

impl core::error::Error for ArithError {}
