//! Streaming parsers for `.arith` circuits and `.in` / `.out` value files.

use std::io::BufRead;

use zeroize::Zeroize;

use super::{ArithError, Circuit, Gate, GateAt};

/// Most wires a circuit may declare (`total`): bounds every allocation
/// made from the file's numbers.
pub const MAX_WIRES: usize = 1 << 22;
/// Most wires one gate may name (`split` of a 256-bit value, `add` of many).
pub const MAX_GATE_ARITY: usize = 1 << 16;

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

/// Parse a circuit line by line (the whole file is never held in memory).
pub(crate) fn parse_circuit<R: BufRead>(mut reader: R) -> Result<Circuit, ArithError> {
    let mut total: Option<usize> = None;
    let mut defined: Vec<bool> = Vec::new();
    let mut circuit = Circuit::default();
    let mut raw = Vec::new();
    let mut line = 0usize;
    loop {
        raw.clear();
        let read = reader.read_until(b'\n', &mut raw).map_err(|e| ArithError::Io { message: e.to_string() })?;
        if read == 0 {
            break;
        }
        line += 1;
        let buf = std::str::from_utf8(&raw)
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
            defined = vec![false; n];
            circuit.total = n;
            continue;
        }
        let n = total.ok_or(ArithError::Malformed { line, message: "statement before `total`".into() })?;
        let define = |w: u32, defined: &mut Vec<bool>| -> Result<(), ArithError> {
            match defined.get_mut(w as usize) {
                Some(slot) if !*slot => {
                    *slot = true;
                    Ok(())
                }
                Some(_) => Err(ArithError::Redefined { line, wire: w as usize }),
                None => Err(ArithError::WireOutOfRange { line, wire: w as usize, total: n }),
            }
        };
        let use_wire = |tok: &str, defined: &Vec<bool>| -> Result<u32, ArithError> {
            let w = parse_wire(tok, line, n)?;
            if !defined.get(w as usize).copied().unwrap_or(false) {
                return Err(ArithError::UndefinedWire { line, wire: w as usize });
            }
            Ok(w)
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
                        let w = use_wire(w, &defined)?;
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
                    for w in &outs {
                        define(*w, &mut defined)?;
                    }
                    outs
                };
                let gate = kind.with_wires(ins, outs);
                circuit.gates.push(GateAt { line, gate });
            }
        }
    }
    if total.is_none() {
        return Err(ArithError::Malformed { line: line.max(1), message: "no `total` statement".into() });
    }
    if circuit.inputs.first() != Some(&0) {
        return Err(ArithError::Malformed { line: 0, message: "wire 0 (the one-wire) must be the first input".into() });
    }
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
pub(crate) fn parse_values<R: BufRead>(
    mut reader: R,
    mut each: impl FnMut(usize, usize, &[u8; 32]) -> Result<(), ArithError>,
) -> Result<(), ArithError> {
    let mut buf = zeroize::Zeroizing::new(Vec::with_capacity(256));
    let mut line = 0usize;
    loop {
        let chunk = reader.fill_buf().map_err(|e| ArithError::Io { message: e.to_string() })?;
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
        reader.consume(n);
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
