//! A value computed once, on first use, then shared: `std::sync::OnceLock`
//! with the `std` feature; without it once_cell's `race::OnceBox`
//! (`core` + `alloc`, atomics only). Both hand every caller the same value;
//! `OnceBox` may run the initializer more than once when threads race
//! (one result is kept, the others dropped), which only costs time: every
//! initializer here is a pure function of public data.

#[cfg(not(feature = "std"))]
use alloc::boxed::Box;

/// See the module documentation.
pub(crate) struct Lazy<T> {
    #[cfg(feature = "std")]
    cell: std::sync::OnceLock<T>,
    #[cfg(not(feature = "std"))]
    cell: once_cell::race::OnceBox<T>,
}

impl<T> Lazy<T> {
    /// Not yet computed.
    pub(crate) const fn new() -> Self {
        Lazy {
            #[cfg(feature = "std")]
            cell: std::sync::OnceLock::new(),
            #[cfg(not(feature = "std"))]
            cell: once_cell::race::OnceBox::new(),
        }
    }

    /// The value, if computed.
    pub(crate) fn get(&self) -> Option<&T> {
        self.cell.get()
    }

    /// The value, computed by `init` on the first call.
    pub(crate) fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        #[cfg(feature = "std")]
        return self.cell.get_or_init(init);
        #[cfg(not(feature = "std"))]
        return self.cell.get_or_init(|| Box::new(init()));
    }
}
