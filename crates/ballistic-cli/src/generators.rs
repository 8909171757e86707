//! `ballistic generators prebuild|list|clear`: the generator store
//! (`ballistic::file::GeneratorStore`), where `circuit` and `merkle` keep
//! the vector generators of large circuits between runs.

use std::path::PathBuf;

use ballistic::circuit::PreparedCircuit;
use ballistic::file::{GeneratorStore, StoreStatus};
use ballistic::group::{Group, GroupId};
use ballistic::merkle::MerkleParams;
use clap::Subcommand;

use crate::GroupArg;

/// `generators …`.
#[derive(Subcommand)]
pub enum GeneratorsCommand {
    /// Derive and store the generators of a circuit size now (each --group; all groups if none),
    /// so that the first `circuit` or `merkle` run does not pay for them.
    Prebuild {
        /// Generators per chain: a circuit's padded multiplication gates (as `circuit prove`
        /// prints them), rounded up to a power of two.
        #[arg(long, required_unless_present_any = ["circuit", "merkle_depth"], conflicts_with_all = ["circuit", "merkle_depth"])]
        size: Option<usize>,
        /// The size of this `.arith` circuit (`.arith.gz` too).
        #[arg(long, conflicts_with = "merkle_depth")]
        circuit: Option<PathBuf>,
        /// The size of Merkle membership proofs of this depth.
        #[arg(long)]
        merkle_depth: Option<usize>,
        /// Group (repeat for several; all if none).
        #[arg(long = "group", value_enum)]
        groups: Vec<GroupArg>,
    },
    /// List the stored files, their sizes and whether each matches its pinned digest.
    List,
    /// Remove the stored files.
    Clear,
}

/// The environment's store, or why there is none.
fn store() -> Result<GeneratorStore, String> {
    let store = GeneratorStore::from_env();
    if store.dir().is_none() {
        return Err(format!(
            "the generator store is off ({}=off, or no cache directory on this platform): set {} to a directory",
            GeneratorStore::ENV,
            GeneratorStore::ENV
        ));
    }
    Ok(store)
}

/// Run a `generators` command.
pub fn run(command: GeneratorsCommand) -> Result<(), String> {
    match command {
        GeneratorsCommand::Prebuild { size, circuit, merkle_depth, groups } => {
            let store = store()?;
            let groups: Vec<GroupId> =
                if groups.is_empty() { GroupId::ALL.to_vec() } else { groups.into_iter().map(Into::into).collect() };
            let circuit = match circuit {
                Some(path) => Some(crate::circuits::load_circuit(&path, None, None)?),
                None => None,
            };
            for group in groups {
                ballistic::with_group!(group, G => {
                    let size = match (&circuit, merkle_depth, size) {
                        (Some(c), _, _) => PreparedCircuit::<G>::new(c.clone()).map_err(|e| e.to_string())?.padded_multipliers(),
                        (None, Some(depth), _) => merkle_size::<G>(depth)?,
                        (None, None, Some(size)) => size,
                        (None, None, None) => return Err("give --size, --circuit or --merkle-depth".into()),
                    };
                    prebuild::<G>(&store, size)?;
                });
            }
            Ok(())
        }
        GeneratorsCommand::List => {
            let store = store()?;
            let dir = store.dir().map(|d| d.display().to_string()).unwrap_or_default();
            let files = store.list();
            println!("{dir}: {} file(s)", files.len());
            for f in files {
                let verdict = match &f.verdict {
                    Ok(()) => "valid".to_string(),
                    Err(e) => format!("refused: {e}"),
                };
                println!("{} 2^{} ({} bytes): {verdict}", f.group.name(), f.log2, f.len);
            }
            Ok(())
        }
        GeneratorsCommand::Clear => {
            let removed = store()?.clear().map_err(|e| e.to_string())?;
            println!("removed {removed} file(s)");
            Ok(())
        }
    }
}

fn merkle_size<G: ballistic::hazmat::WithEmbeddedCurve>(depth: usize) -> Result<usize, String> {
    Ok(MerkleParams::<G>::new(depth).map_err(|e| e.to_string())?.generators_needed())
}

fn prebuild<G: Group>(store: &GeneratorStore, size: usize) -> Result<(), String> {
    let (path, status) = store.prebuild::<G>(size).map_err(|e| format!("{} {size}: {e}", G::NAME))?;
    let what = match status {
        StoreStatus::Loaded => "already stored".to_string(),
        StoreStatus::Built { refused } => format!("built ({refused})"),
        StoreStatus::Derived { reason } => format!("not stored: {reason}"),
    };
    println!("{}: {} generators per chain: {} — {what}", G::NAME, size.next_power_of_two(), path.display());
    Ok(())
}
