//! Monero's original Bulletproofs (RingCT types 4 and 5, 2018–2022):
//! prover, strict decoding and the verifier as one equation.
//!
//! The aggregated range proof of Bünz et al. 2018 (§4.3, with the
//! inner-product argument of §3, Protocol 2) on Monero's generators
//! (domain `"bulletproof"`), `G` the mask's base and `H` the value's; every
//! transmitted point divided by 8, Monero's Keccak transcript (see
//! [`super::transcript`]). With `M` padded outputs, `N = 64·M`,
//! `y^N = (1, y, …, y^{N−1})`, `z_k = z^k`:
//!
//! * `A = α·G + ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩`, `S = ρ·G + ⟨𝐬_L, 𝐆⟩ + ⟨𝐬_R, 𝐇⟩`;
//! * `𝐥(X) = 𝐚_L − z + 𝐬_L·X`, `𝐫(X) = y^N∘(𝐚_R + z + 𝐬_R·X) + Σ_j
//!   z^{2+j}·(0^{64j} ‖ 2^{64} ‖ 0)`, `t(X) = ⟨𝐥(X), 𝐫(X)⟩ = t₀ + t₁X + t₂X²`;
//! * `T_i = t_i·H + τ_i·G`; `t̂ = t(x)`, `τ_x = τ₂x² + τ₁x + Σ_j z^{2+j}γ_j`,
//!   `μ = α + ρx`;
//! * the inner-product argument for `𝐥, 𝐫` on `𝐆`, `𝐇' = y^{−i}·𝐇_i` and
//!   `u = x_ip·H`: rounds `L_k, R_k`, then `a, b`.
//!
//! The verifier checks, with `δ(y, z) = (z − z²)·Σ_{i<N} y^i − Σ_{j<M}
//! z^{3+j}·(2⁶⁴ − 1)` and `s_i` the products of the round challenges,
//!
//! ```text
//!   (1)  t̂·H + τ_x·G = Σ_j z^{2+j}·C_j + δ(y, z)·H + x·T₁ + x²·T₂
//!   (2)  A + x·S − z·Σ𝐆_i + Σ_i (z + y^{−i}·z^{2+j}·2^{i mod 64})·𝐇_i − μ·G + x_ip·t̂·H
//!        + Σ_k (w_k²·L_k + w_k⁻²·R_k) = a·Σ s_i·𝐆_i + b·Σ s_i⁻¹·y^{−i}·𝐇_i + a·b·x_ip·H
//! ```
//!
//! joined as `(1) + c·(2)` with the verifier's random `c` (the `combine`
//! of [`Verifiable::add_terms`]).
//!
//! **Wire format** (`monero-bulletproofs`' `Bulletproof::write` of an
//! original Bulletproof): `A/8 ‖ S/8 ‖ T₁/8 ‖ T₂/8 ‖ τ_x ‖ μ ‖ varint(k) ‖
//! L/8… ‖ varint(k) ‖ R/8… ‖ a ‖ b ‖ t̂`, `k = lg(64·M) ∈ 6..=10`:
//! `9·32 + 2 + 64·k` bytes (674 for one output).
//!
//! **Timing.** As in ballistic's own Bulletproofs, everything up to `t̂,
//! τ_x, μ` is constant time in the secrets; the inner-product argument runs
//! in variable time on `𝐥(x), 𝐫(x)`, which are masked entrywise by the
//! uniform `𝐬_L, 𝐬_R` (see [`crate::ct`]).

use alloc::vec::Vec;

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use rand_core::{CryptoRng, RngCore};
use zeroize::{Zeroize, Zeroizing};

use super::generators::original_generators;
use super::plus::{public_point, random, shape, MAX_ROUNDS, MIN_ROUNDS};
use super::statement::MoneroStatement;
use super::transcript::KeccakTranscript;
use super::{inv_eight, read_points, tweaked, DecodedIn, MoneroConsensus, Site, Tweak, BITS, MAX_OUTPUTS};
use crate::batch::BatchError;
use crate::ct::declassify;
use crate::encoding::{ProofPoint, Reader};
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::group::fast::Montgomery;
use crate::group::{Ed25519, Group, ScalarOps};

