//! Generators: Pedersen bases `B`, `B̃` and the vector bases `G_k`, `H_k`.
//!
//! Every generator is derived from a public label by hashing, so nobody
//! knows a discrete-log relation between any two of them (the binding of
//! every commitment in the protocols rests on this).
//!
//! * `B` is the group's conventional base point.
//! * `B̃ = hash_to_point(SHA3-512(compress(B)))`.
//! * Party `j`'s chains: SHAKE256 absorbs `"GeneratorsChain"` then the
//!   5-byte label `'G' ‖ LE32(j)` (resp. `'H' ‖ LE32(j)`); each successive
//!   64 bytes of output is mapped to a point by `hash_to_point` — computed
//!   in pieces of 256 by `Group::hash_to_points_vartime`, the same points
//!   (on secp256k1 with one exponentiation per map and batched divisions,
//!   about a quarter of one-at-a-time's cost; the pieces in parallel with
//!   the `rayon` feature).
//!
//! On Ristretto255 (`hash_to_point` = the RFC 9496 one-way map) this is
//! exactly the derivation of `bulletproofs` 5's `PedersenGens::default()`
//! and `BulletproofGens::new`, which is what makes proofs interchangeable.
//!
//! # Layout of a statement's vector generators
//!
//! A statement of `m` chunks of `n` entries, padded to a length `N ≥ n·m`,
//! uses for entry `k < N` the generators of party `⌊k/n⌋` at position
//! `k mod n`. For `N = n·m` this is `bulletproofs`' layout (party `j`'s first
//! `n` generators for value `j`); padding entries continue into further
//! parties' chains, so they are distinct from every other generator.

use alloc::vec;
use alloc::vec::Vec;

use alloc::sync::Arc;

use digest::{ExtendableOutput, Update, XofReader};
use sha3::{Digest, Sha3_512, Shake256};

use crate::errors::ProofError;
use crate::group::Group;
use crate::lazy::Lazy;

/// Names the derivation above (bound into transcripts that do not need
/// `bulletproofs` 5 compatibility, e.g. Bulletproofs+): `B̃` from SHA3-512,
/// chains from SHAKE256 `"GeneratorsChain"`.
pub const DERIVATION_ID: &[u8] = b"B~=SHA3-512(B); G,H=SHAKE256(GeneratorsChain|G/H|LE32 j)";

/// The two bases of Pedersen commitments `v·B + γ·B̃`.
#[derive(Copy, Clone, Debug)]
pub struct PedersenGens<G: Group> {
    /// Base for the committed value.
    pub b: G::Point,
    /// Base for the blinding factor.
    pub b_blinding: G::Point,
}

impl<G: Group> Default for PedersenGens<G> {
    fn default() -> Self {
        let b = G::basepoint();
        let digest = Sha3_512::digest(G::compressed_bytes(&G::compress(&b)));
        let mut uniform = [0u8; 64];
        uniform.copy_from_slice(&digest);
        PedersenGens { b, b_blinding: G::hash_to_point(&uniform) }
    }
}

impl<G: Group> PedersenGens<G> {
    /// The Pedersen bases of `tari_bulletproofs_plus` 0.5 (extension degree
    /// 1): `B` the group's base point, `B̃ = hash_to_point(SHA3-512(
    /// "RISTRETTO_MASKING_BASEPOINT_1"))`. On Ristretto255 these are exactly
    /// tari's (its `create_pedersen_gens_with_extension_degree`), for
    /// [`RangeProofPlus::prove_tari_compatible_with_rng`](crate::RangeProofPlus::prove_tari_compatible_with_rng).
    pub fn tari_compatible() -> Self {
        let digest = Sha3_512::digest(b"RISTRETTO_MASKING_BASEPOINT_1");
        let mut uniform = [0u8; 64];
        uniform.copy_from_slice(&digest);
        PedersenGens { b: G::basepoint(), b_blinding: G::hash_to_point(&uniform) }
    }

    /// The commitment `value·B + blinding·B̃`, in constant time.
    pub fn commit(&self, value: &G::Scalar, blinding: &G::Scalar) -> G::Point {
        G::msm_ct(&[*value, *blinding], &[self.b, self.b_blinding])
    }
}

