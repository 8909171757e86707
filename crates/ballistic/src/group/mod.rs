//! The group layer: the only part of ballistic that knows which curve it runs on.
//!
//! Every protocol module is generic over [`Group`], a prime-order group
//! `𝔾` of order `ℓ` with scalar field `𝔽_ℓ`. A backend supplies
//!
//! * scalars ([`ScalarOps`]): field arithmetic, canonical 32-byte encoding,
//!   wide reduction (for Fiat–Shamir challenges and uniform sampling);
//! * points: group law, canonical compressed encoding with strict decoding,
//!   a hash from 64 uniform bytes to the group (for nothing-up-my-sleeve
//!   generators);
//! * three kinds of scalar multiplication, named for what they may touch:
//!   [`Group::mul_ct`] and [`Group::msm_ct`] run in constant time and are the
//!   only ones used with secret scalars; [`Group::msm_vartime`] is
//!   variable-time (Straus/Pippenger) and is only ever given public scalars
//!   (verifier equations, and the inner-product prover's blinded vectors,
//!   see `inner_product.rs`).
//!
//! Backends: [`Ristretto255`] (curve25519-dalek, AVX2 dispatch at run time),
//! [`Secp256k1`] (k256 arithmetic, ballistic's own GLV Straus/Pippenger
//! for the variable-time sums) and [`Ed25519`] (the prime-order subgroup of
//! the Ed25519 curve, on curve25519-dalek: Monero's group), and
//! [`Secq256k1`] (secp256k1's cycle partner, for Curve Trees; complete
//! projective formulas over k256's scalar field, no tables yet).

use alloc::vec::Vec;
use core::fmt::Debug;
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use rand_core::{CryptoRng, RngCore};
use subtle::{ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

/// The [`Group`] items of a backend that keeps no constant-time tables
/// (`CtTable = Infallible`: no table can exist, so only the empty sum can
/// be asked of `msm_ct_rows`), inside its `impl Group`.
macro_rules! no_ct_tables {
    ($point:ty, $scalar:ty) => {
        type CtTable = core::convert::Infallible;
        const CT_TABLE_BYTES_PER_POINT: usize = 0;
        fn ct_table(_points: &[$point]) -> Option<core::convert::Infallible> {
            None
        }
        fn ct_table_len(table: &core::convert::Infallible) -> usize {
            match *table {}
        }
        fn msm_ct_rows(_scalars: &[$scalar], rows: &[(&core::convert::Infallible, usize)]) -> Option<$point> {
            rows.is_empty().then(Self::identity)
        }
    };
}

pub(crate) mod ed25519;
pub(crate) mod fast;
pub(crate) mod ristretto255;
pub(crate) mod secp256k1;
pub(crate) mod secq256k1;
mod subgroup25519;
#[cfg(test)]
pub(crate) mod toy;

pub use ed25519::Ed25519;
pub use ristretto255::Ristretto255;
pub use secp256k1::{CompressedSecp256k1, Secp256k1, HASH_TO_CURVE_DST};
pub use secq256k1::{CompressedSecq256k1, FieldP, Secq256k1, SecqPoint, SECQ256K1_HASH_TO_CURVE_DST};

/// The groups ballistic implements, named at run time (proof files,
/// bindings, the command line). This and [`with_group!`](crate::with_group)
/// are the one place a name maps to a type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroupId {
    /// [`Ristretto255`].
    Ristretto255,
    /// [`Secp256k1`].
    Secp256k1,
    /// [`Ed25519`].
    Ed25519,
    /// [`Secq256k1`].
    Secq256k1,
}

impl GroupId {
    /// Every group, in a fixed order.
    pub const ALL: [GroupId; 4] = [GroupId::Ristretto255, GroupId::Secp256k1, GroupId::Ed25519, GroupId::Secq256k1];

    /// The group's name ([`Group::NAME`]): `"ristretto255"`, `"secp256k1"`,
    /// `"ed25519"`, `"secq256k1"`.
    pub fn name(self) -> &'static str {
        match self {
            GroupId::Ristretto255 => Ristretto255::NAME,
            GroupId::Secp256k1 => Secp256k1::NAME,
            GroupId::Ed25519 => Ed25519::NAME,
            GroupId::Secq256k1 => Secq256k1::NAME,
        }
    }

    /// The group called `name`; `None` for any other string.
    pub fn from_name(name: &str) -> Option<Self> {
        GroupId::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The identifier of the type `G`.
    pub fn of<G: Group>() -> Option<Self> {
        GroupId::from_name(G::NAME)
    }
}

