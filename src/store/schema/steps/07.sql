-- Version 7: Each player's thread in a game (its first and latest Message-ID)
-- is one row beside the other seat's, updated in place, instead of an
-- index over every id ever sent, searched from both ends per mail.
CREATE TABLE threads (
    game_id INTEGER NOT NULL,
    userid TEXT NOT NULL,
    root_id TEXT NOT NULL,
    latest_id TEXT NOT NULL,
    PRIMARY KEY (game_id, userid)
) WITHOUT ROWID;
INSERT INTO threads (game_id, userid, root_id, latest_id)
    SELECT game_id, userid,
         (SELECT first.message_id FROM sent_ids AS first
          WHERE first.userid = sent.userid AND first.game_id = sent.game_id
          ORDER BY first.created, first.message_id LIMIT 1),
         (SELECT latest.message_id FROM sent_ids AS latest
          WHERE latest.userid = sent.userid AND latest.game_id = sent.game_id
          ORDER BY latest.created DESC, latest.message_id DESC LIMIT 1)
    FROM sent_ids AS sent
    WHERE game_id IS NOT NULL
    GROUP BY game_id, userid;
DROP INDEX sent_ids_by_player;
