//! Owner recovery of Bulletproofs+ proofs ([`RangeProofPlus::prove_recoverable`],
//! [`RangeProofPlus::recover`]); the payload, the blindings and the checks
//! are shared with the other systems ([`crate::range::recovery`]). Each
//! blinding `γ_j` is derived from a secret 32-byte seed and the caller's
//! **output id**; every nonce of the proof is derived from the seed and the
//! public transcript at the point it is drawn (`nonces::SeededNonces`):
//! `α = α₀ + E_K(μ)` after the commitments, `d_L, d_R` before each round,
//! `r, s, δ, η` before the last step. `μ` packs the values (8 bytes each, at
//! most [`MAX_RECOVERABLE_VALUES`]), a length byte and the message into 31
//! bytes, and `E_K` is the payload cipher, a pseudorandom permutation keyed
//! by the seed and the output id ([`crate::range::recovery`]). The seed
//! holder replays the transcript from the proof, re-derives every nonce,
//! and solves the only equation that carries `α` (the weighted
//! inner-product argument's last response),
//!
//! ```text
//!   δ' = η + δ·e + e²·(α₀ + E_K(μ) + y^{N+1}·Σ_j z^{2(j+1)}γ_j + Σ_k (e_k²·d_{L,k} + e_k⁻²·d_{R,k}))
//! ```
//!
//! for `E_K(μ)`, deciphers it, checks the payload's form and that every
//! `V_j = v_j·B + γ_j·B̃`, and returns the openings and the message;
//! anything else is [`ProofError::RecoveryFailed`]. The last step's `r, s`
//! are drawn from a key that also binds `μ`, and the owner checks
//!
//! ```text
//!   B = r·y·s·B + η·B̃
//! ```
//!
//! so a proof whose `δ'` was altered — even to shift only the message
//! bytes — is refused. To anyone without the seed the nonces are PRF
//! outputs, so the proof is as hiding as a random-nonce one; `α` stays
//! uniform because `α₀` is. Proving one output again with another message
//! reuses `α₀` (it is drawn before anything the payload touches, so that
//! the owner can find it), but `A₁ − A₂ = (E_K(μ₁) − E_K(μ₂))·B̃` is an
//! unknown multiple of `B̃` — with `α = α₀ + μ`, as in version 2, it was
//! the known `(μ₁ − μ₂)·B̃`, which let one message test guesses of the
//! other — and every later nonce is keyed on a transcript containing `A`.
//!
//! **The caller must give every output made with one seed its own
//! `output_id`** (1 to [`MAX_OUTPUT_ID`] bytes; [`crate::range::recovery`]
//! explains why): two proofs with the same seed and id share their
//! blindings, and their commitments' difference reveals the difference of
//! their values.

use merlin::Transcript;
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::*;
use crate::generators::Generators;
pub(crate) use crate::range::recovery::Recoverable;
use crate::range::recovery::{decipher_scalar, message_capacity, open, output_keys, payload_form, prepare};
use crate::range::recovery::{OutputKeys, OverGroup, Recovered, RecoveryKey};

/// The nonces of a recoverable proof: [`SeededNonces`], except the last
/// step's `r, s`, whose key also binds the payload (so `B = r·y·s·B + η·B̃`
/// checks it).
struct PayloadBound<'a> {
    seed: &'a [u8; 32],
    payload: Zeroizing<[u8; 32]>,
}

impl NonceSource for PayloadBound<'_> {
    fn nonce<S: ScalarOps>(&mut self, transcript: &Transcript, label: &'static [u8], index: u64) -> S {
        let seeded = SeededNonces::new(self.seed);
        if label == b"r" || label == b"s" {
            S::random(&mut seeded.rng(transcript, label, &self.payload[..]))
        } else {
            let mut seeded = seeded;
            seeded.nonce(transcript, label, index)
        }
    }
}

impl<G: Group> OverGroup for RangeProofPlus<G> {
    type Group = G;
}

