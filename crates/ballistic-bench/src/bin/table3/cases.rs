//! The report's circuits, one [`Case`] per row: the Pedersen-hash preimage
//! (the paper's Table 3 rows) and the SHA-256 preimage, each with its
//! proofs, ready to time.

use std::hint::black_box;
use std::path::Path;

use ballistic::batch::Claim;
use ballistic::circuit::gadgets::pedersen_hash_bits;
use ballistic::circuit::gadgets::PointVar;
use ballistic::circuit::{Circuit, InputValues, PreparedCircuit, PublicValues};
use ballistic::circuit::{ConstraintSystem, Metrics, PreparedSystem, Prover, R1csClaim, R1csProof, Verifier};
use ballistic::group::{Group, ScalarOps};
use ballistic::hazmat::PedersenHash;
use ballistic::hazmat::{AffinePoint, WithEmbeddedCurve};
use ballistic::merlin::Transcript;
use ballistic::Generators;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::{equation_terms, Floor, LABEL};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    Pedersen,
    Sha256,
}

/// The sizes of a row.
pub(crate) struct Sizes {
    pub(crate) gates: usize,
    pub(crate) padded: usize,
    pub(crate) proof_bytes: usize,
    pub(crate) terms: usize,
}

/// One row: a statement with its proofs, ready to time.
pub(crate) trait Case {
    fn family(&self) -> Family;
    fn input_bits(&self) -> usize;
    fn sizes(&self) -> Sizes;
    fn prove(&self, seed: u64);
    /// From scratch: the verifier's constraint system and the check.
    fn verify(&self);
    /// From the statement's constraints built once (a `PreparedSystem` or
    /// `PreparedCircuit`): the per-statement rows and the check.
    fn verify_prepared(&self);
    /// Only the verifier's constraint system (gadget run or translation).
    fn build(&self);
    fn batch(&self, k: usize);
    fn floor(&self);
}

/// What every row keeps besides its statement: its proofs (made after the
/// statement), their sizes, the generators, and the MSM floor of one
/// verification.
struct Proofs<G: Group> {
    proofs: Vec<R1csProof<G>>,
    gates: usize,
    padded: usize,
    terms: usize,
    gens: Generators<G>,
    floor: Floor<G>,
}

impl<G: Group> Proofs<G> {
    /// No proofs yet; the generators for a system of `metrics`' size, precomputed.
    fn new(metrics: Metrics) -> Self {
        let (gates, padded) = (metrics.multipliers, metrics.padded_multipliers());
        let gens = Generators::new(padded, 1);
        gens.vector().precompute();
        let floor = Floor { scalars: Vec::new(), points: Vec::new(), table: None };
        Proofs { proofs: Vec::new(), gates, padded, terms: 0, gens, floor }
    }

    /// The proofs made, then the terms of the first one's equation
    /// (`verifier`'s) and the floor of that size (random points from `rng`).
    fn set(&mut self, proofs: Vec<R1csProof<G>>, verifier: Verifier<G>, rng: &mut ChaCha20Rng) {
        self.proofs = proofs;
        self.terms = equation_terms(verifier, &self.proofs[0], self.gens.vector());
        self.floor = Floor::new(&self.gens, self.padded, self.terms, rng);
    }

    fn sizes(&self) -> Sizes {
        Sizes {
            gates: self.gates,
            padded: self.padded,
            proof_bytes: self.proofs[0].to_bytes().len(),
            terms: self.terms,
        }
    }
}

fn bits_of<F: ScalarOps>(m: &[bool]) -> Vec<F> {
    m.iter().map(|b| F::from_u64(u64::from(*b))).collect()
}

/// Knowledge of a preimage of a Pedersen hash (the paper's Table 3 rows).
pub(crate) struct PedersenCase<G: WithEmbeddedCurve> {
    bits: usize,
    params: PedersenHash<G::Curve>,
    /// The hash circuit, built once; `output` is its result.
    prepared: PreparedSystem<G>,
    output: PointVar<G::Scalar>,
    messages: Vec<Vec<G::Scalar>>,
    outputs: Vec<AffinePoint<G::Scalar>>,
    proved: Proofs<G>,
}

impl<G: WithEmbeddedCurve> PedersenCase<G> {
    pub(crate) fn new(bits: usize, batch: usize) -> Self {
        let mut rng = ChaCha20Rng::seed_from_u64(bits as u64);
        let params = PedersenHash::<G::Curve>::new(LABEL, bits).expect("Pedersen parameters");
        let mut messages = Vec::with_capacity(batch);
        let mut outputs = Vec::with_capacity(batch);
        for _ in 0..batch {
            let m: Vec<bool> = (0..bits).map(|_| rng.gen()).collect();
            outputs.push(params.hash_vartime(&m).expect("hash"));
            messages.push(bits_of::<G::Scalar>(&m));
        }
        let mut template = Verifier::<G>::new(Transcript::new(LABEL));
        let (_, output) = pedersen_hash_bits(&mut template, &params, None).expect("gadget");
        let metrics = <Verifier<G> as ConstraintSystem<G::Scalar>>::metrics(&template);
        let prepared = template.prepare().expect("a first-phase system");
        let proved = Proofs::new(metrics);
        let mut case = PedersenCase { bits, params, prepared, output, messages, outputs, proved };
        let proofs = (0..batch).map(|i| case.prove_index(i, 100 + i as u64)).collect();
        let verifier = case.verifier(0);
        case.proved.set(proofs, verifier, &mut rng);
        case
    }

