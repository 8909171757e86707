//! `tari_bulletproofs_plus` compatibility: the same algebra under tari
//! 0.5's transcript schedule and encoding (extension degree 1, no
//! minimum-value promises, `n`, `m` powers of two with `n·m ≥ 2`):
//! [`RangeProofPlus::prove_tari_compatible_with_rng`],
//! [`RangeProofPlus::verify_tari_compatible`], [`RangeProofPlus::to_tari_bytes`],
//! [`RangeProofPlus::from_tari_bytes`], with [`PedersenGens::tari_compatible`](crate::PedersenGens::tari_compatible)
//! and `BulletproofGens::new(n, m)` (tari's `G_i`, `H_i` chains are
//! bulletproofs 5's, as ours). Proofs cross-verify both ways
//! (`tests/integration/compat_tari.rs`). The two schedules never mix: a proof made for
//! one is rejected by the other's verifier.

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use crate::encoding::Reader;
use crate::equation::Equation;
use crate::errors::ProofError;
use crate::generators::Generators;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::range::bulletproofs_plus::{Flavor, RangeProofPlus};
use crate::range::{RangeShape, RangeStatement};
use crate::weighted_inner_product::WipProof;

/// Shapes `tari_bulletproofs_plus` proves and verifies: `n` and `m` powers
/// of two (so no padding) and `n·m ≥ 2` (its decoder refuses a proof
/// without rounds).
fn tari_shape(n: usize, m: usize) -> Result<RangeShape, ProofError> {
    let shape = RangeShape::new(n, m)?;
    if !n.is_power_of_two() || n * m < 2 {
        return Err(ProofError::InvalidBitsize { bits: n });
    }
    if !m.is_power_of_two() {
        return Err(ProofError::InvalidAggregation { values: m });
    }
    Ok(shape)
}

impl<G: Group> RangeProofPlus<G> {
    /// Prove in the format of `tari_bulletproofs_plus` 0.5 (extension
    /// degree 1, no minimum-value promises): its transcript schedule (see
    /// `Flavor::Tari`), so that with [`PedersenGens::tari_compatible`](crate::PedersenGens::tari_compatible) and
    /// `BulletproofGens::new(n, m)` on Ristretto255 tari verifies the proof
    /// ([`to_tari_bytes`](Self::to_tari_bytes)) and this crate verifies
    /// tari's ([`verify_tari_compatible`](Self::verify_tari_compatible)).
    /// `n` and `m` must be powers of two with `n·m ≥ 2` (tari's shapes). The proof algebra
    /// is the same as [`prove_multiple_with_rng`](crate::RangeProofSystem::prove_multiple_with_rng)'s;
    /// only the transcript and encoding differ.
    pub fn prove_tari_compatible_with_rng<R: RngCore + CryptoRng>(
        gens: &Generators<G>,
        transcript: &mut Transcript,
        values: &[u64],
        blindings: &[G::Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<G::Compressed>), ProofError> {
        tari_shape(n, values.len())?;
        Self::prove_flavor(gens, Flavor::Tari, transcript, values, blindings, n, rng)
    }

    /// Verify a proof made in `tari_bulletproofs_plus` 0.5's format (by tari
    /// or by [`prove_tari_compatible_with_rng`](Self::prove_tari_compatible_with_rng)).
    pub fn verify_tari_compatible(
        &self,
        gens: &Generators<G>,
        transcript: &mut Transcript,
        commitments: &[G::Compressed],
        n: usize,
    ) -> Result<(), ProofError> {
        let pc_gens = gens.pedersen();
        tari_shape(n, commitments.len())?;
        let statement = RangeStatement::new(n, commitments)?;
        let mut acc = Equation::new();
        self.add_terms_flavored(transcript, Flavor::Tari, Some(pc_gens), &statement, G::Scalar::one(), &mut acc)?;
        acc.verify(gens)
    }

    /// tari's encoding: `0x01 (extension degree) ‖ δ' ‖ A ‖ A1 ‖ B ‖ r' ‖ s'
    /// ‖ (L_k ‖ R_k)_k` — one byte longer than [`to_bytes`](Self::to_bytes).
    pub fn to_tari_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(1 + self.encoded_len_of());
        out.push(1);
        out.extend_from_slice(&self.wip.d1.to_bytes());
        for p in [&self.a, &self.wip.a1, &self.wip.b] {
            out.extend_from_slice(G::compressed_bytes(&p.compressed));
        }
        out.extend_from_slice(&self.wip.r1.to_bytes());
        out.extend_from_slice(&self.wip.s1.to_bytes());
        for (l, r) in self.wip.l_vec.iter().zip(&self.wip.r_vec) {
            out.extend_from_slice(G::compressed_bytes(&l.compressed));
            out.extend_from_slice(G::compressed_bytes(&r.compressed));
        }
        out
    }

    /// Decode tari's encoding strictly (extension degree 1 only; canonical
    /// scalars, valid points, a whole number of rounds, at least one).
    pub fn from_tari_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let fixed = 1 + 3 * SCALAR_LEN + 3 * G::POINT_LEN;
        let pair = 2 * G::POINT_LEN;
        let max_rounds = RangeShape { n: 64, m: 64, padded: 4096 }.rounds();
        let rounds = bytes
            .len()
            .checked_sub(fixed)
            .filter(|rest| rest % pair == 0 && (1..=max_rounds).contains(&(rest / pair)))
            .map(|rest| rest / pair)
            .ok_or(ProofError::WrongLength { expected: 0, got: bytes.len() })?;
        match bytes.first() {
            Some(1) => {}
            Some(&degree) => return Err(ProofError::UnsupportedExtensionDegree { degree }),
            None => return Err(ProofError::WrongLength { expected: 0, got: 0 }),
        }
        let mut r = Reader::new(bytes);
        r.skip(1)?;
        let d1 = r.read_scalar::<G>()?;
        let a = r.read_point::<G>()?;
        let a1 = r.read_point::<G>()?;
        let b = r.read_point::<G>()?;
        let r1 = r.read_scalar::<G>()?;
        let s1 = r.read_scalar::<G>()?;
        let mut l_vec = Vec::with_capacity(rounds);
        let mut r_vec = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            l_vec.push(r.read_point::<G>()?);
            r_vec.push(r.read_point::<G>()?);
        }
        Ok(RangeProofPlus { a, wip: WipProof { l_vec, r_vec, a1, b, r1, s1, d1 } })
    }
}
