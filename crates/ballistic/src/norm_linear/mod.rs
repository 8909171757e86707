//! The weighted norm linear argument (Bulletproofs++: Eagen, Kanjalkar,
//! Ruffing, Nick, Eurocrypt 2024, §3, "norm linear argument").
//!
//! **Relation.** Public: a group element `G`, vectors `𝐆 ∈ 𝔾^N`,
//! `𝐇 ∈ 𝔾^L`, a linear form `𝐜 ∈ 𝔽^L`, a weight base `ρ ≠ 0` with
//! `μ = ρ²`, and `C ∈ 𝔾`. The prover knows `𝐧 ∈ 𝔽^N`, `𝐥 ∈ 𝔽^L` with
//!
//! ```text
//!     C = v·G + ⟨𝐥, 𝐇⟩ + ⟨𝐧, 𝐆⟩,     v = ⟨𝐜, 𝐥⟩ + |𝐧|²_μ,
//!     |𝐧|²_μ = Σ_{i<N} μ^{i+1}·n_i²   (0-indexed, weights μ¹, μ², …)
//! ```
//!
//! **One round** (the paper's reduction, with the even/odd split
//! `𝐧₀ = (n₀, n₂, …)`, `𝐧₁ = (n₁, n₃, …)`, likewise `𝐥`, `𝐜`, `𝐆`, `𝐇`;
//! an odd-length `𝐥` pads `𝐥₁`, `𝐜₁` with `0` and has no generator there):
//!
//! ```text
//!     μ' = μ²
//!     v_X = 2ρ⁻¹·⟨𝐧₀, 𝐧₁⟩_μ' + ⟨𝐜₀, 𝐥₁⟩ + ⟨𝐜₁, 𝐥₀⟩        (⟨a,b⟩_μ' = Σ μ'^{i+1} a_i b_i)
//!     v_R = |𝐧₁|²_μ' + ⟨𝐜₁, 𝐥₁⟩
//!     X = v_X·G + ⟨ρ⁻¹𝐧₀, 𝐆₁⟩ + ⟨ρ𝐧₁, 𝐆₀⟩ + ⟨𝐥₀, 𝐇₁⟩ + ⟨𝐥₁, 𝐇₀⟩
//!     R = v_R·G + ⟨𝐧₁, 𝐆₁⟩ + ⟨𝐥₁, 𝐇₁⟩
//!     γ ← H(transcript, X, R)
//!     𝐧' = ρ⁻¹𝐧₀ + γ𝐧₁,  𝐥' = 𝐥₀ + γ𝐥₁,  𝐜' = 𝐜₀ + γ𝐜₁,
//!     𝐆' = ρ𝐆₀ + γ𝐆₁,    𝐇' = 𝐇₀ + γ𝐇₁,  ρ' = μ,
//!     C' = C + γ·X + (γ² − 1)·R
//! ```
//!
//! `(C', 𝐧', 𝐥')` satisfies the relation again: `|ρ⁻¹𝐧₀|²_μ' + |𝐧₁|²_μ'
//! = |𝐧|²_μ` (index `2i` had weight `μ^{2i+1} = μ⁻¹·μ'^{i+1}`), so
//! `|𝐧'|²_μ' = |𝐧|²_μ + γ·2ρ⁻¹⟨𝐧₀,𝐧₁⟩_μ' + (γ²−1)|𝐧₁|²_μ'`, and the same
//! expansion holds for `⟨𝐜',𝐥'⟩`, `⟨𝐧',𝐆'⟩`, `⟨𝐥',𝐇'⟩`. When the vectors
//! are short the prover sends them: `𝐧, 𝐥` in the clear.
//!
//! **When to stop** ([`Folding`]): a round costs two points and halves
//! both vectors, so ballistic folds while `⌈N/2⌉ + ⌈L/2⌉ + 2 < N + L`
//! (the proof gets shorter). For `(N, L) = (16, 6)`, Bulletproofs++'s
//! 64-bit shape, that is three rounds and three final scalars — the
//! paper's 416 bytes. [`Folding::ToOne`] folds until both are length one.
//!
//! **Sound lengths** ([`sound_lengths`]). `𝐧` must have even length at
//! every fold and must fold in every round. An odd `𝐧` would leave its last
//! `𝐧₀` entry without a `𝐆₁` partner: the prover could then fold it as
//! `ρ⁻¹n₀ + γz` for a `z` no generator binds, paying `μ'^{K}z²` through
//! `R`'s `G` coefficient — the relation proved would become
//! `v = ⟨𝐜,𝐥⟩ + |𝐧|²_μ + w·z²`, a free square, enough to absorb any error
//! in `v`. A length-one `𝐧` left unfolded while `𝐥` folds (secp256k1-zkp's
//! rule) gives the same freedom. An odd `𝐥` is harmless: the missing
//! partner's coefficient `c₁ = 0` makes its extra term vanish. So
//! [`NormLinearProof::prove`] and [`NormLinearProof::verification`] refuse
//! unsound lengths with [`Folding::Shortest`]; [`Folding::ToOne`] exists for
//! secp256k1-zkp's vectors ([`crate::compat::secp256k1_zkp`]), sound when `N` is a power
//! of two and `N ≥ L`. Callers pick sound lengths (Bulletproofs++ pads its
//! witness: [`crate::range::PlusPlusShape`]).
//!
//! **Verification, unrolled.** After `k` rounds with challenges `γ_r` and
//! `ρ_r = ρ^{2^r}`, original generator `G_j` has become part of
//! `G^{(k)}_{j≫k}` with factor `g_j = Π_r (bit_r(j) ? γ_r : ρ_r)`, and `H_j`
//! part of `H^{(k)}_{j≫k}` with `h_j = Π_r (bit_r(j) ? γ_r : 1)` (the same
//! factors fold `𝐜`). The final check is the single equation
//!
//! ```text
//!     C + Σ_r (γ_r·X_r + (γ_r² − 1)·R_r)
//!       − (⟨𝐜⁽ᵏ⁾, 𝐥⁽ᵏ⁾⟩ + |𝐧⁽ᵏ⁾|²_{μ_k})·G − Σ_j n⁽ᵏ⁾_{j≫k}·g_j·G_j − Σ_j l⁽ᵏ⁾_{j≫k}·h_j·H_j = 𝟙
//! ```
//!
//! which [`NormLinearProof::verification`] returns as coefficients for the
//! caller's [`crate::equation::Equation`].
//!
//! **Zero knowledge.** The argument is not hiding: it reveals information
//! about `𝐧, 𝐥`. Callers feed it vectors that are uniformly masked (the
//! Bulletproofs++ range proof's `𝐬` and `𝐥_m`), so the prover may run in
//! variable time on them ([`crate::ct`]).

