//! The one mapping from library errors to Python exceptions.
//!
//! Python sees a small hierarchy: `BallisticError` ⊃ `InvalidInput`,
//! `DecodeError`, `VerificationError`, `CircuitError`, `MpcError` (whose
//! `bad_parties` names who cheated). Library errors arrive typed and are
//! sorted here by type, never by their text: [`ProofError`] by its
//! [`kind`](ProofError::kind), [`mpc::MpcError`] with the parties it blames,
//! [`ArithError`] (circuit files). The same `ProofError` can mean different
//! things to the caller — a commitment that is not a point is a bad argument
//! to a prover but a bad encoding to a decoder — so each call site states
//! what it was [`Doing`] (with [`When::when`]) and [`From<Error> for PyErr`]
//! alone decides the class.

use std::path::PathBuf;

use ::ballistic::circuit::ArithError;
use ::ballistic::file::FileError;
use ::ballistic::range::mpc;
use ::ballistic::{ErrorKind, ProofError};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(ballistic, BallisticError, PyException, "Base class of every error raised by ballistic.");
create_exception!(ballistic, InvalidInput, BallisticError, "An argument is out of range or malformed.");
create_exception!(ballistic, DecodeError, BallisticError, "Bytes or JSON that are not a valid encoding.");
create_exception!(ballistic, VerificationError, BallisticError, "A proof was rejected (the message says why).");
create_exception!(ballistic, CircuitError, BallisticError, "An .arith circuit or .in file was refused.");
create_exception!(ballistic, MpcError, BallisticError, "A multi-party run failed; `bad_parties` names who cheated.");

/// Add the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BallisticError", py.get_type_bound::<BallisticError>())?;
    m.add("InvalidInput", py.get_type_bound::<InvalidInput>())?;
    m.add("DecodeError", py.get_type_bound::<DecodeError>())?;
    m.add("VerificationError", py.get_type_bound::<VerificationError>())?;
    m.add("CircuitError", py.get_type_bound::<CircuitError>())?;
    m.add("MpcError", py.get_type_bound::<MpcError>())?;
    Ok(())
}

/// What the module was doing when the library refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Doing {
    /// Proving, or building a statement from the caller's arguments: the
    /// error's kind decides (a bad argument is `InvalidInput`).
    Proving,
    /// Decoding bytes or JSON together with their statement: whatever is
    /// wrong, the encoding is refused (`DecodeError`).
    Decoding,
    /// Verifying a decoded proof, or recovering its openings: the proof is
    /// refused and the message says why (`VerificationError`).
    Verifying,
    /// Parsing, evaluating or proving a circuit: the circuit or its inputs
    /// are refused (`CircuitError`).
    Circuit,
}

