//! Passwords out of the mails older versions left as files: their error
//! mails quoted the command with its password. The file transport's
//! folder is scrubbed once when the host opens it on a data directory (a
//! marker file in the data directory records it, so the folder holds
//! mails only); each file that
//! quotes a password is written anew under a temporary name and renamed
//! over the old one, so a crash leaves either file whole and the next
//! start does the rest. (The sendmail transport keeps no files: its spool
//! files are removed once sent and when it starts.)

use crate::store::QuoteMasker;
use lettre::message::Body;
use std::io::{self, Write};
use std::path::Path;

/// The marker, in the data directory, of an outbox folder scrubbed.
pub(crate) const SCRUBBED_MARKER: &str = "outbox-passwords-masked";

/// Scrubs every `.eml` file of `dir` once, unless `marker` exists, and
/// then makes it, masking each with `mask`.
/// Returns how many files were rewritten.
pub(crate) fn scrub_folder_once(dir: &Path, marker: &Path, mask: QuoteMasker) -> io::Result<usize> {
    if marker.exists() {
        return Ok(0);
    }
    let mut rewritten = 0;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|ext| ext == "eml") && scrub_file(&path, mask)? {
            rewritten += 1;
        }
    }
    write_replacing(marker, b"the passwords quoted in outbox files are masked\n")?;
    if rewritten > 0 {
        tracing::info!(
            folder = %dir.display(),
            files = rewritten,
            "passwords quoted in mails of older versions are masked"
        );
    }
    Ok(rewritten)
}

/// Rewrites one message file with its quoted passwords masked; false
/// when it quotes none (or is no message this host wrote).
fn scrub_file(path: &Path, mask: QuoteMasker) -> io::Result<bool> {
    let raw = std::fs::read(path)?;
    let Some(scrubbed) = scrubbed_message(&raw, mask) else {
        return Ok(false);
    };
    write_replacing(path, &scrubbed)?;
    Ok(true)
}

/// The message with the passwords its text quotes masked, or `None`.
pub(crate) fn scrubbed_message(raw: &[u8], mask: QuoteMasker) -> Option<Vec<u8>> {
    let message = mail_parser::MessageParser::default().parse(raw)?;
    let text = message.body_text(0)?;
    let masked = mask(&text)?;
    let header_end = find(raw, b"\r\n\r\n").map(|at| at + 2)?;
    let body = Body::new(masked);
    let mut out = without_header(&raw[..header_end], "Content-Transfer-Encoding");
    out.extend_from_slice(
        format!("Content-Transfer-Encoding: {}\r\n\r\n", body.encoding()).as_bytes(),
    );
    out.extend_from_slice(&body.into_vec());
    Some(out)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// A header block (each line ending CRLF) without one header, folded
/// continuation lines included.
fn without_header(block: &[u8], name: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(block.len());
    let mut dropping = false;
    for line in block.split_inclusive(|&byte| byte == b'\n') {
        let continued = line.first().is_some_and(|&b| b == b' ' || b == b'\t');
        if !continued {
            dropping = line.get(..name.len() + 1).is_some_and(|head| {
                head[..name.len()].eq_ignore_ascii_case(name.as_bytes()) && head[name.len()] == b':'
            });
        }
        if !dropping {
            out.extend_from_slice(line);
        }
    }
    out
}

/// Writes a file whole under a temporary name, then renames it over
/// `path`: a crash leaves the old file or the new one, never half of one.
fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let tmp = path.with_file_name(format!(
        ".{}.{}.scrub.tmp",
        name.unwrap_or_default(),
        std::process::id()
    ));
    let written = std::fs::File::create(&tmp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    match written.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(err) => {
            let _ = std::fs::remove_file(&tmp);
            Err(err)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD_ERROR_MAIL: &str = "From: PBeM host <pbem@localhost>\r\n\
        To: alice@example.org\r\nSubject: Chess Board 101 Error\r\n\
        Content-Type: text/plain; charset=utf-8\r\n\
        Content-Transfer-Encoding: quoted-printable\r\n\r\n\
        Problem: e2e5 is not legal here\r\n\r\nYour mail:\r\n\
        > Subject: chess move 101 alice s=\r\necret e2e5\r\n>\r\n> a comment\r\n";

    /// The host's masker, as the daemon passes it in, with one player.
    fn alice(text: &str) -> Option<String> {
        crate::host::inbound::redact::scrub_stored(text)
    }

    #[test]
    fn a_quoted_password_is_masked_even_across_an_encoded_line_break() {
        let scrubbed = scrubbed_message(OLD_ERROR_MAIL.as_bytes(), &alice).unwrap();
        let message = mail_parser::MessageParser::default()
            .parse(&scrubbed)
            .unwrap();
        let text = message.body_text(0).unwrap();
        assert!(
            text.contains("> Subject: chess move 101 alice ******** e2e5"),
            "{text}"
        );
        assert!(!String::from_utf8_lossy(&scrubbed).contains("secret"));
        assert_eq!(message.subject(), Some("Chess Board 101 Error"));
    }

    #[test]
    fn a_folder_is_scrubbed_once_and_clean_files_are_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let marker_dir = tempfile::tempdir().unwrap();
        let marker = marker_dir.path().join(SCRUBBED_MARKER);
        std::fs::write(dir.path().join("00000001.eml"), OLD_ERROR_MAIL).unwrap();
        let clean = "Subject: x\r\n\r\nno quotes\r\n";
        std::fs::write(dir.path().join("00000002.eml"), clean).unwrap();
        assert_eq!(scrub_folder_once(dir.path(), &marker, &alice).unwrap(), 1);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("00000002.eml")).unwrap(),
            clean
        );
        std::fs::write(dir.path().join("00000003.eml"), OLD_ERROR_MAIL).unwrap();
        assert_eq!(
            scrub_folder_once(dir.path(), &marker, &alice).unwrap(),
            0,
            "done once only"
        );
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tmp"))
            .collect();
        assert!(names.is_empty(), "{names:?}");
    }
}
