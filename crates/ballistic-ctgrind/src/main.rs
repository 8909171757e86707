//! The constant-time check's driver: run the range provers (Bulletproofs,
//! Bulletproofs, Bulletproofs+ and Bulletproofs++ with and without owner recovery, on
//! Ristretto255, secp256k1 and Ed25519; the multi-asset provers; Monero's Bulletproofs+ and Bulletproofs), the MPC parties and the
//! R1CS prover (an `.arith` circuit with every gate kind, evaluated from a
//! secret witness; gadgets on secret commitments and a secret vector
//! commitment; the Pedersen-hash, fixed-base
//! and Merkle-membership gadgets on secret inputs; Curve Trees'
//! select-and-rerandomize on a secret node and re-randomizer) with every secret
//! input (values, blindings, and the prover's own randomness) marked undefined for valgrind's memcheck.
//! Any branch or memory index that depends on a secret before it is
//! declassified (see `ballistic::ct`) is reported as a use of uninitialised
//! memory. Run through `scripts/ctgrind`; meaningless without valgrind and
//! the `ctgrind` feature.

use ballistic::group::{Group, ScalarOps};
use ballistic::hazmat::{classify, declassify};
use ballistic::merlin::Transcript;
use ballistic::RangeProofSystem;
use ballistic::{
    Generators, ProofError, RangeProof, RangeProofPlus, RangeProofPlusPlus, RangeSystem, Ristretto255, Secp256k1,
    Secq256k1,
};
use rand_core::{CryptoRng, RngCore, SeedableRng};

/// The prover's randomness (α, ρ, 𝐬_L, 𝐬_R, τ₁, τ₂) is secret too: this
/// RNG marks everything it outputs undefined.
struct SecretRng(rand_chacha::ChaCha20Rng);