/// Run `body` with the type alias `$g` bound to the group a [`GroupId`]
/// names: `with_group!(id, G => verify::<G>(…))`. Code generic over
/// `G: Group` is written once; this is the only dispatch from a run-time
/// name to a type.
#[macro_export]
macro_rules! with_group {
    ($id:expr, $g:ident => $body:expr) => {
        match $id {
            $crate::group::GroupId::Ristretto255 => {
                type $g = $crate::group::Ristretto255;
                $body
            }
            $crate::group::GroupId::Secp256k1 => {
                type $g = $crate::group::Secp256k1;
                $body
            }
            $crate::group::GroupId::Ed25519 => {
                type $g = $crate::group::Ed25519;
                $body
            }
            $crate::group::GroupId::Secq256k1 => {
                type $g = $crate::group::Secq256k1;
                $body
            }
        }
    };
}

/// The scalars of group `G` (e.g. `Scalar<Ristretto255>`), so that callers
/// need not name the backend's crate.
pub type Scalar<G> = <G as Group>::Scalar;
/// The points of group `G`.
pub type Point<G> = <G as Group>::Point;
/// The canonical compressed encoding of a point of group `G`.
pub type CompressedPoint<G> = <G as Group>::Compressed;

/// Length in bytes of an encoded scalar (every supported group has a
/// 253–256-bit order).
pub const SCALAR_LEN: usize = 32;

/// Arithmetic in the scalar field `𝔽_ℓ` of a [`Group`].
///
/// All operations are constant time except [`ScalarOps::batch_invert_vartime`]
/// and [`ScalarOps::invert_vartime`], whose names say so; they are used only on
/// public values (challenges).
pub trait ScalarOps:
    Copy
    + Clone
    + Debug
    + Default
    + PartialEq
    + Eq
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
    + Sum
    + Product
    + ConditionallySelectable
    + ConstantTimeEq
    + Zeroize
    + fast::Montgomery
{
    /// The additive identity.
    fn zero() -> Self;
    /// The multiplicative identity.
    fn one() -> Self;
    /// The image of an integer in `𝔽_ℓ` (constant time).
    fn from_u64(v: u64) -> Self;
    /// Reduce 64 uniformly random bytes modulo `ℓ` (bias below 2⁻²⁵⁰).
    fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> Self;
    /// Decode a canonical little-endian encoding; `None` if it is not `< ℓ`.
    ///
    /// # Security
    /// Constant time in `bytes` up to the verdict, which is declassified
    /// ([`crate::ct::reveal`]): secrets (blindings, witness values) are
    /// parsed with it.
    fn from_canonical_bytes(bytes: &[u8; SCALAR_LEN]) -> Option<Self>;
    /// The canonical 32-byte encoding.
    fn to_bytes(&self) -> [u8; SCALAR_LEN];
    /// Multiplicative inverse of a non-zero scalar (public inputs only).
    fn invert_vartime(&self) -> Self;
    /// Multiplicative inverse in constant time (for secrets); zero maps to
    /// zero.
    fn invert_ct(&self) -> Self;

    /// Is this scalar zero?
    fn is_zero(&self) -> bool {
        bool::from(self.ct_eq(&Self::zero()))
    }

    /// Equality in variable time, for public values only (a circuit's
    /// coefficients): the canonical encodings compared, without the
    /// constant-time comparison's barriers.
    fn eq_vartime(&self, other: &Self) -> bool {
        self.to_bytes() == other.to_bytes()
    }

    /// [`is_zero`](Self::is_zero) in variable time (public values only).
    fn is_zero_vartime(&self) -> bool {
        self.to_bytes() == [0u8; SCALAR_LEN]
    }

    /// A uniformly random scalar from a cryptographic RNG.
    fn random<R: RngCore + CryptoRng>(rng: &mut R) -> Self {
        let mut wide = [0u8; 64];
        rng.fill_bytes(&mut wide);
        let s = Self::from_bytes_mod_order_wide(&wide);
        wide.zeroize();
        s
    }

    /// Invert every element in place with a single field inversion
    /// (Montgomery's trick: 3 multiplications per element). Elements must be
    /// non-zero and public. Returns the inverse of the product of all inputs.
    fn batch_invert_vartime(values: &mut [Self]) -> Self {
        let mut prefix = Vec::with_capacity(values.len());
        let mut acc = Self::one();
        for v in values.iter() {
            prefix.push(acc);
            acc *= *v;
        }
        let all_inv = acc.invert_vartime();
        let mut inv = all_inv;
        for (v, p) in values.iter_mut().zip(prefix).rev() {
            let next = inv * *v;
            *v = inv * p;
            inv = next;
        }
        all_inv
    }
}

