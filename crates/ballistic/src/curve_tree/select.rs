//! Select and re-randomize a whole path: the core both Curve Trees
//! statements build on (the design note's `R_SR`, every level).
//!
//! For a path `C_0 (leaf), C_1, …, C_D (root)` the prover publishes
//! `Ĉ_i = C_i + [r_i]·B̃_{E_i}` for `i < D` (uniform `r_i ≠ 0`) and proves,
//! for every level `i = 1 ..= D`, in the circuit over `E_i`:
//!
//! ```text
//!     Ĉ_i = ⟨𝐱_i, 𝐆⟩ + r_i·B̃       (Ĉ_D = C_D, the verifier's root: r_D = 0)    — a vector commitment
//!     x(Ĉ_{i−1} + Δ_{E_{i−1}} − [r_{i−1}]·B̃_{E_{i−1}}) ∈ 𝐱_i                     — select_and_rerandomize
//! ```
//!
//! Levels on the same curve share one proof: odd levels' in the proof
//! over `L::Other`, even levels' over `L`. So the `𝐱_i` are opened
//! inside circuits, and each `Ĉ_{i−1}` selected at level `i` is opened at
//! level `i − 1` — except the leaf's `Ĉ_0`, which **the statement on top
//! must open** (see [`crate::curve_tree`] on `Δ`): this module is
//! crate-private until then.
//!
//! **Transcript.** One prefix binds the domain, both group names, the depth
//! and every `b_i`, `Δ` of both curves, the root and every `Ĉ_i` in order;
//! the proof over `L` forks from it, the proof over `L::Other` forks from
//! it and absorbs the first proof's bytes. The R1CS transcripts then bind
//! each circuit's constraints (each level's `T' = Ĉ + Δ + Σ R_j` fixed by
//! two public rows after all the levels' other rows) and each vector
//! commitment with its length.
//!
//! **The verifier's circuits are built once.** Only those two rows per
//! level differ between proofs of one tree shape: each side's other rows
//! are built on first use ([`SideSystem`], kept in the [`TreeParams`]) and
//! every proof's verifier resumes from them — the same transcript,
//! constraint digest and rows as a verifier built from scratch.

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroize;

use super::{CurvePath, LevelXs, Node, TreeParams};
use crate::circuit::gadgets::curve_tree::{select_and_rerandomize_deferred, TargetVars};
use crate::circuit::gadgets::Rerandomization;
use crate::circuit::{LinearCombination, PreparedSystem, Prover, R1csProof, Verifier};
use crate::ct::declassify;
use crate::embedded::{AffinePoint, Cycle};
use crate::encoding::Reader;
use crate::equation::Equation;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::lazy::Lazy;
use crate::transcript::TranscriptProtocol;

/// The domain of the statement prefix.
pub(crate) const SELECT_DOMAIN: &[u8] = b"ballistic curve-tree select-rerandomize v1";

/// A path's re-randomized nodes and its two proofs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SelectProof<L: Cycle> {
    /// `Ĉ_0, Ĉ_2, …` (on `L`).
    pub(crate) even: Vec<L::Compressed>,
    /// `Ĉ_1, Ĉ_3, …` (on `L::Other`).
    pub(crate) odd: Vec<<L::Other as Group>::Compressed>,
    /// The levels on `L` (`None` at depth 1: no level above the leaves is on `L`).
    pub(crate) leaf_side: Option<R1csProof<L>>,
    /// The levels on `L::Other`.
    pub(crate) other_side: R1csProof<L::Other>,
}

/// A statement point of the path's encoding: canonical and not the
/// identity.
pub(crate) fn read_statement_point<G: Group>(r: &mut Reader<'_>) -> Result<G::Compressed, ProofError> {
    let offset = r.position();
    let p = r.read_point::<G>()?;
    if G::is_identity_vartime(&p.point) {
        return Err(ProofError::InvalidPoint { offset });
    }
    Ok(p.compressed)
}

/// The `Ĉ`s of a path: even levels' (on `L`), odd levels' (on `L::Other`).
type PathPoints<L> = (Vec<<L as Group>::Compressed>, Vec<<<L as Cycle>::Other as Group>::Compressed>);

/// A path's two circuit proofs: the leaf side's (if any), the other side's.
type PathProofs<L> = (Option<R1csProof<L>>, R1csProof<<L as Cycle>::Other>);

