//! Curve Trees proofs as batch claims: a proof of [`membership`] or
//! [`ownership`] replayed into its two equations, one per curve of the
//! cycle, so that many proofs verify in one multiscalar multiplication per
//! curve.
//!
//! **Soundness.** A proof's claim holds its equation on `L` (the leaf-side
//! circuit's two checks, joined by a fresh random scalar, plus the
//! statement's own checks, each times a fresh random scalar: the
//! Chaum–Pedersen pair of [`ownership`]) and its equation on `L::Other`.
//! The proof is valid iff **both** are the identity: each side alone is
//! forgeable (the leaf side never checks that `Ĉ_0` is selected; the other
//! side never opens it), so the two are never exposed separately.
//! [`verify_batch`] checks `Σ_i w_i·E_i = 𝟙` on each curve with independent
//! random weights from the caller's CSPRNG ([`crate::batch::verify`]), so a
//! batch with a bad proof passes with probability at most about `2/ℓ`; the
//! invalid proofs are the union of the two curves' blame sets. The scalars
//! that join a proof's own checks are drawn when the claim is made, from
//! the RNG given to `claim`: it must be unpredictable to whoever made the
//! proof (a prover who knows them in advance can forge the opening).
//!
//! **Parameters.** A claim keeps the [`TreeParams`] it was replayed
//! against (its equations' scalars are those of their generators);
//! [`verify_batch`] evaluates each claim against its own, one batch per
//! parameter set.
//!
//! **Memory.** A claim keeps both expanded equations: two scalars per
//! padded gate on each curve (about 256 KiB for circuits of 2,048 gates a
//! side), so a verifier that queues claims from untrusted submitters
//! should cap the batch (a thousand claims at that size is about
//! 250 MiB).
//!
//! [`membership`]: super::membership
//! [`ownership`]: super::ownership

use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use super::select::PathEquations;
use super::{Cycle, TreeParams};
use crate::batch::{self, Refused};
use crate::circuit::R1csClaim;
use crate::equation::Claim;
use crate::errors::{BatchError, ProofError};

/// A Curve Trees proof bound to its statement and the verifier's
/// parameters, replayed (see the module documentation); made by
/// [`membership::claim`](super::membership::claim) or
/// [`ownership::claim`](super::ownership::claim).
#[derive(Debug)]
pub struct CurveTreeClaim<'a, L: Cycle> {
    params: &'a TreeParams<L>,
    leaf: R1csClaim<L>,
    other: R1csClaim<L::Other>,
    key_image: Option<L::Compressed>,
}

impl<'a, L: Cycle> CurveTreeClaim<'a, L> {
    pub(crate) fn new(
        params: &'a TreeParams<L>,
        replayed: Result<PathEquations<L>, ProofError>,
        key_image: Option<L::Compressed>,
    ) -> Self {
        match replayed {
            Ok(PathEquations { leaf, other }) => CurveTreeClaim {
                params,
                leaf: R1csClaim::from_equation(Ok(leaf)),
                other: R1csClaim::from_equation(Ok(other)),
                key_image,
            },
            Err(e) => CurveTreeClaim {
                params,
                leaf: R1csClaim::from_equation(Err(e.clone())),
                other: R1csClaim::from_equation(Err(e)),
                key_image: None,
            },
        }
    }
}

