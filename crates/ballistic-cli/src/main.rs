//! `ballistic`: prove and verify Bulletproofs and Bulletproofs+ range proofs
//! and arithmetic-circuit proofs from the command line, run multi-party
//! range proofs, prove and verify multi-asset (Confidential Assets) range
//! proofs, prove Merkle membership and Curve Trees key ownership, and run
//! the demo.
//!
//! Every failure prints one line to stderr and exits non-zero: 1 when a
//! proof is rejected or an input is malformed, 2 for usage errors (clap).

mod assets;
mod circuits;
mod demo;
mod files;
mod generators;
mod merkle;
mod mpc_net;
mod term;
mod tree;

use std::path::PathBuf;
use std::process::ExitCode;

use ballistic::compat::monero::MoneroConsensus;
use ballistic::file::{DEFAULT_CIRCUIT_LABEL, DEFAULT_MERKLE_LABEL, DEFAULT_RANGE_LABEL};
use ballistic::group::GroupId;
use ballistic::RangeSystem;
use clap::builder::RangedU64ValueParser;
use clap::{Parser, Subcommand, ValueEnum};

/// The largest `--timeout` of `mpc dealer|party`, in seconds (one day).
const MAX_TIMEOUT: u64 = 86_400;

/// `--system`: the command line's names for the library's range systems.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum SystemArg {
    /// Bulletproofs (compatible with zkcrypto `bulletproofs` 5).
    Bulletproofs,
    /// Bulletproofs+ (96 bytes shorter).
    #[value(name = "bpplus", alias = "bulletproofs-plus")]
    BulletproofsPlus,
    /// Bulletproofs++ (reciprocal argument; 416 bytes for one 64-bit value).
    #[value(name = "bppp", alias = "bulletproofs-plus-plus")]
    BulletproofsPlusPlus,
}

impl From<SystemArg> for RangeSystem {
    fn from(system: SystemArg) -> RangeSystem {
        match system {
            SystemArg::Bulletproofs => RangeSystem::Bulletproofs,
            SystemArg::BulletproofsPlus => RangeSystem::BulletproofsPlus,
            SystemArg::BulletproofsPlusPlus => RangeSystem::BulletproofsPlusPlus,
        }
    }
}

/// `--group`: the command line's names for the library's groups.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum GroupArg {
    /// Ristretto255 (curve25519); compatible with `bulletproofs` 5.
    Ristretto255,
    /// secp256k1, the paper's and Bitcoin's curve.
    Secp256k1,
    /// Ed25519's prime-order subgroup (Monero's group).
    Ed25519,
    /// secq256k1, secp256k1's cycle partner (order secp256k1's field prime).
    Secq256k1,
}

impl From<GroupArg> for GroupId {
    fn from(group: GroupArg) -> GroupId {
        match group {
            GroupArg::Ristretto255 => GroupId::Ristretto255,
            GroupArg::Secp256k1 => GroupId::Secp256k1,
            GroupArg::Ed25519 => GroupId::Ed25519,
            GroupArg::Secq256k1 => GroupId::Secq256k1,
        }
    }
}

/// `--consensus`: how Monero proof files' points are decoded.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
enum ConsensusArg {
    /// ballistic's rule: points and commitments in the prime-order subgroup, not the identity.
    #[default]
    Strict,
    /// Exactly what Monero's verifier accepts: torsioned points and commitments too (cleared by ×8).
    Monero,
}

impl From<ConsensusArg> for MoneroConsensus {
    fn from(c: ConsensusArg) -> MoneroConsensus {
        match c {
            ConsensusArg::Strict => MoneroConsensus::Strict,
            ConsensusArg::Monero => MoneroConsensus::Monero,
        }
    }
}

/// `--profile`: a deployed format instead of ballistic's own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum ProfileArg {
    /// Grin's Bulletproofs (secp256k1-zkp; secp256k1, 675 bytes for a 64-bit value).
    Grin,
    /// Monero's Bulletproofs+ (--system bpplus, the default) or original Bulletproofs (Ed25519).
    Monero,
}

