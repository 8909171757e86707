//! A parsed circuit as rank-1 constraints, in time and memory linear in
//! the circuit file.
//!
//! Every wire is a linear combination of R1CS variables ([`Folded`]).
//! Linear gates fold combinations; three rules keep the folding linear:
//!
//! 1. **Merged as they fold.** A combination merges its repeated variables
//!    (sort and add) whenever it has doubled since the last merge, so its
//!    length stays within twice its number of distinct variables, at
//!    amortized `O(log k)` per term.
//! 2. **Moved on last use, scaled lazily.** Each wire's uses are counted
//!    before translating; the last use takes the combination instead of
//!    copying it, `const-mul` multiplies a pending scale factor instead of
//!    every coefficient, and an `add` folds the shorter combination into
//!    the longer. A long chain of linear gates costs what its terms cost,
//!    not the square of its length.
//! 3. **Materialized when wide and shared.** A wire whose combination has
//!    more than [`MATERIALIZE_ABOVE`] terms and is used more than once
//!    becomes a new variable `w` (half a multiplication gate) with the one
//!    constraint `lc − w = 0`; its uses then cost one term each instead of
//!    a copy of `lc`. Copies are therefore at most [`MATERIALIZE_ABOVE`]
//!    terms, and the constraint matrices hold at most that many entries per
//!    wire named in the file. (`xor`, `or` and `zerop` name their input
//!    twice in their constraints, so it counts as two uses.)
//!
//! **Public values.** Every public input (the one-input wire included:
//! nothing assumes its position or value) is a variable `p_j` of its own,
//! allocated first, and the statement's public values enter only through
//! the *public rows* `p_j − value_j = 0` (inputs) and `lc(w) − value = 0`
//! (outputs), added after every other constraint. The other constraints
//! depend on the circuit alone, so a prepared circuit builds them once and
//! adds only the public rows per proof ([`super::PreparedCircuit`]).
//! Both sides build the same rows in the same order: the prover's
//! constraint digest equals the prepared verifier's.
//!
//! **Variable time.** Everything here is the circuit's (public
//! coefficients and structure; the witness is evaluated elsewhere), so
//! coefficients are compared in variable time (`ScalarOps::eq_vartime`).

use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;

use super::{get, scalar_from_le, set, ArithError, Circuit, Gate, Limits, PublicValues};
use crate::circuit::{ConstraintSystem, LinearCombination, Variable};
use crate::group::ScalarOps;

/// Combinations longer than this that are used more than once are
/// materialized (rule 3). Chosen by measurement: see the circuit
/// benchmark's `--materialize` sweep (`ballistic-bench --bin circuits`).
pub const MATERIALIZE_ABOVE: usize = 16;

/// Most multiplication gates a translated circuit may have.
pub const MAX_MULTIPLIERS: usize = 1 << 22;
/// Most linear constraints a translated circuit may have.
pub const MAX_CONSTRAINTS: usize = 1 << 24;
/// Most entries of the constraint matrices a translated circuit may have.
pub const MAX_NONZEROS: usize = 1 << 26;

/// A linear combination `scale · Σ cᵢ·vᵢ` being folded (see the module
/// documentation). Coefficients are public circuit constants: the
/// arithmetic on them is variable time.
#[derive(Clone, Debug)]
struct Folded<S> {
    terms: Vec<(Variable, S)>,
    scale: S,
    /// Length at the last merge.
    merged: usize,
}

impl<S: ScalarOps> Folded<S> {
    fn zero() -> Self {
        Folded { terms: Vec::new(), scale: S::one(), merged: 0 }
    }

    fn var(v: Variable) -> Self {
        Folded { terms: vec![(v, S::one())], scale: S::one(), merged: 1 }
    }

    fn len(&self) -> usize {
        self.terms.len()
    }

    /// `self · k`.
    fn scaled(mut self, k: S) -> Self {
        if k.is_zero_vartime() {
            return Folded::zero();
        }
        self.scale *= k;
        self
    }

    /// Apply the pending scale to the coefficients.
    fn normalize(&mut self) {
        if !self.scale.eq_vartime(&S::one()) {
            let k = self.scale;
            self.terms.iter_mut().for_each(|(_, c)| *c *= k);
            self.scale = S::one();
        }
    }

