//! A player's time away and his reminders: `vacation` and `remind`.

use super::{authenticate, refused, Context, Handled};
use crate::host::clocks;
use crate::host::clocks::vacation;
use crate::host::model::command::Credential;
use crate::host::model::notice::{Answer, Notice};
use crate::host::model::refusal::Refusal;
use crate::rules::time_control as control;
use crate::store;
use chrono::NaiveDate;

/// `vacation userid password on [until YYYY-MM-DD] | off`.
pub(crate) fn vacation(
    ctx: &Context<'_>,
    userid: &str,
    password: &str,
    on: Option<Option<String>>,
) -> Handled {
    let credential = Credential::Password(password.to_string());
    let player = authenticate(ctx, userid, &credential, None)?;
    let userid = player.userid;
    let allowance = ctx.clock_defaults.vacation_days;
    let current = vacation::current(ctx.conn, &userid, ctx.now)?;
    let Some(until) = on else {
        if current.since.is_none() {
            return Err(refused(Refusal::NotOnVacation { userid }));
        }
        let mut notices = vacation::finish(ctx.conn, &userid, ctx.now)?;
        let after = vacation::current(ctx.conn, &userid, ctx.now)?;
        notices.insert(
            0,
            Notice::Answer(Answer::Vacation {
                userid,
                on: false,
                ends: None,
                days_left: vacation::days_left(&after, allowance, ctx.now),
            }),
        );
        return Ok(notices);
    };
    if current.since.is_some() {
        return Err(refused(Refusal::AlreadyOnVacation { userid }));
    }
    let days_left = vacation::days_left(&current, allowance, ctx.now);
    if days_left == 0 {
        return Err(refused(Refusal::NoVacationLeft { allowance }));
    }
    let until = match until {
        None => None,
        Some(text) => {
            let date = NaiveDate::parse_from_str(&text, "%Y-%m-%d")
                .ok()
                .and_then(|date| date.and_hms_opt(0, 0, 0))
                .map(|midnight| midnight.and_utc().timestamp())
                .filter(|moment| *moment > ctx.now);
            match date {
                Some(moment) => Some(moment),
                None => return Err(refused(Refusal::BadVacationDate { text })),
            }
        }
    };
    let (started, mut notices) = vacation::begin(ctx.conn, &userid, until, allowance, ctx.now)?;
    notices.insert(
        0,
        Notice::Answer(Answer::Vacation {
            userid,
            on: true,
            ends: started.ends,
            days_left,
        }),
    );
    Ok(notices)
}

/// `remind userid password 3d 1d 4h | off | default`.
pub(crate) fn remind(
    ctx: &Context<'_>,
    userid: &str,
    password: &str,
    schedule: &[String],
) -> Handled {
    let credential = Credential::Password(password.to_string());
    let player = authenticate(ctx, userid, &credential, None)?;
    let stored = match schedule {
        [word] if word.eq_ignore_ascii_case("off") => Some("off".to_string()),
        [word] if word.eq_ignore_ascii_case("default") => None,
        lengths => {
            let mut seconds = Vec::new();
            for word in lengths {
                let length = control::parse_length(word).map_err(|reason| {
                    refused(Refusal::BadReminder {
                        word: word.clone(),
                        reason,
                    })
                })?;
                seconds.push(length);
            }
            seconds.sort_unstable_by(|a, b| b.cmp(a));
            seconds.dedup();
            let words: Vec<String> = seconds.into_iter().map(control::length_text).collect();
            Some(words.join(" "))
        }
    };
    store::set_reminders(ctx.conn, &player.userid, stored.as_deref())?;
    // Each of his clocks is due again by the new schedule.
    for id in store::active_boards_of(ctx.conn, &player.userid)? {
        if let Some(record) = store::load_game(ctx.conn, id)? {
            if let Some(clocks) = crate::host::model::replays::load_clocks(ctx.conn, &record)? {
                clocks::save(ctx.conn, &record, &clocks)?;
            }
        }
    }
    Ok(vec![Notice::Answer(Answer::Reminders {
        userid: player.userid,
        schedule: stored,
    })])
}
