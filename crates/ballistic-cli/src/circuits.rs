//! `circuit prove` / `circuit verify`: proofs of Pinocchio `.arith`
//! circuits. The proof file format (`ballistic::file::CircuitProofFile`),
//! proving and verification are the library's; this module reads the
//! circuit and value files, shows progress and prints.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ballistic::circuit::{scalar_to_hex, Circuit, Limits, PreparedCircuit};
use ballistic::file::{
    self, CircuitProofFile, FileError, GeneratorStore, WireValue, MAX_CIRCUIT_FILE, MAX_INPUTS_FILE,
};
use ballistic::group::{Group, GroupId};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::files::{read_capped, write_text};

/// A progress line on stderr (only when stderr is a terminal; hidden
/// otherwise, so captured output never holds it): a bar for reading the
/// circuit, then the stage and elapsed time (`indicatif`).
pub(crate) struct Progress {
    bar: ProgressBar,
    total: u64,
}

impl Progress {
    fn start(total: u64) -> Progress {
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
        } else {
            ProgressBar::hidden()
        };
        let style = ProgressStyle::with_template("[{bar:30}] {msg:<24} {secs}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .with_key("secs", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:>6.1}s", state.elapsed().as_secs_f64());
            })
            .progress_chars("#-");
        bar.set_style(style);
        bar.set_message("reading circuit");
        if !bar.is_hidden() {
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        Progress { bar, total }
    }

    fn stage(&self, name: &str, fraction_done: f64) {
        self.bar.set_message(name.to_string());
        self.bar.set_position((self.total as f64 * fraction_done) as u64);
    }

    fn finish(self) {
        self.bar.finish_and_clear();
    }
}

/// Counts bytes read (for the progress bar).
struct Counting<R> {
    inner: R,
    bar: ProgressBar,
    read: u64,
    scale: f64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        // Reading is the first third of the bar.
        self.read = self.read.saturating_add(n as u64);
        self.bar.set_position((self.read as f64 * self.scale) as u64);
        Ok(n)
    }
}

pub(crate) fn load_circuit(
    path: &Path,
    progress: Option<&Progress>,
    max_multipliers: Option<usize>,
) -> Result<Circuit, String> {
    let file = crate::files::open_input(path)?;
    let gzip = path.extension().is_some_and(|e| e == "gz");
    let len = file.metadata().map(|m| m.len()).unwrap_or(0).max(1);
    let mut limits = Limits::default();
    if let Some(max) = max_multipliers {
        limits.max_multipliers = limits.max_multipliers.min(max);
    }
    let parsed = match progress {
        Some(p) => {
            let reader =
                Counting { inner: file, bar: p.bar.clone(), read: 0, scale: p.total as f64 / 3.0 / len as f64 };
            Circuit::from_reader_with_limits(reader, gzip, &limits)
        }
        None => Circuit::from_reader_with_limits(file, gzip, &limits),
    };
    parsed.map_err(|e| format!("{}: {e}", path.display()))
}

fn print_metrics<G: Group>(circuit: &PreparedCircuit<G>) {
    let s = circuit.circuit().stats();
    println!(
        "circuit: {} wires, {} gates, {} public inputs, {} witness inputs, {} outputs",
        s.wires, s.gates, s.public_inputs, s.witness_inputs, s.outputs
    );
    let m = circuit.metrics();
    println!(
        "r1cs: {} multiplication gates (padded to {}), {} constraints, {} nonzero entries",
        m.multipliers,
        m.padded_multipliers(),
        m.constraints,
        m.nonzeros
    );
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
    let circuit = load_circuit(circuit_path, Some(&progress), None);
    let result =
        circuit.and_then(|c| ballistic::with_group!(group, G => prove_in::<G>(c, inputs, expected, label, &progress)));
    progress.finish();
    let (proof_file, elapsed) = result?;
    write_text(out, &proof_file.to_json())?;
    let outputs: Vec<String> = proof_file.outputs.iter().map(|o| format!("{}={}", o.wire, o.value)).collect();
    println!("outputs: {}", outputs.join(" "));
    println!("proof: {} bytes, proved in {:.2?}; written to {}", proof_file.proof.len() / 2, elapsed, out.display());
    Ok(())
}

