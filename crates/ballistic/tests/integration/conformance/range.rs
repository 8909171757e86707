//! Range proofs: Bulletproofs, Bulletproofs+ and Bulletproofs++, plain and
//! with owner recovery, on every group.

use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::hazmat::{schedule, Folding};
use ballistic::range::{message_capacity, AnyRangeProof, PlusPlusShape, MAX_OUTPUT_ID};
use ballistic::{
    new_transcript_with_extra, verify_dyn, Ed25519, ProofError, RangeShape, RangeStatement, RangeSystem, RecoveryKey,
    Ristretto255, Secp256k1, Secq256k1,
};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::{batch_items, failed, gens, kind_tests, BatchItem, Expect, Flips, Kind, Layout, Mutation};

/// Generators every range statement here (and its mutations) fits.
pub fn range_gens<G: Group>() -> std::sync::Arc<ballistic::Generators<G>> {
    gens::<G>(64, 8)
}

/// The owner-recovery key of a recoverable proof and the message it carries.
#[derive(Clone, Debug)]
pub struct Key {
    pub seed: [u8; 32],
    pub id: Vec<u8>,
    pub message: Vec<u8>,
}

/// A range statement as data.
#[derive(Clone, Debug)]
pub struct RangeDesc<G: Group> {
    pub n: usize,
    pub commitments: Vec<G::Compressed>,
    pub label: Vec<u8>,
    pub extra: Vec<u8>,
    pub key: Option<Key>,
}

/// `system`'s proofs of `m` values of `n` bits on `G` (with owner
/// recovery if `recoverable`).
pub struct RangeKind<G: Group> {
    pub system: RangeSystem,
    pub n: usize,
    pub m: usize,
    pub recoverable: bool,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> RangeKind<G> {
    pub fn new(system: RangeSystem, n: usize, m: usize, recoverable: bool) -> Self {
        RangeKind { system, n, m, recoverable, _group: core::marker::PhantomData }
    }
}

/// `c + B`: the commitment to the value plus one, same blinding.
pub fn bumped<G: Group>(c: &G::Compressed) -> G::Compressed {
    let b = range_gens::<G>().pedersen().b;
    G::compress(&(G::decompress(c).expect("a valid commitment") + b))
}

/// A point encoding that is no point (all bytes `0xff`).
pub fn invalid_point<G: Group>() -> G::Compressed {
    G::compressed_from_slice(&vec![0xff; G::POINT_LEN]).expect("a compressed value")
}

pub fn identity<G: Group>() -> G::Compressed {
    G::compress(&G::identity())
}

/// The layout of a range proof of `system` for `m` values of `n` bits.
pub fn range_layout<G: Group>(system: RangeSystem, n: usize, m: usize, sealed: bool) -> Layout {
    match system {
        RangeSystem::Bulletproofs => {
            let rounds = RangeShape::new(n, m).unwrap().rounds();
            Layout::new().points::<G>("A S T1 T2", 4).scalars::<G>("t_x τ_x μ", 3).ipp::<G>(rounds)
        }
        RangeSystem::BulletproofsPlus => {
            let rounds = RangeShape::new(n, m).unwrap().rounds();
            let mut l = Layout::new().points::<G>("A A1 B", 3);
            for k in 0..rounds {
                l = l.points::<G>(&format!("L{k}"), 1).points::<G>(&format!("R{k}"), 1);
            }
            l.scalars::<G>("r' s' δ'", 3)
        }
        RangeSystem::BulletproofsPlusPlus => {
            let shape = PlusPlusShape::new(n, m).unwrap();
            let (rounds, fin_n, fin_l) = schedule(shape.witness_len(), 6, Folding::Shortest);
            let mut l = Layout::new().points::<G>("M D R S", 4);
            for k in 0..rounds {
                l = l.points::<G>(&format!("X{k}"), 1).points::<G>(&format!("R{k}"), 1);
            }
            l = l.scalars::<G>("n", fin_n).scalars::<G>("l", fin_l);
            if sealed {
                l = l.opaque("sealed payload", 48);
            }
            l
        }
    }
}

impl<G: Group> RangeKind<G> {
    /// What a verifier of `(n, m)` says to this kind's honest bytes (`got`
    /// long): a length error, or the equation's refusal where the bytes
    /// have the length of a proof of `(n, m)` (Bulletproofs++ reads a
    /// recoverable proof's bytes as a plain proof when they are 48 bytes
    /// longer than its shape's).
    fn expect_shape(&self, n: usize, m: usize, got: usize) -> Expect {
        match self.system.encoded_len::<G>(n, m) {
            Err(e) => Expect::Is(e),
            Ok(plain) => {
                let sealed = self.recoverable && self.system == RangeSystem::BulletproofsPlusPlus;
                if plain == got || (sealed && plain + 48 == got) {
                    failed()
                } else {
                    Expect::Is(ProofError::WrongLength { expected: plain, got })
                }
            }
        }
    }
}

impl<G: Group> Kind for RangeKind<G> {
    type Desc = RangeDesc<G>;
    type Proof = AnyRangeProof<G>;

