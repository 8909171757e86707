//! The messages of the protocol and their canonical byte encodings.
//!
//! | message | bytes |
//! |---|---|
//! | [`BitCommitment`] | `V ‖ A ‖ S` (3 points) |
//! | [`BitChallenge`] | `y ‖ z` (2 scalars) |
//! | [`PolyCommitment`] | `T₁ ‖ T₂` (2 points) |
//! | [`PolyChallenge`] | `x` (1 scalar) |
//! | [`ProofShare`] | `t̂ ‖ τ_x ‖ μ ‖ LE32(n) ‖ 𝐥 (n scalars) ‖ 𝐫 (n scalars)`, `1 ≤ n ≤ 64` |
//!
//! Decoding is strict as for proofs: exact lengths, canonical scalars,
//! valid canonical points; errors carry the byte offset. With the `serde`
//! feature every message is a hex string (bytes in binary formats).

use alloc::vec::Vec;

use crate::encoding::{ProofPoint, Reader};
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps, SCALAR_LEN};
use crate::range::bulletproofs::algebra::Share;
use crate::range::MAX_BITS;

fn finish(reader: &Reader<'_>, bytes: &[u8], expected: usize) -> Result<(), ProofError> {
    if reader.remaining() != 0 || bytes.len() != expected {
        return Err(ProofError::WrongLength { expected, got: bytes.len() });
    }
    Ok(())
}

fn check_len(bytes: &[u8], expected: usize) -> Result<(), ProofError> {
    if bytes.len() != expected {
        return Err(ProofError::WrongLength { expected, got: bytes.len() });
    }
    Ok(())
}

/// Round 1, party → dealer: the party's value commitment and its bit and
/// blinding-vector commitments.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BitCommitment<G: Group> {
    /// `V_j = v_j·B + γ_j·B̃`.
    pub v: ProofPoint<G>,
    /// `A_j = α_j·B̃ + ⟨𝐚_L, 𝐆_j⟩ + ⟨𝐚_R, 𝐇_j⟩`.
    pub a: ProofPoint<G>,
    /// `S_j = ρ_j·B̃ + ⟨𝐬_L, 𝐆_j⟩ + ⟨𝐬_R, 𝐇_j⟩`.
    pub s: ProofPoint<G>,
}

impl<G: Group> BitCommitment<G> {
    /// Encoded length.
    pub fn encoded_len() -> usize {
        3 * G::POINT_LEN
    }
    /// `V ‖ A ‖ S`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::encoded_len());
        for p in [&self.v, &self.a, &self.s] {
            out.extend_from_slice(G::compressed_bytes(&p.compressed));
        }
        out
    }
    /// Strict decoding.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        check_len(bytes, Self::encoded_len())?;
        let mut r = Reader::new(bytes);
        let m = BitCommitment { v: r.read_point()?, a: r.read_point()?, s: r.read_point()? };
        finish(&r, bytes, Self::encoded_len())?;
        Ok(m)
    }
}

/// Round 1, dealer → parties: the challenges `y, z`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BitChallenge<G: Group> {
    /// `y`.
    pub y: G::Scalar,
    /// `z`.
    pub z: G::Scalar,
}

impl<G: Group> BitChallenge<G> {
    /// `y ‖ z`.
    pub fn to_bytes(&self) -> Vec<u8> {
        [self.y.to_bytes(), self.z.to_bytes()].concat()
    }
    /// Strict decoding.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        check_len(bytes, 2 * SCALAR_LEN)?;
        let mut r = Reader::new(bytes);
        let m = BitChallenge { y: r.read_scalar::<G>()?, z: r.read_scalar::<G>()? };
        finish(&r, bytes, 2 * SCALAR_LEN)?;
        Ok(m)
    }
}

/// Round 2, party → dealer: commitments to the party's `t₁, t₂`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PolyCommitment<G: Group> {
    /// `T_{1,j} = t_{1,j}·B + τ_{1,j}·B̃`.
    pub t_1: ProofPoint<G>,
    /// `T_{2,j} = t_{2,j}·B + τ_{2,j}·B̃`.
    pub t_2: ProofPoint<G>,
}

impl<G: Group> PolyCommitment<G> {
    /// `T₁ ‖ T₂`.
    pub fn to_bytes(&self) -> Vec<u8> {
        [G::compressed_bytes(&self.t_1.compressed), G::compressed_bytes(&self.t_2.compressed)].concat()
    }
    /// Strict decoding.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        check_len(bytes, 2 * G::POINT_LEN)?;
        let mut r = Reader::new(bytes);
        let m = PolyCommitment { t_1: r.read_point()?, t_2: r.read_point()? };
        finish(&r, bytes, 2 * G::POINT_LEN)?;
        Ok(m)
    }
}

