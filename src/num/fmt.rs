//! Printing exact numbers: a rational as `p/q` and as a correctly rounded decimal.
//!
//! Decimals are computed exactly from the rational (never through `f64`); they are for
//! people only and never decide anything.

use malachite::base::num::arithmetic::traits::{Abs, Pow};
use malachite::base::num::conversion::traits::RoundingFrom;
use malachite::base::rounding_modes::RoundingMode;
use malachite::rational::Rational;
use malachite::Integer;

/// Render a rational with `digits` digits after the point, rounded to nearest with ties
/// away from zero, exactly. `-0.00` is printed as `0.00`.
pub fn decimal(q: &Rational, digits: usize) -> String {
    let neg = *q < 0u32;
    let a = q.clone().abs();
    let scale = Rational::from(10u32).pow(digits as u64);
    let (n, _) = Integer::rounding_from(
        a * scale + Rational::from_signeds(1i32, 2i32),
        RoundingMode::Floor,
    );
    render(neg, &n, digits)
}

/// Render a rational with `digits` digits after the point, rounded in the direction `rm`
/// (`Floor` gives a lower bound, `Ceiling` an upper bound, `Nearest` ties to even).
pub fn decimal_round(q: &Rational, digits: usize, rm: RoundingMode) -> String {
    let scale = Rational::from(10u32).pow(digits as u64);
    let (n, _) = Integer::rounding_from(q * scale, rm);
    let neg = n < 0u32;
    render(neg, &n.abs(), digits)
}

fn render(neg: bool, n: &Integer, digits: usize) -> String {
    let s = n.to_string();
    let s = if digits == 0 {
        s
    } else {
        let padded = format!("{:0>width$}", s, width = digits + 1);
        let (i, f) = padded.split_at(padded.len() - digits);
        format!("{i}.{f}")
    };
    if neg && s.bytes().any(|b| b != b'0' && b != b'.') {
        format!("-{s}")
    } else {
        s
    }
}

#[cfg(test)]
/// `p/q (≈ d)`: the exact form followed by a `digits`-digit decimal; integers print without
/// the decimal.
pub fn exact_and_decimal(q: &Rational, digits: usize) -> String {
    if *q.denominator_ref() == 1u32 {
        q.to_string()
    } else {
        format!("{q} (≈ {})", decimal(q, digits))
    }
}

/// Longest text echoed whole in an error message; longer ones are shortened by [`abbreviate`].
pub const ECHO_LIMIT: usize = 60;

/// `text` itself when short, else its first 24 and last 12 characters around `…` and the total
/// length, so that a 1,000-digit literal does not fill the terminal.
pub fn abbreviate(text: &str) -> String {
    let n = text.chars().count();
    if n <= ECHO_LIMIT {
        return text.to_string();
    }
    let head: String = text.chars().take(24).collect();
    let tail: String = text.chars().skip(n - 12).collect();
    format!("{head}…{tail} ({n} characters)")
}

/// The nearest `f64` to a rational: for hints (a float solver's input, a starting point) and
/// printing only, never for a decision.
pub fn to_f64(q: &Rational) -> f64 {
    f64::rounding_from(q, RoundingMode::Nearest).0
}

/// The exact value of a float hint (every finite `f64` is a dyadic rational; NaN and the
/// infinities, which a hint should not hold, give 0): a starting point, never a decision.
pub fn exact_f64(v: f64) -> Rational {
    Rational::try_from(v).unwrap_or_else(|_| Rational::from(0u32))
}

