//! Accounts and the host itself: help, the list of games, signing up,
//! changing a password or the addresses, signing off, deleting, settings.

use super::{address, authenticate, refused, Context, Failure, Handled};
use crate::games::GameKind;
use crate::host::accounts::lapse::lapse_unconfirmed;
use crate::host::accounts::strength;
use crate::host::model::command::{Credential, Setting};
use crate::host::model::help::HELP_TOPICS;
use crate::host::model::notice::{Answer, GameCount, Notice};
use crate::host::model::refusal::Refusal;
use crate::store::{self, Player};

pub(crate) fn help(topic: Option<String>) -> Handled {
    let Some(topic) = topic else {
        return Ok(vec![Notice::Answer(Answer::Help { topic: None })]);
    };
    if let Ok(kind) = topic.parse::<GameKind>() {
        return Ok(vec![Notice::Answer(Answer::Rules { kind })]);
    }
    let wanted = topic.trim().to_lowercase();
    match HELP_TOPICS.iter().find(|known| **known == wanted) {
        Some(known) => Ok(vec![Notice::Answer(Answer::Help { topic: Some(known) })]),
        None => Err(refused(Refusal::NoHelpTopic {
            topic,
            topics: HELP_TOPICS.to_vec(),
        })),
    }
}

pub(crate) fn list(ctx: &Context<'_>) -> Handled {
    let counts = store::games_count_by_kind(ctx.conn)?;
    let games = GameKind::ALL
        .into_iter()
        .map(|kind| {
            let (running, finished) = counts.get(kind.name()).copied().unwrap_or((0, 0));
            GameCount {
                kind,
                running,
                finished,
            }
        })
        .collect();
    Ok(vec![Notice::Answer(Answer::List { games })])
}

/// A userid a player may sign up as, or the refusal: not one the host
/// reserves for itself (its own address's local part among them).
fn check_userid(ctx: &Context<'_>, userid: &str) -> Result<(), Failure> {
    use crate::host::accounts::userid;
    let userid = userid.to_string();
    if !userid::may_sign_up_as(&userid) {
        Err(refused(Refusal::BadUserid { userid }))
    } else if userid::is_reserved(&userid, ctx.host_address) {
        Err(refused(Refusal::ReservedUserid { userid }))
    } else {
        Ok(())
    }
}

/// Addresses an account may list: ones the host can send to, none the
/// operator has blocked.
fn check_addresses(ctx: &Context<'_>, addresses: &[String]) -> Result<(), Failure> {
    for address in addresses {
        let address = address.clone();
        if !crate::mail::address::usable(&address) {
            return Err(refused(Refusal::BadAddress { address }));
        }
        if store::security::blocked_by(ctx.conn, &ctx.flood.mailboxes, &address)?.is_some() {
            return Err(refused(Refusal::BlockedAddress { address }));
        }
    }
    Ok(())
}

/// A new password must be hard to guess (`strength` says when not).
fn check_password(userid: &str, password: &str) -> Result<(), Failure> {
    strength::check(userid, password).map_err(|reason| {
        refused(Refusal::WeakPassword {
            userid: userid.to_string(),
            reason,
        })
    })
}

/// A player proven by the password given in an account command.
fn by_password(ctx: &Context<'_>, userid: &str, password: &str) -> Result<Player, Failure> {
    authenticate(ctx, userid, &Credential::Password(password.into()), None)
}

/// Refused when the mailbox of one of `addresses` already holds (or waits
/// to confirm for) as many accounts as the host allows, however its
/// address is spelt: forged signups then cannot make the host write to
/// one mailbox without end, nor squat it under `+tag` or dot variants.
fn check_accounts_at<'a>(
    ctx: &Context<'_>,
    addresses: impl Iterator<Item = &'a str>,
) -> Result<(), Failure> {
    let max = ctx.flood.accounts_per_address;
    for address in addresses {
        if store::accounts_at_mailbox(ctx.conn, &ctx.flood.mailboxes, address)? >= max {
            return Err(refused(Refusal::TooManyAccounts {
                address: address.trim().to_string(),
                max,
            }));
        }
    }
    Ok(())
}

pub(crate) fn signup(
    ctx: &Context<'_>,
    userid: &str,
    password: &str,
    addresses: Vec<String>,
) -> Handled {
    check_userid(ctx, userid)?;
    // What lapsed unconfirmed holds neither the userid nor an address,
    // whether or not the timers have run.
    lapse_unconfirmed(ctx.conn, ctx.policy, ctx.now)?;
    if store::find_player(ctx.conn, userid)?.is_some() {
        return Err(refused(Refusal::UseridTaken {
            userid: userid.to_string(),
        }));
    }
    check_password(userid, password)?;
    check_addresses(ctx, &addresses)?;
    check_accounts_at(
        ctx,
        std::iter::once(ctx.from).chain(addresses.iter().map(String::as_str)),
    )?;
    let (active, pending) = address::for_signup(ctx, addresses)?;
    super::limits::may_ask_to_confirm(ctx, userid, pending.len())?;
    let player = Player {
        userid: userid.to_string(),
        password_hash: ctx.prechecked.new_hash(userid, password)?,
        addresses: active,
        signed_off: false,
        language: None,
    };
    store::insert_player(ctx.conn, &player, ctx.now)?;
    ctx.passwords.remember(password, &player.password_hash);
    // With nothing serving yet, the one mail the signup's own address gets
    // is the request to confirm it, which welcomes him too.
    let mut notices = Vec::new();
    if !player.addresses.is_empty() {
        notices.push(Notice::Answer(Answer::SignedUp {
            userid: player.userid.clone(),
            addresses: player.addresses,
            pending: pending.clone(),
        }));
    }
    notices.extend(address::ask_to_confirm(ctx, &player.userid, &pending)?);
    Ok(notices)
}