/// A prime-order group in which discrete logarithms are hard.
///
/// Implemented on a zero-sized marker type; protocol code names
/// `G::Point`, `G::Scalar` and calls `G::msm_vartime(..)` etc.
pub trait Group: Copy + Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// The scalar field.
    type Scalar: ScalarOps;
    /// A group element in the backend's fastest representation.
    type Point: Copy
        + Clone
        + Debug
        + PartialEq
        + Send
        + Sync
        + 'static
        + Add<Output = Self::Point>
        + Sub<Output = Self::Point>
        + Neg<Output = Self::Point>
        + AddAssign
        + SubAssign
        + Sum
        + ConditionallySelectable
        + Zeroize;
    /// A canonical compressed encoding of a point, exactly
    /// [`Group::POINT_LEN`] bytes.
    type Compressed: Copy + Clone + Debug + PartialEq + Eq + Send + Sync + 'static;

    /// Name used in files and messages (`"ristretto255"`).
    const NAME: &'static str;
    /// Length in bytes of a compressed point.
    const POINT_LEN: usize;
    /// Extra domain separation written into every transcript after the
    /// protocol's own domain separator, naming the group. `None` for
    /// Ristretto255, whose transcripts are byte-compatible with
    /// `bulletproofs` 5 (which predates group agility and implies
    /// Ristretto255 and its default generators).
    const TRANSCRIPT_DOMAIN: Option<&'static [u8]>;

    /// The neutral element.
    fn identity() -> Self::Point;
    /// The conventional generator of the group (Pedersen `B`).
    fn basepoint() -> Self::Point;
    /// Map 64 uniformly random bytes to a point whose discrete logarithm
    /// with respect to any other is unknown.
    fn hash_to_point(uniform: &[u8; 64]) -> Self::Point;
    /// [`hash_to_point`](Self::hash_to_point) of every input: the same
    /// points, computed together (secp256k1 batches its divisions and
    /// takes one exponentiation per map). Variable time: for public inputs
    /// only (the vector generators).
    fn hash_to_points_vartime(uniforms: &[[u8; 64]]) -> Vec<Self::Point> {
        uniforms.iter().map(Self::hash_to_point).collect()
    }

    /// Canonical compressed encoding.
    fn compress(p: &Self::Point) -> Self::Compressed;
    /// The bytes of a compressed point (`POINT_LEN` of them).
    fn compressed_bytes(c: &Self::Compressed) -> &[u8];
    /// Take `POINT_LEN` bytes as a compressed point without validating them.
    fn compressed_from_slice(bytes: &[u8]) -> Option<Self::Compressed>;
    /// Decode, accepting only the canonical encoding of a group element.
    fn decompress(c: &Self::Compressed) -> Option<Self::Point>;
    /// Is this the encoding of the identity?
    fn is_identity_compressed(c: &Self::Compressed) -> bool;
    /// Is this point the identity? (variable time)
    fn is_identity_vartime(p: &Self::Point) -> bool;

    /// Bytes per point in the generator store's files
    /// (`crate::file::GeneratorStore`): the encoding that loads fastest.
    const STORE_POINT_LEN: usize = Self::POINT_LEN;
    /// Append public points (generators) in the store's encoding,
    /// `STORE_POINT_LEN` bytes each (by default the compressed encoding;
    /// secp256k1's is the affine `x ‖ y`, which loads without a square root).
    fn store_encode(points: &[Self::Point], out: &mut Vec<u8>) {
        for p in points {
            out.extend_from_slice(Self::compressed_bytes(&Self::compress(p)));
        }
    }
    /// A point from the store's encoding; `None` if the bytes encode none.
    /// Only for bytes whose digest matched one pinned in the library (the
    /// store's files): a group may skip checks that such bytes cannot fail
    /// (Ed25519 skips the torsion check, 4 times the cost of decoding).
    fn store_decode(bytes: &[u8]) -> Option<Self::Point> {
        Self::decompress(&Self::compressed_from_slice(bytes)?)
    }

    /// `s·P` in constant time with respect to `s`.
    fn mul_ct(p: &Self::Point, s: &Self::Scalar) -> Self::Point;
    /// `Σ sᵢ·Pᵢ` in constant time with respect to the scalars.
    fn msm_ct(scalars: &[Self::Scalar], points: &[Self::Point]) -> Self::Point;
    /// `Σ sᵢ·Pᵢ` in constant time with respect to the scalars **and the
    /// points** (points derived from secrets, e.g. sums of generators
    /// chosen by secret bits), its tables of multiples wiped before they
    /// are freed (Straus with signed 4-bit windows; curve25519-dalek's `multiscalar_mul`
    /// is constant time in the points too but does not wipe its tables).
    /// The default doubles by addition (complete on every backend);
    /// secp256k1 overrides it with its doubling formula.
    fn msm_ct_secret_points(scalars: &[Self::Scalar], points: &[Self::Point]) -> Self::Point {
        msm_ct_zeroizing(scalars, points, Self::identity(), |p| *p + *p)
    }
    /// `Σ sᵢ·Pᵢ` in variable time: public scalars only.
    fn msm_vartime<I, J>(scalars: I, points: J) -> Self::Point
    where
        I: IntoIterator,
        I::Item: core::borrow::Borrow<Self::Scalar>,
        J: IntoIterator,
        J::Item: core::borrow::Borrow<Self::Point>;

    /// Many small variable-time sums at once: output `i` is
    /// `Σ_{t<chunk} s[i·chunk + t]·P[i·chunk + t]` (public scalars only).
    /// `None` if the lengths differ or are not a multiple of `chunk ≥ 1`.
    /// Backends whose points need a normalisation per sum (an inversion, on
    /// secp256k1) share it across the chunks.
    fn msm_vartime_chunks(scalars: &[Self::Scalar], points: &[Self::Point], chunk: usize) -> Option<Vec<Self::Point>> {
        if chunk == 0 || scalars.len() != points.len() || scalars.len() % chunk != 0 {
            return None;
        }
        Some(scalars.chunks(chunk).zip(points.chunks(chunk)).map(|(s, p)| Self::msm_vartime(s, p)).collect())
    }

    /// Many variable-time sums over one list of bases (a level of Curve
    /// Tree nodes, Pedersen vectors under the same generators): output `i`
    /// is `Σ_{t<b} s[i·b + t]·B_t` with `b = bases.len()` (public scalars
    /// only). `None` if `b = 0` or the scalars are not a multiple of `b`.
    /// The default runs [`Group::msm_vartime_chunks`] on the bases
    /// repeated, 256 sums at a time (memory in proportion to that, not to
    /// the sums); secq256k1 overrides it with fixed-base tables of each
    /// base, built once for all the sums.
    fn msm_vartime_shared_bases(scalars: &[Self::Scalar], bases: &[Self::Point]) -> Option<Vec<Self::Point>> {
        let b = bases.len();
        if b == 0 || scalars.len() % b != 0 {
            return None;
        }
        let batch = 256 * b;
        let points: Vec<Self::Point> = (0..batch.min(scalars.len()) / b).flat_map(|_| bases.iter().copied()).collect();
        let mut sums = Vec::with_capacity(scalars.len() / b);
        for chunk in scalars.chunks(batch) {
            sums.extend(Self::msm_vartime_chunks(chunk, points.get(..chunk.len())?, b)?);
        }
        Some(sums)
    }

    /// Precomputed multiples of a fixed list of points, for
    /// [`Group::msm_vartime_precomputed`]. Built once per generator set and
    /// shared between threads.
    type VartimeTable: Send + Sync;
    /// Approximate heap size of a [`Group::VartimeTable`] per point, in bytes.
    const VARTIME_TABLE_BYTES_PER_POINT: usize;
    /// Most vector generators a [`BulletproofGens`](crate::BulletproofGens)
    /// table covers on this backend (whole `[G_j, H_j]` chain pairs): past
    /// it the table costs memory and cache for nothing. The default is
    /// [`TABLE_MAX_POINTS`](crate::TABLE_MAX_POINTS).
    const VARTIME_TABLE_MAX_POINTS: usize = 256;
    /// Verifiers' sums that run plainly before a generator set builds its
    /// table (then kept): 0 builds it at the first sum that would take it.
    /// A backend whose table costs many sums' worth to build waits until
    /// the generators are seen to be reused, so a one-shot verification
    /// never pays for it; [`BulletproofGens::precompute`](crate::BulletproofGens::precompute)
    /// builds it at once. The inner-product prover uses a table only once
    /// built.
    const VARTIME_TABLE_BUILD_AFTER: usize = 0;
    /// Build the table for `points`.
    fn vartime_table(points: &[Self::Point]) -> Self::VartimeTable;
    /// A table for the inner-product prover's short-lived use (built for
    /// one proof's last rounds, `inner_product::relazy`): the default is
    /// [`Group::vartime_table`]; a backend whose tables cost many sums to
    /// build returns one that sums its points plainly.
    fn scratch_vartime_table(points: &[Self::Point]) -> Self::VartimeTable {
        Self::vartime_table(points)
    }
    /// Number of points in a table.
    fn vartime_table_len(table: &Self::VartimeTable) -> usize;
    /// `Σ aᵢ·Tᵢ + Σ sⱼ·Pⱼ` in variable time, where `Tᵢ` are the table's points
    /// (`static_scalars` may be shorter than the table: missing scalars are
    /// zero) and `(sⱼ, Pⱼ)` the dynamic terms. Public scalars only. `None`
    /// if there are more static scalars than table points or the dynamic
    /// slices differ in length.
    fn msm_vartime_precomputed(
        table: &Self::VartimeTable,
        static_scalars: &[Self::Scalar],
        dynamic_scalars: &[Self::Scalar],
        dynamic_points: &[Self::Point],
    ) -> Option<Self::Point>;
    /// Is [`Group::msm_vartime_precomputed`] with `static_len` table points
    /// and `dynamic_len` other points faster than [`Group::msm_vartime`] of
    /// all of them? Measured per backend.
    fn precomputed_is_faster(static_len: usize, dynamic_len: usize) -> bool;
    /// Does the answer of [`Group::precomputed_is_faster`] for this shape
    /// depend on the machine (its caches) rather than on the arithmetic?
    /// Then a generator set times both paths on its first sums of the
    /// shape and keeps the faster (`crate::path_choice`), where the
    /// process has a clock (`std`, not `wasm*-unknown-unknown`) and the
    /// plain sum would run on one thread (not split by the `rayon`
    /// feature); otherwise this rule decides. The default, for backends
    /// without real tables: never.
    fn precomputed_is_uncertain(_static_len: usize, _dynamic_len: usize) -> bool {
        false
    }
    /// Should the inner-product prover run its first rounds' cross terms
    /// through a table of its `static_len` generators, instead of folding
    /// them? Not the same trade as [`Group::precomputed_is_faster`]: the
    /// alternative is materialising folded generators, not one plain sum,
    /// so the tables pay over more points (measured per backend). The
    /// default asks `precomputed_is_faster(static_len, 1)`.
    fn prover_tables_pay(static_len: usize) -> bool {
        Self::precomputed_is_faster(static_len, 1)
    }
    /// Many small variable-time sums over table points at once: output `i`
    /// is `Σ_{t<chunk} s·T_j` over `(j, s) = terms[i·chunk + t]` (public
    /// scalars only; the inner-product prover materialising its virtual
    /// generators, `crate::poly::FoldingGens`). `None` where the backend has
    /// no way faster than [`Group::msm_vartime_chunks`] over the points
    /// themselves (the default: the caller does that instead), if
    /// `terms.len()` is not a multiple of `chunk ≥ 1`, or if an index is
    /// past the table.
    fn msm_vartime_table_chunks(
        table: &Self::VartimeTable,
        terms: &[(usize, Self::Scalar)],
        chunk: usize,
    ) -> Option<Vec<Self::Point>> {
        let _ = (table, terms, chunk);
        None
    }

    /// Tables of multiples of fixed public points (vector generators) that
    /// constant-time multiscalar multiplications with secret scalars reuse
    /// from one proof to the next ([`BulletproofGens`](crate::BulletproofGens)
    /// keeps one per chain pair). `core::convert::Infallible` where the
    /// backend gains nothing from one (curve25519-dalek's constant-time
    /// multiscalar multiplication builds its own tables internally).
    type CtTable: Send + Sync;
    /// Approximate heap size of a [`Group::CtTable`] per point, in bytes.
    const CT_TABLE_BYTES_PER_POINT: usize;
    /// Build the table for `points`; `None` if the backend has none.
    fn ct_table(points: &[Self::Point]) -> Option<Self::CtTable>;
    /// Number of points in a table.
    fn ct_table_len(table: &Self::CtTable) -> usize;
    /// `Σ sᵢ·Tᵢ[jᵢ]` for `rows[i] = (Tᵢ, jᵢ)`, point `jᵢ` of table `Tᵢ`
    /// (rows of several tables in one pass), in constant time in the
    /// scalars (the rows are public); the same point as [`Group::msm_ct`]
    /// of those points. `None` if the lengths differ or a row is past its
    /// table.
    fn msm_ct_rows(scalars: &[Self::Scalar], rows: &[(&Self::CtTable, usize)]) -> Option<Self::Point>;
}

