//! The report of an audit and the QIF measures in it (Bayes and g-vulnerability).

use super::query::{AuditError, Source, Units};
use crate::measure::epsilon::{DeltaAtEps, EpsForDelta};
use crate::measure::{self, CapacityBracket, DeltaAt, DeltaCurve, DpLevel, MetricLevel};
use crate::num::{LogLinear, Rational};
use crate::prob::{Adjacency, Channel, Dist};

/// Every measure of one channel on one adjacency (see [`audit_with`]).
#[derive(Clone, Debug)]
pub struct Report {
    /// The file the channel was read from and what `--rationalize` changed (empty for a
    /// channel built in code).
    pub source: Source,
    /// Inputs (rows) of the channel.
    pub inputs: usize,
    /// Outputs (columns) of the channel.
    pub outputs: usize,
    /// The neighbour relation the privacy measures were taken on.
    pub adjacency: Adjacency,
    /// The prior given in the options (`None`: uniform was used where a prior is needed).
    pub prior: Option<Dist>,
    /// Units of the information quantities (leakages, mutual information, capacity).
    pub units: Units,
    /// ε-DP level as `e^ε` (Dwork–Roth Def. 2.4 with δ = 0), with a witness.
    pub dp: DpLevel,
    /// δ at `t = e^ε` (hockey-stick divergence), exact.
    pub delta_at_t: Option<(Rational, DeltaAt)>,
    /// δ(ε) = A − B·e^ε at each requested ε.
    pub delta_at_eps: Vec<DeltaAtEps>,
    /// δ(t) on the requested range of `t = e^ε` as exact pieces `a − b·t`.
    pub delta_curve: Option<DeltaCurve>,
    /// The smallest ε for the requested δ.
    pub eps_for_delta: Option<EpsForDelta>,
    /// Multiplicative min-entropy leakage `V(π, W) / V(π)` (uniform prior without one).
    pub min_entropy_leakage: Rational,
    /// Bayes vulnerabilities and leakages (uniform prior without one).
    pub bayes: BayesMeasures,
    /// g-vulnerabilities and g-leakages for the gain in the options.
    pub gain: Option<GainMeasures>,
    /// Multiplicative min-capacity `Σ_y max_x W(y|x)`.
    pub min_capacity: Rational,
    /// `I(X; Y)` in nats as an exact log-linear form (uniform prior without one).
    pub mutual_information: LogLinear,
    /// Shannon capacity in nats, certified bracket.
    pub capacity: CapacityBracket,
    /// The width (nats) the capacity bracket aimed for ([`Options::capacity_width`]).
    pub capacity_width: Rational,
    /// Identifiability level `e^ε` (needs a prior).
    pub identifiability: Option<DpLevel>,
    /// Expected Hamming distortion of the identity estimator (Hamming adjacency only).
    pub distortion: Option<Rational>,
    /// Guessing entropy, prior and posterior (uniform prior without one).
    pub guessing_entropy: (Rational, Rational),
    /// l-uncertainty and l-leakage for the loss in the options.
    pub loss: Option<LossMeasures>,
    /// The metric's name and the smallest ε of ε·d-privacy (with `--metric`).
    pub metric: Option<(String, MetricLevel)>,
}

/// l-uncertainty and l-leakage of a channel for a prior and a loss function `l(w, x)`
/// (Alvim et al., *The Science of Quantitative Information Flow*, 2020, §3.2.8 and §5.1;
/// libqif's `l_uncert`), exact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LossMeasures {
    /// Number of guesses (rows of the loss matrix).
    pub guesses: usize,
    /// `U_l(π) = min_w Σ_x π(x) l(w, x)`.
    pub prior: Rational,
    /// `U_l(π, W) = Σ_y min_w Σ_x π(x) W(y|x) l(w, x)`.
    pub posterior: Rational,
    /// Additive l-leakage `U_l(π) − U_l(π, W)`.
    pub add_leakage: Rational,
    /// `U_l(π) / U_l(π, W)`; `None` when `U_l(π, W) = 0`.
    pub mult_leakage: Option<Rational>,
}

