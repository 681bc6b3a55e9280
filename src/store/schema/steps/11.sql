-- Version 11: Accounts that cannot be taken over. Wrong passwords counted per
-- account and per sender address, with the lock they earn; addresses
-- a player asked for that have not confirmed yet. What each id the
-- host sent proves (`scope`, with its `detail`: the address to confirm
-- or the addresses a change replaced) and the move a board mail asked
-- for (`asks`); those columns, listed in `steps.rs`, come
-- first.
CREATE TABLE IF NOT EXISTS login_failures (
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
) WITHOUT ROWID;
