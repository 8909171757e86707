//! The inner-product argument (Bulletproofs paper, §3, Protocol 2).
//!
//! **Statement.** Given generators `𝐆, 𝐇 ∈ 𝔾^N` (`N` a power of two),
//! `Q ∈ 𝔾` and `P ∈ 𝔾`, the prover knows `𝐚, 𝐛 ∈ 𝔽^N` with
//!
//! ```text
//!     P = ⟨𝐚, 𝐆⟩ + ⟨𝐛, 𝐇⟩ + ⟨𝐚, 𝐛⟩·Q.                          (paper eq. (3))
//! ```
//!
//! The caller may scale the generators by public factors, `G'_i = g_i·G_i`,
//! `H'_i = h_i·H_i` (the range proof uses `h_i = y^{-i}`, paper eq. (64)).
//!
//! **Rounds.** While `N > 1` split every vector in halves `(·_L, ·_R)`,
//! send
//!
//! ```text
//!     L = ⟨𝐚_L, 𝐆_R⟩ + ⟨𝐛_R, 𝐇_L⟩ + ⟨𝐚_L, 𝐛_R⟩·Q
//!     R = ⟨𝐚_R, 𝐆_L⟩ + ⟨𝐛_L, 𝐇_R⟩ + ⟨𝐚_R, 𝐛_L⟩·Q
//! ```
//!
//! receive the challenge `u` and fold
//! `𝐚 ← u·𝐚_L + u⁻¹·𝐚_R`, `𝐛 ← u⁻¹·𝐛_L + u·𝐛_R`,
//! `𝐆 ← u⁻¹·𝐆_L + u·𝐆_R`, `𝐇 ← u·𝐇_L + u⁻¹·𝐇_R`, so that
//! `P ← P + u²·L + u⁻²·R` satisfies the same relation (paper eqs. (24)–(29);
//! the roles of `u` and `u⁻¹` are swapped relative to the paper, as in
//! `bulletproofs` 5, whose proofs this reproduces). Finally send `a, b`.
//!
//! **Verification without recursion** (paper §3.1, eq. (4)). Unrolling the
//! folds, the final generators are `G = Σ sᵢ·Gᵢ`, `H = Σ sᵢ⁻¹·Hᵢ` with
//! `sᵢ = Π_k u_k^{±1}`, the sign `+` where bit `lg N − 1 − k` of `i` is set.
//! The verifier checks
//!
//! ```text
//!     P + Σ_k (u_k²·L_k + u_k⁻²·R_k) − a·⟨𝐬, 𝐆'⟩ − b·⟨𝐬⁻¹, 𝐇'⟩ − ab·Q = 𝟙
//! ```
//!
//! as terms of one multiscalar multiplication. All `u_k⁻¹` come from one
//! batched inversion (shared with the caller's own inverses), and each `sᵢ`
//! costs one multiplication: `s₀ = Π u_k⁻¹`, `sᵢ = s_{i−2^t}·u²_{lg N−1−t}`
//! for `t = ⌊log₂ i⌋`; `sᵢ⁻¹ = s_{N−1−i}`.
//!
//! **Timing.** The prover's vectors here are the range proof's `𝐥(x), 𝐫(x)`:
//! each entry is a secret bit masked by an independent uniform blinding
//! (`s_L`, `s_R`), so they are uniformly distributed and reveal nothing
//! about the secrets; the argument then publishes `a, b` derived from them.
//! The rounds therefore use variable-time arithmetic, as `bulletproofs` 5
//! does. Callers with unmasked secret vectors must not use this prover.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use merlin::Transcript;

use crate::encoding::{ProofPoint, Reader};
use crate::errors::ProofError;
use crate::generators::GenTables;
use crate::group::{Group, ScalarOps};
use crate::poly::{inner_product, FoldingGens};
use crate::transcript::TranscriptProtocol;

