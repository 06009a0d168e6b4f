//! The audit's tests: literal tables, by-hand references, property tests.

use super::text::SHORTENED;
use super::*;
use crate::measure::ExtRational;
use crate::num::{parse_rational, LogLinear, Rational};
use serde_json::Value;

fn q(s: &str) -> Rational {
    parse_rational(s).unwrap()
}

fn rr3() -> Channel {
    Channel::new(vec![vec![q("3/4"), q("1/4")], vec![q("1/4"), q("3/4")]]).unwrap()
}

#[test]
fn bad_shapes_are_errors() {
    let w = rr3();
    let adj = Adjacency::complete(2);
    let with = |o: Options| audit_with(&w, &adj, &o).unwrap_err();
    // The ranges of t, ε and δ are `crate::params`' rules, checked where the values are built.
    assert_eq!(
        with(Options {
            prior: Some(Dist::uniform(3)),
            ..Options::default()
        }),
        AuditError::PriorLength { len: 3, rows: 2 }
    );
    assert_eq!(
        audit(&w, &Adjacency::complete(3)).unwrap_err(),
        AuditError::AdjacencySize {
            vertices: 3,
            rows: 2
        }
    );
}

/// Randomized response with e^ε = 3, recomputed by hand from the definitions:
/// δ(ε) = 3/4 − e^ε/4 for e^ε < 3 (0 beyond), so δ(0) = TV = 1/2 and the smallest e^ε
/// with δ ≤ 1/4 solves 3/4 − t/4 = 1/4: t = 2.
#[test]
fn randomized_response_by_hand() {
    let w = rr3();
    let opts = Options {
        eps: Eps::parse_list("0,1,2").unwrap(),
        delta: Some(Delta::parse("1/4").unwrap()),
        t: Some(T::parse("2").unwrap()),
        units: Units::Nats,
        ..Options::default()
    };
    let r = audit_with(&w, &Adjacency::complete(2), &opts).unwrap();
    assert_eq!(r.delta_at_eps[0].rational(), Some(q("1/2")));
    assert_eq!(
        (&r.delta_at_eps[1].a, &r.delta_at_eps[1].b),
        (&q("3/4"), &q("1/4"))
    );
    // e^2 > 3: nothing left.
    assert_eq!(r.delta_at_eps[2].rational(), Some(q("0")));
    assert_eq!(
        r.eps_for_delta.as_ref().unwrap().t,
        ExtRational::Finite(q("2"))
    );
    assert_eq!(r.delta_at_t.as_ref().unwrap().1.delta, q("1/4"));
    let text = r.to_text();
    assert!(
        text.contains("delta at eps = 1: 3/4 - 1/4·e^1 ∈ [0.070429542885, 0.070429542886]"),
        "{text}"
    );
    assert!(text.contains("information in nats"), "{text}");
    // δ(2) = 0: no event is named (it used to print `event A = []`).
    assert!(
        text.contains("delta at eps = 2: 0 (≈ 0.000000000000); no event has positive delta"),
        "{text}"
    );
    assert!(!text.contains("[]"), "{text}");
    // A fractional ε is bracketed: e^(1/2), not e^1/2.
    let half = audit_with(
        &w,
        &Adjacency::complete(2),
        &Options {
            eps: vec![Eps::parse("1/2").unwrap()],
            ..Options::default()
        },
    )
    .unwrap()
    .to_text();
    assert!(half.contains("3/4 - 1/4·e^(1/2) ∈"), "{half}");
    // Bits: log2(3/2) = 0.584962500721...
    let b = audit(&w, &Adjacency::complete(2)).unwrap().to_json();
    assert_eq!(b["min_entropy"]["capacity"]["lo"], "0.584962500721");
    assert_eq!(b["min_entropy"]["capacity"]["exact"], "log2(3/2)");
}

