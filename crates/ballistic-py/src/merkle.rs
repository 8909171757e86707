//! Zero-knowledge Merkle membership: trees of public leaves and proofs
//! that a committed leaf is in one, hiding which. The trees, the proof
//! files and verification are the library's (`ballistic::merkle`,
//! `ballistic::file`); a `MembershipProof` is the JSON file of
//! `ballistic merkle prove`.

use ::ballistic::file::{self, MembershipProofFile, MerkleTreeFile, MAX_TREE_FILE};
use ::ballistic::hazmat::{from_hex, to_hex};
use ::ballistic::merkle::{MerkleParams, MerkleTree as Tree};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyLong};

use crate::error::{Doing, Error, Result, When};
use crate::formats;
use crate::groups::{self, on_group, with_group, Any, Family, GroupName, PyGroup};

/// A built tree with its hash parameters, for any group.
pub(crate) enum Trees {}
impl Family for Trees {
    type Of<G: PyGroup> = (MerkleParams<G>, Tree<G>);
}

/// A Merkle tree of public leaves (elements of the group's scalar field),
/// hashed with the Pedersen hash over the group's embedded curve.
#[pyclass(module = "ballistic", frozen)]
pub(crate) struct MerkleTree {
    file: MerkleTreeFile,
    built: Any<Trees>,
}

/// A leaf given as an `int` (0 ≤ leaf < the group order) or 32 bytes
/// (canonical, little-endian).
fn leaf_bytes(item: &Bound<'_, PyAny>, index: usize) -> Result<Vec<u8>> {
    if item.is_instance_of::<pyo3::types::PyBool>() {
        return Err(Error::InvalidInput(format!("leaf #{index}: must be an int or 32 bytes, not a bool")));
    }
    if let Ok(b) = item.downcast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    if item.is_instance_of::<PyLong>() {
        let out = item
            .call_method1("to_bytes", (32, "little"))
            .map_err(|_| Error::InvalidInput(format!("leaf #{index}: must be a non-negative int below 2^256")))?;
        return Ok(out.downcast::<PyBytes>().map_err(|e| Error::Other(e.to_string()))?.as_bytes().to_vec());
    }
    Err(Error::InvalidInput(format!("leaf #{index}: must be an int or 32 bytes")))
}

impl MerkleTree {
    fn from_file(file: MerkleTreeFile) -> Result<MerkleTree> {
        let built = with_group!(file.group_id().when(Doing::Decoding)?, |G| G::wrap::<Trees>(
            file.tree::<G>().when(Doing::Decoding)?
        ));
        Ok(MerkleTree { file, built })
    }
}

#[pymethods]
impl MerkleTree {
    /// Build the tree of `depth` levels (room for `2^depth` leaves) whose
    /// first leaves are `leaves` (ints or 32-byte canonical encodings);
    /// the other positions are empty (leaf 0).
    #[new]
    #[pyo3(signature = (leaves, depth = 32, group = "ristretto255"))]
    fn new(py: Python<'_>, leaves: Vec<Bound<'_, PyAny>>, depth: usize, group: &str) -> Result<MerkleTree> {
        let group = groups::group_named(group)?;
        if leaves.len() > file::MAX_TREE_LEAVES {
            return Err(Error::InvalidInput(format!(
                "{} leaves: at most {} (and 2^depth)",
                leaves.len(),
                file::MAX_TREE_LEAVES
            )));
        }
        let encoded = leaves.iter().enumerate().map(|(i, l)| leaf_bytes(l, i)).collect::<Result<Vec<_>>>()?;
        with_group!(group, |G| {
            let scalars = groups::each("leaf", &encoded, groups::scalar::<G>)?;
            let (file, params, tree) =
                py.allow_threads(|| MerkleTreeFile::build_tree::<G>(depth, scalars)).when(Doing::Proving)?;
            Ok(MerkleTree { file, built: G::wrap::<Trees>((params, tree)) })
        })
    }

