-- Version 2: Draw offers and the host's own challenge options on games,
-- per-game-type preferences (accept/reject, limit), indexes for the
-- threading and outbox look-ups.
ALTER TABLE games ADD COLUMN draw_offer TEXT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN host_options TEXT NOT NULL DEFAULT '';
CREATE TABLE preferences (
    userid TEXT NOT NULL,
    kind TEXT NOT NULL,
    accepts INTEGER NOT NULL DEFAULT 1,
    game_limit INTEGER,
    PRIMARY KEY (userid, kind)
);
CREATE INDEX sent_ids_by_player ON sent_ids (userid, game_id, created);
CREATE INDEX outbox_unsent ON outbox (sent, id);
CREATE INDEX outbox_by_recipient ON outbox (recipient, created);
