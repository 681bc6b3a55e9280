//! Where the mail a reply answers begins, as the common clients set it
//! off, in the common languages: the intro line above a quote ("On …
//! wrote:", "Am … schrieb …:", "Le … a écrit :", "W dniu … pisze:",
//! "… написал(а):"), and, above an original that is not quoted at all,
//! the separator line ("-----Original Message-----", a line of
//! underscores) or the block of its headers ("From:/Sent:/To:/Subject:",
//! "Von:/Gesendet:/An:/Betreff:", "De :/Envoyé :/À :/Objet :", …).

/// What starts at a line of a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Original {
    /// An intro line over `lines` lines (a long one wrapped): the quote
    /// follows, its lines marked with `>`.
    Intro { lines: usize },
    /// A separator or a header block: the original follows unquoted, so
    /// nothing below it is the sender's.
    Unquoted,
}

/// The longest intro read as one, in bytes: a real one holds a date, a
/// time, a name and an address, and no more.
const MAX_INTRO_BYTES: usize = 320;

/// The verbs of intro lines, lower-case, as the clients write them.
const WROTE: &[&str] = &[
    // English.
    "wrote",
    "writes",
    // German (Yahoo: "hat … Folgendes geschrieben").
    "schrieb",
    "geschrieben",
    // French.
    "a écrit",
    // Spanish.
    "escribió",
    // Italian.
    "ha scritto",
    // Dutch (Apple Mail: "heeft … het volgende geschreven").
    "schreef",
    "geschreven",
    // Portuguese.
    "escreveu",
    // Polish (Thunderbird "pisze", Gmail "napisał(a)", Apple Mail
    // "Wiadomość napisana przez …").
    "pisze",
    "napisał",
    "napisała",
    "napisana",
    // Swedish, Danish, Norwegian.
    "skrev",
    "skreiv",
    // Russian.
    "пишет",
    "написал",
    "написала",
];

/// How intro lines begin ("On", "Am", "Le", …), lower-case: a line that
/// starts so and names no verb yet may be the first half of a wrapped one.
const OPENERS: &[&str] = &[
    "on ", "am ", "le ", "el ", "il ", "op ", "em ", "às ", "w dniu ", "dnia ", "den ", "på ",
];

/// Which header of a quoted original a label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    From,
    Sent,
    To,
    Copy,
    Subject,
}

/// The labels of the header block above an unquoted original, lower-case,
/// in the languages of Outlook, Samsung Email and the like.
const LABELS: &[(&str, Label)] = &[
    ("from", Label::From),
    ("von", Label::From),
    ("de", Label::From),
    ("da", Label::From),
    ("van", Label::From),
    ("od", Label::From),
    ("från", Label::From),
    ("fra", Label::From),
    ("от", Label::From),
    ("expéditeur", Label::From),
    ("sent", Label::Sent),
    ("date", Label::Sent),
    ("gesendet", Label::Sent),
    ("datum", Label::Sent),
    ("envoyé", Label::Sent),
    ("enviado", Label::Sent),
    ("enviado el", Label::Sent),
    ("enviada", Label::Sent),
    ("enviada em", Label::Sent),
    ("fecha", Label::Sent),
    ("inviato", Label::Sent),
    ("data", Label::Sent),
    ("verzonden", Label::Sent),
    ("wysłane", Label::Sent),
    ("wysłano", Label::Sent),
    ("skickat", Label::Sent),
    ("sendt", Label::Sent),
    ("dato", Label::Sent),
    ("отправлено", Label::Sent),
    ("дата", Label::Sent),
    ("to", Label::To),
    ("an", Label::To),
    ("à", Label::To),
    ("a", Label::To),
    ("para", Label::To),
    ("aan", Label::To),
    ("do", Label::To),
    ("till", Label::To),
    ("til", Label::To),
    ("кому", Label::To),
    ("cc", Label::Copy),
    ("kopie", Label::Copy),
    ("copie", Label::Copy),
    ("kopia", Label::Copy),
    ("копия", Label::Copy),
    ("subject", Label::Subject),
    ("betreff", Label::Subject),
    ("objet", Label::Subject),
    ("asunto", Label::Subject),
    ("oggetto", Label::Subject),
    ("onderwerp", Label::Subject),
    ("assunto", Label::Subject),
    ("temat", Label::Subject),
    ("ämne", Label::Subject),
    ("emne", Label::Subject),
    ("тема", Label::Subject),
];

