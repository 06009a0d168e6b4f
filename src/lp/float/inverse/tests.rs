//! Tests of the basis inverse with exchanges: a literal exchange worked by hand, and random
//! exchange sequences in either form against the dense product with the basis they make.

use super::*;
use proptest::prelude::*;

/// `B x` for `B` given by columns.
fn times(columns: &[Vec<(usize, f64)>], x: &[f64]) -> Vec<f64> {
    let mut b = vec![0.0; columns.len()];
    for (c, col) in columns.iter().enumerate() {
        for &(i, v) in col {
            b[i] += v * x[c];
        }
    }
    b
}

/// `Bᵀ y`.
fn times_transposed(columns: &[Vec<(usize, f64)>], y: &[f64]) -> Vec<f64> {
    columns
        .iter()
        .map(|col| col.iter().map(|&(i, v)| v * y[i]).sum())
        .collect()
}

/// The positions of `v`'s non-zero entries (the lists the simplex passes with each solve).
fn listed(v: &[f64]) -> Vec<usize> {
    (0..v.len()).filter(|&i| v[i] != 0.0).collect()
}

/// The input is cleared; the solution's list (where kept) holds every non-zero entry, each
/// once.
fn check_listed(input: &SparseVec, out: &SparseVec) {
    assert_eq!(input.list(), Some(&[][..]));
    assert!(input.val.iter().all(|&v| v == 0.0));
    let Some(list) = out.list() else {
        return;
    };
    let mut seen = vec![false; out.val.len()];
    for &i in list {
        assert!(!seen[i], "{i} listed twice");
        seen[i] = true;
    }
    for (i, &v) in out.val.iter().enumerate() {
        assert!(v == 0.0 || seen[i], "{i} ({v}) not listed");
    }
}

/// The limits at which the solves' vectors give their lists up (see [`SparseVec`]): at once,
/// midway, never.
fn limits(n: usize) -> [usize; 3] {
    [0, n / 3, n + 1]
}

/// `B⁻¹ b` through the listed solve at each of [`limits`], its lists checked, the answers
/// equal (to rounding: the passes differ in order).
fn ftran(inverse: &Inverse, b: Vec<f64>) -> Vec<f64> {
    at_each_limit(inverse, b, Inverse::ftran)
}

/// `B⁻ᵀ c`, likewise.
fn btran(inverse: &Inverse, c: Vec<f64>) -> Vec<f64> {
    at_each_limit(inverse, c, Inverse::btran)
}

/// `solve` of `v` with the list given up at each of [`limits`], the input's and the answer's
/// lists checked, the answers equal (to rounding).
fn at_each_limit(
    inverse: &Inverse,
    v: Vec<f64>,
    solve: fn(&Inverse, &mut SparseVec, &mut SparseVec),
) -> Vec<f64> {
    let n = inverse.lu.dim();
    let answers: Vec<Vec<f64>> = limits(n)
        .into_iter()
        .map(|limit| {
            let mut v = SparseVec::from_dense_with_limit(v.clone(), limit);
            let mut out = SparseVec::with_limit(n, limit);
            solve(inverse, &mut v, &mut out);
            check_listed(&v, &out);
            out.val
        })
        .collect();
    agree(answers)
}

/// The first answer, after checking the others equal it to rounding.
fn agree(answers: Vec<Vec<f64>>) -> Vec<f64> {
    for other in &answers[1..] {
        for (a, b) in answers[0].iter().zip(other) {
            assert!((a - b).abs() <= 1e-9 * (1.0 + a.abs()), "{a} vs {b}");
        }
    }
    answers.into_iter().next().expect("an answer")
}

/// `B₀ = I` (2 × 2), then `(2, 1)` enters at position 0 in place of `e_0`: `B = [[2, 0], [1,
/// 1]]`, worked by hand: `B x = (4, 3)` has `x = (2, 1)`, `Bᵀ y = (5, 1)` has `y = (2, 1)`.
/// Here `α = B₀⁻¹ (2, 1) = (2, 1)`, `ρ = e_0`. Both forms give the same answers.
#[test]
fn a_literal_exchange_in_either_form() {
    let identity = [vec![(0, 1.0)], vec![(1, 1.0)]];
    for form in ["column", "row"] {
        let mut inverse = Inverse::new(FloatLu::factor(2, &identity).unwrap());
        match form {
            "column" => inverse.push_column(0, 2.0, (&[2.0, 1.0], &[0, 1])),
            _ => inverse.push_row(2.0, (&[1.0, 0.0], &[0]), &[(0, 2.0), (1, 1.0)], &[(0, 1.0)]),
        }
        assert_eq!(ftran(&inverse, vec![4.0, 3.0]), vec![2.0, 1.0], "{form}");
        assert_eq!(btran(&inverse, vec![5.0, 1.0]), vec![2.0, 1.0], "{form}");
        assert_eq!(inverse.exchanges(), 1);
    }
    // `exchange` keeps the sparser form: `α` has 2 entries, `ρ` 1 plus 3 of `u` (column).
    let mut inverse = Inverse::new(FloatLu::factor(2, &identity).unwrap());
    inverse.exchange(
        0,
        2.0,
        ((&[2.0, 1.0], &[0, 1]), (&[1.0, 0.0], &[0])),
        &[(0, 2.0), (1, 1.0)],
        &[(0, 1.0)],
    );
    assert!(matches!(inverse.exchanges[0], Exchange::Column(..)));
    assert_eq!(inverse.nonzeros().0, 1);
}

