//! The Bulletproofs+ range proof (Chung, Han, Ju, Kim, Seo 2020, §4,
//! aggregated: Figure 3).
//!
//! **Statement.** As for [`super::bulletproofs`]: public `B, B̃`, `𝐆, 𝐇 ∈
//! 𝔾^N`, commitments `V_j = v_j·B + γ_j·B̃` (`j < m`); the prover shows
//! every `v_j ∈ [0, 2^n)`.
//!
//! **Protocol.** With `k = j·n + i` for bit `i` of value `j`, `N ≥ n·m` the
//! padded length ([`super::RangeShape`]), `𝐚_L ∈ {0,1}^N` the bits (padding
//! `0`) and `𝐚_R = 𝐚_L − 𝟏`:
//!
//! 1. `A = ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩ + α·B̃` → `y, z`.
//! 2. `d_k = z^{2(j+1)}·2^i` for `k < n·m`, `0` on padding;
//!    `𝐲⃖_k = y^{N−k}` (the paper's `←y^{mn}`, 0-indexed);
//!    `𝐚̂_L = 𝐚_L − z𝟏`, `𝐚̂_R = 𝐚_R + 𝐝∘𝐲⃖ + z𝟏`,
//!    `α̂ = α + y^{N+1}·Σ_j z^{2(j+1)}·γ_j`, and
//!
//!    ```text
//!    Â = A − z·⟨𝟏,𝐆⟩ + ⟨𝐝∘𝐲⃖ + z𝟏, 𝐇⟩ + y^{N+1}·Σ_j z^{2(j+1)}·V_j + ζ·B
//!    ζ = (z − z²)·Σ_{k=1}^{N} y^k − z·y^{N+1}·⟨𝟏, 𝐝⟩
//!    ```
//!
//!    so that `Â = ⟨𝐚̂_L,𝐆⟩ + ⟨𝐚̂_R,𝐇⟩ + (𝐚̂_L ⊙_y 𝐚̂_R)·B + α̂·B̃`: expanding
//!    `𝐚̂_L ⊙_y 𝐚̂_R` with `a_L a_R = 0`, `a_L − a_R = 1` gives
//!    `ζ + y^{N+1}·Σ_j z^{2(j+1)} v_j`.
//! 3. The zk weighted inner-product argument (`weighted_inner_product.rs`) for `Â` with
//!    `g = B`, `h = B̃`.
//!
//! **Verification** is the WIP check with `P = Â`, expanded into one
//! multiscalar multiplication: coefficients (times the batch weight)
//! `G_k: −e²z − r'e·s_k·y^{−k}`, `H_k: e²(d_k y^{N−k} + z) − s'e·s_k⁻¹`,
//! `B: e²ζ − r'ys'`, `B̃: −δ'`, `A: e²`, `V_j: e²y^{N+1}z^{2(j+1)}`,
//! `L_k: e²e_k²`, `R_k: e²e_k⁻²`, `A1: e`, `B_wip: 1`.
//!
//! **Padding** works as in the Bulletproofs range proof: the weighted
//! products run over all `N` positions (so `ζ` sums `y^k` over all of
//! them) and `d` is zero on padding, so padding positions are constrained to
//! be bits but count in no value.
//!
//! **Size.** `A`, `lg N` pairs `(L, R)`, `A1`, `B` and three scalars:
//! `(3 + 2·lg N)·32 + 96` bytes on Ristretto255 — 576 for one 64-bit value,
//! 96 fewer than Bulletproofs, +64 per doubling of `N`.
//!
//! **Flavours.** [`crate::compat::tari`]: the same algebra in `tari_bulletproofs_plus`
//! 0.5's transcript schedule and encoding. [`recovery`]: owner recovery
//! (every nonce and blinding from a seed; the values carried in `α`).
//!
//! **Secrets.** `A` is built from constant-time selections of `G_k`/`−H_k`;
//! commitments, and every point the WIP prover multiplies by a secret vector
//! or nonce, use the constant-time multiscalar multiplication; secret
//! vectors live in `Zeroizing` containers.

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable, ConstantTimeGreater};
use zeroize::Zeroizing;

