//! Cuff–Yu slide "Finite Alphabet": the mutual-information bound from total variation (CY-17)
//! and the classical continuity bounds behind it, Fannes–Audenaert (CY-17a) and
//! Alicki–Fannes–Winter (CY-17b).

use super::shared::*;
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "CY-17",
            grid: cy17_grid,
            beyond: Some(cy17_beyond),
            check: check_17,
        }
        .boxed(),
        Family {
            id: "CY-17a",
            grid: fa_grid,
            beyond: Some(fa_beyond),
            check: check_17a,
        }
        .boxed(),
        Family {
            id: "CY-17b",
            grid: || vec![afw(2, 2, 4), afw(3, 2, 3), afw(2, 3, 3)],
            beyond: Some(|s| vec![afw(2, 2, 4 + s as u32), afw(3, 2, 3 + s as u32)]),
            check: check_17b,
        }
        .boxed(),
    ]
}

/// Structured channel families for CY-17 / CY-4.
#[derive(Clone, Debug)]
pub enum Cy17Inst {
    Cell(ChanCell),
    /// k-ary symmetric channel `(1−δ)U + δ e_x`.
    Symmetric {
        k: usize,
        delta: Rational,
    },
    /// k-ary erasure: `Y = X` w.p. δ, else ⊥.
    Erasure {
        k: usize,
        delta: Rational,
    },
}

impl fmt::Display for Cy17Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cy17Inst::Cell(c) => write!(f, "{c}"),
            Cy17Inst::Symmetric { k, delta } => write!(f, "{k}-ary symmetric delta={delta}"),
            Cy17Inst::Erasure { k, delta } => write!(f, "{k}-ary erasure delta={delta}"),
        }
    }
}

impl Cy17Inst {
    fn build(&self) -> Vec<Vec<Vec<Rational>>> {
        match self {
            Cy17Inst::Cell(c) => c.build(),
            Cy17Inst::Symmetric { k, delta } => vec![symmetric_channel(*k, delta)],
            Cy17Inst::Erasure { k, delta } => vec![erasure_channel(*k, delta)],
        }
    }
}

fn cy17_grid() -> Vec<Cy17Inst> {
    let mut v = vec![
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 2,
            n: 8,
        }),
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 3,
            n: 5,
        }),
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 4,
            n: 3,
        }),
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 3,
            k: 3,
            n: 2,
        }),
        Cy17Inst::Cell(ChanCell::Random {
            rows: 3,
            k: 4,
            n: 8,
            count: 30,
            seed: 17,
        }),
        Cy17Inst::Cell(ChanCell::Random {
            rows: 4,
            k: 5,
            n: 10,
            count: 20,
            seed: 18,
        }),
    ];
    for k in [2, 3, 5] {
        for delta in [r(1, 100), r(1, 10), r(1, 2), r(9, 10), r(1, 1)] {
            v.push(Cy17Inst::Symmetric {
                k,
                delta: delta.clone(),
            });
            v.push(Cy17Inst::Erasure { k, delta });
        }
    }
    v
}

fn cy17_beyond(s: usize) -> Vec<Cy17Inst> {
    vec![
        Cy17Inst::Cell(ChanCell::Grid {
            rows: 2,
            k: 3,
            n: 5 + s as u32,
        }),
        Cy17Inst::Cell(ChanCell::Random {
            rows: 3,
            k: 4,
            n: 12,
            count: 100,
            seed: 1700 + s as u64,
        }),
    ]
}

/// CY-17 ("Finite Alphabet"): `TV(W_x1, W_x2) ≤ δ ∀x1,x2 ⇒ I(X;Y) ≤ 2h(δ) + 2δ ln m`,
/// `m = min{|Y|, |X| + 1}` (reading: |X_i| is the channel's input alphabet). Checked for
/// δ = the largest pairwise TV (the tightest hypothesis) and δ = 1 (the bound is not monotone
/// in δ; on [δ_max, 1] its minimum is at one of these ends), via the CB upper bound.
fn check_17(inst: &Cy17Inst) -> Check {
    let mut s = DScan::new();
    for w in inst.build() {
        let m = w[0].len().min(w.len() + 1);
        let dmax = max_tv(&w);
        let br = capacity_bracket_exact(&channel(&w));
        for delta in [dmax.clone(), r(1, 1)] {
            let bound = mi_dp_bound_from_tv(&delta, m);
            let mut st = Decider::new();
            let d = st.capacity_at_most(&br, &bound);
            s.push_recorded(
                d,
                st.records(),
                LogLinear::approx_f64(&br.upper) - LogLinear::approx_f64(&bound),
                || Value::log_linear(&br.upper),
                || Value::log_linear(&bound),
                || format!("W={} delta={delta} m={m}", fmt_rows(&w)),
            );
        }
    }
    s.finish(
        "capacity upper bound max_x D(W_x||pi W)  <=  2h(delta) + 2 delta ln m",
        Method::LogLinear,
    )
}

/// Instances of CY-17a: a simplex cell, or the attaining pair.
#[derive(Clone, Debug)]
pub enum FaInst {
    Cell { k: usize, n: u32 },
    Attain { k: usize, d: Rational },
}

impl fmt::Display for FaInst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FaInst::Cell { k, n } => write!(f, "pairs of simplex k={k} N={n}"),
            FaInst::Attain { k, d } => write!(f, "attaining pair k={k} d={d}"),
        }
    }
}

fn fa_rhs(d: &Rational, k: usize) -> LogLinear {
    &LogLinear::term(d, &Rational::from(k as u64 - 1)) + &binary_entropy(d)
}

