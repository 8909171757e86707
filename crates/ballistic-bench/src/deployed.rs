//! The deployed formats' contenders: Grin's C Bulletproofs and Monero's
//! `monero-bulletproofs` beside ballistic's proofs in their formats
//! ([`BallisticGrin`], [`BallisticMonero`]).

use super::{values, ChaCha20Rng, PhantomData, Scalar, System};
use ballistic::compat::monero::{MoneroOriginalProof, MoneroPlusProof};
use ballistic::curve25519_dalek::edwards::CompressedEdwardsY;
use rand::{Rng, RngCore, SeedableRng};

/// Grin's `grin_secp256k1zkp` (libsecp256k1-zkp's C Bulletproofs): 64-bit
/// single proofs; `verify_all` uses its multi-proof batch verifier.
pub struct Grin {
    secp: secp256k1zkp::Secp256k1,
    value: u64,
    blind: secp256k1zkp::key::SecretKey,
    nonce: secp256k1zkp::key::SecretKey,
    commits: Vec<secp256k1zkp::pedersen::Commitment>,
    proofs: Vec<secp256k1zkp::pedersen::RangeProof>,
}

fn grin_key(secp: &secp256k1zkp::Secp256k1, rng: &mut ChaCha20Rng) -> secp256k1zkp::key::SecretKey {
    loop {
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        if let Ok(k) = secp256k1zkp::key::SecretKey::from_slice(secp, &bytes) {
            return k;
        }
    }
}

impl System for Grin {
    const NAME: &'static str = "grin_secp256k1zkp 0.7";
    fn supports(n: usize, m: usize) -> bool {
        n == 64 && m == 1
    }
    fn setup(_n: usize, _m: usize, count: usize, seed: u64) -> Self {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let secp = secp256k1zkp::Secp256k1::with_caps(secp256k1zkp::ContextFlag::Commit);
        let mut commits = Vec::new();
        let mut proofs = Vec::new();
        let mut first = None;
        for _ in 0..count.max(1) {
            let value: u64 = rng.gen();
            let blind = grin_key(&secp, &mut rng);
            let nonce = grin_key(&secp, &mut rng);
            commits.push(secp.commit(value, blind.clone()).expect("commit"));
            proofs.push(secp.bullet_proof(value, blind.clone(), nonce.clone(), nonce.clone(), None, None));
            first.get_or_insert((value, blind, nonce));
        }
        let (value, blind, nonce) = first.expect("one proof");
        Grin { secp, value, blind, nonce, commits, proofs }
    }
    fn prove(&mut self) {
        let p =
            self.secp.bullet_proof(self.value, self.blind.clone(), self.nonce.clone(), self.nonce.clone(), None, None);
        assert!(p.plen > 0);
    }
    fn verify_nth(&self, i: usize) -> bool {
        let i = i % self.proofs.len();
        self.secp.verify_bullet_proof(self.commits[i], self.proofs[i], None).is_ok()
    }
    fn verify_all(&self) -> bool {
        self.secp.verify_bullet_proof_multi(self.commits.clone(), self.proofs.clone(), None).is_ok()
    }
    fn proof_bytes(&self) -> usize {
        self.proofs[0].plen
    }
}

/// The inputs of `count` Monero proofs of `m` 64-bit amounts from `seed`:
/// every amount and mask is drawn first (amounts, then masks, proof by
/// proof), so that [`MoneroBpPlus`] and [`BallisticMoneroPlus`] (and the
/// original-Bulletproofs pair) prove exactly the same openings; the returned
/// generator then gives the provers' own randomness.
fn monero_inputs(m: usize, count: usize, seed: u64) -> (Vec<Vec<monero_ed25519::Commitment>>, ChaCha20Rng) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let inputs = (0..count.max(1))
        .map(|_| {
            values(&mut rng, 64, m)
                .into_iter()
                .map(|v| monero_ed25519::Commitment::new(monero_ed25519::Scalar::random(&mut rng), v))
                .collect()
        })
        .collect();
    (inputs, rng)
}

/// `monero-bulletproofs` 0.1: Monero's Bulletproofs+ (`PLUS = true`,
/// [`MoneroBpPlus`]) or original Bulletproofs ([`MoneroBpOriginal`]) on
/// Ed25519, 64-bit values, at most 16 per proof; batches through its
/// `BatchVerifier`. Proofs are kept as bytes: verification includes
/// decoding (`read_plus` / `read`), as for every contender.
pub struct MoneroPeer<const PLUS: bool> {
    commitments: Vec<Vec<monero_ed25519::CompressedPoint>>,
    proofs: Vec<Vec<u8>>,
    openings: Vec<monero_ed25519::Commitment>,
    rng: ChaCha20Rng,
}