impl<G: Group> RangeProofPlus<G> {
    /// Prove with the blindings derived from `seed` and `output_id`, and
    /// every nonce from `seed` and the public transcript, so that the
    /// seed's holder can later [`recover`](Self::recover) the values,
    /// blindings and `message` from the proof (with the same id). Returns
    /// the proof, the commitments and the blindings. At most
    /// [`MAX_RECOVERABLE_VALUES`](crate::range::MAX_RECOVERABLE_VALUES) values; the message at most
    /// [`message_capacity`]`(m)` bytes
    /// ([`ProofError::MessageTooLong`]). **Give every output made with one
    /// seed its own `output_id`** (1 to [`MAX_OUTPUT_ID`](crate::range::MAX_OUTPUT_ID) bytes; see the
    /// module documentation): two proofs with the same seed and id share
    /// their blindings.
    pub fn prove_recoverable(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        key: RecoveryKey<'_>,
        message: &[u8],
    ) -> Result<Recoverable<Self>, ProofError> {
        let prepared = prepare::<G::Scalar>(transcript, values, key, message)?;
        let mut nonces = PayloadBound { seed: key.seed, payload: prepared.payload.clone() };
        let enciphered = *prepared.enciphered;
        Self::prove_with(gens, Flavor::Ballistic, transcript, (values, &prepared.blindings), n, &mut nonces, enciphered)
    }

    /// Recover the values and blindings of a proof made by
    /// [`prove_recoverable`](Self::prove_recoverable) with `seed` and
    /// `output_id`, under the same transcript context and `n`. Every nonce is re-derived from the
    /// seed and the public transcript; the last scalar
    /// `δ' = η + δe + e²(α + y^{N+1}Σ_j z^{2(j+1)}γ_j + Σ_k(e_k² d_{L,k} + e_k⁻² d_{R,k}))`
    /// then yields the payload hidden in `α`. A wrong seed, id, context or
    /// proof is an error ([`ProofError::RecoveryFailed`]), never a wrong
    /// opening: the payload's form, `B = r·y·s·B + η·B̃` (with `r, s` bound
    /// to the payload) and every commitment are checked.
    /// Recovery does not verify the proof: verify it first (recovery reads
    /// only some of its fields, so an unverified proof may carry another
    /// proof's payload for the same output).
    pub fn recover(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
        key: RecoveryKey<'_>,
    ) -> Result<Recovered<G::Scalar>, ProofError> {
        let pc_gens = gens.pedersen();
        let shape = RangeShape::new(n, commitments.len())?;
        message_capacity(shape.m)?;
        if self.wip.rounds() != shape.rounds() {
            return Err(ProofError::WrongLength {
                expected: Self::encoded_len(n, commitments.len())?,
                got: self.encoded_len_of(),
            });
        }
        let OutputKeys { blindings, cipher_key } = output_keys::<G::Scalar>(transcript, key, shape.m)?;
        let mut nonces = SeededNonces::new(key.seed);
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
        let mut at_last = None;
        transcript.wip_domain_sep(shape.padded as u64);
        let ch = self.wip.replay(shape.padded, transcript, |k, t| {
            if k < rounds {
                round_nonces.push((nonces.nonce::<G::Scalar>(t, b"d_L", 0), nonces.nonce::<G::Scalar>(t, b"d_R", 0)));
            } else {
                // δ, η (r, s are bound to the payload: drawn below).
                *last = last_nonces::<G::Scalar, _>(&mut nonces, t);
                at_last = Some(t.clone());
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
        // One verdict, in constant time, over everything the secret nonces
        // touch (see `decipher_scalar`).
        let (bytes, below) = decipher_scalar(&cipher_key, &(alpha_f - *alpha));
        let well_formed = payload_form(&bytes, shape.m)?;
        // B = r·y·s·B + η·B̃ with r, s bound to this payload.
        let at_last = at_last.ok_or(ProofError::RecoveryFailed)?;
        let mut bound = PayloadBound { seed: key.seed, payload: bytes.clone() };
        let r = Zeroizing::new(bound.nonce::<G::Scalar>(&at_last, b"r", 0));
        let s = Zeroizing::new(bound.nonce::<G::Scalar>(&at_last, b"s", 0));
        // The recomputed point is the public B when recovery is genuine: public.
        let b_point = pc_gens.commit(&(*r * y * *s), &eta);
        crate::ct::declassify(&b_point);
        let b_opens = G::compressed_bytes(&G::compress(core::hint::black_box(&b_point)))
            .ct_eq(G::compressed_bytes(&self.wip.b.compressed));
        let genuine = below & well_formed & b_opens;
        if !crate::ct::reveal(bool::from(genuine)) {
            return Err(ProofError::RecoveryFailed);
        }
        open(pc_gens, &bytes, &blindings, commitments, shape.max_value())
    }
}
