//! The zero-knowledge weighted inner-product argument (Bulletproofs+ paper,
//! Chung, Han, Ju, Kim, Seo 2020, §3, Protocol "zk-WIP", Figure 1).
//!
//! **Weighted inner product.** For `𝐚, 𝐛 ∈ 𝔽^n` and `y ∈ 𝔽`,
//! `𝐚 ⊙_y 𝐛 = Σ_{i=1}^{n} a_i·b_i·y^i`.
//!
//! **Statement.** Public: `𝐆, 𝐇 ∈ 𝔾^N` (`N` a power of two), `g, h ∈ 𝔾`
//! (the Pedersen bases `B`, `B̃`), `y` and `P`. The prover knows `𝐚, 𝐛, α`
//! with
//!
//! ```text
//!     P = ⟨𝐚, 𝐆⟩ + ⟨𝐛, 𝐇⟩ + (𝐚 ⊙_y 𝐛)·g + α·h.
//! ```
//!
//! **Rounds** (while `n > 1`, `n̂ = n/2`, halves `·₁, ·₂`): random `d_L, d_R`,
//!
//! ```text
//!     c_L = 𝐚₁ ⊙_y 𝐛₂,   c_R = (y^{n̂}·𝐚₂) ⊙_y 𝐛₁
//!     L = ⟨y^{−n̂}·𝐚₁, 𝐆₂⟩ + ⟨𝐛₂, 𝐇₁⟩ + c_L·g + d_L·h
//!     R = ⟨y^{n̂}·𝐚₂, 𝐆₁⟩ + ⟨𝐛₁, 𝐇₂⟩ + c_R·g + d_R·h
//! ```
//!
//! challenge `e`, then `𝐆 ← e⁻¹·𝐆₁ + e·y^{−n̂}·𝐆₂`, `𝐇 ← e·𝐇₁ + e⁻¹·𝐇₂`,
//! `𝐚 ← e·𝐚₁ + e⁻¹·y^{n̂}·𝐚₂`, `𝐛 ← e⁻¹·𝐛₁ + e·𝐛₂`,
//! `α ← α + e²·d_L + e⁻²·d_R`, `P ← e²·L + P + e⁻²·R`.
//!
//! **Last step** (`n = 1`): random `r, s, δ, η`;
//! `A = r·G + s·H + y·(r·b + s·a)·g + δ·h`, `B = r·y·s·g + η·h`, challenge
//! `e`; send `r' = r + a·e`, `s' = s + b·e`, `δ' = η + δ·e + α·e²`. The
//! verifier checks `e²·P + e·A + B = r'e·G + s'e·H + r'ys'·g + δ'·h`.
//!
//! **Verification as one multiscalar multiplication.** Unrolling the folds,
//! the final `G = Σ_i s_i·y^{−i}·G_i` and `H = Σ_i s_i⁻¹·H_i` (`i` from 0)
//! with `s_i = Π_k e_k^{±1}`, `+` where bit `lg N − 1 − k` of `i` is set —
//! the same `s` as the inner-product argument's (`crate::inner_product::s_vector`):
//! the `y^{−n̂}` factors of round `k` multiply exactly the generators whose
//! bit `k` is set, and `Σ_k n̂_k·bit_k(i) = i`. The check becomes
//!
//! ```text
//!   e²·P + Σ_k e²(e_k²·L_k + e_k⁻²·R_k) + e·A + B
//!       − r'e·Σ_i s_i y^{−i}·G_i − s'e·Σ_i s_i⁻¹·H_i − r'ys'·g − δ'·h = 𝟙
//! ```
//!
//! whose terms the caller adds (with `P`'s) to the verification engine.
//!
//! **Timing.** Unlike the inner-product argument of Bulletproofs, the
//! vectors here are not masked: in the range proof `𝐚 = 𝐚_L − z𝟏` holds the
//! secret bits. Every multiplication of a point by `𝐚`, `𝐛` or the nonces
//! is therefore constant time ([`Group::msm_ct`]); only the generator folds,
//! whose scalars are public challenges, are variable time.
//!
//! **Bit-structured inputs** ([`BitInputs`]). In the range proof the
//! vectors are `𝐚 = 𝐛𝐢𝐭𝐬 + α·𝟏` and `𝐛 = 𝐛𝐢𝐭𝐬 + 𝛃` (`α = −z`,
//! `β_k = z − 1 + d_k·y^{N−k}`): the secret is only which bits are set.
//! The folds are the same for every index, so after `k` rounds
//! `a(i) = Σ_t κ_t·bit_{i+t·n} + α` and `b(i) = Σ_t λ_t·bit_{i+t·n} + β(i)`
//! with public `κ, λ` (`2^k` each), `α` and `𝛃`. A cross term then splits
//! into sums of generators chosen by bits (one constant-time selection
//! and one addition per bit, grouped by their public coefficient) times
//! public scalars, plus a public part: `⟨𝐚₁, 𝐆₂⟩ = Σ_t κ_t·(Σ_i bit·G) +
//! α·ΣG`. The prover uses it in the lazy rounds, where the per-term
//! constant-time multiscalar multiplication (about 70 additions and 64
//! table scans per term) was the cost; the proof is the same.

