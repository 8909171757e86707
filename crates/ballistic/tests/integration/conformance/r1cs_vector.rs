//! R1CS proofs with vector commitments (Generalized Bulletproofs,
//! `Prover::commit_vec`): a committed value `v` is one of the entries of a
//! vector commitment `C_1` (a one-hot selection, as a Curve Trees level
//! selects a child), and a second vector commitment `C_2` holds a
//! permutation of `C_1`'s entries (a second-phase shuffle), on every group.

use ballistic::circuit::gadgets::shuffle;
use ballistic::circuit::{
    LinearCombination, Prover, R1csProof, RandomizableConstraintSystem, Variable, Verifier, MAX_VECTOR_COMMITMENTS,
    MAX_VECTOR_LEN,
};
use ballistic::errors::BatchError;
use ballistic::group::{Group, ScalarOps};
use ballistic::{new_transcript, Ed25519, Generators, ProofError, Ristretto255, Secp256k1, Secq256k1};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::r1cs::batch_r1cs;
use super::range::{bumped, commitment_mutations, identity, invalid_point};
use super::{failed, gens, kind_tests, Expect, Flips, Kind, Layout, Mutation};

fn vc_gens<G: Group>() -> std::sync::Arc<Generators<G>> {
    gens::<G>(64, 1)
}

/// The layout of an R1CS proof over `n_c` vector commitments.
pub fn vector_layout<G: Group>(rounds: usize, phase_two: bool, n_c: usize) -> Layout {
    let mut l = Layout::new().points::<G>("A_I1 A_O1 S1", 3);
    if phase_two {
        l = l.points::<G>("A_I2 A_O2 S2", 3);
    }
    l.points::<G>("T_i", 3 * n_c + 5).scalars::<G>("t_x τ_x e", 3).ipp::<G>(rounds)
}

#[derive(Clone, Debug)]
pub struct VectorDesc<G: Group> {
    /// `V` (the selected value's commitment), then any extra commitments.
    pub v: Vec<G::Compressed>,
    /// `C_1, C_2, …` with their lengths.
    pub vectors: Vec<(G::Compressed, usize)>,
    pub label: Vec<u8>,
    /// `false`: the verifier checks `C_1 = C_2` entry by entry instead of a
    /// shuffle (no second phase).
    pub shuffled: bool,
    /// `V` is taken before the vector commitments (the prover's order).
    pub v_first: bool,
}

impl<G: Group> VectorDesc<G> {
    fn n_c(&self) -> usize {
        self.vectors.len()
    }
}

fn one<G: Group>() -> G::Scalar {
    G::Scalar::one()
}

/// `value = c_1[ι]` by a one-hot selector over `C_1`'s entries, and
/// `C_2` a permutation of `C_1` (or equal to it, without `shuffled`).
/// `index` is the prover's `ι`.
fn vector_gadget<G: Group, CS: RandomizableConstraintSystem<G::Scalar>>(
    cs: &mut CS,
    value: Variable,
    vectors: &[Vec<Variable>],
    index: Option<usize>,
    shuffled: bool,
) -> Result<(), ProofError> {
    let [c1, c2, ..] = vectors else {
        return Err(ProofError::Gadget { message: "two vector commitments needed".into() });
    };
    let mut selectors = LinearCombination::default();
    let mut selected = LinearCombination::default();
    for (k, c) in c1.iter().enumerate() {
        let bit = index.map(|i| if i == k { one::<G>() } else { G::Scalar::zero() });
        let (s, not_s, zero) = cs.allocate_multiplier(bit.map(|b| (b, one::<G>() - b)))?;
        cs.constrain(s.plus(not_s) - one::<G>());
        cs.constrain(zero.into());
        let (_, _, product) = cs.multiply(s.into(), (*c).into());
        selectors = selectors + s;
        selected = selected + product;
    }
    cs.constrain(selectors - one::<G>());
    cs.constrain(selected - value);
    if shuffled {
        shuffle(cs, c1.clone(), c2.clone())
    } else {
        for (a, b) in c1.iter().zip(c2) {
            cs.constrain(a.minus(*b));
        }
        Ok(())
    }
}

