//! Where a single Bulletproofs verification's time goes, against
//! `bulletproofs` 5 and against the multiscalar multiplication both
//! libraries run: for one aggregation size `m` (64-bit values, Ristretto255),
//! each round calls in turn
//!
//! 1. `bulletproofs` 5's verification (decode, transcript, its one sum),
//! 2. ballistic's whole verification (decode, statement, terms, sum),
//! 3. ballistic's phases one by one: decoding the proof, building the
//!    statement (decompressing the commitments), replaying the transcript
//!    and adding the terms, the sum ([`ballistic::Equation::is_identity`],
//!    which takes the generator table or the plain sum as
//!    `path_choice` decides),
//! 4. the plain variable-time multiscalar multiplication of as many random
//!    terms (the number ballistic's equation has), in curve25519-dalek 5
//!    (ballistic) and in curve25519-dalek 4 (`bulletproofs` 5), on the same
//!    points and scalars.
//!
//! Each call is timed alone; the proofs (64 of each library) and the
//! scalar sets of row 4 (64) rotate, so no call repeats the previous
//! one's scalars (a repeated scalar set lets the branch predictor learn
//! the recoding: about 15 % faster). 30 untimed rounds first, then medians
//! over `ROUNDS` rounds, as ratios to row 1. One thread.
//!
//! `cargo run --release -p ballistic-bench --bin verify_phases -- M [ROUNDS]`

use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Equation, Generators, RangeStatement, RangeSystem, Ristretto255, Verifiable};
use ballistic_bench::{Bulletproofs5, System};
use rand::{RngCore, SeedableRng};
use std::time::Instant;

type G = Ristretto255;
type S = <G as Group>::Scalar;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let out = f();
    (out, t.elapsed().as_secs_f64() * 1e3)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let m: usize = args.next().and_then(|a| a.parse().ok()).expect("usage: verify_phases M [ROUNDS]");
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let system = RangeSystem::Bulletproofs;
    let (chains, per_chain) = system.generators_needed(64, m).expect("shape");
    let gens = Generators::<G>::new(per_chain, chains);
    let mut files = Vec::new();
    let mut terms = 0;
    for _ in 0..64 {
        let values: Vec<u64> = (0..m).map(|_| rng.next_u64()).collect();
        let blindings: Vec<S> = (0..m).map(|_| <S as ScalarOps>::random(&mut rng)).collect();
        let (p, c) =
            system.prove(&gens, &mut Transcript::new(b"phases"), &values, &blindings, 64, &mut rng).expect("prove");
        let statement = RangeStatement::new(64, &c).expect("statement");
        let mut eq = Equation::<G>::new();
        p.add_terms(&statement, &mut Transcript::new(b"phases"), S::one(), S::one(), &mut eq).expect("terms");
        terms = eq.num_terms();
        files.push((p.to_bytes(), c));
    }
    let peer = Bulletproofs5::setup(64, m, 64, 7);
    // Row 4's inputs: the same points and scalars in both dalek versions.
    let points5: Vec<<G as Group>::Point> = (0..terms)
        .map(|_| {
            let mut b = [0u8; 64];
            rng.fill_bytes(&mut b);
            G::hash_to_point(&b)
        })
        .collect();
    let points4: Vec<dalek4::ristretto::RistrettoPoint> = points5
        .iter()
        .map(|p| dalek4::ristretto::CompressedRistretto(p.compress().to_bytes()).decompress().expect("point"))
        .collect();
    let scalar_sets: Vec<(Vec<S>, Vec<dalek4::scalar::Scalar>)> = (0..64)
        .map(|_| {
            (0..terms)
                .map(|_| {
                    let mut w = [0u8; 64];
                    rng.fill_bytes(&mut w);
                    (S::from_bytes_mod_order_wide(&w), dalek4::scalar::Scalar::from_bytes_mod_order_wide(&w))
                })
                .unzip()
        })
        .collect();
    let names = [
        "bulletproofs 5 verify",
        "ballistic verify",
        "  decode proof",
        "  statement",
        "  terms",
        "  sum",
        "plain MSM, dalek 5",
        "plain MSM, dalek 4",
    ];
    let mut t: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for r in 0..rounds + 30 {
        let i = r % 64;
        let (file, commitments) = &files[i];
        let mut e = [0f64; 8];
        let (ok, ms) = timed(|| peer.verify_nth(i));
        assert!(ok);
        e[0] = ms;
        let (ok, ms) = timed(|| {
            let p = system.decode::<G>(file, 64, m).expect("decode");
            let statement = RangeStatement::new(64, commitments).expect("statement");
            p.verify(&gens, &statement, &mut Transcript::new(b"phases"), &mut rng).is_ok()
        });
        assert!(ok);
        e[1] = ms;
        let (p, ms) = timed(|| system.decode::<G>(file, 64, m).expect("decode"));
        e[2] = ms;
        let (statement, ms) = timed(|| RangeStatement::new(64, commitments).expect("statement"));
        e[3] = ms;
        let combine = <S as ScalarOps>::random(&mut rng);
        let (eq, ms) = timed(|| {
            let mut eq = Equation::<G>::new();
            p.add_terms(&statement, &mut Transcript::new(b"phases"), S::one(), combine, &mut eq).expect("terms");
            eq
        });
        e[4] = ms;
        let (ok, ms) = timed(|| eq.is_identity(&gens).expect("sum"));
        assert!(ok);
        e[5] = ms;
        let (s5, s4) = &scalar_sets[i];
        let (sum5, ms) = timed(|| G::msm_vartime(s5.iter(), points5.iter()));
        e[6] = ms;
        let (sum4, ms) = timed(|| {
            <dalek4::ristretto::RistrettoPoint as dalek4::traits::VartimeMultiscalarMul>::vartime_multiscalar_mul(
                s4, &points4,
            )
        });
        e[7] = ms;
        assert_eq!(sum5.compress().to_bytes(), sum4.compress().to_bytes());
        if r >= 30 {
            for (k, x) in e.iter().enumerate() {
                t[k].push(*x);
            }
        }
    }
    let base = median(&mut t[0].clone());
    println!("m = {m}, {terms} terms, medians of {rounds} rounds (ms, ratio to bulletproofs 5's verification)");
    for (k, name) in names.iter().enumerate() {
        let md = median(&mut t[k]);
        println!("{name:<24} {md:7.3}  {:.2}", md / base);
    }
}
