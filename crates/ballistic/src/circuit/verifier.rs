//! The R1CS verifier: the same gadget code as the prover, without the
//! assignment; the proof becomes terms of one multiscalar multiplication.

use alloc::boxed::Box;
use alloc::vec::Vec;

use alloc::sync::Arc;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::constraint_system::{
    ConstraintHasher, ConstraintSystem, Metrics, RandomizableConstraintSystem, RandomizedConstraintSystem,
};
use super::linear::{LinearCombination, Variable};
use super::matrix::{flatten, Flattened, Matrix};
use super::proof::R1csProof;
use crate::encoding::decode_point;
use crate::equation::Equation;
use crate::errors::ProofError;
use crate::generators::BulletproofGens;
use crate::generators::Generators;
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};
use crate::transcript::TranscriptProtocol;

pub(crate) use super::prepared::FrozenSystem;
use super::prepared::PreparedSystem;

type Deferred<G> = Box<dyn FnOnce(&mut RandomizingVerifier<G>) -> Result<(), ProofError>>;

/// Builds the constraint system from public data and checks a proof of it.
pub struct Verifier<G: Group> {
    transcript: Transcript,
    commitments: Vec<G::Compressed>,
    /// Constraints built once and shared (a prepared circuit), before
    /// `constraints`.
    base: Option<Arc<FrozenSystem<G::Scalar>>>,
    constraints: Matrix<G::Scalar>,
    hasher: ConstraintHasher,
    num_vars: usize,
    phase_one_constraints: Option<usize>,
    deferred: Vec<Deferred<G>>,
    pending_multiplier: Option<usize>,
}

impl<G: Group> core::fmt::Debug for Verifier<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Verifier").field("metrics", &self.metrics()).finish_non_exhaustive()
    }
}

/// The verifier in its second phase (inside a randomized gadget).
pub struct RandomizingVerifier<G: Group> {
    verifier: Verifier<G>,
}

/// The statement and challenges a proof's transcript yields.
struct Replay<G: Group> {
    verifier: Verifier<G>,
    v_points: Vec<G::Point>,
    n: usize,
    n1: usize,
    m: usize,
    padded_n: usize,
    y: G::Scalar,
    z: G::Scalar,
    u: G::Scalar,
    x: G::Scalar,
    w: G::Scalar,
    u_k: Vec<G::Scalar>,
}

impl<G: Group> Verifier<G> {
    /// Start verifying; `transcript` must be started as the prover's was.
    pub fn new(mut transcript: Transcript) -> Self {
        transcript.r1cs_domain_sep::<G>();
        Verifier {
            transcript,
            commitments: Vec::new(),
            base: None,
            constraints: Matrix::default(),
            hasher: ConstraintHasher::default(),
            num_vars: 0,
            phase_one_constraints: None,
            deferred: Vec::new(),
            pending_multiplier: None,
        }
    }

    /// Take a high-level commitment (in the prover's order); returns the
    /// variable standing for its value. An invalid encoding makes
    /// verification fail with [`ProofError::InvalidCommitment`].
    pub fn commit(&mut self, commitment: G::Compressed) -> Variable {
        let i = self.commitments.len();
        self.transcript.append_point::<G>(b"V", &commitment);
        self.commitments.push(commitment);
        Variable::Committed(i)
    }

    /// Rows so far, the shared ones included.
    fn rows(&self) -> usize {
        self.constraints.rows() + self.base.as_ref().map_or(0, |b| b.constraints.rows())
    }

    /// Keep the first-phase constraints built so far, to start many
    /// verifiers from them ([`resume`](Self::resume)) without building them
    /// again. Only for first-phase systems (no second-phase gadgets) built
    /// from scratch; the commitments' values are not kept, only their
    /// number (constraints never touch the transcript, so where the gadget
    /// code took them does not matter).
    pub(crate) fn freeze(self) -> Result<FrozenSystem<G::Scalar>, ProofError> {
        if !self.deferred.is_empty() || self.base.is_some() {
            return Err(ProofError::Gadget { message: "only a plain first-phase system can be prepared".into() });
        }
        Ok(FrozenSystem {
            constraints: self.constraints,
            hasher: self.hasher,
            num_vars: self.num_vars,
            pending_multiplier: self.pending_multiplier,
            commitments: self.commitments.len(),
        })
    }

