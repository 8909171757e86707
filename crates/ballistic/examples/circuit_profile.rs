//! Profile helper: prove once, then verify `K` times (for `perf record`):
//! `cargo run --release -p ballistic --example circuit_profile -- PATH.arith PATH.in K`.

use std::path::Path;
use std::time::Instant;

use ballistic::circuit::arith::Circuit;
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, PedersenGens, Ristretto255};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let circuit = Circuit::from_path(Path::new(&args[1]))?;
    let values =
        circuit.read_inputs::<<Ristretto255 as ballistic::Group>::Scalar, _>(std::fs::read(&args[2])?.as_slice())?;
    let k: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let bp = BulletproofGens::<Ristretto255>::new(circuit.stats().multipliers.next_power_of_two(), 1);
    let pc = PedersenGens::default();
    let mut rng = rand::thread_rng();
    let t = Instant::now();
    let (proof, public) = circuit.prove(&pc, &bp, Transcript::new(b"p"), &values, &mut rng)?;
    println!("prove {:.2?}", t.elapsed());
    for _ in 0..k {
        let t = Instant::now();
        let v = circuit.verifier::<Ristretto255>(Transcript::new(b"p"), &public)?;
        let built = t.elapsed();
        v.verify(&proof, &pc, &bp)?;
        println!("verify {:.2?} (synthesis {:.2?})", t.elapsed(), built);
    }
    Ok(())
}
