//! Fiat–Shamir transcripts: every label ballistic writes, in one place.
//!
//! A proof's challenges are `merlin` (STROBE-128) outputs over everything
//! the verifier knows before the challenge is drawn. The rule, after the
//! "Frozen Heart" class of bugs (weak Fiat–Shamir that omits public inputs):
//! **no challenge is drawn before every public input it depends on has been
//! appended**. For a range proof that is, in order:
//!
//! | step | label | content |
//! |---|---|---|
//! | caller | (transcript label) | application context, chosen by the caller |
//! | [`rangeproof_domain_sep`](TranscriptProtocol::rangeproof_domain_sep) | `dom-sep`, `n`, `m` | `"rangeproof v1"`, the *true* bit size and value count |
//! | group (non-Ristretto only) | `group`, `gens` | [`Group::TRANSCRIPT_DOMAIN`], the generator derivation |
//! | per value | `V` | each commitment `V_j` |
//! | | `A`, `S` → `y`, `z` | bit and blinding vector commitments |
//! | | `T_1`, `T_2` → `x` | polynomial commitments |
//! | | `t_x`, `t_x_blinding`, `e_blinding` → `w` | openings; `w` scales `Q = w·B` |
//! | [`innerproduct_domain_sep`](TranscriptProtocol::innerproduct_domain_sep) | `dom-sep`, `n` | `"ipp v1"`, the padded length `N` |
//! | per round | `L`, `R` → `u` | inner-product argument |
//!
//! For a Bulletproofs+ range proof ([`crate::range::bulletproofs_plus`]):
//!
//! | step | label | content |
//! |---|---|---|
//! | caller | (transcript label) | application context |
//! | [`rangeproof_plus_domain_sep`](TranscriptProtocol::rangeproof_plus_domain_sep) | `dom-sep`, `n`, `m`, `group`, `gens` | `"ballistic bulletproofs+ rangeproof v1"`, true `n` and `m`, the group's name, the generator derivation |
//! | per value | `V` | each commitment |
//! | | `A` → `y`, `z` | bit commitment |
//! | [`wip_domain_sep`](TranscriptProtocol::wip_domain_sep) | `dom-sep`, `n` | `"wip v1"`, padded `N` |
//! | per round | `L`, `R` → `e` | weighted inner-product rounds |
//! | | `A1`, `B` → `e` | last step |
//!
//! For an R1CS proof ([`crate::circuit`]):
//!
//! | step | label | content |
//! |---|---|---|
//! | caller | (transcript label) | application context |
//! | [`r1cs_domain_sep`](TranscriptProtocol::r1cs_domain_sep) | `dom-sep`, `group`, `gens` | `"ballistic r1cs v1"`, group name, generator derivation |
//! | per commitment, in call order | `V`; or `C-len`, `C` | each high-level commitment; each vector commitment with its length |
//! | [`r1cs_statement`](TranscriptProtocol::r1cs_statement) | `m`, [`c`], `n1`, `constraints-1` | counts (`c`, the number of vector commitments, only if there are any), SHA3-256 of every first-phase constraint (coefficients and public constants included) |
//! | | `A_I1`, `A_O1`, `S1` | first-phase commitments |
//! | [`r1cs_phase_two_sep`](TranscriptProtocol::r1cs_phase_two_sep) | `dom-sep` | `"r1cs-2phase"`; randomized gadgets draw challenges |
//! | [`r1cs_phase_two_statement`](TranscriptProtocol::r1cs_phase_two_statement) | `n2`, `constraints-2` | second-phase multipliers, digest of all constraints |
//! | if `n2 > 0` | `A_I2`, `A_O2`, `S2` → `y`, `z` | second-phase commitments |
//! | | `T_i` → `u`, `x` | polynomial commitments, increasing `i` (`T_1`, `T_3`…`T_6` without vector commitments) |
//! | | `t_x`, `t_x_blinding`, `e_blinding` → `w` | openings |
//! | [`innerproduct_domain_sep`](TranscriptProtocol::innerproduct_domain_sep) | `dom-sep`, `n` | then the IPA rounds |
//!
//! The Bulletproofs labels and order are those of `bulletproofs` 5, so
//! Ristretto255 proofs are byte-for-byte interchangeable with it. The generators are not
//! hashed in: they are fixed by the protocol (derived from public labels, see
//! [`crate::generators`]) and, for groups other than Ristretto255, named by
//! the group domain separator.

