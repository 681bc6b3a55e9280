//! Move text as players type it, made into the plain ASCII the games'
//! notations read: phones and word processors turn `-` into dashes, some
//! keyboards write full-width letters, chess books print figurines, and
//! many players castle with zeros. Only the host's reading of move words
//! goes through here; the games themselves stay strict.

/// Splits a line into words at any Unicode space, including the
/// zero-width ones that `split_whitespace` does not know.
pub(crate) fn words(line: &str) -> Vec<&str> {
    line.split(is_space)
        .filter(|word| !word.is_empty())
        .collect()
}

/// The move words of `text`, each in ASCII notation: dashes made `-`,
/// full-width forms made ASCII, figurines made piece letters, castling
/// with zeros made `O-O` / `O-O-O`, and a sentence's full stop or comma
/// after a move dropped (`e4.`, `c4,`).
pub(crate) fn move_words(text: &str) -> Vec<String> {
    let plain: String = text.chars().filter_map(plain_char).collect();
    words(&plain)
        .into_iter()
        .map(without_sentence_mark)
        .filter(|word| !word.is_empty())
        .map(letter_castling)
        .collect()
}

/// `word` without the `.`, `,` or `;` a sentence put after it. A move
/// number (`1.`, `12...`) keeps its dots: the games read it as one.
fn without_sentence_mark(word: &str) -> &str {
    let bare = word.trim_end_matches(['.', ',', ';']);
    if bare.chars().all(|c| c.is_ascii_digit()) && word.ends_with('.') {
        word
    } else {
        bare
    }
}

fn is_space(c: char) -> bool {
    // Zero-width space, word joiner and the byte-order mark: invisible,
    // and left between words by some phone keyboards and pastes.
    c.is_whitespace() || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}')
}

/// One character as the notations read it, or none for one to drop.
fn plain_char(c: char) -> Option<char> {
    match c {
        // Hyphen, non-breaking hyphen, figure dash, en dash, em dash,
        // horizontal bar, minus sign, small em dash, small hyphen-minus.
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' => Some('-'),
        // Full-width ASCII forms sit at a fixed offset from ASCII.
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFF01 + 0x21),
        '\u{3000}' => Some(' '),
        '\u{2654}' | '\u{265A}' => Some('K'),
        '\u{2655}' | '\u{265B}' => Some('Q'),
        '\u{2656}' | '\u{265C}' => Some('R'),
        '\u{2657}' | '\u{265D}' => Some('B'),
        '\u{2658}' | '\u{265E}' => Some('N'),
        // A pawn is written without a letter; the emoji variation
        // selector follows a figurine on some phones.
        '\u{2659}' | '\u{265F}' | '\u{FE0F}' => None,
        c if is_space(c) => Some(' '),
        c => Some(c),
    }
}

/// `0-0` and `0-0-0` (with check, mate, annotation or `#n` after them)
/// as `O-O` and `O-O-O`. Whole words only: a square such as Spherical
/// Chess 324's `p10` keeps its zero.
fn letter_castling(word: &str) -> String {
    for (zeros, letters) in [("0-0-0", "O-O-O"), ("0-0", "O-O")] {
        if let Some(rest) = word.strip_prefix(zeros) {
            let suffix_only = rest
                .chars()
                .all(|c| "+#!?".contains(c) || c.is_ascii_digit());
            let starts_with_digit = rest.starts_with(|c: char| c.is_ascii_digit());
            if suffix_only && !starts_with_digit {
                return format!("{letters}{rest}");
            }
        }
    }
    word.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dashes_and_minus_signs_become_hyphens() {
        assert_eq!(
            move_words("h8\u{2013}h2 e2\u{2014}e4 a1\u{2212}a2"),
            ["h8-h2", "e2-e4", "a1-a2"]
        );
        assert_eq!(move_words("O\u{2011}O"), ["O-O"]);
    }

    #[test]
    fn castling_with_zeros_becomes_letters_with_its_suffix() {
        assert_eq!(move_words("0-0"), ["O-O"]);
        assert_eq!(move_words("0-0-0+"), ["O-O-O+"]);
        assert_eq!(move_words("0-0#"), ["O-O#"]);
        assert_eq!(move_words("0-0!?#12"), ["O-O!?#12"]);
        assert_eq!(move_words("0\u{2013}0\u{2013}0"), ["O-O-O"]);
    }

    #[test]
    fn zeros_inside_squares_and_other_words_are_kept() {
        assert_eq!(
            move_words("p10-p1 j10+ne 0-01 0-0-00 a10"),
            ["p10-p1", "j10+ne", "0-01", "0-0-00", "a10"]
        );
        assert_eq!(move_words("W:0-0"), ["W:0-0"]);
    }

    #[test]
    fn figurines_become_piece_letters_and_pawns_are_dropped() {
        assert_eq!(
            move_words("\u{2658}f3 \u{265E}c6 \u{2655}xd8"),
            ["Nf3", "Nc6", "Qxd8"]
        );
        assert_eq!(move_words("\u{2659}e4 \u{265F}\u{FE0F}e5"), ["e4", "e5"]);
        assert_eq!(
            move_words("\u{2654}e2 \u{265C}a8 \u{2657}b5"),
            ["Ke2", "Ra8", "Bb5"]
        );
    }

    #[test]
    fn full_width_forms_become_ascii() {
        assert_eq!(
            move_words("\u{FF45}\u{FF14}\u{3000}\u{FF2E}\u{FF46}\u{FF13}"),
            ["e4", "Nf3"]
        );
        assert_eq!(move_words("\u{FF45}\u{FF14}\u{FF03}\u{FF11}"), ["e4#1"]);
    }

    #[test]
    fn unicode_spaces_separate_words() {
        assert_eq!(
            move_words("e4\u{00A0}e5\u{200B}Nf3\u{202F}Nc6\u{FEFF}"),
            ["e4", "e5", "Nf3", "Nc6"]
        );
        assert_eq!(
            words("chess\u{00A0}move\u{200B}101"),
            ["chess", "move", "101"]
        );
    }

    #[test]
    fn a_sentences_stop_or_comma_after_a_move_is_dropped_and_move_numbers_keep_theirs() {
        assert_eq!(move_words("e4. c4, Nf3; Bc4!"), ["e4", "c4", "Nf3", "Bc4!"]);
        assert_eq!(move_words("1. e4 12... e5"), ["1.", "e4", "12...", "e5"]);
    }

    #[test]
    fn other_letters_pass_unchanged() {
        assert_eq!(move_words("Schöne Grüße"), ["Schöne", "Grüße"]);
        assert_eq!(move_words("list:KQRrNnBb i8+q"), ["list:KQRrNnBb", "i8+q"]);
    }
}
