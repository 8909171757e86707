//! The verification engine: every verifier is one multiscalar multiplication.
//!
//! A verifier does not check its equations one by one. It turns a proof into
//! *terms* of a single equation `Σ sᵢ·Pᵢ = 𝟙` and adds them to a
//! [`Equation`]:
//!
//! * scalars on the fixed generators — `B`, `B̃`, and each vector generator
//!   `G^{(j)}_i`, `H^{(j)}_i` addressed by (chain `j`, position `i`) — are
//!   *summed per generator*, so proofs that share generators share their
//!   cost;
//! * the proof's own points (commitments, `A`, `S`, `T₁`, `T₂`, `L_k`, `R_k`)
//!   come as (scalar, point) pairs.
//!
//! Each proof's terms are scaled by an independent random weight before they
//! are added (for a single proof the weight may be 1): if any proof's
//! equation fails, the sum is the identity with probability at most `1/ℓ`
//! over the weights. Verifying one proof is a batch of one.
//!
//! **Evaluation.** [`Equation::sum`] picks one of two ways to compute
//! the sum: through the generators' precomputed table
//! ([`crate::generators::BulletproofGens`]; dalek's precomputed Straus with
//! width-8 odd multiples for the generators, width-5 for the other points)
//! when [`Group::precomputed_is_faster`], else the plain variable-time
//! multiscalar multiplication (Straus below 190 terms, Pippenger above),
//! split across threads with the `rayon` feature. Where which is faster
//! depends on the machine's caches ([`Group::precomputed_is_uncertain`]),
//! the generator set times both on a shape's first sums and keeps the
//! faster ([`crate::path_choice`]). All give the same point.
//! Measured cost of a 64-bit verification on the development machine:
//! decoding the 17 proof points and the commitment is about 0.1 ms, the
//! 147-term sum 0.7 ms with the table and 1.1 ms without.

use alloc::vec;
use alloc::vec::Vec;

use rand_core::{CryptoRng, RngCore};

use crate::errors::ProofError;
use crate::generators::Generators;
use crate::generators::{GenTables, PedersenGens};
use core::ops::AddAssign;

use crate::group::fast::Montgomery;
use crate::group::{Group, ScalarOps};
use crate::path_choice::{Path, Timer};

/// The verification contract every proof type implements.
///
/// A proof is checked against a **statement** — everything public it is
/// about (its shape, its commitments, already validated and decompressed),
/// built once by the statement type's constructor — under a transcript
/// the application started (label and any context). Verification never
/// evaluates equations one by one: [`add_terms`](Self::add_terms) replays
/// the transcript and adds the proof's *one* equation to an [`Equation`],
/// so a single proof and a batch of any mix of proof types
/// ([`crate::batch`]) are the same code.
pub trait Verifiable<G: Group> {
    /// What the proof is about, checked once when it is built.
    type Statement;

    /// The transcript the verifier starts: a merlin [`Transcript`](merlin::Transcript) carrying
    /// the application's label and context for ballistic's own proofs;
    /// `()` for a deployed format ([`crate::compat`]), whose transcript the
    /// format fixes and builds from the statement alone.
    type Context;

    /// Replay the transcript (`context`, then the statement and the proof)
    /// and add the proof's verification equation, times `weight`, to `eq`.
    /// `combine` must be uniformly random and unknown to the prover: it
    /// joins the proof's own checks into one equation (powers of it where
    /// there are more than two; a system with one check ignores it). Every
    /// fallible step runs before the first term is added: on error `eq` is
    /// unchanged.
    fn add_terms(
        &self,
        statement: &Self::Statement,
        context: &mut Self::Context,
        weight: G::Scalar,
        combine: G::Scalar,
        eq: &mut Equation<G>,
    ) -> Result<(), ProofError>;

    /// The proof's equation on its own (weight 1; `rng` draws `combine`).
    fn equation<R: RngCore + CryptoRng>(
        &self,
        statement: &Self::Statement,
        context: &mut Self::Context,
        rng: &mut R,
    ) -> Result<Equation<G>, ProofError>
    where
        Self: Sized,
    {
        let mut eq = Equation::new();
        let combine = <G::Scalar as ScalarOps>::random(rng);
        self.add_terms(statement, context, G::Scalar::one(), combine, &mut eq)?;
        Ok(eq)
    }