impl From<ProfileArg> for ballistic::file::Profile {
    fn from(profile: ProfileArg) -> Self {
        match profile {
            ProfileArg::Grin => ballistic::file::Profile::Grin,
            ProfileArg::Monero => ballistic::file::Profile::Monero,
        }
    }
}

/// Bulletproofs toolkit.
#[derive(Parser)]
#[command(name = "ballistic", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// Parsed once per run: the size of `Range` does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Range proofs: prove and verify that committed values lie in [0, 2^bits) or [min, max];
    /// recover a recoverable proof's openings and message.
    Range {
        #[command(subcommand)]
        command: RangeCommand,
    },
    /// Multi-asset range proofs (Confidential Assets): each committed value in [0, 2^bits) on its
    /// own asset's value generator, in one proof.
    Assets {
        #[command(subcommand)]
        command: assets::AssetsCommand,
    },
    /// Multi-party range proofs: parties with one secret value each build one
    /// aggregated proof through a dealer, over TCP.
    Mpc {
        #[command(subcommand)]
        command: MpcCommand,
    },
    /// Arithmetic-circuit proofs of Pinocchio `.arith` circuits (R1CS).
    Circuit {
        #[command(subcommand)]
        command: CircuitCommand,
    },
    /// Zero-knowledge Merkle membership: build a tree of public leaves,
    /// prove that a committed leaf is in it without revealing which.
    Merkle {
        #[command(subcommand)]
        command: MerkleCommand,
    },
    /// Curve Trees key ownership: build a tree of secp256k1 public keys, prove that one of them is
    /// yours without revealing which, with one key image per key and context (so a verifier can
    /// refuse a second use).
    Tree {
        #[command(subcommand)]
        command: TreeCommand,
    },
    /// The generator store: the vector generators of large circuits, kept on disk between runs
    /// (in $BALLISTIC_GENERATOR_CACHE, or the platform's cache directory; `off` disables it) and
    /// used only if they match the digests pinned in ballistic.
    Generators {
        #[command(subcommand)]
        command: generators::GeneratorsCommand,
    },
    /// Prove and verify a few sizes; print proof sizes and timings.
    Demo {
        /// Fewer repetitions (for smoke tests).
        #[arg(long)]
        quick: bool,
    },
}

