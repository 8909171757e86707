//! The `ballistic` Python module: a thin layer over the Rust library.
//!
//! Everything crosses the boundary as `bytes`, `int`, `str` and lists of
//! them; proof objects hold the same JSON structures as the command-line
//! tool's files (so `to_json`/`from_json` interoperate with `ballistic range
//! verify` and `ballistic circuit verify`). Long operations (proving,
//! verifying, batches, circuits) release the GIL. Errors are exceptions of
//! a small hierarchy rooted at `BallisticError`; no input crashes the
//! interpreter (the library has no panics on untrusted input, and PyO3
//! turns any panic into an exception).

// pyo3 0.22's `create_exception!` tests a `gil-refs` feature this crate does not declare.
#![allow(unexpected_cfgs)]
// pyo3 0.22's #[pyfunction]/#[pymethods] expansion converts PyErr into itself.
#![allow(clippy::useless_conversion)]

use std::sync::OnceLock;

use ::ballistic::circuit::arith::{scalar_from_hex, Circuit as ArithCircuit};
use ::ballistic::encoding::{decode_point, from_hex, to_hex};
use ::ballistic::group::{Group, ScalarOps};
use ::ballistic::merlin::Transcript;
use ::ballistic::range::bulletproofs_plus::Opening;
use ::ballistic::range::mpc::{
    self, BitChallenge, BitCommitment, MpcError as RustMpcError, PolyChallenge, PolyCommitment, ProofShare,
};
use ::ballistic::{
    BulletproofGens, Interval, IntervalProof as RustIntervalProof, PedersenGens, ProofError,
    RangeProof as RustRangeProof, RangeProofPlus, RangeShape, Ristretto255, Secp256k1,
};
use ballistic_cli::circuits::{self, CircuitProofFile};
use ballistic_cli::files::{self, label_bytes, GroupName, ProofFile, System, DEFAULT_LABEL, MAX_LABEL};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

create_exception!(ballistic, BallisticError, PyException, "Base class of every error raised by ballistic.");
create_exception!(ballistic, InvalidInput, BallisticError, "An argument is out of range or malformed.");
create_exception!(ballistic, DecodeError, BallisticError, "Bytes or JSON that are not a valid encoding.");
create_exception!(ballistic, VerificationError, BallisticError, "A proof was rejected (the message says why).");
create_exception!(ballistic, CircuitError, BallisticError, "An .arith circuit or .in file was refused.");
create_exception!(ballistic, MpcError, BallisticError, "A multi-party run failed; `bad_parties` names who cheated.");

const GROUPS: [&str; 2] = ["ristretto255", "secp256k1"];

fn group_of(name: &str) -> PyResult<GroupName> {
    GroupName::from_file_name(name).map_err(InvalidInput::new_err)
}

fn system_of(name: &str) -> PyResult<System> {
    match name {
        "bulletproofs" => Ok(System::Bulletproofs),
        "bulletproofs-plus" | "bpplus" => Ok(System::BulletproofsPlus),
        other => Err(InvalidInput::new_err(format!(
            "unknown system {other:?} (expected \"bulletproofs\" or \"bulletproofs-plus\")"
        ))),
    }
}

fn check_label(label: &str) -> PyResult<()> {
    if label.len() > MAX_LABEL {
        return Err(InvalidInput::new_err(format!("label of {} bytes: at most {MAX_LABEL}", label.len())));
    }
    Ok(())
}

/// Run `$body` with `$G` the group named by `$g`.
macro_rules! dispatch {
    ($g:expr, $G:ident => $body:expr) => {
        match $g {
            GroupName::Ristretto255 => {
                type $G = Ristretto255;
                $body
            }
            GroupName::Secp256k1 => {
                type $G = Secp256k1;
                $body
            }
        }
    };
}

/// A proof file's text, read for `load` (I/O errors name the path).
fn read_text(path: &std::path::Path) -> PyResult<String> {
    std::fs::read_to_string(path).map_err(|e| BallisticError::new_err(format!("{}: {e}", path.display())))
}

/// Write a proof file's text for `save`.
fn write_text(path: &std::path::Path, text: String) -> PyResult<()> {
    std::fs::write(path, text).map_err(|e| BallisticError::new_err(format!("{}: {e}", path.display())))
}

/// Process-wide generators per group. They grow on demand to the next
/// power of two in each dimension (at most 64 per chain × 128 chains, what
/// the largest padded range shape uses), so a process derives each point
/// once and pays only for the shapes it uses. Each superseded set stays
/// allocated (MPC parties borrow them for `'static`); powers of two bound
/// that to less than the final set's size again.
trait StaticGens: Group {
    fn gens_for(per_chain: usize, chains: usize) -> &'static BulletproofGens<Self>;
    fn pc() -> &'static PedersenGens<Self>;

    /// Generators for a range proof of `values` values of `bits` bits (any
    /// small set if the shape is invalid: the prover or verifier then
    /// reports the shape).
    fn range_gens(bits: usize, values: usize) -> &'static BulletproofGens<Self> {
        match RangeShape::new(bits, values) {
            Ok(shape) => Self::gens_for(shape.gens_per_party_needed(), shape.parties_needed()),
            Err(_) => Self::gens_for(1, 1),
        }
    }

    /// Generators for an interval proof.
    fn interval_gens(interval: Interval) -> &'static BulletproofGens<Self> {
        let shape = interval.shape();
        Self::gens_for(shape.gens_per_party_needed(), shape.parties_needed())
    }
}

