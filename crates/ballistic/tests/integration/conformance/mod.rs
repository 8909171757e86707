//! The conformance suite (issue 37, item 1): one set of adversarial checks,
//! written once against the [`Kind`] trait and run on every proof kind and
//! every group it supports.
//!
//! A kind says how to make honest instances (a statement description and
//! the proof's bytes) from a seeded RNG, how a verifier decodes bytes
//! against a statement and verifies them alone and in a batch, where the
//! fields of its encoding lie ([`Layout`]) and which changes of its
//! statement must be refused with which error ([`Mutation`]). The checks:
//!
//! 1. [`check_honest`]: honest proofs decode, re-encode to the same bytes,
//!    verify alone and together in one batch.
//! 2. [`check_bytes`]: single-bit changes ([`Flips`]: `^ 0x01` and `^ 0x80`
//!    at every offset on Ristretto255; on the slower groups `^ 0x01` at
//!    every offset and `^ 0x80` at every field's first and last byte;
//!    `^ 0x01` at every field's first two bytes and `^ 0x80` at its last for
//!    Merkle membership, whose every verification is a 4,096-gate circuit),
//!    every truncation and several extensions are refused.
//!    Each is classified: refused while decoding (`ErrorKind::Decode`),
//!    decoded and refused by the verification equation
//!    (`ErrorKind::Verification`), or decoded as another shape and refused
//!    by the statement's shape. A flip that leaves its field a valid
//!    encoding (a canonical scalar, a point, opaque payload bytes) must
//!    decode and be refused by the equation; a flip that makes it invalid
//!    must be refused while decoding, naming the field's offset. The counts
//!    are printed (`-- --nocapture`), and a kind whose every change is
//!    refused at decoding fails.
//! 3. [`check_statements`]: every statement field changed or swapped is
//!    refused with its specific error.
//! 4. [`cross`]: the bytes of every kind, read as every other kind (other
//!    systems, shapes, formats and groups), are refused; other shapes of
//!    the same kind are statement mutations (3).
//! 5. [`check_blame`]: a batch with `k ∈ {1, 2, 3}` bad members among six
//!    names exactly those, each with its reason.
//! 6. [`check_weights`]: every member's equation is linear in its batch
//!    weight, for honest proofs and for proofs and statements the equation
//!    refuses, and their batch names exactly the bad ones.
//!
//! Run: `cargo test -p ballistic --test integration -- conformance:: --nocapture`.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::{ErrorKind, ProofError};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

mod arith;
mod assets;
mod cross;
mod curve_tree;
mod grin;
mod interval;
mod merkle;
mod monero;
mod r1cs;
mod r1cs_vector;
mod range;

/// A proof kind under test (see the module documentation).
pub trait Kind: Send + Sync + 'static {
    /// Everything public a verifier is given besides the proof: the
    /// statement's fields as data (a statement that does not even build is
    /// a valid description; verifying it gives the statement's error).
    type Desc: Clone + Send + Sync + 'static;
    /// The decoded proof.
    type Proof;

    /// Unique among the kinds (also the cache key and the RNG seed).
    fn name(&self) -> String;
    /// Distinct honest instances to make (at least 2; a batch of six cycles
    /// through them).
    fn distinct(&self) -> usize {
        6
    }
    /// The `i`-th honest instance.
    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (Self::Desc, Vec<u8>);
    /// Decode as a verifier of `desc` does (the shape is the verifier's).
    fn decode(&self, desc: &Self::Desc, bytes: &[u8]) -> Result<Self::Proof, ProofError>;
    /// The proof's encoding.
    fn encode(&self, proof: &Self::Proof) -> Vec<u8>;
    /// Build the statement and verify (recovery kinds also recover).
    fn verify(&self, desc: &Self::Desc, proof: &Self::Proof, rng: &mut ChaCha20Rng) -> Result<(), ProofError>;
    /// Verify in one batch through `ballistic::batch` (a statement that
    /// does not build is a `Refused` member).
    fn batch(&self, items: &[(&Self::Desc, &Self::Proof)], rng: &mut ChaCha20Rng) -> Result<(), BatchError>;
    /// The fields of the encoding of `desc`'s proofs.
    fn layout(&self, desc: &Self::Desc) -> Layout;
    /// Every change of `desc` that must be refused, with its error;
    /// `other` is another honest instance (its commitments, roots, ...).
    fn mutations(&self, desc: &Self::Desc, other: &Self::Desc) -> Vec<Mutation<Self::Desc>>;
    /// Which bit flips [`check_bytes`] makes.
    fn flips(&self) -> Flips {
        Flips::Every
    }
    /// How many fields [`check_weights`] changes per instance (spread over
    /// the encoding).
    fn weight_flips(&self) -> usize {
        10
    }
    /// Whether [`check_weights`] probes each member's weight through
    /// [`crate::common::with_weight_probe`] (kinds whose batch claims are
    /// not reachable from outside the library check it in its unit tests).
    fn probes_weights(&self) -> bool {
        true
    }
    /// The batches [`check_blame`] tries: bad members' positions among six.
    fn blame_patterns(&self) -> Vec<Vec<usize>> {
        [&[0][..], &[5], &[2], &[0, 3], &[1, 5], &[0, 2, 4], &[3, 4, 5], &[1, 2, 3]].map(<[usize]>::to_vec).to_vec()
    }
}

