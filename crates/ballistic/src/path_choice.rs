//! Which way a verifier's multiscalar multiplication goes, decided per
//! shape on the machine that runs it.
//!
//! [`Equation::sum`](crate::Equation::sum) computes `Σ sᵢ·Pᵢ` either
//! through the generators' precomputed tables (precomputed Straus over the
//! table's points, the proof's own points apart) or as one plain
//! variable-time sum (Straus, Pippenger). Both give the same point; only
//! the time differs, and where the tables pay depends on the caches they
//! meet more than on the arithmetic backend. The ratio tables ÷ plain at
//! 258 static points against 17–34 dynamic ones
//! (`cargo run --release -p ballistic --example table_sweep`), on two
//! 2-core AMD EPYC machines of the kind this project runs on (the second
//! column's machine also has AVX-512 IFMA; its AVX2 row is a build
//! without the IFMA backend, `RUSTFLAGS=""`):
//!
//! | backend | 512 KiB L2 per core | 1 MiB L2 per core |
//! |---|---|---|
//! | Ristretto255, curve25519-dalek AVX2 | 1.46–1.47 | 0.69–0.73 (514 points: 0.78–0.81) |
//! | Ristretto255, curve25519-dalek IFMA | — | 0.86–0.93 (514 points: 1.02–1.05) |
//! | secp256k1 (ours) | 1.08–1.15 | 0.79–0.84 (514 points: 0.95–0.99) |
//!
//! A third machine, with AVX2 and no AVX-512 (Zen 3, 512 KiB of L2 per
//! core, 2026-12-01), read 0.85–1.15 on Ristretto255 (514 points:
//! 1.30–1.39) and 0.89–0.94 on secp256k1 (514 points: 1.28–1.32).
//! What runs between two sums matters as much: a whole Bulletproofs
//! verification at m = 1 (128 table points) on the IFMA machine took
//! 0.77 × the plain path's time through the tables when verifications ran
//! back to back, and 1.68 × when a 64 MiB pass over other memory ran
//! between them (the 1.3 MB of tables come back from memory entry by
//! entry). No rule fixed per backend ([`Group::precomputed_is_faster`](crate::group::Group::precomputed_is_faster)) is
//! right on every machine and workload.
//!
//! **The choice.** Where the process has a clock (`std`, not
//! `wasm32-unknown-unknown` or `wasm64-unknown-unknown`), a generator set
//! ([`BulletproofGens`](crate::BulletproofGens), shared by its clones;
//! [`with_precomputation`](crate::BulletproofGens::with_precomputation)
//! starts afresh) times its own sums. For each shape (table points,
//! other points, generator terms) where the group says the answer depends
//! on the machine ([`Group::precomputed_is_uncertain`](crate::group::Group::precomputed_is_uncertain)) and the plain sum
//! would run on one thread (with the `rayon` feature a large plain sum is
//! split across threads, and wall-clock time would compare two threads
//! against one), the shape's sums go through `ROUNDS` rounds: in each, two
//! sums through the tables and two plain (a shape's first trial starts
//! with the static rule's path, a later one with the path it kept), the
//! second of each pair timed, so that, when the generator set's sums run
//! one at a time, every timed sum follows one of its own path as it would
//! once a path is kept (verifiers on several threads sharing one set
//! interleave their pairs, and the trial then measures that contention
//! too); the first `WARMUP` rounds are
//! not timed at all (the first sums through a table find it partly out of
//! cache: 0.44, 0.37, 0.34, 0.30, 0.28, 0.27, 0.26, 0.25 ms for the first
//! eight at m = 1, back to back). The other path is then kept if its
//! median time is at least `MARGIN_PERCENT` % below the median of the path
//! the trial started with (else that one: near-ties, and clocks too coarse
//! to tell the two apart, change nothing), for `RECHECK` sums of the shape,
//! after which the rounds run again, so a verifier whose workload changes
//! (a node's initial sync, then its steady state) follows it. The median,
//! not the fastest time: the typical sum under the process's own
//! conditions is what counts.
//!
//! **Cost and bounds.** The rounds are real sums, so they cost at most
//! `2 · ROUNDS × (slow − fast)` per shape per `RECHECK` sums (under 1 % of
//! the slower path's time), plus the tables themselves: a trial builds them
//! where the static rule would not have (at most
//! [`Group::VARTIME_TABLE_MAX_POINTS`](crate::group::Group::VARTIME_TABLE_MAX_POINTS) points, 10 KiB each, once per
//! generator set). At most `MAX_SHAPES` shapes are tracked; a new one
//! replaces the least recently used shape still in its trial, or if every
//! shape has kept a path, the least recently used. Hostile peers sending
//! proofs of many shapes therefore cannot grow the state, nor evict a
//! shape that has settled while others are in trial; they can keep a shape
//! that is still in its trial from finishing, so it keeps alternating the
//! two paths (at worst the mean of the two). Without a clock the static
//! rule decides.
//!
//! **Why this is safe.** The two paths compute the same sum of public
//! terms (`equation::tests` checks it on Ristretto255, secp256k1 and
//! Ed25519), so the choice changes time, never acceptance; verifiers are
//! variable time already. Two provers also sum through
//! [`Equation`](crate::Equation): Grin's (the inner-product argument's `L`, `R` over
//! values its transcript already declassified) and Bulletproofs++'s (its
//! norm rounds' public vectors); what is timed there is public as well.

