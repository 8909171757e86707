//! Monero's Bulletproofs+ and original Bulletproofs, byte for byte
//! (Monero's serialization, on an Ed25519 context with Monero's own
//! generators): prove, verify and batch are the library's
//! (`ballistic::compat::monero`).

use std::os::raw::c_int;

use ballistic::compat::monero::{MoneroConsensus, MoneroOriginalProof, MoneroPlusProof};
use ballistic::curve25519_dalek::edwards::CompressedEdwardsY;
use ballistic::group::{Ed25519, GroupId};

use crate::{
    ballistic_context, ballistic_options, blamed, bytes, code, context_of, guard, items, length, options, verify_batch,
    Options, ProofOut, BALLISTIC_ERR_ARGUMENT, BALLISTIC_ERR_STATEMENT, BALLISTIC_ERR_UNSUPPORTED,
    BALLISTIC_SYSTEM_BULLETPROOFS, BALLISTIC_SYSTEM_BULLETPROOFS_PLUS,
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

/// `BALLISTIC_ERR_WRONG_GROUP` unless `ctx` (NULL or a context pointer, the
/// caller's contract) is an Ed25519 context.
fn monero_context(ctx: *const ballistic_context) -> Result<(), c_int> {
    // SAFETY: the caller's contract.
    unsafe { context_of(ctx, GroupId::Ed25519) }.map(|_| ())
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

/// The length of a proof of `m` outputs (`BALLISTIC_ERR_STATEMENT` unless
/// `m` is in 1..=16).
fn monero_proof_len(system: MoneroSystem, m: usize) -> Result<usize, c_int> {
    match system {
        MoneroSystem::Plus => MoneroPlusProof::encoded_len_for(m),
        MoneroSystem::Original => MoneroOriginalProof::encoded_len_for(m),
    }
    .ok_or(BALLISTIC_ERR_STATEMENT)
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
    // SAFETY: `len` is NULL or writable (the function's contract).
    unsafe { length(len, || monero_proof_len(monero_system(system)?, m)) }
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
        let out = ProofOut::new(proof, proof_len, commitments, commitments_len)?;
        let needed = monero_proof_len(system, m)?;
        unsafe { out.reserve(needed, m * BALLISTIC_MONERO_POINT_LEN) }?;
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
        unsafe { out.write(&made, &encoded) }
    })
}

/// A decoded Monero proof.
enum MoneroProof {
    Plus(Box<MoneroPlusProof>),
    Original(Box<MoneroOriginalProof>),
}

/// A decoded Monero proof with its commitments.
type MoneroClaim = (MoneroProof, Vec<CompressedEdwardsY>);

/// A Monero proof (`ballistic_monero_verify`'s arguments, as a batch
/// item's) decoded with its commitments: the options, the system, the mode
/// and the outputs, then the pointers in order and the proof's bytes.
unsafe fn monero_decode(item: &ballistic_monero_item) -> Result<MoneroClaim, c_int> {
    // SAFETY (all blocks below): the item's pointers follow ballistic_monero_verify's contract.
    monero_options(&unsafe { options(item.opts) }?)?;
    let system = monero_system(item.system)?;
    let mode = monero_mode(item.mode)?;
    monero_outputs(item.m)?;
    let proof = unsafe { bytes(item.proof, item.proof_len) }?;
    let commitments = monero_commitments(unsafe { bytes(item.commitments, item.commitments_len) }?, item.m)?;
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
    let item = ballistic_monero_item { system, mode, proof, proof_len, commitments, commitments_len, m, opts };
    guard(|| {
        monero_context(ctx)?;
        // SAFETY: the function's contract for each pointer.
        let (proof, commitments) = unsafe { monero_decode(&item) }?;
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
        unsafe {
            verify_batch(
                items,
                count,
                invalid,
                invalid_count,
                |item| monero_decode(item),
                |decoded| {
                    let mut bad = blamed(
                        decoded,
                        |(proof, c)| match proof {
                            MoneroProof::Plus(p) => Some((&**p, &c[..])),
                            MoneroProof::Original(_) => None,
                        },
                        |claims| MoneroPlusProof::verify_batch(claims, &mut crate::rng()),
                    );
                    bad.extend(blamed(
                        decoded,
                        |(proof, c)| match proof {
                            MoneroProof::Original(p) => Some((&**p, &c[..])),
                            MoneroProof::Plus(_) => None,
                        },
                        |claims| MoneroOriginalProof::verify_batch(claims, &mut crate::rng()),
                    ));
                    bad
                },
            )
        }
    })
}
