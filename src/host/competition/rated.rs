//! Ratings kept in the store: a rated game's end rates both players, and
//! the standings read everyone's rating as it stands now.

use crate::games::Side;
use crate::rules::rating::{Rating, RatingSettings};
use crate::rules::score::Score;
use crate::store::{self, GameRecord, RatingChange, StoreError, StoredRating};
use rusqlite::Connection;

/// A player's stored rating, or a newcomer's.
fn stored_or_new(
    conn: &Connection,
    settings: &RatingSettings,
    kind: &str,
    userid: &str,
    now: i64,
) -> Result<StoredRating, StoreError> {
    Ok(store::load_rating(conn, kind, userid)?.unwrap_or_else(|| {
        let newcomer = settings.newcomer();
        StoredRating {
            userid: userid.to_string(),
            rating: newcomer.rating,
            deviation: newcomer.deviation,
            volatility: newcomer.volatility,
            last_rated: now,
            won: 0,
            lost: 0,
            drawn: 0,
        }
    }))
}

/// A stored rating as it stands at `now`: its deviation grown for the
/// periods without a rated game.
pub(crate) fn current(settings: &RatingSettings, stored: &StoredRating, now: i64) -> Rating {
    let rating = Rating {
        rating: stored.rating,
        deviation: stored.deviation,
        volatility: stored.volatility,
    };
    settings.aged(rating, now - stored.last_rated)
}

/// Rates a finished game: both players' new ratings stored, with what
/// changed for the game's mails.
pub(crate) fn rate(
    conn: &Connection,
    settings: &RatingSettings,
    record: &GameRecord,
    score: Score,
    now: i64,
) -> Result<Vec<RatingChange>, StoreError> {
    if !store::rating_changes(conn, record.id)?.is_empty() {
        // Rated already: an end is rated once.
        return store::rating_changes(conn, record.id);
    }
    let mut stored = Vec::new();
    for side in Side::BOTH {
        stored.push(stored_or_new(
            conn,
            settings,
            &record.kind,
            record.player(side),
            now,
        )?);
    }
    let white = current(settings, &stored[0], now);
    let black = current(settings, &stored[1], now);
    let (white_after, black_after) = settings.rate_game(white, black, score);
    let mut changes = Vec::new();
    for ((mut entry, before, after), side) in [
        (stored[0].clone(), white, white_after),
        (stored[1].clone(), black, black_after),
    ]
    .into_iter()
    .zip(Side::BOTH)
    {
        match score.half_points(side) {
            2 => entry.won += 1,
            1 => entry.drawn += 1,
            _ => entry.lost += 1,
        }
        entry.rating = after.rating;
        entry.deviation = after.deviation;
        entry.volatility = after.volatility;
        entry.last_rated = now;
        store::save_rating(conn, &record.kind, &entry)?;
        let change = RatingChange {
            userid: entry.userid.clone(),
            before: before.rating,
            after: after.rating,
            deviation: after.deviation,
        };
        store::insert_rating_change(conn, record.id, &change)?;
        changes.push(change);
    }
    Ok(changes)
}

/// A game's standings at `now`: established players ranked by rating,
/// then the provisional ones (no rank); players without a rated game for
/// longer than the settings allow are left out unless `all`. Also how
/// many were left out.
pub(crate) fn standings(
    conn: &Connection,
    settings: &RatingSettings,
    kind: crate::games::GameKind,
    all: bool,
    now: i64,
) -> Result<(Vec<crate::host::model::notice::StandingLine>, usize), StoreError> {
    let (mut lines, hidden) = ranking(conn, settings, kind, all, now)?;
    count_running(conn, kind, &mut lines)?;
    Ok((lines, hidden))
}

/// The standings without each player's running boards counted (all
/// zero): one read of the game's ratings, so a page of the standings
/// counts only its own players' boards ([`count_running`]).
pub(crate) fn ranking(
    conn: &Connection,
    settings: &RatingSettings,
    kind: crate::games::GameKind,
    all: bool,
    now: i64,
) -> Result<(Vec<crate::host::model::notice::StandingLine>, usize), StoreError> {
    use crate::host::model::notice::StandingLine;
    let inactive_after = settings.inactive_days * 24 * 3600;
    let mut lines = Vec::new();
    let mut hidden = 0;
    for stored in store::ratings_of_kind(conn, kind.name())? {
        let inactive = now - stored.last_rated > inactive_after;
        if inactive && !all {
            hidden += 1;
            continue;
        }
        let rating = current(settings, &stored, now);
        lines.push(StandingLine {
            rank: (!settings.is_provisional(&rating)).then_some(0),
            active_boards: 0,
            userid: stored.userid,
            rating: rating.rating,
            deviation: rating.deviation,
            won: stored.won,
            lost: stored.lost,
            drawn: stored.drawn,
            inactive,
        });
    }
    // Established players first, each part by rating.
    lines.sort_by(|a, b| {
        a.rank
            .is_none()
            .cmp(&b.rank.is_none())
            .then(b.rating.total_cmp(&a.rating))
            .then_with(|| a.userid.cmp(&b.userid))
    });
    let mut next = 1;
    for line in &mut lines {
        if line.rank.is_some() {
            line.rank = Some(next);
            next += 1;
        }
    }
    Ok((lines, hidden))
}

/// Each line's running boards of the game counted.
pub(crate) fn count_running(
    conn: &Connection,
    kind: crate::games::GameKind,
    lines: &mut [crate::host::model::notice::StandingLine],
) -> Result<(), StoreError> {
    for line in lines {
        line.active_boards = store::active_games_of(conn, &line.userid, kind.name())?;
    }
    Ok(())
}
