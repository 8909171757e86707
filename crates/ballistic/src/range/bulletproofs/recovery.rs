//! Owner recovery of Bulletproofs range proofs ([`RangeProof::prove_recoverable`],
//! [`RangeProof::recover`]); the payload, the blindings and the checks are
//! shared with the other systems ([`crate::range::recovery`]).
//!
//! **Nonces.** After the statement (`V_j` in the transcript) the prover
//! derives a key from the secret seed and the public transcript
//! (`SeededNonces::rng`, stream `alpha`) and draws `α₀`; the payload `μ`
//! enters as `α = α₀ + E_K(μ)`, with `E_K` the payload cipher (a keyed
//! pseudorandom permutation, [`crate::range::recovery`]). `ρ, 𝐬_L, 𝐬_R`
//! come from a key derived from the transcript **after `A`** (stream `S`),
//! and after `y, z` a third key, bound also to `μ` (stream `tau`), gives
//! `τ₁, τ₂`. The relation used is the third-round response (paper §4.2)
//!
//! ```text
//!   μ_proof = α + ρ·x = α₀ + E_K(μ) + ρ·x      ⇒      μ = E_K⁻¹(μ_proof − ρ·x − α₀)
//! ```
//!
//! (`μ_proof` is the proof's `e_blinding`, `x` the challenge after `T₁, T₂`).
//! The seed holder replays the transcript, re-derives `α₀` and (after `A`)
//! `ρ`, solves for `μ` and decodes it; then re-derives `τ₂` (whose key binds
//! `μ`) and checks
//!
//! ```text
//!   T₂ = t₂·B + τ₂·B̃,   t₂ = ⟨𝐬_L, 𝐲^N ∘ 𝐬_R⟩
//! ```
//!
//! (`t₂` depends on nonces only), and that every `V_j = v_j·B + γ_j·B̃`.
//! So a proof whose `μ_proof` was altered — even by someone who knows where
//! the message bytes sit — is refused ([`ProofError::RecoveryFailed`]):
//! the altered payload gives another `τ₂`.
//!
//! **Zero knowledge, also across proofs of one output.** To anyone without
//! the seed the nonces are PRF outputs: the proof is as hiding as a
//! random-nonce one, and `α` is uniform because `α₀` is. Proving the same
//! output (same seed, id, context, value) again with another message gives
//! the same `V_j` and `α₀`, but `E_K(μ)` changes to an unrelated value (a
//! permutation's outputs on distinct inputs), so `A₁ − A₂ = (E_K(μ₁) −
//! E_K(μ₂))·B̃` is an unknown multiple of `B̃`; every other nonce is keyed
//! on a transcript that contains `A`, so the two proofs share no other
//! nonce (version 2 drew `α₀, ρ, 𝐬_L, 𝐬_R` before anything bound the
//! payload: two such proofs shared `ρ, 𝐬_L, 𝐬_R`, and with two messages
//! the value could be tested by guessing).
//!
//! **The caller must give every output made with one seed its own
//! `output_id`** (1 to [`MAX_OUTPUT_ID`](crate::range::MAX_OUTPUT_ID)
//! bytes; [`crate::range::recovery`] explains why).
//!
//! **Cost.** Proving draws the same number of scalars, from ChaCha20
//! instead of the caller's RNG, plus two PRF keys; recovering expands the
//! first stream and computes one inner product and one commitment per
//! value, with no generator vectors.

use alloc::vec::Vec;

use merlin::Transcript;
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::{Nonces, RangeProof};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::nonces::SeededNonces;
use crate::range::recovery::{decipher_scalar, message_capacity, open, output_keys, payload_form, prepare};
use crate::range::recovery::{Blindings, Recoverable, Recovered, RecoveryKey};
use crate::range::recovery::{OutputKeys, OverGroup};
use crate::range::RangeShape;

/// The nonce stream for `α₀` (after the statement).
pub(super) const ALPHA_STREAM: &[u8] = b"bulletproofs recoverable v3: alpha";
/// The nonce stream for `ρ, 𝐬_L, 𝐬_R` (after `A`).
pub(super) const S_STREAM: &[u8] = b"bulletproofs recoverable v3: rho s_L s_R";
/// The nonce stream for `τ₁, τ₂` (bound to the payload).
pub(super) const TAU_STREAM: &[u8] = b"bulletproofs recoverable v3: tau";

impl<G: Group> OverGroup for RangeProof<G> {
    type Group = G;
}