/// The bases of one inner-product argument: `Q`, the generators `𝐆, 𝐇`
/// scaled by `g_factors`, `h_factors` (all of the same power-of-two length
/// `N`), and the generator table with its chain length, if the generators
/// are the table's (the layout of `crate::generators`).
pub(crate) struct IpaBases<'a, G: Group> {
    /// `Q`.
    pub q: &'a G::Point,
    /// The factors of `𝐆`.
    pub g_factors: &'a [G::Scalar],
    /// The factors of `𝐇`.
    pub h_factors: &'a [G::Scalar],
    /// `𝐆`.
    pub g: alloc::borrow::Cow<'a, [G::Point]>,
    /// `𝐇`.
    pub h: alloc::borrow::Cow<'a, [G::Point]>,
    /// The generator table and its chain length, if any.
    pub table: Option<(&'a GenTables<G>, usize)>,
    /// Whether the prover may build short-lived tables of its own (not
    /// under `Precomputation::Off`; see `relazy`).
    pub scratch_tables: bool,
}

impl<'a, G: Group> IpaBases<'a, G> {
    /// Bases laid out in `bp_gens`' chains of `chunk` generators each (the
    /// range and circuit provers): the generator table and whether the
    /// prover may build its own short-lived tables follow from `bp_gens`.
    pub(crate) fn in_gens(
        bp_gens: &'a crate::generators::BulletproofGens<G>,
        chunk: usize,
        q: &'a G::Point,
        g_factors: &'a [G::Scalar],
        h_factors: &'a [G::Scalar],
        g: impl Into<alloc::borrow::Cow<'a, [G::Point]>>,
        h: impl Into<alloc::borrow::Cow<'a, [G::Point]>>,
    ) -> Self {
        IpaBases {
            q,
            g_factors,
            h_factors,
            g: g.into(),
            h: h.into(),
            table: bp_gens.tables().map(|t| (t, chunk)),
            scratch_tables: bp_gens.scratch_tables(),
        }
    }
}

/// A proof of the relation above: `lg N` pairs `(L_k, R_k)` and `a, b`.
#[derive(Clone, Debug, PartialEq)]
pub struct InnerProductProof<G: Group> {
    pub(crate) l_vec: Vec<ProofPoint<G>>,
    pub(crate) r_vec: Vec<ProofPoint<G>>,
    pub(crate) a: G::Scalar,
    pub(crate) b: G::Scalar,
}

