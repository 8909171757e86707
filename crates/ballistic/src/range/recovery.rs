//! Owner recovery, shared by the range-proof systems: the parts that do not
//! depend on the proof system ([`crate::range::bulletproofs`],
//! [`crate::range::bulletproofs_plus`], [`crate::range::bulletproofs_plus_plus`];
//! see each system's `prove_recoverable` and `recover` for the equation it
//! solves).
//!
//! **What is recovered.** A recoverable proof of `m ≤` [`MAX_RECOVERABLE_VALUES`]
//! values carries one secret scalar inside one of its nonces: the
//! **enciphered payload** `E_K(μ)` (`α = α₀ + E_K(μ)`, with `α₀` a PRF output
//! of the seed and the statement); the holder of the seed re-derives every
//! nonce, solves the one public equation carrying `α` for `E_K(μ)`,
//! deciphers and decodes it. (Bulletproofs++ has no such equation — its
//! scalars carry the values with every nonce — and seals the payload's bytes
//! in 48 more bytes instead, see its `recovery` module.) The blindings are
//! not carried — one equation carries one scalar — but derived:
//!
//! ```text
//!   γ_j = PRF(seed; context, "ballistic recoverable blinding v2", output id, "gamma", j)     (j < m)
//!   K   = PRF(seed; context, "ballistic recoverable blinding v2", output id, "payload cipher v3")
//!   μ   = v_0 ‖ … ‖ v_{m−1} ‖ len ‖ message ‖ 0…0     (31 bytes)
//! ```
//!
//! (values 8 bytes little-endian each, one length byte, the message, zero
//! padding). `E_K` is a pseudorandom permutation of 31-byte strings (a
//! six-round Feistel network whose round function is a keyed STROBE PRF,
//! `encipher`), and the scalar is `E_K(μ)` read little-endian with a zero
//! 32nd byte, so it is below `2^248 < ℓ` for every supported group. The
//! message holds up to [`message_capacity`]`(m) = 31 − 8m − 1` bytes
//! (22, 14, 6 for `m = 1, 2, 3`; [`MAX_MESSAGE_LEN`]).
//!
//! **Why a cipher, and which nonces see the payload.** One output (same
//! seed, id, context and value) proved again with another message — a
//! wallet changing a memo — has the same commitments, so every nonce keyed
//! on the statement alone repeats. Such a nonce may therefore carry only
//! something whose change between two messages is unpredictable: with
//! `α = α₀ + μ` (version 2) two proofs gave `A₁ − A₂ = (μ₁ − μ₂)·B̃`, a
//! known multiple of `B̃` that lets a holder of both test guesses of the
//! messages; with `α = α₀ + E_K(μ)` the difference is `(E_K(μ₁) −
//! E_K(μ₂))·B̃`, an unknown multiple. Every other nonce is keyed on a
//! transcript that already contains `A` (hence `α`) or on the payload
//! itself, so the two proofs share no other nonce (version 2 of
//! Bulletproofs drew `ρ, 𝐬_L, 𝐬_R` before `A` and repeated them, which made
//! the value testable by a 2^32 × 2^32 meet-in-the-middle search).
//!
//! **What recovery checks.** A wrong seed, output id, context or proof
//! gives a payload that is a uniformly random scalar: it is refused if its
//! top byte, length byte or padding is malformed, and in any case unless
//! every commitment opens, `V_j = v_j·B + γ_j·B̃` with the re-derived `γ_j`
//! ([`ProofError::RecoveryFailed`]). The commitment check is the real
//! guard: a wrong seed or id cannot produce a wrong opening (it would have
//! to hit `γ_j` of the commitment), so recovery returns the committed
//! values or nothing. The message is bound to the proof by one more check
//! on a point whose nonces' key includes the payload (Bulletproofs: `T₂`;
//! Bulletproofs+: the last step's `B`), so an altered proof does not
//! decode to another message either. Recovery does not verify the proof.
//!
//! **Why an output id.** Were the blindings derived from the seed and the
//! public context alone, two proofs under the same seed and label would
//! share `γ_j`, and `V_1 − V_2 = (v_1 − v_2)·B` would reveal the difference
//! of their values. The id makes each output's blindings independent PRF
//! outputs; it is not written into the proof or the transcript (it may be a
//! wallet's private key path). **The caller must give every output made
//! with one seed its own id** — e.g. a key derivation index, or a
//! transaction id and output position — and keep it (or be able to
//! enumerate it) to recover. The blindings also depend on the caller's
//! transcript context as the prover starts (label, any bound data), so the
//! same seed and id under another label still give other blindings; the
//! same seed, id and context twice is the caller's error: the two outputs
//! share their blindings. An empty id, or one longer
//! than [`MAX_OUTPUT_ID`] bytes, is refused ([`ProofError::InvalidOutputId`]).

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::RngCore;
use subtle::{Choice, ConstantTimeEq, ConstantTimeGreater, ConstantTimeLess};

