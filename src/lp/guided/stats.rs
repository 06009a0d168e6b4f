//! Where the time of a guided solve went, and which path answered (`dpcert lp --stats`).

use crate::lp::exact::revised::RevisedStats;
use crate::lp::exact::simplex::SolveStats;
use std::time::Duration;

/// A run of the exact revised simplex inside a guided solve.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct WarmStart {
    /// The basis it started from, and why it was needed.
    pub from: String,
    /// Its pivots, and its time.
    pub stats: RevisedStats,
    pub time: Duration,
}

/// Where the time of a guided solve went.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GuidedStats {
    /// The float hint: the float dual simplex, or both microlp solves (run in parallel, so
    /// then the slower of the two).
    pub float: Duration,
    /// Which float solver gave the hint, and its pivots or why the first choice failed.
    pub hint: String,
    /// Exact sparse solves of the guessed systems, over all rounds.
    pub exact_systems: Duration,
    /// Certificate checks of the candidates.
    pub check: Duration,
    /// Candidate pairs tried (1 when the float basis was right).
    pub rounds: usize,
    /// Whether the float dual simplex's basis was refined ([`crate::lp::float::refine`]) because its
    /// first guess did not certify.
    pub refined: bool,
    /// The exact revised simplex, when the guess did not certify or there was none.
    pub warm_start: Option<WarmStart>,
    /// Why the exact simplex from scratch was needed, if it was.
    pub fallback: Option<String>,
    /// Time and pivots of the exact simplex fallback.
    pub fallback_time: Duration,
    pub fallback_stats: SolveStats,
}

impl GuidedStats {
    /// The path that answered: the float guess (as guessed, or repaired), exact pivots of the
    /// revised simplex (from the float basis or the slack basis), or the exact dictionary
    /// simplex from scratch.
    pub fn path(&self) -> &'static str {
        match (&self.fallback, &self.warm_start) {
            (Some(_), _) => "exact dictionary simplex from scratch",
            (None, Some(w)) if w.from.starts_with("the slack basis") => {
                "exact revised simplex from the slack basis"
            }
            (None, Some(w)) if w.from.starts_with("the refined float basis") => {
                "exact revised simplex from the refined float basis"
            }
            (None, Some(w)) if w.from.starts_with("the float dual's basis") => {
                "exact revised simplex from the float dual's basis"
            }
            (None, Some(_)) => "exact revised simplex from the float basis",
            (None, None) if self.refined => "refined float guess, certified",
            (None, None) if self.rounds == 1 => "float guess, certified as guessed",
            (None, None) => "float guess, certified after repairs",
        }
    }

    /// One line for people: the path that answered and where the time went.
    pub fn summary(&self) -> String {
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
        let mut s = format!(
            "path: {}; float hint {} ({}), exact systems {} ({} round{}), certificate checks {}",
            self.path(),
            ms(self.float),
            self.hint,
            ms(self.exact_systems),
            self.rounds,
            if self.rounds == 1 { "" } else { "s" },
            ms(self.check)
        );
        if let Some(w) = &self.warm_start {
            s += &format!(
                "; exact revised simplex from {}: {} dual + {} + {} pivots ({} by Bland's rule), kernel up to {}, {}",
                w.from,
                w.stats.dual_pivots,
                w.stats.phase1_pivots,
                w.stats.phase2_pivots,
                w.stats.bland_pivots,
                w.stats.largest_kernel,
                ms(w.time)
            );
        }
        if let Some(why) = &self.fallback {
            s += &format!(
                "; exact simplex from scratch ({why}): {} pivots, {}",
                self.fallback_stats.pivots,
                ms(self.fallback_time)
            );
        }
        s
    }
}
