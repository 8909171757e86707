#![doc = include_str!("../README.md")]
//!
//! ## Design
//!
//! The C ABI of ballistic, in the style of libsecp256k1's `secp256k1.h`:
//! a context object that owns a group's generators, proofs as bytes,
//! status codes instead of panics, and no allocation handed to the caller
//! without its matching free function. The header
//! `include/ballistic.h` is generated from this crate by cbindgen and
//! checked in (`tests/header.rs` fails when it is stale).
//!
//! This crate holds no logic of its own: every function checks its
//! pointers and lengths, converts bytes to the library's types, calls the
//! library (`ballistic`) and maps the outcome to a status code.
//!
//! * Every function is wrapped in `guard`, which catches a Rust panic
//!   (a library bug, or a failing operating-system random source) and
//!   returns `BALLISTIC_ERR_INTERNAL` instead of unwinding into C.
//! * Secrets (values, blindings, seeds, witnesses) cross the boundary only
//!   as input buffers owned by the caller; the scalars parsed from them are
//!   zeroized on drop, and recovered openings are written to the caller's
//!   buffers only on success.
//! * Provers draw their randomness from the operating system (`OsRng`);
//!   verifiers from a ChaCha20 generator seeded from it at each call.

#![allow(non_camel_case_types)]
// Every exported function takes raw pointers from C; their validity is the
// documented contract of each function (see the header), checked for null
// by the helpers below.
#![allow(clippy::missing_safety_doc)]

use std::os::raw::{c_char, c_int};
use std::panic::{catch_unwind, AssertUnwindSafe};

use ballistic::batch::{self, BatchError, Claim, Item};
use ballistic::group::{Group, GroupId};
use ballistic::merlin::Transcript;
use ballistic::{
    verify_dyn, Ed25519, ErrorKind, Generators, ProofError, RangeSystem, Ristretto255, Secp256k1, Verifiable,
};

mod assets;
mod circuit;
mod grin;
mod monero;
mod range;

pub use assets::*;
pub use circuit::*;
pub use grin::*;
pub use monero::*;
pub use range::*;

/// Success.
pub const BALLISTIC_OK: c_int = 0;
/// A required pointer argument was NULL.
pub const BALLISTIC_ERR_NULL_POINTER: c_int = 1;
/// An output buffer is too short; its length argument now holds the length
/// needed (every too-short output's, when a function has several).
pub const BALLISTIC_ERR_BUFFER_TOO_SMALL: c_int = 2;
/// An argument is out of its domain: an unknown group or system code, a
/// label that is not UTF-8 where one must be, a buffer length that does not
/// match the count it goes with.
pub const BALLISTIC_ERR_ARGUMENT: c_int = 3;
/// A secret scalar (a blinding) is not canonical: not below the group order.
pub const BALLISTIC_ERR_SCALAR: c_int = 4;
/// Bytes that must encode a proof or a point do not (wrong length, a
/// non-canonical scalar, an invalid point).
pub const BALLISTIC_ERR_DECODE: c_int = 5;
/// The statement is malformed: bits not in 1..=64, no values or too many,
/// a commitment that is not a point, an interval with lo > hi.
pub const BALLISTIC_ERR_STATEMENT: c_int = 6;
/// The proof is well formed but does not prove the statement.
pub const BALLISTIC_ERR_VERIFICATION: c_int = 7;
/// The prover refused its input: a value outside the range or interval,
/// a zero blinding (the commitment would hide nothing), a circuit its
/// inputs do not satisfy.
pub const BALLISTIC_ERR_PROVER: c_int = 8;
/// The context's generators do not cover the proof's size (create the
/// context with a larger capacity).
pub const BALLISTIC_ERR_CAPACITY: c_int = 9;
/// Owner recovery found no opening (wrong seed, output id, label or proof).
pub const BALLISTIC_ERR_RECOVERY: c_int = 10;
/// The function does not take an input set in its `ballistic_options`
/// (a message for a function that hides none, extra data for Monero's
/// format): refused rather than ignored, so nothing the caller meant to
/// bind is silently dropped.
pub const BALLISTIC_ERR_UNSUPPORTED: c_int = 11;
/// A circuit file (`.arith`), its inputs (`.in`) or a circuit proof file is malformed.
pub const BALLISTIC_ERR_CIRCUIT: c_int = 12;
/// The proof is for another group than the context's.
pub const BALLISTIC_ERR_WRONG_GROUP: c_int = 13;
/// An internal error (a caught panic: a bug, or no operating-system randomness).
pub const BALLISTIC_ERR_INTERNAL: c_int = 14;
/// A `ballistic_options` whose `magic` is not one this library knows (not
/// initialized with `BALLISTIC_OPTIONS_INIT`, or from a newer header):
/// refused before any other field is read.
pub const BALLISTIC_ERR_OPTIONS: c_int = 15;