/// The generator set of `current` if it covers the request, else a larger
/// one (derived and leaked, see [`StaticGens`]).
fn grow_gens<G: Group>(
    current: &std::sync::Mutex<Option<&'static BulletproofGens<G>>>,
    per_chain: usize,
    chains: usize,
) -> &'static BulletproofGens<G> {
    let mut slot = current.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(g) = *slot {
        if g.gens_capacity() >= per_chain && g.party_capacity() >= chains {
            return g;
        }
    }
    let (have_n, have_m) = slot.map_or((1, 1), |g| (g.gens_capacity(), g.party_capacity()));
    let n = have_n.max(per_chain.clamp(1, 64).next_power_of_two());
    let m = have_m.max(chains.clamp(1, 128).next_power_of_two());
    let grown: &'static BulletproofGens<G> = Box::leak(Box::new(BulletproofGens::new(n, m)));
    *slot = Some(grown);
    grown
}

macro_rules! static_gens {
    ($G:ty) => {
        impl StaticGens for $G {
            fn gens_for(per_chain: usize, chains: usize) -> &'static BulletproofGens<$G> {
                static GENS: std::sync::Mutex<Option<&'static BulletproofGens<$G>>> = std::sync::Mutex::new(None);
                grow_gens(&GENS, per_chain, chains)
            }
            fn pc() -> &'static PedersenGens<$G> {
                static PC: OnceLock<PedersenGens<$G>> = OnceLock::new();
                PC.get_or_init(PedersenGens::default)
            }
        }
    };
}
static_gens!(Ristretto255);
static_gens!(Secp256k1);

fn scalar_from_bytes<G: Group>(what: &str, bytes: &[u8]) -> PyResult<G::Scalar> {
    let arr: [u8; 32] = bytes
        .try_into()
        .map_err(|_| InvalidInput::new_err(format!("{what}: must be 32 bytes, got {}", bytes.len())))?;
    G::Scalar::from_canonical_bytes(&arr)
        .ok_or_else(|| InvalidInput::new_err(format!("{what}: not a canonical scalar (must be below the group order)")))
}

fn point_from_bytes<G: Group>(what: &str, bytes: &[u8]) -> PyResult<G::Compressed> {
    decode_point::<G>(bytes)
        .map(|p| p.compressed)
        .ok_or_else(|| DecodeError::new_err(format!("{what}: not a valid {} point encoding", G::NAME)))
}

fn unhex(what: &str, hex: &str) -> PyResult<Vec<u8>> {
    from_hex(hex).ok_or_else(|| DecodeError::new_err(format!("{what}: invalid hex")))
}

fn bytes_list(py: Python<'_>, items: impl IntoIterator<Item = Vec<u8>>) -> Vec<Py<PyBytes>> {
    items.into_iter().map(|b| PyBytes::new_bound(py, &b).unbind()).collect()
}

// ---------------------------------------------------------------- commitments

/// A uniformly random blinding factor (32 bytes, canonical scalar).
#[pyfunction]
#[pyo3(signature = (group = "ristretto255"))]
fn random_blinding(py: Python<'_>, group: &str) -> PyResult<Py<PyBytes>> {
    let bytes = dispatch!(group_of(group)?, G => ScalarOps::to_bytes(&<<G as Group>::Scalar as ScalarOps>::random(&mut rand_core::OsRng)));
    Ok(PyBytes::new_bound(py, &bytes).unbind())
}

/// The Pedersen commitment `value·B + blinding·B̃` (compressed point bytes).
#[pyfunction]
#[pyo3(signature = (value, blinding, group = "ristretto255"))]
fn commit(py: Python<'_>, value: u64, blinding: &[u8], group: &str) -> PyResult<Py<PyBytes>> {
    let bytes = dispatch!(group_of(group)?, G => {
        let b = scalar_from_bytes::<G>("blinding", blinding)?;
        let c = G::compress(&G::pc().commit(&<G as Group>::Scalar::from_u64(value), &b));
        G::compressed_bytes(&c).to_vec()
    });
    Ok(PyBytes::new_bound(py, &bytes).unbind())
}

// ---------------------------------------------------------------- range proofs

/// A range proof (Bulletproofs or Bulletproofs+) with its statement: the
/// commitments, bit size, transcript label, system and group.
#[pyclass(module = "ballistic", frozen, eq)]
#[derive(Clone, PartialEq)]
struct RangeProof {
    file: ProofFile,
}

/// Check that the file decodes strictly (lengths, canonical scalars, valid
/// points), without verifying.
fn check_decodes(file: &ProofFile) -> PyResult<()> {
    let system = system_of(&file.system)?;
    let group = group_of(&file.group)?;
    check_label(&file.label)?;
    let bytes = unhex("proof", &file.proof)?;
    let m = file.commitments.len();
    dispatch!(group, G => {
        for (i, c) in file.commitments.iter().enumerate() {
            point_from_bytes::<G>(&format!("commitment #{i}"), &unhex("commitment", c)?)?;
        }
        let decoded = match system {
            System::Bulletproofs => RustRangeProof::<G>::from_bytes_for(&bytes, file.bits, m).map(|_| ()),
            System::BulletproofsPlus => RangeProofPlus::<G>::from_bytes_for(&bytes, file.bits, m).map(|_| ()),
        };
        decoded.map_err(|e| DecodeError::new_err(format!("proof: {e}")))
    })
}

#[pymethods]
impl RangeProof {
    /// Prove that every value lies in `[0, 2**bits)`. Returns the proof and
    /// the commitments (one per value). Blindings are random unless given
    /// (32 bytes each, one per value).
    #[staticmethod]
    #[pyo3(signature = (values, bits, blindings = None, label = DEFAULT_LABEL, system = "bulletproofs", group = "ristretto255"))]
    fn prove(
        py: Python<'_>,
        values: Vec<u64>,
        bits: usize,
        blindings: Option<Vec<Vec<u8>>>,
        label: &str,
        system: &str,
        group: &str,
    ) -> PyResult<(RangeProof, Vec<Py<PyBytes>>)> {
        let (system, group_name) = (system_of(system)?, group_of(group)?);
        check_label(label)?;
        let blindings: Vec<String> = match blindings {
            None => Vec::new(),
            Some(list) => {
                if list.len() != values.len() {
                    return Err(InvalidInput::new_err(format!("{} values but {} blindings", values.len(), list.len())));
                }
                for (i, b) in list.iter().enumerate() {
                    dispatch!(group_name, G => scalar_from_bytes::<G>(&format!("blinding #{i}"), b).map(|_| ()))?;
                }
                list.iter().map(|b| to_hex(b)).collect()
            }
        };
        let label = label.to_string();
        let file = py
            .allow_threads(|| {
                dispatch!(group_name, G => files::prove_file_with::<G>(
                    G::range_gens(bits, values.len()), G::pc(), system, bits, &values, &blindings, &label,
                ))
            })
            .map_err(InvalidInput::new_err)?;
        let proof = RangeProof { file };
        let commitments = proof.commitment_bytes()?;
        Ok((proof, bytes_list(py, commitments)))
    }

