//! Pinocchio `.arith` circuits and their proofs.
//!
//! A `CircuitProof` holds the decoded library proof and the public values
//! it is bound to; JSON is made only when asked for.

use ::ballistic::circuit::arith::{scalar_from_hex_canonical, scalar_to_hex, Circuit as ArithCircuit, PublicValues};
use ::ballistic::circuit::R1csProof;
use ::ballistic::group::Group;
use ::ballistic::{new_transcript, BulletproofGens};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::error::{Doing, Error, Result, When};
use crate::formats::{self, CircuitParts, CIRCUIT_LABEL};
use crate::groups::{self, on_group, with_group, Any, Family, PyGroup};

/// One chain of the padded number of multiplication gates, what
/// `Circuit::prove` and `verify` need. Derived per call, as the command-line
/// tool does: circuits are far larger than the range shapes the process
/// keeps generators for.
fn generators<G: Group>(circuit: &ArithCircuit) -> BulletproofGens<G> {
    BulletproofGens::new(circuit.stats().multipliers.next_power_of_two().max(1), 1)
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
    fn prove(circuit: &ArithCircuit, inputs: &str, label: &str) -> Result<Self> {
        let values = circuit.read_inputs::<G::Scalar, _>(inputs.as_bytes()).when(Doing::Circuit)?;
        let (proof, public) = circuit
            .prove(G::pc(), &generators::<G>(circuit), new_transcript(label.as_bytes()), &values, &mut rand_core::OsRng)
            .when(Doing::Circuit)?;
        Ok(Proved { proof, public })
    }

    fn verify(&self, circuit: &ArithCircuit, label: &str) -> Result<()> {
        circuit
            .verify(
                G::pc(),
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

/// A Pinocchio `.arith` circuit.
#[pyclass(module = "ballistic", frozen)]
pub(crate) struct Circuit {
    inner: ArithCircuit,
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
        Ok(Circuit { inner })
    }

    /// Parse a circuit from `.arith` text.
    #[staticmethod]
    fn parse(text: &str) -> Result<Circuit> {
        let inner = ArithCircuit::parse(text.as_bytes()).when(Doing::Circuit)?;
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
    #[pyo3(signature = (inputs, label = CIRCUIT_LABEL, group = "ristretto255"))]
    fn prove(&self, py: Python<'_>, inputs: &str, label: &str, group: &str) -> Result<CircuitProof> {
        let group = groups::group_named(group)?;
        formats::check_label(label)?;
        let inner =
            with_group!(group, |G| G::wrap(py.allow_threads(|| Proved::<G>::prove(&self.inner, inputs, label))?));
        Ok(CircuitProof { inner, label: label.into(), multipliers: self.inner.stats().multipliers })
    }

    /// `True` iff `proof` is valid for this circuit and its public values.
    fn verify(&self, py: Python<'_>, proof: &CircuitProof) -> bool {
        self.check(py, proof).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>, proof: &CircuitProof) -> Result<()> {
        let multipliers = self.inner.stats().multipliers;
        if proof.multipliers != multipliers {
            return Err(Error::Rejected(format!(
                "the proof is for a circuit with {} multiplication gates; this one has {multipliers}",
                proof.multipliers
            )));
        }
        on_group!(&proof.inner, |p, G| py.allow_threads(|| p.verify(&self.inner, &proof.label)))
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
    /// Public inputs `[(wire, value), …]` (without the one-wire).
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
