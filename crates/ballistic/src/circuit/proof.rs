//! The R1CS proof and its strict encoding (layout in [`crate::circuit`]).

use alloc::vec;
use alloc::vec::Vec;

use crate::encoding::{ProofPoint, Reader};
use crate::errors::ProofError;
use crate::group::{Group, SCALAR_LEN};
use crate::inner_product::InnerProductProof;

/// Most inner-product rounds a decoded proof may claim (`N ≤ 2^32`).
const MAX_ROUNDS: usize = 32;

/// Most vector commitments one statement may take (see
/// [`Prover::commit_vec`](super::Prover::commit_vec)): a proof then
/// carries `3·16 + 5 = 53` points `T_i`.
pub const MAX_VECTOR_COMMITMENTS: usize = 16;

/// A proof that a constraint system is satisfied (see [`crate::circuit`]).
#[derive(Clone, Debug, PartialEq)]
pub struct R1csProof<G: Group> {
    pub(crate) a_i1: ProofPoint<G>,
    pub(crate) a_o1: ProofPoint<G>,
    pub(crate) s1: ProofPoint<G>,
    /// `A_I2, A_O2, S2`, present iff the statement has second-phase gates.
    pub(crate) phase2: Option<[ProofPoint<G>; 3]>,
    /// `T_i` for `i ∈ [n_c + 1, 4·n_c + 6] ∖ {2·n_c + 2}`, increasing:
    /// `T_1, T_3, T_4, T_5, T_6` without vector commitments (`n_c = 0`).
    pub(crate) t: Vec<ProofPoint<G>>,
    pub(crate) t_x: G::Scalar,
    pub(crate) t_x_blinding: G::Scalar,
    pub(crate) e_blinding: G::Scalar,
    pub(crate) ipp: InnerProductProof<G>,
}

/// Number of `T_i` points of a proof over `vector_commitments` vector
/// commitments: `3·n_c + 5`.
pub(crate) const fn t_points(vector_commitments: usize) -> usize {
    vector_commitments.saturating_mul(3).saturating_add(5)
}

/// Most entries the vector commitments of one statement may hold together
/// (so a statement's lengths, which the verifier is given, bound its
/// memory and work: a verifier pads the first phase to the longest).
pub const MAX_VECTOR_LEN: usize = 1 << 16;

/// The powers of `X` at which each vector sits in `𝐥(X)` and `𝐫(X)` for
/// `n_c` vector commitments (module documentation of [`crate::circuit`]):
/// with `D = 2·n_c + 2`, `𝐥` holds `𝐚_L + 𝐲^{−n}∘𝐰_R` at `n_c + 1`, `𝐜_j`
/// at `D − j`, `𝐚_O` at `D`, `𝐬_L` at `D + 1`; `𝐫` holds `𝐰_O − 𝐲^n` at
/// 0, `𝐰_{C,j}` at `j`, `𝐲^n∘𝐚_R + 𝐰_L` at `n_c + 1`, `𝐲^n∘𝐬_R` at
/// `D + 1`. `n_c = 0` is the paper's layout (powers 1, 2, 3 and 0, 1, 3).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) n_c: usize,
}

impl Layout {
    /// `D = 2·n_c + 2`: the checked coefficient of `t(X)`.
    pub(crate) const fn d(self) -> usize {
        2 * self.n_c + 2
    }

    /// Power of `A_I` (and of `𝐫`'s wire part): `n_c + 1`.
    pub(crate) const fn wires(self) -> usize {
        self.n_c + 1
    }

    /// Power of vector commitment `j` (0-based) in `𝐥`: `D − (j + 1)`; its
    /// weights sit at `j + 1` in `𝐫`.
    pub(crate) const fn vector(self, j: usize) -> usize {
        self.d() - (j + 1)
    }

    /// Highest power of `t(X)`: `2·D + 2`.
    pub(crate) const fn degree(self) -> usize {
        2 * self.d() + 2
    }

    /// The powers `i` whose `T_i` the proof carries, increasing: every
    /// power of `t(X)` from `n_c + 1` (the lowest that can be nonzero) to
    /// `2·D + 2` except `D`, whose coefficient the verifier computes.
    pub(crate) fn t_powers(self) -> impl Iterator<Item = usize> {
        let d = self.d();
        (self.wires()..=self.degree()).filter(move |i| *i != d)
    }
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

