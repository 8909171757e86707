//! `circuit prove` / `circuit verify`: proofs of Pinocchio `.arith`
//! circuits. The proof file format (`ballistic::file::CircuitProofFile`),
//! proving and verification are the library's; this module reads the
//! circuit and value files, shows progress and prints.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ballistic::circuit::arith::Circuit;
use ballistic::file::{self, CircuitProofFile, MAX_CIRCUIT_FILE, MAX_INPUTS_FILE};
use ballistic::group::{Group, GroupId};

use crate::files::{read_capped, write_text};

/// A progress line on stderr (only when stderr is a terminal): a bar for
/// reading the circuit, then the stage and elapsed time.
struct Progress {
    stage: Arc<std::sync::Mutex<String>>,
    done: Arc<AtomicU64>,
    total: u64,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    fn start(total: u64) -> Progress {
        let stage = Arc::new(std::sync::Mutex::new(String::from("reading circuit")));
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = std::io::stderr().is_terminal().then(|| {
            let (stage, done, stop) = (stage.clone(), done.clone(), stop.clone());
            let started = Instant::now();
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let name = stage.lock().map(|s| s.clone()).unwrap_or_default();
                    let d = done.load(Ordering::Relaxed).min(total);
                    let width = 30u64;
                    let filled = (d * width).checked_div(total).unwrap_or(width);
                    let bar: String = (0..width).map(|i| if i < filled { '#' } else { '-' }).collect();
                    eprint!("\r[{bar}] {name:<24} {:>6.1}s", started.elapsed().as_secs_f64());
                    let _ = std::io::stderr().flush();
                    std::thread::sleep(Duration::from_millis(200));
                }
                eprint!("\r{:70}\r", "");
            })
        });
        Progress { stage, done, total, stop, thread }
    }

    fn stage(&self, name: &str, fraction_done: f64) {
        if let Ok(mut s) = self.stage.lock() {
            *s = name.to_string();
        }
        self.done.store((self.total as f64 * fraction_done) as u64, Ordering::Relaxed);
    }

    fn finish(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Counts bytes read (for the progress bar).
struct Counting<R> {
    inner: R,
    count: Arc<AtomicU64>,
    scale: f64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        // Reading is the first third of the bar.
        let before = self.count.load(Ordering::Relaxed);
        self.count.store(before + (n as f64 * self.scale) as u64, Ordering::Relaxed);
        Ok(n)
    }
}

fn load_circuit(path: &Path, progress: Option<&Progress>) -> Result<Circuit, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let gzip = path.extension().is_some_and(|e| e == "gz");
    let len = file.metadata().map(|m| m.len()).unwrap_or(0).max(1);
    let parsed = match progress {
        Some(p) => {
            let reader = Counting { inner: file, count: p.done.clone(), scale: p.total as f64 / 3.0 / len as f64 };
            Circuit::from_reader(reader, gzip)
        }
        None => Circuit::from_reader(file, gzip),
    };
    parsed.map_err(|e| format!("{}: {e}", path.display()))
}

fn print_metrics(circuit: &Circuit) {
    let s = circuit.stats();
    println!(
        "circuit: {} wires, {} gates, {} public inputs (with the one-wire), {} witness inputs, {} outputs",
        s.wires, s.gates, s.public_inputs, s.witness_inputs, s.outputs
    );
    println!("r1cs: {} multiplication gates (padded to {})", s.multipliers, s.multipliers.next_power_of_two());
}

/// `circuit prove`.
pub fn prove(
    group: GroupId,
    circuit_path: &Path,
    inputs: &Path,
    expected: Option<&Path>,
    label: &str,
    out: &Path,
) -> Result<(), String> {
    // Before the circuit, which may take long to read.
    file::check_label(label).map_err(|e| e.to_string())?;
    let progress = Progress::start(3000);
    let circuit = load_circuit(circuit_path, Some(&progress));
    let result =
        circuit.and_then(|c| ballistic::with_group!(group, G => prove_in::<G>(&c, inputs, expected, label, &progress)));
    progress.finish();
    let (proof_file, elapsed) = result?;
    write_text(out, &proof_file.to_json())?;
    let outputs: Vec<String> = proof_file.outputs.iter().map(|o| format!("{}={}", o.wire, o.value)).collect();
    println!("outputs: {}", outputs.join(" "));
    println!("proof: {} bytes, proved in {:.2?}; written to {}", proof_file.proof.len() / 2, elapsed, out.display());
    Ok(())
}

fn prove_in<G: Group>(
    circuit: &Circuit,
    inputs: &Path,
    expected: Option<&Path>,
    label: &str,
    progress: &Progress,
) -> Result<(CircuitProofFile, Duration), String> {
    // Witness values: the text is wiped once parsed.
    let read = |p: &Path| read_capped(p, MAX_INPUTS_FILE).map(zeroize::Zeroizing::new);
    let values = circuit
        .read_inputs::<G::Scalar, _>(read(inputs)?.as_slice())
        .map_err(|e| format!("{}: {e}", inputs.display()))?;
    if let Some(path) = expected {
        let want = circuit
            .read_outputs::<G::Scalar, _>(read(path)?.as_slice())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let wires = circuit.evaluate(&values).map_err(|e| e.to_string())?;
        circuit.check_outputs(&wires, &want).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    print_metrics(circuit);
    progress.stage("proving", 0.4);
    let started = Instant::now();
    let proof_file = CircuitProofFile::prove_values::<G, _>(circuit, &values, label, &mut rand_core::OsRng)
        .map_err(|e| e.to_string())?;
    let elapsed = started.elapsed();
    progress.stage("done", 1.0);
    Ok((proof_file, elapsed))
}

/// `circuit verify`: `Ok` iff the proof is valid for the circuit.
pub fn verify(circuit_path: &Path, proof_path: &Path) -> Result<(), String> {
    // A malformed proof file is refused before the circuit is read.
    let proof_file =
        CircuitProofFile::from_json(&read_capped(proof_path, MAX_CIRCUIT_FILE)?).map_err(|e| e.to_string())?;
    let circuit = load_circuit(circuit_path, None)?;
    proof_file.verify(&circuit).map_err(|e| e.to_string())
}
