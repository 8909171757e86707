//! The generator store (`ballistic::file::GeneratorStore`): the files it
//! writes are exactly the pinned bytes of the derived generators, a valid
//! file loads to the derived generators, and every other file (corrupted,
//! truncated, extended, another group's, not a file at all) is refused and
//! replaced, never used.

use std::fs;
use std::path::{Path, PathBuf};

use ballistic::file::{GeneratorCache, GeneratorStore, StoreError, StoreStatus};
use ballistic::group::{Ed25519, Group, Ristretto255, Secp256k1};
use ballistic::BulletproofGens;
use sha3::{Digest, Sha3_256};

/// A fresh directory under the system's temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let mut nonce = [0u8; 8];
        rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut nonce);
        let dir = std::env::temp_dir().join(format!("ballistic-store-{name}-{}", hex::encode(nonce)));
        fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

const K: u32 = GeneratorStore::MIN_LOG2;

fn same<G: Group>(a: &BulletproofGens<G>, b: &BulletproofGens<G>, n: usize) -> bool {
    a.g_chains()[0][..n] == b.g_chains()[0][..n] && a.h_chains()[0][..n] == b.h_chains()[0][..n]
}

/// The pins of the smaller sizes, recomputed from the derivation on every
/// group (all of them: `every_pin_matches_the_derivation`).
#[test]
fn pins_of_the_small_sizes_match_the_derivation() {
    fn check<G: Group>() {
        let gens = BulletproofGens::<G>::new(1 << (K + 1), 1);
        for k in K..=K + 1 {
            let bytes = GeneratorStore::encode(k, &gens).unwrap();
            assert_eq!(Some(bytes.len() as u64), GeneratorStore::file_len::<G>(k), "{} 2^{k}", G::NAME);
            assert_eq!(
                Some(<[u8; 32]>::from(Sha3_256::digest(&bytes))),
                GeneratorStore::pin::<G>(k),
                "{} 2^{k}",
                G::NAME
            );
        }
    }
    check::<Ristretto255>();
    check::<Secp256k1>();
    check::<Ed25519>();
    check::<ballistic::Secq256k1>();
}

/// Every pin, up to `2^MAX_LOG2`, and every size written and loaded back
/// to the derived generators (minutes in release, files of up to 128 MiB:
/// `cargo test --release -p ballistic --test integration -- --ignored
/// generator_store::every_pin`).
#[test]
#[ignore]
fn every_pin_matches_the_derivation() {
    fn check<G: Group>() {
        let gens = BulletproofGens::<G>::new(1 << GeneratorStore::MAX_LOG2, 1);
        let dir = TempDir::new("every");
        let store = GeneratorStore::at(dir.path());
        for k in GeneratorStore::MIN_LOG2..=GeneratorStore::MAX_LOG2 {
            let bytes = GeneratorStore::encode(k, &gens).unwrap();
            let digest = <[u8; 32]>::from(Sha3_256::digest(&bytes));
            assert_eq!(Some(digest), GeneratorStore::pin::<G>(k), "{} 2^{k}", G::NAME);
            fs::write(store.path::<G>(k).unwrap(), &bytes).unwrap();
            assert!(same(&store.load::<G>(k).unwrap(), &gens, 1 << k), "{} 2^{k}", G::NAME);
            fs::remove_file(store.path::<G>(k).unwrap()).unwrap();
        }
    }
    check::<Ristretto255>();
    check::<Secp256k1>();
    check::<Ed25519>();
    check::<ballistic::Secq256k1>();
}