use alloc::vec;
use alloc::vec::Vec;

use crate::encoding::{ProofPoint, Reader};
use crate::errors::ProofError;
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};

/// When the prover stops folding (both sides must agree: it fixes the
/// proof's shape).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Folding {
    /// Fold while a round makes the proof shorter: `⌈N/2⌉ + ⌈L/2⌉ + 2 < N + L`.
    Shortest,
    /// Fold until both vectors have length one, a length-one `𝐧` frozen
    /// while `𝐥` folds (secp256k1-zkp's rule; sound only for `N` a power of
    /// two with `N ≥ L`, see [`sound_lengths`]).
    ToOne,
}

/// The shape of a proof for vectors of lengths `(n, l)`: the number of
/// rounds and the final lengths.
pub fn schedule(mut n: usize, mut l: usize, folding: Folding) -> (usize, usize, usize) {
    let mut rounds = 0;
    loop {
        let (n2, l2) = (half(n), half(l));
        let fold = match folding {
            Folding::Shortest => n2 + l2 + 2 < n + l,
            Folding::ToOne => n > 1 || l > 1,
        };
        if !fold {
            return (rounds, n, l);
        }
        rounds += 1;
        n = n2;
        l = l2;
    }
}

/// Are `(n, l)` sound lengths for `folding` (module documentation): every
/// round folds `𝐧`, from an even length? With [`Folding::ToOne`]: `n` a
/// power of two and `n ≥ l`.
pub fn sound_lengths(mut n: usize, mut l: usize, folding: Folding) -> bool {
    match folding {
        Folding::ToOne => n.is_power_of_two() && n >= l,
        Folding::Shortest => loop {
            let (n2, l2) = (half(n), half(l));
            if n2 + l2 + 2 >= n + l {
                return true;
            }
            if n % 2 == 1 {
                return false;
            }
            n = n2;
            l = l2;
        },
    }
}