/// Words of the separator lines above an original ("-----Original
/// Message-----", "-------- Ursprüngliche Nachricht --------", Thunderbird's
/// "--- Treść oryginalnej wiadomości ---"), lower-case.
const SEPARATOR_WORDS: &[&str] = &[
    "original",
    "ursprüngliche",
    "nachricht",
    "message",
    "mensaje",
    "messaggio",
    "oorspronkelijk",
    "bericht",
    "mensagem",
    "wiadomo",
    "meddelande",
    "meddelelse",
    "melding",
    "сообщение",
    "forwarded",
    "weitergeleitet",
    "transféré",
    "reenviado",
    "inoltrato",
    "doorgestuurd",
    "encaminhada",
];

/// Whether the original starts at `lines[at]`, and how. `next_text[i]`
/// is the first line at or after `i` that is not blank (`lines.len()`
/// when none is), so that nothing here scans ahead over blank lines.
/// `own` are the host's marks (its address and name, lower-case): a
/// line that names one is read by its shape alone, in any language.
/// `typed_above` tells that the sender has typed text above this line.
pub(super) fn original_at(
    lines: &[&str],
    at: usize,
    next_text: &[usize],
    own: &[String],
    typed_above: bool,
) -> Option<Original> {
    let line = lines[at].trim();
    if line.is_empty() {
        return None;
    }
    let after = |index: usize| {
        next_text
            .get(index)
            .and_then(|&next| lines.get(next))
            .map(|line| line.trim())
    };
    let next = after(at + 1);
    if is_separator(line, next) || is_header_block(line, next) {
        return Some(Original::Unquoted);
    }
    if let Some(original) = naming_the_host(line, next, own) {
        return Some(original);
    }
    // Under the sender's own text, a line that names neither an intro's
    // verb nor the host is his ("Your move 12:" over a quoted line he
    // answers): an intro there would end his reply, and every intro of a
    // mail from the host names the host. Above his text nothing is lost
    // by taking such a line for an intro in a language not listed.
    let by_shape = own.is_empty() || !typed_above;
    let lines = intro_lines(lines, at, |end| {
        by_shape && after(end).is_some_and(is_quoted)
    });
    (lines > 0).then_some(Original::Intro { lines })
}

/// Whether a line (trimmed) is quoted with `>`.
pub(super) fn is_quoted(line: &str) -> bool {
    line.starts_with('>')
}

/// How many lines the intro starting at `lines[at]` takes (Gmail wraps a
/// long one; up to three are joined), or 0. `quote_at(i)` tells whether
/// the first line that is not blank from `i` on is quoted.
fn intro_lines(lines: &[&str], at: usize, quote_at: impl Fn(usize) -> bool) -> usize {
    let first = lines[at].trim();
    if first.len() > MAX_INTRO_BYTES || is_quoted(first) {
        return 0;
    }
    if first.ends_with(':') {
        return usize::from(reads_as_intro(first, quote_at(at + 1)));
    }
    if !starts_like_an_intro(first) {
        return 0;
    }
    let mut joined = first.to_string();
    for count in 2..=3 {
        let Some(line) = lines.get(at + count - 1).map(|line| line.trim()) else {
            return 0;
        };
        if line.is_empty() || is_quoted(line) || joined.len() + line.len() > MAX_INTRO_BYTES {
            return 0;
        }
        joined.push(' ');
        joined.push_str(line);
        if line.ends_with(':') {
            let quoted = quote_at(at + count);
            return if reads_as_intro(&joined, quoted) {
                count
            } else {
                0
            };
        }
    }
    0
}

/// Whether a line ending in `:` is an intro: it names the verb of one
/// ("wrote", "schrieb", …), or ends with the address it quotes (Gmail in
/// Russian: "вс, 29 нояб. 2026 г. в 16:01, Games Club <pbem@games.test>:"),
/// or, in any other language, stands right above a quote and holds a
/// date or an address.
fn reads_as_intro(text: &str, quote_follows: bool) -> bool {
    let lower = text.to_lowercase();
    names_a_verb(&lower)
        || (lower.ends_with(">:") && lower.contains('@'))
        || (quote_follows && (lower.contains('@') || lower.chars().any(|c| c.is_ascii_digit())))
}

