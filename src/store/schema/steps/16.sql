-- Version 16: The comments players write with their moves, for a board's
-- record (shown only for players who allow it: `public_comments`,
-- the column this adds).
CREATE TABLE IF NOT EXISTS comments (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    after INTEGER NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    written INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS comments_by_game ON comments (game_id, after);
