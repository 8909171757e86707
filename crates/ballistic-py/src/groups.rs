//! The groups, chosen at run time: the one place that lists them.
//!
//! Every operation is written once, as a function generic over
//! `G: PyGroup`. A Python object holds a value of a type generic over the
//! group for one of them ([`Any`] of a [`Family`]); [`with_group!`] runs code
//! for the group a name picks, [`on_group!`] for the group an `Any` holds,
//! and [`PyGroup::wrap`] / [`PyGroup::pick`] move between the two in
//! generic code.
//!
//! Each group also keeps the process's generators ([`PyGroup::gens_for`]).

use std::sync::OnceLock;

use ::ballistic::batch::{self, BatchError, Claim};
use ::ballistic::file::{GeneratorCache, GeneratorStore};
use ::ballistic::group::{Group, ScalarOps};
use ::ballistic::{Ed25519, Generators, Interval, ProofError, RangeSystem, Ristretto255, Secp256k1, Secq256k1};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyLong};

use crate::error::{Doing, Error, Result};

/// `with_group!(id, |G| body)`: `body` with the type `G` the group that
/// the [`GroupName`] (the library's `GroupId`) names — the library's own
/// dispatch, `ballistic::with_group!`.
macro_rules! with_group {
    ($group:expr, |$G:ident| $body:expr) => {
        ::ballistic::with_group!($group, $G => $body)
    };
}
pub(crate) use with_group;

/// `on_group!(any, |x, G| body)`: `body` with `x` the value an [`Any`]
/// holds (matched by reference if `any` is one) and `G` its group.
macro_rules! on_group {
    ($any:expr, |$x:pat_param, $G:ident| $body:expr) => {
        match $any {
            $crate::groups::Any::Ristretto255($x) => {
                #[allow(dead_code)]
                type $G = ::ballistic::Ristretto255;
                $body
            }
            $crate::groups::Any::Secp256k1($x) => {
                #[allow(dead_code)]
                type $G = ::ballistic::Secp256k1;
                $body
            }
            $crate::groups::Any::Ed25519($x) => {
                #[allow(dead_code)]
                type $G = ::ballistic::Ed25519;
                $body
            }
            $crate::groups::Any::Secq256k1($x) => {
                #[allow(dead_code)]
                type $G = ::ballistic::Secq256k1;
                $body
            }
        }
    };
}
pub(crate) use on_group;

/// A group, by the name Python uses: the library's registry.
pub(crate) use ::ballistic::group::GroupId as GroupName;

/// The group called `name`; `InvalidInput` for any other string.
pub(crate) fn group_named(name: &str) -> Result<GroupName> {
    GroupName::from_name(name).ok_or_else(|| {
        let expected = GroupName::ALL.map(|g| format!("{:?}", g.name())).join(" or ");
        Error::InvalidInput(format!("unsupported group {name:?} (expected {expected})"))
    })
}

/// A type generic over the group, named as a whole (`Of<G>` for each `G`),
/// so that [`Any`] can hold it for whichever group.
pub(crate) trait Family {
    type Of<G: PyGroup>;
}

/// A value of `F::Of<G>` for one group `G`, chosen at run time.
pub(crate) enum Any<F: Family> {
    Ristretto255(F::Of<Ristretto255>),
    Secp256k1(F::Of<Secp256k1>),
    Ed25519(F::Of<Ed25519>),
    Secq256k1(F::Of<Secq256k1>),
}

impl<F: Family> Any<F> {
    /// The group of the value held.
    pub(crate) fn group(&self) -> GroupName {
        on_group!(self, |_, G| G::WHICH)
    }
}

/// A group the module offers: its place in [`Any`], and the process's
/// generators for it.
///
/// The generators are the process's [`GeneratorCache`] for the group:
/// grown on demand to the next power of two in each dimension (at most 64
/// per chain × 128 chains, what the largest padded range shape uses), so a
/// process derives each point once and pays only for the shapes it uses.
/// The [`Generators`] handed out are cheap clones (MPC parties and dealers
/// own theirs); a superseded set is freed when its last holder drops it.
/// A circuit's generators (one chain pair, more than 64) come from the
/// generator store the environment names ([`GeneratorStore::from_env`]:
/// on disk, used only if they match the digests pinned in the library)
/// and the largest set so far is kept.
pub(crate) trait PyGroup: Group + ::ballistic::hazmat::WithEmbeddedCurve {
    /// This group's name.
    const WHICH: GroupName;

