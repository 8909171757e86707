//! Multi-party aggregation of a Bulletproofs range proof (paper §4.5).
//!
//! **Statement.** `m` parties each hold `v_j ∈ [0, 2^n)` and a blinding
//! `γ_j`; together they produce the aggregated range proof for the
//! commitments `V_j = v_j·B + γ_j·B̃` — byte for byte the kind of proof
//! [`RangeProof::prove_multiple`](crate::RangeProofSystem::prove_multiple) makes,
//! verified by the ordinary verifier — while no party learns another's
//! value or blinding, and neither does the dealer who runs the transcript.
//!
//! **Why it splits.** Every term of the aggregated prover (module
//! [`RangeProof`](crate::range::RangeProof)) is a sum over the parties' chunks
//! `k = j·n + i` of the bit vectors: with `𝐲^N` offset to `y^{jn}` and
//! `𝐝` restricted to `z^{2+j}·𝟐^n`,
//!
//! ```text
//!   A = Σ_j A_j,  S = Σ_j S_j,  T_1 = Σ_j T_{1,j},  T_2 = Σ_j T_{2,j}      (paper §4.5)
//!   t̂ = Σ_j t̂_j,  τ_x = Σ_j τ_{x,j},  μ = Σ_j μ_j,  𝐥 = 𝐥_0 ‖ … ‖ 𝐥_{m−1},  𝐫 likewise
//! ```
//!
//! The dealer adds the public padding chunk itself when `n·m` is not a power
//! of two (`𝐚_L = 𝟎`, no blinding: `A` gains `−Σ H_k`, `t̂` gains
//! `Σ_k (−z)·y^k(z − 1)`; see [`crate::range`] for why padding is sound).
//!
//! **One implementation.** A party's rounds and the dealer's padding,
//! aggregation and inner-product argument are the prover algebra of the
//! single prover (module `range::bulletproofs::algebra`): the single prover
//! is the one chunk of all `N` positions, party `j` the chunk of positions
//! `j·n … j·n + n − 1` with `𝐲^N` offset to `y^{jn}`. Only the round
//! structure, the checks and the blame live here.
//!
//! **Rounds** (three, as in the paper and in Chain's/dalek's design):
//!
//! 1. party → dealer: [`BitCommitment`] `(V_j, A_j, S_j)`;
//!    dealer → parties: [`BitChallenge`] `(y, z)` from the transcript;
//! 2. party → dealer: [`PolyCommitment`] `(T_{1,j}, T_{2,j})`;
//!    dealer → parties: [`PolyChallenge`] `x`;
//! 3. party → dealer: [`ProofShare`] `(t̂_j, τ_{x,j}, μ_j, 𝐥_j(x), 𝐫_j(x))`;
//!    the dealer checks every share, then runs the inner-product argument.
//!
//! **Checks and blame.** The dealer verifies each share against that
//! party's own commitments before using it, so a cheating party is named,
//! and every cheating party is (not just the first):
//!
//! ```text
//!   t̂_j = ⟨𝐥_j, 𝐫_j⟩
//!   t̂_j·B + τ_{x,j}·B̃ = z^{2+j}·V_j + δ_j·B + x·T_{1,j} + x²·T_{2,j}
//!        δ_j = (z − z²)·Σ_{i<n} y^{jn+i} − z^{3+j}·(2^n − 1)
//!   A_j + x·S_j − μ_j·B̃ = ⟨𝐥_j + z𝟏, 𝐆_j⟩ + ⟨𝐫_j − z·𝐲^n_j − z^{2+j}𝟐^n, 𝐇'_j⟩
//! ```
//!
//! (`𝐇'_j = y^{−(jn+i)}·H_{jn+i}`). Identity points in a party's
//! commitments are refused (as in a proof). Parties refuse zero or repeated
//! challenges.
//!
//! **Order by type.** Each state is a type whose methods consume it and
//! return the next, so a message cannot be produced or accepted out of
//! order:
//!
//! ```compile_fail
//! # use ballistic::range::mpc::{Party, PolyChallenge};
//! # use ballistic::{Generators, Ristretto255};
//! # use ballistic::group::ScalarOps;
//! # let gens = Generators::<Ristretto255>::new(8, 1);
//! # let gamma = <ballistic::curve25519_dalek::scalar::Scalar as ScalarOps>::one();
//! let (party, _commitment) = Party::new(&gens, 7, gamma, 8).unwrap().assign_position(0).unwrap();
//! // A party waiting for the bit challenge cannot take the polynomial challenge.
//! let x = PolyChallenge::<Ristretto255> { x: gamma };
//! let share = party.apply_challenge(&x);
//! ```
//!
//! ```compile_fail
//! # use ballistic::range::mpc::{Dealer, ProofShare};
//! # use ballistic::{Generators, Ristretto255};
//! # let gens = Generators::<Ristretto255>::new(8, 1);
//! # let mut t = ballistic::merlin::Transcript::new(b"doc");
//! let dealer = Dealer::new(&gens, &mut t, 8, 1).unwrap();
//! // The dealer cannot take proof shares before the commitments.
//! let shares: Vec<ProofShare<Ristretto255>> = Vec::new();
//! let proof = dealer.receive_shares(shares);
//! ```
//!
//! ```compile_fail
//! # use ballistic::range::mpc::Party;
//! # use ballistic::{Generators, Ristretto255};
//! # use ballistic::group::ScalarOps;
//! # let gens = Generators::<Ristretto255>::new(8, 2);
//! # let gamma = <ballistic::curve25519_dalek::scalar::Scalar as ScalarOps>::one();
//! let party = Party::new(&gens, 7, gamma, 8).unwrap();
//! let first = party.assign_position(0);
//! // A state is consumed: no second commitment from the same secrets.
//! let second = party.assign_position(1);
//! ```
//!
//! **Secrets.** A party's value, blinding, bits and nonces stay in
//! `Zeroizing` fields of its state (wiped when the state is consumed or
//! dropped; states have no `Debug`), meet curve arithmetic through the
//! constant-time operations only, and leave the party only inside the
//! masked share (as in the single prover, see `ct.rs`; [`crate::hazmat`]).

