//! Range proof files: the JSON form of a range proof (or interval proof)
//! of any system on any group, its strict decoding, proving into it, and
//! batch verification of many files (one batch per group, in `batch`); the
//! verifier's pins and their checks are in `pins`.

use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};

use super::profile::Profile;
use super::{
    check_label, group_of, json_text, parse_json, secrets::Openings, FileError, GeneratorCache, MAX_RANGE_FILE,
};
use crate::batch::{Claim, Item};
use crate::compat::monero::MoneroConsensus;
use crate::encoding::{decode_point, from_hex, to_hex};
use crate::generators::Generators;
use crate::group::{Group, GroupId, ScalarOps};
use crate::range::{
    AnyRangeProof, Interval, IntervalProof, IntervalStatement, RangeShape, RangeStatement, RangeSystem, RecoveryKey,
    MAX_BITS, MAX_VALUES,
};
use crate::transcript::new_transcript_with_extra;

mod batch;
mod pins;

pub use batch::{verify_range_files, verify_range_files_pinned, verify_range_files_with};
pub use pins::RangePins;

fn range_systems() -> &'static str {
    "\"bulletproofs\" or \"bulletproofs-plus\""
}

/// A range proof file, as JSON has it (nothing checked yet: see
/// [`decode`](Self::decode)).
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RangeProofFile {
    /// The deployed format the proof is in ([`Profile::name`]: `"grin"`,
    /// `"monero"`; see [`Profile`](super::Profile)); absent for ballistic's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The proof system's name ([`RangeSystem::name`]).
    pub system: String,
    /// The group's name ([`GroupId::name`]).
    pub group: String,
    /// The transcript label (empty, or absent, in deployed formats).
    #[serde(default)]
    pub label: String,
    /// Bits per value.
    pub bits: usize,
    /// The commitments, hex.
    pub commitments: Vec<String>,
    /// The proof, hex.
    pub proof: String,
    /// Interval proofs: the lower end `lo` of `[lo, hi]` (with [`max`](Self::max);
    /// both or neither). Ballistic's own files only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u64>,
    /// Interval proofs: the upper end `hi` of `[lo, hi]` (with [`min`](Self::min)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    /// Grin: the minimum value (`min_value`; one value only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_value: Option<u64>,
    /// Extra data bound into the proof, hex (at most [`MAX_EXTRA`] bytes):
    /// in ballistic's own files, bound into the transcript after the label
    /// ([`new_transcript_with_extra`]; absent: none, and never empty); in
    /// Grin's, Grin's `extra_commit` (absent and `""` differ).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<String>,
    /// Grin: the value generator (secp256k1-zkp's 33-byte generator
    /// encoding), hex; absent for Grin's `H`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_generator: Option<String>,
}

/// Longest `extra` a file of ballistic's own may bind (bytes).
pub const MAX_EXTRA: usize = 1024;

/// A range proof file decoded on its group: the proof with its statement,
/// the label and the extra data, ready to verify or to join a batch.
#[derive(Debug)]
pub struct DecodedRangeFile<G: Group> {
    /// The transcript label.
    pub label: String,
    /// The extra data bound into the transcript (empty: none).
    pub extra: Vec<u8>,
    /// The proof and its statement.
    pub proof: DecodedRangeProof<G>,
}

/// The proof of a [`DecodedRangeFile`]: a range proof, or an interval proof.
#[derive(Debug)]
pub enum DecodedRangeProof<G: Group> {
    /// Every committed value lies in `[0, 2^bits)`.
    Range {
        /// The statement (shape and commitments).
        statement: RangeStatement<G>,
        /// The proof.
        proof: AnyRangeProof<G>,
    },
    /// The one committed value lies in `[min, max]`.
    Interval {
        /// The statement (interval and commitment).
        statement: IntervalStatement<G>,
        /// The proof.
        proof: IntervalProof<G>,
    },
}

impl<G: Group> DecodedRangeFile<G> {
    /// The transcript the proof was made under: the label, then the extra
    /// data ([`new_transcript_with_extra`]).
    pub fn transcript(&self) -> merlin::Transcript {
        new_transcript_with_extra(self.label.as_bytes(), &self.extra)
    }

