//! A database file written by an older version is upgraded in place,
//! keeping its data; a file from a newer version is refused, not damaged.

use pbem::games::Side;
use pbem::rules::score::{Abort, Ending};
use pbem::rules::tournament_rules::Format;
use pbem::store::{self, GameStatus, OutboxState, Store, StoreError, SCHEMA_VERSION};
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
    assert!(!store::mark_seen(conn, "old-1@example.org", 1).unwrap());
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

/// What versions 2 and 3 added on top of version 1, as they wrote it.
const VERSIONS_2_AND_3: &str = "
ALTER TABLE games ADD COLUMN draw_offer TEXT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN host_options TEXT NOT NULL DEFAULT '';
CREATE TABLE preferences (userid TEXT NOT NULL, kind TEXT NOT NULL,
    accepts INTEGER NOT NULL DEFAULT 1, game_limit INTEGER, PRIMARY KEY (userid, kind));
CREATE INDEX sent_ids_by_player ON sent_ids (userid, game_id, created);
CREATE INDEX outbox_unsent ON outbox (sent, id);
CREATE INDEX outbox_by_recipient ON outbox (recipient, created);
ALTER TABLE outbox ADD COLUMN failure TEXT;
INSERT INTO outbox (id, recipient, subject, body, message_id, in_reply_to, references_ids, created)
    VALUES (1, 'bob@example.org', 'Chess Board 101 bob', 'board', 'pbem.1@localhost', NULL, '', 5);
INSERT INTO outbox (id, recipient, subject, body, message_id, in_reply_to, references_ids, created,
    failure) VALUES (2, 'bad address', 'Chess Board 101 bob', 'board', 'pbem.2@localhost', NULL,
    '', 5, 'recipient \"bad address\": invalid');
INSERT INTO outbox (id, recipient, subject, body, message_id, in_reply_to, references_ids, created,
    sent) VALUES (3, 'bob@example.org', 'Chess Board 101 bob', 'board', 'pbem.3@localhost', NULL,
    '', 5, 6);
PRAGMA user_version = 3;
";

#[test]
fn version_3_outbox_is_upgraded_in_place_with_retry_columns() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v3.sqlite");
    Connection::open(&path)
        .unwrap()
        .execute_batch(&format!("{VERSION_1}{VERSIONS_2_AND_3}"))
        .unwrap();

    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let conn = store.connection();
    // The unsent row is due at once, never tried; the sent one stays sent.
    let due = store::due(conn, 0, 10).unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!((due[0].id, due[0].attempts), (1, 0));
    assert_eq!(due[0].mail.message_id, "pbem.1@localhost");
    // The row version 3 set aside is listed as given up, with its reason.
    let entries = store::outbox_entries(conn).unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].state, OutboxState::Waiting);
    assert_eq!(
        entries[1].state,
        OutboxState::GivenUp {
            attempts: 0,
            at: None,
            reason: "recipient \"bad address\": invalid".into()
        }
    );
    // Version 4's columns work.
    store::record_failed_attempt(conn, 1, "connection refused", 60_000, true).unwrap();
    assert!(store::due(conn, 59_999, 10).unwrap().is_empty());
    assert_eq!(store::due(conn, 60_000, 10).unwrap()[0].attempts, 1);
}

/// Rows of the three tables version 6 stores in key order, as version 5
/// (after versions 1 to 4) held them.
const VERSION_5_ROWS: &str = "
INSERT INTO sent_ids VALUES ('pbem.101.root@localhost', 'alice', 101, 10);
INSERT INTO sent_ids VALUES ('pbem.101.later@localhost', 'alice', 101, 20);
INSERT INTO sent_ids VALUES ('pbem.answer@localhost', 'bob', NULL, 30);
INSERT INTO moves VALUES (101, 2, 'black', 'e5', 'e5', 3);
";

