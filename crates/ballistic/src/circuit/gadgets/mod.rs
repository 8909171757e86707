//! Gadgets: constraint-system building blocks written once against
//! [`ConstraintSystem`](crate::circuit::ConstraintSystem), so the same code
//! drives the prover (with values) and the verifier (without).
//!
//! | gadget | proves | multipliers |
//! |---|---|---|
//! | [`allocate_bit`] | a variable is 0 or 1 | 1 |
//! | [`and`], [`xor`], [`or`], [`not`] | logic on bits (inputs must be bits) | 1, 1, 1, 0 |
//! | [`range()`] | a combination lies in `[0, 2^n)` (bit decomposition) | `n` |
//! | [`add_incomplete`], [`add_checked`], [`double`], [`fixed_base_mul`] | embedded-curve arithmetic | 3, 4, 4, ≈ 3.5 per bit |
//! | [`pedersen_hash`] | the Pedersen hash of bits (Table 3) | ≈ 1.67 per bit (+1 per bit allocated) |
//! | [`membership`] | a leaf's path to a root, position hidden | ≈ 1,350 per level (ristretto255) |
//! | [`select`] | a combination equals one of a list (`Π (x_k − x) = 0`) | `b − 1` for `b` entries |
//! | [`select_and_rerandomize`] | one Curve Trees level: `x(Ĉ + Δ − [r]H)` is one of a node's children | 769 + `b − 1` (256-bit `r`) |
//! | [`shuffle()`] | one list of variables is a permutation of another (second-phase challenge) | `2(k − 1)` |
//!
//! Gadgets take the prover's values as `Option`s: `Some` for the prover,
//! `None` for the verifier. Values are used only in constant-time
//! arithmetic.

pub(crate) mod boolean;
pub(crate) mod curve_tree;
pub(crate) mod ecc;
pub(crate) mod merkle;
pub(crate) mod pedersen;
pub(crate) mod range;
pub(crate) mod shuffle;

pub use self::boolean::{allocate_bit, and, constrain_bit, not, or, xor};
pub use self::curve_tree::{rerandomized_x, select, select_and_rerandomize, Rerandomization};
pub use self::ecc::{
    add_checked, add_incomplete, allocate_bits, double, fixed_base_mul, lookup_signed3, lookup_window, FixedBase,
    PointVar,
};
pub use self::merkle::{membership, PathWitness};
pub use self::pedersen::{hash as pedersen_hash, hash_bits as pedersen_hash_bits};
pub use self::range::range;
pub use self::shuffle::shuffle;
