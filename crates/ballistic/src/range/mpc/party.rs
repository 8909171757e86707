//! A party: one secret value and blinding, chunk `j` of the aggregated
//! statement (entries `k = j·n + i`, generators of chain `j`).

use rand_core::{CryptoRng, OsRng, RngCore};
use subtle::{Choice, ConditionallySelectable, ConstantTimeGreater};
use zeroize::{Zeroize, Zeroizing};

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::MpcError;
use crate::ct::declassify;
use crate::encoding::ProofPoint;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::group::{Group, ScalarOps};
use crate::poly::{inner_product, pow};
use crate::range::RangeShape;

/// A secret kept on the heap: moving a party state (into a `Vec`, across
/// threads) moves only the pointer, so no copy of the secret is left behind
/// in memory that is freed without wiping (checked by `tests/zeroize.rs`).
struct Secret<T: Zeroize>(Box<T>);

impl<T: Zeroize> Drop for Secret<T> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl<T: Zeroize> core::ops::Deref for Secret<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

fn secret<T: Zeroize>(t: T) -> Secret<T> {
    Secret(Box::new(t))
}

/// Entry point of a party.
pub struct Party;

impl Party {
    /// A party proving `v ∈ [0, 2^n)` for `V = v·B + γ·B̃`.
    #[allow(clippy::new_ret_no_self)] // `Party`/`Dealer` name the protocol role; `new` starts its first state
    pub fn new<'a, G: Group>(
        bp_gens: &'a BulletproofGens<G>,
        pc_gens: &'a PedersenGens<G>,
        v: u64,
        v_blinding: G::Scalar,
        n: usize,
    ) -> Result<PartyAwaitingPosition<'a, G>, MpcError> {
        let shape = RangeShape::new(n, 1)?;
        if bp_gens.gens_capacity() < n {
            return Err(ProofError::InsufficientGenerators { parties_needed: 1, per_party_needed: n }.into());
        }
        let mut out_of_range = v.ct_gt(&shape.max_value()).unwrap_u8();
        declassify(&out_of_range);
        if core::hint::black_box(&mut out_of_range) != &0 {
            return Err(ProofError::ValueOutOfRange { index: 0, bits: n }.into());
        }
        let v_blinding = secret(v_blinding);
        let v_commit = ProofPoint::<G>::from_point(pc_gens.commit(&G::Scalar::from_u64(v), &v_blinding));
        declassify(&v_commit);
        Ok(PartyAwaitingPosition { bp_gens, pc_gens, n, v: secret(v), v_blinding, v_commit })
    }
}

/// A party that knows its secrets and waits for its position `j`.
pub struct PartyAwaitingPosition<'a, G: Group> {
    bp_gens: &'a BulletproofGens<G>,
    pc_gens: &'a PedersenGens<G>,
    n: usize,
    v: Secret<u64>,
    v_blinding: Secret<G::Scalar>,
    v_commit: ProofPoint<G>,
}

impl<'a, G: Group> PartyAwaitingPosition<'a, G> {
    /// Take position `j` (generators of chain `j`) and commit to the bits
    /// (OS RNG).
    pub fn assign_position(self, j: usize) -> Result<(PartyAwaitingBitChallenge<'a, G>, BitCommitment<G>), MpcError> {
        self.assign_position_with_rng(j, &mut OsRng)
    }

