//! Multi-asset range proofs (`ballistic::range::assets`) against `m`
//! separate proofs and against the re-commitment alternative: sizes,
//! proving and verification, for `m` = 2, 4, 8 outputs of 64-bit values,
//! each output on its own asset generator, on Ristretto255.
//!
//! ```text
//! scripts/bench --bin assets -- [--quick] [--out DIR]   # writes DIR/assets.md (default crates/ballistic-bench/results)
//! ```
//!
//! **Method.** One thread. For each `m`, every contender proves the same
//! values, blindings and generators. Then `ROUNDS` rounds (after one
//! warm-up round that is discarded); in each round the contenders run one
//! after another (interleaved, so drift on a shared machine hits all
//! alike), each operation timed once as the mean over a loop of about
//! 50 ms; the table gives each contender's median over the rounds and the
//! ratio to `m` separate Bulletproofs in the same round's median.
//! *Prove*: the prover call (commitments included). *Verify*: from bytes —
//! decoding the proof and the commitments, building the statement, and
//! verifying; for separate proofs, the `m` proofs one by one (the target's
//! comparison) and, as a further row, all `m` in one batch (single-output
//! native proofs, each on its own generator, through `batch::verify`; the
//! row's prove time is not measured, it is the separate BP prover's).

use std::time::Instant;

use ballistic::batch::{self, Claim, Item};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::{asset_generator, MultiAssetRangeProof, MultiAssetStatement, RecommittedRangeProof};
use ballistic::range::{RangeProofSystem, RangeStatement};
use ballistic::Verifiable;
use ballistic::{Generators, PedersenGens, ProofError, RangeProof, RangeProofPlus, RangeProofPlusPlus, Ristretto255};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

type G = Ristretto255;
type S = <G as Group>::Scalar;
type C = <G as Group>::Compressed;
const LABEL: &[u8] = b"ballistic-bench assets";
const N: usize = 64;

/// Milliseconds per call: the mean over a loop of about `budget` seconds.
fn time(budget: f64, f: &mut dyn FnMut()) -> f64 {
    let t = Instant::now();
    f();
    let iters = ((budget / t.elapsed().as_secs_f64().max(1e-7)) as usize).clamp(1, 10_000);
    let t = Instant::now();
    for _ in 0..iters {
        f();
    }
    t.elapsed().as_secs_f64() * 1e3 / iters as f64
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

struct Inputs {
    values: Vec<u64>,
    blindings: Vec<S>,
    generators: Vec<<G as Group>::Point>,
    compressed: Vec<C>,
}

/// A contender: its name, proof size, and prove / verify closures.
struct Contender<'a> {
    name: String,
    bytes: usize,
    prove: Box<dyn FnMut() + 'a>,
    verify: Box<dyn FnMut() + 'a>,
}

fn separate<'a, P: RangeProofSystem<G> + 'a>(gens: &'a Generators<G>, name: &str, inp: &'a Inputs) -> Contender<'a> {
    // Separate proofs on each output's own generator: Pedersen bases per
    // output over the same vector generators.
    let pcs: Vec<Generators<G>> = inp
        .generators
        .iter()
        .map(|h| gens.with_pedersen(PedersenGens { b: *h, b_blinding: gens.pedersen().b_blinding }))
        .collect();
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let proofs: Vec<(Vec<u8>, C)> = inp
        .values
        .iter()
        .zip(&inp.blindings)
        .zip(&pcs)
        .map(|((v, b), pc_j)| {
            let (p, c) =
                P::prove_multiple_with_rng(pc_j, &mut Transcript::new(LABEL), &[*v], &[*b], N, &mut rng).unwrap();
            (p.to_bytes(), c[0])
        })
        .collect();
    let bytes = proofs.iter().map(|p| p.0.len()).sum();
    let pcs2 = pcs.clone();
    let prove = Box::new(move || {
        for ((v, b), pc_j) in inp.values.iter().zip(&inp.blindings).zip(&pcs2) {
            P::prove_multiple_with_rng(pc_j, &mut Transcript::new(LABEL), &[*v], &[*b], N, &mut rng).unwrap();
        }
    });
    let mut vrng = ChaCha20Rng::seed_from_u64(8);
    let verify = Box::new(move || {
        for ((bytes, c), pc_j) in proofs.iter().zip(&pcs) {
            let p = P::from_bytes_for(bytes, N, 1).unwrap();
            let st = RangeStatement::<G>::new(N, std::slice::from_ref(c)).unwrap();
            p.verify(pc_j, &st, &mut Transcript::new(LABEL), &mut vrng).unwrap();
        }
    });
    Contender { name: format!("{m} × {name}", m = inp.values.len()), bytes, prove, verify }
}

