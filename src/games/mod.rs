//! The rules of every game the host runs. Pure: no I/O, no SQL, no mail.
//!
//! The host sees a game only through [`Game`] and finds one through
//! [`GameKind`], the list of names and aliases (`kind`), whose `registry`
//! starts each game.

pub mod chess;
pub(crate) mod diagram;
mod fact;
mod kind;
mod move_error;
mod outcome;
pub(crate) mod picture;
pub(crate) mod progression;
mod reason;
pub mod recursion;
mod registry;
mod search_start;
pub mod searchable;
mod setup;
mod side;
pub mod spherical;

pub(crate) use diagram::Diagram;
pub use fact::{BoardState, CountedPiece, Fact};
pub use kind::{GameKind, UnknownGame};
pub use move_error::MoveError;
pub use outcome::{EndReason, MatchCell, Outcome};
pub(crate) use picture::Picture;
pub use reason::{
    KingSafety, ListProblem, MegaBar, MegaHint, Notation, Obstacle, PieceName, Reason,
};
pub use search_start::SearchStart;
pub use searchable::{Decided, Owing, Searchable};
pub use setup::SetupError;
pub use side::Side;

/// A move as stored in a game's move list: who played it and its canonical
/// notation ([`PlayedMove::notation`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    pub side: Side,
    pub notation: String,
}

/// A stored game that does not replay: the set-up or one of its moves.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the game's set-up is refused: {0}")]
    Setup(#[from] SetupError),
    #[error("stored move {number} ({notation}) does not replay: {error}")]
    Move {
        number: usize,
        notation: String,
        error: MoveError,
    },
}

/// Rebuilds a game from its switches and move list, the stored truth.
pub fn replay(
    kind: GameKind,
    switches: &[String],
    moves: &[RecordedMove],
) -> Result<Box<dyn Game>, ReplayError> {
    let mut game = kind.new_game(switches)?;
    play_on(game.as_mut(), moves, 0)?;
    Ok(game)
}

/// Plays the stored moves after the first `done` (which `game` has
/// played already), numbering any error by its place in the whole list.
pub(crate) fn play_on(
    game: &mut dyn Game,
    moves: &[RecordedMove],
    done: usize,
) -> Result<(), ReplayError> {
    play_on_noting(game, moves, done, |_| {})
}

/// As [`play_on`], showing `before_each` the game as it stands before
/// each move, for what a caller notes of every move (its turn number, the
/// side that moves).
pub(crate) fn play_on_noting(
    game: &mut dyn Game,
    moves: &[RecordedMove],
    done: usize,
    mut before_each: impl FnMut(&dyn Game),
) -> Result<(), ReplayError> {
    for (index, recorded) in moves.iter().enumerate().skip(done) {
        before_each(&*game);
        game.play(recorded.side, &recorded.notation)
            .map_err(|error| ReplayError::Move {
                number: index + 1,
                notation: recorded.notation.clone(),
                error,
            })?;
    }
    Ok(())
}

/// What the host records of an accepted move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The canonical text to store in the move list; replaying it gives the
    /// same position again.
    pub notation: String,
    /// The move as the other players should read it in the board mail; for a
    /// sealed move (simultaneous rounds) this is what may be told before the
    /// round is complete.
    pub public_notation: String,
}

/// The most legal moves weighed for a board mail's example move.
const EXAMPLE_MOVES_TRIED: usize = 300;

/// One game in progress: its set-up plus the moves played so far.
///
/// The move list is the truth: a game is rebuilt by [`GameKind::new_game`]
/// with the stored switches and then [`Game::play`] of every stored move.
pub trait Game: Send {
    fn kind(&self) -> GameKind;

    /// The challenge switches in canonical form, as stored with the game.
    fn switches(&self) -> Vec<String>;

    /// The players who owe a move now: one, both (a simultaneous round), or
    /// none once the game is over.
    fn to_move(&self) -> Vec<Side>;

    /// The side whose move comes next in the canonical order that perft and
    /// `pbem perft --moves` use, when several owe a move at once.
    fn canonical_mover(&self) -> Option<Side> {
        self.to_move().first().copied()
    }

    /// The number of the turn the next move belongs to, for grouping a
    /// move list into turns ("1. e4 e5", "Round 3: ..."); once the game is
    /// over, the number the next move would have had. Chess counts full
    /// moves from 1, Progression Chess 0 for its list phase and then the
    /// board's full moves from 1, Infinite Recursion Chess its rounds, and
    /// Spherical Chess 324 its turns (White's single first move and Black's
    /// first turn are turn 1).
    fn turn_number(&self) -> u32;

