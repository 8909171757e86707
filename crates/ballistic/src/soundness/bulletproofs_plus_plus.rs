//! The Bulletproofs++ range proof (`crate::range::bulletproofs_plus_plus`):
//! cheating provers for a digit out of the base, wrong multiplicities and
//! a bad top-digit slot, each against every value of the challenge its
//! strategy targets.
//!
//! **The identity every cheat must hit.** The prover here follows the
//! module's protocol step by step from the library's pieces (the norm
//! argument `crate::norm_linear` and the generator layout), with its
//! digits `𝐝`, multiplicities `𝐦` and reciprocals `𝐫` chosen by the test.
//! The verifier runs the norm argument on `C(T)`, whose `A`-coefficient is
//! public; the prover's vectors open `C(T)`'s generator parts exactly, so
//! the verifier accepts iff
//!
//! ```text
//!   Err(T) = ⟨𝐜(T), 𝐥(T)⟩ + |𝐧(T)|²_q − (b_s + T b_m + T² b_d + T³ b_r + 2T⁵(P₅ + Σ_j λ_j v_j) + T⁸|α_m|²_q) = 0.
//! ```
//!
//! The prover sets the free coefficients (`T⁰` by `b_s`; `T¹…T⁴, T⁶, T⁷`
//! by `𝐥_s`, committed in `S` before `T`) to zero, as the honest prover
//! does; its `T⁵` coefficient is `2E` with (module doc, step 3)
//!
//! ```text
//!   E = Σ_i q^{i+1}((d_i + e)r_i − 1) + x(Σ_t m_t/(e + t) − Σ_i r_i) + Σ_i a_i d_i − Σ_j λ_j v_j
//! ```
//!
//! (`a_i` the digit weights: `λ^{2j}b^i`, and the top-digit slot's
//! `κ_j = λ^{2j+1}`). Each cheat makes `E` vanish only on a set of
//! challenge values it chooses, as large as the degree allows:
//!
//! * **digit out of the base** (`v = 64 = 8·8` for 6 bits in base 8, the
//!   digit `8`): with `r_i = 1/(e + d_i)` the first term vanishes and
//!   `E = x·f(e)`, `f(e) = Σ_t m_t/(e+t) − Σ_i 1/(e+d_i)`. `f` has a pole
//!   at `−8` with residue `−1 ≠ 0`, so `f ≢ 0`; its numerator over the
//!   `b + 1` poles has degree `≤ b`, and choosing the `b` multiplicities
//!   (any field elements: `M` commits them) sets it to any polynomial of
//!   degree `b` with the right value at `−8`: `b` chosen roots `e`.
//!   Accepted for exactly those `b = 8` values of `e` (within the module
//!   doc's bound of `N + b` values, `N` the witness length).
//! * **wrong multiplicity** (digits honest, one count moved to another
//!   table entry: `F = f(e) ≠ 0` for every `e`): after `e` the prover
//!   shifts the reciprocals by `𝛅`, so `E = Σ_i q^{i+1}(d_i + e)δ_i
//!   + x(F − Σ_iδ_i)`:
//!   - *target `x`*: one shifted reciprocal; for every `(e, ρ)` exactly
//!     one `x` satisfies the linear equation (`x = 0` when `𝛅 = 0`);
//!   - *target `ρ`*: `Σδ_i = F` kills the `x` term and
//!     `Σ_i (d_i + e)δ_i q^i` is set to a polynomial with `K − 1` chosen
//!     roots `q_k = r_k²` (`K` digit slots): accepted for the `2(K − 1)`
//!     values `±r_k` of `ρ` (`E` has degree `2K` in `ρ` with a double
//!     root at `0`, which the verifier refuses).
//! * **bad top-digit slot** (`v = 128` for 7 bits in base 8: top digit
//!   `2 ≥ 2¹`, its slot claimed `0` instead of `4·2`): `E = err_v + λ·err_κ`
//!   with `err_κ = 0 − 8`, and digits chosen so `err_v = Σ 8^i d_i − v = 1`:
//!   accepted for exactly one `λ = 1/8`.
//! * **any false statement, target `T`**: `E ≠ 0` fixed before `T`; the
//!   prover sets the seven free coefficients of `Err(T)` and, through
//!   `𝐥_d` (committed in `D`; the verifier cannot see its shape), a `T⁸`
//!   coefficient `y·w` and a `T⁹` coefficient `y·u` (`l_{d,4} = −l_{m,5} + w`,
//!   `l_{d,5} = u`): `Err(T)` is then any degree-9 polynomial with its
//!   `T⁵` coefficient `2E` — nine chosen roots `T` (so the `T`-part of the
//!   soundness error is `9/ℓ`). Without the plant, `Err(T) = 2E·T⁵`:
//!   accepted only at `T = 0`, where `C(0) = S` holds no constraint.
//!
//! A verifier that dropped a term (a multiplicity, the `x`-part of
//! `α_m`, a weight `κ_j`) would accept these provers for most challenges.

