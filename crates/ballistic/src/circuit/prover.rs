//! The R1CS prover (see [`crate::circuit`] for the protocol).

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroizing;

use super::constraint_system::{
    ConstraintHasher, ConstraintSystem, Metrics, RandomizableConstraintSystem, RandomizedConstraintSystem,
};
use super::linear::{LinearCombination, Variable};
use super::matrix::{flatten, Flattened, Matrix};
use super::proof::{Layout, R1csProof, MAX_VECTOR_COMMITMENTS, MAX_VECTOR_LEN};
use crate::ct::declassify;
use crate::encoding::ProofPoint;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::generators::PedersenGens;
use crate::group::{Group, ScalarOps};
use crate::inner_product::{InnerProductProof, IpaBases};
use crate::poly::{inner_product, powers};
use crate::transcript::{TranscriptProtocol, R1CS_T_LABELS};

type Deferred<G> = Box<dyn FnOnce(&mut RandomizingProver<G>) -> Result<(), ProofError>>;

/// The secret assignment: high-level values and blindings, multiplier wires.
struct Secrets<S: ScalarOps> {
    v: Zeroizing<Vec<S>>,
    v_blinding: Zeroizing<Vec<S>>,
    a_l: Zeroizing<Vec<S>>,
    a_r: Zeroizing<Vec<S>>,
    a_o: Zeroizing<Vec<S>>,
    /// The vector commitments' entries, concatenated in commit order.
    c: Zeroizing<Vec<S>>,
    /// Their blindings `κ_j`.
    c_blinding: Zeroizing<Vec<S>>,
}

impl<S: ScalarOps> Secrets<S> {
    fn empty() -> Self {
        Secrets {
            v: Zeroizing::new(Vec::new()),
            v_blinding: Zeroizing::new(Vec::new()),
            a_l: Zeroizing::new(Vec::new()),
            a_r: Zeroizing::new(Vec::new()),
            a_o: Zeroizing::new(Vec::new()),
            c: Zeroizing::new(Vec::new()),
            c_blinding: Zeroizing::new(Vec::new()),
        }
    }
}

/// Builds a constraint system with its assignment and proves it.
///
/// Every secret (committed values, blindings, wire values) is kept in
/// zeroizing storage and wiped when the prover is dropped; `Debug` prints
/// only the sizes.
pub struct Prover<G: Group> {
    transcript: Transcript,
    gens: Generators<G>,
    secrets: Secrets<G::Scalar>,
    commitments: Vec<G::Compressed>,
    /// Vector commitments `C_j` with their lengths `L_j`, in order.
    vector_commitments: Vec<(G::Compressed, usize)>,
    constraints: Matrix<G::Scalar>,
    hasher: ConstraintHasher,
    phase_one_constraints: Option<usize>,
    deferred: Vec<Deferred<G>>,
    pending_multiplier: Option<usize>,
    /// Public hint per multiplier: its three wires are bits.
    bits: Vec<bool>,
}

impl<G: Group> core::fmt::Debug for Prover<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Prover").field("metrics", &self.metrics()).finish_non_exhaustive()
    }
}

/// The prover in its second phase (inside a randomized gadget).
pub struct RandomizingProver<G: Group> {
    prover: Prover<G>,
}

impl<G: Group> Prover<G> {
    /// Start a proof. `transcript` carries the application's context (its
    /// label); the prover writes the R1CS domain separator, the group and
    /// the generator derivation into it.
    pub fn new(gens: &Generators<G>, mut transcript: Transcript) -> Self {
        transcript.r1cs_domain_sep::<G>();
        Prover {
            transcript,
            gens: gens.clone(),
            secrets: Secrets::empty(),
            commitments: Vec::new(),
            vector_commitments: Vec::new(),
            constraints: Matrix::default(),
            hasher: ConstraintHasher::default(),
            phase_one_constraints: None,
            deferred: Vec::new(),
            pending_multiplier: None,
            bits: Vec::new(),
        }
    }

