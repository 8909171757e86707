//! **Key ownership with a key image** (issue 40, statement (b); the use case
//! of aut-ct): prove that one key of a Curve Tree's leaves is yours,
//! without saying which, and get one **key image** per key and context,
//! so that a verifier can refuse a second use of the same key in the same
//! context.
//!
//! ```text
//!     R_own:  public  (tree parameters, root, context, message, I)
//!             secret  x, the leaf P = x·B in the tree, the path
//!             P ∈ tree(root),   I = x·J,   J = hash_to_point(SHA3-512(KEY_IMAGE_LABEL ‖ len ‖ context))
//! ```
//!
//! (`B` is the leaf group's value base `PedersenGens::b`: for secp256k1 the
//! standard generator, so leaves are ordinary public keys.)
//!
//! The proof is the path proof of `select` (the re-randomized leaf
//! `Ĉ_0 = P + r_0·B̃` selected all the way up to the root, two Bulletproofs
//! circuits over the cycle) and a **Chaum–Pedersen-style proof of knowledge**
//! of `(x, r_0)` with
//!
//! ```text
//!     Ĉ_0 = x·B + r_0·B̃        I = x·J
//! ```
//!
//! (commitments `R_1 = a·B + b·B̃`, `R_2 = a·J`; challenge `c`; responses
//! `s_1 = a + c·x`, `s_2 = b + c·r_0`; checks `s_1·B + s_2·B̃ = R_1 + c·Ĉ_0`,
//! `s_1·J = R_2 + c·I`). It opens `Ĉ_0`, which closes the sign branch of
//! the path proof (`Ĉ_0 = −P − 2Δ + r·B̃` would need an opening that
//! involves `Δ`; see [`crate::curve_tree`]); special soundness of the
//! sigma protocol extracts `x` with `I = x·J`, so one key has one image per
//! context.
//!
//! **Transcript.** The caller's transcript, then the domain, the context,
//! the message and `I` — all before the path proof forks, so both circuit
//! proofs are bound to them — then the path proof (its prefix, `Ĉ_0`
//! among the `Ĉ`s, and both proofs' bytes), then `R_1`, `R_2`, and `c`.
//! The **message** binds a token to its use (a session, a user name):
//! without it anyone who sees a proof could present it again (aut-ct's
//! `user_string`).
//!
//! **What the proof shows, exactly.** With the path proof, the opening
//! shows that some leaf is `x·B + t·B̃` or `−x·B − t·B̃ − 2Δ` for a `t` the
//! prover knows (the path proof re-randomizes by `B̃`). Each leaf admits at
//! most one `x` (two would give a discrete-logarithm relation among `B`,
//! `B̃`, `Δ`), so one leaf still gives one image per context; but whoever
//! makes a leaf `x·B + t·B̃` (an unspendable output) can use it. So the
//! generators of an ownership tree must not be those of a tree of value
//! commitments `v·B + γ·B̃` (the holder of an opening would prove
//! "ownership" with key `v`, and `v·J` would reveal small values).
//!
//! **What the application decides.** Which roots it accepts (the root is
//! the verifier's, never the proof's), the context (one image per key
//! and context: the root must not be part of the context, or one key
//! could be used again against each new version of the tree), and the
//! store of images seen. [`verify`] returns `I`; refusing an `I` seen
//! before in the same context is the application's check, **up to sign**:
//! `P` and `−P` are one key (the holder of one holds the other), and a tree
//! that holds `−P` where another holds `P` (a key listed as its odd-`y`
//! point in one and as its BIP-340 even-`y` point in the other) gives the
//! same holder `−I` where the other gives `I`; compare images by their
//! `x`-coordinate, as the file layer does
//! ([`OwnershipProofFile`](crate::file::OwnershipProofFile), review of
//! 2026-11-30).

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use sha3::{Digest, Sha3_512};
use subtle::ConstantTimeEq;
use zeroize::Zeroize;

