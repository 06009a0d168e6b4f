//! The prior constants of Wang–Ying–Zhang: ε_X (eq (16)) and ε̃_X (l.149–153), decided exactly.
//!
//! With α = e^{−ε}, the Gibbs posterior (41) is feasible iff p_Y^{(α)} = G_α⁻¹ p_X ≥ 0, and
//! (1−α)ⁿ p_Y^{(α)}(y) = P_y(α) := Σ_x p_X(x)(1+(m−2)α)^{n−d(x,y)}(−α)^{d(x,y)} (the per-row
//! inverse k_α⁻¹, G7). α̃ = e^{−ε̃_X} is found by Sturm root isolation of every P_y in (0,1).
//! Reading of D12: "smallest ε" is taken over ε ∈ [0, ∞) (α ∈ (0, 1]); ε̃_X = +∞ when no such ε.
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::core::{
    gibbs_feasible, gibbs_inverse, pw, q, qi, r_x, random_prior, show_pt, Prior, Space,
};
use super::inst::{grid_nmp, nmp_beyond, Nmp};
use super::sturm_steps;
use crate::claim::scan::Tally;
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::num::sturm::{count_real_roots_closed, sign_on, Range, RealRoot};
use crate::num::SignOnInterval;
use crate::num::{Poly, Rational};
use std::cmp::Ordering;

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let f = |id: &'static str, grid: fn() -> Vec<Nmp>, check: fn(&Nmp) -> Check| {
        Family {
            id,
            grid,
            beyond: Some(nmp_beyond),
            check,
        }
        .boxed()
    };
    vec![
        f("WYZ-D11", grid_nmp, d11),
        f("WYZ-D12", grid_nmp, d12),
        Family {
            id: "WYZ-S4",
            grid: grid_all,
            beyond: Some(beyond_all),
            check: s4,
        }
        .boxed(),
        Family {
            id: "WYZ-S5",
            grid: grid_all,
            beyond: Some(beyond_all),
            check: s5,
        }
        .boxed(),
        f("WYZ-S5-corrected", grid_nmp, s5_corrected),
        f("WYZ-X1", grid_nmp, x1),
        f("WYZ-X2", grid_x2, x2),
        f("WYZ-X3", grid_nmp, x3),
    ]
}

/// Priors without full support: a point mass, two antipodal points, all but one point.
pub fn non_full(sp: &Space) -> Vec<Prior> {
    let n = sp.size;
    let mut point = vec![qi(0); n];
    point[0] = qi(1);
    let mut two = vec![qi(0); n];
    two[0] = q(1, 2);
    two[n - 1] = q(1, 2);
    let mut allbut = vec![q(1, n as i64 - 1); n];
    allbut[n - 1] = qi(0);
    vec![
        Prior {
            label: "point(0)".into(),
            p: point,
        },
        Prior {
            label: "two-point(0,last)".into(),
            p: two,
        },
        Prior {
            label: "all-but-last".into(),
            p: allbut,
        },
    ]
}

fn grid_all() -> Vec<Nmp> {
    let mut v = Vec::new();
    for i in grid_nmp() {
        let sp = Space::new(i.n, i.m);
        if i.prior.label == "uniform" {
            for prior in non_full(&sp) {
                v.push(Nmp {
                    n: i.n,
                    m: i.m,
                    prior,
                });
            }
        }
        v.push(i);
    }
    v
}

/// Beyond family of S4/S5 (whose grid also has priors without full support): the spaces of
/// [`nmp_beyond`] with their default priors plus the point-mass, two-point and all-but-one
/// priors of each space.
fn beyond_all(k: usize) -> Vec<Nmp> {
    let mut v = nmp_beyond(k);
    let mut spaces: Vec<(usize, usize)> = v.iter().map(|i| (i.n, i.m)).collect();
    spaces.dedup();
    for (n, m) in spaces {
        for prior in non_full(&Space::new(n, m)) {
            v.push(Nmp { n, m, prior });
        }
    }
    v
}

/// X2 grid: the default priors plus random n = 1 priors and product priors with distinct rows.
fn grid_x2() -> Vec<Nmp> {
    let mut v = grid_nmp();
    for m in 2..=4 {
        let sp = Space::new(1, m);
        for seed in 10..16 {
            v.push(Nmp {
                n: 1,
                m,
                prior: random_prior(&sp, seed, 6),
            });
        }
    }
    v
}

/// P_y(α) = Σ_x p_X(x)(1+(m−2)α)^{n−d(x,y)}(−α)^{d(x,y)} (claims file §0.1).
pub fn p_y_poly(sp: &Space, p: &[Rational], y: usize) -> Poly {
    let a = Poly::new(vec![qi(1), qi(sp.m as i64 - 2)]);
    let b = Poly::new(vec![qi(0), qi(-1)]);
    let mut acc = Poly::zero();
    for x in 0..sp.size {
        if p[x] == 0u32 {
            continue;
        }
        let d = sp.d(x, y);
        let term = &(&a.pow((sp.n - d) as u64) * &b.pow(d as u64)) * &p[x];
        acc = &acc + &term;
    }
    acc
}

