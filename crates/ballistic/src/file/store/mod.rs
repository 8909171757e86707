//! The generator store: circuit generators on disk, used only when they
//! hash to a digest pinned in this library (see [`GeneratorStore`]).

mod pins;

use core::any::TypeId;
use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use sha3::{Digest, Sha3_256};

use crate::generators::{BulletproofGens, Generators, PedersenGens};
use crate::group::{Ed25519, Group, GroupId, Ristretto255, Secp256k1, Secq256k1};

/// The generator store: a circuit's vector generators kept on disk, and
/// used only when their bytes hash to a digest pinned in this library.
///
/// A circuit of `n` padded multiplication gates proves and verifies with
/// `Generators::new(n, 1)`: the chains `G_0` and `H_0` of `n` generators
/// each, every one a hash to curve ([`Generators`]). For large
/// circuits that derivation costs as much as the verification itself (on
/// secp256k1 about 33 µs per generator, so about 9 s for `n = 2^17`).
/// Processes that start often (the CLI, a Python script, a C program)
/// would pay it every time; the store pays it once.
///
/// # What is stored
///
/// One file per group and size `2^k`, [`MIN_LOG2`](GeneratorStore::MIN_LOG2)
/// `≤ k ≤` [`MAX_LOG2`](GeneratorStore::MAX_LOG2), named
/// `{group}-{2^k}.v1.gens` (`secp256k1-131072.v1.gens`):
///
/// ```text
/// "ballistic generators v1 {group} {2^k}\n" ‖ G_0[0..2^k] ‖ H_0[0..2^k]
/// ```
///
/// each point in the group's store encoding ([`Group::store_encode`]:
/// secp256k1's and secq256k1's affine `x ‖ y`, 64 bytes, which loads
/// without a square root; Ristretto255's and Ed25519's compressed 32
/// bytes). A request for `n` generators per chain is served by the file of
/// the next power of two (a larger capacity serves every smaller
/// statement). Sizes, per file: `2^(k+7)` bytes on secp256k1 and
/// secq256k1 (16 MiB for `2^17`, 128 MiB for `2^20`), `2^(k+6)` on the
/// other groups.
///
/// # Why a file is never trusted
///
/// The binding of every commitment rests on nobody knowing a discrete
/// logarithm relation between the generators: a verifier that took its
/// generators from a file an attacker wrote would accept forged proofs.
/// So the SHA3-256 of every file the store can write is pinned in the
/// library (`pins.rs`, computed from the derivation by
/// `examples/generator_pins.rs`; the tests recompute the small ones, and
/// `cargo test --release -p ballistic --test integration -- --ignored
/// generator_store::every_pin` all of them). A file is used only if it is
/// a regular file of exactly the expected length whose SHA3-256 is the
/// pin for its group and size; anything else — corrupted, truncated,
/// extended, another group's, another version's, an attacker's — is
/// refused, the generators are derived, and the file is written anew. An
/// attacker who can write the directory can make verification slower (by
/// destroying the files), never make it accept: the generators used are
/// exactly the derived ones. The same pins make any change to the
/// derivation (a format change for every proof) fail the tests.
///
/// # Where
///
/// [`GeneratorStore::from_env`]: the directory named by
/// `BALLISTIC_GENERATOR_CACHE` (an absolute path), or none (the store off)
/// if it is `off`, `0`, `false`, `none` (in any case), empty or a relative
/// path; unset, the platform's cache directory (`$XDG_CACHE_HOME` or
/// `~/.cache` on Linux, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on
/// Windows) followed by `ballistic/generators`, created with mode 0700.
/// Files are written to a fresh temporary name in the directory and
/// renamed into place, so a reader never sees half a file and concurrent
/// writers do not interfere; a file is opened without following symbolic
/// links and without blocking (a FIFO or device put in its place is
/// refused, not waited on). Only sizes of `2^MIN_LOG2` generators per chain
/// and more are stored; a process holds the bytes of one file and its
/// decoded points while loading it.
///
/// Cheap to clone; `Default` is the disabled store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GeneratorStore {
    dir: Option<PathBuf>,
}

/// How [`GeneratorStore::vector`] obtained its generators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreStatus {
    /// Read from the store's file (its digest matched the pin).
    Loaded,
    /// Derived and written to the store (there was no valid file).
    Built {
        /// Why the file could not be used (missing, corrupted, …).
        refused: StoreError,
    },
    /// Derived, not stored: the store is disabled, the size is outside
    /// what it keeps, or writing failed (the reason).
    Derived {
        /// Why nothing was stored.
        reason: StoreError,
    },
}

