//! Multi-asset proof files: the JSON form of a multi-asset range proof
//! ([`crate::range::assets`], Confidential Assets) of any construction on
//! any group, its strict decoding, proving into it from a file of secrets,
//! and batch verification of many files against the verifier's statement.
//!
//! ```json
//! { "system": "native", "group": "ristretto255", "label": "…", "bits": 64,
//!   "commitments": ["<hex>", …], "value_generators": ["<hex>", …], "proof": "<hex>" }
//! ```
//!
//! **The relation.** `system` is a [`MultiAssetSystem`] name (`"native"`,
//! `"recommitted-bulletproofs"`, `"recommitted-bulletproofs-plus"`,
//! `"recommitted-bulletproofs-plus-plus"`). For every output `j` the proof
//! shows knowledge of `v_j, γ_j` with
//!
//! ```text
//!   V_j = v_j·H_j + γ_j·B̃   and   v_j ∈ [0, 2^bits)
//! ```
//!
//! where `V_j` is `commitments[j]`, `H_j` is `value_generators[j]` (the
//! output's asset tag: [`asset_generator`] of its asset id, possibly blinded
//! as [`blinded_asset_generator`]) and `B̃` the group's Pedersen blinding
//! base, under the transcript label `label`.
//!
//! **What the verifier must check.** The proof says nothing about values
//! unless nobody knows `log_{B̃} H_j`: a prover who picks `H_j = k·B̃` opens
//! `V_j` to any value. The value generators are the **prover's** choice in
//! the file, so a verifier pins them ([`MultiAssetPins::value_generators`]):
//! the tags of known assets (the encodings of [`asset_generator`], see
//! [`asset_generator_bytes`]), or blinded tags it has checked otherwise (in
//! a Confidential Assets system, by the asset surjection proof, outside this
//! module). The group, the label and (optionally) the bits are the
//! verifier's too ([`MultiAssetPins`]): a file claiming others is refused
//! before its points or proof are decoded ([`FileError::WrongGroup`],
//! [`FileError::WrongLabel`], [`FileError::BitsMismatch`]), and a generator
//! outside the pinned set is refused before the proof is decoded
//! ([`FileError::UnpinnedGenerator`]). Unpinned generators are only checked
//! to be points other than the identity and `B̃`: front-ends must then show
//! them ([`MultiAssetProofFile::value_generators`]) with the verdict.
//!
//! **Secrets.** The prover's outputs (values, commitment blindings, asset
//! ids and asset blinding factors) are read from a file of lines
//! ([`parse_asset_lines`]), never from a command line, and written back in
//! [`MultiAssetOpenings`]; both are wiped on drop.

use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::{check_label, group_of, json_text, parse_blinding, parse_json, FileError, GeneratorCache, MAX_ASSETS_FILE};
use crate::batch::{Claim, Item};
use crate::encoding::{decode_point, from_hex, to_hex};
use crate::generators::Generators;
use crate::generators::PedersenGens;
use crate::group::{Group, GroupId, ScalarOps};
use crate::range::assets::{
    asset_generator, blinded_asset_generator, MultiAssetProof, MultiAssetStatement, MultiAssetSystem,
};
use crate::range::{MAX_BITS, MAX_VALUES};
use crate::transcript::new_transcript;

/// Longest asset id (bytes) a secrets line or a verifier's pin may name.
pub const MAX_ASSET_ID: usize = 256;

fn asset_systems() -> &'static str {
    "\"native\", \"recommitted-bulletproofs\", \"recommitted-bulletproofs-plus\" or \
     \"recommitted-bulletproofs-plus-plus\""
}

/// A multi-asset proof file, as JSON has it (nothing checked yet: see
/// [`decode`](Self::decode); unknown fields are refused).
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MultiAssetProofFile {
    /// The construction's name ([`MultiAssetSystem::name`]).
    pub system: String,
    /// The group's name ([`GroupId::name`]).
    pub group: String,
    /// The transcript label.
    pub label: String,
    /// Bits per value.
    pub bits: usize,
    /// The commitments `V_j`, hex.
    pub commitments: Vec<String>,
    /// The value generators `H_j` (asset tags, possibly blinded), hex: one
    /// per commitment, in order.
    pub value_generators: Vec<String>,
    /// The proof, hex.
    pub proof: String,
}

