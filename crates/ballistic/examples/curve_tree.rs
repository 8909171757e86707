//! Curve Trees key ownership at a chosen size: build a tree of secp256k1
//! keys, prove ownership of one, verify, and print the sizes and times.
//!
//! `cargo run --release -p ballistic --example curve_tree -- LEAVES B1,B2,… BATCH`
//! (default: 2^21 leaves, branching 64,1024,64 from the leaves up, batches
//! of 100), or
//! `… -- files B1,B2,…` for the file layer's single verification of one
//! ownership proof file (default: the library's shape for 2^21 keys; a tree
//! of 64 keys in that shape, since the times depend on the shape only):
//! `verify_ownership_files`, which builds the tree's parameters on every
//! call, against a prepared `OwnershipVerifier`, interleaved (7 rounds,
//! medians, after one untimed call of each), with the generators from a
//! warm generator store in a temporary directory; and the verifier's
//! one-time cost (`OwnershipVerifier::new` and its first call), or
//! `… -- level NODES B` for one level of node commitments on secq256k1 by
//! the per-node sums and by the shared-base tables the build uses
//! (interleaved, medians of 3; default 4,096 nodes of 64), or
//! `… -- membership VALUES W B1,B2,… BATCH` for membership of a committed value
//! in a tree of `VALUES` values, `W` per leaf vector (the proof's size and
//! times depend on the shape, not on how full the tree is; default
//! 4,096 values, 512 per vector, branching 256,512,128: capacity 2^33),
//! followed by today's depth-32 Merkle membership on secp256k1 measured the
//! same way (a prepared verifier, median of 3 after a warm-up), and the
//! ratio of the two single verifications and of the two batch marginals
//! (default batches of 8 of each: a Merkle proof takes seconds to make).
//!
//! What is timed, one thread, each phase alone: the tree build (embedding
//! the children, the node commitments; not the keys' derivation, which is
//! by repeated addition of the base point and not timed), one proof
//! (`ownership::prove`, with the path already looked up), and the median
//! of 5 verifications after one untimed warm-up (`ownership::verify`,
//! including its re-randomization tables, which a long-lived verifier
//! could keep). Generators are derived once before anything is timed.
//!
//! Batches: `BATCH` distinct proofs (other keys, other messages; made
//! before timing), then the median of 3 timings, each from the proofs'
//! decoded form to the verdict — every claim's replay (`ownership::claim`)
//! and `verify_batch`. Printed: the time per proof, and the marginal cost
//! of a proof, `(T(BATCH) − T(1)) / (BATCH − 1)` with `T(1)` a batch of
//! one timed the same way.

use std::time::Instant;

use ballistic::curve_tree::ownership::{self, OwnershipProof, Scope};
use ballistic::curve_tree::{CurveTree, TreeParams};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{Generators, Secp256k1, Secq256k1};

