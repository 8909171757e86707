//! Curve Trees key ownership: trees of secp256k1 public keys, and proofs
//! that the prover holds the secret key of one of them, with a key image
//! per context (one key, one image: a second use in the context shows),
//! without saying which key. The trees, the proof files and verification
//! are the library's (`ballistic::curve_tree`, `ballistic::file`); proofs
//! cross the boundary as their JSON files (`ballistic`'s ownership proof
//! files).

use ::ballistic::file::{
    parse_key_lines, parse_secret_key, FileError, KeyTree as Built, KeyTreeFile, OwnershipProofFile,
    OwnershipStatement, OwnershipVerifierCache, MAX_TREE_FILE,
};
use ::ballistic::hazmat::to_hex;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use zeroize::Zeroizing;

use crate::error::{Doing, Error, Result, When};
use crate::formats;
use crate::groups;

/// A tree of secp256k1 public keys (its file, and the tree built from it:
/// proving does not rebuild it).
#[pyclass(module = "ballistic", frozen)]
pub(crate) struct KeyTree {
    file: KeyTreeFile,
    built: Built,
}

/// The keys as a keys file's text: the text itself, or one line per item
/// of a list (an item holding a line break would be several lines, and a
/// blank one none: both are refused, so that line `n` is item `n − 1`).
fn keys_text(keys: &Bound<'_, PyAny>) -> Result<String> {
    if let Ok(text) = keys.downcast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    let items: Vec<String> = keys
        .extract()
        .map_err(|_| Error::InvalidInput("keys: must be the text of a keys file or a list of str".into()))?;
    for (i, item) in items.iter().enumerate() {
        if item.trim().is_empty() || item.contains(['\n', '\r']) {
            return Err(Error::InvalidInput(format!("key #{i}: one key per item (no line breaks, not blank)")));
        }
    }
    Ok(items.join("\n"))
}

#[pymethods]
impl KeyTree {
    /// Build the tree of `keys` (a keys file's text, one key per line, or
    /// a list of keys; each SEC1 compressed, 66 lowercase hex digits, or
    /// BIP-340 x-only, 64) with `branching` (children per node, from the
    /// leaves up; the library's default shape for the number of keys if
    /// not given).
    #[new]
    #[pyo3(signature = (keys, branching = None))]
    fn new(py: Python<'_>, keys: &Bound<'_, PyAny>, branching: Option<Vec<usize>>) -> Result<KeyTree> {
        let text = keys_text(keys)?;
        py.allow_threads(|| {
            let keys = parse_key_lines(text.as_bytes()).when(Doing::Proving)?;
            let (file, built) =
                KeyTreeFile::build(groups::store(), branching.as_deref(), &keys).when(Doing::Proving)?;
            Ok(KeyTree { file, built })
        })
    }

    /// The root (hex: a secp256k1 point for an even depth, a secq256k1
    /// point for an odd one).
    #[getter]
    fn root(&self) -> String {
        self.file.root.clone()
    }
    /// Children per node, from the leaves up.
    #[getter]
    fn branching(&self) -> Vec<usize> {
        self.file.branching.clone()
    }
    /// The keys, SEC1 compressed (hex), in order.
    #[getter]
    fn keys(&self) -> Vec<String> {
        self.file.keys.clone()
    }
    fn __len__(&self) -> usize {
        self.file.keys.len()
    }

    /// JSON (the key tree file format).
    fn to_json(&self) -> String {
        self.file.to_json()
    }
    /// From JSON: the tree is rebuilt and must have the file's root.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> Result<KeyTree> {
        py.allow_threads(|| {
            let file = KeyTreeFile::from_json(text.as_bytes()).when(Doing::Decoding)?;
            let built = file.tree(groups::store()).when(Doing::Decoding)?;
            Ok(KeyTree { file, built })
        })
    }
    /// Write the JSON file.
    fn save(&self, path: std::path::PathBuf) -> Result<()> {
        formats::write(&path, self.file.to_json().trim_end())
    }
    /// Read a JSON file (rebuilt and checked against its root).
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> Result<KeyTree> {
        Self::from_json(py, &formats::read(&path, MAX_TREE_FILE)?)
    }
    fn __repr__(&self) -> String {
        format!("KeyTree(branching={:?}, keys={})", self.file.branching, self.file.keys.len())
    }
}

