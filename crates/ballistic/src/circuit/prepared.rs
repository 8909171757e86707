//! Statements whose first-phase constraints are built once and shared by
//! the verifiers of many proofs: [`Verifier::prepare`] turns a verifier
//! that gadget code has run on into a [`PreparedSystem`], and each proof's
//! verifier resumes from it ([`PreparedSystem::verifier`]) with its own
//! transcript and commitments, adding only its public rows.
//!
//! **Why this is the same statement.** In the first phase constraints never
//! touch the transcript: a verifier built from scratch appends its
//! commitments (`V`), and only at replay the number of commitments and
//! multipliers and the running SHA3 digest of every constraint. A resumed
//! verifier appends the same commitments to a fresh transcript, starts from
//! the kept digest state, variable count and half-filled multiplier, and
//! hashes its own public rows after the shared ones, in the order the
//! gadget code would have added them; the shared rows come first in the
//! flattened matrices too. So transcript, digest, rows and challenges are
//! exactly those of the from-scratch verifier.

use alloc::sync::Arc;
use alloc::vec::Vec;

use merlin::Transcript;

use super::constraint_system::{ConstraintHasher, Metrics};
use super::matrix::Matrix;
use super::verifier::Verifier;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps};

/// First-phase constraints built once, shared by the verifiers of many
/// proofs ([`Verifier::resume`]).
pub(crate) struct FrozenSystem<S> {
    pub(super) constraints: Matrix<S>,
    pub(super) hasher: ConstraintHasher,
    pub(super) num_vars: usize,
    pub(super) pending_multiplier: Option<usize>,
    /// High-level commitments the constraints refer to; each verifier
    /// resumed from the system takes that many ([`Verifier::resume`]).
    pub(super) commitments: usize,
    /// The lengths of the vector commitments, in order (taken after the
    /// high-level ones).
    pub(super) vector_lens: Vec<usize>,
}

impl<S: ScalarOps> FrozenSystem<S> {
    /// Multipliers, rows and entries.
    pub(crate) fn metrics(&self) -> Metrics {
        let rows = self.constraints.rows();
        Metrics {
            multipliers: self.num_vars,
            constraints: rows,
            phase_one_constraints: rows,
            phase_two_constraints: 0,
            nonzeros: self.constraints.nonzeros(),
        }
    }
}

impl<S> core::fmt::Debug for FrozenSystem<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FrozenSystem").field("multipliers", &self.num_vars).finish_non_exhaustive()
    }
}

/// A statement's first-phase constraints, built once by gadget code on a
/// [`Verifier`] ([`Verifier::prepare`]) and shared by the verifiers of
/// many proofs: each starts from it with its own transcript and
/// commitments and adds only the rows that differ per statement (public
/// constants, through the [`LinearCombination`](super::LinearCombination)s the gadget code
/// returned, which stay valid), so a verification or one more proof in a
/// batch costs no gadget run and no hashing of the shared constraints.
///
/// A verifier made here is the same as one built from scratch by the same
/// gadget code with the same commitments: same transcript, constraint
/// digest, variables and rows.
pub struct PreparedSystem<G: Group> {
    system: Arc<FrozenSystem<G::Scalar>>,
}

impl<G: Group> Clone for PreparedSystem<G> {
    fn clone(&self) -> Self {
        PreparedSystem { system: self.system.clone() }
    }
}

impl<G: Group> core::fmt::Debug for PreparedSystem<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PreparedSystem").field("metrics", &self.metrics()).finish_non_exhaustive()
    }
}

impl<G: Group> PreparedSystem<G> {
    pub(super) fn new(system: FrozenSystem<G::Scalar>) -> Self {
        PreparedSystem { system: Arc::new(system) }
    }

    /// A verifier for one proof: `transcript` started as the prover's was,
    /// `commitments` in the prover's order (as many as the system was
    /// built with, else [`ProofError::WrongNumCommitments`]).
    pub fn verifier(&self, transcript: Transcript, commitments: &[G::Compressed]) -> Result<Verifier<G>, ProofError> {
        Verifier::resume(transcript, self.system.clone(), commitments, &[])
    }

    /// [`verifier`](Self::verifier) for a system built with vector
    /// commitments (after its high-level ones): `vectors` in the prover's
    /// order, with the lengths the system was built with.
    pub(crate) fn verifier_with_vectors(
        &self,
        transcript: Transcript,
        commitments: &[G::Compressed],
        vectors: &[G::Compressed],
    ) -> Result<Verifier<G>, ProofError> {
        Verifier::resume(transcript, self.system.clone(), commitments, vectors)
    }

    /// Sizes of the shared constraints.
    pub fn metrics(&self) -> Metrics {
        self.system.metrics()
    }

    /// High-level commitments each statement takes.
    pub fn commitments(&self) -> usize {
        self.system.commitments
    }
}
