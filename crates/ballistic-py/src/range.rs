//! Commitments, range proofs, interval proofs and batch verification.
//!
//! A `RangeProof` holds the decoded library proof and the statement built
//! from its commitments, once; verifying, batching and encoding work on
//! those (bytes and JSON are made only when asked for). Interval proofs
//! are in `interval`.

use ::ballistic::batch::{Claim, Item};
use ::ballistic::group::{Group, ScalarOps};
use ::ballistic::merlin::Transcript;
use ::ballistic::range::AnyRangeProof;
use ::ballistic::{new_transcript_with_extra, RangeStatement, RangeSystem, RecoveryKey};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::{Doing, Error, Result, When};
use crate::formats::{self, RangeParts};
use crate::groups::{self, on_group, with_group, Any, Family, PyGroup};

mod interval;

pub(crate) use interval::IntervalProof;

/// The system named `name` (`"bpplus"` and `"bppp"` are accepted for
/// Bulletproofs+ and Bulletproofs++, as the command-line tool does).
pub(crate) fn system_of(name: &str) -> Result<RangeSystem> {
    let name = match name {
        "bpplus" => RangeSystem::BulletproofsPlus.name(),
        "bppp" => RangeSystem::BulletproofsPlusPlus.name(),
        other => other,
    };
    RangeSystem::from_name(name).ok_or_else(|| {
        Error::InvalidInput(format!(
            "unknown system {name:?} (expected \"bulletproofs\", \"bulletproofs-plus\" or \"bulletproofs-plus-plus\")"
        ))
    })
}

/// What a range or interval proof binds into its transcript before the
/// statement: the label, then the extra data (empty: none).
struct Binding {
    label: String,
    extra: Vec<u8>,
}

impl Binding {
    /// A caller's label and extra data, checked as a proof file may carry
    /// them (the label's length, then at most 1024 bytes of extra data).
    fn new(label: &str, extra: Vec<u8>) -> Result<Binding> {
        formats::check_label(label)?;
        formats::check_extra(&extra)?;
        Ok(Binding { label: label.into(), extra })
    }

    /// A label without extra data (checked by the caller).
    fn label_only(label: String) -> Binding {
        Binding { label, extra: Vec::new() }
    }

    /// The transcript of a proof: the label, then the extra data (the library's rule).
    fn transcript(&self) -> Transcript {
        new_transcript_with_extra(self.label.as_bytes(), &self.extra)
    }
}

/// What a recoverable proof is made with: the owner's seed, the output's
/// id, and the message it hides (the secrets stay in the caller's
/// zeroizing buffers).
struct Recovery<'a> {
    seed: &'a [u8; 32],
    output_id: &'a [u8],
    message: &'a [u8],
}

/// `(value, blinding)` per commitment, the blinding as `B` (bytes).
type Openings<B> = Vec<(u64, B)>;

fn seed_of(seed: &[u8]) -> Result<[u8; 32]> {
    seed.try_into().map_err(|_| Error::InvalidInput("seed: must be 32 bytes".into()))
}

// ---------------------------------------------------------------- commitments

/// A uniformly random blinding factor (32 bytes, canonical scalar).
#[pyfunction]
#[pyo3(signature = (group = "ristretto255"))]
pub(crate) fn random_blinding(py: Python<'_>, group: &str) -> Result<Py<PyBytes>> {
    let bytes = with_group!(groups::group_named(group)?, |G| {
        ScalarOps::to_bytes(&<<G as Group>::Scalar as ScalarOps>::random(&mut rand_core::OsRng))
    });
    Ok(PyBytes::new_bound(py, &bytes).unbind())
}

/// The Pedersen commitment `value·B + blinding·B̃` (compressed point bytes).
#[pyfunction]
#[pyo3(signature = (value, blinding, group = "ristretto255"))]
pub(crate) fn commit(py: Python<'_>, value: u64, blinding: &[u8], group: &str) -> Result<Py<PyBytes>> {
    let bytes = with_group!(groups::group_named(group)?, |G| {
        groups::point_bytes::<G>(&groups::commit::<G>(value, &groups::scalar::<G>("blinding", blinding)?))
    });
    Ok(PyBytes::new_bound(py, &bytes).unbind())
}

// ---------------------------------------------------------------- range proofs

/// A range proof of either system on group `G`, with its statement.
pub(crate) struct Range<G: PyGroup> {
    proof: AnyRangeProof<G>,
    statement: RangeStatement<G>,
}

