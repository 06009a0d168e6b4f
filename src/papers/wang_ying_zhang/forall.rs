//! Wang–Ying–Zhang claims certified for every n (issue 32): the Hamming sphere sums (eqs (31),
//! (32), (35)–(40)), the optimal distortion h (eq (32)) and its inverse (eq (17)), and the dual
//! of the level LP of Lemma 1 (X11, X12), each by a certificate `claim::forall` re-checks.
//!
//! Variables: `n` rows, `m` values per row, `α = e^(−ε)`, `l` (written `k`) a Hamming level;
//! `x = (m−1)α` is the weight of one changed row and `g = 1 + x` (eq (31)).
//! Structural facts of H(n, m) that no arithmetic certificate covers (sphere sizes, the
//! partition into spheres, inward neighbours) are named hypotheses with the claims that check
//! them on the grid.
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use crate::claim::forall::lp::{OrbitLp, OrbitLpCertificate};
use crate::claim::forall::{
    binomial_moment, binomial_theorem, int, nm_alpha_domain, nm_points, rf, var, Domain, ForAll,
    Part, Step,
};
use crate::num::hypergeom::{binomial_facts, Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn};
use crate::num::Rational;
use malachite::base::num::basic::traits::{One, Zero};

const SPHERES: &str = "|N_l(y)| = C(n,l)(m-1)^l for every centre y and the spheres N_0(y), .., N_n(y) partition D^n (a count; checked by enumeration on the grid: WYZ-D18, WYZ-G3, WYZ-G10; WYZ-G3 itself stays grid-only because this count is its first statement)";

/// `x = (m − 1) α`.
fn x() -> MRatFn {
    rf(var("m").sub(&int(1)).mul(&var("alpha")))
}

/// `g = 1 + (m − 1) α`.
fn g() -> MRatFn {
    rf(int(1)).add(&x())
}

fn one() -> MRatFn {
    rf(MPoly::one())
}

/// `h(α) = n / (1 + E/(m−1))` with `E = 1/α`, eq (32) as printed (and as the grid evaluates it).
fn h() -> MRatFn {
    let e = one().div(&rf(var("alpha"))).expect("alpha is not zero");
    let denom = one().add(
        &e.div(&rf(var("m").sub(&int(1))))
            .expect("m - 1 is not zero"),
    );
    rf(var("n")).div(&denom).expect("a non-zero denominator")
}

/// The grid (n, m) pairs of the enumeration claims (m^n ≤ 64) for the cross-check.
fn grid64() -> Vec<(i64, crate::num::mpoly::Point)> {
    let mut v = Vec::new();
    for m in 2i64..=8 {
        let mut n = 1u32;
        while m.pow(n) <= 64 {
            v.push((i64::from(n), m));
            n += 1;
        }
    }
    nm_points(&v)
}

fn small_grid() -> Vec<(i64, crate::num::mpoly::Point)> {
    nm_points(&[(1, 2), (1, 3), (1, 4), (2, 2), (3, 2), (2, 3)])
}

fn lemma1_grid() -> Vec<(i64, crate::num::mpoly::Point)> {
    let mut v = Vec::new();
    for n in 1..=8 {
        for m in 2..=5 {
            v.push((n, m));
        }
    }
    nm_points(&v)
}

fn part(statement: &str, step: Step) -> Part {
    Part {
        statement: statement.to_string(),
        step,
    }
}

fn sum_nl_alpha_l() -> Part {
    part(
        "sum_l C(n,l)(m-1)^l alpha^l = (1+(m-1)alpha)^n (eq (31))",
        binomial_theorem(x(), one()),
    )
}

fn sum_nl() -> Part {
    part(
        "sum_l C(n,l)(m-1)^l = m^n",
        binomial_theorem(rf(var("m").sub(&int(1))), one()),
    )
}

fn moment() -> Part {
    part(
        "sum_l l C(n,l)(m-1)^l alpha^l = n(m-1)alpha(1+(m-1)alpha)^(n-1)",
        binomial_moment(x(), one()),
    )
}

fn mean_is_h() -> Part {
    part(
        "n(m-1)alpha (1+(m-1)alpha)^(n-1) / (1+(m-1)alpha)^n = h(alpha) = n/(1 + e^eps/(m-1))",
        Step::Rational {
            lhs: rf(var("n")).mul(&x()).div(&g()).expect("g is not zero"),
            rhs: h(),
        },
    )
}

