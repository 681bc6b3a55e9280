-- Version 4: Retries. A row the transport could not hand over waits with its
-- attempt count, the time of its next try (Unix milliseconds) and the
-- last error; `unreachable` marks a row whose last try found the
-- transport unreachable, so it can go at once when the server is back;
-- `failed_at` says when a row was set aside, so the operator can see
-- since when a mail was given up.
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN unreachable INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN failed_at INTEGER;
CREATE INDEX outbox_due ON outbox (next_attempt, id)
    WHERE sent IS NULL AND failure IS NULL;
CREATE INDEX outbox_unreachable ON outbox (id)
    WHERE unreachable = 1 AND sent IS NULL AND failure IS NULL;