use alloc::vec;
use alloc::vec::Vec;

use super::{assert_only_at, distinct_nonzero, nonzero, rng, sweep, verdict, Chosen, P, S, T};
use crate::encoding::ProofPoint;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::norm_linear::{Folding, NormLinearProof};
use crate::poly::{pow, powers};
use crate::range::{PlusPlusShape, RangeProofPlusPlus};
use crate::transcript::{forced, new_transcript};

/// Length of `𝐥` (`B̃, H_0..H_4`).
const L_LEN: usize = 6;
/// `T`-exponent of each entry of `𝐜(T)/y`.
const C_EXP: [usize; L_LEN] = [1, 2, 3, 4, 6, 7];
/// `e, ρ, x, y, λ, T`, then the norm argument's rounds.
const E: usize = 0;
const RHO: usize = 1;
const X: usize = 2;
const LAMBDA: usize = 4;
const T_CH: usize = 5;

/// A shape with its generators in the library's layout.
struct Setup {
    shape: PlusPlusShape,
    gens: Generators<T>,
    g: Vec<P>,
    h: Vec<P>,
    rounds: usize,
}

impl Setup {
    fn new(n: usize, m: usize, beta: usize) -> Self {
        let shape = PlusPlusShape::with_digit_bits(n, m, beta).expect("shape");
        let (chains, per_chain) = shape.generators_needed();
        let gens = Generators::<T>::new(per_chain, chains);
        let g = gens.vector().g_layout(shape.slots(), shape.witness_len()).copied().collect();
        let h = core::iter::once(gens.pedersen().b_blinding)
            .chain(gens.vector().h_layout(L_LEN - 1, L_LEN - 1).copied())
            .collect();
        let rounds = crate::norm_linear::schedule(shape.witness_len(), L_LEN, Folding::Shortest).0;
        Setup { shape, gens, g, h, rounds }
    }

    /// `K = m·slots` digit slots.
    fn digit_slots(&self) -> usize {
        self.shape.m() * self.shape.slots()
    }

    /// The digit weights `a_i` (module doc): `λ^{2j}·b^i` on value `j`'s
    /// digits; with a top-digit slot, `κ_j = λ^{2j+1}` on it and
    /// `−κ_j·2^{β−r}` more on the top digit. Written here from the paper's
    /// definition, not taken from the library.
    fn weights(&self, lambda: S) -> Vec<S> {
        let sh = &self.shape;
        let mut a = vec![S::zero(); sh.witness_len()];
        let extra = sh.slots() > sh.digits();
        let top_bits = sh.n() - sh.digit_bits() * (sh.digits() - 1);
        let shift = S::from_u64(1 << (sh.digit_bits() - top_bits));
        for j in 0..sh.m() {
            let lambda_j = pow(lambda, 2 * j as u64);
            for i in 0..sh.digits() {
                a[j * sh.slots() + i] = lambda_j * pow(S::from_u64(sh.base() as u64), i as u64);
            }
            if extra {
                let kappa = lambda_j * lambda;
                a[j * sh.slots() + sh.digits() - 1] -= kappa * shift;
                a[j * sh.slots() + sh.digits()] = kappa;
            }
        }
        a
    }

    /// The honest multiplicities of `digits` over the table.
    fn counts(&self, digits: &[u64]) -> Vec<S> {
        (0..self.shape.base() as u64).map(|t| S::from_u64(digits.iter().filter(|d| **d == t).count() as u64)).collect()
    }

    /// The statement's commitments `V_j = v_j·B + γ_j·B̃`.
    fn commitments(&self, values: &[u64], blindings: &[S]) -> Vec<[u8; 32]> {
        values.iter().zip(blindings).map(|(v, g)| T::compress(&self.gens.commit(&S::from_u64(*v), g))).collect()
    }

