//! Starting games, and each player's preferences for them.

use super::{authenticate, comment_of, refused, Context, Failure, Handled};
use crate::games::GameKind;
use crate::host::events::ladder::{climb, LadderEvent};
use crate::host::events::lists::{check_ladder_challenge, find_ladder};
use crate::host::model::command::PASSWORD_SWITCH;
use crate::host::model::command::{challenge_password, Credential, Syntax};
use crate::host::model::notice::{Answer, BoardNews, Comment, Event, Notice};
use crate::host::model::refusal::{LadderRefusal, Refusal};
use crate::host::request::switches::{ladder_switch, new_board, split_switches, HostSwitches};
use crate::store::{self, Player, Preference};

/// The two players of a challenge, each signed up, different, and
/// willing to take a game of this type now.
fn seats(ctx: &Context<'_>, kind: GameKind, userids: [&str; 2]) -> Result<[Player; 2], Failure> {
    let mut seats = Vec::with_capacity(2);
    for userid in userids {
        let Some(player) = store::find_player(ctx.conn, userid)? else {
            return Err(refused(Refusal::NoSuchPlayer {
                userid: userid.to_string(),
                syntax: Some(Syntax::Challenge),
                game: Some(kind),
            }));
        };
        seats.push(player);
    }
    let [white, black]: [Player; 2] = seats.try_into().expect("two userids give two seats");
    if white.userid == black.userid {
        return Err(refused(Refusal::SelfChallenge { game: kind }));
    }
    for player in [&white, &black] {
        willing(ctx, kind, player)?;
    }
    Ok([white, black])
}

/// Whether a player takes a new game of this type now.
fn willing(ctx: &Context<'_>, kind: GameKind, player: &Player) -> Result<(), Failure> {
    let userid = player.userid.clone();
    if player.signed_off {
        return Err(refused(Refusal::SignedOff { userid }));
    }
    super::reachable(ctx, player)?;
    let preference = store::preference(ctx.conn, &player.userid, kind.name())?;
    if !preference.accepts {
        return Err(refused(Refusal::NotAccepting { userid, game: kind }));
    }
    if let Some(limit) = preference.limit {
        let running = store::active_games_of(ctx.conn, &player.userid, kind.name())?;
        if running >= limit {
            return Err(refused(Refusal::AtLimit {
                userid,
                game: kind,
                running,
                limit,
            }));
        }
    }
    Ok(())
}

/// Who issues a challenge: a player of it writing from his own address,
/// or the first-named player proven by the `-password:` switch. Anyone
/// else is refused in words that do not tell whether the players exist.
fn challenger(
    ctx: &Context<'_>,
    kind: GameKind,
    userids: [&str; 2],
    switches: &[String],
) -> Result<String, Failure> {
    let not_allowed = || refused(Refusal::ChallengeNotAllowed { game: kind });
    if let Some(password) = switches.iter().find_map(|s| challenge_password(s)) {
        // Checked like every password: counted, and refused unchecked
        // while guessing has locked the userid or the sender's address.
        let credential = Credential::Password(password.to_string());
        return match authenticate(ctx, userids[0], &credential, None) {
            Ok(player) => Ok(player.userid),
            Err(Failure::Refused(refused))
                if matches!(refused.refusal, Refusal::WrongPassword { .. }) =>
            {
                Err(not_allowed())
            }
            Err(failure) => Err(failure),
        };
    }
    for userid in userids {
        if let Some(player) = store::find_player(ctx.conn, userid)? {
            if player.has_address(ctx.from) {
                return Ok(player.userid);
            }
            // Told only to the address waiting for its confirmation, so a
            // stranger learns nothing.
            let waiting = store::pending_addresses(ctx.conn, &player.userid)?;
            if player.addresses.is_empty()
                && waiting
                    .iter()
                    .any(|a| a.eq_ignore_ascii_case(ctx.from.trim()))
            {
                return Err(refused(Refusal::Unconfirmed {
                    userid: player.userid,
                    own: true,
                }));
            }
        }
    }
    Err(not_allowed())
}

