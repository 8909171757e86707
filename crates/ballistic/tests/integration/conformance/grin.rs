//! Grin's Bulletproofs (secp256k1-zkp's format, secp256k1 only): one value
//! with a minimum value and `extra_commit`, and two aggregated values.

use ballistic::compat::grin::{
    commitment_from_bytes, grin_generators, proof_len, scalar_from_bytes, GrinNonces, GrinOpening, GrinProof,
    GrinProveOptions, GrinStatement, MAX_MIN_VALUE,
};
use ballistic::errors::BatchError;
use ballistic::group::{ScalarOps, Secp256k1};
use ballistic::ProofError;
use k256::{ProjectivePoint, Scalar};
use rand::Rng;
use rand_chacha::ChaCha20Rng;

use super::{batch_items, failed, kind_tests, BatchItem, Expect, Kind, Layout, Mutation};

#[derive(Clone, Debug)]
pub struct GrinDesc {
    pub n: usize,
    pub commitments: Vec<ProjectivePoint>,
    pub value_gen: Option<ProjectivePoint>,
    pub min_values: Option<Vec<u64>>,
    pub extra: Option<Vec<u8>>,
}

/// Grin proofs of `m` values of `n` bits, with a minimum value (`m = 1`
/// only) and `extra_commit` data if asked.
pub struct GrinKind {
    pub n: usize,
    pub m: usize,
    pub min: bool,
    pub extra: bool,
}

/// Grin's refusal of a shape it does not have.
fn unsupported(reason: &'static str, got: usize) -> Expect {
    Expect::Is(ProofError::UnsupportedShape { format: "Grin", reason, got })
}

const MINIMUMS: &str = "minimum values only for single-value proofs";

fn statement(d: &GrinDesc) -> Result<GrinStatement, ProofError> {
    GrinStatement::new(d.n, d.commitments.clone(), d.value_gen, d.min_values.clone(), d.extra.clone())
}

/// A secp256k1-zkp scalar field: big-endian, canonical, not zero.
fn be_scalar_ok(bytes: &[u8]) -> bool {
    let Ok(b) = <&[u8; 32]>::try_from(bytes) else { return false };
    scalar_from_bytes(b).is_some_and(|s| !bool::from(s.is_zero()))
}

/// An x-coordinate of a curve point (below `p`).
fn x_ok(bytes: &[u8]) -> bool {
    let mut c = [8u8; 33];
    c[1..].copy_from_slice(bytes);
    commitment_from_bytes(&c).is_ok()
}

/// A flag byte whose unused bits (outside `used`) are zero.
fn flags(used: u8) -> super::Validity {
    Box::new(move |b: &[u8]| b[0] & !used == 0)
}

/// Grin's layout for a bit vector of `big_n = n·m` entries (see
/// `compat/grin/encoding.rs`).
fn grin_layout(big_n: usize) -> Layout {
    let rounds = if big_n <= 2 { 0 } else { big_n.trailing_zeros() as usize - 1 };
    let fin = big_n.min(2);
    let scalar = |l: Layout, name: &str| l.field(name, 32, true, Box::new(be_scalar_ok));
    let mut l = scalar(scalar(Layout::new(), "-τ_x"), "-μ");
    l = l.field("flags of A S T1 T2", 1, true, flags(0x0f));
    for name in ["x(A)", "x(S)", "x(T1)", "x(T2)"] {
        l = l.field(name, 32, true, Box::new(x_ok));
    }
    l = scalar(l, "t̂");
    for i in 0..2 * fin {
        l = scalar(l, &format!("a/b {i}"));
    }
    let points = 2 * rounds;
    for byte in 0..points.div_ceil(8) {
        let used = (points - 8 * byte).min(8);
        let mask = if used == 8 { 0xff } else { (1u8 << used) - 1 };
        l = l.field(format!("flags of L, R ({byte})"), 1, true, flags(mask));
    }
    for k in 0..points {
        l = l.field(format!("x({}{})", ["L", "R"][k % 2], k / 2), 32, true, Box::new(x_ok));
    }
    l
}

impl Kind for GrinKind {
    type Desc = GrinDesc;
    type Proof = GrinProof;

