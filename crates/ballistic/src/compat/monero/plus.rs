//! Monero's Bulletproofs+ (the format of RingCT type 6, since 2022):
//! prover, strict decoding, and the verifier as one equation.
//!
//! See the [module documentation](super) for the relation, the equations and
//! the wire format.

use alloc::vec::Vec;

use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use curve25519_dalek::scalar::Scalar;
use rand_core::{CryptoRng, RngCore};
use zeroize::{Zeroize, Zeroizing};

use super::generators::plus_generators;
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
use crate::weighted_inner_product::WipBases;

/// Most inner-product rounds: `lg(64·16)`.
pub const MAX_ROUNDS: usize = 10;
/// Fewest inner-product rounds: `lg 64`.
pub const MIN_ROUNDS: usize = 6;

/// A Monero Bulletproofs+ range proof for 1 to 16 amounts of 64 bits.
///
/// Every point is kept as transmitted — the prover's point divided by 8 —
/// with its canonical encoding (which the transcript hashes); decoding
/// refuses non-canonical encodings, the identity and points with a torsion
/// component (see the [module documentation](super)), unless decoded with
/// [`MoneroConsensus::Monero`] ([`from_bytes_with`](Self::from_bytes_with)).
#[derive(Clone, Debug, PartialEq)]
pub struct MoneroPlusProof {
    a: ProofPoint<Ed25519>,
    a1: ProofPoint<Ed25519>,
    b: ProofPoint<Ed25519>,
    r1: Scalar,
    s1: Scalar,
    d1: Scalar,
    l_vec: Vec<ProofPoint<Ed25519>>,
    r_vec: Vec<ProofPoint<Ed25519>>,
    consensus: MoneroConsensus,
}

/// `(M, N, rounds)` for `m` outputs: `M = 2^⌈lg m⌉` padded outputs,
/// `N = 64·M` bits, `lg N` rounds.
pub(crate) fn shape(m: usize) -> (usize, usize, usize) {
    let padded = m.next_power_of_two();
    let n = BITS * padded;
    (padded, n, n.trailing_zeros() as usize)
}

/// `ProofPoint` of `p`, declassified (a proof point: public).
pub(crate) fn public_point(p: EdwardsPoint) -> ProofPoint<Ed25519> {
    let p = ProofPoint::<Ed25519>::from_point(p);
    declassify(&p);
    p
}

pub(crate) fn random(rng: &mut (impl RngCore + CryptoRng)) -> Zeroizing<Scalar> {
    Zeroizing::new(<Scalar as ScalarOps>::random(rng))
}

impl MoneroPlusProof {
    /// Prove that each `amounts[j]` (any `u64`) is the amount of the
    /// commitment `masks[j]·G + amounts[j]·H`, for `1..=16` outputs.
    /// Returns the proof and the output commitments `C_j` (not divided by
    /// 8). Constant time in the amounts and masks; the secrets are wiped.
    // Indexing: vectors of lengths N and N + 2 built here for the checked m.
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
        let gens = plus_generators();
        let (g, h) = (gens.pedersen().b, gens.pedersen().b_blinding);
        let (commitments, over_8) = super::prover_outputs(gens, amounts, masks, tweak)?;
        let mut transcript = KeccakTranscript::plus(&over_8);

        let (padded, n, _) = shape(m);
        let g_vec: Vec<EdwardsPoint> = gens.vector().g_layout(BITS, n).copied().collect();
        let h_vec: Vec<EdwardsPoint> = gens.vector().h_layout(BITS, n).copied().collect();

        // a_L: the amounts' bits (padding outputs are 0); a_R = a_L − 1.
        let mut a_l = Zeroizing::new(Vec::with_capacity(n));
        for j in 0..padded {
            let mut v = amounts.get(j).copied().unwrap_or(0);
            for i in 0..BITS {
                a_l.push(Scalar::from((v >> i) & 1));
            }
            v.zeroize();
        }
        let mut a_r: Zeroizing<Vec<Scalar>> = Zeroizing::new(a_l.iter().map(|x| *x - Scalar::ONE).collect());
        let alpha = random(rng);
        // A/8 = (⟨a_L, 𝐆⟩ + ⟨a_R, 𝐇⟩ + α·G)/8.
        let a = public_point(super::bit_commitment_over_8(amounts, &g_vec, &h_vec, &h, &alpha));
        let a = tweaked(a, Site::A, tweak);

