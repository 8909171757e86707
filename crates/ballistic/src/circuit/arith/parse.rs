//! Streaming parsers for `.arith` circuits and `.in` / `.out` value files.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use zeroize::Zeroize;

use super::{ArithError, Circuit, Gate, GateAt, Limits};
use crate::map::{Entry, Map};

/// Where circuit and value text is read from: with the `std` feature any
/// [`std::io::BufRead`] (a byte slice, a `BufReader` over a file, …);
/// without it a byte slice `&[u8]` holding the whole text. Sealed: it has
/// no other implementations.
pub trait Source: sealed::Sealed {}

pub(crate) mod sealed {
    use alloc::vec::Vec;

    /// What reading a [`Source`](super::Source) can fail with.
    #[cfg(feature = "std")]
    pub type ReadError = std::io::Error;
    /// What reading a [`Source`](super::Source) can fail with (a slice
    /// cannot).
    #[cfg(not(feature = "std"))]
    pub type ReadError = core::convert::Infallible;

    /// The reading a [`Source`](super::Source) offers (as
    /// `std::io::BufRead`'s, which they are with `std`).
    pub trait Sealed {
        /// `fill_buf`: the buffered bytes (empty at the end).
        fn fill(&mut self) -> Result<&[u8], ReadError>;
        /// `consume`: drop `n` buffered bytes.
        fn advance(&mut self, n: usize);
        /// `take(limit).read_until(b'\n', out)`: append the bytes up to and
        /// including the next newline, at most `limit` of them; how many.
        fn read_line_at_most(&mut self, limit: u64, out: &mut Vec<u8>) -> Result<usize, ReadError>;
    }
}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> Source for R {}

#[cfg(feature = "std")]
impl<R: std::io::BufRead> sealed::Sealed for R {
    fn fill(&mut self) -> Result<&[u8], sealed::ReadError> {
        self.fill_buf()
    }

    fn advance(&mut self, n: usize) {
        self.consume(n)
    }

    fn read_line_at_most(&mut self, limit: u64, out: &mut Vec<u8>) -> Result<usize, sealed::ReadError> {
        use std::io::{BufRead as _, Read as _};
        self.take(limit).read_until(b'\n', out)
    }
}

#[cfg(not(feature = "std"))]
impl Source for &[u8] {}

#[cfg(not(feature = "std"))]
impl sealed::Sealed for &[u8] {
    fn fill(&mut self) -> Result<&[u8], sealed::ReadError> {
        Ok(*self)
    }

    fn advance(&mut self, n: usize) {
        let rest: &[u8] = self;
        *self = rest.get(n..).unwrap_or(&[]);
    }

    fn read_line_at_most(&mut self, limit: u64, out: &mut Vec<u8>) -> Result<usize, sealed::ReadError> {
        Ok(slice_read_line_at_most(self, limit, out))
    }
}

/// `take(limit).read_until(b'\n', out)` on a byte slice (as `std`'s
/// `BufRead for &[u8]` does it; a test compares the two).
#[cfg(any(not(feature = "std"), test))]
fn slice_read_line_at_most(rest: &mut &[u8], limit: u64, out: &mut Vec<u8>) -> usize {
    let all: &[u8] = rest;
    let available = all.get(..usize::try_from(limit).unwrap_or(usize::MAX)).unwrap_or(all);
    let line = match available.iter().position(|&b| b == b'\n') {
        Some(newline) => available.get(..=newline).unwrap_or(available),
        None => available,
    };
    out.extend_from_slice(line);
    *rest = all.get(line.len()..).unwrap_or(&[]);
    line.len()
}

