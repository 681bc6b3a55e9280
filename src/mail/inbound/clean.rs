//! Cuts what a mail client adds around what the sender typed: quoted
//! lines, the quoted original under a top-posted reply (or above a
//! bottom-posted one), the signature and the "Sent from my phone" kind
//! of footer.

/// The text the sender wrote, with quotes, attribution lines, signature
/// and client footers removed, and blank lines at either end trimmed.
/// A top-posted reply ends at the attribution line above the quote; in
/// a bottom-posted one (nothing of the sender's own above the quote) the
/// attribution and the quote are skipped and his text is read after them.
pub fn sender_text(body: &str) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let mut kept: Vec<&str> = Vec::new();
    // Whether `kept` holds more than blank lines: one flag, not a scan of
    // `kept` at every attribution, so the cost stays linear.
    let mut has_text = false;
    let mut index = 0;
    while let Some(raw) = lines.get(index) {
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim();
        let next = lines.get(index + 1).map(|next| next.trim());
        let attribution = attribution_lines(trimmed, next);
        if attribution > 0 {
            if has_text {
                break;
            }
            index += attribution;
            continue;
        }
        if ends_sender_text(trimmed, next) {
            break;
        }
        if !trimmed.starts_with('>') {
            has_text |= !trimmed.is_empty();
            kept.push(line.trim_end());
        }
        index += 1;
    }
    // Blank lines around the text go, each looked at once.
    let first = kept.iter().position(|line| !line.trim().is_empty());
    let last = kept.iter().rposition(|line| !line.trim().is_empty());
    match (first, last) {
        (Some(first), Some(last)) => kept[first..=last].join("\n"),
        _ => String::new(),
    }
}

/// How many lines an attribution above a quoted original takes here
/// ("On ... wrote:", in the usual languages; Gmail wraps long ones onto
/// the next line), or 0 when this line does not start one.
fn attribution_lines(line: &str, next: Option<&str>) -> usize {
    let lower = line.to_lowercase();
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
    if !starts_attribution {
        0
    } else if attribution(&lower) {
        1
    } else if next.is_some_and(|next| attribution(&next.to_lowercase())) {
        2
    } else {
        0
    }
}

/// Whether this line starts the part of the mail that is no longer the
/// sender's own words (besides an attribution line).
fn ends_sender_text(line: &str, next: Option<&str>) -> bool {
    // The signature separator is "-- "; many clients lose the trailing
    // space on the way.
    if line == "--" || line == "-- " {
        return true;
    }
    let lower = line.to_lowercase();
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
    fn bottom_posted_reply_is_read_under_the_quote() {
        let body =
            "On 29/11/2026 16:04, PBeM host wrote:\n> board\n>\n> more\n\nc5\n\nnice\n-- \nBob";
        assert_eq!(sender_text(body), "c5\n\nnice");
    }

    #[test]
    fn bottom_posted_reply_without_attribution_is_read_under_the_quote() {
        let body = "> board\n> more\nc5\nSent from my iPhone";
        assert_eq!(sender_text(body), "c5");
    }

    #[test]
    fn bottom_posted_reply_under_a_wrapped_attribution_is_read() {
        let body =
            "\nOn Sun, Nov 29, 2026 at 3:03 PM pbem <\nhost@example.org> wrote:\n> board\nresign";
        assert_eq!(sender_text(body), "resign");
    }

    #[test]
    fn a_reply_with_nothing_of_the_sender_s_own_stays_empty() {
        let body = "On Sun, Nov 29, 2026, pbem wrote:\n> board\n\n-- \nBob";
        assert_eq!(sender_text(body), "");
    }

    #[test]
    fn a_mebibyte_of_blank_lines_or_attributions_costs_one_pass() {
        // Quadratic before (209 s of CPU for the newlines in one deliver).
        let newlines = "\n".repeat(1 << 20);
        assert_eq!(sender_text(&newlines), "");
        let body = format!("{newlines}e2e4\n{newlines}");
        assert_eq!(sender_text(&body), "e2e4");
        let attributions = "On Sunday, bob wrote:\n".repeat(50_000);
        assert_eq!(sender_text(&format!("{newlines}{attributions}c5")), "c5");
    }

    #[test]
    fn phone_footer_is_dropped() {
        assert_eq!(sender_text("g2g4\n\nSent from my iPhone"), "g2g4");
    }
}