/// A Monero (original) Bulletproofs range proof for 1 to 16 amounts of 64
/// bits. Points are kept as transmitted (divided by 8) and decoded strictly,
/// as for [`super::MoneroPlusProof`].
#[derive(Clone, Debug, PartialEq)]
pub struct MoneroOriginalProof {
    a: ProofPoint<Ed25519>,
    s: ProofPoint<Ed25519>,
    t1: ProofPoint<Ed25519>,
    t2: ProofPoint<Ed25519>,
    tau_x: Scalar,
    mu: Scalar,
    l_vec: Vec<ProofPoint<Ed25519>>,
    r_vec: Vec<ProofPoint<Ed25519>>,
    a_ip: Scalar,
    b_ip: Scalar,
    t_hat: Scalar,
    consensus: MoneroConsensus,
}

fn inner(a: &[Scalar], b: &[Scalar]) -> Scalar {
    a.iter().zip(b).map(|(a, b)| a * b).sum()
}

impl MoneroOriginalProof {
    /// Prove that each `amounts[j]` is the amount of `masks[j]·G +
    /// amounts[j]·H`, for `1..=16` outputs. Returns the proof and the output
    /// commitments `C_j`. Constant time in the amounts, masks and nonces up to
    /// the masked inner-product vectors; secrets are wiped.
    // Indexing: vectors of length N (and M + 3 powers of z) built here for the checked m.
    #[allow(clippy::indexing_slicing)]
    pub fn prove<R: RngCore + CryptoRng>(
        amounts: &[u64],
        masks: &[Scalar],
        rng: &mut R,
    ) -> Result<(Self, Vec<CompressedEdwardsY>), ProofError> {
        Self::prove_tweaked(amounts, masks, rng, None)
    }

