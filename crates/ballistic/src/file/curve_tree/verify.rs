//! Verification of ownership proof files: against the verifier's
//! statement, with the tree shape's parameters built for the call
//! ([`verify_ownership_files`]), kept by a verifier ([`OwnershipVerifier`])
//! or by a cache of the recent shapes' verifiers
//! ([`OwnershipVerifierCache`]); one procedure ([`verify_files`]) for all
//! three.

use alloc::collections::BTreeMap;

use rand_core::{CryptoRng, RngCore};

use super::{check_branching, check_scope, decode_root, key_tree_params, Leaf, OwnershipProofFile, OwnershipStatement};
use crate::curve_tree::{verify_batch, CurveTreeClaim, TreeParams};
use crate::file::{FileError, GeneratorStore};

/// The most memory the claims of one batch of [`verify_ownership_files`]
/// hold (each about 64 bytes per padded gate of its two circuits: from
/// 128 KiB for the smallest shapes to 4 MiB for the widest the verifier may
/// give), so that batches are 64 to 2,048 proofs.
const OWNERSHIP_BATCH_BYTES: usize = 256 << 20;

/// A verifier of ownership proof files prepared for one tree shape: the
/// parameters of a branching (its generators and the circuits' prepared
/// sides, built on first use and kept), so that a long-lived verifier (a
/// service checking tokens as they come) pays for them once, not on every
/// call as [`verify_ownership_files`] does. One verifier serves every root,
/// context and message of its shape.
#[derive(Debug)]
pub struct OwnershipVerifier {
    branching: Vec<usize>,
    params: TreeParams<Leaf>,
}

impl OwnershipVerifier {
    /// The verifier of trees with `branching` (from the leaves up), with
    /// the generators from `store`.
    pub fn new(store: &GeneratorStore, branching: &[usize]) -> Result<Self, FileError> {
        Ok(OwnershipVerifier { branching: branching.to_vec(), params: key_tree_params(store, branching)? })
    }

    /// Both circuits' gates (what the parameters' size grows with).
    fn gates(&self) -> usize {
        TreeParams::<Leaf>::generators_needed(&self.branching).map_or(0, |(leaf, other)| leaf + other)
    }

    /// The branching this verifier was prepared for.
    pub fn branching(&self) -> &[usize] {
        &self.branching
    }

    /// Verify ownership proof files against the verifier's `statement`, as
    /// [`verify_ownership_files`] does. If the statement is of another
    /// branching than this verifier's, the files that would have been
    /// verified are refused with [`FileError::BranchingMismatch`] (the
    /// verifier's branching as `expected`, the statement's as `got`: the
    /// application's mistake, not the files'); a malformed statement and
    /// the files' own faults are reported as [`verify_ownership_files`]
    /// reports them.
    pub fn verify<R: RngCore + CryptoRng>(
        &self,
        files: &[Result<OwnershipProofFile, FileError>],
        statement: &OwnershipStatement,
        rng: &mut R,
    ) -> Vec<Result<String, FileError>> {
        verify_files(Params::Prepared(self), files, statement, rng)
    }
}

/// Ownership verifiers for a long-lived process (the bindings, a service
/// checking tokens): one [`OwnershipVerifier`] per branching, made on first
/// use and kept, the most recently used ones, at most
/// [`MAX_SHAPES`](Self::MAX_SHAPES) of them and
/// [`MAX_KEPT_GATES`](Self::MAX_KEPT_GATES) gates together (each holds its
/// shape's generators and prepared circuits, in proportion to its gates:
/// a few MiB for the default shapes). Verdicts are those of
/// [`verify_ownership_files`].
///
/// The branching is the application's (its trees' shape), never a
/// submitter's: each new shape costs its making, and a kept one stays in
/// memory until evicted or [`clear`](Self::clear)ed. As with any lock, a
/// process that forks while another thread is verifying may leave the
/// child's cache blocked: fork before verifying, or from one thread.
#[derive(Debug)]
pub struct OwnershipVerifierCache {
    store: GeneratorStore,
    /// Most recently used last.
    verifiers: std::sync::Mutex<Vec<std::sync::Arc<OwnershipVerifier>>>,
}

