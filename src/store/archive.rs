//! Which games an export takes: the operator's filters over the games
//! table, as board ids.

use super::StoreResult;
use rusqlite::{params, Connection};

/// The operator's filters; each one left `None` takes every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct GameFilter {
    pub(crate) id: Option<i64>,
    /// A userid at either seat, in any case.
    pub(crate) player: Option<String>,
    /// The registry name of the game type.
    pub(crate) kind: Option<String>,
    /// Games created at or after this moment (seconds since the epoch).
    pub(crate) created_since: Option<i64>,
}

/// The ids of the games the filter takes, oldest first, whatever their
/// status (running, finished, declined).
pub(crate) fn filtered_game_ids(conn: &Connection, filter: &GameFilter) -> StoreResult<Vec<i64>> {
    let mut statement = conn.prepare_cached(
        "SELECT id FROM games
         WHERE (?1 IS NULL OR id = ?1)
           AND (?2 IS NULL OR white = ?2 COLLATE NOCASE OR black = ?2 COLLATE NOCASE)
           AND (?3 IS NULL OR kind = ?3)
           AND (?4 IS NULL OR created >= ?4)
         ORDER BY id",
    )?;
    let ids = statement
        .query_map(
            params![filter.id, filter.player, filter.kind, filter.created_since],
            |row| row.get(0),
        )?
        .collect::<Result<Vec<i64>, _>>()?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{insert_game, NewGame, Store};

    fn add(conn: &Connection, kind: &str, white: &str, black: &str, created: i64) -> i64 {
        let game = NewGame {
            kind,
            switches: &[],
            white,
            black,
            rated: false,
            host_options: "",
        };
        insert_game(conn, &game, created).unwrap()
    }

    #[test]
    fn archive_filters_take_games_by_id_player_kind_and_start() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let first = add(conn, "chess", "alice", "bob", 1_000);
        let second = add(conn, "spherical", "carol", "Alice", 2_000);
        let third = add(conn, "chess", "bob", "carol", 3_000);
        let ids = |filter: GameFilter| filtered_game_ids(conn, &filter).unwrap();
        assert_eq!(ids(GameFilter::default()), vec![first, second, third]);
        let by_id = GameFilter {
            id: Some(second),
            ..GameFilter::default()
        };
        assert_eq!(ids(by_id), vec![second]);
        let by_player = GameFilter {
            player: Some("ALICE".into()),
            ..GameFilter::default()
        };
        assert_eq!(ids(by_player), vec![first, second]);
        let chess_since = GameFilter {
            kind: Some("chess".into()),
            created_since: Some(2_000),
            ..GameFilter::default()
        };
        assert_eq!(ids(chess_since), vec![third]);
    }
}
