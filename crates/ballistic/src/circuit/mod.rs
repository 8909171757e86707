//! Arithmetic-circuit proofs: rank-1 constraint systems (paper §5,
//! Protocol 3, with the improved inner-product argument).
//!
//! **Statement.** Public: Pedersen commitments `𝐕 ∈ 𝔾^m` and a constraint
//! system of `n` multiplication gates and `q` linear constraints. The prover
//! knows `𝐯, 𝛄 ∈ 𝔽^m` (with `V_j = v_j·B + γ_j·B̃`) and `𝐚_L, 𝐚_R, 𝐚_O ∈ 𝔽^n`
//! such that
//!
//! ```text
//!     𝐚_L ∘ 𝐚_R = 𝐚_O                                             (paper eq. (81))
//!     W_L·𝐚_L + W_R·𝐚_R + W_O·𝐚_O + W_V·𝐯 + 𝐜 = 𝟎               (paper eq. (82), as "lc = 0")
//! ```
//!
//! **Protocol** (paper Protocol 3, split in two phases as in the dalek R1CS
//! design so gadgets can use challenges):
//!
//! 1. Commit `A_I = ⟨𝐚_L, 𝐆⟩ + ⟨𝐚_R, 𝐇⟩ + α·B̃`, `A_O = ⟨𝐚_O, 𝐆⟩ + β·B̃`,
//!    `S = ⟨𝐬_L, 𝐆⟩ + ⟨𝐬_R, 𝐇⟩ + ρ·B̃` for the first-phase gates; randomized
//!    gadgets then draw challenges and add gates, committed likewise
//!    (`A_I2, A_O2, S2`, omitted when there are none).
//! 2. Challenges `y, z`. With `𝐳^{q+1}`-weighted rows, `𝐰_L = 𝐳·W_L`, etc.,
//!    `𝐰_V = −𝐳·W_V`, `w_c = −⟨𝐳, 𝐜⟩`, the prover forms (eqs. (88)–(90))
//!    ```text
//!     𝐥(X) = (𝐚_L + 𝐲^{−n}∘𝐰_R)·X + 𝐚_O·X² + 𝐬_L·X³
//!     𝐫(X) = 𝐲^n∘𝐚_R·X − 𝐲^n + 𝐰_L·X + 𝐰_O + 𝐲^n∘𝐬_R·X³
//!     t(X) = ⟨𝐥(X), 𝐫(X)⟩,  t₂ = ⟨𝐰_V, 𝐯⟩ + w_c + δ(y, z),  δ = ⟨𝐲^{−n}∘𝐰_R, 𝐰_L⟩
//!    ```
//!    and commits `T_i = t_i·B + τ_i·B̃` for `i ∈ {1, 3, 4, 5, 6}`.
//! 3. Challenges `u` (weights the second phase), `x`; the prover sends
//!    `t_x = t(x)`, its blinding, and `e = x·α + x²·β + x³·ρ` (second
//!    phase scaled by `u`); challenge `w`, `Q = w·B`.
//! 4. The inner-product argument proves `⟨𝐥(x), 𝐫(x)⟩ = t_x` over `𝐆'`
//!    (`u·G_i` for second-phase and padding gates) and
//!    `𝐇' = 𝐲^{−n}∘𝐇` (likewise `u`-scaled), padded to `N = 2^⌈lg n⌉`
//!    with `l_i = 0`, `r_i = −y^i`.
//!
//! **Verification** (eqs. (92)–(93), one multiscalar multiplication, see
//! [`Equation`](crate::Equation)): with a random `r`,
//! `r·(x²·⟨𝐰_V, 𝐕⟩ + x²(w_c + δ)·B + Σ x^i·T_i − t_x·B − τ_x·B̃)` plus the
//! unrolled inner-product check of `P = x·A_I + x²·A_O + x³·S − e·B̃ +
//! ⟨x·𝐲^{−n}∘𝐰_R, 𝐆'⟩ + ⟨𝐲^{−n}∘(x·𝐰_L + 𝐰_O) − 𝟏, 𝐇''⟩ + t_x·Q` must be the
//! identity.
//!
//! **Vector commitments** (Generalized Bulletproofs: Bünz et al.'s
//! construction as extended in the Curve Trees paper, eprint 2022/756, and
//! Cypher Stack's write-up; [`Prover::commit_vec`]). The statement may also
//! carry `n_c ≤` [`MAX_VECTOR_COMMITMENTS`] points `C_j` with lengths
//! `L_j ≤` [`MAX_VECTOR_LEN`], and the relation becomes: the prover knows,
//! besides the above, `𝐜_j ∈ 𝔽^{L_j}`, `κ_j` and a residue `𝐡_j` with
//!
//! ```text
//!     C_j = ⟨𝐜_j, (G_0, …, G_{L_j−1})⟩ + 𝐡_j + κ_j·B̃,    𝐡_j ∈ span(G_{≥L_j}, 𝐇)
//!     W_L·𝐚_L + W_R·𝐚_R + W_O·𝐚_O + W_V·𝐯 + Σ_j W_{C,j}·𝐜_j + 𝐜 = 𝟎
//! ```
//!
//! The residue is part of the relation on purpose: the proof does not show
//! that `C_j` lies in the span of its first `L_j` generators and `B̃` (a
//! caller must not read that into an accepted proof). With `D = 2·n_c + 2`
//! the polynomials become (`𝐰_{C,j} = 𝐳·W_{C,j}`, zero past `L_j`)
//!
//! ```text
//!     𝐥(X) = (𝐚_L + 𝐲^{−n}∘𝐰_R)·X^{n_c+1} + Σ_j 𝐜_j·X^{D−j} + 𝐚_O·X^D + 𝐬_L·X^{D+1}
//!     𝐫(X) = 𝐰_O − 𝐲^n + Σ_j 𝐰_{C,j}·X^j + (𝐲^n∘𝐚_R + 𝐰_L)·X^{n_c+1} + 𝐲^n∘𝐬_R·X^{D+1}
//! ```
//!
//! so the checked coefficient is `t_D = ⟨𝐰_V, 𝐯⟩ + w_c + δ(y, z)` as
//! before (`n_c = 0` is the layout above, byte for byte), the proof
//! carries `T_i` for `i ∈ [n_c + 1, 2D + 2] ∖ {D}` (`3·n_c + 5` points),
//! `e` gains `Σ_j x^{D−j}·κ_j`, and the verifier adds `x^{D−j}·C_j` to `P`
//! and `Σ_j x^j·w_{C,j,k}` to the public part of `H_k`'s coefficient. Each
//! prover-chosen point meets only public coefficients in `t_D`: `A_O` (at
//! `D`) meets `𝐫`'s constant term, `C_j` (at `D − j`) meets `𝐫`'s `X^j`,
//! which holds only `𝐰_{C,j}`, and no two commitments share a power (so
//! values cannot move between them). Entries sit at the first gates'
//! positions, which must be first-phase (never scaled by `u`): both sides
//! pad the first phase to `max L_j` gates. `n_c`, the `L_j` and the number
//! of `T_i` come from the verifier's statement, never the proof. Design
//! and sources: `docs/design/generalized-bulletproofs.md`.
//!
//! **Transcript.** Besides the proof's points, the transcript binds the
//! group, the commitments (each vector commitment with its length, in call
//! order among the commitments), `n1`, `n2`, `m`, `n_c` (when nonzero), and
//! a SHA3-256 digest of every
//! constraint — coefficients and public constants included — so a proof is
//! valid only for the exact constraint system it was made for (see
//! `transcript.rs`).
//!
//! **Encoding.** `A_I1 ‖ A_O1 ‖ S1 ‖ [A_I2 ‖ A_O2 ‖ S2] ‖ T_1 ‖ T_3 ‖ T_4 ‖
//! T_5 ‖ T_6 ‖ t_x ‖ τ_x ‖ e ‖ L_0 ‖ R_0 ‖ … ‖ a ‖ b`: `8 + 2·lg N` points
//! (`+3` with a second phase, `+3·n_c` with vector commitments: their
//! `T_i` in increasing `i`) and 5 scalars. The length fixes the shape only
//! for a known `n_c` ([`R1csProof::from_bytes_with`]).
//!
//! **Secrets.** Wire values, committed values and blindings stay in
//! zeroizing storage; commitments to them use the constant-time
//! multiscalar multiplication; the satisfiability check is constant time and
//! reveals only its verdict. The vectors `𝐥(x)`, `𝐫(x)` are masked by
//! `𝐬_L`, `𝐬_R` and go to the variable-time inner-product argument, as in
//! the range proofs (see `ct.rs`; [`crate::hazmat`]).

pub(crate) mod arith;
mod constraint_system;
pub mod gadgets;
mod linear;
mod matrix;
mod prepared;
mod proof;
mod prover;
mod verifier;

pub use arith::{
    scalar_from_hex, scalar_from_hex_canonical, scalar_to_hex, ArithError, Circuit, CircuitStats, InputValues, Limits,
    PreparedCircuit, PublicValues, Source, GZIP_SLACK, MATERIALIZE_ABOVE, MAX_CONSTRAINTS, MAX_GATES, MAX_GATE_ARITY,
    MAX_GZIP_OUTPUT, MAX_GZIP_RATIO, MAX_LINE, MAX_MULTIPLIERS, MAX_NONZEROS, MAX_VALUE_LINE, MAX_WIRES,
};
pub use constraint_system::{ConstraintSystem, Metrics, RandomizableConstraintSystem, RandomizedConstraintSystem};
pub use linear::{LinearCombination, Variable};
pub use prepared::PreparedSystem;
pub use proof::{R1csProof, MAX_VECTOR_COMMITMENTS, MAX_VECTOR_LEN};
pub use prover::{Prover, RandomizingProver};
pub use verifier::{R1csClaim, RandomizingVerifier, Verifier};
