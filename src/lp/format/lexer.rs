//! The tokens of the LP format: names, exact numbers, signs, `:` and comparisons, and the
//! section keywords.

use super::lp_file::{fail, LpFormatError};
use crate::lp::model::{Cmp, Sense};
use crate::num::{parse_rational, Rational};
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Name(String),
    Num(Rational),
    Plus,
    Minus,
    Colon,
    Cmp(Cmp),
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Name(s) => write!(f, "`{s}`"),
            Tok::Num(q) => write!(f, "number {q}"),
            Tok::Plus => f.write_str("`+`"),
            Tok::Minus => f.write_str("`-`"),
            Tok::Colon => f.write_str("`:`"),
            Tok::Cmp(c) => write!(f, "`{c}`"),
        }
    }
}

pub(super) fn name_start(c: char) -> bool {
    c.is_alphabetic() || "_!\"#$%&(),;?@`'{}|~[]".contains(c)
}

pub(super) fn name_char(c: char) -> bool {
    name_start(c) || c.is_ascii_digit() || c == '.'
}

/// Split one line (comment already removed) into tokens.
pub(super) fn tokenize(text: &str, line: usize) -> Result<Vec<Tok>, LpFormatError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == '+' {
            toks.push(Tok::Plus);
            i += 1;
        } else if c == '-' {
            toks.push(Tok::Minus);
            i += 1;
        } else if c == ':' {
            toks.push(Tok::Colon);
            i += 1;
        } else if c == '<' || c == '>' || c == '=' {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let (cmp, len) = match two.as_str() {
                "<=" | "=<" => (Cmp::Le, 2),
                ">=" | "=>" => (Cmp::Ge, 2),
                _ if c == '<' => (Cmp::Le, 1),
                _ if c == '>' => (Cmp::Ge, 1),
                _ => (Cmp::Eq, 1),
            };
            toks.push(Tok::Cmp(cmp));
            i += len;
        } else if c.is_ascii_digit() || c == '.' {
            let start = i;
            let number_part = |i: &mut usize| {
                while *i < chars.len() && (chars[*i].is_ascii_digit() || chars[*i] == '.') {
                    *i += 1;
                }
                // Exponent only when digits follow, so `2e` + name is not swallowed.
                if *i < chars.len() && (chars[*i] == 'e' || chars[*i] == 'E') {
                    let mut j = *i + 1;
                    if j < chars.len() && (chars[j] == '+' || chars[j] == '-') {
                        j += 1;
                    }
                    if j < chars.len() && chars[j].is_ascii_digit() {
                        while j < chars.len() && chars[j].is_ascii_digit() {
                            j += 1;
                        }
                        *i = j;
                    }
                }
            };
            number_part(&mut i);
            if i + 1 < chars.len()
                && chars[i] == '/'
                && (chars[i + 1].is_ascii_digit() || chars[i + 1] == '.')
            {
                i += 1;
                number_part(&mut i);
            }
            let lit: String = chars[start..i].iter().collect();
            match parse_rational(&lit) {
                Ok(q) => toks.push(Tok::Num(q)),
                Err(e) => return fail(line, e.to_string()),
            }
        } else if name_start(c) {
            let start = i;
            while i < chars.len() && name_char(chars[i]) {
                i += 1;
            }
            toks.push(Tok::Name(chars[start..i].iter().collect()));
        } else {
            return fail(line, format!("unexpected character `{c}`"));
        }
    }
    Ok(toks)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Section {
    Start,
    Objective,
    Constraints,
    Bounds,
    End,
}

/// Recognise a section keyword at the start of a line's tokens; returns the section and how
/// many tokens the keyword used.
pub(super) fn section_keyword(
    toks: &[Tok],
) -> Result<Option<(Section, Option<Sense>, usize)>, String> {
    let word = |k: usize| match toks.get(k) {
        Some(Tok::Name(s)) => Some(s.to_ascii_lowercase()),
        _ => None,
    };
    let Some(w0) = word(0) else { return Ok(None) };
    // A name followed by `:` is a label, never a keyword.
    if toks.get(1) == Some(&Tok::Colon) {
        return Ok(None);
    }
    Ok(match w0.as_str() {
        "minimize" | "minimise" | "minimum" | "min" => {
            Some((Section::Objective, Some(Sense::Minimize), 1))
        }
        "maximize" | "maximise" | "maximum" | "max" => {
            Some((Section::Objective, Some(Sense::Maximize), 1))
        }
        "subject" | "such"
            if word(1).as_deref() == Some("to") || word(1).as_deref() == Some("that") =>
        {
            Some((Section::Constraints, None, 2))
        }
        "st" | "s.t." | "st." => Some((Section::Constraints, None, 1)),
        "bounds" | "bound" => Some((Section::Bounds, None, 1)),
        "end" => Some((Section::End, None, 1)),
        "general" | "generals" | "gen" | "integer" | "integers" | "binary" | "binaries" | "bin"
        | "semi-continuous" | "semis" | "semi" | "sos" => {
            return Err(format!(
                "section `{w0}` (integrality) is not supported: dpcert solves linear programs"
            ))
        }
        _ => None,
    })
}

pub(super) fn is_infinity(n: &str) -> bool {
    matches!(n.to_ascii_lowercase().as_str(), "inf" | "infinity")
}
