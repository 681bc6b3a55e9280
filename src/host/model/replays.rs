//! Games rebuilt from the store, and the positions already replayed in
//! this process: a board is its record plus the position reached by
//! replaying its move list, the stored truth.

use crate::games::{play_on_noting, Game, GameKind, RecordedMove, ReplayError};
use crate::rules::side_clock::{BoardClocks, SideClock};
use crate::rules::time_control::TimeControl;
use crate::store::{self, GameRecord, MoveRecord, StoreError, StoreResult, StoredClock};
use rusqlite::Connection;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// A board's clocks as stored; `None` for a board that has none.
pub(crate) fn load_clocks(
    conn: &Connection,
    record: &GameRecord,
) -> StoreResult<Option<BoardClocks>> {
    Ok(
        store::load_clocks(conn, record.id)?.map(|[white, black]| BoardClocks {
            control: TimeControl::from_stored(&record.host_options),
            sides: [white.into(), black.into()],
        }),
    )
}

impl From<StoredClock> for SideClock {
    fn from(stored: StoredClock) -> SideClock {
        SideClock {
            to_move: stored.to_move,
            running_since: stored.running_since,
            used: stored.used,
            bank: stored.bank,
            nagged: stored.nagged,
        }
    }
}

impl From<SideClock> for StoredClock {
    fn from(clock: SideClock) -> StoredClock {
        StoredClock {
            to_move: clock.to_move,
            running_since: clock.running_since,
            used: clock.used,
            bank: clock.bank,
            nagged: clock.nagged,
        }
    }
}

pub struct LiveGame {
    pub record: GameRecord,
    pub kind: GameKind,
    pub game: Box<dyn Game>,
    /// The moves replayed (all of them, or the first `after` ones).
    pub moves: Vec<MoveRecord>,
    /// The turn (or round) each of those moves belongs to, for writing
    /// the move list turn by turn.
    pub(crate) turns: Vec<u32>,
    /// How many moves the game has in all.
    pub total_moves: usize,
    /// The players' clocks as they stand, when the board has them.
    pub(crate) clocks: Option<BoardClocks>,
    /// What the game changed in its players' ratings, once it is over.
    pub(crate) ratings: Vec<store::RatingChange>,
    /// Who proposed to take back the last move (turn, round), while that
    /// proposal stands: one made before a move since has lapsed.
    pub undo_offer: Option<crate::games::Side>,
    /// The ladder or tournament the board is a game of, and what it
    /// counted there once over.
    pub(crate) event: Option<super::event::EventTie>,
    /// The director's (or operator's) ruling that ended the board, if one
    /// did: who, what, and why.
    pub(crate) ruling: Option<store::Ruling>,
}

impl LiveGame {
    /// The number the next move will get (for the `#n` guard).
    pub fn next_number(&self) -> i64 {
        self.total_moves as i64 + 1
    }

    /// The userids of the players who owe a move now.
    pub(crate) fn waiting(&self) -> Vec<String> {
        self.game
            .to_move()
            .into_iter()
            .map(|side| self.record.player(side).to_string())
            .collect()
    }

    /// Whether `side` has made a move in this game.
    pub fn has_moved(&self, side: crate::games::Side) -> bool {
        self.moves.iter().any(|record| record.side == side)
    }

    /// Whether each player has made a move (a game has at least two
    /// then): a game stopped before that is aborted.
    pub(crate) fn begun(&self) -> bool {
        crate::games::Side::BOTH
            .into_iter()
            .all(|side| self.has_moved(side))
    }
}

impl std::fmt::Debug for LiveGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveGame")
            .field("record", &self.record)
            .field("moves", &self.moves.len())
            .field("total_moves", &self.total_moves)
            .finish()
    }
}

