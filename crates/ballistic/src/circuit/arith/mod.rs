//! Pinocchio `.arith` circuits (as written by jsnark and by the Pinocchio
//! compiler) as R1CS proofs.
//!
//! **What is proved.** For a circuit `C` over `𝔽_ℓ` with public input wires
//! `I`, witness input wires `W` and output wires `O`: "I know values of the
//! wires `W` such that evaluating `C` on them and on the public values of
//! `I` gives the public values of `O`". The verifier needs only the circuit
//! and the public values. No wire is special: the one-input wire (jsnark
//! writes it as wire 0, the Pinocchio compiler after the other inputs) is a
//! public input like any other, whose value 1 the statement states.
//!
//! **Translation to R1CS** ([`translate`](self) module; see
//! [`crate::circuit`] for the constraint system). Every wire is a linear
//! combination of R1CS variables. Linear gates cost nothing: `add`,
//! `const-mul[-neg]-K` and `pack` build new combinations. Each public
//! input and each witness input is an allocated variable (half a
//! multiplication gate). Each of `mul`, `xor` (`a + b − 2ab`), `or`
//! (`a + b − ab`) and `assert` (`a·b = c`) is one multiplication gate;
//! `split` is one gate per output bit `b` (`(1 − b)·b = 0`) plus the linear
//! constraint `a = Σ 2^i b_i`; `zerop` is two (`a·m = c`, `a·(1 − c) = 0`).
//! A combination longer than [`MATERIALIZE_ABOVE`] terms that is used more
//! than once becomes a variable of its own (half a gate), so translation
//! time, memory and matrix entries are linear in the file. Last come the
//! public rows: every public input's variable and every output's
//! combination equal to its public value.
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
//!
//! **Limits.** Parsing refuses lines over [`MAX_LINE`] bytes, more than
//! [`MAX_WIRES`] wires or [`MAX_GATES`] gates, gates naming more than
//! [`MAX_GATE_ARITY`] wires and gzip input inflating more than
//! [`MAX_GZIP_RATIO`] times or beyond [`MAX_GZIP_OUTPUT`] bytes; translation
//! refuses more than [`MAX_MULTIPLIERS`] multiplication gates,
//! [`MAX_CONSTRAINTS`] constraints or [`MAX_NONZEROS`] matrix entries. Each
//! is a typed error naming the line.

mod error;
mod parse;
mod prepared;
mod translate;

use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use alloc::{format, vec};

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use zeroize::{Zeroize, Zeroizing};

pub use error::ArithError;
pub use parse::{
    Source, GZIP_SLACK, MAX_GATES, MAX_GATE_ARITY, MAX_GZIP_OUTPUT, MAX_GZIP_RATIO, MAX_LINE, MAX_VALUE_LINE, MAX_WIRES,
};
pub use prepared::PreparedCircuit;
pub use translate::{MATERIALIZE_ABOVE, MAX_CONSTRAINTS, MAX_MULTIPLIERS, MAX_NONZEROS};

use crate::circuit::{ConstraintSystem, Prover, R1csProof, Verifier};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};

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
    /// Multiplication gates of the translation (before materialized
    /// combinations and input variables).
    fn multipliers(&self) -> usize {
        match self {
            Gate::Mul { .. } | Gate::Xor { .. } | Gate::Or { .. } | Gate::Assert { .. } => 1,
            Gate::Split { outs, .. } => outs.len(),
            Gate::Zerop { .. } => 2,
            _ => 0,
        }
    }

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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GateAt {
    pub(crate) line: usize,
    pub(crate) gate: Gate,
}

/// A parsed circuit.
///
/// Gates name wires by a dense index (in order of definition) rather than
/// the file's wire numbers, so every wire table is as large as the wires
/// the file defines, whatever `total` it declares. Inputs and outputs keep
/// the file's numbers (they are the statement's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circuit {
    /// Declared wire count.
    total: usize,
    /// Defined wires.
    wires: usize,
    /// File wire number → dense index.
    index: crate::map::Map<u32, u32>,
    inputs: Vec<usize>,
    witness_inputs: Vec<usize>,
    outputs: Vec<usize>,
    gates: Vec<GateAt>,
    /// The limits it was parsed with (its translation keeps to them).
    limits: Limits,
}

