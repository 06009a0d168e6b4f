//! A hand-written recursive-descent parser with precedence climbing.
//!
//! Why not a parser crate: the grammar is small (one screen, see docs/claim-language.md) and
//! the errors we want are specific ("expected `:` after the binders of `forall`", with the
//! column); a hand-written parser gives them directly, adds no dependency to a build that four
//! developers share on two cores, and is as easy to read as a combinator grammar.
//!
//! Precedence, loosest first: `forall`/`exists`/`let` (extend as far right as possible), `=>`
//! (right-associative), `or`, `and`, `not`, comparisons (non-associative), `+ -`, `* /`,
//! unary `-`, `^` (right-associative), indexing `x[i]`.

use super::ast::*;
use super::error::LangError;
use super::lexer::{lex, Tok, Token};

const KEYWORDS: [&str; 9] = [
    "forall", "exists", "let", "in", "where", "and", "or", "not", "denom",
];

/// The deepest nesting the parser accepts (issue 42, item 2): parentheses, braces, calls,
/// indexing, the operand of `not`, of a unary `-`, of `^` and of `=>`, the body of a
/// quantifier or a `let` each count one level. With [`MAX_DEPTH`], chosen so that parsing and
/// every later pass fit [`super::stack::STACK`] (its doc has the measurements).
pub const MAX_NESTING: usize = 1000;

/// The deepest syntax tree accepted, counted in nodes from the root (a flat sum of `n` terms
/// is `n` deep: `a + b + c` is `(a + b) + c`): every pass over the tree (type checking,
/// hoisting, evaluation, dropping) recurses once per level. A flat sum of 2,000 terms is
/// accepted (issue 42, item 2).
pub const MAX_DEPTH: usize = 4000;

/// Parse one claim expression.
pub fn parse(src: &str) -> Result<Expr, LangError> {
    let toks = lex(src)?;
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let e = p.expr()?;
    match &p.peek().tok {
        Tok::Eof => {
            check_depth(&e)?;
            Ok(e)
        }
        _ => Err(p.unexpected("the end of the expression (an operator, `and`, `or`, ...)")),
    }
}

/// The depth of the tree `e` (a leaf is 1) and its first node at the greatest depth, found
/// without recursing (it must not overflow the stack that deep trees are kept from).
pub fn depth(e: &Expr) -> (usize, Span) {
    let mut todo = vec![(e, 1usize)];
    let mut deepest = (0, e.span);
    while let Some((x, d)) = todo.pop() {
        if d > deepest.0 {
            deepest = (d, x.span);
        }
        x.for_each_child(&mut |c| todo.push((c, d + 1)));
    }
    deepest
}

