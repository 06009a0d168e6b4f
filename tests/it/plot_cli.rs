//! `--curve-t` on `compose` and `--plot FILE.svg` on `audit` and `compose` (issue 46 items
//! 4–5), through the binary: the compose curve against pointwise `compose --t` answers
//! (breakpoints and midpoints), the bad inputs, and every drawn SVG — those written here and
//! the gallery's (docs/gallery/*.svg) — rendered to pixels by a real renderer (resvg): it
//! parses, is not blank, and has one marker per breakpoint.

use super::common::{dpcert, scratch_dir};
use serde_json::Value;
use std::path::Path;

/// Render an SVG to pixels (resvg; labels with the DejaVu fonts when the machine has them),
/// saved as PNG beside the test's scratch files; the number of non-white pixels.
fn ink(svg: &str, png: &Path) -> usize {
    let mut opt = resvg::usvg::Options::default();
    if let Ok(font) = std::fs::read("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") {
        opt.fontdb_mut().load_font_data(font);
        opt.fontdb_mut().set_sans_serif_family("DejaVu Sans");
    }
    let tree = resvg::usvg::Tree::from_str(svg, &opt).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pix = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    // A white page first: the SVG's own background is what must be drawn over it.
    pix.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pix.as_mut(),
    );
    pix.save_png(png).expect("write the PNG");
    pix.pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255))
        .count()
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = dpcert(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).expect("JSON")
}

fn q(s: &str) -> dpcert::num::Rational {
    dpcert::num::parse_rational(s).unwrap()
}

/// The compose curve's pieces against `compose --t` at each breakpoint and midpoint (the
/// pointwise answer, computed without the curve), for a channel with several pairs.
#[test]
fn compose_curve_matches_pointwise_answers() {
    for (mech, k, range) in [
        ("rr:2:3", "3", "1,30"),
        ("geometric:4:2", "3", "1,100"),
        ("examples/curve3.csv", "2", "1,40"),
    ] {
        let j = json(&["compose", mech, "--k", k, "--curve-t", range, "--json"]);
        let pieces = j["curve"]["pieces"].as_array().expect("pieces");
        assert!(!pieces.is_empty());
        for p in pieces {
            let (lo, hi) = (
                q(p["t_lo"].as_str().unwrap()),
                q(p["t_hi"].as_str().unwrap()),
            );
            let (a, b) = (q(p["a"].as_str().unwrap()), q(p["b"].as_str().unwrap()));
            let mid = (&lo + &hi) / dpcert::num::Rational::from(2u32);
            for t in [&lo, &mid, &hi] {
                let ts = t.to_string();
                let d = json(&["compose", mech, "--k", k, "--t", &ts, "--json"]);
                let want = q(d["delta_at_t"]["delta"].as_str().unwrap());
                assert_eq!(&a - &b * t, want, "{mech} k = {k} at t = {ts}");
            }
        }
    }
}

