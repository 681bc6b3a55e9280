//! Tournaments (round robins and knockouts): `GAME tournament
//! VERB NAME userid password [...]` and `GAME tournament NAME`. Here are
//! the start, the organiser's message, removal before the start and the
//! handover; who plays is in `tournament_entry`, the rules (`create`,
//! `rules`) in `tournament_rules`, and the verbs that act on a running
//! tournament's boards (`cancel`, `remove` after the start, `replace`)
//! in `director`. Every change goes into the tournament's log.

pub mod rules;
pub mod table;

use super::director;
use super::door;
use super::format::knockout;
use super::log::OPERATOR;
use crate::games::{GameKind, Side};
use crate::host::model::command::{
    Credential, OrganiserVerb, Syntax, TournamentAction, TournamentVerb,
};
use crate::host::model::notice::{
    Answer, BoardNews, CompetitionEvent, CompetitionNews, Event, Notice, PairingLine,
    TournamentChange,
};
use crate::host::model::refusal::Refusal;
use crate::host::request::limits::count_message;
use crate::host::request::switches::{new_board, split_switches, HostSwitches};
use crate::host::request::{authenticate, refused, Context, Failure, Handled};
use crate::rules::round_robin;
use crate::store::{self, Player, Tournament, TournamentBoard, TournamentFormat, TournamentStatus};
use table as tournament;

pub fn tournament(
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
        TournamentVerb::Start => start(ctx, kind, name, player),
        TournamentVerb::Announce => announce(ctx, kind, name, player),
        TournamentVerb::Remove { player: out } => remove(ctx, kind, name, player, &out),
        TournamentVerb::HandOver { to } => hand_over(ctx, kind, name, player, &to),
        TournamentVerb::Cancel => director::cancel(ctx, kind, name, player),
        TournamentVerb::Replace { old, new } => {
            director::replace(ctx, kind, name, player, (&old, &new))
        }
        TournamentVerb::Organise(verb) => {
            let found = organised_by(ctx, kind, name, &player, verb.word())?;
            organise(ctx, kind, found, &player.userid, verb)
        }
    }
}

/// The operator's verbs on any tournament's door and rules, from the
/// command line: as its organiser's by mail, logged as `operator`.
pub fn direct_as_operator(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    verb: OrganiserVerb,
) -> Handled {
    let found = find(ctx, kind, name)?;
    organise(ctx, kind, found, OPERATOR, verb)
}

/// What the organiser (`by`) does to who plays and by what rules, once
/// he is known to organise `found`.
fn organise(
    ctx: &Context<'_>,
    kind: GameKind,
    found: Tournament,
    by: &str,
    verb: OrganiserVerb,
) -> Handled {
    match verb {
        OrganiserVerb::Admit { player } => door::admit(ctx, kind, found, by, &player),
        OrganiserVerb::Invite { player } => door::invite(ctx, kind, found, by, &player),
        OrganiserVerb::Rules { words } => rules::change(ctx, kind, found, by, &words),
    }
}

/// Adds a line to the tournament's log, by `actor`.
pub(super) fn log(
    ctx: &Context<'_>,
    found: &Tournament,
    actor: &str,
    action: &str,
    detail: &str,
) -> Result<(), Failure> {
    super::log::log_tournament(ctx.conn, found.id, actor, action, detail, ctx.now)?;
    Ok(())
}

pub(super) fn find(ctx: &Context<'_>, kind: GameKind, name: &str) -> Result<Tournament, Failure> {
    store::find_tournament(ctx.conn, kind.name(), name)?.ok_or_else(|| {
        refused(Refusal::NoSuchTournament {
            name: name.to_string(),
            game: kind,
        })
    })
}

/// The tournament for the sender, with what his command changed.
pub(super) fn answer(
    ctx: &Context<'_>,
    found: &Tournament,
    change: Option<TournamentChange>,
) -> Handled {
    let table = tournament::table(ctx.conn, found)?;
    Ok(vec![Notice::Answer(Answer::Tournament {
        table: Box::new(table),
        change,
    })])
}

/// Players join, leave, the rules change and the start happens only
/// while it is open.
pub(super) fn open(found: &Tournament) -> Result<(), Failure> {
    if found.status == TournamentStatus::Open {
        return Ok(());
    }
    let status = match found.status {
        TournamentStatus::Running => "running",
        TournamentStatus::Cancelled => "cancelled",
        _ => "finished",
    };
    Err(refused(Refusal::TournamentClosed {
        name: found.name.clone(),
        status: status.to_string(),
    }))
}