    fn name(&self) -> String {
        format!(
            "grin secp256k1 n={} m={}{}{}",
            self.n,
            self.m,
            if self.min { " min" } else { "" },
            if self.extra { " extra" } else { "" }
        )
    }

    fn prove(&self, rng: &mut ChaCha20Rng, i: usize) -> (GrinDesc, Vec<u8>) {
        // Values below 2^n, at least the minimum (Grin refuses both kinds).
        let max = (1u64 << self.n) - 1;
        let min = if self.min { Some(vec![10 * i as u64 + 3]) } else { None };
        let openings: Vec<GrinOpening> = (0..self.m)
            .map(|j| {
                let base = min.as_ref().map_or(0, |m| m[0]);
                let value = if i == j { max } else { base + rng.gen_range(0..=max - base) };
                GrinOpening { value, blinding: <Scalar as ScalarOps>::random(rng) }
            })
            .collect();
        let nonces = GrinNonces { rewind: rng.gen(), private: rng.gen() };
        let extra = self.extra.then(|| format!("grin extra {i}").into_bytes());
        let options = GrinProveOptions {
            n_bits: self.n,
            value_gen: None,
            min_values: min.as_deref(),
            extra_commit: extra.as_deref(),
            message: None,
        };
        let (proof, commitments) = GrinProof::prove(&openings, &nonces, &options).unwrap();
        (GrinDesc { n: self.n, commitments, value_gen: None, min_values: min, extra }, proof.to_bytes())
    }

    fn decode(&self, _: &GrinDesc, bytes: &[u8]) -> Result<GrinProof, ProofError> {
        GrinProof::from_bytes(bytes)
    }

    fn encode(&self, p: &GrinProof) -> Vec<u8> {
        p.to_bytes()
    }

    fn verify(&self, d: &GrinDesc, p: &GrinProof, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
        p.verify(&statement(d)?, rng)
    }

    fn batch(&self, items: &[(&GrinDesc, &GrinProof)], rng: &mut ChaCha20Rng) -> Result<(), BatchError> {
        let members: Vec<BatchItem<'_, Secp256k1, GrinProof>> =
            items.iter().map(|(d, p)| (statement(d), *p, ())).collect();
        batch_items(grin_generators().generators(), &members, rng)
    }

    fn layout(&self, d: &GrinDesc) -> Layout {
        grin_layout(d.n * d.commitments.len())
    }