use super::claim::CurveTreeClaim;
use super::select::{self, PathEquations, SelectProof};
use super::{CurvePath, Node, TreeParams};
use crate::embedded::Cycle;
use crate::encoding::Reader;
use crate::errors::ProofError;
use crate::group::{Group, ScalarOps};
use crate::transcript::TranscriptProtocol;

/// The domain of `J`'s hash.
pub const KEY_IMAGE_LABEL: &[u8] = b"ballistic/curve-tree/v1/key-image";
/// The statement's domain in the transcript.
pub const OWNERSHIP_DOMAIN: &[u8] = b"ballistic curve-tree key ownership v1";
/// The longest context and message (bytes).
pub const MAX_CONTEXT_LEN: usize = 1 << 16;

/// Where a proof is used: the **context** (one key image per key and
/// context; non-empty) and the **message** (binds the proof to one use),
/// each at most [`MAX_CONTEXT_LEN`] bytes.
///
/// The context should name the application and the epoch of use (e.g.
/// `b"example-forum/votes/2026"`): two applications with one context see
/// the same image for a key, and so can link its users. The message should
/// name the verifier and carry its fresh nonce, so that a verifier cannot
/// pass a proof on to another service. A prover checks both before it
/// proves (they are what the proof will be used for), and builds the root
/// from the leaf set itself (a verifier that hands each user another root
/// would tag them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Scope<'a> {
    /// The context of the key image.
    pub context: &'a [u8],
    /// The message of this use.
    pub message: &'a [u8],
}

/// `J = hash_to_point(SHA3-512(KEY_IMAGE_LABEL ‖ len(context) ‖ context))`.
pub fn key_image_base<G: Group>(context: &[u8]) -> G::Point {
    let mut h = Sha3_512::new();
    h.update(KEY_IMAGE_LABEL);
    h.update((context.len() as u64).to_le_bytes());
    h.update(context);
    G::hash_to_point(&h.finalize().into())
}

/// A proof of key ownership (module documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct OwnershipProof<L: Cycle> {
    pub(crate) path: SelectProof<L>,
    pub(crate) key_image: L::Compressed,
    pub(crate) r1: L::Compressed,
    pub(crate) r2: L::Compressed,
    pub(crate) s1: L::Scalar,
    pub(crate) s2: L::Scalar,
}

fn check_lengths(scope: &Scope<'_>) -> Result<(), ProofError> {
    if scope.context.is_empty() {
        return Err(ProofError::Gadget { message: "an empty key-image context".into() });
    }
    for len in [scope.context.len(), scope.message.len()] {
        if len > MAX_CONTEXT_LEN {
            return Err(ProofError::MessageTooLong { len, capacity: MAX_CONTEXT_LEN });
        }
    }
    Ok(())
}

fn statement<L: Group>(transcript: &mut Transcript, scope: &Scope<'_>, key_image: &L::Compressed) {
    transcript.append_message(b"dom-sep", OWNERSHIP_DOMAIN);
    transcript.append_message(b"context", scope.context);
    transcript.append_message(b"message", scope.message);
    transcript.append_point::<L>(b"I", key_image);
}

impl<L: Cycle> OwnershipProof<L> {
    /// The key image `I` the proof claims, **unverified**: only the value
    /// [`verify`] returns is checked.
    pub fn key_image(&self) -> &L::Compressed {
        &self.key_image
    }

