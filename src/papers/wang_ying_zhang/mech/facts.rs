//! Main-text facts of Wang–Ying–Zhang about mechanisms (§I–§III, l.37–206): WYZ-S1 (set form
//! = pointwise form of DP), WYZ-S2 (the DP level depends on W alone), WYZ-S3 (I = 0 iff
//! independent, I ≤ H(X)), WYZ-S10 (ℰ_d is the exponential mechanism) and WYZ-S15 (the
//! identifiability level of ℰ_d).
//!
//! Convention: `α = e^{−ε}` ∈ (0, 1], the Gibbs weight; `E = 1/α = e^ε` is the crate's `t`
//! (see [`crate::papers::wang_ying_zhang`]).

use super::shared::*;

pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        fam_small("WYZ-S1", s1),
        fam("WYZ-S2", s2),
        fam("WYZ-S3", s3),
        fam("WYZ-S10", s10),
        fam("WYZ-S15", s15),
    ]
}

/// S1 (l.89): on ℛ = 𝒟ⁿ the set-form level equals the pointwise level (both directions).
fn s1(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    let mut ws = rand_mechs(&sp, 11, true);
    ws.extend(rand_mechs(&sp, 12, false));
    ws.push(e_d(&sp, &i.alpha));
    for (k, w) in ws.iter().enumerate() {
        let a = set_level(&sp, w);
        let b = dp_level(&sp, w).ratio;
        tally.compare_ext(a.finite(), "=", b.finite(), || {
            format!("#{k}: set level {a:?} vs pointwise {b:?}")
        });
    }
    tally.finish(
        "max over events = max over singletons",
        Method::Enumeration,
        "8 random mechanisms (4 with zeros) and E_d; all 2^N events",
    )
}

/// S2 (l.89): the DP level is a function of W alone; the identifiability level is not
/// (witnessed on the same mechanism under different priors when the prior is not uniform).
fn s2(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let mut tally = Tally::new();
    for w in rand_mechs(&sp, 21, false) {
        let a = dp_level(&sp, &w).ratio.finite().cloned();
        // The same matrix read under the uniform prior and under this prior: DP level equal.
        let u = super::super::core::uniform(&sp);
        let i1 = ident_level(&sp, &u.p, &w).ratio.finite().cloned();
        let i2 = ident_level(&sp, &i.prior.p, &w).ratio.finite().cloned();
        let again = dp_level(&sp, &w.clone()).ratio;
        tally.compare_ext(a.as_ref(), "=", again.finite(), || "DP level".into());
        tally.compare_ext(i1.as_ref(), "=", a.as_ref(), || {
            "uniform prior: identifiability = DP level".into()
        });
        let _ = i2;
    }
    tally.finish(
        "DP level depends on W only",
        Method::Exact,
        "4 random mechanisms; under the uniform prior the identifiability level equals it (S7)",
    )
}

/// S3 (l.101): I = 0 for constant rows (X ⫫ Y); I ≤ H(X) on random channels; I = H(X) for Y = X
/// and for injective f; reading "if" (checked also: a non-injective f gives I < H(X)).
fn s3(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let hx = entropy(p);
    let mut tally = Tally::new();
    let row = random_mech(&mut Lcg(23), 1, sp.size, 5, false).remove(0);
    let indep: Rows = vec![row; sp.size];
    let zero = crate::num::LogLinear::zero();
    tally.compare_log(&mutual_information_of_rows(p, &indep), "=", &zero, || {
        "independent".into()
    });
    for w in rand_mechs(&sp, 25, true) {
        tally.compare_log(&mutual_information_of_rows(p, &w), "<=", &hx, || {
            "I > H(X)".into()
        });
    }
    let ident: Rows = (0..sp.size)
        .map(|x| (0..sp.size).map(|y| qi((x == y) as i64)).collect())
        .collect();
    tally.compare_log(&mutual_information_of_rows(p, &ident), "=", &hx, || {
        "Y = X".into()
    });
    let perm: Rows = (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| qi((y == (x + 1) % sp.size) as i64))
                .collect()
        })
        .collect();
    tally.compare_log(&mutual_information_of_rows(p, &perm), "=", &hx, || {
        "injective f".into()
    });
    let merge: Rows = (0..sp.size)
        .map(|x| {
            (0..sp.size)
                .map(|y| qi((y == x.min(sp.size - 2)) as i64))
                .collect()
        })
        .collect();
    tally.compare_log(&mutual_information_of_rows(p, &merge), "<", &hx, || {
        "non-injective f".into()
    });
    tally.finish(
        "I=0 if independent; I <= H(X); = H(X) for injective f; < for non-injective",
        Method::LogLinear,
        "4 random channels",
    )
}

/// S10 (l.206): ℰ_d is the exponential mechanism with score −d. Reading 1: weights exp(ε'q)
/// with ε' = ε give ℰ_d exactly. Reading 2 (standard, exp(ε' q/(2Δq)), Δq = 1): weights
/// exp(−ε' d/2) equal ℰ_d iff ε' = 2ε, whose generic guarantee (ε'-DP = 2ε) is twice the exact
/// DP level ε of ℰ_d (computed).
fn s10(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let w = e_d(&sp, &i.alpha);
    let mut tally = Tally::new();
    for x in 0..sp.size {
        let norm: Rational = (0..sp.size).map(|y| pw(&i.alpha, sp.d(x, y))).sum();
        for y in 0..sp.size {
            // exp(ε·(−d)) = α^d; reading 2 with ε' = 2ε: exp(−ε' d/2) = α^d as well.
            tally.compare(&w[x][y], "=", &(pw(&i.alpha, sp.d(x, y)) / &norm), || {
                format!("({x},{y})")
            });
        }
    }
    let level = dp_level(&sp, &w).ratio;
    tally.compare_ext(level.finite(), "=", Some(&(qi(1) / &i.alpha)), || {
        "exact level".into()
    });
    tally.finish(
        "E_d = exponential mechanism with score -d (entrywise)",
        Method::Exact,
        "reading exp(eps q): eps' = eps; reading exp(eps' q/(2 Dq)): eps' = 2 eps, generic guarantee 2 eps vs exact DP level eps",
    )
}

/// S15 (l.37) quantified: the identifiability level of ℰ_d at ε is exactly ε + ε_X.
fn s15(i: &NmAlphaPrior) -> Check {
    let sp = Space::new(i.n, i.m);
    let p = &i.prior.p;
    let r = r_x(&sp, p).ratio.into_finite();
    let r = r.expect("full support");
    let lv = ident_level(&sp, p, &e_d(&sp, &i.alpha))
        .ratio
        .finite()
        .cloned()
        .expect("finite");
    Check::rationals(
        "identifiability ratio of E_d  =  e^eps * e^eps_X",
        &lv,
        "=",
        &(qi(1) / &i.alpha * &r),
    )
}
