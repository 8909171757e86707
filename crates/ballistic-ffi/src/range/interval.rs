//! Interval proofs through the C API: a value in `[lo, hi]`, proved and
//! verified on any range-proof system.

use std::os::raw::c_int;

use ballistic::group::Group;
use ballistic::{Interval, IntervalStatement};

use super::{blindings, points, transcript};
use crate::{
    array, ballistic_context, ballistic_options, bytes, code, context, group_id, guard, length, verify_claimed,
    with_gens, ProofOut,
};

/// The length of an interval proof.
///
/// Returns: `BALLISTIC_OK`, `BALLISTIC_ERR_NULL_POINTER`, `BALLISTIC_ERR_ARGUMENT`
///          (unknown group or system) or `BALLISTIC_ERR_STATEMENT` (lo > hi).
/// In: `group`, `system`, `lo`, `hi`.
/// Out: `len`: the length in bytes of a proof that a value lies in `[lo, hi]`.
#[no_mangle]
pub unsafe extern "C" fn ballistic_interval_proof_len(
    group: c_int,
    system: c_int,
    lo: u64,
    hi: u64,
    len: *mut usize,
) -> c_int {
    // SAFETY: `len` is NULL or writable (the function's contract).
    unsafe {
        length(len, || {
            let system = crate::system(system)?;
            let interval = Interval::new(lo, hi).map_err(|e| code(&e))?;
            ballistic::with_group!(group_id(group)?, G => system.interval_encoded_len::<G>(interval))
                .map_err(|e| code(&e))
        })
    }
}

/// Prove `lo ≤ value ≤ hi` for the commitment `value·B + blinding·B̃` (any `lo ≤ hi`).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_PROVER` (value outside the
///          interval, a zero blinding); `BALLISTIC_ERR_STATEMENT` (lo > hi); `BALLISTIC_ERR_SCALAR`;
///          `BALLISTIC_ERR_ARGUMENT`; `BALLISTIC_ERR_CAPACITY` (needs `(64, 4)` at most);
///          `BALLISTIC_ERR_BUFFER_TOO_SMALL`; `BALLISTIC_ERR_NULL_POINTER`;
///          `BALLISTIC_ERR_OPTIONS`; `BALLISTIC_ERR_UNSUPPORTED` (a message set).
/// Args: `ctx`: a context.
/// In: `system`; `label`, `label_len`; `value`; `blinding`: 32 bytes; `lo`, `hi`;
///     `opts`: NULL, or options: `extra`, `extra_len` (the verifier must pass the same).
/// Out: `proof`, `proof_len` (length from `ballistic_interval_proof_len`);
///      `commitment`, `commitment_len`.
#[no_mangle]
pub unsafe extern "C" fn ballistic_interval_prove(
    ctx: *const ballistic_context,
    system: c_int,
    label: *const u8,
    label_len: usize,
    value: u64,
    blinding: *const u8,
    lo: u64,
    hi: u64,
    proof: *mut u8,
    proof_len: *mut usize,
    commitment: *mut u8,
    commitment_len: *mut usize,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let system = crate::system(system)?;
        let mut transcript = unsafe { transcript(label, label_len, opts) }?;
        let blinding = unsafe { array::<32>(blinding) }?;
        let out = ProofOut::new(proof, proof_len, commitment, commitment_len)?;
        let interval = Interval::new(lo, hi).map_err(|e| code(&e))?;
        with_gens!(ctx, G, gens => {
            let gamma = blindings::<G>(blinding, 1)?;
            gens.covers(system.interval_generators_needed(interval).map_err(|e| code(&e))?)?;
            unsafe { out.reserve(system.interval_encoded_len::<G>(interval).map_err(|e| code(&e))?, G::POINT_LEN) }?;
            let (made, point) = system
                .prove_interval::<G, _>(&gens.gens, &mut transcript, value, &gamma[0], interval, &mut rand_core::OsRng)
                .map_err(|e| code(&e))?;
            unsafe { out.write(&made.to_bytes(), G::compressed_bytes(&point)) }
        })
    })
}

/// Verify that `commitment` opens to a value in `[lo, hi]`.
///
/// Returns: `BALLISTIC_OK` if it does; `BALLISTIC_ERR_VERIFICATION` if the
///          proof does not prove it (other extra data than the prover's
///          included); `BALLISTIC_ERR_DECODE`; `BALLISTIC_ERR_STATEMENT`
///          (lo > hi, a commitment that is not a point); `BALLISTIC_ERR_ARGUMENT`;
///          `BALLISTIC_ERR_CAPACITY`; `BALLISTIC_ERR_NULL_POINTER`;
///          `BALLISTIC_ERR_OPTIONS`; `BALLISTIC_ERR_UNSUPPORTED` (a message set).
/// Args: `ctx`: a context.
/// In: `system`; `label`, `label_len`; `proof`, `proof_len`; `commitment`, `commitment_len`; `lo`, `hi`;
///     `opts`: NULL, or options: `extra`, `extra_len`, the prover's extra data.
#[no_mangle]
pub unsafe extern "C" fn ballistic_interval_verify(
    ctx: *const ballistic_context,
    system: c_int,
    label: *const u8,
    label_len: usize,
    proof: *const u8,
    proof_len: usize,
    commitment: *const u8,
    commitment_len: usize,
    lo: u64,
    hi: u64,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let system = crate::system(system)?;
        let transcript = unsafe { transcript(label, label_len, opts) }?;
        let proof = unsafe { bytes(proof, proof_len) }?;
        let commitment = unsafe { bytes(commitment, commitment_len) }?;
        let interval = Interval::new(lo, hi).map_err(|e| code(&e))?;
        with_gens!(ctx, G, gens => {
            let commitment = points::<G>(commitment, 1)?;
            let statement = IntervalStatement::new(&gens.gens, interval, &commitment[0]).map_err(|e| code(&e))?;
            gens.covers(system.interval_generators_needed(interval).map_err(|e| code(&e))?)?;
            let proof = system.decode_interval::<G>(proof, interval).map_err(|e| code(&e))?;
            verify_claimed(&gens.gens, (proof, statement, transcript))
        })
    })
}
