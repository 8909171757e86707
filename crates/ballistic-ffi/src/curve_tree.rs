//! Curve Trees key ownership: a tree of secp256k1 public keys (built from a
//! keys file or loaded from a key tree file, checked against its root), and
//! proofs that one of its keys is the caller's, with one key image per key
//! and context (ownership proof files, the JSON `ballistic tree prove`
//! writes). Building, checking, proving and verifying are the library's
//! (`ballistic::file`, `KeyTreeFile` and `OwnershipProofFile`); this module
//! converts bytes and maps errors to status codes.

use std::os::raw::c_int;

use ballistic::file::{
    parse_key_lines, FileError, KeyTree, KeyTreeFile, OwnershipProofFile, OwnershipStatement, OwnershipVerifierCache,
};
use ballistic::group::Group;
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::{Secp256k1, Secq256k1};
use zeroize::Zeroizing;

use crate::{
    array, bytes, code, guard, items, Out, BALLISTIC_ERR_ARGUMENT, BALLISTIC_ERR_BUFFER_TOO_SMALL,
    BALLISTIC_ERR_DECODE, BALLISTIC_ERR_FILE, BALLISTIC_ERR_INTERNAL, BALLISTIC_ERR_KEY_IMAGE_REUSED,
    BALLISTIC_ERR_NULL_POINTER, BALLISTIC_ERR_PROVER, BALLISTIC_ERR_STATEMENT, BALLISTIC_ERR_VERIFICATION,
    BALLISTIC_ERR_WRONG_GROUP, BALLISTIC_OK, BALLISTIC_SCALAR_LEN,
};

/// Length of a key tree's root: the top node's compressed encoding (a
/// secp256k1 point for an even depth, a secq256k1 point for an odd one).
pub const BALLISTIC_KEY_TREE_ROOT_LEN: usize = 33;
/// Length of a key image: the x-coordinate of the image point `I`,
/// big-endian (`I` and `−I` are one image, as a key and its negation are
/// one key: whoever holds one holds the other).
pub const BALLISTIC_KEY_IMAGE_LEN: usize = 32;
/// The most levels a key tree has (the length of its branching array).
pub const BALLISTIC_KEY_TREE_MAX_DEPTH: usize = 8;

// The header's constants are the library's.
const _: () = assert!(BALLISTIC_KEY_TREE_MAX_DEPTH == ballistic::curve_tree::MAX_DEPTH);
const _: () = assert!(BALLISTIC_KEY_TREE_ROOT_LEN == Secp256k1::POINT_LEN);
const _: () = assert!(BALLISTIC_KEY_TREE_ROOT_LEN == Secq256k1::POINT_LEN);

type Key = <Secp256k1 as Group>::Scalar;

/// A tree of secp256k1 public keys: its file (keys, branching, root) and
/// the tree the library built from it, so that proving does not rebuild it.
/// Created by `ballistic_key_tree_build` or `ballistic_key_tree_load`,
/// freed by `ballistic_key_tree_destroy`; never modified after creation,
/// so one tree may be used from several threads at once.
pub struct ballistic_key_tree {
    file: KeyTreeFile,
    built: KeyTree,
}

// Shared between threads, as documented.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<ballistic_key_tree>();
};

/// An error of a file's contents (a keys file, a key tree file, an
/// ownership proof file), or of a proof against the verifier's statement.
fn file_code(e: &FileError) -> c_int {
    match e {
        FileError::Proof(e) | FileError::Decode(e) => code(e),
        FileError::WrongGroup { .. } => BALLISTIC_ERR_WRONG_GROUP,
        FileError::Hex { .. } => BALLISTIC_ERR_DECODE,
        FileError::RootMismatch | FileError::WrongScope { .. } | FileError::BranchingMismatch { .. } => {
            BALLISTIC_ERR_VERIFICATION
        }
        FileError::KeyNotInTree => BALLISTIC_ERR_PROVER,
        FileError::KeyImageReused { .. } => BALLISTIC_ERR_KEY_IMAGE_REUSED,
        _ => BALLISTIC_ERR_FILE,
    }
}

