//! Leagues: `GAME league NAME`, `GAME leagues`, and `GAME league VERB
//! NAME userid password [...]`. A player creates one (`rules`); anyone
//! joins and leaves (`door`); its director starts it, changes its rules,
//! takes players out, hands it over, writes to its players and cancels
//! it (the director's verbs, through `events::director`). Each season's
//! divisions are round-robin tournaments of their own, begun and ended
//! by `season`: when the last game of a season is over the players move
//! up and down and the next season begins at once.

mod door;
mod rules;
pub(crate) mod season;

use super::director::{self, desk, Directed};
use super::log::OPERATOR;
use super::tournament::{self, cancel_tournament};
use crate::games::GameKind;
use crate::host::model::command::{
    Credential, DirectorVerb, Syntax, TournamentAction, TournamentVerb,
};
use crate::host::model::notice::{
    Answer, CompetitionEvent, CompetitionNews, LeagueChange, LeagueLine, LeagueTable, Notice,
};
use crate::host::model::refusal::{LeagueRefusal, Refusal};
use crate::host::request::limits::count_message;
use crate::host::request::{authenticate, reachable, refused, Context, Failure, Handled};
use crate::rules::league_rules::LeagueRules;
use crate::store::{self, League, LeagueStatus, StoreError, TournamentStatus};
use rusqlite::Connection;

pub(crate) fn league(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    action: Option<TournamentAction>,
) -> Handled {
    let Some(action) = action else {
        let found = find(ctx, kind, name)?;
        return answer(ctx, &found, None);
    };
    let credential = Credential::Password(action.password.clone());
    let player = authenticate(ctx, &action.userid, &credential, None)?;
    match action.verb {
        TournamentVerb::Create { switches } => rules::create(ctx, kind, name, player, &switches),
        TournamentVerb::Join => door::join(ctx, kind, name, player),
        TournamentVerb::Leave => door::leave(ctx, kind, name, player),
        TournamentVerb::Direct(verb) => {
            let found = find(ctx, kind, name)?;
            if !found.organiser.eq_ignore_ascii_case(&player.userid) {
                return Err(refused(LeagueRefusal::NotLeagueDirector {
                    name: found.name,
                    director: found.organiser,
                    action: verb.word().to_string(),
                }));
            }
            director::direct(ctx, kind, Directed::League(found), &player.userid, verb)
        }
    }
}

/// A director's verb on a league, for `by`, its director (or the
/// operator); `events::director::direct` logs what it changed.
pub(crate) fn direct(
    ctx: &Context<'_>,
    kind: GameKind,
    found: League,
    by: &str,
    verb: DirectorVerb,
) -> Handled {
    if found.status == LeagueStatus::Cancelled {
        return Err(refused(LeagueRefusal::LeagueCancelled {
            name: found.name,
            game: kind,
        }));
    }
    match verb {
        DirectorVerb::Start => season::start(ctx, found, by),
        DirectorVerb::Rules { words } => rules::change(ctx, kind, found, by, &words),
        DirectorVerb::Remove { player } => door::remove(ctx, kind, found, by, &player),
        DirectorVerb::HandOver { to } => hand_over(ctx, kind, found, by, &to),
        DirectorVerb::Cancel => cancel(ctx, kind, found, by),
        DirectorVerb::Announce => announce(ctx, kind, found, by),
        DirectorVerb::Admit { .. }
        | DirectorVerb::Invite { .. }
        | DirectorVerb::Suspend { .. }
        | DirectorVerb::Reinstate { .. }
        | DirectorVerb::Replace { .. } => Err(refused(Refusal::NoCommand)),
    }
}

pub(crate) fn find(ctx: &Context<'_>, kind: GameKind, name: &str) -> Result<League, Failure> {
    store::find_league(ctx.conn, kind.name(), name)?.ok_or_else(|| {
        refused(LeagueRefusal::NoSuchLeague {
            name: name.to_string(),
            game: kind,
        })
    })
}

/// The league's rules as stored.
pub(super) fn rules_of(found: &League) -> Result<LeagueRules, StoreError> {
    let words: Vec<String> = found.rules.split_whitespace().map(String::from).collect();
    LeagueRules::read(&LeagueRules::default(), &words).map_err(|err| {
        StoreError::Corrupt(format!(
            "league {} has rules that do not read: {err:?}",
            found.id
        ))
    })
}

/// The league as its listings show it: the current season's divisions
/// with their tables, the players waiting, the moves so far.
pub(crate) fn table(
    conn: &Connection,
    settings: &crate::host::competition::CompetitionSettings,
    found: &League,
) -> Result<LeagueTable, StoreError> {
    let mut divisions = Vec::new();
    for id in store::league_divisions(conn, found.id, found.season)? {
        if let Some(division) = store::load_tournament(conn, id)? {
            divisions.push(tournament::table::table(conn, settings, &division)?);
        }
    }
    Ok(LeagueTable {
        kind: kind_of(found)?,
        name: found.name.clone(),
        organiser: found.organiser.clone(),
        status: found.status,
        season: found.season,
        size: found.size,
        updown: found.updown,
        rules: rules_of(found)?.words(),
        comment: found.comment.clone(),
        players: store::league_players(conn, found.id)?,
        divisions,
        moves: store::league_moves(conn, found.id)?,
    })
}

