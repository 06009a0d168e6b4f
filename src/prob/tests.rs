//! Tests of the exact distributions and channels: literal tables (output rows, composition,
//! posteriors, parallel and product channels, validation errors) and naive references on random
//! channels and priors.

use super::*;
use crate::testutil::q;

/// Literal table for the common-denominator sum: rows with different denominators, a
/// zero prior mass, a zero entry; by hand P_Y = (1/3·1/2 + 2/3·1/5, 1/3·1/2 + 2/3·4/5) =
/// (3/10, 7/10).
#[test]
fn output_rows_literal() {
    let rows = vec![
        vec![q(1, 2), q(1, 2)],
        vec![q(1, 5), q(4, 5)],
        vec![q(1, 1), q(0, 1)],
    ];
    let prior = [q(1, 3), q(2, 3), q(0, 1)];
    assert_eq!(output_rows(&prior, &rows), vec![q(3, 10), q(7, 10)]);
    assert_eq!(output_rows(&[q(1, 1)], &[vec![]]), Vec::<Rational>::new());
    // A negative "prior" (not a distribution) is summed as written.
    assert_eq!(
        output_rows(&[q(-1, 2), q(3, 2)], &rows[..2]),
        vec![q(1, 20), q(19, 20)]
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// The common-denominator sum equals the cell-by-cell definition exactly.
    #[test]
    fn output_rows_against_naive(
        w in crate::testutil::channel(4, 5, 30),
        p in crate::testutil::dist(4, 12),
    ) {
        proptest::prop_assert_eq!(
            output_rows(&p, w.rows()),
            output_rows_naive(&p, w.rows())
        );
    }
}

/// Literal table: BSC(1/4) twice is BSC(3/8); posteriors of BSC(1/4) under (1/3, 2/3);
/// a zero-probability output has no posterior; `Joint::posteriors` lists exactly the
/// outputs that have one.
#[test]
fn compose_and_posterior_table() {
    let bsc = vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]];
    assert_eq!(
        compose_rows(&bsc, &bsc),
        vec![vec![q(5, 8), q(3, 8)], vec![q(3, 8), q(5, 8)]]
    );
    let prior = [q(1, 3), q(2, 3)];
    let pi = Dist::new(prior.to_vec()).unwrap();
    let w = Channel::new(bsc.clone()).unwrap();
    let joint = w.joint(&pi).unwrap();
    // P_Y(0) = 1/4 + 1/6 = 5/12; π_0 = (1/4 / (5/12), 1/6 / (5/12)) = (3/5, 2/5).
    assert_eq!(joint.posterior(0).unwrap().probs(), &[q(3, 5), q(2, 5)]);
    let constant = Channel::new(vec![vec![q(1, 1), q(0, 1)], vec![q(1, 1), q(0, 1)]]).unwrap();
    let cj = constant.joint(&pi).unwrap();
    assert_eq!(cj.posterior(1), None);
    assert_eq!(cj.posteriors().len(), 1);
    assert_eq!(joint_rows(&prior, &bsc), joint.probs());
    for (y, _, post) in joint.posteriors() {
        assert_eq!(joint.posterior(y).unwrap(), post);
    }
}

/// Literal table: BSC(1/4) in parallel with the identity, and the product of two
/// 2-symbol channels, entry by entry.
#[test]
fn parallel_and_product_table() {
    let bsc = vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]];
    let id = vec![vec![q(1, 1), q(0, 1)], vec![q(0, 1), q(1, 1)]];
    assert_eq!(
        parallel_rows(&bsc, &id),
        vec![
            vec![q(3, 4), q(0, 1), q(1, 4), q(0, 1)],
            vec![q(0, 1), q(1, 4), q(0, 1), q(3, 4)]
        ]
    );
    let w = Channel::new(bsc.clone()).unwrap();
    let v = Channel::new(vec![vec![q(1, 2), q(1, 2)], vec![q(1, 1), q(0, 1)]]).unwrap();
    let p = w.product(&v);
    assert_eq!(p.n_inputs(), 4);
    // Input (1, 0), output (0, 1): W(0|1) V(1|0) = 1/4 · 1/2.
    assert_eq!(p.entry(2, 1), &q(1, 8));
    // Input (0, 1), output (1, 0): W(1|0) V(0|1) = 1/4 · 1.
    assert_eq!(p.entry(1, 2), &q(1, 4));
    assert_eq!(
        w.parallel(&v).unwrap().into_rows(),
        parallel_rows(&bsc, v.rows())
    );
}

