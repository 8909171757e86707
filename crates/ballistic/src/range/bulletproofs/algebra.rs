//! The prover's algebra of the Bulletproofs range proof, for one chunk of
//! the bit vector — shared by the single/aggregated prover (one chunk: all
//! `N` positions) and the MPC parties ([`crate::range::mpc`], chunk `j`:
//! positions `k = j·n + i`, `i < n`) (paper §4.1–4.3, and §4.5).
//!
//! **Relation of a chunk.** For positions `k ∈ [o, o + ℓ)` with generators
//! `𝐆_c, 𝐇_c ∈ 𝔾^ℓ`, bits `𝐚_L ∈ {0,1}^ℓ`, `𝐚_R = 𝐚_L − 𝟏` and the
//! chunk's part `𝐝_c` of `𝐝` (`d_k = z^{2+j}·2^i`, `0` on padding):
//!
//! ```text
//!   A_c = α·B̃ + ⟨𝐚_L, 𝐆_c⟩ + ⟨𝐚_R, 𝐇_c⟩,   S_c = ρ·B̃ + ⟨𝐬_L, 𝐆_c⟩ + ⟨𝐬_R, 𝐇_c⟩          (§4.2)
//!   𝐥_c(X) = 𝐚_L − z𝟏 + 𝐬_L·X
//!   𝐫_c(X) = 𝐲^ℓ_o ∘ (𝐚_R + z𝟏 + 𝐬_R·X) + 𝐝_c,   𝐲^ℓ_o = (y^o, …, y^{o+ℓ−1})
//!   t_c(X) = ⟨𝐥_c(X), 𝐫_c(X)⟩ = t₀ + t₁X + t₂X²,   T_{i,c} = t_i·B + τ_i·B̃    (eqs. (39)–(42), §4.3)
//!   t̂_c = t_c(x),   τ_{x,c} = τ₁x + τ₂x² + Σ_{j in c} z^{2+j}γ_j,   μ_c = α + ρx
//! ```
//!
//! and `𝐥_c(x), 𝐫_c(x)`. Every term of the whole statement is the sum
//! (points, `t̂`, `τ_x`, `μ`) or the concatenation (`𝐥`, `𝐫`) of its
//! chunks' terms (§4.5), so [`prove_aggregate`] finishes the aggregated
//! proof from either one chunk covering all `N` positions (the single
//! prover, [`super::RangeProof::prove_multiple_with_rng`]) or the
//! [`aggregate`] of the parties' [`Share`]s and the public padding
//! chunk ([`padding_bits`], [`padding_share`]) (the MPC dealer). A chunk draws its randomness in the order
//! `α, ρ, 𝐬_L, 𝐬_R, τ₁, τ₂`; the single prover's proofs for a seeded RNG are
//! pinned by `tests/integration/golden_range.rs`.
//!
//! **Secrets.** The bits, `α, ρ, 𝐬_L, 𝐬_R, τ₁, τ₂`, the polynomial
//! coefficients and the blindings meet curve arithmetic only in constant
//! time: `A_c` adds `G_k` or `−H_k` chosen by a constant-time select on the
//! bit; `S_c` and `T_{i,c}` use the constant-time multiscalar
//! multiplication. They live on the heap (`Zeroizing` vectors, [`Secret`]
//! boxes), so moving a witness — an MPC party's state into a `Vec` or across
//! threads — moves pointers and leaves no unwiped copy; all of it is wiped
//! on drop. What leaves a chunk is declassified ([`crate::ct`]): `A_c, S_c,
//! T_{1,c}, T_{2,c}`, and the [`Share`], whose vectors are masked by
//! `𝐬_L, 𝐬_R` and whose scalars by `τ₁, τ₂, ρ`.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable};
use zeroize::{Zeroize, Zeroizing};