    /// Prove with owner recovery (Bulletproofs+ only, at most 3 values):
    /// every nonce and blinding derives from `seed` (32 bytes) and the
    /// statement, so `recover(seed)` returns the values and blindings.
    #[staticmethod]
    #[pyo3(signature = (values, bits, seed, label = DEFAULT_LABEL, group = "ristretto255"))]
    fn prove_recoverable(
        py: Python<'_>,
        values: Vec<u64>,
        bits: usize,
        seed: &[u8],
        label: &str,
        group: &str,
    ) -> PyResult<(RangeProof, Vec<Py<PyBytes>>)> {
        check_label(label)?;
        let seed: [u8; 32] = seed.try_into().map_err(|_| InvalidInput::new_err("seed: must be 32 bytes"))?;
        let label_owned = label.to_string();
        let file = dispatch!(group_of(group)?, G => py.allow_threads(|| {
            let (proof, commitments, _blindings) = RangeProofPlus::<G>::prove_recoverable(
                G::range_gens(bits, values.len()), G::pc(), &mut Transcript::new(label_bytes(&label_owned)), &values, bits, &seed,
            ).map_err(|e| e.to_string())?;
            Ok::<_, String>(ProofFile {
                system: "bulletproofs-plus".into(),
                group: G::NAME.into(),
                label: label_owned.clone(),
                bits,
                commitments: commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect(),
                proof: to_hex(&proof.to_bytes()),
            })
        }))
        .map_err(InvalidInput::new_err)?;
        let proof = RangeProof { file };
        let commitments = proof.commitment_bytes()?;
        Ok((proof, bytes_list(py, commitments)))
    }

    /// Recover `[(value, blinding), …]` with the seed the proof was made
    /// with; raises `VerificationError` for a wrong seed or a proof not made
    /// for recovery.
    fn recover(&self, py: Python<'_>, seed: &[u8]) -> PyResult<Vec<(u64, Py<PyBytes>)>> {
        let seed: [u8; 32] = seed.try_into().map_err(|_| InvalidInput::new_err("seed: must be 32 bytes"))?;
        if system_of(&self.file.system)? != System::BulletproofsPlus {
            return Err(InvalidInput::new_err("recovery needs a Bulletproofs+ proof"));
        }
        let bytes = unhex("proof", &self.file.proof)?;
        let openings: Vec<(u64, Vec<u8>)> = dispatch!(group_of(&self.file.group)?, G => {
            let commitments = self.commitments_in::<G>()?;
            let proof = RangeProofPlus::<G>::from_bytes_for(&bytes, self.file.bits, commitments.len())
                .map_err(|e| DecodeError::new_err(e.to_string()))?;
            let label = label_bytes(&self.file.label);
            let bits = self.file.bits;
            let openings: Vec<Opening<<G as Group>::Scalar>> = py
                .allow_threads(|| proof.recover(G::pc(), &mut Transcript::new(label), &commitments, bits, &seed))
                .map_err(|e| VerificationError::new_err(e.to_string()))?;
            openings.iter().map(|o| (o.value, ScalarOps::to_bytes(&o.blinding).to_vec())).collect()
        });
        Ok(openings.into_iter().map(|(v, b)| (v, PyBytes::new_bound(py, &b).unbind())).collect())
    }

    /// `True` iff the proof verifies for its commitments, bits and label.
    fn verify(&self, py: Python<'_>) -> bool {
        self.verdict(py).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>) -> PyResult<()> {
        self.verdict(py).map_err(VerificationError::new_err)
    }

    /// The proof bytes (for Bulletproofs on Ristretto255, `bulletproofs` 5's encoding).
    fn to_bytes(&self, py: Python<'_>) -> PyResult<Py<PyBytes>> {
        Ok(PyBytes::new_bound(py, &unhex("proof", &self.file.proof)?).unbind())
    }

    fn __bytes__(&self, py: Python<'_>) -> PyResult<Py<PyBytes>> {
        self.to_bytes(py)
    }

    /// A proof from its bytes and statement; decoding is strict.
    #[staticmethod]
    #[pyo3(signature = (data, commitments, bits, label = DEFAULT_LABEL, system = "bulletproofs", group = "ristretto255"))]
    fn from_bytes(
        data: &[u8],
        commitments: Vec<Vec<u8>>,
        bits: usize,
        label: &str,
        system: &str,
        group: &str,
    ) -> PyResult<RangeProof> {
        let file = ProofFile {
            system: match system_of(system)? {
                System::Bulletproofs => "bulletproofs".into(),
                System::BulletproofsPlus => "bulletproofs-plus".into(),
            },
            group: group.into(),
            label: label.into(),
            bits,
            commitments: commitments.iter().map(|c| to_hex(c)).collect(),
            proof: to_hex(data),
        };
        check_decodes(&file)?;
        Ok(RangeProof { file })
    }

