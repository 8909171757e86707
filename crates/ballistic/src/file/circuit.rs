//! Circuit proof files: the proof of a Pinocchio circuit with its public
//! wire values, proving into it, and batch verification of many proofs of
//! one circuit.

use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};

use super::{
    check_label, group_of, json_text, parse_json, FileError, GeneratorStore, CIRCUIT_SYSTEM, MAX_CIRCUIT_BATCH_GATES,
    MAX_CIRCUIT_FILE,
};
use crate::batch::Claim;
use crate::circuit::arith::{scalar_from_hex_canonical, scalar_to_hex, Circuit, PreparedCircuit, PublicValues};
use crate::circuit::R1csProof;
use crate::encoding::{from_hex, to_hex};
use crate::group::{Group, GroupId};
use crate::transcript::new_transcript;

/// One public wire of a circuit proof file and its value (hex, as
/// [`scalar_to_hex`] writes it: lowercase, no leading zeros; nothing else
/// is read back).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct WireValue {
    /// The wire's number.
    pub wire: usize,
    /// Its value.
    pub value: String,
}

/// A circuit proof file, as JSON has it (strict: unknown fields refused).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CircuitProofFile {
    /// Always [`CIRCUIT_SYSTEM`].
    pub system: String,
    /// The group's name.
    pub group: String,
    /// The transcript label.
    pub label: String,
    /// Multiplication gates of the circuit (before padding).
    pub multipliers: usize,
    /// The public inputs.
    pub inputs: Vec<WireValue>,
    /// The outputs.
    pub outputs: Vec<WireValue>,
    /// The proof, hex.
    pub proof: String,
}

