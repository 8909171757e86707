//! The `ballistic` Python module: a thin layer over the Rust library.
//!
//! Everything crosses the boundary as `bytes`, `int`, `str` and lists of
//! them. Proof objects hold the library's decoded proofs and statements;
//! `to_json`/`from_json` read and write the command-line tool's proof files
//! (so they interoperate with `ballistic range verify` and `ballistic
//! circuit verify`). Long operations (proving, verifying, batches, circuits,
//! the dealer's rounds) release the GIL. Errors are exceptions of a small
//! hierarchy rooted at `BallisticError`; no input crashes the interpreter
//! (the library has no panics on untrusted input, and PyO3 turns any panic
//! into an exception).
//!
//! * `error.rs` — the exceptions, and the one mapping of library errors to them;
//! * `groups.rs` — the groups by name, group dispatch, the generator cache;
//! * `range.rs` — commitments, range and interval proofs, batch verification;
//! * `assets.rs` — multi-asset range proofs (a value generator per output);
//! * `circuit.rs` — `.arith` circuits and their proofs;
//! * `merkle.rs` — Merkle trees and zero-knowledge membership proofs;
//! * `curve_tree.rs` — trees of secp256k1 keys and proofs of key ownership
//!   with a key image (Curve Trees);
//! * `mpc.rs` — multi-party range proofs (`Party`, `Dealer`);
//! * `deployed.rs` — Grin's and Monero's range proofs in their own formats
//!   (`GrinProof`, `MoneroProof`), held as the library's proof files;
//! * `formats.rs` — the JSON proof files (the only user of `ballistic-cli`).

// pyo3 0.22's `create_exception!` tests a `gil-refs` feature this crate does not declare.
#![allow(unexpected_cfgs)]
// pyo3 0.22's #[pyfunction]/#[pymethods] expansion converts PyErr into itself.
#![allow(clippy::useless_conversion)]
// The Python-facing functions and methods take one Rust parameter per
// Python argument: their `#[pyo3(signature = ...)]` mirrors the Python
// signature (keyword arguments with defaults, which Python callers name one
// by one, and which `inspect.signature` and the stubs show). Grouping them
// into a Rust struct would change nothing for Python, where the struct does
// not exist; internal functions group their parameters instead.
#![allow(clippy::too_many_arguments)]

mod assets;
mod circuit;
mod curve_tree;
mod deployed;
mod error;
mod formats;
mod groups;
mod merkle;
mod mpc;
mod range;

use ::ballistic::RangeSystem;
use pyo3::prelude::*;

use crate::groups::GroupName;

/// Bulletproofs range proofs, Bulletproofs+, arithmetic-circuit proofs and
/// multi-party range proofs, over Ristretto255 and secp256k1; Grin's and
/// Monero's range proofs in their deployed formats.
#[pymodule]
#[pyo3(name = "ballistic")]
fn ballistic_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The generator store's location, read from the environment now,
    // holding the GIL (groups::store).
    let _ = groups::store();
    m.add("GROUPS", GroupName::ALL.map(GroupName::name).to_vec())?;
    m.add("SYSTEMS", RangeSystem::ALL.map(RangeSystem::name).to_vec())?;
    error::register(m)?;
    m.add_function(wrap_pyfunction!(range::random_blinding, m)?)?;
    m.add_function(wrap_pyfunction!(range::commit, m)?)?;
    m.add_function(wrap_pyfunction!(range::verify_batch, m)?)?;
    m.add_function(wrap_pyfunction!(range::_rust_verify_batch_seconds, m)?)?;
    m.add_class::<range::RangeProof>()?;
    m.add_class::<range::IntervalProof>()?;
    m.add_class::<circuit::Circuit>()?;
    m.add_class::<circuit::CircuitProof>()?;
    m.add_class::<merkle::MerkleTree>()?;
    m.add_class::<merkle::MembershipProof>()?;
    m.add_function(wrap_pyfunction!(merkle::verify_membership_batch, m)?)?;
    m.add_class::<curve_tree::KeyTree>()?;
    m.add_function(wrap_pyfunction!(curve_tree::prove_ownership, m)?)?;
    m.add_function(wrap_pyfunction!(curve_tree::verify_ownership, m)?)?;
    m.add_class::<mpc::Party>()?;
    m.add_class::<mpc::Dealer>()?;
    m.add_class::<deployed::GrinProof>()?;
    m.add_class::<deployed::MoneroProof>()?;
    m.add_function(wrap_pyfunction!(deployed::verify_deployed_batch, m)?)?;
    m.add_function(wrap_pyfunction!(assets::asset_generator, m)?)?;
    m.add_function(wrap_pyfunction!(assets::blinded_asset_generator, m)?)?;
    m.add_class::<assets::MultiAssetProof>()?;
    m.add_function(wrap_pyfunction!(assets::verify_multi_asset_batch, m)?)?;
    Ok(())
}
