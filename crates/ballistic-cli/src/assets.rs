//! `assets prove` / `assets verify`: multi-asset range proofs (Confidential
//! Assets). The proof file format (`ballistic::file::MultiAssetProofFile`),
//! its checks, proving and verification are the library's; this module
//! reads the secrets and pins, writes the files and prints the statement
//! verified.

use std::path::{Path, PathBuf};

use ballistic::file::{
    self, FileError, GeneratorCache, GeneratorPins, MultiAssetPins, MultiAssetProofFile, DEFAULT_ASSETS_LABEL,
    MAX_ASSETS_FILE, MAX_ASSET_ID, MAX_SECRETS_FILE,
};
use ballistic::group::GroupId;
use ballistic::hazmat::{from_hex, to_hex};
use ballistic::range::MultiAssetSystem;
use ballistic::RangeSystem;
use clap::builder::RangedU64ValueParser;
use clap::{Subcommand, ValueEnum};
use zeroize::Zeroizing;

use crate::files::{read_capped, verify_files, write_secret, write_text};
use crate::GroupArg;

/// `assets --system`: the command line's names for the multi-asset constructions.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AssetSystemArg {
    /// Native multi-asset Bulletproofs (smallest: 96 bytes per extra output).
    #[default]
    Native,
    /// Re-commitment, then one Bulletproofs range proof.
    RecommittedBulletproofs,
    /// Re-commitment, then one Bulletproofs+ range proof.
    #[value(name = "recommitted-bpplus", alias = "recommitted-bulletproofs-plus")]
    RecommittedBulletproofsPlus,
    /// Re-commitment, then one Bulletproofs++ range proof.
    #[value(name = "recommitted-bppp", alias = "recommitted-bulletproofs-plus-plus")]
    RecommittedBulletproofsPlusPlus,
}

impl From<AssetSystemArg> for MultiAssetSystem {
    fn from(system: AssetSystemArg) -> MultiAssetSystem {
        match system {
            AssetSystemArg::Native => MultiAssetSystem::Native,
            AssetSystemArg::RecommittedBulletproofs => MultiAssetSystem::Recommitted(RangeSystem::Bulletproofs),
            AssetSystemArg::RecommittedBulletproofsPlus => MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlus),
            AssetSystemArg::RecommittedBulletproofsPlusPlus => {
                MultiAssetSystem::Recommitted(RangeSystem::BulletproofsPlusPlus)
            }
        }
    }
}

#[derive(Subcommand)]
pub enum AssetsCommand {
    /// Prove that each output's value lies in [0, 2^bits), each committed on its asset's value
    /// generator (blinded or not); write a JSON proof file.
    Prove {
        /// The outputs, one line each: VALUE ASSET_ID [ASSET_BLINDING [BLINDING]] (asset id in
        /// lowercase hex; blinding factors 64 hex digits, random if absent; ASSET_BLINDING `-`:
        /// an unblinded tag, which reveals the asset). `-`: standard input. Secrets: never on the
        /// command line.
        #[arg(long)]
        outputs_file: PathBuf,
        /// Bits per value, 1..=64.
        #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
        bits: usize,
        /// The construction.
        #[arg(long, value_enum, default_value_t)]
        system: AssetSystemArg,
        /// Group.
        #[arg(long, value_enum, default_value = "ristretto255")]
        group: GroupArg,
        /// Transcript label (the application's domain separator).
        #[arg(long, default_value = DEFAULT_ASSETS_LABEL)]
        label: String,
        /// Where to write the proof file.
        #[arg(long)]
        out: PathBuf,
        /// Also write the openings (values, blindings, asset ids and their blinding factors) to
        /// this file (created with mode 0600). Keep it secret.
        #[arg(long)]
        openings: Option<PathBuf>,
    },
    /// Verify multi-asset proof files as one batch; prints the statement (group, label, each file's
    /// bits and value generators) and "valid", or names each invalid file. The group, label and
    /// (with --bits) bits are the verifier's, and so are the value generators with --asset /
    /// --value-generators: a file claiming others is refused, unverified. The files' own value
    /// generators are used only with --trust-file-generators: a prover who knows one's discrete
    /// logarithm (say 2·B̃) can open its commitment to any value.
    Verify {
        /// The proof files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The group; files of another group are refused.
        #[arg(long, value_enum, default_value = "ristretto255")]
        group: GroupArg,
        /// The transcript label; files made under another label are refused.
        #[arg(long, default_value = DEFAULT_ASSETS_LABEL)]
        label: String,
        /// Bits per value; files of other bits are refused.
        #[arg(long, value_parser = RangedU64ValueParser::<usize>::new().range(1..=64))]
        bits: Option<usize>,
        /// Accept outputs on this asset's unblinded tag (asset id, lowercase hex); repeat for more.
        #[arg(long = "asset")]
        assets: Vec<String>,
        /// Accept outputs on these value generators (hex, one per line: blinded tags checked
        /// elsewhere); with --asset, either is accepted.
        #[arg(long)]
        value_generators: Option<PathBuf>,
        /// Use the files' own value generators (printed) instead of pinning them: sound only if
        /// nobody can know a discrete logarithm of any of them.
        #[arg(long, conflicts_with_all = ["assets", "value_generators"])]
        trust_file_generators: bool,
    },
}