pub struct VectorKind<G: Group> {
    /// Entries per vector commitment.
    pub len: usize,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> VectorKind<G> {
    pub fn new(len: usize) -> Self {
        VectorKind { len, _group: core::marker::PhantomData }
    }

    fn verifier(d: &VectorDesc<G>) -> Result<Verifier<G>, ProofError> {
        let mut v = Verifier::new(new_transcript(&d.label));
        let mut value = None;
        if d.v_first {
            value = d.v.first().map(|c| v.commit(*c));
        }
        let mut vectors = Vec::new();
        for (c, len) in &d.vectors {
            vectors.push(v.commit_vec(*c, *len)?);
        }
        if !d.v_first {
            value = d.v.first().map(|c| v.commit(*c));
        }
        for c in d.v.iter().skip(1) {
            v.commit(*c);
        }
        let value = value.ok_or(ProofError::WrongNumCommitments { expected: 1, got: 0 })?;
        vector_gadget::<G, _>(&mut v, value, &vectors, None, d.shuffled)?;
        Ok(v)
    }

    /// Rounds for vectors of `len` entries: `2·len` selection gates, then
    /// `2(len − 1)` shuffle gates.
    fn rounds(len: usize, shuffled: bool) -> usize {
        let n = 2 * len + if shuffled { 2 * (len - 1) } else { 0 };
        n.next_power_of_two().trailing_zeros() as usize
    }
}

impl<G: Group> Kind for VectorKind<G> {
    type Desc = VectorDesc<G>;
    type Proof = R1csProof<G>;

    fn name(&self) -> String {
        format!("r1cs vector {} len={}", G::NAME, self.len)
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (VectorDesc<G>, Vec<u8>) {
        let c1: Vec<G::Scalar> = (0..self.len).map(|_| G::Scalar::from_u64(rng.gen_range(0..1_000_000))).collect();
        let mut c2 = c1.clone();
        c2.rotate_left(1 + i % (self.len - 1));
        let index = i % self.len;
        let label = format!("conformance r1cs vector {i}").into_bytes();
        let mut p = Prover::new(&vc_gens::<G>(), new_transcript(&label));
        let (v, value) = p.commit(c1[index], G::Scalar::random(rng));
        let (cp1, vars1) = p.commit_vec(&c1, G::Scalar::random(rng)).unwrap();
        let (cp2, vars2) = p.commit_vec(&c2, G::Scalar::random(rng)).unwrap();
        vector_gadget::<G, _>(&mut p, value, &[vars1, vars2], Some(index), true).unwrap();
        let proof = p.prove_with_rng(rng).unwrap();
        assert!(proof.has_phase_two());
        let desc = VectorDesc {
            v: vec![v],
            vectors: vec![(cp1, self.len), (cp2, self.len)],
            label,
            shuffled: true,
            v_first: true,
        };
        (desc, proof.to_bytes())
    }

    fn decode(&self, d: &VectorDesc<G>, bytes: &[u8]) -> Result<R1csProof<G>, ProofError> {
        R1csProof::from_bytes_with(bytes, d.n_c())
    }

    fn encode(&self, p: &R1csProof<G>) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &VectorDesc<G>, p: &R1csProof<G>, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        Self::verifier(d)?.verify_with_rng(&vc_gens::<G>(), p, rng)
    }

