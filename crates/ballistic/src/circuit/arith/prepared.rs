//! A circuit translated once, for proving and verifying many proofs.
//!
//! [`PreparedCircuit::new`] translates the circuit into constraints
//! ([`super::translate`]) and hashes them once. Every constraint but the
//! public rows depends on the circuit alone, so a verifier for one proof
//! starts from the shared rows and digest and adds only the public rows
//! with that proof's values: the per-proof cost of a verification (or of
//! one more proof in a batch) is the public rows, one pass over the
//! matrices' entries with that proof's challenge `z` (flattening), the
//! per-gate scalars of its equation and its own points — no parsing,
//! translation or hashing of the circuit.
//!
//! Proving evaluates the circuit on the witness and translates it again
//! with the assignment (the prover needs each gate's values; the
//! translation is linear and small next to the prover's multiscalar
//! multiplications).

use alloc::string::ToString;

use alloc::sync::Arc;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::translate::{Options, PublicRows};
use super::{bind_public, ArithError, Circuit, InputValues, PublicValues};
use crate::circuit::{Metrics, PreparedSystem, R1csClaim, R1csProof, Verifier};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::Group;

/// A circuit with its constraints built for group `G` (see the module
/// documentation).
pub struct PreparedCircuit<G: Group> {
    circuit: Arc<Circuit>,
    system: PreparedSystem<G>,
    /// One combination per public value: `row − value = 0` is added per
    /// statement.
    public_rows: PublicRows<G::Scalar>,
    options: Options,
}

impl<G: Group> core::fmt::Debug for PreparedCircuit<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PreparedCircuit").field("metrics", &self.metrics()).finish_non_exhaustive()
    }
}

impl<G: Group> PreparedCircuit<G> {
    /// Translate `circuit` for `G`: fails if a constant is not in `G`'s
    /// scalar field or the translation exceeds a size limit
    /// ([`super::MAX_MULTIPLIERS`], [`super::MAX_CONSTRAINTS`],
    /// [`super::MAX_NONZEROS`]), naming the line.
    pub fn new(circuit: impl Into<Arc<Circuit>>) -> Result<Self, ArithError> {
        Self::with_options(circuit.into(), Options::default())
    }

    /// [`new`](Self::new) with another materialization threshold than
    /// [`super::MATERIALIZE_ABOVE`] (for measuring it: proofs made with one
    /// threshold verify only with the same).
    pub fn with_materialize_above(circuit: impl Into<Arc<Circuit>>, threshold: usize) -> Result<Self, ArithError> {
        Self::with_options(circuit.into(), Options { materialize_above: threshold })
    }

    pub(crate) fn with_options(circuit: Arc<Circuit>, options: Options) -> Result<Self, ArithError> {
        // The transcript plays no part in the frozen rows and digest.
        let mut verifier = Verifier::<G>::new(Transcript::new(b"ballistic prepare"));
        let rows = circuit.translate(&mut verifier, None, options)?;
        let system = verifier.prepare().map_err(|e| ArithError::Malformed { line: 0, message: e.to_string() })?;
        Ok(PreparedCircuit { circuit, system, public_rows: rows, options })
    }

    /// The circuit.
    pub fn circuit(&self) -> &Circuit {
        &self.circuit
    }

    /// Sizes of the constraint system of a statement about this circuit:
    /// multiplication gates, constraints and matrix entries, the public
    /// rows included.
    pub fn metrics(&self) -> Metrics {
        let mut m = self.system.metrics();
        m.constraints += self.public_rows.rows.len();
        m.phase_one_constraints = m.constraints;
        m.nonzeros += self.public_rows.rows.iter().map(|r| r.len() + 1).sum::<usize>();
        m
    }

    /// Generators per chain a proof needs: the multipliers padded to a power
    /// of two.
    pub fn padded_multipliers(&self) -> usize {
        self.metrics().padded_multipliers()
    }

    /// Prove (see [`Circuit::prove`]).
    pub fn prove<R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        transcript: Transcript,
        inputs: &InputValues<G::Scalar>,
        rng: &mut R,
    ) -> Result<(R1csProof<G>, PublicValues<G::Scalar>), ProofError> {
        self.circuit.prove_with(gens, self.options, transcript, inputs, rng)
    }

    /// A verifier for the statement "this circuit, these public values",
    /// built from the shared constraints; the same as
    /// [`Circuit::verifier`] builds from scratch.
    pub fn verifier(
        &self,
        transcript: Transcript,
        public: &PublicValues<G::Scalar>,
    ) -> Result<Verifier<G>, ProofError> {
        self.circuit.check_public(public)?;
        let mut verifier = self.system.verifier(bind_public::<G>(transcript, public), &[])?;
        self.public_rows.constrain(&mut verifier, public);
        Ok(verifier)
    }

    /// Verify one proof.
    pub fn verify<R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        transcript: Transcript,
        public: &PublicValues<G::Scalar>,
        proof: &R1csProof<G>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verifier(transcript, public)?.verify_with_rng(gens, proof, rng)
    }

    /// A proof with its statement, ready to join a batch
    /// ([`crate::batch::verify_with_generators`]); a proof whose size does
    /// not match the circuit fails there, before any generator is needed.
    pub fn claim<R: RngCore + CryptoRng>(
        &self,
        transcript: Transcript,
        public: &PublicValues<G::Scalar>,
        proof: &R1csProof<G>,
        rng: &mut R,
    ) -> Result<R1csClaim<G>, ProofError> {
        let expected = self.padded_multipliers().trailing_zeros() as usize;
        if proof.rounds() != expected || proof.has_phase_two() {
            return Err(ProofError::WrongLength {
                expected: R1csProof::<G>::encoded_len(expected, false),
                got: R1csProof::<G>::encoded_len(proof.rounds(), proof.has_phase_two()),
            });
        }
        Ok(R1csClaim::new(self.verifier(transcript, public)?, proof, rng))
    }
}