/// Whether one of the intro verbs stands in `lower` as a word of its own.
fn names_a_verb(lower: &str) -> bool {
    WROTE.iter().any(|verb| {
        lower.match_indices(verb).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + verb.len()..].chars().next();
            !before.is_some_and(char::is_alphabetic) && !after.is_some_and(char::is_alphabetic)
        })
    })
}

/// Whether a line may be the first half of a wrapped intro: it opens as
/// one does, or holds a year or a time as one does.
fn starts_like_an_intro(line: &str) -> bool {
    let lower = line.to_lowercase();
    if OPENERS.iter().any(|opener| lower.starts_with(opener)) {
        return true;
    }
    let bytes = line.as_bytes();
    let year = bytes.windows(4).any(|four| {
        (four.starts_with(b"19") || four.starts_with(b"20")) && four.iter().all(u8::is_ascii_digit)
    });
    let time = bytes.windows(4).any(|four| {
        four[0].is_ascii_digit()
            && four[1] == b':'
            && four[2].is_ascii_digit()
            && four[3].is_ascii_digit()
    });
    year || time
}

/// The header a line's label names ("From:", "*Von:*", "De :"), if it
/// has one of the known labels.
fn label(line: &str) -> Option<Label> {
    let line = line.trim_start_matches(|c: char| c == '*' || c.is_whitespace());
    let (label, _) = line.split_once(':')?;
    if label.len() > 24 {
        return None;
    }
    let label = label
        .trim_matches(|c: char| c == '*' || c.is_whitespace())
        .to_lowercase();
    LABELS
        .iter()
        .find(|(name, _)| *name == label)
        .map(|(_, found)| *found)
}

/// Whether a header block starts here: a From (or date) line, and the
/// next line that is not blank another header.
fn is_header_block(line: &str, next: Option<&str>) -> bool {
    let Some(first) = label(line) else {
        return false;
    };
    let second = next.and_then(label);
    matches!(first, Label::From | Label::Sent) && second.is_some_and(|second| second != first)
}

/// Whether a line separates the reply from an original below it: a line
/// of underscores (Outlook), or one of dashes around words such as
/// "Original Message" in the client's language, or around any words
/// right above a header block.
fn is_separator(line: &str, next: Option<&str>) -> bool {
    let line = line.trim_matches(|c: char| c == '*' || c.is_whitespace());
    if line.len() >= 10 && line.bytes().all(|byte| byte == b'_') {
        return true;
    }
    if !(line.starts_with("--") && line.ends_with("--")) {
        return false;
    }
    let words = line.trim_matches(|c: char| c == '-' || c.is_whitespace());
    if words.is_empty() {
        return false;
    }
    let lower = words.to_lowercase();
    SEPARATOR_WORDS.iter().any(|word| lower.contains(word))
        || next.is_some_and(|next| label(next).is_some())
}

/// How the original starts at a line that names the host (its address,
/// or its name on a line ending in `:`), whatever the language: an intro
/// line right above a quote; an intro above an original that is not
/// quoted; the first of a block of header lines ("Lähettäjä: Games Club
/// <pbem@games.test>" over "Lähetetty: …").
fn naming_the_host(line: &str, next: Option<&str>, own: &[String]) -> Option<Original> {
    if is_quoted(line) || line.len() > MAX_INTRO_BYTES {
        return None;
    }
    let lower = line.to_lowercase();
    if !own.iter().any(|mark| lower.contains(mark.as_str())) {
        return None;
    }
    if line.ends_with(':') {
        return Some(if next.is_some_and(is_quoted) {
            Original::Intro { lines: 1 }
        } else {
            Original::Unquoted
        });
    }
    let next_is_a_header = next.is_some_and(|next| header_shaped(next).is_some());
    (header_shaped(line).is_some() && next_is_a_header).then_some(Original::Unquoted)
}

/// The label of a line shaped as a mail header in any language: a word
/// or three without digits, a colon, and a value ("*Von:* …", "De : …").
fn header_shaped(line: &str) -> Option<&str> {
    let (label, value) = line.split_once(':')?;
    let label = label.trim_matches(|c: char| c == '*' || c.is_whitespace());
    let fits = !label.is_empty()
        && label.chars().count() <= 24
        && label.split_whitespace().count() <= 3
        && label
            .chars()
            .all(|c| c.is_alphabetic() || c == ' ' || c == '-');
    (fits && !value.trim_matches('*').trim().is_empty()).then_some(label)
}
