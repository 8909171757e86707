//! Range proofs: honest proofs verify for every kind of shape, and every
//! kind of tampering is rejected without panicking.
//!
//! The suite is written once, generic over the group; each group adds one
//! line to `for_each_group!`.

use crate::common::{order_plus, RangeSystem};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Generators, ProofError, RangeShape};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

const LABEL: &[u8] = b"ballistic test";

struct Fixture<G: Group, S: RangeSystem<G>> {
    gens: Generators<G>,
    rng: ChaCha20Rng,
    _system: core::marker::PhantomData<S>,
}

impl<G: Group, S: RangeSystem<G>> Fixture<G, S> {
    fn new(seed: u64) -> Self {
        // 128 chains of 64: every shape n ≤ 64, m ≤ 64 fits (⌈N/n⌉ < 2m).
        Fixture {
            gens: Generators::new(64, 128),
            rng: ChaCha20Rng::seed_from_u64(seed),
            _system: core::marker::PhantomData,
        }
    }

    fn values(&mut self, n: usize, m: usize) -> Vec<u64> {
        let max = RangeShape::new(n, m).unwrap().max_value();
        (0..m).map(|_| self.rng.gen::<u64>() & max).collect()
    }

    fn prove(&mut self, values: &[u64], n: usize) -> (S, Vec<G::Compressed>, Vec<G::Scalar>) {
        let blindings: Vec<G::Scalar> =
            values.iter().map(|_| <G::Scalar as ScalarOps>::random(&mut self.rng)).collect();
        let (proof, commitments) =
            S::prove(&self.gens, &mut Transcript::new(LABEL), values, &blindings, n, &mut self.rng).unwrap();
        (proof, commitments, blindings)
    }

    fn verify(&mut self, proof: &S, commitments: &[G::Compressed], n: usize) -> Result<(), ProofError> {
        self.verify_labelled(proof, commitments, n, LABEL)
    }

    fn verify_labelled(
        &mut self,
        proof: &S,
        commitments: &[G::Compressed],
        n: usize,
        label: &'static [u8],
    ) -> Result<(), ProofError> {
        proof.verify_multiple_with_rng(&self.gens, &mut Transcript::new(label), commitments, n, &mut self.rng)
    }

    /// Decode and verify bytes: `true` only if both succeed.
    fn accepts_bytes(&mut self, bytes: &[u8], commitments: &[G::Compressed], n: usize) -> bool {
        match S::from_bytes(bytes) {
            Ok(p) => self.verify(&p, commitments, n).is_ok(),
            Err(_) => false,
        }
    }
}

fn honest_shapes<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(1);
    for n in [1usize, 2, 7, 8, 16, 32, 33, 63, 64] {
        for m in [1usize, 2, 3, 5, 17] {
            let values = f.values(n, m);
            let (proof, commitments, _) = f.prove(&values, n);
            assert_eq!(proof.to_bytes().len(), S::encoded_len(n, m).unwrap());
            f.verify(&proof, &commitments, n).unwrap_or_else(|e| panic!("n={n} m={m}: {e}"));
        }
    }
    for (n, m) in [(64, 64), (1, 64), (3, 64), (63, 7)] {
        let values = f.values(n, m);
        let (proof, commitments, _) = f.prove(&values, n);
        f.verify(&proof, &commitments, n).unwrap_or_else(|e| panic!("n={n} m={m}: {e}"));
    }
}

fn edge_values<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(2);
    for n in [1usize, 8, 31, 64] {
        let max = RangeShape::new(n, 1).unwrap().max_value();
        let values = [0, max, max / 2, 1.min(max)];
        let (proof, commitments, _) = f.prove(&values, n);
        f.verify(&proof, &commitments, n).unwrap();
    }
    // Value 0 with blinding 0 commits to the identity; still a valid statement.
    let zero = G::Scalar::zero();
    let (proof, commitments) = S::prove(&f.gens, &mut Transcript::new(LABEL), &[0], &[zero], 8, &mut f.rng).unwrap();
    assert!(G::is_identity_compressed(&commitments[0]));
    f.verify(&proof, &commitments, 8).unwrap();
}

