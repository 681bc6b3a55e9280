-- Version 5: The hourly cap counts a recipient's mail ignoring case; an index
-- with the same collation spares it a scan of the whole outbox on every
-- mail queued. The sender finds due rows by version 4's partial index,
-- so the older index of unsent rows only cost a page write per mail
-- queued and sent (the operator's listing can scan). Userids are
-- looked up ignoring case, several times a mail: indexes with that
-- collation spare a scan of every player and every game.
DROP INDEX outbox_unsent;
DROP INDEX outbox_by_recipient;
CREATE INDEX outbox_by_recipient ON outbox (recipient COLLATE NOCASE, created);
CREATE INDEX players_by_userid ON players (userid COLLATE NOCASE);
CREATE INDEX games_by_white ON games (white COLLATE NOCASE);
CREATE INDEX games_by_black ON games (black COLLATE NOCASE);
