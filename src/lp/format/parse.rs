//! The CPLEX LP text format, common subset, with exact coefficients.
//!
//! ```text
//! \ comments run from a backslash to the end of the line
//! Maximize
//!  obj: 3 x + 2/3 y - 0.5 z
//! Subject To
//!  c1: x + y <= 4
//!  c2: x + 3 y
//!      - z >= 1e-3          (a constraint may span lines)
//!  x - y = 0                (names are optional: rows get r<index>)
//! Bounds
//!  0 <= x <= 40
//!  y <= 5
//!  z free
//! End
//! ```
//!
//! Sections (case-insensitive): `Minimize`/`Minimum`/`Min`, `Maximize`/`Maximum`/`Max`,
//! `Subject To`/`Such That`/`st`/`s.t.`, `Bounds`, `End`. Coefficients are exact literals read by
//! [`parse_rational`] (`3/7`, `0.25`, `1e-3`), never through a float. Bounds (`x >= l`, `x <= u`,
//! `l <= x <= u`, `x = v`, `x free`, `±inf`) are turned into the `x >= 0` model by substitution:
//! `x = l + x'` for a finite lower bound (an upper bound becomes the row `x' <= u - l`, named
//! `<x>.ub`), `x = u - x'` for `(-inf, u]`, and `x = x⁺ - x⁻` for a free variable. [`LpFile`]
//! maps primal points and rays back to the original variables. Integer sections (`General`,
//! `Binary`, ...) are rejected: this is an LP solver.

use super::model::{Cmp, Model, Sense, Var};
use crate::num::{parse_rational, Rational};
use std::collections::HashMap;
use std::fmt;

/// A malformed model: the 1-based line and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LpFormatError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for LpFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for LpFormatError {}

fn fail<T>(line: usize, reason: impl Into<String>) -> Result<T, LpFormatError> {
    Err(LpFormatError {
        line,
        reason: reason.into(),
    })
}

/// An original variable of the file as `offset + Σ sign · x'_k` over model variables `x' >= 0`.
#[derive(Clone, Debug, PartialEq)]
pub struct FileVar {
    pub name: String,
    pub offset: Rational,
    pub parts: Vec<(Var, Rational)>,
}

/// A parsed LP file: the `x >= 0` model and the map back to the file's variables.
#[derive(Clone, Debug, PartialEq)]
pub struct LpFile {
    /// The model: every variable `x ≥ 0` (bounds and free variables substituted, see the module docs).
    pub model: Model,
    /// The file's variables in order of first appearance.
    pub vars: Vec<FileVar>,
    /// The first `n_constraints` rows of the model are the file's constraints, in order; the
    /// rest are upper bounds.
    pub n_constraints: usize,
    /// Readings that are valid but probably not meant: a variable that appears exactly once in
    /// the whole file (a misspelt name silently makes a new variable).
    pub warnings: Vec<String>,
}

impl LpFile {
    /// Values of the file's variables at a model point.
    pub fn values(&self, x: &[Rational]) -> Vec<(String, Rational)> {
        self.vars
            .iter()
            .map(|v| {
                let mut s = v.offset.clone();
                for (k, sign) in &v.parts {
                    s += sign * &x[k.0];
                }
                (v.name.clone(), s)
            })
            .collect()
    }