/// Most wires a circuit may declare (`total`): bounds every allocation
/// made from the file's numbers.
pub const MAX_WIRES: usize = 1 << 22;
/// Most wires one gate may name (`split` of a 256-bit value, `add` of many).
pub const MAX_GATE_ARITY: usize = 1 << 16;
/// Most gates a circuit may have.
pub const MAX_GATES: usize = 1 << 23;
/// Longest line of a circuit file, in bytes (an `add` of
/// [`MAX_GATE_ARITY`] seven-digit wires fits).
pub const MAX_LINE: usize = 1 << 20;
/// Most bytes a gzip-compressed circuit may inflate to, per compressed byte
/// (real circuits compress 3–5 times; a compression bomb far more). The
/// first [`GZIP_SLACK`] bytes are always allowed.
pub const MAX_GZIP_RATIO: u64 = 16;
/// Most bytes a gzip-compressed circuit may inflate to in all.
pub const MAX_GZIP_OUTPUT: u64 = 1 << 30;
/// Inflated bytes allowed before [`MAX_GZIP_RATIO`] applies.
pub const GZIP_SLACK: u64 = 1 << 20;

/// A reader counting the bytes it passes on.
#[cfg(feature = "std")]
struct Counted<R> {
    inner: R,
    count: std::rc::Rc<std::cell::Cell<u64>>,
}

#[cfg(feature = "std")]
impl<R: std::io::Read> std::io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// Inflates gzip input, refusing (with [`ArithError::TooLarge`] inside the
/// I/O error) to produce more than [`MAX_GZIP_RATIO`] bytes per compressed
/// byte read (after [`GZIP_SLACK`]) or more than [`MAX_GZIP_OUTPUT`].
#[cfg(feature = "std")]
pub(crate) struct BoundedGzip<R: std::io::Read> {
    decoder: flate2::read::GzDecoder<Counted<R>>,
    compressed: std::rc::Rc<std::cell::Cell<u64>>,
    inflated: u64,
    ratio: u64,
    output: u64,
}

#[cfg(feature = "std")]
impl<R: std::io::Read> BoundedGzip<R> {
    pub(crate) fn new(reader: R, limits: &Limits) -> Self {
        let compressed = std::rc::Rc::new(std::cell::Cell::new(0));
        let counted = Counted { inner: reader, count: compressed.clone() };
        BoundedGzip {
            decoder: flate2::read::GzDecoder::new(counted),
            compressed,
            inflated: 0,
            ratio: limits.max_gzip_ratio,
            output: limits.max_gzip_output,
        }
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> std::io::Read for BoundedGzip<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.decoder.read(buf)?;
        self.inflated += n as u64;
        let allowed = self.ratio.saturating_mul(self.compressed.get()).saturating_add(GZIP_SLACK).min(self.output);
        if self.inflated > allowed {
            let (what, limit) = if self.inflated > self.output {
                ("decompressed bytes", self.output as usize)
            } else {
                ("decompressed bytes per compressed byte", self.ratio as usize)
            };
            return Err(std::io::Error::other(ArithError::TooLarge { line: 0, what, limit }));
        }
        Ok(n)
    }
}

/// A read error as an [`ArithError`] at `line` (a limit's own error if a
/// bounded reader refused).
#[cfg(feature = "std")]
fn read_error(e: sealed::ReadError, line: usize) -> ArithError {
    match e.get_ref().and_then(|inner| inner.downcast_ref::<ArithError>()) {
        Some(ArithError::TooLarge { what, limit, .. }) => ArithError::TooLarge { line, what, limit: *limit },
        Some(other) => other.clone(),
        None => ArithError::Io { message: e.to_string() },
    }
}

/// A read error without `std`: there is none (slices do not fail).
#[cfg(not(feature = "std"))]
fn read_error(e: sealed::ReadError, _line: usize) -> ArithError {
    match e {}
}

fn parse_wire(tok: &str, line: usize, total: usize) -> Result<u32, ArithError> {
    let w: usize =
        tok.parse().map_err(|_| ArithError::Malformed { line, message: format!("`{tok}` is not a wire number") })?;
    if w >= total {
        return Err(ArithError::WireOutOfRange { line, wire: w, total });
    }
    Ok(w as u32)
}