impl RngCore for SecretRng {
    fn next_u32(&mut self) -> u32 {
        let v = self.0.next_u32();
        classify(&v);
        v
    }
    fn next_u64(&mut self) -> u64 {
        let v = self.0.next_u64();
        classify(&v);
        v
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.fill_bytes(dest);
        classify(dest);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl CryptoRng for SecretRng {}

/// Prints `{label}: {done}` for a section that passed, or `{label}:
/// {error}` and exits with failure.
fn report<E: std::fmt::Display>(label: &str, done: &str, result: Result<(), E>) {
    match result {
        Ok(()) => println!("{label}: {done}"),
        Err(e) => {
            println!("{label}: {e}");
            std::process::exit(1);
        }
    }
}

fn main() {
    // `ctgrind embedded` runs only the embedded-curve section (quicker
    // iteration under valgrind); no argument runs everything.
    if std::env::args().nth(1).as_deref() == Some("embedded") {
        embedded::<Ristretto255>();
        embedded::<Secp256k1>();
        return;
    }
    // `ctgrind curve_tree`: one Curve Trees level on each half of the cycle.
    if std::env::args().nth(1).as_deref() == Some("curve_tree") {
        curve_tree::<Secp256k1>();
        curve_tree::<Secq256k1>();
        curve_tree_statements();
        return;
    }
    // `ctgrind recovery`: only the owner-recovery provers (Bulletproofs and
    // Bulletproofs+, every group).
    if std::env::args().nth(1).as_deref() == Some("recovery") {
        recoverable::<Ristretto255>(&Generators::new(16, 2));
        recoverable::<Secp256k1>(&Generators::new(16, 2));
        recoverable::<ballistic::Ed25519>(&Generators::new(16, 2));
        return;
    }
    // `ctgrind grin` runs only Grin's prover and rewind.
    if std::env::args().nth(1).as_deref() == Some("grin") {
        grin();
        return;
    }
    // `ctgrind assets`: only the multi-asset provers.
    if std::env::args().nth(1).as_deref() == Some("assets") {
        assets::<Ristretto255>();
        assets::<Secp256k1>();
        return;
    }
    // `ctgrind ed25519`: only the Ed25519 provers (generic and Monero's).
    if std::env::args().nth(1).as_deref() == Some("ed25519") {
        run::<ballistic::Ed25519>();
        monero();
        return;
    }
    // `ctgrind secq256k1`: the provers on secq256k1 (Curve Trees' second
    // group; its field and point arithmetic are ballistic's own).
    if std::env::args().nth(1).as_deref() == Some("secq256k1") {
        parse::<Secq256k1>();
        run::<Secq256k1>();
        r1cs::<Secq256k1>();
        embedded::<Secq256k1>();
        return;
    }
    // `ctgrind half1` and `ctgrind half2` split everything below in two
    // (scripts/ctgrind runs them side by side on two cores); no argument
    // runs both halves in one process.
    // The halves take about as long under valgrind (release build,
    // 2026-12-01: 197 and 208 s). The longest parts: the Curve Trees
    // statements (about 100 s), each embedded section (50 to 65 s),
    // Monero's provers (25 s, their generator derivation is the prover's)
    // and each Curve Trees level (17 to 26 s).
    let half = std::env::args().nth(1);
    if half.as_deref() != Some("half2") {
        parse::<Ristretto255>();
        parse::<Secp256k1>();
        run::<Ristretto255>();
        assets::<Ristretto255>();
        mpc::<Ristretto255>();
        embedded::<Ristretto255>();
        parse::<Secq256k1>();
        run::<Secq256k1>();
    }
    if half.as_deref() != Some("half1") {
        run::<Secp256k1>();
        run::<ballistic::Ed25519>();
        assets::<Secp256k1>();
        mpc::<Secp256k1>();
        monero();
        r1cs::<Ristretto255>();
        r1cs::<Secp256k1>();
        embedded::<Secp256k1>();
        r1cs::<Secq256k1>();
        embedded::<Secq256k1>();
        curve_tree::<Secp256k1>();
        curve_tree::<Secq256k1>();
        grin();
    }
    if half.as_deref() != Some("half2") {
        curve_tree_statements();
    }
}

/// Grin's Bulletproofs (`ballistic::compat::grin`): the deterministic prover
/// with secret values, blindings, both nonces and the message (one 64-bit
/// value with a message and a minimum, and an aggregate of four 16-bit
/// values), then rewinding with the secret nonce.
fn grin() {
    use ballistic::compat::grin::{GrinNonces, GrinOpening, GrinProof, GrinProveOptions, GrinStatement};
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
    for (n, values, mins) in
        [(64usize, vec![0x0123_4567_89ab_cdefu64], Some(vec![1000u64])), (16, vec![1, 2, 3, 65535], None)]
    {
        let openings: Vec<GrinOpening> = values
            .iter()
            .map(|&value| GrinOpening { value, blinding: <Secp256k1 as Group>::Scalar::random(&mut rng) })
            .collect();
        let nonces = GrinNonces { rewind: [0x11; 32], private: [0x11; 32] };
        let message = [0x42u8; 20];
        for o in &openings {
            classify(&o.value);
            classify(&o.blinding);
        }
        classify(&nonces.rewind[..]);
        classify(&nonces.private[..]);
        classify(&message[..]);
        let options = GrinProveOptions {
            n_bits: n,
            value_gen: None,
            min_values: mins.as_deref(),
            extra_commit: Some(b"ctgrind"),
            message: (values.len() == 1).then_some(message),
        };
        let result = GrinProof::prove(&openings, &nonces, &options);
        for o in &openings {
            declassify(&o.value);
            declassify(&o.blinding);
        }
        declassify(&nonces.private[..]);
        declassify(&message[..]);
        let verified = result.and_then(|(proof, v)| {
            let statement = GrinStatement::new(n, v.clone(), None, mins.clone(), Some(b"ctgrind".to_vec()))?;
            proof.verify(&statement, &mut rng)?;
            Ok((proof, v))
        });
        match verified {
            Ok((proof, v)) => {
                println!("secp256k1 grin n={n} m={}: proved, verifies", values.len());
                if values.len() == 1 {
                    // Rewinding handles the secret nonce (still classified).
                    let min = mins.as_ref().map_or(0, |m| m[0]);
                    let rewound = proof.rewind(&v[0], None, min, Some(b"ctgrind"), &nonces.rewind);
                    declassify(&nonces.rewind[..]);
                    match rewound {
                        Ok(r) => {
                            declassify(&r.value);
                            declassify(&r.message[..]);
                            declassify(&r.blinding);
                            assert_eq!(r.value, values[0]);
                            println!("secp256k1 grin rewind: recovers the value, message and blinding");
                        }
                        Err(e) => {
                            println!("secp256k1 grin rewind: {e}");
                            std::process::exit(1);
                        }
                    }
                }
            }
            Err(e) => {
                println!("secp256k1 grin n={n}: {e}");
                std::process::exit(1);
            }
        }
    }
}

/// The embedded-curve provers: a Pedersen-hash preimage (secret message
/// bits) with a fixed-base multiplication by a secret scalar, and Merkle
/// membership (secret leaf, blinding, siblings and position). The tree and
/// the path are read before the secrets are marked (`MerkleTree::path`
/// indexes memory by the position; see `ballistic::merkle`).
fn embedded<G: ballistic::hazmat::WithEmbeddedCurve>() {
    use ballistic::circuit::gadgets;
    use ballistic::circuit::Prover;
    use ballistic::hazmat::PedersenHash;
    use ballistic::merkle::{prove_membership, MerkleParams, MerkleTree};

    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(21));
    // One set of generators for both proofs: the membership circuit of
    // depth 1 needs 2,048. Their derivation (hash to curve, public) took a
    // sixth (Ristretto255) to a third (secp256k1) of this section under
    // valgrind; the provers treat the generators as public data whatever
    // they are, so cheap distinct points stand in: multiples of the base
    // point, by repeated addition.
    let mparams = MerkleParams::<G>::new(1).expect("parameters");
    let gens = cheap_generators::<G>(mparams.generators_needed());
    let params = PedersenHash::<G::Curve>::new(b"ctgrind", 96).expect("parameters");
    let message: Vec<bool> = (0..96).map(|i| (i * 5 + 1) % 7 < 3).collect();
    let out = params.hash_vartime(&message).expect("hash");
    let base = gadgets::FixedBase::<G::Curve>::new(&ballistic::hazmat::hash_to_curve::<G::Curve>(b"G"), 32, 2)
        .expect("tables");
    let mut bits: Vec<G::Scalar> = message.iter().map(|b| G::Scalar::from_u64(u64::from(*b))).collect();
    classify(&bits[..]);
    let mut prover = Prover::<G>::new(&gens, Transcript::new(b"ctgrind pedersen"));
    let preimage = gadgets::pedersen_hash_bits(&mut prover, &params, Some(&bits)).and_then(|(msg_bits, h)| {
        h.constrain_equal(&mut prover, &out);
        let scalar = &msg_bits[..32];
        gadgets::fixed_base_mul(&mut prover, &base, scalar, Some(&bits[..32]))?;
        prover.prove_with_rng(&mut secret_rng)
    });
    declassify(&bits[..]);
    bits.clear();

    let leaves: Vec<G::Scalar> = (0..2).map(|_| <G::Scalar as ScalarOps>::random(&mut secret_rng.0)).collect();
    let tree = MerkleTree::new(&mparams, leaves.clone()).expect("tree");
    let path = tree.path(&mparams, 1).expect("path");
    let root = tree.root();
    let leaf = leaves[1];
    let blinding = <G::Scalar as ScalarOps>::random(&mut secret_rng.0);
    classify(&leaf);
    classify(&blinding);
    classify(&path.index);
    classify(&path.siblings[..]);
    let membership = prove_membership(
        &gens,
        &mparams,
        Transcript::new(b"ctgrind merkle"),
        &root,
        &leaf,
        &blinding,
        &path,
        &mut secret_rng,
    );
    declassify(&leaf);
    declassify(&blinding);
    declassify(&path.index);
    declassify(&path.siblings[..]);
    for (what, result) in
        [("Pedersen preimage + fixed-base", preimage.map(|_| ())), ("Merkle membership", membership.map(|_| ()))]
    {
        report(&format!("{} {what}", G::NAME), "proved", result);
    }
}

/// Curve Trees' select-and-rerandomize, one level: the node's children
/// (which node it is, is secret) in a vector commitment with a secret
/// blinding, and the secret re-randomizer `r` of the selected child.
fn curve_tree<G: ballistic::hazmat::WithEmbeddedCurve>() {
    use ballistic::circuit::{gadgets, LinearCombination, Prover};
    use ballistic::hazmat::{hash_to_curve, EmbeddedCurve};

    let k = <G::Curve as EmbeddedCurve>::coefficients();
    let h = hash_to_curve::<G::Curve>(b"ctgrind H");
    let delta = hash_to_curve::<G::Curve>(b"ctgrind delta");
    let params = gadgets::Rerandomization::<G::Curve>::new(&h, &delta).expect("parameters");
    let children: Vec<_> = (0..4u8).map(|i| hash_to_curve::<G::Curve>(&[b'c', i])).collect();
    let xs: Vec<G::Scalar> = children.iter().map(|c| c.add_vartime(&delta, &k).x).collect();
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(23));
    let mut r = [0u8; 32];
    secret_rng.0.fill_bytes(&mut r);
    // The public output, computed before the secrets are marked.
    let c_hat = children[2].add_vartime(&h.mul_vartime(&r, &k), &k);
    let gens = cheap_generators::<G>(1024);
    let blinding = <G::Scalar as ScalarOps>::random(&mut secret_rng.0);
    classify(&xs[..]);
    classify(&r[..]);
    classify(&blinding);
    let prove = || -> Result<(), ProofError> {
        let mut prover = Prover::<G>::new(&gens, Transcript::new(b"ctgrind curve tree"));
        let (_, vars) = prover.commit_vec(&xs, blinding)?;
        let lcs: Vec<LinearCombination<G::Scalar>> = vars.into_iter().map(LinearCombination::from).collect();
        gadgets::select_and_rerandomize(&mut prover, &params, &lcs, &c_hat, Some(&r))?;
        prover.prove_with_rng(&mut SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(24))).map(|_| ())
    };
    let result = prove();
    declassify(&xs[..]);
    declassify(&r[..]);
    declassify(&blinding);
    report(&format!("{} curve-tree level", G::NAME), "proved", result);
}

