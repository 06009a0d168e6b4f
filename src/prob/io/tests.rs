//! Tests of reading matrices: literal tables of CSV and JSON files, every error naming its row and
//! column, rounding on request, shapes counted from bytes, and any text read or refused.

use super::shape::ShapeCounter;
use super::*;

/// `read_channel` / `read_dist` on files: each error variant names the file, and
/// `--rationalize auto` turns a float row into the simplest rationals (3/7, 4/7: by hand).
#[test]
fn reading_files() {
    let dir = std::env::temp_dir().join(format!("dpcert-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let none = ReadOptions::default();
    let missing = dir.join("missing.csv");
    assert!(matches!(
        read_channel(&missing, &none),
        Err(ReadError::Io { .. })
    ));
    let bad_cell = file("cell.csv", "1/2,x\n");
    let e = read_channel(&bad_cell, &none).unwrap_err();
    assert!(matches!(&e, ReadError::Matrix { error, .. } if (error.row, error.col) == (1, 2)));
    assert!(e.to_string().starts_with(&bad_cell.display().to_string()));
    let floats = file(
        "floats.csv",
        "0.42857142857142855,0.5714285714285714\n1,0\n",
    );
    assert!(matches!(
        read_channel(&floats, &none),
        Err(ReadError::Invalid {
            error: ProbError::RowSum { row: 0, .. },
            ..
        })
    ));
    let auto = ReadOptions {
        rationalize: Some(Rounding::parse("auto").unwrap()),
    };
    let (w, change) = read_channel(&floats, &auto).unwrap();
    let q = |n: i64, d: i64| Rational::from_signeds(n, d);
    assert_eq!(w.rows()[0], vec![q(3, 7), q(4, 7)]);
    assert_eq!(change.unwrap().changed, 2);
    let far = file("far.csv", "1/2,1/4\n");
    assert!(matches!(
        read_channel(&far, &auto),
        Err(ReadError::Rationalize { .. })
    ));
    let column = file("prior.csv", "1/3\n2/3\n");
    let (d, change) = read_dist(&column, &none).unwrap();
    assert_eq!((d.probs(), change), (&[q(1, 3), q(2, 3)][..], None));
    assert!(matches!(
        read_dist(&bad_cell, &none),
        Err(ReadError::Matrix { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn csv_and_json_agree() {
    let a = parse_channel("1/2, 1/2\n0.1, 9/10\n").unwrap();
    let b = parse_channel(r#"{"rows": [["1/2","1/2"], ["0.1", "0.9"]]}"#).unwrap();
    assert_eq!(a, b);
    // The report keys of `dpcert optimal --json` are read past.
    let c = parse_channel(
        r#"{"graph": {"spec": "path:2"}, "optimum": "1/2", "rows": [["1/2","1/2"], ["0.1", "0.9"]], "warnings": []}"#,
    )
    .unwrap();
    assert_eq!(a, c);
    assert_eq!(a.entry(1, 0), &Rational::from_signeds(1, 10));
}

#[test]
fn bad_inputs_name_row_and_column() {
    let table: &[(&str, usize, usize, &str)] = &[
        ("1/2,1/2\n1/2,2/5\n", 2, 0, "9/10"),
        ("1/2,1/2\n3/2,-1/2\n", 2, 2, "negative"),
        ("1/2,1/2\n1\n", 2, 0, "ragged"),
        ("1/2,1/2\n1/2,abc\n", 2, 2, "not an exact rational"),
        ("", 0, 0, "empty"),
        ("# only a comment\n", 0, 0, "empty"),
        (
            r#"{"rows": [["1/2", 0.5], [1, true]]}"#,
            2,
            2,
            "not an exact",
        ),
        (r#"{"rows": []}"#, 0, 0, "no rows"),
        ("{not json", 0, 0, "invalid JSON"),
        (
            r#"{"rows": [["1/2", "1/2"]], "rows": [[1]]}"#,
            0,
            0,
            "duplicate key \"rows\"",
        ),
        // The same key written with an escape is the same key.
        (
            r#"{"rows": [[1]], "\u0072ows": [[1]]}"#,
            0,
            0,
            "duplicate key \"rows\"",
        ),
        (r#"[{"a": 1, "b": 2, "a": 3}]"#, 0, 0, "duplicate key \"a\""),
        // Issue 42 item 6: an unknown key is named, with the nearest known one.
        (
            r#"{"rows": [[1]], "colums": 3}"#,
            0,
            0,
            "unknown key \"colums\" in the JSON object: a matrix is",
        ),
        (
            r#"{"Rows": [[1]]}"#,
            0,
            0,
            "unknown key \"Rows\" in the JSON object: did you mean \"rows\"?",
        ),
        (r#"{"row": [[1]]}"#, 0, 0, "did you mean \"rows\"?"),
    ];
    for &(text, row, col, reason) in table {
        let e = parse_channel(text).unwrap_err();
        assert_eq!((e.row, e.col), (row, col), "{text:?}: {e}");
        assert!(e.reason.contains(reason), "{text:?}: {e}");
    }
}

/// JSON numbers are read from their text: a literal one digit past f64 precision is not
/// rounded to 1/2 (it used to be accepted as a row of DP level 2).
#[test]
fn json_numbers_are_exact() {
    let e = parse_channel(r#"{"rows":[[0.50000000000000000001,0.5],[0.25,0.75]]}"#).unwrap_err();
    assert_eq!((e.row, e.col), (1, 0), "{e}");
    assert!(
        e.reason
            .contains("100000000000000000001/100000000000000000000"),
        "{e}"
    );
    let w = parse_channel(r#"{"rows":[[0.1,0.9],[1e-1,9E-1]]}"#).unwrap();
    assert_eq!(w.entry(0, 0), &Rational::from_signeds(1, 10));
    assert_eq!(w.entry(1, 1), &Rational::from_signeds(9, 10));
}

#[test]
fn byte_order_mark_is_skipped() {
    assert_eq!(
        parse_channel("\u{feff}1/2,1/2\n1,0\n").unwrap(),
        parse_channel("1/2,1/2\n1,0\n").unwrap()
    );
    assert!(parse_channel("\u{feff}{\"rows\": [[1]]}").is_ok());
}

/// A 1,000-digit literal is shortened in the message, not echoed whole.
#[test]
fn long_literals_are_abbreviated() {
    let long = format!("1/2,{}x\n", "7".repeat(1000));
    let e = parse_channel(&long).unwrap_err();
    assert_eq!((e.row, e.col), (1, 2));
    assert!(e.to_string().len() < 240, "{e}");
    assert!(e.to_string().contains("1001 characters"), "{e}");
    let big = format!("1/2,1/2\n1/3,{}/3\n", "1".repeat(1000));
    let e = parse_channel(&big).unwrap_err();
    assert!(e.to_string().len() < 240, "{e}");
}

/// Issue 29: numpy's `savetxt` (spaces), decimal commas and header rows.
#[test]
fn separators_and_hints() {
    let spaces = parse_channel("5.000000000000000000e-01 5.000000000000000000e-01\n1 0\n").unwrap();
    assert_eq!(spaces, parse_channel("1/2,1/2\n1,0\n").unwrap());
    assert_eq!(parse_channel("1/2\t1/2\n1;0\n").unwrap(), spaces);
    assert_eq!(parse_dist("1/4 3/4").unwrap().len(), 2);
    let e = parse_channel("0,75;0,25\n1;0\n").unwrap_err();
    assert_eq!((e.row, e.col), (1, 1), "{e}");
    assert!(e.reason.contains("decimal comma"), "{e}");
    let e = parse_channel("# W(y|x)\ny0,y1\n1,0\n").unwrap_err();
    assert_eq!((e.row, e.col), (2, 1), "{e}");
    assert!(
        e.reason.contains("header row? comment it out with `#`"),
        "{e}"
    );
    // A bad cell later in the file is not called a header.
    let e = parse_channel("1,0\nabc,1\n").unwrap_err();
    assert!(!e.reason.contains("header"), "{e}");
}

#[test]
fn dists() {
    assert_eq!(parse_dist("1/4,3/4").unwrap().len(), 2);
    assert_eq!(parse_dist("1/4\n3/4\n").unwrap().len(), 2);
    assert!(parse_dist("1/4,1/4\n1/4,1/4").is_err());
    assert!(parse_dist("1/4,1/4").is_err());
}

/// The shape counted from the bytes in blocks of `block` bytes.
fn counted(text: &str, block: usize) -> Shape {
    let mut c = ShapeCounter::default();
    for b in text.as_bytes().chunks(block) {
        c.feed(b);
    }
    c.finish()
}

/// Issue 42 item 6: literal table of shapes counted before parsing (a 10⁷ × 2 file was
/// refused as "20000000 inputs × 1 outputs").
#[test]
fn shape_table() {
    let csv = |rows, cols| Shape::Csv { rows, cols };
    let table: &[(&str, Shape)] = &[
        ("1/2,1/2\n1/3,2/3\n1,0\n", csv(3, 2)),
        ("1/2,1/2\n1/3,2/3\n1,0", csv(3, 2)),
        ("\u{feff}# header\n\n0.5 0.5\r\n1 0\r\n", csv(2, 2)),
        ("0,75;0,25\n", csv(1, 2)),
        ("1\t0\t\n\t0\t1\n", csv(2, 2)),
        ("1, 0 # a, comment; here\n", csv(1, 2)),
        ("", csv(0, 0)),
        (
            r#"{"rows": [["1/2","1/2"], ["1/3","2/3"]]}"#,
            Shape::Json { cells: 4 },
        ),
        ("\u{feff}  [[1,0],[0,1]]", Shape::Json { cells: 4 }),
    ];
    for (text, want) in table {
        for block in [1, 2, 3, 1 << 16] {
            assert_eq!(&counted(text, block), want, "{text:?} in blocks of {block}");
        }
    }
    assert_eq!(csv(10_000_000, 2).to_string(), "10000000 rows × 2 columns");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// The shape counted from the bytes is the parsed matrix's: its rows and the most
    /// cells of a row (reference: [`parse_matrix`]), whatever the blocks.
    #[test]
    fn shape_counts_what_parse_matrix_reads(
        text in "(([0-9]{1,2}|1/[1-9])([,;\t ]|  |, |\t\t)?){0,4}(#[ ,;a-z]{0,4})?(\r?\n){1,2}( ?[0-9]{1,2}([,;\t ][0-9]{1,2}){0,3}[ \t]?\n){0,4}",
        block in 1usize..9,
    ) {
        if let Ok(rows) = parse_matrix(&text) {
            let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
            proptest::prop_assert_eq!(counted(&text, block), Shape::Csv { rows: rows.len(), cols });
        }
    }

    /// Issue 26 (the in-tree companion of `fuzz/fuzz_targets/matrix.rs`): arbitrary text,
    /// and text built from the characters of the formats, is read or refused, never a
    /// panic; a channel read is row-stochastic exactly.
    #[test]
    fn any_text_is_read_or_refused(
        text in proptest::prop_oneof![
            "\\PC{0,64}",
            "[0-9/.eE+,;#\\t\n \\-]{0,48}",
            "[\\[\\]{}\":, 0-9/.a-z\\-]{0,48}",
        ]
    ) {
        let _ = parse_matrix(&text);
        let _ = parse_dist(&text);
        if let Ok(w) = parse_channel(&text) {
            for row in w.rows() {
                proptest::prop_assert_eq!(row.iter().sum::<Rational>(), Rational::from(1u32));
            }
        }
    }
}
