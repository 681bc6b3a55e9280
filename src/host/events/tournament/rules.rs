//! A tournament's rules: `GAME tournament create NAME userid password
//! [RULE...]` sets them and makes the sender its organiser, and
//! `tournament rules NAME userid password RULE...` changes them before
//! the start, told to everyone concerned with the whole rules that
//! result. The rules are its format, who may join, how an aborted board
//! counts, whether its boards are rated, and the switches every board is
//! played with; a change names what it changes and nothing else moves.

use super::super::format;
use super::{answer, log, news_for, open};
use crate::games::GameKind;
use crate::host::model::notice::TournamentChange;
use crate::host::model::refusal::{Refusal, TournamentRefusal};
use crate::host::request::switches::split_switches_naming;
use crate::host::request::{refused, Context, Failure, Handled};
use crate::rules::tournament_rules::{TournamentRuleError, TournamentRules};
use crate::store::{self, NewTournament, Player, Tournament, TournamentRuleRow};

/// The rules as written over `base`, every switch checked as a challenge
/// would check it, with the switches as the boards will get them (the
/// host's options, then the game's own). A league's divisions are read
/// here too.
pub(crate) fn checked(
    ctx: &Context<'_>,
    kind: GameKind,
    base: &TournamentRules,
    words: &[String],
) -> Result<(TournamentRules, String), Failure> {
    let read = TournamentRules::read(base, words).map_err(|err| match err {
        TournamentRuleError::TwoFormats => refused(TournamentRefusal::TwoFormats { game: kind }),
        TournamentRuleError::Rule(reason) => {
            refused(TournamentRefusal::BadTournamentRule { reason, game: kind })
        }
        TournamentRuleError::SwissNeedsRounds => {
            refused(TournamentRefusal::SwissNeedsRounds { game: kind })
        }
        TournamentRuleError::NotForFormat { rule, format } => {
            refused(TournamentRefusal::RuleNotForFormat {
                rule: rule.to_string(),
                format: format.name().to_string(),
                game: kind,
            })
        }
    })?;
    let mut rules = read.rules;
    let allowed = format::of(rules.format).abort_rules();
    if !allowed.contains(&rules.aborted) {
        if read.abort_named {
            return Err(refused(TournamentRefusal::FormatAbortRule {
                format: rules.format.name().to_string(),
                rule: rules.aborted.name().to_string(),
                game: kind,
            }));
        }
        // Inherited from the host or an earlier format: the format's own.
        rules.aborted = allowed[0];
    }
    let split = split_switches_naming(ctx, kind, &rules.switches, words)?;
    if split.ladder.is_some() {
        return Err(refused(Refusal::LadderSwitch {
            game: kind,
            tournament: true,
        }));
    }
    // The game's switches are checked now, not when the boards begin.
    kind.new_game(&split.game)
        .map_err(|reason| refused(Refusal::BadSwitches { game: kind, reason }))?;
    let stored: Vec<&str> = split
        .options
        .iter()
        .chain(&split.game)
        .map(String::as_str)
        .collect();
    Ok((rules, stored.join(" ")))
}

/// The rules a tournament has now, as words that read back.
pub(super) fn rules_of(ctx: &Context<'_>, found: &Tournament) -> TournamentRules {
    TournamentRules {
        format: found.format,
        admission: found.admission,
        aborted: format::abort_rule(found, ctx.competition.tournaments.aborted),
        rated: found.rated,
        switches: found
            .switches
            .split_whitespace()
            .map(String::from)
            .collect(),
        rounds: found.rounds,
        round_days: found.round_days,
        tiebreaks: found.tiebreaks.clone(),
    }
}

pub(super) fn create(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    organiser: Player,
    words: &[String],
) -> Handled {
    if store::find_tournament(ctx.conn, kind.name(), name)?.is_some() {
        return Err(refused(TournamentRefusal::TournamentExists {
            name: name.to_string(),
            game: kind,
        }));
    }
    let most = ctx.competition.tournaments.max_per_organiser;
    if store::tournaments_organised(ctx.conn, &organiser.userid)? >= most {
        return Err(refused(TournamentRefusal::OrganisesTooMany {
            most,
            game: kind,
        }));
    }
    let host = TournamentRules {
        aborted: ctx.competition.tournaments.aborted,
        ..TournamentRules::default()
    };
    let (rules, switches) = checked(ctx, kind, &host, words)?;
    let id = store::insert_tournament(
        ctx.conn,
        &NewTournament {
            kind: kind.name(),
            name,
            organiser: &organiser.userid,
            format: rules.format,
            rated: rules.rated,
            switches: &switches,
            comment: ctx.comment.map(str::trim).filter(|text| !text.is_empty()),
            admission: rules.admission,
            aborted: rules.aborted,
            rounds: rules.rounds,
            round_days: rules.round_days,
            tiebreaks: rules.tiebreaks.as_deref(),
            league: None,
        },
        ctx.now,
    )?;
    let created = store::load_tournament(ctx.conn, id)?
        .ok_or_else(|| store::StoreError::Corrupt(format!("tournament {id} vanished")))?;
    log(
        ctx,
        &created,
        &organiser.userid,
        "create",
        &rules.words().join(" "),
    )?;
    let change = TournamentChange::Created {
        userid: organiser.userid,
    };
    answer(ctx, &created, Some(change))
}

/// The organiser (`by`; the operator too) changes rules before the
/// start: what the words name changes, the rest stays. Every player,
/// everyone waiting to join and the organiser are told the words and
/// the whole rules they make.
pub(super) fn change(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    words: &[String],
) -> Handled {
    open(&found)?;
    let (rules, switches) = checked(ctx, kind, &rules_of(ctx, &found), words)?;
    store::set_tournament_rules(
        ctx.conn,
        found.id,
        &TournamentRuleRow {
            format: rules.format,
            rated: rules.rated,
            switches: &switches,
            admission: rules.admission,
            aborted: rules.aborted,
            rounds: rules.rounds,
            round_days: rules.round_days,
            tiebreaks: rules.tiebreaks.as_deref(),
        },
    )?;
    let changed = super::find(ctx, kind, &found.name)?;
    let whole = rules_of(ctx, &changed).words();
    let change = TournamentChange::RulesChanged {
        userid: by.to_string(),
        words: words.to_vec(),
        rules: whole,
    };
    let mut told: Vec<String> = store::tournament_players(ctx.conn, found.id)?;
    told.extend(
        store::entrants(ctx.conn, found.key())?
            .into_iter()
            .map(|(userid, _)| userid),
    );
    told.push(found.organiser.clone());
    told.retain(|userid| !userid.eq_ignore_ascii_case(by));
    told.sort_by_key(|userid| userid.to_lowercase());
    told.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    let mut notices = answer(ctx, &changed, Some(change.clone()))?;
    notices.extend(
        told.iter()
            .map(|userid| news_for(userid, kind, &changed, change.clone())),
    );
    Ok(notices)
}