use super::{RangeShape, RangeStatement};
use crate::ct::declassify;
use crate::encoding::{ProofPoint, Reader};
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::generators::PedersenGens;
use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};
use crate::inner_product::product_tree;
use crate::nonces::{NonceSource, RngNonces, SeededNonces};
use crate::poly::{pow, powers, sum_of_powers};
use crate::transcript::TranscriptProtocol;
use crate::weighted_inner_product::{last_nonces, BitInputs, WipBases, WipChallenges, WipProof};

pub(crate) mod recovery;

pub(crate) use recovery::Recoverable;

/// Which transcript schedule a proof follows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Flavor {
    /// ballistic's: domain separator naming `n`, `m`, the group and the
    /// generator derivation; `V_j`; `A`; the WIP's own domain separator.
    Ballistic,
    /// `tari_bulletproofs_plus` 0.5's (extension degree 1, no minimum-value
    /// promises): `dom-sep = "Bulletproofs+ Range Proof"`, `H` (value base),
    /// `G` (blinding base), `N = n`, `T = 1`, `M = m`, each `Ci`, each
    /// `vi - minimum_value = 0`; `A`; no WIP domain separator.
    Tari,
}

/// Bind the statement (everything before `A`) to the transcript.
fn bind_statement<G: Group>(
    transcript: &mut Transcript,
    flavor: Flavor,
    pc_gens: Option<&PedersenGens<G>>,
    shape: RangeShape,
    commitments: &[G::Compressed],
) -> Result<(), ProofError> {
    match flavor {
        Flavor::Ballistic => {
            for v in commitments {
                // A commitment may be the identity (value 0, blinding 0); the
                // proof's own points may not.
                transcript.append_point::<G>(b"V", v);
            }
        }
        Flavor::Tari => {
            let pc_gens = pc_gens.ok_or(ProofError::VerificationFailed)?;
            transcript.append_message(b"dom-sep", b"Bulletproofs+ Range Proof");
            transcript.validate_and_append_point::<G>(b"H", &G::compress(&pc_gens.b))?;
            transcript.validate_and_append_point::<G>(b"G", &G::compress(&pc_gens.b_blinding))?;
            transcript.append_u64(b"N", shape.n as u64);
            transcript.append_u64(b"T", 1);
            transcript.append_u64(b"M", shape.m as u64);
            for v in commitments {
                transcript.append_point::<G>(b"Ci", v);
            }
            for _ in commitments {
                transcript.append_u64(b"vi - minimum_value", 0);
            }
        }
    }
    Ok(())
}

/// A Bulletproofs+ range proof for `m` values of `n` bits.
///
/// Encoding: `A ‖ (L_k ‖ R_k)_k ‖ A1 ‖ B ‖ r' ‖ s' ‖ δ'`.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeProofPlus<G: Group> {
    pub(crate) a: ProofPoint<G>,
    pub(crate) wip: WipProof<G>,
}

/// The challenges a verifier derives.
struct Replay<S> {
    y: S,
    z: S,
    ch: WipChallenges<S>,
}

/// `scale·d`, `d_k = z^{2(j+1)}·2^i` for `k = j·n + i < n·m`, zero on
/// padding.
fn d_vector<S>(shape: RangeShape, z: S, scale: S) -> impl Iterator<Item = S>
where
    S: Copy + Default + core::ops::Add<Output = S> + core::ops::Mul<Output = S>,
{
    let zz = z * z;
    super::chunked_powers_of_two(shape, scale * zz, zz)
}

