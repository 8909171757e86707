//! Batch verification: many proofs of any mix of kinds — Bulletproofs,
//! Bulletproofs+, interval proofs, circuit proofs, any shapes, on one group
//! — in one multiscalar multiplication, and the names of the bad ones when
//! the batch fails.
//!
//! A batch holds [`Claim`]s — a proof bound to its statement and
//! transcript — and knows no proof type. Every proof type that implements
//! the verification contract ([`Verifiable`]) is a claim through [`Item`]
//! (range proofs of any system, including an `AnyRangeProof` chosen at run
//! time; intervals; multi-asset; Grin and Monero with the context `()`);
//! circuit proofs (R1CS, `.arith`, Merkle membership) through
//! [`crate::circuit::R1csClaim`]. A claim whose statement did not even
//! build keeps its place as [`Refused`].
//!
//! **Soundness.** Each proof `i` reduces to one equation `E_i = 𝟙` (its
//! own checks already combined with a private random scalar, see
//! [`Equation`]). The batch checks `Σ_i w_i·E_i = 𝟙` for independent
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
//!
//! **Blame memory and the work an attacker can force.** The bisection
//! keeps no per-proof equation: each subset check replays its claims again
//! into one fresh equation (transcript and scalar work, small beside the
//! multiscalar multiplication), so memory stays one equation at a time —
//! the shared generator scalars (at most the generators' size) plus the
//! subset's own points, proportional to the proofs submitted. A circuit
//! claim keeps its own equation (see [`crate::circuit::R1csClaim`]),
//! proportional to the circuit. Work: proofs that fail to decode or
//! replay cost only their replay; each level of the bisection tree checks
//! disjoint subsets, so with `k` bad proofs among `B` the blame costs at
//! most about `2k·log₂(B/k)` multiscalar multiplications adding up to at
//! most about `log₂ B` batches' worth — one bad proof about two batches in
//! all, every proof bad about `log₂ B` batches. A verifier that accepts batches from untrusted
//! submitters should bound `B` per submitter accordingly.

use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use crate::equation::{Equation, Verifiable};
use crate::generators::Generators;

pub use crate::equation::Claim;
pub use crate::errors::BatchError;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps};

/// Any [`Verifiable`] proof with its statement and context: the claim
/// "`proof` proves `statement`" under the transcript the verifier starts.
pub struct Item<'a, G: Group, P: Verifiable<G> + ?Sized> {
    /// The proof.
    pub proof: &'a P,
    /// Its statement.
    pub statement: &'a P::Statement,
    /// The transcript as the verifier starts it (label and any context), or
    /// `()` for a deployed format whose transcript the format fixes.
    pub context: P::Context,
}

impl<'a, G: Group, P: Verifiable<G> + ?Sized> Item<'a, G, P> {
    /// `proof` for `statement` under `context`.
    pub fn new(proof: &'a P, statement: &'a P::Statement, context: P::Context) -> Self {
        Item { proof, statement, context }
    }
}

impl<G: Group, P: Verifiable<G> + Sync + ?Sized> Claim<G> for Item<'_, G, P>
where
    P::Statement: Sync,
    P::Context: Clone + Sync,
{
    fn add_terms(&self, weight: G::Scalar, combine: G::Scalar, eq: &mut Equation<G>) -> Result<(), ProofError> {
        self.proof.add_terms(self.statement, &mut self.context.clone(), weight, combine, eq)
    }
}

/// A claim already known to be invalid — its statement did not build, its
/// file did not decode — holding its place in a batch: it is named in the
/// result, at its index, without any group operation.
#[derive(Clone, Debug)]
pub struct Refused(pub ProofError);

impl<G: Group> Claim<G> for Refused {
    fn add_terms(&self, _: G::Scalar, _: G::Scalar, _: &mut Equation<G>) -> Result<(), ProofError> {
        Err(self.0.clone())
    }
}

/// Verify any mix of claims in one multiscalar multiplication. `Ok(())`
/// iff every proof verifies; else the exact set of invalid ones.
///
/// Every random scalar (two per proof) is drawn from `rng` before any work
/// starts, so the `rayon` feature's parallel accumulation sums exactly the
/// terms the serial path would. The first pass adds every proof's weighted
/// terms straight into one equation — no per-proof copy — and runs one
/// multiscalar multiplication; only if it fails does the bisection run.
pub fn verify<G: Group, R: RngCore + CryptoRng>(
    gens: &Generators<G>,
    claims: &[&dyn Claim<G>],
    rng: &mut R,
) -> Result<(), BatchError> {
    verify_with_generators(|_, _| gens, claims, rng)
}

