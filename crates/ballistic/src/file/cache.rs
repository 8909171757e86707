//! Generators for a long-lived process, grown on demand.

use std::sync::RwLock;

use super::GeneratorStore;
use crate::generators::{BulletproofGens, Generators, PedersenGens};
use crate::group::Group;

/// Generators for a long-lived process (the bindings, a verifier service):
/// derived once and grown on demand to powers of two, at most 64
/// generators per chain and 128 chains (every range proof shape's padded
/// layout). The [`Generators`] it returns are cheap clones that stay valid
/// after the cache grows.
///
/// One chain pair of more than 64 generators (a circuit's) comes from the
/// cache's [`GeneratorStore`] (on disk, checked against pinned digests;
/// [`with_store`](Self::with_store)) and is kept: the largest such set
/// serves every smaller request.
#[derive(Debug)]
pub struct GeneratorCache<G: Group> {
    pedersen: PedersenGens<G>,
    gens: RwLock<Option<Generators<G>>>,
    store: GeneratorStore,
    circuit: RwLock<Option<Generators<G>>>,
}

impl<G: Group> Default for GeneratorCache<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Group> GeneratorCache<G> {
    /// Most generators per chain the cache grows to.
    pub const MAX_PER_CHAIN: usize = 64;
    /// Most chains the cache grows to.
    pub const MAX_CHAINS: usize = 128;

    /// An empty cache (nothing derived until first used), in memory only.
    pub fn new() -> Self {
        Self::with_store(GeneratorStore::disabled())
    }

    /// An empty cache whose circuit generators (one chain pair of more
    /// than [`MAX_PER_CHAIN`](Self::MAX_PER_CHAIN)) come from `store`.
    pub fn with_store(store: GeneratorStore) -> Self {
        GeneratorCache { pedersen: PedersenGens::default(), gens: RwLock::new(None), store, circuit: RwLock::new(None) }
    }

    /// The store behind the cache.
    pub fn store(&self) -> &GeneratorStore {
        &self.store
    }

    /// The Pedersen bases.
    pub fn pedersen(&self) -> &PedersenGens<G> {
        &self.pedersen
    }

    /// The capacity `(chains, per_chain)` the cache grows to from `have`
    /// (the generators it holds, if any) for a request: in each dimension
    /// a power of two, at least what it had, at most the bounds. Front-ends
    /// that keep generators of their own (the bindings hold `'static` ones
    /// that MPC parties borrow) grow them by this same rule.
    pub fn grown_capacity(have: Option<&BulletproofGens<G>>, chains: usize, per_chain: usize) -> (usize, usize) {
        let (old_chains, old_per) = have.map_or((1, 1), |g| (g.party_capacity(), g.gens_capacity()));
        (
            chains.clamp(1, Self::MAX_CHAINS).next_power_of_two().max(old_chains),
            per_chain.clamp(1, Self::MAX_PER_CHAIN).next_power_of_two().max(old_per),
        )
    }

    /// Generators with at least `chains` chains of `per_chain` (growing the
    /// cache if needed; a request beyond the cache's bounds is derived for
    /// that call alone).
    pub fn get(&self, chains: usize, per_chain: usize) -> Generators<G> {
        let covers =
            |g: &Generators<G>| g.vector().party_capacity() >= chains && g.vector().gens_capacity() >= per_chain;
        if let Ok(guard) = self.gens.read() {
            if let Some(g) = guard.as_ref().filter(|g| covers(g)) {
                return g.clone();
            }
        }
        if chains <= 1 && per_chain > Self::MAX_PER_CHAIN {
            return self.circuit(per_chain);
        }
        if chains > Self::MAX_CHAINS || per_chain > Self::MAX_PER_CHAIN {
            return Generators::from_parts(self.pedersen, BulletproofGens::new(per_chain.max(1), chains.max(1)));
        }
        let mut guard = match self.gens.write() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(g) = guard.as_ref().filter(|g| covers(g)) {
            return g.clone();
        }
        let (new_chains, new_per) = Self::grown_capacity(guard.as_ref().map(Generators::vector), chains, per_chain);
        let grown = Generators::from_parts(self.pedersen, BulletproofGens::new(new_per, new_chains));
        *guard = Some(grown.clone());
        grown
    }

    /// One chain pair of at least `per_chain` generators: the largest
    /// set loaded so far if it covers the request, else from the store.
    fn circuit(&self, per_chain: usize) -> Generators<G> {
        if let Ok(guard) = self.circuit.read() {
            if let Some(g) = guard.as_ref().filter(|g| g.vector().gens_capacity() >= per_chain) {
                return g.clone();
            }
        }
        let gens = self.store.generators::<G>(per_chain, 1);
        let mut guard = match self.circuit.write() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        if guard.as_ref().is_none_or(|g| g.vector().gens_capacity() < gens.vector().gens_capacity()) {
            *guard = Some(gens.clone());
        }
        gens
    }
}