/// Longest line of a `.in` / `.out` file (a wire number and 64 hex digits
/// need under 90 bytes; comments and leading zeros get the rest).
pub const MAX_VALUE_LINE: usize = 4096;

/// A hexadecimal constant or value as 32 little-endian bytes (not yet
/// reduced to a field: that is checked when the circuit is used in one).
/// Constant time for the text's length ([`crate::encoding`]): witness
/// values are parsed here.
pub(crate) fn parse_hex_le(hex: &[u8], line: usize) -> Result<[u8; 32], ArithError> {
    crate::encoding::ct_hex_number_le(hex).map_err(|bad_digit| {
        if bad_digit {
            ArithError::BadHex { line, text: String::from_utf8_lossy(hex).chars().take(80).collect() }
        } else {
            ArithError::ConstantTooLarge { line }
        }
    })
}

/// Tokens of one statement with the `#` comment removed and `<`, `>` as
/// separators.
fn tokens(line: &str) -> Vec<&str> {
    let code = line.split('#').next().unwrap_or("");
    code.split(|c: char| c.is_whitespace() || c == '<' || c == '>').filter(|t| !t.is_empty()).collect()
}

/// `in K <…> out L <…>` after the gate name.
fn gate_wires<'a>(toks: &[&'a str], line: usize) -> Result<(Vec<&'a str>, Vec<&'a str>), ArithError> {
    let malformed = |m: &str| ArithError::Malformed { line, message: m.to_string() };
    let mut it = toks.iter().copied();
    if it.next() != Some("in") {
        return Err(malformed("expected `in K <wires>`"));
    }
    let k: usize = it.next().and_then(|t| t.parse().ok()).ok_or_else(|| malformed("bad input count"))?;
    if k > MAX_GATE_ARITY {
        return Err(malformed("too many gate inputs"));
    }
    let ins: Vec<&str> = it.by_ref().take(k).collect();
    if ins.len() != k {
        return Err(malformed("fewer input wires than declared"));
    }
    if it.next() != Some("out") {
        return Err(malformed("expected `out L <wires>` after the input wires"));
    }
    let l: usize = it.next().and_then(|t| t.parse().ok()).ok_or_else(|| malformed("bad output count"))?;
    if l > MAX_GATE_ARITY {
        return Err(malformed("too many gate outputs"));
    }
    let outs: Vec<&str> = it.by_ref().take(l).collect();
    if outs.len() != l {
        return Err(malformed("fewer output wires than declared"));
    }
    if it.next().is_some() {
        return Err(malformed("more wires than declared"));
    }
    Ok((ins, outs))
}