    /// Verify against `gens`: [`equation`](Self::equation), then
    /// [`Equation::verify`].
    fn verify<R: RngCore + CryptoRng>(
        &self,
        gens: &Generators<G>,
        statement: &Self::Statement,
        context: &mut Self::Context,
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        Self: Sized,
    {
        verify_dyn(gens, self, statement, context, rng)
    }
}

/// [`Verifiable::verify`] for a proof behind a pointer whose type is not
/// known at compile time.
pub fn verify_dyn<G: Group, P: Verifiable<G> + ?Sized, R: RngCore + CryptoRng>(
    gens: &Generators<G>,
    proof: &P,
    statement: &P::Statement,
    context: &mut P::Context,
    rng: &mut R,
) -> Result<(), ProofError> {
    let mut eq = Equation::new();
    let combine = <G::Scalar as ScalarOps>::random(rng);
    proof.add_terms(statement, context, G::Scalar::one(), combine, &mut eq)?;
    eq.verify(gens)
}

/// One member of a batch: a proof, bound to its statement and transcript,
/// that can add its verification equation to a shared [`Equation`].
pub trait Claim<G: Group>: Sync {
    /// Add the equation times `weight` (see [`Verifiable::add_terms`];
    /// `combine` is fresh secret randomness for joining the proof's own
    /// checks). May be called more than once (the blame pass); on error
    /// `eq` is unchanged.
    fn add_terms(&self, weight: G::Scalar, combine: G::Scalar, eq: &mut Equation<G>) -> Result<(), ProofError>;
}

/// Accumulated terms of one multiscalar-multiplication equation.
#[derive(Clone, Debug)]
pub struct Equation<G: Group> {
    b: G::Scalar,
    b_blinding: G::Scalar,
    /// `g[j][i]` is the scalar on chain `j`'s `i`-th `G` generator, kept in
    /// Montgomery form ([`crate::group::fast`]): a batch adds every proof's
    /// per-generator scalars here, and converts once, at the end.
    g: Vec<Vec<Fast<G>>>,
    h: Vec<Vec<Fast<G>>>,
    scalars: Vec<G::Scalar>,
    points: Vec<G::Point>,
}

impl<G: Group> Default for Equation<G> {
    fn default() -> Self {
        Self::new()
    }
}

type Fast<G> = <<G as Group>::Scalar as Montgomery>::Fast;

/// Terms per piece of a large variable-time multiscalar multiplication:
/// Pippenger's cost per term is the same from here up (window 8 in
/// curve25519-dalek) and each extra piece costs about 1.5% of a piece, while
/// the backend's tables (about 224 bytes per term) stay under 4 MiB.
pub(crate) const MSM_CHUNK: usize = 1 << 14;

impl<G: Group> Equation<G> {
    /// An empty equation.
    pub fn new() -> Self {
        Equation {
            b: G::Scalar::zero(),
            b_blinding: G::Scalar::zero(),
            g: Vec::new(),
            h: Vec::new(),
            scalars: Vec::new(),
            points: Vec::new(),
        }
    }

    /// Add `s·B`.
    pub fn add_b(&mut self, s: G::Scalar) {
        self.b += s;
    }

    /// Add `s·B̃`.
    pub fn add_b_blinding(&mut self, s: G::Scalar) {
        self.b_blinding += s;
    }

    /// Add `Σ_k s_k·G_k` over the layout with chunk size `n` (entry `k` is
    /// chain `⌊k/n⌋`, position `k mod n`; see [`Generators`](crate::Generators)).
    pub fn add_g_layout(&mut self, n: usize, scalars: impl IntoIterator<Item = G::Scalar>) {
        add_layout(&mut self.g, n, scalars.into_iter().map(|s| s.to_fast()))
    }

    /// Add `Σ_k s_k·H_k` over the layout with chunk size `n`.
    pub fn add_h_layout(&mut self, n: usize, scalars: impl IntoIterator<Item = G::Scalar>) {
        add_layout(&mut self.h, n, scalars.into_iter().map(|s| s.to_fast()))
    }

    /// [`add_g_layout`](Self::add_g_layout) with scalars in Montgomery form.
    pub(crate) fn add_g_layout_fast(&mut self, n: usize, scalars: impl IntoIterator<Item = Fast<G>>) {
        add_layout(&mut self.g, n, scalars)
    }

