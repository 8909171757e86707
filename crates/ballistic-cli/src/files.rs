//! `range prove` / `range verify` / `range verify-batch`, and reading and
//! writing proof files. The format, its checks and verification are the
//! library's (`ballistic::file`); this module only moves bytes and prints.
//! The deployed formats' `range prove --profile` is in `profile`, `range
//! recover` and `range rewind` in `recover`.

use std::path::{Path, PathBuf};

use ballistic::compat::monero::MoneroConsensus;
use ballistic::file::{self, FileError, GeneratorCache, RangeProofFile, MAX_RANGE_FILE};
use ballistic::group::GroupId;
use ballistic::RangeSystem;
use zeroize::Zeroizing;

mod profile;
mod recover;

pub use profile::{prove_profile, ProfileOptions};
pub use recover::{recover, rewind};

/// Open an input file for reading — the one way the tool opens the files
/// it reads (proof, circuit, value and secrets files). Only regular files:
/// a FIFO, device, socket or directory is refused from its metadata before
/// it is opened (opening a FIFO blocks until a writer comes, so one such
/// argument would hang a whole batch), and checked again on the open file.
/// Standard input is `-` (see [`read_capped`]).
pub fn open_input(path: &Path) -> Result<std::fs::File, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let not_regular = || {
        format!("{}: not a regular file (a FIFO, device or directory; give `-` to read standard input)", path.display())
    };
    // Opened without blocking (a FIFO's open would wait for a writer) and
    // without becoming a controlling terminal, then checked on the open
    // descriptor itself: no window in which the path can be swapped for a
    // FIFO between a check and the open (issue 35 review). A regular file
    // ignores O_NONBLOCK.
    let f = open_nonblocking(path).map_err(cannot)?;
    if !f.metadata().map_err(cannot)?.is_file() {
        return Err(not_regular());
    }
    Ok(f)
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY).open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Read a file of at most `max` bytes (`-`: standard input), through the
/// library's bounded reader: standard input (a pipe) is bounded too.
pub fn read_capped(path: &Path, max: usize) -> Result<Vec<u8>, String> {
    let named = |e: FileError| format!("{}: {e}", path.display());
    if path == Path::new("-") {
        return file::read_bounded(std::io::stdin().lock(), max).map_err(named);
    }
    file::read_bounded(open_input(path)?, max).map_err(named)
}

/// Write `text` (a proof file's JSON) to `path`.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Write secret `text` (openings: values, blindings, positions) to `path`,
/// readable by its owner alone — the one way the tool writes secrets
/// (`--openings` of `range prove`, `range recover`, `range rewind` and
/// `merkle prove`). The file is created anew: a temporary file in the same
/// directory, created exclusively (`O_CREAT | O_EXCL`: never through a
/// symbolic link) with mode 0600, written, synced and renamed over `path`.
/// Whatever was at `path` — a file, or a symbolic link to one — is
/// replaced, never followed, chmod-ed or written through.
pub fn write_secret(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let name = path.file_name().ok_or_else(|| format!("cannot write {}: not a file name", path.display()))?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tag = [0u8; 8];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut tag);
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", ballistic::hazmat::to_hex(&tag)));
    let temp = dir.join(temp_name);
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temp).map_err(cannot)?;
    let written = f.write_all(text.as_bytes()).and_then(|()| f.sync_all()).and_then(|()| std::fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(cannot(e));
    }
    Ok(())
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

/// `range prove` (ballistic's own format): what the command line gave.
pub struct ProveArgs<'a> {
    /// `--group`.
    pub group: GroupId,
    /// `--system`.
    pub system: RangeSystem,
    /// `--bits` (absent with `--min`/`--max`).
    pub bits: Option<usize>,
    /// `--min`.
    pub min: Option<u64>,
    /// `--max`.
    pub max: Option<u64>,
    /// `--extra` (hex).
    pub extra: Option<&'a str>,
    /// `--message` (hex; with `--recover-key`).
    pub message: Option<&'a str>,
    /// `--recover-key` (a file, or `-`).
    pub recover_key: Option<&'a Path>,
    /// `--output-id`.
    pub output_id: Option<&'a str>,
    /// Values and blindings.
    pub secrets: &'a Secrets<'a>,
    /// `--label`.
    pub label: &'a str,
    /// `--out`.
    pub out: &'a Path,
    /// `--openings`.
    pub openings: Option<&'a Path>,
}

