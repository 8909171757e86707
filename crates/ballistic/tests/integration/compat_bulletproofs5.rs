//! Cross-verification with zkcrypto `bulletproofs` 5, both ways, for every
//! (n, m) it supports: n ∈ {8, 16, 32, 64}, m ∈ {1, 2, 4, …, 64}.

use ballistic::curve25519_dalek::ristretto::CompressedRistretto;
use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::RangeProofSystem;
use ballistic::{Generators, RangeProof, Ristretto255};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

type G = Ristretto255;

const LABEL: &[u8] = b"ballistic cross-verification";

fn random_values(rng: &mut ChaCha20Rng, n: usize, m: usize) -> Vec<u64> {
    (0..m).map(|_| if n == 64 { rng.gen() } else { rng.gen_range(0..(1u64 << n)) }).collect()
}

fn shapes() -> impl Iterator<Item = (usize, usize)> {
    [8usize, 16, 32, 64].into_iter().flat_map(|n| [1usize, 2, 4, 8, 16, 32, 64].into_iter().map(move |m| (n, m)))
}

// bulletproofs 5 is built on curve25519-dalek 4, ballistic on 5: values
// cross between them as their (identical) encodings.
fn to_dalek4_scalars(s: &[Scalar]) -> Vec<dalek4::scalar::Scalar> {
    s.iter().map(|s| dalek4::scalar::Scalar::from_canonical_bytes(s.to_bytes()).unwrap()).collect()
}

fn to_dalek4_points(p: &[CompressedRistretto]) -> Vec<dalek4::ristretto::CompressedRistretto> {
    p.iter().map(|p| dalek4::ristretto::CompressedRistretto(p.to_bytes())).collect()
}

fn from_dalek4_points(p: &[dalek4::ristretto::CompressedRistretto]) -> Vec<CompressedRistretto> {
    p.iter().map(|p| CompressedRistretto(p.to_bytes())).collect()
}

#[test]
fn generators_are_identical() {
    let ours = Generators::<G>::new(64, 4);
    let ours_pc = ours.pedersen();
    let theirs_pc = bulletproofs::PedersenGens::default();
    assert_eq!(ours_pc.b.compress().to_bytes(), theirs_pc.B.compress().to_bytes());
    assert_eq!(ours_pc.b_blinding.compress().to_bytes(), theirs_pc.B_blinding.compress().to_bytes());

    let theirs = bulletproofs::BulletproofGens::new(64, 4);
    let ours_g: Vec<_> = ours.vector().g_layout(64, 256).map(|p| p.compress().to_bytes()).collect();
    let theirs_g: Vec<_> =
        (0..4).flat_map(|j| theirs.share(j).G(64).map(|p| p.compress().to_bytes()).collect::<Vec<_>>()).collect();
    assert_eq!(ours_g, theirs_g);
    // bulletproofs 5 exposes only G; the H chains are checked by the
    // cross-verification tests below, which fail if any H_i differed.
}

#[test]
fn ballistic_proofs_verify_in_bulletproofs5() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let gens = Generators::<G>::new(64, 64);
    let their_pc = bulletproofs::PedersenGens::default();
    let their_bp = bulletproofs::BulletproofGens::new(64, 64);
    for (n, m) in shapes() {
        let values = random_values(&mut rng, n, m);
        let blindings: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
        let t = &mut Transcript::new(LABEL);
        let (proof, commitments) =
            RangeProof::<G>::prove_multiple_with_rng(&gens, t, &values, &blindings, n, &mut rng).unwrap();
        let bytes = proof.to_bytes();
        assert_eq!(bytes.len(), RangeProof::<G>::encoded_len(n, m).unwrap());
        // The bytes decode in bulletproofs 5 and re-encode identically.
        let theirs = bulletproofs::RangeProof::from_bytes(&bytes).unwrap();
        assert_eq!(theirs.to_bytes(), bytes, "n={n} m={m}");
        let commitments = to_dalek4_points(&commitments);
        theirs
            .verify_multiple(&their_bp, &their_pc, &mut Transcript::new(LABEL), &commitments, n)
            .unwrap_or_else(|e| panic!("bulletproofs 5 rejected ballistic proof n={n} m={m}: {e:?}"));
        // And the peer rejects it under another label.
        assert!(theirs.verify_multiple(&their_bp, &their_pc, &mut Transcript::new(b"other"), &commitments, n).is_err());
    }
}

#[test]
fn bulletproofs5_proofs_verify_in_ballistic() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let gens = Generators::<G>::new(64, 64);
    let their_pc = bulletproofs::PedersenGens::default();
    let their_bp = bulletproofs::BulletproofGens::new(64, 64);
    for (n, m) in shapes() {
        let values = random_values(&mut rng, n, m);
        let blindings: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
        let (theirs, commitments) = bulletproofs::RangeProof::prove_multiple_with_rng(
            &their_bp,
            &their_pc,
            &mut Transcript::new(LABEL),
            &values,
            &to_dalek4_scalars(&blindings),
            n,
            &mut rng,
        )
        .unwrap();
        let commitments = from_dalek4_points(&commitments);
        let bytes = theirs.to_bytes();
        let ours = RangeProof::<G>::from_bytes_for(&bytes, n, m).unwrap();
        assert_eq!(ours.to_bytes(), bytes);
        ours.verify_multiple_with_rng(&gens, &mut Transcript::new(LABEL), &commitments, n, &mut rng)
            .unwrap_or_else(|e| panic!("ballistic rejected bulletproofs 5 proof n={n} m={m}: {e}"));
        assert!(ours
            .verify_multiple_with_rng(&gens, &mut Transcript::new(b"other"), &commitments, n, &mut rng)
            .is_err());
    }
}
