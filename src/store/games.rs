//! Games and their move lists. The move list is the truth: a position is
//! rebuilt by replaying it.

use super::{StoreError, StoreResult};
use crate::games::{Outcome, RecordedMove, Side};
use crate::rules::score::{Abort, Ending, GameResult, Score};
use rusqlite::{params, Connection, OptionalExtension, Row};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
    /// Stopped before each player had made a move (declined, or resigned
    /// or out of time before moving): no game was played. Versions before
    /// 26 called it `declined`.
    Aborted,
}

impl GameStatus {
    fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    pub(super) fn parse(text: &str) -> Option<GameStatus> {
        match text {
            "active" => Some(GameStatus::Active),
            "finished" => Some(GameStatus::Finished),
            "aborted" => Some(GameStatus::Aborted),
            _ => None,
        }
    }
}

pub(crate) fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

pub(crate) fn parse_side(text: &str) -> Option<Side> {
    match text {
        "white" => Some(Side::White),
        "black" => Some(Side::Black),
        _ => None,
    }
}

impl Ending {
    /// The status a game has after this ending.
    pub(crate) fn status(self) -> GameStatus {
        match self {
            Ending::Rules
            | Ending::Resigned(_)
            | Ending::DrawAgreed
            | Ending::TimeForfeit(_)
            | Ending::TimeForfeitDrawn(_)
            | Ending::Adjudicated(_) => GameStatus::Finished,
            Ending::Aborted(_) => GameStatus::Aborted,
        }
    }

    fn parts(self) -> (&'static str, Option<Side>) {
        match self {
            Ending::Rules => ("rules", None),
            Ending::Resigned(side) => ("resigned", Some(side)),
            Ending::DrawAgreed => ("draw_agreed", None),
            Ending::Aborted(Abort::Declined(side)) => ("declined", Some(side)),
            Ending::Aborted(Abort::Resigned(side)) => ("resigned_before_moving", Some(side)),
            Ending::Aborted(Abort::NoMove(side)) => ("no_move_in_time", Some(side)),
            Ending::Aborted(Abort::Voided) => ("voided", None),
            Ending::Aborted(Abort::Unplayed) => ("unplayed", None),
            Ending::Aborted(Abort::Agreed) => ("draw_agreed_before_moving", None),
            Ending::TimeForfeit(side) => ("time_forfeit", Some(side)),
            Ending::TimeForfeitDrawn(side) => ("time_forfeit_drawn", Some(side)),
            // By the winner's side; a drawn ruling names none.
            Ending::Adjudicated(score) => match score.winner() {
                Some(side) => ("adjudicated", Some(side)),
                None => ("adjudicated_drawn", None),
            },
            // By the side the ruling went against.
            Ending::Aborted(Abort::Ruled(Some(side))) => ("ruled_before_moving", Some(side)),
            Ending::Aborted(Abort::Ruled(None)) => ("ruled_drawn_before_moving", None),
        }
    }

    fn from_parts(key: &str, side: Option<Side>) -> Option<Ending> {
        Some(match (key, side) {
            ("rules", None) => Ending::Rules,
            ("resigned", Some(side)) => Ending::Resigned(side),
            ("draw_agreed", None) => Ending::DrawAgreed,
            ("declined", Some(side)) => Ending::Aborted(Abort::Declined(side)),
            ("resigned_before_moving", Some(side)) => Ending::Aborted(Abort::Resigned(side)),
            ("no_move_in_time", Some(side)) => Ending::Aborted(Abort::NoMove(side)),
            ("voided", None) => Ending::Aborted(Abort::Voided),
            ("unplayed", None) => Ending::Aborted(Abort::Unplayed),
            ("draw_agreed_before_moving", None) => Ending::Aborted(Abort::Agreed),
            ("time_forfeit", Some(side)) => Ending::TimeForfeit(side),
            ("time_forfeit_drawn", Some(side)) => Ending::TimeForfeitDrawn(side),
            ("adjudicated", Some(side)) => Ending::Adjudicated(Score::win_for(side)),
            ("adjudicated_drawn", None) => Ending::Adjudicated(Score::Draw),
            ("ruled_before_moving", Some(side)) => Ending::Aborted(Abort::Ruled(Some(side))),
            ("ruled_drawn_before_moving", None) => Ending::Aborted(Abort::Ruled(None)),
            _ => return None,
        })
    }
}

/// One stored game (without its moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub(crate) id: i64,
    /// The registry name of the game type.
    pub kind: String,
    pub switches: Vec<String>,
    /// Userids by seat: White first.
    pub white: String,
    pub black: String,
    pub status: GameStatus,
    /// How a game that is over ended.
    pub ending: Option<Ending>,
    /// The result in words, as versions before schema 8 stored it (their
    /// games have no `ending`); shown as it was.
    pub(crate) legacy_result: Option<String>,
    /// The side whose draw offer is standing.
    pub draw_offer: Option<Side>,
    pub rated: bool,
    /// Host switches kept with the game (`--nagtime=7`), space-separated.
    pub host_options: String,
    /// When the challenge created the game (seconds since the epoch).
    pub(crate) created: i64,
    /// When the game last changed (seconds since the epoch): for a game
    /// that is over, when it ended.
    pub(crate) updated: i64,
    /// Both players agreed to stop the clocks.
    pub paused: bool,
    /// The side whose proposal to pause stands.
    pub pause_offer: Option<Side>,
}