use super::RangeProof;
use crate::ct::declassify;
use crate::encoding::ProofPoint;
use crate::generators::Generators;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{Group, ScalarOps};
use crate::inner_product::{InnerProductProof, IpaBases};
use crate::poly::{inner_product, powers};
use crate::range::RangeShape;
use crate::transcript::TranscriptProtocol;

/// A secret kept on the heap: moving its owner moves only the pointer, so
/// no copy of the secret is left behind in memory that is freed without
/// wiping (checked by `tests/zeroize.rs`).
pub(crate) struct Secret<T: Zeroize>(Box<T>);

impl<T: Zeroize> Drop for Secret<T> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl<T: Zeroize> core::ops::Deref for Secret<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// Box `t` as a [`Secret`].
pub(crate) fn secret<T: Zeroize>(t: T) -> Secret<T> {
    Secret(Box::new(t))
}

/// `(l₀, r₀)` at one position: `a_L − z` and `y^k·(a_L − 1 + z) + d_k`
/// (`𝐥(0)`, `𝐫(0)`).
fn constant_terms<S: ScalarOps>(a_l: S, y_k: S, z: S, d_k: S) -> (S, S) {
    let a_r = a_l - S::one();
    (a_l - z, y_k * (a_r + z) + d_k)
}

/// The vector generators of a chunk of bit commitments: `G_c`, `H_c` by
/// reference, and, where the chunk is whole chains of a generator set
/// (`n` generators of each chain from chain `first` on), that set, whose
/// kept constant-time tables make `S_c` cheaper
/// ([`BulletproofGens::msm_ct_layout`]).
#[derive(Copy, Clone)]
pub(crate) struct Bases<'a, G: Group> {
    pub(crate) g: &'a [&'a G::Point],
    pub(crate) h: &'a [&'a G::Point],
    /// `(set, n, first)`.
    pub(crate) chains: Option<(&'a BulletproofGens<G>, usize, usize)>,
}

impl<'a, G: Group> Bases<'a, G> {
    /// `chains`, if `g` and `h` are exactly those chains' generators (the
    /// same points in memory, position by position; else the tables
    /// would sum over other generators than `A_c` and the verifier use).
    fn checked_chains(&self) -> Option<(&'a BulletproofGens<G>, usize, usize)> {
        let (gens, n, first) = self.chains?;
        let agrees = |refs: &[&G::Point], chains: &[Vec<G::Point>]| {
            n > 0
                && refs.iter().enumerate().all(|(k, p)| {
                    first
                        .checked_add(k / n)
                        .and_then(|c| chains.get(c))
                        .and_then(|chain| chain.get(k % n))
                        .is_some_and(|q| core::ptr::eq(*p, q))
                })
        };
        (self.g.len() == self.h.len() && agrees(self.g, gens.g_chains()) && agrees(self.h, gens.h_chains()))
            .then_some((gens, n, first))
    }
}

/// A chunk's secrets after round 1: the bits and `α, ρ, 𝐬_L, 𝐬_R`.
pub(crate) struct BitWitness<G: Group> {
    a_l: Zeroizing<Vec<G::Scalar>>,
    alpha: Secret<G::Scalar>,
    /// `ρ ‖ 𝐬_L ‖ 𝐬_R`.
    s_scalars: Zeroizing<Vec<G::Scalar>>,
}

impl<G: Group> BitWitness<G> {
    /// Round 1: commit to the bits `bit(i)`, `i < ℓ`, on the chunk's
    /// generators `g, h` (`ℓ` each); returns the witness, `A_c` and `S_c`.
    /// `α` is the first draw plus `payload` (zero but for owner recovery,
    /// [`crate::range::recovery`]), then `ρ, 𝐬_L, 𝐬_R` from the same RNG.
    pub(crate) fn commit<R: RngCore + CryptoRng>(
        pc_gens: &PedersenGens<G>,
        bases: Bases<'_, G>,
        bit: impl Fn(usize) -> Choice,
        payload: &G::Scalar,
        rng: &mut R,
    ) -> (Self, ProofPoint<G>, ProofPoint<G>) {
        let alpha = secret(<G::Scalar as ScalarOps>::random(rng) + *payload);
        Self::commit_with(pc_gens, bases, bit, alpha, |_| rng)
    }

