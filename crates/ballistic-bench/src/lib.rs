//! The contenders of ballistic's benchmark suite, behind one interface.
//!
//! Each [`System`] prepares `count` proofs of one shape (`n` bits, `m`
//! values) and then proves, verifies one, or verifies all of them as a batch
//! (one by one where the library has no batch verifier). ballistic's own
//! systems — Bulletproofs, Bulletproofs+ and Bulletproofs++, on Ristretto255
//! and secp256k1 — are one generic contender, [`BallisticRange`] (aliases
//! [`Ballistic`], [`BallisticPlus`], [`BallisticPlusPlus`]). The peers are
//! used through their public APIs only:
//!
//! * `bulletproofs` 5 (zkcrypto; Ristretto255, curve25519-dalek 4);
//! * `tari_bulletproofs_plus` 0.5 (Bulletproofs+, Ristretto255, dalek 5);
//! * `monero-bulletproofs` 0.1 (Monero's Bulletproofs+ on Ed25519, 64-bit
//!   values, up to 16 per proof; batches through its `BatchVerifier`);
//! * `grin_secp256k1zkp` 0.7 (the original C Bulletproofs on secp256k1;
//!   64-bit single proofs, batch verification of those).
//!
//! ballistic in the peers' deployed formats is measured against them with
//! the same inputs: [`BallisticGrin`] (Grin's format, byte-identical proofs)
//! beside [`Grin`], and [`BallisticMoneroPlus`] / [`BallisticMoneroOriginal`]
//! (Monero's formats on Ed25519) beside [`MoneroBpPlus`] / [`MoneroBpOriginal`].

pub mod alloc;
pub mod circuit;
pub mod plot;

pub use plot::svg_plot;

mod deployed;

pub use deployed::{
    BallisticGrin, BallisticMonero, BallisticMoneroOriginal, BallisticMoneroPlus, Grin, MoneroBpOriginal, MoneroBpPlus,
    MoneroFormat, MoneroPeer,
};

use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::Group;
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::range::{RangeProofPlusPlus, RangeProofSystem};
use ballistic::{Generators, RangeProof, RangeProofPlus, Ristretto255, Secp256k1};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::marker::PhantomData;

/// One implementation under test, prepared for one shape.
pub trait System: Sized {
    /// Column name.
    const NAME: &'static str;
    /// Can it prove `m` values of `n` bits in one proof?
    fn supports(n: usize, m: usize) -> bool;
    /// Generators and `count ≥ 1` proofs of shape `(n, m)`.
    fn setup(n: usize, m: usize, count: usize, seed: u64) -> Self;
    /// Make one more proof (of the first statement).
    fn prove(&mut self);
    /// Verify the first proof alone.
    fn verify_one(&self) -> bool {
        self.verify_nth(0)
    }
    /// Verify proof `i mod count` alone. Harnesses rotate `i`: verifying
    /// the same proof again and again lets the branch predictor learn its
    /// scalars' recodings (curve25519-dalek's NAF loop), which made a
    /// repeated single verification about 15% faster than verifying
    /// distinct proofs (measured on ballistic's Bulletproofs, 64-bit).
    fn verify_nth(&self, i: usize) -> bool;
    /// Verify all proofs (as one batch where the library can).
    fn verify_all(&self) -> bool;
    /// Size of one proof in bytes.
    fn proof_bytes(&self) -> usize;
}

fn values(rng: &mut ChaCha20Rng, n: usize, m: usize) -> Vec<u64> {
    (0..m).map(|_| if n == 64 { rng.gen() } else { rng.gen_range(0..(1u64 << n)) }).collect()
}

const LABEL: &[u8] = b"ballistic-bench";

/// One of ballistic's range proof systems on one group, with its column name.
pub trait RangeColumn<G: Group>: RangeProofSystem<G> {
    /// Column name of this (group, system).
    const NAME: &'static str;
}

