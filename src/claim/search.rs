//! Counterexample shrinking for `dpcert search`: a greedy shrink over a claim-supplied list of
//! simpler candidates (fewer rows/outputs, smaller denominators), in the spirit of proptest's
//! shrinking but deterministic and exact.

/// Repeatedly replace `start` by the first candidate of `simpler(current)` that still `fails`,
/// until no candidate fails. `simpler` must return strictly simpler instances (so this ends).
/// Returns the shrunk instance and the number of shrink steps taken.
pub fn shrink<I>(
    start: I,
    simpler: impl Fn(&I) -> Vec<I>,
    fails: impl Fn(&I) -> bool,
) -> (I, usize) {
    let mut cur = start;
    let mut steps = 0;
    'outer: loop {
        for cand in simpler(&cur) {
            if fails(&cand) {
                cur = cand;
                steps += 1;
                continue 'outer;
            }
        }
        return (cur, steps);
    }
}

#[cfg(test)]
mod tests {
    use super::shrink;

    /// Shrink an integer counterexample of "n < 10" (fails for n >= 10) by halving and
    /// decrementing: reaches the boundary 10 exactly.
    #[test]
    fn shrinks_to_boundary() {
        let (n, steps) = shrink(1000u64, |&n| vec![n / 2, n.saturating_sub(1)], |&n| n >= 10);
        assert_eq!(n, 10);
        assert!(steps > 0);
    }
}