/// Curve Trees' statements on a depth-1 tree: key ownership (secret key,
/// leaf and node) and membership of a committed value (secret value and
/// blinding). The paths are looked up before the secrets are marked (the
/// lookup indexes memory by the position; see `ballistic::curve_tree`).
fn curve_tree_statements() {
    use ballistic::curve_tree::membership::{self, ValueTree};
    use ballistic::curve_tree::ownership::{self, Scope};
    use ballistic::curve_tree::{CurveTree, LevelXs, TreeParams};

    let gens = || (cheap_generators::<Secp256k1>(1024), cheap_generators::<Secq256k1>(1024));
    let (a, b) = gens();
    let params = TreeParams::<Secp256k1>::new(&[4], a, b).expect("parameters");
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(25));
    let keys: Vec<<Secp256k1 as Group>::Scalar> =
        (0..3).map(|_| <<Secp256k1 as Group>::Scalar as ScalarOps>::random(&mut secret_rng.0)).collect();
    let base = params.leaf_gens().pedersen().b;
    let tree = CurveTree::new(&params, keys.iter().map(|x| Secp256k1::mul_ct(&base, x)).collect()).expect("tree");
    let path = tree.path(&params, 2).expect("path");
    let x = keys[2];
    classify(&x);
    classify(&path.leaf);
    for level in &path.levels {
        match &level.xs {
            LevelXs::Leaf(xs) => classify(&xs[..]),
            LevelXs::Other(xs) => classify(&xs[..]),
        }
    }
    let scope = Scope { context: b"ctgrind", message: b"ctgrind" };
    let owned =
        ownership::prove(&params, &mut Transcript::new(b"ctgrind"), &tree.root(), &path, &x, &scope, &mut secret_rng);
    declassify(&x);
    declassify(&path.leaf);

    let values: Vec<<Secp256k1 as Group>::Scalar> = (1..=6).map(<Secp256k1 as Group>::Scalar::from_u64).collect();
    let vtree = ValueTree::new(&params, 2, values.clone()).expect("value tree");
    let vpath = vtree.path(&params, 5).expect("path");
    let (value, blinding) = (values[5], <<Secp256k1 as Group>::Scalar as ScalarOps>::random(&mut secret_rng.0));
    classify(&value);
    classify(&blinding);
    let member = membership::prove(
        &params,
        &mut Transcript::new(b"ctgrind"),
        &vtree.root(),
        &vpath,
        (&value, &blinding),
        &mut secret_rng,
    );
    declassify(&value);
    declassify(&blinding);
    // The file layer: the secret key read from its file's text, looked up
    // among the tree's keys and proved with (`ballistic tree prove`).
    let file_keys: String = keys
        .iter()
        .map(|x| {
            let key = Secp256k1::mul_ct(&Secp256k1::basepoint(), x);
            ballistic::hazmat::to_hex(Secp256k1::compressed_bytes(&Secp256k1::compress(&key))) + "\n"
        })
        .collect();
    let store = ballistic::file::GeneratorStore::disabled();
    let key_tree = ballistic::file::KeyTreeFile::build_from_lines(&store, Some(&[4]), file_keys.as_bytes())
        .and_then(|f| f.tree(&store))
        .expect("key tree");
    let mut be = ScalarOps::to_bytes(&keys[1]);
    be.reverse();
    let mut key_text = ballistic::hazmat::to_hex(&be) + "\n";
    classify(key_text.as_bytes());
    let filed = ballistic::file::parse_secret_key(key_text.as_bytes()).and_then(|key| {
        ballistic::file::OwnershipProofFile::prove_in(&key_tree, &key, "ctgrind", "ctgrind", &mut secret_rng)
    });
    declassify(key_text.as_bytes());
    zeroize::Zeroize::zeroize(&mut key_text);
    for (what, result) in [
        ("key ownership", owned.map(|_| ())),
        ("value membership", member.map(|_| ())),
        (
            "key ownership from files",
            filed.map(|_| ()).map_err(|e| ballistic::ProofError::Gadget { message: e.to_string() }),
        ),
    ] {
        report(&format!("secp256k1 curve-tree {what}"), "proved", result);
    }
}

