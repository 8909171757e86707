//! Range proof files in **deployed formats**: a range proof file whose
//! `profile` is `"grin"` or `"monero"` holds a proof exactly as Grin or
//! Monero transmits it, with its statement in the same deployment's
//! encodings, so a wallet or explorer can hand the bytes over unchanged.
//!
//! | `profile` | `system` | `group` | `bits` | `commitments` | other fields |
//! |---|---|---|---|---|---|
//! | `"grin"` ([`crate::compat::grin`]) | `"bulletproofs"` | `"secp256k1"` | 1, 2, 4, …, 64 (`bits × m ≤ 128`, `m` a power of two) | Grin's 33-byte commitments (`0x08`/`0x09` ‖ x) | `min_value` (one value only, `1..2³²`: Grin's verifier reads it as 32 bits), `extra` (Grin's `extra_commit`, hex; absent and `""` differ), `value_generator` (secp256k1-zkp's 33-byte generator; absent: Grin's `H`) |
//! | `"monero"` ([`crate::compat::monero`]) | `"bulletproofs-plus"` (RingCT type 6) or `"bulletproofs"` (types 4–5) | `"ed25519"` | 64 | 1 to 16 output commitments `C_j` (32 bytes, as `outPk` holds them) | none |
//!
//! `label` is not used by these formats (their transcripts are their own)
//! and must be empty or absent. Blindings in the openings a Grin proof
//! file's prover writes are Grin's secret keys (big-endian); Monero's
//! masks are little-endian, as Monero writes them.

use curve25519_dalek::edwards::CompressedEdwardsY;
use k256::ProjectivePoint;
use rand_core::{CryptoRng, RngCore};

use super::range::RangeProofFile;
use super::secrets::{check_nonzero, Openings};
use super::FileError;
use crate::batch::{Claim, Item};
use crate::compat::grin::{self, GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinStatement};
use crate::compat::monero::{
    self, original_generators, plus_generators, MoneroConsensus, MoneroOriginalProof, MoneroPlusProof, MoneroStatement,
};
use crate::encoding::{from_hex, to_hex};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Ed25519, Group, Secp256k1};
use crate::range::RangeSystem;

/// The deployed formats a range proof file may be in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Grin's Bulletproofs (secp256k1-zkp), [`crate::compat::grin`].
    Grin,
    /// Monero's Bulletproofs+ or original Bulletproofs, [`crate::compat::monero`].
    Monero,
}

impl Profile {
    /// Every profile.
    pub const ALL: [Profile; 2] = [Profile::Grin, Profile::Monero];

    /// `"grin"` or `"monero"`.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Grin => "grin",
            Profile::Monero => "monero",
        }
    }

    /// The profile called `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The one group the profile's proofs live on.
    pub fn group_name(self) -> &'static str {
        match self {
            Profile::Grin => Secp256k1::NAME,
            Profile::Monero => Ed25519::NAME,
        }
    }
}

/// A profile file decoded: the proof and its statement.
#[derive(Debug)]
pub(super) enum DecodedProfile {
    Grin(GrinProof, GrinStatement),
    MoneroPlus(MoneroPlusProof, MoneroStatement),
    MoneroOriginal(MoneroOriginalProof, MoneroStatement),
}

/// Grin hashes a minimum value of 0 when proving and verifying but not
/// when rewinding (where 0 means none), so a file says "no minimum" one way.
const MIN_ZERO: &str = "0 is no minimum: leave the field out";

/// secp256k1-zkp's verifier reads a minimum as a 32-bit number and rejects
/// every honest proof with a larger one ([`grin::MAX_MIN_VALUE`]).
const MIN_TOO_LARGE: &str =
    "must be below 2^32 (4294967296): Grin's verifier reads minimum values as 32-bit numbers and rejects larger ones";

fn field_error(field: &'static str, reason: &'static str) -> FileError {
    FileError::Field { field, reason }
}

fn hex_field(field: &str, text: &str) -> Result<Vec<u8>, FileError> {
    from_hex(text).ok_or_else(|| FileError::Hex { field: field.into() })
}

/// Grin's 33-byte commitment encoding of `p` (hex).
fn grin_commitment_hex(index: usize, p: &ProjectivePoint) -> Result<String, FileError> {
    grin::commitment_to_bytes(p).map(|b| to_hex(&b)).ok_or(FileError::Proof(ProofError::InvalidCommitment { index }))
}

