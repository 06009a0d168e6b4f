//! Helpers the CLI test modules share: run the built binary, write a scratch file.

use std::path::PathBuf;
use std::process::Command;

/// Run `dpcert ARGS` from the repository root: `(exit code, stdout, stderr)`.
pub fn dpcert(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dpcert"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run dpcert");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A scratch directory of this test process for module `module`, under cargo's
/// `target/tmp` (not the system's temporary directory, which every run used to fill).
pub fn scratch_dir(module: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("dpcert-{module}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("create a scratch directory");
    d
}

/// Write `text` to the scratch file `name` of module `module`; its path.
pub fn scratch_file(module: &str, name: &str, text: &str) -> PathBuf {
    let p = scratch_dir(module).join(name);
    std::fs::write(&p, text).expect("write a scratch file");
    p
}
