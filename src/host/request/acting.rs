//! Who a command acts for, and with whom it may deal: a player proven by
//! password or by a reply's token, not locked, with a confirmed address;
//! and whether the host may start a game with another or pass him a
//! message.

use super::{refused, refused_on, reload, Context, Failure};
use crate::host::accounts::guard::{self, Attempt};
use crate::host::accounts::strength;
use crate::host::model::command::Credential;
use crate::host::model::refusal::Refusal;
use crate::host::model::replays::LiveGame;
use crate::store::{self, Player};

/// The player a command acts for, proven by password (checked ahead of
/// the transaction where possible) or, for a reply, already proven by the
/// reply's threading token. `board` is shown with a refusal. A wrong
/// password and an unknown userid are refused alike, and counted; while
/// too many wrong ones lock the userid or the sender's address, no
/// password is checked at all.
pub(crate) fn authenticate(
    ctx: &Context<'_>,
    userid: &str,
    credential: &Credential,
    board: Option<&LiveGame>,
) -> Result<Player, Failure> {
    let refuse = |refusal| match board {
        Some(live) => refused_on(refusal, reload(ctx, live)),
        None => refused(refusal),
    };
    let wrong = || {
        refuse(Refusal::WrongPassword {
            userid: userid.to_string(),
        })
    };
    let password = match credential {
        Credential::Proven => {
            let player = store::find_player(ctx.conn, userid)?.ok_or_else(wrong)?;
            return not_locked(ctx, player, refuse);
        }
        Credential::Password(password) => password,
    };
    if let Some(until) = guard::locked_until(ctx.conn, userid, ctx.from, ctx.now)? {
        let until = crate::clock::utc_text(until);
        return Err(refuse(Refusal::PasswordsLocked { until }));
    }
    let player = store::find_player(ctx.conn, userid)?;
    let proven = player.as_ref().is_some_and(|player| {
        ctx.prechecked.matches(
            &player.userid,
            password,
            &player.password_hash,
            ctx.passwords,
        )
    });
    // A proven password is judged as a new one would be, so its owner
    // can be told once that it is weak.
    let weakness = player
        .as_ref()
        .filter(|_| proven)
        .and_then(|player| strength::check(&player.userid, password).err());
    ctx.attempts.borrow_mut().push(Attempt {
        userid: player
            .as_ref()
            .map_or_else(|| userid.to_string(), |player| player.userid.clone()),
        proven,
        weakness,
    });
    match player {
        // An account no address of which is confirmed does nothing yet.
        Some(player) if proven && player.addresses.is_empty() => {
            Err(refuse(Refusal::Unconfirmed {
                userid: player.userid,
                own: true,
            }))
        }
        Some(player) if proven => not_locked(ctx, player, refuse),
        _ => Err(wrong()),
    }
}

/// The player proven, unless the operator has locked his account: then
/// every command of his is refused (told only once he is proven, so a
/// stranger learns nothing of the lock).
fn not_locked(
    ctx: &Context<'_>,
    player: Player,
    refuse: impl Fn(Refusal) -> Failure,
) -> Result<Player, Failure> {
    match store::security::account_locked_since(ctx.conn, &player.userid)? {
        Some(_) => Err(refuse(Refusal::AccountLocked {
            userid: player.userid,
        })),
        None => Ok(player),
    }
}

/// Refused when the host will not start a game with `player` or pass
/// him a message: no address of his is confirmed, his account is locked,
/// or every address it has is blocked.
pub(crate) fn reachable(ctx: &Context<'_>, player: &Player) -> Result<(), Failure> {
    // A robot has no address and needs none; anyone else with no confirmed
    // address cannot be mailed a board or a message yet.
    if player.addresses.is_empty() && store::robot_level(ctx.conn, &player.userid)?.is_none() {
        return Err(refused(Refusal::Unconfirmed {
            userid: player.userid.clone(),
            own: false,
        }));
    }
    let locked = store::security::account_locked_since(ctx.conn, &player.userid)?.is_some();
    let mut blocked = !player.addresses.is_empty();
    for address in &player.addresses {
        blocked &= store::security::blocked_by(ctx.conn, &ctx.flood.mailboxes, address)?.is_some();
    }
    if locked || blocked {
        return Err(refused(Refusal::Unreachable {
            userid: player.userid.clone(),
        }));
    }
    Ok(())
}