        let y = transcript.challenge(&[a.compressed.as_bytes()]);
        let z = transcript.rehash();

        // â_L = a_L − z, â_R = a_R + d ∘ y^{N−i} + z, α̂ = α + y^{N+1}·Σ z^{2(j+1)}·γ_j.
        let y_pows: Vec<Scalar> = crate::poly::powers(y).take(n + 2).collect(); // y^0 … y^{N+1}
        let z2 = z * z;
        let z_pows: Vec<Scalar> = crate::poly::powers(z2).skip(1).take(padded).collect(); // z^{2(j+1)}
        let two = Scalar::from(2u8);
        for (j, zj) in z_pows.iter().enumerate() {
            let mut d = *zj;
            for i in 0..BITS {
                let k = BITS * j + i;
                a_r[k] += d * y_pows[n - k] + z;
                d *= two;
            }
        }
        for x in a_l.iter_mut() {
            *x -= z;
        }
        let mut alpha_hat = Zeroizing::new(*alpha);
        for (zj, mask) in z_pows.iter().zip(masks) {
            *alpha_hat += y_pows[n + 1] * zj * mask;
        }
        drop(alpha);

        let bases = WipBases { g: &g, h: &h, y, g_vec, h_vec };
        let wip = wip_prove(&mut transcript, bases, (&mut a_l, &mut a_r, *alpha_hat), rng, tweak);
        let (l_vec, r_vec, a1, b, r1, s1, d1) = wip;
        let compressed = commitments.iter().map(|c| c.compress()).collect();
        let consensus = MoneroConsensus::Strict;
        Ok((MoneroPlusProof { a, a1, b, r1, s1, d1, l_vec, r_vec, consensus }, compressed))
    }

    /// Monero's encoding (`monero-bulletproofs`' `Bulletproof::write` of a
    /// Bulletproof+): `A ‖ A₁ ‖ B ‖ r' ‖ s' ‖ δ' ‖ varint(|L|) ‖ L ‖
    /// varint(|R|) ‖ R`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::encoded_len(self.rounds()));
        for p in [&self.a, &self.a1, &self.b] {
            out.extend_from_slice(p.compressed.as_bytes());
        }
        for s in [&self.r1, &self.s1, &self.d1] {
            out.extend_from_slice(s.as_bytes());
        }
        for v in [&self.l_vec, &self.r_vec] {
            // At most MAX_ROUNDS < 128: a one-byte varint.
            out.push(v.len() as u8);
            for p in v {
                out.extend_from_slice(p.compressed.as_bytes());
            }
        }
        out
    }

    /// Decode with the points `consensus` allows (the framing and scalars
    /// as [`from_bytes`](Self::from_bytes)). Under
    /// [`MoneroConsensus::Monero`] any canonical point encoding is taken,
    /// as Monero takes it, and [`verify`](Self::verify) and
    /// [`verify_batch`](Self::verify_batch) then take the commitments in the
    /// same mode: the verdicts are `monero-bulletproofs`'.
    pub fn from_bytes_with(bytes: &[u8], consensus: MoneroConsensus) -> Result<Self, ProofError> {
        let wrong = || ProofError::WrongLength { expected: 0, got: bytes.len() };
        let mut reader = Reader::new(bytes);
        let mut first = read_points(&mut reader, bytes.len(), 3, consensus)?.into_iter();
        let (Some(a), Some(a1), Some(b)) = (first.next(), first.next(), first.next()) else {
            return Err(wrong());
        };
        let r1 = reader.read_scalar::<Ed25519>()?;
        let s1 = reader.read_scalar::<Ed25519>()?;
        let d1 = reader.read_scalar::<Ed25519>()?;
        let mut vecs = Vec::with_capacity(2);
        for _ in 0..2 {
            let mut len = [0u8; 1];
            let at = bytes.len() - reader.remaining();
            len.copy_from_slice(bytes.get(at..at + 1).ok_or_else(wrong)?);
            reader.skip(1)?;
            let len = usize::from(len[0]);
            if !(MIN_ROUNDS..=MAX_ROUNDS).contains(&len) {
                return Err(wrong());
            }
            if reader.remaining() < 32 * len {
                return Err(wrong());
            }
            vecs.push(read_points(&mut reader, bytes.len(), len, consensus)?);
        }
        let r_vec = vecs.pop().unwrap_or_default();
        let l_vec = vecs.pop().unwrap_or_default();
        if l_vec.len() != r_vec.len() || reader.remaining() != 0 {
            return Err(ProofError::WrongLength { expected: Self::encoded_len(l_vec.len()), got: bytes.len() });
        }
        Ok(MoneroPlusProof { a, a1, b, r1, s1, d1, l_vec, r_vec, consensus })
    }
}

