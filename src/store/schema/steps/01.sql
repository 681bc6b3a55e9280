-- Version 1: Players, games with their move lists, seen mail, threading ids,
-- outbox.
CREATE TABLE players (
    userid TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    addresses TEXT NOT NULL,
    signed_off INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    switches TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL
);
CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    side TEXT NOT NULL,
    notation TEXT NOT NULL,
    public_notation TEXT NOT NULL,
    played INTEGER NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE seen_messages (
    message_id TEXT PRIMARY KEY,
    received INTEGER NOT NULL
);
CREATE TABLE sent_ids (
    message_id TEXT PRIMARY KEY,
    userid TEXT NOT NULL,
    game_id INTEGER,
    created INTEGER NOT NULL
);
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    message_id TEXT NOT NULL,
    in_reply_to TEXT,
    references_ids TEXT NOT NULL,
    created INTEGER NOT NULL,
    sent INTEGER
);
