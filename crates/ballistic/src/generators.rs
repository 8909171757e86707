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
use core::sync::atomic::{AtomicUsize, Ordering};

use digest::{ExtendableOutput, Update, XofReader};
use sha3::{Digest, Sha3_512, Shake256};

use crate::errors::ProofError;
use crate::group::Group;
use crate::lazy::Lazy;
use crate::path_choice::PathChoice;

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
    /// Never build or use tables (the kept generator tables, nor the
    /// inner-product prover's short-lived ones).
    Off,
}

/// Most generators a table covers by default (whole `[G_j, H_j]` chain
/// pairs; per backend [`Group::VARTIME_TABLE_MAX_POINTS`], 512 on
/// secp256k1). Precomputed Straus only beats the plain multiscalar
/// multiplication up to a few hundred static points (see
/// [`Equation`](crate::Equation)), so larger tables would cost memory for
/// nothing.
pub const TABLE_MAX_POINTS: usize = 256;
const _: () = assert!(TABLE_MAX_POINTS == crate::group::Ristretto255::VARTIME_TABLE_MAX_POINTS);

/// Positions of each chain (of `G` and of `H`) that the provers' kept
/// constant-time tables cover: the range provers' chunks are at most 64
/// long, Grin's one chain 128. 704 bytes per generator on secp256k1, so
/// 176 KiB per chain pair.
pub const CT_TABLE_PREFIX: usize = 128;

/// Chain pairs that get a kept constant-time table (the range provers
/// aggregate at most 64 values): at most 11 MiB on secp256k1 whatever
/// the party capacity.
pub const MAX_CT_TABLE_CHAINS: usize = 64;

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
        table_g_index(self.cap, j, i)
    }
    /// Table index of chain `j`'s `H` generator at position `i`.
    pub(crate) fn h_index(&self, j: usize, i: usize) -> usize {
        table_h_index(self.cap, j, i)
    }
}

/// [`GenTables::g_index`] for chains `cap` long.
pub(crate) fn table_g_index(cap: usize, j: usize, i: usize) -> usize {
    2 * cap * j + i
}

/// [`GenTables::h_index`] for chains `cap` long.
pub(crate) fn table_h_index(cap: usize, j: usize, i: usize) -> usize {
    2 * cap * j + cap + i
}

/// Vector generators `G`, `H` for `party_capacity` chains of
/// `gens_capacity` generators each.
///
/// **Precomputed tables.** With [`Precomputation::Auto`] (the default) the
/// first chains — whole `[G_j, H_j]` pairs, at most
/// [`Group::VARTIME_TABLE_MAX_POINTS`] points — get a table of odd multiples for variable-time multiscalar
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
    /// Verifiers' sums that would have taken the tables before they were
    /// built ([`Group::VARTIME_TABLE_BUILD_AFTER`]).
    table_uses: Arc<AtomicUsize>,
    /// Per shape, whether verifiers' sums take the table (timed on this
    /// machine: [`crate::path_choice`]).
    path_choice: Arc<PathChoice>,
    ct_tables: Arc<CtTables<G>>,
}

/// Per chain pair `j`, the constant-time table of `[G_j, H_j]`
/// ([`BulletproofGens::msm_ct_layout`]), built on first use.
struct CtTables<G: Group>(Vec<Lazy<Option<G::CtTable>>>);

