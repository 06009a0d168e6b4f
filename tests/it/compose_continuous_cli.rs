//! `dpcert compose gaussian:SIGMA | laplace:B` (issue 45 item 3): certified enclosures that
//! contain known values (mpmath 1.3 at 50 digits), and the usage errors (exit 2).

use crate::common::dpcert;

fn enclosure(j: &serde_json::Value) -> (f64, f64) {
    let f = |k: &str| j[k].as_str().unwrap().parse::<f64>().unwrap();
    (f("lo"), f("hi"))
}

/// One Gaussian use at σ = 2, D = 1 (μ = 1/2), and σ = 1 with sensitivity 1/2 (μ = 1/2 again):
/// δ(0) = 2Φ(1/4) − 1 = 0.19741265136584744848… (mpmath)
#[test]
fn gaussian_delta_at_zero() {
    for args in [
        vec!["gaussian:2"],
        vec!["gaussian:1", "--sensitivity", "1/2"],
    ] {
        let mut a = vec!["compose"];
        a.extend(&args);
        a.extend(["--k", "1", "--eps", "0", "--json"]);
        let (code, out, err) = dpcert(&a);
        assert_eq!(code, 0, "{out}{err}");
        let j: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(j["mode"], "closed_form");
        let (lo, hi) = enclosure(&j["delta_at_eps"][0]["enclosure"]);
        let want = 0.197_412_651_365_847_45;
        assert!(lo <= want + 1e-15 && hi >= want - 1e-15, "[{lo}, {hi}]");
    }
}

