//! Exhaustive and statistical soundness tests on a toy group (test builds
//! only), in the manner of libsecp256k1's `tests_exhaustive`.
//!
//! Everything here runs on [`Toy<Q>`](crate::group::toy::Toy), the group
//! `ℤ_Q` of small prime order with every discrete logarithm known, with the
//! protocols' challenges chosen by the test ([`crate::transcript::forced`])
//! instead of hashed. Two kinds of test:
//!
//! * **Special-soundness extractors** (`ipa`): run the honest prover on a
//!   tree of challenge tuples (rewinding: same randomness, other
//!   challenges), keep only transcripts the verifier accepts, and compute a
//!   witness from them alone, as the paper's extractor does; the test checks
//!   that it satisfies the relation and equals the prover's witness.
//! * **Cheating provers** (`bulletproofs`): provers for false statements
//!   that play the best strategy we know against the verification equation
//!   (they never use a discrete logarithm), run over *every* value of the
//!   challenge the strategy targets and over a large sample of the others;
//!   the number of accepted tuples must stay within the soundness bound
//!   (the degree of the polynomial identity the challenge must hit). A
//!   verifier that drops a term or binds a value wrongly accepts for most
//!   challenges and fails these tests.

use alloc::vec::Vec;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use crate::group::toy::{Toy, ToyPoint, ToyScalar};
use crate::group::{Group, ScalarOps};

mod bulletproofs;
mod ipa;

/// A prime small enough that every value of one challenge can be tried,
/// and large enough that honest runs rarely meet a zero challenge.
pub(crate) const Q: u64 = 1_009;
pub(crate) type T = Toy<Q>;
pub(crate) type S = ToyScalar<Q>;
pub(crate) type P = ToyPoint<Q>;

/// A deterministic RNG for a test (seeded by a label).
pub(crate) fn rng(label: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(label)
}

/// A uniformly random non-zero scalar.
pub(crate) fn nonzero(rng: &mut ChaCha20Rng) -> S {
    loop {
        let s = S::from_u64(rng.next_u64());
        if !s.is_zero() {
            return s;
        }
    }
}

/// `k` distinct non-zero scalars.
pub(crate) fn distinct_nonzero(rng: &mut ChaCha20Rng, k: usize) -> Vec<S> {
    let mut out: Vec<S> = Vec::with_capacity(k);
    while out.len() < k {
        let s = nonzero(rng);
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

/// A random point (its logarithm is known, and unused by provers).
pub(crate) fn point(rng: &mut ChaCha20Rng) -> P {
    <T as Group>::mul_ct(&T::basepoint(), &nonzero(rng))
}

/// Solve `M·x = rhs` over `𝔽_Q` (`M` square, rows given); `None` if `M` is
/// singular.
pub(crate) fn solve(mut m: Vec<Vec<S>>, mut rhs: Vec<S>) -> Option<Vec<S>> {
    let n = rhs.len();
    for col in 0..n {
        let pivot = (col..n).find(|r| !m[*r][col].is_zero())?;
        m.swap(col, pivot);
        rhs.swap(col, pivot);
        let inv = m[col][col].invert_vartime();
        for j in 0..n {
            m[col][j] *= inv;
        }
        rhs[col] *= inv;
        for r in 0..n {
            if r != col && !m[r][col].is_zero() {
                let f = m[r][col];
                for j in 0..n {
                    let v = m[col][j];
                    m[r][j] -= f * v;
                }
                let v = rhs[col];
                rhs[r] -= f * v;
            }
        }
    }
    Some(rhs)
}

#[test]
fn solve_inverts_a_vandermonde_system() {
    let mut r = rng(1);
    let x = distinct_nonzero(&mut r, 3);
    let m: Vec<Vec<S>> =
        (0..3).map(|row| x.iter().map(|x_i| (0..row).fold(S::one(), |a, _| a * *x_i)).collect()).collect();
    let want = [S::from_u64(5), S::from_u64(7), S::from_u64(11)];
    let rhs: Vec<S> = m.iter().map(|row| row.iter().zip(&want).map(|(a, b)| *a * *b).sum()).collect();
    assert_eq!(solve(m, rhs).as_deref(), Some(&want[..]));
}