use alloc::vec;
use alloc::vec::Vec;

use merlin::Transcript;
use zeroize::{Zeroize, Zeroizing};

use crate::ct::declassify;
use crate::encoding::{ProofPoint, Reader};
use crate::equation::Equation;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::nonces::NonceSource;
use crate::poly::{powers, FoldingGens};
use crate::transcript::TranscriptProtocol;

/// A zk-WIP proof: `lg N` pairs `(L_k, R_k)`, the last step's `A, B`, and
/// `r', s', δ'`.
#[derive(Clone, Debug, PartialEq)]
pub struct WipProof<G: Group> {
    pub(crate) l_vec: Vec<ProofPoint<G>>,
    pub(crate) r_vec: Vec<ProofPoint<G>>,
    pub(crate) a1: ProofPoint<G>,
    pub(crate) b: ProofPoint<G>,
    pub(crate) r1: G::Scalar,
    pub(crate) s1: G::Scalar,
    pub(crate) d1: G::Scalar,
}

/// The challenges a verifier replays: `e_k` per round and the last `e`.
pub(crate) struct WipChallenges<S> {
    pub(crate) e: Vec<S>,
    pub(crate) e_last: S,
}

/// Rounds computed over the original generators before folding (see
/// `WipProof::prove_lazy`), for length `N`. A lazy round costs `N`
/// constant-time terms for each of `L`, `R` instead of `n` (with the range
/// proof's bit structure: `2^k·N` selections and additions, `2·4^k` class
/// sums and an `N/2`-term public multiscalar multiplication), but saves folding
/// the generators (`256` doublings per folded point); the virtual
/// generators are then materialised once as `2^k`-term MSMs. Measured with
/// the bit structure (64-bit BP+ prove, callgrind instructions per proof,
/// AVX2 build, k = 2 / 3 / 4): m = 1 → 52.3 M / 53.2 M / 81.5 M;
/// m = 2 → 96.0 M / 90.0 M; m = 4 → 181.9 M / 163.3 M / 194.0 M;
/// m = 16 → 567 M at k = 3, 598 M at k = 4. The proofs are identical for
/// every k.
fn lazy_rounds(big_n: usize) -> usize {
    if big_n <= 64 {
        2
    } else {
        3
    }
}

/// The range proof's bit structure of `𝐚, 𝐛` (module documentation):
/// `a_k = bits_k + alpha`, `b_k = bits_k + beta_k`, `bits_k ∈ {0, 1}`
/// secret, `alpha` and `beta` (length `N`) public.
pub(crate) struct BitInputs<'a, S> {
    /// One byte per index, `0` or `1` (secret).
    pub bits: &'a [u8],
    /// `α`.
    pub alpha: S,
    /// `𝛃`.
    pub beta: Vec<S>,
}