impl OwnershipVerifierCache {
    /// Most shapes kept.
    pub const MAX_SHAPES: usize = 4;
    /// Most gates (both circuits of each shape, summed over the shapes)
    /// kept: the largest shape allowed (eight levels of 4,096) has about
    /// 39,000. A shape above the bound alone is made for its call and not
    /// kept.
    pub const MAX_KEPT_GATES: usize = 1 << 16;

    /// An empty cache whose verifiers take their generators from `store`.
    pub fn new(store: GeneratorStore) -> Self {
        OwnershipVerifierCache { store, verifiers: std::sync::Mutex::new(Vec::new()) }
    }

    /// The verifier of `branching`: the kept one, or a new one (kept,
    /// evicting the least recently used beyond
    /// [`MAX_SHAPES`](Self::MAX_SHAPES) shapes or
    /// [`MAX_KEPT_GATES`](Self::MAX_KEPT_GATES) gates; not kept if its own
    /// gates are above that). Made outside the lock, so a slow first use
    /// of one shape does not hold up the others.
    pub fn get(&self, branching: &[usize]) -> Result<std::sync::Arc<OwnershipVerifier>, FileError> {
        let found = |list: &mut Vec<std::sync::Arc<OwnershipVerifier>>| {
            let at = list.iter().position(|v| v.branching == branching)?;
            let v = list.remove(at);
            list.push(v.clone());
            Some(v)
        };
        // A poisoned lock (a panic elsewhere while it was held) holds a
        // list that is still whole: every change to it is one push or remove.
        if let Some(v) = found(&mut self.verifiers.lock().unwrap_or_else(|e| e.into_inner())) {
            return Ok(v);
        }
        let made = std::sync::Arc::new(OwnershipVerifier::new(&self.store, branching)?);
        if made.gates() > Self::MAX_KEPT_GATES {
            return Ok(made);
        }
        let mut evicted = Vec::new();
        {
            let mut list = self.verifiers.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(v) = found(&mut list) {
                return Ok(v);
            }
            list.push(made.clone());
            while list.len() > Self::MAX_SHAPES || list.iter().map(|v| v.gates()).sum::<usize>() > Self::MAX_KEPT_GATES
            {
                evicted.push(list.remove(0));
            }
        }
        // Freed after the lock is released.
        drop(evicted);
        Ok(made)
    }

    /// Forget every kept verifier (those in use stay valid until their
    /// calls end).
    pub fn clear(&self) {
        let kept = core::mem::take(&mut *self.verifiers.lock().unwrap_or_else(|e| e.into_inner()));
        drop(kept);
    }

    /// Verify ownership proof files as [`verify_ownership_files`] does,
    /// with the kept verifier of the statement's branching (made if none
    /// is, and only if some file needs it).
    pub fn verify<R: RngCore + CryptoRng>(
        &self,
        files: &[Result<OwnershipProofFile, FileError>],
        statement: &OwnershipStatement,
        rng: &mut R,
    ) -> Vec<Result<String, FileError>> {
        verify_files(Params::Cache(self), files, statement, rng)
    }
}