/// Every failure of the module, typed until it becomes a Python exception.
#[derive(Debug)]
pub(crate) enum Error {
    /// The library refused a proof operation.
    Proof(Doing, ProofError),
    /// The library refused a circuit file, input file or value.
    Arith(Doing, ArithError),
    /// A multi-party round failed (names the cheating parties).
    Mpc(mpc::MpcError),
    /// A multi-party call out of order (`what` says which).
    OutOfOrder(&'static str),
    /// An argument the module checks itself (a length, a name).
    InvalidInput(String),
    /// Bytes or text that do not decode.
    Decode(String),
    /// A proof refused for a reason the module checks itself.
    Rejected(String),
    /// Reading or writing a file.
    Io(PathBuf, std::io::Error),
    /// Anything else (e.g. JSON that cannot be written).
    Other(String),
    /// Python raised.
    Py(PyErr),
}

/// The module's results.
pub(crate) type Result<T> = std::result::Result<T, Error>;

/// Attach what the module was doing to a library error.
pub(crate) trait When<T> {
    /// The error, refused while `doing`.
    fn when(self, doing: Doing) -> Result<T>;
}

impl<T> When<T> for std::result::Result<T, ProofError> {
    fn when(self, doing: Doing) -> Result<T> {
        self.map_err(|e| Error::Proof(doing, e))
    }
}

impl<T> When<T> for std::result::Result<T, ArithError> {
    fn when(self, doing: Doing) -> Result<T> {
        self.map_err(|e| Error::Arith(doing, e))
    }
}

impl<T> When<T> for std::result::Result<T, FileError> {
    /// A proof-file error: a proof refused by the library keeps its kind
    /// (with `doing`); when verifying, a proof for another root, depth,
    /// branching, context or message, or a key image an earlier proof of
    /// the call carries, is a refusal; a position outside the tree or a
    /// secret key not in it is a bad argument, and so is, when proving
    /// (or building a tree), a field or system the format does not allow,
    /// a blinding count that does not match, or leaves or keys that are
    /// malformed, repeated or too many; anything else is a decoding error.
    fn when(self, doing: Doing) -> Result<T> {
        self.map_err(|e| match e {
            FileError::Proof(p) => Error::Proof(doing, p),
            FileError::RootMismatch
            | FileError::DepthMismatch { .. }
            | FileError::BranchingMismatch { .. }
            | FileError::WrongScope { .. }
            | FileError::KeyImageReused { .. }
                if doing == Doing::Verifying =>
            {
                Error::Rejected(e.to_string())
            }
            FileError::LeafIndex { .. } | FileError::LabelTooLong { .. } | FileError::KeyNotInTree => {
                Error::InvalidInput(e.to_string())
            }
            FileError::Leaves { .. }
            | FileError::TooManyLeaves { .. }
            | FileError::Depth(_)
            | FileError::Field { .. }
            | FileError::UnknownSystem { .. }
            | FileError::BlindingCount { .. }
            | FileError::ZeroBlinding { .. }
            | FileError::KeyLine { .. }
            | FileError::Key { .. }
            | FileError::DuplicateKey { .. }
            | FileError::KeyCount { .. }
                if doing == Doing::Proving =>
            {
                Error::InvalidInput(e.to_string())
            }
            _ => Error::Decode(e.to_string()),
        })
    }
}

impl From<mpc::MpcError> for Error {
    fn from(e: mpc::MpcError) -> Self {
        Error::Mpc(e)
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Error::Py(e)
    }
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        match e {
            Error::Proof(doing, e) => {
                let message = e.to_string();
                match (doing, e.kind()) {
                    (Doing::Decoding, _) => DecodeError::new_err(message),
                    (Doing::Verifying, _) => VerificationError::new_err(message),
                    (Doing::Circuit, _) => CircuitError::new_err(message),
                    (Doing::Proving, ErrorKind::Decode) => DecodeError::new_err(message),
                    (Doing::Proving, ErrorKind::Verification | ErrorKind::Recovery) => {
                        VerificationError::new_err(message)
                    }
                    (Doing::Proving, ErrorKind::Statement | ErrorKind::Prover | ErrorKind::Setup) => {
                        InvalidInput::new_err(message)
                    }
                }
            }
            Error::Arith(Doing::Decoding, e) => DecodeError::new_err(e.to_string()),
            Error::Arith(_, e) => CircuitError::new_err(e.to_string()),
            Error::Mpc(e) => mpc_error(e.to_string(), e.bad_parties().to_vec()),
            Error::OutOfOrder(what) => mpc_error(format!("out of order: {what}"), Vec::new()),
            Error::InvalidInput(message) => InvalidInput::new_err(message),
            Error::Decode(message) => DecodeError::new_err(message),
            Error::Rejected(message) => VerificationError::new_err(message),
            Error::Io(path, e) => BallisticError::new_err(format!("{}: {e}", path.display())),
            Error::Other(message) => BallisticError::new_err(message),
            Error::Py(e) => e,
        }
    }
}

/// An `MpcError` with its `bad_parties` attribute (`create_exception!`
/// classes take no fields, so it is set on the instance).
fn mpc_error(message: String, bad_parties: Vec<usize>) -> PyErr {
    Python::with_gil(|py| {
        let err = MpcError::new_err(message);
        match err.value_bound(py).setattr("bad_parties", bad_parties) {
            Ok(()) => err,
            Err(e) => e,
        }
    })
}