/// [`BitInputs`] after `k` rounds, at length `n`:
/// `a(i) = Σ_{t<2^k} kappa_t·bits_{i+t·n} + alpha`,
/// `b(i) = Σ_t lambda_t·bits_{i+t·n} + beta(i)`. Everything but `bits` is
/// public.
struct BitState<'a, S> {
    bits: &'a [u8],
    kappa: Vec<S>,
    lambda: Vec<S>,
    alpha: S,
    beta: Vec<S>,
}

impl<S: ScalarOps> BitState<'_, S> {
    /// The round's fold `𝐚 ← e·𝐚₁ + e⁻¹·y^{n̂}·𝐚₂`, `𝐛 ← e⁻¹·𝐛₁ + e·𝐛₂`:
    /// bit `i + t·n` is bit `i + 2t·n̂` of the lower half and
    /// `i + (2t+1)·n̂` of the upper one.
    fn fold(&mut self, e: S, e_inv: S, y_half: S) {
        let upper = e_inv * y_half;
        self.kappa = self.kappa.iter().flat_map(|k| [e * *k, upper * *k]).collect();
        self.lambda = self.lambda.iter().flat_map(|l| [e_inv * *l, e * *l]).collect();
        self.alpha = (e + upper) * self.alpha;
        let half = self.beta.len() / 2;
        let (lo, hi) = self.beta.split_at_mut(half);
        for (lo, hi) in lo.iter_mut().zip(hi.iter()) {
            *lo = e_inv * *lo + e * *hi;
        }
        self.beta.truncate(half);
    }
}

/// A lazy round's `L` (`g_high`) or `R` from the bit structure: the same
/// point as the constant-time multiscalar multiplication over the
/// originals (`FoldingGens::cross_terms`), `a_factor = y^{∓n̂}`.
///
/// With `n` the current length, `n̂ = n/2` and the originals in classes
/// `c < N/n` (`j = c·n + p`, the coefficient `c_j` the same in a class),
/// `L`'s `𝐆` part is `Σ_c Σ_{p ≥ n̂} a(p − n̂)·y^{−n̂}·c_{cn}·G_{cn+p}`
/// and its `𝐇` part `Σ_c Σ_{p < n̂} b(p + n̂)·c'_{cn}·H_{cn+p}` (`R`:
/// the halves swapped). Each `Σ_t κ_t·bits` splits off a sum of
/// generators chosen by bits, per class `(c, t)`.
// Indexing: bits and originals have N = (N/n)·n entries; kappa, lambda
// have N/n; beta has n.
#[allow(clippy::indexing_slicing, clippy::too_many_arguments)]
fn cross_from_bits<G: Group>(
    st: &BitState<'_, G::Scalar>,
    parts: &crate::poly::LazyParts<'_, G>,
    n: usize,
    g_high: bool,
    a_factor: G::Scalar,
    (c, d): (G::Scalar, G::Scalar),
    (g, h): (&G::Point, &G::Point),
) -> G::Point {
    let half = n / 2;
    let classes = st.kappa.len();
    // Positions of the 𝐆 and 𝐇 terms, and the indices of 𝐚 and 𝐛 they use.
    let (g_pos, a_idx, h_pos, b_idx) = if g_high { (half, 0, 0, half) } else { (0, half, half, 0) };
    let mut secret_scalars = Vec::with_capacity(2 * classes * classes + 2);
    let mut secret_points = Vec::with_capacity(2 * classes * classes + 2);
    let mut public_scalars = Vec::with_capacity(classes * (half + 1));
    let mut public_points = Vec::with_capacity(classes * (half + 1));
    let chosen = |points: &[G::Point], bit_start: usize| -> G::Point {
        let mut sum = G::identity();
        for (i, p) in points.iter().enumerate() {
            let bit = subtle::Choice::from(st.bits[bit_start + i] & 1);
            sum += subtle::ConditionallySelectable::conditional_select(&G::identity(), p, bit);
        }
        sum
    };
    for class in 0..classes {
        let base = class * n;
        let g_part = &parts.g[base + g_pos..base + g_pos + half];
        let h_part = &parts.h[base + h_pos..base + h_pos + half];
        let g_coeff = a_factor * parts.cg[base];
        let h_coeff = parts.ch[base];
        public_scalars.push(g_coeff * st.alpha);
        public_points.push(g_part.iter().copied().sum());
        for (beta, p) in st.beta[b_idx..b_idx + half].iter().zip(h_part) {
            public_scalars.push(h_coeff * *beta);
            public_points.push(*p);
        }
        for t in 0..classes {
            secret_scalars.push(g_coeff * st.kappa[t]);
            secret_points.push(chosen(g_part, a_idx + t * n));
            secret_scalars.push(h_coeff * st.lambda[t]);
            secret_points.push(chosen(h_part, b_idx + t * n));
        }
    }
    secret_scalars.extend([c, d]);
    secret_points.extend([*g, *h]);
    let secret = G::msm_ct_secret_points(&secret_scalars, &secret_points);
    secret_scalars.zeroize();
    // Sums of generators chosen by secret bits: wiped before freeing.
    secret_points.zeroize();
    secret + G::msm_vartime(&public_scalars, &public_points)
}

