//! Exact parsing of rational literals: `3/7`, `-2`, `0.125`, `1e-3`, `-1.5E+2`.
//!
//! Decimals and scientific notation are read exactly as written (`0.1` is `1/10`),
//! never through a float.

use malachite::rational::Rational;
use malachite::Natural;
use std::fmt;
use std::str::FromStr;

/// Why a literal is not an exact rational.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRationalError {
    /// The literal as given.
    pub literal: String,
    /// Why it is not an exact rational.
    pub reason: &'static str,
}

impl fmt::Display for ParseRationalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not an exact rational: {}",
            super::fmt::abbreviate(&self.literal),
            self.reason
        )
    }
}

impl std::error::Error for ParseRationalError {}

fn err(literal: &str, reason: &'static str) -> ParseRationalError {
    ParseRationalError {
        literal: literal.to_string(),
        reason,
    }
}

fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Parse `[sign] digits [. digits] [e|E [sign] digits]` exactly.
fn parse_decimal(lit: &str, s: &str) -> Result<Rational, ParseRationalError> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int_part, frac_part) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(err(lit, "no digits"));
    }
    if !(int_part.is_empty() || digits(int_part)) || !(frac_part.is_empty() || digits(frac_part)) {
        return Err(err(
            lit,
            "expected digits, `p/q`, a decimal or scientific notation",
        ));
    }
    if mantissa.contains('.') && int_part.is_empty() && frac_part.is_empty() {
        return Err(err(lit, "no digits"));
    }
    let all_digits = format!("{int_part}{frac_part}");
    let numer = Natural::from_str(&all_digits).map_err(|_| err(lit, "bad digits"))?;
    let mut exp: i64 = -(frac_part.len() as i64);
    if let Some(e) = exponent {
        let (eneg, edigits) = match e.as_bytes().first() {
            Some(b'-') => (true, &e[1..]),
            Some(b'+') => (false, &e[1..]),
            _ => (false, e),
        };
        if !digits(edigits) {
            return Err(err(lit, "bad exponent"));
        }
        let ev: i64 = edigits
            .parse()
            .ok()
            .filter(|v: &i64| *v <= 100_000)
            .ok_or_else(|| err(lit, "exponent too large"))?;
        exp += if eneg { -ev } else { ev };
    }
    let ten = Rational::from(10u32);
    let scale = if exp >= 0 {
        pow(&ten, exp as u64)
    } else {
        Rational::from(1u32) / pow(&ten, (-exp) as u64)
    };
    let v = Rational::from(numer) * scale;
    Ok(if neg { -v } else { v })
}

fn pow(base: &Rational, e: u64) -> Rational {
    use malachite::base::num::arithmetic::traits::Pow;
    base.clone().pow(e)
}

/// Parse an exact rational literal.
///
/// Accepted: integers (`-2`), fractions (`3/7`, `-3/7`, numerator and denominator may each be a
/// decimal), decimals (`0.125`), scientific notation (`1e-3`). Rejected with a reason: empty
/// strings, `3//4`, `1/0`, `nan`, `inf`, anything else.
pub fn parse_rational(literal: &str) -> Result<Rational, ParseRationalError> {
    let s = literal.trim();
    if s.is_empty() {
        return Err(err(literal, "empty"));
    }
    let lower = s.to_ascii_lowercase();
    if lower.contains("nan") || lower.contains("inf") {
        return Err(err(literal, "not a finite number"));
    }
    match s.split_once('/') {
        None => parse_decimal(literal, s),
        Some((p, q)) => {
            if q.contains('/') || q.is_empty() || p.is_empty() {
                return Err(err(literal, "malformed fraction"));
            }
            let p = parse_decimal(literal, p.trim())?;
            if q.trim().starts_with(['-', '+']) {
                return Err(err(literal, "sign belongs to the numerator"));
            }
            let q = parse_decimal(literal, q.trim())?;
            if q == 0u32 {
                return Err(err(literal, "zero denominator"));
            }
            Ok(p / q)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: u64) -> Rational {
        Rational::from(n) / Rational::from(d)
    }

    #[test]
    fn literal_table() {
        let table: &[(&str, Rational)] = &[
            ("3/7", q(3, 7)),
            ("-3/7", q(-3, 7)),
            ("-2", q(-2, 1)),
            ("0.125", q(1, 8)),
            ("0.1", q(1, 10)),
            (".5", q(1, 2)),
            ("5.", q(5, 1)),
            ("1e-3", q(1, 1000)),
            ("1.5E+2", q(150, 1)),
            ("+4/6", q(2, 3)),
            (" 9/10 ", q(9, 10)),
            ("0.5/3", q(1, 6)),
            ("0", q(0, 1)),
        ];
        for (lit, want) in table {
            assert_eq!(&parse_rational(lit).unwrap(), want, "{lit}");
        }
    }

    #[test]
    fn rejects() {
        for lit in [
            "", "3//4", "nan", "NaN", "inf", "1/0", "1/", "/2", "abc", "1.2.3", "e5", "1e", "--1",
            "1/-2", "0x10", "1 2", ".", "-",
        ] {
            assert!(parse_rational(lit).is_err(), "{lit:?} should be rejected");
        }
    }

    proptest::proptest! {
        /// `num::fmt`'s directed roundings bracket the value: the decimals they write read back
        /// (here) to a lower and an upper bound.
        #[test]
        fn directed_brackets(n in -100000i64..100000, d in 1i64..5000, digits in 0usize..6) {
            use crate::num::fmt::decimal_round;
            use malachite::base::rounding_modes::RoundingMode;
            let x = Rational::from_signeds(n, d);
            let lo = crate::num::parse_rational(&decimal_round(&x, digits, RoundingMode::Floor)).unwrap();
            let hi = crate::num::parse_rational(&decimal_round(&x, digits, RoundingMode::Ceiling)).unwrap();
            proptest::prop_assert!(lo <= x && x <= hi);
        }
    }
}