/// Compare two real algebraic numbers exactly.
pub fn cmp_roots(a: &RealRoot, b: &RealRoot) -> Ordering {
    if let Some(r) = a.as_rational() {
        return b.cmp_rational(r).reverse();
    }
    if let Some(r) = b.as_rational() {
        return a.cmp_rational(r);
    }
    let g = a.poly.gcd(&b.poly);
    let common =
        !g.is_constant() && a.sign_of(&g) == Ordering::Equal && b.sign_of(&g) == Ordering::Equal;
    let (mut a, mut b) = (a.clone(), b.clone());
    loop {
        if a.hi <= b.lo {
            return Ordering::Less;
        }
        if b.hi <= a.lo {
            return Ordering::Greater;
        }
        if common {
            let lo = (&a.lo).min(&b.lo).clone();
            let hi = (&a.hi).max(&b.hi).clone();
            if count_real_roots_closed(&g, &lo, &hi) == 1 {
                return Ordering::Equal;
            }
        }
        a.bisect();
        b.bisect();
        if a.as_rational().is_some() || b.as_rational().is_some() {
            return cmp_roots(&a, &b);
        }
    }
}

/// `r` bisected until `done` (at most 200 times: it may stop short).
fn refined(r: &RealRoot, done: impl Fn(&RealRoot) -> bool) -> RealRoot {
    let mut r = r.clone();
    for _ in 0..200 {
        if done(&r) {
            break;
        }
        r.bisect();
    }
    r
}

/// The threshold α̃ = e^{−ε̃_X} of a full-support prior.
pub enum Threshold {
    /// Feasible on all of (0, 1) (and at α = 1 iff uniform).
    WholeInterval,
    /// α̃ ∈ (0, 1): the least point after which some P_y turns negative, with that y.
    Root(RealRoot, usize),
}

/// The first root of P_y in (0, 1) right after which P_y is negative (P_y(0) = p_X(y) > 0).
fn first_negative_root(p: &Poly) -> Option<RealRoot> {
    let roots: Vec<RealRoot> = RealRoot::roots_in(p, &qi(0), &qi(1))
        .into_iter()
        .filter(|r| r.as_rational().is_none_or(|v| *v > 0u32 && *v < 1u32))
        .collect();
    for (k, r) in roots.iter().enumerate() {
        let left = r.hi.clone();
        let right = roots.get(k + 1).map(|s| s.lo.clone()).unwrap_or(qi(1));
        let s = if left == right {
            left
        } else {
            (&left + &right) / qi(2)
        };
        if p.sign_at(&s) == Ordering::Less {
            return Some(r.clone());
        }
    }
    None
}

/// α̃ for a full-support prior: the minimum over y of the first negative-going root of P_y.
pub fn threshold(sp: &Space, p: &[Rational]) -> Threshold {
    let mut best: Option<(RealRoot, usize)> = None;
    for y in 0..sp.size {
        if let Some(r) = first_negative_root(&p_y_poly(sp, p, y)) {
            let better = match &best {
                None => true,
                Some((b, _)) => cmp_roots(&r, b) == Ordering::Less,
            };
            if better {
                best = Some((r, y));
            }
        }
    }
    match best {
        None => Threshold::WholeInterval,
        Some((r, y)) => Threshold::Root(r, y),
    }
}

fn show_threshold(th: &Threshold) -> String {
    match th {
        Threshold::WholeInterval => "1".into(),
        Threshold::Root(r, _) => r.to_string(),
    }
}

/// D11 (eq (16)): r_X = e^{ε_X} from every ordered neighbour pair; r_X ≥ 1; for n = 1 it is
/// p_max/p_min (G9) and for product priors max_i π_{i,max}/π_{i,min} (X2 candidate).
fn d11(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let level = r_x(&sp, p);
    let at = level.pair;
    let r = match level.ratio.into_finite() {
        Some(r) => r,
        None => return crate::claim::undecided_because("prior without full support"),
    };
    let mut tally = Tally::new();
    tally.compare(&r, ">=", &qi(1), || format!("r_X = {r} < 1"));
    // Cross-check against the maximum over unordered pairs of max(p/p', p'/p).
    let mut m2 = qi(1);
    for x in 0..sp.size {
        for (y, _) in sp.neighbours(x) {
            if x < y {
                let a = &p[x] / &p[y];
                let b = &p[y] / &p[x];
                m2 = m2.max(a).max(b);
            }
        }
    }
    tally.compare(&m2, "=", &r, || "ordered vs unordered maximum".into());
    if let Some(rows) = row_marginals_if_product(&sp, p) {
        let want = rows
            .iter()
            .map(|pi| pi.iter().max().unwrap() / pi.iter().min().unwrap())
            .max()
            .unwrap();
        tally.compare(&want, "=", &r, || {
            format!("product closed form {want} != {r}")
        });
    }
    tally.finish(
        "e^{eps_X} = max_{x~x'} p_X(x)/p_X(x') (16); product/n=1 closed forms",
        Method::Enumeration,
        &format!(
            "r_X = {r} at x={} x'={}",
            show_pt(&sp, at.0),
            show_pt(&sp, at.1)
        ),
    )
}

