//! Owner recovery of Bulletproofs++ proofs ([`RangeProofPlusPlus::prove_recoverable`],
//! [`RangeProofPlusPlus::recover`]) by a **sealed payload**: the payload,
//! blindings and checks are shared with the other systems
//! ([`crate::range::recovery`]), but the payload does not ride in a nonce.
//!
//! **Why not in a nonce.** The proof's only scalars are the norm argument's
//! final `𝐧⁽ᵏ⁾, 𝐥⁽ᵏ⁾`. With `h_j` the folding factors and `p_k` the
//! coefficient of `T^k` in `|𝐧(T)|²_q`, step 3 forces
//!
//! ```text
//!   𝐥⁽ᵏ⁾ = Σ_j h_j·l_j(T),   y·l_{s,0} = b_m − p₁,  y(l_{s,1} + l_{m,0}) = b_d − p₂,  y(l_{s,2} + l_{m,1}) = b_r − p₃,
//!   y(l_{s,3} + l_{m,2}) = −p₄,   y(l_{s,4} + 2Σ_jλ_jγ_j) = −p₆,   y(l_{s,5} + l_{m,4}) = −p₇,
//!   p₆ = 2⟨𝐝', α_m⟩_q + |𝐫'|²_q,   p₇ = 2⟨𝐫', α_m⟩_q
//! ```
//!
//! so every equation that could carry a nonce also carries `p₆, p₇`, which
//! hold the digits' reciprocals and no nonce: even with every nonce
//! re-derived, solving for a payload needs the values first (a discrete
//! logarithm of up to 64 bits per value otherwise).
//!
//! **The sealed payload.** A recoverable proof carries 48 more bytes:
//!
//! ```text
//!   (K, k) = PRF(seed; transcript after the V_j, "sealed payload v3")      (64 bytes)
//!   c = E_K(μ_bytes)   (32 bytes),   τ = MAC_k(c)   (16 bytes)
//! ```
//!
//! with `μ_bytes` the shared payload (values, message length, message; byte
//! 31 zero), `E_K` the payload cipher (a keyed pseudorandom permutation of
//! 32-byte strings, [`crate::range::recovery`]) and the PRF the seed-keyed
//! transcript RNG ([`crate::nonces::SeededNonces::rng`]). `c ‖ τ` is
//! absorbed into the transcript right after the commitments, so every
//! challenge — and hence the proof's validity — depends on it; then every
//! nonce of the proof is drawn from a second key bound to the payload
//! (`SeededNonces::rng` with stream `nonces`). The transcript state
//! includes the commitments, whose blindings derive from the seed and the
//! output id, so `K` is fresh for every output id. To anyone without the
//! seed, `c` and `τ` are PRF outputs (the proof stays zero knowledge); the
//! seed holder replays the statement, re-derives `K, k`, checks `τ` in
//! constant time, deciphers, and accepts only if every commitment opens
//! (`V_j = v_j·B + γ_j·B̃` with the re-derived `γ_j`) — a wrong seed, id,
//! context or a tampered `c` is [`ProofError::RecoveryFailed`].
//!
//! **One output proved again with another message** has the same
//! commitments, hence the same `K`: a permutation keeps the two ciphertexts
//! unrelated (version 2 used `c = μ_bytes ⊕ pad` with a pad of the same
//! key, and `c₁ ⊕ c₂` was the XOR of the two payloads), and the two proofs'
//! nonces come from keys bound to different payloads.
//!
//! **Cost.** 48 bytes (464 bytes for one 64-bit value instead of 416);
//! proving draws its nonces from ChaCha20 instead of the caller's RNG;
//! verification absorbs 48 more bytes into the transcript and nothing else.
//! A proof without the field is exactly a plain Bulletproofs++ proof.

use merlin::Transcript;
use rand_core::RngCore;
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::prover::Nonces;
use super::{domain_sep, PlusPlusShape, RangeProofPlusPlus};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::nonces::SeededNonces;
use crate::range::recovery::{decipher, encipher, RecoveryKey};
use crate::range::RangeShape;
use crate::transcript::TranscriptProtocol;

/// Bytes of the sealed payload: the encrypted payload and its tag.
pub(crate) const SEALED_LEN: usize = SCALAR_LEN + TAG_LEN;
const TAG_LEN: usize = 16;

/// The transcript label under which the sealed payload is absorbed.
pub(super) const SEALED_LABEL: &[u8] = b"sealed payload";

/// `(cipher key, MAC key)` from the seed and the transcript after the commitments.
fn keys(seed: &[u8; 32], transcript: &Transcript) -> Zeroizing<[u8; 64]> {
    let mut keys = Zeroizing::new([0u8; 64]);
    SeededNonces::new(seed).rng(transcript, b"sealed payload v3", &[]).fill_bytes(&mut keys[..]);
    keys
}

fn tag(mac_key: &[u8], ciphertext: &[u8]) -> [u8; TAG_LEN] {
    let mut t = Transcript::new(b"ballistic bulletproofs++ sealed payload tag");
    t.append_message(b"key", mac_key);
    t.append_message(b"ciphertext", ciphertext);
    let mut out = [0u8; TAG_LEN];
    t.challenge_bytes(b"tag", &mut out);
    out
}