/// Parse a circuit line by line (the whole file is never held in memory),
/// within `limits`; stops as soon as the gates need more than
/// `limits.max_multipliers` multiplication gates.
pub(crate) fn parse_circuit<R: Source>(mut reader: R, limits: &Limits) -> Result<Circuit, ArithError> {
    let (max_line, max_gates, max_multipliers) = (limits.max_line, limits.max_gates, limits.max_multipliers);
    let mut multipliers = 0usize;
    let mut total: Option<usize> = None;
    // Declared wire number → dense index, in order of definition: tables
    // indexed by wire are as large as the wires the file defines, whatever
    // `total` it declares.
    let mut defined: Map<u32, u32> = Map::new();
    let mut circuit = Circuit {
        total: 0,
        wires: 0,
        index: Map::new(),
        inputs: Vec::new(),
        witness_inputs: Vec::new(),
        outputs: Vec::new(),
        gates: Vec::new(),
        limits: *limits,
    };
    let mut raw = Vec::new();
    let mut line = 0usize;
    loop {
        raw.clear();
        let read = reader.read_line_at_most(max_line as u64 + 1, &mut raw).map_err(|e| read_error(e, line + 1))?;
        if read == 0 {
            break;
        }
        line += 1;
        if raw.len() > max_line {
            return Err(ArithError::TooLarge { line, what: "bytes in a line", limit: max_line });
        }
        let buf = core::str::from_utf8(&raw)
            .map_err(|e| ArithError::Malformed { line, message: format!("not UTF-8 (byte {})", e.valid_up_to()) })?;
        let toks = tokens(buf);
        let Some((&head, rest)) = toks.split_first() else { continue };
        if head == "total" {
            if total.is_some() {
                return Err(ArithError::Malformed { line, message: "`total` given twice".into() });
            }
            let n: usize = match rest {
                [n] => n.parse().map_err(|_| ArithError::Malformed { line, message: "bad wire count".into() })?,
                _ => return Err(ArithError::Malformed { line, message: "expected `total N`".into() }),
            };
            if n == 0 || n > MAX_WIRES {
                return Err(ArithError::Malformed { line, message: format!("wire count {n} outside 1..={MAX_WIRES}") });
            }
            total = Some(n);
            circuit.total = n;
            continue;
        }
        let n = total.ok_or(ArithError::Malformed { line, message: "statement before `total`".into() })?;
        let define = |w: u32, defined: &mut Map<u32, u32>| -> Result<u32, ArithError> {
            let next = defined.len() as u32;
            match defined.entry(w) {
                Entry::Occupied(_) => Err(ArithError::Redefined { line, wire: w as usize }),
                Entry::Vacant(slot) => Ok(*slot.insert(next)),
            }
        };
        let use_wire = |tok: &str, defined: &Map<u32, u32>| -> Result<u32, ArithError> {
            let w = parse_wire(tok, line, n)?;
            defined.get(&w).copied().ok_or(ArithError::UndefinedWire { line, wire: w as usize })
        };
        match head {
            "input" | "nizkinput" | "output" => {
                let [w] = rest else {
                    return Err(ArithError::Malformed { line, message: format!("expected `{head} W`") });
                };
                match head {
                    "input" => {
                        let w = parse_wire(w, line, n)?;
                        define(w, &mut defined)?;
                        circuit.inputs.push(w as usize);
                    }
                    "nizkinput" => {
                        let w = parse_wire(w, line, n)?;
                        define(w, &mut defined)?;
                        circuit.witness_inputs.push(w as usize);
                    }
                    _ => {
                        use_wire(w, &defined)?;
                        let w = parse_wire(w, line, n)?;
                        circuit.outputs.push(w as usize);
                    }
                }
            }
            _ => {
                let (ins, outs) = gate_wires(rest, line)?;
                let arity = |want_in: Option<usize>, want_out: Option<usize>| -> Result<(), ArithError> {
                    let bad = |what: &str, got: usize, want: usize| ArithError::Malformed {
                        line,
                        message: format!("`{head}` takes {want} {what} wire(s), got {got}"),
                    };
                    match want_in {
                        Some(k) if ins.len() != k => return Err(bad("input", ins.len(), k)),
                        None if ins.is_empty() => return Err(bad("input", 0, 1)),
                        _ => {}
                    }
                    match want_out {
                        Some(k) if outs.len() != k => return Err(bad("output", outs.len(), k)),
                        None if outs.is_empty() => return Err(bad("output", 0, 1)),
                        _ => {}
                    }
                    Ok(())
                };
                let kind = if let Some(hex) = head.strip_prefix("const-mul-neg-") {
                    arity(Some(1), Some(1))?;
                    Gate::ConstMul { k: parse_hex_le(hex.as_bytes(), line)?, neg: true, a: 0, out: 0 }
                } else if let Some(hex) = head.strip_prefix("const-mul-") {
                    arity(Some(1), Some(1))?;
                    Gate::ConstMul { k: parse_hex_le(hex.as_bytes(), line)?, neg: false, a: 0, out: 0 }
                } else {
                    match head {
                        "add" => {
                            arity(None, Some(1))?;
                            Gate::Add { ins: Vec::new(), out: 0 }
                        }
                        "mul" => {
                            arity(Some(2), Some(1))?;
                            Gate::Mul { a: 0, b: 0, out: 0 }
                        }
                        "xor" => {
                            arity(Some(2), Some(1))?;
                            Gate::Xor { a: 0, b: 0, out: 0 }
                        }
                        "or" => {
                            arity(Some(2), Some(1))?;
                            Gate::Or { a: 0, b: 0, out: 0 }
                        }
                        "assert" => {
                            arity(Some(2), Some(1))?;
                            Gate::Assert { a: 0, b: 0, c: 0 }
                        }
                        "split" => {
                            arity(Some(1), None)?;
                            Gate::Split { a: 0, outs: Vec::new() }
                        }
                        "pack" => {
                            arity(None, Some(1))?;
                            Gate::Pack { ins: Vec::new(), out: 0 }
                        }
                        "zerop" => {
                            arity(Some(1), Some(2))?;
                            Gate::Zerop { a: 0, m: 0, c: 0 }
                        }
                        other => {
                            return Err(ArithError::UnknownGate { line, name: other.chars().take(80).collect() });
                        }
                    }
                };
                let ins = ins.iter().map(|t| use_wire(t, &defined)).collect::<Result<Vec<u32>, _>>()?;
                // `assert`'s "output" is an existing wire it constrains.
                let outs = if matches!(kind, Gate::Assert { .. }) {
                    outs.iter().map(|t| use_wire(t, &defined)).collect::<Result<Vec<u32>, _>>()?
                } else {
                    let outs = outs.iter().map(|t| parse_wire(t, line, n)).collect::<Result<Vec<u32>, _>>()?;
                    outs.iter().map(|w| define(*w, &mut defined)).collect::<Result<Vec<u32>, _>>()?
                };
                let gate = kind.with_wires(ins, outs);
                multipliers += gate.multipliers();
                if multipliers > max_multipliers {
                    return Err(ArithError::TooLarge { line, what: "multiplication gates", limit: max_multipliers });
                }
                if circuit.gates.len() >= max_gates {
                    return Err(ArithError::TooLarge { line, what: "gates", limit: max_gates });
                }
                circuit.gates.push(GateAt { line, gate });
            }
        }
    }
    if total.is_none() {
        return Err(ArithError::Malformed { line: line.max(1), message: "no `total` statement".into() });
    }
    circuit.wires = defined.len();
    circuit.index = defined;
    circuit.limits = *limits;
    Ok(circuit)
}