/// [`Range`] for any group.
pub(crate) enum Ranges {}
impl Family for Ranges {
    type Of<G: PyGroup> = Range<G>;
}

impl<G: PyGroup> Range<G> {
    /// A proof just made (by a prover or the MPC dealer) with its commitments.
    pub(crate) fn new(proof: AnyRangeProof<G>, commitments: &[G::Compressed], bits: usize) -> Result<Self> {
        let statement = RangeStatement::new(bits, commitments).when(Doing::Proving)?;
        Ok(Range { proof, statement })
    }

    /// Strict decoding of a proof and its statement.
    fn decode(system: RangeSystem, proof: &[u8], commitments: &[Vec<u8>], bits: usize) -> Result<Self> {
        let commitments = groups::each("commitment", commitments, groups::compressed::<G>)?;
        let statement = RangeStatement::new(bits, &commitments).when(Doing::Decoding)?;
        let proof = system.decode::<G>(proof, bits, commitments.len()).when(Doing::Decoding)?;
        Ok(Range { proof, statement })
    }

    fn prove(
        system: RangeSystem,
        values: &[u64],
        blindings: &[G::Scalar],
        bits: usize,
        binding: &Binding,
    ) -> Result<Self> {
        let (proof, commitments) = system
            .prove::<G, _>(
                &G::range_gens(bits, values.len()),
                &mut binding.transcript(),
                values,
                blindings,
                bits,
                &mut rand_core::OsRng,
            )
            .when(Doing::Proving)?;
        Self::new(proof, &commitments, bits)
    }

    fn prove_recoverable(
        system: RangeSystem,
        values: &[u64],
        bits: usize,
        recovery: &Recovery<'_>,
        binding: &Binding,
    ) -> Result<Self> {
        let (proof, commitments, _blindings) = system
            .prove_recoverable::<G>(
                &G::range_gens(bits, values.len()),
                &mut binding.transcript(),
                values,
                bits,
                RecoveryKey::new(recovery.seed, recovery.output_id),
                recovery.message,
            )
            .when(Doing::Proving)?;
        Self::new(proof, &commitments, bits)
    }

    /// `(value, blinding)` per commitment, and the message, for the holder of `seed`.
    fn recover(&self, seed: &[u8; 32], output_id: &[u8], binding: &Binding) -> Result<(Openings<Vec<u8>>, Vec<u8>)> {
        let recovered = self
            .proof
            .recover(
                &G::gens_for(1, 1),
                &mut binding.transcript(),
                self.statement.commitments(),
                self.statement.shape().n,
                RecoveryKey::new(seed, output_id),
            )
            .when(Doing::Verifying)?;
        let openings = recovered.openings.iter().map(|o| (o.value, o.blinding.to_bytes().to_vec())).collect();
        Ok((openings, recovered.message.to_vec()))
    }

    fn item(&self, binding: &Binding) -> Item<'_, G, AnyRangeProof<G>> {
        Item::new(&self.proof, &self.statement, binding.transcript())
    }

    fn verify(&self, binding: &Binding) -> Result<()> {
        groups::verify_one(&self.item(binding))
    }

    fn parts(&self, binding: &Binding) -> RangeParts {
        RangeParts {
            system: self.proof.system().name().into(),
            group: G::NAME.into(),
            label: binding.label.clone(),
            bits: self.statement.shape().n,
            commitments: self.statement.commitments().iter().map(groups::point_bytes::<G>).collect(),
            proof: self.proof.to_bytes(),
            extra: binding.extra.clone(),
            interval: None,
        }
    }
}

/// A range or interval proof object: its statement as its file holds it,
/// and its verdict.
trait Pinned {
    fn parts(&self) -> RangeParts;

    /// `Ok(())`, or why the proof does not verify (the GIL released).
    fn verdict(&self, py: Python<'_>) -> Result<()>;

    /// The verdict for the verifier's `pins` (`verify` and `check`): the
    /// outer `Err` for pins that do not parse (`InvalidInput`, raised by
    /// both), the inner one for a statement not the one pinned (not
    /// verified) or a proof that does not verify.
    fn pinned(&self, py: Python<'_>, pins: formats::Pins<'_>) -> Result<Result<()>> {
        let pinned = pins.parse()?;
        Ok(formats::check_pins(&self.parts(), &pinned).and_then(|()| self.verdict(py)))
    }
}

/// A range proof (Bulletproofs or Bulletproofs+) with its statement: the
/// commitments, bit size, transcript label, system and group.
#[pyclass(module = "ballistic", frozen, eq)]
pub(crate) struct RangeProof {
    inner: Any<Ranges>,
    binding: Binding,
}

impl PartialEq for RangeProof {
    fn eq(&self, other: &Self) -> bool {
        self.parts() == other.parts()
    }
}

impl RangeProof {
    pub(crate) fn new<G: PyGroup>(range: Range<G>, label: String) -> RangeProof {
        RangeProof { inner: G::wrap(range), binding: Binding::label_only(label) }
    }

