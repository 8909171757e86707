//! The JSON proof files (the library's `ballistic::file`, which the
//! `ballistic` command-line tool writes and reads too), behind `to_json` /
//! `from_json` / `save` / `load`. The rest of the module sees the names and
//! bytes below ([`RangeParts`], [`CircuitParts`]), or, for the deployed
//! formats, the library's [`RangeProofFile`] itself.

use std::path::Path;

use ::ballistic::file::{self, CircuitProofFile, Profile, RangeProofFile, WireValue};
use ::ballistic::hazmat::{from_hex, to_hex};

use crate::error::{Error, Result};

// The default transcript labels (`file::DEFAULT_RANGE_LABEL`,
// `DEFAULT_CIRCUIT_LABEL`, `DEFAULT_MERKLE_LABEL`) are spelled out as
// literals in the `#[pyo3(signature = ...)]`s, so that `inspect.signature`
// (and stubtest, against ballistic.pyi) sees them rather than `...`;
// tests/test_packaging.py checks they are the CLI's defaults.

/// Labels longer than a proof file may carry are refused up front.
pub(crate) fn check_label(label: &str) -> Result<()> {
    file::check_label(label).map_err(|e| Error::InvalidInput(e.to_string()))
}

/// A range proof as its file holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RangeParts {
    /// `"bulletproofs"` or `"bulletproofs-plus"`.
    pub(crate) system: String,
    /// The group's name.
    pub(crate) group: String,
    pub(crate) label: String,
    pub(crate) bits: usize,
    /// Compressed points.
    pub(crate) commitments: Vec<Vec<u8>>,
    pub(crate) proof: Vec<u8>,
    /// Extra data bound into the transcript (empty: none).
    pub(crate) extra: Vec<u8>,
    /// Interval proofs: `(lo, hi)` (the file's `min`, `max`).
    pub(crate) interval: Option<(u64, u64)>,
}

pub(crate) fn range_to_json(parts: &RangeParts) -> Result<String> {
    let file = RangeProofFile {
        system: parts.system.clone(),
        group: parts.group.clone(),
        label: parts.label.clone(),
        bits: parts.bits,
        commitments: parts.commitments.iter().map(|c| to_hex(c)).collect(),
        proof: to_hex(&parts.proof),
        min: parts.interval.map(|(lo, _)| lo),
        max: parts.interval.map(|(_, hi)| hi),
        extra: (!parts.extra.is_empty()).then(|| to_hex(&parts.extra)),
        ..RangeProofFile::default()
    };
    serde_json::to_string_pretty(&file).map_err(|e| Error::Other(e.to_string()))
}

/// The parts of a range proof file (JSON and hex checked; the caller
/// decodes the proof and its statement).
pub(crate) fn range_from_json(text: &str) -> Result<RangeParts> {
    let file = RangeProofFile::from_json(text.as_bytes()).map_err(|e| Error::Decode(e.to_string()))?;
    let profile = file.profile_id().map_err(|e| Error::Decode(e.to_string()))?;
    if profile.is_some() {
        return Err(wrong_class(profile));
    }
    file.check_no_profile_fields().map_err(|e| Error::Decode(e.to_string()))?;
    let decode = |e: file::FileError| Error::Decode(e.to_string());
    let interval = file.interval().map_err(decode)?.map(|i| (i.lo(), i.hi()));
    let extra = file.extra_bytes().map_err(decode)?;
    let commitments = file
        .commitments
        .iter()
        .enumerate()
        .map(|(i, c)| unhex(&format!("commitment #{i}"), c))
        .collect::<Result<_>>()?;
    Ok(RangeParts {
        proof: unhex("proof", &file.proof)?,
        system: file.system,
        group: file.group,
        label: file.label,
        bits: file.bits,
        commitments,
        extra,
        interval,
    })
}

/// The verifier's pins of a range or interval proof's statement, as the
/// keyword arguments of `verify` / `check` / `verify_batch` give them
/// (`None`: not pinned; the meaning is the library's `file::RangePins`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Pins<'a> {
    pub(crate) group: Option<&'a str>,
    pub(crate) system: Option<&'a str>,
    pub(crate) label: Option<&'a str>,
    pub(crate) bits: Option<usize>,
    pub(crate) interval: Option<(u64, u64)>,
    /// The extra data: `Some(b"")` none, `Some(bytes)` exactly these.
    pub(crate) extra: Option<&'a [u8]>,
}

impl Pins<'_> {
    /// The library's pins: names checked (`InvalidInput` for an unknown
    /// group or system, an interval with `lo > hi`, a label too long).
    pub(crate) fn parse(&self) -> Result<file::RangePins<'_>> {
        let interval = match self.interval {
            None => None,
            Some((lo, hi)) => Some(
                ::ballistic::Interval::new(lo, hi)
                    .map_err(|_| Error::InvalidInput(format!("interval: lo {lo} is above hi {hi}")))?,
            ),
        };
        if let Some(label) = self.label {
            check_label(label)?;
        }
        if let Some(extra) = self.extra {
            check_extra(extra)?;
        }
        Ok(file::RangePins {
            profile: None,
            group: self.group.map(crate::groups::group_named).transpose()?,
            system: self.system.map(crate::range::system_of).transpose()?,
            label: self.label,
            bits: self.bits,
            interval,
            // Empty is none, as the proofs' own `extra` has it.
            extra: self.extra.map(|e| (!e.is_empty()).then_some(e)),
            ..file::RangePins::default()
        })
    }
}

