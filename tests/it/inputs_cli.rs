//! What the commands read, end to end (issue 42 items 6, 12, 13, 15): edge-list labels that
//! look like numbers, named labels said on stderr, relations without a neighbour pair refused
//! alike by `audit`, `compose` and `optimal`, the distance a loss uses, unknown keys of a matrix
//! JSON, the shape in a refusal for size, and an unknown LP section at its own line.

use crate::common::{dpcert, scratch_file};
use num_rational::Ratio;
use std::path::{Path, PathBuf};

fn file(name: &str, text: &str) -> PathBuf {
    scratch_file("inputs", name, text)
}

fn p(f: &Path) -> &str {
    f.to_str().unwrap()
}

/// Naive reference: the largest `W(y|x) / W(y|x')` over the given pairs, both orientations.
fn level(rows: &[[(i64, i64); 2]], pairs: &[(usize, usize)]) -> Ratio<i64> {
    let r = |(n, d): (i64, i64)| Ratio::new(n, d);
    let mut best = Ratio::from_integer(1);
    for &(a, b) in pairs {
        for (x, y) in [(a, b), (b, a)] {
            for (&u, &v) in rows[x].iter().zip(&rows[y]) {
                best = best.max(r(u) / r(v));
            }
        }
    }
    best
}

/// Item 12: `1.0 2.0` / `0.0 1.0`, numpy's `savetxt` spelling and `+1` are the path 0–1–2. They
/// used to be names numbered by first appearance (1.0 → row 0), which made rows 0–1 and 0–2
/// the neighbours and reported the level 5/3 of that graph instead of the path's 4/3.
#[test]
fn number_labels_of_any_spelling_are_rows() {
    let rows = [[(1, 2), (1, 2)], [(2, 5), (3, 5)], [(3, 10), (7, 10)]];
    let w = file("w3.csv", "1/2,1/2\n2/5,3/5\n3/10,7/10\n");
    let path = level(&rows, &[(0, 1), (1, 2)]);
    let permuted = level(&rows, &[(0, 1), (0, 2)]);
    assert_eq!((path, permuted), (Ratio::new(4, 3), Ratio::new(5, 3)));
    for (name, text) in [
        ("floats.txt", "1.0 2.0\n0.0 1.0\n"),
        (
            "savetxt.txt",
            "1.000000000000000000e+00 2.000000000000000000e+00\n\
             0.000000000000000000e+00 1.000000000000000000e+00\n",
        ),
        ("signs.txt", "+1 +2\n0 +1\n"),
    ] {
        let g = file(name, text);
        let (code, out, err) = dpcert(&["audit", p(&w), "--adjacency", p(&g), "--json"]);
        assert_eq!(code, 0, "{name}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["dp"]["e_eps"], path.to_string(), "{name}");
        assert!(!err.contains("names"), "{name}: {err}");
    }
}

/// Item 12: a number that is no vertex index, and a file mixing numbers and names, are refused
/// with the file, line and column (exit 3); `+1` / `0` / `x` used to number `0` as row 1.
#[test]
fn labels_that_are_no_index_are_refused_with_their_place() {
    let w = file("w2.csv", "3/4,1/4\n1/4,3/4\n");
    for (name, text, place, why) in [
        (
            "half.txt",
            "0 1.5\n",
            "line 1, column 3",
            "is not an integer",
        ),
        ("neg.txt", "0 1\n-1 0\n", "line 2, column 1", "is negative"),
        (
            "mixed.txt",
            "+1 0\n0 x\n",
            "line 2, column 3",
            "label `x` is a name but label `+1` (line 1, column 1) is a number",
        ),
    ] {
        let g = file(name, text);
        for cmd in [
            vec!["audit", p(&w), "--adjacency", p(&g)],
            vec!["graph", p(&g)],
        ] {
            let (code, out, err) = dpcert(&cmd);
            assert_eq!(code, 3, "{cmd:?}: {out}{err}");
            assert!(
                err.contains(&format!("{name}: {place}: ")) && err.contains(why),
                "{cmd:?}: {err}"
            );
        }
    }
}

/// Item 12: the numbering of named labels is said on stderr by every command that reads an
/// edge list (it was a line of `audit`'s stdout only).
#[test]
fn named_labels_are_said_on_stderr() {
    let w = file("w3n.csv", "1/2,1/2\n2/5,3/5\n3/10,7/10\n");
    let g = file("named.txt", "b c\na b\n");
    let numbering = "row k of a mechanism is the vertex numbered k: b→0 c→1 a→2";
    for cmd in [
        vec!["audit", p(&w), "--adjacency", p(&g)],
        vec!["audit", p(&w), "--adjacency", p(&g), "--json"],
        vec!["graph", p(&g)],
        vec!["compose", p(&w), "--k", "2", "--adjacency", p(&g)],
        vec![
            "optimal",
            "--graph",
            p(&g),
            "--t",
            "2",
            "--prior",
            "uniform",
            "--gain",
            "identity",
        ],
    ] {
        let (code, _, err) = dpcert(&cmd);
        assert_eq!(code, 0, "{cmd:?}: {err}");
        assert!(
            err.contains("warning") && err.contains(numbering),
            "{cmd:?}: {err}"
        );
    }
}

/// Item 13: no neighbour pair (a graph without edges, a one-row mechanism) is refused alike by
/// `audit` (with or without `--json` and `--delta`), `compose` and `optimal`: exit 3, one
/// message. `audit` used to report "e^eps = 1 … attained at x = 0, x' = 0" and `compose` exit 2.
#[test]
fn no_neighbour_pairs_is_refused_alike() {
    let one = file("one.csv", "1/2,1/2\n");
    let rr = file("rr.csv", "3/4,1/4\n1/4,3/4\n");
    let bare = file("bare.txt", "vertices 2\n");
    let message = "no neighbouring pairs: ";
    let no_edge = "the adjacency `";
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["audit", p(&one)],
            "there is 1 input (a one-row mechanism)",
        ),
        (vec!["audit", p(&one), "--json"], "there is 1 input"),
        (vec!["audit", p(&rr), "--adjacency", p(&bare)], no_edge),
        (
            vec!["audit", p(&rr), "--adjacency", p(&bare), "--delta", "1"],
            no_edge,
        ),
        (
            vec!["audit", p(&rr), "--adjacency", p(&bare), "--json"],
            no_edge,
        ),
        (vec!["compose", p(&one), "--k", "2"], "there is 1 input"),
        (
            vec!["compose", p(&rr), "--k", "2", "--adjacency", p(&bare)],
            no_edge,
        ),
        (
            vec![
                "optimal",
                "--graph",
                p(&bare),
                "--t",
                "2",
                "--prior",
                "uniform",
                "--gain",
                "identity",
            ],
            no_edge,
        ),
        (
            vec![
                "optimal",
                "--graph",
                p(&bare),
                "--t",
                "2",
                "--prior",
                "uniform",
                "--gain",
                "identity",
                "--json",
            ],
            no_edge,
        ),
    ];
    for (cmd, why) in cases {
        let (code, out, err) = dpcert(&cmd);
        assert_eq!(code, 3, "{cmd:?}: {out}{err}");
        assert!(out.is_empty(), "{cmd:?}: {out}");
        assert!(
            err.contains(message) && err.contains(why) && err.contains("hold vacuously"),
            "{cmd:?}: {err}"
        );
    }
}