/// Ristretto255 (RFC 9496; 32-byte points, `bulletproofs` 5's encoding).
pub const BALLISTIC_GROUP_RISTRETTO255: c_int = 1;
/// secp256k1 (33-byte compressed points).
pub const BALLISTIC_GROUP_SECP256K1: c_int = 2;
/// Ed25519's prime-order subgroup (32-byte points; torsioned encodings refused).
pub const BALLISTIC_GROUP_ED25519: c_int = 3;

/// Bulletproofs (Bünz et al. 2018, §4).
pub const BALLISTIC_SYSTEM_BULLETPROOFS: c_int = 1;
/// Bulletproofs+ (Chung et al. 2020).
pub const BALLISTIC_SYSTEM_BULLETPROOFS_PLUS: c_int = 2;
/// Bulletproofs++ (Eagen et al. 2022, the reciprocal range proof).
pub const BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS: c_int = 3;

/// Length of a scalar (a blinding, a seed) in bytes.
pub const BALLISTIC_SCALAR_LEN: usize = 32;
/// The longest point encoding of any group (secp256k1's compressed points).
pub const BALLISTIC_MAX_POINT_LEN: usize = 33;
/// The longest message a recoverable proof carries (one value; 14 bytes
/// for two values, 6 for three).
pub const BALLISTIC_MAX_MESSAGE_LEN: usize = 22;
/// The longest extra data bound into a transcript (bytes).
pub const BALLISTIC_MAX_EXTRA_LEN: usize = 1024;

/// Optional inputs of a call, as libsecp256k1's
/// `secp256k1_schnorrsig_extraparams`: initialize with
/// `BALLISTIC_OPTIONS_INIT` (every field at its default), set the fields you
/// need, pass a pointer as the last argument (NULL: every default).
///
/// Versioning: `magic` encodes the struct's version (its last byte;
/// `BALLISTIC_OPTIONS_MAGIC_V1` is version 1, the only one so far). A later
/// version only appends fields and gets a new magic; the library reads
/// exactly the fields of the version the magic names, never past them, so
/// code compiled against an older header keeps working. A magic the library
/// does not know is refused with `BALLISTIC_ERR_OPTIONS` before any field is
/// read. A function refuses (`BALLISTIC_ERR_UNSUPPORTED`) a field it does
/// not use that is set to other than its default.
#[repr(C)]
#[derive(Copy, Clone)]
pub struct ballistic_options {
    /// `BALLISTIC_OPTIONS_MAGIC_V1` (set by `BALLISTIC_OPTIONS_INIT`).
    pub magic: [u8; 4],
    /// Extra data bound into the transcript after the label (as proof
    /// files' `extra`; at most `BALLISTIC_MAX_EXTRA_LEN` bytes): the proof
    /// verifies only with the same bytes. Default NULL, 0: none. For Grin's
    /// format it is secp256k1-zkp's `extra_commit`, where NULL (none) and a
    /// non-NULL pointer with length 0 (empty) differ, as in Grin.
    pub extra: *const u8,
    /// The length of `extra`.
    pub extra_len: usize,
    /// A secret message hidden in the proof for the owner (at most
    /// `BALLISTIC_MAX_MESSAGE_LEN` bytes; exactly `BALLISTIC_GRIN_MESSAGE_LEN`
    /// for Grin): read by `ballistic_range_prove_recoverable` and
    /// `ballistic_grin_prove`. Default NULL, 0: none.
    pub message: *const u8,
    /// The length of `message`.
    pub message_len: usize,
}