impl CircuitProofFile {
    /// Parse JSON (at most [`MAX_CIRCUIT_FILE`] bytes) and check the
    /// system and label.
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        let file: CircuitProofFile = parse_json(text, MAX_CIRCUIT_FILE, "not a circuit proof file")?;
        file.check_header()?;
        Ok(file)
    }

    fn check_header(&self) -> Result<(), FileError> {
        if self.system != CIRCUIT_SYSTEM {
            return Err(FileError::UnknownSystem { got: self.system.clone(), expected: "\"r1cs\"" });
        }
        check_label(&self.label)
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The file's group.
    pub fn group_id(&self) -> Result<GroupId, FileError> {
        group_of(&self.group)
    }

    /// Prove `circuit` on `G` with the inputs in `.in` format: the proof
    /// file. The generators come from `store` ([`GeneratorStore`]).
    pub fn prove<G: Group, R: RngCore + CryptoRng>(
        store: &GeneratorStore,
        circuit: &PreparedCircuit<G>,
        inputs: &[u8],
        label: &str,
        rng: &mut R,
    ) -> Result<CircuitProofFile, FileError> {
        check_label(label)?;
        let values = circuit.circuit().read_inputs::<G::Scalar, _>(inputs).map_err(FileError::Circuit)?;
        Self::prove_values::<G, R>(store, circuit, &values, label, rng)
    }

    /// Prove `circuit` on `G` with parsed input values.
    pub fn prove_values<G: Group, R: RngCore + CryptoRng>(
        store: &GeneratorStore,
        circuit: &PreparedCircuit<G>,
        values: &crate::circuit::arith::InputValues<G::Scalar>,
        label: &str,
        rng: &mut R,
    ) -> Result<CircuitProofFile, FileError> {
        check_label(label)?;
        let multipliers = circuit.metrics().multipliers;
        let gens = store.generators::<G>(circuit.padded_multipliers(), 1);
        let (proof, public) =
            circuit.prove(&gens, new_transcript(label.as_bytes()), values, rng).map_err(FileError::Proof)?;
        let wires = |values: &[(usize, G::Scalar)]| -> Vec<WireValue> {
            values.iter().map(|(w, v)| WireValue { wire: *w, value: scalar_to_hex(v) }).collect()
        };
        Ok(CircuitProofFile {
            system: CIRCUIT_SYSTEM.into(),
            group: G::NAME.into(),
            label: label.into(),
            multipliers,
            inputs: wires(&public.inputs),
            outputs: wires(&public.outputs),
            proof: to_hex(&proof.to_bytes()),
        })
    }

    /// The public values on `G`.
    pub fn public_values<G: Group>(&self) -> Result<PublicValues<G::Scalar>, FileError> {
        let conv = |list: &[WireValue], what: &'static str| -> Result<Vec<(usize, G::Scalar)>, FileError> {
            list.iter()
                .enumerate()
                .map(|(index, wv)| {
                    scalar_from_hex_canonical::<G::Scalar>(&wv.value, index + 1)
                        .map(|v| (wv.wire, v))
                        .map_err(|error| FileError::WireValue { what, index, wire: wv.wire, error })
                })
                .collect()
        };
        Ok(PublicValues { inputs: conv(&self.inputs, "input")?, outputs: conv(&self.outputs, "output")? })
    }

    /// The proof on `G`, checked against `circuit`'s size (before any
    /// generator is derived).
    pub fn decode_proof<G: Group>(&self, circuit: &PreparedCircuit<G>) -> Result<R1csProof<G>, FileError> {
        let multipliers = circuit.metrics().multipliers;
        if multipliers != self.multipliers {
            return Err(FileError::Multipliers { file: self.multipliers, circuit: multipliers });
        }
        let bytes = from_hex(&self.proof).ok_or_else(|| FileError::Hex { field: "proof".into() })?;
        R1csProof::<G>::from_bytes(&bytes).map_err(FileError::Decode)
    }

    /// Check the file's statement against the one a verifier pinned: every
    /// public input (`inputs`, the one-input wire included) and every
    /// output (`outputs`) with the same value, as canonical hex
    /// ([`scalar_to_hex`]; read a `.in` / `.out` file with
    /// [`Circuit::read_public_inputs`] / [`Circuit::read_outputs`]). `None`:
    /// that side is not pinned. Cheap: call it before verifying.
    pub fn check_statement(
        &self,
        inputs: Option<&[WireValue]>,
        outputs: Option<&[WireValue]>,
    ) -> Result<(), FileError> {
        // Indexed by wire: both lists come from outside (the file's from
        // the sender), so the check is O(n log n), not a scan per wire.
        fn same(what: &'static str, file: &[WireValue], pinned: &[WireValue]) -> Result<(), FileError> {
            let mut by_wire = alloc::collections::BTreeMap::new();
            for f in file {
                by_wire.entry(f.wire).or_insert(f);
            }
            for p in pinned {
                match by_wire.get(&p.wire) {
                    Some(f) if f.value == p.value => {}
                    found => {
                        return Err(FileError::Statement {
                            what,
                            wire: p.wire,
                            file: found.map(|f| f.value.clone()),
                            pinned: Some(p.value.clone()),
                        })
                    }
                }
            }
            let pinned_wires: alloc::collections::BTreeSet<usize> = pinned.iter().map(|p| p.wire).collect();
            match file.iter().find(|f| !pinned_wires.contains(&f.wire)) {
                Some(extra) => {
                    Err(FileError::Statement { what, wire: extra.wire, file: Some(extra.value.clone()), pinned: None })
                }
                None => Ok(()),
            }
        }
        if let Some(pinned) = inputs {
            same("input", &self.inputs, pinned)?;
        }
        if let Some(pinned) = outputs {
            same("output", &self.outputs, pinned)?;
        }
        Ok(())
    }

    /// Verify against `circuit` on the file's group (the generators from
    /// `store`).
    pub fn verify(&self, store: &GeneratorStore, circuit: &Circuit) -> Result<(), FileError> {
        match verify_circuit_files(store, circuit, &[Ok(self.clone())], &mut rand_core::OsRng).pop() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// The padded multiplication gates `proofs` proofs of a circuit of
/// `padded_multipliers` (its translation's multipliers padded to a power of
/// two) make [`verify_circuit_files`] hold (about 48 bytes each), refused
/// above [`MAX_CIRCUIT_BATCH_GATES`] ([`FileError::BatchTooLarge`]).
/// [`verify_circuit_files`] counts, per group, only the proofs that claim
/// the translation's own size: a proof claiming another size is refused
/// unread (its own error, [`FileError::Multipliers`]) and holds nothing, so
/// junk claims cannot push honest proofs out of a batch.
pub fn check_circuit_batch(padded_multipliers: usize, proofs: usize) -> Result<usize, FileError> {
    let padded_gates = padded_multipliers.saturating_mul(proofs);
    if padded_gates > MAX_CIRCUIT_BATCH_GATES {
        return Err(FileError::BatchTooLarge { padded_gates, max: MAX_CIRCUIT_BATCH_GATES });
    }
    Ok(padded_gates)
}

/// Verify proofs of one circuit: one batch per group, the circuit
/// translated once per group ([`PreparedCircuit`]). `(index, reason)` for
/// every invalid one, in order of index. Per group, the proofs that claim
/// the translation's size are bounded by [`check_circuit_batch`]: above
/// [`MAX_CIRCUIT_BATCH_GATES`] padded gates every proof of that group gets
/// [`FileError::BatchTooLarge`], before any of them is decoded.
pub fn verify_circuit_files<R: RngCore + CryptoRng>(
    store: &GeneratorStore,
    circuit: &Circuit,
    files: &[Result<CircuitProofFile, FileError>],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    for group in GroupId::ALL {
        let mine: Vec<(usize, &CircuitProofFile)> = files
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.as_ref().ok().filter(|f| f.group_id().ok() == Some(group)).map(|f| (i, f)))
            .collect();
        if !mine.is_empty() {
            bad.extend(crate::with_group!(group, G => match PreparedCircuit::<G>::new(circuit.clone()) {
                Ok(prepared) => {
                    let multipliers = prepared.metrics().multipliers;
                    let sized = mine.iter().filter(|(_, f)| f.multipliers == multipliers).count();
                    match check_circuit_batch(prepared.padded_multipliers(), sized) {
                        Ok(_) => verify_prepared_files::<G, R>(store, &prepared, &mine, rng),
                        Err(e) => mine.iter().map(|(i, _)| (*i, e.clone())).collect(),
                    }
                }
                Err(e) => mine.iter().map(|(i, _)| (*i, FileError::Circuit(e.clone()))).collect(),
            }));
        }
    }
    for (index, file) in files.iter().enumerate() {
        match file {
            Err(e) => bad.push((index, e.clone())),
            Ok(f) => {
                if let Err(e) = f.group_id() {
                    bad.push((index, e));
                }
            }
        }
    }
    bad.sort_by_key(|(i, _)| *i);
    bad
}