fn membership(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    use ballistic::curve_tree::membership::{self, MembershipProof, ValueTree};
    let count: usize = args.get(2).map_or(Ok(4096), |s| s.parse())?;
    let width: usize = args.get(3).map_or(Ok(512), |s| s.parse())?;
    let branching: Vec<usize> = match args.get(4) {
        Some(s) => s.split(',').map(str::parse).collect::<Result<_, _>>()?,
        None => vec![256, 512, 128],
    };
    let gens = (Generators::<Secp256k1>::new(2048, 1), Generators::<Secq256k1>::new(2048, 1));
    let params = TreeParams::new(&branching, gens.0, gens.1)?;
    let capacity = params.capacity() as u128 * width as u128;
    println!("value tree: {count} values, {width} per leaf vector, branching {branching:?} (capacity {capacity})");
    let values: Vec<_> = (1..=count as u64).map(<Secp256k1 as Group>::Scalar::from_u64).collect();
    let t = Instant::now();
    let tree = ValueTree::new(&params, width, values.clone())?;
    println!("build: {:.2?}", t.elapsed());
    let root = tree.root();
    let index = count - 1;
    let path = tree.path(&params, index as u64)?;
    let gamma = <Secp256k1 as Group>::Scalar::from_u64(0xb11d);
    let mut rng = rand::thread_rng();
    let t = Instant::now();
    let (proof, v) =
        membership::prove(&params, &mut Transcript::new(b"example"), &root, &path, (&values[index], &gamma), &mut rng)?;
    println!("prove: {:.2?}", t.elapsed());
    let bytes = proof.to_bytes();
    println!("proof: {} bytes", bytes.len());
    let proof = MembershipProof::from_bytes(&bytes, &params)?;
    membership::verify(&params, width, &mut Transcript::new(b"example"), &root, &v, &proof, &mut rng)?;
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        membership::verify(&params, width, &mut Transcript::new(b"example"), &root, &v, &proof, &mut rng)?;
        times.push(t.elapsed());
    }
    times.sort();
    let curve_tree = times[2];
    println!("verify (median of 5): {curve_tree:.2?}");
    let batch: usize = args.get(5).map_or(Ok(8), |s| s.parse())?;
    let proofs: Vec<(MembershipProof<Secp256k1>, _)> = (0..batch.min(count))
        .map(|k| {
            let index = count - 1 - k;
            let path = tree.path(&params, index as u64)?;
            membership::prove(
                &params,
                &mut Transcript::new(b"example"),
                &root,
                &path,
                (&values[index], &gamma),
                &mut rng,
            )
        })
        .collect::<Result<_, _>>()?;
    let run = |proofs: &[(MembershipProof<Secp256k1>, _)], rng: &mut rand::rngs::ThreadRng| {
        let t = Instant::now();
        let claims: Vec<_> = proofs
            .iter()
            .map(|(proof, v)| membership::claim(&params, width, &mut Transcript::new(b"example"), &root, v, proof, rng))
            .collect();
        let refs: Vec<_> = claims.iter().collect();
        ballistic::curve_tree::verify_batch(&refs, rng).map_err(|e| e.to_string())?;
        Ok::<_, String>(t.elapsed())
    };
    let (one, many) = (median3(|| run(&proofs[..1], &mut rng))?, median3(|| run(&proofs, &mut rng))?);
    let n = proofs.len();
    let ct_marginal = marginal(one, many, n);
    println!(
        "batch of {n}: {many:.2?}, {:.2?} per proof; batch of 1: {one:.2?}; marginal {ct_marginal:.2?}",
        many / n as u32
    );

    // The same statement with today's Merkle membership (depth 32, 2^32
    // values) on secp256k1, measured here in the same way, for the ratio.
    use ballistic::merkle::{self as hashed, MerkleParams, MerkleTree, PreparedMembership};
    let mparams = MerkleParams::<Secp256k1>::new(32)?;
    let t = Instant::now();
    let mgens = Generators::<Secp256k1>::new(mparams.generators_needed(), 1);
    println!("merkle generators ({}): {:.2?}", mparams.generators_needed(), t.elapsed());
    let leaves: Vec<_> = values.iter().take(8).copied().collect();
    let mtree = MerkleTree::new(&mparams, leaves.clone())?;
    let mpath = mtree.path(&mparams, 7)?;
    let t = Instant::now();
    let (mproof, mv) = hashed::prove_membership(
        &mgens,
        &mparams,
        Transcript::new(b"example"),
        &mtree.root(),
        &leaves[7],
        &gamma,
        &mpath,
        &mut rng,
    )?;
    println!("merkle prove: {:.2?}, {} bytes", t.elapsed(), mproof.to_bytes().len());
    let prepared = PreparedMembership::new(&mparams)?;
    prepared.verify(&mgens, Transcript::new(b"example"), &mtree.root(), &mv, &mproof, &mut rng)?;
    let mut mtimes = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        prepared.verify(&mgens, Transcript::new(b"example"), &mtree.root(), &mv, &mproof, &mut rng)?;
        mtimes.push(t.elapsed());
    }
    mtimes.sort();
    println!("merkle verify (prepared, median of 3): {:.2?}", mtimes[1]);
    println!("curve tree ÷ merkle, single verification: {:.3}", curve_tree.as_secs_f64() / mtimes[1].as_secs_f64());
    let mproofs: Vec<_> = (0..n)
        .map(|k| {
            let index = 7 - k % 8;
            let path = mtree.path(&mparams, index as u64)?;
            let blinding = gamma + <Secp256k1 as Group>::Scalar::from_u64(k as u64);
            hashed::prove_membership(
                &mgens,
                &mparams,
                Transcript::new(b"example"),
                &mtree.root(),
                &leaves[index],
                &blinding,
                &path,
                &mut rng,
            )
        })
        .collect::<Result<_, _>>()?;
    let mrun = |proofs: &[(hashed::MembershipProof<Secp256k1>, _)], rng: &mut rand::rngs::ThreadRng| {
        let t = Instant::now();
        let claims = proofs
            .iter()
            .map(|(proof, v)| prepared.claim(Transcript::new(b"example"), &mtree.root(), v, proof, rng))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let refs: Vec<&dyn ballistic::batch::Claim<Secp256k1>> = claims.iter().map(|c| c as _).collect();
        ballistic::batch::verify(&mgens, &refs, rng).map_err(|e| e.to_string())?;
        Ok::<_, String>(t.elapsed())
    };
    let (mone, mmany) = (median3(|| mrun(&mproofs[..1], &mut rng))?, median3(|| mrun(&mproofs, &mut rng))?);
    let m_marginal = marginal(mone, mmany, n);
    println!("merkle batch of {n}: {mmany:.2?}; batch of 1: {mone:.2?}; marginal {m_marginal:.2?}");
    println!("curve tree ÷ merkle, batch marginal: {:.3}", ct_marginal.as_secs_f64() / m_marginal.as_secs_f64());
    Ok(())
}