/// Below this many terms a multiscalar multiplication is not split across
/// threads (the `rayon` feature): the per-thread fixed cost (256 doublings)
/// would dominate.
#[cfg(feature = "rayon")]
const PARALLEL_MIN_TERMS: usize = 256;

/// Would a plain multiscalar multiplication of `terms` terms be split
/// across threads (the `rayon` feature, more than one thread)?
pub(crate) fn msm_is_parallel(terms: usize) -> bool {
    #[cfg(feature = "rayon")]
    {
        rayon::current_num_threads() > 1 && terms >= PARALLEL_MIN_TERMS
    }
    #[cfg(not(feature = "rayon"))]
    {
        let _ = terms;
        false
    }
}

/// `Σ piece(sᵢ, Pᵢ)` over consecutive pieces of at most `chunk` terms
/// (bounding the backends' per-term tables), the pieces split across
/// threads with the `rayon` feature (at least one per thread). The pieces
/// depend only on the lengths, never on the scalars.
fn sum_in_pieces<G: Group, P: Sync>(
    scalars: &[G::Scalar],
    points: &[P],
    chunk: usize,
    piece: impl Fn(&[G::Scalar], &[P]) -> G::Point + Sync,
) -> G::Point {
    let chunk = chunk.max(1);
    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        let threads = rayon::current_num_threads();
        if threads > 1 && scalars.len() >= PARALLEL_MIN_TERMS && scalars.len() == points.len() {
            let chunk = chunk.min(scalars.len().div_ceil(threads));
            return scalars
                .par_chunks(chunk)
                .zip(points.par_chunks(chunk))
                .map(|(s, p)| piece(s, p))
                .reduce(G::identity, |a, b| a + b);
        }
    }
    scalars.chunks(chunk).zip(points.chunks(chunk)).map(|(s, p)| piece(s, p)).fold(G::identity(), |a, b| a + b)
}

