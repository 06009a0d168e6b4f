//! [`write_lp`]: a model in the LP format, exactly, with names that read back.

use super::lexer::{is_infinity, name_char, name_start, section_keyword, Tok};
use crate::lp::model::{Model, Sense};
use crate::num::Rational;

fn writable_name(s: &str) -> bool {
    let mut chars = s.chars();
    let ok = chars.next().is_some_and(name_start)
        && s.chars().all(name_char)
        && !is_infinity(s)
        && !s.eq_ignore_ascii_case("free");
    ok && section_keyword(&[Tok::Name(s.to_string())])
        .ok()
        .flatten()
        .is_none()
}

/// Names made unique and parseable; `fallback(i)` replaces a name that is not.
fn safe_names(names: &[String], fallback: impl Fn(usize) -> String) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut n = if writable_name(n) {
                n.clone()
            } else {
                fallback(i)
            };
            while !seen.insert(n.clone()) {
                n = format!("{n}_{i}");
            }
            n
        })
        .collect()
}

fn write_terms(out: &mut String, terms: &[(usize, Rational)], names: &[String]) {
    for (j, a) in terms {
        let (sign, abs) = if *a < 0u32 {
            ("-", -a)
        } else {
            ("+", a.clone())
        };
        out.push_str(&format!(" {sign} {abs} {}", names[*j]));
    }
}

/// Write a model in the LP format read by [`super::parse_lp`], with exact `p/q` coefficients, so that
/// every LP dpcert builds can be inspected or handed to another solver. Variable and row
/// names that would not read back are replaced by `x<j>` / `r<i>`.
pub fn write_lp(model: &Model) -> String {
    let mut out = String::new();
    out.push_str(match model.sense() {
        Sense::Minimize => "Minimize\n",
        Sense::Maximize => "Maximize\n",
    });
    let mut vnames = safe_names(model.var_names(), |j| format!("x{j}"));
    if vnames.is_empty() {
        vnames.push("x_unused".to_string());
    }
    let rnames: Vec<String> = model.rows().iter().map(|r| r.name.clone()).collect();
    let rnames = safe_names(&rnames, |i| format!("r{i}"));
    out.push_str(" obj:");
    let obj: Vec<(usize, Rational)> = model
        .objective()
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0u32)
        .map(|(j, c)| (j, c.clone()))
        .collect();
    write_terms(&mut out, &obj, &vnames);
    if *model.objective_offset() != 0u32 || obj.is_empty() {
        let c = model.objective_offset();
        let (sign, abs) = if *c < 0u32 {
            ("-", -c)
        } else {
            ("+", c.clone())
        };
        out.push_str(&format!(" {sign} {abs}"));
    }
    out.push_str("\nSubject To\n");
    for (row, name) in model.rows().iter().zip(&rnames) {
        out.push_str(&format!(" {name}:"));
        if row.coeffs.is_empty() {
            out.push_str(&format!(" 0 {}", vnames[0]));
        } else {
            write_terms(&mut out, &row.coeffs, &vnames);
        }
        out.push_str(&format!(" {} {}\n", row.cmp, row.rhs));
    }
    out.push_str("End\n");
    out
}