fn prove_in<G: Group>(
    circuit: Circuit,
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
    progress.stage("translating", 0.35);
    let prepared = PreparedCircuit::<G>::new(circuit).map_err(|e| e.to_string())?;
    print_metrics(&prepared);
    progress.stage("proving", 0.4);
    let started = Instant::now();
    let proof_file = CircuitProofFile::prove_values::<G, _>(
        &GeneratorStore::from_env(),
        &prepared,
        &values,
        label,
        &mut rand_core::OsRng,
    )
    .map_err(|e| e.to_string())?;
    let elapsed = started.elapsed();
    progress.stage("done", 1.0);
    Ok((proof_file, elapsed))
}

/// The statement `circuit verify` pins: `--inputs` (public inputs, `.in`
/// format) and `--expect` (outputs, `.out` format), as given.
pub struct Pinned<'a> {
    /// `--group`: the circuit's field; files of another group are refused.
    pub group: GroupId,
    /// `--label`: files made under another label are refused.
    pub label: &'a str,
    /// `--inputs`.
    pub inputs: Option<&'a Path>,
    /// `--expect`.
    pub outputs: Option<&'a Path>,
}

/// The pinned values read on `G`'s field, as the canonical hex a proof
/// file holds.
type PinnedValues = (Option<Vec<WireValue>>, Option<Vec<WireValue>>);

fn read_pinned<G: Group>(circuit: &Circuit, pinned: &Pinned<'_>) -> Result<PinnedValues, String> {
    let hex = |values: Vec<(usize, G::Scalar)>| -> Vec<WireValue> {
        values.into_iter().map(|(wire, v)| WireValue { wire, value: scalar_to_hex(&v) }).collect()
    };
    let inputs = match pinned.inputs {
        Some(path) => Some(hex(circuit
            .read_public_inputs::<G::Scalar, _>(read_capped(path, MAX_INPUTS_FILE)?.as_slice())
            .map_err(|e| format!("{}: {e}", path.display()))?)),
        None => None,
    };
    let outputs = match pinned.outputs {
        Some(path) => Some(hex(circuit
            .read_outputs::<G::Scalar, _>(read_capped(path, MAX_INPUTS_FILE)?.as_slice())
            .map_err(|e| format!("{}: {e}", path.display()))?)),
        None => None,
    };
    Ok((inputs, outputs))
}

/// `wire=value …` of a list of public values.
fn listed(values: &[WireValue]) -> String {
    values.iter().map(|v| format!("{}={}", v.wire, v.value)).collect::<Vec<_>>().join(" ")
}

