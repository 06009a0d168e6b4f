//! AACP §2.1 and §3 (graph structure): the database domain `V^Ind` and its adjacency (D1, C1),
//! graph basics and automorphisms (D7, G1), distance-regularity (D8, two readings), VT+ (D9),
//! single-orbit automorphisms (D10, G2, G5, G7), constant distance profiles (D11), the class
//! diagram of Figure 4 (G3), Proposition 1 (P1), the figures' graphs (G4, G6, G8), the distance
//! profile of H(u, v) (E4, eq. (4)) and the per-individual cliques of §5 (C-clique).
//!
//! Readings: automorphisms are permutations of the vertex set 𝒱 (the text writes 𝒳); the
//! standard reading of Definition 2 (connected; `c_i = |G_{i−1}(v) ∩ G_1(w)|`,
//! `b_i = |G_{i+1}(v) ∩ G_1(w)|` independent of the pair at distance i) unless a check says
//! otherwise; VT+ = a sharply transitive set of n automorphisms (Definition 3).

mod class_theorems;
mod regularity;
mod shared;

pub(crate) use shared::*;

/// The claim checkers of this module, in catalogue order: the database domain and
/// automorphisms here, the regularity definitions in [`regularity`], the class theorems in
/// [`class_theorems`].
pub fn claims() -> Vec<Box<dyn ClaimChecker>> {
    let mut v: Vec<Box<dyn ClaimChecker>> = vec![
        Family {
            id: "AACP-D1",
            grid: || uv_grid(64, true),
            beyond: Some(|s| uv_grid(64 * (s + 1), false)),
            check: check_d1,
        }
        .boxed(),
        Family {
            id: "AACP-C1",
            grid: || uv_grid(4096, true),
            beyond: Some(|s| uv_beyond(4096, s)),
            check: check_c1,
        }
        .boxed(),
        Family {
            id: "AACP-D7",
            grid: all_graphs_up_to_six,
            beyond: None,
            check: check_d7,
        }
        .boxed(),
    ];
    v.extend(regularity::claims());
    v.extend(vec![Family {
        id: "AACP-G1",
        grid: connected_families,
        beyond: Some(families_beyond),
        check: check_g1,
    }
    .boxed()]);
    v.extend(class_theorems::claims());
    v
}
