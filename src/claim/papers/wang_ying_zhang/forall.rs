//! Wang–Ying–Zhang claims certified for every n (issue 32): the Hamming sphere sums (eqs (31),
//! (32), (35)–(40)), the optimal distortion h (eq (32)) and its inverse (eq (17)), and the dual
//! of the level LP of Lemma 1 (X11, X12), each by a certificate `claim::forall` re-checks.
//!
//! Variables: `n` rows, `m` values per row, `t = e^(−ε)`, `l` (written `k`) a Hamming level;
//! `x = (m−1)t` is the weight of one changed row and `g = 1 + x` (eq (31)).
//! Structural facts of H(n, m) that no arithmetic certificate covers (sphere sizes, the
//! partition into spheres, inward neighbours) are named hypotheses with the claims that check
//! them on the grid.

use crate::claim::forall::{
    binomial_moment, binomial_theorem, int, nm_points, nmt_domain, rf, var, Domain, ForAll, Part,
    Step,
};
use crate::num::hypergeom::{binomial_facts, Lin, Term};
use crate::num::mpoly::{MPoly, MRatFn};
use crate::num::Rational;
use malachite::base::num::basic::traits::{One, Zero};

const SPHERES: &str = "|N_l(y)| = C(n,l)(m-1)^l for every centre y and the spheres N_0(y), .., N_n(y) partition D^n (a count; checked by enumeration on the grid: WYZ-D18, WYZ-G3, WYZ-G10; WYZ-G3 itself stays grid-only because this count is its first statement)";

/// `x = (m − 1) t`.
fn x() -> MRatFn {
    rf(var("m").sub(&int(1)).mul(&var("t")))
}

/// `g = 1 + (m − 1) t`.
fn g() -> MRatFn {
    rf(int(1)).add(&x())
}

fn one() -> MRatFn {
    rf(MPoly::one())
}

