//! Parametric LP duality on a symmetry-reduced LP family (issue 32, Build item 3).
//!
//! An [`OrbitLp`] is a family of LPs indexed by `n` whose variables fall into orbits
//! `l = 0..n` of a symmetry group (the spheres around a centre of H(n, m), say), written in its
//! orbit-reduced form with one value `p_l` per vertex of orbit `l`:
//!
//! ```text
//!   minimise   Σ_x c(x) p_x
//!   subject to Σ_x p_x = 1,
//!              hi·p_b − lo·p_a ≥ 0   for every edge (a, b), a in orbit r−1, b in orbit r (1 ≤ r ≤ n),
//!              p ≥ 0,
//! ```
//!
//! where orbit `l` has `size(n, l)` vertices, the cost `c` is constant on orbits, and every
//! vertex of orbit `l` has `up(n, l)` edges to orbit `l+1` and `down(n, l)` edges to orbit `l−1`
//! (the intersection numbers `b_l`, `c_l` of a distance-regular graph; a structural fact the
//! claim names as a hypothesis).
//!
//! An [`OrbitLpCertificate`] gives, as closed-form terms in `(n, l)` and the parameters, a primal
//! point `p(n, l)` (constant on orbits), a dual point (`u(n)` for the mass row, `κ(n, r)` on each
//! edge between orbits `r−1` and `r`, constant on the orbit pair) and the optimum `V(n)`. Its
//! check, for every integer `n ≥ n0` at once:
//! * primal feasibility: `Σ_l size·p = 1` by a WZ pair; every edge row tight,
//!   `hi·p(n, r) − lo·p(n, r−1) = 0` at every integer point; `p > 0` on `0 ≤ l ≤ n`;
//! * dual feasibility: the reduced cost of every vertex of orbit `l`,
//!   `c(n, l) − u(n) − hi·down(n, l)·κ(n, l) + lo·up(n, l)·κ(n, l+1)`, is identically 0
//!   (a term identity at every integer point, so every column, the boundary columns `l = 0`,
//!   `l = n` included; `down(n, 0) = 0` and `up(n, n) = 0` are checked so that the `κ` outside
//!   the rows `1..n` never enter); `κ > 0` on `1 ≤ r ≤ n`;
//! * the objective: `size·c·p = V·F` as terms and `Σ_l F = 1` by a WZ pair, so `Σ_x c p = V`;
//!   and `V = u` (equal primal and dual objectives).
//!
//! Then complementary slackness holds (every reduced cost is 0 and every edge row is tight) and
//! weak duality gives, for every feasible `q`: `Σ c q = u + Σ κ·(rows at q) + Σ rc·q ≥ u = V`,
//! so `V(n)` is the optimum for every `n ≥ n0`. Nothing is trusted: each item is one of the
//! [`Step`]s of `claim::forall`, re-checked every run. The cross-check
//! ([`OrbitLpCertificate::cross_check`]) builds the reduced LP at grid instances and solves it
//! exactly with [`crate::lp::solve`], a route that does not go through the certificate.

use super::{Compound, Domain, Step};
use crate::lp::{self, Cmp, Model, Sense};
use crate::num::hypergeom::{Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn, Point};
use crate::num::Rational;

/// A symmetry-reduced LP family (see the module doc).
#[derive(Clone, Debug)]
pub struct OrbitLp {
    /// The number of vertices of orbit `l` (`k` is `l`); it must vanish outside `0 ≤ l ≤ n`.
    pub size: Term,
    /// The cost of one vertex of orbit `l`.
    pub cost: Term,
    /// The edges from a vertex of orbit `l` to orbit `l + 1` (a polynomial in `n`, `k`, parameters).
    pub up: MPoly,
    /// The edges from a vertex of orbit `l` to orbit `l − 1`.
    pub down: MPoly,
    /// The edge row `hi·p_b − lo·p_a ≥ 0`: its two coefficients (parameters only).
    pub lo: MRatFn,
    pub hi: MRatFn,
}

