//! Every kind of mail the host writes (each template's, in English and in
//! German, as host_templates.rs makes them) is well-formed by the letter
//! of RFC 5322 and RFC 2045-2047, checked strictly here: one line ending
//! throughout, no line over 998 bytes, headers in ASCII with encoded
//! words where they need more, exactly one From, Date and Message-ID
//! (and at most one of the other single headers), MIME-Version, every
//! multipart with its boundary, its parts and its closing delimiter, and
//! each part's transfer encoding true to its content.

use crate::host_templates::mail_using;
use crate::util::host_harness::{address, board_after, mail_to, PostOffice};
use mail_parser::decoders::base64::base64_decode;

/// The longest line RFC 5322 allows, without its line ending.
const MAX_LINE: usize = 998;
/// The longest line of a quoted-printable or base64 body (RFC 2045).
const MAX_ENCODED_LINE: usize = 76;
/// The longest encoded word (RFC 2047).
const MAX_ENCODED_WORD: usize = 75;

/// The headers RFC 5322 (3.6) allows at most once, and which of them a
/// mail must have.
const SINGLE_HEADERS: &[(&str, bool)] = &[
    ("from", true),
    ("date", true),
    ("message-id", true),
    ("mime-version", true),
    ("sender", false),
    ("reply-to", false),
    ("to", false),
    ("cc", false),
    ("bcc", false),
    ("in-reply-to", false),
    ("references", false),
    ("subject", false),
];

type Fields = Vec<(String, String)>;

/// What is wrong with a mail, as many findings as it has (none: it is
/// well-formed).
pub(crate) fn problems(raw: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    let eol: &[u8] = match line_ending(raw) {
        Ok(eol) => eol,
        Err(problem) => return vec![problem],
    };
    for (number, line) in lines(raw, eol).enumerate() {
        if line.len() > MAX_LINE {
            found.push(format!("line {} has {} bytes", number + 1, line.len()));
        }
    }
    let (head, body) = split_entity(raw, eol);
    let fields = match fields(&head, &mut found) {
        Some(fields) => fields,
        None => return found,
    };
    message_headers(&fields, &mut found);
    entity(&fields, body, eol, &[], "message", &mut found);
    found
}

/// CRLF when the mail has any, else LF; bare CRs, or an LF without its
/// CR in a CRLF mail, are mixed line endings.
fn line_ending(raw: &[u8]) -> Result<&'static [u8], String> {
    let crlf = raw.windows(2).any(|pair| pair == b"\r\n");
    for (at, &byte) in raw.iter().enumerate() {
        let before_lf = raw.get(at + 1) == Some(&b'\n');
        if byte == b'\r' && !before_lf {
            return Err(format!("a bare CR at byte {at}"));
        }
        if byte == b'\n' && crlf && (at == 0 || raw[at - 1] != b'\r') {
            return Err(format!("an LF without CR at byte {at} in a CRLF mail"));
        }
    }
    Ok(if crlf { b"\r\n" } else { b"\n" })
}

/// The lines of `bytes`, without their endings.
fn lines<'a>(bytes: &'a [u8], eol: &'a [u8]) -> impl Iterator<Item = &'a [u8]> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (line, next) = match rest.windows(eol.len()).position(|w| w == eol) {
            Some(at) => (&rest[..at], &rest[at + eol.len()..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = next;
        Some(line)
    })
}

/// An entity's header lines and its body (after the first empty line).
fn split_entity<'a>(bytes: &'a [u8], eol: &'a [u8]) -> (Vec<&'a [u8]>, &'a [u8]) {
    let mut head = Vec::new();
    let mut at = 0;
    for line in lines(bytes, eol) {
        at += line.len() + eol.len();
        if line.is_empty() {
            return (head, &bytes[at.min(bytes.len())..]);
        }
        head.push(line);
    }
    (head, &bytes[bytes.len()..])
}