/// The error a mutation must give: exactly this one (variant and fields).
#[derive(Clone, Debug)]
pub enum Expect {
    Is(ProofError),
}

impl Expect {
    fn matches(&self, got: &ProofError) -> bool {
        match self {
            Expect::Is(e) => e == got,
        }
    }
}

/// `ProofError::VerificationFailed`, the equation's refusal.
pub fn failed() -> Expect {
    Expect::Is(ProofError::VerificationFailed)
}

/// A changed statement and the error it must give.
pub struct Mutation<D> {
    pub what: String,
    pub desc: D,
    pub expect: Expect,
}

impl<D> Mutation<D> {
    pub fn new(what: impl Into<String>, desc: D, expect: Expect) -> Self {
        Mutation { what: what.into(), desc, expect }
    }
}

/// Decides whether a field's bytes are a valid encoding on their own.
pub type Validity = Box<dyn Fn(&[u8]) -> bool>;

/// One field of an encoding.
pub struct Field {
    pub name: String,
    pub offset: usize,
    pub len: usize,
    /// Whether these bytes are a valid encoding of the field (then the
    /// proof must decode); opaque bytes are always valid.
    pub valid: Validity,
    /// Whether a decoding error for this field names its offset
    /// (`InvalidPoint`, `NonCanonicalScalar`); else any decode error.
    pub named: bool,
}

/// The fields of an encoding, in order.
pub struct Layout {
    pub fields: Vec<Field>,
    end: usize,
}

impl Layout {
    pub fn new() -> Self {
        Layout { fields: Vec::new(), end: 0 }
    }

    /// A field of `len` bytes.
    pub fn field(mut self, name: impl Into<String>, len: usize, named: bool, valid: Validity) -> Self {
        self.fields.push(Field { name: name.into(), offset: self.end, len, valid, named });
        self.end += len;
        self
    }

    /// `count` of `G`'s compressed points.
    pub fn points<G: Group>(mut self, name: &str, count: usize) -> Self {
        for i in 0..count {
            self = self.field(format!("{name}[{i}]"), G::POINT_LEN, true, Box::new(point_ok::<G>));
        }
        self
    }

    /// `count` canonical little-endian scalars of `G`.
    pub fn scalars<G: Group>(mut self, name: &str, count: usize) -> Self {
        for i in 0..count {
            self = self.field(format!("{name}[{i}]"), 32, true, Box::new(scalar_ok::<G>));
        }
        self
    }

    /// The inner-product argument of `rounds` rounds: `(L_k, R_k)_k, a, b`.
    pub fn ipp<G: Group>(mut self, rounds: usize) -> Self {
        for k in 0..rounds {
            self = self.points::<G>(&format!("L{k}"), 1).points::<G>(&format!("R{k}"), 1);
        }
        self.scalars::<G>("a", 1).scalars::<G>("b", 1)
    }

    /// `other`'s fields after these, their names prefixed with `prefix`
    /// (an encoding nested in another).
    pub fn append(mut self, prefix: &str, other: Layout) -> Self {
        for mut f in other.fields {
            f.name = format!("{prefix} {}", f.name);
            f.offset += self.end;
            self.fields.push(f);
        }
        self.end += other.end;
        self
    }

