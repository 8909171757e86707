//! A `#![no_std]` static library calling ballistic's verifiers: it links
//! only if nothing in ballistic's dependency tree (built with
//! `default-features = false`) links `std` — `std` brings its own
//! `#[panic_handler]`, and two are a duplicate `panic_impl` lang item.
//! Never run: the allocator below always fails.

#![no_std]

extern crate alloc;

use alloc::vec::Vec;
use core::alloc::{GlobalAlloc, Layout};

use ballistic::circuit::gadgets::range;
use ballistic::circuit::{Circuit, Limits};
use ballistic::circuit::{R1csProof, Verifier};
use ballistic::merlin::Transcript;
use ballistic::{Generators, Group, RangeProof, RangeProofPlus, RangeStatement, Ristretto255, Verifiable};
use rand_core::{impls, CryptoRng, Error, RngCore};

/// Never called; an allocator is required to link `alloc`.
struct NoAlloc;

// SAFETY: returning null is a valid (failing) allocation.
unsafe impl GlobalAlloc for NoAlloc {
    unsafe fn alloc(&self, _layout: Layout) -> *mut u8 {
        core::ptr::null_mut()
    }
    unsafe fn dealloc(&self, _ptr: *mut u8, _layout: Layout) {}
}

#[global_allocator]
static ALLOCATOR: NoAlloc = NoAlloc;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

/// The caller's randomness for the verifiers' weights (SplitMix64 over a
/// caller-supplied seed, built on rand_core's traits). A real integration
/// passes a cryptographic RNG (a hardware RNG, a seeded ChaCha): the
/// weights must be unpredictable to the prover.
struct CallerRng(u64);

impl RngCore for CallerRng {
    fn next_u32(&mut self) -> u32 {
        self.next_u64() as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        impls::fill_bytes_via_next(self, dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl CryptoRng for CallerRng {}

fn bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() {
        &[]
    } else {
        // SAFETY: the caller passes `len` readable bytes at `ptr`.
        unsafe { core::slice::from_raw_parts(ptr, len) }
    }
}

/// Verify, against one 32-byte Ristretto255 commitment `V` to a 32-bit
/// value: a Bulletproofs range proof, a Bulletproofs+ range proof and an
/// R1CS proof of the range gadget; also parse a `.arith` circuit from
/// memory. Returns a bit mask of what verified (bits 0–2) or parsed (bit 3).
#[no_mangle]
pub extern "C" fn ballistic_nostd_check(
    commitment: *const u8,
    range_proof: *const u8,
    range_proof_len: usize,
    plus_proof: *const u8,
    plus_proof_len: usize,
    r1cs_proof: *const u8,
    r1cs_proof_len: usize,
    circuit: *const u8,
    circuit_len: usize,
    seed: u64,
) -> u32 {
    let mut rng = CallerRng(seed);
    let gens = Generators::<Ristretto255>::new(64, 1);
    let Some(v) = Ristretto255::compressed_from_slice(bytes(commitment, 32)) else { return 0 };
    let mut ok = 0;

    if let (Ok(statement), Ok(proof)) =
        (RangeStatement::new(32, &[v]), RangeProof::<Ristretto255>::from_bytes(bytes(range_proof, range_proof_len)))
    {
        if proof.verify(&gens, &statement, &mut Transcript::new(b"nostd"), &mut rng).is_ok() {
            ok |= 1;
        }
    }
    if let (Ok(statement), Ok(proof)) =
        (RangeStatement::new(32, &[v]), RangeProofPlus::<Ristretto255>::from_bytes(bytes(plus_proof, plus_proof_len)))
    {
        if proof.verify(&gens, &statement, &mut Transcript::new(b"nostd"), &mut rng).is_ok() {
            ok |= 2;
        }
    }
    if let Ok(proof) = R1csProof::<Ristretto255>::from_bytes(bytes(r1cs_proof, r1cs_proof_len)) {
        let mut verifier = Verifier::<Ristretto255>::new(Transcript::new(b"nostd"));
        let var = verifier.commit(v);
        if range(&mut verifier, var.into(), None, 32).is_ok()
            && verifier.verify_with_rng(&gens, &proof, &mut rng).is_ok()
        {
            ok |= 4;
        }
    }
    let limits = Limits::default();
    if let Ok(c) = Circuit::parse_with_limits(bytes(circuit, circuit_len), &limits) {
        let _: Vec<usize> = c.public_inputs().to_vec();
        ok |= 8;
    }
    ok
}