    /// Merge repeated variables and drop zero coefficients.
    fn merge(&mut self) {
        self.terms.sort_unstable_by_key(|(v, _)| *v);
        let mut out: Vec<(Variable, S)> = Vec::with_capacity(self.terms.len());
        for (v, c) in self.terms.drain(..) {
            match out.last_mut() {
                Some((last, acc)) if *last == v => *acc += c,
                _ => out.push((v, c)),
            }
        }
        out.retain(|(_, c)| !c.is_zero_vartime());
        self.terms = out;
        self.merged = self.terms.len();
    }

    /// `self += k · other`.
    fn add(&mut self, other: Folded<S>, k: S) {
        let mut other = other.scaled(k);
        if other.terms.is_empty() {
            return;
        }
        if self.terms.len() < other.terms.len() {
            core::mem::swap(self, &mut other);
        }
        if self.terms.is_empty() {
            return;
        }
        // self.scale·Σ self + other.scale·Σ other = self.scale·(Σ self + ratio·Σ other)
        if !self.scale.eq_vartime(&S::one()) && self.terms.len() <= 4 * other.terms.len() {
            self.normalize();
        }
        let ratio = if self.scale.eq_vartime(&other.scale) {
            S::one()
        } else if self.scale.eq_vartime(&S::one()) {
            other.scale
        } else {
            other.scale * self.scale.invert_vartime()
        };
        if ratio.eq_vartime(&S::one()) {
            self.terms.extend(other.terms);
        } else {
            self.terms.extend(other.terms.into_iter().map(|(v, c)| (v, c * ratio)));
        }
        if self.terms.len() > 2 * self.merged + 8 {
            self.merge();
        }
    }

    /// The finished combination, merged.
    fn into_lc(mut self) -> LinearCombination<S> {
        self.normalize();
        self.merge();
        LinearCombination { terms: self.terms }
    }
}

/// What a translation produced besides the constraints: the public rows'
/// combinations, one per public input (in the circuit's order) and one per
/// output; the statement adds `row_j − value_j = 0` for each.
pub(crate) struct PublicRows<S> {
    pub(crate) rows: Vec<LinearCombination<S>>,
}

impl<S: ScalarOps> PublicRows<S> {
    /// Add the statement's public rows `row_j − value_j = 0` to `cs`.
    pub(crate) fn constrain<CS: ConstraintSystem<S>>(&self, cs: &mut CS, public: &PublicValues<S>) {
        for (row, value) in self.rows.iter().zip(public.values()) {
            cs.constrain(row.clone() - value);
        }
    }
}

/// Options of a translation (tests and the benchmark's threshold sweep).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Options {
    pub(crate) materialize_above: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { materialize_above: MATERIALIZE_ABOVE }
    }
}

/// Weighted uses of every wire (see the module documentation, rule 3).
fn count_uses(circuit: &Circuit) -> Vec<u32> {
    let mut uses = vec![0u32; circuit.wires];
    let mut bump = |w: u32, k: u32| {
        if let Some(u) = uses.get_mut(w as usize) {
            *u = u.saturating_add(k);
        }
    };
    for g in &circuit.gates {
        match &g.gate {
            Gate::Add { ins, .. } | Gate::Pack { ins, .. } => ins.iter().for_each(|w| bump(*w, 1)),
            Gate::Mul { a, b, .. } => {
                bump(*a, 1);
                bump(*b, 1);
            }
            Gate::Assert { a, b, c } => [a, b, c].into_iter().for_each(|w| bump(*w, 1)),
            Gate::Xor { a, b, .. } | Gate::Or { a, b, .. } => {
                bump(*a, 2);
                bump(*b, 2);
            }
            Gate::Zerop { a, .. } => bump(*a, 2),
            Gate::ConstMul { a, .. } | Gate::Split { a, .. } => bump(*a, 1),
        }
    }
    for w in &circuit.outputs {
        bump(u32::try_from(circuit.at(*w)).unwrap_or(u32::MAX), 1);
    }
    uses
}