    /// Bytes whose every value decodes (a sealed payload).
    pub fn opaque(self, name: &str, len: usize) -> Self {
        self.field(name, len, false, Box::new(|_| true))
    }

    pub fn len(&self) -> usize {
        self.end
    }

    fn at(&self, offset: usize) -> &Field {
        self.fields.iter().find(|f| (f.offset..f.offset + f.len).contains(&offset)).expect("offset inside the layout")
    }
}

pub use crate::common::{batch_items, BatchItem};

/// `bytes` decode as a point of `G` (canonical, in the group).
pub fn point_ok<G: Group>(bytes: &[u8]) -> bool {
    ballistic::hazmat::decode_point::<G>(bytes).is_some()
}

/// `bytes` are a canonical scalar of `G`.
pub fn scalar_ok<G: Group>(bytes: &[u8]) -> bool {
    let Ok(b) = <&[u8; 32]>::try_from(bytes) else { return false };
    G::Scalar::from_canonical_bytes(b).is_some()
}

/// The byte offset a decoding error names, if any.
fn named_offset(e: &ProofError) -> Option<usize> {
    match e {
        ProofError::InvalidPoint { offset } | ProofError::NonCanonicalScalar { offset } => Some(*offset),
        _ => None,
    }
}

/// Values computed once per test binary and shared by the tests (honest
/// instances, generators, prepared circuits), keyed by name. Concurrent
/// requests for one key wait for the first.
pub fn shared<T: Send + Sync + 'static>(key: &str, make: impl FnOnce() -> T) -> Arc<T> {
    type Slot = Arc<OnceLock<Arc<dyn Any + Send + Sync>>>;
    static CACHE: OnceLock<Mutex<HashMap<String, Slot>>> = OnceLock::new();
    let slot = {
        let mut map = CACHE.get_or_init(Default::default).lock().unwrap();
        map.entry(key.to_string()).or_default().clone()
    };
    let value = slot.get_or_init(|| Arc::new(make()) as Arc<dyn Any + Send + Sync>).clone();
    value.downcast::<T>().unwrap_or_else(|_| panic!("shared value {key} of another type"))
}

/// Generators of `G` with `chains` chains of `per_chain`, made once.
pub fn gens<G: Group>(per_chain: usize, chains: usize) -> Arc<ballistic::Generators<G>> {
    shared(&format!("gens {} {per_chain}x{chains}", G::NAME), || ballistic::Generators::<G>::new(per_chain, chains))
}

/// A deterministic RNG per kind and purpose.
pub fn rng_for(name: &str, purpose: &str) -> ChaCha20Rng {
    // FNV-1a: stable across runs and platforms.
    let seed = name
        .bytes()
        .chain([0])
        .chain(purpose.bytes())
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    ChaCha20Rng::seed_from_u64(seed)
}

/// The kind's honest instances, made once.
pub fn instances<K: Kind>(k: &K) -> Arc<Vec<(K::Desc, Vec<u8>)>> {
    let name = k.name();
    shared(&format!("instances {name}"), || {
        let mut rng = rng_for(&name, "prove");
        let count = k.distinct();
        assert!(count >= 2, "{name}: at least two instances");
        (0..count).map(|i| k.prove(&mut rng, i)).collect()
    })
}

/// Decode against `desc` and verify.
fn pipeline<K: Kind>(k: &K, desc: &K::Desc, bytes: &[u8], rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
    let proof = k.decode(desc, bytes)?;
    k.verify(desc, &proof, rng)
}