#[cfg(feature = "std")]
use alloc::vec::Vec;

/// Whether the target has a clock: `std::time::Instant::now` panics on
/// `wasm*-unknown-unknown`, where no sum is ever timed (the fixed rule
/// decides; nothing else here depends on it).
const HAS_CLOCK: bool = cfg!(not(all(target_family = "wasm", target_os = "unknown")));

/// Rounds per trial: each is two sums of each path.
#[cfg(feature = "std")]
pub(crate) const ROUNDS: u32 = 10;

/// Rounds not timed at the start of a trial (bringing tables and buffers
/// into cache).
#[cfg(feature = "std")]
pub(crate) const WARMUP: u32 = 2;

/// Sums of a shape on its kept path before its trial runs again.
#[cfg(feature = "std")]
pub(crate) const RECHECK: u32 = 8192;

/// How much faster (in % of its median) the path a trial did not start
/// with must be to be kept instead.
#[cfg(feature = "std")]
pub(crate) const MARGIN_PERCENT: u64 = 3;

/// Shapes tracked per generator set.
#[cfg(feature = "std")]
pub(crate) const MAX_SHAPES: usize = 64;

/// Sums of one trial (both paths).
#[cfg(feature = "std")]
const TRIAL_SUMS: u32 = 4 * ROUNDS;

/// Sums per trial that are timed, per path.
#[cfg(feature = "std")]
const TIMED_PER_PATH: usize = (ROUNDS - WARMUP) as usize;

/// One of the two ways to evaluate a verifier's sum.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// Precomputed Straus over the generators' table.
    Table,
    /// The plain variable-time multiscalar multiplication.
    Plain,
}

/// What [`PathChoice::choose`] decided for one sum.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The path to take.
    pub(crate) path: Path,
    /// Whether this sum is timed: [`PathChoice::record`] its time.
    pub(crate) timed: bool,
}

/// The key of a shape: table points, other points, generator terms.
pub(crate) type Key = (usize, usize, usize);

/// A clock for the trials, where the target has one (in this crate's
/// tests, a fake one when `fake::set` says so).
pub(crate) struct Timer {
    #[cfg(feature = "std")]
    start: Option<std::time::Instant>,
    #[cfg(all(test, feature = "std"))]
    path: Path,
}

impl Timer {
    /// Start timing if `choice` is a timed sum.
    pub(crate) fn start(choice: Choice) -> Timer {
        #[cfg(feature = "std")]
        {
            Timer {
                start: choice.timed.then(std::time::Instant::now),
                #[cfg(test)]
                path: choice.path,
            }
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = choice;
            Timer {}
        }
    }

    /// Nanoseconds since [`start`](Self::start), if timing.
    pub(crate) fn nanos(&self) -> Option<u64> {
        #[cfg(feature = "std")]
        {
            let nanos = self.start.map(|t| u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX));
            #[cfg(test)]
            if let Some((table, plain)) = fake::get() {
                return nanos.map(|_| if self.path == Path::Table { table } else { plain });
            }
            nanos
        }
        #[cfg(not(feature = "std"))]
        {
            None
        }
    }
}

/// Tests' view of the sums: a fake clock and the paths taken, per thread.
#[cfg(all(test, feature = "std"))]
pub(crate) mod fake {
    use super::Path;
    use core::cell::{Cell, RefCell};