/// The wires' combinations during a translation.
struct Wires<S> {
    lcs: Vec<Option<Folded<S>>>,
    remaining: Vec<u32>,
}

impl<S: ScalarOps> Wires<S> {
    /// Use wire `w` once: its combination, moved out on its last use.
    fn take(&mut self, w: u32, line: usize) -> Result<Folded<S>, ArithError> {
        let undefined = ArithError::UndefinedWire { line, wire: w as usize };
        let left = self.remaining.get_mut(w as usize).ok_or(undefined.clone())?;
        *left = left.saturating_sub(1);
        let slot = self.lcs.get_mut(w as usize).ok_or(undefined.clone())?;
        if *left == 0 {
            slot.take().ok_or(undefined)
        } else {
            slot.clone().ok_or(undefined)
        }
    }
}

impl Circuit {
    /// Translate into `cs` (see the module documentation): every
    /// constraint but the public rows, which are returned. The prover
    /// passes every wire's value (`wires`), the verifier `None`.
    pub(crate) fn translate<S: ScalarOps, CS: ConstraintSystem<S>>(
        &self,
        cs: &mut CS,
        wires: Option<&[S]>,
        options: Options,
    ) -> Result<PublicRows<S>, ArithError> {
        let uses = count_uses(self);
        let mut state = Wires { lcs: vec![None; self.wires], remaining: uses.clone() };
        let value = |w: u32| -> Option<S> { wires.and_then(|ws| ws.get(w as usize).copied()) };
        let gadget = |line: usize, e: crate::errors::ProofError| ArithError::Malformed { line, message: e.to_string() };
        // Wires that are bits whenever the constraints hold (split outputs,
        // logic on bits, public inputs 0 or 1 when proving): their gates use
        // the prover's `multiply_bits` hint. Hints are public and change no
        // constraint.
        let mut is_bit = vec![false; self.wires];
        let (zero, one) = (S::zero(), S::one());
        let mut public_vars = Vec::with_capacity(self.inputs.len());
        for w in &self.inputs {
            let w = self.at(*w);
            let v = value(w as u32);
            let var = cs.allocate(v).map_err(|e| gadget(0, e))?;
            public_vars.push(var);
            set(&mut state.lcs, w, Some(Folded::var(var)));
            set(&mut is_bit, w, v.is_some_and(|v| v == zero || v == one));
        }
        for w in &self.witness_inputs {
            let w = self.at(*w);
            let var = cs.allocate(value(w as u32)).map_err(|e| gadget(0, e))?;
            set(&mut state.lcs, w, Some(Folded::var(var)));
        }
        for g in &self.gates {
            let line = g.line;
            // A wire's combination, materialized if wide and used again.
            let define = |cs: &mut CS, state: &mut Wires<S>, w: u32, lc: Folded<S>| -> Result<(), ArithError> {
                let lc = if get(&uses, w as usize) == 0 {
                    None
                } else if lc.len() > options.materialize_above && get(&uses, w as usize) > 1 {
                    let var = cs.allocate(value(w)).map_err(|e| gadget(line, e))?;
                    cs.constrain(lc.into_lc() - var);
                    Some(Folded::var(var))
                } else {
                    Some(lc)
                };
                set(&mut state.lcs, w as usize, lc);
                Ok(())
            };
            match &g.gate {
                Gate::Add { ins, out } => {
                    let mut acc = Folded::zero();
                    for w in ins {
                        acc.add(state.take(*w, line)?, one);
                    }
                    define(cs, &mut state, *out, acc)?;
                }
                Gate::Pack { ins, out } => {
                    let mut acc = Folded::zero();
                    let mut p = one;
                    for w in ins {
                        acc.add(state.take(*w, line)?, p);
                        p = p + p;
                    }
                    define(cs, &mut state, *out, acc)?;
                }
                Gate::ConstMul { k, neg, a, out } => {
                    let k: S = scalar_from_le(k, line)?;
                    let k = if *neg { -k } else { k };
                    let x = state.take(*a, line)?.scaled(k);
                    define(cs, &mut state, *out, x)?;
                }
                Gate::Mul { a, b, out } => {
                    let bits = get(&is_bit, *a as usize) && get(&is_bit, *b as usize);
                    let (la, lb) = (state.take(*a, line)?.into_lc(), state.take(*b, line)?.into_lc());
                    let (_, _, o) = if bits { cs.multiply_bits(la, lb) } else { cs.multiply(la, lb) };
                    define(cs, &mut state, *out, Folded::var(o))?;
                    set(&mut is_bit, *out as usize, bits);
                }
                Gate::Xor { a, b, out } | Gate::Or { a, b, out } => {
                    let bits = get(&is_bit, *a as usize) && get(&is_bit, *b as usize);
                    // Each input is named twice (two uses).
                    let (la, lb) = (state.take(*a, line)?, state.take(*b, line)?);
                    let (la2, lb2) = (state.take(*a, line)?, state.take(*b, line)?);
                    let (l, r) = (la.into_lc(), lb.into_lc());
                    let (_, _, o) = if bits { cs.multiply_bits(l, r) } else { cs.multiply(l, r) };
                    let k = if matches!(g.gate, Gate::Xor { .. }) { S::from_u64(2) } else { one };
                    let mut sum = la2;
                    sum.add(lb2, one);
                    sum.add(Folded::var(o), -k);
                    define(cs, &mut state, *out, sum)?;
                    set(&mut is_bit, *out as usize, bits);
                }
                Gate::Assert { a, b, c } => {
                    let (la, lb) = (state.take(*a, line)?.into_lc(), state.take(*b, line)?.into_lc());
                    let (_, _, o) = cs.multiply(la, lb);
                    cs.constrain(state.take(*c, line)?.into_lc() - o);
                }
                Gate::Split { a, outs } => {
                    let mut sum = state.take(*a, line)?;
                    let mut p = one;
                    for w in outs {
                        // (1 − b)·b = 0 on one gate: left = 1 − b, right = b.
                        let assignment = value(*w).map(|b| (one - b, b));
                        let (l, r, o) = cs.allocate_bits_multiplier(assignment).map_err(|e| gadget(line, e))?;
                        cs.constrain(o.into());
                        cs.constrain(l.plus(r) - one);
                        sum.add(Folded::var(r), -p);
                        define(cs, &mut state, *w, Folded::var(r))?;
                        set(&mut is_bit, *w as usize, true);
                        p = p + p;
                    }
                    cs.constrain(sum.into_lc());
                }
                Gate::Zerop { a, m, c } => {
                    let (la, la2) = (state.take(*a, line)?.into_lc(), state.take(*a, line)?.into_lc());
                    let (l, r, o) = cs.allocate_multiplier(value(*a).zip(value(*m))).map_err(|e| gadget(line, e))?;
                    cs.constrain(la - l);
                    let (_, _, o2) = cs.multiply(la2, Variable::One.minus(o));
                    cs.constrain(o2.into());
                    define(cs, &mut state, *m, Folded::var(r))?;
                    define(cs, &mut state, *c, Folded::var(o))?;
                    set(&mut is_bit, *c as usize, true);
                }
            }
            check_size(cs, line, &self.limits)?;
        }
        let mut rows: Vec<LinearCombination<S>> = public_vars.into_iter().map(LinearCombination::from).collect();
        for w in &self.outputs {
            let at = u32::try_from(self.at(*w)).unwrap_or(u32::MAX);
            rows.push(state.take(at, 0).map_err(|_| ArithError::UndefinedWire { line: 0, wire: *w })?.into_lc());
        }
        Ok(PublicRows { rows })
    }
}

