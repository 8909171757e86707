//! The report's Merkle-membership section: depth 32 on each group — prove,
//! verify from scratch and from a `PreparedMembership`, batch marginal and
//! the MSM floor of one verification.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use ballistic::batch::Claim;
use ballistic::circuit::R1csClaim;
use ballistic::group::ScalarOps;
use ballistic::hazmat::WithEmbeddedCurve;
use ballistic::merkle::{self, MembershipProof, MerkleParams, MerkleTree, PreparedMembership};
use ballistic::merlin::Transcript;
use ballistic::Generators;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use super::{equation_terms, median, ms, time_per_op, Floor, Options, LABEL};

/// Zero-knowledge membership in a Merkle tree of depth `depth` (Pedersen
/// hash over the embedded curve), for a tree of 1,024 random leaves.
struct MerkleCase<G: WithEmbeddedCurve> {
    params: MerkleParams<G>,
    prepared: PreparedMembership<G>,
    tree: MerkleTree<G>,
    leaves: Vec<(u64, G::Scalar)>,
    proofs: Vec<(MembershipProof<G>, G::Compressed)>,
    terms: usize,
    gens: Generators<G>,
    floor: Floor<G>,
}

impl<G: WithEmbeddedCurve> MerkleCase<G> {
    fn new(depth: usize, batch: usize) -> Self {
        let mut rng = ChaCha20Rng::seed_from_u64(depth as u64);
        let params = MerkleParams::<G>::new(depth).expect("depth");
        let values: Vec<G::Scalar> = (0..1024).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
        let tree = MerkleTree::new(&params, values).expect("tree");
        let prepared = PreparedMembership::new(&params).expect("circuit");
        let gens = Generators::new(params.generators_needed(), 1);
        let leaves = (0..batch as u64).map(|i| ((i * 97) % 1024, tree.leaves()[((i * 97) % 1024) as usize])).collect();
        let mut case = MerkleCase {
            params,
            prepared,
            tree,
            leaves,
            proofs: Vec::new(),
            terms: 0,
            gens,
            floor: Floor { scalars: Vec::new(), points: Vec::new(), table: None },
        };
        case.proofs = (0..batch).map(|i| case.prove_index(i, 100 + i as u64)).collect();
        let (proof, v) = &case.proofs[0];
        let verifier = case.prepared.verifier(Transcript::new(LABEL), &case.tree.root(), v).expect("verifier");
        case.terms = equation_terms(verifier, &proof.r1cs, case.gens.vector());
        let padded = case.params.generators_needed();
        case.floor = Floor::new(&case.gens, padded, case.terms, &mut rng);
        case
    }

    fn prove_index(&self, i: usize, seed: u64) -> (MembershipProof<G>, G::Compressed) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let (index, leaf) = self.leaves[i];
        let path = self.tree.path(&self.params, index).expect("path");
        let blinding = <G::Scalar as ScalarOps>::random(&mut rng);
        merkle::prove_membership(
            &self.gens,
            &self.params,
            Transcript::new(LABEL),
            &self.tree.root(),
            &leaf,
            &blinding,
            &path,
            &mut rng,
        )
        .expect("the path is valid")
    }

    fn verify(&self) {
        let (proof, v) = &self.proofs[0];
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        // From scratch: the circuit is built inside the timed region.
        let r = merkle::PreparedMembership::new(&self.params)
            .and_then(|m| m.verify(&self.gens, Transcript::new(LABEL), &self.tree.root(), v, proof, &mut rng));
        assert!(r.is_ok());
    }

    fn verify_prepared(&self) {
        let (proof, v) = &self.proofs[0];
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let r = self.prepared.verify(&self.gens, Transcript::new(LABEL), &self.tree.root(), v, proof, &mut rng);
        assert!(r.is_ok());
    }

    fn batch(&self, k: usize) {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        let root = self.tree.root();
        let claims: Vec<R1csClaim<G>> = self.proofs[..k]
            .iter()
            .map(|(p, v)| self.prepared.claim(Transcript::new(LABEL), &root, v, p, &mut rng).expect("claim"))
            .collect();
        let refs: Vec<&dyn Claim<G>> = claims.iter().map(|c| c as &dyn Claim<G>).collect();
        assert!(ballistic::batch::verify(&self.gens, &refs, &mut rng).is_ok());
    }
}

/// Merkle membership at depth 32: prove, verify (from scratch and from the
/// prepared circuit), batch marginal and the MSM floor, medians of
/// `opt.rounds` rounds (each operation once per round).
pub(crate) fn section<G: WithEmbeddedCurve>(opt: &Options, md: &mut String) {
    let depth = 32;
    let batch = if opt.quick { 4 } else { 8 };
    let t = Instant::now();
    let case = MerkleCase::<G>::new(depth, batch);
    case.verify();
    case.batch(batch);
    eprintln!("merkle {}: setup in {:.0} s", G::NAME, t.elapsed().as_secs_f64());
    let once = |f: &dyn Fn()| time_per_op(0.0, f);
    let mut s: [Vec<f64>; 6] = std::array::from_fn(|_| Vec::new());
    for round in 0..opt.rounds {
        s[0].push(once(&|| {
            black_box(case.prove_index(0, round as u64));
        }));
        s[1].push(once(&|| case.verify()));
        s[2].push(once(&|| case.verify_prepared()));
        s[3].push(once(&|| case.batch(1)));
        s[4].push(once(&|| case.batch(batch)));
        s[5].push(once(&|| case.floor.run()));
    }
    let [prove, verify, prepared, one, all, floor] = s.map(median);
    let marginal = (all - one) / (batch - 1) as f64;
    let _ = writeln!(md, "\n### Merkle membership, depth {depth}, {}\n", G::NAME);
    let _ = writeln!(
        md,
        "| gates | padded | proof bytes | prove ms | verify ms | verify, prepared ms | batch marginal ms | MSM floor ms \
         ({} terms) | verify, prepared ÷ floor |",
        case.terms
    );
    let _ = writeln!(md, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let _ = writeln!(
        md,
        "| {} | {} | {} | {} | {} | {} | {} | {} | {:.2} |",
        case.params.gates(),
        case.params.generators_needed(),
        case.proofs[0].0.to_bytes().len(),
        ms(prove),
        ms(verify),
        ms(prepared),
        ms(marginal),
        ms(floor),
        prepared / floor
    );
    let _ = writeln!(
        md,
        "\n{} round(s), each operation once per round, medians; batch marginal = (batch of {batch} − batch of 1) ÷ {}; \
         *verify* builds the circuit ({} gates) from scratch, *verify, prepared* starts from a `PreparedMembership` \
         built once (as `ballistic merkle verify` does for a batch).",
        opt.rounds,
        batch - 1,
        case.params.gates()
    );
}
