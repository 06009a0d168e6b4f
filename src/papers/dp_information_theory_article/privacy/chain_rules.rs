//! ART-31 and ART-32: the chain rule and conditioning for the article's information of order α over joint dataset distributions.

use super::shared::*;

/// ART-31 (l.938–956): `I_α(X^n;Y) ≤ Σ_i I_{α_i}(X_i;Y|X^{(i−1)})` with
/// `1/(α−1) = Σ 1/(α_i−1)` (range checked: α_i > 1, where Hölder applies; and α = 1, where it
/// is the chain-rule identity). With `r = α − 1`, `r_i = α_i − 1` integers the comparison
/// `(1/r) ln S ≤ Σ (1/r_i) ln S_i` is exact (log-linear of rationals).
fn check_31(c: &ChainCell) -> Check {
    let mut s = DScan::new();
    for j in joints(c) {
        if c.r.iter().all(|&x| x == 0) {
            let lhs = j.cond_kl(0, true);
            let mut rhs = LogLinear::zero();
            for i in 0..c.n {
                rhs = &rhs + &j.cond_kl(i, false);
            }
            let mut st = Decider::new();
            let same = st.log(&lhs, "=", &rhs);
            s.push_recorded(
                Decision::from_bool(same),
                st.records(),
                -1.0,
                || Value::log_linear(&lhs),
                || Value::log_linear(&rhs),
                || format!("{j}"),
            );
            continue;
        }
        let inv: Rational = c.r.iter().map(|&x| Rational::from_unsigneds(1u64, x)).sum();
        let r = Rational::from(1u32) / inv;
        let al = Rational::from(1u32) + &r;
        let al_int = u64::try_from(&al).expect("harmonic choices give an integer alpha");
        let lhs = LogLinear::term(&(Rational::from(1u32) / &r), &j.cond_s(0, al_int, true));
        let mut rhs = LogLinear::zero();
        for (i, &ri) in c.r.iter().enumerate() {
            rhs = &rhs
                + &LogLinear::term(
                    &Rational::from_unsigneds(1u64, ri),
                    &j.cond_s(i, ri + 1, false),
                );
        }
        s.push_log_le(&lhs, &rhs, || format!("{j}"));
    }
    s.finish(
        format!(
            "I_alpha(X^n;Y) <= sum_i I_(alpha_i)(X_i;Y|X^(i-1)), alpha_i - 1 = {:?}",
            c.r
        ),
        Method::LogLinear,
    )
}

fn chain_grid() -> Vec<ChainCell> {
    let mut v = Vec::new();
    for (n, r) in [
        (2, vec![0, 0]),
        (2, vec![2, 2]),
        (2, vec![3, 6]),
        (2, vec![4, 4]),
        (2, vec![6, 3]),
        (3, vec![3, 3, 3]),
        (3, vec![0, 0, 0]),
    ] {
        for ny in [2, 3] {
            v.push(ChainCell {
                n,
                ny,
                r: r.clone(),
                count: 30,
                seed: 31 + ny as u64,
            });
        }
    }
    v
}

fn chain_beyond(s: usize) -> Vec<ChainCell> {
    chain_grid()
        .into_iter()
        .map(|mut c| {
            c.count = 200 * s;
            c.seed += 1000 * s as u64;
            c
        })
        .collect()
}

/// ART-32 (l.958–975): with X = row 2, Z = row 1: the article's conditional MI computed from its
/// definition `E_{P_XYZ}[(dP_{XY|Z}/dP_{X|Z}P_{Y|Z})^{α−1}]` (sum over (x, y, z)) equals
/// `Σ_z P(z) e^{(α−1) I_α(X;Y|Z=z)}`, and is `≤ max_z I_α(X;Y|Z=z)`; each `I_α(X;Y|Z=z)` is the
/// unconditional I_α at the joint `P_{XY|Z=z}` (the point mass on Z allowed by the article's sup
/// over P_D), so the conditional sup is at most the unconditional one.
fn check_32(c: &ChainCell) -> Check {
    let al = c.r[0] + 1;
    let mut s = Scan::le();
    for j in joints(c) {
        // Direct definition: Σ_{z,x,y} P(x,y,z) (P(x,y|z)/(P(x|z)P(y|z)))^{α−1}.
        let mut direct = Rational::from(0u32);
        let mut per_z = Vec::new();
        for z in 0..2usize {
            let pz: Rational = (0..2)
                .flat_map(|x| (0..j.ny).map(move |y| (x, y)))
                .map(|(x, y)| j.get(z * 2 + x, y).clone())
                .sum();
            if pz == 0u32 {
                continue;
            }
            let pxz: Vec<Rational> = (0..2)
                .map(|x| {
                    (0..j.ny)
                        .map(|y| j.get(z * 2 + x, y).clone())
                        .sum::<Rational>()
                        / &pz
                })
                .collect();
            let pyz: Vec<Rational> = (0..j.ny)
                .map(|y| {
                    (0..2)
                        .map(|x| j.get(z * 2 + x, y).clone())
                        .sum::<Rational>()
                        / &pz
                })
                .collect();
            let mut sz = Rational::from(0u32);
            for x in 0..2 {
                for y in 0..j.ny {
                    let pxyz = j.get(z * 2 + x, y);
                    if *pxyz > 0u32 {
                        let ratio = (pxyz / &pz) / (&pxz[x] * &pyz[y]);
                        direct += pxyz * ratio.clone().pow(al - 1);
                        sz += (pxyz / &pz) * ratio.pow(al - 1);
                    }
                }
            }
            per_z.push((pz, sz));
        }
        let mix: Rational = per_z.iter().map(|(p, s)| p * s).sum();
        let mx = per_z
            .iter()
            .map(|(_, s)| s.clone())
            .max()
            .unwrap_or_default();
        let ident = direct == mix && direct == j.cond_s(1, al, false);
        if !ident {
            s.push(Rational::from(1u32), Rational::from(0u32), || {
                format!("{j}: identity fails")
            });
        }
        s.push(mix, mx, || format!("{j}"));
    }
    s.finish(
        format!("e^((alpha-1) I_alpha(X;Y|Z)) = sum_z P(z) e^((alpha-1) I_alpha(X;Y|Z=z)) <= max_z, alpha = {al}"),
        Method::Exact,
    )
}
fn cond_beyond(s: usize) -> Vec<ChainCell> {
    cond_grid()
        .into_iter()
        .map(|mut c| {
            c.count = 200 * s;
            c.seed += 1000 * s as u64;
            c
        })
        .collect()
}

fn cond_grid() -> Vec<ChainCell> {
    let mut v = Vec::new();
    for r in [1u64, 2, 4] {
        for ny in [2, 3] {
            v.push(ChainCell {
                n: 2,
                ny,
                r: vec![r],
                count: 40,
                seed: 77 + ny as u64,
            });
        }
    }
    v
}

/// The claim checkers of this group (catalogue order).
pub(super) fn claims() -> Vec<Box<dyn ClaimChecker>> {
    vec![
        Family {
            id: "ART-31",
            grid: chain_grid,
            beyond: Some(chain_beyond),
            check: check_31,
        }
        .boxed(),
        Family {
            id: "ART-32",
            grid: cond_grid,
            beyond: Some(cond_beyond),
            check: check_32,
        }
        .boxed(),
    ]
}
