//! The handlers: one command against the store, inside the mail's
//! transaction. They change state and return Notices; they never write
//! mail themselves.

use super::command::{Command, Credential, MoveWord};
use super::live::{self, LiveGame, LoadError, Replays};
use super::notice::{Comment, Event, Notice};
use super::password::{hash_password, HashError, VerifiedPasswords};
use crate::games::{GameKind, Side};
use crate::store::{self, GameStatus, MoveRecord, NewGame, Player, Preference, StoreError};
use rusqlite::Connection;

/// A handler could not finish: either the command is refused (the sender
/// is told, nothing changes) or the host itself failed (the mail is
/// retried later).
#[derive(Debug)]
pub enum Failure {
    Refused(Notice),
    Store(StoreError),
    Hash(HashError),
}

impl From<StoreError> for Failure {
    fn from(err: StoreError) -> Self {
        Failure::Store(err)
    }
}

impl From<HashError> for Failure {
    fn from(err: HashError) -> Self {
        Failure::Hash(err)
    }
}

impl From<LoadError> for Failure {
    fn from(err: LoadError) -> Self {
        match err {
            LoadError::Store(err) => Failure::Store(err),
            LoadError::NoSuchBoard(id) => refusal(
                None,
                format!("there is no board {id}"),
                "the board number from the subject of your board mails",
            ),
            LoadError::Unreadable { id, reason } => refusal(
                None,
                format!("board {id} cannot be rebuilt from its stored moves ({reason})"),
                "please tell the operator of this host",
            ),
        }
    }
}

fn refusal(board: Option<i64>, problem: impl Into<String>, hint: impl Into<String>) -> Failure {
    Failure::Refused(Notice::refused(board, problem, hint))
}

pub type Handled = Result<Vec<Notice>, Failure>;

/// What a handler may know about the mail it serves.
pub struct Context<'a> {
    pub conn: &'a Connection,
    /// The sender's address.
    pub from: &'a str,
    /// What the sender typed (for chat and comments).
    pub comment: Option<&'a str>,
    /// Passwords already checked in this process.
    pub passwords: &'a VerifiedPasswords,
    /// Games already replayed in this process.
    pub replays: &'a Replays,
}

pub fn handle(ctx: &Context<'_>, command: Command) -> Handled {
    match command {
        Command::Help { topic } => help(topic),
        Command::List => list(ctx),
        Command::Signup {
            userid,
            password,
            addresses,
        } => signup(ctx, &userid, &password, addresses),
        Command::ChangePassword { userid, old, new } => change_password(ctx, &userid, &old, &new),
        Command::ChangeAddress {
            userid,
            password,
            addresses,
        } => change_address(ctx, &userid, &password, addresses),
        Command::Signoff { userid, password } => signoff(ctx, &userid, &password),
        Command::Delete { userid, password } => delete(ctx, &userid, &password),
        Command::Multiple => Err(refusal(
            None,
            "multiple belongs in the Subject, not in the body",
            "Subject: multiple, then one command per body line",
        )),
        Command::GameHelp { kind } => game_help(kind),
        Command::Challenge {
            kind,
            white,
            black,
            switches,
        } => challenge(ctx, kind, &white, &black, &switches),
        Command::Accepting {
            kind,
            userid,
            password,
            accepts,
        } => accepting(ctx, kind, &userid, &password, accepts),
        Command::Limit {
            kind,
            userid,
            password,
            limit,
        } => set_limit(ctx, kind, &userid, &password, limit),
        Command::Move {
            kind,
            board,
            userid,
            credential,
            words,
            guard,
        } => play(ctx, kind, board, &userid, &credential, &words, guard),
        Command::Resign {
            kind,
            board,
            userid,
            credential,
        } => resign(ctx, kind, board, &userid, &credential),
        Command::Decline {
            kind,
            board,
            userid,
            credential,
        } => decline(ctx, kind, board, &userid, &credential, false),
        Command::Show { kind, board, after } => show(ctx, kind, board, after),
        Command::Games { kind, userid } => games(ctx, kind, &userid),
        Command::Chat {
            kind,
            board,
            userid,
            credential,
        } => chat(ctx, kind, board, &userid, &credential),
    }
}

