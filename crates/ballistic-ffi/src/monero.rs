//! Monero's Bulletproofs+ and original Bulletproofs, byte for byte
//! (Monero's serialization, on an Ed25519 context with Monero's own
//! generators): prove, verify and batch are the library's
//! (`ballistic::compat::monero`).

use std::os::raw::c_int;

use ballistic::compat::monero::{MoneroConsensus, MoneroOriginalProof, MoneroPlusProof};
use ballistic::curve25519_dalek::edwards::CompressedEdwardsY;
use ballistic::group::{Ed25519, GroupId};

use crate::{
    ballistic_context, ballistic_options, batch_outputs, blamed, bytes, code, context, guard, items, options,
    report_invalid, Options, Out, BALLISTIC_ERR_ARGUMENT, BALLISTIC_ERR_NULL_POINTER, BALLISTIC_ERR_STATEMENT,
    BALLISTIC_ERR_UNSUPPORTED, BALLISTIC_ERR_WRONG_GROUP, BALLISTIC_SYSTEM_BULLETPROOFS,
    BALLISTIC_SYSTEM_BULLETPROOFS_PLUS,
};

/// Length of a Monero commitment (32 bytes, as `outPk` holds it).
pub const BALLISTIC_MONERO_POINT_LEN: usize = 32;
/// The most outputs one Monero proof covers.
pub const BALLISTIC_MONERO_MAX_OUTPUTS: usize = 16;
/// Monero points decoded strictly: every proof point and commitment the
/// canonical encoding of a non-identity point of the prime-order subgroup.
pub const BALLISTIC_MONERO_STRICT: c_int = 1;
/// Monero points decoded exactly as Monero's consensus does (any canonical
/// curve point, torsion cleared as Monero clears it): a node's verdicts.
pub const BALLISTIC_MONERO_CONSENSUS: c_int = 2;

fn monero_context(ctx: *const ballistic_context) -> Result<(), c_int> {
    // SAFETY: as above.
    if unsafe { context(ctx) }?.gens.group() != GroupId::Ed25519 {
        return Err(BALLISTIC_ERR_WRONG_GROUP);
    }
    Ok(())
}

/// Monero's two range proofs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MoneroSystem {
    /// Bulletproofs+ (RingCT type 6).
    Plus,
    /// The original Bulletproofs (types 4 and 5).
    Original,
}

fn monero_system(system: c_int) -> Result<MoneroSystem, c_int> {
    match system {
        BALLISTIC_SYSTEM_BULLETPROOFS_PLUS => Ok(MoneroSystem::Plus),
        BALLISTIC_SYSTEM_BULLETPROOFS => Ok(MoneroSystem::Original),
        _ => Err(BALLISTIC_ERR_ARGUMENT),
    }
}

fn monero_mode(mode: c_int) -> Result<MoneroConsensus, c_int> {
    match mode {
        BALLISTIC_MONERO_STRICT => Ok(MoneroConsensus::Strict),
        BALLISTIC_MONERO_CONSENSUS => Ok(MoneroConsensus::Monero),
        _ => Err(BALLISTIC_ERR_ARGUMENT),
    }
}

/// `BALLISTIC_ERR_STATEMENT` unless `m` is in 1..=16.
fn monero_outputs(m: usize) -> Result<(), c_int> {
    if (1..=BALLISTIC_MONERO_MAX_OUTPUTS).contains(&m) {
        Ok(())
    } else {
        Err(BALLISTIC_ERR_STATEMENT)
    }
}

/// `m` Monero commitments of 32 bytes, concatenated.
fn monero_commitments(raw: &[u8], m: usize) -> Result<Vec<CompressedEdwardsY>, c_int> {
    if raw.len() != m.checked_mul(BALLISTIC_MONERO_POINT_LEN).ok_or(BALLISTIC_ERR_ARGUMENT)? {
        return Err(BALLISTIC_ERR_ARGUMENT);
    }
    raw.chunks_exact(BALLISTIC_MONERO_POINT_LEN)
        .map(|c| CompressedEdwardsY::from_slice(c).map_err(|_| BALLISTIC_ERR_ARGUMENT))
        .collect()
}