impl<G: Group> RangeProofPlus<G> {
    /// The prover with the caller's RNG in either transcript schedule.
    pub(crate) fn prove_flavor<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        flavor: Flavor,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        if blindings.len() != values.len() {
            return Err(ProofError::WrongNumBlindings { values: values.len(), blindings: blindings.len() });
        }
        let nonces = &mut RngNonces(rng);
        let (proof, commitments, _) =
            Self::prove_with(gens, flavor, transcript, (values, blindings), n, nonces, G::Scalar::zero())?;
        Ok((proof, commitments))
    }

    /// The prover with the openings `(v_j, γ_j)`; `α` is the nonce `alpha`
    /// plus `payload`.
    // Indexing: values has m entries and bit(k) reads k / n < m for k < n·m; the vectors are built here with N entries.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn prove_with<N: NonceSource>(
        gens: &Generators<G>,
        flavor: Flavor,
        transcript: &mut Transcript,
        (values, blindings): (&[u64], &[G::Scalar]),
        n: usize,
        nonces: &mut N,
        payload: G::Scalar,
    ) -> Result<Recoverable<Self>, ProofError> {
        let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
        let shape = RangeShape::new(n, values.len())?;
        bp_gens.check_layout(n, shape.padded)?;
        for (index, v) in values.iter().enumerate() {
            let mut out_of_range = v.ct_gt(&shape.max_value()).unwrap_u8();
            declassify(&out_of_range);
            if core::hint::black_box(&mut out_of_range) != &0 {
                return Err(ProofError::ValueOutOfRange { index, bits: n });
            }
        }
        let big_n = shape.padded;
        let nm = shape.bits_total();
        let g: Vec<G::Point> = bp_gens.g_layout(n, big_n).copied().collect();
        let h: Vec<G::Point> = bp_gens.h_layout(n, big_n).copied().collect();

        if flavor == Flavor::Ballistic {
            transcript.rangeproof_plus_domain_sep::<G>(n as u64, shape.m as u64);
        }
        let blindings: Zeroizing<Vec<G::Scalar>> = Zeroizing::new(blindings.to_vec());
        let mut commitments = Vec::with_capacity(shape.m);
        for (v, gamma) in values.iter().zip(blindings.iter()) {
            let v_j = G::compress(&pc_gens.commit(&G::Scalar::from_u64(*v), gamma));
            declassify(&v_j);
            commitments.push(v_j);
        }
        bind_statement(transcript, flavor, Some(pc_gens), shape, &commitments)?;

        let bit = |k: usize| -> Choice {
            if k < nm {
                Choice::from(((values[k / n] >> (k % n)) & 1) as u8)
            } else {
                Choice::from(0)
            }
        };
        // A = α·B̃ + Σ_k (a_L,k ? G_k : −H_k)
        let alpha = Zeroizing::new(nonces.nonce::<G::Scalar>(transcript, b"alpha", 0) + payload);
        let mut a_point = G::mul_ct(&pc_gens.b_blinding, &alpha);
        for (k, (g_k, h_k)) in g.iter().zip(&h).enumerate() {
            a_point += G::Point::conditional_select(&-*h_k, g_k, bit(k));
        }
        let a_point = ProofPoint::<G>::from_point(a_point);
        declassify(&a_point);
        transcript.append_point::<G>(b"A", &a_point.compressed);
        let y = transcript.challenge_scalar::<G>(b"y");
        let z = transcript.challenge_scalar::<G>(b"z");

        // â_L = a_L − z, â_R = a_R + d∘y⃖ + z, with y⃖_k = y^{N−k}.
        let one = G::Scalar::one();
        let y_n = pow(y, big_n as u64);
        let y_inv = y.invert_vartime();
        let mut a_hat = Zeroizing::new(Vec::with_capacity(big_n));
        let mut b_hat = Zeroizing::new(Vec::with_capacity(big_n));
        // â = bits − z·𝟏 and b̂ = bits + 𝛃 with public β_k = z − 1 + d_k·y^{N−k}
        // (the argument's bit structure, crate::weighted_inner_product::BitInputs).
        let mut bits = Zeroizing::new(Vec::with_capacity(big_n));
        let mut beta = Vec::with_capacity(big_n);
        // y^{N−k} = y^N·y^{−k}
        for (k, (d_k, y_rev)) in d_vector(shape, z, one).zip(powers(y_inv).map(|p| p * y_n)).enumerate() {
            let a_l = G::Scalar::conditional_select(&G::Scalar::zero(), &one, bit(k));
            let beta_k = z - one + d_k * y_rev;
            a_hat.push(a_l - z);
            b_hat.push(a_l + beta_k);
            bits.push(bit(k).unwrap_u8());
            beta.push(beta_k);
        }
        let y_n1 = y_n * y;
        let mut alpha_hat = Zeroizing::new(*alpha);
        for (z_j, gamma) in powers(z * z).skip(1).zip(blindings.iter()) {
            *alpha_hat += y_n1 * z_j * *gamma;
        }
        if flavor == Flavor::Ballistic {
            transcript.wip_domain_sep(big_n as u64);
        }
        let bases = WipBases { g: &pc_gens.b, h: &pc_gens.b_blinding, y, g_vec: g, h_vec: h };
        let structure = BitInputs { bits: &bits, alpha: -z, beta };
        let wip = WipProof::prove(transcript, bases, &mut a_hat, &mut b_hat, *alpha_hat, Some(structure), nonces);
        Ok((RangeProofPlus { a: a_point, wip }, commitments, crate::range::recovery::Blindings::new(blindings)))
    }

    /// The verification equation in either transcript schedule. Every
    /// fallible step runs before the first term is added.
    pub(crate) fn add_terms_flavored(
        &self,
        transcript: &mut Transcript,
        flavor: Flavor,
        pc_gens: Option<&PedersenGens<G>>,
        statement: &RangeStatement<G>,
        weight: G::Scalar,
        acc: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let shape = statement.shape();
        let n = shape.n;
        if self.wip.rounds() != shape.rounds() {
            return Err(ProofError::WrongLength {
                expected: Self::encoded_len(n, shape.m)?,
                got: self.encoded_len_of(),
            });
        }
        let v_points = statement.points();
        let Replay { y, z, ch } = self.replay(transcript, flavor, pc_gens, shape, statement.commitments())?;

        // One inversion for every e_k, e and y.
        let mut inverses = ch.e.clone();
        inverses.push(y);
        G::Scalar::batch_invert_vartime(&mut inverses);
        let y_inv = inverses.pop().unwrap_or_default();
        let e_inv = inverses;

        let big_n = shape.padded;
        let e = ch.e_last;
        let ee = e * e;
        let wee = weight * ee;
        let (r1, s1, d1) = (self.wip.r1, self.wip.s1, self.wip.d1);
        let y_n = pow(y, big_n as u64);
        let y_n1 = y_n * y;
        let zz = z * z;
        // ζ = (z − z²)·Σ_{k=1}^{N} y^k − z·y^{N+1}·Σ_j z^{2(j+1)}·(2^n − 1)
        let sum_y = y * sum_of_powers(y, big_n);
        let sum_z: G::Scalar = powers(zz).skip(1).take(shape.m).sum();
        let sum_d = sum_z * G::Scalar::from_u64(shape.max_value());
        let zeta = (z - zz) * sum_y - z * y_n1 * sum_d;

        acc.add_point(wee, self.a.point);
        for (z_j, v) in powers(zz).skip(1).zip(v_points) {
            acc.add_point(wee * y_n1 * z_j, *v);
        }
        self.wip.add_point_terms(&ch, &e_inv, weight, acc);
        acc.add_b(wee * zeta - weight * r1 * y * s1);
        acc.add_b_blinding(-(weight * d1));
        // In Montgomery form (crate::group::fast): the equation keeps it.
        // G_k: −w e² z − (w r' e)·s_k·y^{−k}
        // H_k: w e² z + (w e² y^N d_k)·y^{−k} − (w s' e)·s_k⁻¹
        // Each vector costs one multiplication per k ([`product_tree`] and
        // a geometric sequence), which matters in large batches:
        //   (w r' e)·s_k·y^{−k} = seed Π e_j⁻¹·(w r' e), factors e_{lg−1−b}²·y^{−2^b};
        //   (w s' e)·s_k⁻¹      = seed Π e_j·(w s' e),   factors e_{lg−1−b}⁻²;
        //   (w e² y^N d_k)·y^{−k} = w e² y^N·z^{2(j+1)}·y^{−jn}·(2·y⁻¹)^i at
        //                         k = j·n + i (zero on padding).
        let wz = (wee * z).to_fast();
        let y_inv = y_inv.to_fast();
        let e_fast: Vec<_> = ch.e.iter().map(|v| v.to_fast()).collect();
        let e_inv_fast: Vec<_> = e_inv.iter().map(|v| v.to_fast()).collect();
        let prod = |v: &[<G::Scalar as Montgomery>::Fast]| v.iter().fold(G::Scalar::fast_one(), |p, x| p * *x);
        let mut y_inv_2b = y_inv;
        let mut factors = Vec::with_capacity(e_fast.len());
        for e in e_fast.iter().rev() {
            factors.push(*e * *e * y_inv_2b);
            y_inv_2b = y_inv_2b * y_inv_2b;
        }
        let r_s_y = product_tree((weight * r1 * e).to_fast() * prod(&e_inv_fast), &factors);
        acc.add_g_layout_fast(n, r_s_y.iter().map(|r_s_y_k| -wz - *r_s_y_k));
        let e_inv_sq: Vec<_> = e_inv_fast.iter().rev().map(|e| *e * *e).collect();
        let s_s_inv = product_tree((weight * s1 * e).to_fast() * prod(&e_fast), &e_inv_sq);
        let zz = zz.to_fast();
        let y_inv_n = crate::poly::pow_in(y_inv, G::Scalar::fast_one(), n as u64);
        let d_y = crate::range::chunked_geometric(shape, (wee * y_n).to_fast() * zz, zz * y_inv_n, y_inv + y_inv);
        acc.add_h_layout_fast(n, d_y.zip(&s_s_inv).map(|(d_y_k, s_k)| wz + d_y_k - *s_k));
        Ok(())
    }

    /// Append the statement and proof in protocol order, validating points;
    /// return `y`, `z` and the WIP challenges.
    fn replay(
        &self,
        transcript: &mut Transcript,
        flavor: Flavor,
        pc_gens: Option<&PedersenGens<G>>,
        shape: RangeShape,
        commitments: &[G::Compressed],
    ) -> Result<Replay<G::Scalar>, ProofError> {
        if flavor == Flavor::Ballistic {
            transcript.rangeproof_plus_domain_sep::<G>(shape.n as u64, shape.m as u64);
        }
        bind_statement(transcript, flavor, pc_gens, shape, commitments)?;
        transcript.validate_and_append_point::<G>(b"A", &self.a.compressed)?;
        let y = transcript.challenge_scalar::<G>(b"y");
        let z = transcript.challenge_scalar::<G>(b"z");
        if flavor == Flavor::Ballistic {
            transcript.wip_domain_sep(shape.padded as u64);
        }
        let ch = self.wip.challenges(shape.padded, transcript)?;
        Ok(Replay { y, z, ch })
    }

    /// The encoded length of a proof for `m` values of `n` bits.
    pub fn encoded_len(n: usize, m: usize) -> Result<usize, ProofError> {
        let shape = RangeShape::new(n, m)?;
        Ok(Self::len_for_rounds(shape.rounds()))
    }

    fn len_for_rounds(rounds: usize) -> usize {
        G::POINT_LEN + WipProof::<G>::encoded_len(rounds)
    }

    pub(crate) fn encoded_len_of(&self) -> usize {
        Self::len_for_rounds(self.wip.rounds())
    }

    /// Serialize: `A ‖ (L_k ‖ R_k)_k ‖ A1 ‖ B ‖ r' ‖ s' ‖ δ'`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.encoded_len_of());
        out.extend_from_slice(G::compressed_bytes(&self.a.compressed));
        self.wip.write(&mut out);
        out
    }

    /// Deserialize strictly: the length must be that of some proof (at most
    /// 64 × 64 bits), every scalar canonical, every point a valid encoding.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let rounds = Self::rounds_for_len(bytes.len())?;
        let mut r = Reader::new(bytes);
        let a = r.read_point::<G>()?;
        let wip = WipProof::read(&mut r, rounds)?;
        Ok(RangeProofPlus { a, wip })
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

