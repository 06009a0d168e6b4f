//! `dpcert._dpcert`: the compiled layer of the Python package. It only translates: exact
//! literals (strings such as `"3/7"`, `"0.1"`) in, exact strings and JSON documents out, library
//! errors as `ValueError` with the row/column message. Every computation is a call into the
//! `dpcert` library; the pure-Python front (`python/dpcert/__init__.py`) turns the strings into
//! `fractions.Fraction`.
//!
//! Long computations run on a worker thread with the GIL released; the calling thread polls
//! Python's signal handlers, so Ctrl-C raises `KeyboardInterrupt` at once (the abandoned worker
//! finishes in the background and its result is dropped).

use dpcert::audit::{Options, Query, Source, Units};
use dpcert::measure::{self, ExtRational};
use dpcert::num::Interval;
use dpcert::num::{parse_rational, Rational};
use dpcert::params::{Delta, Eps, TRange, T};
use dpcert::prob::io::MatrixError;
use dpcert::prob::rationalize::{rationalize_rows, rationalize_rows_auto, Rationalized};
use dpcert::prob::{Channel, Dist};
use dpcert::Adjacency;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// Bits of precision of the enclosures returned to Python.
const PREC: u64 = 256;

fn value_error(msg: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(msg.to_string())
}

/// One exact literal; `what` names it in the error.
fn rational(s: &str, what: &str) -> PyResult<Rational> {
    parse_rational(s).map_err(|e| {
        value_error(format!(
            "{what}: `{s}` is not an exact rational literal ({e})"
        ))
    })
}

/// A matrix of exact literals; errors name the 1-based row and column.
fn matrix(rows: &[Vec<String>]) -> PyResult<Vec<Vec<Rational>>> {
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(|(j, s)| rational(s, &format!("row {}, column {}", i + 1, j + 1)))
                .collect()
        })
        .collect()
}

/// A validated channel; errors as `audit` reports them (1-based row and column).
fn channel(rows: &[Vec<String>]) -> PyResult<Channel> {
    Channel::new(matrix(rows)?).map_err(|e| value_error(MatrixError::from(e)))
}

/// A validated distribution (`what` is "prior" or similar).
fn dist(p: &[String], what: &str) -> PyResult<Dist> {
    let v: Vec<Rational> = p
        .iter()
        .enumerate()
        .map(|(i, s)| rational(s, &format!("{what} entry {}", i + 1)))
        .collect::<PyResult<_>>()?;
    Dist::new(v).map_err(|e| value_error(format!("{what}: {}", MatrixError::from(e))))
}

/// Raise each warning (labels that look like names, isolated vertices) as a `UserWarning`.
fn warn(py: Python<'_>, warnings: Vec<String>) -> PyResult<()> {
    for w in warnings {
        let msg = std::ffi::CString::new(w.replace('\0', " ")).expect("no NUL left");
        PyErr::warn(
            py,
            &py.get_type::<pyo3::exceptions::PyUserWarning>(),
            &msg,
            1,
        )?;
    }
    Ok(())
}

/// A validated channel and its adjacency (`complete`, a spec or an edge-list file).
fn channel_on(py: Python<'_>, rows: &[Vec<String>], spec: &str) -> PyResult<(Channel, Adjacency)> {
    let w = channel(rows)?;
    let adj = adjacency(py, spec, w.n_inputs())?;
    Ok((w, adj))
}

/// `complete`, a graph spec (`hamming:2,3`, `cycle:5`, …) or an edge-list file, on `n` inputs.
fn adjacency(py: Python<'_>, spec: &str, n: usize) -> PyResult<Adjacency> {
    let (adj, warnings) = Adjacency::resolve(spec, n).map_err(value_error)?;
    warn(py, warnings)?;
    if adj.n != n {
        return Err(value_error(format!(
            "adjacency `{spec}` has {} vertices but the mechanism has {n} rows (inputs)",
            adj.n
        )));
    }
    Ok(adj)
}

/// `"bits"` or `"nats"`.
fn units(u: &str) -> PyResult<Units> {
    Units::parse(u).map_err(|e| value_error(format!("units {e}")))
}

/// A parameter of [`dpcert::params`] (its range rule, written once) as a `ValueError`.
fn param<T>(r: Result<T, dpcert::params::ParamError>) -> PyResult<T> {
    r.map_err(value_error)
}

/// The exact endpoints of an enclosure, as strings.
fn endpoints(i: &Interval) -> PyResult<(String, String)> {
    match (i.lo_rational(), i.hi_rational()) {
        (Some(lo), Some(hi)) => Ok((lo.to_string(), hi.to_string())),
        _ => Err(PyRuntimeError::new_err(
            "dpcert: an enclosure has no finite endpoints",
        )),
    }
}

fn ext(r: &ExtRational) -> Option<String> {
    r.finite().map(|q| q.to_string())
}

/// Run `f` on a worker thread with the GIL released; Ctrl-C in Python interrupts the wait.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    f: impl FnOnce() -> PyResult<T> + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    // A Receiver is not Sync; the lock (never contended) lets the detached closure borrow it.
    let rx = std::sync::Mutex::new(rx);
    loop {
        let waited = py.detach(|| {
            rx.lock()
                .expect("only this thread locks it")
                .recv_timeout(Duration::from_millis(50))
        });
        match waited {
            Ok(result) => return result,
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "dpcert: internal error: the computation panicked (please report it)",
                ))
            }
        }
    }
}