/// `BALLISTIC_ERR_UNSUPPORTED` if any option is set (Monero's format binds
/// no extra data and hides no message).
fn monero_options(opts: &Options<'_>) -> Result<(), c_int> {
    if opts.extra.is_some() {
        return Err(BALLISTIC_ERR_UNSUPPORTED);
    }
    opts.no_message().map(|_| ())
}

/// The length of a Monero proof for `m` outputs.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_ARGUMENT` (a system other than
///          `BALLISTIC_SYSTEM_BULLETPROOFS_PLUS` or `BALLISTIC_SYSTEM_BULLETPROOFS`);
///          `BALLISTIC_ERR_STATEMENT` (m not in 1..=16); `BALLISTIC_ERR_NULL_POINTER`.
/// In: `system`, `m`.
/// Out: `len`: its length in bytes.
#[no_mangle]
pub unsafe extern "C" fn ballistic_monero_proof_len(system: c_int, m: usize, len: *mut usize) -> c_int {
    guard(|| {
        if len.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let n = match monero_system(system)? {
            MoneroSystem::Plus => MoneroPlusProof::encoded_len_for(m),
            MoneroSystem::Original => MoneroOriginalProof::encoded_len_for(m),
        }
        .ok_or(BALLISTIC_ERR_STATEMENT)?;
        // SAFETY: checked non-null; writable by the function's contract.
        unsafe { *len = n };
        Ok(())
    })
}

/// Prove 1 to 16 64-bit amounts as Monero does, in Monero's serialization
/// (`Bulletproof::write`): the output commitments are `mask·G + amount·H`
/// (as `outPk` holds them, not divided by 8).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_WRONG_GROUP` (not an Ed25519
///          context); `BALLISTIC_ERR_ARGUMENT` (system; `masks_len` not 32·m);
///          `BALLISTIC_ERR_STATEMENT` (m not in 1..=16); `BALLISTIC_ERR_SCALAR`
///          (a mask not canonical); `BALLISTIC_ERR_BUFFER_TOO_SMALL`;
///          `BALLISTIC_ERR_NULL_POINTER`; `BALLISTIC_ERR_OPTIONS`;
///          `BALLISTIC_ERR_UNSUPPORTED` (extra data or a message set).
/// Args: `ctx`: an Ed25519 context (Monero's generators are used).
/// In: `system`: `BALLISTIC_SYSTEM_BULLETPROOFS_PLUS` or `BALLISTIC_SYSTEM_BULLETPROOFS`;
///     `amounts`, `m`; `masks`, `masks_len`: `m` secret scalars of 32 bytes (little-endian);
///     `opts`: NULL or options with no field set.
/// Out: `proof`, `proof_len` (length from `ballistic_monero_proof_len`);
///      `commitments`, `commitments_len`: `m` commitments of 32 bytes.
#[no_mangle]
pub unsafe extern "C" fn ballistic_monero_prove(
    ctx: *const ballistic_context,
    system: c_int,
    amounts: *const u64,
    m: usize,
    masks: *const u8,
    masks_len: usize,
    proof: *mut u8,
    proof_len: *mut usize,
    commitments: *mut u8,
    commitments_len: *mut usize,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        monero_context(ctx)?;
        // SAFETY (all blocks below): the function's contract for each pointer.
        monero_options(&unsafe { options(opts) }?)?;
        let system = monero_system(system)?;
        monero_outputs(m)?;
        let amounts = unsafe { items(amounts, m) }?;
        // Any canonical mask, zero included, as Monero's prover takes it
        // (the known-answer tests commit with mask 0).
        let masks = crate::range::scalars::<Ed25519>(unsafe { bytes(masks, masks_len) }?, m)?;
        let proof_out = Out::new(proof, proof_len)?;
        let commitments_out = Out::new(commitments, commitments_len)?;
        let needed = match system {
            MoneroSystem::Plus => MoneroPlusProof::encoded_len_for(m),
            MoneroSystem::Original => MoneroOriginalProof::encoded_len_for(m),
        }
        .ok_or(BALLISTIC_ERR_STATEMENT)?;
        unsafe {
            Out::reserve_all(&[(&proof_out, needed), (&commitments_out, m * BALLISTIC_MONERO_POINT_LEN)])?;
        }
        let (made, points) = match system {
            MoneroSystem::Plus => {
                MoneroPlusProof::prove(amounts, &masks, &mut rand_core::OsRng).map(|(p, c)| (p.to_bytes(), c))
            }
            MoneroSystem::Original => {
                MoneroOriginalProof::prove(amounts, &masks, &mut rand_core::OsRng).map(|(p, c)| (p.to_bytes(), c))
            }
        }
        .map_err(|e| code(&e))?;
        let encoded: Vec<u8> = points.iter().flat_map(|c| c.to_bytes()).collect();
        unsafe {
            proof_out.write(&made)?;
            commitments_out.write(&encoded)
        }
    })
}