    /// The proof file as JSON (the format of `ballistic range prove`).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.file).map_err(|e| BallisticError::new_err(e.to_string()))
    }

    /// A proof from JSON (`ballistic range prove`'s format); strict.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<RangeProof> {
        if text.len() > 1 << 20 {
            return Err(DecodeError::new_err("JSON too large for a proof file"));
        }
        let file: ProofFile =
            serde_json::from_str(text).map_err(|e| DecodeError::new_err(format!("malformed JSON: {e}")))?;
        check_decodes(&file)?;
        Ok(RangeProof { file })
    }

    /// Write the JSON proof file.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        write_text(&path, self.to_json()? + "\n")
    }

    /// Read a JSON proof file.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> PyResult<RangeProof> {
        Self::from_json(&read_text(&path)?)
    }

    #[getter]
    fn system(&self) -> String {
        self.file.system.clone()
    }
    #[getter]
    fn group(&self) -> String {
        self.file.group.clone()
    }
    #[getter]
    fn label(&self) -> String {
        self.file.label.clone()
    }
    #[getter]
    fn bits(&self) -> usize {
        self.file.bits
    }
    /// The commitments, as compressed point bytes.
    #[getter]
    fn commitments(&self, py: Python<'_>) -> PyResult<Vec<Py<PyBytes>>> {
        Ok(bytes_list(py, self.commitment_bytes()?))
    }

    fn __len__(&self) -> usize {
        self.file.proof.len() / 2
    }

    fn __repr__(&self) -> String {
        format!(
            "RangeProof(system={:?}, group={:?}, bits={}, values={}, bytes={})",
            self.file.system,
            self.file.group,
            self.file.bits,
            self.file.commitments.len(),
            self.file.proof.len() / 2
        )
    }
}

impl RangeProof {
    /// Verify with the module's cached generators (GIL released).
    fn verdict(&self, py: Python<'_>) -> Result<(), String> {
        let file = &self.file;
        let group = GroupName::from_file_name(&file.group)?;
        py.allow_threads(|| dispatch!(group, G => files::verify_file_with::<G>(G::range_gens(file.bits, file.commitments.len()), G::pc(), file)))
    }

    fn commitment_bytes(&self) -> PyResult<Vec<Vec<u8>>> {
        self.file.commitments.iter().map(|c| unhex("commitment", c)).collect()
    }

    fn commitments_in<G: Group>(&self) -> PyResult<Vec<G::Compressed>> {
        self.commitment_bytes()?
            .iter()
            .enumerate()
            .map(|(i, b)| point_from_bytes::<G>(&format!("commitment #{i}"), b))
            .collect()
    }
}

/// Verify many range proofs (either system, either group, any sizes) in one
/// batch per group. Returns the indices of the invalid proofs (empty: all
/// valid).
#[pyfunction]
fn verify_batch(py: Python<'_>, proofs: Vec<PyRef<'_, RangeProof>>) -> Vec<usize> {
    let files: Vec<Result<ProofFile, String>> = proofs.iter().map(|p| Ok(p.file.clone())).collect();
    py.allow_threads(|| files::verify_files(files)).into_iter().map(|(i, _)| i).collect()
}

/// Seconds the Rust library takes for the same batch, without the Python
/// layer (for the binding-overhead comparison in `examples/batch_1000.py`).
#[pyfunction]
fn _rust_verify_batch_seconds(py: Python<'_>, proofs: Vec<PyRef<'_, RangeProof>>) -> f64 {
    let files: Vec<Result<ProofFile, String>> = proofs.iter().map(|p| Ok(p.file.clone())).collect();
    py.allow_threads(|| {
        let t = std::time::Instant::now();
        let _ = files::verify_files(files);
        t.elapsed().as_secs_f64()
    })
}

// ---------------------------------------------------------------- intervals

/// A proof that a committed value lies in `[lo, hi]` (any `lo ≤ hi < 2**64`).
#[pyclass(module = "ballistic", frozen)]
#[derive(Clone)]
struct IntervalProof {
    group: GroupName,
    system: System,
    lo: u64,
    hi: u64,
    label: String,
    commitment: Vec<u8>,
    proof: Vec<u8>,
}

#[pymethods]
impl IntervalProof {
    /// Prove `lo ≤ value ≤ hi` for the commitment `value·B + blinding·B̃`.
    #[staticmethod]
    #[pyo3(signature = (value, lo, hi, blinding = None, label = DEFAULT_LABEL, system = "bulletproofs", group = "ristretto255"))]
    #[allow(clippy::too_many_arguments)]
    fn prove(
        py: Python<'_>,
        value: u64,
        lo: u64,
        hi: u64,
        blinding: Option<Vec<u8>>,
        label: &str,
        system: &str,
        group: &str,
    ) -> PyResult<IntervalProof> {
        let (system, group) = (system_of(system)?, group_of(group)?);
        check_label(label)?;
        let interval = Interval::new(lo, hi).map_err(|e| InvalidInput::new_err(e.to_string()))?;
        let label_s = label.to_string();
        let (commitment, proof) = dispatch!(group, G => {
            let b = match &blinding {
                Some(b) => scalar_from_bytes::<G>("blinding", b)?,
                None => <<G as Group>::Scalar as ScalarOps>::random(&mut rand_core::OsRng),
            };
            py.allow_threads(|| {
                let mut t = Transcript::new(label_bytes(&label_s));
                let mut rng = rand_core::OsRng;
                match system {
                    System::Bulletproofs => RustIntervalProof::<G, RustRangeProof<G>>::prove_with_rng(
                        G::interval_gens(interval), G::pc(), &mut t, value, &b, interval, &mut rng,
                    ).map(|(p, c)| (G::compressed_bytes(&c).to_vec(), p.to_bytes())),
                    System::BulletproofsPlus => RustIntervalProof::<G, RangeProofPlus<G>>::prove_with_rng(
                        G::interval_gens(interval), G::pc(), &mut t, value, &b, interval, &mut rng,
                    ).map(|(p, c)| (G::compressed_bytes(&c).to_vec(), p.to_bytes())),
                }
            })
            .map_err(|e: ProofError| InvalidInput::new_err(e.to_string()))?
        });
        Ok(IntervalProof { group, system, lo, hi, label: label.into(), commitment, proof })
    }

