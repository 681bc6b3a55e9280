//! Progression Chess as a [`Game`] of the host: the list phase, then the
//! board phase on [`Board`].

use super::board::{Board, BoardMove, Man};
use super::kind::Kind;
use super::list::ProgressionList;
use super::notation;
use super::render;
use super::search::ProgressionSearch;
use super::switches::Setup;
use crate::games::chess::{Color, Square};
use crate::games::{
    CountedPiece, Diagram, Fact, Game, GameKind, MoveError, Outcome, Picture, PlayedMove, Reason,
    SearchStart, SetupError, Side,
};

/// The canonical prefix of a list move.
const LIST_PREFIX: &str = "list:";

#[derive(Clone, Debug)]
pub(crate) struct ProgressionGame {
    setup: Setup,
    /// Each side's list once chosen (or given by a complete template).
    lists: [Option<ProgressionList>; 2],
    /// Present once both lists are known.
    board: Option<Board>,
    outcome: Option<Outcome>,
    /// How many lists match the template (the same for both sides), kept
    /// so list-phase perft need not enumerate them again at every node.
    list_count: u64,
    /// The start and end of the last board move, for drawing.
    last_move: Option<(Square, Square)>,
}

impl ProgressionGame {
    pub(crate) fn new(switches: &[String]) -> Result<ProgressionGame, SetupError> {
        let setup = Setup::parse(switches)?;
        let mut game = ProgressionGame {
            setup,
            lists: [None; 2],
            board: None,
            outcome: None,
            list_count: 1,
            last_move: None,
        };
        // A template without wildcards is both lists: no list phase.
        if let Some(list) = setup.template.complete() {
            game.lists = [Some(list); 2];
            game.start_board();
        } else {
            game.list_count = setup.template.count_lists();
        }
        Ok(game)
    }

    fn start_board(&mut self) {
        if let [Some(white), Some(black)] = self.lists {
            self.board = Some(Board::start([white, black], self.setup.promote));
        }
    }

    /// A game in its board phase from a constructed position, for tests
    /// of positions that moves reach only slowly.
    #[cfg(test)]
    pub(crate) fn from_board(setup: Setup, board: Board) -> ProgressionGame {
        ProgressionGame {
            setup,
            lists: [Some(board.list(Side::White)), Some(board.list(Side::Black))],
            board: Some(board),
            outcome: board.judge(),
            list_count: 1,
            last_move: None,
        }
    }

    #[cfg(test)]
    pub(crate) fn board_state(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// Who owes the next ply, game over or not.
    fn mover(&self) -> Side {
        match (&self.board, self.lists) {
            (Some(board), _) => board.turn(),
            (None, [None, _]) => Side::White,
            (None, _) => Side::Black,
        }
    }

    fn play_list(&mut self, side: Side, text: &str) -> Result<PlayedMove, MoveError> {
        let body = strip_list_prefix(text);
        let list = ProgressionList::parse(body)
            .and_then(|list| self.setup.template.check(&list).map(|()| list))
            .map_err(|problem| MoveError::Illegal {
                text: text.to_string(),
                reason: Box::new(Reason::ChooseList {
                    side,
                    template: self.setup.template.to_string(),
                    example: self.example_list(),
                    problem,
                }),
            })?;
        self.lists[side.index()] = Some(list);
        self.start_board();
        if let Some(board) = &self.board {
            // Only a pathological start could have no moves; judge anyway.
            self.outcome = board.judge();
        }
        let notation = format!("{LIST_PREFIX}{list}");
        Ok(PlayedMove {
            public_notation: notation.clone(),
            notation,
        })
    }

    /// The first list that fits the template, as a list move.
    fn example_list(&self) -> String {
        let mut lists = self.setup.template.lists();
        lists.truncate(1);
        lists
            .first()
            .map(|list| format!("{LIST_PREFIX}{list}"))
            .unwrap_or_default()
    }

    /// Perft over the list phase: the number of matching lists is the same
    /// for both sides, so plies that stay in the list phase multiply.
    fn perft_lists(&self, depth: u32) -> u64 {
        let count = self.list_count;
        match (self.lists, depth) {
            (_, 0) => 1,
            (_, 1) => count,
            ([None, None], 2) => count * count,
            _ => self
                .setup
                .template
                .lists()
                .into_iter()
                .map(|list| self.after_list(list).perft(depth - 1))
                .sum(),
        }
    }

    fn after_list(&self, list: ProgressionList) -> ProgressionGame {
        let mut next = self.clone();
        let side = self.mover();
        next.lists[side.index()] = Some(list);
        next.start_board();
        if let Some(board) = &next.board {
            next.outcome = board.judge();
        }
        next
    }

    fn man_at(&self, sq: Square) -> Option<(Color, Man)> {
        match &self.board {
            Some(board) => board.man_at(sq),
            None => start_man(sq),
        }
    }
}

/// `list:KQRrNnBb`, `List:…` or just the letters.
fn strip_list_prefix(text: &str) -> &str {
    let text = text.trim();
    match text.get(..LIST_PREFIX.len()) {
        Some(head) if head.eq_ignore_ascii_case(LIST_PREFIX) => text[LIST_PREFIX.len()..].trim(),
        _ => text,
    }
}

/// The start array, for drawing the board before the lists are known.
fn start_man(sq: Square) -> Option<(Color, Man)> {
    let color = match sq.rank() {
        0 | 1 => Color::White,
        6 | 7 => Color::Black,
        _ => return None,
    };
    if matches!(sq.rank(), 1 | 6) {
        return Some((color, Man::Pawn));
    }
    let back = [
        Kind::LittleRook,
        Kind::LittleKnight,
        Kind::LittleBishop,
        Kind::Queen,
        Kind::King,
        Kind::Bishop,
        Kind::Knight,
        Kind::Rook,
    ];
    Some((color, Man::Piece(back[usize::from(sq.file())])))
}

impl Game for ProgressionGame {
    fn evaluate(&self, side: Side) -> i32 {
        if let Some(board) = &self.board {
            return super::evaluate::board(board, side);
        }
        // The list phase: each list chosen so far, by what it makes.
        let promote = self.setup.promote.first();
        let score = |color: Side| {
            self.lists[color.index()]
                .map_or(0, |list| super::evaluate::list(&list, list.at(promote)))
        };
        score(side) - score(side.opponent())
    }

