//! Byte compatibility with Grin's Bulletproofs (secp256k1-zkp's C code in
//! `grin_secp256k1zkp` 0.7, called through its FFI so every `n`, `m`,
//! value generator, minimum value and `extra_commit` can be exercised):
//! same nonces give the same bytes, proofs verify both ways, rewinding
//! works both ways. This file holds the C library's wrapper and the shared
//! helpers; the tests are in `vectors`, `cross_checks` and `rewind`.

#![allow(unsafe_code)]

use ballistic::compat::grin::{
    commit, commitment_from_bytes, commitment_to_bytes, grin_generators, point_to_xy, proof_len, scalar_from_bytes,
    scalar_to_bytes, GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinStatement, GENERATOR_H_XY,
};
use ballistic::group::{Group, Secp256k1};
use ballistic::{Point, ProofError, Scalar};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use secp256k1zkp::ffi;

mod cross_checks;
mod rewind;
mod vectors;

type P = Point<Secp256k1>;
type S = Scalar<Secp256k1>;

/// The C library with Grin's generators (`shared_generators`: 256 on `G`).
struct C {
    ctx: *mut ffi::Context,
    gens: *mut ffi::BulletproofGenerators,
    scratch: *mut ffi::ScratchSpace,
}

impl C {
    fn new() -> Self {
        unsafe {
            let ctx = ffi::secp256k1_context_create(ffi::SECP256K1_START_SIGN | ffi::SECP256K1_START_VERIFY);
            let gens =
                ffi::secp256k1_bulletproof_generators_create(ctx, secp256k1zkp::constants::GENERATOR_G.as_ptr(), 256);
            let scratch = ffi::secp256k1_scratch_space_create(ctx, 256 << 20);
            C { ctx, gens, scratch }
        }
    }

    /// `secp256k1_bulletproof_rangeproof_prove` (single-party form), with
    /// the options of ours.
    fn prove(
        &self,
        values: &[u64],
        blinds: &[[u8; 32]],
        nonces: &GrinNonces,
        options: &GrinProveOptions<'_>,
    ) -> Option<Vec<u8>> {
        let value_gen = options.value_gen.map_or(GENERATOR_H_XY, |g| xy(&g));
        let (nbits, extra, mins) = (options.n_bits, options.extra_commit, options.min_values);
        let message = options.message.as_ref();
        let mut proof = vec![0u8; 2000];
        let mut plen = proof.len();
        let blind_ptrs: Vec<*const u8> = blinds.iter().map(|b| b.as_ptr()).collect();
        let ok = unsafe {
            ffi::secp256k1_bulletproof_rangeproof_prove(
                self.ctx,
                self.scratch,
                self.gens,
                proof.as_mut_ptr(),
                &mut plen,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                values.as_ptr(),
                mins.map_or(std::ptr::null(), |m| m.as_ptr()),
                blind_ptrs.as_ptr(),
                std::ptr::null(),
                values.len(),
                value_gen.as_ptr(),
                nbits,
                nonces.rewind.as_ptr(),
                nonces.private.as_ptr(),
                extra.map_or(std::ptr::null(), |e| if e.is_empty() { [0u8; 1].as_ptr() } else { e.as_ptr() }),
                extra.map_or(0, <[u8]>::len),
                message.map_or(std::ptr::null(), |m| m.as_ptr()),
            )
        };
        (ok == 1).then(|| proof[..plen].to_vec())
    }

    /// `secp256k1_bulletproof_rangeproof_verify`.
    fn verify(
        &self,
        proof: &[u8],
        commits: &[[u8; 33]],
        nbits: usize,
        value_gen: &[u8; 64],
        extra: Option<&[u8]>,
        mins: Option<&[u64]>,
    ) -> bool {
        let internal: Vec<[u8; 64]> = commits.iter().map(internal_commit).collect();
        let flat: Vec<u8> = internal.iter().flatten().copied().collect();
        unsafe {
            ffi::secp256k1_bulletproof_rangeproof_verify(
                self.ctx,
                self.scratch,
                self.gens,
                proof.as_ptr(),
                proof.len(),
                mins.map_or(std::ptr::null(), |m| m.as_ptr()),
                flat.as_ptr(),
                commits.len(),
                nbits,
                value_gen.as_ptr(),
                extra.map_or(std::ptr::null(), |e| if e.is_empty() { [0u8; 1].as_ptr() } else { e.as_ptr() }),
                extra.map_or(0, <[u8]>::len),
            ) == 1
        }
    }