#[test]
fn version_5_move_lists_seen_and_sent_ids_and_threads_survive_the_change_of_table_layout() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v5.sqlite");
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(&format!("{VERSION_1}{VERSIONS_2_AND_3}"))
            .unwrap();
    }
    // Versions 4 and 5 as this build writes them (what later versions
    // changed put back as it was), then rows in them.
    {
        let store = Store::open(&path).unwrap();
        drop(store);
    }
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(
        "DROP TABLE seen_messages; DROP TABLE sent_ids; DROP TABLE moves; DROP TABLE threads;
         CREATE TABLE moves (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL, side TEXT NOT NULL, notation TEXT NOT NULL,
            public_notation TEXT NOT NULL, played INTEGER NOT NULL,
            PRIMARY KEY (game_id, number));
         CREATE TABLE seen_messages (message_id TEXT PRIMARY KEY, received INTEGER NOT NULL);
         CREATE TABLE sent_ids (message_id TEXT PRIMARY KEY, userid TEXT NOT NULL,
            game_id INTEGER, created INTEGER NOT NULL);
         CREATE INDEX sent_ids_by_player ON sent_ids (userid, game_id, created);
         INSERT INTO moves VALUES (101, 1, 'white', 'e4', 'e4', 2);
         INSERT INTO seen_messages VALUES ('old-1@example.org', 1);
         PRAGMA user_version = 5;",
    )
    .unwrap();
    conn.execute_batch(VERSION_5_ROWS).unwrap();
    drop(conn);

    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let conn = store.connection();
    let moves = store::load_moves(conn, 101).unwrap();
    let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["e4", "e5"]);
    assert!(!store::mark_seen(conn, "old-1@example.org", 1).unwrap());
    let sent = store::find_sent_id(conn, "pbem.answer@localhost")
        .unwrap()
        .unwrap();
    assert_eq!((sent.userid.as_str(), sent.game_id), ("bob", None));
    assert_eq!(
        store::latest_sent_ids(conn, "alice", 101).unwrap(),
        Some((
            "pbem.101.root@localhost".to_string(),
            "pbem.101.later@localhost".to_string()
        ))
    );
    // A game's moves still go with it.
    conn.execute("DELETE FROM games WHERE id = 101", [])
        .unwrap();
    assert!(store::load_moves(conn, 101).unwrap().is_empty());
}

/// A game that ended before schema 8 kept its result in words only; an
/// upgraded file shows those words wherever the result is shown.
#[test]
fn a_result_stored_in_words_by_an_older_version_is_still_shown() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    Connection::open(&path)
        .unwrap()
        .execute_batch(&format!(
            "{VERSION_1}
             INSERT INTO games VALUES (102, 'chess', '', 'alice', 'bob', 'finished',
                'alice wins: bob resigned.', 1, 1);
             INSERT INTO moves VALUES (102, 1, 'white', 'd4', 'd4', 2);"
        ))
        .unwrap();
    let store = Store::open(&path).unwrap();
    let game = store::load_game(store.connection(), 102).unwrap().unwrap();
    assert_eq!((game.status, game.ending), (GameStatus::Finished, None));
    let renderer = pbem::host::outbound::render::Renderer::new(None).unwrap();
    let mut host = pbem::host::Host::new(store, renderer, pbem::host::HostSettings::default());
    for (n, subject) in ["chess show 102", "chess games alice"].iter().enumerate() {
        let mail = format!(
            "From: carol@example.org\r\nSubject: {subject}\r\nMessage-ID: <old-result-{n}@example.org>\r\n\r\n"
        );
        host.receive(mail.as_bytes()).unwrap();
    }
    let bodies: Vec<String> = store::unsent(host.store().connection(), 10)
        .unwrap()
        .into_iter()
        .map(|row| row.mail.body)
        .collect();
    assert_eq!(bodies.len(), 2);
    for body in &bodies {
        assert!(body.contains("alice wins: bob resigned."), "{body}");
    }
}

