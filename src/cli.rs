//! The command line: argument parsing and hand-over to the library.

use crate::archive::{self, HostIdentity};
mod competition;
mod fetch;
mod games;
mod pictures;
mod timers;

use crate::clock::Clock;
use crate::config::Config;
use crate::daemon::Runtime;
use crate::games::GameKind;
use crate::host::competition::report::Report;
use crate::host::Receipt;
use crate::mail::compose::player_mail;
use crate::mail::maildir::Maildir;
use crate::mail::raw::read_mail;
use crate::store::{self, GameFilter, OutboxState, Store};
use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tracing::{error, info, warn};

#[derive(Parser, Debug)]
#[command(name = "pbem", version, about = "A play-by-email game host")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the legal move sequences of DEPTH plies (the last line printed
    /// is the count).
    Perft {
        /// Game name or alias: chess, progression, recursion, spherical.
        game: String,
        depth: u32,
        /// Start from this position (FEN for the chess family).
        #[arg(long)]
        fen: Option<String>,
        /// Moves to play first, separated by spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// The game's challenge switches, e.g. "-list:nbNBrRQK -promote:15".
        /// Switches start with '-', so the value may too.
        #[arg(long, default_value = "", allow_hyphen_values = true)]
        switches: String,
        /// Print a line per legal first ply with its count.
        #[arg(long)]
        divide: bool,
    },
    /// Run the mail host: watch the Maildir, answer every mail, send the
    /// replies through the configured transport.
    Serve {
        #[command(flatten)]
        place: Place,
        /// Handle what is waiting, send the outbox, and exit.
        #[arg(long)]
        once: bool,
        #[command(flatten)]
        moment: Moment,
    },
    /// Fetch what waits in the IMAP mailbox of `[inbound.imap]`, handle
    /// it, send the outbox, and exit (for cron; `serve` keeps fetching).
    /// Exits 1 when a mail failed or the mailbox could not be read.
    Fetch {
        #[command(flatten)]
        place: Place,
        /// Required: one pass, then exit.
        #[arg(long, required = true)]
        once: bool,
        #[command(flatten)]
        moment: Moment,
    },
    /// Handle one RFC 5322 message from standard input (for an MTA pipe).
    /// Exits 0 once it is stored, 75 when the MTA should keep it and try
    /// again (a busy or damaged database), 70 when it cannot be handled
    /// (it is kept in failed/).
    Deliver {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
    },
    /// Run once whatever timers are due (reminders, losses on time,
    /// vacations that end), then send the outbox: for hosts fed by
    /// `deliver` from an MTA, from cron or a systemd timer.
    Tick {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
    },
    /// Play every move the robots owe now, then send the outbox: for hosts
    /// fed by `deliver`, from cron (`serve` plays them by itself).
    Robots {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
    },
    /// Copy the database, consistently, while the host runs (SQLite's
    /// online backup). To restore: stop the host and put the copy in the
    /// database's place.
    Backup {
        #[command(flatten)]
        place: Place,
        /// Where the copy goes (replaced if it exists).
        file: PathBuf,
    },
    /// Play moves from the start of a game and print the board and the
    /// game's state or result, or the first illegal move and why (exit 1):
    /// for checking a disputed game, or comparing with another program.
    Replay {
        /// Game name or alias: chess, progression, recursion, spherical.
        game: String,
        /// The game's challenge switches, e.g. "-list:nbNBrRQK -promote:15".
        #[arg(long, default_value = "", allow_hyphen_values = true)]
        switches: String,
        /// The moves, separated by spaces, each by the side to move next.
        #[arg(long, default_value = "")]
        moves: String,
    },
    /// Draw a sample board of every game as the mails draw it: a PNG
    /// and an HTML page each (the README's pictures; an operator's
    /// preview of his own board.html and board.svg).
    Pictures {
        /// Where the files go.
        #[arg(long, default_value = "docs/boards")]
        out: PathBuf,
        /// A templates folder overriding the built-in ones, as in the
        /// data directory (`templates/en/board.svg`).
        #[arg(long)]
        templates: Option<PathBuf>,
    },
    /// Write a player's mail into the host's Maildir (for trying the host
    /// out). The body comes from --body or from standard input.
    Mail {
        #[command(flatten)]
        place: Place,
        /// The sender's address.
        #[arg(long)]
        from: String,
        /// The mail's text; without it, standard input when that is not a
        /// terminal.
        #[arg(long)]
        body: Option<String>,
        /// Make the mail a reply to this .eml (one the host sent), with
        /// In-Reply-To and References as a mail client would set them.
        #[arg(long, value_name = "EML")]
        reply_to: Option<PathBuf>,
        /// The Subject: a command such as "chess challenge alice bob".
        /// A reply without it gets "Re: " and the original subject.
        subject: Option<String>,
    },
    /// List the mail not sent yet: waiting, held back by the hourly cap
    /// (until when), retrying (attempts, next try, last error), given up
    /// (with the reason), and which sender has it in hand.
    Outbox {
        #[command(flatten)]
        place: Place,
    },
    /// Write games as PGN (every game, finished and running, unless
    /// filtered), a blank line between games. A board that does not
    /// replay is skipped with a warning.
    Export {
        #[command(flatten)]
        place: Place,
        /// Write PGN (the one format so far).
        #[arg(long, required = true)]
        pgn: bool,
        #[command(flatten)]
        filter: ExportFilter,
        /// Write to this file instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Print a game's standings by rating, as `GAME standings` mails them.
    Standings {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// Also the players without a rated game for a long time.
        #[arg(long)]
        all: bool,
    },
    /// Print a game's ladder, one line per player, rank first.
    Ladder {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
    },
    /// Print a tournament's crosstable and standings.
    Tournament {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// The tournament's name.
        name: String,
    },
}