pub(crate) fn challenge(
    ctx: &Context<'_>,
    kind: GameKind,
    white: &str,
    black: &str,
    switches: &[String],
) -> Handled {
    let robots = robots_match(ctx, [white, black])?;
    let challenger = match &robots {
        Some(sender) => robots_owner(ctx, kind, sender, switches)?,
        None => challenger(ctx, kind, [white, black], switches)?,
    };
    let ladder = switches.iter().any(|s| ladder_switch(s).is_some());
    if ladder && !challenger.eq_ignore_ascii_case(white) {
        return Err(refused(Refusal::LadderChallengerFirst { game: kind }));
    }
    // A forged ladder challenge blocked its challenger's own and, left
    // unplayed, counted as his loss: only his password issues one (the
    // password `challenger` checked, when given).
    if ladder && !switches.iter().any(|s| challenge_password(s).is_some()) {
        return Err(refused(Refusal::ChallengeNeedsPassword {
            game: kind,
            robots: false,
        }));
    }
    let opponent = match (&robots, challenger.eq_ignore_ascii_case(white)) {
        (Some(_), _) => None,
        (None, true) => Some(black),
        (None, false) => Some(white),
    };
    // A ladder challenge is one its ladder promised: joining it is taking
    // the challenges of those within reach (checked with the ladder).
    if let Some(opponent) = opponent.filter(|_| !ladder) {
        super::limits::takes_challenge_from(ctx, &challenger, opponent)?;
    }
    // Proven: the password `challenger` checked (robots and ladders need
    // it); otherwise the From line alone named him.
    let proven = switches.iter().any(|s| challenge_password(s).is_some());
    super::limits::may_challenge(ctx, (&challenger, proven), opponent)?;
    let comment = comment_of(ctx, &challenger)?;
    let events = vec![Event::Challenged {
        userid: challenger.clone(),
    }];
    let notices = start(ctx, kind, [white, black], switches, events, comment)?;
    if let Some(news) = notices.iter().find_map(|notice| match notice {
        Notice::Board(news) => Some(news),
        _ => None,
    }) {
        let record = &news.live.record;
        let opponent = opponent.unwrap_or(&record.black);
        let by = (challenger.as_str(), proven);
        store::challenges::record_challenge(ctx.conn, record.id, by, opponent, ctx.now)?;
    }
    if robots.is_some() {
        // Who sets two robots playing follows their board from its first
        // mail to its result: it may well end before he could subscribe.
        for notice in &notices {
            if let Notice::Board(news) = notice {
                let board = store::Watched::Board(news.live.record.id);
                store::subscribe(ctx.conn, &challenger, kind.name(), board, false)?;
            }
        }
    }
    Ok(notices)
}

/// The player who sets two robots playing, proven by his password: a
/// From line alone made four boards mailing the player it named, and
/// spent his hourly cap.
fn robots_owner(
    ctx: &Context<'_>,
    kind: GameKind,
    sender: &str,
    switches: &[String],
) -> Result<String, Failure> {
    let Some(password) = switches.iter().find_map(|s| challenge_password(s)) else {
        return Err(refused(Refusal::ChallengeNeedsPassword {
            game: kind,
            robots: true,
        }));
    };
    let credential = Credential::Password(password.to_string());
    Ok(authenticate(ctx, sender, &credential, None)?.userid)
}

/// A game between two robots, which any player may set going (to watch
/// it, or learn from it): the sender's userid when both named players
/// are robots and he is a player.
fn robots_match(ctx: &Context<'_>, userids: [&str; 2]) -> Result<Option<String>, Failure> {
    for userid in userids {
        if store::robot_level(ctx.conn, userid)?.is_none() {
            return Ok(None);
        }
    }
    Ok(store::find_player_by_address(ctx.conn, ctx.from)?
        .into_iter()
        .next()
        .map(|player| player.userid))
}

