//! A certificate record as an instance holds it (docs/certificates.md): any JSON object, or,
//! for the kinds that instances build by the thousand (`compare`, and the `out_of_range`
//! records `finite_dp_level` and `where`), a typed record of a few plain fields that is written
//! as the same JSON text without a `serde_json::Value` tree (issue 44 item 2: such a tree is a
//! dozen allocations, made on a worker and freed on the main thread, and building, comparing,
//! writing and freeing them was about a third of `check --certificates`' cost).
//!
//! A typed record's JSON value ([`Typed::to_value`], the format's reference form) is made only
//! when something asks for it: a [`Record`] dereferences to its value (tests, rare readers).
//! The claim's gap rule and the certificate's writer read the typed fields ([`Record::kind`],
//! [`Record::holds`], [`Record::entries`]) and never make it.

use crate::num::fmt::with_exact;
use crate::num::Rational;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};

/// A certificate record: a JSON object, or a typed record with its value made on demand.
#[derive(Clone, Debug)]
pub enum Record {
    /// Any record, as its JSON value.
    Json(Value),
    /// A typed record and, once asked for, its JSON value.
    Typed(Typed, OnceLock<Value>),
}

/// The record kinds held typed (docs/certificates.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// `compare`: two exact sides, a relation (`=`, `!=`, `<=`, `<`, `>=`, `>`) and its truth.
    Compare {
        /// The left side, as written.
        lhs: String,
        /// The relation.
        relation: &'static str,
        /// The right side, as written.
        rhs: String,
        /// Its truth.
        holds: bool,
    },
    /// `out_of_range`, hypothesis `finite_dp_level`: the mechanisms' `dp_level` records.
    FiniteDpLevel(Vec<DpLevel>),
    /// `out_of_range`, hypothesis `where`: a `where` filter and its false atom, as written.
    Where {
        /// The filter's text.
        filter: String,
        /// The false atom's text.
        atom: String,
    },
}

/// A `dp_level` record without δ answers ([`super::dp_level`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DpLevel {
    /// The record's `id`.
    pub id: String,
    /// The mechanism's rows (each a distribution).
    pub rows: Vec<Vec<Rational>>,
    /// The unordered neighbour pairs.
    pub pairs: Vec<(usize, usize)>,
    /// The exact level `e^ε`; `None`: `∞`.
    pub e_eps: Option<Rational>,
    /// The (ordered pair, output) attaining it.
    pub witness: (usize, usize, usize),
}

impl DpLevel {
    /// The record's JSON value (the reference form the writer's text is tested against).
    pub fn to_value(&self) -> Value {
        dp_level_value(
            &self.id,
            &self.rows,
            &self.pairs,
            self.e_eps.as_ref(),
            self.witness,
        )
    }
}

/// A `dp_level` record's JSON value from its parts, borrowed ([`super::dp_level`] and
/// [`DpLevel::to_value`]: one form, and the rows are not copied to make it).
pub(super) fn dp_level_value(
    id: &str,
    rows: &[Vec<Rational>],
    pairs: &[(usize, usize)],
    e_eps: Option<&Rational>,
    (x, x_prime, y): (usize, usize, usize),
) -> Value {
    let rows: Value = rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|q| Value::String(q.to_string()))
                .collect::<Value>()
        })
        .collect();
    let pairs: Value = pairs.iter().map(|&(a, b)| json!([a, b])).collect();
    json!({
        "kind": "dp_level",
        "id": id,
        "e_eps": e_eps.map_or("inf".to_string(), |e| e.to_string()),
        "witness": {"x": x, "x_prime": x_prime, "y": y},
        "rows": rows,
        "pairs": pairs,
    })
}

impl Typed {
    /// The record's JSON value (the reference form: what the writer's text must parse to).
    pub fn to_value(&self) -> Value {
        match self {
            Typed::Compare {
                lhs,
                relation,
                rhs,
                holds,
            } => {
                json!({"kind": "compare", "lhs": lhs, "relation": relation, "rhs": rhs, "holds": holds})
            }
            Typed::FiniteDpLevel(levels) => {
                let mechanisms: Vec<Value> = levels.iter().map(DpLevel::to_value).collect();
                json!({"kind": "out_of_range", "hypothesis": "finite_dp_level", "mechanisms": mechanisms})
            }
            Typed::Where { filter, atom } => {
                json!({"kind": "out_of_range", "hypothesis": "where", "filter": filter, "atom": atom})
            }
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Typed::Compare { .. } => "compare",
            Typed::FiniteDpLevel(_) | Typed::Where { .. } => "out_of_range",
        }
    }

