//! A league's rules: `GAME league create NAME userid password [RULE...]`
//! sets them and makes the sender its director; `league rules NAME
//! userid password RULE...` changes them, for the next season once one
//! has begun (the divisions playing keep theirs). Every switch is
//! checked as a tournament's are.

use super::{answer, concerned, news_for};
use crate::games::GameKind;
use crate::host::events::tournament::rules::checked;
use crate::host::model::notice::LeagueChange;
use crate::host::model::refusal::{LeagueRefusal, TournamentRefusal};
use crate::host::request::{refused, Context, Failure, Handled};
use crate::rules::league_rules::{LeagueRuleError, LeagueRules};
use crate::rules::tournament_rules::TournamentRuleError;
use crate::store::{self, League, LeagueRuleRow, NewLeague, Player};

/// The rules as written over `base`, and the switches as every
/// division's boards get them.
fn read(
    ctx: &Context<'_>,
    kind: GameKind,
    base: &LeagueRules,
    words: &[String],
) -> Result<(LeagueRules, String), Failure> {
    let rules = LeagueRules::read(base, words).map_err(|err| refusal(kind, err))?;
    // The switches are checked as a tournament checks them, over the
    // rules the division's round robins will have.
    let words = rules.divisions.words();
    let (_, switches) = checked(ctx, kind, &Default::default(), &words)?;
    Ok((rules, switches))
}

fn refusal(kind: GameKind, err: LeagueRuleError) -> Failure {
    let bad = |rule: &str, given: String, max: u32| {
        refused(LeagueRefusal::BadLeagueRule {
            rule: rule.to_string(),
            given,
            max,
            game: kind,
        })
    };
    match err {
        LeagueRuleError::Size { given } => bad("size", given, crate::rules::league_rules::MAX_SIZE),
        LeagueRuleError::UpDown { given, max } => bad("updown", given, max),
        LeagueRuleError::Format(format) => bad("format", format.switch().to_string(), 0),
        LeagueRuleError::Admission => bad("admission", String::new(), 0),
        LeagueRuleError::Tournament(TournamentRuleError::TwoFormats) => {
            refused(TournamentRefusal::TwoFormats { game: kind })
        }
        LeagueRuleError::Tournament(TournamentRuleError::Rule(reason)) => {
            refused(TournamentRefusal::BadTournamentRule { reason, game: kind })
        }
        LeagueRuleError::Tournament(TournamentRuleError::SwissNeedsRounds)
        | LeagueRuleError::Tournament(TournamentRuleError::NotForFormat { .. }) => {
            bad("format", "-swiss".to_string(), 0)
        }
    }
}

pub(super) fn create(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    director: Player,
    words: &[String],
) -> Handled {
    if store::find_league(ctx.conn, kind.name(), name)?.is_some() {
        return Err(refused(LeagueRefusal::LeagueExists {
            name: name.to_string(),
            game: kind,
        }));
    }
    let most = ctx.competition.tournaments.max_per_organiser;
    if store::leagues_directed(ctx.conn, &director.userid)? >= most {
        return Err(refused(LeagueRefusal::DirectsTooManyLeagues {
            most,
            game: kind,
        }));
    }
    let base = LeagueRules {
        divisions: crate::rules::tournament_rules::TournamentRules {
            aborted: ctx.competition.tournaments.aborted,
            ..Default::default()
        },
        ..LeagueRules::default()
    };
    let (rules, switches) = read(ctx, kind, &base, words)?;
    let id = store::insert_league(
        ctx.conn,
        &NewLeague {
            kind: kind.name(),
            name,
            organiser: &director.userid,
            size: rules.size,
            updown: rules.updown,
            rules: &rules.words().join(" "),
            switches: &switches,
            comment: ctx.comment.map(str::trim).filter(|text| !text.is_empty()),
        },
        ctx.now,
    )?;
    let created = store::load_league(ctx.conn, id)?
        .ok_or_else(|| store::StoreError::Corrupt(format!("league {id} vanished")))?;
    crate::host::events::log::log_event(
        ctx.conn,
        created.key(),
        &director.userid,
        "create",
        &rules.words().join(" "),
        ctx.now,
    )?;
    answer(
        ctx,
        &created,
        Some(LeagueChange::Created {
            userid: director.userid,
        }),
    )
}

/// The director changes the rules: what the words name changes, the rest
/// stays; every player is told the words and the whole rules.
pub(super) fn change(
    ctx: &Context<'_>,
    kind: GameKind,
    found: League,
    by: &str,
    words: &[String],
) -> Handled {
    let (rules, switches) = read(ctx, kind, &super::table::rules_of(&found)?, words)?;
    let whole = rules.words();
    store::set_league_rules(
        ctx.conn,
        found.id,
        &LeagueRuleRow {
            size: rules.size,
            updown: rules.updown,
            rules: &whole.join(" "),
            switches: &switches,
        },
    )?;
    let changed = store::load_league(ctx.conn, found.id)?.unwrap_or(found);
    let change = LeagueChange::RulesChanged {
        userid: by.to_string(),
        words: words.to_vec(),
        rules: whole,
    };
    let mut notices = answer(ctx, &changed, Some(change.clone()))?;
    for userid in concerned(ctx.conn, &changed, by)? {
        notices.push(news_for(&userid, kind, &changed, change.clone()));
    }
    Ok(notices)
}
