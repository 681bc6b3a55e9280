//! The board prefix of this game's notation: `W:e4` is a move on White's
//! board, `B:e5` one on Black's board. The move itself is chess notation.

use super::board::BoardId;

/// Splits an optional `W:` / `B:` prefix (any case, spaces allowed around
/// the colon) from the move text.
pub(crate) fn split_prefix(text: &str) -> (Option<BoardId>, &str) {
    let trimmed = text.trim();
    let mut chars = trimmed.char_indices();
    if let Some((_, first)) = chars.next() {
        if let Some(board) = BoardId::from_letter(first) {
            let rest = trimmed[first.len_utf8()..].trim_start();
            if let Some(mv) = rest.strip_prefix(':') {
                return (Some(board), mv.trim());
            }
        }
    }
    (None, trimmed)
}

/// The stored form of a move: its board's prefix and the move.
pub(crate) fn with_prefix(board: BoardId, text: &str) -> String {
    format!("{}:{text}", board.letter())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_prefix_is_split_off_in_any_case_and_spacing() {
        assert_eq!(split_prefix("W:e2e4"), (Some(BoardId::White), "e2e4"));
        assert_eq!(split_prefix(" b : e5 "), (Some(BoardId::Black), "e5"));
        assert_eq!(split_prefix("e4"), (None, "e4"));
        assert_eq!(split_prefix("b1c3"), (None, "b1c3"));
        assert_eq!(split_prefix("Bb5"), (None, "Bb5"));
        assert_eq!(split_prefix(""), (None, ""));
        assert_eq!(split_prefix("é:"), (None, "é:"));
    }
}