impl<L: Cycle> SelectProof<L> {
    /// `Ĉ_0, Ĉ_2, …` (on `L`), then `Ĉ_1, Ĉ_3, …` (on `L::Other`).
    pub(crate) fn write_points(&self, out: &mut Vec<u8>) {
        for c in &self.even {
            out.extend_from_slice(L::compressed_bytes(c));
        }
        for c in &self.odd {
            out.extend_from_slice(<L::Other as Group>::compressed_bytes(c));
        }
    }

    /// The circuit proof over `L` (if any) with its length as 4 bytes
    /// little-endian, then the one over `L::Other` (to the end).
    pub(crate) fn write_proofs(&self, out: &mut Vec<u8>) {
        if let Some(p) = &self.leaf_side {
            let bytes = p.to_bytes();
            out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
            out.extend_from_slice(&bytes);
        }
        out.extend_from_slice(&self.other_side.to_bytes());
    }

    /// The `Ĉ`s of a path of `depth` levels ([`SelectProof::write_points`]).
    pub(crate) fn read_points(r: &mut Reader<'_>, depth: usize) -> Result<PathPoints<L>, ProofError> {
        let even = (0..depth.div_ceil(2)).map(|_| read_statement_point::<L>(r)).collect::<Result<Vec<_>, _>>()?;
        let odd = (0..depth / 2).map(|_| read_statement_point::<L::Other>(r)).collect::<Result<Vec<_>, _>>()?;
        Ok((even, odd))
    }

    /// The two circuit proofs ([`SelectProof::write_proofs`]), the rest of
    /// `r`: the leaf side's with `leaf_side` vector commitments (`None`:
    /// no leaf-side proof), the other side's with `other_side`.
    pub(crate) fn read_proofs(
        r: &mut Reader<'_>,
        leaf_side: Option<usize>,
        other_side: usize,
    ) -> Result<PathProofs<L>, ProofError> {
        let leaf = match leaf_side {
            Some(n_c) => {
                let len = r.take(4)?;
                let len = len.try_into().map(u32::from_le_bytes).unwrap_or(u32::MAX) as usize;
                let offset = r.position();
                Some(R1csProof::<L>::from_bytes_with(r.take(len)?, n_c).map_err(|e| e.within(offset))?)
            }
            None => None,
        };
        let offset = r.position();
        let rest = r.take(r.remaining())?;
        let other = R1csProof::<L::Other>::from_bytes_with(rest, other_side).map_err(|e| e.within(offset))?;
        Ok((leaf, other))
    }
}

/// `r ≠ 0`, uniform.
fn nonzero<S: ScalarOps, R: RngCore + CryptoRng>(rng: &mut R) -> S {
    loop {
        let r = S::random(rng);
        // Only whether r = 0 is revealed (through memory, so that the
        // declassification covers what the branch reads).
        let mut zero = r.ct_eq(&S::zero()).unwrap_u8();
        declassify(&zero);
        if core::hint::black_box(&mut zero) == &0 {
            return r;
        }
    }
}

/// The re-randomization parameters for children on `A::Other`, in `A`'s
/// circuits: `H = B̃` and `Δ` of `A::Other`, embedded.
pub(crate) fn rerandomization<A: Cycle>(
    other_gens: &Generators<A::Other>,
    delta: &<A::Other as Group>::Point,
) -> Result<Rerandomization<A::Curve>, ProofError> {
    let h = A::embed(&other_gens.pedersen().b_blinding).ok_or(ProofError::Gadget { message: "B̃ is O".into() })?;
    let d = A::embed(delta).ok_or(ProofError::Gadget { message: "Δ is O".into() })?;
    Rerandomization::new(&h, &d)
}

/// The embedded point of a compressed public child, refusing bad encodings
/// and the identity.
fn public_child<A: Cycle>(c: &<A::Other as Group>::Compressed) -> Result<AffinePoint<A::Scalar>, ProofError> {
    let p = <A::Other as Group>::decompress(c).ok_or(ProofError::InvalidPoint { offset: 0 })?;
    A::embed(&p).ok_or(ProofError::IdentityPoint { label: "C-hat" })
}

