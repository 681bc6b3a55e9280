-- Version 12: Correspondence clocks. Each player's clock on each board, with
-- the moment it next needs the host (`due`: a reminder or a loss on
-- time) in an index, so finding due timers never scans the boards.
-- Boards running before clocks existed get theirs from `pbem tick`
-- through `clocks_to_start`, started when the tick runs. A board's
-- agreed pause, a player's reminders and vacation (the columns,
-- listed in `steps.rs`, come first).
CREATE TABLE IF NOT EXISTS clocks (
    game_id INTEGER NOT NULL,
    side TEXT NOT NULL,
    to_move INTEGER NOT NULL,
    running_since INTEGER,
    used INTEGER NOT NULL DEFAULT 0,
    bank INTEGER,
    nagged INTEGER,
    due INTEGER,
    PRIMARY KEY (game_id, side)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS clocks_due ON clocks (due) WHERE due IS NOT NULL;
CREATE TABLE IF NOT EXISTS clocks_to_start (game_id INTEGER PRIMARY KEY);
INSERT OR IGNORE INTO clocks_to_start (game_id)
    SELECT id FROM games WHERE status = 'active'
      AND id NOT IN (SELECT game_id FROM clocks);
CREATE INDEX IF NOT EXISTS players_vacation_ends ON players (vacation_ends)
    WHERE vacation_ends IS NOT NULL;
