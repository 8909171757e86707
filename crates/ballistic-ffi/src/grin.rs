//! Grin's Bulletproofs, byte for byte (secp256k1-zkp's encoding, on a
//! secp256k1 context with Grin's own generators): prove, verify, batch and
//! rewind are the library's (`ballistic::compat::grin`).

use std::os::raw::c_int;

use ballistic::compat::grin::{self, GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinStatement};
use ballistic::group::GroupId;
use ballistic::{Point, ProofError, Secp256k1};
use zeroize::Zeroizing;

use crate::{
    array, ballistic_context, ballistic_options, blamed, bytes, code, context_of, guard, items, length, options,
    verify_batch, ProofOut, BALLISTIC_ERR_ARGUMENT, BALLISTIC_ERR_NULL_POINTER, BALLISTIC_ERR_PROVER,
    BALLISTIC_ERR_SCALAR, BALLISTIC_ERR_STATEMENT, BALLISTIC_SCALAR_LEN,
};

/// Length of a Grin commitment or generator (secp256k1-zkp's 33-byte form,
/// `0x08`/`0x09` or `0x0a`/`0x0b` followed by x).
pub const BALLISTIC_GRIN_POINT_LEN: usize = 33;
/// Length of the message a single-value Grin proof hides (`BULLET_PROOF_MSG_SIZE`).
pub const BALLISTIC_GRIN_MESSAGE_LEN: usize = 20;

/// `BALLISTIC_ERR_WRONG_GROUP` unless `ctx` (NULL or a context pointer, the
/// caller's contract) is a secp256k1 context.
fn grin_context(ctx: *const ballistic_context) -> Result<(), c_int> {
    // SAFETY: the caller's contract.
    unsafe { context_of(ctx, GroupId::Secp256k1) }.map(|_| ())
}

/// The value generator (33 bytes, secp256k1-zkp's form) or NULL for Grin's `H`.
unsafe fn grin_value_gen(value_gen: *const u8) -> Result<Option<Point<Secp256k1>>, c_int> {
    if value_gen.is_null() {
        return Ok(None);
    }
    // SAFETY: 33 readable bytes (the caller's contract).
    let raw = unsafe { array::<BALLISTIC_GRIN_POINT_LEN>(value_gen) }?;
    grin::generator_from_bytes(raw).map(Some).ok_or(BALLISTIC_ERR_STATEMENT)
}

/// `m` minimum values or NULL (none, Grin's `NULL`).
unsafe fn grin_min_values(min_values: *const u64, m: usize) -> Result<Option<Vec<u64>>, c_int> {
    if min_values.is_null() {
        return Ok(None);
    }
    // SAFETY: `m` readable values (the caller's contract; m is checked by the caller first).
    Ok(Some(unsafe { items(min_values, m) }?.to_vec()))
}

/// Grin's shape: `BALLISTIC_ERR_STATEMENT` unless bits is a power of two up
/// to 64, m a power of two and bits·m ≤ 128.
fn grin_shape(bits: usize, m: usize, with_mins: bool) -> Result<usize, c_int> {
    grin::check_shape(bits, m, with_mins.then_some(m)).map_err(|e| code(&e))
}

/// `m` Grin commitments, concatenated.
fn grin_commitments(raw: &[u8], m: usize) -> Result<Vec<Point<Secp256k1>>, c_int> {
    if raw.len() != m.checked_mul(BALLISTIC_GRIN_POINT_LEN).ok_or(BALLISTIC_ERR_ARGUMENT)? {
        return Err(BALLISTIC_ERR_ARGUMENT);
    }
    raw.chunks_exact(BALLISTIC_GRIN_POINT_LEN)
        .map(|c| {
            let c: &[u8; BALLISTIC_GRIN_POINT_LEN] = c.try_into().map_err(|_| BALLISTIC_ERR_ARGUMENT)?;
            grin::commitment_from_bytes(c).map_err(|e| code(&e))
        })
        .collect()
}

