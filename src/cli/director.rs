//! `pbem director VERB ...`: the operator as the director of every
//! event (rulings on any running board; a tournament's admit, invite,
//! rules, cancel, remove, replace, handover, announce; a ladder's
//! verbs), each logged with the actor `operator` and told by mail to
//! whom it concerns, the mails sent at once; and `pbem event-log`, an
//! event's log.

use super::{existing_store, Command, Moment, Place};
use crate::clock::utc_text_seconds;
use crate::daemon::Runtime;
use crate::games::GameKind;
use crate::host::model::command::{OrganiserVerb, RulingVerb};
use crate::host::operator::{ladder_log, tournament_log, Directing};
use anyhow::{bail, Result};
use clap::Subcommand;
use std::process::ExitCode;

/// The operator's verbs as a director.
#[derive(Subcommand, Debug)]
pub enum DirectorVerb {
    /// End running board BOARD with RESULT (1-0, 0-1 or 1/2) for REASON:
    /// once both players have moved a game played (rated where the board
    /// is), before that aborted (unrated) and counted in an event by its
    /// rule against the side it went against.
    Adjudicate {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// The board's number.
        board: i64,
        /// 1-0, 0-1 or 1/2.
        result: String,
        /// Why, told to both players and kept with the board.
        #[arg(required = true, num_args = 1..)]
        reason: Vec<String>,
    },
    /// End running board BOARD as lost by LOSER (an adjudicated loss).
    Forfeit {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// The board's number.
        board: i64,
        /// The userid of the player who loses it.
        loser: String,
        /// Why (may be left out).
        reason: Vec<String>,
    },
    /// Void running board BOARD: aborted, unrated, counted for nobody.
    Void {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// The board's number.
        board: i64,
        /// Why (may be left out).
        reason: Vec<String>,
    },
    /// Cancel a tournament: its running boards are voided, everyone told.
    TournamentCancel {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
    },
    /// Take PLAYER out of a tournament; after the start each of his open
    /// boards is lost by him (aborted and counted by the tournament's
    /// rule if he and his opponent had not both moved).
    TournamentRemove {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
        player: String,
    },
    /// NEW takes OLD's place on OLD's running boards on which OLD has not
    /// moved yet.
    TournamentReplace {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
        old: String,
        new: String,
    },
    /// Make TO the tournament's organiser (its director).
    TournamentHandover {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
        to: String,
    },
    /// Direct a ladder (NAME; '' for the game's own): admit, invite,
    /// suspend, reinstate or remove PLAYER; rules RULE...; handover TO;
    /// cancel; announce TEXT... As its director by mail would, told to
    /// whom it concerns and logged as `operator`.
    Ladder {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The ladder's name; '' for the game's own ladder.
        name: String,
        /// admit, invite, suspend, reinstate, remove, rules, handover,
        /// cancel or announce.
        verb: String,
        /// The verb's arguments (rule words may start with '-').
        #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
        args: Vec<String>,
    },
    /// Let PLAYER, who asked to join, into a tournament not begun yet.
    TournamentAdmit {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
        player: String,
    },
    /// Invite PLAYER to a tournament not begun yet: he is told how to
    /// join, and may, whatever its admission.
    TournamentInvite {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
        player: String,
    },
    /// Change a tournament's rules before it starts (a format -roundrobin,
    /// -double or -knockout; -admission:open|approval|invitation;
    /// -aborted:loss|void; switches, which replace the old ones);
    /// everyone concerned is told.
    TournamentRules {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
        /// The rule words (they may start with '-').
        #[arg(required = true, allow_hyphen_values = true, trailing_var_arg = true)]
        rules: Vec<String>,
    },
    /// Write TEXT to every player and the organiser of a tournament.
    TournamentAnnounce {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
        #[arg(required = true, num_args = 1..)]
        text: Vec<String>,
    },
}

pub(super) fn direct(verb: DirectorVerb) -> Result<ExitCode> {
    let (place, moment, action) = match verb {
        DirectorVerb::Adjudicate {
            place,
            moment,
            board,
            result,
            reason,
        } => {
            let Some(verb) = RulingVerb::adjudicate(&result) else {
                bail!("{result:?} is not a result: give 1-0, 0-1 or 1/2");
            };
            let reason = reason.join(" ");
            (
                place,
                moment,
                Directing::Rule {
                    board,
                    verb,
                    reason,
                },
            )
        }
        DirectorVerb::Forfeit {
            place,
            moment,
            board,
            loser,
            reason,
        } => {
            let verb = RulingVerb::Forfeit { loser };
            let reason = reason.join(" ");
            (
                place,
                moment,
                Directing::Rule {
                    board,
                    verb,
                    reason,
                },
            )
        }
        DirectorVerb::Void {
            place,
            moment,
            board,
            reason,
        } => {
            let (verb, reason) = (RulingVerb::Void, reason.join(" "));
            (
                place,
                moment,
                Directing::Rule {
                    board,
                    verb,
                    reason,
                },
            )
        }
        DirectorVerb::Ladder {
            place,
            moment,
            game,
            name,
            verb,
            args,
        } => (place, moment, ladder_action(game, name, &verb, args)?),
        tournament => tournament_action(tournament)?,
    };
    run(&place, &moment, &action)
}

