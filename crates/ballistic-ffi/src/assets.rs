//! Multi-asset range proofs (Confidential Assets): one proof over
//! commitments whose values sit on different value generators, native
//! (Bulletproofs) or re-committed (any system); asset generators; batch
//! verification. Every call is the library's (`ballistic::range::assets`).

use std::os::raw::c_int;

use ballistic::group::Group;
use ballistic::range::{
    asset_generator, blinded_asset_generator, MultiAssetProof, MultiAssetStatement, MultiAssetSystem,
};
use ballistic::RangeSystem;

use crate::range::{concat, points, scalars, transcript};
use crate::{
    ballistic_context, ballistic_options, blamed_claimed, bytes, code, context, group_id, guard, items, length,
    verify_batch, verify_claimed, with_gens, Claimed, GroupGens, Out, ProofOut, BALLISTIC_ERR_ARGUMENT,
    BALLISTIC_ERR_STATEMENT,
};

/// The native multi-asset proof (Bulletproofs with the polynomial split per output).
pub const BALLISTIC_MULTI_ASSET_NATIVE: c_int = 1;
/// Re-committed outputs and one Bulletproofs range proof.
pub const BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS: c_int = 2;
/// Re-committed outputs and one Bulletproofs+ range proof.
pub const BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS: c_int = 3;
/// Re-committed outputs and one Bulletproofs++ range proof.
pub const BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS_PLUS: c_int = 4;

/// The longest asset id `ballistic_asset_generator` takes (bytes).
pub const BALLISTIC_MAX_ASSET_ID_LEN: usize = 1024;

fn asset_system(system: c_int) -> Result<MultiAssetSystem, c_int> {
    match system {
        BALLISTIC_MULTI_ASSET_NATIVE => Ok(MultiAssetSystem::Native),
        BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS => Ok(MultiAssetSystem::Recommitted(RangeSystem::Bulletproofs)),
        BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS => {
            Ok(MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus))
        }
        BALLISTIC_MULTI_ASSET_RECOMMITTED_BULLETPROOFS_PLUS_PLUS => {
            Ok(MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlusPlus))
        }
        _ => Err(BALLISTIC_ERR_ARGUMENT),
    }
}

/// `count` points, decompressed (`BALLISTIC_ERR_STATEMENT` for bytes that are not a point).
fn decompressed<G: Group>(raw: &[u8], count: usize) -> Result<Vec<G::Point>, c_int> {
    points::<G>(raw, count)?.iter().map(|c| G::decompress(c).ok_or(BALLISTIC_ERR_STATEMENT)).collect()
}

/// The asset generator of an asset id: `A = hash_to_point(SHA3-512("ballistic
/// asset generator v1" ‖ LE64 len ‖ asset_id))`, whose discrete logarithm
/// nobody knows.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_ARGUMENT` (an id over
///          `BALLISTIC_MAX_ASSET_ID_LEN` bytes); `BALLISTIC_ERR_BUFFER_TOO_SMALL`;
///          `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `ctx`: a context (its group).
/// In: `asset_id`, `asset_id_len`: the asset's name (any bytes).
/// Out: `generator`, `generator_len`: the point (32 or 33 bytes).
#[no_mangle]
pub unsafe extern "C" fn ballistic_asset_generator(
    ctx: *const ballistic_context,
    asset_id: *const u8,
    asset_id_len: usize,
    generator: *mut u8,
    generator_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        if asset_id_len > BALLISTIC_MAX_ASSET_ID_LEN {
            return Err(BALLISTIC_ERR_ARGUMENT);
        }
        let id = unsafe { bytes(asset_id, asset_id_len) }?;
        let out = Out::new(generator, generator_len)?;
        with_gens!(ctx, G, _gens => {
            unsafe { out.write(G::compressed_bytes(&G::compress(&asset_generator::<G>(id)))) }
        })
    })
}

/// A blinded asset tag `H = A + r·B̃` (Confidential Assets: outputs of the
/// same asset with different `r` have unlinkable generators).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_STATEMENT` (`asset` not a point);
///          `BALLISTIC_ERR_ARGUMENT` (`asset_len` not the point length);
///          `BALLISTIC_ERR_SCALAR`; `BALLISTIC_ERR_BUFFER_TOO_SMALL`;
///          `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `ctx`: a context.
/// In: `asset`, `asset_len`: an asset generator (`ballistic_asset_generator`);
///     `blinding`: 32 secret bytes.
/// Out: `generator`, `generator_len`: the blinded generator.
#[no_mangle]
pub unsafe extern "C" fn ballistic_blinded_asset_generator(
    ctx: *const ballistic_context,
    asset: *const u8,
    asset_len: usize,
    blinding: *const u8,
    generator: *mut u8,
    generator_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let asset = unsafe { bytes(asset, asset_len) }?;
        let blinding = unsafe { crate::array::<32>(blinding) }?;
        let out = Out::new(generator, generator_len)?;
        with_gens!(ctx, G, gens => {
            let asset = decompressed::<G>(asset, 1)?;
            let r = scalars::<G>(blinding, 1)?;
            let h = blinded_asset_generator::<G>(&gens.gens, &asset[0], &r[0]);
            unsafe { out.write(G::compressed_bytes(&G::compress(&h))) }
        })
    })
}