/// `circuit verify`: every proof file against the circuit, as one batch
/// per group (the circuit translated once). With `pinned` files, each
/// proof's statement must be the pinned one, checked before anything is
/// verified. `Ok` iff every proof is valid (their public values printed);
/// otherwise each invalid one is printed with its reason.
pub fn verify(circuit_path: &Path, proof_paths: &[PathBuf], pinned: &Pinned<'_>) -> Result<(), String> {
    // Malformed proof files are refused before the circuit is read, and
    // the circuit is read only as far as the largest size a proof claims.
    let mut bad: Vec<(usize, String)> = Vec::new();
    let mut parsed = Vec::with_capacity(proof_paths.len());
    let mut read_from = Vec::with_capacity(proof_paths.len());
    for (index, path) in proof_paths.iter().enumerate() {
        match read_capped(path, MAX_CIRCUIT_FILE) {
            Ok(text) => {
                parsed.push(CircuitProofFile::from_json(&text));
                read_from.push(index);
            }
            Err(reason) => bad.push((index, reason)),
        }
    }
    // The group and label are the verifier's: a file of another group (the
    // same `.arith` states something else in another field) or label is
    // named invalid and never decoded.
    for f in parsed.iter_mut() {
        let refusal = match f {
            Ok(file) if file.group != pinned.group.name() => {
                Some(FileError::WrongGroup { file: file.group.clone(), expected: pinned.group.name() })
            }
            Ok(file) if file.label != pinned.label => {
                Some(FileError::WrongLabel { file: file.label.clone(), expected: pinned.label.to_string() })
            }
            _ => None,
        };
        if let Some(e) = refusal {
            *f = Err(e);
        }
    }
    let claimed = parsed.iter().filter_map(|f| f.as_ref().ok()).map(|f| f.multipliers).max();
    if let Some(max) = claimed {
        let circuit = load_circuit(circuit_path, None, Some(max))?;
        // The statement: pinned (refused on any difference, before
        // verifying), and the jsnark one-input wire (wire 0) checked.
        let mut mismatched = Vec::new();
        let mut by_group: Vec<(GroupId, PinnedValues)> = Vec::new();
        let one_input = circuit.public_inputs().first() == Some(&0);
        for (k, f) in parsed.iter().enumerate() {
            let (Ok(f), Some(&index), Some(path)) =
                (f, read_from.get(k), read_from.get(k).and_then(|i| proof_paths.get(*i)))
            else {
                continue;
            };
            if pinned.inputs.is_some() || pinned.outputs.is_some() {
                let group = f.group_id().map_err(|e| format!("{}: {e}", path.display()))?;
                // Read once per group (values are read in its field).
                if !by_group.iter().any(|(g, _)| *g == group) {
                    let values = ballistic::with_group!(group, G => read_pinned::<G>(&circuit, pinned))?;
                    by_group.push((group, values));
                }
                let Some((_, (inputs, outputs))) = by_group.iter().find(|(g, _)| *g == group) else { continue };
                if let Err(e) = f.check_statement(inputs.as_deref(), outputs.as_deref()) {
                    mismatched.push((index, format!("{e} (--inputs/--expect)")));
                }
            }
            if one_input {
                if let Some(one) = f.inputs.iter().find(|v| v.wire == 0).filter(|v| v.value != "1") {
                    crate::term::warn(&format!(
                        "{}: input wire 0 (jsnark's one-input wire) is {}, not 1: the proof is of another statement \
                         than the circuit's (pin it with --inputs)",
                        path.display(),
                        one.value
                    ));
                }
            }
        }
        if !mismatched.is_empty() {
            return Err(match (proof_paths.len(), mismatched.as_slice()) {
                (1, [(_, reason)]) => format!("not the pinned statement: {reason}"),
                (n, list) => {
                    for (index, reason) in list {
                        if let Some(path) = proof_paths.get(*index) {
                            crate::term::say(&format!(
                                "invalid: {}: not the pinned statement: {reason}",
                                path.display()
                            ));
                        }
                    }
                    format!("{} of {n} proofs are not of the pinned statement; nothing verified", list.len())
                }
            });
        }
        for (k, reason) in
            file::verify_circuit_files(&GeneratorStore::from_env(), &circuit, &parsed, &mut rand_core::OsRng)
        {
            if let Some(&index) = read_from.get(k) {
                bad.push((index, reason.to_string()));
            }
        }
    } else {
        for (k, file) in parsed.iter().enumerate() {
            if let (Err(e), Some(&index)) = (file, read_from.get(k)) {
                bad.push((index, e.to_string()));
            }
        }
    }
    bad.sort_by_key(|(index, _)| *index);
    if bad.is_empty() {
        crate::term::say(&format!("group: {}, label: {}", pinned.group.name(), pinned.label));
    }
    match (proof_paths.len(), bad.as_slice()) {
        (1, []) => {
            if let Some(Ok(f)) = parsed.first() {
                crate::term::say(&format!("inputs: {}", listed(&f.inputs)));
                crate::term::say(&format!("outputs: {}", listed(&f.outputs)));
            }
            println!("valid");
            Ok(())
        }
        (n, []) => {
            for (k, f) in parsed.iter().enumerate() {
                if let (Ok(f), Some(path)) = (f, read_from.get(k).and_then(|i| proof_paths.get(*i))) {
                    crate::term::say(&format!(
                        "{}: inputs: {}; outputs: {}",
                        path.display(),
                        listed(&f.inputs),
                        listed(&f.outputs)
                    ));
                }
            }
            println!("valid: {n} proofs");
            Ok(())
        }
        (1, [(_, reason)]) => Err(reason.clone()),
        (n, bad) => {
            for (index, reason) in bad {
                if let Some(path) = proof_paths.get(*index) {
                    crate::term::say(&format!("invalid: {}: {reason}", path.display()));
                }
            }
            Err(format!("{} of {n} proofs are invalid", bad.len()))
        }
    }
}