/// The last step's nonces `r, s, δ, η`, drawn at one transcript state.
pub(crate) fn last_nonces<S: ScalarOps, N: NonceSource>(nonces: &mut N, transcript: &Transcript) -> [S; 4] {
    [
        nonces.nonce(transcript, b"r", 0),
        nonces.nonce(transcript, b"s", 0),
        nonces.nonce(transcript, b"delta", 0),
        nonces.nonce(transcript, b"eta", 0),
    ]
}

/// `Σ_i a_i·b_i·y^{i+1}` over the common length (`y_pows[i] = y^{i+1}`).
fn weighted_inner_product<S: ScalarOps>(a: &[S], b: &[S], y_pows: &[S]) -> S {
    a.iter().zip(b).zip(y_pows).fold(S::zero(), |acc, ((a, b), y)| acc + *a * *b * *y)
}

/// The public side of one weighted inner-product argument: the bases
/// `g`, `h`, the weight `y` and the generators `𝐆, 𝐇` (length `N`, a power
/// of two).
pub(crate) struct WipBases<'a, G: Group> {
    /// `g`.
    pub g: &'a G::Point,
    /// `h`.
    pub h: &'a G::Point,
    /// `y`.
    pub y: G::Scalar,
    /// `𝐆`.
    pub g_vec: Vec<G::Point>,
    /// `𝐇`.
    pub h_vec: Vec<G::Point>,
}

impl<G: Group> WipProof<G> {
    /// Prove the relation above for `a`, `b` (overwritten as they fold) and
    /// `alpha`, on generators `g_vec`, `h_vec` (length `N`, a power of two)
    /// and bases `g`, `h`. The caller binds the argument's domain
    /// separator (`wip_domain_sep`) first, if its transcript schedule has
    /// one.
    pub(crate) fn prove<N: NonceSource>(
        transcript: &mut Transcript,
        bases: WipBases<'_, G>,
        a: &mut [G::Scalar],
        b: &mut [G::Scalar],
        alpha: G::Scalar,
        bits: Option<BitInputs<'_, G::Scalar>>,
        nonces: &mut N,
    ) -> Self {
        let lazy = lazy_rounds(a.len());
        Self::prove_lazy(transcript, bases, (a, b, alpha), bits, nonces, lazy)
    }

