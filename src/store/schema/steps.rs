//! The steps of the schema, one per version: the SQL of each (the
//! columns some add only where an older file lacks them are in
//! `columns.rs`).

/// Each entry upgrades version `index` to `index + 1`.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: players, games with their move lists, seen mail, threading ids,
    // outbox.
    "CREATE TABLE players (
        userid TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        addresses TEXT NOT NULL,
        signed_off INTEGER NOT NULL DEFAULT 0,
        created INTEGER NOT NULL
     );
     CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        switches TEXT NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL
     );
     CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        side TEXT NOT NULL,
        notation TEXT NOT NULL,
        public_notation TEXT NOT NULL,
        played INTEGER NOT NULL,
        PRIMARY KEY (game_id, number)
     );
     CREATE TABLE seen_messages (
        message_id TEXT PRIMARY KEY,
        received INTEGER NOT NULL
     );
     CREATE TABLE sent_ids (
        message_id TEXT PRIMARY KEY,
        userid TEXT NOT NULL,
        game_id INTEGER,
        created INTEGER NOT NULL
     );
     CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        message_id TEXT NOT NULL,
        in_reply_to TEXT,
        references_ids TEXT NOT NULL,
        created INTEGER NOT NULL,
        sent INTEGER
     );",
    // 2: draw offers and the host's own challenge options on games,
    // per-game-type preferences (accept/reject, limit), indexes for the
    // threading and outbox look-ups.
    "ALTER TABLE games ADD COLUMN draw_offer TEXT;
     ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
     ALTER TABLE games ADD COLUMN host_options TEXT NOT NULL DEFAULT '';
     CREATE TABLE preferences (
        userid TEXT NOT NULL,
        kind TEXT NOT NULL,
        accepts INTEGER NOT NULL DEFAULT 1,
        game_limit INTEGER,
        PRIMARY KEY (userid, kind)
     );
     CREATE INDEX sent_ids_by_player ON sent_ids (userid, game_id, created);
     CREATE INDEX outbox_unsent ON outbox (sent, id);
     CREATE INDEX outbox_by_recipient ON outbox (recipient, created);",
    // 3: an outbox row that can never be built (a recipient address the
    // transport refuses) is set aside with the reason instead of blocking
    // every row behind it.
    "ALTER TABLE outbox ADD COLUMN failure TEXT;",
    // 4: retries. A row the transport could not hand over waits with its
    // attempt count, the time of its next try (Unix milliseconds) and the
    // last error; `unreachable` marks a row whose last try found the
    // transport unreachable, so it can go at once when the server is back;
    // `failed_at` says when a row was set aside, so the operator can see
    // since when a mail was given up.
    "ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE outbox ADD COLUMN next_attempt INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE outbox ADD COLUMN last_error TEXT;
     ALTER TABLE outbox ADD COLUMN unreachable INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE outbox ADD COLUMN failed_at INTEGER;
     CREATE INDEX outbox_due ON outbox (next_attempt, id)
        WHERE sent IS NULL AND failure IS NULL;
     CREATE INDEX outbox_unreachable ON outbox (id)
        WHERE unreachable = 1 AND sent IS NULL AND failure IS NULL;",
    // 5: the hourly cap counts a recipient's mail ignoring case; an index
    // with the same collation spares it a scan of the whole outbox on every
    // mail queued. The sender finds due rows by version 4's partial index,
    // so the older index of unsent rows only cost a page write per mail
    // queued and sent (the operator's listing can scan). Userids are
    // looked up ignoring case, several times a mail: indexes with that
    // collation spare a scan of every player and every game.
    "DROP INDEX outbox_unsent;
     DROP INDEX outbox_by_recipient;
     CREATE INDEX outbox_by_recipient ON outbox (recipient COLLATE NOCASE, created);
     CREATE INDEX players_by_userid ON players (userid COLLATE NOCASE);
     CREATE INDEX games_by_white ON games (white COLLATE NOCASE);
     CREATE INDEX games_by_black ON games (black COLLATE NOCASE);",
    // 6: the tables looked up only by their primary key are stored in
    // that key's order (WITHOUT ROWID), so an insert writes one b-tree
    // page instead of a row page and an index page: a move mail writes
    // a seen id, a move and two sent ids, and every page written is
    // fsynced and later checkpointed.
    "CREATE TABLE seen_messages_v6 (
        message_id TEXT PRIMARY KEY,
        received INTEGER NOT NULL
     ) WITHOUT ROWID;
     INSERT INTO seen_messages_v6 (message_id, received)
        SELECT message_id, received FROM seen_messages;
     DROP TABLE seen_messages;
     ALTER TABLE seen_messages_v6 RENAME TO seen_messages;
     CREATE TABLE sent_ids_v6 (
        message_id TEXT PRIMARY KEY,
        userid TEXT NOT NULL,
        game_id INTEGER,
        created INTEGER NOT NULL
     ) WITHOUT ROWID;
     INSERT INTO sent_ids_v6 (message_id, userid, game_id, created)
        SELECT message_id, userid, game_id, created FROM sent_ids;
     DROP TABLE sent_ids;
     ALTER TABLE sent_ids_v6 RENAME TO sent_ids;
     CREATE INDEX sent_ids_by_player ON sent_ids (userid, game_id, created);
     CREATE TABLE moves_v6 (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        side TEXT NOT NULL,
        notation TEXT NOT NULL,
        public_notation TEXT NOT NULL,
        played INTEGER NOT NULL,
        PRIMARY KEY (game_id, number)
     ) WITHOUT ROWID;
     INSERT INTO moves_v6 (game_id, number, side, notation, public_notation, played)
        SELECT game_id, number, side, notation, public_notation, played FROM moves;
     DROP TABLE moves;
     ALTER TABLE moves_v6 RENAME TO moves;",
    // 7: each player's thread in a game (its first and latest Message-ID)
    // is one row beside the other seat's, updated in place, instead of an
    // index over every id ever sent, searched from both ends per mail.
    "CREATE TABLE threads (
        game_id INTEGER NOT NULL,
        userid TEXT NOT NULL,
        root_id TEXT NOT NULL,
        latest_id TEXT NOT NULL,
        PRIMARY KEY (game_id, userid)
     ) WITHOUT ROWID;
     INSERT INTO threads (game_id, userid, root_id, latest_id)
        SELECT game_id, userid,
            (SELECT first.message_id FROM sent_ids AS first
             WHERE first.userid = sent.userid AND first.game_id = sent.game_id
             ORDER BY first.created, first.message_id LIMIT 1),
            (SELECT latest.message_id FROM sent_ids AS latest
             WHERE latest.userid = sent.userid AND latest.game_id = sent.game_id
             ORDER BY latest.created DESC, latest.message_id DESC LIMIT 1)
        FROM sent_ids AS sent
        WHERE game_id IS NOT NULL
        GROUP BY game_id, userid;
     DROP INDEX sent_ids_by_player;",
    // 8: each reply leaves once and the hourly cap defers instead of
    // dropping. `purpose` says how the cap treats a row ('game': a player's
    // own game, only ever held back; 'answer': may be dropped); rows of
    // older versions count as 'game', so none of them is ever dropped. A
    // sender claims rows before handing them over (`claimed_by`, and
    // `claimed_until` in Unix ms); `held_until` (Unix ms) marks a row the
    // cap holds back; `dropped` (Unix seconds) an answer the cap dropped.
    // The cap counts what was sent to an address in the last hour, by the
    // index on (recipient, sent); the one on (recipient, created) counted
    // what was queued and goes. Dropped rows leave the index of due rows.
    // (The columns, in OUTBOX_V8_COLUMNS, come first.)
    "DROP INDEX IF EXISTS outbox_by_recipient;
     CREATE INDEX IF NOT EXISTS outbox_sent_to ON outbox (recipient COLLATE NOCASE, sent)
        WHERE sent IS NOT NULL;
     DROP INDEX IF EXISTS outbox_due;
     CREATE INDEX outbox_due ON outbox (next_attempt, id)
        WHERE sent IS NULL AND failure IS NULL AND dropped IS NULL;",
    // 9: how a game ended as data (the kind of ending and the side that
    // resigned or declined) instead of English words, so every mail can
    // word it in its reader's language; games that ended before keep
    // their words in `result`. A player's language for his mails. (The
    // columns, in GAME_AND_PLAYER_V9_COLUMNS, are all it adds.)
    "",
    // 10: no password in stored mail. Error mails of older versions quoted
    // the command with its password (`> Subject: ...`, `> line`) and
    // refusals repeated its words. The step only marks the outbox as
    // due for masking; the host, which knows where passwords stand, masks
    // it when it opens the file (mask_legacy_quotes).
    "CREATE TABLE IF NOT EXISTS outbox_masking_due (one INTEGER PRIMARY KEY);
     INSERT OR IGNORE INTO outbox_masking_due SELECT 1 WHERE EXISTS (SELECT 1 FROM outbox);",
    // 11: accounts that cannot be taken over. Wrong passwords counted per
    // account and per sender address, with the lock they earn; addresses
    // a player asked for that have not confirmed yet. What each id the
    // host sent proves (`scope`, with its `detail`: the address to confirm
    // or the addresses a change replaced) and the move a board mail asked
    // for (`asks`); those columns, in SENT_IDS_V11_COLUMNS, come first.
    "CREATE TABLE IF NOT EXISTS login_failures (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_failure INTEGER NOT NULL,
        locked_until INTEGER,
        warned INTEGER NOT NULL DEFAULT 0
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS login_failures_by_last ON login_failures (last_failure);
     CREATE TABLE IF NOT EXISTS pending_addresses (
        userid TEXT NOT NULL COLLATE NOCASE,
        address TEXT NOT NULL COLLATE NOCASE,
        requested INTEGER NOT NULL,
        PRIMARY KEY (userid, address)
     ) WITHOUT ROWID;",
    // 12: correspondence clocks. Each player's clock on each board, with
    // the moment it next needs the host (`due`: a reminder or a loss on
    // time) in an index, so finding due timers never scans the boards.
    // Boards running before clocks existed get theirs from `pbem tick`
    // through `clocks_to_start`, started when the tick runs. A board's
    // agreed pause, a player's reminders and vacation (the columns, in
    // CLOCK_V12_COLUMNS, come first).
    "CREATE TABLE IF NOT EXISTS clocks (
        game_id INTEGER NOT NULL,
        side TEXT NOT NULL,
        to_move INTEGER NOT NULL,
        running_since INTEGER,
        used INTEGER NOT NULL DEFAULT 0,
        bank INTEGER,
        nagged INTEGER,
        due INTEGER,
        PRIMARY KEY (game_id, side)
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS clocks_due ON clocks (due) WHERE due IS NOT NULL;
     CREATE TABLE IF NOT EXISTS clocks_to_start (game_id INTEGER PRIMARY KEY);
     INSERT OR IGNORE INTO clocks_to_start (game_id)
        SELECT id FROM games WHERE status = 'active'
          AND id NOT IN (SELECT game_id FROM clocks);
     CREATE INDEX IF NOT EXISTS players_vacation_ends ON players (vacation_ends)
        WHERE vacation_ends IS NOT NULL;",
    // 13: a file sent with a mail (a game's PGN), kept in its outbox row
    // (the columns, in OUTBOX_V13_COLUMNS, are all it adds).
    "",
    // 14: observers: who follows which board (every event, or only the
    // result), or every board of a type from a given number on (board 0).
    "CREATE TABLE IF NOT EXISTS subscriptions (
        userid TEXT NOT NULL COLLATE NOCASE,
        kind TEXT NOT NULL,
        board INTEGER NOT NULL,
        results_only INTEGER NOT NULL,
        since INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (userid, kind, board)
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS subscriptions_by_board ON subscriptions (kind, board);",
    // 15: a player's daily digest instead of a mail per move: when his
    // next one is due (none: he takes a mail per move), found by index.
    "CREATE INDEX IF NOT EXISTS players_digest_due ON players (digest_due)
        WHERE digest_due IS NOT NULL;",
    // 16: the comments players write with their moves, for a board's
    // record (shown only for players who allow it: `public_comments`,
    // the column this adds).
    "CREATE TABLE IF NOT EXISTS comments (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        after INTEGER NOT NULL,
        author TEXT NOT NULL,
        text TEXT NOT NULL,
        written INTEGER NOT NULL
     );
     CREATE INDEX IF NOT EXISTS comments_by_game ON comments (game_id, after);",
    // 17: ratings per game type and what each rated game changed, the
    // challenge ladders with their games, and round-robin tournaments.
    COMPETITION_V17,
    // 18: boards in HTML and as images: a board mail's HTML part and
    // image in its outbox row, and each player's choice (the columns, in
    // BOARD_PICTURES_COLUMNS, are all it adds).
    "",
    // 19: what comes after pbmserv's commands: conditional moves, agreed
    // take-backs kept in a board's event history, private notes, open
    // challenges (seeks), and messages passed between players.
    PLANNING_AND_MEETING_TABLES,
    // 20: robot opponents: a robot is a player with a level (the column is
    // in ROBOT_COLUMNS; the host creates the robots), found by an index.
    "CREATE INDEX IF NOT EXISTS players_robots ON players (robot_level)
        WHERE robot_level IS NOT NULL;",
    // 21: IMAP intake: each mailbox's cursor (see imap_cursor.rs).
    crate::store::imap_cursor::CURSORS_V21,
    // 22: passwords worth keeping: whether a player whose password the
    // policy would now refuse has been told so, once (the column, in
    // WEAK_PASSWORD_COLUMNS, is all it adds).
    "",
    // 23: the web view. Each board's score once it is over, so that the
    // archive filters by result without replaying every board (boards
    // that ended by the rules before this version keep none: only a
    // replay knows who won them), and the indexes its lists page by.
    crate::store::web::WEB_V23,
    // 24: the hourly cap counts a mailbox, not each spelling of it (the
    // `mailbox` column, in OUTBOX_V24_COLUMNS: lower case, no `+tag`;
    // rows from before count by their lower-cased address), and answers
    // to strangers are counted across all of them.
    "UPDATE outbox SET mailbox = lower(recipient) WHERE mailbox IS NULL;
     CREATE INDEX IF NOT EXISTS outbox_by_mailbox ON outbox (mailbox, sent);
     CREATE INDEX IF NOT EXISTS outbox_strangers ON outbox (created)
        WHERE purpose = 'stranger';",
    // 25: the operator's tools: the security log, the addresses and
    // domains blocked from everything, and the accounts locked.
    crate::store::security::SECURITY_V25,
    // 26: `declined` boards become `aborted`; ladder_games.score.
    crate::store::games::ABORTED_V26,
    // 27: the web view pages its standings and ladders by rank.
    crate::store::web::WEB_V27,
    // 28: who may challenge a player (the column, in CHALLENGERS_COLUMNS,
    // is all it adds; older rows take challenges from anyone).
    "",
    // 29: the note a tournament's organiser wrote below `tournament
    // create` (the column, in TOURNAMENT_V29_COLUMNS, is all it adds).
    "",
    // 30: knockout tournaments: a tournament's format, the players'
    // seeds and each board's match (the columns, in KNOCKOUT_V30_COLUMNS,
    // are all it adds; older tournaments are round robins).
    "",
    // 31: several ladders a game type, each with its director and rules
    // (store::ladder_events::upgrade_v31 moves the old ladders).
    "",
    // 32: the append-only log of each event, and the directors' rulings
    // on boards (adjudications, forfeits, voids) with their reasons.
    crate::store::event_log::EVENT_LOG_V32,
    // 33: a tournament's admission and abort rule (the columns, in
    // TOURNAMENT_V33_COLUMNS; older tournaments are open to all and count
    // aborted games by the host's rule), and who waits to join one.
    crate::store::entrants::ENTRANTS_V33,
    // 34: events as one feature. A tournament's format says alone how it
    // pairs (`double_round_robin` where version 17 set `double`), and a
    // player taken out of a running tournament is marked `withdrawn` (the
    // column, in TOURNAMENT_V34_COLUMNS) so that no format pairs him
    // again.
    "UPDATE tournaments SET format = 'double_round_robin'
        WHERE format = 'round_robin' AND double = 1;",
    // 35: Swiss tournaments. A tournament keeps its rounds, round
    // deadline, tie-breaks, the colour the lot gave seed 1, when the
    // current round's deadline passes and the league it is a division of
    // (TOURNAMENT_V35_COLUMNS); a player the rating he was seeded with;
    // the byes of each round.
    crate::store::swiss::SWISS_V35,
    // 36: leagues, their players, each season's divisions (tournaments
    // of their own) and the moves between seasons.
    crate::store::leagues::LEAGUES_V36,
    // 37: the sender decides held mail once per cap, not on every start
    // (the cap it was held under), and old sent rows are pruned by the
    // indexes of when they were sent or dropped.
    crate::store::outbox::OUTBOX_V37,
    // 38: runs of mails from one sender that drew only errors, so that
    // an autoresponder's loop ends.
    crate::store::error_runs::ERROR_RUNS_V38,
    // 39: each outbox row names the sender whose mail caused it (the
    // column, in OUTBOX_V39_COLUMNS; older rows have none), so that his
    // own cap counts what he made the host send to anyone.
    crate::store::outbox::OUTBOX_V39,
    // 40: the IMAP messages intake left on the server, too large or
    // larger than the server said (see imap_cursor.rs).
    crate::store::imap_cursor::SKIPPED_V40,
];

