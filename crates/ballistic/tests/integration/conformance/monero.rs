//! Monero's Bulletproofs and Bulletproofs+ (Ed25519), decoded strictly
//! (ballistic's default) and in Monero's consensus mode.

use ballistic::compat::monero::{
    h, original_generators, plus_generators, MoneroConsensus, MoneroOriginalProof, MoneroPlusProof, MoneroStatement,
};
use ballistic::curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use ballistic::curve25519_dalek::traits::Identity;
use ballistic::errors::BatchError;
use ballistic::group::{Ed25519, Group, ScalarOps};
use ballistic::{Generators, ProofError, Verifiable};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::{batch_items, failed, kind_tests, BatchItem, Expect, Flips, Kind, Layout, Mutation, Validity};

/// The two Monero formats behind one interface.
pub trait MoneroFormat:
    Verifiable<Ed25519, Statement = MoneroStatement, Context = ()> + Sync + Sized + 'static
{
    const NAME: &'static str;
    fn prove(
        amounts: &[u64],
        masks: &[ballistic::curve25519_dalek::Scalar],
        rng: &mut ChaCha20Rng,
    ) -> (Self, Vec<CompressedEdwardsY>);
    fn from_bytes_with(bytes: &[u8], consensus: MoneroConsensus) -> Result<Self, ProofError>;
    fn to_bytes(&self) -> Vec<u8>;
    fn gens() -> &'static Generators<Ed25519>;
    /// The fields of a proof of `rounds` rounds, points checked by `point`.
    fn layout(rounds: usize, point: fn(&[u8]) -> bool) -> Layout;
}

fn points(mut l: Layout, name: &str, count: usize, point: fn(&[u8]) -> bool) -> Layout {
    for i in 0..count {
        l = l.field(format!("{name}[{i}]"), 32, true, Box::new(point) as Validity);
    }
    l
}

/// A length byte: any change is refused while decoding (a length outside
/// `6..=10`, `|L| ≠ |R|`, or the bytes left).
fn length_byte(l: Layout, name: &str) -> Layout {
    l.field(name, 1, false, Box::new(|_| false))
}

impl MoneroFormat for MoneroPlusProof {
    const NAME: &'static str = "monero bp+";
    fn prove(
        a: &[u64],
        m: &[ballistic::curve25519_dalek::Scalar],
        rng: &mut ChaCha20Rng,
    ) -> (Self, Vec<CompressedEdwardsY>) {
        MoneroPlusProof::prove(a, m, rng).unwrap()
    }
    fn from_bytes_with(bytes: &[u8], consensus: MoneroConsensus) -> Result<Self, ProofError> {
        MoneroPlusProof::from_bytes_with(bytes, consensus)
    }
    fn to_bytes(&self) -> Vec<u8> {
        MoneroPlusProof::to_bytes(self)
    }
    fn gens() -> &'static Generators<Ed25519> {
        plus_generators()
    }
    fn layout(rounds: usize, point: fn(&[u8]) -> bool) -> Layout {
        let l = points(Layout::new(), "A A1 B", 3, point).scalars::<Ed25519>("r' s' δ'", 3);
        let l = points(length_byte(l, "|L|"), "L", rounds, point);
        points(length_byte(l, "|R|"), "R", rounds, point)
    }
}

impl MoneroFormat for MoneroOriginalProof {
    const NAME: &'static str = "monero bp";
    fn prove(
        a: &[u64],
        m: &[ballistic::curve25519_dalek::Scalar],
        rng: &mut ChaCha20Rng,
    ) -> (Self, Vec<CompressedEdwardsY>) {
        MoneroOriginalProof::prove(a, m, rng).unwrap()
    }
    fn from_bytes_with(bytes: &[u8], consensus: MoneroConsensus) -> Result<Self, ProofError> {
        MoneroOriginalProof::from_bytes_with(bytes, consensus)
    }
    fn to_bytes(&self) -> Vec<u8> {
        MoneroOriginalProof::to_bytes(self)
    }
    fn gens() -> &'static Generators<Ed25519> {
        original_generators()
    }
    fn layout(rounds: usize, point: fn(&[u8]) -> bool) -> Layout {
        let l = points(Layout::new(), "A S T1 T2", 4, point).scalars::<Ed25519>("τ_x μ", 2);
        let l = points(length_byte(l, "|L|"), "L", rounds, point);
        points(length_byte(l, "|R|"), "R", rounds, point).scalars::<Ed25519>("a b t̂", 3)
    }
}

/// Strictly: a canonical encoding of a non-identity point of the
/// prime-order subgroup.
fn strict_point(bytes: &[u8]) -> bool {
    ballistic::hazmat::decode_point::<Ed25519>(bytes).is_some_and(|p| !Ed25519::is_identity_vartime(&p.point))
}

/// Monero's rule: the canonical encoding of any curve point.
fn consensus_point(bytes: &[u8]) -> bool {
    let c = CompressedEdwardsY::from_slice(bytes).unwrap();
    c.decompress().is_some_and(|p| p.compress() == c)
}

/// The point of order 2, `(0, −1)`.
fn order_two() -> EdwardsPoint {
    let mut y = [0xffu8; 32];
    y[0] = 0xec;
    y[31] = 0x7f;
    CompressedEdwardsY(y).decompress().unwrap()
}

#[derive(Clone, Debug)]
pub struct MoneroDesc {
    pub commitments: Vec<CompressedEdwardsY>,
}

