//! The Bulletproofs range proof (paper §4.1, aggregated §4.3).
//!
//! **Statement.** Public: Pedersen bases `B, B̃`, vector bases `𝐆, 𝐇 ∈ 𝔾^N`,
//! commitments `V_j` for `j < m`. The prover knows `v_j, γ_j` with
//! `V_j = v_j·B + γ_j·B̃` and `v_j ∈ [0, 2^n)`.
//!
//! **Encoding of the statement** (paper eqs. (36)–(38), aggregated (65)).
//! With `k = j·n + i` for bit `i` of value `j`, and `N ≥ n·m` the padded
//! length (see [`super::RangeShape`]):
//! `𝐚_L ∈ {0,1}^N` holds the bits (padding entries `0`), `𝐚_R = 𝐚_L − 𝟏`,
//! and `𝐝 ∈ 𝔽^N` with `d_k = z^{2+j}·2^i` for `k < n·m`, `d_k = 0` beyond.
//! The prover shows
//! `𝐚_L ∘ 𝐚_R = 𝟎`, `𝐚_L − 𝐚_R = 𝟏`, and `⟨𝐚_L, 𝐝⟩ = Σ_j z^{2+j} v_j`.
//!
//! **Protocol** (paper §4.2, with the transcript order of
//! `transcript.rs`):
//!
//! 1. `A = α·B̃ + ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩`, `S = ρ·B̃ + ⟨𝐬_L, 𝐆⟩ + ⟨𝐬_R, 𝐇⟩` → `y, z`.
//! 2. `𝐥(X) = 𝐚_L − z𝟏 + 𝐬_L X`, `𝐫(X) = 𝐲^N ∘ (𝐚_R + z𝟏 + 𝐬_R X) + 𝐝`,
//!    `t(X) = ⟨𝐥(X), 𝐫(X)⟩ = t₀ + t₁X + t₂X²` (eqs. (39)–(42));
//!    `T_i = t_i·B + τ_i·B̃` → `x`.
//! 3. `t̂ = t(x)`, `τ_x = τ₁x + τ₂x² + Σ_j z^{2+j}γ_j`, `μ = α + ρx` → `w`.
//! 4. Inner-product argument (Protocol 2) for `𝐥(x), 𝐫(x)` on bases
//!    `𝐆, 𝐇' = 𝐲^{−N} ∘ 𝐇` and `Q = w·B`.
//!
//! **Verification** (eqs. (65), (67)–(68), with Protocol 2 unrolled):
//!
//! ```text
//!   t̂·B + τ_x·B̃ =? Σ_j z^{2+j}·V_j + δ(y,z)·B + x·T₁ + x²·T₂              (65)
//!   P = A + x·S − z·⟨𝟏,𝐆⟩ + ⟨z·𝐲^N + 𝐝, 𝐇'⟩ − μ·B̃                          (67)
//!   δ(y,z) = (z − z²)·⟨𝟏, 𝐲^N⟩ − Σ_j z^{3+j}·⟨𝟏, 𝟐^n⟩
//! ```
//!
//! (`δ` sums `𝐲` over all `N` positions, padding included, because padding
//! entries carry the `z`-terms of the bit constraints too.) The first
//! equation, multiplied by a random `c`, and the inner-product check with
//! `P + t̂·Q` are added as terms of one multiscalar multiplication
//! ([`crate::equation`]).
//!
//! **Soundness of padding.** The verifier's checks are those of the paper
//! for vectors of length `N`, with a vector `𝐝` that has zeros in the padding
//! positions. The paper's argument (Theorem 3 via eq. (44)) extracts
//! `𝐚_L, 𝐚_R` satisfying `𝐚_L∘𝐚_R = 𝟎`, `𝐚_L − 𝐚_R = 𝟏` entrywise (for
//! random `y`), and `⟨𝐚_L, 𝐝⟩ = Σ z^{2+j} v_j` (for random `z`): the
//! coefficient of `z^{2+j}` gives `v_j = Σ_{i<n} a_{L, jn+i}·2^i` with
//! binary digits, i.e. `v_j ∈ [0, 2^n)`. Padding positions appear in no
//! value's coefficient, so they cannot help any value out of range.
//!
//! **Prover.** Rounds 1–3 are the algebra of one chunk of the bit vector,
//! shared with the MPC parties ([`crate::range::mpc`]): the single prover
//! is one chunk covering all `N` positions (module `algebra`), and both
//! finish with the same `prove_aggregate`.
//!
//! **Owner recovery** (`prove_recoverable`, `recover`; module `recovery`):
//! the same prover with every nonce from a secret seed and the transcript,
//! `α = α₀ + μ` carrying the values and a message, recovered from
//! `μ_proof = α + ρx`.
//!
//! **Secrets.** Values, blindings and bit vectors meet curve arithmetic only
//! through constant-time operations: `A` adds `G_k` or `−H_k` chosen by a
//! constant-time select on the bit; `S`, `V_j`, `T₁`, `T₂` use the
//! constant-time multiscalar multiplication. Secret vectors and scalars live
//! in heap containers that are wiped on drop. The inner-product argument
//! runs in variable time over `𝐥(x), 𝐫(x)`, which are uniformly masked (see
//! `inner_product.rs`).