/// The row marginals when p is exactly the product of its row marginals.
pub fn row_marginals_if_product(sp: &Space, p: &[Rational]) -> Option<Vec<Vec<Rational>>> {
    let mut rows = vec![vec![qi(0); sp.m]; sp.n];
    for x in 0..sp.size {
        for r in 0..sp.n {
            rows[r][sp.pts[x][r]] += &p[x];
        }
    }
    for x in 0..sp.size {
        let mut v = qi(1);
        for r in 0..sp.n {
            v *= &rows[r][sp.pts[x][r]];
        }
        if v != p[x] {
            return None;
        }
    }
    Some(rows)
}

/// Rational sample points strictly inside (0, α̃) and (α̃, 1).
fn samples(th: &Threshold) -> (Vec<Rational>, Vec<Rational>) {
    match th {
        Threshold::WholeInterval => (vec![q(1, 10), q(1, 2), q(99, 100)], vec![]),
        Threshold::Root(r, _) => {
            // A lower end above 0, so that every sample below is in (0, α̃).
            let r = &refined(r, |r| r.lo > 0u32);
            let lo = r.lo.clone();
            let hi = r.hi.clone();
            let below = vec![&lo / qi(4), &lo / qi(2), lo.clone() * q(99, 100)]
                .into_iter()
                .filter(|v| *v > 0u32 && *v < lo || (*v == lo && r.as_rational().is_none()))
                .collect();
            let above = vec![
                if r.as_rational().is_some() {
                    (&hi + qi(1)) / qi(2) * q(1, 100) + &hi * q(99, 100)
                } else {
                    hi.clone()
                },
                (&hi + qi(1)) / qi(2),
            ]
            .into_iter()
            .filter(|v| *v > hi || (*v == hi && r.as_rational().is_none()))
            .filter(|v| *v < 1u32)
            .collect();
            (below, above)
        }
    }
}

/// D12 (l.149–153): ε̃_X is attained: the Gibbs posterior is feasible on (0, α̃] and not on
/// (α̃, 1) (checked at the root — where min_y p_Y = 0 — and at rational points on both sides).
fn d12(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let th = threshold(&sp, p);
    let mut tally = Tally::new();
    let (below, above) = samples(&th);
    for s in &below {
        feasibility_shown(&mut tally, &sp, p, s, true);
    }
    for s in &above {
        feasibility_shown(&mut tally, &sp, p, s, false);
    }
    match &th {
        Threshold::WholeInterval => {
            // Feasible at α = 1 iff uniform (least mass = largest), by its `compare` record.
            let uniform = i.prior.is_uniform();
            let rel = if uniform { "=" } else { "!=" };
            let (min, max) = (p.iter().min(), p.iter().max());
            match (gibbs_feasible(&sp, &qi(1), p) == uniform, min, max) {
                (true, Some(min), Some(max)) => tally.compare(min, rel, max, || "alpha = 1".into()),
                _ => tally.check(false, || "alpha = 1".into()),
            }
        }
        Threshold::Root(r, y) => {
            // At α̃ every P_z ≥ 0 and P_y = 0, each with its `sturm` records (issue 44 item 6).
            let pzs: Vec<Poly> = (0..sp.size).map(|z| p_y_poly(&sp, p, z)).collect();
            let r = &pinned(r, &pzs);
            let py = p_y_poly(&sp, p, *y);
            let ok = r.sign_of(&py) == Ordering::Equal;
            let recs = if ok { zero_at_root(r, &py) } else { Vec::new() };
            tally.check_shown(ok, recs, || "P_y(alpha~) != 0".into());
            for (z, pz) in pzs.iter().enumerate() {
                let ok = r.sign_of(pz) != Ordering::Less;
                let recs = if ok {
                    nonnegative_at_root(r, pz, &py)
                } else {
                    Vec::new()
                };
                tally.check_shown(ok, recs, || format!("P_{z}(alpha~) < 0"));
            }
        }
    }
    tally.finish(
        "Gibbs posterior feasible exactly on (0, alpha~]; least eps exists",
        Method::Polynomial,
        &format!("alpha~ = e^(-eps~_X) = {}", show_threshold(&th)),
    )
}

