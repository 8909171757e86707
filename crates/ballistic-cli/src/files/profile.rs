//! `range prove --profile grin|monero`: proof files in Grin's or Monero's format.

use std::path::Path;

use ballistic::file::{self, RangeProofFile};
use ballistic::group::GroupId;
use ballistic::RangeSystem;
use zeroize::Zeroizing;

use super::{read_capped, read_secret_text, values_of, write_secret, write_text, Secrets};

/// `range prove --profile grin|monero`: what the command line gave.
pub struct ProfileOptions<'a> {
    /// The deployed format.
    pub profile: ballistic::file::Profile,
    /// `--group`, if given (must be the profile's).
    pub group: Option<GroupId>,
    /// `--system`, if given.
    pub system: Option<RangeSystem>,
    /// `--bits`.
    pub bits: usize,
    /// Grin: `--min-value`.
    pub min_value: Option<u64>,
    /// Grin: `--extra` (hex).
    pub extra: Option<&'a str>,
    /// Grin: `--value-generator` (hex).
    pub value_generator: Option<&'a str>,
    /// Grin: `--rewind-nonce-file`.
    pub rewind_nonce_file: Option<&'a Path>,
    /// Grin: `--private-nonce-file`.
    pub private_nonce_file: Option<&'a Path>,
    /// Grin: `--message` (hex).
    pub message: Option<&'a str>,
    /// Whether `--label` was given (deployed formats have none).
    pub label_given: bool,
    /// Values and blindings.
    pub secrets: &'a Secrets<'a>,
    /// `--out`.
    pub out: &'a Path,
    /// `--openings`.
    pub openings: Option<&'a Path>,
}

/// The blindings of `--blindings-file` (constant-time parsing), or the
/// `--blinding`s, as 32 bytes each.
fn blinding_bytes(secrets: &Secrets<'_>) -> Result<Zeroizing<Vec<[u8; 32]>>, String> {
    match secrets.blindings_file {
        Some(path) => {
            let text = Zeroizing::new(read_capped(path, file::MAX_SECRETS_FILE)?);
            file::parse_secret_lines(&text).map_err(|e| format!("{}: {e}", path.display()))
        }
        None => {
            let mut out = Zeroizing::new(Vec::with_capacity(secrets.blindings.len()));
            for (index, hex) in secrets.blindings.iter().enumerate() {
                out.push(*file::secret_blinding(index, hex.as_bytes()).map_err(|e| e.to_string())?);
            }
            Ok(out)
        }
    }
}

/// A Grin nonce from `path`, or 32 random bytes.
fn grin_nonce(path: Option<&Path>, what: &str) -> Result<Zeroizing<[u8; 32]>, String> {
    match path {
        Some(path) => file::secret_hex(0, read_secret_text(path)?.as_bytes())
            .map_err(|_| format!("{}: the {what} must be 64 lowercase hex digits", path.display())),
        None => {
            let mut nonce = Zeroizing::new([0u8; 32]);
            rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut nonce[..]);
            Ok(nonce)
        }
    }
}