/// The optimal mechanism's rows from the text output (after the `#` lines).
fn mechanism_rows(out: &str) -> Vec<Vec<Ratio<i64>>> {
    out.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(',').map(|c| c.parse().unwrap()).collect())
        .collect()
}

/// Item 15: `--loss graph` is the shortest-path distance. On the 6-cycle the optimum is
/// recomputed here as Σ π(x) W(y|x) d(x, y) with the cyclic distance min(|x−y|, 6−|x−y|); the
/// output names the distance; `--loss abs` on the cycle warns with a pair where |x − y| and
/// the graph distance differ; on a path the two losses agree and nothing is warned.
#[test]
fn graph_loss_is_the_shortest_path_distance() {
    let args = |loss: &'static str, g: &'static str| {
        vec![
            "optimal", "--graph", g, "--t", "2", "--prior", "uniform", "--loss", loss,
        ]
    };
    let (code, out, err) = dpcert(&args("graph", "cycle:6"));
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("# objective: loss(y, x) = d(y, x), the shortest-path distance in cycle:6"),
        "{out}"
    );
    assert!(!err.contains("warning"), "{err}");
    let w = mechanism_rows(&out);
    let cyclic = |x: usize, y: usize| x.abs_diff(y).min(6 - x.abs_diff(y)) as i64;
    let expected: Ratio<i64> = (0..6)
        .flat_map(|x| (0..6).map(move |y| (x, y)))
        .map(|(x, y)| w[x][y] * Ratio::from_integer(cyclic(x, y)) / 6)
        .sum();
    let optimum = out
        .lines()
        .find_map(|l| l.strip_prefix("# minimum expected loss: "))
        .and_then(|l| l.split(' ').next())
        .unwrap();
    assert_eq!(optimum, expected.to_string());

    let (code, out, err) = dpcert(&args("abs", "cycle:6"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("# objective: loss(y, x) = |y - x|, the distance of the vertex indices"));
    // The first pair in index order where they differ: d(0, 4) = 2 on the 6-cycle.
    assert!(
        err.contains("warning: --loss abs is |y - x| of the vertex indices, not the distance")
            && err.contains("|0 - 4| = 4 but the graph distance between 0 and 4 is 2"),
        "{err}"
    );

    let on_path = |loss| {
        let (code, out, err) = dpcert(&args(loss, "path:4"));
        assert_eq!(code, 0, "{err}");
        assert!(!err.contains("warning"), "{loss}: {err}");
        out.lines()
            .find(|l| l.starts_with("# minimum expected loss"))
            .unwrap()
            .to_string()
    };
    assert_eq!(on_path("abs"), on_path("graph"));

    // Disconnected: no finite distance (exit 3).
    let g = file("two_parts.txt", "0 1\n2 3\n");
    let (code, _, err) = dpcert(&[
        "optimal",
        "--graph",
        p(&g),
        "--t",
        "2",
        "--prior",
        "uniform",
        "--loss",
        "graph",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("is disconnected (no path between vertices 0 and 2)"),
        "{err}"
    );
}

/// Item 6: an unknown key of a matrix JSON is an error naming it (it passed in silence), with
/// the nearest known key when one is close; the keys `optimal --json` writes are read past.
#[test]
fn unknown_json_keys_are_named() {
    let f = file(
        "colums.json",
        r#"{"rows": [["3/4", "1/4"], ["1/4", "3/4"]], "colums": 3}"#,
    );
    let (code, _, err) = dpcert(&["audit", p(&f)]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("colums.json: unknown key \"colums\""), "{err}");
    let f = file("row.json", r#"{"row": [["3/4", "1/4"], ["1/4", "3/4"]]}"#);
    let (code, _, err) = dpcert(&["audit", p(&f)]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("unknown key \"row\" in the JSON object: did you mean \"rows\"?"),
        "{err}"
    );
}

/// Item 6: a refusal for size before parsing gives the file's rows × columns (a 10⁷ × 2 file
/// was "20000000 inputs × 1 outputs": cells counted as rows).
#[test]
fn size_refusal_counts_rows_and_columns() {
    let rows: String = (0..500).map(|_| "1/2,1/2\n").collect();
    let f = file("tall.csv", &rows);
    let (code, _, err) = dpcert(&["audit", p(&f), "--max-memory", "1K"]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("tall.csv: auditing 500 rows × 2 columns needs about"),
        "{err}"
    );
}

/// Item 6: an unknown LP section is reported at its own line (it was at the next statement's).
#[test]
fn unknown_lp_section_at_its_line() {
    let f = file(
        "foo.lp",
        "Maximize\n obj: x + y\nSubject To\n c1: x + y <= 4\nFoo\n x <= 3\nEnd\n",
    );
    let (code, _, err) = dpcert(&["lp", p(&f)]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("foo.lp: line 5: `Foo` alone on a line is not a section keyword"),
        "{err}"
    );
}