/// A decoded Monero proof.
enum MoneroProof {
    Plus(Box<MoneroPlusProof>),
    Original(Box<MoneroOriginalProof>),
}

#[allow(clippy::too_many_arguments)]
unsafe fn monero_decode(
    system: c_int,
    mode: c_int,
    proof: *const u8,
    proof_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    m: usize,
    opts: *const ballistic_options,
) -> Result<(MoneroProof, Vec<CompressedEdwardsY>), c_int> {
    // SAFETY (all blocks below): the caller's contract for each pointer.
    monero_options(&unsafe { options(opts) }?)?;
    let system = monero_system(system)?;
    let mode = monero_mode(mode)?;
    monero_outputs(m)?;
    let proof = unsafe { bytes(proof, proof_len) }?;
    let commitments = monero_commitments(unsafe { bytes(commitments, commitments_len) }?, m)?;
    let proof = match system {
        MoneroSystem::Plus => {
            MoneroProof::Plus(Box::new(MoneroPlusProof::from_bytes_with(proof, mode).map_err(|e| code(&e))?))
        }
        MoneroSystem::Original => {
            MoneroProof::Original(Box::new(MoneroOriginalProof::from_bytes_with(proof, mode).map_err(|e| code(&e))?))
        }
    };
    Ok((proof, commitments))
}

/// Verify a Monero range proof against its output commitments.
///
/// Returns: `BALLISTIC_OK` if the proof proves every amount in `[0, 2^64)`;
///          `BALLISTIC_ERR_VERIFICATION` if not; `BALLISTIC_ERR_DECODE` (the
///          proof's bytes: framing, length, a scalar or point refused in the
///          mode); `BALLISTIC_ERR_STATEMENT` (m not in 1..=16 or not the
///          proof's, a commitment refused in the mode); `BALLISTIC_ERR_ARGUMENT`
///          (system, mode, `commitments_len` not 32·m); `BALLISTIC_ERR_WRONG_GROUP`;
///          `BALLISTIC_ERR_NULL_POINTER`; `BALLISTIC_ERR_OPTIONS`;
///          `BALLISTIC_ERR_UNSUPPORTED` (an option set).
/// Args: `ctx`: an Ed25519 context.
/// In: `system`; `mode`: `BALLISTIC_MONERO_STRICT` or `BALLISTIC_MONERO_CONSENSUS`;
///     `proof`, `proof_len`; `commitments`, `commitments_len`: `m` commitments of 32 bytes;
///     `m`; `opts`: NULL or options with no field set.
#[no_mangle]
pub unsafe extern "C" fn ballistic_monero_verify(
    ctx: *const ballistic_context,
    system: c_int,
    mode: c_int,
    proof: *const u8,
    proof_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    m: usize,
    opts: *const ballistic_options,
) -> c_int {
    guard(|| {
        monero_context(ctx)?;
        // SAFETY: the function's contract for each pointer.
        let (proof, commitments) =
            unsafe { monero_decode(system, mode, proof, proof_len, commitments, commitments_len, m, opts) }?;
        match proof {
            MoneroProof::Plus(p) => p.verify(&commitments, &mut crate::rng()),
            MoneroProof::Original(p) => p.verify(&commitments, &mut crate::rng()),
        }
        .map_err(|e| code(&e))
    })
}