    /// Build the statement's constraints once for many proofs: everything
    /// this verifier holds becomes a [`PreparedSystem`], from which each
    /// proof's verifier starts ([`PreparedSystem::verifier`]) with its own
    /// transcript and commitments, adding only what differs per statement
    /// (rows with public constants). See [`PreparedSystem`].
    pub fn prepare(self) -> Result<PreparedSystem<G>, ProofError> {
        Ok(PreparedSystem::new(self.freeze()?))
    }

    /// A verifier whose transcript is `transcript` (started as for
    /// [`new`](Self::new)) and whose first constraints are `base`, as if
    /// `commitments` had been taken and the gadget code that built `base`
    /// had just run on it: the same transcript, constraint digest,
    /// variables and rows, without rebuilding them. `commitments` must be
    /// as many as `base` was built with.
    pub(crate) fn resume(
        transcript: Transcript,
        base: Arc<FrozenSystem<G::Scalar>>,
        commitments: &[G::Compressed],
    ) -> Result<Self, ProofError> {
        if commitments.len() != base.commitments {
            return Err(ProofError::WrongNumCommitments { expected: base.commitments, got: commitments.len() });
        }
        let mut verifier = Verifier::new(transcript);
        for c in commitments {
            verifier.commit(*c);
        }
        verifier.hasher = base.hasher.clone();
        verifier.num_vars = base.num_vars;
        verifier.pending_multiplier = base.pending_multiplier;
        verifier.base = Some(base);
        Ok(verifier)
    }

    fn new_multiplier(&mut self) -> (Variable, Variable, Variable) {
        let i = self.num_vars;
        self.num_vars += 1;
        (Variable::MultiplierLeft(i), Variable::MultiplierRight(i), Variable::MultiplierOutput(i))
    }

    /// Verify with the OS RNG (`std` feature).
    #[cfg(feature = "std")]
    pub fn verify(self, gens: &Generators<G>, proof: &R1csProof<G>) -> Result<(), ProofError> {
        self.verify_with_rng(gens, proof, &mut rand_core::OsRng)
    }

    /// Verify; `rng` draws the scalar that joins the proof's two checks.
    pub fn verify_with_rng<R: RngCore + CryptoRng>(
        self,
        gens: &Generators<G>,
        proof: &R1csProof<G>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        let bp_gens = gens.vector();
        let mut acc = Equation::new();
        let combine = <G::Scalar as ScalarOps>::random(rng);
        self.add_terms(proof, bp_gens, G::Scalar::one(), combine, &mut acc)?;
        if acc.is_identity(gens)? {
            Ok(())
        } else {
            Err(ProofError::VerificationFailed)
        }
    }

    /// Replay the transcript: bind the statement (commitments, sizes and
    /// constraint digests of both phases), run the randomized gadgets,
    /// absorb the proof and derive every challenge.
    #[cfg(test)]
    fn replay(self, proof: &R1csProof<G>, bp_gens: &BulletproofGens<G>) -> Result<Replay<G>, ProofError> {
        self.replay_against(proof, Some(bp_gens))
    }

