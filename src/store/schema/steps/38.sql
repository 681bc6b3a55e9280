-- Version 38: Runs of mails from one sender that drew only errors, so that
-- an autoresponder's loop ends.
CREATE TABLE IF NOT EXISTS error_runs (
    sender TEXT PRIMARY KEY,
    errors INTEGER NOT NULL,
    last_mail INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS error_runs_by_last ON error_runs (last_mail);
