//! Circuit proofs beside the zkcrypto `bulletproofs` R1CS (feature
//! `yoloproofs`), driven with **the same constraints**: ballistic's `.arith`
//! importer builds its constraint system through [`Bp5Cs`], an adapter from
//! ballistic's [`ConstraintSystem`] trait to bulletproofs', so both provers
//! see identical multipliers, constraints and assignments.
//!
//! The peer is `bulletproofs` **4.0.0**: 5.0.0's R1CS does not compile
//! (`R1CSProof::from_bytes` calls `ok_or` on curve25519-dalek 4's
//! `CtOption`, three errors), and 4.0.0 is the newest release whose R1CS
//! builds. Its R1CS code is the same protocol; its curve backend is
//! `curve25519-dalek-ng` 4.1.1, which on stable Rust has no AVX2 backend,
//! so the report also measures a multiscalar multiplication on both
//! backends ([`backend_factor`]) to separate the curve arithmetic from the
//! protocol work.

use ballistic::circuit::{Circuit, InputValues, PreparedCircuit, PublicValues};
use ballistic::circuit::{ConstraintSystem, LinearCombination, Metrics, R1csProof, Variable};
use ballistic::curve25519_dalek::scalar::Scalar;
use ballistic::merlin::Transcript;
use ballistic::{Generators, ProofError, Ristretto255};
use bulletproofs4::r1cs as bp;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn scalar4(s: &Scalar) -> dalek_ng::scalar::Scalar {
    dalek_ng::scalar::Scalar::from_bytes_mod_order(s.to_bytes())
}

fn var_to(v: Variable) -> bp::Variable {
    match v {
        Variable::Committed(i) => bp::Variable::Committed(i),
        Variable::MultiplierLeft(i) => bp::Variable::MultiplierLeft(i),
        Variable::MultiplierRight(i) => bp::Variable::MultiplierRight(i),
        Variable::MultiplierOutput(i) => bp::Variable::MultiplierOutput(i),
        Variable::One => bp::Variable::One(),
        // The benchmark's gadgets make no vector commitments (bulletproofs
        // 4 has none).
        _ => unreachable!("bulletproofs 4 has no vector commitments"),
    }
}

fn var_from(v: bp::Variable) -> Variable {
    match v {
        bp::Variable::Committed(i) => Variable::Committed(i),
        bp::Variable::MultiplierLeft(i) => Variable::MultiplierLeft(i),
        bp::Variable::MultiplierRight(i) => Variable::MultiplierRight(i),
        bp::Variable::MultiplierOutput(i) => Variable::MultiplierOutput(i),
        bp::Variable::One() => Variable::One,
    }
}

fn lc_to(lc: LinearCombination<Scalar>) -> bp::LinearCombination {
    lc.terms().iter().map(|(v, c)| (var_to(*v), scalar4(c))).collect()
}

/// ballistic's constraint-system interface over a bulletproofs 5 prover or
/// verifier.
pub struct Bp5Cs<'a, CS: bp::ConstraintSystem>(pub &'a mut CS);

impl<CS: bp::ConstraintSystem> ConstraintSystem<Scalar> for Bp5Cs<'_, CS> {
    fn multiply(
        &mut self,
        left: LinearCombination<Scalar>,
        right: LinearCombination<Scalar>,
    ) -> (Variable, Variable, Variable) {
        let (l, r, o) = self.0.multiply(lc_to(left), lc_to(right));
        (var_from(l), var_from(r), var_from(o))
    }
    fn allocate(&mut self, assignment: Option<Scalar>) -> Result<Variable, ProofError> {
        self.0
            .allocate(assignment.as_ref().map(scalar4))
            .map(var_from)
            .map_err(|e| ProofError::Gadget { message: e.to_string() })
    }
    fn allocate_multiplier(
        &mut self,
        a: Option<(Scalar, Scalar)>,
    ) -> Result<(Variable, Variable, Variable), ProofError> {
        self.0
            .allocate_multiplier(a.map(|(l, r)| (scalar4(&l), scalar4(&r))))
            .map(|(l, r, o)| (var_from(l), var_from(r), var_from(o)))
            .map_err(|e| ProofError::Gadget { message: e.to_string() })
    }
    fn constrain(&mut self, lc: LinearCombination<Scalar>) {
        self.0.constrain(lc_to(lc))
    }
    fn metrics(&self) -> Metrics {
        let m = self.0.metrics();
        Metrics {
            multipliers: m.multipliers,
            constraints: m.constraints,
            phase_one_constraints: m.phase_one_constraints,
            phase_two_constraints: m.phase_two_constraints,
            nonzeros: 0,
        }
    }
}

