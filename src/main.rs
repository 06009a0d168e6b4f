//! The `dpcert` binary: everything is in the library's `cli` module.

fn main() {
    std::process::exit(dpcert::cli::run());
}
