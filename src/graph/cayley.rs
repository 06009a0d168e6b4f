//! Cayley graphs of finite abelian groups G = Z_{m_0} × … × Z_{m_{r−1}}: the Hamming graphs
//! H(n, m) = Cay(Z_m^n, {a·e_i : a ≠ 0}) (AACP §2.1), the cycles and circulants Cay(Z_k, ±S)
//! and the complete graphs Cay(Z_k, Z_k ∖ 0). Vertex `v` is the group element whose digits
//! g_0 … g_{r−1} (most significant first, digit i in Z_{m_i}) are the mixed-radix digits of `v`,
//! and the translations τ_h : g ↦ g + h are automorphisms of every Cayley graph of G.
//!
//! The label is only a claim of the generator that built the graph: [`Translations::check`]
//! proves on the actual edge set, in O(r·m·log k + r²·n) time and O(r·n) memory, that
//! 1. each unit translation τ_{e_i} is a permutation mapping edges to edges (an automorphism);
//! 2. the τ_{e_i} commute pairwise, so U = ⟨τ_{e_i}⟩ is abelian;
//! 3. the n rows T_0, …, T_{n−1} (each a product of unit translations, built by the odometer
//!    of [`Translations::for_each_row`]) send vertex 0 to n distinct vertices.
//!
//! Then U is transitive, and a transitive abelian permutation group is regular: if σ ∈ U fixes
//! x, every y = ρ(x) (ρ ∈ U) is fixed too, σ(y) = ρσ(x) = y, so σ = id (Dixon–Mortimer,
//! *Permutation Groups*, Theorem 4.2A (v)). So |U| = n, the n rows (distinct, since their images
//! of 0 differ) are exactly the elements of U, and at every vertex v their images T_h(v) are
//! pairwise distinct (T_h(v) = T_h'(v) would put T_h⁻¹T_h' in the trivial stabiliser of v): the
//! rows are a sharply transitive set of automorphisms, the VT+ witness of AACP Definition 3, and
//! the graph is vertex-transitive — with no n × n table.

use super::graph::{Graph, Perm};

/// The translations of a graph labelled as a Cayley graph of Z_{m_0} × … × Z_{m_{r−1}}.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translations {
    /// m_0, …, m_{r−1} (digit 0 most significant); their product is the number of vertices.
    moduli: Vec<usize>,
    /// The unit translations τ_{e_i} for the digits with m_i > 1, least significant first.
    units: Vec<Perm>,
    /// For each entry of `units`, m_i (the odometer's wrap).
    unit_moduli: Vec<usize>,
}

impl Translations {
    /// The translations of Z_{m_0} × … × Z_{m_{r−1}} acting on the indices `0..Π m_i`.
    pub fn new(moduli: &[usize]) -> Translations {
        let n: usize = moduli.iter().product();
        let (mut units, mut unit_moduli) = (Vec::new(), Vec::new());
        let mut place = 1usize;
        for &m in moduli.iter().rev() {
            if m > 1 {
                let unit: Perm = (0..n)
                    .map(|v| {
                        if (v / place) % m + 1 < m {
                            v + place
                        } else {
                            v - (m - 1) * place
                        }
                    })
                    .collect();
                units.push(unit);
                unit_moduli.push(m);
            }
            place *= m;
        }
        Translations {
            moduli: moduli.to_vec(),
            units,
            unit_moduli,
        }
    }

    /// The number of group elements Π m_i.
    pub fn order(&self) -> usize {
        self.moduli.iter().product()
    }

    /// Calls `f(h, T_h)` for h = 0, …, n−1 in order, where T_0 = id and
    /// T_{h+1} = τ_{e_j} ∘ τ_{e_{j+1}} ∘ … ∘ τ_{e_{r−1}} ∘ T_h with j the digit that the
    /// increment h → h+1 does not wrap (an odometer): every row is a product of unit
    /// translations, and T_h(v) = v + h. One row is kept at a time (O(n) memory, O(n²) time in
    /// all, amortised fewer than two compositions a row).
    pub fn for_each_row(&self, mut f: impl FnMut(usize, &[usize])) {
        let n = self.order();
        let mut row: Perm = (0..n).collect();
        let mut digits = vec![0usize; self.units.len()];
        let mut next = vec![0usize; n];
        for h in 0..n {
            f(h, &row);
            if h + 1 == n {
                break;
            }
            self.step(&mut digits, |unit| {
                for (x, &y) in next.iter_mut().zip(&row) {
                    *x = unit[y];
                }
                std::mem::swap(&mut row, &mut next);
            });
        }
    }

    /// The images T_0(x), …, T_{n−1}(x) of one vertex under the rows of
    /// [`Translations::for_each_row`], by the same odometer (O(n)).
    pub fn images_of(&self, x: usize) -> Vec<usize> {
        let n = self.order();
        let mut out = Vec::with_capacity(n);
        let mut y = x;
        let mut digits = vec![0usize; self.units.len()];
        for h in 0..n {
            out.push(y);
            if h + 1 < n {
                self.step(&mut digits, |unit| y = unit[y]);
            }
        }
        out
    }

    /// Advance the odometer by one: `apply(τ_{e_i})` for each unit translation the increment
    /// applies (the wrapping digits, least significant first, then the one that does not wrap).
    fn step(&self, digits: &mut [usize], mut apply: impl FnMut(&[usize])) {
        for (i, d) in digits.iter_mut().enumerate() {
            apply(&self.units[i]);
            *d += 1;
            if *d < self.unit_moduli[i] {
                return;
            }
            *d = 0;
        }
    }

