//! Pinocchio `.arith` circuits (as written by jsnark) as R1CS proofs.
//!
//! **What is proved.** For a circuit `C` over `𝔽_ℓ` with public input wires
//! `I` (wire 0 is the constant 1), witness input wires `W` and output wires
//! `O`: "I know values of the wires `W` such that evaluating `C` on them and
//! on the public values of `I` gives the public values of `O`". The verifier
//! needs only the circuit and the public values.
//!
//! **Translation to R1CS** (see [`crate::circuit`]). Every wire is a linear
//! combination of R1CS variables. Linear gates cost nothing: `add`,
//! `const-mul[-neg]-K` and `pack` build new combinations. Public inputs are
//! constants (`value·1`). A witness input is an allocated variable (half a
//! multiplication gate). Each of `mul`, `xor` (`a + b − 2ab`), `or`
//! (`a + b − ab`) and `assert` (`a·b = c`) is one multiplication gate;
//! `split` is one gate per output bit `b` (`(1 − b)·b = 0`) plus the linear
//! constraint `a = Σ 2^i b_i`; `zerop` is two (`a·m = c`, `a·(1 − c) = 0`).
//! Every output wire is constrained to its public value. A wire's
//! combination is freed after its last use, so memory follows the circuit's
//! live width, not its length.
//!
//! **Binding.** The public values are written into the transcript before
//! proving, and the R1CS transcript binds a digest of every constraint, so
//! a proof is only valid for this circuit (every gate and constant) and
//! these public values.
//!
//! **Fields.** The files are generated for one prime field; constants and
//! values must be below the group order `ℓ` of the group used, or the
//! circuit is refused (naming the line). Evaluation of the witness is
//! constant time in the witness values (no branch on them; `zerop` uses a
//! constant-time inversion).

mod parse;

use std::io::BufRead;
use std::path::Path;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use zeroize::{Zeroize, Zeroizing};

pub use parse::{MAX_GATE_ARITY, MAX_VALUE_LINE, MAX_WIRES};

use crate::circuit::{ConstraintSystem, LinearCombination, Prover, R1csProof, Variable, Verifier};
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{Group, ScalarOps};

/// Why a circuit or value file was refused, naming the line (1-based; 0
/// when the problem is not on one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArithError {
    /// Reading failed.
    Io {
        /// The I/O error.
        message: String,
    },
    /// A statement that does not parse.
    Malformed {
        /// Line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A gate name the format does not have.
    UnknownGate {
        /// Line.
        line: usize,
        /// The name.
        name: String,
    },
    /// A wire used before any statement defines it.
    UndefinedWire {
        /// Line.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// A wire defined twice.
    Redefined {
        /// Line.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// A wire number not below `total`.
    WireOutOfRange {
        /// Line.
        line: usize,
        /// The wire.
        wire: usize,
        /// The circuit's wire count.
        total: usize,
    },
    /// A hexadecimal constant or value with a non-hex digit.
    BadHex {
        /// Line.
        line: usize,
        /// The text.
        text: String,
    },
    /// A constant or value longer than 256 bits.
    ConstantTooLarge {
        /// Line.
        line: usize,
    },
    /// A constant or value that is not below the group order (the file was
    /// generated for another field).
    NotInField {
        /// Line (of the circuit or the value file).
        line: usize,
    },
    /// A value that is not in its one encoding (proof files: lowercase,
    /// no leading zeros, as [`scalar_to_hex`] writes it).
    NonCanonical {
        /// Position (1-based) of the value in its list.
        line: usize,
    },
    /// A wire given a value twice in one value file.
    Duplicate {
        /// Line of the second value.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// A public or witness input without a value.
    MissingInput {
        /// The wire.
        wire: usize,
    },
    /// A value given for a wire that is not an input of the circuit.
    NotAnInput {
        /// Line of the value file.
        line: usize,
        /// The wire.
        wire: usize,
    },
    /// An output's evaluated value differs from the expected one.
    WrongOutput {
        /// The output wire.
        wire: usize,
    },
}

impl core::fmt::Display for ArithError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ArithError::Io { message } => write!(f, "read error: {message}"),
            ArithError::Malformed { line, message } => write!(f, "line {line}: {message}"),
            ArithError::UnknownGate { line, name } => write!(f, "line {line}: unknown gate `{name}`"),
            ArithError::UndefinedWire { line, wire } => {
                write!(f, "line {line}: wire {wire} is used before it is defined")
            }
            ArithError::Redefined { line, wire } => write!(f, "line {line}: wire {wire} is defined twice"),
            ArithError::WireOutOfRange { line, wire, total } => {
                write!(f, "line {line}: wire {wire} is out of range (total {total})")
            }
            ArithError::BadHex { line, text } => write!(f, "line {line}: bad hexadecimal `{text}`"),
            ArithError::ConstantTooLarge { line } => write!(f, "line {line}: constant longer than 256 bits"),
            ArithError::NotInField { line } => {
                write!(f, "line {line}: constant is not below the group order (circuit made for another field?)")
            }
            ArithError::NonCanonical { line } => {
                write!(f, "line {line}: not canonical hex (lowercase, no leading zeros)")
            }
            ArithError::Duplicate { line, wire } => write!(f, "line {line}: wire {wire} is given a value twice"),
            ArithError::MissingInput { wire } => write!(f, "no value for input wire {wire}"),
            ArithError::NotAnInput { line, wire } => {
                write!(f, "line {line}: wire {wire} is not an input of the circuit")
            }
            ArithError::WrongOutput { wire } => write!(f, "output wire {wire} does not evaluate to the expected value"),
        }
    }
}