pub(crate) mod algebra;
mod recovery;

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::Choice;

use self::algebra::{secret, Bases, BitWitness};
use self::recovery::{ALPHA_STREAM, S_STREAM, TAU_STREAM};
use super::{RangeShape, RangeStatement};
use crate::ct::declassify;
use crate::encoding::{ProofPoint, Reader};
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::inner_product::{product_tree, InnerProductProof};
use crate::nonces::SeededNonces;
use crate::poly::{powers, sum_of_powers};
use crate::transcript::TranscriptProtocol;

/// A Bulletproofs range proof for `m` values of `n` bits.
///
/// Encoding (`bulletproofs` 5's): `A ‖ S ‖ T₁ ‖ T₂ ‖ t̂ ‖ τ_x ‖ μ ‖ L₀ ‖ R₀ ‖ … ‖
/// a ‖ b`; `(4 + 2·lg N)` points and `5` scalars: 672 bytes for one 64-bit
/// value on Ristretto255, plus 64 bytes per doubling of `N`.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeProof<G: Group> {
    a: ProofPoint<G>,
    s: ProofPoint<G>,
    t_1: ProofPoint<G>,
    t_2: ProofPoint<G>,
    t_x: G::Scalar,
    t_x_blinding: G::Scalar,
    e_blinding: G::Scalar,
    ipp: InnerProductProof<G>,
}

/// Where the prover's nonces come from.
enum Nonces<'a, R, S: ScalarOps> {
    /// The caller's RNG, in the order `α, ρ, 𝐬_L, 𝐬_R, τ₁, τ₂`.
    Rng(&'a mut R),
    /// Owner recovery: the seed and what the proof embeds (module `recovery`).
    Seeded(&'a [u8; 32], &'a crate::range::recovery::Prepared<S>),
}

/// The challenges and intermediate public values a verifier derives.
struct Replay<S> {
    y: S,
    z: S,
    x: S,
    w: S,
    u: Vec<S>,
}

impl<G: Group> RangeProof<G> {
    /// Assemble a proof from its fields (the MPC dealer, [`crate::range::mpc`]):
    /// `A, S, T₁, T₂`, then `t̂, τ_x, μ`, then the inner-product proof.
    pub(crate) fn from_parts(
        [a, s, t_1, t_2]: [ProofPoint<G>; 4],
        [t_x, t_x_blinding, e_blinding]: [G::Scalar; 3],
        ipp: InnerProductProof<G>,
    ) -> Self {
        RangeProof { a, s, t_1, t_2, t_x, t_x_blinding, e_blinding, ipp }
    }