/// The statement prefix (module documentation).
fn prefix<L: Cycle>(
    transcript: &mut Transcript,
    params: &TreeParams<L>,
    root: &Node<L>,
    even: &[L::Compressed],
    odd: &[<L::Other as Group>::Compressed],
) {
    transcript.append_message(b"dom-sep", SELECT_DOMAIN);
    transcript.append_message(b"group", L::NAME.as_bytes());
    transcript.append_message(b"group", <L::Other as Group>::NAME.as_bytes());
    transcript.append_u64(b"depth", params.depth() as u64);
    for b in params.branching() {
        transcript.append_u64(b"b", *b as u64);
    }
    // The generators the statement uses outside the vector commitments
    // (the circuits' own are bound by the R1CS transcripts' vector
    // commitments and constraints only through the points they produce).
    let (lp, op) = (params.leaf_gens().pedersen(), params.other_gens().pedersen());
    transcript.append_point::<L>(b"B", &L::compress(&lp.b));
    transcript.append_point::<L>(b"B-blinding", &L::compress(&lp.b_blinding));
    transcript.append_point::<L::Other>(b"B", &<L::Other as Group>::compress(&op.b));
    transcript.append_point::<L::Other>(b"B-blinding", &<L::Other as Group>::compress(&op.b_blinding));
    transcript.append_point::<L>(b"delta", &L::compress(params.leaf_delta()));
    transcript.append_point::<L::Other>(b"delta", &<L::Other as Group>::compress(params.other_delta()));
    match root {
        Node::Leaf(p) => transcript.append_point::<L>(b"root", &L::compress(p)),
        Node::Other(p) => transcript.append_point::<L::Other>(b"root", &<L::Other as Group>::compress(p)),
    }
    // In level order: Ĉ_0, Ĉ_1, …
    for i in 0..params.depth() {
        if i % 2 == 0 {
            if let Some(c) = even.get(i / 2) {
                transcript.append_point::<L>(b"C-hat", c);
            }
        } else if let Some(c) = odd.get(i / 2) {
            transcript.append_point::<L::Other>(b"C-hat", c);
        }
    }
}

/// One level of a side, the prover's: the node's children, its blinding
/// (zero at the root), the child's `Ĉ` embedded and the child's `r`.
struct ProverLevel<A: Cycle> {
    xs: Vec<A::Scalar>,
    blinding: A::Scalar,
    child: AffinePoint<A::Scalar>,
    r_child: [u8; 32],
}

impl<A: Cycle> Drop for ProverLevel<A> {
    fn drop(&mut self) {
        self.xs.zeroize();
        self.blinding.zeroize();
        self.r_child.zeroize();
    }
}

/// A value leaf, the prover's: the leaf vector's entries (the selected
/// `Ĉ_0 = ⟨𝐯, 𝐆⟩ + r_0·B̃` opens to them) and the opening `(v, γ)` of the
/// statement's `V = v·B + γ·B̃`.
pub(crate) struct ValueLeaf<'a, S> {
    /// The leaf vector's entries: the tree's tag, then the values.
    pub(crate) values: &'a [S],
    pub(crate) tag: S,
    pub(crate) value: S,
    pub(crate) blinding: S,
}

/// The value-leaf gadget (membership of a committed value): `V`'s value is
/// one of the leaf vector's entries and is not zero (empty slots hold 0),
/// `w − 1 + 1` gates. `value` is the prover's (`V` and `Ĉ_0` are committed
/// by the caller; their variables come here).
fn value_leaf<S: ScalarOps, CS: crate::circuit::ConstraintSystem<S>>(
    cs: &mut CS,
    v: crate::circuit::Variable,
    entries: Vec<crate::circuit::Variable>,
    tag: S,
    value: Option<S>,
) -> Result<(), ProofError> {
    let mut entries = entries.into_iter().map(LinearCombination::from);
    // Entry 0 is the tree's tag (a linear constraint: no gate), so a leaf
    // vector is never an internal node or a leaf of another shape.
    let first = entries.next().ok_or(ProofError::Gadget { message: "an empty leaf vector".into() })?;
    cs.constrain(first - tag);
    let values: Vec<LinearCombination<S>> = entries.collect();
    crate::circuit::gadgets::select(cs, &values, v.into())?;
    let (x, _, one) = cs.allocate_multiplier(value.map(|v| (v, v.invert_ct())))?;
    cs.constrain(LinearCombination::from(x) - v);
    cs.constrain(LinearCombination::from(one) - S::one());
    Ok(())
}

