//! Tail bounds, data processing and the order comparisons (ART-19b, 20, 22, 23, 40).

use super::shared::*;

/// Instances of ART-19b: order α and `r = 2^-k`.
#[derive(Clone, Debug)]
pub struct B19 {
    pub o: RenyiOrder,
    pub k: u32,
    /// The catalogue's family `(1−η, η, 0)/(1−η, 0, η)` (η = 1/8) instead of the power family.
    pub catalogue: bool,
}

impl fmt::Display for B19 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.catalogue {
            write!(
                f,
                "alpha={} catalogue family eta=1/8, prior (2^-{k}, 1 - 2^-{k})",
                self.o,
                k = self.k
            )
        } else {
            write!(f, "alpha={} r=2^-{}", self.o, self.k)
        }
    }
}

pub(super) fn b19_grid() -> Vec<B19> {
    let mut v = Vec::new();
    for o in [
        RenyiOrder::One,
        RenyiOrder::Int(2),
        RenyiOrder::Int(3),
        RenyiOrder::Int(5),
    ] {
        for k in [2, 6, 12, 24] {
            v.push(B19 {
                o,
                k,
                catalogue: false,
            });
        }
    }
    for o in [RenyiOrder::One, RenyiOrder::Int(2)] {
        for k in [4, 16] {
            v.push(B19 {
                o,
                k,
                catalogue: true,
            });
        }
    }
    v
}

pub(super) fn b19_beyond(s: usize) -> Vec<B19> {
    [RenyiOrder::Int(10), RenyiOrder::Int(20)]
        .into_iter()
        .map(|o| B19 {
            o,
            k: 12 * s as u32,
            catalogue: false,
        })
        .collect()
}

/// ART-19b (l.568–572): for α < ∞, `C_α ≤ ε` does not bound every posterior divergence.
/// Witness family (found for this check; the catalogue's `(1−η, η, 0)/(1−η, 0, η)` family has
/// `C_α = ∞` for α > 2): `W_0 = (1−r^a, r^a)`, `W_1 = (1−r^{a+1}, r^{a+1})` with a = max(α, 2),
/// prior `(r, 1−r)`, r = 2^-k. Per instance, exactly: `C_α ≤ diameter ≤ ln 2` (ART-11) while the
/// rare output y = 1 gives `D_α(P_{X|y=1}‖P_X) ≥ (k/2 − 1) ln 2`, unbounded in k.
pub(super) fn check_19b(inst: &B19) -> Check {
    if inst.catalogue {
        return check_19b_catalogue(inst);
    }
    let a = match inst.o {
        RenyiOrder::Int(a) => a,
        _ => 2,
    };
    // 2^-k exactly (k grows with the search size: a u64 shift would overflow at k >= 64).
    let r = q(1, 2).pow(inst.k as u64);
    let one = Rational::from(1u32);
    let w0 = r.clone().pow(a);
    let w1 = r.clone().pow(a + 1);
    let w = vec![vec![&one - &w0, w0], vec![&one - &w1, w1]];
    let prior = vec![r.clone(), &one - &r];
    let diam = renyi_diameter(inst.o, &chan(&w));
    let ln2: Div = Some(LogLinear::ln(&q(2, 1)));
    let post = posterior(&prior, &w, 1).expect("P(y) > 0");
    let d = renyi_divergence(inst.o, &post, &prior);
    let target: Div = Some(LogLinear::term(
        &(Rational::from(inst.k) / Rational::from(2u32) - &one),
        &q(2, 1),
    ));
    let mut st = Decider::new();
    let ok = st.ext(&diam, "<=", &ln2) && st.ext(&target, "<=", &d);
    // Extended log-linear comparisons, each with its record (issue 44 item 6).
    let mut c = Check::new(
        "C_alpha <= diameter <= ln 2  while  D_alpha(P_X|y=1 || P_X) >= (k/2 - 1) ln 2",
        dv(&diam),
        dv(&d),
        Method::LogLinear,
        Outcome::from_holds(ok),
    )
    .with_note(format!(
        "W={}, prior={}",
        super::super::core::cp(&prior, &w),
        fmt_vec(&prior)
    ));
    c.records = st.records().unwrap_or_default();
    c
}

