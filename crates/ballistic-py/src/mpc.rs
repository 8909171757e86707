//! Multi-party range proofs: `Party` and `Dealer` over the library's
//! type-states (`range::mpc`), kept alive between Python calls.
//!
//! The library's states borrow the generators (`'a`) and the dealer's
//! transcript (`'t`). The generators are the process's (`'static`, see
//! `groups`). Each dealer owns its transcript in a [`Session`], a
//! self-referential cell (`self_cell`) holding the transcript and the
//! dealer state that borrows it, so a round takes the state where the last
//! one left it — nothing is replayed and nothing leaks per session.

use ::ballistic::merlin::Transcript;
use ::ballistic::new_transcript;
use ::ballistic::range::mpc::{self, BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use ::ballistic::{ProofError, RangeShape};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use self_cell::{self_cell, MutBorrow};

use crate::error::{Doing, Error, Result, When};
use crate::formats;
use crate::groups::{self, on_group, with_group, Any, Family, GroupName, PyGroup};
use crate::range::{Range, RangeProof};

// ---------------------------------------------------------------- party

/// A party's state between rounds.
pub(crate) enum PartyState<G: PyGroup> {
    AwaitingPosition(mpc::PartyAwaitingPosition<G>),
    AwaitingBitChallenge(mpc::PartyAwaitingBitChallenge<G>),
    AwaitingPolyChallenge(mpc::PartyAwaitingPolyChallenge<G>),
    /// The share was sent, or a refused round consumed the state.
    Done,
}

/// [`PartyState`] for any group.
pub(crate) enum PartyStates {}
impl Family for PartyStates {
    type Of<G: PyGroup> = PartyState<G>;
}

impl<G: PyGroup> PartyState<G> {
    fn new(value: u64, bits: usize, blinding: Option<&[u8]>) -> Result<(Self, Vec<u8>)> {
        let blinding = groups::blinding_or_random::<G>("blinding", blinding)?;
        let commitment = groups::point_bytes::<G>(&groups::commit::<G>(value, &blinding));
        let party = mpc::Party::new(&G::gens_for(64, 64), value, blinding, bits)?;
        Ok((PartyState::AwaitingPosition(party), commitment))
    }

    fn bit_commitment(&mut self, position: usize) -> Result<Vec<u8>> {
        match std::mem::replace(self, PartyState::Done) {
            PartyState::AwaitingPosition(p) => {
                let (next, message) = p.assign_position(position)?;
                *self = PartyState::AwaitingBitChallenge(next);
                Ok(message.to_bytes())
            }
            other => {
                *self = other;
                Err(Error::OutOfOrder("bit_commitment after the party has its position"))
            }
        }
    }

    fn poly_commitment(&mut self, challenge: &[u8]) -> Result<Vec<u8>> {
        if !matches!(self, PartyState::AwaitingBitChallenge(_)) {
            return Err(Error::OutOfOrder("poly_commitment needs the bit challenge stage"));
        }
        let challenge = BitChallenge::<G>::from_bytes(challenge).when(Doing::Decoding)?;
        let PartyState::AwaitingBitChallenge(p) = std::mem::replace(self, PartyState::Done) else {
            return Err(Error::OutOfOrder("poly_commitment needs the bit challenge stage"));
        };
        let (next, message) = p.apply_challenge(&challenge)?;
        *self = PartyState::AwaitingPolyChallenge(next);
        Ok(message.to_bytes())
    }

    fn proof_share(&mut self, challenge: &[u8]) -> Result<Vec<u8>> {
        if !matches!(self, PartyState::AwaitingPolyChallenge(_)) {
            return Err(Error::OutOfOrder("proof_share needs the polynomial challenge stage"));
        }
        let challenge = PolyChallenge::<G>::from_bytes(challenge).when(Doing::Decoding)?;
        let PartyState::AwaitingPolyChallenge(p) = std::mem::replace(self, PartyState::Done) else {
            return Err(Error::OutOfOrder("proof_share needs the polynomial challenge stage"));
        };
        Ok(p.apply_challenge(&challenge)?.to_bytes())
    }
}

/// One party of a multi-party range proof: holds one secret value.
/// Call `bit_commitment(position)`, then `poly_commitment(challenge)`,
/// then `proof_share(challenge)`, with the dealer's challenges; any other
/// order raises `MpcError`.
#[pyclass(module = "ballistic")]
pub(crate) struct Party {
    state: Any<PartyStates>,
    commitment: Vec<u8>,
}

#[pymethods]
impl Party {
    #[new]
    #[pyo3(signature = (value, bits, blinding = None, group = "ristretto255"))]
    fn new(value: u64, bits: usize, blinding: Option<Vec<u8>>, group: &str) -> Result<Party> {
        with_group!(groups::group_named(group)?, |G| {
            let (state, commitment) = PartyState::<G>::new(value, bits, blinding.as_deref())?;
            Ok(Party { state: G::wrap(state), commitment })
        })
    }

    /// This party's commitment to its value.
    #[getter]
    fn commitment(&self, py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new_bound(py, &self.commitment).unbind()
    }

    /// Round 1: the bit commitment for position `position` (0-based).
    fn bit_commitment(&mut self, py: Python<'_>, position: usize) -> Result<Py<PyBytes>> {
        let message = on_group!(&mut self.state, |s, G| s.bit_commitment(position))?;
        Ok(PyBytes::new_bound(py, &message).unbind())
    }

    /// Round 2: the polynomial commitment, given the dealer's bit challenge.
    fn poly_commitment(&mut self, py: Python<'_>, challenge: &[u8]) -> Result<Py<PyBytes>> {
        let message = on_group!(&mut self.state, |s, G| s.poly_commitment(challenge))?;
        Ok(PyBytes::new_bound(py, &message).unbind())
    }

    /// Round 3: the proof share, given the dealer's polynomial challenge.
    fn proof_share(&mut self, py: Python<'_>, challenge: &[u8]) -> Result<Py<PyBytes>> {
        let message = on_group!(&mut self.state, |s, G| s.proof_share(challenge))?;
        Ok(PyBytes::new_bound(py, &message).unbind())
    }
}

// ---------------------------------------------------------------- dealer

/// The dealer's rounds, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Round {
    BitCommitments,
    PolyCommitments,
    ProofShares,
}