/// The summand `C(n,k) x^k (n x − k g)` of `g·S_j` (X11, X12) and its closed partial sum
/// `A(n,l) = Σ_{k<l} … = n x^l C(n−1, l−1)` (Gosper's form, found by hand and checked).
fn kappa_terms() -> (Term, Term) {
    let xp = var("m").sub(&int(1)).mul(&var("alpha"));
    let gp = int(1).add(&xp);
    let s = Term::new(
        one(),
        var("n").mul(&xp).sub(&var("k").mul(&gp)),
        binomial_facts(0, 0),
        vec![(x(), Lin::new(0, 1, 0))],
    )
    .expect("a valid term");
    let a = Term::new(
        one(),
        var("n"),
        vec![
            (Lin::new(1, 0, -1), 1),
            (Lin::new(0, 1, -1), -1),
            (Lin::new(1, -1, 0), -1),
        ],
        vec![(x(), Lin::new(0, 1, 0))],
    )
    .expect("a valid term");
    (s, a)
}

fn kappa_parts() -> Vec<Part> {
    let (s, a) = kappa_terms();
    vec![
        part(
            "g S_(l-1) = sum_{k<l} N_k alpha^k (n(m-1)alpha - k g) = n ((m-1)alpha)^l C(n-1,l-1) for every l >= 0",
            Step::PartialSum {
                summand: s,
                closed: vec![a.clone()],
                n0: 1,
            },
        ),
        part(
            "n ((m-1)alpha)^l C(n-1,l-1) > 0 for 1 <= l <= n, so kappa_l = g S_(l-1) > 0 on alpha > 0",
            Step::PositiveTerm {
                term: a,
                n0: 1,
                lo: Lin::new(0, 0, 1),
                hi: Some(Lin::new(1, 0, 0)),
            },
        ),
    ]
}

/// The domain `0 < D < n` written with `e = n − D > 0` (so `n = D + e`), `m ≥ 2`.
fn d_domain() -> Domain {
    Domain {
        lows: vec![
            ("D", Rational::ZERO, true),
            ("e", Rational::ZERO, true),
            ("m", Rational::from(2), false),
        ],
        text: "0 < D < n (e = n - D > 0), m >= 2".into(),
    }
}

fn d13() -> ForAll {
    // α_D = 1/((n/D − 1)(m−1)) as the grid computes it, with n = D + e.
    let (d, e, m1) = (rf(var("D")), rf(var("e")), rf(var("m").sub(&int(1))));
    let n = d.add(&e);
    let alpha_d = one()
        .div(&n.div(&d).expect("D > 0").sub(&one()).mul(&m1))
        .expect("a non-zero denominator");
    // h and its α-form at α = α_D: substitute the rational function α_D for α (its
    // denominator and D, which α_D divides by, join the divisors the domain must keep non-zero).
    let at_alpha_d = |r: &MRatFn| -> MRatFn {
        r.substitute_ratfn("alpha", &alpha_d)
            .expect("a non-zero denominator")
            .substitute("n", &var("D").add(&var("e")))
    };
    let alpha_form = rf(var("n")).mul(&x()).div(&g()).expect("g is not zero");
    let nm = n.mul(&m1);
    ForAll {
        id: "WYZ-D13",
        domain: d_domain(),
        hypotheses: vec![],
        parts: vec![
            part(
                "h(alpha_D) = D with alpha_D = 1/((n/D - 1)(m-1)) and h = n/(1 + e^eps/(m-1))",
                Step::Rational {
                    lhs: at_alpha_d(&h()),
                    rhs: d.clone(),
                },
            ),
            part(
                "the alpha-form n(m-1)alpha/(1+(m-1)alpha) at alpha_D equals D",
                Step::Rational {
                    lhs: at_alpha_d(&alpha_form),
                    rhs: d.clone(),
                },
            ),
            part(
                "1 - alpha_D = (m/((n-D)(m-1))) (n(m-1)/m - D): alpha_D <= 1 iff D <= n(m-1)/m",
                Step::Rational {
                    lhs: one().sub(&alpha_d),
                    rhs: rf(var("m"))
                        .div(&e.mul(&m1))
                        .expect("non-zero")
                        .mul(&nm.div(&rf(var("m"))).expect("m > 0").sub(&d)),
                },
            ),
            part(
                "m/((n-D)(m-1)) > 0",
                Step::Positive {
                    r: rf(var("m")).div(&e.mul(&m1)).expect("non-zero"),
                },
            ),
        ],
        cross: vec![],
    }
}

