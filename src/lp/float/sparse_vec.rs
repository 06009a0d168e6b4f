//! A dense vector with the list of its entries that may be non-zero (HiGHS's `HVector`, its
//! hyper-sparse solves: Hall & McKinnon, "Hyper-sparsity in the revised simplex method and
//! how to exploit it", Comput. Optim. Appl. 32, 2005), for the float dual simplex's solves
//! (issue 42 item 8): a solve passes the listed entries of its input and lists those of its
//! output, and clearing costs the listed entries, not all `m`. Hints only.
//!
//! Past a density the list is given up (HiGHS's `HFactor` likewise leaves its hyper-sparse
//! solves for plain dense passes above a density of 10–15%, `kHyperFtranL` and the like, and
//! its `HVector` rebuilds its index by a scan): the writes then cost no marks, and
//! [`SparseVec::relist`] lists the non-zero entries again by one pass over all `m`, in order.
//! Listing each entry as it was first written, however many, cost the PD-DP LPs (dense
//! steepest-edge `τ` and entering columns) 30–50% of their CPU at the same instructions per
//! pivot (issue 42 item 8, fifth round; measured in the sixth: see
//! [`crate::lp::float::simplex`]).

/// By default the list is given up once it holds more than `1 / DENSE` of the entries (the
/// 10% of HiGHS).
const DENSE: usize = 10;

/// Values, and while the vector is *sparse* the listed indices (each once) and their marks.
/// Sparse: every non-zero value is listed and marked, a listed value may be 0 (an entry that
/// cancelled). Dense (past [`SparseVec::limit`] entries): `val` alone is kept up to date; `idx`
/// and the marks stay as they were when the list was given up, for [`SparseVec::clear`] and
/// [`SparseVec::relist`] to undo.
#[derive(Clone, Debug)]
pub(crate) struct SparseVec {
    pub(crate) val: Vec<f64>,
    /// The listed indices in `idx[..count]` (`idx` has all `n` places, allocated once: no
    /// growth, and a scan writes into it without a check).
    idx: Vec<usize>,
    count: usize,
    mark: Vec<bool>,
    dense: bool,
    /// The most entries listed before the list is given up.
    limit: usize,
}

impl SparseVec {
    /// The zero vector of length `n`.
    pub(crate) fn new(n: usize) -> SparseVec {
        SparseVec::with_limit(n, n / DENSE)
    }

    /// The zero vector of length `n` that gives up its list past `limit` entries (the tests
    /// force either kind of pass with it).
    pub(crate) fn with_limit(n: usize, limit: usize) -> SparseVec {
        SparseVec {
            val: vec![0.0; n],
            idx: vec![0; n],
            count: 0,
            mark: vec![false; n],
            dense: false,
            limit,
        }
    }

    /// `dense` with its non-zero entries listed (or given up past the default limit).
    pub(crate) fn from_dense(dense: Vec<f64>) -> SparseVec {
        let limit = dense.len() / DENSE;
        SparseVec::from_dense_with_limit(dense, limit)
    }

    /// [`SparseVec::from_dense`] with the list given up past `limit` entries.
    pub(crate) fn from_dense_with_limit(dense: Vec<f64>, limit: usize) -> SparseVec {
        let mut v = SparseVec::with_limit(dense.len(), limit);
        v.val = dense;
        v.dense = true;
        v.relist();
        v.check_limit();
        v
    }

    /// The listed entries, or `None` once the list is given up (then every entry may be
    /// non-zero; [`SparseVec::relist`] lists them again).
    #[inline]
    pub(crate) fn list(&self) -> Option<&[usize]> {
        (!self.dense).then_some(&self.idx[..self.count])
    }

    /// The `t`-th listed entry (those listed before the list was given up stay listed: a
    /// solve may pass them by their place while it writes elsewhere).
    #[inline]
    pub(crate) fn nth_listed(&self, t: usize) -> usize {
        self.idx[..self.count][t]
    }