/// `n` vector generators per chain (one chain of `G`s, one of `H`s), as
/// `Generators::new(n, 1)` gives but without its hash to curve: the points
/// `B·1, B·2, …, B·2n` (distinct, none the identity). For provers only (a
/// prover's timing does not depend on which public points it is given;
/// their discrete logarithms are known, so no soundness here).
fn cheap_generators<G: Group>(n: usize) -> Generators<G> {
    let b = G::basepoint();
    let mut p = G::identity();
    let mut next = || {
        p += b;
        p
    };
    let g: Vec<G::Point> = (0..n).map(|_| next()).collect();
    let h: Vec<G::Point> = (0..n).map(|_| next()).collect();
    let vector = ballistic::BulletproofGens::from_chains(vec![g], vec![h]).expect("chains of equal length");
    Generators::from_parts(ballistic::PedersenGens::default(), vector)
}

/// Secret text: the raw characters of blindings (as `ballistic range
/// prove --blinding` / `--blindings-file` and `mpc party` read them) are
/// marked undefined before parsing, so a branch or table lookup on a digit
/// (or on a leading zero) fails the run. (`.in` witness values: see
/// [`r1cs`].)
fn parse<G: Group>() {
    use ballistic::file::{parse_blinding, parse_blinding_lines};
    let blinding = format!("{:0<62}09", "af3c");
    let lines = format!("{blinding}\n{:0>64}\r\n\n", "1");
    classify(blinding.as_bytes());
    let one = parse_blinding::<G>(0, &blinding);
    // The file form: only where lines end is public.
    let (first, second) = lines.split_at(65);
    // The digits of both lines (not the line ends).
    classify(&first.as_bytes()[..64]);
    classify(&second.as_bytes()[..64]);
    let many = parse_blinding_lines::<G>(lines.as_bytes());
    declassify(blinding.as_bytes());
    declassify(lines.as_bytes());
    let ok = match (&one, &many) {
        (Ok(b), Ok(v)) => {
            declassify(b);
            declassify(&v[..]);
            v.len() == 2 && v.first() == Some(b)
        }
        _ => false,
    };
    if !ok {
        println!("{} blinding parsing: failed", G::NAME);
        std::process::exit(1);
    }
    println!("{} blinding parsing: constant time", G::NAME);
}