mod dealer;
mod messages;
mod party;

pub use dealer::{Dealer, DealerAwaitingBitCommitments, DealerAwaitingPolyCommitments, DealerAwaitingProofShares};
pub use messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
pub use party::{Party, PartyAwaitingBitChallenge, PartyAwaitingPolyChallenge, PartyAwaitingPosition};

use alloc::vec::Vec;

use crate::errors::ProofError;
use crate::range::MAX_VALUES;

/// Why a multi-party computation step failed. Party indices are positions
/// `j` in `0..m`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MpcError {
    /// Invalid parameters or generators (bit size, party count, value out
    /// of range, generators too short).
    Proof(ProofError),
    /// The dealer received a different number of messages than parties.
    WrongNumMessages {
        /// Parties in the protocol.
        expected: usize,
        /// Messages received.
        got: usize,
    },
    /// These parties' bit commitments are unusable (identity `A` or `S`).
    MalformedBitCommitments {
        /// Every offending party.
        bad_parties: Vec<usize>,
    },
    /// These parties' polynomial commitments are unusable (identity `T`).
    MalformedPolyCommitments {
        /// Every offending party.
        bad_parties: Vec<usize>,
    },
    /// These parties' proof shares fail the checks against their own
    /// commitments (or have the wrong length).
    MalformedProofShares {
        /// Every offending party.
        bad_parties: Vec<usize>,
    },
    /// A party refused a challenge that is zero.
    ZeroChallenge,
    /// A party refused a challenge equal to an earlier one.
    RepeatedChallenge,
    /// The position is beyond the generators' party capacity or the
    /// largest statement (`MAX_VALUES` parties).
    InvalidPosition {
        /// The position given.
        position: usize,
    },
}

impl core::fmt::Display for MpcError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MpcError::Proof(e) => write!(f, "{e}"),
            MpcError::WrongNumMessages { expected, got } => write!(f, "expected {expected} messages, got {got}"),
            MpcError::MalformedBitCommitments { bad_parties } => {
                write!(f, "malformed bit commitments from parties {bad_parties:?}")
            }
            MpcError::MalformedPolyCommitments { bad_parties } => {
                write!(f, "malformed polynomial commitments from parties {bad_parties:?}")
            }
            MpcError::MalformedProofShares { bad_parties } => {
                write!(f, "invalid proof shares from parties {bad_parties:?}")
            }
            MpcError::ZeroChallenge => f.write_str("the dealer sent a zero challenge"),
            MpcError::RepeatedChallenge => f.write_str("the dealer sent a repeated challenge"),
            MpcError::InvalidPosition { position } => {
                write!(f, "position {position} is beyond the generators' party capacity or the {MAX_VALUES} values of a statement")
            }
        }
    }
}

impl core::error::Error for MpcError {}

impl From<ProofError> for MpcError {
    fn from(e: ProofError) -> Self {
        MpcError::Proof(e)
    }
}

impl MpcError {
    /// The parties this error blames (empty if it blames none).
    pub fn bad_parties(&self) -> &[usize] {
        match self {
            MpcError::MalformedBitCommitments { bad_parties }
            | MpcError::MalformedPolyCommitments { bad_parties }
            | MpcError::MalformedProofShares { bad_parties } => bad_parties,
            _ => &[],
        }
    }
}