    /// The canonical encoding: `Ĉ_0, Ĉ_2, …` (on `L`), `Ĉ_1, Ĉ_3, …` (on
    /// `L::Other`), `I`, `R_1`, `R_2`, `s_1`, `s_2`, then the circuit proof
    /// over `L` (depth ≥ 2 only) with its length as 4 bytes little-endian,
    /// then the one over `L::Other`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.path.write_points(&mut out);
        for c in [&self.key_image, &self.r1, &self.r2] {
            out.extend_from_slice(L::compressed_bytes(c));
        }
        out.extend_from_slice(&self.s1.to_bytes());
        out.extend_from_slice(&self.s2.to_bytes());
        self.path.write_proofs(&mut out);
        out
    }

    /// Decode strictly a proof for a tree with `params` (the verifier's: the
    /// depth fixes the number of points and of vector commitments).
    pub fn from_bytes(bytes: &[u8], params: &TreeParams<L>) -> Result<Self, ProofError> {
        let depth = params.depth();
        let mut r = Reader::new(bytes);
        let (even, odd) = SelectProof::<L>::read_points(&mut r, depth)?;
        let key_image = select::read_statement_point::<L>(&mut r)?;
        let r1 = select::read_statement_point::<L>(&mut r)?;
        let r2 = select::read_statement_point::<L>(&mut r)?;
        let s1 = r.read_scalar::<L>()?;
        let s2 = r.read_scalar::<L>()?;
        let leaf_side_n_c = (depth >= 2).then_some(depth / 2);
        let (leaf_side, other_side) = SelectProof::<L>::read_proofs(&mut r, leaf_side_n_c, depth.div_ceil(2))?;
        Ok(OwnershipProof { path: SelectProof { even, odd, leaf_side, other_side }, key_image, r1, r2, s1, s2 })
    }
}

/// Prove ownership of the leaf `path` leads to, with secret key `x`
/// (`path.leaf = x·B`), for one use (`scope`).
pub fn prove<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    path: &CurvePath<L>,
    x: &L::Scalar,
    scope: &Scope<'_>,
    rng: &mut R,
) -> Result<OwnershipProof<L>, ProofError> {
    check_lengths(scope)?;
    let gens = params.leaf_gens().pedersen();
    // The key must be the leaf (compared in constant time; only the
    // verdict is revealed).
    let key = L::compress(&L::mul_ct(&gens.b, x));
    let leaf = L::compress(&path.leaf);
    let ok = L::compressed_bytes(&key).ct_eq(L::compressed_bytes(&leaf)) & !x.ct_eq(&L::Scalar::zero());
    let mut refused = (!ok).unwrap_u8();
    crate::ct::declassify(&refused);
    if core::hint::black_box(&mut refused) != &0 {
        return Err(ProofError::Gadget { message: "the key is not the path's leaf".into() });
    }
    let j = key_image_base::<L>(scope.context);
    let key_image = L::compress(&L::mul_ct(&j, x));
    // The image is the proof's public output (and goes into the transcript,
    // whose challenges the provers use in variable time).
    crate::ct::declassify(&key_image);
    statement::<L>(transcript, scope, &key_image);
    // Every random value of the proof (the re-randomizers, the circuit
    // proofs' blindings, the nonces) comes from the transcript, the secrets
    // and the caller's RNG: a predictable or repeated RNG alone neither
    // reveals the leaf (`Ĉ_0 − r_0·B̃`) nor links proofs of other scopes or
    // roots (review of 2026-11-30).
    let mut x_bytes = x.to_bytes();
    let mut hedged = transcript
        .build_rng()
        .rekey_with_witness_bytes(b"x", &x_bytes)
        .rekey_with_witness_bytes(b"leaf", L::compressed_bytes(&leaf))
        .rekey_with_witness_bytes(b"root", &root.to_bytes())
        .finalize(rng);
    let (path_proof, mut r0) = select::prove(params, transcript, root, path, None, &mut hedged)?;
    let mut r0_bytes = r0.to_bytes();
    let mut nonce_rng = transcript
        .build_rng()
        .rekey_with_witness_bytes(b"x", &x_bytes)
        .rekey_with_witness_bytes(b"r0", &r0_bytes)
        .finalize(&mut hedged);
    x_bytes.zeroize();
    r0_bytes.zeroize();
    let mut a = L::Scalar::random(&mut nonce_rng);
    let mut b = L::Scalar::random(&mut nonce_rng);
    let r1 = L::compress(&L::msm_ct(&[a, b], &[gens.b, gens.b_blinding]));
    let r2 = L::compress(&L::mul_ct(&j, &a));
    crate::ct::declassify(&r1);
    crate::ct::declassify(&r2);
    transcript.append_point::<L>(b"R1", &r1);
    transcript.append_point::<L>(b"R2", &r2);
    let c = transcript.challenge_scalar::<L>(b"c");
    let s1 = a + c * *x;
    let s2 = b + c * r0;
    crate::ct::declassify(&s1);
    crate::ct::declassify(&s2);
    a.zeroize();
    b.zeroize();
    r0.zeroize();
    Ok(OwnershipProof { path: path_proof, key_image, r1, r2, s1, s2 })
}

