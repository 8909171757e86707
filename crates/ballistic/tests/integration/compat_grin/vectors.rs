//! Byte-for-byte agreement with the C prover: Grin's `H`, the same bytes for
//! every shape (each side verifying the other's proof), and the C API's pinned
//! vector.

use super::*;

#[test]
fn default_h_is_grins() {
    assert_eq!(xy(&grin_generators().value_gen()), GENERATOR_H_XY);
    assert_eq!(GENERATOR_H_XY, secp256k1zkp::constants::GENERATOR_H);
    assert_eq!(xy(&grin_generators().blinding_gen()), secp256k1zkp::constants::GENERATOR_G);
    assert_eq!(proof_len(64), Some(675));
    assert_eq!(proof_len(64), Some(secp256k1zkp::constants::SINGLE_BULLET_PROOF_SIZE));
}

/// Same inputs, same bytes, for every shape; each side verifies the other's
/// proof (the C verifier ours, ours the C prover's), with Grin's `H` and
/// with other value generators.
#[test]
fn same_bytes_and_cross_verification_every_shape() {
    let c = C::new();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    for (n, m) in shapes() {
        let case = Case::random(&mut rng, n, m, (n + m) % 2 == 1);
        let (ours, commitments) = case.ours();
        let theirs = case.theirs(&c);
        assert_eq!(ours.as_bytes(), &theirs[..], "n={n} m={m}");
        assert_eq!(ours.as_bytes().len(), proof_len(n * m).unwrap());
        let commit_bytes: Vec<[u8; 33]> = commitments.iter().map(|p| commitment_to_bytes(p).unwrap()).collect();
        for (j, cb) in commit_bytes.iter().enumerate() {
            assert_eq!(*cb, c.commit(case.values[j], &case.blinds[j], &xy(&case.value_gen)));
        }
        assert!(c.verify(ours.as_bytes(), &commit_bytes, n, &xy(&case.value_gen), case.extra.as_deref(), None));
        let parsed = GrinProof::from_bytes(&theirs).unwrap();
        let decoded: Vec<P> = commit_bytes.iter().map(|b| commitment_from_bytes(b).unwrap()).collect();
        parsed.verify(&case.statement(decoded), &mut rng).unwrap_or_else(|e| panic!("n={n} m={m}: {e}"));
    }
}

/// The Grin vector `examples/c/test_grin.c` pins for the C API
/// (`ballistic_grin_prove` must give these bytes, `ballistic_grin_verify`
/// accept them): one 64-bit value on Grin's `H`, blinding `0x11…11`, rewind
/// nonce `0x22…22`, private nonce `0x33…33`, no extra data or message.
/// secp256k1-zkp's prover (Grin's code) gives the same bytes.
const C_API_PROOF: &str = concat!(
    "981a74e80199108547aef93d2aab5beff93c5f00bfe464fd4988ed26ce9f07363ce7028c3b1ef4cb61acc38ab7c4c737",
    "3a11e00b76e9bbfc3e133af7e0e1c37503ec9ad42da4de05ae66d1b1b6191711ac8a6abb76803a2976d07eff79dcb727",
    "ce266dd33a90bd8baa842defd091a533228c3756754f78e13ec485d4c1a982fad68afb4f5ddc479fd5e325eb6b858ddb",
    "d717ba882a8ab58328c99ab7f52504712541c2e37930c5e22ccf2980578fb9248b0dabf3133dab93b214969930f41c25",
    "d2a6c7766ac74063493a3c9826c4eb0a89ab6549d65cc61e155796677e2db1e3304b3a097b52f40487a72636e265b3ef",
    "e0c246a7392ad4052e6850a2373cf3168d60f871ac1ece24995dbc43926fe16cff7fea57939e0d9eced7a650bbadc0a4",
    "8ec203c471194ab62acd44b98eeafe8ffcf55b6e454f3ce98110760bfbf7746484571bddfe5246bb7ba02dd5518b45b0",
    "d4bfe82ce46c0142691ad6e1388c5c144c6003dfb8ca39bf694c5063d6af2d1d5799ecfc6939ffd33c99005c656b01fe",
    "7fa6681683c147c297cbec1615e74b3a2c728a3b64ad7cebe45fc9b42ac16075f20015e01493368fd531e991782212de",
    "e0c43cadeae8d188374007c6fa78487f2a1fb21e83451ef3328bacf05899d12066e0e8bcf0b1b6277ca0450db1b03feb",
    "4a97fd127d0670d32a38242005d06b6b0f0f5eec64028039bdd45b2d3f72d97653884676aca229fc3b470d4f89a32d5b",
    "4d28d3418b92091aa1b29844fcfd74170e59b46b12443838cb2ab86376efcb6df7f7e770b9dff7a498e526b3897e7307",
    "7fdcfecc7912d6f06fcca11b378bf43af629ef4c318f9b267c2001b37427c1612219de9120d497f005de6da52ec705fc",
    "434c52ae8d8168e7a6ac81bf6df75d0a1678a40d54f255f0655ff2243fb085dd590aa5d3b8e987ed39c661daffec1543",
    "b56f04",
);
const C_API_COMMITMENT: &str = "0897c2dcd2814a9b243b0f28a35a34f95e1d91eb1cac03fcb3c5a65c6cf9ad6f0a";

#[test]
fn c_api_vector_is_grins() {
    let c = C::new();
    let blind = [0x11u8; 32];
    let nonces = GrinNonces { rewind: [0x22; 32], private: [0x33; 32] };
    let value = 4_200_000_000u64;
    let theirs = c.prove(&[value], &[blind], &nonces, &GrinProveOptions::default()).unwrap();
    let opening = GrinOpening { value, blinding: scalar_from_bytes(&blind).unwrap() };
    let (ours, commitments) = GrinProof::prove(&[opening], &nonces, &GrinProveOptions::default()).unwrap();
    assert_eq!(ours.as_bytes(), &theirs[..]);
    let their_commitment = c.commit(value, &blind, &GENERATOR_H_XY);
    assert_eq!(commitment_to_bytes(&commitments[0]).unwrap(), their_commitment);
    assert_eq!(hex::encode(&theirs), C_API_PROOF);
    assert_eq!(hex::encode(their_commitment), C_API_COMMITMENT);
}
