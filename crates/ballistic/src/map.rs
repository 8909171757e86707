//! The map of the `.arith` parser (file wire number → dense index) and of
//! the R1CS matrices (coefficient → table position). Both are filled from
//! untrusted input (circuit files), so a map must not degrade on chosen
//! keys. With `std`: `std::collections::HashMap` (SipHash with per-process
//! random keys, as before). Without `std` there is no source of random
//! keys, and an unkeyed hash (hashbrown's default without `std`) could be
//! flooded with colliding keys; `alloc`'s `BTreeMap` is `O(log n)` whatever
//! the keys and needs no new dependency, so it is used instead (slower by a
//! constant factor on large circuits; results are identical).

#[cfg(not(feature = "std"))]
pub(crate) use alloc::collections::{btree_map::Entry, BTreeMap as Map};
#[cfg(feature = "std")]
pub(crate) use std::collections::{hash_map::Entry, HashMap as Map};