/// Which games `export` takes; every filter given must hold.
#[derive(Args, Debug)]
pub struct ExportFilter {
    /// Only this board.
    #[arg(long, value_name = "N")]
    game: Option<i64>,
    /// Only games this userid plays in, at either seat.
    #[arg(long, value_name = "USERID")]
    player: Option<String>,
    /// Only games of this type (name or alias).
    #[arg(long, value_name = "GAME")]
    kind: Option<GameKind>,
    /// Only games begun on this day (UTC) or later.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = archive::day_start)]
    since: Option<i64>,
}

/// Where the host's files are.
#[derive(Args, Debug)]
pub struct Place {
    /// The data directory (database, inbox/, outbox/); default ./pbem-data.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// A TOML config file (see config.example.toml).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
}

impl Place {
    /// The settings, with the log started on their filter.
    fn config(&self) -> Result<Config> {
        let config = Config::load(self.config.as_deref(), self.data.as_deref())?;
        crate::log::init(&config.log_filter);
        Ok(config)
    }
}

/// The moment the host acts at.
#[derive(Args, Debug)]
pub struct Moment {
    /// Act as if it were this moment (RFC 3339, e.g. 2027-03-01T09:00:00Z):
    /// for tests and for replaying a backlog. With `serve`, only together
    /// with --once.
    #[arg(long, value_name = "TIME", value_parser = Clock::parse_fixed)]
    now: Option<Clock>,
}

impl Moment {
    fn clock(&self) -> Clock {
        self.now.unwrap_or(Clock::System)
    }
}

/// sysexits.h: the MTA keeps the mail and tries again later.
const EX_TEMPFAIL: u8 = 75;
/// sysexits.h: an internal error; the mail is returned to its sender.
const EX_SOFTWARE: u8 = 70;

pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Perft {
            game,
            depth,
            fen,
            moves,
            switches,
            divide,
        } => games::perft(&game, depth, fen.as_deref(), &moves, &switches, divide),
        Command::Serve {
            place,
            once,
            moment,
        } => serve(&place, once, &moment),
        Command::Fetch {
            place,
            once: _,
            moment,
        } => fetch::fetch_once(&place, &moment),
        Command::Deliver { place, moment } => Ok(deliver(&place, &moment)),
        Command::Tick { place, moment } => timers::tick(&place, &moment),
        Command::Robots { place, moment } => timers::robots(&place, &moment),
        Command::Backup { place, file } => backup(&place, &file),
        Command::Replay {
            game,
            switches,
            moves,
        } => games::replay(&game, &switches, &moves),
        Command::Mail {
            place,
            from,
            body,
            reply_to,
            subject,
        } => mail(&place, &from, body, reply_to, subject),
        Command::Outbox { place } => outbox(&place),
        Command::Pictures { out, templates } => pictures::pictures(&out, templates.as_deref()),
        Command::Export {
            place,
            pgn: _,
            filter,
            out,
        } => export(&place, &filter, out.as_deref()),
        Command::Standings {
            place,
            moment,
            game,
            all,
        } => competition::print(&place, &moment, Report::Standings { kind: game, all }),
        Command::Ladder {
            place,
            moment,
            game,
        } => competition::print(&place, &moment, Report::Ladder { kind: game }),
        Command::Tournament {
            place,
            moment,
            game,
            name,
        } => competition::print(&place, &moment, Report::Tournament { kind: game, name }),
    }
}