impl<G: Group> CtTables<G> {
    fn new(chains: usize) -> Self {
        CtTables((0..chains).map(|_| Lazy::new()).collect())
    }
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
            table_uses: Arc::new(AtomicUsize::new(0)),
            path_choice: Arc::new(PathChoice::new()),
            ct_tables: Arc::new(CtTables::new(party_capacity)),
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
        let party_capacity = g_vec.len();
        Some(BulletproofGens {
            gens_capacity,
            party_capacity,
            g_vec: Arc::new(g_vec),
            h_vec: Arc::new(h_vec),
            precomputation: Precomputation::Auto,
            tables: Arc::new(Lazy::new()),
            table_uses: Arc::new(AtomicUsize::new(0)),
            path_choice: Arc::new(PathChoice::new()),
            ct_tables: Arc::new(CtTables::new(party_capacity)),
        })
    }

    /// The same generators with another [`Precomputation`] policy.
    pub fn with_precomputation(mut self, precomputation: Precomputation) -> Self {
        self.precomputation = precomputation;
        self.tables = Arc::new(Lazy::new());
        self.table_uses = Arc::new(AtomicUsize::new(0));
        self.path_choice = Arc::new(PathChoice::new());
        self.ct_tables = Arc::new(CtTables::new(self.party_capacity));
        self
    }

    /// The precomputation policy.
    pub fn precomputation(&self) -> Precomputation {
        self.precomputation
    }

    /// Build the precomputed tables now rather than on first use (no-op
    /// with [`Precomputation::Off`] or if no chain pair fits in
    /// [`Group::VARTIME_TABLE_MAX_POINTS`]).
    pub fn precompute(&self) {
        let _ = self.build_tables();
    }

    /// Heap bytes held by precomputed tables (0 if none are built).
    pub fn table_bytes(&self) -> usize {
        let vartime = match self.tables.get() {
            Some(Some(t)) => G::vartime_table_len(&t.table) * G::VARTIME_TABLE_BYTES_PER_POINT,
            _ => 0,
        };
        let ct: usize = self
            .ct_tables
            .0
            .iter()
            .filter_map(|t| t.get().and_then(Option::as_ref))
            .map(|t| G::ct_table_len(t) * G::CT_TABLE_BYTES_PER_POINT)
            .sum();
        vartime + ct
    }

    /// Positions per chain a constant-time table covers:
    /// `min(gens_capacity, CT_TABLE_PREFIX)`.
    fn ct_prefix(&self) -> usize {
        self.gens_capacity.min(CT_TABLE_PREFIX)
    }

    /// Chain pair `j`'s constant-time table (the first
    /// [`CT_TABLE_PREFIX`] generators of `G_j`, then of `H_j`; built on
    /// first call); `None` under [`Precomputation::Off`], past the
    /// capacity or at [`MAX_CT_TABLE_CHAINS`], or if the backend has none.
    fn ct_table(&self, j: usize) -> Option<&G::CtTable> {
        if self.precomputation == Precomputation::Off || j >= MAX_CT_TABLE_CHAINS {
            return None;
        }
        let prefix = self.ct_prefix();
        let (g, h) = (self.g_vec.get(j)?, self.h_vec.get(j)?);
        self.ct_tables
            .0
            .get(j)?
            .get_or_init(|| {
                let points: Vec<G::Point> = g.iter().take(prefix).chain(h.iter().take(prefix)).copied().collect();
                G::ct_table(&points)
            })
            .as_ref()
    }

    /// `Σ_k a_k·G_{c,k} + Σ_k b_k·H_{c,k} + Σ_i e_i·E_i` with the vector
    /// part over chains `c = first, first + 1, …`, `n` generators of each
    /// (the layout of [`g_layout`](Self::g_layout) shifted by `first`
    /// chains; `a` and `b` of equal length, the last chain possibly
    /// shorter) and a few extra points `E` (`extra`), in constant time in
    /// the scalars: one pass over the chains' kept tables (built on first
    /// use under [`Precomputation::Auto`]) and a table of the extra points.
    /// `None` where there are no tables (the backend has none, the policy
    /// is `Off`, `n` past [`CT_TABLE_PREFIX`], a chain at
    /// [`MAX_CT_TABLE_CHAINS`]) or the chains or positions do not exist:
    /// the caller then sums the points directly ([`Group::msm_ct`]), which
    /// gives the same point.
    pub(crate) fn msm_ct_layout(
        &self,
        n: usize,
        first: usize,
        a: &[G::Scalar],
        b: &[G::Scalar],
        extra: &[(G::Scalar, G::Point)],
    ) -> Option<G::Point> {
        let prefix = self.ct_prefix();
        if a.len() != b.len() || n == 0 || n > prefix {
            return None;
        }
        let chains = a.len().div_ceil(n);
        let tables: Vec<&G::CtTable> =
            (0..chains).map(|c| self.ct_table(first.checked_add(c)?)).collect::<Option<_>>()?;
        let extra_points: Vec<G::Point> = extra.iter().map(|(_, p)| *p).collect();
        let extra_table = if extra.is_empty() { None } else { Some(G::ct_table(&extra_points)?) };
        let mut rows: Vec<(&G::CtTable, usize)> = Vec::with_capacity(2 * a.len() + extra.len());
        let mut scalars = zeroize::Zeroizing::new(Vec::with_capacity(2 * a.len() + extra.len()));
        for (k, (a_k, b_k)) in a.iter().zip(b).enumerate() {
            let table = *tables.get(k / n)?;
            rows.push((table, k % n));
            rows.push((table, prefix + k % n));
            scalars.push(*a_k);
            scalars.push(*b_k);
        }
        if let Some(table) = extra_table.as_ref() {
            for (i, (e, _)) in extra.iter().enumerate() {
                rows.push((table, i));
                scalars.push(*e);
            }
        }
        crate::group::msm_ct_rows_par::<G>(&scalars, &rows)
    }

    /// `(chains, cap)` of the tables [`tables`](Self::tables) builds, known
    /// without building them (so a caller can first ask whether they pay);
    /// `None` if disabled or too large.
    pub(crate) fn table_shape(&self) -> Option<(usize, usize)> {
        if self.precomputation == Precomputation::Off {
            return None;
        }
        let cap = self.gens_capacity;
        if cap == 0 || 2 * cap > G::VARTIME_TABLE_MAX_POINTS {
            return None;
        }
        let chains = (G::VARTIME_TABLE_MAX_POINTS / (2 * cap)).min(self.party_capacity);
        (chains > 0).then_some((chains, cap))
    }

    /// Which path verifiers' sums take, per shape.
    pub(crate) fn path_choice(&self) -> &PathChoice {
        &self.path_choice
    }

    /// Whether provers may build short-lived tables of their own (the
    /// inner-product prover's, of its materialised generators): not under
    /// [`Precomputation::Off`].
    pub(crate) fn scratch_tables(&self) -> bool {
        self.precomputation != Precomputation::Off
    }

    /// The tables for the inner-product prover: built on first call where
    /// the group builds them at first use
    /// ([`Group::VARTIME_TABLE_BUILD_AFTER`] = 0), else only if already
    /// built; `None` if disabled or too large.
    pub(crate) fn tables(&self) -> Option<&GenTables<G>> {
        if G::VARTIME_TABLE_BUILD_AFTER == 0 {
            self.build_tables()
        } else {
            self.tables.get().and_then(Option::as_ref)
        }
    }

    /// The tables for a verifier's sum that the static rule or the timed
    /// choice sends through them: built once
    /// [`Group::VARTIME_TABLE_BUILD_AFTER`] such sums have run without
    /// them (or by [`precompute`](Self::precompute)); until then `None`,
    /// and the sum is plain.
    pub(crate) fn tables_for_sum(&self) -> Option<&GenTables<G>> {
        if let Some(built) = self.tables.get() {
            return built.as_ref();
        }
        let uses = self.table_uses.fetch_add(1, Ordering::Relaxed);
        if uses >= G::VARTIME_TABLE_BUILD_AFTER {
            self.build_tables()
        } else {
            None
        }
    }

    /// The tables, built on first call; `None` if disabled or too large.
    fn build_tables(&self) -> Option<&GenTables<G>> {
        let (chains, cap) = self.table_shape()?;
        self.tables
            .get_or_init(|| {
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

    /// The provers' sums over whole chains: with the kept constant-time
    /// tables (secp256k1) the same point as summing the points directly,
    /// for chunks of every length from every first chain, with and
    /// without extra points, across the pieces of the constant-time sum
    /// and with chains longer than the tables' prefix; `None` (the caller
    /// sums directly) where there is no table: the policy `Off`, a chain
    /// past the capacity or at `MAX_CT_TABLE_CHAINS`, unequal slices,
    /// `n = 0` or past the prefix.
    #[test]
    fn kept_ct_tables_give_the_same_sums() {
        use crate::group::{ScalarOps, Secp256k1};
        type S = <Secp256k1 as Group>::Scalar;
        type P = <Secp256k1 as Group>::Point;
        let scalar = |i: u64| S::from_u64(i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1).invert_vartime();
        let scalars: Vec<S> = (1..=700u64).map(scalar).collect();
        let extra: Vec<(S, P)> = (0..2u64).map(|i| (scalar(1000 + i), P::GENERATOR * scalar(2000 + i))).collect();
        let direct = |gens: &BulletproofGens<Secp256k1>, n: usize, first: usize, a: &[S], b: &[S], extra: &[(S, P)]| {
            let mut terms: Vec<(S, P)> = extra.to_vec();
            for k in 0..a.len() {
                let (chain, i) = (first + k / n, k % n);
                terms.push((a[k], gens.g_vec[chain][i]));
                terms.push((b[k], gens.h_vec[chain][i]));
            }
            Secp256k1::msm_vartime(terms.iter().map(|t| t.0), terms.iter().map(|t| t.1))
        };
        let gens = BulletproofGens::<Secp256k1>::new(8, 4);
        for (n, first, len) in [(8, 0, 32), (8, 1, 24), (3, 0, 10), (3, 2, 6), (8, 3, 5), (1, 0, 4), (8, 0, 0)] {
            let (a, b) = (&scalars[..len], &scalars[32..32 + len]);
            for extra in [&extra[..0], &extra[..1], &extra[..]] {
                let expected = direct(&gens, n, first, a, b, extra);
                assert_eq!(gens.msm_ct_layout(n, first, a, b, extra), Some(expected), "n {n} first {first} len {len}");
            }
        }
        assert_eq!(gens.table_bytes(), 4 * 16 * Secp256k1::CT_TABLE_BYTES_PER_POINT);
        // Chains longer than the prefix (H at `CT_TABLE_PREFIX + i` in the
        // table), 2 × 320 terms: more than one piece of the sum.
        let long = BulletproofGens::<Secp256k1>::new(CT_TABLE_PREFIX + 32, 3);
        let (a, b) = (&scalars[..320], &scalars[320..640]);
        assert_eq!(long.msm_ct_layout(128, 0, a, b, &extra), Some(direct(&long, 128, 0, a, b, &extra)));
        assert_eq!(
            long.msm_ct_layout(100, 0, &a[..250], &b[..250], &[]),
            Some(direct(&long, 100, 0, &a[..250], &b[..250], &[]))
        );
        assert_eq!(long.msm_ct_layout(129, 0, &a[..129], &b[..129], &[]), None, "n past the prefix");
        assert_eq!(long.table_bytes(), 3 * 2 * CT_TABLE_PREFIX * Secp256k1::CT_TABLE_BYTES_PER_POINT);
        // An identity generator (generators given explicitly) and an
        // identity extra point.
        let mut chain: Vec<P> = gens.g_vec[0].clone();
        chain[2] = P::IDENTITY;
        let odd = BulletproofGens::<Secp256k1>::from_chains(vec![chain], vec![gens.h_vec[0].clone()]).unwrap();
        let with_identity = [(scalars[5], P::IDENTITY), extra[0]];
        let (a, b) = (&scalars[..8], &scalars[8..16]);
        assert_eq!(odd.msm_ct_layout(8, 0, a, b, &with_identity), Some(direct(&odd, 8, 0, a, b, &with_identity)));
        // No table.
        let (a, b) = (&scalars[..32], &scalars[32..64]);
        assert_eq!(gens.msm_ct_layout(8, 1, a, b, &[]), None, "chain 4 does not exist");
        assert_eq!(gens.msm_ct_layout(8, 0, &a[..3], &b[..4], &[]), None);
        assert_eq!(gens.msm_ct_layout(0, 0, &a[..3], &b[..3], &[]), None);
        assert_eq!(gens.msm_ct_layout(9, 0, &a[..3], &b[..3], &[]), None);
        let many = BulletproofGens::<Secp256k1>::new(1, MAX_CT_TABLE_CHAINS + 1);
        assert!(many.msm_ct_layout(1, MAX_CT_TABLE_CHAINS - 1, &a[..1], &b[..1], &[]).is_some());
        assert_eq!(many.msm_ct_layout(1, MAX_CT_TABLE_CHAINS - 1, &a[..2], &b[..2], &[]), None);
        let off = gens.clone().with_precomputation(Precomputation::Off);
        assert_eq!(off.msm_ct_layout(8, 0, &a[..8], &b[..8], &[]), None);
        assert_eq!(off.table_bytes(), 0);
        // Curve25519 backends keep none.
        let ristretto = BulletproofGens::<Ristretto255>::new(8, 1);
        let s = vec![<Ristretto255 as Group>::Scalar::from(3u64); 8];
        assert_eq!(ristretto.msm_ct_layout(8, 0, &s, &s, &[]), None);
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
