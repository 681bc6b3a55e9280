//! Reading a raw message from a file or a pipe without ever holding more
//! of it than the size limit: an oversized message is known by its length
//! and its header block alone.

use std::io::Read;
use std::path::Path;

/// The most of an oversized message that is read: its header block.
pub(crate) const MAX_HEADER_BYTES: usize = 64 * 1024;

/// A message as read: all of it, or, when it is over the size limit, only
/// its start (enough for its header block) and how long it is.
pub(crate) struct ReadMail {
    pub(crate) start: Vec<u8>,
    pub(crate) total_len: u64,
}

/// Reads a message holding no more than the size limit (or the header
/// block, when that is larger) in memory, so a huge mail costs neither
/// memory nor time. `known_len` (a file's size) spares reading the rest
/// of an oversized message just to count it.
pub(crate) fn read_mail(
    mut reader: impl Read,
    max_bytes: usize,
    known_len: Option<u64>,
) -> std::io::Result<ReadMail> {
    let keep = max_bytes.max(MAX_HEADER_BYTES) as u64 + 1;
    let mut start = Vec::new();
    (&mut reader).take(keep).read_to_end(&mut start)?;
    let read = start.len() as u64;
    let total_len = if read < keep {
        read
    } else {
        match known_len {
            Some(len) => len.max(read),
            None => read + std::io::copy(&mut reader, &mut std::io::sink())?,
        }
    };
    Ok(ReadMail { start, total_len })
}

/// Opens and reads one mail file, its length taken from the file system.
pub(crate) fn read_mail_file(path: &Path, max_bytes: usize) -> std::io::Result<ReadMail> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    read_mail(file, max_bytes, Some(len))
}

/// The header block of a raw message (up to the first empty line, at
/// most [`MAX_HEADER_BYTES`]), enough to learn its sender and ids.
pub(crate) fn header_block(raw: &[u8]) -> &[u8] {
    let head = &raw[..raw.len().min(MAX_HEADER_BYTES)];
    let end = head
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .map(|at| at + 4)
        .or_else(|| {
            head.windows(2)
                .position(|window| window == b"\n\n")
                .map(|at| at + 2)
        })
        .unwrap_or(head.len());
    &head[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oversized_stream_is_kept_only_up_to_the_header_block_and_counted_to_its_end() {
        let head = b"From: a@example.org\r\n\r\n".as_slice();
        let body = std::io::repeat(b'x').take(3 * 1024 * 1024);
        let mail = read_mail(head.chain(body), 1000, None).unwrap();
        assert_eq!(mail.start.len(), MAX_HEADER_BYTES + 1);
        assert!(mail.start.starts_with(head));
        assert_eq!(mail.total_len, head.len() as u64 + 3 * 1024 * 1024);
    }

    #[test]
    fn a_file_over_the_limit_takes_its_length_from_the_file_system() {
        let mail = read_mail(std::io::repeat(b'x'), 10, Some(1 << 40)).unwrap();
        assert_eq!(mail.start.len(), MAX_HEADER_BYTES + 1);
        assert_eq!(mail.total_len, 1 << 40);
    }

    #[test]
    fn a_mail_within_the_limit_is_read_whole() {
        let raw = vec![b'z'; 5000];
        let mail = read_mail(raw.as_slice(), 1_000_000, Some(5000)).unwrap();
        assert_eq!((mail.start, mail.total_len), (raw, 5000));
    }

    #[test]
    fn the_header_block_ends_at_the_first_empty_line() {
        assert_eq!(
            header_block(b"From: a@b\r\n\r\nbody\r\n\r\nmore"),
            b"From: a@b\r\n\r\n"
        );
        assert_eq!(header_block(b"From: a@b\n\nbody"), b"From: a@b\n\n");
        assert_eq!(header_block(b"From: a@b"), b"From: a@b");
    }
}
