//! The prover (secp256k1-zkp `secp256k1_bulletproof_rangeproof_prove_impl`
//! and `secp256k1_bulletproof_inner_product_prove_impl`, rewritten).

use alloc::vec::Vec;

use k256::{ProjectivePoint, Scalar};
use subtle::{ConditionallySelectable, ConstantTimeEq, ConstantTimeGreater};
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::encoding::{rounds, write_points, write_scalar, HEAD_LEN};
use super::generators::{grin_generators, wire, WirePoint, MAX_VECTOR};
use super::transcript::{chacha_scalars, scalar_to_be, Commit};
use super::verifier::{check_min_values, check_shape};
use super::{GrinNonces, GrinOpening, GrinProof, GrinProveOptions};
use crate::ct::{declassify, reveal};
use crate::equation::Equation;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps, Secp256k1};

/// The prover's scalar randomness (`α` already holds the hidden value);
/// wiped on drop.
#[derive(Zeroize, ZeroizeOnDrop)]
struct Randomness {
    alpha: Scalar,
    rho: Scalar,
    tau1: Scalar,
    tau2: Scalar,
}

fn refuse(message: &str) -> ProofError {
    ProofError::Gadget { message: alloc::format!("Grin prover: {message}") }
}

fn public_wire(p: &ProjectivePoint, label: &'static str) -> Result<WirePoint, ProofError> {
    wire(p).ok_or(ProofError::IdentityPoint { label })
}

/// `Σ a_i b_i`.
fn dot(a: &[Scalar], b: &[Scalar]) -> Scalar {
    a.iter().zip(b).fold(Scalar::ZERO, |acc, (x, y)| acc + *x * *y)
}

