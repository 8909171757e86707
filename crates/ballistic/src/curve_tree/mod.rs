//! Curve Trees (Campanelli, Hall-Andersen, Kamp, "Curve Trees: Practical
//! and Transparent Zero-Knowledge Accumulators", eprint 2022/756) on the
//! secp256k1/secq256k1 [cycle](Cycle): an accumulator of
//! points whose levels alternate between the two curves, so that a
//! membership path is proved by one Bulletproofs circuit per curve with a
//! few hundred gates per level and no hash function.
//!
//! **The tree.** Leaves `C_{0,j}` are points of the leaf group `L` (level
//! 0). A node at level `i ≥ 1` lies on `E_i = L` for even `i` and on
//! `E_i = L::Other` for odd `i`, and commits to its (up to) `b_i` children
//! through their `x`-coordinates, shifted by the children's curve's `Δ`:
//!
//! ```text
//!     C_{i,j} = Σ_{k < b_i} x(C_{i−1, j·b_i + k} + Δ_{E_{i−1}})·G^{(E_i)}_k        (no blinding)
//! ```
//!
//! `x(·)` is a base-field element of `E_{i−1}`, which is the scalar field of
//! `E_i` (the cycle); `G^{(E)}_k` are the first vector generators of `E`'s
//! proofs ([`Generators`]); an empty slot holds `x = 0` (neither curve has a
//! point with `x = 0`: `7` is a non-square modulo both primes). The root is
//! the one node of level `D` (the depth). `Δ_E` is a hash-derived point
//! ([`delta`]); the builder refuses a leaf with `C + Δ = O`.
//!
//! **Why `Δ`.** An `x`-coordinate names a point up to sign. A circuit that
//! selects a child by `x(Ĉ + Δ − [r]·H)` (the gadget
//! [`select_and_rerandomize`](crate::circuit::gadgets::select_and_rerandomize))
//! proves `Ĉ = C + [r]H` or `Ĉ = −C − 2Δ + [r]H`; opening the latter with
//! generators that do not involve `Δ` gives a discrete-logarithm relation
//! involving `Δ`, so once every selected point is opened (as the next
//! level's vector commitment, or by the statement at the leaf) only the
//! first branch is feasible. This is the authors' replacement (their
//! implementation's commit `4769f42`) of the paper's "permissible points",
//! which needed a per-node search and a fixed universal hash.
//!
//! **A leaf is a pair.** The tree commits to `x(C + Δ)` only, which
//! `C` and `−C − 2Δ` share. Statements open the selected leaf, so whoever
//! proves membership through `−C − 2Δ` must know an opening of that point:
//! a tree holding `C` also admits proofs by whoever can open `−C − 2Δ`
//! (for keys: paying to `−Y − 2Δ` makes a tree holding it admit a proof of
//! ownership of `Y`). Applications that insert leaves chosen by others
//! should have them opened at insertion. [`TreeParams::accepts_leaf`]
//! screens the leaves a builder refuses (the identity, `−Δ`), so one bad
//! submission cannot block a build.
//!
//! Sizes: depth `1 ..= MAX_DEPTH`, branching `2 ..= MAX_BRANCHING` per
//! level, at most `2^40` leaves.

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use sha3::{Digest, Sha3_512};

use crate::circuit::gadgets::Rerandomization;
pub use crate::embedded::Cycle;
use crate::embedded::WithEmbeddedCurve;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};

/// The most levels above the leaves.
pub const MAX_DEPTH: usize = 8;
/// The most children per node.
pub const MAX_BRANCHING: usize = 4096;
/// The most leaves a tree holds (`2^40`).
pub const MAX_LEAVES: u64 = 1 << 40;

/// The domain of [`delta`]'s hash.
pub const DELTA_LABEL: &[u8] = b"ballistic/curve-tree/v1/delta";

/// `Δ_G = hash_to_point(SHA3-512(DELTA_LABEL ‖ G::NAME))`: a point of `G`
/// with no known logarithm to any generator (every generator is hashed
/// from another label).
pub fn delta<G: Group>() -> G::Point {
    let mut h = Sha3_512::new();
    h.update(DELTA_LABEL);
    h.update(G::NAME.as_bytes());
    G::hash_to_point(&h.finalize().into())
}

/// Gates of one level of the path proof, besides the `b − 1` of the
/// selection (`select_and_rerandomize` with a 256-bit `r`).
pub(crate) const LEVEL_GATES: usize = 769;

