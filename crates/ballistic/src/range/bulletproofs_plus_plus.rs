//! The Bulletproofs++ range proof (Eagen, Kanjalkar, Ruffing, Nick,
//! Eurocrypt 2024, §5 "reciprocal range proofs", with the weighted norm
//! linear argument of §3, [`crate::norm_linear`]).
//!
//! **Statement.** As for the other range proofs: commitments
//! `V_j = v_j·B + γ_j·B̃` (`j < m`), each `v_j ∈ [0, 2^n)`.
//!
//! **Digits** ([`PlusPlusShape`]). Base `b = 2^β`; each value has
//! `k = ⌈n/β⌉` digits `d_{j,i} ∈ [0, b)` with `v_j = Σ_i b^i·d_{j,i}`. When
//! `β ∤ n` the top digit must be below `2^r` (`r = n − β(k−1)`): the value
//! gets one more digit `d_{j,k} = 2^{β−r}·d_{j,k−1}`, also in `[0, b)`, tied
//! to the top digit by a linear constraint — both in `[0, b)` forces
//! `d_{j,k−1} < 2^r`. `β` is chosen per `(n, m)` to minimise the witness
//! length `N = max(m·k', b)` (`k'` digits per value; ties to the smaller
//! base): 16 for one 64-bit value (the paper's choice), 64 for 8 × 64 bits,
//! 256 for 64 × 64 bits.
//!
//! **Reciprocal argument.** With multiplicities `m_t = #{digits = t}`
//! and a challenge `e` drawn after committing to digits and
//! multiplicities, the prover commits to `r_i = 1/(e + d_i)` and shows
//!
//! ```text
//!     r_i·(e + d_i) = 1  for every digit,      Σ_i r_i = Σ_{t<b} m_t/(e + t),
//!     Σ_i a_i·d_i = Σ_j λ_j·v_j                (value and top-digit constraints)
//! ```
//!
//! By the partial-fraction argument, `Σ_i 1/(X + d_i) = Σ_t m_t/(X + t)` as
//! rational functions forces every `d_i` into `[0, b)` (a pole at `−d` with
//! `d ∉ [0,b)` would have residue `#{i: d_i = d} ∈ [1, N] ≠ 0` in `𝔽_ℓ`);
//! at a random `e` it fails with probability at most `(N + b)/ℓ`.
//! `a_i = λ_j·b^i` for value `j`'s digits (`λ_j = λ^{2j}`), and the top-digit
//! constraint `d_{j,k} − 2^{β−r}·d_{j,k−1} = 0` is added with weight
//! `κ_j = λ^{2j+1}`.
//!
//! **Protocol** (generators: `A = B` the value base, `𝐆` the vector
//! generators in the layout of [`PlusPlusShape::layout_chunk`], and
//! `𝐇 = (B̃, H_0, …, H_4)`: the blinding base is the linear part's first
//! generator, so `V_j` fit the argument's `𝐥`).
//!
//! 1. `M = b_m·A + ⟨𝐦, 𝐆⟩ + ⟨𝐥_m, 𝐇⟩`, `D = b_d·A + ⟨𝐝, 𝐆⟩ + ⟨𝐥_d, 𝐇⟩`
//!    (`𝐥_m` uniform, `𝐥_d = (0, 0, −l_{m,3}, 0, −l_{m,5}, 0)`) → `e`.
//! 2. `R = b_r·A + ⟨𝐫, 𝐆⟩` → `ρ, x, y, λ`; `q = ρ²`.
//! 3. Public vectors, `q`-weighted (`|𝐰|²_q = Σ q^{i+1}w_i²`):
//!    `α_r,i = e − x·q^{−(i+1)}`, `α_d,i = a_i·q^{−(i+1)}` on digit slots,
//!    `α_m,t = x·q^{−(t+1)}/(e + t)` for `t < b`; `𝐝' = 𝐝 + α_r`,
//!    `𝐫' = 𝐫 + α_d`, and
//!
//!    ```text
//!    𝐧(T) = 𝐬 + T·𝐦 + T²·𝐝' + T³·𝐫' + T⁴·α_m
//!    𝐥(T) = 𝐥_s + T·𝐥_m + T²·𝐥_d + 2T⁵·(Σ_j λ_j γ_j)·𝐞₀
//!    𝐜(T) = y·(T, T², T³, T⁴, T⁶, T⁷)
//!    ```
//!
//!    The `T⁵` coefficient of `|𝐧(T)|²_q` is
//!    `2Σ_i q^{i+1}((d_i+e)r_i − 1) + 2x(Σ_t m_t/(e+t) − Σ_i r_i)
//!    + 2(Σ a_i d_i) + 2P₅`, `P₅ = Σ_i q^{i+1} + eΣa_i − xΣ a_i q^{−(i+1)}`
//!    public: it equals `2Σλ_j v_j + 2P₅` exactly when the three
//!    constraints hold (for random `q, x, λ`). `⟨𝐜, 𝐥⟩` has no `T⁵` term
//!    (`l_{d,2} = −l_{m,3}`) and its `T⁸` term vanishes (`l_{d,4} = −l_{m,5}`).
//!    The prover picks `b_s = |𝐬|²_q` and `𝐥_s` so that every other power
//!    `T¹…T⁷` of `⟨𝐜,𝐥⟩ + |𝐧|²_q` equals `b_m, b_d, b_r, 0, ·, 0, 0`:
//!    `S = b_s·A + ⟨𝐬, 𝐆⟩ + ⟨𝐥_s, 𝐇⟩` → `T`.
//! 4. The norm linear argument for
//!
//!    ```text
//!    C = S + T·M + T²·D + T³·R + Σ_j 2T⁵λ_j·V_j + ⟨T²α_r + T³α_d + T⁴α_m, 𝐆⟩
//!        + (2T⁵·P₅ + T⁸·|α_m|²_q)·A
//!    ```
//!
//!    with `(𝐧(T), 𝐥(T))`, `𝐜(T)` and `ρ`. Its `A` coefficient is
//!    `⟨𝐜,𝐥⟩ + |𝐧|²_q` at every `T` only if each coefficient matches —
//!    in particular `T⁵`, the constraint.
//!
//! **Verification** is the argument's check with `C` expanded: one
//! multiscalar multiplication over `A, B̃, 𝐆, H_0..H_4`, `M, D, R, S`,
//! the `V_j` and the rounds' points.
//!
//! **Non-power-of-two shapes.** The norm argument folds `𝐧` by an even/odd
//! split and is sound only if `𝐧` has even length at every fold
//! ([`crate::norm_linear`]: an unpaired entry would let the prover add a
//! free square to the checked value), so the witness is padded up to such a
//! length ([`PlusPlusShape::with_digit_bits`]; for one 64-bit value it is
//! already 16). Witness slots that are not digits (padding, and table
//! slots when `b > m·k'`) carry no public shift, so a non-zero `d_i r_i`
//! there would show up as its own power of `q` in the `T⁵` coefficient and
//! fail the check.
//!
//! **Zero knowledge.** `𝐬` masks `𝐧(T)` (uniform, used nowhere else but in
//! `S`, whose discrete logarithm the verification equation fixes), and
//! `b_m, b_d, b_r` mask `M, D, R`. `𝐥_m` does **not** mask all of `𝐥(T)`:
//! writing `l_k` for the entries of `𝐥(T)`, step 3 sets
//! `y(l_{s,4} + 2Σ_jλ_jγ_j) = −p₆` and `y(l_{s,5} + l_{m,4}) = −p₇`
//! (`p_k` the coefficient of `T^k` in `|𝐧(T)|²_q`), and `l_{d,4} = −l_{m,5}`,
//! so in
//!
//! ```text
//!   l_4 + T·l_5 = l_{s,4} + T·l_{m,4} − T²·l_{m,5} + T·l_{s,5} + T²·l_{m,5} = −(p₆ + T·p₇)/y − 2Σ_j λ_j γ_j
//! ```
//!
//! every entry of `𝐥_m` cancels: that combination is fixed by the witness
//! (`p₆, p₇` hold the digits' reciprocals) and the blindings. The other
//! five directions of `𝐥(T)` are uniform (masked by `𝐥_{m,0…3}` and
//! `l_{m,4} − T·l_{m,5}` with `b_m, b_d, b_r`). Published whole, `𝐥(T)`
//! would let anyone test a guess of the values:
//! `(l_4 + T·l_5)·B̃ + 2Σ_jλ_j·V_j = 2Σ_jλ_jv_j·B − ((p₆ + T·p₇)/y)·B̃`, and
//! `p₆, p₇` follow from the guessed digits. It is not published: the norm
//! argument reveals its rounds' points and the folded `𝐥⁽ᵏ⁾ = Σ_k h_k·l_k`
//! (`h` fixed by challenges drawn after every point that involves `𝐥`),
//! and in a model of the whole transcript — the map from the prover's masks
//! and blindings (`𝐬, 𝐥_m, b_m, b_d, b_r, γ_j`) to every published scalar
//! and to the discrete logarithm of every published point, over
//! independent generators — the only linear dependency left is the
//! verification equation itself. So the transcript reveals nothing beyond
//! what the verification equation states, as zero knowledge requires.
//! The norm argument runs in variable time on `(𝐧(T), 𝐥(T))`
//! (declassification point in [`crate::ct`]). For `𝐧(T)` and five
//! directions of `𝐥(T)` that is safe (uniform given the transcript); for
//! `l_4 + T·l_5` it is a residual side channel: its variable-time
//! multiscalar multiplications take `l_4, l_5` (and later folds of them) as
//! scalars, and a timing attacker who learned both exactly could test
//! guesses of the values as above. SECURITY.md lists it; closing it means
//! computing the `𝐇` part of each round's points in constant time.
//!
//! **Size.** `M, D, R, S`, two points per round, then `𝐧, 𝐥`: 416 bytes
//! for one 64-bit value on Ristretto255 (426 on secp256k1).
//!
//! **Secrets.** Digits, multiplicities, reciprocals, `𝐬`, `𝐥_m`, the
//! blinding nonces and `𝐥_s` are computed with constant-time arithmetic
//! (digit extraction by shifts and masks, multiplicities by constant-time
//! equality, reciprocals by one constant-time inversion) and committed with
//! the constant-time multiscalar multiplication; they live in `Zeroizing`
//! containers.

