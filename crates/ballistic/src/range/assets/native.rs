//! The native multi-asset Bulletproofs range proof: one aggregated proof for
//! `V_j = v_j·H_j + γ_j·B̃` with a value generator per output.
//!
//! **Construction.** As the aggregated range proof (paper §4.1–4.3, see
//! [`crate::range::bulletproofs`]) with the bit vector in chunks of `n`
//! positions, chunk `j` holding `v_j`'s bits. Since `𝐥(X)` and `𝐫(X)` are
//! concatenations of their chunks (§4.5), `t(X) = Σ_j t_j(X) + t_pad` with
//! `t_j(X) = ⟨𝐥_j(X), 𝐫_j(X)⟩ = t_{j,0} + t_{j,1}X + t_{j,2}X²` and the
//! public padding part `t_pad = (z − z²)·Σ_{k ∈ [nm, N)} y^k`. Each output's
//! polynomial is committed **on its own generator**:
//!
//! ```text
//!   1. A, S as in the aggregated proof (on B̃, 𝐆, 𝐇 only)      → y, z
//!   2. T_{1,j} = t_{j,1}·H_j + τ_{1,j}·B̃,  T_{2,j} = t_{j,2}·H_j + τ_{2,j}·B̃   (every j)  → x
//!   3. t̂_j = t_j(x) (every j)                                  → ρ
//!   4. τ_x = Σ_j ρ^j·(τ_{1,j}x + τ_{2,j}x² + z^{2+j}γ_j),  μ = α + ρ_S·x,
//!      t̂ = Σ_j t̂_j + t_pad; the inner-product argument for ⟨𝐥(x), 𝐫(x)⟩ = t̂   (w, u_k)
//! ```
//!
//! **Verification.** With `δ_j = (z − z²)·Σ_{k in chunk j} y^k − z^{3+j}·(2^n − 1)`:
//!
//! ```text
//!   Σ_j ρ^j·((t̂_j − δ_j)·H_j − z^{2+j}·V_j − x·T_{1,j} − x²·T_{2,j}) + τ_x·B̃ = 𝟙    (per-output eq. (65))
//!   the inner-product check of eq. (67) with t̂ = Σ_j t̂_j + t_pad                   (eq. (67)–(68))
//! ```
//!
//! joined by a random scalar into one multiscalar multiplication. For
//! `m = 1` this is the range proof with value generator `H_0` (the same
//! size); each extra output adds `T_{1,j}, T_{2,j}, t̂_j`.
//!
//! **Soundness.** Write every point over independent generators: the asset
//! parts of the `H_j` (in Confidential Assets `H_j = A_{a(j)} + r_j·B̃`,
//! several outputs may share an `A`), `B̃`, `𝐆`, `𝐇`. Because `ρ` is drawn
//! after every `T_{i,j}` and `t̂_j`, the first equation holds (except with
//! probability `m/ℓ`) only if each output's bracket has no part outside
//! `B̃`: `(t̂_j − δ_j)·[H_j] = z^{2+j}·[V_j] + x·[T_{1,j}] + x²·[T_{2,j}]` on
//! the asset parts. From three accepting `x` (fixed `T`'s), `[V_j]` and
//! `[T_{i,j}]` are multiples of `[H_j]` — so `V_j = v_j·H_j + γ_j·B̃` for
//! some `v_j` — and `t̂_j(X) = δ_j + z^{2+j}v_j + t_{j,1}X + t_{j,2}X²` is a
//! fixed quadratic. The inner-product check gives `⟨𝐥(x), 𝐫(x)⟩ = Σ_j t̂_j +
//! t_pad` at those points, hence (degree 2) as polynomials, and the
//! constant terms give `⟨𝐥₀, 𝐫₀⟩ = δ(y, z) + Σ_j z^{2+j}v_j` — exactly the
//! aggregated proof's extracted relation (paper Theorem 3), so every `v_j`
//! is the binary number in chunk `j`.
//!
//! *Why one `T` per output.* A cheaper-looking variant — one `T₁, T₂` with
//! components on every `H_j`, and the `t̂_j` revealed — is **unsound**
//! when two outputs share a generator (payment and change of one asset):
//! the verifier then sees only `Σ_{j on H} ρ^j t̂_j`, and the prover picks
//! the `t̂_j` to satisfy both that and the inner product for any values.
//! `tests/integration/assets.rs` checks that moving value between two outputs' `t̂_j`
//! (sum unchanged) is rejected here.
//!
//! **Zero knowledge.** As in the paper's proof of Theorem 3: `𝐥(x), 𝐫(x)`
//! are uniformly random (masked by `𝐬_L, 𝐬_R`), and each `t̂_j` is the inner
//! product of their chunk `j`, a function of them; each `T_{i,j}` is
//! hidden by `τ_{i,j}`, and `τ_x` is uniform through `τ_{1,0}`. The
//! simulator picks `𝐥, 𝐫`, `τ_x`, `T_{2,j}` at random and solves each
//! output's equation for `T_{1,j}`.
//!
//! **Secrets.** The prover runs the Bulletproofs chunk algebra
//! ([`crate::range::bulletproofs`]'s `algebra`): constant-time selection for
//! `A`, constant-time multiscalar multiplications for `S`, `V_j`, `T_{i,j}`,
//! secret vectors on the heap and wiped.
//!
//! **Encoding.** `A ‖ S ‖ (T_{1,j} ‖ T_{2,j})_{j<m} ‖ (t̂_j)_{j<m} ‖ τ_x ‖ μ
//! ‖ (L_k ‖ R_k)_k ‖ a ‖ b`: `(2 + 2m + 2·lg N)` points and `m + 4` scalars.

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::Choice;

