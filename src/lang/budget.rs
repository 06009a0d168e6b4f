//! The limits of one run, shared by its threads (issue 42, item 3): a deadline
//! (`--time-limit`, old name `--budget-secs`) and a count of every instance of every binder (`--max-instances`) — the
//! outermost quantifier's instances, and every step of a nested `forall`/`exists` and of
//! `sum`/`max`/`min` — so that no inner loop escapes either limit.
//!
//! A loop reports its steps through [`Meter`], which adds them to the shared count and reads
//! the clock every [`EVERY`] steps: the count is exact to within `EVERY` steps per thread,
//! and a step as slow as a millisecond overshoots the deadline by a few milliseconds.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Steps a thread takes between two looks at the shared count and the clock.
pub const EVERY: u64 = 8;

/// A run's deadline and instance limit, with the instances used so far.
#[derive(Debug)]
pub struct Budget {
    start: Instant,
    time: Option<Duration>,
    max_instances: u64,
    used: AtomicU64,
}

impl Budget {
    /// A budget from now: at most `time` (none: no deadline) and `max_instances` instances.
    pub fn new(time: Option<Duration>, max_instances: u64) -> Budget {
        Budget {
            start: Instant::now(),
            time,
            max_instances,
            used: AtomicU64::new(0),
        }
    }

    /// Count `n` more instances; `Err` with what ran out when a limit is passed.
    pub fn spend(&self, n: u64) -> Result<(), String> {
        let used = self.used.fetch_add(n, Ordering::Relaxed).saturating_add(n);
        if used > self.max_instances {
            return Err(format!(
                "the instance budget ran out: more than {} instances (--max-instances counts every instance of every binder, nested `forall`/`exists` and `sum`/`max`/`min` included)",
                self.max_instances
            ));
        }
        self.check_time()
    }

    /// `Err` with what ran out once the deadline has passed.
    pub fn check_time(&self) -> Result<(), String> {
        match self.time {
            Some(t) if self.start.elapsed() > t => Err(format!(
                "the time budget of {} s ran out (--time-limit)",
                t.as_secs_f64()
            )),
            _ => Ok(()),
        }
    }

    /// Instances counted so far.
    #[cfg(test)]
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }
}

/// One thread's view of a [`Budget`] (none: unlimited): steps counted locally and handed
/// over every [`EVERY`] steps, and the rest when it is dropped.
#[derive(Debug, Default)]
pub struct Meter<'b> {
    budget: Option<&'b Budget>,
    pending: u64,
}

impl<'b> Meter<'b> {
    pub fn new(budget: Option<&'b Budget>) -> Meter<'b> {
        Meter { budget, pending: 0 }
    }

    /// One step of an enumeration; `Err` with what ran out when a limit is passed.
    pub fn step(&mut self) -> Result<(), String> {
        let Some(b) = self.budget else {
            return Ok(());
        };
        self.pending += 1;
        if self.pending < EVERY {
            return Ok(());
        }
        let n = std::mem::take(&mut self.pending);
        b.spend(n)
    }

    /// `Err` once the deadline has passed (before a long exact operation).
    pub fn check_time(&self) -> Result<(), String> {
        self.budget.map_or(Ok(()), Budget::check_time)
    }
}

impl Drop for Meter<'_> {
    fn drop(&mut self) {
        if let (Some(b), true) = (self.budget, self.pending > 0) {
            b.used.fetch_add(self.pending, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_limit_is_exact_to_within_one_flush() {
        // literal table: (limit, steps allowed before the error)
        for limit in [0u64, 1, 7, 8, 9, 100, 1000] {
            let b = Budget::new(None, limit);
            let mut m = Meter::new(Some(&b));
            let mut steps = 0u64;
            while m.step().is_ok() {
                steps += 1;
                assert!(steps <= limit + EVERY, "limit {limit} not enforced");
            }
            assert!(steps + 1 > limit, "limit {limit} stopped early at {steps}");
            assert!(b.used() > limit);
        }
    }

    #[test]
    fn dropped_meters_hand_over_every_step() {
        let b = Budget::new(None, u64::MAX);
        for steps in [0u64, 1, 7, 8, 9, 23] {
            let before = b.used();
            let mut m = Meter::new(Some(&b));
            (0..steps).for_each(|_| m.step().unwrap());
            drop(m);
            assert_eq!(b.used() - before, steps);
        }
    }

    #[test]
    fn deadline_stops_a_meter_and_unlimited_never_does() {
        let b = Budget::new(Some(Duration::ZERO), u64::MAX);
        std::thread::sleep(Duration::from_millis(2));
        let mut m = Meter::new(Some(&b));
        let err = (0..EVERY).map(|_| m.step()).find(Result::is_err);
        assert!(err.is_some_and(|e| e.unwrap_err().contains("time budget")));
        let mut free = Meter::new(None);
        assert!((0..10 * EVERY).all(|_| free.step().is_ok()));
    }
}
