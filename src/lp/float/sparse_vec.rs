//! A dense vector with the list of its entries that may be non-zero (HiGHS's `HVector`, its
//! hyper-sparse solves: Hall & McKinnon, "Hyper-sparsity in the revised simplex method and
//! how to exploit it", Comput. Optim. Appl. 32, 2005), for the float dual simplex's solves
//! (issue 42 item 8): a solve passes the listed entries of its input and lists those of its
//! output, and clearing costs the listed entries, not all `m`. Hints only.

/// Values, the listed indices (each once) and their marks. Every non-zero value is listed; a
/// listed value may be 0 (an entry that cancelled).
#[derive(Clone, Debug)]
pub(crate) struct SparseVec {
    pub(crate) val: Vec<f64>,
    pub(crate) idx: Vec<usize>,
    mark: Vec<bool>,
}

impl SparseVec {
    /// The zero vector of length `n`.
    pub(crate) fn new(n: usize) -> SparseVec {
        SparseVec {
            val: vec![0.0; n],
            idx: Vec::new(),
            mark: vec![false; n],
        }
    }

    /// `dense` with its non-zero entries listed.
    pub(crate) fn from_dense(dense: Vec<f64>) -> SparseVec {
        let idx = (0..dense.len()).filter(|&i| dense[i] != 0.0).collect();
        let mark = dense.iter().map(|&v| v != 0.0).collect();
        SparseVec {
            val: dense,
            idx,
            mark,
        }
    }

    /// `v[i] += a`.
    #[inline]
    pub(crate) fn add(&mut self, i: usize, a: f64) {
        if !self.mark[i] {
            self.mark[i] = true;
            self.idx.push(i);
        }
        self.val[i] += a;
    }

    /// `v[i] = a`.
    #[inline]
    pub(crate) fn set(&mut self, i: usize, a: f64) {
        if !self.mark[i] {
            if a == 0.0 {
                return;
            }
            self.mark[i] = true;
            self.idx.push(i);
        }
        self.val[i] = a;
    }

    /// `v[i] −= s a` for each `(i, a)` of `entries` (the fields borrowed once: the solves'
    /// inner loops).
    #[inline]
    pub(crate) fn sub_pairs(&mut self, entries: &[(usize, f64)], s: f64) {
        let SparseVec { val, idx, mark } = self;
        for &(i, a) in entries {
            if !mark[i] {
                mark[i] = true;
                idx.push(i);
            }
            val[i] -= s * a;
        }
    }

    /// `v[at[t]] −= s a[t]` for each `t`.
    #[inline]
    pub(crate) fn sub_split(&mut self, at: &[usize], a: &[f64], s: f64) {
        let SparseVec { val, idx, mark } = self;
        for (&i, &a) in at.iter().zip(a) {
            if !mark[i] {
                mark[i] = true;
                idx.push(i);
            }
            val[i] -= s * a;
        }
    }

    /// Back to zero, at the cost of the listed entries.
    pub(crate) fn clear(&mut self) {
        for &i in &self.idx {
            self.val[i] = 0.0;
            self.mark[i] = false;
        }
        self.idx.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries listed once each, a cancelled entry stays listed with 0, `set` of 0 lists
    /// nothing, and `clear` leaves the zero vector with nothing listed.
    #[test]
    fn lists_each_entry_once_and_clears() {
        let mut v = SparseVec::new(5);
        v.add(3, 2.0);
        v.add(1, 1.0);
        v.add(3, -2.0);
        v.set(4, 0.0);
        v.set(0, 5.0);
        assert_eq!(v.idx, vec![3, 1, 0]);
        assert_eq!(v.val, vec![5.0, 1.0, 0.0, 0.0, 0.0]);
        v.clear();
        assert!(v.idx.is_empty());
        assert_eq!(v.val, vec![0.0; 5]);
        v.add(2, 1.0);
        assert_eq!(v.idx, vec![2]);
        v.sub_pairs(&[(0, 1.0), (2, 1.0)], 2.0);
        v.sub_split(&[4, 0], &[1.0, -1.0], 3.0);
        assert_eq!(v.idx, vec![2, 0, 4]);
        assert_eq!(v.val, vec![1.0, 0.0, -1.0, 0.0, -3.0]);
        let w = SparseVec::from_dense(vec![0.0, 3.0, 0.0, -1.0]);
        assert_eq!(w.idx, vec![1, 3]);
    }
}
