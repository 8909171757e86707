//! Merkle files: a tree of public leaves, and a zero-knowledge membership
//! proof of a committed leaf ([`crate::merkle`]).
//!
//! A **tree file** holds what is needed to rebuild the tree, and its root
//! (checked on loading, so a damaged file is an error, not a wrong proof):
//!
//! ```json
//! { "group": "ristretto255", "depth": 32, "root": "<hex>", "leaves": ["<hex>", …] }
//! ```
//!
//! A **membership proof file**:
//!
//! ```json
//! { "system": "merkle-membership", "group": "ristretto255", "label": "…",
//!   "depth": 32, "root": "<hex>", "commitment": "<hex>", "proof": "<hex>" }
//! ```
//!
//! Leaves and roots are field elements as 64 lowercase hex digits (the
//! 32-byte little-endian encoding, canonical); the commitment is a point of
//! the group, the proof the R1CS proof's bytes. The prover's secrets (the
//! leaf's position, the leaf value and the commitment's blinding) go to a
//! separate [`MembershipOpenings`] file.
//!
//! **The statement is the verifier's.** A proof file's `group`, `depth`
//! and `root` say what it claims; verification takes all three from the
//! verifier (its tree file, or a root given with its depth and group) and
//! refuses a file that claims another group, depth
//! ([`FileError::DepthMismatch`]) or root before decoding its proof,
//! building a circuit or deriving generators. A batch is of one group and
//! one depth: one circuit, one derivation of generators, one
//! multi-scalar multiplication, whatever the files claim.
//!
//! Roots are those of [`crate::merkle`] version 2 (per-level node hashes):
//! tree files written by version 1 fail to load (their leaves no longer
//! give their root) and must be rebuilt from their leaves.

use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};
use zeroize::{Zeroize, ZeroizeOnDrop};

use super::{check_label, group_of, json_text, parse_json, FileError, GeneratorCache, GeneratorStore, MAX_RANGE_FILE};
use crate::batch::Claim;
use crate::embedded::WithEmbeddedCurve;
use crate::encoding::{decode_point, from_hex, to_hex};
use crate::group::{Group, GroupId, ScalarOps};
use crate::merkle::{self, MembershipProof, MerkleParams, MerkleTree, PreparedMembership, MAX_DEPTH};
use crate::transcript::new_transcript;

/// The `system` of membership proof files.
pub const MEMBERSHIP_SYSTEM: &str = "merkle-membership";
/// The label membership proofs get when the caller names none.
pub const DEFAULT_MERKLE_LABEL: &str = "ballistic merkle membership";
/// Largest tree file (and leaves file) accepted: 256 MiB.
pub const MAX_TREE_FILE: usize = 256 << 20;
/// Most leaves a tree file or leaves file may hold (2^21: a tree file of
/// that many leaves is about 150 MiB of JSON, so every tree built here can
/// be read back).
pub const MAX_TREE_LEAVES: usize = 1 << 21;

/// A tree file, as JSON has it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MerkleTreeFile {
    /// The group's name (the leaves are elements of its scalar field).
    pub group: String,
    /// The tree's depth.
    pub depth: usize,
    /// The root, hex.
    pub root: String,
    /// The leaves, hex, from position 0 (the rest of the `2^depth`
    /// positions are empty: leaf 0).
    #[serde(deserialize_with = "bounded_strings")]
    pub leaves: Vec<String>,
}

/// The leaves of a tree file, refused while parsing once there are more
/// than [`MAX_TREE_LEAVES`]: a file of [`MAX_TREE_FILE`] bytes of empty
/// strings would otherwise hold about 89 million `String`s (3 GB) before
/// they are counted. Past the limit the rest are counted without being
/// kept, so the error names the count.
pub(super) fn bounded_strings<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Leaves;
    impl<'de> serde::de::Visitor<'de> for Leaves {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "a list of at most {MAX_TREE_LEAVES} leaves")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            let mut leaves = Vec::new();
            while let Some(leaf) = seq.next_element::<String>()? {
                if leaves.len() == MAX_TREE_LEAVES {
                    let mut count = leaves.len() + 1;
                    while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                        count += 1;
                    }
                    return Err(serde::de::Error::custom(FileError::TooManyLeaves { count, max: MAX_TREE_LEAVES }));
                }
                leaves.push(leaf);
            }
            Ok(leaves)
        }
    }
    d.deserialize_seq(Leaves)
}