/// `level NODES B`: one level of node commitments on secq256k1 (`NODES`
/// sums of `B` terms under the same generators, default 4,096 × 64), by
/// the per-node sums the build used before (`msm_vartime_chunks`, the
/// generators repeated) and by the shared-base tables
/// (`msm_vartime_shared_bases`), interleaved: 3 rounds, medians.
fn level(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let nodes: usize = args.get(2).map_or(Ok(4096), |s| s.parse())?;
    let b: usize = args.get(3).map_or(Ok(64), |s| s.parse())?;
    let gens = Generators::<Secq256k1>::new(b.next_power_of_two(), 1);
    let bases = gens.vector().g_chains().first().and_then(|c| c.get(..b)).ok_or("too few generators")?.to_vec();
    let mut rng = rand::thread_rng();
    let scalars: Vec<_> = (0..nodes * b).map(|_| <Secq256k1 as Group>::Scalar::random(&mut rng)).collect();
    let repeated: Vec<_> = (0..nodes).flat_map(|_| bases.iter().copied()).collect();
    let (mut old, mut new) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        let t = Instant::now();
        let a = Secq256k1::msm_vartime_chunks(&scalars, &repeated, b).ok_or("shape")?;
        old.push(t.elapsed());
        let t = Instant::now();
        let c = Secq256k1::msm_vartime_shared_bases(&scalars, &bases).ok_or("shape")?;
        new.push(t.elapsed());
        if a != c {
            return Err("the two methods disagree".into());
        }
    }
    old.sort();
    new.sort();
    let per_term = |d: std::time::Duration| d.as_secs_f64() * 1e6 / (nodes * b) as f64;
    println!("secq256k1 level, {nodes} nodes × {b}: per-node sums {:.2?} ({:.2} µs/term), shared-base tables {:.2?} ({:.2} µs/term), ratio {:.3}",
        old[1], per_term(old[1]), new[1], per_term(new[1]), new[1].as_secs_f64() / old[1].as_secs_f64());
    Ok(())
}