use crate::ct::declassify;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::errors::ProofError;
use crate::generators::PedersenGens;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::nonces::{NonceSource, SeededNonces};

/// Most values a recoverable proof can carry (their 64-bit values take 24
/// of the payload scalar's 31 usable bytes).
pub const MAX_RECOVERABLE_VALUES: usize = 3;

/// Longest output id (bytes) accepted.
pub const MAX_OUTPUT_ID: usize = 1024;

/// Longest message a recoverable proof carries ([`message_capacity`] of one value).
pub const MAX_MESSAGE_LEN: usize = PAYLOAD_LEN - 8 - 1;

/// Usable payload bytes (byte 31 stays zero).
const PAYLOAD_LEN: usize = 31;

/// How many message bytes a recoverable proof of `m` values carries:
/// `31 − 8m − 1` (22, 14, 6); [`ProofError::InvalidAggregation`] unless
/// `m ∈ 1..=`[`MAX_RECOVERABLE_VALUES`].
pub fn message_capacity(m: usize) -> Result<usize, ProofError> {
    if !(1..=MAX_RECOVERABLE_VALUES).contains(&m) {
        return Err(ProofError::InvalidAggregation { values: m });
    }
    Ok(PAYLOAD_LEN - 8 * m - 1)
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

/// What owner recovery returns: one opening per commitment, and the message
/// (wiped on drop).
#[derive(Clone, PartialEq, Eq)]
pub struct Recovered<S: ScalarOps> {
    /// `(v_j, γ_j)` for every commitment, in order.
    pub openings: Vec<Opening<S>>,
    /// The message given to `prove_recoverable` (possibly empty).
    pub message: Zeroizing<Vec<u8>>,
}

impl<S: ScalarOps> core::fmt::Debug for Recovered<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Recovered").field("openings", &self.openings.len()).finish_non_exhaustive()
    }
}

/// Who can recover an output: the owner's 32-byte `seed` and the output's
/// `output_id` (1 to [`MAX_OUTPUT_ID`] bytes). The prover and the
/// recovering owner give the same key; **every output made with one seed
/// needs its own id** (two proofs with the same seed and id share their
/// blindings; see the module documentation). Borrowed, so the seed is not
/// copied; its `Debug` prints neither.
#[derive(Clone, Copy)]
pub struct RecoveryKey<'a> {
    /// The owner's secret seed.
    pub seed: &'a [u8; 32],
    /// The output's public id, unique per output under one seed.
    pub output_id: &'a [u8],
}

impl<'a> RecoveryKey<'a> {
    /// The key of output `output_id` under `seed` (the id's length is
    /// checked where it is used: [`ProofError::InvalidOutputId`]).
    pub fn new(seed: &'a [u8; 32], output_id: &'a [u8]) -> Self {
        RecoveryKey { seed, output_id }
    }
}

impl core::fmt::Debug for RecoveryKey<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("RecoveryKey { .. }")
    }
}

