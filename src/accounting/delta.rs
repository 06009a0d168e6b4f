//! δ of a composed PLD: at a rational `t = e^ε`, at a rational ε as the exact form
//! `A − B·e^ε`, and the smallest `e^ε` for a given δ — each with the event that attains it.
//!
//! For a pair `(P, Q)` and `t ≥ 0`, `δ(t) = Σ_o (P(o) − t Q(o))^+` (Dwork–Roth Def. 2.4; Balle et
//! al. 2018, Thm 1), attained by `{o : P(o)/Q(o) > t}`. Grouped by likelihood ratio this is
//! `P(∞) + Σ_{r > t} (P_r − t Q_r)`: a sum over a *prefix* of the atoms in descending ratio,
//! so every query walks that prefix and stops. δ is convex, non-increasing and piecewise
//! linear in `t` with breakpoints at the ratios; so on a piece `δ = A − B t` with exact `A, B`,
//! and the smallest `t` with `δ(t) ≤ δ` is `(A − δ)/B` on the piece where it crosses.

use super::basis::log_ratio;
use super::compose::{Atom, Binomial, Composed, Cursor};
use super::pld::Outputs;
use crate::measure::epsilon::{cmp_with_exp, DeltaAtEps, Unseparated};
use crate::measure::ExtRational;
use crate::num::{Natural, Rational};
use malachite::base::num::basic::traits::{One, Zero};
use std::cmp::Ordering;

/// Atoms walked between two exact tests of the stop condition (the condition is monotone along
/// the walk, so a block that ends before the stop needs no test inside it).
const BLOCK: u64 = 64;

/// The atoms with the largest ratios: the event of a δ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// How many atoms (distinct finite ratios), from the largest ratio down.
    pub atoms: u64,
    /// The exponent vector of the smallest ratio in the event (`None` when no finite atom).
    pub least: Option<Vec<i64>>,
    /// Its P-mass (with the `+∞` part) and Q-mass.
    pub p: Rational,
    /// Its Q-mass.
    pub q: Rational,
    /// The outcomes with infinite privacy loss are in the event (P-mass `inf > 0`).
    pub with_inf: bool,
}

/// `δ(t)` exactly, with its event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeltaAtT {
    /// The `t = e^ε` asked for.
    pub t: Rational,
    /// `δ(t) = P^k(event) − t·Q^k(event)`, exact.
    pub delta: Rational,
    /// The event attaining it: the atoms with ratio above `t`.
    pub event: Event,
}

/// `δ(ε) = A − B·e^ε` exactly (in [`DeltaAtEps`]; its `pair` is set by the caller and its
/// output list is empty — the event of a composition is [`DeltaEps::event`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeltaEps {
    /// `δ(ε) = A − B·e^ε` with `A` the event's P-mass and `B` its Q-mass.
    pub form: DeltaAtEps,
    /// The event attaining it: the atoms with ratio above `e^ε`.
    pub event: Event,
}

/// The smallest `t = e^ε ≥ 1` with `δ(t) ≤ δ` (`∞` when the `+∞` mass exceeds δ), with the
/// event attaining `δ(t) = δ` (or the largest event when `t = 1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TForDelta {
    /// The `δ` asked for.
    pub delta: Rational,
    /// The smallest `t = e^ε ≥ 1` with `δ(t) ≤ δ` (`∞` when the `+∞` mass exceeds `δ`).
    pub t: ExtRational,
    /// The event attaining `δ(t) = δ`.
    pub event: Event,
}

/// The walk state: the prefix before the cursor and its numerators.
#[derive(Clone)]
pub(super) struct Prefix<'a> {
    pub(super) cur: Cursor<'a>,
    a: Natural,
    b: Natural,
    len: u64,
    least: Option<Vec<i64>>,
}

impl Prefix<'_> {
    pub(super) fn take(&mut self) {
        if let Some(at) = self.cur.atom() {
            self.a += &at.p;
            self.b += &at.q;
            self.least = Some(at.exps.clone());
            self.len += 1;
        }
        self.cur.advance();
    }
}

/// From this many uses of one two-letter pair on, [`walk`] finds its stop by a galloping then
/// bisecting search over prefixes summed by binary splitting ([`Binomial::jump`]) instead of
/// atom by atom: a step of the walk costs a pass over a `k`-digit number, so walking to the
/// stop is quadratic in `k` (`compose rr:2:3 --k 1000000` walked for hours, issue 42 item 5),
/// while a jump costs `O(M(n) log n)`. Below it the walk is cheaper and stays the reference.
const JUMP_FROM: u64 = 4096;

#[cfg(test)]
thread_local! {
    /// Tests set the threshold (0: always search; `u64::MAX`: always walk) to compare the two.
    pub(super) static JUMP_FROM_IN_TESTS: std::cell::Cell<Option<u64>> =
        const { std::cell::Cell::new(None) };
}

fn jump_from() -> u64 {
    #[cfg(test)]
    if let Some(v) = JUMP_FROM_IN_TESTS.with(|c| c.get()) {
        return v;
    }
    JUMP_FROM
}

