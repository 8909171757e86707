//! Drop-check: no secret is left behind in freed memory.
//!
//! A counting global allocator scans every heap block as it is freed for
//! the bytes of the test's secrets (a blinding's canonical encoding, a
//! value's 8 bytes, the recovery seed). The provers (Bulletproofs,
//! Bulletproofs+, Bulletproofs++, intervals, Grin's), owner recovery, the
//! recovered `Opening`s, an MPC run and R1CS proofs (a gadget on a committed
//! secret, and on a vector-committed one; an `.arith` witness read from text) are run on both groups; a copy of a secret that the
//! library frees without wiping is a failure. Stack copies are out of reach
//! of this check; `Opening` (the one public type that holds secrets) is also
//! checked in place with `drop_in_place`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::Opening;
use ballistic::RangeProofSystem;
use ballistic::{
    Generators, Interval, IntervalProof, RangeProof, RangeProofPlus, RangeProofPlusPlus, Ristretto255, Secp256k1,
};
use rand::SeedableRng;

/// Patterns to look for (at most 4, up to 32 bytes each), and hits.
static PATTERNS: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
static ARMED: AtomicBool = AtomicBool::new(false);
static HITS: AtomicUsize = AtomicUsize::new(0);
/// Serialises the tests of this file (one global allocator).
static LOCK: Mutex<()> = Mutex::new(());

struct Scanning;