    /// The fields in key order (as a JSON object keeps them), the first `n` of the array.
    fn entries(&self) -> ([(&'static str, Entry<'_>); 5], usize) {
        const NONE: (&str, Entry) = ("", Entry::Bool(false));
        match self {
            Typed::Compare {
                lhs,
                relation,
                rhs,
                holds,
            } => (
                [
                    ("holds", Entry::Bool(*holds)),
                    ("kind", Entry::Str("compare")),
                    ("lhs", Entry::Str(lhs)),
                    ("relation", Entry::Str(relation)),
                    ("rhs", Entry::Str(rhs)),
                ],
                5,
            ),
            Typed::FiniteDpLevel(levels) => (
                [
                    ("hypothesis", Entry::Str("finite_dp_level")),
                    ("kind", Entry::Str("out_of_range")),
                    ("mechanisms", Entry::Levels(levels)),
                    NONE,
                    NONE,
                ],
                3,
            ),
            Typed::Where { filter, atom } => (
                [
                    ("atom", Entry::Str(atom)),
                    ("filter", Entry::Str(filter)),
                    ("hypothesis", Entry::Str("where")),
                    ("kind", Entry::Str("out_of_range")),
                    NONE,
                ],
                4,
            ),
        }
    }
}

/// One field's value as the writer serialises it.
#[derive(Clone, Copy, Debug)]
pub enum Entry<'a> {
    /// A JSON value.
    Json(&'a Value),
    /// A string.
    Str(&'a str),
    /// A truth value.
    Bool(bool),
    /// A list of `dp_level` records.
    Levels(&'a [DpLevel]),
}

impl Serialize for Entry<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Entry::Json(v) => v.serialize(s),
            Entry::Str(x) => s.serialize_str(x),
            Entry::Bool(b) => s.serialize_bool(*b),
            Entry::Levels(levels) => s.collect_seq(levels.iter()),
        }
    }
}

/// An exact rational as the format writes it (`"p"` or `"p/q"`), without an allocation.
struct Exact<'a>(&'a Rational);

impl Serialize for Exact<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        with_exact(self.0, |t| s.serialize_str(t))
    }
}

struct Row<'a>(&'a [Rational]);

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(Exact))
    }
}

impl Serialize for DpLevel {
    /// The fields in key order, as [`DpLevel::to_value`]'s object writes them.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(6))?;
        match &self.e_eps {
            Some(e) => m.serialize_entry("e_eps", &Exact(e))?,
            None => m.serialize_entry("e_eps", "inf")?,
        }
        m.serialize_entry("id", &self.id)?;
        m.serialize_entry("kind", "dp_level")?;
        let pairs = self.pairs.iter().map(|&(a, b)| [a as u64, b as u64]);
        m.serialize_entry("pairs", &Seq(std::cell::Cell::new(Some(pairs))))?;
        let rows = self.rows.iter().map(|r| Row(r));
        m.serialize_entry("rows", &Seq(std::cell::Cell::new(Some(rows))))?;
        let (x, x_prime, y) = self.witness;
        m.serialize_entry(
            "witness",
            &Witness([("x", x), ("x_prime", x_prime), ("y", y)]),
        )?;
        m.end()
    }
}

/// A list serialised from an iterator (once).
struct Seq<I>(std::cell::Cell<Option<I>>);

impl<I: Iterator<Item = T>, T: Serialize> Serialize for Seq<I> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.take().into_iter().flatten())
    }
}

struct Witness([(&'static str, usize); 3]);

impl Serialize for Witness {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(3))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, &(v as u64))?;
        }
        m.end()
    }
}

/// A record's fields in key order ([`Record::entries`]).
pub enum Entries<'a> {
    /// A JSON object's.
    Json(serde_json::map::Iter<'a>),
    /// A typed record's.
    Typed(std::iter::Take<std::array::IntoIter<(&'static str, Entry<'a>), 5>>),
}

impl<'a> Iterator for Entries<'a> {
    type Item = (&'a str, Entry<'a>);
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Entries::Json(it) => it.next().map(|(k, v)| (k.as_str(), Entry::Json(v))),
            Entries::Typed(it) => it.next(),
        }
    }
}

impl Record {
    /// The record's `kind` (`""` when it has none).
    pub fn kind(&self) -> &str {
        match self {
            Record::Json(v) => v["kind"].as_str().unwrap_or(""),
            Record::Typed(t, _) => t.kind(),
        }
    }

    /// Its `holds` field, when it is a truth value.
    pub fn holds(&self) -> Option<bool> {
        match self {
            Record::Json(v) => v["holds"].as_bool(),
            Record::Typed(Typed::Compare { holds, .. }, _) => Some(*holds),
            Record::Typed(..) => None,
        }
    }