/// The header fields, unfolded, names lower-case; the problems of their
/// lines into `found`.
fn fields(head: &[&[u8]], found: &mut Vec<String>) -> Option<Fields> {
    let mut fields: Fields = Vec::new();
    for line in head {
        if let Some(byte) = line.iter().find(|b| !(b.is_ascii() && **b != 0)) {
            found.push(format!(
                "a header line holds the byte {byte:#04x}: {}",
                String::from_utf8_lossy(line)
            ));
        }
        let line = String::from_utf8_lossy(line);
        if line.starts_with([' ', '\t']) {
            let Some((_, value)) = fields.last_mut() else {
                found.push(format!("the header starts with a continuation: {line}"));
                return None;
            };
            value.push_str(&line);
            continue;
        }
        let Some((name, value)) = line.split_once(':') else {
            found.push(format!("a header line without a colon: {line}"));
            continue;
        };
        if name.is_empty() || !name.bytes().all(|b| (33..=126).contains(&b)) {
            found.push(format!("a header name is not printable ASCII: {name:?}"));
        }
        fields.push((name.to_ascii_lowercase(), value.to_string()));
    }
    for (name, value) in &fields {
        encoded_words(name, value, found);
    }
    Some(fields)
}

/// Every encoded word in a header is one by RFC 2047: not inside a
/// quoted string, at most 75 characters, B or Q with their alphabets.
fn encoded_words(name: &str, value: &str, found: &mut Vec<String>) {
    for token in value
        .split_whitespace()
        .filter(|token| token.contains("=?"))
    {
        if token.starts_with('"') {
            found.push(format!(
                "{name}: an encoded word in a quoted string: {token}"
            ));
            continue;
        }
        let word = token.trim_matches(|c| matches!(c, '(' | ')' | ',' | '"'));
        let parts: Vec<&str> = word
            .strip_prefix("=?")
            .and_then(|word| word.strip_suffix("?="))
            .map(|inner| inner.split('?').collect())
            .unwrap_or_default();
        let fits = match parts.as_slice() {
            [charset, encoding, text] => {
                !charset.is_empty()
                    && match *encoding {
                        "B" | "b" => text.bytes().all(|b| is_base64(b) || b == b'='),
                        "Q" | "q" => text.bytes().all(|b| b.is_ascii_graphic() && b != b'?'),
                        _ => false,
                    }
            }
            _ => false,
        };
        if !fits || word.len() > MAX_ENCODED_WORD {
            found.push(format!("{name}: not an RFC 2047 encoded word: {word}"));
        }
    }
}

fn is_base64(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'+' || byte == b'/'
}

fn values<'a>(fields: &'a Fields, name: &str) -> Vec<&'a str> {
    fields
        .iter()
        .filter(|(field, _)| field == name)
        .map(|(_, value)| value.trim())
        .collect()
}

/// The message's own headers: the single ones once, a parseable Date,
/// message ids of the RFC 5322 shape, MIME-Version 1.0.
fn message_headers(fields: &Fields, found: &mut Vec<String>) {
    for (name, required) in SINGLE_HEADERS {
        let count = values(fields, name).len();
        if count > 1 || (*required && count == 0) {
            found.push(format!("{count} {name} headers"));
        }
    }
    for date in values(fields, "date") {
        if chrono::DateTime::parse_from_rfc2822(date).is_err() {
            found.push(format!("Date is not RFC 5322: {date}"));
        }
    }
    for name in ["message-id", "in-reply-to", "references"] {
        for value in values(fields, name) {
            if !value.split_whitespace().all(is_message_id) {
                found.push(format!("{name} is not a list of message ids: {value}"));
            }
        }
    }
    for version in values(fields, "mime-version") {
        if version != "1.0" {
            found.push(format!("MIME-Version: {version}"));
        }
    }
    for from in values(fields, "from") {
        if !from.contains('@') {
            found.push(format!("From has no address: {from}"));
        }
    }
}

fn is_message_id(id: &str) -> bool {
    let Some(inner) = id.strip_prefix('<').and_then(|id| id.strip_suffix('>')) else {
        return false;
    };
    let Some((left, right)) = inner.split_once('@') else {
        return false;
    };
    let atext = |part: &str| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_graphic() && !b"<>@\"(),;:\\[]".contains(&b))
    };
    atext(left) && atext(right)
}

/// A header's value and its parameters (`charset`, `boundary`), names
/// lower-case, quotes taken off.
fn with_parameters(value: &str) -> (String, Vec<(String, String)>) {
    let mut parts = value.split(';');
    let main = parts.next().unwrap_or("").trim().to_ascii_lowercase();
    let parameters = parts
        .filter_map(|part| part.split_once('='))
        .map(|(name, value)| {
            let value = value.trim();
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(value);
            (name.trim().to_ascii_lowercase(), value.to_string())
        })
        .collect();
    (main, parameters)
}

fn parameter<'a>(parameters: &'a [(String, String)], name: &str) -> Option<&'a str> {
    parameters
        .iter()
        .find(|(found, _)| found == name)
        .map(|(_, value)| value.as_str())
}

