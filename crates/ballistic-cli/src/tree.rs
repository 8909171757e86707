//! `tree build` / `root` / `prove` / `verify`: Curve Trees key ownership
//! (a tree of secp256k1 public keys; a proof that one of them is yours,
//! with one key image per key and context). The file formats, tree
//! building, proving and verification are the library's
//! (`ballistic::file`); this module reads and writes files and prints.

use std::path::{Path, PathBuf};

use ballistic::file::{
    self, GeneratorStore, KeyTreeFile, OwnershipProofFile, OwnershipStatement, MAX_RANGE_FILE, MAX_TREE_FILE,
};

use crate::files::{read_capped, read_secret_text, write_text};

fn read_tree(path: &Path) -> Result<KeyTreeFile, String> {
    KeyTreeFile::from_json(&read_capped(path, MAX_TREE_FILE)?).map_err(|e| format!("{}: {e}", path.display()))
}

/// `tree build`: the tree of the keys in `keys` (one per line) with
/// `branching` (from the leaves up; the library's default for the number
/// of keys if `None`), written to `out`; prints the root.
pub fn build(keys: &Path, branching: Option<&[usize]>, out: &Path) -> Result<(), String> {
    let text = read_capped(keys, MAX_TREE_FILE)?;
    let tree = KeyTreeFile::build_from_lines(&GeneratorStore::from_env(), branching, &text)
        .map_err(|e| format!("{}: {e}", keys.display()))?;
    write_text(out, &tree.to_json())?;
    println!("{}", tree.root);
    Ok(())
}

/// `tree root`: rebuild the tree, check it against its root, print it.
pub fn root(path: &Path) -> Result<(), String> {
    let tree = read_tree(path)?;
    tree.tree(&GeneratorStore::from_env()).map_err(|e| format!("{}: {e}", path.display()))?;
    println!("{}", tree.root);
    Ok(())
}

/// `tree prove`: prove ownership of the key whose secret key is in
/// `key_file`, for `context` and `message`, in the tree of `tree` (whose
/// root must be `root`, if given: the root the prover was told to expect,
/// so that a verifier who hands each user another tree cannot tag them);
/// write the proof file and print the key image.
pub fn prove(
    tree: &Path,
    key_file: &Path,
    root: Option<&str>,
    context: &str,
    message: &str,
    out: &Path,
) -> Result<(), String> {
    if tree == Path::new("-") && key_file == Path::new("-") {
        return Err("the tree and the secret key cannot both come from standard input".into());
    }
    let text = read_secret_text(key_file)?;
    let key = file::parse_secret_key(text.as_bytes()).map_err(|e| format!("{}: {e}", key_file.display()))?;
    drop(text);
    let tree_file = read_tree(tree)?;
    if let Some(expected) = root.filter(|r| !r.eq_ignore_ascii_case(&tree_file.root)) {
        return Err(format!("{}: root {}, where --root is {expected}", tree.display(), tree_file.root));
    }
    let proof = OwnershipProofFile::prove(
        &GeneratorStore::from_env(),
        &tree_file,
        &key,
        context,
        message,
        &mut rand_core::OsRng,
    )
    .map_err(|e| e.to_string())?;
    write_text(out, &proof.to_json())?;
    println!("{}", proof.key_image);
    Ok(())
}

/// The verifier's tree: a tree file (rebuilt and checked against its root;
/// `--branching`, if given, must be its), or a bare root (hex) with
/// `--branching` (required: never taken from the proof files).
fn statement(
    root: &str,
    branching: Option<&[usize]>,
    context: &str,
    message: &str,
) -> Result<OwnershipStatement, String> {
    // Hex of a point is always a root, never a path (a file planted under
    // the root's name must not replace the statement).
    let is_hex_root = root.len() == 66 && root.bytes().all(|b| b.is_ascii_hexdigit());
    if is_hex_root {
        let branching = branching.ok_or(
            "a bare root needs --branching (the tree's shape, which is the verifier's to give, never the proof file's)",
        )?;
        return Ok(OwnershipStatement {
            root: root.to_ascii_lowercase(),
            branching: branching.to_vec(),
            context: context.into(),
            message: message.into(),
        });
    }
    let path = Path::new(root);
    if !path.exists() {
        return Err(format!("{root}: neither a key tree file nor a root (66 hex digits)"));
    }
    let tree = read_tree(path)?.tree(&GeneratorStore::from_env()).map_err(|e| format!("{}: {e}", path.display()))?;
    let statement = tree.statement(context, message);
    if let Some(b) = branching.filter(|b| *b != statement.branching.as_slice()) {
        return Err(format!(
            "--branching {b:?}, but {} is a tree of branching {:?}",
            path.display(),
            statement.branching
        ));
    }
    Ok(statement)
}

/// `tree verify`: every proof must be valid for the verifier's tree,
/// context and message; prints each proof's key image (`<file> <image>`)
/// and "valid", or names each invalid file. Two proofs of one call with
/// one image (one key used twice in the context) are refused from the
/// second, naming the first.
pub fn verify(
    root: &str,
    branching: Option<&[usize]>,
    context: &str,
    message: &str,
    paths: &[PathBuf],
) -> Result<(), String> {
    let statement = statement(root, branching, context, message)?;
    // Every file is read first (an unreadable one is refused as it is), so
    // that the library's positions are the files' own.
    let parsed: Vec<_> = paths
        .iter()
        .map(|path| {
            read_capped(path, MAX_RANGE_FILE)
                .map_err(file::FileError::Io)
                .and_then(|text| OwnershipProofFile::from_json(&text))
        })
        .collect();
    let results = file::verify_ownership_files(&GeneratorStore::from_env(), &parsed, &statement, &mut rand_core::OsRng);
    let show = |p: &Path| crate::term::escape_bounded(&p.display().to_string());
    let mut invalid = 0;
    for (path, result) in paths.iter().zip(&results) {
        match result {
            Ok(_) => {}
            Err(file::FileError::KeyImageReused { first }) => {
                invalid += 1;
                let first = paths.get(*first).map(|p| show(p)).unwrap_or_default();
                println!("invalid: {}: the key image of {first} (one key used twice in the context)", show(path));
            }
            Err(file::FileError::Io(reason)) => {
                invalid += 1;
                println!("{}", crate::term::escape_bounded(&format!("invalid: {reason}")));
            }
            Err(e) => {
                invalid += 1;
                // Bounded: a refusal may quote a field of the hostile file.
                println!("{}", crate::term::escape_bounded(&format!("invalid: {}: {e}", path.display())));
            }
        }
    }
    if invalid > 0 {
        return Err(format!("{invalid} of {} proofs invalid", paths.len()));
    }
    for (path, image) in paths.iter().zip(&results) {
        if let Ok(image) = image {
            println!("{} {image}", show(path));
        }
    }
    match paths.len() {
        1 => println!("valid"),
        n => println!("valid: {n} proofs"),
    }
    Ok(())
}
