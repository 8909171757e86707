//! Owner recovery through the C API: recoverable range proofs and the seed
//! holder's recovery of values, blindings and messages.

use std::os::raw::c_int;

use ballistic::group::{Group, ScalarOps};
use ballistic::range::message_capacity;
use ballistic::range::MAX_RECOVERABLE_VALUES;
use ballistic::RecoveryKey;
use zeroize::Zeroizing;

use super::{concat, points, transcript, transcript_with_extra};
use crate::{
    array, ballistic_context, ballistic_options, bytes, code, context, guard, items, options, with_gens, Out, ProofOut,
    BALLISTIC_ERR_ARGUMENT, BALLISTIC_ERR_NULL_POINTER, BALLISTIC_ERR_STATEMENT, BALLISTIC_SCALAR_LEN,
};

/// Prove `0 ≤ values[j] < 2^bits` with blindings derived from the owner's
/// `seed` and an `output_id` unique to this output, so that the holder of
/// the seed can recover every value and blinding (and the message, if any)
/// from the proof (`ballistic_range_recover`). Two proofs with the same
/// seed must have different output ids (e.g. the output's position in its
/// transaction and the transaction's own unique data): the blindings, and
/// so the commitments' privacy, depend on it.
///
/// Every system: Bulletproofs++ proofs with recovery are 48 bytes longer
/// than `ballistic_range_proof_len` (their sealed payload;
/// `BALLISTIC_ERR_BUFFER_TOO_SMALL` gives the length needed).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_ARGUMENT` (unknown system, output
///          id empty or over 1024 bytes, label over 1024 bytes, extra data over
///          `BALLISTIC_MAX_EXTRA_LEN` bytes, a message longer than 22, 14 or 6 bytes
///          for 1, 2 or 3 values); `BALLISTIC_ERR_STATEMENT` (bits not in 1..=64,
///          m = 0 or above 3); `BALLISTIC_ERR_PROVER` (a value of `bits` bits or
///          more); `BALLISTIC_ERR_CAPACITY`; `BALLISTIC_ERR_BUFFER_TOO_SMALL` (the
///          length needed in `*proof_len` or `*commitments_len`);
///          `BALLISTIC_ERR_NULL_POINTER`; `BALLISTIC_ERR_OPTIONS`.
/// Args: `ctx`: a context.
/// In: `system`; `label`, `label_len`; `values`, `m`; `bits`; `seed`: 32 secret bytes;
///     `output_id`, `output_id_len`: 1..=1024 bytes;
///     `opts`: NULL, or options: `extra`, `extra_len` (bound into the transcript after the
///     label); `message`, `message_len` (secret, hidden in the proof for the seed's holder).
/// Out: `proof`, `proof_len`; `commitments`, `commitments_len`.
#[no_mangle]
pub unsafe extern "C" fn ballistic_range_prove_recoverable(
    ctx: *const ballistic_context,
    system: c_int,
    label: *const u8,
    label_len: usize,
    values: *const u64,
    m: usize,
    bits: usize,
    seed: *const u8,
    output_id: *const u8,
    output_id_len: usize,
    proof: *mut u8,
    proof_len: *mut usize,
    commitments: *mut u8,
    commitments_len: *mut usize,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let system = crate::system(system)?;
        // The shape first: `m` is checked before it sizes any slice.
        let needed = system.generators_needed(bits, m).map_err(|e| code(&e))?;
        if m > MAX_RECOVERABLE_VALUES {
            return Err(BALLISTIC_ERR_STATEMENT);
        }
        let opts = unsafe { options(opts) }?;
        let mut transcript = unsafe { transcript_with_extra(label, label_len, &opts) }?;
        let values = unsafe { items(values, m) }?;
        let seed = Zeroizing::new(*unsafe { array::<32>(seed) }?);
        let output_id = unsafe { bytes(output_id, output_id_len) }?;
        if opts.message.len() > message_capacity(m).map_err(|e| code(&e))? {
            return Err(BALLISTIC_ERR_ARGUMENT);
        }
        let message = Zeroizing::new(opts.message.to_vec());
        let out = ProofOut::new(proof, proof_len, commitments, commitments_len)?;
        with_gens!(ctx, G, gens => {
            gens.covers(needed)?;
            unsafe {
                out.reserve(system.recoverable_encoded_len::<G>(bits, m).map_err(|e| code(&e))?, m * G::POINT_LEN)
            }?;
            let (made, points, _blindings) = system
                .prove_recoverable::<G>(&gens.gens, &mut transcript, values, bits, RecoveryKey::new(&seed, output_id), &message)
                .map_err(recovery_code)?;
            unsafe { out.write(&made.to_bytes(), &concat::<G>(&points)) }
        })
    })
}