    /// Its `lhs` and `rhs` fields, when both are strings.
    pub fn sides(&self) -> Option<(&str, &str)> {
        match self {
            Record::Json(v) => Some((v["lhs"].as_str()?, v["rhs"].as_str()?)),
            Record::Typed(Typed::Compare { lhs, rhs, .. }, _) => Some((lhs, rhs)),
            Record::Typed(..) => None,
        }
    }

    /// The JSON value of a record held as one (`None` for a typed record, whose fields are
    /// those of [`Typed`]: none of them is `rests_on`, `same_hyper` or `refines`).
    pub fn json(&self) -> Option<&Value> {
        match self {
            Record::Json(v) => Some(v),
            Record::Typed(..) => None,
        }
    }

    /// The record's JSON value (made once for a typed record).
    pub fn value(&self) -> &Value {
        match self {
            Record::Json(v) => v,
            Record::Typed(t, v) => v.get_or_init(|| t.to_value()),
        }
    }

    /// The record's JSON value, moved out.
    pub fn into_value(self) -> Value {
        match self {
            Record::Json(v) => v,
            Record::Typed(t, v) => v.into_inner().unwrap_or_else(|| t.to_value()),
        }
    }

    /// Its fields in key order, as the writer serialises them; `None` when it is not an
    /// object.
    pub fn entries(&self) -> Option<Entries<'_>> {
        match self {
            Record::Json(Value::Object(m)) => Some(Entries::Json(m.iter())),
            Record::Json(_) => None,
            Record::Typed(t, _) => {
                let (fields, n) = t.entries();
                Some(Entries::Typed(fields.into_iter().take(n)))
            }
        }
    }
}

impl From<Value> for Record {
    fn from(v: Value) -> Record {
        Record::Json(v)
    }
}

impl From<Record> for Value {
    fn from(r: Record) -> Value {
        r.into_value()
    }
}

impl From<Typed> for Record {
    fn from(t: Typed) -> Record {
        Record::Typed(t, OnceLock::new())
    }
}

impl std::ops::Deref for Record {
    type Target = Value;
    fn deref(&self) -> &Value {
        self.value()
    }
}

impl std::ops::DerefMut for Record {
    /// The value to change in place: a typed record becomes its JSON value.
    fn deref_mut(&mut self) -> &mut Value {
        if let Record::Typed(..) = self {
            let v = std::mem::replace(self, Record::Json(Value::Null)).into_value();
            *self = Record::Json(v);
        }
        match self {
            Record::Json(v) => v,
            Record::Typed(..) => unreachable!("made a JSON record above"),
        }
    }
}

impl PartialEq for Record {
    /// Equal values (two typed records by their fields, which determine their values).
    fn eq(&self, other: &Record) -> bool {
        match (self, other) {
            (Record::Typed(a, _), Record::Typed(b, _)) => a == b,
            _ => self.value() == other.value(),
        }
    }
}

impl Eq for Record {}

impl std::fmt::Display for Record {
    /// The record's JSON text (`{:#}`: pretty), a typed record's written from its fields, its
    /// value not made (`Check::without_repeated_records` keys hundreds of thousands of records
    /// by their text).
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Record::Typed(..) if !f.alternate() => {
                f.write_str(&serde_json::to_string(self).map_err(|_| std::fmt::Error)?)
            }
            _ => self.value().fmt(f),
        }
    }
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Some(entries) = self.entries() else {
            return self.value().serialize(s);
        };
        let mut m = s.serialize_map(None)?;
        for (k, v) in entries {
            m.serialize_entry(k, &v)?;
        }
        m.end()
    }
}

/// What an instance's record list takes: a JSON value, a record, a typed record, or a shared
/// record.
pub trait IntoRecord {
    /// The record, shared.
    fn into_record(self) -> Arc<Record>;
}

impl IntoRecord for Value {
    fn into_record(self) -> Arc<Record> {
        Arc::new(Record::Json(self))
    }
}

impl IntoRecord for Record {
    fn into_record(self) -> Arc<Record> {
        Arc::new(self)
    }
}

impl IntoRecord for Typed {
    fn into_record(self) -> Arc<Record> {
        Arc::new(self.into())
    }
}

impl IntoRecord for Arc<Record> {
    fn into_record(self) -> Arc<Record> {
        self
    }
}

/// Random typed records (tests).
#[cfg(test)]
pub(crate) mod strategies {
    use super::*;
    use crate::testutil::q;
    use proptest::prelude::*;

    fn rational() -> impl Strategy<Value = Rational> {
        prop_oneof![
            (any::<i64>(), 1i64..).prop_map(|(a, b)| q(a, b)),
            (any::<u128>(), any::<u128>()).prop_map(|(a, b)| {
                let n = crate::num::Natural::from(a);
                let d = crate::num::Natural::from(b.max(1));
                Rational::from_naturals(n, d)
            }),
        ]
    }