/// Float-noisy rows (numpy's repr strings) made exact: `how` is a denominator (`"1000"`: every
/// entry k/1000, largest remainder) or `"auto"` (the simplest rational within `tolerance` of
/// each entry, then each row made to sum to 1). Returns the exact rows, the number of entries
/// changed, the largest change and its 0-based (row, column).
#[pyfunction]
#[pyo3(signature = (rows, how, tolerance = None))]
#[allow(clippy::type_complexity)]
fn rationalize(
    rows: Vec<Vec<String>>,
    how: String,
    tolerance: Option<String>,
) -> PyResult<(Vec<Vec<String>>, usize, String, (usize, usize))> {
    let m = matrix(&rows)?;
    let r: Rationalized = if how == "auto" {
        let tol = match tolerance {
            Some(t) => rational(&t, "tolerance")?,
            None => Rational::from_signeds(1i64, 1_000_000_000i64),
        };
        rationalize_rows_auto(&m, &tol).map_err(value_error)?
    } else {
        let denom: u64 = how.parse().map_err(|_| {
            value_error(format!(
                "rationalize must be a positive integer denominator or \"auto\", got {how:?}"
            ))
        })?;
        rationalize_rows(&m, denom).map_err(value_error)?
    };
    Ok((
        r.rows
            .iter()
            .map(|row| row.iter().map(|q| q.to_string()).collect())
            .collect(),
        r.changed,
        r.largest_change.to_string(),
        r.at,
    ))
}

/// Every field of `dpcert audit --json`, as a JSON document.
#[pyfunction]
#[pyo3(signature = (rows, adjacency_spec, prior = None, t = None, eps = Vec::new(), delta = None, unit = "bits".to_string(), gain = None, loss = None, metric = None, curve_t = None))]
#[allow(clippy::too_many_arguments)]
fn audit(
    py: Python<'_>,
    rows: Vec<Vec<String>>,
    adjacency_spec: String,
    prior: Option<Vec<String>>,
    t: Option<String>,
    eps: Vec<String>,
    delta: Option<String>,
    unit: String,
    gain: Option<Vec<Vec<String>>>,
    loss: Option<Vec<Vec<String>>>,
    metric: Option<Vec<Vec<String>>>,
    curve_t: Option<(String, String)>,
) -> PyResult<String> {
    let (w, adj) = channel_on(py, &rows, &adjacency_spec)?;
    let metric = metric
        .map(|m| {
            dpcert::measure::Metric::new(matrix(&m)?)
                .map(|d| ("given".to_string(), d))
                .map_err(value_error)
        })
        .transpose()?;
    let query = Query {
        channel: w,
        adjacency: adj,
        options: Options {
            prior: prior.map(|p| dist(&p, "prior")).transpose()?,
            t: t.map(|t| param(T::parse(&t))).transpose()?,
            eps: eps
                .iter()
                .map(|e| param(Eps::parse(e)))
                .collect::<PyResult<_>>()?,
            delta: delta.map(|d| param(Delta::parse(&d))).transpose()?,
            curve_t: curve_t
                .map(|(lo, hi)| param(TRange::parse(&format!("{lo},{hi}"))))
                .transpose()?,
            units: units(&unit)?,
            gain: gain.map(|g| matrix(&g)).transpose()?,
            loss: loss.map(|l| matrix(&l)).transpose()?,
            metric,
            ..Options::default()
        },
        time_limit: None,
        source: Source::default(),
    };
    interruptible(py, move || {
        let (report, _) = dpcert::audit::run(&query, &|_| {}).map_err(value_error)?;
        Ok(report.to_json().to_string())
    })
}

/// The exact DP level `e^ε` (None = ∞) with its witness `(x, x', y)`.
#[pyfunction]
fn dp_level(
    py: Python<'_>,
    rows: Vec<Vec<String>>,
    adjacency_spec: String,
) -> PyResult<(Option<String>, usize, usize, usize)> {
    let (w, adj) = channel_on(py, &rows, &adjacency_spec)?;
    let l = measure::dp_level(&w, &adj.pairs);
    Ok((ext(&l.ratio), l.pair.0, l.pair.1, l.output))
}

/// δ at a rational `t = e^ε ≥ 1`, exactly, with the attaining pair and event.
#[pyfunction]
fn delta_at_t(
    py: Python<'_>,
    rows: Vec<Vec<String>>,
    adjacency_spec: String,
    t: String,
) -> PyResult<(String, usize, usize, Vec<usize>)> {
    let (w, adj) = channel_on(py, &rows, &adjacency_spec)?;
    let t = param(T::parse(&t))?;
    let d = measure::delta_at(&w, &adj.pairs, t.value());
    Ok((d.delta.to_string(), d.pair.0, d.pair.1, d.event))
}