fn prove_side<A: Cycle, R: RngCore + CryptoRng>(
    gens: &Generators<A>,
    params: &Rerandomization<A::Curve>,
    transcript: Transcript,
    leaf: Option<(&ValueLeaf<'_, A::Scalar>, A::Scalar)>,
    levels: &[ProverLevel<A>],
    rng: &mut R,
) -> Result<R1csProof<A>, ProofError> {
    let mut prover = Prover::new(gens, transcript);
    if let Some((leaf, r0)) = leaf {
        let (_, v) = prover.commit(leaf.value, leaf.blinding);
        let (_, entries) = prover.commit_vec(leaf.values, r0)?;
        value_leaf(&mut prover, v, entries, leaf.tag, Some(leaf.value))?;
    }
    let mut targets = Vec::with_capacity(levels.len());
    for level in levels {
        let (_, vars) = prover.commit_vec(&level.xs, level.blinding)?;
        let children: Vec<LinearCombination<A::Scalar>> = vars.into_iter().map(LinearCombination::from).collect();
        let target = params.target(&level.child)?;
        targets.push(select_and_rerandomize_deferred(&mut prover, params, &children, Some((target, &level.r_child)))?);
    }
    // The rows that differ per proof come last (see `SideSystem`).
    for (vars, level) in targets.iter().zip(levels) {
        vars.constrain(&mut prover, params, &level.child)?;
    }
    prover.prove_with_rng(rng)
}

/// A side's system as built (a cached error is one of the parameters', so
/// it would recur).
type Built<A> = Result<SideSystem<A>, ProofError>;

/// A value leaf's shape: the leaf vectors' length and the tree's tag.
type ValueLeafShape<A> = (usize, <A as Group>::Scalar);

/// A value leaf's statement on its side: `V`, `Ĉ_0`, and the shape.
type SideLeaf<A> = (<A as Group>::Compressed, <A as Group>::Compressed, usize, <A as Group>::Scalar);

/// The verifier's [`SideSystem`]s of a [`TreeParams`], built on first use:
/// the other side's, the leaf side's of ownership (no value leaf), and the
/// leaf side's of membership for the first leaf-vector length and tag
/// verified (another builds its own each time). A clone starts empty.
pub(crate) struct SideSystems<L: Cycle> {
    other: Lazy<Built<L::Other>>,
    leaf: Lazy<Built<L>>,
    value_leaf: Lazy<(ValueLeafShape<L>, Built<L>)>,
}

impl<L: Cycle> Default for SideSystems<L> {
    fn default() -> Self {
        SideSystems { other: Lazy::new(), leaf: Lazy::new(), value_leaf: Lazy::new() }
    }
}

impl<L: Cycle> Clone for SideSystems<L> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<L: Cycle> core::fmt::Debug for SideSystems<L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SideSystems")
    }
}

/// A side's constraints up to the per-proof rows, built once per tree
/// shape (and statement) and shared by the verifiers of every proof: the
/// value leaf (when there is one) and every level's vector commitment,
/// re-randomization and selection, without the two rows per level that
/// name `T'`. A proof's verifier resumes from it with its commitments and
/// adds those two rows per level for its `Ĉ`'s — the rows the prover
/// ([`prove_side`]) adds last, in the same order, so the constraint digest
/// and every challenge are those of a verifier built from scratch.
pub(crate) struct SideSystem<A: Cycle> {
    system: PreparedSystem<A>,
    targets: Vec<TargetVars<A::Scalar>>,
}

impl<A: Cycle> core::fmt::Debug for SideSystem<A> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SideSystem").field("system", &self.system).finish_non_exhaustive()
    }
}

impl<A: Cycle> SideSystem<A> {
    /// Build a side of `branching` levels (in order) and, with `leaf =
    /// Some((len, tag))`, a value leaf of `len` entries tagged `tag`.
    pub(crate) fn new(
        params: &Rerandomization<A::Curve>,
        leaf: Option<(usize, A::Scalar)>,
        branching: &[usize],
    ) -> Result<Self, ProofError> {
        // The commitments' values do not enter a prepared system (only
        // their number and lengths): any encoding stands for them.
        let any = A::compress(&A::identity());
        let mut verifier = Verifier::<A>::new(Transcript::new(b"prepared side"));
        let leaf = leaf.map(|(len, tag)| (any, any, len, tag));
        let targets = build_side(&mut verifier, params, leaf, branching.iter().map(|b| (any, *b)))?;
        Ok(SideSystem { system: verifier.prepare_with_vectors()?, targets })
    }
}