    /// [`replay`](Self::replay); with `bp_gens`, also check they cover the
    /// circuit (without, the equation's evaluation checks it).
    fn replay_against(
        mut self,
        proof: &R1csProof<G>,
        bp_gens: Option<&BulletproofGens<G>>,
    ) -> Result<Replay<G>, ProofError> {
        let m = self.commitments.len();
        let v_points = self
            .commitments
            .iter()
            .enumerate()
            .map(|(index, c)| {
                decode_point::<G>(G::compressed_bytes(c))
                    .map(|p| p.point)
                    .ok_or(ProofError::InvalidCommitment { index })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let n1 = self.num_vars;
        let digest1 = self.hasher.digest();
        self.transcript.r1cs_statement(m as u64, n1 as u64, &digest1);
        self.transcript.validate_and_append_point::<G>(b"A_I1", &proof.a_i1.compressed)?;
        self.transcript.validate_and_append_point::<G>(b"A_O1", &proof.a_o1.compressed)?;
        self.transcript.validate_and_append_point::<G>(b"S1", &proof.s1.compressed)?;

        self.transcript.r1cs_phase_two_sep();
        self.phase_one_constraints = Some(self.rows());
        self.pending_multiplier = None;
        let deferred = core::mem::take(&mut self.deferred);
        let mut wrapped = RandomizingVerifier { verifier: self };
        for callback in deferred {
            callback(&mut wrapped)?;
        }
        let mut this = wrapped.verifier;

        let n = this.num_vars;
        let n2 = n - n1;
        let padded_n = n.checked_next_power_of_two().ok_or(ProofError::CircuitTooLarge { multipliers: n })?.max(1);
        if let Some(bp_gens) = bp_gens {
            bp_gens.check_layout(padded_n, padded_n)?;
        }
        let digest2 = this.hasher.digest();
        this.transcript.r1cs_phase_two_statement(n2 as u64, &digest2);
        let t = &mut this.transcript;
        match (&proof.phase2, n2 > 0) {
            (Some([a_i2, a_o2, s2]), true) => {
                t.validate_and_append_point::<G>(b"A_I2", &a_i2.compressed)?;
                t.validate_and_append_point::<G>(b"A_O2", &a_o2.compressed)?;
                t.validate_and_append_point::<G>(b"S2", &s2.compressed)?;
            }
            (None, false) => {}
            _ => return Err(ProofError::PhaseMismatch),
        }
        let y = t.challenge_scalar::<G>(b"y");
        let z = t.challenge_scalar::<G>(b"z");
        for (label, p) in [b"T_1" as &'static [u8], b"T_3", b"T_4", b"T_5", b"T_6"]
            .into_iter()
            .zip([&proof.t_1, &proof.t_3, &proof.t_4, &proof.t_5, &proof.t_6])
        {
            t.validate_and_append_point::<G>(label, &p.compressed)?;
        }
        let u = t.challenge_scalar::<G>(b"u");
        let x = t.challenge_scalar::<G>(b"x");
        t.append_scalar::<G>(b"t_x", &proof.t_x);
        t.append_scalar::<G>(b"t_x_blinding", &proof.t_x_blinding);
        t.append_scalar::<G>(b"e_blinding", &proof.e_blinding);
        let w = t.challenge_scalar::<G>(b"w");
        if proof.ipp.rounds() != padded_n.trailing_zeros() as usize {
            return Err(ProofError::WrongLength {
                expected: R1csProof::<G>::encoded_len(padded_n.trailing_zeros() as usize, n2 > 0),
                got: R1csProof::<G>::encoded_len(proof.ipp.rounds(), proof.has_phase_two()),
            });
        }
        let u_k = proof.ipp.challenges(padded_n, t)?;
        Ok(Replay { verifier: this, v_points, n, n1, m, padded_n, y, z, u, x, w, u_k })
    }

    /// Replay the transcript and add the proof's equation, times `weight`,
    /// to `acc` (`combine` joins the polynomial check and the
    /// inner-product check). Consumes the verifier: its randomized gadgets
    /// run here.
    pub fn add_terms(
        self,
        proof: &R1csProof<G>,
        bp_gens: &BulletproofGens<G>,
        weight: G::Scalar,
        combine: G::Scalar,
        acc: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        self.add_terms_against(proof, Some(bp_gens), weight, combine, acc)
    }

    fn add_terms_against(
        self,
        proof: &R1csProof<G>,
        bp_gens: Option<&BulletproofGens<G>>,
        weight: G::Scalar,
        combine: G::Scalar,
        acc: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let Replay { verifier: this, v_points, n, n1, m, padded_n, y, z, u, x, w, u_k } =
            self.replay_against(proof, bp_gens)?;

        let base = this.base.as_deref().map(|b| &b.constraints);
        if !(this.constraints.check_variables(n, m) && base.is_none_or(|b| b.check_variables(n, m))) {
            return Err(ProofError::InvalidVariable);
        }
        let parts: Vec<&Matrix<G::Scalar>> = base.into_iter().chain([&this.constraints]).collect();
        let Flattened { w_l, w_r, w_o, w_v, w_c } = flatten(&parts, z, n, m);

        let mut inverses = u_k.clone();
        inverses.push(y);
        G::Scalar::batch_invert_vartime(&mut inverses);
        let y_inv = inverses.pop().unwrap_or_default();
        let u_inv = inverses;
        let (a, b) = (proof.ipp.a, proof.ipp.b);
        let r = combine;
        let one = G::Scalar::one();
        let (x1, x2, x3) = (x, x * x, x * x * x);
        let (x4, x5, x6) = (x3 * x, x3 * x2, x3 * x3);

        // The per-gate scalars, in Montgomery form (crate::group::fast):
        //   G_i: w·(x·y^{−i}·w_R,i − a·s_i),  H_i: w·(y^{−i}·(x·w_L,i + w_O,i − b·s⁻¹_i) − 1),
        // w = weight (times u for second-phase and padding gates), and
        // δ = Σ y^{−i}·w_R,i·w_L,i.
        let f = |s: &G::Scalar| s.to_fast();
        let s = crate::inner_product::s_vector_fast::<G::Scalar>(&u_k, &u_inv);
        let (fa, fb, fx1, fone) = (f(&a), f(&b), f(&x1), G::Scalar::fast_one());
        let (fy_inv, fweight, fweight_u) = (f(&y_inv), f(&weight), f(&(weight * u)));
        let unit_weight = weight == one;
        let mut delta = <G::Scalar as Montgomery>::Fast::default();
        let mut g_scalars = Vec::with_capacity(padded_n);
        let mut h_scalars = Vec::with_capacity(padded_n);
        let mut y_inv_i = fone;
        // s has padded_n entries (one per gate): s⁻¹ᵢ = s_{N−1−i}.
        for (i, (s_i, s_inv_i)) in s.iter().copied().zip(s.iter().rev().copied()).enumerate() {
            let (g, h) = match (w_l.get(i), w_r.get(i), w_o.get(i)) {
                (Some(wl), Some(wr), Some(wo)) => {
                    let yneg_wr = y_inv_i * *wr;
                    delta += yneg_wr * *wl;
                    (fx1 * yneg_wr - fa * s_i, y_inv_i * (fx1 * *wl + *wo - fb * s_inv_i) - fone)
                }
                // Padding gates: every weight is zero.
                _ => (-(fa * s_i), -(y_inv_i * fb * s_inv_i) - fone),
            };
            let (g, h) = if i >= n1 {
                (fweight_u * g, fweight_u * h)
            } else if unit_weight {
                (g, h)
            } else {
                (fweight * g, fweight * h)
            };
            g_scalars.push(g);
            h_scalars.push(h);
            y_inv_i *= fy_inv;
        }
        let delta = G::Scalar::from_fast(&delta);
        let w_c = G::Scalar::from_fast(&w_c);
        let w_v: Vec<G::Scalar> = w_v.iter().map(G::Scalar::from_fast).collect();
        let weight_u = weight * u;
        acc.add_g_layout_fast(padded_n, g_scalars);
        acc.add_h_layout_fast(padded_n, h_scalars);
        acc.add_b(weight * (w * (proof.t_x - a * b) + r * (x2 * (w_c + delta) - proof.t_x)));
        acc.add_b_blinding(weight * (-proof.e_blinding - r * proof.t_x_blinding));
        acc.add_point(weight * x1, proof.a_i1.point);
        acc.add_point(weight * x2, proof.a_o1.point);
        acc.add_point(weight * x3, proof.s1.point);
        if let Some([a_i2, a_o2, s2]) = &proof.phase2 {
            acc.add_point(weight_u * x1, a_i2.point);
            acc.add_point(weight_u * x2, a_o2.point);
            acc.add_point(weight_u * x3, s2.point);
        }
        let rx2 = weight * r * x2;
        for (v, wv) in v_points.into_iter().zip(&w_v) {
            acc.add_point(rx2 * *wv, v);
        }
        for (p, x_k) in
            [&proof.t_1, &proof.t_3, &proof.t_4, &proof.t_5, &proof.t_6].into_iter().zip([x1, x3, x4, x5, x6])
        {
            acc.add_point(weight * r * x_k, p.point);
        }
        proof.ipp.add_round_terms(&u_k, &u_inv, weight, acc);
        Ok(())
    }
}

/// A circuit proof with its statement (the [`Verifier`] the gadget code
/// built), ready to join a batch of any proof kinds ([`crate::batch::verify`]).
///
/// Circuit proofs are claims rather than [`crate::equation::Verifiable`]
/// proofs with a reusable statement: second-phase gadgets are `FnOnce`
/// callbacks that run on challenges drawn from the proof itself, so the
/// statement is consumed by the first replay. The claim replays once, when
/// it is made, and keeps the proof's equation (weight 1); a batch scales
/// it, and the blame pass reuses it.
#[derive(Debug)]
pub struct R1csClaim<G: Group> {
    equation: Result<Equation<G>, ProofError>,
}

impl<G: Group> R1csClaim<G> {
    /// Replay `verifier` with `proof`; `rng` draws the scalar joining the
    /// proof's two checks. A proof that does not replay (wrong shape, bad
    /// points) is a claim that fails in the batch, naming its index. No
    /// generators are needed yet: the batch asks for them once every claim
    /// has replayed ([`crate::batch::verify_with_generators`]).
    pub fn new<R: RngCore + CryptoRng>(verifier: Verifier<G>, proof: &R1csProof<G>, rng: &mut R) -> Self {
        let mut eq = Equation::new();
        let combine = <G::Scalar as ScalarOps>::random(rng);
        let equation = verifier.add_terms_against(proof, None, G::Scalar::one(), combine, &mut eq).map(|()| eq);
        R1csClaim { equation }
    }
}

impl<G: Group> crate::equation::Claim<G> for R1csClaim<G> {
    fn add_terms(&self, weight: G::Scalar, _combine: G::Scalar, eq: &mut Equation<G>) -> Result<(), ProofError> {
        match &self.equation {
            Ok(terms) => {
                eq.add_scaled(terms, weight);
                Ok(())
            }
            Err(e) => Err(e.clone()),
        }
    }
}

impl<G: Group> ConstraintSystem<G::Scalar> for Verifier<G> {
    fn multiply(
        &mut self,
        left: LinearCombination<G::Scalar>,
        right: LinearCombination<G::Scalar>,
    ) -> (Variable, Variable, Variable) {
        let (l, r, o) = self.new_multiplier();
        self.constrain(left - l);
        self.constrain(right - r);
        (l, r, o)
    }

    fn allocate(&mut self, _: Option<G::Scalar>) -> Result<Variable, ProofError> {
        match self.pending_multiplier.take() {
            None => {
                let (l, _, _) = self.new_multiplier();
                self.pending_multiplier = Some(self.num_vars - 1);
                Ok(l)
            }
            Some(i) => Ok(Variable::MultiplierRight(i)),
        }
    }

    fn allocate_multiplier(
        &mut self,
        _: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        Ok(self.new_multiplier())
    }

    fn constrain(&mut self, lc: LinearCombination<G::Scalar>) {
        self.hasher.absorb(&lc);
        self.constraints.push(&lc);
    }

    fn metrics(&self) -> Metrics {
        let constraints = self.rows();
        let phase_one = self.phase_one_constraints.unwrap_or(constraints);
        Metrics {
            multipliers: self.num_vars,
            constraints,
            phase_one_constraints: phase_one,
            phase_two_constraints: constraints - phase_one,
            nonzeros: self.constraints.nonzeros() + self.base.as_ref().map_or(0, |b| b.constraints.nonzeros()),
        }
    }
}

impl<G: Group> RandomizableConstraintSystem<G::Scalar> for Verifier<G> {
    type RandomizedCS = RandomizingVerifier<G>;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), ProofError>
    where
        F: 'static + FnOnce(&mut RandomizingVerifier<G>) -> Result<(), ProofError>,
    {
        self.deferred.push(Box::new(callback));
        Ok(())
    }
}

impl<G: Group> ConstraintSystem<G::Scalar> for RandomizingVerifier<G> {
    fn multiply(
        &mut self,
        left: LinearCombination<G::Scalar>,
        right: LinearCombination<G::Scalar>,
    ) -> (Variable, Variable, Variable) {
        self.verifier.multiply(left, right)
    }
    fn allocate(&mut self, assignment: Option<G::Scalar>) -> Result<Variable, ProofError> {
        self.verifier.allocate(assignment)
    }
    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        self.verifier.allocate_multiplier(input_assignments)
    }
    fn constrain(&mut self, lc: LinearCombination<G::Scalar>) {
        self.verifier.constrain(lc)
    }
    fn metrics(&self) -> Metrics {
        self.verifier.metrics()
    }
}

impl<G: Group> RandomizedConstraintSystem<G::Scalar> for RandomizingVerifier<G> {
    fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar {
        self.verifier.transcript.challenge_scalar::<G>(label)
    }
}

#[cfg(test)]
mod tests {
    //! Frozen-Heart check: every public input of a circuit statement (the
    //! label, each commitment, each constraint's constants, each phase's
    //! size) and every proof element reaches the challenges.
    use super::*;
    use crate::circuit::Prover;
    use crate::group::Ristretto255;
    use rand::SeedableRng;
    use std::cell::Cell;
    use std::rc::Rc;

