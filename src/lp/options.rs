//! [`Options`]: how a solve may spend its time (a deadline, the float hint's budget) and what
//! it may use (the float hint, a symmetry group of the model).

use std::time::{Duration, Instant};

/// How [`super::solve`] may spend its time, and what it may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Give up with [`super::LpError::TimeLimit`] once this instant has passed.
    pub deadline: Option<Instant>,
    /// Start from a floating-point solve that guesses the optimal basis (its answer is only a
    /// hint: every number in a [`super::Certificate`] comes from an exact solve). `false`: the exact
    /// simplex from scratch only.
    pub float_hint: bool,
    /// The most CPU time of the solving thread the float hint may take (60 s by default; small
    /// LPs get less, in proportion to their size); past it the hint is abandoned (the float
    /// simplex can cycle on degenerate LPs, as it does on a 3-row LP with a repeated equality)
    /// and the exact simplex runs from scratch. CPU time, not wall-clock time (issue 42 item
    /// 8), so that load does not change the answer path; [`Options::deadline`] stays wall-clock.
    pub float_budget: Duration,
    /// Generators of a symmetry group of the model: permutations of its variables (`g[j]` is the
    /// image of variable `j`). When given, the orbit-averaged LP is solved and its certificate
    /// lifted; invariance is checked exactly first ([`super::LpError::Symmetry`] when it fails) and the
    /// lifted certificate is re-checked on the full model.
    pub symmetry: Option<Vec<Vec<usize>>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            deadline: None,
            float_hint: true,
            float_budget: Duration::from_secs(60),
            symmetry: None,
        }
    }
}

impl Options {
    /// The default options with a time limit of `limit` from now (no deadline when `now + limit`
    /// does not fit in an [`Instant`]).
    pub fn within(limit: Duration) -> Options {
        Options {
            deadline: Instant::now().checked_add(limit),
            ..Options::default()
        }
    }
}
