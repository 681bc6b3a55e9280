//! The Maildir the host reads: mail arrives in `new/`, is moved to `cur/`
//! once handled; `tmp/` is where writers build a file before it appears.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

pub struct Maildir {
    root: PathBuf,
}

impl Maildir {
    /// Opens a Maildir, creating `new/`, `cur/` and `tmp/` if needed.
    pub fn open(root: &Path) -> io::Result<Maildir> {
        for sub in ["new", "cur", "tmp"] {
            std::fs::create_dir_all(root.join(sub))?;
        }
        Ok(Maildir {
            root: root.to_path_buf(),
        })
    }

    /// Files waiting in `new/`, oldest name first (Maildir names start
    /// with the delivery time).
    pub fn waiting(&self) -> io::Result<Vec<PathBuf>> {
        let mut files = Vec::new();
        for entry in std::fs::read_dir(self.root.join("new"))? {
            let entry = entry?;
            if entry.file_type()?.is_file() {
                files.push(entry.path());
            }
        }
        files.sort();
        Ok(files)
    }

    /// Moves a handled message from `new/` to `cur/`, marked seen; with
    /// `kept`, that copy takes its place in `cur/` (written whole before
    /// the original leaves `new/`: a crash between leaves the original,
    /// which comes back as a duplicate).
    pub(crate) fn mark_handled(&self, path: &Path, kept: Option<&[u8]>) -> io::Result<()> {
        let name = path
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
            .to_string_lossy()
            .into_owned();
        let name = if name.contains(":2,") {
            name
        } else {
            format!("{name}:2,S")
        };
        let target = self.root.join("cur").join(&name);
        match kept {
            None => std::fs::rename(path, target),
            Some(copy) => {
                let building = self.root.join("tmp").join(&name);
                std::fs::write(&building, copy)?;
                std::fs::rename(&building, target)?;
                std::fs::remove_file(path)
            }
        }
    }

    /// Delivers a message into `new/` the Maildir way: written in `tmp/`
    /// first, then renamed, so a reader never sees half a file.
    pub fn deliver(&self, message: &[u8]) -> io::Result<PathBuf> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let name = format!(
            "{}.M{:06}P{}Q{}.pbem",
            now.as_secs(),
            now.subsec_micros(),
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let tmp = self.root.join("tmp").join(&name);
        std::fs::write(&tmp, message)?;
        let target = self.root.join("new").join(&name);
        std::fs::rename(&tmp, &target)?;
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delivered_mail_waits_in_new_until_handled() {
        let dir = tempfile::tempdir().unwrap();
        let maildir = Maildir::open(dir.path()).unwrap();
        let first = maildir.deliver(b"one").unwrap();
        let second = maildir.deliver(b"two").unwrap();
        assert_eq!(maildir.waiting().unwrap(), vec![first.clone(), second]);
        maildir.mark_handled(&first, None).unwrap();
        assert_eq!(maildir.waiting().unwrap().len(), 1);
        assert_eq!(
            std::fs::read_dir(dir.path().join("cur")).unwrap().count(),
            1
        );
    }
}