/// ART-19b on the catalogue's family `W_0 = (1−η, η, 0)`, `W_1 = (1−η, 0, η)`, η = 1/8, at
/// α ∈ {1, 2}: `C_1 = η ln 2` (I_1 ≤ η ln 2 at every grid prior, equality at the uniform one) and
/// `I_2(π) = ln(1 + η)` at every grid prior in (0, 1) (closed form `S_2 = 1 + η`), so C_α stays
/// bounded, while the revealing output y = 1 gives `D_α(δ_0‖P_X) = ln(1/π) = k ln 2` at
/// π = 2^-k. (For α > 2 this family has `S_α = 1 − η + η(π^{2−α} + (1−π)^{2−α})`, unbounded:
/// C_α = ∞, so it is no witness there; the power family is.)
pub(super) fn check_19b_catalogue(inst: &B19) -> Check {
    let eta = q(1, 8);
    let one = Rational::from(1u32);
    let zero = Rational::from(0u32);
    let w = vec![
        vec![&one - &eta, eta.clone(), zero.clone()],
        vec![&one - &eta, zero, eta.clone()],
    ];
    let cap: Div = match inst.o {
        RenyiOrder::One => Some(LogLinear::term(&eta, &q(2, 1))),
        _ => Some(LogLinear::ln(&(&one + &eta))),
    };
    let mut ok = true;
    let mut st = Decider::new();
    for j in 1..16u64 {
        let prior = vec![
            Rational::from_unsigneds(j, 16),
            Rational::from_unsigneds(16 - j, 16),
        ];
        let i = renyi_mutual_information(inst.o, &dist(&prior), &chan(&w));
        ok &= match inst.o {
            RenyiOrder::One => st.ext(&i, "<=", &cap) && (j != 8 || st.ext_eq(&i, &cap)),
            _ => st.ext_eq(&i, &cap),
        };
    }
    let pi = q(1, 2).pow(inst.k as u64);
    let prior = vec![pi.clone(), &one - &pi];
    let post = posterior(&prior, &w, 1).expect("P(y) > 0");
    let d = renyi_divergence(inst.o, &post, &prior);
    ok &= st.ext_eq(
        &d,
        &Some(LogLinear::term(&Rational::from(inst.k), &q(2, 1))),
    );
    let mut c = Check::new(
        "C_alpha bounded (alpha=1: eta ln 2; alpha=2: ln(1+eta))  while  D_alpha(P_X|y=1 || P_X) = k ln 2",
        dv(&cap),
        dv(&d),
        Method::LogLinear,
        Outcome::from_holds(ok),
    );
    c.records = st.records().unwrap_or_default();
    c
}

/// Readings of ART-20.
#[derive(Clone, Debug)]
pub struct G20 {
    pub half_gap: Rational,
}

impl fmt::Display for G20 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "means +-{} sigma, y = 100 sigma", self.half_gap)
    }
}