    /// [`add_h_layout`](Self::add_h_layout) with scalars in Montgomery form.
    pub(crate) fn add_h_layout_fast(&mut self, n: usize, scalars: impl IntoIterator<Item = Fast<G>>) {
        add_layout(&mut self.h, n, scalars)
    }

    /// Add `s·P` for a point that is not a fixed generator.
    pub fn add_point(&mut self, s: G::Scalar, p: G::Point) {
        self.scalars.push(s);
        self.points.push(p);
    }

    /// Add every term of `other` (consuming it).
    pub fn merge(&mut self, other: Equation<G>) {
        self.b += other.b;
        self.b_blinding += other.b_blinding;
        for (mine, theirs) in [(&mut self.g, other.g), (&mut self.h, other.h)] {
            for (j, chain) in theirs.into_iter().enumerate() {
                add_chunk(mine, j, chain);
            }
        }
        self.scalars.extend(other.scalars);
        self.points.extend(other.points);
    }

    /// Add every term of `other`, scaled by `weight`.
    pub fn add_scaled(&mut self, other: &Equation<G>, weight: G::Scalar) {
        self.b += weight * other.b;
        self.b_blinding += weight * other.b_blinding;
        let fweight = weight.to_fast();
        for (mine, theirs) in [(&mut self.g, &other.g), (&mut self.h, &other.h)] {
            for (j, chain) in theirs.iter().enumerate() {
                add_chunk(mine, j, chain.iter().map(|s| fweight * *s));
            }
        }
        self.scalars.extend(other.scalars.iter().map(|s| weight * *s));
        self.points.extend_from_slice(&other.points);
    }

    /// The generators the equation uses: `(chains, generators per chain)`;
    /// [`Generators::new(per_chain, chains)`](Generators::new)
    /// or larger evaluates it.
    pub fn generators_needed(&self) -> (usize, usize) {
        let chains = self.g.len().max(self.h.len());
        let per_chain = self.g.iter().chain(&self.h).map(Vec::len).max().unwrap_or(0);
        (chains, per_chain)
    }

    /// Number of terms the final multiscalar multiplication will have.
    pub fn num_terms(&self) -> usize {
        2 + self.g.iter().map(Vec::len).sum::<usize>() + self.h.iter().map(Vec::len).sum::<usize>() + self.points.len()
    }

    /// Evaluate the equation: does the sum of all terms equal the identity?
    pub fn is_identity(&self, gens: &Generators<G>) -> Result<bool, ProofError> {
        self.sum(gens).map(|p| G::is_identity_vartime(&p))
    }

    /// The sum of all terms (through the generator table where that is
    /// faster, split across threads with the `rayon` feature; the point is
    /// the same either way).
    pub fn sum(&self, gens: &Generators<G>) -> Result<G::Point, ProofError> {
        let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
        let (parties, per_party) = self.generators_needed();
        if parties > bp_gens.party_capacity() || per_party > bp_gens.gens_capacity() {
            return Err(ProofError::InsufficientGenerators { parties_needed: parties, per_party_needed: per_party });
        }
        // Whether the table could serve, and whether it pays, before
        // building it (a verify-only process whose sums never take it
        // never builds it). Where the answer depends on the machine, the
        // generators time both paths on the shape's first sums
        // (crate::path_choice).
        let Some(static_len) = bp_gens.table_shape().and_then(|(chains, cap)| self.table_static_len(chains, cap))
        else {
            return Ok(self.sum_plain(gens));
        };
        let dynamic_len = 2 + self.points.len();
        let terms = self.num_terms();
        let key = (static_len, dynamic_len, terms);
        // A plain sum split across threads (`rayon`) is not compared by
        // wall-clock time with the table path (one thread on most backends).
        let uncertain = G::precomputed_is_uncertain(static_len, dynamic_len) && !crate::group::msm_is_parallel(terms);
        let choice = bp_gens.path_choice().choose(key, G::precomputed_is_faster(static_len, dynamic_len), uncertain);
        // Built (once) outside the timed region.
        let tables = if choice.path == Path::Table { bp_gens.tables_for_sum() } else { None };
        let timer = Timer::start(choice);
        let (sum, taken) = match tables.and_then(|tables| self.sum_with_table(tables, static_len, pc_gens)) {
            Some(sum) => (sum, Path::Table),
            None => (self.sum_plain(gens), Path::Plain),
        };
        // A table not built yet (`Group::VARTIME_TABLE_BUILD_AFTER`) sent
        // the sum the plain way: not a timing of the path chosen.
        let nanos = timer.nanos().filter(|_| taken == choice.path);
        #[cfg(all(test, feature = "std", not(all(target_family = "wasm", target_os = "unknown"))))]
        crate::path_choice::fake::note(taken, nanos.is_some());
        if let Some(nanos) = nanos {
            // Timed as the path chosen (the table path falls back to the
            // plain one only if its table does not cover the terms, which
            // `table_static_len` has ruled out).
            bp_gens.path_choice().record(key, choice.path, nanos);
        }
        let _ = taken;
        Ok(sum)
    }