    std::thread_local! {
        static FAKE: Cell<Option<(u64, u64)>> = const { Cell::new(None) };
        static TAKEN: RefCell<Vec<(Path, bool)>> = const { RefCell::new(Vec::new()) };
    }

    /// Timed sums take `table` or `plain` nanoseconds by their path
    /// (`None`: the real clock).
    pub(crate) fn set(times: Option<(u64, u64)>) {
        FAKE.with(|f| f.set(times));
    }

    pub(super) fn get() -> Option<(u64, u64)> {
        FAKE.with(Cell::get)
    }

    /// A sum took `path`, timed or not.
    pub(crate) fn note(path: Path, timed: bool) {
        TAKEN.with(|t| t.borrow_mut().push((path, timed)));
    }

    /// The sums noted since the last call.
    pub(crate) fn take() -> Vec<(Path, bool)> {
        TAKEN.with(|t| core::mem::take(&mut *t.borrow_mut()))
    }
}

/// State of one tracked shape.
#[cfg(feature = "std")]
#[derive(Clone, Debug)]
struct Shape {
    key: Key,
    /// The path the trial starts with (the static rule's, then the kept one).
    first: Path,
    /// Sums of the current trial handed out.
    step: u32,
    /// Times of the current trial's timed sums, per path (table, plain).
    times: [Vec<u64>; 2],
    /// The kept path and the sums taken on it since.
    kept: Option<(Path, u32)>,
    /// When the shape was last used (for replacing the least recent).
    last_use: u64,
}

#[cfg(feature = "std")]
impl Shape {
    fn new(key: Key, rule: Path, now: u64) -> Shape {
        Shape { key, first: rule, step: 0, times: [Vec::new(), Vec::new()], kept: None, last_use: now }
    }

    /// Start the trial again (the kept path first).
    fn restart(&mut self) {
        if let Some((path, _)) = self.kept {
            self.first = path;
        }
        self.step = 0;
        self.times = [Vec::new(), Vec::new()];
        self.kept = None;
    }

    fn times_mut(&mut self, path: Path) -> &mut Vec<u64> {
        let [table, plain] = &mut self.times;
        match path {
            Path::Table => table,
            Path::Plain => plain,
        }
    }

    /// The next sum of the trial: rounds of two sums of `first`, two of the
    /// other, the second of each pair timed after the warm-up rounds.
    fn next_trial_sum(&mut self) -> Option<Choice> {
        if self.step >= TRIAL_SUMS {
            return None;
        }
        let (step, other) = (self.step, other(self.first));
        self.step += 1;
        let path = if step % 4 < 2 { self.first } else { other };
        Some(Choice { path, timed: step % 2 == 1 && step >= 4 * WARMUP })
    }

    /// Keep the faster path once every timed sum is recorded: the other
    /// path only if it is `MARGIN_PERCENT` % faster than the first.
    fn settle(&mut self) {
        let [table, plain] = &self.times;
        if self.kept.is_none() && table.len() >= TIMED_PER_PATH && plain.len() >= TIMED_PER_PATH {
            let (first, second) = match self.first {
                Path::Table => (median(table), median(plain)),
                Path::Plain => (median(plain), median(table)),
            };
            let switch = u128::from(second) * 100 < u128::from(first) * u128::from(100 - MARGIN_PERCENT);
            let path = if switch { other(self.first) } else { self.first };
            self.kept = Some((path, 0));
        }
    }
}

#[cfg(feature = "std")]
fn other(path: Path) -> Path {
    match path {
        Path::Table => Path::Plain,
        Path::Plain => Path::Table,
    }
}

/// The lower median of `v`.
#[cfg(feature = "std")]
fn median(v: &[u64]) -> u64 {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied().unwrap_or(u64::MAX)
}

/// The per-shape choice of a generator set (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct PathChoice {
    #[cfg(feature = "std")]
    state: std::sync::Mutex<State>,
}

#[cfg(feature = "std")]
#[derive(Debug, Default)]
struct State {
    shapes: Vec<Shape>,
    /// Sums asked for (the clock of `Shape::last_use`).
    uses: u64,
}