    /// [`prove`](Self::prove) with the first `lazy` rounds computed over the
    /// original generators (the proof is the same for every `lazy`, with
    /// or without `bits`: `a`, `b` must agree with them).
    // Indexing: the prover's own vectors, of the caller-checked power-of-two length N or halves of it.
    #[allow(clippy::indexing_slicing)]
    fn prove_lazy<N: NonceSource>(
        transcript: &mut Transcript,
        bases: WipBases<'_, G>,
        (a, b, alpha): (&mut [G::Scalar], &mut [G::Scalar], G::Scalar),
        bits: Option<BitInputs<'_, G::Scalar>>,
        nonces: &mut N,
        lazy: usize,
    ) -> Self {
        let WipBases { g, h, y, g_vec, h_vec } = bases;
        let big_n = a.len();
        debug_assert!(big_n.is_power_of_two() && b.len() == big_n);
        debug_assert!(g_vec.len() == big_n && h_vec.len() == big_n);
        // y^1 … y^N, and y^{-n̂} for each round's n̂.
        let y_pows: Vec<G::Scalar> = powers(y).skip(1).take(big_n).collect();
        let y_inv = y.invert_vartime();
        let lg_n = big_n.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(lg_n);
        let mut r_vec = Vec::with_capacity(lg_n);
        let mut alpha = Zeroizing::new(alpha);
        let mut scalars = Zeroizing::new(Vec::with_capacity(big_n + 2));
        let mut points = Vec::with_capacity(big_n + 2);

        // The first `lazy` rounds run over the original generators
        // (crate::poly::FoldingGens), the rest fold them.
        let lazy = lazy.min(lg_n);
        let mut gens: FoldingGens<G> = if lazy == 0 {
            FoldingGens::eager(g_vec, h_vec)
        } else {
            FoldingGens::lazy(g_vec, h_vec, vec![G::Scalar::one(); big_n], vec![G::Scalar::one(); big_n])
        };
        // The bit structure serves the lazy rounds only.
        let mut structure = bits.filter(|_| lazy > 0).map(|bits| BitState {
            bits: bits.bits,
            kappa: vec![G::Scalar::one()],
            lambda: vec![G::Scalar::one()],
            alpha: bits.alpha,
            beta: bits.beta,
        });
        let mut a = a;
        let mut b = b;
        for k in 0..lg_n {
            if k == lazy {
                gens.materialise();
                structure = None;
            }
            let half = gens.len() / 2;
            let y_half = y_pows[half - 1];
            let y_half_inv = crate::poly::pow(y_inv, half as u64);
            let (a1, a2) = a.split_at_mut(half);
            let (b1, b2) = b.split_at_mut(half);
            let c_l = Zeroizing::new(weighted_inner_product(a1, b2, &y_pows));
            let c_r = Zeroizing::new(y_half * weighted_inner_product(a2, b1, &y_pows));
            let d_l = Zeroizing::new(nonces.nonce::<G::Scalar>(transcript, b"d_L", 0));
            let d_r = Zeroizing::new(nonces.nonce::<G::Scalar>(transcript, b"d_R", 0));
            // L = ⟨y^{−n̂}·a1, G2⟩ + ⟨b2, H1⟩ + c_L·g + d_L·h, R likewise:
            // secret scalars, constant time.
            let mut cross = |g_high: bool,
                             a: &dyn Fn(usize) -> G::Scalar,
                             b: &dyn Fn(usize) -> G::Scalar,
                             c: G::Scalar,
                             d: G::Scalar| {
                scalars.clear();
                points.clear();
                gens.cross_terms(g_high, a, b, |_, _, scalar, point| {
                    scalars.push(scalar);
                    points.push(*point);
                });
                scalars.extend([c, d]);
                points.extend([*g, *h]);
                crate::group::msm_ct_par::<G>(&scalars, &points)
            };
            let (l, r) = match (&structure, gens.lazy_parts()) {
                (Some(st), Some(parts)) => {
                    let from_bits = |g_high: bool, factor: G::Scalar, c: G::Scalar, d: G::Scalar| {
                        cross_from_bits::<G>(st, &parts, 2 * half, g_high, factor, (c, d), (g, h))
                    };
                    (from_bits(true, y_half_inv, *c_l, *d_l), from_bits(false, y_half, *c_r, *d_r))
                }
                _ => (
                    cross(true, &|i| a1[i] * y_half_inv, &|i| b2[i], *c_l, *d_l),
                    cross(false, &|i| a2[i] * y_half, &|i| b1[i], *c_r, *d_r),
                ),
            };
            // Public from here on.
            let [l, r] = [l, r].map(|p| {
                let p = ProofPoint::<G>::from_point(p);
                declassify(&p);
                p
            });
            transcript.append_point::<G>(b"L", &l.compressed);
            transcript.append_point::<G>(b"R", &r.compressed);
            l_vec.push(l);
            r_vec.push(r);
            let e = transcript.challenge_scalar::<G>(b"e");
            let e_inv = e.invert_vartime();
            for (a1, a2) in a1.iter_mut().zip(a2.iter()) {
                *a1 = e * *a1 + e_inv * y_half * *a2;
            }
            for (b1, b2) in b1.iter_mut().zip(b2.iter()) {
                *b1 = e_inv * *b1 + e * *b2;
            }
            gens.fold(e_inv, e * y_half_inv, e, e_inv);
            if let Some(st) = structure.as_mut() {
                st.fold(e, e_inv, y_half);
            }
            *alpha = *alpha + *d_l * e * e + *d_r * e_inv * e_inv;
            a = a1;
            b = b1;
        }
        let (g_vec, h_vec) = gens.current();

        let (a, b) = (a[0], b[0]);
        let [r, s, delta, eta] = last_nonces::<G::Scalar, N>(nonces, transcript).map(Zeroizing::new);
        let a1 = ProofPoint::<G>::from_point(G::msm_ct(
            &[*r, *s, y * (*r * b + *s * a), *delta],
            &[g_vec[0], h_vec[0], *g, *h],
        ));
        let b_point = ProofPoint::<G>::from_point(G::msm_ct(&[*r * y * *s, *eta], &[*g, *h]));
        declassify(&a1);
        declassify(&b_point);
        transcript.append_point::<G>(b"A1", &a1.compressed);
        transcript.append_point::<G>(b"B", &b_point.compressed);
        let e = transcript.challenge_scalar::<G>(b"e");
        let r1 = *r + a * e;
        let s1 = *s + b * e;
        let d1 = *eta + *delta * e + *alpha * e * e;
        declassify(&r1);
        declassify(&s1);
        declassify(&d1);
        WipProof { l_vec, r_vec, a1, b: b_point, r1, s1, d1 }
    }