/// 1. Honest proofs round-trip, verify alone and in one batch.
pub fn check_honest<K: Kind>(k: &K) {
    let start = Instant::now();
    let name = k.name();
    let inst = instances(k);
    let mut rng = rng_for(&name, "honest");
    let mut proofs = Vec::new();
    for (i, (desc, bytes)) in inst.iter().enumerate() {
        let proof = k.decode(desc, bytes).unwrap_or_else(|e| panic!("{name} #{i}: honest bytes refused: {e:?}"));
        assert_eq!(&k.encode(&proof), bytes, "{name} #{i}: re-encoding differs");
        k.verify(desc, &proof, &mut rng).unwrap_or_else(|e| panic!("{name} #{i}: honest proof refused: {e:?}"));
        assert_eq!(k.layout(desc).len(), bytes.len(), "{name} #{i}: the layout covers the encoding");
        proofs.push(proof);
    }
    let items: Vec<_> = inst.iter().zip(&proofs).map(|((d, _), p)| (d, p)).collect();
    k.batch(&items, &mut rng).unwrap_or_else(|e| panic!("{name}: honest batch refused: {e}"));
    // A batch of one, and every proof twice (commitments reused across
    // members are fine).
    k.batch(&items[..1], &mut rng).unwrap_or_else(|e| panic!("{name}: batch of one refused: {e}"));
    let twice: Vec<_> = items.iter().chain(&items).copied().collect();
    k.batch(&twice, &mut rng).unwrap_or_else(|e| panic!("{name}: doubled batch refused: {e}"));
    println!(
        "conformance | {name:<44} | {} honest proofs verify alone and in batches ({:.2}s)",
        inst.len(),
        secs(start)
    );
}

fn secs(start: Instant) -> f64 {
    start.elapsed().as_secs_f64()
}

/// What happened to one changed encoding (the errors are printed through
/// `Debug` when a check fails).
#[derive(Debug)]
#[allow(dead_code)]
enum Outcome {
    /// Refused while decoding.
    Decode(ProofError),
    /// Decoded; refused by the verification equation (or another
    /// `ErrorKind::Verification` check: an identity point, a phase).
    Equation(ProofError),
    /// Decoded (as another shape); refused by the statement's shape.
    Shape(ProofError),
}

#[derive(Default)]
struct Tally {
    decode: usize,
    equation: usize,
    shape: usize,
    /// Flips that left their field valid (each must be equation-refused).
    valid_flips: usize,
}

impl Tally {
    fn judge<K: Kind>(&mut self, k: &K, desc: &K::Desc, bytes: &[u8], rng: &mut ChaCha20Rng, what: &str) -> Outcome {
        let name = k.name();
        match k.decode(desc, bytes) {
            Err(e) => {
                assert_eq!(
                    e.kind(),
                    ErrorKind::Decode,
                    "{name}: {what}: a decoding refusal of kind {:?}: {e:?}",
                    e.kind()
                );
                self.decode += 1;
                Outcome::Decode(e)
            }
            Ok(proof) => match k.verify(desc, &proof, rng) {
                Ok(()) => panic!("{name}: {what}: ACCEPTED"),
                Err(e) if e.kind() == ErrorKind::Verification => {
                    self.equation += 1;
                    Outcome::Equation(e)
                }
                Err(e) => {
                    // Only a length (another shape decoded from the bytes)
                    // may be refused after decoding by the statement.
                    assert!(
                        matches!(e, ProofError::WrongLength { .. } | ProofError::WrongNumCommitments { .. }),
                        "{name}: {what}: decoded, then refused with {e:?}"
                    );
                    self.shape += 1;
                    Outcome::Shape(e)
                }
            },
        }
    }
}

/// The bit flips [`check_bytes`] makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flips {
    /// `^ 0x01` and `^ 0x80` at every offset.
    Every,
    /// `^ 0x01` at every offset; `^ 0x80` at every field's first and last
    /// byte (the sign and high bits of points, scalars' top bytes).
    LowBitEverywhere,
    /// `^ 0x01` at every field's first and second byte, `^ 0x80` at its
    /// last (for kinds whose every verification is costly; the second
    /// byte's low bit keeps a Ristretto255 point's sign, so it can stay a
    /// valid point and reach the equation).
    Boundaries,
}

impl Flips {
    /// The default for a kind on `G`: every flip on Ristretto255; on the
    /// other groups (the same generic verifiers, other point encodings,
    /// several times slower arithmetic) the low bit at every offset.
    pub fn for_group<G: Group>() -> Self {
        if G::NAME == "ristretto255" {
            Flips::Every
        } else {
            Flips::LowBitEverywhere
        }
    }

