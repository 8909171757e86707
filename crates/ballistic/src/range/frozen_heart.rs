//! Test support for the Frozen Heart checks of the range systems: every
//! public input (label, `n`, `m`, each commitment) and every proof point
//! must change every challenge drawn after it. Each system's test gives its
//! own challenge replay; the statement and the comparisons are here.

use alloc::vec::Vec;

use merlin::Transcript;
use rand::SeedableRng;

use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::range::RangeProofSystem;

/// The statement of every Frozen Heart test: values 1, 2, 3 of 10 bits
/// under the label `fh`.
pub(crate) const LABEL: &[u8] = b"fh";
/// Its bit size.
pub(crate) const N: usize = 10;

/// An honest proof of system `P` for the statement above, with its
/// generators and commitments.
pub(crate) fn honest<G: Group, P: RangeProofSystem<G>>(seed: u64) -> (Generators<G>, P, Vec<G::Compressed>) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
    let gens = Generators::<G>::new(16, 8);
    let blindings: Vec<_> = (0..3).map(|_| G::Scalar::random(&mut rng)).collect();
    let (proof, commitments) =
        P::prove_multiple_with_rng(&gens, &mut Transcript::new(LABEL), &[1, 2, 3], &blindings, N, &mut rng).unwrap();
    (gens, proof, commitments)
}

/// Every challenge in `other` differs from the one at its place in `base`.
pub(crate) fn all_differ<S: PartialEq + core::fmt::Debug>(base: &[S], other: &[S], what: &str) {
    for (k, (a, b)) in base.iter().zip(other).enumerate() {
        assert_ne!(a, b, "changing {what} left challenge #{k} unchanged");
    }
}

/// The first `first` challenges are the same and every later one differs.
pub(crate) fn later_differ<S: PartialEq + core::fmt::Debug>(base: &[S], other: &[S], first: usize, what: &str) {
    assert_eq!(&base[..first], &other[..first], "{what}: an earlier challenge changed");
    for k in first..base.len() {
        assert_ne!(base[k], other[k], "{what}: challenge #{k} unchanged");
    }
}

/// The label and each commitment (moved by `B`) change every challenge;
/// `challenges(label, commitments, n)` replays the proof.
pub(crate) fn label_and_commitments<G: Group, S: PartialEq + core::fmt::Debug>(
    gens: &Generators<G>,
    commitments: &[G::Compressed],
    challenges: impl Fn(&'static [u8], &[G::Compressed], usize) -> Vec<S>,
) {
    let base = challenges(LABEL, commitments, N);
    all_differ(&base, &challenges(b"fh2", commitments, N), "the label");
    for j in 0..commitments.len() {
        let mut other = commitments.to_vec();
        other[j] = G::compress(&(G::decompress(&other[j]).unwrap() + gens.pedersen().b));
        all_differ(&base, &challenges(LABEL, &other, N), "a commitment");
    }
}

/// `bytes` with the 32 bytes at `offset` replaced by another valid
/// encoding: a point plus the base point, or a scalar plus one.
pub(crate) fn mutated<G: Group>(bytes: &[u8], offset: usize, point: bool) -> Vec<u8> {
    let mut b = bytes.to_vec();
    let field = &mut b[offset..offset + 32];
    if point {
        let p = G::decompress(&G::compressed_from_slice(field).unwrap()).unwrap();
        field.copy_from_slice(G::compressed_bytes(&G::compress(&(p + G::basepoint()))));
    } else {
        let s = G::Scalar::from_canonical_bytes(&field.try_into().unwrap()).unwrap();
        field.copy_from_slice(&(s + G::Scalar::one()).to_bytes());
    }
    b
}