/// A proof type and its group, for [`Recoverable`].
pub trait OverGroup {
    /// The group the proof lives in.
    type Group: Group;
}

/// What `prove_recoverable` returns: the proof, its commitments and the
/// blindings used (wiped on drop, never printed).
pub type Recoverable<P> =
    (P, Vec<<<P as OverGroup>::Group as Group>::Compressed>, Blindings<<<P as OverGroup>::Group as Group>::Scalar>);

/// Secret blindings: read them as a slice; wiped on drop; `Debug` prints
/// only how many there are (a logged proof result leaks nothing).
#[derive(Clone)]
pub struct Blindings<S: ScalarOps>(Zeroizing<Vec<S>>);

/// In constant time in the blindings (their count is public).
impl<S: ScalarOps> PartialEq for Blindings<S> {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len()
            && bool::from(self.0.iter().zip(other.0.iter()).fold(Choice::from(1), |all, (a, b)| all & a.ct_eq(b)))
    }
}

impl<S: ScalarOps> Eq for Blindings<S> {}

impl<S: ScalarOps> Blindings<S> {
    pub(crate) fn new(blindings: Zeroizing<Vec<S>>) -> Self {
        Blindings(blindings)
    }
}

impl<S: ScalarOps> core::ops::Deref for Blindings<S> {
    type Target = [S];
    fn deref(&self) -> &[S] {
        &self.0
    }
}

impl<S: ScalarOps> core::fmt::Debug for Blindings<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Blindings({} secret)", self.0.len())
    }
}

/// The per-output secrets of a recoverable proof: the blindings `γ_j` and
/// the payload cipher's key `K` (see the module documentation), from the
/// seed, the caller's context (`transcript` before the proof's domain
/// separator) and the id, never from the values or the message.
pub(crate) struct OutputKeys<S: ScalarOps> {
    /// `γ_0 … γ_{m−1}`.
    pub blindings: Zeroizing<Vec<S>>,
    /// `K`, the key of the payload cipher [`encipher`].
    pub cipher_key: Zeroizing<[u8; 32]>,
}

/// `γ_j` and `K` for output `output_id` (see the module documentation).
pub(crate) fn output_keys<S: ScalarOps>(
    transcript: &Transcript,
    key: RecoveryKey<'_>,
    m: usize,
) -> Result<OutputKeys<S>, ProofError> {
    let RecoveryKey { seed, output_id } = key;
    if output_id.is_empty() || output_id.len() > MAX_OUTPUT_ID {
        return Err(ProofError::InvalidOutputId { len: output_id.len(), max: MAX_OUTPUT_ID });
    }
    // The caller's context (label, bound data) as the prover starts, then
    // the id: the same seed and id under another context give other
    // blindings too.
    let mut context = transcript.clone();
    context.append_message(b"dom-sep", b"ballistic recoverable blinding v2");
    context.append_message(b"output id", output_id);
    let mut nonces = SeededNonces::new(seed);
    let blindings = Zeroizing::new((0..m).map(|j| nonces.nonce(&context, b"gamma", j as u64)).collect());
    let mut cipher_key = Zeroizing::new([0u8; 32]);
    nonces.rng(&context, b"payload cipher v3", &[]).fill_bytes(&mut cipher_key[..]);
    Ok(OutputKeys { blindings, cipher_key })
}

/// Rounds of the payload cipher's Feistel network (four make a strong
/// pseudorandom permutation, Luby–Rackoff; two more for margin).
const CIPHER_ROUNDS: u64 = 6;

/// `half ^= F_K(round, other)`, with `F` a keyed STROBE PRF (merlin).
fn feistel_round(key: &[u8; 32], round: u64, other: &[u8], half: &mut [u8]) {
    let mut f = Transcript::new(b"ballistic recovery payload cipher v3");
    f.append_message(b"key", key);
    f.append_u64(b"round", round);
    f.append_message(b"half", other);
    let mut pad = Zeroizing::new([0u8; 32]);
    let len = half.len().min(pad.len());
    if let Some(out) = pad.get_mut(..len) {
        f.challenge_bytes(b"F", out);
    }
    for (h, p) in half.iter_mut().zip(pad.iter()) {
        *h ^= p;
    }
}