/// The tables version 17 adds.
pub(super) const COMPETITION_V17: &str = "CREATE TABLE IF NOT EXISTS ratings (
        userid TEXT NOT NULL COLLATE NOCASE,
        kind TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        last_rated INTEGER NOT NULL,
        won INTEGER NOT NULL DEFAULT 0,
        lost INTEGER NOT NULL DEFAULT 0,
        drawn INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (kind, userid)
     ) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS rating_changes (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        userid TEXT NOT NULL COLLATE NOCASE,
        before REAL NOT NULL,
        after REAL NOT NULL,
        deviation REAL NOT NULL,
        PRIMARY KEY (game_id, userid)
     ) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS ladder (
        kind TEXT NOT NULL,
        userid TEXT NOT NULL COLLATE NOCASE,
        rank INTEGER NOT NULL,
        active_since INTEGER NOT NULL,
        drops INTEGER NOT NULL DEFAULT 0,
        next_drop INTEGER,
        PRIMARY KEY (kind, userid)
     ) WITHOUT ROWID;
     CREATE INDEX IF NOT EXISTS ladder_next_drop ON ladder (next_drop)
        WHERE next_drop IS NOT NULL;
     CREATE TABLE IF NOT EXISTS ladder_games (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        challenger TEXT NOT NULL COLLATE NOCASE,
        challenged TEXT NOT NULL COLLATE NOCASE,
        settled INTEGER NOT NULL DEFAULT 0
     );
     CREATE INDEX IF NOT EXISTS ladder_games_open ON ladder_games (kind)
        WHERE settled = 0;
     CREATE TABLE IF NOT EXISTS tournaments (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        name TEXT NOT NULL COLLATE NOCASE,
        organiser TEXT NOT NULL COLLATE NOCASE,
        double INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        switches TEXT NOT NULL,
        status TEXT NOT NULL,
        created INTEGER NOT NULL,
        started INTEGER,
        finished INTEGER,
        UNIQUE (kind, name)
     );
     CREATE TABLE IF NOT EXISTS tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        userid TEXT NOT NULL COLLATE NOCASE,
        seat INTEGER NOT NULL,
        PRIMARY KEY (tournament_id, userid)
     ) WITHOUT ROWID;
     CREATE TABLE IF NOT EXISTS tournament_boards (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        white TEXT NOT NULL,
        black TEXT NOT NULL,
        score TEXT
     );
     CREATE INDEX IF NOT EXISTS tournament_boards_by_tournament
        ON tournament_boards (tournament_id);";