/// `h(t) = n / (1 + E/(m−1))` with `E = 1/t`, eq (32) as printed (and as the grid evaluates it).
fn h() -> MRatFn {
    let e = one().div(&rf(var("t"))).expect("t is not zero");
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

fn sum_nl_tl() -> Part {
    part(
        "sum_l C(n,l)(m-1)^l t^l = (1+(m-1)t)^n (eq (31))",
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
        "sum_l l C(n,l)(m-1)^l t^l = n(m-1)t(1+(m-1)t)^(n-1)",
        binomial_moment(x(), one()),
    )
}

fn mean_is_h() -> Part {
    part(
        "n(m-1)t (1+(m-1)t)^(n-1) / (1+(m-1)t)^n = h(t) = n/(1 + e^eps/(m-1))",
        Step::Rational {
            lhs: rf(var("n")).mul(&x()).div(&g()).expect("g is not zero"),
            rhs: h(),
        },
    )
}

/// The summand `C(n,k) x^k (n x − k g)` of `g·S_j` (X11, X12) and its closed partial sum
/// `A(n,l) = Σ_{k<l} … = n x^l C(n−1, l−1)` (Gosper's form, found by hand and checked).
fn kappa_terms() -> (Term, Term) {
    let xp = var("m").sub(&int(1)).mul(&var("t"));
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
            "g S_(l-1) = sum_{k<l} N_k t^k (n(m-1)t - k g) = n ((m-1)t)^l C(n-1,l-1) for every l >= 0",
            Step::PartialSum {
                summand: s,
                closed: vec![a.clone()],
                n0: 1,
            },
        ),
        part(
            "n ((m-1)t)^l C(n-1,l-1) > 0 for 1 <= l <= n, so kappa_l = g S_(l-1) > 0 on t > 0",
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
    // t_D = 1/((n/D − 1)(m−1)) as the grid computes it, with n = D + e.
    let (d, e, m1) = (rf(var("D")), rf(var("e")), rf(var("m").sub(&int(1))));
    let n = d.add(&e);
    let td = one()
        .div(&n.div(&d).expect("D > 0").sub(&one()).mul(&m1))
        .expect("a non-zero denominator");
    // h and its t-form at t = t_D: substitute the rational function t_D for t.
    let at_td = |r: &MRatFn| -> MRatFn {
        let dn = r
            .num
            .degree_in("t")
            .unwrap_or(0)
            .max(r.den.degree_in("t").unwrap_or(0));
        // r(t_D) with t_D = a/b: multiply num and den by b^deg.
        let (a, b) = (&td.num, &td.den);
        let hom = |p: &MPoly| {
            let mut acc = MPoly::zero();
            for i in 0..=dn {
                let coeff = coeff_of_t(p, i);
                acc = acc.add(&coeff.mul(&a.pow(i)).mul(&b.pow(dn - i)));
            }
            acc
        };
        let num = hom(&r.num).substitute("n", &var("D").add(&var("e")));
        let den = hom(&r.den).substitute("n", &var("D").add(&var("e")));
        MRatFn::new(num, den).expect("a non-zero denominator")
    };
    let tform = rf(var("n")).mul(&x()).div(&g()).expect("g is not zero");
    let nm = n.mul(&m1);
    ForAll {
        id: "WYZ-D13",
        domain: d_domain(),
        hypotheses: vec![],
        parts: vec![
            part(
                "h(t_D) = D with t_D = 1/((n/D - 1)(m-1)) and h = n/(1 + e^eps/(m-1))",
                Step::Rational {
                    lhs: at_td(&h()),
                    rhs: d.clone(),
                },
            ),
            part(
                "the t-form n(m-1)t/(1+(m-1)t) at t_D equals D",
                Step::Rational {
                    lhs: at_td(&tform),
                    rhs: d.clone(),
                },
            ),
            part(
                "1 - t_D = (m/((n-D)(m-1))) (n(m-1)/m - D): t_D <= 1 iff D <= n(m-1)/m",
                Step::Rational {
                    lhs: one().sub(&td),
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

/// The coefficient of `t^i` in `p` (a polynomial in the other variables).
fn coeff_of_t(p: &MPoly, i: u32) -> MPoly {
    let mut out = MPoly::zero();
    for (mono, c) in p.terms() {
        if mono.get("t").copied().unwrap_or(0) == i {
            let mut rest = MPoly::constant(c.clone());
            for (v, e) in mono {
                if v != "t" {
                    rest = rest.mul(&var(v).pow(*e));
                }
            }
            out = out.add(&rest);
        }
    }
    out
}

fn l2s2() -> ForAll {
    let t2 = |r: &MRatFn| MRatFn {
        num: r.num.substitute("t", &var("s")),
        den: r.den.substitute("t", &var("s")),
    };
    let (ht, hs) = (h(), t2(&h()));
    let gs = t2(&g());
    let factor = rf(var("n").mul(&var("m").sub(&int(1))))
        .div(&g().mul(&gs))
        .expect("non-zero");
    let mut dom = nmt_domain(1, "n >= 1, m >= 2, s > t > 0 (t = e^-eps)");
    dom.lows.push(("s", Rational::ZERO, true));
    ForAll {
        id: "WYZ-L2.s2",
        domain: dom,
        hypotheses: vec![],
        parts: vec![
            part(
                "h(s) - h(t) = n(m-1)(s-t)/((1+(m-1)t)(1+(m-1)s))",
                Step::Rational {
                    lhs: hs.sub(&ht),
                    rhs: factor.mul(&rf(var("s").sub(&var("t")))),
                },
            ),
            part(
                "n(m-1)/((1+(m-1)t)(1+(m-1)s)) > 0, so h is strictly increasing in t (decreasing in eps)",
                Step::Positive { r: factor },
            ),
            part(
                "h at t = 1 (eps = 0) is n(m-1)/m",
                Step::Rational {
                    lhs: h().specialize("t", &Rational::ONE).expect("non-zero"),
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
        "g S_n = n ((m-1)t)^(n+1) C(n-1,n) = 0: the last dual row is tight",
        Step::Terms {
            terms: vec![a_n1],
            n0: 1,
        },
    ));
    // Rows l: N_l h + E mu_l − mu_(l+1) = l N_l with mu_l = E^(l−1) A(n,l)/g, N_l = C(n,l) x^l t^(−l).
    let tinv = |c: i64| (rf(var("t")), Lin::new(0, -1, c));
    let row_n = Term::new(
        one().div(&g()).expect("g is not zero"),
        var("n")
            .mul(&var("m").sub(&int(1)).mul(&var("t")))
            .sub(&var("k").mul(&int(1).add(&var("m").sub(&int(1)).mul(&var("t"))))),
        binomial_facts(0, 0),
        vec![(x(), Lin::new(0, 1, 0)), tinv(0)],
    )
    .expect("a valid term");
    let mu = |shift: i64, sign: i64| {
        let mut t = if shift == 0 { a.clone() } else { a.shift_k() };
        t.coeff = rf(int(sign)).div(&g()).expect("g is not zero");
        t.powers.push(tinv(0));
        Term::new(t.coeff, t.poly, t.facts, t.powers).expect("a valid term")
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
        domain: nmt_domain(1, "n >= 1, m >= 2, 0 < t <= 1 (t > 0 suffices)"),
        hypotheses: vec![
            "LP-L, the level LP of Lemma 1, has one variable per Hamming level with the rows N_l u + E mu_l - mu_(l+1) <= l N_l (its reduction from LP-R is checked on the grid: WYZ-L1.s2..s10)".into(),
        ],
        parts,
        cross: lemma1_grid(),
    }
}

/// Every certificate of this paper.
pub fn certificates() -> Vec<ForAll> {
    vec![
        ForAll {
            id: "WYZ-G4",
            domain: nmt_domain(1, "n >= 1, m >= 2, t > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![sum_nl_tl()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-G5",
            domain: nmt_domain(1, "n >= 1, m >= 2, t > 0"),
            hypotheses: vec![],
            parts: vec![sum_nl_tl(), moment(), mean_is_h()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-L1.s13",
            domain: nmt_domain(1, "n >= 1, m >= 2, t > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![sum_nl(), sum_nl_tl()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-L1.s14",
            domain: nmt_domain(1, "n >= 1, m >= 2, t > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![moment(), mean_is_h()],
            cross: grid64(),
        },
        ForAll {
            id: "WYZ-D10",
            domain: nmt_domain(1, "n >= 1, m >= 2, every eps >= 0"),
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
            domain: nmt_domain(1, "n >= 1, m >= 2, t > 0"),
            hypotheses: vec![SPHERES.into()],
            parts: vec![
                part(
                    "row sum: sum_l N_l t^l / (1+(m-1)t)^n = 1",
                    binomial_theorem(x(), one()),
                ),
                part(
                    "every entry t^d/(1+(m-1)t)^n > 0 for 0 <= d <= n",
                    Step::PositiveTerm {
                        term: Term::new(
                            one(),
                            MPoly::one(),
                            vec![],
                            vec![(rf(var("t")), Lin::new(0, 1, 0)), (g(), Lin::new(-1, 0, 0))],
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
            domain: nmt_domain(1, "n >= 1, m >= 2, 0 < t <= 1 (t > 0 suffices)"),
            hypotheses: vec![
                "every vertex at level l >= 1 has l inward neighbours (c_l = l), so every vertex is reached from y0 by outward edges (WYZ-G2 and this claim's grid)".into(),
            ],
            parts: kappa_parts(),
            cross: lemma1_grid(),
        },
        x12(),
    ]
}