/// Refuse generators whose blinding generator `B̃` is `±B`, `±Δ` or `±G_k`
/// for a `k` a node uses (with `B̃ = G_0` an honest root opens to any
/// chosen first child), and a `Δ` equal to `±B` or a vector generator
/// (reviews of 2026-11-30). Relations that are not equalities cannot be
/// checked: **the parameters are trusted**, and must use the hash-derived
/// generators ([`Generators::new`]).
fn check_generators<G: Group>(gens: &Generators<G>, delta: &G::Point, width: usize) -> Result<(), ProofError> {
    let bt = gens.pedersen().b_blinding;
    let g = gens.vector().g_chains().first().map(Vec::as_slice).unwrap_or_default();
    let related = |p: &G::Point| *p == bt || *p == -bt;
    if related(&gens.pedersen().b) || related(delta) || g.iter().take(width).any(related) {
        return Err(err(format!("{} generators: B̃ is ±B, ±Δ or a node generator", G::NAME)));
    }
    // Δ equal to ±B, ±G_k or ±H_k would make the sign branch open (the
    // vector-commitment relation leaves a residue on the later generators
    // and on the H_k).
    let h = gens.vector().h_chains().first().map(Vec::as_slice).unwrap_or_default();
    let is_delta = |p: &G::Point| *p == *delta || *p == -*delta;
    if is_delta(&gens.pedersen().b) || g.iter().chain(h).any(is_delta) {
        return Err(err(format!("{} generators: Δ is ±B or a vector generator", G::NAME)));
    }
    Ok(())
}

/// The gates of the circuit on the leaf curve (`side` 0: levels 2, 4, …)
/// or the other (`side` 1: levels 1, 3, …), before padding.
fn side_gates(branching: &[usize], side: usize) -> usize {
    branching.iter().enumerate().filter(|(i, _)| (i + 1) % 2 == side).map(|(_, b)| LEVEL_GATES + b - 1).sum()
}

/// A branching (from the leaves up) for a tree of `count` leaves, as
/// measured (`crates/ballistic-bench/results/curve_tree_growth.md`): two
/// levels of about `√count` up to 2^20 leaves; three up to 2^26, with 1,024
/// in the middle (on the leaf curve); four beyond, with 256 on the leaf
/// curve. The capacity is `count` rounded up to a power of two, at least 4;
/// `None` past [`MAX_LEAVES`].
pub fn shape_for(count: u64) -> Option<Vec<usize>> {
    if count > MAX_LEAVES {
        return None;
    }
    let log2 = count.max(4).next_power_of_two().trailing_zeros();
    let half = |k: u32| (1usize << k.div_ceil(2), 1usize << (k / 2));
    Some(match log2 {
        0..=20 => {
            let (a, b) = half(log2);
            vec![a, b]
        }
        21..=26 => {
            let (a, b) = half(log2 - 10);
            vec![a, 1024, b]
        }
        _ => {
            let (a, b) = half(log2 - 16);
            vec![a, 256, b, 256]
        }
    })
}

fn err(message: alloc::string::String) -> ProofError {
    ProofError::Gadget { message }
}

/// A tree's shape and public parameters: the branching factor of each
/// level (from the leaves up), the two curves' generators and `Δ`s.
#[derive(Clone, Debug)]
pub struct TreeParams<L: Cycle> {
    branching: Vec<usize>,
    leaf_gens: Generators<L>,
    other_gens: Generators<L::Other>,
    leaf_delta: L::Point,
    other_delta: <L::Other as Group>::Point,
    /// The re-randomization tables of `L`'s circuits (children on
    /// `L::Other`: `H = B̃`, `Δ` of `L::Other`) and of `L::Other`'s.
    pub(crate) leaf_side: Rerandomization<L::Curve>,
    pub(crate) other_side: Rerandomization<<L::Other as WithEmbeddedCurve>::Curve>,
    /// The verifier's circuits up to their per-proof rows, built on first
    /// use.
    pub(crate) systems: select::SideSystems<L>,
}

