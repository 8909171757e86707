//! Owner recovery of Bulletproofs+ proofs ([`RangeProofPlus::prove_recoverable`],
//! [`RangeProofPlus::recover`]). Each blinding `γ_j` is derived from a secret
//! 32-byte seed and the caller's **output id** (label `gamma`, index `j`, in
//! a transcript of its own that holds only the id); every nonce of the
//! proof is derived from the seed and the public transcript at the point
//! it is drawn (`nonces::SeededNonces`): `α = α₀ + μ` after the
//! commitments, `d_L, d_R` before each round, `r, s, δ, η` before the last
//! step. `μ` packs the values (8 bytes each, at most
//! [`MAX_RECOVERABLE_VALUES`]) and a 7-byte tag into a scalar below `2^248`.
//! The seed holder replays the transcript from the proof, re-derives every
//! nonce, and solves the only equation that carries `α`,
//!
//! ```text
//!   δ' = η + δ·e + e²·(α₀ + μ + y^{N+1}·Σ_j z^{2(j+1)}γ_j + Σ_k (e_k²·d_{L,k} + e_k⁻²·d_{R,k}))
//! ```
//!
//! for `μ`, checks the tag and that every `V_j = v_j·B + γ_j·B̃`, and returns
//! the openings; anything else is [`ProofError::RecoveryFailed`]. To anyone
//! without the seed the nonces are PRF outputs, so the proof is as hiding as
//! a random-nonce one; `α` stays uniform because `α₀` is. One equation can
//! carry one scalar, which is why the blindings are derived rather than
//! carried (as Grin's rewind re-derives keys) and why at most three 64-bit
//! values fit.
//!
//! **Why an output id.** Were the blindings derived from the seed and the
//! public context alone (as before), two proofs under the same seed and
//! label would share `γ_j`, and `V_1 − V_2 = (v_1 − v_2)·B` would reveal the
//! difference of their values. The id makes each output's blindings
//! independent PRF outputs; it is not written into the proof or the
//! transcript (it may be a wallet's private key path). **The caller must
//! give every output made with one seed its own id** — e.g. a key
//! derivation index, or a transaction id and output position — and keep it
//! (or be able to enumerate it) to recover. An empty id, or one longer
//! than [`MAX_OUTPUT_ID`] bytes, is refused.

use alloc::vec::Vec;

use merlin::Transcript;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::*;

/// Most values a recoverable proof can carry (their 64-bit values fill 24
/// of the payload scalar's 31 usable bytes).
pub const MAX_RECOVERABLE_VALUES: usize = 3;

/// Longest output id (bytes) accepted.
pub const MAX_OUTPUT_ID: usize = 1024;

/// `γ_j` for output `output_id` (see the module documentation): from the
/// seed and the id alone, never from the public context or the values.
fn output_blindings<S: ScalarOps>(seed: &[u8; 32], output_id: &[u8], m: usize) -> Result<Vec<S>, ProofError> {
    if output_id.is_empty() || output_id.len() > MAX_OUTPUT_ID {
        return Err(ProofError::InvalidOutputId { len: output_id.len() });
    }
    let mut context = Transcript::new(b"ballistic recoverable blinding v1");
    context.append_message(b"output id", output_id);
    let mut nonces = SeededNonces::new(seed);
    Ok((0..m).map(|j| nonces.nonce(&context, b"gamma", j as u64)).collect())
}

/// Marks a recovered payload as well-formed (a wrong seed yields a random
/// scalar, which has these bytes with probability 2⁻⁶⁴).
const PAYLOAD_TAG: [u8; 8] = *b"ballistc";

/// `μ`: the values little-endian in bytes `0..24`, seven tag bytes in
/// `24..31`, byte 31 zero — so `μ < 2^248 < ℓ` for every supported group.
fn encode_payload<S: ScalarOps>(values: &[u64]) -> S {
    let mut bytes = payload_bytes(values);
    let s = S::from_canonical_bytes(&bytes).unwrap_or_default();
    Zeroize::zeroize(&mut bytes);
    s
}

fn payload_bytes(values: &[u64]) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    for (chunk, v) in bytes[..24].chunks_exact_mut(8).zip(values) {
        chunk.copy_from_slice(&v.to_le_bytes());
    }
    bytes[24..31].copy_from_slice(&PAYLOAD_TAG[..7]);
    bytes
}

/// The value and blinding behind one commitment, recovered with the seed.
#[derive(Clone, PartialEq, Eq, Zeroize, ZeroizeOnDrop)]
pub struct Opening<S: ScalarOps> {
    /// The committed value.
    pub value: u64,
    /// The commitment's blinding.
    pub blinding: S,
}

impl<S: ScalarOps> core::fmt::Debug for Opening<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Opening { .. }")
    }
}

/// A proof, its commitments and the blindings used (wiped on drop).
pub type Recoverable<G> = (RangeProofPlus<G>, Vec<<G as Group>::Compressed>, Zeroizing<Vec<<G as Group>::Scalar>>);