/// `monero-bulletproofs` 0.1, Bulletproofs+ (RingCT type 6).
pub type MoneroBpPlus = MoneroPeer<true>;
/// `monero-bulletproofs` 0.1, original Bulletproofs (RingCT types 4–5).
pub type MoneroBpOriginal = MoneroPeer<false>;

impl<const PLUS: bool> MoneroPeer<PLUS> {
    fn prove_openings(
        rng: &mut ChaCha20Rng,
        openings: Vec<monero_ed25519::Commitment>,
    ) -> Result<monero_bulletproofs::Bulletproof, monero_bulletproofs::BulletproofError> {
        if PLUS {
            monero_bulletproofs::Bulletproof::prove_plus(rng, openings)
        } else {
            monero_bulletproofs::Bulletproof::prove(rng, openings)
        }
    }

    fn read(bytes: &[u8]) -> std::io::Result<monero_bulletproofs::Bulletproof> {
        if PLUS {
            monero_bulletproofs::Bulletproof::read_plus(&mut &bytes[..])
        } else {
            monero_bulletproofs::Bulletproof::read(&mut &bytes[..])
        }
    }
}

impl<const PLUS: bool> System for MoneroPeer<PLUS> {
    const NAME: &'static str = if PLUS { "monero-bulletproofs 0.1 (BP+)" } else { "monero-bulletproofs 0.1 (BP)" };
    fn supports(n: usize, m: usize) -> bool {
        n == 64 && (1..=monero_bulletproofs::MAX_COMMITMENTS).contains(&m)
    }
    fn setup(_n: usize, m: usize, count: usize, seed: u64) -> Self {
        let (inputs, mut rng) = monero_inputs(m, count, seed);
        let mut commitments = Vec::new();
        let mut proofs = Vec::new();
        for openings in &inputs {
            commitments.push(openings.iter().map(|o| o.commit().compress()).collect());
            proofs.push(Self::prove_openings(&mut rng, openings.clone()).expect("monero prove").serialize());
        }
        let openings = inputs.into_iter().next().expect("one proof");
        MoneroPeer { commitments, proofs, openings, rng }
    }
    fn prove(&mut self) {
        assert!(Self::prove_openings(&mut self.rng, self.openings.clone()).is_ok());
    }
    fn verify_nth(&self, i: usize) -> bool {
        let i = i % self.proofs.len();
        Self::read(&self.proofs[i]).is_ok_and(|p| p.verify(&mut rand::thread_rng(), &self.commitments[i]))
    }
    fn verify_all(&self) -> bool {
        let mut verifier = monero_bulletproofs::BatchVerifier::new();
        for (bytes, commitments) in self.proofs.iter().zip(&self.commitments) {
            let Ok(p) = Self::read(bytes) else { return false };
            if !p.batch_verify(&mut rand::thread_rng(), &mut verifier, commitments) {
                return false;
            }
        }
        verifier.verify()
    }
    fn proof_bytes(&self) -> usize {
        self.proofs[0].len()
    }
}

/// ballistic's proofs in Grin's format ([`ballistic::compat::grin`]): the
/// shape Grin proves (one 64-bit value on Grin's `H`, no `extra_data`, no
/// message), from the same values, blindings and nonces as [`Grin`] with
/// the same seed — so the same bytes (checked once at setup). Verification
/// decodes the commitment (`commitment_from_bytes`), builds the statement
/// (`GrinStatement::grin_default`, which hashes it), decodes the proof, then
/// verifies; batches through [`ballistic::compat::grin::GrinProof::verify_batch`].
pub struct BallisticGrin {
    opening: ballistic::compat::grin::GrinOpening,
    nonces: ballistic::compat::grin::GrinNonces,
    commits: Vec<[u8; 33]>,
    proofs: Vec<Vec<u8>>,
}

impl BallisticGrin {
    fn statement(commit: &[u8; 33]) -> Result<ballistic::compat::grin::GrinStatement, ballistic::ProofError> {
        use ballistic::compat::grin::{commitment_from_bytes, GrinStatement};
        GrinStatement::grin_default(commitment_from_bytes(commit)?, None)
    }
}

