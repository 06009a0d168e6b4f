//! Kernel benchmarks: certified ln at 256 bits, exact log-linear zero test and sign.
//!
//! Run: `cargo bench -p dpcert-benches --bench kernel -- --warm-up-time 1 --measurement-time 5`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use dpcert::num::{Interval, LogLinear, Rational};
use malachite::base::num::arithmetic::traits::Pow;
use malachite::base::num::basic::traits::One;

/// A fixed 64-bit LCG so the inputs are the same on every run.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    /// A positive rational with numerator and denominator in [1, 2^31).
    fn positive(&mut self) -> Rational {
        Rational::from_unsigneds(self.next() + 1, self.next() + 1)
    }
}

/// 49 random terms `c_i ln r_i` plus `−ln Π r_i^{c_i}`: exactly zero, 50 terms.
fn zero_form(rng: &mut Lcg) -> LogLinear {
    let mut f = LogLinear::zero();
    let mut prod = Rational::ONE;
    for _ in 0..49 {
        let r = rng.positive();
        let c = rng.next() % 3 + 1;
        prod *= r.clone().pow(c);
        f = f + LogLinear::term(&Rational::from(c), &r);
    }
    f - LogLinear::ln(&prod)
}

fn bench(c: &mut Criterion) {
    let mut rng = Lcg(0x5eed);
    let xs: Vec<Rational> = (0..1000).map(|_| rng.positive()).collect();
    c.bench_function("ln of 1000 random rationals at 256 bits", |b| {
        b.iter(|| {
            for x in &xs {
                black_box(Interval::ln_rational(black_box(x), 256));
            }
        })
    });
    let mut rng = Lcg(0xfeed);
    let zero = zero_form(&mut rng);
    assert!(zero.is_zero());
    c.bench_function("exact zero test of a 50-term log-linear form", |b| {
        b.iter(|| assert!(black_box(&zero).is_zero()))
    });
    // The same form nudged by ln(1 + 2^-200): non-zero, sign needs > 200 bits.
    let nudge = Rational::ONE + Rational::ONE / Rational::from(2u32).pow(200u64);
    let nonzero = &zero + &LogLinear::ln(&nudge);
    c.bench_function(
        "exact sign of a 51-term log-linear form (margin 2^-200)",
        |b| b.iter(|| black_box(&nonzero).signum()),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