fn files(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    use ballistic::file::{GeneratorStore, KeyTreeFile, OwnershipProofFile, OwnershipVerifier};
    let branching: Vec<usize> = match args.get(2) {
        Some(s) => s.split(',').map(str::parse).collect::<Result<_, _>>()?,
        None => ballistic::curve_tree::shape_for(1 << 21).ok_or("no shape")?,
    };
    let dir = std::env::temp_dir().join(format!("ballistic-curve-tree-files-{}", std::process::id()));
    let store = GeneratorStore::at(&dir);
    // Keys 1·B … 64·B, their secret keys written as key files hold them.
    let secret = |k: u64| format!("{:0>64}\n", format!("{k:x}"));
    let mut keys = String::new();
    let mut p = Secp256k1::identity();
    for _ in 0..64 {
        p += Secp256k1::basepoint();
        keys += &ballistic::hazmat::to_hex(Secp256k1::compressed_bytes(&Secp256k1::compress(&p)));
        keys.push('\n');
    }
    // Built once untimed, which also fills the store.
    let tree = KeyTreeFile::build_from_lines(&store, Some(&branching), keys.as_bytes())?.tree(&store)?;
    let mut rng = rand::rngs::OsRng;
    let key = ballistic::file::parse_secret_key(secret(17).as_bytes())?;
    let proof = OwnershipProofFile::prove_in(&tree, &key, "example", "session", &mut rng)?;
    let statement = tree.statement("example", "session");
    let files = [Ok(proof)];
    println!("branching {branching:?}: one ownership proof file, generators from a warm store");

    let t = Instant::now();
    let verifier = OwnershipVerifier::new(&store, &branching)?;
    let made = t.elapsed();
    let t = Instant::now();
    let first = verifier.verify(&files, &statement, &mut rng);
    let first_call = t.elapsed();
    if !first.iter().all(Result::is_ok) {
        return Err("the proof does not verify".into());
    }
    println!("OwnershipVerifier::new: {made:.2?}; its first call: {first_call:.2?}");
    let _ = ballistic::file::verify_ownership_files(&store, &files, &statement, &mut rng);
    let (mut cold, mut warm) = (Vec::new(), Vec::new());
    for _ in 0..7 {
        let t = Instant::now();
        let a = ballistic::file::verify_ownership_files(&store, &files, &statement, &mut rng);
        cold.push(t.elapsed());
        let t = Instant::now();
        let b = verifier.verify(&files, &statement, &mut rng);
        warm.push(t.elapsed());
        if !a.iter().chain(&b).all(Result::is_ok) {
            return Err("the proof does not verify".into());
        }
    }
    cold.sort();
    warm.sort();
    println!(
        "interleaved, medians of 7: verify_ownership_files {:.2?}, OwnershipVerifier::verify {:.2?} (ratio {:.3})",
        cold[3],
        warm[3],
        warm[3].as_secs_f64() / cold[3].as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("files") {
        return files(&args);
    }
    if args.get(1).map(String::as_str) == Some("membership") {
        return membership(&args);
    }
    if args.get(1).map(String::as_str) == Some("level") {
        return level(&args);
    }
    if args.get(1).map(String::as_str) == Some("repeat") {
        return repeat(&args);
    }
    let leaves: usize = args.get(1).map_or(Ok(1 << 21), |s| s.parse())?;
    let branching: Vec<usize> = match args.get(2) {
        Some(s) => s.split(',').map(str::parse).collect::<Result<_, _>>()?,
        None => vec![64, 1024, 64],
    };
    let t = Instant::now();
    let gens = (Generators::<Secp256k1>::new(2048, 1), Generators::<Secq256k1>::new(2048, 1));
    println!("generators (2,048 per curve): {:.2?}", t.elapsed());
    let params = TreeParams::new(&branching, gens.0, gens.1)?;
    println!("tree: {leaves} leaves, branching {branching:?} (capacity {})", params.capacity());

    // Keys s·B, (s+1)·B, …: cheap to make, and the prover knows its own.
    let start = <Secp256k1 as Group>::Scalar::from_u64(0x5eed_0000_0001);
    let base = params.leaf_gens().pedersen().b;
    let first = Secp256k1::mul_ct(&base, &start);
    let mut keys = Vec::with_capacity(leaves);
    let mut p = first;
    for _ in 0..leaves {
        keys.push(p);
        p += base;
    }
    let t = Instant::now();
    let tree = CurveTree::new(&params, keys)?;
    println!("build: {:.2?}", t.elapsed());
    let root = tree.root();

    let index = leaves - 1;
    let path = tree.path(&params, index as u64)?;
    let x = start + <Secp256k1 as Group>::Scalar::from_u64(index as u64);
    let scope = Scope { context: b"example context", message: b"example user" };
    let mut rng = rand::thread_rng();
    let t = Instant::now();
    let proof = ownership::prove(&params, &mut Transcript::new(b"example"), &root, &path, &x, &scope, &mut rng)?;
    println!("prove: {:.2?}", t.elapsed());
    let bytes = proof.to_bytes();
    println!("proof: {} bytes", bytes.len());
    let proof = OwnershipProof::from_bytes(&bytes, &params)?;
    ownership::verify(&params, &mut Transcript::new(b"example"), &root, &scope, &proof, &mut rng)?;
    let mut times = Vec::new();
    for _ in 0..5 {
        let t = Instant::now();
        ownership::verify(&params, &mut Transcript::new(b"example"), &root, &scope, &proof, &mut rng)?;
        times.push(t.elapsed());
    }
    times.sort();
    println!("verify (median of 5): {:.2?}", times[2]);

    let batch: usize = args.get(3).map_or(Ok(100), |s| s.parse())?;
    let proofs: Vec<(OwnershipProof<Secp256k1>, Vec<u8>)> = (0..batch.min(leaves))
        .map(|k| {
            let index = leaves - 1 - k;
            let path = tree.path(&params, index as u64)?;
            let x = start + <Secp256k1 as Group>::Scalar::from_u64(index as u64);
            let message = format!("user {k}").into_bytes();
            let scope = Scope { context: b"example context", message: &message };
            let proof =
                ownership::prove(&params, &mut Transcript::new(b"example"), &root, &path, &x, &scope, &mut rng)?;
            Ok((proof, message))
        })
        .collect::<Result<_, ballistic::ProofError>>()?;
    eprintln!("{} proofs made; timing the batches", proofs.len());
    let run = |proofs: &[(OwnershipProof<Secp256k1>, Vec<u8>)], rng: &mut rand::rngs::ThreadRng| {
        let t = Instant::now();
        let claims: Vec<_> = proofs
            .iter()
            .map(|(proof, message)| {
                let scope = Scope { context: b"example context", message };
                ownership::claim(&params, &mut Transcript::new(b"example"), &root, &scope, proof, rng)
            })
            .collect();
        let refs: Vec<_> = claims.iter().collect();
        ballistic::curve_tree::verify_batch(&refs, rng).map_err(|e| e.to_string())?;
        Ok::<_, String>(t.elapsed())
    };
    let (one, many) = (median3(|| run(&proofs[..1], &mut rng))?, median3(|| run(&proofs, &mut rng))?);
    let n = proofs.len();
    println!(
        "batch of {n}: {many:.2?}, {:.2?} per proof; batch of 1: {one:.2?}; marginal {:.2?}",
        many / n as u32,
        marginal(one, many, n)
    );
    // The single verification and a batch of one, alternately (7 rounds,
    // medians): the two do the same work but one sum per curve each.
    let (mut single, mut batched) = (Vec::new(), Vec::new());
    for _ in 0..7 {
        let t = Instant::now();
        ownership::verify(&params, &mut Transcript::new(b"example"), &root, &scope, &proof, &mut rng)?;
        single.push(t.elapsed());
        batched.push(run(&proofs[..1], &mut rng)?);
    }
    single.sort();
    batched.sort();
    println!("interleaved, medians of 7: verify {:.2?}, batch of 1 {:.2?}", single[3], batched[3]);
    Ok(())
}

/// `repeat SHAPE N`: one ownership proof over a small tree of the given
/// shape, then `N` single verifications with the generators' tables kept
/// (`precompute`, as a long-lived verifier has them after its first sums)
/// and `N` with no tables (`Precomputation::Off`, a one-shot verifier's
/// sums), alternating one of each; prints each kind's median (also a loop
/// for a profiler).
fn repeat(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    use ballistic::Precomputation;
    let branching: Vec<usize> = match args.get(2) {
        Some(s) => s.split(',').map(str::parse).collect::<Result<_, _>>()?,
        None => ballistic::curve_tree::shape_for(1 << 21).ok_or("no shape")?,
    };
    let n: usize = args.get(3).map_or(Ok(50), |s| s.parse())?;
    let (leaf, other) = TreeParams::<Secp256k1>::generators_needed(&branching).ok_or("shape too large")?;
    let (leaf_gens, other_gens) = (Generators::<Secp256k1>::new(leaf, 1), Generators::<Secq256k1>::new(other, 1));
    let params = TreeParams::new(&branching, leaf_gens.clone(), other_gens.clone())?;
    let plain = TreeParams::new(
        &branching,
        leaf_gens.with_precomputation(Precomputation::Off),
        other_gens.with_precomputation(Precomputation::Off),
    )?;
    let t = Instant::now();
    params.leaf_gens().vector().precompute();
    params.other_gens().vector().precompute();
    println!("tables built in {:.2?}", t.elapsed());
    let base = params.leaf_gens().pedersen().b;
    let x = <Secp256k1 as Group>::Scalar::from_u64(7);
    let keys: Vec<_> =
        (1..=64u64).map(|k| Secp256k1::mul_ct(&base, &<Secp256k1 as Group>::Scalar::from_u64(k))).collect();
    let tree = CurveTree::new(&params, keys)?;
    let root = tree.root();
    let path = tree.path(&params, 6)?;
    let scope = Scope { context: b"example context", message: b"example user" };
    let mut rng = rand::thread_rng();
    let proof = ownership::prove(&params, &mut Transcript::new(b"example"), &root, &path, &x, &scope, &mut rng)?;
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for i in 0..=n {
        for (p, times) in [(&params, &mut with), (&plain, &mut without)] {
            let t = Instant::now();
            ownership::verify(p, &mut Transcript::new(b"example"), &root, &scope, &proof, &mut rng)?;
            // The first of each: a warm-up.
            if i > 0 {
                times.push(t.elapsed());
            }
        }
    }
    with.sort();
    without.sort();
    let (a, b) = (with[with.len() / 2], without[without.len() / 2]);
    println!(
        "branching {branching:?}: {n} verifications of each, medians: tables kept {a:.2?}, no tables {b:.2?} ({:.2} ×)",
        a.as_secs_f64() / b.as_secs_f64()
    );
    Ok(())
}

/// The median of three timings after one untimed run.
fn median3<E>(mut f: impl FnMut() -> Result<std::time::Duration, E>) -> Result<std::time::Duration, E> {
    f()?;
    let mut times = [f()?, f()?, f()?];
    times.sort();
    Ok(times[1])
}

/// `(T(n) − T(1)) / (n − 1)`.
fn marginal(one: std::time::Duration, many: std::time::Duration, n: usize) -> std::time::Duration {
    many.saturating_sub(one) / (n.max(2) - 1) as u32
}