    /// The sum as one plain variable-time multiscalar multiplication (split
    /// across threads with the `rayon` feature).
    fn sum_plain(&self, gens: &Generators<G>) -> G::Point {
        let (bp_gens, pc_gens) = (gens.vector(), gens.pedersen());
        // The points by reference (a circuit's equation has 10⁵ generator
        // terms: no copy of them), summed in pieces of MSM_CHUNK terms so
        // the backend's per-term tables stay small.
        let mut scalars = Vec::with_capacity(self.num_terms());
        let mut points: Vec<&G::Point> = Vec::with_capacity(self.num_terms());
        scalars.push(self.b);
        points.push(&pc_gens.b);
        scalars.push(self.b_blinding);
        points.push(&pc_gens.b_blinding);
        for (table, gens) in [(&self.g, bp_gens.g_chains()), (&self.h, bp_gens.h_chains())] {
            for (chain, gens_chain) in table.iter().zip(gens) {
                scalars.extend(chain.iter().map(G::Scalar::from_fast));
                points.extend(gens_chain.iter().take(chain.len()));
            }
        }
        scalars.extend_from_slice(&self.scalars);
        points.extend(self.points.iter());
        crate::group::msm_vartime_by_ref::<G>(&scalars, &points, MSM_CHUNK)
    }

    /// The sum through the precomputed generator table, whose first
    /// `static_len` entries the generator terms use
    /// ([`table_static_len`](Self::table_static_len)).
    fn sum_with_table(&self, tables: &GenTables<G>, static_len: usize, pc_gens: &PedersenGens<G>) -> Option<G::Point> {
        let dynamic_len = 2 + self.points.len();
        let mut statics = vec![G::Scalar::zero(); static_len];
        for (j, chain) in self.g.iter().enumerate() {
            let start = tables.g_index(j, 0);
            for (slot, x) in statics.get_mut(start..start + chain.len())?.iter_mut().zip(chain) {
                *slot = G::Scalar::from_fast(x);
            }
        }
        for (j, chain) in self.h.iter().enumerate() {
            let start = tables.h_index(j, 0);
            for (slot, x) in statics.get_mut(start..start + chain.len())?.iter_mut().zip(chain) {
                *slot = G::Scalar::from_fast(x);
            }
        }
        let mut scalars = Vec::with_capacity(dynamic_len);
        let mut points = Vec::with_capacity(dynamic_len);
        scalars.extend([self.b, self.b_blinding]);
        points.extend([pc_gens.b, pc_gens.b_blinding]);
        scalars.extend_from_slice(&self.scalars);
        points.extend_from_slice(&self.points);
        G::msm_vartime_precomputed(&tables.table, &statics, &scalars, &points)
    }

    /// The table entries a sum through tables of `chains` chains `cap` long
    /// would use, if every generator term falls in them; else `None`.
    fn table_static_len(&self, chains: usize, cap: usize) -> Option<usize> {
        if self.g.len().max(self.h.len()) > chains {
            return None;
        }
        let mut static_len = 0;
        for (j, chain) in self.g.iter().enumerate() {
            if !chain.is_empty() {
                static_len = static_len.max(crate::generators::table_g_index(cap, j, chain.len() - 1) + 1);
            }
        }
        for (j, chain) in self.h.iter().enumerate() {
            if !chain.is_empty() {
                static_len = static_len.max(crate::generators::table_h_index(cap, j, chain.len() - 1) + 1);
            }
        }
        Some(static_len)
    }