fn help(topic: Option<String>) -> Handled {
    match topic {
        None => Ok(vec![Notice::Help]),
        Some(topic) => match GameKind::from_name(&topic) {
            Some(kind) => game_help(kind),
            None => Err(refusal(
                None,
                format!("there is no help topic {topic:?}"),
                format!(
                    "help, or help GAME where GAME is one of: {}",
                    game_names().join(", ")
                ),
            )),
        },
    }
}

fn game_help(kind: GameKind) -> Handled {
    Ok(vec![Notice::Reply {
        subject: format!("PBeM Help {}", kind.title()),
        text: kind.help().to_string(),
    }])
}

fn game_names() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|kind| kind.name()).collect()
}

fn list(ctx: &Context<'_>) -> Handled {
    let counts = store::games_count_by_kind(ctx.conn)?;
    let mut text = String::from("Games on this host (name, title, running, finished):\n\n");
    for kind in GameKind::ALL {
        let (active, finished) = counts.get(kind.name()).copied().unwrap_or((0, 0));
        text.push_str(&format!(
            "  {:<12} {:<28} {:>4} running {:>5} finished\n",
            kind.name(),
            kind.title(),
            active,
            finished
        ));
    }
    text.push_str("\nSend \"GAME help\" for the rules of one of them.");
    Ok(vec![Notice::Reply {
        subject: "PBeM Game List".into(),
        text,
    }])
}

/// Userids are short words so they fit in subjects and commands.
fn check_userid(userid: &str) -> Result<(), Failure> {
    let valid = !userid.is_empty()
        && userid.len() <= 24
        && userid
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && userid
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && GameKind::from_name(userid).is_none();
    if valid {
        Ok(())
    } else {
        Err(refusal(
            None,
            format!("{userid:?} cannot be a userid"),
            "a userid is 1 to 24 letters, digits, '.', '_' or '-', starts with a letter, \
             and is not a game name",
        ))
    }
}

fn check_addresses(addresses: &[String]) -> Result<(), Failure> {
    for address in addresses {
        let plausible = address.parse::<lettre::Address>().is_ok();
        if !plausible {
            return Err(refusal(
                None,
                format!("{address:?} is not a mail address"),
                "addresses like alice@example.org, separated by spaces",
            ));
        }
    }
    Ok(())
}

/// The player a command acts for, proven by password (or, for a reply,
/// already proven by the reply's threading token).
fn authenticate(
    ctx: &Context<'_>,
    userid: &str,
    credential: &Credential,
    board: Option<i64>,
) -> Result<Player, Failure> {
    let Some(player) = store::find_player(ctx.conn, userid)? else {
        return Err(refusal(
            board,
            format!("there is no player {userid:?}"),
            "your userid as you signed up (signup userid password)",
        ));
    };
    match credential {
        Credential::Proven => Ok(player),
        Credential::Password(password)
            if ctx.passwords.matches(password, &player.password_hash) =>
        {
            Ok(player)
        }
        Credential::Password(_) => Err(refusal(
            board,
            format!("wrong password for {}", player.userid),
            "the password you signed up with (change it with: change password userid old new)",
        )),
    }
}

fn signup(ctx: &Context<'_>, userid: &str, password: &str, addresses: Vec<String>) -> Handled {
    check_userid(userid)?;
    if store::find_player(ctx.conn, userid)?.is_some() {
        return Err(refusal(
            None,
            format!("the userid {userid:?} is taken"),
            "signup with another userid",
        ));
    }
    let addresses = if addresses.is_empty() {
        vec![ctx.from.to_string()]
    } else {
        addresses
    };
    check_addresses(&addresses)?;
    let player = Player {
        userid: userid.to_string(),
        password_hash: hash_password(password)?,
        addresses,
        signed_off: false,
    };
    store::insert_player(ctx.conn, &player)?;
    ctx.passwords.remember(password, &player.password_hash);
    Ok(vec![Notice::Reply {
        subject: format!("PBeM Signup {userid}"),
        text: format!(
            "Welcome, {userid}. Your mail goes to: {}.\n\
             Challenge someone with: GAME challenge {userid} OPPONENT\n\
             Send \"help\" for every command.",
            player.addresses.join(", ")
        ),
    }])
}