use super::{check_prover_inputs, commit, MultiAssetStatement};
use crate::ct::declassify;
use crate::encoding::{ProofPoint, Reader};
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::generators::PedersenGens;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::inner_product::InnerProductProof;
use crate::poly::{pow, powers, sum_of_powers};
use crate::range::bulletproofs::algebra::{self, Bases, BitWitness};
use crate::range::bulletproofs::InnerProductCheck;
use crate::range::RangeShape;
use crate::transcript::TranscriptProtocol;

const DOMAIN: &[u8] = b"ballistic multi-asset rangeproof v1";

/// A native multi-asset Bulletproofs range proof (see the module
/// documentation): `m` values of `n` bits, each on its own value generator.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiAssetRangeProof<G: Group> {
    a: ProofPoint<G>,
    s: ProofPoint<G>,
    /// `(T_{1,j}, T_{2,j})` per output.
    pub(crate) t: Vec<(ProofPoint<G>, ProofPoint<G>)>,
    /// `t̂_j` per output.
    t_x: Vec<G::Scalar>,
    t_x_blinding: G::Scalar,
    e_blinding: G::Scalar,
    ipp: InnerProductProof<G>,
}

/// The challenges a verifier derives.
struct Replay<S> {
    y: S,
    z: S,
    x: S,
    rho: S,
    w: S,
    u: Vec<S>,
}

/// `t_pad = (z − z²)·Σ_{k ∈ [nm, N)} y^k`, the padding chunk's `t̂`.
fn padding_t<S: ScalarOps>(shape: RangeShape, y: S, z: S) -> S {
    let nm = shape.bits_total();
    (z - z * z) * pow(y, nm as u64) * sum_of_powers(y, shape.padded - nm)
}

impl<G: Group> MultiAssetRangeProof<G> {
    /// Prove every `values[j] ∈ [0, 2^n)` with `V_j = v_j·H_j + γ_j·B̃`,
    /// `H_j = value_generators[j]` (none the identity; see the module
    /// documentation for what they must be). Returns the proof and the
    /// commitments.
    pub fn prove_with_rng<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        value_generators: &[G::Point],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
        let shape = check_prover_inputs::<G>(values, blindings, value_generators, n)?;
        bp_gens.check_layout(n, shape.padded)?;
        let m = shape.m;
        let g: Vec<&G::Point> = bp_gens.g_layout(n, shape.padded).collect();
        let h: Vec<&G::Point> = bp_gens.h_layout(n, shape.padded).collect();
        // Each output's Pedersen bases: its value generator and B̃.
        let pcs: Vec<PedersenGens<G>> =
            value_generators.iter().map(|h_j| PedersenGens { b: *h_j, b_blinding: pc_gens.b_blinding }).collect();

        transcript.multi_asset_domain_sep::<G>(DOMAIN, n as u64, m as u64);
        let mut commitments = Vec::with_capacity(m);
        for ((v, gamma), h_j) in values.iter().zip(blindings).zip(value_generators) {
            let v_j = G::compress(&commit(*v, gamma, h_j, pc_gens));
            declassify(&v_j);
            transcript.append_point::<G>(b"H", &G::compress(h_j));
            transcript.append_point::<G>(b"V", &v_j);
            commitments.push(v_j);
        }

