//! A ladder as the host runs it: its stored row and the rules it runs
//! by. The default ladder of a game type follows the config's rules; a
//! named one the rules its director wrote.

mod absence;
pub(crate) use absence::drop_absent;
pub(crate) mod climb;
pub(crate) mod entry;
pub(crate) mod listing;
pub(crate) mod verbs;

use crate::games::GameKind;
use crate::host::competition::LadderSettings;
use crate::rules::ladder_rules::LadderRules;
use crate::store::{self, LadderRow, StoreError};
use rusqlite::Connection;

#[derive(Clone, Debug, PartialEq)]
pub struct LadderEvent {
    pub(crate) row: LadderRow,
    pub(crate) kind: GameKind,
    pub(crate) rules: LadderRules,
}

impl LadderEvent {
    /// The ladder as an event, for its log and its entrants.
    pub(crate) fn key(&self) -> crate::store::LoggedEvent {
        crate::store::LoggedEvent::Ladder(self.id())
    }

    pub(crate) fn id(&self) -> i64 {
        self.row.id
    }

    /// The default ladder of its game type (which the operator directs).
    pub(crate) fn is_default(&self) -> bool {
        self.row.name.is_empty()
    }

    pub(crate) fn cancelled(&self) -> bool {
        self.row.status == store::CANCELLED
    }

    /// Whether `userid` directs it: a named ladder's director (the
    /// operator directs the default ones, from the command line).
    pub(crate) fn directed_by(&self, userid: &str) -> bool {
        self.row
            .director
            .as_deref()
            .is_some_and(|director| director.eq_ignore_ascii_case(userid))
    }

    /// As the listings and the PGN name it: its name, or "Chess ladder".
    pub(crate) fn title(&self) -> String {
        if self.is_default() {
            format!("{} ladder", self.kind.title())
        } else {
            self.row.name.clone()
        }
    }
}

fn from_row(settings: &LadderSettings, row: LadderRow) -> Option<LadderEvent> {
    let kind = GameKind::from_name(&row.kind)?;
    let base = settings.rules();
    // A named ladder keeps every rule in its row; should a row not read
    // (a later version's word), the host's rules stand in for it.
    let words: Vec<String> = row.rules.split_whitespace().map(str::to_string).collect();
    let rules = LadderRules::read(&base, &words).unwrap_or(base);
    Some(LadderEvent { row, kind, rules })
}

/// A game type's default ladder, made when first asked for.
pub(crate) fn default(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    now: i64,
) -> Result<LadderEvent, StoreError> {
    let row = store::default_ladder(conn, kind.name(), now)?;
    Ok(from_row(settings, row).expect("a game type's own ladder names it"))
}

/// A game type's ladder by name; the empty name is its default ladder.
pub(crate) fn named(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    name: &str,
    now: i64,
) -> Result<Option<LadderEvent>, StoreError> {
    if name.is_empty() {
        return default(conn, settings, kind, now).map(Some);
    }
    Ok(store::find_ladder(conn, kind.name(), name)?.and_then(|row| from_row(settings, row)))
}

/// As [`named`], for readers that write nothing: a default ladder not
/// made yet reads as an empty one (id 0, which no rung has).
pub(crate) fn look_up(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    name: &str,
) -> Result<Option<LadderEvent>, StoreError> {
    let found = store::find_ladder(conn, kind.name(), name)?;
    let row = match found {
        Some(row) => row,
        None if name.is_empty() => LadderRow {
            id: 0,
            kind: kind.name().to_string(),
            name: String::new(),
            director: None,
            rules: String::new(),
            comment: String::new(),
            status: String::new(),
            created: 0,
        },
        None => return Ok(None),
    };
    Ok(from_row(settings, row))
}

pub(crate) fn by_id(
    conn: &Connection,
    settings: &LadderSettings,
    id: i64,
) -> Result<Option<LadderEvent>, StoreError> {
    Ok(store::ladder_by_id(conn, id)?.and_then(|row| from_row(settings, row)))
}

/// Every ladder of a game type, the default one first.
pub(crate) fn all_of(
    conn: &Connection,
    settings: &LadderSettings,
    kind: GameKind,
    now: i64,
) -> Result<Vec<LadderEvent>, StoreError> {
    default(conn, settings, kind, now)?;
    Ok(store::ladders_of(conn, kind.name())?
        .into_iter()
        .filter_map(|row| from_row(settings, row))
        .collect())
}

/// When a player's vacation ends, if he is on one.
fn on_vacation(conn: &Connection, userid: &str) -> Result<Option<i64>, StoreError> {
    let vacation = store::vacation(conn, userid)?;
    Ok(vacation.since.and(vacation.ends))
}

/// A player whose ladder game is over without his having played it is
/// due to drop again when his time without a game runs out, as if the
/// game had never been.
fn resume(conn: &Connection, event: &LadderEvent, userid: &str) -> Result<(), StoreError> {
    let Some(period) = event.rules.inactive_after else {
        return Ok(());
    };
    let mut rungs = store::ladder(conn, event.id())?;
    for rung in &mut rungs {
        if rung.userid.eq_ignore_ascii_case(userid) {
            rung.next_drop = Some(rung.active_since + (rung.drops + 1) * period);
        }
    }
    store::save_ladder(conn, event.id(), &rungs)
}
