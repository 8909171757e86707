//! A fixed, honest statement shared by the verifier targets: proofs of every
//! system (Bulletproofs, Bulletproofs+ and Bulletproofs++) for a few shapes,
//! on both groups (Ristretto255 and secp256k1; `*_any` index the cases of
//! both). Bulletproofs++ cases come last, so the older systems' case indices
//! (the committed seeds' first byte) are unchanged.
#![allow(dead_code)]

use std::sync::OnceLock;

use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::RangeProofSystem;
use ballistic::{AnyRangeProof, RangeStatement, Verifiable};
use ballistic::{
    Generators, Group, ProofError, RangeProof, RangeProofPlus, RangeProofPlusPlus, Ristretto255, Secp256k1,
};
use rand_core::SeedableRng;

pub const LABEL: &[u8] = b"fuzz";

/// Which range proof system a case uses.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum System {
    Bulletproofs,
    Plus,
    PlusPlus,
}

pub struct Case<G: Group = Ristretto255> {
    pub system: System,
    pub bits: usize,
    pub commitments: Vec<<G as Group>::Compressed>,
    /// The honest proof's bytes.
    pub proof: Vec<u8>,
}

pub struct Statement<G: Group = Ristretto255> {
    pub gens: Generators<G>,
    pub cases: Vec<Case<G>>,
}

/// The Ristretto255 cases.
pub fn statement() -> &'static Statement {
    static S: OnceLock<Statement> = OnceLock::new();
    S.get_or_init(build::<Ristretto255>)
}

/// The secp256k1 cases.
pub fn statement_secp() -> &'static Statement<Secp256k1> {
    static S: OnceLock<Statement<Secp256k1>> = OnceLock::new();
    S.get_or_init(build::<Secp256k1>)
}

fn build<G: Group>() -> Statement<G> {
    {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let gens = Generators::new(8, 4);
        let mut cases = Vec::new();
        for system in [System::Bulletproofs, System::Plus, System::PlusPlus] {
            let mut shapes = vec![(8usize, vec![200u64]), (4, vec![1, 2, 15]), (1, vec![1])];
            if system == System::PlusPlus {
                // Base 8 with a top-digit slot (the witness length is not
                // a power of two).
                shapes.push((7, vec![127, 0, 5]));
            }
            for (n, values) in shapes {
                let blindings: Vec<_> =
                    values.iter().map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)).collect();
                let mut t = Transcript::new(LABEL);
                let (proof, commitments) = match system {
                    System::Bulletproofs => {
                        RangeProof::<G>::prove_multiple_with_rng(&gens, &mut t, &values, &blindings, n, &mut rng)
                            .map(|(p, c)| (p.to_bytes(), c))
                    }
                    System::Plus => {
                        RangeProofPlus::<G>::prove_multiple_with_rng(&gens, &mut t, &values, &blindings, n, &mut rng)
                            .map(|(p, c)| (p.to_bytes(), c))
                    }
                    System::PlusPlus => RangeProofPlusPlus::<G>::prove_multiple_with_rng(
                        &gens, &mut t, &values, &blindings, n, &mut rng,
                    )
                    .map(|(p, c)| (p.to_bytes(), c)),
                }
                .unwrap_or_else(|e| panic!("fixture: {e}"));
                cases.push(Case { system, bits: n, commitments, proof });
            }
        }
        Statement { gens, cases }
    }
}

/// Decode `bytes` as case `i`'s system (Ristretto255).
pub fn decode(i: usize, bytes: &[u8]) -> Result<AnyRangeProof<Ristretto255>, ProofError> {
    decode_in(statement(), i, bytes)
}