impl<G: Group> RangeProof<G> {
    /// Prove with the blindings derived from `seed` and `output_id`, and
    /// every nonce from `seed` and the public transcript, so that the
    /// seed's holder can later [`recover`](Self::recover) the values,
    /// blindings and `message` from the proof (with the same id). Returns
    /// the proof, the commitments and the blindings. At most
    /// [`MAX_RECOVERABLE_VALUES`](crate::range::MAX_RECOVERABLE_VALUES)
    /// values; the message at most
    /// [`message_capacity`]`(m)` bytes
    /// ([`ProofError::MessageTooLong`]). **Give every output made with one
    /// seed its own `output_id`** (1 to
    /// [`MAX_OUTPUT_ID`](crate::range::MAX_OUTPUT_ID) bytes): two proofs
    /// with the same seed and id share their blindings.
    pub fn prove_recoverable(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        key: RecoveryKey<'_>,
        message: &[u8],
    ) -> Result<Recoverable<Self>, ProofError> {
        let prepared = prepare::<G::Scalar>(transcript, values, key, message)?;
        let nonces = Nonces::<rand_chacha::ChaCha20Rng, G::Scalar>::Seeded(key.seed, &prepared);
        let (proof, commitments) = Self::prove_inner(gens, transcript, values, &prepared.blindings, n, nonces)?;
        Ok((proof, commitments, Blindings::new(prepared.blindings.clone())))
    }

    /// Recover the values, blindings and message of a proof made by
    /// [`prove_recoverable`](Self::prove_recoverable) with `seed` and
    /// `output_id`, under the same transcript context and `n`: solve
    /// `μ = μ_proof − ρx − α₀` (module documentation), check the payload's
    /// form, `T₂`, and that every commitment opens. A wrong seed, id,
    /// context, `n`, commitment or proof is an error
    /// ([`ProofError::RecoveryFailed`], or a shape error), never a wrong
    /// opening. Recovery does not verify the proof: verify it first
    /// (recovery reads only some of its fields).
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
        if self.ipp.rounds() != shape.rounds() {
            return Err(ProofError::WrongLength {
                expected: Self::encoded_len(n, shape.m)?,
                got: self.encoded_len_of(),
            });
        }
        let OutputKeys { blindings, cipher_key } = output_keys::<G::Scalar>(transcript, key, shape.m)?;
        let nonces = SeededNonces::new(key.seed);
        let big_n = shape.padded;
        let mut alpha0 = Zeroizing::new(G::Scalar::zero());
        let mut first = Zeroizing::new(Vec::with_capacity(2 * big_n + 1));
        let mut at_tau = None;
        let [y, _, x] = self.replay_to_x(transcript, shape, commitments, |k, t| match k {
            0 => *alpha0 = G::Scalar::random(&mut nonces.rng(t, ALPHA_STREAM, &[])),
            1 => {
                // ρ, 𝐬_L, 𝐬_R: the order of `BitWitness::commit_with`.
                let mut rng = nonces.rng(t, S_STREAM, &[]);
                first.extend((0..2 * big_n + 1).map(|_| G::Scalar::random(&mut rng)));
            }
            _ => at_tau = Some(t.clone()),
        })?;
        let rho = first.first().copied().ok_or(ProofError::RecoveryFailed)?;
        // One verdict, in constant time, over everything the secret nonces
        // touch (module `recovery`: a separate verdict on the deciphering
        // alone would be a timing oracle on them).
        let (bytes, below) = decipher_scalar(&cipher_key, &(self.e_blinding - rho * x - *alpha0));
        let well_formed = payload_form(&bytes, shape.m)?;

        // T₂ = t₂·B + τ₂·B̃ with τ₂ from the payload-bound stream.
        let at_tau = at_tau.ok_or(ProofError::RecoveryFailed)?;
        let mut tau_rng = nonces.rng(&at_tau, TAU_STREAM, &bytes[..]);
        let _tau_1 = Zeroizing::new(G::Scalar::random(&mut tau_rng));
        let tau_2 = Zeroizing::new(G::Scalar::random(&mut tau_rng));
        let (s_l, s_r) = first.get(1..).unwrap_or_default().split_at(big_n);
        let mut t2 = Zeroizing::new(G::Scalar::zero());
        let mut y_k = G::Scalar::one();
        for (l, r) in s_l.iter().zip(s_r) {
            *t2 += *l * y_k * *r;
            y_k *= y;
        }
        // The recomputed point is the public T₂ when recovery is genuine (a
        // point keyed by the seed and the payload otherwise): public.
        let t2_point = pc_gens.commit(&t2, &tau_2);
        crate::ct::declassify(&t2_point);
        let t2_opens = G::compressed_bytes(&G::compress(core::hint::black_box(&t2_point)))
            .ct_eq(G::compressed_bytes(&self.t_2.compressed));
        let genuine = below & well_formed & t2_opens;
        if !crate::ct::reveal(bool::from(genuine)) {
            return Err(ProofError::RecoveryFailed);
        }
        open(pc_gens, &bytes, &blindings, commitments, shape.max_value())
    }
}
