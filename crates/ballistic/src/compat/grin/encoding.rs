//! Grin's proof encoding (secp256k1-zkp `secp256k1_bulletproof_rangeproof_prove_impl`
//! and `secp256k1_bulletproof_inner_product_prove_impl`).
//!
//! Scalars are 32 bytes big-endian, points are x-coordinates preceded by a
//! bit vector of "`y` is a non-residue" flags (see [`super::generators`]).
//! For a bit vector of length `N = n·m` (a power of two, `N ≤ 128`) and
//! `k = log₂N − 1` inner-product rounds (`k = 0` for `N ≤ 2`):
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 0 | 32 | `−τ_x` |
//! | 32 | 32 | `−μ` |
//! | 64 | 1 | flags of `A, S, T₁, T₂` (bits 0–3; bits 4–7 zero) |
//! | 65 | 4·32 | `x(A), x(S), x(T₁), x(T₂)` |
//! | 193 | 32 | `t̂ = ⟨𝐥, 𝐫⟩` |
//! | 225 | 32·a | `a_0 … a_{a−1}` (`a = min(N, 2)`) |
//! | 225 + 32a | 32·a | `b_0 … b_{a−1}` |
//! | 225 + 64a | ⌈2k/8⌉ | flags of `L_0, R_0, L_1, R_1, …` (unused bits zero) |
//! | … | 2k·32 | `x(L_0), x(R_0), x(L_1), …` |
//!
//! Lengths: `N = 1`: 289; 2: 353; 4: 418; 8: 482; 16: 546; 32: 610;
//! 64: 675 (one 64-bit value); 128: 739.
//!
//! **Stricter than the C code**, to keep one encoding per proof: unused flag
//! bits must be zero and x-coordinates below `p` (secp256k1-zkp ignores the
//! former and reduces the latter). Like the C verifier, the decoder refuses
//! scalars `≥ ℓ` and zero values of `τ_x`, `μ`, `t̂`, `a_i`, `b_i`.

use alloc::vec::Vec;

use k256::{ProjectivePoint, Scalar};

use super::generators::{from_wire, wire, WirePoint, MAX_VECTOR};
use super::transcript::{scalar_from_be, scalar_to_be};
use crate::errors::ProofError;

/// Bytes before the inner-product argument: `−τ_x, −μ`, flags, four points.
pub(crate) const HEAD_LEN: usize = 64 + 1 + 4 * 32;

/// Inner-product rounds for a vector of length `n` (a power of two).
pub(crate) fn rounds(n: usize) -> usize {
    if n <= 2 {
        0
    } else {
        n.trailing_zeros() as usize - 1
    }
}

/// Final `a` (and `b`) scalars for length `n`.
pub(crate) fn final_len(n: usize) -> usize {
    n.min(2)
}

fn flag_bytes(points: usize) -> usize {
    points.div_ceil(8)
}

/// Byte length of a proof with bit vector length `vector_len = n·m`
/// (`None` unless it is a power of two in `1..=128`).
pub fn proof_len(vector_len: usize) -> Option<usize> {
    if vector_len == 0 || !vector_len.is_power_of_two() || vector_len > MAX_VECTOR {
        return None;
    }
    let k = rounds(vector_len);
    Some(HEAD_LEN + 32 + 64 * final_len(vector_len) + flag_bytes(2 * k) + 64 * k)
}

/// A point as read from the proof: the curve point and its wire form
/// (which the transcript hashes).
#[derive(Copy, Clone, Debug)]
pub(crate) struct ProofPoint {
    pub(crate) point: ProjectivePoint,
    pub(crate) wire: WirePoint,
}

/// A decoded Grin Bulletproof (every field validated).
#[derive(Clone, Debug)]
pub(crate) struct Decoded {
    pub(crate) vector_len: usize,
    pub(crate) neg_tau_x: Scalar,
    pub(crate) neg_mu: Scalar,
    pub(crate) a: ProofPoint,
    pub(crate) s: ProofPoint,
    pub(crate) t1: ProofPoint,
    pub(crate) t2: ProofPoint,
    pub(crate) t_hat: Scalar,
    pub(crate) a_final: Vec<Scalar>,
    pub(crate) b_final: Vec<Scalar>,
    pub(crate) l: Vec<ProofPoint>,
    pub(crate) r: Vec<ProofPoint>,
}