impl Round {
    const ALL: [Round; 3] = [Round::BitCommitments, Round::PolyCommitments, Round::ProofShares];

    /// Why messages for this round come out of order.
    fn out_of_order(self) -> &'static str {
        match self {
            Round::BitCommitments => "bit commitments already received",
            Round::PolyCommitments => "polynomial commitments come after the bit commitments, once",
            Round::ProofShares => "proof shares come after the polynomial commitments, once",
        }
    }
}

/// Every party's message of one round, decoded; the parties whose message
/// does not decode are named, as the library names those whose message it
/// refuses.
fn decode_all<T>(
    messages: &[Vec<u8>],
    decode: impl Fn(&[u8]) -> std::result::Result<T, ProofError>,
    blame: impl FnOnce(Vec<usize>) -> mpc::MpcError,
) -> Result<Vec<T>> {
    let (decoded, bad): (Vec<_>, Vec<_>) = messages.iter().map(|m| decode(m)).enumerate().partition(|(_, r)| r.is_ok());
    if !bad.is_empty() {
        return Err(blame(bad.into_iter().map(|(j, _)| j).collect()).into());
    }
    Ok(decoded.into_iter().filter_map(|(_, r)| r.ok()).collect())
}

/// What a dealer session is for.
#[derive(Clone, Debug)]
struct Setup {
    group: GroupName,
    parties: usize,
    bits: usize,
    label: String,
}

/// What a round returns.
enum Reply {
    Challenge(Vec<u8>),
    Proof(Box<RangeProof>),
}