/// A dual and a primal point of an [`OrbitLp`] as closed forms, with the WZ mates of its sums.
#[derive(Clone, Debug)]
pub struct OrbitLpCertificate {
    pub lp: OrbitLp,
    /// The claimed optimum `V(n)` (a term in `n` alone).
    pub value: Term,
    /// The primal value `p(n, l)` of every vertex of orbit `l`.
    pub primal: Term,
    /// The WZ mate of `F = size·p` (`Σ_l F = 1`, the mass row).
    pub mass_mate: Term,
    /// `F_obj` with `size·cost·p = V·F_obj` and its WZ mate (`Σ_l F_obj = 1`).
    pub objective: (Term, Term),
    /// The dual of the mass row (a term in `n` alone).
    pub u: Term,
    /// The dual of every edge row between orbits `r − 1` and `r`.
    pub kappa: Term,
    pub n0: i64,
    /// Parameter values at which the cross-check solves the reduced LP (merged with each grid
    /// instance's own values).
    pub samples: Vec<Point>,
}

fn scaled(c: &MRatFn, tm: &Term) -> Term {
    Term {
        coeff: c.mul(&tm.coeff),
        ..tm.clone()
    }
}

fn with_poly(p: &MPoly, tm: &Term) -> Term {
    Term {
        poly: p.mul(&tm.poly),
        ..tm.clone()
    }
}

/// `size` vanishes outside `0 ≤ k ≤ n`: a denominator factorial `(k − a)!` with `a ≥ 0` and one
/// `(n − k − b)!` with `b ≥ 0`.
fn levels_only(tm: &Term) -> bool {
    let low = tm
        .facts
        .iter()
        .any(|(l, e)| *e < 0 && l.n == 0 && l.k == 1 && l.c <= 0);
    let high = tm
        .facts
        .iter()
        .any(|(l, e)| *e < 0 && l.n == 1 && l.k == -1 && l.c <= 0);
    low && high
}

impl OrbitLpCertificate {
    /// The reduced cost of a vertex of orbit `l`, as the list of its terms.
    pub fn reduced_cost(&self) -> Vec<Term> {
        let lp = &self.lp;
        vec![
            lp.cost.clone(),
            self.u.neg(),
            with_poly(&lp.down, &scaled(&lp.hi, &self.kappa)).neg(),
            with_poly(&lp.up, &scaled(&lp.lo, &self.kappa.shift_k())),
        ]
    }

    /// Each item of the check as a `Step` (see the module doc), with what it says.
    pub fn steps(&self) -> Result<Vec<(&'static str, Step)>, String> {
        let lp = &self.lp;
        let n0 = self.n0;
        let f_mass = lp.size.mul(&self.primal)?;
        let weighted = lp.size.mul(&lp.cost)?.mul(&self.primal)?;
        let (f_obj, g_obj) = self.objective.clone();
        let vf = self.value.mul(&f_obj)?;
        let row = vec![
            scaled(&lp.hi, &self.primal.shift_k()),
            scaled(&lp.lo, &self.primal).neg(),
        ];
        let pos = |term: &Term, lo: i64| Step::PositiveTerm {
            term: term.clone(),
            n0,
            lo: Lin::new(0, 0, lo),
            hi: Some(Lin::new(1, 0, 0)),
        };
        Ok(vec![
            (
                "primal mass: sum_l size(n,l) p(n,l) = 1",
                Step::Wz {
                    f: f_mass,
                    g: self.mass_mate.clone(),
                    n0,
                },
            ),
            (
                "primal rows: hi p(n,r+1) - lo p(n,r) = 0 at every integer point (every edge row tight)",
                Step::Terms { terms: row, n0 },
            ),
            ("primal sign: p(n,l) > 0 for 0 <= l <= n", pos(&self.primal, 0)),
            (
                "objective: size(n,l) c(n,l) p(n,l) = V(n) F(n,l)",
                Step::Terms {
                    terms: vec![weighted, vf.neg()],
                    n0,
                },
            ),
            (
                "objective: sum_l F(n,l) = 1, so sum_x c p = V(n)",
                Step::Wz {
                    f: f_obj,
                    g: g_obj,
                    n0,
                },
            ),
            (
                "dual rows: c(n,l) - u(n) - hi down(n,l) kappa(n,l) + lo up(n,l) kappa(n,l+1) = 0 at every integer point (every reduced cost zero)",
                Step::Terms {
                    terms: self.reduced_cost(),
                    n0,
                },
            ),
            ("dual sign: kappa(n,r) > 0 for 1 <= r <= n", pos(&self.kappa, 1)),
            (
                "strong duality: V(n) = u(n)",
                Step::Terms {
                    terms: vec![self.value.clone(), self.u.neg()],
                    n0,
                },
            ),
        ])
    }

