//! Addresses a player asked for that have not confirmed yet: they get
//! nothing but the mail asking them to confirm.

use super::security::SecurityKind;
use super::StoreResult;
use rusqlite::{params, Connection};

/// The addresses of a player still waiting for their confirmation.
pub fn pending_addresses(conn: &Connection, userid: &str) -> StoreResult<Vec<String>> {
    let mut statement = conn.prepare_cached(
        "SELECT address FROM pending_addresses WHERE userid = ?1 COLLATE NOCASE
         ORDER BY requested, address",
    )?;
    let addresses = statement
        .query_map([userid], |row| row.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(addresses)
}

pub fn add_pending_address(
    conn: &Connection,
    userid: &str,
    address: &str,
    now: i64,
) -> StoreResult<()> {
    conn.prepare_cached(
        "INSERT INTO pending_addresses (userid, address, requested) VALUES (?1, ?2, ?3)
         ON CONFLICT (userid, address) DO UPDATE SET requested = ?3",
    )?
    .execute(params![userid, address, now])?;
    Ok(())
}

/// Removes one pending address; `false` when it was not pending.
pub fn remove_pending_address(conn: &Connection, userid: &str, address: &str) -> StoreResult<bool> {
    let removed = conn
        .prepare_cached(
            "DELETE FROM pending_addresses WHERE userid = ?1 COLLATE NOCASE AND address = ?2",
        )?
        .execute(params![userid, address])?;
    Ok(removed > 0)
}

pub fn clear_pending_addresses(conn: &Connection, userid: &str) -> StoreResult<()> {
    conn.prepare_cached("DELETE FROM pending_addresses WHERE userid = ?1 COLLATE NOCASE")?
        .execute([userid])?;
    Ok(())
}

/// What [`lapse_unconfirmed`] let go.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lapsed {
    /// Addresses (with their account) asked for and never confirmed.
    pub(crate) addresses: Vec<(String, String)>,
    /// Accounts no address of which was ever confirmed, deleted.
    pub(crate) accounts: Vec<String>,
}

/// Lets go what never confirmed before `before` (seconds since the
/// epoch): the addresses asked for then, and the accounts made then that
/// never had an address confirmed and wait for none now (never a robot,
/// never one with a board), so that forged signups hold no address and
/// no userid for long.
pub fn lapse_unconfirmed(conn: &Connection, before: i64) -> StoreResult<Lapsed> {
    let addresses = conn
        .prepare_cached(
            "DELETE FROM pending_addresses WHERE requested < ?1 RETURNING userid, address",
        )?
        .query_map([before], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<Vec<(String, String)>, _>>()?;
    let accounts = conn
        .prepare_cached(
            "SELECT userid FROM players p
             WHERE trim(addresses) = '' AND created < ?1 AND robot_level IS NULL
               AND NOT EXISTS (SELECT 1 FROM pending_addresses w
                               WHERE w.userid = p.userid COLLATE NOCASE)
               AND NOT EXISTS (SELECT 1 FROM security_log s
                               WHERE s.userid = p.userid COLLATE NOCASE
                                 AND s.kind IN (?2, ?3))
               AND NOT EXISTS (SELECT 1 FROM games g
                               WHERE g.white = p.userid COLLATE NOCASE
                                  OR g.black = p.userid COLLATE NOCASE)",
        )?
        .query_map(
            params![
                before,
                SecurityKind::AddressConfirmed.name(),
                SecurityKind::AddressChanged.name()
            ],
            |row| row.get(0),
        )?
        .collect::<Result<Vec<String>, _>>()?;
    for userid in &accounts {
        super::delete_player(conn, userid)?;
    }
    Ok(Lapsed {
        addresses,
        accounts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_pending_address_is_kept_once_ignoring_case_until_it_is_removed() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.connection();
        add_pending_address(conn, "alice", "Alice@Home.example", 10).unwrap();
        add_pending_address(conn, "alice", "alice@home.example", 20).unwrap();
        add_pending_address(conn, "alice", "alice@work.example", 30).unwrap();
        assert_eq!(
            pending_addresses(conn, "ALICE").unwrap(),
            vec!["Alice@Home.example", "alice@work.example"]
        );
        assert!(remove_pending_address(conn, "alice", "ALICE@HOME.EXAMPLE").unwrap());
        assert!(!remove_pending_address(conn, "alice", "alice@home.example").unwrap());
        clear_pending_addresses(conn, "alice").unwrap();
        assert!(pending_addresses(conn, "alice").unwrap().is_empty());
    }
}
