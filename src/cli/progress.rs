//! Progress on stderr for commands that can run over a second: drawn only after one second, only
//! on a terminal (indicatif hides itself otherwise, so pipes and tests see nothing), and cleared
//! when the command ends. Output on stdout is never touched.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a command runs before its progress is shown.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// A progress bar (counted steps) or spinner (named phases of one long computation).
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar of `len` steps, advanced by [`Progress::tick`].
    pub fn bar(len: u64, enabled: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
                .expect("template")
                .progress_chars("=> "),
        );
        Progress {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(!enabled),
        }
    }

    /// A spinner naming the current phase ([`Progress::phase`]); it keeps turning while a
    /// phase computes, so it shows itself after one second even if no phase changes.
    pub fn spinner(command: &str, enabled: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(&format!(
                "{{elapsed_precise}} {{spinner}} {command}: {{msg}}"
            ))
            .expect("template"),
        );
        if enabled {
            let b = bar.clone();
            std::thread::spawn(move || {
                std::thread::sleep(SHOW_AFTER);
                if !b.is_finished() {
                    b.set_draw_target(ProgressDrawTarget::stderr());
                    b.enable_steady_tick(Duration::from_millis(200));
                }
            });
        }
        Progress {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(true),
        }
    }

    /// One step done, with a message.
    pub fn tick(&self, msg: &str) {
        if self.start.elapsed() > SHOW_AFTER && !self.shown.swap(true, Ordering::SeqCst) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.set_message(msg.to_string());
        self.bar.inc(1);
    }

    /// Set the number of steps done (for work counted in chunks), with a message.
    pub fn set(&self, done: u64, total: u64, msg: &str) {
        self.bar.set_length(total);
        if self.start.elapsed() > SHOW_AFTER && !self.shown.swap(true, Ordering::SeqCst) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.set_message(msg.to_string());
        self.bar.set_position(done);
    }

    /// Name the phase now running.
    pub fn phase(&self, msg: &str) {
        self.bar.set_message(msg.to_string());
    }

    /// Clear the line.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