/// `Σ sᵢ·Pᵢ` in variable time with the points by reference, in pieces of
/// `chunk` terms ([`sum_in_pieces`]).
pub(crate) fn msm_vartime_by_ref<G: Group>(scalars: &[G::Scalar], points: &[&G::Point], chunk: usize) -> G::Point {
    sum_in_pieces::<G, &G::Point>(scalars, points, chunk, |s, p| G::msm_vartime(s.iter(), p.iter().copied()))
}

/// Terms per constant-time multiscalar multiplication call: the backends
/// keep a table of multiples per point (1.3 KiB on Ristretto255, 1.9 KiB on
/// secp256k1), so sums are cut into pieces to bound memory (a piece's tables
/// stay under 0.5 MiB; with 2,048 the 64 × 16 Bulletproofs prover peaked at
/// 3.3 MiB). Each piece costs one more run of 252 doublings against the 71–79
/// additions per term: under 1.5 % of a piece, and the 64 × 16 provers timed
/// the same with 256 and 2,048 (93–98 ms and 211 ms, Ristretto255 and
/// secp256k1, `examples/prove_loop`).
const CT_CHUNK: usize = 256;

/// Digits of the little-endian number `bytes` (any 256-bit value; the
/// scalars of secp256k1 and secq256k1 reach 2²⁵⁶ − 2¹²⁹) in `[−8, 8)` for
/// the first 64 and `{0, 1}` for the last, least significant first, with
/// `k = Σ dᵢ·16ⁱ`: constant time (byte arithmetic, no branch), for secret
/// scalars.
// Indexing: i < 64 nibbles of 32 bytes; 65 digits.
#[allow(clippy::indexing_slicing)]
pub(crate) fn signed_nibbles(bytes: &[u8; SCALAR_LEN]) -> [i8; 65] {
    let mut out = [0i8; 65];
    let mut carry = 0u8;
    for i in 0..64 {
        let nibble = (bytes[i / 2] >> (4 * (i % 2))) & 0x0f;
        let v = nibble + carry; // 0..=16
        carry = (v + 8) >> 4; // 1 iff v ≥ 8
        out[i] = (v as i8).wrapping_sub((carry << 4) as i8);
    }
    out[64] = carry as i8;
    out
}

