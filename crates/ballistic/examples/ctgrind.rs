//! The constant-time check's driver: run the range provers (Bulletproofs and
//! Bulletproofs+, on Ristretto255 and on secp256k1) with every secret
//! input (values, blindings, and the prover's own randomness) marked undefined for valgrind's memcheck.
//! Any branch or memory index that depends on a secret before it is
//! declassified (see `ballistic::ct`) is reported as a use of uninitialised
//! memory. Run through `scripts/ctgrind`; meaningless without valgrind and
//! the `ctgrind` feature.

use ballistic::ct::{classify, declassify};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, PedersenGens, RangeProof, RangeProofPlus, Ristretto255, Secp256k1};
use rand_core::{CryptoRng, RngCore, SeedableRng};

/// The prover's randomness (α, ρ, 𝐬_L, 𝐬_R, τ₁, τ₂) is secret too: this
/// RNG marks everything it outputs undefined.
struct SecretRng(rand_chacha::ChaCha20Rng);

impl RngCore for SecretRng {
    fn next_u32(&mut self) -> u32 {
        let v = self.0.next_u32();
        classify(&v);
        v
    }
    fn next_u64(&mut self) -> u64 {
        let v = self.0.next_u64();
        classify(&v);
        v
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest);
        classify(dest);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl CryptoRng for SecretRng {}

fn main() {
    run::<Ristretto255>();
    run::<Secp256k1>();
}

/// Both provers on group `G`, for two shapes.
fn run<G: Group>() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(2));
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(16, 4);
    for (n, m) in [(16usize, 1usize), (8, 3)] {
        let values: Vec<u64> = (0..m as u64).map(|j| 0xa5a5 >> (16 - n) ^ j).collect();
        let blindings: Vec<G::Scalar> = (0..m).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
        classify(&values[..]);
        classify(&blindings[..]);
        // Both provers, on the same classified inputs.
        let classic = RangeProof::<G>::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"ctgrind"),
            &values,
            &blindings,
            n,
            &mut secret_rng,
        )
        .and_then(|(p, c)| p.verify_multiple(&bp, &pc, &mut Transcript::new(b"ctgrind"), &c, n));
        let plus = RangeProofPlus::<G>::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"ctgrind"),
            &values,
            &blindings,
            n,
            &mut secret_rng,
        )
        .and_then(|(p, c)| p.verify_multiple(&bp, &pc, &mut Transcript::new(b"ctgrind"), &c, n));
        declassify(&values[..]);
        declassify(&blindings[..]);
        for (system, result) in [("bulletproofs", classic), ("bulletproofs+", plus)] {
            match result {
                Ok(()) => println!("{} {system} n={n} m={m}: proved, verifies", G::NAME),
                Err(e) => {
                    println!("{} {system} n={n} m={m}: {e}", G::NAME);
                    std::process::exit(1);
                }
            }
        }
    }
}
