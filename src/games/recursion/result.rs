//! The result of the match from the results of the two boards (RULES.md §3
//! table).

use crate::games::chess::Color;
use crate::games::Outcome;

/// The match result table: rows White's board, columns Black's board.
pub fn match_result(white_board: &Outcome, black_board: &Outcome) -> Outcome {
    use Color::{Black, White};
    let (winner, why) = match (white_board.winner, black_board.winner) {
        (Some(White), Some(White)) => (Some(White), "winning both boards"),
        (Some(White), None) | (None, Some(White)) => {
            (Some(White), "winning one board and drawing the other")
        }
        (Some(White), Some(Black)) | (Some(Black), Some(White)) => {
            (None, "each player winning one board")
        }
        (None, None) => (None, "both boards being drawn"),
        (None, Some(Black)) | (Some(Black), None) => {
            (Some(Black), "winning one board and drawing the other")
        }
        (Some(Black), Some(Black)) => (Some(Black), "winning both boards"),
    };
    let reason = format!("{why} (White's board: {white_board}; Black's board: {black_board})");
    Outcome { winner, reason }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(winner: Option<Color>) -> Outcome {
        match winner {
            Some(side) => Outcome::win(side, "checkmate"),
            None => Outcome::draw("stalemate"),
        }
    }

    /// Every cell of the table, written out as RULES.md draws it.
    #[test]
    fn every_cell_of_the_match_result_table() {
        use Color::{Black, White};
        let table = [
            // White's board, Black's board, match winner (None: draw).
            (Some(White), Some(White), Some(White)),
            (Some(White), None, Some(White)),
            (Some(White), Some(Black), None),
            (None, Some(White), Some(White)),
            (None, None, None),
            (None, Some(Black), Some(Black)),
            (Some(Black), Some(White), None),
            (Some(Black), None, Some(Black)),
            (Some(Black), Some(Black), Some(Black)),
        ];
        for (white_board, black_board, expected) in table {
            let result = match_result(&board(white_board), &board(black_board));
            assert_eq!(
                result.winner, expected,
                "White's board {white_board:?}, Black's board {black_board:?}: {result}"
            );
        }
    }

    #[test]
    fn the_match_reason_names_both_boards() {
        let result = match_result(
            &Outcome::win(Color::White, "checkmate"),
            &Outcome::draw("stalemate"),
        );
        assert_eq!(
            result.to_string(),
            "White wins by winning one board and drawing the other \
             (White's board: White wins by checkmate; Black's board: draw by stalemate)"
        );
    }
}
