//! "Did you mean": the nearest known names to a misspelt one, for every error that suggests
//! (an unknown claim ID, a claim-language function, a JSON key of a matrix file). Below every
//! layer that suggests, so that none imports another's (issue 43, item 1: `prob::io` and
//! `claim` borrowed it from the claim language).

/// Levenshtein distance, case-insensitive (the CLI's nearest-ID suggestion uses the same).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let sub = prev[j - 1] + usize::from(a[i - 1] != b[j - 1]);
            cur[j] = sub.min(prev[j] + 1).min(cur[j - 1] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Up to `k` names of `known` nearest to `name`, ties by name: within edit distance 3 (a
/// misspelt function or key), or at any distance when `within_three` is false (an unknown
/// claim ID always gets a suggestion, in the CLI and the Python package alike).
pub(crate) fn nearest<'a>(
    name: &str,
    known: impl IntoIterator<Item = &'a str>,
    k: usize,
    within_three: bool,
) -> Vec<&'a str> {
    let mut v: Vec<(usize, &str)> = known
        .into_iter()
        .map(|s| (edit_distance(name, s), s))
        .filter(|(d, _)| !within_three || *d <= 3)
        .collect();
    v.sort();
    v.dedup();
    v.into_iter().take(k).map(|(_, s)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_table() {
        for (a, b, d) in [
            ("", "", 0),
            ("abc", "abc", 0),
            ("WYZ-T1a", "wyz-t1a", 0),
            ("kitten", "sitting", 3),
            ("CY-D1", "CY-D2", 1),
            ("", "abc", 3),
        ] {
            assert_eq!(edit_distance(a, b), d, "{a} {b}");
        }
    }

    #[test]
    fn nearest_within_three_and_unbounded() {
        let known = ["CY-D1", "CY-D2", "WYZ-T1a", "VAD-1"];
        assert_eq!(nearest("CY-D3", known, 2, false), ["CY-D1", "CY-D2"]);
        assert_eq!(nearest("zzzzzzzzzz", known, 1, false).len(), 1);
        assert!(nearest("zzzzzzzzzz", known, 1, true).is_empty());
        // by hand: WYZ-T1a at 1 (append a), CY-D1 at 3 (w→c, drop z, t→d), CY-D2 at 4, VAD-1 at 5
        assert_eq!(nearest("wyz-t1", known, 4, true), ["WYZ-T1a", "CY-D1"]);
    }
}