#[test]
fn older_outbox_rows_are_game_mail_unclaimed_after_version_8() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v3-to-8.sqlite");
    Connection::open(&path)
        .unwrap()
        .execute_batch(&format!("{VERSION_1}{VERSIONS_2_AND_3}"))
        .unwrap();
    let store = Store::open(&path).unwrap();
    let conn = store.connection();
    // A row from before the cap moved to the sender is never dropped by
    // it: it counts as a player's game mail; nobody has it in hand.
    let entries = store::outbox_entries(conn).unwrap();
    assert_eq!(entries[0].purpose, store::MailPurpose::Game);
    assert_eq!(entries[0].claim, None);
    // The row sent under version 3 counts in its address's hour.
    assert_eq!(
        store::sent_to_since(
            conn,
            &store::MailboxRule::default().mailbox("BOB@example.org"),
            0,
            10
        )
        .unwrap(),
        vec![6_000]
    );
    assert!(store::any_fresh_due(conn, 0).unwrap());
}

#[test]
fn players_of_a_version_21_file_are_not_yet_told_of_weak_passwords() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v21.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 21 left it: players without the column.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "ALTER TABLE players DROP COLUMN weak_password_told;
             INSERT INTO players (userid, password_hash, addresses, signed_off, created)
                VALUES ('dora', 'x', 'dora@example.org', 0, 1);
             PRAGMA user_version = 21;",
        )
        .unwrap();
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let conn = store.connection();
    assert!(!store::weak_password_told(conn, "dora").unwrap());
    store::set_weak_password_told(conn, "dora", true).unwrap();
    assert!(store::weak_password_told(conn, "dora").unwrap());
}

#[test]
fn declined_boards_and_ladder_games_of_a_version_25_file_read_as_aborted_and_upgrade_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v25.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 25 left it: a declined board, a board ended by a
    // resignation before moving, a settled ladder game without its score.
    let version_25 = "ALTER TABLE ladder_games DROP COLUMN score;
         INSERT INTO games (id, kind, switches, white, black, status, created, updated,
                            ending, ending_side)
            VALUES (101, 'chess', '', 'alice', 'bob', 'declined', 1, 2, 'declined', 'black'),
                   (102, 'chess', '', 'alice', 'bob', 'declined', 3, 4,
                    'resigned_before_moving', 'white');
         INSERT INTO ladder_games (game_id, kind, challenger, challenged, settled)
            VALUES (101, 'chess', 'alice', 'bob', 1);
         PRAGMA user_version = 25;";
    Connection::open(&path)
        .unwrap()
        .execute_batch(version_25)
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let conn = store.connection();
        let declined = store::load_game(conn, 101).unwrap().unwrap();
        assert_eq!(declined.status, GameStatus::Aborted, "{round}");
        assert_eq!(
            declined.ending,
            Some(Ending::Aborted(Abort::Declined(Side::Black))),
            "{round}"
        );
        let resigned = store::load_game(conn, 102).unwrap().unwrap();
        assert_eq!(
            resigned.ending,
            Some(Ending::Aborted(Abort::Resigned(Side::White))),
            "{round}"
        );
        // The ladder game reads, with nothing stored of what it counted.
        let event = store::board_event(conn, 101).unwrap().unwrap();
        assert_eq!(
            event.kind,
            store::EventKind::Ladder {
                name: String::new()
            },
            "{round}"
        );
        assert_eq!(event.score, None, "{round}");
        drop(store);
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 25;")
            .unwrap();
    }
}

#[test]
fn players_of_a_version_27_file_take_challenges_from_anyone_and_upgrade_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v27.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 27 left it: players without the column.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "ALTER TABLE players DROP COLUMN challengers;
             INSERT INTO players (userid, password_hash, addresses, signed_off, created)
                VALUES ('dora', 'x', 'dora@example.org', 0, 1);
             PRAGMA user_version = 27;",
        )
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let conn = store.connection();
        let expected = if round == "upgraded" {
            "anyone"
        } else {
            "nobody"
        };
        let found = store::challengers(conn, "dora").unwrap();
        assert_eq!(found.as_deref(), Some(expected), "{round}");
        store::set_challengers(conn, "dora", "nobody").unwrap();
        drop(store);
        // Set back by hand, the column already there: kept as it is.
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 27;")
            .unwrap();
    }
}

