//! **Membership of a committed value** (issue 40, statement (a)): the value
//! in a Pedersen commitment `V` is one of a Curve Tree's values, without
//! saying which — the statement of [`crate::merkle`], on the
//! secp256k1/secq256k1 cycle instead of a hash tree.
//!
//! ```text
//!     R_mem:  public  (tree parameters, width w, root, V)
//!             secret  v, γ, the leaf vector 𝐯 holding v, the path
//!             V = v·B + γ·B̃,   v ∈ 𝐯,   v ≠ 0,   L_j = ⟨𝐯, (G_0 … G_{w−1})⟩ ∈ tree(root)
//! ```
//!
//! The tree's leaves are **leaf vectors**: the values, `w` at a time (the
//! last one padded with zeros), each committed without blinding as
//! `L_j = τ·G_0 + Σ_k v_{j,k}·G_{k+1}` on the leaf group with its circuits'
//! first vector generators, where the **tag**
//! `τ = SHA3-512(LEAF_TAG_LABEL ‖ both group names ‖ D ‖ every b_i ‖ w) mod q`
//! names the tree's shape. The circuit constrains the opened entry 0 to be
//! `τ` (a linear constraint), so a leaf vector is never an internal node
//! (whose entries are `x`-coordinates) and never a leaf of a tree of
//! another shape: without it the root of a depth-`D` tree is also the root
//! of a shallower "value tree" whose values are the `x`-coordinates of the
//! first level (review of 2026-11-30; `merkle`'s version 1 had the same
//! flaw). The proof is the path proof of `select` (the re-randomized
//! leaf vector `Ĉ_0 = L_j + r_0·B̃` selected up to the root) whose circuit
//! over the leaf group also opens `Ĉ_0` as a vector commitment (`commit_vec`
//! with blinding `r_0`) and `V` as a high-level commitment, and proves
//! `v ∈ 𝐯` (`w − 1` gates) and `v ≠ 0` (one gate: empty slots hold 0, as in
//! [`crate::merkle`]). Opening `Ĉ_0` closes the path proof's sign branch.
//! `V` uses the range proofs' generators, so the same `V` can be range-proved.
//!
//! The statement (`w`, `V`, the root, the tree's parameters) is the
//! verifier's; the transcript binds the domain, `w` and `V` before the path
//! proof forks, then the path proof's prefix and both proofs. It binds no
//! context: a caller that must tell uses apart (a session, a verifier)
//! appends its own to the transcript before proving, as
//! [`ownership`](super::ownership)'s `Scope` does; a proof for a `V` can
//! otherwise be shown again by anyone who has it (reusing `V` links the
//! proofs in any case).

use alloc::format;
use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroize;

use super::claim::CurveTreeClaim;
use super::select::{self, PathEquations, SelectProof, ValueLeaf};
use super::{CurvePath, CurveTree, Node, TreeParams, LEVEL_GATES};
use crate::embedded::Cycle;
use crate::encoding::Reader;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps};
use crate::transcript::TranscriptProtocol;

/// The statement's domain in the transcript.
pub const MEMBERSHIP_DOMAIN: &[u8] = b"ballistic curve-tree value membership v1";
/// The domain of the leaf vectors' tag.
pub const LEAF_TAG_LABEL: &[u8] = b"ballistic/curve-tree/v1/leaf-tag";

/// `τ` (module documentation): the leaf vectors' entry 0 for a tree with
/// `params` and width `width`.
pub fn leaf_tag<L: Cycle>(params: &TreeParams<L>, width: usize) -> L::Scalar {
    use sha3::{Digest, Sha3_512};
    let mut h = Sha3_512::new();
    h.update(LEAF_TAG_LABEL);
    for name in [L::NAME, <L::Other as Group>::NAME] {
        h.update((name.len() as u64).to_le_bytes());
        h.update(name.as_bytes());
    }
    h.update((params.depth() as u64).to_le_bytes());
    for b in params.branching() {
        h.update((*b as u64).to_le_bytes());
    }
    h.update((width as u64).to_le_bytes());
    L::Scalar::from_bytes_mod_order_wide(&h.finalize().into())
}

/// The leaf group's circuit must hold its levels and the leaf opening, and
/// `B̃` must not be a generator of the leaf vectors (with `B̃ = ±G_k` an
/// honest leaf vector opens to any chosen value).
fn check_width<L: Cycle>(params: &TreeParams<L>, width: usize) -> Result<(), ProofError> {
    let gens = params.leaf_gens().vector().gens_capacity();
    let gates = leaf_side_gates(params, width);
    if width == 0 || gates.and_then(usize::checked_next_power_of_two).is_none_or(|n| n > gens) {
        return Err(err(format!("leaf vectors of {width} values do not fit the leaf curve's {gens} generators")));
    }
    let bt = params.leaf_gens().pedersen().b_blinding;
    let g = params.leaf_gens().vector().g_chains().first().map(Vec::as_slice).unwrap_or_default();
    if g.iter().take(width + 1).any(|p| *p == bt || *p == -bt) {
        return Err(err("B̃ is a generator of the leaf vectors".into()));
    }
    Ok(())
}