    fn from_parts(parts: RangeParts) -> Result<RangeProof> {
        if parts.interval.is_some() {
            return Err(Error::Decode(
                "an interval proof file (min, max): load it with ballistic.IntervalProof".into(),
            ));
        }
        // Checked in this order: the extra data, the names, the label.
        formats::check_extra(&parts.extra)?;
        let system = system_of(&parts.system)?;
        let group = groups::group_named(&parts.group)?;
        let binding = Binding::new(&parts.label, parts.extra)?;
        let inner =
            with_group!(group, |G| G::wrap(Range::<G>::decode(system, &parts.proof, &parts.commitments, parts.bits)?));
        Ok(RangeProof { inner, binding })
    }

    fn commitment_list(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        let commitments: Vec<Vec<u8>> =
            on_group!(&self.inner, |r, G| r.statement.commitments().iter().map(groups::point_bytes::<G>).collect());
        groups::bytes_list(py, commitments)
    }
}

impl Pinned for RangeProof {
    fn parts(&self) -> RangeParts {
        on_group!(&self.inner, |r, G| r.parts(&self.binding))
    }

    fn verdict(&self, py: Python<'_>) -> Result<()> {
        on_group!(&self.inner, |r, G| py.allow_threads(|| r.verify(&self.binding)))
    }
}

#[pymethods]
impl RangeProof {
    /// Prove that every value lies in `[0, 2**bits)`. Returns the proof and
    /// the commitments (one per value). Blindings are random unless given
    /// (32 bytes each, one per value). `extra` (at most 1024 bytes) is bound
    /// into the transcript after the label: the proof verifies with it only.
    #[staticmethod]
    #[pyo3(signature = (values, bits, blindings = None, label = "ballistic range proof", system = "bulletproofs", group = "ristretto255", *, extra = None))]
    fn prove(
        py: Python<'_>,
        values: Vec<u64>,
        bits: usize,
        blindings: Option<Vec<Vec<u8>>>,
        label: &str,
        system: &str,
        group: &str,
        extra: Option<Vec<u8>>,
    ) -> Result<(RangeProof, Vec<Py<PyBytes>>)> {
        let (system, group) = (system_of(system)?, groups::group_named(group)?);
        let binding = Binding::new(label, extra.unwrap_or_default())?;
        let inner = with_group!(group, |G| {
            let blindings = match &blindings {
                Some(list) => groups::each("blinding", list, groups::blinding::<G>)?,
                None => {
                    values.iter().map(|_| groups::blinding_or_random::<G>("blinding", None)).collect::<Result<_>>()?
                }
            };
            let range = py.allow_threads(|| Range::<G>::prove(system, &values, &blindings, bits, &binding))?;
            G::wrap(range)
        });
        let proof = RangeProof { inner, binding };
        let commitments = proof.commitment_list(py);
        Ok((proof, commitments))
    }

    /// Prove with owner recovery (any system, at most 3 values;
    /// Bulletproofs++ proofs carry 48 more bytes): the blindings derive from `seed` (32 bytes) and `output_id`
    /// (1 to 1024 bytes, unique per output made with the seed), every nonce
    /// from `seed` and the statement, and `message` (at most 22, 14 or 6
    /// bytes for 1, 2 or 3 values) is hidden in the proof, so
    /// `recover_with_message(seed, output_id)` returns the values, blindings
    /// and message.
    #[staticmethod]
    #[pyo3(signature = (values, bits, seed, output_id, label = "ballistic range proof", group = "ristretto255", *, extra = None, message = None, system = "bulletproofs-plus"))]
    fn prove_recoverable(
        py: Python<'_>,
        values: Vec<u64>,
        bits: usize,
        seed: &[u8],
        output_id: &[u8],
        label: &str,
        group: &str,
        extra: Option<Vec<u8>>,
        message: Option<Vec<u8>>,
        system: &str,
    ) -> Result<(RangeProof, Vec<Py<PyBytes>>)> {
        let (system, group) = (system_of(system)?, groups::group_named(group)?);
        let binding = Binding::new(label, extra.unwrap_or_default())?;
        let message = zeroize::Zeroizing::new(message.unwrap_or_default());
        let seed = zeroize::Zeroizing::new(seed_of(seed)?);
        let recovery = Recovery { seed: &seed, output_id, message: &message };
        let inner = with_group!(group, |G| {
            G::wrap(py.allow_threads(|| Range::<G>::prove_recoverable(system, &values, bits, &recovery, &binding))?)
        });
        let proof = RangeProof { inner, binding };
        let commitments = proof.commitment_list(py);
        Ok((proof, commitments))
    }