    /// A model ray as a direction in the file's variables (offsets do not apply).
    pub fn direction(&self, r: &[Rational]) -> Vec<(String, Rational)> {
        self.vars
            .iter()
            .map(|v| {
                let mut s = Rational::from(0u32);
                for (k, sign) in &v.parts {
                    s += sign * &r[k.0];
                }
                (v.name.clone(), s)
            })
            .collect()
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
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

fn name_start(c: char) -> bool {
    c.is_alphabetic() || "_!\"#$%&(),;?@`'{}|~[]".contains(c)
}

fn name_char(c: char) -> bool {
    name_start(c) || c.is_ascii_digit() || c == '.'
}

/// Split one line (comment already removed) into tokens.
fn tokenize(text: &str, line: usize) -> Result<Vec<Tok>, LpFormatError> {
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
enum Section {
    Start,
    Objective,
    Constraints,
    Bounds,
    End,
}

/// Recognise a section keyword at the start of a line's tokens; returns the section and how
/// many tokens the keyword used.
fn section_keyword(toks: &[Tok]) -> Result<Option<(Section, Option<Sense>, usize)>, String> {
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

/// A linear expression: coefficients per variable name (in order of appearance) and a constant.
#[derive(Default)]
struct Expr {
    terms: Vec<(String, Rational)>,
    constant: Rational,
}

/// A token stream with line numbers.
struct Cursor<'a> {
    toks: &'a [(Tok, usize)],
    pos: usize,
    last_line: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(t, _)| t)
    }
    fn peek2(&self) -> Option<&Tok> {
        self.toks.get(self.pos + 1).map(|(t, _)| t)
    }
    fn line(&self) -> usize {
        self.toks
            .get(self.pos)
            .map(|(_, l)| *l)
            .unwrap_or(self.last_line)
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.pos).map(|(t, _)| t.clone());
        self.pos += 1;
        t
    }
    fn done(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// When token `i` is a name alone on its line: the error that names it as what it most
    /// likely is, an unknown section keyword (issue 42 item 6: `Foo` on a line of its own was
    /// reported at the next line, where the statement it began ran into the next token).
    fn lone_word(&self, i: usize) -> Option<LpFormatError> {
        let (Tok::Name(w), line) = self.toks.get(i)? else {
            return None;
        };
        let alone = i.checked_sub(1).is_none_or(|j| self.toks[j].1 != *line)
            && self.toks.get(i + 1).is_none_or(|t| t.1 != *line);
        alone.then(|| unknown_section(w, *line))
    }

    /// An optional `name:` label.
    fn label(&mut self) -> Option<String> {
        if let (Some(Tok::Name(n)), Some(Tok::Colon)) = (self.peek(), self.peek2()) {
            let n = n.clone();
            self.pos += 2;
            Some(n)
        } else {
            None
        }
    }

    /// Terms `[±] [coef] [name]` until a comparison, the end, or the start of a new labelled
    /// statement (`name:`).
    fn expr(&mut self) -> Result<Expr, LpFormatError> {
        let mut e = Expr::default();
        let mut first = true;
        loop {
            match self.peek() {
                None | Some(Tok::Cmp(_)) => return Ok(e),
                Some(Tok::Name(_)) if self.peek2() == Some(&Tok::Colon) => return Ok(e),
                _ => {}
            }
            let line = self.line();
            let mut sign = Rational::from(1u32);
            let mut saw_sign = false;
            while let Some(t @ (Tok::Plus | Tok::Minus)) = self.peek() {
                if *t == Tok::Minus {
                    sign = -sign;
                }
                saw_sign = true;
                self.pos += 1;
            }
            if !first && !saw_sign {
                // The word without a sign, or the statement it follows, alone on its line.
                if let Some(e) = self
                    .lone_word(self.pos)
                    .or_else(|| self.lone_word(self.pos - 1))
                {
                    return Err(e);
                }
                let t = self.peek().map(|t| t.to_string()).unwrap_or_default();
                return fail(line, format!("expected `+` or `-` before {t}"));
            }
            let coef = if let Some(Tok::Num(q)) = self.peek() {
                let q = q.clone();
                self.pos += 1;
                Some(q)
            } else {
                None
            };
            match (self.peek(), coef) {
                (Some(Tok::Name(n)), c) if self.peek2() != Some(&Tok::Colon) => {
                    let n = n.clone();
                    if is_infinity(&n) {
                        return fail(line, "infinity is only allowed in Bounds");
                    }
                    self.pos += 1;
                    let c = c.unwrap_or_else(|| Rational::from(1u32));
                    e.terms.push((n, sign * c));
                }
                (_, Some(c)) => e.constant += sign * c,
                (t, None) => {
                    let t = t.map(|t| t.to_string()).unwrap_or("the end".into());
                    return fail(
                        line,
                        format!("expected a coefficient or a variable, found {t}"),
                    );
                }
            }
            first = false;
        }
    }

    /// `[±] number`.
    fn signed_number(&mut self, what: &str) -> Result<Rational, LpFormatError> {
        let line = self.line();
        let mut sign = Rational::from(1u32);
        while let Some(t @ (Tok::Plus | Tok::Minus)) = self.peek() {
            if *t == Tok::Minus {
                sign = -sign;
            }
            self.pos += 1;
        }
        match self.next() {
            Some(Tok::Num(q)) => Ok(sign * q),
            Some(t) => fail(line, format!("{what} must be a number, found {t}")),
            None => fail(line, format!("{what} is missing")),
        }
    }
}

fn is_infinity(n: &str) -> bool {
    matches!(n.to_ascii_lowercase().as_str(), "inf" | "infinity")
}

/// A bound value: a finite rational, or ±infinity (`None` with the sign).
enum BoundValue {
    Finite(Rational),
    Infinite { negative: bool },
}

fn bound_value(c: &mut Cursor, line: usize) -> Result<BoundValue, LpFormatError> {
    let mut negative = false;
    while let Some(t @ (Tok::Plus | Tok::Minus)) = c.peek() {
        if *t == Tok::Minus {
            negative = !negative;
        }
        c.pos += 1;
    }
    match c.next() {
        Some(Tok::Num(q)) => Ok(BoundValue::Finite(if negative { -q } else { q })),
        Some(Tok::Name(n)) if is_infinity(&n) => Ok(BoundValue::Infinite { negative }),
        Some(t) => fail(line, format!("expected a bound value, found {t}")),
        None => fail(line, "expected a bound value"),
    }
}

#[derive(Clone)]
struct Bounds {
    lower: Option<Rational>,
    upper: Option<Rational>,
}

/// Apply `x cmp v` to the bounds of `x`.
fn apply_bound(b: &mut Bounds, cmp: Cmp, v: BoundValue, line: usize) -> Result<(), LpFormatError> {
    match (cmp, v) {
        (Cmp::Ge, BoundValue::Finite(q)) => b.lower = Some(q),
        (Cmp::Ge, BoundValue::Infinite { negative: true }) => b.lower = None,
        (Cmp::Le, BoundValue::Finite(q)) => b.upper = Some(q),
        (Cmp::Le, BoundValue::Infinite { negative: false }) => b.upper = None,
        (Cmp::Eq, BoundValue::Finite(q)) => {
            b.lower = Some(q.clone());
            b.upper = Some(q);
        }
        (Cmp::Ge, _) => return fail(line, "a lower bound of +infinity is infeasible"),
        (Cmp::Le, _) => return fail(line, "an upper bound of -infinity is infeasible"),
        (Cmp::Eq, _) => return fail(line, "a variable cannot be fixed at infinity"),
    }
    Ok(())
}

fn flip(c: Cmp) -> Cmp {
    match c {
        Cmp::Le => Cmp::Ge,
        Cmp::Ge => Cmp::Le,
        Cmp::Eq => Cmp::Eq,
    }
}

/// Parse one line of the Bounds section.
fn parse_bound_line(
    toks: &[(Tok, usize)],
    line: usize,
    bounds: &mut Vec<(String, Bounds)>,
    index: &mut HashMap<String, usize>,
) -> Result<(), LpFormatError> {
    let mut c = Cursor {
        toks,
        pos: 0,
        last_line: line,
    };
    if toks.len() == 1 {
        if let Some(e) = c.lone_word(0) {
            return Err(e);
        }
    }
    let mut entry = |name: String| -> usize {
        *index.entry(name.clone()).or_insert_with(|| {
            bounds.push((
                name,
                Bounds {
                    lower: Some(Rational::from(0u32)),
                    upper: None,
                },
            ));
            bounds.len() - 1
        })
    };
    match (c.peek().cloned(), c.peek2().cloned()) {
        // x free
        (Some(Tok::Name(x)), Some(Tok::Name(f))) if f.eq_ignore_ascii_case("free") => {
            let k = entry(x);
            c.pos += 2;
            bounds[k].1 = Bounds {
                lower: None,
                upper: None,
            };
        }
        // x cmp v
        (Some(Tok::Name(x)), Some(Tok::Cmp(cmp))) if !is_infinity(&x) => {
            c.pos += 2;
            let v = bound_value(&mut c, line)?;
            let k = entry(x);
            apply_bound(&mut bounds[k].1, cmp, v, line)?;
        }
        // v cmp x [cmp v]
        _ => {
            let v = bound_value(&mut c, line)?;
            let Some(Tok::Cmp(cmp1)) = c.next() else {
                return fail(line, "expected `<=`, `>=` or `=` in a bound");
            };
            let x = match c.next() {
                Some(Tok::Name(x)) if !is_infinity(&x) => x,
                _ => return fail(line, "expected a variable name in a bound"),
            };
            let k = entry(x);
            apply_bound(&mut bounds[k].1, flip(cmp1), v, line)?;
            if let Some(Tok::Cmp(cmp2)) = c.peek().cloned() {
                c.pos += 1;
                let v2 = bound_value(&mut c, line)?;
                apply_bound(&mut bounds[k].1, cmp2, v2, line)?;
            }
        }
    }
    if let Some(t) = c.peek() {
        return fail(line, format!("unexpected {t} after the bound"));
    }
    Ok(())
}

/// A constraint of the file before substitution.
struct FileRow {
    name: Option<String>,
    expr: Expr,
    cmp: Cmp,
    rhs: Rational,
}

/// Parse an LP file's text.
pub fn parse_lp(text: &str) -> Result<LpFile, LpFormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut section = Section::Start;
    let mut sense: Option<Sense> = None;
    let mut obj_toks: Vec<(Tok, usize)> = Vec::new();
    let mut row_toks: Vec<(Tok, usize)> = Vec::new();
    // Variables in order of first appearance, with their bounds.
    let mut bounds: Vec<(String, Bounds)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut bound_lines: Vec<(Vec<(Tok, usize)>, usize)> = Vec::new();
    let mut last_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        last_line = line;
        let content = raw.split('\\').next().unwrap_or("");
        let toks = tokenize(content, line)?;
        let skip = match section_keyword(&toks) {
            Err(reason) => return fail(line, reason),
            Ok(Some((s, sn, used))) => {
                let order_ok = match s {
                    Section::Objective => section == Section::Start,
                    Section::Constraints => section == Section::Objective,
                    Section::Bounds => section == Section::Constraints,
                    Section::End => section != Section::Start && section != Section::End,
                    Section::Start => false,
                };
                if !order_ok {
                    return fail(
                        line,
                        format!("section out of order (expected Minimize/Maximize, Subject To, Bounds, End; in {section:?})"),
                    );
                }
                section = s;
                if sn.is_some() {
                    sense = sn;
                }
                used
            }
            Ok(None) => 0,
        };
        let rest: Vec<(Tok, usize)> = toks.into_iter().skip(skip).map(|t| (t, line)).collect();
        if rest.is_empty() {
            continue;
        }
        if let Some(hint) = misspelt_section(&rest) {
            return fail(line, hint);
        }
        match section {
            Section::Start => {
                return fail(
                    line,
                    "expected `Minimize` or `Maximize` before anything else",
                )
            }
            Section::Objective => obj_toks.extend(rest),
            Section::Constraints => row_toks.extend(rest),
            Section::Bounds => bound_lines.push((rest, line)),
            Section::End => return fail(line, "text after `End`"),
        }
    }
    let Some(sense) = sense else {
        return fail(last_line.max(1), "no `Minimize` or `Maximize` section");
    };
    if section != Section::End {
        return fail(last_line.max(1), "missing `End`");
    }
    let mut see = |name: &str, bounds: &mut Vec<(String, Bounds)>| {
        if !index.contains_key(name) {
            index.insert(name.to_string(), bounds.len());
            bounds.push((
                name.to_string(),
                Bounds {
                    lower: Some(Rational::from(0u32)),
                    upper: None,
                },
            ));
        }
    };
    // Objective.
    let mut c = Cursor {
        toks: &obj_toks,
        pos: 0,
        last_line,
    };
    c.label();
    let objective = c.expr()?;
    if !c.done() {
        let line = c.line();
        return fail(
            line,
            format!("unexpected {} in the objective", c.peek().unwrap()),
        );
    }
    for (n, _) in &objective.terms {
        see(n, &mut bounds);
    }
    // Constraints.
    let mut rows: Vec<(FileRow, usize)> = Vec::new();
    let mut c = Cursor {
        toks: &row_toks,
        pos: 0,
        last_line,
    };
    while !c.done() {
        let line = c.line();
        let start = c.pos;
        let name = c.label();
        let expr = c.expr()?;
        let cmp = match c.next() {
            Some(Tok::Cmp(cmp)) => cmp,
            _ if c.lone_word(start).is_some() => return Err(c.lone_word(start).unwrap()),
            Some(t) => return fail(line, format!("expected `<=`, `>=` or `=`, found {t}")),
            None => return fail(line, "constraint without `<=`, `>=` or `=`"),
        };
        let rhs = c.signed_number("the right-hand side")?;
        if expr.terms.is_empty() {
            return fail(line, "constraint without variables");
        }
        for (n, _) in &expr.terms {
            see(n, &mut bounds);
        }
        rows.push((
            FileRow {
                name,
                expr,
                cmp,
                rhs,
            },
            line,
        ));
    }
    let mut index2: HashMap<String, usize> = bounds
        .iter()
        .enumerate()
        .map(|(i, (n, _))| (n.clone(), i))
        .collect();
    for (toks, line) in &bound_lines {
        parse_bound_line(toks, *line, &mut bounds, &mut index2)?;
    }
    let warnings = single_use_warnings(
        &objective,
        obj_toks.first().map(|t| t.1),
        &rows,
        &bound_lines,
    );
    let mut file = build(sense, objective, rows, bounds)?;
    file.warnings = warnings;
    Ok(file)
}

