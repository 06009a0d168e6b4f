//! `dpcert graph SPEC [--json] [--time-limit SECS]`: distance-regularity, automorphisms, vertex-transitivity and VT+ of
//! a named graph (`hamming:3,2`, `petersen`, …; see [`Graph::from_spec`]) or an edge-list file
//! (format in [`crate::graph::edge_list`]). The arguments and the printing; the analysis is
//! [`crate::graph::run`].

use super::error::{CliError, CliResult};
use super::exit;
use super::progress::Progress;
use crate::graph::report::{AUT_WORK_LIMIT, VT_PLUS_LIMIT};
use crate::graph::{resolve, Graph, GraphQuery};
use crate::params::{MemoryLimit, TimeLimit};

/// Distance-regularity, automorphisms, vertex-transitivity and VT+ of a graph.
#[derive(clap::Args)]
pub struct Args {
    /// `hamming:3,2`, `cycle:6`, `petersen`, `rook:4`, `shrikhande`, ... or an edge-list file.
    spec: String,
    #[arg(long)]
    json: bool,
    /// VT+ search budget (group elements enumerated and backtracking nodes); past it VT+
    /// is reported undecided.
    #[arg(long, default_value_t = VT_PLUS_LIMIT)]
    vt_budget: usize,
    /// Work budget of the automorphism search on a graph with checked translations
    /// (Hamming and other Cayley graphs): past it |Aut| is reported as not computed, with
    /// the reason; vertex-transitivity and VT+ are certified by the translations anyway.
    #[arg(long, value_name = "UNITS", default_value_t = AUT_WORK_LIMIT)]
    aut_budget: u64,
    /// Refuse (exit 3) a graph whose analysis is estimated above SIZE: bytes or 512M, 8G,
    /// ... (default 4G), as `audit --max-memory`.
    #[arg(long, value_name = "SIZE", value_parser = MemoryLimit::parse, default_value = "4G")]
    max_memory: MemoryLimit,
    /// Write a certificate to FILE (docs/certificates.md, issue 44): the edge list, the
    /// automorphism generators (vertex-transitivity) and the intersection array.
    #[arg(long, value_name = "FILE")]
    certificate: Option<std::path::PathBuf>,
    /// Give up after SECS seconds (exit 4, nothing on stdout): the searches' work budgets
    /// bound their counts, not their time (`graph cycle:65536` ran past 400 s).
    #[arg(long, value_name = "SECS", value_parser = TimeLimit::parse)]
    time_limit: Option<TimeLimit>,
}

/// [`crate::graph::resolve`] with the CLI's exit code on failure (2 for a bad spec or a missing
/// file, 3 for a file that cannot be read or is malformed).
pub(crate) fn load(spec: &str) -> Result<(Graph, Vec<String>), CliError> {
    resolve(spec).map_err(|e| CliError {
        code: if e.is_usage() {
            exit::USAGE
        } else {
            exit::BAD_INPUT
        },
        message: e.to_string(),
    })
}

/// Read the graph, analyse it, print.
pub fn run(a: Args) -> CliResult {
    if let Some(limit) = a.time_limit {
        super::deadline::arm("graph", limit.duration().as_secs_f64());
    }
    let (graph, warnings) = load(&a.spec)?;
    let query = GraphQuery {
        graph,
        warnings,
        vt_budget: a.vt_budget,
        aut_budget: a.aut_budget,
        max_memory: a.max_memory,
    };
    let progress = Progress::spinner("graph", true);
    let doc = crate::graph::run(&query, &|phase| progress.phase(phase));
    progress.finish();
    let doc = doc.map_err(|e| CliError::bad_input(e.to_string()))?;
    let _done = super::deadline::finishing();
    for w in &query.warnings {
        eprintln!("dpcert graph: warning: {w}");
    }
    if let Some(out) = &a.certificate {
        crate::certify::write(out, vec![doc.certificate_record(&query.graph)])
            .map_err(|e| CliError::bad_input(format!("cannot write {}: {e}", out.display())))?;
    }
    if a.json {
        super::output::print_json(&doc)
    } else {
        print!("{}", doc.to_text());
        Ok(exit::OK)
    }
}