/// ART-20 (l.589–597): Gaussian noise is not ε-DP: the privacy loss
/// `L(y) = (μ−μ')(2y−μ−μ')/(2σ²)` (σ = 1) is an unbounded linear function of y, so for each
/// ε = ln t in the t-set, `y_t = (ε_upper + 1)/(μ−μ')`-style points with `L(y) > ln t` exist
/// (checked at y = ⌈t⌉/(μ−μ') + μ', exactly). Numeric reading: at y = 100σ the loss (10 nats
/// for means ±σ/20, 20 nats for means ±σ/10) gives posterior odds e^L ≥ 99 under equal priors,
/// i.e. ≥ 99 % certainty ("decent").
pub(super) fn check_20(g: &G20) -> Check {
    let mu = g.half_gap.clone();
    let mup = -&mu;
    let gap = &mu - &mup;
    let loss = |y: &Rational| &gap * (Rational::from(2u32) * y - &mu - &mup) / Rational::from(2u32);
    let mut unbounded = true;
    // Forms against rationals, by certified enclosures with their records (issue 44 item 6).
    let mut st = Decider::new();
    for t in [q(9, 8), q(2, 1), q(10, 1)] {
        // y with L(y) = t (≥ ln t since t ≥ ln t + 1 > ln t).
        let y = (&t / &gap) + (&mu + &mup) / Rational::from(2u32);
        let l = loss(&y);
        unbounded &= st.log_vs_rat(&LogLinear::ln(&t), "<", &l);
    }
    let l100 = loss(&Rational::from(100u32));
    let decent = st.log_vs_rat(&LogLinear::ln(&q(99, 1)), "<=", &l100);
    let mut c = Check::new(
        "L(y) unbounded (exceeds ln t for t in {9/8,2,10});  L(100 sigma) >= ln 99",
        Value::rational(&l100),
        Value::text("ln 99", "4.59511985"),
        Method::LogLinear,
        Outcome::from_holds(unbounded && decent),
    )
    .with_note(format!(
        "privacy loss at y = 100 sigma: {l100} nats (likelihood ratio e^{l100})"
    ));
    c.records = st.records().unwrap_or_default();
    c
}

/// ART-22 (l.678–697): `C_1 ≤ C_α ≤ ε` for ε-private channels (ε = exact DP level),
/// pointwise `I_1 ≤ I_α ≤ ε` at grid priors, α ∈ {2, 3}.
pub(super) fn check_22(cell: &ChanCell) -> Check {
    let mut s = DScan::new();
    cell.each(|prior, w| {
        let eps = renyi_diameter(RenyiOrder::Inf, &chan(w));
        let i1 = renyi_mutual_information(RenyiOrder::One, &dist(prior), &chan(w));
        for o in [RenyiOrder::Int(2), RenyiOrder::Int(3)] {
            let ia = renyi_mutual_information(o, &dist(prior), &chan(w));
            s.push_ext(&i1, "<=", &ia, dh(&i1) - dh(&ia), || {
                format!("{}: I_1 <= I_{o}", cp(prior, w))
            });
            s.push_ext(&ia, "<=", &eps, dh(&ia) - dh(&eps), || {
                format!("{}: I_{o} <= eps", cp(prior, w))
            });
        }
    });
    s.finish(
        "I_1 <= I_alpha <= eps at every grid prior (alpha in {2,3})",
        Method::LogLinear,
    )
}

/// ART-23 (l.713–732): data processing both ways and symmetry, α ∈ {0, 1, 2, 3, ∞}:
/// `I_α(X; g(Y)) ≤ I_α(X;Y)`, `I_α(X';Y) ≤ I_α(X;Y)` for X'–X–Y, on 2×2 grid channels.
pub(super) fn check_23(o: &OrderOnly) -> Check {
    let o = o.0;
    let pts = simplex(2, 2);
    let chans: Vec<Vec<Vec<Rational>>> = super::super::core::channels(2, 2, 2);
    let priors = simplex(2, 4);
    let mut s = DScan::new();
    for prior in &priors {
        for w in &chans {
            let base = renyi_mutual_information(o, &dist(prior), &chan(w));
            for g in &chans {
                let post = renyi_mutual_information(o, &dist(prior), &chan(&compose_rows(w, g)));
                s.push_ext(&post, "<=", &base, dh(&post) - dh(&base), || {
                    format!(
                        "{} g={}: I(X;g(Y)) <= I(X;Y)",
                        cp(prior, w),
                        super::super::core::cp(prior, g)
                    )
                });
                // X' -> X via channel g (X' has prior `prior`), X -> Y via w.
                let px = output_rows(prior, g);
                let base2 = renyi_mutual_information(o, &dist(&px), &chan(w));
                let pre = renyi_mutual_information(o, &dist(prior), &chan(&compose_rows(g, w)));
                s.push_ext(&pre, "<=", &base2, dh(&pre) - dh(&base2), || {
                    format!(
                        "P_X'={} X'->X={:?} W={:?}: I(X';Y) <= I(X;Y)",
                        fmt_vec(prior),
                        g,
                        w
                    )
                });
            }
        }
    }
    let _ = pts;
    s.finish(
        "I_alpha(X; g(Y)) <= I_alpha(X;Y) and I_alpha(X';Y) <= I_alpha(X;Y)",
        Method::LogLinear,
    )
}