    fn batch(&self, items: &[(&VectorDesc<G>, &R1csProof<G>)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        batch_r1cs(&vc_gens::<G>(), items.len(), |i| (Self::verifier(items[i].0), items[i].1), rng)
    }

    fn layout(&self, d: &VectorDesc<G>) -> Layout {
        vector_layout::<G>(Self::rounds(self.len, true), true, d.n_c())
    }

    fn flips(&self) -> Flips {
        Flips::for_group::<G>()
    }

    fn mutations(&self, d: &VectorDesc<G>, other: &VectorDesc<G>) -> Vec<Mutation<VectorDesc<G>>> {
        let len = self.len;
        let rounds = Self::rounds(len, true);
        let with = |what: String, f: &dyn Fn(&mut VectorDesc<G>), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        // V: another statement's, plus B, the identity, not a point.
        let mut out = commitment_mutations::<G, _>(d, other, |d| &mut d.v);
        // Each vector commitment.
        for j in 0..d.n_c() {
            let theirs = other.vectors[j].0;
            // What this one may hold: the statement's entries in all are
            // bounded.
            let max = MAX_VECTOR_LEN - d.vectors[..j].iter().map(|v| v.1).sum::<usize>();
            out.push(with(format!("C_{j} of another statement"), &|x| x.vectors[j].0 = theirs, failed()));
            out.push(with(format!("C_{j} plus B"), &|x| x.vectors[j].0 = bumped::<G>(&x.vectors[j].0), failed()));
            out.push(with(format!("C_{j} the identity"), &|x| x.vectors[j].0 = identity::<G>(), failed()));
            out.push(with(
                format!("C_{j} not a point"),
                &|x| x.vectors[j].0 = invalid_point::<G>(),
                Expect::Is(ProofError::InvalidVectorCommitment { index: j }),
            ));
            out.push(with(
                format!("C_{j} empty"),
                &|x| x.vectors[j].1 = 0,
                Expect::Is(ProofError::InvalidVectorLength { index: j, len: 0, max }),
            ));
            out.push(with(
                format!("C_{j} too long"),
                &|x| x.vectors[j].1 = max + 1,
                Expect::Is(ProofError::InvalidVectorLength { index: j, len: max + 1, max }),
            ));
        }
        out.push(with("C_0 and C_1 swapped".into(), &|x| x.vectors.swap(0, 1), failed()));
        out.push(with("C_0 as C_1 too".into(), &|x| x.vectors[1] = x.vectors[0], failed()));
        // Lengths: one longer than the gadget's other vector, both shorter
        // (the same padded size), both longer (another size).
        out.push(with(
            "L_1 plus one".into(),
            &|x| x.vectors[1].1 += 1,
            Expect::Is(ProofError::Gadget { message: format!("shuffle of {len} and {} values", len + 1) }),
        ));
        assert_eq!(Self::rounds(len - 1, true), rounds, "the shorter statement pads to the same size");
        out.push(with("both lengths minus one".into(), &|x| x.vectors.iter_mut().for_each(|v| v.1 -= 1), failed()));
        out.push(with(
            "both lengths plus one".into(),
            &|x| x.vectors.iter_mut().for_each(|v| v.1 += 1),
            Expect::Is(ProofError::WrongLength {
                expected: R1csProof::<G>::encoded_len_with(Self::rounds(len + 1, true), true, 2),
                got: R1csProof::<G>::encoded_len_with(rounds, true, 2),
            }),
        ));
        // Another number of vector commitments: a third one (unused). The
        // proof's bytes then decode as a proof over three vector
        // commitments without a second phase (three T points more, three
        // phase-two points fewer), which the statement refuses.
        out.push(with(
            "a third vector commitment".into(),
            &|x| x.vectors.push(other.vectors[0]),
            Expect::Is(ProofError::PhaseMismatch),
        ));
        // More than a proof may have: refused while decoding already.
        out.push(with(
            "too many vector commitments".into(),
            &|x| x.vectors = vec![d.vectors[0]; MAX_VECTOR_COMMITMENTS + 1],
            Expect::Is(ProofError::TooManyVectorCommitments { max: MAX_VECTOR_COMMITMENTS }),
        ));
        // One fewer: the bytes no longer decode (they are read with three T
        // points fewer, so every later field moves; where the first
        // invalid field falls depends on the group's encodings).
        let inst = super::instances(self);
        let bytes = &inst.iter().find(|(x, _)| x.label == d.label).expect("d is an honest instance").1;
        let refusal = R1csProof::<G>::from_bytes_with(bytes, 1).expect_err("read with n_c = 1");
        assert!(refusal.is_decode_error(), "{refusal:?}");
        out.push(with(
            "one vector commitment".into(),
            &|x| {
                x.vectors.pop();
            },
            Expect::Is(refusal),
        ));
        // Order and the rest of the statement.
        out.push(with("V after the vector commitments".into(), &|x| x.v_first = false, failed()));
        out.push(with("a commitment more".into(), &|x| x.v.push(other.v[0]), failed()));
        out.push(with(
            "equality instead of a shuffle (no second phase)".into(),
            &|x| x.shuffled = false,
            Expect::Is(ProofError::PhaseMismatch),
        ));
        out.push(with("label changed".into(), &|x| x.label[0] ^= 1, failed()));
        out.push(with("label of another statement".into(), &|x| x.label = other.label.clone(), failed()));
        out
    }
}

kind_tests! {
    r1cs_vector_ristretto255 => VectorKind::<Ristretto255>::new(4);
    r1cs_vector_secp256k1 => VectorKind::<Secp256k1>::new(4);
    r1cs_vector_ed25519 => VectorKind::<Ed25519>::new(4);
    r1cs_vector_secq256k1 => VectorKind::<Secq256k1>::new(4);
}