/// The length of a Grin proof of `m` values of `bits` bits.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_STATEMENT` (bits not a power of
///          two up to 64, m not a power of two, bits·m over 128);
///          `BALLISTIC_ERR_NULL_POINTER`.
/// In: `bits`, `m`.
/// Out: `len`: the length in bytes (675 for one 64-bit value).
#[no_mangle]
pub unsafe extern "C" fn ballistic_grin_proof_len(bits: usize, m: usize, len: *mut usize) -> c_int {
    // SAFETY: `len` is NULL or writable (the function's contract).
    unsafe { length(len, || grin::proof_len(grin_shape(bits, m, false)?).ok_or(BALLISTIC_ERR_STATEMENT)) }
}

/// Prove, as Grin does (secp256k1-zkp's `secp256k1_bulletproof_rangeproof_prove`,
/// deterministic: the same inputs give the same bytes as Grin): each value
/// in `[0, 2^bits)` (with minimum values, `min ≤ value` and `value − min < 2^bits`).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_WRONG_GROUP` (not a secp256k1
///          context); `BALLISTIC_ERR_STATEMENT` (shape: see
///          `ballistic_grin_proof_len`; minimum values with m > 1 or above
///          2^32 − 1; a value generator that is not a point);
///          `BALLISTIC_ERR_ARGUMENT` (`blindings_len` not 32·m; a message not
///          of `BALLISTIC_GRIN_MESSAGE_LEN` bytes or with m > 1);
///          `BALLISTIC_ERR_SCALAR` (a blinding not below the group order);
///          `BALLISTIC_ERR_PROVER` (a value outside its range, a zero blinding);
///          `BALLISTIC_ERR_BUFFER_TOO_SMALL`; `BALLISTIC_ERR_NULL_POINTER`;
///          `BALLISTIC_ERR_OPTIONS`.
/// Args: `ctx`: a secp256k1 context (Grin's generators are used).
/// In: `values`, `m`; `bits`; `blindings`, `blindings_len`: `m` secret keys of
///     32 bytes, big-endian (Grin's form); `rewind_nonce`, `private_nonce`: 32
///     secret bytes each (the rewind nonce lets `ballistic_grin_rewind` recover
///     the value; pass the same for both to recover the blinding too);
///     `value_gen`: 33 bytes (`0x0a`/`0x0b` ‖ x) or NULL for Grin's `H`;
///     `min_values`: `m` values or NULL (none);
///     `opts`: NULL, or options: `extra` (Grin's `extra_commit`: NULL none,
///     non-NULL with length 0 empty; they differ), `message` (20 secret bytes
///     hidden in a single-value proof).
/// Out: `proof`, `proof_len`; `commitments`, `commitments_len`: `m` commitments
///      of 33 bytes (`0x08`/`0x09` ‖ x).
#[no_mangle]
pub unsafe extern "C" fn ballistic_grin_prove(
    ctx: *const ballistic_context,
    values: *const u64,
    m: usize,
    bits: usize,
    blindings: *const u8,
    blindings_len: usize,
    rewind_nonce: *const u8,
    private_nonce: *const u8,
    value_gen: *const u8,
    min_values: *const u64,
    proof: *mut u8,
    proof_len: *mut usize,
    commitments: *mut u8,
    commitments_len: *mut usize,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        grin_context(ctx)?;
        // SAFETY (all blocks below): the function's contract for each pointer.
        let opts = unsafe { options(opts) }?;
        let vector_len = grin_shape(bits, m, !min_values.is_null())?;
        let values = unsafe { items(values, m) }?;
        let blindings = unsafe { bytes(blindings, blindings_len) }?;
        if blindings.len() != m * BALLISTIC_SCALAR_LEN {
            return Err(BALLISTIC_ERR_ARGUMENT);
        }
        let nonces = GrinNonces {
            rewind: *unsafe { array::<32>(rewind_nonce) }?,
            private: *unsafe { array::<32>(private_nonce) }?,
        };
        let value_gen = unsafe { grin_value_gen(value_gen) }?;
        let min_values = unsafe { grin_min_values(min_values, m) }?;
        let message = match opts.message.len() {
            0 => None,
            BALLISTIC_GRIN_MESSAGE_LEN => {
                let mut message = Zeroizing::new([0u8; BALLISTIC_GRIN_MESSAGE_LEN]);
                message.copy_from_slice(opts.message);
                Some(message)
            }
            _ => return Err(BALLISTIC_ERR_ARGUMENT),
        };
        let out = ProofOut::new(proof, proof_len, commitments, commitments_len)?;
        let openings = values
            .iter()
            .zip(blindings.chunks_exact(BALLISTIC_SCALAR_LEN))
            .map(|(&value, raw)| {
                let mut b = Zeroizing::new([0u8; BALLISTIC_SCALAR_LEN]);
                b.copy_from_slice(raw);
                Ok(GrinOpening { value, blinding: grin::scalar_from_bytes(&b).ok_or(BALLISTIC_ERR_SCALAR)? })
            })
            .collect::<Result<Vec<GrinOpening>, c_int>>()?;
        unsafe {
            out.reserve(grin::proof_len(vector_len).ok_or(BALLISTIC_ERR_STATEMENT)?, m * BALLISTIC_GRIN_POINT_LEN)
        }?;
        let mut options = GrinProveOptions {
            n_bits: bits,
            value_gen,
            min_values: min_values.as_deref(),
            extra_commit: opts.extra,
            message: message.as_deref().copied(),
        };
        let result = GrinProof::prove(&openings, &nonces, &options);
        // The options' copy of the message (a plain array) is wiped here.
        if let Some(m) = options.message.as_mut() {
            zeroize::Zeroize::zeroize(m);
        }
        let (made, points) = result.map_err(|e| grin_prover_code(&e))?;
        let mut encoded = Vec::with_capacity(m * BALLISTIC_GRIN_POINT_LEN);
        for p in &points {
            encoded.extend_from_slice(&grin::commitment_to_bytes(p).ok_or(BALLISTIC_ERR_PROVER)?);
        }
        unsafe { out.write(made.as_bytes(), &encoded) }
    })
}

