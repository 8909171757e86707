//! Golden proofs: for a fixed RNG stream and inputs, the provers' bytes do
//! not change. Each digest is SHA3-256 over the proof followed by the
//! commitments, recorded from the prover before the range algebra was
//! shared between the single prover and the MPC parties (and before the
//! lazy generator folding was shared between the inner-product arguments).
//! A refactor that changes any byte of any proof fails here.

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::mpc::{Dealer, Party, ProofShare};
use ballistic::Precomputation;
use ballistic::RangeProofSystem;
use ballistic::{Generators, RangeProof, RangeProofPlus, Ristretto255, Secp256k1};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use sha3::{Digest, Sha3_256};

const LABEL: &[u8] = b"golden range";
/// `(n, m)`: a single value, powers of two, and padded shapes (`n·m` not a
/// power of two).
const SHAPES: [(usize, usize); 5] = [(64, 1), (32, 2), (8, 4), (12, 3), (5, 3)];

fn digest<G: Group>(proof: &[u8], commitments: &[G::Compressed]) -> String {
    let mut h = Sha3_256::new();
    h.update(proof);
    for c in commitments {
        h.update(G::compressed_bytes(c));
    }
    hex::encode(h.finalize())
}

/// Values (including the extremes `0` and `2^n − 1`) and blindings drawn
/// from `rng`.
fn statement<G: Group>(rng: &mut ChaCha20Rng, n: usize, m: usize) -> (Vec<u64>, Vec<G::Scalar>) {
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let values = (0..m)
        .map(|j| match j {
            1 => 0,
            2 => max,
            _ => rng.gen::<u64>() & max,
        })
        .collect();
    let blindings = (0..m).map(|_| <G::Scalar as ScalarOps>::random(rng)).collect();
    (values, blindings)
}

/// Single/aggregated proofs of system `P` on `gens`.
fn digests<G: Group, P: RangeProofSystem<G>>(seed: u64, gens: &Generators<G>) -> Vec<String> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    SHAPES
        .iter()
        .map(|&(n, m)| {
            let (values, blindings) = statement::<G>(&mut rng, n, m);
            let (proof, commitments) =
                P::prove_multiple_with_rng(gens, &mut Transcript::new(LABEL), &values, &blindings, n, &mut rng)
                    .unwrap();
            proof.verify_multiple(gens, &mut Transcript::new(LABEL), &commitments, n).unwrap();
            digest::<G>(&proof.to_bytes(), &commitments)
        })
        .collect()
}

/// Bulletproofs; `precomputation` picks the inner-product argument's path
/// (generator tables or plain MSMs), which must not change the proof.
fn bp_digests<G: Group>(seed: u64, precomputation: Precomputation) -> Vec<String> {
    digests::<G, RangeProof<G>>(seed, &Generators::<G>::new(64, 16).with_precomputation(precomputation))
}

fn bp_plus_digests<G: Group>(seed: u64) -> Vec<String> {
    digests::<G, RangeProofPlus<G>>(seed, &Generators::<G>::new(64, 16))
}

/// The MPC protocol in process, every party drawing from one seeded RNG in
/// party order, round by round.
fn mpc_digests<G: Group>(seed: u64) -> Vec<String> {
    let gens = Generators::<G>::new(64, 16);
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    SHAPES
        .iter()
        .map(|&(n, m)| {
            let (values, blindings) = statement::<G>(&mut rng, n, m);
            let mut transcript = Transcript::new(LABEL);
            let dealer = Dealer::new(&gens, &mut transcript, n, m).unwrap();
            let mut parties = Vec::new();
            let mut bit_commitments = Vec::new();
            for (j, (v, gamma)) in values.iter().zip(&blindings).enumerate() {
                let party = Party::new(&gens, *v, *gamma, n).unwrap();
                let (party, c) = party.assign_position_with_rng(j, &mut rng).unwrap();
                parties.push(party);
                bit_commitments.push(c);
            }
            let (dealer, bit_challenge) = dealer.receive_bit_commitments(bit_commitments).unwrap();
            let mut waiting = Vec::new();
            let mut poly_commitments = Vec::new();
            for party in parties {
                let (party, c) = party.apply_challenge_with_rng(&bit_challenge, &mut rng).unwrap();
                waiting.push(party);
                poly_commitments.push(c);
            }
            let (dealer, poly_challenge) = dealer.receive_poly_commitments(poly_commitments).unwrap();
            let shares: Vec<ProofShare<G>> =
                waiting.into_iter().map(|p| p.apply_challenge(&poly_challenge).unwrap()).collect();
            let (proof, commitments) = dealer.receive_shares(shares).unwrap();
            proof.verify_multiple(&gens, &mut Transcript::new(LABEL), &commitments, n).unwrap();
            digest::<G>(&proof.to_bytes(), &commitments)
        })
        .collect()
}

