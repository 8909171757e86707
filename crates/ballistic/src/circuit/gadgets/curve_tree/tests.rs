//! One Curve Trees level on both halves of the secp256k1/secq256k1 cycle:
//! pinned gate counts, honest proofs over a vector commitment and over
//! constants, the statement bound, and the cheats the relation excludes
//! (and the sign branch it admits by design).

use alloc::vec::Vec;

use merlin::Transcript;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::*;
use crate::circuit::{Prover, Verifier};
use crate::embedded::{hash_to_curve, WithEmbeddedCurve};
use crate::generators::Generators;
use crate::group::{Secp256k1, Secq256k1};

type Curve<G> = <G as WithEmbeddedCurve>::Curve;
type F<G> = <G as crate::group::Group>::Scalar;
type Point<G> = AffinePoint<F<G>>;

const WIDTH: usize = 6;

struct Level<G: WithEmbeddedCurve> {
    params: Rerandomization<Curve<G>>,
    h: Point<G>,
    children: Vec<Point<G>>,
    /// `x(C_k + Δ)`.
    xs: Vec<F<G>>,
}

fn level<G: WithEmbeddedCurve>() -> Level<G> {
    let k = Curve::<G>::coefficients();
    let h = hash_to_curve::<Curve<G>>(b"test H");
    let delta = hash_to_curve::<Curve<G>>(b"test delta");
    let params = Rerandomization::new(&h, &delta).unwrap();
    let children: Vec<Point<G>> = (0..WIDTH as u8).map(|i| hash_to_curve::<Curve<G>>(&[b'c', i])).collect();
    let xs = children.iter().map(|c| c.add_vartime(&delta, &k).x).collect();
    Level { params, h, children, xs }
}

/// `C + [r]H` (variable time: a test).
fn rerandomize<G: WithEmbeddedCurve>(level: &Level<G>, c: &Point<G>, r: &[u8; 32]) -> Point<G> {
    let k = Curve::<G>::coefficients();
    c.add_vartime(&level.h.mul_vartime(r, &k), &k)
}

/// Prove `R_SR` for `rerandomized` with `r`, the children in a vector
/// commitment (or as constants); `Ok` carries the proof and the commitment.
fn prove<G: WithEmbeddedCurve>(
    gens: &Generators<G>,
    level: &Level<G>,
    rerandomized: &Point<G>,
    r: &[u8; 32],
    committed: bool,
) -> Result<(crate::circuit::R1csProof<G>, Option<G::Compressed>), ProofError> {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mut prover = Prover::new(gens, Transcript::new(b"curve tree level"));
    let (point, children) = if committed {
        let (point, vars) = prover.commit_vec(&level.xs, F::<G>::random(&mut rng))?;
        (Some(point), vars.into_iter().map(LinearCombination::from).collect::<Vec<_>>())
    } else {
        (None, level.xs.iter().map(|x| LinearCombination::from(*x)).collect())
    };
    select_and_rerandomize(&mut prover, &level.params, &children, rerandomized, Some(r))?;
    Ok((prover.prove_with_rng(&mut rng)?, point))
}

fn verify<G: WithEmbeddedCurve>(
    gens: &Generators<G>,
    level: &Level<G>,
    rerandomized: &Point<G>,
    proof: &crate::circuit::R1csProof<G>,
    commitment: Option<G::Compressed>,
) -> Result<(), ProofError> {
    let mut verifier = Verifier::new(Transcript::new(b"curve tree level"));
    let children: Vec<LinearCombination<F<G>>> = match commitment {
        Some(point) => verifier.commit_vec(point, WIDTH)?.into_iter().map(LinearCombination::from).collect(),
        None => level.xs.iter().map(|x| LinearCombination::from(*x)).collect(),
    };
    select_and_rerandomize(&mut verifier, &level.params, &children, rerandomized, None)?;
    verifier.verify_with_rng(gens, proof, &mut ChaCha20Rng::seed_from_u64(2))
}

