//! The deployed formats against their own verifiers: BP5 (zkcrypto
//! `bulletproofs` 5), TARI (`tari_bulletproofs_plus` 0.5), GRIN
//! (secp256k1-zkp through `grin_secp256k1zkp` 0.7's FFI) and MON (Monero's
//! Bulletproofs+ and original Bulletproofs against `monero-bulletproofs`
//! 0.1, strictly and in the consensus mode). Where ballistic is stricter or
//! looser than the deployed verifier, the test shows both verdicts.

use super::*;
use ballistic::curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use ballistic::curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use ballistic::curve25519_dalek::scalar::Scalar as DalekScalar;
use ballistic::{BulletproofGens, PedersenGens, RangeProof, RangeProofPlus, Ristretto255};

// ---------------------------------------------------------- bulletproofs 5

type R = Ristretto255;

fn to_dalek4(c: &[CompressedRistretto]) -> Vec<dalek4::ristretto::CompressedRistretto> {
    c.iter().map(|p| dalek4::ristretto::CompressedRistretto(p.to_bytes())).collect()
}

/// `bulletproofs` 5's generators for up to 128 values of 64 bits, built once.
fn bp5_gens() -> &'static bulletproofs::BulletproofGens {
    static GENS: std::sync::OnceLock<bulletproofs::BulletproofGens> = std::sync::OnceLock::new();
    GENS.get_or_init(|| bulletproofs::BulletproofGens::new(64, 128))
}

/// Does `bulletproofs` 5 accept `bytes` for `commitments` of `n` bits?
fn bp5_accepts(bytes: &[u8], commitments: &[CompressedRistretto], n: usize) -> Result<(), bulletproofs::ProofError> {
    let proof = bulletproofs::RangeProof::from_bytes(bytes)?;
    proof.verify_multiple(
        bp5_gens(),
        &bulletproofs::PedersenGens::default(),
        &mut Transcript::new(LABEL),
        &to_dalek4(commitments),
        n,
    )
}

#[test]
fn bp5_1_honest_proofs_cross_verify() {
    let h = Honest::<R>::new(RangeSystem::Bulletproofs, 16, 4, 200);
    bp5_accepts(&h.bytes, &h.commitments, 16).unwrap();
    let values = [1u64, 2, 3, 4];
    let blindings: Vec<_> = (0..4u64).map(|j| dalek4::scalar::Scalar::from(j + 9)).collect();
    let (theirs, commitments) = bulletproofs::RangeProof::prove_multiple_with_rng(
        bp5_gens(),
        &bulletproofs::PedersenGens::default(),
        &mut Transcript::new(LABEL),
        &values,
        &blindings,
        16,
        &mut rng(201),
    )
    .unwrap();
    let commitments: Vec<CompressedRistretto> = commitments.iter().map(|c| CompressedRistretto(c.to_bytes())).collect();
    h.check_against(&theirs.to_bytes(), &commitments, 16, LABEL).unwrap();
}

#[test]
fn bp5_2_invalid_points_refused_earlier() {
    let h = Honest::<R>::new(RangeSystem::Bulletproofs, 8, 2, 202);
    for (offset, field) in h.layout() {
        if let Field::Point(_) = field {
            let bad = h.replaced(offset, &[0xff; 32]);
            assert_eq!(h.decode(&bad).err(), Some(ProofError::InvalidPoint { offset }));
            // bulletproofs 5 decodes points lazily: refused at verification.
            bulletproofs::RangeProof::from_bytes(&bad).unwrap();
            assert!(bp5_accepts(&bad, &h.commitments, 8).is_err());
        }
    }
}

#[test]
fn bp5_3_identity_points_refused_by_both() {
    let h = Honest::<R>::new(RangeSystem::Bulletproofs, 8, 2, 203);
    for (offset, field) in h.layout() {
        if let Field::Point(label) = field {
            let bad = h.replaced(offset, &[0u8; 32]);
            assert_eq!(h.check(&bad), Err(ProofError::IdentityPoint { label }));
            assert_eq!(bp5_accepts(&bad, &h.commitments, 8), Err(bulletproofs::ProofError::VerificationError));
        }
    }
    // Identity commitments are accepted by both.
    let zero = Honest::<R>::with(RangeSystem::Bulletproofs, 8, &[0, 5], &[DalekScalar::ZERO, DalekScalar::ONE], 204);
    assert_eq!(zero.commitments[0].to_bytes(), [0u8; 32]);
    bp5_accepts(&zero.bytes, &zero.commitments, 8).unwrap();
}

#[test]
fn bp5_4_noncanonical_scalars_refused_by_both() {
    let h = Honest::<R>::new(RangeSystem::Bulletproofs, 8, 2, 205);
    for (offset, field) in h.layout() {
        if field == Field::Scalar {
            let bad = h.replaced(offset, &noncanonical_scalars::<R>()[0]);
            assert_eq!(h.decode(&bad).err(), Some(ProofError::NonCanonicalScalar { offset }));
            assert_eq!(bulletproofs::RangeProof::from_bytes(&bad).err(), Some(bulletproofs::ProofError::FormatError));
        }
    }
}

#[test]
fn bp5_5_shapes_only_ballistic_has() {
    // n outside {8, 16, 32, 64}, m not a power of two: ballistic pads.
    for (n, m) in [(3usize, 1usize), (8, 3), (12, 5)] {
        let h = Honest::<R>::new(RangeSystem::Bulletproofs, n, m, 206);
        h.check(&h.bytes).unwrap();
        assert!(bp5_accepts(&h.bytes, &h.commitments, n).is_err(), "n={n} m={m}");
    }
    let h = Honest::<R>::new(RangeSystem::Bulletproofs, 3, 1, 207);
    assert_eq!(bp5_accepts(&h.bytes, &h.commitments, 3), Err(bulletproofs::ProofError::InvalidBitsize));
}