fn change_password(ctx: &Context<'_>, userid: &str, old: &str, new: &str) -> Handled {
    let mut player = authenticate(ctx, userid, &Credential::Password(old.into()), None)?;
    player.password_hash = hash_password(new)?;
    store::update_player(ctx.conn, &player)?;
    ctx.passwords.remember(new, &player.password_hash);
    Ok(vec![Notice::Reply {
        subject: format!("PBeM Password {}", player.userid),
        text: format!("The password of {} is changed.", player.userid),
    }])
}

fn change_address(
    ctx: &Context<'_>,
    userid: &str,
    password: &str,
    addresses: Vec<String>,
) -> Handled {
    let mut player = authenticate(ctx, userid, &Credential::Password(password.into()), None)?;
    check_addresses(&addresses)?;
    player.addresses = addresses;
    store::update_player(ctx.conn, &player)?;
    Ok(vec![Notice::Reply {
        subject: format!("PBeM Address {}", player.userid),
        text: format!(
            "Mail for {} now goes to: {}.",
            player.userid,
            player.addresses.join(", ")
        ),
    }])
}

fn signoff(ctx: &Context<'_>, userid: &str, password: &str) -> Handled {
    let mut player = authenticate(ctx, userid, &Credential::Password(password.into()), None)?;
    player.signed_off = true;
    store::update_player(ctx.conn, &player)?;
    Ok(vec![Notice::Reply {
        subject: format!("PBeM Signoff {}", player.userid),
        text: format!(
            "{} takes no new challenges now; games already running go on.",
            player.userid
        ),
    }])
}

fn delete(ctx: &Context<'_>, userid: &str, password: &str) -> Handled {
    let player = authenticate(ctx, userid, &Credential::Password(password.into()), None)?;
    let active = store::game_ids_of(ctx.conn, &player.userid, true)?;
    if !active.is_empty() {
        let boards: Vec<String> = active.iter().map(i64::to_string).collect();
        return Err(refusal(
            None,
            format!(
                "{} still plays on board(s) {}",
                player.userid,
                boards.join(", ")
            ),
            "finish or resign those games first, or use signoff to take no new ones",
        ));
    }
    store::delete_player(ctx.conn, &player.userid)?;
    Ok(vec![Notice::Reply {
        subject: format!("PBeM Delete {}", player.userid),
        text: format!("The account {} is deleted.", player.userid),
    }])
}

/// The host's own challenge switches, split from the game's.
struct HostSwitches {
    rated: bool,
    options: Vec<String>,
    game: Vec<String>,
}

const HOST_TIME_OPTIONS: &[&str] = &["--nagtime", "--forfeittime", "--totaltime"];

fn split_switches(switches: &[String]) -> Result<HostSwitches, Failure> {
    let mut split = HostSwitches {
        rated: true,
        options: Vec::new(),
        game: Vec::new(),
    };
    for switch in switches {
        let lower = switch.to_lowercase();
        if lower == "-rated" {
            split.rated = true;
        } else if lower == "-unrated" {
            split.rated = false;
        } else if lower.starts_with("--") {
            let (name, value) = lower.split_once('=').unwrap_or((&lower, ""));
            let days_ok = value.parse::<u32>().is_ok_and(|days| days > 0);
            if !HOST_TIME_OPTIONS.contains(&name) || !days_ok {
                return Err(refusal(
                    None,
                    format!("{switch:?} is not a host option"),
                    "--nagtime=DAYS, --forfeittime=DAYS or --totaltime=DAYS (whole days); \
                     -rated or -unrated",
                ));
            }
            split.options.push(format!("{name}={value}"));
        } else {
            split.game.push(switch.clone());
        }
    }
    Ok(split)
}