    /// Check every item on the domain; `Ok` gives (method, certificate, what was checked).
    pub fn check(&self, d: &Domain) -> Result<(String, String, String), String> {
        if !levels_only(&self.lp.size) {
            return Err(format!(
                "the orbit size {} is not seen to vanish outside 0 <= l <= n",
                self.lp.size
            ));
        }
        if !self.lp.down.substitute("k", &MPoly::zero()).is_zero()
            || !self.lp.up.substitute("k", &MPoly::var("n")).is_zero()
        {
            return Err(format!(
                "down(n,0) = {} and up(n,n) = {} must vanish (no orbit below 0 or above n)",
                self.lp.down.substitute("k", &MPoly::zero()),
                self.lp.up.substitute("k", &MPoly::var("n"))
            ));
        }
        let mut done = Vec::new();
        for (what, step) in self.steps()? {
            let (method, _, checked) = step.check(d).map_err(|e| format!("{what}: {e}"))?;
            done.push(format!("{what} [{method}: {checked}]"));
        }
        Ok((
            "lp-duality-certificate".into(),
            format!(
                "primal p(n,l) = {}; dual u(n) = {}, kappa(n,r) = {} on every edge between orbits r-1 and r; optimum V(n) = {}",
                self.primal, self.u, self.kappa, self.value
            ),
            format!(
                "{}; down(n,0) = up(n,n) = 0; so every reduced cost is 0 and every edge row tight (complementary slackness) and V(n) is the optimum for every n >= {}",
                done.join("; "),
                self.n0
            ),
        ))
    }

    /// Solve the reduced LP at `n` and every sample (merged with `at`) exactly with
    /// [`lp::solve`] and compare its optimum with `V(n)`.
    pub fn cross_check(&self, n: i64, at: &Point) -> Result<(), String> {
        if n < self.n0 {
            return Ok(());
        }
        for s in &self.samples {
            let mut pt = s.clone();
            pt.extend(at.iter().map(|(x, v)| (x.clone(), v.clone())));
            let num = |r: &MRatFn| -> Result<Rational, String> {
                r.eval(&pt)
                    .ok_or_else(|| format!("{r} is not a number at n = {n}, {pt:?}"))
            };
            let at_l = |tm: &Term, l: i64| num(&tm.value(n, l)?);
            let mut pt_l = pt.clone();
            pt_l.insert("n".into(), Rational::from(n));
            let poly_at = |p: &MPoly, l: i64| -> Result<Rational, String> {
                let mut q = pt_l.clone();
                q.insert("k".into(), Rational::from(l));
                p.eval(&q)
                    .ok_or_else(|| format!("{p} is not a number at l = {l}"))
            };
            let lp = &self.lp;
            let (lo, hi) = (num(&lp.lo)?, num(&lp.hi)?);
            let mut m = Model::new(Sense::Minimize);
            let vars: Vec<_> = (0..=n).map(|l| m.add_var(format!("p{l}"))).collect();
            let mut mass = Vec::new();
            let mut obj = Vec::new();
            for l in 0..=n {
                let size = at_l(&lp.size, l)?;
                obj.push((vars[l as usize], &size * at_l(&lp.cost, l)?));
                mass.push((vars[l as usize], size));
            }
            m.set_objective(&obj);
            m.add_row(&mass, Cmp::Eq, Rational::from(1));
            for r in 1..=n {
                // one row per orbit pair: every edge between them carries the same inequality
                if poly_at(&lp.up, r - 1)? != 0u32 {
                    m.add_row(
                        &[
                            (vars[r as usize], hi.clone()),
                            (vars[r as usize - 1], -lo.clone()),
                        ],
                        Cmp::Ge,
                        Rational::from(0),
                    );
                }
            }
            let sol = lp::solve(&m, &lp::Options::default())
                .map_err(|e| format!("at n = {n}: the reduced LP: {e}"))?;
            let got = sol
                .certificate
                .value()
                .ok_or_else(|| format!("at n = {n}: the reduced LP has no optimum"))?
                .clone();
            let want = at_l(&self.value, 0)?;
            if got != want {
                return Err(format!(
                    "at n = {n}, {pt:?}: the reduced LP's optimum is {got}, the certificate's V(n) is {want}"
                ));
            }
        }
        Ok(())
    }
}

