//! Waking `serve`'s sender from outside: a FIFO in the data directory
//! that the daemon keeps open for reading. A `pbem deliver` that stored a
//! mail writes one byte to it; with no daemon reading, opening it fails
//! at once and the writer knows to send for itself. The daemon's own
//! threads wake the sender the same way.

use crate::mail::inbound::watch::readable;
use rustix::fs::{Mode, OFlags};
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::time::Duration;

const WAKE_FIFO: &str = "wake.fifo";

fn fifo_path(data_dir: &Path) -> PathBuf {
    data_dir.join(WAKE_FIFO)
}

/// The daemon's end: read by the sender, written by the daemon itself.
pub(crate) struct WakeListener {
    fd: OwnedFd,
}

impl WakeListener {
    /// Opens (making it if needed) the data directory's FIFO. Opened for
    /// reading and writing, it never reports end-of-file and never blocks
    /// on open.
    pub(crate) fn open(data_dir: &Path) -> io::Result<WakeListener> {
        let path = fifo_path(data_dir);
        match rustix::fs::mknodat(
            rustix::fs::CWD,
            &path,
            rustix::fs::FileType::Fifo,
            Mode::RUSR | Mode::WUSR,
            0,
        ) {
            Ok(()) | Err(rustix::io::Errno::EXIST) => {}
            Err(err) => return Err(err.into()),
        }
        let fd = rustix::fs::open(
            &path,
            OFlags::RDWR | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        let kind = rustix::fs::fstat(&fd)?.st_mode;
        if rustix::fs::FileType::from_raw_mode(kind) != rustix::fs::FileType::Fifo {
            return Err(io::Error::other(format!(
                "{} is not a FIFO; remove it",
                path.display()
            )));
        }
        Ok(WakeListener { fd })
    }

    /// Waits for a wake-up or the timeout; true when woken. Every wake-up
    /// that came meanwhile is answered by this one.
    pub(crate) fn wait(&self, timeout: Duration) -> io::Result<bool> {
        if !readable(self.fd.as_fd(), timeout)? {
            return Ok(false);
        }
        let mut buffer = [0u8; 256];
        while let Ok(read) = rustix::io::read(&self.fd, &mut buffer) {
            if read < buffer.len() {
                break;
            }
        }
        Ok(true)
    }

    /// Wakes the waiting sender from within the daemon.
    pub(crate) fn wake(&self) {
        // A full FIFO already holds a wake-up.
        let _ = rustix::io::write(&self.fd, b"w");
    }
}

/// Wakes the daemon of `data_dir`; false when no daemon listens.
pub(crate) fn wake_daemon(data_dir: &Path) -> bool {
    let opened = rustix::fs::open(
        fifo_path(data_dir),
        OFlags::WRONLY | OFlags::NONBLOCK | OFlags::CLOEXEC,
        Mode::empty(),
    );
    match opened {
        // With no reader the open fails (ENXIO); a full FIFO (EAGAIN)
        // already holds a wake-up.
        Ok(fd) => matches!(
            rustix::io::write(&fd, b"w"),
            Ok(_) | Err(rustix::io::Errno::AGAIN)
        ),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_writer_wakes_the_listener_and_without_one_knows_no_daemon_listens() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!wake_daemon(dir.path()), "no FIFO yet");
        let listener = WakeListener::open(dir.path()).unwrap();
        assert!(!listener.wait(Duration::from_millis(1)).unwrap());
        assert!(wake_daemon(dir.path()));
        assert!(wake_daemon(dir.path()));
        assert!(listener.wait(Duration::from_secs(30)).unwrap());
        assert!(
            !listener.wait(Duration::from_millis(1)).unwrap(),
            "both read"
        );
        listener.wake();
        assert!(listener.wait(Duration::from_secs(30)).unwrap());
        drop(listener);
        assert!(!wake_daemon(dir.path()), "the FIFO is left, but unread");
    }
}