//!
//! **Owner recovery** ([`RangeProofPlusPlus::prove_recoverable`],
//! [`RangeProofPlusPlus::recover`]): no scalar of this proof can carry a
//! nonce without the values, so a recoverable proof carries the payload
//! sealed in 48 more bytes absorbed into the transcript (module
//! `recovery`).

mod recovery;

use alloc::vec;
use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::{ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater};
use zeroize::Zeroizing;

use super::{DynRangeProof, RangeProofSystem, RangeShape, RangeStatement, RangeSystem};
use crate::ct::declassify;
use crate::encoding::{ProofPoint, Reader};
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};
use crate::norm_linear::{sound_lengths, Folding, NormLinearProof, NormTranscript};
use crate::transcript::TranscriptProtocol;

impl<G: Group> crate::range::OverGroup for RangeProofPlusPlus<G> {
    type Group = G;
}

/// Length of the linear vector `𝐥`: `B̃` and `H_0..H_4`.
const L_LEN: usize = 6;
/// Largest digit base, `2^MAX_DIGIT_BITS`.
const MAX_DIGIT_BITS: usize = 8;

/// The digit layout of a Bulletproofs++ statement of `m` values of `n` bits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlusPlusShape {
    n: usize,
    m: usize,
    digit_bits: usize,
    digits: usize,
    slots: usize,
    len: usize,
}

impl PlusPlusShape {
    /// Validate `n ∈ 1..=64`, `m ∈ 1..=64` and choose the base: the `β`
    /// with the shortest witness `N`, ties to the smaller base (the
    /// measurement behind the rule: `examples/bppp_base_sweep.rs`).
    pub fn new(n: usize, m: usize) -> Result<Self, ProofError> {
        let mut best: Option<PlusPlusShape> = None;
        for beta in 1..=MAX_DIGIT_BITS {
            let shape = Self::with_digit_bits(n, m, beta)?;
            if best.is_none_or(|b| shape.len < b.len) {
                best = Some(shape);
            }
        }
        best.ok_or(ProofError::InvalidBitsize { bits: n })
    }

    /// The layout with base `2^β` (`β ∈ 1..=8`) instead of the chosen one:
    /// for measuring the choice. Proofs made with it verify only through
    /// [`RangeProofPlusPlus::verify_with_shape`] with the same shape (the
    /// transcript binds `β`).
    ///
    /// The witness length is `max(m·k', 2^β)` rounded up to the next length
    /// the norm linear argument folds soundly ([`sound_lengths`]: even at
    /// every fold, e.g. 9 → 12, 14 → 16, 42 → 48); the extra slots are
    /// padding (no digit, no public shift).
    pub fn with_digit_bits(n: usize, m: usize, beta: usize) -> Result<Self, ProofError> {
        RangeShape::new(n, m)?;
        if !(1..=MAX_DIGIT_BITS).contains(&beta) {
            return Err(ProofError::InvalidBitsize { bits: n });
        }
        let digits = n.div_ceil(beta);
        let slots = digits + usize::from(n % beta != 0);
        let mut len = (m * slots).max(1 << beta);
        while !sound_lengths(len, L_LEN, Folding::Shortest) {
            len += 1;
        }
        Ok(PlusPlusShape { n, m, digit_bits: beta, digits, slots, len })
    }

    /// Bits per value.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Number of values.
    pub fn m(&self) -> usize {
        self.m
    }

    /// `β`: the base is `2^β`.
    pub fn digit_bits(&self) -> usize {
        self.digit_bits
    }

    /// `k = ⌈n/β⌉` digits per value.
    pub fn digits(&self) -> usize {
        self.digits
    }

    /// Witness slots per value: `k`, plus one when `β ∤ n` (the top-digit check).
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// The norm vector's length `N` (at least `max(m·slots, 2^β)`).
    pub fn witness_len(&self) -> usize {
        self.len
    }

    /// The digit base `b = 2^β`.
    pub fn base(&self) -> usize {
        1 << self.digit_bits
    }

    /// Bits in the top digit, `r = n − β(k−1)`.
    fn top_bits(&self) -> usize {
        self.n - self.digit_bits * (self.digits - 1)
    }

    /// Does each value carry the extra top-digit slot?
    fn has_extra(&self) -> bool {
        self.slots > self.digits
    }

    /// The vector generators' layout chunk: slot `i` of value `j` is chain
    /// `j`'s generator `i` (entry `j·slots + i` of `g_layout(slots, N)`).
    pub fn layout_chunk(&self) -> usize {
        self.slots
    }

    /// Generators needed: `(chains, per chain)` for `BulletproofGens::new(per_chain, chains)`.
    pub fn generators_needed(&self) -> (usize, usize) {
        (self.len.div_ceil(self.slots), self.slots.min(self.len).max(L_LEN - 1))
    }

    /// Is slot `idx` a digit (not padding)?
    fn is_digit(&self, idx: usize) -> bool {
        idx < self.m * self.slots
    }

