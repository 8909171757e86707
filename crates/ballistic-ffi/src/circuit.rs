//! Circuits from Pinocchio `.arith` files: parse, prove (a circuit proof
//! file, the JSON the CLI writes) and verify.

use std::os::raw::c_int;
use std::sync::Arc;

use ballistic::circuit::{Circuit, PreparedCircuit};
use ballistic::file::{verify_circuit_files, CircuitProofFile, FileError};

use crate::{
    ballistic_context, bytes, code, context, guard, with_gens, BALLISTIC_ERR_ARGUMENT, BALLISTIC_ERR_CIRCUIT,
    BALLISTIC_ERR_NULL_POINTER, BALLISTIC_ERR_WRONG_GROUP,
};

/// A parsed arithmetic circuit (Pinocchio `.arith`, either dialect).
/// Created by `ballistic_circuit_parse`, freed by `ballistic_circuit_destroy`.
pub struct ballistic_circuit {
    circuit: Arc<Circuit>,
}

fn file_code(e: &FileError) -> c_int {
    match e {
        FileError::Proof(e) | FileError::Decode(e) => code(e),
        FileError::WrongGroup { .. } => BALLISTIC_ERR_WRONG_GROUP,
        FileError::LabelTooLong { .. } => BALLISTIC_ERR_ARGUMENT,
        _ => BALLISTIC_ERR_CIRCUIT,
    }
}

/// Parse a circuit (`.arith` text, or gzip-compressed text), within the
/// library's default limits on lines, gates and decompressed size.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_CIRCUIT` (malformed or over a
///          limit; `*circuit` is set to NULL); `BALLISTIC_ERR_NULL_POINTER`.
/// In: `arith`, `arith_len`: the file's bytes.
/// Out: `circuit`: the circuit (free it with `ballistic_circuit_destroy`).
#[no_mangle]
pub unsafe extern "C" fn ballistic_circuit_parse(
    arith: *const u8,
    arith_len: usize,
    circuit: *mut *mut ballistic_circuit,
) -> c_int {
    guard(|| {
        if circuit.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        // SAFETY: `circuit` is writable (checked non-null; the function's contract).
        unsafe { *circuit = std::ptr::null_mut() };
        // SAFETY: the function's contract for (arith, arith_len).
        let text = unsafe { bytes(arith, arith_len) }?;
        let gzip = text.starts_with(&[0x1f, 0x8b]);
        let parsed = Circuit::from_reader(text, gzip).map_err(|_| BALLISTIC_ERR_CIRCUIT)?;
        let made = Box::into_raw(Box::new(ballistic_circuit { circuit: Arc::new(parsed) }));
        // SAFETY: as above.
        unsafe { *circuit = made };
        Ok(())
    })
}

/// Free a circuit. NULL is ignored.
///
/// Args: `circuit`: from `ballistic_circuit_parse`, not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn ballistic_circuit_destroy(circuit: *mut ballistic_circuit) {
    if !circuit.is_null() {
        // SAFETY: the pointer came from Box::into_raw in ballistic_circuit_parse and is freed once.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| drop(unsafe { Box::from_raw(circuit) })));
    }
}

