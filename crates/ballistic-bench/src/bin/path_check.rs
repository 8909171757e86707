//! Does a long-lived verifier get the fast path? For each cell, three
//! contenders verify in turn, one proof per call (the next of 64 distinct
//! proofs each time, decoding included): ballistic with its default
//! generators (`Precomputation::Auto`: the path `path_choice` keeps after
//! its trial on this machine), the peer, and ballistic with
//! `Precomputation::Off` (always the plain sum). 50 untimed rounds first
//! (past the trial's 40 sums), then medians of 41 rounds; ratios to the
//! peer. `auto` should read no slower than `off` (beyond noise) where the
//! tables lose, and faster where they win. One thread.
//!
//! `cargo run --release -p ballistic-bench --bin path_check` (Grin with
//! 64-bit limbs: `scripts/bench --bin path_check`)

use ballistic::group::Group;
use ballistic::{RangeProof, RangeProofPlus, Ristretto255, Secp256k1};
use ballistic_bench::{BallisticRange, Bulletproofs5, Grin, RangeColumn, System, TariBpPlus};
use std::time::Instant;

const WARMUP: usize = 50;
const SAMPLES: usize = 41;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn timed(f: impl FnOnce() -> bool) -> f64 {
    let t = Instant::now();
    assert!(f());
    t.elapsed().as_secs_f64() * 1e3
}

fn cell<G: Group, P: RangeColumn<G>, B: System>(label: &str, m: usize) {
    let auto = BallisticRange::<G, P>::setup(64, m, 64, 9);
    let mut off = BallisticRange::<G, P>::setup(64, m, 64, 9);
    off.set_precomputation(ballistic::Precomputation::Off);
    let peer = B::setup(64, m, 64, 9);
    let (mut ta, mut tp, mut to) = (Vec::new(), Vec::new(), Vec::new());
    for r in 0..WARMUP + SAMPLES {
        let a = timed(|| auto.verify_nth(r));
        let p = timed(|| peer.verify_nth(r));
        let o = timed(|| off.verify_nth(r));
        if r >= WARMUP {
            ta.push(a);
            tp.push(p);
            to.push(o);
        }
    }
    let (a, p, o) = (median(&mut ta), median(&mut tp), median(&mut to));
    println!("| {label} | {m} | {a:.3} | {o:.3} | {p:.3} | **{:.2}** | {:.2} |", a / p, o / p);
}

fn main() {
    println!("| pair | m | auto ms | off ms | peer ms | auto ÷ peer | off ÷ peer |");
    println!("|---|---|---|---|---|---|---|");
    for m in [1, 2, 4, 8] {
        cell::<Ristretto255, RangeProof<Ristretto255>, Bulletproofs5>("BP ÷ bulletproofs 5", m);
        cell::<Ristretto255, RangeProofPlus<Ristretto255>, TariBpPlus>("BP+ ÷ tari", m);
    }
    cell::<Secp256k1, RangeProof<Secp256k1>, Grin>("secp256k1 BP ÷ Grin", 1);
}