crate::encoding::impl_serde_as_bytes!(RangeProofPlus, "a Bulletproofs+ range proof");

impl<G: Group> Verifiable<G> for RangeProofPlus<G> {
    type Statement = RangeStatement<G>;
    type Context = Transcript;

    /// A Bulletproofs+ proof reduces to a single equation: `combine` is
    /// not needed.
    fn add_terms(
        &self,
        statement: &RangeStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        _combine: G::Scalar,
        eq: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        self.add_terms_flavored(transcript, Flavor::Ballistic, None, statement, weight, eq)
    }
}

super::range_proof_system!(RangeProofPlus, BulletproofsPlus, prove: |gens, transcript, values, blindings, n, rng| {
    RangeProofPlus::prove_flavor(gens, Flavor::Ballistic, transcript, values, blindings, n, rng)
});

#[cfg(test)]
mod tests {
    //! Frozen-Heart check: every public input reaches the challenges.
    use super::*;
    use crate::group::Ristretto255;
    use crate::range::frozen_heart as fh;

    type G = Ristretto255;

    fn challenges(
        proof: &RangeProofPlus<G>,
        label: &'static [u8],
        commitments: &[<G as Group>::Compressed],
        n: usize,
    ) -> Vec<<G as Group>::Scalar> {
        let shape = RangeShape::new(n, commitments.len()).unwrap();
        let Replay { y, z, ch } =
            proof.replay(&mut Transcript::new(label), Flavor::Ballistic, None, shape, commitments).unwrap();
        [y, z].into_iter().chain(ch.e).chain([ch.e_last]).collect()
    }

