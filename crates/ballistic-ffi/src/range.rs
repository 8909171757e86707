//! Pedersen commitments, range proofs of every system, intervals, owner
//! recovery and batch verification. Intervals are in `interval`, owner
//! recovery in `recovery`.

use std::os::raw::c_int;

use ballistic::file::MAX_LABEL;
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::AnyRangeProof;
use ballistic::{new_transcript_with_extra, RangeStatement};
use zeroize::Zeroizing;

use crate::{
    array, ballistic_context, ballistic_options, blamed_claimed, bytes, code, context, group_id, guard, items, length,
    options, system, verify_batch, verify_claimed, with_gens, Claimed, GroupGens, Options, Out, ProofOut,
    BALLISTIC_ERR_ARGUMENT, BALLISTIC_ERR_DECODE, BALLISTIC_ERR_NULL_POINTER, BALLISTIC_ERR_PROVER,
    BALLISTIC_ERR_SCALAR, BALLISTIC_SCALAR_LEN,
};

mod interval;
mod recovery;

pub use interval::*;
pub use recovery::*;

/// The transcript of a label (at most 1024 bytes) and the options' extra
/// data (checked by `options`; empty: none), as the library starts it.
pub(crate) unsafe fn transcript_with_extra(
    label: *const u8,
    label_len: usize,
    opts: &Options<'_>,
) -> Result<Transcript, c_int> {
    if label_len > MAX_LABEL {
        return Err(BALLISTIC_ERR_ARGUMENT);
    }
    // SAFETY: the caller's contract for (label, label_len).
    let label = unsafe { bytes(label, label_len) }?;
    Ok(new_transcript_with_extra(label, opts.extra()))
}

/// The options behind `opts`, which must set no message, and the transcript
/// of the label and their extra data ([`transcript_with_extra`]), checked in
/// that order.
pub(crate) unsafe fn transcript(
    label: *const u8,
    label_len: usize,
    opts: *const ballistic_options,
) -> Result<Transcript, c_int> {
    // SAFETY: the caller's contract for `opts` and (label, label_len).
    let opts = unsafe { options(opts) }?;
    unsafe { transcript_with_extra(label, label_len, opts.no_message()?) }
}

/// `count` canonical scalars (secrets: parsed in constant time up to the verdict, zeroized on drop).
pub(crate) fn scalars<G: Group>(raw: &[u8], count: usize) -> Result<Zeroizing<Vec<G::Scalar>>, c_int> {
    if raw.len() != count.checked_mul(BALLISTIC_SCALAR_LEN).ok_or(BALLISTIC_ERR_ARGUMENT)? {
        return Err(BALLISTIC_ERR_ARGUMENT);
    }
    let mut out = Zeroizing::new(Vec::with_capacity(count));
    for chunk in raw.chunks_exact(BALLISTIC_SCALAR_LEN) {
        let mut bytes = Zeroizing::new([0u8; BALLISTIC_SCALAR_LEN]);
        bytes.copy_from_slice(chunk);
        out.push(G::Scalar::from_canonical_bytes(&bytes).ok_or(BALLISTIC_ERR_SCALAR)?);
    }
    Ok(out)
}

/// `count` blindings of a prover ([`scalars`]), none zero: a zero blinding
/// makes the commitment `v·B`, whose value anyone finds by trying them
/// (`BALLISTIC_ERR_PROVER`, as Grin's prover and the proof files refuse
/// one). Constant time up to the verdict.
pub(crate) fn blindings<G: Group>(raw: &[u8], count: usize) -> Result<Zeroizing<Vec<G::Scalar>>, c_int> {
    let parsed = scalars::<G>(raw, count)?;
    for chunk in raw.chunks_exact(BALLISTIC_SCALAR_LEN) {
        let any = chunk.iter().fold(0u8, |acc, b| acc | b);
        if ballistic::hazmat::reveal((i32::from(any) - 1) >> 8 & 1 == 1) {
            return Err(BALLISTIC_ERR_PROVER);
        }
    }
    Ok(parsed)
}