/// `d·P` from `table = [P, 2P, …, 8P]` for `d ∈ [−8, 8]`: every entry
/// scanned with conditional selection, then a conditional negation;
/// `identity` for `d = 0`. Constant time in `d` and in the points.
pub(crate) fn select_signed<P>(table: &[P], d: i8, identity: P) -> P
where
    P: Copy + Neg<Output = P> + ConditionallySelectable,
{
    let sign = (d >> 7) as u8 & 1; // 1 iff d < 0
    let magnitude = ((d ^ (d >> 7)) - (d >> 7)) as u8; // |d|, branch-free
    let mut out = identity;
    for (j, p) in table.iter().enumerate().take(8) {
        out.conditional_assign(p, (j as u8 + 1).ct_eq(&magnitude));
    }
    let negated = -out;
    out.conditional_assign(&negated, subtle::Choice::from(sign));
    out
}

/// `Σ sᵢ·Pᵢ` in constant time in the scalars **and the points**, with
/// every table of multiples wiped before it is freed: the backends'
/// [`Group::msm_ct_secret_points`]. Straus with one shared doubling chain
/// and signed 4-bit windows: each scalar recoded into 65 digits in
/// `[−8, 8)` (byte arithmetic, no branch), a table `P, 2P, …, 8P` per
/// point (7 additions), then per window four doublings and, per point, the
/// entry `d·P` ([`select_signed`]) and one addition. `add` and
/// `double` must be complete (no exceptional case, no branch on the
/// operands): curve25519-dalek's Edwards formulas and k256's
/// Renes–Costello–Batina formulas are. The accumulator and the selected
/// entry stay on the stack, as in every other constant-time routine here.
// Indexing: tables hold 8 entries per point; digits 65 per scalar.
#[allow(clippy::indexing_slicing)]
pub(crate) fn msm_ct_zeroizing<S, P>(scalars: &[S], points: &[P], identity: P, double: impl Fn(&P) -> P) -> P
where
    S: ScalarOps,
    P: Copy + Add<Output = P> + Neg<Output = P> + ConditionallySelectable + Zeroize,
{
    let len = scalars.len().min(points.len());
    let mut tables: Vec<P> = Vec::with_capacity(8 * len);
    for p in points.iter().take(len) {
        let mut cur = *p;
        tables.push(cur);
        for _ in 1..8 {
            cur = cur + *p;
            tables.push(cur);
        }
        cur.zeroize();
    }
    let mut digits: Vec<[i8; 65]> = Vec::with_capacity(len);
    for k in scalars.iter().take(len) {
        let mut bytes = k.to_bytes();
        digits.push(signed_nibbles(&bytes));
        bytes.zeroize();
    }
    let mut acc = identity;
    for w in (0..65).rev() {
        if w < 64 {
            for _ in 0..4 {
                acc = double(&acc);
            }
        }
        for (table, d) in tables.chunks(8).zip(&digits) {
            let mut entry = select_signed(table, d[w], identity);
            acc = acc + entry;
            entry.zeroize();
        }
    }
    for d in digits.iter_mut() {
        d.zeroize();
    }
    tables.zeroize();
    acc
}