/// Written once, then loaded: the same generators as derived, on every
/// group; a request that is not a power of two is served by the next one.
#[test]
fn a_stored_file_loads_the_derived_generators() {
    fn check<G: Group>(dir: &Path) {
        let store = GeneratorStore::at(dir);
        let derived = BulletproofGens::<G>::new(1 << (K + 1), 1);
        // 2^K + 3 per chain: the file of 2^(K+1).
        let (built, status) = store.vector::<G>((1 << K) + 3);
        assert_eq!(status, StoreStatus::Built { refused: StoreError::Missing }, "{}", G::NAME);
        assert_eq!(built.gens_capacity(), 1 << (K + 1));
        assert!(same(&built, &derived, 1 << (K + 1)));
        let path = store.path::<G>(K + 1).unwrap();
        assert_eq!(Some(fs::metadata(&path).unwrap().len()), GeneratorStore::file_len::<G>(K + 1));
        for per_chain in [(1 << K) + 1, 1 << (K + 1)] {
            let (loaded, status) = store.vector::<G>(per_chain);
            assert_eq!(status, StoreStatus::Loaded, "{}", G::NAME);
            assert_eq!(loaded.gens_capacity(), 1 << (K + 1));
            assert!(same(&loaded, &derived, 1 << (K + 1)));
        }
        assert_eq!(store.check::<G>(K + 1), Ok(()));
        assert_eq!(store.check::<G>(K), Err(StoreError::Missing));
        let (built, status) = store.vector::<G>(1 << K);
        assert_eq!(status, StoreStatus::Built { refused: StoreError::Missing }, "{}", G::NAME);
        assert!(same(&built, &derived, 1 << K));
        // The setup for one chain pair comes from the file, with the default Pedersen bases.
        let setup = store.generators::<G>(1 << K, 1);
        assert!(same(setup.vector(), &derived, 1 << K));
        assert!(setup.pedersen().b_blinding == ballistic::PedersenGens::<G>::default().b_blinding);
    }
    let dir = TempDir::new("roundtrip");
    check::<Ristretto255>(dir.path());
    check::<Secp256k1>(dir.path());
    check::<Ed25519>(dir.path());
    check::<ballistic::Secq256k1>(dir.path());
    assert_eq!(GeneratorStore::at(dir.path()).list().len(), 8);
    assert!(GeneratorStore::at(dir.path()).list().iter().all(|f| f.verdict.is_ok()));
    // Nothing but the eight files (no temporary file left behind).
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 8);
}

/// Any change to a file is refused with its reason, the generators are
/// derived, and the file is written anew (then it loads).
#[test]
fn a_tampered_file_is_refused_and_replaced() {
    type G = Secp256k1;
    let dir = TempDir::new("tamper");
    let store = GeneratorStore::at(dir.path());
    let derived = BulletproofGens::<G>::new(1 << K, 1);
    store.prebuild::<G>(1 << K).unwrap();
    let path = store.path::<G>(K).unwrap();
    let honest = fs::read(&path).unwrap();
    let len = honest.len() as u64;
    let header = honest.iter().position(|&b| b == b'\n').unwrap() + 1;

    // A point replaced by another valid point (the base point): the
    // attack the pins exist for, a generator with a known logarithm.
    let mut known_log = honest.clone();
    let mut base = Vec::new();
    G::store_encode(&[G::basepoint()], &mut base);
    known_log[header..header + base.len()].copy_from_slice(&base);
    // A generator of the H chain swapped with one of the G chain.
    let mut swapped = honest.clone();
    let h0 = header + (1 << K) * G::STORE_POINT_LEN;
    let (g_bytes, h_bytes) = (honest[header..header + 64].to_vec(), honest[h0..h0 + 64].to_vec());
    swapped[header..header + 64].copy_from_slice(&h_bytes);
    swapped[h0..h0 + 64].copy_from_slice(&g_bytes);
    let mut flipped = honest.clone();
    flipped[honest.len() / 2] ^= 1;
    let mut relabelled = honest.clone();
    relabelled[0] ^= 0x20;

    let cases: Vec<(&str, Vec<u8>, StoreError)> = vec![
        ("known logarithm", known_log, StoreError::Digest),
        ("swapped", swapped, StoreError::Digest),
        ("bit flip", flipped, StoreError::Digest),
        ("header", relabelled, StoreError::Digest),
        ("truncated", honest[..honest.len() - 1].to_vec(), StoreError::Length { len: len - 1, expected: len }),
        ("extended", [honest.as_slice(), &[0]].concat(), StoreError::Length { len: len + 1, expected: len }),
        ("empty", Vec::new(), StoreError::Length { len: 0, expected: len }),
    ];
    for (what, bytes, refusal) in cases {
        fs::write(&path, &bytes).unwrap();
        assert_eq!(store.load::<G>(K).map(drop), Err(refusal.clone()), "{what}");
        assert_eq!(store.list()[0].verdict, Err(refusal.clone()), "{what}");
        let (gens, status) = store.vector::<G>(1 << K);
        assert_eq!(status, StoreStatus::Built { refused: refusal }, "{what}");
        assert!(same(&gens, &derived, 1 << K), "{what}");
        assert_eq!(fs::read(&path).unwrap(), honest, "{what}: written anew");
    }
}

