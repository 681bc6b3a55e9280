//! The switches an event's games are played with (a time control, the
//! game's own), changed word by word: a switch given anew replaces only
//! the old one of its name, so a change says what it changes and
//! nothing else goes.

/// The name a switch is known by: `--forfeittime=9` is `--forfeittime`,
/// `-list:nbNBrRQK` is `-list`, and `-rated` and `-unrated` are both
/// `-rated`.
pub(crate) fn name(switch: &str) -> String {
    let lower = switch.to_ascii_lowercase();
    if lower == "-unrated" {
        return "-rated".to_string();
    }
    let end = lower.find([':', '=']).unwrap_or(lower.len());
    lower[..end].to_string()
}

/// `old` with each of `given` in place of the old switch of its name, or
/// added after them when there is none.
pub(crate) fn merged(old: &[String], given: &[String]) -> Vec<String> {
    let mut switches: Vec<String> = old.to_vec();
    for switch in given {
        let named = name(switch);
        match switches.iter().position(|old| name(old) == named) {
            Some(at) => switches[at] = switch.clone(),
            None => switches.push(switch.clone()),
        }
    }
    switches
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_switch_given_anew_replaces_only_the_old_one_of_its_name() {
        let old = words("-unrated --forfeittime=14 -list:nbNBrRQK");
        assert_eq!(
            merged(&old, &words("--forfeittime=9")),
            words("-unrated --forfeittime=9 -list:nbNBrRQK")
        );
        assert_eq!(
            merged(&old, &words("-rated --nagtime=3")),
            words("-rated --forfeittime=14 -list:nbNBrRQK --nagtime=3")
        );
        assert_eq!(name("-LIST:x"), "-list");
        assert_eq!(name("-unrated"), name("-rated"));
    }
}