/// The R1CS prover: an `.arith` circuit using every gate kind, its witness
/// inputs secret (evaluation included); and the range and shuffle gadgets
/// over secret committed values.
fn r1cs<G: Group>() {
    use ballistic::circuit::gadgets::{range, shuffle};
    use ballistic::circuit::Circuit;
    use ballistic::circuit::{ConstraintSystem, Prover};
    let circuit = Circuit::parse(
        &b"total 20\ninput 0\nnizkinput 1\nnizkinput 2\nsplit in 1 <1> out 4 <3 4 5 6>\n\
        xor in 2 <3 4> out 1 <7>\nor in 2 <5 6> out 1 <8>\npack in 4 <3 4 5 6> out 1 <9>\n\
        const-mul-neg-2 in 1 <9> out 1 <10>\nadd in 3 <10 9 2> out 1 <11>\nzerop in 1 <2> out 2 <12 13>\n\
        zerop in 1 <7> out 2 <14 15>\nmul in 2 <11 13> out 1 <16>\nassert in 2 <9 0> out 1 <9>\n\
        output 16\noutput 15\n"[..],
    )
    .expect("circuit");
    let gens = Generators::<G>::new(64, 1);
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(5));
    // The `.in` file's raw text: the witness values' digits are secret
    // before parsing (one with leading zeros, one of 64 digits).
    let text = format!("0 1\n1 000b # witness\n2 {:0>64}\n", "6");
    let (w1, w2) = (text.find("000b").expect("w1"), text.rfind(' ').expect("w2") + 1);
    classify(&text.as_bytes()[w1..w1 + 4]);
    classify(&text.as_bytes()[w2..w2 + 64]);
    let inputs = circuit.read_inputs::<G::Scalar, _>(text.as_bytes()).expect("inputs");
    declassify(text.as_bytes());
    // Only the witness inputs are secret (wire 0 is the public one-wire).
    classify(inputs.as_slice());
    let proved = circuit.prove(&gens, Transcript::new(b"ctgrind r1cs"), &inputs, &mut secret_rng);
    declassify(inputs.as_slice());
    let arith = proved.and_then(|(proof, public)| {
        circuit.verify(&gens, Transcript::new(b"ctgrind r1cs"), &public, &proof, &mut secret_rng.0)
    });

    let values = [0xbeefu64, 7, 0x1234];
    let blindings: Vec<G::Scalar> = (0..7).map(|_| <G::Scalar as ScalarOps>::random(&mut secret_rng.0)).collect();
    classify(&values[..]);
    classify(&blindings[..]);
    let mut prover = Prover::<G>::new(&gens, Transcript::new(b"ctgrind gadgets"));
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    let mut commitments = Vec::new();
    for (j, v) in values.iter().enumerate() {
        let (c, var) = prover.commit(G::Scalar::from_u64(*v), blindings[j]);
        commitments.push(c);
        xs.push(var);
        let _ = range(&mut prover, var.into(), Some(*v), 16);
    }
    for (j, v) in values.iter().rev().enumerate() {
        let (c, var) = prover.commit(G::Scalar::from_u64(*v), blindings[3 + j]);
        commitments.push(c);
        ys.push(var);
    }
    // The values again in one vector commitment (Generalized
    // Bulletproofs), tied to the committed ones.
    let entries: Vec<G::Scalar> = values.iter().map(|v| G::Scalar::from_u64(*v)).collect();
    let vectors = prover.commit_vec(&entries, blindings[6]).map(|(_, vars)| {
        for (entry, x) in vars.iter().zip(&xs) {
            prover.constrain(entry.minus(*x));
        }
    });
    let gadgets =
        vectors.and_then(|()| shuffle(&mut prover, xs, ys)).and_then(|()| prover.prove_with_rng(&mut secret_rng));
    declassify(&values[..]);
    declassify(&blindings[..]);
    for (what, result) in
        [("arith circuit", arith.map(|_| ())), ("range + shuffle gadgets, vector commitment", gadgets.map(|_| ()))]
    {
        report(&format!("{} r1cs {what}", G::NAME), "proved", result);
    }
}