/// Naive reference: every entry of both compositions from its index formula, and both
/// stay row-stochastic (`Channel::new` accepts them).
#[test]
fn parallel_and_product_against_index_formula() {
    let chans = [
        vec![vec![q(1, 3), q(2, 3)], vec![q(1, 2), q(1, 2)]],
        vec![
            vec![q(1, 5), q(1, 5), q(3, 5)],
            vec![q(0, 1), q(1, 1), q(0, 1)],
        ],
        vec![vec![q(1, 1)], vec![q(1, 1)], vec![q(1, 1)]],
    ];
    for w in &chans {
        for v in &chans {
            let (ky, kz) = (w[0].len(), v[0].len());
            let prod = product_rows(w, v);
            assert!(Channel::new(prod.clone()).is_ok());
            for (x, wx) in w.iter().enumerate() {
                for (xp, vx) in v.iter().enumerate() {
                    for y in 0..ky {
                        for z in 0..kz {
                            assert_eq!(prod[x * v.len() + xp][y * kz + z], &wx[y] * &vx[z]);
                        }
                    }
                }
            }
            if w.len() == v.len() {
                let par = parallel_rows(w, v);
                assert!(Channel::new(par.clone()).is_ok());
                for x in 0..w.len() {
                    for y in 0..ky {
                        for z in 0..kz {
                            assert_eq!(par[x][y * kz + z], &w[x][y] * &v[x][z]);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn validation_errors_name_the_entry() {
    let table: Vec<(Vec<Vec<Rational>>, ProbError)> = vec![
        (vec![], ProbError::Empty),
        (
            vec![vec![q(1, 2), q(1, 2)], vec![q(1, 2), q(2, 5)]],
            ProbError::RowSum {
                row: 1,
                sum: q(9, 10),
            },
        ),
        (
            vec![vec![q(3, 2), q(-1, 2)]],
            ProbError::Negative {
                row: 0,
                col: 1,
                value: q(-1, 2),
            },
        ),
        (
            vec![vec![q(1, 2), q(1, 2)], vec![q(1, 1)]],
            ProbError::Ragged {
                row: 1,
                expected: 2,
                found: 1,
            },
        ),
    ];
    for (rows, want) in table {
        assert_eq!(Channel::new(rows).unwrap_err(), want);
    }
    assert!(Dist::new(vec![q(1, 3), q(2, 3)]).is_ok());
}

#[test]
fn joint_marginals_posteriors() {
    let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
    let pi = Dist::new(vec![q(1, 3), q(2, 3)]).unwrap();
    let j = w.joint(&pi).unwrap();
    assert_eq!(j.marginal_x(), pi);
    assert_eq!(j.marginal_y(), w.output(&pi).unwrap());
    assert_eq!(j.marginal_y().probs(), &[q(5, 12), q(7, 12)]);
    let post = j.posteriors();
    assert_eq!(post[0].2.probs(), &[q(3, 5), q(2, 5)]);
    // Averaging the posteriors with their outer probabilities gives back the prior.
    let mut back = [Rational::ZERO, Rational::ZERO];
    for (_, o, d) in &post {
        for (b, p) in back.iter_mut().zip(d.probs()) {
            *b += o * p;
        }
    }
    assert_eq!(&back, pi.probs());
}

#[test]
fn composition() {
    let w = Channel::new(vec![vec![q(3, 4), q(1, 4)], vec![q(1, 4), q(3, 4)]]).unwrap();
    let ww = w.then(&w).unwrap();
    // BSC(1/4) twice is BSC(2·1/4·3/4) = BSC(3/8).
    assert_eq!(ww.rows()[0], vec![q(5, 8), q(3, 8)]);
    assert_eq!(w.then(&Channel::identity(2)).unwrap(), w);
    let par = w.parallel(&w).unwrap();
    assert_eq!(par.n_outputs(), 4);
    assert_eq!(par.entry(0, 0), &q(9, 16));
    assert!(w.then(&Channel::identity(3)).is_err());
}
