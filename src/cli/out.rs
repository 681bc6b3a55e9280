//! What the subcommands print. Rust's runtime ignores SIGPIPE, so a write
//! to a closed pipe fails with `BrokenPipe`, on which `println!` panics.
//! The host keeps SIGPIPE ignored on purpose (resetting it to the default
//! would let a sendmail that exits early, or an SMTP peer that hangs up,
//! kill `serve`, `tick` or `deliver` instead of failing one attempt), so
//! the printing side handles the error instead: once standard output is
//! closed, nobody reads what follows, and the command goes on and exits
//! as it would have, without a word more.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a write found standard output closed.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes to standard output; a closed pipe ends the printing, quietly.
/// Any other failure to write is reported once on standard error.
pub(crate) fn say(args: std::fmt::Arguments<'_>) {
    if CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    if let Err(err) = out.write_fmt(args) {
        CLOSED.store(true, Ordering::Relaxed);
        if err.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("pbem: cannot write to standard output: {err}");
        }
    }
}

/// Whether `err` is, at its root, a write into a closed pipe (an export
/// to `| head`): the reader has what it wanted; no error to report.
pub(crate) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