pub(crate) fn change_password(ctx: &Context<'_>, userid: &str, old: &str, new: &str) -> Handled {
    // Proven first, so that only the owner learns what is wrong with a
    // new password.
    let mut player = by_password(ctx, userid, old)?;
    check_password(&player.userid, new)?;
    player.password_hash = ctx.prechecked.new_hash(&player.userid, new)?;
    store::update_player(ctx.conn, &player)?;
    ctx.passwords.remember(new, &player.password_hash);
    // The old password is gone, so there is nothing to warn of; the new
    // one starts untold, should the policy ever grow stricter.
    store::set_weak_password_told(ctx.conn, &player.userid, false)?;
    for attempt in ctx.attempts.borrow_mut().iter_mut() {
        if attempt.userid == player.userid {
            attempt.weakness = None;
        }
    }
    Ok(vec![Notice::Answer(Answer::PasswordChanged {
        userid: player.userid,
    })])
}

pub(crate) fn change_address(
    ctx: &Context<'_>,
    userid: &str,
    password: &str,
    addresses: Vec<String>,
) -> Handled {
    let player = by_password(ctx, userid, password)?;
    check_addresses(ctx, &addresses)?;
    address::change(ctx, player, addresses)
}

pub(crate) fn signoff(ctx: &Context<'_>, userid: &str, password: &str) -> Handled {
    let mut player = by_password(ctx, userid, password)?;
    player.signed_off = true;
    store::update_player(ctx.conn, &player)?;
    Ok(vec![Notice::Answer(Answer::SignedOff {
        userid: player.userid,
    })])
}

pub(crate) fn delete(ctx: &Context<'_>, userid: &str, password: &str) -> Handled {
    let player = by_password(ctx, userid, password)?;
    let moved = remove_account(
        ctx.conn,
        ctx.replays,
        ctx.competition,
        &player.userid,
        ctx.now,
    )?;
    let mut notices = vec![Notice::Answer(Answer::Deleted {
        userid: player.userid,
    })];
    notices.extend(moved);
    Ok(notices)
}

/// The one way an account goes, by its owner's `delete` or the
/// operator's: refused while it plays a running board; otherwise it
/// leaves the ladders, tournaments and standings (the notices of that),
/// and it and what it alone owns are removed. Finished boards stay.
pub(crate) fn remove_account(
    conn: &rusqlite::Connection,
    replays: &crate::host::model::replays::Replays,
    settings: &crate::host::competition::CompetitionSettings,
    userid: &str,
    now: i64,
) -> Handled {
    let boards = store::game_ids_of(conn, userid, true)?;
    if !boards.is_empty() {
        return Err(refused(Refusal::StillPlaying {
            userid: userid.to_string(),
            boards,
        }));
    }
    let events = store::events_directed(conn, userid)?;
    if !events.is_empty() {
        return Err(refused(Refusal::DirectsEvents {
            userid: userid.to_string(),
            events,
        }));
    }
    let moved = crate::host::events::forget_player(conn, replays, settings, userid, now)?;
    store::delete_player(conn, userid)?;
    Ok(moved)
}

pub(crate) fn set(ctx: &Context<'_>, userid: &str, password: &str, setting: Setting) -> Handled {
    let mut player = by_password(ctx, userid, password)?;
    match setting {
        Setting::Language(language) => {
            if !ctx.languages.contains(&language) {
                return Err(refused(Refusal::UnknownLanguage {
                    language,
                    languages: ctx.languages.to_vec(),
                }));
            }
            player.language = Some(language.clone());
            store::update_player(ctx.conn, &player)?;
            Ok(vec![Notice::Answer(Answer::LanguageSet {
                userid: player.userid,
                language,
            })])
        }
        Setting::PublicComments(public) => {
            store::set_public_comments(ctx.conn, &player.userid, public)?;
            Ok(vec![Notice::Answer(Answer::CommentsSet {
                userid: player.userid,
                public,
            })])
        }
        Setting::Board(style) => {
            store::set_board_style(ctx.conn, &player.userid, style.name())?;
            Ok(vec![Notice::Answer(Answer::BoardStyleSet {
                userid: player.userid,
                style,
            })])
        }
        Setting::Challengers(challengers) => {
            store::set_challengers(ctx.conn, &player.userid, challengers.name())?;
            Ok(vec![Notice::Answer(Answer::ChallengersSet {
                userid: player.userid,
                challengers,
            })])
        }
        Setting::Digest(on) => {
            // The first digest comes a day after it is asked for.
            let due = on.then_some(ctx.now + 86_400);
            store::set_digest_due(ctx.conn, &player.userid, due)?;
            Ok(vec![Notice::Answer(Answer::DigestSet {
                userid: player.userid,
                on,
            })])
        }
    }
}