#[test]
fn compose_curve_text_and_csv() {
    // By hand: binary RR at t = 3 used twice: delta = 9/16 - t/16 on [1, 9], 0 beyond.
    let (code, out, err) = dpcert(&[
        "compose",
        "rr:2:3",
        "--k",
        "2",
        "--curve-t",
        "1,12",
        "--csv",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "t_lo,t_hi,a,b,exact_piece,delta_at_t_lo,delta_at_t_hi\n\
         1,9,9/16,1/16,9/16 - 1/16*t,0.500000000000,0.000000000000\n\
         9,12,0,0,0,0.000000000000,0.000000000000\n"
    );
    let (code, out, _) = dpcert(&["compose", "rr:2:3", "--k", "2", "--curve-t", "1,12"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("2 pieces (exact; delta = a - b·t on each)"),
        "{out}"
    );
    assert!(
        out.contains(
            "t in [1, 9] (eps in [0.000000000000, 2.197224577337]): delta = 9/16 - 1/16·t"
        ),
        "{out}"
    );
    // Only the curve was asked: no default delta line.
    assert!(!out.contains("smallest eps"), "{out}");
}

/// The grid enclosure's curve: certified bounds per piece, each bracketing the exact δ at the
/// piece's ends (the exact path is the reference).
#[test]
fn compose_curve_enclosure_brackets_exact() {
    let args = [
        "compose",
        "rr:2:3",
        "--k",
        "4",
        "--curve-t",
        "1,100",
        "--json",
    ];
    let exact = json(&args);
    let mut g = args.to_vec();
    g.push("--enclosure");
    let grid = json(&g);
    assert_eq!(grid["curve"]["kind"], "certified_enclosure");
    let at = |t: &dpcert::num::Rational| -> dpcert::num::Rational {
        let p = exact["curve"]["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| q(p["t_lo"].as_str().unwrap()) <= *t && *t <= q(p["t_hi"].as_str().unwrap()))
            .unwrap();
        q(p["a"].as_str().unwrap()) - q(p["b"].as_str().unwrap()) * t
    };
    for p in grid["curve"]["pieces"].as_array().unwrap() {
        let (lo, hi) = (
            q(p["lower"].as_str().unwrap()),
            q(p["upper"].as_str().unwrap()),
        );
        for t in [p["t_lo"].as_str().unwrap(), p["t_hi"].as_str().unwrap()] {
            let d = at(&q(t));
            assert!(lo <= d && d <= hi, "t = {t}: {lo} <= {d} <= {hi}");
        }
    }
    let (code, out, _) = dpcert(&[
        "compose",
        "rr:2:3",
        "--k",
        "4",
        "--curve-t",
        "1,100",
        "--enclosure",
        "--csv",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("t_lo,t_hi,lo,hi,lo_decimal,hi_decimal\n"),
        "{out}"
    );
}

#[test]
fn plots_render_with_one_marker_per_breakpoint() {
    let dir = scratch_dir("plot_cli");
    for (name, args, pieces) in [
        (
            "compose",
            vec!["compose", "rr:2:3", "--k", "3", "--curve-t", "1,30"],
            3,
        ),
        (
            "audit",
            vec!["audit", "examples/curve3.csv", "--curve-t", "1,6"],
            3,
        ),
        // path:3 with the graph loss changes basis at the golden ratio (an algebraic
        // breakpoint): two pieces on [1, 4].
        (
            "optimal",
            vec![
                "optimal",
                "--graph",
                "path:3",
                "--prior",
                "uniform",
                "--loss",
                "graph",
                "--curve-t",
                "1,4",
            ],
            2,
        ),
    ] {
        let svg = dir.join(format!("{name}.svg"));
        let mut a = args.clone();
        a.extend(["--plot", svg.to_str().unwrap()]);
        let (code, _, err) = dpcert(&a);
        assert_eq!(code, 0, "{name}: {err}");
        let s = std::fs::read_to_string(&svg).unwrap();
        assert_eq!(s.matches("<circle").count(), pieces + 1, "{name}");
        assert!(
            s.contains("ε = ln t (nats)") && s.contains("t = e^ε"),
            "{name}"
        );
        let inked = ink(&s, &dir.join(format!("{name}.png")));
        assert!(inked > 5000, "{name}: {inked} pixels drawn");
    }
    // The enclosure: one band per piece, no breakpoint markers.
    let svg = dir.join("enclosure.svg");
    let (code, _, err) = dpcert(&[
        "compose",
        "rr:2:3",
        "--k",
        "3",
        "--enclosure",
        "--curve-t",
        "1,30",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let s = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(
        s.matches("<polygon").count(),
        dpcert::accounting::answer::GRID_PIECES
    );
    assert_eq!(s.matches("<circle").count(), 0);
    assert!(ink(&s, &dir.join("enclosure.png")) > 5000);
}

#[test]
fn bad_curve_and_plot_arguments() {
    for (args, code, want) in [
        (vec!["--curve-t", "1/2,2"], 2, "must be >= 1, got 1/2"),
        (vec!["--curve-t", "2,2"], 2, "T1 < T2, got 2,2"),
        (vec!["--csv"], 2, "--curve-t"),
        (vec!["--plot", "x.svg"], 2, "--curve-t"),
        (
            vec!["--curve-t", "1,2", "--plot", "/no/such/dir/x.svg"],
            2,
            "--plot /no/such/dir/x.svg: the directory /no/such/dir does not exist",
        ),
        (
            vec!["--curve-t", "1,2", "--plot", "x.png"],
            2,
            "must end in .svg",
        ),
    ] {
        for cmd in [
            vec!["compose", "rr:2:3", "--k", "2"],
            vec!["audit", "examples/rr.csv"],
        ] {
            let mut all = cmd.clone();
            all.extend(args.iter().copied());
            let (c, out, err) = dpcert(&all);
            assert_eq!(c, code, "{all:?}: {err}");
            assert!(out.is_empty(), "{all:?}");
            assert!(err.contains(want), "{all:?}: {err}");
        }
    }
}

/// Every gallery SVG (docs/gallery.md) parses, renders to a picture that is not blank, and
/// draws at least one curve; the exact figures mark their breakpoints.
#[test]
fn gallery_svgs_render() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/gallery");
    let out = scratch_dir("gallery");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).expect("docs/gallery") {
        let p = e.unwrap().path();
        if p.extension().and_then(|x| x.to_str()) != Some("svg") {
            continue;
        }
        n += 1;
        let s = std::fs::read_to_string(&p).unwrap();
        let name = p.file_stem().unwrap().to_str().unwrap().to_string();
        assert!(
            s.contains("<polyline") || s.contains("<polygon"),
            "{name}: no curve"
        );
        if !name.contains("enclosure") {
            assert!(
                s.matches("<circle").count() >= 2,
                "{name}: no breakpoint marked"
            );
        }
        let inked = ink(&s, &out.join(format!("{name}.png")));
        assert!(inked > 5000, "{name}: {inked} pixels drawn");
    }
    assert!(n >= 4, "{n} gallery figures");
}

/// `compose gaussian:SIGMA --curve-t` (issue 46): the continuous report's certified bands in
/// the grid enclosure's CSV columns and JSON shape, drawn as one band per piece; a bad range
/// is a usage error before any work.
#[test]
fn continuous_curve_csv_json_and_plot() {
    let base = ["compose", "gaussian:1", "--k", "4", "--curve-t", "1,10"];
    let with = |extra: &[&str]| {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        dpcert(&a)
    };
    let (code, out, err) = with(&["--csv"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("t_lo,t_hi,lo,hi,lo_decimal,hi_decimal\n1,"),
        "{out}"
    );
    let rows = dpcert::accounting::continuous::CURVE_PIECES;
    assert_eq!(out.lines().count(), rows + 1);
    let j = json(&[&base[..], &["--json"]].concat());
    assert_eq!(j["curve"]["kind"], "certified_enclosure");
    let pieces = j["curve"]["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), rows);
    // μ² = k/σ² = 4: δ(0) = 2Φ(1) − 1 = 0.682689492137… (by hand, Φ(1) = 0.841344746068…).
    let first = &pieces[0];
    assert!(q(first["upper"].as_str().unwrap()) >= q("0.682689492137"));
    assert!(q(pieces[rows - 1]["t_hi"].as_str().unwrap()) == q("10"));
    let dir = scratch_dir("plot_cli_continuous");
    let svg = dir.join("gaussian.svg");
    let (code, _, err) = with(&["--plot", svg.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let s = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(s.matches("<polygon").count(), rows);
    assert!(ink(&s, &dir.join("gaussian.png")) > 5000);
    let (code, out, err) = dpcert(&["compose", "gaussian:1", "--k", "4", "--curve-t", "1/2,2"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty() && err.contains(">= 1"), "{err}");
}