impl PathChoice {
    /// A choice with nothing measured.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// The path for a sum of shape `key`: the static `rule` where the
    /// answer does not depend on the machine (`uncertain` false) or there
    /// is no clock; else the trial's next sum or the kept path.
    pub(crate) fn choose(&self, key: Key, rule: bool, uncertain: bool) -> Choice {
        let rule = if rule { Path::Table } else { Path::Plain };
        let fixed = Choice { path: rule, timed: false };
        if !uncertain || !HAS_CLOCK {
            return fixed;
        }
        #[cfg(feature = "std")]
        {
            // A poisoned lock only means another thread panicked while
            // holding it; the state is counters and times, still usable.
            let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            state.uses += 1;
            let now = state.uses;
            let shapes = &mut state.shapes;
            let i = match shapes.iter().position(|s| s.key == key) {
                Some(i) => i,
                None if shapes.len() < MAX_SHAPES => {
                    shapes.push(Shape::new(key, rule, now));
                    shapes.len() - 1
                }
                None => {
                    // Replace the least recently used shape still in its
                    // trial, else the least recently used.
                    let Some((i, _)) = shapes.iter().enumerate().min_by_key(|(_, s)| (s.kept.is_some(), s.last_use))
                    else {
                        return fixed;
                    };
                    if let Some(slot) = shapes.get_mut(i) {
                        *slot = Shape::new(key, rule, now);
                    }
                    i
                }
            };
            let Some(shape) = shapes.get_mut(i) else { return fixed };
            shape.last_use = now;
            if let Some((path, sums)) = shape.kept.as_mut() {
                *sums += 1;
                let path = *path;
                if *sums >= RECHECK {
                    shape.restart();
                }
                return Choice { path, timed: false };
            }
            if let Some(choice) = shape.next_trial_sum() {
                return choice;
            }
            // Every trial sum handed out, some times not yet recorded
            // (other threads, or a sum that never returned): the trial's
            // first path meanwhile, and after as many sums again a new
            // trial.
            shape.step = shape.step.saturating_add(1);
            if shape.step >= 2 * TRIAL_SUMS {
                shape.restart();
            }
            Choice { path: shape.first, timed: false }
        }
        #[cfg(not(feature = "std"))]
        {
            let _ = key;
            fixed
        }
    }

    /// Record that a timed sum of `path` on shape `key` took `nanos`.
    #[cfg(feature = "std")]
    pub(crate) fn record(&self, key: Key, path: Path, nanos: u64) {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(shape) = state.shapes.iter_mut().find(|s| s.key == key) {
            if shape.kept.is_none() {
                let times = shape.times_mut(path);
                if times.len() < TIMED_PER_PATH {
                    times.push(nanos);
                }
                shape.settle();
            }
        }
    }

    /// Record a timed sum (no clock: nothing is timed).
    #[cfg(not(feature = "std"))]
    pub(crate) fn record(&self, _key: Key, _path: Path, _nanos: u64) {}

    /// The path kept for shape `key`, if its trial is done.
    #[cfg(all(test, feature = "std"))]
    pub(crate) fn kept(&self, key: Key) -> Option<Path> {
        let state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        state.shapes.iter().find(|s| s.key == key).and_then(|s| s.kept.map(|(path, _)| path))
    }

