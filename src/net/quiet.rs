//! Panics inside the rollback library caught quietly: a hostile message is not a crash, and
//! the network game that met it ends with a message ([`super::NetEvent::Failed`]) instead of
//! the program.

std::thread_local! {
    /// Whether this thread is inside [`quietly`] (its panics are caught and reported).
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f`, catching a panic as `catch_unwind` does, without the panic hook printing it (the
/// caller reports it as a [`super::NetEvent::Failed`]: a hostile message is not a crash, and
/// "panicked at" on the terminal would say it was). Other threads' panics are printed as
/// ever: the hook installed the first time wraps the one before it and stays quiet only on a
/// thread inside `quietly`.
pub(super) fn quietly<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(std::cell::Cell::get) {
                before(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    caught
}

/// What a panic inside the rollback library said.
pub(super) fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}
