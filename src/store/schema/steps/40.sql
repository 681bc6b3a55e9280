-- Version 40: the IMAP messages intake left on the server, too large or
-- larger than the server said, by mailbox, UIDVALIDITY and UID, with why
-- and when.
CREATE TABLE IF NOT EXISTS imap_skipped (
    mailbox TEXT NOT NULL,
    uidvalidity INTEGER NOT NULL,
    uid INTEGER NOT NULL,
    reason TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (mailbox, uidvalidity, uid)
) WITHOUT ROWID;