fn decode_in<G: Group>(s: &Statement<G>, i: usize, bytes: &[u8]) -> Result<AnyRangeProof<G>, ProofError> {
    let case = &s.cases[i % s.cases.len()];
    match case.system {
        System::Bulletproofs => RangeProof::<G>::from_bytes(bytes).map(AnyRangeProof::Bulletproofs),
        System::Plus => RangeProofPlus::<G>::from_bytes(bytes).map(AnyRangeProof::BulletproofsPlus),
        // No shape-free decoding: the statement's shape fixes the layout.
        System::PlusPlus => RangeProofPlusPlus::<G>::from_bytes_for(bytes, case.bits, case.commitments.len())
            .map(AnyRangeProof::BulletproofsPlusPlus),
    }
}

/// Decode and verify `bytes` against case `i` (Ristretto255): true iff accepted.
pub fn accepts(i: usize, bytes: &[u8]) -> bool {
    accepts_in(statement(), i, bytes)
}

/// Number of cases over both groups.
pub fn count_any() -> usize {
    statement().cases.len() + statement_secp().cases.len()
}

/// The honest proof of case `i` over both groups.
pub fn honest_any(i: usize) -> &'static [u8] {
    let r = statement().cases.len();
    let i = i % count_any();
    if i < r {
        &statement().cases[i].proof
    } else {
        &statement_secp().cases[i - r].proof
    }
}

/// [`accepts`] over both groups' cases.
pub fn accepts_any(i: usize, bytes: &[u8]) -> bool {
    let r = statement().cases.len();
    let i = i % count_any();
    if i < r {
        accepts_in(statement(), i, bytes)
    } else {
        accepts_in(statement_secp(), i - r, bytes)
    }
}

fn accepts_in<G: Group>(s: &Statement<G>, i: usize, bytes: &[u8]) -> bool {
    let case = &s.cases[i % s.cases.len()];
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let mut t = Transcript::new(LABEL);
    // A statement that does not build refuses, as the verifiers' own did.
    decode_in(s, i, bytes)
        .and_then(|p| {
            let statement = RangeStatement::new(case.bits, &case.commitments)?;
            p.verify(&s.gens, &statement, &mut t, &mut rng)
        })
        .is_ok()
}

/// Structure-aware edits (as `range_proof_mutate`): `edits` is a list of
/// 3-byte `(offset: u16 LE, byte)` records applied to a copy of `honest`:
/// an offset inside the bytes XORs the byte there, an even offset past the
/// end truncates (to `offset % len`), an odd one appends the byte.
pub fn edit(honest: &[u8], edits: &[u8]) -> Vec<u8> {
    let mut bytes = honest.to_vec();
    for c in edits.chunks_exact(3) {
        let offset = u16::from_le_bytes([c[0], c[1]]) as usize;
        if offset < bytes.len() {
            bytes[offset] ^= c[2];
        } else if offset.is_multiple_of(2) {
            bytes.truncate(offset % bytes.len().max(1));
        } else {
            bytes.push(c[2]);
        }
    }
    bytes
}

/// The fuzz input as `N` selector bytes and the rest (at most 64 KiB: a
/// longer input is skipped), once `seeds` has written the honest seeds
/// (see [`write_seeds`]; it runs on the first input only).
pub fn input<const N: usize>(data: &[u8], seeds: fn()) -> Option<(&[u8; N], &[u8])> {
    static SEEDS: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    SEEDS.get_or_init(seeds);
    let (head, rest) = data.split_first_chunk::<N>()?;
    (rest.len() <= 1 << 16).then_some((head, rest))
}

/// The seed corpus of a target is written by its own fixture: with
/// `BALLISTIC_FUZZ_SEEDS=<dir>` in the environment, the first input
/// (`cargo +nightly fuzz run <target> -- -runs=1`) writes `seeds` there.
pub fn write_seeds(seeds: &[(&str, Vec<u8>)]) {
    let Some(dir) = std::env::var_os("BALLISTIC_FUZZ_SEEDS") else { return };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).expect("seed directory");
    for (name, bytes) in seeds {
        std::fs::write(dir.join(name), bytes).expect("seed written");
    }
}

/// A seeded generator for the verifiers' randomness (reproducible runs).
pub fn rng() -> rand_chacha::ChaCha20Rng {
    rand_chacha::ChaCha20Rng::seed_from_u64(1)
}
