//! The shared library's SONAME on ELF platforms, so it can be installed as
//! `libballistic.so.0` (scripts/c-lib) and found by that name at run time.
fn main() {
    let target = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target == "linux" || target == "freebsd" || target == "netbsd" || target == "openbsd" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libballistic.so.0");
    }
}
