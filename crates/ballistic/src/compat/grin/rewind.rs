//! Rewinding (secp256k1-zkp `secp256k1_bulletproof_rangeproof_rewind_impl`):
//! whoever knows the rewind nonce recovers a single-value proof's value,
//! message and (when the prover used the same nonce for both) blinding.
//!
//! The prover hid `vals = message·2⁶⁴ + v` (the message in bytes 4–23 of a
//! big-endian scalar, `v` in bytes 24–31) in `α`: `α = α₀ − vals` with
//! `(α₀, ρ) = chacha(nonce, 0)`. From the proof's `−μ = −α − ρx`,
//! `vals = −μ + α₀ + ρx` (the C code refuses unless bytes 0–3 are zero).
//! The blinding is `γ = −(−τ_x + τ₁x + τ₂x²)/z²` with `(τ₁, τ₂) =
//! chacha(nonce, 1)` — right only if the prover's private nonce was the
//! rewind nonce (Grin's wallet uses two different nonces and takes only
//! the value and message).
//!
//! **Checks before anything is returned** (ballistic's, beyond the C
//! code's four zero bytes): `A` is recomputed from the nonce, value and
//! message (`α·G + ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩`) and must equal the proof's, which
//! binds the value and message to this nonce; the blinding is returned only
//! if `v·g + γ·G` is the commitment. A wrong nonce, statement or proof is
//! [`ProofError::RecoveryFailed`], decided in constant time up to that
//! verdict.

use alloc::vec::Vec;

use k256::{ProjectivePoint, Scalar};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use super::generators::{grin_generators, wire};
use super::transcript::{chacha_scalars, scalar_to_be, Commit};
use super::{GrinProof, MESSAGE_LEN};
use crate::ct::reveal;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps, Secp256k1};

/// What rewinding recovers. Wiped on drop; `Debug` prints nothing secret.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct GrinRewound {
    /// The committed value.
    pub value: u64,
    /// The blinding factor, if the prover's private nonce was the rewind
    /// nonce (checked: `value·g + blinding·G` is the commitment); `None`
    /// otherwise.
    pub blinding: Option<Scalar>,
    /// The 20-byte message (zeros if none was embedded).
    pub message: [u8; MESSAGE_LEN],
}

impl core::fmt::Debug for GrinRewound {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("GrinRewound { .. }")
    }
}

impl GrinProof {
    /// Rewind a single-value proof of `commitment` on `value_gen` (`None`:
    /// Grin's `H`) with Grin's `min_value` (`0` = none, as the C code) and
    /// `extra_commit`, using the prover's rewind nonce. See the module
    /// documentation of `rewind` for what is checked.
    pub fn rewind(
        &self,
        commitment: &ProjectivePoint,
        value_gen: Option<&ProjectivePoint>,
        min_value: u64,
        extra_commit: Option<&[u8]>,
        rewind_nonce: &[u8; 32],
    ) -> Result<GrinRewound, ProofError> {
        super::verifier::check_min_values(&[min_value])?;
        let fail = ProofError::RecoveryFailed;
        let d = &self.decoded;
        let n = d.vector_len;
        if n > 64 {
            return Err(fail);
        }
        let gens = grin_generators();
        let g = value_gen.copied().unwrap_or_else(|| gens.value_gen());
        let h = gens.blinding_gen();

        // The transcript up to x, as the C code replays it (min_value is
        // hashed only when non-zero).
        let mut commit = Commit::default();
        if min_value > 0 {
            commit.absorb_min_values(&[min_value]);
        }
        commit.absorb_pair(&wire(commitment).ok_or(fail.clone())?, &wire(&g).ok_or(fail.clone())?);
        if let Some(extra) = extra_commit {
            commit.absorb(extra);
        }
        commit.absorb_pair(&d.a.wire, &d.s.wire);
        commit.absorb_pair(&d.a.wire, &d.s.wire);
        let z = commit.challenge().ok_or(fail.clone())?;
        commit.absorb_pair(&d.t1.wire, &d.t2.wire);
        let x = commit.challenge().ok_or(fail.clone())?;

        let (alpha0, rho) = chacha_scalars(rewind_nonce, 0);
        let (tau1, tau2) = chacha_scalars(rewind_nonce, 1);
        // Zeroizing copies of the nonce's scalars (the bindings above are
        // moved into them).
        let (alpha0, rho, tau1, tau2) =
            (Zeroizing::new(alpha0), Zeroizing::new(rho), Zeroizing::new(tau1), Zeroizing::new(tau2));
        let vals = Zeroizing::new(d.neg_mu + *alpha0 + *rho * x);
        let bytes = Zeroizing::new(scalar_to_be(&vals));
        let (top, rest) = bytes.split_at(4);
        let (message_part, value_part) = rest.split_at(MESSAGE_LEN);
        let top_zero = top.ct_eq(&[0u8; 4]);
        let mut value_bytes = [0u8; 8];
        value_bytes.copy_from_slice(value_part);
        let value = Zeroizing::new(u64::from_be_bytes(value_bytes));
        value_bytes.zeroize();
        let mut message = [0u8; MESSAGE_LEN];
        message.copy_from_slice(message_part);

        // A recomputed from the nonce, the value and the message.
        let alpha = *alpha0 - *vals;
        let diff = value.wrapping_sub(min_value);
        let mut scalars = Zeroizing::new(Vec::with_capacity(2 * n + 1));
        scalars.push(alpha);
        for i in 0..n {
            scalars.push(<Scalar as ScalarOps>::from_u64((diff >> i) & 1));
        }
        for i in 0..n {
            scalars.push(<Scalar as ScalarOps>::from_u64((diff >> i) & 1) - Scalar::ONE);
        }
        let mut bases = Vec::with_capacity(2 * n + 1);
        bases.push(h);
        bases.extend_from_slice(gens.g_vec().get(..n).ok_or(fail.clone())?);
        bases.extend_from_slice(gens.h_vec().get(..n).ok_or(fail.clone())?);
        let a_again = crate::group::msm_ct_par::<Secp256k1>(&scalars, &bases);
        // For n < 64 the value must fit in n bits above the minimum, as the
        // prover required; the recomputed A only covers n bits.
        let in_range = if n < 64 { (diff >> n).ct_eq(&0) } else { 1u8.ct_eq(&1) };
        let below_min = subtle::ConstantTimeGreater::ct_gt(&min_value, &value);
        if !reveal(bool::from(top_zero & a_again.ct_eq(&d.a.point) & in_range & !below_min)) {
            message.zeroize();
            return Err(fail);
        }

        let blinding = Scalar::ZERO - (d.neg_tau_x + *tau1 * x + *tau2 * x * x) * (z * z).invert_ct();
        let opens = Secp256k1::msm_ct(&[<Scalar as ScalarOps>::from_u64(*value), blinding], &[g, h]);
        let blinding = reveal(bool::from(opens.ct_eq(commitment))).then_some(blinding);
        Ok(GrinRewound { value: *value, blinding, message })
    }
}