impl System for BallisticGrin {
    const NAME: &'static str = "ballistic (Grin format)";
    fn supports(n: usize, m: usize) -> bool {
        n == 64 && m == 1
    }
    fn setup(_n: usize, _m: usize, count: usize, seed: u64) -> Self {
        use ballistic::compat::grin::{
            commitment_to_bytes, scalar_from_bytes, GrinNonces, GrinOpening, GrinProof, GrinProveOptions,
        };
        // The same draws as `Grin::setup` (its key check is the same as ours:
        // non-zero and below the group order).
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let secp = secp256k1zkp::Secp256k1::with_caps(secp256k1zkp::ContextFlag::Commit);
        let mut commits = Vec::new();
        let mut proofs = Vec::new();
        let mut first = None;
        for i in 0..count.max(1) {
            let value: u64 = rng.gen();
            let blind = grin_key(&secp, &mut rng);
            let nonce = grin_key(&secp, &mut rng);
            let opening = GrinOpening { value, blinding: scalar_from_bytes(&blind.0).expect("canonical key") };
            let nonces = GrinNonces { rewind: nonce.0, private: nonce.0 };
            let (proof, c) =
                GrinProof::prove(std::slice::from_ref(&opening), &nonces, &GrinProveOptions::default()).expect("prove");
            let commit = commitment_to_bytes(&c[0]).expect("non-identity commitment");
            if i == 0 {
                // Sanity: the C code makes the same commitment and the same bytes.
                let theirs = secp.bullet_proof(value, blind.clone(), nonce.clone(), nonce.clone(), None, None);
                assert_eq!(proof.as_bytes(), &theirs.proof[..theirs.plen], "Grin-format proof differs from Grin's");
                assert_eq!(commit, secp.commit(value, blind).expect("commit").0, "commitment differs from Grin's");
            }
            commits.push(commit);
            proofs.push(proof.to_bytes());
            first.get_or_insert((opening, nonces));
        }
        let (opening, nonces) = first.expect("one proof");
        BallisticGrin { opening, nonces, commits, proofs }
    }
    fn prove(&mut self) {
        use ballistic::compat::grin::{GrinProof, GrinProveOptions};
        let r = GrinProof::prove(std::slice::from_ref(&self.opening), &self.nonces, &GrinProveOptions::default());
        assert!(r.is_ok());
    }
    fn verify_nth(&self, i: usize) -> bool {
        let i = i % self.proofs.len();
        let Ok(statement) = Self::statement(&self.commits[i]) else { return false };
        ballistic::compat::grin::GrinProof::from_bytes(&self.proofs[i])
            .and_then(|p| p.verify(&statement, &mut rand::thread_rng()))
            .is_ok()
    }
    fn verify_all(&self) -> bool {
        let Ok(statements) = self.commits.iter().map(Self::statement).collect::<Result<Vec<_>, _>>() else {
            return false;
        };
        let Ok(proofs) = self
            .proofs
            .iter()
            .map(|b| ballistic::compat::grin::GrinProof::from_bytes(b))
            .collect::<Result<Vec<_>, _>>()
        else {
            return false;
        };
        let items: Vec<_> = proofs.iter().zip(&statements).collect();
        ballistic::compat::grin::GrinProof::verify_batch(&items, &mut rand::thread_rng()).is_ok()
    }
    fn proof_bytes(&self) -> usize {
        self.proofs[0].len()
    }
}

/// One of ballistic's two Monero formats, for [`BallisticMonero`].
pub trait MoneroFormat: Sized {
    /// Column name.
    const NAME: &'static str;
    /// Prove `amounts` with `masks`; the proof's bytes and the commitments.
    fn prove_bytes(
        amounts: &[u64],
        masks: &[Scalar],
        rng: &mut ChaCha20Rng,
    ) -> Result<(Vec<u8>, Vec<CompressedEdwardsY>), ballistic::ProofError>;
    /// Strict decoding.
    fn decode(bytes: &[u8]) -> Result<Self, ballistic::ProofError>;
    /// Verify one proof against its commitments (which it decodes).
    fn verify(&self, commitments: &[CompressedEdwardsY]) -> bool;
    /// Verify proofs as one batch.
    fn verify_batch(items: &[(&Self, &[CompressedEdwardsY])]) -> bool;
}

