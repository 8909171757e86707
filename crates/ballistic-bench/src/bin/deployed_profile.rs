//! Where the time of ballistic's deployed-format verifiers and provers goes
//! (the profile behind the *Deployed formats* section of the report):
//! timers around each public step — decoding the commitments, building the
//! statement, decoding the proof, the verification proper — and the cost of
//! the point decodings they contain, on the same inputs as the report.
//!
//! ```text
//! scripts/bench --bin deployed_profile -- [breakdown]        # the step timings (default)
//! scripts/bench --bin deployed_profile -- loop WHAT SECONDS  # one operation in a loop, for `perf record`
//! ```
//!
//! `WHAT` is one of `grin-prove`, `grin-verify`, `grin-batch` (128 proofs),
//! `monero-verify` (BP+, m = 1), `monero-batch` (16 BP+ proofs, m = 1),
//! `monero-prove`. Every timing is the median of 7 runs of about 0.1 s each
//! (one thread).

use std::time::Instant;

use ballistic::compat::grin::{
    commitment_from_bytes, commitment_to_bytes, GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinStatement,
};
use ballistic::compat::monero::{MoneroPlusProof, MoneroStatement};
use ballistic::curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::group::{Ed25519, Group, ScalarOps, Secp256k1};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// Milliseconds per call: median of 7 runs of about 0.1 s.
fn time(f: &mut dyn FnMut()) -> f64 {
    let t = Instant::now();
    f();
    let iters = ((0.1 / t.elapsed().as_secs_f64().max(1e-7)) as usize).clamp(1, 1_000_000);
    let mut s: Vec<f64> = (0..7)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..iters {
                f();
            }
            t.elapsed().as_secs_f64() * 1e3 / iters as f64
        })
        .collect();
    s.sort_by(f64::total_cmp);
    s[3]
}

struct GrinInputs {
    opening: GrinOpening,
    nonces: GrinNonces,
    proofs: Vec<Vec<u8>>,
    commits: Vec<[u8; 33]>,
}

fn grin_inputs(count: usize) -> GrinInputs {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    let mut proofs = Vec::new();
    let mut commits = Vec::new();
    let mut first = None;
    for _ in 0..count {
        let opening = GrinOpening {
            value: rng.next_u64(),
            blinding: <ballistic::Scalar<Secp256k1> as ScalarOps>::random(&mut rng),
        };
        let mut nonces = GrinNonces { rewind: [0; 32], private: [0; 32] };
        rng.fill_bytes(&mut nonces.rewind);
        nonces.private = nonces.rewind;
        let (p, c) =
            GrinProof::prove(std::slice::from_ref(&opening), &nonces, &GrinProveOptions::default()).expect("prove");
        proofs.push(p.to_bytes());
        commits.push(commitment_to_bytes(&c[0]).expect("commitment"));
        first.get_or_insert((opening, nonces));
    }
    let (opening, nonces) = first.expect("one");
    GrinInputs { opening, nonces, proofs, commits }
}

fn grin_verify(i: &GrinInputs) -> bool {
    let s = GrinStatement::grin_default(commitment_from_bytes(&i.commits[0]).expect("c"), None).expect("s");
    GrinProof::from_bytes(&i.proofs[0]).is_ok_and(|p| p.verify(&s, &mut rand::thread_rng()).is_ok())
}

fn grin_batch(i: &GrinInputs) -> bool {
    let s: Vec<_> = i
        .commits
        .iter()
        .map(|c| GrinStatement::grin_default(commitment_from_bytes(c).expect("c"), None).expect("s"))
        .collect();
    let p: Vec<_> = i.proofs.iter().map(|b| GrinProof::from_bytes(b).expect("p")).collect();
    let items: Vec<_> = p.iter().zip(&s).collect();
    ballistic::compat::grin::GrinProof::verify_batch(&items, &mut rand::thread_rng()).is_ok()
}

struct MoneroInputs {
    amounts: Vec<u64>,
    masks: Vec<Scalar>,
    proofs: Vec<(Vec<u8>, Vec<CompressedEdwardsY>)>,
}