/// `q` as its `Display` writes it (`p` or `p/q`, `-` before a negative), handed to `f`
/// without an allocation when the numerator and denominator are below 2^64: they are written
/// digit by digit into a buffer on the stack, not through malachite's general conversion
/// (issue 44 item 2: a certificate writes thousands of small rationals, and `Display` cost
/// about 600 instructions each). Larger values go through `Display`.
pub fn with_exact<R>(q: &Rational, f: impl FnOnce(&str) -> R) -> R {
    let (Ok(n), Ok(d)) = (
        u64::try_from(q.numerator_ref()),
        u64::try_from(q.denominator_ref()),
    ) else {
        return f(&q.to_string());
    };
    // sign, 20 digits, '/', 20 digits
    let mut buf = [0u8; 42];
    let mut at = buf.len();
    if d != 1 {
        at = digits(&mut buf[..at], d);
        at -= 1;
        buf[at] = b'/';
    }
    at = digits(&mut buf[..at], n);
    if *q < 0u32 {
        at -= 1;
        buf[at] = b'-';
    }
    f(std::str::from_utf8(&buf[at..]).expect("ASCII digits"))
}

/// Write `x`'s decimal digits at the end of `buf`; the index of the first.
fn digits(buf: &mut [u8], mut x: u64) -> usize {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            return at;
        }
    }
}

/// Append `x` in decimal (as `Display` writes it) to `out`, without the formatting machinery.
pub fn push_u64(out: &mut String, x: u64) {
    let mut buf = [0u8; 20];
    let at = digits(&mut buf, x);
    out.push_str(std::str::from_utf8(&buf[at..]).expect("ASCII digits"));
}

/// `q` as its `Display` writes it ([`with_exact`]).
pub fn exact(q: &Rational) -> String {
    with_exact(q, str::to_string)
}

/// A distribution or vector with exact entries, `(a, b, c)` (reports and instance labels).
pub fn fmt_vec(p: &[Rational]) -> String {
    let parts: Vec<String> = p.iter().map(|x| x.to_string()).collect();
    format!("({})", parts.join(", "))
}

/// A matrix (channel rows) with exact entries, `[(row0); (row1); ...]`.
pub fn fmt_rows(w: &[Vec<Rational>]) -> String {
    let parts: Vec<String> = w.iter().map(|row| fmt_vec(row)).collect();
    format!("[{}]", parts.join("; "))
}

