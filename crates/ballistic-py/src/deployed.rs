//! Range proofs in deployed formats: Grin's Bulletproofs and Monero's
//! Bulletproofs+ / original Bulletproofs, exactly as those chains transmit
//! them. A `GrinProof` or `MoneroProof` holds the library's proof file
//! (`ballistic::file::RangeProofFile` with a `profile`, the file
//! `ballistic range prove --profile grin|monero` writes); proving,
//! decoding, verification, batches and rewinding are the library's
//! (`ballistic::file::profile`), this module only converts arguments.
//!
//! A proof that comes from outside (`from_bytes`, `from_json`, `load`) is
//! decoded strictly by the library (`RangeProofFile::check_profile`: every
//! field, the statement and the proof's encoding) and verified only when
//! asked; the verdict is kept for `verify` / `check`.

use std::sync::OnceLock;

use ::ballistic::compat::{grin, monero};
use ::ballistic::file::{self, FileError, Profile, RangeProofFile, MAX_RANGE_FILE};
use ::ballistic::group::{Scalar, ScalarOps};
use ::ballistic::hazmat::{from_hex, to_hex};
use ::ballistic::{Ed25519, RangeSystem, Secp256k1};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;
use zeroize::Zeroizing;

use crate::error::{Doing, Error, Result, When};
use crate::formats;
use crate::groups;
use crate::range::system_of;

/// A proof file in a deployed format, with its verdict once known.
struct Deployed {
    file: RangeProofFile,
    /// `Ok(())`, or the library's refusal of the proof (`FileError::Proof`).
    verdict: OnceLock<std::result::Result<(), FileError>>,
}

impl PartialEq for Deployed {
    /// The same proof file (the verdict follows from it).
    fn eq(&self, other: &Self) -> bool {
        self.file == other.file
    }
}

impl Deployed {
    /// A file the library just proved: verified only when asked.
    fn proved(file: RangeProofFile) -> Deployed {
        Deployed { file, verdict: OnceLock::new() }
    }

    /// A file from outside, decoded strictly (the library's
    /// `check_profile`: every field and the proof's encoding, not the
    /// verification equation); anything refused is a `DecodeError`.
    fn decoded(py: Python<'_>, file: RangeProofFile) -> Result<Deployed> {
        py.allow_threads(|| file.check_profile()).when(Doing::Decoding)?;
        Ok(Deployed { file, verdict: OnceLock::new() })
    }

    /// `Ok(())`, or the reason the proof is refused (`VerificationError`).
    fn verdict(&self, py: Python<'_>) -> Result<()> {
        let verdict = match self.verdict.get() {
            Some(v) => v,
            None => {
                let v = py.allow_threads(|| self.file.verify());
                self.verdict.get_or_init(|| v)
            }
        };
        verdict.clone().when(Doing::Verifying)
    }

    fn proof_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &unhex(&self.file.proof)).unbind()
    }

    fn commitments(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        groups::bytes_list(py, self.file.commitments.iter().map(|h| unhex(h)))
    }

    fn proof_len(&self) -> usize {
        self.file.proof.len() / 2
    }
}

/// A hex field of a file the library made or decoded (so valid hex).
fn unhex(hex: &str) -> Vec<u8> {
    from_hex(hex).unwrap_or_default()
}

fn hex_list(items: &[Vec<u8>]) -> Vec<String> {
    items.iter().map(|b| to_hex(b)).collect()
}

/// A 32-byte secret copied into a buffer wiped on drop (only its length is
/// checked here).
fn secret32(what: &str, bytes: &[u8]) -> Result<Zeroizing<[u8; 32]>> {
    if bytes.len() != 32 {
        return Err(Error::InvalidInput(format!("{what}: must be 32 bytes, got {}", bytes.len())));
    }
    let mut out = Zeroizing::new([0u8; 32]);
    out.copy_from_slice(bytes);
    Ok(out)
}

/// The nonce given (32 bytes), or 32 random bytes.
fn nonce_or_random(what: &str, nonce: Option<&[u8]>) -> Result<Zeroizing<[u8; 32]>> {
    match nonce {
        Some(bytes) => secret32(what, bytes),
        None => {
            let mut out = Zeroizing::new([0u8; 32]);
            rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut out[..]);
            Ok(out)
        }
    }
}

fn not_canonical(what: &str) -> Error {
    Error::InvalidInput(format!("{what}: not a canonical scalar (must be below the group order)"))
}