    /// The prover, with nonces from the caller's RNG or, for owner
    /// recovery, from the seed and the public transcript with `α = α₀ + μ`
    /// (see [`recover`](Self::recover)).
    // Indexing: values has m entries and bit(k) reads k / n < m for k < n·m.
    #[allow(clippy::indexing_slicing)]
    fn prove_inner<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        mut nonces: Nonces<'_, R, G::Scalar>,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
        let shape = RangeShape::new(n, values.len())?;
        if blindings.len() != values.len() {
            return Err(ProofError::WrongNumBlindings { values: values.len(), blindings: blindings.len() });
        }
        bp_gens.check_layout(n, shape.padded)?;
        super::check_in_range(values, shape)?;
        let nm = shape.bits_total();
        // By reference: copies would be 160 KiB each at 64 × 16.
        let g: Vec<&G::Point> = bp_gens.g_layout(n, shape.padded).collect();
        let h: Vec<&G::Point> = bp_gens.h_layout(n, shape.padded).collect();

        let mut commitments = Vec::with_capacity(shape.m);
        for (v, gamma) in values.iter().zip(blindings) {
            let v_j = G::compress(&pc_gens.commit(&G::Scalar::from_u64(*v), gamma));
            declassify(&v_j);
            commitments.push(v_j);
        }
        bind_statement::<G>(transcript, shape, &commitments);

        // One chunk: all N positions, bit k = j·n + i of value j (padding: 0).
        let bit = |k: usize| -> Choice {
            if k < nm {
                Choice::from(((values[k / n] >> (k % n)) & 1) as u8)
            } else {
                Choice::from(0)
            }
        };
        let zero = G::Scalar::zero();
        let bases = Bases { g: &g, h: &h, chains: Some((bp_gens, n, 0)) };
        let (witness, a, s) = match &mut nonces {
            Nonces::Rng(rng) => BitWitness::commit(pc_gens, bases, bit, &zero, &mut **rng),
            Nonces::Seeded(seed, prepared) => {
                // α = α₀ + E_K(μ), α₀ keyed on the statement; ρ, 𝐬_L, 𝐬_R
                // keyed on the transcript after A, which binds α (module
                // `recovery`).
                let mut alpha_rng = SeededNonces::new(seed).rng(transcript, ALPHA_STREAM, &[]);
                let alpha = secret(G::Scalar::random(&mut alpha_rng) + *prepared.enciphered);
                BitWitness::commit_with(pc_gens, bases, bit, alpha, |a| {
                    let mut after_a = transcript.clone();
                    after_a.append_point::<G>(b"A", &a.compressed);
                    SeededNonces::new(seed).rng(&after_a, S_STREAM, &[])
                })
            }
        };
        transcript.append_point::<G>(b"A", &a.compressed);
        transcript.append_point::<G>(b"S", &s.compressed);
        let y = transcript.challenge_scalar::<G>(b"y");
        let z = transcript.challenge_scalar::<G>(b"z");

        let one = G::Scalar::one();
        let d = d_vector(shape, z, one);
        let (witness, t_1, t_2) = match &mut nonces {
            Nonces::Rng(rng) => witness.commit_poly(pc_gens, y, z, one, d, &mut **rng),
            Nonces::Seeded(seed, prepared) => {
                let mut tau_rng = SeededNonces::new(seed).rng(transcript, TAU_STREAM, &prepared.payload[..]);
                witness.commit_poly(pc_gens, y, z, one, d, &mut tau_rng)
            }
        };
        transcript.append_point::<G>(b"T_1", &t_1.compressed);
        transcript.append_point::<G>(b"T_2", &t_2.compressed);
        let x = transcript.challenge_scalar::<G>(b"x");

        let share = witness.share(x, powers(z).skip(2).zip(blindings));
        let proof = algebra::prove_aggregate(gens, transcript, shape, y, [a, s, t_1, t_2], share);
        Ok((proof, commitments))
    }
}

super::range_proof_system!(RangeProof, Bulletproofs, prove: |gens, transcript, values, blindings, n, rng| {
    RangeProof::prove_inner(gens, transcript, values, blindings, n, Nonces::Rng(rng))
});

impl<G: Group> Verifiable<G> for RangeProof<G> {
    type Statement = RangeStatement<G>;
    type Context = Transcript;