/// An entity (the message, or one part of a multipart): its type and
/// transfer encoding, and its body true to them.
fn entity(
    fields: &Fields,
    body: &[u8],
    eol: &[u8],
    outer: &[String],
    place: &str,
    found: &mut Vec<String>,
) {
    let types = values(fields, "content-type");
    let encodings = values(fields, "content-transfer-encoding");
    if types.len() > 1 || encodings.len() > 1 {
        found.push(format!("{place}: Content-Type or -Transfer-Encoding twice"));
    }
    let (kind, parameters) = with_parameters(types.first().copied().unwrap_or("text/plain"));
    let encoding = encodings.first().unwrap_or(&"7bit").to_ascii_lowercase();
    if !kind.contains('/') {
        found.push(format!("{place}: Content-Type {kind}"));
    }
    if kind.starts_with("multipart/") {
        if !matches!(encoding.as_str(), "7bit" | "8bit" | "binary") {
            found.push(format!("{place}: a multipart in {encoding}"));
        }
        multipart(&parameters, body, eol, outer, place, found);
        return;
    }
    let Some(decoded) = decoded(&encoding, body, eol, place, found) else {
        return;
    };
    if kind.starts_with("text/") && !decoded.is_ascii() {
        let charset = parameter(&parameters, "charset").map(str::to_ascii_lowercase);
        match charset.as_deref() {
            None | Some("us-ascii") => found.push(format!("{place}: 8-bit text without a charset")),
            Some("utf-8") if std::str::from_utf8(&decoded).is_err() => {
                found.push(format!("{place}: text that is not the UTF-8 it says"))
            }
            _ => {}
        }
    }
}

/// A leaf's body decoded by its transfer encoding, the encoding's rules
/// checked on the way (`None` when the body breaks them).
fn decoded(
    encoding: &str,
    body: &[u8],
    eol: &[u8],
    place: &str,
    found: &mut Vec<String>,
) -> Option<Vec<u8>> {
    let problem = match encoding {
        "7bit" => body
            .iter()
            .any(|b| !b.is_ascii() || *b == 0)
            .then(|| "8-bit or NUL bytes in a 7bit part".to_string()),
        "8bit" => body
            .contains(&0)
            .then(|| "a NUL byte in an 8bit part".to_string()),
        "quoted-printable" => quoted_printable_problem(body, eol),
        "base64" => base64_problem(body, eol),
        other => Some(format!("the transfer encoding {other}")),
    };
    if let Some(problem) = problem {
        found.push(format!("{place}: {problem}"));
        return None;
    }
    match encoding {
        "quoted-printable" => Some(quoted_printable(body, eol)),
        "base64" => {
            let text: Vec<u8> = body
                .iter()
                .copied()
                .filter(|b| !b.is_ascii_whitespace())
                .collect();
            let bytes = base64_decode(&text);
            if bytes.is_none() {
                found.push(format!("{place}: base64 that does not decode"));
            }
            bytes
        }
        _ => Some(body.to_vec()),
    }
}

/// What breaks RFC 2045 6.7 in a quoted-printable body: bytes that must
/// be encoded, `=` not before two hex digits or the line's end, white
/// space ending a line, lines over 76 characters.
fn quoted_printable_problem(body: &[u8], eol: &[u8]) -> Option<String> {
    for line in lines(body, eol) {
        let text = String::from_utf8_lossy(line);
        if line.len() > MAX_ENCODED_LINE {
            return Some(format!("a quoted-printable line of {}: {text}", line.len()));
        }
        if line.last().is_some_and(|b| *b == b' ' || *b == b'\t') {
            return Some(format!(
                "white space ends a quoted-printable line: {text:?}"
            ));
        }
        for (at, &byte) in line.iter().enumerate() {
            let printable = (33..=126).contains(&byte) || byte == b' ' || byte == b'\t';
            if !printable {
                return Some(format!("the byte {byte:#04x} in quoted-printable"));
            }
            let escape_ok = at + 1 == line.len()
                || (line.len() >= at + 3
                    && line[at + 1..at + 3]
                        .iter()
                        .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(b)));
            if byte == b'=' && !escape_ok {
                return Some(format!("a bad = escape in quoted-printable: {text}"));
            }
        }
    }
    None
}

