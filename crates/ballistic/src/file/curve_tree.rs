//! Curve Trees files: a tree of secp256k1 public keys, and proofs of
//! **key ownership with a key image** ([`crate::curve_tree::ownership`]):
//! "I hold the secret key of one key of this tree, and this is my image
//! for this context", without saying which key.
//!
//! A **key tree file** holds the keys, the tree's shape and its root
//! (checked on loading: the tree is rebuilt from the keys, so a damaged
//! file is an error, not a wrong proof):
//!
//! ```json
//! { "group": "secp256k1", "branching": [64, 1024, 32], "root": "<hex>",
//!   "keys": ["<hex>", …] }
//! ```
//!
//! Keys are SEC1 compressed points (33 bytes, 66 hex digits). A **keys
//! file** ([`parse_key_lines`]) has one key per line: SEC1 compressed, or
//! BIP-340 x-only (32 bytes, 64 hex digits: the point with that `x` and an
//! even `y`, as Taproot outputs carry them), written to the tree file as
//! SEC1. `branching` is the number of children of each level's nodes,
//! from the leaves up ([`shape_for`] when the builder names none); the
//! root is the top node's compressed encoding (a secp256k1 point for an
//! even depth, a secq256k1 point for an odd one). A tree refuses two keys
//! with one `x` (a key twice, or a key and its negation: the holder of one
//! holds the other, and would get two key images per context).
//!
//! **What a key tree admits.** A tree commits to each key up to sign and
//! to the shift `Δ` ([`crate::curve_tree`]): whoever can open a leaf `C` as
//! `x·B + t·B̃` (or `−C − 2Δ` so) proves with key `x`. For keys that are
//! public keys (`t = 0`), that is their holders; a leaf that is a Pedersen
//! commitment `v·B + t·B̃` made with the same generators (a range proof's)
//! admits whoever knows its opening, with "key" `v`. Build key trees from
//! public keys only, and have keys submitted by others proven at insertion
//! when it matters.
//!
//! An **ownership proof file**:
//!
//! ```json
//! { "system": "curve-tree-ownership", "group": "secp256k1",
//!   "branching": [64, 1024, 32], "root": "<hex>", "context": "…",
//!   "message": "…", "key_image": "<hex>", "proof": "<hex>" }
//! ```
//!
//! `key_image` is the `x`-coordinate of the image `I` (64 hex digits): `I`
//! and `−I` are one image, as a key and its negation are one key (the
//! holder of one holds the other; a key listed as its odd-`y` SEC1 point in
//! one tree and x-only in another proves with `x` and `−x`).
//! `context` (non-empty) and `message` are UTF-8 text of at most
//! [`MAX_CONTEXT_LEN`] bytes ([`Scope`]): one key has one image per
//! context; the message binds the proof to one use (a session, the
//! verifier's nonce). The transcript label is fixed
//! ([`OWNERSHIP_FILE_LABEL`]).
//!
//! **The statement is the verifier's.** Verification
//! ([`verify_ownership_files`]) takes the root, the branching, the context
//! and the message from the verifier ([`OwnershipStatement`]) and refuses a
//! file that claims another of any of them before decoding its proof; the
//! key image is the proof's output, returned for each valid file. Two
//! valid files of one call with the same image (one key used twice in the
//! context) are refused from the second on ([`FileError::KeyImageReused`]);
//! images seen in earlier calls are the application's to remember. A
//! verifier called again and again keeps the shape's parameters in an
//! [`OwnershipVerifier`] (built once, for every root, context and message
//! of that branching), or an [`OwnershipVerifierCache`] (one per shape
//! seen, as the bindings do).
//!
//! The prover's secret key comes from a separate file (one line of 64 hex
//! digits, big-endian, as Bitcoin and libsecp256k1 write secret keys;
//! [`parse_secret_key`]), read in constant time; the key is looked up
//! among the tree's leaves by a scan in constant time (only the verdict,
//! found or not, is public).

use alloc::collections::BTreeMap;

use rand_core::{CryptoRng, RngCore};
use serde::{Deserialize, Serialize};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, Zeroizing};

use super::merkle::bounded_strings;
use super::{json_text, parse_json, FileError, GeneratorStore, MAX_RANGE_FILE, MAX_TREE_FILE, MAX_TREE_LEAVES};
use crate::curve_tree::ownership::{self, OwnershipProof, Scope, MAX_CONTEXT_LEN};
use crate::curve_tree::{shape_for, CurveTree, CurveTreeClaim, Node, TreeParams, MAX_DEPTH};
use crate::encoding::{decode_point, from_hex, to_hex, ProofPoint};
use crate::group::{Group, ScalarOps, Secp256k1, Secq256k1};
use crate::transcript::new_transcript;