impl<L: Cycle> TreeParams<L> {
    /// A tree of depth `branching.len()` whose level-`i` nodes have
    /// `branching[i − 1]` children, over the two curves' proof generators
    /// (each must have at least the branching of every level on its curve).
    pub fn new(
        branching: &[usize],
        leaf_gens: Generators<L>,
        other_gens: Generators<L::Other>,
    ) -> Result<Self, ProofError> {
        if branching.is_empty() || branching.len() > MAX_DEPTH {
            return Err(err(format!("curve tree of depth {} (1 ..= {MAX_DEPTH})", branching.len())));
        }
        let mut capacity: u64 = 1;
        for (i, &b) in branching.iter().enumerate() {
            if !(2..=MAX_BRANCHING).contains(&b) {
                return Err(err(format!("level {}: branching {b} (2 ..= {MAX_BRANCHING})", i + 1)));
            }
            let gens =
                if (i + 1) % 2 == 0 { leaf_gens.vector().gens_capacity() } else { other_gens.vector().gens_capacity() };
            if gens < b {
                return Err(err(format!("level {}: branching {b} past the curve's {gens} generators", i + 1)));
            }
            capacity = capacity.saturating_mul(b as u64);
        }
        let (leaf_delta, other_delta) = (delta::<L>(), delta::<L::Other>());
        let leaf_side = select::rerandomization::<L>(&other_gens, &other_delta)?;
        let other_side = select::rerandomization::<L::Other>(&leaf_gens, &leaf_delta)?;
        let params = TreeParams {
            branching: branching.to_vec(),
            leaf_gens,
            other_gens,
            leaf_delta,
            other_delta,
            leaf_side,
            other_side,
            systems: select::SideSystems::default(),
        };
        // Each side's circuit: 769 + b − 1 gates per level on its curve,
        // padded to a power of two, within the curve's generators.
        for (side, gens) in
            [(0, params.leaf_gens.vector().gens_capacity()), (1, params.other_gens.vector().gens_capacity())]
        {
            let gates = side_gates(&params.branching, side);
            if gates.checked_next_power_of_two().is_none_or(|n| n > gens) {
                return Err(err(format!("{gates} gates on one curve past its {gens} generators")));
            }
        }
        check_generators::<L>(&params.leaf_gens, &params.leaf_delta, params.max_branching(0))?;
        check_generators::<L::Other>(&params.other_gens, &params.other_delta, params.max_branching(1))?;
        Ok(params)
    }

    /// The vector generators per chain each curve needs for a tree of
    /// `branching` (the leaf curve's, the other's): the widest level on
    /// the curve, and its circuit's gates padded to a power of two (what
    /// [`new`](Self::new) checks the generators against). `None` for a
    /// branching [`new`](Self::new) refuses.
    pub fn generators_needed(branching: &[usize]) -> Option<(usize, usize)> {
        if branching.is_empty()
            || branching.len() > MAX_DEPTH
            || branching.iter().any(|b| !(2..=MAX_BRANCHING).contains(b))
        {
            return None;
        }
        let side = |side: usize| {
            let widest =
                branching.iter().enumerate().filter(|(i, _)| (i + 1) % 2 == side).map(|(_, b)| *b).max().unwrap_or(0);
            side_gates(branching, side).checked_next_power_of_two().map(|n| n.max(widest))
        };
        Some((side(0)?, side(1)?))
    }

    /// The widest level on the leaf curve (`side` 0) or the other (1).
    fn max_branching(&self, side: usize) -> usize {
        self.branching.iter().enumerate().filter(|(i, _)| (i + 1) % 2 == side).map(|(_, b)| *b).max().unwrap_or(0)
    }

    /// Whether a point can be a leaf: not the identity, and `C + Δ ≠ O`
    /// ([`CurveTree::new`] refuses a tree with any other leaf, so an
    /// application that takes leaves from others filters them with this
    /// first).
    pub fn accepts_leaf(&self, leaf: &L::Point) -> bool {
        !L::is_identity_vartime(leaf) && !L::is_identity_vartime(&(*leaf + self.leaf_delta))
    }

    /// `D`: the number of levels above the leaves.
    pub fn depth(&self) -> usize {
        self.branching.len()
    }

    /// The branching factor of each level, from level 1 (the leaves'
    /// parents) up.
    pub fn branching(&self) -> &[usize] {
        &self.branching
    }

    /// The most leaves (`Π b_i`, at most [`MAX_LEAVES`] usable).
    pub fn capacity(&self) -> u64 {
        self.branching.iter().fold(1u64, |c, &b| c.saturating_mul(b as u64)).min(MAX_LEAVES)
    }

    /// The leaf group's generators.
    pub fn leaf_gens(&self) -> &Generators<L> {
        &self.leaf_gens
    }

    /// The other group's generators.
    pub fn other_gens(&self) -> &Generators<L::Other> {
        &self.other_gens
    }

    /// `Δ` of the leaf group.
    pub fn leaf_delta(&self) -> &L::Point {
        &self.leaf_delta
    }

    /// `Δ` of the other group.
    pub fn other_delta(&self) -> &<L::Other as Group>::Point {
        &self.other_delta
    }
}

/// A node: a point of the leaf group (even levels) or of the other group
/// (odd levels).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Node<L: Cycle> {
    /// On the leaf group.
    Leaf(L::Point),
    /// On the other group.
    Other(<L::Other as Group>::Point),
}

