//! The drawing rendered by a real SVG renderer (resvg): it parses, is not blank, and holds
//! one marker per breakpoint; the samples are exact values of the pieces.

use super::*;
use crate::testutil::q;
use malachite::base::num::arithmetic::traits::Pow;

/// Render an SVG to pixels (resvg, the labels with the DejaVu fonts when the machine has
/// them); the number of pixels that are not white.
pub(crate) fn ink(svg: &str) -> (u32, u32, usize) {
    let mut opt = resvg::usvg::Options::default();
    if let Ok(font) = std::fs::read("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf") {
        opt.fontdb_mut().load_font_data(font);
        opt.fontdb_mut().set_sans_serif_family("DejaVu Sans");
    }
    let tree = resvg::usvg::Tree::from_str(svg, &opt).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pix = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pix.as_mut(),
    );
    let inked = pix
        .pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255))
        .count();
    (size.width(), size.height(), inked)
}

fn rr_figure(log_y: bool) -> Figure {
    // δ(t) = 3/4 − t/4 on [1, 3], 0 on [3, 4] (binary randomized response at t = 3).
    let pieces = vec![
        Piece::exact(&q(1, 1), &q(3, 1), |t| q(3, 4) - t * q(1, 4)),
        Piece::exact(&q(3, 1), &q(4, 1), |_| q(0, 1)),
    ];
    Figure {
        title: "test".into(),
        y_label: "δ".into(),
        log_y,
        series: vec![Series::curve("rr", Style::Exact, pieces)],
    }
}

#[test]
fn samples_are_exact_values_spaced_in_eps() {
    let p = Piece::exact(&q(1, 1), &q(3, 1), |t| q(3, 4) - t * q(1, 4));
    assert_eq!(p.line.len(), SAMPLES_PER_PIECE + 1);
    assert_eq!(p.line[0], (0.0, 0.5));
    let (e, y) = *p.line.last().unwrap();
    assert!((e - 3f64.ln()).abs() < 1e-15 && y == 0.0);
    for w in p.line.windows(2) {
        assert!(w[0].0 < w[1].0);
        // δ = 3/4 − e^ε/4 at each sample, to float accuracy.
        assert!((w[1].1 - (0.75 - w[1].0.exp() / 4.0)).abs() < 1e-12);
    }
}

#[test]
fn draws_pieces_and_markers_and_renders() {
    for log_y in [false, true] {
        let (s, d) = svg(&rr_figure(log_y)).unwrap();
        assert_eq!(
            d,
            Drawn {
                pieces: 2,
                markers: 3
            }
        );
        // One circle per breakpoint (the legend draws none).
        assert_eq!(s.matches("<circle").count(), 3, "{log_y}");
        let (w, h, inked) = ink(&s);
        assert_eq!((w, h), SIZE);
        assert!(inked > 2000, "log_y {log_y}: only {inked} pixels drawn");
    }
}

#[test]
fn band_and_points() {
    let fig = Figure {
        title: "band".into(),
        y_label: "δ".into(),
        log_y: true,
        series: vec![
            Series::curve(
                "enclosure",
                Style::Bound,
                vec![
                    Piece::band(&q(1, 1), &q(2, 1), &q(1, 10), &q(1, 5)),
                    Piece::band(&q(2, 1), &q(3, 1), &q(1, 100), &q(1, 10)),
                ],
            ),
            Series::points("conversion", vec![(0.5, 0.1), (1.0, 0.01)]),
        ],
    };
    let (s, d) = svg(&fig).unwrap();
    assert_eq!(
        d,
        Drawn {
            pieces: 2,
            markers: 0
        }
    );
    assert!(s.matches("<polygon").count() >= 2, "{s}");
    assert!(ink(&s).2 > 2000);
}

#[test]
fn bad_paths_refused() {
    let e = check_path(Path::new("/no/such/dir/x.svg")).unwrap_err();
    assert!(e.0.contains("directory /no/such/dir does not exist"), "{e}");
    let e = check_path(Path::new("x.png")).unwrap_err();
    assert!(e.0.contains("must end in .svg"), "{e}");
    assert!(check_path(Path::new("x.svg")).is_ok());
    // A t past the floats cannot be drawn: an error, not a blank picture.
    let big = Rational::from(10u32).pow(400u64);
    let fig = Figure {
        title: "big".into(),
        y_label: "δ".into(),
        log_y: false,
        series: vec![Series::curve(
            "x",
            Style::Exact,
            vec![Piece::exact(&q(1, 1), &big, |_| q(0, 1))],
        )],
    };
    assert!(svg(&fig)
        .unwrap_err()
        .0
        .contains("beyond the range of a float"));
}

#[test]
fn tick_labels_are_short() {
    for (v, want) in [
        (0.0, "0"),
        (0.09999999999999999, "0.1"),
        (2.5, "2.5"),
        (1e6, "1e6"),
        (1e-8, "1e-8"),
        (2.5e-12, "2.5e-12"),
        (10.0, "10"),
    ] {
        assert_eq!(tick(v), want);
    }
}