    /// [`commit`](Self::commit) with `α` given and `ρ, 𝐬_L, 𝐬_R` drawn from
    /// the RNG that `s_rng` returns once `A_c` is known (owner recovery keys
    /// that stream on the transcript after `A`, so that it depends on
    /// everything `α` carries).
    pub(crate) fn commit_with<R: RngCore + CryptoRng>(
        pc_gens: &PedersenGens<G>,
        bases: Bases<'_, G>,
        bit: impl Fn(usize) -> Choice,
        alpha: Secret<G::Scalar>,
        s_rng: impl FnOnce(&ProofPoint<G>) -> R,
    ) -> (Self, ProofPoint<G>, ProofPoint<G>) {
        let (g, h) = (bases.g, bases.h);
        let len = g.len().min(h.len());
        // A_c = α·B̃ + Σ_i (a_L,i ? G_i : −H_i)
        let mut a_point = G::mul_ct(&pc_gens.b_blinding, &alpha);
        for (i, (g_i, h_i)) in g.iter().zip(h).enumerate() {
            a_point += G::Point::conditional_select(&-**h_i, g_i, bit(i));
        }
        let a_point = ProofPoint::<G>::from_point(a_point);
        declassify(&a_point);

        // S_c = ρ·B̃ + ⟨s_L, G_c⟩ + ⟨s_R, H_c⟩
        let mut rng = s_rng(&a_point);
        let mut s_scalars = Zeroizing::new(Vec::with_capacity(2 * len + 1));
        for _ in 0..2 * len + 1 {
            s_scalars.push(<G::Scalar as ScalarOps>::random(&mut rng));
        }
        let (rho, s_lr) = s_scalars.split_at(1);
        let (s_l, s_r) = s_lr.split_at(len);
        // Through the generator set's kept constant-time tables where the
        // chunk is whole chains of one (the same point either way).
        let rho_b = Zeroizing::new([(rho.first().copied().unwrap_or_else(G::Scalar::zero), pc_gens.b_blinding)]);
        let with_tables =
            bases.checked_chains().and_then(|(gens, n, first)| gens.msm_ct_layout(n, first, s_l, s_r, &*rho_b));
        let s_point = ProofPoint::<G>::from_point(match with_tables {
            Some(sum) => sum,
            None => {
                // The bases by reference: 2ℓ + 1 points would be 320 KiB at ℓ = 1024.
                let mut refs: Vec<&G::Point> = Vec::with_capacity(2 * len + 1);
                refs.push(&pc_gens.b_blinding);
                refs.extend(g.iter().take(len).copied());
                refs.extend(h.iter().take(len).copied());
                crate::group::msm_ct_by_ref::<G>(&s_scalars, &refs)
            }
        });
        declassify(&s_point);

        let (zero, one) = (G::Scalar::zero(), G::Scalar::one());
        let a_l = Zeroizing::new((0..len).map(|i| G::Scalar::conditional_select(&zero, &one, bit(i))).collect());
        (BitWitness { a_l, alpha, s_scalars }, a_point, s_point)
    }