    /// The two checks (`t̂` against `T₁, T₂`, and the inner product) are
    /// joined by `combine`. Every fallible step runs before the first term
    /// is added.
    fn add_terms(
        &self,
        statement: &RangeStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        combine: G::Scalar,
        acc: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let shape = statement.shape();
        let n = shape.n;
        if self.ipp.rounds() != shape.rounds() {
            return Err(ProofError::WrongLength {
                expected: Self::encoded_len(n, shape.m)?,
                got: self.encoded_len_of(),
            });
        }
        let v_points = statement.points();
        let Replay { y, z, x, w, u } = self.replay(transcript, shape, statement.commitments())?;
        let c = combine * weight;
        // δ(y, z) = (z − z²)·Σ_{k<N} y^k − Σ_j z^{3+j}·(2^n − 1)
        let zz = z * z;
        let sum_z_j: G::Scalar = powers(z).skip(3).take(shape.m).sum();
        let delta = (z - zz) * sum_of_powers(y, shape.padded) - sum_z_j * G::Scalar::from_u64(shape.max_value());
        // c·(Σ_j z^{2+j}·V_j + δ·B + x·T₁ + x²·T₂ − t̂·B − τ_x·B̃), eq. (65)
        acc.add_point(c * x, self.t_1.point);
        acc.add_point(c * x * x, self.t_2.point);
        for (z_j, v) in powers(z).skip(2).zip(v_points) {
            acc.add_point(c * z_j, *v);
        }
        acc.add_b_blinding(-(c * self.t_x_blinding));
        acc.add_b(c * (delta - self.t_x));
        let ipa =
            InnerProductCheck { a: &self.a, s: &self.s, ipp: &self.ipp, t_x: self.t_x, e_blinding: self.e_blinding };
        ipa.add_terms(shape, [y, z, x, w], &u, weight, acc);
        Ok(())
    }
}

/// The inner-product half of the verification (eq. (67) with Protocol 2
/// unrolled), shared with the multi-asset proof ([`crate::range::assets`]):
/// `P + t̂·Q` against `⟨𝐥, 𝐆⟩ + ⟨𝐫, 𝐇'⟩ + ⟨𝐥, 𝐫⟩·Q` for `Q = w·B`, i.e.
/// `A + x·S − μ·B̃ − z·⟨𝟏,𝐆⟩ + ⟨z·𝐲^N + 𝐝, 𝐇'⟩ + Σ_k(u_k²·L_k + u_k⁻²·R_k)
/// + w·(t̂ − a·b)·B − a·⟨𝐬, 𝐆⟩ − b·⟨𝐬⁻¹, 𝐇'⟩ = 𝟙`.
pub(crate) struct InnerProductCheck<'a, G: Group> {
    pub(crate) a: &'a ProofPoint<G>,
    pub(crate) s: &'a ProofPoint<G>,
    pub(crate) ipp: &'a InnerProductProof<G>,
    /// `t̂`, the claimed `⟨𝐥(x), 𝐫(x)⟩`.
    pub(crate) t_x: G::Scalar,
    /// `μ`.
    pub(crate) e_blinding: G::Scalar,
}