/// Time (ms) of one `size`-term variable-time multiscalar multiplication on
/// curve25519-dalek-ng (bulletproofs 4's backend) and on curve25519-dalek 5
/// (ballistic's), same scalars and points.
pub fn backend_factor(size: usize) -> (f64, f64) {
    use dalek_ng::traits::VartimeMultiscalarMul as _;
    use rand::RngCore;
    let mut rng = ChaCha20Rng::seed_from_u64(size as u64);
    let mut wide = [0u8; 64];
    let mut s5 = Vec::with_capacity(size);
    let mut sng = Vec::with_capacity(size);
    let mut p5 = Vec::with_capacity(size);
    let mut png = Vec::with_capacity(size);
    for _ in 0..size {
        rng.fill_bytes(&mut wide);
        s5.push(Scalar::from_bytes_mod_order_wide(&wide));
        sng.push(dalek_ng::scalar::Scalar::from_bytes_mod_order_wide(&wide));
        rng.fill_bytes(&mut wide);
        p5.push(ballistic::curve25519_dalek::ristretto::RistrettoPoint::from_uniform_bytes(&wide));
        png.push(dalek_ng::ristretto::RistrettoPoint::from_uniform_bytes(&wide));
    }
    let mut ng = Vec::new();
    let mut d5 = Vec::new();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let a = dalek_ng::ristretto::RistrettoPoint::vartime_multiscalar_mul(&sng, &png);
        ng.push(t.elapsed().as_secs_f64() * 1e3);
        let t = std::time::Instant::now();
        let b = <Ristretto255 as ballistic::group::Group>::msm_vartime(&s5, &p5);
        d5.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(a.compress().to_bytes(), b.compress().to_bytes());
    }
    ng.sort_by(|a, b| a.total_cmp(b));
    d5.sort_by(|a, b| a.total_cmp(b));
    (ng[1], d5[1])
}

/// One circuit with its witness, ready for both provers.
pub struct CircuitCase {
    pub circuit: Circuit,
    pub prepared: PreparedCircuit<Ristretto255>,
    pub inputs: InputValues<Scalar>,
    pub public: PublicValues<Scalar>,
    pub wires: Vec<Scalar>,
    pub gens: Generators<Ristretto255>,
    pub gens4: bulletproofs4::BulletproofGens,
    pub pc4: bulletproofs4::PedersenGens,
}

impl CircuitCase {
    /// Load `NAME.arith[.gz]` and `NAME.in` from `dir`.
    pub fn load(dir: &std::path::Path, name: &str) -> Result<CircuitCase, String> {
        let plain = dir.join(format!("{name}.arith"));
        let path = if plain.exists() { plain } else { dir.join(format!("{name}.arith.gz")) };
        let circuit = Circuit::from_path(&path).map_err(|e| e.to_string())?;
        let text = std::fs::read(dir.join(format!("{name}.in"))).map_err(|e| e.to_string())?;
        let inputs = circuit.read_inputs::<Scalar, _>(text.as_slice()).map_err(|e| e.to_string())?;
        let wires = circuit.evaluate(&inputs).map_err(|e| e.to_string())?.to_vec();
        let public = circuit.public_values(&wires);
        let prepared = PreparedCircuit::new(circuit.clone()).map_err(|e| e.to_string())?;
        let n = prepared.padded_multipliers();
        Ok(CircuitCase {
            circuit,
            prepared,
            inputs,
            public,
            wires,
            gens: Generators::new(n, 1),
            gens4: bulletproofs4::BulletproofGens::new(n, 1),
            pc4: bulletproofs4::PedersenGens::default(),
        })
    }