impl<G: Group> InnerProductProof<G> {
    /// Prove knowledge of `a, b` (overwritten as they fold).
    ///
    /// `g_factors`, `h_factors` scale the generators (`len N`); all slices
    /// must have the same power-of-two length.
    ///
    /// **Cost.** Folding the generators is the prover's largest cost: each
    /// folded point is a 2-term multiscalar multiplication, the most
    /// expensive size per point. So the first [`lazy_rounds`] rounds do not
    /// fold: they keep, for every original generator, its coefficient in the
    /// current virtual generators (a product of challenges) and compute `L`,
    /// `R` as one multiscalar multiplication over the original `N`
    /// generators (through the generator table where there is one). Then
    /// the virtual generators are materialised at once (`2^k`-term MSMs,
    /// cheaper per point; through the generator table where the backend
    /// can), and the remaining, small rounds either fold as usual
    /// ([`FoldingGens`], shared with the weighted argument) or, with at most
    /// 64 generators left, run lazily again over a table of the
    /// materialised points (`relazy`). The proof is identical either way.
    // Indexing: every vector is the caller-checked power-of-two length N or a half of it.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn prove(
        transcript: &mut Transcript,
        bases: IpaBases<'_, G>,
        a: &mut [G::Scalar],
        b: &mut [G::Scalar],
    ) -> Self {
        let IpaBases { q, g_factors, h_factors, g, h, table, scratch_tables } = bases;
        let big_n = a.len();
        debug_assert!(big_n.is_power_of_two());
        debug_assert!(b.len() == big_n && g.len() == big_n && h.len() == big_n);
        debug_assert!(g_factors.len() == big_n && h_factors.len() == big_n);
        transcript.innerproduct_domain_sep(big_n as u64);

        let lg_n = big_n.trailing_zeros() as usize;
        let mut l_vec = Vec::with_capacity(lg_n);
        let mut r_vec = Vec::with_capacity(lg_n);
        let mut round = |transcript: &mut Transcript, l: G::Point, r: G::Point| -> (G::Scalar, G::Scalar) {
            let l = ProofPoint::<G>::from_point(l);
            let r = ProofPoint::<G>::from_point(r);
            transcript.append_point::<G>(b"L", &l.compressed);
            transcript.append_point::<G>(b"R", &r.compressed);
            l_vec.push(l);
            r_vec.push(r);
            let u = transcript.challenge_scalar::<G>(b"u");
            (u, u.invert_vartime())
        };

        // The generator table, if every original generator is in it and the
        // sizes are where it is faster: entry j is chain ⌊j/chunk⌋, position
        // j mod chunk (the layout of crate::generators).
        let table = table.and_then(|(t, chunk)| {
            let chunk = chunk.max(1);
            let last = big_n.checked_sub(1)?;
            let static_len = t.h_index(last / chunk, last % chunk) + 1;
            (big_n.div_ceil(chunk) <= t.chains && chunk <= t.cap && G::prover_tables_pay(static_len))
                .then_some((t, chunk, static_len))
        });
        let generator_table = table.map(|(t, chunk, static_len)| Lookup::<G> {
            table: &t.table,
            len: static_len,
            index: Box::new(
                move |j, on_h| {
                    if on_h {
                        t.h_index(j / chunk, j % chunk)
                    } else {
                        t.g_index(j / chunk, j % chunk)
                    }
                },
            ),
            q: None,
        });
        // L or R: the cross terms of `gens` plus c·Q. While the generators are
        // lazy the terms run over their originals, through `lookup` if any.
        let cross = |gens: &FoldingGens<G>,
                     lookup: Option<&Lookup<'_, G>>,
                     g_high: bool,
                     a: &dyn Fn(usize) -> G::Scalar,
                     b: &dyn Fn(usize) -> G::Scalar,
                     c: G::Scalar| {
            if let (true, Some(lk)) = (gens.is_lazy(), lookup) {
                let mut statics = vec![G::Scalar::zero(); lk.len];
                gens.cross_terms(g_high, a, b, |j, on_h, scalar, _| {
                    if let Some(slot) = statics.get_mut((lk.index)(j, on_h)) {
                        *slot = scalar;
                    }
                });
                let sum = match lk.q.and_then(|i| statics.get_mut(i)) {
                    Some(slot) => {
                        *slot = c;
                        G::msm_vartime_precomputed(lk.table, &statics, &[], &[])
                    }
                    None => G::msm_vartime_precomputed(lk.table, &statics, &[c], &[*q]),
                };
                if let Some(p) = sum {
                    return p;
                }
            }
            // One term per original generator while lazy, else n.
            let terms = if gens.is_lazy() { big_n } else { gens.len() };
            // The points by reference (the originals can be 10⁵ points).
            let mut scalars = Vec::with_capacity(terms + 1);
            let mut points: Vec<&G::Point> = Vec::with_capacity(terms + 1);
            gens.cross_terms(g_high, a, b, |_, _, scalar, point| {
                scalars.push(scalar);
                points.push(point);
            });
            scalars.push(c);
            points.push(q);
            if gens.is_lazy() {
                crate::group::msm_vartime_by_ref::<G>(&scalars, &points, crate::equation::MSM_CHUNK)
            } else {
                G::msm_vartime(&scalars, points.iter().copied())
            }
        };

        // The first `lazy_rounds` rounds run over the original generators
        // (coefficients g_factors, h_factors); then the virtual generators
        // are materialised, and the remaining rounds either fold them or,
        // where that is cheaper ([`relazy`]), run lazily again over the
        // materialised points through a table of them built once (folding
        // a point is a 2-term multiscalar multiplication with its own
        // doubling chain; a table term costs a fraction of that).
        let lazy = lazy_rounds(big_n);
        let mut gens = FoldingGens::<G>::lazy(g, h, g_factors.to_vec(), h_factors.to_vec());
        let mut local: Option<(G::VartimeTable, usize)> = None;
        let mut a = a;
        let mut b = b;
        for k in 0..lg_n {
            if k == lazy {
                match &generator_table {
                    Some(lk) => gens.materialise_through(lk.table, &lk.index),
                    None => gens.materialise(),
                }
                if scratch_tables && relazy(gens.len(), lg_n - k) {
                    let (g, h) = gens.current();
                    let (g, h) = (g.to_vec(), h.to_vec());
                    let n = g.len();
                    let mut points = Vec::with_capacity(2 * n + 1);
                    points.extend_from_slice(&g);
                    points.extend_from_slice(&h);
                    points.push(*q);
                    local = Some((G::scratch_vartime_table(&points), n));
                    gens = FoldingGens::lazy(g, h, vec![G::Scalar::one(); n], vec![G::Scalar::one(); n]);
                }
            }
            let local_lookup = local.as_ref().map(|(t, n)| {
                let n = *n;
                Lookup::<G> {
                    table: t,
                    len: 2 * n + 1,
                    index: Box::new(move |j, on_h| if on_h { n + j } else { j }),
                    q: Some(2 * n),
                }
            });
            let lookup = if k < lazy { generator_table.as_ref() } else { local_lookup.as_ref() };
            let half = gens.len() / 2;
            let (a_l, a_r) = a.split_at_mut(half);
            let (b_l, b_r) = b.split_at_mut(half);
            let c_l = inner_product(a_l, b_r);
            let c_r = inner_product(a_r, b_l);
            let l = cross(&gens, lookup, true, &|i| a_l[i], &|i| b_r[i], c_l);
            let r = cross(&gens, lookup, false, &|i| a_r[i], &|i| b_l[i], c_r);
            let (u, u_inv) = round(transcript, l, r);
            fold_scalars(a_l, a_r, u, u_inv);
            fold_scalars(b_l, b_r, u_inv, u);
            gens.fold(u_inv, u, u, u_inv);
            a = a_l;
            b = b_l;
        }

        InnerProductProof { l_vec, r_vec, a: a[0], b: b[0] }
    }

    /// Number of rounds, `lg N`.
    pub fn rounds(&self) -> usize {
        self.l_vec.len()
    }

    /// Replay the transcript for a statement of length `n`: check the proof
    /// has `lg n` rounds, refuse identity points, and return the `u_k`.
    pub(crate) fn challenges(&self, n: usize, transcript: &mut Transcript) -> Result<Vec<G::Scalar>, ProofError> {
        if !n.is_power_of_two() || self.l_vec.len() != n.trailing_zeros() as usize {
            return Err(ProofError::VerificationFailed);
        }
        transcript.innerproduct_domain_sep(n as u64);
        let mut u = Vec::with_capacity(self.l_vec.len());
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            transcript.validate_and_append_point::<G>(b"L", &l.compressed)?;
            transcript.validate_and_append_point::<G>(b"R", &r.compressed)?;
            u.push(transcript.challenge_scalar::<G>(b"u"));
        }
        Ok(u)
    }

    /// Encoded length for `rounds` rounds.
    pub fn encoded_len(rounds: usize) -> usize {
        2 * rounds * G::POINT_LEN + 2 * crate::group::SCALAR_LEN
    }

    /// Append `L_0, R_0, …, L_{k−1}, R_{k−1}, a, b`.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        for (l, r) in self.l_vec.iter().zip(&self.r_vec) {
            out.extend_from_slice(G::compressed_bytes(&l.compressed));
            out.extend_from_slice(G::compressed_bytes(&r.compressed));
        }
        out.extend_from_slice(&self.a.to_bytes());
        out.extend_from_slice(&self.b.to_bytes());
    }

    /// Read a proof of `rounds` rounds.
    pub(crate) fn read(reader: &mut Reader<'_>, rounds: usize) -> Result<Self, ProofError> {
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            l_vec.push(reader.read_point::<G>()?);
            r_vec.push(reader.read_point::<G>()?);
        }
        let a = reader.read_scalar::<G>()?;
        let b = reader.read_scalar::<G>()?;
        Ok(InnerProductProof { l_vec, r_vec, a, b })
    }

    /// Add the verification terms for this proof, all scaled by `weight`:
    /// `Σ_k (u_k²·L_k + u_k⁻²·R_k)`. The caller adds `P`, `−a·⟨𝐬, 𝐆'⟩`,
    /// `−b·⟨𝐬⁻¹, 𝐇'⟩` and `−ab·Q`, which share generators with its own terms.
    pub(crate) fn add_round_terms(
        &self,
        u: &[G::Scalar],
        u_inv: &[G::Scalar],
        weight: G::Scalar,
        acc: &mut crate::equation::Equation<G>,
    ) {
        for (((l, r), u), u_inv) in self.l_vec.iter().zip(&self.r_vec).zip(u).zip(u_inv) {
            acc.add_point(weight * *u * *u, l.point);
            acc.add_point(weight * *u_inv * *u_inv, r.point);
        }
    }
}

