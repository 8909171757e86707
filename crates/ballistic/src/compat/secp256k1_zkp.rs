//! Compatibility with Blockstream `secp256k1-zkp`'s norm argument
//! (`src/modules/bppp/bppp_norm_product_impl.h`), so its published test
//! vectors can be checked against [`crate::norm_linear::NormLinearProof`].
//!
//! The algebra is the same argument ([`Folding::ToOne`]: both vectors are
//! folded to length one, a length-one `𝐧` is frozen); what differs is the
//! wire format and the transcript:
//!
//! * **Generators**: one array, `𝐆` (`N` points) then `𝐇` (`L` points),
//!   `N`, `L` powers of two; the value generator is the secp256k1 base
//!   point.
//! * **Round encoding**: 65 bytes, `flags ‖ X.x ‖ R.x` with
//!   `flags = 2·odd(X.y) + odd(R.y)` (at most 3); an all-zero `x` is the
//!   point at infinity, whose flag bit must be 0.
//! * **Scalars**: 32-byte big-endian, rejected if `≥ n`.
//! * **Transcript**: a running SHA-256 state absorbs each round's 65 bytes;
//!   `γ = SHA-256(state ‖ 0⁸)` read big-endian, reduced mod `n`. The
//!   vectors start from the empty state.
//!
//! Identity points are allowed here (secp256k1-zkp's vectors use them);
//! ballistic's own proofs refuse them.
//!
//! **Soundness caveat.** secp256k1-zkp keeps folding `𝐥` after `𝐧` has
//! reached length one, with `𝐧` frozen; when `N < L` that leaves the
//! prover a free square in the checked value (see [`NormLinearProof`], "Sound
//! lengths"). [`verify`] therefore refuses `N < L`;
//! [`verify_like_secp256k1_zkp`] gives secp256k1-zkp's own verdicts
//! (published vector 6 has `N = 2 < L = 4`) and is for checking those
//! vectors, not for deciding whether a proof is valid.

use alloc::vec;
use alloc::vec::Vec;

use sha2::{Digest, Sha256};

use crate::encoding::ProofPoint;
use crate::errors::ProofError;
use crate::group::fast::Montgomery;
use crate::group::secp256k1::CompressedSecp256k1;
use crate::group::{Group, ScalarOps, Secp256k1};
use crate::norm_linear::{schedule, Folding, NormLinearProof, NormTranscript};

type Scalar = <Secp256k1 as Group>::Scalar;
type Point = <Secp256k1 as Group>::Point;

/// secp256k1-zkp's transcript: a running SHA-256 state.
#[derive(Clone, Default)]
pub struct Sha256Transcript(Sha256);

impl Sha256Transcript {
    /// The empty state the published vectors start from.
    pub fn empty() -> Self {
        Sha256Transcript(Sha256::new())
    }
}

impl NormTranscript<Secp256k1> for Sha256Transcript {
    fn round(
        &mut self,
        x: &CompressedSecp256k1,
        r: &CompressedSecp256k1,
        _verifying: bool,
    ) -> Result<Scalar, ProofError> {
        self.0.update(encode_pair(x, r));
        let mut h = self.0.clone();
        h.update([0u8; 8]);
        Ok(scalar_from_be_reduced(&h.finalize().into()))
    }
}

fn scalar_from_be_reduced(be: &[u8; 32]) -> Scalar {
    let mut wide = [0u8; 64];
    for (dst, src) in wide.iter_mut().zip(be.iter().rev()) {
        *dst = *src;
    }
    <Scalar as ScalarOps>::from_bytes_mod_order_wide(&wide)
}

fn scalar_to_be(s: &Scalar) -> [u8; 32] {
    let mut b = ScalarOps::to_bytes(s);
    b.reverse();
    b
}

fn scalar_from_be(be: &[u8]) -> Option<Scalar> {
    let mut le: [u8; 32] = be.try_into().ok()?;
    le.reverse();
    <Scalar as ScalarOps>::from_canonical_bytes(&le)
}

fn encode_pair(x: &CompressedSecp256k1, r: &CompressedSecp256k1) -> [u8; 65] {
    let (xb, rb) = (&x.0, &r.0);
    let mut out = [0u8; 65];
    let (flags, rest) = out.split_at_mut(1);
    let (x_out, r_out) = rest.split_at_mut(32);
    flags.fill(((xb[0] & 1) << 1) | (rb[0] & 1));
    x_out.copy_from_slice(&xb[1..]);
    r_out.copy_from_slice(&rb[1..]);
    out
}

fn decode_point(odd: u8, x: &[u8]) -> Option<ProofPoint<Secp256k1>> {
    let mut c = [0u8; 33];
    if x.iter().any(|&b| b != 0) {
        c[0] = 2 | odd;
    } else if odd != 0 {
        return None;
    }
    c[1..].copy_from_slice(x);
    let compressed = Secp256k1::compressed_from_slice(&c)?;
    let point = Secp256k1::decompress(&compressed)?;
    Some(ProofPoint { compressed, point })
}