/// Verify proofs of one prepared circuit on its group as one batch:
/// `(index, reason)` for every invalid one (indices as given).
pub fn verify_prepared_files<G: Group, R: RngCore + CryptoRng>(
    store: &GeneratorStore,
    circuit: &PreparedCircuit<G>,
    files: &[(usize, &CircuitProofFile)],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut claims = Vec::new();
    for (index, file) in files {
        let decoded = file.check_header().and_then(|()| {
            if file.group != G::NAME {
                return Err(FileError::UnknownGroup(file.group.clone()));
            }
            Ok((file.public_values::<G>()?, file.decode_proof::<G>(circuit)?))
        });
        match decoded {
            Ok((public, proof)) => match circuit.claim(new_transcript(file.label.as_bytes()), &public, &proof, rng) {
                Ok(claim) => claims.push((*index, claim)),
                Err(e) => bad.push((*index, FileError::Proof(e))),
            },
            Err(e) => bad.push((*index, e)),
        }
    }
    let refs: Vec<&dyn Claim<G>> = claims.iter().map(|(_, c)| c as &dyn Claim<G>).collect();
    // Every proof is decoded and replayed (its points checked) before the
    // generators — as costly as a verification for a large circuit — are
    // loaded or derived.
    let indices: Vec<usize> = claims.iter().map(|(i, _)| *i).collect();
    let generators = |chains, per_chain| store.generators::<G>(per_chain, chains);
    bad.extend(super::verify_claims_with(&indices, &refs, generators, rng));
    bad
}