#[test]
fn bp5_6_more_than_64_values() {
    // bulletproofs 5 proves and verifies m = 128 (given the generators);
    // ballistic's statements stop at 64 values.
    let values = vec![1u64; 128];
    let blindings = vec![dalek4::scalar::Scalar::from(3u8); 128];
    let (theirs, commitments) = bulletproofs::RangeProof::prove_multiple_with_rng(
        bp5_gens(),
        &bulletproofs::PedersenGens::default(),
        &mut Transcript::new(LABEL),
        &values,
        &blindings,
        8,
        &mut rng(208),
    )
    .unwrap();
    let commitments: Vec<CompressedRistretto> = commitments.iter().map(|c| CompressedRistretto(c.to_bytes())).collect();
    bp5_accepts(&theirs.to_bytes(), &commitments, 8).unwrap();
    assert_eq!(RangeStatement::<R>::new(8, &commitments).err(), Some(ProofError::InvalidAggregation { values: 128 }));
    // (1024 bits: ten rounds, a length the shape-free decoder takes.)
    RangeProof::<R>::from_bytes(&theirs.to_bytes()).unwrap();
    assert_eq!(
        RangeProof::<R>::from_bytes_for(&theirs.to_bytes(), 8, 128).err(),
        Some(ProofError::InvalidAggregation { values: 128 })
    );
}

#[test]
fn bp5_7_lengths() {
    // bulletproofs 5 decodes any 32-byte multiple of at least 7 + 2 fields
    // with lg N < 32; ballistic only lengths of at most 12 rounds.
    for rounds in [13usize, 20, 31] {
        let len = (9 + 2 * rounds) * 32;
        bulletproofs::RangeProof::from_bytes(&vec![0u8; len]).unwrap();
        assert_eq!(
            RangeProof::<R>::from_bytes(&vec![0u8; len]).err(),
            Some(ProofError::WrongLength { expected: 0, got: len })
        );
    }
    assert!(bulletproofs::RangeProof::from_bytes(&vec![0u8; 9 * 32 + 1]).is_err());
}

// -------------------------------------------------------------------- tari

use tari_bulletproofs_plus::commitment_opening::CommitmentOpening;
use tari_bulletproofs_plus::generators::pedersen_gens::ExtensionDegree;
use tari_bulletproofs_plus::range_parameters::RangeParameters;
use tari_bulletproofs_plus::range_proof::VerifyAction;
use tari_bulletproofs_plus::range_statement::RangeStatement as TariStatement;
use tari_bulletproofs_plus::range_witness::RangeWitness;
use tari_bulletproofs_plus::ristretto::{create_pedersen_gens_with_extension_degree, RistrettoRangeProof};

fn tari_gens(n: usize, m: usize) -> Generators<R> {
    Generators::from_parts(PedersenGens::tari_compatible(), BulletproofGens::new(n, m))
}

fn tari_params(n: usize, m: usize, degree: ExtensionDegree) -> RangeParameters<RistrettoPoint> {
    RangeParameters::init(n, m, create_pedersen_gens_with_extension_degree(degree)).unwrap()
}

/// A ballistic proof in tari's format: bytes and commitments.
fn tari_proof(n: usize, values: &[u64], seed: u64) -> (Vec<u8>, Vec<CompressedRistretto>) {
    let mut r = rng(seed);
    let blindings: Vec<DalekScalar> = values.iter().map(|_| <DalekScalar as ScalarOps>::random(&mut r)).collect();
    let (proof, c) = RangeProofPlus::<R>::prove_tari_compatible_with_rng(
        &tari_gens(n, values.len()),
        &mut Transcript::new(LABEL),
        values,
        &blindings,
        n,
        &mut r,
    )
    .unwrap();
    (proof.to_tari_bytes(), c)
}

fn tari_check(bytes: &[u8], commitments: &[CompressedRistretto], n: usize) -> Result<(), ProofError> {
    RangeProofPlus::<R>::from_tari_bytes(bytes)?.verify_tari_compatible(
        &tari_gens(n, commitments.len()),
        &mut Transcript::new(LABEL),
        commitments,
        n,
    )
}

/// tari's verdict (minimum value promises `mins`, extension degree 1).
fn tari_accepts(bytes: &[u8], commitments: &[CompressedRistretto], n: usize, mins: Vec<Option<u64>>) -> bool {
    let Ok(proof) = RistrettoRangeProof::from_bytes(bytes) else { return false };
    let points = commitments.iter().map(|c| c.decompress()).collect::<Option<Vec<_>>>();
    let Some(points) = points else { return false };
    let statement =
        TariStatement::init(tari_params(n, commitments.len(), ExtensionDegree::DefaultPedersen), points, mins, None);
    let Ok(statement) = statement else { return false };
    RistrettoRangeProof::verify_batch(
        &mut [tari_merlin::Transcript::new(LABEL)],
        &[statement],
        &[proof],
        VerifyAction::VerifyOnly,
    )
    .is_ok()
}

/// Byte offsets of tari's encoding: `degree ‖ δ' ‖ A ‖ A1 ‖ B ‖ r' ‖ s' ‖ (L ‖ R)_k`.
fn tari_layout(rounds: usize) -> Vec<(usize, Field)> {
    let mut out = vec![(1, Field::Scalar), (33, Field::Point("A")), (65, Field::Point("A1")), (97, Field::Point("B"))];
    out.extend([(129, Field::Scalar), (161, Field::Scalar)]);
    for k in 0..rounds {
        out.push((193 + 64 * k, Field::Point("L")));
        out.push((225 + 64 * k, Field::Point("R")));
    }
    out
}