    /// `(offset, mask)` of every flip for `layout`.
    fn of(self, layout: &Layout) -> Vec<(usize, u8)> {
        let mut boundaries: Vec<usize> = layout.fields.iter().flat_map(|f| [f.offset, f.offset + f.len - 1]).collect();
        boundaries.sort_unstable();
        boundaries.dedup();
        let every = 0..layout.len();
        let mut flips: Vec<(usize, u8)> = match self {
            Flips::Every => every.flat_map(|at| [(at, 0x01), (at, 0x80)]).collect(),
            Flips::LowBitEverywhere => {
                every.map(|at| (at, 0x01)).chain(boundaries.iter().map(|&at| (at, 0x80))).collect()
            }
            Flips::Boundaries => {
                let ends = |f: &Field| [(f.offset, 0x01), (f.offset + 1, 0x01), (f.offset + f.len - 1, 0x80)];
                layout.fields.iter().flat_map(ends).collect()
            }
        };
        flips.sort_unstable();
        flips
    }
}

/// 2. Every bit flip, truncation and extension is refused; counts printed.
pub fn check_bytes<K: Kind>(k: &K) {
    let start = Instant::now();
    let name = k.name();
    let inst = instances(k);
    let (desc, bytes) = &inst[0];
    let layout = k.layout(desc);
    assert_eq!(layout.len(), bytes.len(), "{name}: the layout covers the encoding");
    let mut rng = rng_for(&name, "bytes");
    let mut t = Tally::default();

    // Bit flips: each checked against what its field allows.
    let flips = k.flips().of(&layout);
    for &(at, mask) in &flips {
        let field = layout.at(at);
        {
            let mut bad = bytes.clone();
            bad[at] ^= mask;
            let what = format!("byte {at} ({} at +{}) ^ {mask:#04x}", field.name, at - field.offset);
            let valid = (field.valid)(&bad[field.offset..field.offset + field.len]);
            match t.judge(k, desc, &bad, &mut rng, &what) {
                Outcome::Equation(_) if valid => t.valid_flips += 1,
                Outcome::Decode(e) if !valid => {
                    if field.named {
                        assert_eq!(named_offset(&e), Some(field.offset), "{name}: {what}: {e:?} names another field");
                    }
                }
                other => panic!("{name}: {what}: field valid = {valid}, but {other:?}"),
            }
        }
    }
    let flipped = flips.len();

    // Truncations: every length.
    let len = bytes.len();
    let lengths: Vec<usize> = (0..len).collect();
    for &cut in &lengths {
        t.judge(k, desc, &bytes[..cut], &mut rng, &format!("truncated to {cut}"));
    }

    // Extensions: a zero byte, a scalar's length, one and two points'
    // lengths (copies of the first point: valid points), a sealed payload's.
    let mut extensions = 0;
    for extra in [1usize, 32, 33, 48, 64, 66] {
        let mut long = bytes.clone();
        long.extend(bytes.iter().cycle().take(extra));
        if extra == 1 {
            long[len] = 0;
        }
        t.judge(k, desc, &long, &mut rng, &format!("extended by {extra}"));
        extensions += 1;
    }

    let total = flipped + lengths.len() + extensions;
    assert_eq!(t.decode + t.equation + t.shape, total);
    println!(
        "conformance | {name:<44} | {len:>5} B | {total:>5} changed ({:?}) | decode-refused {:>5} | equation-refused \
         {:>5} (valid-field flips {:>4}) | shape-refused {:>3} | {:.2}s",
        k.flips(),
        t.decode,
        t.equation,
        t.valid_flips,
        t.shape,
        secs(start)
    );
    assert!(t.equation > 0, "{name}: every change was refused at decoding: the equation was never reached");
    assert!(t.valid_flips > 0, "{name}: no flip left its field valid");
}

/// 3. Every statement change is refused with its specific error.
pub fn check_statements<K: Kind>(k: &K) {
    let start = Instant::now();
    let name = k.name();
    let inst = instances(k);
    let (desc, bytes) = &inst[0];
    let mut rng = rng_for(&name, "statements");
    pipeline(k, desc, bytes, &mut rng).unwrap_or_else(|e| panic!("{name}: honest: {e:?}"));
    let mutations = k.mutations(desc, &inst[1].0);
    assert!(mutations.len() >= 3, "{name}: too few statement mutations");
    let mut by_kind: HashMap<String, usize> = HashMap::new();
    for m in &mutations {
        match pipeline(k, &m.desc, bytes, &mut rng) {
            Ok(()) => panic!("{name}: statement {}: ACCEPTED", m.what),
            Err(e) => {
                assert!(m.expect.matches(&e), "{name}: statement {}: expected {:?}, got {e:?}", m.what, m.expect);
                *by_kind.entry(format!("{:?}", e.kind())).or_default() += 1;
            }
        }
    }
    let mut kinds: Vec<_> = by_kind.into_iter().collect();
    kinds.sort();
    println!(
        "conformance | {name:<44} | {} statement mutations refused, by kind {kinds:?} ({:.2}s)",
        mutations.len(),
        secs(start)
    );
}