fn l2s2() -> ForAll {
    let in_s = |r: &MRatFn| r.substitute("alpha", &var("s"));
    let (h_alpha, hs) = (h(), in_s(&h()));
    let gs = in_s(&g());
    let factor = rf(var("n").mul(&var("m").sub(&int(1))))
        .div(&g().mul(&gs))
        .expect("non-zero");
    let mut dom = nm_alpha_domain(1, "n >= 1, m >= 2, s > alpha > 0 (alpha = e^-eps)");
    dom.lows.push(("s", Rational::ZERO, true));
    ForAll {
        id: "WYZ-L2.s2",
        domain: dom,
        hypotheses: vec![],
        parts: vec![
            part(
                "h(s) - h(alpha) = n(m-1)(s-alpha)/((1+(m-1)alpha)(1+(m-1)s))",
                Step::Rational {
                    lhs: hs.sub(&h_alpha),
                    rhs: factor.mul(&rf(var("s").sub(&var("alpha")))),
                },
            ),
            part(
                "n(m-1)/((1+(m-1)alpha)(1+(m-1)s)) > 0, so h is strictly increasing in alpha (decreasing in eps)",
                Step::Positive { r: factor },
            ),
            part(
                "h at alpha = 1 (eps = 0) is n(m-1)/m",
                Step::Rational {
                    lhs: h().specialize("alpha", &Rational::ONE).expect("non-zero"),
                    rhs: rf(var("n").mul(&var("m").sub(&int(1))))
                        .div(&rf(var("m")))
                        .expect("m > 0"),
                },
            ),
        ],
        cross: small_grid(),
    }
}

fn x12() -> ForAll {
    let (_, a) = kappa_terms();
    let mut parts = kappa_parts();
    // S_n = 0: A(n, n+1) = n x^(n+1) C(n−1, n) vanishes for every n ≥ 1.
    let a_n1 = a.on_line(1, 1);
    parts.push(part(
        "g S_n = n ((m-1)alpha)^(n+1) C(n-1,n) = 0: the last dual row is tight",
        Step::Terms {
            terms: vec![a_n1],
            n0: 1,
        },
    ));
    // Rows l: N_l h + E mu_l − mu_(l+1) = l N_l with mu_l = E^(l−1) A(n,l)/g, N_l = C(n,l) x^l α^(−l).
    let alpha_inv = |c: i64| (rf(var("alpha")), Lin::new(0, -1, c));
    let row_n = Term::new(
        one().div(&g()).expect("g is not zero"),
        var("n")
            .mul(&var("m").sub(&int(1)).mul(&var("alpha")))
            .sub(&var("k").mul(&int(1).add(&var("m").sub(&int(1)).mul(&var("alpha"))))),
        binomial_facts(0, 0),
        vec![(x(), Lin::new(0, 1, 0)), alpha_inv(0)],
    )
    .expect("a valid term");
    let mu = |shift: i64, sign: i64| {
        let mut tm = if shift == 0 { a.clone() } else { a.shift_k() };
        tm.coeff = rf(int(sign)).div(&g()).expect("g is not zero");
        tm.powers.push(alpha_inv(0));
        Term::new(tm.coeff, tm.poly, tm.facts, tm.powers).expect("a valid term")
    };
    parts.push(part(
        "every row l: N_l h + E mu_l - mu_(l+1) = l N_l, mu_l = E^(l-1) S_(l-1) (tight)",
        Step::Terms {
            terms: vec![row_n, mu(0, 1), mu(1, -1)],
            n0: 1,
        },
    ));
    ForAll {
        id: "WYZ-X12",
        domain: nm_alpha_domain(1, "n >= 1, m >= 2, 0 < alpha <= 1 (alpha > 0 suffices)"),
        hypotheses: vec![
            "LP-L, the level LP of Lemma 1, has one variable per Hamming level with the rows N_l u + E mu_l - mu_(l+1) <= l N_l (its reduction from LP-R is checked on the grid: WYZ-L1.s2..s10)".into(),
        ],
        parts,
        cross: lemma1_grid(),
    }
}

/// The WZ pair `(F, G)` of a `Step::Wz`.
fn wz_pair(s: Step) -> (Term, Term) {
    match s {
        Step::Wz { f, g, .. } => (f, g),
        _ => unreachable!("binomial_theorem and binomial_moment are WZ steps"),
    }
}