    /// Commit to a high-level value `v` with blinding `γ`: `V = v·B + γ·B̃`
    /// (constant time), appended to the transcript. Returns `V` and the
    /// variable standing for `v`.
    pub fn commit(&mut self, v: G::Scalar, v_blinding: G::Scalar) -> (G::Compressed, Variable) {
        let i = self.secrets.v.len();
        push_secret(&mut self.secrets.v, v);
        push_secret(&mut self.secrets.v_blinding, v_blinding);
        let point = G::compress(&self.gens.commit(&v, &v_blinding));
        declassify(&point);
        self.transcript.append_point::<G>(b"V", &point);
        self.commitments.push(point);
        (point, Variable::Committed(i))
    }

    /// The commitments made so far.
    pub fn commitments(&self) -> &[G::Compressed] {
        &self.commitments
    }

    /// Commit to a vector of values `𝐜` with blinding `κ` in one point
    /// (Generalized Bulletproofs): `C = ⟨𝐜, (G_0, …, G_{L−1})⟩ + κ·B̃` over
    /// the circuit's own vector generators, in constant time, appended to
    /// the transcript with its length `L` (in call order among the
    /// commitments). Returns `C` and a variable per entry, which
    /// constraints use like any other.
    ///
    /// An accepted proof shows that `C` opens, in that basis, to entries
    /// satisfying the constraints *plus* a part the proof does not
    /// constrain (components on `G_k` for `k ≥ L` and on the `H_k`): it
    /// does not show that `C` has no such part (module documentation of
    /// [`crate::circuit`]). `κ` must be uniformly random for `C` to hide
    /// `𝐜`. The first phase is padded to `L` multipliers if it has fewer.
    ///
    /// Fails with [`ProofError::InvalidVectorLength`] for an empty vector
    /// or one that takes the statement's vector commitments past
    /// [`MAX_VECTOR_LEN`] entries in all, with
    /// [`ProofError::TooManyVectorCommitments`] past
    /// [`MAX_VECTOR_COMMITMENTS`], and with
    /// [`ProofError::InsufficientGenerators`] if the generators have fewer
    /// than `L`.
    pub fn commit_vec(
        &mut self,
        values: &[G::Scalar],
        blinding: G::Scalar,
    ) -> Result<(G::Compressed, Vec<Variable>), ProofError> {
        let index = self.vector_commitments.len();
        if index >= MAX_VECTOR_COMMITMENTS {
            return Err(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS });
        }
        let len = values.len();
        let max = MAX_VECTOR_LEN.saturating_sub(self.secrets.c.len());
        if len == 0 || len > max {
            return Err(ProofError::InvalidVectorLength { index, len, max });
        }
        let g_chain: &[G::Point] = self.gens.vector().g_chains().first().map_or(&[], Vec::as_slice);
        let g = g_chain
            .get(..len)
            .ok_or(ProofError::InsufficientGenerators { parties_needed: 1, per_party_needed: len })?;
        let point = commit_sum(self.gens.pedersen(), &blinding, &[(values, g)], None).compressed;
        self.transcript.r1cs_vector_commitment::<G>(len as u64, &point);
        self.vector_commitments.push((point, len));
        let offset = self.secrets.c.len();
        for v in values {
            push_secret(&mut self.secrets.c, *v);
        }
        push_secret(&mut self.secrets.c_blinding, blinding);
        Ok((point, (offset..offset + len).map(Variable::VectorCommitted).collect()))
    }

    /// The vector commitments made so far, with their lengths.
    pub fn vector_commitments(&self) -> &[(G::Compressed, usize)] {
        &self.vector_commitments
    }

    fn value(&self, v: Variable) -> G::Scalar {
        let s = &self.secrets;
        match v {
            Variable::Committed(i) => s.v.get(i).copied(),
            Variable::MultiplierLeft(i) => s.a_l.get(i).copied(),
            Variable::MultiplierRight(i) => s.a_r.get(i).copied(),
            Variable::MultiplierOutput(i) => s.a_o.get(i).copied(),
            Variable::VectorCommitted(i) => s.c.get(i).copied(),
            Variable::One => Some(G::Scalar::one()),
        }
        // Variables are only created by this prover, so every index exists;
        // a foreign one evaluates to 0 and fails the satisfiability check.
        .unwrap_or_default()
    }

    fn eval(&self, lc: &LinearCombination<G::Scalar>) -> G::Scalar {
        lc.eval(|v| self.value(v))
    }

    fn push_multiplier(&mut self, l: G::Scalar, r: G::Scalar) -> (Variable, Variable, Variable) {
        let i = self.secrets.a_l.len();
        push_secret(&mut self.secrets.a_l, l);
        push_secret(&mut self.secrets.a_r, r);
        push_secret(&mut self.secrets.a_o, l * r);
        self.bits.push(false);
        (Variable::MultiplierLeft(i), Variable::MultiplierRight(i), Variable::MultiplierOutput(i))
    }

    /// Prove with the OS RNG (`std` feature).
    #[cfg(feature = "std")]
    pub fn prove(self) -> Result<R1csProof<G>, ProofError> {
        self.prove_with_rng(&mut rand_core::OsRng)
    }

    /// Prove, drawing the blindings from `rng`. Fails with
    /// [`ProofError::Unsatisfied`] if the assignment does not satisfy every
    /// constraint (no proof is produced), and with
    /// [`ProofError::InsufficientGenerators`] if the generators given to
    /// [`Prover::new`] have fewer than `n` (padded) vector generators in
    /// their first chain.
    // Indexing: the prover's own wire, polynomial and generator vectors, all of length n (or padded_n ≥ n); n1 ≤ n.
    #[allow(clippy::indexing_slicing)]
    pub fn prove_with_rng<R: RngCore + CryptoRng>(mut self, rng: &mut R) -> Result<R1csProof<G>, ProofError> {
        let gens = self.gens.clone();
        let (bp_gens, pc_gens) = (gens.vector(), *gens.pedersen());
        let m = self.secrets.v.len();
        let layout = Layout { n_c: self.vector_commitments.len() };
        let lens: Vec<usize> = self.vector_commitments.iter().map(|(_, len)| *len).collect();
        // Vector entries sit at the first gates' positions, which must be
        // first-phase ones (never scaled by u): pad the first phase.
        let longest = lens.iter().copied().max().unwrap_or(0);
        while self.secrets.a_l.len() < longest {
            self.push_multiplier(G::Scalar::zero(), G::Scalar::zero());
        }
        let n1 = self.secrets.a_l.len();
        let phase1_digest = self.hasher.digest();
        self.transcript.r1cs_statement(m as u64, layout.n_c as u64, n1 as u64, &phase1_digest);
        // Refuse early (before any expensive work) if even the first phase
        // does not fit the generators.
        bp_gens.check_layout(n1.max(1), n1)?;

        // One chain holds a circuit's generators: borrowed, never copied.
        let g_chain: &[G::Point] = bp_gens.g_chains().first().map_or(&[], Vec::as_slice);
        let h_chain: &[G::Point] = bp_gens.h_chains().first().map_or(&[], Vec::as_slice);
        let (g1, h1) = (g_chain.get(..n1).unwrap_or(&[]), h_chain.get(..n1).unwrap_or(&[]));
        let first = commit_phase(
            &pc_gens,
            rng,
            Wires { left: &self.secrets.a_l, right: &self.secrets.a_r, out: &self.secrets.a_o, bits: &self.bits },
            g1,
            h1,
        );
        let ([a_i1, a_o1, s1], s_l1, s_r1, bl1) = (first.points, first.s_l, first.s_r, first.blindings);
        self.transcript.append_point::<G>(b"A_I1", &a_i1.compressed);
        self.transcript.append_point::<G>(b"A_O1", &a_o1.compressed);
        self.transcript.append_point::<G>(b"S1", &s1.compressed);

        // Second phase: randomized gadgets draw their challenges now.
        self.transcript.r1cs_phase_two_sep();
        self.phase_one_constraints = Some(self.constraints.rows());
        self.pending_multiplier = None;
        let deferred = core::mem::take(&mut self.deferred);
        let mut wrapped = RandomizingProver { prover: self };
        for callback in deferred {
            callback(&mut wrapped)?;
        }
        let mut this = wrapped.prover;

        let n = this.secrets.a_l.len();
        let n2 = n - n1;
        let padded_n = n.checked_next_power_of_two().ok_or(ProofError::CircuitTooLarge { multipliers: n })?.max(1);
        bp_gens.check_layout(padded_n, padded_n)?;
        let phase2_digest = this.hasher.digest();
        this.transcript.r1cs_phase_two_statement(n2 as u64, &phase2_digest);

        let entries = this.secrets.c.len();
        if !this.constraints.check_variables(n, m, entries) {
            return Err(ProofError::InvalidVariable);
        }
        // Every constraint must hold: checked in constant time, only the
        // verdict is revealed (an unsatisfiable witness gets no proof).
        let mut ok = Choice::from(1);
        this.constraints.for_each_row(|row| {
            let value = row.fold(G::Scalar::zero(), |acc, (v, c)| acc + this.value(v) * c);
            ok &= value.ct_eq(&G::Scalar::zero());
        });
        // The bit hints must hold (they select generators below).
        let (zero, one) = (G::Scalar::zero(), G::Scalar::one());
        for (i, _) in this.bits.iter().enumerate().filter(|(_, b)| **b) {
            for v in [this.secrets.a_l[i], this.secrets.a_r[i], this.secrets.a_o[i]] {
                ok &= v.ct_eq(&zero) | v.ct_eq(&one);
            }
        }
        // Through memory, so the declassification covers what the branch reads.
        let mut unsatisfied = (!ok).unwrap_u8();
        declassify(&unsatisfied);
        if core::hint::black_box(&mut unsatisfied) != &0 {
            return Err(ProofError::Unsatisfied);
        }

        let (g, h) = (g_chain.get(..padded_n).unwrap_or(&[]), h_chain.get(..padded_n).unwrap_or(&[]));
        let (phase2, s_l2, s_r2, bl2) = if n2 > 0 {
            let second = commit_phase(
                &pc_gens,
                rng,
                Wires {
                    left: &this.secrets.a_l[n1..],
                    right: &this.secrets.a_r[n1..],
                    out: &this.secrets.a_o[n1..],
                    bits: &this.bits[n1..],
                },
                &g[n1..n],
                &h[n1..n],
            );
            let (points, s_l, s_r, bl) = (second.points, second.s_l, second.s_r, second.blindings);
            for (label, p) in [b"A_I2" as &'static [u8], b"A_O2", b"S2"].into_iter().zip(&points) {
                this.transcript.append_point::<G>(label, &p.compressed);
            }
            (Some(points), s_l, s_r, bl)
        } else {
            let zero = || Zeroizing::new(G::Scalar::zero());
            (None, Zeroizing::new(Vec::new()), Zeroizing::new(Vec::new()), [zero(), zero(), zero()])
        };

        let y = this.transcript.challenge_scalar::<G>(b"y");
        let z = this.transcript.challenge_scalar::<G>(b"z");
        let Flattened { w_l, w_r, w_o, w_v, w_cv, .. } =
            flatten(&[&this.constraints], z, n, m, entries).into_scalars::<G::Scalar>();

        let s_l: Vec<&G::Scalar> = s_l1.iter().chain(s_l2.iter()).collect();
        let s_r: Vec<&G::Scalar> = s_r1.iter().chain(s_r2.iter()).collect();
        let y_inv = y.invert_vartime();
        // l(X) = l1·X^{n_c+1} + Σ_j 𝐜_j·X^{D−j} + l2·X^D + l3·X^{D+1},
        // r(X) = r0 + Σ_j 𝐰_{C,j}·X^j + r1·X^{n_c+1} + r3·X^{D+1}.
        let mut l1 = Zeroizing::new(Vec::with_capacity(n));
        let mut r0 = Zeroizing::new(Vec::with_capacity(n));
        let mut r1 = Zeroizing::new(Vec::with_capacity(n));
        let mut r3 = Zeroizing::new(Vec::with_capacity(n));
        let secrets = &this.secrets;
        for (i, (y_i, y_inv_i)) in powers(y).zip(powers(y_inv)).take(n).enumerate() {
            l1.push(secrets.a_l[i] + y_inv_i * w_r[i]);
            r0.push(w_o[i] - y_i);
            r1.push(y_i * secrets.a_r[i] + w_l[i]);
            r3.push(y_i * *s_r[i]);
        }
        let l2 = &secrets.a_o[..];
        let l3: Zeroizing<Vec<G::Scalar>> = Zeroizing::new(s_l.iter().map(|s| **s).collect());
        // Each vector commitment's entries and weights (at most n long:
        // L_j ≤ n1).
        let mut vectors: Vec<EntriesAndWeights<'_, G::Scalar>> = Vec::with_capacity(layout.n_c);
        let mut offset = 0;
        for len in &lens {
            let range = offset..offset + len;
            vectors.push((&secrets.c[range.clone()], &w_cv[range]));
            offset += len;
        }
        let (d, k_w) = (layout.d(), layout.wires());
        let mut l_parts: Vec<(usize, &[G::Scalar])> = vec![(k_w, &l1[..]), (d, l2), (d + 1, &l3[..])];
        let mut r_parts: Vec<(usize, &[G::Scalar])> = vec![(0, &r0[..]), (k_w, &r1[..]), (d + 1, &r3[..])];
        for (j, (c, w)) in vectors.iter().enumerate() {
            l_parts.push((layout.vector(j), c));
            r_parts.push((j + 1, w));
        }
        // t(X) = ⟨l(X), r(X)⟩, coefficient by coefficient.
        let mut t = Zeroizing::new(vec![G::Scalar::zero(); layout.degree() + 1]);
        for (i, l_i) in &l_parts {
            for (k, r_k) in &r_parts {
                t[i + k] += inner_product(l_i, r_k);
            }
        }
        let t_powers: Vec<usize> = layout.t_powers().collect();
        let taus: Vec<Zeroizing<G::Scalar>> =
            t_powers.iter().map(|_| Zeroizing::new(<G::Scalar as ScalarOps>::random(rng))).collect();
        let mut t_points = Vec::with_capacity(t_powers.len());
        for (i, tau) in t_powers.iter().zip(&taus) {
            let p = ProofPoint::<G>::from_point(pc_gens.commit(&t[*i], tau));
            declassify(&p);
            let label = R1CS_T_LABELS
                .get(*i)
                .copied()
                .ok_or(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS })?;
            this.transcript.append_point::<G>(label, &p.compressed);
            t_points.push(p);
        }
        let u = this.transcript.challenge_scalar::<G>(b"u");
        let x = this.transcript.challenge_scalar::<G>(b"x");

        // t(x) and its blinding: x^D·⟨w_V, γ⟩ is the blinding of the known
        // coefficient t_D = ⟨w_V, v⟩ + w_c + δ(y, z).
        let xs: Vec<G::Scalar> = powers(x).take(layout.degree() + 1).collect();
        let t_x = t.iter().zip(&xs).fold(G::Scalar::zero(), |acc, (t_i, x_i)| acc + *t_i * *x_i);
        let t_x_blinding = t_powers
            .iter()
            .zip(&taus)
            .fold(xs[d] * inner_product(&w_v, &secrets.v_blinding), |acc, (i, tau)| acc + **tau * xs[*i]);
        let i_bl = *bl1[0] + u * *bl2[0];
        let o_bl = *bl1[1] + u * *bl2[1];
        let s_bl = *bl1[2] + u * *bl2[2];
        let e_blinding = secrets
            .c_blinding
            .iter()
            .enumerate()
            .fold(xs[k_w] * i_bl + xs[d] * o_bl + xs[d + 1] * s_bl, |acc, (j, kappa)| {
                acc + xs[layout.vector(j)] * *kappa
            });
        declassify(&t_x);
        declassify(&t_x_blinding);
        declassify(&e_blinding);
        this.transcript.append_scalar::<G>(b"t_x", &t_x);
        this.transcript.append_scalar::<G>(b"t_x_blinding", &t_x_blinding);
        this.transcript.append_scalar::<G>(b"e_blinding", &e_blinding);
        let w = this.transcript.challenge_scalar::<G>(b"w");
        let q = G::mul_ct(&pc_gens.b, &w);

        // l(x), r(x), padded: l = 0, r = −y^i on the padding.
        let mut l_vec = Zeroizing::new(Vec::with_capacity(padded_n));
        let mut r_vec = Zeroizing::new(Vec::with_capacity(padded_n));
        for i in 0..n {
            l_vec.push(xs[k_w] * l1[i] + xs[d] * l2[i] + xs[d + 1] * l3[i]);
            r_vec.push(r0[i] + xs[k_w] * r1[i] + xs[d + 1] * r3[i]);
        }
        for (j, (c, w)) in vectors.iter().enumerate() {
            let (x_c, x_w) = (xs[layout.vector(j)], xs[j + 1]);
            for (k, (c_k, w_k)) in c.iter().zip(w.iter()).enumerate() {
                l_vec[k] += x_c * *c_k;
                r_vec[k] += x_w * *w_k;
            }
        }
        for y_i in powers(y).skip(n).take(padded_n - n) {
            l_vec.push(G::Scalar::zero());
            r_vec.push(-y_i);
        }
        // Masked by s_L, s_R: public to the variable-time argument (crate::ct).
        declassify(&l_vec[..]);
        declassify(&r_vec[..]);
        // The inner-product argument needs only l(x), r(x): free (and wipe)
        // everything else first — the prover's peak is then the larger of
        // this point and the argument's first rounds.
        drop((vectors, l_parts, r_parts, t));
        drop((s_l, s_r, l1, r0, r1, r3, l3, w_l, w_r, w_o, w_v, w_cv));
        drop((s_l1, s_r1, s_l2, s_r2));
        this.secrets = Secrets::empty();
        this.constraints = Matrix::default();
        this.bits = Vec::new();
        let one = G::Scalar::one();
        let g_factors: Vec<G::Scalar> = (0..padded_n).map(|i| if i < n1 { one } else { u }).collect();
        let h_factors: Vec<G::Scalar> =
            powers(y_inv).take(padded_n).enumerate().map(|(i, yi)| if i < n1 { yi } else { u * yi }).collect();
        let transcript = &mut this.transcript;
        let bases = IpaBases::in_gens(bp_gens, padded_n, &q, &g_factors, &h_factors, g, h);
        let ipp = InnerProductProof::prove(transcript, bases, &mut l_vec, &mut r_vec);

        Ok(R1csProof { a_i1, a_o1, s1, phase2, t: t_points, t_x, t_x_blinding, e_blinding, ipp })
    }
}