impl<G: Group> InnerProductCheck<'_, G> {
    /// Add the check times `weight`; `[y, z, x, w]` and the round
    /// challenges `u` from the replayed transcript.
    pub(crate) fn add_terms(
        &self,
        shape: RangeShape,
        [y, z, x, w]: [G::Scalar; 4],
        u: &[G::Scalar],
        weight: G::Scalar,
        acc: &mut Equation<G>,
    ) {
        // In Montgomery form (crate::group::fast) throughout; one inversion
        // for every u_k and y.
        let mut inverses: Vec<_> = u.iter().chain([&y]).map(|v| v.to_fast()).collect();
        G::Scalar::batch_invert_fast(&mut inverses);
        let y_inv = inverses.pop().unwrap_or_default();
        let u_inv = inverses;
        let u_fast: Vec<_> = u.iter().map(|v| v.to_fast()).collect();
        let (a, b) = (self.ipp.a, self.ipp.b);
        let w_fast = weight.to_fast();

        acc.add_point(weight, self.a.point);
        acc.add_point(weight * x, self.s.point);
        for (((l, r), u), u_inv) in self.ipp.l_vec.iter().zip(&self.ipp.r_vec).zip(&u_fast).zip(&u_inv) {
            acc.add_point(G::Scalar::from_fast(&(w_fast * *u * *u)), l.point);
            acc.add_point(G::Scalar::from_fast(&(w_fast * *u_inv * *u_inv)), r.point);
        }
        acc.add_b_blinding(-(weight * self.e_blinding));
        acc.add_b(weight * w * (self.t_x - a * b));
        // G_k: −w·z − (w·a)·s_k;  H_k: w·z + y^{−k}·w·d_k − (w·b)·s_k⁻¹·y^{−k}.
        // Each vector costs one multiplication per k ([`product_tree`] and
        // a geometric sequence), which matters in large batches:
        //   (w·a)·s_k           = seed Π u_j⁻¹·(w·a), factors u_{lg−1−b}²;
        //   (w·b)·s_k⁻¹·y^{−k}  = seed Π u_j·(w·b),  factors u_{lg−1−b}⁻²·y^{−2^b};
        //   y^{−k}·w·d_k        = w·z^{2+j}·y^{−jn}·(2·y⁻¹)^i at k = j·n + i
        //                         (zero on padding).
        let wz = (weight * z).to_fast();
        let prod = |v: &[<G::Scalar as Montgomery>::Fast]| v.iter().fold(G::Scalar::fast_one(), |p, x| p * *x);
        let a_s = product_tree(
            (weight * a).to_fast() * prod(&u_inv),
            &u_fast.iter().rev().map(|u| *u * *u).collect::<Vec<_>>(),
        );
        acc.add_g_layout_fast(shape.n, a_s.iter().map(|a_s_k| -wz - *a_s_k));
        let mut y_inv_2b = y_inv;
        let mut factors = Vec::with_capacity(u.len());
        for u_inv in u_inv.iter().rev() {
            factors.push(*u_inv * *u_inv * y_inv_2b);
            y_inv_2b = y_inv_2b * y_inv_2b;
        }
        let b_s_inv_y = product_tree((weight * b).to_fast() * prod(&u_fast), &factors);
        let y_inv_n = crate::poly::pow_in(y_inv, G::Scalar::fast_one(), shape.n as u64);
        let d_y =
            super::chunked_geometric(shape, w_fast * z.to_fast() * z.to_fast(), z.to_fast() * y_inv_n, y_inv + y_inv);
        acc.add_h_layout_fast(shape.n, b_s_inv_y.iter().zip(d_y).map(|(b_s_k, d_y_k)| wz + d_y_k - *b_s_k));
    }
}

impl<G: Group> RangeProof<G> {
    /// Append the statement and proof to the transcript in protocol order,
    /// validating points, and return the challenges.
    fn replay(
        &self,
        transcript: &mut Transcript,
        shape: RangeShape,
        commitments: &[G::Compressed],
    ) -> Result<Replay<G::Scalar>, ProofError> {
        let [y, z, x] = self.replay_to_x(transcript, shape, commitments, |_, _| {})?;
        transcript.append_scalar::<G>(b"t_x", &self.t_x);
        transcript.append_scalar::<G>(b"t_x_blinding", &self.t_x_blinding);
        transcript.append_scalar::<G>(b"e_blinding", &self.e_blinding);
        let w = transcript.challenge_scalar::<G>(b"w");
        let u = self.ipp.challenges(shape.padded, transcript)?;
        Ok(Replay { y, z, x, w, u })
    }

