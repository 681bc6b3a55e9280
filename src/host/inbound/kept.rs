//! The copies of mails the host keeps on disk (`inbox/cur/`, `failed/`)
//! hold no password: each password a command line of the mail carries,
//! in its subject or its text, is masked in the copy, as in an error
//! mail's quote. Where the raw mail does not hold a password as typed
//! (an encoded subject or body), the copy is rebuilt from the text the
//! host read, its passwords masked, under the original headers.

use super::grammar::read_line;
use super::redact::{mask_whole_word, MASK};
use crate::host::model::subject;
use crate::mail::inbound::InboundMail;

/// Lines of a mail's text looked at for passwords: more than the
/// commands a mail may carry, with a quoted board mail.
const LINES_LOOKED_AT: usize = 500;
/// A longer line is no command line.
const LONGEST_LINE: usize = 2000;

/// The copy of `raw` to keep, its passwords masked; `None` when it
/// carries none (or cannot be read at all), and is kept as it came.
pub(crate) fn masked_copy(raw: &[u8]) -> Option<Vec<u8>> {
    let mail = crate::mail::inbound::parse(raw).ok()?;
    let passwords = passwords_in(&mail);
    if passwords.is_empty() {
        return None;
    }
    let mut copy = raw.to_vec();
    let mut all_found = true;
    for password in &passwords {
        let (masked, found) = mask_word(&copy, password.as_bytes());
        copy = masked;
        all_found &= found;
    }
    if all_found {
        Some(copy)
    } else {
        Some(rebuilt(&copy, &mail, &passwords))
    }
}

/// The passwords the command lines of `mail` carry, as typed, longest
/// first (so one that holds another is masked whole).
fn passwords_in(mail: &InboundMail) -> Vec<String> {
    let subject = subject::clean(&mail.subject);
    let lines = std::iter::once(subject.as_str()).chain(
        mail.text
            .lines()
            .take(LINES_LOOKED_AT)
            .map(|line| line.trim_start_matches(|c: char| c == '>' || c.is_whitespace())),
    );
    let mut passwords: Vec<String> = lines
        .filter(|line| !line.is_empty() && line.len() <= LONGEST_LINE)
        .flat_map(|line| read_line(line).noted.passwords)
        .filter(|password| !password.is_empty())
        .collect();
    passwords.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    passwords.dedup();
    passwords
}

/// `bytes` with `word` masked wherever it stands as a whole word (not
/// next to a letter or digit), and whether it stood anywhere.
fn mask_word(bytes: &[u8], word: &[u8]) -> (Vec<u8>, bool) {
    let is_word = |byte: Option<&u8>| byte.is_some_and(|b| b.is_ascii_alphanumeric() || *b >= 0x80);
    let mut out = Vec::with_capacity(bytes.len());
    let mut found = false;
    let mut at = 0;
    while at < bytes.len() {
        let here = &bytes[at..];
        let whole = here.starts_with(word)
            && !is_word(at.checked_sub(1).and_then(|before| bytes.get(before)))
            && !is_word(bytes.get(at + word.len()));
        if whole {
            out.extend_from_slice(MASK.as_bytes());
            at += word.len();
            found = true;
        } else {
            out.push(bytes[at]);
            at += 1;
        }
    }
    (out, found)
}

/// The original header block without the subject and the body's
/// encoding, a masked subject, and the text the host read, masked.
fn rebuilt(raw: &[u8], mail: &InboundMail, passwords: &[String]) -> Vec<u8> {
    let mask = |text: &str| {
        passwords.iter().fold(text.to_string(), |text, password| {
            mask_whole_word(&text, password)
        })
    };
    let head_end = raw
        .windows(4)
        .position(|four| four == b"\r\n\r\n")
        .map(|at| at + 2)
        .or_else(|| {
            raw.windows(2)
                .position(|two| two == b"\n\n")
                .map(|at| at + 1)
        })
        .unwrap_or(raw.len());
    let head = String::from_utf8_lossy(&raw[..head_end]);
    let replaced = [
        "subject:",
        "content-type:",
        "content-transfer-encoding:",
        "mime-version:",
    ];
    let mut copy = String::new();
    let mut skipping = false;
    for line in head.split_inclusive('\n') {
        let folded = line.starts_with([' ', '\t']);
        if !folded {
            let lower = line.to_ascii_lowercase();
            skipping = replaced.iter().any(|name| lower.starts_with(name));
        }
        if !skipping {
            copy.push_str(line.trim_end_matches(['\r', '\n']));
            copy.push_str("\r\n");
        }
    }
    copy.push_str(&format!("Subject: {}\r\n", mask(&mail.subject)));
    copy.push_str("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n");
    copy.push_str("Content-Transfer-Encoding: 8bit\r\n");
    copy.push_str("X-Pbem-Kept: the text the host read, its passwords masked\r\n\r\n");
    copy.push_str(&mask(&mail.text).replace('\n', "\r\n"));
    copy.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mail(subject: &str, headers: &str, body: &str) -> Vec<u8> {
        format!(
            "From: alice@example.org\r\nTo: pbem@example.org\r\nSubject: {subject}\r\n\
             Message-ID: <k1@example.org>\r\n{headers}\r\n{body}\r\n"
        )
        .into_bytes()
    }

    #[test]
    fn a_password_in_the_subject_or_a_body_line_is_masked_and_nothing_else() {
        let raw = mail(
            "chess move 12 alice hunter2x e4",
            "",
            "chess move 13 alice s3cret! d4\r\nhunter2xy stays, and so does the word alice",
        );
        let copy = String::from_utf8(masked_copy(&raw).unwrap()).unwrap();
        assert!(!copy.contains("hunter2x "), "{copy}");
        assert!(!copy.contains("s3cret!"), "{copy}");
        assert!(
            copy.contains("Subject: chess move 12 alice ******** e4"),
            "{copy}"
        );
        assert!(copy.contains("hunter2xy stays"), "{copy}");
        assert!(copy.contains("Message-ID: <k1@example.org>"), "{copy}");
    }

    #[test]
    fn a_mail_without_a_password_is_kept_as_it_came() {
        assert_eq!(masked_copy(&mail("help", "", "chess list")), None);
        assert_eq!(masked_copy(b"\xff\xfe not a mail"), None);
    }

    #[test]
    fn an_encoded_body_is_rebuilt_from_the_text_read_with_its_password_masked() {
        // "chess move 13 alice b64secret d4\r\n" in base64.
        let body = "Y2hlc3MgbW92ZSAxMyBhbGljZSBiNjRzZWNyZXQgZDQNCg==";
        let raw = mail(
            "=?utf-8?B?Y2hlc3MgbW92ZSAxMiBhbGljZSBlbmNvZGVkcHcgZTQ=?=",
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n",
            body,
        );
        let copy = String::from_utf8(masked_copy(&raw).unwrap()).unwrap();
        assert!(
            !copy.contains("b64secret") && !copy.contains("encodedpw"),
            "{copy}"
        );
        assert!(copy.contains("chess move 13 alice ******** d4"), "{copy}");
        assert!(
            copy.contains("Subject: chess move 12 alice ******** e4"),
            "{copy}"
        );
        assert!(!copy.contains("base64"), "{copy}");
        assert!(copy.contains("From: alice@example.org"), "{copy}");
    }
}