    /// Whether shape `key` is tracked.
    #[cfg(all(test, feature = "std"))]
    pub(crate) fn is_tracked(&self, key: Key) -> bool {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner).shapes.iter().any(|s| s.key == key)
    }

    /// Number of shapes tracked.
    #[cfg(all(test, feature = "std"))]
    pub(crate) fn tracked(&self) -> usize {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner).shapes.len()
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// Drive `choice` for one shape with a fake clock: `table` and `plain`
    /// nanoseconds per sum. Returns the paths taken.
    fn drive(choice: &PathChoice, key: Key, rule: bool, table: u64, plain: u64, sums: usize) -> Vec<Choice> {
        (0..sums)
            .map(|_| {
                let c = choice.choose(key, rule, true);
                if c.timed {
                    choice.record(key, c.path, if c.path == Path::Table { table } else { plain });
                }
                c
            })
            .collect()
    }

    /// The trial: pairs of each path in turn (the rule's first), the second
    /// of each pair timed after the warm-up rounds; then the faster path.
    #[test]
    fn rounds_then_the_faster_path_stays() {
        for (rule, table, plain, winner) in [
            (false, 700, 1_000, Path::Table),
            (true, 1_400, 1_000, Path::Plain),
            (true, 500, 1_000, Path::Table),
            (false, 1_000, 900, Path::Plain),
            // A tie, or a gain under MARGIN_PERCENT, keeps the first path.
            (false, 1_000, 1_000, Path::Plain),
            (true, 1_000, 1_000, Path::Table),
            (false, 980, 1_000, Path::Plain),
            (true, 1_000, 980, Path::Table),
            (false, 960, 1_000, Path::Table),
        ] {
            let choice = PathChoice::new();
            let key = (256, 20, 256);
            let taken = drive(&choice, key, rule, table, plain, 100);
            let first = if rule { Path::Table } else { Path::Plain };
            let trial = TRIAL_SUMS as usize;
            for (i, c) in taken.iter().take(trial).enumerate() {
                let want = if i % 4 < 2 { first } else { other(first) };
                assert_eq!(c.path, want, "sum {i}");
                assert_eq!(c.timed, i % 2 == 1 && i >= 4 * WARMUP as usize, "sum {i}");
            }
            assert_eq!(taken.iter().filter(|c| c.timed).count(), 2 * TIMED_PER_PATH);
            assert!(taken[trial..].iter().all(|c| !c.timed && c.path == winner), "rule {rule}: {taken:?}");
            assert_eq!(choice.kept(key), Some(winner));
        }
    }

    /// The median decides: one slow sum of the faster path (a neighbour's
    /// burst) does not flip the choice, nor one fast sum of the slower.
    #[test]
    fn the_median_decides() {
        let choice = PathChoice::new();
        let key = (128, 3, 128);
        let (mut table_seen, mut plain_seen) = (0, 0);
        for _ in 0..TRIAL_SUMS {
            let c = choice.choose(key, false, true);
            if !c.timed {
                continue;
            }
            let t = match c.path {
                Path::Table => {
                    table_seen += 1;
                    if table_seen == 1 {
                        50_000
                    } else {
                        700
                    }
                }
                Path::Plain => {
                    plain_seen += 1;
                    if plain_seen == 2 {
                        100
                    } else {
                        1_000
                    }
                }
            };
            choice.record(key, c.path, t);
        }
        assert_eq!(choice.kept(key), Some(Path::Table));
    }

    /// The lower median of the eight: half the table's sums fast, half
    /// slow, against a steady plain path between the two, keeps the table.
    #[test]
    fn the_lower_median_of_eight() {
        let choice = PathChoice::new();
        let key = (200, 5, 200);
        let mut table_seen = 0;
        for _ in 0..TRIAL_SUMS {
            let c = choice.choose(key, false, true);
            if c.timed {
                let t = match c.path {
                    Path::Table => {
                        table_seen += 1;
                        if table_seen % 2 == 0 {
                            500
                        } else {
                            2_000
                        }
                    }
                    Path::Plain => 1_000,
                };
                choice.record(key, c.path, t);
            }
        }
        assert_eq!(table_seen, TIMED_PER_PATH);
        assert_eq!(choice.kept(key), Some(Path::Table));
    }

    /// Certain shapes follow the rule untimed and are never tracked;
    /// shapes are kept apart.
    #[test]
    fn certain_shapes_are_not_tracked_and_shapes_are_apart() {
        let choice = PathChoice::new();
        for _ in 0..3 * TRIAL_SUMS {
            assert_eq!(choice.choose((64, 3, 64), true, false), Choice { path: Path::Table, timed: false });
            assert_eq!(choice.choose((64, 3, 64), false, false), Choice { path: Path::Plain, timed: false });
        }
        assert_eq!(choice.tracked(), 0);
        drive(&choice, (256, 20, 256), false, 700, 1_000, 100);
        drive(&choice, (256, 21, 256), false, 1_400, 1_000, 100);
        drive(&choice, (256, 20, 128), false, 1_400, 1_000, 100);
        assert_eq!(choice.kept((256, 20, 256)), Some(Path::Table));
        assert_eq!(choice.kept((256, 21, 256)), Some(Path::Plain));
        assert_eq!(choice.kept((256, 20, 128)), Some(Path::Plain));
        assert_eq!(choice.tracked(), 3);
    }

    /// Past `MAX_SHAPES` a new shape replaces the least recently used one
    /// still in its trial: the state stays bounded, a settled shape stays
    /// while others are in trial, and a new shape still gets its trial.
    #[test]
    fn the_least_recent_shape_in_trial_is_replaced() {
        let choice = PathChoice::new();
        let keep = (256, 20, 256);
        drive(&choice, keep, false, 700, 1_000, 100);
        // `keep` has settled and is now the least recently used.
        for d in 0..MAX_SHAPES {
            let _ = choice.choose((300, 100 + d, 300), false, true);
        }
        assert_eq!(choice.tracked(), MAX_SHAPES);
        assert_eq!(choice.kept(keep), Some(Path::Table));
        // The last of the new shapes replaced the first (in trial), not `keep`.
        assert!(!choice.is_tracked((300, 100, 300)));
        assert!(choice.is_tracked((300, 101, 300)));
        assert!(choice.is_tracked((300, 100 + MAX_SHAPES - 1, 300)));
        // Asking for the first again replaces the next least recent.
        let first = choice.choose((300, 100, 300), false, true);
        assert_eq!(choice.tracked(), MAX_SHAPES);
        assert!(!choice.is_tracked((300, 101, 300)));
        assert_eq!(first, Choice { path: Path::Plain, timed: false }, "a new trial starts with the rule");
        let late = drive(&choice, (300, 100 + MAX_SHAPES + 5, 300), true, 1_400, 1_000, 100);
        assert!(late.iter().any(|c| c.timed));
        assert_eq!(choice.kept((300, 100 + MAX_SHAPES + 5, 300)), Some(Path::Plain));
        assert_eq!(choice.kept(keep), Some(Path::Table));
    }

    /// When every shape has settled, the least recently used is replaced.
    #[test]
    fn settled_shapes_are_replaced_least_recent_first() {
        let choice = PathChoice::new();
        for d in 0..MAX_SHAPES {
            drive(&choice, (256, d, 256), false, 700, 1_000, TRIAL_SUMS as usize);
        }
        let _ = choice.choose((256, 1, 256), false, true);
        let _ = choice.choose((256, 1000, 256), false, true);
        assert_eq!(choice.tracked(), MAX_SHAPES);
        assert!(!choice.is_tracked((256, 0, 256)));
        assert!(choice.is_tracked((256, 1, 256)));
        assert!(choice.is_tracked((256, 1000, 256)));
    }

    /// After `RECHECK` sums on the kept path the trial runs again and can
    /// change its mind (the workload changed).
    #[test]
    fn the_trial_runs_again() {
        let choice = PathChoice::new();
        let key = (256, 20, 256);
        drive(&choice, key, false, 700, 1_000, TRIAL_SUMS as usize);
        assert_eq!(choice.kept(key), Some(Path::Table));
        let kept = drive(&choice, key, false, 1_400, 1_000, RECHECK as usize - 1);
        assert!(kept.iter().all(|c| *c == Choice { path: Path::Table, timed: false }));
        assert_eq!(choice.kept(key), Some(Path::Table));
        assert_eq!(choice.choose(key, false, true), Choice { path: Path::Table, timed: false });
        assert_eq!(choice.kept(key), None);
        let again = drive(&choice, key, false, 1_400, 1_000, TRIAL_SUMS as usize);
        // The new trial starts with the path that was kept.
        assert_eq!(again[0].path, Path::Table);
        assert_eq!(choice.kept(key), Some(Path::Plain));
    }

    /// Times never recorded (sums on other threads, or that never
    /// returned) do not leave a shape undecided for good, and meanwhile
    /// no more sums than the trial's are timed.
    #[test]
    fn lost_times_restart_the_trial() {
        let choice = PathChoice::new();
        let key = (256, 9, 256);
        let taken: Vec<Choice> = (0..2 * TRIAL_SUMS).map(|_| choice.choose(key, false, true)).collect();
        assert_eq!(taken.iter().filter(|c| c.timed).count(), 2 * TIMED_PER_PATH);
        assert!(taken[TRIAL_SUMS as usize..].iter().all(|c| *c == Choice { path: Path::Plain, timed: false }));
        assert_eq!(choice.kept(key), None);
        // The next sum starts a new trial, which can finish.
        drive(&choice, key, false, 700, 1_000, TRIAL_SUMS as usize);
        assert_eq!(choice.kept(key), Some(Path::Table));
    }
}
