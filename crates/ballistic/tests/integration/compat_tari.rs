//! Byte compatibility with `tari_bulletproofs_plus` 0.5 (extension degree
//! 1, no minimum-value promises): proofs cross-verify both ways and
//! re-encode byte for byte.

use ballistic::curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::RangeProofSystem;
use ballistic::{BulletproofGens, Generators, PedersenGens, ProofError, RangeProofPlus, Ristretto255};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use tari_bulletproofs_plus::commitment_opening::CommitmentOpening;
use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
use tari_bulletproofs_plus::range_parameters::RangeParameters;
use tari_bulletproofs_plus::range_proof::VerifyAction;
use tari_bulletproofs_plus::range_statement::RangeStatement;
use tari_bulletproofs_plus::range_witness::RangeWitness;
use tari_bulletproofs_plus::ristretto::{create_pedersen_gens_with_extension_degree, RistrettoRangeProof};

type G = Ristretto255;
const LABEL: &[u8] = b"tari compat";
const SHAPES: [(usize, usize); 7] = [(8, 1), (16, 2), (64, 1), (32, 4), (64, 8), (2, 1), (1, 2)];

fn params(n: usize, m: usize) -> RangeParameters<RistrettoPoint> {
    RangeParameters::init(n, m, create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen)).unwrap()
}

fn statement(n: usize, commitments: &[CompressedRistretto]) -> RangeStatement<RistrettoPoint> {
    let points = commitments.iter().map(|c| c.decompress().unwrap()).collect();
    RangeStatement::init(params(n, commitments.len()), points, vec![None; commitments.len()], None).unwrap()
}

fn tari_accepts(n: usize, commitments: &[CompressedRistretto], bytes: &[u8]) -> bool {
    let Ok(proof) = RistrettoRangeProof::from_bytes(bytes) else { return false };
    RistrettoRangeProof::verify_batch(
        &mut [tari_merlin::Transcript::new(LABEL)],
        &[statement(n, commitments)],
        &[proof],
        VerifyAction::VerifyOnly,
    )
    .is_ok()
}

/// Tari's Pedersen bases with `m` chains of `n` vector generators.
fn tari_gens(n: usize, m: usize) -> Generators<G> {
    Generators::from_parts(PedersenGens::tari_compatible(), BulletproofGens::new(n, m))
}

fn values(rng: &mut ChaCha20Rng, n: usize, m: usize) -> Vec<u64> {
    (0..m).map(|_| if n == 64 { rng.gen() } else { rng.gen_range(0..1u64 << n) }).collect()
}

#[test]
fn pedersen_bases_are_tari_s() {
    let ours = PedersenGens::<G>::tari_compatible();
    let theirs = create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen);
    assert_eq!(ours.b, *theirs.h_base());
    assert_eq!(ours.b_blinding, theirs.g_base_vec[0]);
}

#[test]
fn ballistic_proofs_verify_in_tari() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for (n, m) in SHAPES {
        let gens = tari_gens(n, m);
        let v = values(&mut rng, n, m);
        let blindings: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
        let (proof, commitments) = RangeProofPlus::<G>::prove_tari_compatible_with_rng(
            &gens,
            &mut Transcript::new(LABEL),
            &v,
            &blindings,
            n,
            &mut rng,
        )
        .unwrap();
        let bytes = proof.to_tari_bytes();
        assert_eq!(bytes.len(), RistrettoRangeProof::from_bytes(&bytes).unwrap().to_bytes().len());
        assert!(tari_accepts(n, &commitments, &bytes), "tari rejected n={n} m={m}");
        // And ours, in the same format.
        proof.verify_tari_compatible(&gens, &mut Transcript::new(LABEL), &commitments, n).unwrap();
        // A flipped byte: both refuse.
        let mut bad = bytes.clone();
        bad[40] ^= 1;
        assert!(!tari_accepts(n, &commitments, &bad));
        let rejected = RangeProofPlus::<G>::from_tari_bytes(&bad)
            .and_then(|p| p.verify_tari_compatible(&gens, &mut Transcript::new(LABEL), &commitments, n));
        assert!(rejected.is_err());
        // The two transcript schedules never mix.
        assert!(proof.verify_multiple(&gens, &mut Transcript::new(LABEL), &commitments, n).is_err());
    }
}

