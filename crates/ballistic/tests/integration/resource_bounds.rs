//! Resources a hostile submitter can make a verifier spend stay bounded in
//! the input (hardening, second round):
//!
//! * blame memory: once a batch fails, the bisection holds no per-proof
//!   equation, so naming one bad proof among many needs little more memory
//!   than checking the batch did;
//! * cheap checks first: a proof that does not replay (an identity point,
//!   a wrong shape) is refused before any generator is derived;
//! * labels: transcripts started from run-time labels (proof files,
//!   bindings) leave nothing behind — a long-running verifier does not grow
//!   with the number of distinct labels it has seen.
//!
//! One test function; the counting allocator counts per thread, so other
//! tests running beside it do not count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ballistic::batch::{self, Claim, Item};
use ballistic::file::RangeProofFile;
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::RangeProofSystem;
use ballistic::{
    new_transcript, Generators, ProofError, RangeProof, RangeProofPlus, RangeProofPlusPlus, RangeStatement,
    Ristretto255, Secp256k1,
};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

struct Counting;

// Per thread: the integration binary runs other tests' threads beside this
// one, and their allocations must not count (a process-wide count failed
// this test once the conformance suite ran beside it). Constant-initialised
// cells without destructors: safe to touch from the allocator.
thread_local! {
    /// Bytes allocated minus bytes freed on this thread.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    /// The highest `LIVE` since the last reset.
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

fn live() -> isize {
    LIVE.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Peak live heap of this thread above its level at the start, while `f`
/// runs (on this thread).
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = live();
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, (PEAK.with(Cell::get) - base).max(0) as usize)
}

fn blame_memory_stays_near_the_batch_s() {
    type G = Ristretto255;
    let mut rng = ChaCha20Rng::seed_from_u64(18);
    let gens = Generators::<G>::new(64, 16);
    let proofs: Vec<_> = (0..32u64)
        .map(|k| {
            let values: Vec<u64> = (k..k + 16).collect();
            let blindings: Vec<_> =
                values.iter().map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
            let (p, c) = RangeProof::<G>::prove_multiple_with_rng(
                &gens,
                &mut Transcript::new(b"bounds"),
                &values,
                &blindings,
                64,
                &mut rng,
            )
            .unwrap();
            (p, RangeStatement::new(64, &c).unwrap())
        })
        .collect();
    let run = |bad: Option<usize>, rng: &mut ChaCha20Rng| {
        let items: Vec<_> = proofs
            .iter()
            .enumerate()
            .map(|(i, (p, s))| Item::new(p, s, Transcript::new(if Some(i) == bad { b"other" } else { b"bounds" })))
            .collect();
        let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
        peak_during(|| batch::verify(&gens, &claims, rng).map_err(|e| e.indices()))
    };
    let (good, good_peak) = run(None, &mut rng);
    assert_eq!(good, Ok(()));
    let (blamed, blame_peak) = run(Some(21), &mut rng);
    assert_eq!(blamed, Err(vec![21]));
    eprintln!("peak heap: passing batch {good_peak} bytes, failing batch with blame {blame_peak} bytes");
    // Holding an equation per proof (the old blame: 32 tables of 2·1024
    // scalars plus each proof's points) took about twice the batch's
    // own peak here; the bisection replays instead.
    assert!(blame_peak * 2 <= good_peak * 3, "blame peaked at {blame_peak} bytes, the passing batch at {good_peak}");
}

fn generators_are_asked_for_only_after_every_replay<G: Group, P: RangeProofSystem<G>>() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let gens = Generators::<G>::new(64, 2);
    let (proof, c) = P::prove_multiple_with_rng(
        &gens,
        &mut Transcript::new(b"cheap"),
        &[1, 2],
        &[G::Scalar::random(&mut rng), G::Scalar::random(&mut rng)],
        64,
        &mut rng,
    )
    .unwrap();
    let statement = RangeStatement::new(64, &c).unwrap();
    // The proof with its first point (`A`, or `M` for Bulletproofs++)
    // replaced by the identity.
    let mut bytes = proof.to_bytes();
    bytes[..G::POINT_LEN].copy_from_slice(G::compressed_bytes(&G::compress(&G::identity())));
    let identity = P::from_bytes_for(&bytes, 64, 2);
    let asked = Cell::new(None);
    let generators = |chains, per_chain| {
        asked.set(Some((chains, per_chain)));
        Box::new(Generators::<G>::new(per_chain, chains))
    };
    if let Ok(identity) = &identity {
        let bad = Item::new(identity, &statement, Transcript::new(b"cheap"));
        let err = batch::verify_with_generators(generators, &[&bad as &dyn Claim<G>], &mut rng).unwrap_err();
        assert!(matches!(err.invalid[..], [(0, ProofError::IdentityPoint { .. })]), "{err}");
        assert_eq!(asked.get(), None, "generators derived for a proof that does not replay");
    }
    // A proof of another shape (16 bits claimed for 64-bit proofs).
    let other = RangeStatement::new(16, &c).unwrap();
    let wrong = Item::new(&proof, &other, Transcript::new(b"cheap"));
    let generators = |chains, per_chain| {
        asked.set(Some((chains, per_chain)));
        Box::new(Generators::<G>::new(per_chain, chains))
    };
    assert!(batch::verify_with_generators(generators, &[&wrong as &dyn Claim<G>], &mut rng).is_err());
    assert_eq!(asked.get(), None);
    // An honest proof asks once, for exactly its statement's size.
    let good = Item::new(&proof, &statement, Transcript::new(b"cheap"));
    let generators = |chains, per_chain| {
        asked.set(Some((chains, per_chain)));
        Box::new(Generators::<G>::new(per_chain, chains))
    };
    assert_eq!(batch::verify_with_generators(generators, &[&good as &dyn Claim<G>], &mut rng), Ok(()));
    // (The statement's own `generators_needed` is the padded bit layout of
    // Bulletproofs and Bulletproofs+; each system names its own size.)
    assert_eq!(asked.get(), Some(P::SYSTEM.generators_needed(64, 2).unwrap()));
}