/// The `system` of ownership proof files.
pub const OWNERSHIP_SYSTEM: &str = "curve-tree-ownership";
/// The transcript label of ownership proof files.
pub const OWNERSHIP_FILE_LABEL: &str = "ballistic curve-tree ownership file v1";

type Leaf = Secp256k1;
type Key = <Secp256k1 as Group>::Scalar;

/// A key tree file, as JSON has it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct KeyTreeFile {
    /// Always `"secp256k1"` (the keys' group).
    pub group: String,
    /// The branching of each level, from the leaves up.
    #[serde(deserialize_with = "bounded_branching")]
    pub branching: Vec<usize>,
    /// The root node, hex.
    pub root: String,
    /// The keys, SEC1 compressed, hex, from position 0.
    #[serde(deserialize_with = "bounded_strings")]
    pub keys: Vec<String>,
}

/// An ownership proof file, as JSON has it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OwnershipProofFile {
    /// Always [`OWNERSHIP_SYSTEM`].
    pub system: String,
    /// Always `"secp256k1"`.
    pub group: String,
    /// The tree's branching, from the leaves up.
    #[serde(deserialize_with = "bounded_branching")]
    pub branching: Vec<usize>,
    /// The tree's root, hex.
    pub root: String,
    /// The key image's context.
    pub context: String,
    /// The message of this use.
    pub message: String,
    /// The key image: the `x`-coordinate of `I`, hex (64 digits; `I` and
    /// `−I` are one image).
    pub key_image: String,
    /// The proof, hex.
    pub proof: String,
}

/// What a verifier checks ownership proofs against: its tree's root (hex,
/// as tree files write it) and branching, and the scope of use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnershipStatement {
    /// The root, hex.
    pub root: String,
    /// The branching, from the leaves up.
    pub branching: Vec<usize>,
    /// The key image's context (non-empty).
    pub context: String,
    /// The message the proofs must be bound to.
    pub message: String,
}

/// The key image as files and verification report it: the `x`-coordinate
/// of `I` (32 bytes, 64 hex digits). `I` and `−I` are one image, as `P` and
/// `−P` are one key (whoever holds one holds the other): a key held as its
/// odd-`y` SEC1 point in one tree and as its BIP-340 x-only (even-`y`)
/// point in another proves with `x` in one and `−x` in the other, so its
/// images are `±I` (review of 2026-11-30).
fn image_id(image: &<Leaf as Group>::Compressed) -> String {
    to_hex(Leaf::compressed_bytes(image).get(1..).unwrap_or_default())
}

/// A branching, refused while parsing past [`MAX_DEPTH`] levels (a file of
/// [`MAX_TREE_FILE`] bytes could otherwise hold a hundred million; review
/// of 2026-11-30).
fn bounded_branching<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<usize>, D::Error> {
    struct Levels;
    impl<'de> serde::de::Visitor<'de> for Levels {
        type Value = Vec<usize>;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "a list of at most {MAX_DEPTH} branching factors")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<usize>, A::Error> {
            let mut levels = Vec::new();
            while let Some(b) = seq.next_element::<usize>()? {
                if levels.len() == MAX_DEPTH {
                    return Err(serde::de::Error::custom(format!("more than {MAX_DEPTH} levels")));
                }
                levels.push(b);
            }
            Ok(levels)
        }
    }
    d.deserialize_seq(Levels)
}

fn group_must_be_secp(group: &str) -> Result<(), FileError> {
    if group != Leaf::NAME {
        return Err(FileError::WrongGroup { file: group.into(), expected: Leaf::NAME });
    }
    Ok(())
}

/// A branching [`TreeParams::new`] accepts: 1 ..= [`MAX_DEPTH`] levels of
/// 2 ..= [`MAX_BRANCHING`](crate::curve_tree::MAX_BRANCHING) children.
fn check_branching(branching: &[usize]) -> Result<(), FileError> {
    if TreeParams::<Leaf>::generators_needed(branching).is_none() {
        return Err(FileError::Field {
            field: "branching",
            reason: "1 to 8 levels of 2 to 4096 children each are allowed",
        });
    }
    Ok(())
}

