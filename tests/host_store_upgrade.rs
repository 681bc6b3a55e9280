//! A database file written by an older version is upgraded in place,
//! keeping its data; a file from a newer version is refused, not damaged.

use pbem::store::{self, GameStatus, Store, StoreError, SCHEMA_VERSION};
use rusqlite::Connection;

/// The schema as version 1 of pbem wrote it.
const VERSION_1: &str = "
CREATE TABLE players (userid TEXT PRIMARY KEY, password_hash TEXT NOT NULL,
    addresses TEXT NOT NULL, signed_off INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, switches TEXT NOT NULL,
    white TEXT NOT NULL, black TEXT NOT NULL, status TEXT NOT NULL, result TEXT,
    created INTEGER NOT NULL, updated INTEGER NOT NULL);
CREATE TABLE moves (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL, side TEXT NOT NULL, notation TEXT NOT NULL,
    public_notation TEXT NOT NULL, played INTEGER NOT NULL, PRIMARY KEY (game_id, number));
CREATE TABLE seen_messages (message_id TEXT PRIMARY KEY, received INTEGER NOT NULL);
CREATE TABLE sent_ids (message_id TEXT PRIMARY KEY, userid TEXT NOT NULL, game_id INTEGER,
    created INTEGER NOT NULL);
CREATE TABLE outbox (id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, subject TEXT NOT NULL,
    body TEXT NOT NULL, message_id TEXT NOT NULL, in_reply_to TEXT,
    references_ids TEXT NOT NULL, created INTEGER NOT NULL, sent INTEGER);
INSERT INTO players VALUES ('alice', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'alice@example.org', 0, 1);
INSERT INTO players VALUES ('bob', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA', 'bob@example.org', 0, 1);
INSERT INTO games VALUES (101, 'chess', '', 'alice', 'bob', 'active', NULL, 1, 1);
INSERT INTO moves VALUES (101, 1, 'white', 'e4', 'e4', 2);
INSERT INTO seen_messages VALUES ('old-1@example.org', 1);
PRAGMA user_version = 1;
";

#[test]
fn version_1_file_is_upgraded_in_place_with_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    Connection::open(&path)
        .unwrap()
        .execute_batch(VERSION_1)
        .unwrap();

    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let conn = store.connection();
    let game = store::load_game(conn, 101).unwrap().unwrap();
    assert_eq!(game.white, "alice");
    assert_eq!(game.status, GameStatus::Active);
    // Columns added by version 2 have their defaults.
    assert_eq!(game.draw_offer, None);
    assert!(game.rated);
    assert_eq!(store::load_moves(conn, 101).unwrap()[0].notation, "e4");
    // The Message-IDs seen before the upgrade are still known.
    assert!(!store::mark_seen(conn, "old-1@example.org").unwrap());
    // Version 2's table works.
    let preference = store::preference(conn, "bob", "chess").unwrap();
    assert!(preference.accepts);
    drop(store);
    // Opening again changes nothing.
    assert_eq!(
        Store::open(&path).unwrap().schema_version().unwrap(),
        SCHEMA_VERSION
    );
}

#[test]
fn newer_file_is_refused_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.sqlite");
    Connection::open(&path)
        .unwrap()
        .execute_batch(&format!("PRAGMA user_version = {};", SCHEMA_VERSION + 5))
        .unwrap();
    match Store::open(&path) {
        Err(err @ StoreError::TooNew { .. }) => {
            assert!(err.to_string().contains("newer than this pbem understands"))
        }
        Err(other) => panic!("unexpected error {other}"),
        Ok(_) => panic!("a newer file was opened"),
    }
}

#[test]
fn damaged_row_is_an_error_not_a_panic() {
    let store = Store::open_in_memory().unwrap();
    store
        .connection()
        .execute_batch(
            "INSERT INTO games (id, kind, switches, white, black, status, created, updated)
             VALUES (101, 'chess', '', 'a', 'b', 'paused', 0, 0);",
        )
        .unwrap();
    let err = store::load_game(store.connection(), 101).unwrap_err();
    assert!(
        err.to_string().contains("unknown status \"paused\""),
        "{err}"
    );
}