/// Size limits on a circuit file and its translation (see the module
/// documentation); exceeding one is an [`ArithError::TooLarge`] naming the
/// line. The defaults are the `MAX_*` constants; a verifier may lower them
/// (the command-line tool sets `max_multipliers` to what its proof claims).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest line, bytes.
    pub max_line: usize,
    /// Most gates.
    pub max_gates: usize,
    /// Most multiplication gates (parsing counts the gates' own; the
    /// translation adds inputs and materialized combinations).
    pub max_multipliers: usize,
    /// Most constraints of the translation.
    pub max_constraints: usize,
    /// Most entries of the translation's constraint matrices.
    pub max_nonzeros: usize,
    /// Most decompressed bytes per compressed byte of gzip input (after
    /// the first [`GZIP_SLACK`]).
    pub max_gzip_ratio: u64,
    /// Most decompressed bytes of gzip input.
    pub max_gzip_output: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_line: MAX_LINE,
            max_gates: MAX_GATES,
            max_multipliers: MAX_MULTIPLIERS,
            max_constraints: MAX_CONSTRAINTS,
            max_nonzeros: MAX_NONZEROS,
            max_gzip_ratio: MAX_GZIP_RATIO,
            max_gzip_output: MAX_GZIP_OUTPUT,
        }
    }
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
    /// `(wire, value)` for every public input (the one-input wire
    /// included), in circuit order.
    pub inputs: Vec<(usize, S)>,
    /// `(wire, value)` for every output, in circuit order.
    pub outputs: Vec<(usize, S)>,
}