    fn mutations(&self, d: &GrinDesc, other: &GrinDesc) -> Vec<Mutation<GrinDesc>> {
        let len = self.layout(d).len();
        let m = d.commitments.len();
        let h = grin_generators().value_gen();
        // The format's shapes (`check_shape`): n a power of two up to 64, m a
        // power of two, n·m ≤ 128; then the length of that shape's proofs.
        let shape = |n: usize, m: usize| {
            if n == 0 || n > 64 || !n.is_power_of_two() {
                unsupported("bits per value must be a power of two up to 64", n)
            } else if m == 0 || !m.is_power_of_two() {
                unsupported("the number of values must be a power of two", m)
            } else if n * m > 128 {
                unsupported("bits times values must be at most 128 (Grin's 256 generators)", n * m)
            } else {
                match proof_len(n * m) {
                    Some(l) if l == len => failed(),
                    Some(expected) => Expect::Is(ProofError::WrongLength { expected, got: len }),
                    None => unreachable!("a supported shape has a length"),
                }
            }
        };
        let mut out = Vec::new();
        let with = |what: &str, f: &dyn Fn(&mut GrinDesc), expect: Expect| {
            let mut x = d.clone();
            f(&mut x);
            Mutation::new(what, x, expect)
        };
        for j in 0..m {
            out.push(with(
                &format!("commitment {j} of another statement"),
                &|x| x.commitments[j] = other.commitments[j],
                failed(),
            ));
            out.push(with(&format!("commitment {j} plus H"), &|x| x.commitments[j] += h, failed()));
            out.push(with(
                &format!("commitment {j} the identity"),
                &|x| x.commitments[j] = ProjectivePoint::IDENTITY,
                Expect::Is(ProofError::InvalidCommitment { index: j }),
            ));
        }
        if m >= 2 {
            out.push(with("commitments swapped", &|x| x.commitments.swap(0, m - 1), failed()));
        }
        // Bit sizes: other powers of two (other lengths, or the same N with
        // another split), and sizes the format does not have.
        for n in [d.n / 2, 2 * d.n, 64] {
            out.push(with(&format!("n = {n}"), &|x| x.n = n, shape(n, m)));
        }
        for n in [0usize, 3, 65] {
            out.push(with(&format!("n = {n}"), &|x| x.n = n, shape(n, m)));
        }
        match &d.min_values {
            // A minimum value per value, or no shape (minimums are for one value only).
            Some(mins) => {
                let more = Expect::Is(ProofError::WrongNumCommitments { expected: m + 1, got: m });
                out.push(with("one value more", &|x| x.commitments.push(other.commitments[0]), more));
                out.push(with(
                    "one value and its minimum more",
                    &|x| {
                        x.commitments.push(other.commitments[0]);
                        x.min_values = Some(vec![mins[0]; m + 1]);
                    },
                    unsupported(MINIMUMS, m + 1),
                ));
            }
            None => out.push(with("one value more", &|x| x.commitments.push(other.commitments[0]), shape(d.n, m + 1))),
        }
        out.push(with("two values more", &|x| x.commitments.extend([h, h + h]), shape(d.n, m + 2)));
        if m >= 2 {
            out.push(with("one value fewer", &|x| x.commitments.truncate(m - 1), shape(d.n, m - 1)));
            out.push(with(
                "n doubled, values halved",
                &|x| {
                    x.n *= 2;
                    x.commitments.truncate(m / 2);
                },
                failed(),
            ));
        }
        // The value generator: another point, or the identity.
        out.push(with("value generator 2·H", &|x| x.value_gen = Some(h + h), failed()));
        out.push(with("value generator G", &|x| x.value_gen = Some(ProjectivePoint::GENERATOR), failed()));
        out.push(with(
            "value generator the identity",
            &|x| x.value_gen = Some(ProjectivePoint::IDENTITY),
            Expect::Is(ProofError::IdentityPoint { label: "value generator" }),
        ));
        // Minimum values.
        match &d.min_values {
            Some(mins) => {
                let min = mins[0];
                out.push(with("minimum value plus one", &|x| x.min_values = Some(vec![min + 1]), failed()));
                out.push(with("minimum value minus one", &|x| x.min_values = Some(vec![min - 1]), failed()));
                out.push(with("minimum value removed", &|x| x.min_values = None, failed()));
                out.push(with("minimum value 0", &|x| x.min_values = Some(vec![0]), failed()));
                out.push(with(
                    "minimum value 2^32",
                    &|x| x.min_values = Some(vec![MAX_MIN_VALUE + 1]),
                    Expect::Is(ProofError::MinValueTooLarge { index: 0, min: MAX_MIN_VALUE + 1 }),
                ));
                out.push(with(
                    "two minimum values for one value",
                    &|x| x.min_values = Some(vec![min, min]),
                    Expect::Is(ProofError::WrongNumCommitments { expected: 1, got: 2 }),
                ));
            }
            None if m == 1 => out.push(with("minimum value 0 added", &|x| x.min_values = Some(vec![0]), failed())),
            None => {
                out.push(with("minimum values added", &|x| x.min_values = Some(vec![0; m]), unsupported(MINIMUMS, m)))
            }
        }
        // extra_commit: changed, removed, empty (None and Some(empty) differ).
        match &d.extra {
            Some(e) => {
                let mut changed = e.clone();
                changed[0] ^= 1;
                out.push(with("extra_commit changed", &|x| x.extra = Some(changed.clone()), failed()));
                out.push(with("extra_commit removed", &|x| x.extra = None, failed()));
                out.push(with("extra_commit empty", &|x| x.extra = Some(Vec::new()), failed()));
            }
            None => {
                out.push(with("extra_commit empty added", &|x| x.extra = Some(Vec::new()), failed()));
                out.push(with("extra_commit added", &|x| x.extra = Some(b"x".to_vec()), failed()));
            }
        }
        out
    }
}

kind_tests! {
    grin_min_extra_secp256k1 => GrinKind { n: 8, m: 1, min: true, extra: true };
    grin_aggregated_secp256k1 => GrinKind { n: 4, m: 2, min: false, extra: false };
}
