//! Player accounts and their per-game-type preferences.

use super::StoreResult;
use rusqlite::{params, Connection, OptionalExtension, Row};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub userid: String,
    /// An argon2 PHC string; the password itself is never stored.
    pub password_hash: String,
    /// Where the player's mail goes; a reply must come from one of these.
    pub addresses: Vec<String>,
    /// A signed-off player takes no new challenges.
    pub signed_off: bool,
    /// The language of his mails (`de`); none: the host's default.
    pub language: Option<String>,
}

impl Player {
    pub fn has_address(&self, address: &str) -> bool {
        self.addresses
            .iter()
            .any(|own| own.eq_ignore_ascii_case(address.trim()))
    }
}

fn player_from_row(row: &Row<'_>) -> rusqlite::Result<Player> {
    let addresses: String = row.get(2)?;
    Ok(Player {
        userid: row.get(0)?,
        password_hash: row.get(1)?,
        addresses: addresses.split_whitespace().map(String::from).collect(),
        signed_off: row.get::<_, i64>(3)? != 0,
        language: row.get(4)?,
    })
}

const PLAYER_COLUMNS: &str = "userid, password_hash, addresses, signed_off, language";

/// Userids are matched without regard to case, as pbmserv did.
pub fn find_player(conn: &Connection, userid: &str) -> StoreResult<Option<Player>> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE userid = ?1 COLLATE NOCASE"
        ))?
        .query_row([userid], player_from_row)
        .optional()?)
}

/// The players with this address among theirs.
pub fn find_player_by_address(conn: &Connection, address: &str) -> StoreResult<Vec<Player>> {
    // SQLite keeps the rows that hold the text; the exact match follows.
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {PLAYER_COLUMNS} FROM players WHERE instr(lower(addresses), lower(?1)) > 0"
    ))?;
    let players = statement
        .query_map([address.trim()], player_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(players
        .into_iter()
        .filter(|player| player.has_address(address))
        .collect())
}

/// The accounts that hold, or wait to confirm, an address of the same
/// mailbox as `address` by `rule`: its `+tag`, case and (at a domain that
/// ignores them) dots aside, as the hourly cap counts one mailbox.
pub fn accounts_at_mailbox(
    conn: &Connection,
    rule: &super::MailboxRule,
    address: &str,
) -> StoreResult<usize> {
    let key = rule.mailbox(address);
    let domain = key.rsplit_once('@').map_or("", |(_, domain)| domain);
    // SQLite keeps the rows at the domain; the mailboxes are compared here.
    let pattern = format!("@{domain}");
    let mut userids = std::collections::BTreeSet::new();
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {PLAYER_COLUMNS} FROM players WHERE instr(lower(addresses), ?1) > 0"
    ))?;
    for player in statement.query_map([&pattern], player_from_row)? {
        let player = player?;
        if player
            .addresses
            .iter()
            .any(|held| rule.mailbox(held) == key)
        {
            userids.insert(player.userid.to_lowercase());
        }
    }
    let mut statement = conn.prepare_cached(
        "SELECT userid, address FROM pending_addresses WHERE instr(lower(address), ?1) > 0",
    )?;
    let waiting = statement.query_map([&pattern], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
    })?;
    for row in waiting {
        let (userid, waiting) = row?;
        if rule.mailbox(&waiting) == key {
            userids.insert(userid.to_lowercase());
        }
    }
    Ok(userids.len())
}

/// Stores a new account, signed up at `now` (seconds since the epoch).
pub fn insert_player(conn: &Connection, player: &Player, now: i64) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO players (userid, password_hash, addresses, signed_off, language, created)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        player.userid,
        player.password_hash,
        player.addresses.join(" "),
        player.signed_off as i64,
        player.language,
        now
    ])?;
    Ok(())
}