/// Refuse a tree deeper than [`MAX_DEPTH`], at its deepest node.
fn check_depth(e: &Expr) -> Result<(), LangError> {
    let (d, at) = depth(e);
    if d > MAX_DEPTH {
        return Err(LangError::parse(
            at,
            format!("the expression is more than {MAX_DEPTH} levels deep here ({d}; each operator, call, binder and `let` is one level, and a sum of n terms is n deep): split it, e.g. into sums of fewer terms"),
        ));
    }
    Ok(())
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    /// Nesting levels open (see [`MAX_NESTING`]).
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    fn peek_at(&self, k: usize) -> &Token {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)]
    }
    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(&self.peek().tok, Tok::Sym(x) if *x == s)
    }
    fn is_kw(&self, s: &str) -> bool {
        matches!(&self.peek().tok, Tok::Ident(x) if x == s)
    }
    fn eat_sym(&mut self, s: &str) -> bool {
        if self.is_sym(s) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn eat_kw(&mut self, s: &str) -> bool {
        if self.is_kw(s) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn describe(t: &Tok) -> String {
        match t {
            Tok::Num(q) => format!("the number `{q}`"),
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Sym(s) => format!("`{s}`"),
            Tok::Eof => "the end of the input".to_string(),
        }
    }
    fn unexpected(&self, wanted: &str) -> LangError {
        let t = self.peek();
        LangError::parse(
            t.span,
            format!("expected {wanted}, found {}", Self::describe(&t.tok)),
        )
    }
    fn expect_sym(&mut self, s: &str, context: &str) -> Result<Token, LangError> {
        if self.is_sym(s) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(&format!("`{s}` {context}")))
        }
    }
    fn ident(&mut self, what: &str) -> Result<(String, Span), LangError> {
        if let Tok::Ident(s) = &self.peek().tok {
            if s == "e" || s == "inf" {
                return Err(LangError::parse(
                    self.peek().span,
                    format!("`{s}` is a constant, not a name to bind; choose another name"),
                ));
            }
        }
        match &self.peek().tok {
            Tok::Ident(s) if !KEYWORDS.contains(&s.as_str()) => {
                let t = self.bump();
                match t.tok {
                    Tok::Ident(s) => Ok((s, t.span)),
                    _ => unreachable!("peeked an identifier"),
                }
            }
            _ => Err(self.unexpected(what)),
        }
    }

    /// `f` one nesting level deeper; refused past [`MAX_NESTING`] with the column, never a
    /// stack overflow.
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, LangError>,
    ) -> Result<T, LangError> {
        if self.depth >= MAX_NESTING {
            return Err(LangError::parse(
                self.peek().span,
                format!("the expression nests more than {MAX_NESTING} levels deep here (parentheses, braces, calls, indexing, quantifiers, `let`, and the operands of `not`, unary `-`, `^` and `=>` each open a level)"),
            ));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn expr(&mut self) -> Result<Expr, LangError> {
        self.nested(Self::expr_at)
    }

    fn expr_at(&mut self) -> Result<Expr, LangError> {
        let start = self.peek().span;
        if self.is_kw("forall") || self.is_kw("exists") {
            let q = if self.eat_kw("forall") {
                Quant::Forall
            } else {
                self.bump();
                Quant::Exists
            };
            let mut binders = vec![self.binder()?];
            while self.eat_sym(",") {
                binders.push(self.binder()?);
            }
            let filter = if self.eat_kw("where") {
                Some(Box::new(self.implies()?))
            } else {
                None
            };
            self.expect_sym(":", "after the binders")?;
            let body = self.expr()?;
            let span = start.to(body.span);
            return Ok(Expr::new(
                ExprKind::Quant {
                    q,
                    binders,
                    filter,
                    body: Box::new(body),
                },
                span,
            ));
        }
        if self.eat_kw("let") {
            let (name, _) = self.ident("a name after `let`")?;
            self.expect_sym("=", "after the name in `let`")?;
            let value = self.expr()?;
            self.expect_sym(";", "after the value of `let` (let x = value; body)")?;
            let body = self.expr()?;
            let span = start.to(body.span);
            return Ok(Expr::new(
                ExprKind::Let {
                    name,
                    value: Box::new(value),
                    body: Box::new(body),
                },
                span,
            ));
        }
        self.implies()
    }

    /// `x in D`, `t > a`, `t >= a`, `t in (a, b)` (any mix of `(`/`[` and `)`/`]`).
    fn binder(&mut self) -> Result<Binder, LangError> {
        let (name, span) = self.ident("a variable name to bind")?;
        if self.is_sym(">") || self.is_sym(">=") {
            let open = self.is_sym(">");
            self.bump();
            let lo = self.sum()?;
            return Ok(Binder {
                name,
                span,
                range: Range::Symbolic {
                    lo,
                    lo_open: open,
                    hi: None,
                },
            });
        }
        if !self.eat_kw("in") {
            return Err(self.unexpected("`in` (x in D) or `>` (t > 1) after the bound variable"));
        }
        if self.is_sym("(") || self.is_sym("[") {
            // an interval of a symbolic real, `(a, b)`: look for the comma at depth 1
            if self.interval_ahead() {
                let lo_open = self.is_sym("(");
                self.bump();
                let lo = self.sum()?;
                self.expect_sym(",", "between the ends of the interval")?;
                let hi = self.sum()?;
                let hi_open = if self.eat_sym(")") {
                    true
                } else if self.eat_sym("]") {
                    false
                } else {
                    return Err(self.unexpected("`)` or `]` closing the interval"));
                };
                return Ok(Binder {
                    name,
                    span,
                    range: Range::Symbolic {
                        lo,
                        lo_open,
                        hi: Some((hi, hi_open)),
                    },
                });
            }
        }
        let d = self.domain()?;
        Ok(Binder {
            name,
            span,
            range: Range::In(d),
        })
    }

    /// After `in`: does the bracket that starts here hold `a, b` at depth 1?
    fn interval_ahead(&self) -> bool {
        let mut depth = 0i32;
        let mut k = 0;
        loop {
            match &self.peek_at(k).tok {
                Tok::Sym("(") | Tok::Sym("[") | Tok::Sym("{") => depth += 1,
                Tok::Sym(")") | Tok::Sym("]") | Tok::Sym("}") => {
                    depth -= 1;
                    if depth == 0 {
                        return false;
                    }
                }
                Tok::Sym(",") if depth == 1 => return true,
                Tok::Eof => return false,
                _ => {}
            }
            k += 1;
        }
    }

    /// A domain: `a..b`, or any other expression (a set, `channels(...)`, a variable).
    fn domain(&mut self) -> Result<Expr, LangError> {
        let a = self.sum()?;
        if self.eat_sym("..") {
            let b = self.sum()?;
            let span = a.span.to(b.span);
            return Ok(Expr::new(
                ExprKind::IntRange(Box::new(a), Box::new(b)),
                span,
            ));
        }
        Ok(a)
    }

    fn implies(&mut self) -> Result<Expr, LangError> {
        let a = self.or()?;
        if self.eat_sym("=>") {
            let b = if self.is_kw("forall") || self.is_kw("exists") || self.is_kw("let") {
                self.expr()?
            } else {
                self.nested(Self::implies)?
            };
            let span = a.span.to(b.span);
            return Ok(Expr::new(
                ExprKind::Bin(BinOp::Implies, Box::new(a), Box::new(b)),
                span,
            ));
        }
        Ok(a)
    }

    fn or(&mut self) -> Result<Expr, LangError> {
        let mut a = self.and()?;
        while self.eat_kw("or") {
            let b = self.and()?;
            let span = a.span.to(b.span);
            a = Expr::new(ExprKind::Bin(BinOp::Or, Box::new(a), Box::new(b)), span);
        }
        Ok(a)
    }

    fn and(&mut self) -> Result<Expr, LangError> {
        let mut a = self.not()?;
        while self.eat_kw("and") {
            let b = self.not()?;
            let span = a.span.to(b.span);
            a = Expr::new(ExprKind::Bin(BinOp::And, Box::new(a), Box::new(b)), span);
        }
        Ok(a)
    }

    fn not(&mut self) -> Result<Expr, LangError> {
        let start = self.peek().span;
        if self.eat_kw("not") {
            let a = self.nested(Self::not)?;
            let span = start.to(a.span);
            return Ok(Expr::new(ExprKind::Not(Box::new(a)), span));
        }
        if self.is_kw("forall") || self.is_kw("exists") {
            return self.expr();
        }
        self.cmp()
    }

    fn cmp(&mut self) -> Result<Expr, LangError> {
        let a = self.sum()?;
        let rel = match &self.peek().tok {
            Tok::Sym("<") => Rel::Lt,
            Tok::Sym("<=") => Rel::Le,
            Tok::Sym("=") => Rel::Eq,
            Tok::Sym("!=") => Rel::Ne,
            Tok::Sym(">=") => Rel::Ge,
            Tok::Sym(">") => Rel::Gt,
            _ => return Ok(a),
        };
        self.bump();
        let b = self.sum()?;
        if matches!(
            &self.peek().tok,
            Tok::Sym("<")
                | Tok::Sym("<=")
                | Tok::Sym("=")
                | Tok::Sym("!=")
                | Tok::Sym(">=")
                | Tok::Sym(">")
        ) {
            return Err(LangError::parse(
                self.peek().span,
                "comparisons do not chain: write `a <= b and b <= c`",
            ));
        }
        let span = a.span.to(b.span);
        Ok(Expr::new(
            ExprKind::Cmp(rel, Box::new(a), Box::new(b)),
            span,
        ))
    }

    fn sum(&mut self) -> Result<Expr, LangError> {
        let mut a = self.product()?;
        loop {
            let op = if self.is_sym("+") {
                BinOp::Add
            } else if self.is_sym("-") {
                BinOp::Sub
            } else {
                return Ok(a);
            };
            self.bump();
            let b = self.product()?;
            let span = a.span.to(b.span);
            a = Expr::new(ExprKind::Bin(op, Box::new(a), Box::new(b)), span);
        }
    }

    fn product(&mut self) -> Result<Expr, LangError> {
        let mut a = self.unary()?;
        loop {
            let op = if self.is_sym("*") {
                BinOp::Mul
            } else if self.is_sym("/") {
                BinOp::Div
            } else {
                return Ok(a);
            };
            self.bump();
            let b = self.unary()?;
            let span = a.span.to(b.span);
            a = Expr::new(ExprKind::Bin(op, Box::new(a), Box::new(b)), span);
        }
    }

    fn unary(&mut self) -> Result<Expr, LangError> {
        let start = self.peek().span;
        if self.eat_sym("-") {
            let a = self.nested(Self::unary)?;
            let span = start.to(a.span);
            return Ok(Expr::new(ExprKind::Neg(Box::new(a)), span));
        }
        self.power()
    }

    fn power(&mut self) -> Result<Expr, LangError> {
        let a = self.postfix()?;
        if self.eat_sym("^") {
            let b = self.nested(Self::unary)?;
            let span = a.span.to(b.span);
            return Ok(Expr::new(
                ExprKind::Bin(BinOp::Pow, Box::new(a), Box::new(b)),
                span,
            ));
        }
        Ok(a)
    }

    fn postfix(&mut self) -> Result<Expr, LangError> {
        let mut a = self.primary()?;
        while self.eat_sym("[") {
            let i = self.nested(Self::sum)?;
            let close = self.expect_sym("]", "closing the index")?;
            let span = a.span.to(close.span);
            a = Expr::new(ExprKind::Index(Box::new(a), Box::new(i)), span);
        }
        Ok(a)
    }

    fn primary(&mut self) -> Result<Expr, LangError> {
        let t = self.peek().clone();
        match t.tok {
            Tok::Num(q) => {
                self.bump();
                Ok(Expr::new(ExprKind::Num(q), t.span))
            }
            Tok::Sym("(") => {
                self.bump();
                let e = self.expr()?;
                let close = self.expect_sym(")", "closing the parenthesis")?;
                Ok(Expr::new(e.kind, t.span.to(close.span)))
            }
            Tok::Sym("{") => {
                self.bump();
                let mut items = Vec::new();
                if !self.is_sym("}") {
                    items.push(self.nested(Self::sum)?);
                    while self.eat_sym(",") {
                        items.push(self.nested(Self::sum)?);
                    }
                }
                let close = self.expect_sym("}", "closing the set")?;
                Ok(Expr::new(ExprKind::Set(items), t.span.to(close.span)))
            }
            Tok::Ident(ref name) if !KEYWORDS.contains(&name.as_str()) => {
                let name = name.clone();
                self.bump();
                if name == "inf" {
                    return Ok(Expr::new(ExprKind::Inf, t.span));
                }
                if name == "e" {
                    return Ok(Expr::new(ExprKind::E, t.span));
                }
                if !self.is_sym("(") {
                    return Ok(Expr::new(ExprKind::Var(name), t.span));
                }
                self.bump();
                // a fold: sum(i in D: body), max(..), min(..)
                let fold = match name.as_str() {
                    "sum" => Some(Fold::Sum),
                    "max" => Some(Fold::Max),
                    "min" => Some(Fold::Min),
                    _ => None,
                };
                if let Some(f) = fold {
                    let is_binder = matches!(&self.peek().tok, Tok::Ident(_))
                        && matches!(&self.peek_at(1).tok, Tok::Ident(k) if k == "in");
                    if is_binder {
                        let (var, var_span) = self.ident("a variable")?;
                        self.bump(); // in
                        let domain = self.nested(Self::domain)?;
                        self.expect_sym(":", &format!("after the domain of `{name}`"))?;
                        let body = self.expr()?;
                        let close = self.expect_sym(")", &format!("closing `{name}(`"))?;
                        return Ok(Expr::new(
                            ExprKind::Fold {
                                f,
                                var,
                                var_span,
                                domain: Box::new(domain),
                                body: Box::new(body),
                            },
                            t.span.to(close.span),
                        ));
                    }
                }
                let mut args = Vec::new();
                let mut named = Vec::new();
                if !self.is_sym(")") {
                    loop {
                        if self.eat_kw("denom") {
                            named.push(("denom".to_string(), self.nested(Self::sum)?));
                        } else {
                            args.push(self.expr()?);
                        }
                        if !self.eat_sym(",") {
                            break;
                        }
                    }
                }
                let close = self.expect_sym(")", &format!("closing the arguments of `{name}`"))?;
                Ok(Expr::new(
                    ExprKind::Call {
                        name,
                        name_span: t.span,
                        args,
                        named,
                    },
                    t.span.to(close.span),
                ))
            }
            _ => Err(self.unexpected("a number, a name, `(` or `{`")),
        }
    }
}