impl std::error::Error for ArithError {}

/// A gate, with its wires.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Gate {
    Add { ins: Vec<u32>, out: u32 },
    Mul { a: u32, b: u32, out: u32 },
    ConstMul { k: [u8; 32], neg: bool, a: u32, out: u32 },
    Xor { a: u32, b: u32, out: u32 },
    Or { a: u32, b: u32, out: u32 },
    Assert { a: u32, b: u32, c: u32 },
    Split { a: u32, outs: Vec<u32> },
    Pack { ins: Vec<u32>, out: u32 },
    Zerop { a: u32, m: u32, c: u32 },
}

impl Gate {
    /// Fill in the wires (arity already checked by the parser).
    fn with_wires(self, ins: Vec<u32>, outs: Vec<u32>) -> Gate {
        let i = |k: usize| ins.get(k).copied().unwrap_or(0);
        let o = |k: usize| outs.get(k).copied().unwrap_or(0);
        match self {
            Gate::Add { .. } => Gate::Add { out: o(0), ins },
            Gate::Mul { .. } => Gate::Mul { a: i(0), b: i(1), out: o(0) },
            Gate::ConstMul { k, neg, .. } => Gate::ConstMul { k, neg, a: i(0), out: o(0) },
            Gate::Xor { .. } => Gate::Xor { a: i(0), b: i(1), out: o(0) },
            Gate::Or { .. } => Gate::Or { a: i(0), b: i(1), out: o(0) },
            Gate::Assert { .. } => Gate::Assert { a: i(0), b: i(1), c: o(0) },
            Gate::Split { .. } => Gate::Split { a: i(0), outs },
            Gate::Pack { .. } => Gate::Pack { out: o(0), ins },
            Gate::Zerop { .. } => Gate::Zerop { a: i(0), m: o(0), c: o(1) },
        }
    }

