//! The worker pool of `check`, `verify` and `search` (`--jobs`); its own module so that
//! neither command imports the other.

use crate::params::Jobs;

/// A pool of `jobs` worker threads (default: rayon's, one per core; one thread if the system
/// refuses more), each with the stack a claim's instances need (they recurse once per level
/// of the syntax tree: issue 42, item 2). A pool that cannot be built falls back to one thread
/// instead of panicking.
pub(crate) fn pool(jobs: Option<Jobs>) -> rayon::ThreadPool {
    let mut b = rayon::ThreadPoolBuilder::new().stack_size(crate::lang::STACK);
    if let Some(j) = jobs {
        b = b.num_threads(j.get());
    }
    b.build()
        .or_else(|_| rayon::ThreadPoolBuilder::new().num_threads(1).build())
        .expect("a one-thread pool")
}