// Parsed once per run: the size of `Prove` does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum RangeCommand {
    /// Prove that each --value lies in [0, 2^bits) (or one value in [--min, --max]) and write a
    /// JSON proof file.
    Prove {
        /// Proof system (default: bulletproofs; with --profile monero, bpplus).
        #[arg(long, value_enum)]
        system: Option<SystemArg>,
        /// Group (default: ristretto255; a --profile implies its own).
        #[arg(long, value_enum)]
        group: Option<GroupArg>,
        /// Write the proof in a deployed format: Grin's or Monero's bytes, in a proof
        /// file that says so (verify and verify-batch read it like any other).
        #[arg(long, value_enum)]
        profile: Option<ProfileArg>,
        /// Bits per value, 1..=64 (--profile grin: a power of two; monero: 64). Not with
        /// --min/--max (the interval fixes the proof's size).
        #[arg(long, required_unless_present_any = ["min", "max"], conflicts_with_all = ["min", "max"])]
        bits: Option<usize>,
        /// Interval proof: prove that the one value lies in [MIN, MAX] (any system; MIN
        /// alone: up to 2^64 - 1).
        #[arg(long, conflicts_with = "profile")]
        min: Option<u64>,
        /// Interval proof: the upper end (MAX alone: from 0).
        #[arg(long, conflicts_with = "profile")]
        max: Option<u64>,
        /// --profile grin: prove value - min_value in [0, 2^bits) (one value).
        #[arg(long, requires = "profile")]
        min_value: Option<u64>,
        /// Extra data bound into the proof, hex (1 to 1024 bytes; the verifier reads it from the
        /// proof file, and any other bytes fail verification). --profile grin: Grin's extra_commit.
        #[arg(long)]
        extra: Option<String>,
        /// --profile grin: the value generator (secp256k1-zkp's 33-byte encoding, hex);
        /// Grin's H if not given.
        #[arg(long, requires = "profile")]
        value_generator: Option<String>,
        /// --profile grin: read the rewind nonce (64 hex digits) from this file (`-`: standard
        /// input); whoever has it can rewind the proof. Random if not given.
        #[arg(long, requires = "profile")]
        rewind_nonce_file: Option<PathBuf>,
        /// --profile grin: read the private nonce (64 hex digits) from this file; random if not
        /// given. The same as the rewind nonce lets rewinding recover the blinding too.
        #[arg(long, requires = "profile")]
        private_nonce_file: Option<PathBuf>,
        /// A message hidden in the proof, hex: with --recover-key, up to 22, 14 or 6 bytes (1, 2
        /// or 3 values), given back by `range recover`; --profile grin: 20 bytes (40 hex digits),
        /// given back by `range rewind` (one value only).
        /// Visible to every local user (`ps`, /proc): prefer --message-file.
        #[arg(long, conflicts_with = "message_file")]
        message: Option<String>,
        /// Read --message (hex) from this file (`-`: standard input).
        #[arg(long)]
        message_file: Option<PathBuf>,
        /// Owner recovery: read the 32-byte seed (64 hex digits) from this file (`-`: standard
        /// input). The blindings derive from it and --output-id; `range recover` with the same
        /// seed and id gives back the values, blindings and --message. Bulletproofs or
        /// Bulletproofs+, 1 to 3 values.
        #[arg(
            long,
            requires = "output_id",
            conflicts_with_all = ["profile", "min", "max", "blindings", "blindings_file"]
        )]
        recover_key: Option<PathBuf>,
        /// Owner recovery: this output's id (its UTF-8 bytes, 1 to 1024), unique per output made
        /// with one seed; not secret, and not written in the proof file: keep it to recover.
        #[arg(long, requires = "recover_key")]
        output_id: Option<String>,
        /// A value to prove in range (repeat for an aggregated proof: up to 64; --profile monero: 16;
        /// grin: a power of two, bits × values ≤ 128).
        /// Visible to every local user (`ps`, /proc): prefer --values-file.
        #[arg(long = "value", required_unless_present = "values_file", conflicts_with = "values_file")]
        values: Vec<u64>,
        /// Read the values from this file, one decimal value per line (`-`: standard input).
        #[arg(long)]
        values_file: Option<PathBuf>,
        /// Blinding for the corresponding value, 64 lowercase hex digits (canonical scalar);
        /// random if not given (all or none). Visible to every local user (`ps`, /proc):
        /// prefer --blindings-file.
        #[arg(long = "blinding", conflicts_with = "blindings_file")]
        blindings: Vec<String>,
        /// Read the blindings from this file, one per line (`-`: standard input).
        #[arg(long)]
        blindings_file: Option<PathBuf>,
        /// Transcript label (the application's domain separator).
        #[arg(long, default_value = DEFAULT_RANGE_LABEL)]
        label: String,
        /// Where to write the proof file.
        #[arg(long)]
        out: PathBuf,
        /// Also write the openings (values and blindings) to this file (created
        /// with mode 0600). Keep it secret.
        #[arg(long)]
        openings: Option<PathBuf>,
    },
    /// Verify a JSON proof file against the verifier's statement (--group, --system, --label,
    /// --bits or --min/--max, --profile: a file claiming another is refused, unverified); prints
    /// the statement verified and "valid" and exits 0, or a reason and exits 1. Unpinned label or
    /// range: the file's own, with a warning.
    Verify {
        /// The proof file.
        file: PathBuf,
        #[command(flatten)]
        pins: files::PinArgs,
        /// Monero proof files: `monero` accepts exactly what Monero's verifier accepts (points
        /// and commitments with a torsion component too); `strict` refuses those.
        #[arg(long, value_enum, default_value_t)]
        consensus: ConsensusArg,
    },
    /// Verify many proof files (any system, group, size or deployed format unless pinned, as for
    /// `range verify`) in one batch per group and format; prints each file's statement, or names
    /// every invalid file.
    VerifyBatch {
        /// The proof files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        pins: files::PinArgs,
        /// Monero proof files: as for `range verify`.
        #[arg(long, value_enum, default_value_t)]
        consensus: ConsensusArg,
    },
    /// Owner recovery: with the seed and output id a proof was made with (`range prove
    /// --recover-key`), print its values and message; write the openings (values, blindings) to
    /// --openings (mode 0600).
    Recover {
        /// The proof file.
        file: PathBuf,
        /// Read the 32-byte seed (64 hex digits) from this file (`-`: standard input).
        #[arg(long)]
        recover_key: PathBuf,
        /// The output's id, as given to `range prove --output-id`.
        #[arg(long)]
        output_id: String,
        /// Write the recovered openings (values, blindings, message) to this file, created with mode 0600.
        #[arg(long)]
        openings: Option<PathBuf>,
    },
    /// Rewind a Grin proof file (one value) with the prover's rewind nonce: print the value and the
    /// 20-byte message; write the blinding, if the proof gives it, to --openings (mode 0600).
    Rewind {
        /// The proof file (--profile grin).
        file: PathBuf,
        /// Read the rewind nonce (64 hex digits) from this file (`-`: standard input).
        #[arg(long)]
        rewind_nonce_file: PathBuf,
        /// Write the recovered opening (value, blinding) to this file, created with mode 0600.
        #[arg(long)]
        openings: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum CircuitCommand {
    /// Prove that you know witness inputs making the circuit produce its outputs; write a JSON proof file.
    Prove {
        /// The circuit (`.arith`, or `.arith.gz`).
        circuit: PathBuf,
        /// Input values (`.in` format: every public and witness input wire).
        #[arg(long)]
        inputs: PathBuf,
        /// Expected outputs (`.out` format); refuse to prove if evaluation differs.
        #[arg(long)]
        expect: Option<PathBuf>,
        /// Group (the circuit must have been generated for its scalar field).
        #[arg(long, value_enum, default_value = "ristretto255")]
        group: GroupArg,
        /// Transcript label.
        #[arg(long, default_value = DEFAULT_CIRCUIT_LABEL)]
        label: String,
        /// Where to write the proof file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Verify circuit proof files against the circuit, as one batch (the circuit translated once); prints
    /// the group, label and public values verified and "valid", or names each invalid proof with its
    /// reason. The group and label are the verifier's (--group, --label); the public inputs and outputs
    /// are the proof file's unless pinned with --inputs / --expect.
    Verify {
        /// The circuit (`.arith`, or `.arith.gz`).
        circuit: PathBuf,
        /// The proof files (at most 2^25 padded multiplication gates in all, about 48 bytes each).
        #[arg(required = true)]
        proofs: Vec<PathBuf>,
        /// Pin the public inputs (`.in` format: every public input wire, the one-input wire
        /// included, and no witness input); a proof file with other values is refused, unverified.
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Pin the outputs (`.out` format); a proof file with other values is refused, unverified.
        #[arg(long)]
        expect: Option<PathBuf>,
        /// The group (its scalar field is the circuit's: the same `.arith` states something else in
        /// another field); proof files of another group are refused, unverified.
        #[arg(long, value_enum, default_value = "ristretto255")]
        group: GroupArg,
        /// The transcript label (the application's domain separator); proof files made under
        /// another label are refused, unverified.
        #[arg(long, default_value = DEFAULT_CIRCUIT_LABEL)]
        label: String,
    },
}

#[derive(Subcommand)]
enum TreeCommand {
    /// Build a key tree from a file of public keys (one per line: SEC1 compressed, 66 lowercase hex
    /// digits, or BIP-340 x-only, 64); write the tree file and print its root.
    Build {
        /// The keys file (`-`: standard input).
        keys: PathBuf,
        /// Children per node of each level, from the leaves up, comma-separated (default: chosen for
        /// the number of keys).
        #[arg(long, value_delimiter = ',')]
        branching: Option<Vec<usize>>,
        /// Where to write the tree file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Check a key tree file (rebuild it from its keys) and print its root.
    Root {
        /// The tree file.
        tree: PathBuf,
    },
    /// Prove that the key of a secret key is in the tree, hiding which; writes the proof file and
    /// prints the key image.
    Prove {
        /// The tree file.
        tree: PathBuf,
        /// The secret key: one line of 64 lowercase hex digits, big-endian (`-`: standard input).
        #[arg(long)]
        key_file: PathBuf,
        /// The key image's context (one image per key and context: name the application and epoch).
        #[arg(long)]
        context: String,
        /// The message this proof is bound to: the verifier's name and fresh nonce (required; an
        /// empty message lets anyone who sees the proof present it again).
        #[arg(long)]
        message: String,
        /// The root the tree must have (the one published for it): refuse to prove in another.
        #[arg(long)]
        root: Option<String>,
        /// Where to write the proof file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Verify ownership proof files against a tree (a tree file, or its root as 66 hex digits with
    /// --branching), a context and a message; prints each proof's key image. The root, shape,
    /// context and message are the verifier's: a proof file claiming others is named invalid.
    Verify {
        /// The root: a tree file, or 66 hex digits (then --branching is required).
        root: String,
        /// The tree's branching from the leaves up, comma-separated (required with a bare root).
        #[arg(long, value_delimiter = ',')]
        branching: Option<Vec<usize>>,
        /// The key image's context.
        #[arg(long)]
        context: String,
        /// The message the proofs must be bound to (required).
        #[arg(long)]
        message: String,
        /// The proof files.
        #[arg(required = true)]
        proofs: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
enum MerkleCommand {
    /// Build a tree from a file of leaves (one per line: a decimal number below 2^64, or 64 lowercase hex
    /// digits, a canonical field element); write the tree file and print its root.
    Build {
        /// The leaves file (`-`: standard input).
        leaves: PathBuf,
        /// Depth of the tree (1..=64): room for 2^depth leaves.
        #[arg(long, default_value_t = 32, value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
        depth: usize,
        /// Group (leaves are elements of its scalar field).
        #[arg(long, value_enum, default_value = "ristretto255")]
        group: GroupArg,
        /// Where to write the tree file.
        #[arg(long)]
        out: PathBuf,
    },
    /// Check a tree file (rebuild it from its leaves) and print its root.
    Root {
        /// The tree file.
        tree: PathBuf,
    },
    /// Prove that a leaf of the tree is in it, hiding which: commits to the leaf and writes a JSON proof file.
    Prove {
        /// The tree file.
        tree: PathBuf,
        /// The leaf's position (0-based). Visible to every local user (`ps`, /proc), and the
        /// position is what the proof hides: prefer --leaf-file.
        #[arg(long, required_unless_present = "leaf_file", conflicts_with = "leaf_file")]
        leaf: Option<u64>,
        /// Read the leaf's position from this file (`-`: standard input).
        #[arg(long)]
        leaf_file: Option<PathBuf>,
        /// Read the commitment's blinding from this file (64 lowercase hex digits; `-`: standard
        /// input); random if not given.
        #[arg(long)]
        blinding_file: Option<PathBuf>,
        /// Transcript label.
        #[arg(long, default_value = DEFAULT_MERKLE_LABEL)]
        label: String,
        /// Where to write the proof file.
        #[arg(long)]
        out: PathBuf,
        /// Also write the openings (position, leaf, blinding) to this file (created with mode 0600).
        #[arg(long)]
        openings: Option<PathBuf>,
    },
    /// Verify membership proof files against a tree (a tree file, or its root as 64 hex digits with
    /// --depth and --group), as one batch; prints "valid" or names each invalid proof. The depth and
    /// group are the verifier's: a proof file claiming others is named invalid without further work.
    Verify {
        /// The root: a tree file, or 64 hex digits (then --depth and --group are required).
        root: String,
        /// The tree's depth (required with a bare root; with a tree file, must be the file's).
        #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
        depth: Option<usize>,
        /// The tree's group (required with a bare root; with a tree file, must be the file's).
        #[arg(long, value_enum)]
        group: Option<GroupArg>,
        /// The proof files.
        #[arg(required = true)]
        proofs: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
enum MpcCommand {
    /// Accept --parties connections, run the protocol, write the proof file.
    Dealer {
        /// Number of parties (values), 1..=64.
        #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
        parties: usize,
        /// Bits per value, 1..=64.
        #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
        bits: usize,
        /// Address to listen on (port 0: any free port; the chosen address is printed).
        #[arg(long)]
        listen: String,
        /// Where to write the proof file.
        #[arg(long)]
        out: PathBuf,
        /// Transcript label.
        #[arg(long, default_value = DEFAULT_RANGE_LABEL)]
        label: String,
        /// Group.
        #[arg(long, value_enum, default_value = "ristretto255")]
        group: GroupArg,
        /// Seconds, 1..=86400: deadline for all parties to connect, then for
        /// each round (every party's message read completely, concurrently;
        /// the slow party is named).
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT))]
        timeout: u64,
    },
    /// Join a dealer with one secret value.
    Party {
        /// The value to prove in range. Visible to every local user (`ps`,
        /// /proc): prefer --value-file.
        #[arg(long, required_unless_present = "value_file", conflicts_with = "value_file")]
        value: Option<u64>,
        /// Read the value from this file (`-`: standard input).
        #[arg(long)]
        value_file: Option<PathBuf>,
        /// The dealer's address.
        #[arg(long)]
        connect: String,
        /// Blinding, 64 lowercase hex digits (random if not given). Visible to
        /// every local user (`ps`, /proc): prefer --blinding-file.
        #[arg(long, conflicts_with = "blinding_file")]
        blinding: Option<String>,
        /// Read the blinding from this file (`-`: standard input).
        #[arg(long)]
        blinding_file: Option<PathBuf>,
        /// Seconds, 1..=86400: deadline for each message from the dealer to
        /// arrive completely (and for each of ours to be sent).
        #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=MAX_TIMEOUT))]
        timeout: u64,
        /// Testing: stop answering after the bit commitment.
        #[arg(long, hide = true)]
        stall_after_bit_commitment: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Range { command } => match command {
            RangeCommand::Prove {
                system,
                group,
                profile,
                bits,
                min,
                max,
                min_value,
                extra,
                value_generator,
                rewind_nonce_file,
                private_nonce_file,
                message,
                message_file,
                recover_key,
                output_id,
                values,
                values_file,
                blindings,
                blindings_file,
                label,
                out,
                openings,
            } => (|| {
                let stdin = Some(std::path::Path::new("-"));
                if message_file.as_deref() == stdin
                    && [&values_file, &blindings_file, &recover_key, &rewind_nonce_file, &private_nonce_file]
                        .iter()
                        .any(|p| p.as_deref() == stdin)
                {
                    return Err("only one secret can come from standard input".to_string());
                }
                let message = match &message_file {
                    Some(path) => Some(files::read_secret_text(path)?),
                    None => message.map(zeroize::Zeroizing::new),
                };
                let message = message.as_deref().map(String::as_str);
                let secrets = files::Secrets {
                    values: &values,
                    values_file: values_file.as_deref(),
                    blindings: &blindings,
                    blindings_file: blindings_file.as_deref(),
                };
                match profile {
                    None => files::prove(&files::ProveArgs {
                        group: group.unwrap_or(GroupArg::Ristretto255).into(),
                        system: system.unwrap_or(SystemArg::Bulletproofs).into(),
                        bits,
                        min,
                        max,
                        extra: extra.as_deref(),
                        message,
                        recover_key: recover_key.as_deref(),
                        output_id: output_id.as_deref(),
                        secrets: &secrets,
                        label: &label,
                        out: &out,
                        openings: openings.as_deref(),
                    }),
                    Some(profile) => files::prove_profile(&files::ProfileOptions {
                        profile: profile.into(),
                        group: group.map(Into::into),
                        system: system.map(Into::into),
                        bits: bits.unwrap_or_default(),
                        min_value,
                        extra: extra.as_deref(),
                        value_generator: value_generator.as_deref(),
                        rewind_nonce_file: rewind_nonce_file.as_deref(),
                        private_nonce_file: private_nonce_file.as_deref(),
                        message,
                        label_given: label != DEFAULT_RANGE_LABEL,
                        secrets: &secrets,
                        out: &out,
                        openings: openings.as_deref(),
                    }),
                }
            })(),
            RangeCommand::Verify { file, pins, consensus } => files::verify(&file, &pins, consensus.into()),
            RangeCommand::VerifyBatch { files, pins, consensus } => {
                files::verify_batch(&files, &pins, consensus.into())
            }
            RangeCommand::Recover { file, recover_key, output_id, openings } => {
                files::recover(&file, &recover_key, &output_id, openings.as_deref())
            }
            RangeCommand::Rewind { file, rewind_nonce_file, openings } => {
                files::rewind(&file, &rewind_nonce_file, openings.as_deref())
            }
        },
        Command::Assets { command } => assets::run(command),
        Command::Mpc { command } => match command {
            MpcCommand::Dealer { parties, bits, listen, out, label, group, timeout } => {
                mpc_net::dealer(&mpc_net::DealerOptions {
                    group: group.into(),
                    parties,
                    bits,
                    listen: &listen,
                    out: &out,
                    label: &label,
                    timeout: std::time::Duration::from_secs(timeout),
                })
            }
            MpcCommand::Party {
                value,
                value_file,
                connect,
                blinding,
                blinding_file,
                timeout,
                stall_after_bit_commitment,
            } => (|| {
                if value_file.as_deref() == Some(std::path::Path::new("-"))
                    && blinding_file.as_deref() == Some(std::path::Path::new("-"))
                {
                    return Err("the value and the blinding cannot both come from standard input".to_string());
                }
                let value = match (&value_file, value) {
                    (Some(path), _) => {
                        let text = files::read_secret_text(path)?;
                        match ballistic::file::parse_value_lines(text.as_bytes()).as_deref() {
                            Ok([v]) => *v,
                            Ok(_) => return Err(format!("{}: give exactly one value", path.display())),
                            Err(e) => return Err(format!("{}: {e}", path.display())),
                        }
                    }
                    (None, Some(v)) => v,
                    (None, None) => return Err("give --value or --value-file".to_string()),
                };
                let blinding = match &blinding_file {
                    Some(path) => Some(files::read_secret_text(path)?),
                    None => blinding.map(zeroize::Zeroizing::new),
                };
                mpc_net::party(&mpc_net::PartyOptions {
                    value,
                    blinding: blinding.as_deref().map(String::as_str),
                    connect: &connect,
                    timeout: std::time::Duration::from_secs(timeout),
                    stall_after_bit_commitment,
                })
            })(),
        },
        Command::Circuit { command } => match command {
            CircuitCommand::Prove { circuit, inputs, expect, group, label, out } => {
                circuits::prove(group.into(), &circuit, &inputs, expect.as_deref(), &label, &out)
            }
            CircuitCommand::Verify { circuit, proofs, inputs, expect, group, label } => circuits::verify(
                &circuit,
                &proofs,
                &circuits::Pinned {
                    group: group.into(),
                    label: &label,
                    inputs: inputs.as_deref(),
                    outputs: expect.as_deref(),
                },
            ),
        },
        Command::Merkle { command } => match command {
            MerkleCommand::Build { leaves, depth, group, out } => merkle::build(group.into(), depth, &leaves, &out),
            MerkleCommand::Root { tree } => merkle::root(&tree),
            MerkleCommand::Prove { tree, leaf, leaf_file, blinding_file, label, out, openings } => {
                let secrets = merkle::ProveSecrets {
                    index: leaf,
                    index_file: leaf_file.as_deref(),
                    blinding_file: blinding_file.as_deref(),
                };
                merkle::prove(&tree, &secrets, &label, &out, openings.as_deref())
            }
            MerkleCommand::Verify { root, depth, group, proofs } => {
                merkle::verify(&root, depth, group.map(Into::into), &proofs)
            }
        },
        Command::Tree { command } => match command {
            TreeCommand::Build { keys, branching, out } => tree::build(&keys, branching.as_deref(), &out),
            TreeCommand::Root { tree } => tree::root(&tree),
            TreeCommand::Prove { tree, key_file, root, context, message, out } => {
                tree::prove(&tree, &key_file, root.as_deref(), &context, &message, &out)
            }
            TreeCommand::Verify { root, branching, context, message, proofs } => {
                tree::verify(&root, branching.as_deref(), &context, &message, &proofs)
            }
        },
        Command::Generators { command } => generators::run(command),
        Command::Demo { quick } => demo::run(quick),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            // The one place errors are printed: escaped (they may quote input).
            eprintln!("error: {}", term::escape_bounded(&reason));
            ExitCode::FAILURE
        }
    }
}