fn gate_counts<G: WithEmbeddedCurve>() {
    let level = level::<G>();
    assert_eq!(level.params.scalar_bits(), 256);
    let mut verifier = Verifier::<G>::new(Transcript::new(b"count"));
    let c = rerandomize(&level, &level.children[0], &[1; 32]);
    rerandomized_x(&mut verifier, &level.params, &c, None).unwrap();
    assert_eq!(verifier.metrics().multipliers, 769);
    let children: Vec<LinearCombination<F<G>>> = level.xs.iter().map(|x| LinearCombination::from(*x)).collect();
    for b in 1..=WIDTH {
        let mut verifier = Verifier::<G>::new(Transcript::new(b"count"));
        select_and_rerandomize(&mut verifier, &level.params, &children[..b], &c, None).unwrap();
        assert_eq!(verifier.metrics().multipliers, 769 + b - 1);
    }
}

#[test]
fn gate_counts_secp256k1() {
    gate_counts::<Secp256k1>();
}

#[test]
fn gate_counts_secq256k1() {
    gate_counts::<Secq256k1>();
}

fn honest_and_cheating<G: WithEmbeddedCurve>() {
    let k = Curve::<G>::coefficients();
    let gens = Generators::<G>::new(1024, 1);
    let level = level::<G>();
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let r: [u8; 32] = rng.gen();
    let chosen = 4;
    let c_hat = rerandomize(&level, &level.children[chosen], &r);
    for committed in [true, false] {
        let (proof, point) = prove(&gens, &level, &c_hat, &r, committed).unwrap();
        verify(&gens, &level, &c_hat, &proof, point).unwrap();
        // The statement is the verifier's: another Ĉ, or another child's.
        let other = rerandomize(&level, &level.children[chosen - 1], &r);
        for wrong in [c_hat.add_vartime(&level.h, &k), other, c_hat.neg()] {
            assert_eq!(verify(&gens, &level, &wrong, &proof, point), Err(ProofError::VerificationFailed));
        }
    }
    // Cheats: another r, a point that is no child, another child's x.
    let mut r_plus = r;
    r_plus[0] ^= 1;
    assert_eq!(prove(&gens, &level, &c_hat, &r_plus, true).err(), Some(ProofError::Unsatisfied));
    let stranger = rerandomize(&level, &hash_to_curve::<Curve<G>>(b"stranger"), &r);
    assert_eq!(prove(&gens, &level, &stranger, &r, true).err(), Some(ProofError::Unsatisfied));
    // A child not offset by Δ (the point itself rather than C + Δ).
    let undelta = rerandomize(&level, &level.children[chosen].add_vartime(&level.params.delta().neg(), &k), &r);
    assert_eq!(prove(&gens, &level, &undelta, &r, true).err(), Some(ProofError::Unsatisfied));
    // By design (module documentation): the sign branch −C − 2Δ + [r]H and
    // r = 0 satisfy the relation; the first must be opened by the caller's
    // next step, the second is the prover's own privacy.
    let two_delta = level.params.delta().double_vartime(&k);
    let sign = rerandomize(&level, &level.children[chosen].neg().add_vartime(&two_delta.neg(), &k), &r);
    let (proof, point) = prove(&gens, &level, &sign, &r, true).unwrap();
    verify(&gens, &level, &sign, &proof, point).unwrap();
    let (proof, point) = prove(&gens, &level, &level.children[chosen], &[0; 32], true).unwrap();
    verify(&gens, &level, &level.children[chosen], &proof, point).unwrap();
}

#[test]
fn honest_and_cheating_secp256k1() {
    honest_and_cheating::<Secp256k1>();
}

#[test]
fn honest_and_cheating_secq256k1() {
    honest_and_cheating::<Secq256k1>();
}