/// Recover the values, blindings and message of a proof made by
/// `ballistic_range_prove_recoverable` with this `seed`, `output_id` and
/// extra data. Recovery checks the openings against the commitments; it
/// does not verify the proof (call `ballistic_range_verify` for that).
/// Nothing is written unless the call returns `BALLISTIC_OK` (or
/// `BALLISTIC_ERR_BUFFER_TOO_SMALL`, which writes `*message_len` only).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_RECOVERY` if the seed, output id,
///          label, extra data or proof is not the prover's;
///          `BALLISTIC_ERR_DECODE` (proof or commitment bytes);
///          `BALLISTIC_ERR_STATEMENT` (bits not in 1..=64, m = 0 or too large);
///          `BALLISTIC_ERR_ARGUMENT` (unknown system, output id empty or over
///          1024 bytes, label or extra data too long, `commitments_len` not
///          m · point length); `BALLISTIC_ERR_BUFFER_TOO_SMALL` (the message's
///          length is in `*message_len`; a buffer of `BALLISTIC_MAX_MESSAGE_LEN`
///          bytes always suffices); `BALLISTIC_ERR_NULL_POINTER`;
///          `BALLISTIC_ERR_OPTIONS`; `BALLISTIC_ERR_UNSUPPORTED` (a message set in `opts`).
/// Args: `ctx`: a context.
/// In: `system`; `label`, `label_len`; `proof`, `proof_len`; `commitments`,
///     `commitments_len`, `m`; `bits`; `seed`: 32 bytes; `output_id`, `output_id_len`;
///     `opts`: NULL, or options: `extra`, `extra_len`, the prover's extra data.
/// Out: `values`: room for `m` values; `blindings`: room for `m` · 32 bytes;
///      `message`, `message_len`: in, the buffer's capacity; out, the message's length
///      (`message_len` NULL: the message is not returned).
#[no_mangle]
pub unsafe extern "C" fn ballistic_range_recover(
    ctx: *const ballistic_context,
    system: c_int,
    label: *const u8,
    label_len: usize,
    proof: *const u8,
    proof_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    m: usize,
    bits: usize,
    seed: *const u8,
    output_id: *const u8,
    output_id_len: usize,
    values: *mut u64,
    blindings: *mut u8,
    message: *mut u8,
    message_len: *mut usize,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let system = crate::system(system)?;
        let mut transcript = unsafe { transcript(label, label_len, opts) }?;
        let proof = unsafe { bytes(proof, proof_len) }?;
        let commitments = unsafe { bytes(commitments, commitments_len) }?;
        let seed = unsafe { array::<32>(seed) }?;
        let output_id = unsafe { bytes(output_id, output_id_len) }?;
        if values.is_null() || blindings.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        // No message buffer: the message is not returned.
        let message_out = if message_len.is_null() { None } else { Some(Out::new(message, message_len)?) };
        with_gens!(ctx, G, gens => {
            let commitments = points::<G>(commitments, m)?;
            let proof = system.decode::<G>(proof, bits, m).map_err(|e| code(&e))?;
            let recovered = proof
                .recover(&gens.gens, &mut transcript, &commitments, bits, RecoveryKey::new(seed, output_id))
                .map_err(recovery_code)?;
            // The message first: a short buffer leaves values and blindings untouched.
            if let Some(out) = &message_out {
                unsafe { out.write(&recovered.message) }?;
            }
            for (j, opening) in recovered.openings.iter().enumerate() {
                // The trait's little-endian encoding (k256's inherent `to_bytes` is big-endian).
                let blinding = Zeroizing::new(ScalarOps::to_bytes(&opening.blinding));
                // SAFETY: `values` has room for m values and `blindings` for m · 32 bytes; j < m.
                unsafe {
                    *values.add(j) = opening.value;
                    std::ptr::copy_nonoverlapping(blinding.as_ptr(), blindings.add(j * BALLISTIC_SCALAR_LEN), BALLISTIC_SCALAR_LEN);
                }
            }
            Ok(())
        })
    })
}

/// An output id or message of the wrong length is the caller's argument
/// error.
fn recovery_code(e: ballistic::ProofError) -> c_int {
    match e {
        ballistic::ProofError::InvalidOutputId { .. } | ballistic::ProofError::MessageTooLong { .. } => {
            BALLISTIC_ERR_ARGUMENT
        }
        other => code(&other),
    }
}