fn challenge(
    ctx: &Context<'_>,
    kind: GameKind,
    white: &str,
    black: &str,
    switches: &[String],
) -> Handled {
    let usage = format!("{} challenge userid1 userid2 [-switch...]", kind.name());
    let mut seats = Vec::new();
    for userid in [white, black] {
        let Some(player) = store::find_player(ctx.conn, userid)? else {
            return Err(refusal(
                None,
                format!("there is no player {userid:?}"),
                format!("{usage}\nwith two signed-up userids"),
            ));
        };
        seats.push(player);
    }
    if seats[0].userid == seats[1].userid {
        return Err(refusal(
            None,
            "a player cannot challenge himself",
            format!("{usage}\nwith two different userids"),
        ));
    }
    for player in &seats {
        if player.signed_off {
            return Err(refusal(
                None,
                format!("{} has signed off and takes no new games", player.userid),
                "challenge someone else",
            ));
        }
        let preference = store::preference(ctx.conn, &player.userid, kind.name())?;
        if !preference.accepts {
            return Err(refusal(
                None,
                format!("{} takes no {} challenges", player.userid, kind.title()),
                "challenge someone else",
            ));
        }
        if let Some(limit) = preference.limit {
            let running = store::active_games_of(ctx.conn, &player.userid, kind.name())?;
            if running >= limit {
                return Err(refusal(
                    None,
                    format!(
                        "{} already plays {running} {} game(s), his limit is {limit}",
                        player.userid,
                        kind.title()
                    ),
                    "challenge him again when one of his games is over",
                ));
            }
        }
    }
    let split = split_switches(switches)?;
    let game = kind.new_game(&split.game).map_err(|err| {
        refusal(
            None,
            format!("the {} switches are refused: {err}", kind.title()),
            format!(
                "{usage}\nThe switches {} takes are in its help (send: {} help).",
                kind.title(),
                kind.name()
            ),
        )
    })?;
    let canonical = game.switches();
    let id = store::insert_game(
        ctx.conn,
        &NewGame {
            kind: kind.name(),
            switches: &canonical,
            white: &seats[0].userid,
            black: &seats[1].userid,
            rated: split.rated,
            host_options: &split.options.join(" "),
        },
    )?;
    let mut lines = vec![format!(
        "A new {} game starts on board {id}: {} has White, {} has Black.",
        kind.title(),
        seats[0].userid,
        seats[1].userid
    )];
    if !canonical.is_empty() {
        lines.push(format!("Switches: {}", canonical.join(" ")));
    }
    if !split.options.is_empty() {
        lines.push(format!(
            "Time options kept with the game (this host does not run clocks yet): {}",
            split.options.join(" ")
        ));
    }
    lines.push(format!(
        "A player who does not want the game sends: {} decline {id} USERID PASSWORD",
        kind.name()
    ));
    Ok(vec![Notice::Board {
        game_id: id,
        events: lines.into_iter().map(Event::Text).collect(),
        comment: None,
        new_game: true,
    }])
}

fn accepting(
    ctx: &Context<'_>,
    kind: GameKind,
    userid: &str,
    password: &str,
    accepts: bool,
) -> Handled {
    let player = authenticate(ctx, userid, &Credential::Password(password.into()), None)?;
    let mut preference = store::preference(ctx.conn, &player.userid, kind.name())?;
    preference.accepts = accepts;
    store::set_preference(ctx.conn, &player.userid, kind.name(), preference)?;
    let what = if accepts { "takes" } else { "takes no" };
    Ok(vec![Notice::Reply {
        subject: format!("PBeM {} {}", kind.title(), player.userid),
        text: format!("{} now {what} {} challenges.", player.userid, kind.title()),
    }])
}

fn set_limit(
    ctx: &Context<'_>,
    kind: GameKind,
    userid: &str,
    password: &str,
    limit: u32,
) -> Handled {
    let player = authenticate(ctx, userid, &Credential::Password(password.into()), None)?;
    let preference = Preference {
        limit: Some(limit),
        ..store::preference(ctx.conn, &player.userid, kind.name())?
    };
    store::set_preference(ctx.conn, &player.userid, kind.name(), preference)?;
    Ok(vec![Notice::Reply {
        subject: format!("PBeM {} {}", kind.title(), player.userid),
        text: format!(
            "{} now plays at most {limit} {} game(s) at once.",
            player.userid,
            kind.title()
        ),
    }])
}

