//! The `ballistic` command-line tool's tests, one module per subject, in
//! one test binary (one build and link instead of seven). Each runs the
//! built binary (`CARGO_BIN_EXE_ballistic`) as a user would.

mod assets_cli;
mod circuit_cli;
mod cli_surfaces;
mod common;
mod generators_cli;
mod merkle_cli;
mod mpc_net;
mod profile_cli;
mod range;
mod tree_cli;