/// Two MPC parties (their values, blindings and RNG output secret) and a
/// dealer (public data only).
fn mpc<G: Group>() {
    use ballistic::range::mpc::{Dealer, Party};
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(4));
    let gens = Generators::<G>::new(16, 2);
    let values = [0x5a5au64, 0x0ff0];
    let blindings: Vec<G::Scalar> = (0..2).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
    classify(&values[..]);
    classify(&blindings[..]);
    let mut t = Transcript::new(b"ctgrind mpc");
    let result = (|| {
        let dealer = Dealer::new(&gens, &mut t, 16, 2)?;
        let mut parties = Vec::new();
        let mut bits = Vec::new();
        for (j, (v, g)) in values.iter().zip(&blindings).enumerate() {
            let (p, c) = Party::new(&gens, *v, *g, 16)?.assign_position_with_rng(j, &mut secret_rng)?;
            parties.push(p);
            bits.push(c);
        }
        let (dealer, y_z) = dealer.receive_bit_commitments(bits)?;
        let mut next = Vec::new();
        let mut polys = Vec::new();
        for p in parties {
            let (p, c) = p.apply_challenge_with_rng(&y_z, &mut secret_rng)?;
            next.push(p);
            polys.push(c);
        }
        let (dealer, x) = dealer.receive_poly_commitments(polys)?;
        let shares = next.into_iter().map(|p| p.apply_challenge(&x)).collect::<Result<Vec<_>, _>>()?;
        dealer.receive_shares(shares)
    })();
    declassify(&values[..]);
    declassify(&blindings[..]);
    match result.map_err(|e| e.to_string()).and_then(|(proof, c)| {
        proof.verify_multiple(&gens, &mut Transcript::new(b"ctgrind mpc"), &c, 16).map_err(|e| e.to_string())
    }) {
        Ok(()) => println!("{} mpc 2 parties: proved, verifies", G::NAME),
        Err(e) => {
            println!("{} mpc: {e}", G::NAME);
            std::process::exit(1);
        }
    }
}

