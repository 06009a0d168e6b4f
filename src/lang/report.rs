//! Text rendering of a [`Verdict`] (the JSON form is its serde serialisation).

use super::run::{InstanceReport, Verdict};
use crate::claim::Outcome;

fn instance(r: &InstanceReport, out: &mut String) {
    for (n, v) in &r.bindings {
        out.push_str(&format!("  {n} = {v}\n"));
    }
    if !r.compared.is_empty() {
        out.push_str(&format!("  compared: {}\n", r.compared));
    }
    if let Some(l) = &r.lhs {
        out.push_str(&format!("  lhs    = {}  (≈ {})\n", l.exact, l.decimal));
    }
    if let Some(x) = &r.rhs {
        out.push_str(&format!("  rhs    = {}  (≈ {})\n", x.exact, x.decimal));
    }
    if let Some(m) = &r.margin {
        out.push_str(&format!(
            "  margin = lhs - rhs = {}  (≈ {})\n",
            m.exact, m.decimal
        ));
    }
    if let Some(w) = &r.why {
        out.push_str(&format!("  why: {w}\n"));
    }
}

/// The verdict for people: the outcome line, then the evidence.
pub fn render(v: &Verdict) -> String {
    let mut out = String::new();
    let methods = if v.methods.is_empty() {
        String::new()
    } else {
        format!("; methods: {}", v.methods.join(", "))
    };
    let filtered = if v.filtered > 0 {
        format!(", {} excluded by `where`", v.filtered)
    } else {
        String::new()
    };
    let of = |n: u64| {
        if n == v.total {
            format!("{n}")
        } else {
            format!("{n} of {}", v.total)
        }
    };
    match v.outcome {
        Outcome::Holds if v.exists => {
            out.push_str(&format!(
                "holds: a witness at instance {} ({} checked{filtered}{methods})\n",
                v.first.as_ref().map_or(0, |f| f.index + 1),
                of(v.checked)
            ));
            if let Some(f) = &v.first {
                instance(f, &mut out);
            }
        }
        Outcome::Holds => {
            out.push_str(&format!(
                "holds: {} instances ({} exercised{filtered}{methods}) in {} ms\n",
                of(v.checked),
                v.holds,
                v.millis
            ));
        }
        Outcome::Fails if v.exists => {
            out.push_str(&format!(
                "fails: no instance of {} is a witness{filtered}{methods}\n",
                v.total
            ));
        }
        Outcome::Fails => {
            let f = v.first.as_ref();
            out.push_str(&format!(
                "fails: counterexample at instance {} of {} in enumeration order ({} held before it{filtered}{methods})\n",
                f.map_or(0, |f| f.index + 1),
                v.total,
                v.holds
            ));
            if let Some(f) = f {
                instance(f, &mut out);
            }
        }
        Outcome::Undecided => {
            if let Some(why) = v.stopped.as_ref().filter(|_| v.timed_out) {
                out.push_str(&format!("undecided: the budget ran out after {} of {} instances ({} held{methods}), in {why}\n", v.checked, v.total, v.holds));
            } else if v.timed_out {
                out.push_str(&format!("undecided: the time budget ran out after {} of {} instances ({} held{methods})\n", v.checked, v.total, v.holds));
            } else {
                out.push_str(&format!("undecided: {} of {} instances undecided ({} held{filtered}{methods}); the first:\n", v.undecided, v.checked, v.holds));
            }
            if let Some(f) = &v.first_undecided {
                instance(f, &mut out);
            }
        }
        _ => {
            if let Some((r, e)) = &v.first_error {
                out.push_str(&format!(
                    "error: {} of {} instances could not be evaluated; the first (instance {}):\n",
                    v.errors,
                    v.checked,
                    r.index + 1
                ));
                instance(r, &mut out);
                for line in e.lines() {
                    out.push_str(&format!("  {line}\n"));
                }
            } else {
                out.push_str(&format!(
                    "error: no instance was exercised ({} instances{filtered})\n",
                    v.total
                ));
            }
        }
    }
    out
}
