//! The statement and the verification equation (secp256k1-zkp
//! `secp256k1_bulletproof_rangeproof_verify_impl` and
//! `secp256k1_bulletproof_inner_product_verify_impl`, as one equation of
//! ballistic's [`Equation`]).

use alloc::vec::Vec;

use k256::{ProjectivePoint, Scalar};
use rand_core::{CryptoRng, RngCore};

use super::encoding::{rounds, HEAD_LEN};
use super::generators::{grin_generators, wire, MAX_VECTOR};
use super::transcript::Commit;
use super::GrinProof;
use crate::batch::{Claim, Item};
use crate::equation::{Equation, Verifiable};
use crate::errors::{BatchError, ProofError};
use crate::group::fast::Montgomery;
use crate::group::{ScalarOps, Secp256k1};
use crate::inner_product::product_tree;

/// Whether Grin's format supports `m` values of `n_bits` bits (with
/// `min_values_len` minimum values, if any): `n_bits` a power of two up to
/// 64, `m` a power of two, `n_bits·m ≤ 128` (Grin's 256 generators),
/// minimum values one per value and only for `m = 1`. Returns `N = n·m`.
/// (The minimums themselves are checked by [`check_min_values`].)
pub fn check_shape(n_bits: usize, m: usize, min_values_len: Option<usize>) -> Result<usize, ProofError> {
    let shape = |reason, got| ProofError::UnsupportedShape { format: "Grin", reason, got };
    let n = n_bits;
    if n == 0 || n > 64 || !n.is_power_of_two() {
        return Err(shape("bits per value must be a power of two up to 64", n));
    }
    if m == 0 || !m.is_power_of_two() {
        return Err(shape("the number of values must be a power of two", m));
    }
    let big_n = n * m;
    if big_n > MAX_VECTOR {
        return Err(shape("bits times values must be at most 128 (Grin's 256 generators)", big_n));
    }
    if let Some(len) = min_values_len {
        if len != m {
            return Err(ProofError::WrongNumCommitments { expected: m, got: len });
        }
        // secp256k1-zkp's verifier multiplies the wrong accumulator by
        // z^j when minimum values are given and m > 1, so it rejects every
        // honest such proof: the shape is refused.
        if m > 1 {
            return Err(shape("minimum values only for single-value proofs", m));
        }
    }
    Ok(big_n)
}

/// The largest minimum value Grin's format takes: `2³² − 1`.
///
/// secp256k1-zkp's verifier hashes each minimum as 64 bits into the
/// transcript but puts it into the equation through
/// `secp256k1_scalar_set_int(&mv, ctx->min_value[i])`, whose argument is an
/// `unsigned int` (`rangeproof_impl.h`, `secp256k1_bulletproof_rangeproof_vfy_callback`):
/// the minimum is cut to its low 32 bits. Its prover uses all 64 bits, so
/// the C verifier rejects every honest proof with a minimum `≥ 2³²`, its
/// own prover's included. ballistic refuses such minimums when proving,
/// verifying and rewinding ([`ProofError::MinValueTooLarge`]), so it never
/// accepts what the C verifier rejects. (It also refuses the proofs the C
/// verifier does accept for such a minimum: ones made against the
/// truncated minimum, which prove only `v ≥ min mod 2³²`, not the `v ≥ min`
/// they are bound to. Grin's own node never passes minimum values.)
pub const MAX_MIN_VALUE: u64 = u32::MAX as u64;

/// Refuse minimum values above [`MAX_MIN_VALUE`] (the first one named).
pub fn check_min_values(min_values: &[u64]) -> Result<(), ProofError> {
    match min_values.iter().position(|&min| min > MAX_MIN_VALUE) {
        Some(index) => Err(ProofError::MinValueTooLarge { index, min: min_values.get(index).copied().unwrap_or(0) }),
        None => Ok(()),
    }
}

