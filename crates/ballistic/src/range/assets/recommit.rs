//! Multi-asset range proofs by re-commitment, for any range-proof system:
//! move every value onto the common generator `B`, prove each move, and
//! prove the moved values in range with one ordinary aggregated proof.
//!
//! **Construction.** For each output `j` the prover publishes
//! `V'_j = v_j·B + γ'_j·B̃` (fresh `γ'_j`) and a Σ-protocol proof of
//! knowledge of `(v_j, γ_j, γ'_j)` with
//!
//! ```text
//!   V_j = v_j·H_j + γ_j·B̃   and   V'_j = v_j·B + γ'_j·B̃            (the same v_j)
//! ```
//!
//! — nonces `k_v, k_γ, k_γ'`, `R_j = k_v·H_j + k_γ·B̃`, `R'_j = k_v·B + k_γ'·B̃`,
//! one challenge `e` for all outputs, responses `s_v = k_v + e·v_j`,
//! `s_γ = k_γ + e·γ_j`, `s_γ' = k_γ' + e·γ'_j` — then a range proof of the
//! chosen system for the `V'_j`. The verifier checks
//!
//! ```text
//!   s_v·H_j + s_γ·B̃ = R_j + e·V_j,   s_v·B + s_γ'·B̃ = R'_j + e·V'_j   (every j)
//! ```
//!
//! and the range proof, all in one multiscalar multiplication (the `2m`
//! equations weighted by powers of a scalar derived from the verifier's
//! secret `combine`).
//!
//! **Transcript.** Statement (`n, m`, group, every `H_j, V_j`), then the
//! range proof of the `V'_j` (its own domain separator, the `V'_j` as its
//! commitments, all its rounds), then every `R_j, R'_j`, then `e`. The
//! challenge thus binds the statement, the re-commitments and the range
//! proof.
//!
//! **Soundness.** Special soundness of the Σ-protocol: two accepting
//! transcripts with different `e` give `(v_j, γ_j, γ'_j)` opening both
//! equations, so `V'_j` commits on `B` to the value `V_j` commits to on
//! `H_j` (given that nobody knows `log_{B̃} H_j`, see [`super`]); the range
//! proof's soundness puts that value in `[0, 2^n)`.
//! **Zero knowledge.** `V'_j` is a fresh hiding commitment; the
//! Σ-protocol is honest-verifier zero knowledge (simulate by picking the
//! responses and solving for `R_j, R'_j`); the range proof is zero
//! knowledge.
//!
//! **Secrets.** `R_j, R'_j` and `V'_j` are constant-time multiscalar
//! multiplications; the nonces and `γ'_j` are wiped on drop; the responses
//! are masked by the nonces.
//!
//! **Encoding.** `(V'_j)_{j<m} ‖ (R_j ‖ R'_j ‖ s_v ‖ s_γ ‖ s_γ')_{j<m} ‖
//! range proof`: `3m` points and `3m` scalars before the range proof.

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use super::{check_prover_inputs, commit, MultiAssetStatement};
use crate::ct::declassify;
use crate::encoding::{ProofPoint, Reader};
use crate::equation::{Equation, Verifiable};
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::poly::powers;
use crate::range::{AnyRangeProof, RangeProofSystem, RangeStatement, RangeSystem};
use crate::transcript::TranscriptProtocol;

const DOMAIN: &[u8] = b"ballistic recommitted multi-asset rangeproof v1";

/// One output's re-commitment link: `R_j, R'_j, s_v, s_γ, s_γ'`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Link<G: Group> {
    pub(crate) r: ProofPoint<G>,
    r_common: ProofPoint<G>,
    s_value: G::Scalar,
    s_blinding: G::Scalar,
    s_reblinding: G::Scalar,
}

/// A multi-asset range proof by re-commitment (see the module
/// documentation) over a range proof of any system ([`crate::RangeProof`],
/// [`crate::RangeProofPlus`], [`crate::RangeProofPlusPlus`]), held as an
/// [`AnyRangeProof`].
#[derive(Clone, Debug)]
pub struct RecommittedRangeProof<G: Group> {
    recommitments: Vec<ProofPoint<G>>,
    pub(crate) links: Vec<Link<G>>,
    range: AnyRangeProof<G>,
}