    /// Encoded length of a proof of this shape.
    pub fn encoded_len<G: Group>(&self) -> usize {
        4 * G::POINT_LEN + NormLinearProof::<G>::encoded_len(self.len, L_LEN, Folding::Shortest)
    }

    /// The public weights `a_i` of every slot (zero on padding), from `λ`.
    fn weights<S: ScalarOps>(&self, lambda: S) -> Vec<S> {
        self.weights_with(lambda, S::one(), S::zero(), S::from_u64(self.base() as u64), |k| S::from_u64(1u64 << k))
    }

    /// [`weights`](Self::weights) in any representation of the field
    /// (`pow2(k)` is `2^k`): value `j`'s digits weigh `λ^{2j}·b^i`; with a
    /// top-digit slot, `κ_j = λ^{2j+1}` on it and `−κ_j·2^{β−r}` more on the
    /// top digit.
    fn weights_with<T>(&self, lambda: T, one: T, zero: T, base: T, pow2: impl Fn(usize) -> T) -> Vec<T>
    where
        T: Copy + core::ops::Mul<Output = T> + core::ops::MulAssign + core::ops::SubAssign,
    {
        let mut a = vec![zero; self.len];
        let shift = pow2(self.digit_bits - self.top_bits());
        let lambda2 = lambda * lambda;
        let mut lambda_j = one;
        for j in 0..self.m {
            let kappa_j = lambda_j * lambda;
            let mut w = lambda_j;
            for slot in a.iter_mut().skip(j * self.slots).take(self.digits) {
                *slot = w;
                w *= base;
            }
            if self.has_extra() {
                let top = j * self.slots + self.digits - 1;
                if let Some(t) = a.get_mut(top) {
                    *t -= kappa_j * shift;
                }
                if let Some(x) = a.get_mut(top + 1) {
                    *x = kappa_j;
                }
            }
            lambda_j *= lambda2;
        }
        a
    }
}

/// A Bulletproofs++ range proof for `m` values of `n` bits.
///
/// Encoding: `M ‖ D ‖ R ‖ S ‖ (X_r ‖ R_r)_r ‖ 𝐧 ‖ 𝐥`.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeProofPlusPlus<G: Group> {
    m_point: ProofPoint<G>,
    d_point: ProofPoint<G>,
    r_point: ProofPoint<G>,
    s_point: ProofPoint<G>,
    norm: NormLinearProof<G>,
    /// Owner recovery's sealed payload (module `recovery`), absorbed after
    /// the commitments; `None` for a plain proof.
    sealed: Option<[u8; recovery::SEALED_LEN]>,
}

/// Where the prover's nonces come from.
enum Nonces<'a, R> {
    /// The caller's RNG.
    Rng(&'a mut R),
    /// Owner recovery: seal the payload (the shared payload's bytes) after
    /// the commitments, then draw every nonce from the seed.
    Sealed(&'a [u8; 32], &'a [u8; crate::group::SCALAR_LEN]),
}

/// The RNG the prover draws its nonces from.
enum NonceRng<'a, R> {
    Caller(&'a mut R),
    /// Boxed: one heap copy of the stream's state (not wiped: rand_chacha
    /// has no zeroize), not a 320-byte move.
    Seeded(alloc::boxed::Box<rand_chacha::ChaCha20Rng>),
}

/// The challenges a verifier derives before the norm argument.
struct Challenges<S> {
    e: S,
    rho: S,
    x: S,
    y: S,
    lambda: S,
    t: S,
}

/// Merlin transcript for the norm argument's rounds.
struct NormRounds<'a>(&'a mut Transcript);

impl<G: Group> NormTranscript<G> for NormRounds<'_> {
    fn round(&mut self, x: &G::Compressed, r: &G::Compressed, verifying: bool) -> Result<G::Scalar, ProofError> {
        if verifying {
            self.0.validate_and_append_point::<G>(b"X", x)?;
            self.0.validate_and_append_point::<G>(b"R", r)?;
        } else {
            self.0.append_point::<G>(b"X", x);
            self.0.append_point::<G>(b"R", r);
        }
        Ok(self.0.challenge_scalar::<G>(b"gamma"))
    }
}

fn domain_sep<G: Group>(transcript: &mut Transcript, shape: &PlusPlusShape) {
    transcript.append_message(b"dom-sep", b"ballistic bulletproofs++ rangeproof v1");
    transcript.append_u64(b"n", shape.n as u64);
    transcript.append_u64(b"m", shape.m as u64);
    transcript.append_u64(b"digit-bits", shape.digit_bits as u64);
    transcript.append_message(b"group", G::NAME.as_bytes());
    transcript.append_message(b"gens", crate::generators::DERIVATION_ID);
}

fn norm_domain_sep(transcript: &mut Transcript, len: usize) {
    transcript.append_message(b"dom-sep", b"norm-linear v1");
    transcript.append_u64(b"n", len as u64);
    transcript.append_u64(b"l", L_LEN as u64);
}

/// The public vectors of step 3 and the `A` coefficient's public part.
struct Public<S: ScalarOps> {
    /// `T²α_r + T³α_d + T⁴α_m` per slot (Montgomery form).
    g_shift: Vec<S::Fast>,
    /// `2T⁵·P₅ + T⁸·|α_m|²_q`.
    a_coeff: S,
    /// `𝐜(T)`.
    c: Vec<S>,
    /// `λ_j`.
    lambdas: Vec<S>,
    /// `T, T², …, T⁸` (index `k` is `T^{k+1}`).
    t_pows: [S; 8],
}

/// The verifier's public vectors, with one inversion (`q` and every
/// `e + t`) and the per-slot arithmetic in Montgomery form.
fn public_vectors<S: ScalarOps>(shape: &PlusPlusShape, ch: &Challenges<S>) -> Result<Public<S>, ProofError> {
    let q = ch.rho * ch.rho;
    if q.is_zero() {
        return Err(ProofError::VerificationFailed);
    }
    let b = shape.base();
    let mut inv: Vec<S> = (0..b).map(|t| ch.e + S::from_u64(t as u64)).collect();
    if inv.iter().any(|v| v.is_zero()) {
        return Err(ProofError::VerificationFailed);
    }
    inv.push(q);
    S::batch_invert_vartime(&mut inv);
    let q_inv = inv.pop().unwrap_or_else(S::zero).to_fast();
    let mut t_pows = [S::zero(); 8];
    let mut tp = ch.t;
    for slot in t_pows.iter_mut() {
        *slot = tp;
        tp *= ch.t;
    }
    let [t1, t2, t3, t4, t5, t6, t7, t8] = t_pows;
    let f = |s: S| s.to_fast();
    let (qf, ef, xf, t2f, t3f, t4f) = (f(q), f(ch.e), f(ch.x), f(t2), f(t3), f(t4));
    let zero = S::Fast::default();
    let a = shape.weights_with(f(ch.lambda), S::fast_one(), zero, f(S::from_u64(shape.base() as u64)), |k| {
        f(S::from_u64(1u64 << k))
    });
    let mut g_shift = vec![zero; shape.len];
    let (mut p5, mut norm_alpha_m) = (zero, zero);
    let (mut qp, mut qi) = (qf, q_inv);
    for (i, (slot, ai)) in g_shift.iter_mut().zip(&a).enumerate() {
        if shape.is_digit(i) {
            let alpha_d = *ai * qi;
            *slot = t2f * (ef - xf * qi) + t3f * alpha_d;
            p5 += qp + ef * *ai - xf * alpha_d;
        }
        if let Some(e_inv) = inv.get(i) {
            let alpha_m = xf * qi * e_inv.to_fast();
            *slot += t4f * alpha_m;
            norm_alpha_m += qp * alpha_m * alpha_m;
        }
        qp *= qf;
        qi *= q_inv;
    }
    let two = S::from_u64(2);
    let a_coeff = two * t5 * S::from_fast(&p5) + t8 * S::from_fast(&norm_alpha_m);
    let c = [t1, t2, t3, t4, t6, t7].iter().map(|p| ch.y * *p).collect();
    let lambdas = crate::poly::powers(ch.lambda * ch.lambda).take(shape.m).collect();
    Ok(Public { g_shift, a_coeff, c, lambdas, t_pows })
}