impl<S: ScalarOps> PublicValues<S> {
    /// Every value: the inputs', then the outputs'.
    pub fn values(&self) -> impl Iterator<Item = S> + '_ {
        self.inputs.iter().chain(&self.outputs).map(|(_, v)| *v)
    }

    /// Number of public values (inputs and outputs).
    pub fn len(&self) -> usize {
        self.inputs.len() + self.outputs.len()
    }

    /// No public values at all?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
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
    /// Parse a circuit from text (a [`Source`]: any `BufRead` with the
    /// `std` feature, a byte slice without it).
    pub fn parse<R: Source>(reader: R) -> Result<Circuit, ArithError> {
        parse::parse_circuit(reader, &Limits::default())
    }

    /// Parse a circuit from text within `limits`.
    pub fn parse_with_limits<R: Source>(reader: R, limits: &Limits) -> Result<Circuit, ArithError> {
        parse::parse_circuit(reader, limits)
    }

    /// Parse a circuit file; `.gz` files are decompressed on the fly
    /// (`std` feature).
    #[cfg(feature = "std")]
    pub fn from_path(path: &std::path::Path) -> Result<Circuit, ArithError> {
        let file =
            std::fs::File::open(path).map_err(|e| ArithError::Io { message: format!("{}: {e}", path.display()) })?;
        Self::from_reader(file, path.extension().is_some_and(|e| e == "gz"))
    }

    /// Parse a circuit from a byte stream, gzip-compressed or not
    /// (decompression bounded by [`MAX_GZIP_RATIO`] and
    /// [`MAX_GZIP_OUTPUT`]; `std` feature).
    #[cfg(feature = "std")]
    pub fn from_reader<R: std::io::Read>(reader: R, gzip: bool) -> Result<Circuit, ArithError> {
        Self::from_reader_with_limits(reader, gzip, &Limits::default())
    }

    /// [`from_reader`](Self::from_reader) within `limits`: with
    /// `max_multipliers` set to the size a proof claims, a circuit too
    /// large for the proof is not read to its end.
    #[cfg(feature = "std")]
    pub fn from_reader_with_limits<R: std::io::Read>(
        reader: R,
        gzip: bool,
        limits: &Limits,
    ) -> Result<Circuit, ArithError> {
        if gzip {
            parse::parse_circuit(std::io::BufReader::new(parse::BoundedGzip::new(reader, limits)), limits)
        } else {
            parse::parse_circuit(std::io::BufReader::new(reader), limits)
        }
    }

    /// The limits the circuit was parsed with.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The dense index of the file's wire `w` (`usize::MAX`, outside every
    /// table, for a wire the file does not define).
    fn at(&self, w: usize) -> usize {
        u32::try_from(w).ok().and_then(|w| self.index.get(&w)).map_or(usize::MAX, |i| *i as usize)
    }

    /// Public input wires (the one-input wire among them), in file order.
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
        let multipliers = (self.inputs.len() + self.witness_inputs.len()).div_ceil(2)
            + self.gates.iter().map(|g| g.gate.multipliers()).sum::<usize>();
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
    pub fn read_inputs<S: ScalarOps, R: Source>(&self, reader: R) -> Result<InputValues<S>, ArithError> {
        // Values go straight into wiped storage (no intermediate copies).
        let mut values: Zeroizing<Vec<S>> = Zeroizing::new(vec![S::zero(); self.wires]);
        let mut seen = vec![false; self.wires];
        let mut is_input = vec![false; self.wires];
        for w in self.inputs.iter().chain(&self.witness_inputs) {
            set(&mut is_input, self.at(*w), true);
        }
        parse::parse_values(reader, |line, wire, bytes| {
            let at = self.at(wire);
            if !get(&is_input, at) {
                return Err(ArithError::NotAnInput { line, wire });
            }
            if get(&seen, at) {
                return Err(ArithError::Duplicate { line, wire });
            }
            set(&mut values, at, scalar_from_le(bytes, line)?);
            set(&mut seen, at, true);
            Ok(())
        })?;
        for w in self.inputs.iter().chain(&self.witness_inputs) {
            if !get(&seen, self.at(*w)) {
                return Err(ArithError::MissingInput { wire: *w });
            }
        }
        Ok(InputValues { values })
    }

    /// Read public input values (`.in` format: a line for every public
    /// input, the one-input wire included, and none for witness inputs),
    /// in circuit order: what a verifier pins a proof's statement to.
    pub fn read_public_inputs<S: ScalarOps, R: Source>(&self, reader: R) -> Result<Vec<(usize, S)>, ArithError> {
        let mut got: Vec<Option<S>> = vec![None; self.inputs.len()];
        parse::parse_values(reader, |line, wire, bytes| {
            let pos = self.inputs.iter().position(|w| *w == wire).ok_or(ArithError::NotPublic { line, wire })?;
            if got.get(pos).is_some_and(|v| v.is_some()) {
                return Err(ArithError::Duplicate { line, wire });
            }
            set(&mut got, pos, Some(scalar_from_le(bytes, line)?));
            Ok(())
        })?;
        self.inputs
            .iter()
            .zip(got)
            .map(|(w, v)| v.map(|v| (*w, v)).ok_or(ArithError::MissingInput { wire: *w }))
            .collect()
    }

    /// Read expected output values (`.out` format), in circuit order.
    pub fn read_outputs<S: ScalarOps, R: Source>(&self, reader: R) -> Result<Vec<(usize, S)>, ArithError> {
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

    /// Evaluate every wire (constant time in the witness values), in the
    /// circuit's internal order (read them with
    /// [`public_values`](Self::public_values) or
    /// [`check_outputs`](Self::check_outputs)).
    pub fn evaluate<S: ScalarOps>(&self, inputs: &InputValues<S>) -> Result<Zeroizing<Vec<S>>, ArithError> {
        let mut v: Zeroizing<Vec<S>> = Zeroizing::new(Vec::with_capacity(self.wires));
        v.extend_from_slice(&inputs.values);
        v.resize(self.wires, S::zero());
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
            if wires.get(self.at(*w)) != Some(value) {
                return Err(ArithError::WrongOutput { wire: *w });
            }
        }
        Ok(())
    }

    /// The public values of an evaluation.
    pub fn public_values<S: ScalarOps>(&self, wires: &[S]) -> PublicValues<S> {
        let get = |w: &usize| (*w, wires.get(self.at(*w)).copied().unwrap_or_default());
        PublicValues { inputs: self.inputs.iter().map(get).collect(), outputs: self.outputs.iter().map(get).collect() }
    }

    /// Build the constraints into `cs` (the module documentation describes the
    /// translation): the prover passes every wire's value (`wires`), the
    /// verifier `None`. `public` gives the public inputs and the outputs,
    /// which must be exactly the circuit's, in order.
    pub fn synthesize<S: ScalarOps, CS: ConstraintSystem<S>>(
        &self,
        cs: &mut CS,
        public: &PublicValues<S>,
        wires: Option<&[S]>,
    ) -> Result<(), ProofError> {
        self.synthesize_with(cs, public, wires, translate::Options::default())
    }

    fn synthesize_with<S: ScalarOps, CS: ConstraintSystem<S>>(
        &self,
        cs: &mut CS,
        public: &PublicValues<S>,
        wires: Option<&[S]>,
        options: translate::Options,
    ) -> Result<(), ProofError> {
        self.check_public(public)?;
        self.translate(cs, wires, options).map_err(gadget_error)?.constrain(cs, public);
        Ok(())
    }

    /// `public` names exactly this circuit's public inputs and outputs, in
    /// order?
    fn check_public<S: ScalarOps>(&self, public: &PublicValues<S>) -> Result<(), ProofError> {
        let mismatch =
            |what: &str| ProofError::Gadget { message: format!("public values do not match the circuit's {what}") };
        if public.inputs.len() != self.inputs.len() || public.inputs.iter().zip(&self.inputs).any(|((w, _), c)| w != c)
        {
            return Err(mismatch("inputs"));
        }
        if public.outputs.len() != self.outputs.len()
            || public.outputs.iter().zip(&self.outputs).any(|((w, _), c)| w != c)
        {
            return Err(mismatch("outputs"));
        }
        Ok(())
    }

    /// Prove that the witness in `inputs` makes the circuit output what it
    /// evaluates to. Returns the proof and the public values (inputs and
    /// outputs) it is bound to. `bp_gens` needs one chain of at least
    /// the padded number of multipliers.
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        transcript: Transcript,
        inputs: &InputValues<G::Scalar>,
        rng: &mut R,
    ) -> Result<(R1csProof<G>, PublicValues<G::Scalar>), ProofError> {
        self.prove_with(gens, translate::Options::default(), transcript, inputs, rng)
    }

    pub(crate) fn prove_with<G: Group, R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        options: translate::Options,
        transcript: Transcript,
        inputs: &InputValues<G::Scalar>,
        rng: &mut R,
    ) -> Result<(R1csProof<G>, PublicValues<G::Scalar>), ProofError> {
        let wires = self.evaluate(inputs).map_err(|e| ProofError::Gadget { message: e.to_string() })?;
        let public = self.public_values(&wires);
        // The outputs are computed from the witness but are the statement:
        // public by definition (a declassification point, see crate::ct).
        for (w, v) in public.inputs.iter().chain(&public.outputs) {
            crate::ct::declassify(v);
            if let Some(x) = wires.get(self.at(*w)) {
                crate::ct::declassify(x);
            }
        }
        let mut prover = Prover::new(gens, bind_public::<G>(transcript, &public));
        self.synthesize_with(&mut prover, &public, Some(&wires), options)?;
        drop(wires);
        let proof = prover.prove_with_rng(rng)?;
        Ok((proof, public))
    }

    /// Verify a proof for these public values.
    pub fn verify<G: Group, R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        transcript: Transcript,
        public: &PublicValues<G::Scalar>,
        proof: &R1csProof<G>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verifier::<G>(transcript, public)?.verify_with_rng(gens, proof, rng)
    }

    /// A verifier with this circuit's constraints built, ready for
    /// [`Verifier::verify`], or in a batch of any proof kinds through [`crate::circuit::R1csClaim`].
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

/// A translation error where the R1CS interface wants a [`ProofError`].
fn gadget_error(e: ArithError) -> ProofError {
    ProofError::Gadget { message: e.to_string() }
}

/// Append the public values to the transcript (before the R1CS domain).
fn bind_public<G: Group>(mut transcript: Transcript, public: &PublicValues<G::Scalar>) -> Transcript {
    use crate::transcript::TranscriptProtocol;
    transcript.append_message(b"dom-sep", b"ballistic arith v2");
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
    /// The values, in the circuit's internal wire order (0 for wires that
    /// are not inputs).
    pub fn as_slice(&self) -> &[S] {
        &self.values
    }
}

impl<S: ScalarOps> core::fmt::Debug for InputValues<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("InputValues").field("wires", &self.values.len()).finish_non_exhaustive()
    }
}
