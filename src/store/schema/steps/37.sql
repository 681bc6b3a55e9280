-- Version 37: The sender decides held mail once per cap, not on every start
-- (the cap it was held under), and old sent rows are pruned by the
-- indexes of when they were sent or dropped.
--
-- What version 37 adds: the cap the held rows were decided under, and
-- the indexes that find old sent and dropped rows.
CREATE TABLE IF NOT EXISTS outbox_cap (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    per_hour INTEGER NOT NULL,
    answers_per_hour INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS outbox_sent_at ON outbox (sent) WHERE sent IS NOT NULL;
CREATE INDEX IF NOT EXISTS outbox_dropped_at ON outbox (dropped)
    WHERE dropped IS NOT NULL;
