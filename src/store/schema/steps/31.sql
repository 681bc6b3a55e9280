-- Version 31: Several ladders a game type, each with its director and
-- rules. The tables; the code step in `schema/steps.rs` (`ladders_v31`)
-- runs this, then moves each game type's one ladder of older versions
-- into them.
CREATE TABLE IF NOT EXISTS ladders (
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
CREATE TABLE IF NOT EXISTS ladder_rungs (
    ladder_id INTEGER NOT NULL REFERENCES ladders(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    rank INTEGER NOT NULL,
    active_since INTEGER NOT NULL,
    drops INTEGER NOT NULL DEFAULT 0,
    next_drop INTEGER,
    suspended INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (ladder_id, userid)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ladder_rungs_by_rank ON ladder_rungs (ladder_id, rank);
CREATE INDEX IF NOT EXISTS ladder_rungs_next_drop ON ladder_rungs (next_drop)
    WHERE next_drop IS NOT NULL;
CREATE TABLE IF NOT EXISTS ladder_entrants (
    ladder_id INTEGER NOT NULL REFERENCES ladders(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    state TEXT NOT NULL,
    since INTEGER NOT NULL,
    PRIMARY KEY (ladder_id, userid)
) WITHOUT ROWID;