/// What a Grin proof is about: everything Grin's transcript binds.
#[derive(Clone, Debug)]
pub struct GrinStatement {
    n_bits: usize,
    commitments: Vec<ProjectivePoint>,
    value_gen: ProjectivePoint,
    default_value_gen: bool,
    min_values: Option<Vec<u64>>,
    extra_commit: Option<Vec<u8>>,
    /// The transcript state after the statement is absorbed.
    bound: Commit,
}

impl GrinStatement {
    /// `commitments` (decompressed, e.g. by [`super::commitment_from_bytes`])
    /// of `n_bits`-bit values on `value_gen` (`None`: Grin's `H`), with
    /// optional minimum values (Grin's `min_value`; only for one value:
    /// secp256k1-zkp's verifier cannot accept honest aggregated proofs
    /// with minimum values; each at most [`MAX_MIN_VALUE`], see there) and
    /// `extra_commit` bytes (`None` and `Some(vec![])` differ, as in Grin).
    pub fn new(
        n_bits: usize,
        commitments: Vec<ProjectivePoint>,
        value_gen: Option<ProjectivePoint>,
        min_values: Option<Vec<u64>>,
        extra_commit: Option<Vec<u8>>,
    ) -> Result<Self, ProofError> {
        check_shape(n_bits, commitments.len(), min_values.as_ref().map(Vec::len))?;
        if let Some(mins) = &min_values {
            check_min_values(mins)?;
        }
        let gens = grin_generators();
        let value_gen = value_gen.unwrap_or_else(|| gens.value_gen());
        let g_wire = wire(&value_gen).ok_or(ProofError::IdentityPoint { label: "value generator" })?;
        let mut bound = Commit::default();
        if let Some(mins) = &min_values {
            bound.absorb_min_values(mins);
        }
        for (index, v) in commitments.iter().enumerate() {
            let w = wire(v).ok_or(ProofError::InvalidCommitment { index })?;
            bound.absorb_pair(&w, &g_wire);
        }
        if let Some(extra) = &extra_commit {
            bound.absorb(extra);
        }
        Ok(GrinStatement {
            n_bits,
            commitments,
            default_value_gen: g_wire == gens.h_wire(),
            value_gen,
            min_values,
            extra_commit,
            bound,
        })
    }

    /// What Grin's `verify_bullet_proof` checks: one 64-bit value on `H`.
    pub fn grin_default(commitment: ProjectivePoint, extra_commit: Option<Vec<u8>>) -> Result<Self, ProofError> {
        GrinStatement::new(64, alloc::vec![commitment], None, None, extra_commit)
    }

    /// Bits per value.
    pub fn n_bits(&self) -> usize {
        self.n_bits
    }

    /// The commitments `V_j`.
    pub fn commitments(&self) -> &[ProjectivePoint] {
        &self.commitments
    }

    /// The value generator.
    pub fn value_gen(&self) -> &ProjectivePoint {
        &self.value_gen
    }

    /// The minimum values, if any.
    pub fn min_values(&self) -> Option<&[u64]> {
        self.min_values.as_deref()
    }

    /// The `extra_commit` bytes, if any.
    pub fn extra_commit(&self) -> Option<&[u8]> {
        self.extra_commit.as_deref()
    }

    fn vector_len(&self) -> usize {
        self.n_bits * self.commitments.len()
    }
}

impl Verifiable<Secp256k1> for GrinProof {
    type Statement = GrinStatement;
    type Context = ();

