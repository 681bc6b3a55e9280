-- Version 23: The web view. Each board's score once it is over, so that the
-- archive filters by result without replaying every board (boards
-- that ended by the rules before this version keep none: only a
-- replay knows who won them), and the indexes its lists page by.
--
-- Version 23's backfill of the scores, and its indexes.
UPDATE games SET score = CASE
    WHEN ending IN ('resigned', 'time_forfeit') AND ending_side = 'white' THEN '0-1'
    WHEN ending IN ('resigned', 'time_forfeit') AND ending_side = 'black' THEN '1-0'
    WHEN ending IN ('draw_agreed', 'time_forfeit_drawn') THEN '1/2-1/2'
END
WHERE status = 'finished';
CREATE INDEX IF NOT EXISTS games_finished_by_updated ON games (updated, id)
    WHERE status = 'finished';
CREATE INDEX IF NOT EXISTS games_running_by_updated ON games (updated, id)
    WHERE status = 'active';
CREATE INDEX IF NOT EXISTS games_by_created ON games (created);
CREATE INDEX IF NOT EXISTS tournament_players_by_userid ON tournament_players (userid);
CREATE INDEX IF NOT EXISTS games_running_by_white ON games (white COLLATE NOCASE, kind)
    WHERE status = 'active';
CREATE INDEX IF NOT EXISTS games_running_by_black ON games (black COLLATE NOCASE, kind)
    WHERE status = 'active';
