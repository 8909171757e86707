//! Multi-asset range proofs (Confidential Assets): one proof over
//! commitments `value·H_j + blinding·B̃` with a value generator `H_j` per
//! output — the library's `range::assets` (native Bulletproofs, or a
//! re-commitment over any system), by construction name.

use ::ballistic::batch::{Claim, Item};
use ::ballistic::group::{Group, ScalarOps};
use ::ballistic::new_transcript;
use ::ballistic::range::{self as assets, MultiAssetStatement, MultiAssetSystem};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::error::{Doing, Error, Result, When};
use crate::formats;
use crate::groups::{self, on_group, with_group, Any, Family, PyGroup};

fn system_of(name: &str) -> Result<MultiAssetSystem> {
    MultiAssetSystem::from_name(name).ok_or_else(|| {
        let expected = MultiAssetSystem::ALL.map(|s| format!("{:?}", s.name())).join(", ");
        Error::InvalidInput(format!("unknown multi-asset construction {name:?} (expected one of {expected})"))
    })
}

/// A value generator: a valid point that is not the identity.
fn generator<G: Group>(what: &str, bytes: &[u8]) -> Result<G::Point> {
    let c = groups::compressed::<G>(what, bytes)?;
    G::decompress(&c)
        .filter(|p| !G::is_identity_vartime(p))
        .ok_or_else(|| Error::Decode(format!("{what}: not a valid {} point, or the identity", G::NAME)))
}

/// The asset generator of the asset named `asset_id` (hash to the group;
/// nobody knows its discrete logarithm).
#[pyfunction]
#[pyo3(signature = (asset_id, group = "ristretto255"))]
pub(crate) fn asset_generator(py: Python<'_>, asset_id: &[u8], group: &str) -> Result<Py<PyBytes>> {
    let bytes = with_group!(groups::group_named(group)?, |G| groups::point_bytes::<G>(&G::compress(
        &assets::asset_generator::<G>(asset_id)
    )));
    Ok(PyBytes::new_bound(py, &bytes).unbind())
}

/// A blinded asset tag `asset + blinding·B̃` (32-byte blinding).
#[pyfunction]
#[pyo3(signature = (asset, blinding, group = "ristretto255"))]
pub(crate) fn blinded_asset_generator(
    py: Python<'_>,
    asset: &[u8],
    blinding: &[u8],
    group: &str,
) -> Result<Py<PyBytes>> {
    let bytes = with_group!(groups::group_named(group)?, |G| {
        let a = generator::<G>("asset", asset)?;
        let r = groups::scalar::<G>("blinding", blinding)?;
        groups::point_bytes::<G>(&G::compress(&assets::blinded_asset_generator::<G>(&G::gens_for(1, 1), &a, &r)))
    });
    Ok(PyBytes::new_bound(py, &bytes).unbind())
}

/// A multi-asset proof on group `G` with its statement.
pub(crate) struct AssetsOf<G: PyGroup> {
    proof: assets::MultiAssetProof<G>,
    statement: MultiAssetStatement<G>,
}

/// [`AssetsOf`] for any group.
pub(crate) enum AssetProofs {}
impl Family for AssetProofs {
    type Of<G: PyGroup> = AssetsOf<G>;
}

impl<G: PyGroup> AssetsOf<G> {
    fn gens(system: MultiAssetSystem, bits: usize, values: usize) -> ::ballistic::Generators<G> {
        let (chains, per_chain) = system.generators_needed(bits, values).unwrap_or((1, 1));
        G::gens_for(per_chain, chains)
    }

    fn prove(
        system: MultiAssetSystem,
        values: &[u64],
        blindings: &[G::Scalar],
        generators: &[G::Point],
        bits: usize,
        label: &str,
    ) -> Result<Self> {
        let (proof, commitments) = system
            .prove::<G, _>(
                &Self::gens(system, bits, values.len()),
                &mut new_transcript(label.as_bytes()),
                values,
                blindings,
                generators,
                bits,
                &mut rand_core::OsRng,
            )
            .when(Doing::Proving)?;
        let compressed: Vec<G::Compressed> = generators.iter().map(G::compress).collect();
        let statement = MultiAssetStatement::new(bits, &commitments, &compressed).when(Doing::Proving)?;
        Ok(AssetsOf { proof, statement })
    }

    fn decode(
        system: MultiAssetSystem,
        proof: &[u8],
        commitments: &[Vec<u8>],
        generators: &[Vec<u8>],
        bits: usize,
    ) -> Result<Self> {
        let commitments = groups::each("commitment", commitments, groups::compressed::<G>)?;
        let generators = groups::each("generator", generators, groups::compressed::<G>)?;
        let statement = MultiAssetStatement::new(bits, &commitments, &generators).when(Doing::Decoding)?;
        let proof = system.decode::<G>(proof, bits, commitments.len()).when(Doing::Decoding)?;
        Ok(AssetsOf { proof, statement })
    }

    fn item(&self, label: &str) -> Item<'_, G, assets::MultiAssetProof<G>> {
        Item::new(&self.proof, &self.statement, new_transcript(label.as_bytes()))
    }
}

/// A multi-asset range proof with its statement: commitments, value
/// generators, bit size, label, construction and group.
#[pyclass(module = "ballistic", frozen)]
pub(crate) struct MultiAssetProof {
    inner: Any<AssetProofs>,
    label: String,
}

