//! The columns steps of the schema add to existing tables, each only
//! where an older file lacks it (see `add_missing_columns`), so a file
//! whose version number was set back by hand still upgrades.

/// The columns version 30 adds for knockout tournaments, by table: a
/// tournament's format (`round_robin`, `knockout`; older rows are round
/// robins), each player's seed once a knockout starts (0 the strongest),
/// and the match a knockout board is a game of within its round.
pub(super) const KNOCKOUT_V30_COLUMNS: &[(&str, &[(&str, &str)])] = &[
    (
        "tournaments",
        &[("format", "TEXT NOT NULL DEFAULT 'round_robin'")],
    ),
    ("tournament_players", &[("seed", "INTEGER")]),
    ("tournament_boards", &[("match_no", "INTEGER")]),
];

/// The columns version 33 adds to the tournaments: who may join
/// (`open`, `approval`, `invitation`) and how an aborted game counts
/// (`loss`, `void`; none: the host's rule, as before).
pub(super) const TOURNAMENT_V33_COLUMNS: &[(&str, &str)] = &[
    ("admission", "TEXT NOT NULL DEFAULT 'open'"),
    ("aborted", "TEXT"),
];

/// The column version 34 adds to a tournament's players: when he was
/// taken out of it, if he was.
pub(super) const TOURNAMENT_V34_COLUMNS: &[(&str, &str)] = &[("withdrawn", "INTEGER")];

/// The columns version 35 adds to the tournaments (a Swiss's rules and
/// state, and the league a division belongs to) and to their players
/// (the rating each was seeded with).
pub(super) const TOURNAMENT_V35_COLUMNS: &[(&str, &[(&str, &str)])] = &[
    (
        "tournaments",
        &[
            ("rounds", "INTEGER"),
            ("round_days", "INTEGER"),
            ("tiebreaks", "TEXT"),
            ("first_colour", "TEXT"),
            ("round_due", "INTEGER"),
            ("league_id", "INTEGER"),
        ],
    ),
    ("tournament_players", &[("rating", "INTEGER")]),
];

/// The column version 29 adds to the tournaments: the organiser's note.
pub(super) const TOURNAMENT_V29_COLUMNS: &[(&str, &str)] = &[("comment", "TEXT")];

/// The column version 28 adds to the players: who may challenge him
/// (`anyone`, `played`, `nobody`).
pub(super) const CHALLENGERS_COLUMNS: &[(&str, &str)] =
    &[("challengers", "TEXT NOT NULL DEFAULT 'anyone'")];

/// The column version 39 adds to the outbox: the mailbox of the sender
/// whose mail caused the row.
pub(super) const OUTBOX_V39_COLUMNS: &[(&str, &str)] = &[("cause", "TEXT")];

/// The column version 24 adds to the outbox.
pub(super) const OUTBOX_V24_COLUMNS: &[(&str, &str)] = &[("mailbox", "TEXT")];

/// The column version 22 adds to the players.
pub(super) const WEAK_PASSWORD_COLUMNS: &[(&str, &str)] =
    &[("weak_password_told", "INTEGER NOT NULL DEFAULT 0")];

/// The column version 20 adds to the players.
pub(super) const ROBOT_COLUMNS: &[(&str, &str)] = &[("robot_level", "INTEGER")];

/// The columns version 18 adds, by table, each only where missing.
pub(super) const BOARD_PICTURES_COLUMNS: &[(&str, &[(&str, &str)])] = &[
    ("outbox", &[("html_body", "TEXT"), ("html_image", "BLOB")]),
    ("players", &[("board_style", "TEXT")]),
];

/// The outbox columns version 8 adds. Each is added only where missing, so
/// a file whose version number was set back by hand still upgrades.
pub(super) const OUTBOX_V8_COLUMNS: &[(&str, &str)] = &[
    ("purpose", "TEXT NOT NULL DEFAULT 'game'"),
    ("claimed_by", "TEXT"),
    ("claimed_until", "INTEGER"),
    ("held_until", "INTEGER"),
    ("dropped", "INTEGER"),
];

/// The columns version 9 adds, by table, each only where missing.
pub(super) const GAME_AND_PLAYER_V9_COLUMNS: &[(&str, &[(&str, &str)])] = &[
    ("games", &[("ending", "TEXT"), ("ending_side", "TEXT")]),
    ("players", &[("language", "TEXT")]),
];

/// The columns version 13 adds to the outbox.
pub(super) const OUTBOX_V13_COLUMNS: &[(&str, &str)] = &[
    ("attachment_name", "TEXT"),
    ("attachment_type", "TEXT"),
    ("attachment_text", "TEXT"),
];

/// The columns version 12 adds, by table, each only where missing.
pub(super) const CLOCK_V12_COLUMNS: &[(&str, &[(&str, &str)])] = &[
    (
        "games",
        &[
            ("paused", "INTEGER NOT NULL DEFAULT 0"),
            ("pause_offer", "TEXT"),
        ],
    ),
    (
        "players",
        &[
            ("reminders", "TEXT"),
            ("vacation_since", "INTEGER"),
            ("vacation_ends", "INTEGER"),
            ("vacation_year", "INTEGER NOT NULL DEFAULT 0"),
            ("vacation_used", "INTEGER NOT NULL DEFAULT 0"),
        ],
    ),
];

/// The columns version 11 adds to the ids the host sent.
pub(super) const SENT_IDS_V11_COLUMNS: &[(&str, &str)] =
    &[("scope", "TEXT"), ("detail", "TEXT"), ("asks", "INTEGER")];
