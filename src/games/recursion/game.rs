//! Infinite Recursion Chess as a [`Game`] of the host: notation, sealed
//! moves as each player may see them, the board mail and perft.

use super::board::{rules, BoardId};
use super::mega::MegaState;
use super::notation::{split_prefix, with_prefix};
use super::render::{self, BoardView};
use super::round::Match;
use super::search::RecursionSearch;
use crate::games::chess::{notation, Move};
use crate::games::diagram::Label;
use crate::games::{
    BoardState, Diagram, Fact, Game, GameKind, MegaBar, MegaHint, MoveError, Outcome, Picture,
    PlayedMove, Reason, SearchStart, SetupError, Side,
};

#[derive(Clone, Debug, Default)]
pub struct RecursionGame {
    game: Match,
    /// The SAN of each board's sealed move, shown only to its mover.
    sealed_text: [Option<String>; 2],
    /// The moves revealed when the last round was complete: its number and
    /// the stored notation of each board's move.
    last_round: Option<(u32, Vec<String>)>,
    /// Each board's move of the last complete round, for drawing.
    last_moves: [Option<Move>; 2],
    /// The match was ended by the host with a move sealed (a loss on
    /// time, a resignation): that move is shown to everyone now.
    revealed: bool,
}

impl RecursionGame {
    pub fn new(switches: &[String]) -> Result<RecursionGame, SetupError> {
        match switches.first() {
            None => Ok(RecursionGame::default()),
            Some(switch) => Err(SetupError::NoSwitches {
                game: GameKind::Recursion,
                switch: switch.clone(),
            }),
        }
    }

    /// The match itself (boards, states, round), for tests and analysis.
    pub fn state(&self) -> &Match {
        &self.game
    }

    /// Each board as `seen_by` may see it: his own sealed move shown on
    /// the board, the other's not; for one who plays neither side
    /// (`None`), no sealed move.
    fn views(&self, seen_by: Option<Side>) -> [BoardView<'_>; 2] {
        BoardId::ALL.map(|id| {
            let board = self.game.board(id);
            let mut position = board.position;
            let mut play_line = Label::Play {
                state: self.board_state(id, seen_by),
            };
            let mut last_move = self.last_moves[id.index()];
            // A player sees his own sealed move on the board; the other
            // sees the board as it was before it.
            if let Some(mv) = self.game.sealed[id.index()] {
                let text = self.sealed_text[id.index()].as_deref().unwrap_or("?");
                if Some(position.turn()) == seen_by {
                    position.play(mv);
                    last_move = Some(mv);
                    play_line = Label::SealedShown {
                        notation: text.to_string(),
                        yours: true,
                    };
                } else if self.revealed {
                    position.play(mv);
                    last_move = Some(mv);
                    play_line = Label::SealedShown {
                        notation: text.to_string(),
                        yours: false,
                    };
                }
            }
            BoardView {
                board,
                position,
                play_line,
                last_move: last_move.map(|mv| (mv.from, mv.to)),
            }
        })
    }

    /// Why a move that an ordinary knight would allow is illegal here,
    /// when the mega-knight's state is the reason.
    fn mega_hint(&self, id: BoardId, move_text: &str) -> Option<MegaHint> {
        let board = self.game.board(id);
        let mut ordinary = board.position;
        ordinary.set_rules(rules(id, MegaState::Armed));
        let mv = notation::parse_move(&ordinary, move_text).ok()?;
        let hint = |bar| MegaHint {
            owner: id.owner(),
            state: board.mega,
            bar,
        };
        if board.position.is_marked(mv.from) {
            Some(hint(if board.mega.row().non_capturing_move {
                MegaBar::Capture
            } else {
                MegaBar::Move
            }))
        } else {
            // Otherwise only taking the knight differs from an Armed one.
            board
                .position
                .is_marked(mv.to)
                .then(|| hint(MegaBar::BeCaptured))
        }
    }

    /// The play on board `id` as `viewer` may know it: a sealed move is
    /// named only to its mover.
    fn board_state(&self, id: BoardId, seen_by: Option<Side>) -> BoardState {
        let board = self.game.board(id);
        if let Some(outcome) = &board.result {
            return BoardState::Over {
                outcome: outcome.clone(),
            };
        }
        let side = board.position.turn();
        if self.game.sealed[id.index()].is_some() {
            return BoardState::Sealed {
                side,
                notation: self.sealed_text[id.index()]
                    .clone()
                    .filter(|_| seen_by == Some(side)),
            };
        }
        BoardState::ToMove {
            side,
            in_check: board.position.is_check(),
        }
    }
}

impl Game for RecursionGame {
    fn evaluate(&self, side: Side) -> i32 {
        super::evaluate::evaluate(&self.game, side)
    }

    fn search_start(&self) -> SearchStart {
        SearchStart::Recursion(RecursionSearch::new(self.game.clone()))
    }

    fn kind(&self) -> GameKind {
        GameKind::Recursion
    }

    fn switches(&self) -> Vec<String> {
        Vec::new()
    }

    fn to_move(&self) -> Vec<Side> {
        self.game.to_move()
    }

    fn canonical_mover(&self) -> Option<Side> {
        let id = self.game.next_board()?;
        Some(self.game.board(id).position.turn())
    }

    fn turn_number(&self) -> u32 {
        self.game.round
    }

