-- Version 39: each outbox row names the sender whose mail caused it (the
-- `cause` column, added where missing; older rows have none), so that his
-- own cap counts what he made the host send to anyone.
CREATE INDEX IF NOT EXISTS outbox_by_cause ON outbox (cause, created)
    WHERE cause IS NOT NULL;