/// Monero's Bulletproofs+ and original Bulletproofs provers: amounts, masks and the prover's
/// randomness secret. The generators are derived (public) first.
fn monero() {
    use ballistic::compat::monero::{original_generators, plus_generators, MoneroOriginalProof, MoneroPlusProof};
    let _ = plus_generators();
    let _ = original_generators();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(31);
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(32));
    // Three amounts (padded to four: secret and public entries side by
    // side); one amount is the same code with m = 1 (dropped: about
    // 30 s of the check's CPU time under valgrind).
    for m in [3usize] {
        let amounts: Vec<u64> = (0..m as u64).map(|j| 0xdead_beef_0000_a5a5 ^ (j << 7)).collect();
        let masks: Vec<ballistic::curve25519_dalek::Scalar> =
            (0..m).map(|_| <ballistic::curve25519_dalek::Scalar as ScalarOps>::random(&mut rng)).collect();
        classify(&amounts[..]);
        classify(&masks[..]);
        let plus = MoneroPlusProof::prove(&amounts, &masks, &mut secret_rng);
        let original = MoneroOriginalProof::prove(&amounts, &masks, &mut secret_rng);
        declassify(&amounts[..]);
        declassify(&masks[..]);
        for (system, result) in [
            ("bulletproofs+", plus.and_then(|(p, c)| p.verify(&c, &mut rng))),
            ("bulletproofs", original.and_then(|(p, c)| p.verify(&c, &mut rng))),
        ] {
            report(&format!("ed25519 monero {system} m={m}"), "proved, verifies", result);
        }
    }
}

/// Prove with system `P` under the label `ctgrind`, then verify.
fn proved<G: Group, P: RangeProofSystem<G>>(
    gens: &Generators<G>,
    values: &[u64],
    blindings: &[G::Scalar],
    n: usize,
    rng: &mut SecretRng,
) -> Result<(), ProofError> {
    P::prove_multiple_with_rng(gens, &mut Transcript::new(b"ctgrind"), values, blindings, n, rng)
        .and_then(|(p, c)| p.verify_multiple(gens, &mut Transcript::new(b"ctgrind"), &c, n))
}

/// The three range provers on group `G`, for two shapes: one value, and an
/// aggregate of three values padded to four whose `n = 7` is no power of two
/// (it gives Bulletproofs++ its top-digit slot). (An `n = 8, m = 3` shape
/// went: its code paths are those of the two; 15-20 s per group under valgrind.)
fn run<G: Group>() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(2));
    let gens = Generators::<G>::new(16, 8);
    for (n, m) in [(16usize, 1usize), (7, 3)] {
        let values: Vec<u64> = (0..m as u64).map(|j| (0xa5a5 >> (16 - n)) ^ j).collect();
        let blindings: Vec<G::Scalar> = (0..m).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
        classify(&values[..]);
        classify(&blindings[..]);
        // Both provers, on the same classified inputs.
        let classic = proved::<G, RangeProof<G>>(&gens, &values, &blindings, n, &mut secret_rng);
        let plus = proved::<G, RangeProofPlus<G>>(&gens, &values, &blindings, n, &mut secret_rng);
        let plus_plus = proved::<G, RangeProofPlusPlus<G>>(&gens, &values, &blindings, n, &mut secret_rng);
        declassify(&values[..]);
        declassify(&blindings[..]);
        for (system, result) in [("bulletproofs", classic), ("bulletproofs+", plus), ("bulletproofs++", plus_plus)] {
            report(&format!("{} {system} n={n} m={m}", G::NAME), "proved, verifies", result);
        }
    }
    // Bulletproofs+ above 64 generators: three lazy rounds of the weighted
    // inner-product argument from the bits (the shapes above have two).
    let wide = Generators::<G>::new(32, 4);
    let values = [0xdead_beefu64, 7, 0, 0xffff_ffff];
    let blindings: Vec<G::Scalar> = (0..4).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
    classify(&values[..]);
    classify(&blindings[..]);
    let plus = proved::<G, RangeProofPlus<G>>(&wide, &values, &blindings, 32, &mut secret_rng);
    declassify(&values[..]);
    declassify(&blindings[..]);
    report(&format!("{} bulletproofs+ n=32 m=4", G::NAME), "proved, verifies", plus);
    recoverable::<G>(&gens);
}

