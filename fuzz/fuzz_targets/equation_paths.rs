//! Differential: the two ways a verifier evaluates its equation — through
//! the generators' precomputed table (`Group::msm_vartime_precomputed`) and
//! the plain variable-time multiscalar multiplication (`Group::msm_vartime`)
//! — give the same point, on Ristretto255 and secp256k1, for hostile terms:
//! zero, ±1 and arbitrary scalars, table generators (and their negations) as
//! dynamic points, the identity, duplicated points. Since 2026-12-01 a
//! verifier picks the path by timing (`path_choice`), so a divergence
//! between the two would show only on some machines.
#![no_main]
use std::sync::OnceLock;

use ballistic::group::{Group, ScalarOps};
use ballistic::{Ristretto255, Secp256k1};
use libfuzzer_sys::fuzz_target;

/// Table points per group: the largest table a verifier builds on
/// Ristretto255 (secp256k1's may reach 512; 256 keeps each run short).
const TABLE_POINTS: usize = 256;

struct Fixture<G: Group> {
    points: Vec<G::Point>,
    table: G::VartimeTable,
}

fn fixture<G: Group>(cell: &'static OnceLock<Fixture<G>>) -> &'static Fixture<G> {
    cell.get_or_init(|| {
        let points: Vec<G::Point> = (0..TABLE_POINTS)
            .map(|i| {
                let mut wide = [0u8; 64];
                wide[..8].copy_from_slice(&(i as u64).to_le_bytes());
                wide[8..22].copy_from_slice(b"equation_paths");
                G::hash_to_point(&wide)
            })
            .collect();
        let table = G::vartime_table(&points);
        Fixture { points, table }
    })
}

/// A scalar from one selector byte and 8 data bytes.
fn scalar<G: Group>(kind: u8, data: &[u8]) -> G::Scalar {
    let mut wide = [0u8; 64];
    for (slot, b) in wide.iter_mut().zip(data.iter().cycle().take(64)) {
        *slot = *b;
    }
    match kind % 5 {
        0 => G::Scalar::zero(),
        1 => G::Scalar::one(),
        2 => -G::Scalar::one(),
        3 => G::Scalar::from_u64(u64::from_le_bytes(wide[..8].try_into().unwrap_or([0; 8]))),
        _ => G::Scalar::from_bytes_mod_order_wide(&wide),
    }
}

fn check<G: Group>(cell: &'static OnceLock<Fixture<G>>, data: &[u8]) {
    let f = fixture(cell);
    let mut chunks = data.chunks_exact(10);
    // First chunk: how many static scalars (a prefix of the table).
    let Some(head) = chunks.next() else { return };
    let statics_len = usize::from(u16::from_le_bytes([head[0], head[1]])) % (TABLE_POINTS + 1);
    let mut statics = vec![G::Scalar::zero(); statics_len];
    let (mut dyn_scalars, mut dyn_points) = (Vec::new(), Vec::new());
    // Each further chunk: [target, kind, 8 data bytes]. Even target: a
    // static scalar at an index; odd: a dynamic term whose point is a
    // table point, its negation, the identity, the basepoint or a copy of
    // an earlier dynamic point.
    for c in chunks.take(64) {
        let s = scalar::<G>(c[1], &c[2..]);
        let index = usize::from(c[2]) | (usize::from(c[3]) << 8);
        if c[0] % 2 == 0 {
            if let Some(slot) = statics.get_mut(index % statics_len.max(1)) {
                *slot = s;
            }
        } else {
            let p = match (c[0] >> 1) % 5 {
                0 => f.points[index % TABLE_POINTS],
                1 => -f.points[index % TABLE_POINTS],
                2 => G::identity(),
                3 => G::basepoint(),
                _ => dyn_points.get(index % dyn_points.len().max(1)).copied().unwrap_or_else(G::basepoint),
            };
            dyn_scalars.push(s);
            dyn_points.push(p);
        }
    }
    let Some(with_table) = G::msm_vartime_precomputed(&f.table, &statics, &dyn_scalars, &dyn_points) else {
        panic!("the table covers {} static scalars", statics.len());
    };
    let plain =
        G::msm_vartime(statics.iter().chain(&dyn_scalars), f.points.iter().take(statics.len()).chain(&dyn_points));
    assert_eq!(G::compress(&with_table), G::compress(&plain), "{}", G::NAME);
}

static RISTRETTO: OnceLock<Fixture<Ristretto255>> = OnceLock::new();
static SECP: OnceLock<Fixture<Secp256k1>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    if which % 2 == 0 {
        check(&RISTRETTO, rest);
    } else {
        check(&SECP, rest);
    }
});