    /// The root (32 bytes, little-endian).
    #[getter]
    fn root(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &from_hex(&self.file.root).unwrap_or_default()).unbind()
    }
    #[getter]
    fn depth(&self) -> usize {
        self.file.depth
    }
    #[getter]
    fn group(&self) -> &'static str {
        self.built.group().name()
    }
    /// The leaves given, as 32-byte encodings.
    #[getter]
    fn leaves(&self, py: Python<'_>) -> Vec<Py<PyBytes>> {
        groups::bytes_list(py, self.file.leaves.iter().map(|h| from_hex(h).unwrap_or_default()))
    }
    fn __len__(&self) -> usize {
        self.file.leaves.len()
    }

    /// Prove that leaf `index` is in the tree without revealing which:
    /// commits to it as `leaf·B + blinding·B̃` (`blinding`: 32 bytes, random
    /// if not given; pass your own to also prove a range on the same
    /// commitment).
    #[pyo3(signature = (index, blinding = None, label = "ballistic merkle membership"))]
    fn prove(&self, py: Python<'_>, index: u64, blinding: Option<&[u8]>, label: &str) -> Result<MembershipProof> {
        formats::check_label(label)?;
        let file = on_group!(&self.built, |(params, tree), G| {
            let blinding = blinding.map(|b| groups::scalar::<G>("blinding", b)).transpose()?;
            py.allow_threads(|| {
                let store = groups::store();
                MembershipProofFile::prove_in::<G, _>(
                    store,
                    params,
                    tree,
                    index,
                    blinding,
                    label,
                    &mut rand_core::OsRng,
                )
            })
            .when(Doing::Proving)?
            .0
        });
        Ok(MembershipProof { file })
    }

    /// JSON (the format of `ballistic merkle build`).
    fn to_json(&self) -> String {
        self.file.to_json()
    }
    /// From JSON: the tree is rebuilt and must have the file's root.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> Result<MerkleTree> {
        py.allow_threads(|| MerkleTree::from_file(MerkleTreeFile::from_json(text.as_bytes()).when(Doing::Decoding)?))
    }
    /// Write the JSON file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, self.file.to_json().trim_end())
    }
    /// Read a JSON file (rebuilt and checked against its root).
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> Result<MerkleTree> {
        Self::from_json(py, &formats::read(&path, MAX_TREE_FILE)?)
    }
    fn __repr__(&self) -> String {
        format!("MerkleTree(group={:?}, depth={}, leaves={})", self.group(), self.file.depth, self.file.leaves.len())
    }
}

/// A membership proof: the commitment to a leaf, the root, and the proof
/// (the file `ballistic merkle prove` writes).
#[pyclass(module = "ballistic", frozen, eq)]
#[derive(PartialEq)]
pub(crate) struct MembershipProof {
    file: MembershipProofFile,
}

/// The root to check against, as the library's hex.
fn root_hex(root: &[u8]) -> Result<String> {
    match root.len() {
        32 => Ok(to_hex(root)),
        n => Err(Error::InvalidInput(format!("root: must be 32 bytes, got {n}"))),
    }
}

/// The verifier's statement: the root (hex), the depth and the group. From
/// a `MerkleTree` (its own; `depth` and `group`, if given, must be its),
/// or from 32 bytes with `depth` and `group` (both required). Never from
/// the proofs.
fn statement(root: &Bound<'_, PyAny>, depth: Option<usize>, group: Option<&str>) -> Result<(String, usize, GroupName)> {
    let group = group.map(groups::group_named).transpose()?;
    if let Ok(tree) = root.downcast::<MerkleTree>() {
        let tree = tree.get();
        let tree_group = tree.built.group();
        if let Some(d) = depth.filter(|d| *d != tree.file.depth) {
            return Err(Error::InvalidInput(format!("depth={d}, but the tree has depth {}", tree.file.depth)));
        }
        if let Some(g) = group.filter(|g| *g != tree_group) {
            return Err(Error::InvalidInput(format!("group={:?}, but the tree is {:?}", g.name(), tree_group.name())));
        }
        return Ok((tree.file.root.clone(), tree.file.depth, tree_group));
    }
    let bytes =
        root.downcast::<PyBytes>().map_err(|_| Error::InvalidInput("root: must be a MerkleTree or 32 bytes".into()))?;
    let root = root_hex(bytes.as_bytes())?;
    let depth = depth.ok_or_else(|| {
        Error::InvalidInput(
            "depth= is required with a bare root (the tree's depth is the verifier's, never the proof's)".into(),
        )
    })?;
    if depth == 0 || depth > ::ballistic::merkle::MAX_DEPTH {
        return Err(Error::InvalidInput(format!("depth {depth} out of range 1..={}", ::ballistic::merkle::MAX_DEPTH)));
    }
    let group = group.ok_or_else(|| {
        Error::InvalidInput(
            "group= is required with a bare root (a root does not tell its group: ristretto255 and ed25519 share the \
             embedded curve)"
                .into(),
        )
    })?;
    Ok((root, depth, group))
}