/// The owner-recovery provers (`ctgrind recovery` runs only these).
fn recoverable<G: Group>(gens: &Generators<G>) {
    // The owner-recovery provers (Bulletproofs, Bulletproofs+, Bulletproofs++): the seed,
    // the output id, the values and the message are secret (the blindings
    // and every nonce derive from them).
    for system in RangeSystem::ALL {
        let seed = [0x5au8; 32];
        let output_id = *b"ctgrind output 1";
        let values = [0x1234u64, 99];
        let message = *b"ctgrind memo";
        classify(&seed[..]);
        classify(&output_id[..]);
        classify(&values[..]);
        classify(&message[..]);
        let recoverable = system.prove_recoverable::<G>(
            gens,
            &mut Transcript::new(b"ctgrind"),
            &values,
            16,
            ballistic::RecoveryKey::new(&seed, &output_id),
            &message,
        );
        declassify(&seed[..]);
        declassify(&output_id[..]);
        declassify(&values[..]);
        declassify(&message[..]);
        let name = system.name();
        let verified = recoverable.and_then(|(p, c, _)| {
            let statement = ballistic::RangeStatement::new(16, &c)?;
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
            ballistic::verify_dyn(gens, &p, &statement, &mut Transcript::new(b"ctgrind"), &mut rng)?;
            // Recovery with a secret seed and id: on the honest proof and on
            // tampered ones (the last byte, a byte 40 from the end, a byte of
            // Bulletproofs' e_blinding): the owner must reveal only its one
            // verdict (issue 35 review).
            let bytes = p.to_bytes();
            let mut tampered = vec![bytes.clone()];
            for at in [bytes.len() - 1, bytes.len() - 40, 4 * G::POINT_LEN + 70] {
                let mut b = bytes.clone();
                b[at] ^= 1;
                tampered.push(b);
            }
            for (k, b) in tampered.iter().enumerate() {
                let Ok(proof) = system.decode::<G>(b, 16, 2) else { continue };
                classify(&seed[..]);
                classify(&output_id[..]);
                let recovered = proof.recover(
                    gens,
                    &mut Transcript::new(b"ctgrind"),
                    &c,
                    16,
                    ballistic::RecoveryKey::new(&seed, &output_id),
                );
                declassify(&seed[..]);
                declassify(&output_id[..]);
                // The honest proof recovers; a tampered one may (recovery
                // reads only some fields) or may not: only its timing matters.
                if k == 0 && recovered.is_err() {
                    println!("{} {name}: the honest proof did not recover", G::NAME);
                    std::process::exit(1);
                }
            }
            Ok(())
        });
        let system = name;
        match verified {
            Ok(()) => println!(
                "{} {system} recoverable n=16 m=2: proved, verifies, recovers (and tampered ones under the check)",
                G::NAME
            ),
            Err(e) => {
                println!("{} {system} recoverable: {e}", G::NAME);
                std::process::exit(1);
            }
        }
    }
}

/// The multi-asset provers (`ballistic::range::assets`): the native one and
/// the re-commitment over Bulletproofs+, with secret values, blindings and
/// randomness (the value generators are public). Three 8-bit values (two
/// of one asset): the values' width changes no code path.
fn assets<G: Group>() {
    use ballistic::range::{asset_generator, MultiAssetRangeProof, MultiAssetStatement, RecommittedRangeProof};
    use ballistic::Verifiable;
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
    let mut secret_rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(4));
    let gens = Generators::<G>::new(16, 8);
    let generators = [asset_generator::<G>(b"a"), asset_generator::<G>(b"b"), asset_generator::<G>(b"a")];
    let compressed: Vec<G::Compressed> = generators.iter().map(G::compress).collect();
    let values = [0x5au64, 0xa5, 7];
    let blindings: Vec<G::Scalar> = (0..3).map(|_| <G::Scalar as ScalarOps>::random(&mut rng)).collect();
    classify(&values[..]);
    classify(&blindings[..]);
    let t = || Transcript::new(b"ctgrind");
    let native = MultiAssetRangeProof::<G>::prove_with_rng(
        &gens,
        &mut t(),
        &values,
        &blindings,
        &generators,
        8,
        &mut secret_rng,
    );
    let recommitted = RecommittedRangeProof::<G>::prove_with_rng::<RangeProofPlus<G>, _>(
        &gens,
        &mut t(),
        &values,
        &blindings,
        &generators,
        8,
        &mut secret_rng,
    );
    declassify(&values[..]);
    declassify(&blindings[..]);
    let check = |result: Result<(), ballistic::ProofError>, what: &str| match result {
        Ok(()) => println!("{} multi-asset {what} n=8 m=3: proved, verifies", G::NAME),
        Err(e) => {
            println!("{} multi-asset {what}: {e}", G::NAME);
            std::process::exit(1);
        }
    };
    check(
        native.and_then(|(p, c)| p.verify(&gens, &MultiAssetStatement::new(8, &c, &compressed)?, &mut t(), &mut rng)),
        "native",
    );
    check(
        recommitted
            .and_then(|(p, c)| p.verify(&gens, &MultiAssetStatement::new(8, &c, &compressed)?, &mut t(), &mut rng)),
        "recommitted (bulletproofs+)",
    );
}
