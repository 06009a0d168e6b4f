//! Pricing and the ratio test of the revised simplex: the entering variable (Dantzig's most
//! negative reduced cost, looked for in floats and confirmed exactly, or Bland's rule) and the
//! leaving variable (the ratio test, its candidates screened in floats).

use super::floats::{approx_f64, screen_ratios};
use super::{Point, Run, VarId};
use crate::lp::model::Cmp;
use crate::num::Rational;

impl Run<'_> {
    /// The entering variable: a non-basic variable of negative reduced cost, `None` at an
    /// optimum of the phase. Under Dantzig's rule the most negative reduced cost is looked for
    /// in floats ([`Run::float_entering`], a choice only), and the one found is confirmed
    /// exactly; when floats see none, or the exact reduced cost of their choice is not negative,
    /// every reduced cost is computed exactly ([`Run::exact_entering`]), so `None` is exact.
    pub(super) fn entering(&self, y: &[Rational], phase1: bool, bland: bool) -> Option<VarId> {
        if !bland {
            if let Some(v) = self.float_entering(y, phase1) {
                if self.reduced_cost(y, phase1, v) < 0u32 {
                    return Some(v);
                }
            }
        }
        self.exact_entering(y, phase1, bland)
    }

    /// The exact reduced cost of the non-basic variable `v` (a structural `c_j − a_j·y`, 0 for
    /// `c_j` in the first phase; a slack `−σ_i y_i`).
    pub(super) fn reduced_cost(&self, y: &[Rational], phase1: bool, v: VarId) -> Rational {
        if v >= self.n {
            let i = v - self.n;
            return -(self.sigma(i) * &y[i]);
        }
        let mut d = if phase1 {
            Rational::from(0u32)
        } else {
            self.cost[v].clone()
        };
        for (i, a) in &self.cols[v] {
            if y[*i] != 0u32 {
                d -= a * &y[*i];
            }
        }
        d
    }

    /// The reduced cost of the non-basic variable `v` in floats, at float prices `y` (second
    /// phase; a slack's is the same in both): a hint for [`Run::dual_phase`]'s ratio test and
    /// [`Run::float_entering`].
    pub(super) fn float_reduced_cost(&self, y: &[f64], v: VarId) -> f64 {
        if v >= self.n {
            let i = v - self.n;
            return if self.model.rows()[i].cmp == Cmp::Ge {
                y[i]
            } else {
                -y[i]
            };
        }
        let mut d = self.cost_f64[v];
        for (i, a) in &self.cols_f64[v] {
            d -= a * y[*i];
        }
        d
    }

    /// Dantzig's choice in floats: the non-basic variable whose float reduced cost is the most
    /// negative below `−1e-9` of its magnitude (`|c_j| + Σ |a_ij y_i|`), if any. A hint: the
    /// caller confirms its sign exactly.
    pub(super) fn float_entering(&self, y: &[Rational], phase1: bool) -> Option<VarId> {
        let yf: Vec<f64> = y.iter().map(approx_f64).collect();
        let mut best: Option<(VarId, f64)> = None;
        let mut consider = |v: VarId, d: f64, scale: f64| {
            if d < -1e-9 * scale && best.is_none_or(|(_, b)| d < b) {
                best = Some((v, d));
            }
        };
        for j in (0..self.n).filter(|&j| !self.basis.structural[j]) {
            let c = if phase1 { 0.0 } else { self.cost_f64[j] };
            let (mut d, mut scale) = (c, c.abs());
            for (i, a) in &self.cols_f64[j] {
                let t = a * yf[*i];
                d -= t;
                scale += t.abs();
            }
            consider(j, d, scale);
        }
        for (i, yi) in yf.iter().enumerate() {
            if !self.basis.slack[i] && !self.fixed(i) {
                let d = self.float_reduced_cost(&yf, self.n + i);
                consider(self.n + i, d, yi.abs());
            }
        }
        best.map(|(v, _)| v)
    }

    /// The entering variable from the exact reduced costs: the most negative, or under Bland's
    /// rule the first.
    pub(super) fn exact_entering(
        &self,
        y: &[Rational],
        phase1: bool,
        bland: bool,
    ) -> Option<VarId> {
        let mut best: Option<(VarId, Rational)> = None;
        let mut consider = |v: VarId, d: Rational| {
            if d < 0u32 && best.as_ref().is_none_or(|(_, b)| !bland && d < *b) {
                best = Some((v, d));
            }
        };
        for j in (0..self.n).filter(|&j| !self.basis.structural[j]) {
            consider(j, self.reduced_cost(y, phase1, j));
        }
        for i in 0..y.len() {
            if !self.basis.slack[i] && !self.fixed(i) {
                consider(self.n + i, self.reduced_cost(y, phase1, self.n + i));
            }
        }
        best.map(|(v, _)| v)
    }

    /// The leaving variable of the ratio test along `−d` (basic values move as `v − θ d`):
    /// the first basic variable to reach a bound (a feasible one leaving its feasible set, or in
    /// the first phase an infeasible one reaching its bound). Ties go to the largest `|d|`, or
    /// under Bland's rule to the smallest variable.
    pub(super) fn leaving(
        &self,
        pt: &Point,
        d: &[(VarId, Rational)],
        phase1: bool,
        bland: bool,
    ) -> Option<(VarId, Rational)> {
        let blocking: Vec<(VarId, &Rational, &Rational)> = d
            .iter()
            .filter_map(|(v, dv)| {
                debug_assert!(self.is_basic(*v));
                let value = self.value(pt, *v);
                let fixed = *v >= self.n && self.fixed(*v - self.n);
                let blocks = if *value == 0u32 && fixed {
                    true
                } else if *value >= 0u32 {
                    *dv > 0u32
                } else {
                    phase1 && *dv < 0u32
                };
                blocks.then_some((*v, value, dv))
            })
            .collect();
        let mut best: Option<(Rational, VarId, Rational)> = None;
        for (v, value, dv) in screen_ratios(blocking) {
            let theta = if *value == 0u32 {
                Rational::from(0u32)
            } else {
                value / dv
            };
            let abs = if *dv < 0u32 { -dv } else { dv.clone() };
            let better = match &best {
                None => true,
                Some((t, bv, babs)) => {
                    theta < *t
                        || theta == *t
                            && if bland {
                                v < *bv
                            } else {
                                abs > *babs || abs == *babs && v < *bv
                            }
                }
            };
            if better {
                best = Some((theta, v, abs));
            }
        }
        best.map(|(theta, v, _)| (v, theta))
    }
}