macro_rules! monero_format {
    ($proof:ty, $name:literal) => {
        impl MoneroFormat for $proof {
            const NAME: &'static str = $name;
            fn prove_bytes(
                amounts: &[u64],
                masks: &[Scalar],
                rng: &mut ChaCha20Rng,
            ) -> Result<(Vec<u8>, Vec<CompressedEdwardsY>), ballistic::ProofError> {
                <$proof>::prove(amounts, masks, rng).map(|(p, c)| (p.to_bytes(), c))
            }
            fn decode(bytes: &[u8]) -> Result<Self, ballistic::ProofError> {
                <$proof>::from_bytes(bytes)
            }
            fn verify(&self, commitments: &[CompressedEdwardsY]) -> bool {
                <$proof>::verify(self, commitments, &mut rand::thread_rng()).is_ok()
            }
            fn verify_batch(items: &[(&Self, &[CompressedEdwardsY])]) -> bool {
                <$proof>::verify_batch(items, &mut rand::thread_rng()).is_ok()
            }
        }
    };
}

monero_format!(MoneroPlusProof, "ballistic (Monero BP+ format)");
monero_format!(MoneroOriginalProof, "ballistic (Monero BP format)");

/// ballistic's proofs in Monero's formats ([`ballistic::compat::monero`],
/// on [`ballistic::Ed25519`]): the same amounts and masks as the
/// `monero-bulletproofs` peer with the same seed (the commitments are
/// checked equal at setup). Verification decodes the proof (`from_bytes`)
/// and the commitments (inside `verify`), as the peer's does.
pub struct BallisticMonero<P: MoneroFormat> {
    amounts: Vec<u64>,
    masks: Vec<Scalar>,
    proofs: Vec<(Vec<u8>, Vec<CompressedEdwardsY>)>,
    rng: ChaCha20Rng,
    format: PhantomData<fn() -> P>,
}

/// ballistic's Monero Bulletproofs+ ([`MoneroPlusProof`]).
pub type BallisticMoneroPlus = BallisticMonero<MoneroPlusProof>;
/// ballistic's Monero original Bulletproofs ([`MoneroOriginalProof`]).
pub type BallisticMoneroOriginal = BallisticMonero<MoneroOriginalProof>;

impl<P: MoneroFormat> System for BallisticMonero<P> {
    const NAME: &'static str = P::NAME;
    fn supports(n: usize, m: usize) -> bool {
        n == 64 && (1..=ballistic::compat::monero::MAX_OUTPUTS).contains(&m)
    }
    fn setup(_n: usize, m: usize, count: usize, seed: u64) -> Self {
        let (inputs, mut rng) = monero_inputs(m, count, seed);
        let mut proofs = Vec::new();
        let mut first = None;
        for openings in &inputs {
            let amounts: Vec<u64> = openings.iter().map(|o| o.amount).collect();
            let masks: Vec<Scalar> = openings
                .iter()
                .map(|o| Option::from(Scalar::from_canonical_bytes(<[u8; 32]>::from(o.mask))).expect("reduced mask"))
                .collect();
            let (bytes, commitments) = P::prove_bytes(&amounts, &masks, &mut rng).expect("prove");
            if first.is_none() {
                let theirs: Vec<[u8; 32]> = openings.iter().map(|o| o.commit().compress().to_bytes()).collect();
                let ours: Vec<[u8; 32]> = commitments.iter().map(|c| c.to_bytes()).collect();
                assert_eq!(ours, theirs, "commitments differ from monero-bulletproofs'");
                first = Some((amounts, masks));
            }
            proofs.push((bytes, commitments));
        }
        let (amounts, masks) = first.expect("one proof");
        BallisticMonero { amounts, masks, proofs, rng, format: PhantomData }
    }
    fn prove(&mut self) {
        assert!(P::prove_bytes(&self.amounts, &self.masks, &mut self.rng).is_ok());
    }
    fn verify_nth(&self, i: usize) -> bool {
        let (bytes, commitments) = &self.proofs[i % self.proofs.len()];
        P::decode(bytes).is_ok_and(|p| p.verify(commitments))
    }
    fn verify_all(&self) -> bool {
        let Ok(decoded) = self.proofs.iter().map(|(b, _)| P::decode(b)).collect::<Result<Vec<_>, _>>() else {
            return false;
        };
        let items: Vec<(&P, &[CompressedEdwardsY])> =
            decoded.iter().zip(&self.proofs).map(|(p, (_, c))| (p, c.as_slice())).collect();
        P::verify_batch(&items)
    }
    fn proof_bytes(&self) -> usize {
        self.proofs[0].0.len()
    }
}