/// Loads a board and checks it is of the game type the command named;
/// `usage` is the right form of the command, after the game's name.
fn board_of_kind(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    refusal_board: Option<i64>,
    usage: &str,
) -> Result<LiveGame, Failure> {
    let live = live::load(ctx.conn, ctx.replays, board, None)?;
    if live.kind != kind {
        return Err(refusal(
            refusal_board,
            format!(
                "board {board} is a {} game, not {}",
                live.kind.title(),
                kind.title()
            ),
            format!("{} {usage}", live.kind.name()),
        ));
    }
    Ok(live)
}

/// The live game a player acts on, checked: it exists, is of the named
/// type, is still running, and the player sits at it.
fn seated_game(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
) -> Result<(LiveGame, Player, Side), Failure> {
    let live = board_of_kind(ctx, kind, board, Some(board), &format!("... {board} ..."))?;
    let player = authenticate(ctx, userid, credential, Some(board))?;
    let Some(side) = live.record.side_of(&player.userid) else {
        return Err(refusal(
            Some(board),
            format!("{} does not play on board {board}", player.userid),
            format!(
                "the players are {} (White) and {} (Black)",
                live.record.white, live.record.black
            ),
        ));
    };
    if live.record.status != GameStatus::Active {
        return Err(refusal(
            Some(board),
            format!(
                "board {board} is over: {}",
                live.record
                    .result
                    .as_deref()
                    .unwrap_or("no result recorded")
            ),
            format!(
                "your running games: {} games {}",
                kind.name(),
                player.userid
            ),
        ));
    }
    Ok((live, player, side))
}

fn comment_of(ctx: &Context<'_>, author: &str) -> Option<Comment> {
    ctx.comment
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(|text| Comment {
            author: author.to_string(),
            text: text.to_string(),
        })
}

fn legal_moves_hint(live: &LiveGame, side: Side) -> String {
    let legal = live.game.legal_moves(side);
    if legal.is_empty() {
        return format!("{} has no move to make now.", side);
    }
    format!(
        "Legal moves for {side} now: {}\n({} help explains the notation.)",
        legal.join(" "),
        live.kind.name()
    )
}