/// The length of a multi-asset proof, and the capacities of a context that
/// proves and verifies it.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_ARGUMENT` (unknown group or
///          system); `BALLISTIC_ERR_STATEMENT` (bits not in 1..=64, m = 0 or
///          too large); `BALLISTIC_ERR_NULL_POINTER`.
/// In: `group`, `system`: `BALLISTIC_MULTI_ASSET_*`; `bits`; `m`.
/// Out: `len`: the proof's length; `gens_capacity`, `party_capacity` (each may be NULL).
#[no_mangle]
pub unsafe extern "C" fn ballistic_multi_asset_proof_len(
    group: c_int,
    system: c_int,
    bits: usize,
    m: usize,
    len: *mut usize,
    gens_capacity: *mut usize,
    party_capacity: *mut usize,
) -> c_int {
    // SAFETY: `len` is NULL or writable, the others too (the function's contract).
    unsafe {
        length(len, || {
            let system = asset_system(system)?;
            let (chains, per_chain) = system.generators_needed(bits, m).map_err(|e| code(&e))?;
            let n = ballistic::with_group!(group_id(group)?, G => system.encoded_len::<G>(bits, m))
                .map_err(|e| code(&e))?;
            if let Some(g) = gens_capacity.as_mut() {
                *g = per_chain;
            }
            if let Some(p) = party_capacity.as_mut() {
                *p = chains;
            }
            Ok(n)
        })
    }
}

/// Prove `0 ≤ values[j] < 2^bits` for commitments `values[j]·H_j + blindings[j]·B̃`
/// on per-output value generators `H_j`, in one proof.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_ARGUMENT` (unknown system, label
///          over 1024 bytes, `blindings_len` not 32·m, `value_generators_len`
///          not m·point length); `BALLISTIC_ERR_SCALAR`; `BALLISTIC_ERR_STATEMENT`
///          (shape; a generator that is not a point or is the identity);
///          `BALLISTIC_ERR_PROVER` (a value ≥ 2^bits, a zero blinding); `BALLISTIC_ERR_CAPACITY`;
///          `BALLISTIC_ERR_BUFFER_TOO_SMALL`; `BALLISTIC_ERR_NULL_POINTER`;
///          `BALLISTIC_ERR_OPTIONS`; `BALLISTIC_ERR_UNSUPPORTED` (a message set).
/// Args: `ctx`: a context.
/// In: `system`: `BALLISTIC_MULTI_ASSET_*`; `label`, `label_len`; `values`, `m`;
///     `blindings`, `blindings_len`: `m` secret scalars of 32 bytes;
///     `value_generators`, `value_generators_len`: `m` points, concatenated
///     (from `ballistic_asset_generator` / `ballistic_blinded_asset_generator`); `bits`;
///     `opts`: NULL, or options: `extra`, `extra_len` (the verifier must pass the same).
/// Out: `proof`, `proof_len` (length from `ballistic_multi_asset_proof_len`);
///      `commitments`, `commitments_len`: the `m` commitments.
#[no_mangle]
pub unsafe extern "C" fn ballistic_multi_asset_prove(
    ctx: *const ballistic_context,
    system: c_int,
    label: *const u8,
    label_len: usize,
    values: *const u64,
    m: usize,
    blindings: *const u8,
    blindings_len: usize,
    value_generators: *const u8,
    value_generators_len: usize,
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
        let system = asset_system(system)?;
        // The shape first: `m` is checked before it sizes any slice.
        let needed = system.generators_needed(bits, m).map_err(|e| code(&e))?;
        let mut transcript = unsafe { transcript(label, label_len, opts) }?;
        let values = unsafe { items(values, m) }?;
        let blindings = unsafe { bytes(blindings, blindings_len) }?;
        let generators = unsafe { bytes(value_generators, value_generators_len) }?;
        let out = ProofOut::new(proof, proof_len, commitments, commitments_len)?;
        with_gens!(ctx, G, gens => {
            let blindings = crate::range::blindings::<G>(blindings, m)?;
            let generators = decompressed::<G>(generators, m)?;
            gens.covers(needed)?;
            unsafe { out.reserve(system.encoded_len::<G>(bits, m).map_err(|e| code(&e))?, m * G::POINT_LEN) }?;
            let (made, points) = system
                .prove::<G, _>(
                    &gens.gens,
                    &mut transcript,
                    values,
                    &blindings,
                    &generators,
                    bits,
                    &mut rand_core::OsRng,
                )
                .map_err(|e| code(&e))?;
            unsafe { out.write(&made.to_bytes(), &concat::<G>(&points)) }
        })
    })
}