    /// [`assign_position`](Self::assign_position) with the caller's RNG.
    pub fn assign_position_with_rng<R: RngCore + CryptoRng>(
        self,
        j: usize,
        rng: &mut R,
    ) -> Result<(PartyAwaitingBitChallenge<'a, G>, BitCommitment<G>), MpcError> {
        let n = self.n;
        let (Some(g_chain), Some(h_chain)) = (self.bp_gens.g_chains().get(j), self.bp_gens.h_chains().get(j)) else {
            return Err(MpcError::InvalidPosition { position: j });
        };
        let (Some(g), Some(h)) = (g_chain.get(..n), h_chain.get(..n)) else {
            return Err(MpcError::InvalidPosition { position: j });
        };
        let bit = |i: usize| Choice::from(((*self.v >> i) & 1) as u8);

        // A_j = α·B̃ + Σ_i (a_L,i ? G_i : −H_i), selected in constant time.
        let alpha = Zeroizing::new(<G::Scalar as ScalarOps>::random(rng));
        let mut a_point = G::mul_ct(&self.pc_gens.b_blinding, &alpha);
        for (i, (g_i, h_i)) in g.iter().zip(h).enumerate() {
            a_point += G::Point::conditional_select(&-*h_i, g_i, bit(i));
        }
        let a = ProofPoint::<G>::from_point(a_point);
        declassify(&a);

        // S_j = ρ·B̃ + ⟨s_L, G⟩ + ⟨s_R, H⟩
        let mut s_scalars = Zeroizing::new(Vec::with_capacity(2 * n + 1));
        for _ in 0..2 * n + 1 {
            s_scalars.push(<G::Scalar as ScalarOps>::random(rng));
        }
        let mut bases = Vec::with_capacity(2 * n + 1);
        bases.push(self.pc_gens.b_blinding);
        bases.extend_from_slice(g);
        bases.extend_from_slice(h);
        let s = ProofPoint::<G>::from_point(G::msm_ct(&s_scalars, &bases));
        declassify(&s);

        let one = G::Scalar::one();
        let a_l = Zeroizing::new(
            (0..n).map(|i| G::Scalar::conditional_select(&G::Scalar::zero(), &one, bit(i))).collect::<Vec<_>>(),
        );
        let commitment = BitCommitment { v: self.v_commit, a, s };
        let next = PartyAwaitingBitChallenge {
            pc_gens: self.pc_gens,
            n,
            j,
            v_blinding: self.v_blinding,
            a_l,
            alpha: secret(*alpha),
            s_scalars,
            _gens: core::marker::PhantomData,
        };
        Ok((next, commitment))
    }
}

/// A party that committed to its bits and waits for `y, z`.
pub struct PartyAwaitingBitChallenge<'a, G: Group> {
    pc_gens: &'a PedersenGens<G>,
    n: usize,
    j: usize,
    v_blinding: Secret<G::Scalar>,
    a_l: Zeroizing<Vec<G::Scalar>>,
    alpha: Secret<G::Scalar>,
    /// `ρ ‖ 𝐬_L ‖ 𝐬_R`.
    s_scalars: Zeroizing<Vec<G::Scalar>>,
    _gens: core::marker::PhantomData<&'a BulletproofGens<G>>,
}

impl<'a, G: Group> PartyAwaitingBitChallenge<'a, G> {
    /// Take `y, z` and commit to `t₁, t₂` (OS RNG).
    pub fn apply_challenge(
        self,
        challenge: &BitChallenge<G>,
    ) -> Result<(PartyAwaitingPolyChallenge<G>, PolyCommitment<G>), MpcError> {
        self.apply_challenge_with_rng(challenge, &mut OsRng)
    }

