//! Range proof files: the JSON form of a range proof of any system on any
//! group, its strict decoding, proving into it, and batch verification of
//! many files (one batch per group).

use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};

use super::profile::Profile;
use super::{check_label, group_of, json_text, secrets::Openings, FileError, GeneratorCache, MAX_RANGE_FILE};
use crate::batch::{Claim, Item};
use crate::encoding::{decode_point, from_hex, to_hex};
use crate::group::{Group, GroupId, ScalarOps};
use crate::range::{DynRangeProof, RangeShape, RangeStatement, RangeSystem, MAX_BITS, MAX_VALUES};
use crate::transcript::new_transcript;
use zeroize::Zeroize;

fn range_systems() -> &'static str {
    "\"bulletproofs\" or \"bulletproofs-plus\""
}

/// A range proof file, as JSON has it (nothing checked yet: see
/// [`decode`](Self::decode)).
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RangeProofFile {
    /// The deployed format the proof is in ([`Profile::name`]: `"grin"`,
    /// `"monero"`; see [`super::profile`]); absent for ballistic's own.
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
    /// Grin: the minimum value (`min_value`; one value only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_value: Option<u64>,
    /// Grin: the `extra_commit` bytes bound into the proof, hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<String>,
    /// Grin: the value generator (secp256k1-zkp's 33-byte generator
    /// encoding), hex; absent for Grin's `H`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_generator: Option<String>,
}

/// A range proof file decoded on its group: the statement, the proof, and
/// the label, ready to verify or to join a batch.
#[derive(Debug)]
pub struct DecodedRangeFile<G: Group> {
    /// The transcript label.
    pub label: String,
    /// The statement (shape and commitments).
    pub statement: RangeStatement<G>,
    /// The proof.
    pub proof: Box<dyn DynRangeProof<G>>,
}

impl<G: Group> DecodedRangeFile<G> {
    /// The transcript the proof was made under.
    pub fn transcript(&self) -> merlin::Transcript {
        new_transcript(self.label.as_bytes())
    }

    /// This proof as a batch member.
    pub fn item(&self) -> Item<'_, G, dyn DynRangeProof<G>> {
        Item::new(&*self.proof, &self.statement, self.transcript())
    }

    /// Verify (`cache` supplies generators of the right size). The whole
    /// transcript is replayed — points decoded, identities refused — before
    /// the generators are asked for, so a malformed proof costs no setup.
    pub fn verify<R: RngCore + CryptoRng>(&self, cache: &GeneratorCache<G>, rng: &mut R) -> Result<(), FileError> {
        let mut eq = crate::equation::Equation::new();
        let combine = <G::Scalar as ScalarOps>::random(rng);
        self.proof
            .add_terms(&self.statement, &mut self.transcript(), G::Scalar::one(), combine, &mut eq)
            .and_then(|()| {
                let (chains, per_chain) = eq.generators_needed();
                eq.verify(&cache.get(chains, per_chain), cache.pedersen())
            })
            .map_err(FileError::Proof)
    }
}

