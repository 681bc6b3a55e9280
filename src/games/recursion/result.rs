//! The result of the match from the results of the two boards, by the
//! table of the rules page (`templates/en/games/recursion.txt`).

use crate::games::chess::Color;
use crate::games::{EndReason, MatchCell, Outcome};

/// The match result table: rows White's board, columns Black's board.
pub(crate) fn match_result(white_board: &Outcome, black_board: &Outcome) -> Outcome {
    use Color::{Black, White};
    let (winner, cell) = match (white_board.winner, black_board.winner) {
        (Some(White), Some(White)) => (Some(White), MatchCell::WonBothBoards),
        (Some(White), None) | (None, Some(White)) => (Some(White), MatchCell::WonOneDrewOne),
        (Some(White), Some(Black)) | (Some(Black), Some(White)) => (None, MatchCell::EachWonOne),
        (None, None) => (None, MatchCell::BothDrawn),
        (None, Some(Black)) | (Some(Black), None) => (Some(Black), MatchCell::WonOneDrewOne),
        (Some(Black), Some(Black)) => (Some(Black), MatchCell::WonBothBoards),
    };
    Outcome {
        winner,
        reason: EndReason::RecursionMatch {
            cell,
            white_board: Box::new(white_board.clone()),
            black_board: Box::new(black_board.clone()),
        },
    }
}

/// Who wins the match, by the same table, from each board's winner
/// (`None`: drawn): a search's cheaper question.
pub(crate) fn match_winner(
    white_board: Option<Color>,
    black_board: Option<Color>,
) -> Option<Color> {
    match (white_board, black_board) {
        (Some(a), Some(b)) if a != b => None,
        (Some(winner), _) | (None, Some(winner)) => Some(winner),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(winner: Option<Color>) -> Outcome {
        match winner {
            Some(side) => Outcome::win(side, EndReason::Checkmate),
            None => Outcome::draw(EndReason::Stalemate),
        }
    }

    /// Every cell of the table, written out as the rules page words it.
    #[test]
    fn every_cell_of_the_match_result_table() {
        use Color::{Black, White};
        use MatchCell::{BothDrawn, EachWonOne, WonBothBoards, WonOneDrewOne};
        let table = [
            // White's board, Black's board, match winner (None: draw), cell.
            (Some(White), Some(White), Some(White), WonBothBoards),
            (Some(White), None, Some(White), WonOneDrewOne),
            (Some(White), Some(Black), None, EachWonOne),
            (None, Some(White), Some(White), WonOneDrewOne),
            (None, None, None, BothDrawn),
            (None, Some(Black), Some(Black), WonOneDrewOne),
            (Some(Black), Some(White), None, EachWonOne),
            (Some(Black), None, Some(Black), WonOneDrewOne),
            (Some(Black), Some(Black), Some(Black), WonBothBoards),
        ];
        for (white_board, black_board, expected, expected_cell) in table {
            assert_eq!(match_winner(white_board, black_board), expected);
            let result = match_result(&board(white_board), &board(black_board));
            assert_eq!(
                result.winner, expected,
                "White's board {white_board:?}, Black's board {black_board:?}: {result}"
            );
            assert_eq!(
                result.reason,
                EndReason::RecursionMatch {
                    cell: expected_cell,
                    white_board: Box::new(board(white_board)),
                    black_board: Box::new(board(black_board)),
                },
                "{result}"
            );
        }
    }

    #[test]
    fn the_match_reason_names_both_boards() {
        let result = match_result(
            &Outcome::win(Color::White, EndReason::Checkmate),
            &Outcome::draw(EndReason::Stalemate),
        );
        assert_eq!(
            result.to_string(),
            "White wins by winning one board and drawing the other \
             (White's board: White wins by checkmate; Black's board: draw by stalemate)"
        );
    }
}