/// What the verifier pins of a multi-asset proof file's statement: the
/// file must claim exactly these, or it is refused before its proof is
/// decoded.
#[derive(Copy, Clone, Debug)]
pub struct MultiAssetPins<'a> {
    /// The group ([`FileError::WrongGroup`] for another).
    pub group: GroupId,
    /// The transcript label ([`FileError::WrongLabel`] for another).
    pub label: &'a str,
    /// Bits per value, if pinned ([`FileError::BitsMismatch`] for others).
    pub bits: Option<usize>,
    /// The value generators the verifier accepts.
    pub value_generators: GeneratorPins<'a>,
}

/// Which value generators a verifier accepts. A prover who knows a
/// generator's discrete logarithm to `B̃` (say `H_j = 2·B̃`) can open its
/// commitment to any value, so the generators are the verifier's to choose;
/// trusting the file's is an explicit choice.
#[derive(Clone, Copy, Debug)]
pub enum GeneratorPins<'a> {
    /// Every output on one of these (canonical encodings;
    /// [`asset_generator_bytes`] gives a known asset's unblinded tag).
    AnyOf(&'a [Vec<u8>]),
    /// Output `j` on exactly the `j`-th of these (one per output): for
    /// blinded tags whose surjection the application checked elsewhere.
    PerOutput(&'a [Vec<u8>]),
    /// The file's own, whatever they are: the proof then binds values only
    /// if the verifier knows by other means that nobody knows their
    /// discrete logarithms (see the module documentation).
    TrustFile,
}

/// One output as its prover knows it: the value, the commitment's blinding,
/// the asset id and the asset tag's blinding factor. Wiped on drop.
pub struct AssetOutput<G: Group> {
    /// The value.
    pub value: u64,
    /// The commitment's blinding `γ_j` (nonzero).
    pub blinding: G::Scalar,
    /// The asset id (1 to [`MAX_ASSET_ID`] bytes): the tag is
    /// [`asset_generator`] of it.
    pub asset_id: Vec<u8>,
    /// The tag's blinding factor `r_j` (`H_j = A_j + r_j·B̃`); `None`: an
    /// unblinded tag (`H_j = A_j`, which reveals the asset).
    pub asset_blinding: Option<G::Scalar>,
}

impl<G: Group> core::fmt::Debug for AssetOutput<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("AssetOutput { .. }")
    }
}

impl<G: Group> Drop for AssetOutput<G> {
    fn drop(&mut self) {
        self.value.zeroize();
        self.blinding.zeroize();
        self.asset_id.zeroize();
        if let Some(r) = self.asset_blinding.as_mut() {
            r.zeroize();
        }
    }
}

impl<G: Group> AssetOutput<G> {
    /// The output's value generator `H_j`: the asset's tag, blinded by
    /// [`asset_blinding`](Self::asset_blinding) if given.
    pub fn value_generator(&self, gens: &Generators<G>) -> G::Point {
        let tag = asset_generator::<G>(&self.asset_id);
        match &self.asset_blinding {
            Some(r) => blinded_asset_generator::<G>(gens, &tag, r),
            None => tag,
        }
    }
}