    /// This proof as a batch member.
    pub fn claim(&self) -> Box<dyn Claim<G> + '_> {
        match &self.proof {
            DecodedRangeProof::Range { statement, proof } => Box::new(Item::new(proof, statement, self.transcript())),
            DecodedRangeProof::Interval { statement, proof } => {
                Box::new(Item::new(proof, statement, self.transcript()))
            }
        }
    }

    /// Verify (`cache` supplies generators of the right size). The whole
    /// transcript is replayed — points decoded, identities refused — before
    /// the generators are asked for, so a malformed proof costs no setup.
    pub fn verify<R: RngCore + CryptoRng>(&self, cache: &GeneratorCache<G>, rng: &mut R) -> Result<(), FileError> {
        let mut eq = crate::equation::Equation::new();
        let combine = <G::Scalar as ScalarOps>::random(rng);
        self.claim()
            .add_terms(G::Scalar::one(), combine, &mut eq)
            .and_then(|()| {
                let (chains, per_chain) = eq.generators_needed();
                eq.verify(&cache.get(chains, per_chain))
            })
            .map_err(FileError::Proof)
    }
}

/// What a range proof file proves: values in `[0, 2^bits)`, or one value in an interval.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProvedRange {
    /// Every value in `[0, 2^bits)`.
    Bits(usize),
    /// One value in `[lo, hi]` (the file's `min` and `max`).
    Interval(Interval),
}

/// How [`RangeProofFile::prove_with`] proves: the system, the range, the
/// label and the extra data bound into the transcript.
#[derive(Copy, Clone, Debug)]
pub struct ProveOptions<'a> {
    /// The proof system.
    pub system: RangeSystem,
    /// What is proved.
    pub range: ProvedRange,
    /// The transcript label (at most [`super::MAX_LABEL`] bytes).
    pub label: &'a str,
    /// Extra data bound into the transcript (at most [`MAX_EXTRA`] bytes; empty: none).
    pub extra: &'a [u8],
}

fn check_extra(extra: &[u8]) -> Result<(), FileError> {
    if extra.len() > MAX_EXTRA {
        return Err(FileError::Field { field: "extra", reason: "too long (at most 1024 bytes)" });
    }
    Ok(())
}

impl RangeProofFile {
    /// Parse JSON (at most [`MAX_RANGE_FILE`] bytes; the fields are checked
    /// by [`decode`](Self::decode)).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        parse_json(text, MAX_RANGE_FILE, "malformed JSON")
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The file's group.
    pub fn group_id(&self) -> Result<GroupId, FileError> {
        group_of(&self.group)
    }

    /// The file's proof system.
    pub fn system_id(&self) -> Result<RangeSystem, FileError> {
        RangeSystem::from_name(&self.system)
            .ok_or_else(|| FileError::UnknownSystem { got: self.system.clone(), expected: range_systems() })
    }

    /// The interval of an interval proof file (`None`: a range proof file):
    /// `min` and `max` both or neither, `min ≤ max`.
    pub fn interval(&self) -> Result<Option<Interval>, FileError> {
        match (self.min, self.max) {
            (None, None) => Ok(None),
            (Some(lo), Some(hi)) => Interval::new(lo, hi)
                .map(Some)
                .map_err(|_| FileError::Field { field: "min", reason: "above max (an interval is min ≤ max)" }),
            (Some(_), None) => {
                Err(FileError::Field { field: "min", reason: "an interval proof file has both min and max" })
            }
            (None, Some(_)) => {
                Err(FileError::Field { field: "max", reason: "an interval proof file has both min and max" })
            }
        }
    }

    /// The extra data of a file of ballistic's own (empty: none): hex, not
    /// empty when present, at most [`MAX_EXTRA`] bytes.
    pub fn extra_bytes(&self) -> Result<Vec<u8>, FileError> {
        let Some(hex) = &self.extra else { return Ok(Vec::new()) };
        if hex.is_empty() {
            return Err(FileError::Field { field: "extra", reason: "empty: leave the field out (no extra data)" });
        }
        let bytes = from_hex(hex).ok_or_else(|| FileError::Hex { field: "extra".into() })?;
        check_extra(&bytes)?;
        Ok(bytes)
    }

    /// The range the file claims its values are in, as
    /// [`FileError::RangeMismatch`] names it: `[min, max]` (an interval
    /// proof file), `[min_value, min_value + 2^bits)` (a Grin file with a
    /// minimum value), or `[0, 2^bits)`; followed by ` on value generator
    /// <hex>` for a Grin file with a value generator of its own (at most
    /// 70 characters of it quoted).
    pub fn claimed_range(&self) -> String {
        let range = match (self.min, self.max, self.min_value) {
            (Some(lo), Some(hi), _) => format!("[{lo}, {hi}]"),
            (Some(lo), None, _) => format!("[{lo}, ?]"),
            (None, Some(hi), _) => format!("[?, {hi}]"),
            (None, None, Some(m)) => format!("[{m}, {m} + 2^{})", self.bits),
            (None, None, None) => format!("[0, 2^{})", self.bits),
        };
        match &self.value_generator {
            Some(g) => format!("{range} on value generator {}", super::shorten(g)),
            None => range,
        }
    }

