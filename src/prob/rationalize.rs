//! An explicit, reported conversion of float-noisy rows (e.g. written by numpy, summing to
//! `1 ± 1e-16`) into exact distributions with a stated denominator `D`.
//!
//! Each row is rounded by the largest-remainder method: every entry `r` goes to `⌊rD⌋/D`, and
//! the `D − Σ⌊rD⌋` missing units go, one each, to the entries with the largest remainders
//! (ties to the lower column). The result has entries `k/D`, sums to exactly 1, moves every
//! entry by less than `1/D`, and keeps every zero a zero (an entry with no remainder is never
//! chosen while a row has a positive remainder left). A row whose sum is `1/D` or more away
//! from 1 is refused: this is for rounding noise below the stated resolution, not for repairing
//! a wrong row. The caller reports [`Rationalized::largest_change`]: the conversion is never
//! silent.

use super::ProbError;
use crate::num::Rational;
use malachite::base::num::arithmetic::traits::Abs;
use malachite::base::num::basic::traits::{One, Zero};
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;
use malachite::Integer;
use std::fmt;

/// Rows rounded to denominator `denom`, with the largest change made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rationalized {
    /// The rounded rows, each summing to exactly 1.
    pub rows: Vec<Vec<Rational>>,
    /// The common denominator (0 for `auto`, which has none).
    pub denom: u64,
    /// `max |new − old|` over all entries (`0` when nothing moved).
    pub largest_change: Rational,
    /// 0-based `(row, col)` of the largest change (first such entry).
    pub at: (usize, usize),
    /// Number of entries that changed.
    pub changed: usize,
}

/// Why rows could not be rationalized. Rows and columns are 0-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RationalizeError {
    /// The denominator is 0.
    ZeroDenominator,
    /// A negative entry (never rounded away).
    Negative(ProbError),
    /// Row `row` sums to `sum`, at least `1/denom` away from 1.
    FarFromOne {
        /// 0-based row.
        row: usize,
        /// Its sum before rounding.
        sum: Rational,
        /// The denominator asked for.
        denom: u64,
    },
    /// `rationalize = auto`: row `row` sums to `sum`, at least the tolerance `tol` away from 1.
    FarFromTolerance {
        /// 0-based row.
        row: usize,
        /// Its sum before rounding.
        sum: Rational,
        /// The tolerance.
        tol: Rational,
    },
}

impl fmt::Display for RationalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RationalizeError::ZeroDenominator => {
                write!(f, "the denominator (or tolerance) must be positive")
            }
            RationalizeError::Negative(e) => write!(f, "{e}"),
            RationalizeError::FarFromOne { row, sum, denom } => write!(
                f,
                "row {} sums to {}, at least 1/{denom} away from 1: rationalizing only absorbs rounding noise below the stated denominator",
                row + 1,
                crate::num::fmt::abbreviate(&sum.to_string())
            ),
            RationalizeError::FarFromTolerance { row, sum, tol } => write!(
                f,
                "row {} sums to {}, at least the tolerance {tol} away from 1: rationalizing only absorbs rounding noise",
                row + 1,
                crate::num::fmt::abbreviate(&sum.to_string())
            ),
        }
    }
}

impl std::error::Error for RationalizeError {}

/// Round one row to denominator `d` (largest remainder); `row` must be non-negative with a
/// sum within `1/d` of 1.
fn round_row(row: &[Rational], d: &Rational) -> Vec<Rational> {
    let mut units: Vec<Integer> = Vec::with_capacity(row.len());
    let mut rem: Vec<(Rational, usize)> = Vec::with_capacity(row.len());
    for (j, r) in row.iter().enumerate() {
        let scaled = r * d;
        let (k, _) = Integer::rounding_from(&scaled, RoundingMode::Floor);
        rem.push((scaled - Rational::from(&k), j));
        units.push(k);
    }
    let total: Integer = units.iter().sum();
    let d_int = Integer::rounding_from(d, RoundingMode::Exact).0;
    let missing = usize::try_from(&(d_int - total)).unwrap_or(0);
    // Largest remainder first, lower column on ties.
    rem.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, j) in rem.iter().take(missing) {
        units[*j] += Integer::ONE;
    }
    units.into_iter().map(|k| Rational::from(k) / d).collect()
}