/// Every board of the tournament started, with each player's pairings.
fn pair_all(
    ctx: &Context<'_>,
    kind: GameKind,
    found: &Tournament,
    players: &[String],
    split: &HostSwitches,
) -> Result<(Vec<Notice>, Vec<Vec<PairingLine>>), Failure> {
    let mut notices = Vec::new();
    let mut pairings: Vec<Vec<PairingLine>> = vec![Vec::new(); players.len()];
    for pairing in round_robin::pairings(players.len(), found.double) {
        let (white, black) = (&players[pairing.white], &players[pairing.black]);
        let live = new_board(ctx, kind, white, black, split)?;
        let board = live.record.id;
        store::insert_tournament_board(
            ctx.conn,
            found.id,
            &TournamentBoard {
                game_id: board,
                round: pairing.round,
                match_no: None,
                white: white.clone(),
                black: black.clone(),
                score: None,
            },
        )?;
        for (seat, side, opponent) in [
            (pairing.white, Side::White, black),
            (pairing.black, Side::Black, white),
        ] {
            pairings[seat].push(PairingLine {
                board,
                round: pairing.round,
                side,
                opponent: opponent.clone(),
            });
        }
        notices.push(Notice::Board(BoardNews {
            live,
            events: vec![Event::Paired {
                tournament: found.name.clone(),
                round: pairing.round,
                aborted: found.abort_rule(ctx.competition.tournaments.aborted),
                note: found.comment.clone(),
                bout: None,
            }],
            comment: None,
            new_game: true,
        }));
    }
    Ok((notices, pairings))
}

/// A round robin begins every board of every round at once, colours by
/// Berger tables; each player is mailed each board and a list of his
/// pairings. A knockout seeds its players and begins its first round's
/// first games; each player is mailed the bracket.
fn start(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player) -> Handled {
    let found = organised_by(ctx, kind, name, &player, "start")?;
    open(&found)?;
    let players = store::tournament_players(ctx.conn, found.id)?;
    if players.len() < 2 {
        return Err(refused(Refusal::TooFewPlayers {
            name: found.name,
            players: players.len(),
        }));
    }
    let (notices, boards) = match found.format {
        TournamentFormat::RoundRobin => start_round_robin(ctx, kind, &found, &players)?,
        TournamentFormat::Knockout => {
            let competition = ctx.competition;
            let begun = knockout::start(
                ctx.conn,
                ctx.replays,
                &competition.ratings,
                &competition.tournaments,
                &found,
                ctx.now,
            )?;
            let boards = begun.len();
            (begun, boards)
        }
    };
    store::set_tournament_status(ctx.conn, found.id, TournamentStatus::Running, ctx.now)?;
    // A request to join or an invitation lapses once it has begun.
    store::clear_entrants(ctx.conn, found.key())?;
    let detail = format!("{} players, {boards} boards", players.len());
    log(ctx, &found, &player.userid, "start", &detail)?;
    let running = Tournament {
        status: TournamentStatus::Running,
        ..found
    };
    let change = TournamentChange::Started {
        userid: player.userid,
        boards,
    };
    let mut answered = answer(ctx, &running, Some(change))?;
    if running.format == TournamentFormat::Knockout {
        let table = tournament::table(ctx.conn, &running)?;
        answered.extend(players.iter().map(|userid| {
            Notice::Competition(CompetitionNews {
                userid: userid.clone(),
                kind,
                event: CompetitionEvent::KnockoutBegun {
                    table: table.clone(),
                },
            })
        }));
    }
    answered.extend(notices);
    Ok(answered)
}

/// Every board of a round robin begun, and each player's pairings: the
/// notices and how many boards began.
fn start_round_robin(
    ctx: &Context<'_>,
    kind: GameKind,
    found: &Tournament,
    players: &[String],
) -> Result<(Vec<Notice>, usize), Failure> {
    let stored: Vec<String> = found
        .switches
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut split = split_switches(ctx, kind, &stored)?;
    split.rated = found.rated;
    let (mut notices, pairings) = pair_all(ctx, kind, found, players, &split)?;
    let boards = notices.len();
    for (userid, boards) in players.iter().zip(pairings) {
        notices.push(Notice::Competition(CompetitionNews {
            userid: userid.clone(),
            kind,
            event: CompetitionEvent::Pairings {
                name: found.name.clone(),
                boards,
                players: players.len(),
            },
        }));
    }
    Ok((notices, boards))
}

