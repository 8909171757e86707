//! Interval proofs `lo ≤ v ≤ hi` over every range system, on every group.

use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::{
    new_transcript_with_extra, Ed25519, Interval, IntervalProof, IntervalStatement, ProofError, RangeSystem,
    Ristretto255, Secp256k1, Secq256k1, Verifiable,
};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::range::{commitment_mutations, range_gens, range_layout, transcript_mutations};
use super::{batch_items, failed, kind_tests, BatchItem, Expect, Flips, Kind, Layout, Mutation};

#[derive(Clone, Debug)]
pub struct IntervalDesc<G: Group> {
    pub lo: u64,
    pub hi: u64,
    /// One commitment (a vector for the shared commitment mutations).
    pub commitments: Vec<G::Compressed>,
    pub label: Vec<u8>,
    pub extra: Vec<u8>,
}

pub struct IntervalKind<G: Group> {
    pub system: RangeSystem,
    pub lo: u64,
    pub hi: u64,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> IntervalKind<G> {
    pub fn new(system: RangeSystem, lo: u64, hi: u64) -> Self {
        IntervalKind { system, lo, hi, _group: core::marker::PhantomData }
    }

    fn statement(d: &IntervalDesc<G>) -> Result<IntervalStatement<G>, ProofError> {
        let commitment = d.commitments.first().ok_or(ProofError::WrongNumCommitments { expected: 1, got: 0 })?;
        IntervalStatement::new(&range_gens::<G>(), Interval::new(d.lo, d.hi)?, commitment)
    }

    /// What a verifier of `[lo, hi]` says to bytes `got` long.
    fn expect_interval(&self, lo: u64, hi: u64, got: usize) -> Expect {
        match Interval::new(lo, hi).and_then(|iv| self.system.interval_encoded_len::<G>(iv)) {
            Err(e) => Expect::Is(e),
            Ok(len) if len == got => failed(),
            Ok(expected) => Expect::Is(ProofError::WrongLength { expected, got }),
        }
    }
}

impl<G: Group> Kind for IntervalKind<G> {
    type Desc = IntervalDesc<G>;
    type Proof = IntervalProof<G>;

    fn name(&self) -> String {
        format!("interval {} {} [{}, {}]", self.system.name(), G::NAME, self.lo, self.hi)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (IntervalDesc<G>, Vec<u8>) {
        let value = match i {
            0 => self.lo,
            1 => self.hi,
            _ => rng.gen_range(self.lo..=self.hi),
        };
        let label = b"conformance interval".to_vec();
        let extra = format!("interval extra {i}").into_bytes();
        let blinding = G::Scalar::random(rng);
        let interval = Interval::new(self.lo, self.hi).unwrap();
        let mut t = new_transcript_with_extra(&label, &extra);
        let (proof, c) =
            self.system.prove_interval::<G, _>(&range_gens::<G>(), &mut t, value, &blinding, interval, rng).unwrap();
        (IntervalDesc { lo: self.lo, hi: self.hi, commitments: vec![c], label, extra }, proof.to_bytes())
    }

    fn decode(&self, d: &IntervalDesc<G>, bytes: &[u8]) -> Result<IntervalProof<G>, ProofError> {
        IntervalProof::from_bytes_for(self.system, bytes, Interval::new(d.lo, d.hi)?)
    }

    fn encode(&self, p: &IntervalProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &IntervalDesc<G>, p: &IntervalProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        let statement = Self::statement(d)?;
        p.verify(&range_gens::<G>(), &statement, &mut new_transcript_with_extra(&d.label, &d.extra), rng)
    }

    fn batch(&self, items: &[(&IntervalDesc<G>, &IntervalProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let members: Vec<BatchItem<'_, G, IntervalProof<G>>> = items
            .iter()
            .map(|(d, p)| (Self::statement(d), *p, new_transcript_with_extra(&d.label, &d.extra)))
            .collect();
        batch_items(&range_gens::<G>(), &members, rng)
    }

    fn layout(&self, d: &IntervalDesc<G>) -> Layout {
        let interval = Interval::new(d.lo, d.hi).unwrap();
        range_layout::<G>(self.system, interval.bits(), interval.values(), false)
    }

    fn flips(&self) -> Flips {
        Flips::for_group::<G>()
    }

    fn mutations(&self, d: &IntervalDesc<G>, other: &IntervalDesc<G>) -> Vec<Mutation<IntervalDesc<G>>> {
        let len = self.layout(d).len();
        let mut out = commitment_mutations::<G, _>(d, other, |d| &mut d.commitments);
        let (lo, hi) = (d.lo, d.hi);
        let width = hi - lo;
        // The same width shifted (the same inner shape), narrower, wider,
        // exactly 2^n wide (one inner value), far wider, empty.
        for (l, h) in [
            (lo + 1, hi + 1),
            (lo - 1, hi - 1),
            (lo + 1, hi),
            (lo, hi - 1),
            (lo - 1, hi),
            (lo, hi + 1),
            (lo, lo + width.next_power_of_two() - 1),
            (lo, lo + 2 * width),
            (0, u64::MAX),
            (hi, lo),
        ] {
            if (l, h) == (lo, hi) {
                continue;
            }
            let mut x = d.clone();
            x.lo = l;
            x.hi = h;
            out.push(Mutation::new(format!("interval [{l}, {h}]"), x, self.expect_interval(l, h, len)));
        }
        out.extend(transcript_mutations(d, |d| (&mut d.label, &mut d.extra)));
        out
    }
}

kind_tests! {
    interval_bp_ristretto255 => IntervalKind::<Ristretto255>::new(RangeSystem::Bulletproofs, 1000, 1200);
    interval_bp_secp256k1 => IntervalKind::<Secp256k1>::new(RangeSystem::Bulletproofs, 1000, 1200);
    interval_bp_ed25519 => IntervalKind::<Ed25519>::new(RangeSystem::Bulletproofs, 1000, 1200);
    interval_bp_plus_ristretto255 => IntervalKind::<Ristretto255>::new(RangeSystem::BulletproofsPlus, 1000, 1200);
    interval_bp_plus_secp256k1 => IntervalKind::<Secp256k1>::new(RangeSystem::BulletproofsPlus, 1000, 1200);
    interval_bp_plus_ed25519 => IntervalKind::<Ed25519>::new(RangeSystem::BulletproofsPlus, 1000, 1200);
    interval_bp_pp_ristretto255 => IntervalKind::<Ristretto255>::new(RangeSystem::BulletproofsPlusPlus, 1000, 1200);
    interval_bp_pp_secp256k1 => IntervalKind::<Secp256k1>::new(RangeSystem::BulletproofsPlusPlus, 1000, 1200);
    interval_bp_pp_ed25519 => IntervalKind::<Ed25519>::new(RangeSystem::BulletproofsPlusPlus, 1000, 1200);
    interval_bp_plus_secq256k1 => IntervalKind::<Secq256k1>::new(RangeSystem::BulletproofsPlus, 1000, 1200);
    interval_exact_bp_plus_ristretto255 => IntervalKind::<Ristretto255>::new(RangeSystem::BulletproofsPlus, 256, 511);
}