/// An unbounded chain of generators determined by a label.
struct GeneratorsChain<G: Group> {
    reader: <Shake256 as ExtendableOutput>::Reader,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> GeneratorsChain<G> {
    fn new(label: &[u8]) -> Self {
        let mut shake = Shake256::default();
        shake.update(b"GeneratorsChain");
        shake.update(label);
        GeneratorsChain { reader: shake.finalize_xof(), _group: core::marker::PhantomData }
    }

    fn take(mut self, count: usize) -> Vec<G::Point> {
        let mut uniforms = vec![[0u8; 64]; count];
        for uniform in uniforms.iter_mut() {
            self.reader.read(uniform);
        }
        // Mapped in pieces (a batch's inversions are shared within a piece;
        // the pieces run in parallel with the `rayon` feature).
        const PIECE: usize = 256;
        #[cfg(feature = "rayon")]
        {
            use rayon::prelude::*;
            if count > PIECE {
                return uniforms.par_chunks(PIECE).flat_map_iter(G::hash_to_points_vartime).collect();
            }
        }
        let mut out = Vec::with_capacity(count);
        for piece in uniforms.chunks(PIECE) {
            out.extend(G::hash_to_points_vartime(piece));
        }
        out
    }
}

fn chain_label(kind: u8, party: usize) -> [u8; 5] {
    let mut label = [kind, 0, 0, 0, 0];
    // Party counts are bounded far below 2^32 by the range checks of every
    // protocol; truncation cannot occur for generators that are ever built.
    label[1..5].copy_from_slice(&(party as u32).to_le_bytes());
    label
}

/// Whether multiscalar multiplications over the vector generators use
/// precomputed tables (see [`BulletproofGens`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Precomputation {
    /// Build the tables on first use and use them where they are faster
    /// (the default).
    #[default]
    Auto,
    /// Never build or use tables.
    Off,
}

/// Most generators a table covers (whole `[G_j, H_j]` chain pairs).
/// Precomputed Straus only beats the plain multiscalar multiplication up to a
/// few hundred static points (see [`Equation`](crate::Equation)), so larger tables would
/// cost memory for nothing.
pub const TABLE_MAX_POINTS: usize = 256;

/// Precomputed tables for the first chains, laid out as
/// `[G_0, H_0, G_1, H_1, …]`, each chain `gens_capacity` long.
pub(crate) struct GenTables<G: Group> {
    pub(crate) table: G::VartimeTable,
    /// Chains covered.
    pub(crate) chains: usize,
    /// Generators per chain.
    pub(crate) cap: usize,
}

impl<G: Group> GenTables<G> {
    /// Table index of chain `j`'s `G` generator at position `i`.
    pub(crate) fn g_index(&self, j: usize, i: usize) -> usize {
        2 * self.cap * j + i
    }
    /// Table index of chain `j`'s `H` generator at position `i`.
    pub(crate) fn h_index(&self, j: usize, i: usize) -> usize {
        2 * self.cap * j + self.cap + i
    }
}

/// Vector generators `G`, `H` for `party_capacity` chains of
/// `gens_capacity` generators each.
///
/// **Precomputed tables.** With [`Precomputation::Auto`] (the default) the
/// first chains — whole `[G_j, H_j]` pairs, at most [`TABLE_MAX_POINTS`]
/// points — get a table of odd multiples for variable-time multiscalar
/// multiplication, built on first use (thread-safe, once; clones share it).
/// It costs `Group::VARTIME_TABLE_BYTES_PER_POINT` bytes per point — 10 KiB
/// on Ristretto255, so 2.5 MiB for `gens_capacity = 64` — and about 15 ms
/// to build (see [`BulletproofGens::table_bytes`]). Verifiers and the
/// inner-product prover use it where measured faster. Choose
/// [`Precomputation::Off`] to never build it.
#[derive(Clone)]
pub struct BulletproofGens<G: Group> {
    gens_capacity: usize,
    party_capacity: usize,
    g_vec: Arc<Vec<Vec<G::Point>>>,
    h_vec: Arc<Vec<Vec<G::Point>>>,
    precomputation: Precomputation,
    tables: Arc<Lazy<Option<GenTables<G>>>>,
}

impl<G: Group> core::fmt::Debug for BulletproofGens<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BulletproofGens")
            .field("gens_capacity", &self.gens_capacity)
            .field("party_capacity", &self.party_capacity)
            .field("precomputation", &self.precomputation)
            .field("table_bytes", &self.table_bytes())
            .finish_non_exhaustive()
    }
}

impl<G: Group> BulletproofGens<G> {
    /// Derive `party_capacity` chains of `gens_capacity` generators.
    pub fn new(gens_capacity: usize, party_capacity: usize) -> Self {
        let g_vec: Vec<_> =
            (0..party_capacity).map(|j| GeneratorsChain::<G>::new(&chain_label(b'G', j)).take(gens_capacity)).collect();
        let h_vec: Vec<_> =
            (0..party_capacity).map(|j| GeneratorsChain::<G>::new(&chain_label(b'H', j)).take(gens_capacity)).collect();
        BulletproofGens {
            gens_capacity,
            party_capacity,
            g_vec: Arc::new(g_vec),
            h_vec: Arc::new(h_vec),
            precomputation: Precomputation::Auto,
            tables: Arc::new(Lazy::new()),
        }
    }