/// `--extra`: hex, 1 to `MAX_EXTRA` bytes.
fn extra_of(extra: Option<&str>) -> Result<Vec<u8>, String> {
    let Some(hex) = extra else { return Ok(Vec::new()) };
    let bytes = ballistic::hazmat::from_hex(hex).ok_or("--extra: bad hex (lowercase hex digits)")?;
    if bytes.is_empty() || bytes.len() > file::MAX_EXTRA {
        return Err(format!("--extra: must be 1 to {} bytes", file::MAX_EXTRA));
    }
    Ok(bytes)
}

/// What `range prove` proves: `--bits`, or the interval `--min`/`--max`
/// (`--min` alone: up to 2^64 − 1; `--max` alone: from 0).
fn proved_range(bits: Option<usize>, min: Option<u64>, max: Option<u64>) -> Result<file::ProvedRange, String> {
    match (bits, min, max) {
        (Some(bits), None, None) => Ok(file::ProvedRange::Bits(bits)),
        (None, None, None) => Err("give --bits, or --min and/or --max".into()),
        (Some(_), _, _) => Err("--bits and --min/--max exclude each other (the interval fixes the bits)".into()),
        (None, lo, hi) => {
            let (lo, hi) = (lo.unwrap_or(0), hi.unwrap_or(u64::MAX));
            ballistic::Interval::new(lo, hi)
                .map(file::ProvedRange::Interval)
                .map_err(|_| format!("--min {lo} is above --max {hi}"))
        }
    }
}

/// `range prove`: write the proof file to `out` and, if asked, the secret
/// openings to `openings`.
pub fn prove(a: &ProveArgs<'_>) -> Result<(), String> {
    let secrets = a.secrets;
    let stdin = Some(Path::new("-"));
    if [secrets.values_file, secrets.blindings_file, a.recover_key].iter().filter(|p| **p == stdin).count() > 1 {
        return Err("only one secret can come from standard input".into());
    }
    let range = proved_range(a.bits, a.min, a.max)?;
    let extra = extra_of(a.extra)?;
    if a.message.is_some() && a.recover_key.is_none() {
        return Err("--message is hidden in recoverable proofs: give --recover-key and --output-id".into());
    }
    let values = Zeroizing::new(values_of(secrets)?);
    if matches!(range, file::ProvedRange::Interval(_)) && values.len() != 1 {
        return Err(format!("an interval proof proves one value ({} given)", values.len()));
    }
    let options = file::ProveOptions { system: a.system, range, label: a.label, extra: &extra };
    if let Some(key_path) = a.recover_key {
        let seed = recovery_seed(key_path)?;
        let output_id = a.output_id.ok_or("--recover-key needs --output-id")?;
        let message = Zeroizing::new(match a.message {
            None => Vec::new(),
            Some(hex) => ballistic::hazmat::from_hex(hex).ok_or("--message: bad hex (lowercase hex digits)")?,
        });
        let key = ballistic::RecoveryKey::new(&seed, output_id.as_bytes());
        let (proof_file, openings_file) = ballistic::with_group!(a.group, G => {
            RangeProofFile::prove_recoverable::<G>(&GeneratorCache::new(), &options, &values, key, &message)
        })
        .map_err(|e| e.to_string())?;
        if let Some(path) = a.openings {
            write_secret(path, &openings_file.to_json())?;
        }
        return write_text(a.out, &proof_file.to_json());
    }
    let (proof_file, openings_file) = ballistic::with_group!(a.group, G => {
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
        RangeProofFile::prove_with::<G, _>(&GeneratorCache::new(), &options, &values, &blindings, &mut rand_core::OsRng)
    })
    .map_err(|e| e.to_string())?;
    // The openings first: a proof whose blindings were lost is of no use.
    if let Some(path) = a.openings {
        write_secret(path, &openings_file.to_json())?;
    }
    write_text(a.out, &proof_file.to_json())
}

fn read(path: &Path) -> Result<RangeProofFile, String> {
    RangeProofFile::from_json(&read_capped(path, MAX_RANGE_FILE)?).map_err(|e| e.to_string())
}