fn monero_inputs(m: usize, count: usize) -> MoneroInputs {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    let mut proofs = Vec::new();
    let mut first = None;
    for _ in 0..count {
        let amounts: Vec<u64> = (0..m).map(|_| rng.next_u64()).collect();
        let masks: Vec<Scalar> = (0..m).map(|_| <Scalar as ScalarOps>::random(&mut rng)).collect();
        let (p, c) = MoneroPlusProof::prove(&amounts, &masks, &mut rng).expect("prove");
        proofs.push((p.to_bytes(), c));
        first.get_or_insert((amounts, masks));
    }
    let (amounts, masks) = first.expect("one");
    MoneroInputs { amounts, masks, proofs }
}

fn monero_verify(i: &MoneroInputs) -> bool {
    let (b, c) = &i.proofs[0];
    MoneroPlusProof::from_bytes(b).is_ok_and(|p| p.verify(c, &mut rand::thread_rng()).is_ok())
}

fn monero_batch(i: &MoneroInputs) -> bool {
    let p: Vec<_> = i.proofs.iter().map(|(b, _)| MoneroPlusProof::from_bytes(b).expect("p")).collect();
    let items: Vec<(&MoneroPlusProof, &[CompressedEdwardsY])> =
        p.iter().zip(&i.proofs).map(|(p, (_, c))| (p, c.as_slice())).collect();
    MoneroPlusProof::verify_batch(&items, &mut rand::thread_rng()).is_ok()
}