    fn inputs(&self) -> Vec<u32> {
        match self {
            Gate::Add { ins, .. } | Gate::Pack { ins, .. } => ins.clone(),
            Gate::Mul { a, b, .. } | Gate::Xor { a, b, .. } | Gate::Or { a, b, .. } => vec![*a, *b],
            Gate::Assert { a, b, c } => vec![*a, *b, *c],
            Gate::ConstMul { a, .. } | Gate::Split { a, .. } | Gate::Zerop { a, .. } => vec![*a],
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GateAt {
    pub(crate) line: usize,
    pub(crate) gate: Gate,
}

/// A parsed circuit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Circuit {
    total: usize,
    inputs: Vec<usize>,
    witness_inputs: Vec<usize>,
    outputs: Vec<usize>,
    gates: Vec<GateAt>,
}

/// Counts of a circuit's statements and the R1CS size they become.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CircuitStats {
    /// Declared wires.
    pub wires: usize,
    /// Public inputs, the one-wire included.
    pub public_inputs: usize,
    /// Witness inputs.
    pub witness_inputs: usize,
    /// Outputs.
    pub outputs: usize,
    /// Gates of every kind.
    pub gates: usize,
    /// Multiplication gates of the R1CS (before padding).
    pub multipliers: usize,
}

/// The public values of a statement: input wires (without the one-wire)
/// and output wires, each with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicValues<S> {
    /// `(wire, value)` for every public input but wire 0, in circuit order.
    pub inputs: Vec<(usize, S)>,
    /// `(wire, value)` for every output, in circuit order.
    pub outputs: Vec<(usize, S)>,
}

/// `v[w]`, or the default for a wire outside the table. Wire numbers are
/// checked against `total` by the parser (a `Circuit`'s fields are private),
/// so the fallbacks of [`get`] and [`set`] never apply; they exist so that
/// no index into a wire table can panic.
fn get<T: Clone + Default>(v: &[T], w: usize) -> T {
    v.get(w).cloned().unwrap_or_default()
}

/// `v[w] = x` for a wire inside the table (see [`get`]).
fn set<T>(v: &mut [T], w: usize, x: T) {
    if let Some(slot) = v.get_mut(w) {
        *slot = x;
    }
}

fn scalar_from_le<S: ScalarOps>(bytes: &[u8; 32], line: usize) -> Result<S, ArithError> {
    S::from_canonical_bytes(bytes).ok_or(ArithError::NotInField { line })
}

/// A value written as in `.in` files (hexadecimal number, most significant
/// digit first) as a scalar; `line` names where it came from in errors.
/// Constant time for the text's length (secret values are parsed with it).
pub fn scalar_from_hex<S: ScalarOps>(hex: &str, line: usize) -> Result<S, ArithError> {
    let mut le = parse::parse_hex_le(hex.as_bytes(), line)?;
    let s = scalar_from_le(&le, line);
    le.zeroize();
    s
}

/// [`scalar_from_hex`] for a public value that must be in its one encoding,
/// the one [`scalar_to_hex`] writes (proof files' wire values): lowercase,
/// no leading zeros.
pub fn scalar_from_hex_canonical<S: ScalarOps>(hex: &str, line: usize) -> Result<S, ArithError> {
    let s = scalar_from_hex::<S>(hex, line)?;
    if scalar_to_hex(&s) != hex {
        return Err(ArithError::NonCanonical { line });
    }
    Ok(s)
}

/// A scalar as a hexadecimal number, as in `.in` files (no leading zeros).
pub fn scalar_to_hex<S: ScalarOps>(s: &S) -> String {
    let le = s.to_bytes();
    let hex: String = le.iter().rev().map(|b| format!("{b:02x}")).collect();
    let trimmed = hex.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.into()
    }
}

impl Circuit {
    /// Parse a circuit from text.
    pub fn parse<R: BufRead>(reader: R) -> Result<Circuit, ArithError> {
        parse::parse_circuit(reader)
    }

    /// Parse a circuit file; `.gz` files are decompressed on the fly.
    pub fn from_path(path: &Path) -> Result<Circuit, ArithError> {
        let file =
            std::fs::File::open(path).map_err(|e| ArithError::Io { message: format!("{}: {e}", path.display()) })?;
        Self::from_reader(file, path.extension().is_some_and(|e| e == "gz"))
    }

    /// Parse a circuit from a byte stream, gzip-compressed or not.
    pub fn from_reader<R: std::io::Read>(reader: R, gzip: bool) -> Result<Circuit, ArithError> {
        if gzip {
            Self::parse(std::io::BufReader::new(flate2::read::GzDecoder::new(reader)))
        } else {
            Self::parse(std::io::BufReader::new(reader))
        }
    }

    /// Public input wires, the one-wire (0) first.
    pub fn public_inputs(&self) -> &[usize] {
        &self.inputs
    }

    /// Witness input wires.
    pub fn witness_inputs(&self) -> &[usize] {
        &self.witness_inputs
    }