/// The outputs of a secrets file for [`MultiAssetProofFile::prove`]: one
/// line per output (blank lines ignored, `\r` before `\n` allowed), fields
/// separated by spaces or tabs:
///
/// ```text
/// VALUE ASSET_ID [ASSET_BLINDING [BLINDING]]
/// ```
///
/// `VALUE` decimal below 2^64; `ASSET_ID` 1 to [`MAX_ASSET_ID`] bytes in
/// lowercase hex; `ASSET_BLINDING` the tag's blinding factor (64 lowercase
/// hex digits, a canonical nonzero scalar), or `-` for an unblinded tag,
/// random when absent; `BLINDING` the commitment's (the same form, never
/// `-`), random when absent. The blindings are parsed in constant time
/// ([`parse_blinding`]); the text is the caller's to wipe.
pub fn parse_asset_lines<G: Group, R: RngCore + CryptoRng>(
    text: &[u8],
    rng: &mut R,
) -> Result<Vec<AssetOutput<G>>, FileError> {
    // Allocated once: a growing vector would leave copies of the secrets
    // in the memory it outgrew.
    let lines = text.split(|b| *b == b'\n').filter(|l| !l.trim_ascii().is_empty()).count();
    let mut outputs = Vec::with_capacity(lines);
    for (i, raw) in text.split(|b| *b == b'\n').enumerate() {
        let line = i + 1;
        let bad = |field: &'static str, reason: &'static str| FileError::AssetSecret { line, field, reason };
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let mut fields = raw.split(|b| *b == b' ' || *b == b'\t').filter(|f| !f.is_empty());
        let Some(value) = fields.next() else { continue };
        let value = std::str::from_utf8(value)
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or(bad("value", "not a value (a decimal number below 2^64)"))?;
        let asset_id = fields
            .next()
            .ok_or(bad("asset id", "missing (each line is VALUE ASSET_ID [ASSET_BLINDING [BLINDING]])"))?;
        let asset_id = std::str::from_utf8(asset_id)
            .ok()
            .and_then(from_hex)
            .filter(|id| (1..=MAX_ASSET_ID).contains(&id.len()))
            .ok_or(bad("asset id", "must be 1 to 256 bytes of lowercase hex"))?;
        let scalar = |field: &'static str, hex: &[u8]| -> Result<G::Scalar, FileError> {
            let hex = std::str::from_utf8(hex).map_err(|_| bad(field, "not hex (64 lowercase hex digits)"))?;
            parse_blinding::<G>(0, hex).map_err(|e| match e {
                FileError::Blinding { reason, .. } => bad(field, reason),
                FileError::ZeroBlinding { .. } => bad(field, "zero (give a random one, or none)"),
                other => other,
            })
        };
        let asset_blinding = match fields.next() {
            None => Some(<G::Scalar as ScalarOps>::random(rng)),
            Some(b"-") => None,
            Some(hex) => Some(scalar("asset blinding", hex)?),
        };
        let blinding = match fields.next() {
            None => <G::Scalar as ScalarOps>::random(rng),
            Some(hex) => scalar("blinding", hex)?,
        };
        if fields.next().is_some() {
            return Err(bad("line", "more than four fields (VALUE ASSET_ID [ASSET_BLINDING [BLINDING]])"));
        }
        outputs.push(AssetOutput { value, blinding, asset_id, asset_blinding });
    }
    Ok(outputs)
}

/// The canonical encoding of the (unblinded) tag of asset `asset_id` on
/// `group`: what a verifier pins ([`MultiAssetPins::value_generators`]) to
/// accept outputs of that asset with unblinded tags.
pub fn asset_generator_bytes(group: GroupId, asset_id: &[u8]) -> Vec<u8> {
    crate::with_group!(group, G => G::compressed_bytes(&G::compress(&asset_generator::<G>(asset_id))).to_vec())
}

/// A value generator given as hex (a verifier's pin): its canonical
/// encoding on `group`, checked to be a point other than the identity.
pub fn parse_value_generator(group: GroupId, index: usize, hex: &str) -> Result<Vec<u8>, FileError> {
    let bytes = from_hex(hex).ok_or_else(|| FileError::Hex { field: format!("value generator #{index}") })?;
    crate::with_group!(group, G => match decode_point::<G>(&bytes) {
        Some(p) if !G::is_identity_vartime(&p.point) => Ok(bytes),
        Some(_) => Err(FileError::ValueGenerator { index, reason: "the identity" }),
        None => Err(FileError::ValueGenerator { index, reason: "not a valid point of the group" }),
    })
}

