//! The R1CS proof and its strict encoding (layout in [`crate::circuit`]).

use alloc::vec;
use alloc::vec::Vec;

use crate::encoding::{ProofPoint, Reader};
use crate::errors::ProofError;
use crate::group::{Group, SCALAR_LEN};
use crate::inner_product::InnerProductProof;

/// Most inner-product rounds a decoded proof may claim (`N ≤ 2^32`).
const MAX_ROUNDS: usize = 32;

/// A proof that a constraint system is satisfied (see [`crate::circuit`]).
#[derive(Clone, Debug, PartialEq)]
pub struct R1csProof<G: Group> {
    pub(crate) a_i1: ProofPoint<G>,
    pub(crate) a_o1: ProofPoint<G>,
    pub(crate) s1: ProofPoint<G>,
    /// `A_I2, A_O2, S2`, present iff the statement has second-phase gates.
    pub(crate) phase2: Option<[ProofPoint<G>; 3]>,
    pub(crate) t_1: ProofPoint<G>,
    pub(crate) t_3: ProofPoint<G>,
    pub(crate) t_4: ProofPoint<G>,
    pub(crate) t_5: ProofPoint<G>,
    pub(crate) t_6: ProofPoint<G>,
    pub(crate) t_x: G::Scalar,
    pub(crate) t_x_blinding: G::Scalar,
    pub(crate) e_blinding: G::Scalar,
    pub(crate) ipp: InnerProductProof<G>,
}

impl<G: Group> R1csProof<G> {
    /// Does the proof carry second-phase commitments?
    pub fn has_phase_two(&self) -> bool {
        self.phase2.is_some()
    }

    /// Inner-product rounds `lg N`.
    pub fn rounds(&self) -> usize {
        self.ipp.rounds()
    }

    /// Encoded length of a proof with `rounds` rounds, with or without a
    /// second phase.
    pub fn encoded_len(rounds: usize, phase_two: bool) -> usize {
        let points = 8 + if phase_two { 3 } else { 0 };
        points * G::POINT_LEN + 3 * SCALAR_LEN + InnerProductProof::<G>::encoded_len(rounds)
    }

    /// The canonical encoding.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::encoded_len(self.rounds(), self.has_phase_two()));
        let mut points = vec![&self.a_i1, &self.a_o1, &self.s1];
        if let Some(p) = &self.phase2 {
            points.extend(p.iter());
        }
        points.extend([&self.t_1, &self.t_3, &self.t_4, &self.t_5, &self.t_6]);
        for p in points {
            out.extend_from_slice(G::compressed_bytes(&p.compressed));
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            out.extend_from_slice(&crate::group::ScalarOps::to_bytes(s));
        }
        self.ipp.write(&mut out);
        out
    }

    /// Decode strictly: the length determines the shape (whether there is
    /// a second phase, and the number of rounds); every point must be a
    /// canonical encoding and every scalar `< ℓ`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let (rounds, phase_two) =
            Self::shape_of_len(bytes.len()).ok_or(ProofError::WrongLength { expected: 0, got: bytes.len() })?;
        let mut r = Reader::new(bytes);
        let a_i1 = r.read_point::<G>()?;
        let a_o1 = r.read_point::<G>()?;
        let s1 = r.read_point::<G>()?;
        let phase2 =
            if phase_two { Some([r.read_point::<G>()?, r.read_point::<G>()?, r.read_point::<G>()?]) } else { None };
        let t_1 = r.read_point::<G>()?;
        let t_3 = r.read_point::<G>()?;
        let t_4 = r.read_point::<G>()?;
        let t_5 = r.read_point::<G>()?;
        let t_6 = r.read_point::<G>()?;
        let t_x = r.read_scalar::<G>()?;
        let t_x_blinding = r.read_scalar::<G>()?;
        let e_blinding = r.read_scalar::<G>()?;
        let ipp = InnerProductProof::read(&mut r, rounds)?;
        if r.remaining() != 0 {
            return Err(ProofError::WrongLength { expected: Self::encoded_len(rounds, phase_two), got: bytes.len() });
        }
        Ok(R1csProof { a_i1, a_o1, s1, phase2, t_1, t_3, t_4, t_5, t_6, t_x, t_x_blinding, e_blinding, ipp })
    }

    /// `(rounds, phase_two)` for an encoded length, if one fits.
    fn shape_of_len(len: usize) -> Option<(usize, bool)> {
        let rest = len.checked_sub(5 * SCALAR_LEN)?;
        if rest % G::POINT_LEN != 0 {
            return None;
        }
        let points = rest / G::POINT_LEN;
        let shape = match points.checked_sub(8)? {
            even if even % 2 == 0 => (even / 2, false),
            odd => (odd.checked_sub(3)? / 2, true),
        };
        (shape.0 <= MAX_ROUNDS).then_some(shape)
    }
}

crate::encoding::impl_serde_as_bytes!(R1csProof, "an R1CS proof");