#[test]
fn tournaments_of_a_version_28_file_have_no_note_and_upgrade_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v28.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 28 left it: tournaments without the organiser's note.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "ALTER TABLE tournaments DROP COLUMN comment;
             INSERT INTO tournaments (kind, name, organiser, double, rated, switches, status, created)
                VALUES ('chess', 'old', 'dora', 0, 1, '', 'open', 1);
             PRAGMA user_version = 28;",
        )
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let old = store::find_tournament(store.connection(), "chess", "old")
            .unwrap()
            .unwrap();
        assert_eq!(old.comment, None, "{round}");
        drop(store);
        // Set back by hand, the column already there: kept as it is.
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 28;")
            .unwrap();
    }
}

#[test]
fn tournaments_of_a_version_29_file_are_round_robins_and_upgrade_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v29.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 29 left it: no format, seeds or matches.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "ALTER TABLE tournaments DROP COLUMN format;
             ALTER TABLE tournament_players DROP COLUMN seed;
             ALTER TABLE tournament_boards DROP COLUMN match_no;
             INSERT INTO tournaments (kind, name, organiser, double, rated, switches, status, created)
                VALUES ('chess', 'old', 'dora', 1, 1, '', 'open', 1);
             INSERT INTO tournament_players (tournament_id, userid, seat)
                VALUES (1, 'dora', 1), (1, 'abe', 2);
             PRAGMA user_version = 29;",
        )
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let conn = store.connection();
        let old = store::find_tournament(conn, "chess", "old")
            .unwrap()
            .unwrap();
        // A double round robin then was a round robin with `double` set.
        assert_eq!(old.format, Format::DoubleRoundRobin, "{round}");
        // Unseeded, the players keep the order they joined in.
        assert_eq!(
            store::tournament_players(conn, old.id).unwrap(),
            ["dora", "abe"],
            "{round}"
        );
        drop(store);
        // Set back by hand, the columns already there: kept as they are.
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 29;")
            .unwrap();
    }
}

#[test]
fn a_version_31_file_gets_the_event_log_and_the_rulings_and_upgrades_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v31.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 31 left it: no event log, no rulings.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "DROP TRIGGER event_log_kept; DROP TRIGGER event_log_never_deleted;
             DROP TABLE event_log; DROP TABLE rulings;
             PRAGMA user_version = 31;",
        )
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let conn = store.connection();
        let event = store::LoggedEvent::Tournament(1);
        let entry = store::LogEntry {
            at: 1,
            actor: "dora".into(),
            action: "create".into(),
            detail: round.into(),
        };
        store::append_event_log(conn, event, &entry).unwrap();
        assert_eq!(store::event_log(conn, event).unwrap().last(), Some(&entry));
        assert!(
            conn.execute("DELETE FROM event_log", []).is_err(),
            "{round}"
        );
        assert_eq!(store::ruling(conn, 101).unwrap(), None, "{round}");
        drop(store);
        // Set back by hand, the tables already there: kept as they are.
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 31;")
            .unwrap();
    }
}

#[test]
fn tournaments_of_a_version_32_file_are_open_to_anyone_count_aborted_games_by_the_hosts_rule_and_upgrade_again(
) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v32.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 32 left it: no admission, no abort rule, nobody waiting.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "ALTER TABLE tournaments DROP COLUMN admission;
             ALTER TABLE tournaments DROP COLUMN aborted;
             DROP TABLE tournament_entrants;
             INSERT INTO tournaments (kind, name, organiser, double, rated, switches, status, created)
                VALUES ('chess', 'old', 'dora', 0, 1, '', 'open', 1);
             PRAGMA user_version = 32;",
        )
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let conn = store.connection();
        let old = store::find_tournament(conn, "chess", "old")
            .unwrap()
            .unwrap();
        assert_eq!(old.admission, pbem::rules::ladder_rules::Admission::Open);
        assert_eq!(old.aborted, None, "{round}");
        let void = pbem::rules::score::AbortRule::Void;
        assert_eq!(
            pbem::host::events::format::abort_rule(&old, void),
            void,
            "{round}"
        );
        let event = store::LoggedEvent::Tournament(old.id);
        assert!(store::entrants(conn, event).unwrap().is_empty(), "{round}");
        drop(store);
        // Set back by hand, the columns and table already there: kept.
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 32;")
            .unwrap();
    }
}

