//! The folder beside the Maildir where mail the host cannot handle for
//! good (a damaged row, a bug) is set aside for the operator, each
//! message with a `.error` note saying why, so the mails behind it are
//! still handled. Moving a file back into `inbox/new/` tries it again.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The folder's name inside the data directory.
pub const FAILED_FOLDER: &str = "failed";

pub(crate) struct FailedFolder {
    dir: PathBuf,
}

impl FailedFolder {
    /// The `failed/` folder of a data directory (made when first used).
    pub(crate) fn in_data_dir(data_dir: &Path) -> FailedFolder {
        FailedFolder {
            dir: data_dir.join(FAILED_FOLDER),
        }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.dir
    }

    /// Moves a Maildir file here, under its own name, with its note;
    /// with `kept`, that copy in its place.
    pub(crate) fn set_aside(
        &self,
        path: &Path,
        error: &str,
        kept: Option<&[u8]>,
    ) -> io::Result<PathBuf> {
        std::fs::create_dir_all(&self.dir)?;
        let name = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_else(|| "unnamed".into());
        let target = self.dir.join(name);
        write_note(&target, error)?;
        match kept {
            None => std::fs::rename(path, &target)?,
            Some(copy) => {
                std::fs::write(&target, copy)?;
                std::fs::remove_file(path)?;
            }
        }
        Ok(target)
    }

    /// Keeps a message that came through a pipe (of an oversized one, the
    /// part that was read), with its note.
    pub(crate) fn keep(&self, raw: &[u8], error: &str) -> io::Result<PathBuf> {
        std::fs::create_dir_all(&self.dir)?;
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        let path = self.dir.join(format!(
            "{}.{:09}.P{}.deliver",
            now.as_secs(),
            now.subsec_nanos(),
            std::process::id()
        ));
        std::fs::write(&path, raw)?;
        write_note(&path, error)?;
        Ok(path)
    }

    /// A note with no mail beside it, `NAME.error`: a message the host
    /// could not take at all (one left on an IMAP server), for the
    /// operator to find with the rest.
    pub fn note(&self, name: &str, error: &str) -> io::Result<PathBuf> {
        std::fs::create_dir_all(&self.dir)?;
        let path = self.dir.join(name);
        write_note(&path, error)?;
        let mut note = path.into_os_string();
        note.push(".error");
        Ok(PathBuf::from(note))
    }
}

/// The `.error` note beside a mail kept here.
fn write_note(mail: &Path, error: &str) -> io::Result<()> {
    let mut note = mail.as_os_str().to_owned();
    note.push(".error");
    std::fs::write(PathBuf::from(note), format!("{error}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_aside_mail_keeps_its_name_and_gets_a_note() {
        let dir = tempfile::tempdir().unwrap();
        let mail = dir.path().join("1.M1P1Q1.pbem");
        std::fs::write(&mail, b"From: a@example.org\r\n\r\nx").unwrap();
        let failed = FailedFolder::in_data_dir(dir.path());
        let target = failed.set_aside(&mail, "simulated bug", None).unwrap();
        assert_eq!(target, dir.path().join("failed/1.M1P1Q1.pbem"));
        assert!(!mail.exists());
        let note = std::fs::read_to_string(dir.path().join("failed/1.M1P1Q1.pbem.error")).unwrap();
        assert_eq!(note, "simulated bug\n");
    }

    #[test]
    fn a_piped_mail_is_kept_whole_with_its_note() {
        let dir = tempfile::tempdir().unwrap();
        let failed = FailedFolder::in_data_dir(dir.path());
        let kept = failed.keep(b"raw bytes", "damaged row").unwrap();
        assert_eq!(std::fs::read(&kept).unwrap(), b"raw bytes");
        let mut note = kept.into_os_string();
        note.push(".error");
        assert_eq!(std::fs::read_to_string(note).unwrap(), "damaged row\n");
    }

    #[test]
    fn a_note_without_a_mail_stands_alone() {
        let dir = tempfile::tempdir().unwrap();
        let failed = FailedFolder::in_data_dir(dir.path());
        let note = failed.note("imap.7.12", "left on the server").unwrap();
        assert_eq!(note, dir.path().join("failed/imap.7.12.error"));
        assert_eq!(
            std::fs::read_to_string(note).unwrap(),
            "left on the server\n"
        );
        assert!(!dir.path().join("failed/imap.7.12").exists());
    }
}
