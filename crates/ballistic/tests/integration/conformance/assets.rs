//! Multi-asset range proofs: the native construction (Bulletproofs) and
//! the re-committed one over every range system, on every group.

use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::range::{
    asset_generator, blinded_asset_generator, MultiAssetProof, MultiAssetStatement, MultiAssetSystem,
};
use ballistic::{
    new_transcript_with_extra, Ed25519, ProofError, RangeShape, RangeSystem, Ristretto255, Secp256k1, Secq256k1,
    Verifiable,
};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::range::{commitment_mutations, identity, invalid_point, range_gens, range_layout, transcript_mutations};
use super::{batch_items, failed, kind_tests, BatchItem, Expect, Flips, Kind, Layout, Mutation};

#[derive(Clone, Debug)]
pub struct AssetDesc<G: Group> {
    pub n: usize,
    pub commitments: Vec<G::Compressed>,
    pub generators: Vec<G::Compressed>,
    pub label: Vec<u8>,
    pub extra: Vec<u8>,
}

pub struct AssetKind<G: Group> {
    pub system: MultiAssetSystem,
    pub n: usize,
    pub m: usize,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> AssetKind<G> {
    pub fn new(system: MultiAssetSystem, n: usize, m: usize) -> Self {
        AssetKind { system, n, m, _group: core::marker::PhantomData }
    }

    fn statement(d: &AssetDesc<G>) -> Result<MultiAssetStatement<G>, ProofError> {
        MultiAssetStatement::new(d.n, &d.commitments, &d.generators)
    }

    fn expect_shape(&self, n: usize, m: usize, got: usize) -> Expect {
        match self.system.encoded_len::<G>(n, m) {
            Err(e) => Expect::Is(e),
            Ok(len) if len == got => failed(),
            Ok(expected) => Expect::Is(ProofError::WrongLength { expected, got }),
        }
    }
}

impl<G: Group> Kind for AssetKind<G> {
    type Desc = AssetDesc<G>;
    type Proof = MultiAssetProof<G>;