/// A side's rows up to the per-proof ones (the prover's order): with
/// `leaf = Some((V, Ĉ_0, len, tag))` the value leaf, then each level's
/// vector commitment (commitment, branching), re-randomization and
/// selection; returns each level's deferred rows.
fn build_side<A: Cycle>(
    verifier: &mut Verifier<A>,
    params: &Rerandomization<A::Curve>,
    leaf: Option<SideLeaf<A>>,
    levels: impl Iterator<Item = (A::Compressed, usize)>,
) -> Result<Vec<TargetVars<A::Scalar>>, ProofError> {
    if let Some((value, c_hat, len, tag)) = leaf {
        let v = verifier.commit(value);
        let entries = verifier.commit_vec(c_hat, len)?;
        value_leaf::<A::Scalar, _>(verifier, v, entries, tag, None)?;
    }
    let mut targets = Vec::new();
    for (commitment, b) in levels {
        let vars = verifier.commit_vec(commitment, b)?;
        let children: Vec<LinearCombination<A::Scalar>> = vars.into_iter().map(LinearCombination::from).collect();
        targets.push(select_and_rerandomize_deferred(verifier, params, &children, None)?);
    }
    Ok(targets)
}

/// One level of a side, the verifier's: the node's (re-randomized)
/// commitment, its branching, and the child's `Ĉ` embedded.
type VerifierLevel<A> = (<A as Group>::Compressed, usize, AffinePoint<<A as Group>::Scalar>);

/// The verifier's value leaf: `V`, the leaf vectors' length (`w + 1`) and
/// the tree's tag.
pub(crate) type VerifierLeaf<A> = (<A as Group>::Compressed, usize, <A as Group>::Scalar);

/// A side's equation: its verifier resumed from `system` (or, without, built
/// from scratch — the tests' reference), the per-proof rows, the replay.
#[allow(clippy::too_many_arguments)]
fn side_equation<A: Cycle, R: RngCore + CryptoRng>(
    gens: &Generators<A>,
    params: &Rerandomization<A::Curve>,
    system: Option<&SideSystem<A>>,
    transcript: Transcript,
    leaf: Option<SideLeaf<A>>,
    levels: &[VerifierLevel<A>],
    proof: &R1csProof<A>,
    rng: &mut R,
) -> Result<Equation<A>, ProofError> {
    let built;
    let (mut verifier, targets) = match system {
        Some(system) => {
            if system.targets.len() != levels.len() {
                return Err(ProofError::Gadget { message: "a side of another shape".into() });
            }
            let (values, mut vectors) = match leaf {
                Some((value, c_hat, _, _)) => (alloc::vec![value], alloc::vec![c_hat]),
                None => (Vec::new(), Vec::new()),
            };
            vectors.extend(levels.iter().map(|(commitment, _, _)| *commitment));
            (system.system.verifier_with_vectors(transcript, &values, &vectors)?, &system.targets)
        }
        None => {
            let mut verifier = Verifier::new(transcript);
            built = build_side(&mut verifier, params, leaf, levels.iter().map(|(c, b, _)| (*c, *b)))?;
            (verifier, &built)
        }
    };
    for (vars, (_, _, child)) in targets.iter().zip(levels) {
        vars.constrain(&mut verifier, params, child)?;
    }
    let mut eq = Equation::new();
    let combine = <A::Scalar as ScalarOps>::random(rng);
    verifier.add_terms(proof, gens.vector(), A::Scalar::one(), combine, &mut eq)?;
    Ok(eq)
}

/// The node `⟨𝐱, 𝐆⟩` of a level's children on `A` (constant time: which
/// node is secret).
fn node<A: Cycle>(gens: &Generators<A>, xs: &[A::Scalar]) -> Result<A::Point, ProofError> {
    let g = gens
        .vector()
        .g_chains()
        .first()
        .and_then(|c| c.get(..xs.len()))
        .ok_or(ProofError::InsufficientGenerators { parties_needed: 1, per_party_needed: xs.len() })?;
    Ok(A::msm_ct(xs, g))
}