    /// Number of rounds, `lg N`.
    pub fn rounds(&self) -> usize {
        self.l_vec.len()
    }

    /// Replay the transcript for length `n`: `lg n` rounds, no identity
    /// points; return the challenges.
    pub(crate) fn challenges(
        &self,
        n: usize,
        transcript: &mut Transcript,
    ) -> Result<WipChallenges<G::Scalar>, ProofError> {
        self.replay(n, transcript, |_, _| {})
    }

    /// [`challenges`](Self::challenges), calling `before(k, transcript)`
    /// where the prover drew round `k`'s nonces (`k = lg N`: the last
    /// step's), so a seed holder can re-derive them.
    pub(crate) fn replay(
        &self,
        n: usize,
        transcript: &mut Transcript,
        mut before: impl FnMut(usize, &Transcript),
    ) -> Result<WipChallenges<G::Scalar>, ProofError> {
        if !n.is_power_of_two() || self.l_vec.len() != n.trailing_zeros() as usize {
            return Err(ProofError::VerificationFailed);
        }
        let mut e = Vec::with_capacity(self.l_vec.len());
        for (k, (l, r)) in self.l_vec.iter().zip(&self.r_vec).enumerate() {
            before(k, transcript);
            transcript.validate_and_append_point::<G>(b"L", &l.compressed)?;
            transcript.validate_and_append_point::<G>(b"R", &r.compressed)?;
            e.push(transcript.challenge_scalar::<G>(b"e"));
        }
        before(self.l_vec.len(), transcript);
        transcript.validate_and_append_point::<G>(b"A1", &self.a1.compressed)?;
        transcript.validate_and_append_point::<G>(b"B", &self.b.compressed)?;
        let e_last = transcript.challenge_scalar::<G>(b"e");
        Ok(WipChallenges { e, e_last })
    }

