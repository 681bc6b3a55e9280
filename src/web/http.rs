//! As much HTTP/1.1 as the web view needs, with every cost bounded: one
//! request per connection, its head read within [`MAX_HEAD_BYTES`] and
//! [`HEAD_DEADLINE`] (not per read: a client sending a byte a second
//! gains nothing), its body never read (the site answers GET and HEAD
//! only), the answer written within [`WRITE_DEADLINE`] and the connection
//! closed. Blocking calls wait [`SLICE`] at most, so a stop is seen soon.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The request line and headers together; more is answered 431.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// The time a client has to send its request line and headers.
pub(crate) const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// The time a client has to take the whole answer.
pub(crate) const WRITE_DEADLINE: Duration = Duration::from_secs(10);
/// The longest a single read or write blocks before the stop flag is
/// looked at again.
const SLICE: Duration = Duration::from_millis(200);
/// After the answer, what the client still sends is read and dropped
/// for this long (at most [`DRAIN_BYTES`]), so closing does not reset the
/// connection before the client has read the answer.
const DRAIN_TIME: Duration = Duration::from_millis(300);
const DRAIN_BYTES: usize = 64 * 1024;

/// A request's method and target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Request {
    pub(crate) method: String,
    pub(crate) target: String,
}

/// Why no request was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The head grew past [`MAX_HEAD_BYTES`] (431).
    TooLarge,
    /// Not an HTTP/1 request line, or not UTF-8 (400).
    Malformed,
    /// The head did not arrive within [`HEAD_DEADLINE`] (408).
    TimedOut,
    /// The client went away, or the server is stopping: nothing to answer.
    Gone,
}

impl Refusal {
    /// The status and the words a refusal is answered with, if any.
    pub(crate) fn answer(self) -> Option<(u16, &'static str)> {
        match self {
            Refusal::TooLarge => Some((431, "The request's header is too large.\n")),
            Refusal::Malformed => Some((400, "This is not an HTTP/1 request.\n")),
            Refusal::TimedOut => Some((408, "The request took too long to arrive.\n")),
            Refusal::Gone => None,
        }
    }
}

/// Reads one request's head from `stream`.
pub(crate) fn read_request(stream: &mut TcpStream, stop: &AtomicBool) -> Result<Request, Refusal> {
    let deadline = Instant::now() + HEAD_DEADLINE;
    let mut head: Vec<u8> = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = head_end(&head) {
            head.truncate(end);
            return parse(&head);
        }
        if head.len() > MAX_HEAD_BYTES {
            return Err(Refusal::TooLarge);
        }
        let room = (MAX_HEAD_BYTES + 1 - head.len()).min(chunk.len());
        match read_slice(stream, &mut chunk[..room], deadline, stop) {
            Ok(0) => return Err(Refusal::Gone),
            Ok(read) => head.extend_from_slice(&chunk[..read]),
            Err(refusal) => return Err(refusal),
        }
    }
}

/// One read, waiting [`SLICE`] at a time until `deadline`.
fn read_slice(
    stream: &mut TcpStream,
    into: &mut [u8],
    deadline: Instant,
    stop: &AtomicBool,
) -> Result<usize, Refusal> {
    loop {
        if stop.load(Ordering::Relaxed) {
            return Err(Refusal::Gone);
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(Refusal::TimedOut);
        }
        stream
            .set_read_timeout(Some(left.min(SLICE)))
            .map_err(|_| Refusal::Gone)?;
        match stream.read(into) {
            Ok(read) => return Ok(read),
            Err(err) if waits(&err) => continue,
            Err(_) => return Err(Refusal::Gone),
        }
    }
}

/// Where the head ends (after its empty line), if it has ended.
fn head_end(head: &[u8]) -> Option<usize> {
    head.windows(2)
        .position(|pair| pair == b"\n\n")
        .map(|at| at + 2)
        .into_iter()
        .chain(
            head.windows(3)
                .position(|three| three == b"\n\r\n")
                .map(|at| at + 3),
        )
        .min()
}