/// δ at an exact `ε ≥ 0`: the exact form `A − B·e^ε` (A, B), an enclosure, the pair and event.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn delta_at_eps(
    py: Python<'_>,
    rows: Vec<Vec<String>>,
    adjacency_spec: String,
    eps: String,
) -> PyResult<(String, String, (String, String), usize, usize, Vec<usize>)> {
    let (w, adj) = channel_on(py, &rows, &adjacency_spec)?;
    let e = param(Eps::parse(&eps))?;
    let d = measure::epsilon::delta_at_eps(&w, &adj.pairs, e.value())
        .map_err(|u| PyRuntimeError::new_err(format!("undecided: {u}")))?;
    let enc = endpoints(&d.enclose(PREC))?;
    Ok((
        d.a.to_string(),
        d.b.to_string(),
        enc,
        d.pair.0,
        d.pair.1,
        d.event,
    ))
}

/// The smallest `e^ε` (None = ∞) with δ(ε) ≤ delta, and the pair that binds it.
#[pyfunction]
fn eps_for_delta(
    py: Python<'_>,
    rows: Vec<Vec<String>>,
    adjacency_spec: String,
    delta: String,
) -> PyResult<(Option<String>, usize, usize)> {
    let (w, adj) = channel_on(py, &rows, &adjacency_spec)?;
    let d = param(Delta::parse(&delta))?;
    let r = measure::epsilon::eps_for_delta(&w, &adj.pairs, d.value());
    Ok((ext(&r.t), r.pair.0, r.pair.1))
}

/// Bayes (and, with a gain matrix `gain[w][x]`, g-) vulnerabilities of a prior and a channel:
/// `(prior, posterior)` exactly.
#[pyfunction]
#[pyo3(signature = (prior, rows, gain = None))]
fn vulnerability(
    prior: Vec<String>,
    rows: Vec<Vec<String>>,
    gain: Option<Vec<Vec<String>>>,
) -> PyResult<(String, String)> {
    let w = channel(&rows)?;
    let p = dist(&prior, "prior")?;
    if p.len() != w.n_inputs() {
        return Err(value_error(format!(
            "the prior has {} entries but the mechanism {} rows",
            p.len(),
            w.n_inputs()
        )));
    }
    match gain {
        None => Ok((
            measure::bayes_vulnerability(&p).to_string(),
            measure::posterior_vulnerability(&p, &w).to_string(),
        )),
        Some(g) => {
            let g = matrix(&g)?;
            if let Some((i, r)) = g.iter().enumerate().find(|(_, r)| r.len() != p.len()) {
                return Err(value_error(format!(
                    "gain row {} has {} entries, expected one per secret ({})",
                    i + 1,
                    r.len(),
                    p.len()
                )));
            }
            Ok((
                measure::g_vulnerability(&p, &g).to_string(),
                measure::posterior_g_vulnerability(&p, &w, &g).to_string(),
            ))
        }
    }
}

/// Multiplicative Bayes capacity `Σ_y max_x W(y|x)` exactly (min-entropy capacity = log2 of it).
#[pyfunction]
fn mult_capacity(rows: Vec<Vec<String>>) -> PyResult<String> {
    Ok(measure::min_capacity(&channel(&rows)?).to_string())
}

/// Mutual information `I(X;Y)` for a prior: an exact enclosure in the unit and the exact
/// log-linear form in the same unit (`Σ c·log2(r)` in bits, `Σ c·ln(r)` in nats; issue 42
/// item 16: the form was in nats beside a bits enclosure), with the name of its logarithm.
#[pyfunction]
#[pyo3(signature = (prior, rows, unit = "bits".to_string()))]
fn mutual_information(
    prior: Vec<String>,
    rows: Vec<Vec<String>>,
    unit: String,
) -> PyResult<((String, String), String, String)> {
    let w = channel(&rows)?;
    let p = dist(&prior, "prior")?;
    w.check_prior(&p)
        .map_err(|e| value_error(format!("prior: {e}")))?;
    let u = units(&unit)?;
    let form = measure::mutual_information(&p, &w);
    let nats = form.enclose(PREC);
    let i = match u {
        Units::Nats => nats,
        Units::Bits => nats
            .checked_div(&Interval::ln2(PREC))
            .ok_or_else(|| PyRuntimeError::new_err("ln 2 enclosure"))?,
    };
    let (lo, hi) = endpoints(&i)?;
    // Mutual information is never negative: clip the enclosure at its trivial bound.
    let lo = if lo.starts_with('-') {
        "0".to_string()
    } else {
        lo
    };
    Ok(((lo, hi), form.written_with(u.log()), u.log().to_string()))
}

