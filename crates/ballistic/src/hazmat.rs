//! Hazardous materials: the building blocks under the proofs, public for
//! the front-ends (command line, Python, C), the benchmarks, the fuzz
//! targets and for researchers, not for applications.
//!
//! Nothing here checks a statement on its own. A norm-linear argument
//! verified without the range proof's transcript around it proves nothing
//! about a value; a point decoded by [`decode_point`] is a point, not a
//! commitment the verifier chose; the constant-time markers ([`classify`],
//! [`declassify`], [`reveal`]) only annotate for `scripts/ctgrind`. Use
//! the proof types in [`crate::range`], [`crate::circuit`] and
//! [`crate::merkle`] instead, and reach for these only knowing which
//! relation each one proves (each item links its module documentation).
//!
//! What is here:
//!
//! * **constant-time annotations** (`ct`): [`classify`], [`declassify`],
//!   [`reveal`];
//! * **encodings** (`encoding`): strict point decoding
//!   ([`decode_point`], [`ProofPoint`]), lowercase hex ([`to_hex`],
//!   [`from_hex`], both on `base16ct`; [`ct_hex_fixed`] for secrets);
//! * **the weighted norm linear argument** of Bulletproofs++ §3
//!   ([`NormLinearProof`], [`NormCheck`], [`NormTranscript`], its folding
//!   schedule [`schedule`], [`sound_lengths`], [`Folding`]);
//! * **embedded curves** over each group's scalar field
//!   ([`EmbeddedCurve`], [`WithEmbeddedCurve`], [`Doppio`] for
//!   Ristretto255, [`Secq256k1`] for secp256k1, [`AffinePoint`]), their
//!   hash to curve and bit decompositions, and the native Pedersen hash
//!   ([`PedersenHash`]) the Merkle gadget proves;
//! * **group internals**: Ed25519's Elligator 2 map ([`elligator2`]) and
//!   secp256k1's precomputed generator tables ([`GenTable`]).

pub use crate::ct::{classify, declassify, reveal};
pub use crate::embedded::pedersen::{lookup_ct, ChunkTable, PedersenHash, MAX_INPUT_BITS};
pub use crate::embedded::{
    field_bits, field_to_bits, hash_to_curve, sqrt_vartime, AffinePoint, Coefficients, Cycle, Doppio, EmbeddedCurve,
    Secq256k1, WithEmbeddedCurve, DOPPIO_EDWARDS_D,
};
pub use crate::encoding::{ct_hex_fixed, decode_point, from_hex, to_hex, ProofPoint};
pub use crate::group::ed25519::elligator2;
pub use crate::group::secp256k1::msm::GenTable;
pub use crate::norm_linear::{
    schedule, sound_lengths, Folding, GeneratorMsm, NormCheck, NormLinearProof, NormTranscript,
};
