-- Version 20: Robot opponents: a robot is a player with a level (the column is
-- listed in `steps.rs`; the host creates the robots), found by an index.
CREATE INDEX IF NOT EXISTS players_robots ON players (robot_level)
    WHERE robot_level IS NOT NULL;