macro_rules! columns {
    ($($proof:ident<$group:ty> => $name:literal;)*) => {
        $(impl RangeColumn<$group> for $proof<$group> {
            const NAME: &'static str = $name;
        })*
    };
}

columns! {
    RangeProof<Ristretto255> => "ballistic";
    RangeProofPlus<Ristretto255> => "ballistic BP+";
    RangeProofPlusPlus<Ristretto255> => "ballistic BP++";
    RangeProof<Secp256k1> => "ballistic secp256k1";
    RangeProofPlus<Secp256k1> => "ballistic BP+ secp256k1";
    RangeProofPlusPlus<Secp256k1> => "ballistic BP++ secp256k1";
}

/// ballistic's range proofs of system `P` on group `G`, through the
/// library's [`RangeProofSystem`] interface: generators sized by
/// `P::SYSTEM.generators_needed(n, m)` and precomputed at setup, proofs kept
/// as bytes so that verification includes strict decoding, batches through
/// [`ballistic::batch::verify`].
pub struct BallisticRange<G: Group, P: RangeColumn<G>> {
    n: usize,
    m: usize,
    gens: Generators<G>,
    values: Vec<u64>,
    blindings: Vec<G::Scalar>,
    /// Proofs as bytes: verification includes decoding, as the peers' does.
    proofs: Vec<(Vec<u8>, Vec<G::Compressed>)>,
    rng: ChaCha20Rng,
    system: PhantomData<fn() -> P>,
}

/// ballistic's Bulletproofs range proofs (Ristretto255 unless told).
pub type Ballistic<G = Ristretto255> = BallisticRange<G, RangeProof<G>>;
/// ballistic's Bulletproofs+ range proofs (Ristretto255 unless told).
pub type BallisticPlus<G = Ristretto255> = BallisticRange<G, RangeProofPlus<G>>;
/// ballistic's Bulletproofs++ range proofs (Ristretto255 unless told).
pub type BallisticPlusPlus<G = Ristretto255> = BallisticRange<G, RangeProofPlusPlus<G>>;

impl<G: Group, P: RangeColumn<G>> BallisticRange<G, P> {
    /// The generators (to switch precomputation off, or measure tables).
    pub fn gens(&self) -> &Generators<G> {
        &self.gens
    }

    /// Replace the generators' precomputation policy.
    pub fn set_precomputation(&mut self, p: ballistic::Precomputation) {
        self.gens = self.gens.clone().with_precomputation(p);
        self.gens.vector().precompute();
    }

    fn decode(&self, bytes: &[u8]) -> Result<P, ballistic::ProofError> {
        P::from_bytes_for(bytes, self.n, self.m)
    }
}

impl<G: Group, P: RangeColumn<G>> System for BallisticRange<G, P> {
    const NAME: &'static str = P::NAME;
    fn supports(n: usize, m: usize) -> bool {
        P::SYSTEM.generators_needed(n, m).is_ok()
    }
    fn setup(n: usize, m: usize, count: usize, seed: u64) -> Self {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let (chains, per_chain) = P::SYSTEM.generators_needed(n, m).expect("supported shape");
        let gens = Generators::new(per_chain, chains);
        gens.vector().precompute();
        let mut proofs = Vec::with_capacity(count);
        let mut first = None;
        for _ in 0..count.max(1) {
            let v = values(&mut rng, n, m);
            let b: Vec<G::Scalar> = (0..m).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
            let (p, c) =
                P::prove_multiple_with_rng(&gens, &mut Transcript::new(LABEL), &v, &b, n, &mut rng).expect("prove");
            proofs.push((p.to_bytes(), c));
            first.get_or_insert((v, b));
        }
        let (values, blindings) = first.expect("one proof");
        BallisticRange { n, m, gens, values, blindings, proofs, rng, system: PhantomData }
    }
    fn prove(&mut self) {
        let r = P::prove_multiple_with_rng(
            &self.gens,
            &mut Transcript::new(LABEL),
            &self.values,
            &self.blindings,
            self.n,
            &mut self.rng,
        );
        assert!(r.is_ok());
    }
    fn verify_nth(&self, i: usize) -> bool {
        let (bytes, c) = &self.proofs[i % self.proofs.len()];
        self.decode(bytes)
            .and_then(|p| {
                p.verify_multiple_with_rng(&self.gens, &mut Transcript::new(LABEL), c, self.n, &mut rand::thread_rng())
            })
            .is_ok()
    }
    fn verify_all(&self) -> bool {
        let Ok(decoded) = self.proofs.iter().map(|(bytes, _)| self.decode(bytes)).collect::<Result<Vec<_>, _>>() else {
            return false;
        };
        let Ok(statements) = self
            .proofs
            .iter()
            .map(|(_, commitments)| ballistic::RangeStatement::new(self.n, commitments))
            .collect::<Result<Vec<_>, _>>()
        else {
            return false;
        };
        let items: Vec<_> = decoded
            .iter()
            .zip(&statements)
            .map(|(proof, statement)| ballistic::batch::Item::new(proof, statement, Transcript::new(LABEL)))
            .collect();
        let claims: Vec<&dyn ballistic::batch::Claim<G>> = items.iter().map(|i| i as _).collect();
        ballistic::batch::verify(&self.gens, &claims, &mut rand::thread_rng()).is_ok()
    }
    fn proof_bytes(&self) -> usize {
        self.proofs[0].0.len()
    }
}