/// Every `{"lo", "hi"}` enclosure in the JSON report, with its path (`capacity.bits`, ...).
fn enclosures(v: &Value, path: &str, out: &mut Vec<(String, Rational, Rational)>) {
    match v {
        Value::Object(m) => {
            let end = |k: &str| m.get(k)?.as_str().and_then(|s| parse_rational(s).ok());
            if let (Some(lo), Some(hi)) = (end("lo"), end("hi")) {
                out.push((path.into(), lo, hi));
            }
            for (k, x) in m {
                enclosures(x, &format!("{path}.{k}"), out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| enclosures(x, path, out)),
        _ => {}
    }
}

/// Issue 26: two equal rows carry no information: mutual information and capacity print
/// as exactly 0 (they were `[-1e-18, 1e-18]`).
/// Long fractions are shown as decimals in the text, with the note, and exactly in JSON:
/// W = (a, 1 − a; 1/2, 1/2) with a = 10^40/(10^40 + 1), so the Bayes posterior
/// (a + 1/2)/2 = (3·10^40 + 1)/(4·(10^40 + 1)) has 83 characters.
#[test]
fn long_fractions_are_shown_as_decimals() {
    let a =
        q("10000000000000000000000000000000000000000/10000000000000000000000000000000000000001");
    let w = Channel::new(vec![
        vec![a.clone(), Rational::from(1u32) - &a],
        vec![q("1/2"), q("1/2")],
    ])
    .unwrap();
    let report = audit(&w, &Adjacency::complete(2)).unwrap();
    let posterior =
        q("30000000000000000000000000000000000000001/40000000000000000000000000000000000000004");
    assert_eq!(report.bayes.posterior, posterior);
    let text = report.to_text();
    assert!(
        text.contains("posterior ≈ 0.750000000000 (83-character fraction)"),
        "{text}"
    );
    assert!(text.ends_with(SHORTENED), "{text}");
    assert!(!text.contains(&posterior.to_string()), "{text}");
    let j = report.to_json();
    assert_eq!(j["bayes"]["posterior"], posterior.to_string(), "{j}");
    // Short fractions are printed whole, with no note.
    let text = audit(&rr3(), &Adjacency::complete(2)).unwrap().to_text();
    assert!(
        !text.contains("-character fraction") && !text.contains(SHORTENED),
        "{text}"
    );
}

/// [`LogLinear::written_with`]'s text read back (`c*log(r)` terms joined by ` + `, ` - `).
fn read_form(s: &str, log: &str) -> LogLinear {
    let mut f = LogLinear::zero();
    if s == "0" {
        return f;
    }
    for tok in s.replace(" - ", " + -").split(" + ") {
        let (sign, tok) = match tok.strip_prefix('-') {
            Some(t) => (q("-1"), t),
            None => (q("1"), tok),
        };
        let (c, arg) = match tok.split_once('*') {
            Some((c, arg)) => (q(c), arg),
            None => (q("1"), tok),
        };
        let r = arg
            .strip_prefix(log)
            .and_then(|a| a.strip_prefix('('))
            .and_then(|a| a.strip_suffix(')'))
            .unwrap_or_else(|| panic!("{tok} in {s}"));
        f = &f + &LogLinear::term(&(sign * c), &q(r));
    }
    f
}

/// Issue 42 item 16: the exact mutual information is printed (text and JSON) in the units
/// of its enclosure. Randomized response 3/4 on a uniform bit, by hand:
/// I = ln 2 + 3/4 ln(3/4) + 1/4 ln(1/4) = 3/4 ln 3 − ln 2 nats = 3/4 log2 3 − log2 2 bits.
#[test]
fn mutual_information_exact_form_is_in_the_units() {
    let by_hand = &LogLinear::term(&q("3/4"), &q("3")) - &LogLinear::term(&q("1"), &q("2"));
    for units in [Units::Bits, Units::Nats] {
        let opts = Options {
            units,
            ..Options::default()
        };
        let r = audit_with(&rr3(), &Adjacency::complete(2), &opts).unwrap();
        let j = r.to_json();
        let exact = j["mutual_information"]["value"]["exact"].as_str().unwrap();
        assert_eq!(j["mutual_information"]["log"], units.log());
        let other = if units == Units::Bits { "ln(" } else { "log2(" };
        assert!(!exact.contains(other), "{exact}");
        // The same coefficients and arguments under ln are the value in nats.
        assert_eq!(read_form(exact, units.log()), by_hand, "{exact}");
        let text = r.to_text();
        assert!(text.contains(&format!("; exactly {exact} (")), "{text}");
    }
    // A long form stays out of the text, which says where it is.
    let w = crate::testutil::channel_of(&[
        &[(1, 7), (2, 7), (4, 7)],
        &[(3, 11), (5, 11), (3, 11)],
        &[(6, 13), (1, 13), (6, 13)],
    ]);
    let r = audit(&w, &Adjacency::complete(3)).unwrap();
    let exact = r.to_json()["mutual_information"]["value"]["exact"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(exact.len() > MI_FORM_LIMIT, "{exact}");
    let text = r.to_text();
    assert!(!text.contains(&exact), "{text}");
    assert!(
        text.contains("; the exact form is in --json: mutual_information.value.exact)"),
        "{text}"
    );
}

#[test]
fn equal_rows_print_zero_information() {
    let w = Channel::new(vec![vec![q("1/3"), q("2/3")], vec![q("1/3"), q("2/3")]]).unwrap();
    let j = audit(&w, &Adjacency::complete(2)).unwrap().to_json();
    for key in ["mutual_information", "capacity"] {
        let [lo, hi] = [&j[key]["value"]["lo"], &j[key]["value"]["hi"]]
            .map(|v| parse_rational(v.as_str().unwrap()).unwrap());
        assert_eq!((lo, hi), (q("0"), q("0")), "{key}: {}", j[key]);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Issue 26: no enclosure of the report crosses a trivial bound: information,
    /// leakage and capacity are at least 0, δ(ε) lies in [0, 1], every lower end is at
    /// most its upper end, and one with a known exact value contains it. Channels with two
    /// equal rows (information 0) are drawn on purpose.
    #[test]
    fn enclosures_respect_their_trivial_bounds(
        w in crate::testutil::channel(3, 3, 6),
        copy in proptest::prelude::any::<bool>(),
        eps in proptest::collection::vec(0u32..30, 0..3),
    ) {
        let w = if copy {
            let mut rows = w.rows().to_vec();
            rows[1] = rows[0].clone();
            rows[2] = rows[0].clone();
            Channel::new(rows).unwrap()
        } else {
            w
        };
        let opts = Options {
            eps: eps
                .iter()
                .map(|&e| Eps::new(Rational::from_unsigneds(e, 10)).unwrap())
                .collect(),
            ..Options::default()
        };
        let r = audit_with(&w, &Adjacency::complete(3), &opts).unwrap();
        let mut found = Vec::new();
        enclosures(&r.to_json(), "", &mut found);
        proptest::prop_assert!(found.len() >= 4 + eps.len(), "{:?}", found);
        for (path, lo, hi) in &found {
            proptest::prop_assert!(*lo >= 0u32 && lo <= hi, "{}: [{}, {}]", path, lo, hi);
            if path.ends_with("enclosure") {
                proptest::prop_assert!(*hi <= 1u32, "{}: [{}, {}]", path, lo, hi);
            }
        }
        if copy {
            let j = r.to_json();
            for key in ["mutual_information", "capacity"] {
                let hi = parse_rational(j[key]["value"]["hi"].as_str().unwrap()).unwrap();
                proptest::prop_assert_eq!(hi, Rational::from(0u32), "{}", key);
            }
        }
    }
}
