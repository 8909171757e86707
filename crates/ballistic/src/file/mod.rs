//! Proof files: the JSON formats the `ballistic` command-line tool writes
//! and reads, shared with the Python bindings and the fuzz targets, so that
//! every front-end speaks them through the library alone.
//!
//! A **range proof file**:
//!
//! ```json
//! { "system": "bulletproofs", "group": "ristretto255", "label": "…",
//!   "bits": 64, "commitments": ["<hex>", …], "proof": "<hex>" }
//! ```
//!
//! `system` is a [`RangeSystem`](crate::RangeSystem) name (`"bulletproofs"`: on Ristretto255
//! the proof bytes are exactly `bulletproofs` 5's; `"bulletproofs-plus"`),
//! `group` a [`GroupId`] name, `label` the merlin transcript label (at most
//! [`MAX_LABEL`] bytes). Optional fields:
//!
//! * `"extra": "<hex>"`: extra data (1 to [`MAX_EXTRA`] bytes: a
//!   transaction hash, a context string) bound into the Fiat–Shamir
//!   transcript right after the label
//!   ([`new_transcript_with_extra`](crate::new_transcript_with_extra)), so
//!   the proof verifies with exactly these bytes and no others. Absent: no
//!   extra data (an empty string is refused: one encoding per value). The
//!   bytes are the prover's claim like the rest of the file: a verifier that
//!   expects a proof bound to its own context pins them ([`RangePins::extra`]).
//! * `"min": lo, "max": hi` (both or neither; `lo ≤ hi < 2^64`): an
//!   **interval proof** ([`IntervalProof`](crate::range::IntervalProof)) that the one
//!   commitment opens to a value in `[lo, hi]`, with any system; `bits` is
//!   then the inner proof's, `max − min`'s bit length ([`crate::Interval::bits`]).
//!
//! The statement is the verifier's, never the prover's: a verifier pins
//! what it expects of a range proof file ([`RangePins`]: format, group,
//! system, label, bits or interval, extra data, Grin's value generator,
//! commitments),
//! and a file claiming anything else is
//! refused before its points or proof are decoded
//! ([`RangeProofFile::verify_pinned`], [`verify_range_files_pinned`]).
//! What is not pinned is the file's own claim.
//!
//! A proof made with owner recovery
//! ([`RangeProofFile::prove_recoverable`], [`RecoveryKey`](crate::range::RecoveryKey)) is an ordinary
//! range proof file: the output id and the message are not in it, and
//! [`RangeProofFile::recover`] gives the seed's holder the [`Openings`]
//! (values, blindings, and the message as `message`). Interval proofs are
//! not recoverable.
//!
//! Files in deployed formats (`"profile"`: Grin's or Monero's bytes) are
//! described in [`Profile`]; there `extra` is Grin's `extra_commit`, and
//! `min`/`max` are refused, as are Grin's `min_value` and
//! `value_generator` in ballistic's own files. A **circuit proof file** carries the public wire
//! values of a Pinocchio circuit beside the proof:
//!
//! ```json
//! { "system": "r1cs", "group": "ristretto255", "label": "…", "multipliers": 25501,
//!   "inputs": [{ "wire": 0, "value": "1" }, …], "outputs": [ … ], "proof": "<hex>" }
//! ```
//!
//! A **multi-asset proof file** ([`MultiAssetProofFile`]: Confidential
//! Assets, [`MultiAssetStatement`](crate::range::MultiAssetStatement)) has the range file's fields and the
//! value generator (asset tag) of each commitment:
//!
//! ```json
//! { "system": "native", "group": "ristretto255", "label": "…", "bits": 64,
//!   "commitments": ["<hex>", …], "value_generators": ["<hex>", …], "proof": "<hex>" }
//! ```
//!
//! Its verifier pins the group, the label, the bits and the value
//! generators ([`MultiAssetPins`]): the generators are the prover's choice,
//! and one whose discrete logarithm the prover knows makes the proof say
//! nothing.
//!
//! **Merkle tree files** and **membership proof files** (zero-knowledge
//! membership of a committed leaf, [`crate::merkle`]) are described in
//! [`MerkleTreeFile`] and [`MembershipProofFile`]; **key tree files** and
//! **ownership proof files** (Curve Trees key ownership with a key image,
//! [`crate::curve_tree::ownership`]) in [`KeyTreeFile`] and
//! [`OwnershipProofFile`].
//!
//! Hex is lowercase, and only lowercase is read back: one encoding per
//! value (unknown fields are refused too). The module opens no files: it
//! parses bytes (refusing more than [`MAX_RANGE_FILE`] / [`MAX_ASSETS_FILE`] /
//! [`MAX_CIRCUIT_FILE`] before parsing) and returns text; opening and writing files is the
//! front-end's, which reads every file through [`read_bounded`] (so that
//! `/dev/zero`, a pipe or a growing file cannot exhaust memory).
//! Errors are typed ([`FileError`]) and their messages name the field.

