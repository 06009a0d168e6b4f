//! The LP model: variables `x >= 0`, sparse rows `a·x (<=|>=|=) b` of exact rationals, and a
//! linear objective to minimise or maximise; plus the [`Certificate`] a solver returns.
//!
//! Sign conventions of the certificates (the checker in [`super::certificate`] enforces them):
//!
//! * **Optimal** `{value, primal x, dual y}`: `x` is feasible, `value = c·x + offset`, and `y` is
//!   feasible for the dual with `value = b·y + offset`. For `Minimize` the dual is
//!   `Aᵀy <= c` with `y_i >= 0` on `>=` rows, `y_i <= 0` on `<=` rows, free on `=` rows; for
//!   `Maximize` it is `Aᵀy >= c` with `y_i >= 0` on `<=` rows, `y_i <= 0` on `>=` rows. In both
//!   senses `y_i` is the shadow price `∂ value / ∂ b_i`.
//! * **Infeasible** `{farkas y}`: `y_i <= 0` on `<=` rows, `y_i >= 0` on `>=` rows, `Aᵀy <= 0`
//!   and `b·y > 0`. (Any `x >= 0` satisfying the rows would give `0 >= yᵀAx >= yᵀb > 0`.)
//! * **Unbounded** `{point x, ray r}`: `x` is feasible, `r >= 0`, `a_i·r <= 0` / `>= 0` / `= 0` on
//!   `<=` / `>=` / `=` rows, and `c·r < 0` (`Minimize`) or `c·r > 0` (`Maximize`).

use crate::num::Rational;
use std::fmt;

/// Minimise or maximise the objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sense {
    /// Minimise the objective.
    Minimize,
    /// Maximise the objective.
    Maximize,
}

/// The comparison of a row: `a·x <= b`, `a·x >= b` or `a·x = b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `a·x <= b`.
    Le,
    /// `a·x >= b`.
    Ge,
    /// `a·x = b`.
    Eq,
}

impl Cmp {
    /// `<=`, `>=` or `=`.
    pub fn symbol(self) -> &'static str {
        match self {
            Cmp::Le => "<=",
            Cmp::Ge => ">=",
            Cmp::Eq => "=",
        }
    }

    /// Whether `lhs cmp rhs` holds.
    pub fn holds(self, lhs: &Rational, rhs: &Rational) -> bool {
        match self {
            Cmp::Le => lhs <= rhs,
            Cmp::Ge => lhs >= rhs,
            Cmp::Eq => lhs == rhs,
        }
    }
}

impl fmt::Display for Cmp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// A variable of a [`Model`] (its index, in order of creation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(pub usize);

impl Var {
    /// The variable's 0-based index.
    pub fn index(self) -> usize {
        self.0
    }
}

/// A row of a [`Model`] (its index, in order of creation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Row(pub usize);

impl Row {
    /// The row's 0-based index.
    pub fn index(self) -> usize {
        self.0
    }
}

/// One constraint `Σ coeffs · x  cmp  rhs`; `coeffs` is sorted by variable, without zeros or
/// repeated variables.
#[derive(Clone, Debug, PartialEq)]
pub struct Constraint {
    /// The row's name (as in an LP file).
    pub name: String,
    /// `(variable index, coefficient)`, sorted, no zeros.
    pub coeffs: Vec<(usize, Rational)>,
    /// The comparison.
    pub cmp: Cmp,
    /// The right-hand side `b`.
    pub rhs: Rational,
}

impl Constraint {
    /// `a·x` exactly.
    pub fn activity(&self, x: &[Rational]) -> Rational {
        let mut s = Rational::from(0u32);
        for (j, a) in &self.coeffs {
            s += a * &x[*j];
        }
        s
    }
}

/// A linear program over variables `x >= 0`.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    sense: Sense,
    var_names: Vec<String>,
    objective: Vec<Rational>,
    offset: Rational,
    rows: Vec<Constraint>,
}

/// Merge repeated variables and drop zero coefficients; sorted by variable index.
fn normalise(terms: &[(Var, Rational)]) -> Vec<(usize, Rational)> {
    let mut v: Vec<(usize, Rational)> = terms.iter().map(|(x, a)| (x.0, a.clone())).collect();
    v.sort_by_key(|(j, _)| *j);
    let mut out: Vec<(usize, Rational)> = Vec::with_capacity(v.len());
    for (j, a) in v {
        match out.last_mut() {
            Some((k, b)) if *k == j => *b += a,
            _ => out.push((j, a)),
        }
    }
    out.retain(|(_, a)| *a != 0u32);
    out
}

/// The positions where `mask` is true, and for every position its number among them
/// (`usize::MAX` where `mask` is false).
pub fn numbered(mask: &[bool]) -> (Vec<usize>, Vec<usize>) {
    let mut list = Vec::new();
    let mut number = vec![usize::MAX; mask.len()];
    for (j, _) in mask.iter().enumerate().filter(|(_, m)| **m) {
        number[j] = list.len();
        list.push(j);
    }
    (list, number)
}

impl Model {
    /// The sparse submatrix `A_{rows, V}`: the given rows, restricted to the variables `V` that
    /// `number` numbers (see `numbered`; `usize::MAX` leaves a variable out) and renumbered.
    pub fn submatrix(&self, rows: &[usize], number: &[usize]) -> Vec<Vec<(usize, Rational)>> {
        rows.iter()
            .map(|&i| {
                self.rows[i]
                    .coeffs
                    .iter()
                    .filter(|(j, _)| number[*j] != usize::MAX)
                    .map(|(j, a)| (number[*j], a.clone()))
                    .collect()
            })
            .collect()
    }