super::monero_proof_common!(MoneroPlusProof, plus_generators, 6);

/// The zk-WIP prover (see `crate::weighted_inner_product` for the algebra,
/// which is the same) with Monero's transcript and every point divided by 8.
/// Returns `(L, R, A₁, B, r', s', δ')`.
// Indexing: the prover's own vectors, of the power-of-two length N (the
// generators too) or the current half of it.
#[allow(clippy::type_complexity, clippy::indexing_slicing)]
fn wip_prove<R: RngCore + CryptoRng>(
    transcript: &mut KeccakTranscript,
    bases: WipBases<'_, Ed25519>,
    (a, b, alpha): (&mut [Scalar], &mut [Scalar], Scalar),
    rng: &mut R,
    tweak: Tweak<'_>,
) -> (
    Vec<ProofPoint<Ed25519>>,
    Vec<ProofPoint<Ed25519>>,
    ProofPoint<Ed25519>,
    ProofPoint<Ed25519>,
    Scalar,
    Scalar,
    Scalar,
) {
    let WipBases { g, h, y, mut g_vec, mut h_vec } = bases;
    let inv8 = inv_eight();
    let n_total = a.len();
    let y_pows: Vec<Scalar> = crate::poly::powers(y).skip(1).take(n_total).collect(); // y^1 … y^N
    let y_inv = y.invert_vartime();
    let mut alpha = Zeroizing::new(alpha);
    let mut l_vec = Vec::new();
    let mut r_vec = Vec::new();
    let mut n = n_total;
    let wip =
        |x: &[Scalar], w: &[Scalar]| -> Scalar { x.iter().zip(w).zip(&y_pows).map(|((x, w), y)| x * w * y).sum() };
    while n > 1 {
        let half = n / 2;
        let y_half = y_pows[half - 1];
        let y_half_inv = crate::poly::pow(y_inv, half as u64);
        let (a1, a2) = a[..n].split_at_mut(half);
        let (b1, b2) = b[..n].split_at_mut(half);
        let c_l = Zeroizing::new(wip(a1, b2));
        let c_r = Zeroizing::new(y_half * wip(a2, b1));
        let d_l = random(rng);
        let d_r = random(rng);
        let cross =
            |x: &[Scalar], xs: Scalar, gs: &[EdwardsPoint], w: &[Scalar], hs: &[EdwardsPoint], c: Scalar, d: Scalar| {
                let mut scalars: Zeroizing<Vec<Scalar>> = Zeroizing::new(
                    x.iter()
                        .map(|x| x * xs * inv8)
                        .chain(w.iter().map(|w| w * inv8))
                        .chain([c * inv8, d * inv8])
                        .collect(),
                );
                let points: Vec<EdwardsPoint> = gs.iter().chain(hs).chain([g, h]).copied().collect();
                let p = public_point(crate::group::msm_ct_par::<Ed25519>(&scalars, &points));
                scalars.zeroize();
                p
            };
        let round = l_vec.len();
        let l = tweaked(cross(a1, y_half_inv, &g_vec[half..n], b2, &h_vec[..half], *c_l, *d_l), Site::L(round), tweak);
        let r = tweaked(cross(a2, y_half, &g_vec[..half], b1, &h_vec[half..n], *c_r, *d_r), Site::R(round), tweak);
        let e = transcript.challenge(&[l.compressed.as_bytes(), r.compressed.as_bytes()]);
        let e_inv = e.invert_vartime();
        l_vec.push(l);
        r_vec.push(r);
        for (x1, x2) in a1.iter_mut().zip(a2.iter()) {
            *x1 = e * *x1 + e_inv * y_half * *x2;
        }
        for (x1, x2) in b1.iter_mut().zip(b2.iter()) {
            *x1 = e_inv * *x1 + e * *x2;
        }
        // Public folds of the generators, variable time.
        let (g_lo, g_hi) = (e_inv, e * y_half_inv);
        let mut scalars = Vec::with_capacity(2 * half);
        let mut points = Vec::with_capacity(2 * half);
        for i in 0..half {
            scalars.extend([g_lo, g_hi]);
            points.extend([g_vec[i], g_vec[half + i]]);
        }
        let new_g = crate::group::msm_vartime_chunks_par::<Ed25519>(&scalars, &points, 2);
        scalars.clear();
        points.clear();
        for i in 0..half {
            scalars.extend([e, e_inv]);
            points.extend([h_vec[i], h_vec[half + i]]);
        }
        let new_h = crate::group::msm_vartime_chunks_par::<Ed25519>(&scalars, &points, 2);
        g_vec = new_g;
        h_vec = new_h;
        *alpha += *d_l * e * e + *d_r * e_inv * e_inv;
        n = half;
    }
    let (a, b) = (Zeroizing::new(a[0]), Zeroizing::new(b[0]));
    let (r, s, delta, eta) = (random(rng), random(rng), random(rng), random(rng));
    let a1 = public_point(Ed25519::msm_ct(
        &[*r * inv8, *s * inv8, y * (*r * *b + *s * *a) * inv8, *delta * inv8],
        &[g_vec[0], h_vec[0], *g, *h],
    ));
    let a1 = tweaked(a1, Site::A1, tweak);
    let b_point = public_point(Ed25519::msm_ct(&[*r * y * *s * inv8, *eta * inv8], &[*g, *h]));
    let b_point = tweaked(b_point, Site::B, tweak);
    let e = transcript.challenge(&[a1.compressed.as_bytes(), b_point.compressed.as_bytes()]);
    let r1 = *r + *a * e;
    let s1 = *s + *b * e;
    let d1 = *eta + *delta * e + *alpha * e * e;
    declassify(&r1);
    declassify(&s1);
    declassify(&d1);
    (l_vec, r_vec, a1, b_point, r1, s1, d1)
}

