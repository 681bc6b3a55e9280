-- Version 8: Each reply leaves once and the hourly cap defers instead of
-- dropping. `purpose` says how the cap treats a row ('game': a player's
-- own game, only ever held back; 'answer': may be dropped); rows of
-- older versions count as 'game', so none of them is ever dropped. A
-- sender claims rows before handing them over (`claimed_by`, and
-- `claimed_until` in Unix ms); `held_until` (Unix ms) marks a row the
-- cap holds back; `dropped` (Unix seconds) an answer the cap dropped.
-- The cap counts what was sent to an address in the last hour, by the
-- index on (recipient, sent); the one on (recipient, created) counted
-- what was queued and goes. Dropped rows leave the index of due rows.
-- (Its columns, listed in `steps.rs`, come first.)
DROP INDEX IF EXISTS outbox_by_recipient;
CREATE INDEX IF NOT EXISTS outbox_sent_to ON outbox (recipient COLLATE NOCASE, sent)
    WHERE sent IS NOT NULL;
DROP INDEX IF EXISTS outbox_due;
CREATE INDEX outbox_due ON outbox (next_attempt, id)
    WHERE sent IS NULL AND failure IS NULL AND dropped IS NULL;