/// A file in the store ([`GeneratorStore::list`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredFile {
    /// Its group.
    pub group: GroupId,
    /// `log2` of its generators per chain.
    pub log2: u32,
    /// Its path.
    pub path: PathBuf,
    /// Its length in bytes.
    pub len: u64,
    /// Whether it would load, or why not.
    pub verdict: Result<(), StoreError>,
}

/// Why the store did not load (or could not write) a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The store is disabled.
    Disabled,
    /// The store keeps `2^MIN_LOG2` to `2^MAX_LOG2` generators per chain,
    /// and one chain pair.
    OutOfRange {
        /// Generators per chain requested.
        per_chain: usize,
        /// Chains requested.
        chains: usize,
    },
    /// No digest is pinned for this group (a group without stored
    /// generators).
    Unpinned,
    /// No file.
    Missing,
    /// Something other than a regular file at the file's path.
    NotAFile,
    /// The file is not of the expected length.
    Length {
        /// Its length.
        len: u64,
        /// The length of the pinned file.
        expected: u64,
    },
    /// The file's SHA3-256 is not the pinned digest.
    Digest,
    /// Reading or writing failed.
    Io(String),
}

impl core::fmt::Display for StoreError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            StoreError::Disabled => write!(f, "the generator store is disabled"),
            StoreError::OutOfRange { per_chain, chains } => write!(
                f,
                "{chains} chain(s) of {per_chain} generators: the store keeps one chain pair of 2^{} to 2^{}",
                GeneratorStore::MIN_LOG2,
                GeneratorStore::MAX_LOG2
            ),
            StoreError::Unpinned => write!(f, "no generator digest is pinned for this group and size"),
            StoreError::Missing => write!(f, "no stored generators"),
            StoreError::NotAFile => write!(f, "not a regular file"),
            StoreError::Length { len, expected } => {
                write!(f, "stored generators of {len} bytes where {expected} are expected (refused)")
            }
            StoreError::Digest => write!(f, "stored generators do not match the pinned digest (refused)"),
            StoreError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl GeneratorStore {
    /// The environment variable naming the store's directory (`off` or
    /// empty: disabled).
    pub const ENV: &'static str = "BALLISTIC_GENERATOR_CACHE";
    /// Smallest size kept, as `log2` of the generators per chain (below,
    /// deriving costs milliseconds).
    pub const MIN_LOG2: u32 = 10;
    /// Largest size kept (`2^20` generators per chain: circuits of up to
    /// a million multiplication gates).
    pub const MAX_LOG2: u32 = 20;

    /// The store in `dir` (created when first written).
    pub fn at(dir: impl Into<PathBuf>) -> Self {
        GeneratorStore { dir: Some(dir.into()) }
    }

    /// A store that keeps nothing: every request is derived.
    pub fn disabled() -> Self {
        GeneratorStore { dir: None }
    }

    /// The store the environment names (see [where](GeneratorStore#where)):
    /// `BALLISTIC_GENERATOR_CACHE` if set (an absolute path; `off`, `0`,
    /// `false`, `none`, empty or a relative path: disabled), else the
    /// platform's cache directory's `ballistic/generators` (disabled if the
    /// platform has none). Reads the environment: call it once, where no
    /// other thread changes the environment.
    pub fn from_env() -> Self {
        Self::from_var(std::env::var_os(Self::ENV))
    }

    /// [`from_env`](Self::from_env) with the variable's value given.
    fn from_var(value: Option<std::ffi::OsString>) -> Self {
        match value {
            Some(v) => {
                let off = ["off", "0", "false", "none"].iter().any(|w| v.eq_ignore_ascii_case(w));
                let path = PathBuf::from(v);
                if off || !path.is_absolute() {
                    Self::disabled()
                } else {
                    Self::at(path)
                }
            }
            None => dirs::cache_dir().map_or_else(Self::disabled, |d| Self::at(d.join("ballistic").join("generators"))),
        }
    }

    /// The directory, if enabled.
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The size (`log2` of the generators per chain) of the file that
    /// serves `per_chain` generators per chain, if the store keeps one:
    /// `per_chain` from `2^MIN_LOG2` to `2^MAX_LOG2`, rounded up to a
    /// power of two.
    pub fn log2_for(per_chain: usize) -> Option<u32> {
        if per_chain < 1 << Self::MIN_LOG2 {
            return None;
        }
        let k = per_chain.checked_next_power_of_two()?.trailing_zeros();
        (k <= Self::MAX_LOG2).then_some(k)
    }

    /// `2^log2` if the store keeps that size.
    fn size(log2: u32) -> Option<usize> {
        (Self::MIN_LOG2..=Self::MAX_LOG2).contains(&log2).then(|| 1usize << log2)
    }

    /// The file's name for `group` (`2^log2` in the store's sizes).
    fn file_name(group: &str, n: usize) -> String {
        format!("{group}-{n}.v1.gens")
    }

    /// The file's path in this store (`None` if disabled or a size the
    /// store does not keep).
    pub fn path<G: Group>(&self, log2: u32) -> Option<PathBuf> {
        let n = Self::size(log2)?;
        self.dir.as_ref().map(|d| d.join(Self::file_name(G::NAME, n)))
    }

    /// The file's first line.
    fn header<G: Group>(n: usize) -> Vec<u8> {
        format!("ballistic generators v1 {} {n}\n", G::NAME).into_bytes()
    }

    /// The length of the file for `G` and `2^log2` (`None` for a size the
    /// store does not keep).
    pub fn file_len<G: Group>(log2: u32) -> Option<u64> {
        let n = Self::size(log2)?;
        Some(Self::header::<G>(n).len() as u64 + 2 * n as u64 * G::STORE_POINT_LEN as u64)
    }

    /// The pinned SHA3-256 of the file for `G` and `2^log2` (`None` for a
    /// group or size the store does not keep).
    pub fn pin<G: Group>(log2: u32) -> Option<[u8; 32]> {
        let group = known_group::<G>()?;
        let hex = pins::PINS.iter().find(|(g, k, _)| *g == group.name() && *k == log2).map(|(_, _, d)| *d)?;
        let mut digest = [0u8; 32];
        base16ct::lower::decode(hex, &mut digest).ok()?;
        Some(digest)
    }

    /// The bytes of the file for `2^log2` generators per chain, from
    /// `gens`' chain pair 0 (`None` if `gens` has fewer). What the store
    /// writes, and what `examples/generator_pins.rs` hashes.
    pub fn encode<G: Group>(log2: u32, gens: &BulletproofGens<G>) -> Option<Vec<u8>> {
        let n = Self::size(log2)?;
        let (g, h) = (gens.g_chains().first()?.get(..n)?, gens.h_chains().first()?.get(..n)?);
        let mut bytes = Self::header::<G>(n);
        bytes.reserve(2 * n * G::STORE_POINT_LEN);
        G::store_encode(g, &mut bytes);
        G::store_encode(h, &mut bytes);
        Some(bytes)
    }

    /// Read the file for `2^log2` generators per chain: the generators if
    /// it is a regular file of the pinned length and digest, else why not.
    /// Reads at most the expected length plus one byte.
    pub fn load<G: Group>(&self, log2: u32) -> Result<BulletproofGens<G>, StoreError> {
        let bytes = self.read_checked::<G>(log2)?;
        let n = Self::size(log2).ok_or(StoreError::Unpinned)?;
        let points = bytes.get(Self::header::<G>(n).len()..).ok_or(StoreError::Digest)?;
        let (g, h) = points.split_at_checked(n * G::STORE_POINT_LEN).ok_or(StoreError::Digest)?;
        let (g, h) = (decode_points::<G>(g), decode_points::<G>(h));
        drop(bytes);
        match (g, h) {
            (Some(g), Some(h)) if g.len() == n && h.len() == n => {
                BulletproofGens::from_chains(vec![g], vec![h]).ok_or(StoreError::Digest)
            }
            _ => Err(StoreError::Digest),
        }
    }

    /// Whether the file for `2^log2` generators per chain would load (its
    /// length and digest; the points are not decoded).
    pub fn check<G: Group>(&self, log2: u32) -> Result<(), StoreError> {
        self.read_checked::<G>(log2).map(drop)
    }

    /// The file's bytes if it is a regular file of the pinned length and
    /// digest.
    fn read_checked<G: Group>(&self, log2: u32) -> Result<Vec<u8>, StoreError> {
        let pin = Self::pin::<G>(log2).ok_or(StoreError::Unpinned)?;
        let path = self.path::<G>(log2).ok_or(StoreError::Disabled)?;
        let expected = Self::file_len::<G>(log2).ok_or(StoreError::Unpinned)?;
        let io = |e: std::io::Error| StoreError::Io(format!("{}: {e}", path.display()));
        // Opened first, then checked through the handle (no window for a
        // swap): without following a symbolic link and without blocking,
        // so a FIFO or a device in the file's place is refused, not waited on.
        let file = match open_no_follow(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(StoreError::Missing),
            Err(_) if fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) => return Err(StoreError::NotAFile),
            Err(e) => return Err(io(e)),
        };
        match file.metadata() {
            Err(e) => return Err(io(e)),
            Ok(m) if !m.is_file() => return Err(StoreError::NotAFile),
            Ok(m) if m.len() != expected => return Err(StoreError::Length { len: m.len(), expected }),
            Ok(_) => {}
        }
        let mut bytes = Vec::with_capacity(usize::try_from(expected).map_err(|_| StoreError::Unpinned)?);
        file.take(expected + 1).read_to_end(&mut bytes).map_err(io)?;
        if bytes.len() as u64 != expected {
            return Err(StoreError::Length { len: bytes.len() as u64, expected });
        }
        if Sha3_256::digest(&bytes).as_slice() != pin {
            return Err(StoreError::Digest);
        }
        Ok(bytes)
    }

    /// The store's files, every group and size: path, length (of the
    /// entry itself: a symbolic link's own) and whether it would load
    /// ([`check`](Self::check): a symbolic link or anything but a regular
    /// file would not). Empty if disabled.
    pub fn list(&self) -> Vec<StoredFile> {
        let mut out = Vec::new();
        for group in GroupId::ALL {
            crate::with_group!(group, G => {
                for log2 in Self::MIN_LOG2..=Self::MAX_LOG2 {
                    let Some(path) = self.path::<G>(log2) else { continue };
                    let Ok(meta) = fs::symlink_metadata(&path) else { continue };
                    out.push(StoredFile { group, log2, len: meta.len(), verdict: self.check::<G>(log2), path });
                }
            });
        }
        out
    }

    /// Remove the store's files (every group and size, and the temporary
    /// files of interrupted writes; nothing else in the directory, and a
    /// symbolic link is removed, not its target): how many entries were
    /// removed. Goes on past an entry it cannot remove (a directory at a
    /// file's name) and reports the first such error at the end.
    pub fn clear(&self) -> Result<usize, StoreError> {
        let Some(dir) = self.dir.as_ref() else { return Err(StoreError::Disabled) };
        let mut names: Vec<String> = Vec::new();
        for group in GroupId::ALL {
            for log2 in Self::MIN_LOG2..=Self::MAX_LOG2 {
                names.push(Self::file_name(group.name(), 1 << log2));
            }
        }
        let mut paths: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
        // Temporary files: `.{name}.{pid}-{nonce}.tmp` (see `write`).
        if let Ok(entries) = fs::read_dir(dir) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                let temporary = name.strip_prefix('.').is_some_and(|rest| {
                    rest.ends_with(".tmp") && names.iter().any(|n| rest.starts_with(&format!("{n}.")))
                });
                if temporary {
                    paths.push(entry.path());
                }
            }
        }
        let (mut removed, mut first_error) = (0, None);
        for path in paths {
            match fs::symlink_metadata(&path) {
                Err(_) => continue,
                Ok(m) if m.is_dir() => {
                    first_error.get_or_insert(StoreError::Io(format!("{}: a directory, not removed", path.display())));
                }
                Ok(_) => match fs::remove_file(&path) {
                    Ok(()) => removed += 1,
                    Err(e) => {
                        first_error.get_or_insert(StoreError::Io(format!("{}: {e}", path.display())));
                    }
                },
            }
        }
        first_error.map_or(Ok(removed), Err)
    }

    /// One chain pair of at least `per_chain` generators: loaded from the
    /// store, or derived (and written, if the store is enabled and keeps
    /// that size), with how they were obtained.
    pub fn vector<G: Group>(&self, per_chain: usize) -> (BulletproofGens<G>, StoreStatus) {
        let derive = || BulletproofGens::<G>::new(per_chain, 1);
        let Some(log2) = Self::log2_for(per_chain) else {
            return (derive(), StoreStatus::Derived { reason: StoreError::OutOfRange { per_chain, chains: 1 } });
        };
        if self.dir.is_none() {
            return (derive(), StoreStatus::Derived { reason: StoreError::Disabled });
        }
        if Self::pin::<G>(log2).is_none() {
            return (derive(), StoreStatus::Derived { reason: StoreError::Unpinned });
        }
        let refused = match self.load::<G>(log2) {
            Ok(gens) => return (gens, StoreStatus::Loaded),
            Err(e) => e,
        };
        // Where nothing can be written (a directory in the file's place,
        // no directory for the store), only what was asked is derived.
        let blocked = self.path::<G>(log2).is_some_and(|p| fs::symlink_metadata(p).is_ok_and(|m| m.is_dir()));
        if blocked {
            return (derive(), StoreStatus::Derived { reason: refused });
        }
        let temporary = match self.temporary::<G>(log2) {
            Ok(t) => t,
            Err(reason) => return (derive(), StoreStatus::Derived { reason }),
        };
        let gens = BulletproofGens::<G>::new(1 << log2, 1);
        match self.write(log2, &gens, temporary) {
            Ok(()) => (gens, StoreStatus::Built { refused }),
            Err(reason) => (gens, StoreStatus::Derived { reason }),
        }
    }

    /// The setup for `chains` chains of `per_chain` generators (what
    /// `Generators::new(per_chain, chains)` gives, with the default
    /// Pedersen bases): one chain pair comes through
    /// [`vector`](Self::vector) (which derives what the store does not
    /// keep), several chains are derived.
    pub fn generators<G: Group>(&self, per_chain: usize, chains: usize) -> Generators<G> {
        if chains == 1 {
            Generators::from_parts(PedersenGens::default(), self.vector::<G>(per_chain).0)
        } else {
            Generators::new(per_chain, chains)
        }
    }

    /// Make sure the file serving `per_chain` generators per chain is in
    /// the store (derive and write it unless a valid one is there): its
    /// path and what was done.
    pub fn prebuild<G: Group>(&self, per_chain: usize) -> Result<(PathBuf, StoreStatus), StoreError> {
        let log2 = Self::log2_for(per_chain).ok_or(StoreError::OutOfRange { per_chain, chains: 1 })?;
        let path = self.path::<G>(log2).ok_or(StoreError::Disabled)?;
        match self.vector::<G>(per_chain).1 {
            StoreStatus::Derived { reason } => Err(reason),
            status => Ok((path, status)),
        }
    }

    /// A fresh temporary file in the directory (created, with its
    /// parent directories, mode 0700 on Unix), for the file of `2^log2`.
    fn temporary<G: Group>(&self, log2: u32) -> Result<(PathBuf, fs::File), StoreError> {
        let (dir, n) = match (self.dir.as_ref(), Self::size(log2)) {
            (Some(d), Some(n)) => (d, n),
            (None, _) => return Err(StoreError::Disabled),
            (_, None) => return Err(StoreError::OutOfRange { per_chain: 0, chains: 1 }),
        };
        let io = |e: std::io::Error| StoreError::Io(format!("{}: {e}", dir.display()));
        create_private_dir(dir).map_err(io)?;
        let mut nonce = [0u8; 8];
        rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut nonce);
        let name =
            format!(".{}.{}-{:016x}.tmp", Self::file_name(G::NAME, n), std::process::id(), u64::from_le_bytes(nonce));
        let tmp = dir.join(name);
        let file = fs::OpenOptions::new().write(true).create_new(true).open(&tmp).map_err(io)?;
        Ok((tmp, file))
    }

    /// Write the file for `2^log2` from `gens` into `temporary`, then
    /// rename it into place (the temporary file is removed on failure).
    fn write<G: Group>(
        &self,
        log2: u32,
        gens: &BulletproofGens<G>,
        (tmp, mut file): (PathBuf, fs::File),
    ) -> Result<(), StoreError> {
        let written = (|| {
            let path = self.path::<G>(log2).ok_or(StoreError::Disabled)?;
            let bytes = Self::encode(log2, gens).ok_or(StoreError::Unpinned)?;
            // Never write what would be refused on reading.
            if Some(<[u8; 32]>::from(Sha3_256::digest(&bytes))) != Self::pin::<G>(log2) {
                return Err(StoreError::Digest);
            }
            let io = |e: std::io::Error| StoreError::Io(format!("{}: {e}", path.display()));
            file.write_all(&bytes).and_then(|()| file.sync_all()).map_err(io)?;
            drop(file);
            fs::rename(&tmp, &path).map_err(io)
        })();
        if written.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        written
    }
}

