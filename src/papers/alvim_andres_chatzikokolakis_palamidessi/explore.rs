//! The catalogue's exploration tasks beyond the paper's hypotheses (§9, X-01 … X-06): not
//! claims of the paper, but what Theorem 4.1's comparison and the graph classes do outside
//! "distance-regular or VT+". X-04 is AACP-C-always6; X-05 is part of the X-06 census.

use super::common::GraphT;
use super::common::{
    distance_sum, dr_or_vt_plus, graph_cells, graphs_beyond, master_lp, r, undecided, uniform,
    MasterLp,
};
use super::structure::{graphs_record, has_n_cycle, Spec};
use crate::claim::{Check, ClaimChecker, Family, Method, Outcome, Value};
use crate::graph::enumerate::all_connected_graphs;
use crate::graph::vt_plus::VtPlus;
use crate::num::Rational;
use malachite::base::num::basic::traits::One;
use std::cmp::Ordering;
use std::fmt;

/// Connected graphs on 2..=6 vertices (all, or those outside DR ∪ VT+) at the given t.
fn connected_cells(outside_only: bool, ts: &[Rational]) -> Vec<GraphT> {
    let gs = (2..=6)
        .flat_map(all_connected_graphs)
        .filter(|g| !outside_only || dr_or_vt_plus(g).is_none())
        .collect();
    graph_cells(gs, ts)
}

/// `dpcert search` beyond [`connected_cells`]: the graphs of [`graphs_beyond`] (those outside
/// DR ∪ VT+ when `outside_only`).
fn connected_beyond(outside_only: bool, s: usize) -> Vec<GraphT> {
    let gs = graphs_beyond(s)
        .into_iter()
        .filter(|g| !outside_only || dr_or_vt_plus(g).is_none())
        .collect();
    graph_cells(gs, &[r(3, 2), r(2, 1), r(3, 1)])
}

/// The certified optimum (with its LP) and `1/S(r)` for every vertex `r`.
fn opt_and_bounds(cell: &GraphT) -> Result<(Rational, Vec<Rational>, MasterLp), String> {
    let n = cell.g.n();
    let lp = master_lp(&cell.g, &cell.t, &uniform(n), true)?;
    let b = (0..n)
        .map(|v| Rational::ONE / distance_sum(&cell.g, v, &cell.t))
        .collect();
    Ok((lp.value.clone(), b, lp))
}

fn sym(o: Ordering) -> &'static str {
    match o {
        Ordering::Less => "<",
        Ordering::Equal => "=",
        Ordering::Greater => ">",
    }
}

/// AACP-X-01: Theorem 4.1's comparison `OPT <= 1/S(r)` for *every* vertex r, on connected graphs
/// outside DR ∪ VT+ (the per-r relations are listed).
fn check_x01(cell: &GraphT) -> Check {
    let (opt, b, lp) = match opt_and_bounds(cell) {
        Ok(x) => x,
        Err(e) => return undecided("master LP", Method::LpCertificate, e),
    };
    let rel: Vec<String> = b
        .iter()
        .enumerate()
        .map(|(v, bv)| format!("r={v}: OPT {} 1/S = {bv}", sym(opt.cmp(bv))))
        .collect();
    let worst = b.iter().min().expect("vertices").clone();
    let mut c = Check::rationals(
        "OPT <= 1/S(r) for every vertex r (outside DR and VT+)",
        &opt,
        "<=",
        &worst,
    );
    c.method = Method::Combined(vec![Method::LpCertificate, Method::Exact]);
    let cdd = if cell.g.has_constant_distance_profile() {
        "CDD"
    } else {
        "not CDD"
    };
    lp.attach(c)
        .with_note(format!("{cdd}; {}; {}", rel.join(", "), lp.note))
}