    /// `True` iff the proof verifies for its commitment, interval and label.
    fn verify(&self, py: Python<'_>) -> bool {
        self.check(py).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>) -> PyResult<()> {
        let interval = Interval::new(self.lo, self.hi).map_err(|e| InvalidInput::new_err(e.to_string()))?;
        dispatch!(self.group, G => {
            let c = point_from_bytes::<G>("commitment", &self.commitment)?;
            let label = label_bytes(&self.label);
            let result = py.allow_threads(|| {
                let mut t = Transcript::new(label);
                let mut rng = rand_core::OsRng;
                match self.system {
                    System::Bulletproofs => RustIntervalProof::<G, RustRangeProof<G>>::from_bytes_for(&self.proof, interval)
                        .and_then(|p| p.verify_with_rng(G::interval_gens(interval), G::pc(), &mut t, &c, interval, &mut rng)),
                    System::BulletproofsPlus => RustIntervalProof::<G, RangeProofPlus<G>>::from_bytes_for(&self.proof, interval)
                        .and_then(|p| p.verify_with_rng(G::interval_gens(interval), G::pc(), &mut t, &c, interval, &mut rng)),
                }
            });
            result.map_err(|e| VerificationError::new_err(e.to_string()))
        })
    }

    /// The commitment (compressed point bytes).
    #[getter]
    fn commitment(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &self.commitment).unbind()
    }
    #[getter]
    fn lo(&self) -> u64 {
        self.lo
    }
    #[getter]
    fn hi(&self) -> u64 {
        self.hi
    }

    /// The proof bytes.
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &self.proof).unbind()
    }

    /// A proof from its bytes and statement; decoding is strict.
    #[staticmethod]
    #[pyo3(signature = (data, commitment, lo, hi, label = DEFAULT_LABEL, system = "bulletproofs", group = "ristretto255"))]
    fn from_bytes(
        data: &[u8],
        commitment: &[u8],
        lo: u64,
        hi: u64,
        label: &str,
        system: &str,
        group: &str,
    ) -> PyResult<IntervalProof> {
        let (system, group) = (system_of(system)?, group_of(group)?);
        check_label(label)?;
        let interval = Interval::new(lo, hi).map_err(|e| InvalidInput::new_err(e.to_string()))?;
        dispatch!(group, G => {
            point_from_bytes::<G>("commitment", commitment)?;
            match system {
                System::Bulletproofs => RustIntervalProof::<G, RustRangeProof<G>>::from_bytes_for(data, interval).map(|_| ()),
                System::BulletproofsPlus => RustIntervalProof::<G, RangeProofPlus<G>>::from_bytes_for(data, interval).map(|_| ()),
            }
            .map_err(|e| DecodeError::new_err(format!("proof: {e}")))?;
        });
        Ok(IntervalProof {
            group,
            system,
            lo,
            hi,
            label: label.into(),
            commitment: commitment.to_vec(),
            proof: data.to_vec(),
        })
    }
}

// ---------------------------------------------------------------- circuits

/// A Pinocchio `.arith` circuit.
#[pyclass(module = "ballistic", frozen)]
struct Circuit {
    inner: ArithCircuit,
}

/// A circuit proof with its public inputs and outputs (the format of
/// `ballistic circuit prove`).
#[pyclass(module = "ballistic", frozen, eq)]
#[derive(Clone, PartialEq)]
struct CircuitProof {
    file: CircuitProofFile,
}

fn hex_to_int(py: Python<'_>, hex: &str) -> PyResult<PyObject> {
    Ok(py.import_bound("builtins")?.getattr("int")?.call1((hex, 16))?.unbind())
}

#[pymethods]
impl Circuit {
    /// Load a circuit file (`.arith`, or gzip-compressed `.arith.gz`).
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Circuit> {
        let inner =
            py.allow_threads(|| ArithCircuit::from_path(&path)).map_err(|e| CircuitError::new_err(e.to_string()))?;
        Ok(Circuit { inner })
    }

    /// Parse a circuit from `.arith` text.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Circuit> {
        let inner = ArithCircuit::parse(text.as_bytes()).map_err(|e| CircuitError::new_err(e.to_string()))?;
        Ok(Circuit { inner })
    }

    /// Sizes: wires, gates, inputs, outputs and multiplication gates.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.inner.stats();
        let d = PyDict::new_bound(py);
        d.set_item("wires", s.wires)?;
        d.set_item("gates", s.gates)?;
        d.set_item("public_inputs", s.public_inputs)?;
        d.set_item("witness_inputs", s.witness_inputs)?;
        d.set_item("outputs", s.outputs)?;
        d.set_item("multipliers", s.multipliers)?;
        Ok(d)
    }

    /// Public input wires (wire 0, the constant one, first).
    #[getter]
    fn public_inputs(&self) -> Vec<usize> {
        self.inner.public_inputs().to_vec()
    }
    /// Witness (private) input wires.
    #[getter]
    fn witness_inputs(&self) -> Vec<usize> {
        self.inner.witness_inputs().to_vec()
    }
    /// Output wires.
    #[getter]
    fn outputs(&self) -> Vec<usize> {
        self.inner.outputs().to_vec()
    }

    /// Evaluate on `.in`-format inputs; returns `[(wire, value), …]` for the outputs.
    #[pyo3(signature = (inputs, group = "ristretto255"))]
    fn evaluate(&self, py: Python<'_>, inputs: &str, group: &str) -> PyResult<Vec<(usize, PyObject)>> {
        let outs: Vec<(usize, String)> = dispatch!(group_of(group)?, G => {
            let values = self.inner.read_inputs::<<G as Group>::Scalar, _>(inputs.as_bytes())
                .map_err(|e| CircuitError::new_err(e.to_string()))?;
            let wires = self.inner.evaluate(&values).map_err(|e| CircuitError::new_err(e.to_string()))?;
            self.inner.public_values(&wires).outputs.iter().map(|(w, v)| (*w, ::ballistic::circuit::arith::scalar_to_hex(v))).collect()
        });
        outs.into_iter().map(|(w, h)| Ok((w, hex_to_int(py, &h)?))).collect()
    }

    /// Prove from `.in`-format input text (every public and witness input).
    #[pyo3(signature = (inputs, label = circuits::DEFAULT_LABEL, group = "ristretto255"))]
    fn prove(&self, py: Python<'_>, inputs: &str, label: &str, group: &str) -> PyResult<CircuitProof> {
        let group = group_of(group)?;
        check_label(label)?;
        let file = py
            .allow_threads(|| circuits::prove_text(group, &self.inner, inputs.as_bytes(), label))
            .map_err(CircuitError::new_err)?;
        Ok(CircuitProof { file })
    }

    /// `True` iff `proof` is valid for this circuit and its public values.
    fn verify(&self, py: Python<'_>, proof: &CircuitProof) -> bool {
        self.check(py, proof).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>, proof: &CircuitProof) -> PyResult<()> {
        py.allow_threads(|| circuits::verify_proof_file(&self.inner, &proof.file)).map_err(VerificationError::new_err)
    }

    fn __repr__(&self) -> String {
        let s = self.inner.stats();
        format!("Circuit(wires={}, gates={}, multipliers={})", s.wires, s.gates, s.multipliers)
    }
}