/// Another group's file (of the same length: Ristretto255's and Ed25519's
/// points are both 32 bytes) under this group's name is refused.
#[test]
fn another_group_s_file_is_refused() {
    let dir = TempDir::new("foreign");
    let store = GeneratorStore::at(dir.path());
    store.prebuild::<Ristretto255>(1 << K).unwrap();
    let ristretto = store.path::<Ristretto255>(K).unwrap();
    let ed25519 = store.path::<Ed25519>(K).unwrap();
    fs::copy(&ristretto, &ed25519).unwrap();
    let len = GeneratorStore::file_len::<Ed25519>(K).unwrap();
    assert_eq!(store.load::<Ed25519>(K).map(drop), Err(StoreError::Length { len: len + 5, expected: len }));
    // With the other group's header too: still its points, still refused.
    let mut bytes = fs::read(&ristretto).unwrap();
    let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut forged = format!("ballistic generators v1 ed25519 {}\n", 1 << K).into_bytes();
    forged.extend_from_slice(&bytes.split_off(header));
    fs::write(&ed25519, &forged).unwrap();
    assert_eq!(store.load::<Ed25519>(K).map(drop), Err(StoreError::Digest));
    let (gens, status) = store.vector::<Ed25519>(1 << K);
    assert_eq!(status, StoreStatus::Built { refused: StoreError::Digest });
    assert!(same(&gens, &BulletproofGens::<Ed25519>::new(1 << K, 1), 1 << K));
}