/// The class of one byte of a value file: a separator (ASCII white space,
/// `<`, `>`), the end of a line, the start of a comment, or part of a
/// token. Computed without a branch on the byte and then declassified:
/// where the tokens of a line end is public (their lengths are), their
/// digits are not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Token,
    Separator,
    Newline,
    Comment,
}

fn class_of(b: u8) -> Class {
    let c = i32::from(b);
    let is = |x: u8| ((c ^ i32::from(x)) - 1) >> 8 & 1;
    let sep = is(b' ') | is(b'\t') | is(b'\r') | is(0x0b) | is(0x0c) | is(b'<') | is(b'>');
    let code = sep | (is(b'\n') << 1) | (is(b'#') * 3);
    match crate::ct::reveal(code & 1 != 0) as u8 | (crate::ct::reveal(code & 2 != 0) as u8) << 1 {
        0 => Class::Token,
        1 => Class::Separator,
        2 => Class::Newline,
        _ => Class::Comment,
    }
}

/// Parse `WIRE HEXVALUE` lines (`.in`, `.out`), handing each
/// `(line, wire, value)` to `each`. Values may be secret (witness inputs):
/// the parser never branches on a value's digits, only on where tokens end
/// (see [`Class`]); the line buffer and each value's bytes are wiped after
/// use. Lines are at most [`MAX_VALUE_LINE`] bytes.
pub(crate) fn parse_values<R: Source>(
    mut reader: R,
    mut each: impl FnMut(usize, usize, &[u8; 32]) -> Result<(), ArithError>,
) -> Result<(), ArithError> {
    let mut buf = zeroize::Zeroizing::new(Vec::with_capacity(256));
    let mut line = 0usize;
    loop {
        let chunk = reader.fill().map_err(|e| ArithError::Io { message: e.to_string() })?;
        if chunk.is_empty() {
            if !buf.is_empty() {
                value_line(&buf, line + 1, &mut each)?;
            }
            return Ok(());
        }
        let n = chunk.len();
        for &b in chunk {
            if class_of(b) == Class::Newline {
                line += 1;
                let result = value_line(&buf, line, &mut each);
                buf.zeroize();
                buf.clear();
                result?;
            } else if buf.len() < MAX_VALUE_LINE {
                buf.push(b);
            } else {
                return Err(ArithError::Malformed {
                    line: line + 1,
                    message: format!("line longer than {MAX_VALUE_LINE} bytes"),
                });
            }
        }
        reader.advance(n);
    }
}

