//! Exhaustive and statistical soundness tests on a toy group (test builds
//! only), in the manner of libsecp256k1's `tests_exhaustive`.
//!
//! Everything here runs on [`Toy<Q>`](crate::group::toy::Toy), the group
//! `ℤ_Q` of small prime order with every discrete logarithm known, with the
//! protocols' challenges chosen by the test ([`crate::transcript::forced`])
//! instead of hashed. Two kinds of test:
//!
//! * **Special-soundness extractors** (`ipa`, `wip`, `norm_linear`): run
//!   the honest prover on a tree of challenge tuples (rewinding: same
//!   randomness, other challenges), keep only transcripts the verifier
//!   accepts, and compute a witness from them alone, as the paper's
//!   extractor does; the test checks that it satisfies the relation and
//!   equals the prover's witness.
//! * **Cheating provers** (`bulletproofs`, `bulletproofs_plus`,
//!   `bulletproofs_plus_plus`, `assets`, `r1cs_vector`, and one-round
//!   cheaters in `ipa` and `norm_linear`): provers for false statements that play the best
//!   strategy we know against the verification equation (they never use a
//!   discrete logarithm), run over *every* value of the challenge the
//!   strategy targets and over a sample of the others; the accepted
//!   values must be exactly the roots the strategy planted, no more than
//!   the soundness bound allows (the degree of the polynomial identity
//!   the challenge must hit). A verifier that drops a term or binds a
//!   value wrongly accepts for most challenges and fails these tests.
//!
//! On the toy group a proof point is the identity for about one challenge
//! tuple in `Q` per point, and verifiers refuse identity points before any
//! equation: the sweeps set those tuples aside (`degenerate`).

use alloc::vec::Vec;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use crate::errors::ProofError;
use crate::group::toy::{Toy, ToyPoint, ToyScalar};
use crate::group::{Group, ScalarOps};
use crate::norm_linear::NormTranscript;

mod assets;
mod bulletproofs;
mod bulletproofs_plus;
mod bulletproofs_plus_plus;
mod ipa;
mod norm_linear;
mod r1cs_vector;
mod wip;

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

/// `k` non-zero scalars with distinct squares (the rounds that use both
/// `u²` and `u⁻²` need them).
pub(crate) fn distinct_squares(rng: &mut ChaCha20Rng, k: usize) -> Vec<S> {
    let mut out: Vec<S> = Vec::with_capacity(k);
    while out.len() < k {
        let s = nonzero(rng);
        if !out.iter().any(|o| *o * *o == s * s) {
            out.push(s);
        }
    }
    out
}

/// A random point (its logarithm is known, and unused by provers).
pub(crate) fn point(rng: &mut ChaCha20Rng) -> P {
    <T as Group>::mul_ct(&T::basepoint(), &nonzero(rng))
}

/// A verifier's verdict, after it ran with forced challenges (the queue is
/// emptied here: a verifier that refuses early leaves some): `None` where
/// a proof point is the identity (refused before any equation: on a real
/// group about 2⁻²⁵⁰ per point, on the toy group about one point in `Q`,
/// so the tests set those challenge tuples aside as degenerate), else
/// whether it accepted; any other error must be the equation's.
pub(crate) fn verdict(result: Result<(), ProofError>) -> Option<bool> {
    let unused = crate::transcript::forced::clear();
    match result {
        Ok(()) => {
            assert_eq!(unused, 0, "an accepting verifier drew every challenge");
            Some(true)
        }
        Err(ProofError::IdentityPoint { .. }) => None,
        Err(e) => {
            assert_eq!(e, ProofError::VerificationFailed);
            Some(false)
        }
    }
}

/// Run `verdict_at` at every value of one challenge; the accepted and the
/// degenerate values, in increasing order.
pub(crate) fn sweep(mut verdict_at: impl FnMut(S) -> Option<bool>) -> (Vec<S>, Vec<S>) {
    let (mut accepted, mut degenerate) = (Vec::new(), Vec::new());
    for c in (0..Q).map(S::from_u64) {
        match verdict_at(c) {
            Some(true) => accepted.push(c),
            Some(false) => {}
            None => degenerate.push(c),
        }
    }
    (accepted, degenerate)
}

/// The sweep accepted exactly at `roots`, except roots whose proof holds an
/// identity point, and few tuples were degenerate.
pub(crate) fn assert_only_at(accepted: &[S], degenerate: &[S], roots: &[S], what: &str) {
    let mut expected: Vec<S> = roots.iter().filter(|r| !degenerate.contains(r)).copied().collect();
    expected.sort_by_key(|s| s.value());
    expected.dedup();
    assert_eq!(accepted, &expected[..], "{what}: accepted only at the roots {roots:?}");
    assert!(degenerate.len() <= 20, "{what}: {} identity points", degenerate.len());
}

/// The norm argument's challenges, chosen by the test; verifying, it
/// refuses identity points as the library's transcripts do.
pub(crate) struct Chosen<'a>(pub(crate) core::slice::Iter<'a, S>);

impl NormTranscript<T> for Chosen<'_> {
    fn round(&mut self, x: &[u8; 32], r: &[u8; 32], verifying: bool) -> Result<S, ProofError> {
        for (label, p) in [("X", x), ("R", r)] {
            if verifying && T::is_identity_compressed(p) {
                return Err(ProofError::IdentityPoint { label });
            }
        }
        Ok(*self.0.next().expect("a challenge per round"))
    }
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
        m[col].iter_mut().for_each(|v| *v *= inv);
        rhs[col] *= inv;
        let pivot_row = m[col].clone();
        for r in 0..n {
            if r != col && !m[r][col].is_zero() {
                let f = m[r][col];
                m[r].iter_mut().zip(&pivot_row).for_each(|(v, p)| *v -= f * *p);
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