/// An error of a call whose caller gave the branching, context or message
/// (building, proving, verifying against the caller's statement): those
/// fields refused are the caller's arguments, the rest as [`file_code`].
fn call_code(e: &FileError) -> c_int {
    match e {
        FileError::Field { field: "context" | "message", .. } => BALLISTIC_ERR_ARGUMENT,
        FileError::Field { field: "branching" | "root", .. } => BALLISTIC_ERR_STATEMENT,
        e => file_code(e),
    }
}

/// `depth` branching factors (NULL allowed when `depth` is 0). A depth over
/// `BALLISTIC_KEY_TREE_MAX_DEPTH` is `BALLISTIC_ERR_STATEMENT` before the
/// array is read (the library refuses it too).
unsafe fn branching<'a>(ptr: *const usize, depth: usize) -> Result<&'a [usize], c_int> {
    if depth > BALLISTIC_KEY_TREE_MAX_DEPTH {
        return Err(BALLISTIC_ERR_STATEMENT);
    }
    // SAFETY: `depth` readable values at `ptr` (the caller's contract).
    unsafe { items(ptr, depth) }
}

/// UTF-8 text (`BALLISTIC_ERR_ARGUMENT` if it is not).
unsafe fn text<'a>(ptr: *const u8, len: usize) -> Result<&'a str, c_int> {
    // SAFETY: the caller's contract for (ptr, len).
    std::str::from_utf8(unsafe { bytes(ptr, len) }?).map_err(|_| BALLISTIC_ERR_ARGUMENT)
}

/// The verifier's statement: the root (33 bytes), the branching, the
/// context and the message (UTF-8), read in that order.
unsafe fn statement(
    root: *const u8,
    branching: *const usize,
    depth: usize,
    context: *const u8,
    context_len: usize,
    message: *const u8,
    message_len: usize,
) -> Result<OwnershipStatement, c_int> {
    // SAFETY (all blocks below): the calling function's contract for each pointer.
    let root = unsafe { array::<BALLISTIC_KEY_TREE_ROOT_LEN>(root) }?;
    let branching = unsafe { self::branching(branching, depth) }?;
    let context = unsafe { text(context, context_len) }?;
    let message = unsafe { text(message, message_len) }?;
    Ok(OwnershipStatement {
        root: to_hex(root),
        branching: branching.to_vec(),
        context: context.into(),
        message: message.into(),
    })
}

/// Bytes of a fixed length from the library's hex (a root, a key image).
fn unhex<const N: usize>(hex: &str) -> Result<[u8; N], c_int> {
    from_hex(hex).and_then(|b| <[u8; N]>::try_from(b).ok()).ok_or(BALLISTIC_ERR_INTERNAL)
}

/// Put a new tree in `*out` (checked non-NULL by the caller).
unsafe fn hand_over(out: *mut *mut ballistic_key_tree, file: KeyTreeFile, built: KeyTree) {
    let made = Box::into_raw(Box::new(ballistic_key_tree { file, built }));
    // SAFETY: `out` is non-NULL and writable (the calling function's contract).
    unsafe { *out = made };
}

/// Build the tree of the keys of a keys file: one key per line, SEC1
/// compressed (66 lowercase hex digits) or BIP-340 x-only (64: the point
/// with an even y); blank lines are skipped. Two keys with one x (a key
/// twice, or a key and its negation) are refused.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_FILE` (a line that is not a key,
///          two keys with one x, no keys, more than the branching holds,
///          more than 2^21, a file over the library's limit);
///          `BALLISTIC_ERR_STATEMENT` (a branching of other than 1 to
///          `BALLISTIC_KEY_TREE_MAX_DEPTH` levels of 2 to 4096 children);
///          `BALLISTIC_ERR_NULL_POINTER`. On failure `*tree` is set to NULL.
/// In: `keys`, `keys_len`: the keys file's bytes;
///     `branching`, `depth`: the number of children of each level's nodes,
///     from the leaves up (the library's default shape for the number of
///     keys: NULL, 0). Building costs one multiscalar multiplication per
///     node, with generators for the shape (from the generator store for
///     large shapes, as `ballistic_context_create`).
/// Out: `tree`: the tree (free it with `ballistic_key_tree_destroy`).
#[no_mangle]
pub unsafe extern "C" fn ballistic_key_tree_build(
    keys: *const u8,
    keys_len: usize,
    branching: *const usize,
    depth: usize,
    tree: *mut *mut ballistic_key_tree,
) -> c_int {
    guard(|| {
        if tree.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        // SAFETY (all blocks below): the function's contract for each pointer.
        unsafe { *tree = std::ptr::null_mut() };
        let text = unsafe { bytes(keys, keys_len) }?;
        let shape =
            if branching.is_null() && depth == 0 { None } else { Some(unsafe { self::branching(branching, depth) }?) };
        let parsed = parse_key_lines(text).map_err(|e| call_code(&e))?;
        let (file, built) = KeyTreeFile::build(crate::generator_store(), shape, &parsed).map_err(|e| call_code(&e))?;
        unsafe { hand_over(tree, file, built) };
        Ok(())
    })
}