    /// [`apply_challenge`](Self::apply_challenge) with the caller's RNG.
    // Indexing: the party's own vectors, all of length n (s_scalars: 2n + 1).
    #[allow(clippy::indexing_slicing)]
    pub fn apply_challenge_with_rng<R: RngCore + CryptoRng>(
        self,
        challenge: &BitChallenge<G>,
        rng: &mut R,
    ) -> Result<(PartyAwaitingPolyChallenge<G>, PolyCommitment<G>), MpcError> {
        let (y, z) = (challenge.y, challenge.z);
        if y.is_zero() || z.is_zero() {
            return Err(MpcError::ZeroChallenge);
        }
        if y == z {
            return Err(MpcError::RepeatedChallenge);
        }
        let n = self.n;
        let one = G::Scalar::one();
        let s_l = &self.s_scalars[1..=n];
        let s_r = &self.s_scalars[n + 1..];
        // Offsets of chunk j: y^{jn} and z^{2+j}.
        let mut y_k = pow(y, (self.j * n) as u64);
        let z_j = pow(z, 2 + self.j as u64);
        let mut d_i = z_j;
        let mut l0 = Zeroizing::new(Vec::with_capacity(n));
        let mut r0 = Zeroizing::new(Vec::with_capacity(n));
        let mut r1 = Zeroizing::new(Vec::with_capacity(n));
        for (i, a_l) in self.a_l.iter().enumerate() {
            let a_r = *a_l - one;
            l0.push(*a_l - z);
            r0.push(y_k * (a_r + z) + d_i);
            r1.push(y_k * s_r[i]);
            y_k *= y;
            d_i = d_i + d_i;
        }
        let l1 = Zeroizing::new(s_l.to_vec());
        let t0 = Zeroizing::new(inner_product(&l0, &r0));
        let t2 = Zeroizing::new(inner_product(&l1, &r1));
        let t1 = Zeroizing::new({
            let mut acc = G::Scalar::zero();
            for i in 0..n {
                acc += (l0[i] + l1[i]) * (r0[i] + r1[i]);
            }
            acc - *t0 - *t2
        });
        let tau_1 = Zeroizing::new(<G::Scalar as ScalarOps>::random(rng));
        let tau_2 = Zeroizing::new(<G::Scalar as ScalarOps>::random(rng));
        let t_1 = ProofPoint::<G>::from_point(self.pc_gens.commit(&t1, &tau_1));
        let t_2 = ProofPoint::<G>::from_point(self.pc_gens.commit(&t2, &tau_2));
        declassify(&t_1);
        declassify(&t_2);
        let next = PartyAwaitingPolyChallenge {
            y,
            z,
            z_j,
            v_blinding: self.v_blinding,
            alpha: self.alpha,
            rho: secret(self.s_scalars[0]),
            l0,
            l1,
            r0,
            r1,
            t: secret([*t0, *t1, *t2]),
            tau_1: secret(*tau_1),
            tau_2: secret(*tau_2),
        };
        Ok((next, PolyCommitment { t_1, t_2 }))
    }
}

/// A party that committed to its polynomial and waits for `x`.
pub struct PartyAwaitingPolyChallenge<G: Group> {
    y: G::Scalar,
    z: G::Scalar,
    z_j: G::Scalar,
    v_blinding: Secret<G::Scalar>,
    alpha: Secret<G::Scalar>,
    rho: Secret<G::Scalar>,
    l0: Zeroizing<Vec<G::Scalar>>,
    l1: Zeroizing<Vec<G::Scalar>>,
    r0: Zeroizing<Vec<G::Scalar>>,
    r1: Zeroizing<Vec<G::Scalar>>,
    t: Secret<[G::Scalar; 3]>,
    tau_1: Secret<G::Scalar>,
    tau_2: Secret<G::Scalar>,
}

impl<G: Group> PartyAwaitingPolyChallenge<G> {
    /// Take `x` and compute this party's share of the proof.
    // Indexing: t has 3 coefficients, built by this party.
    #[allow(clippy::indexing_slicing)]
    pub fn apply_challenge(self, challenge: &PolyChallenge<G>) -> Result<ProofShare<G>, MpcError> {
        let x = challenge.x;
        if x.is_zero() {
            return Err(MpcError::ZeroChallenge);
        }
        if x == self.y || x == self.z {
            return Err(MpcError::RepeatedChallenge);
        }
        let t_x = self.t[0] + x * (self.t[1] + x * self.t[2]);
        let t_x_blinding = *self.tau_1 * x + *self.tau_2 * x * x + self.z_j * *self.v_blinding;
        let e_blinding = *self.alpha + *self.rho * x;
        let l: Vec<G::Scalar> = self.l0.iter().zip(self.l1.iter()).map(|(a, b)| *a + *b * x).collect();
        let r: Vec<G::Scalar> = self.r0.iter().zip(self.r1.iter()).map(|(a, b)| *a + *b * x).collect();
        // Masked by s_L, s_R, τ's, ρ: what the single prover publishes
        // (crate::ct).
        declassify(&t_x);
        declassify(&t_x_blinding);
        declassify(&e_blinding);
        declassify(&l[..]);
        declassify(&r[..]);
        Ok(ProofShare { t_x, t_x_blinding, e_blinding, l, r })
    }
}