    /// List `i` (unmarked, the list kept), giving the list up past the limit.
    #[inline]
    fn push(&mut self, i: usize) {
        self.mark[i] = true;
        self.idx[self.count] = i;
        self.count += 1;
        self.check_limit();
    }

    /// The values and the listed entries (listed again first where given up).
    pub(crate) fn solved(&mut self) -> (&[f64], &[usize]) {
        self.relist();
        (&self.val, &self.idx[..self.count])
    }

    /// List the non-zero entries again where the list was given up (in order); nothing
    /// otherwise.
    pub(crate) fn relist(&mut self) {
        if !self.dense {
            return;
        }
        let SparseVec {
            val,
            idx,
            count,
            mark,
            ..
        } = self;
        for &i in &idx[..*count] {
            mark[i] = false;
        }
        // Without a branch per entry (a result at 10–50% density mispredicts it half the
        // time): the place past the last listed entry (`listed ≤ i`) is written until it is
        // one.
        let mut listed = 0;
        for (i, &v) in val.iter().enumerate() {
            idx[listed] = i;
            listed += usize::from(v != 0.0);
        }
        *count = listed;
        for &i in &idx[..listed] {
            mark[i] = true;
        }
        self.dense = false;
    }

    /// Give the list up if it holds more than [`SparseVec::limit`] entries.
    #[inline]
    fn check_limit(&mut self) {
        if self.count > self.limit {
            self.dense = true;
        }
    }

    /// `v[i] += a`.
    #[inline]
    pub(crate) fn add(&mut self, i: usize, a: f64) {
        if !self.dense && !self.mark[i] {
            self.push(i);
        }
        self.val[i] += a;
    }

    /// `v[i] = a`.
    #[inline]
    pub(crate) fn set(&mut self, i: usize, a: f64) {
        if !self.dense && !self.mark[i] {
            if a == 0.0 {
                return;
            }
            self.push(i);
        }
        self.val[i] = a;
    }

    /// `v[i] = a` where `v[i]` is zero and unlisted (the caller knows it), without a branch
    /// on `a` (issue 42 item 8, eighth round: [`FloatLu::ftran`]'s pass of the singleton
    /// steps over a dense right-hand side, where the zeros of `a` are unpredictable); `a`
    /// must not be `-0.0`.
    ///
    /// [`FloatLu::ftran`]: crate::lp::float::lu::FloatLu::ftran
    #[inline]
    pub(crate) fn put_new(&mut self, i: usize, a: f64) {
        debug_assert!(self.val[i] == 0.0 && (self.dense || !self.mark[i]));
        debug_assert!(a != 0.0 || a.is_sign_positive());
        self.val[i] = a;
        if !self.dense {
            let listed = a != 0.0;
            self.idx[self.count] = i;
            self.mark[i] = listed;
            self.count += usize::from(listed);
            self.check_limit();
        }
    }

    /// `v[i] −= s a` for each `(i, a)` of `entries` (the fields borrowed once: the solves'
    /// inner loops).
    #[inline]
    pub(crate) fn sub_pairs(&mut self, entries: &[(usize, f64)], s: f64) {
        let SparseVec {
            val,
            idx,
            count,
            mark,
            dense,
            ..
        } = self;
        if *dense {
            for &(i, a) in entries {
                val[i] -= s * a;
            }
            return;
        }
        for &(i, a) in entries {
            if !mark[i] {
                mark[i] = true;
                idx[*count] = i;
                *count += 1;
            }
            val[i] -= s * a;
        }
        self.check_limit();
    }

