//! CPLEX LP files (`dpcert lp FILE`): parsed or refused with the line, never a panic; a parsed
//! LP written back and parsed again is the same model.
#![no_main]
use dpcert::lp::{parse_lp, write_lp};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(file) = parse_lp(text) {
        let again = parse_lp(&write_lp(&file.model)).expect("write_lp output parses");
        assert_eq!(again.model.n_vars(), file.model.n_vars());
        assert_eq!(again.model.n_rows(), file.model.n_rows());
    }
});
