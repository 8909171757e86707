//! Batch verification of many range proof files: one batch per group, and
//! one per deployed format's generators.

use rand_core::{CryptoRng, RngCore};

use super::{RangePins, RangeProofFile};
use crate::batch::Claim;
use crate::compat::monero::MoneroConsensus;
use crate::file::FileError;
use crate::group::{Group, GroupId};

/// Verify range proof files (any systems, shapes and groups, and the
/// deployed formats): one batch per group, and one per deployed format's
/// generators. Returns `(index, reason)` for every invalid one, in order of
/// index; entries that are already errors (a file that did not parse) are
/// reported as they are. Monero files strictly: see
/// [`verify_range_files_with`].
pub fn verify_range_files<R: RngCore + CryptoRng>(
    files: &[Result<RangeProofFile, FileError>],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    verify_range_files_with(files, MoneroConsensus::Strict, rng)
}

/// [`verify_range_files`], Monero files decoded as `consensus` says (see
/// [`RangeProofFile::verify_with`]).
pub fn verify_range_files_with<R: RngCore + CryptoRng>(
    files: &[Result<RangeProofFile, FileError>],
    consensus: MoneroConsensus,
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    verify_range_files_pinned(files, &RangePins::default(), consensus, rng)
}

/// [`verify_range_files_with`] against the verifier's `pins`: every file
/// is first checked against them ([`RangeProofFile::check_pins`]); a file
/// that claims another statement is named with the reason, unverified
/// (nothing of it decoded), and the others verify as usual.
pub fn verify_range_files_pinned<R: RngCore + CryptoRng>(
    files: &[Result<RangeProofFile, FileError>],
    pins: &RangePins<'_>,
    consensus: MoneroConsensus,
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    let mut bad = Vec::new();
    let mut by_group: Vec<(GroupId, Vec<(usize, &RangeProofFile)>)> =
        GroupId::ALL.into_iter().map(|g| (g, Vec::new())).collect();
    let mut deployed = Vec::new();
    for (index, file) in files.iter().enumerate() {
        let sorted = file.as_ref().map_err(Clone::clone).and_then(|f| {
            f.check_pins(pins)?;
            Ok((f.profile_id()?, f))
        });
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
    bad.extend(crate::file::profile::verify_profile_files(&deployed, consensus, rng));
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
    let items: Vec<Box<dyn Claim<G> + '_>> = decoded.iter().map(|(_, d)| d.claim()).collect();
    let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| &**i as &dyn Claim<G>).collect();
    let indices: Vec<usize> = decoded.iter().map(|(i, _)| *i).collect();
    bad.extend(crate::file::verify_claims(&indices, &claims, rng));
    bad
}