    /// Vector commitments `n_c` of the statement the proof was decoded
    /// for (0 for [`from_bytes`](Self::from_bytes) and serde, which know
    /// no statement; a verifier reads the proof's bytes again under its
    /// own `n_c` when they differ).
    pub fn vector_commitments(&self) -> usize {
        (self.t.len().saturating_sub(5)) / 3
    }

    /// Encoded length of a proof with `rounds` rounds, with or without a
    /// second phase, of a statement without vector commitments.
    pub fn encoded_len(rounds: usize, phase_two: bool) -> usize {
        Self::encoded_len_with(rounds, phase_two, 0)
    }

    /// Encoded length of a proof with `rounds` rounds, with or without a
    /// second phase, of a statement with `vector_commitments` vector
    /// commitments.
    pub fn encoded_len_with(rounds: usize, phase_two: bool, vector_commitments: usize) -> usize {
        let points = t_points(vector_commitments).saturating_add(if phase_two { 6 } else { 3 });
        points.saturating_mul(G::POINT_LEN).saturating_add(3 * SCALAR_LEN + InnerProductProof::<G>::encoded_len(rounds))
    }

    /// The canonical encoding.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(Self::encoded_len_with(self.rounds(), self.has_phase_two(), self.vector_commitments()));
        let mut points = vec![&self.a_i1, &self.a_o1, &self.s1];
        if let Some(p) = &self.phase2 {
            points.extend(p.iter());
        }
        points.extend(self.t.iter());
        for p in points {
            out.extend_from_slice(G::compressed_bytes(&p.compressed));
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            out.extend_from_slice(&crate::group::ScalarOps::to_bytes(s));
        }
        self.ipp.write(&mut out);
        out
    }

    /// Decode strictly a proof of a statement without vector commitments:
    /// the length determines the shape (whether there is a second phase,
    /// and the number of rounds); every point must be a canonical encoding
    /// and every scalar `< ℓ`.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        Self::from_bytes_with(bytes, 0)
    }

    /// Decode strictly a proof of a statement with `vector_commitments`
    /// vector commitments (the verifier's number, at most
    /// [`MAX_VECTOR_COMMITMENTS`]); within that number the length
    /// determines the rest of the shape, as for
    /// [`from_bytes`](Self::from_bytes).
    pub fn from_bytes_with(bytes: &[u8], vector_commitments: usize) -> Result<Self, ProofError> {
        if vector_commitments > MAX_VECTOR_COMMITMENTS {
            return Err(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS });
        }
        let wrong = ProofError::WrongLength { expected: 0, got: bytes.len() };
        let (rounds, phase_two) = Self::shape_of_len(bytes.len(), vector_commitments).ok_or(wrong)?;
        let mut r = Reader::new(bytes);
        let a_i1 = r.read_point::<G>()?;
        let a_o1 = r.read_point::<G>()?;
        let s1 = r.read_point::<G>()?;
        let phase2 =
            if phase_two { Some([r.read_point::<G>()?, r.read_point::<G>()?, r.read_point::<G>()?]) } else { None };
        let t = (0..t_points(vector_commitments)).map(|_| r.read_point::<G>()).collect::<Result<Vec<_>, _>>()?;
        let t_x = r.read_scalar::<G>()?;
        let t_x_blinding = r.read_scalar::<G>()?;
        let e_blinding = r.read_scalar::<G>()?;
        let ipp = InnerProductProof::read(&mut r, rounds)?;
        if r.remaining() != 0 {
            return Err(ProofError::WrongLength {
                expected: Self::encoded_len_with(rounds, phase_two, vector_commitments),
                got: bytes.len(),
            });
        }
        Ok(R1csProof { a_i1, a_o1, s1, phase2, t, t_x, t_x_blinding, e_blinding, ipp })
    }

    /// `(rounds, phase_two)` for an encoded length, if one fits.
    fn shape_of_len(len: usize, vector_commitments: usize) -> Option<(usize, bool)> {
        let rest = len.checked_sub(5 * SCALAR_LEN)?;
        if rest % G::POINT_LEN != 0 {
            return None;
        }
        let points = rest / G::POINT_LEN;
        let shape = match points.checked_sub(3 + t_points(vector_commitments))? {
            even if even % 2 == 0 => (even / 2, false),
            odd => (odd.checked_sub(3)? / 2, true),
        };
        (shape.0 <= MAX_ROUNDS).then_some(shape)
    }
}

crate::encoding::impl_serde_as_bytes!(R1csProof, "an R1CS proof");
