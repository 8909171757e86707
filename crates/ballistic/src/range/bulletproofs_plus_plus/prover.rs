//! The Bulletproofs++ prover (constant time in the values and blindings).

use super::{domain_sep, norm_domain_sep, recovery, NormRounds, PlusPlusShape, RangeProofPlusPlus, L_LEN};
use alloc::vec;
use alloc::vec::Vec;

use merlin::Transcript;

use rand_core::{CryptoRng, RngCore};
use subtle::{ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater};
use zeroize::Zeroizing;

use super::RangeShape;
use crate::ct::declassify;
use crate::encoding::ProofPoint;
use crate::equation::Equation;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::norm_linear::{Folding, NormLinearProof};
use crate::transcript::TranscriptProtocol;

/// Where the prover's nonces come from.
pub(super) enum Nonces<'a, R> {
    /// The caller's RNG.
    Rng(&'a mut R),
    /// Owner recovery: seal the payload (the shared payload's bytes) after
    /// the commitments, then draw every nonce from the seed.
    Sealed(&'a [u8; 32], &'a [u8; crate::group::SCALAR_LEN]),
}

/// The RNG the prover draws its nonces from.
pub(super) enum NonceRng<'a, R> {
    Caller(&'a mut R),
    /// Boxed: one heap copy of the stream's state (not wiped: rand_chacha
    /// has no zeroize), not a 320-byte move.
    Seeded(alloc::boxed::Box<rand_chacha::ChaCha20Rng>),
}

impl<G: Group> RangeProofPlusPlus<G> {
    /// [`RangeProofSystem::prove_multiple_with_rng`](crate::range::RangeProofSystem::prove_multiple_with_rng) with an
    /// explicit layout ([`PlusPlusShape::with_digit_bits`]); `shape.m` must
    /// be `values.len()`.
    pub fn prove_with_shape<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        values: &[u64],
        blindings: &[G::Scalar],
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        // Rebuilt from (n, m, β): the layout is a function of them alone.
        let shape = PlusPlusShape::with_digit_bits(shape.n, shape.m, shape.digit_bits)?;
        Self::prove_inner(gens, transcript, &shape, values, blindings, Nonces::Rng(rng), None)
    }

    /// The prover. `forged_digits` (tests only) replaces the digit
    /// decomposition and skips the range check, to play a cheating prover.
    #[allow(clippy::too_many_lines)]
    // Indexing: every index is below N (the vectors built here have N
    // entries; digit slots are below m·slots ≤ N, table entries below b ≤ N).
    #[allow(clippy::indexing_slicing)]
    pub(super) fn prove_inner<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        shape: &PlusPlusShape,
        values: &[u64],
        blindings: &[G::Scalar],
        nonces: Nonces<'_, R>,
        forged_digits: Option<&[u64]>,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
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
            eq.sum(gens).unwrap_or_else(|_| G::identity())
        };
        let norm = NormLinearProof::prove(&mut NormRounds(transcript), rho, n_vec, l_vec, c, Folding::Shortest, &msm)?;
        Ok((RangeProofPlusPlus { m_point, d_point, r_point, s_point, norm, sealed }, commitments))
    }
}

/// `Σ v_i·P_i` for secret `v_i < 2^bits` (`bits` public), in constant time:
/// Horner over the bits, each step one doubling and, per point, a
/// constant-time selection of `P_i` or the identity and one complete
/// addition — `bits·(n + 1)` group operations, against about `79·n` for a
/// full-width scalar.
pub(super) fn small_msm_ct<G: Group>(values: &[u64], bits: usize, points: &[G::Point]) -> G::Point {
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
pub(super) fn batch_invert_ct<S: ScalarOps>(values: &[S]) -> Vec<S> {
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