/// `n` and the noun in the right number: `1 entry`, `2 entries`, `0 entries`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite::Natural;
    use proptest::prelude::*;

    /// [`exact`] against malachite's `Display` (the reference), by hand at the edges: zero,
    /// negatives, integers, `u64::MAX` over `u64::MAX − 1`, and values just past 2^64 (the
    /// general path).
    #[test]
    fn exact_is_display_at_the_edges() {
        let max = u64::MAX;
        let big = Natural::from(max) + Natural::from(1u32);
        let table = [
            (Rational::from(0u32), "0"),
            (Rational::from_signeds(-3, 2), "-3/2"),
            (Rational::from_signeds(6, -4), "-3/2"),
            (Rational::from(7u32), "7"),
            (Rational::from(-7i32), "-7"),
            (Rational::from_signeds(1, 6), "1/6"),
            (
                Rational::from_naturals(Natural::from(max), Natural::from(max - 1)),
                "18446744073709551615/18446744073709551614",
            ),
            (
                -Rational::from_naturals(Natural::from(max), Natural::from(max - 1)),
                "-18446744073709551615/18446744073709551614",
            ),
            (Rational::from(big.clone()), "18446744073709551616"),
            (
                Rational::from_naturals(Natural::from(1u32), big.clone()),
                "1/18446744073709551616",
            ),
            (
                -Rational::from_naturals(big, Natural::from(3u32)),
                "-18446744073709551616/3",
            ),
        ];
        for (q, want) in table {
            assert_eq!(exact(&q), want);
            assert_eq!(q.to_string(), want);
        }
        for x in [0, 7, 10, 99, 100, u64::MAX - 1, u64::MAX] {
            let mut s = "#".to_string();
            push_u64(&mut s, x);
            assert_eq!(s, format!("#{x}"));
        }
    }

    proptest! {
        /// [`exact`] is `Display`'s text for any numerator and denominator of up to 128 bits
        /// (both sides of 2^64), of either sign.
        #[test]
        fn exact_is_display(
            n in any::<u128>(),
            d in 1u128..,
            shift in 0u32..128,
            neg in any::<bool>(),
        ) {
            let n = Natural::from(n >> shift);
            let q = Rational::from_naturals(n, Natural::from(d >> (shift / 2)).max(Natural::from(1u32)));
            let q = if neg { -q } else { q };
            prop_assert_eq!(exact(&q), q.to_string());
        }
    }

    #[test]
    fn abbreviate_table() {
        assert_eq!(abbreviate("3/7"), "3/7");
        let s60 = "9".repeat(60);
        assert_eq!(abbreviate(&s60), s60);
        let long = format!("1{}2", "0".repeat(998));
        let a = abbreviate(&long);
        assert!(a.starts_with("100000000000000000000000…"), "{a}");
        assert!(a.ends_with("000000000002 (1000 characters)"), "{a}");
    }

    #[test]
    fn decimal_tables() {
        let q = |n: i64, d: i64| Rational::from_signeds(n, d);
        let table = [
            (q(1, 3), 5, "0.33333"),
            (q(2, 3), 5, "0.66667"),
            (q(-2, 3), 2, "-0.67"),
            (q(1, 8), 2, "0.13"),
            (q(-1, 8), 2, "-0.13"),
            (q(7, 1), 0, "7"),
            (q(5, 2), 0, "3"),
            (q(-1, 1000), 2, "0.00"),
            (q(123456, 1000), 1, "123.5"),
            (q(123456, 100), 3, "1234.560"),
        ];
        for (x, d, s) in table {
            assert_eq!(decimal(&x, d), s, "{x} to {d}");
        }
        let directed = [
            (q(2, 3), 3, RoundingMode::Floor, "0.666"),
            (q(2, 3), 3, RoundingMode::Ceiling, "0.667"),
            (q(-2, 3), 3, RoundingMode::Floor, "-0.667"),
            (q(-2, 3), 3, RoundingMode::Ceiling, "-0.666"),
            (q(1, 8), 2, RoundingMode::Nearest, "0.12"),
        ];
        for (x, d, rm, s) in directed {
            assert_eq!(decimal_round(&x, d, rm), s, "{x} to {d} {rm:?}");
        }
        assert_eq!(exact_and_decimal(&q(1, 3), 3), "1/3 (≈ 0.333)");
        assert_eq!(exact_and_decimal(&q(-4, 1), 3), "-4");
    }

    /// Naive reference: long division digit by digit, then round half up on the magnitude.
    fn naive_decimal(n: i64, d: i64, digits: usize) -> String {
        let neg = (n < 0) != (d < 0) && n != 0;
        let (mut r, d) = (n.unsigned_abs() as u128, d.unsigned_abs() as u128);
        let int = r / d;
        r %= d;
        let mut ds = Vec::new();
        for _ in 0..=digits {
            r *= 10;
            ds.push((r / d) as u8);
            r %= d;
        }
        // scaled value = int*10^digits + first `digits` digits; round on the next digit
        let mut scaled: u128 = int;
        for &x in &ds[..digits] {
            scaled = scaled * 10 + x as u128;
        }
        if ds[digits] >= 5 {
            scaled += 1;
        }
        render(neg, &Integer::from(scaled), digits)
    }

    proptest! {
        #[test]
        fn decimal_matches_long_division(n in -100000i64..100000, d in 1i64..5000, digits in 0usize..8) {
            prop_assert_eq!(decimal(&Rational::from_signeds(n, d), digits), naive_decimal(n, d, digits));
        }
    }

    #[test]
    fn counts_agree_in_number() {
        assert_eq!(count(1, "entry", "entries"), "1 entry");
        assert_eq!(count(0, "entry", "entries"), "0 entries");
        assert_eq!(count(2, "vertex has", "vertices have"), "2 vertices have");
    }
}
