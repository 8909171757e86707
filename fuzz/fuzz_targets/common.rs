//! A fixed, honest statement shared by the verifier targets.
#![allow(dead_code)]

use std::sync::OnceLock;

use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, Group, PedersenGens, RangeProof, Ristretto255};
use rand_core::SeedableRng;

pub type G = Ristretto255;
pub const LABEL: &[u8] = b"fuzz";

pub struct Statement {
    pub bp: BulletproofGens<G>,
    pub pc: PedersenGens<G>,
    /// (bits, commitments, honest proof bytes) for a few shapes.
    pub cases: Vec<(usize, Vec<<G as Group>::Compressed>, Vec<u8>)>,
}

pub fn statement() -> &'static Statement {
    static S: OnceLock<Statement> = OnceLock::new();
    S.get_or_init(|| {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let bp = BulletproofGens::new(8, 4);
        let pc = PedersenGens::default();
        let cases = [(8usize, vec![200u64]), (4, vec![1, 2, 15]), (1, vec![1])]
            .into_iter()
            .map(|(n, values)| {
                let blindings: Vec<_> = values.iter().map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
                let (proof, commitments) = RangeProof::<G>::prove_multiple_with_rng(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &values,
                    &blindings,
                    n,
                    &mut rng,
                )
                .unwrap_or_else(|e| panic!("fixture: {e}"));
                (n, commitments, proof.to_bytes())
            })
            .collect();
        Statement { bp, pc, cases }
    })
}

/// Decode and verify `bytes` against case `i`: true iff accepted.
pub fn accepts(i: usize, bytes: &[u8]) -> bool {
    let s = statement();
    let (n, commitments, _) = &s.cases[i % s.cases.len()];
    match RangeProof::<G>::from_bytes(bytes) {
        Ok(p) => p
            .verify_multiple_with_rng(
                &s.bp,
                &s.pc,
                &mut Transcript::new(LABEL),
                commitments,
                *n,
                &mut rand_chacha::ChaCha20Rng::seed_from_u64(1),
            )
            .is_ok(),
        Err(_) => false,
    }
}