fn play(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
    words: &[MoveWord],
    guard: Option<i64>,
) -> Handled {
    let (mut live, player, side) = seated_game(ctx, kind, board, userid, credential)?;
    let next = live.next_number();
    if let Some(expected) = guard {
        // In a simultaneous round the other player may have moved since
        // the sender's board mail went out; the guard still holds as long
        // as the sender himself has not moved since move `expected`.
        let still_current = expected == next
            || (expected >= 1
                && expected < next
                && !live
                    .moves
                    .iter()
                    .any(|record| record.number >= expected && record.side == side)
                && live::load(ctx.conn, ctx.replays, board, Some(expected as usize - 1))?
                    .game
                    .to_move()
                    .contains(&side));
        if !still_current {
            return Err(refusal(
                Some(board),
                format!(
                    "the move was sent as move #{expected}, but the next move on board {board} is #{next}"
                ),
                "look at the latest board mail; the move was not played, so a late or repeated \
                 mail cannot play twice",
            ));
        }
    }
    let mut draw_offer = live.record.draw_offer;
    let mut events = Vec::new();
    let mut played = Vec::new();
    let mut draw_agreed = false;
    for word in words {
        if draw_agreed {
            return Err(refusal(
                Some(board),
                "the game ended in a draw before the rest of the command",
                "nothing may follow accept",
            ));
        }
        match word {
            MoveWord::Play(text) => {
                if !live.game.to_move().contains(&side) {
                    let waiting: Vec<&str> = live
                        .game
                        .to_move()
                        .into_iter()
                        .map(|s| live.record.player(s))
                        .collect();
                    return Err(refusal(
                        Some(board),
                        format!("it is not {}'s move on board {board}", player.userid),
                        if waiting.is_empty() {
                            "the game is over".to_string()
                        } else {
                            format!("wait for {} to move", waiting.join(" and "))
                        },
                    ));
                }
                match live.game.play(side, text) {
                    Ok(accepted) => {
                        let number = next + played.len() as i64;
                        events.push(Event::Played {
                            userid: player.userid.clone(),
                            side,
                            number,
                            notation: accepted.notation.clone(),
                            public_notation: accepted.public_notation.clone(),
                        });
                        played.push(MoveRecord {
                            number,
                            side,
                            notation: accepted.notation,
                            public_notation: accepted.public_notation,
                        });
                        // Moving on is the answer to a standing offer.
                        if draw_offer.is_some_and(|by| by != side) {
                            draw_offer = None;
                            events.push(Event::Text(format!(
                                "{} played on, so the draw offer lapsed.",
                                player.userid
                            )));
                        }
                    }
                    Err(err) => {
                        let problem = if played.is_empty() {
                            err.to_string()
                        } else {
                            format!("{err} (after the moves before it in the same command)")
                        };
                        // Rebuild so the error mail shows the board as it
                        // stands, not half-way through the command.
                        let live = live::load(ctx.conn, ctx.replays, board, None)?;
                        return Err(refusal(Some(board), problem, legal_moves_hint(&live, side)));
                    }
                }
            }
            MoveWord::ProposeDraw => {
                if let Err(reason) = live.game.draw_offers() {
                    return Err(refusal(
                        Some(board),
                        format!("no draw can be offered in this game: {reason}"),
                        "play a move, or resign",
                    ));
                }
                match draw_offer {
                    Some(by) if by != side => {
                        draw_agreed = true;
                    }
                    Some(_) => {
                        return Err(refusal(
                            Some(board),
                            "you have already offered a draw",
                            "wait for your opponent's answer",
                        ))
                    }
                    None => {
                        draw_offer = Some(side);
                        events.push(Event::Text(format!("{} offers a draw.", player.userid)));
                    }
                }
            }
            MoveWord::AcceptDraw => match draw_offer {
                Some(by) if by != side => draw_agreed = true,
                _ => {
                    return Err(refusal(
                        Some(board),
                        "there is no draw offer from your opponent to accept",
                        "propose offers a draw yourself",
                    ))
                }
            },
            MoveWord::RejectDraw => match draw_offer {
                Some(by) if by != side => {
                    draw_offer = None;
                    events.push(Event::Text(format!(
                        "{} rejects the draw offer.",
                        player.userid
                    )));
                }
                _ => {
                    return Err(refusal(
                        Some(board),
                        "there is no draw offer from your opponent to reject",
                        "a move, or propose to offer a draw",
                    ))
                }
            },
        }
    }
    for record in &played {
        store::insert_move(ctx.conn, board, record)?;
    }
    if draw_agreed {
        let result = "Draw by agreement.".to_string();
        events.push(Event::Text(format!(
            "{} accepts the draw offer. {result}",
            player.userid
        )));
        store::set_game_over(ctx.conn, board, GameStatus::Finished, &result)?;
    } else if let Some(outcome) = live.game.outcome() {
        let result = match outcome.winner {
            Some(winner) => format!("{} wins: {outcome}.", live.record.player(winner)),
            None => format!("Drawn: {outcome}."),
        };
        events.push(Event::Text(format!("Game over. {result}")));
        store::set_game_over(ctx.conn, board, GameStatus::Finished, &result)?;
    } else if draw_offer != live.record.draw_offer {
        store::set_draw_offer(ctx.conn, board, draw_offer)?;
    }
    Ok(vec![Notice::Board {
        game_id: board,
        events,
        comment: comment_of(ctx, &player.userid),
        new_game: false,
    }])
}

fn has_moved(live: &LiveGame, side: Side) -> bool {
    live.moves.iter().any(|record| record.side == side)
}

fn resign(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
) -> Handled {
    let (live, player, side) = seated_game(ctx, kind, board, userid, credential)?;
    if !has_moved(&live, side) {
        // Resigning before one's first move turns the challenge down.
        return decline(ctx, kind, board, userid, credential, true);
    }
    let winner = live.record.player(side.opponent()).to_string();
    let result = format!("{winner} wins: {} resigned.", player.userid);
    store::set_game_over(ctx.conn, board, GameStatus::Finished, &result)?;
    Ok(vec![Notice::Board {
        game_id: board,
        events: vec![Event::Text(format!("Game over. {result}"))],
        comment: comment_of(ctx, &player.userid),
        new_game: false,
    }])
}

