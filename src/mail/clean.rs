//! Cuts what a mail client adds around what the sender typed: quoted
//! lines, the quoted original under a top-posted reply, the signature and
//! the "Sent from my phone" kind of footer.

/// The text the sender wrote, with quotes, attribution lines, signature
/// and client footers removed, and blank lines at either end trimmed.
pub fn sender_text(body: &str) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let mut kept: Vec<&str> = Vec::new();
    for (index, raw) in lines.iter().enumerate() {
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim();
        if ends_sender_text(trimmed, lines.get(index + 1).map(|next| next.trim())) {
            break;
        }
        if trimmed.starts_with('>') {
            continue;
        }
        kept.push(line.trim_end());
    }
    while kept.first().is_some_and(|line| line.trim().is_empty()) {
        kept.remove(0);
    }
    while kept.last().is_some_and(|line| line.trim().is_empty()) {
        kept.pop();
    }
    kept.join("\n")
}

/// Whether this line starts the part of the mail that is no longer the
/// sender's own words.
fn ends_sender_text(line: &str, next: Option<&str>) -> bool {
    // The signature separator is "-- "; many clients lose the trailing
    // space on the way.
    if line == "--" || line == "-- " {
        return true;
    }
    let lower = line.to_lowercase();
    // Attribution lines above a quoted original, in the usual languages;
    // Gmail wraps long ones onto the next line.
    let attribution = |text: &str| {
        text.ends_with("wrote:")
            || text.ends_with("schrieb:")
            || text.ends_with("a écrit :")
            || text.ends_with("a écrit:")
            || text.ends_with("escribió:")
    };
    let starts_attribution = lower.starts_with("on ")
        || lower.starts_with("am ")
        || lower.starts_with("le ")
        || lower.starts_with("el ");
    if starts_attribution
        && (attribution(&lower) || next.is_some_and(|next| attribution(&next.to_lowercase())))
    {
        return true;
    }
    // Outlook's separators before the quoted original.
    if lower.starts_with("-----original message-----")
        || lower.starts_with("----- original message -----")
        || lower.starts_with("-------- forwarded message")
        || lower.starts_with("---------- forwarded message")
        || (line.starts_with("________________") && line.chars().all(|c| c == '_'))
    {
        return true;
    }
    if lower.starts_with("from:")
        && next.is_some_and(|next| {
            let next = next.to_lowercase();
            next.starts_with("sent:") || next.starts_with("date:")
        })
    {
        return true;
    }
    // Footers that clients add under every mail.
    const FOOTERS: &[&str] = &[
        "sent from my iphone",
        "sent from my ipad",
        "sent from my android",
        "sent from my samsung",
        "sent from my mobile",
        "sent from mail for windows",
        "sent from outlook",
        "get outlook for ios",
        "get outlook for android",
        "sent with proton mail",
        "sent with protonmail",
        "sent from yahoo mail",
        "sent from my blackberry",
    ];
    FOOTERS.iter().any(|footer| lower.starts_with(footer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_lines_and_signature_are_dropped() {
        let body = "e2e4\n> old board\n> more\nnice game\n-- \nAlice\nphone";
        assert_eq!(sender_text(body), "e2e4\nnice game");
    }

    #[test]
    fn top_posted_reply_stops_at_the_attribution_line() {
        let body =
            "\n\ne7e5\n\nOn Sun, Nov 29, 2026 at 3:03 PM pbem <host@example.org> wrote:\n> board";
        assert_eq!(sender_text(body), "e7e5");
    }

    #[test]
    fn wrapped_gmail_attribution_is_recognised() {
        let body =
            "resign\nOn Sun, Nov 29, 2026 at 3:03 PM pbem <\nhost@example.org> wrote:\nBoard";
        assert_eq!(sender_text(body), "resign");
    }

    #[test]
    fn outlook_original_message_block_is_dropped() {
        let body = "d7d5\r\n\r\nFrom: pbem <host@example.org>\r\nSent: Sunday\r\nTo: bob\r\n";
        assert_eq!(sender_text(body), "d7d5");
        let body = "d7d5\n-----Original Message-----\nboard";
        assert_eq!(sender_text(body), "d7d5");
    }

    #[test]
    fn phone_footer_is_dropped() {
        assert_eq!(sender_text("g2g4\n\nSent from my iPhone"), "g2g4");
    }
}