/// zkcrypto `bulletproofs` 5 (no batch verifier: `verify_all` checks one by one).
pub struct Bulletproofs5 {
    n: usize,
    bp: bulletproofs::BulletproofGens,
    pc: bulletproofs::PedersenGens,
    values: Vec<u64>,
    blindings: Vec<dalek4::scalar::Scalar>,
    proofs: Vec<(bulletproofs::RangeProof, Vec<dalek4::ristretto::CompressedRistretto>)>,
}

fn dalek4_scalar(rng: &mut ChaCha20Rng) -> dalek4::scalar::Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    dalek4::scalar::Scalar::from_bytes_mod_order_wide(&wide)
}

impl System for Bulletproofs5 {
    const NAME: &'static str = "bulletproofs 5";
    fn supports(n: usize, m: usize) -> bool {
        [8, 16, 32, 64].contains(&n) && m.is_power_of_two() && m <= 64
    }
    fn setup(n: usize, m: usize, count: usize, seed: u64) -> Self {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let bp = bulletproofs::BulletproofGens::new(n, m);
        let pc = bulletproofs::PedersenGens::default();
        let mut proofs = Vec::with_capacity(count);
        let mut first = None;
        for _ in 0..count.max(1) {
            let v = values(&mut rng, n, m);
            let b: Vec<_> = (0..m).map(|_| dalek4_scalar(&mut rng)).collect();
            let p = bulletproofs::RangeProof::prove_multiple_with_rng(
                &bp,
                &pc,
                &mut Transcript::new(LABEL),
                &v,
                &b,
                n,
                &mut rng,
            )
            .expect("prove");
            proofs.push(p);
            first.get_or_insert((v, b));
        }
        let (values, blindings) = first.expect("one proof");
        Bulletproofs5 { n, bp, pc, values, blindings, proofs }
    }
    fn prove(&mut self) {
        let r = bulletproofs::RangeProof::prove_multiple(
            &self.bp,
            &self.pc,
            &mut Transcript::new(LABEL),
            &self.values,
            &self.blindings,
            self.n,
        );
        assert!(r.is_ok());
    }
    fn verify_nth(&self, i: usize) -> bool {
        let (p, c) = &self.proofs[i % self.proofs.len()];
        p.verify_multiple(&self.bp, &self.pc, &mut Transcript::new(LABEL), c, self.n).is_ok()
    }
    fn verify_all(&self) -> bool {
        self.proofs
            .iter()
            .all(|(p, c)| p.verify_multiple(&self.bp, &self.pc, &mut Transcript::new(LABEL), c, self.n).is_ok())
    }
    fn proof_bytes(&self) -> usize {
        self.proofs[0].0.to_bytes().len()
    }
}