    fn verify(&self, proof: &RangeProofPlusPlus<T>, commitments: &[[u8; 32]], challenges: &[S]) -> Option<bool> {
        forced::push(challenges);
        let result = proof.verify_with_shape(&self.gens, &mut new_transcript(b"toy bp++"), &self.shape, commitments);
        verdict(result)
    }
}

/// What the prover commits to, and how it deviates.
struct Cheat<'a> {
    values: &'a [u64],
    blindings: &'a [S],
    digits: &'a [u64],
    mult: &'a [S],
    /// The reciprocals' shift `𝛅`, chosen after `e` (from `e`).
    r_shift: &'a dyn Fn(S) -> Vec<S>,
    /// Plant nine roots in `T` (`l_{d,4} += w`, `l_{d,5} = u`): `(w, u)`.
    plant_t: Option<(S, S)>,
    seed: u64,
}

/// The proof, `E` and the roots planted in `T` (if any).
struct Made {
    proof: RangeProofPlusPlus<T>,
    e_coeff: S,
    t_roots: Vec<S>,
}

/// `1/s`, and `0` for `0` (the prover carries on with garbage).
fn inv(s: S) -> S {
    s.invert_vartime()
}

/// Coefficients of `c·Π(T − r_k)` (index = power of `T`).
fn from_roots(c: S, roots: &[S]) -> Vec<S> {
    let mut p = vec![c];
    for r in roots {
        let mut next = vec![S::zero(); p.len() + 1];
        for (k, a) in p.iter().enumerate() {
            next[k + 1] += *a;
            next[k] -= *a * *r;
        }
        p = next;
    }
    p
}

fn sqrt(s: S) -> Option<S> {
    (0..super::Q).map(S::from_u64).find(|r| *r * *r == s)
}

/// Nine distinct non-zero roots of a degree-9 polynomial with leading
/// coefficient `a`, `T⁸` coefficient `b` and `T⁵` coefficient `c5`: seven
/// at random, the last two from `t₈ + t₉ = s`, `t₈t₉ = p`.
fn nine_roots(a: S, b: S, c5: S, seed: u64) -> Vec<S> {
    let mut r = rng(seed);
    loop {
        let mut t = distinct_nonzero(&mut r, 7);
        // Π_{k≤7}(T − t_k) = Σ_j (−1)^j e_j T^{7−j}.
        let p7 = from_roots(S::one(), &t);
        let e = |j: usize| if j % 2 == 0 { p7[7 - j] } else { -p7[7 - j] };
        if e(2).is_zero() {
            continue;
        }
        // −a·e₁(all) = b; a·e₄(all) = c5, e₄(all) = e₄ + s·e₃ + p·e₂.
        let s = -(b * inv(a)) - e(1);
        let p = (c5 * inv(a) - e(4) - s * e(3)) * inv(e(2));
        let Some(root) = sqrt(s * s - S::from_u64(4) * p) else { continue };
        let half = S::from_u64(2).invert_vartime();
        let (t8, t9) = ((s + root) * half, (s - root) * half);
        if t8 == t9 || t8.is_zero() || t9.is_zero() || t.contains(&t8) || t.contains(&t9) {
            continue;
        }
        t.extend([t8, t9]);
        return t;
    }
}

