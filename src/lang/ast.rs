//! The syntax tree of the claim language. Every node carries its byte span in the source, so
//! parse, type and evaluation errors point at a column.

use crate::num::Rational;

/// A byte range `[start, end)` of the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    /// The smallest span covering both.
    pub fn to(self, o: Span) -> Span {
        Span::new(self.start.min(o.start), self.end.max(o.end))
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    And,
    Or,
    Implies,
}

/// A comparison `< <= = != >= >`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    Lt,
    Le,
    Eq,
    Ne,
    Ge,
    Gt,
}

impl Rel {
    /// The relation as the certificate format writes it (`<`, `<=`, `=`, `!=`, `>=`, `>`).
    pub fn text(self) -> &'static str {
        match self {
            Rel::Lt => "<",
            Rel::Le => "<=",
            Rel::Eq => "=",
            Rel::Ne => "!=",
            Rel::Ge => ">=",
            Rel::Gt => ">",
        }
    }

    /// Whether `lhs rel rhs` holds when `lhs - rhs` has sign `s`.
    pub fn holds_for(self, s: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Rel::Lt => s == Less,
            Rel::Le => s != Greater,
            Rel::Eq => s == Equal,
            Rel::Ne => s != Equal,
            Rel::Ge => s != Less,
            Rel::Gt => s == Greater,
        }
    }
}

/// `forall` or `exists`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quant {
    Forall,
    Exists,
}

/// `sum(i in D: e)`, `max(i in D: e)`, `min(i in D: e)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fold {
    Sum,
    Max,
    Min,
}

/// How a binder ranges: over a finite domain, or a symbolic real `t` in an interval.
#[derive(Clone, Debug, PartialEq)]
pub enum Range {
    /// `x in D`.
    In(Expr),
    /// `t > a`, `t >= a` (unbounded above) or `t in (a, b)` / `[a, b]` / mixed ends:
    /// `lo`, whether `lo` is open, optional `hi` and whether it is open.
    Symbolic {
        lo: Expr,
        lo_open: bool,
        hi: Option<(Expr, bool)>,
    },
}

/// One bound variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Binder {
    pub name: String,
    pub span: Span,
    pub range: Range,
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An exact number literal (`3`, `0.1` = 1/10, `1e-3`).
    Num(Rational),
    /// `inf`.
    Inf,
    /// `e`.
    E,
    /// A variable or a constant object (`petersen`).
    Var(String),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    Cmp(Rel, Box<Expr>, Box<Expr>),
    /// A call; `named` holds keyword arguments such as `denom 6`.
    Call {
        name: String,
        name_span: Span,
        args: Vec<Expr>,
        named: Vec<(String, Expr)>,
    },
    Index(Box<Expr>, Box<Expr>),
    /// `{a, b, c}`.
    Set(Vec<Expr>),
    /// `a..b` (both ends included).
    IntRange(Box<Expr>, Box<Expr>),
    Quant {
        q: Quant,
        binders: Vec<Binder>,
        filter: Option<Box<Expr>>,
        body: Box<Expr>,
    },
    Let {
        name: String,
        value: Box<Expr>,
        body: Box<Expr>,
    },
    Fold {
        f: Fold,
        var: String,
        var_span: Span,
        domain: Box<Expr>,
        body: Box<Expr>,
    },
    /// A closed subterm already evaluated once for the whole run: an index into the run's
    /// table of values (`hoist`). Never produced by the parser.
    Hoisted(usize),
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// Call `f` on each direct subexpression, binder ranges included, in source order.
    pub fn for_each_child<'a>(&'a self, f: &mut impl FnMut(&'a Expr)) {
        match &self.kind {
            ExprKind::Neg(a) | ExprKind::Not(a) => f(a),
            ExprKind::Bin(_, a, b)
            | ExprKind::Cmp(_, a, b)
            | ExprKind::Index(a, b)
            | ExprKind::IntRange(a, b) => {
                f(a);
                f(b);
            }
            ExprKind::Call { args, named, .. } => {
                args.iter().for_each(&mut *f);
                named.iter().for_each(|(_, a)| f(a));
            }
            ExprKind::Set(items) => items.iter().for_each(f),
            ExprKind::Quant {
                binders,
                filter,
                body,
                ..
            } => {
                for b in binders {
                    match &b.range {
                        Range::In(d) => f(d),
                        Range::Symbolic { lo, hi, .. } => {
                            f(lo);
                            if let Some((h, _)) = hi {
                                f(h);
                            }
                        }
                    }
                }
                if let Some(x) = filter {
                    f(x);
                }
                f(body);
            }
            ExprKind::Let { value, body, .. } => {
                f(value);
                f(body);
            }
            ExprKind::Fold { domain, body, .. } => {
                f(domain);
                f(body);
            }
            ExprKind::Num(_)
            | ExprKind::Inf
            | ExprKind::E
            | ExprKind::Var(_)
            | ExprKind::Hoisted(_) => {}
        }
    }
}

/// A parsed and type-checked claim.
#[derive(Clone, Debug)]
pub struct Claim {
    /// The claim's text as given.
    pub source: String,
    pub(crate) expr: Expr,
}