/// Not a regular file, no directory to write to, a disabled store, sizes
/// the store does not keep: derived every time, nothing written.
#[test]
fn the_store_degrades_to_deriving() {
    type G = Ristretto255;
    let derived = BulletproofGens::<G>::new(1 << K, 1);

    // A directory where the file should be: refused, only what was asked
    // derived, nothing written; `clear` leaves it and says so.
    let dir = TempDir::new("notafile");
    let store = GeneratorStore::at(dir.path());
    fs::create_dir(store.path::<G>(K).unwrap()).unwrap();
    assert_eq!(store.load::<G>(K).map(drop), Err(StoreError::NotAFile));
    let (gens, status) = store.vector::<G>(1 << K);
    assert_eq!(status, StoreStatus::Derived { reason: StoreError::NotAFile });
    assert!(same(&gens, &derived, 1 << K));
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    assert!(matches!(store.clear(), Err(StoreError::Io(_))));
    assert!(store.path::<G>(K).unwrap().is_dir());

    // A FIFO (Unix), directly or through a symbolic link: refused at
    // once, never waited on; then replaced by the file.
    #[cfg(unix)]
    {
        let dir = TempDir::new("fifo");
        let store = GeneratorStore::at(dir.path());
        let fifo = dir.path().join("fifo");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let path = store.path::<G>(K).unwrap();
        std::os::unix::fs::symlink(&fifo, &path).unwrap();
        assert_eq!(store.load::<G>(K).map(drop), Err(StoreError::NotAFile));
        fs::remove_file(&path).unwrap();
        fs::rename(&fifo, &path).unwrap();
        assert_eq!(store.load::<G>(K).map(drop), Err(StoreError::NotAFile));
        let (gens, status) = store.vector::<G>(1 << K);
        assert_eq!(status, StoreStatus::Built { refused: StoreError::NotAFile });
        assert!(same(&gens, &derived, 1 << K));
        assert_eq!(store.check::<G>(K), Ok(()));
        // A symbolic link to a valid file elsewhere is refused too (the
        // store's files are never links).
        let elsewhere = dir.path().join("elsewhere");
        fs::rename(&path, &elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &path).unwrap();
        assert_eq!(store.check::<G>(K), Err(StoreError::NotAFile));
        assert_eq!(store.list()[0].verdict, Err(StoreError::NotAFile));
        // `clear` removes the link, not its target, and interrupted writes'
        // temporary files, and nothing else.
        let stale = dir.path().join(format!(".ristretto255-{}.v1.gens.1-00.tmp", 1 << K));
        fs::write(&stale, b"interrupted").unwrap();
        let other = dir.path().join(".notes.tmp");
        fs::write(&other, b"mine").unwrap();
        assert_eq!(store.clear(), Ok(2));
        assert!(elsewhere.is_file() && other.is_file() && !stale.exists() && fs::symlink_metadata(&path).is_err());
    }

    // The store's directory is a file: nothing can be written.
    let parent = TempDir::new("blocked");
    let blocked = parent.path().join("file");
    fs::write(&blocked, b"not a directory").unwrap();
    let store = GeneratorStore::at(&blocked);
    let (gens, status) = store.vector::<G>((1 << K) + 1);
    assert!(matches!(status, StoreStatus::Derived { reason: StoreError::Io(_) }), "{status:?}");
    assert_eq!(gens.gens_capacity(), (1 << K) + 1, "only what was asked is derived");
    assert!(same(&gens, &derived, 1 << K));
    assert!(matches!(store.prebuild::<G>(1 << K), Err(StoreError::Io(_))));

    // Disabled, or a size the store does not keep.
    let (_, status) = GeneratorStore::disabled().vector::<G>(1 << K);
    assert_eq!(status, StoreStatus::Derived { reason: StoreError::Disabled });
    assert_eq!(GeneratorStore::disabled().prebuild::<G>(1 << K).map(drop), Err(StoreError::Disabled));
    let dir = TempDir::new("range");
    let store = GeneratorStore::at(dir.path());
    let small = (1 << K) / 2;
    let (gens, status) = store.vector::<G>(small);
    assert_eq!(status, StoreStatus::Derived { reason: StoreError::OutOfRange { per_chain: small, chains: 1 } });
    assert_eq!(gens.gens_capacity(), small);
    assert_eq!(GeneratorStore::log2_for(small), None);
    assert_eq!(GeneratorStore::log2_for((1 << GeneratorStore::MAX_LOG2) + 1), None);
    assert_eq!(GeneratorStore::log2_for(1 << GeneratorStore::MAX_LOG2), Some(GeneratorStore::MAX_LOG2));
    assert_eq!(GeneratorStore::log2_for(usize::MAX), None);
    // Sizes it does not keep have no path, length or pin (no overflow for any log2).
    for log2 in [0, K - 1, GeneratorStore::MAX_LOG2 + 1, 63, 64, u32::MAX] {
        assert_eq!(store.path::<G>(log2), None);
        assert_eq!(GeneratorStore::file_len::<G>(log2), None);
        assert_eq!(GeneratorStore::pin::<G>(log2), None);
        assert_eq!(store.load::<G>(log2).map(drop), Err(StoreError::Unpinned));
        assert_eq!(GeneratorStore::encode(log2, &gens), None);
    }
    // Several chains are never stored (range proofs'), whatever their length.
    assert_eq!(store.generators::<G>(1 << K, 2).vector().party_capacity(), 2);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// `from_env`: the variable names the directory; `off` or empty disables;
/// unset, the platform's cache directory. (The tests share one process, so
/// none sets the variable; the CLI's tests run the binary with each form.)
#[test]
fn the_environment_names_the_store() {
    let store = GeneratorStore::from_env();
    match std::env::var_os(GeneratorStore::ENV) {
        Some(v) if v.is_empty() || v == "off" => assert_eq!(store, GeneratorStore::disabled()),
        Some(v) => assert_eq!(store.dir(), Some(Path::new(&v))),
        None => assert!(store.dir().is_none_or(|d| d.ends_with("ballistic/generators"))),
    }
}

/// A memory cache over the store: circuit-sized requests come from the
/// store once and are then served from memory (a larger set serves a
/// smaller request); range-sized requests never touch the store.
#[test]
fn the_cache_keeps_what_the_store_gave() {
    type G = Secp256k1;
    let dir = TempDir::new("cache");
    let cache = GeneratorCache::<G>::with_store(GeneratorStore::at(dir.path()));
    let big = cache.get(1, 1 << K);
    assert_eq!(GeneratorStore::at(dir.path()).list().len(), 1);
    fs::remove_file(GeneratorStore::at(dir.path()).path::<G>(K).unwrap()).unwrap();
    let again = cache.get(1, 100);
    assert!(same(again.vector(), big.vector(), 1 << K), "served from memory");
    assert!(GeneratorStore::at(dir.path()).list().is_empty(), "the store was not asked again");
    let range = cache.get(4, 64);
    assert_eq!((range.vector().party_capacity(), range.vector().gens_capacity()), (4, 64));
    assert!(GeneratorStore::at(dir.path()).list().is_empty());
}

/// Processes writing the same file at once: each write goes to a
/// temporary name and is renamed into place, so every reader sees a
/// whole, valid file.
#[test]
fn concurrent_writers_leave_one_valid_file() {
    type G = Ristretto255;
    let dir = TempDir::new("concurrent");
    let store = GeneratorStore::at(dir.path());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                let (gens, _) = store.vector::<G>(1 << K);
                assert_eq!(gens.gens_capacity(), 1 << K);
            });
        }
    });
    assert_eq!(store.check::<G>(K), Ok(()));
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    assert_eq!(store.clear(), Ok(1));
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}
