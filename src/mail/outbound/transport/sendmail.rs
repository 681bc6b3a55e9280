//! The sendmail transport: each message is handed to the local MTA's
//! `sendmail -i -f FROM -- TO`, which queues it and does its own retries.
//!
//! The message is written whole to a spool file first and sendmail reads
//! it from there, never from a pipe the host is still writing: if the host
//! is killed at any instant, sendmail has either not started or has the
//! complete message, so a kill never turns into an empty or truncated
//! mail.

use super::{FailureKind, Outgoing, SendError, Transport};
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) struct SendmailTransport {
    command: PathBuf,
    spool: PathBuf,
}

impl SendmailTransport {
    /// A transport running `command`, spooling messages in `spool` (made
    /// if missing). Files a killed sender left there are removed: a spool
    /// file is only read through a descriptor sendmail already holds.
    pub(crate) fn new(command: &Path, spool: &Path) -> std::io::Result<SendmailTransport> {
        std::fs::create_dir_all(spool)?;
        for entry in std::fs::read_dir(spool)? {
            let path = entry?.path();
            if path.extension().is_some_and(|ext| ext == "eml") {
                let _ = std::fs::remove_file(path);
            }
        }
        Ok(SendmailTransport {
            command: command.to_path_buf(),
            spool: spool.to_path_buf(),
        })
    }

    /// The message in a new spool file, read back from its start.
    fn spool(&self, mail: &Outgoing) -> std::io::Result<(File, PathBuf)> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let path = self.spool.join(format!(
            "{:08}.{}.{}.eml",
            mail.id,
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        let written = file
            .write_all(&mail.bytes)
            .and_then(|()| file.seek(SeekFrom::Start(0)));
        if let Err(err) = written {
            let _ = std::fs::remove_file(&path);
            return Err(err);
        }
        Ok((file, path))
    }

    fn command(&self, mail: &Outgoing) -> Command {
        let mut command = Command::new(&self.command);
        command.arg("-i");
        if let Some(from) = mail.envelope.from() {
            command.arg("-f").arg(AsRef::<str>::as_ref(from));
        }
        command.arg("--");
        for to in mail.envelope.to() {
            command.arg(AsRef::<str>::as_ref(to));
        }
        command
    }
}

impl Transport for SendmailTransport {
    fn send(&self, mail: &Outgoing) -> Result<(), SendError> {
        // sendmail reports failure only through its exit status and
        // stderr, with no way to tell a bad address from a full queue, so
        // every failure waits and is retried until the give-up time.
        let failed = |what: String| {
            SendError::new(
                FailureKind::Unavailable,
                format!("{} failed: {what}", self.command.display()),
            )
        };
        let (file, path) = self
            .spool(mail)
            .map_err(|err| failed(format!("cannot spool the message: {err}")))?;
        let child = self
            .command(mail)
            .stdin(Stdio::from(file))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn();
        // sendmail holds the file open now, or never will.
        let _ = std::fs::remove_file(&path);
        let output = child
            .and_then(|child| child.wait_with_output())
            .map_err(|err| failed(err.to_string()))?;
        if output.status.success() {
            return Ok(());
        }
        let stderr = String::from_utf8_lossy(&output.stderr);
        Err(failed(format!("{}: {}", output.status, stderr.trim())))
    }

    fn parallel_sends(&self) -> usize {
        // Each send is its own process; a few at once keep a local MTA
        // busy without flooding it.
        4
    }

    fn describe(&self) -> String {
        format!("sendmail ({})", self.command.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn sendmail_reads_the_whole_message_from_a_spool_file_that_is_gone_afterwards() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("sendmail");
        let copy = dir.path().join("copy");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\nls -l /proc/$$/fd/0 > {0:?}.stdin\ncat > {0:?}\n",
                copy.display().to_string()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let spool = dir.path().join("spool");
        std::fs::create_dir_all(&spool).unwrap();
        std::fs::write(spool.join("00000009.1.1.eml"), b"left by a killed sender").unwrap();
        let transport = SendmailTransport::new(&script, &spool).unwrap();
        assert_eq!(std::fs::read_dir(&spool).unwrap().count(), 0);
        let message = b"Subject: x\r\n\r\n".repeat(10_000);
        let envelope = lettre::address::Envelope::new(
            Some("pbem@localhost".parse().unwrap()),
            vec!["bob@example.org".parse().unwrap()],
        )
        .unwrap();
        let mail = Outgoing {
            id: 7,
            envelope,
            bytes: message.clone(),
        };
        transport.send(&mail).unwrap();
        assert_eq!(std::fs::read(&copy).unwrap(), message);
        let stdin = std::fs::read_to_string(copy.with_extension("stdin")).unwrap();
        assert!(stdin.contains("/spool/00000007."), "not a pipe: {stdin}");
        assert_eq!(std::fs::read_dir(&spool).unwrap().count(), 0);
    }
}