/// Shannon capacity: a certified bracket in the unit (target width in nats), with the input
/// distribution that certifies the lower end.
#[pyfunction]
#[pyo3(signature = (rows, unit = "bits".to_string(), width = "1/1000000000000".to_string()))]
fn capacity(
    py: Python<'_>,
    rows: Vec<Vec<String>>,
    unit: String,
    width: String,
) -> PyResult<((String, String), Vec<String>)> {
    let w = channel(&rows)?;
    let u = units(&unit)?;
    let target = rational(&width, "width")?;
    if target <= 0u32 {
        return Err(value_error("width must be positive"));
    }
    interruptible(py, move || {
        let b = measure::capacity_bracket(&w, &target);
        let (lo, hi) = (b.lo(), b.hi());
        let (lo, hi) = match u {
            Units::Nats => (lo, hi),
            Units::Bits => {
                let ln2 = Interval::ln2(PREC);
                let lo_b = Interval::from_rational(&lo, PREC)
                    .checked_div(&ln2)
                    .and_then(|i| i.lo_rational());
                let hi_b = Interval::from_rational(&hi, PREC)
                    .checked_div(&ln2)
                    .and_then(|i| i.hi_rational());
                match (lo_b, hi_b) {
                    (Some(a), Some(b)) => (a, b),
                    _ => return Err(PyRuntimeError::new_err("capacity enclosure")),
                }
            }
        };
        let lo = if lo < 0u32 { Rational::from(0u32) } else { lo };
        Ok((
            (lo.to_string(), hi.to_string()),
            b.input.probs().iter().map(|q| q.to_string()).collect(),
        ))
    })
}

/// `ln q` for a rational `q > 0` as a certified enclosure (exact endpoints).
#[pyfunction]
fn ln(q: String) -> PyResult<(String, String)> {
    let q = rational(&q, "ln argument")?;
    let i = Interval::ln_rational(&q, PREC)
        .ok_or_else(|| value_error(format!("ln of {q}: the argument must be positive")))?;
    endpoints(&i)
}

/// `log2 q` for a rational `q > 0` as a certified enclosure (exact endpoints).
#[pyfunction]
fn log2(q: String) -> PyResult<(String, String)> {
    let q = rational(&q, "log2 argument")?;
    let i = Interval::ln_rational(&q, PREC)
        .and_then(|l| l.checked_div(&Interval::ln2(PREC)))
        .ok_or_else(|| value_error(format!("log2 of {q}: the argument must be positive")))?;
    endpoints(&i)
}

/// Exact accounting of k uses (`dpcert compose`): `uses` is a list of (mechanism rows, k) on
/// the same inputs, composed on every ordered neighbour pair (the same pair for every use,
/// fresh randomness, all answers observed; the worst pair per query). `compose --json`'s
/// document ([`dpcert::accounting::answer`]; docs/json.md): the smallest `e^eps` for `delta`,
/// `delta(eps) = A - B*e^eps` for each `eps`, `delta(t)` at `t`, `check = (eps, delta)`, each
/// with its witness pair and its event; `rdp` (Rényi orders > 1) and `zcdp` add `renyi`
/// (issue 45 item 1); `curve_t = (T1, T2)` adds `curve`, δ(t) on `[T1, T2]` as exact pieces
/// (issue 46 item 4).
#[pyfunction]
#[pyo3(signature = (uses, adjacency_spec, delta = None, eps = Vec::new(), t = None, check = None, rdp = Vec::new(), zcdp = false, subsample = None, curve_t = None))]
#[allow(clippy::too_many_arguments)]
fn compose(
    py: Python<'_>,
    uses: Vec<(Vec<Vec<String>>, u64)>,
    adjacency_spec: String,
    delta: Option<String>,
    eps: Vec<String>,
    t: Option<String>,
    check: Option<(String, String)>,
    rdp: Vec<String>,
    zcdp: bool,
    subsample: Option<String>,
    curve_t: Option<(String, String)>,
) -> PyResult<String> {
    use dpcert::accounting::answer::{answer, ComposeQuery, Mechanism, Neighbours};
    use dpcert::params::{Alpha, Delta, Eps, Subsample, Uses, T};
    let mut seq = Vec::new();
    for (i, (rows, k)) in uses.iter().enumerate() {
        let m = Mechanism::channel(format!("mechanism {}", i + 1), channel(rows)?);
        seq.push((m, Uses::new(*k).map_err(value_error)?));
    }
    let n = seq.first().map_or(0, |(m, _)| m.n_inputs());
    let mut q = ComposeQuery::new(seq);
    if !q.uses.is_empty() && q.uses.iter().all(|(m, _)| m.n_inputs() == n) {
        q.neighbours = if adjacency_spec == "complete" {
            Neighbours::Complete
        } else {
            Neighbours::Given(adjacency(py, &adjacency_spec, n)?)
        };
    }
    q.delta = delta
        .map(|d| Delta::parse(&d))
        .transpose()
        .map_err(value_error)?;
    q.eps = eps
        .iter()
        .map(|e| Eps::parse(e))
        .collect::<Result<_, _>>()
        .map_err(value_error)?;
    q.t = t.map(|t| T::parse(&t)).transpose().map_err(value_error)?;
    q.curve_t = curve_t
        .map(|(lo, hi)| TRange::parse(&format!("{lo},{hi}")))
        .transpose()
        .map_err(value_error)?;
    q.rdp = rdp
        .iter()
        .map(|a| Alpha::parse(a))
        .collect::<Result<_, _>>()
        .map_err(value_error)?;
    q.zcdp = zcdp;
    q.subsample = subsample
        .map(|s| Subsample::parse(&s))
        .transpose()
        .map_err(value_error)?;
    q.check = check
        .map(|(e, d)| Ok::<_, dpcert::params::ParamError>((Eps::parse(&e)?, Delta::parse(&d)?)))
        .transpose()
        .map_err(value_error)?;
    interruptible(py, move || {
        let r = answer(&q, &|_| {}).map_err(value_error)?;
        Ok(r.to_json().to_string())
    })
}