    /// Output wires.
    pub fn outputs(&self) -> &[usize] {
        &self.outputs
    }

    /// Sizes, without building anything.
    pub fn stats(&self) -> CircuitStats {
        let mut multipliers = self.witness_inputs.len().div_ceil(2);
        for g in &self.gates {
            multipliers += match &g.gate {
                Gate::Mul { .. } | Gate::Xor { .. } | Gate::Or { .. } | Gate::Assert { .. } => 1,
                Gate::Split { outs, .. } => outs.len(),
                Gate::Zerop { .. } => 2,
                _ => 0,
            };
        }
        CircuitStats {
            wires: self.total,
            public_inputs: self.inputs.len(),
            witness_inputs: self.witness_inputs.len(),
            outputs: self.outputs.len(),
            gates: self.gates.len(),
            multipliers,
        }
    }

    /// Read input values (`.in` format) and check they name exactly the
    /// circuit's inputs; returns the values of all input wires (public and
    /// witness), in a wire-indexed table.
    pub fn read_inputs<S: ScalarOps, R: BufRead>(&self, reader: R) -> Result<InputValues<S>, ArithError> {
        // Values go straight into wiped storage (no intermediate copies).
        let mut values: Zeroizing<Vec<S>> = Zeroizing::new(vec![S::zero(); self.total]);
        let mut seen = vec![false; self.total];
        let mut is_input = vec![false; self.total];
        for w in self.inputs.iter().chain(&self.witness_inputs) {
            set(&mut is_input, *w, true);
        }
        parse::parse_values(reader, |line, wire, bytes| {
            if !get(&is_input, wire) {
                return Err(ArithError::NotAnInput { line, wire });
            }
            if get(&seen, wire) {
                return Err(ArithError::Duplicate { line, wire });
            }
            set(&mut values, wire, scalar_from_le(bytes, line)?);
            set(&mut seen, wire, true);
            Ok(())
        })?;
        for w in self.inputs.iter().chain(&self.witness_inputs) {
            if !get(&seen, *w) {
                return Err(ArithError::MissingInput { wire: *w });
            }
        }
        Ok(InputValues { values })
    }

    /// Read expected output values (`.out` format), in circuit order.
    pub fn read_outputs<S: ScalarOps, R: BufRead>(&self, reader: R) -> Result<Vec<(usize, S)>, ArithError> {
        let mut got: Vec<Option<S>> = vec![None; self.outputs.len()];
        parse::parse_values(reader, |line, wire, bytes| {
            let pos = self.outputs.iter().position(|w| *w == wire).ok_or(ArithError::NotAnInput { line, wire })?;
            if got.get(pos).is_some_and(|v| v.is_some()) {
                return Err(ArithError::Duplicate { line, wire });
            }
            set(&mut got, pos, Some(scalar_from_le(bytes, line)?));
            Ok(())
        })?;
        self.outputs
            .iter()
            .zip(got)
            .map(|(w, v)| v.map(|v| (*w, v)).ok_or(ArithError::MissingInput { wire: *w }))
            .collect()
    }

