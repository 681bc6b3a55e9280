//! The steps that bring a file of an older version up to date, in order:
//! `STEPS[n]` upgrades version `n` to `n + 1`. Each step's SQL is in
//! `steps/NN.sql` with why it was made; a new database skips them all
//! (`new.sql`, which a test holds equal to what they build).
//!
//! A step that adds columns adds each only where it is missing, so that
//! a file whose version number was set back by hand still upgrades.

use crate::store::error::StoreResult;
use rusqlite::Connection;

/// Columns by table, each a name and its type.
type Columns = &'static [(&'static str, &'static [(&'static str, &'static str)])];

/// One step of the schema.
pub(super) enum Step {
    /// SQL run as one batch.
    Sql(&'static str),
    /// Columns added where missing, then SQL (perhaps none).
    Columns(Columns, &'static str),
    /// A step that needs code.
    Code(fn(&Connection) -> StoreResult<()>),
}

impl Step {
    pub(super) fn run(&self, tx: &Connection) -> StoreResult<()> {
        match self {
            Step::Sql(sql) => tx.execute_batch(sql)?,
            Step::Columns(columns, sql) => {
                for (table, columns) in *columns {
                    add_missing_columns(tx, table, columns)?;
                }
                tx.execute_batch(sql)?;
            }
            Step::Code(step) => step(tx)?,
        }
        Ok(())
    }
}

pub(super) const STEPS: &[Step] = &[
    Step::Sql(include_str!("steps/01.sql")),
    Step::Sql(include_str!("steps/02.sql")),
    Step::Sql(include_str!("steps/03.sql")),
    Step::Sql(include_str!("steps/04.sql")),
    Step::Sql(include_str!("steps/05.sql")),
    Step::Sql(include_str!("steps/06.sql")),
    Step::Sql(include_str!("steps/07.sql")),
    Step::Columns(
        &[(
            "outbox",
            &[
                ("purpose", "TEXT NOT NULL DEFAULT 'game'"),
                ("claimed_by", "TEXT"),
                ("claimed_until", "INTEGER"),
                ("held_until", "INTEGER"),
                ("dropped", "INTEGER"),
            ],
        )],
        include_str!("steps/08.sql"),
    ),
    // 9: how a game ended as data (the kind of ending and the side that
    // resigned or declined) instead of English words, so that every mail
    // can word it in its reader's language; games that ended before keep
    // their words in `result`. A player's language for his mails.
    Step::Columns(
        &[
            ("games", &[("ending", "TEXT"), ("ending_side", "TEXT")]),
            ("players", &[("language", "TEXT")]),
        ],
        "",
    ),
    Step::Sql(include_str!("steps/10.sql")),
    Step::Columns(
        &[(
            "sent_ids",
            &[("scope", "TEXT"), ("detail", "TEXT"), ("asks", "INTEGER")],
        )],
        include_str!("steps/11.sql"),
    ),
    Step::Columns(
        &[
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
        ],
        include_str!("steps/12.sql"),
    ),
    // 13: a file sent with a mail (a game's PGN), kept in its outbox row.
    Step::Columns(
        &[(
            "outbox",
            &[
                ("attachment_name", "TEXT"),
                ("attachment_type", "TEXT"),
                ("attachment_text", "TEXT"),
            ],
        )],
        "",
    ),
    Step::Sql(include_str!("steps/14.sql")),
    Step::Columns(
        &[("players", &[("digest_due", "INTEGER")])],
        include_str!("steps/15.sql"),
    ),
    Step::Columns(
        &[(
            "players",
            &[("public_comments", "INTEGER NOT NULL DEFAULT 0")],
        )],
        include_str!("steps/16.sql"),
    ),
    Step::Sql(include_str!("steps/17.sql")),
    // 18: boards in HTML and as images: a board mail's HTML part and
    // image in its outbox row, and each player's choice.
    Step::Columns(
        &[
            ("outbox", &[("html_body", "TEXT"), ("html_image", "BLOB")]),
            ("players", &[("board_style", "TEXT")]),
        ],
        "",
    ),
    Step::Sql(include_str!("steps/19.sql")),
    Step::Columns(
        &[("players", &[("robot_level", "INTEGER")])],
        include_str!("steps/20.sql"),
    ),
    Step::Sql(include_str!("steps/21.sql")),
    // 22: passwords worth keeping: whether a player whose password the
    // policy would now refuse has been told so, once.
    Step::Columns(
        &[(
            "players",
            &[("weak_password_told", "INTEGER NOT NULL DEFAULT 0")],
        )],
        "",
    ),
    Step::Columns(
        &[("games", &[("score", "TEXT")])],
        include_str!("steps/23.sql"),
    ),
    Step::Columns(
        &[("outbox", &[("mailbox", "TEXT")])],
        include_str!("steps/24.sql"),
    ),
    Step::Sql(include_str!("steps/25.sql")),
    // 26 also keeps what each ladder game counted in the ladder.
    Step::Columns(
        &[("ladder_games", &[("score", "TEXT")])],
        include_str!("steps/26.sql"),
    ),
    Step::Sql(include_str!("steps/27.sql")),
    // 28: who may challenge a player (`anyone`, `played`, `nobody`;
    // older rows take challenges from anyone).
    Step::Columns(
        &[(
            "players",
            &[("challengers", "TEXT NOT NULL DEFAULT 'anyone'")],
        )],
        "",
    ),
    // 29: the note a tournament's organiser wrote below `tournament
    // create`.
    Step::Columns(&[("tournaments", &[("comment", "TEXT")])], ""),
    // 30: knockout tournaments: a tournament's format (older ones are
    // round robins), each player's seed once a knockout starts (0 the
    // strongest), and the match a knockout board is a game of within
    // its round.
    Step::Columns(
        &[
            (
                "tournaments",
                &[("format", "TEXT NOT NULL DEFAULT 'round_robin'")],
            ),
            ("tournament_players", &[("seed", "INTEGER")]),
            ("tournament_boards", &[("match_no", "INTEGER")]),
        ],
        "",
    ),
    Step::Code(ladders_v31),
    Step::Sql(include_str!("steps/32.sql")),
    // 33: who may join a tournament (`open`, `approval`, `invitation`)
    // and how an aborted game counts (`loss`, `void`; none: the host's
    // rule, as before).
    Step::Columns(
        &[(
            "tournaments",
            &[
                ("admission", "TEXT NOT NULL DEFAULT 'open'"),
                ("aborted", "TEXT"),
            ],
        )],
        include_str!("steps/33.sql"),
    ),
    // 34: when a player was taken out of a tournament, if he was.
    Step::Columns(
        &[("tournament_players", &[("withdrawn", "INTEGER")])],
        include_str!("steps/34.sql"),
    ),
    Step::Columns(
        &[
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
        ],
        include_str!("steps/35.sql"),
    ),
    Step::Sql(include_str!("steps/36.sql")),
    Step::Sql(include_str!("steps/37.sql")),
    Step::Sql(include_str!("steps/38.sql")),
    Step::Columns(
        &[("outbox", &[("cause", "TEXT")])],
        include_str!("steps/39.sql"),
    ),
    Step::Sql(include_str!("steps/40.sql")),
];

/// Version 31: the ladders get a table of their own. Each game type's
/// one ladder of older versions becomes its default ladder, its rungs
/// move to `ladder_rungs` (the old `ladder` table, keyed by game type,
/// goes), and each ladder game learns its ladder. Run again on a file
/// whose version was rolled back, it finds nothing left to move.
fn ladders_v31(tx: &Connection) -> StoreResult<()> {
    tx.execute_batch(include_str!("steps/31.sql"))?;
    let columns = [("ladder_id", "INTEGER"), ("aborted", "TEXT")];
    add_missing_columns(tx, "ladder_games", &columns)?;
    let old_rungs: bool = tx.query_row(
        "SELECT COUNT(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'ladder'",
        [],
        |row| row.get(0),
    )?;
    let kinds = if old_rungs {
        "SELECT kind FROM ladder UNION SELECT kind FROM ladder_games"
    } else {
        "SELECT kind FROM ladder_games"
    };
    tx.execute_batch(&format!(
        "INSERT OR IGNORE INTO ladders (kind, name, created) SELECT kind, '', 0 FROM ({kinds});
         UPDATE ladder_games SET ladder_id =
            (SELECT id FROM ladders WHERE ladders.kind = ladder_games.kind AND name = '')
            WHERE ladder_id IS NULL;
         CREATE INDEX IF NOT EXISTS ladder_games_by_ladder ON ladder_games (ladder_id);"
    ))?;
    if old_rungs {
        tx.execute_batch(
            "INSERT OR IGNORE INTO ladder_rungs
                (ladder_id, userid, rank, active_since, drops, next_drop)
             SELECT ladders.id, ladder.userid, ladder.rank, ladder.active_since,
                ladder.drops, ladder.next_drop
             FROM ladder JOIN ladders ON ladders.kind = ladder.kind AND ladders.name = '';
             DROP TABLE ladder;",
        )?;
    }
    Ok(())
}

/// Adds each of `columns` to `table` where it is missing.
fn add_missing_columns(
    conn: &Connection,
    table: &str,
    columns: &[(&str, &str)],
) -> StoreResult<()> {
    let present: Vec<String> = conn
        .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?
        .query_map([], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    for (name, kind) in columns {
        if !present.iter().any(|column| column == name) {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {name} {kind}"))?;
        }
    }
    Ok(())
}