/// One line of a value file (without its newline).
fn value_line(
    text: &[u8],
    line: usize,
    each: &mut impl FnMut(usize, usize, &[u8; 32]) -> Result<(), ArithError>,
) -> Result<(), ArithError> {
    let mut toks: [&[u8]; 3] = [&[], &[], &[]];
    let mut count = 0usize;
    let mut start: Option<usize> = None;
    let mut end = text.len();
    for (i, &b) in text.iter().enumerate() {
        match class_of(b) {
            Class::Token => {
                start.get_or_insert(i);
            }
            Class::Comment | Class::Newline => {
                end = i;
                break;
            }
            Class::Separator => {
                if let Some(s) = start.take() {
                    if let Some(t) = toks.get_mut(count) {
                        *t = text.get(s..i).unwrap_or(&[]);
                    }
                    count += 1;
                }
            }
        }
    }
    if let Some(s) = start {
        if let Some(t) = toks.get_mut(count) {
            *t = text.get(s..end).unwrap_or(&[]);
        }
        count += 1;
    }
    match (count, toks) {
        (0, _) => Ok(()),
        (2, [w, hex, _]) => {
            let w = String::from_utf8_lossy(w);
            let wire: usize = w
                .parse()
                .map_err(|_| ArithError::Malformed { line, message: format!("`{w}` is not a wire number") })?;
            if wire >= MAX_WIRES {
                return Err(ArithError::WireOutOfRange { line, wire, total: MAX_WIRES });
            }
            let mut value = parse_hex_le(hex, line)?;
            let result = each(line, wire, &value);
            value.zeroize();
            result
        }
        _ => Err(ArithError::Malformed { line, message: "expected `WIRE HEXVALUE`".into() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slice line reader used without `std` reads exactly what
    /// `take(limit).read_until(b'\n', …)` reads, and leaves the same rest.
    #[test]
    fn slice_line_reader_matches_std() {
        use std::io::{BufRead as _, Read as _};
        let texts: [&[u8]; 6] =
            [b"", b"\n", b"total 3\ninput 0\n\nmul in 2 <0 0> out 1 <1>", b"abc", b"a\nb\n", b"\n\nxyz\n"];
        for text in texts {
            for limit in [0u64, 1, 2, 3, 7, 8, 100, u64::MAX] {
                let (mut ours, mut theirs) = (text, text);
                loop {
                    let (mut a, mut b) = (b"seed".to_vec(), b"seed".to_vec());
                    let n = slice_read_line_at_most(&mut ours, limit, &mut a);
                    let m = (&mut theirs).take(limit).read_until(b'\n', &mut b).unwrap();
                    assert_eq!((n, &a, ours), (m, &b, theirs), "{text:?}, limit {limit}");
                    if n == 0 {
                        break;
                    }
                }
            }
        }
    }
}
