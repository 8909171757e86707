//! `ballistic demo`: prove and verify a few shapes of range proofs and a few
//! circuits, print sizes and timings.

use std::time::{Duration, Instant};

use ballistic::batch::{self, Claim, Item};
use ballistic::file::{GeneratorStore, StoreStatus};
use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::range::AnyRangeProof;
use ballistic::{Generators, PedersenGens, RangeShape, RangeStatement, RangeSystem, Ristretto255, Secp256k1};
use rand_core::{OsRng, RngCore};

/// Generators that serve every system for `m` values of `n` bits.
fn generators<G: Group>(n: usize, m: usize) -> Result<Generators<G>, String> {
    let (mut chains, mut per_chain) = (1, 1);
    for system in RangeSystem::ALL {
        let (c, p) = system.generators_needed(n, m).map_err(|e| e.to_string())?;
        chains = chains.max(c);
        per_chain = per_chain.max(p);
    }
    Ok(Generators::new(per_chain, chains))
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

/// Prove, decode and verify one shape `reps` times with one system; check a
/// tampered copy is rejected. Returns (size, median prove, median verify).
fn measure<G: Group, P>(
    reps: usize,
    prove: impl Fn() -> Result<(P, Vec<G::Compressed>), ballistic::ProofError>,
    to_bytes: impl Fn(&P) -> Vec<u8>,
    accepts: impl Fn(&[u8], &[G::Compressed]) -> Result<(), String>,
) -> Result<(usize, Duration, Duration), String> {
    let mut prove_times = Vec::new();
    let mut verify_times = Vec::new();
    let mut size = 0;
    for _ in 0..reps {
        let t = Instant::now();
        let (proof, commitments) = prove().map_err(|e| e.to_string())?;
        prove_times.push(t.elapsed());
        let bytes = to_bytes(&proof);
        size = bytes.len();
        let t = Instant::now();
        accepts(&bytes, &commitments)?;
        verify_times.push(t.elapsed());
        // A tampered proof must be rejected.
        let mut bad = bytes.clone();
        bad[size / 2] ^= 1;
        if accepts(&bad, &commitments).is_ok() {
            return Err("a tampered proof was accepted".into());
        }
    }
    Ok((size, median(prove_times), median(verify_times)))
}

pub fn run(quick: bool) -> Result<(), String> {
    let reps = if quick { 1 } else { 7 };
    let batch_size = if quick { 4 } else { 64 };
    println!("ballistic demo: Bulletproofs, Bulletproofs+ and Bulletproofs++ range proofs");
    println!("median of {reps} runs; times in milliseconds (verify includes decoding)");
    table::<Ristretto255>(
        reps,
        &[(8, 1), (16, 1), (32, 1), (64, 1), (64, 2), (64, 4), (64, 8), (64, 16), (64, 32), (33, 3), (1, 1)],
    )?;
    batch::<Ristretto255>(batch_size)?;
    table::<Secp256k1>(reps, &[(8, 1), (64, 1), (64, 8), (33, 3)])?;
    batch::<Secp256k1>(batch_size)?;
    circuits(quick)?;
    merkle::<Ristretto255>(if quick { 1_000 } else { 100_000 })?;
    println!("\nall proofs verified; tampered copies were rejected");
    Ok(())
}

/// Circuit proofs: a k-shuffle gadget (second-phase challenges) on both
/// groups, and the shared SHA-256 preimage circuit when `../shared` is
/// beside the repository (skipped with `--quick`).
fn circuits(quick: bool) -> Result<(), String> {
    println!("\n## circuits (R1CS)\n");
    println!("| statement | group | gates | bytes | prove | verify |");
    println!("|---|---|---:|---:|---:|---:|");
    shuffle::<Ristretto255>()?;
    shuffle::<Secp256k1>()?;
    if quick {
        return Ok(());
    }
    let name = "sha_256_preimage";
    let candidates = [
        std::path::PathBuf::from("../shared/circuits/ristretto255").join(name),
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/circuits/ristretto255").join(name),
    ];
    let Some(dir) = candidates.iter().find(|d| d.join(format!("{name}.arith")).exists()) else {
        println!("(the SHA-256 preimage circuit is in ../shared/circuits; not found here, skipped)");
        return Ok(());
    };
    let circuit =
        ballistic::circuit::Circuit::from_path(&dir.join(format!("{name}.arith"))).map_err(|e| e.to_string())?;
    let text = std::fs::read(dir.join(format!("{name}.in"))).map_err(|e| e.to_string())?;
    type S = <Ristretto255 as Group>::Scalar;
    let inputs = circuit.read_inputs::<S, _>(text.as_slice()).map_err(|e| e.to_string())?;
    let prepared =
        ballistic::circuit::PreparedCircuit::<Ristretto255>::new(circuit.clone()).map_err(|e| e.to_string())?;
    let gates = prepared.metrics().multipliers;
    let gens = GeneratorStore::from_env().generators::<Ristretto255>(prepared.padded_multipliers(), 1);
    let t = Instant::now();
    let (proof, public) =
        circuit.prove(&gens, Transcript::new(b"demo"), &inputs, &mut OsRng).map_err(|e| e.to_string())?;
    let prove = t.elapsed();
    let t = Instant::now();
    circuit.verify(&gens, Transcript::new(b"demo"), &public, &proof, &mut OsRng).map_err(|e| e.to_string())?;
    let verify = t.elapsed();
    let mut wrong = public.clone();
    wrong.outputs[0].1 += S::one();
    if circuit.verify(&gens, Transcript::new(b"demo"), &wrong, &proof, &mut OsRng).is_ok() {
        return Err("a SHA-256 proof verified for a wrong digest".into());
    }
    println!(
        "| SHA-256 preimage (`{name}.arith`) | {} | {gates} | {} | {} | {} |",
        Ristretto255::NAME,
        proof.to_bytes().len(),
        ms(prove),
        ms(verify)
    );
    Ok(())
}

/// Zero-knowledge membership of a committed leaf in a tree of depth 32
/// holding `leaves` random leaves.
fn merkle<G: ballistic::hazmat::WithEmbeddedCurve>(leaves: usize) -> Result<(), String> {
    use ballistic::merkle::{self, MerkleParams, MerkleTree};
    let depth = 32;
    println!("\n## Merkle membership (Pedersen hash over the embedded curve), {}\n", G::NAME);
    let params = MerkleParams::<G>::new(depth).map_err(|e| e.to_string())?;
    let values: Vec<G::Scalar> = (0..leaves).map(|_| <G::Scalar as ScalarOps>::random(&mut OsRng)).collect();
    let t = Instant::now();
    let tree = MerkleTree::new(&params, values).map_err(|e| e.to_string())?;
    let build = t.elapsed();
    let index = OsRng.next_u64() % leaves as u64;
    let path = tree.path(&params, index).map_err(|e| e.to_string())?;
    let leaf = tree.leaves()[index as usize];
    // From the generator store (docs/circuits.md): derived and written on
    // the first run, read back after.
    let t = Instant::now();
    let (vector, status) = GeneratorStore::from_env().vector::<G>(params.generators_needed());
    let gens = Generators::from_parts(PedersenGens::default(), vector);
    let setup = t.elapsed();
    let source = match status {
        StoreStatus::Loaded => "read from the generator store",
        StoreStatus::Built { .. } => "derived, then written to the generator store",
        StoreStatus::Derived { .. } => "derived (generator store off)",
    };
    let blinding = <G::Scalar as ScalarOps>::random(&mut OsRng);
    let root = tree.root();
    let t = Instant::now();
    let (proof, v) = merkle::prove_membership(
        &gens,
        &params,
        Transcript::new(b"demo merkle"),
        &root,
        &leaf,
        &blinding,
        &path,
        &mut OsRng,
    )
    .map_err(|e| e.to_string())?;
    let prove = t.elapsed();
    let verify_with = |root: &G::Scalar, proof: &merkle::MembershipProof<G>| {
        merkle::PreparedMembership::new(&params)?.verify(
            &gens,
            Transcript::new(b"demo merkle"),
            root,
            &v,
            proof,
            &mut OsRng,
        )
    };
    let t = Instant::now();
    verify_with(&root, &proof).map_err(|e| format!("membership proof failed to verify: {e}"))?;
    let verify = t.elapsed();
    if verify_with(&(root + G::Scalar::one()), &proof).is_ok() {
        return Err("a membership proof verified for another root".into());
    }
    let mut bytes = proof.to_bytes();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    if merkle::MembershipProof::<G>::from_bytes(&bytes).is_ok_and(|p| verify_with(&root, &p).is_ok()) {
        return Err("a tampered membership proof was accepted".into());
    }
    println!("| depth | leaves | gates (padded) | proof bytes | build tree | generators | prove | verify |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {depth} | {leaves} | {} ({}) | {} | {} | {} | {} | {} |",
        params.gates(),
        params.generators_needed(),
        proof.to_bytes().len(),
        ms(build),
        ms(setup),
        ms(prove),
        ms(verify)
    );
    println!("\nGenerators {source}.");
    Ok(())
}

/// Prove that 16 committed values are a permutation of 16 others.
fn shuffle<G: Group>() -> Result<(), String> {
    use ballistic::circuit::gadgets::shuffle;
    use ballistic::circuit::{Prover, Verifier};
    let gens = Generators::<G>::new(32, 1);
    let input: Vec<u64> = (0..16).map(|_| OsRng.next_u64()).collect();
    let mut output = input.clone();
    output.rotate_left(5);
    output.swap(0, 9);
    let t = Instant::now();
    let mut prover = Prover::<G>::new(&gens, Transcript::new(b"demo shuffle"));
    let mut commit = |v: &u64| prover.commit(G::Scalar::from_u64(*v), <G::Scalar as ScalarOps>::random(&mut OsRng));
    let (cx, vx): (Vec<_>, Vec<_>) = input.iter().map(&mut commit).unzip();
    let (cy, vy): (Vec<_>, Vec<_>) = output.iter().map(&mut commit).unzip();
    shuffle(&mut prover, vx, vy).map_err(|e| e.to_string())?;
    let proof = prover.prove().map_err(|e| e.to_string())?;
    let prove = t.elapsed();
    let verify_with = |cy: &[G::Compressed]| -> Result<(), ballistic::ProofError> {
        let mut verifier = Verifier::<G>::new(Transcript::new(b"demo shuffle"));
        let vx = cx.iter().map(|c| verifier.commit(*c)).collect();
        let vy = cy.iter().map(|c| verifier.commit(*c)).collect();
        shuffle(&mut verifier, vx, vy)?;
        verifier.verify(&gens, &proof)
    };
    let t = Instant::now();
    verify_with(&cy).map_err(|e| format!("shuffle proof failed to verify: {e}"))?;
    let verify = t.elapsed();
    let mut other = cy.clone();
    other.swap(0, 1);
    if verify_with(&other).is_ok() {
        return Err("a shuffle proof verified for other commitments".into());
    }
    println!(
        "| 16-shuffle (gadget, 2 phases) | {} | 30 | {} | {} | {} |",
        G::NAME,
        proof.to_bytes().len(),
        ms(prove),
        ms(verify)
    );
    Ok(())
}

/// Sizes and timings of every system for each shape on group `G`.
fn table<G: Group>(reps: usize, shapes: &[(usize, usize)]) -> Result<(), String> {
    println!("\n## {} ({}-byte points)\n", G::NAME, G::POINT_LEN);
    let mut header = String::from("| bits n | values m |");
    let mut rule = String::from("|-------:|---------:|");
    for system in RangeSystem::ALL {
        let short = short_name(system);
        header.push_str(&format!(" {short} bytes | {short} prove | {short} verify |"));
        rule.push_str("---:|---:|---:|");
    }
    println!("{header}\n{rule}");
    for &(n, m) in shapes {
        let shape = RangeShape::new(n, m).map_err(|e| e.to_string())?;
        let gens = generators::<G>(n, m)?;
        let max = shape.max_value();
        let values: Vec<u64> = (0..m).map(|_| OsRng.next_u64() & max).collect();
        let blindings: Vec<G::Scalar> = (0..m).map(|_| <G::Scalar as ScalarOps>::random(&mut OsRng)).collect();
        let mut row = format!("| {n:>6} | {m:>8} |");
        for system in RangeSystem::ALL {
            let failed =
                |e: ballistic::ProofError| format!("demo {} proof n={n} m={m} failed to verify: {e}", system.name());
            let (size, prove, verify) = measure::<G, AnyRangeProof<G>>(
                reps,
                || system.prove(&gens, &mut Transcript::new(b"demo"), &values, &blindings, n, &mut OsRng),
                |p| p.to_bytes(),
                |bytes, commitments| {
                    let proof = system.decode::<G>(bytes, n, m).map_err(failed)?;
                    let statement = RangeStatement::new(n, commitments).map_err(failed)?;
                    ballistic::verify_dyn(&gens, &proof, &statement, &mut Transcript::new(b"demo"), &mut OsRng)
                        .map_err(failed)
                },
            )?;
            row.push_str(&format!(" {size} | {} | {} |", ms(prove), ms(verify)));
        }
        println!("{row}");
    }
    Ok(())
}

/// The demo's column names.
fn short_name(system: RangeSystem) -> &'static str {
    match system {
        RangeSystem::Bulletproofs => "BP",
        RangeSystem::BulletproofsPlus => "BP+",
        RangeSystem::BulletproofsPlusPlus => "BP++",
    }
}