    /// `value` held for this group.
    fn wrap<F: Family>(value: F::Of<Self>) -> Any<F>;

    /// The value `any` holds, if it holds one for this group.
    fn pick<F: Family>(any: &Any<F>) -> Option<&F::Of<Self>>;

    /// The process's generator cache for this group.
    fn cache() -> &'static GeneratorCache<Self>;

    /// Generators with at least `per_chain` generators in each of `chains` chains.
    fn gens_for(per_chain: usize, chains: usize) -> Generators<Self> {
        Self::cache().get(chains, per_chain)
    }

    /// Generators for a range proof of `values` values of `bits` bits (any
    /// small set if the shape is invalid: the prover then reports the shape).
    /// Sized for every system, so one set serves them all.
    fn range_gens(bits: usize, values: usize) -> Generators<Self> {
        let (mut chains, mut per_chain) = (1, 1);
        for system in RangeSystem::ALL {
            if let Ok((c, p)) = system.generators_needed(bits, values) {
                chains = chains.max(c);
                per_chain = per_chain.max(p);
            }
        }
        Self::gens_for(per_chain, chains)
    }

    /// Generators for an interval proof (any system).
    fn interval_gens(interval: Interval) -> Generators<Self> {
        let shape = interval.shape();
        Self::range_gens(shape.n, shape.m)
    }
}

/// The generator store the environment names, read once (at module
/// import, holding the GIL: never while another thread may change the
/// environment).
pub(crate) fn store() -> &'static GeneratorStore {
    static STORE: OnceLock<GeneratorStore> = OnceLock::new();
    STORE.get_or_init(GeneratorStore::from_env)
}

macro_rules! py_group {
    ($G:ident) => {
        impl PyGroup for $G {
            const WHICH: GroupName = GroupName::$G;

            fn wrap<F: Family>(value: F::Of<Self>) -> Any<F> {
                Any::$G(value)
            }

            fn pick<F: Family>(any: &Any<F>) -> Option<&F::Of<Self>> {
                match any {
                    Any::$G(value) => Some(value),
                    _ => None,
                }
            }

            fn cache() -> &'static GeneratorCache<$G> {
                static CACHE: OnceLock<GeneratorCache<$G>> = OnceLock::new();
                CACHE.get_or_init(|| GeneratorCache::with_store(store().clone()))
            }
        }
    };
}
py_group!(Ristretto255);
py_group!(Secp256k1);
py_group!(Ed25519);
py_group!(Secq256k1);

/// Verify `claims` in one batch (the library's batch verification, also
/// for a single proof behind `dyn`) with the process's generators, asked
/// for only once every claim has replayed (a malformed proof never makes
/// the process derive generators). Call with the GIL released.
pub(crate) fn verify_claims<G: PyGroup>(claims: &[&dyn Claim<G>]) -> std::result::Result<(), BatchError> {
    let generators = |chains, per_chain| G::gens_for(per_chain, chains);
    batch::verify_with_generators(generators, claims, &mut rand_core::OsRng)
}

/// A Python object holding a proof on one of the groups, as a batch claim.
pub(crate) trait HasClaim {
    /// The object's claim, if its proof is on group `G`.
    fn claim<G: PyGroup>(&self) -> Option<Box<dyn Claim<G> + '_>>;
}

