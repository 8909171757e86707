//! `assets prove` / `assets verify`: multi-asset range proofs (Confidential
//! Assets). The proof file format (`ballistic::file::MultiAssetProofFile`),
//! its checks, proving and verification are the library's; this module
//! reads the secrets and pins, writes the files and prints the statement
//! verified.

use std::path::{Path, PathBuf};

use ballistic::encoding::{from_hex, to_hex};
use ballistic::file::{
    self, FileError, GeneratorCache, MultiAssetPins, MultiAssetProofFile, MAX_ASSETS_FILE, MAX_ASSET_ID,
    MAX_SECRETS_FILE,
};
use ballistic::group::GroupId;
use ballistic::range::assets::MultiAssetSystem;
use zeroize::Zeroizing;

use crate::files::{read_capped, verify_files, write_secret, write_text};

/// `assets prove`: what the command line gave.
pub struct ProveArgs<'a> {
    /// `--system`.
    pub system: MultiAssetSystem,
    /// `--group`.
    pub group: GroupId,
    /// `--bits`.
    pub bits: usize,
    /// `--outputs-file` (`-`: standard input).
    pub outputs_file: &'a Path,
    /// `--label`.
    pub label: &'a str,
    /// `--out`.
    pub out: &'a Path,
    /// `--openings`.
    pub openings: Option<&'a Path>,
}

/// `assets prove`: read the outputs (values, asset ids, blinding factors)
/// from their file, prove, write the proof file and, if asked, the secret
/// openings (mode 0600, written first).
pub fn prove(a: &ProveArgs<'_>) -> Result<(), String> {
    file::check_label(a.label).map_err(|e| e.to_string())?;
    let text = Zeroizing::new(read_capped(a.outputs_file, MAX_SECRETS_FILE)?);
    let named = |e: FileError| format!("{}: {e}", a.outputs_file.display());
    let (proof_file, openings) = ballistic::with_group!(a.group, G => {
        let outputs = file::parse_asset_lines::<G, _>(&text, &mut rand_core::OsRng).map_err(named)?;
        if outputs.is_empty() {
            return Err(format!("{}: no outputs (one line per output: VALUE ASSET_ID [ASSET_BLINDING [BLINDING]])",
                a.outputs_file.display()));
        }
        MultiAssetProofFile::prove::<G, _>(&GeneratorCache::new(), a.system, a.bits, &outputs, a.label, &mut rand_core::OsRng)
    })
    .map_err(|e| e.to_string())?;
    if let Some(path) = a.openings {
        write_secret(path, &openings.to_json())?;
    }
    write_text(a.out, &proof_file.to_json())?;
    println!(
        "proof: {} outputs of {} bits, {} bytes; written to {}",
        proof_file.commitments.len(),
        a.bits,
        proof_file.proof.len() / 2,
        a.out.display()
    );
    Ok(())
}

/// What `assets verify` pins: the group, the label, the bits, and the value
/// generators it accepts (`--asset`, `--value-generators`).
pub struct Pinned<'a> {
    /// `--group`.
    pub group: GroupId,
    /// `--label`.
    pub label: &'a str,
    /// `--bits`.
    pub bits: Option<usize>,
    /// `--asset`s (hex asset ids: their unblinded tags are accepted).
    pub assets: &'a [String],
    /// `--value-generators` (a file of generators, hex, one per line).
    pub generators_file: Option<&'a Path>,
}

/// A value generator the verifier accepts (its canonical encoding), with
/// what it is called (`asset <id>`, or its line in the generators file).
type Accepted = (Vec<u8>, String);

/// The value generators the verifier accepts; `None` if none pinned.
fn accepted(p: &Pinned<'_>) -> Result<Option<Vec<Accepted>>, String> {
    if p.assets.is_empty() && p.generators_file.is_none() {
        return Ok(None);
    }
    let mut out = Vec::new();
    for id in p.assets {
        let bytes = from_hex(id)
            .filter(|b| (1..=MAX_ASSET_ID).contains(&b.len()))
            .ok_or_else(|| format!("--asset {id}: must be 1 to {MAX_ASSET_ID} bytes of lowercase hex"))?;
        out.push((file::asset_generator_bytes(p.group, &bytes), format!("asset {id}")));
    }
    if let Some(path) = p.generators_file {
        let text = read_capped(path, MAX_SECRETS_FILE)?;
        let text = std::str::from_utf8(&text).map_err(|_| format!("{}: not UTF-8", path.display()))?;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let bytes = file::parse_value_generator(p.group, i, line.trim())
                .map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))?;
            out.push((bytes, format!("{} line {}", path.display(), i + 1)));
        }
    }
    Ok(Some(out))
}

/// `assets verify`: every file against the verifier's statement, as one
/// batch. Prints the statement (group, label, each file's bits and value
/// generators, named when pinned) and "valid", or names each invalid file
/// with its reason. With no generator pinned, the generators are the
/// files' own: printed, with a warning.
pub fn verify(paths: &[PathBuf], p: &Pinned<'_>) -> Result<(), String> {
    file::check_label(p.label).map_err(|e| e.to_string())?;
    let accepted = accepted(p)?;
    let allowed: Option<Vec<Vec<u8>>> = accepted.as_ref().map(|a| a.iter().map(|(g, _)| g.clone()).collect());
    let pins = MultiAssetPins { group: p.group, label: p.label, bits: p.bits, value_generators: allowed.as_deref() };
    let mut shown = Vec::new();
    let valid = match paths {
        // One file: its reason is the error.
        [path] => {
            let f = MultiAssetProofFile::from_json(&read_capped(path, MAX_ASSETS_FILE)?).map_err(|e| e.to_string())?;
            f.verify(&pins).map_err(|e| e.to_string())?;
            shown.push(Some(f));
            1
        }
        _ => verify_files(paths, MAX_ASSETS_FILE, MultiAssetProofFile::from_json, |parsed| {
            shown = parsed.iter().map(|f| f.as_ref().ok().cloned()).collect();
            file::verify_multi_asset_files(parsed, &pins, &mut rand_core::OsRng)
        })?,
    };
    crate::term::say(&format!("group: {}, label: {}", p.group.name(), p.label));
    for (path, f) in paths.iter().zip(&shown) {
        let Some(f) = f else { continue };
        let generators: Vec<String> = f
            .value_generators()
            .iter()
            .enumerate()
            .map(|(j, h)| {
                let name = accepted
                    .as_ref()
                    .and_then(|a| a.iter().find(|(g, _)| to_hex(g) == *h).map(|(_, name)| format!(" ({name})")));
                format!("output {j} on {h}{}", name.unwrap_or_default())
            })
            .collect();
        crate::term::say(&format!(
            "{}: {} outputs of {} bits ({}): {}",
            path.display(),
            f.commitments.len(),
            f.bits,
            f.system,
            generators.join(", ")
        ));
    }
    if accepted.is_none() {
        crate::term::warn(
            "the value generators are the proof files' own (printed above), not pinned: the proofs bind values \
             only if nobody knows a generator's discrete logarithm; pin them with --asset or --value-generators",
        );
    }
    match valid {
        1 => println!("valid"),
        n => println!("valid: {n} proofs"),
    }
    Ok(())
}