/// `compose` of named mechanisms (`rr:K:T`, `dlaplace:T`, `dgaussian:SIGMA`; issue 45 items 3
/// and 6): `uses` is a list of (spec, k) on the complete relation of query values; `check`
/// asks compose's (EPS, DELTA) question. The JSON document of `compose --json`.
#[pyfunction]
#[pyo3(signature = (uses, check = None, delta = None, eps = Vec::new(), sensitivity = None, subsample = None))]
fn compose_named(
    py: Python<'_>,
    uses: Vec<(String, u64)>,
    check: Option<(String, String)>,
    delta: Option<String>,
    eps: Vec<String>,
    sensitivity: Option<String>,
    subsample: Option<String>,
) -> PyResult<String> {
    use dpcert::accounting::answer::{answer, ComposeQuery};
    use dpcert::params::{Delta, Eps, Sensitivity, Subsample, Uses};
    let sens = sensitivity
        .map(|s| Sensitivity::parse(&s))
        .transpose()
        .map_err(value_error)?
        .unwrap_or_default();
    let limit = dpcert::params::DEFAULT_MAX_MEMORY;
    if let Some(first) = uses.first() {
        if let Some(mech) = dpcert::accounting::continuous::Continuous::parse(&first.0) {
            return compose_continuous(
                py,
                &uses,
                mech.map_err(value_error)?,
                check,
                delta,
                eps,
                sens,
                subsample,
            );
        }
    }
    let mut seq = Vec::new();
    for (spec, k) in &uses {
        let m = dpcert::accounting::named::parse(spec, &sens, limit)
            .ok_or_else(|| {
                value_error(format!(
                    "`{spec}`: compose_named reads rr:K:T, dlaplace:T, dgaussian:SIGMA, gaussian:SIGMA and laplace:B (not mixed with the others)"
                ))
            })?
            .map_err(value_error)?;
        seq.push((m, Uses::new(*k).map_err(value_error)?));
    }
    let mut q = ComposeQuery::new(seq);
    q.delta = delta
        .map(|d| Delta::parse(&d))
        .transpose()
        .map_err(value_error)?;
    q.eps = eps
        .iter()
        .map(|e| Eps::parse(e))
        .collect::<Result<_, _>>()
        .map_err(value_error)?;
    q.subsample = subsample
        .map(|s| Subsample::parse(&s))
        .transpose()
        .map_err(value_error)?;
    q.check = check
        .map(|(e, d)| Ok::<_, dpcert::params::ParamError>((Eps::parse(&e)?, Delta::parse(&d)?)))
        .transpose()
        .map_err(value_error)?;
    interruptible(py, move || {
        let r = answer(&q, &|_| {}).map_err(value_error)?;
        Ok(r.to_json().to_string())
    })
}

/// `compose_named` of `gaussian:SIGMA` or `laplace:B` (issue 45 item 6): one continuous
/// mechanism used `Σ k` times ([`dpcert::accounting::continuous::answer`], as `compose`).
#[allow(clippy::too_many_arguments)]
fn compose_continuous(
    py: Python<'_>,
    uses: &[(String, u64)],
    mech: dpcert::accounting::continuous::Continuous,
    check: Option<(String, String)>,
    delta: Option<String>,
    eps: Vec<String>,
    sens: dpcert::params::Sensitivity,
    subsample: Option<String>,
) -> PyResult<String> {
    use dpcert::accounting::continuous::{answer, ContinuousQuery};
    use dpcert::params::{Delta, Eps, Subsample, Uses};
    let spec = &uses[0].0;
    if let Some((other, _)) = uses.iter().find(|(s, _)| s != spec) {
        return Err(value_error(format!(
            "`{spec}` and `{other}`: a sequence of different continuous mechanisms is not composed (one gaussian:SIGMA or laplace:B per question)"
        )));
    }
    let mut k = 0u64;
    for (_, ki) in uses {
        k = k.saturating_add(*ki);
    }
    let k = Uses::new(k).map_err(value_error)?.get();
    let poisson = match subsample.map(|s| Subsample::parse(&s)).transpose().map_err(value_error)? {
        None => None,
        Some(Subsample::Poisson(q)) => Some(q),
        Some(Subsample::Fixed { .. }) => {
            return Err(value_error(format!(
                "`{spec}`: fixed:M:N subsampling is not built for the continuous mechanisms (poisson:Q is)"
            )))
        }
    };
    let exact =
        |e: Result<dpcert::num::Rational, dpcert::params::ParamError>| e.map_err(value_error);
    let q = ContinuousQuery {
        sensitivity: sens.value().clone(),
        poisson,
        eps: eps
            .iter()
            .map(|e| exact(Eps::parse(e).map(|e| e.value().clone())))
            .collect::<PyResult<_>>()?,
        delta: delta
            .map(|d| exact(Delta::parse(&d).map(|d| d.value().clone())))
            .transpose()?,
        check: check
            .map(|(e, d)| {
                Ok::<_, PyErr>((
                    exact(Eps::parse(&e).map(|e| e.value().clone()))?,
                    exact(Delta::parse(&d).map(|d| d.value().clone()))?,
                ))
            })
            .transpose()?,
        ..ContinuousQuery::new(spec.clone(), mech, k)
    };
    interruptible(py, move || {
        let r = answer(&q).map_err(value_error)?;
        Ok(r.to_json().to_string())
    })
}