fn check_scope(context: &str, message: &str) -> Result<(), FileError> {
    if context.is_empty() {
        return Err(FileError::Field { field: "context", reason: "must not be empty" });
    }
    if context.len() > MAX_CONTEXT_LEN {
        return Err(FileError::Field { field: "context", reason: "longer than 65,536 bytes" });
    }
    if message.len() > MAX_CONTEXT_LEN {
        return Err(FileError::Field { field: "message", reason: "longer than 65,536 bytes" });
    }
    Ok(())
}

/// The tree parameters of `branching`, with the generators from `store`.
pub fn key_tree_params(store: &GeneratorStore, branching: &[usize]) -> Result<TreeParams<Leaf>, FileError> {
    check_branching(branching)?;
    let (leaf, other) = TreeParams::<Leaf>::generators_needed(branching)
        .ok_or(FileError::Field { field: "branching", reason: "not a tree shape" })?;
    TreeParams::new(branching, store.generators::<Secp256k1>(leaf, 1), store.generators::<Secq256k1>(other, 1))
        .map_err(FileError::Proof)
}

/// A point as the root of a tree of `depth` levels: secp256k1 for an even
/// depth, secq256k1 for an odd one.
fn decode_root(hex: &str, depth: usize) -> Result<Node<Leaf>, FileError> {
    let bytes = from_hex(hex).ok_or_else(|| FileError::Hex { field: "root".into() })?;
    let bad = || FileError::Field { field: "root", reason: "not a point of the top level's curve" };
    // No node is the identity: a point sum over independent generators
    // with a nonzero coefficient (no child has `x = 0`).
    if depth % 2 == 0 {
        let p = decode_point::<Secp256k1>(&bytes).filter(|p| !Secp256k1::is_identity_vartime(&p.point));
        p.map(|p| Node::Leaf(p.point)).ok_or_else(bad)
    } else {
        let p = decode_point::<Secq256k1>(&bytes).filter(|p| !Secq256k1::is_identity_vartime(&p.point));
        p.map(|p| Node::Other(p.point)).ok_or_else(bad)
    }
}

/// The keys of a keys file: one per line, SEC1 compressed (66 lowercase
/// hex digits) or BIP-340 x-only (64: the point with an even `y`, written
/// as SEC1); blank lines are skipped; at most [`MAX_TREE_LEAVES`]. Each is
/// checked to be a point; the error names the first bad line.
pub fn parse_key_lines(text: &[u8]) -> Result<Vec<<Leaf as Group>::Compressed>, FileError> {
    Ok(parse_keys(text)?.into_iter().map(|k| k.compressed).collect())
}

fn parse_keys(text: &[u8]) -> Result<Vec<ProofPoint<Leaf>>, FileError> {
    if text.len() > MAX_TREE_FILE {
        return Err(FileError::TooLarge { len: text.len(), max: MAX_TREE_FILE });
    }
    let count = text.split(|b| *b == b'\n').filter(|line| !line.trim_ascii().is_empty()).count();
    if count > MAX_TREE_LEAVES {
        return Err(FileError::TooManyLeaves { count, max: MAX_TREE_LEAVES });
    }
    let mut keys = Vec::with_capacity(count);
    for (i, line) in text.split(|b| *b == b'\n').enumerate() {
        let line = line.trim_ascii();
        if line.is_empty() {
            continue;
        }
        let key = core::str::from_utf8(line).ok().and_then(decode_key).ok_or(FileError::KeyLine { line: i + 1 })?;
        keys.push(key);
    }
    Ok(keys)
}

/// A public key, SEC1 compressed or BIP-340 x-only, as lowercase hex.
fn decode_key(hex: &str) -> Option<ProofPoint<Leaf>> {
    if hex.len() != 64 && hex.len() != 66 {
        return None;
    }
    let bytes = from_hex(hex)?;
    let sec1 = match bytes.len() {
        32 => [&[0x02][..], &bytes].concat(),
        33 => bytes,
        _ => return None,
    };
    decode_key_bytes(&sec1)
}

/// A SEC1 compressed key: a point, not the identity.
fn decode_key_bytes(sec1: &[u8]) -> Option<ProofPoint<Leaf>> {
    decode_point::<Leaf>(sec1).filter(|p| !Leaf::is_identity_vartime(&p.point))
}

