//! The statement of a Monero range proof: the output commitments.

use alloc::vec::Vec;

use curve25519_dalek::edwards::CompressedEdwardsY;

use super::transcript::KeccakTranscript;
use super::{decode_commitments, MoneroConsensus};
#[cfg(doc)]
use super::{MoneroOriginalProof, MoneroPlusProof};
use crate::encoding::ProofPoint;
use crate::errors::ProofError;
use crate::group::Ed25519;

/// What a Monero range proof ([`MoneroPlusProof`], [`MoneroOriginalProof`]) is about: the output commitments
/// `C_j = mask_j·G + amount_j·H` (as Monero's `outPk` holds them, i.e. 8 times
/// the `V` a Monero transaction's proof field stores; the same points
/// `monero-bulletproofs`' `Bulletproof::verify` takes), validated once.
#[derive(Clone, Debug)]
pub struct MoneroStatement {
    pub(crate) commitments: Vec<ProofPoint<Ed25519>>,
    /// Bulletproofs+'s transcript seed `t₀`.
    pub(crate) plus_seed: KeccakTranscript,
    /// The original Bulletproofs' seed `Hs(enc(V₀/8) ‖ …)`.
    pub(crate) original_seed: KeccakTranscript,
}

impl MoneroStatement {
    /// `1..=16` output commitments, each the canonical encoding of a point
    /// of the prime-order subgroup other than the identity
    /// ([`ProofError::InvalidCommitment`] names the first that is not;
    /// [`ProofError::UnsupportedShape`] for a count outside `1..=16`).
    /// Computes the transcript's seed from `C_j/8`.
    pub fn new(commitments: &[CompressedEdwardsY]) -> Result<Self, ProofError> {
        Self::with_consensus(commitments, MoneroConsensus::Strict)
    }

    /// As [`new`](Self::new), the commitments decoded as `consensus` says:
    /// under [`MoneroConsensus::Monero`] any canonical encoding of a curve
    /// point (torsion and the identity included), each `C` standing for
    /// Monero's `8·(8⁻¹·C)` in the equation, the transcript hashing `8⁻¹·C`.
    pub fn with_consensus(commitments: &[CompressedEdwardsY], consensus: MoneroConsensus) -> Result<Self, ProofError> {
        let (commitments, over_8): (Vec<ProofPoint<Ed25519>>, Vec<CompressedEdwardsY>) =
            decode_commitments(commitments, consensus)?.into_iter().unzip();
        Ok(MoneroStatement {
            plus_seed: KeccakTranscript::plus(&over_8),
            original_seed: KeccakTranscript::original(&over_8),
            commitments,
        })
    }

    /// The number of outputs `m`.
    pub fn len(&self) -> usize {
        self.commitments.len()
    }

    /// Always false (a statement has at least one output).
    pub fn is_empty(&self) -> bool {
        self.commitments.is_empty()
    }

    /// The commitments `C_j`, compressed.
    pub fn commitments(&self) -> Vec<CompressedEdwardsY> {
        self.commitments.iter().map(|c| c.compressed).collect()
    }
}