    /// Adds the proof's equation (see the module documentation). There is
    /// no context: Grin's transcript is the SHA-256 chain the statement
    /// carries.
    fn add_terms(
        &self,
        statement: &GrinStatement,
        _context: &mut (),
        weight: Scalar,
        combine: Scalar,
        eq: &mut Equation<Secp256k1>,
    ) -> Result<(), ProofError> {
        let big_n = statement.vector_len();
        let d = &self.decoded;
        if d.vector_len != big_n {
            return Err(ProofError::WrongLength {
                expected: super::proof_len(big_n).unwrap_or(0),
                got: self.bytes.len(),
            });
        }
        let n = statement.n_bits;
        let m = statement.commitments.len();
        let fail = ProofError::VerificationFailed;

        // Replay the transcript.
        let mut commit = statement.bound.clone();
        commit.absorb_pair(&d.a.wire, &d.s.wire);
        let y = commit.challenge().ok_or(fail.clone())?;
        commit.absorb_pair(&d.a.wire, &d.s.wire);
        let z = commit.challenge().ok_or(fail.clone())?;
        commit.absorb_pair(&d.t1.wire, &d.t2.wire);
        let x = commit.challenge().ok_or(fail.clone())?;
        commit.absorb(self.bytes.get(..64).ok_or(fail.clone())?);
        commit.absorb(self.bytes.get(HEAD_LEN..HEAD_LEN + 32).ok_or(fail.clone())?);
        let u = commit.challenge().ok_or(fail.clone())?;
        let k = rounds(big_n);
        let mut xs = Vec::with_capacity(k);
        for (l, r) in d.l.iter().zip(&d.r) {
            commit.absorb_pair(&l.wire, &r.wire);
            xs.push(commit.challenge().ok_or(fail.clone())?);
        }
        let mut xs_inv = xs.clone();
        xs_inv.push(y);
        <Scalar as ScalarOps>::batch_invert_vartime(&mut xs_inv);
        let y_inv = xs_inv.pop().ok_or(fail.clone())?;

        let ab: Scalar = d.a_final.iter().zip(&d.b_final).map(|(a, b)| *a * *b).sum();
        // Proofs with no rounds reveal the vectors: secp256k1-zkp checks
        // the inner product exactly.
        if k == 0 && ab != d.t_hat {
            return Err(fail);
        }

        // Per-generator scalars in Montgomery form (crate::group::fast), one
        // multiplication per entry and vector. Entry kk = p·2^k + i of the
        // bit vector is final position p, folding index i:
        //   G_kk = −w·z − (w·a_p)·s_i,
        //   H_kk = w·z + y^{−kk}·w·d_kk − (w·b_p·y^{−p·2^k})·(s_i⁻¹·y^{−i}),
        // with s_i = Π_r x_r^{±1} (x_r where bit r of i is set) and
        // s_i⁻¹·y^{−i} product trees ([`product_tree`]: seeds Π x_r⁻¹ and
        // Π x_r, factors x_r² and x_r⁻²·y^{−2^r}), and
        // y^{−kk}·w·d_kk = w·z^{2+j}·y^{−jn}·(2·y⁻¹)^{i'} at kk = j·n + i'.
        let wc = weight * combine;
        let z2 = z * z;
        let fast = |v: &Scalar| v.to_fast();
        let one = Scalar::fast_one();
        let x_fast: Vec<_> = xs.iter().map(fast).collect();
        let x_inv_fast: Vec<_> = xs_inv.iter().map(fast).collect();
        let prod = |v: &[<Scalar as Montgomery>::Fast]| v.iter().fold(one, |p, x| p * *x);
        let x_sq: Vec<_> = x_fast.iter().map(|x| *x * *x).collect();
        let s = product_tree(prod(&x_inv_fast), &x_sq);
        let y_inv_fast = fast(&y_inv);
        let mut y_inv_2r = y_inv_fast;
        let mut factors = Vec::with_capacity(k);
        for x_inv in &x_inv_fast {
            factors.push(*x_inv * *x_inv * y_inv_2r);
            y_inv_2r = y_inv_2r * y_inv_2r;
        }
        let s_inv_y = product_tree(prod(&x_fast), &factors);
        if d.a_final.len() * s.len() != big_n {
            return Err(fail);
        }
        let w = fast(&weight);
        let wz = w * fast(&z);
        let mut g_scalars = Vec::with_capacity(big_n);
        let mut h_scalars = Vec::with_capacity(big_n);
        let mut y_inv_block = one; // y^{−p·2^k}
        for (a, b) in d.a_final.iter().zip(&d.b_final) {
            let wa = w * fast(a);
            let wb = w * fast(b) * y_inv_block;
            for (s_i, t_i) in s.iter().zip(&s_inv_y) {
                g_scalars.push(-wz - wa * *s_i);
                h_scalars.push(wb * *t_i);
            }
            y_inv_block *= y_inv_2r;
        }
        let two_y_inv = y_inv_fast + y_inv_fast;
        let step = fast(&z) * crate::poly::pow_in(y_inv_fast, one, n as u64);
        let mut chunk = w * fast(&z2);
        for h_chunk in h_scalars.chunks_mut(n.max(1)) {
            let mut d_y = chunk;
            for h in h_chunk {
                *h = wz + d_y - *h;
                d_y *= two_y_inv;
            }
            chunk *= step;
        }
        let y_sum = crate::poly::sum_of_powers(y, big_n);

        // δ(y, z), with the minimum values moved onto g.
        let two_n_minus_1 = <Scalar as ScalarOps>::from_u64(if n == 64 { u64::MAX } else { (1u64 << n) - 1 });
        let mut delta = (z - z2) * y_sum;
        let mut z_j = z2;
        for j in 0..m {
            delta -= z_j * z * two_n_minus_1;
            if let Some(min) = statement.min_values.as_ref().and_then(|mins| mins.get(j)) {
                delta -= z_j * <Scalar as ScalarOps>::from_u64(*min);
            }
            z_j *= z;
        }

        eq.add_g_layout_fast(MAX_VECTOR, g_scalars);
        eq.add_h_layout_fast(MAX_VECTOR, h_scalars);
        eq.add_b_blinding(weight * (d.neg_mu + u * (d.t_hat - ab)) + wc * d.neg_tau_x);
        let g_scalar = wc * (delta - d.t_hat);
        if statement.default_value_gen {
            eq.add_b(g_scalar);
        } else {
            eq.add_point(g_scalar, statement.value_gen);
        }
        eq.add_point(weight, d.a.point);
        eq.add_point(weight * x, d.s.point);
        eq.add_point(wc * x, d.t1.point);
        eq.add_point(wc * x * x, d.t2.point);
        let mut z_j = z2;
        for v in &statement.commitments {
            eq.add_point(wc * z_j, *v);
            z_j *= z;
        }
        for (((x_r, x_r_inv), l), r) in xs.iter().zip(&xs_inv).zip(&d.l).zip(&d.r) {
            eq.add_point(weight * x_r * x_r, l.point);
            eq.add_point(weight * x_r_inv * x_r_inv, r.point);
        }
        Ok(())
    }
}

