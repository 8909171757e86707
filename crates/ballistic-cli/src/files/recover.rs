//! `range recover` and `range rewind`: an owner's values and messages from proofs
//! that verify.

use std::path::Path;

use ballistic::file::{self, RangeProofFile};

use super::{read, read_secret_text, recovery_seed, write_secret};

/// `range recover` and `range rewind` open only proofs that verify: an
/// opening recovered from a proof that does not verify proves nothing
/// about the commitments (and a forged one could be made to "recover"
/// chosen values), so it is refused, before anything is printed or written.
fn verify_before_opening(path: &Path, proof_file: &RangeProofFile) -> Result<(), String> {
    proof_file.verify().map_err(|e| format!("{}: the proof does not verify ({e}); nothing recovered", path.display()))
}

/// `range recover`: the values and message of a recoverable proof, for the
/// holder of its seed and output id; the openings to `openings` (0600).
pub fn recover(path: &Path, key_path: &Path, output_id: &str, openings: Option<&Path>) -> Result<(), String> {
    let proof_file = read(path)?;
    let seed = recovery_seed(key_path)?;
    verify_before_opening(path, &proof_file)?;
    let opened =
        proof_file.recover(ballistic::RecoveryKey::new(&seed, output_id.as_bytes())).map_err(|e| e.to_string())?;
    if let Some(out) = openings {
        write_secret(out, &opened.to_json())?;
    }
    for value in &opened.values {
        println!("value: {value}");
    }
    println!("message: {}", opened.message.as_deref().unwrap_or_default());
    Ok(())
}

/// `range rewind`: recover a Grin proof's value, message and (if the
/// prover's private nonce was the rewind nonce) blinding.
pub fn rewind(path: &Path, nonce_file: &Path, openings: Option<&Path>) -> Result<(), String> {
    let proof_file = read(path)?;
    let nonce = file::secret_hex(0, read_secret_text(nonce_file)?.as_bytes())
        .map_err(|_| format!("{}: the rewind nonce must be 64 lowercase hex digits", nonce_file.display()))?;
    verify_before_opening(path, &proof_file)?;
    let rewound = proof_file.rewind_grin(&nonce).map_err(|e| e.to_string())?;
    if let Some(out) = openings {
        let Some(blinding) = &rewound.blinding else {
            return Err("the proof does not give its blinding (its private nonce was not the rewind nonce)".into());
        };
        let opened = file::Openings {
            profile: proof_file.profile.clone(),
            group: proof_file.group.clone(),
            bits: proof_file.bits,
            min: None,
            max: None,
            values: vec![rewound.value],
            blindings: vec![ballistic::hazmat::to_hex(&ballistic::compat::grin::scalar_to_bytes(blinding))],
            commitments: proof_file.commitments.clone(),
            message: Some(ballistic::hazmat::to_hex(&rewound.message)),
        };
        write_secret(out, &opened.to_json())?;
    }
    println!("value: {}", rewound.value);
    println!("message: {}", ballistic::hazmat::to_hex(&rewound.message));
    println!("blinding: {}", if rewound.blinding.is_some() { "recovered" } else { "not in the proof" });
    Ok(())
}