#[test]
fn tari_1_honest_proofs_cross_verify() {
    let (bytes, c) = tari_proof(16, &[3, 60000], 210);
    tari_check(&bytes, &c, 16).unwrap();
    assert!(tari_accepts(&bytes, &c, 16, vec![None; 2]));
}

#[test]
fn tari_2_extension_degree() {
    let (bytes, _) = tari_proof(8, &[5], 211);
    for degree in [0u8, 2, 6, 7, 0xff] {
        let mut b = bytes.clone();
        b[0] = degree;
        assert_eq!(
            RangeProofPlus::<R>::from_tari_bytes(&b).err(),
            Some(ProofError::UnsupportedExtensionDegree { degree })
        );
    }
    // tari's own proof with two blinding bases: tari verifies it, ballistic cannot.
    let p = tari_params(8, 1, ExtensionDegree::AddOneBasePoint);
    let (b1, b2) = (DalekScalar::from(5u8), DalekScalar::from(6u8));
    let commitment = p.pc_gens().commit(&DalekScalar::from(9u8), &[b1, b2]).unwrap();
    let statement = TariStatement::init(p.clone(), vec![commitment], vec![None], None).unwrap();
    let witness = RangeWitness::init(vec![CommitmentOpening::new(9, vec![b1, b2])]).unwrap();
    let theirs = RistrettoRangeProof::prove(&mut tari_merlin::Transcript::new(LABEL), &statement, &witness).unwrap();
    RistrettoRangeProof::verify_batch(
        &mut [tari_merlin::Transcript::new(LABEL)],
        &[statement],
        std::slice::from_ref(&theirs),
        VerifyAction::VerifyOnly,
    )
    .unwrap();
    let bytes = theirs.to_bytes();
    assert_eq!(bytes[0], 2);
    // Its second δ' scalar makes a length no degree-1 proof has: the length
    // is refused before the degree byte is read (UnsupportedExtensionDegree
    // only where the length happens to fit, as for odd degrees).
    assert_eq!(
        RangeProofPlus::<R>::from_tari_bytes(&bytes).err(),
        Some(ProofError::WrongLength { expected: 0, got: bytes.len() })
    );
}

#[test]
fn tari_3_lengths() {
    let fixed = 1 + 3 * 32 + 3 * 32;
    for rounds in [0usize, 13, 20] {
        let len = fixed + 64 * rounds;
        let mut zeros = vec![0u8; len];
        zeros[0] = 1;
        assert_eq!(
            RangeProofPlus::<R>::from_tari_bytes(&zeros).err(),
            Some(ProofError::WrongLength { expected: 0, got: len })
        );
        // tari decodes any number of rounds but none.
        assert_eq!(RistrettoRangeProof::from_bytes(&zeros).is_ok(), rounds > 0, "{rounds}");
    }
    for got in [0usize, 1, fixed + 64 - 1, fixed + 65] {
        let mut b = vec![0u8; got];
        if let Some(first) = b.first_mut() {
            *first = 1;
        }
        assert_eq!(RangeProofPlus::<R>::from_tari_bytes(&b).err(), Some(ProofError::WrongLength { expected: 0, got }));
    }
}

#[test]
fn tari_4_invalid_points() {
    let (bytes, c) = tari_proof(8, &[5, 6], 212);
    for (offset, field) in tari_layout(4) {
        if let Field::Point(_) = field {
            let mut bad = bytes.clone();
            bad[offset..offset + 32].fill(0xff);
            assert_eq!(RangeProofPlus::<R>::from_tari_bytes(&bad).err(), Some(ProofError::InvalidPoint { offset }));
            RistrettoRangeProof::from_bytes(&bad).unwrap();
            assert!(!tari_accepts(&bad, &c, 8, vec![None; 2]));
        }
    }
}

#[test]
fn tari_5_identity_points() {
    let (bytes, c) = tari_proof(8, &[5, 6], 213);
    for (offset, field) in tari_layout(4) {
        if let Field::Point(label) = field {
            let mut bad = bytes.clone();
            bad[offset..offset + 32].fill(0);
            assert_eq!(tari_check(&bad, &c, 8), Err(ProofError::IdentityPoint { label }));
            assert!(!tari_accepts(&bad, &c, 8, vec![None; 2]));
        }
    }
    // Pedersen bases that are the identity.
    let proof = RangeProofPlus::<R>::from_tari_bytes(&bytes).unwrap();
    let mut pc = PedersenGens::<R>::tari_compatible();
    pc.b = R::identity();
    let gens = Generators::from_parts(pc, BulletproofGens::new(8, 2));
    assert_eq!(
        proof.verify_tari_compatible(&gens, &mut Transcript::new(LABEL), &c, 8),
        Err(ProofError::IdentityPoint { label: "H" })
    );
}

#[test]
fn tari_6_shapes() {
    let (bytes, c) = tari_proof(8, &[5, 6], 214);
    let proof = RangeProofPlus::<R>::from_tari_bytes(&bytes).unwrap();
    let gens = tari_gens(64, 4);
    let verify = |commitments: &[CompressedRistretto], n: usize| {
        proof.verify_tari_compatible(&gens, &mut Transcript::new(LABEL), commitments, n)
    };
    assert_eq!(verify(&c, 12), Err(ProofError::InvalidBitsize { bits: 12 }));
    assert_eq!(verify(&c[..1], 1), Err(ProofError::InvalidBitsize { bits: 1 }));
    assert_eq!(verify(&[c[0], c[1], c[0]], 8), Err(ProofError::InvalidAggregation { values: 3 }));
    assert_eq!(verify(&c, 0), Err(ProofError::InvalidBitsize { bits: 0 }));
}