/// Prove `path` (from a tree with `params`), returning the proof and the
/// leaf's re-randomizer `r_0` (`Ĉ_0 = C_0 + r_0·B̃`), which the statement on
/// top uses to open `Ĉ_0`.
pub(crate) fn prove<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    path: &CurvePath<L>,
    leaf: Option<&ValueLeaf<'_, L::Scalar>>,
    rng: &mut R,
) -> Result<(SelectProof<L>, L::Scalar), ProofError> {
    let depth = params.depth();
    if path.levels.len() != depth {
        return Err(ProofError::Gadget { message: "path of another depth".into() });
    }
    // Ĉ_i and r_i for i < D: even levels on L, odd on L::Other.
    let (leaf_gens, other_gens) = (params.leaf_gens(), params.other_gens());
    let mut r_even: Vec<L::Scalar> = Vec::new();
    let mut r_odd: Vec<<L::Other as Group>::Scalar> = Vec::new();
    let mut hat_even: Vec<L::Point> = Vec::new();
    let mut hat_odd: Vec<<L::Other as Group>::Point> = Vec::new();
    for i in 0..depth {
        if i % 2 == 0 {
            let c = match i {
                0 => path.leaf,
                _ => match &path.levels.get(i - 1).map(|l| &l.xs) {
                    Some(LevelXs::Leaf(xs)) => node::<L>(leaf_gens, xs)?,
                    _ => return Err(ProofError::Gadget { message: "path levels alternate".into() }),
                },
            };
            let r = nonzero::<L::Scalar, R>(rng);
            hat_even.push(c + L::mul_ct(&leaf_gens.pedersen().b_blinding, &r));
            r_even.push(r);
        } else {
            let c = match &path.levels.get(i - 1).map(|l| &l.xs) {
                Some(LevelXs::Other(xs)) => node::<L::Other>(other_gens, xs)?,
                _ => return Err(ProofError::Gadget { message: "path levels alternate".into() }),
            };
            let r = nonzero::<<L::Other as Group>::Scalar, R>(rng);
            hat_odd.push(c + <L::Other as Group>::mul_ct(&other_gens.pedersen().b_blinding, &r));
            r_odd.push(r);
        }
    }
    // The path must lead to the verifier's root (a mismatch would only give
    // a proof that cannot verify).
    let top = match path.levels.last().map(|l| &l.xs) {
        Some(LevelXs::Leaf(xs)) => Some(Node::Leaf(node::<L>(leaf_gens, xs)?)),
        Some(LevelXs::Other(xs)) => Some(Node::Other(node::<L::Other>(other_gens, xs)?)),
        None => None,
    };
    // Only the verdict is revealed.
    let mut wrong_root = u8::from(top.as_ref() != Some(root));
    declassify(&wrong_root);
    if core::hint::black_box(&mut wrong_root) != &0 {
        return Err(ProofError::Gadget { message: "the path does not lead to this root".into() });
    }
    // The Ĉ_i are the proof's public output: from here on they are public
    // data (the circuits use them as constants).
    declassify(&hat_even[..]);
    declassify(&hat_odd[..]);
    let even: Vec<L::Compressed> = hat_even.iter().map(L::compress).collect();
    let odd: Vec<<L::Other as Group>::Compressed> = hat_odd.iter().map(<L::Other as Group>::compress).collect();
    prefix(transcript, params, root, &even, &odd);

    // Level i (1 ..= D) proves in E_i's circuit; its child is level i − 1.
    let mut leaf_levels: Vec<ProverLevel<L>> = Vec::new();
    let mut other_levels: Vec<ProverLevel<L::Other>> = Vec::new();
    for (i, level) in (1..=depth).zip(&path.levels) {
        match &level.xs {
            LevelXs::Other(xs) => {
                // Parent on L::Other (odd i), child Ĉ_{i−1} on L.
                let child = hat_even.get((i - 1) / 2).and_then(<L::Other as Cycle>::embed);
                let r_child = r_even.get((i - 1) / 2).map(ScalarOps::to_bytes);
                let blinding = if i == depth {
                    ScalarOps::zero()
                } else {
                    r_odd.get(i / 2).copied().unwrap_or_else(ScalarOps::zero)
                };
                let (Some(child), Some(r_child)) = (child, r_child) else {
                    return Err(ProofError::Gadget { message: "path levels alternate".into() });
                };
                other_levels.push(ProverLevel { xs: xs.clone(), blinding, child, r_child });
            }
            LevelXs::Leaf(xs) => {
                let child = hat_odd.get((i - 1) / 2).and_then(<L as Cycle>::embed);
                let r_child = r_odd.get((i - 1) / 2).map(ScalarOps::to_bytes);
                let blinding = if i == depth {
                    ScalarOps::zero()
                } else {
                    r_even.get(i / 2).copied().unwrap_or_else(ScalarOps::zero)
                };
                let (Some(child), Some(r_child)) = (child, r_child) else {
                    return Err(ProofError::Gadget { message: "path levels alternate".into() });
                };
                leaf_levels.push(ProverLevel { xs: xs.clone(), blinding, child, r_child });
            }
        }
    }
    let leaf_opening = leaf.map(|l| (l, r_even.first().copied().unwrap_or_else(ScalarOps::zero)));
    let leaf_side = if leaf_levels.is_empty() && leaf_opening.is_none() {
        None
    } else {
        let rr = &params.leaf_side;
        let mut t = transcript.clone();
        t.append_message(b"side", L::NAME.as_bytes());
        Some(prove_side(leaf_gens, rr, t, leaf_opening, &leaf_levels, rng)?)
    };
    let rr = &params.other_side;
    let mut t = transcript.clone();
    t.append_message(b"side", <L::Other as Group>::NAME.as_bytes());
    if let Some(p) = &leaf_side {
        t.append_message(b"first proof", &p.to_bytes());
    }
    let other_side = prove_side(other_gens, rr, t, None, &other_levels, rng)?;
    bind_proofs(transcript, leaf_side.as_ref(), &other_side);
    let r0 = r_even.first().copied().unwrap_or_else(ScalarOps::zero);
    r_even.zeroize();
    r_odd.zeroize();
    Ok((SelectProof { even, odd, leaf_side, other_side }, r0))
}

