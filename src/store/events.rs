//! Which event a board is a game of (the ladder of its game type, or a
//! tournament), and what it counted there once it was over: the score the
//! event gave it, stored when it ended, so that every view reads the one
//! the ladder or the tournament acted on.

use super::StoreResult;
use rusqlite::{Connection, OptionalExtension};

/// The event a board belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A ladder of the board's game type, by name (empty: its default
    /// ladder).
    Ladder { name: String },
    /// A tournament, by name.
    Tournament { name: String },
}

/// A board's event and what it counted there: the stored form of the
/// event's score (see `rules::score::EventScore::stored`), or `None`
/// while it runs (and for ladder games settled before version 26).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEvent {
    pub kind: EventKind,
    pub score: Option<String>,
}

/// The event of a board, if it belongs to one.
pub fn board_event(conn: &Connection, game_id: i64) -> StoreResult<Option<BoardEvent>> {
    let ladder = conn
        .prepare_cached(
            "SELECT ladders.name, ladder_games.score FROM ladder_games
             JOIN ladders ON ladders.id = ladder_games.ladder_id WHERE game_id = ?1",
        )?
        .query_row([game_id], |row| {
            Ok(BoardEvent {
                kind: EventKind::Ladder { name: row.get(0)? },
                score: row.get(1)?,
            })
        })
        .optional()?;
    if ladder.is_some() {
        return Ok(ladder);
    }
    let tournament = conn
        .prepare_cached(
            "SELECT tournaments.name, tournament_boards.score FROM tournament_boards
             JOIN tournaments ON tournaments.id = tournament_boards.tournament_id
             WHERE tournament_boards.game_id = ?1",
        )?
        .query_row([game_id], |row| {
            Ok(BoardEvent {
                kind: EventKind::Tournament { name: row.get(0)? },
                score: row.get(1)?,
            })
        })
        .optional()?;
    Ok(tournament)
}

/// What the PGN of an event game says of its event: which one, the
/// board's round (tournaments only), and when the event began: a
/// tournament's start (its creation, should it have none), a ladder's
/// first game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventOfBoard {
    pub(crate) kind: EventKind,
    pub(crate) round: Option<u32>,
    /// A knockout board's match within its round.
    pub(crate) match_no: Option<u32>,
    pub(crate) began: i64,
    /// The league, season and division the tournament is, if it is one.
    pub(crate) division: Option<(String, u32, u32)>,
}

/// The event of a board for its PGN, if it belongs to one.
pub fn event_of_board(conn: &Connection, game_id: i64) -> StoreResult<Option<EventOfBoard>> {
    // A named ladder began when it was made; a default one with its
    // first game (those of older versions kept no day they were made).
    let ladder = conn
        .prepare_cached(
            "SELECT ladders.name, CASE WHEN ladders.name <> '' THEN ladders.created
                ELSE (SELECT MIN(games.created) FROM ladder_games AS others
                JOIN games ON games.id = others.game_id
                WHERE others.ladder_id = ladder_games.ladder_id) END
             FROM ladder_games JOIN ladders ON ladders.id = ladder_games.ladder_id
             WHERE ladder_games.game_id = ?1",
        )?
        .query_row([game_id], |row| {
            Ok(EventOfBoard {
                kind: EventKind::Ladder { name: row.get(0)? },
                round: None,
                match_no: None,
                began: row.get(1)?,
                division: None,
            })
        })
        .optional()?;
    if ladder.is_some() {
        return Ok(ladder);
    }
    Ok(conn
        .prepare_cached(
            "SELECT tournaments.name, tournament_boards.round,
                    COALESCE(tournaments.started, tournaments.created),
                    tournament_boards.match_no, leagues.name,
                    league_divisions.season, league_divisions.division
             FROM tournament_boards
             JOIN tournaments ON tournaments.id = tournament_boards.tournament_id
             LEFT JOIN league_divisions ON league_divisions.tournament_id = tournaments.id
             LEFT JOIN leagues ON leagues.id = league_divisions.league_id
             WHERE tournament_boards.game_id = ?1",
        )?
        .query_row([game_id], |row| {
            let league: Option<String> = row.get(4)?;
            Ok(EventOfBoard {
                kind: EventKind::Tournament { name: row.get(0)? },
                round: Some(row.get(1)?),
                match_no: row.get(3)?,
                began: row.get(2)?,
                division: match league {
                    Some(league) => Some((league, row.get(5)?, row.get(6)?)),
                    None => None,
                },
            })
        })
        .optional()?)
}

/// The events `userid` directs that are not over, each as its command
/// names it (`chess tournament cup`, `chess ladder club`, `chess league
/// winter`): tournaments open or running (a league's divisions are the
/// league's), named ladders and leagues not cancelled.
pub(crate) fn events_directed(conn: &Connection, userid: &str) -> StoreResult<Vec<String>> {
    let mut statement = conn.prepare_cached(
        "SELECT kind, 'tournament', name FROM tournaments
         WHERE organiser = ?1 COLLATE NOCASE AND league_id IS NULL
           AND status IN ('open', 'running')
         UNION ALL
         SELECT kind, 'ladder', name FROM ladders
         WHERE director = ?1 COLLATE NOCASE AND status != 'cancelled'
         UNION ALL
         SELECT kind, 'league', name FROM leagues
         WHERE organiser = ?1 COLLATE NOCASE AND status != 'cancelled'
         ORDER BY 1, 2, 3",
    )?;
    let rows = statement.query_map([userid], |row| {
        let (kind, event, name): (String, String, String) = (row.get(0)?, row.get(1)?, row.get(2)?);
        Ok(format!("{kind} {event} {name}"))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