#[test]
fn tari_proofs_verify_in_ballistic() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for (n, m) in SHAPES {
        let p = params(n, m);
        let v = values(&mut rng, n, m);
        let mut commitments = Vec::new();
        let mut openings = Vec::new();
        for value in &v {
            let blinding = <Scalar as ScalarOps>::random(&mut rng);
            commitments.push(p.pc_gens().commit(&Scalar::from(*value), &[blinding]).unwrap());
            openings.push(CommitmentOpening::new(*value, vec![blinding]));
        }
        let statement = RangeStatement::init(p.clone(), commitments.clone(), vec![None; m], None).unwrap();
        let witness = RangeWitness::init(openings).unwrap();
        let theirs =
            RistrettoRangeProof::prove(&mut tari_merlin::Transcript::new(LABEL), &statement, &witness).unwrap();
        let bytes = theirs.to_bytes();
        let compressed: Vec<CompressedRistretto> = commitments.iter().map(|c| c.compress()).collect();
        let ours = RangeProofPlus::<G>::from_tari_bytes(&bytes).unwrap();
        assert_eq!(ours.to_tari_bytes(), bytes, "re-encoding differs");
        let gens = tari_gens(n, m);
        ours.verify_tari_compatible(&gens, &mut Transcript::new(LABEL), &compressed, n).unwrap();
        // Wrong label, wrong n, other commitments: rejected.
        assert!(ours.verify_tari_compatible(&gens, &mut Transcript::new(b"other"), &compressed, n).is_err());
        if n < 64 {
            let gens2 = tari_gens(2 * n, m);
            assert!(ours.verify_tari_compatible(&gens2, &mut Transcript::new(LABEL), &compressed, 2 * n).is_err());
        }
        let mut swapped = compressed.clone();
        swapped[0] = (commitments[0] + gens.pedersen().b).compress();
        assert!(ours.verify_tari_compatible(&gens, &mut Transcript::new(LABEL), &swapped, n).is_err());
    }
}

#[test]
fn tari_encoding_is_strict() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let gens = tari_gens(8, 1);
    let (proof, commitments) = RangeProofPlus::<G>::prove_tari_compatible_with_rng(
        &gens,
        &mut Transcript::new(LABEL),
        &[5],
        &[<Scalar as ScalarOps>::random(&mut rng)],
        8,
        &mut rng,
    )
    .unwrap();
    let bytes = proof.to_tari_bytes();
    // Every truncation fails to decode or (at a round boundary, which is a
    // shorter well-formed encoding, as in tari) to verify.
    for cut in 0..bytes.len() {
        let r = RangeProofPlus::<G>::from_tari_bytes(&bytes[..cut])
            .and_then(|p| p.verify_tari_compatible(&gens, &mut Transcript::new(LABEL), &commitments, 8));
        assert!(r.is_err(), "cut {cut}");
    }
    let mut two = bytes.clone();
    two[0] = 2;
    assert_eq!(
        RangeProofPlus::<G>::from_tari_bytes(&two).err(),
        Some(ProofError::UnsupportedExtensionDegree { degree: 2 })
    );
    let mut noncanonical = bytes.clone();
    noncanonical[1..33].fill(0xff);
    assert_eq!(
        RangeProofPlus::<G>::from_tari_bytes(&noncanonical).err(),
        Some(ProofError::NonCanonicalScalar { offset: 1 })
    );
    // Shapes tari cannot make are refused up front.
    let gens = tari_gens(12, 4);
    let r = RangeProofPlus::<G>::prove_tari_compatible_with_rng(
        &gens,
        &mut Transcript::new(LABEL),
        &[1, 2, 3],
        &[Scalar::ONE; 3],
        8,
        &mut rng,
    );
    assert_eq!(r.err(), Some(ProofError::InvalidAggregation { values: 3 }));
    let r = RangeProofPlus::<G>::prove_tari_compatible_with_rng(
        &gens,
        &mut Transcript::new(LABEL),
        &[1],
        &[Scalar::ONE],
        1,
        &mut rng,
    );
    assert_eq!(r.err(), Some(ProofError::InvalidBitsize { bits: 1 }), "tari cannot decode a proof without rounds");
}