/// Tari's Bulletproofs+ (`tari_bulletproofs_plus` 0.5), default Pedersen
/// (extension degree 1), no minimum-value promise, no mask recovery.
pub struct TariBpPlus {
    statements:
        Vec<tari_bulletproofs_plus::range_statement::RangeStatement<ballistic::curve25519_dalek::RistrettoPoint>>,
    proofs: Vec<tari_bulletproofs_plus::ristretto::RistrettoRangeProof>,
    witness: tari_bulletproofs_plus::range_witness::RangeWitness,
}

impl System for TariBpPlus {
    const NAME: &'static str = "tari_bulletproofs_plus 0.5";
    fn supports(n: usize, m: usize) -> bool {
        [8, 16, 32, 64].contains(&n) && m.is_power_of_two() && m <= 64
    }
    fn setup(n: usize, m: usize, count: usize, seed: u64) -> Self {
        use tari_bulletproofs_plus::{
            commitment_opening::CommitmentOpening, generators::pedersen_gens::ExtensionDegree,
            range_parameters::RangeParameters, range_statement::RangeStatement, range_witness::RangeWitness, ristretto,
        };
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let params = RangeParameters::init(
            n,
            m,
            ristretto::create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen),
        )
        .expect("tari parameters");
        let mut statements = Vec::new();
        let mut proofs = Vec::new();
        let mut first_witness = None;
        for _ in 0..count.max(1) {
            let v = values(&mut rng, n, m);
            let mut commitments = Vec::new();
            let mut openings = Vec::new();
            for value in &v {
                let blinding = <Scalar as ScalarOps>::random(&mut rng);
                commitments.push(params.pc_gens().commit(&Scalar::from(*value), &[blinding]).expect("commit"));
                openings.push(CommitmentOpening::new(*value, vec![blinding]));
            }
            let witness = RangeWitness::init(openings).expect("witness");
            let statement = RangeStatement::init(params.clone(), commitments, vec![None; m], None).expect("statement");
            let proof = tari_bulletproofs_plus::ristretto::RistrettoRangeProof::prove(
                &mut tari_merlin::Transcript::new(LABEL_STATIC),
                &statement,
                &witness,
            )
            .expect("tari prove");
            statements.push(statement);
            proofs.push(proof);
            first_witness.get_or_insert(witness);
        }
        TariBpPlus { statements, proofs, witness: first_witness.expect("one proof") }
    }
    fn prove(&mut self) {
        let r = tari_bulletproofs_plus::ristretto::RistrettoRangeProof::prove(
            &mut tari_merlin::Transcript::new(LABEL_STATIC),
            &self.statements[0],
            &self.witness,
        );
        assert!(r.is_ok());
    }
    fn verify_nth(&self, i: usize) -> bool {
        let i = i % self.proofs.len();
        tari_verify(&self.statements[i..=i], &self.proofs[i..=i])
    }
    fn verify_all(&self) -> bool {
        tari_verify(&self.statements, &self.proofs)
    }
    fn proof_bytes(&self) -> usize {
        self.proofs[0].to_bytes().len()
    }
}

const LABEL_STATIC: &[u8] = b"ballistic-bench";

fn tari_verify(
    statements: &[tari_bulletproofs_plus::range_statement::RangeStatement<
        ballistic::curve25519_dalek::RistrettoPoint,
    >],
    proofs: &[tari_bulletproofs_plus::ristretto::RistrettoRangeProof],
) -> bool {
    let mut transcripts: Vec<_> = statements.iter().map(|_| tari_merlin::Transcript::new(LABEL_STATIC)).collect();
    tari_bulletproofs_plus::ristretto::RistrettoRangeProof::verify_batch(
        &mut transcripts,
        statements,
        proofs,
        tari_bulletproofs_plus::range_proof::VerifyAction::VerifyOnly,
    )
    .is_ok()
}
