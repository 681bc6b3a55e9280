-- Version 26: `declined` boards become `aborted`; ladder_games.score.
--
-- Version 26's step: boards stored as `declined` (a decline, or a
-- resignation before moving) are aborted boards, by the name every
-- board stopped before each player moved now has. Run again on a file
-- whose version was rolled back, it finds nothing left to change.
UPDATE games SET status = 'aborted' WHERE status = 'declined';
