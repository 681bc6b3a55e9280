//! A league's table as its listings, mails and pages show it: the
//! current season's divisions with their tables, the players, the moves
//! so far; and what its stored row says (its game type, its rules).

use super::super::tournament;
use crate::games::GameKind;
use crate::host::competition::CompetitionSettings;
use crate::host::model::notice::LeagueTable;
use crate::rules::league_rules::LeagueRules;
use crate::store::{self, League, StoreError};
use rusqlite::Connection;

/// The league as its listings show it: the current season's divisions
/// with their tables, the players waiting, the moves so far.
pub(crate) fn table(
    conn: &Connection,
    settings: &CompetitionSettings,
    found: &League,
) -> Result<LeagueTable, StoreError> {
    let mut divisions = Vec::new();
    for id in store::league_divisions(conn, found.id, found.season)? {
        if let Some(division) = store::load_tournament(conn, id)? {
            divisions.push(tournament::table::table(conn, settings, &division)?);
        }
    }
    Ok(LeagueTable {
        kind: kind_of(found)?,
        name: found.name.clone(),
        organiser: found.organiser.clone(),
        status: found.status,
        season: found.season,
        size: found.size,
        updown: found.updown,
        rules: rules_of(found)?.words(),
        comment: found.comment.clone(),
        players: store::league_players(conn, found.id)?,
        divisions,
        moves: store::league_moves(conn, found.id)?,
    })
}

/// The league's rules as stored.
pub(super) fn rules_of(found: &League) -> Result<LeagueRules, StoreError> {
    let words: Vec<String> = found.rules.split_whitespace().map(String::from).collect();
    LeagueRules::read(&LeagueRules::default(), &words).map_err(|err| {
        StoreError::Corrupt(format!(
            "league {} has rules that do not read: {err:?}",
            found.id
        ))
    })
}

/// The game type of a league, which its row names.
pub(super) fn kind_of(found: &League) -> Result<GameKind, StoreError> {
    GameKind::from_name(&found.kind).ok_or_else(|| {
        StoreError::Corrupt(format!(
            "league {} is of the unknown game {:?}",
            found.id, found.kind
        ))
    })
}
