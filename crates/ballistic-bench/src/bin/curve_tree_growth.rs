//! Curve Trees key ownership from 2^10 to 2^32 keys (issue 40): the
//! shape chosen for each size, the proof's size, proving, single and batch
//! verification, and the tree build, as a table and a plot.
//!
//! ```text
//! scripts/bench --bin curve_tree_growth -- [--quick] [--out DIR]
//!     # writes DIR/curve_tree_growth.md and .svg (default crates/ballistic-bench/results)
//! ```
//!
//! **Shapes.** Each circuit side is padded to a power of two; a level costs
//! `769 + b − 1` gates on its curve (the re-randomization and the
//! selection among `b` children). The shapes below keep each side within
//! 1,024 gates up to 2^16 keys (depth 2) and within 2,048 above (depth 2
//! up to 2^20, depth 3 — the middle level on the leaf curve, the other two
//! sharing the other side's 2,048 gates — up to 2^26, depth 4 up to
//! 2^32). Generators: 2,048 per curve for every row.
//!
//! **Method.** One thread. Keys `s·B, (s+1)·B, …` (by repeated addition,
//! untimed). Rows up to 2^21 keys build the full tree (timed once: `CurveTree::new`);
//! larger rows build a tree of 2^16 keys under the row's shape (the proof's
//! size and times depend on the shape, not on how full the tree is; their
//! build time is not measured — it is linear in the keys, see the 2^21 row's
//! per-key time — and a full 2^32 tree would not fit in memory here).
//! Then one proof of the last key (`ownership::prove`, the path already
//! looked up), timed once; the single verification from the proof's bytes
//! (decoding, `ownership::verify`), the median of `ROUNDS` after one
//! warm-up; and a batch of 16 (`--quick`: 4) distinct proofs (other keys and
//! messages, made untimed), from their bytes to `verify_batch`'s verdict,
//! the median of 3 after one warm-up, reported per proof.

use std::time::{Duration, Instant};

use ballistic::curve_tree::ownership::{self, OwnershipProof, Scope};
use ballistic::curve_tree::{shape_for, verify_batch, CurveTree, TreeParams};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Generators, Secp256k1, Secq256k1};
use ballistic_bench::svg_plot;

const ROUNDS: usize = 5;
const FULL_UP_TO: u32 = 21;
const PARTIAL_FILL: usize = 1 << 16;
const CONTEXT: &[u8] = b"growth context";

/// The branching (from the leaves up) for `2^log2` keys: the library's
/// default ([`shape_for`]).
fn shape(log2: u32) -> Vec<usize> {
    shape_for(1u64 << log2).expect("at most 2^40 keys")
}