/// Where [`verify_files`] takes its parameters from.
enum Params<'a> {
    /// Built for this call from a store, only if some file needs them.
    Store(&'a GeneratorStore),
    /// A verifier's (for the statement's branching, else refusing).
    Prepared(&'a OwnershipVerifier),
    /// A cache's verifier for the statement's branching, only if some file
    /// needs it.
    Cache(&'a OwnershipVerifierCache),
}

/// Verify ownership proof files against the verifier's `statement`, with
/// the generators from `store`: for each file, in order, its key image
/// (hex) if it is valid, else why not. Files claiming another root,
/// branching, context or message are refused before any decoding; the
/// others are verified in batches ([`verify_batch`]) that name the invalid
/// ones; a valid file whose image an earlier valid file of the call
/// carries is refused ([`FileError::KeyImageReused`]). Every file is
/// refused if the statement itself is malformed.
///
/// The tree's parameters are built on each call (when some file needs
/// them); a verifier called repeatedly keeps them in an
/// [`OwnershipVerifier`].
pub fn verify_ownership_files<R: RngCore + CryptoRng>(
    store: &GeneratorStore,
    files: &[Result<OwnershipProofFile, FileError>],
    statement: &OwnershipStatement,
    rng: &mut R,
) -> Vec<Result<String, FileError>> {
    verify_files(Params::Store(store), files, statement, rng)
}

fn verify_files<R: RngCore + CryptoRng>(
    source: Params<'_>,
    files: &[Result<OwnershipProofFile, FileError>],
    statement: &OwnershipStatement,
    rng: &mut R,
) -> Vec<Result<String, FileError>> {
    let everyone = |e: FileError| files.iter().map(|_| Err(e.clone())).collect();
    if let Err(e) =
        check_branching(&statement.branching).and_then(|()| check_scope(&statement.context, &statement.message))
    {
        return everyone(e);
    }
    let root = match decode_root(&statement.root, statement.branching.len()) {
        Ok(root) => root,
        Err(e) => return everyone(e),
    };
    let mut out: Vec<Result<String, FileError>> = files
        .iter()
        .map(|f| match f {
            Err(e) => Err(e.clone()),
            Ok(f) => f.check_statement(statement).map(|()| f.key_image.clone()),
        })
        .collect();
    let pending: Vec<usize> = (0..files.len()).filter(|&i| matches!(out.get(i), Some(Ok(_)))).collect();
    if !pending.is_empty() {
        let (built, kept);
        let params = match source {
            Params::Prepared(v) if v.branching == statement.branching => &v.params,
            Params::Prepared(v) => {
                let e =
                    FileError::BranchingMismatch { expected: v.branching.clone(), got: statement.branching.clone() };
                for &i in &pending {
                    if let Some(slot) = out.get_mut(i) {
                        *slot = Err(e.clone());
                    }
                }
                return out;
            }
            Params::Store(store) => match key_tree_params(store, &statement.branching) {
                Ok(p) => {
                    built = p;
                    &built
                }
                Err(e) => return everyone(e),
            },
            Params::Cache(cache) => match cache.get(&statement.branching) {
                Ok(v) => {
                    kept = v;
                    &kept.params
                }
                Err(e) => return everyone(e),
            },
        };
        let (leaf, other) = TreeParams::<Leaf>::generators_needed(&statement.branching).unwrap_or((1, 1));
        let per_batch = (OWNERSHIP_BATCH_BYTES / (64 * (leaf + other))).max(1);
        for chunk in pending.chunks(per_batch) {
            let mut claims = Vec::with_capacity(chunk.len());
            for &i in chunk {
                let Some(Ok(file)) = files.get(i) else { continue };
                match file.claim(params, &root, rng) {
                    Ok(c) => claims.push((i, c)),
                    Err(e) => {
                        if let Some(slot) = out.get_mut(i) {
                            *slot = Err(e);
                        }
                    }
                }
            }
            let refs: Vec<&CurveTreeClaim<'_, Leaf>> = claims.iter().map(|(_, c)| c).collect();
            if let Err(e) = verify_batch(&refs, rng) {
                for (k, reason) in e.invalid {
                    if let Some(slot) = claims.get(k).and_then(|(i, _)| out.get_mut(*i)) {
                        *slot = Err(FileError::Proof(reason));
                    }
                }
            }
        }
    }
    let mut first_of: BTreeMap<String, usize> = BTreeMap::new();
    for (i, slot) in out.iter_mut().enumerate() {
        if let Ok(image) = slot {
            if let Some(&first) = first_of.get(image.as_str()) {
                *slot = Err(FileError::KeyImageReused { first });
            } else {
                first_of.insert(image.clone(), i);
            }
        }
    }
    out
}