/// The payload cipher `E_K`: a keyed pseudorandom permutation of byte
/// strings of up to 64 bytes (a balanced-as-possible Feistel network of
/// [`CIPHER_ROUNDS`] rounds over the two halves), constant time. Two
/// payloads that differ anywhere give unrelated ciphertexts, so a nonce
/// that carries `E_K(μ)` differs between two proofs of one output by an
/// unknown amount whatever the two messages are.
pub(crate) fn encipher(key: &[u8; 32], block: &mut [u8]) {
    let half = block.len() / 2;
    let (left, right) = block.split_at_mut(half);
    for round in 0..CIPHER_ROUNDS {
        if round % 2 == 0 {
            feistel_round(key, round, right, left);
        } else {
            feistel_round(key, round, left, right);
        }
    }
}

/// `E_K⁻¹` ([`encipher`]'s rounds in reverse).
pub(crate) fn decipher(key: &[u8; 32], block: &mut [u8]) {
    let half = block.len() / 2;
    let (left, right) = block.split_at_mut(half);
    for round in (0..CIPHER_ROUNDS).rev() {
        if round % 2 == 0 {
            feistel_round(key, round, right, left);
        } else {
            feistel_round(key, round, left, right);
        }
    }
}

/// What a recoverable prover embeds: the blindings, the payload's bytes
/// `μ` (values, length, message) and, for the systems that carry it in a
/// nonce, the scalar `E_K(μ)` (the first 31 bytes enciphered, byte 31
/// zero: below `2^248`).
pub(crate) struct Prepared<S: ScalarOps> {
    /// `γ_j`.
    pub blindings: Zeroizing<Vec<S>>,
    /// `μ`'s 32 bytes (byte 31 zero).
    pub payload: Zeroizing<[u8; SCALAR_LEN]>,
    /// `E_K(μ)` as a scalar.
    pub enciphered: Zeroizing<S>,
}

/// Check the inputs of `prove_recoverable` and return what the prover
/// embeds (see the module documentation).
pub(crate) fn prepare<S: ScalarOps>(
    transcript: &Transcript,
    values: &[u64],
    key: RecoveryKey<'_>,
    message: &[u8],
) -> Result<Prepared<S>, ProofError> {
    let capacity = message_capacity(values.len())?;
    if message.len() > capacity {
        return Err(ProofError::MessageTooLong { len: message.len(), capacity });
    }
    let OutputKeys { blindings, cipher_key } = output_keys::<S>(transcript, key, values.len())?;
    let mut bytes = Zeroizing::new([0u8; SCALAR_LEN]);
    let mut at = 0;
    for v in values {
        if let Some(chunk) = bytes.get_mut(at..at + 8) {
            chunk.copy_from_slice(&v.to_le_bytes());
        }
        at += 8;
    }
    if let Some(len) = bytes.get_mut(at) {
        *len = message.len() as u8;
    }
    if let Some(dst) = bytes.get_mut(at + 1..at + 1 + message.len()) {
        dst.copy_from_slice(message);
    }
    let mut sealed = Zeroizing::new(*bytes);
    if let Some(block) = sealed.get_mut(..PAYLOAD_LEN) {
        encipher(&cipher_key, block);
    }
    // Below 2^248: canonical in every supported group.
    let enciphered = Zeroizing::new(S::from_canonical_bytes(&sealed).ok_or(ProofError::RecoveryFailed)?);
    Ok(Prepared { blindings, payload: bytes, enciphered })
}