/// The built-in group `G` is, by type (a group of another crate with the
/// same name is not one).
fn known_group<G: Group>() -> Option<GroupId> {
    let t = TypeId::of::<G>();
    [
        (TypeId::of::<Ristretto255>(), GroupId::Ristretto255),
        (TypeId::of::<Secp256k1>(), GroupId::Secp256k1),
        (TypeId::of::<Ed25519>(), GroupId::Ed25519),
        (TypeId::of::<Secq256k1>(), GroupId::Secq256k1),
    ]
    .into_iter()
    .find_map(|(id, group)| (id == t).then_some(group))
}

/// Open for reading without following a symbolic link and without
/// blocking (Unix: `O_NOFOLLOW | O_NONBLOCK`; a FIFO opens at once and is
/// then refused as not a regular file).
fn open_no_follow(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC);
    }
    options.open(path)
}

/// Create `dir` and its parents (mode 0700 on Unix: the files show which
/// circuit sizes were used, and when).
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}

/// Decode `STORE_POINT_LEN`-byte points (in parallel with `rayon`);
/// `None` if any fails.
fn decode_points<G: Group>(bytes: &[u8]) -> Option<Vec<G::Point>> {
    let len = G::STORE_POINT_LEN;
    if len == 0 || bytes.len() % len != 0 {
        return None;
    }
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        bytes.par_chunks(len).map(G::store_decode).collect()
    }
    #[cfg(not(feature = "rayon"))]
    {
        bytes.chunks(len).map(G::store_decode).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pin per built-in group and size, each 64 lowercase hex digits
    /// (the values themselves are recomputed by the integration tests).
    #[test]
    fn the_pin_table_is_complete() {
        let sizes = (GeneratorStore::MAX_LOG2 - GeneratorStore::MIN_LOG2 + 1) as usize;
        assert_eq!(pins::PINS.len(), GroupId::ALL.len() * sizes);
        for group in GroupId::ALL {
            for log2 in GeneratorStore::MIN_LOG2..=GeneratorStore::MAX_LOG2 {
                let found: Vec<_> = pins::PINS.iter().filter(|(g, k, _)| *g == group.name() && *k == log2).collect();
                assert_eq!(found.len(), 1, "{} 2^{log2}", group.name());
                let hex = found[0].2;
                assert!(hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
            }
        }
        assert!(GeneratorStore::pin::<Secp256k1>(GeneratorStore::MAX_LOG2).is_some());
        assert!(GeneratorStore::pin::<crate::group::toy::Toy<1009>>(GeneratorStore::MIN_LOG2).is_none());
    }

    /// Only the built-in groups, by type, have pins.
    #[test]
    fn pins_are_found_by_type() {
        assert_eq!(known_group::<Ristretto255>(), Some(GroupId::Ristretto255));
        assert_eq!(known_group::<Secp256k1>(), Some(GroupId::Secp256k1));
        assert_eq!(known_group::<Ed25519>(), Some(GroupId::Ed25519));
        assert_eq!(known_group::<Secq256k1>(), Some(GroupId::Secq256k1));
        assert_eq!(known_group::<crate::group::toy::Toy<1009>>(), None);
    }

    #[test]
    fn the_variable_names_an_absolute_directory_or_turns_the_store_off() {
        let var = |v: &str| GeneratorStore::from_var(Some(v.into()));
        for off in ["off", "OFF", "Off", "0", "false", "FALSE", "none", "None", "", "relative/dir", "./here", "~/x"] {
            assert_eq!(var(off), GeneratorStore::disabled(), "{off:?}");
        }
        let absolute = std::env::temp_dir().join("ballistic-store");
        assert_eq!(GeneratorStore::from_var(Some(absolute.clone().into())), GeneratorStore::at(&absolute));
        // Unset: the platform's cache directory, if it has one.
        let default = GeneratorStore::from_var(None);
        assert!(default.dir().is_none_or(|d| d.ends_with("ballistic/generators") && d.is_absolute()));
    }
}
