//! Measure the materialization threshold: for each threshold, the
//! translation's size and the prove and verify times of one circuit
//! (Ristretto255, one thread).
//!
//! `cargo run --release --example materialize_sweep -- CIRCUIT.arith CIRCUIT.in [T ...]`
//! (default thresholds 8 32 128 and "never", `max`).

use std::time::Instant;

use ballistic::circuit::{Circuit, PreparedCircuit};
use ballistic::merlin::Transcript;
use ballistic::{Generators, Ristretto255};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(inputs)) = (args.get(1), args.get(2)) else {
        return Err("usage: materialize_sweep CIRCUIT.arith[.gz] CIRCUIT.in [THRESHOLD ...]".into());
    };
    let thresholds: Vec<usize> = if args.len() > 3 {
        args[3..].iter().map(|t| if t == "max" { Ok(usize::MAX) } else { t.parse() }).collect::<Result<_, _>>()?
    } else {
        vec![8, 32, 128, usize::MAX]
    };
    let circuit = std::sync::Arc::new(Circuit::from_path(std::path::Path::new(path))?);
    let values =
        circuit.read_inputs::<ballistic::curve25519_dalek::scalar::Scalar, _>(std::fs::read(inputs)?.as_slice())?;
    println!("| threshold | multipliers | padded | constraints | nonzeros | translate ms | prove s | verify s |");
    println!("|---|---|---|---|---|---|---|---|");
    for t in thresholds {
        let started = Instant::now();
        let prepared = PreparedCircuit::<Ristretto255>::with_materialize_above(circuit.clone(), t)?;
        let translate = started.elapsed();
        let m = prepared.metrics();
        let gens = Generators::<Ristretto255>::new(m.padded_multipliers(), 1);
        let started = Instant::now();
        let (proof, public) = prepared.prove(&gens, Transcript::new(b"sweep"), &values, &mut rand::thread_rng())?;
        let prove = started.elapsed();
        let started = Instant::now();
        prepared.verify(&gens, Transcript::new(b"sweep"), &public, &proof, &mut rand::thread_rng())?;
        let verify = started.elapsed();
        let name = if t == usize::MAX { "never".to_string() } else { t.to_string() };
        println!(
            "| {name} | {} | {} | {} | {} | {:.0} | {:.2} | {:.2} |",
            m.multipliers,
            m.padded_multipliers(),
            m.constraints,
            m.nonzeros,
            translate.as_secs_f64() * 1e3,
            prove.as_secs_f64(),
            verify.as_secs_f64()
        );
    }
    Ok(())
}