impl RangeProofFile {
    /// Parse JSON (at most [`MAX_RANGE_FILE`] bytes; the fields are checked
    /// by [`decode`](Self::decode)).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        if text.len() > MAX_RANGE_FILE {
            return Err(FileError::TooLarge { len: text.len(), max: MAX_RANGE_FILE });
        }
        serde_json::from_slice(text).map_err(|e| FileError::Json { what: "malformed JSON", reason: e.to_string() })
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

    /// Decode every field strictly on group `G` (which must be the file's).
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
        if !(1..=MAX_BITS).contains(&self.bits) {
            return Err(FileError::Bits(self.bits));
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
        let statement = RangeStatement::new(self.bits, &commitments).map_err(FileError::Decode)?;
        let proof = system.decode::<G>(&bytes, self.bits, commitments.len()).map_err(FileError::Decode)?;
        Ok(DecodedRangeFile { label: self.label.clone(), statement, proof })
    }

    /// Decode and verify, on whichever group the file names, with
    /// generators derived for it.
    pub fn verify(&self) -> Result<(), FileError> {
        if let Some(profile) = self.profile_id()? {
            return self.decode_profile(profile)?.verify(&mut rand_core::OsRng);
        }
        crate::with_group!(self.group_id()?, G => self.decode::<G>()?.verify(&GeneratorCache::<G>::new(), &mut rand_core::OsRng))
    }

    /// Prove every `values[j] ∈ [0, 2^bits)` with `system` on `G`: the
    /// proof file and the secret openings. `blindings`: one per value, or
    /// none (random).
    #[allow(clippy::too_many_arguments)]
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        cache: &GeneratorCache<G>,
        system: RangeSystem,
        bits: usize,
        values: &[u64],
        blindings: &[G::Scalar],
        label: &str,
        rng: &mut R,
    ) -> Result<(RangeProofFile, Openings), FileError> {
        check_label(label)?;
        let shape = RangeShape::new(bits, values.len()).map_err(FileError::Proof)?;
        let blindings: Vec<G::Scalar> = if blindings.is_empty() {
            values.iter().map(|_| <G::Scalar as ScalarOps>::random(rng)).collect()
        } else if blindings.len() == values.len() {
            blindings.to_vec()
        } else {
            return Err(FileError::BlindingCount { values: values.len(), blindings: blindings.len() });
        };
        let bp = cache.get(shape.parties_needed(), shape.gens_per_party_needed());
        let mut transcript = new_transcript(label.as_bytes());
        let result = system.prove(&bp, cache.pedersen(), &mut transcript, values, &blindings, bits, rng);
        let openings_blindings = blindings.iter().map(|b| to_hex(&ScalarOps::to_bytes(b))).collect();
        let mut blindings = blindings;
        blindings.zeroize();
        let (proof, commitments) = result.map_err(FileError::Proof)?;
        let file = Self::from_proof::<G>(&*proof, bits, &commitments, label)?;
        let openings = Openings {
            profile: None,
            group: G::NAME.into(),
            bits,
            values: values.to_vec(),
            blindings: openings_blindings,
            commitments: file.commitments.clone(),
        };
        Ok((file, openings))
    }

    /// The file of a proof made elsewhere (e.g. by the multi-party
    /// protocol's dealer): `proof` that the values committed in
    /// `commitments` have `bits` bits, under `label`.
    pub fn from_proof<G: Group>(
        proof: &dyn DynRangeProof<G>,
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

/// Verify range proof files (any systems, shapes and groups, and the
/// deployed formats): one batch per group, and one per deployed format's
/// generators. Returns `(index, reason)` for every invalid one, in order of
/// index; entries that are already errors (a file that did not parse) are
/// reported as they are.
pub fn verify_range_files<R: RngCore + CryptoRng>(
    files: &[Result<RangeProofFile, FileError>],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut by_group: Vec<(GroupId, Vec<(usize, &RangeProofFile)>)> =
        GroupId::ALL.into_iter().map(|g| (g, Vec::new())).collect();
    let mut deployed = Vec::new();
    for (index, file) in files.iter().enumerate() {
        let sorted = file.as_ref().map_err(Clone::clone).and_then(|f| Ok((f.profile_id()?, f)));
        match sorted {
            Ok((Some(profile), f)) => deployed.push((index, f, profile)),
            Ok((None, f)) => match f.group_id() {
                Ok(group) => {
                    if let Some((_, list)) = by_group.iter_mut().find(|(g, _)| *g == group) {
                        list.push((index, f));
                    }
                }
                Err(e) => bad.push((index, e)),
            },
            Err(e) => bad.push((index, e)),
        }
    }
    bad.extend(super::profile::verify_profile_files(&deployed, rng));
    for (group, list) in &by_group {
        if !list.is_empty() {
            bad.extend(crate::with_group!(*group, G => batch_range_files::<G, R>(list, rng)));
        }
    }
    bad.sort_by_key(|(i, _)| *i);
    bad
}

fn batch_range_files<G: Group, R: RngCore + CryptoRng>(
    files: &[(usize, &RangeProofFile)],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut decoded = Vec::new();
    for (index, file) in files {
        match file.decode::<G>() {
            Ok(d) => decoded.push((*index, d)),
            Err(e) => bad.push((*index, e)),
        }
    }
    let items: Vec<_> = decoded.iter().map(|(_, d)| d.item()).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    let indices: Vec<usize> = decoded.iter().map(|(i, _)| *i).collect();
    bad.extend(super::verify_claims(&indices, &claims, rng));
    bad
}
