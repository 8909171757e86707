//! `circuit prove` / `circuit verify`: proofs of Pinocchio `.arith`
//! circuits, in JSON files that carry the public values.
//!
//! ```json
//! { "system": "r1cs", "group": "ristretto255", "label": "…",
//!   "multipliers": 25440,
//!   "inputs": [{ "wire": 2, "value": "3d" }, …],
//!   "outputs": [{ "wire": 37606, "value": "…" }, …],
//!   "proof": "<hex>" }
//! ```
//!
//! Values are hexadecimal numbers as in `.in` files. The verifier needs
//! the circuit file and the proof file; the proof is bound to every gate of
//! the circuit and to the public values.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ballistic::circuit::arith::{scalar_from_hex, scalar_to_hex, Circuit, PublicValues};
use ballistic::circuit::R1csProof;
use ballistic::encoding::{from_hex, to_hex};
use ballistic::group::Group;
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, PedersenGens, Ristretto255, Secp256k1};
use serde::{Deserialize, Serialize};

use crate::files::{label_bytes, write_json, GroupName, MAX_LABEL};

/// Default transcript label of circuit proofs.
pub const DEFAULT_LABEL: &str = "ballistic circuit proof";

/// Largest proof file accepted (a proof is under 2 KiB; the public values
/// of the largest circuits are small too).
const MAX_FILE: u64 = 16 << 20;

/// One public wire and its value.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WireValue {
    pub wire: usize,
    pub value: String,
}

/// A circuit proof file.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CircuitProofFile {
    pub system: String,
    pub group: String,
    pub label: String,
    pub multipliers: usize,
    pub inputs: Vec<WireValue>,
    pub outputs: Vec<WireValue>,
    pub proof: String,
}

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
    group: GroupName,
    circuit_path: &Path,
    inputs: &Path,
    expected: Option<&Path>,
    label: &str,
    out: &Path,
) -> Result<(), String> {
    if label.len() > MAX_LABEL {
        return Err(format!("label of {} bytes: at most {MAX_LABEL}", label.len()));
    }
    let progress = Progress::start(3000);
    let circuit = load_circuit(circuit_path, Some(&progress));
    let result = circuit.and_then(|c| match group {
        GroupName::Ristretto255 => prove_in::<Ristretto255>(&c, inputs, expected, label, &progress),
        GroupName::Secp256k1 => prove_in::<Secp256k1>(&c, inputs, expected, label, &progress),
    });
    progress.finish();
    let (file, stats, elapsed) = result?;
    write_json(out, &file)?;
    println!("{stats}");
    println!("proof: {} bytes, proved in {:.2?}; written to {}", file.proof.len() / 2, elapsed, out.display());
    Ok(())
}

fn wire_values<G: Group>(values: &[(usize, G::Scalar)]) -> Vec<WireValue> {
    values.iter().map(|(w, v)| WireValue { wire: *w, value: scalar_to_hex(v) }).collect()
}

fn prove_in<G: Group>(
    circuit: &Circuit,
    inputs: &Path,
    expected: Option<&Path>,
    label: &str,
    progress: &Progress,
) -> Result<(CircuitProofFile, String, Duration), String> {
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()));
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
    let stats = circuit.stats();
    progress.stage("deriving generators", 0.4);
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(stats.multipliers.next_power_of_two().max(1), 1);
    progress.stage("proving", 0.5);
    let started = Instant::now();
    let (proof, public) = circuit
        .prove(&pc, &bp, Transcript::new(label_bytes(label)), &values, &mut rand_core::OsRng)
        .map_err(|e| e.to_string())?;
    let elapsed = started.elapsed();
    progress.stage("done", 1.0);
    let file = CircuitProofFile {
        system: "r1cs".into(),
        group: G::NAME.into(),
        label: label.into(),
        multipliers: stats.multipliers,
        inputs: wire_values::<G>(&public.inputs),
        outputs: wire_values::<G>(&public.outputs),
        proof: to_hex(&proof.to_bytes()),
    };
    let summary = format!(
        "outputs: {}",
        public.outputs.iter().map(|(w, v)| format!("{w}={}", scalar_to_hex(v))).collect::<Vec<_>>().join(" ")
    );
    Ok((file, summary, elapsed))
}

/// Prove in memory from `.in`-format input text: the proof file's content.
pub fn prove_text(group: GroupName, circuit: &Circuit, inputs: &[u8], label: &str) -> Result<CircuitProofFile, String> {
    if label.len() > MAX_LABEL {
        return Err(format!("label of {} bytes: at most {MAX_LABEL}", label.len()));
    }
    match group {
        GroupName::Ristretto255 => prove_text_in::<Ristretto255>(circuit, inputs, label),
        GroupName::Secp256k1 => prove_text_in::<Secp256k1>(circuit, inputs, label),
    }
}