    /// Evaluate every wire (constant time in the witness values). Wires no
    /// statement defines are 0.
    pub fn evaluate<S: ScalarOps>(&self, inputs: &InputValues<S>) -> Result<Zeroizing<Vec<S>>, ArithError> {
        let mut v: Zeroizing<Vec<S>> = Zeroizing::new(Vec::with_capacity(self.total));
        v.extend_from_slice(&inputs.values);
        v.resize(self.total, S::zero());
        let one = S::one();
        for g in &self.gates {
            let val = |v: &[S], w: &u32| get(v, *w as usize);
            match &g.gate {
                Gate::Add { ins, out } => {
                    let x = ins.iter().map(|w| val(&v, w)).sum();
                    set(&mut v, *out as usize, x);
                }
                Gate::Mul { a, b, out } => {
                    let x = val(&v, a) * val(&v, b);
                    set(&mut v, *out as usize, x);
                }
                Gate::ConstMul { k, neg, a, out } => {
                    // Negate the public constant, never the secret product
                    // (k256's negation branches on its operand; ctgrind).
                    let k: S = scalar_from_le(k, g.line)?;
                    let k = if *neg { -k } else { k };
                    let x = k * val(&v, a);
                    set(&mut v, *out as usize, x);
                }
                Gate::Xor { a, b, out } => {
                    let (x, y) = (val(&v, a), val(&v, b));
                    set(&mut v, *out as usize, x + y - (x * y + x * y));
                }
                Gate::Or { a, b, out } => {
                    let (x, y) = (val(&v, a), val(&v, b));
                    set(&mut v, *out as usize, x + y - x * y);
                }
                Gate::Assert { .. } => {}
                Gate::Split { a, outs } => {
                    let bytes = Zeroizing::new(val(&v, a).to_bytes());
                    for (i, w) in outs.iter().enumerate() {
                        let bit = bytes.get(i / 8).map_or(0, |b| (b >> (i % 8)) & 1);
                        set(&mut v, *w as usize, S::from_u64(bit as u64));
                    }
                }
                Gate::Pack { ins, out } => {
                    let mut acc = S::zero();
                    let mut p = one;
                    for w in ins {
                        acc += p * val(&v, w);
                        p = p + p;
                    }
                    set(&mut v, *out as usize, acc);
                }
                Gate::Zerop { a, m, c } => {
                    let x = val(&v, a);
                    let is_zero = x.ct_eq(&S::zero());
                    set(&mut v, *m as usize, x.invert_ct());
                    set(&mut v, *c as usize, S::conditional_select(&one, &S::zero(), is_zero));
                }
            }
        }
        Ok(v)
    }

    /// Evaluate and check the outputs against `expected` (public).
    pub fn check_outputs<S: ScalarOps>(&self, wires: &[S], expected: &[(usize, S)]) -> Result<(), ArithError> {
        for (w, value) in expected {
            if wires.get(*w) != Some(value) {
                return Err(ArithError::WrongOutput { wire: *w });
            }
        }
        Ok(())
    }

    /// The public values of an evaluation.
    pub fn public_values<S: ScalarOps>(&self, wires: &[S]) -> PublicValues<S> {
        let get = |w: &usize| (*w, wires.get(*w).copied().unwrap_or_default());
        PublicValues {
            inputs: self.inputs.iter().filter(|w| **w != 0).map(get).collect(),
            outputs: self.outputs.iter().map(get).collect(),
        }
    }

