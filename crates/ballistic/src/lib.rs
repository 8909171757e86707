#![doc = include_str!("../README.md")]
//!
//! ## A user's guide, in the order you meet things
//!
//! 1. **Pick a group** ([`group`]): [`Ristretto255`] (byte-compatible with
//!    zkcrypto `bulletproofs` 5), [`Secp256k1`] or [`Ed25519`] (or
//!    [`Secq256k1`], secp256k1's cycle partner). Scalars and points are
//!    [`Scalar<G>`], [`Point<G>`], [`CompressedPoint<G>`]; every proof type
//!    is generic over `G: Group`.
//! 2. **Generators** ([`Generators`]): one setup value, [`Generators`]:
//!    the Pedersen bases `B`, `B̃` (commitments `v·B + γ·B̃`) and the vector
//!    generators `G_i`, `H_i` (size them with a statement's
//!    `generators_needed()`). Every prove, verify and batch call takes
//!    `&Generators<G>` as its first argument.
//! 3. **Transcripts**: the application starts a merlin
//!    [`Transcript`](merlin::Transcript) with its own label (and any
//!    context) and hands it to the prover and the verifier alike;
//!    [`new_transcript`] takes a label known only at run time.
//! 4. **Proof types** ([`range`], [`circuit`]): [`RangeProof`]
//!    (Bulletproofs), [`RangeProofPlus`] (Bulletproofs+), [`IntervalProof`]
//!    (`lo ≤ v ≤ hi` with either), multi-party range proofs
//!    ([`range::mpc`]), and circuit proofs ([`circuit`]: constraint
//!    systems, gadgets, Pinocchio `.arith` files).
//! 5. **Statements and verification** ([`Verifiable`]): each proof type
//!    is checked against a statement built once ([`RangeStatement`],
//!    [`IntervalStatement`], a circuit [`circuit::Verifier`]); verifying
//!    means building the proof's one multiscalar-multiplication
//!    [`Equation`] and checking it.
//! 6. **Embedded curves and set membership** ([`hazmat`], [`merkle`]):
//!    curves over each group's scalar field (Doppio for Ristretto255,
//!    secq256k1 for secp256k1), the Pedersen hash natively and as a gadget,
//!    and zero-knowledge Merkle membership of a committed leaf.
//! 7. **Batches** ([`batch`]): any mix of proof kinds and shapes on one
//!    group in one multiscalar multiplication; a failed batch names exactly
//!    the invalid proofs.
//! 8. **Errors** ([`ProofError`], sorted by [`ProofError::kind`]): decode
//!    errors, malformed statements and verification failures are told
//!    apart; no input makes the library panic.
//!
//! ## Layers
//!
//! Each module depends only on those above it: [`group`] → [`hazmat`]
//! (curves over the scalar field; native arithmetic only), transcript,
//! [`Generators`], polynomial helpers, encoding → [`Equation`] (the
//! verification contract) → the inner-product arguments → [`range`],
//! [`circuit`] (neither imports the other; the circuit gadgets use
//! [`hazmat`]) → [`merkle`] (a proof built on [`circuit`]) → [`batch`]. The inner-product
//! arguments, transcript protocol and nonce derivation are internal.
//!
//! ## Features, and `no_std`
//!
//! Default: `std`, `serde`, `file`. With `default-features = false` the
//! crate is `no_std` (`core` + `alloc` only; `serde` may be added back).
//! Everything proves and verifies without `std`, with the caller's RNG
//! (the `*_with_rng` methods, [`Verifiable::verify`], [`batch`]). Needing
//! `std`:
//!
//! - **`std`**: the conveniences drawing from the OS RNG (`prove_single`,
//!   `prove_multiple`, `verify_single`, `verify_multiple` of the range
//!   proofs, `circuit::Prover::prove`, `circuit::Verifier::verify`, the MPC
//!   parties' `assign_position` and `apply_challenge`); `.arith` circuits
//!   from files, `std::io` readers and gzip (`Circuit::from_path`,
//!   `from_reader`). Without `std`, [`circuit::arith::Circuit::parse`] and
//!   `read_inputs` / `read_outputs` read a byte slice instead of any
//!   `BufRead`. With a clock (`std`, except on `wasm32-unknown-unknown`),
//!   generators time their verifiers' sums through both evaluation paths
//!   on each shape's first sums and keep the faster (the precomputed
//!   tables or the plain multiscalar multiplication: which wins depends on
//!   the machine's caches and on what else the process does); without, a
//!   fixed rule per backend decides. Same results either way
//!   ([`Equation`]).
//! - **`file`** (implies `std`, `serde`): the JSON proof files.
//! - **`rayon`** (implies `std`): batch verification and large
//!   multiscalar multiplications across threads.
//!
//! `ci/nostd-check` in the repository links a `#![no_std]` static library
//! against the crate, which fails if anything in the tree links `std`.

#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
// No unchecked indexing in library code: decoders, verifiers, parsers and
// everything else that sees untrusted input use `get`, iterators or
// patterns. Prover internals that index vectors they allocated themselves
// opt out function by function, each with the invariant that bounds it.
#![cfg_attr(not(test), deny(clippy::indexing_slicing))]

extern crate alloc;

pub mod batch;
pub mod circuit;
pub mod compat;
pub(crate) mod ct;
pub mod curve_tree;
pub(crate) mod embedded;
pub(crate) mod encoding;
pub(crate) mod equation;
pub mod errors;
#[cfg(feature = "file")]
pub mod file;
pub(crate) mod generators;
pub mod group;
pub mod hazmat;
mod inner_product;
mod lazy;
mod map;
pub mod merkle;
mod nonces;
pub(crate) mod norm_linear;
mod path_choice;
mod poly;
pub mod range;
#[cfg(test)]
mod soundness;
mod transcript;
mod weighted_inner_product;

pub use curve25519_dalek;
pub use merlin;

pub use equation::{verify_dyn, Claim, Equation, Verifiable};
pub use errors::{ErrorKind, ProofError};
pub use generators::{BulletproofGens, Generators, PedersenGens, Precomputation, DERIVATION_ID, TABLE_MAX_POINTS};
pub use group::{CompressedPoint, Ed25519, Group, Point, Ristretto255, Scalar, Secp256k1, Secq256k1};
pub use range::{
    AnyRangeProof, Interval, IntervalProof, IntervalStatement, RangeProof, RangeProofPlus, RangeProofPlusPlus,
    RangeProofSystem, RangeShape, RangeStatement, RangeSystem, RecoveryKey,
};
pub use transcript::{new_transcript, new_transcript_with_extra};