/// Load a key tree file (the JSON `ballistic_key_tree_json` and `ballistic
/// tree build` write): the tree is rebuilt from its keys and refused unless
/// it has the file's root.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_FILE` (not a key tree file, a key
///          that is not a point, two keys with one x, a shape out of range or
///          that does not hold the keys, keys that do not give the file's
///          root); `BALLISTIC_ERR_NULL_POINTER`. On failure `*tree` is set to NULL.
/// In: `json`, `json_len`: the file's bytes.
/// Out: `tree`: the tree (free it with `ballistic_key_tree_destroy`).
#[no_mangle]
pub unsafe extern "C" fn ballistic_key_tree_load(
    json: *const u8,
    json_len: usize,
    tree: *mut *mut ballistic_key_tree,
) -> c_int {
    guard(|| {
        if tree.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        // SAFETY (all blocks below): the function's contract for each pointer.
        unsafe { *tree = std::ptr::null_mut() };
        let text = unsafe { bytes(json, json_len) }?;
        let file = KeyTreeFile::from_json(text).map_err(|_| BALLISTIC_ERR_FILE)?;
        let built = file.tree(crate::generator_store()).map_err(|_| BALLISTIC_ERR_FILE)?;
        unsafe { hand_over(tree, file, built) };
        Ok(())
    })
}

/// Free a key tree. NULL is ignored.
///
/// Args: `tree`: from `ballistic_key_tree_build` or `ballistic_key_tree_load`, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn ballistic_key_tree_destroy(tree: *mut ballistic_key_tree) {
    if !tree.is_null() {
        // SAFETY: the pointer came from Box::into_raw in build/load and is freed once.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(unsafe { Box::from_raw(tree) })));
    }
}

/// The tree as a key tree file (UTF-8 JSON, not NUL-terminated: the keys,
/// SEC1 compressed, the branching and the root), which
/// `ballistic_key_tree_load` and `ballistic tree` read.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_BUFFER_TOO_SMALL` (the length
///          needed is in `*json_len`); `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `tree`: a key tree.
/// Out: `json`, `json_len`: in, the buffer's capacity; out, the length written.
#[no_mangle]
pub unsafe extern "C" fn ballistic_key_tree_json(
    tree: *const ballistic_key_tree,
    json: *mut u8,
    json_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let tree = unsafe { tree.as_ref() }.ok_or(BALLISTIC_ERR_NULL_POINTER)?;
        let out = Out::new(json, json_len)?;
        unsafe { out.write(tree.file.to_json().as_bytes()) }
    })
}

/// The tree's root and shape: what a verifier needs
/// (`ballistic_ownership_verify`).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_BUFFER_TOO_SMALL` (the depth is
///          in `*depth`; `root` is written all the same);
///          `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `tree`: a key tree.
/// Out: `root`: `BALLISTIC_KEY_TREE_ROOT_LEN` bytes;
///      `branching`, `depth`: in, room for `*depth` values (NULL with 0: a
///      query; `BALLISTIC_KEY_TREE_MAX_DEPTH` always suffices); out, the
///      tree's depth, and its branching from the leaves up.
#[no_mangle]
pub unsafe extern "C" fn ballistic_key_tree_root(
    tree: *const ballistic_key_tree,
    root: *mut u8,
    branching: *mut usize,
    depth: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let tree = unsafe { tree.as_ref() }.ok_or(BALLISTIC_ERR_NULL_POINTER)?;
        let capacity = unsafe { depth.as_ref() }.copied().ok_or(BALLISTIC_ERR_NULL_POINTER)?;
        if root.is_null() || (branching.is_null() && capacity > 0) {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let bytes = unhex::<BALLISTIC_KEY_TREE_ROOT_LEN>(&tree.file.root)?;
        let shape = &tree.file.branching;
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), root, BALLISTIC_KEY_TREE_ROOT_LEN);
            *depth = shape.len();
        }
        if capacity < shape.len() {
            return Err(BALLISTIC_ERR_BUFFER_TOO_SMALL);
        }
        // SAFETY: room for `capacity` ≥ shape.len() values at `branching`, non-NULL when above 0.
        unsafe {
            if !shape.is_empty() {
                std::ptr::copy_nonoverlapping(shape.as_ptr(), branching, shape.len());
            }
        }
        Ok(())
    })
}