fn parse(head: &[u8]) -> Result<Request, Refusal> {
    let text = std::str::from_utf8(head).map_err(|_| Refusal::Malformed)?;
    let line = text.lines().next().unwrap_or_default();
    let mut words = line.split(' ');
    match (words.next(), words.next(), words.next(), words.next()) {
        (Some(method), Some(target), Some(version), None)
            if !method.is_empty() && !target.is_empty() && version.starts_with("HTTP/1.") =>
        {
            Ok(Request {
                method: method.to_string(),
                target: target.to_string(),
            })
        }
        _ => Err(Refusal::Malformed),
    }
}

/// An answer to send: status, headers (besides Content-Length and
/// Connection, which are added here) and body.
pub(crate) struct Answer<'a> {
    pub(crate) status: u16,
    pub(crate) headers: &'a [(&'a str, &'a str)],
    pub(crate) body: &'a [u8],
    /// A HEAD request: the headers only.
    pub(crate) head_only: bool,
}

/// Writes `answer` within [`WRITE_DEADLINE`], then closes the connection.
pub(crate) fn send(stream: &mut TcpStream, answer: &Answer, stop: &AtomicBool) {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Length: {}\r\nConnection: close\r\n",
        answer.status,
        reason(answer.status),
        answer.body.len()
    );
    for (name, value) in answer.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let deadline = Instant::now() + WRITE_DEADLINE;
    let mut sent = write_all(stream, head.as_bytes(), deadline, stop);
    if sent.is_ok() && !answer.head_only {
        sent = write_all(stream, answer.body, deadline, stop);
    }
    match sent {
        Ok(()) => close_gently(stream),
        Err(why) => tracing::debug!("web view: an answer was not taken: {why}"),
    }
}

fn write_all(
    stream: &mut TcpStream,
    mut bytes: &[u8],
    deadline: Instant,
    stop: &AtomicBool,
) -> Result<(), String> {
    while !bytes.is_empty() {
        if stop.load(Ordering::Relaxed) {
            return Err("the web view is stopping".into());
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(format!("not taken within {WRITE_DEADLINE:?}"));
        }
        stream
            .set_write_timeout(Some(left.min(SLICE)))
            .map_err(|err| err.to_string())?;
        match stream.write(bytes) {
            Ok(0) => return Err("the connection closed".into()),
            Ok(written) => bytes = &bytes[written..],
            Err(err) if waits(&err) => continue,
            Err(err) => return Err(err.to_string()),
        }
    }
    Ok(())
}

/// Ends the sending side and reads (briefly, boundedly) what the client
/// still sends, so the close does not reset the connection under an
/// answer the client has not read yet.
fn close_gently(stream: &mut TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let until = Instant::now() + DRAIN_TIME;
    let mut drained = 0;
    let mut chunk = [0u8; 4096];
    while drained < DRAIN_BYTES {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(read) => drained += read,
        }
    }
}

fn waits(err: &std::io::Error) -> bool {
    matches!(
        err.kind(),
        ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
    )
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_ends_at_its_empty_line_with_or_without_carriage_returns() {
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n\r\nrest"), Some(27));
        assert_eq!(head_end(b"GET / HTTP/1.0\n\n"), Some(16));
        assert_eq!(head_end(b"GET / HTTP/1.1\r\nHost: x\r\n"), None);
    }

    #[test]
    fn only_an_http_1_request_line_is_a_request() {
        let request = parse(b"GET /board/1?ply=2 HTTP/1.1\r\n\r\n").unwrap();
        assert_eq!(
            (request.method.as_str(), request.target.as_str()),
            ("GET", "/board/1?ply=2")
        );
        for bad in [
            &b"PRI * HTTP/2.0\r\n\r\n"[..],
            b"GET /\r\n\r\n",
            b"GET  / HTTP/1.1\r\n\r\n",
            b"GET / HTTP/1.1 x\r\n\r\n",
            b"\xff / HTTP/1.1\r\n\r\n",
        ] {
            assert_eq!(parse(bad), Err(Refusal::Malformed), "{bad:?}");
        }
    }
}