/// Compare with the recorded digests, listing every mismatch (and the
/// digests actually produced, to re-record deliberately).
fn check(what: &str, got: Vec<String>, expected: &[&str]) {
    let bad: Vec<String> = SHAPES
        .iter()
        .zip(&got)
        .zip(expected.iter().map(Some).chain(core::iter::repeat(None)))
        .filter(|((_, g), e)| e.map(|e| e != g).unwrap_or(true))
        .map(|(((n, m), g), _)| format!("{what} n={n} m={m}: got {g}"))
        .collect();
    assert!(bad.is_empty() && got.len() == expected.len(), "golden digests differ:\n{}", bad.join("\n"));
}

#[test]
fn bulletproofs_ristretto255() {
    let expected = [
        "9fab31295d85e613829847a07e0f094f657e963530778b8855c0ab8df3e8aceb",
        "aeb888b04565b6e617d2de5c58b4f9b2e2223b38890ca760757d769ceb6389e1",
        "dcae2c3d7bf8ae3ace458713c64dca3aadc51c2428abcfc794602ea5bec4e654",
        "988a91f2a20f00cbc7b1b5b0574521a6bfd81fd7aa88644b84369f826e6a0bc2",
        "acf4389fc8e11272ca366be77676959ae26dc90415418925466955a38b1d078a",
    ];
    for precomputation in [Precomputation::Auto, Precomputation::Off] {
        check("BP ristretto255", bp_digests::<Ristretto255>(1, precomputation), &expected);
    }
}

#[test]
fn bulletproofs_secp256k1() {
    let expected = [
        "e6b2b3eefd79a90b2a871a998c42efb7d46882b22ac277ed33346094374b9f70",
        "43efd2cb0e092ca0312f86083505ebb4b7a1b351c986142f320b30ced1a82a5a",
        "1b8545ab094c5ac02d6d01c83a4ef4e71f2f49ce875f17b69ca5f9ac06028363",
        "a413e9ba5c3718b926de826e057e19626f0d69614452042b6fdd3aa4122692eb",
        "d07c1979231fd26fb6496021ab692b34d3849d953836b3eba6afd12407f460ab",
    ];
    for precomputation in [Precomputation::Auto, Precomputation::Off] {
        check("BP secp256k1", bp_digests::<Secp256k1>(2, precomputation), &expected);
    }
}

#[test]
fn bulletproofs_plus_ristretto255() {
    check(
        "BP+ ristretto255",
        bp_plus_digests::<Ristretto255>(3),
        &[
            "38169f97ade605c86ab04f16b6034159f50227d5e9d52bc87ebae21a0a65c6f8",
            "f9bfc300649b9cc3596c3f71200ad60746ea9058b7c5a472bbfaed970411222d",
            "eb3a8993f2d61c6d694549169d35d629faaabdf1f9cdaeeff31cc7c4c0778947",
            "93c6eebbd6e5249ce5db24ce86fa60f7d5a1ecf9949ba2be742417cd059bdff1",
            "435f4988f8529ccbd7cb502bb4a9838ce36821c5d63326080519fb1bae4e0490",
        ],
    );
}

#[test]
fn bulletproofs_plus_secp256k1() {
    check(
        "BP+ secp256k1",
        bp_plus_digests::<Secp256k1>(4),
        &[
            "f1a11247ccc3530ad4ba55edbb25e103feb69f5e1b37682200b7518620eeec19",
            "196d67f275810fe1da0d7b617a4ee637a4fd464f733fccb642e41169302926f6",
            "21476d2ce9bc768c2afb9fcca79eb17175e5f32e962f0f8ee6a7ef32c139b6fe",
            "98688acc7f7af477bf6cbca61ad0124425cdc8b681027ae59a1c1582b253aee0",
            "a0cc8ab54df176e3b7b8a3649d2cc383b42c9b8993ee581fb7bd537652eb1770",
        ],
    );
}

#[test]
fn mpc_ristretto255() {
    check(
        "MPC ristretto255",
        mpc_digests::<Ristretto255>(5),
        &[
            "d66b1b05e627f972a1fca737b11ef2c49f95d9d97cea64311e7e4465c43b93ac",
            "797a929c6e9b9f510be86512ed1a0b4a789f5bba222e6345b0007bbd7e9899f8",
            "dae4ce049c2f9d4c7c76e77f2b457ccd0b0ff3eb12e50b6c45a960bed653938d",
            "5c40855f340a135a351e50329c34ec96ca105acd10d955c5aab9218fd35040b4",
            "ba8ef8d29698a670f912002b5f228b1b61f5730215e13967766c7a37800f864d",
        ],
    );
}

#[test]
fn mpc_secp256k1() {
    check(
        "MPC secp256k1",
        mpc_digests::<Secp256k1>(6),
        &[
            "08d5d2e3583d724aeb72564f311118fe305ac5d82c27b53d2ed0cef40010a4f0",
            "eb8794ba8c2e298295e35166e6b1f55fad0f8e2b5b9f8646d44ea5f1110d556d",
            "10137c54b26533920a8dc9b4eced2a79c2013bf240fcb06f2716875ab8272669",
            "2b5862d18b88fd30af2e4021408204989d8e0db6915e6cd6d7d1b54939940059",
            "d5ba336ccc711f63b5c1f159343e9ba2189592cb3ec39535ca0b15f290a207fc",
        ],
    );
}