/// `dpcert calibrate` (issue 45 item 5): the JSON document of `calibrate --json`, each grid
/// point decided by compose's library call on the mechanism the library's named reader builds.
#[pyfunction]
#[pyo3(signature = (mech, k, eps, delta, subsample = None, resolution = None, sensitivity = None))]
#[allow(clippy::too_many_arguments)]
fn calibrate(
    py: Python<'_>,
    mech: String,
    k: u64,
    eps: String,
    delta: String,
    subsample: Option<String>,
    resolution: Option<String>,
    sensitivity: Option<String>,
) -> PyResult<String> {
    use dpcert::accounting::answer::GridOptions;
    use dpcert::accounting::calibrate::{calibrate, CalibrateQuery, Family};
    use dpcert::params::{Delta, Eps, Resolution, Sensitivity, Subsample, Uses};
    let sens = sensitivity
        .map(|s| Sensitivity::parse(&s))
        .transpose()
        .map_err(value_error)?
        .unwrap_or_default();
    let limit = dpcert::params::DEFAULT_MAX_MEMORY;
    let q = CalibrateQuery {
        family: Family::of_name(&mech).map_err(value_error)?,
        k: Uses::new(k).map_err(value_error)?,
        eps: Eps::parse(&eps).map_err(value_error)?,
        delta: Delta::parse(&delta).map_err(value_error)?,
        subsample: subsample
            .map(|s| Subsample::parse(&s))
            .transpose()
            .map_err(value_error)?,
        resolution: resolution
            .map(|r| Resolution::parse(&r))
            .transpose()
            .map_err(value_error)?
            .unwrap_or_default(),
        grid: GridOptions::default(),
        max_memory: limit,
        sensitivity: sens.clone(),
    };
    interruptible(py, move || {
        let build = |spec: &str| {
            dpcert::accounting::named::parse(spec, &sens, limit).unwrap_or_else(|| {
                Err(dpcert::accounting::answer::AnswerError::Query(format!(
                    "`{spec}`: not read by this build (rr:K:T, dlaplace:T, dgaussian:SIGMA)"
                )))
            })
        };
        let r = calibrate(&q, &build, &|_| {}).map_err(value_error)?;
        Ok(r.to_json().to_string())
    })
}

/// Decide a statement of the claim language (`dpcert check 'EXPR'`): `check --json`'s document
/// with a `text` field (the CLI's report). Parse and type errors raise `ValueError` with the
/// column marked by a caret.
#[pyfunction]
#[pyo3(signature = (expr, budget_secs = None, max_instances = None))]
fn check(
    py: Python<'_>,
    expr: String,
    budget_secs: Option<f64>,
    max_instances: Option<u64>,
) -> PyResult<String> {
    use dpcert::lang::{self, check_document, CheckReport};
    let mut opts = lang::Options::default();
    if let Some(s) = budget_secs {
        let limit = dpcert::params::TimeLimit::from_secs(s).map_err(value_error)?;
        opts.budget = Some(limit.duration());
    }
    if let Some(m) = max_instances {
        opts.max_instances = m;
    }
    interruptible(py, move || {
        let r = CheckReport::run(&expr, &opts, &|_, _| {});
        match &r.result {
            Err((_, e)) => Err(value_error(e)),
            Ok(_) => {
                let mut doc = check_document(std::slice::from_ref(&r), false);
                doc["text"] = serde_json::Value::String(r.to_text());
                Ok(doc.to_string())
            }
        }
    })
}

/// `dpcert graph SPEC --json`: the analysis of a graph spec or edge-list file.
#[pyfunction]
#[pyo3(signature = (spec, vt_budget = dpcert::graph::VT_PLUS_LIMIT, aut_budget = dpcert::graph::AUT_WORK_LIMIT))]
fn graph(py: Python<'_>, spec: String, vt_budget: usize, aut_budget: u64) -> PyResult<String> {
    let (g, warnings) = dpcert::graph::resolve(&spec).map_err(value_error)?;
    warn(py, warnings.clone())?;
    let query = dpcert::graph::GraphQuery {
        graph: g,
        warnings,
        vt_budget,
        aut_budget,
        max_memory: dpcert::params::MemoryLimit::default(),
    };
    interruptible(py, move || {
        let doc = dpcert::graph::run(&query, &|_| {}).map_err(value_error)?;
        serde_json::to_string(&doc)
            .map_err(|e| PyRuntimeError::new_err(format!("internal error: {e}")))
    })
}

