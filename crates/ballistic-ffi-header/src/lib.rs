//! The freshness check of `crates/ballistic-ffi/include/ballistic.h`
//! (`tests/header.rs`). This crate has no code: it exists so that the check
//! runs without building the C bindings it reads.
#![no_std]
