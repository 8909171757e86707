//! Shared by the integration tests (not every test file uses every item).
#![allow(dead_code)]

/// Instantiate generic test functions once per supported group: each
/// `f::<G>()` becomes `#[test] GROUP::f`. Adding a group is one line here.
/// (secq256k1, not yet a `GroupId`, is left out; suites that cover it call
/// [`on_group`] for it.)
#[macro_export]
macro_rules! for_each_group {
    ($($test:ident),* $(,)?) => {
        $crate::on_group!(ristretto255, Ristretto255, $($test),*);
        $crate::on_group!(secp256k1, Secp256k1, $($test),*);
        $crate::on_group!(ed25519, Ed25519, $($test),*);
    };
}

/// Instantiate generic test functions for one group: each `f::<G>()`
/// becomes `#[test] $module::f`.
#[macro_export]
macro_rules! on_group {
    ($module:ident, $group:ident, $($test:ident),* $(,)?) => {
        mod $module {
            $( #[test] fn $test() { super::$test::<ballistic::$group>(); } )*
        }
    };
}

/// Instantiate generic tests `f::<G, S>()` for every group and every range
/// proof system: `#[test] GROUP::SYSTEM::f`.
#[macro_export]
macro_rules! for_each_group_and_system {
    ($($test:ident),* $(,)?) => {
        $crate::for_each_system_on!(ristretto255, Ristretto255, $($test),*);
        $crate::for_each_system_on!(secp256k1, Secp256k1, $($test),*);
        $crate::for_each_system_on!(ed25519, Ed25519, $($test),*);
    };
}

/// [`for_each_group_and_system`] for one group: `#[test] $module::SYSTEM::f`.
#[macro_export]
macro_rules! for_each_system_on {
    ($module:ident, $group:ident, $($test:ident),*) => {
        mod $module {
            mod bulletproofs {
                $( #[test] fn $test() {
                    super::super::$test::<ballistic::$group, ballistic::RangeProof<ballistic::$group>>();
                } )*
            }
            mod bulletproofs_plus {
                $( #[test] fn $test() {
                    super::super::$test::<ballistic::$group, ballistic::RangeProofPlus<ballistic::$group>>();
                } )*
            }
        }
    };
}

use ballistic::group::Group;
use ballistic::merlin::Transcript;
use ballistic::RangeProofSystem;
use ballistic::{Generators, ProofError, RangeProof, RangeProofPlus};
use rand_chacha::ChaCha20Rng;

/// The range proof systems with what the adversarial tests need beyond
/// [`RangeProofSystem`] (the layout of their encodings), so every such test
/// is written once.
pub trait RangeSystem<G: Group>:
    RangeProofSystem<G> + PartialEq + serde::Serialize + for<'de> serde::Deserialize<'de>
{
    /// Encoded length with no inner-product rounds.
    fn base_len() -> usize;
    /// Byte offsets of the points in an encoding with `rounds` rounds.
    fn point_offsets(rounds: usize) -> Vec<usize>;
    /// Byte offsets of the scalars in an encoding with `rounds` rounds.
    fn scalar_offsets(rounds: usize) -> Vec<usize>;
    /// Decoding with the shape read from the length.
    fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError>;
    fn prove(
        gens: &Generators<G>,
        t: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut ChaCha20Rng,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        Self::prove_multiple_with_rng(gens, t, values, blindings, n, rng)
    }
}

impl<G: Group> RangeSystem<G> for RangeProof<G> {
    fn base_len() -> usize {
        4 * G::POINT_LEN + 5 * 32
    }
    fn point_offsets(rounds: usize) -> Vec<usize> {
        let p = G::POINT_LEN;
        (0..4).map(|i| i * p).chain((0..2 * rounds).map(|i| 4 * p + 3 * 32 + i * p)).collect()
    }
    fn scalar_offsets(rounds: usize) -> Vec<usize> {
        let p = G::POINT_LEN;
        let end = 4 * p + 3 * 32 + 2 * rounds * p;
        (0..3).map(|i| 4 * p + i * 32).chain([end, end + 32]).collect()
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        RangeProof::from_bytes(bytes)
    }
}

impl<G: Group> RangeSystem<G> for RangeProofPlus<G> {
    fn base_len() -> usize {
        3 * G::POINT_LEN + 3 * 32
    }
    fn point_offsets(rounds: usize) -> Vec<usize> {
        let p = G::POINT_LEN;
        (0..3 + 2 * rounds).map(|i| i * p).collect()
    }
    fn scalar_offsets(rounds: usize) -> Vec<usize> {
        let p = G::POINT_LEN;
        let end = (3 + 2 * rounds) * p;
        (0..3).map(|i| end + i * 32).collect()
    }
    fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        RangeProofPlus::from_bytes(bytes)
    }
}