    /// `v[at[t]] −= s a[t]` for each `t`.
    #[inline]
    pub(crate) fn sub_split(&mut self, at: &[usize], a: &[f64], s: f64) {
        let SparseVec {
            val,
            idx,
            count,
            mark,
            dense,
            ..
        } = self;
        if *dense {
            for (&i, &a) in at.iter().zip(a) {
                val[i] -= s * a;
            }
            return;
        }
        for (&i, &a) in at.iter().zip(a) {
            if !mark[i] {
                mark[i] = true;
                idx[*count] = i;
                *count += 1;
            }
            val[i] -= s * a;
        }
        self.check_limit();
    }

    /// `self = other` (`self` must be zero): the listed entries, or all of them wholesale
    /// where `other`'s list is given up or long.
    pub(crate) fn copy_from(&mut self, other: &SparseVec) {
        match other.list() {
            Some(list) if list.len() <= self.limit => {
                for &i in list {
                    self.set(i, other.val[i]);
                }
            }
            _ => {
                self.val.copy_from_slice(&other.val);
                self.dense = true;
            }
        }
    }

    /// Back to zero, at the cost of the listed entries (of all `m` where the list was given
    /// up).
    pub(crate) fn clear(&mut self) {
        let listed = &self.idx[..self.count];
        if self.dense {
            self.val.fill(0.0);
        } else {
            for &i in listed {
                self.val[i] = 0.0;
            }
        }
        for &i in listed {
            self.mark[i] = false;
        }
        self.count = 0;
        self.dense = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Entries listed once each, a cancelled entry stays listed with 0, `set` of 0 lists
    /// nothing, and `clear` leaves the zero vector with nothing listed.
    #[test]
    fn lists_each_entry_once_and_clears() {
        let mut v = SparseVec::with_limit(5, 5);
        v.add(3, 2.0);
        v.add(1, 1.0);
        v.add(3, -2.0);
        v.set(4, 0.0);
        v.set(0, 5.0);
        assert_eq!(v.list(), Some(&[3, 1, 0][..]));
        assert_eq!(v.val, vec![5.0, 1.0, 0.0, 0.0, 0.0]);
        v.clear();
        assert_eq!(v.list(), Some(&[][..]));
        assert_eq!(v.val, vec![0.0; 5]);
        v.add(2, 1.0);
        assert_eq!(v.list(), Some(&[2][..]));
        v.sub_pairs(&[(0, 1.0), (2, 1.0)], 2.0);
        v.sub_split(&[4, 0], &[1.0, -1.0], 3.0);
        assert_eq!(v.list(), Some(&[2, 0, 4][..]));
        assert_eq!(v.val, vec![1.0, 0.0, -1.0, 0.0, -3.0]);
        let w = SparseVec::from_dense_with_limit(vec![0.0, 3.0, 0.0, -1.0], 4);
        assert_eq!(w.list(), Some(&[1, 3][..]));
        // `put_new` lists a non-zero entry, not a zero one, and gives the list up past the
        // limit like the other writes.
        let mut p = SparseVec::with_limit(4, 1);
        p.put_new(2, 0.0);
        p.put_new(3, 5.0);
        assert_eq!(
            (p.list(), &p.val[..]),
            (Some(&[3][..]), &[0.0, 0.0, 0.0, 5.0][..])
        );
        p.put_new(0, -1.0);
        assert_eq!(p.list(), None);
        p.put_new(1, 2.0);
        assert_eq!(p.val, vec![-1.0, 2.0, 0.0, 5.0]);
        assert_eq!(p.solved().1, &[0, 1, 3][..]);
    }

    /// With a limit of 2 the third entry gives the list up: the writes go on in `val`, and
    /// `solved` lists the non-zero entries in order (not the one that cancelled); `clear`
    /// then leaves the zero vector, sparse again, and its marks cleared (a later entry is
    /// listed once).
    #[test]
    fn gives_the_list_up_past_its_limit() {
        let mut v = SparseVec::with_limit(6, 2);
        v.add(4, 1.0);
        v.add(1, 2.0);
        assert!(v.list().is_some());
        v.sub_split(&[5, 4], &[1.0, 1.0], 1.0);
        assert!(v.list().is_none());
        assert_eq!(v.list(), None);
        v.set(0, 7.0);
        v.add(2, 1.0);
        v.add(2, -1.0);
        assert_eq!(v.val, vec![7.0, 2.0, 0.0, 0.0, 0.0, -1.0]);
        assert_eq!(v.solved().1, &[0, 1, 5][..]);
        assert!(v.list().is_some());
        v.clear();
        assert_eq!(v.val, vec![0.0; 6]);
        assert_eq!(v.list(), Some(&[][..]));
        v.add(4, 1.0);
        v.add(4, 1.0);
        assert_eq!(v.list(), Some(&[4][..]));
        // Given up and cleared without a relist: the old marks go too.
        let mut w = SparseVec::from_dense_with_limit(vec![1.0, 1.0, 1.0], 1);
        assert!(w.list().is_none());
        w.clear();
        w.add(1, 3.0);
        assert_eq!(w.list(), Some(&[1][..]));
        assert_eq!(w.val, vec![0.0, 3.0, 0.0]);
        // A copy: listed where short, wholesale otherwise.
        let mut c = SparseVec::with_limit(3, 1);
        c.copy_from(&SparseVec::from_dense_with_limit(vec![0.0, 2.0, 0.0], 3));
        assert_eq!(
            (c.list(), &c.val[..]),
            (Some(&[1][..]), &[0.0, 2.0, 0.0][..])
        );
        c.clear();
        c.copy_from(&SparseVec::from_dense_with_limit(vec![1.0, 2.0, 0.0], 3));
        assert_eq!(c.list(), None);
        assert_eq!(c.solved().1, &[0, 1][..]);
    }

    proptest! {
        /// Random writes at any limit against a plain dense vector: the same values, and
        /// (listed again) the same non-zero entries, each once.
        #[test]
        fn writes_agree_with_a_dense_vector(
            n in 1usize..40,
            limit in 0usize..45,
            ops in proptest::collection::vec((0u8..5, 0usize..40, -3i8..4), 0..60),
        ) {
            let mut v = SparseVec::with_limit(n, limit);
            let mut plain = vec![0.0f64; n];
            for (round, chunk) in ops.chunks(20).enumerate() {
                for &(op, i, a) in chunk {
                    let (i, a) = (i % n, f64::from(a));
                    match op {
                        0 => { v.add(i, a); plain[i] += a; }
                        1 => { v.set(i, a); plain[i] = a; }
                        2 => { v.sub_pairs(&[(i, a), ((i + 1) % n, 1.0)], 2.0); plain[i] -= 2.0 * a; plain[(i + 1) % n] -= 2.0; }
                        3 => { v.sub_split(&[i], &[a], -1.0); plain[i] += a; }
                        // `put_new` where the entry is zero and unlisted.
                        _ => if plain[i] == 0.0 && v.list().is_none_or(|l| !l.contains(&i)) {
                            v.put_new(i, a);
                            plain[i] = a;
                        },
                    }
                }
                prop_assert_eq!(&v.val, &plain);
                if let Some(list) = v.list() {
                    let mut seen = vec![false; n];
                    for &i in list { prop_assert!(!seen[i], "{} listed twice", i); seen[i] = true; }
                    for i in 0..n { prop_assert!(plain[i] == 0.0 || seen[i], "{} not listed", i); }
                }
                let want: Vec<usize> = (0..n).filter(|&i| plain[i] != 0.0).collect();
                let mut got = v.solved().1.to_vec();
                got.retain(|&i| plain[i] != 0.0);
                got.sort_unstable();
                prop_assert_eq!(got, want);
                if round % 2 == 1 {
                    v.clear();
                    plain.fill(0.0);
                    prop_assert!(v.val.iter().all(|&x| x == 0.0) && v.list() == Some(&[][..]));
                }
            }
        }
    }
}
