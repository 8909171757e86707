//! `range prove` / `range verify` / `range verify-batch`, and reading and
//! writing proof files. The format, its checks and verification are the
//! library's (`ballistic::file`); this module only moves bytes and prints.

use std::path::{Path, PathBuf};

use ballistic::file::{self, FileError, GeneratorCache, RangeProofFile, MAX_RANGE_FILE};
use ballistic::group::GroupId;
use ballistic::RangeSystem;
use zeroize::Zeroizing;

/// Read a proof file of at most `max` bytes (checked before reading).
pub fn read_capped(path: &Path, max: usize) -> Result<Vec<u8>, String> {
    let cannot_read = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let len = std::fs::metadata(path).map_err(cannot_read)?.len();
    if len > max as u64 {
        let len = usize::try_from(len).unwrap_or(usize::MAX);
        return Err(format!("{}: {}", path.display(), FileError::TooLarge { len, max }));
    }
    std::fs::read(path).map_err(cannot_read)
}

/// Write `text` (a proof file's JSON) to `path`.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `range prove`: write the proof file to `out` and, if asked, the secret
/// openings to `openings`.
#[allow(clippy::too_many_arguments)]
pub fn prove(
    group: GroupId,
    system: RangeSystem,
    bits: usize,
    values: &[u64],
    blindings: &[String],
    label: &str,
    out: &Path,
    openings: Option<&Path>,
) -> Result<(), String> {
    let (proof_file, openings_file) = ballistic::with_group!(group, G => {
        let blindings = Zeroizing::new(
            blindings
                .iter()
                .enumerate()
                .map(|(index, hex)| file::parse_blinding::<G>(index, hex))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?,
        );
        RangeProofFile::prove::<G, _>(&GeneratorCache::new(), system, bits, values, &blindings, label, &mut rand_core::OsRng)
    })
    .map_err(|e| e.to_string())?;
    write_text(out, &proof_file.to_json())?;
    if let Some(path) = openings {
        write_text(path, &openings_file.to_json())?;
    }
    Ok(())
}

fn read(path: &Path) -> Result<RangeProofFile, String> {
    RangeProofFile::from_json(&read_capped(path, MAX_RANGE_FILE)?).map_err(|e| e.to_string())
}

/// `range verify`: `Ok` iff the file holds a valid proof; `Err` carries a
/// one-line reason.
pub fn verify(path: &Path) -> Result<(), String> {
    read(path)?.verify().map_err(|e| e.to_string())
}

/// `range verify-batch`: one batch per group; prints "valid: N proofs" or
/// one line per invalid file (and fails).
pub fn verify_batch(paths: &[PathBuf]) -> Result<(), String> {
    // Files that could not be read are named as they are; the rest (parsed
    // or not) go to the library, which reports them by their position in
    // `parsed` (`read_from[k]` is that file's index in `paths`).
    let mut bad: Vec<(usize, String)> = Vec::new();
    let mut parsed = Vec::with_capacity(paths.len());
    let mut read_from = Vec::with_capacity(paths.len());
    for (index, path) in paths.iter().enumerate() {
        match read_capped(path, MAX_RANGE_FILE) {
            Ok(text) => {
                parsed.push(RangeProofFile::from_json(&text));
                read_from.push(index);
            }
            Err(reason) => bad.push((index, reason)),
        }
    }
    for (k, reason) in file::verify_range_files(&parsed, &mut rand_core::OsRng) {
        if let Some(&index) = read_from.get(k) {
            bad.push((index, reason.to_string()));
        }
    }
    bad.sort_by_key(|(index, _)| *index);
    if bad.is_empty() {
        println!("valid: {} proofs", paths.len());
        return Ok(());
    }
    for (index, reason) in &bad {
        if let Some(path) = paths.get(*index) {
            println!("invalid: {}: {reason}", path.display());
        }
    }
    Err(format!("{} of {} proofs invalid", bad.len(), paths.len()))
}