impl Setup {
    /// The protocol of the module doc, step by step, for `cheat`'s
    /// vectors, with `challenges = [e, ρ, x, y, λ, T, γ_1, …]`.
    fn prove(&self, cheat: &Cheat<'_>, ch: &[S]) -> Made {
        let sh = &self.shape;
        let (big_n, b, k) = (sh.witness_len(), sh.base(), self.digit_slots());
        let a_gen = self.gens.pedersen().b;
        let msm = |a: S, g: &[S], h: &[S]| -> P {
            T::mul_ct(&a_gen, &a) + T::msm_vartime(g, &self.g[..g.len()]) + T::msm_vartime(h, &self.h[..h.len()])
        };
        let mut r = rng(cheat.seed);
        let (b_m, b_d, b_r) = (nonzero(&mut r), nonzero(&mut r), nonzero(&mut r));
        let l_m: Vec<S> = (0..L_LEN).map(|_| nonzero(&mut r)).collect();
        let s: Vec<S> = (0..big_n).map(|_| nonzero(&mut r)).collect();
        let mut l_d = vec![S::zero(); L_LEN];
        l_d[2] = -l_m[3];
        l_d[4] = -l_m[5];
        if let Some((w, u)) = cheat.plant_t {
            l_d[4] += w;
            l_d[5] = u;
        }
        let d: Vec<S> = cheat.digits.iter().map(|d| S::from_u64(*d)).collect();
        assert_eq!((d.len(), cheat.mult.len()), (k, b));

        // M, D → e; R → ρ, x, y, λ.
        let m_point = msm(b_m, cheat.mult, &l_m);
        let d_point = msm(b_d, &d, &l_d);
        let e = ch[E];
        let shift = (cheat.r_shift)(e);
        let recip: Vec<S> = d.iter().zip(&shift).map(|(d, s)| inv(*d + e) + *s).collect();
        let r_point = msm(b_r, &recip, &[]);
        let [rho, x, y, lambda] = [ch[RHO], ch[X], ch[3], ch[LAMBDA]];

        // 𝐧(T) = 𝐬 + T𝐦 + T²𝐝' + T³𝐫' + T⁴α_m, entry by entry.
        let q = rho * rho;
        let q_inv = inv(q);
        let a = self.weights(lambda);
        let mut w = vec![vec![S::zero(); big_n]; 5];
        w[0].copy_from_slice(&s);
        w[1][..b].copy_from_slice(cheat.mult);
        let (mut p5, mut norm_alpha_m) = (S::zero(), S::zero());
        for i in 0..big_n {
            let (qp, qi) = (pow(q, i as u64 + 1), pow(q_inv, i as u64 + 1));
            if i < k {
                w[2][i] = d[i] + e - x * qi;
                w[3][i] = recip[i] + a[i] * qi;
                p5 += qp + e * a[i] - x * a[i] * qi;
            }
            if i < b {
                w[4][i] = x * qi * inv(e + S::from_u64(i as u64));
                norm_alpha_m += qp * w[4][i] * w[4][i];
            }
        }
        let lambdas: Vec<S> = powers(lambda * lambda).take(sh.m()).collect();
        let gamma_sum: S = lambdas.iter().zip(cheat.blindings).map(|(l, g)| *l * *g).sum();
        let value_sum: S = lambdas.iter().zip(cheat.values).map(|(l, v)| *l * S::from_u64(*v)).sum();

        // Err(T) with 𝐥_s = 0, b_s = 0.
        let mut err = [S::zero(); 13];
        for i in 0..big_n {
            let qp = pow(q, i as u64 + 1);
            for (u, wu) in w.iter().enumerate() {
                for (v, wv) in w.iter().enumerate() {
                    err[u + v] += qp * wu[i] * wv[i];
                }
            }
        }
        for (i, exp) in C_EXP.iter().enumerate() {
            err[exp + 1] += y * l_m[i];
            err[exp + 2] += y * l_d[i];
        }
        err[C_EXP[0] + 5] += y * S::from_u64(2) * gamma_sum;
        for (power, coeff) in [(1, b_m), (2, b_d), (3, b_r), (8, norm_alpha_m)] {
            err[power] -= coeff;
        }
        err[5] -= S::from_u64(2) * (p5 + value_sum);
        assert!(err[10..].iter().all(S::is_zero), "Err has degree at most 9");
        let e_coeff = err[5] * S::from_u64(2).invert_vartime();

        // The free coefficients: zero (honest), or those of a polynomial
        // with nine chosen roots.
        let (target, t_roots) = match cheat.plant_t {
            None => (vec![S::zero(); 13], Vec::new()),
            Some(_) => {
                let roots = nine_roots(err[9], err[8], err[5], cheat.seed ^ 0x5eed);
                let mut target = from_roots(err[9], &roots);
                assert_eq!((target[5], target[8], target[9]), (err[5], err[8], err[9]));
                target.resize(13, S::zero());
                (target, roots)
            }
        };
        let y_inv = inv(y);
        let l_s: Vec<S> = C_EXP.iter().map(|exp| (target[*exp] - err[*exp]) * y_inv).collect();
        let b_s = err[0] - target[0];
        let s_point = msm(b_s, &s, &l_s);

        // T, then the norm argument on (𝐧(T), 𝐥(T)) with 𝐜(T).
        let t = ch[T_CH];
        let n_vec: Vec<S> = (0..big_n).map(|i| (0..5).rev().fold(S::zero(), |acc, u| acc * t + w[u][i])).collect();
        let mut l_vec: Vec<S> = (0..L_LEN).map(|i| l_s[i] + t * l_m[i] + t * t * l_d[i]).collect();
        l_vec[0] += S::from_u64(2) * pow(t, 5) * gamma_sum;
        let c: Vec<S> = C_EXP.iter().map(|exp| y * pow(t, *exp as u64)).collect();
        let norm =
            NormLinearProof::prove(&mut Chosen(ch[T_CH + 1..].iter()), rho, n_vec, l_vec, c, Folding::Shortest, &msm)
                .expect("sound lengths");
        let [m_point, d_point, r_point, s_point] = [m_point, d_point, r_point, s_point].map(ProofPoint::from_point);
        Made { proof: RangeProofPlusPlus { m_point, d_point, r_point, s_point, norm, sealed: None }, e_coeff, t_roots }
    }