fn quoted_printable(body: &[u8], eol: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len());
    for line in lines(body, eol) {
        let (line, soft) = match line.strip_suffix(b"=") {
            Some(line) => (line, true),
            None => (line, false),
        };
        let mut at = 0;
        while at < line.len() {
            if line[at] == b'=' {
                let hex = std::str::from_utf8(&line[at + 1..at + 3]).unwrap();
                out.push(u8::from_str_radix(hex, 16).unwrap());
                at += 3;
            } else {
                out.push(line[at]);
                at += 1;
            }
        }
        if !soft {
            out.extend_from_slice(b"\r\n");
        }
    }
    out
}

/// What breaks RFC 2045 6.8 in a base64 body: characters outside the
/// alphabet, padding before the end, lines over 76 characters, a length
/// that is not a multiple of four.
fn base64_problem(body: &[u8], eol: &[u8]) -> Option<String> {
    let mut count = 0;
    let mut padding = 0;
    for line in lines(body, eol) {
        if line.len() > MAX_ENCODED_LINE {
            return Some(format!("a base64 line of {}", line.len()));
        }
        for &byte in line {
            match byte {
                b'=' => padding += 1,
                byte if is_base64(byte) && padding == 0 => {}
                _ => return Some(format!("the byte {byte:#04x} in base64")),
            }
            count += 1;
        }
    }
    (count % 4 != 0 || padding > 2)
        .then(|| format!("base64 of {count} characters, {padding} padding"))
}

/// A multipart: a valid boundary no outer one is a prefix of, at least
/// one part, each well-formed, and the closing delimiter.
fn multipart(
    parameters: &[(String, String)],
    body: &[u8],
    eol: &[u8],
    outer: &[String],
    place: &str,
    found: &mut Vec<String>,
) {
    let Some(boundary) = parameter(parameters, "boundary") else {
        found.push(format!("{place}: a multipart without a boundary"));
        return;
    };
    let bchars = |b: u8| b.is_ascii_alphanumeric() || b"'()+_,-./:=? ".contains(&b);
    if boundary.is_empty()
        || boundary.len() > 70
        || !boundary.bytes().all(bchars)
        || boundary.ends_with(' ')
    {
        found.push(format!(
            "{place}: the boundary {boundary:?} breaks RFC 2046"
        ));
    }
    if outer
        .iter()
        .any(|outer| boundary.starts_with(outer.as_str()) || outer.starts_with(boundary))
    {
        found.push(format!(
            "{place}: the boundary {boundary:?} is like an outer one"
        ));
    }
    let delimiter = format!("--{boundary}");
    let close = format!("--{boundary}--");
    let mut parts: Vec<Vec<&[u8]>> = Vec::new();
    let mut closed = false;
    for line in lines(body, eol) {
        let trimmed = line.trim_ascii_end();
        if closed {
            continue;
        }
        if trimmed == close.as_bytes() {
            closed = true;
        } else if trimmed == delimiter.as_bytes() {
            parts.push(Vec::new());
        } else if let Some(part) = parts.last_mut() {
            part.push(line);
        }
    }
    if parts.is_empty() || !closed {
        found.push(format!(
            "{place}: {} parts, closing delimiter {}",
            parts.len(),
            if closed { "present" } else { "missing" }
        ));
    }
    let mut outer = outer.to_vec();
    outer.push(boundary.to_string());
    for (number, part) in parts.iter().enumerate() {
        let bytes = part.join(eol);
        let (head, body) = split_entity(&bytes, eol);
        let place = format!("{place} part {}", number + 1);
        if let Some(fields) = fields(&head, found) {
            entity(&fields, body, eol, &outer, &place, found);
        }
    }
}

/// A host whose name needs an encoded word in every From.
const HOST: &str = "[host]\nname = \"Fernschach Köln – Brett & Co.\"\n";