impl<L: Cycle> Node<L> {
    /// The node's compressed encoding (its group's).
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Node::Leaf(p) => L::compressed_bytes(&L::compress(p)).to_vec(),
            Node::Other(p) => <L::Other as Group>::compressed_bytes(&<L::Other as Group>::compress(p)).to_vec(),
        }
    }
}

/// The `x(C + Δ)` of `children` (points of `A::Other`), as scalars of `A`,
/// refusing a child with `C + Δ = O`.
fn shifted_xs<A: Cycle>(
    children: &[<A::Other as Group>::Point],
    delta: &<A::Other as Group>::Point,
) -> Result<Vec<A::Scalar>, ProofError> {
    let shifted: Vec<_> = children.iter().map(|c| *c + *delta).collect();
    A::embed_batch_vartime(&shifted)
        .into_iter()
        .enumerate()
        .map(|(k, a)| a.map(|a| a.x).ok_or_else(|| err(format!("child #{k} is −Δ"))))
        .collect()
}

/// The nodes over `children` (points of `A::Other`), `b` per node.
fn commit_level<A: Cycle>(
    gens: &Generators<A>,
    b: usize,
    delta: &<A::Other as Group>::Point,
    children: &[<A::Other as Group>::Point],
) -> Result<Vec<A::Point>, ProofError> {
    let g =
        gens.vector().g_chains().first().and_then(|c| c.get(..b)).ok_or_else(|| err("too few generators".into()))?;
    let mut xs = shifted_xs::<A>(children, delta)?;
    xs.resize(children.len().div_ceil(b) * b, A::Scalar::zero());
    A::msm_vartime_shared_bases(&xs, g).ok_or_else(|| err("node commitments".into()))
}

/// A Curve Tree over leaves of `L` (module documentation).
#[derive(Clone, Debug)]
pub struct CurveTree<L: Cycle> {
    /// Levels 0, 2, 4, … (on `L`).
    even: Vec<Vec<L::Point>>,
    /// Levels 1, 3, … (on `L::Other`).
    odd: Vec<Vec<<L::Other as Group>::Point>>,
    depth: usize,
    branching: Vec<usize>,
}

impl<L: Cycle> CurveTree<L> {
    /// Build the tree over `leaves` (1 ..= capacity of them, none the
    /// identity or `−Δ`: see [`TreeParams::accepts_leaf`]).
    pub fn new(params: &TreeParams<L>, leaves: Vec<L::Point>) -> Result<Self, ProofError> {
        if leaves.is_empty() || leaves.len() as u64 > params.capacity() {
            return Err(err(format!("{} leaves for a tree of {} (1 ..= capacity)", leaves.len(), params.capacity())));
        }
        if let Some(k) = leaves.iter().position(L::is_identity_vartime) {
            return Err(err(format!("leaf #{k} is the identity")));
        }
        let mut tree = CurveTree {
            even: vec![leaves],
            odd: Vec::new(),
            depth: params.depth(),
            branching: params.branching.clone(),
        };
        for (i, &b) in params.branching.iter().enumerate() {
            let level = i + 1;
            if level % 2 == 1 {
                let children = tree.even.last().map(Vec::as_slice).unwrap_or_default();
                let nodes = commit_level::<L::Other>(&params.other_gens, b, &params.leaf_delta, children)?;
                tree.odd.push(nodes);
            } else {
                let children = tree.odd.last().map(Vec::as_slice).unwrap_or_default();
                let nodes = commit_level::<L>(&params.leaf_gens, b, &params.other_delta, children)?;
                tree.even.push(nodes);
            }
        }
        Ok(tree)
    }

    /// The number of leaves.
    pub fn len(&self) -> usize {
        self.even.first().map_or(0, Vec::len)
    }

    /// Whether the tree has no leaves (never: [`CurveTree::new`] refuses).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The node at `level`, position `j`.
    pub fn node(&self, level: usize, j: usize) -> Option<Node<L>> {
        if level % 2 == 0 {
            self.even.get(level / 2)?.get(j).map(|p| Node::Leaf(*p))
        } else {
            self.odd.get(level / 2)?.get(j).map(|p| Node::Other(*p))
        }
    }

    /// The root: the one node of level `D`.
    pub fn root(&self) -> Node<L> {
        // Level D has exactly one node (the capacity check in `new`).
        self.node(self.depth, 0).unwrap_or(Node::Leaf(L::identity()))
    }