mod assets;
mod cache;
mod circuit;
mod curve_tree;
mod error;
mod merkle;
pub(crate) mod profile;
mod range;
mod secrets;
mod store;

pub use assets::{
    asset_generator_bytes, parse_asset_lines, parse_value_generator, verify_multi_asset_files, AssetOutput,
    DecodedMultiAssetFile, GeneratorPins, MultiAssetOpenings, MultiAssetPins, MultiAssetProofFile, MAX_ASSET_ID,
};
pub use cache::GeneratorCache;
pub use circuit::{check_circuit_batch, verify_circuit_files, CircuitProofFile, WireValue};
pub use curve_tree::{
    key_tree_params, parse_key_lines, parse_secret_key, verify_ownership_files, KeyTree, KeyTreeFile,
    OwnershipProofFile, OwnershipStatement, OwnershipVerifier, OwnershipVerifierCache, OWNERSHIP_FILE_LABEL,
    OWNERSHIP_SYSTEM,
};
pub use error::FileError;
pub use merkle::{
    parse_leaf_lines, verify_membership_files, MembershipOpenings, MembershipProofFile, MerkleTreeFile,
    DEFAULT_MERKLE_LABEL, MAX_TREE_FILE, MAX_TREE_LEAVES, MEMBERSHIP_SYSTEM,
};
pub use profile::Profile;
pub use range::{
    verify_range_files, verify_range_files_pinned, verify_range_files_with, DecodedRangeFile, DecodedRangeProof,
    ProveOptions, ProvedRange, RangePins, RangeProofFile, MAX_EXTRA,
};
pub use secrets::{
    parse_blinding, parse_blinding_lines, parse_secret_lines, parse_value_lines, secret_blinding, secret_hex, Openings,
};
pub use store::{GeneratorStore, StoreError, StoreStatus, StoredFile};

use serde::Serialize;
use zeroize::Zeroize;

use crate::group::GroupId;

/// Longest transcript label a proof file may carry.
pub const MAX_LABEL: usize = 1024;
/// Largest range proof file accepted (the largest proof, 64 values of 64
/// bits on secp256k1, is under 4 KiB of hex plus its commitments).
pub const MAX_RANGE_FILE: usize = 1 << 20;
/// Largest multi-asset proof file accepted (the largest proof, 64 values of
/// 64 bits re-committed under Bulletproofs+ on secp256k1, is under 16 KiB,
/// 32 KiB of hex, plus its commitments and value generators).
pub const MAX_ASSETS_FILE: usize = 1 << 20;
/// Largest circuit proof file accepted (a proof is under 2 KiB; the public
/// values of the largest circuits are small too).
pub const MAX_CIRCUIT_FILE: usize = 16 << 20;
/// Largest `.in` / `.out` value file accepted (64 MiB: a line per input
/// wire, and circuits have at most 2^22 wires).
pub const MAX_INPUTS_FILE: usize = 64 << 20;
/// Largest file of secrets (values or blindings, one per line) accepted.
pub const MAX_SECRETS_FILE: usize = 64 << 10;
/// Most padded multiplication gates (the sum over the proofs, each proof's
/// multipliers padded to a power of two) one call of
/// [`verify_circuit_files`] verifies: verification holds about 48 bytes
/// per padded gate per proof (its share of the batch's generator and
/// scalar vectors), so 2^25 gates is about 1.5 GiB — eight proofs of the
/// largest circuit ([`crate::circuit::arith::MAX_MULTIPLIERS`], 2^22).
/// Counted per group over the proofs that claim the translation's size;
/// larger batches are refused before any proof is decoded
/// ([`FileError::BatchTooLarge`]).
pub const MAX_CIRCUIT_BATCH_GATES: usize = 1 << 25;
/// The label range proofs get when the caller names none.
pub const DEFAULT_RANGE_LABEL: &str = "ballistic range proof";
/// The label multi-asset proofs get when the caller names none.
pub const DEFAULT_ASSETS_LABEL: &str = "ballistic multi-asset proof";
/// The label circuit proofs get when the caller names none.
pub const DEFAULT_CIRCUIT_LABEL: &str = "ballistic circuit proof";
/// The `system` of circuit proof files.
pub const CIRCUIT_SYSTEM: &str = "r1cs";