/// A range proof of any system with its statement given as commitments and
/// bit size: what a node receives. [`verify_range_batch`] binds each to a
/// claim ([`ballistic::batch::Item`]), or a [`ballistic::batch::Refused`]
/// where the statement does not build, and verifies them together.
/// A range proof of any system behind a pointer (tests mixing systems).
pub type DynRange<G> = dyn ballistic::Verifiable<G, Statement = ballistic::RangeStatement<G>, Context = ballistic::merlin::Transcript>
    + Sync;

pub struct RangeItem<'a, G: ballistic::Group> {
    pub proof: &'a DynRange<G>,
    pub commitments: &'a [G::Compressed],
    pub bits: usize,
    pub transcript: ballistic::merlin::Transcript,
}

impl<G: ballistic::Group> Clone for RangeItem<'_, G> {
    fn clone(&self) -> Self {
        RangeItem {
            proof: self.proof,
            commitments: self.commitments,
            bits: self.bits,
            transcript: self.transcript.clone(),
        }
    }
}

pub fn verify_range_batch<G: ballistic::Group, R: rand::RngCore + rand::CryptoRng>(
    gens: &ballistic::Generators<G>,
    items: &[RangeItem<'_, G>],
    rng: &mut R,
) -> Result<(), ballistic::errors::BatchError> {
    let members: Vec<BatchItem<'_, G, DynRange<G>>> = items
        .iter()
        .map(|i| (ballistic::RangeStatement::new(i.bits, i.commitments), i.proof, i.transcript.clone()))
        .collect();
    batch_items(gens, &members, rng)
}

/// A batch member of a [`Verifiable`](ballistic::Verifiable) proof type:
/// its statement (or why it did not build), the proof and the transcript.
pub type BatchItem<'a, G, P> = (
    Result<<P as ballistic::Verifiable<G>>::Statement, ballistic::ProofError>,
    &'a P,
    <P as ballistic::Verifiable<G>>::Context,
);

