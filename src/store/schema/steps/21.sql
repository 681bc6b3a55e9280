-- Version 21: IMAP intake: each mailbox's cursor (see imap_cursor.rs).
CREATE TABLE IF NOT EXISTS imap_cursors (
    mailbox TEXT PRIMARY KEY,
    uidvalidity INTEGER NOT NULL,
    last_uid INTEGER NOT NULL,
    updated INTEGER NOT NULL
);