/// Verify Curve Trees claims (of either statement, any roots, contexts and
/// parameters) in one multiscalar multiplication per curve and parameter
/// set. `Ok` iff every proof verifies, with each claim's verified key image
/// (`Some` for ownership claims, `None` for membership); else the exact set
/// of invalid ones (each with the first error either curve reported).
///
/// Refusing an image seen before in its context is the application's
/// check, **within the batch too**: two valid proofs of one key in one
/// context both verify here and carry the same image.
pub fn verify_batch<L: Cycle, R: RngCore + CryptoRng>(
    claims: &[&CurveTreeClaim<'_, L>],
    rng: &mut R,
) -> Result<Vec<Option<L::Compressed>>, BatchError> {
    let mut invalid: Vec<(usize, ProofError)> = Vec::new();
    let mut done = alloc::vec![false; claims.len()];
    for first in 0..claims.len() {
        let Some(head) = claims.get(first).filter(|_| done.get(first) == Some(&false)) else {
            continue;
        };
        // The claims made against the same parameters as `head`.
        let members: Vec<usize> = (first..claims.len())
            .filter(|&i| claims.get(i).is_some_and(|c| core::ptr::eq(c.params, head.params)))
            .collect();
        for &i in &members {
            if let Some(d) = done.get_mut(i) {
                *d = true;
            }
        }
        let group: Vec<&CurveTreeClaim<'_, L>> = members.iter().filter_map(|&i| claims.get(i).copied()).collect();
        for (k, e) in verify_group(head.params, &group, rng) {
            if let Some(&i) = members.get(k) {
                invalid.push((i, e));
            }
        }
    }
    if invalid.is_empty() {
        Ok(claims.iter().map(|c| c.key_image).collect())
    } else {
        invalid.sort_by_key(|(i, _)| *i);
        Err(BatchError { invalid })
    }
}

/// Claims of one parameter set: the leaf side's batch, then the other
/// side's, where the claims the first already named stand as refused (no
/// second bisection over them).
fn verify_group<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    claims: &[&CurveTreeClaim<'_, L>],
    rng: &mut R,
) -> Vec<(usize, ProofError)> {
    let leaf: Vec<&dyn Claim<L>> = claims.iter().map(|c| &c.leaf as &dyn Claim<L>).collect();
    let mut invalid = batch::verify(params.leaf_gens(), &leaf, rng).err().map(|e| e.invalid).unwrap_or_default();
    let refused: Vec<Refused> = invalid.iter().map(|(_, e)| Refused(e.clone())).collect();
    let other: Vec<&dyn Claim<L::Other>> = claims
        .iter()
        .enumerate()
        .map(|(i, c)| match invalid.iter().position(|(j, _)| *j == i).and_then(|k| refused.get(k)) {
            Some(r) => r as &dyn Claim<L::Other>,
            None => &c.other as &dyn Claim<L::Other>,
        })
        .collect();
    for (i, e) in batch::verify(params.other_gens(), &other, rng).err().map(|e| e.invalid).unwrap_or_default() {
        if !invalid.iter().any(|(j, _)| *j == i) {
            invalid.push((i, e));
        }
    }
    invalid
}

#[cfg(test)]
mod tests {
    //! Check 6 of the conformance suite for Curve Trees claims, whose two
    //! sides the suite cannot reach from outside: each side's equation is
    //! linear in its batch weight (`S(2w) = 2·S(w)`, the terms added twice
    //! give the same, and the verdict does not depend on the joining
    //! scalar), for honest proofs and for proofs that fail on one side,
    //! the other or both — the property the batch's soundness rests on.
    use super::*;
    use crate::curve_tree::tests::{gens, tree_params};
    use crate::curve_tree::{ownership, CurveTree, Node};
    use crate::equation::Equation;
    use crate::group::{Group, ScalarOps, Secp256k1};
    use merlin::Transcript;
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    fn sum<G: Group>(
        claim: &dyn Claim<G>,
        gens: &crate::Generators<G>,
        w: u64,
        c: u64,
        times: usize,
    ) -> Result<G::Point, ProofError> {
        let mut eq = Equation::new();
        for _ in 0..times {
            claim.add_terms(G::Scalar::from_u64(w), G::Scalar::from_u64(c), &mut eq)?;
        }
        Ok(eq.sum(gens).expect("the generators cover the claim"))
    }

    /// The checks on one side; returns whether that side holds.
    fn linear<G: Group>(claim: &dyn Claim<G>, gens: &crate::Generators<G>) -> Option<bool> {
        let Ok(once) = sum(claim, gens, 3, 7, 1) else {
            for (w, c, t) in [(6, 7, 1), (3, 7, 2), (3, 11, 1)] {
                assert!(sum(claim, gens, w, c, t).is_err(), "refused, then not");
            }
            return None;
        };
        let double = sum(claim, gens, 6, 7, 1).unwrap();
        assert_eq!(double, once + once, "S(2w, c) ≠ 2·S(w, c)");
        assert_eq!(sum(claim, gens, 3, 7, 2).unwrap(), double, "the terms added twice ≠ S(2w, c)");
        let other = sum(claim, gens, 3, 11, 1).unwrap();
        assert_eq!(G::is_identity_vartime(&once), G::is_identity_vartime(&other), "the verdict depends on c");
        Some(G::is_identity_vartime(&once))
    }

    #[test]
    fn both_sides_are_linear_in_the_weight() {
        type L = Secp256k1;
        let gens = gens::<L>();
        let params = tree_params::<L>(&[4, 4], &gens);
        let mut rng = ChaCha20Rng::seed_from_u64(61);
        let keys: Vec<_> = (0..5).map(|_| <L as Group>::Scalar::random(&mut rng)).collect();
        let b = params.leaf_gens().pedersen().b;
        let tree = CurveTree::new(&params, keys.iter().map(|x| L::mul_ct(&b, x)).collect()).unwrap();
        let root = tree.root();
        let scope = ownership::Scope { context: b"ctx", message: b"m" };
        let path = tree.path(&params, 3).unwrap();
        let proof =
            ownership::prove(&params, &mut Transcript::new(b"own"), &root, &path, &keys[3], &scope, &mut rng).unwrap();
        let claim_of = |proof: &ownership::OwnershipProof<L>, root: &Node<L>, rng: &mut ChaCha20Rng| {
            ownership::claim(&params, &mut Transcript::new(b"own"), root, &scope, proof, rng)
        };
        // Honest; the opening's response moved (the leaf side fails); the
        // other side's proof changed (that side fails, and the leaf side's
        // challenges with it); the identity as key image (no replay).
        let mut moved = proof.clone();
        moved.s1 += <L as Group>::Scalar::one();
        let mut other_side = proof.clone();
        other_side.path.other_side.t_x += <<L as Cycle>::Other as Group>::Scalar::one();
        let mut no_image = proof.clone();
        no_image.key_image = L::compress(&L::identity());
        let cases =
            [(&proof, Some((true, true))), (&moved, None), (&other_side, None), (&no_image, Some((false, false)))];
        for (k, (p, expect)) in cases.into_iter().enumerate() {
            let claim = claim_of(p, &root, &mut rng);
            let leaf = linear::<L>(&claim.leaf, params.leaf_gens());
            let other = linear::<<L as Cycle>::Other>(&claim.other, params.other_gens());
            match expect {
                Some((true, true)) => assert_eq!((leaf, other), (Some(true), Some(true)), "case {k}"),
                Some(_) => assert_eq!((leaf, other), (None, None), "case {k}: refused on both sides"),
                // A bad proof: both sides replayed, at least one fails.
                None => assert!(
                    leaf.is_some() && other.is_some() && !(leaf == Some(true) && other == Some(true)),
                    "case {k}"
                ),
            }
        }
    }
}
