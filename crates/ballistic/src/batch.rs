//! Batch verification: many proofs, one multiscalar multiplication, and the
//! names of the bad ones when the batch fails.
//!
//! **Soundness.** Each proof `i` reduces to one equation `E_i = 𝟙` (its
//! own checks already combined with a private random scalar, see
//! [`crate::verify`]). The batch checks `Σ_i w_i·E_i = 𝟙` for independent
//! uniformly random `w_i` drawn from the caller's CSPRNG — never from the
//! proofs themselves, so a prover cannot choose proofs whose errors cancel.
//! If some `E_i ≠ 𝟙`, the sum is the identity with probability `≤ 1/ℓ`.
//! Terms on the shared generators are summed per generator first, so the
//! marginal cost of a proof is its own points plus a few scalar operations
//! per generator it touches.
//!
//! **Blame.** Proofs whose transcript replay fails (malformed shape,
//! identity points, invalid commitments) are invalid without any group
//! operation. If the combined equation of the rest fails, the set is split
//! in halves and the left half checked with fresh weights; if it passes,
//! the right half is known to fail and is split without being checked.
//! With one invalid proof among `B` that is `log₂ B` further multiscalar
//! multiplications over subsets that halve each time (their sizes sum to
//! about one batch), instead of `B` single verifications; with `k` invalid
//! proofs, at most about `2k·log₂(B/k)`. The result is exactly the set of
//! indices whose equation fails (each with probability `1 − O(B/ℓ)`).

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{Group, ScalarOps};
use crate::range::RangeProof;
use crate::verify::MsmAccumulator;

/// One range proof with its statement, ready for a batch.
#[derive(Clone)]
pub struct RangeProofItem<'a, G: Group> {
    /// The proof.
    pub proof: &'a RangeProof<G>,
    /// Its commitments `V_j`.
    pub commitments: &'a [G::Compressed],
    /// Bits per value.
    pub bits: usize,
    /// The transcript as the verifier starts it (label and any context).
    pub transcript: Transcript,
}

/// Why a batch was rejected: the indices of the invalid proofs, in order,
/// each with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchError {
    /// `(index, reason)` for every invalid proof.
    pub invalid: Vec<(usize, ProofError)>,
}

impl BatchError {
    /// Just the indices.
    pub fn indices(&self) -> Vec<usize> {
        self.invalid.iter().map(|(i, _)| *i).collect()
    }
}

impl core::fmt::Display for BatchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{} invalid proof(s):", self.invalid.len())?;
        for (i, e) in &self.invalid {
            write!(f, " #{i} ({e})")?;
        }
        Ok(())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for BatchError {}

/// Verify range proofs together. `Ok(())` iff every proof verifies; else
/// the exact set of invalid ones.
pub fn verify_range_proofs<G: Group, R: RngCore + CryptoRng>(
    items: &[RangeProofItem<'_, G>],
    bp_gens: &BulletproofGens<G>,
    pc_gens: &PedersenGens<G>,
    rng: &mut R,
) -> Result<(), BatchError> {
    let mut invalid = Vec::new();
    let mut terms = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let mut acc = MsmAccumulator::new();
        let mut transcript = item.transcript.clone();
        match item.proof.add_verification_terms(
            &mut transcript,
            item.commitments,
            item.bits,
            G::Scalar::one(),
            rng,
            &mut acc,
        ) {
            Ok(()) => terms.push((index, acc)),
            Err(e) => invalid.push((index, e)),
        }
    }
    let refs: Vec<&(usize, MsmAccumulator<G>)> = terms.iter().collect();
    bisect(&refs, false, bp_gens, pc_gens, rng, &mut invalid);
    if invalid.is_empty() {
        Ok(())
    } else {
        invalid.sort_by_key(|(i, _)| *i);
        Err(BatchError { invalid })
    }
}

/// Evaluate `Σ w_i·E_i` over `set` with fresh weights.
fn passes<G: Group, R: RngCore + CryptoRng>(
    set: &[&(usize, MsmAccumulator<G>)],
    bp_gens: &BulletproofGens<G>,
    pc_gens: &PedersenGens<G>,
    rng: &mut R,
) -> Result<bool, ProofError> {
    let mut acc = MsmAccumulator::new();
    if let [(_, only)] = set {
        // A single equation needs no extra weight.
        acc.add_scaled(only, G::Scalar::one());
    } else {
        for (_, terms) in set {
            acc.add_scaled(terms, G::Scalar::random(rng));
        }
    }
    acc.is_identity(bp_gens, pc_gens)
}

/// Report every failing equation in `set`. `known_bad`: the caller already
/// knows `set` contains a failing equation (its sibling passed, or it was
/// just checked), so it is split without being evaluated again.
fn bisect<G: Group, R: RngCore + CryptoRng>(
    set: &[&(usize, MsmAccumulator<G>)],
    known_bad: bool,
    bp_gens: &BulletproofGens<G>,
    pc_gens: &PedersenGens<G>,
    rng: &mut R,
    invalid: &mut Vec<(usize, ProofError)>,
) {
    if set.is_empty() {
        return;
    }
    if !known_bad {
        match passes(set, bp_gens, pc_gens, rng) {
            Ok(true) => return,
            Ok(false) => {}
            Err(e) => {
                invalid.extend(set.iter().map(|(i, _)| (*i, e.clone())));
                return;
            }
        }
    }
    if let [(index, _)] = set {
        invalid.push((*index, ProofError::VerificationFailed));
        return;
    }
    let (left, right) = set.split_at(set.len() / 2);
    match passes(left, bp_gens, pc_gens, rng) {
        Ok(true) => bisect(right, true, bp_gens, pc_gens, rng, invalid),
        Ok(false) => {
            bisect(left, true, bp_gens, pc_gens, rng, invalid);
            bisect(right, false, bp_gens, pc_gens, rng, invalid);
        }
        Err(e) => {
            invalid.extend(left.iter().map(|(i, _)| (*i, e.clone())));
            bisect(right, false, bp_gens, pc_gens, rng, invalid);
        }
    }
}
