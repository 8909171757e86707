//! R1CS proofs of gadgets: two committed values in range adding up to a
//! public sum (one phase), and a shuffle (two phases), on every group.

use ballistic::batch::{Claim, Refused};
use ballistic::circuit::gadgets::{range, shuffle};
use ballistic::circuit::{ConstraintSystem, Prover, R1csClaim, R1csProof, Variable, Verifier};
use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::{new_transcript, Ed25519, Equation, Generators, ProofError, Ristretto255, Secp256k1, Secq256k1};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::range::commitment_mutations;
use super::{failed, gens, kind_tests, Expect, Flips, Kind, Layout, Mutation};

/// Generators for every circuit here and its mutations.
fn r1cs_gens<G: Group>() -> std::sync::Arc<Generators<G>> {
    gens::<G>(64, 1)
}

/// The layout of an R1CS proof (see `ballistic::circuit`).
pub fn r1cs_layout<G: Group>(rounds: usize, phase_two: bool) -> Layout {
    let mut l = Layout::new().points::<G>("A_I1 A_O1 S1", 3);
    if phase_two {
        l = l.points::<G>("A_I2 A_O2 S2", 3);
    }
    l.points::<G>("T1 T3 T4 T5 T6", 5).scalars::<G>("t_x τ_x e", 3).ipp::<G>(rounds)
}

/// What a verifier whose circuit pads to `2^rounds` gates (and has a
/// second phase or not) says to this proof: a length error, or the
/// equation's refusal.
pub fn r1cs_shape<G: Group>(rounds: usize, phase_two: bool, proof_rounds: usize, proof_phase_two: bool) -> Expect {
    if phase_two != proof_phase_two {
        Expect::Is(ProofError::PhaseMismatch)
    } else if rounds != proof_rounds {
        Expect::Is(ProofError::WrongLength {
            expected: R1csProof::<G>::encoded_len(rounds, phase_two),
            got: R1csProof::<G>::encoded_len(proof_rounds, proof_phase_two),
        })
    } else {
        failed()
    }
}

/// An R1CS verifier (or why it did not build) with its proof.
pub type R1csMember<'a, G> = (Result<Verifier<G>, ProofError>, &'a R1csProof<G>);

/// Batch `count` R1CS verifiers (or why they did not build) with their
/// proofs; `member(i)` builds the `i`-th (again for each check under the
/// weight probe: a verifier is consumed by its replay).
///
/// Under [`crate::common::with_weight_probe`] each member's
/// `Verifier::add_terms` is first checked at several weights
/// ([`crate::common::check_weight_with`]): the batch's `R1csClaim` replays
/// once at weight one and scales the result, so the weight handling of the
/// verifier itself is only reached this way.
pub fn batch_r1cs<'a, G: Group>(
    gens: &Generators<G>,
    count: usize,
    member: impl Fn(usize) -> R1csMember<'a, G>,
    rng: &mut ChaCha20Rng,
) -> Result<(), BatchError> {
    if crate::common::probing_weights() {
        for i in 0..count {
            crate::common::check_weight_with::<G>(&format!("member {i}"), |w, c, times| {
                let mut eq = Equation::new();
                for _ in 0..times {
                    let (v, p) = member(i);
                    v?.add_terms(p, gens.vector(), G::Scalar::from_u64(w), G::Scalar::from_u64(c), &mut eq)?;
                }
                Ok(eq.sum(gens).expect("the generators cover the circuit"))
            });
        }
    }
    let claims: Vec<Result<R1csClaim<G>, Refused>> = (0..count)
        .map(|i| match member(i) {
            (Ok(v), p) => Ok(R1csClaim::new(v, p, rng)),
            (Err(e), _) => Err(Refused(e)),
        })
        .collect();
    let claims: Vec<&dyn Claim<G>> = claims
        .iter()
        .map(|c| match c {
            Ok(c) => c as &dyn Claim<G>,
            Err(r) => r as &dyn Claim<G>,
        })
        .collect();
    ballistic::batch::verify(gens, &claims, rng)
}

fn s<G: Group>(v: u64) -> G::Scalar {
    G::Scalar::from_u64(v)
}

// ---------------------------------------------------------------------------
// Two values in range, adding up to a public sum.

#[derive(Clone, Debug)]
pub struct SumDesc<G: Group> {
    pub bits: usize,
    pub sum: u64,
    pub commitments: Vec<G::Compressed>,
    pub label: Vec<u8>,
}

/// `a, b ∈ [0, 2^bits)` with `a + b = sum`, for committed `a, b` and public `sum`.
fn sum_gadget<G: Group, CS: ConstraintSystem<G::Scalar>>(
    cs: &mut CS,
    vars: &[Variable],
    values: Option<(u64, u64)>,
    bits: usize,
    sum: u64,
) -> Result<(), ProofError> {
    let (a, b) = (vars[0], vars[1]);
    range(cs, a.into(), values.map(|v| v.0), bits)?;
    range(cs, b.into(), values.map(|v| v.1), bits)?;
    cs.constrain(a.plus(b) - s::<G>(sum));
    Ok(())
}

