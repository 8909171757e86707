//! Interval proofs: a committed value in `[lo, hi]`, on any system and group.

use ::ballistic::batch::Item;
use ::ballistic::{Interval, IntervalStatement, RangeSystem};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::{system_of, Binding, Pinned};
use crate::error::{Doing, Error, Result, When};
use crate::formats::{self, RangeParts};
use crate::groups::{self, on_group, with_group, Any, Family, PyGroup};

/// An interval proof on group `G` with its statement.
pub(crate) struct IntervalOf<G: PyGroup> {
    proof: ::ballistic::IntervalProof<G>,
    statement: IntervalStatement<G>,
}

/// [`IntervalOf`] for any group.
pub(crate) enum Intervals {}
impl Family for Intervals {
    type Of<G: PyGroup> = IntervalOf<G>;
}

impl<G: PyGroup> IntervalOf<G> {
    fn prove(
        system: RangeSystem,
        value: u64,
        blinding: &G::Scalar,
        interval: Interval,
        binding: &Binding,
    ) -> Result<Self> {
        let (proof, commitment) = system
            .prove_interval::<G, _>(
                &G::interval_gens(interval),
                &mut binding.transcript(),
                value,
                blinding,
                interval,
                &mut rand_core::OsRng,
            )
            .when(Doing::Proving)?;
        let statement = IntervalStatement::new(&G::gens_for(1, 1), interval, &commitment).when(Doing::Proving)?;
        Ok(IntervalOf { proof, statement })
    }

    fn decode(system: RangeSystem, data: &[u8], commitment: &[u8], interval: Interval) -> Result<Self> {
        let commitment = groups::compressed::<G>("commitment", commitment)?;
        let statement = IntervalStatement::new(&G::gens_for(1, 1), interval, &commitment).when(Doing::Decoding)?;
        let proof = system.decode_interval::<G>(data, interval).when(Doing::Decoding)?;
        Ok(IntervalOf { proof, statement })
    }

    fn verify(&self, binding: &Binding) -> Result<()> {
        let item = Item::new(&self.proof, &self.statement, binding.transcript());
        groups::verify_one(&item)
    }

    fn parts(&self, binding: &Binding) -> RangeParts {
        let interval = self.statement.interval();
        RangeParts {
            system: self.proof.system().name().into(),
            group: G::NAME.into(),
            label: binding.label.clone(),
            bits: interval.bits(),
            commitments: vec![groups::point_bytes::<G>(self.statement.commitment())],
            proof: self.proof.to_bytes(),
            extra: binding.extra.clone(),
            interval: Some((interval.lo(), interval.hi())),
        }
    }
}

/// A proof that a committed value lies in `[lo, hi]` (any `lo ≤ hi < 2**64`).
#[pyclass(module = "ballistic", frozen)]
pub(crate) struct IntervalProof {
    inner: Any<Intervals>,
    binding: Binding,
}

impl Pinned for IntervalProof {
    fn parts(&self) -> RangeParts {
        on_group!(&self.inner, |p, G| p.parts(&self.binding))
    }

    fn verdict(&self, py: Python<'_>) -> Result<()> {
        on_group!(&self.inner, |p, G| py.allow_threads(|| p.verify(&self.binding)))
    }
}

impl IntervalProof {
    fn from_parts(parts: RangeParts) -> Result<IntervalProof> {
        let Some((lo, hi)) = parts.interval else {
            return Err(Error::Decode(
                "not an interval proof file (no min and max): load it with ballistic.RangeProof".into(),
            ));
        };
        let interval = Interval::new(lo, hi).when(Doing::Decoding)?;
        if parts.bits != interval.bits() {
            return Err(Error::Decode(format!("bits: {} is not the interval's ({})", parts.bits, interval.bits())));
        }
        let [commitment] = parts.commitments.as_slice() else {
            return Err(Error::Decode("commitments: an interval proof file has one".into()));
        };
        Self::decoded(&parts.proof, commitment, interval, &parts.label, &parts.system, &parts.group, parts.extra)
    }

    fn decoded(
        data: &[u8],
        commitment: &[u8],
        interval: Interval,
        label: &str,
        system: &str,
        group: &str,
        extra: Vec<u8>,
    ) -> Result<IntervalProof> {
        let (system, group) = (system_of(system)?, groups::group_named(group)?);
        let binding = Binding::new(label, extra)?;
        let inner = with_group!(group, |G| G::wrap(IntervalOf::<G>::decode(system, data, commitment, interval)?));
        Ok(IntervalProof { inner, binding })
    }
}