/// The indices of the invalid proofs among `objects`, one batch per group
/// (a group's batch names its own invalid members). Call with the GIL
/// released.
pub(crate) fn invalid_indices<T: HasClaim>(objects: &[&T]) -> Vec<usize> {
    fn batch<G: PyGroup, T: HasClaim>(objects: &[&T]) -> Vec<usize> {
        let (indices, claims): (Vec<usize>, Vec<Box<dyn Claim<G> + '_>>) =
            objects.iter().enumerate().filter_map(|(i, o)| o.claim::<G>().map(|c| (i, c))).unzip();
        if claims.is_empty() {
            return Vec::new();
        }
        let refs: Vec<&dyn Claim<G>> = claims.iter().map(|c| c.as_ref()).collect();
        match verify_claims(&refs) {
            Ok(()) => Vec::new(),
            Err(e) => e.indices().into_iter().filter_map(|k| indices.get(k).copied()).collect(),
        }
    }
    let mut bad: Vec<usize> =
        GroupName::ALL.into_iter().flat_map(|g| with_group!(g, |G| batch::<G, T>(objects))).collect();
    bad.sort_unstable();
    bad
}

/// One proof, verified as a batch of one: `Err` carries the library's
/// reason. Call with the GIL released.
pub(crate) fn verify_one<G: PyGroup>(claim: &dyn Claim<G>) -> Result<()> {
    verify_claims(&[claim]).map_err(|e| {
        let reason = e.invalid.into_iter().next().map_or(ProofError::VerificationFailed, |(_, r)| r);
        Error::Proof(Doing::Verifying, reason)
    })
}

// ---------------------------------------------------------------- bytes

/// `parse` of every item of `list`, item `i` named `"{what} #{i}"`.
pub(crate) fn each<B: AsRef<[u8]>, T>(
    what: &str,
    list: &[B],
    parse: impl Fn(&str, &[u8]) -> Result<T>,
) -> Result<Vec<T>> {
    list.iter().enumerate().map(|(i, b)| parse(&format!("{what} #{i}"), b.as_ref())).collect()
}

/// A blinding or other scalar given as 32 bytes (canonical, little-endian).
pub(crate) fn scalar<G: Group>(what: &str, bytes: &[u8]) -> Result<G::Scalar> {
    let arr: [u8; 32] =
        bytes.try_into().map_err(|_| Error::InvalidInput(format!("{what}: must be 32 bytes, got {}", bytes.len())))?;
    G::Scalar::from_canonical_bytes(&arr)
        .ok_or_else(|| Error::InvalidInput(format!("{what}: not a canonical scalar (must be below the group order)")))
}

/// A prover's blinding: a canonical scalar that is not zero (a zero
/// blinding makes the commitment `v·B`, which reveals a small value by
/// trial). Only the verdict depends on the secret.
pub(crate) fn blinding<G: Group>(what: &str, bytes: &[u8]) -> Result<G::Scalar> {
    let s = scalar::<G>(what, bytes)?;
    if s.is_zero() {
        return Err(Error::InvalidInput(format!("{what}: zero (a zero blinding reveals the value by trial)")));
    }
    Ok(s)
}

/// The blinding given (not zero), or a uniformly random one.
pub(crate) fn blinding_or_random<G: Group>(what: &str, bytes: Option<&[u8]>) -> Result<G::Scalar> {
    match bytes {
        Some(b) => blinding::<G>(what, b),
        None => Ok(<G::Scalar as ScalarOps>::random(&mut rand_core::OsRng)),
    }
}

/// The scalar given, or a uniformly random one.
pub(crate) fn scalar_or_random<G: Group>(what: &str, bytes: Option<&[u8]>) -> Result<G::Scalar> {
    match bytes {
        Some(b) => scalar::<G>(what, b),
        None => Ok(<G::Scalar as ScalarOps>::random(&mut rand_core::OsRng)),
    }
}

/// A compressed point given as bytes (its length checked; a statement
/// checks that it is a point).
pub(crate) fn compressed<G: Group>(what: &str, bytes: &[u8]) -> Result<G::Compressed> {
    Some(bytes)
        .filter(|b| b.len() == G::POINT_LEN)
        .and_then(G::compressed_from_slice)
        .ok_or_else(|| Error::Decode(format!("{what}: not a valid {} point encoding", G::NAME)))
}

/// The Pedersen commitment `value·B + blinding·B̃`.
pub(crate) fn commit<G: PyGroup>(value: u64, blinding: &G::Scalar) -> G::Compressed {
    G::compress(&G::cache().pedersen().commit(&G::Scalar::from_u64(value), blinding))
}

pub(crate) fn point_bytes<G: Group>(c: &G::Compressed) -> Vec<u8> {
    G::compressed_bytes(c).to_vec()
}

pub(crate) fn bytes_list(py: Python<'_>, items: impl IntoIterator<Item = Vec<u8>>) -> Vec<Py<PyBytes>> {
    items.into_iter().map(|b| PyBytes::new_bound(py, &b).unbind()).collect()
}

/// A scalar as a Python `int`.
pub(crate) fn scalar_to_int<S: ScalarOps>(py: Python<'_>, s: &S) -> PyResult<PyObject> {
    let bytes = PyBytes::new_bound(py, &s.to_bytes());
    Ok(py.get_type_bound::<PyLong>().call_method1("from_bytes", (bytes, "little"))?.unbind())
}