#[test]
fn tari_7_noncanonical_scalars() {
    let (bytes, _) = tari_proof(8, &[5, 6], 215);
    for (offset, field) in tari_layout(4) {
        if field == Field::Scalar {
            let mut bad = bytes.clone();
            bad[offset..offset + 32].copy_from_slice(&noncanonical_scalars::<R>()[0]);
            assert_eq!(
                RangeProofPlus::<R>::from_tari_bytes(&bad).err(),
                Some(ProofError::NonCanonicalScalar { offset })
            );
            assert!(RistrettoRangeProof::from_bytes(&bad).is_err());
        }
    }
}

#[test]
fn tari_8_minimum_value_promises() {
    // tari binds a minimum value per commitment; ballistic binds 0 (none).
    let p = tari_params(8, 1, ExtensionDegree::DefaultPedersen);
    let b = DalekScalar::from(7u8);
    let commitment = p.pc_gens().commit(&DalekScalar::from(50u8), &[b]).unwrap();
    let statement = TariStatement::init(p, vec![commitment], vec![Some(40)], None).unwrap();
    let witness = RangeWitness::init(vec![CommitmentOpening::new(50, vec![b])]).unwrap();
    let theirs = RistrettoRangeProof::prove(&mut tari_merlin::Transcript::new(LABEL), &statement, &witness).unwrap();
    let bytes = theirs.to_bytes();
    let c = [commitment.compress()];
    assert!(tari_accepts(&bytes, &c, 8, vec![Some(40)]));
    assert_eq!(tari_check(&bytes, &c, 8), Err(ProofError::VerificationFailed));
}

// -------------------------------------------------------------------- Grin

use ballistic::compat::grin::{
    check_shape, commitment_from_bytes, commitment_to_bytes, generator_from_bytes, proof_len, scalar_from_bytes,
    GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinStatement, GENERATOR_H_XY,
};
use ballistic::Secp256k1;
use secp256k1zkp::ffi;

type K = <Secp256k1 as Group>::Point;

/// secp256k1-zkp's verifier (`secp256k1_bulletproof_rangeproof_verify`)
/// with Grin's 256 generators. A scratch space per call, as Grin's wrapper
/// does: the C verifier returns early on an undecodable point without
/// freeing its scratch frame, and a scratch space reused after a few such
/// returns makes the next call dereference a null frame.
struct C {
    ctx: *mut ffi::Context,
    gens: *mut ffi::BulletproofGenerators,
}

impl C {
    fn new() -> Self {
        unsafe {
            let ctx = ffi::secp256k1_context_create(ffi::SECP256K1_START_SIGN | ffi::SECP256K1_START_VERIFY);
            let gens =
                ffi::secp256k1_bulletproof_generators_create(ctx, secp256k1zkp::constants::GENERATOR_G.as_ptr(), 256);
            C { ctx, gens }
        }
    }

    fn verify(&self, proof: &[u8], commits: &[K], nbits: usize, extra: Option<&[u8]>, mins: Option<&[u64]>) -> bool {
        let internal: Vec<u8> = commits
            .iter()
            .flat_map(|c| {
                let mut out = [0u8; 64];
                out[..33].copy_from_slice(&commitment_to_bytes(c).unwrap());
                out
            })
            .collect();
        let one = [0u8; 1];
        unsafe {
            let scratch = ffi::secp256k1_scratch_space_create(self.ctx, 64 << 20);
            let ok = ffi::secp256k1_bulletproof_rangeproof_verify(
                self.ctx,
                scratch,
                self.gens,
                proof.as_ptr(),
                proof.len(),
                mins.map_or(std::ptr::null(), |m| m.as_ptr()),
                internal.as_ptr(),
                commits.len(),
                nbits,
                GENERATOR_H_XY.as_ptr(),
                extra.map_or(std::ptr::null(), |e| if e.is_empty() { one.as_ptr() } else { e.as_ptr() }),
                extra.map_or(0, <[u8]>::len),
            ) == 1;
            ffi::secp256k1_scratch_space_destroy(scratch);
            ok
        }
    }
}

impl Drop for C {
    fn drop(&mut self) {
        unsafe {
            ffi::secp256k1_bulletproof_generators_destroy(self.ctx, self.gens);
            ffi::secp256k1_context_destroy(self.ctx);
        }
    }
}

fn grin_blinding(k: u8) -> <Secp256k1 as Group>::Scalar {
    let mut b = [0u8; 32];
    b[0] = 0x21;
    b[31] = k;
    scalar_from_bytes(&b).unwrap()
}

/// An honest Grin proof of `values` (`n` bits each) on Grin's `H`.
fn grin_proof(n: usize, values: &[u64], mins: Option<&[u64]>, extra: Option<&[u8]>) -> (Vec<u8>, Vec<K>) {
    let openings: Vec<GrinOpening> = values
        .iter()
        .enumerate()
        .map(|(j, &value)| GrinOpening { value, blinding: grin_blinding(j as u8 + 1) })
        .collect();
    let nonces = GrinNonces { rewind: [3; 32], private: [4; 32] };
    let options = GrinProveOptions { n_bits: n, value_gen: None, min_values: mins, extra_commit: extra, message: None };
    let (proof, commitments) = GrinProof::prove(&openings, &nonces, &options).unwrap();
    (proof.to_bytes(), commitments)
}

fn grin_check(bytes: &[u8], statement: &GrinStatement) -> Result<(), ProofError> {
    GrinProof::from_bytes(bytes)?.verify(statement, &mut rng(220))
}

/// Offsets of a 64-bit single-value proof: scalars (`−τ_x, −μ, t̂, a₀, a₁,
/// b₀, b₁`) and x-coordinates (`A, S, T₁, T₂`, then five `L, R` pairs).
fn grin_offsets() -> (Vec<usize>, Vec<usize>) {
    let scalars = vec![0, 32, 193, 225, 257, 289, 321];
    let points = [65, 97, 129, 161].into_iter().chain((0..10).map(|i| 355 + 32 * i)).collect();
    (scalars, points)
}