/// Solve an LP given in the CPLEX LP text format exactly; `dpcert lp --json`'s document
/// (the certificate has been re-checked by dpcert's independent checker).
#[pyfunction]
#[pyo3(signature = (text, time_limit = None))]
fn solve_lp(py: Python<'_>, text: String, time_limit: Option<f64>) -> PyResult<String> {
    let file = dpcert::lp::parse_lp(&text).map_err(|e| value_error(format!("LP: {e}")))?;
    let time_limit = time_limit
        .map(|s| param(dpcert::params::TimeLimit::from_secs(s)))
        .transpose()?;
    let query = dpcert::lp::command::LpQuery {
        name: String::new(),
        file,
        symmetry: None,
        time_limit,
    };
    interruptible(py, move || match dpcert::lp::command::run(&query) {
        Ok(report) => Ok(report.to_json().to_string()),
        Err(dpcert::lp::LpError::TimeLimit) => Err(pyo3::exceptions::PyTimeoutError::new_err(
            "time limit reached before a certified answer",
        )),
        Err(e) => Err(PyRuntimeError::new_err(format!("internal error: {e}"))),
    })
}

/// Run registered claims (all when `ids` is empty) on their default grids: `dpcert verify
/// --json`'s document ([`dpcert::claim::commands::verify`]).
#[pyfunction]
#[pyo3(signature = (ids = Vec::new()))]
fn verify(py: Python<'_>, ids: Vec<String>) -> PyResult<String> {
    use dpcert::claim::commands::{self, VerifyQuery};
    interruptible(py, move || {
        let q = VerifyQuery {
            ids,
            paper: None,
            ..Default::default()
        };
        let r =
            commands::verify(&dpcert::papers::registry(), &q, &|_, _| {}).map_err(value_error)?;
        Ok(r.to_json().to_string())
    })
}

/// `dpcert refines A B --json`: whether `a` is a post-processing of `b` (`a = b·R`), with `R`
/// or a prior and gain under which `a` leaks more ([`dpcert::qif::refinement`]).
#[pyfunction]
#[pyo3(signature = (a, b, time_limit = None))]
fn refines(
    py: Python<'_>,
    a: Vec<Vec<String>>,
    b: Vec<Vec<String>>,
    time_limit: Option<f64>,
) -> PyResult<String> {
    use dpcert::qif::refinement::{run, RefinesError, RefinesQuery};
    let query = RefinesQuery {
        a: channel(&a)?,
        b: channel(&b)?,
        a_name: "A".into(),
        b_name: "B".into(),
        time_limit: time_limit
            .map(|s| param(dpcert::params::TimeLimit::from_secs(s)))
            .transpose()?,
    };
    interruptible(py, move || match run(&query) {
        Ok(r) => Ok(r.to_json().to_string()),
        Err(RefinesError::TimeLimit) => Err(pyo3::exceptions::PyTimeoutError::new_err(
            "time limit reached before a certified answer",
        )),
        Err(e @ RefinesError::Inputs { .. }) => Err(value_error(e)),
        Err(e) => Err(PyRuntimeError::new_err(format!("internal error: {e}"))),
    })
}

/// `dpcert optimal --json`: the exact optimal ε-DP mechanism on a graph for a prior and an
/// objective — `kind` is `hamming`, `abs`, `graph` (losses), `identity` (gain), or
/// `loss_matrix` / `gain_matrix` with `matrix` (rows = outputs/guesses, columns = secrets).
/// With `curve_t = (T1, T2)` instead of `t`: `optimal --curve-t T1,T2 --json`, the optimum for
/// every `t` of the range as exact pieces (issue 46), the sweep stopped after `time_limit`
/// seconds (`"complete": false`, the pieces found so far).
#[pyfunction]
#[pyo3(signature = (graph_spec, t, kind, prior = None, matrix = None, curve_t = None, time_limit = None))]
#[allow(clippy::too_many_arguments)]
fn optimal(
    py: Python<'_>,
    graph_spec: String,
    t: Option<String>,
    kind: String,
    prior: Option<Vec<String>>,
    matrix: Option<Vec<Vec<String>>>,
    curve_t: Option<(String, String)>,
    time_limit: Option<f64>,
) -> PyResult<String> {
    use dpcert::optimal::{ObjectiveChoice, OptimalCurveQuery, OptimalQuery};
    let (g, warnings) = dpcert::graph::resolve(&graph_spec).map_err(value_error)?;
    warn(py, warnings.clone())?;
    let rows = || {
        matrix
            .as_deref()
            .map(self::matrix)
            .transpose()?
            .ok_or_else(|| value_error(format!("objective `{kind}` needs a matrix")))
    };
    let objective = match kind.as_str() {
        "hamming" => ObjectiveChoice::HammingLoss,
        "abs" => ObjectiveChoice::AbsLoss,
        "graph" => ObjectiveChoice::GraphLoss,
        "identity" => ObjectiveChoice::IdentityGain,
        "loss_matrix" => ObjectiveChoice::LossMatrix {
            file: "loss matrix".into(),
            rows: rows()?,
        },
        "gain_matrix" => ObjectiveChoice::GainMatrix {
            file: "gain matrix".into(),
            rows: rows()?,
        },
        k => {
            return Err(value_error(format!(
            "objective `{k}`: expected hamming, abs, graph, identity, loss_matrix or gain_matrix"
        )))
        }
    };
    let n = g.n();
    let prior = match prior {
        Some(p) => dist(&p, "prior")?,
        None => Dist::uniform(n.max(1)),
    };
    let t = match (t, curve_t) {
        (Some(t), None) => t,
        (None, Some((lo, hi))) => {
            let query = OptimalCurveQuery {
                prior,
                graph: g,
                graph_spec,
                warnings,
                range: param(TRange::parse(&format!("{lo},{hi}")))?,
                objective,
                time_limit: time_limit
                    .map(|s| param(dpcert::params::TimeLimit::from_secs(s)).map(|l| l.duration()))
                    .transpose()?,
            };
            return interruptible(py, move || {
                let r = dpcert::optimal::run_curve(&query).map_err(value_error)?;
                Ok(r.to_json().to_string())
            });
        }
        _ => return Err(value_error("give exactly one of t= and curve_t=")),
    };
    if time_limit.is_some() {
        return Err(value_error("time_limit applies to curve_t= only"));
    }
    let query = OptimalQuery {
        prior,
        graph: g,
        graph_spec,
        warnings,
        t: param(T::parse(&t))?,
        objective,
    };
    interruptible(py, move || {
        let r = dpcert::optimal::run(&query).map_err(value_error)?;
        Ok(r.to_json().to_string())
    })
}

