-- Version 17: Ratings per game type and what each rated game changed, the
-- challenge ladders with their games, and round-robin tournaments.
CREATE TABLE IF NOT EXISTS ratings (
    userid TEXT NOT NULL COLLATE NOCASE,
    kind TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    last_rated INTEGER NOT NULL,
    won INTEGER NOT NULL DEFAULT 0,
    lost INTEGER NOT NULL DEFAULT 0,
    drawn INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, userid)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rating_changes (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    before REAL NOT NULL,
    after REAL NOT NULL,
    deviation REAL NOT NULL,
    PRIMARY KEY (game_id, userid)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ladder (
    kind TEXT NOT NULL,
    userid TEXT NOT NULL COLLATE NOCASE,
    rank INTEGER NOT NULL,
    active_since INTEGER NOT NULL,
    drops INTEGER NOT NULL DEFAULT 0,
    next_drop INTEGER,
    PRIMARY KEY (kind, userid)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ladder_next_drop ON ladder (next_drop)
    WHERE next_drop IS NOT NULL;
CREATE TABLE IF NOT EXISTS ladder_games (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    challenger TEXT NOT NULL COLLATE NOCASE,
    challenged TEXT NOT NULL COLLATE NOCASE,
    settled INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS ladder_games_open ON ladder_games (kind)
    WHERE settled = 0;
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL COLLATE NOCASE,
    organiser TEXT NOT NULL COLLATE NOCASE,
    double INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    switches TEXT NOT NULL,
    status TEXT NOT NULL,
    created INTEGER NOT NULL,
    started INTEGER,
    finished INTEGER,
    UNIQUE (kind, name)
);
CREATE TABLE IF NOT EXISTS tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    userid TEXT NOT NULL COLLATE NOCASE,
    seat INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, userid)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tournament_boards (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    score TEXT
);
CREATE INDEX IF NOT EXISTS tournament_boards_by_tournament
    ON tournament_boards (tournament_id);
