//! One player's clock on one board: whether his turn's time runs, how
//! much of the turn he has used, what is left in his bank, and when he
//! was last reminded. Times are seconds since the epoch; a turn's
//! "elapsed" time counts only while the clock runs, so a pause or a
//! vacation moves every deadline on.

use crate::games::Side;
use crate::rules::time_control::{TimeControl, DAY};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SideClock {
    /// It is his turn (his clock may still be stopped by a pause).
    pub(crate) to_move: bool,
    /// When the clock last started running; `None` while stopped.
    pub(crate) running_since: Option<i64>,
    /// Seconds of this turn used before `running_since`.
    pub(crate) used: i64,
    /// Seconds left in his bank at the start of this turn.
    pub(crate) bank: Option<i64>,
    /// The elapsed time of this turn at which he was last reminded.
    pub(crate) nagged: Option<i64>,
}

/// When a player is reminded that a board waits for him.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) enum Reminders {
    /// One when the nag time is reached, then one a day until the forfeit.
    #[default]
    Nag,
    /// This long before the deadline, each (seconds, longest first).
    Before(Vec<i64>),
    Off,
}

/// What a clock's time calls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Due {
    Forfeit,
    Nag,
}

impl SideClock {
    /// A clock at the start of a game under `control`.
    pub(crate) fn new(control: &TimeControl) -> SideClock {
        SideClock {
            bank: control.bank.map(|bank| bank.initial),
            ..SideClock::default()
        }
    }

    /// Seconds of this turn used by `now`.
    pub(crate) fn elapsed(&self, now: i64) -> i64 {
        self.used + self.running_since.map_or(0, |since| (now - since).max(0))
    }

    /// The longest this turn may last, if there is a limit.
    pub(crate) fn limit(&self, control: &TimeControl) -> Option<i64> {
        match (control.per_move, self.bank) {
            (Some(per_move), Some(bank)) => Some(per_move.min(bank)),
            (limit, None) | (None, limit) => limit,
        }
    }

    /// Seconds left of this turn at `now`.
    pub(crate) fn left(&self, control: &TimeControl, now: i64) -> Option<i64> {
        self.limit(control)
            .map(|limit| (limit - self.elapsed(now)).max(0))
    }

    /// When the turn runs out, if the clock runs and there is a limit.
    pub(crate) fn deadline(&self, control: &TimeControl) -> Option<i64> {
        let since = self.running_since?;
        Some(since + self.limit(control)? - self.used)
    }

    /// The elapsed time of this turn at which the next reminder is due.
    fn next_nag_elapsed(&self, control: &TimeControl, reminders: &Reminders) -> Option<i64> {
        let after = self.nagged.unwrap_or(-1);
        let limit = self.limit(control);
        let next = match reminders {
            Reminders::Off => None,
            Reminders::Nag => {
                let first = control.nag_after;
                Some(if after < first {
                    first
                } else {
                    first + ((after - first) / DAY + 1) * DAY
                })
            }
            Reminders::Before(offsets) => {
                let limit = limit?;
                offsets
                    .iter()
                    .map(|offset| (limit - offset).max(0))
                    .filter(|at| *at > after)
                    .min()
            }
        };
        next.filter(|at| limit.is_none_or(|limit| *at < limit))
    }

    /// When a timer of this clock is next due, and for what; `None` while
    /// it is stopped.
    pub fn due(&self, control: &TimeControl, reminders: &Reminders) -> Option<(i64, Due)> {
        let since = self.running_since?;
        let wall = |elapsed: i64| since + elapsed - self.used;
        let forfeit = self.limit(control).map(|limit| (wall(limit), Due::Forfeit));
        let nag = self
            .next_nag_elapsed(control, reminders)
            .map(|at| (wall(at), Due::Nag));
        match (forfeit, nag) {
            (Some(forfeit), Some(nag)) if nag.0 < forfeit.0 => Some(nag),
            (Some(forfeit), _) => Some(forfeit),
            (None, nag) => nag,
        }
    }

    /// A reminder was sent at `now`: the next one is the first scheduled
    /// after now, so a host that was down sends one, not a backlog.
    pub(crate) fn nag_sent(&mut self, now: i64) {
        self.nagged = Some(self.elapsed(now));
    }

    /// His turn begins at `now`; `stopped` when a pause or his vacation
    /// holds the clock.
    pub(crate) fn start_turn(&mut self, now: i64, stopped: bool) {
        self.to_move = true;
        self.used = 0;
        self.nagged = None;
        self.running_since = (!stopped).then_some(now);
    }

    /// His turn ends at `now`: what it used leaves the bank, the
    /// increment comes in, up to the cap.
    pub(crate) fn end_turn(&mut self, control: &TimeControl, now: i64) {
        let spent = self.elapsed(now);
        if let (Some(bank), Some(rule)) = (self.bank, control.bank) {
            let left = bank - spent + rule.increment;
            self.bank = Some(rule.cap.map_or(left, |cap| left.min(cap)));
        }
        self.to_move = false;
        self.running_since = None;
        self.used = 0;
        self.nagged = None;
    }