#[pymethods]
impl CircuitProof {
    #[getter]
    fn group(&self) -> String {
        self.file.group.clone()
    }
    #[getter]
    fn label(&self) -> String {
        self.file.label.clone()
    }
    /// Public inputs `[(wire, value), …]` (without the one-wire).
    #[getter]
    fn inputs(&self, py: Python<'_>) -> PyResult<Vec<(usize, PyObject)>> {
        self.file.inputs.iter().map(|w| Ok((w.wire, hex_to_int(py, &w.value)?))).collect()
    }
    /// Outputs `[(wire, value), …]`.
    #[getter]
    fn outputs(&self, py: Python<'_>) -> PyResult<Vec<(usize, PyObject)>> {
        self.file.outputs.iter().map(|w| Ok((w.wire, hex_to_int(py, &w.value)?))).collect()
    }
    /// The proof bytes.
    fn to_bytes(&self, py: Python<'_>) -> PyResult<Py<PyBytes>> {
        Ok(PyBytes::new_bound(py, &unhex("proof", &self.file.proof)?).unbind())
    }
    /// JSON (the format of `ballistic circuit prove`).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string_pretty(&self.file).map_err(|e| BallisticError::new_err(e.to_string()))
    }
    /// From JSON; strict (unknown fields, bad hex, bad values are errors).
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<CircuitProof> {
        if text.len() > 16 << 20 {
            return Err(DecodeError::new_err("JSON too large for a circuit proof file"));
        }
        let file = circuits::parse_file(text.as_bytes()).map_err(DecodeError::new_err)?;
        let group = group_of(&file.group)?;
        dispatch!(group, G => {
            for w in file.inputs.iter().chain(&file.outputs) {
                scalar_from_hex::<<G as Group>::Scalar>(&w.value, 0)
                    .map_err(|e| DecodeError::new_err(format!("wire {}: {e}", w.wire)))?;
            }
            ::ballistic::circuit::R1csProof::<G>::from_bytes(&unhex("proof", &file.proof)?)
                .map_err(|e| DecodeError::new_err(format!("proof: {e}")))?;
        });
        Ok(CircuitProof { file })
    }
    /// Write the JSON file.
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        write_text(&path, self.to_json()? + "\n")
    }
    /// Read a JSON file.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> PyResult<CircuitProof> {
        Self::from_json(&read_text(&path)?)
    }
    fn __repr__(&self) -> String {
        format!("CircuitProof(group={:?}, bytes={})", self.file.group, self.file.proof.len() / 2)
    }
}

// ---------------------------------------------------------------- MPC

fn mpc_err(e: RustMpcError) -> PyErr {
    let parties = e.bad_parties();
    Python::with_gil(|py| {
        let err = MpcError::new_err(e.to_string());
        let _ = err.value_bound(py).setattr("bad_parties", parties);
        err
    })
}

fn mpc_err_parties(parties: Vec<usize>, msg: String) -> PyErr {
    Python::with_gil(|py| {
        let err = MpcError::new_err(msg);
        let _ = err.value_bound(py).setattr("bad_parties", parties);
        err
    })
}

fn out_of_order(what: &str) -> PyErr {
    mpc_err_parties(Vec::new(), format!("out of order: {what}"))
}