    /// `6 + rounds` random non-zero challenges.
    fn challenges(&self, r: &mut rand_chacha::ChaCha20Rng) -> Vec<S> {
        distinct_nonzero(r, 6 + self.rounds)
    }

    /// Sweep challenge `slot` with the others from `fixed`; `check` sees
    /// each proof (to assert on `E`).
    fn sweep(&self, cheat: &Cheat<'_>, fixed: &[S], slot: usize, check: &dyn Fn(S, &Made)) -> (Vec<S>, Vec<S>, Vec<S>) {
        let commitments = self.commitments(cheat.values, cheat.blindings);
        let mut t_roots = Vec::new();
        let (accepted, degenerate) = sweep(|c| {
            let mut ch = fixed.to_vec();
            ch[slot] = c;
            let made = self.prove(cheat, &ch);
            check(c, &made);
            t_roots.clone_from(&made.t_roots);
            self.verify(&made.proof, &commitments, &ch)
        });
        (accepted, degenerate, t_roots)
    }
}

fn no_shift(k: usize) -> impl Fn(S) -> Vec<S> {
    move |_| vec![S::zero(); k]
}

#[test]
fn honest_digits_win_everywhere() {
    // The harness: honest digits and multiplicities, every shape used
    // below, accepted at every value of e but the table's poles −t.
    for (n, m, beta, values) in [(6, 1, 3, vec![42u64]), (8, 2, 2, vec![27, 200]), (7, 1, 3, vec![100])] {
        let setup = Setup::new(n, m, beta);
        let sh = setup.shape;
        let mut digits = Vec::new();
        for v in &values {
            let own = (0..sh.digits()).map(|i| (v >> (beta * i)) & (sh.base() as u64 - 1)).collect::<Vec<_>>();
            digits.extend(&own);
            if sh.slots() > sh.digits() {
                digits.push(own[sh.digits() - 1] << (beta - (n - beta * (sh.digits() - 1))));
            }
        }
        let mut r = rng(400 + n as u64);
        let blindings: Vec<S> = values.iter().map(|_| nonzero(&mut r)).collect();
        let cheat = Cheat {
            values: &values,
            blindings: &blindings,
            digits: &digits,
            mult: &setup.counts(&digits),
            r_shift: &no_shift(setup.digit_slots()),
            plant_t: None,
            seed: 1,
        };
        let fixed = setup.challenges(&mut r);
        let poles: Vec<S> = (0..sh.base() as u64).map(|t| -S::from_u64(t)).collect();
        let check = |e: S, made: &Made| assert!(poles.contains(&e) || made.e_coeff.is_zero(), "E = 0");
        let (accepted, degenerate, _) = setup.sweep(&cheat, &fixed, E, &check);
        let everywhere: Vec<S> = (0..super::Q).map(S::from_u64).filter(|e| !poles.contains(e)).collect();
        assert_only_at(&accepted, &degenerate, &everywhere, &format!("({n}, {m}, {beta})"));
    }
}