/// A proof file of either class (for `verify_deployed_batch`).
#[derive(FromPyObject)]
pub(crate) enum AnyDeployed<'py> {
    #[pyo3(annotation = "GrinProof")]
    Grin(Bound<'py, GrinProof>),
    #[pyo3(annotation = "MoneroProof")]
    Monero(Bound<'py, MoneroProof>),
}

impl AnyDeployed<'_> {
    fn file(&self) -> &RangeProofFile {
        match self {
            AnyDeployed::Grin(p) => &p.get().inner.file,
            AnyDeployed::Monero(p) => &p.get().inner.file,
        }
    }
}

/// Verify Grin and Monero proofs in one batch per generator set (Grin's,
/// Monero's Bulletproofs+, Monero's Bulletproofs); returns the indices of
/// the invalid ones (empty: all valid).
#[pyfunction]
pub(crate) fn verify_deployed_batch(py: Python<'_>, proofs: Vec<AnyDeployed<'_>>) -> Vec<usize> {
    let files: Vec<std::result::Result<RangeProofFile, FileError>> =
        proofs.iter().map(|p| Ok(p.file().clone())).collect();
    let bad = py.allow_threads(|| file::verify_range_files(&files, &mut rand_core::OsRng));
    bad.into_iter().map(|(i, _)| i).collect()
}

// ---------------------------------------------------------------- Grin

/// A Grin Bulletproof (secp256k1-zkp's encoding) with its statement: the
/// commitments in Grin's 33-byte encoding, bits, minimum value, extra data
/// and value generator.
#[pyclass(module = "ballistic", frozen, eq)]
#[derive(PartialEq)]
pub(crate) struct GrinProof {
    inner: Deployed,
}

#[pymethods]
impl GrinProof {
    /// Prove, as Grin does: every value in `[0, 2**bits)` (with
    /// `min_value`, one value, below `2**32` as Grin's verifier requires,
    /// also `min_value <= value` and `value - min_value < 2**bits`). Deterministic in the
    /// blindings (Grin's 32-byte big-endian secret keys; random if not
    /// given) and the nonces (32 bytes each; random if not given). The
    /// 20-byte `message` (single values) is recovered by `rewind`, and so
    /// is the blinding if `private_nonce` is the rewind nonce. Returns the
    /// proof and the commitments.
    #[staticmethod]
    #[pyo3(signature = (values, blindings = None, *, bits = 64, rewind_nonce = None, private_nonce = None, message = None, min_value = None, extra = None, value_generator = None))]
    fn prove(
        py: Python<'_>,
        values: Vec<u64>,
        blindings: Option<Vec<PyBackedBytes>>,
        bits: usize,
        rewind_nonce: Option<&[u8]>,
        private_nonce: Option<&[u8]>,
        message: Option<&[u8]>,
        min_value: Option<u64>,
        extra: Option<&[u8]>,
        value_generator: Option<&[u8]>,
    ) -> Result<(GrinProof, Vec<Py<PyBytes>>)> {
        let openings = match &blindings {
            None => values
                .iter()
                .map(|&value| grin::GrinOpening {
                    value,
                    blinding: <Scalar<Secp256k1> as ScalarOps>::random(&mut rand_core::OsRng),
                })
                .collect::<Vec<_>>(),
            Some(list) if list.len() == values.len() => values
                .iter()
                .zip(list)
                .enumerate()
                .map(|(i, (&value, b))| {
                    let what = format!("blinding #{i}");
                    let blinding =
                        grin::scalar_from_bytes(&*secret32(&what, b)?).ok_or_else(|| not_canonical(&what))?;
                    Ok(grin::GrinOpening { value, blinding })
                })
                .collect::<Result<Vec<_>>>()?,
            Some(list) => {
                return Err(FileError::BlindingCount { values: values.len(), blindings: list.len() })
                    .when(Doing::Proving)
            }
        };
        let nonces = grin::GrinNonces {
            rewind: *nonce_or_random("rewind_nonce", rewind_nonce)?,
            private: *nonce_or_random("private_nonce", private_nonce)?,
        };
        let message = message
            .map(|m| {
                <[u8; grin::MESSAGE_LEN]>::try_from(m).map_err(|_| {
                    Error::InvalidInput(format!("message: must be {} bytes, got {}", grin::MESSAGE_LEN, m.len()))
                })
            })
            .transpose()?;
        let value_gen = value_generator
            .map(|g| {
                let bytes = <[u8; 33]>::try_from(g)
                    .map_err(|_| Error::InvalidInput(format!("value_generator: must be 33 bytes, got {}", g.len())))?;
                grin::generator_from_bytes(&bytes).ok_or_else(|| {
                    Error::InvalidInput(
                        "value_generator: not a secp256k1-zkp generator encoding of a curve point".into(),
                    )
                })
            })
            .transpose()?;
        let min_values = min_value.map(|v| [v]);
        let options = grin::GrinProveOptions {
            n_bits: bits,
            value_gen,
            min_values: min_values.as_ref().map(|m| &m[..]),
            extra_commit: extra,
            message,
        };
        let (file, _openings) =
            py.allow_threads(|| RangeProofFile::prove_grin(&openings, &nonces, &options)).when(Doing::Proving)?;
        let proof = GrinProof { inner: Deployed::proved(file) };
        let commitments = proof.inner.commitments(py);
        Ok((proof, commitments))
    }