/// `x_L ← α·x_L + β·x_R` elementwise.
fn fold_scalars<S: ScalarOps>(left: &mut [S], right: &[S], alpha: S, beta: S) {
    for (l, r) in left.iter_mut().zip(right) {
        *l = *l * alpha + beta * *r;
    }
}

/// A table the lazy rounds' terms go through: original `j` of `𝐆` (or
/// `𝐇`) is entry `index(j, on_h)`, and `Q` entry `q` if it is in the
/// table (else a dynamic term).
struct Lookup<'t, G: Group> {
    table: &'t G::VartimeTable,
    len: usize,
    index: Box<dyn Fn(usize, bool) -> usize + 't>,
    q: Option<usize>,
}

/// After materialising `n` generators each with `rounds` rounds left, run
/// them lazily again through a table of the `2n + 1` points (`𝐆, 𝐇, Q`)
/// rather than folding? For at least two rounds and up to 64 generators:
/// a fold costs a 2-term sum with its own doubling chain per point, a
/// table term a fraction of that once the table (about 64 additions per
/// point) is built. Instructions per proof (callgrind, `prove_loop GROUP bp
/// 64 M`, the second proof minus the first), folding → relazy: secp256k1
/// m = 1 116.6 → 109.4 M, m = 4 433.5 → 413.9 M, m = 8 1,010 → 987 M;
/// Ristretto255 m = 1 54.3 → 51.4 M, m = 4 230.8 → 221.6 M, m = 8 432.6 →
/// 418.7 M; Ed25519 m = 1 54.2 → 51.3 M.
fn relazy(n: usize, rounds: usize) -> bool {
    rounds >= 2 && n <= 64
}