    /// Stops the clock at `now` (a pause, a vacation), keeping what the
    /// turn used.
    pub(crate) fn stop(&mut self, now: i64) {
        if let Some(since) = self.running_since.take() {
            self.used += (now - since).max(0);
        }
    }

    /// Starts a stopped clock again at `now`, if it is his turn.
    pub(crate) fn resume(&mut self, now: i64) {
        if self.to_move && self.running_since.is_none() {
            self.running_since = Some(now);
        }
    }
}

/// A board's time control and its two clocks, White's first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BoardClocks {
    pub(crate) control: TimeControl,
    pub(crate) sides: [SideClock; 2],
}

fn side_index(side: Side) -> usize {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

impl BoardClocks {
    pub(crate) fn side(&self, side: Side) -> &SideClock {
        &self.sides[side_index(side)]
    }

    pub(crate) fn side_mut(&mut self, side: Side) -> &mut SideClock {
        &mut self.sides[side_index(side)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::time_control::HOUR;

    const T0: i64 = 1_800_000_000;

    fn running(control: &TimeControl) -> SideClock {
        let mut clock = SideClock::new(control);
        clock.start_turn(T0, false);
        clock
    }

    #[test]
    fn the_default_nags_at_seven_days_then_daily_and_forfeits_at_twenty_one() {
        let control = TimeControl::default();
        let mut clock = running(&control);
        assert_eq!(
            clock.due(&control, &Reminders::Nag),
            Some((T0 + 7 * DAY, Due::Nag))
        );
        clock.nag_sent(T0 + 7 * DAY);
        assert_eq!(
            clock.due(&control, &Reminders::Nag),
            Some((T0 + 8 * DAY, Due::Nag))
        );
        // Down for a week: one nag on return, the next a day after the
        // schedule's next slot.
        clock.nag_sent(T0 + 15 * DAY + HOUR);
        assert_eq!(
            clock.due(&control, &Reminders::Nag),
            Some((T0 + 16 * DAY, Due::Nag))
        );
        clock.nag_sent(T0 + 20 * DAY);
        assert_eq!(
            clock.due(&control, &Reminders::Nag),
            Some((T0 + 21 * DAY, Due::Forfeit))
        );
    }

    #[test]
    fn a_players_own_reminders_come_before_the_deadline() {
        let control = TimeControl::default();
        let mut clock = running(&control);
        let mine = Reminders::Before(vec![3 * DAY, DAY, 4 * HOUR]);
        assert_eq!(clock.due(&control, &mine), Some((T0 + 18 * DAY, Due::Nag)));
        clock.nag_sent(T0 + 18 * DAY);
        assert_eq!(clock.due(&control, &mine), Some((T0 + 20 * DAY, Due::Nag)));
        clock.nag_sent(T0 + 20 * DAY);
        assert_eq!(
            clock.due(&control, &mine),
            Some((T0 + 21 * DAY - 4 * HOUR, Due::Nag))
        );
        assert_eq!(
            clock.due(&control, &Reminders::Off),
            Some((T0 + 21 * DAY, Due::Forfeit))
        );
    }

    #[test]
    fn a_fischer_bank_pays_the_increment_up_to_the_cap() {
        let control = TimeControl::default()
            .with_options(["--time=30d+1d/31d"])
            .unwrap();
        let mut clock = running(&control);
        clock.end_turn(&control, T0 + 2 * DAY);
        assert_eq!(clock.bank, Some(29 * DAY));
        clock.start_turn(T0 + 3 * DAY, false);
        clock.end_turn(&control, T0 + 3 * DAY + HOUR);
        assert_eq!(clock.bank, Some(30 * DAY - HOUR));
        clock.start_turn(T0 + 4 * DAY, false);
        clock.end_turn(&control, T0 + 4 * DAY);
        assert_eq!(clock.bank, Some(31 * DAY - HOUR));
        clock.start_turn(T0 + 4 * DAY, false);
        clock.end_turn(&control, T0 + 4 * DAY);
        assert_eq!(clock.bank, Some(31 * DAY), "capped");
        clock.start_turn(T0 + 5 * DAY, false);
        assert_eq!(clock.deadline(&control), Some(T0 + 36 * DAY));
    }

    #[test]
    fn a_stopped_clock_moves_the_deadline_on() {
        let control = TimeControl::default();
        let mut clock = running(&control);
        clock.stop(T0 + 5 * DAY);
        assert_eq!(clock.due(&control, &Reminders::Nag), None);
        assert_eq!(clock.left(&control, T0 + 50 * DAY), Some(16 * DAY));
        clock.resume(T0 + 10 * DAY);
        assert_eq!(clock.deadline(&control), Some(T0 + 26 * DAY));
    }
}