/// The two equations of a path proof, one per curve of the cycle: each
/// side's R1CS equation (its two checks joined by a fresh random scalar),
/// not yet evaluated. The leaf side's is empty when the path has no proof
/// over `L` (depth 1 without a value leaf); the statement on top adds its
/// own terms (the opening of `Ĉ_0`) to it.
pub(crate) struct PathEquations<L: Cycle> {
    pub(crate) leaf: Equation<L>,
    pub(crate) other: Equation<L::Other>,
}

impl<L: Cycle> PathEquations<L> {
    /// Evaluate both equations (two multiscalar multiplications).
    pub(crate) fn verify(&self, params: &TreeParams<L>) -> Result<(), ProofError> {
        if self.leaf.is_identity(params.leaf_gens())? && self.other.is_identity(params.other_gens())? {
            Ok(())
        } else {
            Err(ProofError::VerificationFailed)
        }
    }
}

/// Replay `proof` against the verifier's `params` and `root` into its two
/// equations ([`PathEquations`]); the caller still has to open `Ĉ_0`
/// (`proof.even[0]`) and evaluate them.
pub(crate) fn equations<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    proof: &SelectProof<L>,
    leaf: Option<VerifierLeaf<L>>,
    rng: &mut R,
) -> Result<PathEquations<L>, ProofError> {
    equations_with(params, transcript, root, proof, leaf, true, rng)
}

/// [`equations`] with each side's verifier built from scratch (the
/// reference the prepared sides are tested against).
#[cfg(test)]
pub(crate) fn equations_from_scratch<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    proof: &SelectProof<L>,
    leaf: Option<VerifierLeaf<L>>,
    rng: &mut R,
) -> Result<PathEquations<L>, ProofError> {
    equations_with(params, transcript, root, proof, leaf, false, rng)
}

