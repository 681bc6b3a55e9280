-- Version 15: A player's daily digest instead of a mail per move: when his
-- next one is due (none: he takes a mail per move), found by index.
CREATE INDEX IF NOT EXISTS players_digest_due ON players (digest_due)
    WHERE digest_due IS NOT NULL;
