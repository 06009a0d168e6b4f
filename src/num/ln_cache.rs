//! Enclosures of `ln q` for many rationals `q` whose numerators and denominators are small
//! integers (channel entries such as `37/989`): `ln(n/d) = ln n − ln d`, and each integer is
//! split into its prime factors below 1000, so a 64×64 channel with denominators up to 1000 needs
//! about 170 logarithms instead of one per entry. A logarithm costs tens of microseconds at
//! 128–256 bits, which made them the whole time of a capacity bracket or a mutual-information
//! enclosure (issue 31). Every value is an [`Interval::ln_rational`] enclosure combined by
//! interval arithmetic, so it is as certified as a direct call.

use super::interval::Interval;
use malachite::rational::Rational;
use std::collections::HashMap;

/// Trial division stops at this prime bound; a cofactor without smaller prime factors is
/// treated as one integer.
const SMALL_PRIMES_BELOW: u64 = 1000;

/// A cache of `ln` enclosures at one precision (see the module documentation).
#[derive(Clone, Debug)]
pub struct LnCache {
    prec: u64,
    ints: HashMap<u64, Interval>,
}

impl LnCache {
    pub fn new(prec: u64) -> LnCache {
        LnCache {
            prec,
            ints: HashMap::new(),
        }
    }

    /// An enclosure of `ln q`; `None` when `q ≤ 0`.
    pub fn ln(&mut self, q: &Rational) -> Option<Interval> {
        if *q <= 0u32 {
            return None;
        }
        match (
            u64::try_from(q.numerator_ref()),
            u64::try_from(q.denominator_ref()),
        ) {
            (Ok(n), Ok(d)) => Some(&self.ln_u64(n) - &self.ln_u64(d)),
            _ => Interval::ln_rational(q, self.prec),
        }
    }

    /// `ln n` for an integer `n ≥ 1`, from its prime factors below [`SMALL_PRIMES_BELOW`].
    fn ln_u64(&mut self, n: u64) -> Interval {
        if let Some(v) = self.ints.get(&n) {
            return v.clone();
        }
        let mut acc = Interval::from_i64(0, self.prec);
        let mut rest = n;
        let mut p = 2u64;
        while p < SMALL_PRIMES_BELOW && p * p <= rest {
            while rest.is_multiple_of(p) {
                rest /= p;
                let lp = self.ln_u64(p);
                acc = &acc + &lp;
            }
            p += if p == 2 { 1 } else { 2 };
        }
        if rest > 1 {
            let lr = if rest == n {
                Interval::ln_rational(&Rational::from(n), self.prec).expect("n ≥ 1")
            } else {
                self.ln_u64(rest)
            };
            acc = &acc + &lr;
        }
        self.ints.insert(n, acc.clone());
        acc
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Naive reference: the cached enclosure overlaps the direct one, both are narrow, and
        /// a big numerator takes the direct path.
        #[test]
        fn agrees_with_direct_ln(n in 1u64..2_000_000, d in 1u64..2_000_000, big in any::<bool>()) {
            let mut c = LnCache::new(128);
            let q = if big {
                Rational::from_unsigneds(n, d) * Rational::from(u64::MAX) * Rational::from(7u32)
            } else {
                Rational::from_unsigneds(n, d)
            };
            let direct = Interval::ln_rational(&q, 128).unwrap();
            let cached = c.ln(&q).unwrap();
            prop_assert!(cached.lo <= direct.hi && direct.lo <= cached.hi);
            let w = cached.width_rational().unwrap();
            prop_assert!(w < Rational::from_signeds(1, 1i64 << 40) / Rational::from(1i64 << 60));
            // Cached again: the same enclosure.
            prop_assert_eq!(c.ln(&q).unwrap(), cached);
        }
    }

    #[test]
    fn literal_values() {
        let mut c = LnCache::new(128);
        assert_eq!(c.ln(&Rational::from(0u32)), None);
        assert_eq!(
            c.ln(&Rational::from(1u32))
                .unwrap()
                .cmp_rational(&Rational::from(0u32)),
            None.or(Some(std::cmp::Ordering::Equal))
        );
        // ln 12 = 2 ln 2 + ln 3 ∈ (2.4849, 2.4850).
        let l = c.ln(&Rational::from(12u32)).unwrap();
        assert_eq!(
            l.cmp_rational(&Rational::from_signeds(24849, 10000)),
            Some(std::cmp::Ordering::Greater)
        );
        assert_eq!(
            l.cmp_rational(&Rational::from_signeds(24850, 10000)),
            Some(std::cmp::Ordering::Less)
        );
    }
}
