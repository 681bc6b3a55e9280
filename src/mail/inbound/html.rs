//! An HTML mail as text, laid out as a plain-text client would write it,
//! so that one reader cleans both kinds of reply: block elements (`<div>`,
//! `<p>`, `<hr>`, …) break lines as they do on screen, a `<pre>` keeps
//! its line breaks, and every line inside a `<blockquote>` starts with
//! `> `, as a quoted line does. One pass over the HTML, then mail-parser's
//! converter (entities, whitespace, `<head>`, `<style>`, comments).

use mail_parser::decoders::html::html_to_text;

/// The text of an HTML body, quotes marked with `>`.
pub(crate) fn html_as_text(html: &str) -> String {
    html_to_text(&with_breaks_and_quote_marks(html))
}

/// Elements that stand on lines of their own.
const BLOCKS: &[&str] = &[
    "blockquote",
    "div",
    "p",
    "pre",
    "hr",
    "table",
    "tr",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
];

/// A tag: its name (lower-case, as far as a known name reaches) and
/// whether it closes an element.
struct Tag<'a> {
    name: &'a str,
    closing: bool,
}

/// The tag whose text (between `<` and `>`) is `inside`.
fn tag(inside: &[u8]) -> Tag<'static> {
    let closing = inside.first() == Some(&b'/');
    let inside = if closing { &inside[1..] } else { inside };
    let end = inside
        .iter()
        .position(|byte| !byte.is_ascii_alphanumeric())
        .unwrap_or(inside.len());
    let name = &inside[..end];
    let known = BLOCKS
        .iter()
        .chain(&["br"])
        .find(|known| known.as_bytes().eq_ignore_ascii_case(name));
    Tag {
        name: known.copied().unwrap_or(""),
        closing,
    }
}

/// The HTML with a `<br>` before and after each block element, each
/// line break in a `<pre>` made a `<br>`, and `&gt; ` after every line
/// break inside a `<blockquote>`. Everything else is copied as it is.
fn with_breaks_and_quote_marks(html: &str) -> String {
    let bytes = html.as_bytes();
    let mut out = String::with_capacity(html.len() + html.len() / 4);
    let mut quotes = 0usize;
    let mut pres = 0usize;
    // Copies `html[from..to]`; the positions are always at ASCII bytes.
    let copy = |out: &mut String, from: usize, to: usize| out.push_str(&html[from..to]);
    let line_break = |out: &mut String, quotes: usize| {
        out.push_str("<br>");
        if quotes > 0 {
            out.push_str("&gt; ");
        }
    };
    let mut copied = 0;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\n' if pres > 0 => {
                copy(&mut out, copied, at);
                line_break(&mut out, quotes);
                at += 1;
                copied = at;
            }
            b'<' if bytes[at..].starts_with(b"<!--") => {
                // A comment (Outlook's conditional ones hold tags) is
                // copied whole.
                at = find(bytes, at + 4, b"-->").map_or(bytes.len(), |end| end + 3);
            }
            b'<' => {
                let Some(end) = find(bytes, at + 1, b">") else {
                    break;
                };
                let tag = tag(&bytes[at + 1..end]);
                let opens_block = !tag.closing && tag.name != "br" && !tag.name.is_empty();
                if opens_block {
                    copy(&mut out, copied, at);
                    line_break(&mut out, quotes);
                    copied = at;
                }
                at = end + 1;
                match (tag.name, tag.closing) {
                    ("", _) => continue,
                    ("br", _) => {
                        copy(&mut out, copied, at);
                        copied = at;
                        if quotes > 0 {
                            out.push_str("&gt; ");
                        }
                        continue;
                    }
                    ("blockquote", false) => quotes += 1,
                    ("blockquote", true) => quotes = quotes.saturating_sub(1),
                    ("pre", false) => pres += 1,
                    ("pre", true) => pres = pres.saturating_sub(1),
                    _ => {}
                }
                copy(&mut out, copied, at);
                copied = at;
                if opens_block && tag.name == "blockquote" || tag.closing {
                    line_break(&mut out, quotes);
                }
            }
            _ => at += 1,
        }
    }
    copy(&mut out, copied, bytes.len());
    out
}

/// Where `needle` next stands in `bytes` from `from` on.
fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| from + at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(html: &str) -> Vec<String> {
        html_as_text(html)
            .lines()
            .map(|line| line.trim().to_string())
            .filter(|line| !line.is_empty())
            .collect()
    }

    #[test]
    fn blocks_are_lines_and_quotes_are_marked() {
        let html = "<div dir=\"ltr\">e5<div><br></div><div>Nice move</div></div>\
            <div class=\"gmail_quote\"><div class=\"gmail_attr\">On Sun, Games Club \
            &lt;pbem@games.test&gt; wrote:<br></div><blockquote class=\"gmail_quote\">\
            alice (White) played e4<br>Board<blockquote>older</blockquote></blockquote></div><p>Ciao</p>";
        assert_eq!(
            lines(html),
            [
                "e5",
                "Nice move",
                "On Sun, Games Club <pbem@games.test> wrote:",
                "> alice (White) played e4",
                "> Board",
                ">",
                "> older",
                ">",
                "Ciao"
            ]
        );
    }

    #[test]
    fn a_pre_keeps_its_lines_and_a_quoted_one_is_marked() {
        let html =
            "<blockquote type=\"cite\"><pre>alice played e4\n\n1 | R | N |</pre></blockquote>\
            <p>e5</p><pre class=\"moz-signature\">-- \nBob</pre>";
        assert_eq!(
            lines(html),
            [
                ">",
                "> alice played e4",
                ">",
                "> 1 | R | N |",
                ">",
                "e5",
                "--",
                "Bob"
            ]
        );
    }

    #[test]
    fn comments_and_broken_tags_do_not_break_the_text() {
        assert_eq!(
            lines("<!--[if mso]><blockquote><![endif]-->e5<p>ok</p>"),
            ["e5", "ok"]
        );
        assert_eq!(lines("e5<p>ok</p><blockquote"), ["e5", "ok"]);
        assert_eq!(lines("e5 </blockquote> d5"), ["e5", "d5"]);
    }

    #[test]
    fn many_empty_paragraphs_are_blank_lines() {
        let html = "<p></p>".repeat(120_000);
        assert!(lines(&html).is_empty());
        let html = format!("{}<p>e5</p>", "<blockquote>".repeat(50_000));
        assert!(lines(&html).iter().any(|line| line == "> e5"));
    }
}
