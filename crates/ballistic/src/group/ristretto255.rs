//! Ristretto255 (RFC 9496) on `curve25519-dalek` 5.
//!
//! `curve25519-dalek` selects its field backend at run time (serial u64,
//! AVX2, or AVX-512 IFMA where compiled in and the CPU has it) behind the
//! same types, so nothing here knows which one runs. Release 5.0 is used rather than 4.1: their plain
//! variable-time multiscalar multiplications time the same, but 4.1's
//! precomputed Straus recodes the static scalars with width-5 NAFs although
//! its tables hold width-8 multiples, so it gains little; 5.0 uses the width-8
//! tables (measured on the development machine: 130 static + 17 dynamic
//! terms, 0.65–0.89 of the plain MSM, against 0.86–1.0 for 4.1).

use core::borrow::Borrow;

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint, VartimeRistrettoPrecomputation};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{
    Identity, IsIdentity, MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};

use super::{Group, ScalarOps, SCALAR_LEN};

/// The Ristretto255 prime-order group.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Ristretto255;

impl ScalarOps for Scalar {
    fn zero() -> Self {
        Scalar::ZERO
    }
    fn one() -> Self {
        Scalar::ONE
    }
    fn from_u64(v: u64) -> Self {
        Scalar::from(v)
    }
    fn from_bytes_mod_order_wide(bytes: &[u8; 64]) -> Self {
        Scalar::from_bytes_mod_order_wide(bytes)
    }
    fn from_canonical_bytes(bytes: &[u8; SCALAR_LEN]) -> Option<Self> {
        // Constant time up to the (declassified) verdict: secrets are parsed here.
        let parsed = Scalar::from_canonical_bytes(*bytes);
        let value = parsed.unwrap_or(Scalar::ZERO);
        crate::ct::reveal(bool::from(parsed.is_some())).then_some(value)
    }
    fn to_bytes(&self) -> [u8; SCALAR_LEN] {
        Scalar::to_bytes(self)
    }
    fn invert_vartime(&self) -> Self {
        // Kaliski's binary inversion in Montgomery form (crate::group::fast):
        // a fraction of curve25519-dalek's `invert` (public inputs only).
        super::fast::invert_scalar_vartime(self)
    }
    fn invert_ct(&self) -> Self {
        // An addition chain for x^(ℓ−2): constant time, and 0 ↦ 0.
        self.invert()
    }
    fn batch_invert_vartime(values: &mut [Self]) -> Self {
        super::fast::batch_invert_scalars_vartime(values)
    }
}

impl Group for Ristretto255 {
    type Scalar = Scalar;
    type Point = RistrettoPoint;
    type Compressed = CompressedRistretto;

    const NAME: &'static str = "ristretto255";
    const POINT_LEN: usize = 32;
    const TRANSCRIPT_DOMAIN: Option<&'static [u8]> = None;

    fn identity() -> RistrettoPoint {
        RistrettoPoint::identity()
    }
    fn basepoint() -> RistrettoPoint {
        RISTRETTO_BASEPOINT_POINT
    }
    fn hash_to_point(uniform: &[u8; 64]) -> RistrettoPoint {
        RistrettoPoint::from_uniform_bytes(uniform)
    }
    fn compress(p: &RistrettoPoint) -> CompressedRistretto {
        p.compress()
    }
    fn compressed_bytes(c: &CompressedRistretto) -> &[u8] {
        c.as_bytes()
    }
    fn compressed_from_slice(bytes: &[u8]) -> Option<CompressedRistretto> {
        CompressedRistretto::from_slice(bytes).ok()
    }
    fn decompress(c: &CompressedRistretto) -> Option<RistrettoPoint> {
        // dalek's decoder rejects non-canonical field encodings, negative
        // s, and non-square ratios: exactly RFC 9496 §4.3.1.
        c.decompress()
    }
    fn is_identity_compressed(c: &CompressedRistretto) -> bool {
        c.is_identity()
    }
    fn is_identity_vartime(p: &RistrettoPoint) -> bool {
        p.is_identity()
    }
    fn mul_ct(p: &RistrettoPoint, s: &Scalar) -> RistrettoPoint {
        p * s
    }
    fn msm_ct(scalars: &[Scalar], points: &[RistrettoPoint]) -> RistrettoPoint {
        RistrettoPoint::multiscalar_mul(scalars, points)
    }
    fn msm_vartime<I, J>(scalars: I, points: J) -> RistrettoPoint
    where
        I: IntoIterator,
        I::Item: Borrow<Scalar>,
        J: IntoIterator,
        J::Item: Borrow<RistrettoPoint>,
    {
        RistrettoPoint::vartime_multiscalar_mul(scalars, points)
    }

    type VartimeTable = VartimeRistrettoPrecomputation;
    // dalek keeps 64 odd multiples per point (width-8 NAF table); a cached
    // point is 160 bytes in the AVX2 backend and 4 × 40 in the serial one.
    const VARTIME_TABLE_BYTES_PER_POINT: usize = 64 * 160;