impl GameRecord {
    /// The board's result, with `outcome` what the rules say of its
    /// position: the one reading of its ending every view shares.
    pub(crate) fn result(&self, outcome: Option<&Outcome>) -> GameResult {
        GameResult::of(self.ending, self.status != GameStatus::Active, outcome)
    }

    pub fn player(&self, side: Side) -> &str {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// The seat of a userid in this game, case-insensitively.
    pub fn side_of(&self, userid: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|side| self.player(*side).eq_ignore_ascii_case(userid))
    }
}

const GAME_COLUMNS: &str = "id, kind, switches, white, black, status, result, draw_offer, rated, \
     host_options, ending, ending_side, updated, paused, pause_offer, created";

fn game_from_row(row: &Row<'_>) -> rusqlite::Result<Result<GameRecord, StoreError>> {
    let id: i64 = row.get(0)?;
    let status: String = row.get(5)?;
    let draw_offer: Option<String> = row.get(7)?;
    let switches: String = row.get(2)?;
    let Some(status) = GameStatus::parse(&status) else {
        return Ok(Err(StoreError::Corrupt(format!(
            "game {id} has unknown status {status:?}"
        ))));
    };
    let draw_offer = match draw_offer.as_deref() {
        None => None,
        Some(text) => match parse_side(text) {
            Some(side) => Some(side),
            None => {
                return Ok(Err(StoreError::Corrupt(format!(
                    "game {id} has a draw offer by unknown side {text:?}"
                ))))
            }
        },
    };
    let ending_key: Option<String> = row.get(10)?;
    let ending_side: Option<String> = row.get(11)?;
    let ending = match ending_key.as_deref() {
        None => None,
        Some(key) => {
            let side = match ending_side.as_deref().map(parse_side) {
                None => None,
                Some(Some(side)) => Some(side),
                Some(None) => {
                    return Ok(Err(StoreError::Corrupt(format!(
                        "game {id} has an ending by unknown side {ending_side:?}"
                    ))))
                }
            };
            match Ending::from_parts(key, side) {
                Some(ending) => Some(ending),
                None => {
                    return Ok(Err(StoreError::Corrupt(format!(
                        "game {id} has an unknown ending {key:?}"
                    ))))
                }
            }
        }
    };
    Ok(Ok(GameRecord {
        id,
        kind: row.get(1)?,
        switches: switches.split_whitespace().map(String::from).collect(),
        white: row.get(3)?,
        black: row.get(4)?,
        status,
        ending,
        legacy_result: row.get(6)?,
        draw_offer,
        rated: row.get::<_, i64>(8)? != 0,
        host_options: row.get(9)?,
        updated: row.get(12)?,
        paused: row.get::<_, i64>(13)? != 0,
        pause_offer: row
            .get::<_, Option<String>>(14)?
            .as_deref()
            .and_then(parse_side),
        created: row.get(15)?,
    }))
}

pub fn load_game(conn: &Connection, id: i64) -> StoreResult<Option<GameRecord>> {
    conn.prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?
        .query_row([id], game_from_row)
        .optional()?
        .transpose()
}

/// What a challenge stores.
pub struct NewGame<'a> {
    pub kind: &'a str,
    pub switches: &'a [String],
    pub white: &'a str,
    pub black: &'a str,
    pub rated: bool,
    pub host_options: &'a str,
}

/// Stores a new game and returns its board id; ids count up from 101.
/// `now` is the moment it began (seconds since the epoch).
pub fn insert_game(conn: &Connection, game: &NewGame<'_>, now: i64) -> StoreResult<i64> {
    let id = super::subscriptions::next_board_id(conn)?;
    let stamp = now;
    conn.prepare_cached(
        "INSERT INTO games (id, kind, switches, white, black, status, created, updated,
                            rated, host_options)
         VALUES (?1, ?2, ?3, ?4, ?5, 'active', ?6, ?6, ?7, ?8)",
    )?
    .execute(params![
        id,
        game.kind,
        game.switches.join(" "),
        game.white,
        game.black,
        stamp,
        game.rated as i64,
        game.host_options
    ])?;
    Ok(id)
}

/// Ends a game: `Finished` or `Aborted`, as the ending says.
pub fn set_game_over(conn: &Connection, id: i64, ending: Ending, now: i64) -> StoreResult<()> {
    let (key, side) = ending.parts();
    conn.prepare_cached(
        "UPDATE games SET status = ?2, ending = ?3, ending_side = ?4, draw_offer = NULL,
                          updated = ?5
         WHERE id = ?1",
    )?
    .execute(params![
        id,
        ending.status().as_str(),
        key,
        side.map(side_name),
        now
    ])?;
    // What waited for the game's next moves goes with its end.
    conn.prepare_cached("DELETE FROM queued_lines WHERE game_id = ?1")?
        .execute([id])?;
    conn.prepare_cached("DELETE FROM undo_proposals WHERE game_id = ?1")?
        .execute([id])?;
    Ok(())
}