/// Read all of `reader`, but at most `max` bytes: reads `max + 1` bytes at
/// most (`Read::take`) and refuses the input if that many arrive. The only
/// way the front-ends read files, so that a size limit holds for streams
/// with no size (`/dev/zero`, named pipes, process substitution).
pub fn read_bounded<R: std::io::Read>(reader: R, max: usize) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let mut reader = reader.take(u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1));
    // The text may be secret (blindings, witness values): the buffer grows
    // by hand, wiping each outgrown allocation, so no unwiped copy is left
    // in freed memory (`Read::read_to_end` would reallocate without wiping).
    let mut chunk = zeroize::Zeroizing::new([0u8; 8192]);
    let mut buf: Vec<u8> = Vec::with_capacity(max.min(chunk.len()).saturating_add(1));
    loop {
        let n = match reader.read(&mut chunk[..]) {
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                buf.zeroize();
                return Err(FileError::Io(e.to_string()));
            }
        };
        let Some(read) = chunk.get(..n).filter(|r| !r.is_empty()) else { break };
        if buf.len().saturating_add(read.len()) > max {
            buf.zeroize();
            return Err(FileError::TooLong { max });
        }
        if buf.len() + read.len() > buf.capacity() {
            let mut bigger = Vec::with_capacity((buf.capacity().saturating_mul(2)).max(buf.len() + read.len()));
            bigger.extend_from_slice(&buf);
            buf.zeroize();
            buf = bigger;
        }
        buf.extend_from_slice(read);
    }
    Ok(buf)
}

/// Refuse a label longer than [`MAX_LABEL`] (front-ends call it before
/// slow work — reading a circuit, opening a socket — to fail early).
pub fn check_label(label: &str) -> Result<(), FileError> {
    if label.len() > MAX_LABEL {
        return Err(FileError::LabelTooLong { len: label.len() });
    }
    Ok(())
}

/// The verifier's pins every proof file of values in a range shares —
/// group, label, bits — checked against what a file claims before anything
/// in it is decoded (range files: [`RangePins`]; multi-asset files:
/// [`MultiAssetPins`]). `None`: not pinned.
fn check_statement_pins(
    file_group: &str,
    file_label: &str,
    file_bits: usize,
    group: Option<GroupId>,
    label: Option<&str>,
    bits: Option<usize>,
) -> Result<(), FileError> {
    // The label's length first: a refusal quotes the file's label.
    check_label(file_label)?;
    if let Some(group) = group.filter(|g| g.name() != file_group) {
        return Err(FileError::WrongGroup { file: file_group.to_string(), expected: group.name() });
    }
    if let Some(label) = label.filter(|l| *l != file_label) {
        return Err(FileError::WrongLabel { file: file_label.to_string(), expected: label.to_string() });
    }
    match bits {
        Some(expected) if expected != file_bits => Err(FileError::BitsMismatch { expected, got: file_bits }),
        _ => Ok(()),
    }
}

/// Verify `claims` (the `k`-th made from file `indices[k]`) as one batch
/// with generators derived only now, after every claim has replayed:
/// `(file index, reason)` for each invalid one.
fn verify_claims<G: crate::group::Group, R: rand_core::RngCore + rand_core::CryptoRng>(
    indices: &[usize],
    claims: &[&dyn crate::batch::Claim<G>],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let generators = |chains, per_chain| crate::generators::Generators::<G>::new(per_chain, chains);
    verify_claims_with(indices, claims, generators, rng)
}

/// [`verify_claims`] with the generators from `generators(chains, per_chain)`
/// (a [`GeneratorCache`] backed by the [`GeneratorStore`]).
fn verify_claims_with<G: crate::group::Group, R: rand_core::RngCore + rand_core::CryptoRng>(
    indices: &[usize],
    claims: &[&dyn crate::batch::Claim<G>],
    generators: impl FnOnce(usize, usize) -> crate::generators::Generators<G>,
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    match crate::batch::verify_with_generators(generators, claims, rng) {
        Ok(()) => Vec::new(),
        Err(e) => e
            .invalid
            .into_iter()
            .filter_map(|(k, reason)| indices.get(k).map(|i| (*i, FileError::Proof(reason))))
            .collect(),
    }
}

/// At most 70 characters of `text` (a hostile file's field, quoted in an
/// error or a report), with `…` when cut.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(70) {
        Some((at, _)) => format!("{}…", text.get(..at).unwrap_or_default()),
        None => text.to_string(),
    }
}

fn group_of(name: &str) -> Result<GroupId, FileError> {
    GroupId::from_name(name).ok_or_else(|| FileError::UnknownGroup(name.into()))
}

/// Parse a JSON file of at most `max` bytes (checked before parsing);
/// `what` names a malformed one.
fn parse_json<T: serde::de::DeserializeOwned>(text: &[u8], max: usize, what: &'static str) -> Result<T, FileError> {
    if text.len() > max {
        return Err(FileError::TooLarge { len: text.len(), max });
    }
    serde_json::from_slice(text).map_err(|e| FileError::Json { what, reason: e.to_string() })
}

fn json_text<T: Serialize>(value: &T) -> String {
    // Serializing these plain structs cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}
