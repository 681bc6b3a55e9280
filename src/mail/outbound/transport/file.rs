//! The file transport: each message becomes one `.eml` file in a folder,
//! for trying the host out and for tests.

use super::{FailureKind, Outgoing, SendError, Transport};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes each message as one `.eml` file in a folder. File names are the
/// outbox row id, so a row sent again after a crash overwrites its own
/// file instead of making a second one, and `ls` shows mail in order.
pub(crate) struct FileTransport {
    dir: PathBuf,
}

impl FileTransport {
    pub(crate) fn new(dir: &Path) -> std::io::Result<FileTransport> {
        std::fs::create_dir_all(dir)?;
        Ok(FileTransport {
            dir: dir.to_path_buf(),
        })
    }
}

impl Transport for FileTransport {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let path = self.dir.join(format!("{:08}.eml", mail.id));
        // A name no other writer uses, in this process or another, so two
        // writers never meet on one half-written file.
        let tmp = self.dir.join(format!(
            ".{:08}.{}.{}.tmp",
            mail.id,
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&tmp, &mail.bytes)
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|err| {
                let _ = std::fs::remove_file(&tmp);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writers_of_one_row_at_once_never_fail_and_leave_one_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let transport = FileTransport::new(dir.path()).unwrap();
        let envelope = lettre::address::Envelope::new(
            Some("pbem@localhost".parse().unwrap()),
            vec!["bob@example.org".parse().unwrap()],
        )
        .unwrap();
        let mail = Outgoing {
            id: 3,
            envelope,
            bytes: vec![b'x'; 200_000],
        };
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for _ in 0..25 {
                        transport.send(&mail).unwrap();
                    }
                });
            }
        });
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["00000003.eml".to_string()]);
        assert_eq!(
            std::fs::read(dir.path().join("00000003.eml")).unwrap(),
            mail.bytes
        );
    }
}