/// A membership proof file, as JSON has it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MembershipProofFile {
    /// Always [`MEMBERSHIP_SYSTEM`].
    pub system: String,
    /// The group's name.
    pub group: String,
    /// The transcript label.
    pub label: String,
    /// The tree's depth.
    pub depth: usize,
    /// The root, hex.
    pub root: String,
    /// The leaf's commitment `V = x·B + γ·B̃`, hex.
    pub commitment: String,
    /// The proof, hex.
    pub proof: String,
}

/// The secret opening of a membership proof's commitment: the leaf's
/// position, its value and the blinding. Wiped on drop; the front-ends
/// write it with mode 0600; `Debug` prints only the group and commitment.
#[derive(Serialize, Deserialize, Clone, PartialEq, Eq, Zeroize, ZeroizeOnDrop)]
#[serde(deny_unknown_fields)]
pub struct MembershipOpenings {
    /// The group's name.
    pub group: String,
    /// The leaf's position.
    pub index: u64,
    /// The leaf, hex.
    pub leaf: String,
    /// The blinding, hex.
    pub blinding: String,
    /// The commitment, hex.
    pub commitment: String,
}

impl core::fmt::Debug for MembershipOpenings {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("MembershipOpenings")
            .field("group", &self.group)
            .field("commitment", &self.commitment)
            .finish_non_exhaustive()
    }
}

impl MembershipOpenings {
    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }
}

fn scalar_hex<S: ScalarOps>(s: &S) -> String {
    to_hex(&s.to_bytes())
}

/// A public field element as 64 lowercase hex digits (canonical).
fn scalar_from_hex<S: ScalarOps>(field: &str, hex: &str) -> Result<S, FileError> {
    let bytes: Option<[u8; 32]> = from_hex(hex).and_then(|b| b.try_into().ok());
    let bytes = bytes.ok_or_else(|| FileError::Hex { field: field.into() })?;
    S::from_canonical_bytes(&bytes).ok_or_else(|| FileError::FieldElement { field: field.into() })
}

fn check_depth(depth: usize) -> Result<(), FileError> {
    if depth == 0 || depth > MAX_DEPTH {
        return Err(FileError::Depth(depth));
    }
    Ok(())
}

/// `1 ..= min(2^depth, MAX_TREE_LEAVES)` leaves; the error names the
/// limit exceeded (the depth's first).
fn check_leaves(count: usize, depth: usize) -> Result<(), FileError> {
    if count == 0 || (count as u128) > (1u128 << depth.min(MAX_DEPTH)) {
        return Err(FileError::Leaves { count, depth });
    }
    if count > MAX_TREE_LEAVES {
        return Err(FileError::TooManyLeaves { count, max: MAX_TREE_LEAVES });
    }
    Ok(())
}

/// The non-blank lines of a leaves file (what [`parse_leaf_lines`] would
/// return as many leaves of, if they parse).
fn count_leaf_lines(text: &[u8]) -> usize {
    text.split(|b| *b == b'\n').filter(|line| !line.trim_ascii().is_empty()).count()
}