/// Prove ownership of the key of `seckey` in the tree, for `context` and
/// `message`, without saying which key: an ownership proof file (JSON:
/// root, branching, context, message, key image, proof), the format
/// `ballistic tree prove` writes. The key image is the same for every
/// proof of one key in one context (verifiers count uses by it); the
/// message binds the proof to one use (a session, the verifier's nonce).
/// The secret key is read and looked up among the tree's keys in constant
/// time (an x-only key proves with its secret key whatever its y).
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_PROVER` (the key's public key is
///          not in the tree; a zero key); `BALLISTIC_ERR_SCALAR` (a key not
///          below the group order); `BALLISTIC_ERR_ARGUMENT` (context or
///          message not UTF-8, an empty context, either over 65,536 bytes);
///          `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `tree`: a key tree.
/// In: `seckey`: 32 secret bytes, big-endian (libsecp256k1's secret keys);
///     `context`, `context_len`: the key image's context (UTF-8, not empty);
///     `message`, `message_len`: the message of this use (UTF-8, may be empty).
/// Out: `proof_file`: a new buffer of UTF-8 JSON, not NUL-terminated (free it
///      with `ballistic_bytes_free`); `proof_file_len`: its length. Both are
///      left unchanged on failure.
#[no_mangle]
pub unsafe extern "C" fn ballistic_ownership_prove(
    tree: *const ballistic_key_tree,
    seckey: *const u8,
    context: *const u8,
    context_len: usize,
    message: *const u8,
    message_len: usize,
    proof_file: *mut *mut u8,
    proof_file_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let tree = unsafe { tree.as_ref() }.ok_or(BALLISTIC_ERR_NULL_POINTER)?;
        let seckey = unsafe { array::<BALLISTIC_SCALAR_LEN>(seckey) }?;
        let context = unsafe { text(context, context_len) }?;
        let message = unsafe { text(message, message_len) }?;
        if proof_file.is_null() || proof_file_len.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let key = secret_key(seckey)?;
        let key = key.first().ok_or(BALLISTIC_ERR_INTERNAL)?;
        let made = OwnershipProofFile::prove_in(&tree.built, key, context, message, &mut rand_core::OsRng)
            .map_err(|e| call_code(&e))?;
        let boxed: Box<[u8]> = made.to_json().into_bytes().into_boxed_slice();
        let len = boxed.len();
        unsafe {
            *proof_file = Box::into_raw(boxed) as *mut u8;
            *proof_file_len = len;
        }
        Ok(())
    })
}

/// A secret key of 32 bytes big-endian as the library's scalar: reversed
/// into a zeroizing little-endian copy and read in constant time up to the
/// verdict by `range::blindings` (`BALLISTIC_ERR_SCALAR` unless below the
/// group order, `BALLISTIC_ERR_PROVER` for zero, as a zero blinding).
fn secret_key(be: &[u8; BALLISTIC_SCALAR_LEN]) -> Result<Zeroizing<Vec<Key>>, c_int> {
    let mut le = Zeroizing::new([0u8; BALLISTIC_SCALAR_LEN]);
    for (to, from) in le.iter_mut().zip(be.iter().rev()) {
        *to = *from;
    }
    crate::range::blindings::<Secp256k1>(&le[..], 1)
}

/// The process's ownership verifiers, one per tree shape recently used
/// (the generators and prepared circuits of a shape, made once: a second
/// verification of a shape skips about a third of the first's time).
fn verifiers() -> &'static OwnershipVerifierCache {
    static CACHE: std::sync::OnceLock<OwnershipVerifierCache> = std::sync::OnceLock::new();
    CACHE.get_or_init(|| OwnershipVerifierCache::new(crate::generator_store().clone()))
}

