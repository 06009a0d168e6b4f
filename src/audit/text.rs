//! The text report of an audit: one measure per line, exact first.

use super::measures::Report;
use super::{CAP_DIGITS, DIGITS, MI_DIGITS, MI_FORM_LIMIT, PREC};
use crate::measure::epsilon::DeltaAtEps;
use crate::measure::{DpLevel, ExtRational};
use crate::num::fmt::{decimal, decimal_round};
use crate::num::{Interval, Rational};
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;

/// The note under a text report in which [`shown`] shortened a fraction.
pub(super) const SHORTENED: &str =
    "(fractions of more than 60 characters are shown as decimals; --json prints them exactly)\n";

/// A rational of the text report: exact when short, else its decimal and its length, so that a
/// 1024 × 1024 audit does not print fractions of thousands of digits (`--json` keeps every
/// value exact, and [`SHORTENED`] says so under the report).
fn shown(q: &Rational) -> String {
    let exact = q.to_string();
    if exact.len() <= crate::num::fmt::ECHO_LIMIT {
        exact
    } else {
        format!(
            "≈ {} ({}-character fraction)",
            decimal(q, DIGITS),
            exact.len()
        )
    }
}

/// `ln r` as a decimal (ε from `e^ε`).
pub(super) fn ln_decimal(r: &ExtRational) -> String {
    match r {
        ExtRational::Infinite => "inf".into(),
        ExtRational::Finite(q) => Interval::ln_rational(q, 128)
            .map(|i| i.to_decimal_string(DIGITS))
            .unwrap_or_else(|| "?".into()),
    }
}

/// Outward-rounded `[lo, hi]` decimal strings of an enclosure.
fn outward(i: &Interval, digits: usize) -> [String; 2] {
    [
        decimal_round(
            &i.lo_rational().expect("finite"),
            digits,
            RoundingMode::Floor,
        ),
        decimal_round(
            &i.hi_rational().expect("finite"),
            digits,
            RoundingMode::Ceiling,
        ),
    ]
}

/// `; attained at x = …, x' = …, event A = [..]` (0-based outputs), or `; no event (δ = 0)` —
/// an empty event attains nothing.
fn attained(delta: &Rational, pair: (usize, usize), event: &[usize]) -> String {
    if *delta == 0u32 {
        "; no event has positive delta (every likelihood ratio is within e^eps)".into()
    } else {
        format!(
            "; attained at x = {}, x' = {}, event A = {event:?}",
            pair.0, pair.1
        )
    }
}

fn level_text(name: &str, l: &DpLevel) -> String {
    let dec = match &l.ratio {
        ExtRational::Finite(q) => format!(" (≈ {})", decimal(q, DIGITS)),
        ExtRational::Infinite => String::new(),
    };
    format!(
        "{name}: e^eps = {}{dec}, eps = {}; attained at x = {}, x' = {}, y = {} (W(y|x)/W(y|x'))\n",
        l.ratio,
        ln_decimal(&l.ratio),
        l.pair.0,
        l.pair.1,
        l.output
    )
}

/// The `--metric` line: the smallest ε with `W(y|x) ≤ e^{ε·d(x,x')} W(y|x')`, exact.
fn metric_text(name: &str, m: &crate::measure::MetricLevel) -> String {
    let Some(eps) = m.eps() else {
        let (x, x2, y) = m.witness.expect("an infinite level has a witness");
        return format!(
            "metric privacy (metric {name}): eps = inf (not eps·d-private for any eps): W({y}|{x}) > 0 = e^(eps·{})·W({y}|{x2}) at d({x}, {x2}) = {}\n",
            m.distance, m.distance
        );
    };
    let at = match m.witness {
        Some((x, x2, y)) => format!(
            "; attained at x = {x}, x' = {x2}, y = {y}: W(y|x)/W(y|x') = {} at d(x, x') = {}",
            m.ratio, m.distance
        ),
        None => "; every row is equal".into(),
    };
    format!(
        "metric privacy (metric {name}): smallest eps with W(y|x) ≤ e^(eps·d(x,x'))·W(y|x') is {} ∈ {}{at}\n",
        eps.written_with("ln"),
        eps.to_decimal_string(DIGITS)
    )
}