    /// The module documentation's three checks on `g`'s actual edge set; `Err` names the first
    /// that fails.
    pub fn check(&self, g: &Graph) -> Result<(), String> {
        let n = g.n();
        if self.order() != n {
            return Err(format!(
                "the group has {} elements, the graph {n} vertices",
                self.order()
            ));
        }
        for (i, u) in self.units.iter().enumerate() {
            if !g.is_automorphism(u) {
                return Err(format!("unit translation {i} is not an automorphism"));
            }
        }
        for (i, a) in self.units.iter().enumerate() {
            for b in &self.units[..i] {
                if (0..n).any(|v| a[b[v]] != b[a[v]]) {
                    return Err("the unit translations do not commute".into());
                }
            }
        }
        let mut seen = vec![false; n];
        for y in self.images_of(0) {
            if std::mem::replace(&mut seen[y], true) {
                return Err(format!("two rows send vertex 0 to {y}"));
            }
        }
        Ok(())
    }

    /// All n rows (n² entries: for tests and small graphs).
    pub fn rows(&self) -> Vec<Perm> {
        let mut out = Vec::with_capacity(self.order());
        self.for_each_row(|_, r| out.push(r.to_vec()));
        out
    }
}

impl Graph {
    /// The translations of the group this graph was built as a Cayley graph of (by
    /// [`Graph::hamming`], [`Graph::cycle`], [`Graph::complete`], [`Graph::circulant`]),
    /// **unchecked**: see [`Graph::checked_translations`].
    pub(crate) fn translations(&self) -> Option<Translations> {
        self.cayley.as_deref().map(Translations::new)
    }

    /// The translations when they pass [`Translations::check`] on this graph's edges: then the
    /// graph is vertex-transitive and their rows are a VT+ witness.
    pub(crate) fn checked_translations(&self) -> Option<Translations> {
        self.translations().filter(|t| t.check(self).is_ok())
    }

    /// Whether this graph was built as a Cayley graph of Z_{m_0} × … and its translations pass
    /// the check on its edges (then vertex-transitivity and VT+ need no automorphism search, and
    /// [`super::memory_estimate`] drops the search's n × n table).
    pub fn has_checked_translations(&self) -> bool {
        self.checked_translations().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::vt_plus::check_vt_plus;

    /// Naive reference: v + h digitwise, from the definition of the group.
    fn add(moduli: &[usize], v: usize, h: usize) -> usize {
        let (mut out, mut place) = (0, 1);
        for &m in moduli.iter().rev() {
            out += ((v / place) % m + (h / place) % m) % m * place;
            place *= m;
        }
        out
    }

    /// The odometer's rows are T_h(v) = v + h, and `images_of` is their column.
    #[test]
    fn rows_are_the_translations() {
        for moduli in [
            vec![],
            vec![1],
            vec![5],
            vec![2, 2, 2],
            vec![3, 1, 2],
            vec![4, 4],
            vec![2, 3],
        ] {
            let t = Translations::new(&moduli);
            let rows = t.rows();
            assert_eq!(rows.len(), t.order());
            for (h, row) in rows.iter().enumerate() {
                for (v, &x) in row.iter().enumerate() {
                    assert_eq!(x, add(&moduli, v, h), "{moduli:?} h={h} v={v}");
                }
            }
            for x in 0..t.order() {
                let col: Vec<usize> = rows.iter().map(|r| r[x]).collect();
                assert_eq!(t.images_of(x), col);
            }
        }
    }

    /// Every labelled family passes the check, and the rows pass the direct check of AACP
    /// Definition 3 (n² images) — the module's group-theoretic shortcut agrees with it.
    #[test]
    fn labelled_families_check() {
        let graphs = [
            Graph::hamming(3, 3),
            Graph::hamming(2, 4),
            Graph::hamming(0, 3),
            Graph::hamming(2, 1),
            Graph::hypercube(4),
            Graph::rook(3),
            Graph::cycle(7),
            Graph::complete(6),
            Graph::complete(1),
            Graph::circulant(10, &[1, 3]),
            Graph::circulant(8, &[1, 4]),
        ];
        for g in graphs {
            let t = g.translations().expect("labelled");
            assert_eq!(t.check(&g), Ok(()), "{g}");
            assert_eq!(check_vt_plus(&g, &t.rows()), Ok(()), "{g}");
        }
    }

    /// A wrong label is caught: the check fails on graphs the group does not act on.
    #[test]
    fn wrong_labels_are_rejected() {
        // P4 labelled as Z_4: the rotation is not an automorphism.
        let t = Translations::new(&[4]);
        assert!(t
            .check(&Graph::path(4))
            .unwrap_err()
            .contains("automorphism"));
        // The wrong order.
        assert!(t.check(&Graph::cycle(5)).unwrap_err().contains("elements"));
        // The prism is not Cay(Z_6) with its own labelling (0-1-2 and 3-4-5 are triangles).
        let prism = Graph::prism();
        assert!(Translations::new(&[6]).check(&prism).is_err());
        assert_eq!(
            Translations::new(&[2, 2]).check(&Graph::cycle(4)),
            Ok(()),
            "C4 = H(2,2)"
        );
        assert!(Graph::path(3).translations().is_none());
    }
}
