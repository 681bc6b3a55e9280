//! SQLite storage: one file holds every table of the host, and no SQL is
//! written anywhere else. One file here per group of tables:
//!
//! - Players: `players` (accounts and per-game preferences), `addresses`
//!   (addresses not confirmed yet), `logins` (wrong passwords and the
//!   locks they earn), `security` (the security log, blocked addresses,
//!   locked accounts), `robots` (the robots' accounts and boards),
//!   `board_style`, `challengers` (who may challenge whom) and `ratings`.
//! - Boards: `games` (each game and its move list, the truth), `clocks`
//!   (the players' clocks and vacations, with when each next falls due),
//!   `comments`, `notes`, `queue` (conditional moves), `undo`
//!   (take-backs and a board's event history), `challenges` (who started
//!   each board), `seeks`, `subscriptions` (observers), `history` (the
//!   boards that are over, by page) and `archive` (the boards an export
//!   takes).
//! - Events: `ladder_events` (the ladders) and `ladders` (their rungs and
//!   games), `tournaments`, `tournament_boards`, `swiss` (what a Swiss
//!   keeps beside its boards), `leagues`, `entrants` (who waits at an
//!   event's door), `events` (which event a board is a game of, and what
//!   it counted there) and `event_log` (each event's append-only log and
//!   the directors' rulings).
//! - Mail: `messages` (Message-IDs handled and made), `outbox` (mail
//!   waiting to be sent, with its claims, the hourly cap and pruning in
//!   `outbox/`), `relayed` (messages passed between players, counted),
//!   `error_runs` (senders whose mails drew only errors) and
//!   `imap_cursor` (where IMAP intake stands).
//! - The rest: `web` (what the read-only web view lists), `backup` (a
//!   consistent copy while the host runs), `schema` (a new database's
//!   tables and the steps that upgrade older files, numbered by
//!   `user_version`) and `error` (what the store returns when it fails).
//!
//! Every function here takes a `&Connection` so that the host can run a
//! whole inbound mail inside one IMMEDIATE transaction (a `Transaction`
//! dereferences to a `Connection`).

mod addresses;
mod archive;
mod backup;
mod board_style;
mod challengers;
pub(crate) mod challenges;
mod clocks;
mod comments;
mod error;
mod event_log;
mod events;
mod games;
mod history;
pub(crate) mod imap_cursor;
mod ladder_events;
mod ladders;
mod leagues;
mod logins;
mod messages;
mod outbox;
mod players;
mod ratings;
mod robots;
mod schema;
pub mod security;
mod subscriptions;
mod swiss;
mod tournament_boards;
mod tournaments;

// Version 33: who waits to join a tournament.
mod entrants;

// Version 35: runs of mails that drew only errors.
mod error_runs;

// Version 17: conditional moves, take-backs, notes, seeks, messages.
mod notes;
mod queue;
mod relayed;
mod seeks;
mod undo;

// Version 23: the web view's lists.
mod web;