/// A message of the wrong length for the shape is the caller's argument error.
fn grin_prover_code(e: &ProofError) -> c_int {
    match e {
        ProofError::MessageTooLong { .. } => BALLISTIC_ERR_ARGUMENT,
        other => code(other),
    }
}

/// A decoded Grin proof with its statement.
type GrinClaim = (GrinProof, GrinStatement);

/// A Grin proof (`ballistic_grin_verify`'s arguments, as a batch item's)
/// decoded with its statement: the options, the shape, then the pointers
/// in order, the statement and the proof's bytes.
unsafe fn grin_decode(item: &ballistic_grin_item) -> Result<GrinClaim, c_int> {
    // SAFETY (all blocks below): the item's pointers follow ballistic_grin_verify's contract.
    let opts = unsafe { options(item.opts) }?;
    opts.no_message()?;
    let (m, bits) = (item.m, item.bits);
    // The shape first: `m` is checked before it sizes any slice.
    grin_shape(bits, m, !item.min_values.is_null())?;
    let proof = unsafe { bytes(item.proof, item.proof_len) }?;
    let commitments = grin_commitments(unsafe { bytes(item.commitments, item.commitments_len) }?, m)?;
    let value_gen = unsafe { grin_value_gen(item.value_gen) }?;
    let min_values = unsafe { grin_min_values(item.min_values, m) }?;
    let statement = GrinStatement::new(bits, commitments, value_gen, min_values, opts.extra.map(<[u8]>::to_vec))
        .map_err(|e| code(&e))?;
    let proof = GrinProof::from_bytes(proof).map_err(|e| code(&e))?;
    Ok((proof, statement))
}