use merlin::Transcript;

/// Transcript labels of an R1CS proof's points `T_i`, by `i` (up to
/// `4·MAX_VECTOR_COMMITMENTS + 6`; one label per power, so no two points
/// share one).
pub(crate) const R1CS_T_LABELS: [&[u8]; 71] = [
    b"T_0", b"T_1", b"T_2", b"T_3", b"T_4", b"T_5", b"T_6", b"T_7", b"T_8", b"T_9", b"T_10", b"T_11", b"T_12", b"T_13",
    b"T_14", b"T_15", b"T_16", b"T_17", b"T_18", b"T_19", b"T_20", b"T_21", b"T_22", b"T_23", b"T_24", b"T_25",
    b"T_26", b"T_27", b"T_28", b"T_29", b"T_30", b"T_31", b"T_32", b"T_33", b"T_34", b"T_35", b"T_36", b"T_37",
    b"T_38", b"T_39", b"T_40", b"T_41", b"T_42", b"T_43", b"T_44", b"T_45", b"T_46", b"T_47", b"T_48", b"T_49",
    b"T_50", b"T_51", b"T_52", b"T_53", b"T_54", b"T_55", b"T_56", b"T_57", b"T_58", b"T_59", b"T_60", b"T_61",
    b"T_62", b"T_63", b"T_64", b"T_65", b"T_66", b"T_67", b"T_68", b"T_69", b"T_70",
];

use crate::errors::ProofError;
use crate::group::{Group, ScalarOps};