#[test]
fn grin_1_honest_proofs_cross_verify() {
    let c = C::new();
    for (n, values) in [(64usize, vec![1_000_000u64]), (16, vec![5, 6]), (1, vec![1])] {
        let (bytes, v) = grin_proof(n, &values, None, Some(b"kernel"));
        let statement = GrinStatement::new(n, v.clone(), None, None, Some(b"kernel".to_vec())).unwrap();
        grin_check(&bytes, &statement).unwrap();
        assert!(c.verify(&bytes, &v, n, Some(b"kernel"), None), "n = {n}");
    }
}

#[test]
fn grin_enc_1_lengths() {
    let lens: Vec<usize> = (0..8).map(|k| proof_len(1 << k).unwrap()).collect();
    assert_eq!(lens, [289, 353, 418, 482, 546, 610, 675, 739]);
    for got in [0usize, 288, 290, 674, 676, 740, 1000] {
        assert_eq!(GrinProof::from_bytes(&vec![0u8; got]).err(), Some(ProofError::WrongLength { expected: 0, got }));
    }
    // A proof of another vector length than the statement's; a truncated one.
    let c = C::new();
    let (bytes, v) = grin_proof(32, &[5], None, None);
    let statement = GrinStatement::new(64, v.clone(), None, None, None).unwrap();
    assert_eq!(grin_check(&bytes, &statement), Err(ProofError::WrongLength { expected: 675, got: 610 }));
    assert!(c.verify(&bytes, &v, 32, None, None));
    assert!(!c.verify(&bytes, &v, 64, None, None));
    assert!(!c.verify(&bytes[..609], &v, 32, None, None));
}

#[test]
fn grin_enc_2_scalars_at_least_the_order() {
    let c = C::new();
    let (bytes, v) = grin_proof(64, &[77], None, None);
    let mut order_be = crate::common::order_plus::<Secp256k1>(0);
    order_be.reverse();
    for offset in grin_offsets().0 {
        let mut bad = bytes.clone();
        bad[offset..offset + 32].copy_from_slice(&order_be);
        assert_eq!(GrinProof::from_bytes(&bad).err(), Some(ProofError::NonCanonicalScalar { offset }));
        assert!(!c.verify(&bad, &v, 64, None, None), "C accepts ℓ at {offset}");
    }
}

#[test]
fn grin_enc_3_zero_scalars() {
    let c = C::new();
    let (bytes, v) = grin_proof(64, &[77], None, None);
    for offset in grin_offsets().0 {
        let mut bad = bytes.clone();
        bad[offset..offset + 32].fill(0);
        assert_eq!(GrinProof::from_bytes(&bad).err(), Some(ProofError::NonCanonicalScalar { offset }));
        assert!(!c.verify(&bad, &v, 64, None, None), "C accepts zero at {offset}");
    }
}

#[test]
fn grin_enc_4_x_at_least_p() {
    let (bytes, _) = grin_proof(64, &[77], None, None);
    let p = hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap();
    for offset in grin_offsets().1 {
        for x in [p.clone(), vec![0xff; 32]] {
            let mut bad = bytes.clone();
            bad[offset..offset + 32].copy_from_slice(&x);
            assert_eq!(GrinProof::from_bytes(&bad).err(), Some(ProofError::InvalidPoint { offset }));
        }
    }
}

#[test]
fn grin_enc_5_x_off_the_curve() {
    let c = C::new();
    let (bytes, v) = grin_proof(64, &[77], None, None);
    let mut five = [0u8; 32];
    five[31] = 5;
    for offset in grin_offsets().1 {
        let mut bad = bytes.clone();
        bad[offset..offset + 32].copy_from_slice(&five);
        assert_eq!(GrinProof::from_bytes(&bad).err(), Some(ProofError::InvalidPoint { offset }));
        assert!(!c.verify(&bad, &v, 64, None, None));
    }
}

#[test]
fn grin_enc_6_unused_flag_bits() {
    let c = C::new();
    let (bytes, v) = grin_proof(64, &[77], None, None);
    // Byte 64: flags of A, S, T₁, T₂ in bits 0–3. Bytes 353–354: ten L/R flags.
    for (offset, bit) in [(64usize, 4u8), (64, 7), (354, 2), (354, 7)] {
        let mut bad = bytes.clone();
        bad[offset] |= 1 << bit;
        assert_eq!(GrinProof::from_bytes(&bad).err(), Some(ProofError::InvalidPoint { offset }));
        // secp256k1-zkp ignores them: it accepts the proof.
        assert!(c.verify(&bad, &v, 64, None, None), "C refuses bit {bit} of byte {offset}");
    }
}

#[test]
fn grin_enc_7_commitment_and_generator_encodings() {
    let (_, v) = grin_proof(64, &[77], None, None);
    let good = commitment_to_bytes(&v[0]).unwrap();
    assert!(good[0] == 8 || good[0] == 9);
    assert_eq!(commitment_from_bytes(&good).unwrap(), v[0]);
    for prefix in [2u8, 3, 0x0a, 0x0b, 0, 0xff] {
        let mut bad = good;
        bad[0] = prefix;
        assert_eq!(commitment_from_bytes(&bad).err(), Some(ProofError::InvalidCommitment { index: 0 }));
    }
    let mut as_generator = good;
    as_generator[0] += 2;
    assert!(generator_from_bytes(&as_generator).is_some());
    assert!(generator_from_bytes(&good).is_none());
}

#[test]
fn grin_id_1_no_identity() {
    let (_, v) = grin_proof(64, &[77], None, None);
    let identity = Secp256k1::identity();
    assert!(commitment_to_bytes(&identity).is_none());
    assert_eq!(
        GrinStatement::new(64, vec![identity], None, None, None).err(),
        Some(ProofError::InvalidCommitment { index: 0 })
    );
    assert_eq!(
        GrinStatement::new(64, v, Some(identity), None, None).err(),
        Some(ProofError::IdentityPoint { label: "value generator" })
    );
}