/// What `range verify` and `range verify-batch` pin of the proof files'
/// statement: the statement is the verifier's, never the prover's. A file
/// claiming another is refused, unverified (nothing of it decoded).
#[derive(clap::Args, Debug)]
pub struct PinArgs {
    /// The group; proof files of another group are refused.
    #[arg(long, value_enum)]
    pub group: Option<crate::GroupArg>,
    /// The proof system; proof files of another system are refused.
    #[arg(long, value_enum)]
    pub system: Option<crate::SystemArg>,
    /// The transcript label (the application's domain separator; deployed formats: ""); proof
    /// files made under another label are refused. Not given: each file's own (with a warning).
    #[arg(long)]
    pub label: Option<String>,
    /// Bits per value, 1..=64: every value in [0, 2^BITS); files of other bits, and interval
    /// proofs, are refused. With --min/--max: the interval proof's bits. Not given (nor
    /// --min/--max): each file's own range (with a warning).
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64))]
    pub bits: Option<usize>,
    /// Interval proofs: the one value in [MIN, MAX] (the file's min and max; MIN alone: up to
    /// 2^64 - 1); any other file is refused.
    #[arg(long)]
    pub min: Option<u64>,
    /// Interval proofs: the upper end (MAX alone: from 0).
    #[arg(long)]
    pub max: Option<u64>,
    /// The deployed format (Grin's or Monero's); proof files in another format, or in
    /// ballistic's own, are refused.
    #[arg(long, value_enum)]
    pub profile: Option<crate::ProfileArg>,
    /// The extra data the proofs must bind, hex (the application's context: a transaction
    /// hash; --profile grin: Grin's extra_commit, '' its empty one); files binding other
    /// bytes, or none, are refused. Not given (nor --no-extra): each file's own (with a
    /// warning when a file has some).
    #[arg(long, value_parser = hex_arg, conflicts_with = "no_extra")]
    pub extra: Option<HexArg>,
    /// The proofs bind no extra data: files binding any are refused.
    #[arg(long)]
    pub no_extra: bool,
    /// Grin: the value generator the commitments are on (secp256k1-zkp's 33-byte encoding,
    /// hex); files on another, or on Grin's H, are refused. Not given: a file with a value
    /// generator of its own is refused when the range (--bits, --min/--max) is pinned.
    #[arg(long, value_parser = value_generator_arg)]
    pub value_generator: Option<HexArg>,
    /// A commitment the proof must be about, hex as the proof file has it (repeat for each
    /// value, in order); files about other commitments, or more or fewer, are refused. Not
    /// given: each file's own (printed; compare them with yours).
    #[arg(long = "commitment", value_parser = commitment_arg)]
    pub commitments: Vec<String>,
}

fn commitment_arg(text: &str) -> Result<String, String> {
    ballistic::hazmat::from_hex(text)
        .filter(|b| !b.is_empty())
        .map(|_| text.to_string())
        .ok_or_else(|| "bad hex (a point's encoding in lowercase hex digits)".into())
}

/// Bytes given as lowercase hex on the command line.
#[derive(Clone, Debug)]
pub struct HexArg(pub Vec<u8>);

fn hex_arg(text: &str) -> Result<HexArg, String> {
    ballistic::hazmat::from_hex(text).map(HexArg).ok_or_else(|| "bad hex (lowercase hex digits)".into())
}

fn value_generator_arg(text: &str) -> Result<HexArg, String> {
    let bytes = hex_arg(text)?.0;
    let raw: [u8; 33] =
        bytes.as_slice().try_into().map_err(|_| "must be 33 bytes (a secp256k1-zkp generator)".to_string())?;
    ballistic::compat::grin::generator_from_bytes(&raw)
        .ok_or_else(|| "not a secp256k1-zkp generator encoding of a curve point".to_string())?;
    Ok(HexArg(bytes))
}

impl PinArgs {
    /// The library's pins (the label borrowed from `self`).
    pub fn pins(&self) -> Result<file::RangePins<'_>, String> {
        let interval = match (self.min, self.max) {
            (None, None) => None,
            (lo, hi) => {
                let (lo, hi) = (lo.unwrap_or(0), hi.unwrap_or(u64::MAX));
                Some(ballistic::Interval::new(lo, hi).map_err(|_| format!("--min {lo} is above --max {hi}"))?)
            }
        };
        if let Some(label) = &self.label {
            file::check_label(label).map_err(|e| format!("--label: {e}"))?;
        }
        Ok(file::RangePins {
            profile: self.profile.map(|p| Some(p.into())),
            group: self.group.map(Into::into),
            system: self.system.map(Into::into),
            label: self.label.as_deref(),
            bits: self.bits,
            interval,
            extra: match (&self.extra, self.no_extra) {
                (Some(extra), _) => Some(Some(extra.0.as_slice())),
                (None, true) => Some(None),
                (None, false) => None,
            },
            value_generator: self.value_generator.as_ref().map(|g| g.0.as_slice()),
            commitments: (!self.commitments.is_empty()).then_some(self.commitments.as_slice()),
        })
    }
}