fn breakdown() {
    println!("## Grin format (64-bit, one value)\n");
    let g = grin_inputs(128);
    let proof = GrinProof::from_bytes(&g.proofs[0]).expect("p");
    let c = commitment_from_bytes(&g.commits[0]).expect("c");
    let s = GrinStatement::grin_default(c, None).expect("s");
    let mut rng = rand::thread_rng();
    let rows = [
        ("verify, all steps (as in the report)", time(&mut || assert!(grin_verify(&g)))),
        ("  commitment_from_bytes", time(&mut || assert!(commitment_from_bytes(&g.commits[0]).is_ok()))),
        ("  GrinStatement::grin_default", time(&mut || assert!(GrinStatement::grin_default(c, None).is_ok()))),
        ("  GrinProof::from_bytes", time(&mut || assert!(GrinProof::from_bytes(&g.proofs[0]).is_ok()))),
        ("  verify (decoded)", time(&mut || assert!(proof.verify(&s, &mut rng).is_ok()))),
        ("batch of 128, all steps", time(&mut || assert!(grin_batch(&g)))),
        (
            "  128 × (commitment + statement + proof decoding)",
            128.0
                * time(&mut || {
                    let s = GrinStatement::grin_default(commitment_from_bytes(&g.commits[0]).expect("c"), None);
                    assert!(s.is_ok() && GrinProof::from_bytes(&g.proofs[0]).is_ok());
                }),
        ),
        (
            "prove",
            time(&mut || {
                assert!(
                    GrinProof::prove(std::slice::from_ref(&g.opening), &g.nonces, &GrinProveOptions::default()).is_ok()
                )
            }),
        ),
    ];
    for (name, t) in rows {
        println!("{name}: {t:.4} ms");
    }
    // secp256k1 building blocks of the prover (what a constant-time MSM costs).
    let mut rng2 = ChaCha20Rng::seed_from_u64(9);
    let pts: Vec<_> =
        (0..257).map(|_| Secp256k1::mul_ct(&Secp256k1::basepoint(), &ScalarOps::random(&mut rng2))).collect();
    let sc: Vec<ballistic::Scalar<Secp256k1>> = (0..257).map(|_| ScalarOps::random(&mut rng2)).collect();
    println!(
        "  secp256k1 msm_ct, 129 terms (A or S): {:.4} ms",
        time(&mut || {
            std::hint::black_box(Secp256k1::msm_ct(&sc[..129], &pts[..129]));
        })
    );
    println!(
        "  secp256k1 msm_vartime, 129 terms: {:.4} ms",
        time(&mut || {
            std::hint::black_box(Secp256k1::msm_vartime(&sc[..129], &pts[..129]));
        })
    );
    println!(
        "  secp256k1 mul_ct, one point: {:.4} ms",
        time(&mut || {
            std::hint::black_box(Secp256k1::mul_ct(&pts[0], &sc[0]));
        })
    );

    // The inner-product prover's L and R: 2·(lg N − 1) = 10 MSMs of N + 1 = 65
    // terms over the original generators, with Pippenger; the same terms on
    // a precomputed table of the fixed generators (as the verifier uses).
    let table = Secp256k1::vartime_table(&pts[..128]);
    let mut half = sc[..128].to_vec();
    for (k, s) in half.iter_mut().enumerate() {
        if k % 2 == 1 {
            *s = <ballistic::Scalar<Secp256k1> as ScalarOps>::zero();
        }
    }
    println!(
        "  secp256k1 msm_vartime, 65 terms (one L or R of the prover): {:.4} ms",
        time(&mut || {
            std::hint::black_box(Secp256k1::msm_vartime(&sc[..65], &pts[..65]));
        })
    );
    println!(
        "  the same 64 generator terms on a precomputed table of 128 generators (+1 dynamic): {:.4} ms",
        time(&mut || {
            std::hint::black_box(Secp256k1::msm_vartime_precomputed(&table, &half, &sc[200..201], &pts[200..201]));
        })
    );
    println!(
        "  128 point additions (A from bits by constant-time selection instead of an MSM): {:.4} ms",
        time(&mut || {
            let mut acc = pts[0];
            for p in &pts[1..129] {
                acc += p;
            }
            std::hint::black_box(acc);
        })
    );
    println!("\n## Monero BP+ format (m = 1, 2, 4, 8, 16)\n");
    for m in [1usize, 2, 4, 8, 16] {
        let mi = monero_inputs(m, 16);
        let (b, c) = &mi.proofs[0];
        let p = MoneroPlusProof::from_bytes(b).expect("p");
        let rows = [
            ("verify, all steps (as in the report)", time(&mut || assert!(monero_verify(&mi)))),
            ("  MoneroPlusProof::from_bytes", time(&mut || assert!(MoneroPlusProof::from_bytes(b).is_ok()))),
            ("  MoneroStatement::new (commitments)", time(&mut || assert!(MoneroStatement::new(c).is_ok()))),
            ("  verify (decoded proof; builds the statement)", time(&mut || assert!(p.verify(c, &mut rng).is_ok()))),
            ("batch of 16, all steps", time(&mut || assert!(monero_batch(&mi)))),
            ("  16 × proof decoding", 16.0 * time(&mut || assert!(MoneroPlusProof::from_bytes(b).is_ok()))),
            ("prove", time(&mut || assert!(MoneroPlusProof::prove(&mi.amounts, &mi.masks, &mut rng).is_ok()))),
        ];
        println!("m = {m} ({} points in the proof, {m} commitments):", 3 + 2 * p.rounds());
        for (name, t) in rows {
            println!("{name}: {t:.4} ms");
        }
    }
    // Monero's verification MSM: 2·64·M generator terms plus the proof's
    // own (about 2·lg(64M) + M + 5), plain (Pippenger/Straus) or on a
    // precomputed table of the generators; ballistic's fixed rule is
    // `precomputed_is_faster` (Ristretto255's: tables up to 160 static
    // terms, 300 with curve25519-dalek's IFMA backend), printed below;
    // with `std` its generators time both paths where
    // `precomputed_is_uncertain` and keep the faster (`path_choice`).
    println!("\n## Ed25519 MSM of Monero BP+ verification: plain vs on a precomputed generator table\n");
    let mut rng3 = ChaCha20Rng::seed_from_u64(10);
    let gens: Vec<EdwardsPoint> =
        (0..2048 + 64).map(|_| Ed25519::mul_ct(&Ed25519::basepoint(), &ScalarOps::random(&mut rng3))).collect();
    let scal: Vec<Scalar> = (0..2048 + 64).map(|_| ScalarOps::random(&mut rng3)).collect();
    for m in [1usize, 2, 4, 8, 16] {
        let (stat, dynamic) = (128 * m, 2 * (6 + m.trailing_zeros() as usize) + m + 5);
        let table = Ed25519::vartime_table(&gens[..stat]);
        let plain = time(&mut || {
            std::hint::black_box(Ed25519::msm_vartime(&scal[..stat + dynamic], &gens[..stat + dynamic]));
        });
        let pre = time(&mut || {
            std::hint::black_box(Ed25519::msm_vartime_precomputed(
                &table,
                &scal[..stat],
                &scal[stat..stat + dynamic],
                &gens[stat..stat + dynamic],
            ));
        });
        println!(
            "m = {m}: {stat} + {dynamic} terms: plain {plain:.4} ms, precomputed {pre:.4} ms (ballistic's fixed rule: {})",
            if Ed25519::precomputed_is_faster(stat, dynamic) { "precomputed" } else { "plain" }
        );
    }
    // What one Ed25519 point decoding costs, step by step.
    let enc: CompressedEdwardsY = Ed25519::compress(&Ed25519::mul_ct(&Ed25519::basepoint(), &Scalar::from(12345u64)));
    let pt: EdwardsPoint = enc.decompress().expect("point");
    println!("\n## One Ed25519 point decoding (ballistic's Ed25519::decompress = the three below)\n");
    println!(
        "dalek decompress: {:.5} ms",
        time(&mut || {
            std::hint::black_box(std::hint::black_box(enc).decompress());
        })
    );
    println!(
        "  + re-compress (canonicality): {:.5} ms",
        time(&mut || {
            std::hint::black_box(std::hint::black_box(pt).compress());
        })
    );
    println!(
        "  + is_torsion_free ([ℓ]P = 0): {:.5} ms",
        time(&mut || assert!(std::hint::black_box(pt).is_torsion_free()))
    );
    println!(
        "  mul_by_cofactor ([8]P, Monero's way): {:.5} ms",
        time(&mut || {
            std::hint::black_box(std::hint::black_box(pt).mul_by_cofactor());
        })
    );
    println!("ballistic Ed25519::decompress: {:.5} ms", time(&mut || assert!(Ed25519::decompress(&enc).is_some())));
    let rist = ballistic::Ristretto255::compress(&ballistic::Ristretto255::basepoint());
    println!(
        "(Ristretto255::decompress, for comparison: {:.5} ms)",
        time(&mut || assert!(ballistic::Ristretto255::decompress(&rist).is_some()))
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("breakdown") => breakdown(),
        Some("loop") => {
            let what = args.get(1).map_or("grin-verify", String::as_str);
            let secs: f64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10.0);
            let g = what.starts_with("grin").then(|| grin_inputs(if what == "grin-batch" { 128 } else { 1 }));
            let mi = what.starts_with("monero").then(|| monero_inputs(1, if what == "monero-batch" { 16 } else { 1 }));
            let mut rng = rand::thread_rng();
            let start = Instant::now();
            let mut n = 0u64;
            while start.elapsed().as_secs_f64() < secs {
                let ok = match (what, &g, &mi) {
                    ("grin-prove", Some(g), _) => {
                        GrinProof::prove(std::slice::from_ref(&g.opening), &g.nonces, &GrinProveOptions::default())
                            .is_ok()
                    }
                    ("grin-verify", Some(g), _) => grin_verify(g),
                    ("grin-batch", Some(g), _) => grin_batch(g),
                    ("monero-verify", _, Some(m)) => monero_verify(m),
                    ("monero-batch", _, Some(m)) => monero_batch(m),
                    ("monero-prove", _, Some(m)) => MoneroPlusProof::prove(&m.amounts, &m.masks, &mut rng).is_ok(),
                    _ => {
                        eprintln!("unknown operation {what}");
                        std::process::exit(2);
                    }
                };
                assert!(ok);
                n += 1;
            }
            println!("{what}: {n} calls, {:.4} ms each", start.elapsed().as_secs_f64() * 1e3 / n as f64);
        }
        Some(other) => {
            eprintln!("unknown argument {other}; usage: deployed_profile [breakdown | loop WHAT SECONDS]");
            std::process::exit(2);
        }
    }
}
