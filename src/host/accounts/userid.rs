//! Which words may be userids: short words that fit in subjects and
//! commands, that no game is called, and that no robot could take.

use crate::games::GameKind;

/// The longest userid, in characters.
pub(crate) const MAX_LENGTH: usize = 24;

/// Whether `userid` is the name of a robot or one a later robot could
/// take: `robot` alone or followed by digits, in any case. Robots get
/// their accounts from the host, never by `signup`.
pub(crate) fn is_robot_name(userid: &str) -> bool {
    let lower = userid.to_ascii_lowercase();
    lower
        .strip_prefix("robot")
        .is_some_and(|digits| digits.chars().all(|c| c.is_ascii_digit()))
}

/// Whether a player may sign up as `userid`: 1 to 24 letters, digits,
/// `.`, `_` or `-`, starting with a letter, neither a game's name nor a
/// robot's.
pub(crate) fn may_sign_up_as(userid: &str) -> bool {
    !userid.is_empty()
        && userid.len() <= MAX_LENGTH
        && userid
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        && userid
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        && GameKind::from_name(userid).is_none()
        && !is_robot_name(userid)
}

/// Names that speak for the host or its operator, in lower case: no
/// player signs up as one (accounts that have one already keep working).
pub(crate) const RESERVED: &[&str] = &[
    "pbem",
    "postmaster",
    "abuse",
    "root",
    "admin",
    "administrator",
    "hostmaster",
    "webmaster",
    "mailer-daemon",
    "nobody",
    // The actors an event's log names besides players.
    "operator",
    "host",
];

/// Whether `userid` is reserved for the host: one of [`RESERVED`], a
/// robot's, or the local part of the host's own address (`host_address`).
pub(crate) fn is_reserved(userid: &str, host_address: &str) -> bool {
    let local = host_address
        .rsplit_once('@')
        .map_or(host_address, |(local, _)| local);
    RESERVED
        .iter()
        .any(|name| name.eq_ignore_ascii_case(userid))
        || is_robot_name(userid)
        || local.trim().eq_ignore_ascii_case(userid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hosts_own_names_are_reserved_in_any_case() {
        for name in ["pbem", "Postmaster", "ABUSE", "root", "mailer-daemon"] {
            assert!(is_reserved(name, "games@example.org"), "{name}");
        }
        assert!(is_reserved("Games", "games@example.org"));
        assert!(is_reserved("robot7", "games@example.org"));
        assert!(!is_reserved("alice", "games@example.org"));
        assert!(!is_reserved("postmasters", "games@example.org"));
    }

    #[test]
    fn robots_names_and_names_a_robot_could_take_are_reserved() {
        for name in ["robot", "robot1", "Robot3", "ROBOT4", "robot42"] {
            assert!(is_robot_name(name) && !may_sign_up_as(name), "{name}");
        }
        for name in ["robotics", "robot-fan", "alice", "bob.robot1"] {
            assert!(!is_robot_name(name), "{name}");
        }
        assert!(may_sign_up_as("robotics"));
        assert!(!may_sign_up_as("chess"));
        assert!(!may_sign_up_as("1alice"));
        assert!(!may_sign_up_as(&"a".repeat(MAX_LENGTH + 1)));
    }
}