    /// Recover `[(value, blinding), …]` with the seed and output id the
    /// proof was made with; raises `VerificationError` for a wrong seed or
    /// id, or a proof not made for recovery.
    fn recover(&self, py: Python<'_>, seed: &[u8], output_id: &[u8]) -> Result<Openings<Py<PyBytes>>> {
        Ok(self.recover_with_message(py, seed, output_id)?.0)
    }

    /// Recover `([(value, blinding), …], message)` with the seed and output
    /// id the proof was made with; raises `VerificationError` for a wrong
    /// seed or id, or a proof not made for recovery.
    fn recover_with_message(
        &self,
        py: Python<'_>,
        seed: &[u8],
        output_id: &[u8],
    ) -> Result<(Openings<Py<PyBytes>>, Py<PyBytes>)> {
        let seed = zeroize::Zeroizing::new(seed_of(seed)?);
        let (openings, message) =
            on_group!(&self.inner, |r, G| py.allow_threads(|| r.recover(&seed, output_id, &self.binding)))?;
        let message = zeroize::Zeroizing::new(message);
        Ok((
            openings.into_iter().map(|(v, b)| (v, PyBytes::new_bound(py, &b).unbind())).collect(),
            PyBytes::new_bound(py, &message).unbind(),
        ))
    }

    /// `True` iff the proof verifies for its commitments, bits and label,
    /// and its statement is the one pinned: `group`, `system`, `label`,
    /// `bits` (every value in `[0, 2**bits)`), `extra` (the extra data
    /// bound, `b""` none), each `None` for the proof's own. Unknown names
    /// raise `InvalidInput`.
    #[pyo3(signature = (*, group = None, system = None, label = None, bits = None, extra = None))]
    fn verify(
        &self,
        py: Python<'_>,
        group: Option<&str>,
        system: Option<&str>,
        label: Option<&str>,
        bits: Option<usize>,
        extra: Option<Vec<u8>>,
    ) -> Result<bool> {
        let pins = formats::Pins { group, system, label, bits, interval: None, extra: extra.as_deref() };
        Ok(self.pinned(py, pins)?.is_ok())
    }

    /// Like `verify`, but raises `VerificationError` with the reason (a
    /// pin the statement does not match: named, expected and found).
    #[pyo3(signature = (*, group = None, system = None, label = None, bits = None, extra = None))]
    fn check(
        &self,
        py: Python<'_>,
        group: Option<&str>,
        system: Option<&str>,
        label: Option<&str>,
        bits: Option<usize>,
        extra: Option<Vec<u8>>,
    ) -> Result<()> {
        let pins = formats::Pins { group, system, label, bits, interval: None, extra: extra.as_deref() };
        self.pinned(py, pins)?
    }

    /// The proof bytes (for Bulletproofs on Ristretto255, `bulletproofs` 5's encoding).
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        let bytes = on_group!(&self.inner, |r, G| r.proof.to_bytes());
        PyBytes::new_bound(py, &bytes).unbind()
    }

    fn __bytes__(&self, py: Python<'_>) -> Py<PyBytes> {
        self.to_bytes(py)
    }

    /// A proof from its bytes and statement (and the extra data it was
    /// made with, if any); decoding is strict.
    #[staticmethod]
    #[pyo3(signature = (data, commitments, bits, label = "ballistic range proof", system = "bulletproofs", group = "ristretto255", *, extra = None))]
    fn from_bytes(
        data: &[u8],
        commitments: Vec<Vec<u8>>,
        bits: usize,
        label: &str,
        system: &str,
        group: &str,
        extra: Option<Vec<u8>>,
    ) -> Result<RangeProof> {
        Self::from_parts(RangeParts {
            system: system.into(),
            group: group.into(),
            label: label.into(),
            bits,
            commitments,
            proof: data.to_vec(),
            extra: extra.unwrap_or_default(),
            interval: None,
        })
    }