/// `r` as the rational it is when some polynomial of `pys` has it as the root of a linear
/// common factor (isolation need not hit a rational root exactly: WYZ-D12's product priors),
/// so that the steps at it are shown at that point.
fn pinned(r: &RealRoot, pys: &[Poly]) -> RealRoot {
    let mut r = r.clone();
    if r.as_rational().is_none() {
        let linear_root = |p: &Poly| {
            let g = p.gcd(&r.poly);
            (g.degree() == Some(1)).then(|| -g.coeff(0) / g.coeff(1))
        };
        let v = pys
            .iter()
            .filter_map(linear_root)
            .find(|v| r.cmp_rational(v) == Ordering::Equal);
        if let Some(v) = v {
            (r.lo, r.hi) = (v.clone(), v);
        }
    }
    r
}

/// The records that `P_y` vanishes at the root `r` of `P_y` (a step decided true): at a
/// rational root, on `[v, v]`; at an irrational one, its sign change across the isolating
/// interval `(lo, hi)` (`P_y(lo) > 0 > P_y(hi)`: α̃ is the root `P_y` has there).
fn zero_at_root(r: &RealRoot, py: &Poly) -> Vec<serde_json::Value> {
    let recs = match r.as_rational() {
        Some(v) => sturm_steps::sign_records(py, &format!("[{v}, {v}]"), "="),
        None => {
            let r = refined(r, |r| r.lo > 0u32);
            let (lo, hi) = (&r.lo, &r.hi);
            let change = py.sign_at(lo) == Ordering::Greater && py.sign_at(hi) == Ordering::Less;
            let at = |v: &Rational, rel| sturm_steps::sign_records(py, &format!("[{v}, {v}]"), rel);
            change
                .then(|| Some([at(lo, ">")?, at(hi, "<")?].concat()))
                .flatten()
        }
    };
    recs.unwrap_or_default()
}

/// The records that `P_z ≥ 0` at the root `r` of `P_y` (a step decided true): at a rational
/// root, on `[v, v]`; at an irrational one, `P_z > 0` on an isolating interval refined until it
/// is, or, where `P_z` vanishes there too, the identity `P_z = c·P_y` (issue 44 item 6: a
/// common factor that is not all of `P_y` gets no record).
fn nonnegative_at_root(r: &RealRoot, pz: &Poly, py: &Poly) -> Vec<serde_json::Value> {
    if let Some(v) = r.as_rational() {
        return sturm_steps::sign_records(pz, &format!("[{v}, {v}]"), ">=").unwrap_or_default();
    }
    let closed = |r: &RealRoot| Range::closed(r.lo.clone(), r.hi.clone());
    let recs = if r.sign_of(pz) == Ordering::Greater {
        let r = refined(r, |r| sign_on(pz, &closed(r)) == SignOnInterval::Positive);
        let positive = sign_on(pz, &closed(&r)) == SignOnInterval::Positive;
        let range = format!("[{}, {}]", r.lo, r.hi);
        positive
            .then(|| sturm_steps::sign_records(pz, &range, ">"))
            .flatten()
    } else {
        let c = match (pz.coeffs().last(), py.coeffs().last()) {
            (Some(a), Some(b)) if *b != 0u32 => a / b,
            _ => return Vec::new(),
        };
        if *pz != py * &c {
            return Vec::new();
        }
        let statement = format!(
            "forall t in [{}, {}]: {} = ({c})*({})",
            r.lo,
            r.hi,
            sturm_steps::poly_text(pz),
            sturm_steps::poly_text(py)
        );
        let recs = crate::lang::recorded_sturm(&statement);
        (!recs.is_empty()).then_some(recs)
    };
    recs.unwrap_or_default()
}

/// S4 (l.37, l.149, l.6): (a) ε_X < ∞ ⇔ full support; ε_X ≥ 0; (b) uniform ⇔ ε_X = 0.
fn s4(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite();
    let mut tally = Tally::new();
    // Each equivalence as records on the side that r_X is on: full support (the least mass
    // > 0) iff r_X is finite; uniform (least mass = largest) iff r_X = 1.
    let (min, max) = (
        p.iter().min().expect("N >= 1"),
        p.iter().max().expect("N >= 1"),
    );
    let full = *min > 0u32;
    let side = if r.is_some() { ">" } else { "<=" };
    tally.compare(min, side, &qi(0), || {
        format!("finite = {}, full = {full}", r.is_some())
    });
    if let Some(r) = &r {
        tally.compare(r, ">=", &qi(1), || "eps_X < 0".into());
        let side = if *r == 1u32 { "=" } else { "!=" };
        tally.compare_all(
            [(r.clone(), side, qi(1)), (min.clone(), side, max.clone())],
            || "uniform <=> eps_X = 0".into(),
        );
    }
    tally.finish(
        "eps_X finite <=> full support; eps_X >= 0; eps_X = 0 <=> uniform",
        Method::Exact,
        &format!(
            "r_X = {}",
            r.map(|v| v.to_string()).unwrap_or("+inf".into())
        ),
    )
}