/// Check a proof's statement (its `parts`) against the verifier's pins with
/// the library's rule (`RangeProofFile::check_pins`): `Rejected` (raised as
/// `VerificationError`) naming what was expected and what was found.
pub(crate) fn check_pins(parts: &RangeParts, pins: &file::RangePins<'_>) -> Result<()> {
    let claimed = RangeProofFile {
        system: parts.system.clone(),
        group: parts.group.clone(),
        label: parts.label.clone(),
        bits: parts.bits,
        min: parts.interval.map(|(lo, _)| lo),
        max: parts.interval.map(|(_, hi)| hi),
        extra: (!parts.extra.is_empty()).then(|| to_hex(&parts.extra)),
        ..RangeProofFile::default()
    };
    claimed.check_pins(pins).map_err(|e| Error::Rejected(e.to_string()))
}

/// Extra data given by a caller: at most `MAX_EXTRA` bytes (empty: none).
pub(crate) fn check_extra(extra: &[u8]) -> Result<()> {
    if extra.len() > file::MAX_EXTRA {
        return Err(Error::InvalidInput(format!("extra: {} bytes (at most {})", extra.len(), file::MAX_EXTRA)));
    }
    Ok(())
}

/// A range proof file in the deployed format `profile` (JSON checked, and
/// the profile; the caller decodes the rest through the library).
pub(crate) fn deployed_from_json(text: &str, profile: Profile) -> Result<RangeProofFile> {
    let file = RangeProofFile::from_json(text.as_bytes()).map_err(|e| Error::Decode(e.to_string()))?;
    let found = file.profile_id().map_err(|e| Error::Decode(e.to_string()))?;
    if found != Some(profile) {
        return Err(wrong_class(found));
    }
    Ok(file)
}

/// A deployed-format proof file's JSON (as `range_to_json`: no final newline).
pub(crate) fn deployed_to_json(file: &RangeProofFile) -> String {
    file.to_json().trim_end().to_owned()
}

/// A range proof file of format `profile` handed to the wrong class: names the right one.
fn wrong_class(profile: Option<Profile>) -> Error {
    let (what, class) = match profile {
        None => ("a ballistic range proof file (no \"profile\")", "RangeProof"),
        Some(Profile::Grin) => ("a Grin proof file (\"profile\": \"grin\")", "GrinProof"),
        Some(Profile::Monero) => ("a Monero proof file (\"profile\": \"monero\")", "MoneroProof"),
    };
    Error::Decode(format!("{what}: load it with ballistic.{class}.from_json"))
}

/// A circuit proof as its file holds it; values are hexadecimal numbers as
/// in `.in` files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CircuitParts {
    pub(crate) group: String,
    pub(crate) label: String,
    /// Multiplication gates of the circuit proved.
    pub(crate) multipliers: usize,
    /// `(wire, value)` for the public inputs (the one-input wire included).
    pub(crate) inputs: Vec<(usize, String)>,
    /// `(wire, value)` for the outputs.
    pub(crate) outputs: Vec<(usize, String)>,
    pub(crate) proof: Vec<u8>,
}

pub(crate) fn circuit_to_json(parts: &CircuitParts) -> Result<String> {
    let wires = |list: &[(usize, String)]| -> Vec<WireValue> {
        list.iter().map(|(wire, value)| WireValue { wire: *wire, value: value.clone() }).collect()
    };
    let file = CircuitProofFile {
        system: file::CIRCUIT_SYSTEM.into(),
        group: parts.group.clone(),
        label: parts.label.clone(),
        multipliers: parts.multipliers,
        inputs: wires(&parts.inputs),
        outputs: wires(&parts.outputs),
        proof: to_hex(&parts.proof),
    };
    serde_json::to_string_pretty(&file).map_err(|e| Error::Other(e.to_string()))
}

/// The parts of a circuit proof file (strict JSON: unknown fields are
/// errors; the caller decodes the values and the proof).
pub(crate) fn circuit_from_json(text: &str) -> Result<CircuitParts> {
    // Every error of parsing means the file does not decode.
    let file = CircuitProofFile::from_json(text.as_bytes()).map_err(|e| Error::Decode(e.to_string()))?;
    let wires = |list: Vec<WireValue>| list.into_iter().map(|w| (w.wire, w.value)).collect();
    Ok(CircuitParts {
        proof: unhex("proof", &file.proof)?,
        group: file.group,
        label: file.label,
        multipliers: file.multipliers,
        inputs: wires(file.inputs),
        outputs: wires(file.outputs),
    })
}

fn unhex(what: &str, hex: &str) -> Result<Vec<u8>> {
    from_hex(hex).ok_or_else(|| Error::Decode(format!("{what}: invalid hex")))
}

/// A proof file's text (for `load`): at most `max` bytes, read through the
/// library's bounded reader (pipes and devices are bounded too).
pub(crate) fn read(path: &Path, max: usize) -> Result<String> {
    let f = std::fs::File::open(path).map_err(|e| Error::Io(path.to_path_buf(), e))?;
    let bytes = file::read_bounded(f, max).map_err(|e| Error::Decode(format!("{}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|_| Error::Decode(format!("{}: not UTF-8", path.display())))
}

/// Write a proof file's text (for `save`), with a final newline as the tool writes it.
pub(crate) fn write(path: &Path, json: &str) -> Result<()> {
    std::fs::write(path, format!("{json}\n")).map_err(|e| Error::Io(path.to_path_buf(), e))
}
