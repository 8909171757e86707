//! Pinocchio `.arith` circuits and their proofs.
//!
//! A `CircuitProof` holds the decoded library proof and the public values
//! it is bound to; JSON is made only when asked for.

use std::sync::{Arc, Mutex};

use ::ballistic::batch::Claim;
use ::ballistic::circuit::R1csProof;
use ::ballistic::circuit::{
    scalar_from_hex_canonical, scalar_to_hex, Circuit as ArithCircuit, PreparedCircuit, PublicValues,
};
use ::ballistic::group::Group;
use ::ballistic::{new_transcript, Generators};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::error::{Doing, Error, Result, When};
use crate::formats::{self, CircuitParts};
use crate::groups::{self, on_group, with_group, Any, Family, GroupName, PyGroup};

/// One chain of the padded number of multiplication gates, what proving
/// and verifying need: from the process's cache, which takes them from the
/// generator store (see [`PyGroup`]).
fn generators<G: PyGroup>(circuit: &PreparedCircuit<G>) -> Generators<G> {
    G::gens_for(circuit.padded_multipliers(), 1)
}

/// [`PreparedCircuit`] for any group.
pub(crate) enum Prepared {}
impl Family for Prepared {
    type Of<G: PyGroup> = PreparedCircuit<G>;
}

/// A circuit proof on group `G` with the public values it is bound to.
pub(crate) struct Proved<G: PyGroup> {
    proof: R1csProof<G>,
    public: PublicValues<G::Scalar>,
}

/// [`Proved`] for any group.
pub(crate) enum Proofs {}
impl Family for Proofs {
    type Of<G: PyGroup> = Proved<G>;
}

impl<G: PyGroup> Proved<G> {
    fn prove(circuit: &PreparedCircuit<G>, inputs: &str, label: &str) -> Result<Self> {
        let values = circuit.circuit().read_inputs::<G::Scalar, _>(inputs.as_bytes()).when(Doing::Circuit)?;
        let (proof, public) = circuit
            .prove(&generators::<G>(circuit), new_transcript(label.as_bytes()), &values, &mut rand_core::OsRng)
            .when(Doing::Circuit)?;
        Ok(Proved { proof, public })
    }

    fn verify(&self, circuit: &PreparedCircuit<G>, label: &str) -> Result<()> {
        circuit
            .verify(
                &generators::<G>(circuit),
                new_transcript(label.as_bytes()),
                &self.public,
                &self.proof,
                &mut rand_core::OsRng,
            )
            .when(Doing::Verifying)
    }

    fn decode(parts: &CircuitParts) -> Result<Self> {
        let values = |list: &[(usize, String)]| -> Result<Vec<(usize, G::Scalar)>> {
            list.iter()
                .enumerate()
                .map(|(i, (wire, hex))| {
                    Ok((*wire, scalar_from_hex_canonical::<G::Scalar>(hex, i + 1).when(Doing::Decoding)?))
                })
                .collect()
        };
        let public = PublicValues { inputs: values(&parts.inputs)?, outputs: values(&parts.outputs)? };
        let proof = R1csProof::<G>::from_bytes(&parts.proof).when(Doing::Decoding)?;
        Ok(Proved { proof, public })
    }

    fn wires(list: &[(usize, G::Scalar)]) -> Vec<(usize, String)> {
        list.iter().map(|(w, v)| (*w, scalar_to_hex(v))).collect()
    }

    fn wire_ints(py: Python<'_>, list: &[(usize, G::Scalar)]) -> PyResult<Vec<(usize, PyObject)>> {
        list.iter().map(|(w, v)| Ok((*w, groups::scalar_to_int(py, v)?))).collect()
    }
}

/// A Pinocchio `.arith` circuit, with its translation to constraints made
/// once per group on first use and kept (proofs and batches reuse it).
#[pyclass(module = "ballistic", frozen)]
pub(crate) struct Circuit {
    inner: Arc<ArithCircuit>,
    prepared: Mutex<Vec<Arc<Any<Prepared>>>>,
}

impl Circuit {
    fn new(inner: ArithCircuit) -> Circuit {
        Circuit { inner: Arc::new(inner), prepared: Mutex::new(Vec::new()) }
    }

    /// The circuit translated for `G` (translated on first use).
    fn prepared<G: PyGroup>(&self) -> Result<Arc<Any<Prepared>>> {
        let mut list = self.prepared.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = list.iter().find(|p| G::pick(p.as_ref()).is_some()) {
            return Ok(p.clone());
        }
        let p = Arc::new(G::wrap::<Prepared>(PreparedCircuit::<G>::new(self.inner.clone()).when(Doing::Circuit)?));
        list.push(p.clone());
        Ok(p)
    }