impl LossMeasures {
    /// The measures of `w` under `prior` and the loss `l` (rows = guesses, columns = inputs).
    pub fn of(prior: &Dist, w: &Channel, l: &[Vec<Rational>]) -> Result<LossMeasures, AuditError> {
        let n = w.n_inputs();
        if l.is_empty() {
            return Err(AuditError::LossShape {
                row: 0,
                len: 0,
                rows: n,
            });
        }
        if let Some((row, r)) = l.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(AuditError::LossShape {
                row,
                len: r.len(),
                rows: n,
            });
        }
        let u0 = measure::l_uncertainty(prior, l);
        let u1 = measure::posterior_l_uncertainty(prior, w, l);
        Ok(LossMeasures {
            guesses: l.len(),
            add_leakage: &u0 - &u1,
            mult_leakage: (u1 != 0u32).then(|| &u0 / &u1),
            prior: u0,
            posterior: u1,
        })
    }
}

/// Bayes vulnerability and leakage of a channel for a prior, with libqif's names (Smith,
/// *On the Foundations of Quantitative Information Flow*, FoSSaCS 2009; Alvim et al.,
/// *Additive and multiplicative notions of leakage, and their capacities*, CSF 2014).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BayesMeasures {
    /// `V(π) = max_x π(x)`.
    pub prior: Rational,
    /// `V(π, W) = Σ_y max_x π(x) W(y|x)`.
    pub posterior: Rational,
    /// `V(π, W) − V(π)`.
    pub add_leakage: Rational,
    /// `V(π, W) / V(π)`.
    pub mult_leakage: Rational,
    /// `Σ_y max_{x ∈ supp π} W(y|x)`: the largest multiplicative g-leakage over every gain
    /// `g ≥ 0` for this prior (the miracle theorem; [`measure::mult_capacity_on_support`]).
    pub mult_capacity: Rational,
}

impl BayesMeasures {
    /// The measures of `w` under `prior` (every value exact).
    pub fn of(prior: &Dist, w: &Channel) -> BayesMeasures {
        let v0 = measure::bayes_vulnerability(prior);
        let v1 = measure::posterior_vulnerability(prior, w);
        BayesMeasures {
            add_leakage: measure::add_leakage(&v0, &v1),
            mult_leakage: measure::mult_leakage(&v0, &v1).expect("max of a distribution > 0"),
            mult_capacity: measure::mult_capacity_on_support(prior, w),
            prior: v0,
            posterior: v1,
        }
    }
}

/// g-vulnerability and g-leakage of a channel for a prior and a gain function `g(w, x)`
/// (Alvim, Chatzikokolakis, Palamidessi, Smith, *Measuring Information Leakage using
/// Generalized Gain Functions*, CSF 2012, Defs. 3.2–3.3 and §IV; libqif's `g_vuln`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GainMeasures {
    /// Number of guesses (rows of the gain matrix).
    pub guesses: usize,
    /// `V_g(π) = max_w Σ_x π(x) g(w, x)`.
    pub prior: Rational,
    /// `V_g(π, W) = Σ_y max_w Σ_x π(x) W(y|x) g(w, x)`.
    pub posterior: Rational,
    /// Additive g-leakage `V_g(π, W) − V_g(π)`.
    pub add_leakage: Rational,
    /// `V_g(π, W) / V_g(π)`; `None` when `V_g(π) = 0`.
    pub mult_leakage: Option<Rational>,
    /// Every entry of `g` is `≥ 0`: then `mult_leakage ≤` [`BayesMeasures::mult_capacity`]
    /// (the miracle theorem of CSF 2014), reported as the multiplicative g-capacity bound.
    pub non_negative: bool,
}

impl GainMeasures {
    /// The measures of `w` under `prior` and the gain `g` (rows = guesses, columns = inputs).
    pub fn of(prior: &Dist, w: &Channel, g: &[Vec<Rational>]) -> Result<GainMeasures, AuditError> {
        let n = w.n_inputs();
        if g.is_empty() {
            return Err(AuditError::GainShape {
                row: 0,
                len: 0,
                rows: n,
            });
        }
        if let Some((row, r)) = g.iter().enumerate().find(|(_, r)| r.len() != n) {
            return Err(AuditError::GainShape {
                row,
                len: r.len(),
                rows: n,
            });
        }
        let v0 = measure::g_vulnerability(prior, g);
        let v1 = measure::posterior_g_vulnerability(prior, w, g);
        Ok(GainMeasures {
            guesses: g.len(),
            add_leakage: measure::add_leakage(&v0, &v1),
            mult_leakage: measure::mult_leakage(&v0, &v1),
            non_negative: g.iter().flatten().all(|a| *a >= 0u32),
            prior: v0,
            posterior: v1,
        })
    }
}