/// 5. Batches with bad members name exactly those, with their reasons.
pub fn check_blame<K: Kind>(k: &K) {
    let start = Instant::now();
    let name = k.name();
    let inst = instances(k);
    let mut rng = rng_for(&name, "blame");
    const SIZE: usize = 6;

    // Per distinct instance, three ways to make it a bad member: its bytes
    // with a low bit flipped in its first field where that stays valid
    // (refused by the equation); a statement change refused by the
    // equation; a statement change refused before any equation.
    struct Bad<D> {
        flipped: Option<Vec<u8>>,
        failed: Option<D>,
        refused: Option<(D, ProofError)>,
    }
    let bad_ways: Vec<Bad<K::Desc>> = (0..inst.len())
        .map(|i| {
            let (d, b) = &inst[i];
            let flipped = k.layout(d).fields.iter().find_map(|f| {
                let mut bad = b.clone();
                bad[f.offset] ^= 1;
                if !(f.valid)(&bad[f.offset..f.offset + f.len]) {
                    return None;
                }
                let p = k.decode(d, &bad).ok()?;
                (k.verify(d, &p, &mut rng_for(&name, "flip")) == Err(ProofError::VerificationFailed)).then_some(bad)
            });
            let (mut failed, mut refused) = (None, None);
            for m in k.mutations(d, &inst[(i + 1) % inst.len()].0) {
                if failed.is_some() && refused.is_some() {
                    break;
                }
                // One of each is enough (an equation costs a verification).
                let to_equation = matches!(&m.expect, Expect::Is(ProofError::VerificationFailed));
                if (to_equation && failed.is_some()) || (!to_equation && refused.is_some()) {
                    continue;
                }
                let Ok(p) = k.decode(&m.desc, b) else { continue };
                match k.verify(&m.desc, &p, &mut rng_for(&name, "restate")) {
                    Err(ProofError::VerificationFailed) if failed.is_none() => failed = Some(m.desc),
                    Err(ProofError::VerificationFailed) | Ok(()) => {}
                    Err(e) if refused.is_none() => refused = Some((m.desc, e)),
                    Err(_) => {}
                }
            }
            assert!(flipped.is_some() || failed.is_some(), "{name} #{i}: no way to make a member bad");
            Bad { flipped, failed, refused }
        })
        .collect();

    let patterns = k.blame_patterns();
    for (p, bad) in patterns.iter().enumerate() {
        let mut members: Vec<(K::Desc, K::Proof)> = Vec::new();
        let mut expected: Vec<(usize, ProofError)> = Vec::new();
        for i in 0..SIZE {
            let (desc, bytes) = &inst[i % inst.len()];
            if !bad.contains(&i) {
                members.push((desc.clone(), k.decode(desc, bytes).unwrap()));
                continue;
            }
            // Alternate between a flipped proof and a changed statement; in
            // the last two patterns, one member's statement is refused
            // before any equation (where the kind has such a change).
            let ways = &bad_ways[i % inst.len()];
            let refused = (p + 2 >= patterns.len() && i == bad[0]).then_some(ways.refused.clone()).flatten();
            let flip = ways.flipped.as_ref().filter(|_| (p + i) % 2 == 0 || ways.failed.is_none());
            let (d, bytes, e) = match (refused, flip, &ways.failed) {
                (Some((d, e)), _, _) => (d, bytes, e),
                (None, Some(flipped), _) => (desc.clone(), flipped, ProofError::VerificationFailed),
                (None, None, Some(d)) => (d.clone(), bytes, ProofError::VerificationFailed),
                (None, None, None) => unreachable!(),
            };
            let proof = k.decode(&d, bytes).unwrap();
            members.push((d, proof));
            expected.push((i, e));
        }
        let items: Vec<_> = members.iter().map(|(d, p)| (d, p)).collect();
        let err = k.batch(&items, &mut rng).expect_err(&format!("{name}: batch with bad {bad:?} accepted"));
        assert_eq!(&err.indices(), bad, "{name}: bad {bad:?}: blamed {err}");
        assert_eq!(err.invalid, expected, "{name}: bad {bad:?}: reasons");
    }
    println!(
        "conformance | {name:<44} | {} batches with bad members blamed exactly ({:.2}s)",
        patterns.len(),
        secs(start)
    );
}