const LEVELS: &str = "LP-R(y0) reduces to this orbit LP: the spheres N_l(y0) are its orbits, |N_l(y0)| = C(n,l)(m-1)^l (WYZ-D18, WYZ-G3, WYZ-G10), and every vertex of N_l(y0) has (n-l)(m-1) neighbours in N_(l+1)(y0) and l in N_(l-1)(y0) (WYZ-G2, WYZ-L1.s3); so kappa on every outward edge (0 on LP-R's other rows) is a dual point of LP-R whose reduced cost at every vertex of N_l(y0) is the orbit LP's";

const GIBBS_ROWS: &str = "the Gibbs point alpha^d(x,y0)/(1+(m-1)alpha)^n also satisfies LP-R's other rows (inward and same-sphere neighbours) when 0 < alpha <= 1, because the distances of two neighbours to y0 differ by at most 1 (WYZ-G6, WYZ-L1.s12-corrected; every row checked on the grid by WYZ-L1.C2)";

/// The level LP of Lemma 1 as an orbit LP of H(n, m) around a centre `y0` (`k` is the level
/// `l`): minimise `Σ_x d(x, y0) p_x` subject to `Σ p = 1` and `E p_b − p_a ≥ 0` on every
/// outward edge `(a, b)`, `E = 1/α`; with the Gibbs point `p_l = α^l/(1+(m−1)α)^n`, the dual
/// `u = h`, `κ = α/(1+(m−1)α)` on every outward edge (X12's `μ_l = E^(l−1) S_(l−1)` spread over
/// the `l N_l` edges between spheres `l−1` and `l`: `μ_l/(l N_l) = α/g` for every `l`, found by
/// solving the grid's LPs exactly and reading off the pattern) and the optimum `h(α)`.
pub fn level_lp() -> OrbitLpCertificate {
    let alpha_pow = |l: Lin| (rf(var("alpha")), l);
    let term = |coeff: MRatFn, poly: MPoly, facts, powers| {
        Term::new(coeff, poly, facts, powers).expect("a valid term")
    };
    let h_n = term(
        x().div(&g()).expect("g is not zero"),
        var("n"),
        vec![],
        vec![],
    );
    let samples = [(1, 3), (1, 2), (2, 3), (1, 1)]
        .into_iter()
        .map(|(a, b)| {
            let mut p = crate::num::mpoly::Point::new();
            p.insert("alpha".into(), Rational::from_signeds(a, b));
            p
        })
        .collect();
    OrbitLpCertificate {
        lp: OrbitLp {
            size: term(
                one(),
                MPoly::one(),
                binomial_facts(0, 0),
                vec![(x(), Lin::new(0, 1, 0)), alpha_pow(Lin::new(0, -1, 0))],
            ),
            cost: term(one(), var("k"), vec![], vec![]),
            up: var("n").sub(&var("k")).mul(&var("m").sub(&int(1))),
            down: var("k"),
            lo: one(),
            hi: one().div(&rf(var("alpha"))).expect("alpha is not zero"),
        },
        value: h_n.clone(),
        primal: term(
            one(),
            MPoly::one(),
            vec![],
            vec![alpha_pow(Lin::new(0, 1, 0)), (g(), Lin::new(-1, 0, 0))],
        ),
        mass_mate: wz_pair(binomial_theorem(x(), one())).1,
        objective: wz_pair(binomial_moment(x(), one())),
        u: h_n,
        kappa: term(
            rf(var("alpha")).div(&g()).expect("g is not zero"),
            MPoly::one(),
            vec![],
            vec![],
        ),
        n0: 1,
        samples,
    }
}

fn lp_part() -> Part {
    part(
        "the level LP of Lemma 1 (one value per sphere N_l(y0)) has optimum h(alpha) = n(m-1)alpha/(1+(m-1)alpha) for every n: Gibbs primal, dual u = h, kappa = alpha/(1+(m-1)alpha) on every outward edge",
        Step::OrbitLp(std::sync::Arc::new(level_lp())),
    )
}

/// A claim decided by the level LP's certificate: `upper` when it also needs the Gibbs point
/// to be LP-R feasible (the optimum itself), not only the dual lower bound.
fn lp_forall(id: &'static str, upper: bool, extra: &[&str]) -> ForAll {
    let mut hypotheses = vec![LEVELS.to_string()];
    if upper {
        hypotheses.push(GIBBS_ROWS.to_string());
    }
    hypotheses.extend(extra.iter().map(|s| s.to_string()));
    ForAll {
        id,
        domain: nm_alpha_domain(
            1,
            "n >= 1, m >= 2, 0 < alpha <= 1 (alpha = e^-eps; the orbit LP's certificate needs alpha > 0 only)",
        ),
        hypotheses,
        parts: vec![lp_part()],
        cross: lp_grid(),
    }
}