    /// Vector generators given explicitly, as chains of equal length
    /// (chain `j`'s `G` and `H` generators): for protocols with their own
    /// derivation, such as Monero's ([`crate::compat::monero`]). `None` if
    /// the chains differ in number or length.
    pub fn from_chains(g_vec: Vec<Vec<G::Point>>, h_vec: Vec<Vec<G::Point>>) -> Option<Self> {
        let gens_capacity = g_vec.first().map_or(0, Vec::len);
        if g_vec.len() != h_vec.len() || g_vec.iter().chain(&h_vec).any(|c| c.len() != gens_capacity) {
            return None;
        }
        Some(BulletproofGens {
            gens_capacity,
            party_capacity: g_vec.len(),
            g_vec: Arc::new(g_vec),
            h_vec: Arc::new(h_vec),
            precomputation: Precomputation::Auto,
            tables: Arc::new(Lazy::new()),
        })
    }

    /// The same generators with another [`Precomputation`] policy.
    pub fn with_precomputation(mut self, precomputation: Precomputation) -> Self {
        self.precomputation = precomputation;
        self.tables = Arc::new(Lazy::new());
        self
    }

    /// The precomputation policy.
    pub fn precomputation(&self) -> Precomputation {
        self.precomputation
    }

    /// Build the precomputed tables now rather than on first use (no-op
    /// with [`Precomputation::Off`] or if no chain pair fits in
    /// [`TABLE_MAX_POINTS`]).
    pub fn precompute(&self) {
        let _ = self.tables();
    }

    /// Heap bytes held by precomputed tables (0 if none are built).
    pub fn table_bytes(&self) -> usize {
        match self.tables.get() {
            Some(Some(t)) => G::vartime_table_len(&t.table) * G::VARTIME_TABLE_BYTES_PER_POINT,
            _ => 0,
        }
    }

    /// The tables, built on first call; `None` if disabled or too large.
    pub(crate) fn tables(&self) -> Option<&GenTables<G>> {
        if self.precomputation == Precomputation::Off {
            return None;
        }
        self.tables
            .get_or_init(|| {
                let cap = self.gens_capacity;
                if cap == 0 || 2 * cap > TABLE_MAX_POINTS {
                    return None;
                }
                let chains = (TABLE_MAX_POINTS / (2 * cap)).min(self.party_capacity);
                if chains == 0 {
                    return None;
                }
                let mut points = Vec::with_capacity(2 * cap * chains);
                for (g, h) in self.g_vec.iter().zip(self.h_vec.iter()).take(chains) {
                    points.extend_from_slice(g);
                    points.extend_from_slice(h);
                }
                Some(GenTables { table: G::vartime_table(&points), chains, cap })
            })
            .as_ref()
    }

    /// Generators per chain.
    pub fn gens_capacity(&self) -> usize {
        self.gens_capacity
    }

    /// Number of chains (parties).
    pub fn party_capacity(&self) -> usize {
        self.party_capacity
    }

    /// Chain `j`'s `G` generators, for every `j`.
    pub fn g_chains(&self) -> &[Vec<G::Point>] {
        &self.g_vec
    }

    /// Chain `j`'s `H` generators, for every `j`.
    pub fn h_chains(&self) -> &[Vec<G::Point>] {
        &self.h_vec
    }

    /// Check that a layout with chunk size `n` and total length `len` fits.
    pub fn check_layout(&self, n: usize, len: usize) -> Result<(), ProofError> {
        let parties_needed = if n == 0 { 0 } else { len.div_ceil(n) };
        let per_party_needed = n.min(len);
        if parties_needed > self.party_capacity || per_party_needed > self.gens_capacity {
            return Err(ProofError::InsufficientGenerators { parties_needed, per_party_needed });
        }
        Ok(())
    }

    /// The `G` generators of a layout: entry `k < len` is party `⌊k/n⌋`'s
    /// generator at `k mod n`. Call [`check_layout`](Self::check_layout) first;
    /// entries beyond the capacity are simply not produced.
    pub fn g_layout(&self, n: usize, len: usize) -> impl Iterator<Item = &G::Point> + Clone {
        layout(&self.g_vec, n, len)
    }

    /// The `H` generators of a layout (see [`g_layout`](Self::g_layout)).
    pub fn h_layout(&self, n: usize, len: usize) -> impl Iterator<Item = &G::Point> + Clone {
        layout(&self.h_vec, n, len)
    }
}

