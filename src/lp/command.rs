//! `dpcert lp`'s one library call (issue 43 item 2): an [`LpQuery`] (the LP file already
//! parsed, the symmetry generators read, the time limit) in, an [`LpReport`] out, its
//! certificate re-checked by the independent checker; the report prints itself as text and
//! as the one JSON schema (`docs/json.md`, section `lp`: data keyed by names as arrays of
//! objects).

use super::{lp_record, solve, Certificate, CertificateError, LpError, LpFile, Options};
use crate::json::{document, exact};
use crate::num::fmt::{count, decimal};
use crate::num::Rational;
use crate::params::TimeLimit;
use serde_json::{json, Value};
use std::time::Instant;

/// Digits after the point in the printed decimals (for people only; exact values come first).
const DIGITS: usize = 6;

/// An LP to solve.
pub struct LpQuery {
    /// The file's name, for the report (empty: none, as for an LP given as text).
    pub name: String,
    /// The parsed file.
    pub file: LpFile,
    /// Generators of a symmetry group of the LP (`--symmetry`), as variable permutations.
    pub symmetry: Option<Vec<Vec<usize>>>,
    /// Give up ([`LpError::TimeLimit`]) once this has passed.
    pub time_limit: Option<TimeLimit>,
}

/// Named exact values: a variable's or a row's name and its value.
pub type Named = Vec<(String, Rational)>;

/// The re-checked answer, in the file's names.
#[derive(Clone, Debug)]
pub enum LpAnswer {
    /// An optimum with its primal values and the duals of the rows.
    Optimal {
        /// The optimal objective value.
        value: Rational,
        /// The file's variables at the optimum.
        values: Named,
        /// The dual of each row (shadow prices d objective / d rhs).
        duals: Named,
    },
    /// No point satisfies the rows: the Farkas multipliers of the rows.
    Infeasible {
        /// One multiplier per row.
        farkas: Named,
    },
    /// A feasible point and a ray that improves the objective without end.
    Unbounded {
        /// The feasible point.
        point: Named,
        /// The improving ray.
        ray: Named,
    },
}

/// The answer to an [`LpQuery`].
#[derive(Clone, Debug)]
pub struct LpReport {
    /// The file's name.
    pub name: String,
    /// The parse warnings of the file.
    pub warnings: Vec<String>,
    /// Variables, rows, and how many rows are constraints (the rest are upper bounds).
    pub variables: usize,
    /// Rows of the model.
    pub rows: usize,
    /// Rows that are the file's constraints.
    pub constraints: usize,
    /// The re-checked certificate, in the file's names.
    pub answer: LpAnswer,
    /// Where the time went (float hint, exact systems, checks, fallback), and the seconds.
    pub stats: String,
    /// Wall seconds of the solve.
    pub seconds: f64,
    /// The re-checked certificate over the model (for [`LpReport::certificate_document`]).
    pub certificate: Certificate,
}

/// Solve `q` exactly ([`solve`]); every answer's certificate is re-checked before it returns.
#[allow(clippy::result_large_err)] // `LpError` as `lp::solve` returns it
pub fn run(q: &LpQuery) -> Result<LpReport, LpError> {
    let file = &q.file;
    let solved = solve(
        &file.model,
        &Options {
            deadline: q
                .time_limit
                .and_then(|l| Instant::now().checked_add(l.duration())),
            symmetry: q.symmetry.clone(),
            ..Options::default()
        },
    )?;
    let rows: Vec<String> = file.model.rows().iter().map(|r| r.name.clone()).collect();
    let with_rows =
        |v: &[Rational]| -> Named { rows.iter().cloned().zip(v.iter().cloned()).collect() };
    let answer = match &solved.certificate {
        Certificate::Optimal {
            value,
            primal,
            dual,
        } => LpAnswer::Optimal {
            value: value.clone(),
            values: file.values(primal),
            duals: with_rows(dual),
        },
        Certificate::Infeasible { farkas } => LpAnswer::Infeasible {
            farkas: with_rows(farkas),
        },
        Certificate::Unbounded { point, ray } => LpAnswer::Unbounded {
            point: file.values(point),
            ray: file.direction(ray),
        },
    };
    Ok(LpReport {
        name: q.name.clone(),
        warnings: file.warnings.clone(),
        variables: file.model.n_vars(),
        rows: file.model.n_rows(),
        constraints: file.n_constraints,
        answer,
        stats: solved.stats.summary.clone(),
        seconds: solved.stats.elapsed.as_secs_f64(),
        certificate: solved.certificate,
    })
}