    /// [`prove`](Self::prove), adding the tweak's points to what is sent
    /// (tests make torsioned proofs with it).
    // Indexing: as in `prove`.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn prove_tweaked<R: RngCore + CryptoRng>(
        amounts: &[u64],
        masks: &[Scalar],
        rng: &mut R,
        tweak: Tweak<'_>,
    ) -> Result<(Self, Vec<CompressedEdwardsY>), ProofError> {
        let m = amounts.len();
        let gens = original_generators();
        let (h_val, g_mask) = (gens.pedersen().b, gens.pedersen().b_blinding);
        let inv8 = inv_eight();
        let (commitments, over_8) = super::prover_outputs(gens, amounts, masks, tweak)?;
        let mut transcript = KeccakTranscript::original(&over_8);

        let (padded, n, _) = shape(m);
        let g_vec: Vec<EdwardsPoint> = gens.vector().g_layout(BITS, n).copied().collect();
        let h_vec: Vec<EdwardsPoint> = gens.vector().h_layout(BITS, n).copied().collect();
        let mut a_l = Zeroizing::new(Vec::with_capacity(n));
        for j in 0..padded {
            let mut v = amounts.get(j).copied().unwrap_or(0);
            for i in 0..BITS {
                a_l.push(Scalar::from((v >> i) & 1));
            }
            v.zeroize();
        }
        let a_r: Zeroizing<Vec<Scalar>> = Zeroizing::new(a_l.iter().map(|x| *x - Scalar::ONE).collect());
        let s_l: Zeroizing<Vec<Scalar>> = Zeroizing::new((0..n).map(|_| *random(rng)).collect());
        let s_r: Zeroizing<Vec<Scalar>> = Zeroizing::new((0..n).map(|_| *random(rng)).collect());
        let (alpha, rho) = (random(rng), random(rng));
        let points: Vec<EdwardsPoint> = [g_mask].iter().chain(&g_vec).chain(&h_vec).copied().collect();
        let commit_vectors = |blind: &Scalar, left: &[Scalar], right: &[Scalar]| {
            let mut scalars: Zeroizing<Vec<Scalar>> =
                Zeroizing::new([blind].into_iter().chain(left).chain(right).map(|x| x * inv8).collect());
            let p = public_point(crate::group::msm_ct_par::<Ed25519>(&scalars, &points));
            scalars.zeroize();
            p
        };
        let a = public_point(super::bit_commitment_over_8(amounts, &g_vec, &h_vec, &g_mask, &alpha));
        let a = tweaked(a, Site::A, tweak);
        let s = tweaked(commit_vectors(&rho, &s_l, &s_r), Site::S, tweak);

        let y = transcript.challenge(&[a.compressed.as_bytes(), s.compressed.as_bytes()]);
        let z = transcript.rehash();
        let z_pows: Vec<Scalar> = crate::poly::powers(z).take(padded + 3).collect();
        let y_pows: Vec<Scalar> = crate::poly::powers(y).take(n).collect();

        // 𝐥(X) = l0 + l1·X, 𝐫(X) = r0 + r1·X.
        let l0: Zeroizing<Vec<Scalar>> = Zeroizing::new(a_l.iter().map(|x| x - z).collect());
        let mut r0: Zeroizing<Vec<Scalar>> =
            Zeroizing::new(a_r.iter().zip(&y_pows).map(|(x, yi)| (x + z) * yi).collect());
        let two = Scalar::from(2u8);
        for j in 0..padded {
            let mut d = z_pows[2 + j];
            for i in 0..BITS {
                r0[BITS * j + i] += d;
                d *= two;
            }
        }
        let r1: Zeroizing<Vec<Scalar>> = Zeroizing::new(s_r.iter().zip(&y_pows).map(|(x, yi)| x * yi).collect());
        let t1 = Zeroizing::new(inner(&l0, &r1) + inner(&r0, &s_l));
        let t2 = Zeroizing::new(inner(&s_l, &r1));
        let (tau1, tau2) = (random(rng), random(rng));
        let t1_point = public_point(Ed25519::msm_ct(&[*t1 * inv8, *tau1 * inv8], &[h_val, g_mask]));
        let t1_point = tweaked(t1_point, Site::T1, tweak);
        let t2_point = public_point(Ed25519::msm_ct(&[*t2 * inv8, *tau2 * inv8], &[h_val, g_mask]));
        let t2_point = tweaked(t2_point, Site::T2, tweak);
        let x = transcript.challenge_twice(&[t1_point.compressed.as_bytes(), t2_point.compressed.as_bytes()]);

        let mut l: Vec<Scalar> = l0.iter().zip(s_l.iter()).map(|(a, b)| a + b * x).collect();
        let mut r: Vec<Scalar> = r0.iter().zip(r1.iter()).map(|(a, b)| a + b * x).collect();
        let t_hat = inner(&l, &r);
        let mut tau_x = *tau2 * x * x + *tau1 * x;
        for (zj, mask) in z_pows[2..].iter().zip(masks) {
            tau_x += zj * mask;
        }
        let mu = *alpha + *rho * x;
        // Public from here: the proof's scalars, and 𝐥(x), 𝐫(x), masked by 𝐬_L, 𝐬_R.
        declassify(&t_hat);
        declassify(&tau_x);
        declassify(&mu);
        declassify(&l[..]);
        declassify(&r[..]);
        let x_ip = transcript.challenge_twice(&[tau_x.as_bytes(), mu.as_bytes(), t_hat.as_bytes()]);

        // The inner-product argument on 𝐆, 𝐇' = y^{−i}·𝐇_i, u = x_ip·H.
        let y_inv = y.invert_vartime();
        let mut gs = g_vec;
        let y_inv_pows: Vec<Scalar> = crate::poly::powers(y_inv).take(n).collect();
        let mut hs: Vec<EdwardsPoint> = crate::group::msm_vartime_chunks_par::<Ed25519>(&y_inv_pows, &h_vec, 1);
        let u = h_val * x_ip;
        let (mut l_vec, mut r_vec) = (Vec::new(), Vec::new());
        let mut len = n;
        while len > 1 {
            let half = len / 2;
            let (a1, a2) = l[..len].split_at_mut(half);
            let (b1, b2) = r[..len].split_at_mut(half);
            let c_l = inner(a1, b2);
            let c_r = inner(a2, b1);
            let cross = |xs: &[Scalar], gp: &[EdwardsPoint], ws: &[Scalar], hp: &[EdwardsPoint], c: Scalar| {
                let scalars: Vec<Scalar> = xs.iter().chain(ws).chain([&c]).map(|x| x * inv8).collect();
                let points: Vec<&EdwardsPoint> = gp.iter().chain(hp).chain([&u]).collect();
                ProofPoint::<Ed25519>::from_point(Ed25519::msm_vartime(&scalars, points))
            };
            let round = l_vec.len();
            let lp = tweaked(cross(a1, &gs[half..len], b2, &hs[..half], c_l), Site::L(round), tweak);
            let rp = tweaked(cross(a2, &gs[..half], b1, &hs[half..len], c_r), Site::R(round), tweak);
            let w = transcript.challenge(&[lp.compressed.as_bytes(), rp.compressed.as_bytes()]);
            let w_inv = w.invert_vartime();
            l_vec.push(lp);
            r_vec.push(rp);
            for (x1, x2) in a1.iter_mut().zip(a2.iter()) {
                *x1 = w * *x1 + w_inv * *x2;
            }
            for (x1, x2) in b1.iter_mut().zip(b2.iter()) {
                *x1 = w_inv * *x1 + w * *x2;
            }
            let fold = |v: &[EdwardsPoint], lo: Scalar, hi: Scalar| {
                let mut scalars = Vec::with_capacity(len);
                let mut points = Vec::with_capacity(len);
                for i in 0..half {
                    scalars.extend([lo, hi]);
                    points.extend([v[i], v[half + i]]);
                }
                crate::group::msm_vartime_chunks_par::<Ed25519>(&scalars, &points, 2)
            };
            gs = fold(&gs, w_inv, w);
            hs = fold(&hs, w, w_inv);
            len = half;
        }
        let proof = MoneroOriginalProof {
            a,
            s,
            t1: t1_point,
            t2: t2_point,
            tau_x,
            mu,
            l_vec,
            r_vec,
            a_ip: l[0],
            b_ip: r[0],
            t_hat,
            consensus: MoneroConsensus::Strict,
        };
        l.zeroize();
        r.zeroize();
        let compressed = commitments.iter().map(|c| c.compress()).collect();
        Ok((proof, compressed))
    }

    /// Monero's encoding: `A ‖ S ‖ T₁ ‖ T₂ ‖ τ_x ‖ μ ‖ varint(|L|) ‖ L ‖
    /// varint(|R|) ‖ R ‖ a ‖ b ‖ t̂`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::encoded_len(self.rounds()));
        for p in [&self.a, &self.s, &self.t1, &self.t2] {
            out.extend_from_slice(p.compressed.as_bytes());
        }
        out.extend_from_slice(self.tau_x.as_bytes());
        out.extend_from_slice(self.mu.as_bytes());
        for v in [&self.l_vec, &self.r_vec] {
            // At most MAX_ROUNDS < 128: a one-byte varint.
            out.push(v.len() as u8);
            for p in v {
                out.extend_from_slice(p.compressed.as_bytes());
            }
        }
        for s in [&self.a_ip, &self.b_ip, &self.t_hat] {
            out.extend_from_slice(s.as_bytes());
        }
        out
    }

    /// Decode with the points `consensus` allows (as
    /// [`super::MoneroPlusProof::from_bytes_with`]).
    pub fn from_bytes_with(bytes: &[u8], consensus: MoneroConsensus) -> Result<Self, ProofError> {
        let wrong = || ProofError::WrongLength { expected: 0, got: bytes.len() };
        let mut reader = Reader::new(bytes);
        let mut first = read_points(&mut reader, bytes.len(), 4, consensus)?.into_iter();
        let (Some(a), Some(s), Some(t1), Some(t2)) = (first.next(), first.next(), first.next(), first.next()) else {
            return Err(wrong());
        };
        let tau_x = reader.read_scalar::<Ed25519>()?;
        let mu = reader.read_scalar::<Ed25519>()?;
        let mut vecs = Vec::with_capacity(2);
        for _ in 0..2 {
            let at = bytes.len() - reader.remaining();
            let len = usize::from(*bytes.get(at).ok_or_else(wrong)?);
            reader.skip(1)?;
            if !(MIN_ROUNDS..=MAX_ROUNDS).contains(&len) || reader.remaining() < 32 * len {
                return Err(wrong());
            }
            vecs.push(read_points(&mut reader, bytes.len(), len, consensus)?);
        }
        let r_vec = vecs.pop().unwrap_or_default();
        let l_vec = vecs.pop().unwrap_or_default();
        let a_ip = reader.read_scalar::<Ed25519>()?;
        let b_ip = reader.read_scalar::<Ed25519>()?;
        let t_hat = reader.read_scalar::<Ed25519>()?;
        if l_vec.len() != r_vec.len() || reader.remaining() != 0 {
            return Err(ProofError::WrongLength { expected: Self::encoded_len(l_vec.len()), got: bytes.len() });
        }
        Ok(MoneroOriginalProof { a, s, t1, t2, tau_x, mu, l_vec, r_vec, a_ip, b_ip, t_hat, consensus })
    }
}