/// A secret key file: exactly one line of 64 lowercase hex digits, the key
/// big-endian (nonzero, below the group order), read in constant time.
pub fn parse_secret_key(text: &[u8]) -> Result<Zeroizing<Key>, FileError> {
    let lines = super::parse_secret_lines(text).map_err(|e| match e {
        FileError::Blinding { reason, .. } => FileError::Field { field: "secret key", reason },
        FileError::ZeroBlinding { .. } => FileError::Field { field: "secret key", reason: "zero is not a key" },
        e => e,
    })?;
    let [be] = lines.as_slice() else {
        return Err(FileError::Field { field: "secret key", reason: "give exactly one key (one line)" });
    };
    let mut le = *be;
    le.reverse();
    let key = Key::from_canonical_bytes(&le);
    le.zeroize();
    key.map(Zeroizing::new).ok_or(FileError::Field { field: "secret key", reason: "not below the group order" })
}

/// A key tree built (or rebuilt from its file and checked against its
/// root): what a prover proves in, and what a verifier takes its statement
/// from ([`statement`](Self::statement)).
#[derive(Clone, Debug)]
pub struct KeyTree {
    params: TreeParams<Leaf>,
    tree: CurveTree<Leaf>,
    keys: Vec<<Leaf as Group>::Compressed>,
    root: String,
}

impl KeyTree {
    /// The parameters (shape and generators).
    pub fn params(&self) -> &TreeParams<Leaf> {
        &self.params
    }

    /// The tree.
    pub fn tree(&self) -> &CurveTree<Leaf> {
        &self.tree
    }

    /// The keys, in order, SEC1 compressed.
    pub fn keys(&self) -> &[<Leaf as Group>::Compressed] {
        &self.keys
    }

    /// The root, hex.
    pub fn root(&self) -> &str {
        &self.root
    }

    /// The verifier's statement of this tree for `context` and `message`.
    pub fn statement(&self, context: &str, message: &str) -> OwnershipStatement {
        OwnershipStatement {
            root: self.root.clone(),
            branching: self.params.branching().to_vec(),
            context: context.into(),
            message: message.into(),
        }
    }
}

impl KeyTreeFile {
    /// Build the tree of `keys` (SEC1 compressed) with `branching` (from
    /// the leaves up; by default [`shape_for`] the number of keys), with
    /// the generators from `store`: the file, and the tree (to prove
    /// without rebuilding it). Refuses a key that is not a point, two keys
    /// with one `x` ([`FileError::DuplicateKey`]) and the one point no key
    /// may be (`−Δ`).
    pub fn build(
        store: &GeneratorStore,
        branching: Option<&[usize]>,
        keys: &[<Leaf as Group>::Compressed],
    ) -> Result<(Self, KeyTree), FileError> {
        if keys.len() > MAX_TREE_LEAVES {
            return Err(FileError::TooManyLeaves { count: keys.len(), max: MAX_TREE_LEAVES });
        }
        let decoded = keys
            .iter()
            .enumerate()
            .map(|(i, k)| decode_key_bytes(Leaf::compressed_bytes(k)).ok_or(FileError::Key { index: i }))
            .collect::<Result<Vec<_>, _>>()?;
        build_decoded(store, branching, decoded)
    }

    /// Build the tree from a keys file ([`parse_key_lines`]).
    pub fn build_from_lines(
        store: &GeneratorStore,
        branching: Option<&[usize]>,
        text: &[u8],
    ) -> Result<Self, FileError> {
        if let Some(b) = branching {
            check_branching(b)?;
        }
        build_decoded(store, branching, parse_keys(text)?).map(|(file, _)| file)
    }

    /// Parse JSON (at most [`MAX_TREE_FILE`] bytes) and check the header:
    /// the group, the branching and the number of keys. The tree is
    /// rebuilt and checked against its root by [`tree`](Self::tree).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        let file: KeyTreeFile = parse_json(text, MAX_TREE_FILE, "not a key tree file")?;
        group_must_be_secp(&file.group)?;
        check_branching(&file.branching)?;
        check_count(file.keys.len(), &file.branching)?;
        Ok(file)
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    /// The tree, rebuilt from the keys with the generators from `store`;
    /// refused unless it has the file's root.
    pub fn tree(&self, store: &GeneratorStore) -> Result<KeyTree, FileError> {
        group_must_be_secp(&self.group)?;
        check_branching(&self.branching)?;
        check_count(self.keys.len(), &self.branching)?;
        let keys = self
            .keys
            .iter()
            .enumerate()
            .map(|(i, h)| from_hex(h).and_then(|b| decode_key_bytes(&b)).ok_or(FileError::Key { index: i }))
            .collect::<Result<Vec<_>, _>>()?;
        let (rebuilt, tree) = build_decoded(store, Some(&self.branching), keys)?;
        if rebuilt.root != self.root {
            return Err(FileError::RootMismatch);
        }
        Ok(tree)
    }
}