impl<G: Group> RecommittedRangeProof<G> {
    /// Prove every `values[j] ∈ [0, 2^n)` with `V_j = v_j·H_j + γ_j·B̃`,
    /// `H_j = value_generators[j]` (none the identity). Returns the proof
    /// and the commitments `V_j`. `gens` must cover system `P`'s proof
    /// for `m` values of `n` bits.
    pub fn prove_with_rng<P: RangeProofSystem<G>, R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        value_generators: &[G::Point],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        let pc_gens = gens.pedersen();
        let shape = check_prover_inputs::<G>(values, blindings, value_generators, n)?;
        transcript.multi_asset_domain_sep::<G>(DOMAIN, n as u64, shape.m as u64);
        let mut commitments = Vec::with_capacity(shape.m);
        for ((v, gamma), h_j) in values.iter().zip(blindings).zip(value_generators) {
            let v_j = G::compress(&commit(*v, gamma, h_j, pc_gens));
            declassify(&v_j);
            transcript.append_point::<G>(b"H", &G::compress(h_j));
            transcript.append_point::<G>(b"V", &v_j);
            commitments.push(v_j);
        }

        // The values on B, and their range proof.
        let reblindings: Zeroizing<Vec<G::Scalar>> =
            Zeroizing::new(values.iter().map(|_| <G::Scalar as ScalarOps>::random(rng)).collect());
        let (range, recommitted) = P::prove_multiple_with_rng(gens, transcript, values, &reblindings, n, rng)?;
        let range = range.into_any();
        let recommitments = recommitted
            .iter()
            .map(|c| G::decompress(c).map(|point| ProofPoint { compressed: *c, point }))
            .collect::<Option<Vec<_>>>()
            .ok_or(ProofError::InvalidCommitment { index: 0 })?;

        // The links: R_j = k_v·H_j + k_γ·B̃, R'_j = k_v·B + k_γ'·B̃.
        let nonces: Zeroizing<Vec<[G::Scalar; 3]>> = Zeroizing::new(
            values
                .iter()
                .map(|_| {
                    let mut k = [G::Scalar::zero(); 3];
                    k.iter_mut().for_each(|k| *k = <G::Scalar as ScalarOps>::random(rng));
                    k
                })
                .collect(),
        );
        let mut points = Vec::with_capacity(shape.m);
        for (k, h_j) in nonces.iter().zip(value_generators) {
            let r = ProofPoint::<G>::from_point(G::msm_ct(&[k[0], k[1]], &[*h_j, pc_gens.b_blinding]));
            let r_common = ProofPoint::<G>::from_point(G::msm_ct(&[k[0], k[2]], &[pc_gens.b, pc_gens.b_blinding]));
            declassify(&r);
            declassify(&r_common);
            transcript.append_point::<G>(b"R", &r.compressed);
            transcript.append_point::<G>(b"R'", &r_common.compressed);
            points.push((r, r_common));
        }
        let e = transcript.challenge_scalar::<G>(b"e");
        let links = points
            .into_iter()
            .zip(nonces.iter())
            .zip(values.iter().zip(blindings).zip(reblindings.iter()))
            .map(|(((r, r_common), k), ((v, gamma), gamma2))| {
                let link = Link {
                    r,
                    r_common,
                    s_value: k[0] + e * G::Scalar::from_u64(*v),
                    s_blinding: k[1] + e * *gamma,
                    s_reblinding: k[2] + e * *gamma2,
                };
                // Masked by the nonces.
                declassify(&link.s_value);
                declassify(&link.s_blinding);
                declassify(&link.s_reblinding);
                link
            })
            .collect();
        Ok((RecommittedRangeProof { recommitments, links, range }, commitments))
    }

    /// The range proof of the re-commitments.
    pub fn range_proof(&self) -> &AnyRangeProof<G> {
        &self.range
    }

    /// The system of the range proof inside.
    pub fn system(&self) -> RangeSystem {
        self.range.system()
    }

    /// The re-commitments `V'_j` (on `B`).
    pub fn recommitments(&self) -> Vec<G::Compressed> {
        self.recommitments.iter().map(|p| p.compressed).collect()
    }

    /// The encoded length of a proof over `system` for `m` values of `n` bits.
    pub fn encoded_len(system: RangeSystem, n: usize, m: usize) -> Result<usize, ProofError> {
        Ok(Self::links_len(m) + system.encoded_len::<G>(n, m)?)
    }

    fn links_len(m: usize) -> usize {
        3 * m * (G::POINT_LEN + SCALAR_LEN)
    }

    /// Serialize (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for v in &self.recommitments {
            out.extend_from_slice(G::compressed_bytes(&v.compressed));
        }
        for l in &self.links {
            out.extend_from_slice(G::compressed_bytes(&l.r.compressed));
            out.extend_from_slice(G::compressed_bytes(&l.r_common.compressed));
            for s in [&l.s_value, &l.s_blinding, &l.s_reblinding] {
                out.extend_from_slice(&s.to_bytes());
            }
        }
        out.extend_from_slice(&self.range.to_bytes());
        out
    }

    /// Deserialize strictly for a statement of `m` values of `n` bits: the
    /// exact length, canonical scalars, valid points, and the range proof
    /// decoded by `system`'s strict rules. `system` is the verifier's
    /// requirement, not the sender's claim.
    pub fn from_bytes_for(system: RangeSystem, bytes: &[u8], n: usize, m: usize) -> Result<Self, ProofError> {
        let expected = Self::encoded_len(system, n, m)?;
        if bytes.len() != expected {
            return Err(ProofError::WrongLength { expected, got: bytes.len() });
        }
        let mut r = Reader::new(bytes);
        let recommitments = (0..m).map(|_| r.read_point::<G>()).collect::<Result<Vec<_>, _>>()?;
        let links = (0..m)
            .map(|_| {
                Ok(Link {
                    r: r.read_point::<G>()?,
                    r_common: r.read_point::<G>()?,
                    s_value: r.read_scalar::<G>()?,
                    s_blinding: r.read_scalar::<G>()?,
                    s_reblinding: r.read_scalar::<G>()?,
                })
            })
            .collect::<Result<Vec<_>, ProofError>>()?;
        let start = Self::links_len(m);
        let range = system.decode(bytes.get(start..).unwrap_or_default(), n, m).map_err(|e| e.within(start))?;
        Ok(RecommittedRangeProof { recommitments, links, range })
    }
}

