//! The switches of a challenge (and of an event's rules) that are the
//! host's, not the game's: rated or not, a ladder, the time control.

use super::{refused, Context, Failure};
use crate::games::GameKind;
use crate::host::competition::board::{self, NewBoard};
use crate::host::model::command::PASSWORD_SWITCH;
use crate::host::model::refusal::Refusal;
use crate::host::model::replays;

/// The host's own challenge switches, split from the game's.
pub(crate) struct HostSwitches {
    pub(crate) rated: bool,
    /// A ladder challenge: `-ladder` (the default ladder, the empty
    /// name) or `-ladder:NAME`.
    pub(crate) ladder: Option<String>,
    pub(crate) options: Vec<String>,
    pub(crate) game: Vec<String>,
}

/// The challenge's switches split into the host's and the game's; the
/// time options are checked by reading them over the host's default
/// control for the game, and kept as the control they make, so a change
/// of the defaults later leaves running boards as they began.
pub(crate) fn split_switches(
    ctx: &Context<'_>,
    kind: GameKind,
    switches: &[String],
) -> Result<HostSwitches, Failure> {
    split_switches_naming(ctx, kind, switches, switches)
}

/// As [`split_switches`], where only `named` were written now (a change
/// of an event's rules, the rest kept from before): a reminder kept from
/// before moves, as the default one does, to come in time before a
/// shorter limit now named.
pub(crate) fn split_switches_naming(
    ctx: &Context<'_>,
    kind: GameKind,
    switches: &[String],
    named: &[String],
) -> Result<HostSwitches, Failure> {
    let mut split = HostSwitches {
        rated: true,
        ladder: None,
        options: Vec::new(),
        game: Vec::new(),
    };
    for switch in switches {
        let lower = switch.to_lowercase();
        if lower.starts_with(PASSWORD_SWITCH) {
            // The challenger's password: checked, never kept.
            continue;
        } else if lower == "-rated" {
            split.rated = true;
        } else if lower == "-unrated" {
            split.rated = false;
        } else if let Some(name) = ladder_switch(switch) {
            split.ladder = Some(name);
        } else if lower.starts_with("--") {
            split.options.push(lower);
        } else {
            split.game.push(switch.clone());
        }
    }
    let mut control = ctx.clock_defaults.control(kind);
    for option in &split.options {
        control = control.with_options([option.as_str()]).map_err(|reason| {
            refused(Refusal::BadHostOption {
                switch: option.clone(),
                reason,
            })
        })?;
    }
    if split.ladder.is_some() && control.per_move.is_none() {
        // An unanswered ladder challenge must be lost in the end.
        control.per_move = Some(ctx.competition.ladders.forfeit_after);
    }
    let nag_given = named
        .iter()
        .any(|o| o.to_ascii_lowercase().starts_with("--nagtime="));
    if let Some(limit) = control
        .per_move
        .filter(|limit| !nag_given && *limit <= control.nag_after)
    {
        // A limit per move shorter than the default reminder: the
        // reminder comes halfway, so it still comes.
        let hour = crate::rules::time_control::HOUR;
        control.nag_after = (limit / 2 / hour * hour).max(hour);
    }
    control.check().map_err(|reason| {
        refused(Refusal::BadHostOption {
            switch: split.options.join(" "),
            reason,
        })
    })?;
    split.options = control.options();
    Ok(split)
}

/// The ladder a switch names: `-ladder` the default one (the empty
/// name), `-ladder:NAME` a named one; `None` for any other switch.
pub(crate) fn ladder_switch(switch: &str) -> Option<String> {
    let lower = switch.to_ascii_lowercase();
    if lower == "-ladder" {
        return Some(String::new());
    }
    lower
        .starts_with("-ladder:")
        .then(|| switch["-ladder:".len()..].to_string())
}

/// A new board between two players with the host's and the game's
/// switches, its clocks started.
pub(crate) fn new_board(
    ctx: &Context<'_>,
    kind: GameKind,
    white: &str,
    black: &str,
    split: &HostSwitches,
) -> Result<replays::LiveGame, Failure> {
    let game = kind.new_game(&split.game).map_err(|err| {
        refused(Refusal::BadSwitches {
            game: kind,
            reason: err,
        })
    })?;
    let board = NewBoard {
        kind,
        white,
        black,
        rated: split.rated,
        options: &split.options,
        switches: &game.switches(),
    };
    let live = board::begin(ctx.conn, ctx.replays, &board, ctx.now)?;
    Ok(live)
}