/// Version 1 of `ballistic_options` (the bytes of `BALLISTIC_OPTIONS_MAGIC_V1`).
pub(crate) const OPTIONS_MAGIC_V1: [u8; 4] = [0xba, 0x11, 0x15, 0x01];

/// The optional inputs of a call, read from a `ballistic_options`.
#[derive(Default)]
pub(crate) struct Options<'a> {
    /// `None` for a NULL pointer (Grin distinguishes it from empty).
    pub(crate) extra: Option<&'a [u8]>,
    /// Secret: copied into a zeroizing buffer where it is used.
    pub(crate) message: &'a [u8],
}

impl<'a> Options<'a> {
    /// The extra data, empty for none.
    pub(crate) fn extra(&self) -> &'a [u8] {
        self.extra.unwrap_or(&[])
    }

    /// `BALLISTIC_ERR_UNSUPPORTED` if a message is set.
    pub(crate) fn no_message(&self) -> Result<&Self, c_int> {
        if self.message.is_empty() {
            Ok(self)
        } else {
            Err(BALLISTIC_ERR_UNSUPPORTED)
        }
    }
}

/// The options behind a pointer (NULL: the defaults). The magic is read
/// first and alone; a magic this library does not know is
/// `BALLISTIC_ERR_OPTIONS`. Lengths are checked before their pointers are
/// read: `BALLISTIC_ERR_ARGUMENT` for extra data over
/// `BALLISTIC_MAX_EXTRA_LEN` or a message over `BALLISTIC_MAX_MESSAGE_LEN`,
/// `BALLISTIC_ERR_NULL_POINTER` for NULL with a length.
pub(crate) unsafe fn options<'a>(opts: *const ballistic_options) -> Result<Options<'a>, c_int> {
    if opts.is_null() {
        return Ok(Options::default());
    }
    // SAFETY: a non-NULL `opts` points to at least the 4 magic bytes of a
    // `ballistic_options` of some version (the caller's contract); they are
    // read alone, unaligned, before anything else.
    let magic = unsafe { std::ptr::addr_of!((*opts).magic).read_unaligned() };
    if magic != OPTIONS_MAGIC_V1 {
        return Err(BALLISTIC_ERR_OPTIONS);
    }
    // SAFETY: version 1's magic: the caller passed a whole version-1 struct.
    let o = unsafe { std::ptr::read_unaligned(opts) };
    if o.extra_len > BALLISTIC_MAX_EXTRA_LEN || o.message_len > BALLISTIC_MAX_MESSAGE_LEN {
        return Err(BALLISTIC_ERR_ARGUMENT);
    }
    let extra = if o.extra.is_null() {
        if o.extra_len > 0 {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        None
    } else {
        // SAFETY: `extra_len` readable bytes at `extra` (the caller's contract).
        Some(unsafe { std::slice::from_raw_parts(o.extra, o.extra_len) })
    };
    // SAFETY: as above for (message, message_len).
    let message = unsafe { bytes(o.message, o.message_len) }?;
    Ok(Options { extra, message })
}

/// Generators of one group: the Pedersen bases `B`, `B̃` and the vectors
/// `G_i`, `H_i` in `party_capacity` chains of `gens_capacity`.
///
/// Created by `ballistic_context_create`, copied by
/// `ballistic_context_clone`, freed by `ballistic_context_destroy`. A
/// context is never modified after creation, so one context may be used
/// from several threads at once.
pub struct ballistic_context {
    pub(crate) gens: Gens,
}

/// A context's generators, for its group.
#[derive(Clone)]
pub(crate) enum Gens {
    Ristretto255(GroupGens<Ristretto255>),
    Secp256k1(GroupGens<Secp256k1>),
    Ed25519(GroupGens<Ed25519>),
}

#[derive(Clone)]
pub(crate) struct GroupGens<G: Group> {
    /// The context's one setup value (cheap clones share its tables).
    pub(crate) gens: Generators<G>,
}

impl<G: Group> GroupGens<G> {
    /// `BALLISTIC_ERR_CAPACITY` unless the generators have `chains` chains of `per_chain`.
    pub(crate) fn covers(&self, (chains, per_chain): (usize, usize)) -> Result<(), c_int> {
        if self.gens.vector().party_capacity() >= chains && self.gens.vector().gens_capacity() >= per_chain {
            Ok(())
        } else {
            Err(BALLISTIC_ERR_CAPACITY)
        }
    }
}

impl Gens {
    pub(crate) fn group(&self) -> GroupId {
        match self {
            Gens::Ristretto255(_) => GroupId::Ristretto255,
            Gens::Secp256k1(_) => GroupId::Secp256k1,
            Gens::Ed25519(_) => GroupId::Ed25519,
        }
    }
}

/// Run `body` with the type alias `$g` bound to the context's group and
/// `$gens` to its generators.
macro_rules! with_gens {
    ($ctx:expr, $g:ident, $gens:ident => $body:expr) => {
        match &$ctx.gens {
            $crate::Gens::Ristretto255($gens) => {
                type $g = ::ballistic::Ristretto255;
                $body
            }
            $crate::Gens::Secp256k1($gens) => {
                type $g = ::ballistic::Secp256k1;
                $body
            }
            $crate::Gens::Ed25519($gens) => {
                type $g = ::ballistic::Ed25519;
                $body
            }
        }
    };
}
pub(crate) use with_gens;

/// A fresh ChaCha20 generator seeded from the operating system, for the
/// verifiers' random weights (public once the call returns; rand_chacha's
/// state is not wiped on drop, so the provers draw from `OsRng` directly).
pub(crate) fn rng() -> rand_chacha::ChaCha20Rng {
    // Seeding fails only if the OS has no randomness: a panic, which
    // `guard` reports as BALLISTIC_ERR_INTERNAL.
    <rand_chacha::ChaCha20Rng as rand_core::SeedableRng>::from_rng(rand_core::OsRng)
        .unwrap_or_else(|e| std::panic::panic_any(e.to_string()))
}

/// Run `f`, turning a panic into `BALLISTIC_ERR_INTERNAL`.
pub(crate) fn guard<F: FnOnce() -> Result<(), c_int>>(f: F) -> c_int {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => BALLISTIC_OK,
        Ok(Err(code)) => code,
        Err(_) => BALLISTIC_ERR_INTERNAL,
    }
}