fn equations_with<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    proof: &SelectProof<L>,
    leaf: Option<VerifierLeaf<L>>,
    prepared: bool,
    rng: &mut R,
) -> Result<PathEquations<L>, ProofError> {
    let depth = params.depth();
    let leaf_side = depth >= 2 || leaf.is_some();
    if proof.even.len() != depth.div_ceil(2) || proof.odd.len() != depth / 2 || proof.leaf_side.is_some() != leaf_side {
        return Err(ProofError::WrongLength { expected: depth, got: proof.even.len() + proof.odd.len() });
    }
    let root_on_leaf = matches!(root, Node::Leaf(_));
    if root_on_leaf != (depth % 2 == 0) {
        return Err(ProofError::Gadget { message: "root on the wrong curve for the depth".into() });
    }
    let shape = || ProofError::WrongLength { expected: depth, got: proof.even.len() + proof.odd.len() };
    prefix(transcript, params, root, &proof.even, &proof.odd);
    let mut leaf_levels: Vec<VerifierLevel<L>> = Vec::new();
    let mut other_levels = Vec::new();
    for (i, &b) in (1..=depth).zip(params.branching()) {
        if i % 2 == 1 {
            let child = proof.even.get((i - 1) / 2).ok_or(shape())?;
            let commitment = if i == depth {
                match root {
                    Node::Other(p) => <L::Other as Group>::compress(p),
                    Node::Leaf(_) => return Err(shape()),
                }
            } else {
                *proof.odd.get(i / 2).ok_or(shape())?
            };
            other_levels.push((commitment, b, public_child::<L::Other>(child)?));
        } else {
            let child = proof.odd.get((i - 1) / 2).ok_or(shape())?;
            let commitment = if i == depth {
                match root {
                    Node::Leaf(p) => L::compress(p),
                    Node::Other(_) => return Err(shape()),
                }
            } else {
                *proof.even.get(i / 2).ok_or(shape())?
            };
            leaf_levels.push((commitment, b, public_child::<L>(child)?));
        }
    }
    let leaf_eq = match &proof.leaf_side {
        Some(p) => {
            let rr = &params.leaf_side;
            let mut t = transcript.clone();
            t.append_message(b"side", L::NAME.as_bytes());
            let c_hat = *proof.even.first().ok_or_else(shape)?;
            let shape: Vec<usize> = leaf_levels.iter().map(|(_, b, _)| *b).collect();
            let owned;
            let system = match leaf.map(|(_, len, tag)| (len, tag)) {
                None => params.systems.leaf.get_or_init(|| SideSystem::new(rr, None, &shape)).as_ref(),
                Some(value_leaf) => {
                    let (key, cached) = params
                        .systems
                        .value_leaf
                        .get_or_init(|| (value_leaf, SideSystem::new(rr, Some(value_leaf), &shape)));
                    if *key == value_leaf {
                        cached.as_ref()
                    } else {
                        owned = SideSystem::new(rr, Some(value_leaf), &shape);
                        owned.as_ref()
                    }
                }
            }
            .map_err(Clone::clone)?;
            let system = Some(system).filter(|_| prepared);
            let leaf = leaf.map(|(value, len, tag)| (value, c_hat, len, tag));
            side_equation(params.leaf_gens(), rr, system, t, leaf, &leaf_levels, p, rng)?
        }
        None => Equation::new(),
    };
    let rr = &params.other_side;
    let mut t = transcript.clone();
    t.append_message(b"side", <L::Other as Group>::NAME.as_bytes());
    if let Some(p) = &proof.leaf_side {
        t.append_message(b"first proof", &p.to_bytes());
    }
    let shape: Vec<usize> = other_levels.iter().map(|(_, b, _)| *b).collect();
    let system =
        params.systems.other.get_or_init(|| SideSystem::new(rr, None, &shape)).as_ref().map_err(Clone::clone)?;
    let system = Some(system).filter(|_| prepared);
    let other_eq = side_equation(params.other_gens(), rr, system, t, None, &other_levels, &proof.other_side, rng)?;
    bind_proofs(transcript, proof.leaf_side.as_ref(), &proof.other_side);
    Ok(PathEquations { leaf: leaf_eq, other: other_eq })
}

/// Both proofs into the caller's transcript, after the prefix: the
/// statement on top (the opening of `Ĉ_0`) draws its challenges after
/// them, so its proof is tied to these two. Whatever the statement binds
/// about itself (its kind, context, message) it appends before calling
/// [`prove`] / [`verify`], so that both sides fork after it.
fn bind_proofs<L: Cycle>(
    transcript: &mut Transcript,
    leaf_side: Option<&R1csProof<L>>,
    other_side: &R1csProof<L::Other>,
) {
    if let Some(p) = leaf_side {
        transcript.append_message(b"leaf-side proof", &p.to_bytes());
    }
    transcript.append_message(b"other-side proof", &other_side.to_bytes());
}