/// The loop both roundings share: refuse a negative entry and a row whose sum is `tol` or
/// more away from 1 (`far`), round each row (`round`; `None` is refused as `far` too), and
/// record every change.
fn rationalize_each(
    rows: &[Vec<Rational>],
    denom: u64,
    tol: &Rational,
    far: impl Fn(usize, Rational) -> RationalizeError,
    round: impl Fn(&[Rational]) -> Option<Vec<Rational>>,
) -> Result<Rationalized, RationalizeError> {
    let mut out = Rationalized {
        rows: Vec::with_capacity(rows.len()),
        denom,
        largest_change: Rational::ZERO,
        at: (0, 0),
        changed: 0,
    };
    for (i, row) in rows.iter().enumerate() {
        if let Some((j, v)) = row.iter().enumerate().find(|(_, v)| **v < 0u32) {
            return Err(RationalizeError::Negative(ProbError::Negative {
                row: i,
                col: j,
                value: v.clone(),
            }));
        }
        let sum: Rational = row.iter().sum();
        if (&sum - Rational::ONE).abs() >= *tol {
            return Err(far(i, sum));
        }
        let new = round(row).ok_or_else(|| far(i, sum))?;
        for (j, (a, b)) in row.iter().zip(&new).enumerate() {
            let change = (a - b).abs();
            if change != 0u32 {
                out.changed += 1;
            }
            if change > out.largest_change {
                out.largest_change = change;
                out.at = (i, j);
            }
        }
        out.rows.push(new);
    }
    Ok(out)
}

/// Round every row to entries `k/denom` summing to exactly 1 (see the module documentation).
pub fn rationalize_rows(
    rows: &[Vec<Rational>],
    denom: u64,
) -> Result<Rationalized, RationalizeError> {
    if denom == 0 {
        return Err(RationalizeError::ZeroDenominator);
    }
    let d = Rational::from(denom);
    rationalize_each(
        rows,
        denom,
        &(Rational::ONE / &d),
        |row, sum| RationalizeError::FarFromOne { row, sum, denom },
        |r| Some(round_row(r, &d)),
    )
}

/// How float-noisy rows are made exact: `--rationalize DENOM` or `--rationalize auto`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Every entry `k/D` (largest remainder): [`rationalize_rows`].
    Denominator(u64),
    /// The simplest rational within the tolerance: [`rationalize_rows_auto`].
    Auto(Rational),
}

impl Rounding {
    /// `auto` (tolerance 10^-9, about a million float64 ulps of 1) or a positive denominator.
    pub fn parse(s: &str) -> Result<Rounding, String> {
        let s = s.trim();
        if s == "auto" {
            return Ok(Rounding::Auto(Rational::from_signeds(
                1i64,
                1_000_000_000i64,
            )));
        }
        match s.parse::<u64>() {
            Ok(d) if d >= 1 => Ok(Rounding::Denominator(d)),
            _ => Err(format!(
                "`{}`: expected `auto` or a whole-number denominator, at least 1 (at most {})",
                crate::num::fmt::abbreviate(s),
                u64::MAX
            )),
        }
    }

    /// Round `rows` this way.
    pub fn apply(&self, rows: &[Vec<Rational>]) -> Result<Rationalized, RationalizeError> {
        match self {
            Rounding::Denominator(d) => rationalize_rows(rows, *d),
            Rounding::Auto(tol) => rationalize_rows_auto(rows, tol),
        }
    }
}

impl fmt::Display for Rounding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rounding::Denominator(d) => write!(f, "denominator {d}"),
            Rounding::Auto(tol) => write!(f, "the simplest rationals within {tol}"),
        }
    }
}

/// `rationalize="auto"`: each entry becomes the simplest rational (smallest denominator; the
/// continued-fraction / Stern–Brocot choice) within `tol` of it — `0.42857142857142855` with
/// `tol = 10^-9` becomes `3/7` — zeros stay zero, and then each row is made to sum to exactly 1
/// by giving the remainder to its largest entry (the first on ties). A row whose sum is `tol` or
/// more away from 1, or that the remainder would make negative, is refused; so is `tol ≤ 0`.
/// `denom` of the result is 0 (no common denominator); the caller reports
/// [`Rationalized::largest_change`] as for [`rationalize_rows`].
pub fn rationalize_rows_auto(
    rows: &[Vec<Rational>],
    tol: &Rational,
) -> Result<Rationalized, RationalizeError> {
    if *tol <= 0u32 {
        return Err(RationalizeError::ZeroDenominator);
    }
    rationalize_each(
        rows,
        0,
        tol,
        |row, sum| RationalizeError::FarFromTolerance {
            row,
            sum,
            tol: tol.clone(),
        },
        |r| simplest_row(r, tol),
    )
}

