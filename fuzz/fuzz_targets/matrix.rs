//! CSV and JSON mechanism files (`dpcert audit FILE`, `--prior FILE`): any text is either read
//! as exact rows or refused with a located error; never a panic. Whatever is read as a channel
//! must be row-stochastic exactly.
#![no_main]
use dpcert::prob::io::{parse_channel, parse_dist, parse_matrix};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_matrix(text);
    let _ = parse_dist(text);
    if let Ok(w) = parse_channel(text) {
        for row in w.rows() {
            let sum: dpcert::num::Rational = row.iter().sum();
            assert!(sum == 1u32, "a channel row sums to {sum}");
        }
    }
});