#[test]
fn select_is_membership() {
    type S = F<Secp256k1>;
    let gens = Generators::<Secp256k1>::new(16, 1);
    let set: Vec<S> = (1..=5).map(S::from_u64).collect();
    for b in 1..=set.len() {
        for x in 0..=6u64 {
            let mut prover = Prover::new(&gens, Transcript::new(b"select"));
            let lcs: Vec<LinearCombination<S>> = set[..b].iter().map(|s| LinearCombination::from(*s)).collect();
            let var = prover.allocate(Some(S::from_u64(x))).unwrap();
            select(&mut prover, &lcs, var.into()).unwrap();
            let member = (1..=b as u64).contains(&x);
            assert_eq!(prover.prove().is_ok(), member, "b = {b}, x = {x}");
        }
    }
    let mut verifier = Verifier::<Secp256k1>::new(Transcript::new(b"select"));
    assert!(matches!(select(&mut verifier, &[], S::one().into()), Err(ProofError::Gadget { .. })));
}

#[test]
fn parameters_are_checked() {
    type G = Secp256k1;
    let k = Curve::<G>::coefficients();
    let level = level::<G>();
    let h = level.h;
    let delta = *level.params.delta();
    let off_curve = AffinePoint::new(h.x, h.y + F::<G>::one());
    for (h, delta) in
        [(AffinePoint::identity(), delta), (h, AffinePoint::identity()), (off_curve, delta), (h, off_curve)]
    {
        assert!(matches!(Rerandomization::<Curve<G>>::new(&h, &delta), Err(ProofError::Gadget { .. })));
    }
    assert!(Rerandomization::<Curve<G>>::new(&h, &h.neg()).is_err());
    let mut verifier = Verifier::<G>::new(Transcript::new(b"params"));
    // Ĉ at infinity, off the curve, and the one Ĉ whose target T' is O.
    let cancel = delta.add_vartime(&level.params.offsets, &k).neg();
    for c in [AffinePoint::identity(), off_curve, cancel] {
        assert!(matches!(rerandomized_x(&mut verifier, &level.params, &c, None), Err(ProofError::Gadget { .. })));
    }
    let c = level.children[0];
    for len in [0, 31, 33] {
        let r = alloc::vec![1u8; len];
        assert!(matches!(rerandomized_x(&mut verifier, &level.params, &c, Some(&r)), Err(ProofError::Gadget { .. })));
    }
}

/// The review's findings of 2026-11-30: the offsets are bound to `H` (an
/// `H` built from shared offsets made an incomplete addition degenerate),
/// tables never hold the point at infinity, and curves with a cofactor are
/// refused.
#[test]
fn offsets_are_bound_to_h() {
    type C = Curve<Secp256k1>;
    let h1 = hash_to_curve::<C>(b"H1");
    let h2 = hash_to_curve::<C>(b"H2");
    let delta = hash_to_curve::<C>(b"delta");
    let (a, b) = (Rerandomization::<C>::new(&h1, &delta).unwrap(), Rerandomization::<C>::new(&h2, &delta).unwrap());
    // Entry 0 of window j is R_j itself.
    for j in [0, 1, 127] {
        assert_ne!(a.h.tables()[j][0], b.h.tables()[j][0]);
        assert_ne!(a.h.tables()[j][0], FixedBase::<C>::new(&h1, 256, 2).unwrap().tables()[j][0]);
    }
    // A base that cancels the shared R_0 would put O in the table.
    let r0 = FixedBase::<C>::new(&h1, 256, 2).unwrap().tables()[0][0];
    assert!(matches!(FixedBase::<C>::new(&r0.neg(), 256, 2), Err(ProofError::Gadget { .. })));
    type D = crate::embedded::Doppio;
    let (hd, dd) = (hash_to_curve::<D>(b"H"), hash_to_curve::<D>(b"delta"));
    assert!(matches!(Rerandomization::<D>::new(&hd, &dd), Err(ProofError::Gadget { .. })));
}