// Indices stay below the lengths the prover allocated: `N = n·m` entries
// (checked against Grin's 128 generators by `check_shape`), `k = j·n + i`.
#[allow(clippy::indexing_slicing)]
pub(super) fn prove(
    openings: &[GrinOpening],
    nonces: &GrinNonces,
    options: &GrinProveOptions<'_>,
) -> Result<(GrinProof, Vec<ProjectivePoint>), ProofError> {
    let n = options.n_bits;
    let m = openings.len();
    let big_n = check_shape(n, m, options.min_values.map(<[u64]>::len))?;
    if let Some(min_values) = options.min_values {
        check_min_values(min_values)?;
    }
    let gens = grin_generators();
    let g = options.value_gen.unwrap_or_else(|| gens.value_gen());
    let h = gens.blinding_gen();
    let g_wire = public_wire(&g, "value generator")?;
    let mins: Vec<u64> = options.min_values.map(<[u64]>::to_vec).unwrap_or_else(|| alloc::vec![0; m]);

    // The range checks: their verdict is public (a refused value reveals
    // that one bit), nothing before it branches on a value.
    for (j, (o, &min)) in openings.iter().zip(&mins).enumerate() {
        let below_min = min.ct_gt(&o.value);
        let (diff_high, value_high) = if n < 64 {
            (!(o.value.wrapping_sub(min) >> n).ct_eq(&0), !(o.value >> n).ct_eq(&0))
        } else {
            (0u8.ct_eq(&1), 0u8.ct_eq(&1))
        };
        if reveal(bool::from(below_min | diff_high | value_high)) {
            return Err(ProofError::ValueOutOfRange { index: j, bits: n });
        }
        if reveal(bool::from(o.blinding.ct_eq(&Scalar::ZERO))) {
            return Err(refuse("zero blinding factor"));
        }
    }

    // Commitments (public).
    let commitments: Vec<ProjectivePoint> = openings
        .iter()
        .map(|o| Secp256k1::msm_ct(&[<Scalar as ScalarOps>::from_u64(o.value), o.blinding], &[g, h]))
        .collect();
    declassify(commitments.as_slice());

    let mut commit = Commit::default();
    if let Some(min_values) = options.min_values {
        commit.absorb_min_values(min_values);
    }
    for v in &commitments {
        commit.absorb_pair(&public_wire(v, "V")?, &g_wire);
    }
    if let Some(extra) = options.extra_commit {
        commit.absorb(extra);
    }

    let (alpha, rho) = chacha_scalars(&nonces.rewind, 0);
    let (tau1, tau2) = chacha_scalars(&nonces.private, 1);
    let mut rnd = Randomness { alpha, rho, tau1, tau2 };
    if m == 1 {
        // The value (and message) hidden in α, recovered from −μ by rewinding.
        let mut hidden = Zeroizing::new([0u8; 32]);
        hidden[24..].copy_from_slice(&openings[0].value.to_be_bytes());
        if let Some(message) = options.message {
            hidden[4..24].copy_from_slice(&message);
        }
        // Top four bytes zero: below ℓ.
        let vals = super::transcript::scalar_from_be(&hidden).unwrap_or(Scalar::ZERO);
        rnd.alpha -= vals;
    }

    // Bits a_L (a_R = a_L − 1) and the masks s_L, s_R.
    let mut a_l = Zeroizing::new(Vec::with_capacity(big_n));
    for (o, &min) in openings.iter().zip(&mins) {
        let diff = o.value.wrapping_sub(min);
        for i in 0..n {
            a_l.push(<Scalar as ScalarOps>::from_u64((diff >> i) & 1));
        }
    }
    let a_r: Zeroizing<Vec<Scalar>> = Zeroizing::new(a_l.iter().map(|b| *b - Scalar::ONE).collect());
    let mut s_l = Zeroizing::new(Vec::with_capacity(big_n));
    let mut s_r = Zeroizing::new(Vec::with_capacity(big_n));
    for k in 0..big_n {
        let (l, r) = chacha_scalars(&nonces.rewind, k as u64 + 2);
        s_l.push(l);
        s_r.push(r);
    }

    let g_vec = &gens.g_vec()[..big_n];
    let h_vec = &gens.h_vec()[..big_n];
    // A = α·h + Σ_k (a_{L,k}·G_k + (a_{L,k} − 1)·H_k): each position adds
    // G_k (bit 1) or −H_k (bit 0), chosen in constant time and summed with
    // k256's complete addition: N additions instead of a (2N + 1)-term
    // constant-time multiscalar multiplication (about 2 ms of a 64-bit proof).
    let mut a_point = Secp256k1::mul_ct(&h, &rnd.alpha);
    for (j, (o, &min)) in openings.iter().zip(&mins).enumerate() {
        let mut diff = o.value.wrapping_sub(min);
        for (g_k, h_k) in g_vec.iter().zip(h_vec).skip(j * n).take(n) {
            let bit = subtle::Choice::from((diff & 1) as u8);
            a_point += ProjectivePoint::conditional_select(&-*h_k, g_k, bit);
            diff >>= 1;
        }
        diff.zeroize();
    }
    // S = ρ·h + ⟨s_L, 𝐆⟩ + ⟨s_R, 𝐇⟩, the vector part with the generators'
    // kept constant-time table (the same point as the direct sum).
    let rho_h = Zeroizing::new([(rnd.rho, h)]);
    let s_point = match gens.generators().vector().msm_ct_layout(big_n, 0, &s_l, &s_r, &*rho_h) {
        Some(sum) => sum,
        None => {
            let mut scalars = Zeroizing::new(Vec::with_capacity(2 * big_n + 1));
            scalars.push(rnd.rho);
            scalars.extend_from_slice(&s_l);
            scalars.extend_from_slice(&s_r);
            let mut bases = Vec::with_capacity(2 * big_n + 1);
            bases.push(h);
            bases.extend_from_slice(g_vec);
            bases.extend_from_slice(h_vec);
            crate::group::msm_ct_par::<Secp256k1>(&scalars, &bases)
        }
    };
    declassify(&a_point);
    declassify(&s_point);
    let a_wire = public_wire(&a_point, "A")?;
    let s_wire = public_wire(&s_point, "S")?;

    commit.absorb_pair(&a_wire, &s_wire);
    let y = commit.challenge().ok_or(ProofError::VerificationFailed)?;
    commit.absorb_pair(&a_wire, &s_wire);
    let z = commit.challenge().ok_or(ProofError::VerificationFailed)?;

    // l(X) = l0 + l1·X, r(X) = r0 + r1·X (eqs. (39)–(40)).
    let mut l0 = Zeroizing::new(Vec::with_capacity(big_n));
    let mut r0 = Zeroizing::new(Vec::with_capacity(big_n));
    let mut r1 = Zeroizing::new(Vec::with_capacity(big_n));
    let mut y_k = Scalar::ONE;
    let mut z_j = z * z;
    for j in 0..m {
        let mut d = z_j;
        for i in 0..n {
            let k = j * n + i;
            l0.push(a_l[k] - z);
            r0.push(y_k * (a_r[k] + z) + d);
            r1.push(y_k * s_r[k]);
            y_k *= y;
            d = d + d;
        }
        z_j *= z;
    }
    let t1 = dot(&l0, &r1) + dot(&s_l, &r0);
    let t2 = dot(&s_l, &r1);
    let t1_point = Secp256k1::msm_ct(&[t1, rnd.tau1], &[g, h]);
    let t2_point = Secp256k1::msm_ct(&[t2, rnd.tau2], &[g, h]);
    declassify(&t1_point);
    declassify(&t2_point);
    let t1_wire = public_wire(&t1_point, "T_1")?;
    let t2_wire = public_wire(&t2_point, "T_2")?;
    commit.absorb_pair(&t1_wire, &t2_wire);
    let x = commit.challenge().ok_or(ProofError::VerificationFailed)?;

    let mut tau_x = rnd.tau1 * x + rnd.tau2 * x * x;
    let mut z_j = z * z;
    for o in openings {
        tau_x += z_j * o.blinding;
        z_j *= z;
    }
    let mu = rnd.alpha + rnd.rho * x;
    // `0 − x`: k256's negation branches on its input.
    let neg_tau_x = Scalar::ZERO - tau_x;
    let neg_mu = Scalar::ZERO - mu;
    declassify(&neg_tau_x);
    declassify(&neg_mu);

    let mut bytes = Vec::with_capacity(super::proof_len(big_n).unwrap_or(0));
    write_scalar(&mut bytes, &neg_tau_x);
    write_scalar(&mut bytes, &neg_mu);
    write_points(&mut bytes, &[a_point, s_point, t1_point, t2_point])
        .ok_or(ProofError::IdentityPoint { label: "A" })?;
    commit.absorb(&bytes[..64]);

    // 𝐥(x), 𝐫(x): masked by s_L, s_R, handed to the variable-time argument.
    let l: Vec<Scalar> = l0.iter().zip(s_l.iter()).map(|(a, s)| *a + *s * x).collect();
    let r: Vec<Scalar> = r0.iter().zip(r1.iter()).map(|(a, s)| *a + *s * x).collect();
    declassify(l.as_slice());
    declassify(r.as_slice());
    let y_inv = <Scalar as ScalarOps>::invert_vartime(&y);
    inner_product(&mut bytes, commit, l, r, y_inv)?;

    debug_assert_eq!(bytes.len(), super::proof_len(big_n).unwrap_or(0));
    debug_assert!(bytes.len() > HEAD_LEN);
    let proof = GrinProof::from_bytes(&bytes)?;
    Ok((proof, commitments))
}

