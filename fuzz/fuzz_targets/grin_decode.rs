//! Arbitrary bytes as a Grin Bulletproof (`ballistic::compat::grin`): no
//! panic; whatever decodes re-encodes to the same bytes and has the length
//! of its shape, then is verified against a fixed statement of that shape
//! (fixed commitments, a custom value generator half the time, an
//! `extra_commit`) and rewound with a fixed nonce — both must return, not
//! panic (a random input verifying would be a soundness bug: it must fail).
#![no_main]
use ballistic::compat::grin::{commit, proof_len, GrinProof, GrinStatement};
use ballistic::group::{Group, ScalarOps};
use ballistic::Secp256k1;
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

type S = <Secp256k1 as Group>::Scalar;

fuzz_target!(|data: &[u8]| {
    let Ok(proof) = GrinProof::from_bytes(data) else { return };
    assert_eq!(proof.as_bytes(), data);
    let big_n = proof.vector_len();
    assert_eq!(proof_len(big_n), Some(data.len()));
    let n = big_n.min(64);
    let m = big_n / n;
    let custom = data.first().is_some_and(|b| b & 1 == 1);
    let value_gen = custom.then(|| Secp256k1::hash_to_point(&[7u8; 64]));
    let commitments: Vec<_> =
        (0..m).map(|j| commit(j as u64, &S::from_u64(j as u64 + 1), value_gen.as_ref())).collect();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0);
    let statement = GrinStatement::new(n, commitments.clone(), value_gen, None, Some(b"fuzz".to_vec()))
        .expect("a statement of a decodable shape builds");
    assert!(proof.verify(&statement, &mut rng).is_err(), "a fuzzed proof verified");
    if m == 1 {
        assert!(proof.rewind(&commitments[0], value_gen.as_ref(), 0, Some(b"fuzz"), &[3u8; 32]).is_err());
    }
});
