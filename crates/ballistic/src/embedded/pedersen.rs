//! The Pedersen hash over an embedded curve (native side; the gadget is
//! [`crate::circuit::gadgets::pedersen`]), in the windowed form of Zcash
//! Sapling (protocol specification §5.4.1.7), which the paper's Table 3
//! benchmarks.
//!
//! **Definition.** Parameters: a label `D` and an input length `L ≥ 1`.
//! A message `m ∈ {0,1}^L` is padded with zeros to `3k` bits,
//! `k = ⌈L/3⌉`, and cut into chunks `(m_{3j}, m_{3j+1}, m_{3j+2})`, each
//! encoded as
//!
//! ```text
//!     enc_j = (1 − 2·m_{3j+2}) · (1 + m_{3j} + 2·m_{3j+1})  ∈ {±1, ±2, ±3, ±4}
//! ```
//!
//! Chunks are grouped into segments of `c` chunks, `c = ⌊(|q| − 1)/4⌋`
//! (62 for Doppio, 63 for secq256k1), segment `i` having its own
//! generator `G_i = hash_to_curve(D ‖ L ‖ i)` in the prime-order subgroup.
//! Then
//!
//! ```text
//!     H_D(m) = Σ_i [⟨m⟩_i]·G_i,    ⟨m⟩_i = Σ_{j < c} enc_{ic+j} · 16^j       (H1)
//! ```
//!
//! and the hash of `m` is the point `H_D(m)`; as a field element (Merkle
//! nodes) it is its `y`-coordinate, which tells `P` from `−P`.
//!
//! **Why it is collision resistant.** `|⟨m⟩_i| ≤ 4·(16^c − 1)/15 < (q−1)/2`,
//! so `m ↦ (⟨m⟩_i)_i mod q` is injective (the encoding is a signed base-16
//! expansion with non-zero digits), and a collision gives a non-trivial
//! linear relation among independent generators: a discrete logarithm.
//! `L` is in the generators, so messages of different lengths (which pad to
//! the same bits) are hashed with unrelated generators. The sign symmetry of
//! the encoding (`m` with every third bit flipped hashes to `−H(m)`) is why
//! the field-element output is `y`, not `x`: `y(−P) = −y(P)`. The other
//! points sharing `y` with `H(m)` (secq256k1's endomorphism images
//! `[λ]P`, or the third point of the horizontal line) are not of the form
//! (H1) for any message without, again, a discrete-logarithm relation.
//!
//! **Why the circuit may use incomplete additions.** Within segment `i`,
//! the partial sum after `j` chunks is `[s]·G_i` with
//! `|s| ≤ 4(16^j − 1)/15 < 16^j ≤ |enc_j·16^j|`, and both are below `q/2`:
//! the accumulator is never `O`, never equal to nor the negation of the
//! point added, for **every** message. Segments are then summed with the
//! same incomplete law; an exceptional case there (`Σ_{i' ≤ i}[⟨m⟩_{i'}]G_{i'}
//! = ±[⟨m⟩_{i+1}]G_{i+1}`) is itself a discrete-logarithm relation among
//! the generators, so finding an input that reaches it is as hard as
//! breaking the hash (Sapling's argument, §5.4.1.7 and Theorem 5.4.1).
//!
//! **Cost in a circuit** (paper Table 3 counts multiplication gates): per
//! chunk 3 bit gates (when the bits are not already constrained) + 2
//! lookup gates, and 3 per addition: `8k − 3` gates for `k` chunks in one
//! segment, ≈ 2.67 per input bit (the paper: 128 gates for 48 bits, 8,192
//! for 3,072).

use alloc::vec::Vec;
use alloc::{format, vec};

use super::{bit_choice, hash_to_curve, AffinePoint, Coefficients, EmbeddedCurve};
use crate::errors::ProofError;
use crate::group::fast::Montgomery;
use crate::group::ScalarOps;

/// Largest input accepted, in bits (2^20: tables of 22 MiB at most).
pub const MAX_INPUT_BITS: usize = 1 << 20;

/// The lookup table of one chunk: `[1, 2, 3, 4]·16^j·G_i`.
pub type ChunkTable<F> = [AffinePoint<F>; 4];

/// The parameters of `H_D` for `L`-bit inputs: the chunk tables.
#[derive(Clone, Debug)]
pub struct PedersenHash<C: EmbeddedCurve> {
    input_bits: usize,
    segment_chunks: usize,
    coefficients: Coefficients<C::F>,
    tables: Vec<ChunkTable<C::F>>,
}

