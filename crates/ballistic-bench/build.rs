//! Records which build of the Grin peer (libsecp256k1-zkp through
//! `grin_secp256k1zkp`) this benchmark links, so the report can say it:
//! `scripts/bench` force-includes `c/grin64.h` through `CFLAGS` to select
//! 64-bit limbs; a plain `cargo run` keeps the crate's 32-bit limbs.

fn main() {
    println!("cargo:rerun-if-env-changed=CFLAGS");
    let cflags = std::env::var("CFLAGS").unwrap_or_default();
    let build = if cflags.contains("grin64.h") {
        "64-bit limbs (5x52 field with x86_64 asm, 4x64 scalar; scripts/bench)"
    } else {
        "32-bit limbs (10x26 field, 8x32 scalar: the crate's default build; run scripts/bench for the fair 64-bit build)"
    };
    println!("cargo:rustc-env=BALLISTIC_GRIN_BUILD={build}");
}