fn err(message: alloc::string::String) -> ProofError {
    ProofError::Gadget { message }
}

/// A Curve Tree of values, `w` per leaf vector (module documentation).
#[derive(Clone, Debug)]
pub struct ValueTree<L: Cycle> {
    pub(crate) tree: CurveTree<L>,
    values: Vec<L::Scalar>,
    width: usize,
}

/// The gates of the leaf group's circuit for `params` and width `w` (the
/// levels, `w − 1` for the selection, 1 for `v ≠ 0`; the leaf vector's
/// `w + 1` entries pad the first phase to at least that many).
fn leaf_side_gates<L: Cycle>(params: &TreeParams<L>, width: usize) -> Option<usize> {
    let levels: usize =
        params.branching().iter().enumerate().filter(|(i, _)| (i + 1) % 2 == 0).map(|(_, b)| LEVEL_GATES + b - 1).sum();
    levels.checked_add(width)?.checked_add(1)
}

impl<L: Cycle> ValueTree<L> {
    /// The tree over `values` (none zero: 0 marks empty slots), `width`
    /// (≥ 1) per leaf vector; the leaf group's circuit with its levels and
    /// the leaf opening must fit its generators.
    pub fn new(params: &TreeParams<L>, width: usize, values: Vec<L::Scalar>) -> Result<Self, ProofError> {
        check_width(params, width)?;
        if let Some(k) = values.iter().position(ScalarOps::is_zero) {
            return Err(err(format!("value #{k} is zero (0 marks empty slots and is never a member)")));
        }
        if values.is_empty() || values.len() as u64 > params.capacity().saturating_mul(width as u64) {
            return Err(err(format!("{} values do not fit the tree", values.len())));
        }
        let len = width + 1;
        let g = params.leaf_gens().vector().g_chains().first().and_then(|c| c.get(..len)).unwrap_or_default();
        let tag = leaf_tag(params, width);
        let vectors = values.len().div_ceil(width);
        let mut entries = Vec::with_capacity(vectors * len);
        for chunk in values.chunks(width) {
            entries.push(tag);
            entries.extend_from_slice(chunk);
            entries.resize(entries.len() + width - chunk.len(), L::Scalar::zero());
        }
        let leaves = L::msm_vartime_shared_bases(&entries, g).ok_or_else(|| err("leaf vectors".into()))?;
        Ok(ValueTree { tree: CurveTree::new(params, leaves)?, values, width })
    }

    /// The root.
    pub fn root(&self) -> Node<L> {
        self.tree.root()
    }

    /// The values per leaf vector.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are no values (never: [`ValueTree::new`] refuses).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The path of value `index` (secret data of the prover; the lookup
    /// takes time that depends on `index`).
    pub fn path(&self, params: &TreeParams<L>, index: u64) -> Result<ValuePath<L>, ProofError> {
        let index = usize::try_from(index)
            .ok()
            .filter(|i| *i < self.values.len())
            .ok_or_else(|| err("no such value".into()))?;
        let vector = index / self.width;
        let mut values = Vec::with_capacity(self.width + 1);
        values.push(leaf_tag(params, self.width));
        values.extend(self.values.iter().skip(vector * self.width).take(self.width).copied());
        values.resize(self.width + 1, L::Scalar::zero());
        Ok(ValuePath { path: self.tree.path(params, vector as u64)?, values })
    }
}

/// A value's path: its leaf vector's entries (the tag, then the values) and
/// the vector's path (zeroized on drop; `Debug` shows only the length).
#[derive(Clone)]
pub struct ValuePath<L: Cycle> {
    path: CurvePath<L>,
    values: Vec<L::Scalar>,
}

impl<L: Cycle> core::fmt::Debug for ValuePath<L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "ValuePath {{ entries: {}, .. }}", self.values.len())
    }
}

impl<L: Cycle> Drop for ValuePath<L> {
    fn drop(&mut self) {
        self.values.zeroize();
    }
}

/// A proof of membership of a committed value (module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct MembershipProof<L: Cycle> {
    pub(crate) path: SelectProof<L>,
}

fn statement<L: Group>(transcript: &mut Transcript, width: usize, v: &L::Compressed) {
    transcript.append_message(b"dom-sep", MEMBERSHIP_DOMAIN);
    transcript.append_u64(b"w", width as u64);
    transcript.append_point::<L>(b"V", v);
}