    #[test]
    fn every_public_input_changes_every_challenge() {
        let (gens, proof, commitments) = fh::honest::<G, RangeProofPlus<G>>(19);
        let base = challenges(&proof, fh::LABEL, &commitments, fh::N);
        fh::label_and_commitments(&gens, &commitments, |label, c, n| challenges(&proof, label, c, n));
        fh::all_differ(&base, &challenges(&proof, fh::LABEL, &commitments, 9), "n");
        fh::all_differ(&base, &challenges(&proof, fh::LABEL, &commitments, 8), "n");
        let mut more = commitments.clone();
        more.push(G::compress(&G::identity()));
        fh::all_differ(&base, &challenges(&proof, fh::LABEL, &more, 8), "m");
        // Every proof point feeds the challenges after it: A → all; L_k, R_k
        // → e_k on; A1, B → the last e. (Scalars come after the last
        // challenge and are bound by the verification equation.)
        let bytes = proof.to_bytes();
        let rounds = proof.wip.rounds();
        let mut points = vec![(0usize, 0usize)];
        for k in 0..rounds {
            points.push((32 * (1 + 2 * k), 2 + k));
            points.push((32 * (2 + 2 * k), 2 + k));
        }
        points.push((32 * (1 + 2 * rounds), 2 + rounds));
        points.push((32 * (2 + 2 * rounds), 2 + rounds));
        for (offset, first_affected) in points {
            let p = RangeProofPlus::<G>::from_bytes(&fh::mutated::<G>(&bytes, offset, true)).unwrap();
            let other = challenges(&p, fh::LABEL, &commitments, fh::N);
            fh::later_differ(&base, &other, first_affected, &format!("offset {offset}"));
        }
    }
}