/// A multi-asset proof (`ballistic_multi_asset_verify`'s arguments, as a
/// batch item's) decoded with its statement and transcript: the system and
/// shape, the options and label, the proof's pointer, the commitments and
/// value generators, the statement, the capacity, then the proof's bytes.
unsafe fn asset_decode<G: Group>(
    gens: &GroupGens<G>,
    item: &ballistic_multi_asset_item,
) -> Result<Claimed<G, MultiAssetProof<G>>, c_int> {
    let (m, bits) = (item.m, item.bits);
    let system = asset_system(item.system)?;
    let needed = system.generators_needed(bits, m).map_err(|e| code(&e))?;
    // SAFETY (all blocks below): the item's pointers follow ballistic_multi_asset_verify's contract.
    let transcript = unsafe { transcript(item.label, item.label_len, item.opts) }?;
    let proof = unsafe { bytes(item.proof, item.proof_len) }?;
    let commitments = points::<G>(unsafe { bytes(item.commitments, item.commitments_len) }?, m)?;
    let generators = points::<G>(unsafe { bytes(item.value_generators, item.value_generators_len) }?, m)?;
    let statement = MultiAssetStatement::new(bits, &commitments, &generators).map_err(|e| code(&e))?;
    gens.covers(needed)?;
    let proof = system.decode::<G>(proof, bits, m).map_err(|e| code(&e))?;
    Ok((proof, statement, transcript))
}

/// Verify a multi-asset proof.
///
/// The value generators are the statement's, and must be the verifier's:
/// asset generators it derived itself (`ballistic_asset_generator`), or
/// blinded tags whose asset a surjection proof (outside this library)
/// established. A generator whose discrete logarithm to `B̃` the prover
/// knows (`H_j = 2·B̃`, or `B̃` itself) lets it open its commitment to any
/// value: taken from the prover unchecked, they make the proof say nothing.
///
/// Returns: `BALLISTIC_OK` if each of the `m` commitments opens on its value
///          generator to a value in `[0, 2^bits)`; `BALLISTIC_ERR_VERIFICATION`
///          if not (other generators, label or extra data included);
///          `BALLISTIC_ERR_DECODE` (the proof's bytes, its length included);
///          `BALLISTIC_ERR_STATEMENT` (shape; a commitment or generator that is not
///          a point, a generator the identity); `BALLISTIC_ERR_ARGUMENT` (system,
///          long label or extra data, a length not m·point length);
///          `BALLISTIC_ERR_CAPACITY`; `BALLISTIC_ERR_NULL_POINTER`;
///          `BALLISTIC_ERR_OPTIONS`; `BALLISTIC_ERR_UNSUPPORTED` (a message set).
/// Args: `ctx`: a context.
/// In: `system`; `label`, `label_len`; `proof`, `proof_len`; `commitments`,
///     `commitments_len`; `value_generators`, `value_generators_len`; `m`; `bits`;
///     `opts`: NULL, or options: `extra`, `extra_len`, the prover's extra data.
#[no_mangle]
pub unsafe extern "C" fn ballistic_multi_asset_verify(
    ctx: *const ballistic_context,
    system: c_int,
    label: *const u8,
    label_len: usize,
    proof: *const u8,
    proof_len: usize,
    commitments: *const u8,
    commitments_len: usize,
    value_generators: *const u8,
    value_generators_len: usize,
    m: usize,
    bits: usize,
    opts: *const ballistic_options,
) -> c_int {
    let item = ballistic_multi_asset_item {
        system,
        label,
        label_len,
        proof,
        proof_len,
        commitments,
        commitments_len,
        value_generators,
        value_generators_len,
        m,
        bits,
        opts,
    };
    guard(|| {
        // SAFETY: the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        with_gens!(ctx, G, gens => verify_claimed(&gens.gens, unsafe { asset_decode::<G>(gens, &item) }?))
    })
}

/// One multi-asset proof in a batch (`ballistic_multi_asset_verify`'s arguments).
#[repr(C)]
#[derive(Copy, Clone)]
pub struct ballistic_multi_asset_item {
    /// `BALLISTIC_MULTI_ASSET_*`.
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
    /// `m` value generators, concatenated.
    pub value_generators: *const u8,
    /// Their total length (m · point length).
    pub value_generators_len: usize,
    /// Values.
    pub m: usize,
    /// Bits per value.
    pub bits: usize,
    /// NULL, or the prover's options (`extra`, `extra_len`).
    pub opts: *const ballistic_options,
}

/// Verify multi-asset proofs of any constructions, shapes and generators
/// together (one multiscalar multiplication when all are valid) and name
/// the invalid ones.
///
/// Returns: as `ballistic_range_verify_batch`: `BALLISTIC_OK`, or
///          `BALLISTIC_ERR_VERIFICATION` with the invalid items' indices in
///          increasing order (an item `ballistic_multi_asset_verify` would
///          refuse for any reason, or larger than the context's generators,
///          counts as invalid); `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `ctx`: a context.
/// In: `items`, `count`: the proofs.
/// Out: `invalid`: room for `count` indices; `invalid_count`: how many were written.
#[no_mangle]
pub unsafe extern "C" fn ballistic_multi_asset_verify_batch(
    ctx: *const ballistic_context,
    items: *const ballistic_multi_asset_item,
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
                |item| asset_decode::<G>(gens, item),
                |decoded| blamed_claimed(&gens.gens, decoded),
            )
        })
    })
}