/// The dealer's live state: the library's type-state waiting for the next
/// round, borrowing the session's transcript for `'t`.
pub(crate) enum Stage<'t, G: PyGroup> {
    AwaitingBitCommitments(mpc::DealerAwaitingBitCommitments<'t, G>),
    AwaitingPolyCommitments(mpc::DealerAwaitingPolyCommitments<'t, G>),
    AwaitingProofShares(mpc::DealerAwaitingProofShares<'t, G>),
    /// The proof was made.
    Done,
    /// A round the library refused consumed the state (see [`Dealer::restart`]).
    Consumed,
}

/// [`Stage`] for any group.
pub(crate) struct Stages<'t>(std::marker::PhantomData<&'t mut Transcript>);
impl<'t> Family for Stages<'t> {
    type Of<G: PyGroup> = Stage<'t, G>;
}

/// The state a session's dealer is in, borrowing its transcript.
type Live<'t> = Any<Stages<'t>>;

self_cell!(
    /// One dealer session: its transcript, and the dealer state that
    /// borrows it.
    struct Session {
        owner: MutBorrow<Transcript>,
        // Not covariant: `Live` reaches its lifetime through `Family::Of`.
        #[not_covariant]
        dependent: Live,
    }
);

impl<'t, G: PyGroup> Stage<'t, G> {
    fn start(transcript: &'t mut Transcript, parties: usize, bits: usize) -> Result<Self> {
        let dealer = mpc::Dealer::new(&G::range_gens(bits, parties), transcript, bits, parties)?;
        Ok(Stage::AwaitingBitCommitments(dealer))
    }

    fn awaits(&self, round: Round) -> bool {
        matches!(
            (self, round),
            (Stage::AwaitingBitCommitments(_), Round::BitCommitments)
                | (Stage::AwaitingPolyCommitments(_), Round::PolyCommitments)
                | (Stage::AwaitingProofShares(_), Round::ProofShares)
        )
    }

    /// Take `round`'s messages; on success the state moves to the next round.
    fn receive(&mut self, round: Round, messages: &[Vec<u8>], setup: &Setup) -> Result<Reply> {
        if !self.awaits(round) {
            return Err(Error::OutOfOrder(round.out_of_order()));
        }
        // Decoded before the state is taken, so a message that does not
        // decode leaves the dealer where it was.
        let reply = match round {
            Round::BitCommitments => {
                let commitments = decode_all(messages, BitCommitment::<G>::from_bytes, |bad_parties| {
                    mpc::MpcError::MalformedBitCommitments { bad_parties }
                })?;
                let Stage::AwaitingBitCommitments(dealer) = std::mem::replace(self, Stage::Consumed) else {
                    return Err(Error::OutOfOrder(round.out_of_order()));
                };
                let (next, challenge) = dealer.receive_bit_commitments(commitments)?;
                *self = Stage::AwaitingPolyCommitments(next);
                Reply::Challenge(challenge.to_bytes())
            }
            Round::PolyCommitments => {
                let commitments = decode_all(messages, PolyCommitment::<G>::from_bytes, |bad_parties| {
                    mpc::MpcError::MalformedPolyCommitments { bad_parties }
                })?;
                let Stage::AwaitingPolyCommitments(dealer) = std::mem::replace(self, Stage::Consumed) else {
                    return Err(Error::OutOfOrder(round.out_of_order()));
                };
                let (next, challenge) = dealer.receive_poly_commitments(commitments)?;
                *self = Stage::AwaitingProofShares(next);
                Reply::Challenge(challenge.to_bytes())
            }
            Round::ProofShares => {
                let shares = decode_all(messages, ProofShare::<G>::from_bytes, |bad_parties| {
                    mpc::MpcError::MalformedProofShares { bad_parties }
                })?;
                let Stage::AwaitingProofShares(dealer) = std::mem::replace(self, Stage::Consumed) else {
                    return Err(Error::OutOfOrder(round.out_of_order()));
                };
                let (proof, commitments) = dealer.receive_shares(shares)?;
                *self = Stage::Done;
                let range = Range::<G>::new(::ballistic::AnyRangeProof::Bulletproofs(proof), &commitments, setup.bits)?;
                Reply::Proof(Box::new(RangeProof::new(range, setup.label.clone())))
            }
        };
        Ok(reply)
    }

    fn consumed(&self) -> bool {
        matches!(self, Stage::Consumed)
    }
}

/// The dealer of a multi-party range proof. It sees only public messages;
/// each `receive_*` returns the next challenge, and `receive_shares`
/// returns the aggregated `RangeProof`. A bad message raises `MpcError`
/// whose `bad_parties` names every party that sent one.
#[pyclass(module = "ballistic")]
pub(crate) struct Dealer {
    setup: Setup,
    session: Session,
    /// The messages of each round the dealer accepted, in order: a round
    /// the library refuses consumes its state, and [`Dealer::restart`]
    /// rebuilds it from these (the only replay, and only then).
    accepted: Vec<Vec<Vec<u8>>>,
}

impl Dealer {
    fn start(setup: &Setup) -> Result<Session> {
        Session::try_new(MutBorrow::new(new_transcript(setup.label.as_bytes())), |transcript| {
            let transcript = transcript.borrow_mut();
            with_group!(setup.group, |G| Ok(G::wrap(Stage::<G>::start(transcript, setup.parties, setup.bits)?)))
        })
    }

    fn receive(&mut self, py: Python<'_>, round: Round, messages: Vec<Vec<u8>>) -> Result<Reply> {
        let (session, setup) = (&mut self.session, &self.setup);
        let reply = py.allow_threads(|| {
            session.with_dependent_mut(|_, live| on_group!(live, |stage, G| stage.receive(round, &messages, setup)))
        });
        match reply {
            Ok(reply) => {
                self.accepted.push(messages);
                Ok(reply)
            }
            Err(e) => {
                if self.session.with_dependent(|_, live| on_group!(live, |stage, G| stage.consumed())) {
                    self.restart()?;
                }
                Err(e)
            }
        }
    }

    /// A fresh session taken through the rounds accepted so far: the state
    /// a refused round consumed, so that the round can be retried.
    fn restart(&mut self) -> Result<()> {
        self.session = Self::start(&self.setup)?;
        for (round, messages) in Round::ALL.into_iter().zip(&self.accepted) {
            let setup = &self.setup;
            self.session
                .with_dependent_mut(|_, live| on_group!(live, |stage, G| stage.receive(round, messages, setup)))?;
        }
        Ok(())
    }

    fn challenge(&mut self, py: Python<'_>, round: Round, messages: Vec<Vec<u8>>) -> Result<Py<PyBytes>> {
        match self.receive(py, round, messages)? {
            Reply::Challenge(challenge) => Ok(PyBytes::new_bound(py, &challenge).unbind()),
            Reply::Proof(_) => Err(Error::OutOfOrder(round.out_of_order())),
        }
    }
}

#[pymethods]
impl Dealer {
    #[new]
    #[pyo3(signature = (parties, bits, label = "ballistic range proof", group = "ristretto255"))]
    fn new(parties: usize, bits: usize, label: &str, group: &str) -> Result<Dealer> {
        let group = groups::group_named(group)?;
        formats::check_label(label)?;
        RangeShape::new(bits, parties).when(Doing::Proving)?;
        let setup = Setup { group, parties, bits, label: label.into() };
        let session = Self::start(&setup)?;
        Ok(Dealer { setup, session, accepted: Vec::new() })
    }

    /// Round 1 → the bit challenge for every party.
    fn receive_bit_commitments(&mut self, py: Python<'_>, messages: Vec<Vec<u8>>) -> Result<Py<PyBytes>> {
        self.challenge(py, Round::BitCommitments, messages)
    }

    /// Round 2 → the polynomial challenge for every party.
    fn receive_poly_commitments(&mut self, py: Python<'_>, messages: Vec<Vec<u8>>) -> Result<Py<PyBytes>> {
        self.challenge(py, Round::PolyCommitments, messages)
    }

    /// Round 3 → the aggregated `RangeProof` (an ordinary Bulletproofs
    /// range proof of every party's value).
    fn receive_shares(&mut self, py: Python<'_>, messages: Vec<Vec<u8>>) -> Result<RangeProof> {
        match self.receive(py, Round::ProofShares, messages)? {
            Reply::Proof(proof) => Ok(*proof),
            Reply::Challenge(_) => Err(Error::OutOfOrder(Round::ProofShares.out_of_order())),
        }
    }
}