    /// Evaluate and turn a non-identity sum into [`ProofError::VerificationFailed`].
    pub fn verify(&self, gens: &Generators<G>) -> Result<(), ProofError> {
        if self.is_identity(gens)? {
            Ok(())
        } else {
            Err(ProofError::VerificationFailed)
        }
    }
}

fn add_layout<S: Copy + Default + AddAssign>(table: &mut Vec<Vec<S>>, n: usize, scalars: impl IntoIterator<Item = S>) {
    let n = n.max(1);
    let mut scalars = scalars.into_iter().peekable();
    let mut j = 0;
    while scalars.peek().is_some() {
        add_chunk(table, j, scalars.by_ref().take(n));
        j += 1;
    }
}

/// `table[j][i] += s_i`, growing the table as needed.
fn add_chunk<S: Copy + Default + AddAssign>(table: &mut Vec<Vec<S>>, j: usize, scalars: impl IntoIterator<Item = S>) {
    if table.len() <= j {
        table.resize_with(j + 1, Vec::new);
    }
    let Some(chain) = table.get_mut(j) else { return };
    let mut scalars = scalars.into_iter();
    for (slot, s) in chain.iter_mut().zip(scalars.by_ref()) {
        *slot += s;
    }
    chain.extend(scalars);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::Precomputation;
    use crate::group::Ristretto255;
    use rand::SeedableRng;

    type G = Ristretto255;

    /// The table path, the plain path and the split path give the same point.
    #[test]
    fn every_evaluation_path_gives_the_same_sum() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        let with = Generators::<G>::new(64, 4);
        let without = with.clone().with_precomputation(Precomputation::Off);
        for (n, parties, dynamic) in [(64, 1, 3), (8, 1, 40), (64, 2, 10), (64, 4, 5), (32, 1, 600)] {
            let mut acc = Equation::<G>::new();
            acc.add_b(<<G as Group>::Scalar as ScalarOps>::random(&mut rng));
            acc.add_b_blinding(<<G as Group>::Scalar as ScalarOps>::random(&mut rng));
            acc.add_g_layout(n, (0..n * parties).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)));
            acc.add_h_layout(n, (0..n * parties).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)));
            for _ in 0..dynamic {
                let mut b = [0u8; 64];
                rand::RngCore::fill_bytes(&mut rng, &mut b);
                acc.add_point(<<G as Group>::Scalar as ScalarOps>::random(&mut rng), G::hash_to_point(&b));
            }
            let a = acc.sum(&with).unwrap();
            let b = acc.sum(&without).unwrap();
            assert_eq!(G::compress(&a), G::compress(&b), "n={n} parties={parties} dynamic={dynamic}");
            assert!(!G::is_identity_vartime(&a));
        }
        assert!(with.vector().table_bytes() > 0);
        assert_eq!(without.vector().table_bytes(), 0);
    }

    /// A backend that builds its table only after
    /// `VARTIME_TABLE_BUILD_AFTER` sums (secq256k1): the first sums are
    /// plain and build nothing, the next builds the table and takes it, and
    /// every sum is the plain path's point; the inner-product prover's view
    /// of the tables never builds them; `precompute` builds at once.
    #[test]
    fn tables_built_after_reuse_give_the_same_sum() {
        use crate::group::Secq256k1 as Q;
        let after = Q::VARTIME_TABLE_BUILD_AFTER;
        assert!(after > 0);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let with = Generators::<Q>::new(64, 2);
        let without = with.clone().with_precomputation(Precomputation::Off);
        let mut acc = Equation::<Q>::new();
        acc.add_b(<<Q as Group>::Scalar as ScalarOps>::random(&mut rng));
        acc.add_g_layout(64, (0..128).map(|_| <<Q as Group>::Scalar as ScalarOps>::random(&mut rng)));
        acc.add_h_layout(64, (0..100).map(|_| <<Q as Group>::Scalar as ScalarOps>::random(&mut rng)));
        for _ in 0..5 {
            let mut b = [0u8; 64];
            rand::RngCore::fill_bytes(&mut rng, &mut b);
            acc.add_point(<<Q as Group>::Scalar as ScalarOps>::random(&mut rng), Q::hash_to_point(&b));
        }
        assert!(Q::precomputed_is_faster(acc.table_static_len(2, 64).unwrap(), 7));
        let plain = acc.sum(&without).unwrap();
        for i in 0..after {
            assert_eq!(acc.sum(&with).unwrap(), plain, "sum {i}");
            assert!(with.vector().tables().is_none(), "sum {i}");
            assert_eq!(with.vector().table_bytes(), 0, "sum {i}");
        }
        assert_eq!(acc.sum(&with).unwrap(), plain);
        assert!(with.vector().table_bytes() > 0);
        assert!(with.vector().tables().is_some());
        assert_eq!(acc.sum(&with).unwrap(), plain);
        // Off: never; precompute: at once, and a clone shares it.
        assert_eq!(without.vector().table_bytes(), 0);
        let fresh = Generators::<Q>::new(64, 1);
        fresh.vector().precompute();
        assert!(fresh.clone().vector().table_bytes() > 0);
    }

    /// An equation of the shape of a Bulletproofs verification at m = 2:
    /// 256 generator terms, `B`, and 16 other points; key (256, 18, 274).
    fn m2_equation<H: Group>(rng: &mut rand_chacha::ChaCha20Rng) -> Equation<H> {
        let mut acc = Equation::<H>::new();
        acc.add_b(<<H as Group>::Scalar as ScalarOps>::random(rng));
        acc.add_g_layout(64, (0..128).map(|_| <<H as Group>::Scalar as ScalarOps>::random(rng)));
        acc.add_h_layout(64, (0..128).map(|_| <<H as Group>::Scalar as ScalarOps>::random(rng)));
        for _ in 0..16 {
            let mut b = [0u8; 64];
            rand::RngCore::fill_bytes(rng, &mut b);
            acc.add_point(<<H as Group>::Scalar as ScalarOps>::random(rng), H::hash_to_point(&b));
        }
        acc
    }

    const M2_KEY: (usize, usize, usize) = (256, 18, 274);

    /// A shape where the faster path depends on the machine: its first
    /// sums go through both paths, some timed, then one is kept; every sum
    /// is the same point as the plain path's.
    #[cfg(feature = "std")]
    fn timed_trials_give_the_same_sum_and_settle<H: Group>() {
        for &threads in THREADS {
            on_threads(threads, timed_trials_give_the_same_sum_and_settle_here::<H>);
        }
    }

    /// Runs `f` inside a pool of `threads` threads with the `rayon`
    /// feature (so plain sums are split across threads, or not, whatever
    /// the machine); without it, on this thread (`threads` is then 1).
    #[cfg(feature = "std")]
    fn on_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
        #[cfg(feature = "rayon")]
        {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            let parallel = pool.install(|| crate::group::msm_is_parallel(M2_KEY.2));
            assert_eq!(parallel, threads > 1);
            pool.install(f)
        }
        #[cfg(not(feature = "rayon"))]
        {
            assert_eq!(threads, 1);
            f()
        }
    }

    /// The trial tests run on one thread (the shapes are timed) and, with
    /// the `rayon` feature, on two (a large plain sum is split across
    /// threads and never timed): one test build covers both.
    #[cfg(feature = "std")]
    const THREADS: &[usize] = if cfg!(feature = "rayon") { &[1, 2] } else { &[1] };

    #[cfg(feature = "std")]
    fn timed_trials_give_the_same_sum_and_settle_here<H: Group>() {
        use crate::path_choice::ROUNDS;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(6);
        let with = Generators::<H>::new(64, 2);
        let without = with.clone().with_precomputation(Precomputation::Off);
        let acc = m2_equation::<H>(&mut rng);
        assert_eq!(acc.num_terms(), M2_KEY.2);
        assert!(H::precomputed_is_uncertain(M2_KEY.0, M2_KEY.1), "{}", H::NAME);
        let plain = H::compress(&acc.sum(&without).unwrap());
        for i in 0..4 * ROUNDS + 3 {
            assert_eq!(H::compress(&acc.sum(&with).unwrap()), plain, "{} sum {i}", H::NAME);
        }
        if !crate::group::msm_is_parallel(M2_KEY.2) {
            assert!(with.vector().path_choice().kept(M2_KEY).is_some(), "{}", H::NAME);
            // The trial took the table path.
            assert!(with.vector().table_bytes() > 0, "{}", H::NAME);
        }
    }

    #[cfg(feature = "std")]
    #[test]
    fn timed_trials_on_every_backend_with_tables() {
        timed_trials_give_the_same_sum_and_settle::<Ristretto255>();
        timed_trials_give_the_same_sum_and_settle::<crate::group::Secp256k1>();
        timed_trials_give_the_same_sum_and_settle::<crate::group::Ed25519>();
    }

    /// With a fake clock: the sums take the trial's paths (pairs, the
    /// rule's path first), exactly the trial's sums are timed and recorded
    /// under the path they took, the decision follows the clock whatever
    /// the rule says, and every later sum takes the kept path.
    #[cfg(feature = "std")]
    #[test]
    fn the_trial_follows_its_clock() {
        for &threads in THREADS {
            on_threads(threads, the_trial_follows_its_clock_here);
        }
    }

    #[cfg(feature = "std")]
    fn the_trial_follows_its_clock_here() {
        use crate::path_choice::{fake, Path, ROUNDS, WARMUP};
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        let acc = m2_equation::<G>(&mut rng);
        let first = if G::precomputed_is_faster(M2_KEY.0, M2_KEY.1) { Path::Table } else { Path::Plain };
        for (table, plain, want) in [(100, 1_000, Path::Table), (1_000, 100, Path::Plain)] {
            let with = Generators::<G>::new(64, 2);
            fake::set(Some((table, plain)));
            let _ = fake::take();
            let trial = (4 * ROUNDS) as usize;
            for _ in 0..trial - 1 {
                acc.sum(&with).unwrap();
            }
            if crate::group::msm_is_parallel(M2_KEY.2) {
                // Not compared under rayon: the rule, untimed, untracked.
                assert!(fake::take().iter().all(|&(p, timed)| p == first && !timed));
                assert!(!with.vector().path_choice().is_tracked(M2_KEY));
                fake::set(None);
                continue;
            }
            assert_eq!(with.vector().path_choice().kept(M2_KEY), None);
            acc.sum(&with).unwrap();
            assert_eq!(with.vector().path_choice().kept(M2_KEY), Some(want));
            let taken = fake::take();
            assert_eq!(taken.len(), trial);
            let second = if first == Path::Table { Path::Plain } else { Path::Table };
            for (i, &(path, timed)) in taken.iter().enumerate() {
                assert_eq!(path, if i % 4 < 2 { first } else { second }, "sum {i}");
                assert_eq!(timed, i % 2 == 1 && i >= (4 * WARMUP) as usize, "sum {i}");
            }
            for _ in 0..10 {
                acc.sum(&with).unwrap();
            }
            assert!(fake::take().iter().all(|&(p, timed)| p == want && !timed), "after the trial: {want:?}");
            fake::set(None);
        }
    }

    /// `num_terms` counts what `sum` multiplies: `B`, `B̃`, every generator
    /// slot up to the longest chain written, and every other point.
    #[test]
    fn num_terms_counts_every_term() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        let mut random = || <<G as Group>::Scalar as ScalarOps>::random(&mut rng);
        let mut acc = Equation::<G>::new();
        assert_eq!(acc.num_terms(), 2);
        acc.add_g_layout(8, (0..12).map(|_| random()));
        acc.add_h_layout(8, (0..5).map(|_| random()));
        let point = G::hash_to_point(&[7u8; 64]);
        for _ in 0..3 {
            acc.add_point(random(), point);
        }
        assert_eq!(acc.num_terms(), 2 + 12 + 5 + 3);
        assert_eq!(acc.generators_needed(), (2, 8));
    }

    #[test]
    fn merge_equals_scaled_add() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(6);
        let gens = Generators::<G>::new(16, 4);
        let mut parts = Vec::new();
        for k in 1..4 {
            let mut acc = Equation::<G>::new();
            acc.add_g_layout(8, (0..8 * k).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)));
            acc.add_h_layout(16, (0..5 * k).map(|_| <<G as Group>::Scalar as ScalarOps>::random(&mut rng)));
            acc.add_b(<<G as Group>::Scalar as ScalarOps>::random(&mut rng));
            parts.push(acc);
        }
        let mut merged = Equation::<G>::new();
        let mut scaled = Equation::<G>::new();
        for p in parts {
            scaled.add_scaled(&p, <G as Group>::Scalar::one());
            merged.merge(p);
        }
        assert_eq!(G::compress(&merged.sum(&gens).unwrap()), G::compress(&scaled.sum(&gens).unwrap()));
    }
}