#[test]
fn grin_sh_1_shapes() {
    let unsupported = |reason: &'static str, got: usize| ProofError::UnsupportedShape { format: "Grin", reason, got };
    for n in [0usize, 3, 48, 128] {
        assert_eq!(check_shape(n, 1, None), Err(unsupported("bits per value must be a power of two up to 64", n)));
    }
    for m in [0usize, 3, 5] {
        assert_eq!(check_shape(8, m, None), Err(unsupported("the number of values must be a power of two", m)));
    }
    assert_eq!(
        check_shape(64, 4, None),
        Err(unsupported("bits times values must be at most 128 (Grin's 256 generators)", 256))
    );
    assert_eq!(check_shape(64, 2, None), Ok(128));
    assert_eq!(check_shape(1, 1, None), Ok(1));
    let (_, v) = grin_proof(8, &[1, 2, 3, 4], None, None);
    assert_eq!(
        GrinStatement::new(8, v[..3].to_vec(), None, None, None).err(),
        Some(unsupported("the number of values must be a power of two", 3))
    );
}

#[test]
fn grin_min_1_minimum_values_only_for_one_value() {
    let unsupported =
        ProofError::UnsupportedShape { format: "Grin", reason: "minimum values only for single-value proofs", got: 2 };
    assert_eq!(check_shape(32, 2, Some(2)), Err(unsupported));
    assert_eq!(check_shape(32, 2, Some(1)), Err(ProofError::WrongNumCommitments { expected: 2, got: 1 }));
    assert_eq!(check_shape(64, 1, Some(2)), Err(ProofError::WrongNumCommitments { expected: 1, got: 2 }));
    // One value with a minimum: both verifiers accept.
    let c = C::new();
    let (bytes, v) = grin_proof(64, &[1_000_050], Some(&[1_000_000]), None);
    grin_check(&bytes, &GrinStatement::new(64, v.clone(), None, Some(vec![1_000_000]), None).unwrap()).unwrap();
    assert!(c.verify(&bytes, &v, 64, None, Some(&[1_000_000])));
}

#[test]
fn grin_min_2_minimum_below_2_pow_32() {
    let (_, v) = grin_proof(64, &[77], None, None);
    for min in [1u64 << 32, u64::MAX] {
        assert_eq!(
            GrinStatement::new(64, v.clone(), None, Some(vec![min]), None).err(),
            Some(ProofError::MinValueTooLarge { index: 0, min })
        );
    }
    GrinStatement::new(64, v, None, Some(vec![u32::MAX as u64]), None).unwrap();
}

#[test]
fn grin_st_1_statement_is_bound() {
    let c = C::new();
    let (bytes, v) = grin_proof(64, &[1_000_050], Some(&[1_000]), Some(b""));
    let ok = GrinStatement::new(64, v.clone(), None, Some(vec![1_000]), Some(vec![])).unwrap();
    grin_check(&bytes, &ok).unwrap();
    assert!(c.verify(&bytes, &v, 64, Some(b""), Some(&[1_000])));
    // `extra_commit` absent is not empty; another minimum; another generator; another commitment.
    let g = Secp256k1::hash_to_point(&[5; 64]);
    let other_c = v[0] + Secp256k1::basepoint();
    for (statement, extra, mins) in [
        (GrinStatement::new(64, v.clone(), None, Some(vec![1_000]), None).unwrap(), None, Some(&[1_000u64][..])),
        (
            GrinStatement::new(64, v.clone(), None, Some(vec![999]), Some(vec![])).unwrap(),
            Some(&b""[..]),
            Some(&[999u64][..]),
        ),
        (GrinStatement::new(64, v.clone(), None, None, Some(vec![])).unwrap(), Some(&b""[..]), None),
    ] {
        assert_eq!(grin_check(&bytes, &statement), Err(ProofError::VerificationFailed));
        assert!(!c.verify(&bytes, &v, 64, extra, mins));
    }
    for statement in [
        GrinStatement::new(64, v.clone(), Some(g), Some(vec![1_000]), Some(vec![])).unwrap(),
        GrinStatement::new(64, vec![other_c], None, Some(vec![1_000]), Some(vec![])).unwrap(),
    ] {
        assert_eq!(grin_check(&bytes, &statement), Err(ProofError::VerificationFailed));
    }
    assert!(!c.verify(&bytes, &[other_c], 64, Some(b""), Some(&[1_000])));
}

// ------------------------------------------------------------------ Monero

use ballistic::compat::monero::{MoneroConsensus, MoneroOriginalProof, MoneroPlusProof, MoneroStatement};
use monero_bulletproofs::Bulletproof;
use monero_ed25519::CompressedPoint;

const STRICT: MoneroConsensus = MoneroConsensus::Strict;
const CONSENSUS: MoneroConsensus = MoneroConsensus::Monero;

#[derive(Copy, Clone, Debug, PartialEq)]
enum Kind {
    Plus,
    Original,
}

const KINDS: [Kind; 2] = [Kind::Plus, Kind::Original];

fn mon_proof(kind: Kind, m: usize, seed: u64) -> (Vec<u8>, Vec<CompressedEdwardsY>) {
    let mut r = rng(seed);
    let amounts: Vec<u64> = (0..m as u64).map(|j| j * 1000 + 7).collect();
    let masks: Vec<DalekScalar> = (0..m).map(|_| <DalekScalar as ScalarOps>::random(&mut r)).collect();
    match kind {
        Kind::Plus => {
            let (p, c) = MoneroPlusProof::prove(&amounts, &masks, &mut r).unwrap();
            (p.to_bytes(), c)
        }
        Kind::Original => {
            let (p, c) = MoneroOriginalProof::prove(&amounts, &masks, &mut r).unwrap();
            (p.to_bytes(), c)
        }
    }
}