/// The (n, m) pairs of the LP-R claims (m^n <= 81); the cross-check solves the level LP at each
/// for α in {1/3, 1/2, 2/3, 1}.
fn lp_grid() -> Vec<(i64, crate::num::mpoly::Point)> {
    let mut v = Vec::new();
    for m in 2i64..=9 {
        let mut n = 1u32;
        while m.pow(n) <= 81 {
            v.push((i64::from(n), m));
            n += 1;
        }
    }
    nm_points(&v)
}

/// T2.2 (l.226): on the range `D = h(α)`, `0 < α ≤ 1`, the multiplier `λ = ln(1/α_D)` is
/// `≥ 0` and `D ≤ n(m−1)/m`. Written in `E = e^ε = 1/α ≥ 1` (a lower bound the sign
/// certificates use), with `h = n/(1 + E/(m−1))` as printed (eq (32)).
fn t22() -> ForAll {
    let (n, m1, e) = (rf(var("n")), rf(var("m").sub(&int(1))), rf(var("E")));
    let h_e = n
        .div(&one().add(&e.div(&m1).expect("m - 1 > 0")))
        .expect("1 + E/(m-1) > 0");
    // α_D = 1/((n/D − 1)(m−1)) as the grid computes it (eq (17)), at D = h.
    let alpha_d = one()
        .div(&n.div(&h_e).expect("h > 0").sub(&one()).mul(&m1))
        .expect("a non-zero denominator");
    let gap = rf(var("n")
        .mul(&var("m").sub(&int(1)))
        .mul(&var("E").sub(&int(1))))
    .div(&rf(var("m").mul(&var("E").add(&var("m")).sub(&int(1)))))
    .expect("m(E+m-1) > 0");
    let nm_m = rf(var("n").mul(&var("m").sub(&int(1))))
        .div(&rf(var("m")))
        .expect("m > 0");
    ForAll {
        id: "WYZ-T2.2",
        domain: Domain {
            lows: vec![
                ("n", Rational::ONE, false),
                ("m", Rational::from(2), false),
                ("E", Rational::ONE, false),
            ],
            text: "n >= 1, m >= 2, every D = h(eps) with eps >= 0 (E = e^eps = 1/alpha >= 1), which contains the T1a range D <= h(eps~_X)".into(),
        },
        hypotheses: vec![],
        parts: vec![
            part(
                "alpha_D = 1/((n/D - 1)(m-1)) at D = h(eps) = n/(1 + E/(m-1)) is 1/E, so lambda = ln(1/alpha_D) = eps >= 0",
                Step::Rational {
                    lhs: alpha_d,
                    rhs: one().div(&e).expect("E > 0"),
                },
            ),
            part(
                "n(m-1)/m - h(eps) = n(m-1)(E-1)/(m(E+m-1))",
                Step::Rational {
                    lhs: nm_m.sub(&h_e),
                    rhs: gap.clone(),
                },
            ),
            part(
                "n(m-1)(E-1)/(m(E+m-1)) >= 0 for E >= 1: D <= n(m-1)/m",
                Step::NonNegative { r: gap },
            ),
        ],
        cross: small_grid(),
    }
}