    fn name(&self) -> String {
        let r = if self.recoverable { " recoverable" } else { "" };
        format!("{}{r} {} n={} m={}", self.system.name(), G::NAME, self.n, self.m)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (RangeDesc<G>, Vec<u8>) {
        let gens = range_gens::<G>();
        let max = RangeShape::new(self.n, self.m).unwrap().max_value();
        let values: Vec<u64> = (0..self.m).map(|j| if i == j { max } else { rng.gen::<u64>() & max }).collect();
        let label = b"conformance range".to_vec();
        let extra = format!("extra data {i}").into_bytes();
        let mut t = new_transcript_with_extra(&label, &extra);
        let (proof, commitments, key) = if self.recoverable {
            let seed: [u8; 32] = rng.gen();
            let id = format!("output {i}").into_bytes();
            let message: Vec<u8> = (0..message_capacity(self.m).unwrap().min(5 + i)).map(|_| rng.gen()).collect();
            let (p, c, _) = self
                .system
                .prove_recoverable::<G>(&gens, &mut t, &values, self.n, RecoveryKey::new(&seed, &id), &message)
                .unwrap();
            (p, c, Some(Key { seed, id, message }))
        } else {
            let blindings: Vec<G::Scalar> = (0..self.m).map(|_| G::Scalar::random(rng)).collect();
            let (p, c) = self.system.prove::<G, _>(&gens, &mut t, &values, &blindings, self.n, rng).unwrap();
            (p, c, None)
        };
        (RangeDesc { n: self.n, commitments, label, extra, key }, proof.to_bytes())
    }

    fn decode(&self, d: &RangeDesc<G>, bytes: &[u8]) -> Result<AnyRangeProof<G>, ProofError> {
        self.system.decode::<G>(bytes, d.n, d.commitments.len())
    }

    fn encode(&self, p: &AnyRangeProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &RangeDesc<G>, p: &AnyRangeProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        let gens = range_gens::<G>();
        let statement = RangeStatement::new(d.n, &d.commitments)?;
        verify_dyn(&gens, p, &statement, &mut new_transcript_with_extra(&d.label, &d.extra), rng)?;
        if let Some(key) = &d.key {
            let mut t = new_transcript_with_extra(&d.label, &d.extra);
            let recovered = p.recover(&gens, &mut t, &d.commitments, d.n, RecoveryKey::new(&key.seed, &key.id))?;
            // Never a wrong opening: what recovers is what was proved.
            assert_eq!(&recovered.message[..], &key.message[..], "recovered another message");
            assert_eq!(recovered.openings.len(), d.commitments.len());
        }
        Ok(())
    }

    fn batch(&self, items: &[(&RangeDesc<G>, &AnyRangeProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let members: Vec<BatchItem<'_, G, AnyRangeProof<G>>> = items
            .iter()
            .map(|(d, p)| (RangeStatement::new(d.n, &d.commitments), *p, new_transcript_with_extra(&d.label, &d.extra)))
            .collect();
        batch_items(&range_gens::<G>(), &members, rng)
    }

    fn layout(&self, d: &RangeDesc<G>) -> Layout {
        let sealed = d.key.is_some() && self.system == RangeSystem::BulletproofsPlusPlus;
        range_layout::<G>(self.system, d.n, d.commitments.len(), sealed)
    }

    fn flips(&self) -> Flips {
        Flips::for_group::<G>()
    }

    fn mutations(&self, d: &RangeDesc<G>, other: &RangeDesc<G>) -> Vec<Mutation<RangeDesc<G>>> {
        let len = self.layout(d).len();
        let m = d.commitments.len();
        let mut out = commitment_mutations::<G, _>(d, other, |d| &mut d.commitments);
        // Shapes: another n (the same padded length where there is one),
        // n out of range, another m.
        for n in [d.n - 1, d.n + 1, 2 * d.n, 64] {
            let mut x = d.clone();
            x.n = n;
            out.push(Mutation::new(format!("n = {n}"), x, self.expect_shape(n, m, len)));
        }
        for n in [0usize, 65] {
            let mut x = d.clone();
            x.n = n;
            out.push(Mutation::new(format!("n = {n}"), x, Expect::Is(ProofError::InvalidBitsize { bits: n })));
        }
        let mut fewer = d.clone();
        fewer.commitments.pop();
        let expect = if fewer.commitments.is_empty() {
            Expect::Is(ProofError::InvalidAggregation { values: 0 })
        } else {
            self.expect_shape(d.n, m - 1, len)
        };
        out.push(Mutation::new("one commitment fewer", fewer, expect));
        let mut more = d.clone();
        more.commitments.push(other.commitments[0]);
        out.push(Mutation::new("one commitment more", more, self.expect_shape(d.n, m + 1, len)));
        let mut padded = d.clone();
        padded.commitments.push(super::range::identity::<G>());
        out.push(Mutation::new("an identity commitment more", padded, self.expect_shape(d.n, m + 1, len)));
        let mut many = d.clone();
        many.commitments = vec![d.commitments[0]; 65];
        out.push(Mutation::new("65 commitments", many, Expect::Is(ProofError::InvalidAggregation { values: 65 })));
        out.extend(transcript_mutations(d, |d| (&mut d.label, &mut d.extra)));
        if let Some(key) = &d.key {
            let with_key = |what: &str, f: &dyn Fn(&mut Key), expect: Expect| {
                let mut x = d.clone();
                f(x.key.as_mut().unwrap());
                Mutation::new(what, x, expect)
            };
            let recovery = || Expect::Is(ProofError::RecoveryFailed);
            out.push(with_key("recovery seed changed", &|k| k.seed[0] ^= 1, recovery()));
            out.push(with_key(
                "recovery seed of another output",
                &|k| k.seed = other.key.as_ref().unwrap().seed,
                recovery(),
            ));
            out.push(with_key("output id changed", &|k| k.id.push(b'x'), recovery()));
            out.push(with_key(
                "output id of another output",
                &|k| k.id = other.key.as_ref().unwrap().id.clone(),
                recovery(),
            ));
            out.push(with_key(
                "output id empty",
                &|k| k.id.clear(),
                Expect::Is(ProofError::InvalidOutputId { len: 0, max: MAX_OUTPUT_ID }),
            ));
            out.push(with_key(
                "output id too long",
                &|k| k.id = vec![7; MAX_OUTPUT_ID + 1],
                Expect::Is(ProofError::InvalidOutputId { len: MAX_OUTPUT_ID + 1, max: MAX_OUTPUT_ID }),
            ));
            let _ = key;
        }
        out
    }
}

/// Each commitment replaced by another instance's, by itself plus `B`, by
/// the identity and by an invalid encoding; the first two swapped.
pub fn commitment_mutations<G: Group, D: Clone>(
    d: &D,
    other: &D,
    commitments: impl Fn(&mut D) -> &mut Vec<G::Compressed>,
) -> Vec<Mutation<D>> {
    let mut out = Vec::new();
    let mut probe = d.clone();
    let m = commitments(&mut probe).len();
    let theirs = commitments(&mut other.clone()).clone();
    for j in 0..m {
        let change = |what: String, f: &dyn Fn(&mut G::Compressed), expect: Expect| {
            let mut x = d.clone();
            f(&mut commitments(&mut x)[j]);
            Mutation::new(what, x, expect)
        };
        out.push(change(format!("commitment {j} of another statement"), &|c| *c = theirs[j % theirs.len()], failed()));
        out.push(change(format!("commitment {j} plus B"), &|c| *c = bumped::<G>(c), failed()));
        out.push(change(format!("commitment {j} the identity"), &|c| *c = identity::<G>(), failed()));
        out.push(change(
            format!("commitment {j} not a point"),
            &|c| *c = invalid_point::<G>(),
            Expect::Is(ProofError::InvalidCommitment { index: j }),
        ));
    }
    if m >= 2 {
        let mut x = d.clone();
        commitments(&mut x).swap(0, m - 1);
        out.push(Mutation::new(format!("commitments 0 and {} swapped", m - 1), x, failed()));
    }
    out
}

/// The transcript's label and extra data changed, emptied or swapped.
pub fn transcript_mutations<D: Clone>(
    d: &D,
    fields: impl Fn(&mut D) -> (&mut Vec<u8>, &mut Vec<u8>),
) -> Vec<Mutation<D>> {
    let mut out = Vec::new();
    type Edit = fn(&mut Vec<u8>, &mut Vec<u8>);
    let edits: [(&str, Edit); 5] = [
        ("label changed", |l, _| l[0] ^= 1),
        ("label extended", |l, _| l.push(b'!')),
        ("extra data changed", |_, e| *e.last_mut().unwrap() ^= 1),
        ("extra data removed", |_, e| e.clear()),
        ("label and extra data swapped", |l, e| std::mem::swap(l, e)),
    ];
    for (what, edit) in edits {
        let mut x = d.clone();
        let (l, e) = fields(&mut x);
        edit(l, e);
        out.push(Mutation::new(what, x, failed()));
    }
    out
}

kind_tests! {
    bp_ristretto255 => RangeKind::<Ristretto255>::new(RangeSystem::Bulletproofs, 8, 2, false);
    bp_secp256k1 => RangeKind::<Secp256k1>::new(RangeSystem::Bulletproofs, 8, 2, false);
    bp_ed25519 => RangeKind::<Ed25519>::new(RangeSystem::Bulletproofs, 8, 2, false);
    bp_plus_ristretto255 => RangeKind::<Ristretto255>::new(RangeSystem::BulletproofsPlus, 8, 2, false);
    bp_plus_secp256k1 => RangeKind::<Secp256k1>::new(RangeSystem::BulletproofsPlus, 8, 2, false);
    bp_plus_ed25519 => RangeKind::<Ed25519>::new(RangeSystem::BulletproofsPlus, 8, 2, false);
    bp_pp_ristretto255 => RangeKind::<Ristretto255>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, false);
    bp_pp_secp256k1 => RangeKind::<Secp256k1>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, false);
    bp_pp_ed25519 => RangeKind::<Ed25519>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, false);
    bp_recoverable_ristretto255 => RangeKind::<Ristretto255>::new(RangeSystem::Bulletproofs, 8, 2, true);
    bp_recoverable_secp256k1 => RangeKind::<Secp256k1>::new(RangeSystem::Bulletproofs, 8, 2, true);
    bp_recoverable_ed25519 => RangeKind::<Ed25519>::new(RangeSystem::Bulletproofs, 8, 2, true);
    bp_plus_recoverable_ristretto255 => RangeKind::<Ristretto255>::new(RangeSystem::BulletproofsPlus, 8, 2, true);
    bp_plus_recoverable_secp256k1 => RangeKind::<Secp256k1>::new(RangeSystem::BulletproofsPlus, 8, 2, true);
    bp_plus_recoverable_ed25519 => RangeKind::<Ed25519>::new(RangeSystem::BulletproofsPlus, 8, 2, true);
    bp_pp_recoverable_ristretto255 => RangeKind::<Ristretto255>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, true);
    bp_pp_recoverable_secp256k1 => RangeKind::<Secp256k1>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, true);
    bp_pp_recoverable_ed25519 => RangeKind::<Ed25519>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, true);
    bp_secq256k1 => RangeKind::<Secq256k1>::new(RangeSystem::Bulletproofs, 8, 2, false);
    bp_plus_secq256k1 => RangeKind::<Secq256k1>::new(RangeSystem::BulletproofsPlus, 8, 2, false);
    bp_pp_secq256k1 => RangeKind::<Secq256k1>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, false);
    bp_recoverable_secq256k1 => RangeKind::<Secq256k1>::new(RangeSystem::Bulletproofs, 8, 2, true);
    bp_plus_recoverable_secq256k1 => RangeKind::<Secq256k1>::new(RangeSystem::BulletproofsPlus, 8, 2, true);
    bp_pp_recoverable_secq256k1 => RangeKind::<Secq256k1>::new(RangeSystem::BulletproofsPlusPlus, 8, 2, true);
}