/// The Kantorovich distance between `p` and `q` on the metric `d` (validated), with an
/// optimal coupling: an exact transport LP with a re-checked certificate
/// ([`dpcert::qif::kantorovich`]).
#[pyfunction]
fn kantorovich(
    py: Python<'_>,
    p: Vec<String>,
    q: Vec<String>,
    d: Vec<Vec<String>>,
) -> PyResult<(String, Vec<Vec<String>>)> {
    let (p, q) = (dist(&p, "p")?, dist(&q, "q")?);
    let d = dpcert::measure::Metric::new(matrix(&d)?).map_err(value_error)?;
    interruptible(py, move || {
        let k = dpcert::qif::kantorovich(&p, &q, &d, &dpcert::lp::Options::default())
            .map_err(value_error)?;
        Ok((
            k.value.to_string(),
            k.coupling
                .iter()
                .map(|r| r.iter().map(ToString::to_string).collect())
                .collect(),
        ))
    })
}

/// The hyper-distribution `[π ▷ W]` in canonical form: `(outer, inner)` pairs, exact strings
/// ([`dpcert::qif::Hyper`]).
#[pyfunction]
fn hyper(prior: Vec<String>, rows: Vec<Vec<String>>) -> PyResult<Vec<(String, Vec<String>)>> {
    let h =
        dpcert::qif::Hyper::of(&dist(&prior, "prior")?, &channel(&rows)?).map_err(value_error)?;
    Ok(h.inners()
        .iter()
        .map(|(o, i)| (o.to_string(), i.iter().map(ToString::to_string).collect()))
        .collect())
}

/// The rows (exact strings) of a mechanism spec `expmech:GRAPH:T` or `geoind:K:T`.
#[pyfunction]
fn mechanism(spec: String) -> PyResult<Vec<Vec<String>>> {
    match dpcert::mechanism::spec::parse(&spec) {
        None => Err(value_error(format!(
            "`{spec}`: not a mechanism spec (expmech:GRAPH:T, geoind:K:T)"
        ))),
        Some(Err(e)) => Err(value_error(e)),
        Some(Ok(w)) => Ok(w
            .rows()
            .iter()
            .map(|r| r.iter().map(ToString::to_string).collect())
            .collect()),
    }
}

#[pymodule]
fn _dpcert(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rationalize, m)?)?;
    m.add_function(wrap_pyfunction!(audit, m)?)?;
    m.add_function(wrap_pyfunction!(dp_level, m)?)?;
    m.add_function(wrap_pyfunction!(delta_at_t, m)?)?;
    m.add_function(wrap_pyfunction!(delta_at_eps, m)?)?;
    m.add_function(wrap_pyfunction!(eps_for_delta, m)?)?;
    m.add_function(wrap_pyfunction!(vulnerability, m)?)?;
    m.add_function(wrap_pyfunction!(mult_capacity, m)?)?;
    m.add_function(wrap_pyfunction!(mutual_information, m)?)?;
    m.add_function(wrap_pyfunction!(capacity, m)?)?;
    m.add_function(wrap_pyfunction!(compose, m)?)?;
    m.add_function(wrap_pyfunction!(compose_named, m)?)?;
    m.add_function(wrap_pyfunction!(calibrate, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(ln, m)?)?;
    m.add_function(wrap_pyfunction!(log2, m)?)?;
    m.add_function(wrap_pyfunction!(graph, m)?)?;
    m.add_function(wrap_pyfunction!(solve_lp, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(refines, m)?)?;
    m.add_function(wrap_pyfunction!(optimal, m)?)?;
    m.add_function(wrap_pyfunction!(mechanism, m)?)?;
    m.add_function(wrap_pyfunction!(kantorovich, m)?)?;
    m.add_function(wrap_pyfunction!(hyper, m)?)?;
    Ok(())
}