/// Check 6: each member's equation is linear in its batch weight
/// ([`crate::common::check_weight`]): honest proofs, proofs with one field
/// changed so that they decode and fail the equation (spread over the
/// encoding, so each of the proof's checks fails in one of them), and
/// statements changed so that the equation refuses; and the batch of them
/// names exactly the bad ones.
pub fn check_weights<K: Kind>(k: &K) {
    const RESTATED: usize = 3;
    let start = Instant::now();
    let name = k.name();
    let inst = instances(k);
    let mut rng = rng_for(&name, "weights");
    let mut checked = 0;
    for i in 0..2 {
        let (desc, bytes) = &inst[i];
        let mut members: Vec<(K::Desc, K::Proof)> = vec![(desc.clone(), k.decode(desc, bytes).unwrap())];
        let fields = &k.layout(desc).fields;
        let step = fields.len().div_ceil(k.weight_flips()).max(1);
        let mut picked: Vec<usize> = (0..fields.len()).step_by(step).collect();
        if picked.last() != Some(&(fields.len() - 1)) {
            picked.push(fields.len() - 1);
        }
        for f in picked.into_iter().map(|j| &fields[j]) {
            // The low bit of the field's first or last byte, whichever keeps
            // it a valid encoding that decodes and fails the equation.
            let bad = [f.offset, f.offset + f.len - 1].into_iter().find_map(|at| {
                let mut bad = bytes.clone();
                bad[at] ^= 1;
                let p = k.decode(desc, &bad).ok()?;
                (k.verify(desc, &p, &mut rng) == Err(ProofError::VerificationFailed)).then_some(p)
            });
            members.extend(bad.map(|p| (desc.clone(), p)));
        }
        let flipped = members.len() - 1;
        let restated = k
            .mutations(desc, &inst[(i + 1) % inst.len()].0)
            .into_iter()
            .filter(|m| matches!(&m.expect, Expect::Is(ProofError::VerificationFailed)))
            .filter_map(|m| k.decode(&m.desc, bytes).ok().map(|p| (m.desc, p)))
            .take(RESTATED);
        members.extend(restated);
        assert!(flipped >= 1, "{name} #{i}: no field change decodes and fails the equation");
        let items: Vec<_> = members.iter().map(|(d, p)| (d, p)).collect();
        let (verdict, probed) = crate::common::with_weight_probe(|| k.batch(&items, &mut rng));
        if k.probes_weights() {
            assert_eq!(probed, members.len(), "{name} #{i}: members checked for their weight");
        }
        let err = verdict.expect_err(&format!("{name} #{i}: batch of bad members accepted"));
        assert_eq!(err.indices(), (1..members.len()).collect::<Vec<_>>(), "{name} #{i}: blamed {err}");
        checked += members.len();
    }
    let what = if k.probes_weights() { "linear in their weight" } else { "blamed exactly (weights: unit tests)" };
    println!("conformance | {name:<44} | {checked} members {what} ({:.2}s)", secs(start));
}

/// The five checks of one kind as tests: `$module::{honest, bytes,
/// statements, blame, weights}`.
macro_rules! kind_tests {
    ($($module:ident => $kind:expr;)*) => {
        $(
            mod $module {
                #[allow(unused_imports)]
                use super::*;
                #[test]
                fn honest() {
                    $crate::conformance::check_honest(&$kind);
                }
                #[test]
                fn bytes() {
                    $crate::conformance::check_bytes(&$kind);
                }
                #[test]
                fn statements() {
                    $crate::conformance::check_statements(&$kind);
                }
                #[test]
                fn blame() {
                    $crate::conformance::check_blame(&$kind);
                }
                #[test]
                fn weights() {
                    $crate::conformance::check_weights(&$kind);
                }
            }
        )*
        /// Every kind of this family, for the cross-reading test.
        pub fn readers() -> Vec<Box<dyn $crate::conformance::cross::Reader>> {
            vec![$(Box::new($kind)),*]
        }
    };
}
pub(crate) use kind_tests;