    /// Add `scale·Σ_k (e_k²·L_k + e_k⁻²·R_k) + weight·(e·A + B)` where
    /// `scale = weight·e²`. The caller adds the generator terms.
    pub(crate) fn add_point_terms(
        &self,
        ch: &WipChallenges<G::Scalar>,
        e_inv: &[G::Scalar],
        weight: G::Scalar,
        acc: &mut Equation<G>,
    ) {
        let scale = weight * ch.e_last * ch.e_last;
        for (((l, r), e), e_inv) in self.l_vec.iter().zip(&self.r_vec).zip(&ch.e).zip(e_inv) {
            acc.add_point(scale * *e * *e, l.point);
            acc.add_point(scale * *e_inv * *e_inv, r.point);
        }
        acc.add_point(weight * ch.e_last, self.a1.point);
        acc.add_point(weight, self.b.point);
    }

    /// Encoded length for `rounds` rounds.
    pub fn encoded_len(rounds: usize) -> usize {
        (2 * rounds + 2) * G::POINT_LEN + 3 * SCALAR_LEN
    }

    /// Append `L_0, R_0, …, A, B, r', s', δ'`.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            out.extend_from_slice(G::compressed_bytes(&l.compressed));
            out.extend_from_slice(G::compressed_bytes(&r.compressed));
        }
        out.extend_from_slice(G::compressed_bytes(&self.a1.compressed));
        out.extend_from_slice(G::compressed_bytes(&self.b.compressed));
        for s in [&self.r1, &self.s1, &self.d1] {
            out.extend_from_slice(&s.to_bytes());
        }
    }

    /// Read a proof of `rounds` rounds.
    pub(crate) fn read(reader: &mut Reader<'_>, rounds: usize) -> Result<Self, ProofError> {
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            l_vec.push(reader.read_point::<G>()?);
            r_vec.push(reader.read_point::<G>()?);
        }
        let a1 = reader.read_point::<G>()?;
        let b = reader.read_point::<G>()?;
        let r1 = reader.read_scalar::<G>()?;
        let s1 = reader.read_scalar::<G>()?;
        let d1 = reader.read_scalar::<G>()?;
        Ok(WipProof { l_vec, r_vec, a1, b, r1, s1, d1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::BulletproofGens;
    use crate::group::Ristretto255;
    use crate::nonces::SeededNonces;
    use rand::{Rng, SeedableRng};

    type G = Ristretto255;

    /// Lazy rounds change how L and R are computed, never the proof.
    #[test]
    fn lazy_rounds_give_the_same_proof() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        for lg in 0..=6usize {
            let n = 1 << lg;
            let gens = BulletproofGens::<G>::new(n, 1);
            let g_vec: Vec<_> = gens.g_layout(n, n).copied().collect();
            let h_vec: Vec<_> = gens.h_layout(n, n).copied().collect();
            let a: Vec<_> = (0..n).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
            let b: Vec<_> = (0..n).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
            let y = <<G as Group>::Scalar as ScalarOps>::random(&mut rng);
            let alpha = <<G as Group>::Scalar as ScalarOps>::random(&mut rng);
            let (g, h) = (<G as Group>::basepoint(), <G as Group>::hash_to_point(&[3u8; 64]));
            let seed = [9u8; 32];
            let proofs: Vec<Vec<u8>> = (0..=lg + 1)
                .map(|lazy| {
                    let (mut a, mut b) = (a.clone(), b.clone());
                    let bases = WipBases { g: &g, h: &h, y, g_vec: g_vec.clone(), h_vec: h_vec.clone() };
                    let nonces = &mut SeededNonces::new(&seed);
                    let p = WipProof::<G>::prove_lazy(
                        &mut Transcript::new(b"wip"),
                        bases,
                        (&mut a, &mut b, alpha),
                        None,
                        nonces,
                        lazy,
                    );
                    let mut out = Vec::new();
                    p.write(&mut out);
                    out
                })
                .collect();
            for (lazy, p) in proofs.iter().enumerate() {
                assert_eq!(p, &proofs[0], "N={n}: lazy={lazy} differs from plain folding");
            }
        }
    }

    /// Bit-structured inputs (the range proof's) give the same proof as
    /// the plain constant-time cross terms, for every number of lazy
    /// rounds, on every group with a constant-time path of its own.
    fn bit_structure_gives_the_same_proof<G: Group>(seed: u64) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        for lg in 0..=5usize {
            let n = 1 << lg;
            let gens = BulletproofGens::<G>::new(n, 1);
            let g_vec: Vec<_> = gens.g_layout(n, n).copied().collect();
            let h_vec: Vec<_> = gens.h_layout(n, n).copied().collect();
            let random = |rng: &mut rand_chacha::ChaCha20Rng| <G::Scalar as ScalarOps>::random(rng);
            let bits: Vec<u8> = (0..n).map(|_| rng.gen_range(0..2u8)).collect();
            let alpha = random(&mut rng);
            let beta: Vec<_> = (0..n).map(|_| random(&mut rng)).collect();
            let bit = |k: usize| if bits[k] == 1 { G::Scalar::one() } else { G::Scalar::zero() };
            let a: Vec<_> = (0..n).map(|k| bit(k) + alpha).collect();
            let b: Vec<_> = (0..n).map(|k| bit(k) + beta[k]).collect();
            let y = random(&mut rng);
            let blinding = random(&mut rng);
            let (g, h) = (G::basepoint(), G::hash_to_point(&[3u8; 64]));
            let prove = |lazy: usize, structured: bool| {
                let (mut a, mut b) = (a.clone(), b.clone());
                let bases = WipBases { g: &g, h: &h, y, g_vec: g_vec.clone(), h_vec: h_vec.clone() };
                let inputs = structured.then(|| BitInputs { bits: &bits, alpha, beta: beta.clone() });
                let p = WipProof::<G>::prove_lazy(
                    &mut Transcript::new(b"wip"),
                    bases,
                    (&mut a, &mut b, blinding),
                    inputs,
                    &mut SeededNonces::new(&[5u8; 32]),
                    lazy,
                );
                let mut out = Vec::new();
                p.write(&mut out);
                out
            };
            let plain = prove(0, false);
            for lazy in 0..=lg + 1 {
                assert_eq!(prove(lazy, true), plain, "N={n}: lazy={lazy} with bits differs");
            }
        }
    }

    #[test]
    fn bit_structure_gives_the_same_proof_ristretto255() {
        bit_structure_gives_the_same_proof::<G>(21);
    }

    #[test]
    fn bit_structure_gives_the_same_proof_secp256k1() {
        bit_structure_gives_the_same_proof::<crate::group::Secp256k1>(22);
    }

    #[test]
    fn bit_structure_gives_the_same_proof_ed25519() {
        bit_structure_gives_the_same_proof::<crate::group::Ed25519>(23);
    }

    /// The statement's length fixes the rounds: a proof replayed for any
    /// other length (a power of two or not) is refused.
    #[test]
    fn replay_refuses_other_lengths() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
        let n = 8;
        let gens = BulletproofGens::<G>::new(n, 1);
        let g_vec: Vec<_> = gens.g_layout(n, n).copied().collect();
        let h_vec: Vec<_> = gens.h_layout(n, n).copied().collect();
        let mut a: Vec<_> = (0..n).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
        let mut b: Vec<_> = (0..n).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
        let y = <<G as Group>::Scalar as ScalarOps>::random(&mut rng);
        let alpha = <<G as Group>::Scalar as ScalarOps>::random(&mut rng);
        let (g, h) = (<G as Group>::basepoint(), <G as Group>::hash_to_point(&[3u8; 64]));
        let bases = WipBases { g: &g, h: &h, y, g_vec, h_vec };
        let nonces = &mut SeededNonces::new(&[9u8; 32]);
        let proof =
            WipProof::<G>::prove_lazy(&mut Transcript::new(b"wip"), bases, (&mut a, &mut b, alpha), None, nonces, 0);
        assert!(proof.challenges(n, &mut Transcript::new(b"wip")).is_ok());
        for other in [n / 2, 2 * n, n + 1, 3 * n] {
            let replay = proof.challenges(other, &mut Transcript::new(b"wip"));
            assert!(matches!(replay, Err(ProofError::VerificationFailed)), "replayed as {other}");
        }
    }
}
