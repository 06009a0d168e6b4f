//! The stack a deep claim needs, and the thread that gives it (issue 43, item 1: out of
//! `lang/mod.rs`, so that the modules that need it do not import the language's entry points).

/// The stack of the threads that parse and run a long or deep claim (issue 42, item 2): every
/// pass over the syntax tree recurses once per level, up to [`super::parser::MAX_NESTING`] and
/// [`super::parser::MAX_DEPTH`] levels. Measured on the test profile (opt-level 1, `dpcert check` with
/// smaller stacks until it aborted): up to 7 KiB a level for nested parentheses or calls (the
/// parser's dozen precedence levels) and 2.2 KiB for a flat sum (evaluation), so 1,000 and
/// 4,000 levels need 7 and 9 MiB; 64 MiB (address space, touched only as used) leaves a
/// margin of seven.
pub const STACK: usize = 64 << 20;

/// Sources up to this many bytes (so at most 128 levels deep) parse on the caller's stack.
pub(super) const INLINE_SOURCE: usize = 256;

/// `f` on a thread with a [`STACK`]-byte stack (on this one if no thread can be started).
pub(crate) fn on_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let slot = std::sync::Mutex::new(Some(f));
    let take = || slot.lock().ok().and_then(|mut g| g.take());
    let ran = std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("dpcert-deep".into())
            .stack_size(STACK)
            .spawn_scoped(s, || take().map(|f| f()));
        match spawned.map(|h| h.join()) {
            Ok(Ok(r)) => r,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => None,
        }
    });
    match ran {
        Some(r) => r,
        None => (take().expect("not run: no thread started"))(),
    }
}
