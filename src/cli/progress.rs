//! Progress on stderr for commands that can run over a second. On a terminal: a bar or spinner
//! drawn after one second and cleared when the command ends. When stderr is not a terminal (a
//! pipe, a log file, CI): one plain line every [`PLAIN_EVERY`] (`dpcert compose: 10 s: …`), so a
//! long run is never silent (issue 42 item 5); `--progress` forces plain lines every second, on a
//! terminal too. Output on stdout is never touched.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a command runs before its progress is shown.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// The interval of the plain progress lines when stderr is not a terminal.
pub const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// Whether `--progress` asked for plain lines every second.
static FORCED: AtomicBool = AtomicBool::new(false);

/// `--progress`: plain progress lines every second from now on, on a terminal too.
pub fn force_plain_lines() {
    FORCED.store(true, Ordering::SeqCst);
}

/// The interval of plain lines for this process: forced, or [`PLAIN_EVERY`] when stderr is not
/// a terminal, or none.
fn plain_interval() -> Option<Duration> {
    if FORCED.load(Ordering::SeqCst) {
        Some(Duration::from_secs(1))
    } else if std::io::stderr().is_terminal() {
        None
    } else {
        Some(PLAIN_EVERY)
    }
}

/// One plain line every `every` while `bar` is not finished: the elapsed seconds, the steps when
/// counted, and the current message.
fn plain_lines(bar: ProgressBar, command: String, every: Duration) {
    std::thread::spawn(move || {
        let start = Instant::now();
        let mut next = every;
        loop {
            std::thread::sleep(Duration::from_millis(100));
            if bar.is_finished() {
                return;
            }
            let el = start.elapsed();
            if el < next {
                continue;
            }
            next = el + every;
            let steps = match bar.length() {
                Some(len) if len > 0 => format!("{}/{len} ", bar.position()),
                _ => String::new(),
            };
            eprintln!(
                "dpcert {command}: {} s: {steps}{}",
                el.as_secs(),
                bar.message()
            );
        }
    });
}

/// A progress bar (counted steps) or spinner (named phases of one long computation).
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar of `len` steps of `command`, advanced by [`Progress::tick`].
    pub fn bar(command: &str, len: u64, enabled: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
                .expect("template")
                .progress_chars("=> "),
        );
        let plain = plain_interval().filter(|_| enabled);
        if let Some(every) = plain {
            plain_lines(bar.clone(), command.to_string(), every);
        }
        Progress {
            bar,
            start: Instant::now(),
            // Plain lines replace the bar.
            shown: AtomicBool::new(!enabled || plain.is_some()),
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
        let plain = plain_interval().filter(|_| enabled);
        if let Some(every) = plain {
            plain_lines(bar.clone(), command.to_string(), every);
        } else if enabled {
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
