//! The dealer: runs the transcript, checks every party's messages, adds the
//! public padding chunk and builds the proof (paper §4.5): `A = Σ_j A_j +
//! A_pad`, `S = Σ_j S_j`, `T_i = Σ_j T_{i,j}`, `t̂ = Σ_j t̂_j + t̂_pad`,
//! `τ_x = Σ_j τ_{x,j}`, `μ = Σ_j μ_j`, `𝐥 = 𝐥_0 ‖ … ‖ 𝐥_pad` (likewise `𝐫`),
//! then the inner-product argument — the aggregation and the last rounds
//! of `range::bulletproofs::algebra`, as the single prover runs them.

use alloc::vec::Vec;

use merlin::Transcript;

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::MpcError;
use crate::encoding::ProofPoint;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps};
use crate::poly::{inner_product, pow, powers};
use crate::range::bulletproofs::algebra::{self, Share};
use crate::range::{RangeProof, RangeShape};
use crate::transcript::TranscriptProtocol;

/// Entry point of the dealer.
pub struct Dealer;

impl Dealer {
    /// A dealer for `m` parties of `n` bits each, over `transcript` (the
    /// same transcript label the verifier will use).
    #[allow(clippy::new_ret_no_self)] // `Party`/`Dealer` name the protocol role; `new` starts its first state
    pub fn new<'t, G: Group>(
        gens: &Generators<G>,
        transcript: &'t mut Transcript,
        n: usize,
        m: usize,
    ) -> Result<DealerAwaitingBitCommitments<'t, G>, MpcError> {
        let bp_gens = gens.vector();
        let shape = RangeShape::new(n, m)?;
        bp_gens.check_layout(n, shape.padded)?;
        transcript.rangeproof_domain_sep(n as u64, m as u64);
        transcript.group_domain_sep::<G>();
        Ok(DealerAwaitingBitCommitments { gens: gens.clone(), transcript, shape })
    }
}

fn expect_len<T>(messages: &[T], m: usize) -> Result<(), MpcError> {
    if messages.len() != m {
        return Err(MpcError::WrongNumMessages { expected: m, got: messages.len() });
    }
    Ok(())
}

/// Waiting for every party's [`BitCommitment`].
pub struct DealerAwaitingBitCommitments<'t, G: Group> {
    gens: Generators<G>,
    transcript: &'t mut Transcript,
    shape: RangeShape,
}

impl<'t, G: Group> DealerAwaitingBitCommitments<'t, G> {
    /// Take the bit commitments (index = party position) and issue `y, z`.
    pub fn receive_bit_commitments(
        self,
        commitments: Vec<BitCommitment<G>>,
    ) -> Result<(DealerAwaitingPolyCommitments<'t, G>, BitChallenge<G>), MpcError> {
        let shape = self.shape;
        expect_len(&commitments, shape.m)?;
        let bad: Vec<usize> = commitments
            .iter()
            .enumerate()
            .filter(|(_, c)| G::is_identity_compressed(&c.a.compressed) || G::is_identity_compressed(&c.s.compressed))
            .map(|(j, _)| j)
            .collect();
        if !bad.is_empty() {
            return Err(MpcError::MalformedBitCommitments { bad_parties: bad });
        }
        for c in &commitments {
            self.transcript.append_point::<G>(b"V", &c.v.compressed);
        }
        // The public padding chunk: A gains −Σ H_k; no S part.
        let pad = algebra::padding_bits(self.gens.vector(), shape);
        let a = ProofPoint::<G>::from_point(commitments.iter().map(|c| c.a.point).sum::<G::Point>() + pad);
        let s = ProofPoint::<G>::from_point(commitments.iter().map(|c| c.s.point).sum());
        self.transcript.append_point::<G>(b"A", &a.compressed);
        self.transcript.append_point::<G>(b"S", &s.compressed);
        let y = self.transcript.challenge_scalar::<G>(b"y");
        let z = self.transcript.challenge_scalar::<G>(b"z");
        let next = DealerAwaitingPolyCommitments {
            gens: self.gens,
            transcript: self.transcript,
            shape,
            bit_commitments: commitments,
            a,
            s,
            y,
            z,
        };
        Ok((next, BitChallenge { y, z }))
    }
}

/// Waiting for every party's [`PolyCommitment`].
pub struct DealerAwaitingPolyCommitments<'t, G: Group> {
    gens: Generators<G>,
    transcript: &'t mut Transcript,
    shape: RangeShape,
    bit_commitments: Vec<BitCommitment<G>>,
    a: ProofPoint<G>,
    s: ProofPoint<G>,
    y: G::Scalar,
    z: G::Scalar,
}

impl<'t, G: Group> DealerAwaitingPolyCommitments<'t, G> {
    /// Take the polynomial commitments and issue `x`.
    pub fn receive_poly_commitments(
        self,
        commitments: Vec<PolyCommitment<G>>,
    ) -> Result<(DealerAwaitingProofShares<'t, G>, PolyChallenge<G>), MpcError> {
        expect_len(&commitments, self.shape.m)?;
        let bad: Vec<usize> = commitments
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                G::is_identity_compressed(&c.t_1.compressed) || G::is_identity_compressed(&c.t_2.compressed)
            })
            .map(|(j, _)| j)
            .collect();
        if !bad.is_empty() {
            return Err(MpcError::MalformedPolyCommitments { bad_parties: bad });
        }
        let t_1 = ProofPoint::<G>::from_point(commitments.iter().map(|c| c.t_1.point).sum());
        let t_2 = ProofPoint::<G>::from_point(commitments.iter().map(|c| c.t_2.point).sum());
        self.transcript.append_point::<G>(b"T_1", &t_1.compressed);
        self.transcript.append_point::<G>(b"T_2", &t_2.compressed);
        let x = self.transcript.challenge_scalar::<G>(b"x");
        let next = DealerAwaitingProofShares {
            gens: self.gens,
            transcript: self.transcript,
            shape: self.shape,
            bit_commitments: self.bit_commitments,
            poly_commitments: commitments,
            a: self.a,
            s: self.s,
            t_1,
            t_2,
            y: self.y,
            z: self.z,
            x,
        };
        Ok((next, PolyChallenge { x }))
    }
}

