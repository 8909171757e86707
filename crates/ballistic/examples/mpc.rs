//! Three parties build one aggregated range proof through a dealer, in
//! process: `cargo run --release -p ballistic --example mpc`. (Across
//! processes over TCP: `ballistic mpc dealer` / `ballistic mpc party`.)

use ballistic::group::ScalarOps;
use ballistic::merlin::Transcript;
use ballistic::range::mpc::{Dealer, MpcError, Party};
use ballistic::RangeProofSystem;
use ballistic::{Generators, Ristretto255};
use rand_core::OsRng;

type G = Ristretto255;
type Scalar = <G as ballistic::Group>::Scalar;

fn main() -> Result<(), MpcError> {
    let (n, values) = (64, [7u64, 1 << 40, u64::MAX]);
    let gens = Generators::<G>::new(n, values.len().next_power_of_two());

    // Each party: its own value and blinding; position j = its generator chain.
    let mut parties = Vec::new();
    let mut bit_commitments = Vec::new();
    for (j, v) in values.iter().enumerate() {
        let (party, commitment) =
            Party::new(&gens, *v, <Scalar as ScalarOps>::random(&mut OsRng), n)?.assign_position(j)?;
        parties.push(party);
        bit_commitments.push(commitment);
    }

    // Round 1: bit commitments → (y, z).
    let mut transcript = Transcript::new(b"mpc example");
    let dealer = Dealer::new(&gens, &mut transcript, n, values.len())?;
    let (dealer, bit_challenge) = dealer.receive_bit_commitments(bit_commitments)?;
    // Round 2: polynomial commitments → x.
    let (parties, poly_commitments): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| p.apply_challenge(&bit_challenge))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    let (dealer, poly_challenge) = dealer.receive_poly_commitments(poly_commitments)?;
    // Round 3: proof shares → the proof.
    let shares = parties.into_iter().map(|p| p.apply_challenge(&poly_challenge)).collect::<Result<Vec<_>, _>>()?;
    let (proof, commitments) = dealer.receive_shares(shares)?;

    proof.verify_multiple(&gens, &mut Transcript::new(b"mpc example"), &commitments, n)?;
    println!("{} parties, one {}-byte proof of {n}-bit values: verified", values.len(), proof.to_bytes().len());
    Ok(())
}