/// Round 2, dealer → parties: the challenge `x`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PolyChallenge<G: Group> {
    /// `x`.
    pub x: G::Scalar,
}

impl<G: Group> PolyChallenge<G> {
    /// `x`.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.x.to_bytes().to_vec()
    }
    /// Strict decoding.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        check_len(bytes, SCALAR_LEN)?;
        let mut r = Reader::new(bytes);
        let m = PolyChallenge { x: r.read_scalar::<G>()? };
        finish(&r, bytes, SCALAR_LEN)?;
        Ok(m)
    }
}

/// Round 3, party → dealer: the party's part of the proof's scalars and of
/// the inner-product vectors (masked by `𝐬_L, 𝐬_R`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofShare<G: Group> {
    /// `t̂_j = t_{0,j} + t_{1,j}·x + t_{2,j}·x²`.
    pub t_x: G::Scalar,
    /// `τ_{x,j} = τ_{1,j}·x + τ_{2,j}·x² + z^{2+j}·γ_j`.
    pub t_x_blinding: G::Scalar,
    /// `μ_j = α_j + ρ_j·x`.
    pub e_blinding: G::Scalar,
    /// `𝐥_j(x)`, `n` entries.
    pub l: Vec<G::Scalar>,
    /// `𝐫_j(x)`, `n` entries.
    pub r: Vec<G::Scalar>,
}

impl<G: Group> ProofShare<G> {
    /// Encoded length for `n` bits.
    pub fn encoded_len(n: usize) -> usize {
        3 * SCALAR_LEN + 4 + 2 * n * SCALAR_LEN
    }
    /// `t̂ ‖ τ_x ‖ μ ‖ LE32(n) ‖ 𝐥 ‖ 𝐫`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let n = self.l.len();
        let mut out = Vec::with_capacity(Self::encoded_len(n));
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            out.extend_from_slice(&s.to_bytes());
        }
        out.extend_from_slice(&(n as u32).to_le_bytes());
        for s in self.l.iter().chain(&self.r) {
            out.extend_from_slice(&s.to_bytes());
        }
        out
    }
    /// Strict decoding: the length field must be in `1..=64` and match the
    /// byte length exactly (checked before anything is allocated).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let head = 3 * SCALAR_LEN;
        let count = bytes
            .get(head..head + 4)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map(u32::from_le_bytes)
            .ok_or(ProofError::WrongLength { expected: Self::encoded_len(1), got: bytes.len() })?
            as usize;
        if !(1..=MAX_BITS).contains(&count) {
            return Err(ProofError::InvalidBitsize { bits: count });
        }
        check_len(bytes, Self::encoded_len(count))?;
        let mut r = Reader::new(bytes);
        let t_x = r.read_scalar::<G>()?;
        let t_x_blinding = r.read_scalar::<G>()?;
        let e_blinding = r.read_scalar::<G>()?;
        r.skip(4)?;
        let l = (0..count).map(|_| r.read_scalar::<G>()).collect::<Result<Vec<_>, _>>()?;
        let rv = (0..count).map(|_| r.read_scalar::<G>()).collect::<Result<Vec<_>, _>>()?;
        finish(&r, bytes, Self::encoded_len(count))?;
        Ok(ProofShare { t_x, t_x_blinding, e_blinding, l, r: rv })
    }
}

crate::encoding::impl_serde_as_bytes!(BitCommitment, "an MPC bit commitment");
crate::encoding::impl_serde_as_bytes!(BitChallenge, "an MPC bit challenge");
crate::encoding::impl_serde_as_bytes!(PolyCommitment, "an MPC polynomial commitment");
crate::encoding::impl_serde_as_bytes!(PolyChallenge, "an MPC polynomial challenge");
crate::encoding::impl_serde_as_bytes!(ProofShare, "an MPC proof share");

impl<G: Group> From<Share<G>> for ProofShare<G> {
    fn from(s: Share<G>) -> Self {
        ProofShare { t_x: s.t_x, t_x_blinding: s.t_x_blinding, e_blinding: s.e_blinding, l: s.l, r: s.r }
    }
}

impl<G: Group> From<ProofShare<G>> for Share<G> {
    fn from(s: ProofShare<G>) -> Self {
        Share { t_x: s.t_x, t_x_blinding: s.t_x_blinding, e_blinding: s.e_blinding, l: s.l, r: s.r }
    }
}