    /// An empty model (no variables, no rows, zero objective).
    pub fn new(sense: Sense) -> Model {
        Model {
            sense,
            var_names: Vec::new(),
            objective: Vec::new(),
            offset: Rational::from(0u32),
            rows: Vec::new(),
        }
    }

    /// A new variable `x >= 0` with objective coefficient 0.
    pub fn add_var(&mut self, name: impl Into<String>) -> Var {
        self.var_names.push(name.into());
        self.objective.push(Rational::from(0u32));
        Var(self.var_names.len() - 1)
    }

    /// Add the row `Σ terms cmp rhs` (repeated variables are summed), named `r<index>`.
    ///
    /// # Panics
    /// If a term names a variable that this model did not create (a programming error).
    pub fn add_row(&mut self, terms: &[(Var, Rational)], cmp: Cmp, rhs: Rational) -> Row {
        let name = format!("r{}", self.rows.len());
        self.add_named_row(name, terms, cmp, rhs)
    }

    /// Add a named row `Σ terms cmp rhs`.
    ///
    /// # Panics
    /// If a term names a variable that this model did not create (a programming error).
    pub fn add_named_row(
        &mut self,
        name: impl Into<String>,
        terms: &[(Var, Rational)],
        cmp: Cmp,
        rhs: Rational,
    ) -> Row {
        let coeffs = normalise(terms);
        for (j, _) in &coeffs {
            assert!(*j < self.var_names.len(), "lp::Model: unknown variable {j}");
        }
        self.rows.push(Constraint {
            name: name.into(),
            coeffs,
            cmp,
            rhs,
        });
        Row(self.rows.len() - 1)
    }

    /// Set the objective `Σ terms` (replacing any previous one; the constant offset is kept).
    pub fn set_objective(&mut self, terms: &[(Var, Rational)]) {
        for c in &mut self.objective {
            *c = Rational::from(0u32);
        }
        for (j, a) in normalise(terms) {
            assert!(j < self.var_names.len(), "lp::Model: unknown variable {j}");
            self.objective[j] = a;
        }
    }

    /// A constant added to the objective (used when bounds are shifted, e.g. `x >= l`).
    pub fn set_objective_offset(&mut self, offset: Rational) {
        self.offset = offset;
    }

    /// Minimise or maximise.
    pub fn sense(&self) -> Sense {
        self.sense
    }
    /// Number of variables.
    pub fn n_vars(&self) -> usize {
        self.var_names.len()
    }
    /// Number of rows.
    pub fn n_rows(&self) -> usize {
        self.rows.len()
    }
    /// The name of variable `v`.
    pub fn var_name(&self, v: Var) -> &str {
        &self.var_names[v.0]
    }
    /// Every variable's name, by index.
    pub fn var_names(&self) -> &[String] {
        &self.var_names
    }
    /// Dense objective coefficients, one per variable.
    pub fn objective(&self) -> &[Rational] {
        &self.objective
    }
    /// The constant added to the objective.
    pub fn objective_offset(&self) -> &Rational {
        &self.offset
    }

    /// The same model with the rows `order` names, in that order (row generation with a warm
    /// float run appends the rows it adds after the others, [`super::lazy`]).
    pub fn with_rows_in(&self, order: &[usize]) -> Model {
        Model {
            sense: self.sense,
            var_names: self.var_names.clone(),
            objective: self.objective.clone(),
            offset: self.offset.clone(),
            rows: order.iter().map(|&i| self.rows[i].clone()).collect(),
        }
    }

    /// The constraints, by index.
    pub fn rows(&self) -> &[Constraint] {
        &self.rows
    }

    /// `c·x + offset` exactly.
    pub fn objective_value(&self, x: &[Rational]) -> Rational {
        crate::num::dot(self.objective.iter().zip(x)) + &self.offset
    }
}

/// The answer of the solver, with its certificate (see the module docs for the conventions):
/// what [`super::check`] verifies from the model alone.
#[derive(Clone, Debug, PartialEq)]
pub enum Certificate {
    /// An optimum `value`, attained by `primal`, proved optimal by `dual` (one entry per row).
    Optimal {
        /// The optimal objective value (with the offset).
        value: Rational,
        /// An optimal point, one entry per variable.
        primal: Vec<Rational>,
        /// Optimal dual multipliers, one per row.
        dual: Vec<Rational>,
    },
    /// No `x >= 0` satisfies the rows; `farkas` (one entry per row) proves it.
    Infeasible {
        /// Farkas multipliers, one per row: `Aᵀy <= 0` and `b·y > 0`.
        farkas: Vec<Rational>,
    },
    /// The objective is unbounded: `point` is feasible and `ray` an improving direction.
    Unbounded {
        /// A feasible point.
        point: Vec<Rational>,
        /// An improving direction: `A r` keeps every row, the objective improves along it.
        ray: Vec<Rational>,
    },
}

/// The name the solver's internals use for a [`Certificate`] (kept while branch lp31 edits
/// `guided.rs` and `revised.rs` in parallel; rename there after the merge).
pub(crate) type Solution = Certificate;

impl Certificate {
    /// `optimal`, `infeasible` or `unbounded`.
    pub fn status(&self) -> &'static str {
        match self {
            Certificate::Optimal { .. } => "optimal",
            Certificate::Infeasible { .. } => "infeasible",
            Certificate::Unbounded { .. } => "unbounded",
        }
    }

    /// The optimum, if there is one.
    pub fn value(&self) -> Option<&Rational> {
        match self {
            Certificate::Optimal { value, .. } => Some(value),
            _ => None,
        }
    }
}