/// `1 ..=` the shape's capacity keys, and at most [`MAX_TREE_LEAVES`].
fn check_count(count: usize, branching: &[usize]) -> Result<(), FileError> {
    if count > MAX_TREE_LEAVES {
        return Err(FileError::TooManyLeaves { count, max: MAX_TREE_LEAVES });
    }
    let capacity = branching.iter().fold(1u64, |c, &b| c.saturating_mul(b as u64));
    if count == 0 || count as u64 > capacity {
        return Err(FileError::KeyCount { count, capacity });
    }
    Ok(())
}

fn build_decoded(
    store: &GeneratorStore,
    branching: Option<&[usize]>,
    keys: Vec<ProofPoint<Leaf>>,
) -> Result<(KeyTreeFile, KeyTree), FileError> {
    let branching = match branching {
        Some(b) => b.to_vec(),
        None => shape_for(keys.len() as u64).unwrap_or_default(),
    };
    check_branching(&branching)?;
    check_count(keys.len(), &branching)?;
    let compressed: Vec<_> = keys.iter().map(|k| k.compressed).collect();
    check_distinct_x(&compressed)?;
    let params = key_tree_params(store, &branching)?;
    if keys.iter().any(|k| !params.accepts_leaf(&k.point)) {
        return Err(FileError::Field { field: "keys", reason: MINUS_DELTA });
    }
    let tree = CurveTree::new(&params, keys.into_iter().map(|k| k.point).collect()).map_err(FileError::Proof)?;
    let root = to_hex(&tree.root().to_bytes());
    let file = KeyTreeFile {
        group: Leaf::NAME.into(),
        branching,
        root: root.clone(),
        keys: compressed.iter().map(|c| to_hex(Leaf::compressed_bytes(c))).collect(),
    };
    Ok((file, KeyTree { params, tree, keys: compressed, root }))
}

const MINUS_DELTA: &str = "a key is the tree's −Δ (no one knows its secret key; remove it)";

/// Refuse two keys with one `x` (equal, or negations of each other).
fn check_distinct_x(keys: &[<Leaf as Group>::Compressed]) -> Result<(), FileError> {
    let mut seen: BTreeMap<&[u8], usize> = BTreeMap::new();
    for (i, k) in keys.iter().enumerate() {
        let x = Leaf::compressed_bytes(k).get(1..).unwrap_or_default();
        if let Some(first) = seen.insert(x, i) {
            return Err(FileError::DuplicateKey { first, second: i });
        }
    }
    Ok(())
}

impl OwnershipProofFile {
    /// Prove ownership of the key of secret `key` in the tree of `tree`
    /// (rebuilt from the file and checked against its root) for `context`
    /// and `message`. The generators come from `store`.
    pub fn prove<R: RngCore + CryptoRng>(
        store: &GeneratorStore,
        tree: &KeyTreeFile,
        key: &Key,
        context: &str,
        message: &str,
        rng: &mut R,
    ) -> Result<Self, FileError> {
        check_scope(context, message)?;
        Self::prove_in(&tree.tree(store)?, key, context, message, rng)
    }