    fn vartime_table(points: &[RistrettoPoint]) -> VartimeRistrettoPrecomputation {
        VartimeRistrettoPrecomputation::new(points)
    }
    fn vartime_table_len(table: &VartimeRistrettoPrecomputation) -> usize {
        table.len()
    }
    fn msm_vartime_precomputed(
        table: &VartimeRistrettoPrecomputation,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[RistrettoPoint],
    ) -> Option<RistrettoPoint> {
        // dalek asserts that there are no more static scalars than table
        // points and as many dynamic scalars as points. A mismatch is a
        // caller's bug, but it must not panic: report it instead.
        if static_scalars.len() > table.len() || dynamic_scalars.len() != dynamic_points.len() {
            return None;
        }
        Some(table.vartime_mixed_multiscalar_mul(static_scalars, dynamic_scalars, dynamic_points))
    }
    /// Is precomputed Straus (`static_len` table points, a prefix of the table,
    /// plus `dynamic_len` other points) faster than the plain multiscalar
    /// multiplication of all of them? It depends on curve25519-dalek's
    /// backend, chosen at run time (AVX-512 IFMA or not), and on whether the
    /// tables (10 KiB per point with AVX2) stay in cache.
    ///
    /// Without IFMA (AVX2 or serial), measured on a 2-core AMD EPYC with
    /// AVX2 (512 KiB of L2 per core), ratio precomputed ÷ plain
    /// (`examples/table_sweep.rs`):
    ///
    /// | static | dynamic 17 | 34 | 68 | 136 |
    /// |---|---|---|---|---|
    /// | 66  | 0.66 | 0.68 | 0.76 | 0.99 |
    /// | 130 | 0.83 | 0.87 | 0.88 | 1.27 |
    /// | 258 | 1.47 | 1.46 | 1.46 | 1.38 |
    /// | 514 | 1.54 | 1.66 | 1.80 | 1.57 |
    ///
    /// so the tables pay up to ~160 static points only (an earlier AVX2
    /// machine, with more cache, read 0.72–0.78 at 258). Whole single
    /// verifications agree (`ballistic-bench --bin table_cache` under the
    /// earlier rule, which took the tables at m = 2, 256 static points:
    /// Bulletproofs 1.13–1.52 × slower with them than without in seven processes,
    /// Bulletproofs+ 1.23–1.45 × in three).
    ///
    /// With the AVX-512 IFMA backend (docs/performance.md, "Performance
    /// features") the tables paid further on the machine measured: 0.66–0.73
    /// at 66–130 static points against 17–34 dynamic ones, 0.89–0.95 at
    /// 258, 1.07 and more from 514; measured again on 2026-12-01 on another
    /// IFMA machine (1 MiB of L2 per core): 0.65–0.72 at 66–130, 0.86–0.93
    /// at 258, 1.02–1.05 at 514, so the limit (300, in effect the table's
    /// 256 points) stays. Against many dynamic points Pippenger (used by
    /// the plain path from 190 terms) wins on both. This rule is what
    /// decides without a clock; with one, the shapes
    /// [`precomputed_is_uncertain`](Group::precomputed_is_uncertain) picks
    /// are timed (`crate::path_choice`).
    fn precomputed_is_faster(static_len: usize, dynamic_len: usize) -> bool {
        let max_static = if dalek_ifma() { 300 } else { 160 };
        // The limit on static points, then the test of the dynamic ones
        // (which alone marks the shapes a generator set times).
        static_len <= max_static && Self::precomputed_is_uncertain(static_len, dynamic_len)
    }
    /// The shapes where the rule's test of the dynamic points passes
    /// (its limit on the static ones aside): there whether the tables pay
    /// depends on the caches they meet (`crate::path_choice`: 258 points
    /// read 1.46 × the plain sum on one AVX2 machine, 0.70 × on another; a
    /// whole verification at m = 1, 128 points, 0.77 × back to back and
    /// 1.68 × after other work evicted the tables), so a generator set
    /// times both paths. Against more dynamic points Pippenger won
    /// everywhere measured.
    fn precomputed_is_uncertain(static_len: usize, dynamic_len: usize) -> bool {
        dynamic_len <= static_len && (static_len <= 160 || 6 * dynamic_len <= static_len)
    }
    /// The rule measured before the AVX2 limit above (up to 300 table
    /// points on every backend): the inner-product prover's rounds were
    /// measured with it, and its alternative is folding, not a plain sum.
    fn prover_tables_pay(static_len: usize) -> bool {
        (1..=300).contains(&static_len)
    }
    no_ct_tables!(RistrettoPoint, Scalar);
}

/// Does curve25519-dalek run its AVX-512 IFMA backend in this process? It
/// does when it was compiled in and the CPU has AVX-512 IFMA and VL
/// (dalek's own run-time test, repeated here; `cpufeatures` caches it).
/// dalek compiles it in under `--cfg curve25519_dalek_backend="avx512"`
/// (this workspace's `.cargo/config.toml`), or by itself when both target
/// features are enabled at compile time (`-C target-cpu=…`, Rust 1.89 and
/// later) and no other backend is forced.
pub(crate) fn dalek_ifma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let other_forced = cfg!(any(
            curve25519_dalek_backend = "serial",
            curve25519_dalek_backend = "fiat",
            curve25519_dalek_backend = "simd"
        ));
        let compiled_in = cfg!(curve25519_dalek_backend = "avx512")
            || (cfg!(all(target_feature = "avx512ifma", target_feature = "avx512vl")) && !other_forced);
        cpufeatures::new!(cpuid_ifma, "avx512ifma", "avx512vl");
        compiled_in && cpuid_ifma::get()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