/// A vector's length after a round: halved, rounded up, so that a
/// length-one vector stays one (it is not folded any more). (It was
/// written with a `len > 1` branch, whose `>=` mutant was equivalent:
/// `⌈1/2⌉ = 1` already.)
fn half(len: usize) -> usize {
    len.div_ceil(2)
}

/// `msm(a, g, h) = a·G + Σ g_j·G_j + Σ h_j·H_j` over the original generators.
pub type GeneratorMsm<'a, G> =
    &'a dyn Fn(<G as Group>::Scalar, &[<G as Group>::Scalar], &[<G as Group>::Scalar]) -> <G as Group>::Point;

/// How the rounds' challenges are drawn: the caller's transcript.
pub trait NormTranscript<G: Group> {
    /// Absorb round `X`, `R` and return `γ`. `verifying` asks for the
    /// points to be validated (identity refused).
    fn round(&mut self, x: &G::Compressed, r: &G::Compressed, verifying: bool) -> Result<G::Scalar, ProofError>;
}

/// A weighted norm linear argument: `(X_r, R_r)` per round, then `𝐧`, `𝐥`.
#[derive(Clone, Debug, PartialEq)]
pub struct NormLinearProof<G: Group> {
    pub(crate) x: Vec<ProofPoint<G>>,
    pub(crate) r: Vec<ProofPoint<G>>,
    pub(crate) n: Vec<G::Scalar>,
    pub(crate) l: Vec<G::Scalar>,
}

/// The coefficients of the unrolled check (see the module documentation),
/// with `C` at coefficient 1: `g` on the original `𝐆`, `h` on `𝐇`,
/// `a` on `G`, and `(x_r, r_r)` on each round's points.
/// The per-generator coefficients are in Montgomery form
/// (`group::fast`), ready for [`crate::equation::Equation`]'s
/// accumulators.
#[derive(Clone, Debug)]
pub struct NormCheck<S: ScalarOps> {
    /// Coefficient of `G`.
    pub a: S,
    /// Coefficients of `G_j`.
    pub g: Vec<S::Fast>,
    /// Coefficients of `H_j`.
    pub h: Vec<S::Fast>,
    /// Coefficients of `X_r`.
    pub x: Vec<S>,
    /// Coefficients of `R_r`.
    pub r: Vec<S>,
}

/// `Σ_{i} w^{i+1}·a_i·b_i` with weights `w, w², …`.
fn weighted<S: ScalarOps>(a: &[S], b: &[S], w: S) -> S {
    let mut acc = S::zero();
    let mut wi = w;
    for (x, y) in a.iter().zip(b) {
        acc += wi * *x * *y;
        wi *= w;
    }
    acc
}

/// `a·x₀ + γ·x₁` entrywise (`x₁` zero past its end).
fn fold<S: ScalarOps>(x0: &[S], x1: &[S], a: S, gamma: S) -> Vec<S> {
    x0.iter().enumerate().map(|(i, v)| a * *v + x1.get(i).map_or(S::zero(), |w| gamma * *w)).collect()
}