/// The league for the sender, with what his command changed.
pub(super) fn answer(ctx: &Context<'_>, found: &League, change: Option<LeagueChange>) -> Handled {
    let table = table(ctx.conn, ctx.competition, found)?;
    Ok(vec![Notice::Answer(Answer::League {
        table: Box::new(table),
        change,
    })])
}

/// `GAME leagues`: every league of the game type, newest first.
pub(crate) fn leagues(ctx: &Context<'_>, kind: GameKind) -> Handled {
    let mut lines = Vec::new();
    for found in store::leagues_of(ctx.conn, Some(kind.name()))? {
        let players = store::league_players(ctx.conn, found.id)?.len();
        let divisions = store::league_divisions(ctx.conn, found.id, found.season)?.len();
        lines.push(LeagueLine {
            name: found.name,
            organiser: found.organiser,
            status: found.status,
            season: found.season,
            players,
            divisions,
        });
    }
    Ok(vec![Notice::Answer(Answer::Leagues { kind, lines })])
}

/// The news of a change for one player.
pub(super) fn news_for(
    userid: &str,
    kind: GameKind,
    found: &League,
    change: LeagueChange,
) -> Notice {
    Notice::Competition(CompetitionNews {
        userid: userid.to_string(),
        kind,
        event: CompetitionEvent::LeagueNews {
            name: found.name.clone(),
            change,
        },
    })
}

/// Everyone in the league and its director, but `by`.
pub(super) fn concerned(
    conn: &Connection,
    found: &League,
    by: &str,
) -> Result<Vec<String>, StoreError> {
    let mut readers: Vec<String> = store::league_players(conn, found.id)?
        .into_iter()
        .map(|player| player.userid)
        .collect();
    if !readers
        .iter()
        .any(|u| u.eq_ignore_ascii_case(&found.organiser))
    {
        readers.push(found.organiser.clone());
    }
    readers.retain(|userid| !userid.eq_ignore_ascii_case(by));
    Ok(readers)
}

/// The director hands the league (and the current season's divisions)
/// to another player, who is told.
fn hand_over(ctx: &Context<'_>, kind: GameKind, found: League, by: &str, to: &str) -> Handled {
    let Some(heir) = store::find_player(ctx.conn, to)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: to.to_string(),
            syntax: Some(Syntax::League),
            game: Some(kind),
        }));
    };
    reachable(ctx, &heir)?;
    super::door::may_take_part(ctx, &heir)?;
    store::set_league_organiser(ctx.conn, found.id, &heir.userid)?;
    for id in store::league_divisions(ctx.conn, found.id, found.season)? {
        store::set_tournament_organiser(ctx.conn, id, &heir.userid)?;
    }
    let change = LeagueChange::HandedOver {
        userid: by.to_string(),
        to: heir.userid.clone(),
    };
    let handed = League {
        organiser: heir.userid.clone(),
        ..found
    };
    let mut notices = answer(ctx, &handed, Some(change.clone()))?;
    notices.push(news_for(&heir.userid, kind, &handed, change));
    Ok(notices)
}

/// The director ends the league: the current season's running boards
/// are voided, and everyone is told.
fn cancel(ctx: &Context<'_>, kind: GameKind, found: League, by: &str) -> Handled {
    store::set_league_status(ctx.conn, found.id, LeagueStatus::Cancelled)?;
    let mut notices = Vec::new();
    let mut boards = Vec::new();
    for id in store::league_divisions(ctx.conn, found.id, found.season)? {
        let Some(division) = store::load_tournament(ctx.conn, id)? else {
            continue;
        };
        if division.status != TournamentStatus::Running {
            continue;
        }
        let (_, change, _) = cancel_tournament(&desk(ctx, by), kind, &division)?;
        if let crate::host::model::notice::TournamentChange::Cancelled { boards: voided, .. } =
            change
        {
            boards.extend(voided);
        }
    }
    let cancelled = League {
        status: LeagueStatus::Cancelled,
        ..found
    };
    let change = LeagueChange::Cancelled {
        userid: by.to_string(),
        boards,
    };
    for userid in concerned(ctx.conn, &cancelled, by)? {
        notices.push(news_for(&userid, kind, &cancelled, change.clone()));
    }
    let mut answered = answer(ctx, &cancelled, Some(change))?;
    answered.extend(notices);
    Ok(answered)
}

/// The director's message, the mail's body, to every other player of
/// the league; from a player it counts as one message against the
/// hourly limit, however many it reaches.
fn announce(ctx: &Context<'_>, kind: GameKind, found: League, by: &str) -> Handled {
    let Some(text) = ctx.comment.map(str::trim).filter(|text| !text.is_empty()) else {
        return Err(refused(Refusal::EmptyMessage));
    };
    if by != OPERATOR {
        count_message(ctx, by, &format!("league {} {}", kind.name(), found.name))?;
    }
    let readers = concerned(ctx.conn, &found, by)?;
    let change = LeagueChange::Announced {
        userid: by.to_string(),
        players: readers.len(),
        text: text.to_string(),
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    notices.extend(
        readers
            .iter()
            .map(|userid| news_for(userid, kind, &found, change.clone())),
    );
    Ok(notices)
}

/// The game type of a league, which its row names.
pub(super) fn kind_of(found: &League) -> Result<GameKind, StoreError> {
    GameKind::from_name(&found.kind).ok_or_else(|| {
        StoreError::Corrupt(format!(
            "league {} is of the unknown game {:?}",
            found.id, found.kind
        ))
    })
}