/// [`Group::msm_ct`] with the points by reference, in pieces of
/// [`CT_CHUNK`] terms (each piece's points copied into a buffer of that
/// size; [`sum_in_pieces`]). Constant time in the scalars.
pub(crate) fn msm_ct_by_ref<G: Group>(scalars: &[G::Scalar], points: &[&G::Point]) -> G::Point {
    sum_in_pieces::<G, &G::Point>(scalars, points, CT_CHUNK, |s, p| {
        let buffer: Vec<G::Point> = p.iter().map(|p| **p).collect();
        G::msm_ct(s, &buffer)
    })
}

/// [`Group::msm_ct_rows`] in pieces of [`CT_CHUNK`] terms, split across
/// threads with the `rayon` feature ([`sum_in_pieces`]; each piece is
/// constant time in its scalars). `None` if the lengths differ or a row is
/// past its table.
pub(crate) fn msm_ct_rows_par<G: Group>(scalars: &[G::Scalar], rows: &[(&G::CtTable, usize)]) -> Option<G::Point> {
    if scalars.len() != rows.len() || rows.iter().any(|(t, i)| *i >= G::ct_table_len(t)) {
        return None;
    }
    Some(sum_in_pieces::<G, (&G::CtTable, usize)>(scalars, rows, CT_CHUNK, |s, r| {
        G::msm_ct_rows(s, r).unwrap_or_else(G::identity)
    }))
}