/// `count` point encodings, concatenated (checked for length here; decoded by the verifier).
pub(crate) fn points<G: Group>(raw: &[u8], count: usize) -> Result<Vec<G::Compressed>, c_int> {
    if raw.len() != count.checked_mul(G::POINT_LEN).ok_or(BALLISTIC_ERR_ARGUMENT)? {
        return Err(BALLISTIC_ERR_ARGUMENT);
    }
    raw.chunks_exact(G::POINT_LEN).map(|c| G::compressed_from_slice(c).ok_or(BALLISTIC_ERR_DECODE)).collect()
}

pub(crate) fn concat<G: Group>(points: &[G::Compressed]) -> Vec<u8> {
    points.iter().flat_map(|p| G::compressed_bytes(p).to_vec()).collect()
}

/// The generator capacity a range proof needs.
///
/// Returns: `BALLISTIC_OK`, `BALLISTIC_ERR_NULL_POINTER`, `BALLISTIC_ERR_ARGUMENT`
///          (unknown system) or `BALLISTIC_ERR_STATEMENT` (bits not in 1..=64, m = 0 or too large).
/// In: `system`: `BALLISTIC_SYSTEM_*`; `bits`: bits per value; `m`: values.
/// Out: `gens_capacity`, `party_capacity`: the least capacities of a context that proves and verifies it.
#[no_mangle]
pub unsafe extern "C" fn ballistic_range_capacity(
    system: c_int,
    bits: usize,
    m: usize,
    gens_capacity: *mut usize,
    party_capacity: *mut usize,
) -> c_int {
    guard(|| {
        if gens_capacity.is_null() || party_capacity.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let (chains, per_chain) = crate::system(system)?.generators_needed(bits, m).map_err(|e| code(&e))?;
        // SAFETY: both checked non-null; writable by the function's contract.
        unsafe {
            *gens_capacity = per_chain;
            *party_capacity = chains;
        }
        Ok(())
    })
}

/// The length of a range proof.
///
/// Returns: `BALLISTIC_OK`, `BALLISTIC_ERR_NULL_POINTER`, `BALLISTIC_ERR_ARGUMENT`
///          (unknown group or system) or `BALLISTIC_ERR_STATEMENT` (shape out of range).
/// In: `group`, `system`, `bits`, `m`: the proof's group, system and shape.
/// Out: `len`: its length in bytes.
#[no_mangle]
pub unsafe extern "C" fn ballistic_range_proof_len(
    group: c_int,
    system: c_int,
    bits: usize,
    m: usize,
    len: *mut usize,
) -> c_int {
    // SAFETY: `len` is NULL or writable (the function's contract).
    unsafe {
        length(len, || {
            let system = crate::system(system)?;
            ballistic::with_group!(group_id(group)?, G => system.encoded_len::<G>(bits, m)).map_err(|e| code(&e))
        })
    }
}

/// Commit to a value: `value·B + blinding·B̃`.
///
/// Returns: `BALLISTIC_OK`, `BALLISTIC_ERR_NULL_POINTER`, `BALLISTIC_ERR_SCALAR`
///          (blinding not canonical) or `BALLISTIC_ERR_BUFFER_TOO_SMALL`.
/// Args: `ctx`: a context.
/// In: `value`; `blinding`: 32 bytes.
/// Out: `commitment`: the point (32 or 33 bytes); `commitment_len`: in, its capacity; out, the length written.
#[no_mangle]
pub unsafe extern "C" fn ballistic_commit(
    ctx: *const ballistic_context,
    value: u64,
    blinding: *const u8,
    commitment: *mut u8,
    commitment_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let out = Out::new(commitment, commitment_len)?;
        let blinding = unsafe { array::<32>(blinding) }?;
        with_gens!(ctx, G, gens => {
            let gamma = scalars::<G>(blinding, 1)?;
            let point = gens.gens.commit(&<G as Group>::Scalar::from_u64(value), &gamma[0]);
            unsafe { out.write(G::compressed_bytes(&G::compress(&point))) }
        })
    })
}

