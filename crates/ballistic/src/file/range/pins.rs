//! The verifier's pins ([`RangePins`]) and the check of a file's claims
//! against them ([`RangeProofFile::check_pins`]).

use super::RangeProofFile;
use crate::encoding::{from_hex, to_hex};
use crate::file::profile::Profile;
use crate::file::FileError;
use crate::group::GroupId;
use crate::range::{Interval, RangeSystem};

/// What the verifier pins of a range proof file's statement: the statement
/// is the verifier's, never the prover's. Each pinned field must be exactly
/// the file's, or the file is refused — before its points or proof are
/// decoded and before any generators are built — with the specific error
/// ([`check_pins`](RangeProofFile::check_pins)). `None` (the
/// [`Default`]): not pinned, the file's own claim is used; a verifier that
/// leaves the label or the range unpinned accepts proofs made for another
/// application, or of other ranges, than its own.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RangePins<'a> {
    /// The format: `Some(None)` ballistic's own only, `Some(Some(p))` the
    /// deployed format `p` only ([`FileError::WrongProfile`] otherwise).
    pub profile: Option<Option<Profile>>,
    /// The group ([`FileError::WrongGroup`] for another).
    pub group: Option<GroupId>,
    /// The proof system ([`FileError::WrongSystem`] for another).
    pub system: Option<RangeSystem>,
    /// The transcript label ([`FileError::WrongLabel`] for another; the
    /// deployed formats' label is empty).
    pub label: Option<&'a str>,
    /// Bits per value: without [`interval`](Self::interval), every value in
    /// `[0, 2^bits)` — a file of other bits is [`FileError::BitsMismatch`],
    /// and an interval proof file or a Grin file with a `min_value` (values
    /// in another range) [`FileError::RangeMismatch`]; with it, the interval
    /// proof's bits ([`Interval::bits`]).
    pub bits: Option<usize>,
    /// An interval proof of one value in `[lo, hi]` (the file's `min` and
    /// `max`): any other file is [`FileError::RangeMismatch`].
    pub interval: Option<Interval>,
    /// The extra data bound into the proof (ballistic's own: the
    /// transcript's `extra`; Grin: the `extra_commit`): `Some(None)` none
    /// (a file with any is refused), `Some(Some(bytes))` exactly these bytes
    /// ([`FileError::WrongExtra`] otherwise; Grin's empty `extra_commit` is
    /// `Some(Some(&[]))`, which no file of ballistic's own has). `None`: the
    /// file's own, whatever it is — the proof is then bound to bytes the
    /// prover chose (another transaction's, say).
    pub extra: Option<Option<&'a [u8]>>,
    /// Grin: the value generator the commitments are on (secp256k1-zkp's
    /// 33-byte encoding; [`FileError::WrongValueGenerator`] for another or
    /// none). Not pinned (`None`), a file with a value generator of its own
    /// proves nothing about values on Grin's `H`: one is refused whenever
    /// the range is pinned ([`bits`](Self::bits) or
    /// [`interval`](Self::interval); [`FileError::RangeMismatch`]), as a
    /// prover who knows the generator's discrete logarithm to `G` makes a
    /// valid proof for any commitment, one to a negative amount included.
    pub value_generator: Option<&'a [u8]>,
    /// The commitments, in order, as the file spells them (lowercase hex
    /// of the format's encoding): another, one more or one fewer is
    /// [`FileError::WrongCommitment`]. `None`: the file's own — the proof
    /// then says only that *its* commitments open to values in range, and
    /// the caller must compare them with the ones it means.
    pub commitments: Option<&'a [String]>,
}

impl RangePins<'_> {
    /// Whether nothing is pinned (the file's own statement is used).
    pub fn is_empty(&self) -> bool {
        *self == RangePins::default()
    }
}

/// The verifier's range as [`FileError::RangeMismatch`] names it, if pinned.
fn pinned_range(pins: &RangePins<'_>) -> Option<String> {
    match (pins.interval, pins.bits) {
        (Some(i), _) => Some(format!("[{}, {}]", i.lo(), i.hi())),
        (None, Some(bits)) => Some(format!("[0, 2^{bits})")),
        (None, None) => None,
    }
}

/// A hex field of the file compared with a pin: its bytes.
fn pin_hex(field: &str, hex: &str) -> Result<Vec<u8>, FileError> {
    from_hex(hex).ok_or_else(|| FileError::Hex { field: field.into() })
}

impl RangeProofFile {
    /// Check the file's claims against the verifier's `pins` (see
    /// [`RangePins`]): profile, system, range, group, label, bits, value
    /// generator, extra data, commitments, in that order. Only the JSON's fields are
    /// compared (the hex of `extra` and `value_generator` read, bounded by
    /// the file's size): no point or proof is decoded, and no generators
    /// are built.
    pub fn check_pins(&self, pins: &RangePins<'_>) -> Result<(), FileError> {
        if let Some(expected) = pins.profile {
            if self.profile_id()? != expected {
                return Err(FileError::WrongProfile {
                    file: self.profile.clone(),
                    expected: expected.map(Profile::name),
                });
            }
        }
        if let Some(system) = pins.system.filter(|s| s.name() != self.system) {
            return Err(FileError::WrongSystem { file: self.system.clone(), expected: system.name() });
        }
        match (pins.interval, pins.bits) {
            (Some(i), _) if (self.min, self.max, self.min_value) != (Some(i.lo()), Some(i.hi()), None) => {
                return Err(FileError::RangeMismatch {
                    expected: format!("[{}, {}]", i.lo(), i.hi()),
                    file: self.claimed_range(),
                });
            }
            (None, Some(bits)) if self.min.is_some() || self.max.is_some() || self.min_value.is_some() => {
                return Err(FileError::RangeMismatch {
                    expected: format!("[0, 2^{bits})"),
                    file: self.claimed_range(),
                });
            }
            _ => {}
        }
        // A value generator of the prover's own is another statement: with
        // the range pinned it must be the verifier's (pinned), or none.
        if pins.value_generator.is_none() && self.value_generator.is_some() {
            if let Some(expected) = pinned_range(pins) {
                return Err(FileError::RangeMismatch { expected, file: self.claimed_range() });
            }
        }
        crate::file::check_statement_pins(&self.group, &self.label, self.bits, pins.group, pins.label, pins.bits)?;
        if let Some(expected) = pins.value_generator {
            let file = self.value_generator.as_deref().map(|h| pin_hex("value_generator", h)).transpose()?;
            if file.as_deref() != Some(expected) {
                return Err(FileError::WrongValueGenerator {
                    file: self.value_generator.as_deref().map(crate::file::shorten),
                    expected: crate::file::shorten(&to_hex(expected)),
                });
            }
        }
        if let Some(expected) = pins.extra {
            let file = self.extra.as_deref().map(|h| pin_hex("extra", h)).transpose()?;
            if file.as_deref() != expected {
                return Err(FileError::WrongExtra {
                    file: self.extra.as_deref().map(crate::file::shorten),
                    expected: expected.map(|e| crate::file::shorten(&to_hex(e))),
                });
            }
        }
        if let Some(expected) = pins.commitments {
            let longest = self.commitments.len().max(expected.len());
            if let Some(index) = (0..longest).find(|&i| self.commitments.get(i) != expected.get(i)) {
                return Err(FileError::WrongCommitment {
                    index,
                    file: self.commitments.get(index).map(|c| crate::file::shorten(c)),
                    expected: expected.get(index).map(|c| crate::file::shorten(c)),
                });
            }
        }
        Ok(())
    }
}