    /// Check `proof`'s size against the translation and verify it.
    fn check_on<G: PyGroup>(&self, p: &Proved<G>, proof: &CircuitProof) -> Result<()> {
        let any = self.prepared::<G>()?;
        let prepared = G::pick(any.as_ref()).ok_or_else(|| Error::Rejected("no translation".into()))?;
        let multipliers = prepared.metrics().multipliers;
        if proof.multipliers != multipliers {
            return Err(Error::Rejected(format!(
                "the proof is for a circuit with {} multiplication gates; this one has {multipliers}",
                proof.multipliers
            )));
        }
        p.verify(prepared, &proof.label)
    }

    /// Indices (into `proofs`) of the invalid proofs on `G`, verified as
    /// one batch against the translation.
    fn batch<G: PyGroup>(&self, proofs: &[&CircuitProof]) -> Result<Vec<usize>> {
        let mine: Vec<(usize, &Proved<G>, &CircuitProof)> =
            proofs.iter().enumerate().filter_map(|(i, p)| G::pick(&p.inner).map(|r| (i, r, *p))).collect();
        if mine.is_empty() {
            return Ok(Vec::new());
        }
        let any = self.prepared::<G>()?;
        let prepared = G::pick(any.as_ref()).ok_or_else(|| Error::Rejected("no translation".into()))?;
        let multipliers = prepared.metrics().multipliers;
        // A claim holds its share of the batch's vectors until the batch is
        // summed: batches of at most the file layer's bound on padded gates.
        let per_batch = (::ballistic::file::MAX_CIRCUIT_BATCH_GATES / multipliers.next_power_of_two().max(1)).max(1);
        let mut bad = Vec::new();
        let mut rng = rand_core::OsRng;
        for chunk in mine.chunks(per_batch) {
            let mut claims = Vec::new();
            for (i, p, proof) in chunk {
                let claim = (proof.multipliers == multipliers)
                    .then(|| prepared.claim(new_transcript(proof.label.as_bytes()), &p.public, &p.proof, &mut rng).ok())
                    .flatten();
                match claim {
                    Some(c) => claims.push((*i, c)),
                    None => bad.push(*i),
                }
            }
            let refs: Vec<&dyn Claim<G>> = claims.iter().map(|(_, c)| c as &dyn Claim<G>).collect();
            let gens = |chains, per_chain| G::gens_for(per_chain, chains);
            if let Err(e) = ::ballistic::batch::verify_with_generators(gens, &refs, &mut rng) {
                bad.extend(e.indices().into_iter().filter_map(|k| claims.get(k).map(|(i, _)| *i)));
            }
        }
        Ok(bad)
    }
}

/// A circuit proof with its public inputs and outputs (the format of
/// `ballistic circuit prove`).
#[pyclass(module = "ballistic", frozen, eq)]
pub(crate) struct CircuitProof {
    inner: Any<Proofs>,
    label: String,
    /// Multiplication gates of the circuit it was made for.
    multipliers: usize,
}

impl PartialEq for CircuitProof {
    fn eq(&self, other: &Self) -> bool {
        self.parts() == other.parts()
    }
}

impl CircuitProof {
    fn parts(&self) -> CircuitParts {
        on_group!(&self.inner, |p, G| CircuitParts {
            group: G::NAME.into(),
            label: self.label.clone(),
            multipliers: self.multipliers,
            inputs: Proved::<G>::wires(&p.public.inputs),
            outputs: Proved::<G>::wires(&p.public.outputs),
            proof: p.proof.to_bytes(),
        })
    }
}

#[pymethods]
impl Circuit {
    /// Load a circuit file (`.arith`, or gzip-compressed `.arith.gz`).
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> Result<Circuit> {
        let inner = py.allow_threads(|| ArithCircuit::from_path(&path)).when(Doing::Circuit)?;
        Ok(Circuit::new(inner))
    }