/// Version 19's tables (see `queue`, `undo`, `notes`, `seeks` and
/// `relayed` in the store). A queued line's `anchor` is the number of
/// moves on the board where the move it expects next begins; its `units`
/// are the expected and answering turns, space-separated, the actions of
/// one turn joined by commas.
pub(super) const PLANNING_AND_MEETING_TABLES: &str = "
    CREATE TABLE IF NOT EXISTS queued_lines (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        userid TEXT NOT NULL COLLATE NOCASE,
        anchor INTEGER NOT NULL,
        units TEXT NOT NULL,
        created INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS queued_lines_by_board ON queued_lines (game_id, userid);
    CREATE TABLE IF NOT EXISTS undo_proposals (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        side TEXT NOT NULL,
        moves INTEGER NOT NULL,
        proposed INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS board_events (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        after INTEGER NOT NULL,
        kind TEXT NOT NULL,
        userid TEXT NOT NULL,
        partner TEXT NOT NULL,
        detail TEXT NOT NULL,
        happened INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS board_events_by_game ON board_events (game_id, happened);
    CREATE TABLE IF NOT EXISTS notes (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        userid TEXT NOT NULL COLLATE NOCASE,
        text TEXT NOT NULL,
        written INTEGER NOT NULL,
        PRIMARY KEY (game_id, userid)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS seeks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        userid TEXT NOT NULL COLLATE NOCASE,
        switches TEXT NOT NULL,
        comment TEXT,
        posted INTEGER NOT NULL,
        expires INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS seeks_by_kind ON seeks (kind, id);
    CREATE INDEX IF NOT EXISTS seeks_by_expiry ON seeks (expires);
    CREATE TABLE IF NOT EXISTS relayed_messages (
        sender TEXT NOT NULL COLLATE NOCASE,
        recipient TEXT NOT NULL COLLATE NOCASE,
        sent INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS relayed_messages_by_sender ON relayed_messages (sender, sent);";