pub fn set_draw_offer(
    conn: &Connection,
    id: i64,
    offer: Option<Side>,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached("UPDATE games SET draw_offer = ?2, updated = ?3 WHERE id = ?1")?
        .execute(params![id, offer.map(side_name), now])?;
    Ok(())
}

/// Whether the board's clocks are paused by agreement, and whose
/// proposal to pause stands.
pub fn set_pause(conn: &Connection, id: i64, paused: bool, offer: Option<Side>) -> StoreResult<()> {
    conn.prepare_cached("UPDATE games SET paused = ?2, pause_offer = ?3 WHERE id = ?1")?
        .execute(params![id, paused as i64, offer.map(side_name)])?;
    Ok(())
}

/// The running boards a player sits at.
pub fn active_boards_of(conn: &Connection, userid: &str) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT id FROM games WHERE status = 'active'
           AND (white = ?1 COLLATE NOCASE OR black = ?1 COLLATE NOCASE) ORDER BY id",
    )?;
    let ids = statement
        .query_map([userid], |row| row.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// 1 for the first move of the game.
    pub number: i64,
    pub side: Side,
    pub notation: String,
    pub public_notation: String,
}

impl MoveRecord {
    /// The move as the rules replay it.
    pub(crate) fn recorded(&self) -> RecordedMove {
        RecordedMove {
            side: self.side,
            notation: self.notation.clone(),
        }
    }
}

/// When each move of a game was played (seconds since the epoch), in
/// order.
pub fn move_dates(conn: &Connection, game_id: i64) -> StoreResult<Vec<i64>> {
    let mut statement =
        conn.prepare_cached("SELECT played FROM moves WHERE game_id = ?1 ORDER BY number")?;
    let dates = statement
        .query_map([game_id], |row| row.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(dates)
}

pub fn load_moves(conn: &Connection, game_id: i64) -> StoreResult<Vec<MoveRecord>> {
    let mut statement = conn.prepare_cached(
        "SELECT number, side, notation, public_notation FROM moves
         WHERE game_id = ?1 ORDER BY number",
    )?;
    let rows = statement.query_map([game_id], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
            row.get::<_, String>(3)?,
        ))
    })?;
    let mut moves = Vec::new();
    for row in rows {
        let (number, side, notation, public_notation) = row?;
        let side = parse_side(&side).ok_or_else(|| {
            StoreError::Corrupt(format!(
                "game {game_id} move {number} has unknown side {side:?}"
            ))
        })?;
        moves.push(MoveRecord {
            number,
            side,
            notation,
            public_notation,
        });
    }
    Ok(moves)
}

/// Stores a move played at `now` (seconds since the epoch).
pub fn insert_move(
    conn: &Connection,
    game_id: i64,
    record: &MoveRecord,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO moves (game_id, number, side, notation, public_notation, played)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        game_id,
        record.number,
        side_name(record.side),
        record.notation,
        record.public_notation,
        now
    ])?;
    conn.prepare_cached("UPDATE games SET updated = ?2 WHERE id = ?1")?
        .execute(params![game_id, now])?;
    Ok(())
}

/// Ids of the games a player sits in, newest first (aborted ones too);
/// `active_only` leaves out those that are over.
pub fn game_ids_of(conn: &Connection, userid: &str, active_only: bool) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT id FROM games
         WHERE (white = ?1 COLLATE NOCASE OR black = ?1 COLLATE NOCASE)
           AND (?2 = 0 OR status = 'active')
         ORDER BY id DESC",
    )?;
    let ids = statement
        .query_map(params![userid, active_only as i64], |row| row.get(0))?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

/// How many active games of one type a player sits in.
pub fn active_games_of(conn: &Connection, userid: &str, kind: &str) -> StoreResult<u32> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT COUNT(*) FROM games
         WHERE (white = ?1 COLLATE NOCASE OR black = ?1 COLLATE NOCASE)
           AND kind = ?2 AND status = 'active'",
        )?
        .query_row([userid, kind], |row| row.get(0))?;
    Ok(count as u32)
}

/// Active and finished games per game type name.
pub fn games_count_by_kind(conn: &Connection) -> StoreResult<BTreeMap<String, (u32, u32)>> {
    let mut statement = conn.prepare_cached(
        "SELECT kind, SUM(status = 'active'), SUM(status = 'finished') FROM games GROUP BY kind",
    )?;
    let rows = statement.query_map([], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, i64>(1)? as u32,
            row.get::<_, i64>(2)? as u32,
        ))
    })?;
    let mut counts = BTreeMap::new();
    for row in rows {
        let (kind, active, finished) = row?;
        counts.insert(kind, (active, finished));
    }
    Ok(counts)
}