pub struct MoneroKind<P> {
    pub m: usize,
    pub consensus: MoneroConsensus,
    _format: core::marker::PhantomData<fn() -> P>,
}

impl<P> MoneroKind<P> {
    pub fn new(m: usize, consensus: MoneroConsensus) -> Self {
        MoneroKind { m, consensus, _format: core::marker::PhantomData }
    }
}

impl<P: MoneroFormat> Kind for MoneroKind<P> {
    type Desc = MoneroDesc;
    type Proof = P;

    fn name(&self) -> String {
        format!("{} {} ed25519 m={}", P::NAME, self.consensus.name(), self.m)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (MoneroDesc, Vec<u8>) {
        let amounts: Vec<u64> = (0..self.m).map(|j| if i == j { u64::MAX } else { rng.gen() }).collect();
        let masks: Vec<_> =
            (0..self.m).map(|_| <ballistic::curve25519_dalek::Scalar as ScalarOps>::random(rng)).collect();
        let (proof, commitments) = P::prove(&amounts, &masks, rng);
        (MoneroDesc { commitments }, proof.to_bytes())
    }

    fn decode(&self, _: &MoneroDesc, bytes: &[u8]) -> Result<P, ProofError> {
        P::from_bytes_with(bytes, self.consensus)
    }

    fn encode(&self, p: &P) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &MoneroDesc, p: &P, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        let statement = MoneroStatement::with_consensus(&d.commitments, self.consensus)?;
        p.verify(P::gens(), &statement, &mut (), rng)
    }

    fn batch(&self, items: &[(&MoneroDesc, &P)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let members: Vec<BatchItem<'_, Ed25519, P>> = items
            .iter()
            .map(|(d, p)| (MoneroStatement::with_consensus(&d.commitments, self.consensus), *p, ()))
            .collect();
        batch_items(P::gens(), &members, rng)
    }

    fn layout(&self, d: &MoneroDesc) -> Layout {
        let rounds = 6 + d.commitments.len().next_power_of_two().trailing_zeros() as usize;
        let point = match self.consensus {
            MoneroConsensus::Strict => strict_point,
            MoneroConsensus::Monero => consensus_point,
        };
        P::layout(rounds, point)
    }

    fn mutations(&self, d: &MoneroDesc, other: &MoneroDesc) -> Vec<Mutation<MoneroDesc>> {
        let m = d.commitments.len();
        let strict = self.consensus == MoneroConsensus::Strict;
        let mut out = Vec::new();
        let with = |what: String, f: &dyn Fn(&mut MoneroDesc), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        let add = |c: &CompressedEdwardsY, p: EdwardsPoint| (c.decompress().unwrap() + p).compress();
        for j in 0..m {
            let refused = |strict_only: bool| {
                if strict || !strict_only {
                    Expect::Is(ProofError::InvalidCommitment { index: j })
                } else {
                    failed()
                }
            };
            out.push(with(
                format!("commitment {j} of another statement"),
                &|x| x.commitments[j] = other.commitments[j % other.commitments.len()],
                failed(),
            ));
            out.push(with(
                format!("commitment {j} plus H"),
                &|x| x.commitments[j] = add(&x.commitments[j], h()),
                failed(),
            ));
            out.push(with(
                format!("commitment {j} plus a point of order 2"),
                &|x| x.commitments[j] = add(&x.commitments[j], order_two()),
                refused(true),
            ));
            out.push(with(
                format!("commitment {j} the identity"),
                &|x| x.commitments[j] = EdwardsPoint::identity().compress(),
                refused(true),
            ));
            out.push(with(
                format!("commitment {j} not a point"),
                &|x| x.commitments[j] = CompressedEdwardsY([0xff; 32]),
                refused(false),
            ));
        }
        if m >= 2 {
            out.push(with("commitments swapped".into(), &|x| x.commitments.swap(0, m - 1), failed()));
            out.push(with("one output fewer".into(), &|x| x.commitments.truncate(m - 1), failed()));
        }
        out.push(with("one output more".into(), &|x| x.commitments.push(other.commitments[0]), failed()));
        let shape = |got| Expect::Is(ProofError::UnsupportedShape { format: "Monero", reason: "1 to 16 outputs", got });
        out.push(with("no outputs".into(), &|x| x.commitments.clear(), shape(0)));
        out.push(with("17 outputs".into(), &|x| x.commitments = vec![other.commitments[0]; 17], shape(17)));
        out
    }

    /// Every flip for one output; the low bit everywhere for two.
    fn flips(&self) -> Flips {
        if self.m == 1 {
            Flips::Every
        } else {
            Flips::LowBitEverywhere
        }
    }
}

kind_tests! {
    monero_bp_plus_strict => MoneroKind::<MoneroPlusProof>::new(1, MoneroConsensus::Strict);
    monero_bp_plus_consensus => MoneroKind::<MoneroPlusProof>::new(1, MoneroConsensus::Monero);
    monero_bp_plus_strict_two => MoneroKind::<MoneroPlusProof>::new(2, MoneroConsensus::Strict);
    monero_bp_strict => MoneroKind::<MoneroOriginalProof>::new(1, MoneroConsensus::Strict);
    monero_bp_consensus => MoneroKind::<MoneroOriginalProof>::new(1, MoneroConsensus::Monero);
    monero_bp_strict_two => MoneroKind::<MoneroOriginalProof>::new(2, MoneroConsensus::Strict);
}