/// Why a stored game cannot be brought back.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("there is no board {0}")]
    NoSuchBoard(i64),
    #[error("board {id} cannot be rebuilt: {reason}")]
    Unreadable { id: i64, reason: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Loads a game and replays its moves (only the first `after` when given).
pub fn load(
    conn: &Connection,
    replays: &Replays,
    id: i64,
    after: Option<usize>,
) -> Result<LiveGame, LoadError> {
    let record = store::load_game(conn, id)
        .map_err(|err| match err {
            StoreError::Corrupt(reason) => LoadError::Unreadable { id, reason },
            other => LoadError::Store(other),
        })?
        .ok_or(LoadError::NoSuchBoard(id))?;
    let unreadable = |reason: String| LoadError::Unreadable { id, reason };
    let kind = GameKind::from_name(&record.kind)
        .ok_or_else(|| unreadable(format!("this host has no game called {:?}", record.kind)))?;
    let all_moves = store::load_moves(conn, id).map_err(|err| match err {
        StoreError::Corrupt(reason) => unreadable(reason),
        other => LoadError::Store(other),
    })?;
    let total_moves = all_moves.len();
    let take = after.unwrap_or(total_moves).min(total_moves);
    let moves: Vec<MoveRecord> = all_moves.into_iter().take(take).collect();
    let recorded: Vec<RecordedMove> = moves.iter().map(MoveRecord::recorded).collect();
    let Replay { mut game, turns } = replays
        .replay(id, kind, &record.switches, &recorded)
        .map_err(|err| unreadable(err.to_string()))?;
    // A board the host ended mid-round shows its sealed moves to all (as
    // `competition::mark_over` made it show them when it ended).
    if record.status != store::GameStatus::Active && take == total_moves {
        game.reveal_sealed();
    }
    let clocks = load_clocks(conn, &record).map_err(LoadError::Store)?;
    let undo_offer = store::undo_proposal(conn, id)?
        .filter(|proposal| proposal.moves == total_moves as i64)
        .map(|proposal| proposal.side);
    let ratings = if record.status == store::GameStatus::Finished && record.rated {
        store::rating_changes(conn, id)?
    } else {
        Vec::new()
    };
    Ok(LiveGame {
        clocks,
        ratings,
        undo_offer,
        event: super::event::load(conn, id)?,
        ruling: store::ruling(conn, id)?,
        record,
        kind,
        game,
        moves,
        turns,
        total_moves,
    })
}

/// Positions already replayed in this process, so that a move costs one
/// `play` instead of a replay of the whole game (twice: once to check the
/// move, once for the board mail).
///
/// A replay is a pure function of the game's kind, switches and move list,
/// and every entry keeps those: an entry is used only when its moves are a
/// prefix of the stored ones, so a rolled-back transaction, another process
/// writing the same file, or an edited row can never make it wrong.
pub struct Replays {
    entries: RefCell<HashMap<i64, Replayed>>,
    capacity: usize,
    /// Counts uses, to find the least recently used entry.
    clock: Cell<u64>,
}

struct Replayed {
    kind: GameKind,
    switches: Vec<String>,
    moves: Vec<RecordedMove>,
    turns: Vec<u32>,
    game: Box<dyn Game>,
    last_used: u64,
}

/// A game after its moves, with the turn each move belonged to.
pub(crate) struct Replay {
    pub(crate) game: Box<dyn Game>,
    pub(crate) turns: Vec<u32>,
}

/// Plays the stored moves after the first `done`, noting the turn of
/// each before it is played.
fn play_on_noting_turns(
    game: &mut dyn Game,
    moves: &[RecordedMove],
    done: usize,
    turns: &mut Vec<u32>,
) -> Result<(), ReplayError> {
    play_on_noting(game, moves, done, |game| turns.push(game.turn_number()))
}

impl Replays {
    /// Enough for every game that moves within a busy stretch on a large
    /// host; a chess position with its history is a few kilobytes.
    pub(crate) const DEFAULT_CAPACITY: usize = 1024;

    pub fn new(capacity: usize) -> Replays {
        Replays {
            entries: RefCell::new(HashMap::new()),
            capacity,
            clock: Cell::new(0),
        }
    }

    /// The game `id` after `moves`, from the longest remembered prefix.
    pub(crate) fn replay(
        &self,
        id: i64,
        kind: GameKind,
        switches: &[String],
        moves: &[RecordedMove],
    ) -> Result<Replay, ReplayError> {
        let now = self.clock.get() + 1;
        self.clock.set(now);
        let mut entries = self.entries.borrow_mut();
        let start = entries.get_mut(&id).filter(|entry| {
            entry.kind == kind && entry.switches == switches && moves.starts_with(&entry.moves)
        });
        let (mut game, mut turns) = match start {
            Some(entry) => {
                entry.last_used = now;
                (entry.game.clone_game(), entry.turns.clone())
            }
            None => (kind.new_game(switches)?, Vec::new()),
        };
        let done = turns.len();
        play_on_noting_turns(game.as_mut(), moves, done, &mut turns)?;
        // Keep the entry when it already knows this line as far or further
        // (a `show after` looks back and must not push out the position
        // the next move builds on).
        let known = entries.get(&id).is_some_and(|entry| {
            entry.kind == kind && entry.switches == switches && entry.moves.starts_with(moves)
        });
        if !known {
            if entries.len() >= self.capacity && !entries.contains_key(&id) {
                evict_least_recent(&mut entries);
            }
            entries.insert(
                id,
                Replayed {
                    kind,
                    switches: switches.to_vec(),
                    moves: moves.to_vec(),
                    turns: turns.clone(),
                    game: game.clone_game(),
                    last_used: now,
                },
            );
        }
        Ok(Replay { game, turns })
    }
}

impl Default for Replays {
    fn default() -> Self {
        Replays::new(Replays::DEFAULT_CAPACITY)
    }
}

fn evict_least_recent(entries: &mut HashMap<i64, Replayed>) {
    if let Some(oldest) = entries
        .iter()
        .min_by_key(|(_, entry)| entry.last_used)
        .map(|(id, _)| *id)
    {
        entries.remove(&oldest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{replay, Side};

    fn line(moves: &[&str]) -> Vec<RecordedMove> {
        moves
            .iter()
            .enumerate()
            .map(|(index, notation)| RecordedMove {
                side: if index % 2 == 0 {
                    Side::White
                } else {
                    Side::Black
                },
                notation: notation.to_string(),
            })
            .collect()
    }

    /// What a player could tell apart: the board from both sides, whose
    /// move it is, and every legal move.
    fn looks(game: &dyn Game) -> (String, String, Vec<Side>, Vec<String>) {
        let to_move = game.to_move();
        let legal = to_move
            .iter()
            .flat_map(|side| game.legal_moves(*side))
            .collect();
        (
            game.board(Side::White),
            game.board(Side::Black),
            to_move,
            legal,
        )
    }

    fn fresh(moves: &[RecordedMove]) -> Box<dyn Game> {
        replay(GameKind::Chess, &[], moves).unwrap()
    }

    fn remembered(replays: &Replays, id: i64) -> Option<usize> {
        replays
            .entries
            .borrow()
            .get(&id)
            .map(|entry| entry.moves.len())
    }

    #[test]
    fn a_longer_move_list_is_played_on_from_the_remembered_position() {
        let replays = Replays::default();
        replays
            .replay(1, GameKind::Chess, &[], &line(&["e4", "e5"]))
            .unwrap();
        let moves = line(&["e4", "e5", "Nf3", "Nc6"]);
        let replay = replays.replay(1, GameKind::Chess, &[], &moves).unwrap();
        assert_eq!(looks(replay.game.as_ref()), looks(fresh(&moves).as_ref()));
        assert_eq!(replay.turns, [1, 1, 2, 2], "the turns of a line played on");
        assert_eq!(remembered(&replays, 1), Some(4));
    }

    #[test]
    fn a_move_list_that_differs_from_the_remembered_one_is_replayed_whole() {
        let replays = Replays::default();
        replays
            .replay(1, GameKind::Chess, &[], &line(&["e4", "e5", "Nf3"]))
            .unwrap();
        // As after a rolled-back move, or another process's edit.
        let moves = line(&["e4", "c5", "Nf3"]);
        let game = replays
            .replay(1, GameKind::Chess, &[], &moves)
            .unwrap()
            .game;
        assert_eq!(looks(game.as_ref()), looks(fresh(&moves).as_ref()));
        let again = replays
            .replay(1, GameKind::Chess, &[], &moves)
            .unwrap()
            .game;
        assert_eq!(looks(again.as_ref()), looks(fresh(&moves).as_ref()));
    }

    #[test]
    fn other_switches_or_another_game_are_not_taken_for_the_remembered_one() {
        let replays = Replays::default();
        replays
            .replay(1, GameKind::Chess, &[], &line(&["e4"]))
            .unwrap();
        let game = replays
            .replay(1, GameKind::Spherical, &[], &[])
            .unwrap()
            .game;
        assert_eq!(game.kind(), GameKind::Spherical);
    }

    #[test]
    fn a_look_back_keeps_the_position_the_next_move_builds_on() {
        let replays = Replays::default();
        let moves = line(&["d4", "d5", "c4"]);
        replays.replay(7, GameKind::Chess, &[], &moves).unwrap();
        let earlier = replays
            .replay(7, GameKind::Chess, &[], &moves[..1])
            .unwrap();
        assert_eq!(
            looks(earlier.game.as_ref()),
            looks(fresh(&moves[..1]).as_ref())
        );
        assert_eq!(earlier.turns, [1]);
        assert_eq!(remembered(&replays, 7), Some(3));
    }

    #[test]
    fn the_game_played_on_is_a_copy_that_leaves_the_remembered_one_alone() {
        let replays = Replays::default();
        let moves = line(&["e4", "e5"]);
        let mut game = replays
            .replay(3, GameKind::Chess, &[], &moves)
            .unwrap()
            .game;
        game.play(Side::White, "Qh5").unwrap();
        let again = replays
            .replay(3, GameKind::Chess, &[], &moves)
            .unwrap()
            .game;
        assert_eq!(looks(again.as_ref()), looks(fresh(&moves).as_ref()));
    }

    #[test]
    fn a_bad_stored_move_is_reported_by_its_number_when_played_on() {
        let replays = Replays::default();
        replays
            .replay(2, GameKind::Chess, &[], &line(&["e4", "e5"]))
            .unwrap();
        let err = replays
            .replay(2, GameKind::Chess, &[], &line(&["e4", "e5", "Ke3"]))
            .err()
            .expect("Ke3 is no legal move");
        assert!(
            matches!(&err, ReplayError::Move { number: 3, notation, .. } if notation == "Ke3"),
            "{err:?}"
        );
        assert_eq!(remembered(&replays, 2), Some(2), "nothing bad is kept");
    }

    #[test]
    fn the_least_recently_used_game_makes_room() {
        let replays = Replays::new(2);
        let moves = line(&["e4"]);
        replays.replay(1, GameKind::Chess, &[], &moves).unwrap();
        replays.replay(2, GameKind::Chess, &[], &moves).unwrap();
        replays.replay(1, GameKind::Chess, &[], &moves).unwrap();
        replays.replay(3, GameKind::Chess, &[], &moves).unwrap();
        assert_eq!(remembered(&replays, 1), Some(1));
        assert_eq!(remembered(&replays, 2), None);
        assert_eq!(remembered(&replays, 3), Some(1));
    }
}
