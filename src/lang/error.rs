//! Errors of the claim language, each with the span it is about, rendered with a caret under
//! the column.

use super::ast::Span;
use std::fmt;

/// Which stage refused the claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The text is not a well-formed expression.
    Parse,
    /// Well-formed, but a function, a variable or an argument type is wrong.
    Type,
    /// The domains are too large for the budget (nothing was run).
    Budget,
    /// Evaluation of one instance broke (division by zero, index out of range, ...).
    Eval,
    /// The run's time or instance budget ran out while evaluating (issue 42, item 3): no
    /// verdict, exit 4.
    Limit,
}

#[derive(Clone, Debug, PartialEq, Eq)]
/// A claim-language error: the stage, the byte span in the source, the message; [`LangError::render`] shows the column with a caret.
pub struct LangError {
    /// Where it arose (parse, type check, budget, evaluation).
    pub stage: Stage,
    /// The byte range of the source at fault.
    pub span: Span,
    /// What is wrong, for a person.
    pub message: String,
}

impl LangError {
    /// A [`Stage::Parse`] error.
    pub fn parse(span: Span, message: impl Into<String>) -> LangError {
        LangError {
            stage: Stage::Parse,
            span,
            message: message.into(),
        }
    }
    /// A [`Stage::Type`] error.
    pub fn typ(span: Span, message: impl Into<String>) -> LangError {
        LangError {
            stage: Stage::Type,
            span,
            message: message.into(),
        }
    }
    /// A [`Stage::Eval`] error.
    pub fn eval(span: Span, message: impl Into<String>) -> LangError {
        LangError {
            stage: Stage::Eval,
            span,
            message: message.into(),
        }
    }
    /// A [`Stage::Limit`] error: the budget ran out at `span`.
    pub fn limit(span: Span, message: impl Into<String>) -> LangError {
        LangError {
            stage: Stage::Limit,
            span,
            message: message.into(),
        }
    }
    /// A [`Stage::Budget`] error.
    pub fn budget(span: Span, message: impl Into<String>) -> LangError {
        LangError {
            stage: Stage::Budget,
            span,
            message: message.into(),
        }
    }

    /// 1-based column (in characters) of the span's start in `src`'s line.
    pub fn column(&self, src: &str) -> (usize, usize) {
        let start = self.span.start.min(src.len());
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        let line = src[..start].matches('\n').count() + 1;
        (line, src[line_start..start].chars().count() + 1)
    }

    /// The message with the source line and a caret under the offending span:
    ///
    /// ```text
    /// error: unknown function `mii` (nearest: mi, min, max) at column 8
    ///   forall mii(W) ...
    ///          ^^^
    /// ```
    pub fn render(&self, src: &str) -> String {
        let (line, col) = self.column(src);
        let start = self.span.start.min(src.len());
        let line_start = src[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
        let text = &src[line_start..line_end];
        let width = src[start..self.span.end.clamp(start, line_end)]
            .chars()
            .count()
            .max(1);
        let kind = match self.stage {
            Stage::Parse => "parse error",
            Stage::Type => "type error",
            Stage::Budget => "too large",
            Stage::Eval => "evaluation error",
            Stage::Limit => "stopped",
        };
        let at = if src.contains('\n') {
            format!("line {line}, column {col}")
        } else {
            format!("column {col}")
        };
        // a long line is shown as a window around the span, so that a message stays short
        let chars: Vec<char> = text.chars().collect();
        let from = (col - 1).saturating_sub(WINDOW);
        let to = (col - 1 + width.min(WINDOW) + WINDOW).min(chars.len());
        let shown: String = chars[from.min(to)..to].iter().collect();
        let (pre, post) = (
            if from > 0 { "…" } else { "" },
            if to < chars.len() { "…" } else { "" },
        );
        let pad = col - 1 - from + pre.chars().count();
        let width = width.min(to.saturating_sub(col - 1)).max(1);
        format!(
            "{kind} at {at}: {}\n  {pre}{shown}{post}\n  {}{}",
            self.message,
            " ".repeat(pad),
            "^".repeat(width)
        )
    }
}

impl fmt::Display for LangError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (bytes {}..{})",
            self.message, self.span.start, self.span.end
        )
    }
}

impl std::error::Error for LangError {}

/// How many characters of a long source line [`LangError::render`] shows on either side of
/// the span (issue 42, item 2: a 10,000-character claim is not echoed whole).
const WINDOW: usize = 40;

/// The longest number an error message prints in full.
const SHOWN_DIGITS: usize = 40;

/// `s` when short; a long number (or any long text) as its first and last digits with the
/// count between, so that an error message never prints a 20,000-digit number (issue 42,
/// item 6): `12345678901234567890…78901234567890 (19729 digits)`.
pub fn abbreviate(s: &str) -> String {
    let n = s.chars().count();
    if n <= SHOWN_DIGITS {
        return s.to_string();
    }
    let head: String = s.chars().take(SHOWN_DIGITS / 2).collect();
    let tail: String = s.chars().skip(n - SHOWN_DIGITS / 2).collect();
    let digits = s.chars().filter(char::is_ascii_digit).count();
    if digits == n || (digits + 1 == n && s.starts_with('-')) {
        format!("{head}…{tail} ({digits} digits)")
    } else {
        format!("{head}…{tail} ({n} characters)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_shows_a_window_of_a_long_line() {
        let src = format!("{}x{}", "1 + ".repeat(100), " + 1".repeat(100));
        let at = src.find('x').unwrap();
        let e = LangError::typ(Span::new(at, at + 1), "bad");
        let r = e.render(&src);
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines.len(), 3, "{r}");
        assert!(lines[1].chars().count() < 2 * WINDOW + 10, "{r}");
        // the caret is under the `x`
        let caret = lines[2].chars().position(|c| c == '^').unwrap();
        assert_eq!(lines[1].chars().nth(caret), Some('x'), "{r}");
        assert!(
            lines[1].starts_with("  …") && lines[1].ends_with('…'),
            "{r}"
        );
        // a short line is shown whole
        let e = LangError::typ(Span::new(4, 5), "bad");
        assert_eq!(
            e.render("1 + x"),
            "type error at column 5: bad\n  1 + x\n      ^"
        );
    }

    #[test]
    fn abbreviate_literal_table() {
        let long = "1234567890".repeat(5);
        for (input, want) in [
            ("12", "12".to_string()),
            (&"9".repeat(40)[..], "9".repeat(40)),
            (
                &long[..],
                "12345678901234567890…12345678901234567890 (50 digits)".to_string(),
            ),
            (
                &format!("-{long}")[..],
                "-1234567890123456789…12345678901234567890 (50 digits)".to_string(),
            ),
            (
                &format!("{long}/7")[..],
                "12345678901234567890…345678901234567890/7 (52 characters)".to_string(),
            ),
        ] {
            assert_eq!(abbreviate(input), want, "{input}");
        }
    }
}
