-- Version 25: The operator's tools: the security log, the addresses and
-- domains blocked from everything, and the accounts locked.
CREATE TABLE IF NOT EXISTS security_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    userid TEXT COLLATE NOCASE,
    address TEXT COLLATE NOCASE,
    detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS security_log_by_time ON security_log (at);
CREATE TABLE IF NOT EXISTS blocked_addresses (
    pattern TEXT PRIMARY KEY COLLATE NOCASE,
    since INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS locked_accounts (
    userid TEXT PRIMARY KEY COLLATE NOCASE,
    since INTEGER NOT NULL
);
