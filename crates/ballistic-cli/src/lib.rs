//! The `ballistic` command-line tool's commands, as a library so that the
//! proof-file decoder can be fuzzed (`fuzz/fuzz_targets/proof_file_json.rs`).

pub mod circuits;
pub mod demo;
pub mod files;
pub mod mpc_net;
