//! Gadgets: constraint-system building blocks written once against
//! [`ConstraintSystem`](crate::circuit::ConstraintSystem), so the same code
//! drives the prover (with values) and the verifier (without).
//!
//! | gadget | proves | multipliers |
//! |---|---|---|
//! | [`boolean::allocate_bit`] | a variable is 0 or 1 | 1 |
//! | [`boolean::and`], [`boolean::xor`], [`boolean::or`], [`boolean::not`] | logic on bits (inputs must be bits) | 1, 1, 1, 0 |
//! | [`range::range`] | a combination lies in `[0, 2^n)` (bit decomposition) | `n` |
//! | [`ecc`]: [`ecc::add_incomplete`], [`ecc::add_checked`], [`ecc::double`], [`ecc::fixed_base_mul`] | embedded-curve arithmetic | 3, 4, 4, ≈ 3.5 per bit |
//! | [`pedersen::hash`] | the Pedersen hash of bits (Table 3) | ≈ 1.67 per bit (+1 per bit allocated) |
//! | [`merkle::membership`] | a leaf's path to a root, position hidden | ≈ 1,350 per level (ristretto255) |
//! | [`shuffle::shuffle`] | one list of variables is a permutation of another (second-phase challenge) | `2(k − 1)` |
//!
//! Gadgets take the prover's values as `Option`s: `Some` for the prover,
//! `None` for the verifier. Values are used only in constant-time
//! arithmetic.

pub mod boolean;
pub mod ecc;
pub mod merkle;
pub mod pedersen;
pub mod range;
pub mod shuffle;