    /// Build the constraints into `cs`: the prover passes every wire's value
    /// (`wires`), the verifier `None`. `public` gives the public inputs and
    /// the outputs, which must be exactly the circuit's, in order.
    pub fn synthesize<S: ScalarOps, CS: ConstraintSystem<S>>(
        &self,
        cs: &mut CS,
        public: &PublicValues<S>,
        wires: Option<&[S]>,
    ) -> Result<(), ProofError> {
        let mismatch =
            |what: &str| ProofError::Gadget { message: format!("public values do not match the circuit's {what}") };
        if public.inputs.len() + 1 != self.inputs.len()
            || public.inputs.iter().zip(self.inputs.iter().filter(|w| **w != 0)).any(|((w, _), c)| w != c)
        {
            return Err(mismatch("inputs"));
        }
        if public.outputs.len() != self.outputs.len()
            || public.outputs.iter().zip(&self.outputs).any(|((w, _), c)| w != c)
        {
            return Err(mismatch("outputs"));
        }
        // Last use of every wire (gate index; outputs live to the end).
        let end = self.gates.len();
        let mut last_use = vec![0usize; self.total];
        for (i, g) in self.gates.iter().enumerate() {
            for w in g.gate.inputs() {
                set(&mut last_use, w as usize, i);
            }
        }
        for w in &self.outputs {
            set(&mut last_use, *w, end);
        }
        let mut lcs: Vec<Option<LinearCombination<S>>> = vec![None; self.total];
        // Wires that are bits whenever the constraints hold (the one-wire,
        // split outputs, and logic on bits): their gates use the
        // `multiply_bits` hint.
        let mut is_bit = vec![false; self.total];
        set(&mut is_bit, 0, true);
        set(&mut lcs, 0, Some(LinearCombination::from(Variable::One)));
        for (w, value) in &public.inputs {
            set(&mut lcs, *w, Some(LinearCombination::from(*value)));
        }
        let value = |w: u32| -> Option<S> { wires.and_then(|ws| ws.get(w as usize).copied()) };
        for w in &self.witness_inputs {
            let var = cs.allocate(value(*w as u32))?;
            set(&mut lcs, *w, Some(var.into()));
        }
        let undefined = |line: usize| ProofError::Gadget { message: format!("line {line}: wire without a value") };
        for (index, g) in self.gates.iter().enumerate() {
            let line = g.line;
            let lc = |lcs: &[Option<LinearCombination<S>>], w: &u32| get(lcs, *w as usize).ok_or(undefined(line));
            match &g.gate {
                Gate::Add { ins, out } => {
                    let mut acc = LinearCombination::default();
                    for w in ins {
                        acc = acc + lc(&lcs, w)?;
                    }
                    set(&mut lcs, *out as usize, Some(acc.simplify()));
                }
                Gate::Pack { ins, out } => {
                    let mut acc = LinearCombination::default();
                    let mut p = S::one();
                    for w in ins {
                        acc = acc + lc(&lcs, w)? * p;
                        p = p + p;
                    }
                    set(&mut lcs, *out as usize, Some(acc.simplify()));
                }
                Gate::ConstMul { k, neg, a, out } => {
                    let k: S = scalar_from_le(k, g.line).map_err(|e| ProofError::Gadget { message: e.to_string() })?;
                    let k = if *neg { -k } else { k };
                    let x = (lc(&lcs, a)? * k).simplify();
                    set(&mut lcs, *out as usize, Some(x));
                }
                Gate::Mul { a, b, out } => {
                    let bits = get(&is_bit, *a as usize) && get(&is_bit, *b as usize);
                    let (la, lb) = (lc(&lcs, a)?, lc(&lcs, b)?);
                    let (_, _, o) = if bits { cs.multiply_bits(la, lb) } else { cs.multiply(la, lb) };
                    set(&mut lcs, *out as usize, Some(o.into()));
                    set(&mut is_bit, *out as usize, bits);
                }
                Gate::Xor { a, b, out } | Gate::Or { a, b, out } => {
                    let bits = get(&is_bit, *a as usize) && get(&is_bit, *b as usize);
                    let (la, lb) = (lc(&lcs, a)?, lc(&lcs, b)?);
                    let (_, _, o) = if bits {
                        cs.multiply_bits(la.clone(), lb.clone())
                    } else {
                        cs.multiply(la.clone(), lb.clone())
                    };
                    let k = if matches!(g.gate, Gate::Xor { .. }) { S::from_u64(2) } else { S::one() };
                    set(&mut lcs, *out as usize, Some((la + lb - o.times(k)).simplify()));
                    set(&mut is_bit, *out as usize, bits);
                }
                Gate::Assert { a, b, c } => {
                    let (_, _, o) = cs.multiply(lc(&lcs, a)?, lc(&lcs, b)?);
                    cs.constrain(lc(&lcs, c)? - o);
                }
                Gate::Split { a, outs } => {
                    let mut sum = LinearCombination::default();
                    let mut p = S::one();
                    for w in outs {
                        // (1 − b)·b = 0 on one gate: left = 1 − b, right = b.
                        let assignment = value(*w).map(|b| (S::one() - b, b));
                        let (l, r, o) = cs.allocate_bits_multiplier(assignment)?;
                        cs.constrain(o.into());
                        cs.constrain(l.plus(r) - S::one());
                        sum = sum + r.times(p);
                        set(&mut lcs, *w as usize, Some(r.into()));
                        set(&mut is_bit, *w as usize, true);
                        p = p + p;
                    }
                    cs.constrain(lc(&lcs, a)? - sum);
                }
                Gate::Zerop { a, m, c } => {
                    let la = lc(&lcs, a)?;
                    let (l, r, o) = cs.allocate_multiplier(value(*a).zip(value(*m)))?;
                    cs.constrain(la.clone() - l);
                    let (_, _, o2) = cs.multiply(la, Variable::One.minus(o));
                    cs.constrain(o2.into());
                    set(&mut lcs, *m as usize, Some(r.into()));
                    set(&mut lcs, *c as usize, Some(o.into()));
                    set(&mut is_bit, *c as usize, true);
                }
            }
            for w in g.gate.inputs() {
                if get(&last_use, w as usize) == index {
                    set(&mut lcs, w as usize, None);
                }
            }
        }
        for (w, v) in &public.outputs {
            let l = get(&lcs, *w).ok_or(undefined(0))?;
            cs.constrain(l - *v);
        }
        Ok(())
    }