/// An order as an instance.
#[derive(Clone, Debug)]
pub struct OrderOnly(pub RenyiOrder);

impl fmt::Display for OrderOnly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "alpha={}", self.0)
    }
}

/// ART-40 (footnote 5, l.1306), as printed: `P_XY(A×B) ≤ (e^{I_α} P_X(A) P_Y(B))^{α/(α−1)}`,
/// decided exactly for integer α by raising to the power (α−1)²:
/// `P^{(α−1)²} ≤ S^α (P_X(A)P_Y(B))^{α(α−1)}` with `S = e^{(α−1)I_α}`. With `corrected`, van
/// Erven–Harremoës' exponent `(α−1)/α`: `P^α ≤ S (P_X(A)P_Y(B))^{α−1}`.
pub(super) fn check_40_with(cell: &ChanCell, corrected: bool) -> Check {
    let RenyiOrder::Int(al) = cell.o else {
        return undecided_because("integer orders only");
    };
    let mut sc = Scan::le();
    cell.each(|prior, w| {
        let py = output_rows(prior, w);
        let jt = joint_rows(prior, w).concat();
        let s = renyi_power_sum(&jt, &product_flat(prior, &py), al).expect("finite");
        let (nx, ny) = (prior.len(), py.len());
        for am in 1..1u64 << nx {
            for bm in 1..1u64 << ny {
                let pa = event_probability(prior, am);
                let pb = event_probability(&py, bm);
                let pab: Rational = (0..nx)
                    .filter(|x| am >> x & 1 == 1)
                    .flat_map(|x| {
                        (0..ny)
                            .filter(move |y| bm >> y & 1 == 1)
                            .map(move |y| (x, y))
                    })
                    .map(|(x, y)| jt[x * ny + y].clone())
                    .sum();
                let (lhs, rhs) = if corrected {
                    (pab.clone().pow(al), &s * (&pa * &pb).pow(al - 1))
                } else {
                    (
                        pab.clone().pow((al - 1) * (al - 1)),
                        s.clone().pow(al) * (&pa * &pb).pow(al * (al - 1)),
                    )
                };
                sc.push(lhs, rhs, || {
                    format!("{} A={am:b} B={bm:b} P(AxB)={pab}", cp(prior, w))
                });
            }
        }
    });
    sc.finish(
        if corrected {
            "P(AxB)^alpha <= e^{(alpha-1)I} (P_X(A)P_Y(B))^{alpha-1}  [exponent (alpha-1)/alpha]"
        } else {
            "P(AxB)^{(alpha-1)^2} <= e^{(alpha-1)alpha I} (P_X(A)P_Y(B))^{alpha(alpha-1)}  [printed exponent alpha/(alpha-1)]"
        },
        Method::Exact,
    )
}

pub(super) fn check_40(cell: &ChanCell) -> Check {
    check_40_with(cell, false)
}

pub(super) fn check_40_corrected(cell: &ChanCell) -> Check {
    check_40_with(cell, true)
}

pub(super) fn int_cells() -> Vec<ChanCell> {
    chan_cells(&[RenyiOrder::Int(2), RenyiOrder::Int(3)])
}

pub(super) fn int_beyond(s: usize) -> Vec<ChanCell> {
    chan_beyond(
        &[RenyiOrder::Int(2), RenyiOrder::Int(3), RenyiOrder::Int(5)],
        s,
    )
}

pub(super) fn orders_grid() -> Vec<ChanCell> {
    chan_cells(&ORDERS)
}

pub(super) fn orders_beyond(s: usize) -> Vec<ChanCell> {
    chan_beyond(&ORDERS, s)
}