/// The data directory's database, which a command that only reads needs
/// to exist already.
fn existing_store(config: &Config) -> Result<Store> {
    if !config.database.exists() {
        bail!(
            "no database at {}: the host has not run with this data directory",
            config.database.display()
        );
    }
    Store::open(&config.database).with_context(|| format!("opening {}", config.database.display()))
}

fn export(place: &Place, filter: &ExportFilter, out: Option<&Path>) -> Result<ExitCode> {
    let config = place.config()?;
    let store = existing_store(&config)?;
    let host = HostIdentity {
        name: config.host.name.clone(),
        address: config.host.address.clone(),
    };
    let filter = GameFilter {
        id: filter.game,
        player: filter.player.clone(),
        kind: filter.kind.map(|kind| kind.name().to_string()),
        created_since: filter.since,
    };
    let mut writer: Box<dyn Write> = match out {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("creating {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    let summary = archive::export_games(store.connection(), &filter, &host, &mut writer)?;
    for (id, reason) in &summary.skipped {
        eprintln!("warning: board {id} skipped: {reason}");
    }
    eprintln!(
        "exported {} game(s), skipped {}",
        summary.written,
        summary.skipped.len()
    );
    Ok(ExitCode::SUCCESS)
}

fn outbox(place: &Place) -> Result<ExitCode> {
    let config = place.config()?;
    let store = existing_store(&config)?;
    let conn = store.connection();
    let now_ms = store::now_ms();
    let entries = store::outbox_entries_at(conn, now_ms)?;
    let dropped = store::dropped_since(conn, now_ms / 1000 - 86_400)?;
    if entries.is_empty() {
        println!("the outbox is empty: every mail was sent");
    }
    let mut counts = [0usize; 4];
    for entry in &entries {
        let (index, state) = match &entry.state {
            OutboxState::Waiting => (0, "waiting"),
            OutboxState::Held { .. } => (1, "held"),
            OutboxState::Retrying { .. } => (2, "retrying"),
            OutboxState::GivenUp { .. } => (3, "given up"),
        };
        counts[index] += 1;
        println!(
            "#{} {state} to {} {:?}, queued {}",
            entry.id,
            entry.recipient,
            entry.subject,
            utc_time(entry.created)
        );
        print_state(&entry.state);
        if let Some(claim) = &entry.claim {
            if claim.until > now_ms {
                println!(
                    "    being sent by {} (claimed until {})",
                    claim.owner,
                    utc_time(claim.until / 1000)
                );
            } else {
                println!(
                    "    claimed by {}, whose claim ran out: the next sender takes it",
                    claim.owner
                );
            }
        }
    }
    if dropped > 0 {
        println!(
            "{dropped} answer(s) to addresses past the hourly cap dropped in the last 24 hours"
        );
    }
    if !entries.is_empty() {
        let [waiting, held, retrying, given_up] = counts;
        println!("{waiting} waiting, {held} held, {retrying} retrying, {given_up} given up");
    }
    Ok(ExitCode::SUCCESS)
}

/// The second line of a listed row: why it waits.
fn print_state(state: &OutboxState) {
    match state {
        OutboxState::Waiting => {}
        OutboxState::Held { until } => println!(
            "    held back by the hourly cap until {}",
            utc_time(until / 1000)
        ),
        OutboxState::Retrying {
            attempts,
            next_attempt,
            last_error,
        } => println!(
            "    attempts {attempts}, next try {}, last error: {last_error}",
            utc_time(next_attempt / 1000)
        ),
        OutboxState::GivenUp {
            attempts,
            at,
            reason,
        } => {
            let when = at
                .map(|at| format!(" on {}", utc_time(at)))
                .unwrap_or_default();
            println!("    given up{when} after {attempts} attempt(s): {reason}");
        }
    }
}

/// A Unix time as `YYYY-MM-DD HH:MM:SS UTC`.
fn utc_time(unix: i64) -> String {
    crate::clock::from_unix(unix)
        .format("%Y-%m-%d %H:%M:%S UTC")
        .to_string()
}

fn serve(place: &Place, once: bool, moment: &Moment) -> Result<ExitCode> {
    if moment.now.is_some() && !once {
        bail!("--now works with serve only together with --once: a running daemon keeps the real time");
    }
    let config = place.config()?;
    let mut runtime = Runtime::open(&config)?;
    runtime.host.set_clock(moment.clock());
    if once {
        let pass = runtime.pass()?;
        println!(
            "handled {}, duplicates {}, ignored {}, failed {}, sent {}",
            pass.handled, pass.duplicates, pass.ignored, pass.failed, pass.sent
        );
        return Ok(if pass.failed > 0 {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        });
    }
    runtime.serve()?;
    Ok(ExitCode::SUCCESS)
}

/// Every failure becomes an exit code the MTA understands, so nothing is
/// returned through `?` here.
fn deliver(place: &Place, moment: &Moment) -> ExitCode {
    let config = match place.config() {
        Ok(config) => config,
        Err(err) => {
            // The operator can fix the config; the MTA keeps the mail.
            crate::log::init("info");
            error!("{err:#}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    // The whole message is taken from the MTA first, whatever follows;
    // no more of it than the size limit is held.
    let max_bytes = config.host.limits.max_message_bytes;
    let mail = match read_mail(std::io::stdin().lock(), max_bytes, None) {
        Ok(mail) => mail,
        Err(err) => {
            warn!("cannot read the message: {err}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    let result = Runtime::open(&config).and_then(|mut runtime| {
        runtime.host.set_clock(moment.clock());
        runtime.deliver_mail(&mail)
    });
    // 0 only once the mail and its effects are committed (or it was a
    // duplicate, or is never to be answered and is recorded as seen).
    match result {
        Ok(Receipt::Ignored(reason)) => {
            info!("not answered: {reason}");
            ExitCode::SUCCESS
        }
        Ok(_) => ExitCode::SUCCESS,
        Err(err) if err.is_temporary() => {
            warn!("temporary failure, the MTA keeps the mail for later: {err}");
            ExitCode::from(EX_TEMPFAIL)
        }
        Err(err) => {
            error!("{err}");
            ExitCode::from(EX_SOFTWARE)
        }
    }
}

fn mail(
    place: &Place,
    from: &str,
    body: Option<String>,
    reply_to: Option<PathBuf>,
    subject: Option<String>,
) -> Result<ExitCode> {
    let config = place.config()?;
    let body = match body {
        Some(body) => body,
        None if !std::io::stdin().is_terminal() => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("reading the body from standard input")?;
            text
        }
        None => String::new(),
    };
    let answering = match &reply_to {
        Some(path) => {
            Some(std::fs::read(path).with_context(|| format!("reading {}", path.display()))?)
        }
        None => None,
    };
    if subject.is_none() && answering.is_none() {
        bail!("give a subject (the command), or --reply-to a mail from the host");
    }
    let raw = player_mail(
        from,
        &config.host.address,
        subject.as_deref(),
        &body,
        answering.as_deref(),
    )?;
    let maildir = Maildir::open(&config.maildir)
        .with_context(|| format!("opening the Maildir {}", config.maildir.display()))?;
    let path = maildir.deliver(&raw)?;
    println!("{}", path.display());
    Ok(ExitCode::SUCCESS)
}

fn backup(place: &Place, file: &std::path::Path) -> Result<ExitCode> {
    let config = place.config()?;
    let store = Store::open(&config.database)
        .with_context(|| format!("cannot open {}", config.database.display()))?;
    store
        .backup_to(file)
        .with_context(|| format!("cannot copy the database to {}", file.display()))?;
    println!("{} copied to {}", config.database.display(), file.display());
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::utc_time;

    #[test]
    fn utc_time_formats_calendar_dates() {
        assert_eq!(utc_time(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_time(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc_time(1_796_000_461), "2026-11-30 01:01:01 UTC");
    }
}