/// The mails of every template (in English), then a German player's:
/// his board, help and a comment of 8-bit text passed on.
fn every_kind_of_mail() -> Vec<(String, Vec<u8>)> {
    let mut mails = Vec::new();
    for name in pbem::host::outbound::templates::names() {
        if !name.ends_with(".txt") {
            // board.html and board.svg go out with board.txt's mails.
            continue;
        }
        let config = match name {
            "signup.txt" => format!("{HOST}[accounts]\nconfirm_signup_address = false\n"),
            _ => HOST.to_string(),
        };
        let mut office = PostOffice::with_config(&config);
        for mail in mail_using(&mut office, name) {
            mails.push((format!("{name} to {}", mail.to), mail.raw));
        }
    }
    let mut office = PostOffice::with_config(HOST);
    office.signup("alice");
    office.signup("bob");
    let mut german = office.send_as("bob", "set bob PW language de", "");
    german.extend(office.send_as("alice", "chess challenge alice bob", ""));
    german.extend(office.send_as("bob", "help", ""));
    german.extend(office.send_as("alice", "chess move 101 alice PW e4", "Grüße — ♞ ok?"));
    german.extend(office.send_as(
        "bob",
        "chess move 101 bob PW e5",
        "Schöne Eröffnung, viel Glück!",
    ));
    for mail in german {
        mails.push((
            format!("German table to {}: {}", mail.to, mail.subject),
            mail.raw,
        ));
    }
    mails.extend(long_thread());
    mails
}

/// The last board mails of a game of 36 plies played by replying to the
/// board mails: threaded (In-Reply-To, References), with a long move list.
fn long_thread() -> Vec<(String, Vec<u8>)> {
    const MOVES: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 \
                         d4 Nbd7 c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe5 Nxe5 dxe5";
    let (mut office, mut last) = board_after("chess", &[]);
    for (ply, text) in MOVES.split_whitespace().enumerate() {
        let mover = ["alice", "bob"][ply % 2];
        let board_mail = mail_to(&last, mover).clone();
        last = office.reply(&address(mover), &board_mail, text);
        assert_eq!(last.len(), 2, "{text}: {last:#?}");
    }
    last.into_iter()
        .map(|mail| (format!("the long game's board to {}", mail.to), mail.raw))
        .collect()
}

#[test]
fn every_mail_the_host_writes_is_well_formed() {
    let mails = every_kind_of_mail();
    let multipart = mails
        .iter()
        .filter(|(_, raw)| String::from_utf8_lossy(raw).contains("multipart/"))
        .count();
    assert!(multipart > 0, "no board mail with its HTML and picture");
    let mut report = Vec::new();
    for (what, raw) in &mails {
        for problem in problems(raw) {
            report.push(format!("{what}: {problem}"));
        }
    }
    assert!(
        report.is_empty(),
        "{} of {} mails break the RFCs:\n{}",
        report.len(),
        mails.len(),
        report.join("\n")
    );
}

#[test]
fn the_checker_finds_what_breaks_the_rfcs() {
    let good = "From: a@example.org\r\nDate: Sun, 29 Nov 2026 16:01:00 +0000\r\n\
                Message-ID: <1@example.org>\r\nMIME-Version: 1.0\r\n\
                Content-Type: text/plain; charset=utf-8\r\n\
                Content-Transfer-Encoding: quoted-printable\r\n\r\nGr=C3=BC=C3=9Fe\r\n";
    assert_eq!(problems(good.as_bytes()), Vec::<String>::new());
    let broken = [
        (good.replace("\r\nDate", "\nDate"), "LF without CR"),
        (
            good.replace("From: a@", "From: \u{e4}@"),
            "header line holds",
        ),
        (
            good.replace("Date: Sun", "Date: 29.11.2026 Sun"),
            "Date is not",
        ),
        (good.replace("MIME-Version: 1.0\r\n", ""), "0 mime-version"),
        (
            good.replace("Message-ID", "Message-ID: <2@example.org>\r\nMessage-ID"),
            "2 message-id",
        ),
        (good.replace("=C3=BC", "\u{fc}"), "in quoted-printable"),
        (
            good.replace("quoted-printable", "7bit")
                .replace("=C3=BC", "\u{fc}"),
            "8-bit or NUL",
        ),
        (
            good.replace("Gr=C3", &"x".repeat(80)),
            "quoted-printable line of",
        ),
        (
            good.replace("Subject", "")
                .replace("\r\n\r\n", "\r\nSubject: \"=?utf-8?q?x?=\"\r\n\r\n"),
            "quoted string",
        ),
        (
            good.replace("text/plain; charset=utf-8", "multipart/mixed; boundary=b")
                .replace("Gr=C3=BC=C3=9Fe\r\n", "--b\r\n\r\npart\r\n"),
            "closing delimiter missing",
        ),
        (format!("{good}{}\r\n", "y".repeat(MAX_LINE + 1)), "bytes"),
    ];
    for (mail, expected) in broken {
        let found = problems(mail.as_bytes());
        assert!(
            found.iter().any(|problem| problem.contains(expected)),
            "{expected}: {found:?}"
        );
    }
}