    fn prove_index(&self, i: usize, seed: u64) -> R1csProof<G> {
        let mut prover = Prover::new(&self.proved.gens, Transcript::new(LABEL));
        let (_, h) = pedersen_hash_bits(&mut prover, &self.params, Some(&self.messages[i])).expect("gadget");
        h.constrain_equal(&mut prover, &self.outputs[i]);
        prover.prove_with_rng(&mut ChaCha20Rng::seed_from_u64(seed)).expect("the preimage is valid")
    }

    fn verifier(&self, i: usize) -> Verifier<G> {
        let mut verifier = Verifier::<G>::new(Transcript::new(LABEL));
        let (_, h) = pedersen_hash_bits(&mut verifier, &self.params, None).expect("gadget");
        h.constrain_equal(&mut verifier, &self.outputs[i]);
        verifier
    }

    fn prepared_verifier(&self, i: usize) -> Verifier<G> {
        let mut verifier = self.prepared.verifier(Transcript::new(LABEL), &[]).expect("no commitments");
        self.output.constrain_equal(&mut verifier, &self.outputs[i]);
        verifier
    }
}

impl<G: WithEmbeddedCurve> Case for PedersenCase<G> {
    fn family(&self) -> Family {
        Family::Pedersen
    }
    fn input_bits(&self) -> usize {
        self.bits
    }
    fn sizes(&self) -> Sizes {
        self.proved.sizes()
    }
    fn prove(&self, seed: u64) {
        black_box(self.prove_index(0, seed));
    }
    fn verify(&self) {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        assert!(self.verifier(0).verify_with_rng(&self.proved.gens, &self.proved.proofs[0], &mut rng).is_ok());
    }
    fn verify_prepared(&self) {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        assert!(self.prepared_verifier(0).verify_with_rng(&self.proved.gens, &self.proved.proofs[0], &mut rng).is_ok());
    }
    fn build(&self) {
        black_box(self.verifier(0));
    }
    fn batch(&self, k: usize) {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        let claims: Vec<R1csClaim<G>> =
            (0..k).map(|i| R1csClaim::new(self.prepared_verifier(i), &self.proved.proofs[i], &mut rng)).collect();
        let refs: Vec<&dyn Claim<G>> = claims.iter().map(|c| c as &dyn Claim<G>).collect();
        assert!(ballistic::batch::verify(&self.proved.gens, &refs, &mut rng).is_ok());
    }
    fn floor(&self) {
        self.proved.floor.run();
    }
}

/// The unpadded SHA-256 preimage from the shared `.arith` circuits.
pub(crate) struct ShaCase<G: Group> {
    circuit: Circuit,
    prepared: PreparedCircuit<G>,
    inputs: InputValues<G::Scalar>,
    public: PublicValues<G::Scalar>,
    proved: Proofs<G>,
}

impl<G: Group> ShaCase<G> {
    pub(crate) fn load(dir: &Path, batch: usize) -> Result<Self, String> {
        let name = "sha_256_preimage";
        let circuit = Circuit::from_path(&dir.join(format!("{name}.arith"))).map_err(|e| e.to_string())?;
        let text = std::fs::read(dir.join(format!("{name}.in"))).map_err(|e| e.to_string())?;
        let inputs = circuit.read_inputs::<G::Scalar, _>(text.as_slice()).map_err(|e| e.to_string())?;
        let wires = circuit.evaluate(&inputs).map_err(|e| e.to_string())?;
        let public = circuit.public_values(&wires);
        drop(wires);
        let prepared = PreparedCircuit::<G>::new(circuit.clone()).map_err(|e| e.to_string())?;
        let proved = Proofs::new(prepared.metrics());
        let mut case = ShaCase { circuit, prepared, inputs, public, proved };
        let proofs = (0..batch).map(|i| case.prove_seeded(100 + i as u64)).collect();
        let verifier = case.circuit.verifier::<G>(Transcript::new(LABEL), &case.public).map_err(|e| e.to_string())?;
        case.proved.set(proofs, verifier, &mut ChaCha20Rng::seed_from_u64(7));
        Ok(case)
    }

    fn prove_seeded(&self, seed: u64) -> R1csProof<G> {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let (proof, _) = self
            .circuit
            .prove(&self.proved.gens, Transcript::new(LABEL), &self.inputs, &mut rng)
            .expect("the circuit is satisfiable");
        proof
    }
}

impl<G: Group> Case for ShaCase<G> {
    fn family(&self) -> Family {
        Family::Sha256
    }
    fn input_bits(&self) -> usize {
        512
    }
    fn sizes(&self) -> Sizes {
        self.proved.sizes()
    }
    fn prove(&self, seed: u64) {
        black_box(self.prove_seeded(seed));
    }
    fn verify(&self) {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let p = &self.proved;
        let r = self.circuit.verify(&p.gens, Transcript::new(LABEL), &self.public, &p.proofs[0], &mut rng);
        assert!(r.is_ok());
    }
    fn verify_prepared(&self) {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        let p = &self.proved;
        let r = self.prepared.verify(&p.gens, Transcript::new(LABEL), &self.public, &p.proofs[0], &mut rng);
        assert!(r.is_ok());
    }
    fn build(&self) {
        black_box(self.circuit.verifier::<G>(Transcript::new(LABEL), &self.public).expect("verifier"));
    }
    fn batch(&self, k: usize) {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        let claims: Vec<R1csClaim<G>> = self.proved.proofs[..k]
            .iter()
            .map(|p| self.prepared.claim(Transcript::new(LABEL), &self.public, p, &mut rng).expect("claim"))
            .collect();
        let refs: Vec<&dyn Claim<G>> = claims.iter().map(|c| c as &dyn Claim<G>).collect();
        assert!(ballistic::batch::verify(&self.proved.gens, &refs, &mut rng).is_ok());
    }
    fn floor(&self) {
        self.proved.floor.run();
    }
}