impl<G: Group> Verifiable<G> for RecommittedRangeProof<G> {
    type Statement = MultiAssetStatement<G>;
    type Context = Transcript;

    /// The range proof (with `combine`) and the `2m` link equations
    /// (weighted by `ω, ω², …`, `ω` derived from `combine`).
    fn add_terms(
        &self,
        statement: &MultiAssetStatement<G>,
        transcript: &mut Transcript,
        weight: G::Scalar,
        combine: G::Scalar,
        acc: &mut Equation<G>,
    ) -> Result<(), ProofError> {
        let shape = statement.shape();
        if self.recommitments.len() != shape.m || self.links.len() != shape.m {
            return Err(ProofError::WrongNumCommitments { expected: shape.m, got: self.recommitments.len() });
        }
        // Everything fallible before the first term: the link points…
        for l in &self.links {
            for (label, p) in [("R", &l.r), ("R'", &l.r_common)] {
                if G::is_identity_compressed(&p.compressed) {
                    return Err(ProofError::IdentityPoint { label });
                }
            }
        }
        transcript.multi_asset_domain_sep::<G>(DOMAIN, shape.n as u64, shape.m as u64);
        statement.append_to(transcript);
        // …and the range proof, whose add_terms adds nothing on error.
        let inner = RangeStatement::from_parts(
            shape,
            self.recommitments.iter().map(|p| p.compressed).collect(),
            self.recommitments.iter().map(|p| p.point).collect(),
        );
        self.range.add_terms(&inner, transcript, weight, combine, acc)?;
        for l in &self.links {
            transcript.append_point::<G>(b"R", &l.r.compressed);
            transcript.append_point::<G>(b"R'", &l.r_common.compressed);
        }
        let e = transcript.challenge_scalar::<G>(b"e");

        let mut derive = Transcript::new(b"ballistic recommitted link weights");
        derive.append_scalar::<G>(b"combine", &combine);
        let omega = derive.challenge_scalar::<G>(b"omega");
        let mut weights = powers(omega).skip(1).map(|w| w * weight);
        for (((l, v), v2), h) in
            self.links.iter().zip(&statement.points).zip(&self.recommitments).zip(&statement.generator_points)
        {
            // s_v·H_j + s_γ·B̃ − R_j − e·V_j
            let w1 = weights.next().unwrap_or_default();
            acc.add_point(w1 * l.s_value, *h);
            acc.add_b_blinding(w1 * l.s_blinding);
            acc.add_point(-w1, l.r.point);
            acc.add_point(-(w1 * e), *v);
            // s_v·B + s_γ'·B̃ − R'_j − e·V'_j
            let w2 = weights.next().unwrap_or_default();
            acc.add_b(w2 * l.s_value);
            acc.add_b_blinding(w2 * l.s_reblinding);
            acc.add_point(-w2, l.r_common.point);
            acc.add_point(-(w2 * e), v2.point);
        }
        Ok(())
    }
}