pub(crate) use archive::{filtered_game_ids, GameFilter};
pub use board_style::{board_style, set_board_style};
pub use challengers::{challengers, have_played, set_challengers};
pub(crate) use clocks::{StoredClock, Vacation};
pub(crate) use comments::{
    board_comments, comments_are_public, insert_comment, set_public_comments, StoredComment,
};
pub use entrants::{clear_entrants, entrant, entrants, remove_entrant, set_entrant, Entrant};
pub use error::StoreError;
pub(crate) use error::StoreResult;
pub use error_runs::{clear_error_run, error_run, save_error_run, ErrorRun};
pub use event_log::{
    append_event_log, event_log, insert_ruling, logged_since, ruling, LogEntry, LoggedEvent, Ruling,
};
pub use events::{board_event, event_of_board, BoardEvent, EventKind, EventOfBoard};
pub use games::{GameRecord, GameStatus, MoveRecord, NewGame};
pub(crate) use history::finished_boards;
pub use ladder_events::{
    default_ladder, find_ladder, insert_ladder, ladder_by_id, ladders_directed, ladders_of,
    set_ladder_director, set_ladder_rules, set_ladder_status, LadderRow, CANCELLED,
};
pub use ladders::{
    insert_ladder_game, ladder, ladder_below, ladder_game, ladder_rank, ladder_size,
    ladders_with_drops_due, next_ladder_drop, open_ladder_games_of, save_ladder,
    settle_ladder_game, settled_ladder_games, shift_absence, LadderGame, Rung, SettledLadderGame,
};
pub(crate) use leagues::{
    division_of, find_league, insert_league, insert_league_division, insert_league_move,
    join_league, league_divisions, league_moves, league_players, leagues_directed, leagues_of,
    load_league, mark_leaving, remove_league_player, set_league_division, set_league_organiser,
    set_league_rules, set_league_season, set_league_status, League, LeagueMove, LeaguePlayer,
    LeagueRuleRow, LeagueStatus, NewLeague,
};
pub(crate) use logins::LoginFailures;
pub(crate) use messages::{SentId, TokenScope};
pub use outbox::{
    Claim, MailAttachment, MailHtml, MailPurpose, OutboxEntry, OutboxRow, OutboxState, QueuedMail,
};
pub use players::{Player, Preference};
pub use ratings::{
    insert_rating_change, load_rating, rating_at, rating_changes, ratings_of_kind, save_rating,
    RatingChange, StoredRating,
};
pub(crate) use robots::{boards_with_robots, ensure_robot, robot_board_starter, robot_level};
pub use schema::{mask_legacy_quotes, QuoteMasker, SCHEMA_VERSION};
pub use subscriptions::{next_board_id, observers, subscribe, unsubscribe, Watched};
pub use swiss::{
    first_colour, insert_bye, next_round_due, rounds_due, set_first_colour, set_round_due,
    tournament_byes,
};
pub use tournament_boards::{
    hand_board_seat, insert_tournament_board, set_tournament_score, tournament_boards,
    tournament_of_board, TournamentBoard,
};
pub use tournaments::{
    find_tournament, forget_competitor, insert_tournament, join_tournament, leave_tournament,
    load_tournament, seeded_ratings, set_tournament_organiser, set_tournament_rules,
    set_tournament_seeds, set_tournament_status, tournament_players, tournaments_of,
    tournaments_organised, withdraw_from_tournament, withdrawn_players, NewTournament, Tournament,
    TournamentRuleRow, TournamentStatus,
};

pub(crate) use events::events_directed;
pub(crate) use tournaments::running_tournaments_of;

pub use notes::{note, set_note};
pub use queue::{advance_line, clear_lines, delete_line, insert_line, queued_lines, QueuedLine};
pub(crate) use relayed::{messages_sent_since, record_message};
pub use seeks::{delete_seek, insert_seek, open_seek, open_seeks, sweep_seeks, NewSeek, Seek};
pub(crate) use undo::{
    set_undo_proposal, take_back, taken_back, undo_proposal, TakenBack, UndoProposal,
};
pub(crate) use web::{
    board_row, open_ladder_games, player_userid, recent_boards, recent_ladder_games,
    set_game_score, web_boards, web_tournaments, BoardQuery, BoardRow, EventFilter, ResultFilter,
};

use rusqlite::config::DbConfig;
use rusqlite::{Connection, Transaction, TransactionBehavior};
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The open database.
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the database file and brings its schema
    /// up to date in place.
    ///
    /// WAL lets the outbox sender read while a mail is being handled;
    /// `synchronous=FULL` because a lost commit would mean a move the
    /// player was told about is forgotten, and one fsync per mail is cheap
    /// at play-by-email rates.
    pub fn open(path: &Path) -> StoreResult<Store> {
        let conn = Connection::open(path)?;
        Store::setup(conn)
    }

    /// An in-memory database, for tests and dry runs.
    pub fn open_in_memory() -> StoreResult<Store> {
        Store::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> StoreResult<Store> {
        conn.busy_timeout(Duration::from_secs(10))?;
        // One mail runs a few dozen distinct statements; parsing each anew
        // every time was a tenth of the inbound path.
        conn.set_prepared_statement_cache_capacity(64);
        // Without the planner's stability guarantee SQLite re-parses a
        // statement whenever a newly bound value could change its plan (a
        // `LIMIT ?`, for one), which defeats the cache on every mail.
        conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        schema::migrate(&mut conn)?;
        Ok(Store { conn })
    }

    /// Starts a write transaction that holds the write lock from its first
    /// statement, so two processes never interleave one mail's changes.
    pub fn begin(&mut self) -> StoreResult<Transaction<'_>> {
        Ok(self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?)
    }

    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    pub fn schema_version(&self) -> StoreResult<i64> {
        schema::version(&self.conn)
    }
}

