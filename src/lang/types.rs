//! The static types of the claim language: a number, a boolean, a distribution, a channel, a
//! graph, a set of one of those ([`super::typecheck`] checks a claim against them).

use std::fmt;

/// What a set ranges over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    Num,
    Chan,
    Dist,
    Graph,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Bool,
    Num,
    /// A channel (row-stochastic matrix), `W[i]` is its row `i`.
    Chan,
    /// A probability distribution, `p[i]` is its `i`-th mass.
    Dist,
    Graph,
    /// A finite domain (a set enumerated in a fixed order).
    Set(Base),
}

impl Ty {
    pub fn of_base(b: Base) -> Ty {
        match b {
            Base::Num => Ty::Num,
            Base::Chan => Ty::Chan,
            Base::Dist => Ty::Dist,
            Base::Graph => Ty::Graph,
        }
    }
    pub(super) fn base(self) -> Option<Base> {
        match self {
            Ty::Num => Some(Base::Num),
            Ty::Chan => Some(Base::Chan),
            Ty::Dist => Some(Base::Dist),
            Ty::Graph => Some(Base::Graph),
            _ => None,
        }
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Bool => f.write_str("a truth value"),
            Ty::Num => f.write_str("a number"),
            Ty::Chan => f.write_str("a channel"),
            Ty::Dist => f.write_str("a distribution"),
            Ty::Graph => f.write_str("a graph"),
            Ty::Set(b) => write!(
                f,
                "a set of {}",
                Ty::of_base(*b).to_string().trim_start_matches("a ")
            ),
        }
    }
}

/// Constants that are objects (no parentheses).
pub const CONSTANTS: [(&str, Ty); 1] = [("petersen", Ty::Graph)];