    /// Round 2: with `y, z`, the chunk's first power `y^o` and its entries
    /// of `𝐝` (`0` where `d` ends), form `𝐥_c(X), 𝐫_c(X)`, `t₁, t₂`; returns
    /// the witness, `T_{1,c}` and `T_{2,c}`.
    // Indexing: s_scalars = ρ ‖ s_L ‖ s_R has 2ℓ + 1 entries, ℓ = a_l.len() (both built by commit).
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn commit_poly<R: RngCore + CryptoRng>(
        self,
        pc_gens: &PedersenGens<G>,
        y: G::Scalar,
        z: G::Scalar,
        y_offset: G::Scalar,
        d: impl Iterator<Item = G::Scalar>,
        rng: &mut R,
    ) -> (PolyWitness<G>, ProofPoint<G>, ProofPoint<G>) {
        let len = self.a_l.len();
        let l1 = &self.s_scalars[1..=len];
        let s_r = &self.s_scalars[len + 1..];
        // l(X) = l0 + l1·X with l1 = s_L, r(X) = r0 + r1·X.
        let mut l0 = Zeroizing::new(Vec::with_capacity(len));
        let mut r0 = Zeroizing::new(Vec::with_capacity(len));
        let mut r1 = Zeroizing::new(Vec::with_capacity(len));
        let mut y_k = y_offset;
        for ((a_l, s_r_k), d_k) in self.a_l.iter().zip(s_r).zip(d.chain(core::iter::repeat(G::Scalar::zero()))) {
            let (l0_k, r0_k) = constant_terms(*a_l, y_k, z, d_k);
            l0.push(l0_k);
            r0.push(r0_k);
            r1.push(y_k * *s_r_k);
            y_k *= y;
        }

        // Karatsuba: t1 = ⟨l0 + l1, r0 + r1⟩ − t0 − t2
        let t0 = Zeroizing::new(inner_product(&l0, &r0));
        let t2 = Zeroizing::new(inner_product(l1, &r1));
        let t1 = Zeroizing::new(
            l0.iter()
                .zip(l1)
                .zip(r0.iter().zip(r1.iter()))
                .fold(G::Scalar::zero(), |acc, ((l0, l1), (r0, r1))| acc + (*l0 + *l1) * (*r0 + *r1))
                - *t0
                - *t2,
        );
        let t = secret([*t0, *t1, *t2]);

        let tau = secret([<G::Scalar as ScalarOps>::random(rng), <G::Scalar as ScalarOps>::random(rng)]);
        let t_1 = ProofPoint::<G>::from_point(pc_gens.commit(&t[1], &tau[0]));
        let t_2 = ProofPoint::<G>::from_point(pc_gens.commit(&t[2], &tau[1]));
        declassify(&t_1);
        declassify(&t_2);
        let witness = PolyWitness { alpha: self.alpha, s_scalars: self.s_scalars, l0, r0, r1, t, tau };
        (witness, t_1, t_2)
    }
}

/// A chunk's secrets after round 2: `𝐥_c(X), 𝐫_c(X)`, `t(X)`, `τ₁, τ₂`, and
/// `α, ρ` for `μ`.
pub(crate) struct PolyWitness<G: Group> {
    alpha: Secret<G::Scalar>,
    /// `ρ ‖ 𝐬_L ‖ 𝐬_R`; `𝐬_L` is `l₁`.
    s_scalars: Zeroizing<Vec<G::Scalar>>,
    l0: Zeroizing<Vec<G::Scalar>>,
    r0: Zeroizing<Vec<G::Scalar>>,
    r1: Zeroizing<Vec<G::Scalar>>,
    /// `t₀, t₁, t₂`.
    t: Secret<[G::Scalar; 3]>,
    /// `τ₁, τ₂`.
    tau: Secret<[G::Scalar; 2]>,
}

/// What a chunk publishes in round 3 (masked, declassified).
pub(crate) struct Share<G: Group> {
    /// `t̂_c`.
    pub(crate) t_x: G::Scalar,
    /// `τ_{x,c}`.
    pub(crate) t_x_blinding: G::Scalar,
    /// `μ_c`.
    pub(crate) e_blinding: G::Scalar,
    /// `𝐥_c(x)`.
    pub(crate) l: Vec<G::Scalar>,
    /// `𝐫_c(x)`.
    pub(crate) r: Vec<G::Scalar>,
}

