//! Monero's Bulletproofs+ encoding (`ballistic::compat::monero`) on arbitrary
//! bytes: decoding never panics; a decoded proof re-encodes to exactly the
//! input (one encoding per proof), and is verified against commitments read
//! from the input's tail (1 to 16 of them, or a fixed valid one), which must
//! return a verdict, never panic.
#![no_main]
use ballistic::compat::monero::{MoneroPlusProof, MoneroStatement};
use ballistic::curve25519_dalek::edwards::CompressedEdwardsY;
use ballistic::{Ed25519, Group};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;

fuzz_target!(|data: &[u8]| {
    // First byte: how many 32-byte commitments follow at the end (0..=16).
    let Some((&count, rest)) = data.split_first() else { return };
    let count = usize::from(count % 17);
    let split = rest.len().saturating_sub(32 * count);
    let (proof_bytes, tail) = rest.split_at(split);
    let Ok(proof) = MoneroPlusProof::from_bytes(proof_bytes) else { return };
    assert_eq!(proof.to_bytes(), proof_bytes);
    let mut commitments: Vec<CompressedEdwardsY> =
        tail.chunks_exact(32).map(|c| CompressedEdwardsY(c.try_into().unwrap_or([0; 32]))).collect();
    if commitments.is_empty() {
        commitments.push(Ed25519::compress(&Ed25519::basepoint()));
    }
    let _ = MoneroStatement::new(&commitments);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0);
    let _ = proof.verify(&commitments, &mut rng);
});