fn run_time_labels_leave_nothing_behind() {
    type G = Ristretto255;
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    let (file, _) = RangeProofFile::prove::<G, _>(
        &ballistic::file::GeneratorCache::new(),
        ballistic::RangeSystem::Bulletproofs,
        8,
        &[5],
        &[],
        "label 0",
        &mut rng,
    )
    .unwrap();
    assert_eq!(file.verify(), Ok(()));
    let decoded = file.decode::<G>().unwrap();
    // Warm up anything lazily allocated once per process.
    drop(decoded.transcript());
    let before = live();
    for i in 0..20_000 {
        let label = format!("a distinct application label, number {i}, as a long-running verifier sees them");
        let mut t = new_transcript(label.as_bytes());
        let mut c = [0u8; 32];
        t.challenge_bytes(b"c", &mut c);
        let mut relabelled = file.clone();
        relabelled.label = label;
        drop(relabelled.decode::<G>().unwrap().transcript());
    }
    let after = live();
    assert!(after <= before + 4096, "live heap grew from {before} to {after} bytes over 20,000 labels");
    // And a file under another label than its proof's is refused.
    let mut relabelled = file.clone();
    relabelled.label = "label 1".into();
    assert!(relabelled.verify().is_err());
}

#[test]
fn resources_stay_bounded() {
    blame_memory_stays_near_the_batch_s();
    generators_are_asked_for_only_after_every_replay::<Ristretto255, RangeProofPlus<Ristretto255>>();
    generators_are_asked_for_only_after_every_replay::<Secp256k1, RangeProofPlus<Secp256k1>>();
    generators_are_asked_for_only_after_every_replay::<Ristretto255, RangeProofPlusPlus<Ristretto255>>();
    generators_are_asked_for_only_after_every_replay::<Secp256k1, RangeProofPlusPlus<Secp256k1>>();
    run_time_labels_leave_nothing_behind();
    hostile_circuit_files_stay_small();
}

fn gzip(text: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(text).unwrap();
    e.finish().unwrap()
}

/// Circuit files that used to exhaust a verifier (issue 17): memory
/// quadratic in a wire's width, gzip inflating to gigabytes of gates or to
/// one enormous line. Each is translated or refused with a small, bounded
/// heap.
fn hostile_circuit_files_stay_small() {
    use ballistic::circuit::{ArithError, Circuit, PreparedCircuit};
    // One wire of 4,096 terms, then one `add` naming it 4,096 times (59 KB).
    let k = 4096;
    let mut text = format!("total {}\ninput 0\n", k + 3);
    for i in 1..=k {
        text.push_str(&format!("nizkinput {i}\n"));
    }
    let ins: Vec<String> = (1..=k).map(|i| i.to_string()).collect();
    text.push_str(&format!("add in {k} <{}> out 1 <{}>\n", ins.join(" "), k + 1));
    let wide = vec![(k + 1).to_string(); k].join(" ");
    text.push_str(&format!("add in {k} <{wide}> out 1 <{}>\noutput {}\n", k + 2, k + 2));
    assert!(text.len() < 128 << 10);
    let (metrics, peak) = peak_during(|| {
        let c = Circuit::parse(text.as_bytes()).unwrap();
        PreparedCircuit::<Ristretto255>::new(c).unwrap().metrics()
    });
    // The wide wire is used 4,096 times: materialized once, then one term per use, merged.
    assert!(metrics.nonzeros < 4 * k, "{metrics:?}");
    assert!(peak < 8 << 20, "the quadratic add peaked at {peak} bytes");

    // 142 KB-class gzip of `assert` lines (each one multiplication gate).
    let mut asserts = String::from("total 3\ninput 0\nnizkinput 1\nmul in 2 <1 1> out 1 <2>\n");
    for _ in 0..2_000_000 {
        asserts.push_str("assert in 2 <1 1> out 1 <2>\n");
    }
    let packed = gzip(asserts.as_bytes());
    drop(asserts);
    let (result, peak) = peak_during(|| Circuit::from_reader(&packed[..], true).map(|_| ()));
    assert!(matches!(result, Err(ArithError::TooLarge { what: "decompressed bytes per compressed byte", .. })));
    assert!(peak < 32 << 20, "the assert bomb peaked at {peak} bytes");

    // A gzip that inflates to one 60 MB line.
    let bomb = gzip(format!("total 2\ninput 0 # {}\n", "x".repeat(60 << 20)).as_bytes());
    let (result, peak) = peak_during(|| Circuit::from_reader(&bomb[..], true).map(|_| ()));
    assert!(matches!(result, Err(ArithError::TooLarge { line: 2, .. })), "{result:?}");
    assert!(peak < 8 << 20, "the long-line bomb peaked at {peak} bytes");
}