/// Verify a Grin proof (Grin's `verify_bullet_proof` is `m` = 1, `bits` = 64,
/// `value_gen` and `min_values` NULL).
///
/// `value_gen` is the statement's and must be the verifier's: a value
/// generator taken from the prover (one whose discrete logarithm to `G` it
/// knows) lets it prove any commitment in range, one to a negative amount
/// on `H` included.
///
/// Returns: `BALLISTIC_OK` if the proof proves that each commitment opens on
///          the value generator to a value in range; `BALLISTIC_ERR_VERIFICATION`
///          if not (other extra data included); `BALLISTIC_ERR_DECODE` (the
///          proof's bytes, its length included); `BALLISTIC_ERR_STATEMENT`
///          (shape, a commitment or generator that is not a point, minimum
///          values as in `ballistic_grin_prove`); `BALLISTIC_ERR_ARGUMENT`
///          (`commitments_len` not 33·m); `BALLISTIC_ERR_WRONG_GROUP`;
///          `BALLISTIC_ERR_NULL_POINTER`; `BALLISTIC_ERR_OPTIONS`;
///          `BALLISTIC_ERR_UNSUPPORTED` (a message set).
/// Args: `ctx`: a secp256k1 context.
/// In: `proof`, `proof_len`; `commitments`, `commitments_len`: `m` commitments of 33 bytes;
///     `m`; `bits`; `value_gen`: 33 bytes or NULL (Grin's `H`); `min_values`: `m` values or NULL;
///     `opts`: NULL, or options: `extra`, the prover's `extra_commit`.
#[no_mangle]
pub unsafe extern "C" fn ballistic_grin_verify(
    ctx: *const ballistic_context,
    proof: *const u8,
    proof_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    m: usize,
    bits: usize,
    value_gen: *const u8,
    min_values: *const u64,
    opts: *const ballistic_options,
) -> c_int {
    let item =
        ballistic_grin_item { proof, proof_len, commitments, commitments_len, m, bits, value_gen, min_values, opts };
    guard(|| {
        grin_context(ctx)?;
        // SAFETY: the function's contract for each pointer.
        let (proof, statement) = unsafe { grin_decode(&item) }?;
        proof.verify(&statement, &mut crate::rng()).map_err(|e| code(&e))
    })
}

/// One Grin proof in a batch (`ballistic_grin_verify`'s arguments).
#[repr(C)]
#[derive(Copy, Clone)]
pub struct ballistic_grin_item {
    /// The proof.
    pub proof: *const u8,
    /// Its length.
    pub proof_len: usize,
    /// `m` commitments of 33 bytes, concatenated.
    pub commitments: *const u8,
    /// Their total length (33·m).
    pub commitments_len: usize,
    /// Values.
    pub m: usize,
    /// Bits per value.
    pub bits: usize,
    /// The value generator (33 bytes), or NULL for Grin's `H`.
    pub value_gen: *const u8,
    /// `m` minimum values, or NULL.
    pub min_values: *const u64,
    /// NULL, or the prover's options (`extra`).
    pub opts: *const ballistic_options,
}

/// Verify Grin proofs together (one multiscalar multiplication over Grin's
/// generators, as Grin's `verify_bullet_proof_multi`) and name the invalid ones.
///
/// Returns: `BALLISTIC_OK` if every proof verifies (`*invalid_count` = 0);
///          `BALLISTIC_ERR_VERIFICATION` if some do not: their indices, in
///          increasing order, are in `invalid[0 .. *invalid_count]`. An item
///          malformed in any way (as `ballistic_grin_verify` would refuse it,
///          options with a bad magic included) counts as invalid.
///          `BALLISTIC_ERR_WRONG_GROUP` (not a secp256k1 context);
///          `BALLISTIC_ERR_NULL_POINTER` if `ctx`, `items` (with count > 0),
///          `invalid` (with count > 0) or `invalid_count` is NULL.
/// Args: `ctx`: a secp256k1 context.
/// In: `items`, `count`: the proofs.
/// Out: `invalid`: room for `count` indices; `invalid_count`: how many were written.
#[no_mangle]
pub unsafe extern "C" fn ballistic_grin_verify_batch(
    ctx: *const ballistic_context,
    items: *const ballistic_grin_item,
    count: usize,
    invalid: *mut usize,
    invalid_count: *mut usize,
) -> c_int {
    guard(|| {
        grin_context(ctx)?;
        // SAFETY (all blocks below): the function's contract for each pointer.
        unsafe {
            verify_batch(
                items,
                count,
                invalid,
                invalid_count,
                |item| grin_decode(item),
                |decoded| {
                    blamed(
                        decoded,
                        |(proof, statement)| Some((proof, statement)),
                        |claims| GrinProof::verify_batch(claims, &mut crate::rng()),
                    )
                },
            )
        }
    })
}

