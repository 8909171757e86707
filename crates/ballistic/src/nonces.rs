//! Where a prover's random nonces come from.
//!
//! * [`RngNonces`]: a caller's cryptographic RNG (the default).
//! * [`SeededNonces`]: derived from a secret 32-byte seed **and the public
//!   transcript at the moment the nonce is drawn**, with merlin's witness
//!   RNG (`build_rng().rekey_with_witness_bytes(label, seed)`, finalized with
//!   no further entropy). The same seed and the same public transcript give
//!   the same nonce, so the seed's holder can re-derive every nonce of a
//!   proof from the proof itself; anyone without the seed sees outputs of a
//!   keyed STROBE PRF, indistinguishable from uniform. This is what makes
//!   owner recovery possible (see [`crate::range::recovery`]). Distinct
//!   nonces drawn at the same transcript state use distinct labels. For a
//!   prover's bulk vectors, [`SeededNonces::rng`] derives one key the same
//!   way and expands it with ChaCha20.

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroize;

use crate::group::ScalarOps;

/// A source of uniformly distributed secret scalars for a prover.
pub trait NonceSource {
    /// A fresh nonce. `transcript` is the public transcript at this point,
    /// `label` names the nonce (distinct per nonce at one transcript state).
    fn nonce<S: ScalarOps>(&mut self, transcript: &Transcript, label: &'static [u8], index: u64) -> S;
}

/// Nonces from a cryptographic RNG.
pub struct RngNonces<'a, R: RngCore + CryptoRng>(pub &'a mut R);

impl<R: RngCore + CryptoRng> NonceSource for RngNonces<'_, R> {
    fn nonce<S: ScalarOps>(&mut self, _transcript: &Transcript, _label: &'static [u8], _index: u64) -> S {
        S::random(self.0)
    }
}

/// Nonces derived from a secret seed and the public transcript.
pub struct SeededNonces<'a> {
    seed: &'a [u8; 32],
}

impl<'a> SeededNonces<'a> {
    /// Derive from `seed` (keep it secret: it opens every proof made with it).
    pub fn new(seed: &'a [u8; 32]) -> Self {
        SeededNonces { seed }
    }
}

impl SeededNonces<'_> {
    /// A ChaCha20 stream keyed by a PRF of the seed, the public transcript
    /// at this point, `label` and the secret `bound` bytes (as
    /// [`NonceSource::nonce`] derives a scalar): for a prover's bulk
    /// vectors, one key and a fast expansion instead of one PRF call per
    /// scalar. `bound` binds further secrets into the key (owner recovery
    /// binds its payload so that a tampered proof does not decode).
    pub fn rng(&self, transcript: &Transcript, label: &'static [u8], bound: &[u8]) -> rand_chacha::ChaCha20Rng {
        use rand_core::SeedableRng;
        let mut rng = transcript
            .build_rng()
            .rekey_with_witness_bytes(b"ballistic nonce stream", label)
            .rekey_with_witness_bytes(b"bound", bound)
            .rekey_with_witness_bytes(b"seed", self.seed)
            .finalize(&mut NoExtraEntropy);
        let mut key = [0u8; 32];
        rng.fill_bytes(&mut key);
        let stream = rand_chacha::ChaCha20Rng::from_seed(key);
        key.zeroize();
        stream
    }
}

/// An "RNG" of zeros, so merlin's witness RNG depends only on the
/// transcript and the seed. Sound only because the seed is secret and
/// uniformly random; never used for anything else.
struct NoExtraEntropy;

impl RngCore for NoExtraEntropy {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        dest.fill(0);
        Ok(())
    }
}

impl CryptoRng for NoExtraEntropy {}

impl NonceSource for SeededNonces<'_> {
    fn nonce<S: ScalarOps>(&mut self, transcript: &Transcript, label: &'static [u8], index: u64) -> S {
        let mut rng = transcript
            .build_rng()
            .rekey_with_witness_bytes(b"ballistic nonce", label)
            .rekey_with_witness_bytes(b"index", &index.to_le_bytes())
            .rekey_with_witness_bytes(b"seed", self.seed)
            .finalize(&mut NoExtraEntropy);
        let mut wide = [0u8; 64];
        rng.fill_bytes(&mut wide);
        let s = S::from_bytes_mod_order_wide(&wide);
        wide.zeroize();
        s
    }
}
