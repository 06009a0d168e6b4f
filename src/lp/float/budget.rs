//! The float hint's budget (issue 42 item 8): CPU time of the thread that runs the float
//! solves, not wall-clock time, so that a loaded machine — which stretches the wall-clock time
//! of the same work — does not change which path an LP's answer takes. Until issue 42 item 8 it
//! was a wall-clock deadline: on the 2-core machine at load 5–12, H(6,2)'s float dual simplex
//! (≈ 28 s of CPU) passed its 30 s and microlp's far slower solves took over (no answer within
//! 120–240 s). The solve's own wall-clock deadline (`--time-limit`) still stops everything.
//!
//! The CPU clock is the calling thread's (`CLOCK_THREAD_CPUTIME_ID`): a [`Budget`] is read on the
//! thread that made it; where that clock is not available (not unix), wall-clock time.

use std::thread::ThreadId;
use std::time::{Duration, Instant};

/// A CPU-time allowance of the thread that made it, and the solve's wall-clock deadline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// The reading of [`thread_cpu`] past which the allowance is spent (`None`: no allowance).
    cpu_end: Option<Duration>,
    /// The wall-clock deadline of the whole solve.
    deadline: Option<Instant>,
    /// The thread whose CPU clock counts.
    thread: ThreadId,
}

impl Budget {
    /// `cpu` of this thread's CPU time from now, and `deadline` on the wall clock.
    pub(crate) fn new(cpu: Duration, deadline: Option<Instant>) -> Budget {
        Budget {
            cpu_end: thread_cpu().checked_add(cpu),
            deadline,
            thread: std::thread::current().id(),
        }
    }

    /// No limit at all (the tests' solves).
    #[cfg(test)]
    pub(crate) fn unlimited() -> Budget {
        Budget {
            cpu_end: None,
            deadline: None,
            thread: std::thread::current().id(),
        }
    }

    /// The CPU time left (`Duration::MAX` when unlimited).
    pub(crate) fn left(&self) -> Duration {
        self.check_thread();
        self.cpu_end
            .map_or(Duration::MAX, |end| end.saturating_sub(thread_cpu()))
    }

    /// The same deadline with half the CPU time left (the float dual simplex's share, so that
    /// microlp has the other half if it fails).
    pub(crate) fn half(&self) -> Budget {
        Budget {
            cpu_end: self.cpu_end.map(|_| thread_cpu() + self.left() / 2),
            ..*self
        }
    }

    /// Whether the CPU time or the deadline is spent.
    pub(crate) fn spent(&self) -> bool {
        self.left().is_zero() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A wall-clock deadline for solvers that run on other threads (microlp's two solves): the
    /// CPU time left from now, or the deadline if sooner.
    pub(crate) fn wall_deadline(&self) -> Option<Instant> {
        let left = self
            .cpu_end
            .and_then(|_| Instant::now().checked_add(self.left()));
        match (left, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn check_thread(&self) {
        debug_assert_eq!(
            self.thread,
            std::thread::current().id(),
            "a float budget is read on the thread that made it"
        );
    }
}

/// CPU time this thread has used.
#[cfg(unix)]
pub(crate) fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    match (rc, u64::try_from(ts.tv_sec), u32::try_from(ts.tv_nsec)) {
        (0, Ok(s), Ok(ns)) => Duration::new(s, ns),
        _ => wall_since_start(),
    }
}

/// Wall-clock time since the first call (where no thread CPU clock is available).
#[cfg(not(unix))]
pub(crate) fn thread_cpu() -> Duration {
    wall_since_start()
}

fn wall_since_start() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Burn this thread's CPU for about `d`.
    fn spin(d: Duration) {
        let end = thread_cpu() + d;
        let mut x = 0u64;
        while thread_cpu() < end {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
    }

    /// Time off the CPU (a sleep, as a loaded machine's waits are) does not spend the budget;
    /// time on it does. With the wall-clock deadline before issue 42 item 8 the sleep alone
    /// spent it.
    #[test]
    fn waiting_does_not_spend_the_budget_and_working_does() {
        let budget = Budget::new(Duration::from_millis(40), None);
        std::thread::sleep(Duration::from_millis(120));
        assert!(!budget.spent(), "{:?} left", budget.left());
        assert!(budget.left() > Duration::from_millis(20));
        spin(Duration::from_millis(60));
        assert!(budget.spent());
        assert_eq!(budget.left(), Duration::ZERO);
    }

    /// The wall-clock deadline still stops everything, with CPU time to spare.
    #[test]
    fn the_deadline_still_counts() {
        let budget = Budget::new(Duration::from_secs(3600), Some(Instant::now()));
        assert!(budget.spent());
        let budget = Budget::new(
            Duration::from_secs(3600),
            Instant::now().checked_add(Duration::from_secs(3600)),
        );
        assert!(!budget.spent());
        assert!(!Budget::unlimited().spent());
        assert_eq!(Budget::unlimited().wall_deadline(), None);
    }

    /// Half a budget: half the CPU time left, the same deadline; the wall deadline for other
    /// threads is at most the CPU time left from now, and at most the deadline.
    #[test]
    fn halves_and_wall_deadlines() {
        let budget = Budget::new(Duration::from_secs(100), None);
        let half = budget.half().left();
        assert!(
            half <= Duration::from_secs(50) && half > Duration::from_secs(49),
            "{half:?}"
        );
        let before = Instant::now();
        let wall = budget.wall_deadline().unwrap();
        assert!(wall <= Instant::now() + Duration::from_secs(100));
        assert!(wall >= before + Duration::from_secs(99));
        let soon = Instant::now() + Duration::from_secs(1);
        assert_eq!(
            Budget::new(Duration::from_secs(100), Some(soon)).wall_deadline(),
            Some(soon)
        );
        assert!(Budget::new(Duration::ZERO, None).spent());
    }

    /// The thread's CPU clock moves with this thread's work only: another thread's spinning
    /// does not advance it.
    #[test]
    fn another_threads_work_does_not_count() {
        let budget = Budget::new(Duration::from_millis(40), None);
        std::thread::spawn(|| spin(Duration::from_millis(80)))
            .join()
            .unwrap();
        assert!(!budget.spent(), "{:?} left", budget.left());
    }
}