/// Prove that the circuit, on the given inputs, gives its outputs, on the
/// context's group. The result is a circuit proof file (JSON: group, label,
/// public inputs, outputs and the proof), the format `ballistic circuit
/// prove` writes. The prover derives the generators the circuit needs.
///
/// Returns: `BALLISTIC_OK`; `BALLISTIC_ERR_CIRCUIT` (malformed inputs);
///          `BALLISTIC_ERR_PROVER` (the inputs do not satisfy the circuit);
///          `BALLISTIC_ERR_ARGUMENT` (label not UTF-8 or over 1024 bytes);
///          `BALLISTIC_ERR_CAPACITY` (too large for one proof); `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `ctx`: a context (its group); `circuit`: a parsed circuit.
/// In: `inputs`, `inputs_len`: the inputs in `.in` format (secret witness values included);
///     `label`, `label_len`: the transcript label (UTF-8).
/// Out: `proof_file`: a new buffer of UTF-8 JSON, not NUL-terminated (free it
///      with `ballistic_bytes_free`); `proof_file_len`: its length. Both are
///      left unchanged on failure.
#[no_mangle]
pub unsafe extern "C" fn ballistic_circuit_prove(
    ctx: *const ballistic_context,
    circuit: *const ballistic_circuit,
    inputs: *const u8,
    inputs_len: usize,
    label: *const u8,
    label_len: usize,
    proof_file: *mut *mut u8,
    proof_file_len: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let circuit = unsafe { circuit.as_ref() }.ok_or(BALLISTIC_ERR_NULL_POINTER)?;
        let inputs = unsafe { bytes(inputs, inputs_len) }?;
        let label = std::str::from_utf8(unsafe { bytes(label, label_len) }?).map_err(|_| BALLISTIC_ERR_ARGUMENT)?;
        if proof_file.is_null() || proof_file_len.is_null() {
            return Err(BALLISTIC_ERR_NULL_POINTER);
        }
        let json = with_gens!(ctx, G, _gens => {
            let prepared = PreparedCircuit::<G>::new(circuit.circuit.clone()).map_err(|_| BALLISTIC_ERR_CIRCUIT)?;
            CircuitProofFile::prove::<G, _>(crate::generator_store(), &prepared, inputs, label, &mut rand_core::OsRng)
                .map_err(|e| file_code(&e))?
                .to_json()
        });
        let boxed: Box<[u8]> = json.into_bytes().into_boxed_slice();
        let len = boxed.len();
        unsafe {
            *proof_file = Box::into_raw(boxed) as *mut u8;
            *proof_file_len = len;
        }
        Ok(())
    })
}

/// Free a buffer returned by `ballistic_circuit_prove` or
/// `ballistic_ownership_prove`. NULL is ignored.
///
/// Args: `ptr`, `len`: the buffer and the length returned with it.
#[no_mangle]
pub unsafe extern "C" fn ballistic_bytes_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: (ptr, len) came from Box::<[u8]>::into_raw in this library and are freed once.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) })
        }));
    }
}

/// Verify a circuit proof file against a circuit.
///
/// Returns: `BALLISTIC_OK` if the proof proves that the circuit gives the
///          file's outputs on the file's public inputs; `BALLISTIC_ERR_VERIFICATION`
///          if not; `BALLISTIC_ERR_WRONG_GROUP` (the file is for another group
///          than the context's); `BALLISTIC_ERR_DECODE` (the proof bytes);
///          `BALLISTIC_ERR_CIRCUIT` (a malformed file, another circuit's size);
///          `BALLISTIC_ERR_ARGUMENT` (a label over 1024 bytes); `BALLISTIC_ERR_STATEMENT`
///          or `BALLISTIC_ERR_CAPACITY` (a proof the library refuses before
///          verifying: see the library's error kinds); `BALLISTIC_ERR_NULL_POINTER`.
/// Args: `ctx`: a context (its group); `circuit`: a parsed circuit.
/// In: `proof_file`, `proof_file_len`: the proof file's bytes.
#[no_mangle]
pub unsafe extern "C" fn ballistic_circuit_verify(
    ctx: *const ballistic_context,
    circuit: *const ballistic_circuit,
    proof_file: *const u8,
    proof_file_len: usize,
) -> c_int {
    guard(|| {
        // SAFETY (all blocks below): the function's contract for each pointer.
        let ctx = unsafe { context(ctx) }?;
        let circuit = unsafe { circuit.as_ref() }.ok_or(BALLISTIC_ERR_NULL_POINTER)?;
        let text = unsafe { bytes(proof_file, proof_file_len) }?;
        let file = CircuitProofFile::from_json(text).map_err(|e| file_code(&e))?;
        if file.group_id().map_err(|e| file_code(&e))? != ctx.gens.group() {
            return Err(BALLISTIC_ERR_WRONG_GROUP);
        }
        match verify_circuit_files(crate::generator_store(), &circuit.circuit, &[Ok(file)], &mut crate::rng()).pop() {
            None => Ok(()),
            Some((_, e)) => Err(file_code(&e)),
        }
    })
}
