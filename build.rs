//! Compiles the claim manifests `theorems/*.toml` into the library (issue 43, item 5): an
//! installed `dpcert` (`cargo install --path .`) keeps working when the clone it was built from
//! is deleted. Writes `$OUT_DIR/theorems.rs`, a sorted list of `(file name, include_str!(…))`
//! that `claim::manifest::builtin` parses; `DPCERT_THEOREMS` still names a directory of one's
//! own at run time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let dir = root.join("theorems");
    // A directory: cargo reruns this script when any file in it changes, appears or goes.
    println!("cargo:rerun-if-changed=theorems");
    println!("cargo:rerun-if-changed=build.rs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut out = String::from(
        "/// The manifests compiled in: `(file name, text)`, sorted by file name (build.rs).\n\
         const BUILTIN: &[(&str, &str)] = &[\n",
    );
    for p in &files {
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a UTF-8 name");
        let _ = writeln!(out, "    ({name:?}, include_str!({:?})),", path_text(p));
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var_os("OUT_DIR").expect("set by cargo")).join("theorems.rs");
    std::fs::write(&target, out)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
}

fn path_text(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}
