-- Version 36: Leagues, their players, each season's divisions (tournaments
-- of their own) and the moves between seasons.
--
-- Version 36's tables, and the events' log rebuilt to take a league's
-- lines (SQLite changes no CHECK in place; dropping a table fires none
-- of its triggers, which come back with it).
CREATE TABLE IF NOT EXISTS leagues (
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
CREATE TABLE IF NOT EXISTS league_players (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    joined INTEGER NOT NULL,
    division INTEGER,
    leaving INTEGER,
    PRIMARY KEY (league_id, userid)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS league_divisions (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    season INTEGER NOT NULL,
    division INTEGER NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    PRIMARY KEY (league_id, season, division)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS league_moves (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    season INTEGER NOT NULL,
    userid TEXT NOT NULL COLLATE NOCASE,
    from_division INTEGER,
    to_division INTEGER,
    PRIMARY KEY (league_id, season, userid)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS league_entrants (
    league_id INTEGER NOT NULL REFERENCES leagues(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    state TEXT NOT NULL,
    since INTEGER NOT NULL,
    PRIMARY KEY (league_id, userid)
) WITHOUT ROWID;
DROP TABLE IF EXISTS event_log_v36;
CREATE TABLE event_log_v36 (
    id INTEGER PRIMARY KEY,
    event_type TEXT NOT NULL CHECK (event_type IN ('tournament', 'ladder', 'league')),
    event_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
INSERT INTO event_log_v36 (id, event_type, event_id, at, actor, action, detail)
    SELECT id, event_type, event_id, at, actor, action, detail FROM event_log;
DROP TABLE event_log;
ALTER TABLE event_log_v36 RENAME TO event_log;
CREATE INDEX IF NOT EXISTS event_log_by_event ON event_log (event_type, event_id, id);
CREATE TRIGGER IF NOT EXISTS event_log_kept BEFORE UPDATE ON event_log
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS event_log_never_deleted BEFORE DELETE ON event_log
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
