//! Alvim–Andrés–Chatzikokolakis–Palamidessi claims certified for every number of individuals
//! u (issue 32): the distance profile sums of H(u, v) (section 5, eq. (4) and the display
//! before Theorem 5.1), by WZ certificates `claim::forall` re-checks.
//!
//! Variables: the summation machinery's `n` is the paper's `u` (individuals) and `k` its
//! distance `d`; `v = |V|` and `t = e^eps >= 1` are parameters.

use crate::claim::forall::{binomial_theorem, int, rf, var, Domain, ForAll, Part, Step};
use crate::num::mpoly::{MPoly, Point};
use crate::num::Rational;
use malachite::base::num::basic::traits::One;

const PROFILE: &str = "n_d = C(u,d)(v-1)^d: the number of databases at distance d from any x in H(u,v) (a count by BFS; checked on the grid: AACP-E4)";

fn domain() -> Domain {
    Domain {
        lows: vec![
            ("n", Rational::ONE, false),
            ("v", Rational::from(2), false),
            ("t", Rational::ONE, false),
        ],
        text: "u >= 1, v >= 2, t = e^eps >= 1".into(),
    }
}

fn grid() -> Vec<(i64, Point)> {
    let mut out = Vec::new();
    for v in 2i64..=8 {
        for u in 1u32..=6 {
            if v.pow(u) <= 4096 {
                let mut p = Point::new();
                p.insert("v".into(), Rational::from(v));
                out.push((i64::from(u), p));
            }
        }
    }
    out
}

fn v1() -> MPoly {
    var("v").sub(&int(1))
}

fn profile_over_t() -> Part {
    Part {
        statement: "S = sum_d C(u,d)(v-1)^d t^-d = ((t+v-1)/t)^u".into(),
        step: binomial_theorem(
            rf(v1()).div(&rf(var("t"))).expect("t is not zero"),
            rf(MPoly::one()),
        ),
    }
}

/// Ex1d's family part: on K_n, `c = t/(t+n−1)` solves `c·(1 + (n−1)/t) = 1` for every n
/// (the printed M2 on K6 at t = 2 is one fixed instance, checked exactly by the grid).
fn ex1d() -> ForAll {
    let n1 = rf(var("n").sub(&int(1)));
    let t = rf(var("t"));
    let c = t.div(&t.add(&n1)).expect("t + n - 1 > 0");
    let s = rf(MPoly::one()).add(&n1.div(&t).expect("t > 0"));
    let mut cross = Vec::new();
    for n in 2..=10 {
        cross.push((n, Point::new()));
    }
    ForAll {
        id: "AACP-Ex1d",
        domain: Domain {
            lows: vec![("n", Rational::from(2), false), ("t", Rational::ONE, false)],
            text: "K_n for every n >= 2, every t = e^eps >= 1 (the printed M2 is the single instance K6, t = 2, checked exactly)".into(),
        },
        hypotheses: vec!["in K_n every vertex has 1 vertex at distance 0 and n - 1 at distance 1, so S = 1 + (n-1)/t".into()],
        parts: vec![Part {
            statement: "c S = (t/(t+n-1)) (1 + (n-1)/t) = 1 identically".into(),
            step: Step::Rational {
                lhs: c.mul(&s),
                rhs: rf(MPoly::one()),
            },
        }],
        cross,
    }
}

/// P2t: v-ary randomized response `R = (t I + (J − I))/(t+v−1)` is a channel whose column
/// maxima are on the diagonal (t ≥ 1), so `Σ_z max_w R[w][z] = v t/(t+v−1)`; in the u-fold
/// Kronecker power the clique of individual i factors out (a named hypothesis), so every
/// clique gives the same value.
fn p2t() -> ForAll {
    let t = rf(var("t"));
    let s = t.add(&rf(v1()));
    let diag = t.div(&s).expect("t + v - 1 > 0");
    let off = rf(MPoly::one()).div(&s).expect("t + v - 1 > 0");
    let mut cross = Vec::new();
    for v in 2i64..=8 {
        let mut p = Point::new();
        p.insert("v".into(), Rational::from(v));
        cross.push((1, p));
    }
    ForAll {
        id: "AACP-P2t",
        domain: domain(),
        hypotheses: vec![
            "the rows {x[i->w] : w in V} of the Kronecker power M = R^(x)u are M[x[i->w]][z] = prod_(j != i) R[x_j][z_j] R[w][z_i], so sum_z max_w M = prod_(j != i) (sum_(z_j) R[x_j][z_j]) * sum_(z_i) max_w R[w][z_i] (distributivity; checked on the grid by this claim at H(3,2), H(2,3))".into(),
        ],
        parts: vec![
            Part {
                statement: "every row of R sums to 1: t/(t+v-1) + (v-1)/(t+v-1) = 1".into(),
                step: Step::Rational {
                    lhs: diag.add(&rf(v1()).mul(&off)),
                    rhs: rf(MPoly::one()),
                },
            },
            Part {
                statement: "the diagonal is the largest entry of every column: t/(t+v-1) - 1/(t+v-1) = (t-1)/(t+v-1) >= 0 for t >= 1".into(),
                step: Step::NonNegative {
                    r: diag.sub(&off),
                },
            },
            Part {
                statement: "so sum_z max_w R[w][z] = v t/(t+v-1), and every clique of R^(x)u gives 1^(u-1) v t/(t+v-1)".into(),
                step: Step::Rational {
                    lhs: rf(var("v")).mul(&diag),
                    rhs: rf(var("v").mul(&var("t")))
                        .div(&rf(var("t").add(&v1())))
                        .expect("t + v - 1 > 0"),
                },
            },
        ],
        cross,
    }
}

/// Every certificate of this paper.
pub fn certificates() -> Vec<ForAll> {
    vec![
        ex1d(),
        p2t(),
        ForAll {
            id: "AACP-E4b",
            domain: domain(),
            hypotheses: vec![PROFILE.into()],
            parts: vec![
                Part {
                    statement: "sum_d C(u,d)(v-1)^d t^(u-d) = (t+v-1)^u, i.e. sum_d C(u,d)(v-1)^d e^(eps(u-d))/e^(eps u) = ((e^eps+v-1)/e^eps)^u".into(),
                    step: binomial_theorem(rf(v1()), rf(var("t"))),
                },
                profile_over_t(),
            ],
            cross: grid(),
        },
        ForAll {
            id: "AACP-T5.1t",
            domain: domain(),
            hypotheses: vec![
                PROFILE.into(),
                "M[x][z] = c t^-d_H(x,z) is the u-fold Kronecker power of v-ary randomized response, its largest entry in every column is on the diagonal (t >= 1) and neighbouring rows differ by a factor t^(+-1) at most (checked on the grid by this claim)".into(),
            ],
            parts: vec![Part {
                statement: "every row sums to 1: c sum_d n_d t^-d = 1 with c = (t/(t+v-1))^u".into(),
                step: profile_over_t().step,
            }],
            cross: grid(),
        },
    ]
}