/// The enclosures of the report, in its units: the text prints them as `[lo, hi]`, the JSON
/// as `{"lo", "hi"}` ([`crate::json::interval`]).
impl Report {
    pub(super) fn prior_name(&self) -> &'static str {
        if self.prior.is_some() {
            "given prior"
        } else {
            "uniform prior"
        }
    }

    /// `log r` (`r > 0` rational) in the report's units.
    pub(super) fn log_interval(&self, r: &Rational) -> Interval {
        let ln = Interval::ln_rational(r, PREC).expect("ratio > 0");
        self.units.convert_nats(&ln)
    }

    /// The exact mutual information in the report's units: `Σ c·log2(r)` in bits (the nats
    /// form over `ln 2`), `Σ c·ln(r)` in nats.
    pub(super) fn mi_exact(&self) -> String {
        self.mutual_information.written_with(self.units.log())
    }

    pub(super) fn mi_interval(&self) -> Interval {
        self.units
            .convert_nats(&self.mutual_information.enclose_cached(PREC))
    }

    pub(super) fn capacity_interval(&self) -> Interval {
        let nats = Interval::from_rationals(&self.capacity.lo(), &self.capacity.hi(), PREC)
            .expect("lo ≤ hi");
        self.units.convert_nats(&nats)
    }

    pub(super) fn delta_eps_interval(d: &DeltaAtEps) -> Interval {
        d.enclose(PREC)
    }

    /// What `--rationalize` changed (never silent) and the file name the report is of.
    fn source_text(&self) -> String {
        let mut out = String::new();
        for r in &self.source.rationalized {
            let c = &r.change;
            out += &format!(
                "{}: rationalized to {}: {} changed, largest change {} (≈ {}) at row {}, column {} (1-based)\n",
                r.file,
                r.how,
                crate::num::fmt::count(c.changed, "entry", "entries"),
                c.largest_change,
                decimal(&c.largest_change, 20),
                c.at.0 + 1,
                c.at.1 + 1
            );
        }
        if let Some(file) = &self.source.file {
            if self.source.rationalized.iter().any(|r| r.file == *file) {
                out += &format!(
                    "{file}: the measures below are of the rationalized matrix (its DP level is the rounded matrix's)\n"
                );
            }
            out += &format!("{file}: ");
        }
        out
    }

    /// The Bayes and g-leakage lines of [`Report::to_text`] (exact rationals, libqif's names).
    fn qif_text(&self) -> String {
        let prior = self.prior_name();
        let b = &self.bayes;
        let mut out = format!(
            "Bayes vulnerability ({prior}): prior {}, posterior {}; add_leakage {}, mult_leakage {}, mult_capacity (every gain ≥ 0, this prior) {}\n",
            shown(&b.prior),
            shown(&b.posterior),
            shown(&b.add_leakage),
            shown(&b.mult_leakage),
            shown(&b.mult_capacity)
        );
        if let Some(g) = &self.gain {
            let mult = match &g.mult_leakage {
                Some(m) => shown(m),
                None => "undefined (prior g-vulnerability 0)".into(),
            };
            let cap = if g.non_negative {
                format!(
                    "; mult_capacity {} ≥ mult_leakage (g ≥ 0, miracle theorem)",
                    shown(&b.mult_capacity)
                )
            } else {
                "; no capacity bound (g has a negative entry)".into()
            };
            out += &format!(
                "g-vulnerability ({prior}, {} guesses): prior {}, posterior {}; add_leakage {}, mult_leakage {mult}{cap}\n",
                g.guesses,
                shown(&g.prior),
                shown(&g.posterior),
                shown(&g.add_leakage)
            );
        }
        out
    }

    /// The report as text, one measure per line (indices 0-based).
    pub fn to_text(&self) -> String {
        let u = self.units.name();
        let prior = self.prior_name();
        let adj = &self.adjacency;
        let mut out = self.source_text();
        out += &format!(
            "{} inputs × {} outputs; adjacency {} ({} neighbour pairs); indices 0-based; information in {u}\n",
            self.inputs,
            self.outputs,
            adj.name,
            adj.pairs.len()
        );
        if let Some(l) = &adj.labels {
            // Named labels are numbered in order of first appearance in the file: say so.
            let map: Vec<String> = l
                .iter()
                .enumerate()
                .map(|(i, l)| format!("{l}→{i}"))
                .collect();
            out += &format!(
                "edge-list labels are names, numbered by first appearance; label→row: {}\n",
                map.join(" ")
            );
        }
        out += &level_text("DP level", &self.dp);
        if let Some((t, d)) = &self.delta_at_t {
            out += &format!(
                "delta at t = e^eps = {t}: {} (≈ {}){}\n",
                d.delta,
                decimal(&d.delta, DIGITS),
                attained(&d.delta, d.pair, &d.event)
            );
        }
        for d in &self.delta_at_eps {
            let value = match d.rational() {
                Some(q) => format!("{q} (≈ {})", decimal(&q, DIGITS)),
                None => {
                    let [lo, hi] = outward(&Report::delta_eps_interval(d), DIGITS);
                    format!("{d} ∈ [{lo}, {hi}]")
                }
            };
            let zero = d.rational().filter(|q| *q == 0u32);
            let delta = zero.unwrap_or_else(|| Rational::from(1u32));
            out += &format!(
                "delta at eps = {}: {value}{}\n",
                d.eps,
                attained(&delta, d.pair, &d.event)
            );
        }
        if let Some(c) = &self.delta_curve {
            out += &super::curve::text(c);
        }
        if let Some(e) = self.eps_for_delta.as_ref().filter(|e| e.delta == 1u32) {
            // δ = 1 is kept, not refused (issue 43 item 2), and said to be vacuous.
            out += &format!(
                "smallest eps with delta ≤ 1: e^eps = {}, eps = {}: vacuous (every mechanism is (0, 1)-DP; delta = 1 says nothing)\n",
                e.t,
                ln_decimal(&e.t)
            );
        } else if let Some(e) = &self.eps_for_delta {
            out += &format!(
                "smallest eps with delta ≤ {}: e^eps = {}, eps = {}; bound by x = {}, x' = {}\n",
                e.delta,
                e.t,
                ln_decimal(&e.t),
                e.pair.0,
                e.pair.1
            );
        }
        let lb = outward(&self.log_interval(&self.min_entropy_leakage), DIGITS);
        let cb = outward(&self.log_interval(&self.min_capacity), DIGITS);
        let log = self.units.log();
        out += &format!(
            "min-entropy leakage ({prior}): {log}({}) ∈ [{}, {}] {u}\nmin-entropy capacity: {log}({}) ∈ [{}, {}] {u}\n",
            shown(&self.min_entropy_leakage),
            lb[0],
            lb[1],
            shown(&self.min_capacity),
            cb[0],
            cb[1]
        );
        out += &self.qif_text();
        let mi = outward(&self.mi_interval(), MI_DIGITS);
        let terms = crate::num::fmt::count(self.mutual_information.len(), "log term", "log terms");
        let form = self.mi_exact();
        let exact = if form.len() <= MI_FORM_LIMIT {
            format!("; exactly {form} ({terms})")
        } else {
            format!(" ({terms}; the exact form is in --json: mutual_information.value.exact)")
        };
        out += &format!(
            "mutual information ({prior}): ∈ [{}, {}] {u}{exact}\n",
            mi[0], mi[1]
        );
        let cap = outward(&self.capacity_interval(), CAP_DIGITS);
        let width = self.capacity.width();
        out += &format!(
            "Shannon capacity: ∈ [{}, {}] {u} (width ≈ {:.2e} nats{}); certified by I(input;W) and max_x D(W_x||output) (x = {})\n",
            cap[0],
            cap[1],
            // f64 only to print the width compactly.
            f64::rounding_from(&width, RoundingMode::Ceiling).0,
            if width <= self.capacity_width { "" } else { ", above the target" },
            self.capacity.upper_row
        );
        if let Some(l) = &self.identifiability {
            out += &level_text("identifiability level", l);
        }
        if let Some(l) = &self.loss {
            let mult = match &l.mult_leakage {
                Some(m) => shown(m),
                None => "undefined (posterior l-uncertainty 0)".into(),
            };
            let b = &self.bayes;
            let one = Rational::from(1u32);
            out += &format!(
                "l-uncertainty ({prior}, {} guesses): prior {}, posterior {}; add_leakage {}, mult_leakage {mult}\nBayes risk ({prior}): prior {}, posterior {}; guessing entropy: prior {}, posterior {}\n",
                l.guesses,
                shown(&l.prior),
                shown(&l.posterior),
                shown(&l.add_leakage),
                shown(&(&one - &b.prior)),
                shown(&(&one - &b.posterior)),
                shown(&self.guessing_entropy.0),
                shown(&self.guessing_entropy.1),
            );
        }
        if let Some((name, m)) = &self.metric {
            out += &metric_text(name, m);
        }
        if let Some(d) = &self.distortion {
            out += &format!(
                "expected Hamming distortion ({prior}): {d} (≈ {})\n",
                decimal(d, DIGITS)
            );
        }
        if out.contains("-character fraction)") {
            out += SHORTENED;
        }
        out
    }
}