        // Round 1: one chunk per output (positions j·n + i), then the
        // public padding chunk; A and S are the sums.
        let mut a_sum = algebra::padding_bits(bp_gens, shape);
        let mut s_sum = G::identity();
        let mut bits = Vec::with_capacity(m);
        for (j, v) in values.iter().enumerate() {
            let chunk = j * n..(j + 1) * n;
            let (g_j, h_j) = (g.get(chunk.clone()).unwrap_or_default(), h.get(chunk).unwrap_or_default());
            let bit = |i: usize| Choice::from(((*v >> i) & 1) as u8);
            let (witness, a_j, s_j) = BitWitness::commit(
                pc_gens,
                Bases { g: g_j, h: h_j, chains: Some((bp_gens, n, j)) },
                bit,
                &G::Scalar::zero(),
                rng,
            );
            a_sum += a_j.point;
            s_sum += s_j.point;
            bits.push(witness);
        }
        let (a, s) = (ProofPoint::<G>::from_point(a_sum), ProofPoint::<G>::from_point(s_sum));
        transcript.append_point::<G>(b"A", &a.compressed);
        transcript.append_point::<G>(b"S", &s.compressed);
        let y = transcript.challenge_scalar::<G>(b"y");
        let z = transcript.challenge_scalar::<G>(b"z");

        // Round 2: each output's t_j(X), committed on H_j.
        let mut polys = Vec::with_capacity(m);
        let mut t = Vec::with_capacity(m);
        for ((j, witness), pc_j) in bits.into_iter().enumerate().zip(&pcs) {
            let z_j = pow(z, 2 + j as u64);
            let d = core::iter::successors(Some(z_j), |d: &G::Scalar| Some(*d + *d)).take(n);
            let (poly, t_1, t_2) = witness.commit_poly(pc_j, y, z, pow(y, (j * n) as u64), d, rng);
            transcript.append_point::<G>(b"T_1", &t_1.compressed);
            transcript.append_point::<G>(b"T_2", &t_2.compressed);
            polys.push((poly, z_j));
            t.push((t_1, t_2));
        }
        let x = transcript.challenge_scalar::<G>(b"x");

        // Round 3: t̂_j, then ρ weighs the per-output blinding equations.
        let shares: Vec<algebra::Share<G>> = polys
            .into_iter()
            .zip(blindings)
            .map(|((poly, z_j), gamma)| poly.share(x, core::iter::once((z_j, gamma))))
            .collect();
        let t_x: Vec<G::Scalar> = shares.iter().map(|sh| sh.t_x).collect();
        for t_j in &t_x {
            transcript.append_scalar::<G>(b"t_x", t_j);
        }
        let rho = transcript.challenge_scalar::<G>(b"rho");
        let t_x_blinding: G::Scalar = shares.iter().zip(powers(rho)).map(|(sh, rho_j)| rho_j * sh.t_x_blinding).sum();
        declassify(&t_x_blinding);