/// The cipher key `K` of [`keys`] (its first 32 bytes).
fn cipher_key(keys: &[u8; 64]) -> Zeroizing<[u8; 32]> {
    let mut key = Zeroizing::new([0u8; 32]);
    key.copy_from_slice(keys.get(..32).unwrap_or(&[0u8; 32]));
    key
}

/// Seal `payload` (the shared payload's 32 bytes) for the transcript state
/// after the commitments.
pub(super) fn seal(seed: &[u8; 32], transcript: &Transcript, payload: &[u8; SCALAR_LEN]) -> [u8; SEALED_LEN] {
    let keys = keys(seed, transcript);
    let mac_key = keys.get(SCALAR_LEN..).unwrap_or_default();
    let mut sealed = [0u8; SEALED_LEN];
    sealed[..SCALAR_LEN].copy_from_slice(payload);
    encipher(&cipher_key(&keys), &mut sealed[..SCALAR_LEN]);
    let t = tag(mac_key, &sealed[..SCALAR_LEN]);
    sealed[SCALAR_LEN..].copy_from_slice(&t);
    sealed
}

/// Open a sealed payload (constant-time tag check): the payload's bytes, or
/// [`ProofError::RecoveryFailed`].
pub(super) fn open(
    seed: &[u8; 32],
    transcript: &Transcript,
    sealed: &[u8; SEALED_LEN],
) -> Result<Zeroizing<[u8; SCALAR_LEN]>, ProofError> {
    let keys = keys(seed, transcript);
    let mac_key = keys.get(SCALAR_LEN..).unwrap_or_default();
    let (ciphertext, given) = sealed.split_at(SCALAR_LEN);
    let authentic = tag(mac_key, ciphertext).ct_eq(given);
    if !crate::ct::reveal(bool::from(authentic)) {
        return Err(ProofError::RecoveryFailed);
    }
    let mut payload = Zeroizing::new([0u8; SCALAR_LEN]);
    payload.copy_from_slice(ciphertext);
    decipher(&cipher_key(&keys), &mut payload[..]);
    Ok(payload)
}

impl<G: Group> RangeProofPlusPlus<G> {
    /// Whether the proof carries a sealed payload (was made by
    /// [`prove_recoverable`](Self::prove_recoverable)).
    pub fn is_recoverable(&self) -> bool {
        self.sealed.is_some()
    }

    /// The encoded length of a recoverable proof for `m` values of `n` bits:
    /// [`encoded_len`](Self::encoded_len) plus the 48-byte sealed payload.
    pub fn recoverable_encoded_len(n: usize, m: usize) -> Result<usize, ProofError> {
        Ok(Self::encoded_len(n, m)? + SEALED_LEN)
    }
}

impl<G: Group> RangeProofPlusPlus<G> {
    /// Prove with owner recovery (module `recovery`): the blindings derive
    /// from `seed` and `output_id`, the payload (values and `message`, at
    /// most [`crate::range::message_capacity`] bytes) is sealed into the
    /// proof (48 bytes), every nonce derives from the seed. Returns the
    /// proof, the commitments and the blindings. **Give every output made
    /// with one seed its own `output_id`** ([`Recovered`](crate::range::Recovered)).
    pub fn prove_recoverable(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        n: usize,
        key: RecoveryKey<'_>,
        message: &[u8],
    ) -> Result<crate::range::Recoverable<Self>, ProofError> {
        let prepared = crate::range::recovery::prepare::<G::Scalar>(transcript, values, key, message)?;
        let (blindings, payload) = (prepared.blindings.clone(), prepared.payload.clone());
        let shape = PlusPlusShape::new(n, values.len())?;
        let nonces = Nonces::<rand_chacha::ChaCha20Rng>::Sealed(key.seed, &payload);
        let (proof, commitments) = Self::prove_inner(gens, transcript, &shape, values, &blindings, nonces, None)?;
        Ok((proof, commitments, crate::range::recovery::Blindings::new(blindings)))
    }

    /// Recover the values, blindings and message of a proof made by
    /// [`prove_recoverable`](Self::prove_recoverable) with `seed` and
    /// `output_id`, under the same transcript context and `n`. A wrong seed,
    /// id, context, statement, a tampered sealed payload or a proof without
    /// one is [`ProofError::RecoveryFailed`], never a wrong opening.
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
    ) -> Result<crate::range::Recovered<G::Scalar>, ProofError> {
        let pc_gens = gens.pedersen();
        let shape = PlusPlusShape::new(n, commitments.len())?;
        crate::range::message_capacity(shape.m)?;
        let sealed = self.sealed.as_ref().ok_or(ProofError::RecoveryFailed)?;
        let blindings = crate::range::recovery::output_keys::<G::Scalar>(transcript, key, shape.m)?.blindings;
        domain_sep::<G>(transcript, &shape);
        for v in commitments {
            transcript.append_point::<G>(b"V", v);
        }
        let bytes = open(key.seed, transcript, sealed)?;
        let payload = G::Scalar::from_canonical_bytes(&bytes).ok_or(ProofError::RecoveryFailed)?;
        let decoded = crate::range::recovery::decode_payload(&payload, shape.m)?;
        let max = RangeShape::new(n, shape.m)?.max_value();
        crate::range::recovery::open(pc_gens, &decoded, &blindings, commitments, max)
    }
}
