use ballistic::group::{Group, ScalarOps};
use ballistic::merlin::Transcript;
use ballistic::{BulletproofGens, PedersenGens, RangeProofPlusPlus, Secp256k1, Ristretto255};
use rand::SeedableRng;
fn go<G: Group>(iters: usize, m: usize) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let pc = PedersenGens::<G>::default();
    let bp = BulletproofGens::<G>::new(64, 64);
    let values: Vec<u64> = (0..m as u64).map(|j| 0x1234_5678_9abc_def0 ^ j).collect();
    let bl: Vec<G::Scalar> = (0..m).map(|_| G::Scalar::random(&mut rng)).collect();
    let t = std::time::Instant::now();
    for _ in 0..iters {
        RangeProofPlusPlus::<G>::prove_multiple_with_rng(&bp, &pc, &mut Transcript::new(b"x"), &values, &bl, 64, &mut rng).unwrap();
    }
    println!("{} m={m}: {:.3} ms", G::NAME, t.elapsed().as_secs_f64() * 1e3 / iters as f64);
}
fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let iters = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let m = std::env::args().nth(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    if which != "r" { go::<Secp256k1>(iters, m); }
    if which != "s" { go::<Ristretto255>(iters, m); }
}