/// How many rounds run over the original generators before folding (see
/// `InnerProductProof::prove`). Chosen by measurement on Ristretto255: a
/// lazy round costs two `N`-term MSMs (through the generator table where
/// there is one), materialising after `k` of them costs `2N` points' worth
/// of `2^k`-term MSMs, and every folding round after costs `N/2^k` 2-term
/// MSMs. With tables (curve25519-dalek 5), 64-bit prove for k = 0..6:
/// 13.7, 9.7, 7.9, 7.5, 7.6, 7.6, 7.4 ms; 64×8: 100, 72, 57, 53.8, 53.7,
/// 57.6, 63.2 ms (medians of 5 alternating rounds). On secp256k1 (k256
/// field, ballistic's GLV Straus and tables) k = 3 is also the best or
/// within noise of it: 64-bit 24.7, 19.1, 16.1, 14.9, 14.8, 15.7, 14.0 ms;
/// 64×8: 172, 137, 116, 112, 115, 123, 134 ms.
pub fn lazy_rounds(n: usize) -> usize {
    let lg_n = n.trailing_zeros() as usize;
    lg_n.min(LAZY_ROUNDS)
}

const LAZY_ROUNDS: usize = 3;

/// The unrolled fold coefficients `s_0 … s_{N−1}` from the challenges and
/// their inverses (one multiplication per entry after `s_0`).
/// The verifiers use [`s_vector_fast`]; this is its test oracle.
// Indexing: s has 2^lg_n entries built here; i − 2^⌊lg i⌋ < i and lg_n − 1 − ⌊lg i⌋ < lg_n = u.len().
#[cfg(test)]
#[allow(clippy::indexing_slicing)]
pub(crate) fn s_vector<S: ScalarOps>(u: &[S], u_inv: &[S]) -> Vec<S> {
    let lg_n = u.len();
    let n = 1usize << lg_n;
    let mut s = Vec::with_capacity(n);
    s.push(u_inv.iter().copied().product::<S>());
    let u_sq: Vec<S> = u.iter().map(|x| *x * *x).collect();
    for i in 1..n {
        let lg_i = (usize::BITS - 1 - i.leading_zeros()) as usize;
        let k = 1usize << lg_i;
        let next = s[i - k] * u_sq[lg_n - 1 - lg_i];
        s.push(next);
    }
    s
}