/// `ballistic::batch::verify` over `members` (a `Refused` member where the
/// statement did not build).
pub fn batch_items<G, P, R>(
    gens: &ballistic::Generators<G>,
    members: &[BatchItem<'_, G, P>],
    rng: &mut R,
) -> Result<(), ballistic::errors::BatchError>
where
    G: ballistic::Group,
    P: ballistic::Verifiable<G> + Sync + ?Sized,
    P::Statement: Sync,
    P::Context: Clone + Sync,
    R: rand::RngCore + rand::CryptoRng,
{
    use ballistic::batch::{Claim, Item, Refused};
    let bound: Vec<Result<Item<'_, G, P>, Refused>> = members
        .iter()
        .map(|(s, p, c)| match s {
            Ok(s) => Ok(Item::new(*p, s, c.clone())),
            Err(e) => Err(Refused(e.clone())),
        })
        .collect();
    let claims: Vec<&dyn Claim<G>> = bound
        .iter()
        .map(|b| match b {
            Ok(item) => item as &dyn Claim<G>,
            Err(refused) => refused as &dyn Claim<G>,
        })
        .collect();
    verify_claims(gens, &claims, rng)
}

std::thread_local! {
    static WEIGHT_PROBE: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Run `f` with every claim that reaches [`verify_claims`] (or a circuit
/// batch's verifiers) on this thread first checked by [`check_weight_with`]
/// (libtest runs each test on its own thread); returns `f`'s result and how
/// many members were checked.
pub fn with_weight_probe<T>(f: impl FnOnce() -> T) -> (T, usize) {
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            WEIGHT_PROBE.with(|p| p.set(None));
        }
    }
    WEIGHT_PROBE.with(|p| p.set(Some(0)));
    let _reset = Reset;
    let out = f();
    (out, WEIGHT_PROBE.with(|p| p.get()).unwrap_or(0))
}

/// Whether this thread is under [`with_weight_probe`].
pub fn probing_weights() -> bool {
    WEIGHT_PROBE.with(|p| p.get()).is_some()
}

/// `ballistic::batch::verify` over `claims` (each checked by
/// [`check_weight`] first under [`with_weight_probe`]).
pub fn verify_claims<G, R>(
    gens: &ballistic::Generators<G>,
    claims: &[&dyn ballistic::batch::Claim<G>],
    rng: &mut R,
) -> Result<(), ballistic::errors::BatchError>
where
    G: ballistic::Group,
    R: rand::RngCore + rand::CryptoRng,
{
    if probing_weights() {
        for (i, claim) in claims.iter().enumerate() {
            check_weight(gens, *claim, &format!("member {i}"));
        }
    }
    ballistic::batch::verify(gens, claims, rng)
}

/// [`check_weight_with`] for a batch claim's `add_terms`.
pub fn check_weight<G: ballistic::Group>(
    gens: &ballistic::Generators<G>,
    claim: &dyn ballistic::batch::Claim<G>,
    what: &str,
) {
    use ballistic::group::ScalarOps;
    check_weight_with::<G>(what, |w, c, times| {
        let mut eq = ballistic::Equation::new();
        for _ in 0..times {
            claim.add_terms(G::Scalar::from_u64(w), G::Scalar::from_u64(c), &mut eq)?;
        }
        Ok(eq.sum(gens).expect("the generators cover the claim"))
    });
}

/// A member's equation is linear in its weight, the property a batch rests
/// on (each proof's equation, times an independent random weight, summed
/// into one): with `S(w, c)` the sum of the terms the member adds at weight
/// `w` (`sum(w, c, 1)`; `c` joins the proof's own checks),
/// `S(2w, c) = 2·S(w, c)`, and adding the terms twice into one equation
/// (`sum(w, c, 2)`) gives the same. The verdict (`S = 0`) does not depend
/// on `c`. A member refused before its terms (decoding, shape) is refused
/// the same way every time. A mutant that drops or replaces the weight in
/// one term (`combine + weight` for `combine·weight`) changes no single
/// verdict but breaks the sum for a proof whose failing check holds that
/// term. Counted for [`with_weight_probe`].
pub fn check_weight_with<G: ballistic::Group>(
    what: &str,
    sum: impl Fn(u64, u64, usize) -> Result<G::Point, ballistic::ProofError>,
) {
    WEIGHT_PROBE.with(|p| p.set(p.get().map(|n| n + 1)));
    let once = sum(3, 7, 1);
    let Ok(once) = once else {
        for (w, c, t) in [(6, 7, 1), (3, 7, 2), (3, 11, 1)] {
            assert_eq!(sum(w, c, t).err(), once.clone().err(), "{what}: refused, then not");
        }
        return;
    };
    let double = sum(6, 7, 1).unwrap();
    assert_eq!(double, once + once, "{what}: S(2w, c) ≠ 2·S(w, c)");
    assert_eq!(sum(3, 7, 2).unwrap(), double, "{what}: the terms added twice ≠ S(2w, c)");
    let other = sum(3, 11, 1).unwrap();
    assert_eq!(once == G::identity(), other == G::identity(), "{what}: the verdict depends on c");
}

/// The group order plus `k` (little-endian): the smallest non-canonical
/// scalar encodings.
pub fn order_plus<G: Group>(k: u8) -> [u8; 32] {
    let mut l = match G::NAME {
        "ristretto255" | "ed25519" => [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ],
        "secp256k1" => {
            let mut n = hex::decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141").unwrap();
            n.reverse();
            n.try_into().unwrap()
        }
        "secq256k1" => {
            let mut p = hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap();
            p.reverse();
            p.try_into().unwrap()
        }
        other => panic!("no group order for {other}"),
    };
    l[0] += k;
    l
}

/// Values just outside `[lo, hi]` and at the far ends of `u64` outside it.
pub fn outside(lo: u64, hi: u64) -> Vec<u64> {
    let mut outside = Vec::new();
    if lo > 0 {
        outside.extend([lo - 1, 0]);
    }
    if hi < u64::MAX {
        outside.extend([hi + 1, u64::MAX]);
    }
    outside
}

/// `generators_needed() = (chains, per_chain)` is exact: `verify` succeeds
/// with those generators and is refused as insufficient with one chain or
/// one generator per chain fewer (where that is still at least one).
pub fn assert_generators_exact<G: ballistic::Group>(
    chains: usize,
    per_chain: usize,
    what: &str,
    mut verify: impl FnMut(&ballistic::Generators<G>) -> Result<(), ballistic::ProofError>,
) {
    verify(&ballistic::Generators::new(per_chain, chains)).unwrap_or_else(|e| panic!("{what}: {e}"));
    for (c, p) in [(chains - 1, per_chain), (chains, per_chain - 1)] {
        if c == 0 || p == 0 {
            continue;
        }
        assert!(
            matches!(
                verify(&ballistic::Generators::new(p, c)),
                Err(ballistic::ProofError::InsufficientGenerators { .. })
            ),
            "{what}: {c} chains of {p}"
        );
    }
}