impl GrinProof {
    /// Verify against `statement` over Grin's generators (`rng` draws the
    /// factor joining the proof's two checks).
    pub fn verify<R: RngCore + CryptoRng>(&self, statement: &GrinStatement, rng: &mut R) -> Result<(), ProofError> {
        let gens = grin_generators();
        Verifiable::verify(self, gens.generators(), statement, &mut (), rng)
    }

    /// Verify Grin proofs (any shapes, value generators, minimum values and
    /// `extra_commit`s) together over Grin's generators: one multiscalar
    /// multiplication, and on failure exactly the invalid proofs by index.
    /// Grin proofs mix with other secp256k1 proofs only over Grin's
    /// generators: [`crate::batch::verify`] with
    /// [`GrinGenerators::generators`](super::GrinGenerators::generators)
    /// and claims `Item::new(&proof, &statement, ())`.
    pub fn verify_batch<R: RngCore + CryptoRng>(
        items: &[(&GrinProof, &GrinStatement)],
        rng: &mut R,
    ) -> Result<(), BatchError> {
        let gens = grin_generators();
        let bound: Vec<Item<'_, Secp256k1, GrinProof>> =
            items.iter().map(|(proof, statement)| Item::new(*proof, *statement, ())).collect();
        let claims: Vec<&dyn Claim<Secp256k1>> = bound.iter().map(|i| i as &dyn Claim<Secp256k1>).collect();
        crate::batch::verify(gens.generators(), &claims, rng)
    }
}
