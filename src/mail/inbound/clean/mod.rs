//! Cuts what a mail client adds around what the sender typed: the quoted
//! original under a top-posted reply (or above a bottom-posted one) with
//! its intro line or header block, quoted lines, the signature and the
//! "Sent from my phone" kind of footer. Every step is linear in the
//! mail's size: a reply is read line by line once, and nothing looks
//! ahead further than a few lines.

mod footers;
mod original;

use original::{is_quoted, original_at, Original};

/// The text the sender wrote, with quotes, intro lines, header blocks,
/// signature and client footers removed, blank lines at either end
/// trimmed and runs of blank lines made one. A top-posted reply ends
/// where the original begins; in a bottom-posted one (nothing of the
/// sender's own above the quote) the intro and the quote are skipped and
/// his text is read after them. Lines he wrote between quoted ones are
/// his (an answer interleaved with the quote).
pub fn sender_text(body: &str) -> String {
    sender_text_to(body, &[])
}

/// As [`sender_text`], for a reply to a mail from the host marked by
/// `own` (its address, its display name): an intro line or a header
/// block that names the host starts the original in any language, by its
/// shape alone. Marks shorter than three characters are not used.
pub(crate) fn sender_text_to(body: &str, own: &[&str]) -> String {
    let own: Vec<String> = own
        .iter()
        .map(|mark| mark.trim().to_lowercase())
        .filter(|mark| mark.chars().count() >= 3)
        .collect();
    let lines: Vec<&str> = body
        .lines()
        .map(|line| line.trim_end_matches('\r'))
        .collect();
    let next_text = next_text_lines(&lines);
    let mut typed: Vec<&str> = Vec::new();
    let mut typed_any = false;
    // In a signature or footer above the quote of a bottom-posted reply:
    // not his words, up to the quote.
    let mut in_footer = false;
    let mut at = 0;
    while let Some(raw) = lines.get(at) {
        let line = raw.trim();
        if is_quoted(line) {
            in_footer = false;
            at += 1;
            continue;
        }
        match original_at(&lines, at, &next_text, &own, typed_any) {
            Some(_) if typed_any => break,
            Some(Original::Unquoted) => break,
            Some(Original::Intro { lines }) => {
                in_footer = false;
                at += lines;
                continue;
            }
            None => {}
        }
        if footers::ends_typed_text(line) {
            if typed_any {
                break;
            }
            in_footer = true;
        } else if !in_footer {
            typed.push(raw.trim_end());
            typed_any |= !line.is_empty();
        }
        at += 1;
    }
    joined(&typed)
}

/// For each line, the index of the first line at or after it that is not
/// blank (`lines.len()` when there is none), made in one pass from the
/// end.
fn next_text_lines(lines: &[&str]) -> Vec<usize> {
    let mut next = vec![lines.len(); lines.len() + 1];
    for (index, line) in lines.iter().enumerate().rev() {
        next[index] = if line.trim().is_empty() {
            next[index + 1]
        } else {
            index
        };
    }
    next
}

/// The lines joined, without blank lines at either end and with each run
/// of blank lines (an HTML mail's paragraphs leave many) made one.
fn joined(lines: &[&str]) -> String {
    let mut text = String::new();
    let mut blank_pending = false;
    for line in lines {
        if line.trim().is_empty() {
            blank_pending = !text.is_empty();
            continue;
        }
        if !text.is_empty() {
            text.push('\n');
            if blank_pending {
                text.push('\n');
            }
        }
        blank_pending = false;
        text.push_str(line);
    }
    text
}

#[cfg(test)]
mod tests;