/// The leaves of a leaves file: one per line, either a decimal number
/// below 2^64 (at most 20 digits) or exactly 64 lowercase hex digits (a
/// canonical field element of `G`'s scalar field, little-endian, as tree
/// files write it); blank lines are skipped; at most [`MAX_TREE_LEAVES`].
pub fn parse_leaf_lines<G: Group>(text: &[u8]) -> Result<Vec<G::Scalar>, FileError> {
    if text.len() > MAX_TREE_FILE {
        return Err(FileError::TooLarge { len: text.len(), max: MAX_TREE_FILE });
    }
    let count = count_leaf_lines(text);
    if count > MAX_TREE_LEAVES {
        return Err(FileError::TooManyLeaves { count, max: MAX_TREE_LEAVES });
    }
    let mut leaves = Vec::with_capacity(count);
    for (i, line) in text.split(|b| *b == b'\n').enumerate() {
        let line = line.trim_ascii();
        if line.is_empty() {
            continue;
        }
        let bad = || FileError::Leaf { line: i + 1 };
        let text = std::str::from_utf8(line).map_err(|_| bad())?;
        let leaf = if text.len() == 64 {
            scalar_from_hex::<G::Scalar>("leaf", text).map_err(|_| bad())?
        } else if text.bytes().all(|b| b.is_ascii_digit()) {
            G::Scalar::from_u64(text.parse().map_err(|_| bad())?)
        } else {
            return Err(bad());
        };
        leaves.push(leaf);
    }
    Ok(leaves)
}

impl MerkleTreeFile {
    /// Build the tree of `depth` levels over `leaves` on `G`.
    pub fn build<G: WithEmbeddedCurve>(depth: usize, leaves: Vec<G::Scalar>) -> Result<Self, FileError> {
        Self::build_tree::<G>(depth, leaves).map(|(file, _, _)| file)
    }

    /// Build the tree of `depth` levels over `leaves` on `G`: the file,
    /// and the tree with its parameters (to prove without rebuilding it).
    pub fn build_tree<G: WithEmbeddedCurve>(
        depth: usize,
        leaves: Vec<G::Scalar>,
    ) -> Result<(Self, MerkleParams<G>, MerkleTree<G>), FileError> {
        check_depth(depth)?;
        check_leaves(leaves.len(), depth)?;
        let params = MerkleParams::<G>::new(depth).map_err(FileError::Proof)?;
        let tree = MerkleTree::new(&params, leaves).map_err(FileError::Proof)?;
        let file = MerkleTreeFile {
            group: G::NAME.into(),
            depth,
            root: scalar_hex(&tree.root()),
            leaves: tree.leaves().iter().map(scalar_hex).collect(),
        };
        Ok((file, params, tree))
    }

    /// Build the tree of `depth` levels on `group` from a leaves file
    /// ([`parse_leaf_lines`]). The depth and the leaf count are checked
    /// first (an error names the depth given).
    pub fn build_from_lines(group: GroupId, depth: usize, text: &[u8]) -> Result<Self, FileError> {
        if text.len() > MAX_TREE_FILE {
            return Err(FileError::TooLarge { len: text.len(), max: MAX_TREE_FILE });
        }
        check_depth(depth)?;
        check_leaves(count_leaf_lines(text), depth)?;
        crate::with_group!(group, G => Self::build::<G>(depth, parse_leaf_lines::<G>(text)?))
    }

    /// Parse JSON (at most [`MAX_TREE_FILE`] bytes); the tree is rebuilt
    /// and checked against its root by [`tree`](Self::tree).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        let file: MerkleTreeFile = parse_json(text, MAX_TREE_FILE, "not a Merkle tree file")?;
        check_depth(file.depth)?;
        check_leaves(file.leaves.len(), file.depth)?;
        group_of(&file.group)?;
        Ok(file)
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The file's group.
    pub fn group_id(&self) -> Result<GroupId, FileError> {
        group_of(&self.group)
    }

    /// Verify membership proof files against this tree: its root, depth
    /// and group ([`verify_membership_files`]). Check the tree first
    /// ([`tree`](Self::tree)) if the file is not your own.
    pub fn verify_proofs<R: RngCore + CryptoRng>(
        &self,
        store: &GeneratorStore,
        files: &[Result<MembershipProofFile, FileError>],
        rng: &mut R,
    ) -> Result<Vec<(usize, FileError)>, FileError> {
        Ok(verify_membership_files(store, files, &self.root, self.depth, self.group_id()?, rng))
    }

