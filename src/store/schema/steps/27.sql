-- Version 27: The web view pages its standings and ladders by rank.
--
-- Version 27's indexes: the archive finds a result's or a game's boards
-- newest first without reading the others; the standings read a game's
-- ratings best first from one that holds every column (no row looked
-- up, nothing sorted); a ladder's feed its boards newest first. (A
-- ladder's page finds its rungs by rank through version 31's
-- `ladder_rungs_by_rank`; the index this version once made on the old
-- `ladder` table went with it.)
CREATE INDEX IF NOT EXISTS games_by_score ON games (score) WHERE score IS NOT NULL;
CREATE INDEX IF NOT EXISTS games_by_game ON games (lower(kind));
CREATE INDEX IF NOT EXISTS ratings_by_rating ON ratings
    (kind, rating DESC, userid, deviation, volatility, last_rated, won, lost, drawn);
CREATE INDEX IF NOT EXISTS ladder_games_by_kind ON ladder_games (kind);