/// The secret openings of a multi-asset proof file (the outputs' values,
/// blindings, asset ids and tag blinding factors, hex), written to a
/// separate file by the prover. Wiped on drop.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Zeroize, ZeroizeOnDrop)]
#[serde(deny_unknown_fields)]
pub struct MultiAssetOpenings {
    /// The group's name.
    pub group: String,
    /// Bits per value.
    pub bits: usize,
    /// The values.
    pub values: Vec<u64>,
    /// The commitments' blindings, hex.
    pub blindings: Vec<String>,
    /// The asset ids, hex.
    pub asset_ids: Vec<String>,
    /// The tags' blinding factors, hex (`null`: an unblinded tag).
    pub asset_blindings: Vec<Option<String>>,
    /// The value generators, hex (as in the proof file).
    pub value_generators: Vec<String>,
    /// The commitments, hex (as in the proof file).
    pub commitments: Vec<String>,
}

/// The public part only: values, blindings, asset ids and tag blindings are
/// secrets and never printed.
impl core::fmt::Debug for MultiAssetOpenings {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MultiAssetOpenings")
            .field("group", &self.group)
            .field("bits", &self.bits)
            .field("value_generators", &self.value_generators)
            .field("commitments", &self.commitments)
            .finish_non_exhaustive()
    }
}

impl MultiAssetOpenings {
    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }
}

/// A multi-asset proof file decoded on its group: the proof with its
/// statement and label, ready to verify or to join a batch.
#[derive(Debug)]
pub struct DecodedMultiAssetFile<G: Group> {
    /// The transcript label.
    pub label: String,
    /// The statement (bits, commitments and value generators).
    pub statement: MultiAssetStatement<G>,
    /// The proof.
    pub proof: MultiAssetProof<G>,
}

impl<G: Group> DecodedMultiAssetFile<G> {
    /// This proof as a batch member.
    pub fn claim(&self) -> Item<'_, G, MultiAssetProof<G>> {
        Item::new(&self.proof, &self.statement, new_transcript(self.label.as_bytes()))
    }
}

impl MultiAssetProofFile {
    /// Parse JSON (at most [`MAX_ASSETS_FILE`] bytes, checked before
    /// parsing; the fields are checked by [`decode`](Self::decode)).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        parse_json(text, MAX_ASSETS_FILE, "malformed JSON")
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The file's group.
    pub fn group_id(&self) -> Result<GroupId, FileError> {
        group_of(&self.group)
    }

    /// The file's construction.
    pub fn system_id(&self) -> Result<MultiAssetSystem, FileError> {
        MultiAssetSystem::from_name(&self.system)
            .ok_or_else(|| FileError::UnknownSystem { got: self.system.clone(), expected: asset_systems() })
    }

    /// The value generators the file claims, as it has them (hex): what a
    /// front-end shows beside the verdict when they are not pinned.
    pub fn value_generators(&self) -> &[String] {
        &self.value_generators
    }

    /// Check the file's claims against the verifier's pins — group, label,
    /// bits — before anything is decoded (cheap; the generators are checked
    /// by [`decode_pinned`](Self::decode_pinned), once decoded).
    pub fn check_pins(&self, pins: &MultiAssetPins<'_>) -> Result<(), FileError> {
        // The label's length first (in the shared check): a refusal quotes the file's label.
        super::check_statement_pins(&self.group, &self.label, self.bits, Some(pins.group), Some(pins.label), pins.bits)
    }

    /// Decode every field strictly on group `G` (which must be the file's):
    /// the construction, the label's length, `bits` in `1..=64`, 1 to 64
    /// commitments with one value generator each, every commitment a point,
    /// every generator a point other than the identity and the blinding base
    /// `B̃`, and the proof of exactly its construction's length for the shape.
    pub fn decode<G: Group>(&self) -> Result<DecodedMultiAssetFile<G>, FileError> {
        let (system, statement) = self.statement::<G>()?;
        self.with_proof(system, statement)
    }