impl<G: Group> RangeProofPlusPlus<G> {
    /// Prove `v ∈ [0, 2^n)` with the OS RNG (`std` feature); returns the proof and `V`.
    #[cfg(feature = "std")]
    pub fn prove_single(
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        v: u64,
        blinding: &G::Scalar,
        n: usize,
    ) -> Result<(Self, G::Compressed), ProofError> {
        let (proof, mut commitments) = Self::prove_multiple_with_rng(
            bp_gens,
            pc_gens,
            transcript,
            &[v],
            core::slice::from_ref(blinding),
            n,
            &mut rand_core::OsRng,
        )?;
        let commitment = commitments.pop().ok_or(ProofError::VerificationFailed)?;
        Ok((proof, commitment))
    }

    /// Prove every `values[j] ∈ [0, 2^n)` in one aggregated proof; returns
    /// the proof and the commitments `V_j = v_j·B + γ_j·B̃`.
    pub fn prove_multiple_with_rng<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        let shape = PlusPlusShape::new(n, values.len())?;
        Self::prove_with_shape(bp_gens, pc_gens, transcript, &shape, values, blindings, rng)
    }

    /// [`prove_multiple_with_rng`](Self::prove_multiple_with_rng) with an
    /// explicit layout ([`PlusPlusShape::with_digit_bits`]); `shape.m` must
    /// be `values.len()`.
    pub fn prove_with_shape<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        values: &[u64],
        blindings: &[G::Scalar],
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        // Rebuilt from (n, m, β): the layout is a function of them alone.
        let shape = PlusPlusShape::with_digit_bits(shape.n, shape.m, shape.digit_bits)?;
        Self::prove_inner(bp_gens, pc_gens, transcript, &shape, values, blindings, Nonces::Rng(rng), None)
    }

    /// The prover. `forged_digits` (tests only) replaces the digit
    /// decomposition and skips the range check, to play a cheating prover.
    #[allow(clippy::too_many_lines, clippy::too_many_arguments)]
    // Indexing: every index is below N (the vectors built here have N
    // entries; digit slots are below m·slots ≤ N, table entries below b ≤ N).
    #[allow(clippy::indexing_slicing)]
    fn prove_inner<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        values: &[u64],
        blindings: &[G::Scalar],
        nonces: Nonces<'_, R>,
        forged_digits: Option<&[u64]>,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        let shape = *shape;
        let n = shape.n;
        if shape.m != values.len() {
            return Err(ProofError::WrongNumCommitments { expected: shape.m, got: values.len() });
        }
        if blindings.len() != values.len() {
            return Err(ProofError::WrongNumBlindings { values: values.len(), blindings: blindings.len() });
        }
        let range = RangeShape::new(n, values.len())?;
        let (chains, per_chain) = shape.generators_needed();
        if chains > bp_gens.party_capacity() || per_chain > bp_gens.gens_capacity() {
            return Err(ProofError::InsufficientGenerators { parties_needed: chains, per_party_needed: per_chain });
        }
        for (index, v) in values.iter().enumerate() {
            let mut out_of_range = v.ct_gt(&range.max_value()).unwrap_u8();
            declassify(&out_of_range);
            if core::hint::black_box(&mut out_of_range) != &0 && forged_digits.is_none() {
                return Err(ProofError::ValueOutOfRange { index, bits: n });
            }
        }
        let big_n = shape.len;
        let b = shape.base();
        let beta = shape.digit_bits;
        let g: Vec<G::Point> = bp_gens.g_layout(shape.slots, big_n).copied().collect();
        let h: Vec<G::Point> =
            core::iter::once(pc_gens.b_blinding).chain(bp_gens.h_layout(L_LEN - 1, L_LEN - 1).copied()).collect();
        let a_gen = pc_gens.b;

        domain_sep::<G>(transcript, &shape);
        let mut commitments = Vec::with_capacity(shape.m);
        for (v, gamma) in values.iter().zip(blindings) {
            let v_j = G::compress(&pc_gens.commit(&G::Scalar::from_u64(*v), gamma));
            declassify(&v_j);
            transcript.append_point::<G>(b"V", &v_j);
            commitments.push(v_j);
        }
        // Owner recovery: the sealed payload, then nonces from the seed.
        let (sealed, mut rng) = match nonces {
            Nonces::Rng(rng) => (None, NonceRng::Caller(rng)),
            Nonces::Sealed(seed, payload) => {
                let sealed = recovery::seal(seed, transcript, payload);
                // Public from here on: PRF-masked, and part of the proof.
                declassify(&sealed[..]);
                transcript.append_message(recovery::SEALED_LABEL, &sealed);
                let stream = crate::nonces::SeededNonces::new(seed).rng(transcript, b"nonces", payload);
                (Some(sealed), NonceRng::Seeded(alloc::boxed::Box::new(stream)))
            }
        };

        // Digits (constant time: public shifts and masks) and multiplicities
        // (constant-time equality against every table entry).
        let mask = (b as u64) - 1;
        let extra_shift = beta - shape.top_bits();
        let mut digits = Zeroizing::new(vec![0u64; shape.m * shape.slots]);
        for (j, v) in values.iter().enumerate() {
            for i in 0..shape.digits {
                digits[j * shape.slots + i] = (*v >> (beta * i)) & mask;
            }
            if shape.has_extra() {
                let top = digits[j * shape.slots + shape.digits - 1];
                digits[j * shape.slots + shape.digits] = top << extra_shift;
            }
        }
        if let Some(forged) = forged_digits {
            for (d, f) in digits.iter_mut().zip(forged) {
                *d = *f;
            }
        }
        let mut mult = Zeroizing::new(vec![0u64; b]);
        for d in digits.iter() {
            for (t, m_t) in mult.iter_mut().enumerate() {
                *m_t += u64::from(d.ct_eq(&(t as u64)).unwrap_u8());
            }
        }
        let zero = G::Scalar::zero();
        let d_vec: Zeroizing<Vec<G::Scalar>> = Zeroizing::new(digits.iter().map(|d| G::Scalar::from_u64(*d)).collect());
        let m_vec: Zeroizing<Vec<G::Scalar>> = Zeroizing::new(mult.iter().map(|m| G::Scalar::from_u64(*m)).collect());

        let mut random = || match &mut rng {
            NonceRng::Caller(r) => <G::Scalar as ScalarOps>::random(*r),
            NonceRng::Seeded(r) => <G::Scalar as ScalarOps>::random(&mut **r),
        };
        let b_m = Zeroizing::new(random());
        let b_d = Zeroizing::new(random());
        let b_r = Zeroizing::new(random());
        let l_m: Zeroizing<Vec<G::Scalar>> = Zeroizing::new((0..L_LEN).map(|_| random()).collect());
        let s: Zeroizing<Vec<G::Scalar>> = Zeroizing::new((0..big_n).map(|_| random()).collect());

        // Round 1: M, D. Digits and multiplicities are small: their parts
        // are sums over bits (one complete addition per bit and generator,
        // constant time), only the blinding terms go through the full
        // constant-time multiscalar multiplication.
        let mult_bits = (64 - ((shape.m * shape.slots) as u64).leading_zeros()) as usize;
        let m_point = {
            let mut sc = Zeroizing::new(Vec::with_capacity(1 + L_LEN));
            sc.push(*b_m);
            sc.extend_from_slice(&l_m);
            let pts: Vec<G::Point> = core::iter::once(a_gen).chain(h.iter().copied()).collect();
            ProofPoint::<G>::from_point(G::msm_ct(&sc, &pts) + small_msm_ct::<G>(&mult, mult_bits, &g[..b]))
        };
        let d_point = {
            let sc = Zeroizing::new([*b_d, zero - l_m[3], zero - l_m[5]]);
            // `0 − x`, not `−x`: k256's negation branches on its input.
            let pts = [a_gen, h[2], h[4]];
            ProofPoint::<G>::from_point(G::msm_ct(&sc[..], &pts) + small_msm_ct::<G>(&digits, beta, &g[..digits.len()]))
        };
        declassify(&m_point);
        declassify(&d_point);
        transcript.append_point::<G>(b"M", &m_point.compressed);
        transcript.append_point::<G>(b"D", &d_point.compressed);
        let e = transcript.challenge_scalar::<G>(b"e");

        // Round 2: reciprocals 1/(e + d_i), by one constant-time inversion.
        let shifted: Zeroizing<Vec<G::Scalar>> = Zeroizing::new(d_vec.iter().map(|d| *d + e).collect());
        let r_vec = Zeroizing::new(batch_invert_ct(&shifted));
        let r_point = {
            let mut sc = Zeroizing::new(Vec::with_capacity(1 + r_vec.len()));
            sc.push(*b_r);
            sc.extend_from_slice(&r_vec);
            let pts: Vec<G::Point> = core::iter::once(a_gen).chain(g[..r_vec.len()].iter().copied()).collect();
            ProofPoint::<G>::from_point(G::msm_ct(&sc, &pts))
        };
        declassify(&r_point);
        transcript.append_point::<G>(b"R", &r_point.compressed);
        let rho = transcript.challenge_scalar::<G>(b"rho");
        let x = transcript.challenge_scalar::<G>(b"x");
        let y = transcript.challenge_scalar::<G>(b"y");
        let lambda = transcript.challenge_scalar::<G>(b"lambda");
        if y.is_zero() {
            return Err(ProofError::VerificationFailed);
        }

        // Round 3: the polynomial 𝐧(T) and its q-weighted norm.
        let q = rho * rho;
        if q.is_zero() {
            return Err(ProofError::VerificationFailed);
        }
        let q_inv = q.invert_vartime();
        let a = shape.weights(lambda);
        let mut e_inv: Vec<G::Scalar> = (0..b).map(|t| e + G::Scalar::from_u64(t as u64)).collect();
        if e_inv.iter().any(|v| v.is_zero()) {
            return Err(ProofError::VerificationFailed);
        }
        G::Scalar::batch_invert_vartime(&mut e_inv);
        // w[0..5] = 𝐬, 𝐦, 𝐝', 𝐫', α_m as full-length vectors.
        let mut w: [Zeroizing<Vec<G::Scalar>>; 5] = core::array::from_fn(|_| Zeroizing::new(vec![zero; big_n]));
        w[0].copy_from_slice(&s);
        w[1][..b].copy_from_slice(&m_vec);
        let (mut qp, mut qi) = (q, q_inv);
        let mut q_pow = Vec::with_capacity(big_n);
        for i in 0..big_n {
            q_pow.push(qp);
            if shape.is_digit(i) {
                w[2][i] = d_vec[i] + e - x * qi;
                w[3][i] = r_vec[i] + a[i] * qi;
            }
            if i < b {
                w[4][i] = x * qi * e_inv[i];
            }
            qp *= q;
            qi *= q_inv;
        }
        // p[k] = coefficient of T^k in |𝐧(T)|²_q, k ≤ 7.
        let mut p = Zeroizing::new([zero; 8]);
        let two = G::Scalar::from_u64(2);
        for (i, qp) in q_pow.iter().enumerate() {
            for u in 0..5 {
                for v in u..5 {
                    let k = u + v;
                    if k > 7 || k == 5 {
                        continue;
                    }
                    let prod = *qp * w[u][i] * w[v][i];
                    p[k] += if u == v { prod } else { two * prod };
                }
            }
        }
        let gamma_sum: Zeroizing<G::Scalar> =
            Zeroizing::new(crate::poly::powers(lambda * lambda).zip(blindings).map(|(l, g)| l * *g).sum());
        let y_inv = y.invert_vartime();
        let mut l_s = Zeroizing::new(vec![zero; L_LEN]);
        l_s[0] = (*b_m - p[1]) * y_inv;
        l_s[1] = (*b_d - p[2]) * y_inv - l_m[0];
        l_s[2] = (*b_r - p[3]) * y_inv - l_m[1];
        l_s[3] = (zero - p[4]) * y_inv - l_m[2];
        l_s[4] = (zero - p[6]) * y_inv - two * *gamma_sum;
        l_s[5] = (zero - p[7]) * y_inv - l_m[4];
        let b_s = Zeroizing::new(p[0]);
        let s_point = {
            let mut sc = Zeroizing::new(Vec::with_capacity(1 + big_n + L_LEN));
            sc.push(*b_s);
            sc.extend_from_slice(&s);
            sc.extend_from_slice(&l_s);
            let pts: Vec<G::Point> =
                core::iter::once(a_gen).chain(g.iter().copied()).chain(h.iter().copied()).collect();
            ProofPoint::<G>::from_point(G::msm_ct(&sc, &pts))
        };
        declassify(&s_point);
        transcript.append_point::<G>(b"S", &s_point.compressed);
        let t = transcript.challenge_scalar::<G>(b"t");

        // Round 4: the norm argument on 𝐧(T), 𝐥(T) — 𝐧 masked by 𝐬, 𝐥 by 𝐥_m
        // but for l_4 + T·l_5 (module documentation: hidden by the γ_j), so
        // declassified (crate::ct) and proved in variable time.
        let (t2, t3, t4) = (t * t, t * t * t, t * t * t * t);
        let t5 = t4 * t;
        let n_vec: Vec<G::Scalar> =
            (0..big_n).map(|i| w[0][i] + t * w[1][i] + t2 * w[2][i] + t3 * w[3][i] + t4 * w[4][i]).collect();
        let mut l_vec: Vec<G::Scalar> = (0..L_LEN).map(|i| l_s[i] + t * l_m[i]).collect();
        l_vec[2] -= t2 * l_m[3];
        l_vec[4] -= t2 * l_m[5];
        l_vec[0] += two * t5 * *gamma_sum;
        declassify(n_vec.as_slice());
        declassify(l_vec.as_slice());
        let c: Vec<G::Scalar> = [t, t2, t3, t4, t5 * t, t5 * t2].iter().map(|p| y * *p).collect();
        norm_domain_sep(transcript, big_n);
        let msm = |a_s: G::Scalar, gs: &[G::Scalar], hs: &[G::Scalar]| -> G::Point {
            let mut eq = Equation::<G>::new();
            eq.add_b(a_s);
            eq.add_g_layout(shape.slots, gs.iter().copied());
            if let Some((h0, rest)) = hs.split_first() {
                eq.add_b_blinding(*h0);
                eq.add_h_layout(L_LEN - 1, rest.iter().copied());
            }
            eq.sum(bp_gens, pc_gens).unwrap_or_else(|_| G::identity())
        };
        let norm = NormLinearProof::prove(&mut NormRounds(transcript), rho, n_vec, l_vec, c, Folding::Shortest, &msm)?;
        Ok((RangeProofPlusPlus { m_point, d_point, r_point, s_point, norm, sealed }, commitments))
    }

    /// Prove with owner recovery (module `recovery`): the blindings derive
    /// from `seed` and `output_id`, the payload (values and `message`, at
    /// most [`crate::range::message_capacity`] bytes) is sealed into the
    /// proof (48 bytes), every nonce derives from the seed. Returns the
    /// proof, the commitments and the blindings. **Give every output made
    /// with one seed its own `output_id`** ([`crate::range::recovery`]).
    #[allow(clippy::too_many_arguments)]
    pub fn prove_recoverable(
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        seed: &[u8; 32],
        output_id: &[u8],
        message: &[u8],
    ) -> Result<crate::range::Recoverable<Self>, ProofError> {
        let prepared = crate::range::recovery::prepare::<G::Scalar>(transcript, values, seed, output_id, message)?;
        let (blindings, payload) = (prepared.blindings.clone(), prepared.payload.clone());
        let shape = PlusPlusShape::new(n, values.len())?;
        let nonces = Nonces::<rand_chacha::ChaCha20Rng>::Sealed(seed, &payload);
        let (proof, commitments) =
            Self::prove_inner(bp_gens, pc_gens, transcript, &shape, values, &blindings, nonces, None)?;
        Ok((proof, commitments, blindings))
    }

    /// Recover the values, blindings and message of a proof made by
    /// [`prove_recoverable`](Self::prove_recoverable) with `seed` and
    /// `output_id`, under the same transcript context and `n`. A wrong seed,
    /// id, context, statement, a tampered sealed payload or a proof without
    /// one is [`ProofError::RecoveryFailed`], never a wrong opening.
    /// Recovery does not verify the proof: verify it first (recovery reads
    /// only some of its fields, so an unverified proof may carry another
    /// proof's payload for the same output).
    pub fn recover(
        &self,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        seed: &[u8; 32],
        output_id: &[u8],
    ) -> Result<crate::range::Recovered<G::Scalar>, ProofError> {
        let shape = PlusPlusShape::new(n, commitments.len())?;
        crate::range::message_capacity(shape.m)?;
        let sealed = self.sealed.as_ref().ok_or(ProofError::RecoveryFailed)?;
        let blindings =
            crate::range::recovery::output_keys::<G::Scalar>(transcript, seed, output_id, shape.m)?.blindings;
        domain_sep::<G>(transcript, &shape);
        for v in commitments {
            transcript.append_point::<G>(b"V", v);
        }
        let bytes = recovery::open(seed, transcript, sealed)?;
        let payload = G::Scalar::from_canonical_bytes(&bytes).ok_or(ProofError::RecoveryFailed)?;
        let decoded = crate::range::recovery::decode_payload(&payload, shape.m)?;
        let max = RangeShape::new(n, shape.m)?.max_value();
        crate::range::recovery::open(pc_gens, &decoded, &blindings, commitments, max)
    }

    /// Replay the transcript up to the norm argument.
    fn replay(
        &self,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        commitments: &[G::Compressed],
    ) -> Result<Challenges<G::Scalar>, ProofError> {
        domain_sep::<G>(transcript, shape);
        for v in commitments {
            transcript.append_point::<G>(b"V", v);
        }
        if let Some(sealed) = &self.sealed {
            transcript.append_message(recovery::SEALED_LABEL, sealed);
        }
        transcript.validate_and_append_point::<G>(b"M", &self.m_point.compressed)?;
        transcript.validate_and_append_point::<G>(b"D", &self.d_point.compressed)?;
        let e = transcript.challenge_scalar::<G>(b"e");
        transcript.validate_and_append_point::<G>(b"R", &self.r_point.compressed)?;
        let rho = transcript.challenge_scalar::<G>(b"rho");
        let x = transcript.challenge_scalar::<G>(b"x");
        let y = transcript.challenge_scalar::<G>(b"y");
        let lambda = transcript.challenge_scalar::<G>(b"lambda");
        transcript.validate_and_append_point::<G>(b"S", &self.s_point.compressed)?;
        let t = transcript.challenge_scalar::<G>(b"t");
        Ok(Challenges { e, rho, x, y, lambda, t })
    }

    /// Verify an aggregated proof.
    pub fn verify_multiple(
        &self,
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
    ) -> Result<(), ProofError> {
        let statement = RangeStatement::new(n, commitments)?;
        let mut eq = Equation::new();
        self.add_terms(&statement, transcript, G::Scalar::one(), G::Scalar::zero(), &mut eq)?;
        eq.verify(bp_gens, pc_gens)
    }

    /// Verify a proof for one commitment.
    pub fn verify_single(
        &self,
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        commitment: &G::Compressed,
        n: usize,
    ) -> Result<(), ProofError> {
        self.verify_multiple(bp_gens, pc_gens, transcript, core::slice::from_ref(commitment), n)
    }

    /// The encoded length of a proof for `m` values of `n` bits.
    pub fn encoded_len(n: usize, m: usize) -> Result<usize, ProofError> {
        Ok(PlusPlusShape::new(n, m)?.encoded_len::<G>())
    }

    /// Serialize: `M ‖ D ‖ R ‖ S ‖ (X_r ‖ R_r)_r ‖ 𝐧 ‖ 𝐥`, then the sealed
    /// payload of a recoverable proof (48 bytes).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for p in [&self.m_point, &self.d_point, &self.r_point, &self.s_point] {
            out.extend_from_slice(G::compressed_bytes(&p.compressed));
        }
        self.norm.write(&mut out);
        if let Some(sealed) = &self.sealed {
            out.extend_from_slice(sealed);
        }
        out
    }

    /// Deserialize strictly for a statement of `m` values of `n` bits: the
    /// length must be exactly [`encoded_len`](Self::encoded_len) (a plain
    /// proof) or [`recoverable_encoded_len`](Self::recoverable_encoded_len)
    /// (with a sealed payload), every scalar canonical, every point a valid
    /// encoding.
    pub fn from_bytes_for(bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError> {
        let shape = PlusPlusShape::new(n, m)?;
        let expected = shape.encoded_len::<G>();
        let (bytes, sealed) = if bytes.len() == expected + recovery::SEALED_LEN {
            let (proof, sealed) = bytes.split_at(expected);
            let mut s = [0u8; recovery::SEALED_LEN];
            s.copy_from_slice(sealed);
            (proof, Some(s))
        } else {
            (bytes, None)
        };
        if bytes.len() != expected {
            return Err(ProofError::WrongLength { expected, got: bytes.len() });
        }
        let mut r = Reader::new(bytes);
        let m_point = r.read_point::<G>()?;
        let d_point = r.read_point::<G>()?;
        let r_point = r.read_point::<G>()?;
        let s_point = r.read_point::<G>()?;
        let norm = NormLinearProof::read(&mut r, shape.len, L_LEN, Folding::Shortest)?;
        Ok(RangeProofPlusPlus { m_point, d_point, r_point, s_point, norm, sealed })
    }
}

