//! The command line's arguments, as clap reads them.

use crate::archive;
use crate::clock::Clock;
use crate::config::Config;
use crate::games::GameKind;
use anyhow::Result;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(name = "pbem", version, about = "A play-by-email game host")]
pub struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
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
    /// Serve the read-only web view (every board, player, ladder and
    /// tournament) until stopped; `serve` runs the same when `[web]
    /// listen` is set.
    Web {
        #[command(flatten)]
        place: Place,
        /// The address and port to listen on; default `[web] listen`, or
        /// 127.0.0.1:8080.
        #[arg(long, value_name = "ADDR")]
        listen: Option<String>,
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
    /// Print a game's ladder, one line per player, rank first: its
    /// default ladder, or the one NAME names.
    Ladder {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        /// Game name or alias.
        game: GameKind,
        /// A named ladder (those players created).
        name: Option<String>,
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
        /// Print it as a FIDE Tournament Report File (TRF16, with the
        /// XXR and XXC lines pairing programs read) instead.
        #[arg(long)]
        trf: bool,
    },
    /// List the accounts: addresses (confirmed, and waiting to confirm),
    /// locked, signed off, robot, last move, boards running.
    Players {
        #[command(flatten)]
        place: Place,
        /// Only accounts whose userid or an address holds this text.
        filter: Option<String>,
    },
    /// Lock an account: every command from it by mail is refused, and
    /// nobody can challenge it or message it, until it is unlocked.
    Lock {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        userid: String,
    },
    /// Unlock an account locked with `pbem lock`.
    Unlock {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        userid: String,
    },
    /// Block an address (eve@example.org, in every spelling of its
    /// mailbox: case, +tag, the dots of a dotless domain) or a whole domain
    /// (example.org, and the domains under it) from everything: its mail is
    /// recorded in the security log and gets no answer at all.
    Block {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        pattern: String,
    },
    /// Lift a block made with `pbem block`.
    Unblock {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        pattern: String,
    },
    /// Give an account a new password (a strong random one unless
    /// --password), mailed to its confirmed addresses only; then send the
    /// outbox.
    ResetPassword {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        userid: String,
        /// This password rather than a random one (it must be one the
        /// host would take at signup).
        #[arg(long)]
        password: Option<String>,
    },
    /// Delete an account and what only it owns (seeks, queued lines,
    /// notes, subscriptions, waiting addresses), as its owner's `delete`
    /// does; refused while it plays a running board.
    DeleteAccount {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        userid: String,
    },
    /// End every running board USERID sits at, begun in the period, on
    /// which the other player never moved: removed unrated as a declined
    /// challenge is, both players told; then send the outbox.
    VoidFlood {
        #[command(flatten)]
        place: Place,
        #[command(flatten)]
        moment: Moment,
        userid: String,
        /// Boards begun at this moment or later (RFC 3339, or a day).
        #[arg(long, value_name = "TIME", value_parser = moment_or_day)]
        since: i64,
        /// Boards begun before this moment (default: now).
        #[arg(long, value_name = "TIME", value_parser = moment_or_day)]
        until: Option<i64>,
    },
    /// Act as the director of any event: rule on a running board
    /// (adjudicate, forfeit, void), or cancel, remove, replace, hand over
    /// or announce in a tournament; logged as `operator`, players told.
    Director {
        #[command(subcommand)]
        verb: DirectorVerb,
    },
    /// Print an event's log (who did what, when), oldest first.
    EventLog {
        #[command(flatten)]
        place: Place,
        /// Game name or alias.
        #[arg(long)]
        game: GameKind,
        /// The tournament's name.
        #[arg(long, value_name = "NAME")]
        tournament: Option<String>,
        /// A ladder's name; the empty name (`--ladder ''`) is the game's
        /// own ladder.
        #[arg(long, value_name = "NAME")]
        ladder: Option<String>,
    },
    /// Print the security log: wrong-password locks, blocked mail, unusable
    /// senders, address changes and confirmations, the operator's actions.
    SecurityLog {
        #[command(flatten)]
        place: Place,
        /// Only entries from this moment on (RFC 3339, or a day).
        #[arg(long, value_name = "TIME", value_parser = moment_or_day)]
        since: Option<i64>,
        /// Only entries about this userid.
        #[arg(long)]
        userid: Option<String>,
    },
}

