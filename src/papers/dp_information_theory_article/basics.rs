//! Divergence definitions and their properties, entropies, the Rényi mutual information,
//! posteriors and tail bounds (ART-D1, D2, 1, D3, 2, 3, 41, D4, D5, 4, 5, 14, 15, 16, 17, 18,
//! 19, 19b, 20, 22, 23, 40).

#![allow(clippy::needless_range_loop)]

mod bounds_and_processing;
mod divergence_definitions;
mod information_measures;
mod shared;

pub(crate) use shared::*;

pub(super) use bounds_and_processing::OrderOnly;

use bounds_and_processing::*;

use divergence_definitions::*;

pub(super) use information_measures::bsc_ps;

use information_measures::*;

pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    fn cells() -> Vec<PairCell> {
        default_pair_cells()
    }
    vec![
        Family { id: "ART-D1", grid: cells, beyond: Some(pair_cells_beyond), check: check_d1 }.boxed(),
        Family { id: "ART-D2", grid: cells, beyond: Some(pair_cells_beyond), check: check_d2 }.boxed(),
        Family {
            id: "ART-1",
            grid: || vec![Named("informal gloss")],
            beyond: None,
            check: |_| crate::claim::not_checkable("informal explanation ('(eps,delta) is often explained as eps-private with probability 1-delta'); its formal direction is ART-36, the converse is not claimed"),
        }
        .boxed(),
        Family { id: "ART-D3", grid: d3_grid, beyond: None, check: check_d3 }.boxed(),
        Family { id: "ART-2", grid: pair_grid, beyond: Some(pair_beyond), check: check_2 }.boxed(),
        Family { id: "ART-2-reading-alpha0", grid: pair_grid, beyond: Some(pair_beyond), check: check_2_alpha0 }.boxed(),
        Family { id: "ART-3", grid: dist_grid, beyond: Some(pair_beyond), check: check_3 }.boxed(),
        Family { id: "ART-41", grid: dist_grid, beyond: Some(pair_beyond), check: check_41 }.boxed(),
        Family { id: "ART-41-reading-largest", grid: dist_grid, beyond: Some(pair_beyond), check: check_41_largest }.boxed(),
        Family { id: "ART-D4", grid: orders_grid, beyond: Some(orders_beyond), check: check_d4 }.boxed(),
        Family { id: "ART-D5", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_d5 }.boxed(),
        Family { id: "ART-4", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_4 }.boxed(),
        Family { id: "ART-5", grid: bsc_ps, beyond: None, check: check_5 }.boxed(),
        Family { id: "ART-14", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_14 }.boxed(),
        Family { id: "ART-15", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_15 }.boxed(),
        Family { id: "ART-16", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_16 }.boxed(),
        Family { id: "ART-17", grid: int_cells, beyond: Some(int_beyond), check: check_17 }.boxed(),
        Family {
            id: "ART-18",
            grid: || chan_cells(&[RenyiOrder::One, RenyiOrder::Int(2), RenyiOrder::Int(3), RenyiOrder::Int(4)]),
            beyond: Some(int_beyond),
            check: check_18,
        }
        .boxed(),
        Family { id: "ART-19", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_19 }.boxed(),
        Family { id: "ART-19b", grid: b19_grid, beyond: Some(b19_beyond), check: check_19b }.boxed(),
        Family {
            id: "ART-20",
            grid: || vec![G20 { half_gap: q(1, 20) }, G20 { half_gap: q(1, 10) }],
            beyond: None,
            check: check_20,
        }
        .boxed(),
        Family { id: "ART-22", grid: one_cell_grid, beyond: Some(one_cell_beyond), check: check_22 }.boxed(),
        Family {
            id: "ART-23",
            grid: || [RenyiOrder::Zero, RenyiOrder::One, RenyiOrder::Int(2), RenyiOrder::Int(3), RenyiOrder::Inf].into_iter().map(OrderOnly).collect(),
            beyond: None,
            check: check_23,
        }
        .boxed(),
        Family { id: "ART-40", grid: int_cells, beyond: Some(int_beyond), check: check_40 }.boxed(),
        Family { id: "ART-40-corrected", grid: int_cells, beyond: Some(int_beyond), check: check_40_corrected }.boxed(),
    ]
}