/// Append to a secret vector without leaving copies behind: when it is
/// full, the contents move to a buffer twice as large and the old one is
/// wiped (a plain `Vec::push` would free it as it is).
fn push_secret<S: ScalarOps>(v: &mut Zeroizing<Vec<S>>, x: S) {
    if v.len() == v.capacity() {
        let mut bigger = Zeroizing::new(Vec::with_capacity((2 * v.capacity()).max(16)));
        bigger.extend_from_slice(v);
        *v = bigger;
    }
    v.push(x);
}

/// One phase's wire values and bit hints.
struct Wires<'a, S> {
    left: &'a [S],
    right: &'a [S],
    out: &'a [S],
    bits: &'a [bool],
}

/// One phase's commitments `A_I`, `A_O`, `S` and the secrets behind them.
struct PhaseCommitments<G: Group> {
    points: [ProofPoint<G>; 3],
    s_l: Zeroizing<Vec<G::Scalar>>,
    s_r: Zeroizing<Vec<G::Scalar>>,
    blindings: [Zeroizing<G::Scalar>; 3],
}

/// Scalars with the generators they multiply.
type Terms<'a, G> = (&'a [<G as Group>::Scalar], &'a [<G as Group>::Point]);

/// A vector commitment's entries with their weights `𝐰_{C,j}`.
type EntriesAndWeights<'a, S> = (&'a [S], &'a [S]);

