//! The addresses of an account. Every address, the one a signup came from
//! included (unless the operator trusts From lines), and each added in
//! `change address`, gets only a mail asking its owner to confirm, until
//! he replies to it. A change
//! is announced to the addresses the account had, and a reply from one of
//! them undoes it.

use super::{refused, Context, Failure, Handled};
use crate::host::model::notice::{AccountEvent, AccountNews, Answer, Notice};
use crate::host::model::refusal::Refusal;
use crate::store::security::{SecurityEvent, SecurityKind};
use crate::store::{self, Player};

/// Records a change of an account's addresses in the security log.
fn log_change(
    ctx: &Context<'_>,
    kind: SecurityKind,
    userid: &str,
    address: Option<&str>,
    detail: String,
) -> Result<(), Failure> {
    let event = SecurityEvent {
        at: ctx.now,
        kind,
        userid: Some(userid.to_string()),
        address: address.map(str::to_string),
        detail,
    };
    Ok(store::security::record_security(ctx.conn, &event)?)
}

/// The addresses, each once (ignoring case), in the order given.
fn distinct(addresses: Vec<String>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::new();
    for address in addresses {
        let address = address.trim().to_string();
        if !kept.iter().any(|seen| seen.eq_ignore_ascii_case(&address)) {
            kept.push(address);
        }
    }
    kept
}

fn check_count(ctx: &Context<'_>, given: usize) -> Result<(), Failure> {
    let max = ctx.policy.max_addresses;
    if given > max {
        return Err(refused(Refusal::TooManyAddresses { max, given }));
    }
    Ok(())
}

/// A new account's addresses: those serving at once (the one the signup
/// came from, where the operator trusts From lines) and those waiting for
/// their confirmation (the signup's own first).
pub(crate) fn for_signup(
    ctx: &Context<'_>,
    listed: Vec<String>,
) -> Result<(Vec<String>, Vec<String>), Failure> {
    let from = ctx.from.trim().to_string();
    let mut pending: Vec<String> = distinct(listed)
        .into_iter()
        .filter(|address| !address.eq_ignore_ascii_case(&from))
        .collect();
    check_count(ctx, 1 + pending.len())?;
    if ctx.policy.confirm_signup_address {
        pending.insert(0, from);
        return Ok((Vec::new(), pending));
    }
    Ok((vec![from], pending))
}

/// Records the addresses as waiting and writes each the mail asking it to
/// confirm.
pub(crate) fn ask_to_confirm(
    ctx: &Context<'_>,
    userid: &str,
    pending: &[String],
) -> Result<Vec<Notice>, Failure> {
    let mut notices = Vec::new();
    for address in pending {
        store::add_pending_address(ctx.conn, userid, address, ctx.now)?;
        let detail = "asked to confirm".to_string();
        log_change(
            ctx,
            SecurityKind::ConfirmationAsked,
            userid,
            Some(address),
            detail,
        )?;
        notices.push(Notice::Account(AccountNews {
            userid: userid.to_string(),
            to: vec![address.clone()],
            event: AccountEvent::ConfirmAddress {
                address: address.clone(),
                asked_from: ctx.from.to_string(),
            },
        }));
    }
    Ok(notices)
}

/// `change address`: the addresses kept serve on, the new ones wait for
/// their confirmation, the others stop at once; the addresses the account
/// had hear of it and may undo it.
pub(crate) fn change(ctx: &Context<'_>, mut player: Player, wanted: Vec<String>) -> Handled {
    let wanted = distinct(wanted);
    check_count(ctx, wanted.len())?;
    let new = wanted.iter().filter(|address| !player.has_address(address));
    super::limits::may_ask_to_confirm(ctx, &player.userid, new.count())?;
    let before = player.addresses.clone();
    let (kept, new): (Vec<String>, Vec<String>) = wanted
        .into_iter()
        .partition(|address| player.has_address(address));
    // A change replaces whatever an earlier one left waiting.
    store::clear_pending_addresses(ctx.conn, &player.userid)?;
    player.addresses = kept;
    store::update_player(ctx.conn, &player)?;
    let detail = format!(
        "from {} to {}, waiting: {}",
        before.join(" "),
        player.addresses.join(" "),
        new.join(" ")
    );
    let kind = SecurityKind::AddressChanged;
    log_change(ctx, kind, &player.userid, Some(ctx.from), detail)?;
    let mut notices = vec![Notice::Answer(Answer::AddressChanged {
        userid: player.userid.clone(),
        addresses: player.addresses.clone(),
        pending: new.clone(),
    })];
    notices.extend(ask_to_confirm(ctx, &player.userid, &new)?);
    notices.push(Notice::Account(AccountNews {
        userid: player.userid.clone(),
        to: before.clone(),
        event: AccountEvent::AddressesChanged {
            before,
            after: player.addresses,
            pending: new,
            asked_from: ctx.from.to_string(),
        },
    }));
    Ok(notices)
}

/// A reply from a waiting address to the mail asking it to confirm.
pub(crate) fn confirm(ctx: &Context<'_>, userid: &str, address: &str) -> Handled {
    let nothing = || {
        refused(Refusal::NothingToConfirm {
            address: address.to_string(),
        })
    };
    let Some(mut player) = store::find_player(ctx.conn, userid)? else {
        return Err(nothing());
    };
    if !store::remove_pending_address(ctx.conn, &player.userid, address)? {
        return Err(nothing());
    }
    let welcome = player.addresses.is_empty() && !ever_served(ctx, &player.userid)?;
    if !player.has_address(address) {
        check_count(ctx, player.addresses.len() + 1)?;
        player.addresses.push(address.to_string());
        store::update_player(ctx.conn, &player)?;
    }
    let detail = format!("now {}", player.addresses.join(" "));
    let kind = SecurityKind::AddressConfirmed;
    log_change(ctx, kind, &player.userid, Some(address), detail)?;
    Ok(vec![Notice::Answer(Answer::AddressConfirmed {
        userid: player.userid,
        address: address.to_string(),
        addresses: player.addresses,
        welcome,
    })])
}

/// Whether an address of the account was ever confirmed or changed: a new
/// account has neither in the security log.
fn ever_served(ctx: &Context<'_>, userid: &str) -> Result<bool, Failure> {
    let log = store::security::security_log(ctx.conn, None, Some(userid))?;
    Ok(log.iter().any(|event| {
        matches!(
            event.kind,
            SecurityKind::AddressConfirmed | SecurityKind::AddressChanged
        )
    }))
}

/// A reply from an address the account had to the mail announcing a
/// change: the addresses go back and nothing waits any more.
pub(crate) fn undo(ctx: &Context<'_>, userid: &str, restore: Vec<String>) -> Handled {
    let Some(mut player) = store::find_player(ctx.conn, userid)? else {
        return Err(refused(Refusal::TokenExpired { board: None }));
    };
    store::clear_pending_addresses(ctx.conn, &player.userid)?;
    player.addresses = restore;
    store::update_player(ctx.conn, &player)?;
    let detail = format!("back to {}", player.addresses.join(" "));
    let kind = SecurityKind::AddressChangeUndone;
    log_change(ctx, kind, &player.userid, Some(ctx.from), detail)?;
    Ok(vec![Notice::Answer(Answer::AddressChangeUndone {
        userid: player.userid,
        addresses: player.addresses,
    })])
}