    /// `secp256k1_bulletproof_rangeproof_verify_multi` over single-value
    /// 64-bit proofs with per-proof value generators.
    fn verify_multi(
        &self,
        proofs: &[Vec<u8>],
        commits: &[[u8; 33]],
        value_gens: &[[u8; 64]],
        extras: &[Option<Vec<u8>>],
    ) -> bool {
        let extra_ptrs: Vec<*const u8> =
            extras.iter().map(|e| e.as_ref().map_or(std::ptr::null(), |e| e.as_ptr())).collect();
        let mut extra_lens: Vec<usize> = extras.iter().map(|e| e.as_ref().map_or(0, Vec::len)).collect();
        let internal: Vec<[u8; 64]> = commits.iter().map(internal_commit).collect();
        let commit_ptrs: Vec<*const u8> = internal.iter().map(|c| c.as_ptr()).collect();
        let proof_ptrs: Vec<*const u8> = proofs.iter().map(|p| p.as_ptr()).collect();
        let gens: Vec<u8> = value_gens.iter().flatten().copied().collect();
        unsafe {
            ffi::secp256k1_bulletproof_rangeproof_verify_multi(
                self.ctx,
                self.scratch,
                self.gens,
                proof_ptrs.as_ptr(),
                proofs.len(),
                proofs[0].len(),
                std::ptr::null(),
                commit_ptrs.as_ptr(),
                1,
                64,
                gens.as_ptr(),
                extra_ptrs.as_ptr(),
                extra_lens.as_mut_ptr(),
            ) == 1
        }
    }

    /// `secp256k1_bulletproof_rangeproof_rewind`: value, blinding, message.
    fn rewind(
        &self,
        proof: &[u8],
        commitment: &[u8; 33],
        value_gen: &[u8; 64],
        nonce: &[u8; 32],
        extra: Option<&[u8]>,
        min: u64,
    ) -> Option<(u64, [u8; 32], [u8; 20])> {
        let mut value = 0u64;
        let mut blind = [0u8; 32];
        let mut message = [0u8; 20];
        let c = internal_commit(commitment);
        let ok = unsafe {
            ffi::secp256k1_bulletproof_rangeproof_rewind(
                self.ctx,
                &mut value,
                blind.as_mut_ptr(),
                proof.as_ptr(),
                proof.len(),
                min,
                c.as_ptr(),
                value_gen.as_ptr(),
                nonce.as_ptr(),
                extra.map_or(std::ptr::null(), |e| if e.is_empty() { [0u8; 1].as_ptr() } else { e.as_ptr() }),
                extra.map_or(0, <[u8]>::len),
                message.as_mut_ptr(),
            )
        };
        (ok == 1).then_some((value, blind, message))
    }

    /// `secp256k1_pedersen_commit` then `secp256k1_pedersen_commitment_serialize`.
    fn commit(&self, value: u64, blind: &[u8; 32], value_gen: &[u8; 64]) -> [u8; 33] {
        let mut internal = [0u8; 64];
        let mut out = [0u8; 33];
        unsafe {
            assert_eq!(
                ffi::secp256k1_pedersen_commit(
                    self.ctx,
                    internal.as_mut_ptr(),
                    blind.as_ptr(),
                    value,
                    value_gen.as_ptr(),
                    secp256k1zkp::constants::GENERATOR_G.as_ptr()
                ),
                1
            );
            assert_eq!(ffi::secp256k1_pedersen_commitment_serialize(self.ctx, out.as_mut_ptr(), internal.as_ptr()), 1);
        }
        out
    }
}

impl Drop for C {
    fn drop(&mut self) {
        unsafe {
            ffi::secp256k1_scratch_space_destroy(self.scratch);
            ffi::secp256k1_bulletproof_generators_destroy(self.ctx, self.gens);
            ffi::secp256k1_context_destroy(self.ctx);
        }
    }
}

/// secp256k1-zkp's in-memory commitment holds the serialized form in its
/// first 33 bytes (`secp256k1_pedersen_commitment_save`).
fn internal_commit(c: &[u8; 33]) -> [u8; 64] {
    let mut out = [0u8; 64];
    out[..33].copy_from_slice(c);
    out
}

fn random_blind(rng: &mut ChaCha20Rng) -> ([u8; 32], S) {
    loop {
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut b);
        if let Some(s) = scalar_from_bytes(&b) {
            if s != S::ZERO {
                return (b, s);
            }
        }
    }
}

fn random_nonces(rng: &mut ChaCha20Rng, same: bool) -> GrinNonces {
    let mut rewind = [0u8; 32];
    let mut private = [0u8; 32];
    rng.fill_bytes(&mut rewind);
    rng.fill_bytes(&mut private);
    GrinNonces { rewind, private: if same { rewind } else { private } }
}

