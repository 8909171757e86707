//! `.arith` circuits (Pinocchio's format): a small circuit with public
//! inputs and outputs using every kind of gate, on every group.

use std::sync::Arc;

use ballistic::circuit::{Circuit, PreparedCircuit, PublicValues, R1csProof};
use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::{new_transcript, Ed25519, Generators, ProofError, Ristretto255, Secp256k1};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::r1cs::{batch_r1cs, r1cs_layout, r1cs_shape};
use super::{failed, gens, kind_tests, Expect, Flips, Kind, Layout, Mutation};

/// `out15 = (−2·(x·w + u) + x + (u₀ ⊕ u₁))·[w ≠ 0]`, `out10 = u₀ ⊕ u₁` for
/// public `x` (wire 1), witness `w` (wire 2) and 4-bit `u` (wire 3).
pub const CIRCUIT: &str = "total 16
input 0
input 1
nizkinput 2
nizkinput 3
mul in 2 <1 2> out 1 <4>
add in 2 <4 3> out 1 <5>
split in 1 <3> out 4 <6 7 8 9>
xor in 2 <6 7> out 1 <10>
const-mul-neg-2 in 1 <5> out 1 <11>
add in 3 <11 1 10> out 1 <12>
zerop in 1 <2> out 2 <13 14>
mul in 2 <12 14> out 1 <15>
output 15
output 10
";

fn parse(text: &str) -> Circuit {
    Circuit::parse(text.as_bytes()).unwrap()
}

/// Inner-product rounds of a proof of `circuit`.
fn rounds<G: Group>(circuit: &Arc<Circuit>) -> usize {
    PreparedCircuit::<G>::new(circuit.clone()).unwrap().padded_multipliers().trailing_zeros() as usize
}

fn arith_gens<G: Group>() -> Arc<Generators<G>> {
    gens::<G>(64, 1)
}

#[derive(Clone, Debug)]
pub struct ArithDesc<G: Group> {
    pub circuit: Arc<Circuit>,
    pub public: PublicValues<G::Scalar>,
    pub label: Vec<u8>,
}

pub struct ArithKind<G: Group> {
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> ArithKind<G> {
    pub fn new() -> Self {
        ArithKind { _group: core::marker::PhantomData }
    }
}

impl<G: Group> Kind for ArithKind<G> {
    type Desc = ArithDesc<G>;
    type Proof = R1csProof<G>;

    fn name(&self) -> String {
        format!("arith small circuit {}", G::NAME)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (ArithDesc<G>, Vec<u8>) {
        let circuit = Arc::new(parse(CIRCUIT));
        let (x, w, u) = (rng.gen::<u32>(), rng.gen::<u32>() | 1, rng.gen_range(0..16u8));
        let inputs =
            circuit.read_inputs::<G::Scalar, _>(format!("0 1\n1 {x:x}\n2 {w:x}\n3 {u:x}\n").as_bytes()).unwrap();
        let label = format!("conformance arith {i}").into_bytes();
        let (proof, public) = circuit.prove(&arith_gens::<G>(), new_transcript(&label), &inputs, rng).unwrap();
        (ArithDesc { circuit, public, label }, proof.to_bytes())
    }

    fn decode(&self, _: &ArithDesc<G>, bytes: &[u8]) -> Result<R1csProof<G>, ProofError> {
        R1csProof::from_bytes(bytes)
    }

    fn encode(&self, p: &R1csProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &ArithDesc<G>, p: &R1csProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        d.circuit.verify(&arith_gens::<G>(), new_transcript(&d.label), &d.public, p, rng)
    }

    fn batch(&self, items: &[(&ArithDesc<G>, &R1csProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let member = |i: usize| {
            let (d, p) = items[i];
            (d.circuit.verifier::<G>(new_transcript(&d.label), &d.public), p)
        };
        batch_r1cs(&arith_gens::<G>(), items.len(), member, rng)
    }

    fn layout(&self, d: &ArithDesc<G>) -> Layout {
        r1cs_layout::<G>(rounds::<G>(&d.circuit), false)
    }

    fn flips(&self) -> Flips {
        Flips::for_group::<G>()
    }

    fn mutations(&self, d: &ArithDesc<G>, other: &ArithDesc<G>) -> Vec<Mutation<ArithDesc<G>>> {
        let mut out = Vec::new();
        let with = |what: String, f: &dyn Fn(&mut ArithDesc<G>), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        let one = G::Scalar::one();
        // Every public value changed; another statement's; swapped.
        for k in 0..d.public.inputs.len() {
            out.push(with(format!("public input {k} plus one"), &|x| x.public.inputs[k].1 += one, failed()));
            out.push(with(
                format!("public input {k} of another statement"),
                &|x| {
                    x.public.inputs[k].1 = other.public.inputs[k].1 + G::Scalar::from_u64(2);
                },
                failed(),
            ));
        }
        for k in 0..d.public.outputs.len() {
            out.push(with(format!("output {k} plus one"), &|x| x.public.outputs[k].1 += one, failed()));
            out.push(with(
                format!("output {k} negated"),
                &|x| x.public.outputs[k].1 = -x.public.outputs[k].1 - one,
                failed(),
            ));
        }
        out.push(with(
            "outputs' values swapped".into(),
            &|x| {
                let (a, b) = (x.public.outputs[0].1, x.public.outputs[1].1);
                x.public.outputs[0].1 = b;
                x.public.outputs[1].1 = a;
            },
            failed(),
        ));
        out.push(with("public values of another statement".into(), &|x| x.public = other.public.clone(), failed()));
        // Public values that are not the circuit's wires: refused before any
        // equation (as a gadget error, of `ErrorKind::Prover`).
        let mismatch = |what: &str| {
            Expect::Is(ProofError::Gadget { message: format!("public values do not match the circuit's {what}") })
        };
        out.push(with("output wire renumbered".into(), &|x| x.public.outputs[0].0 = 14, mismatch("outputs")));
        out.push(with(
            "an output missing".into(),
            &|x| {
                x.public.outputs.pop();
            },
            mismatch("outputs"),
        ));
        out.push(with(
            "an input missing".into(),
            &|x| {
                x.public.inputs.pop();
            },
            mismatch("inputs"),
        ));
        out.push(with("outputs in another order".into(), &|x| x.public.outputs.swap(0, 1), mismatch("outputs")));
        // Another circuit: a gate's constant, a gate's input, an extra
        // gate (the same public wires).
        for (from, to) in [
            ("const-mul-neg-2 ", "const-mul-neg-3 "),
            ("add in 2 <4 3>", "add in 2 <4 4>"),
            ("xor in 2 <6 7>", "xor in 2 <6 8>"),
            ("output 15\n", "mul in 2 <15 15> out 1 <16>\noutput 15\n"),
        ] {
            let text = CIRCUIT.replacen(from, to, 1).replace("total 16", "total 17");
            let changed = Arc::new(parse(&text));
            let expect = r1cs_shape::<G>(rounds::<G>(&changed), false, rounds::<G>(&d.circuit), false);
            out.push(with(format!("circuit with {from:?} → {to:?}"), &|x| x.circuit = changed.clone(), expect));
        }
        out.push(with("label changed".into(), &|x| x.label.push(b'!'), failed()));
        out.push(with("label of another statement".into(), &|x| x.label = other.label.clone(), failed()));
        out
    }
}

kind_tests! {
    arith_ristretto255 => ArithKind::<Ristretto255>::new();
    arith_secp256k1 => ArithKind::<Secp256k1>::new();
    arith_ed25519 => ArithKind::<Ed25519>::new();
}
