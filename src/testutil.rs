//! Test helpers shared across the crate (compiled for tests only): the rational shorthand and
//! proptest strategies for exact distributions and channels.

use crate::num::Rational;
use crate::prob::Channel;
use proptest::prelude::*;

/// `n/d` as an exact rational.
pub fn q(n: i64, d: i64) -> Rational {
    Rational::from_signeds(n, d)
}

/// A channel from rows of `(numerator, denominator)` pairs (panics unless row-stochastic).
pub fn channel_of(rows: &[&[(i64, i64)]]) -> Channel {
    Channel::new(
        rows.iter()
            .map(|r| r.iter().map(|&(n, d)| q(n, d)).collect())
            .collect(),
    )
    .expect("rows are distributions")
}

/// A random distribution on `k` points with denominator `den` (some entries may be 0).
pub fn dist(k: usize, den: u32) -> impl Strategy<Value = Vec<Rational>> {
    proptest::collection::vec(0..=den, k).prop_map(move |mut w| {
        if w.iter().all(|&a| a == 0) {
            w[0] = 1;
        }
        let s: u32 = w.iter().sum();
        w.into_iter()
            .map(|a| Rational::from_unsigneds(a, s))
            .collect()
    })
}

/// A random `n × k` channel.
pub fn channel(n: usize, k: usize, den: u32) -> impl Strategy<Value = Channel> {
    proptest::collection::vec(dist(k, den), n)
        .prop_map(|rows| Channel::new(rows).expect("rows are distributions"))
}