/// Each entry the simplest rational within `tol` (zeros stay zero), the remainder to the
/// largest entry; `None` when that would make it negative.
fn simplest_row(row: &[Rational], tol: &Rational) -> Option<Vec<Rational>> {
    use malachite::rational::rational::arithmetic::traits::SimplestRationalInInterval;
    let mut new: Vec<Rational> = row
        .iter()
        .map(|r| {
            if *r == 0u32 {
                Rational::ZERO
            } else {
                let lo = (r - tol).max(Rational::ZERO);
                Rational::simplest_rational_in_closed_interval(&lo, &(r + tol))
            }
        })
        .collect();
    let rest = Rational::ONE - new.iter().sum::<Rational>();
    if rest != 0u32 {
        // The largest entry, the first on ties.
        let big = (0..new.len()).fold(0, |b, j| if new[j] > new[b] { j } else { b });
        new[big] += rest;
        if new[big] < 0u32 {
            return None;
        }
    }
    Some(new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::num::parse_rational;
    use proptest::prelude::*;

    fn q(s: &str) -> Rational {
        parse_rational(s).unwrap()
    }

    fn row(cells: &[&str]) -> Vec<Rational> {
        cells.iter().map(|s| q(s)).collect()
    }

    #[test]
    fn table() {
        // (row, denominator, expected row)
        let cases: &[(&[&str], u64, &[&str])] = &[
            // numpy's 1/3 written with 17 digits: sum 0.99999999999999999999 ≠ 1.
            (
                &[
                    "0.33333333333333333",
                    "0.33333333333333333",
                    "0.33333333333333334",
                ],
                3,
                &["1/3", "1/3", "1/3"],
            ),
            // sum 1 + 1e-16
            (&["0.5000000000000001", "0.5"], 1000, &["1/2", "1/2"]),
            // zeros stay zeros even when units are missing
            (&["0", "0.6666666", "0.3333333"], 3, &["0", "2/3", "1/3"]),
            // already exact: unchanged
            (&["1/4", "3/4"], 4, &["1/4", "3/4"]),
            // ties go to the lower column
            (&["0.5", "0.5"], 1, &["1", "0"]),
        ];
        for (r, d, want) in cases {
            let got = rationalize_rows(&[row(r)], *d).unwrap();
            assert_eq!(got.rows[0], row(want), "{r:?} at {d}");
        }
    }

    #[test]
    fn errors() {
        assert_eq!(
            rationalize_rows(&[row(&["1"])], 0),
            Err(RationalizeError::ZeroDenominator)
        );
        let e = rationalize_rows(&[row(&["0.5", "0.4"])], 100).unwrap_err();
        assert!(e.to_string().contains("row 1 sums to 9/10"), "{e}");
        let e = rationalize_rows(&[row(&["1"]), row(&["-0.1", "1.1"])], 100).unwrap_err();
        assert!(matches!(
            e,
            RationalizeError::Negative(ProbError::Negative { row: 1, col: 0, .. })
        ));
    }

    #[test]
    fn largest_change_is_reported() {
        let got =
            rationalize_rows(&[row(&["1/2", "1/2"]), row(&["0.30001", "0.69999"])], 10).unwrap();
        assert_eq!(got.rows[1], row(&["3/10", "7/10"]));
        assert_eq!(got.largest_change, q("0.00001"));
        assert_eq!(got.at, (1, 0));
        assert_eq!(got.changed, 2);
    }

    #[test]
    fn rounding_is_parsed_and_applied() {
        assert_eq!(Rounding::parse("1000"), Ok(Rounding::Denominator(1000)));
        assert_eq!(
            Rounding::parse(" auto "),
            Ok(Rounding::Auto(q("1/1000000000")))
        );
        for bad in ["0", "-3", "1.5", "", "autos", "99999999999999999999999"] {
            assert!(Rounding::parse(bad).is_err(), "{bad}");
        }
        let rows = [row(&["0.42857142857142855", "0.5714285714285714"])];
        let auto = Rounding::parse("auto").unwrap().apply(&rows).unwrap();
        assert_eq!(auto.rows[0], row(&["3/7", "4/7"]));
        let d = Rounding::Denominator(1000).apply(&rows).unwrap();
        assert_eq!(d.rows[0], row(&["429/1000", "571/1000"]));
        assert_eq!(Rounding::Denominator(7).to_string(), "denominator 7");
    }

    #[test]
    fn auto_table() {
        let tol = q("1/1000000000");
        // (row as numpy prints it, expected exact row)
        let cases: &[(&[&str], &[&str])] = &[
            // RR at e^eps = 3 from floats: already exact decimals.
            (&["0.75", "0.25"], &["3/4", "1/4"]),
            // 3/7, 4/7 as float64 reprs.
            (
                &["0.42857142857142855", "0.5714285714285714"],
                &["3/7", "4/7"],
            ),
            // thirds whose simplest forms sum to 1 already; zeros stay zero.
            (
                &["0.3333333333333333", "0", "0.6666666666666666"],
                &["1/3", "0", "2/3"],
            ),
            // 1/10 + 2/10 + 7/10 written with float noise.
            (
                &["0.1", "0.20000000000000004", "0.7"],
                &["1/10", "1/5", "7/10"],
            ),
            // the simplest forms sum to 1 − 1/10^10: the remainder goes to the largest entry.
            (&["0.2999999999", "0.7000000001"], &["3/10", "7/10"]),
        ];
        for (r, want) in cases {
            let got = rationalize_rows_auto(&[row(r)], &tol).unwrap();
            assert_eq!(got.rows[0], row(want), "{r:?}");
            assert_eq!(got.rows[0].iter().sum::<Rational>(), Rational::ONE);
        }
        let e = rationalize_rows_auto(&[row(&["0.5", "0.4"])], &tol).unwrap_err();
        assert!(e.to_string().contains("row 1 sums to 9/10"), "{e}");
        assert!(rationalize_rows_auto(&[row(&["1"])], &Rational::ZERO).is_err());
    }

    /// The simplest rational in `[lo, hi]` by brute force: the least denominator with an
    /// integer multiple in the interval, and the numerator of least absolute value.
    fn simplest_naive(lo: &Rational, hi: &Rational) -> Rational {
        use malachite::base::num::arithmetic::traits::Ceiling;
        for d in 1u64.. {
            let dq = Rational::from(d);
            let k: Integer = (lo * &dq).ceiling();
            let cand = Rational::from(k) / &dq;
            if cand <= *hi {
                return cand;
            }
        }
        unreachable!()
    }

    proptest! {
        /// Against the definition: entries k/D, sums exactly 1, each moved by less than 1/D,
        /// zeros kept, and the reported change is the largest one.
        #[test]
        fn rounded_rows_are_distributions_close_to_the_input(
            masses in prop::collection::vec(0u32..50, 1..6),
            noise in -5i64..5,
            denom in 1u64..200,
        ) {
            let total: u32 = masses.iter().sum::<u32>().max(1);
            let mut r: Vec<Rational> = masses.iter().map(|m| Rational::from(*m) / Rational::from(total)).collect();
            if masses.iter().all(|m| *m == 0) { r[0] = Rational::ONE; }
            // Perturb the last entry by noise·10^-12 (float-like noise), keeping it ≥ 0.
            let last = r.len() - 1;
            let eps = Rational::from(noise) / Rational::from(10u64.pow(12));
            if &r[last] + &eps >= 0u32 { r[last] += eps; }
            prop_assume!((r.iter().sum::<Rational>() - Rational::ONE).abs() < Rational::ONE / Rational::from(denom));
            let got = rationalize_rows(std::slice::from_ref(&r), denom).unwrap();
            let new = &got.rows[0];
            prop_assert_eq!(new.iter().sum::<Rational>(), Rational::ONE);
            let d = Rational::from(denom);
            let mut largest = Rational::ZERO;
            for (a, b) in r.iter().zip(new) {
                let kd = b * &d;
                prop_assert_eq!(kd.denominator_ref(), &malachite::Natural::ONE);
                let c = (a - b).abs();
                prop_assert!(c < Rational::ONE / &d);
                if *a == 0u32 { prop_assert_eq!(b, &Rational::ZERO); }
                if c > largest { largest = c; }
            }
            prop_assert_eq!(got.largest_change, largest);
        }

        /// `auto` against the brute-force simplest rational: every entry but the one that takes
        /// the remainder is the naive choice; each entry moves by at most the tolerance plus
        /// the row's noise; rows sum to exactly 1 and zeros stay zero.
        #[test]
        fn auto_picks_the_simplest_rational_within_the_tolerance(
            num in 1u64..30, den in 2u64..30, noise in -50i64..50,
        ) {
            prop_assume!(num < den);
            let tol = Rational::from_signeds(1i64, 1_000_000i64);
            let eps = Rational::from(noise) / Rational::from(10u64.pow(9));
            let a = Rational::from(num) / Rational::from(den) + &eps;
            let r = vec![a.clone(), Rational::ONE - &a, Rational::ZERO];
            let got = rationalize_rows_auto(std::slice::from_ref(&r), &tol).unwrap();
            let new = &got.rows[0];
            prop_assert_eq!(new.iter().sum::<Rational>(), Rational::ONE);
            prop_assert_eq!(&new[2], &Rational::ZERO);
            let naive: Vec<Rational> = r[..2].iter().map(|x| simplest_naive(&(x - &tol), &(x + &tol))).collect();
            // The remainder (if any) went to the larger entry; the other is the naive choice.
            let big = if naive[1] > naive[0] { 1 } else { 0 };
            prop_assert_eq!(&new[1 - big], &naive[1 - big]);
            for (x, y) in r.iter().zip(new) {
                prop_assert!((x - y).abs() <= &tol + &tol);
            }
        }
    }
}
