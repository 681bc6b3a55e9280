-- Version 10: No password in stored mail. Error mails of older versions quoted
-- the command with its password (`> Subject: ...`, `> line`) and
-- refusals repeated its words. The step only marks the outbox as
-- due for masking; the host, which knows where passwords stand, masks
-- it when it opens the file (mask_legacy_quotes).
CREATE TABLE IF NOT EXISTS outbox_masking_due (one INTEGER PRIMARY KEY);
INSERT OR IGNORE INTO outbox_masking_due SELECT 1 WHERE EXISTS (SELECT 1 FROM outbox);
