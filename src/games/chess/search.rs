//! Standard chess as a search plays it: the position copied into each
//! undo, and the keys of the positions since the last capture or pawn
//! move (the game's and the search's own), so that a search sees a
//! repetition as the draw it leads to.

pub(crate) mod evaluate;

use super::evaluate::VALUES;
use super::movegen::{MoveSink, PawnStep};
use super::notation;
use super::outcome::is_dead_position;
use super::{Bitboard, Move, MoveKind, Position, Role, Square};
use crate::games::searchable::{Decided, Owing, Searchable};
use crate::games::Side;

#[derive(Clone, Debug)]
pub struct ChessSearch {
    position: Position,
    key: u64,
    /// The keys of the positions before this one that it could repeat,
    /// oldest first.
    earlier: Vec<u64>,
}

impl ChessSearch {
    /// The search from `position`, reached through positions with the
    /// keys `earlier` (oldest first; only those since the last capture
    /// or pawn move matter).
    pub(crate) fn new(position: Position, earlier: Vec<u64>) -> ChessSearch {
        ChessSearch {
            position,
            key: position.search_key(),
            earlier,
        }
    }

    #[cfg(test)]
    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the position stood on the board before with the same
    /// side to move, since the last capture or pawn move. A search takes
    /// one repetition for the draw: whoever could avoid it would have.
    fn repeats(&self) -> bool {
        let reversible = self.position.halfmove_clock() as usize;
        self.earlier
            .iter()
            .rev()
            .take(reversible)
            .skip(1)
            .step_by(2)
            .any(|&key| key == self.key)
    }
}

/// What a move takes at once and what it promotes to, by the standard
/// values.
pub(crate) fn material_gain(position: &Position, mv: Move) -> i32 {
    let taken = match mv.kind {
        MoveKind::EnPassant => VALUES[Role::Pawn.index()],
        MoveKind::Castle(_) => 0,
        _ => position
            .role_at(mv.to)
            .map_or(0, |role| VALUES[role.index()]),
    };
    let promoted = mv
        .promotion()
        .map_or(0, |role| VALUES[role.index()] - VALUES[Role::Pawn.index()]);
    taken + promoted
}

/// Collects the captures and the queen promotions only.
pub(crate) struct CaptureSink<'a> {
    pub(crate) enemies: Bitboard,
    pub(crate) out: &'a mut Vec<Move>,
}

impl MoveSink for CaptureSink<'_> {
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets & self.enemies {
            self.out.push(Move {
                from,
                to,
                kind: MoveKind::Normal,
            });
        }
    }

    fn pawn_moves(&mut self, from: Square, targets: Bitboard, step: PawnStep, roles: &[Role]) {
        match step {
            PawnStep::Promotion => {
                let role = roles.first().copied().unwrap_or(Role::Queen);
                for to in targets {
                    self.out.push(Move {
                        from,
                        to,
                        kind: MoveKind::Promotion(role),
                    });
                }
            }
            PawnStep::Single => self.piece_moves(from, targets),
            PawnStep::Double => {}
        }
    }

    fn special(&mut self, mv: Move) {
        if mv.kind == MoveKind::EnPassant {
            self.out.push(mv);
        }
    }
}

impl Searchable for ChessSearch {
    type Move = Move;
    type Undo = (Position, u64);

    fn owing(&self) -> Owing {
        Owing::One(self.position.turn())
    }

    fn decided(&self) -> Option<Decided> {
        let drawn = self.position.halfmove_clock() >= 100
            || self.repeats()
            || is_dead_position(&self.position);
        drawn.then_some(Decided::Drawn)
    }

    fn stuck(&self, side: Side) -> Decided {
        if self.position.is_check() {
            Decided::Won(side.opponent())
        } else {
            Decided::Drawn
        }
    }

    fn moves(&self, _side: Side, out: &mut Vec<Move>) {
        self.position.generate(&mut |mv| out.push(mv));
    }

    fn captures(&self, _side: Side, out: &mut Vec<Move>) {
        let enemies = self.position.by_color(self.position.turn().opponent());
        self.position.generate(&mut CaptureSink { enemies, out });
    }

    fn gain(&self, _side: Side, mv: Move) -> i32 {
        material_gain(&self.position, mv)
    }

    fn in_check(&self, _side: Side) -> bool {
        self.position.is_check()
    }

    fn play(&mut self, _side: Side, mv: Move) -> (Position, u64) {
        let undo = (self.position, self.key);
        self.earlier.push(self.key);
        self.position.play(mv);
        self.key = self.position.search_key();
        undo
    }

    fn undo(&mut self, (position, key): (Position, u64)) {
        self.position = position;
        self.key = key;
        self.earlier.pop();
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn evaluate(&self, side: Side) -> i32 {
        evaluate::evaluate(&self.position, side)
    }

    fn notation(&self, _side: Side, mv: Move) -> String {
        notation::san(&self.position, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chess::fen;
    use crate::games::chess::position::Rules;

    fn search(text: &str) -> ChessSearch {
        ChessSearch::new(fen::parse(text, Rules::STANDARD).unwrap(), Vec::new())
    }

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    #[test]
    fn every_move_played_and_taken_back_leaves_the_position_and_its_key() {
        let mut node = search(KIWIPETE);
        let (before, key) = (*node.position(), node.key());
        let mut moves = Vec::new();
        node.moves(Side::White, &mut moves);
        assert_eq!(moves.len(), 48);
        for mv in moves {
            let undo = node.play(Side::White, mv);
            assert_ne!(node.key(), key, "{}", mv.coordinate());
            node.undo(undo);
            assert_eq!((*node.position(), node.key()), (before, key));
        }
    }

    #[test]
    fn the_captures_are_the_legal_captures_and_queen_promotions() {
        let node = search("r3k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1");
        let mut captures = Vec::new();
        node.captures(Side::White, &mut captures);
        let texts: Vec<String> = captures.iter().map(|mv| mv.coordinate()).collect();
        assert_eq!(texts, ["e4d5", "b7a8q", "b7b8q"]);
        assert_eq!(node.gain(Side::White, captures[0]), 100);
        assert_eq!(node.gain(Side::White, captures[1]), 500 + 800);
    }

    #[test]
    fn a_position_met_again_is_a_draw_to_the_search() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let mut node = search(start);
        let mut sides = [Side::White, Side::Black].into_iter().cycle();
        for text in ["g1f3", "g8f6", "f3g1"] {
            let mv = Move {
                from: Square::parse(&text[..2]).unwrap(),
                to: Square::parse(&text[2..]).unwrap(),
                kind: MoveKind::Normal,
            };
            node.play(sides.next().unwrap(), mv);
            assert_eq!(node.decided(), None, "{text}");
        }
        let back = Move {
            from: Square::parse("f6").unwrap(),
            to: Square::parse("g8").unwrap(),
            kind: MoveKind::Normal,
        };
        node.play(Side::Black, back);
        assert_eq!(node.decided(), Some(Decided::Drawn));
    }
}