fn prover_errors<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(3);
    let b = G::Scalar::one();
    let prove = |f: &mut Fixture<G, S>, values: &[u64], blindings: &[G::Scalar], n: usize| {
        S::prove(&f.gens, &mut Transcript::new(LABEL), values, blindings, n, &mut f.rng).map(|_| ())
    };
    for n in [1usize, 8, 32, 63] {
        assert_eq!(prove(&mut f, &[1u64 << n], &[b], n), Err(ProofError::ValueOutOfRange { index: 0, bits: n }));
        assert_eq!(
            prove(&mut f, &[0, 0, u64::MAX], &[b, b, b], n),
            Err(ProofError::ValueOutOfRange { index: 2, bits: n })
        );
    }
    assert_eq!(prove(&mut f, &[1], &[b], 0), Err(ProofError::InvalidBitsize { bits: 0 }));
    assert_eq!(prove(&mut f, &[1], &[b], 65), Err(ProofError::InvalidBitsize { bits: 65 }));
    assert_eq!(prove(&mut f, &[], &[], 8), Err(ProofError::InvalidAggregation { values: 0 }));
    assert_eq!(prove(&mut f, &[1; 65], &[b; 65], 8), Err(ProofError::InvalidAggregation { values: 65 }));
    assert_eq!(prove(&mut f, &[1, 2], &[b], 8), Err(ProofError::WrongNumBlindings { values: 2, blindings: 1 }));
    // Generators too small: an error, not a panic.
    let small = Generators::<G>::new(8, 1);
    let r = S::prove(&small, &mut Transcript::new(LABEL), &[1, 2], &[b, b], 16, &mut f.rng);
    assert!(matches!(r, Err(ProofError::InsufficientGenerators { .. })));
}

fn sizes<G: Group, S: RangeSystem<G>>() {
    let point = G::POINT_LEN;
    let base = S::base_len();
    for (n, m, rounds) in [(64, 1, 6), (64, 2, 7), (32, 2, 6), (8, 1, 3), (1, 1, 0), (33, 3, 7), (64, 64, 12)] {
        assert_eq!(S::encoded_len(n, m).unwrap(), base + 2 * rounds * point, "n={n} m={m}");
    }
    if point == 32 {
        // 672 bytes for Bulletproofs, 576 (96 fewer) for Bulletproofs+.
        assert!([672, 576].contains(&S::encoded_len(64, 1).unwrap()));
    }
    if point == 33 {
        // The paper's Table 2 figure for 33-byte points: 688 bytes; 591
        // for Bulletproofs+ (15 points, 3 scalars).
        assert!([688, 591].contains(&S::encoded_len(64, 1).unwrap()));
    }
    let mut last = S::encoded_len(64, 1).unwrap();
    for m in [2, 4, 8, 16, 32, 64] {
        let len = S::encoded_len(64, m).unwrap();
        assert_eq!(len, last + 2 * point, "doubling m to {m}");
        last = len;
    }
}

fn every_byte_change_rejected<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(4);
    for (n, m) in [(64usize, 1usize), (8, 2), (3, 3)] {
        let values = f.values(n, m);
        let (proof, commitments, _) = f.prove(&values, n);
        let bytes = proof.to_bytes();
        assert!(f.accepts_bytes(&bytes, &commitments, n));
        for i in 0..bytes.len() {
            for flip in [0x01u8, 0x80] {
                let mut bad = bytes.clone();
                bad[i] ^= flip;
                assert!(!f.accepts_bytes(&bad, &commitments, n), "n={n} m={m}: byte {i} ^ {flip:#x} accepted");
            }
        }
    }
}

fn truncation_and_extension_rejected<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(5);
    let values = f.values(16, 2);
    let (proof, commitments, _) = f.prove(&values, 16);
    let bytes = proof.to_bytes();
    for len in 0..bytes.len() {
        assert!(!f.accepts_bytes(&bytes[..len], &commitments, 16), "truncated to {len} accepted");
        assert!(S::from_bytes_for(&bytes[..len], 16, 2).is_err());
    }
    for extra in [1usize, 31, 32, 2 * G::POINT_LEN, 4096] {
        let mut long = bytes.clone();
        long.extend(core::iter::repeat_n(0x5a, extra));
        assert!(!f.accepts_bytes(&long, &commitments, 16), "extended by {extra} accepted");
        assert!(matches!(S::from_bytes_for(&long, 16, 2), Err(ProofError::WrongLength { .. })));
    }
    // A well-formed proof of another length is rejected for this statement.
    let one = f.values(16, 1);
    let (other, _, _) = f.prove(&one, 16);
    assert!(matches!(f.verify(&other, &commitments, 16), Err(ProofError::WrongLength { .. })));
}