impl<L: Cycle> MembershipProof<L> {
    /// The canonical encoding: `Ĉ_0, Ĉ_2, …` (on `L`), `Ĉ_1, Ĉ_3, …` (on
    /// `L::Other`), the circuit proof over `L` with its length as 4 bytes
    /// little-endian, then the one over `L::Other`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.path.write_points(&mut out);
        self.path.write_proofs(&mut out);
        out
    }

    /// Decode strictly a proof for a tree with `params` (the verifier's).
    pub fn from_bytes(bytes: &[u8], params: &TreeParams<L>) -> Result<Self, ProofError> {
        let depth = params.depth();
        let mut r = Reader::new(bytes);
        let (even, odd) = SelectProof::<L>::read_points(&mut r, depth)?;
        // The leaf side has the leaf vector's commitment and one per level.
        let (leaf_side, other_side) = SelectProof::<L>::read_proofs(&mut r, Some(depth / 2 + 1), depth.div_ceil(2))?;
        Ok(MembershipProof { path: SelectProof { even, odd, leaf_side, other_side } })
    }
}

/// Prove that `value` (committed with `blinding`) is the value at `path`
/// in a tree with `params` and `root`; returns the proof and
/// `V = value·B + blinding·B̃`.
pub fn prove<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    path: &ValuePath<L>,
    (value, blinding): (&L::Scalar, &L::Scalar),
    rng: &mut R,
) -> Result<(MembershipProof<L>, L::Compressed), ProofError> {
    let gens = params.leaf_gens().pedersen();
    let width = path.values.len().saturating_sub(1);
    check_width(params, width)?;
    let v = L::compress(&L::msm_ct(&[*value, *blinding], &[gens.b, gens.b_blinding]));
    // `V` is public output (and goes into the transcript).
    crate::ct::declassify(&v);
    statement::<L>(transcript, width, &v);
    // All randomness from the transcript, the secrets (the value, its
    // blinding, the leaf vector and its point) and the root, then the
    // caller's RNG: a stuck RNG neither repeats Ĉ_0 for another tree nor
    // reuses the circuits' masks (review of 2026-11-30).
    let mut witness: Vec<u8> = path.values.iter().flat_map(|e| e.to_bytes()).collect();
    let (mut vb, mut bb) = (value.to_bytes(), blinding.to_bytes());
    let mut hedged = transcript
        .build_rng()
        .rekey_with_witness_bytes(b"v", &vb)
        .rekey_with_witness_bytes(b"gamma", &bb)
        .rekey_with_witness_bytes(b"leaf vector", &witness)
        .rekey_with_witness_bytes(b"leaf", L::compressed_bytes(&L::compress(&path.path.leaf)))
        .rekey_with_witness_bytes(b"root", &root.to_bytes())
        .finalize(rng);
    vb.zeroize();
    bb.zeroize();
    witness.zeroize();
    let leaf = ValueLeaf { values: &path.values, tag: leaf_tag(params, width), value: *value, blinding: *blinding };
    let (proof, mut r0) = select::prove(params, transcript, root, &path.path, Some(&leaf), &mut hedged)?;
    r0.zeroize();
    Ok((MembershipProof { path: proof }, v))
}

/// Verify `proof` that `V`'s value is in the tree with the verifier's
/// `params`, leaf width `width` and `root`.
pub fn verify<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    width: usize,
    transcript: &mut Transcript,
    root: &Node<L>,
    v: &L::Compressed,
    proof: &MembershipProof<L>,
    rng: &mut R,
) -> Result<(), ProofError> {
    equations(params, width, transcript, root, v, proof, rng)?.verify(params)
}

/// [`verify`], deferred: `proof` replayed against the same statement into a
/// claim for [`verify_batch`](super::verify_batch). A proof that does not
/// replay is a claim the batch names. `rng` draws the scalars that join the
/// proof's checks: it must be unpredictable to the prover.
pub fn claim<'a, L: Cycle, R: RngCore + CryptoRng>(
    params: &'a TreeParams<L>,
    width: usize,
    transcript: &mut Transcript,
    root: &Node<L>,
    v: &L::Compressed,
    proof: &MembershipProof<L>,
    rng: &mut R,
) -> CurveTreeClaim<'a, L> {
    CurveTreeClaim::new(params, equations(params, width, transcript, root, v, proof, rng), None)
}

fn equations<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    width: usize,
    transcript: &mut Transcript,
    root: &Node<L>,
    v: &L::Compressed,
    proof: &MembershipProof<L>,
    rng: &mut R,
) -> Result<PathEquations<L>, ProofError> {
    let point = L::decompress(v).ok_or(ProofError::InvalidCommitment { index: 0 })?;
    if L::is_identity_vartime(&point) {
        return Err(ProofError::IdentityPoint { label: "V" });
    }
    check_width(params, width)?;
    statement::<L>(transcript, width, v);
    select::equations(params, transcript, root, &proof.path, Some((*v, width + 1, leaf_tag(params, width))), rng)
}
