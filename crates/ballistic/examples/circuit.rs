//! Prove and verify one `.arith` circuit, printing its metrics and timings:
//! `cargo run --release -p ballistic --example circuit -- PATH.arith[.gz] PATH.in [ristretto255|secp256k1]`.

use std::path::Path;
use std::time::Instant;

use ballistic::circuit::Circuit;
use ballistic::group::Group;
use ballistic::merlin::Transcript;
use ballistic::{Generators, Ristretto255, Secp256k1};

fn run<G: Group>(circuit: &Circuit, inputs: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let stats = circuit.stats();
    println!("{stats:?}");
    let values = circuit.read_inputs::<G::Scalar, _>(std::io::BufReader::new(std::fs::File::open(inputs)?))?;
    let padded = stats.multipliers.next_power_of_two();
    let t = Instant::now();
    let gens = Generators::<G>::new(padded, 1);
    println!("generators: {:.2?}", t.elapsed());
    let t = Instant::now();
    let (proof, public) = circuit.prove(&gens, Transcript::new(b"example"), &values, &mut rand::thread_rng())?;
    println!("prove: {:.2?}, {} bytes", t.elapsed(), proof.to_bytes().len());
    let t = Instant::now();
    circuit.verify(&gens, Transcript::new(b"example"), &public, &proof, &mut rand::thread_rng())?;
    println!("verify: {:.2?}", t.elapsed());
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let t = Instant::now();
    let circuit = Circuit::from_path(Path::new(&args[1]))?;
    println!("parse: {:.2?}", t.elapsed());
    match args.get(3).map(String::as_str) {
        Some("secp256k1") => run::<Secp256k1>(&circuit, Path::new(&args[2])),
        _ => run::<Ristretto255>(&circuit, Path::new(&args[2])),
    }
}