/// `Σ v_i·P_i` for secret `v_i < 2^bits` (`bits` public), in constant time:
/// Horner over the bits, each step one doubling and, per point, a
/// constant-time selection of `P_i` or the identity and one complete
/// addition — `bits·(n + 1)` group operations, against about `79·n` for a
/// full-width scalar.
fn small_msm_ct<G: Group>(values: &[u64], bits: usize, points: &[G::Point]) -> G::Point {
    let identity = G::identity();
    let mut acc = identity;
    for k in (0..bits).rev() {
        acc = acc + acc;
        for (v, p) in values.iter().zip(points) {
            let bit = subtle::Choice::from(((*v >> k) & 1) as u8);
            acc += G::Point::conditional_select(&identity, p, bit);
        }
    }
    acc
}

/// Invert every element with one constant-time inversion (Montgomery's
/// trick); a zero element makes every output zero (never for honest
/// inputs: `e + d_i = 0` has probability `≤ b/ℓ`).
fn batch_invert_ct<S: ScalarOps>(values: &[S]) -> Vec<S> {
    let mut prefix = Zeroizing::new(Vec::with_capacity(values.len()));
    let mut acc = S::one();
    for v in values {
        prefix.push(acc);
        acc *= *v;
    }
    let mut inv = acc.invert_ct();
    let mut out = vec![S::zero(); values.len()];
    for ((o, v), p) in out.iter_mut().zip(values).zip(prefix.iter()).rev() {
        *o = inv * *p;
        inv *= *v;
    }
    acc.zeroize();
    inv.zeroize();
    out
}