/// The organiser's message, the mail's body, to every other player of
/// his tournament. It counts as one message against the hourly limit on
/// messages, however many players it reaches.
fn announce(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player) -> Handled {
    let found = organised_by(ctx, kind, name, &player, "announce")?;
    let Some(text) = ctx.comment.map(str::trim).filter(|text| !text.is_empty()) else {
        return Err(refused(Refusal::EmptyMessage));
    };
    let to = format!("tournament {} {}", kind.name(), found.name);
    count_message(ctx, &player.userid, &to)?;
    let players: Vec<String> = store::tournament_players(ctx.conn, found.id)?
        .into_iter()
        .filter(|userid| !userid.eq_ignore_ascii_case(&player.userid))
        .collect();
    log(ctx, &found, &player.userid, "announce", text)?;
    let change = TournamentChange::Announced {
        userid: player.userid.clone(),
        players: players.len(),
    };
    let mut notices = answer(ctx, &found, Some(change))?;
    notices.extend(players.into_iter().map(|userid| {
        Notice::Competition(CompetitionNews {
            userid,
            kind,
            event: CompetitionEvent::Announcement {
                name: found.name.clone(),
                from: player.userid.clone(),
                text: text.to_string(),
            },
        })
    }));
    Ok(notices)
}

/// The tournament, when `player` organises it; else the refusal saying
/// who does and that only he may do `action`.
pub(super) fn organised_by(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    player: &Player,
    action: &str,
) -> Result<Tournament, Failure> {
    let found = find(ctx, kind, name)?;
    if found.organiser.eq_ignore_ascii_case(&player.userid) {
        return Ok(found);
    }
    Err(refused(Refusal::NotOrganiser {
        name: found.name,
        organiser: found.organiser,
        action: action.into(),
    }))
}

/// The news of a change for the one player it concerns.
pub(super) fn news_for(
    userid: &str,
    kind: GameKind,
    found: &Tournament,
    change: TournamentChange,
) -> Notice {
    Notice::Competition(CompetitionNews {
        userid: userid.to_string(),
        kind,
        event: CompetitionEvent::TournamentNews {
            name: found.name.clone(),
            change,
        },
    })
}

/// The organiser takes a player out of his tournament; the player is
/// told. Before the start he simply leaves it; after, see
/// `director::remove`.
fn remove(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player, out: &str) -> Handled {
    let found = organised_by(ctx, kind, name, &player, "remove")?;
    director::still_on(&found).map_err(refused)?;
    if found.status == TournamentStatus::Running {
        return director::remove(ctx, kind, found, player, out);
    }
    let was_in = store::leave_tournament(ctx.conn, found.id, out)?;
    if was_in {
        log(ctx, &found, &player.userid, "remove", out)?;
    }
    let change = TournamentChange::Removed {
        userid: player.userid,
        player: out.to_string(),
        was_in,
        boards: Vec::new(),
    };
    let mut notices = answer(ctx, &found, Some(change.clone()))?;
    if was_in {
        notices.push(news_for(out, kind, &found, change));
    }
    Ok(notices)
}

/// The organiser hands his tournament to another player, who is told and
/// organises it from now on.
fn hand_over(ctx: &Context<'_>, kind: GameKind, name: &str, player: Player, to: &str) -> Handled {
    let found = organised_by(ctx, kind, name, &player, "hand over")?;
    let Some(heir) = store::find_player(ctx.conn, to)? else {
        return Err(refused(Refusal::NoSuchPlayer {
            userid: to.to_string(),
            syntax: Some(Syntax::Tournament),
            game: Some(kind),
        }));
    };
    crate::host::request::reachable(ctx, &heir)?;
    store::set_tournament_organiser(ctx.conn, found.id, &heir.userid)?;
    log(ctx, &found, &player.userid, "handover", &heir.userid)?;
    let change = TournamentChange::HandedOver {
        userid: player.userid,
        to: heir.userid.clone(),
    };
    let handed = Tournament {
        organiser: heir.userid.clone(),
        ..found
    };
    let mut notices = answer(ctx, &handed, Some(change.clone()))?;
    notices.push(news_for(&heir.userid, kind, &handed, change));
    Ok(notices)
}
