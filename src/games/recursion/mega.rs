//! The mega-knight's four states and what each allows: the seed's table,
//! turned into the chess core's mark rules.

use crate::games::chess::{Color, MarkRules};
use crate::games::Outcome;

/// The state of a mega-knight, which follows the game it stands for.
/// Serializes as a stable key: `neutral`, `armed`, `disarmed`, `frozen`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MegaState {
    /// Its game is still running.
    Neutral,
    /// Its game was won by the knight's owner.
    Armed,
    /// Its game was drawn.
    Disarmed,
    /// Its game was won by the owner's opponent.
    Frozen,
}

/// One row of the seed's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StateRow {
    pub(crate) capturing_move: bool,
    pub(crate) non_capturing_move: bool,
    pub(crate) capturable: bool,
    pub(crate) gives_check: bool,
}

impl MegaState {
    #[cfg(test)]
    pub(crate) const ALL: [MegaState; 4] = [
        MegaState::Neutral,
        MegaState::Armed,
        MegaState::Disarmed,
        MegaState::Frozen,
    ];

    pub(crate) fn name(self) -> &'static str {
        match self {
            MegaState::Neutral => "Neutral",
            MegaState::Armed => "Armed",
            MegaState::Disarmed => "Disarmed",
            MegaState::Frozen => "Frozen",
        }
    }

    /// The seed's table, row by row.
    pub(crate) const fn row(self) -> StateRow {
        let (capturing_move, non_capturing_move, capturable) = match self {
            MegaState::Neutral => (false, true, false),
            MegaState::Armed => (true, true, true),
            MegaState::Disarmed => (false, true, true),
            MegaState::Frozen => (false, false, true),
        };
        StateRow {
            capturing_move,
            non_capturing_move,
            capturable,
            // Every state gives check: the core counts a marked knight's
            // attacks whatever its mark rules, so this needs no rule of ours.
            gives_check: true,
        }
    }

    /// The state of `owner`'s mega-knight once the game it stands for has
    /// ended with `result`.
    pub fn after(owner: Color, result: &Outcome) -> MegaState {
        match result.winner {
            Some(winner) if winner == owner => MegaState::Armed,
            Some(_) => MegaState::Frozen,
            None => MegaState::Disarmed,
        }
    }

    /// The core's mark rules for a board whose only marked piece is
    /// `owner`'s mega-knight in this state. The other side has no marked
    /// piece, so its entries stay ordinary.
    pub(crate) fn mark_rules(self, owner: Color) -> MarkRules {
        let row = self.row();
        let mut marks = MarkRules::ORDINARY;
        let i = owner.index();
        marks.may_move[i] = row.non_capturing_move;
        marks.may_capture[i] = row.capturing_move;
        marks.capturable[i] = row.capturable;
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::{fen, Position, Square};
    use crate::games::recursion::board::{rules, BoardId};
    use crate::games::EndReason;

    /// The seed's table as the seed prints it: capturing move,
    /// non-capturing move, is capturable, gives check.
    const SEED_TABLE: [(MegaState, [bool; 4]); 4] = [
        (MegaState::Neutral, [false, true, false, true]),
        (MegaState::Armed, [true, true, true, true]),
        (MegaState::Disarmed, [false, true, true, true]),
        (MegaState::Frozen, [false, false, true, true]),
    ];

    /// A position on White's board with White's mega-knight on `mega`.
    fn position(text: &str, state: MegaState, mega: &str) -> Position {
        let mut pos = fen::parse(text, rules(BoardId::White, state)).expect("test FEN");
        pos.set_marked(Square::parse(mega).expect("square"), true);
        pos
    }

    fn has_move(pos: &Position, coordinate: &str) -> bool {
        pos.legal_moves()
            .iter()
            .any(|mv| mv.coordinate() == coordinate)
    }

    #[test]
    fn the_rules_table_is_the_seeds_table() {
        for (state, [capturing, non_capturing, capturable, check]) in SEED_TABLE {
            let row = state.row();
            assert_eq!(row.capturing_move, capturing, "{state:?}");
            assert_eq!(row.non_capturing_move, non_capturing, "{state:?}");
            assert_eq!(row.capturable, capturable, "{state:?}");
            assert_eq!(row.gives_check, check, "{state:?}");
        }
    }

    #[test]
    fn capturing_move_column_each_state() {
        // The mega-knight on d4 may take the pawn on e6 only when Armed.
        for (state, [capturing, ..]) in SEED_TABLE {
            let pos = position("k7/8/4p3/8/3N4/8/8/7K w - - 0 1", state, "d4");
            assert_eq!(has_move(&pos, "d4e6"), capturing, "{state:?}");
        }
    }

    #[test]
    fn non_capturing_move_column_each_state() {
        // Seven empty knight squares around d4; a Frozen knight has none.
        for (state, [_, non_capturing, ..]) in SEED_TABLE {
            let pos = position("k7/8/4p3/8/3N4/8/8/7K w - - 0 1", state, "d4");
            assert_eq!(has_move(&pos, "d4c6"), non_capturing, "{state:?}");
            let quiet = pos
                .legal_moves()
                .iter()
                .filter(|mv| mv.from.to_string() == "d4" && pos.piece_at(mv.to).is_none())
                .count();
            assert_eq!(quiet, if non_capturing { 7 } else { 0 }, "{state:?}");
        }
    }

    #[test]
    fn capturable_column_each_state() {
        // Black's rook on d8 and king on c3 may take the knight on d4 only
        // when it is capturable.
        for (state, [_, _, capturable, _]) in SEED_TABLE {
            let pos = position("3r4/8/8/8/3N4/2k5/8/7K b - - 0 1", state, "d4");
            assert_eq!(has_move(&pos, "d8d4"), capturable, "{state:?}");
            assert_eq!(has_move(&pos, "c3d4"), capturable, "{state:?}");
        }
    }

    #[test]
    fn gives_check_column_each_state() {
        for (state, [.., check]) in SEED_TABLE {
            // The knight on d4 checks the king on e6 ...
            let pos = position("8/8/4k3/8/3N4/8/8/7K b - - 0 1", state, "d4");
            assert_eq!(pos.is_check(), check, "{state:?}");
            // ... and the king on e7 may not step onto e6 or c6, which it
            // covers, even when it cannot capture there.
            let pos = position("8/4k3/8/8/3N4/8/8/7K b - - 0 1", state, "d4");
            assert_eq!(!has_move(&pos, "e7e6"), check, "{state:?}");
            // ... and Black may not castle (d8 to b8) through c8, which the
            // knight on b6 covers; with the knight on h3 he may.
            let covered = position("r2k4/8/1N6/8/8/8/8/7K b k - 0 1", state, "b6");
            assert_eq!(!has_move(&covered, "d8b8"), check, "{state:?}");
            let clear = position("r2k4/8/8/8/8/7N/8/7K b k - 0 1", state, "h3");
            assert!(has_move(&clear, "d8b8"), "{state:?}");
        }
    }

    #[test]
    fn a_neutral_mega_knights_check_is_answered_only_by_king_moves() {
        // Rook d8 and pawns c5/e5 could take d4 were it capturable.
        let text = "3r4/8/8/2p1p3/3N4/8/4k3/7K b - - 0 1";
        let neutral = position(text, MegaState::Neutral, "d4");
        assert!(neutral.is_check());
        let moves = neutral.legal_moves();
        assert!(!moves.is_empty());
        for mv in &moves {
            assert_eq!(
                neutral.piece_at(mv.from).map(|p| p.role),
                Some(crate::games::chess::Role::King),
                "{} is not a king move",
                mv.coordinate()
            );
        }
        // The same check by an Armed knight may also be met by capturing it.
        let armed = position(text, MegaState::Armed, "d4");
        for capture in ["d8d4", "c5d4", "e5d4"] {
            assert!(has_move(&armed, capture), "{capture}");
        }
    }

    #[test]
    fn state_after_a_finished_game_follows_its_winner() {
        let white_won = Outcome::win(Color::White, EndReason::Checkmate);
        let drawn = Outcome::draw(EndReason::Stalemate);
        assert_eq!(MegaState::after(Color::White, &white_won), MegaState::Armed);
        assert_eq!(
            MegaState::after(Color::Black, &white_won),
            MegaState::Frozen
        );
        assert_eq!(MegaState::after(Color::Black, &drawn), MegaState::Disarmed);
    }
}