/// The translation so far within the limits?
fn check_size<S: ScalarOps, CS: ConstraintSystem<S>>(cs: &CS, line: usize, limits: &Limits) -> Result<(), ArithError> {
    let m = cs.metrics();
    for (what, got, limit) in [
        ("multiplication gates", m.multipliers, limits.max_multipliers),
        ("constraints", m.constraints, limits.max_constraints),
        ("constraint entries", m.nonzeros, limits.max_nonzeros),
    ] {
        if got > limit {
            return Err(ArithError::TooLarge { line, what, limit });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Materialization changes the constraint system but never a verdict:
    //! random circuits with wide, shared combinations, translated with
    //! thresholds from "materialize everything shared" to "never".
    use super::*;
    use crate::circuit::arith::{PreparedCircuit, PublicValues};
    use crate::generators::Generators;
    use crate::group::{Group, Ristretto255};
    use merlin::Transcript;
    use rand::{Rng, SeedableRng};
    use std::fmt::Write as _;
    use std::sync::Arc;

    type G = Ristretto255;
    type S = <G as Group>::Scalar;

    /// A random circuit (and its `.in` text): public and witness inputs,
    /// bits from a `split`, then random linear gates over many wires (wide
    /// combinations, reused) mixed with multiplications and logic on bits.
    /// The one-input wire is the last input (the Pinocchio compiler's
    /// layout) when `pinocchio`.
    fn random_circuit(seed: u64, pinocchio: bool) -> (String, String) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let (mut text, mut inputs) = (String::new(), String::new());
        let mut next = 0usize;
        let mut field: Vec<usize> = Vec::new();
        let mut bits: Vec<usize> = Vec::new();
        let wire = |next: &mut usize| {
            *next += 1;
            *next - 1
        };
        let one = if pinocchio { usize::MAX } else { wire(&mut next) };
        if !pinocchio {
            writeln!(text, "input {one}").unwrap();
            writeln!(inputs, "{one} 1").unwrap();
        }
        for _ in 0..3 {
            let w = wire(&mut next);
            writeln!(text, "input {w}").unwrap();
            writeln!(inputs, "{w} {:x}", rng.gen::<u64>()).unwrap();
            field.push(w);
        }
        let one = if pinocchio {
            let w = wire(&mut next);
            writeln!(text, "input {w} # one-input").unwrap();
            writeln!(inputs, "{w} 1").unwrap();
            w
        } else {
            one
        };
        field.push(one);
        for _ in 0..4 {
            let w = wire(&mut next);
            writeln!(text, "nizkinput {w}").unwrap();
            writeln!(inputs, "{w} {:x}", rng.gen::<u64>()).unwrap();
            field.push(w);
        }
        let small = wire(&mut next);
        writeln!(text, "nizkinput {small}").unwrap();
        writeln!(inputs, "{small} {:x}", rng.gen::<u16>()).unwrap();
        let outs: Vec<usize> = (0..16).map(|_| wire(&mut next)).collect();
        writeln!(text, "split in 1 <{small}> out 16 <{}>", join(&outs)).unwrap();
        bits.extend(&outs);
        for _ in 0..120 {
            let pick = |rng: &mut rand_chacha::ChaCha20Rng, v: &[usize]| v[rng.gen_range(0..v.len())];
            let out = wire(&mut next);
            match rng.gen_range(0..9) {
                0..=2 => {
                    let k = rng.gen_range(1..40);
                    let ins: Vec<usize> = (0..k).map(|_| pick(&mut rng, &field)).collect();
                    writeln!(text, "add in {k} <{}> out 1 <{out}>", join(&ins)).unwrap();
                    field.push(out);
                }
                3 => {
                    let neg = if rng.gen() { "neg-" } else { "" };
                    let a = pick(&mut rng, &field);
                    writeln!(text, "const-mul-{neg}{:x} in 1 <{a}> out 1 <{out}>", rng.gen::<u32>()).unwrap();
                    field.push(out);
                }
                4 | 5 => {
                    let (a, b) = (pick(&mut rng, &field), pick(&mut rng, &field));
                    writeln!(text, "mul in 2 <{a} {b}> out 1 <{out}>").unwrap();
                    field.push(out);
                }
                6 => {
                    let ins: Vec<usize> = (0..8).map(|_| pick(&mut rng, &bits)).collect();
                    writeln!(text, "pack in 8 <{}> out 1 <{out}>", join(&ins)).unwrap();
                    field.push(out);
                }
                7 => {
                    let gate = if rng.gen() { "xor" } else { "or" };
                    let (a, b) = (pick(&mut rng, &bits), pick(&mut rng, &bits));
                    writeln!(text, "{gate} in 2 <{a} {b}> out 1 <{out}>").unwrap();
                    bits.push(out);
                }
                _ => {
                    let a = pick(&mut rng, &field);
                    let c = wire(&mut next);
                    writeln!(text, "zerop in 1 <{a}> out 2 <{out} {c}>").unwrap();
                    bits.push(c);
                }
            }
        }
        let mut body = format!("total {next}\n{text}");
        for w in field.iter().rev().take(4).chain(bits.iter().rev().take(2)) {
            writeln!(body, "output {w}").unwrap();
        }
        (body, inputs)
    }

    fn join(ws: &[usize]) -> String {
        ws.iter().map(|w| w.to_string()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn materialization_changes_no_verdict() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        for seed in 0..4 {
            let (text, inputs) = random_circuit(seed, seed % 2 == 1);
            let circuit = Arc::new(Circuit::parse(text.as_bytes()).unwrap());
            let values = circuit.read_inputs::<S, _>(inputs.as_bytes()).unwrap();
            let mut sizes = Vec::new();
            for threshold in [0, 2, MATERIALIZE_ABOVE, usize::MAX] {
                let options = Options { materialize_above: threshold };
                let prepared = PreparedCircuit::<G>::with_options(circuit.clone(), options).unwrap();
                let gens = Generators::<G>::new(prepared.padded_multipliers(), 1);
                let (proof, public) = prepared.prove(&gens, Transcript::new(b"d"), &values, &mut rng).unwrap();
                // The prepared verifier and one built from scratch agree.
                prepared.verify(&gens, Transcript::new(b"d"), &public, &proof, &mut rng).unwrap();
                let mut scratch =
                    crate::circuit::Verifier::<G>::new(super::super::bind_public::<G>(Transcript::new(b"d"), &public));
                circuit.translate(&mut scratch, None, options).unwrap().constrain(&mut scratch, &public);
                scratch.verify_with_rng(&gens, &proof, &mut rng).unwrap();
                // Any changed public value is rejected.
                for k in 0..public.len() {
                    let mut wrong: PublicValues<S> = public.clone();
                    let slot = if k < wrong.inputs.len() {
                        &mut wrong.inputs[k].1
                    } else {
                        &mut wrong.outputs[k - public.inputs.len()].1
                    };
                    *slot += S::one();
                    assert!(prepared.verify(&gens, Transcript::new(b"d"), &wrong, &proof, &mut rng).is_err());
                }
                sizes.push(prepared.metrics());
            }
            // Materializing trades matrix entries for gates.
            let never = sizes[3];
            assert!(sizes[1].multipliers > never.multipliers, "seed {seed}: {sizes:?}");
            assert!(sizes[1].nonzeros < never.nonzeros, "seed {seed}: {sizes:?}");
        }
    }

    /// Folding keeps one term per variable, and a long chain of single-use
    /// linear gates costs its terms, not their square.
    #[test]
    fn folding_merges_and_moves() {
        let mut text = String::from("total 20002\ninput 0\nnizkinput 1\nnizkinput 2\n");
        // w_{i+1} = w_i + 1·(input 1) − (input 2)·1: the same two variables forever.
        let mut prev = 1;
        for i in 0..9999 {
            let (a, b) = (3 + 2 * i, 4 + 2 * i);
            writeln!(text, "const-mul-neg-1 in 1 <2> out 1 <{a}>").unwrap();
            writeln!(text, "add in 3 <{prev} 1 {a}> out 1 <{b}>").unwrap();
            prev = b;
        }
        writeln!(text, "mul in 2 <{prev} {prev}> out 1 <20001>\noutput 20001").unwrap();
        let circuit = Circuit::parse(text.as_bytes()).unwrap();
        let prepared = PreparedCircuit::<G>::new(circuit).unwrap();
        let m = prepared.metrics();
        // Inputs (3 halves) and one multiplication; the two input rows of
        // the multiplication have 3 entries at most (two merged variables
        // and the multiplier's own), plus the public rows.
        assert_eq!(m.multipliers, 3);
        assert!(m.nonzeros <= 12, "{m:?}");
    }
}