/// The library's error, as a status code.
pub(crate) fn code(e: &ProofError) -> c_int {
    match e.kind() {
        ErrorKind::Decode => BALLISTIC_ERR_DECODE,
        ErrorKind::Statement => BALLISTIC_ERR_STATEMENT,
        ErrorKind::Verification => BALLISTIC_ERR_VERIFICATION,
        ErrorKind::Prover => BALLISTIC_ERR_PROVER,
        ErrorKind::Setup => BALLISTIC_ERR_CAPACITY,
        ErrorKind::Recovery => BALLISTIC_ERR_RECOVERY,
    }
}

pub(crate) fn group_id(group: c_int) -> Result<GroupId, c_int> {
    match group {
        BALLISTIC_GROUP_RISTRETTO255 => Ok(GroupId::Ristretto255),
        BALLISTIC_GROUP_SECP256K1 => Ok(GroupId::Secp256k1),
        BALLISTIC_GROUP_ED25519 => Ok(GroupId::Ed25519),
        _ => Err(BALLISTIC_ERR_ARGUMENT),
    }
}

pub(crate) fn system(system: c_int) -> Result<RangeSystem, c_int> {
    match system {
        BALLISTIC_SYSTEM_BULLETPROOFS => Ok(RangeSystem::Bulletproofs),
        BALLISTIC_SYSTEM_BULLETPROOFS_PLUS => Ok(RangeSystem::BulletproofsPlus),
        BALLISTIC_SYSTEM_BULLETPROOFS_PLUS_PLUS => Ok(RangeSystem::BulletproofsPlusPlus),
        _ => Err(BALLISTIC_ERR_ARGUMENT),
    }
}

