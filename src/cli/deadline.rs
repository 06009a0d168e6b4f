//! `--time-limit SECS` as a watchdog: once SECS have passed the process ends with exit 4
//! ([`super::exit::TIME_LIMIT`]) and a line on stderr, wherever the computation is. For
//! commands whose inner loops (an exact walk over a million atoms, a grid refinement) have no
//! deadline checks of their own (issue 42 item 5). A report being printed is never cut: the
//! printer holds [`finishing`] and the watchdog waits for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Held while a report is printed (and by the watchdog when it ends the process).
static PRINTING: Mutex<()> = Mutex::new(());
/// The command has its answer (set under [`PRINTING`]): the watchdog then does nothing.
static ANSWERED: AtomicBool = AtomicBool::new(false);

/// Start the watchdog of `command`: after `secs` seconds, exit 4 unless the report is being
/// printed (then it waits, and the process ends normally first).
pub fn arm(command: &'static str, secs: f64) {
    let start = Instant::now();
    let limit = Duration::from_secs_f64(secs);
    std::thread::spawn(move || {
        std::thread::sleep(limit);
        let _held = PRINTING.lock().unwrap_or_else(|e| e.into_inner());
        if ANSWERED.load(Ordering::SeqCst) {
            return;
        }
        eprintln!(
            "dpcert {command}: time limit reached: gave up after {:.1} s (--time-limit {secs}; exit {})",
            start.elapsed().as_secs_f64(),
            super::exit::TIME_LIMIT
        );
        std::process::exit(super::exit::TIME_LIMIT);
    });
}

/// The answer is known: the watchdog will not end the process (the guard holds it off while
/// the answer is printed; a watchdog already ending the process keeps the lock, so this waits).
pub fn finishing() -> std::sync::MutexGuard<'static, ()> {
    let g = PRINTING.lock().unwrap_or_else(|e| e.into_inner());
    ANSWERED.store(true, Ordering::SeqCst);
    g
}