/// Invert [`prepare`]'s `E_K(μ)`: the payload's bytes `μ` (the first 31
/// bytes deciphered, byte 31 zero) from the scalar a recovering owner
/// solved for, and whether that scalar was below `2^248` (it is not for a
/// wrong seed, id, context or proof). Constant time, and the verdict is a
/// [`Choice`]: the caller folds it into one verdict with its other checks
/// and branches only on that. (That scalar is an affine function of the
/// secret nonces; a verdict on it alone, observable by its timing on a
/// tampered proof, would let a prober solve for them.)
pub(crate) fn decipher_scalar<S: ScalarOps>(key: &[u8; 32], enciphered: &S) -> (Zeroizing<[u8; SCALAR_LEN]>, Choice) {
    let mut bytes = Zeroizing::new(enciphered.to_bytes());
    let mut below = Choice::from(0);
    if let Some(top) = bytes.get_mut(PAYLOAD_LEN) {
        below = top.ct_eq(&0);
        *top = 0;
    }
    if let Some(block) = bytes.get_mut(..PAYLOAD_LEN) {
        decipher(key, block);
    }
    (bytes, below)
}

/// Whether `bytes` is the form of a payload of `m` values (constant time):
/// a length byte at most the capacity for `m` and every byte after the
/// message zero (byte 31 included).
/// [`ProofError::InvalidAggregation`] only for an `m` out of range (public).
pub(crate) fn payload_form(bytes: &[u8; SCALAR_LEN], m: usize) -> Result<Choice, ProofError> {
    let capacity = message_capacity(m)?;
    let header = 8 * m;
    let len = bytes.get(header).copied().unwrap_or(u8::MAX);
    // len ≤ capacity, and every byte after the message is zero.
    let mut ok: Choice = !(capacity as u8).ct_lt(&len);
    for (i, b) in bytes.iter().enumerate().skip(header + 1) {
        let in_message = ((i - header - 1) as u8).ct_lt(&len);
        ok &= in_message | b.ct_eq(&0);
    }
    Ok(ok)
}

/// The payload's bytes, or [`ProofError::RecoveryFailed`] if it is not one
/// ([`payload_form`]). Decided in constant time; only the verdict is
/// revealed.
pub(crate) fn decode_payload<S: ScalarOps>(payload: &S, m: usize) -> Result<Zeroizing<[u8; SCALAR_LEN]>, ProofError> {
    let bytes = Zeroizing::new(payload.to_bytes());
    let form = payload_form(&bytes, m)?;
    if !crate::ct::reveal(bool::from(form)) {
        return Err(ProofError::RecoveryFailed);
    }
    Ok(bytes)
}

/// The values of a decoded payload (the first `8m` bytes).
pub(crate) fn payload_values(bytes: &[u8; SCALAR_LEN], m: usize) -> Zeroizing<Vec<u64>> {
    Zeroizing::new(
        bytes
            .chunks_exact(8)
            .take(m)
            .map(|c| {
                let mut le = [0u8; 8];
                le.copy_from_slice(c);
                u64::from_le_bytes(le)
            })
            .collect(),
    )
}