/// Starts a board between two players (White first) who take a game of
/// this type now; `events` say how it came about. A ladder challenge is
/// checked against the ladder and kept as one.
pub(super) fn start(
    ctx: &Context<'_>,
    kind: GameKind,
    [white, black]: [&str; 2],
    switches: &[String],
    events: Vec<Event>,
    comment: Option<Comment>,
) -> Handled {
    let [white, black] = seats(ctx, kind, [white, black])?;
    let mut split = split_switches(ctx, kind, switches)?;
    let ladder = match split.ladder.clone() {
        Some(name) => Some(ladder_terms(ctx, kind, &name, switches, &mut split)?),
        None => None,
    };
    // A game with a robot is rated only when the challenge says so.
    let with_robot = store::robot_level(ctx.conn, &white.userid)?.is_some()
        || store::robot_level(ctx.conn, &black.userid)?.is_some();
    if with_robot && !switches.iter().any(|s| s.eq_ignore_ascii_case("-rated")) {
        split.rated = false;
    }
    if let Some(event) = &ladder {
        check_ladder_challenge(ctx, event, &white.userid, &black.userid)?;
    }
    let live = new_board(ctx, kind, &white.userid, &black.userid, &split)?;
    let mut events = events;
    if let Some(event) = &ladder {
        events.push(Event::LadderGame {
            aborted: event.rules.aborted,
            ladder: event.row.name.clone(),
            note: Some(event.row.comment.clone()).filter(|note| !note.is_empty()),
        });
        let game = store::LadderGame {
            game_id: live.record.id,
            ladder_id: event.id(),
            aborted: Some(event.rules.aborted),
            challenger: white.userid.clone(),
            challenged: black.userid.clone(),
            settled: false,
        };
        climb::record_challenge(ctx.conn, event, &game, ctx.now)?;
    }
    Ok(vec![Notice::Board(BoardNews {
        live,
        comment,
        events,
        new_game: true,
    })])
}

/// The ladder a challenge names; a ladder that plays every game with
/// switches of its own puts them in `split`, and refuses a challenge
/// that brings others.
fn ladder_terms(
    ctx: &Context<'_>,
    kind: GameKind,
    name: &str,
    switches: &[String],
    split: &mut HostSwitches,
) -> Result<LadderEvent, Failure> {
    let event = find_ladder(ctx, kind, name)?;
    if event.rules.switches.is_empty() {
        return Ok(event);
    }
    let own = switches
        .iter()
        .any(|s| ladder_switch(s).is_none() && !s.to_lowercase().starts_with(PASSWORD_SWITCH));
    if own {
        return Err(refused(LadderRefusal::LadderSwitchesSet {
            ladder: event.title(),
            switches: event.rules.switches.clone(),
            game: kind,
        }));
    }
    let mut terms = event.rules.switches.clone();
    terms.push(format!("-ladder:{name}"));
    *split = split_switches(ctx, kind, &terms)?;
    Ok(event)
}

/// Checks what a seek asks for as a challenge would be checked: the
/// player takes a game of this type now, and the switches read. A seek is
/// open to anyone, so it is never a ladder challenge.
pub(super) fn check_seek(
    ctx: &Context<'_>,
    kind: GameKind,
    player: &Player,
    switches: &[String],
) -> Result<(), Failure> {
    willing(ctx, kind, player)?;
    let split = split_switches(ctx, kind, switches)?;
    if split.ladder.is_some() {
        return Err(refused(Refusal::LadderSwitch {
            game: kind,
            tournament: false,
        }));
    }
    kind.new_game(&split.game).map_err(|err| {
        refused(Refusal::BadSwitches {
            game: kind,
            reason: err,
        })
    })?;
    Ok(())
}

pub(crate) fn accepting(
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
    Ok(vec![Notice::Answer(Answer::Accepting {
        userid: player.userid,
        kind,
        accepts,
    })])
}

pub(crate) fn set_limit(
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
    Ok(vec![Notice::Answer(Answer::Limit {
        userid: player.userid,
        kind,
        limit,
    })])
}