    /// A proof from Grin's bytes and its statement; decoding is strict.
    #[staticmethod]
    #[pyo3(signature = (proof, commitments, bits = 64, min_value = None, extra = None, value_generator = None))]
    fn from_bytes(
        py: Python<'_>,
        proof: &[u8],
        commitments: Vec<Vec<u8>>,
        bits: usize,
        min_value: Option<u64>,
        extra: Option<&[u8]>,
        value_generator: Option<&[u8]>,
    ) -> Result<GrinProof> {
        let file = RangeProofFile {
            profile: Some(Profile::Grin.name().into()),
            system: RangeSystem::Bulletproofs.name().into(),
            group: Profile::Grin.group_name().into(),
            label: String::new(),
            bits,
            commitments: hex_list(&commitments),
            proof: to_hex(proof),
            min_value,
            extra: extra.map(to_hex),
            value_generator: value_generator.map(to_hex),
            ..RangeProofFile::default()
        };
        Ok(GrinProof { inner: Deployed::decoded(py, file)? })
    }

    /// Recover `(value, blinding, message)` with the prover's rewind nonce
    /// (single-value proofs): the blinding (32 bytes, big-endian) is `None`
    /// unless the private nonce was the rewind nonce. Raises
    /// `VerificationError` for a wrong nonce.
    fn rewind(&self, py: Python<'_>, rewind_nonce: &[u8]) -> Result<(u64, Option<Py<PyBytes>>, Py<PyBytes>)> {
        let nonce = secret32("rewind_nonce", rewind_nonce)?;
        let values = self.inner.file.commitments.len();
        if values != 1 {
            return Err(Error::InvalidInput(format!(
                "only single-value proofs can be rewound (this one has {values})"
            )));
        }
        let rewound = py.allow_threads(|| self.inner.file.rewind_grin(&nonce)).when(Doing::Verifying)?;
        let blinding = rewound
            .blinding
            .as_ref()
            .map(|b| PyBytes::new_bound(py, &Zeroizing::new(grin::scalar_to_bytes(b))[..]).unbind());
        Ok((rewound.value, blinding, PyBytes::new_bound(py, &rewound.message).unbind()))
    }

    /// `True` iff the proof verifies for its statement.
    fn verify(&self, py: Python<'_>) -> bool {
        self.inner.verdict(py).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>) -> Result<()> {
        self.inner.verdict(py)
    }

    /// The proof bytes, exactly as Grin has them.
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        self.inner.proof_bytes(py)
    }

    fn __bytes__(&self, py: Python<'_>) -> Py<PyBytes> {
        self.to_bytes(py)
    }

    fn __len__(&self) -> usize {
        self.inner.proof_len()
    }

    /// The proof file as JSON (`ballistic range prove --profile grin`'s format).
    fn to_json(&self) -> String {
        formats::deployed_to_json(&self.inner.file)
    }

    /// A proof from a Grin proof file's JSON; strict.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> Result<GrinProof> {
        let file = formats::deployed_from_json(text, Profile::Grin)?;
        Ok(GrinProof { inner: Deployed::decoded(py, file)? })
    }

    /// Write the JSON proof file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, &self.to_json())
    }

    /// Read a JSON proof file.
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> Result<GrinProof> {
        Self::from_json(py, &formats::read(&path, MAX_RANGE_FILE)?)
    }

    #[getter]
    fn bits(&self) -> usize {
        self.inner.file.bits
    }
    /// The commitments, in Grin's 33-byte encoding.
    #[getter]
    fn commitments(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        self.inner.commitments(py)
    }
    #[getter]
    fn min_value(&self) -> Option<u64> {
        self.inner.file.min_value
    }
    #[getter]
    fn extra(&self, py: Python<'_>) -> Option<Py<PyBytes>> {
        self.inner.file.extra.as_deref().map(|h| PyBytes::new_bound(py, &unhex(h)).unbind())
    }
    /// The value generator (33 bytes), `None` for Grin's `H`.
    #[getter]
    fn value_generator(&self, py: Python<'_>) -> Option<Py<PyBytes>> {
        self.inner.file.value_generator.as_deref().map(|h| PyBytes::new_bound(py, &unhex(h)).unbind())
    }

    fn __repr__(&self) -> String {
        let f = &self.inner.file;
        format!("GrinProof(bits={}, values={}, bytes={})", f.bits, f.commitments.len(), self.inner.proof_len())
    }
}