/// The prefix of atoms before the first one where `stop(a, b, atom)` holds (`a`, `b` the
/// prefix numerators), and that atom. `stop` must be monotone along the walk.
pub(super) fn walk<'a>(
    c: &'a Composed,
    stop: impl Fn(&Natural, &Natural, &Atom) -> bool,
) -> (Prefix<'a>, Option<Atom>) {
    if let Some(b) = c.binomial().filter(|b| b.k() >= jump_from()) {
        return search(b, stop);
    }
    let mut checkpoint = Prefix {
        cur: c.cursor(),
        a: Natural::ZERO,
        b: Natural::ZERO,
        len: 0,
        least: None,
    };
    loop {
        let mut ahead = checkpoint.clone();
        for _ in 0..BLOCK {
            if ahead.cur.atom().is_none() {
                break;
            }
            ahead.take();
        }
        let stopped = match ahead.cur.atom() {
            None => true,
            Some(at) => stop(&ahead.a, &ahead.b, at),
        };
        if !stopped {
            checkpoint = ahead;
            continue;
        }
        // The stop lies in this block: replay it one atom at a time.
        let mut p = checkpoint;
        loop {
            match p.cur.atom() {
                None => return (p, None),
                Some(at) if stop(&p.a, &p.b, at) => {
                    let at = at.clone();
                    return (p, Some(at));
                }
                Some(_) => p.take(),
            }
        }
    }
}

