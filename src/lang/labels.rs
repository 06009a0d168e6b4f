//! The instances' labels of a run's report rows (`W=[(0, 0, 1), (0, 0, 1)] k=2 s=1`: each
//! binder's name and element, in the binders' order), which `check --certificates` writes in
//! every `claim` record (issue 44 item 2: the cost of certificates).
//!
//! Consecutive instances share their outer binders' elements (with `W` first, the 8 instances
//! of `k` and `s` under one `W` have the same `W`), so a chunk of instances formats each
//! binder's element once: [`ChunkLabels`] holds, for every binder, the elements the chunk's
//! instances reach, and an instance's label is the join of its binders' elements.

use super::value::Domain;
use rayon::prelude::*;

/// The label of one instance from its bindings `(name, element as text)`: `n=v` joined by
/// spaces (the reference that [`ChunkLabels::instance`] agrees with).
pub(super) fn label(names: &[(String, String)]) -> String {
    let mut out = String::new();
    for (k, (n, v)) in names.iter().enumerate() {
        push_binding(&mut out, k, n, v);
    }
    out
}

fn push_binding(out: &mut String, k: usize, name: &str, value: &str) {
    if k > 0 {
        out.push(' ');
    }
    out.push_str(name);
    out.push('=');
    out.push_str(value);
}

/// One binder's elements within a chunk: instance `i` binds element
/// `(i / stride) % len`; the chunk's instances reach the elements `first/stride`,
/// `first/stride + 1`, … (modulo `len`), formatted in `elements`.
struct Binder<'a> {
    name: &'a str,
    stride: u64,
    len: u64,
    /// `lo / stride` for the chunk's first instance `lo`.
    first: u64,
    elements: Vec<String>,
}

/// The labels of the instances `lo..hi` of a run over `domains` (the first binder slowest, as
/// `run` enumerates them), each binder's element formatted once for the chunk, in parallel.
pub(super) struct ChunkLabels<'a> {
    binders: Vec<Binder<'a>>,
}

impl<'a> ChunkLabels<'a> {
    /// The labels of instances `lo..hi` (`lo < hi`, `hi` at most the product of the domains'
    /// lengths `lens`) of binders `names` over `domains`.
    pub(super) fn new(
        names: impl IntoIterator<Item = &'a str>,
        domains: &[Domain],
        lens: &[u64],
        lo: u64,
        hi: u64,
    ) -> Self {
        let mut stride = 1u64;
        let mut binders: Vec<Binder> = names
            .into_iter()
            .zip(domains.iter().zip(lens))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .map(|(name, (d, &len))| {
                let first = lo / stride;
                // the elements reached: first ..= (hi - 1) / stride, at most the whole domain
                let count = ((hi - 1) / stride - first + 1).min(len);
                let elements = (0..count)
                    .into_par_iter()
                    .map(|k| d.get((first + k) % len).to_string())
                    .collect();
                let b = Binder {
                    name,
                    stride,
                    len,
                    first,
                    elements,
                };
                stride = stride.saturating_mul(len);
                b
            })
            .collect();
        binders.reverse();
        ChunkLabels { binders }
    }

    /// The label of instance `i` (in the chunk).
    pub(super) fn instance(&self, i: u64) -> String {
        let elements: Vec<&str> = self
            .binders
            .iter()
            .map(|b| b.elements[((i / b.stride - b.first) % b.len) as usize].as_str())
            .collect();
        let len: usize = self.binders.iter().map(|b| b.name.len() + 2).sum::<usize>()
            + elements.iter().map(|e| e.len()).sum::<usize>();
        let mut out = String::with_capacity(len);
        for (k, (b, e)) in self.binders.iter().zip(elements).enumerate() {
            push_binding(&mut out, k, b.name, e);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::value::Value;

    fn ints(lo: i64, hi: i64) -> Domain {
        Domain::Ints { lo, hi }
    }

    /// Naive reference: every instance's label from its bindings, as `run` binds them
    /// (instance `i`'s index of binder `b` is digit `b` of `i` in the mixed radix of the
    /// lengths, the last binder fastest), for chunks of every size and offset.
    #[test]
    fn chunk_labels_are_the_labels_of_the_bindings() {
        let cases: Vec<Vec<Domain>> = vec![
            vec![ints(0, 4)],
            vec![ints(1, 3), ints(-2, 2), ints(7, 8)],
            vec![Domain::dists(3, 2).unwrap(), ints(2, 3)],
            vec![Domain::channels(2, 2, 2).unwrap(), ints(0, 1), ints(5, 5)],
        ];
        for domains in cases {
            let names: Vec<String> = (0..domains.len()).map(|k| format!("x{k}")).collect();
            let lens: Vec<u64> = domains.iter().map(Domain::len).collect();
            let total: u64 = lens.iter().product();
            let bindings = |mut i: u64| -> Vec<(String, String)> {
                let mut out = Vec::new();
                for (k, d) in domains.iter().enumerate().rev() {
                    let v: Value = d.get(i % lens[k]);
                    out.push((names[k].clone(), v.to_string()));
                    i /= lens[k];
                }
                out.reverse();
                out
            };
            for chunk in 1..=total + 1 {
                for lo in (0..total).step_by(chunk as usize) {
                    let hi = (lo + chunk).min(total);
                    let l =
                        ChunkLabels::new(names.iter().map(String::as_str), &domains, &lens, lo, hi);
                    for i in lo..hi {
                        assert_eq!(l.instance(i), label(&bindings(i)), "{names:?} {lo}..{hi}");
                    }
                }
            }
        }
        // by hand
        let l = ChunkLabels::new(["a", "b"], &[ints(1, 2), ints(0, 2)], &[2, 3], 2, 5);
        let got: Vec<String> = (2..5).map(|i| l.instance(i)).collect();
        assert_eq!(got, ["a=1 b=2", "a=2 b=0", "a=2 b=1"]);
    }
}