pub struct RangeSumKind<G: Group> {
    pub bits: usize,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> RangeSumKind<G> {
    pub fn new(bits: usize) -> Self {
        RangeSumKind { bits, _group: core::marker::PhantomData }
    }

    fn verifier(d: &SumDesc<G>) -> Result<Verifier<G>, ProofError> {
        let mut v = Verifier::new(new_transcript(&d.label));
        let vars: Vec<Variable> = d.commitments.iter().map(|c| v.commit(*c)).collect();
        if vars.len() < 2 {
            return Err(ProofError::WrongNumCommitments { expected: 2, got: vars.len() });
        }
        sum_gadget::<G, _>(&mut v, &vars, None, d.bits, d.sum)?;
        Ok(v)
    }

    fn rounds(bits: usize) -> usize {
        (2 * bits).next_power_of_two().trailing_zeros() as usize
    }
}

impl<G: Group> Kind for RangeSumKind<G> {
    type Desc = SumDesc<G>;
    type Proof = R1csProof<G>;

    fn name(&self) -> String {
        format!("r1cs range-sum {} bits={}", G::NAME, self.bits)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (SumDesc<G>, Vec<u8>) {
        let max = (1u64 << self.bits) - 1;
        let a = if i == 0 { max } else { rng.gen::<u64>() & max };
        let b = rng.gen::<u64>() & max;
        let label = format!("conformance r1cs {i}").into_bytes();
        let mut p = Prover::new(&r1cs_gens::<G>(), new_transcript(&label));
        let (ca, va) = p.commit(s::<G>(a), G::Scalar::random(rng));
        let (cb, vb) = p.commit(s::<G>(b), G::Scalar::random(rng));
        sum_gadget::<G, _>(&mut p, &[va, vb], Some((a, b)), self.bits, a + b).unwrap();
        let proof = p.prove_with_rng(rng).unwrap();
        (SumDesc { bits: self.bits, sum: a + b, commitments: vec![ca, cb], label }, proof.to_bytes())
    }

    fn decode(&self, _: &SumDesc<G>, bytes: &[u8]) -> Result<R1csProof<G>, ProofError> {
        R1csProof::from_bytes(bytes)
    }

    fn encode(&self, p: &R1csProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &SumDesc<G>, p: &R1csProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        Self::verifier(d)?.verify_with_rng(&r1cs_gens::<G>(), p, rng)
    }

    fn batch(&self, items: &[(&SumDesc<G>, &R1csProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        batch_r1cs(&r1cs_gens::<G>(), items.len(), |i| (Self::verifier(items[i].0), items[i].1), rng)
    }

    fn layout(&self, d: &SumDesc<G>) -> Layout {
        r1cs_layout::<G>(Self::rounds(d.bits), false)
    }

    fn flips(&self) -> Flips {
        Flips::for_group::<G>()
    }

    fn mutations(&self, d: &SumDesc<G>, other: &SumDesc<G>) -> Vec<Mutation<SumDesc<G>>> {
        let rounds = Self::rounds(d.bits);
        let mut out = commitment_mutations::<G, _>(d, other, |d| &mut d.commitments);
        let with = |what: String, f: &dyn Fn(&mut SumDesc<G>), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        // The public sum.
        out.push(with("sum plus one".into(), &|x| x.sum += 1, failed()));
        out.push(with("sum minus one".into(), &|x| x.sum -= 1, failed()));
        out.push(with("sum of another statement".into(), &|x| x.sum = other.sum ^ 1 << 20, failed()));
        // The gadget's bit size: the same padded size, another one, none.
        for bits in [d.bits - 1, d.bits + 1, 2 * d.bits] {
            out.push(with(
                format!("bits = {bits}"),
                &|x| x.bits = bits,
                r1cs_shape::<G>(Self::rounds(bits), false, rounds, false),
            ));
        }
        for bits in [0usize, 65] {
            out.push(with(
                format!("bits = {bits}"),
                &|x| x.bits = bits,
                Expect::Is(ProofError::InvalidBitsize { bits }),
            ));
        }
        // A committed variable more (unused by the gadget).
        out.push(with("a commitment more".into(), &|x| x.commitments.push(other.commitments[0]), failed()));
        out.push(with("label changed".into(), &|x| x.label.push(b'!'), failed()));
        out.push(with("label of another statement".into(), &|x| x.label = other.label.clone(), failed()));
        out
    }
}

// ---------------------------------------------------------------------------
// A shuffle: the second half of the commitments is a permutation of the first.

#[derive(Clone, Debug)]
pub struct ShuffleDesc<G: Group> {
    pub commitments: Vec<G::Compressed>,
    pub label: Vec<u8>,
    /// `false`: the verifier checks equality instead (no second phase).
    pub shuffled: bool,
}

pub struct ShuffleKind<G: Group> {
    pub k: usize,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> ShuffleKind<G> {
    pub fn new(k: usize) -> Self {
        ShuffleKind { k, _group: core::marker::PhantomData }
    }

    fn verifier(d: &ShuffleDesc<G>) -> Result<Verifier<G>, ProofError> {
        let mut v = Verifier::new(new_transcript(&d.label));
        let vars: Vec<Variable> = d.commitments.iter().map(|c| v.commit(*c)).collect();
        let (x, y) = vars.split_at(vars.len() / 2);
        if d.shuffled {
            shuffle(&mut v, x.to_vec(), y.to_vec())?;
        } else {
            for (a, b) in x.iter().zip(y) {
                v.constrain(a.minus(*b));
            }
        }
        Ok(v)
    }

    /// Rounds of the shuffle of `k` values: `2(k − 1)` second-phase
    /// multipliers (none for `k = 1`), padded to a power of two.
    fn rounds(k: usize) -> usize {
        (2 * (k - 1)).max(1).next_power_of_two().trailing_zeros() as usize
    }
}

impl<G: Group> Kind for ShuffleKind<G> {
    type Desc = ShuffleDesc<G>;
    type Proof = R1csProof<G>;

    fn name(&self) -> String {
        format!("r1cs shuffle {} k={}", G::NAME, self.k)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (ShuffleDesc<G>, Vec<u8>) {
        let inputs: Vec<u64> = (0..self.k).map(|_| rng.gen_range(0..1000)).collect();
        let mut outputs = inputs.clone();
        outputs.rotate_left(1 + i % (self.k - 1));
        let label = format!("conformance shuffle {i}").into_bytes();
        let mut p = Prover::new(&r1cs_gens::<G>(), new_transcript(&label));
        let (cs, vars): (Vec<_>, Vec<_>) =
            inputs.iter().chain(&outputs).map(|v| p.commit(s::<G>(*v), G::Scalar::random(rng))).unzip();
        let (x, y) = vars.split_at(self.k);
        shuffle(&mut p, x.to_vec(), y.to_vec()).unwrap();
        let proof = p.prove_with_rng(rng).unwrap();
        assert!(proof.has_phase_two());
        (ShuffleDesc { commitments: cs, label, shuffled: true }, proof.to_bytes())
    }

    fn decode(&self, _: &ShuffleDesc<G>, bytes: &[u8]) -> Result<R1csProof<G>, ProofError> {
        R1csProof::from_bytes(bytes)
    }

    fn encode(&self, p: &R1csProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &ShuffleDesc<G>, p: &R1csProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        Self::verifier(d)?.verify_with_rng(&r1cs_gens::<G>(), p, rng)
    }

    fn batch(&self, items: &[(&ShuffleDesc<G>, &R1csProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        batch_r1cs(&r1cs_gens::<G>(), items.len(), |i| (Self::verifier(items[i].0), items[i].1), rng)
    }

    fn layout(&self, d: &ShuffleDesc<G>) -> Layout {
        r1cs_layout::<G>(Self::rounds(d.commitments.len() / 2), true)
    }

    fn flips(&self) -> Flips {
        Flips::for_group::<G>()
    }

    fn mutations(&self, d: &ShuffleDesc<G>, other: &ShuffleDesc<G>) -> Vec<Mutation<ShuffleDesc<G>>> {
        let k = d.commitments.len() / 2;
        let rounds = Self::rounds(k);
        let mut out = commitment_mutations::<G, _>(d, other, |d| &mut d.commitments);
        let with = |what: &str, f: &dyn Fn(&mut ShuffleDesc<G>), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        out.push(with("two outputs swapped", &|x| x.commitments.swap(k, k + 1), failed()));
        out.push(with("inputs and outputs swapped", &|x| x.commitments.rotate_left(k), failed()));
        out.push(with(
            "one value fewer on each side",
            &|x| {
                x.commitments.remove(k);
                x.commitments.remove(0);
            },
            r1cs_shape::<G>(Self::rounds(k - 1), k > 2, rounds, true),
        ));
        out.push(with(
            "one value more on each side",
            &|x| {
                x.commitments.insert(k, other.commitments[0]);
                x.commitments.push(other.commitments[0]);
            },
            r1cs_shape::<G>(Self::rounds(k + 1), true, rounds, true),
        ));
        out.push(with(
            "equality instead of a shuffle (no second phase)",
            &|x| x.shuffled = false,
            Expect::Is(ProofError::PhaseMismatch),
        ));
        out.push(with("label changed", &|x| x.label[0] ^= 1, failed()));
        out.push(with("label of another statement", &|x| x.label = other.label.clone(), failed()));
        out
    }
}

kind_tests! {
    r1cs_range_sum_ristretto255 => RangeSumKind::<Ristretto255>::new(8);
    r1cs_range_sum_secp256k1 => RangeSumKind::<Secp256k1>::new(8);
    r1cs_range_sum_ed25519 => RangeSumKind::<Ed25519>::new(8);
    r1cs_shuffle_ristretto255 => ShuffleKind::<Ristretto255>::new(3);
    r1cs_shuffle_secp256k1 => ShuffleKind::<Secp256k1>::new(3);
    r1cs_shuffle_ed25519 => ShuffleKind::<Ed25519>::new(3);
    r1cs_range_sum_secq256k1 => RangeSumKind::<Secq256k1>::new(8);
    r1cs_shuffle_secq256k1 => ShuffleKind::<Secq256k1>::new(3);
}