/// An inverse refactored at a larger order (the simplex adds rows), after exchanges: its
/// exchanges are gone and a new one on the added row solves by hand. `B = [[2, 0], [1, 1]]`
/// as above, then `B₀ = I` (3 × 3) and `(0, 1, 4)` enters at position 2 in place of `e_2`
/// (`α = (0, 1, 4)`, `ρ = e_2`): `B = [[1, 0, 0], [0, 1, 1], [0, 0, 4]]`, `B x = (1, 3, 8)`
/// has `x = (1, 1, 2)`, `Bᵀ y = (1, 1, 9)` has `y = (1, 1, 2)`.
#[test]
fn refactored_at_a_larger_order() {
    let mut inverse = Inverse::new(FloatLu::factor(2, &[vec![(0, 1.0)], vec![(1, 1.0)]]).unwrap());
    inverse.push_row(2.0, (&[1.0, 0.0], &[0]), &[(0, 2.0), (1, 1.0)], &[(0, 1.0)]);
    let identity = [vec![(0, 1.0)], vec![(1, 1.0)], vec![(2, 1.0)]];
    inverse.refactored(FloatLu::factor(3, &identity).unwrap());
    assert_eq!((inverse.exchanges(), inverse.nonzeros().0), (0, 0));
    inverse.push_row(
        4.0,
        (&[0.0, 0.0, 1.0], &[2]),
        &[(1, 1.0), (2, 4.0)],
        &[(2, 1.0)],
    );
    assert_eq!(ftran(&inverse, vec![1.0, 3.0, 8.0]), vec![1.0, 1.0, 2.0]);
    assert_eq!(btran(&inverse, vec![1.0, 1.0, 9.0]), vec![1.0, 1.0, 2.0]);
}

/// [`sparse`] onto an arena that holds an entry before, which it keeps: the entries added.
fn sparse_onto(v: Solved, skip: usize, scratch: &mut Vec<(usize, f64)>) -> Vec<(usize, f64)> {
    let mut out = vec![(99, 9.0)];
    sparse(v, skip, scratch, &mut out);
    assert_eq!(out[0], (99, 9.0));
    out.split_off(1)
}

/// [`sparse`] by hand, in its three ways: a list of 2 of 100 entries out of order (sorted),
/// of 4 of 8 out of order (the whole vector read in order, into a scratch that held more
/// entries before), and of 3 of 100 in order (read as it stands); the entry at `skip` and a
/// listed 0 (an entry that cancelled) are left out, and the entries come in order.
#[test]
fn sparse_entries_in_order_each_way() {
    let mut scratch = vec![(7, 7.0); 200];
    let mut v = vec![0.0; 100];
    (v[70], v[5]) = (2.0, -1.0);
    assert_eq!(
        sparse_onto((&v, &[70, 5]), usize::MAX, &mut scratch),
        vec![(5, -1.0), (70, 2.0)]
    );
    assert_eq!(
        sparse_onto((&v, &[70, 5]), 5, &mut scratch),
        vec![(70, 2.0)]
    );
    let w = [0.0, 3.0, 0.0, 1.0, 0.0, 0.0, 4.0, 0.0];
    assert!(SORT_WISE * 4 > w.len());
    assert_eq!(
        sparse_onto((&w, &[6, 0, 3, 1]), 3, &mut scratch),
        vec![(1, 3.0), (6, 4.0)]
    );
    assert_eq!(
        sparse_onto((&w, &[6, 0, 3, 1]), usize::MAX, &mut Vec::new()),
        vec![(1, 3.0), (3, 1.0), (6, 4.0)]
    );
    v[9] = 0.0;
    assert_eq!(
        sparse_onto((&v, &[5, 9, 70]), usize::MAX, &mut scratch),
        vec![(5, -1.0), (70, 2.0)]
    );
    assert_eq!(
        sparse_onto((&v, &[5, 9, 70]), 70, &mut scratch),
        vec![(5, -1.0)]
    );
}

