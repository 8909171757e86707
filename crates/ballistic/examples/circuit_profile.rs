//! Profile helper (for `perf record`): prove `B` proofs of one circuit, then
//! `K` times verify one against the prepared circuit and the `B` as one
//! batch, printing where the time goes:
//! `cargo run --release -p ballistic --example circuit_profile -- PATH.arith PATH.in [K] [B] [GROUP]`
//! (GROUP: ristretto255, the default, secp256k1 or ed25519; the circuit
//! must be generated for that group's scalar field).

use std::path::Path;
use std::time::Instant;

use ballistic::batch::{self, Claim};
use ballistic::circuit::{Circuit, PreparedCircuit};
use ballistic::group::{Group, GroupId};
use ballistic::merlin::Transcript;
use ballistic::Generators;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(inputs)) = (args.get(1), args.get(2)) else {
        return Err("usage: circuit_profile CIRCUIT.arith CIRCUIT.in [K] [B] [GROUP]".into());
    };
    let k: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let b: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(4).max(1);
    let group = match args.get(5) {
        Some(name) => GroupId::from_name(name).ok_or("unknown group")?,
        None => GroupId::Ristretto255,
    };
    ballistic::with_group!(group, G => run::<G>(path, inputs, k, b))
}

fn run<G: Group>(path: &str, inputs: &str, k: usize, b: usize) -> Result<(), Box<dyn std::error::Error>> {
    let t = Instant::now();
    let circuit = Circuit::from_path(Path::new(path))?;
    let values = circuit.read_inputs::<G::Scalar, _>(std::fs::read(inputs)?.as_slice())?;
    let parsed = t.elapsed();
    let t = Instant::now();
    let prepared = PreparedCircuit::<G>::new(circuit)?;
    println!("parse {parsed:.2?}, prepare {:.2?}: {:?}", t.elapsed(), prepared.metrics());
    let gens = Generators::<G>::new(prepared.padded_multipliers(), 1);
    let mut rng = rand::thread_rng();
    let mut proofs = Vec::new();
    for _ in 0..b {
        let t = Instant::now();
        proofs.push(prepared.prove(&gens, Transcript::new(b"p"), &values, &mut rng)?);
        println!("prove {:.2?}", t.elapsed());
    }
    for _ in 0..k {
        let (proof, public) = &proofs[0];
        let t = Instant::now();
        prepared.verify(&gens, Transcript::new(b"p"), public, proof, &mut rng)?;
        let one = t.elapsed();
        let t = Instant::now();
        let claims = proofs
            .iter()
            .map(|(p, public)| prepared.claim(Transcript::new(b"p"), public, p, &mut rng))
            .collect::<Result<Vec<_>, _>>()?;
        let replayed = t.elapsed();
        let refs: Vec<&dyn Claim<G>> = claims.iter().map(|c| c as &dyn Claim<G>).collect();
        batch::verify(&gens, &refs, &mut rng).map_err(|e| format!("{e:?}"))?;
        println!("verify one {one:.2?}; batch of {b} {:.2?} (claims {replayed:.2?})", t.elapsed());
    }
    Ok(())
}