/// The outcome of each proof file against the statement, in order: its key
/// image, or a status code. `files` holds each file's bytes, or the status
/// code of an item whose pointers were refused. Headers are parsed here;
/// the files that parse are verified together by the library.
fn verify_files(
    statement: &OwnershipStatement,
    files: &[Result<&[u8], c_int>],
) -> Vec<Result<[u8; BALLISTIC_KEY_IMAGE_LEN], c_int>> {
    let mut out: Vec<Result<[u8; BALLISTIC_KEY_IMAGE_LEN], c_int>> = Vec::with_capacity(files.len());
    let (mut kept, mut parsed) = (Vec::new(), Vec::new());
    for (i, file) in files.iter().enumerate() {
        match file.and_then(|text| OwnershipProofFile::from_json(text).map_err(|e| file_code(&e))) {
            Ok(f) => {
                kept.push(i);
                parsed.push(Ok(f));
                // Replaced by the library's verdict below.
                out.push(Err(BALLISTIC_ERR_INTERNAL));
            }
            Err(c) => out.push(Err(c)),
        }
    }
    let results = verifiers().verify(&parsed, statement, &mut crate::rng());
    for (i, result) in kept.into_iter().zip(results) {
        if let Some(slot) = out.get_mut(i) {
            *slot = result.map_err(|e| call_code(&e)).and_then(|image| unhex::<BALLISTIC_KEY_IMAGE_LEN>(&image));
        }
    }
    out
}

/// Verify an ownership proof file against the verifier's statement: its
/// tree (root and branching), context and message. A file claiming another
/// of any of them is refused before its proof is decoded.
///
/// Returns: `BALLISTIC_OK` if the proof proves that its prover holds the
///          secret key of one of the tree's keys, for this context and
///          message (`key_image` is then written); `BALLISTIC_ERR_VERIFICATION`
///          if not (a file for another root, branching, context or message
///          included); `BALLISTIC_ERR_DECODE` (the proof's bytes or hex);
///          `BALLISTIC_ERR_FILE` (not an ownership proof file, a key image
///          that is not the proof's); `BALLISTIC_ERR_WRONG_GROUP` (a file of
///          another group); `BALLISTIC_ERR_STATEMENT` (a root that is not a
///          point of the top level's curve, a branching out of range);
///          `BALLISTIC_ERR_ARGUMENT` (context or message not UTF-8, an empty
///          context, either over 65,536 bytes); `BALLISTIC_ERR_NULL_POINTER`.
/// In: `root`: `BALLISTIC_KEY_TREE_ROOT_LEN` bytes and `branching`, `depth`:
///     the verifier's tree (`ballistic_key_tree_root`; never the proof
///     file's); `context`, `context_len`, `message`, `message_len`: the
///     verifier's (UTF-8); `proof_file`, `proof_file_len`: the file's bytes.
/// Out: `key_image`: `BALLISTIC_KEY_IMAGE_LEN` bytes (the image's
///      x-coordinate, as the file's `key_image`), written only on success:
///      the same for every proof of one key in one context (remembering the
///      images seen is the application's).
#[no_mangle]
pub unsafe extern "C" fn ballistic_ownership_verify(
    root: *const u8,
    branching: *const usize,
    depth: usize,
    context: *const u8,
    context_len: usize,
    message: *const u8,
    message_len: usize,
    proof_file: *const u8,
    proof_file_len: usize,
    key_image: *mut u8,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let statement = unsafe { statement(root, branching, depth, context, context_len, message, message_len) }?;
        let file = unsafe { bytes(proof_file, proof_file_len) }?;
        if key_image.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let image = verify_files(&statement, &[Ok(file)]).pop().unwrap_or(Err(BALLISTIC_ERR_INTERNAL))?;
        unsafe { std::ptr::copy_nonoverlapping(image.as_ptr(), key_image, BALLISTIC_KEY_IMAGE_LEN) };
        Ok(())
    })
}

/// One ownership proof file in a batch.
#[repr(C)]
#[derive(Copy, Clone)]
pub struct ballistic_ownership_item {
    /// The file's bytes (JSON).
    pub proof_file: *const u8,
    /// Their length.
    pub proof_file_len: usize,
}

