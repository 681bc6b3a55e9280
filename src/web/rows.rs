//! What several of the web's pages show alike: a board as a row of a
//! list and as an entry of a feed, a tournament as a line of a list,
//! and which ladder is a game type's default.

use crate::games::GameKind;
use crate::store::{self, BoardRow, GameStatus, StoreError, Tournament, TournamentStatus};
use minijinja::{context, Value};
use rusqlite::Connection;

/// A board as a list shows it.
pub(super) fn row_view(row: &BoardRow) -> Value {
    let kind = GameKind::from_name(&row.kind);
    context! {
        id => row.id,
        game => kind,
        game_name => &row.kind,
        white => &row.white,
        black => &row.black,
        running => row.status == GameStatus::Active,
        result => result_text(row),
        started => row.created,
        changed => row.updated,
        moves => row.moves,
    }
}

/// A list row's result: the score, `running`, `aborted`, or the words
/// an older version stored.
fn result_text(row: &BoardRow) -> String {
    match (row.status, row.score.as_deref()) {
        (GameStatus::Active, _) => "running".into(),
        (GameStatus::Aborted, _) => "aborted".into(),
        (_, Some("1/2-1/2")) => "½-½".into(),
        (_, Some(score)) => score.into(),
        (_, None) => row.legacy_result.clone().unwrap_or_else(|| "over".into()),
    }
}

/// A tournament in a list.
pub(super) fn tournament_line(t: &Tournament) -> Value {
    context! {
        id => t.id,
        game => GameKind::from_name(&t.kind),
        name => &t.name,
        organiser => &t.organiser,
        status => match t.status {
            TournamentStatus::Open => "open",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        },
        created => t.created,
    }
}

/// The id of a game type's default ladder, which the player pages and
/// the front page show; 0 (which no rung has) before anyone joined it,
/// since the view writes nothing.
pub(super) fn default_ladder(conn: &Connection, kind: GameKind) -> Result<i64, StoreError> {
    Ok(store::find_ladder(conn, kind.name(), "")?.map_or(0, |ladder| ladder.id))
}

/// A board as an entry of a feed.
pub(super) fn board_entry(row: &store::BoardRow) -> Value {
    let view = row_view(row);
    context! {
        id => format!("board/{}/{}", row.id, row.updated),
        link => format!("/board/{}", row.id),
        updated => row.updated,
        title => format!("Board {}: {} – {} ({})", row.id, row.white, row.black,
            view.get_attr("result").map(|r| r.to_string()).unwrap_or_default()),
        board => view,
    }
}