proptest! {
    /// [`sparse`] against a plain filter of the whole vector, for lists in any order (each
    /// non-zero entry once, some cancelled ones too) short and long.
    #[test]
    fn sparse_agrees_with_a_filter(
        n in 1usize..300,
        density in 1usize..40,
        seed in any::<u64>(),
    ) {
        let mut s = seed | 1;
        let mut next = || { s ^= s << 13; s ^= s >> 7; s ^= s << 17; s };
        let mut v = vec![0.0; n];
        let mut list = Vec::new();
        for (i, vi) in v.iter_mut().enumerate() {
            if next() % 100 < density as u64 {
                list.push(i);
                *vi = if next() % 5 == 0 { 0.0 } else { (next() % 9) as f64 - 4.0 };
            }
        }
        for i in (1..list.len()).rev() { list.swap(i, (next() % (i as u64 + 1)) as usize); }
        let skip = (next() % (n as u64 + 1)) as usize;
        let want: Vec<(usize, f64)> = (0..n).filter(|&i| i != skip && v[i] != 0.0).map(|i| (i, v[i])).collect();
        let mut scratch = Vec::new();
        prop_assert_eq!(sparse_onto((&v, &list), skip, &mut scratch), want.clone());
        // The list in order (as a dense result's is listed again), and the scratch reused.
        list.sort_unstable();
        prop_assert_eq!(sparse_onto((&v, &list), skip, &mut scratch), want);
    }

    /// A random non-singular `B₀` (a dominant entry per column under a random permutation, a
    /// few small ones), then random exchanges (a random sparse column at a random position,
    /// kept when its pivot is at least 1/4), each in a random form or the one `exchange`
    /// picks, the basis now and then factored afresh (`refactored`): after each, both solves
    /// reproduce right-hand sides made by multiplying back with the basis as it now is.
    #[test]
    fn exchanges_solve_like_the_basis_they_make(
        n in 1usize..40,
        exchanges in 0usize..20,
        seed in any::<u64>(),
    ) {
        let mut s = seed | 1;
        let mut next = || { s ^= s << 13; s ^= s >> 7; s ^= s << 17; s };
        let mut perm: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() { perm.swap(i, (next() % (i as u64 + 1)) as usize); }
        let mut columns: Vec<Vec<(usize, f64)>> = (0..n).map(|c| {
            let mut col = vec![(perm[c], 4.0 + (next() % 5) as f64)];
            for _ in 0..2 {
                let i = (next() % n as u64) as usize;
                if col.iter().all(|(r, _)| *r != i) {
                    col.push((i, (next() % 7) as f64 / 7.0 - 0.5));
                }
            }
            col
        }).collect();
        let mut inverse = Inverse::new(FloatLu::factor(n, &columns).expect("non-singular"));
        for _ in 0..exchanges {
            let r = (next() % n as u64) as usize;
            let mut entering = Vec::new();
            for _ in 0..3 {
                let i = (next() % n as u64) as usize;
                if entering.iter().all(|(j, _)| *j != i) {
                    entering.push((i, (next() % 9) as f64 - 4.0));
                }
            }
            let mut dense = vec![0.0; n];
            for &(i, a) in &entering { dense[i] = a; }
            let alpha = ftran(&inverse, dense);
            if alpha[r].abs() < 0.25 {
                continue;
            }
            let mut unit = vec![0.0; n];
            unit[r] = 1.0;
            let rho = btran(&inverse, unit);
            match next() % 3 {
                0 => inverse.push_column(r, alpha[r], (&alpha, &listed(&alpha))),
                1 => inverse.push_row(alpha[r], (&rho, &listed(&rho)), &entering, &columns[r]),
                _ => {
                    let solved = ((&alpha[..], &listed(&alpha)[..]), (&rho[..], &listed(&rho)[..]));
                    inverse.exchange(r, alpha[r], solved, &entering, &columns[r])
                }
            }
            columns[r] = entering;
            // Now and then the basis factored afresh into the same inverse (its room kept,
            // its exchanges dropped), as the simplex refactors.
            if next() % 4 == 0 {
                if let Some(lu) = FloatLu::factor(n, &columns) {
                    inverse.refactored(lu);
                    prop_assert_eq!(inverse.exchanges(), 0);
                    prop_assert_eq!(inverse.nonzeros().0, 0);
                }
            }
            let x: Vec<f64> = (0..n).map(|_| (next() % 100) as f64 / 10.0 - 5.0).collect();
            let got = ftran(&inverse, times(&columns, &x));
            for (a, b) in got.iter().zip(&x) { prop_assert!((a - b).abs() < 1e-7, "{a} vs {b}"); }
            let got = btran(&inverse, times_transposed(&columns, &x));
            for (a, b) in got.iter().zip(&x) { prop_assert!((a - b).abs() < 1e-7, "{a} vs {b}"); }
        }
    }
}
