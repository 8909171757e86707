//! Issue 38's question: why did one interleaved run read ballistic's
//! single Bulletproofs verification at m = 2 as 0.60 × `bulletproofs` 5 and
//! another as 1.09 ×? The hypothesis tested here: the precomputed-table
//! path (used at m ≤ 2 on Ristretto255: 256 table points × 64 cached
//! multiples, about 2.6 MB) is fast only while its tables stay in the
//! CPU's caches, and whatever runs between two verifications (the peer's
//! verification in an interleaved harness, other cells' work in a long
//! process, a node's other work) decides whether they do.
//!
//! ```text
//! cargo run --release -p ballistic-bench --bin table_cache [-- [bp|bp+|secp] M...]
//! ```
//!
//! For each m (default 1 2 4), one thread, 64 distinct proofs verified in
//! turn (decoding included): ballistic's Bulletproofs on Ristretto255 (`bp`,
//! the default; the peer is `bulletproofs` 5), Bulletproofs+ (`bp+`; peer
//! `tari_bulletproofs_plus`) or Bulletproofs on secp256k1 (`secp`; its
//! peer column is again `bulletproofs` 5, a reference load only), with its
//! default policy and with `Precomputation::Off` (the plain multiscalar
//! multiplication). The default policy was a fixed rule per backend (the
//! tables at m ≤ 2 until the first fix this benchmark measured for, then
//! at m = 1 only without IFMA); since 2026-12-01 the generators time both
//! paths on a shape's first sums and keep the faster (`ballistic`'s
//! `path_choice`), here during the warm-up rounds, in which the three
//! regimes alternate, so the column reads whichever path was kept (1.00
//! when it is the plain one). The raw table path is measured by
//! `ballistic`'s `examples/table_sweep.rs`,
//! each under three regimes between consecutive timed calls:
//! * `warm`: one untimed call of the same contender (another proof), so
//!   the caches hold that contender's data whatever ran before (until
//!   2026-12-01 this regime ran nothing between calls, so each round's
//!   first call came right after the `sweep` regime's last and found the
//!   caches cold: "warm" measured the table path cold);
//! * `peer`: one `bulletproofs` 5 verification of the same shape;
//! * `sweep`: a pass over a 64 MiB buffer (evicts every cache level).
//!
//! The four contenders × three regimes are interleaved call by call (one
//! timed call of each in turn, 31 rounds after `WARMUP_ROUNDS` warm-up rounds); the
//! cells are medians of single calls, in ms, and the ratio of table ÷ plain
//! in each regime.

use std::hint::black_box;
use std::time::Instant;

use ballistic::group::Group;
use ballistic::Precomputation;
use ballistic_bench::{BallisticRange, Bulletproofs5, RangeColumn, System, TariBpPlus};

/// Untimed rounds first: ballistic's generators time their first 40 sums
/// of a shape (both paths, `ballistic`'s `path_choice`) before keeping
/// one; 12 rounds are at least 48 calls of each contender. Was 3 until
/// 2026-12-01.
const WARMUP_ROUNDS: usize = 12;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let ms: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let ms = if ms.is_empty() { vec![1, 2, 4] } else { ms };
    println!("| system | m | regime | tables ms | plain ms | tables ÷ plain | peer ms |");
    println!("|---|---|---|---|---|---|---|");
    for m in ms {
        match args.first().map(String::as_str) {
            Some("bp+") => run::<ballistic::Ristretto255, ballistic::RangeProofPlus<_>, TariBpPlus>(m),
            Some("secp") => run::<ballistic::Secp256k1, ballistic::RangeProof<_>, Bulletproofs5>(m),
            _ => run::<ballistic::Ristretto255, ballistic::RangeProof<_>, Bulletproofs5>(m),
        }
    }
}

fn run<G: Group, P: RangeColumn<G>, Peer: System>(m: usize) {
    let mut sweep_buf = vec![1u64; 8 << 20];
    let seed = 64_000 + m as u64;
    let tables = BallisticRange::<G, P>::setup(64, m, 64, seed);
    let mut plain = BallisticRange::<G, P>::setup(64, m, 64, seed);
    plain.set_precomputation(Precomputation::Off);
    let peer = Peer::setup(64, m, 64, seed);
    assert!(tables.verify_one() && plain.verify_one() && peer.verify_one());
    let regimes = ["warm", "peer", "sweep"];
    // times[regime][contender]: 0 tables, 1 plain, 2 peer.
    let mut times = vec![[Vec::new(), Vec::new(), Vec::new()]; regimes.len()];
    let mut i = 0usize;
    for round in 0..31 + WARMUP_ROUNDS {
        for (regime, slots) in regimes.iter().zip(times.iter_mut()) {
            for (c, slot) in slots.iter_mut().enumerate() {
                // What runs between this call and the last.
                match *regime {
                    // The same contender, untimed: its own data is what the
                    // caches hold (whatever the previous regime left).
                    "warm" => assert!(match c {
                        0 => tables.verify_nth(i + 11),
                        1 => plain.verify_nth(i + 11),
                        _ => peer.verify_nth(i + 11),
                    }),
                    "peer" if c != 2 => assert!(peer.verify_nth(i + 7)),
                    "sweep" => {
                        for x in sweep_buf.iter_mut().step_by(8) {
                            *x = x.wrapping_add(1);
                        }
                        black_box(&sweep_buf);
                    }
                    _ => {}
                }
                i += 1;
                let t = Instant::now();
                let ok = match c {
                    0 => tables.verify_nth(i),
                    1 => plain.verify_nth(i),
                    _ => peer.verify_nth(i),
                };
                let dt = t.elapsed().as_secs_f64() * 1e3;
                assert!(ok);
                if round >= WARMUP_ROUNDS {
                    slot.push(dt);
                }
            }
        }
    }
    for (r, regime) in regimes.iter().enumerate() {
        let [a, b, p] = &mut times[r];
        let (a, b, p) = (median(a), median(b), median(p));
        println!("| {} | {m} | {regime} | {a:.3} | {b:.3} | **{:.2}** | {p:.3} |", P::NAME, a / b);
    }
}
