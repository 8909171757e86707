/*
 * Force-included (`-include`) into the C build of the `grin_secp256k1zkp`
 * peer by `scripts/bench`, so that the benchmark compares ballistic with a
 * fair build of Grin's libsecp256k1-zkp.
 *
 * The crate's build script (grin_secp256k1zkp 0.7.15, build.rs) defines
 * USE_FIELD_10X26 and USE_SCALAR_8X32: 32-bit limbs, which libsecp256k1's
 * own configure never picks on x86_64. `-include` files are read after every
 * command-line -D, so these lines override the crate's choice and select what
 * libsecp256k1's configure selects on a 64-bit x86 machine: the 5x52 field
 * (with the x86_64 assembly) and the 4x64 scalar, both using unsigned
 * __int128. Only libsecp256k1 reads these macros.
 */
#if defined(__x86_64__) || defined(__aarch64__)
#undef USE_FIELD_10X26
#undef USE_SCALAR_8X32
#define USE_FIELD_5X52 1
#define USE_SCALAR_4X64 1
#define HAVE___INT128 1
#if defined(__x86_64__)
#define USE_ASM_X86_64 1
#endif
#endif