/// 10⁴ uses of σ = 100 is one Gaussian with μ = 1: ε at δ(1) (to 20 digits) is 1 to 8 digits.
#[test]
fn gaussian_k_fold_eps() {
    let (code, out, err) = dpcert(&[
        "compose",
        "gaussian:100",
        "--k",
        "10000",
        "--delta",
        "0.12693673750664394580",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    // The δ given is below δ(1) by about 1e-21, so ε is just above 1.
    assert!(
        out.contains("eps ∈ [1.00000000, 1.00000001]")
            || out.contains("eps ∈ [0.99999999, 1.00000001]"),
        "{out}"
    );
}

/// One Laplace use, b = 1: ε(0) = ε₀ = 1 and δ(0) = 1 − e^{−1/2} = 0.39346934028736657…
#[test]
fn laplace_one_use() {
    let (code, out, err) = dpcert(&[
        "compose",
        "laplace:1",
        "--k",
        "1",
        "--delta",
        "0",
        "--eps",
        "0",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["eps_for_delta"]["eps"]["lo"], "1.000000000000");
    let (lo, hi) = enclosure(&j["delta_at_eps"][0]["enclosure"]);
    assert!(lo <= 0.393_469_340_287_366_6 && hi >= 0.393_469_340_287_366_5);
}

/// The Poisson-subsampled Gaussian: an enclosure of the asked width, below the ε of the
/// same Gaussian without subsampling; `--check` decides both ways.
#[test]
fn dpsgd_small() {
    let (code, out, err) = dpcert(&[
        "compose",
        "gaussian:1",
        "--subsample",
        "poisson:1/10",
        "--k",
        "10",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["mode"], "discretised_enclosure");
    assert_eq!(j["satisfied"], true);
    let (lo, hi) = enclosure(&j["eps_for_delta"]["eps"]);
    assert!(lo > 0.0 && hi <= lo * 1.0101, "[{lo}, {hi}]");
    let (_, out, _) = dpcert(&["compose", "gaussian:1", "--k", "10", "--json"]);
    let g: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (glo, _) = enclosure(&g["eps_for_delta"]["eps"]);
    assert!(hi < glo, "subsampled {hi} vs plain {glo}");
    let above = format!("{},1/100000", hi * 1.01);
    let below = format!("{},1/100000", lo * 0.99);
    for (c, want) in [(above, 0), (below, 1)] {
        let (code, out, _) = dpcert(&[
            "compose",
            "gaussian:1",
            "--subsample",
            "poisson:1/10",
            "--k",
            "10",
            "--check",
            &c,
        ]);
        assert_eq!(code, want, "{c}: {out}");
    }
}

/// Bad input: σ ≤ 0, b ≤ 0, D ≤ 0, --sensitivity on a discrete mechanism, flags that do not
/// apply, Laplace with subsampling, no --k: usage errors (exit 2) with the reason.
#[test]
fn bad_input_is_a_usage_error() {
    for (args, says) in [
        (vec!["gaussian:0", "--k", "1"], "sigma"),
        (vec!["gaussian:-1", "--k", "1"], "sigma"),
        (vec!["gaussian:x", "--k", "1"], "sigma"),
        (vec!["laplace:0", "--k", "1"], "b"),
        (
            vec!["gaussian:1", "--k", "1", "--sensitivity", "0"],
            "sensitivity",
        ),
        (
            vec!["rr:2:3", "--k", "1", "--sensitivity", "1"],
            "--sensitivity",
        ),
        (vec!["gaussian:1", "--k", "1", "--t", "2"], "--t"),
        (
            vec!["gaussian:1", "--k", "1", "--subsample", "fixed:1:2"],
            "fixed",
        ),
        (
            // poisson:Q is built for laplace (issue 45 item 3); fixed:M:N is not.
            vec!["laplace:1", "--k", "2", "--subsample", "fixed:1:2"],
            "laplace",
        ),
        (vec!["gaussian:1"], "--k"),
        (
            vec!["gaussian:1", "--k", "1", "--subsample", "poisson:0"],
            "poisson",
        ),
    ] {
        let mut a = vec!["compose"];
        a.extend(&args);
        let (code, out, err) = dpcert(&a);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `--rdp`, `--zcdp` (issue 45 item 1): the Gaussian's `D_α = kαD²/(2σ²)` exactly (σ = 2,
/// k = 3: 3/4 at α = 2, 15/16 at α = 5/2; ρ = 3/8); Laplace at b = 2 (μ = 1/2), α = 2:
/// `ln((2e^{1/2} + e^{−1})/3) = 0.2003038961…` (Mironov 2017, Prop. 6; f64 reference), its ρ at
/// most μ²/2 = 1/8 and at least KL = μ + e^{−μ} − 1 = 0.1065306597…; the subsampled
/// mechanism's Rényi divergence is refused (exit 2).
#[test]
fn renyi_and_zcdp_of_gaussian_and_laplace() {
    let (code, out, err) = dpcert(&[
        "compose",
        "gaussian:2",
        "--k",
        "3",
        "--rdp",
        "2,5/2",
        "--zcdp",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["renyi"]["orders"][0]["exact"], "3/4");
    assert_eq!(j["renyi"]["orders"][1]["exact"], "15/16");
    assert_eq!(j["renyi"]["zcdp"]["exact"], "3/8");
    let (code, out, err) = dpcert(&[
        "compose",
        "laplace:2",
        "--k",
        "1",
        "--rdp",
        "2",
        "--zcdp",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (lo, hi) = enclosure(&j["renyi"]["orders"][0]["divergence"]);
    let want = ((2.0 * 0.5f64.exp() + (-1.0f64).exp()) / 3.0).ln();
    assert!(
        lo <= want + 1e-12 && hi >= want - 1e-12,
        "[{lo}, {hi}] {want}"
    );
    let (lo, hi) = enclosure(&j["renyi"]["zcdp"]["rho"]);
    let kl = 0.5 + (-0.5f64).exp() - 1.0;
    assert!(lo >= kl - 1e-12 && hi <= 0.125, "[{lo}, {hi}]");
    let (code, _, err) = dpcert(&[
        "compose",
        "gaussian:1",
        "--k",
        "10",
        "--subsample",
        "poisson:1/100",
        "--zcdp",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--rdp/--zcdp with --subsample"), "{err}");
}