/// Batch-verify `count` 64-bit proofs of every system, mixed in one batch,
/// then the same batch with one proof under a wrong label, and show that the
/// batch names it.
fn batch<G: Group>(count: usize) -> Result<(), String> {
    let gens = generators::<G>(64, 1)?;
    let mut proofs = Vec::with_capacity(count);
    for (i, system) in RangeSystem::ALL.into_iter().cycle().take(count).enumerate() {
        let blinding = <G::Scalar as ScalarOps>::random(&mut OsRng);
        let (p, v) = system
            .prove(&gens, &mut Transcript::new(b"demo"), &[OsRng.next_u64()], &[blinding], 64, &mut OsRng)
            .map_err(|e| format!("proof #{i}: {e}"))?;
        proofs.push((p, v));
    }
    let statements = proofs
        .iter()
        .map(|(_, v)| RangeStatement::new(64, v))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let items = |label_of_bad: &'static [u8]| -> Vec<Item<'_, G, AnyRangeProof<G>>> {
        proofs
            .iter()
            .zip(&statements)
            .enumerate()
            .map(|(i, ((p, _), statement))| {
                Item::new(p, statement, Transcript::new(if i == count / 2 { label_of_bad } else { b"demo" }))
            })
            .collect()
    };
    fn claims<'a, G: Group>(items: &'a [Item<'a, G, AnyRangeProof<G>>]) -> Vec<&'a dyn Claim<G>> {
        items.iter().map(|i| i as &dyn Claim<G>).collect()
    }
    let good = items(b"demo");
    let t = Instant::now();
    batch::verify(&gens, &claims(&good), &mut OsRng).map_err(|e| e.to_string())?;
    let per_proof = t.elapsed() / count as u32;
    println!(
        "\nbatch of {count} 64-bit proofs on {} (BP, BP+ and BP++ in turn, one multiscalar multiplication): {} ms per proof",
        G::NAME,
        ms(per_proof)
    );
    let bad = items(b"tampered");
    match batch::verify(&gens, &claims(&bad), &mut OsRng) {
        Err(e) if e.indices() == vec![count / 2] => println!(
            "the same batch with proof #{} ({}) under a wrong label: rejected, #{} named",
            count / 2,
            proofs.get(count / 2).map_or("?", |(p, _)| p.system().name()),
            count / 2
        ),
        other => return Err(format!("batch blame failed: {other:?}")),
    }
    Ok(())
}
