//! Generators: Pedersen bases `B`, `B̃` and the vector bases `G_k`, `H_k`.
//!
//! Every generator is derived from a public label by hashing, so nobody
//! knows a discrete-log relation between any two of them (the binding of
//! every commitment in the protocols rests on this).
//!
//! * `B` is the group's conventional base point.
//! * `B̃ = hash_to_point(SHA3-512(compress(B)))`.
//! * Party `j`'s chains: SHAKE256 absorbs `"GeneratorsChain"` then the
//!   5-byte label `'G' ‖ LE32(j)` (resp. `'H' ‖ LE32(j)`); each successive
//!   64 bytes of output is mapped to a point by `hash_to_point`.
//!
//! On Ristretto255 (`hash_to_point` = the RFC 9496 one-way map) this is
//! exactly the derivation of `bulletproofs` 5's `PedersenGens::default()`
//! and `BulletproofGens::new`, which is what makes proofs interchangeable.
//!
//! # Layout of a statement's vector generators
//!
//! A statement of `m` chunks of `n` entries, padded to a length `N ≥ n·m`,
//! uses for entry `k < N` the generators of party `⌊k/n⌋` at position
//! `k mod n`. For `N = n·m` this is `bulletproofs`' layout (party `j`'s first
//! `n` generators for value `j`); padding entries continue into further
//! parties' chains, so they are distinct from every other generator.

use digest::{ExtendableOutput, Update, XofReader};
use sha3::{Digest, Sha3_512, Shake256};

use crate::errors::ProofError;
use crate::group::Group;

/// The two bases of Pedersen commitments `v·B + γ·B̃`.
#[derive(Copy, Clone, Debug)]
pub struct PedersenGens<G: Group> {
    /// Base for the committed value.
    pub b: G::Point,
    /// Base for the blinding factor.
    pub b_blinding: G::Point,
}

impl<G: Group> Default for PedersenGens<G> {
    fn default() -> Self {
        let b = G::basepoint();
        let digest = Sha3_512::digest(G::compressed_bytes(&G::compress(&b)));
        let mut uniform = [0u8; 64];
        uniform.copy_from_slice(&digest);
        PedersenGens { b, b_blinding: G::hash_to_point(&uniform) }
    }
}

impl<G: Group> PedersenGens<G> {
    /// The commitment `value·B + blinding·B̃`, in constant time.
    pub fn commit(&self, value: &G::Scalar, blinding: &G::Scalar) -> G::Point {
        G::msm_ct(&[*value, *blinding], &[self.b, self.b_blinding])
    }
}

/// An unbounded chain of generators determined by a label.
struct GeneratorsChain<G: Group> {
    reader: <Shake256 as ExtendableOutput>::Reader,
    _group: core::marker::PhantomData<G>,
}

impl<G: Group> GeneratorsChain<G> {
    fn new(label: &[u8]) -> Self {
        let mut shake = Shake256::default();
        shake.update(b"GeneratorsChain");
        shake.update(label);
        GeneratorsChain { reader: shake.finalize_xof(), _group: core::marker::PhantomData }
    }

    fn take(mut self, count: usize) -> Vec<G::Point> {
        let mut out = Vec::with_capacity(count);
        let mut uniform = [0u8; 64];
        for _ in 0..count {
            self.reader.read(&mut uniform);
            out.push(G::hash_to_point(&uniform));
        }
        out
    }
}

fn chain_label(kind: u8, party: usize) -> [u8; 5] {
    let mut label = [kind, 0, 0, 0, 0];
    // Party counts are bounded far below 2^32 by the range checks of every
    // protocol; truncation cannot occur for generators that are ever built.
    label[1..5].copy_from_slice(&(party as u32).to_le_bytes());
    label
}

/// Vector generators `G`, `H` for `party_capacity` chains of
/// `gens_capacity` generators each.
#[derive(Clone, Debug)]
pub struct BulletproofGens<G: Group> {
    gens_capacity: usize,
    party_capacity: usize,
    g_vec: Vec<Vec<G::Point>>,
    h_vec: Vec<Vec<G::Point>>,
}

impl<G: Group> BulletproofGens<G> {
    /// Derive `party_capacity` chains of `gens_capacity` generators.
    pub fn new(gens_capacity: usize, party_capacity: usize) -> Self {
        let g_vec =
            (0..party_capacity).map(|j| GeneratorsChain::<G>::new(&chain_label(b'G', j)).take(gens_capacity)).collect();
        let h_vec =
            (0..party_capacity).map(|j| GeneratorsChain::<G>::new(&chain_label(b'H', j)).take(gens_capacity)).collect();
        BulletproofGens { gens_capacity, party_capacity, g_vec, h_vec }
    }

    /// Generators per chain.
    pub fn gens_capacity(&self) -> usize {
        self.gens_capacity
    }

    /// Number of chains (parties).
    pub fn party_capacity(&self) -> usize {
        self.party_capacity
    }

    /// Chain `j`'s `G` generators, for every `j`.
    pub fn g_chains(&self) -> &[Vec<G::Point>] {
        &self.g_vec
    }

    /// Chain `j`'s `H` generators, for every `j`.
    pub fn h_chains(&self) -> &[Vec<G::Point>] {
        &self.h_vec
    }

    /// Check that a layout with chunk size `n` and total length `len` fits.
    pub fn check_layout(&self, n: usize, len: usize) -> Result<(), ProofError> {
        let parties_needed = if n == 0 { 0 } else { len.div_ceil(n) };
        let per_party_needed = n.min(len);
        if parties_needed > self.party_capacity || per_party_needed > self.gens_capacity {
            return Err(ProofError::InsufficientGenerators { parties_needed, per_party_needed });
        }
        Ok(())
    }

    /// The `G` generators of a layout: entry `k < len` is party `⌊k/n⌋`'s
    /// generator at `k mod n`. Call [`check_layout`](Self::check_layout) first;
    /// entries beyond the capacity are simply not produced.
    pub fn g_layout(&self, n: usize, len: usize) -> impl Iterator<Item = &G::Point> + Clone {
        layout(&self.g_vec, n, len)
    }

    /// The `H` generators of a layout (see [`g_layout`](Self::g_layout)).
    pub fn h_layout(&self, n: usize, len: usize) -> impl Iterator<Item = &G::Point> + Clone {
        layout(&self.h_vec, n, len)
    }
}

fn layout<P>(chains: &[Vec<P>], n: usize, len: usize) -> impl Iterator<Item = &P> + Clone {
    let n = n.max(1);
    chains.iter().flat_map(move |chain| chain.iter().take(n)).take(len)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::group::Ristretto255;

    #[test]
    fn layout_matches_chunks() {
        let gens = BulletproofGens::<Ristretto255>::new(8, 4);
        let got: Vec<_> = gens.g_layout(3, 10).copied().collect();
        assert_eq!(got.len(), 10);
        for (k, p) in got.iter().enumerate() {
            assert_eq!(*p, gens.g_vec[k / 3][k % 3]);
        }
        assert!(gens.check_layout(3, 10).is_ok());
        assert!(gens.check_layout(3, 13).is_err());
        assert!(gens.check_layout(9, 9).is_err());
    }
}
