//! Addresses a player asked for that have not confirmed yet: they get
//! nothing but the mail asking them to confirm.

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

/// How many accounts wait for `address` (any case) to confirm.
pub fn accounts_waiting_for(conn: &Connection, address: &str) -> StoreResult<usize> {
    let count: i64 = conn
        .prepare_cached(
            "SELECT count(DISTINCT userid) FROM pending_addresses
             WHERE address = ?1 COLLATE NOCASE",
        )?
        .query_row([address.trim()], |row| row.get(0))?;
    Ok(count as usize)
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
