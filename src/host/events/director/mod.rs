//! The one director. Every event has one: a tournament's organiser, a
//! named ladder's director, and the host's operator for every event (the
//! default ladders only his). Its verbs ([`DirectorVerb`], read once by
//! the grammar for mail and for `pbem director` alike) are carried out
//! here by [`direct`], whoever acts, and each change goes into the
//! event's log the same way: from what the answer says changed. A ruling
//! on a board ([`rule`]) is the director's too.
//!
//! The mail handlers check that the sender directs the event first; the
//! operator's tools need no check. The work on a board and on a running
//! tournament is over a [`Desk`]: the store, the settings, who acts and
//! when.

mod desk;
pub mod rulings;

pub use desk::{desk, Desk};
pub use rulings::rule_board;

use super::ladder::{self, LadderEvent};
use super::league;
use super::log::{log_event, OPERATOR};
use super::tournament;
use crate::games::GameKind;
use crate::host::model::command::Credential;
use crate::host::model::command::{DirectorVerb, RulingVerb};
use crate::host::model::notice::{Answer, LeagueChange, Notice};
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::{self, LiveGame, LoadError};
use crate::host::request::{authenticate, board_of_kind, refused_on, Context, Failure, Handled};
use crate::store::{GameStatus, League, LoggedEvent, Tournament};
use rulings::{director_of_game, Verdict};

/// The event a director's verb is for.
pub(crate) enum Directed {
    Ladder(LadderEvent),
    Tournament(Tournament),
    League(League),
}

impl Directed {
    fn key(&self) -> LoggedEvent {
        match self {
            Directed::Ladder(event) => event.key(),
            Directed::Tournament(found) => found.key(),
            Directed::League(found) => found.key(),
        }
    }
}

/// Carries out `verb` on `event` for `by` (its director, whom the caller
/// has checked, or [`OPERATOR`]), and logs what changed, as the answer
/// to him says it.
pub(crate) fn direct(
    ctx: &Context<'_>,
    kind: GameKind,
    event: Directed,
    by: &str,
    verb: DirectorVerb,
) -> Handled {
    let key = event.key();
    if by != OPERATOR && matches!(verb, DirectorVerb::Rules { .. } | DirectorVerb::Announce) {
        crate::host::request::limits::may_tell_event(ctx, by, key)?;
    }
    let notices = match event {
        Directed::Ladder(event) => ladder::verbs::direct(ctx, &event, by.to_string(), verb)?,
        Directed::Tournament(found) => tournament::direct(ctx, kind, found, by, verb)?,
        Directed::League(found) => league::direct(ctx, kind, found, by, verb)?,
    };
    log_changes(ctx, key, by, &notices)?;
    Ok(notices)
}

/// What the answer says changed is what the log keeps.
fn log_changes(
    ctx: &Context<'_>,
    key: LoggedEvent,
    by: &str,
    notices: &[Notice],
) -> Result<(), Failure> {
    for notice in notices {
        let line = match notice {
            Notice::Answer(Answer::Ladder {
                change: Some(change),
                ..
            }) => Some(change.log_line()),
            Notice::Answer(Answer::Tournament {
                change: Some(change),
                ..
            }) => change.log_line(),
            // A season begun logs itself, whoever began it.
            Notice::Answer(Answer::League {
                change: Some(change),
                ..
            }) if !matches!(change, LeagueChange::SeasonBegun { .. }) => Some(change.log_line()),
            _ => None,
        };
        if let Some((action, detail)) = line {
            log_event(ctx.conn, key, by, action, &detail, ctx.now)?;
        }
    }
    Ok(())
}

/// A ruling on board `board` for `by`: by mail, only the director of the
/// board's event may give one, and not on a board he plays on (the
/// caller checks who he is); the operator on any running board. The
/// board as it now stands comes first, for him.
pub(crate) fn rule(
    ctx: &Context<'_>,
    live: LiveGame,
    by: &str,
    verb: &RulingVerb,
    reason: &str,
) -> Handled {
    let board = live.record.id;
    if by != OPERATOR {
        let director = director_of_game(ctx.conn, board)?;
        if !director
            .as_deref()
            .is_some_and(|director| director.eq_ignore_ascii_case(by))
        {
            return Err(refused_on(Refusal::NotDirector { board, director }, live));
        }
    }
    if live.record.status != GameStatus::Active {
        let refusal = Refusal::BoardOver {
            userid: by.to_string(),
            board,
            game: live.kind,
        };
        return Err(refused_on(refusal, live));
    }
    if live.record.side_of(by).is_some() {
        return Err(refused_on(Refusal::RulingOwnBoard { board }, live));
    }
    let verdict = match verdict_of(&live, verb) {
        Ok(verdict) => verdict,
        Err(refusal) => return Err(refused_on(refusal, live)),
    };
    let mut notices = rule_board(&desk(ctx, by), live, verdict, reason)?;
    let live = match replays::load(ctx.conn, ctx.replays, board, None) {
        Ok(live) => live,
        Err(LoadError::Store(err)) => return Err(err.into()),
        Err(other) => return Err(other.into()),
    };
    let shown = Answer::Show {
        live: Box::new(live),
        after: None,
    };
    notices.insert(0, Notice::Answer(shown));
    Ok(notices)
}

/// What a ruling's words give on `live`: a forfeit names a player of it.
pub(crate) fn verdict_of(live: &LiveGame, verb: &RulingVerb) -> Result<Verdict, Refusal> {
    Ok(match verb {
        RulingVerb::Adjudicate(score) => Verdict::Adjudicate(*score),
        RulingVerb::Forfeit { loser } => match live.record.side_of(loser) {
            Some(side) => Verdict::Forfeit(side),
            None => {
                return Err(Refusal::NotSeated {
                    userid: loser.clone(),
                    board: live.record.id,
                    white: live.record.white.clone(),
                    black: live.record.black.clone(),
                })
            }
        },
        RulingVerb::Void => Verdict::Void,
    })
}

/// `GAME adjudicate|forfeit|void board userid password ...` by mail.
pub(crate) fn rule_by_mail(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    (userid, password): (&str, &str),
    verb: &RulingVerb,
    reason: &str,
) -> Handled {
    let live = board_of_kind(ctx, kind, board)?;
    let credential = Credential::Password(password.to_string());
    let player = authenticate(ctx, userid, &credential, Some(&live))?;
    rule(ctx, live, &player.userid, verb, reason)
}