/// The transcript operations ballistic's protocols use.
pub trait TranscriptProtocol {
    /// Domain separator for a range proof of `m` values of `n` bits.
    fn rangeproof_domain_sep(&mut self, n: u64, m: u64);
    /// Domain separator for a Bulletproofs+ range proof of `m` values of `n`
    /// bits in group `G`, naming the group and the generator derivation.
    fn rangeproof_plus_domain_sep<G: Group>(&mut self, n: u64, m: u64);
    /// Domain separator for a weighted inner-product argument of length `n`.
    fn wip_domain_sep(&mut self, n: u64);
    /// Domain separator of a multi-asset range proof ([`crate::range::assets`]):
    /// `kind` names the construction (native or recommitted).
    fn multi_asset_domain_sep<G: Group>(&mut self, kind: &'static [u8], n: u64, m: u64);
    /// Domain separator for an inner-product argument of length `n`.
    fn innerproduct_domain_sep(&mut self, n: u64);
    /// Domain separator for an R1CS proof in group `G` (names the group and
    /// the generator derivation).
    fn r1cs_domain_sep<G: Group>(&mut self);
    /// Bind the first-phase statement: number of commitments, of vector
    /// commitments (only if there are any: statements without are
    /// transcribed as before they existed), multipliers, and the digest of
    /// every first-phase constraint.
    fn r1cs_statement(&mut self, m: u64, vector_commitments: u64, n1: u64, digest: &[u8; 32]);
    /// Bind one vector commitment of an R1CS statement: its length, then
    /// the point.
    fn r1cs_vector_commitment<G: Group>(&mut self, len: u64, point: &G::Compressed);
    /// Separate the second (randomized) phase.
    fn r1cs_phase_two_sep(&mut self);
    /// Bind the second-phase statement: its multipliers and the digest of
    /// every constraint.
    fn r1cs_phase_two_statement(&mut self, n2: u64, digest: &[u8; 32]);
    /// Name the group and the generator derivation, for groups other than
    /// the Ristretto255 default (whose transcript is `bulletproofs` 5's).
    fn group_domain_sep<G: Group>(&mut self);
    /// Append a scalar's canonical encoding.
    fn append_scalar<G: Group>(&mut self, label: &'static [u8], scalar: &G::Scalar);
    /// Append a compressed point.
    fn append_point<G: Group>(&mut self, label: &'static [u8], point: &G::Compressed);
    /// Append a compressed point, refusing the identity (a prover-chosen
    /// identity can cancel terms of the verification equation).
    fn validate_and_append_point<G: Group>(
        &mut self,
        label: &'static [u8],
        point: &G::Compressed,
    ) -> Result<(), ProofError>;
    /// Draw a challenge scalar: 64 bytes of output reduced modulo `ℓ`.
    fn challenge_scalar<G: Group>(&mut self, label: &'static [u8]) -> G::Scalar;
}

impl TranscriptProtocol for Transcript {
    fn rangeproof_domain_sep(&mut self, n: u64, m: u64) {
        self.append_message(b"dom-sep", b"rangeproof v1");
        self.append_u64(b"n", n);
        self.append_u64(b"m", m);
    }

    fn rangeproof_plus_domain_sep<G: Group>(&mut self, n: u64, m: u64) {
        self.append_message(b"dom-sep", b"ballistic bulletproofs+ rangeproof v1");
        self.append_u64(b"n", n);
        self.append_u64(b"m", m);
        self.append_message(b"group", G::NAME.as_bytes());
        self.append_message(b"gens", crate::generators::DERIVATION_ID);
    }

    fn multi_asset_domain_sep<G: Group>(&mut self, kind: &'static [u8], n: u64, m: u64) {
        self.append_message(b"dom-sep", kind);
        self.append_u64(b"n", n);
        self.append_u64(b"m", m);
        self.append_message(b"group", G::NAME.as_bytes());
        self.append_message(b"gens", crate::generators::DERIVATION_ID);
    }

    fn wip_domain_sep(&mut self, n: u64) {
        self.append_message(b"dom-sep", b"wip v1");
        self.append_u64(b"n", n);
    }

    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.append_message(b"dom-sep", b"ipp v1");
        self.append_u64(b"n", n);
    }

    fn r1cs_domain_sep<G: Group>(&mut self) {
        self.append_message(b"dom-sep", b"ballistic r1cs v1");
        self.append_message(b"group", G::NAME.as_bytes());
        self.append_message(b"gens", crate::generators::DERIVATION_ID);
    }

    fn r1cs_statement(&mut self, m: u64, vector_commitments: u64, n1: u64, digest: &[u8; 32]) {
        self.append_u64(b"m", m);
        if vector_commitments > 0 {
            self.append_u64(b"c", vector_commitments);
        }
        self.append_u64(b"n1", n1);
        self.append_message(b"constraints-1", digest);
    }

    fn r1cs_vector_commitment<G: Group>(&mut self, len: u64, point: &G::Compressed) {
        self.append_u64(b"C-len", len);
        self.append_point::<G>(b"C", point);
    }

    fn r1cs_phase_two_sep(&mut self) {
        self.append_message(b"dom-sep", b"r1cs-2phase");
    }

    fn r1cs_phase_two_statement(&mut self, n2: u64, digest: &[u8; 32]) {
        self.append_u64(b"n2", n2);
        self.append_message(b"constraints-2", digest);
    }

    fn group_domain_sep<G: Group>(&mut self) {
        if let Some(domain) = G::TRANSCRIPT_DOMAIN {
            self.append_message(b"group", domain);
            self.append_message(b"gens", crate::generators::DERIVATION_ID);
        }
    }

    fn append_scalar<G: Group>(&mut self, label: &'static [u8], scalar: &G::Scalar) {
        self.append_message(label, &scalar.to_bytes());
    }

    fn append_point<G: Group>(&mut self, label: &'static [u8], point: &G::Compressed) {
        self.append_message(label, G::compressed_bytes(point));
    }

    fn validate_and_append_point<G: Group>(
        &mut self,
        label: &'static [u8],
        point: &G::Compressed,
    ) -> Result<(), ProofError> {
        if G::is_identity_compressed(point) {
            return Err(ProofError::IdentityPoint { label: label_str(label) });
        }
        self.append_message(label, G::compressed_bytes(point));
        Ok(())
    }

    fn challenge_scalar<G: Group>(&mut self, label: &'static [u8]) -> G::Scalar {
        let mut buf = [0u8; 64];
        self.challenge_bytes(label, &mut buf);
        #[cfg(test)]
        if let Some(forced) = forced::take::<G>() {
            return forced;
        }
        G::Scalar::from_bytes_mod_order_wide(&buf)
    }
}

/// Chosen challenges, for the soundness tests' rewinding extractors and
/// their sweeps over challenge tuples (`crate::soundness`; test builds
/// only): while this thread's queue is not empty, each
/// [`TranscriptProtocol::challenge_scalar`] still absorbs its label as
/// usual and then returns the next queued scalar instead of the hash.
#[cfg(test)]
pub(crate) mod forced {
    extern crate std;
    use super::Group;
    use crate::group::{ScalarOps, SCALAR_LEN};
    use std::cell::RefCell;
    use std::collections::VecDeque;
    use std::vec::Vec;

    std::thread_local! {
        static QUEUE: RefCell<VecDeque<[u8; SCALAR_LEN]>> = const { RefCell::new(VecDeque::new()) };
    }

    /// Queue `challenges` (after any already queued).
    pub(crate) fn push<S: ScalarOps>(challenges: &[S]) {
        QUEUE.with(|q| q.borrow_mut().extend(challenges.iter().map(|c| c.to_bytes())));
    }

    /// Empty the queue, returning how many challenges were left unused.
    pub(crate) fn clear() -> usize {
        QUEUE.with(|q| q.borrow_mut().drain(..).collect::<Vec<_>>().len())
    }

    /// The next queued challenge, if any.
    pub(super) fn take<G: Group>() -> Option<G::Scalar> {
        QUEUE.with(|q| q.borrow_mut().pop_front()).and_then(|b| G::Scalar::from_canonical_bytes(&b))
    }
}

fn label_str(label: &'static [u8]) -> &'static str {
    core::str::from_utf8(label).unwrap_or("?")
}

/// A transcript started with a label chosen at run time (a proof file's,
/// a binding caller's): the same state as `Transcript::new(label)`, without
/// making the label `'static`.
///
/// merlin's constructor asks for `&'static [u8]` as an API precaution, but
/// `Transcript::new` in merlin 3.0.0 (pinned exactly in the workspace for
/// this reason) only absorbs the label into the STROBE state as the
/// `dom-sep` message during the call and keeps no reference to it — so a
/// borrowed label is sound. Front-ends used to intern every distinct label
/// with `Box::leak`, which grows without bound in a long-running verifier.
/// The test below checks the state equals `Transcript::new`'s.
#[allow(unsafe_code)]
pub fn new_transcript(label: &[u8]) -> Transcript {
    // SAFETY: the reference is only read inside `Transcript::new` (see
    // above); it does not outlive this call, which `label` does.
    let label: &'static [u8] = unsafe { core::mem::transmute::<&[u8], &'static [u8]>(label) };
    Transcript::new(label)
}

/// The transcript of a range or interval proof of ballistic's own with
/// extra data bound into it: [`new_transcript`]`(label)`, then — when
/// `extra` is not empty — `extra` as the message `"extra"`, before the
/// proof's own domain separator. Prover, verifier, batches and proof files
/// ([`crate::file::RangeProofFile`]'s `extra` field) all start the
/// transcript here, so a proof made with one `extra` fails with any other.
/// Empty `extra` is no extra data: the transcript is `new_transcript(label)`'s.
pub fn new_transcript_with_extra(label: &[u8], extra: &[u8]) -> Transcript {
    let mut transcript = new_transcript(label);
    if !extra.is_empty() {
        transcript.append_message(b"extra", extra);
    }
    transcript
}

#[cfg(test)]
mod label_tests {
    use super::*;

    #[test]
    fn borrowed_label_gives_the_static_label_state() {
        let owned = String::from("ballistic range proof");
        let mut a = new_transcript(owned.as_bytes());
        drop(owned);
        let mut b = Transcript::new(b"ballistic range proof");
        let (mut ca, mut cb) = ([0u8; 64], [0u8; 64]);
        a.challenge_bytes(b"c", &mut ca);
        b.challenge_bytes(b"c", &mut cb);
        assert_eq!(ca, cb);
        let mut c = new_transcript(b"another label");
        let mut cc = [0u8; 64];
        c.challenge_bytes(b"c", &mut cc);
        assert_ne!(ca, cc);
    }
}