/// Verify ownership proof files against one statement together (in
/// batches of one multiscalar multiplication when all are valid), name the
/// invalid ones and give each valid one's key image. A valid file whose
/// key image an earlier valid file of the call carries (one key used twice
/// in the context) is invalid, with status `BALLISTIC_ERR_KEY_IMAGE_REUSED`.
///
/// Returns: `BALLISTIC_OK` if every file verifies (`*invalid_count` = 0);
///          `BALLISTIC_ERR_VERIFICATION` if some do not: their indices, in
///          increasing order, are in `invalid[0 .. *invalid_count]`. A file
///          `ballistic_ownership_verify` would refuse for any reason (NULL
///          with a length included), or refused when the statement's root or
///          branching is malformed (every file then), counts as invalid.
///          `BALLISTIC_ERR_ARGUMENT` (context or message not UTF-8);
///          `BALLISTIC_ERR_STATEMENT` (a depth over `BALLISTIC_KEY_TREE_MAX_DEPTH`);
///          `BALLISTIC_ERR_NULL_POINTER` if `root`, `branching` (with
///          depth > 0), `items`, `key_images` or `invalid` (with count > 0)
///          or `invalid_count` is NULL. `*invalid_count` is 0 unless the
///          call returns `BALLISTIC_ERR_VERIFICATION`.
/// In: `root`, `branching`, `depth`, `context`, `context_len`, `message`,
///     `message_len`: the verifier's statement, as `ballistic_ownership_verify`;
///     `items`, `count`: the files.
/// Out: `key_images`: room for `count` · `BALLISTIC_KEY_IMAGE_LEN` bytes: each
///      valid file's key image at its index, zeros for an invalid one;
///      `invalid`: room for `count` indices; `invalid_count`: how many were
///      written; `statuses` (may be NULL): room for `count` status codes,
///      each file's (`BALLISTIC_OK`, or why it is invalid, as
///      `ballistic_ownership_verify` returns it; written unless the call
///      returns other than `BALLISTIC_OK` or `BALLISTIC_ERR_VERIFICATION`).
#[no_mangle]
pub unsafe extern "C" fn ballistic_ownership_verify_batch(
    root: *const u8,
    branching: *const usize,
    depth: usize,
    context: *const u8,
    context_len: usize,
    message: *const u8,
    message_len: usize,
    items: *const ballistic_ownership_item,
    count: usize,
    key_images: *mut u8,
    invalid: *mut usize,
    invalid_count: *mut usize,
    statuses: *mut c_int,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let list = unsafe { crate::items(items, count) }?;
        if invalid_count.is_null() || (count > 0 && (invalid.is_null() || key_images.is_null())) {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let images_len = count.checked_mul(BALLISTIC_KEY_IMAGE_LEN).ok_or(BALLISTIC_ERR_ARGUMENT)?;
        unsafe {
            *invalid_count = 0;
            if count > 0 {
                std::ptr::write_bytes(key_images, 0, images_len);
            }
        }
        let statement = unsafe { statement(root, branching, depth, context, context_len, message, message_len) }?;
        let files: Vec<Result<&[u8], c_int>> =
            list.iter().map(|item| unsafe { bytes(item.proof_file, item.proof_file_len) }).collect();
        let results = verify_files(&statement, &files);
        let mut bad = Vec::new();
        for (i, result) in results.iter().enumerate() {
            let status = match result {
                Ok(image) => {
                    // SAFETY: room for `count` images at `key_images`; i < count.
                    unsafe {
                        let at = key_images.add(i * BALLISTIC_KEY_IMAGE_LEN);
                        std::ptr::copy_nonoverlapping(image.as_ptr(), at, BALLISTIC_KEY_IMAGE_LEN);
                    }
                    BALLISTIC_OK
                }
                Err(c) => {
                    bad.push(i);
                    *c
                }
            };
            // SAFETY: NULL, or room for `count` codes; i < count.
            if !statuses.is_null() {
                unsafe { *statuses.add(i) = status };
            }
        }
        // SAFETY: `invalid` has room for `count` ≥ bad.len() indices; `invalid_count` is writable.
        unsafe { crate::report_invalid(&bad, invalid, invalid_count) }
    })
}