/// `range verify`: the file verified against the pins; prints the statement
/// verified and "valid", or fails with a one-line reason.
pub fn verify(path: &Path, pins: &PinArgs, consensus: MoneroConsensus) -> Result<(), String> {
    let pinned = pins.pins()?;
    let f = read(path)?;
    f.verify_pinned(&pinned, consensus).map_err(|e| e.to_string())?;
    report_statements(&[path.to_path_buf()], &[Some(f)], &pinned);
    println!("valid");
    Ok(())
}

/// `range verify-batch`: one batch per group and deployed format, every
/// file checked against the pins first; prints each file's statement and
/// "valid: N proofs", or one line per invalid file (and fails).
pub fn verify_batch(paths: &[PathBuf], pins: &PinArgs, consensus: MoneroConsensus) -> Result<(), String> {
    let pinned = pins.pins()?;
    let mut shown = Vec::new();
    let n = verify_files(paths, MAX_RANGE_FILE, RangeProofFile::from_json, |parsed| {
        shown = parsed.iter().map(|f| f.as_ref().ok().cloned()).collect();
        file::verify_range_files_pinned(parsed, &pinned, consensus, &mut rand_core::OsRng)
    })?;
    report_statements(paths, &shown, &pinned);
    println!("valid: {n} proofs");
    Ok(())
}

/// Print the statement each verified file proved — its format, group,
/// system, label, range and commitments — and warn on stderr when the
/// label or the range was the file's own rather than pinned.
fn report_statements(paths: &[PathBuf], files: &[Option<RangeProofFile>], pins: &file::RangePins<'_>) {
    for (path, f) in paths.iter().zip(files) {
        let Some(f) = f else { continue };
        let format = match &f.profile {
            Some(p) => format!("profile {p}, "),
            None => String::new(),
        };
        let extra = match &f.extra {
            Some(e) => format!(", extra {e}"),
            None => String::new(),
        };
        // `claimed_range` names a Grin file's own value generator too.
        crate::term::say(&format!(
            "{}: {format}group {}, system {}, label {:?}, {} bits, values in {}{extra}; commitments ({}): {}",
            path.display(),
            f.group,
            f.system,
            f.label,
            f.bits,
            f.claimed_range(),
            f.commitments.len(),
            f.commitments.join(", ")
        ));
    }
    let mut unpinned = Vec::new();
    if pins.label.is_none() && !matches!(pins.profile, Some(Some(_))) {
        unpinned.push("the label (--label)");
    }
    if pins.bits.is_none() && pins.interval.is_none() {
        unpinned.push("the range (--bits, or --min/--max)");
    }
    if pins.extra.is_none() && files.iter().flatten().any(|f| f.extra.is_some()) {
        unpinned.push("the extra data (--extra, or --no-extra)");
    }
    if !unpinned.is_empty() {
        crate::term::warn(&format!(
            "{} not pinned: the proof files' own statement was used (printed above), so a proof made under \
             another application's label, of values in another range, or bound to another context's extra \
             data, verifies",
            unpinned.join(" and ")
        ));
    }
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
            // Bounded: a refusal may quote a field of the hostile file.
            println!("{}", crate::term::escape_bounded(&format!("invalid: {}: {reason}", path.display())));
        }
    }
    Err(format!("{} of {} proofs invalid", bad.len(), paths.len()))
}

/// The seed of `--recover-key`: 64 lowercase hex digits in a file (`-`: standard input).
fn recovery_seed(path: &Path) -> Result<Zeroizing<[u8; 32]>, String> {
    file::secret_hex(0, read_secret_text(path)?.as_bytes())
        .map_err(|_| format!("{}: the recovery key must be 64 lowercase hex digits (32 bytes)", path.display()))
}