/// A moment given as RFC 3339 (2027-03-01T09:00:00Z) or as a day
/// (2027-03-01, its first second in UTC), in seconds since the epoch.
fn moment_or_day(text: &str) -> Result<i64, String> {
    match Clock::parse_fixed(text) {
        Ok(clock) => Ok(clock.now().timestamp()),
        Err(_) => archive::day_start(text.trim()).map_err(|_| {
            format!(
                "{text:?} is neither a time like 2027-03-01T09:00:00Z nor a day like 2027-03-01"
            )
        }),
    }
}

/// Which games `export` takes; every filter given must hold.
#[derive(Args, Debug)]
pub struct ExportFilter {
    /// Only this board.
    #[arg(long, value_name = "N")]
    pub(crate) game: Option<i64>,
    /// Only games this userid plays in, at either seat.
    #[arg(long, value_name = "USERID")]
    pub(crate) player: Option<String>,
    /// Only games of this type (name or alias).
    #[arg(long, value_name = "GAME")]
    pub(crate) kind: Option<GameKind>,
    /// Only games begun on this day (UTC) or later.
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = archive::day_start)]
    pub(crate) since: Option<i64>,
}

/// Where the host's files are.
#[derive(Args, Debug)]
pub struct Place {
    /// The data directory (database, inbox/, outbox/); default ./pbem-data.
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// A TOML config file (see config.example.toml).
    #[arg(long, value_name = "FILE")]
    pub(crate) config: Option<PathBuf>,
}

impl Place {
    /// The settings, with the log started on their filter.
    pub(super) fn config(&self) -> Result<Config> {
        let config = Config::load(self.config.as_deref(), self.data.as_deref())?;
        crate::log::init(&config.log_filter);
        if let Some(warning) = self
            .config
            .as_deref()
            .and_then(crate::config::exposed_secret_warning)
        {
            tracing::warn!("{warning}");
        }
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
    pub(crate) now: Option<Clock>,
}

impl Moment {
    pub(super) fn clock(&self) -> Clock {
        self.now.unwrap_or(Clock::System)
    }
}

/// sysexits.h: the MTA keeps the mail and tries again later.
pub(super) const EX_TEMPFAIL: u8 = 75;
/// sysexits.h: an internal error; the mail is returned to its sender.
pub(super) const EX_SOFTWARE: u8 = 70;

/// The operator's verbs as a director: a ruling on a board, or any of a
/// director's verbs on a ladder or tournament, read by the same words
/// as by mail.
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
    /// Direct a ladder (NAME; '' for the game's own): admit, invite,
    /// suspend, reinstate or remove PLAYER; rules RULE...; handover TO;
    /// cancel; announce TEXT... As its director by mail would, told to
    /// whom it concerns and logged as `operator`.
    #[command(mut_arg("name", |name| name.help("The ladder's name; '' for the game's own ladder")))]
    Ladder(EventDirecting),
    /// Direct a tournament: start; admit, invite or remove PLAYER;
    /// replace OLD NEW; rules RULE...; handover TO; cancel; announce
    /// TEXT... As its organiser by mail would, told to whom it concerns
    /// and logged as `operator`.
    #[command(mut_arg("name", |name| name.help("The tournament's name")))]
    Tournament(EventDirecting),
    /// Direct a league: start; remove PLAYER; rules RULE...; handover
    /// TO; cancel; announce TEXT... As its director by mail would, told
    /// to whom it concerns and logged as `operator`.
    #[command(mut_arg("name", |name| name.help("The league's name")))]
    League(EventDirecting),
}

/// What `director ladder`, `tournament` and `league` take alike. Each
/// names its own kind of event in NAME's help, so sets that help itself.
/// `pub` as `DirectorVerb` is: it is part of the public `Command`.
#[derive(Args, Debug)]
pub struct EventDirecting {
    #[command(flatten)]
    pub(crate) place: Place,
    #[command(flatten)]
    pub(crate) moment: Moment,
    // The indexes keep NAME second: `mut_arg` moves the argument it
    // changes to the end, which would put NAME behind VERB.
    /// Game name or alias.
    #[arg(index = 1)]
    pub(crate) game: GameKind,
    /// The event's name.
    #[arg(index = 2)]
    pub(crate) name: String,
    /// The verb and its arguments (rule words may start with '-').
    #[arg(
        index = 3,
        required = true,
        allow_hyphen_values = true,
        trailing_var_arg = true
    )]
    pub(crate) verb: Vec<String>,
}