/// Prove `0 ≤ values[j] < 2^bits` for every `j` in one aggregated proof.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_NULL_POINTER`; `BALLISTIC_ERR_ARGUMENT`
///          (unknown system, label over 1024 bytes, `blindings_len` not 32·m,
///          extra data over `BALLISTIC_MAX_EXTRA_LEN` bytes);
///          `BALLISTIC_ERR_SCALAR`; `BALLISTIC_ERR_STATEMENT` (bits not in 1..=64, m = 0);
///          `BALLISTIC_ERR_PROVER` (a value ≥ 2^bits, a zero blinding); `BALLISTIC_ERR_CAPACITY`;
///          `BALLISTIC_ERR_BUFFER_TOO_SMALL` (the proof or commitments buffer);
///          `BALLISTIC_ERR_OPTIONS` (bad magic); `BALLISTIC_ERR_UNSUPPORTED` (a message set).
/// Args: `ctx`: a context.
/// In: `system`: `BALLISTIC_SYSTEM_*`; `label`, `label_len`: the transcript label
///     (the verifier must pass the same);
///     `values`: `m` values; `blindings`, `blindings_len`: `m` blindings of 32 bytes; `bits`;
///     `opts`: NULL, or options (`BALLISTIC_OPTIONS_INIT`): `extra`, `extra_len`, extra data
///     bound into the transcript after the label (the verifier must pass the same bytes).
/// Out: `proof`, `proof_len`: the proof (length from `ballistic_range_proof_len`);
///      `commitments`, `commitments_len`: the `m` commitments, concatenated.
#[no_mangle]
pub unsafe extern "C" fn ballistic_range_prove(
    ctx: *const ballistic_context,
    system: c_int,
    label: *const u8,
    label_len: usize,
    values: *const u64,
    m: usize,
    blindings: *const u8,
    blindings_len: usize,
    bits: usize,
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
        let mut transcript = unsafe { transcript(label, label_len, opts) }?;
        let values = unsafe { items(values, m) }?;
        let blindings = unsafe { bytes(blindings, blindings_len) }?;
        let out = ProofOut::new(proof, proof_len, commitments, commitments_len)?;
        with_gens!(ctx, G, gens => {
            let blindings = self::blindings::<G>(blindings, m)?;
            gens.covers(needed)?;
            unsafe { out.reserve(system.encoded_len::<G>(bits, m).map_err(|e| code(&e))?, m * G::POINT_LEN) }?;
            let (made, points) = system
                .prove::<G, _>(&gens.gens, &mut transcript, values, &blindings, bits, &mut rand_core::OsRng)
                .map_err(|e| code(&e))?;
            unsafe { out.write(&made.to_bytes(), &concat::<G>(&points)) }
        })
    })
}

/// A range proof (`ballistic_range_verify`'s arguments, as a batch item's)
/// decoded with its statement and transcript: the system, the options and
/// label, the proof's and the commitments' pointers, then the shape, the
/// commitments, the capacity and the proof's bytes.
unsafe fn decode_range<G: Group>(
    gens: &GroupGens<G>,
    item: &ballistic_range_item,
) -> Result<Claimed<G, AnyRangeProof<G>>, c_int> {
    let system = system(item.system)?;
    // SAFETY (all blocks below): the item's pointers follow ballistic_range_verify's contract.
    let transcript = unsafe { transcript(item.label, item.label_len, item.opts) }?;
    let proof = unsafe { bytes(item.proof, item.proof_len) }?;
    let commitments = unsafe { bytes(item.commitments, item.commitments_len) }?;
    let (m, bits) = (item.m, item.bits);
    let system_needs = system.generators_needed(bits, m).map_err(|e| code(&e))?;
    let commitments = points::<G>(commitments, m)?;
    let statement = RangeStatement::new(bits, &commitments).map_err(|e| code(&e))?;
    gens.covers(system_needs)?;
    let proof = system.decode::<G>(proof, bits, m).map_err(|e| code(&e))?;
    Ok((proof, statement, transcript))
}