/// [`walk`] by search: the smallest `m` whose prefix of `m` atoms stops at its next atom
/// (`m = k + 1`, past the last atom, always stops), found by doubling the step from the last
/// prefix that does not stop and then halving it — each trial extends that prefix by one
/// chunk summed by binary splitting, so the chunks add up to about twice the answer's prefix.
/// `stop` is monotone, so the answer is the walk's, exactly.
fn search<'a>(
    bin: &'a Binomial,
    stop: impl Fn(&Natural, &Natural, &Atom) -> bool,
) -> (Prefix<'a>, Option<Atom>) {
    let extend = |p: &Prefix<'a>, m: u64| {
        let (a, b, least) = bin.extend((&p.a, &p.b), p.len, m);
        Prefix {
            cur: bin.cursor_at(m),
            a,
            b,
            len: m,
            least,
        }
    };
    let stops = |p: &Prefix| p.cur.atom().is_none_or(|at| stop(&p.a, &p.b, at));
    let last = bin.k() + 1;
    let mut lo = Prefix {
        cur: bin.cursor_at(0),
        a: Natural::ZERO,
        b: Natural::ZERO,
        len: 0,
        least: None,
    };
    if stops(&lo) {
        let at = lo.cur.atom().cloned();
        return (lo, at);
    }
    // Gallop: `lo` does not stop; find a prefix `hi` that does.
    let mut step = 1;
    let mut hi = loop {
        let p = extend(&lo, (lo.len + step).min(last));
        if stops(&p) {
            break p;
        }
        lo = p;
        step *= 2;
    };
    // Bisect between `lo` (does not stop) and `hi` (stops).
    while hi.len - lo.len > 1 {
        let mid = extend(&lo, lo.len + (hi.len - lo.len) / 2);
        if stops(&mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let at = hi.cur.atom().cloned();
    (hi, at)
}

impl Composed {
    /// The atom's likelihood ratio is at most 1, exactly: by the sign of its exponent with one
    /// basis element (every basis element is > 1), else `p·den_q ≤ q·den_p` in integers (a
    /// certified logarithm per atom made this test most of the time of CY-5's level queries).
    fn ratio_at_most_one(&self, at: &Atom) -> bool {
        match at.exps.as_slice() {
            [] => true,
            [e] => *e <= 0,
            _ => &at.p * &self.den_q <= &at.q * &self.den_p,
        }
    }

    pub(super) fn event(&self, p: &Prefix) -> Event {
        Event {
            atoms: p.len,
            least: p.least.clone(),
            p: &self.inf + Rational::from_naturals_ref(&p.a, &self.den_p),
            q: Rational::from_naturals_ref(&p.b, &self.den_q),
            with_inf: self.inf > 0u32,
        }
    }

    /// `δ(t) = max_A P^k(A) − t Q^k(A)` of the composition at a rational `t > 0`, exactly.
    pub fn delta_at_t(&self, t: &Rational) -> DeltaAtT {
        // ratio ≤ t ⇔ p·den_q·t_den ≤ t_num·q·den_p: exact integers, no logarithm per atom.
        let (tn, td) = (t.numerator_ref(), t.denominator_ref());
        let (lhs, rhs) = (&self.den_q * td, &self.den_p * tn);
        let (prefix, _) = walk(self, |_, _, at| *t > 0u32 && &at.p * &lhs <= &at.q * &rhs);
        let event = self.event(&prefix);
        DeltaAtT {
            t: t.clone(),
            delta: &event.p - t * &event.q,
            event,
        }
    }

    /// `δ(ε) = A − B·e^ε` of the composition at a rational `ε ≥ 0`, exactly (the ratios are
    /// compared with `e^ε` as log-linear forms, which always decides: Hermite–Lindemann).
    pub fn delta_at_eps(&self, eps: &Rational) -> DeltaEps {
        let (prefix, _) = walk(self, |_, _, at| {
            log_ratio(&at.exps, &self.basis).cmp_rational(eps) != Ordering::Greater
        });
        let event = self.event(&prefix);
        DeltaEps {
            form: DeltaAtEps {
                eps: eps.clone(),
                a: event.p.clone(),
                b: event.q.clone(),
                pair: (0, 0),
                event: Vec::new(),
            },
            event,
        }
    }

    /// The smallest `t = e^ε ≥ 1` with `δ(t) ≤ δ` for a rational `δ ≥ 0`, exactly.
    pub fn t_for_delta(&self, delta: &Rational) -> TForDelta {
        let rest = delta - &self.inf; // what the finite atoms may still contribute
        if rest < 0u32 {
            let (prefix, _) = walk(self, |_, _, _| false);
            return TForDelta {
                delta: delta.clone(),
                t: ExtRational::Infinite,
                event: self.event(&prefix),
            };
        }
        let (dn, dd) = (rest.numerator_ref().clone(), rest.denominator_ref().clone());
        let dn_den_p = &dn * &self.den_p;
        let at_most_one = |at: &Atom| self.ratio_at_most_one(at);
        // δ_finite(r) > rest at the atom's ratio r = (p/den_p)/(q/den_q):
        // (a q − p b)/(q den_p) > dn/dd  ⇔  a q dd > q den_p dn + p b dd.
        let above = |a: &Natural, b: &Natural, at: &Atom| {
            a * &at.q * &dd > &at.q * &dn_den_p + &at.p * b * &dd
        };
        let (prefix, stop) = walk(self, |a, b, at| at_most_one(at) || above(a, b, at));
        let event = self.event(&prefix);
        let crosses_above_one = match &stop {
            Some(at) if !at_most_one(at) => true,
            // The prefix holds every ratio > 1: does δ(1) exceed δ?
            _ => event.p.clone() - &event.q > *delta,
        };
        let t = if crosses_above_one {
            ExtRational::Finite((&event.p - delta) / &event.q)
        } else {
            ExtRational::Finite(Rational::ONE)
        };
        TForDelta {
            delta: delta.clone(),
            t,
            event,
        }
    }

    /// Does `δ(ε) ≤ δ` hold? Exactly: iff `e^ε ≥ t*(δ)` ([`Composed::t_for_delta`]).
    pub fn holds(&self, eps: &Rational, delta: &Rational) -> Result<bool, Unseparated> {
        Ok(match self.t_for_delta(delta).t {
            ExtRational::Infinite => false,
            ExtRational::Finite(t) => cmp_with_exp(&t, eps)? != Ordering::Greater,
        })
    }
}

/// `{0}`, `{2, 3}`: a set of output indices.
fn outputs(o: &[usize]) -> String {
    Outputs::Listed(o.to_vec()).to_string()
}

impl Composed {
    /// The event in words: "at least 91 of 100 answers in {0}" (one two-letter pair), a
    /// weighted count (one basis element), or "likelihood ratio ≥ 2^3·3^-1" (in general), and
    /// "some answer in {…}" for the outcomes impossible under the second row.
    pub fn describe(&self, e: &Event) -> String {
        let mut parts = Vec::new();
        if let Some(least) = &e.least {
            let k = self.k();
            if let Some(outs) = self.binomial_outputs() {
                let j = k + 1 - e.atoms;
                parts.push(format!("at least {j} of {k} answers in {outs}"));
            } else if self.basis.len() == 1 && self.uses.len() == 1 {
                let letters = &self.uses[0].0.letters;
                let mut sum = String::new();
                for (l, ex) in letters.iter().zip(&self.letter_exps[0]) {
                    let c = ex[0];
                    if c == 0 {
                        continue;
                    }
                    if sum.is_empty() {
                        sum.push_str(if c < 0 { "-" } else { "" });
                    } else {
                        sum.push_str(if c < 0 { " - " } else { " + " });
                    }
                    if c.abs() != 1 {
                        sum.push_str(&format!("{}·", c.abs()));
                    }
                    sum.push_str(&format!("#{}", l.outputs));
                }
                parts.push(format!(
                    "{sum} ≥ {} (#S = number of answers in S; likelihood ratio {}^({sum}))",
                    least[0], self.basis[0]
                ));
            } else {
                let pow: Vec<String> = least
                    .iter()
                    .zip(&self.basis)
                    .filter(|(e, _)| **e != 0)
                    .map(|(e, b)| format!("{b}^{e}"))
                    .collect();
                let r = if pow.is_empty() {
                    "1".to_string()
                } else {
                    pow.join("·")
                };
                parts.push(format!("likelihood ratio P/Q ≥ {r}"));
            }
        }
        if e.with_inf {
            let inf: Vec<usize> = self
                .uses
                .iter()
                .flat_map(|(p, _)| p.inf_outputs.iter().copied())
                .collect();
            parts.push(format!(
                "some answer in {} (impossible under x')",
                outputs(&inf)
            ));
        }
        if parts.is_empty() {
            "no outcome".to_string()
        } else {
            parts.join(", or ")
        }
    }
}