fn show(q: &Rational) -> String {
    if *q.denominator_ref() == 1u32 {
        q.to_string()
    } else {
        format!("{q}  (≈ {})", decimal(q, DIGITS))
    }
}

fn list_text(title: &str, v: &[(String, Rational)]) -> String {
    let mut out = format!("{title}:\n");
    let width = v.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (n, q) in v {
        out += &format!("  {n:<width$} = {}\n", show(q));
    }
    out
}

/// `[{"<key>": name, "value": "…"}]`: data keyed by names as an array of objects.
fn list_json(key: &str, v: &[(String, Rational)]) -> Value {
    v.iter()
        .map(|(n, q)| json!({key: n, "value": exact(q)}))
        .collect()
}

impl LpReport {
    /// `optimal`, `infeasible` or `unbounded`.
    pub fn status(&self) -> &'static str {
        match self.answer {
            LpAnswer::Optimal { .. } => "optimal",
            LpAnswer::Infeasible { .. } => "infeasible",
            LpAnswer::Unbounded { .. } => "unbounded",
        }
    }

    /// The certificate document of `dpcert lp --certificate` (docs/certificates.md): one `lp`
    /// record of `q`'s model and this answer, made only after [`crate::lp::check`] accepted it
    /// again (issue 44).
    #[allow(clippy::result_large_err)] // `CertificateError` as `lp::check` returns it
    pub fn certificate_document(&self, q: &LpQuery) -> Result<Value, CertificateError> {
        let id = std::path::Path::new(&self.name)
            .file_stem()
            .map_or_else(|| "lp".to_string(), |s| s.to_string_lossy().into_owned());
        let record = lp_record(
            &id,
            &self.name,
            &q.file.model,
            q.file.n_constraints,
            &self.certificate,
        )?;
        Ok(crate::certify::document(vec![record]))
    }

    /// The certificate as a VIPR 1.0 file (`lp --vipr`, issue 44 item 1), written only after
    /// [`crate::lp::check`] accepted it again; an unbounded LP has none (the reason).
    pub fn vipr(&self, q: &LpQuery) -> Result<String, String> {
        crate::lp::certificate::vipr::vipr(&q.file.model, &self.certificate)
    }

    /// The text report: the model's size, the status, the certificate in the file's names.
    pub fn to_text(&self) -> String {
        let mut out = format!("file: {}\n", self.name);
        out += &format!(
            "model: {}, {} ({}, {}), x >= 0 after substitution\n",
            count(self.variables, "variable", "variables"),
            count(self.rows, "row", "rows"),
            count(self.constraints, "constraint", "constraints"),
            count(self.rows - self.constraints, "upper bound", "upper bounds")
        );
        out += &format!("status: {}\n", self.status());
        match &self.answer {
            LpAnswer::Optimal {
                value,
                values,
                duals,
            } => {
                out += &format!("objective: {}\n", show(value));
                out += &list_text("values", values);
                out += &list_text("duals (shadow prices d objective / d rhs)", duals);
                out += "certificate re-checked: ok (primal feasible, dual feasible, primal objective = dual objective)\n";
            }
            LpAnswer::Infeasible { farkas } => {
                out += &list_text("Farkas multipliers", farkas);
                out += "certificate re-checked: ok (signs by row type, A^T y <= 0, b^T y > 0: no x satisfies the rows)\n";
            }
            LpAnswer::Unbounded { point, ray } => {
                out += &list_text("feasible point", point);
                out += &list_text("improving ray", ray);
                out += "certificate re-checked: ok (point feasible, ray keeps every row and strictly improves the objective)\n";
            }
        }
        out
    }

    /// The `dpcert lp --json` document (and the Python `solve_lp()`'s dictionary): `status`,
    /// the certificate as arrays of `{"name"|"row", "value"}`, `certificate_checked`.
    pub fn to_json(&self) -> Value {
        let mut j = match &self.answer {
            LpAnswer::Optimal {
                value,
                values,
                duals,
            } => json!({
                "objective": exact(value),
                "objective_decimal": decimal(value, DIGITS),
                "values": list_json("name", values),
                "duals": list_json("row", duals),
            }),
            LpAnswer::Infeasible { farkas } => json!({
                "farkas": list_json("row", farkas),
            }),
            LpAnswer::Unbounded { point, ray } => json!({
                "values": list_json("name", point),
                "ray": list_json("name", ray),
            }),
        };
        if !self.name.is_empty() {
            j["file"] = json!(self.name);
        }
        j["status"] = json!(self.status());
        j["certificate_checked"] = json!(true);
        if !self.warnings.is_empty() {
            j["warnings"] = json!(self.warnings);
        }
        document("lp", j)
    }
}