/// `m` single-output native proofs (each a Bulletproofs proof on its own
/// generator), verified in one batch: what a verifier of separate proofs
/// with different generators can do at best.
fn separate_batched<'a>(gens: &'a Generators<G>, inp: &'a Inputs) -> Contender<'a> {
    let mut rng = ChaCha20Rng::seed_from_u64(13);
    let proofs: Vec<(Vec<u8>, C, C)> = inp
        .values
        .iter()
        .zip(&inp.blindings)
        .zip(&inp.generators)
        .map(|((v, b), h)| {
            let (p, c) = MultiAssetRangeProof::<G>::prove_with_rng(
                gens,
                &mut Transcript::new(LABEL),
                &[*v],
                &[*b],
                &[*h],
                N,
                &mut rng,
            )
            .unwrap();
            (p.to_bytes(), c[0], G::compress(h))
        })
        .collect();
    let bytes = proofs.iter().map(|p| p.0.len()).sum();
    let mut vrng = ChaCha20Rng::seed_from_u64(14);
    Contender {
        name: format!("{} × BP, one batch", inp.values.len()),
        bytes,
        prove: Box::new(|| {}),
        verify: Box::new(move || {
            let decoded: Vec<(MultiAssetRangeProof<G>, MultiAssetStatement<G>)> = proofs
                .iter()
                .map(|(bytes, c, h)| {
                    (
                        MultiAssetRangeProof::<G>::from_bytes_for(bytes, N, 1).unwrap(),
                        MultiAssetStatement::<G>::new(N, std::slice::from_ref(c), std::slice::from_ref(h)).unwrap(),
                    )
                })
                .collect();
            let items: Vec<Item<'_, G, MultiAssetRangeProof<G>>> =
                decoded.iter().map(|(p, st)| Item::new(p, st, Transcript::new(LABEL))).collect();
            let claims: Vec<&dyn Claim<G>> = items.iter().map(|i| i as &dyn Claim<G>).collect();
            batch::verify(gens, &claims, &mut vrng).unwrap();
        }),
    }
}

/// A multi-asset prover (`prove_with_rng` of a construction).
type Prover<P> = fn(
    &Generators<G>,
    &mut Transcript,
    &[u64],
    &[S],
    &[<G as Group>::Point],
    usize,
    &mut ChaCha20Rng,
) -> Result<(P, Vec<C>), ProofError>;

/// One proof of all the outputs by `prove` (its randomness seeded with
/// `seeds.0`), verified from bytes (`decode` of the bytes and the number
/// of outputs; the verifier's randomness seeded with `seeds.1`).
fn one_proof<'a, P>(
    gens: &'a Generators<G>,
    inp: &'a Inputs,
    name: String,
    seeds: (u64, u64),
    prove: Prover<P>,
    to_bytes: fn(&P) -> Vec<u8>,
    decode: impl Fn(&[u8], usize) -> P + 'a,
) -> Contender<'a>
where
    P: Verifiable<G, Statement = MultiAssetStatement<G>, Context = Transcript> + 'a,
{
    let run = move |rng: &mut ChaCha20Rng| {
        prove(gens, &mut Transcript::new(LABEL), &inp.values, &inp.blindings, &inp.generators, N, rng).unwrap()
    };
    let mut rng = ChaCha20Rng::seed_from_u64(seeds.0);
    let (proof, commitments) = run(&mut rng);
    let bytes = to_bytes(&proof);
    let m = inp.values.len();
    let mut vrng = ChaCha20Rng::seed_from_u64(seeds.1);
    Contender {
        name,
        bytes: bytes.len(),
        prove: Box::new(move || {
            run(&mut rng);
        }),
        verify: Box::new(move || {
            let p = decode(&bytes, m);
            let st = MultiAssetStatement::<G>::new(N, &commitments, &inp.compressed).unwrap();
            p.verify(gens, &st, &mut Transcript::new(LABEL), &mut vrng).unwrap();
        }),
    }
}