    type G = Ristretto255;
    type S = <G as Group>::Scalar;
    type C = <G as Group>::Compressed;

    fn s(v: u64) -> S {
        S::from_u64(v)
    }

    /// The public parameters of the test circuit.
    #[derive(Clone, Copy)]
    struct Stmt {
        c: u64,
        d: u64,
        extra: bool,
        k: u64,
    }

    const BASE: Stmt = Stmt { c: 15, d: 8, extra: false, k: 0 };

    /// a·b = c, a + b = d, an unconstrained b·1, and in the second phase
    /// (a + r)·b = c + r·b for a challenge r; `extra` adds one more
    /// first-phase multiplier (3 or 4 gates: both pad to 4); `k ≠ 0` changes
    /// only a second-phase constant (the proof then cannot verify, but the
    /// challenges are what is compared).
    fn gadget<CS: RandomizableConstraintSystem<S>>(
        cs: &mut CS,
        a: Variable,
        b: Variable,
        st: Stmt,
        drawn: Rc<Cell<S>>,
    ) {
        let Stmt { c, d, extra, k } = st;
        let (_, _, o) = cs.multiply(a.into(), b.into());
        cs.constrain(o.minus(s(c)));
        cs.constrain(a.plus(b) - s(d));
        cs.multiply(b.into(), LinearCombination::from(s(1)));
        if extra {
            cs.multiply(a.into(), LinearCombination::from(s(1)));
        }
        cs.specify_randomized_constraints(move |cs| {
            let r = cs.challenge_scalar(b"r");
            drawn.set(r);
            let (_, _, o) = cs.multiply(a.plus(r), b.into());
            cs.constrain(o.minus(s(c)) - b.times(r) - s(k));
            Ok(())
        })
        .unwrap();
    }