/// [`Group::msm_ct`], in pieces of [`CT_CHUNK`] terms ([`sum_in_pieces`];
/// each piece is constant time).
pub(crate) fn msm_ct_par<G: Group>(scalars: &[G::Scalar], points: &[G::Point]) -> G::Point {
    sum_in_pieces::<G, G::Point>(scalars, points, CT_CHUNK, |s, p| G::msm_ct(s, p))
}

/// [`Group::msm_vartime_table_chunks`], with the sums split across threads
/// with the `rayon` feature as in [`msm_vartime_chunks_par`]; `None` where
/// the backend has no such path.
pub(crate) fn msm_vartime_table_chunks_par<G: Group>(
    table: &G::VartimeTable,
    terms: &[(usize, G::Scalar)],
    chunk: usize,
) -> Option<Vec<G::Point>> {
    let chunk = chunk.max(1);
    #[cfg(feature = "rayon")]
    {
        let sums = terms.len() / chunk;
        let threads = rayon::current_num_threads();
        if threads > 1 && sums >= 32 && terms.len() % chunk == 0 {
            use rayon::prelude::*;
            let per = sums.div_ceil(threads) * chunk;
            return terms
                .par_chunks(per)
                .map(|t| G::msm_vartime_table_chunks(table, t, chunk))
                .collect::<Option<Vec<_>>>()
                .map(|parts| parts.concat());
        }
    }
    G::msm_vartime_table_chunks(table, terms, chunk)
}

/// [`Group::msm_vartime_chunks`], with the chunks split across threads with
/// the `rayon` feature (at least 16 sums per thread). Falls back to one
/// `msm_vartime` per chunk if the backend refuses the shape.
pub(crate) fn msm_vartime_chunks_par<G: Group>(
    scalars: &[G::Scalar],
    points: &[G::Point],
    chunk: usize,
) -> Vec<G::Point> {
    let chunk = chunk.max(1);
    let run = |s: &[G::Scalar], p: &[G::Point]| -> Vec<G::Point> {
        G::msm_vartime_chunks(s, p, chunk)
            .unwrap_or_else(|| s.chunks(chunk).zip(p.chunks(chunk)).map(|(s, p)| G::msm_vartime(s, p)).collect())
    };
    #[cfg(feature = "rayon")]
    {
        let sums = scalars.len() / chunk;
        let threads = rayon::current_num_threads();
        if threads > 1 && sums >= 32 && scalars.len() == points.len() {
            use rayon::prelude::*;
            let per = sums.div_ceil(threads) * chunk;
            return scalars
                .par_chunks(per)
                .zip(points.par_chunks(per))
                .map(|(s, p)| run(s, p))
                .collect::<Vec<_>>()
                .concat();
        }
    }
    run(scalars, points)
}