/// The context behind a pointer.
pub(crate) unsafe fn context<'a>(ctx: *const ballistic_context) -> Result<&'a ballistic_context, c_int> {
    // SAFETY: the caller passes NULL or a pointer from ballistic_context_create/clone.
    unsafe { ctx.as_ref() }.ok_or(BALLISTIC_ERR_NULL_POINTER)
}

/// The context behind a pointer, which must be of `group` (a deployed
/// format's): `BALLISTIC_ERR_WRONG_GROUP` otherwise.
pub(crate) unsafe fn context_of<'a>(
    ctx: *const ballistic_context,
    group: GroupId,
) -> Result<&'a ballistic_context, c_int> {
    // SAFETY: the caller's contract.
    let ctx = unsafe { context(ctx) }?;
    if ctx.gens.group() != group {
        return Err(BALLISTIC_ERR_WRONG_GROUP);
    }
    Ok(ctx)
}

/// `len` bytes at `ptr` (NULL allowed when `len` is 0).
pub(crate) unsafe fn bytes<'a>(ptr: *const u8, len: usize) -> Result<&'a [u8], c_int> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(BALLISTIC_ERR_NULL_POINTER);
    }
    // SAFETY: the caller guarantees `len` readable bytes at `ptr`.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// `count` items of `T` at `ptr` (NULL allowed when `count` is 0).
pub(crate) unsafe fn items<'a, T>(ptr: *const T, count: usize) -> Result<&'a [T], c_int> {
    if count == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(BALLISTIC_ERR_NULL_POINTER);
    }
    // SAFETY: the caller guarantees `count` readable items at `ptr`.
    Ok(unsafe { std::slice::from_raw_parts(ptr, count) })
}

/// A `len`-byte array at `ptr`.
pub(crate) unsafe fn array<'a, const N: usize>(ptr: *const u8) -> Result<&'a [u8; N], c_int> {
    if ptr.is_null() {
        return Err(BALLISTIC_ERR_NULL_POINTER);
    }
    // SAFETY: the caller guarantees N readable bytes at `ptr`.
    Ok(unsafe { &*(ptr as *const [u8; N]) })
}

/// An output buffer `out` whose capacity is `*len`: writes `data` and its
/// length, or the length needed and `BALLISTIC_ERR_BUFFER_TOO_SMALL`.
pub(crate) struct Out {
    ptr: *mut u8,
    len: *mut usize,
}

impl Out {
    /// Check the pointers (before any work is done). `len` must not be
    /// NULL; `ptr` may be NULL when `*len` is 0 (a size query: the call
    /// then returns `BALLISTIC_ERR_BUFFER_TOO_SMALL` with the length needed).
    pub(crate) fn new(ptr: *mut u8, len: *mut usize) -> Result<Self, c_int> {
        // SAFETY: `len` is NULL or writable (the caller's contract).
        let capacity = unsafe { len.as_ref() }.copied().ok_or(BALLISTIC_ERR_NULL_POINTER)?;
        if ptr.is_null() && capacity > 0 {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        Ok(Out { ptr, len })
    }

    /// `BALLISTIC_ERR_BUFFER_TOO_SMALL` (and the length needed in `*len`)
    /// unless `needed` bytes fit.
    pub(crate) unsafe fn reserve(&self, needed: usize) -> Result<(), c_int> {
        // SAFETY: `len` is a valid pointer (checked non-null; the caller's contract).
        let capacity = unsafe { *self.len };
        if capacity < needed {
            // SAFETY: as above.
            unsafe { *self.len = needed };
            return Err(BALLISTIC_ERR_BUFFER_TOO_SMALL);
        }
        Ok(())
    }

    /// Write `data` (after [`reserve`](Self::reserve) of at least its length).
    pub(crate) unsafe fn write(&self, data: &[u8]) -> Result<(), c_int> {
        // SAFETY: as in `reserve`; then `*len ≥ data.len()` writable bytes at
        // `ptr` (non-NULL whenever the capacity is above 0).
        unsafe {
            self.reserve(data.len())?;
            if !data.is_empty() {
                std::ptr::copy_nonoverlapping(data.as_ptr(), self.ptr, data.len());
            }
            *self.len = data.len();
        }
        Ok(())
    }
}

/// A prover's two output buffers, `proof` and `commitments` (each an [`Out`]).
pub(crate) struct ProofOut {
    proof: Out,
    commitments: Out,
}

impl ProofOut {
    /// Check the pointers of both, the proof's first (see [`Out::new`]).
    pub(crate) fn new(
        proof: *mut u8,
        proof_len: *mut usize,
        commitments: *mut u8,
        commitments_len: *mut usize,
    ) -> Result<Self, c_int> {
        Ok(ProofOut { proof: Out::new(proof, proof_len)?, commitments: Out::new(commitments, commitments_len)? })
    }

