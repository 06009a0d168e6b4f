//! Run-time values: numbers ([`Num`]), truth values, the library's own objects (a
//! [`Channel`], a [`Dist`], a [`Graph`]) and finite domains.

use super::domains::Domain;
use super::real::Num;
use crate::graph::Graph;
use crate::num::{Decision, Rational};
use crate::prob::{Channel, Dist};
use std::fmt;
use std::sync::Arc;

#[derive(Clone)]
pub enum Value {
    Num(Num),
    Bool(Decision),
    Chan(Arc<Channel>),
    Dist(Arc<Dist>),
    Graph(Arc<Graph>),
    Set(Domain),
}

fn row(r: &[Rational]) -> String {
    let v: Vec<String> = r.iter().map(|q| q.to_string()).collect();
    format!("({})", v.join(", "))
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Num(n) => f.write_str(&n.exact_string()),
            Value::Bool(d) => write!(f, "{d:?}"),
            Value::Chan(w) => {
                let rows: Vec<String> = w.rows().iter().map(|r| row(r)).collect();
                write!(f, "[{}]", rows.join(", "))
            }
            Value::Dist(p) => f.write_str(&row(p.probs())),
            Value::Graph(g) => {
                let edges: Vec<String> =
                    g.edges().iter().map(|(a, b)| format!("{a}-{b}")).collect();
                write!(
                    f,
                    "{} ({} vertices; edges {})",
                    g.name(),
                    g.n(),
                    if edges.is_empty() {
                        "none".to_string()
                    } else {
                        edges.join(" ")
                    }
                )
            }
            Value::Set(d) => write!(f, "a domain of {} elements", d.len()),
        }
    }
}
