//! ballistic's integration tests, one module per subject, in one test binary:
//! the generic provers and verifiers are instantiated and optimised once for
//! all of them (as separate binaries, each of 25 crates compiled and linked
//! its own copy, which was most of CI's test-build time). `tests/zeroize.rs`
//! stays its own binary: it installs a scanning global allocator.
//! `parallel` (parallel paths equal serial ones) is compiled with the
//! `rayon` feature only, which scripts/test turns on.
//!
//! Run one subject with a filter: `cargo test -p ballistic --test integration
//! -- recovery::`; the large shared circuits are `-- --ignored arith::large::`.

#[macro_use]
mod common;

mod arith;
mod asset_files;
mod assets;
mod batch;
mod bulletproofs_plus_plus;
mod circuit_scale;
mod compat_bulletproofs5;
mod compat_grin;
mod compat_monero;
mod compat_tari;
mod conformance;
mod embedded_circuits;
mod file_inputs;
mod generator_store;
mod golden_range;
mod group_laws;
mod interval;
mod mixed_batch;
mod mpc;
mod norm_vectors;
#[cfg(feature = "rayon")]
mod parallel;
mod profile_files;
mod r1cs;
mod range_pins;
mod range_proof;
mod recovery;
mod resource_bounds;
mod systems;
mod validation;