enum PartyState<G: StaticGens> {
    New(mpc::PartyAwaitingPosition<'static, G>),
    Bit(mpc::PartyAwaitingBitChallenge<'static, G>),
    Poly(mpc::PartyAwaitingPolyChallenge<G>),
    Done,
}

enum AnyParty {
    R(PartyState<Ristretto255>),
    S(PartyState<Secp256k1>),
}

impl<G: StaticGens> PartyState<G> {
    fn bit_commitment(&mut self, position: usize) -> PyResult<Vec<u8>> {
        match std::mem::replace(self, PartyState::Done) {
            PartyState::New(p) => {
                let (next, msg) = p.assign_position(position).map_err(mpc_err)?;
                *self = PartyState::Bit(next);
                Ok(msg.to_bytes())
            }
            other => {
                *self = other;
                Err(out_of_order("bit_commitment after the party has its position"))
            }
        }
    }
    fn poly_commitment(&mut self, challenge: &[u8]) -> PyResult<Vec<u8>> {
        match std::mem::replace(self, PartyState::Done) {
            PartyState::Bit(p) => {
                let c = BitChallenge::<G>::from_bytes(challenge).map_err(|e| DecodeError::new_err(e.to_string()));
                let c = match c {
                    Ok(c) => c,
                    Err(e) => {
                        *self = PartyState::Bit(p);
                        return Err(e);
                    }
                };
                let (next, msg) = p.apply_challenge(&c).map_err(mpc_err)?;
                *self = PartyState::Poly(next);
                Ok(msg.to_bytes())
            }
            other => {
                *self = other;
                Err(out_of_order("poly_commitment needs the bit challenge stage"))
            }
        }
    }
    fn proof_share(&mut self, challenge: &[u8]) -> PyResult<Vec<u8>> {
        match std::mem::replace(self, PartyState::Done) {
            PartyState::Poly(p) => {
                let c = match PolyChallenge::<G>::from_bytes(challenge) {
                    Ok(c) => c,
                    Err(e) => {
                        *self = PartyState::Poly(p);
                        return Err(DecodeError::new_err(e.to_string()));
                    }
                };
                Ok(p.apply_challenge(&c).map_err(mpc_err)?.to_bytes())
            }
            other => {
                *self = other;
                Err(out_of_order("proof_share needs the polynomial challenge stage"))
            }
        }
    }
}

/// One party of a multi-party range proof: holds one secret value.
/// Call `bit_commitment(position)`, then `poly_commitment(challenge)`,
/// then `proof_share(challenge)`, with the dealer's challenges; any other
/// order raises `MpcError`.
#[pyclass(module = "ballistic")]
struct Party {
    state: AnyParty,
    commitment: Vec<u8>,
}

#[pymethods]
impl Party {
    #[new]
    #[pyo3(signature = (value, bits, blinding = None, group = "ristretto255"))]
    fn new(value: u64, bits: usize, blinding: Option<Vec<u8>>, group: &str) -> PyResult<Party> {
        let group = group_of(group)?;
        Ok(dispatch!(group, G => {
            let b = match &blinding {
                Some(b) => scalar_from_bytes::<G>("blinding", b)?,
                None => <<G as Group>::Scalar as ScalarOps>::random(&mut rand_core::OsRng),
            };
            let commitment = G::compressed_bytes(&G::compress(&G::pc().commit(&<G as Group>::Scalar::from_u64(value), &b))).to_vec();
            let p = mpc::Party::new(G::gens_for(64, 64), G::pc(), value, b, bits).map_err(mpc_err)?;
            let state = wrap_party(PartyState::<G>::New(p));
            Party { state, commitment }
        }))
    }

    /// This party's commitment to its value.
    #[getter]
    fn commitment(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &self.commitment).unbind()
    }

    /// Round 1: the bit commitment for position `position` (0-based).
    fn bit_commitment(&mut self, py: Python<'_>, position: usize) -> PyResult<Py<PyBytes>> {
        let msg = match &mut self.state {
            AnyParty::R(s) => s.bit_commitment(position)?,
            AnyParty::S(s) => s.bit_commitment(position)?,
        };
        Ok(PyBytes::new_bound(py, &msg).unbind())
    }

    /// Round 2: the polynomial commitment, given the dealer's bit challenge.
    fn poly_commitment(&mut self, py: Python<'_>, challenge: &[u8]) -> PyResult<Py<PyBytes>> {
        let msg = match &mut self.state {
            AnyParty::R(s) => s.poly_commitment(challenge)?,
            AnyParty::S(s) => s.poly_commitment(challenge)?,
        };
        Ok(PyBytes::new_bound(py, &msg).unbind())
    }

    /// Round 3: the proof share, given the dealer's polynomial challenge.
    fn proof_share(&mut self, py: Python<'_>, challenge: &[u8]) -> PyResult<Py<PyBytes>> {
        let msg = match &mut self.state {
            AnyParty::R(s) => s.proof_share(challenge)?,
            AnyParty::S(s) => s.proof_share(challenge)?,
        };
        Ok(PyBytes::new_bound(py, &msg).unbind())
    }
}

trait WrapParty: StaticGens {
    fn wrap(s: PartyState<Self>) -> AnyParty;
}
impl WrapParty for Ristretto255 {
    fn wrap(s: PartyState<Self>) -> AnyParty {
        AnyParty::R(s)
    }
}
impl WrapParty for Secp256k1 {
    fn wrap(s: PartyState<Self>) -> AnyParty {
        AnyParty::S(s)
    }
}
fn wrap_party<G: WrapParty>(s: PartyState<G>) -> AnyParty {
    G::wrap(s)
}

/// The dealer of a multi-party range proof. It sees only public messages;
/// each `receive_*` returns the next challenge, and `receive_shares`
/// returns the aggregated `RangeProof`. A bad message raises `MpcError`
/// whose `bad_parties` names every party that sent one.
#[pyclass(module = "ballistic")]
struct Dealer {
    group: GroupName,
    parties: usize,
    bits: usize,
    label: String,
    bit_msgs: Option<Vec<Vec<u8>>>,
    poly_msgs: Option<Vec<Vec<u8>>>,
    done: bool,
}

fn decode_all<T>(msgs: &[Vec<u8>], what: &str, decode: impl Fn(&[u8]) -> Result<T, ProofError>) -> PyResult<Vec<T>> {
    let mut out = Vec::with_capacity(msgs.len());
    let mut bad = Vec::new();
    for (j, m) in msgs.iter().enumerate() {
        match decode(m) {
            Ok(v) => out.push(v),
            Err(_) => bad.push(j),
        }
    }
    if bad.is_empty() {
        Ok(out)
    } else {
        Err(mpc_err_parties(bad.clone(), format!("malformed {what} from parties {bad:?}")))
    }
}

impl Dealer {
    /// Replay the dealer from the start over the messages received so far
    /// (its challenges are deterministic in them), up to `stage`: 1 returns
    /// the bit challenge, 2 the polynomial challenge, 3 the proof file.
    fn replay<G: StaticGens>(&self, shares: Option<&[Vec<u8>]>) -> PyResult<(Vec<u8>, Option<ProofFile>)> {
        let mut transcript = Transcript::new(label_bytes(&self.label));
        let dealer =
            mpc::Dealer::new(G::range_gens(self.bits, self.parties), G::pc(), &mut transcript, self.bits, self.parties)
                .map_err(mpc_err)?;
        let bit_msgs = self.bit_msgs.as_deref().ok_or_else(|| out_of_order("no bit commitments yet"))?;
        let bits = decode_all(bit_msgs, "bit commitments", BitCommitment::<G>::from_bytes)?;
        let (dealer, bit_challenge) = dealer.receive_bit_commitments(bits).map_err(mpc_err)?;
        let Some(poly_msgs) = self.poly_msgs.as_deref() else { return Ok((bit_challenge.to_bytes(), None)) };
        let polys = decode_all(poly_msgs, "polynomial commitments", PolyCommitment::<G>::from_bytes)?;
        let (dealer, poly_challenge) = dealer.receive_poly_commitments(polys).map_err(mpc_err)?;
        let Some(shares) = shares else { return Ok((poly_challenge.to_bytes(), None)) };
        let shares = decode_all(shares, "proof shares", ProofShare::<G>::from_bytes)?;
        let (proof, commitments) = dealer.receive_shares(shares).map_err(mpc_err)?;
        let file = ProofFile {
            system: "bulletproofs".into(),
            group: G::NAME.into(),
            label: self.label.clone(),
            bits: self.bits,
            commitments: commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect(),
            proof: to_hex(&proof.to_bytes()),
        };
        Ok((Vec::new(), Some(file)))
    }
}

#[pymethods]
impl Dealer {
    #[new]
    #[pyo3(signature = (parties, bits, label = DEFAULT_LABEL, group = "ristretto255"))]
    fn new(parties: usize, bits: usize, label: &str, group: &str) -> PyResult<Dealer> {
        let group = group_of(group)?;
        check_label(label)?;
        RangeShape::new(bits, parties).map_err(|e| InvalidInput::new_err(e.to_string()))?;
        Ok(Dealer { group, parties, bits, label: label.into(), bit_msgs: None, poly_msgs: None, done: false })
    }

