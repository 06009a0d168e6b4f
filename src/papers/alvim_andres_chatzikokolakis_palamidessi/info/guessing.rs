//! AACP §2: "H∞(X|Y) ≤ H∞(X) with equality iff independent" (AACP-F2, and AACP-F2-corrected:
//! equality iff one prior-optimal guess is optimal for every output), the one-try-attack reading
//! (AACP-F3) and binary-gain utility = posterior vulnerability (Prop. 3, AACP-P3).

use super::shared::*;
use crate::claim::scan::Decider;
use crate::claim::Records;
use crate::prob::joint_rows;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "AACP-F2",
            grid: f2_cells,
            beyond: Some(f2_beyond),
            check: check_f2,
        }
        .boxed(),
        Family {
            id: "AACP-F2-corrected",
            grid: f2_cells,
            beyond: Some(f2_beyond),
            check: check_f2_corrected,
        }
        .boxed(),
        Family {
            id: "AACP-F3",
            grid: || shapes(30),
            beyond: Some(shapes_beyond),
            check: check_f3,
        }
        .boxed(),
        Family {
            id: "AACP-P3",
            grid: || shapes(30),
            beyond: Some(shapes_beyond),
            check: check_p3,
        }
        .boxed(),
    ]
}

/// A grid cell of F2: channels with rows in Δ_m^den, priors with denominators up to `pden`
/// (or only the uniform prior).
#[derive(Clone, Debug)]
pub struct F2Cell {
    pub n: usize,
    pub m: usize,
    pub den: u64,
    pub pden: u64,
    pub uniform_only: bool,
}

impl fmt::Display for F2Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pri = if self.uniform_only {
            "uniform prior".to_string()
        } else {
            // padded so that labels of one shape have one length (failures sort by label)
            format!("priors with den <= {:>2}", self.pden)
        };
        write!(
            f,
            "{}x{} channels, rows in Delta_{}^{}; {pri}",
            self.n, self.m, self.m, self.den
        )
    }
}

fn f2_cells() -> Vec<F2Cell> {
    let c = |n, m, den, pden, uniform_only| F2Cell {
        n,
        m,
        den,
        pden,
        uniform_only,
    };
    vec![
        c(2, 2, 5, 10, true),
        c(2, 2, 5, 10, false),
        c(2, 3, 3, 6, true),
        c(2, 3, 3, 6, false),
        c(3, 3, 2, 4, true),
        c(3, 3, 2, 4, false),
    ]
}

fn f2_beyond(size: usize) -> Vec<F2Cell> {
    vec![F2Cell {
        n: 2,
        m: 2 + size,
        den: 3,
        pden: 4 + size as u64,
        uniform_only: false,
    }]
}

