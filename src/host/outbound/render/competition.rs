//! The mails of ratings, ladders and tournaments: standings, the ladder,
//! a tournament's crosstable, and the news of a changed rank or a
//! tournament's pairings and end.

use super::parts::{waiting_view, whole, without_controls};
use super::tournament::{self, status_name, table_view};
use crate::games::GameKind;
use crate::host::model::command::EventList;
use crate::host::model::notice::{
    Answer, CompetitionEvent, CompetitionNews, LadderChange, LadderInfo, LadderLine, LadderReason,
    StandingLine, TournamentLine, TournamentTable,
};
use crate::host::model::subject::Subject;
use crate::rules::score::Abort;
use minijinja::{context, Value};

pub fn standing_view(line: &StandingLine) -> Value {
    context! {
        rank => line.rank,
        userid => &line.userid,
        rating => whole(line.rating),
        deviation => whole(line.deviation),
        won => line.won,
        lost => line.lost,
        drawn => line.drawn,
        active => line.active_boards,
        inactive => line.inactive,
    }
}

/// A ladder's name, director, rules and state, as its listings give
/// them.
pub fn ladder_info_view(info: &LadderInfo) -> Value {
    let rules = &info.rules;
    context! {
        name => &info.name,
        director => &info.director,
        comment => Some(info.comment.as_str()).filter(|comment| !comment.is_empty()),
        comment_line => first_line(&info.comment),
        cancelled => info.cancelled,
        players => info.players,
        waiting => waiting_view(&info.waiting),
        reach => rules.reach,
        inactive_days => rules.inactive_after.map(|after| after / 86_400),
        inactivity => rules.inactivity.name(),
        admission => rules.admission.name(),
        max_open => rules.max_open,
        aborted => rules.aborted.name(),
        switches => &rules.switches,
    }
}

/// A tournament in the list of a game type's tournaments.
fn tournament_line_view(line: &TournamentLine) -> Value {
    context! {
        name => &line.name,
        organiser => &line.organiser,
        format => line.format.name(),
        rated => line.rated,
        admission => line.admission.name(),
        status => status_name(line.status),
        players => line.players,
        comment_line => line.comment.as_deref().map(first_line),
    }
}

/// What a list shows of a note: its first line, cut short.
fn first_line(note: &str) -> String {
    note.lines()
        .next()
        .unwrap_or_default()
        .chars()
        .take(120)
        .collect()
}

/// One rung of a ladder's listing, as the mail and the web view show it.
pub fn ladder_line_view(line: &LadderLine) -> Value {
    let open: Vec<Value> = line
        .open
        .iter()
        .map(|(board, opponent)| context! { board_id => board, opponent })
        .collect();
    context! {
        rank => line.rank,
        userid => &line.userid,
        rating => line.rating.map(whole),
        won => line.won,
        lost => line.lost,
        drawn => line.drawn,
        last_game => line
            .last_game
            .map(|moment| crate::clock::from_unix(moment).format("%Y-%m-%d").to_string()),
        open => open,
        suspended => line.suspended,
    }
}

/// The variables of a competition answer (none for the other answers).
pub(super) fn answer_context(answer: &Answer) -> Value {
    match answer {
        Answer::Standings {
            kind,
            lines,
            all,
            hidden,
            provisional_above,
            inactive_days,
        } => {
            let (established, provisional): (Vec<_>, Vec<_>) =
                lines.iter().partition(|line| line.rank.is_some());
            let view = |lines: Vec<&StandingLine>| {
                lines.into_iter().map(standing_view).collect::<Vec<_>>()
            };
            context! {
                game => kind,
                established => view(established),
                provisional => view(provisional),
                all,
                hidden,
                provisional_above => whole(*provisional_above),
                inactive_days,
            }
        }
        Answer::Ladder {
            info,
            lines,
            change,
        } => {
            let ranks: Vec<Value> = lines.iter().map(ladder_line_view).collect();
            let change = change.as_ref().map(Value::from_serialize);
            let ladder = ladder_info_view(info);
            context! { game => info.kind, ranks, change, ladder => ladder.clone(), ..ladder }
        }
        Answer::Tournaments { kind, lines } => {
            let lines: Vec<Value> = lines.iter().map(tournament_line_view).collect();
            context! { game => kind, tournaments => lines }
        }
        Answer::Ladders { kind, ladders } => {
            let ladders: Vec<Value> = ladders.iter().map(ladder_info_view).collect();
            context! { game => kind, ladders }
        }
        Answer::Tournament { table, change } => {
            let change = change.as_ref().map(Value::from_serialize);
            context! { change, ..table_view(table) }
        }
        Answer::EventLog {
            kind,
            name,
            of,
            entries,
        } => {
            let of = match of {
                EventList::Ladders => "ladder",
                EventList::Tournaments => "tournament",
                EventList::Leagues => "league",
            };
            let entries: Vec<Value> = entries
                .iter()
                .map(|entry| {
                    context! {
                        at => crate::clock::utc_text(entry.at),
                        actor => &entry.actor,
                        action => &entry.action,
                        detail => without_controls(&entry.detail, &[]),
                    }
                })
                .collect();
            context! { game => kind, name, of, entries }
        }
        _ => Value::UNDEFINED,
    }
}

