use dpcert::lp::{bench_models::*, solve};
use dpcert::num::Rational;
use std::time::Instant;
fn main() {
    let t = Rational::from_signeds(1i32, 2i32);
    let arg: Vec<String> = std::env::args().collect();
    let which = arg.get(1).map(|s| s.as_str()).unwrap_or("all");
    let run = |name: &str, m: dpcert::lp::Model| {
        let s = Instant::now();
        let sol = solve(&m).unwrap();
        println!("{name}: vars {} rows {} -> {} {:?} in {:?}", m.n_vars(), m.n_rows(), sol.status(), sol.value().map(|v| v.to_string()), s.elapsed());
    };
    if which == "all" || which == "small" {
        run("diag C6", max_diagonal_dp(&cycle_adjacency(6), &t));
        run("diag H(2,3)", max_diagonal_dp(&hamming_adjacency(2, 3), &t));
        run("pd H(3,2)", pd_dp_hamming(3, 2, &t));
        run("pd H(2,3)", pd_dp_hamming(2, 3, &t));
    }
    if which == "all" || which == "big" {
        run("pd H(4,2)", pd_dp_hamming(4, 2, &t));
    }
}