/// The error for a word alone on its line that is no section keyword (see
/// [`Cursor::lone_word`]).
fn unknown_section(word: &str, line: usize) -> LpFormatError {
    LpFormatError {
        line,
        reason: format!(
            "`{}` alone on a line is not a section keyword (Minimize/Maximize, Subject To, \
             Bounds, End) and not a statement",
            crate::num::fmt::abbreviate(word)
        ),
    }
}

/// A line of at most two words, the first a near miss of a section keyword (`Subjet To`,
/// `Bound`, `Maximise`): the error names this line and the keyword, instead of a parse error
/// later where the misread section's tokens run into the next statement.
fn misspelt_section(toks: &[(Tok, usize)]) -> Option<String> {
    let words: Vec<&str> = toks
        .iter()
        .map(|(t, _)| match t {
            Tok::Name(n) => Some(n.as_str()),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    let first = words.first()?.to_ascii_lowercase();
    if words.len() > 2 {
        return None;
    }
    ["Subject To", "Bounds", "End", "Maximize", "Minimize"]
        .into_iter()
        .find(|k| {
            let kw = k.split(' ').next().unwrap_or(k).to_ascii_lowercase();
            let d = edit_distance(&first, &kw);
            d >= 1 && d <= if kw.len() <= 3 { 1 } else { 2 } && first.len() >= 3
        })
        .map(|k| {
            format!(
                "`{}` is not a section keyword; did you mean `{k}`?",
                words.join(" ")
            )
        })
}

/// Levenshtein distance (for "did you mean" hints only).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            cur.push(
                (prev[j] + usize::from(ca != *cb))
                    .min(prev[j + 1] + 1)
                    .min(cur[j] + 1),
            );
        }
        prev = cur;
    }
    prev[b.len()]
}