    /// Round 1 → the bit challenge for every party.
    fn receive_bit_commitments(&mut self, py: Python<'_>, messages: Vec<Vec<u8>>) -> PyResult<Py<PyBytes>> {
        if self.bit_msgs.is_some() {
            return Err(out_of_order("bit commitments already received"));
        }
        self.bit_msgs = Some(messages);
        let result = dispatch!(self.group, G => self.replay::<G>(None));
        match result {
            Ok((challenge, _)) => Ok(PyBytes::new_bound(py, &challenge).unbind()),
            Err(e) => {
                self.bit_msgs = None;
                Err(e)
            }
        }
    }

    /// Round 2 → the polynomial challenge for every party.
    fn receive_poly_commitments(&mut self, py: Python<'_>, messages: Vec<Vec<u8>>) -> PyResult<Py<PyBytes>> {
        if self.bit_msgs.is_none() || self.poly_msgs.is_some() {
            return Err(out_of_order("polynomial commitments come after the bit commitments, once"));
        }
        self.poly_msgs = Some(messages);
        let result = dispatch!(self.group, G => self.replay::<G>(None));
        match result {
            Ok((challenge, _)) => Ok(PyBytes::new_bound(py, &challenge).unbind()),
            Err(e) => {
                self.poly_msgs = None;
                Err(e)
            }
        }
    }

    /// Round 3 → the aggregated `RangeProof` (an ordinary Bulletproofs
    /// range proof of every party's value).
    fn receive_shares(&mut self, py: Python<'_>, messages: Vec<Vec<u8>>) -> PyResult<RangeProof> {
        if self.poly_msgs.is_none() || self.done {
            return Err(out_of_order("proof shares come after the polynomial commitments, once"));
        }
        let group = self.group;
        let this = &*self;
        let (_, file) = py.allow_threads(|| dispatch!(group, G => this.replay::<G>(Some(&messages))))?;
        let file = file.ok_or_else(|| out_of_order("no proof"))?;
        self.done = true;
        Ok(RangeProof { file })
    }
}

// ---------------------------------------------------------------- module

/// Bulletproofs range proofs, Bulletproofs+, arithmetic-circuit proofs and
/// multi-party range proofs, over Ristretto255 and secp256k1.
#[pymodule]
#[pyo3(name = "ballistic")]
fn ballistic_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("GROUPS", GROUPS.to_vec())?;
    m.add("SYSTEMS", vec!["bulletproofs", "bulletproofs-plus"])?;
    m.add("BallisticError", py.get_type_bound::<BallisticError>())?;
    m.add("InvalidInput", py.get_type_bound::<InvalidInput>())?;
    m.add("DecodeError", py.get_type_bound::<DecodeError>())?;
    m.add("VerificationError", py.get_type_bound::<VerificationError>())?;
    m.add("CircuitError", py.get_type_bound::<CircuitError>())?;
    m.add("MpcError", py.get_type_bound::<MpcError>())?;
    m.add_function(wrap_pyfunction!(random_blinding, m)?)?;
    m.add_function(wrap_pyfunction!(commit, m)?)?;
    m.add_function(wrap_pyfunction!(verify_batch, m)?)?;
    m.add_function(wrap_pyfunction!(_rust_verify_batch_seconds, m)?)?;
    m.add_class::<RangeProof>()?;
    m.add_class::<IntervalProof>()?;
    m.add_class::<Circuit>()?;
    m.add_class::<CircuitProof>()?;
    m.add_class::<Party>()?;
    m.add_class::<Dealer>()?;
    Ok(())
}