/// Runs `work` inside a savepoint of the open transaction: what it wrote
/// is kept when it returns `Ok` and undone when it returns `Err`, while the
/// transaction itself goes on (a refused command of a `multiple` mail
/// leaves nothing half-done, and the commands before it stand). A panic
/// unwinding through here leaves the savepoint open; the transaction's
/// own rollback then undoes it with everything else.
pub(crate) fn in_savepoint<T, E: From<StoreError>>(
    conn: &Connection,
    work: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    run_cached(conn, "SAVEPOINT command")?;
    match work() {
        Ok(value) => {
            run_cached(conn, "RELEASE command")?;
            Ok(value)
        }
        Err(err) => {
            run_cached(conn, "ROLLBACK TO command")?;
            run_cached(conn, "RELEASE command")?;
            Err(err)
        }
    }
}

/// Runs one statement without parameters from the statement cache.
fn run_cached(conn: &Connection, sql: &str) -> StoreResult<()> {
    conn.prepare_cached(sql)?.execute([])?;
    Ok(())
}

/// Milliseconds since the Unix epoch, the outbox's times of tries, holds
/// and claims.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Seconds since the Unix epoch, the time stamp stored in every table.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

pub use addresses::{
    add_pending_address, clear_pending_addresses, lapse_unconfirmed, pending_addresses,
    remove_pending_address, Lapsed,
};
pub(crate) use clocks::{
    boards_without_clocks, clocks_started, digest_due, due_clocks, due_digests, ending_vacations,
    load_clocks, next_timer, reminders, save_clock, set_digest_due, set_reminders, set_vacation,
    vacation,
};
pub use games::{
    active_boards_of, active_games_of, game_ids_of, games_count_by_kind, insert_game, insert_move,
    load_game, load_moves, move_dates, set_draw_offer, set_game_over, set_pause,
};
pub(crate) use logins::{
    clear_login_failures, forget_login_failures, login_failures, save_login_failures,
};
pub use messages::{find_sent_id, insert_sent_id, latest_sent_ids, mark_seen, was_seen};
pub use outbox::{
    any_fresh_due, begin_write, caused_since, claim_row, drop_due_answers, dropped_since, due,
    due_in_mailbox, due_mailboxes, hold_due, load_row, mark_failed, mark_sent, next_due,
    outbox_entries, outbox_entries_at, prune_outbox, queue_mail, record_failed_attempt,
    release_claims, release_claims_of_others, release_holds_of_other_caps, retry_unreachable_now,
    sent_to_since, stranger_answers_since, unsent, MailboxRule, DOTLESS_DOMAINS,
};
pub use players::{
    accounts_at_mailbox, all_players, delete_player, find_player, find_player_by_address,
    insert_player, last_move_of, preference, set_preference, set_weak_password_told, update_player,
    weak_password_told,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_savepoint_keeps_what_succeeded_and_undoes_what_failed() {
        let mut store = Store::open_in_memory().unwrap();
        let tx = store.begin().unwrap();
        let kept: Result<(), StoreError> = in_savepoint(&tx, || {
            mark_seen(&tx, "kept@example.org", 1)?;
            Ok(())
        });
        kept.unwrap();
        let undone: Result<(), StoreError> = in_savepoint(&tx, || {
            mark_seen(&tx, "undone@example.org", 1)?;
            Err(StoreError::Corrupt("refused".into()))
        });
        assert!(undone.is_err());
        tx.commit().unwrap();
        let conn = store.connection();
        assert!(!mark_seen(conn, "kept@example.org", 1).unwrap(), "kept");
        assert!(mark_seen(conn, "undone@example.org", 1).unwrap(), "undone");
    }

    #[test]
    fn cached_statements_keep_their_plan_whatever_is_bound() {
        let store = Store::open_in_memory().unwrap();
        let stable = store
            .connection()
            .db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG)
            .unwrap();
        assert!(stable, "a newly bound LIMIT would re-parse the statement");
    }
}