/// The inner-product argument's `s` vector (see
/// [`crate::inner_product`]) in Montgomery form: `s_0 = Π u_k⁻¹`, and
/// `s_i = s_{i − 2^k}·u_{lg N − 1 − k}²` for the top bit `k` of `i`.
pub(crate) fn s_vector_fast<S: ScalarOps>(u: &[S], u_inv: &[S]) -> Vec<S::Fast> {
    let seed = u_inv.iter().fold(S::fast_one(), |acc, x| acc * x.to_fast());
    let u_sq: Vec<S::Fast> = u.iter().rev().map(|x| x.to_fast() * x.to_fast()).collect();
    product_tree(seed, &u_sq)
}

/// `out_i = seed·Π_{b set in i} factors[b]` for `i < 2^{factors.len()}`,
/// one multiplication per entry (`out_i = out_{i − 2^b}·factors[b]` for
/// the top bit `b` of `i`). With `seed = Π u_k⁻¹` and `factors[b] =
/// u_{lg N − 1 − b}²` this is the `s` vector; the verifiers also fold a
/// constant into the seed and a second geometric vector (`y^{−b}`-style
/// powers `x^{2^b}`) into the factors, getting `c·s_i·x^i` for the cost of
/// `s` alone.
pub(crate) fn product_tree<F: Copy + core::ops::Mul<Output = F>>(seed: F, factors: &[F]) -> Vec<F> {
    let mut out = Vec::with_capacity(1usize << factors.len());
    out.push(seed);
    for f in factors {
        let half = out.len();
        out.extend_from_within(..);
        for x in out.iter_mut().skip(half) {
            *x = *x * *f;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s_vector_fast_matches_s_vector() {
        use crate::group::fast::Montgomery;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        for lg_n in 0..7 {
            let u: Vec<Scalar> = (0..lg_n).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
            let u_inv: Vec<Scalar> = u.iter().map(|x| x.invert()).collect();
            let fast: Vec<Scalar> = s_vector_fast::<Scalar>(&u, &u_inv).iter().map(Scalar::from_fast).collect();
            assert_eq!(fast, s_vector(&u, &u_inv));
        }
    }
    use crate::equation::Equation;
    use crate::generators::Generators;
    use crate::group::Ristretto255;
    use crate::poly::powers;
    use curve25519_dalek::scalar::Scalar;
    use rand::SeedableRng;

    type G = Ristretto255;

    fn check(n: usize) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(n as u64);
        let gens = Generators::<G>::new(n, 1);
        let g: Vec<_> = gens.vector().g_layout(n, n).copied().collect();
        let h: Vec<_> = gens.vector().h_layout(n, n).copied().collect();
        let q = <G as Group>::hash_to_point(&[7u8; 64]);
        let a: Vec<Scalar> = (0..n).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
        let b: Vec<Scalar> = (0..n).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
        let y_inv = <Scalar as ScalarOps>::random(&mut rng);
        let g_factors = vec![Scalar::ONE; n];
        let h_factors: Vec<Scalar> = powers(y_inv).take(n).collect();
        // P = <a, G> + <b, H'> + <a, b> Q
        let p = G::msm_vartime(
            a.iter().copied().chain(b.iter().zip(&h_factors).map(|(b, f)| b * f)).chain([inner_product(&a, &b)]),
            g.iter().chain(h.iter()).chain([&q]),
        );
        // With and without the generator table and the prover's own tables
        // (`relazy`): the same proof.
        let prove = |table: bool, scratch_tables: bool| {
            let mut t = Transcript::new(b"ipa test");
            let (mut a2, mut b2) = (a.clone(), b.clone());
            let bases = IpaBases {
                q: &q,
                g_factors: &g_factors,
                h_factors: &h_factors,
                g: g.clone().into(),
                h: h.clone().into(),
                table: gens.vector().tables().filter(|_| table).map(|t| (t, n)),
                scratch_tables,
            };
            InnerProductProof::<G>::prove(&mut t, bases, &mut a2, &mut b2)
        };
        let proof = prove(true, true);
        for (table, scratch) in [(true, false), (false, true), (false, false)] {
            assert_eq!(prove(table, scratch), proof, "n {n}, table {table}, scratch tables {scratch}");
        }
        assert_eq!(proof.rounds(), n.trailing_zeros() as usize);

        let verify = |proof: &InnerProductProof<G>, p| -> bool {
            let mut t = Transcript::new(b"ipa test");
            let Ok(u) = proof.challenges(n, &mut t) else {
                return false;
            };
            let mut u_inv = u.clone();
            Scalar::invert_batch_alloc(&mut u_inv);
            let s = s_vector(&u, &u_inv);
            let mut acc = Equation::<G>::new();
            acc.add_point(Scalar::ONE, p);
            proof.add_round_terms(&u, &u_inv, Scalar::ONE, &mut acc);
            acc.add_g_layout(n, s.iter().map(|s| -proof.a * s));
            acc.add_h_layout(n, s.iter().rev().zip(&h_factors).map(|(s, f)| -proof.b * s * f));
            acc.add_point(-proof.a * proof.b, q);
            acc.is_identity(&gens).unwrap_or(false)
        };
        assert!(verify(&proof, p));
        assert!(!verify(&proof, p + q));
        let mut bad = proof.clone();
        bad.a += Scalar::ONE;
        assert!(!verify(&bad, p));
        // The statement's length fixes the rounds: a proof replayed for any
        // other length (a power of two or not) is refused.
        for other in [n / 2, 2 * n, n + 1, 3 * n] {
            if other != n && other > 0 {
                let replay = proof.challenges(other, &mut Transcript::new(b"ipa test"));
                assert_eq!(replay, Err(ProofError::VerificationFailed), "n = {n}, replayed as {other}");
            }
        }
    }

    #[test]
    fn prove_and_verify_all_small_sizes() {
        for lg in 0..=6 {
            check(1 << lg);
        }
    }

    #[test]
    fn s_vector_matches_definition() {
        let u: Vec<Scalar> = (2..6u64).map(Scalar::from).collect();
        let mut u_inv = u.clone();
        Scalar::invert_batch_alloc(&mut u_inv);
        let s = s_vector(&u, &u_inv);
        for (i, si) in s.iter().enumerate() {
            let mut expect = Scalar::ONE;
            for k in 0..u.len() {
                let bit = (i >> (u.len() - 1 - k)) & 1 == 1;
                expect *= if bit { u[k] } else { u_inv[k] };
            }
            assert_eq!(*si, expect);
        }
    }
}
