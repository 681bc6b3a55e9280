-- Version 24: The hourly cap counts a mailbox, not each spelling of it (the
-- `mailbox` column, listed in `steps.rs`: lower case, no `+tag`;
-- rows from before count by their lower-cased address), and answers
-- to strangers are counted across all of them.
UPDATE outbox SET mailbox = lower(recipient) WHERE mailbox IS NULL;
CREATE INDEX IF NOT EXISTS outbox_by_mailbox ON outbox (mailbox, sent);
CREATE INDEX IF NOT EXISTS outbox_strangers ON outbox (created)
    WHERE purpose = 'stranger';