/// G7: `k_α = ((1−α)I + αJ)/g` on one row (J the all-ones m×m matrix) and its inverse
/// `(gI − αJ)/(1−α)`: in the algebra spanned by `I` and `J` (`J² = mJ`),
/// `((1−α)I + αJ)(gI − αJ) = (1−α)g·I + ((1−α)(−α) + α g + m α(−α))·J`.
fn g7() -> ForAll {
    let alpha = rf(var("alpha"));
    let m = rf(var("m"));
    let a = one().sub(&alpha); // I-coefficient of (1−α)I + αJ
    let b = alpha.clone(); // its J-coefficient
    let c = g(); // I-coefficient of gI − αJ
    let d = rf(MPoly::zero()).sub(&alpha); // its J-coefficient
    let i_coeff = a.mul(&c);
    let j_coeff = a.mul(&d).add(&b.mul(&c)).add(&m.mul(&b).mul(&d));
    ForAll {
        id: "WYZ-G7",
        domain: nm_alpha_domain(1, "m >= 2, alpha > 0, alpha != 1 for the inverse (the product identity holds for every alpha)"),
        hypotheses: vec![
            "d(x,y) = sum_i [x_i != y_i] (the Hamming distance), so alpha^d(x,y) = prod_i alpha^[x_i != y_i] and G_alpha is the n-fold Kronecker power of the m x m matrix (1-alpha)I + alpha J (checked by enumeration on the grid by this claim)".into(),
            "J^2 = mJ for the all-ones m x m matrix, so (aI + bJ)(cI + dJ) = ac I + (ad + bc + m bd) J".into(),
        ],
        parts: vec![
            part(
                "I-coefficient of ((1-alpha)I + alpha J)(gI - alpha J) is (1-alpha)(1+(m-1)alpha)",
                Step::Rational {
                    lhs: i_coeff,
                    rhs: one().sub(&alpha).mul(&g()),
                },
            ),
            part(
                "J-coefficient (1-alpha)(-alpha) + alpha(1+(m-1)alpha) + m alpha(-alpha) is 0, so k_alpha^-1 = (gI - alpha J)/(1-alpha) with k_alpha = ((1-alpha)I + alpha J)/g",
                Step::Rational {
                    lhs: j_coeff,
                    rhs: rf(MPoly::zero()),
                },
            ),
        ],
        cross: grid64(),
    }
}

/// Every certificate of this paper.
pub fn certificates() -> Vec<ForAll> {
    vec![
        ForAll {
            id: "WYZ-G4",
            domain: nm_alpha_domain(1, "n >= 1, m >= 2, alpha > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![sum_nl_alpha_l()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-G5",
            domain: nm_alpha_domain(1, "n >= 1, m >= 2, alpha > 0"),
            hypotheses: vec![],
            parts: vec![sum_nl_alpha_l(), moment(), mean_is_h()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-L1.s13",
            domain: nm_alpha_domain(1, "n >= 1, m >= 2, alpha > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![sum_nl(), sum_nl_alpha_l()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-L1.s14",
            domain: nm_alpha_domain(1, "n >= 1, m >= 2, alpha > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![moment(), mean_is_h()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-D10",
            domain: nm_alpha_domain(1, "n >= 1, m >= 2, every eps >= 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![
                part(
                    "sum_l l C(n,l)(m-1)^l = n(m-1)m^(n-1), so the uniform rows have distortion n(m-1)m^(n-1)/m^n = n(m-1)/m; every ratio of two uniform rows is 1",
                    binomial_moment(rf(var("m").sub(&int(1))), one()),
                ),
            ],
            cross: small_grid(),
        },
        ForAll {
            id: "WYZ-D16",
            domain: nm_alpha_domain(1, "n >= 1, m >= 2, alpha > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![
                part(
                    "row sum: sum_l N_l alpha^l / (1+(m-1)alpha)^n = 1",
                    binomial_theorem(x(), one()),
                ),
                part(
                    "every entry alpha^d/(1+(m-1)alpha)^n > 0 for 0 <= d <= n",
                    Step::PositiveTerm {
                        term: Term::new(
                            one(),
                            MPoly::one(),
                            vec![],
                            vec![(rf(var("alpha")), Lin::new(0, 1, 0)), (g(), Lin::new(-1, 0, 0))],
                        )
                        .expect("a valid term"),
                        n0: 1,
                        lo: Lin::new(0, 0, 0),
                        hi: Some(Lin::new(1, 0, 0)),
                    },
                ),
            ],
            cross: small_grid(),
        },
        d13(),
        l2s2(),
        ForAll {
            id: "WYZ-X11",
            domain: nm_alpha_domain(1, "n >= 1, m >= 2, 0 < alpha <= 1 (alpha > 0 suffices)"),
            hypotheses: vec![
                "every vertex at level l >= 1 has l inward neighbours (c_l = l), so every vertex is reached from y0 by outward edges (WYZ-G2 and this claim's grid)".into(),
            ],
            parts: kappa_parts(),
            cross: lemma1_grid(),
        },
        x12(),
        t22(),
        g7(),
        lp_forall("WYZ-L1", true, &[]),
        lp_forall("WYZ-L1.s15", true, &[]),
        lp_forall("WYZ-L1.eq40", false, &[]),
        lp_forall("WYZ-L1.C1", false, &[]),
        lp_forall(
            "WYZ-D14",
            true,
            &["every centre y0 gives the same LP: the translations x -> x + y0 (mod m) are automorphisms of H(n,m) (WYZ-G1)"],
        ),
    ]
}