fn lengths_ok(n_len: usize, l_len: usize) -> bool {
    n_len >= 1 && l_len >= 1 && n_len.is_power_of_two() && l_len.is_power_of_two()
}

/// Prove in secp256k1-zkp's format. `gens` holds `𝐆 ‖ 𝐇` (`n.len() + l.len()` points).
pub fn prove(
    transcript: &mut Sha256Transcript,
    gens: &[Point],
    rho: Scalar,
    n: Vec<Scalar>,
    l: Vec<Scalar>,
    c: Vec<Scalar>,
) -> Result<Vec<u8>, ProofError> {
    let (n_len, l_len) = (n.len(), l.len());
    if !lengths_ok(n_len, l_len) || gens.len() != n_len + l_len || c.len() != l_len {
        return Err(ProofError::VerificationFailed);
    }
    let base = Secp256k1::basepoint();
    let msm = |a: Scalar, g: &[Scalar], h: &[Scalar]| -> Point {
        let scalars = core::iter::once(a).chain(g.iter().copied()).chain(h.iter().copied()).collect::<Vec<_>>();
        let points = core::iter::once(base).chain(gens.iter().copied()).collect::<Vec<_>>();
        Secp256k1::msm_vartime(scalars.iter(), points.iter())
    };
    let proof = NormLinearProof::<Secp256k1>::prove(transcript, rho, n, l, c, Folding::ToOne, &msm)?;
    let mut out = Vec::new();
    for (x, r) in proof.points() {
        out.extend_from_slice(&encode_pair(&x.compressed, &r.compressed));
    }
    for s in proof.n.iter().chain(&proof.l) {
        out.extend_from_slice(&scalar_to_be(s));
    }
    Ok(out)
}

/// Verify a proof in secp256k1-zkp's format against `commitment`; `gens`
/// holds `𝐆 ‖ 𝐇` with `n_len` points in `𝐆`. `false` for anything
/// malformed (lengths, encodings), for `n_len < c.len()` (unsound, see the
/// module documentation), and for a failed check.
pub fn verify(
    transcript: &mut Sha256Transcript,
    gens: &[Point],
    n_len: usize,
    rho: Scalar,
    c: &[Scalar],
    commitment: &Point,
    proof: &[u8],
) -> bool {
    n_len >= c.len() && verify_like_secp256k1_zkp(transcript, gens, n_len, rho, c, commitment, proof)
}

/// secp256k1-zkp's verdict, including for `n_len < c.len()` where its rule
/// is unsound (module documentation): for reproducing its test vectors.
pub fn verify_like_secp256k1_zkp(
    transcript: &mut Sha256Transcript,
    gens: &[Point],
    n_len: usize,
    rho: Scalar,
    c: &[Scalar],
    commitment: &Point,
    proof: &[u8],
) -> bool {
    let l_len = c.len();
    if !lengths_ok(n_len, l_len) || gens.len() != n_len + l_len || ScalarOps::is_zero(&rho) {
        return false;
    }
    let (rounds, fin_n, fin_l) = schedule(n_len, l_len, Folding::ToOne);
    if proof.len() != 65 * rounds + 32 * (fin_n + fin_l) {
        return false;
    }
    let (chunks, scalars) = proof.split_at(65 * rounds);
    let mut xs = Vec::with_capacity(rounds);
    let mut rs = Vec::with_capacity(rounds);
    for chunk in chunks.chunks_exact(65) {
        let Some((&flags, coords)) = chunk.split_first() else { return false };
        if flags > 3 {
            return false;
        }
        let (x_coord, r_coord) = coords.split_at(32);
        let (Some(x), Some(r)) = (decode_point(flags >> 1, x_coord), decode_point(flags & 1, r_coord)) else {
            return false;
        };
        xs.push(x);
        rs.push(r);
    }
    let Some(finals) = scalars.chunks_exact(32).map(scalar_from_be).collect::<Option<Vec<_>>>() else {
        return false;
    };
    let (n, l) = finals.split_at(fin_n);
    let proof = NormLinearProof::<Secp256k1> { x: xs, r: rs, n: n.to_vec(), l: l.to_vec() };
    let Ok(check) = proof.verification(transcript, rho, c, n_len, Folding::ToOne) else {
        return false;
    };
    let mut scalars = vec![Scalar::one(), check.a];
    let mut points = vec![*commitment, Secp256k1::basepoint()];
    scalars.extend(check.g.iter().chain(&check.h).map(Scalar::from_fast));
    points.extend_from_slice(gens);
    for ((x, r), (sx, sr)) in proof.points().zip(check.x.iter().zip(&check.r)) {
        scalars.extend([*sx, *sr]);
        points.extend([x.point, r.point]);
    }
    Secp256k1::is_identity_vartime(&Secp256k1::msm_vartime(scalars.iter(), points.iter()))
}