    /// The path of leaf `index`: at every level, the node's children's
    /// `x(C + Δ)` and the child's position (secret data for the prover;
    /// looking it up takes time that depends on `index`).
    pub fn path(&self, params: &TreeParams<L>, index: u64) -> Result<CurvePath<L>, ProofError> {
        if params.branching != self.branching {
            return Err(err("parameters of another tree".into()));
        }
        let index =
            usize::try_from(index).ok().filter(|i| *i < self.len()).ok_or_else(|| err("no such leaf".into()))?;
        let mut levels = Vec::with_capacity(self.depth);
        let mut position = index;
        for (i, &b) in params.branching.iter().enumerate() {
            let level = i + 1;
            let node = position / b;
            let range = node * b..((node + 1) * b);
            let xs = if level % 2 == 1 {
                let below = self.even.get(level / 2).map(Vec::as_slice).unwrap_or_default();
                let children = below.get(range.start..range.end.min(below.len())).unwrap_or_default();
                let mut xs = shifted_xs::<L::Other>(children, &params.leaf_delta)?;
                xs.resize(b, ScalarOps::zero());
                LevelXs::Other(xs)
            } else {
                let below = self.odd.get(level / 2 - 1).map(Vec::as_slice).unwrap_or_default();
                let children = below.get(range.start..range.end.min(below.len())).unwrap_or_default();
                let mut xs = shifted_xs::<L>(children, &params.other_delta)?;
                xs.resize(b, ScalarOps::zero());
                LevelXs::Leaf(xs)
            };
            levels.push(PathLevel { xs, position: position % b });
            position = node;
        }
        let leaf = self.even.first().and_then(|l| l.get(index)).copied().ok_or_else(|| err("no such leaf".into()))?;
        Ok(CurvePath { leaf, levels })
    }
}

/// The children's `x(C + Δ)` of a node: scalars of the node's curve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelXs<L: Cycle> {
    /// A node on `L` (even level).
    Leaf(Vec<L::Scalar>),
    /// A node on `L::Other` (odd level).
    Other(Vec<<L::Other as Group>::Scalar>),
}

/// One level of a [`CurvePath`].
#[derive(Clone, Debug)]
pub struct PathLevel<L: Cycle> {
    /// The node's children, as committed.
    pub xs: LevelXs<L>,
    /// The path's child among them.
    pub position: usize,
}

/// A leaf's path to the root (secret data of the prover: zeroized on
/// drop, and its `Debug` shows only the depth).
#[derive(Clone)]
pub struct CurvePath<L: Cycle> {
    /// The leaf.
    pub leaf: L::Point,
    /// Levels `1 ..= D`.
    pub levels: Vec<PathLevel<L>>,
}

impl<L: Cycle> core::fmt::Debug for CurvePath<L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "CurvePath {{ depth: {}, .. }}", self.levels.len())
    }
}

impl<L: Cycle> Drop for CurvePath<L> {
    fn drop(&mut self) {
        use zeroize::Zeroize;
        self.leaf.zeroize();
        for level in &mut self.levels {
            level.position.zeroize();
            match &mut level.xs {
                LevelXs::Leaf(xs) => xs.zeroize(),
                LevelXs::Other(xs) => xs.zeroize(),
            }
        }
    }
}

impl<L: Cycle> CurvePath<L> {
    /// The root this path leads to, or `None` if a level does not hold its
    /// child. Variable time: a check for tests and for paths that are not
    /// secret, not for a prover's path.
    pub fn root(&self, params: &TreeParams<L>) -> Option<Node<L>> {
        let mut child = Node::Leaf(self.leaf);
        for (level, b) in self.levels.iter().zip(&params.branching) {
            child = match (&level.xs, child) {
                (LevelXs::Other(xs), Node::Leaf(c)) => {
                    let x = L::Other::embed(&(c + params.leaf_delta))?.x;
                    (xs.len() == *b && xs.get(level.position) == Some(&x)).then_some(())?;
                    let g = params.other_gens.vector().g_chains().first()?.get(..*b)?;
                    Node::Other(<L::Other as Group>::msm_vartime(xs, g))
                }
                (LevelXs::Leaf(xs), Node::Other(c)) => {
                    let x = L::embed(&(c + params.other_delta))?.x;
                    (xs.len() == *b && xs.get(level.position) == Some(&x)).then_some(())?;
                    let g = params.leaf_gens.vector().g_chains().first()?.get(..*b)?;
                    Node::Leaf(L::msm_vartime(xs, g))
                }
                _ => return None,
            };
        }
        Some(child)
    }
}

mod claim;
pub mod membership;
pub mod ownership;
// The whole-path proof under the statements (crate-private: alone it does
// not open the leaf).
pub(crate) mod select;

pub use claim::{verify_batch, CurveTreeClaim};

#[cfg(test)]
mod tests;
