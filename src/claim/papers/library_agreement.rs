//! Differential tests (issue 15, step 1): every copy of a library definition that a paper module
//! still carries, against its library counterpart, on random inputs. They agree today; these
//! tests are the safety net for deleting the copies, and go away with them.
//!
//! Copies covered: `cuff_yu::shim` (hockey-stick one- and two-sided, TV, two-sided max-ratio),
//! `cuff_yu::info` (KL, entropy, binary entropy, mutual information), AACP `common`
//! (posterior vulnerability, column-max sum), WYZ `core` (DP level, identifiability level,
//! expected Hamming distortion, entropy, mutual information).

use super::alvim_andres_chatzikokolakis_palamidessi::common as aacp;
use super::cuff_yu::{info as cy_info, shim};
use super::wang_ying_zhang::core as wyz;
use crate::measure::testutil::{channel, dist};
use crate::measure::{self, ExtRational};
use crate::num::Rational;
use crate::prob::{Channel, Dist};
use proptest::prelude::*;

fn t_values() -> impl Strategy<Value = Rational> {
    prop::sample::select(vec![
        Rational::from(1u32),
        Rational::from_unsigneds(3u32, 2),
        Rational::from(2u32),
        Rational::from(4u32),
    ])
}

/// `shim::Ratio` as the library's extended rational.
fn ext(r: shim::Ratio) -> ExtRational {
    match r {
        shim::Ratio::Finite(q) => ExtRational::Finite(q),
        shim::Ratio::Infinite => ExtRational::Infinite,
    }
}

/// WYZ's level as the library's (`None` is +∞).
fn wyz_ext(l: &wyz::Level) -> ExtRational {
    l.ratio
        .clone()
        .map_or(ExtRational::Infinite, ExtRational::Finite)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn shim_divergences_agree_with_measure(
        (p, q) in (1usize..=5).prop_flat_map(|k| (dist(k, 6), dist(k, 6))),
        t in t_values(),
    ) {
        let one = measure::hockey_stick(&p, &q, &t).delta;
        let other = measure::hockey_stick(&q, &p, &t).delta;
        prop_assert_eq!(shim::hockey(&p, &q, &t), one.clone());
        prop_assert_eq!(shim::hockey2(&p, &q, &t), one.max(other));
        prop_assert_eq!(shim::tv(&p, &q), measure::tv(&p, &q));
        // Two-sided max-ratio = the DP level of the two-row channel on its one pair, except
        // that the level is at least 1 and skips 0/0 (the shim's starts at 0).
        let w = Channel::new(vec![p.clone(), q.clone()]).unwrap();
        let level = measure::dp_level(&w, &[(0, 1)]).ratio;
        let shim2 = ext(shim::max_ratio2(&p, &q)).max(ExtRational::Finite(Rational::from(1u32)));
        prop_assert_eq!(shim2, level);
    }

    #[test]
    fn cuff_yu_info_agrees_with_measure(
        (p, q) in (1usize..=5).prop_flat_map(|k| (dist(k, 6), dist(k, 6))),
        (prior, w) in (1usize..=4, 1usize..=4)
            .prop_flat_map(|(n, k)| (dist(n, 5), channel(n, k, 5))),
    ) {
        prop_assert_eq!(cy_info::kl(&p, &q), measure::kl(&p, &q));
        prop_assert_eq!(cy_info::entropy(&p), measure::entropy(&p));
        let d = p[0].clone();
        prop_assert_eq!(
            cy_info::h(&d),
            measure::entropy(&[d.clone(), Rational::from(1u32) - &d])
        );
        let prior_dist = Dist::new(prior.clone()).unwrap();
        prop_assert_eq!(
            cy_info::mutual_information(&prior, w.rows()),
            measure::mutual_information(&prior_dist, &w)
        );
    }

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
