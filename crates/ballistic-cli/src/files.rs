//! `range prove` / `range verify` / `range verify-batch`, and reading and
//! writing proof files. The format, its checks and verification are the
//! library's (`ballistic::file`); this module only moves bytes and prints.

use std::path::{Path, PathBuf};

use ballistic::file::{self, FileError, GeneratorCache, RangeProofFile, MAX_RANGE_FILE};
use ballistic::group::GroupId;
use ballistic::RangeSystem;
use zeroize::Zeroizing;

/// Read a file of at most `max` bytes (`-`: standard input), through the
/// library's bounded reader: pipes and devices are bounded too.
pub fn read_capped(path: &Path, max: usize) -> Result<Vec<u8>, String> {
    let named = |e: FileError| format!("{}: {e}", path.display());
    if path == Path::new("-") {
        return file::read_bounded(std::io::stdin().lock(), max).map_err(named);
    }
    let f = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    file::read_bounded(f, max).map_err(named)
}

/// Write `text` (a proof file's JSON) to `path`.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Write secret `text` (openings: values and blindings) to `path`, readable
/// by its owner alone: created with mode 0600, and an existing file's mode
/// set to 0600 before anything is written to it.
pub fn write_secret(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let mut f =
        std::fs::OpenOptions::new().write(true).create(true).truncate(false).mode(0o600).open(path).map_err(cannot)?;
    f.set_permissions(std::fs::Permissions::from_mode(0o600)).map_err(cannot)?;
    f.set_len(0).map_err(cannot)?;
    f.write_all(text.as_bytes()).map_err(cannot)
}

/// Where `range prove` takes its secrets from: the command line (visible
/// to other local users) or files (`-`: standard input).
pub struct Secrets<'a> {
    /// `--value`s.
    pub values: &'a [u64],
    /// `--values-file`.
    pub values_file: Option<&'a Path>,
    /// `--blinding`s.
    pub blindings: &'a [String],
    /// `--blindings-file`.
    pub blindings_file: Option<&'a Path>,
}

/// Values from `--values-file` (one per line), or the `--value`s.
fn values_of(secrets: &Secrets<'_>) -> Result<Vec<u64>, String> {
    match secrets.values_file {
        Some(path) => {
            let text = Zeroizing::new(read_capped(path, file::MAX_SECRETS_FILE)?);
            file::parse_value_lines(&text).map_err(|e| format!("{}: {e}", path.display()))
        }
        None => Ok(secrets.values.to_vec()),
    }
}

/// One secret of `mpc party`: from `--value-file` / `--blinding-file`
/// (`-`: standard input), else the flag's text.
pub fn read_secret_text(path: &Path) -> Result<Zeroizing<String>, String> {
    let bytes = Zeroizing::new(read_capped(path, file::MAX_SECRETS_FILE)?);
    let text = std::str::from_utf8(&bytes).map_err(|_| format!("{}: not UTF-8", path.display()))?;
    Ok(Zeroizing::new(text.trim().to_string()))
}

/// `range prove`: write the proof file to `out` and, if asked, the secret
/// openings to `openings`.
#[allow(clippy::too_many_arguments)]
pub fn prove(
    group: GroupId,
    system: RangeSystem,
    bits: usize,
    secrets: &Secrets<'_>,
    label: &str,
    out: &Path,
    openings: Option<&Path>,
) -> Result<(), String> {
    if secrets.values_file == Some(Path::new("-")) && secrets.blindings_file == Some(Path::new("-")) {
        return Err("values and blindings cannot both come from standard input".into());
    }
    let values = Zeroizing::new(values_of(secrets)?);
    let (proof_file, openings_file) = ballistic::with_group!(group, G => {
        let blindings = Zeroizing::new(match secrets.blindings_file {
            Some(path) => {
                let text = Zeroizing::new(read_capped(path, file::MAX_SECRETS_FILE)?);
                file::parse_blinding_lines::<G>(&text).map_err(|e| format!("{}: {e}", path.display()))?
            }
            None => secrets
                .blindings
                .iter()
                .enumerate()
                .map(|(index, hex)| file::parse_blinding::<G>(index, hex))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?,
        });
        RangeProofFile::prove::<G, _>(&GeneratorCache::new(), system, bits, &values, &blindings, label, &mut rand_core::OsRng)
    })
    .map_err(|e| e.to_string())?;
    // The openings first: a proof whose blindings were lost is of no use.
    if let Some(path) = openings {
        write_secret(path, &openings_file.to_json())?;
    }
    write_text(out, &proof_file.to_json())
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
    verify_files(paths, MAX_RANGE_FILE, RangeProofFile::from_json, |parsed| {
        file::verify_range_files(parsed, &mut rand_core::OsRng)
    })
    .map(|n| println!("valid: {n} proofs"))
}

/// Read the files at `paths` (each at most `max` bytes), parse each, and
/// verify them together with `verify` (the library's batch verifier, which
/// names invalid ones by their position). Returns how many were valid (all
/// of them), or prints one line per invalid file and fails.
pub fn verify_files<T>(
    paths: &[PathBuf],
    max: usize,
    parse: impl Fn(&[u8]) -> Result<T, FileError>,
    verify: impl FnOnce(&[Result<T, FileError>]) -> Vec<(usize, FileError)>,
) -> Result<usize, String> {
    // Files that could not be read are named as they are; the rest (parsed
    // or not) go to the library, which reports them by their position in
    // `parsed` (`read_from[k]` is that file's index in `paths`).
    let mut bad: Vec<(usize, String)> = Vec::new();
    let mut parsed = Vec::with_capacity(paths.len());
    let mut read_from = Vec::with_capacity(paths.len());
    for (index, path) in paths.iter().enumerate() {
        match read_capped(path, max) {
            Ok(text) => {
                parsed.push(parse(&text));
                read_from.push(index);
            }
            Err(reason) => bad.push((index, reason)),
        }
    }
    for (k, reason) in verify(&parsed) {
        if let Some(&index) = read_from.get(k) {
            bad.push((index, reason.to_string()));
        }
    }
    bad.sort_by_key(|(index, _)| *index);
    if bad.is_empty() {
        return Ok(paths.len());
    }
    for (index, reason) in &bad {
        if let Some(path) = paths.get(*index) {
            println!("invalid: {}: {reason}", path.display());
        }
    }
    Err(format!("{} of {} proofs invalid", bad.len(), paths.len()))
}