    fn play(&mut self, side: Side, text: &str) -> Result<PlayedMove, MoveError> {
        if self.game.is_over() {
            return Err(MoveError::GameOver);
        }
        let Some(id) = self.game.owed_board(side) else {
            return Err(MoveError::NotYourTurn(side));
        };
        let original = text.trim();
        let (named, move_text) = split_prefix(original);
        if let Some(named) = named.filter(|&named| named != id) {
            let reason = match &self.game.board(named).result {
                Some(outcome) => Reason::BoardFinished {
                    board: named.owner(),
                    outcome: outcome.clone(),
                    owed: id.owner(),
                },
                None => Reason::WrongBoard {
                    side,
                    named: named.owner(),
                    owed: id.owner(),
                },
            };
            return Err(MoveError::Illegal {
                text: original.to_string(),
                reason: Box::new(reason),
            });
        }
        let position = self.game.board(id).position;
        let mv = notation::parse_move(&position, move_text).map_err(|error| match error {
            MoveError::Malformed { reason, .. } => MoveError::Malformed {
                text: original.to_string(),
                reason,
            },
            MoveError::Illegal { reason, .. } => MoveError::Illegal {
                text: original.to_string(),
                reason: Box::new(Reason::OnBoard {
                    board: id.owner(),
                    mega: self.mega_hint(id, move_text),
                    reason,
                }),
            },
            other => other,
        })?;
        let san = notation::san(&position, mv);
        let stored = with_prefix(id, &san);
        let round = self.game.round;
        self.sealed_text[id.index()] = Some(san);
        let pending = self.game.sealed;
        self.game.play(id, mv);
        if self.game.round == round {
            // The round waits for the other board's move: say only that a
            // move was made.
            return Ok(PlayedMove {
                notation: stored,
                public_notation: with_prefix(id, "(sealed)"),
            });
        }
        let revealed = BoardId::ALL
            .into_iter()
            .filter_map(|b| {
                self.sealed_text[b.index()]
                    .take()
                    .map(|san| with_prefix(b, &san))
            })
            .collect();
        self.last_round = Some((round, revealed));
        self.last_moves = BoardId::ALL.map(|b| {
            if b == id {
                Some(mv)
            } else {
                pending[b.index()]
            }
        });
        Ok(PlayedMove {
            notation: stored.clone(),
            public_notation: stored,
        })
    }

    fn reveal_sealed(&mut self) {
        self.revealed = true;
    }

    fn sealed_moves(&self) -> usize {
        self.sealed_text.iter().flatten().count()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn legal_moves(&self, side: Side) -> Vec<String> {
        let Some(id) = self.game.owed_board(side) else {
            return Vec::new();
        };
        let position = self.game.board(id).position;
        position
            .legal_moves()
            .into_iter()
            .map(|mv| notation::san(&position, mv))
            .collect()
    }

    /// A move on the board the side owes, weighed on that board alone: a
    /// sealed move changes nothing else until its round is complete.
    fn example_move(&self, side: Side) -> Option<String> {
        let id = self.game.owed_board(side)?;
        let position = self.game.board(id).position;
        let mut best: Option<(i32, Move)> = None;
        for mv in position.legal_moves() {
            let mut after = position;
            after.play(mv);
            let score = crate::games::chess::evaluate::standard(&after, side);
            if best.is_none_or(|(top, _)| score > top) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| notation::san(&position, mv))
    }

    fn diagram(&self, viewer: Side) -> Diagram {
        let views = self.views(Some(viewer));
        render::draw(&views, viewer, self.game.round, self.game.is_over())
    }

    fn picture(&self, viewer: Side) -> Picture {
        render::picture(&self.views(Some(viewer)), viewer)
    }

    fn public_diagram(&self) -> Diagram {
        let views = self.views(None);
        render::draw(&views, Side::White, self.game.round, self.game.is_over())
    }

    fn public_picture(&self) -> Picture {
        render::picture(&self.views(None), Side::White)
    }

    fn facts(&self, viewer: Side) -> Vec<Fact> {
        let mut facts = Vec::new();
        match self.game.outcome() {
            Some(outcome) => facts.push(Fact::GameOver { outcome }),
            None => {
                facts.push(Fact::Round {
                    number: self.game.round,
                });
                if self.game.boards.iter().any(|b| !b.is_running()) {
                    facts.push(Fact::OneBoardLeft);
                }
                facts.push(Fact::ToMove {
                    sides: self.game.to_move(),
                });
                facts.extend(BoardId::ALL.map(|id| Fact::Board {
                    owner: id.owner(),
                    state: self.board_state(id, Some(viewer)),
                }));
            }
        }
        facts.extend(BoardId::ALL.map(|id| Fact::MegaKnight {
            owner: id.owner(),
            state: self.game.board(id).mega,
        }));
        if let Some((round, moves)) = &self.last_round {
            facts.push(Fact::RoundRevealed {
                round: *round,
                moves: moves.clone(),
            });
        }
        facts
    }

    fn perft(&self, depth: u32) -> u64 {
        self.game.clone().perft(depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let Some(id) = self.game.next_board() else {
            return Vec::new();
        };
        if depth == 0 {
            return Vec::new();
        }
        let position = self.game.board(id).position;
        position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = self.game.clone();
                next.play(id, mv);
                (with_prefix(id, &mv.coordinate()), next.perft(depth - 1))
            })
            .collect()
    }

    fn clone_game(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }
}
