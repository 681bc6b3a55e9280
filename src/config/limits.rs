//! `[limits]`: how much one sender can make the host send to others.

use crate::host::model::limits::Limits;
use crate::store::MailboxRule;
use serde::Deserialize;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LimitsSection {
    max_comment_bytes: Option<usize>,
    accounts_per_address: Option<usize>,
    stranger_answers_per_hour: Option<u32>,
    open_challenges_per_opponent: Option<usize>,
    open_challenges: Option<usize>,
    boards_per_day: Option<usize>,
    robot_boards: Option<usize>,
    subscriptions_per_player: Option<usize>,
    observers_per_board: Option<usize>,
    confirmations_per_day: Option<usize>,
    errors_in_a_row: Option<usize>,
    error_quiet_minutes: Option<usize>,
    event_news_per_hour: Option<usize>,
    mails_per_sender_per_hour: Option<usize>,
    dotless_domains: Option<Vec<String>>,
}

/// The value given (or the default), refused outside `low..=high` with
/// the key's full name.
fn within(
    key: &'static str,
    given: Option<usize>,
    default: usize,
    (low, high): (usize, usize),
) -> Result<usize, (&'static str, String)> {
    let value = given.unwrap_or(default);
    if !(low..=high).contains(&value) {
        return Err((key, format!("{value} is out of range: use {low} to {high}")));
    }
    Ok(value)
}

/// The domains given, each a plain domain name (`gmail.com`), or the
/// default ones.
fn mailbox_rule(given: Option<&[String]>) -> Result<MailboxRule, (&'static str, String)> {
    let Some(domains) = given else {
        return Ok(MailboxRule::default());
    };
    for domain in domains {
        let name = domain.trim();
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || c == '.' || c == '-');
        if !plain {
            return Err((
                "limits.dotless_domains",
                format!("{domain:?} is no domain: name each as \"gmail.com\""),
            ));
        }
    }
    Ok(MailboxRule::new(domains))
}

pub(super) fn limits(section: &LimitsSection) -> Result<Limits, (&'static str, String)> {
    let d = Limits::default();
    // Each key: its value given or the default, within its range.
    macro_rules! key {
        ($name:ident, $range:expr) => {
            within(
                concat!("limits.", stringify!($name)),
                section.$name,
                d.$name,
                $range,
            )?
        };
    }
    let answers = section.stranger_answers_per_hour.map(|n| n as usize);
    Ok(Limits {
        max_comment_bytes: key!(max_comment_bytes, (256, 1024 * 1024)),
        accounts_per_address: key!(accounts_per_address, (1, 100)),
        stranger_answers_per_hour: within(
            "limits.stranger_answers_per_hour",
            answers,
            d.stranger_answers_per_hour as usize,
            (1, 1_000_000),
        )? as u32,
        open_challenges_per_opponent: key!(open_challenges_per_opponent, (1, 1000)),
        open_challenges: key!(open_challenges, (1, 100_000)),
        boards_per_day: key!(boards_per_day, (1, 100_000)),
        robot_boards: key!(robot_boards, (0, 10_000)),
        subscriptions_per_player: key!(subscriptions_per_player, (1, 100_000)),
        observers_per_board: key!(observers_per_board, (1, 100_000)),
        confirmations_per_day: key!(confirmations_per_day, (1, 1000)),
        errors_in_a_row: key!(errors_in_a_row, (2, 10_000)),
        error_quiet_minutes: key!(error_quiet_minutes, (1, 7 * 24 * 60)),
        event_news_per_hour: key!(event_news_per_hour, (1, 1000)),
        mails_per_sender_per_hour: key!(mails_per_sender_per_hour, (1, 1_000_000)),
        mailboxes: mailbox_rule(section.dotless_domains.as_deref())?,
    })
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    #[test]
    fn limits_are_read_and_checked_by_name() {
        let config = Config::from_toml(
            "[limits]\nmax_comment_bytes = 1000\naccounts_per_address = 1\n\
             stranger_answers_per_hour = 5\nopen_challenges_per_opponent = 1\n\
             open_challenges = 7\nboards_per_day = 8\nrobot_boards = 0\n\
             subscriptions_per_player = 9\nobservers_per_board = 11\n\
             confirmations_per_day = 2\nerrors_in_a_row = 4\n\
             error_quiet_minutes = 30\nevent_news_per_hour = 2\n\
             mails_per_sender_per_hour = 40\ndotless_domains = [\"Example.NET\"]\n",
            None,
        )
        .unwrap();
        let flood = &config.host.flood;
        assert_eq!(flood.max_comment_bytes, 1000);
        assert_eq!(flood.accounts_per_address, 1);
        assert_eq!(flood.stranger_answers_per_hour, 5);
        assert_eq!(flood.open_challenges_per_opponent, 1);
        assert_eq!(flood.open_challenges, 7);
        assert_eq!(flood.boards_per_day, 8);
        assert_eq!(flood.robot_boards, 0);
        assert_eq!(flood.subscriptions_per_player, 9);
        assert_eq!((flood.errors_in_a_row, flood.error_quiet_minutes), (4, 30));
        assert_eq!(flood.observers_per_board, 11);
        assert_eq!(flood.confirmations_per_day, 2);
        assert_eq!(flood.event_news_per_hour, 2);
        assert_eq!(flood.mails_per_sender_per_hour, 40);
        assert_eq!(flood.mailboxes.dotless_domains(), ["example.net"]);
        let defaults = Config::from_toml("", None).unwrap().host.flood;
        assert_eq!(
            defaults.mailboxes.dotless_domains(),
            ["gmail.com", "googlemail.com"]
        );
        let none = Config::from_toml("[limits]\ndotless_domains = []\n", None).unwrap();
        assert!(none.host.flood.mailboxes.dotless_domains().is_empty());
        for bad in ["\"bob@gmail.com\"", "\"\"", "\"gmail com\"", "\"+x.org\""] {
            let toml = format!("[limits]\ndotless_domains = [{bad}]\n");
            let err = Config::from_toml(&toml, None).unwrap_err();
            assert!(
                err.to_string().contains("limits.dotless_domains"),
                "{bad}: {err}"
            );
        }
        for (key, bad) in [
            ("max_comment_bytes", 10),
            ("accounts_per_address", 0),
            ("open_challenges", 0),
            ("boards_per_day", 0),
            ("confirmations_per_day", 5000),
            ("event_news_per_hour", 0),
            ("mails_per_sender_per_hour", 0),
        ] {
            let toml = format!("[limits]\n{key} = {bad}\n");
            let err = Config::from_toml(&toml, None).unwrap_err();
            assert!(err.to_string().contains(&format!("limits.{key}")), "{err}");
        }
        let err = Config::from_toml("[limits]\nmystery = 1\n", None).unwrap_err();
        assert!(err.to_string().contains("mystery"), "{err}");
    }
}