thread_local! {
    static IN_SCAN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

unsafe impl GlobalAlloc for Scanning {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if ARMED.load(Ordering::Relaxed) && !IN_SCAN.with(|s| s.replace(true)) {
            // SAFETY: the block is still ours until System.dealloc below.
            let block = unsafe { std::slice::from_raw_parts(ptr, layout.size()) };
            // Wait for the lock rather than skip the block (a test-harness
            // thread freeing memory at the same moment must not hide a
            // hit). No deadlock: the lock is only held to scan (which does
            // not allocate) or, in `watch`, while the allocator is disarmed.
            let patterns = PATTERNS.lock().unwrap_or_else(|e| e.into_inner());
            for p in patterns.iter() {
                if !p.is_empty() && block.windows(p.len()).any(|w| w == &p[..]) {
                    HITS.fetch_add(1, Ordering::Relaxed);
                }
            }
            drop(patterns);
            IN_SCAN.with(|s| s.set(false));
        }
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Scanning = Scanning;

/// Run `f` with the allocator watching for `patterns`; return the hits.
fn watch(patterns: Vec<Vec<u8>>, f: impl FnOnce()) -> usize {
    *PATTERNS.lock().unwrap() = patterns;
    HITS.store(0, Ordering::SeqCst);
    ARMED.store(true, Ordering::SeqCst);
    f();
    ARMED.store(false, Ordering::SeqCst);
    PATTERNS.lock().unwrap().clear();
    HITS.load(Ordering::SeqCst)
}

/// A distinctive canonical scalar (no run of equal bytes, top byte small).
fn secret_scalar<G: Group>() -> G::Scalar {
    let mut b = [0u8; 32];
    for (i, x) in b.iter_mut().enumerate() {
        *x = 0x5a ^ (i as u8).wrapping_mul(37);
    }
    b[31] = 0x0b;
    G::Scalar::from_canonical_bytes(&b).expect("canonical")
}

const VALUE: u64 = 0x1d2c_3b4a_5968_7788;

/// Prove with system `P` under the label `z`, then verify.
fn prove_verify<G: Group, P: RangeProofSystem<G>>(
    gens: &Generators<G>,
    values: &[u64],
    blindings: &[G::Scalar],
    n: usize,
    rng: &mut rand_chacha::ChaCha20Rng,
) {
    let (p, c) = P::prove_multiple_with_rng(gens, &mut Transcript::new(b"z"), values, blindings, n, rng).unwrap();
    p.verify_multiple(gens, &mut Transcript::new(b"z"), &c, n).unwrap();
}

/// An interval proof with system `P` under the label `z`, then verified.
fn interval_verify<G: Group, P: RangeProofSystem<G>>(
    gens: &Generators<G>,
    blinding: &G::Scalar,
    interval: Interval,
    rng: &mut rand_chacha::ChaCha20Rng,
) {
    let (p, c) =
        IntervalProof::<G>::prove_with_rng::<P, _>(gens, &mut Transcript::new(b"z"), VALUE, blinding, interval, rng)
            .unwrap();
    p.verify_with_rng(gens, &mut Transcript::new(b"z"), &c, interval, rng).unwrap();
}

fn provers_leave_nothing<G: Group>() {
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let gens = Generators::<G>::new(64, 2);
    gens.vector().precompute();
    let blinding = secret_scalar::<G>();
    let seed = [0x6bu8; 32];
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    let patterns = vec![blinding.to_bytes().to_vec(), VALUE.to_le_bytes().to_vec(), seed.to_vec()];
    let hits = watch(patterns, || {
        prove_verify::<G, RangeProof<G>>(&gens, &[VALUE, 7], &[blinding, blinding], 64, &mut rng);
        prove_verify::<G, RangeProofPlus<G>>(&gens, &[VALUE], &[blinding], 64, &mut rng);
        let interval = Interval::new(VALUE - 5, VALUE + 5).unwrap();
        interval_verify::<G, RangeProof<G>>(&gens, &blinding, interval, &mut rng);
        // Bulletproofs++: digits, multiplicities, reciprocals and masks.
        prove_verify::<G, RangeProofPlusPlus<G>>(&gens, &[VALUE, 7], &[blinding, blinding], 64, &mut rng);
        prove_verify::<G, RangeProofPlusPlus<G>>(&gens, &[VALUE & 0x7f], &[blinding], 7, &mut rng);
        interval_verify::<G, RangeProofPlusPlus<G>>(&gens, &blinding, interval, &mut rng);
        // Owner recovery (Bulletproofs: nonces from a ChaCha20 stream;
        // Bulletproofs+): the blindings it returns and the openings and
        // message it recovers are wiped when dropped.
        for system in [ballistic::RangeSystem::Bulletproofs, ballistic::RangeSystem::BulletproofsPlus] {
            let (p, c, blindings) = system
                .prove_recoverable::<G>(
                    &gens,
                    &mut Transcript::new(b"r"),
                    &[VALUE],
                    64,
                    ballistic::RecoveryKey::new(&seed, b"o"),
                    b"memo",
                )
                .unwrap();
            drop(blindings);
            let recovered =
                p.recover(&gens, &mut Transcript::new(b"r"), &c, 64, ballistic::RecoveryKey::new(&seed, b"o")).unwrap();
            assert_eq!(recovered.openings[0].value, VALUE);
            assert_eq!(&recovered.message[..], b"memo");
            drop(recovered);
        }
        // An MPC run: party states hold the value, blinding and nonces.
        let mut t = Transcript::new(b"m");
        let dealer = ballistic::range::mpc::Dealer::new(&gens, &mut t, 64, 2).unwrap();
        let mut parties = Vec::new();
        let mut bits = Vec::new();
        for j in 0..2 {
            let (p, c) = ballistic::range::mpc::Party::new(&gens, VALUE, blinding, 64)
                .unwrap()
                .assign_position_with_rng(j, &mut rng)
                .unwrap();
            parties.push(p);
            bits.push(c);
        }
        let (dealer, y_z) = dealer.receive_bit_commitments(bits).unwrap();
        let mut next = Vec::new();
        let mut polys = Vec::new();
        for p in parties {
            let (p, c) = p.apply_challenge_with_rng(&y_z, &mut rng).unwrap();
            next.push(p);
            polys.push(c);
        }
        let (dealer, x) = dealer.receive_poly_commitments(polys).unwrap();
        let shares: Vec<_> = next.into_iter().map(|p| p.apply_challenge(&x).unwrap()).collect();
        let (p, c) = dealer.receive_shares(shares).unwrap();
        p.verify_multiple(&gens, &mut Transcript::new(b"m"), &c, 64).unwrap();
        // R1CS: a committed secret through the range gadget (the prover's
        // wire vectors grow gate by gate), and an `.arith` witness read
        // from text, evaluated and proved.
        let mut prover = ballistic::circuit::Prover::<G>::new(&gens, Transcript::new(b"c"));
        let (c, v) = prover.commit(G::Scalar::from_u64(VALUE), blinding);
        ballistic::circuit::gadgets::range(&mut prover, v.into(), Some(VALUE), 64).unwrap();
        let proof = prover.prove_with_rng(&mut rng).unwrap();
        let mut verifier = ballistic::circuit::Verifier::<G>::new(Transcript::new(b"c"));
        let v = verifier.commit(c);
        ballistic::circuit::gadgets::range(&mut verifier, v.into(), None, 64).unwrap();
        verifier.verify(&gens, &proof).unwrap();
        // The same through a vector commitment (its entries and blinding
        // are the prover's secrets too).
        let mut prover = ballistic::circuit::Prover::<G>::new(&gens, Transcript::new(b"vc"));
        let entries = [G::Scalar::from_u64(VALUE), G::Scalar::one()];
        let (c, vars) = prover.commit_vec(&entries, blinding).unwrap();
        ballistic::circuit::gadgets::range(&mut prover, vars[0].into(), Some(VALUE), 64).unwrap();
        let proof = prover.prove_with_rng(&mut rng).unwrap();
        let mut verifier = ballistic::circuit::Verifier::<G>::new(Transcript::new(b"vc"));
        let vars = verifier.commit_vec(c, 2).unwrap();
        ballistic::circuit::gadgets::range(&mut verifier, vars[0].into(), None, 64).unwrap();
        verifier.verify(&gens, &proof).unwrap();
        // Public output: the witness squared (the witness itself is split).
        let text = format!(
            "total 70\ninput 0\nnizkinput 1\nmul in 2 <1 1> out 1 <2>\nsplit in 1 <1> out 64 <{}>\noutput 2\n",
            (3..67).map(|w| w.to_string()).collect::<Vec<_>>().join(" ")
        );
        let circuit = ballistic::circuit::Circuit::parse(text.as_bytes()).unwrap();
        let inputs = circuit.read_inputs::<G::Scalar, _>(format!("0 1\n1 {VALUE:x}\n").as_bytes()).unwrap();
        let gens128 = Generators::<G>::new(128, 1);
        let (proof, public) = circuit.prove(&gens128, Transcript::new(b"a"), &inputs, &mut rng).unwrap();
        drop(inputs);
        circuit.verify(&gens128, Transcript::new(b"a"), &public, &proof, &mut rng).unwrap();
    });
    assert_eq!(hits, 0, "{hits} freed heap blocks still held a secret on {}", G::NAME);
}

/// The check can fail: a secret freed without wiping is found.
#[test]
fn the_check_sees_an_unwiped_secret() {
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let hits = watch(vec![VALUE.to_le_bytes().to_vec()], || {
        let leaked: Vec<u8> = VALUE.to_le_bytes().to_vec();
        drop(std::hint::black_box(leaked));
    });
    assert_eq!(hits, 1);
    let hits = watch(vec![VALUE.to_le_bytes().to_vec()], || {
        let wiped = zeroize::Zeroizing::new(VALUE.to_le_bytes().to_vec());
        drop(std::hint::black_box(wiped));
    });
    assert_eq!(hits, 0);
}

/// `Opening` zeroizes itself in place on drop.
fn opening_is_wiped_in_place<G: Group>() {
    let mut slot = MaybeUninit::new(Opening::<G::Scalar> { value: VALUE, blinding: secret_scalar::<G>() });
    // SAFETY: `slot` holds an initialised `Opening`, dropped exactly once;
    // its bytes stay readable (the storage is `slot`'s).
    let bytes = unsafe {
        std::ptr::drop_in_place(slot.as_mut_ptr());
        std::slice::from_raw_parts(slot.as_ptr() as *const u8, std::mem::size_of::<Opening<G::Scalar>>())
    };
    assert!(bytes.iter().all(|&b| b == 0), "Opening left bytes behind: {bytes:02x?}");
}

#[test]
fn ristretto255_provers_leave_nothing() {
    provers_leave_nothing::<Ristretto255>();
}

#[test]
fn secp256k1_provers_leave_nothing() {
    provers_leave_nothing::<Secp256k1>();
}

#[test]
fn openings_are_wiped_in_place() {
    opening_is_wiped_in_place::<Ristretto255>();
    opening_is_wiped_in_place::<Secp256k1>();
}

/// A reader of unknown length (a pipe): 1000 bytes a read.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(1000).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// Reading a secrets file leaves no copy of its text behind: the bounded
/// reader wipes every buffer it outgrows (a 100 KB text grows it several
/// times), and the caller wipes the last.
#[test]
fn bounded_reads_of_secret_text_leave_nothing() {
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let secret = b"4c6f6e67207365637265742077697468";
    let mut text = Vec::new();
    for _ in 0..2000 {
        text.extend_from_slice(secret);
        text.push(b'\n');
    }
    let hits = watch(vec![secret.to_vec()], || {
        let read = ballistic::file::read_bounded(Trickle(&text), 1 << 20).unwrap();
        assert_eq!(read.len(), text.len());
        drop(std::hint::black_box(zeroize::Zeroizing::new(read)));
    });
    assert_eq!(hits, 0, "{hits} freed heap blocks still held the secret text");
}

/// Grin's prover and rewinding ([`ballistic::compat::grin`]): the openings
/// (held in a `Vec` here), the prover's vectors and randomness, and what
/// rewinding recovers leave no copy of the blinding, the value or the
/// nonces in freed memory.
#[test]
fn grin_prover_and_rewind_leave_nothing() {
    use ballistic::compat::grin::{GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinStatement};
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let blinding = secret_scalar::<Secp256k1>();
    let nonces = GrinNonces { rewind: [0x3c; 32], private: [0x3c; 32] };
    let patterns = vec![blinding.to_bytes().to_vec(), VALUE.to_le_bytes().to_vec(), nonces.rewind.to_vec()];
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4);
    let hits = watch(patterns, || {
        let openings = vec![GrinOpening { value: VALUE, blinding }];
        let options = GrinProveOptions { message: Some([0x21; 20]), ..Default::default() };
        let (proof, v) = GrinProof::prove(&openings, &nonces, &options).unwrap();
        drop(openings);
        proof.verify(&GrinStatement::grin_default(v[0], None).unwrap(), &mut rng).unwrap();
        let rewound = Box::new(proof.rewind(&v[0], None, 0, None, &nonces.rewind).unwrap());
        assert_eq!(rewound.value, VALUE);
        assert_eq!(rewound.blinding, Some(blinding));
        drop(rewound);
        let four: Vec<GrinOpening> = (0..4).map(|j| GrinOpening { value: VALUE >> (48 + j), blinding }).collect();
        let options = GrinProveOptions { n_bits: 16, ..Default::default() };
        let (proof, v) = GrinProof::prove(&four, &nonces, &options).unwrap();
        drop(four);
        proof.verify(&GrinStatement::new(16, v, None, None, None).unwrap(), &mut rng).unwrap();
    });
    assert_eq!(hits, 0, "{hits} freed heap blocks still held a Grin secret");
}

/// Grin's secret-holding types zeroize themselves in place on drop.
#[test]
fn grin_secrets_are_wiped_in_place() {
    use ballistic::compat::grin::{GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinRewound};
    fn check<T>(value: T) {
        let mut slot = MaybeUninit::new(value);
        // SAFETY: `slot` holds an initialised value, dropped exactly once;
        // its bytes stay readable (the storage is `slot`'s).
        let bytes = unsafe {
            std::ptr::drop_in_place(slot.as_mut_ptr());
            std::slice::from_raw_parts(slot.as_ptr() as *const u8, std::mem::size_of::<T>())
        };
        assert!(bytes.iter().all(|&b| b == 0), "{} left bytes behind", std::any::type_name::<T>());
    }
    let blinding = secret_scalar::<Secp256k1>();
    check(GrinOpening { value: VALUE, blinding });
    check(GrinNonces { rewind: [7; 32], private: [9; 32] });
    let nonces = GrinNonces { rewind: [7; 32], private: [7; 32] };
    let (proof, v) =
        GrinProof::prove(&[GrinOpening { value: VALUE, blinding }], &nonces, &GrinProveOptions::default()).unwrap();
    let rewound: GrinRewound = proof.rewind(&v[0], None, 0, None, &nonces.rewind).unwrap();
    assert!(rewound.blinding.is_some());
    check(rewound);
}