    /// [`Out::reserve`] for both, whichever fails (so that each too-short
    /// buffer's length argument gets the length needed, not only the
    /// first's): `BALLISTIC_ERR_BUFFER_TOO_SMALL` if either is too short.
    pub(crate) unsafe fn reserve(&self, proof: usize, commitments: usize) -> Result<(), c_int> {
        // SAFETY: as in `Out::reserve`.
        let (proof, commitments) = unsafe { (self.proof.reserve(proof), self.commitments.reserve(commitments)) };
        proof.and(commitments)
    }

    /// Write the proof, then the commitments (after [`reserve`](Self::reserve)).
    pub(crate) unsafe fn write(&self, proof: &[u8], commitments: &[u8]) -> Result<(), c_int> {
        // SAFETY: as in `Out::write`.
        unsafe {
            self.proof.write(proof)?;
            self.commitments.write(commitments)
        }
    }
}

/// A batch verification after its context is checked: the items read, the
/// output pointers checked and `*invalid_count` zeroed (before any work),
/// each item decoded, then the indices of those that did not decode and of
/// those `blame` names (of the decoded ones, verified together) written,
/// sorted.
///
/// Returns `BALLISTIC_ERR_NULL_POINTER` for `items` (with count > 0),
/// `invalid` (with count > 0) or `invalid_count` NULL;
/// `BALLISTIC_ERR_VERIFICATION` if any item is invalid.
pub(crate) unsafe fn verify_batch<T, D>(
    items: *const T,
    count: usize,
    invalid: *mut usize,
    invalid_count: *mut usize,
    decode: impl FnMut(&T) -> Result<D, c_int>,
    blame: impl FnOnce(&[Result<D, c_int>]) -> Vec<usize>,
) -> Result<(), c_int> {
    // SAFETY: the batch function's contract for `items`.
    let list = unsafe { crate::items(items, count) }?;
    if invalid_count.is_null() || (count > 0 && invalid.is_null()) {
        return Err(BALLISTIC_ERR_NULL_POINTER);
    }
    // SAFETY: checked non-null; writable by the batch function's contract.
    unsafe { *invalid_count = 0 };
    let decoded: Vec<Result<D, c_int>> = list.iter().map(decode).collect();
    let mut bad: Vec<usize> = decoded.iter().enumerate().filter(|(_, d)| d.is_err()).map(|(i, _)| i).collect();
    bad.extend(blame(&decoded));
    bad.sort_unstable();
    bad.dedup();
    // SAFETY: `invalid` has room for `count` ≥ bad.len() indices; `invalid_count` is writable.
    unsafe {
        if !bad.is_empty() {
            std::ptr::copy_nonoverlapping(bad.as_ptr(), invalid, bad.len());
        }
        *invalid_count = bad.len();
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(BALLISTIC_ERR_VERIFICATION)
    }
}

/// The decoded items `pick` takes (as the claims `verify` checks together)
/// that `verify` names invalid, by their indices in `decoded`. Items `pick`
/// turns down are neither verified nor named here: a caller that turns
/// any down must verify them in another pass (as Monero's two proof types
/// are, one pass each).
pub(crate) fn blamed<'a, T, C>(
    decoded: &'a [Result<T, c_int>],
    mut pick: impl FnMut(&'a T) -> Option<C>,
    verify: impl FnOnce(&[C]) -> Result<(), BatchError>,
) -> Vec<usize> {
    let (kept, claims): (Vec<usize>, Vec<C>) =
        decoded.iter().enumerate().filter_map(|(i, d)| d.as_ref().ok().and_then(&mut pick).map(|c| (i, c))).unzip();
    match verify(&claims) {
        Ok(()) => Vec::new(),
        Err(e) => e.invalid.iter().filter_map(|(k, _)| kept.get(*k).copied()).collect(),
    }
}

/// A decoded proof of the library's own with its statement and the
/// verifier's transcript.
pub(crate) type Claimed<G, P> = (P, <P as Verifiable<G>>::Statement, Transcript);

/// Verify one decoded proof.
pub(crate) fn verify_claimed<G: Group, P: Verifiable<G, Context = Transcript>>(
    gens: &Generators<G>,
    (proof, statement, mut transcript): Claimed<G, P>,
) -> Result<(), c_int> {
    verify_dyn(gens, &proof, &statement, &mut transcript, &mut rng()).map_err(|e| code(&e))
}

/// The decoded proofs of the library's own that a batch of them (one
/// multiscalar multiplication) names invalid.
pub(crate) fn blamed_claimed<G, P>(gens: &Generators<G>, decoded: &[Result<Claimed<G, P>, c_int>]) -> Vec<usize>
where
    G: Group,
    P: Verifiable<G, Context = Transcript> + Sync,
    P::Statement: Sync,
{
    blamed(
        decoded,
        |(proof, statement, transcript)| Some(Item::new(proof, statement, transcript.clone())),
        |items: &[Item<'_, G, P>]| {
            let claims: Vec<&dyn Claim<G>> = items.iter().map(|item| item as &dyn Claim<G>).collect();
            batch::verify(gens, &claims, &mut rng())
        },
    )
}

/// A length query: `BALLISTIC_ERR_NULL_POINTER` if `len` is NULL (checked
/// first), else `*len` set to the length `n` gives.
pub(crate) unsafe fn length(len: *mut usize, n: impl FnOnce() -> Result<usize, c_int>) -> c_int {
    guard(|| {
        if len.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let n = n()?;
        // SAFETY: checked non-null; writable by the calling function's contract.
        unsafe { *len = n };
        Ok(())
    })
}

/// A static, NUL-terminated English description of a status code.
///
/// Returns: a pointer to a string that lives as long as the library (never NULL).
/// In: `status`: a value returned by a ballistic function.
#[no_mangle]
pub extern "C" fn ballistic_status_message(status: c_int) -> *const c_char {
    let text: &'static [u8] = match status {
        BALLISTIC_OK => b"success\0",
        BALLISTIC_ERR_NULL_POINTER => b"a required pointer is NULL\0",
        BALLISTIC_ERR_BUFFER_TOO_SMALL => b"an output buffer is too short\0",
        BALLISTIC_ERR_ARGUMENT => b"an argument is out of its domain\0",
        BALLISTIC_ERR_SCALAR => b"a scalar is not canonical\0",
        BALLISTIC_ERR_DECODE => b"malformed proof or point encoding\0",
        BALLISTIC_ERR_STATEMENT => b"malformed statement\0",
        BALLISTIC_ERR_VERIFICATION => b"the proof does not verify\0",
        BALLISTIC_ERR_PROVER => b"the prover refused its input\0",
        BALLISTIC_ERR_CAPACITY => b"the context's generators are too few for this proof\0",
        BALLISTIC_ERR_RECOVERY => b"owner recovery found no opening\0",
        BALLISTIC_ERR_UNSUPPORTED => b"an option this function does not take is set\0",
        BALLISTIC_ERR_CIRCUIT => b"malformed circuit, inputs or circuit proof file\0",
        BALLISTIC_ERR_WRONG_GROUP => b"the proof is for another group\0",
        BALLISTIC_ERR_INTERNAL => b"internal error\0",
        BALLISTIC_ERR_OPTIONS => b"unknown ballistic_options version (bad magic)\0",
        _ => b"unknown status code\0",
    };
    text.as_ptr() as *const c_char
}

