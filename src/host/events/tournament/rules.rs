//! A tournament's rules: `GAME tournament create NAME userid password
//! [RULE...]` sets them and makes the sender its organiser, and
//! `tournament rules NAME userid password RULE...` changes them before
//! the start, told to everyone concerned. The rules are its format, who
//! may join, how an aborted board counts, and the switches every board
//! is played with.

use super::{answer, log, news_for, open};
use crate::games::GameKind;
use crate::host::model::notice::TournamentChange;
use crate::host::model::refusal::{Refusal, TournamentRefusal};
use crate::host::request::switches::{split_switches, HostSwitches};
use crate::host::request::{refused, Context, Failure, Handled};
use crate::rules::tournament_rules::{Format, TournamentRuleError, TournamentRules};
use crate::store::{self, NewTournament, Player, Tournament, TournamentFormat, TournamentRuleRow};

/// The rules as written, every switch checked as a challenge would
/// check it, with the switches as the boards will get them.
fn checked(
    ctx: &Context<'_>,
    kind: GameKind,
    base: &TournamentRules,
    words: &[String],
) -> Result<(TournamentRules, HostSwitches), Failure> {
    let rules = TournamentRules::read(base, words).map_err(|err| match err {
        TournamentRuleError::TwoFormats => refused(TournamentRefusal::TwoFormats { game: kind }),
        TournamentRuleError::KnockoutVoid => {
            refused(TournamentRefusal::KnockoutVoid { game: kind })
        }
        TournamentRuleError::Rule(reason) => {
            refused(TournamentRefusal::BadTournamentRule { reason, game: kind })
        }
    })?;
    let split = split_switches(ctx, kind, &rules.switches)?;
    if split.ladder.is_some() {
        return Err(refused(Refusal::LadderSwitch {
            game: kind,
            tournament: true,
        }));
    }
    // The game's switches are checked now, not when the boards begin.
    kind.new_game(&split.game)
        .map_err(|reason| refused(Refusal::BadSwitches { game: kind, reason }))?;
    Ok((rules, split))
}

/// How the store keeps a format.
fn stored_format(format: Format) -> (TournamentFormat, bool) {
    match format {
        Format::RoundRobin => (TournamentFormat::RoundRobin, false),
        Format::DoubleRoundRobin => (TournamentFormat::RoundRobin, true),
        Format::Knockout => (TournamentFormat::Knockout, false),
    }
}

/// The switches as the store keeps them: the host's options, then the
/// game's own.
fn stored_switches(split: &HostSwitches) -> String {
    let kept: Vec<&str> = split
        .options
        .iter()
        .chain(&split.game)
        .map(String::as_str)
        .collect();
    kept.join(" ")
}

/// The rules a tournament has now, its switches as words that read back.
fn rules_of(ctx: &Context<'_>, found: &Tournament) -> TournamentRules {
    let format = match (found.format, found.double) {
        (TournamentFormat::Knockout, _) => Format::Knockout,
        (TournamentFormat::RoundRobin, true) => Format::DoubleRoundRobin,
        (TournamentFormat::RoundRobin, false) => Format::RoundRobin,
    };
    let mut switches: Vec<String> = found
        .switches
        .split_whitespace()
        .map(String::from)
        .collect();
    if !found.rated {
        switches.push("-unrated".to_string());
    }
    TournamentRules {
        format,
        admission: found.admission,
        aborted: found.abort_rule(ctx.competition.tournaments.aborted),
        switches,
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
    let (rules, split) = checked(ctx, kind, &host, words)?;
    let (format, double) = stored_format(rules.format);
    let switches = stored_switches(&split);
    let id = store::insert_tournament(
        ctx.conn,
        &NewTournament {
            kind: kind.name(),
            name,
            organiser: &organiser.userid,
            format,
            double,
            rated: split.rated,
            switches: &switches,
            comment: ctx.comment.map(str::trim).filter(|text| !text.is_empty()),
            admission: rules.admission,
            aborted: rules.aborted,
        },
        ctx.now,
    )?;
    let created = store::load_tournament(ctx.conn, id)?
        .ok_or_else(|| store::StoreError::Corrupt(format!("tournament {id} vanished")))?;
    log(ctx, &created, &organiser.userid, "create", &words.join(" "))?;
    let change = TournamentChange::Created {
        userid: organiser.userid,
    };
    answer(ctx, &created, Some(change))
}

/// The organiser (`by`; the operator too) changes rules before the
/// start: what the words name changes, the rest stays, and switches
/// given replace the old ones. Every player, everyone waiting to join
/// and the organiser are told.
pub(super) fn change(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    words: &[String],
) -> Handled {
    open(&found)?;
    let (rules, split) = checked(ctx, kind, &rules_of(ctx, &found), words)?;
    let (format, double) = stored_format(rules.format);
    let switches = stored_switches(&split);
    store::set_tournament_rules(
        ctx.conn,
        found.id,
        &TournamentRuleRow {
            format,
            double,
            rated: split.rated,
            switches: &switches,
            admission: rules.admission,
            aborted: rules.aborted,
        },
    )?;
    log(ctx, &found, by, "rules", &words.join(" "))?;
    let changed = super::find(ctx, kind, &found.name)?;
    let change = TournamentChange::RulesChanged {
        userid: by.to_string(),
        words: words.to_vec(),
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
