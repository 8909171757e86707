//! Secrets files and openings: values and blindings read from a file or
//! standard input (never a command line), blindings parsed in constant
//! time, and the openings a prover writes beside its proof file.

use serde::{Deserialize, Serialize};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::{json_text, FileError};
use crate::encoding::ct_hex_fixed;
use crate::group::{Group, ScalarOps};

/// The values of a secrets file: one decimal `u64` per line (blank lines
/// ignored), so that values need not appear on a command line.
pub fn parse_value_lines(text: &[u8]) -> Result<Vec<u64>, FileError> {
    text.split(|b| *b == b'\n')
        .enumerate()
        .filter(|(_, l)| !l.trim_ascii().is_empty())
        .map(|(i, l)| {
            let l = std::str::from_utf8(l.trim_ascii()).map_err(|_| FileError::Value { line: i + 1 })?;
            l.parse().map_err(|_| FileError::Value { line: i + 1 })
        })
        .collect()
}

/// The blindings of a secrets file: one per line, 64 lowercase hex digits
/// (then optionally `\r`; blank lines ignored), each parsed by
/// [`parse_blinding`]. Constant time in the digits: only where lines end is
/// public.
pub fn parse_blinding_lines<G: Group>(text: &[u8]) -> Result<Vec<G::Scalar>, FileError> {
    parse_secret_lines(text)?.iter().enumerate().map(|(index, bytes)| canonical_scalar::<G>(index, bytes)).collect()
}

/// 32-byte blindings in another encoding (Grin's, Monero's), one per line
/// as 64 lowercase hex digits (then optionally `\r`; blank lines ignored),
/// each checked by [`secret_blinding`] (a zero blinding is refused).
/// Constant time in the digits: only where lines end is public.
pub fn parse_secret_lines(text: &[u8]) -> Result<Zeroizing<Vec<[u8; 32]>>, FileError> {
    let is = |b: u8, x: u8| crate::ct::reveal((i32::from(b ^ x) - 1) >> 8 & 1 == 1);
    let mut out = Zeroizing::new(Vec::new());
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.iter().position(|b| is(*b, b'\n')).unwrap_or(rest.len());
        let (line, tail) = rest.split_at(end);
        rest = tail.get(1..).unwrap_or(&[]);
        let line = match line.split_last() {
            Some((last, init)) if is(*last, b'\r') => init,
            _ => line,
        };
        if !line.is_empty() {
            let index = out.len();
            out.push(*secret_blinding(index, line)?);
        }
    }
    Ok(out)
}

/// 64 lowercase hex digits as 32 bytes, in constant time.
pub fn secret_hex(index: usize, hex: &[u8]) -> Result<Zeroizing<[u8; 32]>, FileError> {
    if hex.len() != 64 {
        return Err(FileError::Blinding { index, reason: "must be 32 bytes (64 hex digits)" });
    }
    ct_hex_fixed(hex)
        .map(Zeroizing::new)
        .ok_or(FileError::Blinding { index, reason: "not hex (64 lowercase hex digits)" })
}

/// A 32-byte blinding (in any encoding) as 64 lowercase hex digits, in
/// constant time: [`secret_hex`], then zero refused
/// ([`FileError::ZeroBlinding`]; zero is zero in every encoding).
pub fn secret_blinding(index: usize, hex: &[u8]) -> Result<Zeroizing<[u8; 32]>, FileError> {
    let bytes = secret_hex(index, hex)?;
    check_nonzero(index, &bytes)?;
    Ok(bytes)
}

/// Refuse an all-zero blinding. Constant time: the bytes are OR-ed, and
/// only the verdict is public.
pub(crate) fn check_nonzero(index: usize, bytes: &[u8; 32]) -> Result<(), FileError> {
    let any = bytes.iter().fold(0u8, |acc, b| acc | b);
    if crate::ct::reveal((i32::from(any) - 1) >> 8 & 1 == 1) {
        return Err(FileError::ZeroBlinding { index });
    }
    Ok(())
}

/// The secret openings of a range proof file's commitments (values and
/// blindings, hex): written to a separate file by the prover. Wiped on
/// drop; `Debug` prints only the public fields.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Zeroize, ZeroizeOnDrop)]
pub struct Openings {
    /// The deployed format of the proof these open (`"grin"`: blindings are
    /// Grin's big-endian secret keys; `"monero"`); absent for ballistic's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The group's name.
    pub group: String,
    /// Bits per value (an interval proof's: its inner proof's).
    pub bits: usize,
    /// Interval proofs: the interval's lower end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u64>,
    /// Interval proofs: the interval's upper end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    /// The values.
    pub values: Vec<u64>,
    /// The blindings, hex.
    pub blindings: Vec<String>,
    /// The commitments, hex.
    pub commitments: Vec<String>,
    /// Recovered proofs: the message the prover hid in the proof, hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl core::fmt::Debug for Openings {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Openings")
            .field("profile", &self.profile)
            .field("group", &self.group)
            .field("bits", &self.bits)
            .field("min", &self.min)
            .field("max", &self.max)
            .field("commitments", &self.commitments)
            .finish_non_exhaustive()
    }
}

impl Openings {
    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }
}

/// A blinding given as 64 lowercase hex digits (as [`Openings`] writes
/// them): a canonical, nonzero scalar of `G` (zero is refused:
/// [`FileError::ZeroBlinding`]). The one parser of blindings read from
/// files and flags ([`parse_blinding_lines`] too). Constant time: the digits are decoded
/// by [`ct_hex_fixed`], the scalar checked by `from_canonical_bytes`; only
/// the verdicts are public.
pub fn parse_blinding<G: Group>(index: usize, hex: &str) -> Result<G::Scalar, FileError> {
    parse_blinding_bytes::<G>(index, hex.as_bytes())
}

fn parse_blinding_bytes<G: Group>(index: usize, hex: &[u8]) -> Result<G::Scalar, FileError> {
    canonical_scalar::<G>(index, &*secret_hex(index, hex)?)
}

fn canonical_scalar<G: Group>(index: usize, bytes: &[u8; 32]) -> Result<G::Scalar, FileError> {
    check_nonzero(index, bytes)?;
    <G::Scalar as ScalarOps>::from_canonical_bytes(bytes)
        .ok_or(FileError::Blinding { index, reason: "not a canonical scalar (must be below the group order)" })
}