impl Compound for OrbitLpCertificate {
    fn check(&self, d: &Domain) -> Result<(String, String, String), String> {
        OrbitLpCertificate::check(self, d)
    }
    fn cross_check(&self, n: i64, at: &Point) -> Result<(), String> {
        OrbitLpCertificate::cross_check(self, n, at)
    }
    /// The `orbit_lp` step (docs/certificates.md): the LP family and the closed forms; the
    /// checker builds the eight steps of [`OrbitLpCertificate::steps`] from them itself.
    fn record(&self) -> Option<serde_json::Value> {
        use super::record::{poly, ratfn, term};
        let lp = &self.lp;
        let (f_obj, g_obj) = &self.objective;
        Some(serde_json::json!({
            "step": "orbit_lp", "n0": self.n0,
            "size": [term(&lp.size)], "cost": [term(&lp.cost)],
            "up": poly(&lp.up), "down": poly(&lp.down), "lo": ratfn(&lp.lo), "hi": ratfn(&lp.hi),
            "value": [term(&self.value)], "primal": [term(&self.primal)],
            "mass_mate": [term(&self.mass_mate)], "objective": [term(f_obj)],
            "objective_mate": [term(g_obj)], "u": [term(&self.u)], "kappa": [term(&self.kappa)],
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::forall::{int, nm_alpha_domain, rf, var};
    use crate::num::hypergeom::binomial_facts;

    /// The smallest orbit LP, by hand: H(n, 2) around a centre with cost l, α = e^-eps free:
    /// the Gibbs point, u = h = n α/(1+α), kappa = α/(1+α) (the m = 2 case of WYZ's level LP,
    /// written out here independently of the paper module).
    fn cube() -> OrbitLpCertificate {
        let alpha = rf(var("alpha"));
        let g = rf(int(1)).add(&alpha);
        let one = rf(MPoly::one());
        let term = |c: MRatFn, p: MPoly, f, w| Term::new(c, p, f, w).unwrap();
        let h = term(alpha.div(&g).unwrap(), var("n"), vec![], vec![]);
        // F = C(n,k) α^k (1+α)^-n, G = -C(n,k-1) α^k (1+α)^(-n-1) (the binomial theorem's WZ pair)
        let f_obj = term(
            one.clone(),
            var("k"),
            vec![
                (Lin::new(1, 0, -1), 1),
                (Lin::new(0, 1, 0), -1),
                (Lin::new(1, -1, 0), -1),
            ],
            vec![
                (alpha.clone(), Lin::new(0, 1, -1)),
                (g.clone(), Lin::new(-1, 0, 1)),
            ],
        );
        let g_obj = term(
            rf(int(-1)),
            MPoly::one(),
            vec![
                (Lin::new(1, 0, -1), 1),
                (Lin::new(0, 1, -2), -1),
                (Lin::new(1, -1, 1), -1),
            ],
            vec![
                (alpha.clone(), Lin::new(0, 1, -1)),
                (g.clone(), Lin::new(-1, 0, 0)),
            ],
        );
        let mut s = Point::new();
        s.insert("alpha".into(), Rational::from_signeds(1, 2));
        OrbitLpCertificate {
            lp: OrbitLp {
                size: term(one.clone(), MPoly::one(), binomial_facts(0, 0), vec![]),
                cost: term(one.clone(), var("k"), vec![], vec![]),
                up: var("n").sub(&var("k")),
                down: var("k"),
                lo: one.clone(),
                hi: one.div(&alpha).unwrap(),
            },
            value: h.clone(),
            primal: term(
                one.clone(),
                MPoly::one(),
                vec![],
                vec![
                    (alpha.clone(), Lin::new(0, 1, 0)),
                    (g.clone(), Lin::new(-1, 0, 0)),
                ],
            ),
            mass_mate: term(
                rf(int(-1)),
                MPoly::one(),
                binomial_facts(0, -1),
                vec![
                    (alpha.clone(), Lin::new(0, 1, 0)),
                    (g.clone(), Lin::new(-1, 0, -1)),
                ],
            ),
            objective: (f_obj, g_obj),
            u: h,
            kappa: term(alpha.div(&g).unwrap(), MPoly::one(), vec![], vec![]),
            n0: 1,
            samples: vec![s],
        }
    }

    fn dom() -> Domain {
        nm_alpha_domain(1, "n >= 1, alpha > 0")
    }

    #[test]
    fn the_cube_certificate_checks_and_agrees_with_the_simplex() {
        let c = cube();
        let (method, _, checked) = c.check(&dom()).unwrap();
        assert_eq!(method, "lp-duality-certificate");
        assert!(checked.contains("complementary slackness"));
        for n in 1..=6 {
            c.cross_check(n, &Point::new()).unwrap();
        }
    }

    #[test]
    fn wrong_certificates_are_refused() {
        let d = dom();
        // a dual that is off by a factor 2 on the edges: some reduced cost is not 0
        let mut c = cube();
        c.kappa.coeff = c.kappa.coeff.mul(&rf(int(2)));
        assert!(c.check(&d).unwrap_err().contains("dual rows"));
        // a primal point that is not a distribution
        let mut c = cube();
        c.primal.coeff = rf(int(2));
        assert!(c.check(&d).unwrap_err().contains("primal mass"));
        // a claimed optimum above the dual's: strong duality (and the objective) fail
        let mut c = cube();
        c.value.coeff = c.value.coeff.mul(&rf(int(3)));
        assert!(c.check(&d).is_err());
        // ... and the simplex says so at n = 2, α = 1/2 (optimum 2/3, not 2), and at n = n0 = 1
        // (optimum 1/3, not 1); below n0 the certificate claims nothing
        assert!(c.cross_check(2, &Point::new()).is_err());
        assert!(c.cross_check(1, &Point::new()).is_err());
        assert!(c.cross_check(0, &Point::new()).is_ok());
        // intersection numbers that leave the orbits 0..n
        let mut c = cube();
        c.lp.up = var("n").sub(&var("k")).add(&int(1));
        assert!(c.check(&d).unwrap_err().contains("up(n,n)"));
        let mut c = cube();
        c.lp.down = var("k").add(&int(1));
        assert!(c.check(&d).unwrap_err().contains("down(n,0)"));
    }

    /// `levels_only` by hand: the orbit size must carry a denominator `(k − a)!`, `a ≥ 0`, and
    /// a denominator `(n − k − b)!`, `b ≥ 0`, so that it is 0 below `l = 0` and above `l = n`.
    #[test]
    fn orbit_sizes_that_vanish_outside_the_levels_by_hand() {
        let size = |facts: Vec<(Lin, i32)>| {
            Term::new(rf(MPoly::one()), MPoly::one(), facts, vec![]).unwrap()
        };
        let k_minus = |a: i64| (Lin::new(0, 1, -a), -1); // (k − a)!
        let n_minus_k_minus = |b: i64| (Lin::new(1, -1, -b), -1); // (n − k − b)!
        let table = [
            (binomial_facts(0, 0), true),                               // C(n, k)
            (vec![k_minus(0), n_minus_k_minus(0)], true),               // 1/(k! (n−k)!)
            (vec![k_minus(1), n_minus_k_minus(2)], true),               // 0 outside 1 ≤ l ≤ n − 2
            (vec![k_minus(0)], false),                                  // not 0 above n
            (vec![n_minus_k_minus(0)], false),                          // not 0 below 0
            (vec![k_minus(-1), n_minus_k_minus(0)], false),             // (k+1)!: not 0 at l = −1
            (vec![k_minus(0), n_minus_k_minus(-1)], false), // (n−k+1)!: not 0 at l = n+1
            (vec![(Lin::new(1, 1, 0), -1), n_minus_k_minus(0)], false), // (n+k)!: not 0 at l = −1
            (vec![k_minus(0), (Lin::new(2, -1, 0), -1)], false), // (2n−k)!: not 0 at l = n+1
            (
                vec![k_minus(0), (Lin::new(1, 0, 0), -1), n_minus_k_minus(0)],
                true,
            ), // and 1/n!
        ];
        for (facts, want) in table {
            let t = size(facts);
            assert_eq!(levels_only(&t), want, "{t}");
        }
        // check refuses such a size before anything else
        let mut c = cube();
        c.lp.size = size(vec![k_minus(0)]);
        assert!(c.check(&dom()).unwrap_err().contains("not seen to vanish"));
    }
}
