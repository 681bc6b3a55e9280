-- Version 35: Swiss tournaments. A tournament keeps its rounds, round
-- deadline, tie-breaks, the colour the lot gave seed 1, when the
-- current round's deadline passes and the league it is a division of
-- (the columns listed in `steps.rs`); a player the rating he was seeded with;
-- the byes of each round.
-- The table and index: the byes, and the deadlines the timers look for.
CREATE TABLE IF NOT EXISTS tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    userid TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tournaments_by_round_due
    ON tournaments (round_due) WHERE round_due IS NOT NULL;