/// Verify `proof` for the verifier's `params`, `root` and `scope`; returns
/// the key image `I` (refusing one seen before in this context is the
/// application's check).
pub fn verify<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    scope: &Scope<'_>,
    proof: &OwnershipProof<L>,
    rng: &mut R,
) -> Result<L::Compressed, ProofError> {
    equations(params, transcript, root, scope, proof, rng)?.verify(params)?;
    Ok(proof.key_image)
}

/// [`verify`], deferred: `proof` replayed against the same statement into a
/// claim for [`verify_batch`](super::verify_batch), which returns the
/// verified key image. A proof that does not replay is a claim the batch
/// names. `rng` draws the scalars that join the proof's checks: it must be
/// unpredictable to the prover (as for [`verify`]).
pub fn claim<'a, L: Cycle, R: RngCore + CryptoRng>(
    params: &'a TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    scope: &Scope<'_>,
    proof: &OwnershipProof<L>,
    rng: &mut R,
) -> CurveTreeClaim<'a, L> {
    CurveTreeClaim::new(params, equations(params, transcript, root, scope, proof, rng), Some(proof.key_image))
}

/// The path proof's two equations, with the opening's two checks added to
/// the leaf side's, each times a fresh random scalar `z_1`, `z_2`:
/// `z_1·(s_1·B + s_2·B̃ − c·Ĉ_0 − R_1) + z_2·(s_1·J − c·I − R_2)`.
fn equations<L: Cycle, R: RngCore + CryptoRng>(
    params: &TreeParams<L>,
    transcript: &mut Transcript,
    root: &Node<L>,
    scope: &Scope<'_>,
    proof: &OwnershipProof<L>,
    rng: &mut R,
) -> Result<PathEquations<L>, ProofError> {
    check_lengths(scope)?;
    let decode = |c: &L::Compressed, label: &'static str| -> Result<L::Point, ProofError> {
        let p = L::decompress(c).ok_or(ProofError::InvalidPoint { offset: 0 })?;
        if L::is_identity_vartime(&p) {
            return Err(ProofError::IdentityPoint { label });
        }
        Ok(p)
    };
    let image = decode(&proof.key_image, "I")?;
    let (r1, r2) = (decode(&proof.r1, "R1")?, decode(&proof.r2, "R2")?);
    statement::<L>(transcript, scope, &proof.key_image);
    let mut eqs = select::equations(params, transcript, root, &proof.path, None, rng)?;
    let c_hat = decode(proof.path.even.first().ok_or(ProofError::WrongLength { expected: 1, got: 0 })?, "C-hat")?;
    transcript.append_point::<L>(b"R1", &proof.r1);
    transcript.append_point::<L>(b"R2", &proof.r2);
    let c = transcript.challenge_scalar::<L>(b"c");
    let j = key_image_base::<L>(scope.context);
    let (z1, z2) = (L::Scalar::random(rng), L::Scalar::random(rng));
    let eq = &mut eqs.leaf;
    eq.add_b(z1 * proof.s1);
    eq.add_b_blinding(z1 * proof.s2);
    eq.add_point(-(z1 * c), c_hat);
    eq.add_point(-z1, r1);
    eq.add_point(z2 * proof.s1, j);
    eq.add_point(-(z2 * c), image);
    eq.add_point(-z2, r2);
    Ok(eqs)
}