/// `Σ sᵢ·Pᵢ + bl·B̃` in constant time: with `bits`, entries of bit gates
/// (`sᵢ ∈ {0, 1}`, checked by the caller) by constant-time selection, the
/// rest by the constant-time multiscalar multiplication.
fn commit_sum<G: Group>(
    pc_gens: &PedersenGens<G>,
    blinding: &G::Scalar,
    terms: &[Terms<'_, G>],
    bits: Option<&[bool]>,
) -> ProofPoint<G> {
    let total = 1 + terms.iter().map(|(s, _)| s.len()).sum::<usize>();
    let mut scalars = Zeroizing::new(Vec::with_capacity(total));
    scalars.push(*blinding);
    // The generators by reference: the multiscalar multiplication copies
    // them a piece at a time.
    let mut points: Vec<&G::Point> = Vec::with_capacity(total);
    points.push(&pc_gens.b_blinding);
    let mut selected = G::identity();
    let one = G::Scalar::one();
    for (s, p) in terms {
        for (i, (s_i, p_i)) in s.iter().zip(p.iter()).enumerate() {
            if bits.and_then(|b| b.get(i)).copied().unwrap_or(false) {
                selected += G::Point::conditional_select(&G::identity(), p_i, s_i.ct_eq(&one));
            } else {
                scalars.push(*s_i);
                points.push(p_i);
            }
        }
    }
    let p = ProofPoint::<G>::from_point(crate::group::msm_ct_by_ref::<G>(&scalars, &points) + selected);
    declassify(&p);
    p
}

/// Commit to one phase's wires: `A_I = ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩ + α·B̃`,
/// `A_O = ⟨𝐚_O, 𝐆⟩ + β·B̃`, `S = ⟨𝐬_L, 𝐆⟩ + ⟨𝐬_R, 𝐇⟩ + ρ·B̃`.
fn commit_phase<G: Group, R: RngCore + CryptoRng>(
    pc_gens: &PedersenGens<G>,
    rng: &mut R,
    wires: Wires<'_, G::Scalar>,
    g: &[G::Point],
    h: &[G::Point],
) -> PhaseCommitments<G> {
    let mut random = || Zeroizing::new(<G::Scalar as ScalarOps>::random(rng));
    let blindings = [random(), random(), random()];
    let s_l: Zeroizing<Vec<G::Scalar>> = Zeroizing::new((0..wires.left.len()).map(|_| *random()).collect());
    let s_r: Zeroizing<Vec<G::Scalar>> = Zeroizing::new((0..wires.left.len()).map(|_| *random()).collect());
    let a_i = commit_sum(pc_gens, &blindings[0], &[(wires.left, g), (wires.right, h)], Some(wires.bits));
    let a_o = commit_sum(pc_gens, &blindings[1], &[(wires.out, g)], Some(wires.bits));
    let s = commit_sum(pc_gens, &blindings[2], &[(&s_l, g), (&s_r, h)], None);
    PhaseCommitments { points: [a_i, a_o, s], s_l, s_r, blindings }
}

impl<G: Group> ConstraintSystem<G::Scalar> for Prover<G> {
    fn multiply(
        &mut self,
        left: LinearCombination<G::Scalar>,
        right: LinearCombination<G::Scalar>,
    ) -> (Variable, Variable, Variable) {
        let (l, r) = (self.eval(&left), self.eval(&right));
        let (lv, rv, ov) = self.push_multiplier(l, r);
        self.constrain(left - lv);
        self.constrain(right - rv);
        (lv, rv, ov)
    }

    fn allocate(&mut self, assignment: Option<G::Scalar>) -> Result<Variable, ProofError> {
        let value = assignment.ok_or(ProofError::MissingAssignment)?;
        match self.pending_multiplier.take() {
            None => {
                let (l, _, _) = self.push_multiplier(value, G::Scalar::zero());
                self.pending_multiplier = Some(l_index(l));
                Ok(l)
            }
            Some(i) => {
                let left = self.secrets.a_l.get(i).copied().unwrap_or_default();
                if let (Some(r), Some(o)) = (self.secrets.a_r.get_mut(i), self.secrets.a_o.get_mut(i)) {
                    *r = value;
                    *o = left * value;
                }
                Ok(Variable::MultiplierRight(i))
            }
        }
    }

    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        let (l, r) = input_assignments.ok_or(ProofError::MissingAssignment)?;
        Ok(self.push_multiplier(l, r))
    }

    fn constrain(&mut self, lc: LinearCombination<G::Scalar>) {
        self.hasher.absorb(&lc);
        self.constraints.push(&lc);
    }

    fn multiply_bits(
        &mut self,
        left: LinearCombination<G::Scalar>,
        right: LinearCombination<G::Scalar>,
    ) -> (Variable, Variable, Variable) {
        let vars = self.multiply(left, right);
        if let Some(b) = self.bits.last_mut() {
            *b = true;
        }
        vars
    }

    fn allocate_bits_multiplier(
        &mut self,
        input_assignments: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        let vars = self.allocate_multiplier(input_assignments)?;
        if let Some(b) = self.bits.last_mut() {
            *b = true;
        }
        Ok(vars)
    }

    fn metrics(&self) -> Metrics {
        let constraints = self.constraints.rows();
        let phase_one = self.phase_one_constraints.unwrap_or(constraints);
        Metrics {
            multipliers: self.secrets.a_l.len(),
            constraints,
            phase_one_constraints: phase_one,
            phase_two_constraints: constraints - phase_one,
            nonzeros: self.constraints.nonzeros(),
        }
    }
}