impl<G: Group> Verifiable<G> for RangeProofPlusPlus<G> {
    type Statement = RangeStatement<G>;

    /// One equation: the norm argument's check with `C` expanded.
    fn add_terms(
        &self,
        statement: &RangeStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        _combine: G::Scalar,
        eq: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let rs = statement.shape();
        self.add_terms_with_shape(&PlusPlusShape::new(rs.n, rs.m)?, statement, transcript, weight, eq)
    }
}

impl<G: Group> RangeProofPlusPlus<G> {
    /// Verify against an explicit layout (see [`PlusPlusShape::with_digit_bits`]).
    pub fn verify_with_shape(
        &self,
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        commitments: &[G::Compressed],
    ) -> Result<(), ProofError> {
        let shape = &PlusPlusShape::with_digit_bits(shape.n, shape.m, shape.digit_bits)?;
        let statement = RangeStatement::new(shape.n, commitments)?;
        if statement.shape().m != shape.m {
            return Err(ProofError::WrongNumCommitments { expected: shape.m, got: commitments.len() });
        }
        let mut eq = Equation::new();
        self.add_terms_with_shape(shape, &statement, transcript, G::Scalar::one(), &mut eq)?;
        eq.verify(bp_gens, pc_gens)
    }

    /// The verification equation for `shape`. Every fallible step runs
    /// before the first term is added.
    fn add_terms_with_shape(
        &self,
        shape: &PlusPlusShape,
        statement: &RangeStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        eq: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let shape = *shape;
        let ch = self.replay(transcript, &shape, statement.commitments())?;
        let public = public_vectors(&shape, &ch)?;
        norm_domain_sep(transcript, shape.len);
        let check =
            self.norm.verification(&mut NormRounds(transcript), ch.rho, &public.c, shape.len, Folding::Shortest)?;
        let [t1, t2, t3, _, t5, ..] = public.t_pows;
        let two_t5 = G::Scalar::from_u64(2) * t5;
        eq.add_point(weight, self.s_point.point);
        eq.add_point(weight * t1, self.m_point.point);
        eq.add_point(weight * t2, self.d_point.point);
        eq.add_point(weight * t3, self.r_point.point);
        for (lambda_j, v) in public.lambdas.iter().zip(statement.points()) {
            eq.add_point(weight * two_t5 * *lambda_j, *v);
        }
        for ((x, r), (sx, sr)) in self.norm.points().zip(check.x.iter().zip(&check.r)) {
            eq.add_point(weight * *sx, x.point);
            eq.add_point(weight * *sr, r.point);
        }
        eq.add_b(weight * (public.a_coeff + check.a));
        let fw = weight.to_fast();
        eq.add_g_layout_fast(shape.slots, public.g_shift.iter().zip(&check.g).map(|(s, g)| fw * (*s + *g)));
        if let Some((h0, rest)) = check.h.split_first() {
            eq.add_b_blinding(weight * G::Scalar::from_fast(h0));
            eq.add_h_layout_fast(L_LEN - 1, rest.iter().map(|h| fw * *h));
        }
        Ok(())
    }
}