impl<G: Group> RangeProofPlus<G> {
    /// Prove with the blindings derived from `seed` and `output_id`, and
    /// every nonce from `seed` and the public transcript, so that the
    /// seed's holder can later [`recover`](Self::recover) the values and
    /// blindings from the proof (with the same id). Returns the proof, the
    /// commitments and the blindings. At most [`MAX_RECOVERABLE_VALUES`]
    /// values. **Give every output made with one seed its own `output_id`**
    /// (1 to [`MAX_OUTPUT_ID`] bytes; see the module documentation): two
    /// proofs with the same seed and id share their blindings.
    pub fn prove_recoverable(
        bp_gens: &BulletproofGens<G>,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        seed: &[u8; 32],
        output_id: &[u8],
    ) -> Result<Recoverable<G>, ProofError> {
        if values.len() > MAX_RECOVERABLE_VALUES {
            return Err(ProofError::InvalidAggregation { values: values.len() });
        }
        let blindings = Zeroizing::new(output_blindings::<G::Scalar>(seed, output_id, values.len())?);
        let payload = Zeroizing::new(encode_payload::<G::Scalar>(values));
        Self::prove_with(
            Flavor::Ballistic,
            bp_gens,
            pc_gens,
            transcript,
            values,
            &blindings,
            n,
            &mut SeededNonces::new(seed),
            *payload,
        )
    }

    /// Recover the values and blindings of a proof made by
    /// [`prove_recoverable`](Self::prove_recoverable) with `seed` and
    /// `output_id`, under the same transcript context and `n`. Every nonce is re-derived from the
    /// seed and the public transcript; the last scalar
    /// `δ' = η + δe + e²(α + y^{N+1}Σ_j z^{2(j+1)}γ_j + Σ_k(e_k² d_{L,k} + e_k⁻² d_{R,k}))`
    /// then yields the payload hidden in `α`. A wrong seed, context or proof
    /// is an error ([`ProofError::RecoveryFailed`]), never a wrong opening: the
    /// payload's tag and every commitment are checked. Recovery does not
    /// verify the proof; do that separately.
    pub fn recover(
        &self,
        pc_gens: &PedersenGens<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        seed: &[u8; 32],
        output_id: &[u8],
    ) -> Result<Vec<Opening<G::Scalar>>, ProofError> {
        let shape = RangeShape::new(n, commitments.len())?;
        if commitments.len() > MAX_RECOVERABLE_VALUES {
            return Err(ProofError::InvalidAggregation { values: commitments.len() });
        }
        if self.wip.rounds() != shape.rounds() {
            return Err(ProofError::WrongLength {
                expected: Self::encoded_len(n, commitments.len())?,
                got: self.encoded_len_of(),
            });
        }
        let blindings = Zeroizing::new(output_blindings::<G::Scalar>(seed, output_id, shape.m)?);
        let mut nonces = SeededNonces::new(seed);
        transcript.rangeproof_plus_domain_sep::<G>(n as u64, shape.m as u64);
        for v in commitments {
            transcript.append_point::<G>(b"V", v);
        }
        let alpha = Zeroizing::new(nonces.nonce::<G::Scalar>(transcript, b"alpha", 0));
        transcript.validate_and_append_point::<G>(b"A", &self.a.compressed)?;
        let y = transcript.challenge_scalar::<G>(b"y");
        let z = transcript.challenge_scalar::<G>(b"z");
        let rounds = self.wip.rounds();
        let mut round_nonces = Zeroizing::new(Vec::with_capacity(rounds));
        let mut last = Zeroizing::new([G::Scalar::zero(); 4]);
        transcript.wip_domain_sep(shape.padded as u64);
        let ch = self.wip.replay(shape.padded, transcript, |k, t| {
            if k < rounds {
                round_nonces.push((nonces.nonce::<G::Scalar>(t, b"d_L", 0), nonces.nonce::<G::Scalar>(t, b"d_R", 0)));
            } else {
                *last = last_nonces::<G::Scalar, _>(&mut nonces, t);
            }
        })?;
        let [_, _, delta, eta] = *last;
        let e = ch.e_last;
        let e_sq_inv = (e * e).invert_vartime();
        let mut alpha_f = (self.wip.d1 - eta - delta * e) * e_sq_inv;
        for ((d_l, d_r), e_k) in round_nonces.iter().zip(&ch.e) {
            let e_k_sq = *e_k * *e_k;
            alpha_f -= *d_l * e_k_sq + *d_r * e_k_sq.invert_vartime();
        }
        let y_n1 = pow(y, shape.padded as u64 + 1);
        for (z_j, gamma) in powers(z * z).skip(1).zip(blindings.iter()) {
            alpha_f -= y_n1 * z_j * *gamma;
        }
        let mut payload = Zeroizing::new((alpha_f - *alpha).to_bytes());
        let mut values = [0u64; MAX_RECOVERABLE_VALUES];
        for (v, chunk) in values.iter_mut().zip(payload.chunks_exact(8)) {
            let mut le = [0u8; 8];
            le.copy_from_slice(chunk);
            *v = u64::from_le_bytes(le);
        }
        let expected = Zeroizing::new(payload_bytes(values.get(..shape.m).ok_or(ProofError::RecoveryFailed)?));
        let well_formed = bool::from(subtle::ConstantTimeEq::ct_eq(&payload[..], &expected[..]));
        Zeroize::zeroize(&mut *payload);
        if !well_formed {
            return Err(ProofError::RecoveryFailed);
        }
        let mut openings = Vec::with_capacity(shape.m);
        for ((value, gamma), c) in values.iter().zip(blindings.iter()).zip(commitments) {
            let opens = G::compress(&pc_gens.commit(&G::Scalar::from_u64(*value), gamma)) == *c;
            if !opens || *value > shape.max_value() {
                return Err(ProofError::RecoveryFailed);
            }
            openings.push(Opening { value: *value, blinding: *gamma });
        }
        Zeroize::zeroize(&mut values);
        Ok(openings)
    }
}