fn changed_statement_rejected<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(6);
    let values = f.values(12, 2);
    let (proof, commitments, _) = f.prove(&values, 12);
    f.verify(&proof, &commitments, 12).unwrap();

    // Another commitment.
    let (_, others, _) = f.prove(&values, 12);
    assert!(f.verify(&proof, &[others[0], commitments[1]], 12).is_err());
    assert!(f.verify(&proof, &[commitments[1], commitments[0]], 12).is_err());
    // Another n with the same padded length (12·2 and 16·2 both pad to 32):
    // only the transcript's binding of n tells them apart.
    assert_eq!(RangeShape::new(12, 2).unwrap().padded, RangeShape::new(16, 2).unwrap().padded);
    assert_eq!(f.verify(&proof, &commitments, 16), Err(ProofError::VerificationFailed));
    for n in [1usize, 11, 13, 64, 0, 65] {
        assert!(f.verify(&proof, &commitments, n).is_err(), "n={n}");
    }
    // Another m.
    assert!(f.verify(&proof, &commitments[..1], 12).is_err());
    assert!(f.verify(&proof, &[commitments[0], commitments[1], commitments[0]], 12).is_err());
    assert!(f.verify(&proof, &[], 12).is_err());
    // Another label.
    assert_eq!(f.verify_labelled(&proof, &commitments, 12, b"another label"), Err(ProofError::VerificationFailed));

    // m = 3 vs m = 4 at n = 8: same padded length; the extra commitment to
    // 0 (the identity) matches what the padding holds, yet m is bound.
    let values = f.values(8, 3);
    let (proof, commitments, _) = f.prove(&values, 8);
    let identity = G::compress(&G::identity());
    let padded: Vec<_> = commitments.iter().copied().chain([identity]).collect();
    assert_eq!(f.verify(&proof, &padded, 8), Err(ProofError::VerificationFailed));
}

fn identity_and_noncanonical_rejected<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(7);
    let values = f.values(8, 1);
    let (proof, commitments, _) = f.prove(&values, 8);
    let bytes = proof.to_bytes();
    let p = G::POINT_LEN;
    let identity = G::compress(&G::identity());
    let identity = G::compressed_bytes(&identity).to_vec();
    let rounds = 3;
    let point_offsets = S::point_offsets(rounds);
    for off in point_offsets {
        let mut bad = bytes.clone();
        bad[off..off + p].copy_from_slice(&identity);
        let decoded = S::from_bytes(&bad).unwrap();
        assert!(matches!(f.verify(&decoded, &commitments, 8), Err(ProofError::IdentityPoint { .. })), "offset {off}");
        // An invalid encoding (all 0xff is neither canonical nor on the group).
        let mut bad = bytes.clone();
        bad[off..off + p].fill(0xff);
        assert_eq!(S::from_bytes(&bad), Err(ProofError::InvalidPoint { offset: off }));
    }
    let scalar_offsets = S::scalar_offsets(rounds);
    assert_eq!(scalar_offsets.last().map(|o| o + 32), Some(bytes.len()));
    for off in scalar_offsets {
        for pattern in [[0xffu8; 32], order_plus::<G>(0), order_plus::<G>(1)] {
            let mut bad = bytes.clone();
            bad[off..off + 32].copy_from_slice(&pattern);
            assert!(G::Scalar::from_canonical_bytes(&pattern).is_none());
            {
                assert_eq!(S::from_bytes(&bad), Err(ProofError::NonCanonicalScalar { offset: off }));
            }
        }
        // Zero scalars decode but do not verify.
        let mut bad = bytes.clone();
        bad[off..off + 32].fill(0);
        assert!(!f.accepts_bytes(&bad, &commitments, 8), "zero scalar at {off} accepted");
    }
    // Invalid commitments are a typed error.
    let mut bad_commitment = commitments.clone();
    bad_commitment[0] = G::compressed_from_slice(&vec![0xff; p]).unwrap();
    assert_eq!(f.verify(&proof, &bad_commitment, 8), Err(ProofError::InvalidCommitment { index: 0 }));
}