#[test]
fn digit_out_of_the_base_wins_for_b_values_of_e() {
    let setup = Setup::new(6, 1, 3);
    let sh = setup.shape;
    assert_eq!((sh.digits(), sh.slots(), sh.witness_len(), sh.base()), (2, 2, 8, 8));
    let (values, digits) = ([64u64], [0u64, 8]);
    let poles: Vec<S> = (0..=8).map(S::from_u64).collect();
    let mut r = rng(410);
    for trial in 0..4u64 {
        // The numerator N(e) = c·Π(e − r_k) of f = N/Π_p(e + p), with
        // residue −1 at the bad digit's pole −8 fixing c.
        let roots: Vec<S> = loop {
            let roots = distinct_nonzero(&mut r, 8);
            if roots.iter().all(|x| poles.iter().all(|p| !(*x + *p).is_zero())) {
                break roots;
            }
        };
        let d_prime = |p: S| -> S { poles.iter().filter(|o| **o != p).map(|o| *o - p).product() };
        let numerator = |e: S, c: S| -> S { c * roots.iter().map(|x| e - *x).product::<S>() };
        let eight = S::from_u64(8);
        let c = -d_prime(eight) * inv(numerator(-eight, S::one()));
        let counts = setup.counts(&digits);
        let mult: Vec<S> = (0..8).map(|t| counts[t] + numerator(-poles[t], c) * inv(d_prime(poles[t]))).collect();
        let blindings = [nonzero(&mut r)];
        let cheat = Cheat {
            values: &values,
            blindings: &blindings,
            digits: &digits,
            mult: &mult,
            r_shift: &no_shift(2),
            plant_t: None,
            seed: trial,
        };
        let fixed = setup.challenges(&mut r);
        let x = fixed[X];
        let f = |e: S| -> S {
            mult.iter().enumerate().map(|(t, m)| *m * inv(e + S::from_u64(t as u64))).sum::<S>()
                - digits.iter().map(|d| inv(e + S::from_u64(*d))).sum::<S>()
        };
        let check = |e: S, made: &Made| {
            if poles.iter().all(|p| !(e + *p).is_zero()) {
                assert_eq!(made.e_coeff, x * f(e), "E = x·f(e)");
                assert_eq!(f(e).is_zero(), roots.contains(&e), "f vanishes exactly at the chosen roots");
            }
        };
        let (accepted, degenerate, _) = setup.sweep(&cheat, &fixed, E, &check);
        assert_only_at(&accepted, &degenerate, &roots, &format!("trial {trial}"));
        assert!(roots.len() == sh.base() && roots.len() <= sh.witness_len() + sh.base());
    }
}

#[test]
fn wrong_multiplicity_wins_for_one_x_per_rho() {
    let setup = Setup::new(6, 1, 3);
    let (values, digits) = ([42u64], [2u64, 5]);
    let mut mult = setup.counts(&digits);
    mult[2] -= S::one();
    mult[7] += S::one();
    let mut r = rng(420);
    for trial in 0..6u64 {
        let blindings = [nonzero(&mut r)];
        let fixed = setup.challenges(&mut r);
        let (e, q) = (fixed[E], fixed[RHO] * fixed[RHO]);
        let f = inv(e + S::from_u64(7)) - inv(e + S::from_u64(2));
        // Odd trials shift nothing (the root is x = 0), even ones shift the
        // first reciprocal by δ: x* = q(d₀ + e)δ/(δ − F).
        let delta = if trial % 2 == 0 { nonzero(&mut r) } else { S::zero() };
        assert_ne!(delta, f);
        let shift = move |_: S| vec![delta, S::zero()];
        let cheat = Cheat {
            values: &values,
            blindings: &blindings,
            digits: &digits,
            mult: &mult,
            r_shift: &shift,
            plant_t: None,
            seed: trial,
        };
        let x_star = q * (S::from_u64(2) + e) * delta * inv(delta - f);
        let check = |x: S, made: &Made| assert_eq!(made.e_coeff, q * (S::from_u64(2) + e) * delta + x * (f - delta));
        let (accepted, degenerate, _) = setup.sweep(&cheat, &fixed, X, &check);
        assert_only_at(&accepted, &degenerate, &[x_star], &format!("trial {trial}"));
    }
}

