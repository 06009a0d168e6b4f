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
        };
        let at = if src.contains('\n') {
            format!("line {line}, column {col}")
        } else {
            format!("column {col}")
        };
        format!(
            "{kind} at {at}: {}\n  {text}\n  {}{}",
            self.message,
            " ".repeat(col - 1),
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