impl MultiAssetProof {
    fn verdict(&self, py: Python<'_>) -> Result<()> {
        on_group!(&self.inner, |p, G| py.allow_threads(|| groups::verify_one(&p.item(&self.label))))
    }
}

#[pymethods]
impl MultiAssetProof {
    /// Prove every value in `[0, 2**bits)`, value `j` committed on
    /// `generators[j]` (compressed points, e.g. from `asset_generator`).
    /// Returns the proof and the commitments. Blindings are random unless
    /// given (32 bytes each). `system`: `"native"` (Bulletproofs, the
    /// smallest) or `"recommitted-bulletproofs"`, `"recommitted-bulletproofs-plus"`,
    /// `"recommitted-bulletproofs-plus-plus"`.
    #[staticmethod]
    #[pyo3(signature = (values, generators, bits, blindings = None, label = "ballistic multi-asset proof", system = "native", group = "ristretto255"))]
    fn prove(
        py: Python<'_>,
        values: Vec<u64>,
        generators: Vec<Vec<u8>>,
        bits: usize,
        blindings: Option<Vec<Vec<u8>>>,
        label: &str,
        system: &str,
        group: &str,
    ) -> Result<(MultiAssetProof, Vec<Py<PyBytes>>)> {
        let (system, group) = (system_of(system)?, groups::group_named(group)?);
        formats::check_label(label)?;
        let (proof, commitments) = with_group!(group, |G| {
            let gens = groups::each("generator", &generators, generator::<G>)?;
            let blindings = match &blindings {
                Some(list) => groups::each("blinding", list, groups::scalar::<G>)?,
                None => {
                    values.iter().map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rand_core::OsRng)).collect()
                }
            };
            let p = py.allow_threads(|| AssetsOf::<G>::prove(system, &values, &blindings, &gens, bits, label))?;
            let commitments: Vec<Vec<u8>> = p.statement.commitments().iter().map(groups::point_bytes::<G>).collect();
            (MultiAssetProof { inner: G::wrap(p), label: label.into() }, commitments)
        });
        Ok((proof, groups::bytes_list(py, commitments)))
    }

    /// Decode a proof (strictly) with its statement.
    #[staticmethod]
    #[pyo3(signature = (proof, commitments, generators, bits, label = "ballistic multi-asset proof", system = "native", group = "ristretto255"))]
    fn from_bytes(
        proof: &[u8],
        commitments: Vec<Vec<u8>>,
        generators: Vec<Vec<u8>>,
        bits: usize,
        label: &str,
        system: &str,
        group: &str,
    ) -> Result<MultiAssetProof> {
        let (system, group) = (system_of(system)?, groups::group_named(group)?);
        formats::check_label(label)?;
        let inner =
            with_group!(group, |G| G::wrap(AssetsOf::<G>::decode(system, proof, &commitments, &generators, bits)?));
        Ok(MultiAssetProof { inner, label: label.into() })
    }

    /// `True` iff the proof verifies for its statement and label.
    fn verify(&self, py: Python<'_>) -> bool {
        self.verdict(py).is_ok()
    }

    /// Like `verify`, but raises `VerificationError` with the reason.
    fn check(&self, py: Python<'_>) -> Result<()> {
        self.verdict(py)
    }

    /// The proof bytes.
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        let bytes = on_group!(&self.inner, |p, G| p.proof.to_bytes());
        PyBytes::new_bound(py, &bytes).unbind()
    }

    fn __bytes__(&self, py: Python<'_>) -> Py<PyBytes> {
        self.to_bytes(py)
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
        self.label.clone()
    }
    #[getter]
    fn bits(&self) -> usize {
        on_group!(&self.inner, |p, G| p.statement.shape().n)
    }
    #[getter]
    fn commitments(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        let list: Vec<Vec<u8>> =
            on_group!(&self.inner, |p, G| p.statement.commitments().iter().map(groups::point_bytes::<G>).collect());
        groups::bytes_list(py, list)
    }
    #[getter]
    fn generators(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        let list: Vec<Vec<u8>> = on_group!(&self.inner, |p, G| p
            .statement
            .value_generators()
            .iter()
            .map(groups::point_bytes::<G>)
            .collect());
        groups::bytes_list(py, list)
    }

    fn __repr__(&self) -> String {
        format!(
            "MultiAssetProof(system={:?}, group={:?}, bits={}, outputs={})",
            self.system(),
            self.group(),
            self.bits(),
            on_group!(&self.inner, |p, G| p.statement.shape().m)
        )
    }
}

/// Verify many multi-asset proofs (any construction, group, size or
/// generators) in one batch per group. Returns the indices of the invalid
/// proofs (empty: all valid).
#[pyfunction]
pub(crate) fn verify_multi_asset_batch(py: Python<'_>, proofs: Vec<PyRef<'_, MultiAssetProof>>) -> Vec<usize> {
    let proofs: Vec<&MultiAssetProof> = proofs.iter().map(|p| &**p).collect();
    py.allow_threads(|| groups::invalid_indices(&proofs))
}

impl groups::HasClaim for MultiAssetProof {
    fn claim<G: PyGroup>(&self) -> Option<Box<dyn Claim<G> + '_>> {
        G::pick(&self.inner).map(|a| Box::new(a.item(&self.label)) as Box<dyn Claim<G> + '_>)
    }
}
