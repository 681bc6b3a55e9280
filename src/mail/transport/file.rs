//! The file transport: each message becomes one `.eml` file in a folder,
//! for trying the host out and for tests.

use super::{FailureKind, Outgoing, SendError, Transport};
use std::path::{Path, PathBuf};

/// Writes each message as one `.eml` file in a folder. File names are the
/// outbox row id, so a row sent again after a crash overwrites its own
/// file instead of making a second one, and `ls` shows mail in order.
pub struct FileTransport {
    dir: PathBuf,
}

impl FileTransport {
    pub fn new(dir: &Path) -> std::io::Result<FileTransport> {
        std::fs::create_dir_all(dir)?;
        Ok(FileTransport {
            dir: dir.to_path_buf(),
        })
    }
}

impl Transport for FileTransport {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        let path = self.dir.join(format!("{:08}.eml", mail.id));
        let tmp = self.dir.join(format!(".{:08}.eml.tmp", mail.id));
        std::fs::write(&tmp, &mail.bytes)
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|err| {
                // A full disk or a missing folder is the folder's problem,
                // not the message's: wait and try again.
                SendError::new(
                    FailureKind::Unavailable,
                    format!("cannot write {}: {err}", path.display()),
                )
            })
    }

    fn describe(&self) -> String {
        format!("files in {}", self.dir.display())
    }
}