/// A ladder director's verb as `pbem director ladder` reads it.
fn ladder_action(kind: GameKind, name: String, verb: &str, args: Vec<String>) -> Result<Directing> {
    use crate::host::model::command::DirectorVerb as Verb;
    let one = |args: &[String]| match args {
        [player] => Ok(player.clone()),
        _ => Err(anyhow::anyhow!("{verb} takes one userid")),
    };
    let mut text = None;
    let verb = match verb {
        "admit" => Verb::Admit { player: one(&args)? },
        "invite" => Verb::Invite { player: one(&args)? },
        "suspend" => Verb::Suspend { player: one(&args)? },
        "reinstate" => Verb::Reinstate { player: one(&args)? },
        "remove" => Verb::Remove { player: one(&args)? },
        "handover" => Verb::HandOver { to: one(&args)? },
        "rules" if !args.is_empty() => Verb::Rules { words: args },
        "cancel" if args.is_empty() => Verb::Cancel,
        "announce" if !args.is_empty() => {
            text = Some(args.join(" "));
            Verb::Announce
        }
        other => bail!(
            "{other:?} with {} argument(s) is not a ladder verb: admit|invite|suspend|reinstate|remove PLAYER, handover TO, rules RULE..., cancel, announce TEXT...",
            args.len()
        ),
    };
    Ok(Directing::Ladder {
        kind,
        name,
        verb,
        text,
    })
}

fn tournament_action(verb: DirectorVerb) -> Result<(Place, Moment, Directing)> {
    Ok(match verb {
        DirectorVerb::TournamentCancel {
            place,
            moment,
            game: kind,
            name,
        } => (place, moment, Directing::Cancel { kind, name }),
        DirectorVerb::TournamentRemove {
            place,
            moment,
            game: kind,
            name,
            player,
        } => (place, moment, Directing::Remove { kind, name, player }),
        DirectorVerb::TournamentReplace {
            place,
            moment,
            game: kind,
            name,
            old,
            new,
        } => (
            place,
            moment,
            Directing::Replace {
                kind,
                name,
                old,
                new,
            },
        ),
        DirectorVerb::TournamentHandover {
            place,
            moment,
            game: kind,
            name,
            to,
        } => (place, moment, Directing::HandOver { kind, name, to }),
        DirectorVerb::TournamentAnnounce {
            place,
            moment,
            game: kind,
            name,
            text,
        } => {
            let text = text.join(" ");
            (place, moment, Directing::Announce { kind, name, text })
        }
        other => organiser_action(other)?,
    })
}

/// A tournament organiser's verb before the start.
fn organiser_action(verb: DirectorVerb) -> Result<(Place, Moment, Directing)> {
    let organise = |kind, name, verb| Directing::Organise { kind, name, verb };
    Ok(match verb {
        DirectorVerb::TournamentAdmit {
            place,
            moment,
            game: kind,
            name,
            player,
        } => (
            place,
            moment,
            organise(kind, name, OrganiserVerb::Admit { player }),
        ),
        DirectorVerb::TournamentInvite {
            place,
            moment,
            game: kind,
            name,
            player,
        } => (
            place,
            moment,
            organise(kind, name, OrganiserVerb::Invite { player }),
        ),
        DirectorVerb::TournamentRules {
            place,
            moment,
            game: kind,
            name,
            rules: words,
        } => (
            place,
            moment,
            organise(kind, name, OrganiserVerb::Rules { words }),
        ),
        other => bail!("{other:?} is not a tournament's verb"),
    })
}

fn run(place: &Place, moment: &Moment, action: &Directing) -> Result<ExitCode> {
    let config = place.config()?;
    existing_store(&config)?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    let outcome = runtime.host.direct(action)?;
    super::operator::report(&mut runtime, outcome)
}

/// `pbem event-log --game G --tournament NAME|--ladder NAME`: the log,
/// oldest first.
pub(super) fn event_log(command: Command) -> Result<ExitCode> {
    let Command::EventLog {
        place,
        game: kind,
        tournament,
        ladder,
    } = command
    else {
        bail!("{command:?} is not event-log");
    };
    let config = place.config()?;
    let store = existing_store(&config)?;
    let conn = store.connection();
    let entries = match (tournament.as_deref(), ladder.as_deref()) {
        (Some(name), None) => match tournament_log(conn, kind, name)? {
            Some(entries) => entries,
            None => bail!("there is no {} tournament called {name}", kind.name()),
        },
        (None, Some(name)) => match ladder_log(conn, kind, name)? {
            Some(entries) => entries,
            None => bail!("there is no {} ladder called {name}", kind.name()),
        },
        _ => bail!("give one of --tournament NAME or --ladder NAME"),
    };
    for entry in &entries {
        let detail = match entry.detail.is_empty() {
            true => String::new(),
            false => format!(": {}", entry.detail),
        };
        say!(
            "{} {} {}{detail}",
            utc_text_seconds(entry.at),
            entry.actor,
            entry.action
        );
    }
    say!(
        "{} entr{}",
        entries.len(),
        if entries.len() == 1 { "y" } else { "ies" }
    );
    Ok(ExitCode::SUCCESS)
}