/// Reads fields in order; every read is bounds-checked.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take32(&mut self) -> Result<(usize, [u8; 32]), ProofError> {
        let at = self.pos;
        let chunk =
            self.bytes.get(at..at + 32).ok_or(ProofError::WrongLength { expected: 0, got: self.bytes.len() })?;
        self.pos += 32;
        let mut out = [0u8; 32];
        out.copy_from_slice(chunk);
        Ok((at, out))
    }

    /// A canonical, non-zero scalar.
    fn scalar(&mut self) -> Result<Scalar, ProofError> {
        let (offset, bytes) = self.take32()?;
        match scalar_from_be(&bytes) {
            Some(s) if !bool::from(s.is_zero()) => Ok(s),
            _ => Err(ProofError::NonCanonicalScalar { offset }),
        }
    }

    /// `count` points after a flag vector.
    fn points(&mut self, count: usize) -> Result<Vec<ProofPoint>, ProofError> {
        let flags_at = self.pos;
        let flags = self
            .bytes
            .get(flags_at..flags_at + flag_bytes(count))
            .ok_or(ProofError::WrongLength { expected: 0, got: self.bytes.len() })?;
        // Unused flag bits must be zero (one encoding per proof).
        if let Some(bit) = (count..8 * flags.len()).find(|&bit| flag(flags, bit)) {
            return Err(ProofError::InvalidPoint { offset: flags_at + bit / 8 });
        }
        let flags = flags.to_vec();
        self.pos += flags.len();
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let (offset, x) = self.take32()?;
            let non_square = flag(&flags, i);
            let point = from_wire(&x, non_square).ok_or(ProofError::InvalidPoint { offset })?;
            out.push(ProofPoint { point, wire: WirePoint { x, non_square } });
        }
        Ok(out)
    }
}

/// Bit `i` of a flag vector (bit `i % 8` of byte `i / 8`).
fn flag(flags: &[u8], i: usize) -> bool {
    flags.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1)
}

/// The vector length `N` whose proofs are `len` bytes long.
fn vector_len_of(len: usize) -> Option<usize> {
    (0..=MAX_VECTOR.trailing_zeros()).map(|k| 1usize << k).find(|&n| proof_len(n) == Some(len))
}

/// Decode a proof of any supported shape (the length determines `N`).
/// Never panics; memory is bounded by a constant.
pub(crate) fn decode(bytes: &[u8]) -> Result<Decoded, ProofError> {
    let vector_len = vector_len_of(bytes.len()).ok_or(ProofError::WrongLength { expected: 0, got: bytes.len() })?;
    let mut r = Reader { bytes, pos: 0 };
    let neg_tau_x = r.scalar()?;
    let neg_mu = r.scalar()?;
    let head = r.points(4)?;
    let t_hat = r.scalar()?;
    let f = final_len(vector_len);
    let a_final = (0..f).map(|_| r.scalar()).collect::<Result<Vec<_>, _>>()?;
    let b_final = (0..f).map(|_| r.scalar()).collect::<Result<Vec<_>, _>>()?;
    let k = rounds(vector_len);
    let lr = r.points(2 * k)?;
    if r.pos != bytes.len() {
        return Err(ProofError::WrongLength { expected: r.pos, got: bytes.len() });
    }
    let (l, rr): (Vec<_>, Vec<_>) = lr
        .chunks_exact(2)
        .filter_map(|p| match p {
            [l, r] => Some((*l, *r)),
            _ => None,
        })
        .unzip();
    let [a, s, t1, t2]: [ProofPoint; 4] =
        head.try_into().map_err(|_| ProofError::WrongLength { expected: 0, got: bytes.len() })?;
    Ok(Decoded { vector_len, neg_tau_x, neg_mu, a, s, t1, t2, t_hat, a_final, b_final, l, r: rr })
}

/// Write a flag vector and x-coordinates (`secp256k1_bulletproof_serialize_points`).
/// `None` if a point is the identity (which the format cannot hold).
pub(crate) fn write_points(out: &mut Vec<u8>, points: &[ProjectivePoint]) -> Option<Vec<WirePoint>> {
    let wires = points.iter().map(wire).collect::<Option<Vec<_>>>()?;
    let mut flags = alloc::vec![0u8; flag_bytes(points.len())];
    for (i, w) in wires.iter().enumerate() {
        if let Some(f) = flags.get_mut(i / 8) {
            *f |= u8::from(w.non_square) << (i % 8);
        }
    }
    out.extend_from_slice(&flags);
    for w in &wires {
        out.extend_from_slice(&w.x);
    }
    Some(wires)
}

/// Append a big-endian scalar.
pub(crate) fn write_scalar(out: &mut Vec<u8>, s: &Scalar) {
    out.extend_from_slice(&scalar_to_be(s));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths() {
        let lens: Vec<_> = (0..8).map(|k| proof_len(1 << k).unwrap()).collect();
        assert_eq!(lens, [289, 353, 418, 482, 546, 610, 675, 739]);
        assert_eq!(proof_len(3), None);
        assert_eq!(proof_len(256), None);
        for len in 0..2000 {
            let _ = decode(&alloc::vec![0xffu8; len]);
        }
    }
}
