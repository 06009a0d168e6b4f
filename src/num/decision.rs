//! The three-valued answer of a comparison made at finite precision.

/// Outcome of deciding a proposition.
///
/// `True`/`False` are backed by exact arithmetic or by a certified enclosure that
/// separates; `Unknown` means the precision budget ran out. A float never produces
/// `True` or `False`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    True,
    False,
    Unknown,
}

impl Decision {
    /// Exact boolean into a decision.
    pub fn from_bool(b: bool) -> Decision {
        if b {
            Decision::True
        } else {
            Decision::False
        }
    }

    /// Logical and (Kleene): false dominates, then unknown.
    pub fn and(self, other: Decision) -> Decision {
        match (self, other) {
            (Decision::False, _) | (_, Decision::False) => Decision::False,
            (Decision::Unknown, _) | (_, Decision::Unknown) => Decision::Unknown,
            _ => Decision::True,
        }
    }

    /// Logical or (Kleene): true dominates, then unknown.
    pub fn or(self, other: Decision) -> Decision {
        match (self, other) {
            (Decision::True, _) | (_, Decision::True) => Decision::True,
            (Decision::Unknown, _) | (_, Decision::Unknown) => Decision::Unknown,
            _ => Decision::False,
        }
    }

    /// Logical negation; unknown stays unknown.
    #[allow(clippy::should_implement_trait)]
    pub fn not(self) -> Decision {
        match self {
            Decision::True => Decision::False,
            Decision::False => Decision::True,
            Decision::Unknown => Decision::Unknown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Decision::{self, *};

    #[test]
    fn kleene_tables() {
        let all = [True, False, Unknown];
        // Literal table: (a, b, a and b, a or b)
        let table: [(Decision, Decision, Decision, Decision); 9] = [
            (True, True, True, True),
            (True, False, False, True),
            (True, Unknown, Unknown, True),
            (False, True, False, True),
            (False, False, False, False),
            (False, Unknown, False, Unknown),
            (Unknown, True, Unknown, True),
            (Unknown, False, False, Unknown),
            (Unknown, Unknown, Unknown, Unknown),
        ];
        for (a, b, and, or) in table {
            assert_eq!(a.and(b), and, "{a:?} and {b:?}");
            assert_eq!(a.or(b), or, "{a:?} or {b:?}");
        }
        for a in all {
            assert_eq!(a.not().not(), a);
        }
        // Negation and the exact boolean, literally (a mutated `not` or `from_bool` that
        // returned its argument, or a constant, would pass the double negation above).
        assert_eq!(
            [True.not(), False.not(), Unknown.not()],
            [False, True, Unknown]
        );
        assert_eq!(
            [Decision::from_bool(true), Decision::from_bool(false)],
            [True, False]
        );
    }
}