/// CY-17a (Fannes–Audenaert, classical): `|H(P) − H(Q)| ≤ d ln(|Ω|−1) + h(d)` for
/// `d = TV(P,Q) ≤ 1 − 1/|Ω|`; attained by `P = e_1`, `Q = (1−d, d/(k−1), ..., d/(k−1))`.
fn check_17a(inst: &FaInst) -> Check {
    match inst {
        FaInst::Cell { k, n } => {
            let pts = simplex(*k, *n);
            let cap = r(1, 1) - r(1, *k as i64);
            let mut s = DScan::new();
            for (i, p) in pts.iter().enumerate() {
                for q in &pts[i..] {
                    let d = tv(p, q);
                    if d > cap {
                        continue;
                    }
                    let rhs = fa_rhs(&d, *k);
                    let diff = &entropy(p) - &entropy(q);
                    let abs = if diff.signum() == Ordering::Less {
                        -diff
                    } else {
                        diff
                    };
                    s.push_log_le(&abs, &rhs, || fmt_pair(p, q));
                }
            }
            s.finish("|H(P) - H(Q)|  <=  d ln(k-1) + h(d)", Method::LogLinear)
        }
        FaInst::Attain { k, d } => {
            let mut p = vec![r(0, 1); *k];
            p[0] = r(1, 1);
            let mut q = vec![d / Rational::from(*k as u64 - 1); *k];
            q[0] = r(1, 1) - d;
            let lhs = &entropy(&q) - &entropy(&p);
            let rhs = fa_rhs(d, *k);
            let mut st = Decider::new();
            let ok = st.log(&lhs, "=", &rhs) && st.rat(&tv(&p, &q), "=", d);
            let mut c = Check::new(
                "H(Q) - H(P) for P = e_1, Q = (1-d, d/(k-1), ...)  =  d ln(k-1) + h(d)",
                Value::log_linear(&lhs),
                Value::log_linear(&rhs),
                Method::LogLinear,
                if ok { Outcome::Holds } else { Outcome::Fails },
            )
            .with_note(format!("witness {}", fmt_pair(&p, &q)));
            c.records = st.records().unwrap_or_default();
            c
        }
    }
}

fn fa_grid() -> Vec<FaInst> {
    vec![
        FaInst::Cell { k: 2, n: 12 },
        FaInst::Cell { k: 3, n: 6 },
        FaInst::Cell { k: 4, n: 4 },
        FaInst::Cell { k: 5, n: 3 },
        FaInst::Attain { k: 3, d: r(1, 3) },
        FaInst::Attain { k: 4, d: r(1, 2) },
        FaInst::Attain { k: 5, d: r(4, 5) },
    ]
}

/// `dpcert search` beyond [`fa_grid`]: pairs of the 3- and 4-point simplices at a finer resolution.
fn fa_beyond(s: usize) -> Vec<FaInst> {
    vec![
        FaInst::Cell {
            k: 3,
            n: 6 + s as u32,
        },
        FaInst::Cell {
            k: 4,
            n: 4 + s as u32,
        },
    ]
}

/// `(1+d) h(d/(1+d))`.
fn afw_term(d: &Rational) -> LogLinear {
    let one = r(1, 1);
    binary_entropy(&(d / (&one + d))).scale(&(&one + d))
}

/// A cell of CY-17b: all pairs of joints on `|X| × |Y|` with entries in `ℕ/N`.
#[derive(Clone, Debug)]
pub struct AfwCell {
    pub nx: usize,
    pub ny: usize,
    pub n: u32,
}

impl fmt::Display for AfwCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "joints |X|={} |Y|={} N={}", self.nx, self.ny, self.n)
    }
}

fn afw(nx: usize, ny: usize, n: u32) -> AfwCell {
    AfwCell { nx, ny, n }
}

/// CY-17b (Alicki–Fannes–Winter, classical): for joints P, Q on X×Y with d = TV(P,Q):
/// `|H(X|Y)_P − H(X|Y)_Q| ≤ 2d ln|X| + (1+d) h(d/(1+d))`.
fn check_17b(inst: &AfwCell) -> Check {
    let (nx, ny, n) = (inst.nx, inst.ny, inst.n);
    let pts = simplex(nx * ny, n);
    let cond = |p: &[Rational]| -> LogLinear {
        // joint index x*ny + y; H(X|Y) = H(X,Y) − H(Y).
        let py: Vec<Rational> = (0..ny)
            .map(|y| (0..nx).map(|x| p[x * ny + y].clone()).sum())
            .collect();
        &entropy(p) - &entropy(&py)
    };
    let conds: Vec<LogLinear> = pts.iter().map(|p| cond(p)).collect();
    let mut s = DScan::new();
    for (i, p) in pts.iter().enumerate() {
        for (j, q) in pts.iter().enumerate().skip(i) {
            let d = tv(p, q);
            let rhs = &LogLinear::term(&(r(2, 1) * &d), &Rational::from(nx as u64)) + &afw_term(&d);
            let diff = &conds[i] - &conds[j];
            let abs = if diff.signum() == Ordering::Less {
                -diff
            } else {
                diff
            };
            s.push_log_le(&abs, &rhs, || {
                format!("joints (x-major) {}", fmt_pair(p, q))
            });
        }
    }
    s.finish(
        "|H(X|Y)_P - H(X|Y)_Q|  <=  2d ln|X| + (1+d) h(d/(1+d))",
        Method::LogLinear,
    )
}