/// Rewind a single-value Grin proof with the prover's rewind nonce (Grin's
/// `rewind_bullet_proof`): the value, the 20-byte message and, if the
/// prover's private nonce was the rewind nonce, the blinding. The proof is
/// decoded and `A` recomputed; the blinding is returned only if it opens
/// the commitment. Nothing is written unless the call returns `BALLISTIC_OK`.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_RECOVERY` (another nonce,
///          commitment, value generator, minimum or extra data, or not a
///          single-value proof); `BALLISTIC_ERR_DECODE` (the proof's bytes);
///          `BALLISTIC_ERR_STATEMENT` (a commitment or value generator that is
///          not a point, a minimum above 2^32 − 1); `BALLISTIC_ERR_WRONG_GROUP`;
///          `BALLISTIC_ERR_NULL_POINTER`; `BALLISTIC_ERR_OPTIONS`;
///          `BALLISTIC_ERR_UNSUPPORTED` (a message set in `opts`).
/// Args: `ctx`: a secp256k1 context.
/// In: `proof`, `proof_len`; `commitment`: 33 bytes; `value_gen`: 33 bytes or
///     NULL (Grin's `H`); `min_value`: the prover's minimum (0: none, as Grin);
///     `rewind_nonce`: 32 secret bytes; `opts`: NULL, or options: `extra`, the
///     prover's `extra_commit`.
/// Out: `value`; `blinding`: 32 bytes (big-endian), written only if
///      `*has_blinding` is set to 1 (0: the private nonce was another);
///      `message`: `BALLISTIC_GRIN_MESSAGE_LEN` bytes (zeros if none was hidden).
#[no_mangle]
pub unsafe extern "C" fn ballistic_grin_rewind(
    ctx: *const ballistic_context,
    proof: *const u8,
    proof_len: usize,
    commitment: *const u8,
    value_gen: *const u8,
    min_value: u64,
    rewind_nonce: *const u8,
    value: *mut u64,
    blinding: *mut u8,
    has_blinding: *mut c_int,
    message: *mut u8,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        grin_context(ctx)?;
        // SAFETY (all blocks below): the function's contract for each pointer.
        let opts = unsafe { options(opts) }?;
        opts.no_message()?;
        let proof = unsafe { bytes(proof, proof_len) }?;
        let commitment = unsafe { array::<BALLISTIC_GRIN_POINT_LEN>(commitment) }?;
        let value_gen = unsafe { grin_value_gen(value_gen) }?;
        let nonce = Zeroizing::new(*unsafe { array::<32>(rewind_nonce) }?);
        if value.is_null() || blinding.is_null() || has_blinding.is_null() || message.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let commitment = grin::commitment_from_bytes(commitment).map_err(|e| code(&e))?;
        let proof = GrinProof::from_bytes(proof).map_err(|e| code(&e))?;
        let rewound =
            proof.rewind(&commitment, value_gen.as_ref(), min_value, opts.extra, &nonce).map_err(|e| code(&e))?;
        // SAFETY: each checked non-null; writable (32 and 20 bytes) by the function's contract.
        unsafe {
            *value = rewound.value;
            std::ptr::copy_nonoverlapping(rewound.message.as_ptr(), message, BALLISTIC_GRIN_MESSAGE_LEN);
            match &rewound.blinding {
                Some(b) => {
                    let b = Zeroizing::new(grin::scalar_to_bytes(b));
                    std::ptr::copy_nonoverlapping(b.as_ptr(), blinding, BALLISTIC_SCALAR_LEN);
                    *has_blinding = 1;
                }
                None => *has_blinding = 0,
            }
        }
        Ok(())
    })
}
