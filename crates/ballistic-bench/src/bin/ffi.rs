//! What the C API adds to verification: `ballistic_range_verify` and
//! `ballistic_range_verify_batch` (called through their C ABI, the code a C
//! caller reaches) against the same work done with the Rust library.
//!
//! ```text
//! cargo run --release -p ballistic-bench --bin ffi -- [--rounds K]
//! ```
//!
//! **What is timed**, on both sides, from the same bytes: decoding the
//! commitments and the proof, building the statement, and verifying (one
//! 64-bit Bulletproofs proof; a batch of 1,000 such proofs). Untimed:
//! generators (the C context and the Rust generators each build their
//! precomputed tables during the warm-up), proving. One thread; each
//! timing repeats its call for at least 0.2 s; the two sides alternate
//! within every round; medians of `K` rounds (default 9).

use std::os::raw::c_int;
use std::time::Instant;

use ballistic::batch::{self, Claim, Item};
use ballistic::group::Group;
use ballistic::{new_transcript, Generators, RangeStatement, RangeSystem, Ristretto255, Verifiable};
use ballistic_ffi::{
    ballistic_context_create, ballistic_context_destroy, ballistic_range_item, ballistic_range_verify,
    ballistic_range_verify_batch, BALLISTIC_GROUP_RISTRETTO255, BALLISTIC_OK, BALLISTIC_SYSTEM_BULLETPROOFS,
};

type G = Ristretto255;
const LABEL: &[u8] = b"ffi overhead";

fn time_per_call(f: &mut dyn FnMut()) -> f64 {
    let start = Instant::now();
    let mut calls = 0u32;
    while start.elapsed().as_secs_f64() < 0.2 {
        f();
        calls += 1;
    }
    start.elapsed().as_secs_f64() * 1e3 / f64::from(calls)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let mut rounds = 9;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next().and_then(|v| v.parse().ok())) {
            ("--rounds", Some(k)) => rounds = k,
            _ => {
                eprintln!("usage: ffi [--rounds K]");
                std::process::exit(2);
            }
        }
    }
    let gens = Generators::<G>::new(64, 1);
    let k = 1000;
    let proofs: Vec<(Vec<u8>, Vec<u8>)> = (0..k)
        .map(|i| {
            let blinding = [ballistic::Scalar::<G>::from(7u64 + i as u64)];
            let (proof, commitments) = RangeSystem::Bulletproofs
                .prove::<G, _>(&gens, &mut new_transcript(LABEL), &[i as u64], &blinding, 64, &mut rand::thread_rng())
                .expect("prove");
            (proof.to_bytes(), G::compressed_bytes(&commitments[0]).to_vec())
        })
        .collect();
    let ctx = ballistic_context_create(BALLISTIC_GROUP_RISTRETTO255, 64, 1);
    assert!(!ctx.is_null());

    let (proof, commitment) = &proofs[0];
    let mut c_one = || {
        // SAFETY: valid context and buffers of the given lengths.
        let status = unsafe {
            ballistic_range_verify(
                ctx,
                BALLISTIC_SYSTEM_BULLETPROOFS,
                LABEL.as_ptr(),
                LABEL.len(),
                proof.as_ptr(),
                proof.len(),
                commitment.as_ptr(),
                commitment.len(),
                1,
                64,
                std::ptr::null(),
            )
        };
        assert_eq!(status, BALLISTIC_OK);
    };
    let mut rust_one = || {
        let c = G::compressed_from_slice(commitment).expect("point");
        let statement = RangeStatement::<G>::new(64, &[c]).expect("statement");
        let p = ballistic::RangeProof::<G>::from_bytes(proof).expect("decode");
        p.verify(&gens, &statement, &mut new_transcript(LABEL), &mut rand::thread_rng()).expect("verify");
    };

    let items: Vec<ballistic_range_item> = proofs
        .iter()
        .map(|(p, c)| ballistic_range_item {
            system: BALLISTIC_SYSTEM_BULLETPROOFS as c_int,
            label: LABEL.as_ptr(),
            label_len: LABEL.len(),
            proof: p.as_ptr(),
            proof_len: p.len(),
            commitments: c.as_ptr(),
            commitments_len: c.len(),
            m: 1,
            bits: 64,
            opts: std::ptr::null(),
        })
        .collect();
    let mut invalid = vec![0usize; k];
    let mut c_batch = || {
        let mut count = 0usize;
        // SAFETY: valid context, items and output buffers.
        let status =
            unsafe { ballistic_range_verify_batch(ctx, items.as_ptr(), items.len(), invalid.as_mut_ptr(), &mut count) };
        assert_eq!(status, BALLISTIC_OK);
    };
    let mut rust_batch = || {
        let decoded: Vec<(ballistic::RangeProof<G>, [<G as Group>::Compressed; 1])> = proofs
            .iter()
            .map(|(p, c)| {
                (
                    ballistic::RangeProof::<G>::from_bytes(p).expect("decode"),
                    [G::compressed_from_slice(c).expect("point")],
                )
            })
            .collect();
        let statements: Vec<ballistic::RangeStatement<G>> =
            decoded.iter().map(|(_, c)| ballistic::RangeStatement::new(64, c).expect("statement")).collect();
        let items: Vec<Item<'_, G, ballistic::RangeProof<G>>> =
            decoded.iter().zip(&statements).map(|((p, _), s)| Item::new(p, s, new_transcript(LABEL))).collect();
        let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
        batch::verify(&gens, &claims, &mut rand::thread_rng()).expect("batch");
    };

    // Warm-up: tables, caches.
    for _ in 0..3 {
        c_one();
        rust_one();
    }
    c_batch();
    rust_batch();
    let (mut one, mut many) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
    for round in 0..rounds {
        // Alternate which side goes first.
        if round % 2 == 0 {
            one.0.push(time_per_call(&mut c_one));
            one.1.push(time_per_call(&mut rust_one));
            many.0.push(time_per_call(&mut c_batch));
            many.1.push(time_per_call(&mut rust_batch));
        } else {
            one.1.push(time_per_call(&mut rust_one));
            one.0.push(time_per_call(&mut c_one));
            many.1.push(time_per_call(&mut rust_batch));
            many.0.push(time_per_call(&mut c_batch));
        }
    }
    // SAFETY: created above, not used afterwards.
    unsafe { ballistic_context_destroy(ctx) };
    println!("C API overhead (Ristretto255, 64-bit Bulletproofs; medians of {rounds} alternating rounds, ms)\n");
    println!("| call | C API | Rust library | C ÷ Rust |");
    println!("|---|---|---|---|");
    for (name, (c, r)) in [("verify one proof", one), ("verify a batch of 1,000", many)] {
        let (c, r) = (median(c), median(r));
        println!("| {name} | {c:.3} | {r:.3} | {:.3} |", c / r);
    }
}
