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
use super::proof::{t_points, Layout, R1csProof, MAX_VECTOR_COMMITMENTS, MAX_VECTOR_LEN};
use crate::encoding::decode_point;
use crate::equation::Equation;
use crate::errors::ProofError;
use crate::generators::BulletproofGens;
use crate::generators::Generators;
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};
use crate::transcript::{TranscriptProtocol, R1CS_T_LABELS};

pub(crate) use super::prepared::FrozenSystem;
use super::prepared::PreparedSystem;

type Deferred<G> = Box<dyn FnOnce(&mut RandomizingVerifier<G>) -> Result<(), ProofError>>;

/// Builds the constraint system from public data and checks a proof of it.
pub struct Verifier<G: Group> {
    transcript: Transcript,
    commitments: Vec<G::Compressed>,
    /// Vector commitments `C_j` with their lengths `L_j`, in order.
    vector_commitments: Vec<(G::Compressed, usize)>,
    /// Constraints built once and shared (a prepared circuit), before
    /// `constraints`.
    base: Option<Arc<FrozenSystem<G::Scalar>>>,
    constraints: Matrix<G::Scalar>,
    hasher: ConstraintHasher,
    num_vars: usize,
    phase_one_constraints: Option<usize>,
    deferred: Vec<Deferred<G>>,
    pending_multiplier: Option<usize>,
    /// A value commitment was taken after a vector commitment (such a
    /// system is not prepared: a resumed verifier takes values first).
    values_after_vectors: bool,
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
    c_points: Vec<G::Point>,
    layout: Layout,
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
            vector_commitments: Vec::new(),
            base: None,
            constraints: Matrix::default(),
            hasher: ConstraintHasher::default(),
            num_vars: 0,
            phase_one_constraints: None,
            deferred: Vec::new(),
            pending_multiplier: None,
            values_after_vectors: false,
        }
    }

    /// Take a high-level commitment (in the prover's order); returns the
    /// variable standing for its value. An invalid encoding makes
    /// verification fail with [`ProofError::InvalidCommitment`].
    pub fn commit(&mut self, commitment: G::Compressed) -> Variable {
        let i = self.commitments.len();
        self.values_after_vectors |= !self.vector_commitments.is_empty();
        self.transcript.append_point::<G>(b"V", &commitment);
        self.commitments.push(commitment);
        Variable::Committed(i)
    }

    /// Take a vector commitment `C` of `len` entries (in the prover's
    /// order among the commitments, see
    /// [`Prover::commit_vec`](super::Prover::commit_vec)); returns a
    /// variable per entry. Both come from the verifier's statement, never
    /// from the proof: the lengths set the verifier's work (its first
    /// phase is padded to the longest), so they must be the application's,
    /// not a submitter's. An invalid encoding makes verification fail with
    /// [`ProofError::InvalidVectorCommitment`]; an empty vector, lengths
    /// past [`MAX_VECTOR_LEN`] in all, one vector commitment too many, and
    /// vector commitments on a verifier resumed from a
    /// [`PreparedSystem`] are refused here.
    pub fn commit_vec(&mut self, commitment: G::Compressed, len: usize) -> Result<Vec<Variable>, ProofError> {
        let index = self.vector_commitments.len();
        if self.base.is_some() {
            return Err(ProofError::Gadget { message: "a prepared system takes no vector commitments".into() });
        }
        if index >= MAX_VECTOR_COMMITMENTS {
            return Err(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS });
        }
        let offset: usize = self.vector_commitments.iter().map(|(_, l)| l).sum();
        let max = MAX_VECTOR_LEN.saturating_sub(offset);
        if len == 0 || len > max {
            return Err(ProofError::InvalidVectorLength { index, len, max });
        }
        self.transcript.r1cs_vector_commitment::<G>(len as u64, &commitment);
        self.vector_commitments.push((commitment, len));
        Ok((offset..offset + len).map(Variable::VectorCommitted).collect())
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
        if self.values_after_vectors {
            return Err(ProofError::Gadget {
                message: "a system with a value commitment after a vector commitment cannot be prepared".into(),
            });
        }
        if !self.deferred.is_empty() || self.base.is_some() {
            return Err(ProofError::Gadget { message: "only a plain first-phase system can be prepared".into() });
        }
        let entries = self.vector_commitments.iter().map(|(_, len)| len).sum();
        if !self.constraints.check_variables(self.num_vars, self.commitments.len(), entries) {
            return Err(ProofError::Gadget { message: "a prepared system names a variable it does not have".into() });
        }
        Ok(FrozenSystem {
            constraints: self.constraints,
            hasher: self.hasher,
            num_vars: self.num_vars,
            pending_multiplier: self.pending_multiplier,
            commitments: self.commitments.len(),
            vector_lens: self.vector_commitments.iter().map(|(_, len)| *len).collect(),
        })
    }

    /// Build the statement's constraints once for many proofs: everything
    /// this verifier holds becomes a [`PreparedSystem`], from which each
    /// proof's verifier starts ([`PreparedSystem::verifier`]) with its own
    /// transcript and commitments, adding only what differs per statement
    /// (rows with public constants). See [`PreparedSystem`].
    pub fn prepare(self) -> Result<PreparedSystem<G>, ProofError> {
        if !self.vector_commitments.is_empty() {
            return Err(ProofError::Gadget { message: "a system with vector commitments cannot be prepared".into() });
        }
        Ok(PreparedSystem::new(self.freeze()?))
    }

    /// [`prepare`](Self::prepare) a system that may hold vector
    /// commitments (after its high-level ones), for the crate's own
    /// statements: its verifiers take them through
    /// `PreparedSystem::verifier_with_vectors`.
    pub(crate) fn prepare_with_vectors(self) -> Result<PreparedSystem<G>, ProofError> {
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
        vectors: &[G::Compressed],
    ) -> Result<Self, ProofError> {
        if commitments.len() != base.commitments {
            return Err(ProofError::WrongNumCommitments { expected: base.commitments, got: commitments.len() });
        }
        if vectors.len() != base.vector_lens.len() {
            return Err(ProofError::Gadget {
                message: alloc::format!(
                    "{} vector commitments for a prepared system of {}",
                    vectors.len(),
                    base.vector_lens.len()
                ),
            });
        }
        let mut verifier = Verifier::new(transcript);
        for c in commitments {
            verifier.commit(*c);
        }
        for (c, len) in vectors.iter().zip(&base.vector_lens) {
            verifier.commit_vec(*c, *len)?;
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
        let c_points = self
            .vector_commitments
            .iter()
            .enumerate()
            .map(|(index, (c, _))| {
                decode_point::<G>(G::compressed_bytes(c))
                    .map(|p| p.point)
                    .ok_or(ProofError::InvalidVectorCommitment { index })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let layout = Layout { n_c: self.vector_commitments.len() };
        // The prover pads the first phase to the longest vector.
        let longest = self.vector_commitments.iter().map(|(_, len)| *len).max().unwrap_or(0);
        self.num_vars = self.num_vars.max(longest);
        let n1 = self.num_vars;
        let digest1 = self.hasher.digest();
        self.transcript.r1cs_statement(m as u64, layout.n_c as u64, n1 as u64, &digest1);
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
        // The number of T points is the statement's (its n_c), never the
        // proof's.
        if proof.t.len() != t_points(layout.n_c) {
            let rounds = proof.ipp.rounds();
            return Err(ProofError::WrongLength {
                expected: R1csProof::<G>::encoded_len_with(rounds, proof.has_phase_two(), layout.n_c),
                got: R1csProof::<G>::encoded_len_with(rounds, proof.has_phase_two(), proof.vector_commitments()),
            });
        }
        for (i, p) in layout.t_powers().zip(&proof.t) {
            let label = R1CS_T_LABELS
                .get(i)
                .copied()
                .ok_or(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS })?;
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
                expected: R1csProof::<G>::encoded_len_with(padded_n.trailing_zeros() as usize, n2 > 0, layout.n_c),
                got: R1csProof::<G>::encoded_len_with(proof.ipp.rounds(), proof.has_phase_two(), layout.n_c),
            });
        }
        let u_k = proof.ipp.challenges(padded_n, t)?;
        Ok(Replay { verifier: this, v_points, c_points, layout, n, n1, m, padded_n, y, z, u, x, w, u_k })
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
        // The statement fixes the shape: a proof decoded without knowing it
        // (serde, `from_bytes`) is read again under the statement's n_c.
        let n_c = self.vector_commitments.len();
        let reread;
        let proof = if proof.t.len() != t_points(n_c) {
            match R1csProof::<G>::from_bytes_with(&proof.to_bytes(), n_c) {
                Ok(p) => {
                    reread = p;
                    &reread
                }
                Err(_) => proof,
            }
        } else {
            proof
        };
        let Replay { verifier: this, v_points, c_points, layout, n, n1, m, padded_n, y, z, u, x, w, u_k } =
            self.replay_against(proof, bp_gens)?;

        let base = this.base.as_deref().map(|b| &b.constraints);
        let lens: Vec<usize> = this.vector_commitments.iter().map(|(_, len)| *len).collect();
        let entries = lens.iter().sum();
        if !(this.constraints.check_variables(n, m, entries) && base.is_none_or(|b| b.check_variables(n, m, entries))) {
            return Err(ProofError::InvalidVariable);
        }
        let parts: Vec<&Matrix<G::Scalar>> = base.into_iter().chain([&this.constraints]).collect();
        let Flattened { w_l, w_r, w_o, w_v, w_cv, w_c } = flatten(&parts, z, n, m, entries);

        let mut inverses = u_k.clone();
        inverses.push(y);
        G::Scalar::batch_invert_vartime(&mut inverses);
        let y_inv = inverses.pop().unwrap_or_default();
        let u_inv = inverses;
        let (a, b) = (proof.ipp.a, proof.ipp.b);
        let r = combine;
        let one = G::Scalar::one();
        let (d, k_w) = (layout.d(), layout.wires());
        let xs: Vec<G::Scalar> = crate::poly::powers(x).take(layout.degree() + 1).collect();
        // Every power used is at most the degree (a power past it would be
        // a bug that drops a term: refuse rather than weigh it by zero).
        let x_at = |i: usize| xs.get(i).copied().ok_or(ProofError::VerificationFailed);
        let (x_w, x_d, x_s) = (x_at(k_w)?, x_at(d)?, x_at(d + 1)?);

        // The vector commitments' weights on H_k, before y^{−k}:
        // Σ_j x^j·w_{C,j,k} (entry k of C_j sits at gate k, k < L_j ≤ n1).
        let f = |s: &G::Scalar| s.to_fast();
        let mut h_vector = Vec::new();
        let mut offset = 0;
        for (j, len) in lens.iter().enumerate() {
            let weights = w_cv.get(offset..offset + len).unwrap_or(&[]);
            h_vector.resize(h_vector.len().max(*len), <G::Scalar as Montgomery>::Fast::default());
            let x_j = f(&x_at(j + 1)?);
            for (slot, w_k) in h_vector.iter_mut().zip(weights) {
                *slot += x_j * *w_k;
            }
            offset += len;
        }

        // The per-gate scalars, in Montgomery form (crate::group::fast), with
        // x_w = x^{n_c+1}:
        //   G_i: w·(x_w·y^{−i}·w_R,i − a·s_i),
        //   H_i: w·(y^{−i}·(x_w·w_L,i + w_O,i + Σ_j x^j·w_{C,j,i} − b·s⁻¹_i) − 1),
        // w = weight (times u for second-phase and padding gates), and
        // δ = Σ y^{−i}·w_R,i·w_L,i.
        let s = crate::inner_product::s_vector_fast::<G::Scalar>(&u_k, &u_inv);
        let (fa, fb, fx1, fone) = (f(&a), f(&b), f(&x_w), G::Scalar::fast_one());
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
                    let h_public = match h_vector.get(i) {
                        Some(c) => fx1 * *wl + *wo + *c,
                        None => fx1 * *wl + *wo,
                    };
                    (fx1 * yneg_wr - fa * s_i, y_inv_i * (h_public - fb * s_inv_i) - fone)
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
        acc.add_b(weight * (w * (proof.t_x - a * b) + r * (x_d * (w_c + delta) - proof.t_x)));
        acc.add_b_blinding(weight * (-proof.e_blinding - r * proof.t_x_blinding));
        acc.add_point(weight * x_w, proof.a_i1.point);
        acc.add_point(weight * x_d, proof.a_o1.point);
        acc.add_point(weight * x_s, proof.s1.point);
        if let Some([a_i2, a_o2, s2]) = &proof.phase2 {
            acc.add_point(weight_u * x_w, a_i2.point);
            acc.add_point(weight_u * x_d, a_o2.point);
            acc.add_point(weight_u * x_s, s2.point);
        }
        // Each C_j at its own power x^{D−j}, never scaled by u.
        for (j, c) in c_points.into_iter().enumerate() {
            acc.add_point(weight * x_at(layout.vector(j))?, c);
        }
        let rxd = weight * r * x_d;
        for (v, wv) in v_points.into_iter().zip(&w_v) {
            acc.add_point(rxd * *wv, v);
        }
        for (p, i) in proof.t.iter().zip(layout.t_powers()) {
            acc.add_point(weight * r * x_at(i)?, p.point);
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

impl<G: Group> R1csClaim<G> {
    /// A claim of an equation already replayed (weight 1, its own checks
    /// joined), or of a replay that failed.
    pub(crate) fn from_equation(equation: Result<Equation<G>, ProofError>) -> Self {
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

    /// A statement with vector commitments `(C_j, L_j)` and one `V`, taken
    /// just before `C_{v_at}` (after all of them if `v_at` is past the end).
    #[derive(Clone)]
    struct VcStmt {
        v: C,
        c: Vec<(C, usize)>,
        v_at: usize,
    }

    /// `v = c_{1,0} + c_{2,0}`, `c_{1,0}·c_{2,0} = 21`, and four gates more
    /// (five first-phase gates: every length below stays under them, so the
    /// padded size does not change).
    fn vc_gadget<CS: ConstraintSystem<S>>(cs: &mut CS, v: Variable, vectors: &[Vec<Variable>]) {
        let (c1, c2) = (vectors[0][0], vectors[1][0]);
        cs.constrain(v.minus(c1) - c2);
        let (_, _, o) = cs.multiply(c1.into(), c2.into());
        cs.constrain(o.minus(s(21)));
        for _ in 0..4 {
            cs.multiply(c1.into(), LinearCombination::from(s(1)));
        }
    }

    fn vc_verifier(st: &VcStmt) -> Verifier<G> {
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        let mut vectors = Vec::new();
        let mut v = None;
        for (k, (c, len)) in st.c.iter().enumerate() {
            if k == st.v_at {
                v = Some(verifier.commit(st.v));
            }
            vectors.push(verifier.commit_vec(*c, *len).unwrap());
        }
        let v = v.unwrap_or_else(|| verifier.commit(st.v));
        vc_gadget(&mut verifier, v, &vectors);
        verifier
    }

    fn vc_challenges(proof: &R1csProof<G>, st: &VcStmt) -> Result<Vec<S>, ProofError> {
        let bp = BulletproofGens::<G>::new(8, 1);
        let r = vc_verifier(st).replay(proof, &bp)?;
        Ok([r.y, r.z, r.u, r.x, r.w].into_iter().chain(r.u_k).collect())
    }

    /// Frozen-Heart check for vector commitments: each `C_j`, each length
    /// `L_j`, their number, their order and their place among the `V`s
    /// reach every challenge; each `T_i` reaches every later one.
    #[test]
    fn every_vector_input_changes_every_challenge() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4);
        let gens = Generators::<G>::new(8, 1);
        let mut prover = Prover::<G>::new(&gens, Transcript::new(b"vc"));
        let (v, var) = prover.commit(s(10), <S as ScalarOps>::random(&mut rng));
        let (c1, vars1) = prover.commit_vec(&[s(3), s(4), s(5)], <S as ScalarOps>::random(&mut rng)).unwrap();
        let (c2, vars2) = prover.commit_vec(&[s(7), s(8)], <S as ScalarOps>::random(&mut rng)).unwrap();
        vc_gadget(&mut prover, var, &[vars1, vars2]);
        let proof = prover.prove_with_rng(&mut rng).unwrap();
        let st = VcStmt { v, c: vec![(c1, 3), (c2, 2)], v_at: 0 };
        vc_verifier(&st).verify_with_rng(&gens, &proof, &mut rng).unwrap();
        let bytes = proof.to_bytes();
        assert_eq!(R1csProof::<G>::from_bytes_with(&bytes, 2).unwrap(), proof);
        let base = vc_challenges(&proof, &st).unwrap();
        let differs = |other: &VcStmt, what: &str| {
            let other = vc_challenges(&proof, other).unwrap();
            for (k, (x, y)) in base.iter().zip(&other).enumerate() {
                assert_ne!(x, y, "changing {what} left challenge #{k} unchanged");
            }
        };
        let bump = |c: C| G::compress(&(G::decompress(&c).unwrap() + gens.pedersen().b));
        for j in 0..2 {
            let mut other = st.clone();
            other.c[j].0 = bump(other.c[j].0);
            differs(&other, "a vector commitment");
            for len in [st.c[j].1 - 1, st.c[j].1 + 1] {
                let mut other = st.clone();
                other.c[j].1 = len;
                differs(&other, "a vector commitment's length");
            }
        }
        let mut swapped = st.clone();
        swapped.c.swap(0, 1);
        swapped.c.iter_mut().for_each(|c| c.1 = 3);
        let mut same_lengths = st.clone();
        same_lengths.c[1].1 = 3;
        let swapped_challenges = vc_challenges(&proof, &swapped).unwrap();
        let same_challenges = vc_challenges(&proof, &same_lengths).unwrap();
        for (k, (x, y)) in same_challenges.iter().zip(&swapped_challenges).enumerate() {
            assert_ne!(x, y, "swapping the vector commitments left challenge #{k} unchanged");
        }
        for v_at in [1, 2] {
            differs(&VcStmt { v_at, ..st.clone() }, "the place of V among the vector commitments");
        }
        // Another number of vector commitments: the statement's count of
        // T points no longer matches the proof.
        let mut more = st.clone();
        more.c.push((c1, 1));
        let expected = R1csProof::<G>::encoded_len_with(3, false, 3);
        let got = R1csProof::<G>::encoded_len_with(3, false, 2);
        assert_eq!(vc_challenges(&proof, &more), Err(ProofError::WrongLength { expected, got }));
        // Every T_i feeds u onwards (a, b: fields after the 11 T points,
        // 3 scalars and 3 rounds).
        let t_fields = 3..3 + 11;
        for field in t_fields {
            let mut b = bytes.clone();
            let f = &mut b[32 * field..32 * field + 32];
            let p = G::decompress(&G::compressed_from_slice(f).unwrap()).unwrap();
            f.copy_from_slice(&G::compress(&(p + G::basepoint())).to_bytes());
            let p = R1csProof::<G>::from_bytes_with(&b, 2).unwrap();
            let other = vc_challenges(&p, &st).unwrap();
            assert_eq!(&base[..2], &other[..2], "T field {field} changed y or z");
            for k in 2..base.len() {
                assert_ne!(base[k], other[k], "T field {field}: challenge #{k} unchanged");
            }
        }
    }

    /// The limits of vector commitments, on both sides, and entries that
    /// no vector commitment holds.
    #[test]
    fn vector_commitments_are_bounded() {
        use crate::circuit::{MAX_VECTOR_COMMITMENTS, MAX_VECTOR_LEN};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(6);
        let gens = Generators::<G>::new(8, 1);
        let mut prover = Prover::<G>::new(&gens, Transcript::new(b"vc"));
        let empty = ProofError::InvalidVectorLength { index: 0, len: 0, max: MAX_VECTOR_LEN };
        assert_eq!(prover.commit_vec(&[], S::one()).unwrap_err(), empty);
        let too_long = vec![S::one(); 9];
        let short = ProofError::InsufficientGenerators { parties_needed: 1, per_party_needed: 9 };
        assert_eq!(prover.commit_vec(&too_long, S::one()).unwrap_err(), short);
        for _ in 0..MAX_VECTOR_COMMITMENTS {
            prover.commit_vec(&[s(1)], <S as ScalarOps>::random(&mut rng)).unwrap();
        }
        let many = ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS };
        assert_eq!(prover.commit_vec(&[s(1)], S::one()).unwrap_err(), many);
        assert_eq!(prover.vector_commitments().len(), MAX_VECTOR_COMMITMENTS);

        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        let c = G::compress(&G::basepoint());
        assert_eq!(verifier.commit_vec(c, 0).unwrap_err(), empty);
        let huge = ProofError::InvalidVectorLength { index: 0, len: MAX_VECTOR_LEN + 1, max: MAX_VECTOR_LEN };
        assert_eq!(verifier.commit_vec(c, MAX_VECTOR_LEN + 1).unwrap_err(), huge);
        for _ in 0..MAX_VECTOR_COMMITMENTS {
            verifier.commit_vec(c, 1).unwrap();
        }
        assert_eq!(verifier.commit_vec(c, 1).unwrap_err(), many);

        // An entry past the vector commitments' (here: there are none).
        let mut prover = Prover::<G>::new(&gens, Transcript::new(b"vc"));
        prover.multiply(Variable::VectorCommitted(0).into(), LinearCombination::from(s(1)));
        assert_eq!(prover.prove_with_rng(&mut rng).unwrap_err(), ProofError::InvalidVariable);
        let mut prover = Prover::<G>::new(&gens, Transcript::new(b"vc"));
        let (c, vars) = prover.commit_vec(&[s(2)], <S as ScalarOps>::random(&mut rng)).unwrap();
        prover.constrain(vars[0].minus(s(2)));
        let proof = prover.prove_with_rng(&mut rng).unwrap();
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        let vars = verifier.commit_vec(c, 1).unwrap();
        verifier.constrain(vars[0].minus(s(2)) + Variable::VectorCommitted(1));
        assert_eq!(verifier.verify_with_rng(&gens, &proof, &mut rng).unwrap_err(), ProofError::InvalidVariable);
        // The same proof, its statement right: a lone vector entry, no
        // gates of its own (the first phase is padded to one gate).
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        let vars = verifier.commit_vec(c, 1).unwrap();
        verifier.constrain(vars[0].minus(s(2)));
        verifier.verify_with_rng(&gens, &proof, &mut rng).unwrap();
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        let vars = verifier.commit_vec(c, 1).unwrap();
        verifier.constrain(vars[0].minus(s(3)));
        assert_eq!(verifier.verify_with_rng(&gens, &proof, &mut rng).unwrap_err(), ProofError::VerificationFailed);
        // A system with vector commitments is prepared only by the crate
        // (the public `prepare` refuses it, and the public `verifier` of
        // one takes none); it takes them when resumed, not after; it names
        // no entry it does not have.
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        let vars = verifier.commit_vec(c, 1).unwrap();
        let prepared = verifier.prepare_with_vectors().unwrap();
        assert!(matches!(prepared.verifier(Transcript::new(b"vc"), &[]), Err(ProofError::Gadget { .. })));
        for (value, expected) in [(2, Ok(())), (3, Err(ProofError::VerificationFailed))] {
            let mut resumed = prepared.verifier_with_vectors(Transcript::new(b"vc"), &[], &[c]).unwrap();
            resumed.constrain(vars[0].minus(s(value)));
            assert_eq!(resumed.verify_with_rng(&gens, &proof, &mut rng), expected);
        }
        assert!(prepared.verifier_with_vectors(Transcript::new(b"vc"), &[], &[c, c]).is_err());
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        verifier.commit_vec(c, 1).unwrap();
        assert!(matches!(verifier.prepare(), Err(ProofError::Gadget { .. })));
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        verifier.constrain(Variable::VectorCommitted(0).minus(s(2)));
        assert!(matches!(verifier.prepare(), Err(ProofError::Gadget { .. })));
        let mut verifier = Verifier::<G>::new(Transcript::new(b"vc"));
        verifier.multiply(s(1).into(), s(1).into());
        let mut resumed = verifier.prepare().unwrap().verifier(Transcript::new(b"vc"), &[]).unwrap();
        assert!(matches!(resumed.commit_vec(c, 1), Err(ProofError::Gadget { .. })));
    }

    /// `v = Σ_j (j + 1)·c_{j,last}`, a gate `c_{j,0}·1` per vector and,
    /// with `phase_two`, a second-phase gate `(c_{0,0} + r)·1` for a
    /// challenge `r`.
    fn count_gadget<CS: RandomizableConstraintSystem<S>>(
        cs: &mut CS,
        v: Variable,
        vectors: &[Vec<Variable>],
        phase_two: bool,
        k: u64,
    ) {
        let mut sum = LinearCombination::from(v).times(-s(1)) + s(k);
        for (j, c) in vectors.iter().enumerate() {
            sum = sum + c.last().unwrap().times(s(j as u64 + 1));
            let (_, _, o) = cs.multiply(c[0].into(), LinearCombination::from(s(1)));
            cs.constrain(o.minus(c[0]));
        }
        cs.constrain(sum);
        if let (true, Some(c0)) = (phase_two, vectors.first()) {
            let c00 = c0[0];
            cs.specify_randomized_constraints(move |cs| {
                let r = cs.challenge_scalar(b"r");
                let (_, _, o) = cs.multiply(c00.plus(r), LinearCombination::from(s(1)));
                cs.constrain(o.minus(c00) - r);
                Ok(())
            })
            .unwrap();
        }
    }

    /// Honest proofs over 1, 3 and 16 vector commitments (the last uses
    /// the top `T` labels), with vectors longer than the first phase (so
    /// both sides pad it) and a second phase; each refused under a changed
    /// constant, another count of vector commitments, and read back from
    /// the bytes alone (`from_bytes`, as serde does) where they decode.
    #[test]
    fn vector_commitments_of_every_count() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let gens = Generators::<G>::new(64, 1);
        for (n_c, base_len, phase_two) in [(1, 5, false), (1, 5, true), (3, 6, true), (16, 1, false), (16, 3, true)] {
            let lens: Vec<usize> = (0..n_c).map(|j| base_len + j % 3).collect();
            let values: Vec<Vec<S>> =
                lens.iter().map(|len| (0..*len).map(|_| <S as ScalarOps>::random(&mut rng)).collect()).collect();
            let v: S = values.iter().enumerate().map(|(j, c)| *c.last().unwrap() * s(j as u64 + 1)).sum();
            let mut prover = Prover::<G>::new(&gens, Transcript::new(b"count"));
            let (cv, var) = prover.commit(v, <S as ScalarOps>::random(&mut rng));
            let mut vectors = Vec::new();
            let mut points = Vec::new();
            for c in &values {
                let (point, vars) = prover.commit_vec(c, <S as ScalarOps>::random(&mut rng)).unwrap();
                vectors.push(vars);
                points.push(point);
            }
            count_gadget(&mut prover, var, &vectors, phase_two, 0);
            let proof = prover.prove_with_rng(&mut rng).unwrap();
            assert_eq!(proof.has_phase_two(), phase_two);
            assert_eq!(proof.vector_commitments(), n_c);
            let verify = |proof: &R1csProof<G>, n_c: usize, k: u64| {
                let mut verifier = Verifier::<G>::new(Transcript::new(b"count"));
                let var = verifier.commit(cv);
                let vectors: Vec<_> =
                    points.iter().zip(&lens).take(n_c).map(|(p, len)| verifier.commit_vec(*p, *len).unwrap()).collect();
                count_gadget(&mut verifier, var, &vectors, phase_two, k);
                verifier.verify_with_rng(&gens, proof, &mut rand_chacha::ChaCha20Rng::seed_from_u64(8))
            };
            verify(&proof, n_c, 0).unwrap_or_else(|e| panic!("n_c = {n_c}: {e:?}"));
            assert_eq!(verify(&proof, n_c, 1), Err(ProofError::VerificationFailed), "n_c = {n_c}");
            let fewer = verify(&proof, n_c - 1, 0).unwrap_err();
            // Refused by the shape: the T count, or (read again under the
            // smaller count) the phases.
            assert!(
                matches!(fewer, ProofError::WrongLength { .. } | ProofError::PhaseMismatch),
                "n_c = {n_c}: {fewer:?}"
            );
            let bytes = proof.to_bytes();
            assert_eq!(R1csProof::<G>::from_bytes_with(&bytes, n_c).unwrap(), proof);
            if let Ok(blind) = R1csProof::<G>::from_bytes(&bytes) {
                verify(&blind, n_c, 0).unwrap_or_else(|e| panic!("n_c = {n_c}, read without it: {e:?}"));
            }
        }
        // An n_c = 1 proof without a second phase has the length of an
        // n_c = 0 proof with one: read blind, it still verifies.
        let mut prover = Prover::<G>::new(&gens, Transcript::new(b"count"));
        let (cv, var) = prover.commit(s(4), S::one());
        let (c, vars) = prover.commit_vec(&[s(4)], <S as ScalarOps>::random(&mut rng)).unwrap();
        count_gadget(&mut prover, var, &[vars], false, 0);
        let proof = prover.prove_with_rng(&mut rng).unwrap();
        let blind = R1csProof::<G>::from_bytes(&proof.to_bytes()).unwrap();
        assert!(blind.has_phase_two() && blind.vector_commitments() == 0);
        let mut verifier = Verifier::<G>::new(Transcript::new(b"count"));
        let var = verifier.commit(cv);
        let vars = verifier.commit_vec(c, 1).unwrap();
        count_gadget(&mut verifier, var, &[vars], false, 0);
        verifier.verify_with_rng(&gens, &blind, &mut rng).unwrap();
        assert_eq!(
            R1csProof::<G>::from_bytes_with(&proof.to_bytes(), MAX_VECTOR_COMMITMENTS + 1).unwrap_err(),
            ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS }
        );
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
