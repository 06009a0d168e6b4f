//! Differential tests (issue 15, step 1): every copy of a library definition that a paper module
//! still carries, against its library counterpart, on random inputs. They agree today; these
//! tests are the safety net for deleting the copies, and go away with them.
//!
//! Copies covered: AACP `common` (posterior vulnerability, column-max sum), WYZ `core` (DP
//! level, identifiability level, expected Hamming distortion, entropy, mutual information).
//! Already deleted, the papers using `measure`'s: the `cuff_yu::shim` copies of hockey-stick,
//! TV and max-ratio, and all of `cuff_yu::info` (KL, entropy, binary entropy, mutual
//! information, the capacity bracket with exact ends).

use super::alvim_andres_chatzikokolakis_palamidessi::common as aacp;
use super::wang_ying_zhang::core as wyz;
use crate::measure::testutil::{channel, dist};
use crate::measure::{self, ExtRational};
use crate::prob::Dist;
use proptest::prelude::*;

/// WYZ's level as the library's (`None` is +∞).
fn wyz_ext(l: &wyz::Level) -> ExtRational {
    l.ratio
        .clone()
        .map_or(ExtRational::Infinite, ExtRational::Finite)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn aacp_common_agrees_with_measure(
        (prior, w) in (1usize..=4, 1usize..=4)
            .prop_flat_map(|(n, k)| (dist(n, 5), channel(n, k, 5))),
    ) {
        let prior_dist = Dist::new(prior.clone()).unwrap();
        let rows = w.rows().to_vec();
        prop_assert_eq!(
            aacp::vulnerability(&prior, &rows),
            measure::posterior_vulnerability(&prior_dist, &w)
        );
        prop_assert_eq!(aacp::column_max_sum(&rows), measure::min_capacity(&w));
    }

    /// On H(n, m) with n·m small: WYZ's levels, distortion and information quantities against
    /// the library's on the Hamming neighbour pairs.
    #[test]
    fn wyz_core_agrees_with_measure(
        (n, m, prior, w) in prop::sample::select(vec![(1usize, 2usize), (2, 2), (1, 3)])
            .prop_flat_map(|(n, m)| {
                let size = m.pow(n as u32);
                (Just(n), Just(m), dist(size, 4), channel(size, size, 4))
            }),
    ) {
        let sp = wyz::Space::new(n, m);
        let pairs: Vec<(usize, usize)> =
            sp.ordered_pairs().into_iter().filter(|(x, y)| x < y).collect();
        let rows = w.rows().to_vec();
        let prior_dist = Dist::new(prior.clone()).unwrap();
        prop_assert_eq!(
            wyz_ext(&wyz::dp_level(&sp, &rows)),
            measure::dp_level(&w, &pairs).ratio
        );
        prop_assert_eq!(
            wyz_ext(&wyz::ident_level(&sp, &prior, &rows)),
            measure::identifiability_level(&prior_dist, &w, &pairs).ratio
        );
        prop_assert_eq!(
            Some(wyz::distortion(&sp, &prior, &rows)),
            measure::expected_hamming_distortion(&prior_dist, &w, n, m)
        );
        prop_assert_eq!(wyz::entropy(&prior), measure::entropy(&prior));
        prop_assert_eq!(
            wyz::mutual_information(&prior, &rows),
            measure::mutual_information(&prior_dist, &w)
        );
    }
}