fn serde_round_trip<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(8);
    let values = f.values(32, 2);
    let (proof, commitments, _) = f.prove(&values, 32);
    let json = serde_json::to_string(&proof).unwrap();
    assert_eq!(json, format!("\"{}\"", hex::encode(proof.to_bytes())));
    let back: S = serde_json::from_str(&json).unwrap();
    assert_eq!(back, proof);
    f.verify(&back, &commitments, 32).unwrap();
    assert!(serde_json::from_str::<S>("\"00\"").is_err());
    assert!(serde_json::from_str::<S>("\"zz\"").is_err());
}

/// The entry points with the OS RNG (`verify_single`, `verify_multiple`)
/// verify honest proofs and refuse another commitment, another label and
/// another bit size.
fn os_rng_entry_points<G: Group, S: RangeSystem<G>>() {
    let mut f = Fixture::<G, S>::new(12);
    let values = f.values(32, 1);
    let (proof, commitments, _) = f.prove(&values, 32);
    let (_, other, _) = f.prove(&values, 32);
    let single = |c: &G::Compressed, label: &'static [u8], n: usize| {
        proof.verify_single(&f.gens, &mut Transcript::new(label), c, n)
    };
    single(&commitments[0], LABEL, 32).unwrap();
    proof.verify_multiple(&f.gens, &mut Transcript::new(LABEL), &commitments, 32).unwrap();
    assert_eq!(single(&other[0], LABEL, 32), Err(ProofError::VerificationFailed));
    assert_eq!(single(&commitments[0], b"another label", 32), Err(ProofError::VerificationFailed));
    assert!(single(&commitments[0], LABEL, 16).is_err());
    assert_eq!(
        proof.verify_multiple(&f.gens, &mut Transcript::new(LABEL), &other, 32),
        Err(ProofError::VerificationFailed)
    );
}

for_each_group_and_system!(
    os_rng_entry_points,
    honest_shapes,
    edge_values,
    prover_errors,
    sizes,
    every_byte_change_rejected,
    truncation_and_extension_rejected,
    changed_statement_rejected,
    identity_and_noncanonical_rejected,
    serde_round_trip,
);

/// `RangeStatement::generators_needed` is exactly what verifying (and
/// proving) a Bulletproofs or Bulletproofs+ statement takes: those
/// generators verify, one chain or one generator per chain fewer is
/// refused as insufficient (Bulletproofs++ needs fewer:
/// `RangeSystem::generators_needed`).
mod generators_needed {
    use super::*;
    use ballistic::{RangeProof, RangeProofPlus, RangeStatement};

    fn exact<G: Group, S: RangeSystem<G>>() {
        let mut f = Fixture::<G, S>::new(9);
        for (n, m) in [(64usize, 1usize), (8, 3), (5, 2), (16, 4), (1, 1)] {
            let values = f.values(n, m);
            let (proof, commitments, _) = f.prove(&values, n);
            let statement = RangeStatement::<G>::new(n, &commitments).unwrap();
            let (chains, per_chain) = statement.generators_needed();
            let shape = RangeShape::new(n, m).unwrap();
            assert!(chains >= 1 && per_chain >= n && chains * per_chain >= shape.padded, "n={n} m={m}");
            let verify = |gens: &Generators<G>| {
                let mut rng = ChaCha20Rng::seed_from_u64(1);
                proof.verify_multiple_with_rng(gens, &mut Transcript::new(LABEL), &commitments, n, &mut rng)
            };
            crate::common::assert_generators_exact(chains, per_chain, &format!("n={n} m={m}"), verify);
        }
    }

    fn statement_generators_needed<G: Group>() {
        exact::<G, RangeProof<G>>();
        exact::<G, RangeProofPlus<G>>();
    }

    crate::for_each_group!(statement_generators_needed);
}
