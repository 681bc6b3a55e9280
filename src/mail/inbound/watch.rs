//! Waking up when mail arrives in a Maildir's `new/`: inotify tells of
//! each file renamed into it or written there, so `serve` answers at
//! once instead of on its next poll. Where inotify is not to be had, the
//! wait is a plain sleep and the poll remains.

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::fs::inotify;
use std::io;
use std::mem::MaybeUninit;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::path::Path;
use std::time::Duration;

/// Waits until `fd` is readable or `timeout` passes; true when readable.
/// An interrupted wait (a signal) counts as a timeout.
pub(crate) fn readable(fd: BorrowedFd<'_>, timeout: Duration) -> io::Result<bool> {
    let timeout = Timespec {
        tv_sec: timeout.as_secs().min(i64::MAX as u64) as i64,
        tv_nsec: i64::from(timeout.subsec_nanos()),
    };
    let mut fds = [PollFd::from_borrowed_fd(fd, PollFlags::IN)];
    match rustix::event::poll(&mut fds, Some(&timeout)) {
        Ok(ready) => Ok(ready > 0 && !fds[0].revents().is_empty()),
        Err(rustix::io::Errno::INTR) => Ok(false),
        Err(err) => Err(err.into()),
    }
}

/// Watches one folder for files that appear in it.
pub(crate) struct NewMailWatch {
    fd: OwnedFd,
}

impl NewMailWatch {
    pub(crate) fn new(folder: &Path) -> io::Result<NewMailWatch> {
        let fd = inotify::init(inotify::CreateFlags::CLOEXEC | inotify::CreateFlags::NONBLOCK)?;
        // A Maildir writer renames a finished file into new/; one that
        // writes there directly is done when it closes the file.
        let events = inotify::WatchFlags::MOVED_TO | inotify::WatchFlags::CLOSE_WRITE;
        inotify::add_watch(&fd, folder, events)?;
        Ok(NewMailWatch { fd })
    }

    /// Waits until a file arrived (since the last wait) or `timeout`
    /// passes; true when one arrived. The events are consumed: the caller
    /// looks into the folder itself.
    pub(crate) fn wait(&mut self, timeout: Duration) -> io::Result<bool> {
        if !readable(self.fd.as_fd(), timeout)? {
            return Ok(false);
        }
        let mut buffer = [MaybeUninit::<u8>::uninit(); 4096];
        let mut reader = inotify::Reader::new(&self.fd, &mut buffer);
        loop {
            match reader.next() {
                Ok(_) => {}
                Err(rustix::io::Errno::AGAIN) => return Ok(true),
                Err(rustix::io::Errno::INTR) => return Ok(true),
                Err(err) => return Err(err.into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn a_file_renamed_into_the_folder_ends_the_wait_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let new = dir.path().join("new");
        std::fs::create_dir(&new).unwrap();
        let mut watch = NewMailWatch::new(&new).unwrap();
        assert!(!watch.wait(Duration::from_millis(1)).unwrap());
        std::fs::write(dir.path().join("mail"), b"x").unwrap();
        std::fs::rename(dir.path().join("mail"), new.join("mail")).unwrap();
        let began = Instant::now();
        assert!(watch.wait(Duration::from_secs(30)).unwrap());
        assert!(began.elapsed() < Duration::from_secs(30));
        assert!(!watch.wait(Duration::from_millis(1)).unwrap(), "consumed");
    }
}
