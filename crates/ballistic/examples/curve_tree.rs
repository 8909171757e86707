//! Curve Trees key ownership at a chosen size: build a tree of secp256k1
//! keys, prove ownership of one, verify, and print the sizes and times.
//!
//! `cargo run --release -p ballistic --example curve_tree -- LEAVES B1,B2,…`
//! (default: 2^21 leaves, branching 64,1024,64 from the leaves up), or
//! `… -- membership VALUES W B1,B2,…` for membership of a committed value
//! in a tree of `VALUES` values, `W` per leaf vector (the proof's size and
//! times depend on the shape, not on how full the tree is; default
//! 4,096 values, 512 per vector, branching 256,512,128: capacity 2^33),
//! followed by today's depth-32 Merkle membership on secp256k1 measured the
//! same way (a prepared verifier, median of 3 after a warm-up), and the
//! ratio of the two single verifications.
//!
//! What is timed, one thread, each phase alone: the tree build (embedding
//! the children, the node commitments; not the keys' derivation, which is
//! by repeated addition of the base point and not timed), one proof
//! (`ownership::prove`, with the path already looked up), and the median
//! of 5 verifications after one untimed warm-up (`ownership::verify`,
//! including its re-randomization tables, which a long-lived verifier
//! could keep). Generators are derived once before anything is timed.

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
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("membership") {
        return membership(&args);
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
    Ok(())
}