/// Is the Gibbs posterior feasible at some α ∈ (0, 1]? Full support: yes near 0 (P_y(0) > 0).
/// Otherwise decided by Sturm: some α in (0,1) with all P_y(α) ≥ 0, or α = 1 with p uniform.
fn some_feasible_alpha(sp: &Space, p: &[Rational]) -> (bool, String) {
    if gibbs_feasible(sp, &qi(1), p) {
        return (true, "alpha = 1".into());
    }
    // Candidate points: rational points between the roots of all P_y in (0,1).
    let mut pts: Vec<Rational> = Vec::new();
    for y in 0..sp.size {
        for r in RealRoot::roots_in(&p_y_poly(sp, p, y), &qi(0), &qi(1)) {
            pts.push(r.lo.clone());
            pts.push(r.hi.clone());
        }
    }
    pts.push(qi(0));
    pts.push(qi(1));
    pts.sort();
    pts.dedup();
    // Every P_y has constant sign between consecutive isolating endpoints that are not inside
    // an isolating interval; test midpoints and the rational endpoints themselves.
    let mut cands = Vec::new();
    for w in pts.windows(2) {
        cands.push((&w[0] + &w[1]) / qi(2));
    }
    cands.extend(pts.iter().filter(|v| **v > 0u32 && **v < 1u32).cloned());
    // Full support: all P_y > 0 near 0; try α = 2^-k.
    let mut s = qi(1);
    for _ in 0..64 {
        s /= qi(2);
        cands.push(s.clone());
    }
    for s in cands {
        let ok = (0..sp.size).all(|y| p_y_poly(sp, p, y).sign_at(&s) != Ordering::Less);
        if ok {
            return (true, format!("alpha = {s}"));
        }
    }
    // No sample point works. Certify infeasibility on (0,1): for each gap some P_y is
    // negative at its midpoint and (having no root inside the gap) on the whole gap; isolated
    // algebraic roots would need every P_y ≥ 0 there — checked via a y negative on both sides.
    match infeasible_witness(sp, p) {
        Some(w) => (false, w),
        None => (true, "UNDECIDED".into()),
    }
}

/// The first `y` with `P_y < 0` on all of (0, 1), with `P_y`.
fn negative_row(sp: &Space, p: &[Rational]) -> Option<(usize, Poly)> {
    let open = crate::num::sturm::Range::open(qi(0), qi(1));
    (0..sp.size)
        .map(|y| (y, p_y_poly(sp, p, y)))
        .find(|(_, py)| {
            crate::num::sturm::sign_on(py, &open) == crate::num::SignOnInterval::Negative
        })
}

fn infeasible_witness(sp: &Space, p: &[Rational]) -> Option<String> {
    let (y, py) = negative_row(sp, p)?;
    Some(format!(
        "P_y(alpha) = {} < 0 on all of (0,1) at y = {}, and p_X is not uniform (alpha = 1 infeasible)",
        py.to_string_var("alpha"),
        show_pt(sp, y)
    ))
}

/// The records that no α ∈ (0, 1] is feasible (issue 44 item 6): the `sturm` record of
/// `P_y < 0` on (0, 1) and the false `compare` record of the claim at α = 1 (feasible there iff
/// p_X is uniform: least mass = largest), which the `claim` record's rule for a failure takes.
fn infeasible_records(sp: &Space, p: &[Rational]) -> Vec<serde_json::Value> {
    let (min, max) = (p.iter().min(), p.iter().max());
    let (Some((_, py)), Some(min), Some(max)) = (negative_row(sp, p), min, max) else {
        return Vec::new();
    };
    let mut recs = crate::lang::recorded_sturm(&format!(
        "forall t in (0, 1): {} < 0",
        sturm_steps::poly_text(&py)
    ));
    if !recs.is_empty() {
        let (lhs, rhs) = (min.to_string(), max.to_string());
        recs.push(crate::certify::compare(&lhs, "=", &rhs, min == max).into());
    }
    recs
}

fn feasibility_check(compared: &str, ok: bool, w: &str) -> Check {
    let outcome = if w == "UNDECIDED" {
        Outcome::Undecided
    } else {
        Outcome::from_holds(ok)
    };
    Check::new(
        compared,
        Value::text(if ok { "exists" } else { "none" }, ""),
        Value::text("exists", ""),
        Method::Polynomial,
        outcome,
    )
}

/// S5 (l.153): for any p_X, ε̃_X < ∞ ("when ε → +∞ the pmf p_Y = p_X is the marginal").
/// Read over ε ∈ [0, ∞): finite iff the Gibbs posterior is feasible at some α ∈ (0, 1].
fn s5(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let (ok, w) = some_feasible_alpha(&sp, &i.prior.p);
    let mut c = feasibility_check(
        "some alpha = e^-eps in (0,1] with G_alpha^-1 p_X >= 0",
        ok,
        &w,
    );
    c.note = if ok {
        format!("feasible at {w}")
    } else {
        format!("eps~_X = +inf: {w}; the limit argument only gives feasibility at eps = +inf itself (alpha = 0, p_Y = p_X)")
    };
    if !ok && crate::certify::recording() {
        c.records = infeasible_records(&sp, &i.prior.p).into();
    }
    c
}