fn prove_text_in<G: Group>(circuit: &Circuit, inputs: &[u8], label: &str) -> Result<CircuitProofFile, String> {
    let values = circuit.read_inputs::<G::Scalar, _>(inputs).map_err(|e| format!("inputs: {e}"))?;
    let multipliers = circuit.stats().multipliers;
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(multipliers.next_power_of_two().max(1), 1);
    let (proof, public) = circuit
        .prove(&pc, &bp, Transcript::new(label_bytes(label)), &values, &mut rand_core::OsRng)
        .map_err(|e| e.to_string())?;
    Ok(CircuitProofFile {
        system: "r1cs".into(),
        group: G::NAME.into(),
        label: label.into(),
        multipliers,
        inputs: wire_values::<G>(&public.inputs),
        outputs: wire_values::<G>(&public.outputs),
        proof: to_hex(&proof.to_bytes()),
    })
}

/// Verify a decoded proof file against a circuit.
pub fn verify_proof_file(circuit: &Circuit, file: &CircuitProofFile) -> Result<(), String> {
    if file.system != "r1cs" {
        return Err(format!("unsupported system {:?} (expected \"r1cs\")", file.system));
    }
    if file.label.len() > MAX_LABEL {
        return Err(format!("label of {} bytes: at most {MAX_LABEL}", file.label.len()));
    }
    match GroupName::from_file_name(&file.group)? {
        GroupName::Ristretto255 => verify_in::<Ristretto255>(circuit, file),
        GroupName::Secp256k1 => verify_in::<Secp256k1>(circuit, file),
    }
}

/// Decode a circuit proof file's JSON (strict: unknown fields, bad hex,
/// non-canonical values and malformed proofs are errors).
pub fn parse_file(text: &[u8]) -> Result<CircuitProofFile, String> {
    let file: CircuitProofFile = serde_json::from_slice(text).map_err(|e| format!("not a circuit proof file: {e}"))?;
    if file.system != "r1cs" {
        return Err(format!("unsupported system {:?} (expected \"r1cs\")", file.system));
    }
    if file.label.len() > MAX_LABEL {
        return Err(format!("label of {} bytes: at most {MAX_LABEL}", file.label.len()));
    }
    Ok(file)
}

fn public_values<G: Group>(file: &CircuitProofFile) -> Result<PublicValues<G::Scalar>, String> {
    let conv = |list: &[WireValue], what: &str| -> Result<Vec<(usize, G::Scalar)>, String> {
        list.iter()
            .enumerate()
            .map(|(i, wv)| {
                scalar_from_hex::<G::Scalar>(&wv.value, i + 1)
                    .map(|v| (wv.wire, v))
                    .map_err(|e| format!("{what} #{i} (wire {}): {e}", wv.wire))
            })
            .collect()
    };
    Ok(PublicValues { inputs: conv(&file.inputs, "input")?, outputs: conv(&file.outputs, "output")? })
}

/// Verify a proof file's JSON text against a parsed circuit.
pub fn verify_json(circuit: &Circuit, text: &[u8]) -> Result<(), String> {
    let file = parse_file(text)?;
    match GroupName::from_file_name(&file.group)? {
        GroupName::Ristretto255 => verify_in::<Ristretto255>(circuit, &file),
        GroupName::Secp256k1 => verify_in::<Secp256k1>(circuit, &file),
    }
}

/// `circuit verify`: `Ok` iff the proof is valid for the circuit.
pub fn verify(circuit_path: &Path, proof_path: &Path) -> Result<(), String> {
    let meta = std::fs::metadata(proof_path).map_err(|e| format!("cannot read {}: {e}", proof_path.display()))?;
    if meta.len() > MAX_FILE {
        return Err(format!("{}: file too large for a proof file", proof_path.display()));
    }
    let text = std::fs::read(proof_path).map_err(|e| format!("cannot read {}: {e}", proof_path.display()))?;
    parse_file(&text)?;
    let circuit = load_circuit(circuit_path, None)?;
    verify_json(&circuit, &text)
}

fn verify_in<G: Group>(circuit: &Circuit, file: &CircuitProofFile) -> Result<(), String> {
    let public = public_values::<G>(file)?;
    let bytes = from_hex(&file.proof).ok_or("proof: invalid hex")?;
    let proof = R1csProof::<G>::from_bytes(&bytes).map_err(|e| format!("proof: {e}"))?;
    let stats = circuit.stats();
    if stats.multipliers != file.multipliers {
        return Err(format!(
            "the proof is for a circuit with {} multiplication gates; this one has {}",
            file.multipliers, stats.multipliers
        ));
    }
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(stats.multipliers.next_power_of_two().max(1), 1);
    circuit
        .verify(&pc, &bp, Transcript::new(label_bytes(&file.label)), &public, &proof, &mut rand_core::OsRng)
        .map_err(|e| e.to_string())
}
