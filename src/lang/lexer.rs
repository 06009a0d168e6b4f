//! Tokens of the claim language. Number literals are read exactly by
//! [`crate::num::parse_rational`] (`0.1` is 1/10, `1e-3` is 1/1000), never through a float.

use super::ast::Span;
use super::error::LangError;
use crate::num::{parse_rational, Rational};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Num(Rational),
    Ident(String),
    /// Punctuation and operators: `( ) [ ] { } , : ; + - * / ^ .. < <= = != >= > =>`.
    Sym(&'static str),
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

const SYMS: [&str; 23] = [
    "=>", "<=", ">=", "!=", "==", "..", "(", ")", "[", "]", "{", "}", ",", ":", ";", "+", "-", "*",
    "/", "^", "<", ">", "=",
];

/// Split `src` into tokens (the last is `Eof`); an unknown character is an error at its column.
pub fn lex(src: &str) -> Result<Vec<Token>, LangError> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = src[i..].chars().next().unwrap_or(' ');
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        if c == '#' {
            // comment to end of line
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            // a decimal point, but not the range operator `..`
            if i + 1 < bytes.len() && bytes[i] == b'.' && bytes[i + 1].is_ascii_digit() {
                i += 1;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
            // exponent `e-3`, `E5` (only when digits follow, so `2e` stays `2 e`)
            if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
                let mut j = i + 1;
                if j < bytes.len() && (bytes[j] == b'-' || bytes[j] == b'+') {
                    j += 1;
                }
                if j < bytes.len() && bytes[j].is_ascii_digit() {
                    while j < bytes.len() && bytes[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                }
            }
            let text = &src[start..i];
            let q = parse_rational(text).map_err(|e| {
                LangError::parse(Span::new(start, i), format!("bad number `{text}`: {e}"))
            })?;
            out.push(Token {
                tok: Tok::Num(q),
                span: Span::new(start, i),
            });
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            while i < bytes.len() {
                let d = src[i..].chars().next().unwrap_or(' ');
                if d.is_alphanumeric() || d == '_' {
                    i += d.len_utf8();
                } else {
                    break;
                }
            }
            out.push(Token {
                tok: Tok::Ident(src[start..i].to_string()),
                span: Span::new(start, i),
            });
            continue;
        }
        match SYMS.iter().find(|s| src[i..].starts_with(**s)) {
            Some(s) => {
                i += s.len();
                let s: &'static str = if *s == "==" { "=" } else { s };
                out.push(Token {
                    tok: Tok::Sym(s),
                    span: Span::new(start, i),
                });
            }
            None => {
                return Err(LangError::parse(
                    Span::new(start, start + c.len_utf8()),
                    format!("unexpected character `{c}`"),
                ))
            }
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        span: Span::new(src.len(), src.len()),
    });
    Ok(out)
}
