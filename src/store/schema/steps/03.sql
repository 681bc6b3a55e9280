-- Version 3: An outbox row that can never be built (a recipient address the
-- transport refuses) is set aside with the reason instead of blocking
-- every row behind it.
ALTER TABLE outbox ADD COLUMN failure TEXT;
