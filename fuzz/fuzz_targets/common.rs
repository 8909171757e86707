//! A fixed, honest statement shared by the verifier targets: proofs of both
//! systems (Bulletproofs and Bulletproofs+) for a few shapes.
#![allow(dead_code)]

use std::sync::OnceLock;

use ballistic::batch::AnyRangeProof;
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, Group, PedersenGens, ProofError, RangeProof, RangeProofPlus, Ristretto255};
use rand_core::SeedableRng;

pub type G = Ristretto255;
pub const LABEL: &[u8] = b"fuzz";

/// Which range proof system a case uses.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum System {
    Bulletproofs,
    Plus,
}

pub struct Case {
    pub system: System,
    pub bits: usize,
    pub commitments: Vec<<G as Group>::Compressed>,
    /// The honest proof's bytes.
    pub proof: Vec<u8>,
}

pub struct Statement {
    pub bp: BulletproofGens<G>,
    pub pc: PedersenGens<G>,
    pub cases: Vec<Case>,
}

pub fn statement() -> &'static Statement {
    static S: OnceLock<Statement> = OnceLock::new();
    S.get_or_init(|| {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let bp = BulletproofGens::new(8, 4);
        let pc = PedersenGens::default();
        let mut cases = Vec::new();
        for system in [System::Bulletproofs, System::Plus] {
            for (n, values) in [(8usize, vec![200u64]), (4, vec![1, 2, 15]), (1, vec![1])] {
                let blindings: Vec<_> =
                    values.iter().map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
                let mut t = Transcript::new(LABEL);
                let (proof, commitments) = match system {
                    System::Bulletproofs => {
                        RangeProof::<G>::prove_multiple_with_rng(&bp, &pc, &mut t, &values, &blindings, n, &mut rng)
                            .map(|(p, c)| (p.to_bytes(), c))
                    }
                    System::Plus => {
                        RangeProofPlus::<G>::prove_multiple_with_rng(&bp, &pc, &mut t, &values, &blindings, n, &mut rng)
                            .map(|(p, c)| (p.to_bytes(), c))
                    }
                }
                .unwrap_or_else(|e| panic!("fixture: {e}"));
                cases.push(Case { system, bits: n, commitments, proof });
            }
        }
        Statement { bp, pc, cases }
    })
}

/// A decoded proof of either system.
pub enum Decoded {
    Bulletproofs(RangeProof<G>),
    Plus(RangeProofPlus<G>),
}

impl Decoded {
    pub fn any(&self) -> AnyRangeProof<'_, G> {
        match self {
            Decoded::Bulletproofs(p) => p.into(),
            Decoded::Plus(p) => p.into(),
        }
    }
}

/// Decode `bytes` as case `i`'s system.
pub fn decode(i: usize, bytes: &[u8]) -> Result<Decoded, ProofError> {
    let s = statement();
    match s.cases[i % s.cases.len()].system {
        System::Bulletproofs => RangeProof::<G>::from_bytes(bytes).map(Decoded::Bulletproofs),
        System::Plus => RangeProofPlus::<G>::from_bytes(bytes).map(Decoded::Plus),
    }
}

/// Decode and verify `bytes` against case `i`: true iff accepted.
pub fn accepts(i: usize, bytes: &[u8]) -> bool {
    let s = statement();
    let case = &s.cases[i % s.cases.len()];
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let mut t = Transcript::new(LABEL);
    match decode(i, bytes) {
        Ok(Decoded::Bulletproofs(p)) => {
            p.verify_multiple_with_rng(&s.bp, &s.pc, &mut t, &case.commitments, case.bits, &mut rng).is_ok()
        }
        Ok(Decoded::Plus(p)) => p.verify_multiple(&s.bp, &s.pc, &mut t, &case.commitments, case.bits).is_ok(),
        Err(_) => false,
    }
}