impl<G: Group> DynRangeProof<G> for RangeProofPlusPlus<G> {
    fn system(&self) -> RangeSystem {
        RangeSystem::BulletproofsPlusPlus
    }
    fn to_bytes(&self) -> Vec<u8> {
        RangeProofPlusPlus::to_bytes(self)
    }
    fn recover(
        &self,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        seed: &[u8; 32],
        output_id: &[u8],
    ) -> Result<crate::range::Recovered<G::Scalar>, ProofError> {
        RangeProofPlusPlus::recover(self, pc_gens, transcript, commitments, n, seed, output_id)
    }
}

impl<G: Group> RangeProofSystem<G> for RangeProofPlusPlus<G> {
    const SYSTEM: RangeSystem = RangeSystem::BulletproofsPlusPlus;

    fn prove_values<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        RangeProofPlusPlus::prove_multiple_with_rng(bp_gens, pc_gens, transcript, values, blindings, n, rng)
    }

    fn decode_for(bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError> {
        RangeProofPlusPlus::from_bytes_for(bytes, n, m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Ristretto255, Secp256k1};
    use rand::SeedableRng;

    fn round_trip<G: Group>(n: usize, values: &[u64]) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64((n * 1000 + values.len()) as u64);
        let bp = BulletproofGens::<G>::new(64, 64);
        let pc = PedersenGens::<G>::default();
        let blindings: Vec<_> = values.iter().map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
        let (proof, commitments) = RangeProofPlusPlus::<G>::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"bppp"),
            values,
            &blindings,
            n,
            &mut rng,
        )
        .unwrap();
        let bytes = proof.to_bytes();
        assert_eq!(bytes.len(), RangeProofPlusPlus::<G>::encoded_len(n, values.len()).unwrap());
        let back = RangeProofPlusPlus::<G>::from_bytes_for(&bytes, n, values.len()).unwrap();
        assert_eq!(back, proof);
        proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"bppp"), &commitments, n).unwrap();
        assert!(proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"other"), &commitments, n).is_err());
        let mut wrong = commitments.clone();
        wrong[0] = G::compress(&(G::decompress(&wrong[0]).unwrap() + pc.b));
        assert!(proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"bppp"), &wrong, n).is_err());
    }

    #[test]
    fn shapes_prove_and_verify() {
        assert_eq!(PlusPlusShape::new(64, 1).unwrap().base(), 16);
        assert_eq!(RangeProofPlusPlus::<Ristretto255>::encoded_len(64, 1).unwrap(), 416);
        assert_eq!(RangeProofPlusPlus::<Secp256k1>::encoded_len(64, 1).unwrap(), 426);
        round_trip::<Ristretto255>(64, &[u64::MAX]);
        round_trip::<Ristretto255>(64, &[0]);
        round_trip::<Ristretto255>(64, &[0x0123_4567_89ab_cdef, 7, 1 << 63]);
        round_trip::<Ristretto255>(7, &[127, 0, 5]);
        round_trip::<Ristretto255>(1, &[1]);
        round_trip::<Ristretto255>(33, &[(1 << 33) - 1; 4]);
        round_trip::<Secp256k1>(64, &[12345]);
        round_trip::<Secp256k1>(60, &[(1 << 60) - 1, 3]);
    }

    /// Every challenge, in transcript order: `e, ρ, x, y, λ, T, γ_r…`.
    fn challenges<G: Group>(
        proof: &RangeProofPlusPlus<G>,
        label: &'static [u8],
        commitments: &[G::Compressed],
        n: usize,
    ) -> Vec<G::Scalar> {
        let shape = PlusPlusShape::new(n, commitments.len()).unwrap();
        let mut t = Transcript::new(label);
        let ch = proof.replay(&mut t, &shape, commitments).unwrap();
        norm_domain_sep(&mut t, shape.len);
        let mut out = vec![ch.e, ch.rho, ch.x, ch.y, ch.lambda, ch.t];
        for (x, r) in proof.norm.points() {
            out.push(NormTranscript::<G>::round(&mut NormRounds(&mut t), &x.compressed, &r.compressed, true).unwrap());
        }
        out
    }

    /// Frozen Heart: every public input (label, n, m, each commitment) and
    /// every proof point changes every challenge drawn after it.
    #[test]
    fn every_public_input_changes_every_later_challenge() {
        type G = Ristretto255;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(19);
        let bp = BulletproofGens::<G>::new(16, 8);
        let pc = PedersenGens::<G>::default();
        let blindings: Vec<_> = (0..3).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
        let (proof, commitments) = RangeProofPlusPlus::<G>::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"fh"),
            &[1, 2, 3],
            &blindings,
            10,
            &mut rng,
        )
        .unwrap();
        let base = challenges(&proof, b"fh", &commitments, 10);
        let differs = |other: Vec<<G as Group>::Scalar>, what: &str| {
            for (k, (a, b)) in base.iter().zip(&other).enumerate() {
                assert_ne!(a, b, "changing {what} left challenge #{k} unchanged");
            }
        };
        differs(challenges(&proof, b"fh2", &commitments, 10), "the label");
        differs(challenges(&proof, b"fh", &commitments, 11), "n");
        for j in 0..3 {
            let mut other = commitments.clone();
            other[j] = G::compress(&(G::decompress(&other[j]).unwrap() + pc.b));
            differs(challenges(&proof, b"fh", &other, 10), "a commitment");
        }
        // m: a fourth commitment (the proof's shape is kept, so replay the
        // same points against the longer statement).
        let mut more = commitments.clone();
        more.push(G::compress(&G::identity()));
        let shape4 = PlusPlusShape::new(10, 4).unwrap();
        let mut t = Transcript::new(b"fh");
        let ch = proof.replay(&mut t, &shape4, &more).unwrap();
        assert!(ch.e != base[0] && ch.t != base[5], "m");
        // Each proof point feeds every challenge after it: M, D → all; R →
        // from ρ; S → from T; round r's X, R → from γ_r.
        let with_point = |f: &dyn Fn(&mut RangeProofPlusPlus<G>), first: usize| {
            let mut p = proof.clone();
            f(&mut p);
            let other = challenges(&p, b"fh", &commitments, 10);
            assert_eq!(&base[..first], &other[..first]);
            for k in first..base.len() {
                assert_ne!(base[k], other[k], "challenge #{k} unchanged");
            }
        };
        let bump = |p: &mut ProofPoint<G>| *p = ProofPoint::from_point(p.point + G::basepoint());
        with_point(&|p| bump(&mut p.m_point), 0);
        with_point(&|p| bump(&mut p.d_point), 0);
        with_point(&|p| bump(&mut p.r_point), 1);
        with_point(&|p| bump(&mut p.s_point), 5);
        for r in 0..proof.norm.rounds() {
            with_point(&|p| bump(&mut p.norm.x[r]), 6 + r);
            with_point(&|p| bump(&mut p.norm.r[r]), 6 + r);
        }
    }

    /// Every default layout (and every base for a few) folds soundly: the
    /// norm argument would refuse the others, and an unsound length would
    /// let a prover add a free square to the checked value.
    #[test]
    fn every_layout_has_a_sound_witness_length() {
        for n in 1..=64 {
            for m in 1..=64 {
                let shape = PlusPlusShape::new(n, m).unwrap();
                assert!(sound_lengths(shape.len, L_LEN, Folding::Shortest), "({n}, {m})");
                assert!(shape.len >= (shape.m * shape.slots).max(shape.base()));
            }
        }
        for beta in 1..=MAX_DIGIT_BITS {
            for (n, m) in [(64, 3), (16, 2), (1, 9), (64, 17)] {
                let shape = PlusPlusShape::with_digit_bits(n, m, beta).unwrap();
                assert!(sound_lengths(shape.len, L_LEN, Folding::Shortest));
            }
        }
    }

    /// A cheating prover: commitments to `values`, digits as given (not
    /// checked), multiplicities counted honestly over the table.
    fn forged<G: Group>(n: usize, values: &[u64], digits: &[u64]) -> bool {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(99);
        let bp = BulletproofGens::<G>::new(64, 64);
        let pc = PedersenGens::<G>::default();
        let shape = PlusPlusShape::new(n, values.len()).unwrap();
        let blindings: Vec<_> = values.iter().map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
        let (proof, commitments) = RangeProofPlusPlus::<G>::prove_inner(
            &bp,
            &pc,
            &mut Transcript::new(b"forge"),
            &shape,
            values,
            &blindings,
            Nonces::Rng(&mut rng),
            Some(digits),
        )
        .unwrap();
        proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"forge"), &commitments, n).is_ok()
    }

    /// The soundness cases of the module documentation, played by a
    /// cheating prover: each must fail verification.
    #[test]
    fn cheating_provers_fail() {
        type G = Ristretto255;
        // 3 × 7 bits: base 8, three digits per value of which the top is
        // below 2, plus the top-digit slot 4·d₂. Values 1 and 2 stay honest.
        let shape = PlusPlusShape::new(7, 3).unwrap();
        assert_eq!((shape.digit_bits, shape.digits, shape.slots), (3, 3, 4));
        let with = |first: [u64; 4]| -> Vec<u64> { first.into_iter().chain([1, 0, 0, 0, 2, 0, 0, 0]).collect() };
        // Honest digits of 100 = 4 + 4·8 + 1·64: accepted (the harness works).
        assert!(forged::<G>(7, &[100, 1, 2], &with([4, 4, 1, 4])));
        // 128 = 2·64: top digit 2 ≥ 2^1, so its slot 8 is outside the table.
        assert!(!forged::<G>(7, &[128, 1, 2], &with([0, 0, 2, 8])));
        // 128 with the top-digit slot lying (4·2 = 8 claimed as 0).
        assert!(!forged::<G>(7, &[128, 1, 2], &with([0, 0, 2, 0])));
        // 200 = 0 + 9·8 + 2·64 with a digit 9 outside [0, 8).
        assert!(!forged::<G>(7, &[200, 1, 2], &with([0, 9, 2, 8])));
        // Digits that do not sum to the value.
        assert!(!forged::<G>(7, &[100, 1, 2], &with([5, 4, 1, 4])));
        // Another value's digits swapped in.
        assert!(!forged::<G>(7, &[100, 1, 2], &[4, 4, 1, 4, 2, 0, 0, 0, 1, 0, 0, 0]));
        // n = 64, one value: 2^64 as fifteen 15s and a "digit" 16.
        let mut digits = vec![15u64; 16];
        digits[0] = 16;
        assert!(!forged::<G>(64, &[0], &digits));
    }

    #[test]
    fn out_of_range_values_are_refused_and_forged_top_digits_fail() {
        let bp = BulletproofGens::<Ristretto255>::new(64, 4);
        let pc = PedersenGens::<Ristretto255>::default();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let blinding = <<Ristretto255 as Group>::Scalar as ScalarOps>::random(&mut rng);
        assert!(matches!(
            RangeProofPlusPlus::<Ristretto255>::prove_multiple_with_rng(
                &bp,
                &pc,
                &mut Transcript::new(b"x"),
                &[1 << 7],
                &[blinding],
                7,
                &mut rng
            ),
            Err(ProofError::ValueOutOfRange { index: 0, bits: 7 })
        ));
    }
}