impl<G: Group> PolyWitness<G> {
    /// Round 3: evaluate at `x`; `blindings` are the chunk's pairs
    /// `(z^{2+j}, γ_j)`.
    // Indexing: s_scalars = ρ ‖ s_L ‖ s_R has 2ℓ + 1 entries, ℓ = l0.len() (built by BitWitness::commit).
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn share<'b>(self, x: G::Scalar, blindings: impl Iterator<Item = (G::Scalar, &'b G::Scalar)>) -> Share<G>
    where
        G::Scalar: 'b,
    {
        let len = self.l0.len();
        let (rho, l1) = (self.s_scalars[0], &self.s_scalars[1..=len]);
        let t_x = self.t[0] + x * (self.t[1] + x * self.t[2]);
        let mut t_x_blinding = self.tau[0] * x + self.tau[1] * x * x;
        for (z_j, gamma) in blindings {
            t_x_blinding += z_j * *gamma;
        }
        let e_blinding = *self.alpha + rho * x;
        let l: Vec<G::Scalar> = self.l0.iter().zip(l1).map(|(a, b)| *a + *b * x).collect();
        let r: Vec<G::Scalar> = self.r0.iter().zip(self.r1.iter()).map(|(a, b)| *a + *b * x).collect();
        // Masked by s_L, s_R, τ's, ρ: public (crate::ct); the vectors go to
        // the variable-time inner-product argument.
        declassify(&t_x);
        declassify(&t_x_blinding);
        declassify(&e_blinding);
        declassify(&l[..]);
        declassify(&r[..]);
        Share { t_x, t_x_blinding, e_blinding, l, r }
    }
}

/// `A` of the public padding chunk `k ∈ [n·m, N)` (see [`crate::range`]):
/// `𝐚_L = 𝟎` and no blinding, so `−Σ_k H_k`.
pub(crate) fn padding_bits<G: Group>(bp_gens: &BulletproofGens<G>, shape: RangeShape) -> G::Point {
    bp_gens.h_layout(shape.n, shape.padded).skip(shape.bits_total()).map(|h| -*h).sum()
}

/// The share of the padding chunk: no `X` terms, so `𝐥 = −z𝟏`,
/// `𝐫 = 𝐲^{N−nm}_{nm} ∘ (z − 1)𝟏`, `t̂ = ⟨𝐥, 𝐫⟩`, `τ_x = μ = 0`.
pub(crate) fn padding_share<G: Group>(shape: RangeShape, y: G::Scalar, z: G::Scalar) -> Share<G> {
    let (nm, big_n) = (shape.bits_total(), shape.padded);
    let zero = G::Scalar::zero();
    let (l, r): (Vec<G::Scalar>, Vec<G::Scalar>) =
        powers(y).skip(nm).take(big_n - nm).map(|y_k| constant_terms(zero, y_k, z, zero)).unzip();
    Share { t_x: inner_product(&l, &r), t_x_blinding: zero, e_blinding: zero, l, r }
}

/// The statement's share from its chunks' (in position order): scalars
/// summed, vectors concatenated.
pub(crate) fn aggregate<G: Group>(shares: impl IntoIterator<Item = Share<G>>, padded: usize) -> Share<G> {
    let zero = G::Scalar::zero();
    let mut total = Share {
        t_x: zero,
        t_x_blinding: zero,
        e_blinding: zero,
        l: Vec::with_capacity(padded),
        r: Vec::with_capacity(padded),
    };
    for s in shares {
        total.t_x += s.t_x;
        total.t_x_blinding += s.t_x_blinding;
        total.e_blinding += s.e_blinding;
        total.l.extend_from_slice(&s.l);
        total.r.extend_from_slice(&s.r);
    }
    total
}

/// Rounds 3–4 of the whole statement: publish `t̂, τ_x, μ`, draw `w` and run
/// the inner-product argument ([`prove_inner_product`]). `points` are `A, S, T₁, T₂`.
pub(crate) fn prove_aggregate<G: Group>(
    gens: &Generators<G>,
    transcript: &mut merlin::Transcript,
    shape: RangeShape,
    y: G::Scalar,
    points: [ProofPoint<G>; 4],
    share: Share<G>,
) -> RangeProof<G> {
    let (t_x, t_x_blinding, e_blinding) = (share.t_x, share.t_x_blinding, share.e_blinding);
    let ipp = prove_inner_product(gens, transcript, shape, y, share);
    RangeProof::from_parts(points, [t_x, t_x_blinding, e_blinding], ipp)
}