pub fn update_player(conn: &Connection, player: &Player) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE players SET password_hash = ?2, addresses = ?3, signed_off = ?4, language = ?5
         WHERE userid = ?1",
    )?
    .execute(params![
        player.userid,
        player.password_hash,
        player.addresses.join(" "),
        player.signed_off as i64,
        player.language
    ])?;
    Ok(())
}

/// Whether the player has been told that his password is weak.
pub fn weak_password_told(conn: &Connection, userid: &str) -> StoreResult<bool> {
    Ok(conn
        .prepare_cached("SELECT weak_password_told FROM players WHERE userid = ?1 COLLATE NOCASE")?
        .query_row([userid], |row| row.get::<_, i64>(0))
        .optional()?
        .is_some_and(|told| told != 0))
}

pub fn set_weak_password_told(conn: &Connection, userid: &str, told: bool) -> StoreResult<()> {
    conn.prepare_cached(
        "UPDATE players SET weak_password_told = ?2 WHERE userid = ?1 COLLATE NOCASE",
    )?
    .execute(params![userid, told as i64])?;
    Ok(())
}

/// Removes an account and what it alone owns: its preferences, seeks,
/// queued lines, notes, subscriptions, addresses waiting to confirm, its
/// count of wrong passwords and the operator's lock. Boards it played
/// stay, for the other player's record.
pub fn delete_player(conn: &Connection, userid: &str) -> StoreResult<()> {
    for table in [
        "preferences",
        "seeks",
        "queued_lines",
        "notes",
        "subscriptions",
        "pending_addresses",
        "locked_accounts",
        "players",
    ] {
        conn.prepare_cached(&format!(
            "DELETE FROM {table} WHERE userid = ?1 COLLATE NOCASE"
        ))?
        .execute([userid])?;
    }
    conn.prepare_cached("DELETE FROM login_failures WHERE key = ?1")?
        .execute([format!("player:{}", userid.to_lowercase())])?;
    Ok(())
}

/// Every account, by userid.
pub fn all_players(conn: &Connection) -> StoreResult<Vec<Player>> {
    let mut statement = conn.prepare_cached(&format!(
        "SELECT {PLAYER_COLUMNS} FROM players ORDER BY userid COLLATE NOCASE"
    ))?;
    let players = statement
        .query_map([], player_from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(players)
}

/// When the player last played a move on any board, if ever.
pub fn last_move_of(conn: &Connection, userid: &str) -> StoreResult<Option<i64>> {
    Ok(conn
        .prepare_cached(
            "SELECT MAX(m.played) FROM moves m JOIN games g ON g.id = m.game_id
             WHERE (m.side = 'white' AND g.white = ?1 COLLATE NOCASE)
                OR (m.side = 'black' AND g.black = ?1 COLLATE NOCASE)",
        )?
        .query_row([userid], |row| row.get(0))?)
}

/// Whether a player takes challenges of one game type, and how many at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    pub accepts: bool,
    pub(crate) limit: Option<u32>,
}

impl Default for Preference {
    fn default() -> Self {
        Preference {
            accepts: true,
            limit: None,
        }
    }
}

pub fn preference(conn: &Connection, userid: &str, kind: &str) -> StoreResult<Preference> {
    Ok(conn
        .prepare_cached(
            "SELECT accepts, game_limit FROM preferences WHERE userid = ?1 AND kind = ?2",
        )?
        .query_row([userid, kind], |row| {
            Ok(Preference {
                accepts: row.get::<_, i64>(0)? != 0,
                limit: row
                    .get::<_, Option<i64>>(1)?
                    .and_then(|n| u32::try_from(n).ok()),
            })
        })
        .optional()?
        .unwrap_or_default())
}

pub fn set_preference(
    conn: &Connection,
    userid: &str,
    kind: &str,
    preference: Preference,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO preferences (userid, kind, accepts, game_limit) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (userid, kind) DO UPDATE SET accepts = ?3, game_limit = ?4",
    )?
    .execute(params![
        userid,
        kind,
        preference.accepts as i64,
        preference.limit.map(i64::from)
    ])?;
    Ok(())
}