/// S5-corrected: every full-support prior has ε̃_X < ∞ (P_y(0) = p_X(y) > 0 for all y, so
/// all P_y > 0 on [0, δ)); the witness α is exhibited and checked exactly.
fn s5_corrected(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let (ok, w) = some_feasible_alpha(&sp, &i.prior.p);
    let mut c = feasibility_check(
        "full support: some alpha in (0,1] with G_alpha^-1 p_X >= 0",
        ok,
        &w,
    )
    .with_note(format!("feasible at {w}"));
    if ok {
        c.records = feasible_below_threshold(&sp, &i.prior.p)
            .unwrap_or_default()
            .into();
    }
    c
}

/// The records that the Gibbs posterior is feasible on `(0, a]` for a rational `a > 0`: `a = 1`,
/// the threshold when it is rational, else the lower end of its isolating interval (every
/// `P_y ≥ 0` on (0, α̃]).
fn feasible_below_threshold(sp: &Space, p: &[Rational]) -> Option<Vec<serde_json::Value>> {
    if !crate::certify::recording() {
        return None;
    }
    let a = match threshold(sp, p) {
        Threshold::WholeInterval => qi(1),
        Threshold::Root(r, _) => match r.as_rational() {
            Some(v) => v.clone(),
            None => refined(&r, |r| r.lo > 0u32).lo,
        },
    };
    if a <= 0u32 {
        return None;
    }
    pys_feasible_upto(sp, p, &a)
}

/// The records that `α̃ = v` (issue 44 item 6): every `P_z ≥ 0` on `(0, v]` and, below 1,
/// `P_y < 0` just after `v`; `None` when they do not show it, or while not recording.
pub fn threshold_is(
    sp: &Space,
    p: &[Rational],
    th: &Threshold,
    v: &Rational,
) -> Option<Vec<serde_json::Value>> {
    let mut recs = pys_feasible_upto(sp, p, v)?;
    match th {
        Threshold::WholeInterval if *v == 1u32 => {}
        Threshold::Root(_, y) => recs.extend(sturm_steps::infeasible_after(
            &p_y_poly(sp, p, *y),
            v,
            &qi(1),
        )?),
        Threshold::WholeInterval => return None,
    }
    Some(recs)
}

/// [`sturm_steps::feasible_upto`] of every `P_y` of `p`.
fn pys_feasible_upto(sp: &Space, p: &[Rational], a: &Rational) -> Option<Vec<serde_json::Value>> {
    let pys: Vec<Poly> = (0..sp.size).map(|y| p_y_poly(sp, p, y)).collect();
    sturm_steps::feasible_upto(&pys, a)
}

/// The records that the Gibbs posterior is feasible at `s` (every `P_y ≥ 0` on `(0, s]`) or,
/// when `feasible` is false, infeasible there (some `P_z < 0` at `s`, with `s < 1`); empty when
/// they do not show it, or while not recording.
fn feasibility_records(
    sp: &Space,
    p: &[Rational],
    s: &Rational,
    feasible: bool,
) -> Vec<serde_json::Value> {
    let recs = if feasible {
        pys_feasible_upto(sp, p, s)
    } else {
        let pys: Vec<Poly> = (0..sp.size).map(|y| p_y_poly(sp, p, y)).collect();
        sturm_steps::infeasible_at(&pys, s).filter(|_| *s < 1u32)
    };
    recs.unwrap_or_default()
}

/// The sub-check of `tally` that the Gibbs posterior is feasible at `s` exactly when `feasible`,
/// shown by [`feasibility_records`].
fn feasibility_shown(tally: &mut Tally, sp: &Space, p: &[Rational], s: &Rational, feasible: bool) {
    let ok = gibbs_feasible(sp, s, p) == feasible;
    let recs = if ok {
        feasibility_records(sp, p, s, feasible)
    } else {
        Vec::new()
    };
    tally.check_shown(ok, recs, || match feasible {
        true => format!("infeasible at alpha={s} < alpha~"),
        false => format!("feasible at alpha={s} > alpha~"),
    });
}

