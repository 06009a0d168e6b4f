//! Tests of the LP format: a literal table of files with their optima, malformed files, warnings,
//! and the writer's round trip.

use super::*;
use crate::lp::{guided::solve, Certificate};
use crate::num::{parse_rational, Rational};

fn q(s: &str) -> Rational {
    parse_rational(s).unwrap()
}

/// Files with their exact optimum and the optimal values of the file's variables.
#[test]
fn literal_table_of_files() {
    type Case = (
        &'static str,
        &'static str,
        &'static [(&'static str, &'static str)],
    );
    let table: &[Case] = &[
        (
            "Maximize\n obj: x + y\nSubject To\n c1: 2 x + y <= 4\n c2: x + 3 y <= 6\nEnd\n",
            "14/5",
            &[("x", "6/5"), ("y", "8/5")],
        ),
        // Lower case, st, unnamed rows, fractions, a row spanning two lines, comments.
        (
            "min \\ the objective\n 1/2 a + 0.25 b\nst\n a + b\n   >= 4\n a - b = 1e0\nend",
            "13/8",
            &[("a", "5/2"), ("b", "3/2")],
        ),
        // Bounds: shifted lower bound, upper bound, free variable, (-inf, u].
        (
            "Minimize\n x + y - z + w\nSubject To\n y + z >= -3\n w >= -10\nBounds\n 2 <= x <= 5\n y free\n z <= 1\n -inf <= w <= 0\nEnd",
            "-13",
            &[("x", "2"), ("y", "-4"), ("z", "1"), ("w", "-10")],
        ),
        // `x = v` bound and an objective constant.
        (
            "MAXIMIZE\n obj: 2 x + 3 + y\nSUBJECT TO\n x + y <= 10\nBOUNDS\n x = 3\nEND",
            "16",
            &[("x", "3"), ("y", "7")],
        ),
        // Maximum / s.t. / a coefficient with no space and a repeated variable.
        ("maximum\n 3x + x\ns.t.\n c: 2x <= 1\nend", "2", &[("x", "1/2")]),
    ];
    for (text, value, values) in table {
        let f = parse_lp(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let sol = solve(&f.model).unwrap();
        let Certificate::Optimal {
            value: v, primal, ..
        } = &sol
        else {
            panic!("{text}: {sol:?}")
        };
        assert_eq!(v, &q(value), "{text}");
        let got = f.values(primal);
        for (name, want) in values.iter() {
            let (_, val) = got.iter().find(|(n, _)| n == name).unwrap();
            assert_eq!(val, &q(want), "{text}: {name}");
        }
    }
}

#[test]
fn malformed_files_name_the_line() {
    let table: &[(&str, usize, &str)] = &[
        (
            "Maximize\n x\nSubject To\n c1: x <= 1/0\nEnd",
            4,
            "zero denominator",
        ),
        (
            "Maximize\n x\nSubject To\n c1: x + <= 1\nEnd",
            4,
            "coefficient or a variable",
        ),
        (
            "Maximize\n x\nSubject To\n c1: x y <= 1\nEnd",
            4,
            "expected `+` or `-`",
        ),
        (
            "Maximize\n x\nSubject To\n c1: x <= y\nEnd",
            4,
            "right-hand side",
        ),
        ("Maximize\n x\nSubject To\n c1: x\nEnd", 4, "without"),
        ("Subject To\n x <= 1\nEnd", 1, "section out of order"),
        ("Maximize\n x\nSubject To\n x <= 1\n", 4, "missing `End`"),
        (
            "Maximize\n x\nSubject To\n x <= 1\nGeneral\n x\nEnd",
            5,
            "integrality",
        ),
        (
            "Maximize\n x\nSubject To\n x <= 1\nBounds\n x <= -inf\nEnd",
            6,
            "infinity",
        ),
        (
            "Maximize\n x\nSubject To\n c: x <= 1\n c: x <= 2\nEnd",
            5,
            "already used",
        ),
        ("Maximize\n x * 2\nEnd", 2, "unexpected character"),
        // Issue 42 item 6: an unknown section word is named at its own line, wherever it
        // stands (it was reported at the next statement's line).
        (
            "Maximize\n obj: x + y\nSubject To\n c1: x + y <= 4\nFoo\n x <= 3\nEnd",
            5,
            "`Foo` alone on a line is not a section keyword",
        ),
        (
            "Maximize\n obj: x + y\nFoo\nSubject To\n c1: x + y <= 4\nEnd",
            3,
            "`Foo` alone on a line is not a section keyword",
        ),
        (
            "Maximize\n obj: x\nSubject To\n c1: x <= 4\nFoo\n c2: x <= 3\nEnd",
            5,
            "`Foo` alone on a line is not a section keyword",
        ),
        (
            "Maximize\n obj: x\nSubject To\n c1: x <= 4\nFoo\nEnd",
            5,
            "`Foo` alone on a line is not a section keyword",
        ),
        (
            "Maximize\n obj: x\nSubject To\n c1: x <= 4\nBounds\nFoo\n x <= 3\nEnd",
            6,
            "`Foo` alone on a line is not a section keyword",
        ),
        (
            "Maximize\n x\nSubject To\n x <= 1\nBounds\n 3 x\nEnd",
            6,
            "expected",
        ),
        (
            "Maximize\n x\nSubject To\n x <= 1\nEnd\n x",
            6,
            "after `End`",
        ),
        // Issue 29: a misspelt section is reported on its own line, with the keyword.
        (
            "Maximize\n obj: x + y\nSubjet To\n c1: x + y <= 4\nEnd",
            3,
            "did you mean `Subject To`?",
        ),
        (
            "Maximize\n x\nSubject To\n x <= 1\nBnds\n x <= 2\nEnd",
            5,
            "did you mean `Bounds`?",
        ),
    ];
    for (text, line, reason) in table {
        let e = parse_lp(text).expect_err(text);
        assert_eq!(e.line, *line, "{text}: {e}");
        assert!(e.reason.contains(reason), "{text}: {e}");
    }
}

/// Issue 29: `xx3` for `x3` silently made a new variable; now it is warned about, with the
/// name it is nearest to. Variables used twice or more are not.
#[test]
fn a_variable_used_once_is_warned_about() {
    let f = parse_lp(
        "Maximize\n obj: x1 + 2 x2 + 3 x3\nSubject To\n c1: x1 + x2 + xx3 <= 4\n c2: x3 <= 1\n c3: x2 + x1 <= 3\nEnd",
    )
    .unwrap();
    assert_eq!(
        f.warnings,
        ["line 4: variable `xx3` appears only once in the file (a misspelling of `x3`?)"]
    );
    let f = parse_lp("Maximize\n x + y\nSubject To\n x + y <= 1\nEnd").unwrap();
    assert!(f.warnings.is_empty(), "{:?}", f.warnings);
    // Bounds count as a use.
    let f = parse_lp("Maximize\n x\nSubject To\n c: 2 x <= 1\nBounds\n z free\nEnd").unwrap();
    assert_eq!(f.warnings.len(), 1, "{:?}", f.warnings);
    assert!(f.warnings[0].contains("`z`"));
}

#[test]
fn bound_rows_do_not_take_a_user_row_name() {
    let f = parse_lp("Max\n x\nst\n x.ub: x <= 3\nBounds\n x <= 2\nEnd").unwrap();
    let names: Vec<&str> = f.model.rows().iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["x.ub", "x.ub'"]);
    assert_eq!(solve(&f.model).unwrap().value(), Some(&q("2")));
}

#[test]
fn infeasible_bounds_give_a_checked_farkas_certificate() {
    let f = parse_lp("Min\n x\nst\n x >= 0\nBounds\n 3 <= x <= 2\nEnd").unwrap();
    assert_eq!(solve(&f.model).unwrap().status(), "infeasible");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// Issue 26 (companion of `fuzz/fuzz_targets/lp_format.rs`): arbitrary text and text
    /// made of LP-format tokens is parsed or refused, never a panic; what parses writes
    /// back to text that parses to the same shape.
    #[test]
    fn any_text_is_parsed_or_refused(
        text in proptest::prop_oneof![
            "\\PC{0,64}",
            "(Maximize|Minimize|Subject To|st|Bounds|End|Free|General|x|y|[0-9]{1,3}|[<>=]=?|[-+*/.:]|\\n| ){0,24}",
        ]
    ) {
        if let Ok(f) = parse_lp(&text) {
            let again = parse_lp(&write_lp(&f.model));
            proptest::prop_assert!(again.is_ok(), "{:?}", again);
            let again = again.unwrap();
            proptest::prop_assert_eq!(again.model.n_vars(), f.model.n_vars());
            proptest::prop_assert_eq!(again.model.n_rows(), f.model.n_rows());
        }
    }
}