impl<C: EmbeddedCurve> PedersenHash<C> {
    /// The parameters for `input_bits`-bit messages under `label` (derives
    /// one generator per segment and the chunk tables; public, variable
    /// time).
    pub fn new(label: &[u8], input_bits: usize) -> Result<Self, ProofError> {
        if input_bits == 0 || input_bits > MAX_INPUT_BITS {
            return Err(ProofError::Gadget {
                message: format!("Pedersen hash input length {input_bits} bits is outside 1..={MAX_INPUT_BITS}"),
            });
        }
        let k = C::coefficients();
        let segment_chunks = Self::segment_chunks();
        let chunks = input_bits.div_ceil(3);
        let mut tables = Vec::with_capacity(chunks);
        let mut segment = 0u64;
        while tables.len() < chunks {
            let mut tag = Vec::with_capacity(label.len() + 24);
            tag.extend_from_slice(&(label.len() as u64).to_le_bytes());
            tag.extend_from_slice(label);
            tag.extend_from_slice(&(input_bits as u64).to_le_bytes());
            tag.extend_from_slice(&segment.to_le_bytes());
            let mut base = hash_to_curve::<C>(&tag);
            for _ in 0..segment_chunks.min(chunks - tables.len()) {
                let two = base.double_vartime(&k);
                let three = two.add_vartime(&base, &k);
                let four = two.double_vartime(&k);
                tables.push([base, two, three, four]);
                base = four.double_vartime(&k).double_vartime(&k);
            }
            segment += 1;
        }
        Ok(PedersenHash { input_bits, segment_chunks, coefficients: k, tables })
    }

    /// `c`: chunks per segment, the largest with `4(16^c − 1)/15 < (q−1)/2`
    /// (see the module documentation).
    pub fn segment_chunks() -> usize {
        (C::subgroup_order_bits() - 1) / 4
    }

    /// `L`.
    pub fn input_bits(&self) -> usize {
        self.input_bits
    }

    /// The curve's coefficients.
    pub fn coefficients(&self) -> &Coefficients<C::F> {
        &self.coefficients
    }

    /// The chunk tables, in chunk order.
    pub fn tables(&self) -> &[ChunkTable<C::F>] {
        &self.tables
    }

    /// Chunks per segment for these parameters.
    pub fn chunks_per_segment(&self) -> usize {
        self.segment_chunks
    }

    /// `H_D(m)` of a public message, variable time.
    pub fn hash_vartime(&self, message: &[bool]) -> Result<AffinePoint<C::F>, ProofError> {
        self.check_len(message.len())?;
        let k = &self.coefficients;
        let mut total = AffinePoint::identity();
        for (segment, tables) in self.tables.chunks(self.segment_chunks).enumerate() {
            let mut acc = AffinePoint::identity();
            for (j, table) in tables.iter().enumerate() {
                let bit = |o: usize| message.get(3 * (segment * self.segment_chunks + j) + o).copied().unwrap_or(false);
                let index = usize::from(bit(0)) + 2 * usize::from(bit(1));
                let mut p = table.get(index).copied().unwrap_or_else(AffinePoint::identity);
                if bit(2) {
                    p = p.neg();
                }
                acc = acc.add_vartime(&p, k);
            }
            total = total.add_vartime(&acc, k);
        }
        Ok(total)
    }