#[test]
fn wrong_multiplicity_wins_for_2k_minus_2_values_of_rho() {
    let setup = Setup::new(8, 2, 2);
    let k = setup.digit_slots();
    assert_eq!((k, setup.shape.witness_len()), (8, 8));
    let values = [27u64, 200];
    let digits = [3u64, 2, 1, 0, 0, 2, 0, 3];
    let mut mult = setup.counts(&digits);
    mult[0] += S::one();
    mult[1] -= S::one();
    let d: Vec<S> = digits.iter().map(|d| S::from_u64(*d)).collect();
    let mut r = rng(430);
    for trial in 0..4u64 {
        let blindings = [nonzero(&mut r), nonzero(&mut r)];
        let fixed = setup.challenges(&mut r);
        let e = fixed[E];
        let f = inv(e) - inv(e + S::one());
        // Σ_i (d_i + e)δ_i q^i = c·Π(q − r_k²), scaled so Σδ_i = F.
        let rho_roots = super::distinct_squares(&mut r, k - 1);
        let q_roots: Vec<S> = rho_roots.iter().map(|x| *x * *x).collect();
        let coeffs = from_roots(S::one(), &q_roots);
        let unscaled: Vec<S> = coeffs.iter().zip(&d).map(|(c, d)| *c * inv(*d + e)).collect();
        let scale = f * inv(unscaled.iter().copied().sum());
        let delta: Vec<S> = unscaled.iter().map(|u| *u * scale).collect();
        assert_eq!(delta.iter().copied().sum::<S>(), f);
        let shift = |_: S| delta.clone();
        let cheat = Cheat {
            values: &values,
            blindings: &blindings,
            digits: &digits,
            mult: &mult,
            r_shift: &shift,
            plant_t: None,
            seed: trial,
        };
        let (accepted, degenerate, _) = setup.sweep(&cheat, &fixed, RHO, &|_, _| {});
        let all: Vec<S> = rho_roots.iter().flat_map(|x| [*x, -*x]).collect();
        assert_eq!(all.len(), 2 * (k - 1));
        assert_only_at(&accepted, &degenerate, &all, &format!("trial {trial}"));
    }
}

#[test]
fn bad_top_digit_slot_wins_for_one_lambda() {
    let setup = Setup::new(7, 1, 3);
    let sh = setup.shape;
    assert_eq!((sh.digits(), sh.slots(), sh.witness_len()), (3, 4, 8));
    let values = [128u64];
    let mut r = rng(440);
    // 1 + 0·8 + 2·64 = 129 = v + 1, the top slot 0 instead of 8: E = 1 − 8λ;
    // and the honest digits of 128 (E = −8λ: λ = 0).
    for (digits, lambda_star) in [([1u64, 0, 2, 0], S::from_u64(8).invert_vartime()), ([0, 0, 2, 0], S::zero())] {
        for trial in 0..3u64 {
            let blindings = [nonzero(&mut r)];
            let cheat = Cheat {
                values: &values,
                blindings: &blindings,
                digits: &digits,
                mult: &setup.counts(&digits),
                r_shift: &no_shift(4),
                plant_t: None,
                seed: trial,
            };
            let fixed = setup.challenges(&mut r);
            let err_v = S::from_u64(digits[0] + 8 * digits[1] + 64 * digits[2]) - S::from_u64(values[0]);
            let check = |lambda: S, made: &Made| {
                assert_eq!(made.e_coeff, err_v + lambda * (S::from_u64(digits[3]) - S::from_u64(8)))
            };
            let (accepted, degenerate, _) = setup.sweep(&cheat, &fixed, LAMBDA, &check);
            assert_only_at(&accepted, &degenerate, &[lambda_star], &format!("digits {digits:?}"));
        }
    }
}

#[test]
fn false_statement_wins_for_nine_values_of_t() {
    let setup = Setup::new(7, 1, 3);
    let (values, digits) = ([128u64], [1u64, 0, 2, 0]);
    let mut r = rng(450);
    for trial in 0..4u64 {
        let blindings = [nonzero(&mut r)];
        let fixed = setup.challenges(&mut r);
        let cheat = Cheat {
            values: &values,
            blindings: &blindings,
            digits: &digits,
            mult: &setup.counts(&digits),
            r_shift: &no_shift(4),
            plant_t: Some((nonzero(&mut r), nonzero(&mut r))),
            seed: trial,
        };
        let (accepted, degenerate, roots) =
            setup.sweep(&cheat, &fixed, T_CH, &|_, made| assert!(!made.e_coeff.is_zero(), "a false statement"));
        assert_eq!(roots.len(), 9);
        assert_only_at(&accepted, &degenerate, &roots, &format!("trial {trial}"));
        // Without the plant (the honest prover's free coefficients,
        // Err(T) = 2E·T⁵): only at T = 0, where C(0) = S.
        let honest = Cheat { plant_t: None, ..cheat };
        let (accepted, degenerate, _) = setup.sweep(&honest, &fixed, T_CH, &|_, _| {});
        assert_only_at(&accepted, &degenerate, &[S::zero()], &format!("trial {trial}, unplanted"));
    }
}
