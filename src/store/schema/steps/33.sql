-- Version 33: A tournament's admission and abort rule (the columns, listed
-- in `steps.rs`; older tournaments are open to all and count
-- aborted games by the host's rule), and who waits to join one.
--
-- Version 33: the tournaments' entrants, like the ladders' (whose
-- table version 31 made).
CREATE TABLE IF NOT EXISTS tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    state TEXT NOT NULL,
    since INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, userid)
) WITHOUT ROWID;