    /// `H_D(m)` for many public messages of this length, in lock step with
    /// one batched inversion per chunk position (tree building). Variable
    /// time. The additions inside a segment — all of the work — run in
    /// Montgomery form (fiat-crypto, `group::fast`): the loop is nothing but
    /// field arithmetic on public values, which the groups' own scalar types
    /// would repack after every operation.
    pub fn hash_many_vartime(&self, messages: &[Vec<bool>]) -> Result<Vec<AffinePoint<C::F>>, ProofError> {
        for m in messages {
            self.check_len(m.len())?;
        }
        let k = &self.coefficients;
        let (a, b) = (k.a.to_fast(), k.b.to_fast());
        let zero = C::F::zero().to_fast();
        let count = messages.len();
        let mut totals = vec![AffinePoint::<C::F>::identity(); count];
        let mut accs = vec![(zero, zero); count];
        let mut addends = vec![(zero, zero); count];
        let mut denominators = vec![zero; count];
        for (segment, tables) in self.tables.chunks(self.segment_chunks).enumerate() {
            for (j, table) in tables.iter().enumerate() {
                let chunk = segment * self.segment_chunks + j;
                let entries = table.map(|p| (p.x.to_fast(), p.y.to_fast()));
                for (m, addend) in messages.iter().zip(addends.iter_mut()) {
                    let bit = |o: usize| m.get(3 * chunk + o).copied().unwrap_or(false);
                    let index = usize::from(bit(0)) + 2 * usize::from(bit(1));
                    let (x, y) = entries.get(index).copied().unwrap_or((zero, zero));
                    *addend = (x, if bit(2) { -y } else { y });
                }
                if j == 0 {
                    accs.copy_from_slice(&addends);
                    continue;
                }
                // Distinct x within a segment (module documentation): one
                // batched inversion for every message's λ.
                for ((d, acc), addend) in denominators.iter_mut().zip(&accs).zip(&addends) {
                    *d = addend.0 - acc.0;
                }
                C::F::batch_invert_fast(&mut denominators);
                // x₃ = B·λ² − A − x₁ − x₂, y₃ = λ(x₁ − x₃) − y₁.
                for ((acc, addend), d) in accs.iter_mut().zip(&addends).zip(&denominators) {
                    let lambda = (addend.1 - acc.1) * *d;
                    let x3 = b * lambda * lambda - a - acc.0 - addend.0;
                    *acc = (x3, lambda * (acc.0 - x3) - acc.1);
                }
            }
            for (total, (x, y)) in totals.iter_mut().zip(&accs) {
                *total = total.add_vartime(&AffinePoint::new(C::F::from_fast(x), C::F::from_fast(y)), k);
            }
        }
        Ok(totals)
    }

    /// `H_D(m)` of a secret message given as field elements 0/1, in
    /// constant time (table entries are selected by scanning, additions
    /// use the incomplete law with a constant-time inversion; the module
    /// documentation shows no exceptional case is reachable).
    pub fn hash_ct(&self, message: &[C::F]) -> Result<AffinePoint<C::F>, ProofError> {
        self.check_len(message.len())?;
        let k = &self.coefficients;
        let mut total: Option<AffinePoint<C::F>> = None;
        for (segment, tables) in self.tables.chunks(self.segment_chunks).enumerate() {
            let mut acc: Option<AffinePoint<C::F>> = None;
            for (j, table) in tables.iter().enumerate() {
                let chunk = segment * self.segment_chunks + j;
                let bit = |o: usize| message.get(3 * chunk + o).copied().unwrap_or_else(C::F::zero);
                let p = lookup_ct(table, [bit(0), bit(1), bit(2)]);
                acc = Some(match acc {
                    None => p,
                    Some(a) => a.add_incomplete_ct(&p, k),
                });
            }
            if let Some(a) = acc {
                total = Some(match total {
                    None => a,
                    Some(t) => t.add_incomplete_ct(&a, k),
                });
            }
        }
        total.ok_or(ProofError::Gadget { message: "empty Pedersen hash".into() })
    }

    fn check_len(&self, len: usize) -> Result<(), ProofError> {
        if len != self.input_bits {
            return Err(ProofError::Gadget {
                message: format!("Pedersen hash parameters are for {}-bit inputs, got {len} bits", self.input_bits),
            });
        }
        Ok(())
    }
}

/// The signed table entry of one chunk `(s₀, s₁, s₂)` (0/1 field
/// elements): `(1 − 2s₂)·(1 + s₀ + 2s₁)·P`, by a constant-time scan.
pub fn lookup_ct<F: ScalarOps>(table: &ChunkTable<F>, bits: [F; 3]) -> AffinePoint<F> {
    let [s0, s1, s2] = bits;
    let c0 = bit_choice(&s0);
    let c1 = bit_choice(&s1);
    let mut out = table[0];
    // −y is selected from the negated public entries: negating the selected
    // (secret) y would go through k256's `Neg`, which compiles to a branch
    // on zero (found by `scripts/ctgrind`).
    let mut neg_y = -table[0].y;
    for (i, entry) in table.iter().enumerate().skip(1) {
        let hit = match i {
            1 => c0 & !c1,
            2 => !c0 & c1,
            _ => c0 & c1,
        };
        out = AffinePoint::select(&out, entry, hit);
        neg_y = F::conditional_select(&neg_y, &-entry.y, hit);
    }
    out.y = F::conditional_select(&out.y, &neg_y, bit_choice(&s2));
    out
}