    /// Decode every field strictly on group `G` (which must be the file's).
    /// An interval proof file (`min` and `max`) has one commitment, and
    /// `bits` is its inner proof's ([`Interval::bits`]).
    pub fn decode<G: Group>(&self) -> Result<DecodedRangeFile<G>, FileError> {
        if let Some(profile) = self.profile_id()? {
            return Err(FileError::Field {
                field: "profile",
                reason: match profile {
                    Profile::Grin => "a Grin proof file: verify it with RangeProofFile::verify",
                    Profile::Monero => "a Monero proof file: verify it with RangeProofFile::verify",
                },
            });
        }
        self.check_no_profile_fields()?;
        let system = self.system_id()?;
        check_label(&self.label)?;
        if self.group != G::NAME {
            return Err(FileError::UnknownGroup(self.group.clone()));
        }
        let interval = self.interval()?;
        let extra = self.extra_bytes()?;
        if !(1..=MAX_BITS).contains(&self.bits) {
            return Err(FileError::Bits(self.bits));
        }
        if let Some(interval) = interval {
            if self.bits != interval.bits() {
                return Err(FileError::Field {
                    field: "bits",
                    reason: "not the interval's (an interval proof's bits are those of max − min)",
                });
            }
            if self.commitments.len() != 1 {
                return Err(FileError::Field { field: "commitments", reason: "an interval proof file has one" });
            }
        }
        if !(1..=MAX_VALUES).contains(&self.commitments.len()) {
            return Err(FileError::Commitments(self.commitments.len()));
        }
        let commitments = self
            .commitments
            .iter()
            .enumerate()
            .map(|(index, h)| {
                let bytes = from_hex(h).ok_or_else(|| FileError::Hex { field: format!("commitment #{index}") })?;
                decode_point::<G>(&bytes).map(|p| p.compressed).ok_or(FileError::Commitment { index, group: G::NAME })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let bytes = from_hex(&self.proof).ok_or_else(|| FileError::Hex { field: "proof".into() })?;
        let proof = match (interval, commitments.as_slice()) {
            (Some(interval), [commitment]) => {
                let statement = IntervalStatement::new(&Generators::<G>::new(0, 0), interval, commitment)
                    .map_err(FileError::Decode)?;
                let proof = system.decode_interval::<G>(&bytes, interval).map_err(FileError::Decode)?;
                DecodedRangeProof::Interval { statement, proof }
            }
            _ => {
                let statement = RangeStatement::new(self.bits, &commitments).map_err(FileError::Decode)?;
                let proof = system.decode::<G>(&bytes, self.bits, commitments.len()).map_err(FileError::Decode)?;
                DecodedRangeProof::Range { statement, proof }
            }
        };
        Ok(DecodedRangeFile { label: self.label.clone(), extra, proof })
    }

    /// Decode and verify, on whichever group the file names, with
    /// generators derived for it (Monero files strictly: see
    /// [`verify_with`](Self::verify_with)).
    pub fn verify(&self) -> Result<(), FileError> {
        self.verify_with(MoneroConsensus::Strict)
    }

    /// [`verify`](Self::verify), a Monero file (`"profile": "monero"`)
    /// decoded as `consensus` says: [`MoneroConsensus::Monero`] accepts
    /// exactly what Monero's verifier accepts (points and commitments with
    /// torsion included). Other files are unaffected.
    pub fn verify_with(&self, consensus: MoneroConsensus) -> Result<(), FileError> {
        self.verify_pinned(&RangePins::default(), consensus)
    }

    /// [`verify_with`](Self::verify_with) against the verifier's `pins`:
    /// the file is refused before anything is decoded if it claims another
    /// statement ([`check_pins`](Self::check_pins)).
    pub fn verify_pinned(&self, pins: &RangePins<'_>, consensus: MoneroConsensus) -> Result<(), FileError> {
        self.check_pins(pins)?;
        if let Some(profile) = self.profile_id()? {
            return self.decode_profile_with(profile, consensus)?.verify(&mut rand_core::OsRng);
        }
        crate::with_group!(self.group_id()?, G => self.decode::<G>()?.verify(&GeneratorCache::<G>::new(), &mut rand_core::OsRng))
    }

    /// Prove every `values[j] ∈ [0, 2^bits)` with `system` on `G`: the
    /// proof file and the secret openings. `blindings`: one per value, or
    /// none (random). ([`prove_with`](Self::prove_with) with no extra data.)
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        cache: &GeneratorCache<G>,
        system: RangeSystem,
        bits: usize,
        values: &[u64],
        blindings: &[G::Scalar],
        label: &str,
        rng: &mut R,
    ) -> Result<(RangeProofFile, Openings), FileError> {
        let options = ProveOptions { system, range: ProvedRange::Bits(bits), label, extra: &[] };
        Self::prove_with(cache, &options, values, blindings, rng)
    }

    /// Prove as `options` say — every value in `[0, 2^bits)`, or one value
    /// in an interval — with the extra data bound into the transcript: the
    /// proof file and the secret openings. `blindings`: one per value, or
    /// none (random).
    pub fn prove_with<G: Group, R: RngCore + CryptoRng>(
        cache: &GeneratorCache<G>,
        options: &ProveOptions<'_>,
        values: &[u64],
        blindings: &[G::Scalar],
        rng: &mut R,
    ) -> Result<(RangeProofFile, Openings), FileError> {
        let label = options.label;
        check_label(label)?;
        check_extra(options.extra)?;
        if let ProvedRange::Interval(_) = options.range {
            if values.len() != 1 {
                return Err(FileError::Field { field: "values", reason: "an interval proof proves one value" });
            }
        }
        let blindings = zeroize::Zeroizing::new(if blindings.is_empty() {
            values.iter().map(|_| <G::Scalar as ScalarOps>::random(rng)).collect::<Vec<_>>()
        } else if blindings.len() == values.len() {
            blindings.to_vec()
        } else {
            return Err(FileError::BlindingCount { values: values.len(), blindings: blindings.len() });
        });
        let mut transcript = new_transcript_with_extra(label.as_bytes(), options.extra);
        let system = options.system;
        let (proof_bytes, commitments, bits, interval) = match (options.range, values, blindings.as_slice()) {
            (ProvedRange::Interval(interval), [value], [blinding]) => {
                let (chains, per_chain) = system.interval_generators_needed(interval).map_err(FileError::Proof)?;
                let gens = cache.get(chains, per_chain);
                let (proof, commitment) = system
                    .prove_interval(&gens, &mut transcript, *value, blinding, interval, rng)
                    .map_err(FileError::Proof)?;
                (proof.to_bytes(), alloc::vec![commitment], interval.bits(), Some(interval))
            }
            (ProvedRange::Interval(_), _, _) => {
                return Err(FileError::Field { field: "values", reason: "an interval proof proves one value" })
            }
            (ProvedRange::Bits(bits), _, _) => {
                let shape = RangeShape::new(bits, values.len()).map_err(FileError::Proof)?;
                let gens = cache.get(shape.parties_needed(), shape.gens_per_party_needed());
                let (proof, commitments) =
                    system.prove(&gens, &mut transcript, values, &blindings, bits, rng).map_err(FileError::Proof)?;
                (proof.to_bytes(), commitments, bits, None)
            }
        };
        let file = RangeProofFile {
            system: system.name().into(),
            group: G::NAME.into(),
            label: label.into(),
            bits,
            commitments: commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect(),
            proof: to_hex(&proof_bytes),
            min: interval.map(|i| i.lo()),
            max: interval.map(|i| i.hi()),
            extra: (!options.extra.is_empty()).then(|| to_hex(options.extra)),
            ..RangeProofFile::default()
        };
        let openings = Openings {
            profile: None,
            group: G::NAME.into(),
            bits,
            min: file.min,
            max: file.max,
            values: values.to_vec(),
            blindings: blindings.iter().map(|b| to_hex(&ScalarOps::to_bytes(b))).collect(),
            commitments: file.commitments.clone(),
            message: None,
        };
        Ok((file, openings))
    }

    /// Prove with owner recovery ([`RangeSystem::prove_recoverable`]): the
    /// blindings derive from the key's seed and output id, the message is
    /// hidden in the proof, and [`recover`](Self::recover) with the seed and
    /// id gives all back. `options.range` must be [`ProvedRange::Bits`]
    /// (interval proofs are not recoverable); 1 to
    /// [`crate::range::MAX_RECOVERABLE_VALUES`] values; Bulletproofs or
    /// Bulletproofs+. The proof file is an ordinary one; the openings carry
    /// the message too.
    pub fn prove_recoverable<G: Group>(
        cache: &GeneratorCache<G>,
        options: &ProveOptions<'_>,
        values: &[u64],
        key: RecoveryKey<'_>,
        message: &[u8],
    ) -> Result<(RangeProofFile, Openings), FileError> {
        let label = options.label;
        check_label(label)?;
        check_extra(options.extra)?;
        let ProvedRange::Bits(bits) = options.range else {
            return Err(FileError::Field { field: "min", reason: "interval proofs are not recoverable" });
        };
        let system = options.system;
        let shape = RangeShape::new(bits, values.len()).map_err(FileError::Proof)?;
        let gens = cache.get(shape.parties_needed(), shape.gens_per_party_needed());
        let mut transcript = new_transcript_with_extra(label.as_bytes(), options.extra);
        let (proof, commitments, blindings) =
            system.prove_recoverable(&gens, &mut transcript, values, bits, key, message).map_err(FileError::Proof)?;
        let mut file = Self::from_proof::<G>(&proof, bits, &commitments, label)?;
        file.extra = (!options.extra.is_empty()).then(|| to_hex(options.extra));
        let openings = Openings {
            profile: None,
            group: G::NAME.into(),
            bits,
            min: None,
            max: None,
            values: values.to_vec(),
            blindings: blindings.iter().map(|b| to_hex(&ScalarOps::to_bytes(b))).collect(),
            commitments: file.commitments.clone(),
            message: Some(to_hex(message)),
        };
        Ok((file, openings))
    }

    /// Owner recovery from a proof file made by
    /// [`prove_recoverable`](Self::prove_recoverable): the openings (values,
    /// blindings, commitments) and the message, for the holder of the seed
    /// and output id. The file is decoded strictly first; a wrong seed or id,
    /// or a proof not made for recovery, is
    /// `FileError::Proof(ProofError::RecoveryFailed)` and nothing is
    /// recovered. The proof is not verified here: verify it too.
    pub fn recover(&self, key: RecoveryKey<'_>) -> Result<Openings, FileError> {
        if let Some(profile) = self.profile_id()? {
            return Err(FileError::Field {
                field: "profile",
                reason: match profile {
                    Profile::Grin => "a Grin proof file: rewind it with its rewind nonce (RangeProofFile::rewind_grin)",
                    Profile::Monero => "a Monero proof file: Monero proofs carry no recoverable openings",
                },
            });
        }
        crate::with_group!(self.group_id()?, G => self.recover_on::<G>(key))
    }

    fn recover_on<G: Group>(&self, key: RecoveryKey<'_>) -> Result<Openings, FileError> {
        let decoded = self.decode::<G>()?;
        let DecodedRangeProof::Range { statement, proof } = &decoded.proof else {
            return Err(FileError::Field { field: "min", reason: "interval proofs are not recoverable" });
        };
        let recovered = proof
            .recover(&Generators::<G>::new(0, 0), &mut decoded.transcript(), statement.commitments(), self.bits, key)
            .map_err(FileError::Proof)?;
        Ok(Openings {
            profile: None,
            group: G::NAME.into(),
            bits: self.bits,
            min: None,
            max: None,
            values: recovered.openings.iter().map(|o| o.value).collect(),
            blindings: recovered.openings.iter().map(|o| to_hex(&ScalarOps::to_bytes(&o.blinding))).collect(),
            commitments: self.commitments.clone(),
            message: Some(to_hex(&recovered.message)),
        })
    }

    /// The file of a proof made elsewhere (e.g. by the multi-party
    /// protocol's dealer): `proof` that the values committed in
    /// `commitments` have `bits` bits, under `label`.
    pub fn from_proof<G: Group>(
        proof: &AnyRangeProof<G>,
        bits: usize,
        commitments: &[G::Compressed],
        label: &str,
    ) -> Result<RangeProofFile, FileError> {
        check_label(label)?;
        Ok(RangeProofFile {
            system: proof.system().name().into(),
            group: G::NAME.into(),
            label: label.into(),
            bits,
            commitments: commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect(),
            proof: to_hex(&proof.to_bytes()),
            ..RangeProofFile::default()
        })
    }
}
