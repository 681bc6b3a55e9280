//! Message-IDs: inbound ones already handled (so a mail is never handled
//! twice) and the ones the host generated for each player (so a reply can
//! prove who received the mail it answers).

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension};

/// Records an inbound Message-ID, received at `now`; `false` when it was
/// already there.
pub fn mark_seen(conn: &Connection, message_id: &str, now: i64) -> StoreResult<bool> {
    let inserted = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO seen_messages (message_id, received) VALUES (?1, ?2)",
        )?
        .execute(params![message_id, now])?;
    Ok(inserted == 1)
}

/// Whether a Message-ID was handled before, without marking it.
pub fn was_seen(conn: &Connection, message_id: &str) -> StoreResult<bool> {
    let seen = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM seen_messages WHERE message_id = ?1)")?
        .query_row(params![message_id], |row| row.get(0))?;
    Ok(seen)
}

/// What a Message-ID the host made for a player proves when a reply
/// names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokenScope {
    /// The player, for the one board the mail was about.
    Game,
    /// The player, for nothing on any board: an answer about his account.
    Account,
    /// That the recipient owns this address, which the player asked to
    /// add to his account.
    Confirm(String),
    /// That the recipient owns one of these addresses, which the account
    /// had before a change of its addresses (a reply undoes the change).
    Undo(Vec<String>),
    /// The player, for a message from this player: a reply goes back.
    Message(String),
    /// The player, for the boards his daily digest listed, each with the
    /// move it waited for then (a reply moves on them by number).
    Digest(Vec<(i64, i64)>),
}

impl TokenScope {
    fn parts(&self) -> (&'static str, Option<String>) {
        match self {
            TokenScope::Game => ("game", None),
            TokenScope::Account => ("account", None),
            TokenScope::Confirm(address) => ("confirm", Some(address.clone())),
            TokenScope::Undo(addresses) => ("undo", Some(addresses.join(" "))),
            TokenScope::Message(from) => ("message", Some(from.clone())),
            TokenScope::Digest(boards) => (
                "digest",
                Some(
                    boards
                        .iter()
                        .map(|(board, asks)| format!("{board}:{asks}"))
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
            ),
        }
    }

    /// The scope stored as `key` with `detail`; ids stored before scopes
    /// existed (no key) are about their game, or else the account.
    fn from_parts(key: Option<&str>, detail: Option<String>, game_id: Option<i64>) -> TokenScope {
        let detail = detail.unwrap_or_default();
        match key {
            Some("confirm") => TokenScope::Confirm(detail),
            Some("undo") => TokenScope::Undo(detail.split_whitespace().map(String::from).collect()),
            Some("game") => TokenScope::Game,
            Some("message") => TokenScope::Message(detail),
            // A damaged pair is left out: it proves nothing about its board.
            Some("digest") => TokenScope::Digest(
                detail
                    .split_whitespace()
                    .filter_map(|pair| {
                        let (board, asks) = pair.split_once(':')?;
                        Some((board.parse().ok()?, asks.parse().ok()?))
                    })
                    .collect(),
            ),
            None if game_id.is_some() => TokenScope::Game,
            // An unknown key proves the least.
            _ => TokenScope::Account,
        }
    }
}

/// A Message-ID the host put on a mail to one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentId {
    pub(crate) message_id: String,
    pub userid: String,
    pub game_id: Option<i64>,
    pub(crate) scope: TokenScope,
    /// For a mail showing a running board: the number of the move the
    /// board waited for, which a reply to it answers.
    pub(crate) asks: Option<i64>,
    /// When the mail was made (seconds since the epoch).
    pub(crate) created: i64,
}

/// Records a Message-ID sent to a player; one about a game also becomes
/// the latest of that player's thread in the game (its first, the root).
pub fn insert_sent_id(conn: &Connection, sent: &SentId) -> StoreResult<()> {
    let (scope, detail) = sent.scope.parts();
    conn.prepare_cached(
        "INSERT INTO sent_ids (message_id, userid, game_id, created, scope, detail, asks)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        sent.message_id,
        sent.userid,
        sent.game_id,
        sent.created,
        scope,
        detail,
        sent.asks
    ])?;
    if let Some(game_id) = sent.game_id {
        conn.prepare_cached(
            "INSERT INTO threads (game_id, userid, root_id, latest_id) VALUES (?1, ?2, ?3, ?3)
             ON CONFLICT (game_id, userid) DO UPDATE SET latest_id = excluded.latest_id",
        )?
        .execute(params![game_id, sent.userid, sent.message_id])?;
    }
    Ok(())
}

pub fn find_sent_id(conn: &Connection, message_id: &str) -> StoreResult<Option<SentId>> {
    Ok(conn
        .prepare_cached(
            "SELECT message_id, userid, game_id, created, scope, detail, asks
             FROM sent_ids WHERE message_id = ?1",
        )?
        .query_row([message_id], |row| {
            let game_id: Option<i64> = row.get(2)?;
            let scope: Option<String> = row.get(4)?;
            Ok(SentId {
                message_id: row.get(0)?,
                userid: row.get(1)?,
                game_id,
                scope: TokenScope::from_parts(scope.as_deref(), row.get(5)?, game_id),
                asks: row.get(6)?,
                created: row.get(3)?,
            })
        })
        .optional()?)
}

/// The first and the latest ids sent to a player about a game, for
/// References and In-Reply-To; `None` before the first mail.
pub fn latest_sent_ids(
    conn: &Connection,
    userid: &str,
    game_id: i64,
) -> StoreResult<Option<(String, String)>> {
    Ok(conn
        .prepare_cached(
            "SELECT root_id, latest_id FROM threads WHERE game_id = ?1 AND userid = ?2",
        )?
        .query_row(params![game_id, userid], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::threading::new_message_id;
    use crate::store::Store;

    #[test]
    fn the_thread_of_a_game_runs_in_the_order_mails_were_made_within_one_second() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        let ids: Vec<String> = (0..5)
            .map(|_| new_message_id(Some(101), "example.org").unwrap())
            .collect();
        for id in &ids {
            insert_sent_id(
                conn,
                &SentId {
                    message_id: id.clone(),
                    userid: "alice".into(),
                    game_id: Some(101),
                    scope: TokenScope::Game,
                    asks: Some(1),
                    created: 1_800_000_000,
                },
            )
            .unwrap();
        }
        assert_eq!(
            latest_sent_ids(conn, "alice", 101).unwrap(),
            Some((ids[0].clone(), ids[4].clone()))
        );
        assert_eq!(latest_sent_ids(conn, "alice", 102).unwrap(), None);
        assert_eq!(latest_sent_ids(conn, "bob", 101).unwrap(), None);
    }
}