/// The one setup every proof takes: the Pedersen bases `B`, `B̃` and the
/// vector generators `G_k`, `H_k` (with their precomputed tables). Every
/// prove, verify and batch call takes `&Generators<G>`, first after the
/// proof or statement; build one per group (and per deployed format: Grin's
/// and Monero's are values of this type,
/// [`grin_generators`](crate::compat::grin::grin_generators), [`crate::compat::monero::plus_generators`])
/// and share it. Clones are cheap and share the generators and tables.
///
/// Capacity: a statement needs `(chains, per chain)` vector generators
/// ([`RangeStatement::generators_needed`](crate::RangeStatement::generators_needed),
/// [`RangeSystem::generators_needed`](crate::RangeSystem::generators_needed));
/// larger capacities serve every smaller statement.
#[derive(Clone, Debug)]
pub struct Generators<G: Group> {
    pedersen: PedersenGens<G>,
    vector: BulletproofGens<G>,
}

impl<G: Group> Generators<G> {
    /// The default Pedersen bases and `party_capacity` chains of
    /// `gens_capacity` vector generators (the derivation above):
    /// `Generators::new(64, 1)` proves and verifies one 64-bit value with
    /// any range system; `Generators::new(64, 16)` up to 16 of them.
    pub fn new(gens_capacity: usize, party_capacity: usize) -> Self {
        Generators { pedersen: PedersenGens::default(), vector: BulletproofGens::new(gens_capacity, party_capacity) }
    }

    /// Generators for other Pedersen bases (tari's, a deployed format's, an
    /// asset's) or vector generators of another derivation.
    pub fn from_parts(pedersen: PedersenGens<G>, vector: BulletproofGens<G>) -> Self {
        Generators { pedersen, vector }
    }

    /// The same vector generators under other Pedersen bases (the tables are shared).
    pub fn with_pedersen(&self, pedersen: PedersenGens<G>) -> Self {
        Generators { pedersen, vector: self.vector.clone() }
    }

    /// The same generators with another [`Precomputation`] policy.
    pub fn with_precomputation(self, precomputation: Precomputation) -> Self {
        Generators { pedersen: self.pedersen, vector: self.vector.with_precomputation(precomputation) }
    }

    /// The Pedersen bases `B`, `B̃`.
    pub fn pedersen(&self) -> &PedersenGens<G> {
        &self.pedersen
    }

    /// The vector generators `G_k`, `H_k`.
    pub fn vector(&self) -> &BulletproofGens<G> {
        &self.vector
    }

    /// The commitment `value·B + blinding·B̃`, in constant time.
    pub fn commit(&self, value: &G::Scalar, blinding: &G::Scalar) -> G::Point {
        self.pedersen.commit(value, blinding)
    }
}

fn layout<P>(chains: &[Vec<P>], n: usize, len: usize) -> impl Iterator<Item = &P> + Clone {
    let n = n.max(1);
    chains.iter().flat_map(move |chain| chain.iter().take(n)).take(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Ristretto255;

    /// The chains' generators are `hash_to_point` of the SHAKE256 stream,
    /// one at a time, on every group (the batched derivation in pieces of
    /// 256 changes no point; 600 crosses two piece boundaries).
    #[test]
    fn batched_derivation_gives_the_same_points() {
        fn check<G: Group>() {
            let mut reader = GeneratorsChain::<G>::new(&chain_label(b'G', 3)).reader;
            let one_at_a_time: Vec<G::Point> = (0..600)
                .map(|_| {
                    let mut uniform = [0u8; 64];
                    reader.read(&mut uniform);
                    G::hash_to_point(&uniform)
                })
                .collect();
            assert!(GeneratorsChain::<G>::new(&chain_label(b'G', 3)).take(600) == one_at_a_time, "{}", G::NAME);
        }
        check::<Ristretto255>();
        check::<crate::group::Secp256k1>();
        check::<crate::group::Ed25519>();
    }

    #[test]
    fn layout_matches_chunks() {
        let gens = BulletproofGens::<Ristretto255>::new(8, 4);
        let got: Vec<_> = gens.g_layout(3, 10).copied().collect();
        assert_eq!(got.len(), 10);
        for (k, p) in got.iter().enumerate() {
            assert_eq!(*p, gens.g_vec[k / 3][k % 3]);
        }
        assert!(gens.check_layout(3, 10).is_ok());
        assert!(gens.check_layout(3, 13).is_err());
        assert!(gens.check_layout(9, 9).is_err());
    }
}
