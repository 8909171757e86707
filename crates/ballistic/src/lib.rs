//! # ballistic
//!
//! Bulletproofs (Bünz, Bootle, Boneh, Poelstra, Wuille, Maxwell, IEEE S&P
//! 2018): short zero-knowledge proofs without trusted setup.
//!
//! Layers, each depending only on those above it:
//!
//! | module | concept |
//! |---|---|
//! | [`group`] | the prime-order group: trait and backends (Ristretto255, secp256k1) |
//! | [`transcript`], [`generators`] | Fiat–Shamir labels; derivation of `B, B̃, G_i, H_i` |
//! | [`ipa`] | the inner-product argument (Protocol 2) |
//! | [`wip`] | the zk weighted inner-product argument (Bulletproofs+) |
//! | [`nonces`] | prover nonces: from an RNG, or from a seed and the transcript (owner recovery) |
//! | [`range`] | range proofs: Bulletproofs (§4) and Bulletproofs+ |
//! | [`verify`] | verification as one multiscalar multiplication |
//! | [`batch`] | batch verification, naming the invalid proofs |
//! | [`mpc`] | multi-party aggregation of a range proof through a dealer |
//! | [`r1cs`] | arithmetic-circuit proofs (Protocol 3): constraint systems, prover, verifier |
//! | [`gadgets`] | reusable constraint-system gadgets: booleans, ranges, shuffles |
//! | [`arith`] | Pinocchio `.arith` circuits: parser, evaluator, R1CS translation |
//! | [`encoding`], [`errors`] | strict encodings; typed errors |
//!
//! ```
//! use ballistic::{BulletproofGens, PedersenGens, RangeProof, Ristretto255};
//! use ballistic::group::ScalarOps;
//! use curve25519_dalek::scalar::Scalar;
//! use merlin::Transcript;
//!
//! let pc = PedersenGens::<Ristretto255>::default();
//! let bp = BulletproofGens::<Ristretto255>::new(64, 1);
//! let blinding = <Scalar as ScalarOps>::random(&mut rand_core::OsRng);
//! let (proof, commitment) = RangeProof::prove_single(
//!     &bp, &pc, &mut Transcript::new(b"example"), 1037578891, &blinding, 32,
//! ).unwrap();
//! assert!(proof
//!     .verify_single(&bp, &pc, &mut Transcript::new(b"example"), &commitment, 32)
//!     .is_ok());
//! ```

#![deny(missing_docs)]
#![deny(unsafe_code)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]
// No unchecked indexing in library code: decoders, verifiers, parsers and
// everything else that sees untrusted input use `get`, iterators or
// patterns. Prover internals that index vectors they allocated themselves
// opt out function by function, each with the invariant that bounds it.
#![cfg_attr(not(test), deny(clippy::indexing_slicing))]

pub mod batch;
pub mod circuit;
pub mod ct;
pub mod encoding;
pub mod equation;
pub mod errors;
pub mod generators;
pub mod group;
pub mod inner_product;
pub mod nonces;
pub mod poly;
pub mod range;
pub mod transcript;
pub mod weighted_inner_product;

pub use curve25519_dalek;
pub use merlin;

pub use errors::ProofError;
pub use generators::{BulletproofGens, PedersenGens};
pub use group::{Group, Ristretto255, Secp256k1};
pub use range::{Interval, IntervalProof, RangeProof, RangeProofPlus, RangeShape};