fn dot<S: ScalarOps>(a: &[S], b: &[S]) -> S {
    a.iter().zip(b).fold(S::zero(), |acc, (x, y)| acc + *x * *y)
}

/// Even and odd entries (odd side shorter by one for odd lengths).
fn split<S: Copy>(v: &[S]) -> (Vec<S>, Vec<S>) {
    (v.iter().step_by(2).copied().collect(), v.iter().skip(1).step_by(2).copied().collect())
}

impl<G: Group> NormLinearProof<G> {
    /// Prove the relation for `(𝐧, 𝐥)` under `ρ` and `𝐜`.
    ///
    /// `msm(a, g, h)` must return `a·G + Σ g_j·G_j + Σ h_j·H_j` over the
    /// *original* generators (the prover never folds points: each round's
    /// points are one multiscalar multiplication over the originals, which
    /// can use precomputed tables). Variable time: the inputs must be
    /// masked (module documentation).
    pub fn prove<T: NormTranscript<G>>(
        transcript: &mut T,
        rho: G::Scalar,
        mut n: Vec<G::Scalar>,
        mut l: Vec<G::Scalar>,
        mut c: Vec<G::Scalar>,
        folding: Folding,
        msm: GeneratorMsm<'_, G>,
    ) -> Result<Self, ProofError> {
        if c.len() != l.len() || (folding == Folding::Shortest && !sound_lengths(n.len(), l.len(), folding)) {
            return Err(ProofError::VerificationFailed);
        }
        let (big_n, big_l) = (n.len(), l.len());
        let (rounds, _, _) = schedule(big_n, big_l, folding);
        let mut rho = rho;
        // Fold factors of the original generators (see the module doc).
        let mut gf = vec![G::Scalar::one(); big_n];
        let mut hf = vec![G::Scalar::one(); big_l];
        let mut xs = Vec::with_capacity(rounds);
        let mut rs = Vec::with_capacity(rounds);
        let mut gx = vec![G::Scalar::zero(); big_n];
        let mut gr = vec![G::Scalar::zero(); big_n];
        let mut hx = vec![G::Scalar::zero(); big_l];
        let mut hr = vec![G::Scalar::zero(); big_l];
        // Rounds in which 𝐧 has been folded so far.
        let mut n_round = 0;
        for round in 0..rounds {
            let mu = rho * rho;
            let mu2 = mu * mu;
            let rho_inv = rho.invert_vartime();
            let (n0, n1) = split(&n);
            let (l0, l1) = split(&l);
            let (c0, c1) = split(&c);
            let two = G::Scalar::from_u64(2);
            let v_x = two * rho_inv * weighted(&n0, &n1, mu2) + dot(&c0, &l1) + dot(&c1, &l0);
            let v_r = weighted(&n1, &n1, mu2) + dot(&c1, &l1);
            // Current index of original j is j >> round; even/odd picks its half.
            let at = |v: &[G::Scalar], i: usize| v.get(i).copied().unwrap_or_else(G::Scalar::zero);
            for (j, ((f, x), r)) in gf.iter().zip(gx.iter_mut()).zip(gr.iter_mut()).enumerate() {
                let i = j >> n_round;
                (*x, *r) = if n.len() == 1 {
                    (G::Scalar::zero(), G::Scalar::zero())
                } else if i & 1 == 1 {
                    // G₁ side: X gets ρ⁻¹·n₀, R gets n₁.
                    (*f * rho_inv * at(&n, i - 1), *f * at(&n, i))
                } else {
                    (*f * rho * at(&n, i + 1), G::Scalar::zero())
                };
            }
            for (j, ((f, x), r)) in hf.iter().zip(hx.iter_mut()).zip(hr.iter_mut()).enumerate() {
                let i = j >> round;
                (*x, *r) = if i & 1 == 1 {
                    (*f * at(&l, i - 1), *f * at(&l, i))
                } else {
                    (*f * at(&l, i + 1), G::Scalar::zero())
                };
            }
            let x = ProofPoint::<G>::from_point(msm(v_x, &gx, &hx));
            let r = ProofPoint::<G>::from_point(msm(v_r, &gr, &hr));
            let gamma = transcript.round(&x.compressed, &r.compressed, false)?;
            xs.push(x);
            rs.push(r);
            // A length-one 𝐧 is frozen (secp256k1-zkp's rule): no terms,
            // no factors, and ρ, hence its weight μ, stays.
            if n.len() > 1 {
                n = fold(&n0, &n1, rho_inv, gamma);
                for (j, f) in gf.iter_mut().enumerate() {
                    *f *= if (j >> n_round) & 1 == 1 { gamma } else { rho };
                }
                n_round += 1;
                rho = mu;
            }
            l = fold(&l0, &l1, G::Scalar::one(), gamma);
            c = fold(&c0, &c1, G::Scalar::one(), gamma);
            for (j, f) in hf.iter_mut().enumerate() {
                if (j >> round) & 1 == 1 {
                    *f *= gamma;
                }
            }
        }
        Ok(NormLinearProof { x: xs, r: rs, n, l })
    }