    /// Parses and plays one move by `side`.
    fn play(&mut self, side: Side, text: &str) -> Result<PlayedMove, MoveError>;

    /// The game was ended by the host (on time, by resignation) with
    /// moves still sealed: from now on its boards show them to everyone.
    fn reveal_sealed(&mut self) {}

    /// How many of the most recent moves are still sealed from the other
    /// players (simultaneous rounds); they know those only in their
    /// [`PlayedMove::public_notation`] form.
    fn sealed_moves(&self) -> usize {
        0
    }

    /// The result once the rules have ended the game.
    fn outcome(&self) -> Option<Outcome>;

    /// Whether `side` could still win by some series of legal moves, for
    /// a player whose opponent runs out of time (in chess, FIDE's rule: a
    /// player who cannot possibly mate draws instead of winning).
    fn could_still_win(&self, side: Side) -> bool {
        let _ = side;
        true
    }

    /// A quick static estimate of the position from `side`'s point of
    /// view, in hundredths of a pawn (positive: good for `side`), by which
    /// [`Game::example_move`] weighs the moves one ahead. Robots search
    /// with their own ([`Searchable::evaluate`]). Asked only of a game
    /// still running.
    fn evaluate(&self, side: Side) -> i32;

    /// A key of the whole position, whose move it is included, for the
    /// table of a search over this trait's move texts (the robots'
    /// benchmark keeps such a search, the robots' search before the typed
    /// one, as its baseline; robots use [`Searchable::key`]); `None` where
    /// the game gives none.
    fn position_key(&self) -> Option<u64> {
        None
    }

    /// The position as a search plays it: typed moves, played and taken
    /// back without text ([`Searchable`]).
    fn search_start(&self) -> SearchStart;

    /// The legal moves of `side` now, in the notation error mails suggest.
    fn legal_moves(&self, side: Side) -> Vec<String>;

    /// A sensible move of `side` now, for the board mail's example
    /// command: never one that loses at once (in Progression Chess moving
    /// the only King), and of the others the one that leaves `side` best
    /// placed by [`Game::evaluate`], the first of equals.
    fn example_move(&self, side: Side) -> Option<String> {
        let mut best: Option<(i32, String)> = None;
        for text in self.legal_moves(side).into_iter().take(EXAMPLE_MOVES_TRIED) {
            let mut after = self.clone_game();
            if after.play(side, &text).is_err() {
                continue;
            }
            let score = match after.outcome() {
                Some(outcome) if outcome.winner == Some(side) => i32::MAX,
                Some(outcome) if outcome.winner.is_some() => continue,
                Some(_) => 0,
                None => after.evaluate(side),
            };
            if best.as_ref().is_none_or(|(top, _)| score > *top) {
                best = Some((score, text));
            }
        }
        best.map(|(_, text)| text)
    }

    /// The ASCII board as `viewer` should see it (from his side, with
    /// nothing shown that is still sealed from him), what its lines say
    /// typed for the host to word in each reader's language.
    fn diagram(&self, viewer: Side) -> Diagram;

    /// The same board in English, for logs, the CLI and the PGN.
    fn board(&self, viewer: Side) -> String {
        self.diagram(viewer).to_string()
    }

    /// The same board described for drawing (HTML, an image): the same
    /// pieces on the same squares as [`Game::board`], the last move, and
    /// the game's own marks, from `viewer`'s side.
    fn picture(&self, viewer: Side) -> Picture;

    /// The board as one who plays on it neither side sees it (an observer,
    /// a web visitor): always from White's side, with nothing sealed shown.
    /// Only a game with sealed moves needs more than White's diagram.
    fn public_diagram(&self) -> Diagram {
        self.diagram(Side::White)
    }

    /// [`Game::public_diagram`] described for drawing.
    fn public_picture(&self) -> Picture {
        self.picture(Side::White)
    }

    /// Whose turn it is and anything a player must know to move (round,
    /// pending sealed moves, states), as `viewer` may know it; the host
    /// words these facts for the board mail.
    fn facts(&self, viewer: Side) -> Vec<Fact>;

    /// Whether the players may agree a draw; `Err` says why not.
    fn draw_offers(&self) -> Result<(), Reason> {
        Ok(())
    }

    /// Number of distinct legal move sequences of `depth` plies (each game
    /// defines its ply: a Progression list is one, an Infinite Recursion
    /// round is two, a Spherical action is one; docs/benchmarks.md says
    /// each).
    fn perft(&self, depth: u32) -> u64;

    /// perft split by the first ply: (move, count) per legal first ply.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;

    fn clone_game(&self) -> Box<dyn Game>;
}

impl Clone for Box<dyn Game> {
    fn clone(&self) -> Self {
        self.clone_game()
    }
}