/// `range prove --profile …`: a proof file in Grin's or Monero's format.
pub fn prove_profile(o: &ProfileOptions<'_>) -> Result<(), String> {
    use ballistic::compat::grin;
    use ballistic::file::Profile;
    let s = o.secrets;
    if s.values_file == Some(Path::new("-"))
        && (s.blindings_file == Some(Path::new("-"))
            || o.rewind_nonce_file == Some(Path::new("-"))
            || o.private_nonce_file == Some(Path::new("-")))
    {
        return Err("only one secret can come from standard input".into());
    }
    if let Some(group) = o.group {
        if group.name() != o.profile.group_name() {
            return Err(format!(
                "--profile {} proves on {}, not {}",
                o.profile.name(),
                o.profile.group_name(),
                group.name()
            ));
        }
    }
    if o.label_given {
        return Err(format!("--profile {}: the format has no transcript label", o.profile.name()));
    }
    let values = Zeroizing::new(values_of(s)?);
    let blindings = blinding_bytes(s)?;
    let (proof_file, openings_file) = match o.profile {
        Profile::Grin => {
            if !matches!(o.system, None | Some(RangeSystem::Bulletproofs)) {
                return Err("--profile grin proves Bulletproofs only".into());
            }
            let openings = if blindings.is_empty() {
                values
                    .iter()
                    .map(|v| grin::GrinOpening {
                        value: *v,
                        blinding:
                            <ballistic::group::Scalar<ballistic::Secp256k1> as ballistic::group::ScalarOps>::random(
                                &mut rand_core::OsRng,
                            ),
                    })
                    .collect::<Vec<_>>()
            } else if blindings.len() == values.len() {
                values
                    .iter()
                    .zip(blindings.iter())
                    .enumerate()
                    .map(|(i, (v, b))| {
                        grin::scalar_from_bytes(b)
                            .map(|blinding| grin::GrinOpening { value: *v, blinding })
                            .ok_or_else(|| format!("blinding #{i}: not below the group order"))
                    })
                    .collect::<Result<Vec<_>, String>>()?
            } else {
                return Err(format!(
                    "{} values but {} blindings (give one per value, or none)",
                    values.len(),
                    blindings.len()
                ));
            };
            let nonces = grin::GrinNonces {
                rewind: *grin_nonce(o.rewind_nonce_file, "rewind nonce")?,
                private: *grin_nonce(o.private_nonce_file, "private nonce")?,
            };
            let message = match o.message {
                None => None,
                Some(hex) => {
                    let bytes = ballistic::hazmat::from_hex(hex).ok_or("--message: bad hex")?;
                    Some(<[u8; grin::MESSAGE_LEN]>::try_from(bytes.as_slice()).map_err(|_| {
                        format!("--message: must be {} bytes ({} hex digits)", grin::MESSAGE_LEN, 2 * grin::MESSAGE_LEN)
                    })?)
                }
            };
            let extra = o.extra.map(|h| ballistic::hazmat::from_hex(h).ok_or("--extra: bad hex")).transpose()?;
            let value_gen = match o.value_generator {
                None => None,
                Some(hex) => {
                    let bytes = ballistic::hazmat::from_hex(hex).ok_or("--value-generator: bad hex")?;
                    let bytes: [u8; 33] =
                        bytes.try_into().map_err(|_| "--value-generator: must be 33 bytes (66 hex digits)")?;
                    Some(grin::generator_from_bytes(&bytes).ok_or("--value-generator: not a generator encoding")?)
                }
            };
            let mins = o.min_value.map(|v| [v]);
            let options = grin::GrinProveOptions {
                n_bits: o.bits,
                value_gen,
                min_values: mins.as_ref().map(|m| &m[..]),
                extra_commit: extra.as_deref(),
                message,
            };
            RangeProofFile::prove_grin(&openings, &nonces, &options).map_err(|e| e.to_string())?
        }
        Profile::Monero => {
            if o.min_value.is_some()
                || o.extra.is_some()
                || o.value_generator.is_some()
                || o.rewind_nonce_file.is_some()
                || o.private_nonce_file.is_some()
                || o.message.is_some()
            {
                return Err(
                    "--profile monero: --min-value, --extra, --value-generator, nonces and --message are Grin's".into(),
                );
            }
            if o.bits != 64 {
                return Err("--profile monero proves 64-bit amounts (--bits 64)".into());
            }
            let masks = Zeroizing::new(
                blindings
                    .iter()
                    .enumerate()
                    .map(|(i, b)| {
                        <ballistic::group::Scalar<ballistic::Ed25519> as ballistic::group::ScalarOps>::from_canonical_bytes(b)
                            .ok_or_else(|| format!("blinding #{i}: not a canonical scalar (must be below the group order)"))
                    })
                    .collect::<Result<Vec<_>, String>>()?,
            );
            let system = o.system.unwrap_or(RangeSystem::BulletproofsPlus);
            RangeProofFile::prove_monero(system, &values, &masks, &mut rand_core::OsRng).map_err(|e| e.to_string())?
        }
    };
    if let Some(path) = o.openings {
        write_secret(path, &openings_file.to_json())?;
    }
    write_text(o.out, &proof_file.to_json())
}