    fn name(&self) -> String {
        format!("multi-asset {} {} n={} m={}", self.system.name(), G::NAME, self.n, self.m)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (AssetDesc<G>, Vec<u8>) {
        let gens = range_gens::<G>();
        let max = RangeShape::new(self.n, self.m).unwrap().max_value();
        let values: Vec<u64> = (0..self.m).map(|j| if i == j { max } else { rng.gen::<u64>() & max }).collect();
        let blindings: Vec<G::Scalar> = (0..self.m).map(|_| G::Scalar::random(rng)).collect();
        // Asset "a", a blinded asset "b", then more assets.
        let asset_gens: Vec<G::Point> = (0..self.m)
            .map(|j| match j {
                0 => asset_generator::<G>(b"a"),
                1 => blinded_asset_generator(&gens, &asset_generator::<G>(b"b"), &G::Scalar::random(rng)),
                _ => asset_generator::<G>(format!("asset {j}").as_bytes()),
            })
            .collect();
        let label = b"conformance assets".to_vec();
        let extra = format!("assets extra {i}").into_bytes();
        let mut t = new_transcript_with_extra(&label, &extra);
        let (proof, commitments) =
            self.system.prove::<G, _>(&gens, &mut t, &values, &blindings, &asset_gens, self.n, rng).unwrap();
        let generators = asset_gens.iter().map(G::compress).collect();
        (AssetDesc { n: self.n, commitments, generators, label, extra }, proof.to_bytes())
    }

    fn decode(&self, d: &AssetDesc<G>, bytes: &[u8]) -> Result<MultiAssetProof<G>, ProofError> {
        self.system.decode::<G>(bytes, d.n, d.commitments.len())
    }

    fn encode(&self, p: &MultiAssetProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &AssetDesc<G>, p: &MultiAssetProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        let statement = Self::statement(d)?;
        p.verify(&range_gens::<G>(), &statement, &mut new_transcript_with_extra(&d.label, &d.extra), rng)
    }

    fn batch(&self, items: &[(&AssetDesc<G>, &MultiAssetProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let members: Vec<BatchItem<'_, G, MultiAssetProof<G>>> = items
            .iter()
            .map(|(d, p)| (Self::statement(d), *p, new_transcript_with_extra(&d.label, &d.extra)))
            .collect();
        batch_items(&range_gens::<G>(), &members, rng)
    }

    fn layout(&self, d: &AssetDesc<G>) -> Layout {
        let (n, m) = (d.n, d.commitments.len());
        match self.system {
            MultiAssetSystem::Native => {
                let rounds = RangeShape::new(n, m).unwrap().rounds();
                let mut l = Layout::new().points::<G>("A S", 2);
                for j in 0..m {
                    l = l.points::<G>(&format!("T1,T2 of output {j}"), 2);
                }
                l.scalars::<G>("t_x", m).scalars::<G>("τ_x μ", 2).ipp::<G>(rounds)
            }
            MultiAssetSystem::Recommitted(system) => {
                let mut l = Layout::new().points::<G>("V'", m);
                for j in 0..m {
                    l = l.points::<G>(&format!("R,R' of link {j}"), 2).scalars::<G>(&format!("s of link {j}"), 3);
                }
                // The range proof after the links; its decoding errors name
                // offsets within the whole encoding
                // (`recommitted_decoding_errors_name_their_offsets` below).
                for f in range_layout::<G>(system, n, m, false).fields {
                    l = l.field(format!("range {}", f.name), f.len, f.named, f.valid);
                }
                l
            }
        }
    }

    fn flips(&self) -> Flips {
        Flips::for_group::<G>()
    }

    fn mutations(&self, d: &AssetDesc<G>, other: &AssetDesc<G>) -> Vec<Mutation<AssetDesc<G>>> {
        let len = self.layout(d).len();
        let m = d.commitments.len();
        let mut out = commitment_mutations::<G, _>(d, other, |d| &mut d.commitments);
        let b = G::compress(&range_gens::<G>().pedersen().b);
        for j in 0..m {
            let change = |what: &str, g: G::Compressed, expect: Expect| {
                let mut x = d.clone();
                x.generators[j] = g;
                Mutation::new(format!("value generator {j}: {what}"), x, expect)
            };
            out.push(change("another asset", G::compress(&asset_generator::<G>(b"other")), failed()));
            out.push(change("of another statement", other.generators[(j + 1) % m], failed()));
            out.push(change("B", b, failed()));
            let invalid = Expect::Is(ProofError::InvalidValueGenerator { index: j });
            out.push(change("the identity", identity::<G>(), invalid.clone()));
            out.push(change("not a point", invalid_point::<G>(), invalid));
        }
        if m >= 2 {
            let mut x = d.clone();
            x.generators.swap(0, m - 1);
            out.push(Mutation::new("value generators swapped", x, failed()));
            let mut x = d.clone();
            x.generators.swap(0, m - 1);
            x.commitments.swap(0, m - 1);
            out.push(Mutation::new("outputs swapped", x, failed()));
        }
        let mut x = d.clone();
        x.generators.pop();
        out.push(Mutation::new(
            "one value generator fewer",
            x,
            Expect::Is(ProofError::WrongNumGenerators { values: m, generators: m - 1 }),
        ));
        let mut x = d.clone();
        x.generators.push(b);
        out.push(Mutation::new(
            "one value generator more",
            x,
            Expect::Is(ProofError::WrongNumGenerators { values: m, generators: m + 1 }),
        ));
        for n in [d.n - 1, d.n + 1, 2 * d.n, 0, 65] {
            let mut x = d.clone();
            x.n = n;
            out.push(Mutation::new(format!("n = {n}"), x, self.expect_shape(n, m, len)));
        }
        let mut x = d.clone();
        x.commitments.pop();
        x.generators.pop();
        out.push(Mutation::new("one output fewer", x, self.expect_shape(d.n, m - 1, len)));
        let mut x = d.clone();
        x.commitments.push(other.commitments[0]);
        x.generators.push(other.generators[0]);
        out.push(Mutation::new("one output more", x, self.expect_shape(d.n, m + 1, len)));
        out.extend(transcript_mutations(d, |d| (&mut d.label, &mut d.extra)));
        out
    }
}

const RECOMMITTED_BP: MultiAssetSystem = MultiAssetSystem::Recommitted(RangeSystem::Bulletproofs);
const RECOMMITTED_BP_PLUS: MultiAssetSystem = MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus);
const RECOMMITTED_BP_PP: MultiAssetSystem = MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlusPlus);

/// A re-committed proof's decoding errors inside its range proof name the
/// offset in the encoding, as every other decoder's do (regression: they
/// named the offset inside the range proof, which
/// `RecommittedRangeProof::from_bytes_for` decodes from a sub-slice, so the
/// error pointed at a link's bytes).
#[test]
fn recommitted_decoding_errors_name_their_offsets() {
    for system in [RECOMMITTED_BP, RECOMMITTED_BP_PLUS, RECOMMITTED_BP_PP] {
        let k = AssetKind::<Ristretto255>::new(system, 8, 2);
        let inst = super::instances(&k);
        let (d, bytes) = &inst[0];
        let links = 3 * 2 * (32 + 32);
        let mut bad = bytes.clone();
        bad[links..links + 32].fill(0xff);
        assert_eq!(k.decode(d, &bad).unwrap_err(), ProofError::InvalidPoint { offset: links }, "{}", k.name());
    }
}

kind_tests! {
    assets_native_ristretto255 => AssetKind::<Ristretto255>::new(MultiAssetSystem::Native, 8, 2);
    assets_native_secp256k1 => AssetKind::<Secp256k1>::new(MultiAssetSystem::Native, 8, 2);
    assets_native_ed25519 => AssetKind::<Ed25519>::new(MultiAssetSystem::Native, 8, 2);
    assets_native_secq256k1 => AssetKind::<Secq256k1>::new(MultiAssetSystem::Native, 8, 2);
    assets_recommitted_bp_ristretto255 => AssetKind::<Ristretto255>::new(RECOMMITTED_BP, 8, 2);
    assets_recommitted_bp_secp256k1 => AssetKind::<Secp256k1>::new(RECOMMITTED_BP, 8, 2);
    assets_recommitted_bp_ed25519 => AssetKind::<Ed25519>::new(RECOMMITTED_BP, 8, 2);
    assets_recommitted_bp_plus_ristretto255 => AssetKind::<Ristretto255>::new(RECOMMITTED_BP_PLUS, 8, 2);
    assets_recommitted_bp_plus_secp256k1 => AssetKind::<Secp256k1>::new(RECOMMITTED_BP_PLUS, 8, 2);
    assets_recommitted_bp_plus_ed25519 => AssetKind::<Ed25519>::new(RECOMMITTED_BP_PLUS, 8, 2);
    assets_recommitted_bp_pp_ristretto255 => AssetKind::<Ristretto255>::new(RECOMMITTED_BP_PP, 8, 2);
    assets_recommitted_bp_pp_secp256k1 => AssetKind::<Secp256k1>::new(RECOMMITTED_BP_PP, 8, 2);
    assets_recommitted_bp_pp_ed25519 => AssetKind::<Ed25519>::new(RECOMMITTED_BP_PP, 8, 2);
}