/// Create a context: the generators of `group` for proofs of up to
/// `party_capacity` chains of `gens_capacity` generators each.
///
/// Returns: a new context (free it with `ballistic_context_destroy`), or
///          NULL if `group` is unknown, a capacity is 0, or their product
///          is above 2^16 (the largest range proof, 64 values of 64 bits,
///          needs 2^12).
/// In: `group`: `BALLISTIC_GROUP_RISTRETTO255`, `BALLISTIC_GROUP_SECP256K1` or `BALLISTIC_GROUP_ED25519`.
///     `gens_capacity`, `party_capacity`: what a proof needs is given by
///     `ballistic_range_capacity` (Bulletproofs and Bulletproofs+ pad
///     `n·m` to a power of two, so 3 values of 64 bits need `(64, 4)` and
///     one value of 33 bits `(33, 2)`); `(64, M)` covers every system for
///     up to `M` 64-bit values when `M` is a power of two; an interval
///     proof needs at most `(64, 4)`. Deriving generators costs about one
///     hash-to-curve per generator, once.
#[no_mangle]
pub extern "C" fn ballistic_context_create(
    group: c_int,
    gens_capacity: usize,
    party_capacity: usize,
) -> *mut ballistic_context {
    const MAX: usize = 1 << 16;
    let made = catch_unwind(|| {
        let group = group_id(group).ok()?;
        if gens_capacity == 0 || party_capacity == 0 || gens_capacity.saturating_mul(party_capacity) > MAX {
            return None;
        }
        let gens = match group {
            GroupId::Ristretto255 => {
                Gens::Ristretto255(GroupGens { gens: Generators::new(gens_capacity, party_capacity) })
            }
            GroupId::Secp256k1 => Gens::Secp256k1(GroupGens { gens: Generators::new(gens_capacity, party_capacity) }),
            GroupId::Ed25519 => Gens::Ed25519(GroupGens { gens: Generators::new(gens_capacity, party_capacity) }),
        };
        Some(Box::into_raw(Box::new(ballistic_context { gens })))
    });
    made.ok().flatten().unwrap_or(std::ptr::null_mut())
}