/// A warning for every variable that appears exactly once in the file (objective, constraints
/// and bounds together), with the nearest other name when one is within two edits.
fn single_use_warnings(
    objective: &Expr,
    objective_line: Option<usize>,
    rows: &[(FileRow, usize)],
    bound_lines: &[(Vec<(Tok, usize)>, usize)],
) -> Vec<String> {
    let mut uses: Vec<(String, usize, usize)> = Vec::new(); // (name, count, first line)
    let mut at: HashMap<String, usize> = HashMap::new();
    let mut see = |n: &str, line: usize| match at.get(n) {
        Some(&k) => uses[k].1 += 1,
        None => {
            at.insert(n.to_string(), uses.len());
            uses.push((n.to_string(), 1, line));
        }
    };
    for (n, _) in &objective.terms {
        see(n, objective_line.unwrap_or(0));
    }
    for (row, line) in rows {
        for (n, _) in &row.expr.terms {
            see(n, *line);
        }
    }
    for (toks, line) in bound_lines {
        for (t, _) in toks {
            if let Tok::Name(n) = t {
                if !n.eq_ignore_ascii_case("free") && !is_infinity(n) {
                    see(n, *line);
                }
            }
        }
    }
    uses.iter()
        .filter(|(_, count, _)| *count == 1)
        .map(|(n, _, line)| {
            let near = uses
                .iter()
                .filter(|(m, c, _)| m != n && *c > 1)
                .map(|(m, _, _)| (edit_distance(n, m), m))
                .filter(|(d, _)| *d <= 2)
                .min();
            let hint = near.map_or(String::new(), |(_, m)| {
                format!(" (a misspelling of `{m}`?)")
            });
            format!("line {line}: variable `{n}` appears only once in the file{hint}")
        })
        .collect()
}

