//! `merkle build` / `root` / `prove` / `verify`: zero-knowledge membership
//! of a committed leaf in a Merkle tree. The file formats, tree building,
//! proving and verification are the library's (`ballistic::file`); this
//! module reads and writes files and prints.

use std::path::{Path, PathBuf};

use ballistic::file::{self, GeneratorStore, MembershipProofFile, MerkleTreeFile, MAX_RANGE_FILE, MAX_TREE_FILE};
use ballistic::group::GroupId;
use zeroize::Zeroizing;

use crate::files::{read_capped, read_secret_text, verify_files, write_secret, write_text};

fn read_tree(path: &Path) -> Result<MerkleTreeFile, String> {
    MerkleTreeFile::from_json(&read_capped(path, MAX_TREE_FILE)?).map_err(|e| format!("{}: {e}", path.display()))
}

/// `merkle build`: the tree of `depth` levels over the leaves in `leaves`
/// (one per line), written to `out`; prints the root.
pub fn build(group: GroupId, depth: usize, leaves: &Path, out: &Path) -> Result<(), String> {
    let text = read_capped(leaves, MAX_TREE_FILE)?;
    let tree =
        MerkleTreeFile::build_from_lines(group, depth, &text).map_err(|e| format!("{}: {e}", leaves.display()))?;
    write_text(out, &tree.to_json())?;
    println!("{}", tree.root);
    Ok(())
}

/// `merkle root`: rebuild the tree, check it against its root, print it.
pub fn root(path: &Path) -> Result<(), String> {
    let tree = read_tree(path)?;
    let group = tree.group_id().map_err(|e| e.to_string())?;
    ballistic::with_group!(group, G => tree.tree::<G>().map(|_| ())).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("{}", tree.root);
    Ok(())
}

/// Where `merkle prove` takes the leaf's position and the blinding from.
pub struct ProveSecrets<'a> {
    /// `--leaf`.
    pub index: Option<u64>,
    /// `--leaf-file`.
    pub index_file: Option<&'a Path>,
    /// `--blinding-file`.
    pub blinding_file: Option<&'a Path>,
}

/// `merkle prove`: prove that a leaf of the tree is in it; write the proof
/// file and, if asked, the openings (mode 0600).
pub fn prove(
    tree: &Path,
    secrets: &ProveSecrets<'_>,
    label: &str,
    out: &Path,
    openings: Option<&Path>,
) -> Result<(), String> {
    file::check_label(label).map_err(|e| e.to_string())?;
    if secrets.index_file == Some(Path::new("-")) && secrets.blinding_file == Some(Path::new("-")) {
        return Err("the leaf and the blinding cannot both come from standard input".into());
    }
    let index = match (secrets.index_file, secrets.index) {
        (Some(path), _) => {
            let text = read_secret_text(path)?;
            let parsed = Zeroizing::new(
                file::parse_value_lines(text.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))?,
            );
            match parsed.as_slice() {
                [i] => *i,
                _ => return Err(format!("{}: give exactly one leaf position", path.display())),
            }
        }
        (None, Some(i)) => i,
        (None, None) => return Err("give --leaf or --leaf-file".into()),
    };
    let tree = read_tree(tree)?;
    let group = tree.group_id().map_err(|e| e.to_string())?;
    let (proof, opened) = ballistic::with_group!(group, G => {
        let blinding = match secrets.blinding_file {
            Some(path) => {
                let text = Zeroizing::new(read_capped(path, file::MAX_SECRETS_FILE)?);
                let blindings = Zeroizing::new(
                    file::parse_blinding_lines::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?,
                );
                match blindings.as_slice() {
                    [b] => Some(*b),
                    _ => return Err(format!("{}: give exactly one blinding", path.display())),
                }
            }
            None => None,
        };
        MembershipProofFile::prove::<G, _>(&GeneratorStore::from_env(), &tree, index, blinding, label, &mut rand_core::OsRng)
    })
    .map_err(|e| e.to_string())?;
    // The openings first: a proof whose blinding was lost is of no use.
    if let Some(path) = openings {
        write_secret(path, &opened.to_json())?;
    }
    write_text(out, &proof.to_json())
}

/// The verifier's statement: a root, the tree's depth and its group.
struct Statement {
    root: String,
    depth: usize,
    group: GroupId,
}

/// The statement to check proofs against: a tree file (rebuilt and checked
/// against its root; its depth and group, which `--depth` and `--group`,
/// if given, must match), or else 64 hex digits with `--depth` and
/// `--group` (required: never taken from the proof files).
fn statement(root: &str, depth: Option<usize>, group: Option<GroupId>) -> Result<Statement, String> {
    // 64 hex digits are always a root, never a path: a file named like the
    // verifier's root (planted by whoever can write to the directory) must
    // not replace the statement (issue 35 review).
    let is_hex_root = root.len() == 64 && root.bytes().all(|b| b.is_ascii_hexdigit());
    let path = Path::new(root);
    if !is_hex_root && !path.exists() {
        return Err(format!("{root}: neither a tree file nor a root (64 hex digits)"));
    }
    if !is_hex_root {
        let tree = read_tree(path)?;
        let tree_group = tree.group_id().map_err(|e| e.to_string())?;
        ballistic::with_group!(tree_group, G => tree.tree::<G>().map(|_| ()))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(d) = depth.filter(|d| *d != tree.depth) {
            return Err(format!("--depth {d}, but {} is a tree of depth {}", path.display(), tree.depth));
        }
        if let Some(g) = group.filter(|g| *g != tree_group) {
            return Err(format!("--group {}, but {} is a {} tree", g.name(), path.display(), tree_group.name()));
        }
        return Ok(Statement { root: tree.root, depth: tree.depth, group: tree_group });
    }
    if is_hex_root {
        let depth = depth.ok_or(
            "a bare root needs --depth (the tree's depth, which is the verifier's to give, never the proof file's)",
        )?;
        let group = group.ok_or(
            "a bare root needs --group (a root does not tell its group: ristretto255 and ed25519 share the embedded \
             curve)",
        )?;
        return Ok(Statement { root: root.to_ascii_lowercase(), depth, group });
    }
    Err(format!("{root}: neither a tree file nor a root (64 hex digits)"))
}

/// `merkle verify`: every proof must be valid and for `root` (a tree file,
/// or 64 hex digits with `depth` and `group`); prints "valid" (one proof)
/// or "valid: N proofs", else one line per invalid file. Files claiming
/// another depth or group are named without being checked further.
pub fn verify(root: &str, depth: Option<usize>, group: Option<GroupId>, paths: &[PathBuf]) -> Result<(), String> {
    let statement = statement(root, depth, group)?;
    // Only the headers are checked on reading: a file's proof is decoded only
    // if it claims the verifier's group, depth and root.
    let n = verify_files(paths, MAX_RANGE_FILE, MembershipProofFile::from_json_header, |parsed| {
        let store = GeneratorStore::from_env();
        file::verify_membership_files(
            &store,
            parsed,
            &statement.root,
            statement.depth,
            statement.group,
            &mut rand_core::OsRng,
        )
    })?;
    match n {
        1 => println!("valid"),
        n => println!("valid: {n} proofs"),
    }
    Ok(())
}
