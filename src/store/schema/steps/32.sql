-- Version 32: The append-only log of each event, and the directors' rulings
-- on boards (adjudications, forfeits, voids) with their reasons.
--
-- The tables version 32 adds: the events' logs, kept append-only by
-- triggers, and the directors' rulings on boards.
CREATE TABLE IF NOT EXISTS event_log (
    id INTEGER PRIMARY KEY,
    event_type TEXT NOT NULL CHECK (event_type IN ('tournament', 'ladder')),
    event_id INTEGER NOT NULL,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS event_log_by_event ON event_log (event_type, event_id, id);
CREATE TRIGGER IF NOT EXISTS event_log_kept BEFORE UPDATE ON event_log
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS event_log_never_deleted BEFORE DELETE ON event_log
BEGIN SELECT RAISE(ABORT, 'the event log is append-only'); END;
CREATE TABLE IF NOT EXISTS rulings (
    game_id INTEGER PRIMARY KEY,
    actor TEXT NOT NULL,
    verdict TEXT NOT NULL,
    reason TEXT NOT NULL,
    at INTEGER NOT NULL
);