/// X1: the Gibbs-feasible set of α is (0, α̃] (an up-set [ε̃_X, ∞] in ε).
/// Structural certificate: for α' ≤ α, k_α = k_{α'} M with M = k_{α'}⁻¹ k_α a channel, whose
/// off-diagonal entry is (α − α')/((1−α')(1+(m−1)α)) ≥ 0 — checked exactly on a grid of pairs —
/// so p_X = G_α p_Y (p_Y ≥ 0) gives p_X = G_{α'} (M^{⊗n} p_Y). Per prior: the Sturm threshold
/// α̃ and the exact feasibility pattern at sample points on both sides (as D12).
fn x1(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let mut tally = Tally::new();
    let grid = [q(1, 5), q(1, 3), q(1, 2), q(2, 3), q(9, 10)];
    for alpha_p in &grid {
        for alpha in &grid {
            if alpha_p > alpha {
                continue;
            }
            // M = k_{α'}^{-1} k_α per row: compute the m×m product exactly.
            let m = sp.m as i64;
            let gp = qi(1) + qi(m - 1) * alpha_p;
            let g = qi(1) + qi(m - 1) * alpha;
            let kinv = |a: usize, b: usize| {
                (if a == b { gp.clone() } else { qi(0) } - alpha_p) / (qi(1) - alpha_p)
            };
            let k = |a: usize, b: usize| if a == b { qi(1) / &g } else { alpha / &g };
            for a in 0..sp.m {
                for b in 0..sp.m {
                    let e: Rational = (0..sp.m).map(|c| kinv(a, c) * k(c, b)).sum();
                    tally.compare(&e, ">=", &qi(0), || {
                        format!("M({a},{b}) < 0 at alpha'={alpha_p} alpha={alpha}")
                    });
                    if a != b {
                        let want = (alpha - alpha_p) / ((qi(1) - alpha_p) * &g);
                        tally.compare(&e, "=", &want, || "off-diagonal closed form".into());
                    }
                }
            }
        }
    }
    let th = threshold(&sp, p);
    let (below, above) = samples(&th);
    // Each sample's feasibility with its `sturm` records (issue 44 item 6).
    for s in &below {
        feasibility_shown(&mut tally, &sp, p, s, true);
    }
    for s in &above {
        feasibility_shown(&mut tally, &sp, p, s, false);
    }
    // Direct sanity of the down-set property on the rational grid: each window is shown by
    // the records of its true side (feasible at the smaller alpha, or not at the larger).
    let feas: Vec<bool> = grid.iter().map(|s| gibbs_feasible(&sp, s, p)).collect();
    for (k, w) in feas.windows(2).enumerate() {
        let recs = match (w[0], w[1]) {
            (true, _) => feasibility_records(&sp, p, &grid[k], true),
            (false, false) => feasibility_records(&sp, p, &grid[k + 1], false),
            (false, true) => Vec::new(),
        };
        tally.check_shown(w[0] || !w[1], recs, || {
            "feasible at a larger alpha but not a smaller one".into()
        });
    }
    tally.finish(
        "feasible set of alpha is (0, alpha~]: k_alpha = k_alpha' M with M >= 0 for alpha' <= alpha; Sturm threshold",
        Method::Combined(vec![Method::Exact, Method::Polynomial]),
        &format!("alpha~ = {}", show_threshold(&th)),
    )
}

/// X2: candidate closed forms for α̃ = e^{−ε̃_X}: n = 1: e^{ε̃} = max{1, 1/p_min − (m−1)};
/// product priors: e^{ε̃} = max_i (1/π_{i,min} − (m−1)) (at least 1); uniform ⇔ α̃ = 1.
/// Also the candidate closed form of p_Y: G_α⁻¹p_X = P_y(α)/(1−α)ⁿ at α = 1/2.
fn x2(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let th = threshold(&sp, p);
    let mut tally = Tally::new();
    let half = q(1, 2);
    let inv = gibbs_inverse(&sp, &half, p);
    for y in 0..sp.size {
        let v = p_y_poly(&sp, p, y).eval(&half) / pw(&half, sp.n);
        tally.compare(&v, "=", &inv[y], || format!("P_y closed form at y={y}"));
    }
    let is_whole = matches!(th, Threshold::WholeInterval);
    let (min, max) = (
        p.iter().min().expect("N >= 1"),
        p.iter().max().expect("N >= 1"),
    );
    // α̃ = 1 (feasible on all of (0, 1]) or α̃ < 1 (infeasible after a rational a < 1), beside
    // uniform (least mass = largest) or not.
    let recs = (|| {
        let mut recs = match &th {
            Threshold::WholeInterval => pys_feasible_upto(&sp, p, &qi(1))?,
            Threshold::Root(r, y) => {
                let r = refined(r, |r| r.hi < 1u32);
                let a = r.as_rational().unwrap_or(&r.hi).clone();
                let mut recs = sturm_steps::infeasible_after(&p_y_poly(&sp, p, *y), &a, &qi(1))?;
                recs.push(crate::certify::compare(&a.to_string(), "<", "1", a < 1u32).into());
                recs
            }
        };
        let rel = if is_whole { "=" } else { "!=" };
        recs.push(
            crate::certify::compare(
                &min.to_string(),
                rel,
                &max.to_string(),
                (min == max) == is_whole,
            )
            .into(),
        );
        Some(recs)
    })();
    tally.check_shown(
        is_whole == i.prior.is_uniform(),
        recs.unwrap_or_default(),
        || "alpha~ = 1 <=> uniform".into(),
    );
    if let Some(rows) = row_marginals_if_product(&sp, p) {
        let e = rows
            .iter()
            .map(|pi| qi(1) / pi.iter().min().unwrap() - qi(sp.m as i64 - 1))
            .max()
            .unwrap()
            .max(qi(1));
        let want = qi(1) / &e;
        let ok = match &th {
            Threshold::WholeInterval => want == 1u32,
            Threshold::Root(r, _) => r.cmp_rational(&want) == Ordering::Equal,
        };
        // α̃ = want: every P_z ≥ 0 on (0, want] and P_y < 0 just after it.
        let recs = match &th {
            _ if !ok => None,
            Threshold::WholeInterval => Some(vec![crate::certify::compare(
                &want.to_string(),
                "=",
                "1",
                ok,
            )
            .into()]),
            Threshold::Root(..) => threshold_is(&sp, p, &th, &want),
        };
        tally.check_shown(ok, recs.unwrap_or_default(), || {
            format!(
                "closed form alpha~ = {want}, Sturm alpha~ = {}",
                show_threshold(&th)
            )
        });
    }
    tally.finish(
        "alpha~ by Sturm = closed forms (n=1, product priors); uniform <=> eps~ = 0",
        Method::Polynomial,
        &format!("alpha~ = {}", show_threshold(&th)),
    )
}