    /// [`prove`](Self::prove) in a tree already built. The key's leaf is
    /// found by a constant-time scan of every key, for `x` and `−x` (a
    /// BIP-340 key is the even-`y` point, whose secret key may be `−x`).
    pub fn prove_in<R: RngCore + CryptoRng>(
        tree: &KeyTree,
        key: &Key,
        context: &str,
        message: &str,
        rng: &mut R,
    ) -> Result<Self, FileError> {
        check_scope(context, message)?;
        let params = &tree.params;
        let b = params.leaf_gens().pedersen().b;
        // `−x` as `x·(−1)`: k256's negation compiles to a branch on
        // `x = 0` (ctgrind), its multiplication does not.
        let negated = Zeroizing::new(*key * -Key::one());
        let plus = Leaf::compress(&Leaf::mul_ct(&b, key));
        let minus = Leaf::compress(&Leaf::mul_ct(&b, &negated));
        let (mut index, mut found, mut negate) = (0u64, Choice::from(0), Choice::from(0));
        for (i, leaf) in tree.keys.iter().enumerate() {
            let bytes = Leaf::compressed_bytes(leaf);
            let is_plus = bytes.ct_eq(Leaf::compressed_bytes(&plus));
            let is_minus = bytes.ct_eq(Leaf::compressed_bytes(&minus));
            let hit = (is_plus | is_minus) & !found;
            index.conditional_assign(&(i as u64), hit);
            negate.conditional_assign(&is_minus, hit);
            found |= hit;
        }
        let mut missing = (!found).unwrap_u8();
        crate::ct::declassify(&missing);
        if core::hint::black_box(&mut missing) != &0 {
            return Err(FileError::KeyNotInTree);
        }
        let x = Zeroizing::new(Key::conditional_select(key, &negated, negate));
        // The path is read at the secret position (as every prover that
        // holds the tree does): its memory accesses are not hidden, and the
        // position is declassified here (the one place; ctgrind checks the
        // rest).
        crate::ct::declassify(&index);
        let index = *core::hint::black_box(&index);
        let path = tree.tree.path(params, index).map_err(FileError::Proof)?;
        let root = tree.tree.root();
        let scope = Scope { context: context.as_bytes(), message: message.as_bytes() };
        let mut transcript = new_transcript(OWNERSHIP_FILE_LABEL.as_bytes());
        let proof =
            ownership::prove(params, &mut transcript, &root, &path, &x, &scope, rng).map_err(FileError::Proof)?;
        Ok(OwnershipProofFile {
            system: OWNERSHIP_SYSTEM.into(),
            group: Leaf::NAME.into(),
            branching: params.branching().to_vec(),
            root: to_hex(&root.to_bytes()),
            context: context.into(),
            message: message.into(),
            key_image: image_id(proof.key_image()),
            proof: to_hex(&proof.to_bytes()),
        })
    }

    /// Parse JSON (at most 1 MiB) and check the header: system, group,
    /// branching, context and message (no decoding: the root, the image and
    /// the proof are decoded by verification, only for files of the
    /// verifier's statement).
    pub fn from_json(text: &[u8]) -> Result<Self, FileError> {
        let file: OwnershipProofFile = parse_json(text, MAX_RANGE_FILE, "not a curve-tree ownership proof file")?;
        file.check_fields()?;
        Ok(file)
    }

    /// Pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        json_text(self)
    }

    fn check_fields(&self) -> Result<(), FileError> {
        if self.system != OWNERSHIP_SYSTEM {
            return Err(FileError::UnknownSystem { got: self.system.clone(), expected: "\"curve-tree-ownership\"" });
        }
        group_must_be_secp(&self.group)?;
        check_branching(&self.branching)?;
        check_scope(&self.context, &self.message)
    }

    /// This file's statement against the verifier's: every field equal,
    /// checked before anything is decoded.
    fn check_statement(&self, statement: &OwnershipStatement) -> Result<(), FileError> {
        self.check_fields()?;
        if self.branching != statement.branching {
            return Err(FileError::BranchingMismatch {
                expected: statement.branching.clone(),
                got: self.branching.clone(),
            });
        }
        if self.root != statement.root {
            return Err(FileError::RootMismatch);
        }
        if self.context != statement.context {
            return Err(FileError::WrongScope { field: "context" });
        }
        if self.message != statement.message {
            return Err(FileError::WrongScope { field: "message" });
        }
        Ok(())
    }

    /// The proof, decoded for the verifier's `params`, and its claim.
    fn claim<'a, R: RngCore + CryptoRng>(
        &self,
        params: &'a TreeParams<Leaf>,
        root: &Node<Leaf>,
        rng: &mut R,
    ) -> Result<CurveTreeClaim<'a, Leaf>, FileError> {
        let bytes = from_hex(&self.proof).ok_or_else(|| FileError::Hex { field: "proof".into() })?;
        let proof = OwnershipProof::<Leaf>::from_bytes(&bytes, params).map_err(FileError::Decode)?;
        if image_id(proof.key_image()) != self.key_image {
            return Err(FileError::Field { field: "key_image", reason: "not the proof's key image" });
        }
        let scope = Scope { context: self.context.as_bytes(), message: self.message.as_bytes() };
        let mut transcript = new_transcript(OWNERSHIP_FILE_LABEL.as_bytes());
        Ok(ownership::claim(params, &mut transcript, root, &scope, &proof, rng))
    }
}

mod verify;
pub use verify::{verify_ownership_files, OwnershipVerifier, OwnershipVerifierCache};

#[cfg(test)]
mod tests;
