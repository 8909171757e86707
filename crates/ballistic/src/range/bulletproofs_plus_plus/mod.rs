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
//! generators in the layout of [`PlusPlusShape::slots`], and
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
//!    in particular `T⁵`, the constraint. The identity has degree at most
//!    9 in `T`, not 8: the verifier cannot see that `𝐥_d` has the shape
//!    above, and an entry `l_{d,5}` adds `y·T⁹·l_{d,5}` through
//!    `⟨𝐜, 𝐥⟩`; so a false statement passes at no more than 9 values of
//!    `T` (soundness error `9/ℓ` for this step; `crate::soundness` runs a
//!    prover that reaches it on a toy group).
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

mod prover;
mod recovery;
mod shape;
#[cfg(test)]
mod tests;
mod verifier;

pub use self::shape::PlusPlusShape;

use alloc::vec;
use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::{RangeShape, RangeStatement};
use crate::encoding::{ProofPoint, Reader};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::norm_linear::{Folding, NormLinearProof, NormTranscript};
use crate::transcript::TranscriptProtocol;

impl<G: Group> crate::range::OverGroup for RangeProofPlusPlus<G> {
    type Group = G;
}

/// Length of the linear vector `𝐥`: `B̃` and `H_0..H_4`.
const L_LEN: usize = 6;
/// Largest digit base, `2^MAX_DIGIT_BITS`.
const MAX_DIGIT_BITS: usize = 8;

/// A Bulletproofs++ range proof for `m` values of `n` bits.
///
/// Encoding: `M ‖ D ‖ R ‖ S ‖ (X_r ‖ R_r)_r ‖ 𝐧 ‖ 𝐥`.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeProofPlusPlus<G: Group> {
    pub(crate) m_point: ProofPoint<G>,
    pub(crate) d_point: ProofPoint<G>,
    pub(crate) r_point: ProofPoint<G>,
    pub(crate) s_point: ProofPoint<G>,
    pub(crate) norm: NormLinearProof<G>,
    /// Owner recovery's sealed payload (module `recovery`), absorbed after
    /// the commitments; `None` for a plain proof.
    pub(crate) sealed: Option<[u8; recovery::SEALED_LEN]>,
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

super::range_proof_system!(RangeProofPlusPlus, BulletproofsPlusPlus, prove: |gens, transcript, values, blindings, n, rng| {
    let shape = PlusPlusShape::new(n, values.len())?;
    RangeProofPlusPlus::prove_with_shape(gens, transcript, &shape, values, blindings, rng)
});