    /// The transcript up to `x`: returns `y, z, x`. `at(k, transcript)` sees
    /// the transcript where the prover draws its nonces: `k = 0` after the
    /// statement (`α₀`), `k = 1` after `A` (`ρ, 𝐬_L, 𝐬_R`), `k = 2` after
    /// `y, z` (`τ₁, τ₂`).
    fn replay_to_x(
        &self,
        transcript: &mut Transcript,
        shape: RangeShape,
        commitments: &[G::Compressed],
        mut at: impl FnMut(usize, &Transcript),
    ) -> Result<[G::Scalar; 3], ProofError> {
        // A commitment may be the identity (value 0, blinding 0), as in
        // `bulletproofs` 5; the proof's own points may not.
        bind_statement::<G>(transcript, shape, commitments);
        at(0, transcript);
        transcript.validate_and_append_point::<G>(b"A", &self.a.compressed)?;
        at(1, transcript);
        transcript.validate_and_append_point::<G>(b"S", &self.s.compressed)?;
        let y = transcript.challenge_scalar::<G>(b"y");
        let z = transcript.challenge_scalar::<G>(b"z");
        at(2, transcript);
        transcript.validate_and_append_point::<G>(b"T_1", &self.t_1.compressed)?;
        transcript.validate_and_append_point::<G>(b"T_2", &self.t_2.compressed)?;
        let x = transcript.challenge_scalar::<G>(b"x");
        Ok([y, z, x])
    }

    /// The encoded length of a proof for `m` values of `n` bits.
    pub fn encoded_len(n: usize, m: usize) -> Result<usize, ProofError> {
        let shape = RangeShape::new(n, m)?;
        Ok(Self::len_for_rounds(shape.rounds()))
    }

    fn len_for_rounds(rounds: usize) -> usize {
        4 * G::POINT_LEN + 3 * SCALAR_LEN + InnerProductProof::<G>::encoded_len(rounds)
    }

    fn encoded_len_of(&self) -> usize {
        Self::len_for_rounds(self.ipp.rounds())
    }

    /// Serialize: `A ‖ S ‖ T₁ ‖ T₂ ‖ t̂ ‖ τ_x ‖ μ ‖ (L_k ‖ R_k)_k ‖ a ‖ b`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.encoded_len_of());
        for p in [&self.a, &self.s, &self.t_1, &self.t_2] {
            out.extend_from_slice(G::compressed_bytes(&p.compressed));
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            out.extend_from_slice(&s.to_bytes());
        }
        self.ipp.write(&mut out);
        out
    }

    /// Deserialize strictly: the length must be that of some proof (at most
    /// 64 × 64 bits), every scalar canonical, every point a valid encoding.
    /// Whether the length fits a statement's `n, m` is checked at
    /// verification, or up front by [`from_bytes_for`](Self::from_bytes_for).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let rounds = Self::rounds_for_len(bytes.len())?;
        let mut r = Reader::new(bytes);
        let a = r.read_point::<G>()?;
        let s = r.read_point::<G>()?;
        let t_1 = r.read_point::<G>()?;
        let t_2 = r.read_point::<G>()?;
        let t_x = r.read_scalar::<G>()?;
        let t_x_blinding = r.read_scalar::<G>()?;
        let e_blinding = r.read_scalar::<G>()?;
        let ipp = InnerProductProof::read(&mut r, rounds)?;
        Ok(RangeProof { a, s, t_1, t_2, t_x, t_x_blinding, e_blinding, ipp })
    }

    /// Deserialize and check the length is exactly that for `n`, `m`.
    pub fn from_bytes_for(bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError> {
        let expected = Self::encoded_len(n, m)?;
        if bytes.len() != expected {
            return Err(ProofError::WrongLength { expected, got: bytes.len() });
        }
        Self::from_bytes(bytes)
    }

    fn rounds_for_len(len: usize) -> Result<usize, ProofError> {
        let max_rounds = RangeShape { n: 64, m: 64, padded: 4096 }.rounds();
        (0..=max_rounds)
            .find(|&k| Self::len_for_rounds(k) == len)
            .ok_or(ProofError::WrongLength { expected: 0, got: len })
    }
}

/// The statement's part of the transcript: the domain separators and `V_j`.
pub(crate) fn bind_statement<G: Group>(transcript: &mut Transcript, shape: RangeShape, commitments: &[G::Compressed]) {
    transcript.rangeproof_domain_sep(shape.n as u64, shape.m as u64);
    transcript.group_domain_sep::<G>();
    for v in commitments {
        transcript.append_point::<G>(b"V", v);
    }
}

