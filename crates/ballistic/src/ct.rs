//! Declassification: where a value computed from secrets becomes public.
//!
//! Provers compute public outputs (commitments, proof points, proof
//! scalars) from secrets. Everything before that point must run in constant
//! time; everything after may not (it is public). [`declassify`] marks the
//! boundary. Normally it does nothing. With the `ctgrind` feature it tells
//! valgrind's memcheck that the bytes are now defined: the constant-time
//! check (`scripts/ctgrind`) marks the secret inputs *undefined*, so memcheck
//! reports every branch or memory index that depends on a secret before it
//! has been declassified — the method of libsecp256k1's `valgrind_ctime_test`.
//!
//! The declassification points, and why each is sound:
//!
//! * commitments `V_j`, and `A`, `S`, `T₁`, `T₂`, `t̂`, `τ_x`, `μ`: they are
//!   the proof, published anyway;
//! * the range check's verdict (one bit per value): an out-of-range value is
//!   refused, and the refusal itself reveals that bit;
//! * the vectors `𝐥(x)`, `𝐫(x)` handed to the variable-time inner-product
//!   argument: every entry is masked by an independent uniform scalar
//!   (`s_L`, `s_R`), see `inner_product.rs`;
//! * Bulletproofs++ ([`crate::range::bulletproofs_plus_plus`]): `M`, `D`,
//!   `R`, `S` (the proof), and the vectors `𝐧(T)`, `𝐥(T)` handed to the
//!   variable-time norm linear argument: `𝐧(T)` is masked entrywise by the
//!   uniform `𝐬`, and `𝐥(T)` by `𝐥_m` in five of its six directions; the
//!   sixth, `l_4 + T·l_5`, is fixed by the witness and the blindings (see
//!   the zero-knowledge paragraph of the Bulletproofs++ module, which also
//!   names the residual timing channel this leaves). (k256's scalar negation branches on its input;
//!   the prover writes `0 − x` for secrets, which the check confirms.)
//! * R1CS ([`crate::circuit`]): `A_I`, `A_O`, `S`, `T_i` and the openings (the
//!   proof); the satisfiability verdict (an unsatisfiable witness is
//!   refused, which reveals that one bit); an `.arith` circuit's output
//!   values ([`crate::circuit::arith`]), which are the statement;
//! * whether secret text parses ([`crate::encoding::ct_hex_fixed`], the
//!   `.in` value parser) and whether a secret scalar's bytes are canonical
//!   (`ScalarOps::from_canonical_bytes`): a malformed secret is refused,
//!   which reveals that one bit, and nothing else about it.

/// Mark the bytes of `value` as public (see the module documentation).
#[inline(always)]
pub fn declassify<T: ?Sized>(value: &T) {
    #[cfg(feature = "ctgrind")]
    valgrind::make_defined(value);
    #[cfg(not(feature = "ctgrind"))]
    let _ = value;
}

/// A verdict computed from secrets, made public (see the module
/// documentation for which verdicts may be): it goes through memory, so the
/// declassification covers what the caller's branch reads.
#[inline(always)]
pub fn reveal(verdict: bool) -> bool {
    let mut v = u8::from(verdict);
    declassify(&v);
    *core::hint::black_box(&mut v) != 0
}

/// Mark the bytes of `value` as secret for the constant-time check: a no-op
/// without the `ctgrind` feature.
#[inline(always)]
pub fn classify<T: ?Sized>(value: &T) {
    #[cfg(feature = "ctgrind")]
    valgrind::make_undefined(value);
    #[cfg(not(feature = "ctgrind"))]
    let _ = value;
}

#[cfg(feature = "ctgrind")]
#[allow(unsafe_code)]
mod valgrind {
    //! Memcheck client requests (valgrind.h's `VALGRIND_DO_CLIENT_REQUEST`
    //! for amd64). Outside valgrind the magic sequence is a no-op.

    const MC_BASE: usize = ((b'M' as usize) << 24) | ((b'C' as usize) << 16);
    const MAKE_MEM_UNDEFINED: usize = MC_BASE + 1;
    const MAKE_MEM_DEFINED: usize = MC_BASE + 2;

    #[cfg(target_arch = "x86_64")]
    fn request(code: usize, addr: usize, len: usize) {
        let args: [usize; 6] = [code, addr, len, 0, 0, 0];
        let mut result: usize = 0;
        // SAFETY: the valgrind magic preamble rotates rdi by 128 bits in
        // total (a no-op) and `xchg rbx, rbx` is a no-op; under valgrind the
        // sequence is intercepted and reads the argument block at rax.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") result,
                in("rax") args.as_ptr(),
                out("rdi") _,
                options(nostack),
            );
        }
        let _ = result;
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn request(_code: usize, _addr: usize, _len: usize) {}

    pub(super) fn make_defined<T: ?Sized>(value: &T) {
        request(MAKE_MEM_DEFINED, value as *const T as *const u8 as usize, core::mem::size_of_val(value));
    }

    pub(super) fn make_undefined<T: ?Sized>(value: &T) {
        request(MAKE_MEM_UNDEFINED, value as *const T as *const u8 as usize, core::mem::size_of_val(value));
    }
}