    /// Number of rounds.
    pub fn rounds(&self) -> usize {
        self.x.len()
    }

    /// The final vectors' lengths.
    pub fn final_lens(&self) -> (usize, usize) {
        (self.n.len(), self.l.len())
    }

    /// Encoded length for vectors `(n, l)`.
    pub fn encoded_len(n: usize, l: usize, folding: Folding) -> usize {
        let (rounds, fn_, fl) = schedule(n, l, folding);
        2 * rounds * G::POINT_LEN + (fn_ + fl) * crate::group::SCALAR_LEN
    }

    /// Write `(X_r ‖ R_r)_r ‖ 𝐧 ‖ 𝐥`.
    pub fn write(&self, out: &mut Vec<u8>) {
        for (x, r) in self.x.iter().zip(&self.r) {
            out.extend_from_slice(G::compressed_bytes(&x.compressed));
            out.extend_from_slice(G::compressed_bytes(&r.compressed));
        }
        for s in self.n.iter().chain(&self.l) {
            out.extend_from_slice(&s.to_bytes());
        }
    }

    /// Read a proof for vectors `(n, l)` strictly.
    pub(crate) fn read(r: &mut Reader<'_>, n: usize, l: usize, folding: Folding) -> Result<Self, ProofError> {
        let (rounds, fn_, fl) = schedule(n, l, folding);
        let mut xs = Vec::with_capacity(rounds);
        let mut rs = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            xs.push(r.read_point::<G>()?);
            rs.push(r.read_point::<G>()?);
        }
        let n = (0..fn_).map(|_| r.read_scalar::<G>()).collect::<Result<Vec<_>, _>>()?;
        let l = (0..fl).map(|_| r.read_scalar::<G>()).collect::<Result<Vec<_>, _>>()?;
        Ok(NormLinearProof { x: xs, r: rs, n, l })
    }

    /// Replay the rounds and return the coefficients of the unrolled check
    /// for original lengths `(big_n, c.len())`. Errors if the proof's shape
    /// does not match or a point is the identity.
    ///
    /// The factors `g_j`, `h_j` are expanded as tables over the rounds'
    /// bits (two products per entry, in Montgomery form), not as a product
    /// per generator and round.
    pub fn verification<T: NormTranscript<G>>(
        &self,
        transcript: &mut T,
        rho: G::Scalar,
        c: &[G::Scalar],
        big_n: usize,
        folding: Folding,
    ) -> Result<NormCheck<G::Scalar>, ProofError> {
        let big_l = c.len();
        if folding == Folding::Shortest && !sound_lengths(big_n, big_l, folding) {
            return Err(ProofError::VerificationFailed);
        }
        let (rounds, fn_, fl) = schedule(big_n, big_l, folding);
        if self.x.len() != rounds || self.r.len() != rounds || self.n.len() != fn_ || self.l.len() != fl {
            return Err(ProofError::VerificationFailed);
        }
        let mut gammas = Vec::with_capacity(rounds);
        for (x, r) in self.x.iter().zip(&self.r) {
            gammas.push(transcript.round(&x.compressed, &r.compressed, true)?);
        }
        // 𝐧 folds in the first `n_rounds` rounds (until it has length one),
        // with ρ_r = ρ^{2^r}; its final weight is μ = ρ_{n_rounds}². 𝐥 folds
        // in the first `l_rounds`.
        let folds = |mut len: usize| {
            let mut k = 0;
            while len > 1 && k < rounds {
                len = half(len);
                k += 1;
            }
            k
        };
        let (n_rounds, l_rounds) = (folds(big_n), folds(big_l));
        let mut rho_f = Vec::with_capacity(n_rounds);
        let mut rho_k = rho;
        for _ in 0..n_rounds {
            rho_f.push(rho_k.to_fast());
            rho_k = rho_k * rho_k;
        }
        let mu_k = rho_k * rho_k;
        let gamma_f: Vec<_> = gammas.iter().map(|g| g.to_fast()).collect();
        let one = G::Scalar::fast_one();
        // table[i] = Π_{r<k} (bit_r(i) ? γ_r : base_r), built from the last round down.
        let table = |k: usize, base: &dyn Fn(usize) -> <G::Scalar as Montgomery>::Fast| {
            let mut t = vec![one];
            for r in (0..k).rev() {
                let (b, g) = (base(r), gamma_f.get(r).copied().unwrap_or(one));
                t = t.iter().flat_map(|f| [*f * b, *f * g]).collect();
            }
            t
        };
        let g_table = table(n_rounds, &|r| rho_f.get(r).copied().unwrap_or(one));
        let h_table = table(l_rounds, &|_| one);
        let (g_mask, h_mask) = ((1usize << n_rounds) - 1, (1usize << l_rounds) - 1);
        let n_fin: Vec<_> = self.n.iter().map(|s| s.to_fast()).collect();
        let l_fin: Vec<_> = self.l.iter().map(|s| s.to_fast()).collect();
        let zero = <G::Scalar as Montgomery>::Fast::default();
        let at = |v: &[<G::Scalar as Montgomery>::Fast], i: usize| v.get(i).copied().unwrap_or(zero);
        // c folded with the H factors.
        let mut c_fin = vec![zero; fl];
        for (j, cj) in c.iter().enumerate() {
            if let Some(slot) = c_fin.get_mut(j >> l_rounds) {
                *slot += cj.to_fast() * at(&h_table, j & h_mask);
            }
        }
        let v = G::Scalar::from_fast(&c_fin.iter().zip(&l_fin).fold(zero, |acc, (c, l)| acc + *c * *l))
            + weighted(&self.n, &self.n, mu_k);
        let g = (0..big_n).map(|j| -(at(&g_table, j & g_mask) * at(&n_fin, j >> n_rounds))).collect();
        let h = (0..big_l).map(|j| -(at(&h_table, j & h_mask) * at(&l_fin, j >> l_rounds))).collect();
        let r = gammas.iter().map(|g| *g * *g - G::Scalar::one()).collect();
        Ok(NormCheck { a: -v, g, h, x: gammas, r })
    }

    /// The round points `(X_r, R_r)`.
    pub fn points(&self) -> impl Iterator<Item = (&ProofPoint<G>, &ProofPoint<G>)> {
        self.x.iter().zip(&self.r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::{Ristretto255, Secp256k1};
    use crate::transcript::TranscriptProtocol;
    use merlin::Transcript;
    use rand::SeedableRng;

    struct Merlin(Transcript);
    impl<G: Group> NormTranscript<G> for Merlin {
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

    fn points<G: Group>(k: usize, tag: u8) -> Vec<G::Point> {
        (0..k)
            .map(|i| {
                let mut u = [tag; 64];
                u[..8].copy_from_slice(&(i as u64).to_le_bytes());
                G::hash_to_point(&u)
            })
            .collect()
    }

    fn round_trip<G: Group>(big_n: usize, big_l: usize, folding: Folding) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64((big_n * 100 + big_l) as u64);
        let a = G::hash_to_point(&[7u8; 64]);
        let gs = points::<G>(big_n, 1);
        let hs = points::<G>(big_l, 2);
        let rnd = |rng: &mut rand_chacha::ChaCha20Rng| <G::Scalar as ScalarOps>::random(rng);
        let n: Vec<_> = (0..big_n).map(|_| rnd(&mut rng)).collect();
        let l: Vec<_> = (0..big_l).map(|_| rnd(&mut rng)).collect();
        let c: Vec<_> = (0..big_l).map(|_| rnd(&mut rng)).collect();
        let rho = rnd(&mut rng);
        let mu = rho * rho;
        let v = dot(&c, &l) + weighted(&n, &n, mu);
        let msm = |s: G::Scalar, g: &[G::Scalar], h: &[G::Scalar]| {
            let scalars: Vec<_> = core::iter::once(s).chain(g.iter().copied()).chain(h.iter().copied()).collect();
            let pts: Vec<_> = core::iter::once(a).chain(gs.iter().copied()).chain(hs.iter().copied()).collect();
            G::msm_vartime(scalars.iter(), pts.iter())
        };
        let commitment = msm(v, &n, &l);
        let proof = NormLinearProof::<G>::prove(
            &mut Merlin(Transcript::new(b"t")),
            rho,
            n.clone(),
            l.clone(),
            c.clone(),
            folding,
            &msm,
        )
        .unwrap();
        let (rounds, fn_, fl) = schedule(big_n, big_l, folding);
        assert_eq!((proof.rounds(), proof.final_lens()), (rounds, (fn_, fl)));
        let check = |proof: &NormLinearProof<G>, commitment: G::Point, label: &'static [u8]| -> bool {
            let Ok(ch) = proof.verification(&mut Merlin(Transcript::new(label)), rho, &c, big_n, folding) else {
                return false;
            };
            let g: Vec<_> = ch.g.iter().map(G::Scalar::from_fast).collect();
            let h: Vec<_> = ch.h.iter().map(G::Scalar::from_fast).collect();
            let mut total = commitment + msm(ch.a, &g, &h);
            for ((x, r), (sx, sr)) in proof.points().zip(ch.x.iter().zip(&ch.r)) {
                total += G::msm_vartime([*sx, *sr].iter(), [x.point, r.point].iter());
            }
            G::is_identity_vartime(&total)
        };
        assert!(check(&proof, commitment, b"t"), "N={big_n} L={big_l}");
        assert!(!check(&proof, commitment + a, b"t"));
        if rounds > 0 {
            assert!(!check(&proof, commitment, b"u"));
        }
        let mut bad = proof.clone();
        if let Some(s) = bad.n.first_mut() {
            *s += G::Scalar::one();
        }
        assert!(!check(&bad, commitment, b"t"));
        // Every part of the proof at another length than the shape's is
        // refused before any challenge (a decoder cannot produce these; the
        // check stands on its own).
        type Edit<G> = fn(&mut NormLinearProof<G>);
        let edits: [(&str, Edit<G>); 8] = [
            ("x short", |p| {
                p.x.pop();
            }),
            ("x long", |p| p.x.push(ProofPoint::from_point(G::basepoint()))),
            ("r short", |p| {
                p.r.pop();
            }),
            ("r long", |p| p.r.push(ProofPoint::from_point(G::basepoint()))),
            ("n short", |p| {
                p.n.pop();
            }),
            ("n long", |p| p.n.push(G::Scalar::one())),
            ("l short", |p| {
                p.l.pop();
            }),
            ("l long", |p| p.l.push(G::Scalar::one())),
        ];
        for (what, edit) in edits {
            let mut bad = proof.clone();
            edit(&mut bad);
            if bad.x.len() == proof.x.len()
                && bad.r.len() == proof.r.len()
                && bad.n.len() == proof.n.len()
                && bad.l.len() == proof.l.len()
            {
                continue; // popped an empty vector
            }
            let refused = bad.verification(&mut Merlin(Transcript::new(b"t")), rho, &c, big_n, folding);
            assert_eq!(refused.err(), Some(ProofError::VerificationFailed), "{what}, N={big_n} L={big_l}");
        }
        let mut bytes = Vec::new();
        proof.write(&mut bytes);
        assert_eq!(bytes.len(), NormLinearProof::<G>::encoded_len(big_n, big_l, folding));
        let back = NormLinearProof::<G>::read(&mut Reader::new(&bytes), big_n, big_l, folding).unwrap();
        assert_eq!(back, proof);
    }

    #[test]
    fn honest_proofs_verify_and_changes_do_not() {
        for (n, l) in [(1, 1), (2, 1), (16, 6), (16, 8), (2, 5), (24, 6), (64, 6), (12, 1), (4, 9), (3, 1)] {
            assert!(sound_lengths(n, l, Folding::Shortest), "({n}, {l})");
            round_trip::<Ristretto255>(n, l, Folding::Shortest);
        }
        for (n, l) in [(1, 1), (2, 1), (16, 8), (8, 8), (4, 1)] {
            round_trip::<Ristretto255>(n, l, Folding::ToOne);
        }
        round_trip::<Secp256k1>(16, 6, Folding::Shortest);
        round_trip::<Secp256k1>(8, 4, Folding::ToOne);
    }

    /// The attack of the module documentation, at the norm level: a prover
    /// folding an odd 𝐧 with a free `z` proves `v + w·z²`; sound lengths are
    /// refused otherwise, and lengths are checked to be sound.
    #[test]
    fn odd_and_frozen_n_lengths_are_refused() {
        for (n, l) in [(3, 6), (17, 6), (7, 1), (1, 9), (9, 6), (5, 5)] {
            assert!(!sound_lengths(n, l, Folding::Shortest), "({n}, {l})");
            let s = <<Ristretto255 as Group>::Scalar as ScalarOps>::one();
            let msm = |_: <Ristretto255 as Group>::Scalar, _: &[_], _: &[_]| Ristretto255::identity();
            let proved = NormLinearProof::<Ristretto255>::prove(
                &mut Merlin(Transcript::new(b"t")),
                s,
                vec![s; n],
                vec![s; l],
                vec![s; l],
                Folding::Shortest,
                &msm,
            );
            assert!(proved.is_err());
            let (rounds, fin_n, fin_l) = schedule(n, l, Folding::Shortest);
            let fake = NormLinearProof::<Ristretto255> {
                x: vec![ProofPoint::from_point(Ristretto255::basepoint()); rounds],
                r: vec![ProofPoint::from_point(Ristretto255::basepoint()); rounds],
                n: vec![s; fin_n],
                l: vec![s; fin_l],
            };
            assert!(fake
                .verification(&mut Merlin(Transcript::new(b"t")), s, &vec![s; l], n, Folding::Shortest)
                .is_err());
        }
        assert!(!sound_lengths(2, 4, Folding::ToOne));
        assert!(sound_lengths(4, 2, Folding::ToOne));
    }

    #[test]
    fn the_64_bit_shape_is_the_papers() {
        assert_eq!(schedule(16, 6, Folding::Shortest), (3, 2, 1));
        assert_eq!(NormLinearProof::<Ristretto255>::encoded_len(16, 6, Folding::Shortest), 6 * 32 + 3 * 32);
        assert_eq!(schedule(16, 8, Folding::ToOne), (4, 1, 1));
    }
}