fn native<'a>(gens: &'a Generators<G>, inp: &'a Inputs) -> Contender<'a> {
    type P = MultiAssetRangeProof<G>;
    let decode = |bytes: &[u8], m| P::from_bytes_for(bytes, N, m).unwrap();
    one_proof(gens, inp, "native multi-asset BP".into(), (9, 10), P::prove_with_rng, P::to_bytes, decode)
}

fn recommitted<'a, P: RangeProofSystem<G> + 'a>(gens: &'a Generators<G>, name: &str, inp: &'a Inputs) -> Contender<'a> {
    type R = RecommittedRangeProof<G>;
    let decode = |bytes: &[u8], m| R::from_bytes_for(P::SYSTEM, bytes, N, m).unwrap();
    one_proof(gens, inp, format!("recommitted {name}"), (11, 12), R::prove_with_rng::<P, _>, R::to_bytes, decode)
}

fn main() {
    let mut quick = false;
    let mut out = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/results"));
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--out" => out = args.next().expect("--out DIR").into(),
            other => panic!("unknown argument {other}; usage: assets [--quick] [--out DIR]"),
        }
    }
    let (rounds, budget) = if quick { (3, 0.01) } else { (9, 0.05) };
    let mut md = String::from(
        "# Multi-asset range proofs\n\n\
         `scripts/bench --bin assets` (this file). 64-bit values, every output on its own asset generator \
         (`asset_generator(\"asset j\")`), Ristretto255, one thread. Times are medians over rounds in which the \
         contenders run interleaved (one warm-up round discarded); each timing in a round is the mean of a loop of \
         about 50 ms. *Prove* is the prover call; *verify* starts from bytes (decoding, statement, verification). \
         Separate proofs are verified one by one; the last row verifies `m` single-output proofs on their own \
         generators in one batch (its prove time is not measured). Ratios are to `m` separate Bulletproofs.\n\n",
    );
    for m in [2usize, 4, 8] {
        eprintln!("assets: m = {m} …");
        let mut rng = ChaCha20Rng::seed_from_u64(m as u64);
        let generators: Vec<_> = (0..m).map(|j| asset_generator::<G>(format!("asset {j}").as_bytes())).collect();
        let inp = Inputs {
            values: (0..m).map(|_| rng.gen()).collect(),
            blindings: (0..m).map(|_| <S as ScalarOps>::random(&mut rng)).collect(),
            compressed: generators.iter().map(G::compress).collect(),
            generators,
        };
        // Generators for the largest statement any contender proves (m values of 64 bits).
        let gens = Generators::<G>::new(N, m);
        gens.vector().precompute();
        let mut contenders = [
            separate::<RangeProof<G>>(&gens, "BP", &inp),
            native(&gens, &inp),
            recommitted::<RangeProof<G>>(&gens, "BP", &inp),
            separate::<RangeProofPlus<G>>(&gens, "BP+", &inp),
            recommitted::<RangeProofPlus<G>>(&gens, "BP+", &inp),
            separate::<RangeProofPlusPlus<G>>(&gens, "BP++", &inp),
            recommitted::<RangeProofPlusPlus<G>>(&gens, "BP++", &inp),
            separate_batched(&gens, &inp),
        ];
        let k = contenders.len();
        let (mut prove, mut verify) = (vec![Vec::new(); k], vec![Vec::new(); k]);
        for round in 0..=rounds {
            for (i, c) in contenders.iter_mut().enumerate() {
                let (p, v) = (time(budget, &mut c.prove), time(budget, &mut c.verify));
                if round > 0 {
                    prove[i].push(p);
                    verify[i].push(v);
                }
            }
        }
        let (prove, verify): (Vec<f64>, Vec<f64>) =
            (prove.into_iter().map(median).collect(), verify.into_iter().map(median).collect());
        md.push_str(&format!(
            "## m = {m}\n\n| contender | bytes | ÷ separate BP | prove ms | ÷ | verify ms | ÷ |\n|---|---:|---:|---:|---:|---:|---:|\n"
        ));
        for (i, c) in contenders.iter().enumerate() {
            md.push_str(&format!(
                "| {} | {} | {:.2} | {:.2} | {:.2} | {:.3} | {:.2} |\n",
                c.name,
                c.bytes,
                c.bytes as f64 / contenders[0].bytes as f64,
                prove[i],
                prove[i] / prove[0],
                verify[i],
                verify[i] / verify[0],
            ));
        }
        md.push('\n');
    }
    std::fs::create_dir_all(&out).expect("create output directory");
    std::fs::write(out.join("assets.md"), &md).expect("write report");
    print!("{md}");
}
