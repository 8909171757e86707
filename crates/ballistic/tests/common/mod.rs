//! Shared by the integration tests.

/// Instantiate generic test functions once per supported group: each
/// `f::<G>()` becomes `#[test] GROUP::f`. Adding a group is one line here.
#[macro_export]
macro_rules! for_each_group {
    ($($test:ident),* $(,)?) => {
        mod ristretto255 {
            $( #[test] fn $test() { super::$test::<ballistic::Ristretto255>(); } )*
        }
    };
}