/// Substitute the bounds and build the `x >= 0` model.
fn build(
    sense: Sense,
    objective: Expr,
    rows: Vec<(FileRow, usize)>,
    bounds: Vec<(String, Bounds)>,
) -> Result<LpFile, LpFormatError> {
    let mut model = Model::new(sense);
    let one = Rational::from(1u32);
    let mut vars: Vec<FileVar> = Vec::new();
    let mut uppers: Vec<(String, Var, Rational)> = Vec::new();
    for (name, b) in &bounds {
        let v = match (&b.lower, &b.upper) {
            (Some(l), u) => {
                let x = model.add_var(name.clone());
                if let Some(u) = u {
                    uppers.push((format!("{name}.ub"), x, u - l));
                }
                FileVar {
                    name: name.clone(),
                    offset: l.clone(),
                    parts: vec![(x, one.clone())],
                }
            }
            (None, Some(u)) => {
                let x = model.add_var(format!("{name}.neg"));
                FileVar {
                    name: name.clone(),
                    offset: u.clone(),
                    parts: vec![(x, -&one)],
                }
            }
            (None, None) => {
                let p = model.add_var(format!("{name}.pos"));
                let n = model.add_var(format!("{name}.neg"));
                FileVar {
                    name: name.clone(),
                    offset: Rational::from(0u32),
                    parts: vec![(p, one.clone()), (n, -&one)],
                }
            }
        };
        vars.push(v);
    }
    let index: HashMap<&str, usize> = vars
        .iter()
        .enumerate()
        .map(|(i, v)| (v.name.as_str(), i))
        .collect();
    // Σ a_j x_j = Σ a_j (offset_j + Σ sign x') : terms over model vars and a constant.
    let substitute = |e: &Expr| -> (Vec<(Var, Rational)>, Rational) {
        let mut terms = Vec::new();
        let mut constant = e.constant.clone();
        for (n, a) in &e.terms {
            let v = &vars[index[n.as_str()]];
            constant += a * &v.offset;
            for (x, s) in &v.parts {
                terms.push((*x, a * s));
            }
        }
        (terms, constant)
    };
    let (obj_terms, obj_const) = substitute(&objective);
    model.set_objective(&obj_terms);
    model.set_objective_offset(obj_const);
    let mut names: HashMap<String, usize> = HashMap::new();
    let n_constraints = rows.len();
    for (i, (row, line)) in rows.iter().enumerate() {
        let (terms, constant) = substitute(&row.expr);
        let name = row.name.clone().unwrap_or_else(|| format!("r{i}"));
        if let Some(prev) = names.insert(name.clone(), *line) {
            return fail(
                *line,
                format!("constraint name `{name}` already used on line {prev}"),
            );
        }
        model.add_named_row(name, &terms, row.cmp, &row.rhs - constant);
    }
    for (mut name, x, u) in uppers {
        // `x.ub` cannot be a constraint name the user already chose.
        while names.contains_key(&name) {
            name.push('\'');
        }
        names.insert(name.clone(), 0);
        model.add_named_row(name, &[(x, one.clone())], Cmp::Le, u);
    }
    Ok(LpFile {
        model,
        vars,
        n_constraints,
        warnings: Vec::new(),
    })
}