impl RangeProofFile {
    /// The file's deployed format (`None`: ballistic's own).
    pub fn profile_id(&self) -> Result<Option<Profile>, FileError> {
        match &self.profile {
            None => Ok(None),
            Some(name) => Profile::from_name(name).map(Some).ok_or_else(|| FileError::UnknownProfile(name.clone())),
        }
    }

    /// Decode a deployed-format file strictly without verifying the proof
    /// (every field, the statement and the proof's encoding): its profile,
    /// or why it is not a well-formed file of one. A file that passes may
    /// still fail [`verify`](Self::verify) or a batch.
    pub fn check_profile(&self) -> Result<Profile, FileError> {
        let profile = self.profile_id()?.ok_or(field_error("profile", "not a deployed-format file (no profile)"))?;
        self.decode_profile(profile).map(|_| profile)
    }

    /// Refuse in a file of ballistic's own the fields of the deployed
    /// formats (`min_value`, `value_generator`: Grin's). `extra` is allowed:
    /// ballistic's own extra data ([`RangeProofFile::extra_bytes`]).
    pub fn check_no_profile_fields(&self) -> Result<(), FileError> {
        let only_grin = "only Grin proof files (\"profile\": \"grin\") have it";
        if self.min_value.is_some() {
            return Err(field_error(
                "min_value",
                "only Grin proof files (\"profile\": \"grin\") have it (interval proofs of ballistic's own have min and max)",
            ));
        }
        if self.value_generator.is_some() {
            return Err(field_error("value_generator", only_grin));
        }
        Ok(())
    }

    /// Refuse in a deployed-format file the interval fields of ballistic's own.
    fn check_no_interval_fields(&self) -> Result<(), FileError> {
        let own = "interval proofs (min and max) are ballistic's own: a deployed-format file has neither";
        if self.min.is_some() {
            return Err(field_error("min", own));
        }
        if self.max.is_some() {
            return Err(field_error("max", own));
        }
        Ok(())
    }

    /// Decode a profile file strictly: every field is checked against the
    /// profile's rules (see the module documentation) before the proof is.
    pub(super) fn decode_profile(&self, profile: Profile) -> Result<DecodedProfile, FileError> {
        self.decode_profile_with(profile, MoneroConsensus::Strict)
    }

