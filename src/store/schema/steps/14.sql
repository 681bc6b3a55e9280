-- Version 14: Observers: who follows which board (every event, or only the
-- result), or every board of a type from a given number on (board 0).
CREATE TABLE IF NOT EXISTS subscriptions (
    userid TEXT NOT NULL COLLATE NOCASE,
    kind TEXT NOT NULL,
    board INTEGER NOT NULL,
    results_only INTEGER NOT NULL,
    since INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (userid, kind, board)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS subscriptions_by_board ON subscriptions (kind, board);