/// The template, subject and variables of news for one player.
pub(super) fn news_parts(news: &CompetitionNews) -> (&'static str, Subject, Value) {
    let (userid, kind) = (news.userid.as_str(), news.kind);
    match &news.event {
        CompetitionEvent::LadderMoved {
            name,
            before,
            after,
            reason,
            ladder,
        } => {
            let reason = ladder_reason_view(reason);
            (
                "ladder-news.txt",
                ladder_subject(kind, name),
                context! { userid, game => kind, name, before, after, reason, ranks => ladder },
            )
        }
        CompetitionEvent::LadderNews { name, change } => (
            "ladder-notice.txt",
            ladder_subject(kind, name),
            context! { userid, game => kind, name, change => ladder_change_view(change) },
        ),
        CompetitionEvent::Pairings {
            name,
            boards,
            players,
            bye_rounds,
        } => tournament::pairings_parts(userid, kind, name, boards, *players, bye_rounds),
        CompetitionEvent::TournamentNews {
            name,
            change,
            status,
        } => tournament::change_parts(userid, kind, name, change, *status),
        CompetitionEvent::Announcement { name, from, text } => {
            tournament::announcement_parts(userid, kind, name, from, text)
        }
        CompetitionEvent::KnockoutBegun { table } => begun_parts(userid, table),
        CompetitionEvent::LeagueNews { name, change } => {
            super::league::news_parts(userid, kind, name, Some(change), None)
        }
        CompetitionEvent::SeasonOver { name, end } => {
            super::league::news_parts(userid, kind, name, None, Some(end))
        }
        CompetitionEvent::SwissBye {
            name,
            round,
            rounds,
        } => tournament::bye_parts(userid, kind, name, *round, *rounds),
        CompetitionEvent::RoundDeadline {
            name,
            round,
            boards,
        } => tournament::deadline_parts(userid, kind, name, *round, boards),
        CompetitionEvent::TournamentOver { table } => tournament::over_parts(userid, table),
    }
}

fn ladder_subject(kind: GameKind, name: &str) -> Subject {
    Subject::Ladder {
        kind,
        name: Some(name.to_string()),
    }
}

/// Why a ladder changed, as `ladder-news.txt` reads it.
fn ladder_reason_view(reason: &LadderReason) -> Value {
    match reason {
        LadderReason::Won {
            winner,
            loser,
            board,
            forfeit,
        } => {
            let aborted = forfeit.map(Abort::name);
            context! { kind => "won", winner, loser, board, aborted }
        }
        LadderReason::Left { userid } => context! { kind => "left", userid },
        LadderReason::Dropped { userids, left } => {
            context! { kind => "dropped", userids, left }
        }
    }
}

/// A director's change, as `ladder-notice.txt` reads it: an
/// announcement's text without control characters.
fn ladder_change_view(change: &LadderChange) -> Value {
    match change {
        LadderChange::Announcement { by, text } => {
            Value::from_serialize(LadderChange::Announcement {
                by: by.clone(),
                text: without_controls(text, &['\n', '\t']),
            })
        }
        other => Value::from_serialize(other),
    }
}

/// The mail telling a player a knockout began: his seed and the bracket.
pub(super) fn begun_parts(userid: &str, table: &TournamentTable) -> (&'static str, Subject, Value) {
    let seed = table
        .players
        .iter()
        .position(|player| player.eq_ignore_ascii_case(userid))
        .map(|seed| seed + 1);
    (
        "knockout-begun.txt",
        Subject::Tournament {
            kind: table.kind,
            name: table.name.clone(),
        },
        context! { userid, seed, ..table_view(table) },
    )
}
