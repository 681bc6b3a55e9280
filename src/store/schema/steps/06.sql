-- Version 6: The tables looked up only by their primary key are stored in
-- that key's order (WITHOUT ROWID), so an insert writes one b-tree
-- page instead of a row page and an index page: a move mail writes
-- a seen id, a move and two sent ids, and every page written is
-- fsynced and later checkpointed.
CREATE TABLE seen_messages_v6 (
    message_id TEXT PRIMARY KEY,
    received INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO seen_messages_v6 (message_id, received)
    SELECT message_id, received FROM seen_messages;
DROP TABLE seen_messages;
ALTER TABLE seen_messages_v6 RENAME TO seen_messages;
CREATE TABLE sent_ids_v6 (
    message_id TEXT PRIMARY KEY,
    userid TEXT NOT NULL,
    game_id INTEGER,
    created INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO sent_ids_v6 (message_id, userid, game_id, created)
    SELECT message_id, userid, game_id, created FROM sent_ids;
DROP TABLE sent_ids;
ALTER TABLE sent_ids_v6 RENAME TO sent_ids;
CREATE INDEX sent_ids_by_player ON sent_ids (userid, game_id, created);
CREATE TABLE moves_v6 (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    side TEXT NOT NULL,
    notation TEXT NOT NULL,
    public_notation TEXT NOT NULL,
    played INTEGER NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;
INSERT INTO moves_v6 (game_id, number, side, notation, public_notation, played)
    SELECT game_id, number, side, notation, public_notation, played FROM moves;
DROP TABLE moves;
ALTER TABLE moves_v6 RENAME TO moves;