fn decline(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
    by_resigning: bool,
) -> Handled {
    let (live, player, side) = seated_game(ctx, kind, board, userid, credential)?;
    if has_moved(&live, side) {
        return Err(refusal(
            Some(board),
            format!("{} has already moved on board {board}", player.userid),
            format!(
                "to end the game now: {} resign {board} USERID PASSWORD",
                kind.name()
            ),
        ));
    }
    let how = if by_resigning {
        "resigned before his first move"
    } else {
        "declined the game"
    };
    let result = format!(
        "{} {how}; the board is removed and nobody's record changes.",
        player.userid
    );
    store::set_game_over(ctx.conn, board, GameStatus::Declined, &result)?;
    Ok(vec![Notice::Board {
        game_id: board,
        events: vec![Event::Text(result)],
        comment: comment_of(ctx, &player.userid),
        new_game: false,
    }])
}

fn show(ctx: &Context<'_>, kind: GameKind, board: i64, after: Option<i64>) -> Handled {
    let live = board_of_kind(ctx, kind, board, None, &format!("show {board}"))?;
    if let Some(after) = after {
        if after < 0 || after as usize > live.total_moves {
            return Err(refusal(
                Some(board),
                format!(
                    "board {board} has {} move(s), so there is no board after move {after}",
                    live.total_moves
                ),
                format!(
                    "{} show {board}#n with n from 0 to {}",
                    kind.name(),
                    live.total_moves
                ),
            ));
        }
    }
    Ok(vec![Notice::Show {
        game_id: board,
        after,
    }])
}

fn games(ctx: &Context<'_>, kind: GameKind, userid: &str) -> Handled {
    let Some(player) = store::find_player(ctx.conn, userid)? else {
        return Err(refusal(
            None,
            format!("there is no player {userid:?}"),
            format!("{} games USERID", kind.name()),
        ));
    };
    let mut lines = Vec::new();
    for id in store::game_ids_of(ctx.conn, &player.userid, false)? {
        let Some(record) = store::load_game(ctx.conn, id)? else {
            continue;
        };
        if record.kind != kind.name() {
            continue;
        }
        let opponent = if record.white == player.userid {
            format!("White against {}", record.black)
        } else {
            format!("Black against {}", record.white)
        };
        let state = match record.status {
            GameStatus::Active => match live::load(ctx.conn, ctx.replays, id, None) {
                Ok(live) => {
                    let waiting: Vec<&str> = live
                        .game
                        .to_move()
                        .into_iter()
                        .map(|side| live.record.player(side))
                        .collect();
                    format!("running, {} to move", waiting.join(" and "))
                }
                Err(err) => format!("cannot be rebuilt: {err}"),
            },
            _ => record.result.clone().unwrap_or_default(),
        };
        lines.push(format!("  board {id}: {opponent}; {state}"));
    }
    let text = if lines.is_empty() {
        format!("{} has no {} games.", player.userid, kind.title())
    } else {
        format!(
            "{} games of {}:\n{}",
            kind.title(),
            player.userid,
            lines.join("\n")
        )
    };
    Ok(vec![Notice::Reply {
        subject: format!("PBeM {} Games {}", kind.title(), player.userid),
        text,
    }])
}

fn chat(
    ctx: &Context<'_>,
    kind: GameKind,
    board: i64,
    userid: &str,
    credential: &Credential,
) -> Handled {
    let live = board_of_kind(
        ctx,
        kind,
        board,
        None,
        &format!("chat {board} USERID PASSWORD"),
    )?;
    let player = authenticate(ctx, userid, credential, Some(board))?;
    if live.record.side_of(&player.userid).is_none() {
        return Err(refusal(
            Some(board),
            format!("{} does not play on board {board}", player.userid),
            "only the players of a board can chat on it",
        ));
    }
    let Some(comment) = comment_of(ctx, &player.userid) else {
        return Err(refusal(
            Some(board),
            "the chat has no text",
            "put the message in the body of the mail",
        ));
    };
    Ok(vec![Notice::Chat {
        game_id: board,
        author: comment.author,
        text: comment.text,
    }])
}