    /// The tree on `G`, rebuilt from the leaves; refused unless it has the
    /// file's root.
    pub fn tree<G: WithEmbeddedCurve>(&self) -> Result<(MerkleParams<G>, MerkleTree<G>), FileError> {
        if self.group != G::NAME {
            return Err(FileError::WrongGroup { file: self.group.clone(), expected: G::NAME });
        }
        check_depth(self.depth)?;
        check_leaves(self.leaves.len(), self.depth)?;
        let root = scalar_from_hex::<G::Scalar>("root", &self.root)?;
        let leaves = self
            .leaves
            .iter()
            .enumerate()
            .map(|(i, h)| {
                scalar_from_hex::<G::Scalar>("leaf", h).map_err(|e| match e {
                    FileError::Hex { .. } => FileError::Hex { field: format!("leaf #{i}") },
                    _ => FileError::FieldElement { field: format!("leaf #{i}") },
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let params = MerkleParams::<G>::new(self.depth).map_err(FileError::Proof)?;
        let tree = MerkleTree::new(&params, leaves).map_err(FileError::Proof)?;
        if tree.root() != root {
            return Err(FileError::RootMismatch);
        }
        Ok((params, tree))
    }
}

/// A membership proof file's root, commitment and proof on `G`.
type Decoded<G> = (<G as Group>::Scalar, <G as Group>::Compressed, MembershipProof<G>);

impl MembershipProofFile {
    /// Prove that leaf `index` of the tree in `tree` is in the tree
    /// (rebuilt from the file and checked against its root), committing to
    /// it with `blinding` (random if `None`). Returns the proof file and the
    /// secret openings. The generators come from `store`
    /// ([`GeneratorStore`]).
    pub fn prove<G: WithEmbeddedCurve, R: RngCore + CryptoRng>(
        store: &GeneratorStore,
        tree: &MerkleTreeFile,
        index: u64,
        blinding: Option<G::Scalar>,
        label: &str,
        rng: &mut R,
    ) -> Result<(MembershipProofFile, MembershipOpenings), FileError> {
        let (params, tree) = tree.tree::<G>()?;
        Self::prove_in(store, &params, &tree, index, blinding, label, rng)
    }

    /// [`prove`](Self::prove) in a tree already built.
    pub fn prove_in<G: WithEmbeddedCurve, R: RngCore + CryptoRng>(
        store: &GeneratorStore,
        params: &MerkleParams<G>,
        tree: &MerkleTree<G>,
        index: u64,
        blinding: Option<G::Scalar>,
        label: &str,
        rng: &mut R,
    ) -> Result<(MembershipProofFile, MembershipOpenings), FileError> {
        check_label(label)?;
        let path = tree.path(params, index).map_err(|_| FileError::LeafIndex { index, leaves: tree.len() })?;
        let leaf = usize::try_from(index)
            .ok()
            .and_then(|i| tree.leaves().get(i).copied())
            .ok_or(FileError::LeafIndex { index, leaves: tree.len() })?;
        let mut blinding = blinding.unwrap_or_else(|| G::Scalar::random(rng));
        let gens = store.generators::<G>(params.generators_needed(), 1);
        let root = tree.root();
        let result = merkle::prove_membership(
            &gens,
            params,
            new_transcript(label.as_bytes()),
            &root,
            &leaf,
            &blinding,
            &path,
            rng,
        );
        let openings_blinding = scalar_hex(&blinding);
        blinding.zeroize();
        let (proof, commitment) = result.map_err(FileError::Proof)?;
        let commitment = to_hex(G::compressed_bytes(&commitment));
        let file = MembershipProofFile {
            system: MEMBERSHIP_SYSTEM.into(),
            group: G::NAME.into(),
            label: label.into(),
            depth: params.depth(),
            root: scalar_hex(&root),
            commitment: commitment.clone(),
            proof: to_hex(&proof.to_bytes()),
        };
        let openings = MembershipOpenings {
            group: G::NAME.into(),
            index,
            leaf: scalar_hex(&leaf),
            blinding: openings_blinding,
            commitment,
        };
        Ok((file, openings))
    }

    /// Parse JSON (at most 1 MiB) and check every field: the system,
    /// label, depth and group, the root (a canonical field element of the
    /// group), the commitment (a point of the group) and the proof (hex
    /// that decodes as a proof).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        let file: MembershipProofFile = parse_json(text, MAX_RANGE_FILE, "not a Merkle membership proof file")?;
        file.check_header()?;
        Ok(file)
    }

    /// Parse JSON (at most 1 MiB) and check only the header (system,
    /// label, depth and group: no decoding). The root, commitment and proof
    /// are decoded by verification ([`verify_membership_files`]), only for
    /// files of the verifier's group, depth and root: what a verifier of
    /// many untrusted files reads them with.
    pub fn from_json_header(text: &[u8]) -> Result<Self, FileError> {
        let file: MembershipProofFile = parse_json(text, MAX_RANGE_FILE, "not a Merkle membership proof file")?;
        file.check_fields()?;
        Ok(file)
    }

    /// Every field: the header ([`check_fields`](Self::check_fields)) and
    /// the root, commitment and proof on the file's group.
    fn check_header(&self) -> Result<(), FileError> {
        crate::with_group!(self.check_fields()?, G => self.decode::<G>().map(|_| ()))
    }

    /// The system, label, depth and group (cheap; the rest is decoded by
    /// [`decode`](Self::decode)). Returns the group.
    fn check_fields(&self) -> Result<GroupId, FileError> {
        if self.system != MEMBERSHIP_SYSTEM {
            return Err(FileError::UnknownSystem { got: self.system.clone(), expected: "\"merkle-membership\"" });
        }
        check_label(&self.label)?;
        check_depth(self.depth)?;
        group_of(&self.group)
    }

    /// The root, commitment and proof on `G`.
    fn decode<G: Group>(&self) -> Result<Decoded<G>, FileError> {
        if self.group != G::NAME {
            return Err(FileError::WrongGroup { file: self.group.clone(), expected: G::NAME });
        }
        let root = scalar_from_hex::<G::Scalar>("root", &self.root)?;
        let bytes = from_hex(&self.commitment).ok_or_else(|| FileError::Hex { field: "commitment".into() })?;
        let commitment = decode_point::<G>(&bytes).ok_or(FileError::Commitment { index: 0, group: G::NAME })?;
        let bytes = from_hex(&self.proof).ok_or_else(|| FileError::Hex { field: "proof".into() })?;
        let proof = MembershipProof::<G>::from_bytes(&bytes).map_err(FileError::Decode)?;
        Ok((root, commitment.compressed, proof))
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The file's group.
    pub fn group_id(&self) -> Result<GroupId, FileError> {
        group_of(&self.group)
    }

    /// The batch claim of this proof on `G` (everything decoded and the
    /// transcript replayed; no generators needed yet).
    fn claim<G: WithEmbeddedCurve, R: RngCore + CryptoRng>(
        &self,
        prepared: &PreparedMembership<G>,
        rng: &mut R,
    ) -> Result<crate::circuit::R1csClaim<G>, FileError> {
        let (root, commitment, proof) = self.decode::<G>()?;
        prepared.claim(new_transcript(self.label.as_bytes()), &root, &commitment, &proof, rng).map_err(FileError::Proof)
    }

    /// Verify that the proof is valid and for the tree with root `root`
    /// (64 hex digits, as tree files write it), of `depth` levels, on
    /// `group`. The statement (root, depth and group) must come from the
    /// verifier, never from the proof file: anyone can build a tree holding
    /// a leaf of their choice, or (version 1) a shallower tree whose leaf
    /// is an inner node of the verifier's tree.
    /// The generators come from `store`.
    pub fn verify(&self, store: &GeneratorStore, root: &str, depth: usize, group: GroupId) -> Result<(), FileError> {
        match verify_membership_files(store, &[Ok(self.clone())], root, depth, group, &mut rand_core::OsRng).pop() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}

/// Verify proofs of membership in the verifier's tree: root `root` (64
/// hex digits), `depth` levels, on `group`. Files of another group, depth
/// or root are named invalid ([`FileError::WrongGroup`],
/// [`FileError::DepthMismatch`], [`FileError::RootMismatch`]) before any
/// work; the others are one batch: the circuit of `depth` built once, the
/// generators derived once, one multi-scalar multiplication.
/// `(index, reason)` for every invalid one, in order (every file, with
/// [`FileError::Depth`], if `depth` is outside `1..=64`).
pub fn verify_membership_files<R: RngCore + CryptoRng>(
    store: &GeneratorStore,
    files: &[Result<MembershipProofFile, FileError>],
    root: &str,
    depth: usize,
    group: GroupId,
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    if let Err(e) = check_depth(depth) {
        return (0..files.len()).map(|i| (i, e.clone())).collect();
    }
    let mut bad = Vec::new();
    let mut ok: Vec<(usize, &MembershipProofFile)> = Vec::new();
    for (index, file) in files.iter().enumerate() {
        match file {
            Err(e) => bad.push((index, e.clone())),
            // The root, commitment and proof are decoded once, by the claim.
            Ok(f) => match f.check_fields() {
                Err(e) => bad.push((index, e)),
                Ok(g) if g != group => {
                    bad.push((index, FileError::WrongGroup { file: f.group.clone(), expected: group.name() }))
                }
                Ok(_) if f.depth != depth => {
                    bad.push((index, FileError::DepthMismatch { expected: depth, got: f.depth }))
                }
                Ok(_) if root != f.root => bad.push((index, FileError::RootMismatch)),
                Ok(_) => ok.push((index, f)),
            },
        }
    }
    if !ok.is_empty() {
        bad.extend(crate::with_group!(group, G => verify_depth::<G, R>(store, depth, &ok, rng)));
    }
    bad.sort_by_key(|(i, _)| *i);
    bad
}

fn verify_depth<G: WithEmbeddedCurve, R: RngCore + CryptoRng>(
    store: &GeneratorStore,
    depth: usize,
    files: &[(usize, &MembershipProofFile)],
    rng: &mut R,
) -> Vec<(usize, FileError)> {
    // The circuit of the verifier's depth is built once for every proof, the
    // generators loaded or derived once (the cache) for every batch.
    let prepared = match MerkleParams::<G>::new(depth)
        .and_then(|params| Ok((params.generators_needed(), PreparedMembership::new(&params)?)))
    {
        Ok(p) => p,
        Err(e) => return files.iter().map(|(i, _)| (*i, FileError::Proof(e.clone()))).collect(),
    };
    let (padded_gates, prepared) = prepared;
    // A claim holds its share of the batch's vectors (about 64 bytes per
    // padded gate) until the batch is summed, and every file may be the
    // same valid proof: batches of at most MAX_CIRCUIT_BATCH_GATES padded
    // gates bound the memory whatever the number of files.
    let per_batch = (super::MAX_CIRCUIT_BATCH_GATES / padded_gates.max(1)).max(1);
    let cache = GeneratorCache::<G>::with_store(store.clone());
    let mut bad = Vec::new();
    for chunk in files.chunks(per_batch) {
        let mut claims = Vec::new();
        for (index, file) in chunk {
            match file.claim::<G, R>(&prepared, rng) {
                Ok(claim) => claims.push((*index, claim)),
                Err(e) => bad.push((*index, e)),
            }
        }
        let refs: Vec<&dyn Claim<G>> = claims.iter().map(|(_, c)| c as &dyn Claim<G>).collect();
        let indices: Vec<usize> = claims.iter().map(|(i, _)| *i).collect();
        let generators = |chains, per_chain| cache.get(chains, per_chain);
        bad.extend(super::verify_claims_with(&indices, &refs, generators, rng));
    }
    bad
}

#[cfg(test)]
mod tests;