#[pymethods]
impl MembershipProof {
    #[getter]
    fn group(&self) -> String {
        self.file.group.clone()
    }
    #[getter]
    fn label(&self) -> String {
        self.file.label.clone()
    }
    #[getter]
    fn depth(&self) -> usize {
        self.file.depth
    }
    /// The root the proof is for (32 bytes).
    #[getter]
    fn root(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &from_hex(&self.file.root).unwrap_or_default()).unbind()
    }
    /// The commitment to the leaf (a compressed point).
    #[getter]
    fn commitment(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &from_hex(&self.file.commitment).unwrap_or_default()).unbind()
    }
    /// The proof bytes.
    fn to_bytes(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &from_hex(&self.file.proof).unwrap_or_default()).unbind()
    }
    /// `True` iff the proof is valid and for the verifier's tree: a
    /// `MerkleTree`, or its root (32 bytes) with `depth` (required) and
    /// `group` (default `"ristretto255"`). The statement must come from the
    /// verifier, never from the proof: anyone can build a tree holding a
    /// leaf of their choice.
    #[pyo3(signature = (root, depth = None, group = None))]
    fn verify(
        &self,
        py: Python<'_>,
        root: &Bound<'_, PyAny>,
        depth: Option<usize>,
        group: Option<&str>,
    ) -> Result<bool> {
        let (root, depth, group) = statement(root, depth, group)?;
        Ok(py.allow_threads(|| self.file.verify(groups::store(), &root, depth, group).is_ok()))
    }
    /// Like `verify`, but raises with the reason.
    #[pyo3(signature = (root, depth = None, group = None))]
    fn check(&self, py: Python<'_>, root: &Bound<'_, PyAny>, depth: Option<usize>, group: Option<&str>) -> Result<()> {
        let (root, depth, group) = statement(root, depth, group)?;
        py.allow_threads(|| self.file.verify(groups::store(), &root, depth, group)).when(Doing::Verifying)
    }
    /// JSON (the format of `ballistic merkle prove`).
    fn to_json(&self) -> String {
        self.file.to_json()
    }
    /// From JSON (strict: unknown fields, a wrong system, depth or label,
    /// a root, commitment or proof that does not decode are errors).
    #[staticmethod]
    fn from_json(text: &str) -> Result<MembershipProof> {
        Ok(MembershipProof { file: MembershipProofFile::from_json(text.as_bytes()).when(Doing::Decoding)? })
    }
    /// Write the JSON file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, self.file.to_json().trim_end())
    }
    /// Read a JSON file.
    #[staticmethod]
    fn load(path: std::path::PathBuf) -> Result<MembershipProof> {
        Self::from_json(&formats::read(&path, file::MAX_RANGE_FILE)?)
    }
    fn __repr__(&self) -> String {
        format!(
            "MembershipProof(group={:?}, depth={}, bytes={})",
            self.file.group,
            self.file.depth,
            self.file.proof.len() / 2
        )
    }
}

/// Verify proofs of membership in the verifier's tree (a `MerkleTree`, or
/// its root with `depth` and `group`, as `MembershipProof.verify`) as one
/// batch; returns the indices of the invalid ones (empty: all valid).
/// Proofs claiming another depth or group are invalid without any work.
#[pyfunction]
#[pyo3(signature = (proofs, root, depth = None, group = None))]
pub(crate) fn verify_membership_batch(
    py: Python<'_>,
    proofs: Vec<PyRef<'_, MembershipProof>>,
    root: &Bound<'_, PyAny>,
    depth: Option<usize>,
    group: Option<&str>,
) -> Result<Vec<usize>> {
    let (root, depth, group) = statement(root, depth, group)?;
    let files: Vec<std::result::Result<MembershipProofFile, file::FileError>> =
        proofs.iter().map(|p| Ok(p.file.clone())).collect();
    let store = groups::store();
    let bad =
        py.allow_threads(|| file::verify_membership_files(store, &files, &root, depth, group, &mut rand_core::OsRng));
    Ok(bad.into_iter().map(|(i, _)| i).collect())
}
