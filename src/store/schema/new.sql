-- The schema of a new database: what the steps of `steps.rs` build from
-- an empty file. Written by a test (`schema::tests`), never by hand:
-- after adding a step, `UPDATE_EXPECT=1 cargo test --lib schema` rewrites
-- it, and the diff shows what the step changed.

CREATE TABLE players (
    userid TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    addresses TEXT NOT NULL,
    signed_off INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL,
    language TEXT,
    reminders TEXT,
    vacation_since INTEGER,
    vacation_ends INTEGER,
    vacation_year INTEGER NOT NULL DEFAULT 0,
    vacation_used INTEGER NOT NULL DEFAULT 0,
    digest_due INTEGER,
    public_comments INTEGER NOT NULL DEFAULT 0,
    board_style TEXT,
    robot_level INTEGER,
    weak_password_told INTEGER NOT NULL DEFAULT 0,
    challengers TEXT NOT NULL DEFAULT 'anyone'
);
CREATE INDEX players_by_userid ON players (userid COLLATE NOCASE);
CREATE INDEX players_vacation_ends ON players (vacation_ends) WHERE vacation_ends IS NOT NULL;
CREATE INDEX players_digest_due ON players (digest_due) WHERE digest_due IS NOT NULL;
CREATE INDEX players_robots ON players (robot_level) WHERE robot_level IS NOT NULL;

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    switches TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    draw_offer TEXT,
    rated INTEGER NOT NULL DEFAULT 1,
    host_options TEXT NOT NULL DEFAULT '',
    ending TEXT,
    ending_side TEXT,
    paused INTEGER NOT NULL DEFAULT 0,
    pause_offer TEXT,
    score TEXT
);
CREATE INDEX games_by_white ON games (white COLLATE NOCASE);
CREATE INDEX games_by_black ON games (black COLLATE NOCASE);
CREATE INDEX games_finished_by_updated ON games (updated, id) WHERE status = 'finished';
CREATE INDEX games_running_by_updated ON games (updated, id) WHERE status = 'active';
CREATE INDEX games_by_created ON games (created);
CREATE INDEX games_running_by_white ON games (white COLLATE NOCASE, kind) WHERE status = 'active';
CREATE INDEX games_running_by_black ON games (black COLLATE NOCASE, kind) WHERE status = 'active';
CREATE INDEX games_by_score ON games (score) WHERE score IS NOT NULL;
CREATE INDEX games_by_game ON games (lower(kind));

CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    message_id TEXT NOT NULL,
    in_reply_to TEXT,
    references_ids TEXT NOT NULL,
    created INTEGER NOT NULL,
    sent INTEGER,
    failure TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    unreachable INTEGER NOT NULL DEFAULT 0,
    failed_at INTEGER,
    purpose TEXT NOT NULL DEFAULT 'game',
    claimed_by TEXT,
    claimed_until INTEGER,
    held_until INTEGER,
    dropped INTEGER,
    attachment_name TEXT,
    attachment_type TEXT,
    attachment_text TEXT,
    html_body TEXT,
    html_image BLOB,
    mailbox TEXT
);
CREATE INDEX outbox_unreachable ON outbox (id) WHERE unreachable = 1 AND sent IS NULL AND failure IS NULL;
CREATE INDEX outbox_sent_to ON outbox (recipient COLLATE NOCASE, sent) WHERE sent IS NOT NULL;
CREATE INDEX outbox_due ON outbox (next_attempt, id) WHERE sent IS NULL AND failure IS NULL AND dropped IS NULL;
CREATE INDEX outbox_by_mailbox ON outbox (mailbox, sent);
CREATE INDEX outbox_strangers ON outbox (created) WHERE purpose = 'stranger';
CREATE INDEX outbox_sent_at ON outbox (sent) WHERE sent IS NOT NULL;
CREATE INDEX outbox_dropped_at ON outbox (dropped) WHERE dropped IS NOT NULL;

CREATE TABLE preferences (
    userid TEXT NOT NULL,
    kind TEXT NOT NULL,
    accepts INTEGER NOT NULL DEFAULT 1,
    game_limit INTEGER,
    PRIMARY KEY (userid, kind)
);

