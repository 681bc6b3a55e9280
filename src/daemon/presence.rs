//! Who works on a data directory, across processes, told by file locks
//! that the kernel lets go the instant a process dies (even by kill -9):
//!
//! - `serve.lock`: held by a running `pbem serve` for its whole life, so
//!   `pbem deliver` knows whether to leave sending to it;
//! - `sender.lock`: held by whoever drains the outbox, so one sender at a
//!   time hands mail to the transport (`serve`'s sender thread holds it
//!   while it runs; a `deliver` without a daemon holds it for one drain);
//! - `robots.lock`: held by whoever plays the robots' moves, for one look
//!   (`serve`'s robot thread, `pbem robots`, `serve --once`), so no two
//!   think about the same move and one of them finds it not taken.
//!
//! Each file holds the id of the process that last took it, for the
//! operator; only the lock itself counts.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const SERVE_LOCK: &str = "serve.lock";
const SENDER_LOCK: &str = "sender.lock";
const ROBOTS_LOCK: &str = "robots.lock";

/// A held lock; dropping it lets go.
pub(crate) struct Held {
    file: File,
}

impl Drop for Held {
    /// Unlocked before it is closed: a child process another thread
    /// forked meanwhile holds a copy of the descriptor until it execs,
    /// and closing ours alone would leave the lock held by that copy, so
    /// that this process's next sender found the outbox taken.
    fn drop(&mut self) {
        let _ = self.file.unlock();
    }
}

fn open(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
}

fn note_holder(file: &mut File) {
    // Only informative: a failure here changes nothing about the lock.
    let _ = file
        .set_len(0)
        .and_then(|()| writeln!(file, "{}", std::process::id()));
}

/// Takes the lock at `path` for this process if no one holds it.
fn try_take(path: &Path) -> io::Result<Option<Held>> {
    let mut file = open(path)?;
    match file.try_lock() {
        Ok(()) => {
            note_holder(&mut file);
            Ok(Some(Held { file }))
        }
        Err(TryLockError::WouldBlock) => Ok(None),
        Err(TryLockError::Error(err)) => Err(err),
    }
}

fn holder(path: &Path) -> String {
    std::fs::read_to_string(path)
        .map(|text| text.trim().to_string())
        .unwrap_or_default()
}

/// The data directory's locks.
pub(crate) struct Presence {
    dir: PathBuf,
}

impl Presence {
    pub(crate) fn new(data_dir: &Path) -> Presence {
        Presence {
            dir: data_dir.to_path_buf(),
        }
    }

    /// For `serve`: the daemon's lock, or an error naming the process
    /// that holds it. A `deliver` looking whether a daemon runs holds the
    /// lock for an instant, so a busy lock is tried for a moment.
    pub(crate) fn take_serve(&self) -> io::Result<Held> {
        let path = self.dir.join(SERVE_LOCK);
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            if let Some(held) = try_take(&path)? {
                return Ok(held);
            }
            if Instant::now() >= deadline {
                return Err(io::Error::new(
                    io::ErrorKind::AddrInUse,
                    format!(
                        "another pbem serve (process {}) runs on {}",
                        holder(&path),
                        self.dir.display()
                    ),
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether a `serve` runs on this data directory now.
    pub(crate) fn serve_runs(&self) -> io::Result<bool> {
        let file = open(&self.dir.join(SERVE_LOCK))?;
        match file.try_lock_shared() {
            // Let go at once, for the reason `Held` lets go before closing.
            Ok(()) => file.unlock().map(|()| false),
            Err(TryLockError::WouldBlock) => Ok(true),
            Err(TryLockError::Error(err)) => Err(err),
        }
    }

    /// The sender's lock if no other sender holds it now.
    pub(crate) fn try_take_sender(&self) -> io::Result<Option<Held>> {
        try_take(&self.dir.join(SENDER_LOCK))
    }

    /// The robots' lock if nobody plays the robots now.
    pub(crate) fn try_take_robots(&self) -> io::Result<Option<Held>> {
        try_take(&self.dir.join(ROBOTS_LOCK))
    }

    /// The process that last took the robots' lock, for a message.
    pub(crate) fn robots_holder(&self) -> String {
        holder(&self.dir.join(ROBOTS_LOCK))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lock_let_go_is_free_though_a_forked_child_still_holds_a_copy_of_it() {
        let dir = tempfile::tempdir().unwrap();
        let presence = Presence::new(dir.path());
        let held = presence.try_take_sender().unwrap().unwrap();
        // What a child forked by another thread holds until it execs: a
        // second descriptor of the same open file.
        let child_copy = held.file.try_clone().unwrap();
        drop(held);
        assert!(presence.try_take_sender().unwrap().is_some());
        drop(child_copy);
    }

    #[test]
    fn one_sender_and_one_daemon_at_a_time_and_a_lock_is_free_once_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let presence = Presence::new(dir.path());
        assert!(!presence.serve_runs().unwrap());
        let serving = presence.take_serve().unwrap();
        assert!(presence.serve_runs().unwrap());
        let err = presence.take_serve().err().unwrap();
        assert!(err.to_string().contains("another pbem serve"), "{err}");
        assert!(err.to_string().contains(&std::process::id().to_string()));
        drop(serving);
        assert!(!presence.serve_runs().unwrap());
        let sending = presence.try_take_sender().unwrap().unwrap();
        assert!(presence.try_take_sender().unwrap().is_none());
        drop(sending);
        assert!(presence.try_take_sender().unwrap().is_some());
        let playing = presence.try_take_robots().unwrap().unwrap();
        assert!(presence.try_take_robots().unwrap().is_none());
        assert_eq!(presence.robots_holder(), std::process::id().to_string());
        drop(playing);
        assert!(presence.try_take_robots().unwrap().is_some());
    }
}