/// AACP-X-03: the candidate general bound `OPT <= 1/min_r S(r)` (= max_r 1/S(r)) on every
/// connected graph on 2..6 vertices.
fn check_x03(cell: &GraphT) -> Check {
    let (opt, b, lp) = match opt_and_bounds(cell) {
        Ok(x) => x,
        Err(e) => return undecided("master LP", Method::LpCertificate, e),
    };
    let best = b.iter().max().expect("vertices").clone();
    let mut c = Check::rationals("OPT <= max_r 1/S(r) = 1/min_r S(r)", &opt, "<=", &best);
    c.method = Method::Combined(vec![Method::LpCertificate, Method::Exact]);
    lp.attach(c).with_note(lp.note)
}

/// A census instance: every connected graph on 2..=`max_n` vertices at t.
#[derive(Clone, Debug)]
pub struct Census {
    pub max_n: usize,
    pub t: Rational,
}

impl fmt::Display for Census {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "connected graphs on 2..{} vertices, t={}",
            self.max_n, self.t
        )
    }
}

/// AACP-X-02: where the certified OPT lies relative to `min_r 1/S(r)` and `max_r 1/S(r)`,
/// counted separately on CDD and non-CDD graphs; holds when every LP was certified and every
/// CDD graph has `OPT = 1/S`.
fn check_x02(c: &Census) -> Check {
    // counts[cdd][slot]: below min, = min, strictly between, = max (min < max), above max
    let mut counts = [[0usize; 5]; 2];
    let mut cdd_off: Option<String> = None;
    // What decides: on each CDD graph, its LP's optimum compared with 1/S (issue 44 item 6).
    let mut records = Vec::new();
    for cell in connected_cells(false, std::slice::from_ref(&c.t)) {
        let (opt, b, lp) = match opt_and_bounds(&cell) {
            Ok(x) => x,
            Err(e) => return undecided("master LP", Method::LpCertificate, e),
        };
        let lo = b.iter().min().expect("vertices");
        let hi = b.iter().max().expect("vertices");
        let slot = match (opt.cmp(lo), opt.cmp(hi)) {
            (Ordering::Less, _) => 0,
            (Ordering::Equal, _) => 1,
            (Ordering::Greater, Ordering::Less) => 2,
            (Ordering::Greater, Ordering::Equal) => 3,
            (Ordering::Greater, Ordering::Greater) => 4,
        };
        let cdd = cell.g.has_constant_distance_profile();
        counts[usize::from(!cdd)][slot] += 1;
        if cdd && crate::certify::recording() {
            records.extend(lp.record);
            let (l, r) = (opt.to_string(), lo.to_string());
            records.push(crate::certify::compare(&l, "=", &r, opt == *lo).into());
        }
        if cdd && opt != *lo && cdd_off.is_none() {
            cdd_off = Some(format!("{}: OPT = {opt}, 1/S = {lo}", cell.g));
        }
    }
    let line = |k: [usize; 5]| {
        format!(
            "OPT < min_r 1/S: {}, = min: {}, between: {}, = max: {}, > max: {}",
            k[0], k[1], k[2], k[3], k[4]
        )
    };
    let mut chk = Check::new(
        "census of the certified OPT against min_r 1/S(r) and max_r 1/S(r)",
        Value::text(format!("CDD graphs: {}", line(counts[0])), ""),
        Value::text(format!("non-CDD graphs: {}", line(counts[1])), ""),
        Method::Combined(vec![Method::LpCertificate, Method::Exact]),
        if cdd_off.is_none() {
            Outcome::Holds
        } else {
            Outcome::Fails
        },
    )
    .with_note(cdd_off.map_or("every CDD graph has OPT = 1/S".into(), |w| {
        format!("a CDD graph with OPT != 1/S: {w}")
    }));
    chk.records = records.into();
    chk
}