/// Copy a context.
///
/// Returns: a new context (free it with `ballistic_context_destroy`), or NULL if `ctx` is NULL.
/// Args: `ctx`: an existing context.
#[no_mangle]
pub unsafe extern "C" fn ballistic_context_clone(ctx: *const ballistic_context) -> *mut ballistic_context {
    // SAFETY: NULL or a context pointer (the function's contract).
    let made = catch_unwind(|| unsafe { context(ctx) }.ok().map(|c| ballistic_context { gens: c.gens.clone() }));
    match made {
        Ok(Some(copy)) => Box::into_raw(Box::new(copy)),
        _ => std::ptr::null_mut(),
    }
}

/// Free a context. NULL is ignored.
///
/// Args: `ctx`: a context from `ballistic_context_create` or `ballistic_context_clone`, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn ballistic_context_destroy(ctx: *mut ballistic_context) {
    if !ctx.is_null() {
        // SAFETY: the pointer came from Box::into_raw in create/clone and is freed once.
        let _ = catch_unwind(AssertUnwindSafe(|| drop(unsafe { Box::from_raw(ctx) })));
    }
}

/// The context's group and point length.
///
/// Returns: `BALLISTIC_OK`, or `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `ctx`: a context.
/// Out: `group` (may be NULL): `BALLISTIC_GROUP_*`;
///      `point_len` (may be NULL): bytes per point (commitment): 32 or 33.
#[no_mangle]
pub unsafe extern "C" fn ballistic_context_group(
    ctx: *const ballistic_context,
    group: *mut c_int,
    point_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the function's contract.
        let ctx = unsafe { context(ctx) }?;
        let (id, len) = match ctx.gens.group() {
            GroupId::Ristretto255 => (BALLISTIC_GROUP_RISTRETTO255, Ristretto255::POINT_LEN),
            GroupId::Secp256k1 => (BALLISTIC_GROUP_SECP256K1, Secp256k1::POINT_LEN),
            GroupId::Ed25519 => (BALLISTIC_GROUP_ED25519, Ed25519::POINT_LEN),
        };
        // SAFETY: each is NULL or a writable pointer (the function's contract).
        unsafe {
            if let Some(g) = group.as_mut() {
                *g = id;
            }
            if let Some(l) = point_len.as_mut() {
                *l = len;
            }
        }
        Ok(())
    })
}