    fn position_key(&self) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let board = self.board.as_ref()?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        board.position().repetition_key().hash(&mut hasher);
        Some(hasher.finish())
    }

    fn search_start(&self) -> SearchStart {
        SearchStart::Progression(ProgressionSearch::new(self.setup, self.lists, self.board))
    }

    fn kind(&self) -> GameKind {
        GameKind::Progression
    }

    fn switches(&self) -> Vec<String> {
        self.setup.to_switches()
    }

    fn to_move(&self) -> Vec<Side> {
        match self.outcome {
            Some(_) => Vec::new(),
            None => vec![self.mover()],
        }
    }

    fn turn_number(&self) -> u32 {
        // The list phase is turn 0, so the board's moves keep chess numbers.
        self.board
            .as_ref()
            .map_or(0, |board| board.position().fullmove_number())
    }

    fn play(&mut self, side: Side, text: &str) -> Result<PlayedMove, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if side != self.mover() {
            return Err(MoveError::NotYourTurn(side));
        }
        let Some(board) = &mut self.board else {
            return self.play_list(side, text);
        };
        let bm = notation::parse_move(board, self.setup.promote.digits(), text)?;
        board.play(bm);
        self.last_move = Some((bm.mv.from, bm.mv.to));
        self.outcome = board.judge();
        let notation = bm.coordinate();
        Ok(PlayedMove {
            public_notation: notation.clone(),
            notation,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn legal_moves(&self, side: Side) -> Vec<String> {
        if self.outcome.is_some() || side != self.mover() {
            return Vec::new();
        }
        match &self.board {
            Some(board) => board
                .legal_moves()
                .into_iter()
                .map(BoardMove::coordinate)
                .collect(),
            None => self
                .setup
                .template
                .lists()
                .into_iter()
                .map(|list| format!("{LIST_PREFIX}{list}"))
                .collect(),
        }
    }

    fn diagram(&self, viewer: Side) -> Diagram {
        render::draw(
            viewer,
            |sq| self.man_at(sq),
            self.lists,
            &self.setup.template.to_string(),
            self.setup.promote.digits(),
        )
    }

    fn picture(&self, viewer: Side) -> Picture {
        render::picture(
            viewer,
            |sq| self.man_at(sq),
            self.last_move,
            self.lists,
            &self.setup.template.to_string(),
            self.setup.promote.digits(),
        )
    }

    fn facts(&self, _viewer: Side) -> Vec<Fact> {
        if let Some(outcome) = &self.outcome {
            return vec![Fact::GameOver {
                outcome: outcome.clone(),
            }];
        }
        let Some(board) = &self.board else {
            let side = self.mover();
            let mut facts = vec![Fact::ChooseList {
                side,
                template: self.setup.template.to_string(),
                example: self.example_list(),
            }];
            // Black chooses knowing White's list.
            if let (Side::Black, Some(white)) = (side, self.lists[Side::White.index()]) {
                facts.push(Fact::ListChosen {
                    side: Side::White,
                    list: white.to_string(),
                });
            }
            return facts;
        };
        let position = board.position();
        vec![
            Fact::ToMove {
                sides: vec![position.turn()],
            },
            Fact::MoveNumber {
                number: position.fullmove_number(),
            },
            Fact::PiecesLeft {
                piece: CountedPiece::King,
                white: board.kings(Side::White).count(),
                black: board.kings(Side::Black).count(),
            },
            Fact::FiftyMoveCount {
                plies: position.halfmove_clock(),
            },
        ]
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        match &self.board {
            Some(board) => board.perft(depth),
            None => self.perft_lists(depth),
        }
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        if self.outcome.is_some() || depth == 0 {
            return Vec::new();
        }
        match &self.board {
            Some(board) => board
                .legal_moves()
                .into_iter()
                .map(|bm| {
                    let mut next = *board;
                    next.play(bm);
                    let count = match (depth, next.judge_after_move()) {
                        (1, _) => 1,
                        (_, Some(_)) => 0,
                        _ => next.perft(depth - 1),
                    };
                    (bm.coordinate(), count)
                })
                .collect(),
            None => self
                .setup
                .template
                .lists()
                .into_iter()
                .map(|list| {
                    (
                        format!("{LIST_PREFIX}{list}"),
                        self.after_list(list).perft(depth - 1),
                    )
                })
                .collect(),
        }
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