    /// The proof file as JSON (the format of `ballistic range prove`).
    fn to_json(&self) -> Result<String> {
        formats::range_to_json(&self.parts())
    }

    /// A proof from JSON (`ballistic range prove`'s format); strict.
    #[staticmethod]
    fn from_json(text: &str) -> Result<RangeProof> {
        Self::from_parts(formats::range_from_json(text)?)
    }

    /// Write the JSON proof file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, &self.to_json()?)
    }

    /// Read a JSON proof file.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> Result<RangeProof> {
        Self::from_json(&formats::read(&path, ::ballistic::file::MAX_RANGE_FILE)?)
    }

    #[getter]
    fn system(&self) -> &'static str {
        on_group!(&self.inner, |r, G| r.proof.system().name())
    }
    #[getter]
    fn group(&self) -> &'static str {
        self.inner.group().name()
    }
    #[getter]
    fn label(&self) -> String {
        self.binding.label.clone()
    }
    /// The extra data bound into the transcript (empty: none).
    #[getter]
    fn extra(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &self.binding.extra).unbind()
    }
    #[getter]
    fn bits(&self) -> usize {
        on_group!(&self.inner, |r, G| r.statement.shape().n)
    }
    /// The commitments, as compressed point bytes.
    #[getter]
    fn commitments(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        self.commitment_list(py)
    }

    fn __len__(&self) -> usize {
        on_group!(&self.inner, |r, G| r.proof.to_bytes().len())
    }

    fn __repr__(&self) -> String {
        let parts = self.parts();
        format!(
            "RangeProof(system={:?}, group={:?}, bits={}, values={}, bytes={})",
            parts.system,
            parts.group,
            parts.bits,
            parts.commitments.len(),
            parts.proof.len()
        )
    }
}

/// The indices of the invalid proofs among `proofs`, one batch per group.
fn invalid_proofs(proofs: &[&RangeProof]) -> Vec<usize> {
    groups::invalid_indices(proofs)
}

impl groups::HasClaim for RangeProof {
    fn claim<G: PyGroup>(&self) -> Option<Box<dyn Claim<G> + '_>> {
        G::pick(&self.inner).map(|r| Box::new(r.item(&self.binding)) as Box<dyn Claim<G> + '_>)
    }
}

/// Verify many range proofs (either system, either group, any sizes) in one
/// batch per group. Returns the indices of the invalid proofs (empty: all
/// valid): those whose statement is not the one pinned (`group`, `system`,
/// `label`, `bits`, `extra`, as for `RangeProof.verify`; not verified), and those
/// that do not verify.
#[pyfunction]
#[pyo3(signature = (proofs, *, group = None, system = None, label = None, bits = None, extra = None))]
pub(crate) fn verify_batch(
    py: Python<'_>,
    proofs: Vec<PyRef<'_, RangeProof>>,
    group: Option<&str>,
    system: Option<&str>,
    label: Option<&str>,
    bits: Option<usize>,
    extra: Option<Vec<u8>>,
) -> Result<Vec<usize>> {
    let pins = formats::Pins { group, system, label, bits, interval: None, extra: extra.as_deref() };
    let pinned = pins.parse()?;
    let mut invalid = Vec::new();
    let mut kept = Vec::with_capacity(proofs.len());
    for (index, proof) in proofs.iter().enumerate() {
        match formats::check_pins(&proof.parts(), &pinned) {
            Ok(()) => kept.push((index, &**proof)),
            Err(_) => invalid.push(index),
        }
    }
    let to_verify: Vec<&RangeProof> = kept.iter().map(|(_, p)| *p).collect();
    let bad = py.allow_threads(|| invalid_proofs(&to_verify));
    invalid.extend(bad.into_iter().filter_map(|k| kept.get(k).map(|(index, _)| *index)));
    invalid.sort_unstable();
    Ok(invalid)
}

/// Seconds the Rust library takes for the same batch, without the Python
/// layer (for the binding-overhead comparison in `examples/batch_1000.py`).
#[pyfunction]
pub(crate) fn _rust_verify_batch_seconds(py: Python<'_>, proofs: Vec<PyRef<'_, RangeProof>>) -> f64 {
    let proofs: Vec<&RangeProof> = proofs.iter().map(|p| &**p).collect();
    py.allow_threads(|| {
        let t = std::time::Instant::now();
        let _ = invalid_proofs(&proofs);
        t.elapsed().as_secs_f64()
    })
}