super::monero_proof_common!(MoneroOriginalProof, original_generators, 9);

impl Verifiable<Ed25519> for MoneroOriginalProof {
    type Statement = MoneroStatement;
    type Context = ();

    // Indexing: z_pows has M + 3 entries, for the statement's M.
    #[allow(clippy::indexing_slicing)]
    /// Replay Monero's Keccak transcript (seeded by the statement) and add
    /// `weight·((1) + combine·(2))` (module documentation). The merlin
    /// `transcript` is not used (see [`super::MoneroPlusProof`]'s implementation).
    fn add_terms(
        &self,
        statement: &MoneroStatement,
        _context: &mut (),
        weight: Scalar,
        combine: Scalar,
        eq: &mut Equation<Ed25519>,
    ) -> Result<(), ProofError> {
        let m = statement.commitments.len();
        let (padded, n, rounds) = shape(m);
        if self.l_vec.len() != rounds || self.r_vec.len() != rounds {
            return Err(ProofError::VerificationFailed);
        }
        // The chunks of 𝐝 (64 bits per padded output); fallible, so before any term.
        let chunks = crate::range::RangeShape::new(BITS, padded)?;
        let mut t = statement.original_seed.clone();
        let y = t.challenge(&[self.a.compressed.as_bytes(), self.s.compressed.as_bytes()]);
        let z = t.rehash();
        let x = t.challenge_twice(&[self.t1.compressed.as_bytes(), self.t2.compressed.as_bytes()]);
        let x_ip = t.challenge_twice(&[self.tau_x.as_bytes(), self.mu.as_bytes(), self.t_hat.as_bytes()]);
        let mut w: Vec<Scalar> = self
            .l_vec
            .iter()
            .zip(&self.r_vec)
            .map(|(l, r)| t.challenge(&[l.compressed.as_bytes(), r.compressed.as_bytes()]))
            .collect();
        if y == Scalar::ZERO || z == Scalar::ZERO || w.contains(&Scalar::ZERO) {
            return Err(ProofError::VerificationFailed);
        }
        let challenges = w.clone();
        <Scalar as ScalarOps>::batch_invert_vartime(&mut w);
        let w_inv = w;

        let eight = Scalar::from(8u8);
        let z_pows: Vec<Scalar> = crate::poly::powers(z).take(padded + 3).collect();
        let y_inv = y.invert_vartime();
        let sum_y = crate::poly::sum_of_powers(y, n);
        let ones = Scalar::from(u64::MAX);
        let delta = (z - z_pows[2]) * sum_y - ones * z_pows[3..3 + padded].iter().sum::<Scalar>();

        // (1), times weight.
        let wc = weight * combine;
        eq.add_b(weight * (self.t_hat - delta) + wc * x_ip * (self.t_hat - self.a_ip * self.b_ip));
        eq.add_b_blinding(weight * self.tau_x - wc * self.mu);
        for (cj, zj) in statement.commitments.iter().zip(&z_pows[2..]) {
            eq.add_point(-(weight * zj), cj.point);
        }
        eq.add_point(-(eight * weight * x), self.t1.point);
        eq.add_point(-(eight * weight * x * x), self.t2.point);
        // (2), times weight·combine.
        let wc8 = eight * wc;
        eq.add_point(wc8, self.a.point);
        eq.add_point(wc8 * x, self.s.point);
        for ((l, r), (wk, wk_inv)) in self.l_vec.iter().zip(&self.r_vec).zip(challenges.iter().zip(&w_inv)) {
            eq.add_point(wc8 * wk * wk, l.point);
            eq.add_point(wc8 * wk_inv * wk_inv, r.point);
        }
        // In Montgomery form (crate::group::fast), one multiplication per
        // generator and vector (as in the Bulletproofs verifier):
        // 𝐆_i: −wc·z − (wc·a)·s_i, (wc·a)·s_i a product tree (seed
        //   wc·a·Π w_k⁻¹, factors w_{lg−1−b}²);
        // 𝐇_i: wc·z + y^{−i}·wc·d_i − (wc·b)·s_i⁻¹·y^{−i}, the last a product
        //   tree (seed wc·b·Π w_k, factors w_{lg−1−b}⁻²·y^{−2^b}) and
        //   y^{−i}·wc·d_i = wc·z^{2+j}·y^{−64j}·(2·y⁻¹)^{i'} at i = 64j + i'.
        let fast = |v: &Scalar| v.to_fast();
        let w_fast: Vec<_> = challenges.iter().map(fast).collect();
        let w_inv_fast: Vec<_> = w_inv.iter().map(fast).collect();
        let prod = |v: &[<Scalar as Montgomery>::Fast]| v.iter().fold(Scalar::fast_one(), |p, x| p * *x);
        let wcz = (wc * z).to_fast();
        let w_sq: Vec<_> = w_fast.iter().rev().map(|w| *w * *w).collect();
        let a_s = crate::inner_product::product_tree((wc * self.a_ip).to_fast() * prod(&w_inv_fast), &w_sq);
        eq.add_g_layout_fast(BITS, a_s.iter().map(|a_s_i| -wcz - *a_s_i));
        let y_inv_fast = y_inv.to_fast();
        let mut y_inv_2b = y_inv_fast;
        let mut factors = Vec::with_capacity(rounds);
        for w in w_inv_fast.iter().rev() {
            factors.push(*w * *w * y_inv_2b);
            y_inv_2b = y_inv_2b * y_inv_2b;
        }
        let b_s_y = crate::inner_product::product_tree((wc * self.b_ip).to_fast() * prod(&w_fast), &factors);
        let y_inv_64 = crate::poly::pow_in(y_inv_fast, Scalar::fast_one(), BITS as u64);
        let d_y = crate::range::chunked_geometric(
            chunks,
            (wc * z_pows[2]).to_fast(),
            z.to_fast() * y_inv_64,
            y_inv_fast + y_inv_fast,
        );
        eq.add_h_layout_fast(BITS, b_s_y.iter().zip(d_y).map(|(b_s_i, d_y_i)| wcz + d_y_i - *b_s_i));
        Ok(())
    }
}