fn mon_decode(kind: Kind, bytes: &[u8], mode: MoneroConsensus) -> Result<(), ProofError> {
    match kind {
        Kind::Plus => MoneroPlusProof::from_bytes_with(bytes, mode).map(|_| ()),
        Kind::Original => MoneroOriginalProof::from_bytes_with(bytes, mode).map(|_| ()),
    }
}

fn mon_check(kind: Kind, bytes: &[u8], c: &[CompressedEdwardsY], mode: MoneroConsensus) -> Result<(), ProofError> {
    match kind {
        Kind::Plus => MoneroPlusProof::from_bytes_with(bytes, mode)?.verify(c, &mut rng(230)),
        Kind::Original => MoneroOriginalProof::from_bytes_with(bytes, mode)?.verify(c, &mut rng(230)),
    }
}

/// `monero-bulletproofs`' verdict.
fn monero_accepts(kind: Kind, bytes: &[u8], c: &[CompressedEdwardsY]) -> bool {
    let read = match kind {
        Kind::Plus => Bulletproof::read_plus(&mut &bytes[..]),
        Kind::Original => Bulletproof::read(&mut &bytes[..]),
    };
    let Ok(proof) = read else { return false };
    let c: Vec<CompressedPoint> = c.iter().map(|c| CompressedPoint::from(c.to_bytes())).collect();
    proof.verify(&mut rng(231), &c)
}

/// Offsets of the points and of the scalars of a proof with `k` rounds.
fn mon_layout(kind: Kind, k: usize) -> (Vec<usize>, Vec<usize>) {
    let lr = (0..k).map(|i| 193 + 32 * i).chain((0..k).map(|i| 194 + 32 * (k + i)));
    match kind {
        Kind::Plus => ([0, 32, 64].into_iter().chain(lr).collect(), vec![96, 128, 160]),
        Kind::Original => {
            let end = 194 + 64 * k;
            ([0, 32, 64, 96].into_iter().chain(lr).collect(), vec![128, 160, end, end + 32, end + 64])
        }
    }
}

fn ed(p: &EdwardsPoint) -> [u8; 32] {
    p.compress().to_bytes()
}

#[test]
fn mon_1_honest_proofs_cross_verify() {
    for kind in KINDS {
        for m in [1usize, 3] {
            let (bytes, c) = mon_proof(kind, m, 240);
            mon_check(kind, &bytes, &c, STRICT).unwrap();
            mon_check(kind, &bytes, &c, CONSENSUS).unwrap();
            assert!(monero_accepts(kind, &bytes, &c), "{kind:?} m = {m}");
        }
    }
}

#[test]
fn mon_enc_1_framing() {
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 1, 241);
        let k = usize::from(bytes[192]);
        assert_eq!(k, 6);
        for mode in [STRICT, CONSENSUS] {
            // Trailing bytes, a missing byte.
            let mut long = bytes.clone();
            long.push(0);
            let want = |got| Some(ProofError::WrongLength { expected: bytes.len(), got });
            assert_eq!(mon_decode(kind, &long, mode).err(), want(long.len()));
            assert!(mon_decode(kind, &bytes[..bytes.len() - 1], mode).is_err());
            assert!(!monero_accepts(kind, &bytes[..bytes.len() - 1], &c));
            // Vector lengths outside 6..=10, or |L| ≠ |R|.
            for len in [0u8, 5, 11, 0x80] {
                let mut bad = bytes.clone();
                bad[192] = len;
                assert_eq!(
                    mon_decode(kind, &bad, mode).err(),
                    Some(ProofError::WrongLength { expected: 0, got: bad.len() })
                );
                assert!(!monero_accepts(kind, &bad, &c), "{kind:?}: length {len}");
            }
        }
        // |R| = |L| + 1: the last R point repeated.
        let r_end = 194 + 64 * k;
        let mut uneven = bytes[..r_end].to_vec();
        uneven[193 + 32 * k] += 1;
        uneven.extend_from_slice(&bytes[r_end - 32..]);
        for mode in [STRICT, CONSENSUS] {
            assert_eq!(
                mon_decode(kind, &uneven, mode).err(),
                Some(ProofError::WrongLength { expected: bytes.len(), got: uneven.len() })
            );
        }
        assert!(!monero_accepts(kind, &uneven, &c));
        // monero-bulletproofs reads one proof off a stream and leaves what follows.
        let mut long = bytes.clone();
        long.extend([1, 2, 3]);
        assert!(monero_accepts(kind, &long, &c));
    }
}

#[test]
fn mon_enc_2_noncanonical_scalars() {
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 2, 242);
        let (_, scalars) = mon_layout(kind, usize::from(bytes[192]));
        for offset in scalars {
            let mut bad = bytes.clone();
            bad[offset..offset + 32].copy_from_slice(&noncanonical_scalars::<ballistic::Ed25519>()[0]);
            for mode in [STRICT, CONSENSUS] {
                assert_eq!(mon_decode(kind, &bad, mode).err(), Some(ProofError::NonCanonicalScalar { offset }));
            }
            assert!(!monero_accepts(kind, &bad, &c));
        }
    }
}

/// Non-canonical point encodings: `y = p + 1` (the identity's `y`, ≥ p)
/// and negative zero.
fn noncanonical_points() -> [[u8; 32]; 2] {
    let mut y_p_plus_1 = [0xffu8; 32];
    y_p_plus_1[0] = 0xee;
    y_p_plus_1[31] = 0x7f;
    let mut neg_zero = [0u8; 32];
    neg_zero[0] = 1;
    neg_zero[31] = 0x80;
    [y_p_plus_1, neg_zero]
}