    /// Parse a circuit from `.arith` text.
    #[staticmethod]
    fn parse(text: &str) -> Result<Circuit> {
        let inner = ArithCircuit::parse(text.as_bytes()).when(Doing::Circuit)?;
        Ok(Circuit::new(inner))
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
    fn evaluate(&self, py: Python<'_>, inputs: &str, group: &str) -> Result<Vec<(usize, PyObject)>> {
        with_group!(groups::group_named(group)?, |G| {
            let outputs = py.allow_threads(|| -> Result<_> {
                let values =
                    self.inner.read_inputs::<<G as Group>::Scalar, _>(inputs.as_bytes()).when(Doing::Circuit)?;
                let wires = self.inner.evaluate(&values).when(Doing::Circuit)?;
                Ok(self.inner.public_values(&wires).outputs)
            })?;
            Ok(Proved::<G>::wire_ints(py, &outputs)?)
        })
    }

    /// Prove from `.in`-format input text (every public and witness input).
    #[pyo3(signature = (inputs, label = "ballistic circuit proof", group = "ristretto255"))]
    fn prove(&self, py: Python<'_>, inputs: &str, label: &str, group: &str) -> Result<CircuitProof> {
        let group = groups::group_named(group)?;
        formats::check_label(label)?;
        let (inner, multipliers) = with_group!(group, |G| {
            let (proved, multipliers) = py.allow_threads(|| -> Result<_> {
                let any = self.prepared::<G>()?;
                let prepared = G::pick(any.as_ref()).ok_or_else(|| Error::Rejected("no translation".into()))?;
                Ok((Proved::<G>::prove(prepared, inputs, label)?, prepared.metrics().multipliers))
            })?;
            (G::wrap(proved), multipliers)
        });
        Ok(CircuitProof { inner, label: label.into(), multipliers })
    }

    /// `True` iff `proof` is valid for this circuit and its public values.
    fn verify(&self, py: Python<'_>, proof: &CircuitProof) -> bool {
        self.check(py, proof).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>, proof: &CircuitProof) -> Result<()> {
        on_group!(&proof.inner, |p, G| py.allow_threads(|| self.check_on::<G>(p, proof)))
    }

    /// Verify many proofs of this circuit (either group) as one batch per
    /// group, the circuit translated once; returns the indices of the
    /// invalid proofs (empty: all valid).
    fn verify_batch(&self, py: Python<'_>, proofs: Vec<PyRef<'_, CircuitProof>>) -> Result<Vec<usize>> {
        let proofs: Vec<&CircuitProof> = proofs.iter().map(|p| &**p).collect();
        py.allow_threads(|| {
            let mut bad = Vec::new();
            for g in GroupName::ALL {
                bad.extend(with_group!(g, |G| self.batch::<G>(&proofs))?);
            }
            bad.sort_unstable();
            Ok(bad)
        })
    }

    /// Sizes of the translation on `group`: multiplication gates,
    /// constraints and nonzero entries of the constraint matrices.
    #[pyo3(signature = (group = "ristretto255"))]
    fn r1cs_stats<'py>(&self, py: Python<'py>, group: &str) -> Result<Bound<'py, PyDict>> {
        let m = with_group!(groups::group_named(group)?, |G| {
            let any = py.allow_threads(|| self.prepared::<G>())?;
            G::pick(any.as_ref()).map(|p| p.metrics()).ok_or_else(|| Error::Rejected("no translation".into()))?
        });
        let d = PyDict::new_bound(py);
        let set = |k: &str, v: usize| d.set_item(k, v).map_err(Error::from);
        set("multipliers", m.multipliers)?;
        set("padded_multipliers", m.padded_multipliers())?;
        set("constraints", m.constraints)?;
        set("nonzeros", m.nonzeros)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let s = self.inner.stats();
        format!("Circuit(wires={}, gates={}, multipliers={})", s.wires, s.gates, s.multipliers)
    }
}

#[pymethods]
impl CircuitProof {
    #[getter]
    fn group(&self) -> &'static str {
        self.inner.group().name()
    }
    #[getter]
    fn label(&self) -> String {
        self.label.clone()
    }
    /// Public inputs `[(wire, value), …]` (the one-input wire included).
    #[getter]
    fn inputs(&self, py: Python<'_>) -> PyResult<Vec<(usize, PyObject)>> {
        on_group!(&self.inner, |p, G| Proved::<G>::wire_ints(py, &p.public.inputs))
    }
    /// Outputs `[(wire, value), …]`.
    #[getter]
    fn outputs(&self, py: Python<'_>) -> PyResult<Vec<(usize, PyObject)>> {
        on_group!(&self.inner, |p, G| Proved::<G>::wire_ints(py, &p.public.outputs))
    }
    /// The proof bytes.
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        let bytes = on_group!(&self.inner, |p, G| p.proof.to_bytes());
        PyBytes::new_bound(py, &bytes).unbind()
    }
    /// JSON (the format of `ballistic circuit prove`).
    fn to_json(&self) -> Result<String> {
        formats::circuit_to_json(&self.parts())
    }
    /// From JSON; strict (unknown fields, bad hex, bad values are errors).
    #[staticmethod]
    fn from_json(text: &str) -> Result<CircuitProof> {
        let parts = formats::circuit_from_json(text)?;
        formats::check_label(&parts.label)?;
        let inner = with_group!(groups::group_named(&parts.group)?, |G| G::wrap(Proved::<G>::decode(&parts)?));
        Ok(CircuitProof { inner, label: parts.label, multipliers: parts.multipliers })
    }
    /// Write the JSON file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, &self.to_json()?)
    }
    /// Read a JSON file.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> Result<CircuitProof> {
        Self::from_json(&formats::read(&path, ::ballistic::file::MAX_CIRCUIT_FILE)?)
    }
    fn __repr__(&self) -> String {
        let bytes = on_group!(&self.inner, |p, G| p.proof.to_bytes().len());
        format!("CircuitProof(group={:?}, bytes={bytes})", self.group())
    }
}