/// [`verify`], with the generators asked for only once every claim has
/// been replayed: `generators(chains, per_chain)` is called at most once
/// (and returns generators with at least that many vector generators,
/// e.g. from a [`GeneratorCache`](crate::file::GeneratorCache)),
/// with the size the replayed equations need, and not at all when no claim
/// replays. Cheap checks — decoding, shapes, identity points, the whole
/// transcript — thus run before any expensive setup (deriving generators
/// for a large statement costs as much as verifying it), so a malformed
/// proof is refused for the price of its replay.
pub fn verify_with_generators<G, R, B, F>(
    generators: F,
    claims: &[&dyn Claim<G>],
    rng: &mut R,
) -> Result<(), BatchError>
where
    G: Group,
    R: RngCore + CryptoRng,
    B: core::borrow::Borrow<Generators<G>>,
    F: FnOnce(usize, usize) -> B,
{
    let randomness: Vec<(G::Scalar, G::Scalar)> =
        claims.iter().map(|_| (<G::Scalar as ScalarOps>::random(rng), <G::Scalar as ScalarOps>::random(rng))).collect();
    let (acc, mut invalid) = accumulate(claims, &randomness);
    if invalid.len() < claims.len() {
        let (chains, per_chain) = acc.generators_needed();
        let gens = generators(chains, per_chain);
        let gens = gens.borrow();
        // The first pass over the claims that replayed: passes, fails (so
        // the set is known to hold a failing equation), or cannot be
        // evaluated.
        let verdict = acc.is_identity(gens);
        drop(acc);
        let replayed: Vec<usize> = (0..claims.len()).filter(|i| !invalid.iter().any(|(j, _)| j == i)).collect();
        match verdict {
            Ok(true) => {}
            // Already known to hold a failing equation: split without
            // checking the whole set again (a failing batch of one costs
            // one multiscalar multiplication, as a single verification).
            Ok(false) => bisect(gens, claims, &replayed, true, rng, &mut invalid),
            Err(e) => invalid.extend(replayed.iter().map(|i| (*i, e.clone()))),
        }
    }
    if invalid.is_empty() {
        Ok(())
    } else {
        invalid.sort_by_key(|(i, _)| *i);
        Err(BatchError { invalid })
    }
}

/// Sum `w_i·E_i` over the claims whose transcripts replay, and list the
/// ones that do not.
#[allow(clippy::type_complexity)]
fn accumulate<G: Group>(
    claims: &[&dyn Claim<G>],
    randomness: &[(G::Scalar, G::Scalar)],
) -> (Equation<G>, Vec<(usize, ProofError)>) {
    let add = |(mut acc, mut invalid): (Equation<G>, Vec<(usize, ProofError)>),
               (index, (claim, (weight, combine))): (usize, (&&dyn Claim<G>, &(G::Scalar, G::Scalar)))| {
        if let Err(e) = claim.add_terms(*weight, *combine, &mut acc) {
            invalid.push((index, e));
        }
        (acc, invalid)
    };
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        if claims.len() > 1 {
            return claims
                .par_iter()
                .zip(randomness.par_iter())
                .enumerate()
                .fold(|| (Equation::new(), Vec::new()), add)
                .reduce(
                    || (Equation::new(), Vec::new()),
                    |(mut a, mut ia), (b, ib)| {
                        a.merge(b);
                        ia.extend(ib);
                        (a, ia)
                    },
                );
        }
    }
    claims.iter().zip(randomness).enumerate().fold((Equation::new(), Vec::new()), add)
}

/// Evaluate `Σ w_i·E_i` over the claims in `set` with fresh weights and
/// combining scalars, replaying each claim again: the bisection holds no
/// per-proof equation, so its memory is one equation over the subset (the
/// claims' own terms, proportional to their size) at a time.
fn passes<G: Group, R: RngCore + CryptoRng>(
    gens: &Generators<G>,
    claims: &[&dyn Claim<G>],
    set: &[usize],
    rng: &mut R,
) -> Result<bool, ProofError> {
    let mut acc = Equation::new();
    for index in set {
        let weight = if set.len() == 1 { G::Scalar::one() } else { <G::Scalar as ScalarOps>::random(rng) };
        let combine = <G::Scalar as ScalarOps>::random(rng);
        if let Some(claim) = claims.get(*index) {
            claim.add_terms(weight, combine, &mut acc)?;
        }
    }
    acc.is_identity(gens)
}

/// Report every failing equation in `set`. `known_bad`: the caller already
/// knows `set` contains a failing equation (its sibling passed, or it was
/// just checked), so it is split without being evaluated again.
fn bisect<G: Group, R: RngCore + CryptoRng>(
    gens: &Generators<G>,
    claims: &[&dyn Claim<G>],
    set: &[usize],
    known_bad: bool,
    rng: &mut R,
    invalid: &mut Vec<(usize, ProofError)>,
) {
    if set.is_empty() {
        return;
    }
    if !known_bad {
        match passes(gens, claims, set, rng) {
            Ok(true) => return,
            Ok(false) => {}
            Err(e) => {
                invalid.extend(set.iter().map(|i| (*i, e.clone())));
                return;
            }
        }
    }
    if let [index] = set {
        invalid.push((*index, ProofError::VerificationFailed));
        return;
    }
    let (left, right) = set.split_at(set.len() / 2);
    match passes(gens, claims, left, rng) {
        Ok(true) => bisect(gens, claims, right, true, rng, invalid),
        Ok(false) => {
            bisect(gens, claims, left, true, rng, invalid);
            bisect(gens, claims, right, false, rng, invalid);
        }
        Err(e) => {
            invalid.extend(left.iter().map(|i| (*i, e.clone())));
            bisect(gens, claims, right, false, rng, invalid);
        }
    }
}