/// Run an `assets` command.
pub fn run(command: AssetsCommand) -> Result<(), String> {
    match command {
        AssetsCommand::Prove { outputs_file, bits, system, group, label, out, openings } => prove(&ProveArgs {
            system: system.into(),
            group: group.into(),
            bits,
            outputs_file: &outputs_file,
            label: &label,
            out: &out,
            openings: openings.as_deref(),
        }),
        AssetsCommand::Verify { files, group, label, bits, assets: ids, value_generators, trust_file_generators } => {
            verify(
                &files,
                &Pinned {
                    group: group.into(),
                    label: &label,
                    bits,
                    assets: &ids,
                    generators_file: value_generators.as_deref(),
                    trust_file_generators,
                },
            )
        }
    }
}

/// `assets prove`: what the command line gave.
pub struct ProveArgs<'a> {
    /// `--system`.
    pub system: MultiAssetSystem,
    /// `--group`.
    pub group: GroupId,
    /// `--bits`.
    pub bits: usize,
    /// `--outputs-file` (`-`: standard input).
    pub outputs_file: &'a Path,
    /// `--label`.
    pub label: &'a str,
    /// `--out`.
    pub out: &'a Path,
    /// `--openings`.
    pub openings: Option<&'a Path>,
}

/// `assets prove`: read the outputs (values, asset ids, blinding factors)
/// from their file, prove, write the proof file and, if asked, the secret
/// openings (mode 0600, written first).
pub fn prove(a: &ProveArgs<'_>) -> Result<(), String> {
    file::check_label(a.label).map_err(|e| e.to_string())?;
    let text = Zeroizing::new(read_capped(a.outputs_file, MAX_SECRETS_FILE)?);
    let named = |e: FileError| format!("{}: {e}", a.outputs_file.display());
    let (proof_file, openings) = ballistic::with_group!(a.group, G => {
        let outputs = file::parse_asset_lines::<G, _>(&text, &mut rand_core::OsRng).map_err(named)?;
        if outputs.is_empty() {
            return Err(format!("{}: no outputs (one line per output: VALUE ASSET_ID [ASSET_BLINDING [BLINDING]])",
                a.outputs_file.display()));
        }
        MultiAssetProofFile::prove::<G, _>(&GeneratorCache::new(), a.system, a.bits, &outputs, a.label, &mut rand_core::OsRng)
    })
    .map_err(|e| e.to_string())?;
    if let Some(path) = a.openings {
        write_secret(path, &openings.to_json())?;
    }
    write_text(a.out, &proof_file.to_json())?;
    println!(
        "proof: {} outputs of {} bits, {} bytes; written to {}",
        proof_file.commitments.len(),
        a.bits,
        proof_file.proof.len() / 2,
        a.out.display()
    );
    Ok(())
}

/// What `assets verify` pins: the group, the label, the bits, and the value
/// generators it accepts (`--asset`, `--value-generators`).
pub struct Pinned<'a> {
    /// `--group`.
    pub group: GroupId,
    /// `--label`.
    pub label: &'a str,
    /// `--bits`.
    pub bits: Option<usize>,
    /// `--asset`s (hex asset ids: their unblinded tags are accepted).
    pub assets: &'a [String],
    /// `--value-generators` (a file of generators, hex, one per line).
    pub generators_file: Option<&'a Path>,
    /// `--trust-file-generators`: the files' own.
    pub trust_file_generators: bool,
}