struct Row {
    log2: u32,
    branching: Vec<usize>,
    bytes: usize,
    build: Option<Duration>,
    prove: Duration,
    verify: Duration,
    batch: Duration,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn measure(log2: u32, batch: usize, gens: &(Generators<Secp256k1>, Generators<Secq256k1>)) -> Row {
    let branching = shape(log2);
    let params = TreeParams::new(&branching, gens.0.clone(), gens.1.clone()).expect("shape");
    let full = log2 <= FULL_UP_TO;
    let leaves = if full { 1usize << log2 } else { PARTIAL_FILL };
    let start = <Secp256k1 as Group>::Scalar::from_u64(0x5eed_0000_0001);
    let base = params.leaf_gens().pedersen().b;
    let mut keys = Vec::with_capacity(leaves);
    let mut p = Secp256k1::mul_ct(&base, &start);
    for _ in 0..leaves {
        keys.push(p);
        p += base;
    }
    let t = Instant::now();
    let tree = CurveTree::new(&params, keys).expect("tree");
    let build = full.then(|| t.elapsed());
    let root = tree.root();
    let mut rng = rand::thread_rng();
    let proofs: Vec<(Vec<u8>, Vec<u8>, Duration)> = (0..batch.max(1))
        .map(|k| {
            let index = leaves - 1 - k;
            let path = tree.path(&params, index as u64).expect("path");
            let x = start + <Secp256k1 as Group>::Scalar::from_u64(index as u64);
            let message = format!("user {k}").into_bytes();
            let scope = Scope { context: CONTEXT, message: &message };
            let t = Instant::now();
            let proof = ownership::prove(&params, &mut Transcript::new(b"growth"), &root, &path, &x, &scope, &mut rng)
                .expect("prove");
            (proof.to_bytes(), message, t.elapsed())
        })
        .collect();
    let (bytes, message, prove) = &proofs[0];
    let verify_one = || {
        let t = Instant::now();
        let proof = OwnershipProof::from_bytes(bytes, &params).expect("decode");
        let scope = Scope { context: CONTEXT, message };
        ownership::verify(&params, &mut Transcript::new(b"growth"), &root, &scope, &proof, &mut rand::thread_rng())
            .expect("verify");
        t.elapsed()
    };
    verify_one();
    let verify = median((0..ROUNDS).map(|_| verify_one()).collect());
    let verify_batch_once = || {
        let t = Instant::now();
        let decoded: Vec<_> =
            proofs.iter().map(|(b, m, _)| (OwnershipProof::from_bytes(b, &params).expect("decode"), m)).collect();
        let mut rng = rand::thread_rng();
        let claims: Vec<_> = decoded
            .iter()
            .map(|(proof, message)| {
                let scope = Scope { context: CONTEXT, message };
                ownership::claim(&params, &mut Transcript::new(b"growth"), &root, &scope, proof, &mut rng)
            })
            .collect();
        let refs: Vec<_> = claims.iter().collect();
        verify_batch(&refs, &mut rng).expect("batch");
        t.elapsed() / proofs.len() as u32
    };
    verify_batch_once();
    let batch = median((0..3).map(|_| verify_batch_once()).collect());
    Row { log2, branching, bytes: bytes.len(), build, prove: *prove, verify, batch }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let mut out = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results"));
    let mut quick = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--out" => out = args.next().expect("--out DIR").into(),
            other => panic!("unknown argument {other}; usage: curve_tree_growth [--quick] [--out DIR]"),
        }
    }
    let sizes: Vec<u32> =
        if quick { vec![10, 16, 24, 32] } else { vec![10, 12, 14, 16, 18, 20, 21, 22, 24, 26, 28, 30, 32] };
    let batch = if quick { 4 } else { 16 };
    let gens = (Generators::<Secp256k1>::new(2048, 1), Generators::<Secq256k1>::new(2048, 1));
    let mut rows = Vec::new();
    for log2 in sizes {
        let row = measure(log2, batch, &gens);
        eprintln!(
            "2^{}: {:?}, {} B, prove {:.0} ms, verify {:.1} ms, batch {:.2} ms/proof, build {:?}",
            row.log2,
            row.branching,
            row.bytes,
            ms(row.prove),
            ms(row.verify),
            ms(row.batch),
            row.build
        );
        rows.push(row);
    }
    let mut md = format!(
        "# Curve Trees key ownership, 2^10 to 2^32 keys\n\n\
         `scripts/bench --bin curve_tree_growth{}`; one thread; secp256k1 keys, secq256k1 on the other side. \
         *Verify*: one proof from its bytes, median of {ROUNDS}. *Batch*: {batch} distinct proofs from their bytes \
         to `verify_batch`'s verdict, per proof, median of 3. *Build*: `CurveTree::new` of the full set, once \
         (rows above 2^{FULL_UP_TO} hold 2^16 keys under the row's shape: their proofs cost the same, their full \
         build is linear in the keys and not measured).\n\n\
         | keys | branching (leaves up) | proof | prove | verify | batch, per proof | build |\n\
         |---|---|---|---|---|---|---|\n",
        if quick { " -- --quick" } else { "" }
    );
    for r in &rows {
        md += &format!(
            "| 2^{} | {} | {} B | {:.0} ms | {:.1} ms | {:.2} ms | {} |\n",
            r.log2,
            r.branching.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(", "),
            r.bytes,
            ms(r.prove),
            ms(r.verify),
            ms(r.batch),
            r.build.map_or("—".into(), |d| format!("{:.2} s", d.as_secs_f64()))
        );
    }
    let series = |f: &dyn Fn(&Row) -> Option<f64>| -> Vec<(f64, f64)> {
        rows.iter().filter_map(|r| f(r).map(|y| ((1u64 << r.log2) as f64, y))).collect()
    };
    let svg = svg_plot(
        "Curve Trees key ownership: time (ms) against the number of keys",
        "keys in the tree",
        &[
            ("prove".into(), series(&|r| Some(ms(r.prove)))),
            ("verify".into(), series(&|r| Some(ms(r.verify)))),
            ("batch, per proof".into(), series(&|r| Some(ms(r.batch)))),
            ("build".into(), series(&|r| r.build.map(ms))),
        ],
    );
    std::fs::create_dir_all(&out).expect("create output directory");
    std::fs::write(out.join("curve_tree_growth.md"), &md).expect("write report");
    std::fs::write(out.join("curve_tree_growth.svg"), svg).expect("write plot");
    print!("{md}");
}