#[test]
fn a_version_33_file_reads_its_double_round_robins_by_their_format_and_takes_players_out() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v33.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 33 left it: a double round robin was `round_robin` with
    // `double` set, and nobody was ever taken out.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "ALTER TABLE tournament_players DROP COLUMN withdrawn;
             INSERT INTO tournaments (kind, name, organiser, double, rated, switches, status,
                                      created, format)
                VALUES ('chess', 'twice', 'dora', 1, 1, '', 'running', 1, 'round_robin'),
                       ('chess', 'once', 'dora', 0, 1, '', 'running', 1, 'round_robin'),
                       ('chess', 'cup', 'dora', 0, 1, '', 'running', 1, 'knockout');
             INSERT INTO tournament_players (tournament_id, userid, seat)
                VALUES (1, 'dora', 1), (1, 'abe', 2);
             PRAGMA user_version = 33;",
        )
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let conn = store.connection();
        let format = |name| {
            store::find_tournament(conn, "chess", name)
                .unwrap()
                .unwrap()
                .format
        };
        assert_eq!(format("twice"), Format::DoubleRoundRobin, "{round}");
        assert_eq!(format("once"), Format::RoundRobin, "{round}");
        assert_eq!(format("cup"), Format::Knockout, "{round}");
        assert!(store::withdrawn_players(conn, 1).unwrap().is_empty());
        store::withdraw_from_tournament(conn, 1, "ABE", 5).unwrap();
        assert_eq!(
            store::withdrawn_players(conn, 1).unwrap(),
            ["abe"],
            "{round}"
        );
        drop(store);
        // Set back by hand, the column already there: kept as it is.
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "UPDATE tournament_players SET withdrawn = NULL; PRAGMA user_version = 33;",
            )
            .unwrap();
    }
}

#[test]
fn a_version_35_event_log_keeps_its_lines_takes_leagues_and_stays_append_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v35.sqlite");
    drop(Store::open(&path).unwrap());
    // As version 35 left it: a log for tournaments and ladders only, with
    // a line in it.
    Connection::open(&path)
        .unwrap()
        .execute_batch(
            "DROP TRIGGER event_log_kept; DROP TRIGGER event_log_never_deleted;
             DROP TABLE event_log;
             CREATE TABLE event_log (
                id INTEGER PRIMARY KEY,
                event_type TEXT NOT NULL CHECK (event_type IN ('tournament', 'ladder')),
                event_id INTEGER NOT NULL,
                at INTEGER NOT NULL,
                actor TEXT NOT NULL,
                action TEXT NOT NULL,
                detail TEXT NOT NULL DEFAULT ''
             );
             INSERT INTO event_log (event_type, event_id, at, actor, action, detail)
                VALUES ('ladder', 7, 5, 'dora', 'suspend', 'ben');
             DROP TABLE league_divisions; DROP TABLE league_moves;
             DROP TABLE league_players; DROP TABLE leagues;
             PRAGMA user_version = 35;",
        )
        .unwrap();
    for round in ["upgraded", "rolled back and upgraded again"] {
        let store = Store::open(&path).unwrap();
        assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION, "{round}");
        let conn = store.connection();
        let kept = store::event_log(conn, store::LoggedEvent::Ladder(7)).unwrap();
        assert_eq!(kept.len(), 1, "{round}");
        assert_eq!(
            (kept[0].actor.as_str(), kept[0].detail.as_str()),
            ("dora", "ben")
        );
        let league = store::LoggedEvent::League(1);
        let entry = store::LogEntry {
            at: 9,
            actor: "hal".into(),
            action: "season".into(),
            detail: round.into(),
        };
        store::append_event_log(conn, league, &entry).unwrap();
        assert_eq!(store::event_log(conn, league).unwrap().last(), Some(&entry));
        assert!(
            conn.execute("DELETE FROM event_log", []).is_err(),
            "{round}"
        );
        assert!(conn
            .execute("UPDATE event_log SET actor = 'x'", [])
            .is_err());
        drop(store);
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 35;")
            .unwrap();
    }
}
