//! Sibson's mutual information, radius and diameter, C_∞ and ε-privacy, and the BSC examples
//! (ART-D6, 6, 7, 8, 9, 11, 12, 13, 24, 25, 26, 27, 28, 38, 39).
//!
//! Sibson at integer α: with `A(y) = Σ_x P(x) W(y|x)^α` and `Z = Σ_y A(y)^{1/α}`,
//! `I^s_α = (α/(α−1)) ln Z` (ART-6) and `D_α(P_X W ‖ P_X × Q) = (1/(α−1)) ln R(Q)` with
//! `R(Q) = Σ_y A(y) Q(y)^{1−α}`. Comparisons `Z^α ≶ R` are exact when every ratio
//! `A(y)/A(y_0)` is a perfect α-th power of a rational (then `Z^α` is rational), and otherwise
//! by certified intervals (then `Z^α` is irrational and differs from every rational R, so
//! the intervals must separate).

#![allow(clippy::needless_range_loop)]

mod bsc_examples;
mod information;
mod radius_and_capacity;
mod shared;

pub(crate) use shared::*;

pub(super) use bsc_examples::{bsc_s_poly, sup_statement};

use bsc_examples::*;

use information::*;

use radius_and_capacity::*;

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    use super::core::Named;
    vec![
        Family {
            id: "ART-D6",
            grid: || {
                sib_grid()
                    .into_iter()
                    .filter(|c| c.o == RenyiOrder::Inf)
                    .collect()
            },
            beyond: Some(sib_beyond),
            check: check_d6,
        }
        .boxed(),
        Family {
            id: "ART-6",
            grid: sib_grid,
            beyond: Some(sib_beyond),
            check: check_6,
        }
        .boxed(),
        Family {
            id: "ART-7",
            grid: bsc_grid7,
            beyond: None,
            check: check_7,
        }
        .boxed(),
        Family {
            id: "ART-8",
            grid: sib_grid,
            beyond: Some(sib_beyond),
            check: check_8,
        }
        .boxed(),
        Family {
            id: "ART-9",
            grid: sib_grid,
            beyond: Some(sib_beyond),
            check: check_9,
        }
        .boxed(),
        Family {
            id: "ART-11",
            grid: || {
                chan_cells(&[
                    RenyiOrder::One,
                    RenyiOrder::Int(2),
                    RenyiOrder::Int(3),
                    RenyiOrder::Int(5),
                ])
            },
            beyond: Some(|s| chan_beyond(&[RenyiOrder::Int(2), RenyiOrder::Int(3)], s)),
            check: check_11,
        }
        .boxed(),
        Family {
            id: "ART-12",
            grid: || chan_cells(&[RenyiOrder::Inf]),
            beyond: Some(|s| chan_beyond(&[RenyiOrder::Inf], s)),
            check: check_12,
        }
        .boxed(),
        Family {
            id: "ART-13",
            grid: fam13,
            beyond: Some(fam13_beyond),
            check: check_13,
        }
        .boxed(),
        Family {
            id: "ART-24",
            grid: bsc_alpha_grid,
            beyond: Some(bsc_alpha_beyond),
            check: check_24,
        }
        .boxed(),
        Family {
            id: "ART-25",
            grid: bsc_alpha_grid,
            beyond: Some(bsc_alpha_beyond),
            check: check_25,
        }
        .boxed(),
        Family {
            id: "ART-25-corrected",
            grid: bsc_alpha_grid,
            beyond: Some(bsc_alpha_beyond),
            check: check_25_corrected,
        }
        .boxed(),
        Family {
            id: "ART-26",
            grid: bsc_alpha_grid,
            beyond: Some(bsc_alpha_beyond),
            check: check_26,
        }
        .boxed(),
        Family {
            id: "ART-27",
            grid: bsc_alpha_grid,
            beyond: Some(bsc_alpha_beyond),
            check: check_27,
        }
        .boxed(),
        Family {
            id: "ART-28",
            grid: r28_grid,
            beyond: Some(r28_beyond),
            check: check_28,
        }
        .boxed(),
        Family {
            id: "ART-28-reading-fixed-alpha",
            grid: r28_fixed_grid,
            beyond: Some(r28_fixed_beyond),
            check: check_28_fixed,
        }
        .boxed(),
        Family {
            id: "ART-38",
            grid: || vec![Named("noiseless binary channel")],
            beyond: None,
            check: check_38,
        }
        .boxed(),
        Family {
            id: "ART-39",
            grid: || chan_cells(&[RenyiOrder::Int(2), RenyiOrder::Int(3)]),
            beyond: Some(|s| chan_beyond(&[RenyiOrder::Int(2), RenyiOrder::Int(3)], s)),
            check: check_39,
        }
        .boxed(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Literal table: the α = ∞ radius of BSC(p) is ln(2(1 − p)) and of the identity channel
    /// on 3 symbols ln 3, computed from the matrix.
    #[test]
    fn radius_inf_table() {
        let w = bsc_rows(&q(1, 4));
        assert_eq!(radius_inf(&w), Ok(LogLinear::ln(&q(3, 2))));
        let id: Vec<Vec<Rational>> = (0..3)
            .map(|i| {
                (0..3)
                    .map(|j| if i == j { q(1, 1) } else { q(0, 1) })
                    .collect()
            })
            .collect();
        assert_eq!(radius_inf(&id), Ok(LogLinear::ln(&q(3, 1))));
    }

    /// Literal table for `C_∞ ≤ ln t` decided from I_∞: randomized response with ratio 3 has
    /// C_∞ = ln 3, so it is at most ln 3 and ln 4 and refuted (by a witness prior) at ln 2 and
    /// ln(189/64); a channel with a zero entry has C_∞ = ∞.
    #[test]
    fn c_inf_at_most_table() {
        let c_inf_at = |w: &[Vec<Rational>], t: &Rational| c_inf_decided(w, t).map(|(ok, _)| ok);
        let rr = vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]];
        assert_eq!(c_inf_at(&rr, &q(3, 1)), Some(true));
        assert_eq!(c_inf_at(&rr, &q(4, 1)), Some(true));
        assert_eq!(c_inf_at(&rr, &q(2, 1)), Some(false));
        assert_eq!(c_inf_at(&rr, &q(189, 64)), Some(false));
        let zero = vec![vec![q(1, 1), q(0, 1)], vec![q(1, 2), q(1, 2)]];
        assert_eq!(c_inf_at(&zero, &q(1024, 1)), Some(false));
    }

    /// Literal table of exact `Z^α`: equal entries, a perfect-square ratio, and no exact form.
    #[test]
    fn z_pow_exact_table() {
        assert_eq!(z_pow_exact(&[q(1, 4), q(1, 4)], 2), Some(q(1, 1)));
        // (√(1/4) + √(1/9))² = (1/2 + 1/3)² = 25/36.
        assert_eq!(z_pow_exact(&[q(1, 4), q(1, 9)], 2), Some(q(25, 36)));
        assert_eq!(z_pow_exact(&[q(1, 2), q(1, 4)], 2), None);
        // The enclosure contains the exact value.
        let iv = z_pow_enclose(&[q(1, 4), q(1, 9)], 2, 128).unwrap();
        assert!(iv.contains_rational(&q(25, 36)));
    }

    /// Naive reference: the Sturm polynomial form of `S_α(q)` equals `S_α(P_XY‖P_X P_Y)` built
    /// from the joint, for rational inputs q.
    #[test]
    fn bsc_polynomial_matches_definition() {
        for p in [q(1, 10), q(2, 5)] {
            let w = bsc_rows(&p);
            for al in [2u64, 3, 5] {
                let (n, d) = bsc_s_poly(&p, al);
                for j in 0..=8u64 {
                    let qq = Rational::from_unsigneds(j, 8);
                    let prior = vec![Rational::from(1u32) - &qq, qq.clone()];
                    let py = output_rows(&prior, &w);
                    let want = renyi_power_sum(
                        &joint_rows(&prior, &w).concat(),
                        &product_flat(&prior, &py),
                        al,
                    )
                    .unwrap();
                    assert_eq!(n.eval(&qq) / d.eval(&qq), want, "p={p} alpha={al} q={qq}");
                }
            }
        }
    }

    /// Sibson at α = ∞ never exceeds the naive I_∞ and equals ln 2 on the noiseless channel.
    #[test]
    fn sibson_inf_table() {
        let id = vec![vec![q(1, 1), q(0, 1)], vec![q(0, 1), q(1, 1)]];
        assert_eq!(
            sibson_mutual_information_inf(&dist(&[q(1, 2), q(1, 2)]), &chan(&id)),
            LogLinear::ln(&q(2, 1))
        );
        assert_eq!(
            sibson_mutual_information_inf(&dist(&[q(1, 1), q(0, 1)]), &chan(&id)),
            LogLinear::zero()
        );
        assert_eq!(
            q_star_inf(&[q(1, 3), q(2, 3)], &bsc_rows(&q(1, 4))),
            vec![q(1, 2), q(1, 2)]
        );
    }
}
