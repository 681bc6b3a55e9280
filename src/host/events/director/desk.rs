//! Where a director's work is carried out: the store, the settings, the
//! replays, who acts and when; below every event whose verbs rule.

use crate::host::competition::CompetitionSettings;
use crate::host::model::replays::Replays;
use crate::host::request::Context;
use rusqlite::Connection;

/// Where a director's work is carried out: the store, the settings, the
/// replays, who acts (a userid, or `operator`) and when.
pub struct Desk<'a> {
    pub conn: &'a Connection,
    pub competition: &'a CompetitionSettings,
    pub replays: &'a Replays,
    pub actor: &'a str,
    pub now: i64,
}

/// The desk of a command handled with `ctx`, for `actor`.
pub fn desk<'a>(ctx: &'a Context<'a>, actor: &'a str) -> Desk<'a> {
    Desk {
        conn: ctx.conn,
        competition: ctx.competition,
        replays: ctx.replays,
        actor,
        now: ctx.now,
    }
}
