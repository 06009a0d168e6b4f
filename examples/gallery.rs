//! The gallery's multi-curve figure (docs/gallery.md, issue 46 item 5), drawn by the same
//! [`dpcert::plot`] module as `--plot`: binary randomized response composed k times, its exact
//! δ(ε) against the Rényi-DP conversions (autodp's tutorial figure, with the exact curve).
//! `scripts/gallery.sh` runs it; the single-curve figures come from the CLI's `--plot`.
//!
//! Usage: `cargo run --example gallery -- OUT_DIR`

use dpcert::accounting::answer::{answer, exact_series, ComposeQuery, ComposeReport, Mechanism};
use dpcert::num::parse_rational;
use dpcert::params::{Alpha, Delta, TRange, Uses};
use dpcert::plot::{write_svg, Figure, Series};
use std::path::PathBuf;
use std::time::Instant;

fn rr(k: u64) -> ComposeQuery {
    let m = Mechanism::rr("rr:2:3/2", 2, parse_rational("3/2").expect("literal")).expect("valid");
    ComposeQuery::new(vec![(m, Uses::new(k).expect("k in range"))])
}

/// The best conversion's ε (upper end) at δ, from `compose --rdp`'s JSON: `(classical, CKS)`.
fn rdp_eps(k: u64, delta: &str) -> (f64, f64) {
    let mut q = rr(k);
    q.delta = Some(Delta::parse(delta).expect("literal"));
    q.rdp = (2..=64)
        .map(|a| Alpha::parse(&a.to_string()).expect("order"))
        .collect();
    let j = answer(&q, &|_| {}).expect("answers").to_json();
    let hi = |key: &str| -> f64 {
        j["renyi"][key]["eps"]["hi"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .expect("a finite conversion")
    };
    (hi("best_classical"), hi("best_cks"))
}

fn main() {
    let out: PathBuf = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/gallery".into())
        .into();
    let start = Instant::now();
    let range = TRange::new(
        parse_rational("1").expect("literal"),
        parse_rational("1000000000").expect("literal"),
    )
    .expect("a range");
    let mut series = Vec::new();
    for k in [10u64, 50] {
        let mut q = rr(k);
        q.curve_t = Some(range.clone());
        match answer(&q, &|_| {}).expect("answers") {
            ComposeReport::Exact(r) => {
                let c = r.curve.as_ref().expect("asked");
                series.push(exact_series(&format!("k = {k}, exact δ(ε)"), c));
            }
            ComposeReport::Grid(_) => panic!("k = {k} composes exactly"),
        }
    }
    // (δ exact, δ as a float for the drawing)
    let deltas = [
        ("1/10", 1e-1),
        ("1/100", 1e-2),
        ("1/1000", 1e-3),
        ("1/10000", 1e-4),
        ("1/1000000", 1e-6),
        ("1/100000000", 1e-8),
    ];
    let (mut classical, mut cks) = (Vec::new(), Vec::new());
    for (d, dv) in deltas {
        let (e1, e2) = rdp_eps(50, d);
        classical.push((e1, dv));
        cks.push((e2, dv));
    }
    series.push(Series::points("k = 50, RDP → (ε, δ), Mironov", classical));
    series.push(Series::points(
        "k = 50, RDP → (ε, δ), Canonne–Kamath–Steinke",
        cks,
    ));
    let fig = Figure {
        title: "Randomized response (e^ε₀ = 3/2) composed k times: exact δ(ε) vs Rényi conversions"
            .into(),
        y_label: "δ".into(),
        log_y: true,
        series,
    };
    let path = out.join("rr_composition_vs_rdp.svg");
    let d = write_svg(&fig, &path).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "{}: {} pieces, {} breakpoints marked, {:.2} s",
        path.display(),
        d.pieces,
        d.markers,
        start.elapsed().as_secs_f64()
    );
}