/// The secret key as a secret key file's text, in a buffer wiped on drop:
/// 32 bytes (big-endian; `bytes` or `bytearray`) as 64 hex digits, or the
/// file's text as given. The library parses and checks it.
fn secret_key_text(key: &Bound<'_, PyAny>) -> Result<Zeroizing<String>> {
    let hex = |bytes: &[u8]| match bytes.len() {
        32 => Ok(Zeroizing::new(to_hex(bytes))),
        n => Err(Error::InvalidInput(format!("secret_key: must be 32 bytes (big-endian), got {n}"))),
    };
    if let Ok(b) = key.downcast::<PyBytes>() {
        return hex(b.as_bytes());
    }
    if let Ok(b) = key.downcast::<PyByteArray>() {
        return hex(&Zeroizing::new(b.to_vec()));
    }
    if let Ok(text) = key.downcast::<PyString>() {
        return Ok(Zeroizing::new(text.to_cow()?.into_owned()));
    }
    Err(Error::InvalidInput("secret_key: must be 32 bytes (big-endian) or a secret key file's text".into()))
}

/// Prove ownership of the key of `secret_key` in `tree` for `context` (the
/// key image's scope) and `message` (this use: a session, the verifier's
/// nonce), hiding which key; returns the proof file (JSON).
#[pyfunction]
pub(crate) fn prove_ownership(
    py: Python<'_>,
    tree: PyRef<'_, KeyTree>,
    secret_key: &Bound<'_, PyAny>,
    context: &str,
    message: &str,
) -> Result<String> {
    let text = secret_key_text(secret_key)?;
    let tree: &KeyTree = &tree;
    py.allow_threads(|| {
        let key = parse_secret_key(text.as_bytes()).when(Doing::Proving)?;
        let file = OwnershipProofFile::prove_in(&tree.built, &key, context, message, &mut rand_core::OsRng)
            .when(Doing::Proving)?;
        Ok(file.to_json())
    })
}

/// The verifier's statement: the root and branching of a `KeyTree` (its
/// own; `branching`, if given, must be its), or a root (hex) with
/// `branching` (required). Never from the proofs.
fn statement(
    root: &Bound<'_, PyAny>,
    branching: Option<Vec<usize>>,
    context: &str,
    message: &str,
) -> Result<OwnershipStatement> {
    if let Ok(tree) = root.downcast::<KeyTree>() {
        let tree = tree.get();
        if let Some(b) = branching.filter(|b| *b != tree.file.branching) {
            return Err(Error::InvalidInput(format!(
                "branching={b:?}, but the tree has branching {:?}",
                tree.file.branching
            )));
        }
        return Ok(tree.built.statement(context, message));
    }
    let root: String = root
        .downcast::<PyString>()
        .map_err(|_| Error::InvalidInput("root: must be a KeyTree or its root (hex)".into()))?
        .to_cow()?
        .into_owned();
    let branching = branching.ok_or_else(|| {
        Error::InvalidInput(
            "branching= is required with a bare root (the tree's shape is the verifier's, never the proof's)".into(),
        )
    })?;
    Ok(OwnershipStatement { root, branching, context: context.into(), message: message.into() })
}

/// The process's ownership verifiers, one per tree shape recently used
/// (the generators and prepared circuits of a shape, made once).
fn verifiers() -> &'static OwnershipVerifierCache {
    static CACHE: std::sync::OnceLock<OwnershipVerifierCache> = std::sync::OnceLock::new();
    CACHE.get_or_init(|| OwnershipVerifierCache::new(groups::store().clone()))
}

/// Verify ownership proofs (their JSON files) against the verifier's tree
/// (a `KeyTree`, or its root with `branching`), `context` and `message`:
/// per proof, in order, its key image (hex) if it is valid, else the
/// exception that says why (not raised: one bad proof does not hide the
/// others' images). A proof whose image an earlier valid proof of the call
/// carries is refused (one key used twice in the context). The
/// generators and prepared circuits of the four most recently used tree
/// shapes are kept for the process.
#[pyfunction]
#[pyo3(signature = (proofs, root, context, message, branching = None))]
pub(crate) fn verify_ownership(
    py: Python<'_>,
    proofs: Vec<String>,
    root: &Bound<'_, PyAny>,
    context: &str,
    message: &str,
    branching: Option<Vec<usize>>,
) -> Result<Vec<PyObject>> {
    let statement = statement(root, branching, context, message)?;
    let results = py.allow_threads(|| {
        let files: Vec<std::result::Result<OwnershipProofFile, FileError>> =
            proofs.iter().map(|p| OwnershipProofFile::from_json(p.as_bytes())).collect();
        verifiers().verify(&files, &statement, &mut rand_core::OsRng)
    });
    Ok(results
        .into_iter()
        .map(|r| match r.when(Doing::Verifying) {
            Ok(image) => image.into_py(py),
            Err(e) => PyErr::from(e).into_value(py).into_any(),
        })
        .collect())
}