/// Publish the share's `t̂, τ_x, μ`, draw `w` and run the inner-product
/// argument (Protocol 2) for `𝐥(x), 𝐫(x)` on `𝐆, 𝐇' = 𝐲^{−N} ∘ 𝐇` and
/// `Q = w·B` (`𝐇'` as in eq. (64)). Everything here is public: variable
/// time. Shared with the multi-asset prover ([`crate::range::assets`]).
pub(crate) fn prove_inner_product<G: Group>(
    gens: &Generators<G>,
    transcript: &mut merlin::Transcript,
    shape: RangeShape,
    y: G::Scalar,
    share: Share<G>,
) -> InnerProductProof<G> {
    let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
    let (n, big_n) = (shape.n, shape.padded);
    transcript.append_scalar::<G>(b"t_x", &share.t_x);
    transcript.append_scalar::<G>(b"t_x_blinding", &share.t_x_blinding);
    transcript.append_scalar::<G>(b"e_blinding", &share.e_blinding);
    let w = transcript.challenge_scalar::<G>(b"w");
    let q = G::msm_vartime([w], [pc_gens.b]);
    let g: Vec<G::Point> = bp_gens.g_layout(n, big_n).copied().collect();
    let h: Vec<G::Point> = bp_gens.h_layout(n, big_n).copied().collect();
    let y_inv = y.invert_vartime();
    let g_factors = vec![G::Scalar::one(); big_n];
    let h_factors: Vec<G::Scalar> = powers(y_inv).take(big_n).collect();
    // Public (masked), but wiped as the single prover always did.
    let (mut l, mut r) = (Zeroizing::new(share.l), Zeroizing::new(share.r));
    let bases = IpaBases::in_gens(bp_gens, n, &q, &g_factors, &h_factors, g, h);
    InnerProductProof::prove(transcript, bases, &mut l, &mut r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Secp256k1;

    /// The provers' bases name their chains correctly (so `S` goes through
    /// the kept tables), and bases that are not exactly those chains'
    /// generators are refused (so `S` is summed directly).
    #[test]
    fn bases_are_checked_against_their_chains() {
        let gens = BulletproofGens::<Secp256k1>::new(8, 4);
        let (n, len) = (4, 12);
        let g: Vec<&_> = gens.g_layout(n, len).collect();
        let h: Vec<&_> = gens.h_layout(n, len).collect();
        let bases = |g, h, chains| Bases::<Secp256k1> { g, h, chains };
        assert!(bases(&g, &h, Some((&gens, n, 0))).checked_chains().is_some());
        // Party j's chain alone (the MPC party, a multi-asset output).
        let g1: Vec<&_> = gens.g_chains()[2][..n].iter().collect();
        let h1: Vec<&_> = gens.h_chains()[2][..n].iter().collect();
        assert!(bases(&g1, &h1, Some((&gens, n, 2))).checked_chains().is_some());
        for wrong in [Some((&gens, n, 1)), Some((&gens, n + 1, 0)), Some((&gens, 0, 0)), Some((&gens, n, 2)), None] {
            assert!(bases(&g, &h, wrong).checked_chains().is_none());
        }
        assert!(bases(&g, &g, Some((&gens, n, 0))).checked_chains().is_none(), "G as H");
        assert!(bases(&g, &h[..8], Some((&gens, n, 0))).checked_chains().is_none());
        // Equal points elsewhere in memory are not the chains.
        let copies: Vec<_> = g.iter().map(|p| **p).collect();
        let copies: Vec<&_> = copies.iter().collect();
        assert!(bases(&copies, &h, Some((&gens, n, 0))).checked_chains().is_none());
    }
}