/// AACP-X-06: classification census (DR, VT, VT+, single-orbit automorphism, CDD) of the
/// connected graphs on 2..=6 vertices, with the standard implications checked on each graph:
/// DR ⇒ CDD, VT ⇒ CDD, VT+ ⇒ VT, single-orbit ⇒ VT+; also counts the CDD graphs outside
/// DR ∪ VT and the VT graphs that are not VT+.
fn check_x06(c: &Census) -> Check {
    let mut counts = [0usize; 6]; // DR, VT, VT+, single-orbit, CDD, all
    let mut broken: Option<String> = None;
    let mut cdd_outside = Vec::new();
    let mut vt_not_vtp = Vec::new();
    for g in (2..=c.max_n).flat_map(all_connected_graphs) {
        let dr = g.is_distance_regular();
        let vt = g.is_vertex_transitive();
        let vtp = match g.vt_plus(1_000_000) {
            VtPlus::Witness(_) => true,
            VtPlus::NoneExhaustive => false,
            VtPlus::Undecided { why } => {
                return undecided(
                    "census",
                    Method::Enumeration,
                    format!("{g}: VT+ undecided ({why})"),
                )
            }
        };
        let single = match has_n_cycle(&g, 1_000_000) {
            (Some(x), _) => x.is_some(),
            (None, why) => {
                return undecided(
                    "census",
                    Method::Enumeration,
                    format!("{g}: single-orbit search {why}"),
                )
            }
        };
        let cdd = g.has_constant_distance_profile();
        for (k, b) in [dr, vt, vtp, single, cdd, true].into_iter().enumerate() {
            counts[k] += usize::from(b);
        }
        let implies = |a: bool, b: bool| !a || b;
        let ok = implies(dr, cdd) && implies(vt, cdd) && implies(vtp, vt) && implies(single, vtp);
        if !ok && broken.is_none() {
            broken = Some(format!(
                "{g}: DR {dr}, VT {vt}, VT+ {vtp}, single-orbit {single}, CDD {cdd}"
            ));
        }
        if cdd && !dr && !vt {
            cdd_outside.push(g.to_string());
        }
        if vt && !vtp {
            vt_not_vtp.push(g.to_string());
        }
    }
    let list = |v: &[String]| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(", ")
        }
    };
    let holds = broken.is_none();
    let mut chk = Check::new(
        "DR => CDD, VT => CDD, VT+ => VT, single-orbit => VT+ on every graph",
        Value::text(
            format!(
                "{} graphs: DR {}, VT {}, VT+ {}, single-orbit (circulant) {}, CDD {}",
                counts[5], counts[0], counts[1], counts[2], counts[3], counts[4]
            ),
            "",
        ),
        Value::text("implications hold", ""),
        Method::Enumeration,
        if broken.is_none() {
            Outcome::Holds
        } else {
            Outcome::Fails
        },
    )
    .with_note(format!(
        "{}CDD graphs outside DR and VT (X-05): {}; VT graphs that are not VT+: {}",
        broken.map_or(String::new(), |b| format!("implication broken: {b}; ")),
        list(&cdd_outside),
        list(&vt_not_vtp)
    ));
    // Issue 44: one census record per n; the checker decides each implication on every graph.
    if crate::certify::recording() {
        let implies = serde_json::json!([
            ["dr", "cdd"],
            ["vt", "cdd"],
            ["vt_plus", "vt"],
            ["single_orbit", "vt_plus"]
        ]);
        chk.records = (2..=c.max_n)
            .map(|n| {
                let census = Spec::All { n, connected: true };
                graphs_record(&census, implies.clone(), |_| vec![], holds)
            })
            .collect();
    }
    chk
}

/// The exploration claims.
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "AACP-X-01",
            grid: || connected_cells(true, &[r(3, 2), r(2, 1), r(3, 1)]),
            beyond: Some(|s| connected_beyond(true, s)),
            check: check_x01,
        }
        .boxed(),
        Family {
            id: "AACP-X-02",
            grid: || {
                vec![Census {
                    max_n: 6,
                    t: r(2, 1),
                }]
            },
            beyond: None,
            check: check_x02,
        }
        .boxed(),
        Family {
            id: "AACP-X-03",
            grid: || connected_cells(false, &[r(3, 2), r(2, 1), r(3, 1)]),
            beyond: Some(|s| connected_beyond(false, s)),
            check: check_x03,
        }
        .boxed(),
        Family {
            id: "AACP-X-06",
            grid: || {
                vec![Census {
                    max_n: 6,
                    t: r(2, 1),
                }]
            },
            beyond: None,
            check: check_x06,
        }
        .boxed(),
    ]
}