CREATE TABLE seen_messages (
    message_id TEXT PRIMARY KEY,
    received INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE sent_ids (
    message_id TEXT PRIMARY KEY,
    userid TEXT NOT NULL,
    game_id INTEGER,
    created INTEGER NOT NULL,
    scope TEXT,
    detail TEXT,
    asks INTEGER
) WITHOUT ROWID;

CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    side TEXT NOT NULL,
    notation TEXT NOT NULL,
    public_notation TEXT NOT NULL,
    played INTEGER NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;

CREATE TABLE threads (
    game_id INTEGER NOT NULL,
    userid TEXT NOT NULL,
    root_id TEXT NOT NULL,
    latest_id TEXT NOT NULL,
    PRIMARY KEY (game_id, userid)
) WITHOUT ROWID;

CREATE TABLE login_failures (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_failure INTEGER NOT NULL,
    locked_until INTEGER,
    warned INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE INDEX login_failures_by_last ON login_failures (last_failure);

CREATE TABLE pending_addresses (
    userid TEXT NOT NULL COLLATE NOCASE,
    address TEXT NOT NULL COLLATE NOCASE,
    requested INTEGER NOT NULL,
    PRIMARY KEY (userid, address)
) WITHOUT ROWID;

CREATE TABLE clocks (
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
CREATE INDEX clocks_due ON clocks (due) WHERE due IS NOT NULL;

CREATE TABLE clocks_to_start (
    game_id INTEGER PRIMARY KEY
);

CREATE TABLE subscriptions (
    userid TEXT NOT NULL COLLATE NOCASE,
    kind TEXT NOT NULL,
    board INTEGER NOT NULL,
    results_only INTEGER NOT NULL,
    since INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (userid, kind, board)
) WITHOUT ROWID;
CREATE INDEX subscriptions_by_board ON subscriptions (kind, board);

CREATE TABLE comments (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    after INTEGER NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    written INTEGER NOT NULL
);
CREATE INDEX comments_by_game ON comments (game_id, after);

CREATE TABLE ratings (
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
CREATE INDEX ratings_by_rating ON ratings (kind, rating DESC, userid, deviation, volatility, last_rated, won, lost, drawn);

CREATE TABLE rating_changes (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    before REAL NOT NULL,
    after REAL NOT NULL,
    deviation REAL NOT NULL,
    PRIMARY KEY (game_id, userid)
) WITHOUT ROWID;

CREATE TABLE ladder_games (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    challenger TEXT NOT NULL COLLATE NOCASE,
    challenged TEXT NOT NULL COLLATE NOCASE,
    settled INTEGER NOT NULL DEFAULT 0,
    score TEXT,
    ladder_id INTEGER,
    aborted TEXT
);
CREATE INDEX ladder_games_open ON ladder_games (kind) WHERE settled = 0;
CREATE INDEX ladder_games_by_kind ON ladder_games (kind);
CREATE INDEX ladder_games_by_ladder ON ladder_games (ladder_id);

CREATE TABLE tournaments (
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
    comment TEXT,
    format TEXT NOT NULL DEFAULT 'round_robin',
    admission TEXT NOT NULL DEFAULT 'open',
    aborted TEXT,
    rounds INTEGER,
    round_days INTEGER,
    tiebreaks TEXT,
    first_colour TEXT,
    round_due INTEGER,
    league_id INTEGER,
    UNIQUE (kind, name)
);
CREATE INDEX tournaments_by_round_due ON tournaments (round_due) WHERE round_due IS NOT NULL;

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    seat INTEGER NOT NULL,
    seed INTEGER,
    withdrawn INTEGER,
    rating INTEGER,
    PRIMARY KEY (tournament_id, userid)
) WITHOUT ROWID;
CREATE INDEX tournament_players_by_userid ON tournament_players (userid);

CREATE TABLE tournament_boards (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    score TEXT,
    match_no INTEGER
);
CREATE INDEX tournament_boards_by_tournament ON tournament_boards (tournament_id);

CREATE TABLE queued_lines (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    anchor INTEGER NOT NULL,
    units TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX queued_lines_by_board ON queued_lines (game_id, userid);

CREATE TABLE undo_proposals (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    side TEXT NOT NULL,
    moves INTEGER NOT NULL,
    proposed INTEGER NOT NULL
);

CREATE TABLE board_events (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    after INTEGER NOT NULL,
    kind TEXT NOT NULL,
    userid TEXT NOT NULL,
    partner TEXT NOT NULL,
    detail TEXT NOT NULL,
    happened INTEGER NOT NULL
);
CREATE INDEX board_events_by_game ON board_events (game_id, happened);

CREATE TABLE notes (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    text TEXT NOT NULL,
    written INTEGER NOT NULL,
    PRIMARY KEY (game_id, userid)
) WITHOUT ROWID;

CREATE TABLE seeks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    userid TEXT NOT NULL COLLATE NOCASE,
    switches TEXT NOT NULL,
    comment TEXT,
    posted INTEGER NOT NULL,
    expires INTEGER NOT NULL
);
CREATE INDEX seeks_by_kind ON seeks (kind, id);
CREATE INDEX seeks_by_expiry ON seeks (expires);

CREATE TABLE relayed_messages (
    sender TEXT NOT NULL COLLATE NOCASE,
    recipient TEXT NOT NULL COLLATE NOCASE,
    sent INTEGER NOT NULL
);
CREATE INDEX relayed_messages_by_sender ON relayed_messages (sender, sent);

CREATE TABLE imap_cursors (
    mailbox TEXT PRIMARY KEY,
    uidvalidity INTEGER NOT NULL,
    last_uid INTEGER NOT NULL,
    updated INTEGER NOT NULL
);

CREATE TABLE security_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    userid TEXT COLLATE NOCASE,
    address TEXT COLLATE NOCASE,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX security_log_by_time ON security_log (at);

CREATE TABLE blocked_addresses (
    pattern TEXT PRIMARY KEY COLLATE NOCASE,
    since INTEGER NOT NULL
);

CREATE TABLE locked_accounts (
    userid TEXT PRIMARY KEY COLLATE NOCASE,
    since INTEGER NOT NULL
);

CREATE TABLE ladders (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL COLLATE NOCASE,
    director TEXT COLLATE NOCASE,
    rules TEXT NOT NULL DEFAULT '',
    comment TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'open',
    created INTEGER NOT NULL,
    UNIQUE (kind, name)
);

CREATE TABLE ladder_rungs (
    ladder_id INTEGER NOT NULL REFERENCES ladders(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    rank INTEGER NOT NULL,
    active_since INTEGER NOT NULL,
    drops INTEGER NOT NULL DEFAULT 0,
    next_drop INTEGER,
    suspended INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (ladder_id, userid)
) WITHOUT ROWID;
CREATE INDEX ladder_rungs_by_rank ON ladder_rungs (ladder_id, rank);
CREATE INDEX ladder_rungs_next_drop ON ladder_rungs (next_drop) WHERE next_drop IS NOT NULL;

CREATE TABLE ladder_entrants (
    ladder_id INTEGER NOT NULL REFERENCES ladders(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    state TEXT NOT NULL,
    since INTEGER NOT NULL,
    PRIMARY KEY (ladder_id, userid)
) WITHOUT ROWID;

CREATE TABLE rulings (
    game_id INTEGER PRIMARY KEY,
    actor TEXT NOT NULL,
    verdict TEXT NOT NULL,
    reason TEXT NOT NULL,
    at INTEGER NOT NULL
);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    state TEXT NOT NULL,
    since INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, userid)
) WITHOUT ROWID;

CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    userid TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

CREATE TABLE leagues (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL COLLATE NOCASE,
    organiser TEXT NOT NULL COLLATE NOCASE,
    size INTEGER NOT NULL,
    updown INTEGER NOT NULL,
    rules TEXT NOT NULL,
    switches TEXT NOT NULL,
    comment TEXT,
    status TEXT NOT NULL,
    season INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL,
    UNIQUE (kind, name)
);

CREATE TABLE league_players (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    joined INTEGER NOT NULL,
    division INTEGER,
    leaving INTEGER,
    PRIMARY KEY (league_id, userid)
) WITHOUT ROWID;

CREATE TABLE league_divisions (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    season INTEGER NOT NULL,
    division INTEGER NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    PRIMARY KEY (league_id, season, division)
) WITHOUT ROWID;

CREATE TABLE league_moves (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    season INTEGER NOT NULL,
    userid TEXT NOT NULL COLLATE NOCASE,
    from_division INTEGER,
    to_division INTEGER,
    PRIMARY KEY (league_id, season, userid)
) WITHOUT ROWID;

CREATE TABLE league_entrants (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    state TEXT NOT NULL,
    since INTEGER NOT NULL,
    PRIMARY KEY (league_id, userid)
) WITHOUT ROWID;

CREATE TABLE event_log (
    id INTEGER PRIMARY KEY,
    event_type TEXT NOT NULL CHECK (event_type IN ('tournament', 'ladder', 'league')),
    event_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX event_log_by_event ON event_log (event_type, event_id, id);
CREATE TRIGGER event_log_kept BEFORE UPDATE ON event_log BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER event_log_never_deleted BEFORE DELETE ON event_log BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;

CREATE TABLE outbox_cap (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    per_hour INTEGER NOT NULL,
    answers_per_hour INTEGER NOT NULL
);

CREATE TABLE error_runs (
    sender TEXT PRIMARY KEY,
    errors INTEGER NOT NULL,
    last_mail INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX error_runs_by_last ON error_runs (last_mail);