#[test]
fn mon_enc_3_noncanonical_points() {
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 1, 243);
        let (points, _) = mon_layout(kind, usize::from(bytes[192]));
        for offset in points {
            for enc in noncanonical_points() {
                let mut bad = bytes.clone();
                bad[offset..offset + 32].copy_from_slice(&enc);
                for mode in [STRICT, CONSENSUS] {
                    assert_eq!(mon_decode(kind, &bad, mode).err(), Some(ProofError::InvalidPoint { offset }));
                }
                assert!(!monero_accepts(kind, &bad, &c));
            }
        }
    }
}

#[test]
fn mon_enc_4_identity_and_small_order_proof_points() {
    let torsion = torsion();
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 1, 244);
        let (points, _) = mon_layout(kind, usize::from(bytes[192]));
        for offset in points {
            // The identity and points of order 2, 4 and 8.
            for t in [torsion[0], torsion[4], torsion[2], torsion[1]].iter() {
                let mut bad = bytes.clone();
                bad[offset..offset + 32].copy_from_slice(&ed(t));
                assert_eq!(mon_decode(kind, &bad, STRICT).err(), Some(ProofError::InvalidPoint { offset }));
                mon_decode(kind, &bad, CONSENSUS).unwrap();
                assert_eq!(mon_check(kind, &bad, &c, CONSENSUS), Err(ProofError::VerificationFailed));
                assert!(!monero_accepts(kind, &bad, &c));
            }
        }
    }
}

#[test]
fn mon_enc_5_torsioned_proof_points() {
    let torsion = torsion();
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 1, 245);
        let (points, _) = mon_layout(kind, usize::from(bytes[192]));
        for offset in points {
            let p = CompressedEdwardsY(bytes[offset..offset + 32].try_into().unwrap()).decompress().unwrap();
            for t in [torsion[4], torsion[2], torsion[1]].iter() {
                let mut bad = bytes.clone();
                bad[offset..offset + 32].copy_from_slice(&ed(&(p + t)));
                assert_eq!(mon_decode(kind, &bad, STRICT).err(), Some(ProofError::InvalidPoint { offset }));
                mon_decode(kind, &bad, CONSENSUS).unwrap();
                // The bytes are hashed as sent: the challenges change, as in Monero.
                assert_eq!(mon_check(kind, &bad, &c, CONSENSUS).is_ok(), monero_accepts(kind, &bad, &c));
                assert_eq!(mon_check(kind, &bad, &c, CONSENSUS), Err(ProofError::VerificationFailed));
            }
        }
    }
}

#[test]
fn mon_st_1_one_to_sixteen_outputs() {
    let (_, c) = mon_proof(Kind::Plus, 1, 246);
    for got in [0usize, 17] {
        let many = vec![c[0]; got];
        for mode in [STRICT, CONSENSUS] {
            assert_eq!(
                MoneroStatement::with_consensus(&many, mode).err(),
                Some(ProofError::UnsupportedShape { format: "Monero", reason: "1 to 16 outputs", got })
            );
        }
    }
    MoneroStatement::new(&vec![c[0]; 16]).unwrap();
}

#[test]
fn mon_st_2_identity_and_small_order_commitments() {
    for (k, t) in torsion().iter().enumerate() {
        let c = [t.compress()];
        assert_eq!(MoneroStatement::new(&c).err(), Some(ProofError::InvalidCommitment { index: 0 }), "T{k}");
        MoneroStatement::with_consensus(&c, CONSENSUS).unwrap();
    }
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 2, 247);
        let with_identity = [c[0], EdwardsPoint::default().compress()];
        assert_eq!(mon_check(kind, &bytes, &with_identity, STRICT), Err(ProofError::InvalidCommitment { index: 1 }));
        assert_eq!(mon_check(kind, &bytes, &with_identity, CONSENSUS), Err(ProofError::VerificationFailed));
        assert!(!monero_accepts(kind, &bytes, &with_identity));
    }
}

#[test]
fn mon_st_3_torsioned_commitments() {
    let torsion = torsion();
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 2, 248);
        for index in 0..2 {
            let v = c[index].decompress().unwrap();
            for t in &torsion[1..] {
                let mut bad = c.clone();
                bad[index] = (v + t).compress();
                assert_eq!(mon_check(kind, &bytes, &bad, STRICT), Err(ProofError::InvalidCommitment { index }));
                MoneroStatement::with_consensus(&bad, CONSENSUS).unwrap();
                assert_eq!(mon_check(kind, &bytes, &bad, CONSENSUS).is_ok(), monero_accepts(kind, &bytes, &bad));
                assert_eq!(mon_check(kind, &bytes, &bad, CONSENSUS), Err(ProofError::VerificationFailed));
            }
        }
    }
}

#[test]
fn mon_st_4_noncanonical_commitments() {
    for enc in noncanonical_points() {
        for mode in [STRICT, CONSENSUS] {
            assert_eq!(
                MoneroStatement::with_consensus(&[CompressedEdwardsY(enc)], mode).err(),
                Some(ProofError::InvalidCommitment { index: 0 })
            );
        }
    }
}

#[test]
fn mon_sh_1_proof_of_another_number_of_outputs() {
    for kind in KINDS {
        let (bytes, c) = mon_proof(kind, 3, 249);
        // 3 and 4 outputs pad alike; 2 and 5 do not.
        let four = [c.clone(), vec![c[0]]].concat();
        for other in [&c[..2], &four[..], &[c.clone(), c[..2].to_vec()].concat()[..]] {
            for mode in [STRICT, CONSENSUS] {
                assert_eq!(
                    mon_check(kind, &bytes, other, mode),
                    Err(ProofError::VerificationFailed),
                    "{kind:?} m = {}",
                    other.len()
                );
            }
            assert!(!monero_accepts(kind, &bytes, other));
        }
    }
}