/// X3: ε̃_X ≥ ε_X for full-support priors, i.e. α̃ ≤ 1/r_X.
fn x3(i: &Nmp) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let th = threshold(&sp, p);
    let r = r_x(&sp, p).ratio.into_finite();
    let r = r.expect("full-support grid");
    let bound = qi(1) / &r;
    let ord = match &th {
        Threshold::WholeInterval => qi(1).cmp(&bound),
        Threshold::Root(root, _) => root.cmp_rational(&bound),
    };
    let mut c = Check::new(
        "alpha~ = e^-eps~_X  <=  e^-eps_X = 1/r_X",
        Value::text(show_threshold(&th), ""),
        Value::rational(&bound),
        Method::Polynomial,
        if ord != Ordering::Greater {
            Outcome::Holds
        } else {
            Outcome::Fails
        },
    )
    .with_note(format!("comparison: {ord:?}"));
    if ord != Ordering::Greater {
        c.records = threshold_at_most(&sp, p, &th, &bound)
            .unwrap_or_default()
            .into();
    }
    c
}

/// The records that `α̃ ≤ bound` (issue 44 item 6): `α̃ = 1` (every `P_y ≥ 0` on (0, 1]) with
/// `1 ≤ bound`, or `P_y < 0` just after a rational `a ≤ bound` (the root itself when it equals
/// the bound, else the upper end of its isolating interval refined below the bound).
fn threshold_at_most(
    sp: &Space,
    p: &[Rational],
    th: &Threshold,
    bound: &Rational,
) -> Option<Vec<serde_json::Value>> {
    let (a, mut recs) = match th {
        Threshold::WholeInterval => (qi(1), pys_feasible_upto(sp, p, &qi(1))?),
        Threshold::Root(r, y) => {
            let a = if r.cmp_rational(bound) == Ordering::Equal {
                bound.clone()
            } else {
                refined(r, |r| r.hi <= *bound).hi
            };
            let recs = sturm_steps::infeasible_after(&p_y_poly(sp, p, *y), &a, &qi(1))?;
            (a, recs)
        }
    };
    let ok = a <= *bound;
    recs.push(crate::certify::compare(&a.to_string(), "<=", &bound.to_string(), ok).into());
    ok.then_some(recs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The root 1/2 of `(2t − 1)(t² − 3)` held by the interval (1/3, 2/3): pinned through the
    /// linear factor it shares with `(2t − 1)(t + 5)`; not through `t² − 2` (no linear common
    /// factor) nor `(3t − 1)(t + 5)` (whose root 1/3 is not this one). By hand.
    #[test]
    fn a_root_is_pinned_through_a_shared_linear_factor_only() {
        let p = |c: &[i64]| Poly::new(c.iter().map(|&x| qi(x)).collect());
        let f = p(&[3, -6, -1, 2]); // (2t − 1)(t² − 3)
        let mut r = RealRoot::roots_in(&f, &qi(0), &qi(1)).remove(0);
        (r.lo, r.hi) = (q(1, 3), q(2, 3));
        assert!(r.as_rational().is_none());
        let shares = p(&[-5, 9, 2]); // (2t − 1)(t + 5)
        assert_eq!(pinned(&r, &[shares]).as_rational(), Some(&q(1, 2)));
        let other = p(&[-5, 14, 3]); // (3t − 1)(t + 5)
        assert!(pinned(&r, &[p(&[-2, 0, 1]), other]).as_rational().is_none());
    }
}