/// Grin's inner-product argument (public inputs; variable time), its `L`,
/// `R` as sums over the original generators through their precomputed
/// table (the blinding generator `Q = u·h` is the Pedersen `B̃`). Appends
/// `t̂ ‖ 𝐚 ‖ 𝐛 ‖ flags ‖ L_0, R_0, …` to `out`.
// `a`, `b`, the coefficient vectors and the generator slices have `N`
// entries; round `r` reads partners `p ± 1` of positions below `N >> r`, and
// `lr` holds two points per finished round.
#[allow(clippy::indexing_slicing)]
fn inner_product(
    out: &mut Vec<u8>,
    mut commit: Commit,
    mut a: Vec<Scalar>,
    mut b: Vec<Scalar>,
    y_inv: Scalar,
) -> Result<(), ProofError> {
    let big_n = a.len();
    let t_hat = dot(&a, &b);
    let t_bytes = scalar_to_be(&t_hat);
    out.extend_from_slice(&t_bytes);
    commit.absorb(&t_bytes);
    let u = commit.challenge().ok_or(ProofError::VerificationFailed)?;

    // Coefficients of the original generators in the folded ones.
    let mut g_coef = alloc::vec![Scalar::ONE; big_n];
    let mut h_coef = Vec::with_capacity(big_n);
    let mut y_pow = Scalar::ONE;
    for _ in 0..big_n {
        h_coef.push(y_pow);
        y_pow *= y_inv;
    }
    let mut lr = Vec::new();
    let gens = grin_generators();
    for round in 0..rounds(big_n) {
        let half = a.len() / 2;
        let c_l: Scalar = (0..half).map(|j| a[2 * j] * b[2 * j + 1]).sum();
        let c_r: Scalar = (0..half).map(|j| a[2 * j + 1] * b[2 * j]).sum();
        for (c, odd_takes_g) in [(c_l, true), (c_r, false)] {
            // L = ⟨𝐚_even, 𝐆_odd⟩ + ⟨𝐛_odd, 𝐇_even⟩ + u·c_L·h; R swaps
            // even and odd.
            // Through the generators' precomputed table (the verifier's),
            // as one equation: each position takes its G or its H.
            let mut g_scalars = alloc::vec![Scalar::ZERO; big_n];
            let mut h_scalars = alloc::vec![Scalar::ZERO; big_n];
            for k in 0..big_n {
                let p = k >> round;
                let odd = p & 1 == 1;
                let partner = if odd { p - 1 } else { p + 1 };
                if odd == odd_takes_g {
                    g_scalars[k] = a[partner] * g_coef[k];
                } else {
                    h_scalars[k] = b[partner] * h_coef[k];
                }
            }
            let mut eq = Equation::<Secp256k1>::new();
            eq.add_g_layout(MAX_VECTOR, g_scalars);
            eq.add_h_layout(MAX_VECTOR, h_scalars);
            eq.add_b_blinding(u * c);
            lr.push(eq.sum(gens.generators())?);
        }
        let (l_point, r_point) = (lr[2 * round], lr[2 * round + 1]);
        commit.absorb_pair(&public_wire(&l_point, "L")?, &public_wire(&r_point, "R")?);
        let x = commit.challenge().ok_or(ProofError::VerificationFailed)?;
        let x_inv = <Scalar as ScalarOps>::invert_vartime(&x);
        for j in 0..half {
            a[j] = a[2 * j] * x + a[2 * j + 1] * x_inv;
            b[j] = b[2 * j] * x_inv + b[2 * j + 1] * x;
        }
        a.truncate(half);
        b.truncate(half);
        for k in 0..big_n {
            if (k >> round) & 1 == 1 {
                g_coef[k] *= x;
                h_coef[k] *= x_inv;
            } else {
                g_coef[k] *= x_inv;
                h_coef[k] *= x;
            }
        }
    }
    for s in a.iter().chain(&b) {
        write_scalar(out, s);
    }
    write_points(out, &lr).ok_or(ProofError::IdentityPoint { label: "L" })?;
    Ok(())
}