    pub(crate) fn typed() -> impl Strategy<Value = Typed> {
        let text = "[a-z0-9 /<=\"\\\\\u{e9}-]{0,12}";
        let level = (
            text,
            proptest::collection::vec(proptest::collection::vec(rational(), 0..4), 0..3),
            proptest::collection::vec((0usize..9, 0usize..9), 0..4),
            proptest::option::of(rational()),
            (0usize..9, 0usize..9, 0usize..1000),
        )
            .prop_map(|(id, rows, pairs, e_eps, witness)| DpLevel {
                id,
                rows,
                pairs,
                e_eps,
                witness,
            });
        prop_oneof![
            (
                text,
                proptest::sample::select(vec!["=", "!=", "<=", "<", ">=", ">"]),
                text,
                any::<bool>()
            )
                .prop_map(|(lhs, relation, rhs, holds)| Typed::Compare {
                    lhs,
                    relation,
                    rhs,
                    holds
                }),
            proptest::collection::vec(level, 0..3).prop_map(Typed::FiniteDpLevel),
            (text, text).prop_map(|(filter, atom)| Typed::Where { filter, atom }),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::strategies::typed;
    use super::*;
    use crate::testutil::q;
    use proptest::prelude::*;

    /// The records of the old `serde_json::Value` constructors, written out by hand (the
    /// reference the typed records must equal).
    #[test]
    fn typed_records_have_the_old_values() {
        let c = Record::from(Typed::Compare {
            lhs: "1/2".into(),
            relation: "<=",
            rhs: "2/3".into(),
            holds: true,
        });
        assert_eq!(
            c.value(),
            &json!({"kind": "compare", "lhs": "1/2", "relation": "<=", "rhs": "2/3", "holds": true})
        );
        let level = DpLevel {
            id: "dp(W)".into(),
            rows: vec![vec![q(1, 2), q(1, 2)], vec![q(0, 1), q(1, 1)]],
            pairs: vec![(0, 1)],
            e_eps: None,
            witness: (1, 0, 0),
        };
        let want = json!({"kind": "dp_level", "id": "dp(W)", "e_eps": "inf",
            "witness": {"x": 1, "x_prime": 0, "y": 0},
            "rows": [["1/2", "1/2"], ["0", "1"]], "pairs": [[0, 1]]});
        assert_eq!(level.to_value(), want);
        let f = Record::from(Typed::FiniteDpLevel(vec![level]));
        assert_eq!(
            f.value(),
            &json!({"kind": "out_of_range", "hypothesis": "finite_dp_level", "mechanisms": [want]})
        );
        let w = Record::from(Typed::Where {
            filter: "dp(W) <= 2".into(),
            atom: "dp(W) <= 2".into(),
        });
        assert_eq!(
            w.value(),
            &json!({"kind": "out_of_range", "hypothesis": "where", "filter": "dp(W) <= 2", "atom": "dp(W) <= 2"})
        );
        assert_eq!(
            (c.kind(), f.kind(), w.kind()),
            ("compare", "out_of_range", "out_of_range")
        );
        assert_eq!((c.holds(), f.holds()), (Some(true), None));
        assert_eq!(c.sides(), Some(("1/2", "2/3")));
    }

    proptest! {
        /// A typed record is written (compact and pretty) as the text of its value, and is
        /// equal to another exactly when their values are.
        #[test]
        fn a_typed_record_is_written_as_its_value(a in typed(), b in typed()) {
            let (ra, rb) = (Record::from(a.clone()), Record::from(b.clone()));
            let v = a.to_value();
            prop_assert_eq!(serde_json::to_string(&ra).unwrap(), v.to_string());
            prop_assert_eq!(ra.to_string(), v.to_string());
            prop_assert_eq!(format!("{ra:#}"), format!("{v:#}"));
            prop_assert_eq!(
                serde_json::to_string_pretty(&ra).unwrap(),
                serde_json::to_string_pretty(&v).unwrap()
            );
            prop_assert_eq!(ra == rb, v == b.to_value());
            prop_assert!(ra == Record::from(v.clone()) && Record::from(v) == ra);
        }
    }

    /// Changing a typed record in place changes its value (it becomes a JSON record).
    #[test]
    fn a_typed_record_changed_in_place_is_its_changed_value() {
        let mut r = Record::from(Typed::Compare {
            lhs: "1".into(),
            relation: "=",
            rhs: "1".into(),
            holds: true,
        });
        r["holds"] = json!(false);
        assert_eq!(r.holds(), Some(false));
        assert!(r.json().is_some());
        assert_eq!(r["lhs"], "1");
    }
}
