//! A ladder as its listing shows it: each rung with the player's rating,
//! his record in this ladder's games, when his last one he played ended
//! (as the absence rule counts it: not one he would not play, nor one
//! nobody moved in), and the ladder challenges he has open.

use super::LadderEvent;
use crate::games::Side;
use crate::host::model::notice::{LadderInfo, LadderLine};
use crate::rules::score::{EventScore, Score};
use crate::store::{self, SettledLadderGame, StoreError};
use rusqlite::Connection;

/// A ladder as its listings describe it.
pub(crate) fn ladder_info(
    conn: &Connection,
    event: &LadderEvent,
) -> Result<LadderInfo, StoreError> {
    Ok(LadderInfo {
        kind: event.kind,
        name: event.row.name.clone(),
        director: event.row.director.clone(),
        rules: event.rules.clone(),
        comment: event.row.comment.clone(),
        cancelled: event.cancelled(),
        players: store::ladder_size(conn, event.id())?,
        waiting: store::entrants(conn, event.key())?,
    })
}

/// A ladder from the top down, line by line.
pub(crate) fn ladder_lines(
    conn: &Connection,
    event: &LadderEvent,
) -> Result<Vec<LadderLine>, StoreError> {
    lines_of(conn, event, store::ladder(conn, event.id())?)
}

/// The lines of these rungs of a ladder (a page of it, for the web view).
pub(crate) fn lines_of(
    conn: &Connection,
    event: &LadderEvent,
    rungs: Vec<crate::store::Rung>,
) -> Result<Vec<LadderLine>, StoreError> {
    let kind = event.kind;
    let settled = store::settled_ladder_games(conn, event.id())?;
    let open = store::open_ladder_games(conn, event.id())?;
    let mut lines = Vec::with_capacity(rungs.len());
    for rung in rungs {
        let is = |userid: &str| userid.eq_ignore_ascii_case(&rung.userid);
        let mut line = LadderLine {
            rank: rung.rank,
            rating: store::load_rating(conn, kind.name(), &rung.userid)?.map(|r| r.rating),
            won: 0,
            lost: 0,
            drawn: 0,
            last_game: None,
            open: Vec::new(),
            suspended: rung.suspended,
            userid: rung.userid.clone(),
        };
        for game in settled.iter().filter(|g| is(&g.white) || is(&g.black)) {
            let side = if is(&game.white) {
                Side::White
            } else {
                Side::Black
            };
            let score = counted(game);
            count(&mut line, side, score);
            if played_by(score, side) {
                line.last_game = Some(game.ended);
            }
        }
        for challenge in &open {
            if is(&challenge.challenger) {
                line.open
                    .push((challenge.game_id, challenge.challenged.clone()));
            } else if is(&challenge.challenged) {
                line.open
                    .push((challenge.game_id, challenge.challenger.clone()));
            }
        }
        lines.push(line);
    }
    Ok(lines)
}

/// What a settled ladder game counted: its stored event score, or, for
/// a game settled before that was kept, its board's result.
fn counted(game: &SettledLadderGame) -> Option<EventScore> {
    if let Some(score) = game.score.as_deref() {
        return EventScore::from_stored(score);
    }
    let played = match game.result.as_deref()? {
        "1-0" => Score::WhiteWins,
        "0-1" => Score::BlackWins,
        "1/2-1/2" => Score::Draw,
        _ => return None,
    };
    Some(EventScore::Played(played))
}

/// Whether the player at `side` played the game, as the ladder's absence
/// rule counts it: not when he would not play it, nor when nobody moved.
fn played_by(score: Option<EventScore>, side: Side) -> bool {
    match score {
        Some(EventScore::Forfeit { loser }) => loser != side,
        Some(EventScore::DoubleForfeit) => false,
        _ => true,
    }
}

fn count(line: &mut LadderLine, side: Side, score: Option<EventScore>) {
    match score {
        Some(EventScore::Void) | None => {}
        Some(EventScore::DoubleForfeit) => line.lost += 1,
        Some(score) => match score.winner() {
            Some(winner) if winner == side => line.won += 1,
            Some(_) => line.lost += 1,
            None => line.drawn += 1,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ladder_line_counts_forfeits_as_the_ladder_did_and_voids_not_at_all() {
        let mut line = LadderLine {
            rank: 1,
            userid: "anna".into(),
            rating: None,
            won: 0,
            lost: 0,
            drawn: 0,
            last_game: None,
            open: Vec::new(),
            suspended: false,
        };
        let white = Side::White;
        count(&mut line, white, Some(EventScore::Played(Score::WhiteWins)));
        count(&mut line, white, Some(EventScore::Forfeit { loser: white }));
        count(&mut line, white, Some(EventScore::Played(Score::Draw)));
        count(&mut line, white, Some(EventScore::Void));
        count(&mut line, Side::Black, None);
        assert_eq!((line.won, line.lost, line.drawn), (1, 1, 1));
        // Nobody moved: lost by both, and played by neither.
        count(&mut line, white, Some(EventScore::DoubleForfeit));
        assert_eq!((line.won, line.lost, line.drawn), (1, 2, 1));
        assert!(!played_by(Some(EventScore::DoubleForfeit), white));
        assert!(!played_by(
            Some(EventScore::Forfeit { loser: white }),
            white
        ));
        assert!(played_by(
            Some(EventScore::Forfeit { loser: white }),
            Side::Black
        ));
        let old = SettledLadderGame {
            white: "anna".into(),
            black: "ben".into(),
            score: None,
            result: Some("0-1".into()),
            ended: 0,
        };
        assert_eq!(counted(&old), Some(EventScore::Played(Score::BlackWins)));
    }
}