/// Waiting for every party's [`ProofShare`].
pub struct DealerAwaitingProofShares<'t, G: Group> {
    gens: Generators<G>,
    transcript: &'t mut Transcript,
    shape: RangeShape,
    bit_commitments: Vec<BitCommitment<G>>,
    poly_commitments: Vec<PolyCommitment<G>>,
    a: ProofPoint<G>,
    s: ProofPoint<G>,
    t_1: ProofPoint<G>,
    t_2: ProofPoint<G>,
    y: G::Scalar,
    z: G::Scalar,
    x: G::Scalar,
}

impl<G: Group> DealerAwaitingProofShares<'_, G> {
    /// Is party `j`'s share consistent with its commitments? (the three
    /// checks of the module documentation; variable time, public data).
    fn share_is_valid(&self, j: usize, share: &ProofShare<G>) -> bool {
        let n = self.shape.n;
        let (Some(bit), Some(poly)) = (self.bit_commitments.get(j), self.poly_commitments.get(j)) else {
            return false;
        };
        if share.l.len() != n || share.r.len() != n {
            return false;
        }
        let (y, z, x) = (self.y, self.z, self.x);
        if inner_product(&share.l, &share.r) != share.t_x {
            return false;
        }
        let one = G::Scalar::one();
        let z_j = pow(z, 2 + j as u64);
        let y_offset = pow(y, (j * n) as u64);
        let sum_y: G::Scalar = powers(y).skip(j * n).take(n).fold(G::Scalar::zero(), |a, b| a + b);
        let two_n_minus_one = pow(G::Scalar::from_u64(2), n as u64) - one;
        let delta = (z - z * z) * sum_y - z_j * z * two_n_minus_one;
        // t̂_j·B + τ_x,j·B̃ − z^{2+j}·V_j − δ_j·B − x·T1_j − x²·T2_j = 0
        let poly_check = G::msm_vartime(
            [share.t_x - delta, share.t_x_blinding, -z_j, -x, -(x * x)],
            [self.gens.pedersen().b, self.gens.pedersen().b_blinding, bit.v.point, poly.t_1.point, poly.t_2.point],
        );
        if !G::is_identity_vartime(&poly_check) {
            return false;
        }
        // A_j + x·S_j − μ_j·B̃ − Σ (l_i + z)·G_i − Σ (r_i − z·y^k − z^{2+j}·2^i)·y^{−k}·H_i = 0
        let (Some(g_chain), Some(h_chain)) =
            (self.gens.vector().g_chains().get(j), self.gens.vector().h_chains().get(j))
        else {
            return false;
        };
        let (Some(g), Some(h)) = (g_chain.get(..n), h_chain.get(..n)) else { return false };
        let y_inv = y.invert_vartime();
        let mut scalars = Vec::with_capacity(2 * n + 3);
        let mut points = Vec::with_capacity(2 * n + 3);
        scalars.extend([one, x, -share.e_blinding]);
        points.extend([bit.a.point, bit.s.point, self.gens.pedersen().b_blinding]);
        let mut y_inv_k = pow(y_inv, (j * n) as u64);
        let mut y_k = y_offset;
        let mut d_i = z_j;
        // Shares are decoded with exactly n entries; zip stops at the
        // shortest in any case, and a short share fails the equation.
        for (((l_i, r_i), g_i), h_i) in share.l.iter().zip(&share.r).zip(g).zip(h).take(n) {
            scalars.push(-(*l_i + z));
            points.push(*g_i);
            scalars.push(-(*r_i - z * y_k - d_i) * y_inv_k);
            points.push(*h_i);
            y_k *= y;
            y_inv_k *= y_inv;
            d_i = d_i + d_i;
        }
        G::is_identity_vartime(&G::msm_vartime(&scalars, &points))
    }

    /// Check every share (naming every party whose share fails), then
    /// assemble the proof. Returns the proof and the commitments `V_j` in
    /// party order, ready for [`RangeProofSystem::verify_multiple`](crate::RangeProofSystem::verify_multiple).
    pub fn receive_shares(self, shares: Vec<ProofShare<G>>) -> Result<(RangeProof<G>, Vec<G::Compressed>), MpcError> {
        let shape = self.shape;
        expect_len(&shares, shape.m)?;
        let bad: Vec<usize> =
            shares.iter().enumerate().filter(|(j, s)| !self.share_is_valid(*j, s)).map(|(j, _)| j).collect();
        if !bad.is_empty() {
            return Err(MpcError::MalformedProofShares { bad_parties: bad });
        }
        let padding = algebra::padding_share(shape, self.y, self.z);
        let shares = shares.into_iter().map(Share::from).chain(core::iter::once(padding));
        let share = algebra::aggregate(shares, shape.padded);
        let points = [self.a, self.s, self.t_1, self.t_2];
        let proof = algebra::prove_aggregate(&self.gens, self.transcript, shape, self.y, points, share);
        let commitments = self.bit_commitments.iter().map(|c| c.v.compressed).collect();
        Ok((proof, commitments))
    }
}