/// Finish recovery from a decoded payload: every commitment must open to its
/// value (in range, `≤ max_value`) and re-derived blinding; returns the
/// openings and the message.
pub(crate) fn open<G: Group>(
    pc_gens: &PedersenGens<G>,
    bytes: &[u8; SCALAR_LEN],
    blindings: &[G::Scalar],
    commitments: &[G::Compressed],
    max_value: u64,
) -> Result<Recovered<G::Scalar>, ProofError> {
    let m = commitments.len();
    let values = payload_values(bytes, m);
    if values.len() != m || blindings.len() != m {
        return Err(ProofError::RecoveryFailed);
    }
    let mut openings = Vec::with_capacity(m);
    let mut opens = Choice::from(1);
    for ((value, gamma), c) in values.iter().zip(blindings).zip(commitments) {
        // The recomputed commitment is the public V_j when recovery is
        // genuine (and a point keyed by the seed otherwise): public.
        let point = pc_gens.commit(&G::Scalar::from_u64(*value), gamma);
        declassify(&point);
        opens &= G::compressed_bytes(&G::compress(core::hint::black_box(&point))).ct_eq(G::compressed_bytes(c));
        opens &= !value.ct_gt(&max_value);
        openings.push(Opening { value: *value, blinding: *gamma });
    }
    if !crate::ct::reveal(bool::from(opens)) {
        return Err(ProofError::RecoveryFailed);
    }
    // The message's length is the owner's to see (its bytes stay secret).
    let mut len = usize::from(bytes.get(8 * m).copied().unwrap_or(0));
    declassify(&len);
    let len = *core::hint::black_box(&mut len);
    let message = Zeroizing::new(bytes.get(8 * m + 1..8 * m + 1 + len).ok_or(ProofError::RecoveryFailed)?.to_vec());
    Ok(Recovered { openings, message })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Ristretto255;

    type S = <Ristretto255 as Group>::Scalar;

    /// Neither the blindings a prover returns nor a key print a secret.
    #[test]
    fn debug_prints_no_secret() {
        let secret = S::from_u64(0x5eed_5eed_5eed);
        let blindings = Blindings::new(Zeroizing::new(vec![secret, secret]));
        assert_eq!(format!("{blindings:?}"), "Blindings(2 secret)");
        assert_eq!(&blindings[..], &[secret, secret]);
        assert_eq!(format!("{:?}", RecoveryKey::new(&[7; 32], b"id")), "RecoveryKey { .. }");
    }

    #[test]
    fn capacities_and_payload_round_trip() {
        assert_eq!(message_capacity(1), Ok(22));
        assert_eq!(message_capacity(2), Ok(14));
        assert_eq!(message_capacity(3), Ok(6));
        assert!(message_capacity(0).is_err() && message_capacity(4).is_err());
        let seed = [7u8; 32];
        for m in 1..=3 {
            let cap = message_capacity(m).unwrap();
            let values: Vec<u64> = (0..m as u64).map(|j| u64::MAX - j).collect();
            for len in [0, 1, cap] {
                let msg: Vec<u8> = (0..len as u8).map(|i| i ^ 0xa5).collect();
                let prepared =
                    prepare::<S>(&Transcript::new(b"t"), &values, RecoveryKey::new(&seed, b"id"), &msg).unwrap();
                let key =
                    output_keys::<S>(&Transcript::new(b"t"), RecoveryKey::new(&seed, b"id"), m).unwrap().cipher_key;
                let (bytes, below) = decipher_scalar(&key, &*prepared.enciphered);
                assert!(bool::from(below));
                assert_eq!(*bytes, *prepared.payload);
                assert!(bool::from(payload_form(&bytes, m).unwrap()));
                assert_eq!(&payload_values(&bytes, m)[..], &values[..]);
                assert_eq!(bytes[8 * m] as usize, len);
                assert_eq!(&bytes[8 * m + 1..8 * m + 1 + len], &msg[..]);
            }
            let long = vec![1u8; cap + 1];
            assert_eq!(
                prepare::<S>(&Transcript::new(b"t"), &values, RecoveryKey::new(&seed, b"id"), &long).map(|_| ()),
                Err(ProofError::MessageTooLong { len: cap + 1, capacity: cap })
            );
        }
        // Malformed payloads: length byte too big, nonzero padding, byte 31.
        let mut bad = [0u8; 32];
        bad[8] = 23;
        assert!(decode_payload(&<S as ScalarOps>::from_canonical_bytes(&bad).unwrap(), 1).is_err());
        let mut bad = [0u8; 32];
        bad[8] = 1;
        bad[11] = 1;
        assert!(decode_payload(&<S as ScalarOps>::from_canonical_bytes(&bad).unwrap(), 1).is_err());
        let mut bad = [0u8; 32];
        bad[31] = 1;
        assert!(decode_payload(&<S as ScalarOps>::from_canonical_bytes(&bad).unwrap(), 1).is_err());
        assert!(decode_payload(&<S as ScalarOps>::from_canonical_bytes(&[0u8; 32]).unwrap(), 1).is_ok());
    }
}
