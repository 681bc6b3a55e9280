//! Which words may be userids: short words that fit in subjects and
//! commands, that no game is called, and that no robot could take.

use crate::games::GameKind;

/// The longest userid, in characters.
pub const MAX_LENGTH: usize = 24;

/// Whether `userid` is the name of a robot or one a later robot could
/// take: `robot` alone or followed by digits, in any case. Robots get
/// their accounts from the host, never by `signup`.
pub fn is_robot_name(userid: &str) -> bool {
    let lower = userid.to_ascii_lowercase();
    lower
        .strip_prefix("robot")
        .is_some_and(|digits| digits.chars().all(|c| c.is_ascii_digit()))
}

/// Whether a player may sign up as `userid`: 1 to 24 letters, digits,
/// `.`, `_` or `-`, starting with a letter, neither a game's name nor a
/// robot's.
pub fn may_sign_up_as(userid: &str) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

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