    /// [`decode_profile`](Self::decode_profile), a Monero file's points and
    /// commitments decoded as `consensus` says (Grin files are unaffected).
    pub(super) fn decode_profile_with(
        &self,
        profile: Profile,
        consensus: MoneroConsensus,
    ) -> Result<DecodedProfile, FileError> {
        if self.group != profile.group_name() {
            return Err(FileError::WrongGroup { file: self.group.clone(), expected: profile.group_name() });
        }
        if !self.label.is_empty() {
            return Err(field_error("label", "deployed formats have no transcript label: leave it empty"));
        }
        self.check_no_interval_fields()?;
        let system = self.system_id()?;
        let proof = hex_field("proof", &self.proof)?;
        match profile {
            Profile::Grin => {
                if system != RangeSystem::Bulletproofs {
                    return Err(FileError::UnknownSystem { got: self.system.clone(), expected: "\"bulletproofs\"" });
                }
                if self.min_value == Some(0) {
                    return Err(field_error("min_value", MIN_ZERO));
                }
                if self.min_value.is_some_and(|m| m > grin::MAX_MIN_VALUE) {
                    return Err(field_error("min_value", MIN_TOO_LARGE));
                }
                grin::check_shape(self.bits, self.commitments.len(), self.min_value.map(|_| 1))
                    .map_err(FileError::Decode)?;
                let commitments = self
                    .commitments
                    .iter()
                    .enumerate()
                    .map(|(index, h)| {
                        let bytes: [u8; 33] = hex_field(&format!("commitment #{index}"), h)?
                            .try_into()
                            .map_err(|_| FileError::Commitment { index, group: "Grin (33 bytes)" })?;
                        grin::commitment_from_bytes(&bytes)
                            .map_err(|_| FileError::Commitment { index, group: "Grin (33 bytes)" })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let value_gen = match &self.value_generator {
                    None => None,
                    Some(h) => {
                        let bytes: [u8; 33] = hex_field("value_generator", h)?.try_into().map_err(|_| {
                            field_error("value_generator", "must be 33 bytes (a secp256k1-zkp generator)")
                        })?;
                        Some(grin::generator_from_bytes(&bytes).ok_or_else(|| {
                            field_error("value_generator", "not a secp256k1-zkp generator encoding of a curve point")
                        })?)
                    }
                };
                let extra = self.extra.as_deref().map(|h| hex_field("extra", h)).transpose()?;
                let statement = GrinStatement::new(
                    self.bits,
                    commitments,
                    value_gen,
                    self.min_value.map(|v| alloc::vec![v]),
                    extra,
                )
                .map_err(FileError::Decode)?;
                let proof = GrinProof::from_bytes(&proof).map_err(FileError::Decode)?;
                if proof.vector_len() != self.bits * self.commitments.len() {
                    return Err(FileError::Decode(ProofError::WrongLength {
                        expected: grin::proof_len(self.bits * self.commitments.len()).unwrap_or(0),
                        got: proof.as_bytes().len(),
                    }));
                }
                Ok(DecodedProfile::Grin(proof, statement))
            }
            Profile::Monero => {
                self.check_no_profile_fields()?;
                if self.extra.is_some() {
                    return Err(field_error("extra", "Monero proof files have no extra data"));
                }
                if self.bits != monero::BITS {
                    return Err(FileError::MoneroBits(self.bits));
                }
                if !(1..=monero::MAX_OUTPUTS).contains(&self.commitments.len()) {
                    return Err(FileError::MoneroOutputs(self.commitments.len()));
                }
                let commitments = self
                    .commitments
                    .iter()
                    .enumerate()
                    .map(|(index, h)| {
                        let bytes: [u8; 32] = hex_field(&format!("commitment #{index}"), h)?
                            .try_into()
                            .map_err(|_| FileError::Commitment { index, group: Ed25519::NAME })?;
                        Ok(CompressedEdwardsY(bytes))
                    })
                    .collect::<Result<Vec<_>, FileError>>()?;
                let statement = MoneroStatement::with_consensus(&commitments, consensus).map_err(FileError::Decode)?;
                match system {
                    RangeSystem::BulletproofsPlus => {
                        let proof = MoneroPlusProof::from_bytes_with(&proof, consensus).map_err(FileError::Decode)?;
                        Ok(DecodedProfile::MoneroPlus(proof, statement))
                    }
                    RangeSystem::Bulletproofs => {
                        let proof =
                            MoneroOriginalProof::from_bytes_with(&proof, consensus).map_err(FileError::Decode)?;
                        Ok(DecodedProfile::MoneroOriginal(proof, statement))
                    }
                    RangeSystem::BulletproofsPlusPlus => Err(FileError::UnknownSystem {
                        got: self.system.clone(),
                        expected: "\"bulletproofs-plus\" or \"bulletproofs\"",
                    }),
                }
            }
        }
    }

    /// Prove in Grin's format ([`GrinProof::prove`]: deterministic in the
    /// openings, nonces and options): the proof file and the openings
    /// (blindings as Grin's big-endian secret keys).
    pub fn prove_grin(
        openings: &[GrinOpening],
        nonces: &GrinNonces,
        options: &GrinProveOptions<'_>,
    ) -> Result<(RangeProofFile, Openings), FileError> {
        if options.min_values.is_some_and(|m| m.contains(&0)) {
            return Err(field_error("min_value", MIN_ZERO));
        }
        if options.min_values.is_some_and(|m| m.len() != 1) {
            return Err(field_error("min_value", "Grin proof files have one minimum value (single-value proofs)"));
        }
        if options.min_values.is_some_and(|m| m.iter().any(|&v| v > grin::MAX_MIN_VALUE)) {
            return Err(field_error("min_value", MIN_TOO_LARGE));
        }
        // A zero blinding makes the commitment `v·H`: the value by trial.
        for (index, o) in openings.iter().enumerate() {
            check_nonzero(index, &zeroize::Zeroizing::new(o.blinding.to_bytes().into()))?;
        }
        let (proof, commitments) = GrinProof::prove(openings, nonces, options).map_err(FileError::Proof)?;
        let commitments =
            commitments.iter().enumerate().map(|(i, c)| grin_commitment_hex(i, c)).collect::<Result<Vec<_>, _>>()?;
        let value_generator = match &options.value_gen {
            None => None,
            Some(g) => Some(to_hex(
                &grin::generator_to_bytes(g)
                    .ok_or(FileError::Proof(ProofError::IdentityPoint { label: "value generator" }))?,
            )),
        };
        let file = RangeProofFile {
            profile: Some(Profile::Grin.name().into()),
            system: RangeSystem::Bulletproofs.name().into(),
            group: Secp256k1::NAME.into(),
            label: String::new(),
            bits: options.n_bits,
            commitments: commitments.clone(),
            proof: to_hex(proof.as_bytes()),
            min_value: options.min_values.and_then(|m| m.first().copied()),
            extra: options.extra_commit.map(to_hex),
            value_generator,
            ..RangeProofFile::default()
        };
        let secrets = Openings {
            profile: Some(Profile::Grin.name().into()),
            group: Secp256k1::NAME.into(),
            bits: options.n_bits,
            min: None,
            max: None,
            values: openings.iter().map(|o| o.value).collect(),
            blindings: openings.iter().map(|o| to_hex(&grin::scalar_to_bytes(&o.blinding))).collect(),
            commitments,
            message: None,
        };
        Ok((file, secrets))
    }

    /// Prove in Monero's format: `system` is
    /// [`RangeSystem::BulletproofsPlus`] (RingCT type 6) or
    /// [`RangeSystem::Bulletproofs`] (types 4–5); 1 to 16 amounts; `masks`
    /// one per amount, or none (random). The proof file and the openings.
    pub fn prove_monero<R: RngCore + CryptoRng>(
        system: RangeSystem,
        amounts: &[u64],
        masks: &[curve25519_dalek::Scalar],
        rng: &mut R,
    ) -> Result<(RangeProofFile, Openings), FileError> {
        use crate::group::ScalarOps;
        let masks = zeroize::Zeroizing::new(if masks.is_empty() {
            amounts.iter().map(|_| <curve25519_dalek::Scalar as ScalarOps>::random(rng)).collect::<Vec<_>>()
        } else if masks.len() == amounts.len() {
            // A zero mask makes the commitment `v·H`: the amount by trial.
            for (index, mask) in masks.iter().enumerate() {
                check_nonzero(index, &zeroize::Zeroizing::new(mask.to_bytes()))?;
            }
            masks.to_vec()
        } else {
            return Err(FileError::BlindingCount { values: amounts.len(), blindings: masks.len() });
        });
        let (bytes, commitments) = match system {
            RangeSystem::BulletproofsPlus => {
                MoneroPlusProof::prove(amounts, &masks, rng).map(|(p, c)| (p.to_bytes(), c))
            }
            RangeSystem::Bulletproofs => {
                MoneroOriginalProof::prove(amounts, &masks, rng).map(|(p, c)| (p.to_bytes(), c))
            }
            RangeSystem::BulletproofsPlusPlus => {
                return Err(FileError::UnknownSystem {
                    got: system.name().into(),
                    expected: "\"bulletproofs-plus\" or \"bulletproofs\"",
                })
            }
        }
        .map_err(FileError::Proof)?;
        let commitments: Vec<String> = commitments.iter().map(|c| to_hex(c.as_bytes())).collect();
        let file = RangeProofFile {
            profile: Some(Profile::Monero.name().into()),
            system: system.name().into(),
            group: Ed25519::NAME.into(),
            label: String::new(),
            bits: monero::BITS,
            commitments: commitments.clone(),
            proof: to_hex(&bytes),
            ..RangeProofFile::default()
        };
        let secrets = Openings {
            profile: Some(Profile::Monero.name().into()),
            group: Ed25519::NAME.into(),
            bits: monero::BITS,
            min: None,
            max: None,
            values: amounts.to_vec(),
            blindings: masks.iter().map(|m| to_hex(m.as_bytes())).collect(),
            commitments,
            message: None,
        };
        Ok((file, secrets))
    }
}

impl RangeProofFile {
    /// Rewind a Grin proof file (one value) with the prover's rewind nonce
    /// ([`GrinProof::rewind`]): the value, the blinding (if the prover's
    /// private nonce was the rewind nonce) and the 20-byte message. A wrong
    /// nonce, or any file that is not a valid single-value Grin proof file,
    /// is an error; nothing is recovered from it.
    pub fn rewind_grin(&self, rewind_nonce: &[u8; 32]) -> Result<grin::GrinRewound, FileError> {
        if self.profile_id()? != Some(Profile::Grin) {
            return Err(field_error("profile", "only Grin proof files (\"profile\": \"grin\") can be rewound"));
        }
        let DecodedProfile::Grin(proof, statement) = self.decode_profile(Profile::Grin)? else {
            return Err(field_error("profile", "not a Grin proof file"));
        };
        let [commitment] = statement.commitments() else {
            return Err(FileError::Proof(ProofError::UnsupportedShape {
                format: "Grin",
                reason: "only single-value proofs can be rewound",
                got: statement.commitments().len(),
            }));
        };
        let min_value = statement.min_values().and_then(|m| m.first().copied()).unwrap_or(0);
        proof
            .rewind(commitment, Some(statement.value_gen()), min_value, statement.extra_commit(), rewind_nonce)
            .map_err(FileError::Proof)
    }
}

impl DecodedProfile {
    /// Verify on its own.
    pub(super) fn verify<R: RngCore + CryptoRng>(&self, rng: &mut R) -> Result<(), FileError> {
        match self {
            DecodedProfile::Grin(p, s) => p.verify(s, rng),
            DecodedProfile::MoneroPlus(p, s) => verify_monero_one(plus_generators(), p, s, rng),
            DecodedProfile::MoneroOriginal(p, s) => verify_monero_one(original_generators(), p, s, rng),
        }
        .map_err(FileError::Proof)
    }
}

fn verify_monero_one<
    P: crate::equation::Verifiable<Ed25519, Statement = MoneroStatement, Context = ()>,
    R: RngCore + CryptoRng,
>(
    gens: &Generators<Ed25519>,
    proof: &P,
    statement: &MoneroStatement,
    rng: &mut R,
) -> Result<(), ProofError> {
    proof.verify(gens, statement, &mut (), rng)
}

/// Verify profile files as one batch per generator set (Grin's; Monero's
/// Bulletproofs+; Monero's original Bulletproofs): `(index, reason)` for
/// each invalid one (Monero files decoded as `consensus` says).
pub(super) fn verify_profile_files<R: RngCore + CryptoRng>(
    files: &[(usize, &RangeProofFile, Profile)],
    consensus: MoneroConsensus,
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut decoded = Vec::new();
    for (index, file, profile) in files {
        match file.decode_profile_with(*profile, consensus) {
            Ok(d) => decoded.push((*index, d)),
            Err(e) => bad.push((*index, e)),
        }
    }
    let (mut grin, mut plus, mut original) = (Vec::new(), Vec::new(), Vec::new());
    for (index, d) in &decoded {
        match d {
            DecodedProfile::Grin(p, s) => grin.push((*index, p, s)),
            DecodedProfile::MoneroPlus(p, s) => plus.push((*index, p, s)),
            DecodedProfile::MoneroOriginal(p, s) => original.push((*index, p, s)),
        }
    }
    let gens = grin::grin_generators();
    bad.extend(batch_of::<Secp256k1, _, _>(gens.generators(), &grin, rng));
    bad.extend(batch_of::<Ed25519, _, _>(plus_generators(), &plus, rng));
    bad.extend(batch_of::<Ed25519, _, _>(original_generators(), &original, rng));
    bad
}

/// One batch of `(file index, proof, statement)` over one generator set:
/// `(file index, reason)` for each invalid proof (nothing for no members).
fn batch_of<G: Group, P: crate::equation::Verifiable<G, Context = ()> + Sync, R: RngCore + CryptoRng>(
    gens: &Generators<G>,
    members: &[(usize, &P, &P::Statement)],
    rng: &mut R,
) -> Vec<(usize, FileError)>
where
    P::Statement: Sync,
{
    if members.is_empty() {
        return Vec::new();
    }
    let items: Vec<Item<'_, G, P>> = members.iter().map(|(_, p, s)| Item::new(*p, *s, ())).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
    match crate::batch::verify(gens, &claims, rng) {
        Ok(()) => Vec::new(),
        Err(e) => e
            .invalid
            .into_iter()
            .filter_map(|(k, reason)| members.get(k).map(|(i, _, _)| (*i, FileError::Proof(reason))))
            .collect(),
    }
}