/// A value generator the verifier accepts (its canonical encoding), with
/// what it is called (`asset <id>`, or its line in the generators file).
type Accepted = (Vec<u8>, String);

/// The value generators the verifier accepts; `None` if none pinned.
fn accepted(p: &Pinned<'_>) -> Result<Option<Vec<Accepted>>, String> {
    if p.assets.is_empty() && p.generators_file.is_none() {
        return Ok(None);
    }
    let mut out = Vec::new();
    for id in p.assets {
        let bytes = from_hex(id)
            .filter(|b| (1..=MAX_ASSET_ID).contains(&b.len()))
            .ok_or_else(|| format!("--asset {id}: must be 1 to {MAX_ASSET_ID} bytes of lowercase hex"))?;
        out.push((file::asset_generator_bytes(p.group, &bytes), format!("asset {id}")));
    }
    if let Some(path) = p.generators_file {
        let text = read_capped(path, MAX_SECRETS_FILE)?;
        let text = std::str::from_utf8(&text).map_err(|_| format!("{}: not UTF-8", path.display()))?;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let bytes = file::parse_value_generator(p.group, i, line.trim())
                .map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))?;
            out.push((bytes, format!("{} line {}", path.display(), i + 1)));
        }
    }
    Ok(Some(out))
}

/// `assets verify`: every file against the verifier's statement, as one
/// batch. Prints the statement (group, label, each file's bits and value
/// generators, named when pinned) and "valid", or names each invalid file
/// with its reason. With no generator pinned, the generators are the
/// files' own: printed, with a warning.
pub fn verify(paths: &[PathBuf], p: &Pinned<'_>) -> Result<(), String> {
    file::check_label(p.label).map_err(|e| e.to_string())?;
    let accepted = accepted(p)?;
    let allowed: Option<Vec<Vec<u8>>> = accepted.as_ref().map(|a| a.iter().map(|(g, _)| g.clone()).collect());
    let value_generators = match (&allowed, p.trust_file_generators) {
        (Some(list), _) => GeneratorPins::AnyOf(list),
        (None, true) => GeneratorPins::TrustFile,
        (None, false) => {
            return Err("no value generators pinned: give --asset ID or --value-generators FILE (the proof binds \
                        values only on generators nobody knows a discrete logarithm of), or --trust-file-generators"
                .into())
        }
    };
    let pins = MultiAssetPins { group: p.group, label: p.label, bits: p.bits, value_generators };
    let mut shown = Vec::new();
    let valid = match paths {
        // One file: its reason is the error.
        [path] => {
            let f = MultiAssetProofFile::from_json(&read_capped(path, MAX_ASSETS_FILE)?).map_err(|e| e.to_string())?;
            f.verify(&pins).map_err(|e| e.to_string())?;
            shown.push(Some(f));
            1
        }
        _ => verify_files(paths, MAX_ASSETS_FILE, MultiAssetProofFile::from_json, |parsed| {
            shown = parsed.iter().map(|f| f.as_ref().ok().cloned()).collect();
            file::verify_multi_asset_files(parsed, &pins, &mut rand_core::OsRng)
        })?,
    };
    crate::term::say(&format!("group: {}, label: {}", p.group.name(), p.label));
    for (path, f) in paths.iter().zip(&shown) {
        let Some(f) = f else { continue };
        let generators: Vec<String> = f
            .value_generators()
            .iter()
            .enumerate()
            .map(|(j, h)| {
                let name = accepted
                    .as_ref()
                    .and_then(|a| a.iter().find(|(g, _)| to_hex(g) == *h).map(|(_, name)| format!(" ({name})")));
                format!("output {j} on {h}{}", name.unwrap_or_default())
            })
            .collect();
        crate::term::say(&format!(
            "{}: {} outputs of {} bits ({}): {}; commitments {}",
            path.display(),
            f.commitments.len(),
            f.bits,
            f.system,
            generators.join(", "),
            f.commitments.join(", ")
        ));
    }
    let trusted = if accepted.is_none() {
        crate::term::warn(
            "the value generators are the proof files' own (printed above), not pinned: the proofs bind values \
             only if nobody knows a generator's discrete logarithm; pin them with --asset or --value-generators",
        );
        " (value generators not pinned: the files' own)"
    } else {
        ""
    };
    match valid {
        1 => println!("valid{trusted}"),
        n => println!("valid: {n} proofs{trusted}"),
    }
    Ok(())
}