/// `scale·d`, `d_k = z^{2+j}·2^i` for `k = j·n + i < n·m`, zero on padding
/// (paper eq. (71), aggregated).
pub(crate) fn d_vector<S>(shape: RangeShape, z: S, scale: S) -> impl Iterator<Item = S>
where
    S: Copy + Default + core::ops::Add<Output = S> + core::ops::Mul<Output = S>,
{
    super::chunked_powers_of_two(shape, scale * z * z, z)
}

crate::encoding::impl_serde_as_bytes!(RangeProof, "a range proof");

#[cfg(test)]
mod tests {
    //! Frozen-Heart check: every public input reaches the challenges.
    use super::*;
    use crate::group::Ristretto255;
    use crate::range::frozen_heart as fh;

    type G = Ristretto255;

    fn challenges(
        proof: &RangeProof<G>,
        label: &'static [u8],
        commitments: &[<G as Group>::Compressed],
        n: usize,
    ) -> Vec<<G as Group>::Scalar> {
        let shape = RangeShape::new(n, commitments.len()).unwrap();
        let r = proof.replay(&mut Transcript::new(label), shape, commitments).unwrap();
        [r.y, r.z, r.x, r.w].into_iter().chain(r.u).collect()
    }

    /// A proof's equation is linear in its weight: both checks (the
    /// inner product, and `t̂` against `T₁, T₂` joined by `combine`) carry
    /// it, so weight `2w` sums to twice what `w` does, for a proof whose
    /// equation does not hold (`τ_x` changed), whatever `combine`.
    #[test]
    fn the_equation_is_linear_in_the_weight() {
        let (gens, proof, commitments) = fh::honest::<G, RangeProof<G>>(9);
        let statement = RangeStatement::<G>::new(fh::N, &commitments).unwrap();
        let mut bad = proof.clone();
        bad.t_x_blinding += <G as Group>::Scalar::from(5u64);
        let sum = |p: &RangeProof<G>, w: u64, k: u64| {
            let mut eq = Equation::new();
            let (w, k) = (<G as Group>::Scalar::from(w), <G as Group>::Scalar::from(k));
            p.add_terms(&statement, &mut Transcript::new(fh::LABEL), w, k, &mut eq).unwrap();
            eq.sum(&gens).unwrap()
        };
        for (w, k) in [(1u64, 1u64), (3, 7), (5, 2)] {
            assert_eq!(sum(&proof, w, k), G::identity());
            let once = sum(&bad, w, k);
            assert_ne!(once, G::identity());
            assert_eq!(sum(&bad, 2 * w, k), once + once, "w {w} combine {k}");
        }
    }

    #[test]
    fn every_public_input_changes_every_challenge() {
        let (gens, proof, commitments) = fh::honest::<G, RangeProof<G>>(9);
        let base = challenges(&proof, fh::LABEL, &commitments, fh::N);
        fh::label_and_commitments(&gens, &commitments, |label, c, n| challenges(&proof, label, c, n));
        // n = 8, 9 keep the padded length 32 for m = 3.
        fh::all_differ(&base, &challenges(&proof, fh::LABEL, &commitments, 9), "n");
        fh::all_differ(&base, &challenges(&proof, fh::LABEL, &commitments, 8), "n");
        // m = 4 (one more commitment) with the same padded length.
        let mut more = commitments.clone();
        more.push(G::compress(&G::identity()));
        fh::all_differ(&base, &challenges(&proof, fh::LABEL, &more, 8), "m");
        // And every proof point and scalar feeds the later challenges.
        let bytes = proof.to_bytes();
        for (offset, first_affected) in
            [(0usize, 0usize), (32, 0), (64, 2), (96, 2), (128, 3), (160, 3), (192, 3), (224, 4)]
        {
            let point = !(128..224).contains(&offset);
            let p = RangeProof::<G>::from_bytes(&fh::mutated::<G>(&bytes, offset, point)).unwrap();
            let other = challenges(&p, fh::LABEL, &commitments, fh::N);
            fh::later_differ(&base, &other, first_affected, &format!("offset {offset}"));
        }
    }
}