    /// Everything but the proof, decoded on `G`.
    fn statement<G: Group>(&self) -> Result<(MultiAssetSystem, MultiAssetStatement<G>), FileError> {
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
        if self.value_generators.len() != self.commitments.len() {
            return Err(FileError::Field { field: "value_generators", reason: "not one per commitment" });
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
        let blinding_base = G::compress(&PedersenGens::<G>::default().b_blinding);
        let generators = self
            .value_generators
            .iter()
            .enumerate()
            .map(|(index, h)| {
                let bytes = from_hex(h).ok_or_else(|| FileError::Hex { field: format!("value generator #{index}") })?;
                let p = decode_point::<G>(&bytes)
                    .ok_or(FileError::ValueGenerator { index, reason: "not a valid point of the group" })?;
                if G::is_identity_vartime(&p.point) {
                    return Err(FileError::ValueGenerator { index, reason: "the identity" });
                }
                // A sanity check only: `k·B̃` for any other `k` is just as
                // bad and cannot be recognised; pinning is what protects.
                if G::compressed_bytes(&p.compressed) == G::compressed_bytes(&blinding_base) {
                    return Err(FileError::ValueGenerator {
                        index,
                        reason: "the blinding base (the commitment would open to any value)",
                    });
                }
                Ok(p.compressed)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let statement = MultiAssetStatement::new(self.bits, &commitments, &generators).map_err(FileError::Decode)?;
        Ok((system, statement))
    }

    /// The proof, decoded strictly for `statement`'s shape.
    fn with_proof<G: Group>(
        &self,
        system: MultiAssetSystem,
        statement: MultiAssetStatement<G>,
    ) -> Result<DecodedMultiAssetFile<G>, FileError> {
        let bytes = from_hex(&self.proof).ok_or_else(|| FileError::Hex { field: "proof".into() })?;
        let shape = statement.shape();
        let proof = system.decode::<G>(&bytes, shape.n, shape.m).map_err(FileError::Decode)?;
        Ok(DecodedMultiAssetFile { label: self.label.clone(), statement, proof })
    }

    /// [`check_pins`](Self::check_pins), then [`decode`](Self::decode) on
    /// `G` (the pinned group), then every value generator checked to be one
    /// the verifier pinned ([`FileError::UnpinnedGenerator`]), before the
    /// proof is used.
    pub fn decode_pinned<G: Group>(&self, pins: &MultiAssetPins<'_>) -> Result<DecodedMultiAssetFile<G>, FileError> {
        self.check_pins(pins)?;
        let (system, statement) = self.statement::<G>()?;
        let generators = statement.value_generators();
        match pins.value_generators {
            GeneratorPins::AnyOf(allowed) => {
                for (index, h) in generators.iter().enumerate() {
                    let bytes = G::compressed_bytes(h);
                    if !allowed.iter().any(|a| a.as_slice() == bytes) {
                        return Err(FileError::UnpinnedGenerator { index, generator: to_hex(bytes) });
                    }
                }
            }
            GeneratorPins::PerOutput(expected) => {
                if expected.len() != generators.len() {
                    return Err(FileError::Field {
                        field: "value_generators",
                        reason: "not as many outputs as the verifier pinned generators",
                    });
                }
                for (index, (h, e)) in generators.iter().zip(expected).enumerate() {
                    let bytes = G::compressed_bytes(h);
                    if e.as_slice() != bytes {
                        return Err(FileError::UnpinnedGenerator { index, generator: to_hex(bytes) });
                    }
                }
            }
            GeneratorPins::TrustFile => {}
        }
        self.with_proof(system, statement)
    }

    /// Decode against the verifier's `pins` and verify.
    pub fn verify(&self, pins: &MultiAssetPins<'_>) -> Result<(), FileError> {
        match verify_multi_asset_files(&[Ok(self.clone())], pins, &mut rand_core::OsRng).pop() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }

    /// Prove every output's value in `[0, 2^bits)` on its value generator
    /// with `system` on `G`, under `label`: the proof file and the secret
    /// openings.
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        cache: &GeneratorCache<G>,
        system: MultiAssetSystem,
        bits: usize,
        outputs: &[AssetOutput<G>],
        label: &str,
        rng: &mut R,
    ) -> Result<(MultiAssetProofFile, MultiAssetOpenings), FileError> {
        check_label(label)?;
        if !(1..=MAX_BITS).contains(&bits) {
            return Err(FileError::Bits(bits));
        }
        if !(1..=MAX_VALUES).contains(&outputs.len()) {
            return Err(FileError::Commitments(outputs.len()));
        }
        // A zero blinding makes the commitment `v·H_j`: the value by trial.
        for (index, o) in outputs.iter().enumerate() {
            super::secrets::check_nonzero(index, &Zeroizing::new(ScalarOps::to_bytes(&o.blinding)))?;
        }
        let (chains, per_chain) = system.generators_needed(bits, outputs.len()).map_err(FileError::Proof)?;
        let gens = cache.get(chains, per_chain);
        let generators: Vec<G::Point> = outputs.iter().map(|o| o.value_generator(&gens)).collect();
        let values = Zeroizing::new(outputs.iter().map(|o| o.value).collect::<Vec<u64>>());
        let blindings = Zeroizing::new(outputs.iter().map(|o| o.blinding).collect::<Vec<G::Scalar>>());
        let mut transcript = new_transcript(label.as_bytes());
        let (proof, commitments) = system
            .prove(&gens, &mut transcript, &values, &blindings, &generators, bits, rng)
            .map_err(FileError::Proof)?;
        let value_generators: Vec<String> =
            generators.iter().map(|h| to_hex(G::compressed_bytes(&G::compress(h)))).collect();
        let file = MultiAssetProofFile {
            system: system.name().into(),
            group: G::NAME.into(),
            label: label.into(),
            bits,
            commitments: commitments.iter().map(|c| to_hex(G::compressed_bytes(c))).collect(),
            value_generators: value_generators.clone(),
            proof: to_hex(&proof.to_bytes()),
        };
        let openings = MultiAssetOpenings {
            group: G::NAME.into(),
            bits,
            values: values.to_vec(),
            blindings: outputs.iter().map(|o| to_hex(&ScalarOps::to_bytes(&o.blinding))).collect(),
            asset_ids: outputs.iter().map(|o| to_hex(&o.asset_id)).collect(),
            asset_blindings: outputs
                .iter()
                .map(|o| o.asset_blinding.as_ref().map(|r| to_hex(&ScalarOps::to_bytes(r))))
                .collect(),
            value_generators,
            commitments: file.commitments.clone(),
        };
        Ok((file, openings))
    }
}

/// Verify multi-asset proof files against the verifier's `pins`, as one
/// batch on the pinned group: every file is checked against the pins and
/// decoded first (a refusal names the file, unverified), then the rest
/// verify together, generators derived only once every claim has replayed.
/// Returns `(index, reason)` for every invalid one, in order of index;
/// entries that are already errors (a file that did not parse) are
/// reported as they are.
pub fn verify_multi_asset_files<R: RngCore + CryptoRng>(
    files: &[Result<MultiAssetProofFile, FileError>],
    pins: &MultiAssetPins<'_>,
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = crate::with_group!(pins.group, G => batch_files::<G, R>(files, pins, rng));
    bad.sort_by_key(|(i, _)| *i);
    bad
}

fn batch_files<G: Group, R: RngCore + CryptoRng>(
    files: &[Result<MultiAssetProofFile, FileError>],
    pins: &MultiAssetPins<'_>,
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut decoded = Vec::new();
    for (index, file) in files.iter().enumerate() {
        match file.as_ref().map_err(Clone::clone).and_then(|f| f.decode_pinned::<G>(pins)) {
            Ok(d) => decoded.push((index, d)),
            Err(e) => bad.push((index, e)),
        }
    }
    let items: Vec<Item<'_, G, MultiAssetProof<G>>> = decoded.iter().map(|(_, d)| d.claim()).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    let indices: Vec<usize> = decoded.iter().map(|(i, _)| *i).collect();
    bad.extend(super::verify_claims(&indices, &claims, rng));
    bad
}