impl F2Cell {
    /// Priors in increasing order of their least common denominator (each once).
    fn priors(&self) -> Vec<Vec<Rational>> {
        if self.uniform_only {
            return vec![vec![Rational::from_unsigneds(1u64, self.n as u64); self.n]];
        }
        let mut out: Vec<Vec<Rational>> = Vec::new();
        for d in 1..=self.pden {
            for p in simplex(self.n, d) {
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        out
    }
}

/// X and Y independent under the joint `π(x) M[x][y]`: `p(x,y) = p(x) p(y)` everywhere.
fn independent(prior: &[Rational], m: &Rows) -> bool {
    let cols = m[0].len();
    let py: Vec<Rational> = (0..cols)
        .map(|y| prior.iter().zip(m).map(|(p, row)| p * &row[y]).sum())
        .collect();
    prior
        .iter()
        .zip(m)
        .all(|(p, row)| (0..cols).all(|y| p * &row[y] == p * &py[y]))
}

/// Some `x* ∈ argmax π` is an optimal guess for every output: `π(x*)M[x*][y] = max_x π(x)M[x][y]`.
/// Each `x*` is shown in `st` (issue 44 item 6) by true `compare` records: `=` at every output
/// (the guess that is optimal), or `<` at the first output where it is not.
fn one_guess_optimal(prior: &[Rational], m: &Rows, st: &mut Decider) -> bool {
    let top = v0(prior);
    (0..prior.len()).filter(|&x| prior[x] == top).any(|x| {
        (0..m[0].len()).all(|y| {
            let best = prior
                .iter()
                .zip(m)
                .map(|(p, row)| p * &row[y])
                .max()
                .expect("rows");
            let mine = &prior[x] * &m[x][y];
            st.rat(&mine, if mine == best { "=" } else { "<" }, &best);
            mine == best
        })
    })
}

/// AACP-F2: `V(π,M) >= V₀(π)` (i.e. `H∞(X|Y) <= H∞(X)`, `I∞ >= 0`) on every instance, and both
/// directions of "equality iff X and Y independent", each reported.
fn check_f2(cell: &F2Cell) -> Check {
    let mut ineq = Scan::le();
    let (mut eq_dep, mut indep_neq, mut total) = (Vec::new(), Vec::new(), 0usize);
    let mut shown = Vec::new(); // the first counterexample's comparisons (issue 44 item 6)
    for p in cell.priors() {
        for m in channels(cell.n, cell.m, cell.den) {
            total += 1;
            let (v, v_0) = (matrix_utility(&p, &m), v0(&p));
            ineq.push(v_0.clone(), v.clone(), || {
                format!("pi = {} M = {}", fmt_vec(&p), fmt_matrix(&m))
            });
            let eq = v == v_0;
            let ind = independent(&p, &m);
            if eq && !ind && shown.is_empty() && crate::certify::recording() {
                shown = dependence_records(&p, &m, &v, &v_0);
            }
            if eq && !ind {
                eq_dep.push(format!(
                    "pi = {}, M = {}: V(pi,M) = V0(pi) = {v} (I_inf = 0) but X, Y dependent",
                    fmt_vec(&p),
                    fmt_matrix(&m)
                ));
            }
            if ind && !eq {
                indep_neq.push(format!("pi = {}, M = {}", fmt_vec(&p), fmt_matrix(&m)));
            }
        }
    }
    let ineq_ok = ineq.ok();
    let ineq_c = ineq.finish("V0(pi) <= V(pi,M)", Method::Exact);
    let ok = ineq_ok && eq_dep.is_empty() && indep_neq.is_empty();
    // A failing cell is shown by its inequality records and the first counterexample to 'only
    // if'; a cell that holds stays without records (nothing shows its 'iff').
    let records: Records = if ok || shown.is_empty() || ineq_c.records.is_empty() {
        Records::default()
    } else {
        let mut r = ineq_c.records.clone();
        r.extend(shown);
        r
    };
    let compared = "H_inf(X|Y) <= H_inf(X) (V0 <= V), and V = V0 iff X, Y independent";
    let counts = Value::text(
        format!(
            "{} instances with I_inf = 0 and X, Y dependent; {} independent with I_inf > 0",
            eq_dep.len(),
            indep_neq.len()
        ),
        "",
    );
    let mut c = Check::new(
        compared,
        counts,
        Value::text(format!("{total} instances"), ""),
        combined(),
        Outcome::from_holds(ok),
    );
    c.records = records;
    let mut note = format!("inequality: {}", ineq_c.note);
    if let Some(w) = eq_dep.first() {
        note = format!("counterexample to 'only if': {w}; {note}");
    }
    if let Some(w) = indep_neq.first() {
        note = format!("counterexample to 'if': {w}; {note}");
    }
    if ok {
        note = format!("both directions hold on all {total} instances; {note}");
    }
    c.with_note(note)
}

/// The comparisons of a counterexample to "V = V0 only if X, Y independent": `V(pi,M) = V0(pi)`
/// (true) and, at the first `(x, y)` where they differ, `p(x,y) = p(x) p(y)` (false).
fn dependence_records(
    prior: &[Rational],
    m: &Rows,
    v: &Rational,
    v_0: &Rational,
) -> Vec<serde_json::Value> {
    let cmp = |a: &Rational, b: &Rational| {
        crate::certify::compare(&a.to_string(), "=", &b.to_string(), a == b).into()
    };
    let py = |y: usize| -> Rational { prior.iter().zip(m).map(|(p, row)| p * &row[y]).sum() };
    let pair = (0..prior.len())
        .flat_map(|x| (0..m[0].len()).map(move |y| (x, y)))
        .map(|(x, y)| (&prior[x] * &m[x][y], &prior[x] * py(y)))
        .find(|(joint, product)| joint != product);
    pair.map_or_else(Vec::new, |(joint, product)| {
        vec![cmp(v, v_0), cmp(&joint, &product)]
    })
}

/// AACP-F2-corrected: `H∞(X|Y) = H∞(X)` iff some `x* ∈ argmax π` is an optimal guess for every
/// output (Smith's one-try attack gains nothing from Y); independence implies equality.
fn check_f2_corrected(cell: &F2Cell) -> Check {
    let mut a = Agree::new();
    let mut indep_implies = Agree::new();
    for p in cell.priors() {
        for m in channels(cell.n, cell.m, cell.den) {
            // Both sides shown by true `compare` records (V = V0 or V > V0, as V >= V0; and each
            // prior-optimal guess), kept when they agree (issue 44 item 6).
            let (v, v_0) = (matrix_utility(&p, &m), v0(&p));
            let mut st = Decider::new();
            let eq = v == v_0;
            st.rat(&v, if eq { "=" } else { ">" }, &v_0);
            let guess = one_guess_optimal(&p, &m, &mut st);
            a.push_pair_recorded(eq, guess, st.records().filter(|_| eq == guess), || {
                format!("pi = {} M = {}", fmt_vec(&p), fmt_matrix(&m))
            });
            if independent(&p, &m) {
                let mut st = Decider::new();
                let shown = st.rat(&v, "=", &v_0);
                indep_implies.push_recorded(eq, st.records().filter(|_| shown), || {
                    format!("pi = {} M = {}", fmt_vec(&p), fmt_matrix(&m))
                });
            }
        }
    }
    both(
        a.finish(
            "V(pi,M) = V0(pi)  <=>  some x* in argmax pi is an optimal guess for every y",
            combined(),
        ),
        indep_implies.finish("X, Y independent => V(pi,M) = V0(pi)", combined()),
        "I_inf = 0  <=>  one prior-optimal guess is optimal for every output; independence => I_inf = 0",
    )
}

/// All functions `0..outs → 0..ins` as vectors.
fn all_functions(outs: usize, ins: usize) -> Vec<Vec<usize>> {
    let total = ins.pow(outs as u32);
    (0..total)
        .map(|mut code| {
            (0..outs)
                .map(|_| {
                    let d = code % ins;
                    code /= ins;
                    d
                })
                .collect()
        })
        .collect()
}

/// AACP-F3: one-try attacks. The best constant guess succeeds with `max_x p(x)` (= 2^{-H∞(X)});
/// the best guessing strategy `g: Y → X` (all `|X|^|Y|` enumerated) succeeds with
/// `Σ_y max_x p(x,y)` (= 2^{-H∞(X|Y)}); reading of the ratio: `I∞ = log2(posterior success /
/// prior success) >= 0`.
fn check_f3(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (prior, m) in shape.build() {
        let j = joint_rows(&prior, &m);
        let (n, k) = (m.len(), m[0].len());
        let succ = |g: &[usize]| -> Rational { (0..k).map(|y| &j[g[y]][y]).sum() };
        let best = all_functions(k, n)
            .iter()
            .map(|g| succ(g))
            .max()
            .expect("g");
        let best_const = (0..n).map(|x| succ(&vec![x; k])).max().expect("x");
        let post = column_max_sum(&j);
        a.push_compare_all(
            [
                (&best, "=", &post),
                (&best_const, "=", &v0(&prior)),
                (&best, ">=", &best_const),
            ],
            || {
                format!(
                    "pi = {} M = {}: best g {best}, sum max p(x,y) {post}, best constant {best_const}",
                    fmt_vec(&prior),
                    fmt_matrix(&m)
                )
            },
        );
    }
    a.finish(
        "max_g sum_y p(g(y),y) = sum_y max_x p(x,y); best constant guess = max_x p(x); posterior/prior success >= 1",
        combined(),
    )
}

/// AACP-P3 (Prop. 3): with binary gain and an optimal guess, `𝒰(Y,Z) = Σ_{y,z} p(y,z)·gain(guess(z), y)`
/// maximised over all `|Y|^|Z|` guess functions equals `Σ_z max_y p(z|y) p(y)` and Smith's
/// posterior form `Σ_z p(z) max_y p(y|z)` (= 2^{-H∞(Y|Z)}).
fn check_p3(shape: &Shape) -> Check {
    let mut a = Agree::new();
    for (prior, h) in shape.build() {
        let (ny, nz) = (h.len(), h[0].len());
        let utility = |guess: &[usize]| -> Rational {
            let mut u = Rational::ZERO;
            for (y, row) in h.iter().enumerate() {
                for (z, e) in row.iter().enumerate() {
                    if guess[z] == y {
                        u += &prior[y] * e;
                    }
                }
            }
            u
        };
        let best = all_functions(nz, ny)
            .iter()
            .map(|g| utility(g))
            .max()
            .expect("g");
        let formula = matrix_utility(&prior, &h);
        let smith = posterior_form(&joint_rows(&prior, &h));
        a.push_compare_all([(&best, "=", &formula), (&formula, "=", &smith)], || {
            format!(
                "pi = {} H = {}: max U {best}, sum_z max_y {formula}, posterior form {smith}",
                fmt_vec(&prior),
                fmt_matrix(&h)
            )
        });
    }
    a.finish(
        "max over guess of U(Y,Z) (binary gain)  =  sum_z max_y p(z|y)p(y)  =  sum_z p(z) max_y p(y|z)",
        combined(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The F2 counterexample shape: with a skewed prior one guess is optimal everywhere although
    /// the rows differ, so I_inf = 0 while X and Y are dependent.
    #[test]
    fn zero_leakage_without_independence() {
        let p = vec![r(3, 4), r(1, 4)];
        let m = vec![vec![r(1, 2), r(1, 2)], vec![r(1, 1), r(0, 1)]];
        assert_eq!(matrix_utility(&p, &m), v0(&p));
        assert!(!independent(&p, &m));
        assert!(one_guess_optimal(&p, &m, &mut Decider::new()));
        // Issue 44 item 6: its comparisons, V = V0 (true) and p(0,0) = p(0)p(0) (false):
        // p(0,0) = 3/8, p(0) p(y=0) = 3/4 * 5/8 = 15/32.
        let recs = dependence_records(&p, &m, &matrix_utility(&p, &m), &v0(&p));
        let got: Vec<_> = recs
            .iter()
            .map(|r| (r["lhs"].clone(), r["rhs"].clone(), r["holds"].clone()))
            .collect();
        let want = |l: &str, r: &str, h: bool| {
            (
                serde_json::json!(l),
                serde_json::json!(r),
                serde_json::json!(h),
            )
        };
        assert_eq!(
            got,
            vec![want("3/4", "3/4", true), want("3/8", "15/32", false)]
        );
    }
}