fn random_gen(rng: &mut ChaCha20Rng) -> P {
    let mut b = [0u8; 64];
    rng.fill_bytes(&mut b);
    Secp256k1::hash_to_point(&b)
}

fn xy(p: &P) -> [u8; 64] {
    point_to_xy(p).unwrap()
}

fn value_below(rng: &mut ChaCha20Rng, n: usize) -> u64 {
    if n == 64 {
        rng.gen()
    } else {
        rng.gen::<u64>() & ((1u64 << n) - 1)
    }
}

/// Every shape the C code and Grin's 256 generators support.
fn shapes() -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for n in [1, 2, 4, 8, 16, 32, 64] {
        let mut m = 1;
        while n * m <= 128 {
            out.push((n, m));
            m *= 2;
        }
    }
    out
}

/// One random proof made by both sides; returns (C's bytes, ours, commitments).
struct Case {
    n: usize,
    values: Vec<u64>,
    blinds: Vec<[u8; 32]>,
    openings: Vec<GrinOpening>,
    nonces: GrinNonces,
    value_gen: P,
    extra: Option<Vec<u8>>,
    message: Option<[u8; 20]>,
}

impl Case {
    fn random(rng: &mut ChaCha20Rng, n: usize, m: usize, custom_gen: bool) -> Case {
        let values: Vec<u64> = (0..m).map(|_| value_below(rng, n)).collect();
        let (blinds, scalars): (Vec<_>, Vec<_>) = (0..m).map(|_| random_blind(rng)).unzip();
        let openings = values.iter().zip(&scalars).map(|(&value, &blinding)| GrinOpening { value, blinding }).collect();
        let value_gen = if custom_gen { random_gen(rng) } else { grin_generators().value_gen() };
        let extra = rng.gen_bool(0.5).then(|| (0..rng.gen_range(0..40)).map(|_| rng.gen()).collect());
        let message = (m == 1 && rng.gen_bool(0.5)).then(|| rng.gen());
        Case { n, values, blinds, openings, nonces: random_nonces(rng, false), value_gen, extra, message }
    }

    fn options(&self) -> GrinProveOptions<'_> {
        GrinProveOptions {
            n_bits: self.n,
            value_gen: Some(self.value_gen),
            min_values: None,
            extra_commit: self.extra.as_deref(),
            message: self.message,
        }
    }

    fn ours(&self) -> (GrinProof, Vec<P>) {
        GrinProof::prove(&self.openings, &self.nonces, &self.options()).unwrap()
    }

    fn theirs(&self, c: &C) -> Vec<u8> {
        c.prove(&self.values, &self.blinds, &self.nonces, &self.options()).expect("C prover")
    }

    fn statement(&self, commitments: Vec<P>) -> GrinStatement {
        GrinStatement::new(self.n, commitments, Some(self.value_gen), None, self.extra.clone()).unwrap()
    }
}

/// The statement's accessors give back what it was made of (a relying
/// application reads the shape it verified from them; the `n_bits`
/// accessor was a surviving mutant of `scripts/mutants grin`).
#[test]
fn statement_accessors_give_back_the_statement() {
    let mut rng = ChaCha20Rng::seed_from_u64(40);
    let v = [random_gen(&mut rng), random_gen(&mut rng)];
    let g = random_gen(&mut rng);
    for n_bits in [8, 16, 32, 64] {
        let s = GrinStatement::new(n_bits, v.to_vec(), Some(g), None, Some(b"extra".to_vec())).unwrap();
        assert_eq!(s.n_bits(), n_bits);
        assert_eq!(s.commitments(), &v[..]);
        assert_eq!(s.value_gen(), &g);
        assert_eq!(s.min_values(), None);
        assert_eq!(s.extra_commit(), Some(&b"extra"[..]));
        // Minimum values: single-value proofs only.
        let m = GrinStatement::new(n_bits, v[..1].to_vec(), None, Some(vec![5]), None).unwrap();
        assert_eq!((m.n_bits(), m.commitments()), (n_bits, &v[..1]));
        assert_eq!(m.min_values(), Some(&[5u64][..]));
        assert_eq!(m.extra_commit(), None);
    }
    let d = GrinStatement::grin_default(v[0], None).unwrap();
    assert_eq!((d.n_bits(), d.commitments().len(), d.min_values(), d.extra_commit()), (64, 1, None, None));
    assert_eq!(d.value_gen(), &grin_generators().value_gen());
}
