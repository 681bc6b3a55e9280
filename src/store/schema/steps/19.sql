-- Version 19: What comes after pbmserv's commands: conditional moves, agreed
-- take-backs kept in a board's event history, private notes, open
-- challenges (seeks), and messages passed between players.
--
-- Version 19's tables (see `queue`, `undo`, `notes`, `seeks` and
-- `relayed` in the store). A queued line's `anchor` is the number of
-- moves on the board where the move it expects next begins; its `units`
-- are the expected and answering turns, space-separated, the actions of
-- one turn joined by commas.
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
CREATE INDEX IF NOT EXISTS relayed_messages_by_sender ON relayed_messages (sender, sent);