fn l_index(v: Variable) -> usize {
    match v {
        Variable::MultiplierLeft(i) => i,
        _ => 0,
    }
}

impl<G: Group> RandomizableConstraintSystem<G::Scalar> for Prover<G> {
    type RandomizedCS = RandomizingProver<G>;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), ProofError>
    where
        F: 'static + FnOnce(&mut RandomizingProver<G>) -> Result<(), ProofError>,
    {
        self.deferred.push(Box::new(callback));
        Ok(())
    }
}

impl<G: Group> ConstraintSystem<G::Scalar> for RandomizingProver<G> {
    fn multiply(
        &mut self,
        left: LinearCombination<G::Scalar>,
        right: LinearCombination<G::Scalar>,
    ) -> (Variable, Variable, Variable) {
        self.prover.multiply(left, right)
    }
    fn allocate(&mut self, assignment: Option<G::Scalar>) -> Result<Variable, ProofError> {
        self.prover.allocate(assignment)
    }
    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        self.prover.allocate_multiplier(input_assignments)
    }
    fn constrain(&mut self, lc: LinearCombination<G::Scalar>) {
        self.prover.constrain(lc)
    }
    fn multiply_bits(
        &mut self,
        left: LinearCombination<G::Scalar>,
        right: LinearCombination<G::Scalar>,
    ) -> (Variable, Variable, Variable) {
        self.prover.multiply_bits(left, right)
    }
    fn allocate_bits_multiplier(
        &mut self,
        input_assignments: Option<(G::Scalar, G::Scalar)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        self.prover.allocate_bits_multiplier(input_assignments)
    }
    fn metrics(&self) -> Metrics {
        self.prover.metrics()
    }
}

impl<G: Group> RandomizedConstraintSystem<G::Scalar> for RandomizingProver<G> {
    fn challenge_scalar(&mut self, label: &'static [u8]) -> G::Scalar {
        self.prover.transcript.challenge_scalar::<G>(label)
    }
}