/// Verify a range proof.
///
/// Returns: `BALLISTIC_OK` if the proof proves that each of the `m`
///          commitments opens to a value in `[0, 2^bits)`;
///          `BALLISTIC_ERR_VERIFICATION` if it does not (other extra data
///          than the prover's included); `BALLISTIC_ERR_DECODE`
///          (malformed proof or commitment bytes); `BALLISTIC_ERR_STATEMENT`;
///          `BALLISTIC_ERR_ARGUMENT` (unknown system, long label or extra data,
///          `commitments_len` not m·point length); `BALLISTIC_ERR_CAPACITY`;
///          `BALLISTIC_ERR_NULL_POINTER`; `BALLISTIC_ERR_OPTIONS`;
///          `BALLISTIC_ERR_UNSUPPORTED` (a message set).
/// Args: `ctx`: a context.
/// In: `system`; `label`, `label_len`: the prover's label; `proof`, `proof_len`;
///     `commitments`, `commitments_len`: `m` points, concatenated; `m`; `bits`;
///     `opts`: NULL, or options: `extra`, `extra_len`, the prover's extra data.
#[no_mangle]
pub unsafe extern "C" fn ballistic_range_verify(
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
    opts: *const ballistic_options,
) -> c_int {
    let item = ballistic_range_item {
        system,
        label,
        label_len,
        proof,
        proof_len,
        commitments,
        commitments_len,
        m,
        bits,
        opts,
    };
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        with_gens!(ctx, G, gens => verify_claimed(&gens.gens, unsafe { decode_range::<G>(gens, &item) }?))
    })
}

/// One range proof in a batch (`ballistic_range_verify`'s arguments).
#[repr(C)]
#[derive(Copy, Clone)]
pub struct ballistic_range_item {
    /// `BALLISTIC_SYSTEM_*`.
    pub system: c_int,
    /// The transcript label (may be NULL if `label_len` is 0).
    pub label: *const u8,
    /// Its length (at most 1024).
    pub label_len: usize,
    /// The proof.
    pub proof: *const u8,
    /// Its length.
    pub proof_len: usize,
    /// `m` commitments, concatenated.
    pub commitments: *const u8,
    /// Their total length (m · point length).
    pub commitments_len: usize,
    /// Values.
    pub m: usize,
    /// Bits per value.
    pub bits: usize,
    /// NULL, or the prover's options (`extra`, `extra_len`); a bad magic
    /// makes the item invalid.
    pub opts: *const ballistic_options,
}

/// Verify range proofs of any systems and shapes together (one
/// multiscalar multiplication when all are valid) and name the invalid ones.
///
/// Returns: `BALLISTIC_OK` if every proof verifies (`*invalid_count` = 0);
///          `BALLISTIC_ERR_VERIFICATION` if some do not: their indices, in
///          increasing order, are in `invalid[0 .. *invalid_count]`. An item
///          that is malformed in any way (bad bytes, unknown system, long
///          label or extra data, NULL pointers inside it, options with a bad
///          magic or a message) or larger than the context's
///          generators counts as invalid: one hostile item never stops the
///          others from being verified.
///          `BALLISTIC_ERR_NULL_POINTER` if `ctx`, `items` (with count > 0),
///          `invalid` (with count > 0) or `invalid_count` is NULL.
///          `*invalid_count` is 0 unless the call returns `BALLISTIC_ERR_VERIFICATION`.
/// Args: `ctx`: a context.
/// In: `items`, `count`: the proofs.
/// Out: `invalid`: room for `count` indices; `invalid_count`: how many were written.
#[no_mangle]
pub unsafe extern "C" fn ballistic_range_verify_batch(
    ctx: *const ballistic_context,
    items: *const ballistic_range_item,
    count: usize,
    invalid: *mut usize,
    invalid_count: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        with_gens!(ctx, G, gens => unsafe {
            verify_batch(
                items,
                count,
                invalid,
                invalid_count,
                |item| decode_range::<G>(gens, item),
                |decoded| blamed_claimed(&gens.gens, decoded),
            )
        })
    })
}