    /// Prove that the witness in `inputs` makes the circuit output what it
    /// evaluates to. Returns the proof and the public values (inputs and
    /// outputs) it is bound to. `bp_gens` needs one chain of at least
    /// the padded number of multipliers.
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        &self,
        pc_gens: &PedersenGens<G>,
        bp_gens: &BulletproofGens<G>,
        transcript: Transcript,
        inputs: &InputValues<G::Scalar>,
        rng: &mut R,
    ) -> Result<(R1csProof<G>, PublicValues<G::Scalar>), ProofError> {
        let wires = self.evaluate(inputs).map_err(|e| ProofError::Gadget { message: e.to_string() })?;
        let public = self.public_values(&wires);
        // The outputs are computed from the witness but are the statement:
        // public by definition (a declassification point, see crate::ct).
        for (_, v) in public.inputs.iter().chain(&public.outputs) {
            crate::ct::declassify(v);
        }
        let mut prover = Prover::new(pc_gens, bind_public::<G>(transcript, &public));
        self.synthesize(&mut prover, &public, Some(&wires))?;
        drop(wires);
        let proof = prover.prove_with_rng(bp_gens, rng)?;
        Ok((proof, public))
    }

    /// Verify a proof for these public values.
    pub fn verify<G: Group, R: RngCore + CryptoRng>(
        &self,
        pc_gens: &PedersenGens<G>,
        bp_gens: &BulletproofGens<G>,
        transcript: Transcript,
        public: &PublicValues<G::Scalar>,
        proof: &R1csProof<G>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verifier::<G>(transcript, public)?.verify_with_rng(proof, pc_gens, bp_gens, rng)
    }

    /// A verifier with this circuit's constraints built, ready for
    /// [`Verifier::verify`] or [`crate::batch::verify_circuits`].
    pub fn verifier<G: Group>(
        &self,
        transcript: Transcript,
        public: &PublicValues<G::Scalar>,
    ) -> Result<Verifier<G>, ProofError> {
        let mut verifier = Verifier::new(bind_public::<G>(transcript, public));
        self.synthesize(&mut verifier, public, None)?;
        Ok(verifier)
    }
}

/// Append the public values to the transcript (before the R1CS domain).
fn bind_public<G: Group>(mut transcript: Transcript, public: &PublicValues<G::Scalar>) -> Transcript {
    use crate::transcript::TranscriptProtocol;
    transcript.append_message(b"dom-sep", b"ballistic arith v1");
    transcript.append_u64(b"inputs", public.inputs.len() as u64);
    for (w, v) in &public.inputs {
        transcript.append_u64(b"wire", *w as u64);
        transcript.append_scalar::<G>(b"value", v);
    }
    transcript.append_u64(b"outputs", public.outputs.len() as u64);
    for (w, v) in &public.outputs {
        transcript.append_u64(b"wire", *w as u64);
        transcript.append_scalar::<G>(b"value", v);
    }
    transcript
}

/// The values of a circuit's input wires (public and witness), indexed by
/// wire; wiped on drop.
#[derive(Clone)]
pub struct InputValues<S: ScalarOps> {
    values: Zeroizing<Vec<S>>,
}

impl<S: ScalarOps> InputValues<S> {
    /// The values, indexed by wire (0 for wires that are not inputs).
    pub fn as_slice(&self) -> &[S] {
        &self.values
    }
}

impl<S: ScalarOps> core::fmt::Debug for InputValues<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("InputValues").field("wires", &self.values.len()).finish_non_exhaustive()
    }
}