/// A name the parser reads back as itself: starts with a name character, uses only name
/// characters, and is not a section keyword.
fn writable_name(s: &str) -> bool {
    let mut chars = s.chars();
    let ok = chars.next().is_some_and(name_start)
        && s.chars().all(name_char)
        && !is_infinity(s)
        && !s.eq_ignore_ascii_case("free");
    ok && section_keyword(&[Tok::Name(s.to_string())])
        .ok()
        .flatten()
        .is_none()
}

/// Names made unique and parseable; `fallback(i)` replaces a name that is not.
fn safe_names(names: &[String], fallback: impl Fn(usize) -> String) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut n = if writable_name(n) {
                n.clone()
            } else {
                fallback(i)
            };
            while !seen.insert(n.clone()) {
                n = format!("{n}_{i}");
            }
            n
        })
        .collect()
}

fn write_terms(out: &mut String, terms: &[(usize, Rational)], names: &[String]) {
    for (j, a) in terms {
        let (sign, abs) = if *a < 0u32 {
            ("-", -a)
        } else {
            ("+", a.clone())
        };
        out.push_str(&format!(" {sign} {abs} {}", names[*j]));
    }
}

/// Write a model in the LP format read by [`parse_lp`], with exact `p/q` coefficients, so that
/// every LP dpcert builds can be inspected or handed to another solver. Variable and row
/// names that would not read back are replaced by `x<j>` / `r<i>`.
pub fn write_lp(model: &Model) -> String {
    let mut out = String::new();
    out.push_str(match model.sense() {
        Sense::Minimize => "Minimize\n",
        Sense::Maximize => "Maximize\n",
    });
    let mut vnames = safe_names(model.var_names(), |j| format!("x{j}"));
    if vnames.is_empty() {
        vnames.push("x_unused".to_string());
    }
    let rnames: Vec<String> = model.rows().iter().map(|r| r.name.clone()).collect();
    let rnames = safe_names(&rnames, |i| format!("r{i}"));
    out.push_str(" obj:");
    let obj: Vec<(usize, Rational)> = model
        .objective()
        .iter()
        .enumerate()
        .filter(|(_, c)| **c != 0u32)
        .map(|(j, c)| (j, c.clone()))
        .collect();
    write_terms(&mut out, &obj, &vnames);
    if *model.objective_offset() != 0u32 || obj.is_empty() {
        let c = model.objective_offset();
        let (sign, abs) = if *c < 0u32 {
            ("-", -c)
        } else {
            ("+", c.clone())
        };
        out.push_str(&format!(" {sign} {abs}"));
    }
    out.push_str("\nSubject To\n");
    for (row, name) in model.rows().iter().zip(&rnames) {
        out.push_str(&format!(" {name}:"));
        if row.coeffs.is_empty() {
            out.push_str(&format!(" 0 {}", vnames[0]));
        } else {
            write_terms(&mut out, &row.coeffs, &vnames);
        }
        out.push_str(&format!(" {} {}\n", row.cmp, row.rhs));
    }
    out.push_str("End\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::{guided::solve, Certificate};

    fn q(s: &str) -> Rational {
        parse_rational(s).unwrap()
    }

    /// Files with their exact optimum and the optimal values of the file's variables.
    #[test]
    fn literal_table_of_files() {
        type Case = (
            &'static str,
            &'static str,
            &'static [(&'static str, &'static str)],
        );
        let table: &[Case] = &[
            (
                "Maximize\n obj: x + y\nSubject To\n c1: 2 x + y <= 4\n c2: x + 3 y <= 6\nEnd\n",
                "14/5",
                &[("x", "6/5"), ("y", "8/5")],
            ),
            // Lower case, st, unnamed rows, fractions, a row spanning two lines, comments.
            (
                "min \\ the objective\n 1/2 a + 0.25 b\nst\n a + b\n   >= 4\n a - b = 1e0\nend",
                "13/8",
                &[("a", "5/2"), ("b", "3/2")],
            ),
            // Bounds: shifted lower bound, upper bound, free variable, (-inf, u].
            (
                "Minimize\n x + y - z + w\nSubject To\n y + z >= -3\n w >= -10\nBounds\n 2 <= x <= 5\n y free\n z <= 1\n -inf <= w <= 0\nEnd",
                "-13",
                &[("x", "2"), ("y", "-4"), ("z", "1"), ("w", "-10")],
            ),
            // `x = v` bound and an objective constant.
            (
                "MAXIMIZE\n obj: 2 x + 3 + y\nSUBJECT TO\n x + y <= 10\nBOUNDS\n x = 3\nEND",
                "16",
                &[("x", "3"), ("y", "7")],
            ),
            // Maximum / s.t. / a coefficient with no space and a repeated variable.
            ("maximum\n 3x + x\ns.t.\n c: 2x <= 1\nend", "2", &[("x", "1/2")]),
        ];
        for (text, value, values) in table {
            let f = parse_lp(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let sol = solve(&f.model).unwrap();
            let Certificate::Optimal {
                value: v, primal, ..
            } = &sol
            else {
                panic!("{text}: {sol:?}")
            };
            assert_eq!(v, &q(value), "{text}");
            let got = f.values(primal);
            for (name, want) in values.iter() {
                let (_, val) = got.iter().find(|(n, _)| n == name).unwrap();
                assert_eq!(val, &q(want), "{text}: {name}");
            }
        }
    }

    #[test]
    fn malformed_files_name_the_line() {
        let table: &[(&str, usize, &str)] = &[
            (
                "Maximize\n x\nSubject To\n c1: x <= 1/0\nEnd",
                4,
                "zero denominator",
            ),
            (
                "Maximize\n x\nSubject To\n c1: x + <= 1\nEnd",
                4,
                "coefficient or a variable",
            ),
            (
                "Maximize\n x\nSubject To\n c1: x y <= 1\nEnd",
                4,
                "expected `+` or `-`",
            ),
            (
                "Maximize\n x\nSubject To\n c1: x <= y\nEnd",
                4,
                "right-hand side",
            ),
            ("Maximize\n x\nSubject To\n c1: x\nEnd", 4, "without"),
            ("Subject To\n x <= 1\nEnd", 1, "section out of order"),
            ("Maximize\n x\nSubject To\n x <= 1\n", 4, "missing `End`"),
            (
                "Maximize\n x\nSubject To\n x <= 1\nGeneral\n x\nEnd",
                5,
                "integrality",
            ),
            (
                "Maximize\n x\nSubject To\n x <= 1\nBounds\n x <= -inf\nEnd",
                6,
                "infinity",
            ),
            (
                "Maximize\n x\nSubject To\n c: x <= 1\n c: x <= 2\nEnd",
                5,
                "already used",
            ),
            ("Maximize\n x * 2\nEnd", 2, "unexpected character"),
            // Issue 42 item 6: an unknown section word is named at its own line, wherever it
            // stands (it was reported at the next statement's line).
            (
                "Maximize\n obj: x + y\nSubject To\n c1: x + y <= 4\nFoo\n x <= 3\nEnd",
                5,
                "`Foo` alone on a line is not a section keyword",
            ),
            (
                "Maximize\n obj: x + y\nFoo\nSubject To\n c1: x + y <= 4\nEnd",
                3,
                "`Foo` alone on a line is not a section keyword",
            ),
            (
                "Maximize\n obj: x\nSubject To\n c1: x <= 4\nFoo\n c2: x <= 3\nEnd",
                5,
                "`Foo` alone on a line is not a section keyword",
            ),
            (
                "Maximize\n obj: x\nSubject To\n c1: x <= 4\nFoo\nEnd",
                5,
                "`Foo` alone on a line is not a section keyword",
            ),
            (
                "Maximize\n obj: x\nSubject To\n c1: x <= 4\nBounds\nFoo\n x <= 3\nEnd",
                6,
                "`Foo` alone on a line is not a section keyword",
            ),
            (
                "Maximize\n x\nSubject To\n x <= 1\nBounds\n 3 x\nEnd",
                6,
                "expected",
            ),
            (
                "Maximize\n x\nSubject To\n x <= 1\nEnd\n x",
                6,
                "after `End`",
            ),
            // Issue 29: a misspelt section is reported on its own line, with the keyword.
            (
                "Maximize\n obj: x + y\nSubjet To\n c1: x + y <= 4\nEnd",
                3,
                "did you mean `Subject To`?",
            ),
            (
                "Maximize\n x\nSubject To\n x <= 1\nBnds\n x <= 2\nEnd",
                5,
                "did you mean `Bounds`?",
            ),
        ];
        for (text, line, reason) in table {
            let e = parse_lp(text).expect_err(text);
            assert_eq!(e.line, *line, "{text}: {e}");
            assert!(e.reason.contains(reason), "{text}: {e}");
        }
    }

    /// Issue 29: `xx3` for `x3` silently made a new variable; now it is warned about, with the
    /// name it is nearest to. Variables used twice or more are not.
    #[test]
    fn a_variable_used_once_is_warned_about() {
        let f = parse_lp(
            "Maximize\n obj: x1 + 2 x2 + 3 x3\nSubject To\n c1: x1 + x2 + xx3 <= 4\n c2: x3 <= 1\n c3: x2 + x1 <= 3\nEnd",
        )
        .unwrap();
        assert_eq!(
            f.warnings,
            ["line 4: variable `xx3` appears only once in the file (a misspelling of `x3`?)"]
        );
        let f = parse_lp("Maximize\n x + y\nSubject To\n x + y <= 1\nEnd").unwrap();
        assert!(f.warnings.is_empty(), "{:?}", f.warnings);
        // Bounds count as a use.
        let f = parse_lp("Maximize\n x\nSubject To\n c: 2 x <= 1\nBounds\n z free\nEnd").unwrap();
        assert_eq!(f.warnings.len(), 1, "{:?}", f.warnings);
        assert!(f.warnings[0].contains("`z`"));
    }

    #[test]
    fn bound_rows_do_not_take_a_user_row_name() {
        let f = parse_lp("Max\n x\nst\n x.ub: x <= 3\nBounds\n x <= 2\nEnd").unwrap();
        let names: Vec<&str> = f.model.rows().iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["x.ub", "x.ub'"]);
        assert_eq!(solve(&f.model).unwrap().value(), Some(&q("2")));
    }

    #[test]
    fn infeasible_bounds_give_a_checked_farkas_certificate() {
        let f = parse_lp("Min\n x\nst\n x >= 0\nBounds\n 3 <= x <= 2\nEnd").unwrap();
        assert_eq!(solve(&f.model).unwrap().status(), "infeasible");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Issue 26 (companion of `fuzz/fuzz_targets/lp_format.rs`): arbitrary text and text
        /// made of LP-format tokens is parsed or refused, never a panic; what parses writes
        /// back to text that parses to the same shape.
        #[test]
        fn any_text_is_parsed_or_refused(
            text in proptest::prop_oneof![
                "\\PC{0,64}",
                "(Maximize|Minimize|Subject To|st|Bounds|End|Free|General|x|y|[0-9]{1,3}|[<>=]=?|[-+*/.:]|\\n| ){0,24}",
            ]
        ) {
            if let Ok(f) = parse_lp(&text) {
                let again = parse_lp(&write_lp(&f.model));
                proptest::prop_assert!(again.is_ok(), "{:?}", again);
                let again = again.unwrap();
                proptest::prop_assert_eq!(again.model.n_vars(), f.model.n_vars());
                proptest::prop_assert_eq!(again.model.n_rows(), f.model.n_rows());
            }
        }
    }
}