/// One Monero proof in a batch (`ballistic_monero_verify`'s arguments).
#[repr(C)]
#[derive(Copy, Clone)]
pub struct ballistic_monero_item {
    /// `BALLISTIC_SYSTEM_BULLETPROOFS_PLUS` or `BALLISTIC_SYSTEM_BULLETPROOFS`.
    pub system: c_int,
    /// `BALLISTIC_MONERO_STRICT` or `BALLISTIC_MONERO_CONSENSUS`.
    pub mode: c_int,
    /// The proof.
    pub proof: *const u8,
    /// Its length.
    pub proof_len: usize,
    /// `m` commitments of 32 bytes, concatenated.
    pub commitments: *const u8,
    /// Their total length (32·m).
    pub commitments_len: usize,
    /// Outputs.
    pub m: usize,
    /// NULL, or options with no field set.
    pub opts: *const ballistic_options,
}

/// Verify Monero proofs of either system together (one multiscalar
/// multiplication per system) and name the invalid ones.
///
/// Returns: as `ballistic_range_verify_batch`: `BALLISTIC_OK`, or
///          `BALLISTIC_ERR_VERIFICATION` with the invalid items' indices in
///          increasing order (an item `ballistic_monero_verify` would refuse
///          for any reason counts as invalid); `BALLISTIC_ERR_WRONG_GROUP`;
///          `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `ctx`: an Ed25519 context.
/// In: `items`, `count`: the proofs.
/// Out: `invalid`: room for `count` indices; `invalid_count`: how many were written.
#[no_mangle]
pub unsafe extern "C" fn ballistic_monero_verify_batch(
    ctx: *const ballistic_context,
    items: *const ballistic_monero_item,
    count: usize,
    invalid: *mut usize,
    invalid_count: *mut usize,
) -> c_int {
    guard(|| {
        monero_context(ctx)?;
        // SAFETY (all blocks below): the function's contract for each pointer.
        let list = unsafe { crate::items(items, count) }?;
        unsafe { batch_outputs(count, invalid, invalid_count) }?;
        let decoded: Vec<Result<(MoneroProof, Vec<CompressedEdwardsY>), c_int>> = list
            .iter()
            .map(|i| unsafe {
                monero_decode(i.system, i.mode, i.proof, i.proof_len, i.commitments, i.commitments_len, i.m, i.opts)
            })
            .collect();
        let mut bad: Vec<usize> = Vec::new();
        let (mut plus, mut plus_at, mut original, mut original_at) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for (i, d) in decoded.iter().enumerate() {
            match d {
                Ok((MoneroProof::Plus(p), c)) => {
                    plus.push((&**p, &c[..]));
                    plus_at.push(i);
                }
                Ok((MoneroProof::Original(p), c)) => {
                    original.push((&**p, &c[..]));
                    original_at.push(i);
                }
                Err(_) => bad.push(i),
            }
        }
        if let Err(e) = MoneroPlusProof::verify_batch(&plus, &mut crate::rng()) {
            bad.extend(blamed(&e, &plus_at));
        }
        if let Err(e) = MoneroOriginalProof::verify_batch(&original, &mut crate::rng()) {
            bad.extend(blamed(&e, &original_at));
        }
        unsafe { report_invalid(bad, invalid, invalid_count) }
    })
}