/// The verification equation (weight `w`, Monero's points multiplied by 8
/// through their scalars):
///
/// ```text
///   Σ_i (r'e·s_i·y^{−i} + e²z)·𝐆_i + Σ_i (s'e·s_i⁻¹ − e²·(d_i·y^{N−i} + z))·𝐇_i
///   + (r'ys' − e²·c)·H + δ'·G − e²·y^{N+1}·Σ_j z^{2(j+1)}·C_j
///   − 8e²·Ã − 8e²·Σ_k (e_k²·L̃_k + e_k⁻²·R̃_k) − 8e·Ã₁ − 8·B̃ = 𝟙
/// ```
impl Verifiable<Ed25519> for MoneroPlusProof {
    type Statement = MoneroStatement;
    type Context = ();

    /// Replay Monero's Keccak transcript (seeded by the statement) and add
    /// the equation. The merlin `transcript` is not used: Monero's format
    /// binds nothing but the commitments (which the statement carries) and
    /// the proof, so there is no application context to add.
    fn add_terms(
        &self,
        statement: &MoneroStatement,
        _context: &mut (),
        weight: Scalar,
        _combine: Scalar,
        eq: &mut Equation<Ed25519>,
    ) -> Result<(), ProofError> {
        let m = statement.commitments.len();
        let (padded, n, rounds) = shape(m);
        if self.l_vec.len() != rounds || self.r_vec.len() != rounds {
            return Err(ProofError::VerificationFailed);
        }
        // The chunks of 𝐝 (64 bits per padded output); fallible, so before any term.
        let chunks = crate::range::RangeShape::new(BITS, padded)?;
        let mut t = statement.plus_seed.clone();
        let y = t.challenge(&[self.a.compressed.as_bytes()]);
        let z = t.rehash();
        let mut e_k: Vec<Scalar> = self
            .l_vec
            .iter()
            .zip(&self.r_vec)
            .map(|(l, r)| t.challenge(&[l.compressed.as_bytes(), r.compressed.as_bytes()]))
            .collect();
        let e = t.challenge(&[self.a1.compressed.as_bytes(), self.b.compressed.as_bytes()]);
        if y == Scalar::ZERO || z == Scalar::ZERO || e == Scalar::ZERO || e_k.contains(&Scalar::ZERO) {
            return Err(ProofError::VerificationFailed);
        }
        let challenges = e_k.clone();
        <Scalar as ScalarOps>::batch_invert_vartime(&mut e_k);
        let e_inv = e_k;

        let eight = Scalar::from(8u8);
        let e2 = e * e;
        let we2 = weight * e2;
        let y_inv = y.invert_vartime();
        let y_n = crate::poly::pow(y, n as u64);
        let y_n1 = y_n * y;
        let sum_y = y * crate::poly::sum_of_powers(y, n); // Σ_{k=1}^{N} y^k
        let z2 = z * z;
        let z_pows: Vec<Scalar> = crate::poly::powers(z2).skip(1).take(padded).collect();
        let sum_d = Scalar::from(u64::MAX) * z_pows.iter().sum::<Scalar>();
        let c = z * sum_y - z * y_n1 * sum_d - z2 * sum_y;

        // In Montgomery form (crate::group::fast), one multiplication per
        // generator and vector (as in the Bulletproofs+ verifier):
        // 𝐆_i: w·(r'e·s_i·y^{−i} + e²z), r'e·s_i·y^{−i} a product tree
        //   (seed w·r'e·Π e_k⁻¹, factors e_{lg−1−b}²·y^{−2^b});
        // 𝐇_i: w·(s'e·s_i⁻¹ − e²·(d_i·y^{N−i} + z)), s'e·s_i⁻¹ a product tree
        //   (seed w·s'e·Π e_k, factors e_{lg−1−b}⁻²) and
        //   e²·y^N·d_i·y^{−i} = w·e²·y^N·z^{2(j+1)}·y^{−64j}·(2·y⁻¹)^{i'} at i = 64j + i'.
        let fast = |v: &Scalar| v.to_fast();
        let e_fast: Vec<_> = challenges.iter().map(fast).collect();
        let e_inv_fast: Vec<_> = e_inv.iter().map(fast).collect();
        let prod = |v: &[<Scalar as Montgomery>::Fast]| v.iter().fold(Scalar::fast_one(), |p, x| p * *x);
        let y_inv_fast = y_inv.to_fast();
        let mut y_inv_2b = y_inv_fast;
        let mut factors = Vec::with_capacity(rounds);
        for e in e_fast.iter().rev() {
            factors.push(*e * *e * y_inv_2b);
            y_inv_2b = y_inv_2b * y_inv_2b;
        }
        let g_const = (we2 * z).to_fast();
        let r_s_y = crate::inner_product::product_tree((weight * self.r1 * e).to_fast() * prod(&e_inv_fast), &factors);
        eq.add_g_layout_fast(BITS, r_s_y.iter().map(|r_s_y_i| *r_s_y_i + g_const));
        let e_inv_sq: Vec<_> = e_inv_fast.iter().rev().map(|e| *e * *e).collect();
        let s_s_inv = crate::inner_product::product_tree((weight * self.s1 * e).to_fast() * prod(&e_fast), &e_inv_sq);
        let z2_fast = z2.to_fast();
        let y_inv_64 = crate::poly::pow_in(y_inv_fast, Scalar::fast_one(), BITS as u64);
        let d_y = crate::range::chunked_geometric(
            chunks,
            (we2 * y_n).to_fast() * z2_fast,
            z2_fast * y_inv_64,
            y_inv_fast + y_inv_fast,
        );
        eq.add_h_layout_fast(BITS, s_s_inv.iter().zip(d_y).map(|(s_k, d_y_k)| *s_k - d_y_k - g_const));
        eq.add_b(weight * (self.r1 * y * self.s1) - we2 * c);
        eq.add_b_blinding(weight * self.d1);
        for (cj, zj) in statement.commitments.iter().zip(&z_pows) {
            eq.add_point(-(we2 * y_n1 * zj), cj.point);
        }
        let w8e2 = -(eight * we2);
        eq.add_point(w8e2, self.a.point);
        for ((l, r), (ek, ek_inv)) in self.l_vec.iter().zip(&self.r_vec).zip(challenges.iter().zip(&e_inv)) {
            eq.add_point(w8e2 * ek * ek, l.point);
            eq.add_point(w8e2 * ek_inv * ek_inv, r.point);
        }
        eq.add_point(-(eight * weight * e), self.a1.point);
        eq.add_point(-(eight * weight), self.b.point);
        Ok(())
    }
}