#[pymethods]
impl IntervalProof {
    /// Prove `lo ≤ value ≤ hi` for the commitment `value·B + blinding·B̃`.
    /// `extra` (at most 1024 bytes) is bound into the transcript after the label.
    #[staticmethod]
    #[pyo3(signature = (value, lo, hi, blinding = None, label = "ballistic range proof", system = "bulletproofs", group = "ristretto255", *, extra = None))]
    fn prove(
        py: Python<'_>,
        value: u64,
        lo: u64,
        hi: u64,
        blinding: Option<Vec<u8>>,
        label: &str,
        system: &str,
        group: &str,
        extra: Option<Vec<u8>>,
    ) -> Result<IntervalProof> {
        let (system, group) = (system_of(system)?, groups::group_named(group)?);
        let binding = Binding::new(label, extra.unwrap_or_default())?;
        let interval = Interval::new(lo, hi).when(Doing::Proving)?;
        let inner = with_group!(group, |G| {
            let blinding = groups::scalar_or_random::<G>("blinding", blinding.as_deref())?;
            G::wrap(py.allow_threads(|| IntervalOf::<G>::prove(system, value, &blinding, interval, &binding))?)
        });
        Ok(IntervalProof { inner, binding })
    }

    /// `True` iff the proof verifies for its commitment, interval, label and
    /// extra data, and its statement is the one pinned: `group`, `system`,
    /// `label`, `interval` (`(lo, hi)`), `extra` (`b""` none), each `None`
    /// for the proof's own. Unknown names raise `InvalidInput`.
    #[pyo3(signature = (*, group = None, system = None, label = None, interval = None, extra = None))]
    fn verify(
        &self,
        py: Python<'_>,
        group: Option<&str>,
        system: Option<&str>,
        label: Option<&str>,
        interval: Option<(u64, u64)>,
        extra: Option<Vec<u8>>,
    ) -> Result<bool> {
        let pins = formats::Pins { group, system, label, bits: None, interval, extra: extra.as_deref() };
        Ok(self.pinned(py, pins)?.is_ok())
    }

    /// Like `verify`, but raises `VerificationError` with the reason (a
    /// pin the statement does not match: named, expected and found).
    #[pyo3(signature = (*, group = None, system = None, label = None, interval = None, extra = None))]
    fn check(
        &self,
        py: Python<'_>,
        group: Option<&str>,
        system: Option<&str>,
        label: Option<&str>,
        interval: Option<(u64, u64)>,
        extra: Option<Vec<u8>>,
    ) -> Result<()> {
        let pins = formats::Pins { group, system, label, bits: None, interval, extra: extra.as_deref() };
        self.pinned(py, pins)?
    }

    /// The commitment (compressed point bytes).
    #[getter]
    fn commitment(&self, py: Python<'_>) -> Py<PyBytes> {
        let bytes = on_group!(&self.inner, |p, G| groups::point_bytes::<G>(p.statement.commitment()));
        PyBytes::new_bound(py, &bytes).unbind()
    }
    #[getter]
    fn lo(&self) -> u64 {
        on_group!(&self.inner, |p, G| p.statement.interval().lo())
    }
    #[getter]
    fn hi(&self) -> u64 {
        on_group!(&self.inner, |p, G| p.statement.interval().hi())
    }
    #[getter]
    fn system(&self) -> &'static str {
        on_group!(&self.inner, |p, G| p.proof.system().name())
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

    /// The proof bytes.
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        let bytes = on_group!(&self.inner, |p, G| p.proof.to_bytes());
        PyBytes::new_bound(py, &bytes).unbind()
    }

    /// A proof from its bytes and statement; decoding is strict.
    #[staticmethod]
    #[pyo3(signature = (data, commitment, lo, hi, label = "ballistic range proof", system = "bulletproofs", group = "ristretto255", *, extra = None))]
    fn from_bytes(
        data: &[u8],
        commitment: &[u8],
        lo: u64,
        hi: u64,
        label: &str,
        system: &str,
        group: &str,
        extra: Option<Vec<u8>>,
    ) -> Result<IntervalProof> {
        let interval = Interval::new(lo, hi).when(Doing::Proving)?;
        Self::decoded(data, commitment, interval, label, system, group, extra.unwrap_or_default())
    }

    /// The proof file as JSON (`ballistic range prove --min/--max`'s format).
    fn to_json(&self) -> Result<String> {
        formats::range_to_json(&self.parts())
    }

    /// A proof from an interval proof file's JSON; strict.
    #[staticmethod]
    fn from_json(text: &str) -> Result<IntervalProof> {
        Self::from_parts(formats::range_from_json(text)?)
    }

    /// Write the JSON proof file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, &self.to_json()?)
    }

    /// Read a JSON proof file.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> Result<IntervalProof> {
        Self::from_json(&formats::read(&path, ::ballistic::file::MAX_RANGE_FILE)?)
    }
}