        // Round 4: the whole statement's t̂, τ_x, μ and the inner-product argument.
        let padding = algebra::padding_share(shape, y, z);
        let mut share = algebra::aggregate(shares.into_iter().chain(core::iter::once(padding)), shape.padded);
        share.t_x_blinding = t_x_blinding;
        let e_blinding = share.e_blinding;
        let ipp = algebra::prove_inner_product(gens, transcript, shape, y, share);
        Ok((MultiAssetRangeProof { a, s, t, t_x, t_x_blinding, e_blinding, ipp }, commitments))
    }

    /// Replay the transcript (validating every proof point) and return the
    /// challenges.
    fn replay(
        &self,
        transcript: &mut Transcript,
        statement: &MultiAssetStatement<G>,
    ) -> Result<Replay<G::Scalar>, ProofError> {
        let shape = statement.shape();
        transcript.multi_asset_domain_sep::<G>(DOMAIN, shape.n as u64, shape.m as u64);
        statement.append_to(transcript);
        transcript.validate_and_append_point::<G>(b"A", &self.a.compressed)?;
        transcript.validate_and_append_point::<G>(b"S", &self.s.compressed)?;
        let y = transcript.challenge_scalar::<G>(b"y");
        let z = transcript.challenge_scalar::<G>(b"z");
        for (t_1, t_2) in &self.t {
            transcript.validate_and_append_point::<G>(b"T_1", &t_1.compressed)?;
            transcript.validate_and_append_point::<G>(b"T_2", &t_2.compressed)?;
        }
        let x = transcript.challenge_scalar::<G>(b"x");
        for t_j in &self.t_x {
            transcript.append_scalar::<G>(b"t_x", t_j);
        }
        let rho = transcript.challenge_scalar::<G>(b"rho");
        transcript.append_scalar::<G>(b"t_x", &self.total_t_x(shape, y, z));
        transcript.append_scalar::<G>(b"t_x_blinding", &self.t_x_blinding);
        transcript.append_scalar::<G>(b"e_blinding", &self.e_blinding);
        let w = transcript.challenge_scalar::<G>(b"w");
        let u = self.ipp.challenges(shape.padded, transcript)?;
        Ok(Replay { y, z, x, rho, w, u })
    }

    /// `t̂ = Σ_j t̂_j + t_pad`.
    fn total_t_x(&self, shape: RangeShape, y: G::Scalar, z: G::Scalar) -> G::Scalar {
        self.t_x.iter().fold(padding_t(shape, y, z), |acc, t_j| acc + *t_j)
    }

    /// The encoded length of a proof for `m` values of `n` bits.
    pub fn encoded_len(n: usize, m: usize) -> Result<usize, ProofError> {
        let shape = RangeShape::new(n, m)?;
        Ok(Self::len_for(m, shape.rounds()))
    }

    fn len_for(m: usize, rounds: usize) -> usize {
        (2 + 2 * m) * G::POINT_LEN + (m + 2) * SCALAR_LEN + InnerProductProof::<G>::encoded_len(rounds)
    }

    /// Serialize (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::len_for(self.t.len(), self.ipp.rounds()));
        out.extend_from_slice(G::compressed_bytes(&self.a.compressed));
        out.extend_from_slice(G::compressed_bytes(&self.s.compressed));
        for (t_1, t_2) in &self.t {
            out.extend_from_slice(G::compressed_bytes(&t_1.compressed));
            out.extend_from_slice(G::compressed_bytes(&t_2.compressed));
        }
        for s in self.t_x.iter().chain([&self.t_x_blinding, &self.e_blinding]) {
            out.extend_from_slice(&s.to_bytes());
        }
        self.ipp.write(&mut out);
        out
    }

    /// Deserialize strictly for a statement of `m` values of `n` bits: the
    /// exact length, canonical scalars, valid points.
    pub fn from_bytes_for(bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError> {
        let expected = Self::encoded_len(n, m)?;
        if bytes.len() != expected {
            return Err(ProofError::WrongLength { expected, got: bytes.len() });
        }
        let rounds = RangeShape::new(n, m)?.rounds();
        let mut r = Reader::new(bytes);
        let a = r.read_point::<G>()?;
        let s = r.read_point::<G>()?;
        let t =
            (0..m).map(|_| Ok((r.read_point::<G>()?, r.read_point::<G>()?))).collect::<Result<Vec<_>, ProofError>>()?;
        let t_x = (0..m).map(|_| r.read_scalar::<G>()).collect::<Result<Vec<_>, _>>()?;
        let t_x_blinding = r.read_scalar::<G>()?;
        let e_blinding = r.read_scalar::<G>()?;
        let ipp = InnerProductProof::read(&mut r, rounds)?;
        Ok(MultiAssetRangeProof { a, s, t, t_x, t_x_blinding, e_blinding, ipp })
    }
}

impl<G: Group> Verifiable<G> for MultiAssetRangeProof<G> {
    type Statement = MultiAssetStatement<G>;
    type Context = Transcript;

    /// The per-output polynomial checks (joined by `ρ`) and the inner
    /// product, joined by `combine`.
    fn add_terms(
        &self,
        statement: &MultiAssetStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        combine: G::Scalar,
        acc: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let shape = statement.shape();
        if self.t.len() != shape.m || self.t_x.len() != shape.m || self.ipp.rounds() != shape.rounds() {
            return Err(ProofError::WrongLength {
                expected: Self::encoded_len(shape.n, shape.m)?,
                got: Self::len_for(self.t.len(), self.ipp.rounds()),
            });
        }
        let Replay { y, z, x, rho, w, u } = self.replay(transcript, statement)?;
        let c = combine * weight;
        let (n, zz) = (shape.n, z * z);
        // δ_j = (z − z²)·y^{jn}·Σ_{i<n} y^i − z^{3+j}·(2^n − 1)
        let block_y = (z - zz) * sum_of_powers(y, n);
        let y_n = pow(y, n as u64);
        let max = G::Scalar::from_u64(shape.max_value());
        let mut y_jn = G::Scalar::one();
        let mut rho_j = G::Scalar::one();
        let mut z_j = zz;
        for ((((t_1, t_2), t_j), v_j), h_j) in
            self.t.iter().zip(&self.t_x).zip(&statement.points).zip(&statement.generator_points)
        {
            let delta_j = block_y * y_jn - z_j * z * max;
            let cr = c * rho_j;
            acc.add_point(cr * z_j, *v_j);
            acc.add_point(cr * x, t_1.point);
            acc.add_point(cr * x * x, t_2.point);
            acc.add_point(cr * (delta_j - *t_j), *h_j);
            y_jn *= y_n;
            rho_j *= rho;
            z_j *= z;
        }
        acc.add_b_blinding(-(c * self.t_x_blinding));
        let ipa = InnerProductCheck {
            a: &self.a,
            s: &self.s,
            ipp: &self.ipp,
            t_x: self.total_t_x(shape, y, z),
            e_blinding: self.e_blinding,
        };
        ipa.add_terms(shape, [y, z, x, w], &u, weight, acc);
        Ok(())
    }
}