    /// ballistic's proof.
    pub fn prove(&self, seed: u64) -> R1csProof<Ristretto255> {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let (proof, _) = self
            .circuit
            .prove(&self.gens, Transcript::new(b"bench"), &self.inputs, &mut rng)
            .expect("the circuit is satisfiable");
        proof
    }

    /// ballistic's verification of one proof.
    pub fn verify(&self, proof: &R1csProof<Ristretto255>) -> bool {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        self.circuit.verify(&self.gens, Transcript::new(b"bench"), &self.public, proof, &mut rng).is_ok()
    }

    /// ballistic's verification of one proof with the circuit prepared
    /// (translated and hashed) beforehand.
    pub fn verify_prepared(&self, proof: &R1csProof<Ristretto255>) -> bool {
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        self.prepared.verify(&self.gens, Transcript::new(b"bench"), &self.public, proof, &mut rng).is_ok()
    }

    /// ballistic's proof with generators derived inside (for heap figures
    /// that include them).
    pub fn prove_with_fresh_generators(&self, seed: u64) -> bool {
        let gens = Generators::<Ristretto255>::new(self.prepared.padded_multipliers(), 1);
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        self.prepared.prove(&gens, Transcript::new(b"bench"), &self.inputs, &mut rng).is_ok()
    }

    /// ballistic's prepared verification with generators derived inside.
    pub fn verify_with_fresh_generators(&self, proof: &R1csProof<Ristretto255>) -> bool {
        let gens = Generators::<Ristretto255>::new(self.prepared.padded_multipliers(), 1);
        let mut rng = ChaCha20Rng::seed_from_u64(1);
        self.prepared.verify(&gens, Transcript::new(b"bench"), &self.public, proof, &mut rng).is_ok()
    }

    /// ballistic's batch verification of `proofs` against the prepared
    /// circuit (one multiscalar multiplication).
    pub fn verify_batch(&self, proofs: &[R1csProof<Ristretto255>]) -> bool {
        let mut rng = ChaCha20Rng::seed_from_u64(2);
        let claims: Vec<_> = proofs
            .iter()
            .map(|p| self.prepared.claim(Transcript::new(b"bench"), &self.public, p, &mut rng).expect("claim"))
            .collect();
        let refs: Vec<&dyn ballistic::batch::Claim<Ristretto255>> =
            claims.iter().map(|c| c as &dyn ballistic::batch::Claim<Ristretto255>).collect();
        ballistic::batch::verify(&self.gens, &refs, &mut rng).is_ok()
    }

    /// bulletproofs 5's proof of the same constraints.
    pub fn prove_bp5(&self) -> bp::R1CSProof {
        let mut transcript = Transcript::new(b"bench");
        let mut prover = bp::Prover::new(&self.pc4, &mut transcript);
        self.circuit.synthesize(&mut Bp5Cs(&mut prover), &self.public, Some(&self.wires)).expect("synthesis");
        prover.prove(&self.gens4).expect("bulletproofs 5 proves")
    }

    /// bulletproofs 5's verification of the same constraints.
    pub fn verify_bp5(&self, proof: &bp::R1CSProof) -> bool {
        let mut transcript = Transcript::new(b"bench");
        let mut verifier = bp::Verifier::new(&mut transcript);
        if self.circuit.synthesize(&mut Bp5Cs(&mut verifier), &self.public, None).is_err() {
            return false;
        }
        verifier.verify(proof, &self.pc4, &self.gens4).is_ok()
    }
}