    fn challenges(proof: &R1csProof<G>, label: &'static [u8], v: &[C], st: Stmt) -> Vec<S> {
        let bp = BulletproofGens::<G>::new(8, 1);
        let mut verifier = Verifier::<G>::new(Transcript::new(label));
        let vars: Vec<_> = v.iter().map(|c| verifier.commit(*c)).collect();
        let drawn = Rc::new(Cell::new(S::zero()));
        gadget(&mut verifier, vars[0], vars[1], st, drawn.clone());
        let r = verifier.replay(proof, &bp).unwrap();
        [drawn.get(), r.y, r.z, r.u, r.x, r.w].into_iter().chain(r.u_k).collect()
    }

    fn mutated(bytes: &[u8], offset: usize, point: bool) -> Vec<u8> {
        let mut b = bytes.to_vec();
        let field = &mut b[offset..offset + 32];
        let replacement = if point {
            let p = G::decompress(&G::compressed_from_slice(field).unwrap()).unwrap();
            G::compress(&(p + G::basepoint())).to_bytes()
        } else {
            (<S as ScalarOps>::from_canonical_bytes(&field.try_into().unwrap()).unwrap() + S::one()).to_bytes()
        };
        field.copy_from_slice(&replacement);
        b
    }

    #[test]
    fn every_public_input_changes_every_challenge() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let gens = Generators::<G>::new(8, 1);
        let mut prover = Prover::<G>::new(&gens, Transcript::new(b"fh"));
        let (ca, a) = prover.commit(s(3), <S as ScalarOps>::random(&mut rng));
        let (cb, b) = prover.commit(s(5), <S as ScalarOps>::random(&mut rng));
        gadget(&mut prover, a, b, BASE, Rc::default());
        let proof = prover.prove_with_rng(&mut rng).unwrap();
        let v = [ca, cb];
        let mut verifier = Verifier::<G>::new(Transcript::new(b"fh"));
        let (va, vb) = (verifier.commit(ca), verifier.commit(cb));
        gadget(&mut verifier, va, vb, BASE, Rc::default());
        verifier.verify_with_rng(&gens, &proof, &mut rng).unwrap();
        let base = challenges(&proof, b"fh", &v, BASE);
        // The gadget's r, then y, z, u, x, w, u_1, u_2.
        assert_eq!(base.len(), 1 + 5 + 2);
        let differs = |other: Vec<S>, what: &str| {
            for (k, (x, y)) in base.iter().zip(&other).enumerate() {
                assert_ne!(x, y, "changing {what} left challenge #{k} unchanged");
            }
        };
        differs(challenges(&proof, b"fh2", &v, BASE), "the label");
        differs(challenges(&proof, b"fh", &v, Stmt { c: 16, ..BASE }), "a first-phase constant");
        differs(challenges(&proof, b"fh", &v, Stmt { d: 9, ..BASE }), "a first-phase constant");
        // A second-phase constant: the gadget's r is drawn before it exists;
        // every later challenge changes.
        let other = challenges(&proof, b"fh", &v, Stmt { k: 1, ..BASE });
        assert_eq!(base[0], other[0]);
        for k in 1..base.len() {
            assert_ne!(base[k], other[k], "a second-phase constant left challenge #{k} unchanged");
        }
        // One more multiplier keeps the padded size.
        differs(challenges(&proof, b"fh", &v, Stmt { extra: true, ..BASE }), "the number of multipliers");
        for j in 0..2 {
            let mut other = v;
            other[j] = G::compress(&(G::decompress(&other[j]).unwrap() + gens.pedersen().b));
            differs(challenges(&proof, b"fh", &other, BASE), "a commitment");
        }
        differs(challenges(&proof, b"fh", &[v[1], v[0]], BASE), "the commitments' order");
        // Every proof point and scalar feeds the later challenges. Layout:
        // A_I1 A_O1 S1 A_I2 A_O2 S2 T1 T3 T4 T5 T6 | t_x t̃_x ẽ | L1 R1 L2 R2 | a b.
        let bytes = proof.to_bytes();
        assert_eq!(bytes.len(), 32 * (11 + 3 + 4 + 2));
        let first_affected = |field: usize| match field {
            0..=2 => 0,   // A_I1, A_O1, S1: the gadget's r onwards
            3..=5 => 1,   // A_I2, A_O2, S2: y onwards
            6..=10 => 3,  // u onwards
            11..=13 => 5, // w onwards
            14 | 15 => 6, // u_1 onwards
            16 | 17 => 7, // u_2
            _ => 8,       // a, b come after every challenge
        };
        for field in 0..20 {
            let point = field <= 10 || (14..=17).contains(&field);
            let p = R1csProof::<G>::from_bytes(&mutated(&bytes, 32 * field, point)).unwrap();
            let other = challenges(&p, b"fh", &v, BASE);
            let k0 = first_affected(field);
            assert_eq!(&base[..k0], &other[..k0], "field {field} changed an earlier challenge");
            for k in k0..base.len() {
                assert_ne!(base[k], other[k], "field {field}: challenge #{k} unchanged");
            }
        }
    }
}