// ---------------------------------------------------------------- Monero

/// A Monero range proof (Bulletproofs+, RingCT type 6, or the original
/// Bulletproofs, types 4–5) in Monero's serialization, with its output
/// commitments (32 bytes each, as `outPk` holds them).
#[pyclass(module = "ballistic", frozen, eq)]
#[derive(PartialEq)]
pub(crate) struct MoneroProof {
    inner: Deployed,
}

#[pymethods]
impl MoneroProof {
    /// Prove 1 to 16 64-bit amounts as Monero does. Masks are random
    /// unless given (32-byte little-endian canonical scalars, one per
    /// amount). Returns the proof and the output commitments.
    #[staticmethod]
    #[pyo3(signature = (amounts, masks = None, system = "bulletproofs-plus"))]
    fn prove(
        py: Python<'_>,
        amounts: Vec<u64>,
        masks: Option<Vec<PyBackedBytes>>,
        system: &str,
    ) -> Result<(MoneroProof, Vec<Py<PyBytes>>)> {
        let system = system_of(system)?;
        let masks = Zeroizing::new(
            masks
                .iter()
                .flatten()
                .enumerate()
                .map(|(i, m)| {
                    let what = format!("mask #{i}");
                    <Scalar<Ed25519> as ScalarOps>::from_canonical_bytes(&*secret32(&what, m)?)
                        .ok_or_else(|| not_canonical(&what))
                })
                .collect::<Result<Vec<_>>>()?,
        );
        let (file, _openings) = py
            .allow_threads(|| RangeProofFile::prove_monero(system, &amounts, &masks, &mut rand_core::OsRng))
            .when(Doing::Proving)?;
        let proof = MoneroProof { inner: Deployed::proved(file) };
        let commitments = proof.inner.commitments(py);
        Ok((proof, commitments))
    }

    /// A proof from Monero's bytes and its output commitments; decoding is strict.
    #[staticmethod]
    #[pyo3(signature = (proof, commitments, system = "bulletproofs-plus"))]
    fn from_bytes(py: Python<'_>, proof: &[u8], commitments: Vec<Vec<u8>>, system: &str) -> Result<MoneroProof> {
        let file = RangeProofFile {
            profile: Some(Profile::Monero.name().into()),
            system: system_of(system)?.name().into(),
            group: Profile::Monero.group_name().into(),
            label: String::new(),
            bits: monero::BITS,
            commitments: hex_list(&commitments),
            proof: to_hex(proof),
            ..RangeProofFile::default()
        };
        Ok(MoneroProof { inner: Deployed::decoded(py, file)? })
    }

    /// `True` iff the proof verifies for its commitments.
    fn verify(&self, py: Python<'_>) -> bool {
        self.inner.verdict(py).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>) -> Result<()> {
        self.inner.verdict(py)
    }

    /// The proof bytes in Monero's serialization.
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        self.inner.proof_bytes(py)
    }

    fn __bytes__(&self, py: Python<'_>) -> Py<PyBytes> {
        self.to_bytes(py)
    }

    fn __len__(&self) -> usize {
        self.inner.proof_len()
    }

    /// The proof file as JSON (`ballistic range prove --profile monero`'s format).
    fn to_json(&self) -> String {
        formats::deployed_to_json(&self.inner.file)
    }

    /// A proof from a Monero proof file's JSON; strict.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> Result<MoneroProof> {
        let file = formats::deployed_from_json(text, Profile::Monero)?;
        Ok(MoneroProof { inner: Deployed::decoded(py, file)? })
    }

    /// Write the JSON proof file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, &self.to_json())
    }

    /// Read a JSON proof file.
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> Result<MoneroProof> {
        Self::from_json(py, &formats::read(&path, MAX_RANGE_FILE)?)
    }

    /// `"bulletproofs-plus"` or `"bulletproofs"`.
    #[getter]
    fn system(&self) -> String {
        self.inner.file.system.clone()
    }
    /// The output commitments (32 bytes each).
    #[getter]
    fn commitments(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        self.inner.commitments(py)
    }

    fn __repr__(&self) -> String {
        let f = &self.inner.file;
        format!("MoneroProof(system={:?}, values={}, bytes={})", f.system, f.commitments.len(), self.inner.proof_len())
    }
}
