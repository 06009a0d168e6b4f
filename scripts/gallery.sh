#!/bin/sh
# Regenerate docs/gallery/*.svg (docs/gallery.md, issue 46 item 5): the single-curve figures
# through the CLI's --plot, the multi-curve figure through examples/gallery.rs (the same
# drawing module). `cargo test --test it gallery` renders every SVG here to pixels.
set -e
cd "$(dirname "$0")/.."
cargo build --quiet --bin dpcert
D=./target/debug/dpcert
OUT=docs/gallery
mkdir -p "$OUT"
time_it() { # NAME COMMAND...: run, say how long it took
    name=$1; shift
    s=$(date +%s.%N)
    "$@" > /dev/null
    e=$(date +%s.%N)
    echo "$name: $(echo "$e - $s" | bc) s"
}
time_it audit_curve3 $D audit examples/curve3.csv --curve-t 1,6 --plot $OUT/audit_curve3.svg
time_it audit_expmech $D audit expmech:path:6:2 --adjacency path:6 --curve-t 1,4 --plot $OUT/audit_expmech_path6.svg
time_it compose_geometric $D compose geometric:4:2 --k 6 --curve-t 1,100 --plot $OUT/compose_geometric4_k6.svg
time_it compose_rr_enclosure $D compose rr:2:3/2 --k 50 --enclosure --delta 1/1000000 --curve-t 1,1000000000 --plot $OUT/compose_rr_k50_enclosure.svg
time_it compose_gaussian_prv $D compose gaussian:100 --k 10000 --curve-t 1,55 --plot $OUT/compose_gaussian_k10000_enclosure.svg
time_it compose_dpsgd $D compose gaussian:1 --k 1000 --subsample poisson:1/100 --curve-t 1,20 --enclosure-secs 30 --plot $OUT/compose_dpsgd_k1000_enclosure.svg
time_it optimal_wyz_hamming3 $D optimal --graph hamming:3,2 --prior uniform --loss hamming --curve-t 1,20 --plot $OUT/optimal_wyz_hamming3.svg
time_it optimal_path5_abs $D optimal --graph path:5 --prior uniform --loss abs --curve-t 1,10 --plot $OUT/optimal_path5_abs.svg
cargo run --quiet --example gallery -- "$OUT"
