//! [`parse_lp`]: the sections, expressions and bounds of an LP file, the bounds substituted
//! into the `x >= 0` model (see [`super`]), and the warnings about variables used once.

use super::lexer::{is_infinity, section_keyword, tokenize, Section, Tok};
use super::lp_file::{fail, FileVar, LpFile, LpFormatError};
use crate::lp::model::{Cmp, Model, Sense, Var};
use crate::num::Rational;
use std::collections::HashMap;

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
