//! The cost of the group operations the protocols spend their time in, on
//! secq256k1 against secp256k1 (the two halves of a Curve Trees proof):
//! variable-time and constant-time multiscalar multiplications of random
//! points and scalars, and point decompression. Each cell: the two groups
//! called in turn after 3 warm-up calls, medians of single calls (inputs
//! built outside the timed region), ratio secq256k1 ÷ secp256k1. One thread.
//!
//! `cargo run --release --example group_msm`

use std::time::Instant;

use ballistic::group::{Group, ScalarOps, Secp256k1, Secq256k1};
use rand::{RngCore, SeedableRng};

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

struct Inputs<G: Group> {
    scalars: Vec<G::Scalar>,
    points: Vec<G::Point>,
    compressed: Vec<G::Compressed>,
}

fn inputs<G: Group>(n: usize, seed: u64) -> Inputs<G> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    let points: Vec<G::Point> = (0..n)
        .map(|_| {
            let mut b = [0u8; 64];
            rng.fill_bytes(&mut b);
            G::hash_to_point(&b)
        })
        .collect();
    let scalars = (0..n).map(|_| G::Scalar::random(&mut rng)).collect();
    let compressed = points.iter().map(G::compress).collect();
    Inputs { scalars, points, compressed }
}

/// Milliseconds of one call of `f`.
fn time(f: impl FnOnce()) -> f64 {
    let t = Instant::now();
    f();
    t.elapsed().as_secs_f64() * 1e3
}

fn row(what: &str, n: usize, samples: usize, mut p: impl FnMut() -> f64, mut q: impl FnMut() -> f64) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 0..samples + 3 {
        let (x, y) = (p(), q());
        if i >= 3 {
            a.push(x);
            b.push(y);
        }
    }
    let (a, b) = (median(&mut a), median(&mut b));
    println!("| {what} | {n} | {a:.3} | {b:.3} | {:.2} |", b / a);
}

fn main() {
    println!("| operation | points | secp256k1 ms | secq256k1 ms | secq ÷ secp |");
    println!("|---|---|---|---|---|");
    for n in [1usize, 16, 64, 256, 1024, 4096] {
        let p = inputs::<Secp256k1>(n, 1);
        let q = inputs::<Secq256k1>(n, 2);
        let samples = if n >= 1024 { 11 } else { 31 };
        row(
            "msm_vartime",
            n,
            samples,
            || {
                time(|| {
                    std::hint::black_box(Secp256k1::msm_vartime(&p.scalars, &p.points));
                })
            },
            || {
                time(|| {
                    std::hint::black_box(Secq256k1::msm_vartime(&q.scalars, &q.points));
                })
            },
        );
        if n <= 256 {
            row(
                "msm_ct",
                n,
                samples,
                || {
                    time(|| {
                        std::hint::black_box(Secp256k1::msm_ct(&p.scalars, &p.points));
                    })
                },
                || {
                    time(|| {
                        std::hint::black_box(Secq256k1::msm_ct(&q.scalars, &q.points));
                    })
                },
            );
        }
        if n == 64 {
            row(
                "decompress ×64",
                n,
                samples,
                || {
                    time(|| {
                        p.compressed.iter().for_each(|c| {
                            std::hint::black_box(Secp256k1::decompress(c));
                        })
                    })
                },
                || {
                    time(|| {
                        q.compressed.iter().for_each(|c| {
                            std::hint::black_box(Secq256k1::decompress(c));
                        })
                    })
                },
            );
        }
    }
    // The generator tables (`Group::vartime_table`): a sum of n table
    // points through the table against the plain sum of the same points, on
    // each group; and the table's one-time build.
    println!();
    println!("| group | points | plain ms | table ms | table ÷ plain | build ms |");
    println!("|---|---|---|---|---|---|");
    for n in [64usize, 256, 1024, 4096] {
        table_row::<Secp256k1>("secp256k1", n);
        table_row::<Secq256k1>("secq256k1", n);
    }
}

fn table_row<G: Group>(name: &str, n: usize) {
    let x = inputs::<G>(n, 3);
    let mut table = None;
    let build = time(|| table = Some(G::vartime_table(&x.points)));
    let table = table.expect("built");
    let samples = if n >= 1024 { 11 } else { 31 };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for i in 0..samples + 3 {
        let plain = time(|| {
            std::hint::black_box(G::msm_vartime(&x.scalars, &x.points));
        });
        let tabled = time(|| {
            std::hint::black_box(G::msm_vartime_precomputed(&table, &x.scalars, &[], &[]));
        });
        if i >= 3 {
            a.push(plain);
            b.push(tabled);
        }
    }
    let (a, b) = (median(&mut a), median(&mut b));
    println!("| {name} | {n} | {a:.3} | {b:.3} | {:.2} | {build:.1} |", b / a);
}
